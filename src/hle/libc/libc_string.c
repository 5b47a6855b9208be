/* libc: string functions that allocate on the guest heap or report through the guest's
 * errno. The pure ones (memcpy, strlen, ...) are bound to the host's directly in the table:
 * same ABI, same semantics, no extra call. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hle/guest_errno.h"
#include "hle/libc/libc.h"

char *libc_strdup(const char *s) {
  size_t n = strlen(s);
  char *p = libc_malloc(n + 1);
  if (p) memcpy(p, s, n + 1);
  return p;
}

char *libc_strndup(const char *s, size_t n) {
  size_t len = strnlen(s, n);
  char *p = libc_malloc(len + 1);
  if (p) {
    memcpy(p, s, len);
    p[len] = '\0';
  }
  return p;
}

/* strerror family with FreeBSD's messages for the guest's errno numbers. */
#define UNKNOWN_ERROR_CAP 40

/* The message of E, or "Unknown error: E" written to SCRATCH (UNKNOWN_ERROR_CAP bytes). */
static const char *error_message(int e, char *scratch) {
  const char *m = hle_errno_message(e);
  if (m) return m;
  snprintf(scratch, UNKNOWN_ERROR_CAP, "Unknown error: %d", e);
  return scratch;
}

static _Thread_local char unknown_error[UNKNOWN_ERROR_CAP];

char *libc_strerror(int e) { return (char *)error_message(e, unknown_error); }

int libc_strerror_r(int e, char *buf, size_t cap) {
  char tmp[UNKNOWN_ERROR_CAP];
  const char *m = error_message(e, tmp);
  size_t n = libc_strlcpy(buf, m, cap);
  if (m == tmp) return GUEST_EINVAL;
  return n < cap ? 0 : GUEST_ERANGE;
}

/* BSD strlcpy/strlcat (glibc 2.36 has neither): copy at most CAP-1 bytes, always
 * terminate when CAP > 0, return the length of the string they tried to create. */
size_t libc_strlcpy(char *dst, const char *src, size_t cap) {
  size_t n = strlen(src);
  if (cap > 0) {
    size_t k = n < cap - 1 ? n : cap - 1;
    memcpy(dst, src, k);
    dst[k] = '\0';
  }
  return n;
}

size_t libc_strlcat(char *dst, const char *src, size_t cap) {
  size_t d = strnlen(dst, cap);
  if (d == cap) return cap + strlen(src); /* no terminator within CAP: nothing appended */
  return d + libc_strlcpy(dst + d, src, cap - d);
}

/* Runs a host conversion and hands a changed errno on to the guest's. */
#define WITH_GUEST_ERRNO(expr)                            \
  ({                                                      \
    int saved_ = errno;                                   \
    errno = 0;                                            \
    __auto_type r_ = (expr);                              \
    if (errno) hle_errno_set(hle_errno_from_host(errno)); \
    errno = saved_;                                       \
    r_;                                                   \
  })

long libc_strtol(const char *s, char **end, int base) {
  return WITH_GUEST_ERRNO(strtol(s, end, base));
}
unsigned long libc_strtoul(const char *s, char **end, int base) {
  return WITH_GUEST_ERRNO(strtoul(s, end, base));
}
long long libc_strtoll(const char *s, char **end, int base) {
  return WITH_GUEST_ERRNO(strtoll(s, end, base));
}
unsigned long long libc_strtoull(const char *s, char **end, int base) {
  return WITH_GUEST_ERRNO(strtoull(s, end, base));
}
double libc_strtod(const char *s, char **end) { return WITH_GUEST_ERRNO(strtod(s, end)); }
