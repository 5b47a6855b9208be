/* The guest tests' checks: one line per check on stdout ("WHAT: ok", or the value got and the
 * value wanted), the failures counted in `failures` for the test's summary and exit status.
 * Included by a test's main.c (one translation unit per guest). */
#ifndef PROSPERO_TESTS_GUEST_CHECK_H
#define PROSPERO_TESTS_GUEST_CHECK_H

#include <stdio.h>

static int failures;

static void check(const char *what, long got, long want) {
  if (got == want) {
    printf("%s: ok\n", what);
  } else {
    printf("%s: got %#lx, want %#lx\n", what, (unsigned long)got, (unsigned long)want);
    failures++;
  }
}

#endif
