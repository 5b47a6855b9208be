/* prospero-hle-status: writes docs/hle-status.md (to stdout, or to FILE with -o FILE) from
 * the HLE tables: per library counts of implemented/partial/stub and every symbol. */
#include <stdio.h>
#include <string.h>

#include "hle/hle_report.h"

int main(int argc, char **argv) {
  FILE *out = stdout;
  if (argc == 3 && strcmp(argv[1], "-o") == 0) {
    out = fopen(argv[2], "w");
    if (!out) {
      perror(argv[2]);
      return 1;
    }
  } else if (argc != 1) {
    fprintf(stderr, "usage: %s [-o FILE]\n  writes the HLE status report (Markdown)\n",
            argv[0]);
    return 64;
  }
  hle_report_status(out);
  return fclose(out) == 0 ? 0 : 1;
}
