/* Fuzz target for the HLE scanf engine: the input is a format, a NUL, then the text to
 * scan. Every destination pointer leads into one scratch buffer large enough for any
 * conversion of that text (strings are at most the text's length plus a NUL, in 32-bit
 * characters for %ls and %l[). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hle/libc/scan.h"

#define SLOTS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *nul = memchr(data, 0, size);
  if (!nul) return 0;
  const char *fmt = (const char *)data;
  size_t text_len = size - (size_t)(nul + 1 - data);
  char *text = malloc(text_len + 1);
  uint8_t *scratch = malloc(4 * (text_len + 1) + 64); /* wide strings: 4 bytes a char */
  if (!text || !scratch) abort();
  memcpy(text, nul + 1, text_len);
  text[text_len] = '\0';

  size_t directives = 0;
  for (const char *p = fmt; *p; p++) directives += *p == '%';
  uint64_t slots[SLOTS + 8];
  for (size_t i = 0; i < SLOTS + 8; i++) slots[i] = (uint64_t)(uintptr_t)scratch;
  struct guest_va_list ap = {0, GUEST_VA_FP_END, (uint8_t *)(slots + 6), (uint8_t *)slots};
  if (directives < SLOTS) {
    int err = 0;
    int r = scan_run(text, fmt, &ap, &err);
    if (r < -1 || r > (int)directives) __builtin_trap(); /* count out of range */
  }
  free(text);
  free(scratch);
  return 0;
}
