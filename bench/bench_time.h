/* Wall time for benchmarks (CLOCK_MONOTONIC); the benchmarks that measure CPU time
 * (isa, shader_ir) read their own clock. */
#ifndef PROSPERO_BENCH_TIME_H
#define PROSPERO_BENCH_TIME_H

#include <time.h>

static inline double bench_now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline double bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#endif
