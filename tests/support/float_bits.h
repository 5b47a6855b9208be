/* The bits of a float and back, and the value of a finite binary16, for tests that compute
 * expected values in C (host IEEE arithmetic). */
#ifndef PROSPERO_TESTS_SUPPORT_FLOAT_BITS_H
#define PROSPERO_TESTS_SUPPORT_FLOAT_BITS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline uint32_t f2u(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static inline float u2f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
/* a binary16's value: normal or denormal (exponent 31, infinities and NaNs, not handled) */
static inline float float_of_finite_half(uint32_t h) {
  uint32_t e = h >> 10 & 31, m = h & 1023;
  double v = e ? ldexp(m + 1024.0, (int)e - 25) : ldexp(m, -24);
  return (float)(h & 0x8000 ? -v : v);
}

#endif
