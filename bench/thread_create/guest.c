/* Guest side of the thread create+join benchmark: the best time per scePthreadCreate +
 * scePthreadJoin of a thread that returns at once, over several runs, with the default
 * attributes (a system-allocated 1 MiB stack with its guard page, TLS, FP defaults). */
#include <kernel.h>
#include <stdio.h>

#define THREADS 300

static void *nothing(void *p) { return p; }

int main(void) {
  double f = (double)sceKernelGetTscFrequency();
  double best = 1e30;
  for (int run = 0; run < 10; run++) {
    uint64_t t0 = sceKernelReadTsc();
    for (int i = 0; i < THREADS; i++) {
      ScePthread t;
      if (scePthreadCreate(&t, NULL, nothing, NULL, "bench") != 0 || scePthreadJoin(t, NULL) != 0) {
        printf("create/join failed\n");
        return 1;
      }
    }
    uint64_t t1 = sceKernelReadTsc();
    double ns = (double)(t1 - t0) * 1e9 / f / THREADS;
    if (ns < best) best = ns;
  }
  printf("guest_ns_per_thread %.1f\n", best);
  return 0;
}
