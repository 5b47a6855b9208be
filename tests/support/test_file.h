/* Whole-file reads for tests: golden manifests, dumps, logs the code under test wrote. */
#ifndef PROSPERO_TESTS_SUPPORT_TEST_FILE_H
#define PROSPERO_TESTS_SUPPORT_TEST_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of PATH in a malloc'd buffer with a NUL after the last one (so a text file is a
 * C string), its length in *SIZE when SIZE is not NULL; NULL if the file cannot be opened or
 * read whole. The caller frees the buffer. */
static inline char *test_file_read(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  char *b = n >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)n + 1) : NULL;
  if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
    free(b);
    b = NULL;
  }
  fclose(f);
  if (!b) return NULL;
  b[n] = 0;
  if (size) *size = (size_t)n;
  return b;
}

#endif
