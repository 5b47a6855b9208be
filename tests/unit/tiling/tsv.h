/* Tiny TSV reader for the golden manifests: a header row names the columns. */
#ifndef PROSPERO_TESTS_TILING_TSV_H
#define PROSPERO_TESTS_TILING_TSV_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_file.h"

#define TSV_MAX_COLS 40

struct tsv {
  char *text;
  char *cursor;
  int ncols;
  char *names[TSV_MAX_COLS];
  char *cols[TSV_MAX_COLS];
};

static inline int tsv_split(char *line, char **cols) {
  int n = 0;
  char *s = line;
  while (n < TSV_MAX_COLS) {
    cols[n++] = s;
    char *tab = strchr(s, '\t');
    if (!tab) break;
    *tab = 0;
    s = tab + 1;
  }
  return n;
}

/* Returns the next line split into t->cols, or false at the end. */
static inline bool tsv_next(struct tsv *t) {
  while (t->cursor && *t->cursor) {
    char *line = t->cursor;
    char *nl = strchr(line, '\n');
    if (nl) {
      *nl = 0;
      t->cursor = nl + 1;
    } else {
      t->cursor = NULL;
    }
    if (!*line) continue;
    tsv_split(line, t->cols);
    return true;
  }
  return false;
}

static inline bool tsv_open(struct tsv *t, const char *path) {
  memset(t, 0, sizeof(*t));
  t->text = test_file_read(path, NULL);
  if (!t->text) return false;
  t->cursor = t->text;
  if (!tsv_next(t)) return false;
  memcpy(t->names, t->cols, sizeof(t->names));
  for (t->ncols = 0; t->ncols < TSV_MAX_COLS && t->names[t->ncols]; t->ncols++) {
  }
  return true;
}

static inline const char *tsv_get(const struct tsv *t, const char *name) {
  for (int i = 0; i < t->ncols; i++)
    if (t->names[i] && strcmp(t->names[i], name) == 0) return t->cols[i];
  fprintf(stderr, "tsv: no column %s\n", name);
  abort();
}

static inline unsigned long long tsv_num(const struct tsv *t, const char *name) {
  return strtoull(tsv_get(t, name), NULL, 0);
}

static inline void tsv_close(struct tsv *t) { free(t->text); }

#endif
