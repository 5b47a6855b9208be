/* Timing helpers for the tiling benchmarks: best-of-N wall time in seconds. */
#ifndef PROSPERO_BENCH_TILING_COMMON_H
#define PROSPERO_BENCH_TILING_COMMON_H

#include <time.h>

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
