/* prospero-hle-export: prints the HLE tables as TSV (one line per symbol, no header):
 * library_name library_version module_name module_major module_minor nid name_or_-
 * function|object implemented|partial|stub
 * The guest SDK builds its stub libraries and NID mapping from this output. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "hle/hle_report.h"

int main(int argc, char **argv) {
  if (argc > 1) {
    bool help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
    fprintf(help ? stdout : stderr, "usage: %s\n  prints the HLE symbol tables as TSV\n",
            argv[0]);
    return help ? 0 : 64;
  }
  hle_report_export(stdout);
  return fflush(stdout) == 0 ? 0 : 1;
}
