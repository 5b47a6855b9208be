/* Internals of the printf engine shared by format.c (directives, integers, strings, sinks)
 * and format_float.c (floating-point conversions). */
#ifndef PROSPERO_HLE_LIBC_FORMAT_INTERNAL_H
#define PROSPERO_HLE_LIBC_FORMAT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hle/libc/format.h"

enum fmt_length { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T, LEN_BIG_L };

struct fmt_spec {
  bool left, plus, space, alt, zero, group;
  int width;     /* >= 0 */
  int prec;      /* -1 when absent */
  enum fmt_length length;
  char conv;
  int arg_pos;   /* positional formats: 1-based argument of the value (0 otherwise) */
};

void hle_format_sink_put(struct format_sink *s, const char *p, size_t n);
void hle_format_sink_pad(struct format_sink *s, char c, size_t n); /* O(1) once a buffer is full */
void hle_format_sink_char(struct format_sink *s, char c);

/* Output of a formatted field in up to four parts: sign/prefix, leading zeros, body, and
 * the space padding around it as the flags ask ('0' pads only when ZERO_PAD_ALLOWED). */
void hle_format_emit_field(struct format_sink *s, const struct fmt_spec *sp, const char *prefix,
                           size_t prefix_len, size_t zeros, const char *body, size_t body_len,
                           bool zero_pad_allowed);

/* %e %E %f %F %g %G %a %A of D, or of the x87 long double at X87 (10 bytes) when not NULL.
 * False only when memory for a huge long double expansion cannot be had. */
bool hle_format_emit_float(struct format_sink *s, const struct fmt_spec *sp, double d,
                           const uint8_t *x87);

#endif
