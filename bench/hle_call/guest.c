/* Guest side of the HLE call benchmark: calls a cheap HLE function (sceKernelGetProcParam,
 * one load) through its import, as a game would, and prints the best ns per call of
 * several runs. */
#include <kernel.h>
#include <stdio.h>

#define CALLS 20000000

int main(void) {
  double f = (double)sceKernelGetTscFrequency();
  double best = 1e30;
  const void *sink = 0;
  for (int run = 0; run < 5; run++) {
    uint64_t t0 = sceKernelReadTsc();
    for (int i = 0; i < CALLS; i++) sink = sceKernelGetProcParam();
    uint64_t t1 = sceKernelReadTsc();
    double ns = (double)(t1 - t0) * 1e9 / f / CALLS;
    if (ns < best) best = ns;
  }
  printf("guest_ns_per_call %.4f (param %s)\n", best, sink ? "set" : "null");
  return 0;
}
