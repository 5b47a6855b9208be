/* Skips that ctest can see. Include after <cmocka.h>.
 *
 * cmocka counts a skipped test as neither passed nor failed, and the process exits 0, so a
 * test whose tool (llvm-mc-19, llc-19) or device (a Vulkan driver) is missing would show
 * up as a ctest pass. With this header, skip() also records the skip, and
 * cmocka_run_group_tests() returns TEST_SKIP_EXIT when nothing failed but something was
 * skipped; the test helpers (cmake/Prospero.cmake) register that code as ctest's
 * SKIP_RETURN_CODE, so ctest reports "Not Run (Skipped)" with the printed reason. */
#ifndef PROSPERO_TESTS_SUPPORT_TEST_SKIP_H
#define PROSPERO_TESTS_SUPPORT_TEST_SKIP_H

#include <stdbool.h>

#ifndef cmocka_run_group_tests
#error "include <cmocka.h> before test_skip.h"
#endif

/* The exit status of a test program that skipped something and failed nothing (the
 * autotools convention, also what the cmake helpers pass as SKIP_RETURN_CODE). */
#define TEST_SKIP_EXIT 77

static bool test_skip_seen;

static inline void test_skip_at(const char *file, int line) {
  test_skip_seen = true;
  _skip(file, line);
}

/* failures as cmocka counts them, or TEST_SKIP_EXIT if none and something was skipped */
static inline int test_skip_status(int failures) {
  return failures ? failures : test_skip_seen ? TEST_SKIP_EXIT : 0;
}

#undef skip
#define skip() test_skip_at(__FILE__, __LINE__)

/* Prints why (one line, printf format) and skips the running test. */
#define skip_because(...)            \
  do {                               \
    print_message("SKIP: ");         \
    print_message(__VA_ARGS__);      \
    print_message("\n");             \
    skip();                          \
  } while (0)

#undef cmocka_run_group_tests
#define cmocka_run_group_tests(group, setup, teardown)                                      \
  test_skip_status(_cmocka_run_group_tests(#group, group, sizeof(group) / sizeof((group)[0]), \
                                           setup, teardown))

#endif
