/* The float rules of docs/shader-float.md: GFX10 kernels (llvm-mc-19 at test time) apply one
 * operation to per-lane operands covering the special cases (zeros of both signs,
 * denormals, infinities, NaNs, negative inputs, rounding ties, overflow and underflow);
 * the results of the IR interpreter and of the emitted module on the Vulkan device
 * (lavapipe in CI) must be the values computed here in C from the rules, byte for byte.
 * A host-only part checks the interpreter's rules (ir_float.c) against independent
 * references on many more inputs. */
#include "xl_test_harness.h"

#include <math.h>
#include <unistd.h>

#include "common/log.h"

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_float.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "vk_test_device.h"

#include "float_wave.h"

static vk_device *dev;
static unsigned kernels_passed, chains_agreed;

/* operand k of lane L at IN + 256 k + 4 L */

static uint32_t rng_state = 12345;
static uint32_t rnd(void) { return xorshift32(&rng_state); }
static bool isnan32(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

/* ---- references from the rules ------------------------------------------------------- */

/* fma: IEEE fused multiply-add (the C library's fmaf); NaN: the first NaN operand
 * quieted, an invalid operation the default NaN 0x7fc00000 */
static uint32_t ref_fma(uint32_t a, uint32_t b, uint32_t c) {
  if (isnan32(a)) return a | 0x400000u;
  if (isnan32(b)) return b | 0x400000u;
  if (isnan32(c)) return c | 0x400000u;
  float r = fmaf(flt(a), flt(b), flt(c));
  return isnan(r) ? 0x7fc00000u : bits(r);
}

/* 1/sqrt(a) correctly rounded, decided with integers: a = A 2^ea, a candidate's midpoint
 * mid = M 2^em (M odd); 1/sqrt(a) > mid exactly when A M^2 2^(ea + 2 em) < 1 */
static int cmp_a_mid2(uint32_t a, uint64_t M, int em) { /* sign of a mid^2 - 1 */
  uint32_t ex = (a >> 23) & 255, A = a & 0x7fffff;
  int ea = ex ? (int)ex - 150 : -149;
  if (ex) A |= 0x800000;
  unsigned __int128 p = (unsigned __int128)A * M * M; /* < 2^76 */
  int k = ea + 2 * em;                                /* a mid^2 = p 2^k */
  if (k >= 0) return 1;                               /* p >= 1 and never exactly 1 here */
  if (-k >= 127) return -1;
  unsigned __int128 one = (unsigned __int128)1 << -k;
  return p > one ? 1 : p < one ? -1 : 0;
}
static void mid_of(uint32_t r, uint32_t next, uint64_t *M, int *em) { /* (r + next) / 2 */
  /* both positive normal floats; write each as an integer times 2^(e - 150) and add */
  int er = (int)((r >> 23) & 255) - 150, en = (int)((next >> 23) & 255) - 150;
  uint64_t R = (r & 0x7fffff) | 0x800000, N = (next & 0x7fffff) | 0x800000;
  int e = er < en ? er : en;
  uint64_t s = (R << (er - e)) + (N << (en - e)); /* sum = s 2^e; mid = s 2^(e - 1) */
  while (!(s & 1)) {
    s >>= 1;
    e++;
  }
  *M = s;
  *em = e - 1;
}
static uint32_t ref_rsq(uint32_t a) {
  if (isnan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) == 0) return a ? 0xff800000u : 0x7f800000u;
  if (a >> 31) return 0x7fc00000u;
  if (a == 0x7f800000u) return 0;
  uint32_t r = bits((float)(1.0L / sqrtl((long double)flt(a))));
  for (;;) {
    uint64_t M;
    int em;
    mid_of(r, r + 1, &M, &em);
    if (cmp_a_mid2(a, M, em) < 0) { /* 1/sqrt(a) above the upper midpoint */
      r++;
      continue;
    }
    mid_of(r - 1, r, &M, &em);
    if (cmp_a_mid2(a, M, em) > 0) {
      r--;
      continue;
    }
    return r;
  }
}

/* ldexp: the C library's ldexpf (one rounding); NaN quieted */
static uint32_t ref_ldexp(uint32_t a, uint32_t n) {
  if (isnan32(a)) return a | 0x400000u;
  return bits(ldexpf(flt(a), (int32_t)n));
}

/* binary16 from its definition */
static double half_value(uint16_t h) {
  int e = (h >> 10) & 31;
  double m = h & 1023;
  if (e == 31) return m ? NAN : (h & 0x8000 ? -INFINITY : INFINITY);
  double v = e ? ldexp(m + 1024, e - 25) : ldexp(m, -24);
  return h & 0x8000 ? -v : v;
}
static uint16_t half_round(double d) { /* nearest even; d finite or infinite */
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  double a = fabs(d);
  if (isinf(a)) return sign | 0x7c00;
  int e;
  frexp(a, &e);
  double ulp = e - 1 < -14 ? ldexp(1, -24) : ldexp(1, e - 11);
  double q = a / ulp, r = floor(q);
  if (q - r > 0.5 || (q - r == 0.5 && fmod(r, 2) == 1)) r += 1;
  double v = r * ulp;
  if (v >= 65520.0) return sign | 0x7c00;
  if (v < ldexp(1, -14)) return sign | (uint16_t)(v / ldexp(1, -24));
  frexp(v, &e);
  return sign | (uint16_t)((e - 1 + 15) << 10) |
         (uint16_t)((uint32_t)(v / ldexp(1, e - 11)) & 1023);
}
static bool isnan16(uint32_t h) { return (h & 0x7fff) > 0x7c00; }
/* hfma: one rounding of the exact a b + c (exact in double when the result is finite) */
static uint32_t ref_fma16(uint32_t a, uint32_t b, uint32_t c) {
  a &= 0xffff, b &= 0xffff, c &= 0xffff;
  if (isnan16(a)) return a | 0x200;
  if (isnan16(b)) return b | 0x200;
  if (isnan16(c)) return c | 0x200;
  double r = half_value((uint16_t)a) * half_value((uint16_t)b) + half_value((uint16_t)c);
  return isnan(r) ? 0x7e00 : half_round(r);
}

/* exp2, log2: the exact value rounded once (long double libm: 64-bit significands, far past
 * the 24 + 2 bits one rounding needs but at rare hard cases) with the special values of C */
static uint32_t ref_exp2(uint32_t a) {
  if (isnan32(a)) return a | 0x400000u;
  return bits((float)exp2l((long double)flt(a)));
}
static uint32_t ref_log2(uint32_t a) {
  if (isnan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) == 0) return 0xff800000u;
  if (a >> 31) return 0x7fc00000u;
  return bits((float)log2l((long double)flt(a)));
}
/* sin / cos of 2 pi a, a in turns: the ISA's range rule (|a| > 256: sin 0.0, cos 1.0), else
 * the exact value rounded once; quarter turns are exact (0, +-1: zero results are +0 but
 * sin(+-0)) */
static uint32_t ref_turns(uint32_t a, int cosine) {
  if (isnan32(a)) return a | 0x400000u;
  if (fabsf(flt(a)) > 256.0f) return cosine ? 0x3f800000u : 0;
  long double x = flt(a), r = x - rintl(x), q4 = 4 * r, q = rintl(q4), f = q4 - q;
  int k = ((int)q + cosine) & 3;
  long double th = f * 1.5707963267948966192313216916397514L;
  long double v = f == 0 ? (k & 1 ? 1.0L : 0.0L) : (k & 1 ? cosl(th) : sinl(th));
  if (k & 2) v = -v;
  uint32_t u = bits((float)v);
  if ((u & 0x7fffffffu) == 0) return !cosine && (a & 0x7fffffffu) == 0 ? a : 0;
  return u;
}

/* rcp and sqrt: correctly rounded (C's IEEE division and sqrtf); NaN quieted, sqrt of a
 * negative number the default NaN */
static uint32_t ref_rcp(uint32_t a) {
  if (isnan32(a)) return a | 0x400000u;
  return bits(1.0f / flt(a));
}
static uint32_t ref_sqrt(uint32_t a) {
  if (isnan32(a)) return a | 0x400000u;
  if (a > 0x80000000u) return 0x7fc00000u;
  return bits(sqrtf(flt(a)));
}
static uint32_t rcp_1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_rcp(a);
}
static uint32_t sqrt_1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_sqrt(a);
}

/* v_sqrt_f64: C's sqrt (IEEE, correctly rounded); NaN quieted, a < 0 the default NaN. The
 * operand is v[1:2] (lo, hi); one kernel stores the result's low dword, one the high. */
static uint64_t ref_sqrt64(uint32_t lo, uint32_t hi) {
  uint64_t a = (uint64_t)hi << 32 | lo;
  if ((a & ~(1ull << 63)) > 0x7ff0000000000000ull) return a | 1ull << 51;
  if (a > 1ull << 63) return 0x7ff8000000000000ull;
  double x;
  memcpy(&x, &a, 8);
  x = sqrt(x);
  memcpy(&a, &x, 8);
  return a;
}
static uint32_t sqrt64_lo(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return (uint32_t)ref_sqrt64(a, b);
}
static uint32_t sqrt64_hi(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return (uint32_t)(ref_sqrt64(a, b) >> 32);
}
static uint64_t ref_rcp64(uint32_t lo, uint32_t hi) {
  uint64_t a = (uint64_t)hi << 32 | lo;
  if ((a & ~(1ull << 63)) > 0x7ff0000000000000ull) return a | 1ull << 51;
  double x;
  memcpy(&x, &a, 8);
  x = 1.0 / x;
  memcpy(&a, &x, 8);
  return a;
}
static uint32_t rcp64_lo(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return (uint32_t)ref_rcp64(a, b);
}
static uint32_t rcp64_hi(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return (uint32_t)(ref_rcp64(a, b) >> 32);
}
static uint32_t rsq64_lo(uint32_t a, uint32_t b,
                         uint32_t c) { /* the rule: rsq64_rounds_correctly */
  (void)c;
  return (uint32_t)ir_float_rsq64((uint64_t)b << 32 | a);
}
static uint32_t rsq64_hi(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return (uint32_t)(ir_float_rsq64((uint64_t)b << 32 | a) >> 32);
}
static void make_f64(uint32_t *o) {
  static const uint64_t ds[] = {0,
                                1ull << 63,
                                1,
                                2,
                                3,
                                0x000fffffffffffffull,
                                0x0010000000000000ull,
                                0x3ff0000000000000ull,
                                0x4000000000000000ull,
                                0x4010000000000000ull,
                                0x7fefffffffffffffull,
                                0x7ff0000000000000ull,
                                0xfff0000000000000ull,
                                0x7ff8000000000000ull,
                                0x7ff0000000000001ull,
                                0xbff0000000000000ull,
                                0x8000000000000001ull,
                                0x3ff0000000000001ull,
                                0x3fefffffffffffffull,
                                0x0000000080000000ull};
  for (unsigned l = 0; l < LANES; l++) {
    uint64_t d = l < 20 ? ds[l] : ((uint64_t)rnd() << 32 | rnd()) & 0x7fffffffffffffffull;
    if (l >= 20 && l < 28) d &= 0x000fffffffffffffull;                              /* denormals */
    if (l >= 28 && l < 36) d = (d & 0x800fffffffffffffull) | 0x3ff0000000000000ull; /* [1, 2) */
    if (l >= 36 && l < 42) d = (d & 0x800fffffffffffffull) | 0x7fe0000000000000ull; /* 2^1023 */
    if (l >= 42 && l < 46) d = (d & 0x800fffffffffffffull) | 0x7fd0000000000000ull; /* 2^1022 */
    if (l >= 46 && l < 50) d = (d & 0x8000ffffffffffffull) | 0x0004000000000000ull; /* ~2^-1024 */
    o[l] = (uint32_t)d, o[LANES + l] = (uint32_t)(d >> 32);
  }
}

/* fract: OpenCL's definition, fmin(x - floor(x), 0x1.fffffep-1f), in f32; NaN quieted, and
 * +-inf (inf - inf) the default NaN */
static uint32_t ref_fract(uint32_t a) {
  if (isnan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) == 0x7f800000u) return 0x7fc00000u;
  volatile float x = flt(a), fl = floorf(x), d = x - fl;
  return bits(fminf(d, 0x1.fffffep-1f));
}

/* MAD (v_mad_f32, v_mac_f32): not fused, denormals flushed (operands, product, result) */
static uint32_t fmul_bits(uint32_t a, uint32_t b) { return bits(flt(a) * flt(b)); }
static uint32_t fadd_bits(uint32_t a, uint32_t b) { return bits(flt(a) + flt(b)); }
static uint32_t ref_mad(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t p = flush(fmul_bits(flush(a), flush(b)));
  return flush(fadd_bits(p, flush(c)));
}
/* DX9 legacy: a factor that is zero (a flushed denormal included, for the MAD forms) makes
 * the product +0 whatever the other one (inf, NaN); mac/mad legacy add with MAD rules */
static uint32_t ref_mad_legacy(uint32_t a, uint32_t b, uint32_t c) {
  a = flush(a), b = flush(b);
  uint32_t p = !(a & 0x7fffffffu) || !(b & 0x7fffffffu) ? 0 : flush(fmul_bits(a, b));
  return flush(fadd_bits(p, flush(c)));
}
static uint32_t ref_mul_legacy(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return !(a & 0x7fffffffu) || !(b & 0x7fffffffu) ? 0 : fmul_bits(a, b);
}

/* frexp: x = mant 2^exp with |mant| in [0.5, 1) (denormals normalised); +-0, +-inf and NaN
 * give themselves (unchanged) and exponent 0 */
static uint32_t ref_frexp_mant(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  if ((a & 0x7fffffffu) == 0 || (a & 0x7f800000u) == 0x7f800000u) return a;
  int e;
  return bits(frexpf(flt(a), &e));
}
static uint32_t ref_frexp_exp(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  if ((a & 0x7fffffffu) == 0 || (a & 0x7f800000u) == 0x7f800000u) return 0;
  int e;
  frexpf(flt(a), &e);
  return (uint32_t)e;
}

/* The f16 forms of the unary operations: the f32 rule on the exactly widened half, then one
 * rounding to f16 (docs/shader-ir.md: two roundings, as the IR defines them); a NaN is
 * 0x7e00 with its sign. The high half of the destination is kept (0 here). */
static uint32_t via_f32(uint32_t h, uint32_t (*f)(uint32_t)) {
  double v = half_value((uint16_t)(h & 0xffff));
  uint32_t r =
      f(isnan(v) ? (h & 0x8000u) << 16 | 0x7fc00000u | (h & 0x3ffu) << 13 : bits((float)v));
  if (isnan32(r)) return (r >> 16 & 0x8000u) | 0x7e00u;
  return half_round(flt(r));
}
static uint32_t rsq_h(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return via_f32(a, ref_rsq);
}
static uint32_t exp_h(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return via_f32(a, ref_exp2);
}
static uint32_t sin_h_f(uint32_t a) { return ref_turns(a, 0); }
static uint32_t sin_h(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return via_f32(a, sin_h_f);
}
static uint32_t sqrt_h(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return via_f32(a, ref_sqrt);
}

/* ---- operands -------------------------------------------------------------------------- */

static const uint32_t specials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00400000, 0x00800000, 0x3f800000,
    0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc00123,
    0x3f800001, 0x3f7fffff, 0x40800000, 0x3e800000, 0x4b000001, 0x33800000, 0x0c000000, 0x72000000,
};
#define NSPEC (sizeof specials / sizeof *specials)

/* random f32 bits with a bias toward interesting exponents */
static uint32_t rnd_f32(void) {
  uint32_t r = rnd();
  switch (r & 7) {
    case 0: return r & 0x807fffffu;                                /* denormal */
    case 1: return (r & 0x80ffffffu) | 0x3f000000u;                /* near 1 */
    case 2: return (r & 0x807fffffu) | ((118u + (r >> 28)) << 23); /* 2^-9 .. 2^6 */
    default: return r;
  }
}

struct fcase {
  const char *name, *op; /* the instruction: v4 from v1, v2, v3 */
  unsigned nops;
  void (*make)(uint32_t *ops); /* operands [3][LANES] */
  uint32_t (*ref)(uint32_t, uint32_t, uint32_t);
};

static void make_fma(uint32_t *o) {
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t *a = &o[l], *b = &o[LANES + l], *c = &o[2 * LANES + l];
    if (l < 24) { /* specials against specials and randoms */
      *a = specials[l % NSPEC], *b = specials[(l * 7 + 3) % NSPEC],
      *c = l & 1 ? rnd_f32() : specials[(l * 5) % NSPEC];
    } else if (l < 32) { /* products cancelling c: the low bits decide */
      *a = rnd_f32(), *b = rnd_f32();
      *c = bits(-(flt(*a) * flt(*b)));
    } else if (l < 40) { /* results in the denormal range, ties of the underflow rounding */
      *a = 0x00800000u | (rnd() & 0x7fffff), *b = 0x3e800000u | (rnd() & 0x7fffff);
      *c = rnd() & 0x800fffffu;
    } else if (l < 44) { /* overflow, inf - inf, 0 * inf */
      static const uint32_t x[4][3] = {{0x7f7fffff, 0x40000000, 0xff7fffff},
                                       {0x7f800000, 0x3f800000, 0xff800000},
                                       {0x00000000, 0xff800000, 0x3f800000},
                                       {0x7f7fffff, 0x3f800001, 0x00000000}};
      *a = x[l - 40][0], *b = x[l - 40][1], *c = x[l - 40][2];
    } else {
      *a = rnd_f32(), *b = rnd_f32(), *c = rnd_f32();
    }
  }
}
static uint32_t fma3(uint32_t a, uint32_t b, uint32_t c) { return ref_fma(a, b, c); }

static void make_unary(uint32_t *o) {
  for (unsigned l = 0; l < LANES; l++) o[l] = l < NSPEC ? specials[l] : rnd_f32() & 0x7fffffffu;
  o[LANES - 1] = 0x80000005; /* a negative denormal */
  o[LANES - 2] = 0x00000003;
  o[LANES - 3] = 0x3e800000; /* 1/4: 2 exactly */
}
static void make_unary_signed(uint32_t *o) { /* the specials, then both signs */
  make_unary(o);
  for (unsigned l = NSPEC; l < LANES; l++) o[l] |= rnd() & 0x80000000u;
}
static void make_rcp(uint32_t *o) { /* results in the denormal range too */
  make_unary_signed(o);
  for (unsigned l = 40; l < 48; l++) o[l] = 0x7e800000u | (rnd() & 0x807fffffu); /* >= 2^126 */
}
static uint32_t rsq1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_rsq(a);
}

static uint32_t exp2_1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_exp2(a);
}
static uint32_t log2_1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_log2(a);
}
static uint32_t sin_1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_turns(a, 0);
}
static uint32_t cos_1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_turns(a, 1);
}
static void make_exp2(uint32_t *o) {
  static const float xs[] = {0.0f,    -0.0f,   1.0f,    -1.0f,  0.5f,    -149.0f, -150.0f,
                             -149.5f, -126.0f, -127.5f, 127.0f, 127.99f, 128.0f,  200.0f,
                             -200.0f, 1e-30f,  -1e-30f, 3.3f,   -7.77f,  0.1f};
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t r = rnd();
    o[l] = l < 20   ? bits(xs[l])
           : l < 24 ? specials[11 + (l - 20)] /* +-inf, NaNs */
                    : (r & 0x80000000u) | (bits((float)(r % 30000) / 100.0f) & 0x7fffffffu);
  }
}
static void make_log2(uint32_t *o) {
  make_unary(o);
  for (unsigned l = 32; l < 48; l++) o[l] = 0x3f800000u + (rnd() & 0x3ffff) - 0x20000; /* near 1 */
  o[48] = bits(0.5f), o[49] = bits(1024.0f), o[50] = bits(0.75f), o[51] = bits(1.5f);
}
static void make_turns(uint32_t *o) {
  static const float xs[] = {0.0f,    -0.0f,     0.25f,    0.5f,   0.75f,    1.0f,    -0.25f,
                             -0.5f,   1.0f / 12, 1.0f / 6, 0.125f, 256.0f,   -256.0f, 256.5f,
                             -300.0f, 1e-40f,    3.0f,     -2.75f, 100.125f, 1e-6f};
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t r = rnd();
    o[l] = l < 20   ? bits(xs[l])
           : l < 24 ? specials[11 + (l - 20)]
                    : (r & 0x80000000u) | (bits((float)(r % 200000) / 997.0f) & 0x7fffffffu);
  }
}

static uint32_t fract_1(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return ref_fract(a);
}
static void make_fract(uint32_t *o) {
  static const float xs[] = {-1e-10f,   -0x1p-149f, -0x1p-25f,       -0x1.000002p-25f,
                             -0x1p-24f, -0.5f,      -1.25f,          3.75f,
                             1e20f,     -1e20f,     -0x1p-30f,       0x1p-149f,
                             -7.0f,     2.5e-40f,   -0x1.fffffep-1f, 0x1.fffffep-1f};
  make_unary(o);
  for (unsigned l = 0; l < 16; l++) o[32 + l] = bits(xs[l]);
}

/* finite operands (normal, denormal, zeros of both signs: NaN payloads of the native
 * arithmetic are not part of these rules), plus inf and NaN against zero factors for the
 * legacy forms (lanes 56..63) */
static void make_mad(uint32_t *o) {
  static const uint32_t f[] = {0x00000000, 0x80000000, 0x00000001, 0x80400000,
                               0x007fffff, 0x00800000, 0x3f800000, 0xbf800000,
                               0x7f7fffff, 0x0c000000, 0x3e800000, 0x80800001};
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t *a = &o[l], *b = &o[LANES + l], *c = &o[2 * LANES + l];
    if (l < 24) {
      *a = f[l % 12], *b = f[(l * 5 + 1) % 12], *c = f[(l * 7 + 2) % 12];
    } else if (l < 32) { /* products in the denormal range, sums cancelling to one */
      *a = 0x1f800000u | (rnd() & 0x807fffffu), *b = 0x1f000000u | (rnd() & 0x7fffff);
      *c = l & 1 ? bits(-(flt(*a) * flt(*b))) : rnd() & 0x807fffffu;
    } else {
      *a = rnd_f32() & 0xbfffffffu, *b = rnd_f32() & 0xbfffffffu, *c = rnd_f32() & 0xbfffffffu;
    }
  }
  static const uint32_t z[8][2] = {{0x7f800000, 0x00000000}, {0x80000000, 0xff800000},
                                   {0x7fc00000, 0x00000000}, {0x00000001, 0x7f800000},
                                   {0x80000003, 0x7fc00000}, {0x00000000, 0x00000000},
                                   {0x3f800000, 0x80000000}, {0xffc00000, 0x80000000}};
  for (unsigned i = 0; i < 8; i++) o[56 + i] = z[i][0], o[LANES + 56 + i] = z[i][1];
}
static void make_mad_finite(uint32_t *o) { /* MAD forms without the legacy zero rule */
  make_mad(o);
  for (unsigned l = 56; l < LANES; l++) o[l] = 0x40000000u + l, o[LANES + l] = 0x3f000000u + l;
}
static void make_mul_legacy(uint32_t *o) { /* no denormal factors (the device flushes) */
  make_mad(o);
  for (unsigned l = 0; l < 56; l++)
    for (unsigned k = 0; k < 2; k++)
      if (!(o[k * LANES + l] & 0x7f800000u)) o[k * LANES + l] &= 0x80000000u;
  o[59] = 0x3f800000u; /* the denormal against inf: a normal factor instead */
  o[60] = 0x3f800000u;
}

static uint32_t rnd_half(void);
static void make_halves(uint32_t *o) { /* f16 specials, denormals, then random halves */
  static const uint16_t hs[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00,
                                0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01,
                                0xfe12, 0x3400, 0x3800, 0x3a00, 0x5bf8, 0xdbf8};
  for (unsigned l = 0; l < LANES; l++) o[l] = l < 20 ? hs[l] : rnd_half();
}

static void make_ldexp(uint32_t *o) {
  static const int32_t ns[] = {0,    1,      -1,      127,        -126,
                               -149, -150,   -151,    254,        300,
                               -300, 100000, -100000, 0x7fffffff, (int32_t)0x80000000,
                               23};
  for (unsigned l = 0; l < LANES; l++) {
    o[l] = l < NSPEC ? specials[l] : rnd_f32();
    o[LANES + l] = (uint32_t)(l < 32 ? ns[l % 16] : (int32_t)(rnd() % 600) - 300);
  }
  o[40] = 0x3fc00000, o[LANES + 40] = (uint32_t)-150; /* 1.5 * 2^-150: a tie, rounds to 2^-149 */
  o[41] = 0x3f400000, o[LANES + 41] = (uint32_t)-149; /* 0.75 * 2^-149: rounds up */
  o[42] = 0x3f000000, o[LANES + 42] = (uint32_t)-149; /* 2^-150: a tie, rounds to 0 */
  o[43] = 0x3fa00000, o[LANES + 43] = (uint32_t)-148; /* 1.25 * 2^-148 = 2.5 * 2^-149 -> 2 */
}
static uint32_t ldexp2(uint32_t a, uint32_t n, uint32_t c) {
  (void)c;
  return ref_ldexp(a, n);
}

static uint32_t rnd_half(void) {
  uint32_t r = rnd();
  switch (r & 3) {
    case 0: return r >> 16 & 0x83ff;                              /* denormal */
    case 1: return (r >> 16 & 0x83ff) | ((12 + (r >> 28)) << 10); /* near 1 */
    default: return r >> 16;
  }
}
static void make_fma16(uint32_t *o) {
  static const uint16_t hs[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00,
                                0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe12, 0x3c01};
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t *a = &o[l], *b = &o[LANES + l], *c = &o[2 * LANES + l];
    if (l < 32) {
      *a = hs[l % 16], *b = hs[(l * 7 + 3) % 16], *c = l & 1 ? rnd_half() : hs[(l * 5) % 16];
    } else {
      *a = rnd_half(), *b = rnd_half(), *c = rnd_half();
    }
    *a |= 0xdead0000u; /* the high halves are not operands */
  }
  o[60] = 0x3c01, o[LANES + 60] = 0x3c01, o[2 * LANES + 60] = 0x8001; /* (1+u)^2 - tiny */
  o[61] = 0x7bff, o[LANES + 61] = 0x3c00, o[2 * LANES + 61] = 0x4c00; /* to the overflow edge */
  o[62] = 0x5bff, o[LANES + 62] = 0x5bff, o[2 * LANES + 62] = 0xfbff;
}
static uint32_t fma16_3(uint32_t a, uint32_t b, uint32_t c) {
  return ref_fma16(a, b, c); /* the destination's high half: kept (v4 starts as 0) */
}

static const struct fcase cases[] = {
    {"v_fma_f32", "v_fma_f32 v4, v1, v2, v3", 3, make_fma, fma3},
    {"v_fmac_f32", "v_mov_b32 v4, v3\nv_fmac_f32 v4, v1, v2", 3, make_fma, fma3},
    {"v_rsq_f32", "v_rsq_f32 v4, v1", 1, make_unary, rsq1},
    {"v_ldexp_f32", "v_ldexp_f32 v4, v1, v2", 2, make_ldexp, ldexp2},
    {"v_fma_f16", "v_mov_b32 v4, 0\nv_fma_f16 v4, v1, v2, v3", 3, make_fma16, fma16_3},
    {"v_fract_f32", "v_fract_f32 v4, v1", 1, make_fract, fract_1},
    {"v_frexp_mant_f32", "v_frexp_mant_f32 v4, v1", 1, make_unary_signed, ref_frexp_mant},
    {"v_frexp_exp_i32_f32", "v_frexp_exp_i32_f32 v4, v1", 1, make_unary_signed, ref_frexp_exp},
    {"v_rsq_f16", "v_mov_b32 v4, 0\nv_rsq_f16 v4, v1", 1, make_halves, rsq_h},
    {"v_exp_f16", "v_mov_b32 v4, 0\nv_exp_f16 v4, v1", 1, make_halves, exp_h},
    {"v_sin_f16", "v_mov_b32 v4, 0\nv_sin_f16 v4, v1", 1, make_halves, sin_h},
    {"v_sqrt_f16", "v_mov_b32 v4, 0\nv_sqrt_f16 v4, v1", 1, make_halves, sqrt_h},
    {"v_sqrt_f64 (low dword)", "v_sqrt_f64 v[4:5], v[1:2]", 2, make_f64, sqrt64_lo},
    {"v_sqrt_f64 (high dword)", "v_sqrt_f64 v[5:6], v[1:2]\nv_mov_b32 v4, v6", 2, make_f64,
     sqrt64_hi},
    {"v_rcp_f64 (low dword)", "v_rcp_f64 v[4:5], v[1:2]", 2, make_f64, rcp64_lo},
    {"v_rcp_f64 (high dword)", "v_rcp_f64 v[5:6], v[1:2]\nv_mov_b32 v4, v6", 2, make_f64, rcp64_hi},
    {"v_rsq_f64 (low dword)", "v_rsq_f64 v[4:5], v[1:2]", 2, make_f64, rsq64_lo},
    {"v_rsq_f64 (high dword)", "v_rsq_f64 v[5:6], v[1:2]\nv_mov_b32 v4, v6", 2, make_f64, rsq64_hi},
    {"v_rcp_f32", "v_rcp_f32 v4, v1", 1, make_rcp, rcp_1},
    {"v_rcp_iflag_f32", "v_rcp_iflag_f32 v4, v1", 1, make_rcp, rcp_1},
    {"v_sqrt_f32", "v_sqrt_f32 v4, v1", 1, make_unary_signed, sqrt_1},
    {"v_mad_f32", "v_mad_f32 v4, v1, v2, v3", 3, make_mad_finite, ref_mad},
    {"v_mac_f32", "v_mov_b32 v4, v3\nv_mac_f32 v4, v1, v2", 3, make_mad_finite, ref_mad},
    {"v_mad_legacy_f32", "v_mad_legacy_f32 v4, v1, v2, v3", 3, make_mad, ref_mad_legacy},
    {"v_mac_legacy_f32", "v_mov_b32 v4, v3\nv_mac_legacy_f32 v4, v1, v2", 3, make_mad,
     ref_mad_legacy},
    {"v_mul_legacy_f32", "v_mul_legacy_f32 v4, v1, v2", 2, make_mul_legacy, ref_mul_legacy},
    {"v_exp_f32", "v_exp_f32 v4, v1", 1, make_exp2, exp2_1},
    {"v_log_f32", "v_log_f32 v4, v1", 1, make_log2, log2_1},
    {"v_sin_f32", "v_sin_f32 v4, v1", 1, make_turns, sin_1},
    {"v_cos_f32", "v_cos_f32 v4, v1", 1, make_turns, cos_1},
};

/* ---- running --------------------------------------------------------------------------- */

static void run_case(const struct fcase *k, bool with_reference) {
  char src[3072];
  snprintf(src, sizeof src,
           "v_lshlrev_b32 v9, 2, v0\n"
           "buffer_load_dword v1, v9, s[8:11], 0 offen\n"
           "buffer_load_dword v2, v9, s[8:11], 0 offen offset:256\n"
           "buffer_load_dword v3, v9, s[8:11], 0 offen offset:512\n"
           "s_waitcnt vmcnt(0)\n"
           "%s\n"
           "buffer_store_dword v4, v9, s[4:7], 0 offen\n"
           "s_endpgm\n",
           k->op);
  uint32_t ops[3 * LANES] = {0};
  k->make(ops);
  /* the mode the rules are written for */
  struct float_wave r =
      float_wave_run(dev, src, 0xf0, k->name, ops, sizeof ops, LANES * 4, 3 * 256);
  const uint8_t *gmem = r.device, *imem = r.interp;

  unsigned bad = 0;
  for (uint32_t l = 0; l < LANES; l++) {
    uint32_t got, interp, want = k->ref(ops[l], ops[LANES + l], ops[2 * LANES + l]);
    memcpy(&got, gmem + (OUT - WINDOW) + 4 * l, 4);
    memcpy(&interp, imem + (OUT - WINDOW) + 4 * l, 4);
    if (!with_reference) want = interp;
    if (got != want || interp != want) {
      fprintf(stderr,
              "%s: lane %u (0x%08x 0x%08x 0x%08x): device 0x%08x, interpreter 0x%08x, expected "
              "0x%08x\n",
              k->name, l, ops[l], ops[LANES + l], ops[2 * LANES + l], got, interp, want);
      bad++;
    }
  }
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed += with_reference;
}

/* Differential: random chains of the operations whose results do not depend on the
 * device's denormal mode, on random bits (denormals, NaNs, infinities included): the
 * device's guest window must be the interpreter's, byte for byte. */
static void random_chains(uint32_t *ops) {
  for (unsigned i = 0; i < 3 * LANES; i++) {
    uint32_t r = rnd();
    ops[i] = (r & 3) == 0 ? rnd_f32() : (r & 3) == 1 ? rnd() & 0x807fffffu : rnd();
  }
}
static uint32_t no_ref(uint32_t a, uint32_t b, uint32_t c) {
  (void)a, (void)b, (void)c;
  return 0;
}
static void random_chains_agree(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  static const char *const forms[] = {
      "v_fma_f32 v%d, v%d, v%d, v%d", "v_fmac_f32 v%d, v%d, v%d",  "v_rsq_f32 v%d, v%d",
      "v_exp_f32 v%d, v%d",           "v_log_f32 v%d, v%d",        "v_sin_f32 v%d, v%d",
      "v_cos_f32 v%d, v%d",           "v_fract_f32 v%d, v%d",      "v_rcp_f32 v%d, v%d",
      "v_sqrt_f32 v%d, v%d",          "v_ldexp_f32 v%d, v%d, v%d", "v_frexp_mant_f32 v%d, v%d",
      "v_fma_f16 v%d, v%d, v%d, v%d", "v_rsq_f16 v%d, v%d",        "v_sin_f16 v%d, v%d",
      "v_sqrt_f64 v[4:5], v[1:2]",    "v_rcp_f64 v[5:6], v[2:3]",  "v_rsq_f64 v[4:5], v[5:6]"};
  for (int prog = 0; prog < 12; prog++) {
    char body[2048] = "", line[96];
    for (int i = 0; i < 16; i++) {
      const char *f = forms[rnd() % (sizeof forms / sizeof *forms)];
      int d = 4 + (int)(rnd() % 3), a = 1 + (int)(rnd() % 6), b = 1 + (int)(rnd() % 6),
          c = 1 + (int)(rnd() % 6);
      snprintf(line, sizeof line, f, d, a, b, c);
      strncat(body, line, sizeof body - strlen(body) - 2);
      strcat(body, "\n");
    }
    /* v4..v6 start as copies of the operands; the store writes v4 ^ v5 ^ v6 */
    char op[2300];
    snprintf(op, sizeof op,
             "v_mov_b32 v4, v1\nv_mov_b32 v5, v2\nv_mov_b32 v6, v3\n%s"
             "v_xor_b32 v4, v4, v5\nv_xor_b32 v4, v4, v6",
             body);
    struct fcase k = {"random_chain", op, 3, random_chains, no_ref};
    run_case(&k, false);
    chains_agreed++;
  }
}

static void kernels_match_rules(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) run_case(&cases[i], true);
}

/* ---- the interpreter's rules on many inputs (host only) --------------------------------- */

static void rules_on_many_inputs(void **state) {
  (void)state;
  for (int i = 0; i < 300000; i++) {
    uint32_t a = rnd_f32(), b = rnd_f32(), c = rnd_f32();
    assert_int_equal(ir_float_fma32(a, b, c), ref_fma(a, b, c));
    assert_int_equal(ir_float_rsq32(a), ref_rsq(a));
    uint32_t n = (uint32_t)((int32_t)(rnd() % 700) - 350);
    assert_int_equal(ir_float_ldexp32(a, (int32_t)n), ref_ldexp(a, n));
    uint32_t ha = rnd_half(), hb = rnd_half(), hc = rnd_half();
    assert_int_equal(ir_float_fma16((uint16_t)ha, (uint16_t)hb, (uint16_t)hc),
                     ref_fma16(ha, hb, hc));
    assert_int_equal(ir_float_fract32(a), ref_fract(a));
  }
  /* rsq: every input in [1, 4) (two binades: every result's rounding is decided) */
  for (uint32_t a = 0x3f800000u; a < 0x40800000u; a += 7)
    assert_int_equal(ir_float_rsq32(a), ref_rsq(a));
}

/* A wave-start FLOAT_MODE the module cannot compute exactly is refused (no module, the mode,
 * its field and the first operation named), by the emitter and by the interpreter; the
 * default (0xf0), a shader without the operations the field changes, and the f32 denormal
 * modes (applied: gpu.shader_float_mode) compile. */
static bool emit_mode(const char *src, uint32_t float_mode, char *err, size_t size) {
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      src,
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .float_mode = float_mode},
      &st);
  struct spirv_emit_options opts = {.source_name = "mode"};
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  snprintf(err, size, "%s", m.error);
  if (ok) assert_true(spv_check_valid(m.words, m.count));
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  assert_non_null(w);
  w->exec = ~0ull;
  char ierr[256];
  bool ran = ir_interp_run(fn, w, 1000, ierr, sizeof ierr);
  if (!ok) assert_non_null(strstr(ierr, "FLOAT_MODE"));
  (void)ran;
  free(w);
  spirv_module_free(&m);
  ir_function_destroy(fn);
  return ok;
}
static void float_mode_refused(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char fsrc[] =
      "v_lshlrev_b32 v9, 2, v0\n"
      "v_cvt_f32_u32 v1, v0\n"
      "v_add_f32 v1, v1, v1\n"
      "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
      "s_endpgm\n";
  static const char dsrc[] =
      "v_lshlrev_b32 v9, 2, v0\n"
      "v_cvt_f64_u32 v[2:3], v0\n"
      "v_add_f64 v[2:3], v[2:3], v[2:3]\n"
      "buffer_store_dword v2, v9, s[4:7], 0 offen\n"
      "s_endpgm\n";
  static const char vsrc[] = /* v_div_scale_f64: no rule for a flushing f16/f64 denormal field */
      "v_lshlrev_b32 v9, 2, v0\n"
      "v_cvt_f64_u32 v[2:3], v0\n"
      "v_div_scale_f64 v[2:3], vcc_lo, v[2:3], v[2:3], v[2:3]\n"
      "buffer_store_dword v2, v9, s[4:7], 0 offen\n"
      "s_endpgm\n";
  static const char qsrc[] = /* an f64 reciprocal square root */
      "v_lshlrev_b32 v9, 2, v0\n"
      "v_cvt_f64_u32 v[2:3], v0\n"
      "v_rsq_f64 v[2:3], v[2:3]\n"
      "buffer_store_dword v2, v9, s[4:7], 0 offen\n"
      "s_endpgm\n";
  static const char isrc[] =
      "v_lshlrev_b32 v9, 2, v0\n"
      "buffer_store_dword v9, v9, s[4:7], 0 offen\n"
      "s_endpgm\n";
  static const char ssrc[] = /* an exp2 */
      "v_lshlrev_b32 v9, 2, v0\n"
      "v_cvt_f32_u32 v1, v0\n"
      "v_exp_f32 v1, v1\n"
      "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
      "s_endpgm\n";
  char err[256];
  /* exp2: computed in every direction (gpu.shader_mode_flow, prospero-float-search) */
  assert_true(emit_mode(ssrc, 0xc3, err, sizeof err));
  assert_true(emit_mode(ssrc, 0xf1, err, sizeof err));
  /* add and conversion: computed under the directed modes (ir_round.c, spirv_emit_round.c) */
  assert_true(emit_mode(fsrc, 0xc3, err, sizeof err));
  assert_true(emit_mode(fsrc, 0xf1, err, sizeof err));
  assert_true(emit_mode(fsrc, 0xf2, err, sizeof err));
  assert_true(emit_mode(dsrc, 0x30, err, sizeof err)); /* flushed f64: gpu.shader_mode_flow */
  assert_false(emit_mode(vsrc, 0x30, err, sizeof err));
  assert_non_null(strstr(err, "denormals f16/f64 flushed"));
  assert_non_null(strstr(err, "ddiv_scale"));
  assert_true(
      emit_mode(dsrc, 0xf8, err, sizeof err)); /* f64 add: directed (gpu.shader_mode_flow) */
  assert_true(emit_mode(qsrc, 0xf8, err, sizeof err)); /* f64 rsq: directed too */
  /* v_div_scale_f64 in a directed f16/f64 round field: computed (gpu.shader_div) */
  assert_true(emit_mode(vsrc, 0xf8, err, sizeof err));
  assert_true(emit_mode(fsrc, 0xf0, err, sizeof err));
  assert_true(emit_mode(fsrc, 0xc0, err, sizeof err)); /* LLVM's compute default: applied */
  assert_true(emit_mode(fsrc, 0x30, err, sizeof err)); /* no f16/f64 operation */
  assert_true(emit_mode(isrc, 0x03, err, sizeof err)); /* no float operation */
}

/* v_rsq_f64: correctly rounded where a long double evaluation (11 more bits) tells which
 * neighbour is nearer, and the special values */
static void rsq64_rounds_correctly(void **state) {
  (void)state;
  assert_int_equal(ir_float_rsq64(0x4010000000000000ull), 0x3fe0000000000000ull); /* 4 -> 0.5 */
  assert_int_equal(ir_float_rsq64(0x4000000000000000ull), 0x3fe6a09e667f3bcdull); /* 1/sqrt 2 */
  assert_int_equal(ir_float_rsq64(0), 0x7ff0000000000000ull);
  assert_int_equal(ir_float_rsq64(1ull << 63), 0xfff0000000000000ull);
  assert_int_equal(ir_float_rsq64(0x7ff0000000000000ull), 0);
  assert_int_equal(ir_float_rsq64(0xbff0000000000000ull), 0x7ff8000000000000ull);
  assert_int_equal(ir_float_rsq64(0x7ff0000000000001ull), 0x7ff8000000000001ull);
  assert_int_equal(ir_float_rsq64(1), 0x6180000000000000ull); /* 2^-1074 -> 2^537 */
  assert_int_equal(ir_float_rsq64(2), 0x6176a09e667f3bcdull); /* 2^-1073 -> 2^536 sqrt 2 */
  unsigned decided = 0;
  for (int i = 0; i < 200000; i++) {
    uint64_t a = ((uint64_t)rnd() << 32 | rnd()) & 0x7fefffffffffffffull;
    uint64_t r = ir_float_rsq64(a);
    long double want = 1.0L / sqrtl((long double)dbl(a)), got = dbl(r);
    long double ulp = ldexpl(1, ilogbl(dbl(r)) - 52), err = fabsl(got - want) / ulp;
    if (err < 0.499L) decided++;
    else assert_true(err < 0.501L); /* too close to a midpoint for long double to tell */
  }
  assert_true(decided > 199000);
}

/* the special cases of the transcendentals, then their rounding on many inputs */
static void transcendental_special_cases(void **state) {
  (void)state;
  assert_int_equal(ir_float_sin32(bits(0.25f)), 0x3f800000u);
  assert_int_equal(ir_float_sin32(bits(0.5f)), 0);
  assert_int_equal(ir_float_sin32(bits(-0.25f)), 0xbf800000u);
  assert_int_equal(ir_float_sin32(0x80000000u), 0x80000000u);
  assert_int_equal(ir_float_sin32(bits(256.0f)), 0);
  assert_int_equal(ir_float_sin32(bits(300.0f)), 0); /* outside [-256, 256]: 0 */
  assert_int_equal(ir_float_cos32(bits(300.0f)), 0x3f800000u);
  assert_int_equal(ir_float_cos32(0xff800000u), 0x3f800000u);
  assert_int_equal(ir_float_cos32(bits(0.25f)), 0);
  assert_int_equal(ir_float_cos32(bits(0.5f)), 0xbf800000u);
  assert_int_equal(ir_float_cos32(bits(-3.0f)), 0x3f800000u);
  assert_int_equal(ir_float_sin32(0x7fa00000u), 0x7fe00000u);    /* NaN quieted */
  assert_int_equal(ir_float_sin32(bits(1.0f / 12)), bits(0.5f)); /* sin(pi/6) */
  assert_int_equal(ir_float_log2_32(0x80000000u), 0xff800000u);
  assert_int_equal(ir_float_log2_32(0), 0xff800000u);
  assert_int_equal(ir_float_log2_32(0xbf800000u), 0x7fc00000u);
  assert_int_equal(ir_float_log2_32(0x7f800000u), 0x7f800000u);
  assert_int_equal(ir_float_log2_32(0x00000001u), bits(-149.0f));
  assert_int_equal(ir_float_exp2_32(0xff800000u), 0);
  assert_int_equal(ir_float_exp2_32(0x80000000u), 0x3f800000u);
  assert_int_equal(ir_float_exp2_32(bits(-149.0f)), 1);
  assert_int_equal(ir_float_exp2_32(bits(128.0f)), 0x7f800000u);
  for (int i = 0; i < 200000; i++) { /* the f64 algorithms round as the exact value does */
    uint32_t a = rnd_f32(),
             x = (rnd() & 0x80000000u) | (bits((float)(rnd() % 2560000) / 10000.0f) & 0x7fffffffu);
    assert_int_equal(ir_float_exp2_32(a), ref_exp2(a));
    assert_int_equal(ir_float_log2_32(a), ref_log2(a));
    assert_int_equal(ir_float_sin32(x), ref_turns(x, 0));
    assert_int_equal(ir_float_cos32(x), ref_turns(x, 1));
  }
}

int main(void) {
  rng_state = (uint32_t)float_test_seed(rng_state);
  if (!rng_state) rng_state = 1; /* a 32-bit generator: the seed's low half */
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(rules_on_many_inputs),   cmocka_unit_test(transcendental_special_cases),
      cmocka_unit_test(rsq64_rounds_correctly), cmocka_unit_test(float_mode_refused),
      cmocka_unit_test(kernels_match_rules),    cmocka_unit_test(random_chains_agree)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("shader_float: %u of %u kernels passed, %u of 12 random chains agree, on %s\n",
         kernels_passed, (unsigned)(sizeof cases / sizeof *cases), chains_agreed,
         dev ? vk_device_name(dev) : "no device");
  if (dev) vk_device_destroy(dev);
  return test_skip_status(r);
}
