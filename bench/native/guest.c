/* Guest side of bench/native: best-of-runs TSC ticks of the kernel, and its checksum. */
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>

#include "native_kernel.h"

int main(void) {
  uint8_t *buf = malloc(NATIVE_BUFFER_SIZE);
  if (!buf) return 1;
  native_fill(buf, NATIVE_BUFFER_SIZE);
  uint64_t best = ~0ull, sum = 0;
  for (int run = 0; run < NATIVE_RUNS; run++) {
    uint64_t t0 = sceKernelReadTsc();
    sum = native_kernel(buf, NATIVE_BUFFER_SIZE, NATIVE_ROUNDS);
    uint64_t t = sceKernelReadTsc() - t0;
    if (t < best) best = t;
  }
  printf("guest_ticks %llu checksum %016llx\n", (unsigned long long)best, (unsigned long long)sum);
  free(buf);
  return 0;
}
