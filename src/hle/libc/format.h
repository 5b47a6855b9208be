/* The printf engine of the HLE libc: interprets a guest format string against a guest
 * va_list and produces glibc-identical text (flags - + space # 0 ', width and precision
 * incl. '*', lengths hh h l ll q j z Z t L, conversions d i u o x X c C s S p n % e E f F
 * g G a A). Floating point is converted exactly (big-number decimal expansion, rounding
 * half to even like glibc in the default rounding mode), for double and x87 long double.
 * Positional arguments ("%2$s %1$d", "*3$") work as in glibc when the first directive is
 * positional; mixing them with sequential ones is reported as an error (EINVAL). */
#ifndef PROSPERO_HLE_LIBC_FORMAT_H
#define PROSPERO_HLE_LIBC_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "hle/libc/guest_va.h"

/* Where formatted text goes: a memory buffer (snprintf: at most cap-1 bytes kept, always
 * NUL-terminated when cap > 0) or a file descriptor (buffered, flushed at the end). */
struct format_sink {
  char *buf;
  size_t cap;
  int fd; /* -1 for a memory sink */
  size_t total; /* bytes produced so far (including those not stored) */
  bool failed;  /* write error on the fd */
  size_t used;  /* bytes pending in chunk (fd sinks) */
  char chunk[512];
};

void hle_format_sink_memory(struct format_sink *s, char *buf, size_t cap);
void hle_format_sink_fd(struct format_sink *s, int fd);

/* Formats FMT with arguments from AP into S. Returns the byte count (what printf returns),
 * or -1 with *ERR set to a FreeBSD errno (EOVERFLOW for output over INT_MAX, EILSEQ for an
 * unconvertible wide character, EINVAL for an unsupported directive, EIO for a write
 * error). Memory sinks are NUL-terminated in every case. */
int hle_format_run(struct format_sink *s, const char *fmt, struct guest_va_list *ap, int *err);

#endif
