/* The main thread's priority from the process param (see CMakeLists.txt). */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>

/* the console SDK's name: the crt's process param points at it */
unsigned int sceUserMainThreadPriority = 300;

static int failures;

static void check(const char *what, long got, long want) {
  if (got == want) {
    printf("%s: ok\n", what);
  } else {
    printf("%s: got %ld, want %ld\n", what, got, want);
    failures++;
  }
}

static int child_prio;

static void *report(void *p) {
  scePthreadGetprio(scePthreadSelf(), &child_prio);
  return p;
}

int main(void) {
  int prio = 0;
  check("scePthreadGetprio of the main thread", scePthreadGetprio(scePthreadSelf(), &prio), 0);
  check("  the process param's priority", prio, 300);
  /* a thread with the default attributes inherits it */
  ScePthread t;
  check("create inheriting", scePthreadCreate(&t, NULL, report, NULL, "child"), 0);
  check("join", scePthreadJoin(t, NULL), 0);
  check("  inherited priority", child_prio, 300);
  /* and the main thread's priority can change like any other's */
  check("setprio of the main thread", scePthreadSetprio(scePthreadSelf(), 700), 0);
  check("  reads back", (scePthreadGetprio(scePthreadSelf(), &prio), prio), 700);
  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures != 0;
}
