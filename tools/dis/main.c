/* prospero-dis: disassemble raw little-endian GFX10 (gfx1013) words in LLVM AMDGPU syntax.
 *
 *   prospero-dis [--wave64] [--show-encoding] [--offsets] FILE|-
 *
 * An undecodable dword prints as ".long 0xXXXXXXXX" and decoding resumes at the next one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/isa/isa.h"

static int usage(void) {
  fprintf(stderr, "usage: prospero-dis [--wave64] [--show-encoding] [--offsets] FILE|-\n");
  return 2;
}

static uint8_t *read_all(FILE *f, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = malloc(cap);
  while (buf) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) break;
    uint8_t *nb = realloc(buf, cap * 2);
    if (!nb) { free(buf); return NULL; }
    buf = nb;
    cap *= 2;
  }
  *len = n;
  return buf;
}

int main(int argc, char **argv) {
  bool wave64 = false, offsets = false;
  struct isa_print_opts opts = {0};
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--wave64")) wave64 = true;
    else if (!strcmp(argv[i], "--show-encoding")) opts.show_encoding = true;
    else if (!strcmp(argv[i], "--offsets")) offsets = true;
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) return usage(), 0;
    else if (argv[i][0] == '-' && argv[i][1]) return usage();
    else if (!path) path = argv[i];
    else return usage();
  }
  if (!path) return usage();
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f) {
    fprintf(stderr, "prospero-dis: %s: %s\n", path, strerror(errno));
    return 1;
  }
  size_t len = 0;
  uint8_t *bytes = read_all(f, &len);
  if (f != stdin) fclose(f);
  if (!bytes) {
    fprintf(stderr, "prospero-dis: out of memory\n");
    return 1;
  }
  if (len % 4) fprintf(stderr, "prospero-dis: ignoring %zu trailing byte(s)\n", len % 4);
  size_t count = len / 4;
  uint32_t *words = malloc((count ? count : 1) * sizeof(uint32_t));
  if (!words) { free(bytes); return 1; }
  for (size_t i = 0; i < count; i++)
    words[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
               (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
  free(bytes);
  char text[512];
  for (size_t off = 0; off < count;) {
    struct isa_inst in;
    if (offsets) printf("%06zx: ", off * 4);
    if (isa_decode_wave(words, count, off, wave64, &in, NULL)) {
      isa_print(&in, &opts, text, sizeof text);
      puts(text);
      off += in.size;
    } else {
      printf(".long 0x%08x\n", words[off]);
      off++;
    }
  }
  free(words);
  return 0;
}
