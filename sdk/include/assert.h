/* assert(): on failure prints the expression and its place to stderr, then abort()s.
 * Disabled by NDEBUG, as in standard C. Header-only (no HLE function of its own). */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#include <stdio.h>
#include <stdlib.h>
#define assert(e) \
  ((e) ? (void)0 : __prospero_assert_fail(#e, __FILE__, __LINE__, __func__))
#ifndef _PROSPERO_ASSERT_FAIL
#define _PROSPERO_ASSERT_FAIL
static inline __attribute__((__noreturn__, __unused__)) void __prospero_assert_fail(
    const char *expr, const char *file, int line, const char *func) {
  fprintf(stderr, "%s:%d: %s: assertion '%s' failed\n", file, line, func, expr);
  abort();
}
#endif
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
#ifndef static_assert
#define static_assert _Static_assert
#endif
#endif
