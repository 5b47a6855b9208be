/* libc: string functions that allocate on the guest heap or report through the guest's
 * errno. The pure ones (memcpy, strlen, ...) are bound to the host's directly in the table:
 * same ABI, same semantics, no extra call. */
#include <errno.h>
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

/* Runs a host conversion and hands a changed errno on to the guest's. */
#define WITH_GUEST_ERRNO(expr)                                 \
  ({                                                           \
    int saved_ = errno;                                        \
    errno = 0;                                                 \
    __auto_type r_ = (expr);                                   \
    if (errno) guest_errno_set(guest_errno_from_host(errno));  \
    errno = saved_;                                            \
    r_;                                                        \
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
