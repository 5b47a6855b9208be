/* docs/hle-status.md must be what prospero-hle-status generates from the current tables,
 * and the export TSV must have the contract's nine columns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doc_check.h"

#include "hle/hle.h"
#include "hle/hle_report.h"

static void test_committed_status_is_current(void **state) {
  (void)state;
  doc_check_current("docs/hle-status.md", hle_report_status, "prospero-hle-status");
}

static void test_export_lines(void **state) {
  (void)state;
  char *text = doc_check_generate(hle_report_export);
  size_t lines = 0, symbols = 0;
  for (size_t i = 0; i < hle_library_count(); i++) symbols += hle_library_at(i)->symbol_count;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    int tabs = 0;
    for (char *c = line; *c; c++) tabs += *c == '\t';
    assert_int_equal(tabs, 8);
    assert_true(strstr(line, "\tfunction\t") || strstr(line, "\tobject\t"));
    lines++;
  }
  assert_int_equal(lines, symbols);
  free(text);
  text = doc_check_generate(hle_report_export);
  assert_non_null(strstr(text, "libc\t1\tlibc\t1\t1\thcuQgD53UxM\tprintf\tfunction\tpartial\n"));
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_committed_status_is_current),
      cmocka_unit_test(test_export_lines),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
