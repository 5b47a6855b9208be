/* The one line a benchmark with a goal prints for its figure, in a fixed format that
 * `make bench` (scripts/bench-summary.sh) collects into its summary table:
 *
 *   bench.NAME: FIGURE (goal GOAL): goal met
 *   bench.NAME: FIGURE (goal GOAL): goal NOT met
 *
 * FIGURE is the measured value that answers the benchmark's question (printed first, before
 * the details), GOAL the condition it is held to. A benchmark that cannot measure (a tool or
 * device missing) prints why and exits BENCH_SKIP_EXIT, which ctest reports as a skip. */
#ifndef PROSPERO_BENCH_GOAL_H
#define PROSPERO_BENCH_GOAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#define BENCH_SKIP_EXIT 77

__attribute__((format(printf, 4, 5))) static inline void bench_goal(const char *name, bool met,
                                                                    const char *goal,
                                                                    const char *figure, ...) {
  va_list ap;
  va_start(ap, figure);
  printf("bench.%s: ", name);
  vprintf(figure, ap);
  va_end(ap);
  printf(" (goal %s): goal %s\n", goal, met ? "met" : "NOT met");
  fflush(stdout);
}

#endif
