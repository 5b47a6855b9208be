/* scanf engine (see scan.h). */
#include "hle/libc/scan.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "hle/guest_errno.h"

#define TOKEN_MAX 512 /* longest numeric token kept (longer ones are cut, like a width) */

enum scan_length { SL_NONE, SL_HH, SL_H, SL_L, SL_LL, SL_BIG_L };

struct scan_state {
  const char *in;  /* next unread input byte */
  size_t consumed; /* for %n */
  int assigned;
  bool input_failure;
};

static bool is_space(char c) { return isspace((unsigned char)c) != 0; }

static void skip_space(struct scan_state *st) {
  while (*st->in && is_space(*st->in)) st->in++, st->consumed++;
}

static void *next_pointer(struct guest_va_list *ap) {
  return (void *)(uintptr_t)guest_va_next_gp(ap);
}

static void store_integer(void *p, enum scan_length len, uint64_t v) {
  if (!p) return;
  switch (len) {
    case SL_HH: *(uint8_t *)p = (uint8_t)v; break;
    case SL_H: *(uint16_t *)p = (uint16_t)v; break;
    case SL_NONE: *(uint32_t *)p = (uint32_t)v; break;
    default: memcpy(p, &v, 8); break;
  }
}

/* Collects an integer token of at most WIDTH bytes in BASE (0 = by prefix, like %i): sign,
 * "0x" when the base allows it, digits. Like glibc, a "0x" is consumed even when no hex
 * digit follows (the value is then the 0). Returns its length, 0 when nothing matched. */
static size_t collect_integer(const char *s, size_t width, int *base) {
  size_t n = 0, digits = 0;
  if (n < width && (s[n] == '+' || s[n] == '-')) n++;
  if (n < width && s[n] == '0' && (*base == 0 || *base == 16)) {
    n++, digits++;
    if (n < width && (s[n] == 'x' || s[n] == 'X')) n++, *base = 16;
    else if (*base == 0) *base = 8;
  } else if (*base == 0) {
    *base = 10;
  }
  while (n < width) {
    char c = s[n];
    int d = isdigit((unsigned char)c) ? c - '0'
            : isalpha((unsigned char)c) ? tolower((unsigned char)c) - 'a' + 10
                                        : 99;
    if (d >= *base) break;
    n++;
    digits++;
  }
  return digits ? n : 0;
}

/* Collects a floating-point token (at most WIDTH bytes) as strtod would read it. */
static size_t collect_float(const char *s, size_t width) {
  char tmp[TOKEN_MAX + 1];
  size_t w = width < TOKEN_MAX ? width : TOKEN_MAX;
  size_t n = strnlen(s, w);
  memcpy(tmp, s, n);
  tmp[n] = '\0';
  char *end;
  strtold(tmp, &end);
  size_t k = (size_t)(end - tmp);
  if (k == 0) return 0;
  /* "0x" without hex digits: glibc has read the 'x' and fails, unless the width ended
   * right there */
  size_t sign = tmp[0] == '+' || tmp[0] == '-';
  if (k == sign + 1 && n >= sign + 2 && tmp[sign] == '0' && (tmp[sign + 1] | 0x20) == 'x' &&
      (n > sign + 2 || n < width))
    return 0;
  /* glibc reads an exponent marker (and its sign) before finding it has no digits, and
   * cannot give it back: "1.5e" is consumed whole and converts as 1.5 */
  bool hex = memchr(tmp, 'x', k) || memchr(tmp, 'X', k);
  if (k < n && (hex ? (tmp[k] == 'p' || tmp[k] == 'P') : (tmp[k] == 'e' || tmp[k] == 'E'))) {
    k++;
    if (k < n && (tmp[k] == '+' || tmp[k] == '-')) k++;
  }
  return k;
}

/* Parses a scanset after '[' at *PP into SET (256 flags). False if it is not closed. */
static bool parse_scanset(const char **pp, bool set[256]) {
  const char *p = *pp;
  bool negate = false;
  if (*p == '^') negate = true, p++;
  memset(set, 0, 256);
  if (*p == ']') set[(unsigned char)']'] = true, p++;
  while (*p && *p != ']') {
    unsigned char a = (unsigned char)*p;
    if (p[1] == '-' && p[2] && p[2] != ']' && (unsigned char)p[2] >= a) {
      for (unsigned c = a; c <= (unsigned char)p[2]; c++) set[c] = true;
      p += 3;
    } else {
      set[a] = true;
      p++;
    }
  }
  if (*p != ']') return false;
  if (negate)
    for (int c = 0; c < 256; c++) set[c] = !set[c];
  set[0] = false;
  *pp = p + 1;
  return true;
}

/* %lc, %ls, %l[: the matched bytes as wide characters. In the C locale each byte is one
 * character; the guest's wchar_t is 32-bit (the SDK's FreeBSD target, as in format.c). */
static void store_wide(void *dst, const char *src, size_t n, bool terminate) {
  for (size_t i = 0; i < n; i++) {
    uint32_t wc = (unsigned char)src[i];
    memcpy((uint8_t *)dst + 4 * i, &wc, 4);
  }
  if (terminate) memset((uint8_t *)dst + 4 * n, 0, 4);
}

/* One conversion. Returns false to stop (matching or input failure). */
static bool scan_one(struct scan_state *st, const char **pp, struct guest_va_list *ap,
                     int *err) {
  const char *p = *pp;
  bool suppress = false;
  if (*p == '*') suppress = true, p++;
  /* Not implemented (sscanf is partial, docs/hle.md): positional arguments (%N$) and the
   * allocating %m; whether the console's libc has them is not known. EINVAL, logged once. */
  const char *q = p;
  while (isdigit((unsigned char)*q)) q++;
  if ((q != p && *q == '$') || *p == 'm') {
    static bool logged;
    if (!logged) {
      logged = true;
      LOG(hle, WARN, "sscanf: %s is not implemented", *p == 'm' ? "%m" : "%N$ (positional)");
    }
    *err = GUEST_EINVAL;
    return false;
  }
  size_t width = 0;
  while (isdigit((unsigned char)*p)) {
    width = width * 10 + (size_t)(*p - '0');
    if (width > (1u << 30)) width = 1u << 30;
    p++;
  }
  enum scan_length len = SL_NONE;
  switch (*p) {
    case 'h': len = p[1] == 'h' ? (p++, SL_HH) : SL_H; p++; break;
    case 'l': len = p[1] == 'l' ? (p++, SL_LL) : SL_L; p++; break;
    case 'q': case 'j': case 'z': case 't': len = SL_LL; p++; break;
    case 'L': len = SL_BIG_L; p++; break;
    default: break;
  }
  char conv = *p;
  if (!conv) {
    *err = GUEST_EINVAL;
    return false;
  }
  p++;
  *pp = p;

  if (conv != '[' && conv != 'c' && conv != 'n') skip_space(st);
  if (conv == 'n') {
    if (!suppress) store_integer(next_pointer(ap), len, st->consumed);
    return true;
  }
  if (conv == '%') {
    if (*st->in != '%') {
      st->input_failure = *st->in == '\0';
      return false;
    }
    st->in++, st->consumed++;
    return true;
  }
  if (*st->in == '\0') {
    st->input_failure = true;
    return false;
  }
  size_t w = width ? width : SIZE_MAX;

  switch (conv) {
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'p': {
      int base = conv == 'd' || conv == 'u' ? 10 : conv == 'o' ? 8 : conv == 'i' ? 0 : 16;
      size_t n = collect_integer(st->in, w, &base);
      if (n == 0) return false;
      char tmp[TOKEN_MAX + 1];
      size_t k = n < TOKEN_MAX ? n : TOKEN_MAX;
      memcpy(tmp, st->in, k);
      tmp[k] = '\0';
      uint64_t v = conv == 'd' || conv == 'i' ? (uint64_t)strtoll(tmp, NULL, base)
                                              : (uint64_t)strtoull(tmp, NULL, base);
      st->in += n, st->consumed += n;
      if (!suppress) {
        store_integer(next_pointer(ap), conv == 'p' ? SL_LL : len, v);
        st->assigned++;
      }
      return true;
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A': {
      size_t n = collect_float(st->in, w);
      if (n == 0) return false;
      char tmp[TOKEN_MAX + 1];
      memcpy(tmp, st->in, n);
      tmp[n] = '\0';
      st->in += n, st->consumed += n;
      if (!suppress) {
        void *dst = next_pointer(ap);
        if (dst) {
          if (len == SL_BIG_L) {
            long double v = strtold(tmp, NULL);
            memcpy(dst, &v, 10);
          } else if (len == SL_L) {
            double v = strtod(tmp, NULL);
            memcpy(dst, &v, sizeof v);
          } else {
            float v = strtof(tmp, NULL);
            memcpy(dst, &v, sizeof v);
          }
        }
        st->assigned++;
      }
      return true;
    }
    case 'c': {
      size_t count = width ? width : 1;
      size_t avail = strnlen(st->in, count);
      if (avail == 0) return st->input_failure = true, false;
      if (!suppress) {
        char *dst = next_pointer(ap);
        if (dst && len == SL_L) store_wide(dst, st->in, avail, false);
        else if (dst) memcpy(dst, st->in, avail);
        st->assigned++;
      }
      st->in += avail, st->consumed += avail;
      return true; /* like glibc, a short read at the end of the input still counts */
    }
    case 's': case '[': {
      bool set[256];
      if (conv == '[') {
        if (!parse_scanset(pp, set)) {
          *err = GUEST_EINVAL;
          return false;
        }
      } else {
        for (int c = 0; c < 256; c++) set[c] = c != 0 && !is_space((char)c);
      }
      size_t n = 0;
      while (n < w && set[(unsigned char)st->in[n]]) n++;
      if (n == 0) return false;
      if (!suppress) {
        char *dst = next_pointer(ap);
        if (dst && len == SL_L) {
          store_wide(dst, st->in, n, true);
        } else if (dst) {
          memcpy(dst, st->in, n);
          dst[n] = '\0';
        }
        st->assigned++;
      }
      st->in += n, st->consumed += n;
      return true;
    }
    default:
      *err = GUEST_EINVAL;
      return false;
  }
}

int scan_run(const char *input, const char *fmt, struct guest_va_list *ap, int *err) {
  int error = 0;
  if (!input || !fmt) {
    if (err) *err = GUEST_EINVAL;
    return -1;
  }
  struct scan_state st = {.in = input};
  const char *p = fmt;
  while (*p) {
    if (is_space(*p)) {
      while (is_space(*p)) p++;
      skip_space(&st);
      continue;
    }
    if (*p != '%') {
      if (*st.in != *p) {
        if (*st.in == '\0') st.input_failure = true;
        break;
      }
      st.in++, st.consumed++, p++;
      continue;
    }
    p++;
    if (!scan_one(&st, &p, ap, &error)) break;
  }
  if (error) {
    if (err) *err = error;
    return -1;
  }
  /* like glibc: EOF when the input ran out before anything was assigned */
  if (st.assigned == 0 && st.input_failure) return -1;
  return st.assigned;
}
