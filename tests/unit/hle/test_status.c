/* docs/hle-status.md must be what prospero-hle-status generates from the current tables,
 * and the export TSV must have the contract's nine columns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hle/hle.h"
#include "hle/hle_report.h"

static char *generate(void (*fn)(FILE *)) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  fn(f);
  fclose(f);
  return buf;
}

static void test_committed_status_is_current(void **state) {
  (void)state;
  const char *src = getenv("PROSPERO_SOURCE_DIR");
  assert_non_null(src);
  char path[4096];
  snprintf(path, sizeof path, "%s/docs/hle-status.md", src);
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("%s is missing: run `make status`", path);
  static char committed[1 << 20];
  size_t n = fread(committed, 1, sizeof committed - 1, f);
  committed[n] = '\0';
  fclose(f);
  char *fresh = generate(hle_report_status);
  if (strcmp(fresh, committed) != 0)
    fail_msg("docs/hle-status.md is out of date: run `make status` (or "
             "build/bin/prospero-hle-status -o docs/hle-status.md) and commit it");
  free(fresh);
}

static void test_export_lines(void **state) {
  (void)state;
  char *text = generate(hle_report_export);
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
  text = generate(hle_report_export);
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
