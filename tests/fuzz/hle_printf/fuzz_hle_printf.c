/* Fuzz target for the HLE printf engine: the input is a format string, a NUL, then bytes
 * that become the guest va_list. Vector register slots take raw input bytes (any double);
 * every integer/pointer slot holds a pointer into a scratch buffer chosen by an input byte,
 * so %s, %ls and %n always touch valid memory while the format itself is arbitrary. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hle/libc/format.h"

#define SCRATCH_SIZE 65536
#define OVERFLOW_SLOTS 512

static uint8_t scratch[SCRATCH_SIZE + 64];
static uint64_t reg_save[GUEST_VA_FP_END / 8];
static uint64_t overflow[OVERFLOW_SLOTS + 2];
static char out[4096];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *nul = memchr(data, 0, size);
  if (!nul) return 0;
  const char *fmt = (const char *)data;
  const uint8_t *args = nul + 1;
  size_t nargs = size - (size_t)(args - data);

  /* scratch: printable bytes from the input with NULs sprinkled in; zero tail */
  for (size_t i = 0; i < SCRATCH_SIZE; i++) {
    uint8_t b = nargs ? args[i % nargs] : 0;
    scratch[i] = (i % 61 == 60) ? 0 : (uint8_t)(0x20 + (b + i) % 0x5F);
  }
  memset(scratch + SCRATCH_SIZE, 0, 64);

  size_t pos = 0;
  for (int i = 0; i < 6; i++) {
    uint8_t b = pos < nargs ? args[pos++] : 0;
    reg_save[i] = (uint64_t)(uintptr_t)(scratch + (size_t)b * 200);
  }
  for (int i = 0; i < 8; i++) { /* xmm0-7: 16 bytes each, low 8 used */
    uint64_t v = 0;
    size_t take = nargs > pos ? nargs - pos : 0;
    if (take > 8) take = 8;
    memcpy(&v, args + pos, take);
    pos += take;
    reg_save[6 + 2 * i] = v;
    reg_save[7 + 2 * i] = 0;
  }
  for (int i = 0; i < OVERFLOW_SLOTS; i++) {
    uint8_t b = pos < nargs ? args[pos++] : (uint8_t)i;
    overflow[i] = (uint64_t)(uintptr_t)(scratch + (size_t)b * 256);
  }
  overflow[OVERFLOW_SLOTS] = overflow[OVERFLOW_SLOTS + 1] = 0;

  struct guest_va_list ap = {
      .gp_offset = 0,
      .fp_offset = GUEST_VA_GP_END,
      .overflow_arg_area = (uint8_t *)overflow,
      .reg_save_area = (uint8_t *)reg_save,
  };
  /* Never walk past the overflow area: formats with more directives than slots stop at
   * the first directive beyond it (cheap check on the number of '%'). */
  size_t directives = 0;
  for (const char *p = fmt; *p; p++) directives += *p == '%';
  if (directives * 2 > OVERFLOW_SLOTS) return 0;
  /* Positional formats read every argument up to the highest "n$": keep n in range too. */
  for (const char *p = strchr(fmt, '$'); p; p = strchr(p + 1, '$')) {
    const char *q = p;
    unsigned long n = 0, scale = 1;
    while (q > fmt && q[-1] >= '0' && q[-1] <= '9' && scale < 1000000000ul) {
      n += (unsigned long)(q[-1] - '0') * scale;
      scale *= 10;
      q--;
    }
    if (n * 2 > OVERFLOW_SLOTS || (q > fmt && q[-1] >= '0' && q[-1] <= '9')) return 0;
  }

  struct format_sink s;
  hle_format_sink_memory(&s, out, sizeof out);
  int err = 0;
  int r = hle_format_run(&s, fmt, &ap, &err);
  if (r >= 0 && (size_t)r < sizeof out && strlen(out) != (size_t)r && !memchr(out, 0, (size_t)r))
    __builtin_trap(); /* the count must match what was stored */
  return 0;
}
