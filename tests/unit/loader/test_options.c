/* The prospero option parser (src/app/options.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "options.h"

static bool parse(struct app_options *o, char *err, int n, ...) {
  static char *argv[16] = {"prospero"}; /* outlives the call: guest_argv points into it */
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) argv[i + 1] = va_arg(ap, char *);
  va_end(ap);
  return app_options_parse(n + 1, argv, o, err, 256);
}

static void test_options(void **state) {
  (void)state;
  struct app_options o;
  char err[256];
  assert_true(parse(&o, err, 7, "--game", "dir", "--trace-hle", "libc", "--trace-hle=libkernel",
                    "--", "-x"));
  assert_string_equal(o.game[0], "dir");
  assert_int_equal(o.trace_hle_count, 2);
  assert_string_equal(o.trace_hle[1], "libkernel");
  assert_int_equal(o.guest_argc, 1);
  assert_string_equal(o.guest_argv[0], "-x");
  assert_true(parse(&o, err, 1, "--help"));
  assert_int_equal(o.help_count, 1);
  assert_false(parse(&o, err, 1, "--bogus"));
  assert_non_null(strstr(err, "unknown option"));
  assert_false(parse(&o, err, 1, "--game"));
  assert_non_null(strstr(err, "needs an argument"));
  assert_false(parse(&o, err, 4, "--game", "a", "--game", "b"));
  assert_non_null(strstr(err, "given twice"));
  /* a two-word argument takes two arguments, the second in id_second */
  assert_true(parse(&o, err, 5, "--screenshot-at", "3", "shot.png", "--vblank-hz", "30"));
  assert_string_equal(o.screenshot_at[0], "3");
  assert_string_equal(o.screenshot_at_second[0], "shot.png");
  assert_string_equal(o.vblank_hz[0], "30");
  assert_false(parse(&o, err, 2, "--screenshot-at", "3"));
  assert_non_null(strstr(err, "needs two arguments"));
  assert_false(parse(&o, err, 1, "--screenshot-at=3"));
  assert_non_null(strstr(err, "needs two arguments"));
  assert_false(parse(&o, err, 1, "--help=yes"));
  assert_non_null(strstr(err, "takes no argument"));
  assert_false(parse(&o, err, 1, "stray"));
  assert_non_null(strstr(err, "guest arguments go after --"));
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_options)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
