/* prospero-syscall-status: writes docs/syscalls.md (to stdout, or to FILE with -o FILE) from
 * the guest system call table (src/hle/syscall/syscall_table.c). */
#include <stdio.h>
#include <string.h>

#include "hle/syscall/syscall.h"

int main(int argc, char **argv) {
  FILE *out = stdout;
  if (argc == 3 && strcmp(argv[1], "-o") == 0) {
    out = fopen(argv[2], "w");
    if (!out) {
      perror(argv[2]);
      return 1;
    }
  } else if (argc != 1) {
    fprintf(stderr, "usage: %s [-o FILE]\n  writes the guest system call table (Markdown)\n",
            argv[0]);
    return 64;
  }
  syscall_report_status(out);
  return fclose(out) == 0 ? 0 : 1;
}
