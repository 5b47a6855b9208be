/* Unbounded recursion in a pthread (64 KiB system stack) runs into the guard page the
 * system put below that stack: the report names it and the process exits with 134. */
#include <pthread.h>
#include <stdio.h>

static int recurse(volatile char *parent, int depth) {
  volatile char frame[4096];
  frame[0] = (char)depth;
  return recurse(frame, depth + 1) + frame[0] + (parent ? parent[0] : 0);
}

static void *run(void *p) { return (void *)(long)recurse(p, 0); }

int main(void) {
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setstacksize(&a, 64 * 1024);
  pthread_t t;
  printf("recursing in a thread\n");
  fflush(stdout);
  if (pthread_create(&t, &a, run, NULL) != 0) return 1;
  pthread_join(t, NULL);
  printf("not reached\n");
  return 0;
}
