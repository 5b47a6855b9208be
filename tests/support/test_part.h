/* Splitting one long device test into several ctest entries (PARTS n of
 * prospero_gpu_shader_test, cmake/Prospero.cmake): each entry runs the same binary with
 * PROSPERO_TEST_PART="i/n" and takes every n-th unit of work starting at the i-th, so the
 * parts run side by side under `ctest -j` and each stays well inside its timeout. Without the
 * variable (a developer running the binary by hand) every unit runs. Header-only: one counter
 * per test binary. */
#ifndef PROSPERO_TEST_PART_H
#define PROSPERO_TEST_PART_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* Parses PROSPERO_TEST_PART into *index (0-based) and *count; false (all work) when absent.
 * A malformed value aborts the test: a part that silently ran everything or nothing would
 * hide work. */
static inline bool test_part_get(unsigned *index, unsigned *count) {
  const char *s = getenv("PROSPERO_TEST_PART");
  if (!s || !*s) return false;
  unsigned i = 0, n = 0;
  char tail;
  if (sscanf(s, "%u/%u%c", &i, &n, &tail) != 2 || n == 0 || i == 0 || i > n) {
    fprintf(stderr, "PROSPERO_TEST_PART=\"%s\": expected \"i/n\" with 1 <= i <= n\n", s);
    abort();
  }
  *index = i - 1;
  *count = n;
  return true;
}

/* True when unit UNIT (0, 1, 2, ... in the same order in every part) belongs to this part. */
static inline bool test_part_owns(unsigned unit) {
  unsigned index, count;
  return !test_part_get(&index, &count) || unit % count == index;
}

/* True when the next unit of work belongs to this part (call once per unit, in the same
 * order in every part). */
static inline bool test_part_mine(void) {
  static unsigned next;
  return test_part_owns(next++);
}

/* True in the first part (or when not split): work that runs once, e.g. cheap checks. */
static inline bool test_part_first(void) {
  unsigned index, count;
  return !test_part_get(&index, &count) || index == 0;
}

#endif
