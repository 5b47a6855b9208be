#include "report_main.h"

#include <string.h>

int report_main(int argc, char **argv, const char *what, void (*write)(FILE *out)) {
  FILE *out = stdout;
  if (argc == 3 && strcmp(argv[1], "-o") == 0) {
    out = fopen(argv[2], "w");
    if (!out) {
      perror(argv[2]);
      return 1;
    }
  } else if (argc != 1) {
    fprintf(stderr, "usage: %s [-o FILE]\n  writes %s (Markdown)\n", argv[0], what);
    return 64;
  }
  write(out);
  return fclose(out) == 0 ? 0 : 1;
}
