/* Suspending running threads, FreeBSD libthr's pthread_suspend_np (the console's libkernel is
 * libthr): the call returns once the target has stopped; a suspended thread runs nothing until
 * pthread_resume_np (one resume ends any number of suspends); suspending the caller itself is
 * EDEADLK; a thread that has ended is ESRCH. scePthreadSuspend / scePthreadResume are the same
 * with SCE codes (0x80020000 + errno). Threads: one spinning in guest code (a counter), one
 * that sleeps in a loop, one blocked in a condition wait. Prints facts only. */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile unsigned long spins, naps;
static volatile int stop;
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static volatile int go, woke;

static void *spinner(void *arg) {
  (void)arg;
  while (!stop) spins++;
  return NULL;
}

static void *napper(void *arg) {
  (void)arg;
  while (!stop) {
    usleep(1000);
    naps++;
  }
  return NULL;
}

static void *cond_waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mtx);
  while (!go) pthread_cond_wait(&cond, &mtx);
  pthread_mutex_unlock(&mtx);
  woke = 1;
  return NULL;
}

static const char *yn(int v) { return v ? "yes" : "no"; }

/* Counter C moves during 100 ms. */
static int moves(volatile unsigned long *c) {
  unsigned long a = *c;
  usleep(100000);
  return *c != a;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, spinner, NULL);
  printf("spinner runs: %s\n", yn(moves(&spins)));
  printf("pthread_suspend_np: %d\n", pthread_suspend_np(t));
  printf("  stopped while suspended: %s\n", yn(!moves(&spins)));
  printf("pthread_suspend_np again: %d\n", pthread_suspend_np(t));
  printf("pthread_resume_np: %d\n", pthread_resume_np(t));
  printf("  runs again (one resume ends both suspends): %s\n", yn(moves(&spins)));
  printf("scePthreadSuspend: %#x\n", (unsigned)scePthreadSuspend(t));
  printf("  stopped while suspended: %s\n", yn(!moves(&spins)));
  printf("scePthreadResume: %#x\n", (unsigned)scePthreadResume(t));
  printf("  runs again: %s\n", yn(moves(&spins)));
  printf("pthread_resume_np of a running thread: %d\n", pthread_resume_np(t));

  pthread_t n;
  pthread_create(&n, NULL, napper, NULL);
  printf("napper runs: %s\n", yn(moves(&naps)));
  printf("pthread_suspend_np of a sleeping thread: %d\n", pthread_suspend_np(n));
  printf("  stopped while suspended: %s\n", yn(!moves(&naps)));
  printf("pthread_resume_np: %d\n", pthread_resume_np(n));
  printf("  runs again: %s\n", yn(moves(&naps)));

  pthread_t w;
  pthread_create(&w, NULL, cond_waiter, NULL);
  usleep(50000);
  printf("pthread_suspend_np of a thread in pthread_cond_wait: %d\n", pthread_suspend_np(w));
  pthread_mutex_lock(&mtx);
  go = 1;
  pthread_cond_broadcast(&cond);
  pthread_mutex_unlock(&mtx);
  usleep(100000);
  printf("  signalled while suspended, it stays stopped: %s\n", yn(!woke));
  printf("pthread_resume_np: %d\n", pthread_resume_np(w));
  pthread_join(w, NULL);
  printf("  it ran on: %s\n", yn(woke));

  printf("pthread_suspend_np of the caller: %d (EDEADLK: %s)\n", pthread_suspend_np(pthread_self()),
         yn(pthread_suspend_np(pthread_self()) == EDEADLK));
  printf("scePthreadSuspend of the caller: %#x\n", (unsigned)scePthreadSuspend(pthread_self()));

  stop = 1;
  pthread_join(t, NULL);
  pthread_join(n, NULL);
  printf("pthread_suspend_np of a joined thread: %d (ESRCH: %s)\n", pthread_suspend_np(t),
         yn(pthread_suspend_np(t) == ESRCH));
  printf("scePthreadSuspend of a joined thread: %#x\n", (unsigned)scePthreadSuspend(t));
  printf("done\n");
  return 0;
}
