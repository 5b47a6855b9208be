/* Guest side of the synchronisation benchmark: the best ns per uncontended
 * pthread_mutex_lock + pthread_mutex_unlock of several runs, and the ns per round trip of a
 * condition-variable ping-pong between two threads (started with raw thr_new until
 * pthread_create exists). */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>

#define PAIRS 10000000
#define ROUNDS 50000

struct thr_param {
  void (*start_func)(void *);
  void *arg;
  char *stack_base;
  unsigned long stack_size;
  char *tls_base;
  unsigned long tls_size;
  long *child_tid;
  long *parent_tid;
  int flags;
  void *rtp;
  void *spare[3];
};

static long raw(long n, long a, long b, long c) {
  long r;
  register long r10 __asm__("r10") = 0;
  register long r8 __asm__("r8") = 0;
  __asm__ volatile("syscall"
                   : "=a"(r), "+r"(r10), "+r"(r8)
                   : "a"(n), "D"(a), "S"(b), "d"(c)
                   : "rcx", "r11", "r9", "memory", "cc");
  return r;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int turn;
static long pong_state, pong_tid;
static char pong_stack[64 * 1024] __attribute__((aligned(16)));

static void pong(void *arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    while (turn != 1) pthread_cond_wait(&cond, &lock);
    turn = 0;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&lock);
  }
  raw(431 /* thr_exit */, (long)&pong_state, 0, 0);
  for (;;) {
  }
}

int main(void) {
  double f = (double)sceKernelGetTscFrequency();
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  double best = 1e30;
  for (int run = 0; run < 5; run++) {
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

  struct thr_param p = {pong, 0, pong_stack, sizeof pong_stack, 0, 0, &pong_tid, 0, 0, 0, {0}};
  if (raw(455 /* thr_new */, (long)&p, sizeof p, 0) != 0) return 1;
  uint64_t t0 = sceKernelReadTsc();
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    turn = 1;
    pthread_cond_signal(&cond);
    while (turn != 0) pthread_cond_wait(&cond, &lock);
    pthread_mutex_unlock(&lock);
  }
  uint64_t t1 = sceKernelReadTsc();
  while (__atomic_load_n(&pong_state, __ATOMIC_ACQUIRE) == 0)
    raw(454 /* _umtx_op */, (long)&pong_state, 2 /* WAIT */, 0);
  printf("guest_pingpong_ns %.1f\n", (double)(t1 - t0) * 1e9 / f / ROUNDS);
  return 0;
}
