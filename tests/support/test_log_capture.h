/* The log (common/log.h) captured in a temporary file, for tests that check what the code
 * under test logged. Include after <cmocka.h>: a file that cannot be made or read fails
 * the test. */
#ifndef PROSPERO_TESTS_SUPPORT_TEST_LOG_CAPTURE_H
#define PROSPERO_TESTS_SUPPORT_TEST_LOG_CAPTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/log.h"
#include "test_file.h"

#ifndef cmocka_run_group_tests
#error "include <cmocka.h> before test_log_capture.h"
#endif

struct test_log_capture {
  char path[64];
};

/* Sends the log to a new empty file /tmp/prospero-TAG-XXXXXX. */
static inline void test_log_capture_begin(struct test_log_capture *c, const char *tag) {
  snprintf(c->path, sizeof c->path, "/tmp/prospero-%s-XXXXXX", tag);
  int fd = mkstemp(c->path);
  assert_true(fd >= 0);
  close(fd);
  assert_true(log_open_file(c->path));
}

/* Closes the log and removes its file; what was logged, as a malloc'd C string the caller
 * frees. */
static inline char *test_log_capture_end(struct test_log_capture *c) {
  log_close();
  char *text = test_file_read(c->path, NULL);
  unlink(c->path);
  assert_non_null(text);
  return text;
}

#endif
