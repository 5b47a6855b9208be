/* Generated documents (docs/hle-status.md, docs/syscalls.md) must be committed as their
 * generator writes them from the current tables. Include after <cmocka.h>. */
#ifndef PROSPERO_TESTS_SUPPORT_DOC_CHECK_H
#define PROSPERO_TESTS_SUPPORT_DOC_CHECK_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef cmocka_run_group_tests
#error "include <cmocka.h> before doc_check.h"
#endif

/* The output of WRITE as a NUL-terminated string (free it). */
static inline char *doc_check_generate(void (*write)(FILE *)) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  write(f);
  fclose(f);
  return buf;
}

/* Fails unless $PROSPERO_SOURCE_DIR/DOC holds exactly what WRITE produces; the message
 * names TOOL, the generator in build/bin that rewrites DOC. */
static inline void doc_check_current(const char *doc, void (*write)(FILE *), const char *tool) {
  const char *src = getenv("PROSPERO_SOURCE_DIR");
  assert_non_null(src);
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", src, doc);
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("%s is missing: run `make status`", path);
  static char committed[1 << 20];
  size_t n = fread(committed, 1, sizeof committed - 1, f);
  committed[n] = '\0';
  bool whole = fgetc(f) == EOF; /* a document larger than the buffer is never current */
  fclose(f);
  char *fresh = doc_check_generate(write);
  if (!whole || strcmp(fresh, committed) != 0)
    fail_msg("%s is out of date: run `make status` (or build/bin/%s -o %s) and commit it", doc,
             tool, doc);
  free(fresh);
}

#endif
