/* Guest side of the synchronisation benchmark: the best ns (of 20 runs) per uncontended
 * pthread_mutex_lock + pthread_mutex_unlock of several runs, and the ns per round trip of a
 * condition-variable ping-pong between two threads. */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>

#define PAIRS 2000000
#define ROUNDS 50000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int turn;
static void *pong(void *arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    while (turn != 1) pthread_cond_wait(&cond, &lock);
    turn = 0;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(void) {
  double f = (double)sceKernelGetTscFrequency();
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  double best = 1e30;
  for (int run = 0; run < 20; run++) {
    uint64_t t0 = sceKernelReadTsc();
    for (int i = 0; i < PAIRS; i++) {
      pthread_mutex_lock(&m);
      pthread_mutex_unlock(&m);
    }
    uint64_t t1 = sceKernelReadTsc();
    double ns = (double)(t1 - t0) * 1e9 / f / PAIRS;
    if (ns < best) best = ns;
  }
  printf("guest_mutex_ns %.4f\n", best);

  pthread_t t;
  if (pthread_create(&t, NULL, pong, NULL) != 0) return 1;
  uint64_t t0 = sceKernelReadTsc();
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    turn = 1;
    pthread_cond_signal(&cond);
    while (turn != 0) pthread_cond_wait(&cond, &lock);
    pthread_mutex_unlock(&lock);
  }
  uint64_t t1 = sceKernelReadTsc();
  pthread_join(t, NULL);
  printf("guest_pingpong_ns %.1f\n", (double)(t1 - t0) * 1e9 / f / ROUNDS);
  return 0;
}
