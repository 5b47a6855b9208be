/* printf engine (see format.h). Layout of the code:
 *   sinks             - memory / fd output with O(1) padding once a buffer is full
 *   spec parsing      - flags, width, precision, length, conversion
 *   integers, strings - %d %i %u %o %x %X %c %s %p %n
 *   (floating point conversions live in format_float.c) */
#include "hle/libc/format.h"

#include "common/log.h"
#include "hle/libc/format_internal.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"

#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* FreeBSD errno values (the guest's errno space). */
#define FMT_EIO 5
#define FMT_EOVERFLOW 84
#define FMT_EILSEQ 86

/* ---- sinks ------------------------------------------------------------------------- */

void hle_format_sink_memory(struct format_sink *s, char *buf, size_t cap) {
  memset(s, 0, offsetof(struct format_sink, chunk));
  s->buf = buf;
  s->cap = buf ? cap : 0; /* snprintf(NULL, n, ...) only measures */
  s->fd = -1;
}

void hle_format_sink_fd(struct format_sink *s, int fd) {
  memset(s, 0, offsetof(struct format_sink, chunk));
  s->fd = fd;
}

static void sink_flush(struct format_sink *s) {
  size_t off = 0;
  while (off < s->used && !s->failed) {
    int64_t n = kernel_file_write(s->fd, s->chunk + off, s->used - off); /* guest fd */
    if (n <= 0) {
      s->failed = true;
      break;
    }
    off += (size_t)n;
  }
  s->used = 0;
}

void hle_format_sink_put(struct format_sink *s, const char *p, size_t n) {
  if (s->fd >= 0) {
    while (n > 0 && !s->failed) {
      size_t room = sizeof s->chunk - s->used;
      size_t k = n < room ? n : room;
      memcpy(s->chunk + s->used, p, k);
      s->used += k;
      p += k;
      n -= k;
      s->total += k;
      if (s->used == sizeof s->chunk) sink_flush(s);
    }
    s->total += n; /* after a failure, keep counting */
    return;
  }
  if (s->cap > 0 && s->total < s->cap - 1) {
    size_t room = s->cap - 1 - s->total;
    memcpy(s->buf + s->total, p, n < room ? n : room);
  }
  s->total += n;
}

void hle_format_sink_pad(struct format_sink *s, char c, size_t n) {
  if (s->fd < 0) {
    if (s->cap > 0 && s->total < s->cap - 1) {
      size_t room = s->cap - 1 - s->total;
      memset(s->buf + s->total, c, n < room ? n : room);
    }
    s->total += n;
    return;
  }
  char block[64];
  memset(block, c, sizeof block);
  while (n > 0 && !s->failed) {
    size_t k = n < sizeof block ? n : sizeof block;
    hle_format_sink_put(s, block, k);
    n -= k;
  }
  if (s->failed) s->total += n;
}

void hle_format_sink_char(struct format_sink *s, char c) { hle_format_sink_put(s, &c, 1); }

static void sink_finish(struct format_sink *s) {
  if (s->fd >= 0) {
    sink_flush(s);
  } else if (s->cap > 0) {
    s->buf[s->total < s->cap - 1 ? s->total : s->cap - 1] = '\0';
  }
}

/* ---- conversion specifications ------------------------------------------------------ */

/* Output of a formatted field in up to four parts: sign/prefix, leading zeros, body, and
 * the space padding around it as the flags ask. */
void hle_format_emit_field(struct format_sink *s, const struct fmt_spec *sp, const char *prefix,
                           size_t prefix_len, size_t zeros, const char *body, size_t body_len,
                           bool zero_pad_allowed) {
  size_t len = prefix_len + zeros + body_len;
  size_t pad = (size_t)sp->width > len ? (size_t)sp->width - len : 0;
  if (sp->left) {
    hle_format_sink_put(s, prefix, prefix_len);
    hle_format_sink_pad(s, '0', zeros);
    hle_format_sink_put(s, body, body_len);
    hle_format_sink_pad(s, ' ', pad);
  } else if (sp->zero && zero_pad_allowed) {
    hle_format_sink_put(s, prefix, prefix_len);
    hle_format_sink_pad(s, '0', zeros + pad);
    hle_format_sink_put(s, body, body_len);
  } else {
    hle_format_sink_pad(s, ' ', pad);
    hle_format_sink_put(s, prefix, prefix_len);
    hle_format_sink_pad(s, '0', zeros);
    hle_format_sink_put(s, body, body_len);
  }
}

/* ---- arguments ---------------------------------------------------------------------- */

/* Where directive arguments come from: the va_list in order, or (positional "%n$"
 * formats) a table of every argument read from the va_list beforehand. POS is 1-based in
 * positional mode and ignored otherwise. */
union arg_value {
  uint64_t gp;
  double d;
  uint8_t ld[10];
};

struct arg_source {
  struct guest_va_list *ap;
  const union arg_value *vals; /* positional mode when not NULL */
  int count;
};

static uint64_t arg_gp(struct arg_source *src, int pos) {
  if (!src->vals) return guest_va_next_gp(src->ap);
  return pos >= 1 && pos <= src->count ? src->vals[pos - 1].gp : 0;
}

static double arg_double(struct arg_source *src, int pos) {
  if (!src->vals) return guest_va_next_double(src->ap);
  return pos >= 1 && pos <= src->count ? src->vals[pos - 1].d : 0.0;
}

static void arg_long_double(struct arg_source *src, int pos, uint8_t out[10]) {
  if (!src->vals) {
    guest_va_next_long_double(src->ap, out);
  } else if (pos >= 1 && pos <= src->count) {
    memcpy(out, src->vals[pos - 1].ld, 10);
  } else {
    memset(out, 0, 10);
  }
}

/* ---- integers ----------------------------------------------------------------------- */

static uint64_t fetch_unsigned(struct arg_source *src, int pos, enum fmt_length len) {
  uint64_t v = arg_gp(src, pos);
  switch (len) {
    case LEN_HH: return (unsigned char)v;
    case LEN_H: return (unsigned short)v;
    case LEN_NONE: return (unsigned int)v;
    default: return v; /* l ll q j z t L: 64-bit */
  }
}

static int64_t fetch_signed(struct arg_source *src, int pos, enum fmt_length len) {
  uint64_t v = arg_gp(src, pos);
  switch (len) {
    case LEN_HH: return (signed char)v;
    case LEN_H: return (short)v;
    case LEN_NONE: return (int)v;
    default: return (int64_t)v;
  }
}

static void emit_integer(struct format_sink *s, const struct fmt_spec *sp, uint64_t v,
                         bool negative, bool is_signed) {
  unsigned base = 10;
  const char *digits = "0123456789abcdef";
  if (sp->conv == 'o') base = 8;
  if (sp->conv == 'x' || sp->conv == 'p') base = 16;
  if (sp->conv == 'X') base = 16, digits = "0123456789ABCDEF";

  char buf[24];
  size_t n = 0;
  /* constant divisors: the compiler turns them into multiplications and shifts */
  if (base == 10)
    for (uint64_t t = v; t != 0; t /= 10) buf[sizeof buf - 1 - n++] = (char)('0' + t % 10);
  else if (base == 16)
    for (uint64_t t = v; t != 0; t >>= 4) buf[sizeof buf - 1 - n++] = digits[t & 15];
  else
    for (uint64_t t = v; t != 0; t >>= 3) buf[sizeof buf - 1 - n++] = (char)('0' + (t & 7));
  if (v == 0 && sp->prec != 0) buf[sizeof buf - 1 - n++] = '0';
  const char *body = buf + sizeof buf - n;

  size_t prec = sp->prec < 0 ? 0 : (size_t)sp->prec;
  if (sp->alt && base == 8 && (n == 0 || body[0] != '0') && prec <= n) prec = n + 1;
  size_t zeros = prec > n ? prec - n : 0;

  char prefix[3];
  size_t pl = 0;
  if (is_signed) {
    if (negative) prefix[pl++] = '-';
    else if (sp->plus) prefix[pl++] = '+';
    else if (sp->space) prefix[pl++] = ' ';
  }
  if (base == 16 && ((v != 0 && sp->alt) || sp->conv == 'p')) { /* %p: "0x" even for 0 */
    prefix[pl++] = '0';
    prefix[pl++] = sp->conv == 'X' ? 'X' : 'x';
  }
  hle_format_emit_field(s, sp, prefix, pl, zeros, body, n, sp->prec < 0);
}

/* ---- strings and characters ------------------------------------------------------- */

static void emit_string(struct format_sink *s, const struct fmt_spec *sp, const char *str) {
  size_t n = sp->prec < 0 ? strlen(str) : strnlen(str, (size_t)sp->prec);
  hle_format_emit_field(s, sp, "", 0, 0, str, n, false);
}

/* Wide characters in the C locale: only ASCII converts (glibc's "C" charset). The guest's
 * wchar_t is 32-bit (FreeBSD target of the SDK). */
static bool emit_wide_string(struct format_sink *s, const struct fmt_spec *sp,
                             const uint32_t *ws) {
  size_t n = 0;
  while ((sp->prec < 0 || n < (size_t)sp->prec) && ws[n] != 0) {
    if (ws[n] > 0x7F) return false;
    n++;
  }
  size_t pad = (size_t)sp->width > n ? (size_t)sp->width - n : 0;
  if (!sp->left) hle_format_sink_pad(s, ' ', pad);
  for (size_t i = 0; i < n; i++) hle_format_sink_char(s, (char)ws[i]);
  if (sp->left) hle_format_sink_pad(s, ' ', pad);
  return true;
}

static bool emit_float(struct format_sink *s, const struct fmt_spec *sp,
                       struct arg_source *src) {
  if (sp->length == LEN_BIG_L) {
    uint8_t raw[10];
    arg_long_double(src, sp->arg_pos, raw);
    return hle_format_emit_float(s, sp, 0.0, raw);
  }
  return hle_format_emit_float(s, sp, arg_double(src, sp->arg_pos), NULL);
}

/* ---- the directive loop ------------------------------------------------------------- */

/* Reads a decimal number; false if it does not fit in an int. */
static bool parse_int(const char **p, int *out) {
  long v = 0;
  while (**p >= '0' && **p <= '9') {
    v = v * 10 + (**p - '0');
    if (v > INT_MAX) return false;
    (*p)++;
  }
  *out = (int)v;
  return true;
}

/* An unknown conversion is printed back as glibc does: '%', the flags it kept, width,
 * precision and the character (length modifiers dropped). */
static void emit_unknown(struct format_sink *s, const struct fmt_spec *sp) {
  char buf[48];
  size_t n = 0;
  buf[n++] = '%';
  if (sp->alt) buf[n++] = '#';
  if (sp->group) buf[n++] = '\'';
  if (sp->plus) buf[n++] = '+';
  else if (sp->space) buf[n++] = ' ';
  if (sp->left) buf[n++] = '-';
  else if (sp->zero) buf[n++] = '0';
  if (sp->width) n += (size_t)snprintf(buf + n, sizeof buf - n, "%d", sp->width);
  if (sp->prec >= 0) n += (size_t)snprintf(buf + n, sizeof buf - n, ".%d", sp->prec);
  buf[n++] = sp->conv;
  hle_format_sink_put(s, buf, n);
}

static void store_count(struct arg_source *src, int pos, enum fmt_length len,
                        size_t total) {
  void *p = (void *)(uintptr_t)arg_gp(src, pos);
  if (!p) return; /* glibc would fault; a clear no-op is kinder to the emulator */
  switch (len) {
    case LEN_HH: *(signed char *)p = (signed char)total; break;
    case LEN_H: *(short *)p = (short)total; break;
    case LEN_NONE: *(int *)p = (int)total; break;
    default: *(int64_t *)p = (int64_t)total; break;
  }
}

/* A directive before its arguments are fetched: '*' widths and precisions are pending. */
struct directive {
  struct fmt_spec sp;
  bool width_star, prec_star;
  int width_pos, prec_pos; /* positional "*m$" (0 otherwise) */
  bool positional;         /* the value was given as "%n$" */
};

/* Reads "n$" at *P if present: returns n (1..NL_ARGMAX) and advances, else 0. */
#define FMT_ARG_MAX 4096
static int parse_position(const char **p, int *error) {
  const char *q = *p;
  if (*q < '1' || *q > '9') return 0;
  int n;
  if (!parse_int(&q, &n) || *q != '$') return 0;
  if (n > FMT_ARG_MAX) {
    *error = GUEST_EINVAL;
    return 0;
  }
  *p = q + 1;
  return n;
}

/* Parses the directive after '%' at *P. Returns false with *ERROR set on a bad one. */
static bool parse_directive(const char **pp, struct directive *d, int *error) {
  const char *p = *pp;
  memset(d, 0, sizeof *d);
  d->sp.prec = -1;
  d->sp.arg_pos = parse_position(&p, error);
  if (*error) return false;
  d->positional = d->sp.arg_pos != 0;
  for (;; p++) {
    if (*p == '-') d->sp.left = true;
    else if (*p == '+') d->sp.plus = true;
    else if (*p == ' ') d->sp.space = true;
    else if (*p == '#') d->sp.alt = true;
    else if (*p == '0') d->sp.zero = true;
    else if (*p == '\'') d->sp.group = true; /* no grouping in the C locale */
    else if (*p == 'I') continue;             /* locale digits: none in the C locale */
    else break;
  }
  if (*p >= '1' && *p <= '9') {
    if (!parse_int(&p, &d->sp.width)) return *error = FMT_EOVERFLOW, false;
  } else if (*p == '*') {
    p++;
    d->width_star = true;
    d->width_pos = parse_position(&p, error);
    if (*error) return false;
  }
  if (*p == '.') {
    p++;
    if (*p == '*') {
      p++;
      d->prec_star = true;
      d->prec_pos = parse_position(&p, error);
      if (*error) return false;
    } else if (!parse_int(&p, &d->sp.prec)) {
      return *error = FMT_EOVERFLOW, false;
    }
  }
  switch (*p) {
    case 'h':
      if (p[1] == 'h') d->sp.length = LEN_HH, p += 2;
      else d->sp.length = LEN_H, p++;
      break;
    case 'l':
      if (p[1] == 'l') d->sp.length = LEN_LL, p += 2;
      else d->sp.length = LEN_L, p++;
      break;
    case 'q': d->sp.length = LEN_LL, p++; break;
    case 'L': d->sp.length = LEN_BIG_L, p++; break;
    case 'j': d->sp.length = LEN_J, p++; break;
    case 'z': case 'Z': d->sp.length = LEN_Z, p++; break;
    case 't': d->sp.length = LEN_T, p++; break;
    default: break;
  }
  d->sp.conv = *p;
  if (d->sp.conv == '\0') return *error = GUEST_EINVAL, false; /* ended inside a directive */
  *pp = p + 1;
  return true;
}

enum arg_kind { ARG_UNUSED, ARG_GP, ARG_DOUBLE, ARG_LONG_DOUBLE };

/* The argument kind a conversion consumes (ARG_UNUSED for %% and unknown ones). */
static enum arg_kind conversion_kind(const struct fmt_spec *sp) {
  switch (sp->conv) {
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'c': case 'C':
    case 's': case 'S': case 'p': case 'n':
      return ARG_GP;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
      return sp->length == LEN_BIG_L ? ARG_LONG_DOUBLE : ARG_DOUBLE;
    default:
      return ARG_UNUSED;
  }
}

static bool format_one(struct format_sink *s, struct directive *d, struct arg_source *src,
                       int *error) {
  struct fmt_spec sp = d->sp;
  if (d->width_star) {
    int w = (int)arg_gp(src, d->width_pos);
    if (w < 0) {
      sp.left = true;
      if (w == INT_MIN) return *error = FMT_EOVERFLOW, false;
      w = -w;
    }
    sp.width = w;
  }
  if (d->prec_star) {
    int pr = (int)arg_gp(src, d->prec_pos);
    sp.prec = pr < 0 ? -1 : pr;
  }
  if (sp.left) sp.zero = false;
  if (sp.plus) sp.space = false;
  int pos = sp.arg_pos;

  switch (sp.conv) {
    case 'd': case 'i': {
      int64_t v = fetch_signed(src, pos, sp.length);
      uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
      emit_integer(s, &sp, mag, v < 0, true);
      break;
    }
    case 'u': case 'o': case 'x': case 'X':
      emit_integer(s, &sp, fetch_unsigned(src, pos, sp.length), false, false);
      break;
    case 'p': {
      /* FreeBSD's libc (the console's base), not glibc: always "0x" and the hex digits,
       * so NULL is "0x0" (glibc prints "(nil)") */
      uint64_t v = arg_gp(src, pos);
      sp.length = LEN_L;
      emit_integer(s, &sp, v, false, false); /* no sign: FreeBSD ignores '+' and ' ' */
      break;
    }
    case 'c': case 'C':
      if (sp.conv == 'C' || sp.length == LEN_L) {
        uint32_t wc[2] = {(uint32_t)arg_gp(src, pos), 0};
        struct fmt_spec ns = sp;
        ns.prec = -1;
        if (wc[0] == 0) { /* a NUL wide char still prints one byte */
          hle_format_emit_field(s, &ns, "", 0, 0, "", 1, false);
        } else if (!emit_wide_string(s, &ns, wc)) {
          return *error = FMT_EILSEQ, false;
        }
      } else {
        char c = (char)arg_gp(src, pos);
        hle_format_emit_field(s, &sp, "", 0, 0, &c, 1, false);
      }
      break;
    case 's': case 'S': {
      const void *str = (const void *)(uintptr_t)arg_gp(src, pos);
      if (!str) {
        emit_string(s, &sp, sp.prec < 0 || sp.prec >= 6 ? "(null)" : "");
      } else if (sp.conv == 'S' || sp.length == LEN_L) {
        if (!emit_wide_string(s, &sp, str)) return *error = FMT_EILSEQ, false;
      } else {
        emit_string(s, &sp, str);
      }
      break;
    }
    case 'n':
      store_count(src, pos, sp.length, s->total);
      break;
    case 'm': { /* the message of the (guest's) errno, like %s: glibc and newer FreeBSD
                 * libcs; what the console's libc prints is not known (docs/hle.md) */
      static bool logged;
      if (!logged) {
        logged = true;
        LOG(hle, WARN, "printf: %%m prints the errno message; the console's behaviour is "
                       "unverified");
      }
      int e = *hle_errno_location();
      const char *msg = hle_errno_message(e);
      char unknown[40];
      if (!msg) {
        snprintf(unknown, sizeof unknown, "Unknown error: %d", e);
        msg = unknown;
      }
      emit_string(s, &sp, msg);
      break;
    }
    case '%':
      hle_format_sink_char(s, '%');
      break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
      if (!emit_float(s, &sp, src)) return *error = FMT_EOVERFLOW, false;
      break;
    default:
      emit_unknown(s, &sp);
      break;
  }
  return true;
}

/* Positional formats ("%2$s %1$d"): finds every argument's kind, then reads them all from
 * the va_list in order. Returns the table (host memory, caller frees) or NULL with *ERROR
 * set; *COUNT gets the highest position used. Unused positions are read as integers. */
static union arg_value *positional_collect(const char *fmt, struct guest_va_list *ap,
                                           int *count, int *error) {
  static _Thread_local uint8_t kinds[FMT_ARG_MAX + 1];
  memset(kinds, ARG_UNUSED, sizeof kinds);
  int max = 0;
  for (const char *p = strchr(fmt, '%'); p; p = strchr(p, '%')) {
    p++;
    struct directive d;
    if (!parse_directive(&p, &d, error)) return NULL;
    enum arg_kind k = conversion_kind(&d.sp);
    if (d.sp.conv == '%') continue;
    if (!d.positional || (d.width_star && !d.width_pos) || (d.prec_star && !d.prec_pos)) {
      *error = GUEST_EINVAL; /* positional and sequential arguments mixed */
      return NULL;
    }
    int uses[3][2] = {{k != ARG_UNUSED ? d.sp.arg_pos : 0, (int)k},
                      {d.width_star ? d.width_pos : 0, ARG_GP},
                      {d.prec_star ? d.prec_pos : 0, ARG_GP}};
    for (int u = 0; u < 3; u++) {
      int pos = uses[u][0];
      if (!pos) continue;
      if (kinds[pos] != ARG_UNUSED && kinds[pos] != uses[u][1]) {
        *error = GUEST_EINVAL; /* one argument read as two different types */
        return NULL;
      }
      kinds[pos] = (uint8_t)uses[u][1];
      if (pos > max) max = pos;
    }
  }
  union arg_value *vals = calloc((size_t)(max ? max : 1), sizeof *vals);
  if (!vals) {
    *error = FMT_EOVERFLOW;
    return NULL;
  }
  for (int i = 1; i <= max; i++) {
    switch ((enum arg_kind)kinds[i]) {
      case ARG_DOUBLE: vals[i - 1].d = guest_va_next_double(ap); break;
      case ARG_LONG_DOUBLE: guest_va_next_long_double(ap, vals[i - 1].ld); break;
      default: vals[i - 1].gp = guest_va_next_gp(ap); break;
    }
  }
  *count = max;
  return vals;
}

/* True if the first directive of FMT names its argument ("%n$"): glibc then treats the
 * whole format as positional. */
static bool format_is_positional(const char *fmt) {
  for (const char *p = strchr(fmt, '%'); p; p = strchr(p + 2, '%')) {
    if (p[1] == '%') continue;
    const char *q = p + 1;
    int error = 0;
    return parse_position(&q, &error) != 0 || error != 0;
  }
  return false;
}

int hle_format_run(struct format_sink *s, const char *fmt, struct guest_va_list *ap, int *err) {
  int error = 0;
  if (!fmt) {
    sink_finish(s);
    if (err) *err = GUEST_EINVAL;
    return -1;
  }
  struct arg_source src = {ap, NULL, 0};
  union arg_value *vals = NULL;
  if (format_is_positional(fmt)) {
    vals = positional_collect(fmt, ap, &src.count, &error);
    src.vals = vals;
  }
  const char *p = fmt;
  while (*p && !error) {
    const char *pct = strchr(p, '%');
    if (!pct) {
      hle_format_sink_put(s, p, strlen(p));
      break;
    }
    hle_format_sink_put(s, p, (size_t)(pct - p));
    p = pct + 1;
    struct directive d;
    if (!parse_directive(&p, &d, &error)) break;
    if (!vals && d.positional) {
      error = GUEST_EINVAL; /* "%n$" after sequential directives */
      break;
    }
    if (!format_one(s, &d, &src, &error)) break;
  }
  free(vals);
  sink_finish(s);
  if (!error && s->failed) error = FMT_EIO;
  if (!error && s->total > INT_MAX) error = FMT_EOVERFLOW;
  if (error) {
    if (err) *err = error;
    return -1;
  }
  return (int)s->total;
}
