/* tests/support/test_part.h: the parts of a split device test together run every unit
 * exactly once, the first part alone runs the once-only work, no variable means all work, and
 * a malformed PROSPERO_TEST_PART aborts rather than silently running everything or nothing. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "test_part.h"

static void parts_cover_every_unit_once(void **state) {
  (void)state;
  for (unsigned n = 1; n <= 4; n++) {
    unsigned owners[50] = {0};
    unsigned firsts = 0;
    for (unsigned i = 1; i <= n; i++) {
      char v[16];
      snprintf(v, sizeof v, "%u/%u", i, n);
      setenv("PROSPERO_TEST_PART", v, 1);
      for (unsigned u = 0; u < 50; u++)
        if (test_part_owns(u)) owners[u]++;
      firsts += test_part_first();
    }
    for (unsigned u = 0; u < 50; u++) assert_int_equal(owners[u], 1);
    assert_int_equal(firsts, 1);
  }
  setenv("PROSPERO_TEST_PART", "2/3", 1);
  assert_false(test_part_owns(0));
  assert_true(test_part_owns(1));
  assert_false(test_part_owns(2));
  assert_true(test_part_owns(4));
  unsetenv("PROSPERO_TEST_PART");
  for (unsigned u = 0; u < 7; u++) assert_true(test_part_owns(u));
  assert_true(test_part_first());
}

static int aborts_with(const char *value) {
  pid_t pid = fork();
  if (pid == 0) {
    setenv("PROSPERO_TEST_PART", value, 1);
    (void)test_part_owns(0);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

static void malformed_values_abort(void **state) {
  (void)state;
  static const char *bad[] = {"0/3", "4/3", "1/0", "2", "a/b", "1/2x", "-1/2"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    if (!aborts_with(bad[i])) fail_msg("PROSPERO_TEST_PART=\"%s\" did not abort", bad[i]);
  }
  assert_false(aborts_with("3/3"));
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(parts_cover_every_unit_once),
                                     cmocka_unit_test(malformed_values_abort)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
