/* prospero-pm4 FILE: lists a PM4 dump (little-endian dwords, as --dump-pm4's sources or a
 * command buffer saved from memory) as packets with their names, register writes with
 * register and field names. Indirect buffers are named, not followed (their memory is not in
 * the file). Exit status: 0, 1 when malformed packets were met, 2 on a usage or file error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/cp/pm4.h"

int main(int argc, char **argv) {
  if (argc != 2 || strcmp(argv[1], "--help") == 0) {
    fprintf(stderr, "usage: prospero-pm4 FILE   (FILE: little-endian PM4 dwords; - for stdin)\n");
    return 2;
  }
  FILE *f = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "prospero-pm4: %s: %s\n", argv[1], strerror(errno));
    return 2;
  }
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  for (;;) {
    if (!buf) {
      fprintf(stderr, "prospero-pm4: out of memory\n");
      return 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) break;
    cap *= 2;
    buf = realloc(buf, cap);
  }
  if (ferror(f)) {
    fprintf(stderr, "prospero-pm4: %s: read error\n", argv[1]);
    return 2;
  }
  if (f != stdin) fclose(f);
  if (n % 4)
    fprintf(stderr, "prospero-pm4: %s: %zu trailing bytes ignored (not a whole dword)\n", argv[1],
            n % 4);
  uint32_t *w = malloc((n / 4 ? n / 4 : 1) * 4);
  if (!w) return 2;
  memcpy(w, buf, n / 4 * 4);
  free(buf);
  unsigned bad = pm4_list(stdout, w, n / 4, NULL);
  free(w);
  if (bad) fprintf(stderr, "prospero-pm4: %u malformed packets\n", bad);
  return bad ? 1 : 0;
}
