/* Guest threads through raw FreeBSD system calls, as a statically linked libc starts them:
 * thr_new with a struct thr_param (FreeBSD sys/thr.h: start routine, argument, stack, TLS,
 * where to write the thread id), thr_self in the new thread, thr_exit writing 1 to a state
 * word and waking it, _umtx_op WAIT on that word in the creator. Two threads count to a
 * known total with atomic adds; the creator checks what each saw. */
#include <stdio.h>

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

static long raw(long n, long a, long b, long c, long d, long e, int *cf) {
  long r;
  unsigned char f;
  register long r10 __asm__("r10") = d;
  register long r8 __asm__("r8") = e;
  __asm__ volatile("syscall\n setc %1"
                   : "=a"(r), "=r"(f), "+r"(r10), "+r"(r8)
                   : "a"(n), "D"(a), "S"(b), "d"(c)
                   : "rcx", "r11", "r9", "memory", "cc");
  *cf = f;
  return r;
}

struct job {
  long id_seen;       /* thr_self in the thread */
  long child_tid;     /* written by the kernel before the thread runs */
  long parent_tid;
  long state;         /* thr_exit writes 1 */
  int arg_ok;
  unsigned long rsp_ok;
};

static int total;
static char stacks[2][64 * 1024] __attribute__((aligned(16)));
static struct job jobs[2];

static void worker(void *arg) {
  struct job *j = arg;
  int cf;
  char here;
  j->arg_ok = j == &jobs[0] || j == &jobs[1];
  char *lo = stacks[j - jobs];
  j->rsp_ok = (char *)&here >= lo && (char *)&here < lo + sizeof stacks[0];
  raw(432 /* thr_self */, (long)&j->id_seen, 0, 0, 0, 0, &cf);
  for (int i = 0; i < 100000; i++) __atomic_add_fetch(&total, 1, __ATOMIC_RELAXED);
  raw(431 /* thr_exit */, (long)&j->state, 0, 0, 0, 0, &cf);
  for (;;) {
  }
}

int main(void) {
  int cf, failures = 0;
  long me = 0;
  raw(432, (long)&me, 0, 0, 0, 0, &cf);
  for (int i = 0; i < 2; i++) {
    struct thr_param p = {worker, &jobs[i], stacks[i], sizeof stacks[i], 0, 0,
                          &jobs[i].child_tid, &jobs[i].parent_tid, 0, 0, {0, 0, 0}};
    long r = raw(455 /* thr_new */, (long)&p, sizeof p, 0, 0, 0, &cf);
    printf("thr_new %d: %s\n", i, r == 0 && !cf ? "ok" : "FAILED");
    failures += r != 0 || cf;
  }
  for (int i = 0; i < 2; i++) {
    /* _umtx_op(&state, UMTX_OP_WAIT, 0, 0, 0) until thr_exit has written 1 */
    while (__atomic_load_n(&jobs[i].state, __ATOMIC_ACQUIRE) == 0)
      raw(454, (long)&jobs[i].state, 2, 0, 0, 0, &cf);
    struct job *j = &jobs[i];
    int ok = j->arg_ok && j->rsp_ok && j->child_tid > 99999 && j->child_tid == j->parent_tid &&
             j->child_tid == j->id_seen && j->child_tid != me;
    printf("thread %d: ran on its stack with its argument, ids agree: %s\n", i,
           ok ? "ok" : "FAILED");
    failures += !ok;
  }
  printf("threads distinct: %s\n", jobs[0].id_seen != jobs[1].id_seen ? "ok" : "FAILED");
  printf("total %d\n", __atomic_load_n(&total, __ATOMIC_RELAXED));
  return failures;
}
