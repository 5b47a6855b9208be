/* The fixed-point rules of image sampling (docs/shader-spirv.md, *Sampling*) written in C
 * for the tests' expected values: coordinates and LODs in 1/256 steps, the address modes'
 * texel index, the 1/256-weight blend. Shared by gpu.shader_sample and gpu.shader_cube; include
 * after cmocka (the address modes fail() on a mode the rules do not know). */
#ifndef PROSPERO_TESTS_SHADER_SPIRV_SAMPLE_RULES_H
#define PROSPERO_TESTS_SHADER_SPIRV_SAMPLE_RULES_H

#include <math.h>
#include <stdint.h>

#include "gpu/shader/ir/ir_ssharp.h"

/* floor(v * 256), NaN as 0, v clamped to ±2^22 */
static inline int32_t steps(float v) {
  if (isnan(v)) return 0;
  v = fminf(fmaxf(v, -0x1p22f), 0x1p22f);
  return (int32_t)floorf(v * 256.0f);
}

/* floor(128 · log2 X) for rho² = X, the LOD in 1/256 steps, by the document's rule: the
 * exponent, then seven binary digits of log2 of the significand by squaring (f32) */
static inline int32_t lod_steps(float x) {
  if (isnan(x)) return 0;
  if (isinf(x)) return 4096;
  if (x < 0x1p-126f) return -4096;
  int e;
  float m = 2.0f * frexpf(x, &e); /* x = m · 2^(e - 1), m in [1, 2) */
  int32_t k = 0;
  for (int j = 0; j < 7; j++) {
    float sq = m * m;
    k *= 2;
    if (sq >= 2.0f) {
      k += 1;
      m = sq / 2.0f;
    } else {
      m = sq;
    }
  }
  return (e - 1) * 128 + k;
}

/* the index of texel I on an axis of N under MODE; -1: the border colour */
static inline int32_t wrap_mode(uint32_t mode, int32_t i, int32_t n) {
  int32_t m2 = 2 * n;
  switch (mode) {
    case IR_CLAMP_WRAP: return ((i % n) + n) % n;
    case IR_CLAMP_MIRROR: {
      int32_t k = ((i % m2) + m2) % m2;
      return k < n ? k : m2 - 1 - k;
    }
    case IR_CLAMP_LAST_TEXEL: return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
    case IR_CLAMP_MIRROR_ONCE_LAST_TEXEL: {
      int32_t k = i < 0 ? -i - 1 : i;
      return k > n - 1 ? n - 1 : k;
    }
    case IR_CLAMP_HALF_BORDER: /* the coordinate is clamped first (ref_texels) */
    case IR_CLAMP_MIRROR_ONCE_HALF_BORDER:
    case IR_CLAMP_BORDER: return i < 0 || i >= n ? -1 : i;
    case IR_CLAMP_MIRROR_ONCE_BORDER: {
      int32_t k = i < 0 ? -i - 1 : i;
      return k >= n ? -1 : k;
    }
    default: fail(); return 0;
  }
}

static inline float lerp256(float a, float b, int32_t f) {
  if (f == 0) return a;
  float x = a * ((float)(256 - f) / 256.0f);
  float y = b * ((float)f / 256.0f);
  return x + y;
}

#endif
