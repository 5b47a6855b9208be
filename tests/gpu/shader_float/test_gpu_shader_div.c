/* The division helpers (docs/shader-spirv.md, "Division helpers"): v_div_scale_f32/f64 with
 * their VCC output, v_div_fmas_f32/f64 under a per-lane VCC, v_div_fixup_f32/f64, and the
 * whole f32 division sequence compilers emit (scale, rcp, Newton steps, fmas, fixup). GFX10
 * kernels (llvm-mc-19 at test time) over 64 lanes of operands chosen at the edges of every
 * case of the ISA's case analysis — zeros, denormal denominators, exponent gaps of 96/768,
 * quotients at both ends of the denormal range (the tie to zero, the tie to the smallest
 * normal, one step either side), reciprocals that are f64 denormals, tiny numerators,
 * infinities and NaNs — plus random ones, run in the IR interpreter and on the Vulkan device
 * (lavapipe in CI). Both must give the values computed here in C from the ISA manual's
 * pseudocode of each instruction (host IEEE arithmetic, denormals kept), and the guest
 * windows must be equal byte for byte. Every module passes spirv-val. */
#include "xl_test_harness.h"

#include <fenv.h>
#include <math.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "vk_test_device.h"

#include "float_wave.h"

static vk_device *dev;
static unsigned kernels_passed;

#define VCC_OUT 0x400u /* the lanes' VCC bits (one dword each) after the results */

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void) { return xorshift64(&rng); }

/* ---- the references, from the ISA's pseudocode ------------------------------------------- */

static int exp32(uint32_t u) { return (int)(u >> 23 & 0xff); }
static int exp64(uint64_t u) { return (int)(u >> 52 & 0x7ff); }
static bool denorm32(float f) { return fpclassify(f) == FP_SUBNORMAL; }
static bool denorm64(double d) { return fpclassify(d) == FP_SUBNORMAL; }

#pragma STDC FENV_ACCESS ON

/* The round field the scalings follow (0 nearest even, 1 toward +inf, 2 toward -inf, 3
 * toward zero: MODE 1:0 for f32, 3:2 for f64). The pseudocode's ldexp as v_ldexp in that
 * mode: the exact product (in double for f32, in long double for f64: both exact there)
 * converted by C under fesetround. */
static unsigned ref_round;
static const int ref_dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static float ref_ldexpf(float x, int k) {
  volatile double p = (double)x * ldexp(1.0, k);
  fesetround(ref_dirs[ref_round]);
  volatile float r = (float)p;
  fesetround(FE_TONEAREST);
  return r;
}
static double ref_ldexp(double x, int k) {
  volatile long double p = (long double)x * ldexpl(1.0L, k);
  fesetround(ref_dirs[ref_round]);
  volatile double r = (double)p;
  fesetround(FE_TONEAREST);
  return r;
}

/* V_DIV_SCALE_F32: S0 the value scaled, S1 the denominator, S2 the numerator */
static uint32_t ref_scale32(uint32_t s0, uint32_t s1, uint32_t s2, bool *vcc) {
  float S0 = flt(s0), S1 = flt(s1), S2 = flt(s2);
  uint32_t d = s0;
  *vcc = false;
  if (S2 == 0.0f || S1 == 0.0f) {
    d = bits(NAN);
  } else if (exp32(s2) - exp32(s1) >= 96) { /* N/D near the largest float */
    *vcc = true;
    if (S0 == S1) d = bits(ref_ldexpf(S0, 64)); /* only the denominator is scaled */
  } else if (denorm32(S1)) {
    d = bits(ref_ldexpf(S0, 64));
  } else if (denorm64(1.0 / (double)S1) && denorm32(S2 / S1)) {
    *vcc = true;
    if (S0 == S1) d = bits(ref_ldexpf(S0, 64));
  } else if (denorm64(1.0 / (double)S1)) {
    d = bits(ref_ldexpf(S0, -64));
  } else if (denorm32(S2 / S1)) {
    *vcc = true;
    if (S0 == S2) d = bits(ref_ldexpf(S0, 64)); /* only the numerator is scaled */
  } else if (exp32(s2) <= 23) {                 /* a tiny numerator */
    d = bits(ref_ldexpf(S0, 64));
  }
  return d;
}

static uint64_t ref_scale64(uint64_t s0, uint64_t s1, uint64_t s2, bool *vcc) {
  double S0 = dbl(s0), S1 = dbl(s1), S2 = dbl(s2);
  uint64_t d = s0;
  *vcc = false;
  if (S2 == 0.0 || S1 == 0.0) {
    d = bits64((double)NAN);
  } else if (exp64(s2) - exp64(s1) >= 768) {
    *vcc = true;
    if (S0 == S1) d = bits64(ref_ldexp(S0, 128));
  } else if (denorm64(S1)) {
    d = bits64(ref_ldexp(S0, 128));
  } else if (denorm64(1.0 / S1) && denorm64(S2 / S1)) {
    *vcc = true;
    if (S0 == S1) d = bits64(ref_ldexp(S0, 128));
  } else if (denorm64(1.0 / S1)) {
    d = bits64(ref_ldexp(S0, -128));
  } else if (denorm64(S2 / S1)) {
    *vcc = true;
    if (S0 == S2) d = bits64(ref_ldexp(S0, 128));
  } else if (exp64(s2) <= 53) {
    d = bits64(ref_ldexp(S0, 128));
  }
  return d;
}

/* V_DIV_FMAS: fma, and with VCC set scaled by 2^64 (2^128) when exponent(S2) > 127 (1023),
 * else by 2^-64 (2^-128) */
static uint32_t ref_fmas32(uint32_t a, uint32_t b, uint32_t c, bool vcc) {
  float r = fmaf(flt(a), flt(b), flt(c));
  if (vcc) r = ldexpf(r, exp32(c) > 127 ? 64 : -64);
  return bits(r);
}
static uint64_t ref_fmas64(uint64_t a, uint64_t b, uint64_t c, bool vcc) {
  double r = fma(dbl(a), dbl(b), dbl(c));
  if (vcc) r = ldexp(r, exp64(c) > 1023 ? 128 : -128);
  return bits64(r);
}

/* V_DIV_FIXUP: S0 the quotient, S1 the denominator, S2 the numerator */
static uint32_t ref_fixup32(uint32_t s0, uint32_t s1, uint32_t s2) {
  float S1 = flt(s1), S2 = flt(s2);
  uint32_t sign = (s1 ^ s2) & 0x80000000u;
  if (isnan(S2)) return s2 | 0x400000u;
  if (isnan(S1)) return s1 | 0x400000u;
  if (S1 == 0 && S2 == 0) return 0xffc00000u;          /* 0/0 */
  if (isinf(S1) && isinf(S2)) return 0xffc00000u;      /* inf/inf */
  if (S1 == 0 || isinf(S2)) return sign | 0x7f800000u; /* x/0, inf/y */
  if (isinf(S1) || S2 == 0) return sign;               /* x/inf, 0/y */
  if (exp32(s2) - exp32(s1) < -150) return sign;       /* underflow */
  if (isnan(flt(s0))) return sign | 0x7f800000u;       /* the Newton step overflowed */
  return sign | (s0 & 0x7fffffffu);
}
static uint64_t ref_fixup64(uint64_t s0, uint64_t s1, uint64_t s2) {
  double S1 = dbl(s1), S2 = dbl(s2);
  const uint64_t sb = 1ull << 63, inf = 0x7ff0000000000000ull;
  uint64_t sign = (s1 ^ s2) & sb;
  if (isnan(S2)) return s2 | 1ull << 51;
  if (isnan(S1)) return s1 | 1ull << 51;
  if (S1 == 0 && S2 == 0) return 0xfff8000000000000ull;
  if (isinf(S1) && isinf(S2)) return 0xfff8000000000000ull;
  if (S1 == 0 || isinf(S2)) return sign | inf;
  if (isinf(S1) || S2 == 0) return sign;
  if (exp64(s2) - exp64(s1) < -1075) return sign;
  if (isnan(dbl(s0))) return sign | inf;
  return sign | (s0 & ~sb);
}

/* the division sequence of the kernel below, step by step (v_rcp_f32 correctly rounded, as
 * the IR defines it: docs/shader-float.md) */
static uint32_t ref_divide32(uint32_t n, uint32_t d) {
  bool unused, vcc;
  float den = flt(ref_scale32(d, d, n, &unused));
  float num = flt(ref_scale32(n, d, n, &vcc));
  float r = 1.0f / den;
  float e = fmaf(-den, r, 1.0f);
  r = fmaf(e, r, r);
  float q = num * r;
  float t = fmaf(-den, q, num);
  q = fmaf(t, r, q);
  t = fmaf(-den, q, num);
  float f = flt(ref_fmas32(bits(t), bits(r), bits(q), vcc));
  return ref_fixup32(bits(f), d, n);
}

/* ---- operands ------------------------------------------------------------------------- */

/* (denominator, numerator) pairs at the edges of each case, f32 */
static const uint32_t edges32[][2] = {
    {0x3f800000u, 0x00000000u}, {0x00000000u, 0x3f800000u}, {0x80000000u, 0x80000000u},
    {0x00000001u, 0x3f800000u}, {0x807fffffu, 0x40400000u}, /* denormal denominators */
    {0x3f800000u, 0x71800000u}, {0x3f800000u, 0x71000000u}, /* exponent gap 96 and 95 */
    {0x0d800000u, 0x7f000000u},                             /* gap 96, huge N */
    {0x3f800000u, 0x00000001u}, {0x40000000u, 0x00000001u}, /* 2^-149; the tie to zero */
    {0x3fffffffu, 0x00000001u}, {0x40000001u, 0x00000001u}, /* just above / below the tie */
    {0x40000000u, 0x00ffffffu},                             /* the tie to 2^-126 */
    {0x40000001u, 0x00ffffffu}, {0x3fffffffu, 0x00ffffffu}, /* just below / above it */
    {0x44800000u, 0x06800000u}, {0x4b800000u, 0x0c000000u}, /* deep in the denormal range */
    {0x3f800000u, 0x0b800000u}, {0x3f800000u, 0x0c000000u}, /* exponent(N) 23 and 24 */
    {0x7f7fffffu, 0x3f800000u}, {0x7f000000u, 0x00800000u}, /* large D, tiny quotients */
    {0x7f800000u, 0x3f800000u}, {0x3f800000u, 0x7f800000u}, /* infinities */
    {0x7fc00000u, 0x3f800000u}, {0x3f800000u, 0xffc00001u}, /* NaNs */
    {0x3fc00000u, 0x40490fdbu}, {0xc0a00000u, 0x3eaaaaabu}, /* ordinary */
};
static const uint64_t edges64[][2] = {
    {0x3ff0000000000000ull, 0},
    {0, 0x3ff0000000000000ull},
    {1, 0x3ff0000000000000ull},
    {0x800fffffffffffffull, 0x4008000000000000ull},
    {0x3ff0000000000000ull, 0x6ff0000000000000ull}, /* exponent gap 768 */
    {0x3ff0000000000000ull, 0x6fe0000000000000ull}, /* 767 */
    {0x3ff0000000000000ull, 1},
    {0x4000000000000000ull, 1},
    {0x3fffffffffffffffull, 1},
    {0x4000000000000001ull, 1},
    {0x4000000000000000ull, 0x001fffffffffffffull}, /* the tie to 2^-1022 */
    {0x4000000000000001ull, 0x001fffffffffffffull},
    {0x3fffffffffffffffull, 0x001fffffffffffffull},
    {0x3ff0000000000000ull, 0x0340000000000000ull}, /* exponent(N) 52 */
    {0x3ff0000000000000ull, 0x0350000000000000ull}, /* 53 */
    {0x3ff0000000000000ull, 0x0360000000000000ull}, /* 54 */
    {0x7fd0000000000000ull, 0x3ff0000000000000ull}, /* D = 2^1022: 1/D normal */
    {0x7fd0000000000001ull, 0x3ff0000000000000ull}, /* 1/D denormal, N/D too */
    {0x7fe8000000000000ull, 0x4c90000000000000ull}, /* 1/D denormal, N/D normal */
    {0xffefffffffffffffull, 0x7fe0000000000000ull}, /* 1/D denormal, N/D normal, huge N */
    {0x7ff0000000000000ull, 0x3ff0000000000000ull},
    {0x3ff0000000000000ull, 0xfff0000000000000ull},
    {0x7ff8000000000000ull, 0x3ff0000000000000ull},
    {0x3ff0000000000000ull, 0x7ff0000000000001ull},
    {0x3ff8000000000000ull, 0x400921fb54442d18ull},
    {0xc014000000000000ull, 0x3fd5555555555555ull},
};

static uint32_t rnd32(void) { /* a random finite f32, every exponent */
  uint32_t r = (uint32_t)rnd();
  return (r & 0x7f800000u) == 0x7f800000u ? r & 0xbfffffffu : r;
}
static uint64_t rnd64(void) {
  uint64_t r = rnd();
  return (r & 0x7ff0000000000000ull) == 0x7ff0000000000000ull ? r & 0xbfffffffffffffffull : r;
}

/* lane L: (S0, D, N), S0 = D, N, or another value in turn; past the edges random pairs with
 * exponents close enough to reach the denormal cases now and then */
static void scale_ops32(uint32_t *o) {
  const size_t ne = sizeof edges32 / sizeof edges32[0];
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t d, n;
    if (l / 2 < ne) {
      d = edges32[l / 2][0], n = edges32[l / 2][1];
    } else {
      d = rnd32(), n = rnd32();
      if (l & 4) n = (n & 0x807fffffu) | (uint32_t)(1 + rnd() % 40) << 23;
    }
    uint32_t s0 = (l & 1) ? n : d;
    if (l % 7 == 6) s0 = rnd32();
    o[l] = s0, o[LANES + l] = d, o[2 * LANES + l] = n;
  }
}
static void scale_ops64(uint64_t *o) {
  const size_t ne = sizeof edges64 / sizeof edges64[0];
  for (unsigned l = 0; l < LANES; l++) {
    uint64_t d, n;
    if (l / 2 < ne) {
      d = edges64[l / 2][0], n = edges64[l / 2][1];
    } else {
      d = rnd64(), n = rnd64();
      if (l & 4) n = (n & 0x800fffffffffffffull) | (uint64_t)(1 + rnd() % 60) << 52;
    }
    uint64_t s0 = (l & 1) ? n : d;
    if (l % 7 == 6) s0 = rnd64();
    o[l] = s0, o[LANES + l] = d, o[2 * LANES + l] = n;
  }
}

/* ---- kernels ------------------------------------------------------------------------- */

static const char *const load32 =
    "v_lshlrev_b32 v9, 2, v0\n"
    "buffer_load_dword v1, v9, s[8:11], 0 offen\n"
    "buffer_load_dword v2, v9, s[8:11], 0 offen offset:256\n"
    "buffer_load_dword v3, v9, s[8:11], 0 offen offset:512\n"
    "buffer_load_dword v6, v9, s[8:11], 0 offen offset:768\n"
    "s_waitcnt vmcnt(0)\n"
    "v_cmp_ne_u32 vcc, 0, v6\n";
static const char *const store32 =
    "v_cndmask_b32 v5, 0, 1, vcc\n"
    "buffer_store_dword v4, v9, s[4:7], 0 offen\n"
    "buffer_store_dword v5, v9, s[4:7], 0 offen offset:1024\n"
    "s_endpgm\n";
static const char *const load64 =
    "v_lshlrev_b32 v9, 3, v0\n"
    "v_lshlrev_b32 v10, 2, v0\n"
    "buffer_load_dwordx2 v[1:2], v9, s[8:11], 0 offen\n"
    "buffer_load_dwordx2 v[3:4], v9, s[8:11], 0 offen offset:512\n"
    "buffer_load_dwordx2 v[5:6], v9, s[8:11], 0 offen offset:1024\n"
    "buffer_load_dword v12, v10, s[8:11], 0 offen offset:1536\n"
    "s_waitcnt vmcnt(0)\n"
    "v_cmp_ne_u32 vcc, 0, v12\n";
static const char *const store64 =
    "v_cndmask_b32 v11, 0, 1, vcc\n"
    "buffer_store_dwordx2 v[7:8], v9, s[4:7], 0 offen\n"
    "buffer_store_dword v11, v10, s[4:7], 0 offen offset:1024\n"
    "s_endpgm\n";

enum kind { SCALE, FMAS, FIXUP, DIVIDE, LDEXP };

/* Runs OP between the loads and the stores; checks result and VCC of every lane against the
 * reference. Operands: 4 arrays of LANES values (the fourth: the lane's VCC before OP). */
static void run32m(const char *name, const char *op, enum kind k, const uint32_t *ops,
                   uint32_t mode) {
  char src[2048];
  snprintf(src, sizeof src, "%s%s\n%s", load32, op, store32);
  struct float_wave r = float_wave_run(dev, src, mode, name, ops, 4 * LANES * 4, 0x500, 4 * 256);
  unsigned bad = 0, flagged = 0, changed = 0;
  for (uint32_t l = 0; l < LANES; l++) {
    uint32_t a = ops[l], b = ops[LANES + l], c = ops[2 * LANES + l];
    bool vin = ops[3 * LANES + l] != 0, vout = vin;
    uint32_t want;
    switch (k) {
      case SCALE: want = ref_scale32(a, b, c, &vout); break;
      case FMAS: want = ref_fmas32(a, b, c, vin); break;
      case FIXUP: want = ref_fixup32(a, b, c); break;
      default: want = ref_divide32(a, b); break;
    }
    flagged += vout, changed += want != a;
    uint32_t got[2], in[2];
    memcpy(&got[0], r.device + (OUT - WINDOW) + 4 * l, 4);
    memcpy(&got[1], r.device + (OUT - WINDOW) + VCC_OUT + 4 * l, 4);
    memcpy(&in[0], r.interp + (OUT - WINDOW) + 4 * l, 4);
    memcpy(&in[1], r.interp + (OUT - WINDOW) + VCC_OUT + 4 * l, 4);
    if (got[0] != want || in[0] != want || got[1] != vout || in[1] != vout) {
      fprintf(stderr,
              "%s: lane %u (0x%08x 0x%08x 0x%08x vcc %d): device 0x%08x vcc %u, interpreter "
              "0x%08x vcc %u, expected 0x%08x vcc %d\n",
              name, l, a, b, c, vin, got[0], got[1], in[0], in[1], want, vout);
      bad++;
    }
  }
  printf("%s: %u lanes with VCC set, %u results other than S0\n", name, flagged, changed);
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed++;
}

static void run64m(const char *name, const char *op, enum kind k, const uint64_t *ops,
                   const uint32_t *vcc_in, uint32_t mode) {
  char src[2048];
  snprintf(src, sizeof src, "%s%s\n%s", load64, op, store64);
  uint8_t buf[3 * 512 + 256];
  memcpy(buf, ops, 3 * 512);
  memcpy(buf + 1536, vcc_in, 256);
  struct float_wave r = float_wave_run(dev, src, mode, name, buf, sizeof buf, 0x500, sizeof buf);
  unsigned bad = 0, flagged = 0, changed = 0;
  for (uint32_t l = 0; l < LANES; l++) {
    uint64_t a = ops[l], b = ops[LANES + l], c = ops[2 * LANES + l];
    bool vin = vcc_in[l] != 0, vout = vin;
    uint64_t want, got, in;
    uint32_t gv, iv;
    switch (k) {
      case SCALE: want = ref_scale64(a, b, c, &vout); break;
      case FMAS: want = ref_fmas64(a, b, c, vin); break;
      case LDEXP: /* under an f16/f64 denormal field that flushes outputs (0, 1): a zero */
        want = bits64(ref_ldexp(dbl(a), (int32_t)vcc_in[l]));
        if ((mode >> 6 & 3) < 2 && denorm64(dbl(want))) want &= 1ull << 63;
        break;
      default: want = ref_fixup64(a, b, c); break;
    }
    flagged += vout, changed += want != a;
    memcpy(&got, r.device + (OUT - WINDOW) + 8 * l, 8);
    memcpy(&in, r.interp + (OUT - WINDOW) + 8 * l, 8);
    memcpy(&gv, r.device + (OUT - WINDOW) + VCC_OUT + 4 * l, 4);
    memcpy(&iv, r.interp + (OUT - WINDOW) + VCC_OUT + 4 * l, 4);
    if (got != want || in != want || gv != vout || iv != vout) {
      fprintf(stderr,
              "%s: lane %u (0x%016llx 0x%016llx 0x%016llx vcc %d): device 0x%016llx vcc %u, "
              "interpreter 0x%016llx vcc %u, expected 0x%016llx vcc %d\n",
              name, l, (unsigned long long)a, (unsigned long long)b, (unsigned long long)c, vin,
              (unsigned long long)got, gv, (unsigned long long)in, iv, (unsigned long long)want,
              vout);
      bad++;
    }
  }
  printf("%s: %u lanes with VCC set, %u results other than S0\n", name, flagged, changed);
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed++;
}

static void run32(const char *name, const char *op, enum kind k, const uint32_t *ops) {
  run32m(name, op, k, ops, IR_FLOAT_MODE_DEFAULT);
}
static void run64(const char *name, const char *op, enum kind k, const uint64_t *ops,
                  const uint32_t *vcc_in) {
  run64m(name, op, k, ops, vcc_in, IR_FLOAT_MODE_DEFAULT);
}

static void div_scale_matches_isa(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  uint32_t o[4 * LANES] = {0};
  scale_ops32(o);
  run32("v_div_scale_f32", "v_div_scale_f32 v4, vcc, v1, v2, v3", SCALE, o);
  uint64_t d[3 * LANES];
  uint32_t v[LANES] = {0};
  scale_ops64(d);
  run64("v_div_scale_f64", "v_div_scale_f64 v[7:8], vcc, v[1:2], v[3:4], v[5:6]", SCALE, d, v);
}

/* Lanes where a scaling is inexact (the rest as scale_ops): (S0, D, N) with D denormal (N
 * less than 96 binades above it) and S0 >= 2^64 (S0 * 2^64 overflows), a tiny N (exponent field <=
 * 23) with a large D = S0, and exact scalings next to them (2^64 - ulp, denormal S0) */
static const uint32_t directed32[][3] = {
    {0x5f800000u, 0x00000001u, 0x2b800000u}, {0xdf800000u, 0x00000001u, 0x2b800000u},
    {0x5f7fffffu, 0x00000003u, 0x2b800000u}, {0xff7fffffu, 0x00400000u, 0xab800000u},
    {0x7e000000u, 0x7e000000u, 0x00800000u}, {0xfe123456u, 0xfe123456u, 0x00800001u},
    {0x00000005u, 0x00000005u, 0x40000000u}, {0x80700001u, 0x80700001u, 0x3f800000u},
    {0x7f000000u, 0x00012345u, 0x2f800000u}, {0x40490fdbu, 0x7e800000u, 0x00000001u},
};
/* f64: 1/D denormal (|D| > 2^1022) with N/D denormal and S0 = D (always an overflow), with
 * N/D below the denormals and S0 = N tiny (a denormal result of scaling down, bits lost),
 * D denormal with S0 huge (N less than 768 binades above), a tiny N with S0 = D large */
static const uint64_t directed64[][3] = {
    {0x7fe0000000000000ull, 0x7fe0000000000000ull, 0x3ff0000000000000ull},
    {0xffefffffffffffffull, 0xffefffffffffffffull, 0x3ff8000000000000ull},
    {0x0008000000000003ull, 0x7fe0000000000000ull, 0x0008000000000003ull},
    {0x8000000000000007ull, 0xffe1234567890abcull, 0x8000000000000007ull},
    {0x0010000000000001ull, 0x7fe0000000000000ull, 0x0010000000000001ull},
    {0x07f0000000000fffull, 0x7fefffffffffffffull, 0x3c30000000000000ull},
    {0x87f0000000000801ull, 0x7fe8000000000000ull, 0x3c30000000000000ull},
    {0x7fe0000000000000ull, 0x0000000000000001ull, 0x26f0000000000000ull},
    {0xf800000000000000ull, 0x800fffffffffffffull, 0x26f0000000000000ull},
    {0x7e00000000000000ull, 0x7e00000000000000ull, 0x0010000000000000ull},
    {0xfe10000000000001ull, 0xfe10000000000001ull, 0x0350000000000000ull},
};

/* v_div_scale_f32/f64 under each directed round field of its precision (FLOAT_MODE 0xf1,
 * 0xf2, 0xf3; 0xf4, 0xf8, 0xfc): the scalings rounded as v_ldexp in the mode; the lanes
 * above differ from nearest even in every direction but one per sign */
static void div_scale_in_directed_modes(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  uint64_t saved_rng = rng; /* the tests after this one see the operands they always did */
  for (unsigned round = 1; round <= 3; round++) {
    uint32_t o[4 * LANES] = {0};
    scale_ops32(o);
    const size_t n32 = sizeof directed32 / sizeof directed32[0];
    for (unsigned i = 0; i < n32; i++)
      for (unsigned j = 0; j < 3; j++) o[j * LANES + LANES - 1 - i] = directed32[i][j];
    unsigned differ = 0;
    for (unsigned l = 0; l < LANES; l++) {
      bool v;
      ref_round = 0;
      uint32_t ne = ref_scale32(o[l], o[LANES + l], o[2 * LANES + l], &v);
      ref_round = round;
      differ += ref_scale32(o[l], o[LANES + l], o[2 * LANES + l], &v) != ne;
    }
    char name[64];
    snprintf(name, sizeof name, "v_div_scale_f32 round %u", round);
    run32m(name, "v_div_scale_f32 v4, vcc, v1, v2, v3", SCALE, o, 0xf0u | round);
    printf("%s: %u lanes differ from nearest even\n", name, differ);
    assert_true(differ >= 2);

    uint64_t d[3 * LANES];
    uint32_t v[LANES] = {0};
    scale_ops64(d);
    const size_t n64 = sizeof directed64 / sizeof directed64[0];
    for (unsigned i = 0; i < n64; i++)
      for (unsigned j = 0; j < 3; j++) d[j * LANES + LANES - 1 - i] = directed64[i][j];
    differ = 0;
    for (unsigned l = 0; l < LANES; l++) {
      bool f;
      ref_round = 0;
      uint64_t ne = ref_scale64(d[l], d[LANES + l], d[2 * LANES + l], &f);
      ref_round = round;
      differ += ref_scale64(d[l], d[LANES + l], d[2 * LANES + l], &f) != ne;
    }
    snprintf(name, sizeof name, "v_div_scale_f64 round %u", round);
    run64m(name, "v_div_scale_f64 v[7:8], vcc, v[1:2], v[3:4], v[5:6]", SCALE, d, v,
           0xf0u | round << 2);
    printf("%s: %u lanes differ from nearest even\n", name, differ);
    assert_true(differ >= 3);
  }
  ref_round = 0;
  rng = saved_rng;
}

/* fma operands: finite, products and sums in every range (denormal results included), the
 * scale up or down by S2's exponent, VCC on in two lanes of three */
static void div_fmas_matches_isa(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  uint32_t o[4 * LANES];
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t a = rnd32(), b = rnd32(), c = rnd32();
    a = (a & 0x807fffffu) | (uint32_t)(100 + rnd() % 60) << 23;
    b = (b & 0x807fffffu) | (uint32_t)(60 + rnd() % 80) << 23;
    if (l % 4 == 1) c = (c & 0x807fffffu) | (uint32_t)(120 + rnd() % 20) << 23; /* |c| ~ 1 */
    if (l % 8 == 3) c = bits(-flt(a) * flt(b));                                 /* cancel */
    o[l] = a, o[LANES + l] = b, o[2 * LANES + l] = c, o[3 * LANES + l] = l % 3 != 0;
  }
  run32("v_div_fmas_f32", "v_div_fmas_f32 v4, v1, v2, v3", FMAS, o);
  uint64_t d[3 * LANES];
  uint32_t v[LANES];
  for (unsigned l = 0; l < LANES; l++) {
    uint64_t a = (rnd64() & 0x800fffffffffffffull) | (uint64_t)(800 + rnd() % 400) << 52;
    uint64_t b = (rnd64() & 0x800fffffffffffffull) | (uint64_t)(200 + rnd() % 800) << 52;
    uint64_t c = rnd64();
    if (l % 4 == 1) c = (c & 0x800fffffffffffffull) | (uint64_t)(1000 + rnd() % 40) << 52;
    if (l % 8 == 3) c = bits64(-dbl(a) * dbl(b));
    d[l] = a, d[LANES + l] = b, d[2 * LANES + l] = c, v[l] = l % 3 != 0;
  }
  /* lanes other seeds found (PROSPERO_TEST_SEED): denormal results of the scaling down,
   * which lavapipe computed as the power of two above them while v_ldexp_f64 multiplied by
   * 2^-1074 in float arithmetic (docs/shader-float.md, "Fixed") */
  static const uint64_t found[][3] = {
      {0x343a7010b748cd79ull, 0x92a434e107dd1226ull, 0x830aa7408d7b6cc1ull}, /* seed 37 */
      {0x3251ffd3f3c84619ull, 0x94a3c3e244e74b74ull, 0x06392341ffd88dd3ull},
      {0x38f7d2ad36003701ull, 0x90fe284b03c44341ull, 0x0a06738193b7871aull},
      {0xb6fe4440043787c0ull, 0x0f0aa39f154abb3eull, 0x00b69c238884218bull},
      {0xb6bb4a28b856e511ull, 0x12224b5c62a57c02ull, 0x08ef33f700ec76a8ull},
      {0xbaa47b70562e75a1ull, 0x8da4443588b51d48ull, 0x8859f19d910d8ab6ull}, /* 5 ulps */
      {0xbba0a61542e257c5ull, 0x8ccc331fbbcbb52eull, 0x887d57d79e038cd9ull}, /* 12 */
      {0x389820c859defef4ull, 0x0fc52bdaad10e0b5ull, 0x886fed28d40be85cull}, /* -8 */
      {0x3b4dde2f170d59f7ull, 0x8d1e17eb462e7839ull, 0x087c169f70a04dd7ull}, /* 14 */
  };
  for (unsigned i = 0; i < sizeof found / sizeof found[0]; i++) {
    unsigned l = LANES - 1 - 3 * i; /* lanes 63, 60, .. 39, VCC set */
    d[l] = found[i][0], d[LANES + l] = found[i][1], d[2 * LANES + l] = found[i][2], v[l] = 1;
  }
  run64("v_div_fmas_f64", "v_div_fmas_f64 v[7:8], v[1:2], v[3:4], v[5:6]", FMAS, d, v);
}

/* v_ldexp_f64 (the scaling of v_div_fmas_f64, an integer sequence in the translator):
 * S0 * 2^S1 rounded once, under nearest even and the three directed f64 round fields
 * (FLOAT_MODE 0xf4, 0xf8, 0xfc), against C's conversion of the exact long double product,
 * and under 0x70 (f16/f64 denormal outputs flushed, inputs kept: a denormal result is a zero
 * of its sign).
 * Lanes: results across the denormal range (every shift, ties, the tie to 2^-1022, below
 * half the smallest denormal), the overflow edge, denormal and huge S0, zeros, infinities */
static void ldexp64_matches_c(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const uint64_t fixed[][2] = {
      {0x3ff8000000000000ull, (uint64_t)-1074}, /* 1.5 2^-1074: a tie, up to 2 */
      {0x3ff0000000000000ull, (uint64_t)-1075}, /* the tie to zero */
      {0x3ff0000000000001ull, (uint64_t)-1075}, /* just above it */
      {0x3fffffffffffffffull, (uint64_t)-1023}, /* the tie to 2^-1022 */
      {0x3ffffffffffffffeull, (uint64_t)-1023}, /* just below it */
      {0xbff0000000000000ull, (uint64_t)-2000}, /* far below: -0 */
      {0x7fefffffffffffffull, 1},               /* overflow */
      {0xffe0000000000000ull, 1},
      {0x7fe0000000000000ull, 0},
      {0x0000000000000001ull, 1073}, /* a denormal S0 up to 2^-1 */
      {0x800fffffffffffffull, 2},
      {0x0008000000000001ull, -1 & 0xffffffffull}, /* denormal down: a tie */
      {0, 100},
      {1ull << 63, (uint64_t)-100},
      {0x7ff0000000000000ull, (uint64_t)-5000},
      {0xfff0000000000000ull, 5000},
  };
  uint64_t saved_rng = rng; /* the tests after this one see the operands they always did */
  for (unsigned run = 0; run <= 4; run++) { /* round fields 0..3, then 0 with 0x70 */
    unsigned round = run & 3;
    uint32_t mode = run == 4 ? 0x70u : 0xf0u | round << 2;
    uint64_t d[3 * LANES] = {0};
    uint32_t n[LANES];
    for (unsigned l = 0; l < LANES; l++) {
      uint64_t x = rnd64();
      int ex = (int)(x >> 52 & 0x7ff);
      /* the result's exponent field before rounding: the overflow edge, else the denormal
       * range and the normals just above it */
      int target = l % 4 == 3 ? 2040 + (int)(rnd() % 16) : -60 + (int)(rnd() % 70);
      n[l] = (uint32_t)(target - ex);
      d[l] = x;
    }
    for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
      d[i] = fixed[i][0], n[i] = (uint32_t)fixed[i][1];
    for (unsigned l = 0; l < LANES; l++) /* unused by the kernel: S1 in the messages */
      d[LANES + l] = (uint64_t)(int64_t)(int32_t)n[l];
    ref_round = round;
    unsigned denormal = 0;
    for (unsigned l = 0; l < LANES; l++) denormal += denorm64(ref_ldexp(dbl(d[l]), (int32_t)n[l]));
    char name[64];
    snprintf(name, sizeof name, "v_ldexp_f64 FLOAT_MODE 0x%02x", mode);
    run64m(name, "v_ldexp_f64 v[7:8], v[1:2], v12", LDEXP, d, n, mode);
    printf("%s: %u denormal results\n", name, denormal);
    assert_true(denormal >= 20);
  }
  ref_round = 0;
  rng = saved_rng;
}

static void div_fixup_matches_isa(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const uint32_t sp32[] = {0,           0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                  0x7f800001u, 0x00000001u, 0x3f800000u, 0x0d800000u, 0x72000000u};
  static const uint64_t sp64[] = {0,
                                  1ull << 63,
                                  0x7ff0000000000000ull,
                                  0xfff0000000000000ull,
                                  0x7ff8000000000000ull,
                                  0x7ff0000000000001ull,
                                  1,
                                  0x3ff0000000000000ull,
                                  0x0010000000000000ull,
                                  0x7fe0000000000000ull};
  uint32_t o[4 * LANES] = {0};
  uint64_t d[3 * LANES];
  uint32_t v[LANES] = {0};
  for (unsigned l = 0; l < LANES; l++) {
    o[l] = l % 5 == 4 ? 0x7fc00000u : rnd32();
    o[LANES + l] = l < 50 ? sp32[l % 10] : rnd32();
    o[2 * LANES + l] = l < 50 ? sp32[(l / 5 + l) % 10] : rnd32();
    d[l] = l % 5 == 4 ? 0xfff8000000000000ull : rnd64();
    d[LANES + l] = l < 50 ? sp64[l % 10] : rnd64();
    d[2 * LANES + l] = l < 50 ? sp64[(l / 5 + l) % 10] : rnd64();
  }
  run32("v_div_fixup_f32", "v_div_fixup_f32 v4, v1, v2, v3", FIXUP, o);
  run64("v_div_fixup_f64", "v_div_fixup_f64 v[7:8], v[1:2], v[3:4], v[5:6]", FIXUP, d, v);
}

/* The f32 division compilers emit under the default mode (denormals kept): every lane's
 * quotient as the sequence computes it step by step in C; for finite operands whose
 * quotient is not a denormal that is N / D rounded to nearest even, which the test also
 * checks */
static void fdiv_sequence_matches_isa(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  uint32_t o[4 * LANES] = {0};
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t n, d;
    if (l < sizeof edges32 / sizeof edges32[0]) {
      d = edges32[l][0], n = edges32[l][1];
    } else {
      d = rnd32(), n = rnd32();
    }
    o[l] = n, o[LANES + l] = d;
  }
  run32("f32 division",
        "v_div_scale_f32 v4, s[0:1], v2, v2, v1\n"
        "v_div_scale_f32 v5, vcc, v1, v2, v1\n"
        "v_rcp_f32 v6, v4\n"
        "v_fma_f32 v7, -v4, v6, 1.0\n"
        "v_fma_f32 v6, v7, v6, v6\n"
        "v_mul_f32 v7, v5, v6\n"
        "v_fma_f32 v8, -v4, v7, v5\n"
        "v_fma_f32 v7, v8, v6, v7\n"
        "v_fma_f32 v4, -v4, v7, v5\n"
        "v_div_fmas_f32 v4, v4, v6, v7\n"
        "v_div_fixup_f32 v4, v4, v2, v1\n"
        "s_mov_b64 vcc, 0\n",
        DIVIDE, o);
  /* the ISA's pseudocode rounds the fma and then its scaled value (as written here): a
   * quotient in the denormal range may round twice, every other one is N / D exactly */
  unsigned exact = 0, finite = 0, normal = 0, normal_exact = 0;
  for (unsigned l = 0; l < LANES; l++) {
    float n = flt(o[l]), d = flt(o[LANES + l]);
    if (!isfinite(n) || !isfinite(d) || d == 0) continue;
    bool right = ref_divide32(o[l], o[LANES + l]) == bits(n / d);
    finite++;
    exact += right;
    if (fabsf(n / d) >= 0x1p-126f || n / d == 0) normal++, normal_exact += right;
  }
  printf(
      "f32 division sequence: %u of %u finite lanes N / D rounded to nearest even (%u of %u "
      "outside the denormal range)\n",
      exact, finite, normal_exact, normal);
  assert_int_equal(normal_exact, normal);
}

int main(void) {
  rng = (uint64_t)float_test_seed(rng);
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(div_scale_matches_isa), cmocka_unit_test(div_scale_in_directed_modes),
      cmocka_unit_test(div_fmas_matches_isa),  cmocka_unit_test(ldexp64_matches_c),
      cmocka_unit_test(div_fixup_matches_isa), cmocka_unit_test(fdiv_sequence_matches_isa)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_div: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return !dev && r == 0 ? 77 : r;
}
