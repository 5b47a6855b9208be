#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/log.h"
#include "test_log_capture.h"

static void parse_levels_global_and_per_category(void **state) {
  (void)state;
  assert_true(log_parse_levels("warn"));
  assert_int_equal(log_thresholds[LOG_CAT_loader], LOG_LEVEL_WARN);
  assert_true(log_parse_levels("loader=trace,hle=stub"));
  assert_int_equal(log_thresholds[LOG_CAT_loader], LOG_LEVEL_TRACE);
  assert_int_equal(log_thresholds[LOG_CAT_hle], LOG_LEVEL_STUB);
  assert_int_equal(log_thresholds[LOG_CAT_gpu], LOG_LEVEL_WARN);
  /* unknown names change nothing */
  assert_false(log_parse_levels("loader=loud"));
  assert_false(log_parse_levels("nosuchcat=info"));
  assert_int_equal(log_thresholds[LOG_CAT_loader], LOG_LEVEL_TRACE);
}

static void filtered_messages_are_not_written_and_once_logs_once(void **state) {
  (void)state;
  struct test_log_capture log;
  test_log_capture_begin(&log, "log-test");
  log_set_level(LOG_LEVEL_WARN);
  LOG(loader, INFO, "hidden %d", 1);
  LOG(loader, WARN, "shown %d", 2);
  for (int i = 0; i < 3; i++) LOG_ONCE(hle, ERROR, "once %d", i);
  char *buf = test_log_capture_end(&log);
  assert_null(strstr(buf, "hidden"));
  assert_non_null(strstr(buf, "W loader: shown 2"));
  assert_non_null(strstr(buf, "E hle: once 0"));
  assert_null(strstr(buf, "once 1"));
  free(buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(parse_levels_global_and_per_category),
      cmocka_unit_test(filtered_messages_are_not_written_and_once_logs_once),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
