/* Fuzz target: arbitrary bytes as GFX10 words. Decoding at every offset and the sequential
 * walk prospero-dis does must never crash, read out of bounds, loop, or report a size that
 * does not fit; every decoded instruction must print. The first byte picks wave32/wave64. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/isa/isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  bool wave64 = data[0] & 1;
  data++, size--;
  size_t count = size / 4;
  if (count == 0) return 0;
  uint32_t *words = malloc(count * sizeof(uint32_t)); /* exact size: ASan sees overreads */
  if (!words) return 0;
  memcpy(words, data, count * sizeof(uint32_t));
  char text[512];
  struct isa_print_opts opts = {.show_encoding = true};
  for (size_t off = 0; off < count; off++) {
    struct isa_inst in;
    struct isa_error err;
    if (isa_decode_wave(words, count, off, wave64, &in, &err)) {
      if (in.size < 1 || in.size > 5 || in.size > count - off || !in.info) abort();
      size_t n = isa_print(&in, &opts, text, sizeof text);
      if (n == 0 || strlen(text) >= sizeof text) abort();
      isa_print(&in, NULL, text, 16); /* truncating print stays in bounds */
    } else if (err.code == ISA_OK || err.offset != off) {
      abort();
    }
  }
  for (size_t off = 0; off < count;) { /* the disassembler's walk always advances */
    struct isa_inst in;
    off += isa_decode_wave(words, count, off, wave64, &in, NULL) ? in.size : 1;
  }
  free(words);
  return 0;
}
