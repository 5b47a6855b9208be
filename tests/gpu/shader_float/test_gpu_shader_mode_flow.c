/* Float mode changes inside a shader (docs/shader-float.md, "Float modes"): s_round_mode,
 * s_denorm_mode, s_setreg_imm32_b32 and s_setreg_b32 of MODE from a constant, followed
 * over the CFG (straight line, an if/else whose arms agree, a loop that sets the same mode
 * again), each f32 operation computed in the mode in force where it stands, and s_getreg of
 * MODE reading that mode. GFX10 kernels (llvm-mc-19 at test time) over 64 lanes of
 * denormals, tiny normals whose products underflow, signed zeros, exact cancellations,
 * overflow, NaNs and ordinary values; the interpreter and the device (lavapipe) must both
 * give the value computed here in C with the host's IEEE arithmetic under fesetround and
 * the MODE field's flushes written from the ISA's rule (a flushed denormal is a zero of its
 * sign), the windows equal byte for byte. Where the mode is not known at compile time (a
 * register written to MODE, paths that reach an operation in different modes) or not
 * computed, the emitter and the interpreter both refuse, naming the operation. */
#include "xl_test_harness.h"

#include <fenv.h>
#include <math.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_float.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "vk_test_device.h"

#include "float_wave.h"

#pragma STDC FENV_ACCESS ON

static vk_device *dev;
static unsigned kernels_passed;

static uint32_t rng = 0x2468ace1u;
static uint32_t rnd(void) { return xorshift32(&rng); }
static bool isnan_bits(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

enum op { ADD, SUB, MUL, FMA, CVT_F32_F64, CVT_F16_F32, FRACT, RSQ, EXP2, LOG2, SIN, COS };

/* v_exp/log/sin/cos_f32 in the f32 round field: the long double value (exp2l, log2l; sinl or
 * cosl of the exactly reduced quarter-turn angle, docs/shader-float.md) converted to f32 by
 * C under fesetround, after the documented special values (exact in every mode). The test's
 * inputs keep long double's value off the f32 grid and midpoints by far more than its
 * error (checked against the exhaustive search's bound: prospero-float-search). */
static uint32_t ref_trans(enum op op, uint32_t a, unsigned round) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  uint32_t mag = a & 0x7fffffffu;
  if (mag > 0x7f800000u) return a | 0x400000u;
  float x;
  memcpy(&x, &a, 4);
  volatile long double v;
  if (op == EXP2) {
    if (a == 0xff800000u) return 0;
    if (a == 0x7f800000u) return a;
    v = exp2l(x);
    /* long double's 1 and infinity: the exact value is on x's side of 1 (exp2 increases),
     * and finite (beyond f32 only) */
    if (v == 1.0L && x != 0.0f) v = x > 0 ? nextafterl(1.0L, 2.0L) : nextafterl(1.0L, 0.0L);
    if (x > 200.0f) v = 0x1p200L;
    if (x < -200.0f) v = 0x1p-200L;
  } else if (op == LOG2) {
    if (!mag) return 0xff800000u;
    if (a >> 31) return 0x7fc00000u;
    if (a == 0x7f800000u) return a;
    v = log2l(x);
  } else {
    if (mag > 0x43800000u) return op == COS ? 0x3f800000u : 0; /* |a| > 256 */
    double r = (double)x - nearbyint(x), q4 = 4.0 * r, q = nearbyint(q4), f = q4 - q;
    long double th = (long double)f * 1.5707963267948966192313216916397514L;
    int k = ((int)q + (op == COS)) & 3;
    long double w = k & 1 ? cosl(th) : sinl(th);
    if (fabsl(w) == 1.0L && f != 0.0) /* |sin|, |cos| < 1 off the quarter turns */
      w = nextafterl(w, 0.0L);
    v = k & 2 ? -w : w;
  }
  fesetround(dirs[round]);
  volatile float out = (float)v;
  fesetround(FE_TONEAREST);
  uint32_t u = bits(out);
  if ((op == SIN || op == COS) && (u & 0x7fffffffu) == 0) u = op == SIN && !mag ? a : 0;
  return u;
}

/* the value of the f16 bits H (0 .. 0x7c00: +0 to +inf) from the format's definition */
static float half_value(uint32_t h) {
  uint32_t e = h >> 10, m = h & 0x3ff;
  if (e == 31) return INFINITY;
  return e ? ldexpf((float)(1024 + m), (int)e - 25) : ldexpf((float)m, -24);
}

/* f32 bits A rounded to f16 by the f16/f64 round field ROUND (0 nearest even, 1 toward +inf,
 * 2 toward -inf, 3 toward zero): the two halves around |a| found by a search over every
 * nonnegative half, then the one the direction picks (nearest: the nearer, a tie to the
 * even one; a value past 65504 rounds to inf beyond 65520 in that mode) */
static uint32_t ref_half(uint32_t a, unsigned round) {
  uint32_t sign = (a >> 16) & 0x8000u;
  if (isnan_bits(a)) return sign | 0x7e00u;
  float x = fabsf(flt(a));
  uint32_t lo = 0, hi = 0x7c00; /* the largest half <= x */
  while (lo < hi) {
    uint32_t mid = (lo + hi + 1) / 2;
    if (half_value(mid) <= x) lo = mid;
    else hi = mid - 1;
  }
  if (half_value(lo) == x) return sign | lo;
  bool away = round == 1 ? !sign : round == 2 ? sign != 0 : false;
  if (round == 0) {
    double d0 = (double)x - half_value(lo), d1 = (double)half_value(lo + 1) - x;
    if (lo == 0x7bff) d1 = (double)65520.0f - x; /* the overflow threshold acts as the tie */
    away = d1 < d0 || (d1 == d0 && (lo & 1));
  }
  return sign | (away ? lo + 1 : lo);
}

static int rsq_side(double x, uint64_t M, int em);

/* 1/sqrt(x) of a positive finite f32 X rounded to f32 by ROUND (0 nearest even, 1 +inf,
 * 2 -inf, 3 zero), exactly: the f32 values around a long double guess and the exact side
 * test rsq_side (integers), nearest even by the exact midpoint */
static uint32_t ref_rsq32(uint32_t a, unsigned round) {
  double x = flt(a);
  uint32_t d = bits((float)(1.0L / sqrtl((long double)x)));
  int e;
  uint64_t D;
#define SIDE(u) (D = (uint64_t)ldexp(frexp(flt(u), &e), 24), rsq_side(x, D, e - 24))
  while (SIDE(d) > 0) d--;      /* d above the exact value */
  while (SIDE(d + 1) <= 0) d++; /* now d <= exact < d + 1 */
  bool exact = SIDE(d) == 0;
  if (exact || round == 2 || round == 3) return d;
  if (round == 1) return d + 1;
  D = (uint64_t)ldexp(frexp(flt(d), &e), 24);
  int s = rsq_side(x, 2 * D + 1, e - 25); /* the midpoint */
#undef SIDE
  return s > 0 ? d : s < 0 ? d + 1 : (d & 1) ? d + 1 : d;
}

/* MODE's rule in C: operands flushed (field 5:4 = 0 or 2), the IEEE operation under the
 * round field 1:0, the NaN rule (the first NaN operand quieted, an invalid operation
 * 0x7fc00000), the result flushed (field 5:4 = 0 or 1) */
static uint32_t ref(enum op op, uint32_t mode, uint32_t a, uint32_t b, uint32_t c) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  unsigned den = (mode >> 4) & 3;
  bool fin = den == 0 || den == 2, fout = den == 0 || den == 1;
  if (op == CVT_F16_F32) return ref_half(fin ? flush(a) : a, (mode >> 2) & 3);
  if (op == CVT_F32_F64) { /* the f64 (B:A), whose f64 denormals the mode 0xf_ keeps */
    uint64_t d = (uint64_t)b << 32 | a;
    if ((d & ~(1ull << 63)) > 0x7ff0000000000000ull) /* NaN: quieted, the payload's top */
      return (uint32_t)(d >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(d >> 29 & 0x3fffffu);
    volatile double v = dbl(d);
    fesetround(dirs[mode & 3]);
    volatile float f = (float)v;
    fesetround(FE_TONEAREST);
    return fout ? flush(bits(f)) : bits(f);
  }
  if (fin) a = flush(a), b = flush(b), c = flush(c);
  if (op >= EXP2) {
    uint32_t u = ref_trans(op, a, mode & 3);
    return fout ? flush(u) : u;
  }
  if (op == RSQ) { /* 1/sqrt in the mode: +-0 -> +-inf, +inf -> +0, a < 0 -> default NaN */
    uint32_t u = isnan_bits(a)            ? a | 0x400000u
                 : (a & 0x7fffffffu) == 0 ? (a | 0x7f800000u)
                 : a == 0x7f800000u       ? 0
                 : a >> 31                ? 0x7fc00000u
                                          : ref_rsq32(a, mode & 3);
    return fout ? flush(u) : u;
  }
  if (op == FRACT) { /* V_FRACT_F32: S0 - floor(S0) in the mode, capped below 1.0 */
    if (isnan_bits(a)) return a | 0x400000u;
    if ((a & 0x7fffffffu) == 0x7f800000u) return 0x7fc00000u;
    volatile float x = flt(a), fl = floorf(x), r;
    fesetround(dirs[mode & 3]);
    r = x - fl;
    fesetround(FE_TONEAREST);
    uint32_t u = r >= 1.0f ? 0x3f7fffffu : bits(r);
    return fout ? flush(u) : u;
  }
  const uint32_t ops[3] = {a, b, c};
  for (unsigned i = 0; i < (op == FMA ? 3u : 2u); i++)
    if (isnan_bits(ops[i])) return ops[i] | 0x400000u;
  volatile float x = flt(a), y = flt(b), z = flt(c), r;
  fesetround(dirs[mode & 3]);
  switch (op) {
    case ADD: r = x + y; break;
    case SUB: r = x - y; break;
    case MUL: r = x * y; break;
    default: r = fmaf(x, y, z); break;
  }
  fesetround(FE_TONEAREST);
  uint32_t u = bits(r);
  if (isnan_bits(u)) u = 0x7fc00000u;
  return fout ? flush(u) : u;
}

static uint32_t operand(unsigned kind) {
  uint32_t r = rnd();
  switch (kind % 6) {
    case 0: return r & 0x807fffffu;                                   /* denormal or zero */
    case 1: return (r & 0x807fffffu) | (1u + (r >> 28 & 3)) << 23;    /* 2^-126 .. 2^-123 */
    case 2: return (r & 0x807fffffu) | (100u + (r >> 26 & 63)) << 23; /* 2^-27 .. 2^36 */
    case 3: return r & 0x80000000u;                                   /* signed zero */
    default: return (r & 0x807fffffu) | (125u + (r >> 28 & 7)) << 23; /* 0.25 .. 32 */
  }
}

enum fill { F32_OPS, F64_OPS, HALF_OPS, FRACT_OPS, RSQ_OPS, TRANS_OPS };

static void make_ops(uint32_t *o, enum fill fill) {
  if (fill == F64_OPS) { /* (v2:v1) an f64 */
    static const uint64_t special[] = {0,
                                       1ull << 63,
                                       1,
                                       (1ull << 63) | 5,
                                       0x000fffffffffffffull, /* f64 denormals */
                                       0x3810000000000000ull,
                                       0x36a0000000000000ull,
                                       0xb6a0000000000001ull, /* 2^-126, 2^-149 */
                                       0x369fffffffffffffull,
                                       0x47efffffe0000000ull,
                                       0x47efffffe0000001ull, /* the top */
                                       0xc7f0000000000000ull,
                                       0x7ff0000000000000ull,
                                       0xfff0000000000000ull,
                                       0x7ff8000000000001ull,
                                       0x7ff0000000000001ull,
                                       0x3ff0000010000000ull, /* a tie */
                                       0xbff0000010000000ull,
                                       0x3ff0000010000001ull};
    uint64_t r = 0x9e3779b97f4a7c15ull;
    for (unsigned l = 0; l < LANES; l++) {
      uint64_t d = l < sizeof special / 8 ? special[l] : 0;
      if (l >= sizeof special / 8) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t ex = l % 4 == 0   ? 0x380 + (r >> 60)
                      : l % 4 == 1 ? 0x3ff + (r >> 61)
                                   : 0x36a - (r >> 60);
        if (l % 8 == 3) ex = 0x47e + (r >> 63);
        d = (r & (1ull << 63)) | ex << 52 | (r >> 7 & ((1ull << 52) - 1));
      }
      o[l] = (uint32_t)d, o[LANES + l] = (uint32_t)(d >> 32), o[2 * LANES + l] = 0;
    }
    return;
  }
  if (fill == RSQ_OPS) { /* positive values of every size, powers of 4 (exact), specials */
    static const uint32_t special[] = {0,           0x80000000u, 0x00000001u, 0x00800000u,
                                       0x3f800000u, 0x40800000u, 0x7f7fffffu, 0x7f800000u,
                                       0xff800000u, 0xbf800000u, 0x7fc00001u, 0x3e800000u};
    for (unsigned l = 0; l < LANES; l++) {
      uint32_t r = rnd();
      o[l] = l < sizeof special / 4 ? special[l] : (r & 0x007fffffu) | (1u + r % 253u) << 23;
      o[LANES + l] = o[2 * LANES + l] = 0;
    }
    return;
  }
  if (fill == TRANS_OPS) { /* exact results, values next to +-1 (the side rule), specials */
    static const uint32_t special[] = {
        0,           0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xff800001u,
        0x3f800000u, 0x40400000u, 0xc1200000u, 0x3e800000u, 0x3f000000u, 0x3f400000u,
        0xbe800000u, 0x00000001u, 0x80000001u, 0x2b800000u, 0xab800000u, /* +-2^-40 */
        0x21800000u, 0xa1800000u,                                        /* +-2^-60 */
        0x1f000000u, 0x9f000000u,                                        /* +-2^-65: cos ~ 1 */
        0x3e800001u, 0x3e7fffffu, 0xbf400001u, 0x3f7fffffu, 0x3f800001u, 0x43800000u,
        0x43800001u, 0x43000000u, 0x42fe0000u, 0xc3000001u, 0x7f7fffffu, 0x4b800000u};
    const unsigned ns = sizeof special / 4;
    for (unsigned l = 0; l < LANES; l++) {
      uint32_t r = rnd();
      o[l] = l < ns ? special[l]
             : l - ns < ir_float_hard_case_count /* the hard cases of every function */
                 ? ir_float_hard_cases[l - ns].x
                 : (r & 0x807fffffu) | (97u + r % 38u) << 23; /* 2^-30..2^8 */
      o[LANES + l] = o[2 * LANES + l] = 0;
    }
    return;
  }
  if (fill == FRACT_OPS) { /* negative values of every size, integers, specials */
    static const uint32_t special[] = {0,           0x80000000u, 0x80000001u, 0xb0800000u,
                                       0xbdcccccdu, 0xbf800000u, 0x40400000u, 0xc0400000u,
                                       0x4b000001u, 0xcb7fffffu, 0x7f800000u, 0xff800000u,
                                       0x7fc00001u, 0x00000001u, 0x3f7fffffu, 0xbf7fffffu};
    for (unsigned l = 0; l < LANES; l++) {
      uint32_t r = rnd();
      o[l] = l < sizeof special / 4 ? special[l]
                                    : (r & 0x807fffffu) | (90u + r % 45u) << 23; /* 2^-37..2^8 */
      o[LANES + l] = o[2 * LANES + l] = 0;
    }
    return;
  }
  if (fill == HALF_OPS) { /* f32 values around the f16 range */
    static const uint32_t special[] = {
        0,           0x80000000u, 0x33800000u, 0x33000000u, 0xb3000001u, 0x38800000u, 0x387fc000u,
        0x387fe000u, 0x477fe000u, 0x477ff000u, 0xc77ff001u, 0x47800000u, 0x7f800000u, 0xff800000u,
        0x7fc00001u, 0x00000001u, 0x80000001u, 0x3f801000u, 0x3f803000u, 0xbf801001u};
    for (unsigned l = 0; l < LANES; l++) {
      uint32_t r = rnd();
      o[l] = l < sizeof special / 4 ? special[l]
                                    : (r & 0x807fffffu) | (100u + r % 44u) << 23; /* 2^-27..2^16 */
      o[LANES + l] = o[2 * LANES + l] = 0;
    }
    return;
  }
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned k = 0; k < 3; k++) o[k * LANES + l] = operand(l + 3 * k + l / 6);
  o[0] = 0x3fc00000u, o[LANES] = 0xbfc00000u, o[2 * LANES] = 0;                   /* x + -x */
  o[1] = 0x7f7fffffu, o[LANES + 1] = 0x7f7fffffu, o[2 * LANES + 1] = 0x7f7fffffu; /* overflow */
  o[2] = 0x00000001u, o[LANES + 2] = 0x3f000000u, o[2 * LANES + 2] = 0x80000001u;
  o[3] = 0x7fc00001u, o[LANES + 3] = 0x3f800000u, o[2 * LANES + 3] = 0xff800001u; /* NaNs */
  o[4] = 0x3f800000u, o[LANES + 4] = 0x33800000u, o[2 * LANES + 4] = 0xb3800000u;
  o[5] = 0x3fc00000u, o[LANES + 5] = 0x3fc00000u, o[2 * LANES + 5] = 0x80000000u; /* x - x */
}

static const char load[] =
    "v_lshlrev_b32 v20, 2, v0\n"
    "buffer_load_dword v1, v20, s[8:11], 0 offen\n"
    "buffer_load_dword v2, v20, s[8:11], 0 offen offset:256\n"
    "buffer_load_dword v3, v20, s[8:11], 0 offen offset:512\n"
    "s_waitcnt vmcnt(0)\n";

/* one result per output row: the operation and the mode C computes it in, or (op < 0) the
 * constant VALUE (s_getreg) */
struct row {
  int op;
  uint32_t mode;
};

static void run_kernel(const char *name, const char *body, const struct row *rows, unsigned nrows,
                       enum fill fill, uint32_t lane0) {
  char src[4096];
  int n = snprintf(src, sizeof src, "%s%s", load, body);
  for (unsigned i = 0; i < nrows; i++)
    n += snprintf(src + n, sizeof src - (size_t)n,
                  "buffer_store_dword v%u, v20, s[4:7], 0 offen offset:%u\n", 4 + i, 256 * i);
  snprintf(src + n, sizeof src - (size_t)n, "s_endpgm\n");
  uint32_t ops[3 * LANES];
  make_ops(ops, fill);
  if (fill == F32_OPS) ops[0] = lane0;
  struct float_wave r =
      float_wave_run(dev, src, 0xf0, name, ops, sizeof ops, nrows * LANES * 4, 3 * 256);
  unsigned bad = 0;
  for (unsigned i = 0; i < nrows; i++)
    for (uint32_t l = 0; l < LANES; l++) {
      uint32_t got, interp, a = ops[l], b = ops[LANES + l], c = ops[2 * LANES + l];
      uint32_t want =
          rows[i].op < 0 ? rows[i].mode : ref((enum op)rows[i].op, rows[i].mode, a, b, c);
      memcpy(&got, r.device + (OUT - WINDOW) + 256 * i + 4 * l, 4);
      memcpy(&interp, r.interp + (OUT - WINDOW) + 256 * i + 4 * l, 4);
      if (got != want || interp != want) {
        fprintf(stderr,
                "%s: row %u lane %u (0x%08x 0x%08x 0x%08x): device 0x%08x, interpreter 0x%08x, "
                "expected 0x%08x\n",
                name, i, l, a, b, c, got, interp, want);
        bad++;
      }
    }
  assert_int_equal(bad, 0);
  /* every row in a directed mode has lanes where it differs from nearest even */
  for (unsigned i = 0; i < nrows; i++) {
    uint32_t field = rows[i].op == CVT_F16_F32 ? 0xcu : 0x3u;
    if (rows[i].op < 0 || !(rows[i].mode & field)) continue;
    unsigned directed = 0;
    for (uint32_t l = 0; l < LANES; l++) {
      uint32_t a = ops[l], b = ops[LANES + l], c = ops[2 * LANES + l];
      directed += ref((enum op)rows[i].op, rows[i].mode, a, b, c) !=
                  ref((enum op)rows[i].op, rows[i].mode & ~field, a, b, c);
    }
    printf("%s: row %u: %u of %u lanes differ from nearest even\n", name, i, directed, LANES);
    assert_true(directed > 0);
  }
  float_wave_finish(&r);
  kernels_passed++;
}

/* Mode writes one after another: each operation in the mode the writes before it leave. */
static void modes_in_sequence(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char body[] =
      "v_add_f32 v4, v1, v2\n" /* 0xf0: the wave-start mode */
      "s_round_mode 0x1\n"     /* 0xf1 */
      "v_add_f32 v5, v1, v2\n"
      "s_round_mode 0x3\n"  /* 0xf3 */
      "s_denorm_mode 0x0\n" /* 0x03: everything flushed */
      "v_mul_f32 v6, v1, v2\n"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 2\n" /* 0x02 */
      "v_fma_f32 v7, v1, v2, v3\n"
      "s_mov_b32 s12, 0xe1\n" /* 0xe1: +inf, f32 inputs flushed and outputs kept */
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), s12\n"
      "v_sub_f32 v8, v1, v2\n"
      "s_getreg_b32 s13, hwreg(HW_REG_MODE, 0, 8)\n"
      "v_mov_b32 v9, s13\n"
      "s_denorm_mode 0xd\n" /* 0xd1: f32 inputs kept, outputs flushed */
      "s_getreg_b32 s13, hwreg(HW_REG_MODE, 4, 2)\n"
      "v_mov_b32 v10, s13\n"
      "v_fma_f32 v11, v1, v2, v3\n";
  static const struct row rows[] = {{ADD, 0xf0}, {ADD, 0xf1}, {MUL, 0x03}, {FMA, 0x02},
                                    {SUB, 0xe1}, {-1, 0xe1},  {-1, 1},     {FMA, 0xd1}};
  run_kernel("mode writes in sequence", body, rows, 8, F32_OPS, 0x3fc00000u);
}

/* Paths that meet in the same mode: an if/else on a value known only at run time (lane 0's
 * first operand), each arm setting toward -inf its own way (run both ways), and a loop
 * whose body sets again the mode it was entered with. */
static void modes_over_control_flow(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char ifelse[] =
      "v_readfirstlane_b32 s16, v1\n"
      "s_cmp_eq_u32 s16, 0\n"
      "s_cbranch_scc1 other\n"
      "s_round_mode 0x2\n"
      "v_add_f32 v4, v1, v2\n"
      "s_branch join\n"
      "other:\n"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 2\n"
      "v_sub_f32 v4, v1, v2\n"
      "join:\n"
      "v_mul_f32 v5, v1, v2\n"
      "s_getreg_b32 s17, hwreg(HW_REG_MODE, 0, 4)\n"
      "v_mov_b32 v6, s17\n";
  static const struct row then_rows[] = {{ADD, 0xf2}, {MUL, 0xf2}, {-1, 2}};
  static const struct row else_rows[] = {{SUB, 0xf2}, {MUL, 0xf2}, {-1, 2}};
  run_kernel("if/else, both arms toward -inf (then)", ifelse, then_rows, 3, F32_OPS, 0x3fc00000u);
  run_kernel("if/else, both arms toward -inf (else)", ifelse, else_rows, 3, F32_OPS, 0);
  static const char loop[] = /* v4 = ((a + b) + b) + b toward +inf, f32 outputs flushed */
      "s_round_mode 0x1\n"
      "s_denorm_mode 0xd\n"
      "s_mov_b32 s20, 3\n"
      "v_mov_b32 v4, v1\n"
      "again:\n"
      "v_add_f32 v4, v4, v2\n"
      "s_round_mode 0x1\n"
      "s_sub_u32 s20, s20, 1\n"
      "s_cmp_lg_u32 s20, 0\n"
      "s_cbranch_scc1 again\n";
  /* the C side: three additions in the mode */
  uint32_t ops[3 * LANES];
  make_ops(ops, F32_OPS);
  ops[0] = 0x3fc00000u;
  struct float_wave r;
  char src[2048];
  snprintf(src, sizeof src, "%s%sbuffer_store_dword v4, v20, s[4:7], 0 offen\ns_endpgm\n", load,
           loop);
  r = float_wave_run(dev, src, 0xf0, "loop toward +inf", ops, sizeof ops, LANES * 4, 3 * 256);
  unsigned bad = 0;
  for (uint32_t l = 0; l < LANES; l++) {
    uint32_t want = ops[l], got, interp;
    for (int k = 0; k < 3; k++) want = ref(ADD, 0xd1, want, ops[LANES + l], 0);
    memcpy(&got, r.device + (OUT - WINDOW) + 4 * l, 4);
    memcpy(&interp, r.interp + (OUT - WINDOW) + 4 * l, 4);
    if (got != want || interp != want) {
      fprintf(stderr, "loop: lane %u: device 0x%08x, interpreter 0x%08x, expected 0x%08x\n", l, got,
              interp, want);
      bad++;
    }
  }
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed++;
}

/* Conversions whose rounding the mode now decides: v_cvt_f32_f64 by the f32 round field
 * (one directed narrowing of the f64: C's conversion under fesetround), v_cvt_f16_f32 by
 * the f16/f64 round field (a search over every half), set by s_round_mode in the shader. */
static void conversions_in_directed_modes(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char cvt64[] =
      "v_cvt_f32_f64 v4, v[1:2]\n"
      "s_round_mode 0x1\n"
      "v_cvt_f32_f64 v5, v[1:2]\n"
      "s_round_mode 0x2\n"
      "v_cvt_f32_f64 v6, v[1:2]\n"
      "s_round_mode 0x3\n"
      "v_cvt_f32_f64 v7, v[1:2]\n";
  static const struct row rows64[] = {
      {CVT_F32_F64, 0xf0}, {CVT_F32_F64, 0xf1}, {CVT_F32_F64, 0xf2}, {CVT_F32_F64, 0xf3}};
  run_kernel("v_cvt_f32_f64 in the four f32 round modes", cvt64, rows64, 4, F64_OPS, 0);
  static const char cvt16[] =
      "v_mov_b32 v4, 0\n"
      "v_mov_b32 v5, 0\n"
      "v_mov_b32 v6, 0\n"
      "v_mov_b32 v7, 0\n"
      "v_cvt_f16_f32 v4, v1\n"
      "s_round_mode 0x4\n"
      "v_cvt_f16_f32 v5, v1\n"
      "s_round_mode 0x8\n"
      "v_cvt_f16_f32 v6, v1\n"
      "s_round_mode 0xc\n"
      "v_cvt_f16_f32 v7, v1\n";
  static const struct row rows16[] = {
      {CVT_F16_F32, 0xf0}, {CVT_F16_F32, 0xf4}, {CVT_F16_F32, 0xf8}, {CVT_F16_F32, 0xfc}};
  run_kernel("v_cvt_f16_f32 in the four f16 round modes", cvt16, rows16, 4, HALF_OPS, 0);
  static const char fract[] =
      "v_fract_f32 v4, v1\n"
      "s_round_mode 0x1\n"
      "v_fract_f32 v5, v1\n"
      "s_round_mode 0x2\n"
      "v_fract_f32 v6, v1\n"
      "s_round_mode 0x3\n"
      "v_fract_f32 v7, v1\n";
  static const struct row rowsf[] = {{FRACT, 0xf0}, {FRACT, 0xf1}, {FRACT, 0xf2}, {FRACT, 0xf3}};
  run_kernel("v_fract_f32 in the four f32 round modes", fract, rowsf, 4, FRACT_OPS, 0);
  static const char rsq[] =
      "v_rsq_f32 v4, v1\n"
      "s_round_mode 0x1\n"
      "v_rsq_f32 v5, v1\n"
      "s_round_mode 0x2\n"
      "v_rsq_f32 v6, v1\n"
      "s_round_mode 0x3\n"
      "v_rsq_f32 v7, v1\n";
  static const struct row rowsr[] = {{RSQ, 0xf0}, {RSQ, 0xf1}, {RSQ, 0xf2}, {RSQ, 0xf3}};
  run_kernel("v_rsq_f32 in the four f32 round modes", rsq, rowsr, 4, RSQ_OPS, 0);
}

/* v_exp/log/sin/cos_f32 in the four f32 round modes (docs/shader-float.md, "The exhaustive
 * search"): against the long double value converted by C under fesetround */
static void transcendentals_in_directed_modes(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char *const names[4] = {"v_exp_f32", "v_log_f32", "v_sin_f32", "v_cos_f32"};
  for (int k = 0; k < 4; k++) {
    char body[512], name[96];
    snprintf(body, sizeof body,
             "%s v4, v1\ns_round_mode 0x1\n%s v5, v1\ns_round_mode 0x2\n%s v6, v1\n"
             "s_round_mode 0x3\n%s v7, v1\n",
             names[k], names[k], names[k], names[k]);
    snprintf(name, sizeof name, "%s in the four f32 round modes", names[k]);
    int op = EXP2 + k;
    const struct row rows[] = {{op, 0xf0}, {op, 0xf1}, {op, 0xf2}, {op, 0xf3}};
    run_kernel(name, body, rows, 4, TRANS_OPS, 0);
  }
}

/* f64 and f16 arithmetic under the f16/f64 round field (MODE 3:2), set by s_round_mode in
 * the shader: the reference for f64 is C's operation under fesetround after the NaN rule
 * (the first NaN operand quieted, an invalid operation 0x7ff8000000000000); for f16 the
 * exact value (a sum, product or fma of halves is exact in long double: at most 64 bits)
 * rounded by a search over every half, an exact zero signed by the operation in float under
 * the direction. The f16 operands are finite (NaN results are the nearest-even ones). */
enum wide { WADD, WMUL, WFMA, WSQRT, WRCP, WRSQ };

/* The sign of x (M 2^em)^2 - 1 for a positive finite x and M < 2^55, exactly: x = X 2^ex
 * with a 53-bit X, so x M^2 = P 2^(ex + 2 em) with P = X M^2 < 2^163 held as hi 2^64 + lo */
static int rsq_side(double x, uint64_t M, int em) {
  int ex;
  uint64_t X = (uint64_t)ldexp(frexp(x, &ex), 53);
  ex -= 53;
  unsigned __int128 m2 = (unsigned __int128)M * M;
  unsigned __int128 lo = (unsigned __int128)X * (uint64_t)m2;
  unsigned __int128 hi = (unsigned __int128)X * (uint64_t)(m2 >> 64) + (lo >> 64);
  uint64_t lo64 = (uint64_t)lo;
  int k = -(ex + 2 * em); /* compare P with 2^k */
  if (k < 0) return 1;
  if (k >= 64 + 127) return -1;
  if (k >= 64) {
    unsigned __int128 t = (unsigned __int128)1 << (k - 64);
    return hi > t || (hi == t && lo64) ? 1 : hi < t ? -1 : 0;
  }
  if (hi) return 1;
  uint64_t t = 1ull << k;
  return lo64 > t ? 1 : lo64 < t ? -1 : 0;
}
static int rsq_side_d(double x, double d) { /* of d itself */
  int ed;
  uint64_t D = (uint64_t)ldexp(frexp(d, &ed), 53);
  return rsq_side(x, D, ed - 53);
}

/* 1/sqrt(x) for a positive finite x in the current rounding direction, exactly: the
 * doubles around it found from a long double first guess and the exact side test; nearest
 * even by the exact midpoint (2D + 1) 2^(ed - 1) */
static double ref_rsq64(double x) {
  int dir = fegetround();
  fesetround(FE_TONEAREST);
  double d = (double)(1.0L / sqrtl((long double)x));
  while (rsq_side_d(x, d) > 0) d = nextafter(d, 0); /* d above the exact value: down */
  while (rsq_side_d(x, nextafter(d, INFINITY)) <= 0) d = nextafter(d, INFINITY);
  /* now d <= exact < next(d) */
  double up = rsq_side_d(x, d) == 0 ? d : nextafter(d, INFINITY), r;
  if (dir == FE_UPWARD) r = up;
  else if (dir != FE_TONEAREST) r = d;
  else if (up == d) r = d;
  else {
    int ed;
    uint64_t D = (uint64_t)ldexp(frexp(d, &ed), 53);
    int s = rsq_side(x, 2 * D + 1, ed - 54); /* the midpoint (2D + 1) 2^(ed - 54) */
    r = s > 0 ? d : s < 0 ? up : ((D & 1) ? up : d);
  }
  fesetround(dir);
  return r;
}

static uint64_t ref64(enum wide op, unsigned round, uint64_t a, uint64_t b, uint64_t c) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  const uint64_t o[3] = {a, b, c};
  for (unsigned i = 0; i < (op == WFMA ? 3u : op >= WSQRT ? 1u : 2u); i++)
    if ((o[i] & ~(1ull << 63)) > 0x7ff0000000000000ull) return o[i] | 1ull << 51;
  if (op == WRSQ) { /* +-0 -> +-inf, +inf -> +0, a < 0 -> the default NaN */
    if ((a & ~(1ull << 63)) == 0) return a | 0x7ff0000000000000ull;
    if (a == 0x7ff0000000000000ull) return 0;
    if (a >> 63) return 0x7ff8000000000000ull;
  }
  volatile double x = dbl(a), y = dbl(b), z = dbl(c), r;
  fesetround(dirs[round]);
  r = op == WADD    ? x + y
      : op == WMUL  ? x * y
      : op == WSQRT ? sqrt(x)
      : op == WRCP  ? 1.0 / x
      : op == WRSQ  ? ref_rsq64(x)
                    : fma(x, y, z);
  fesetround(FE_TONEAREST);
  return isnan(r) ? 0x7ff8000000000000ull : bits64(r);
}

static uint32_t ref16(enum wide op, unsigned round, uint32_t a, uint32_t b, uint32_t c) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  long double x = (a & 0x8000 ? -1 : 1) * (long double)half_value(a & 0x7fff);
  long double y = (b & 0x8000 ? -1 : 1) * (long double)half_value(b & 0x7fff);
  long double z = (c & 0x8000 ? -1 : 1) * (long double)half_value(c & 0x7fff);
  long double v = op == WADD ? x + y : op == WMUL ? x * y : x * y + z;
  if (v == 0) { /* the sign of an exact zero: the operation in float under the direction */
    volatile float fx = (float)x, fy = (float)y, fz = (float)z, r;
    fesetround(dirs[round]);
    r = op == WADD ? fx + fy : op == WMUL ? fx * fy : fmaf(fx, fy, fz);
    fesetround(FE_TONEAREST);
    return signbit(r) ? 0x8000u : 0;
  }
  uint32_t sign = v < 0 ? 0x8000u : 0;
  long double m = fabsl(v);
  uint32_t lo = 0, hi = 0x7c00;
  while (lo < hi) {
    uint32_t mid = (lo + hi + 1) / 2;
    if ((long double)half_value(mid) <= m) lo = mid;
    else hi = mid - 1;
  }
  if ((long double)half_value(lo) == m) return sign | lo;
  bool away = round == 1 ? !sign : round == 2 ? sign != 0 : false;
  if (round == 0) {
    long double d0 = m - half_value(lo),
                d1 = (lo == 0x7bff ? 65520.0L : (long double)half_value(lo + 1)) - m;
    away = d1 < d0 || (d1 == d0 && (lo & 1));
  }
  return sign | (away ? lo + 1 : lo);
}

static uint64_t wide_operand(uint64_t *st, unsigned l, unsigned k, bool half) {
  uint64_t r = xorshift64(st);
  if (half) {
    static const uint32_t sp[] = {0,      0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff,
                                  0xfbff, 0x3c00, 0x3c01, 0x1000, 0x0200, 0xbc00, 0x7800};
    if (l < 14 && k < 2) return sp[(l + 5 * k) % 14];
    return (r & 0x83ff) | (uint64_t)(l % 5 == 0 ? r >> 20 & 3 : 8 + (r >> 20) % 14) << 10;
  }
  static const uint64_t sp[] = {0,
                                1ull << 63,
                                1,
                                (1ull << 63) | 0x000fffffffffffffull,
                                0x7fefffffffffffffull,
                                0xffefffffffffffffull,
                                0x7ff0000000000000ull,
                                0xfff0000000000000ull,
                                0x7ff8000000000001ull,
                                0x3ff0000000000000ull,
                                0x3ca0000000000000ull, /* 2^-53: 1 + it is a tie */
                                0x3ff0000000000001ull,
                                0x0010000000000000ull,
                                0xbca0000000000001ull};
  if (l < 14 && k < 2) return sp[(l + 3 * k) % 14];
  uint64_t ex = l % 6 == 0 ? 1 + (r >> 60) : l % 6 == 1 ? 0x7f0 + (r >> 61) : 0x3f0 + (r >> 59);
  return (r & (1ull << 63)) | ex << 52 | (r >> 8 & ((1ull << 52) - 1));
}

static void run_wide(enum wide op, bool half) {
  static const char *const names[6] = {"add", "mul", "fma", "sqrt", "rcp", "rsq"};
  char name[64], src[4096];
  snprintf(name, sizeof name, "v_%s_%s in the four f16/f64 round modes", names[op],
           half ? "f16" : "f64");
  int n = snprintf(src, sizeof src, "v_lshlrev_b32 v20, 2, v0\n");
  for (int k = 0; k < 6; k++)
    n += snprintf(src + n, sizeof src - (size_t)n,
                  "buffer_load_dword v%d, v20, s[8:11], 0 offen offset:%d\n", 30 + k, 256 * k);
  n += snprintf(src + n, sizeof src - (size_t)n, "s_waitcnt vmcnt(0)\n");
  for (unsigned m = 0; m < 4; m++) {
    n += snprintf(src + n, sizeof src - (size_t)n, "s_round_mode 0x%x\n", m << 2);
    if (half) { /* halves in the low words of v30, v32, v34; the high half of v40+m is 0 */
      n += snprintf(src + n, sizeof src - (size_t)n, "v_mov_b32 v%u, 0\n", 40 + m);
      if (op == WFMA)
        n += snprintf(src + n, sizeof src - (size_t)n, "v_fma_f16 v%u, v30, v32, v34\n", 40 + m);
      else
        n += snprintf(src + n, sizeof src - (size_t)n, "v_%s_f16 v%u, v30, v32\n", names[op],
                      40 + m);
    } else if (op >= WSQRT) {
      n += snprintf(src + n, sizeof src - (size_t)n, "v_%s_f64 v[%u:%u], v[30:31]\n", names[op],
                    40 + 2 * m, 41 + 2 * m);
    } else if (op == WFMA) {
      n += snprintf(src + n, sizeof src - (size_t)n,
                    "v_fma_f64 v[%u:%u], v[30:31], v[32:33], v[34:35]\n", 40 + 2 * m, 41 + 2 * m);
    } else {
      n += snprintf(src + n, sizeof src - (size_t)n, "v_%s_f64 v[%u:%u], v[30:31], v[32:33]\n",
                    names[op], 40 + 2 * m, 41 + 2 * m);
    }
  }
  unsigned rows = half ? 4 : 8;
  for (unsigned i = 0; i < rows; i++)
    n += snprintf(src + n, sizeof src - (size_t)n,
                  "buffer_store_dword v%u, v20, s[4:7], 0 offen offset:%u\n", 40 + i, 256 * i);
  snprintf(src + n, sizeof src - (size_t)n, "s_endpgm\n");
  uint32_t ops[6 * LANES];
  uint64_t st = 0x0123456789abcdefull + op * 77 + half;
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned k = 0; k < 3; k++) {
      uint64_t v = wide_operand(&st, l, k, half);
      ops[2 * k * LANES + l] = (uint32_t)v, ops[(2 * k + 1) * LANES + l] = (uint32_t)(v >> 32);
    }
  if (op == WSQRT || op == WRSQ) /* mostly positive operands; exact squares */
    for (unsigned l = 0; l < LANES; l++) {
      if (l % 9) ops[LANES + l] &= 0x7fffffffu;
      if (l % 11 == 5) {
        double q = (double)(l * 12345 + 7);
        uint64_t v = bits64(q * q);
        ops[l] = (uint32_t)v, ops[LANES + l] = (uint32_t)(v >> 32);
      }
    }
  if (op == WRCP) /* powers of two (exact reciprocals), the overflow and denormal edges */
    for (unsigned l = 40; l < 48; l++) {
      static const uint64_t sp[8] = {
          0x4000000000000000ull, 0xc010000000000000ull, 1,
          0x8000000000000003ull, 0x000fffffffffffffull, 0x7fefffffffffffffull,
          0x7fd0000000000001ull, 0xffe0000000000000ull};
      ops[l] = (uint32_t)sp[l - 40], ops[LANES + l] = (uint32_t)(sp[l - 40] >> 32);
    }
  if (!half) { /* c = -(a * b) rounded: the fma shows the product's error */
    for (unsigned l = 20; l < 26; l++) {
      uint64_t a = (uint64_t)ops[LANES + l] << 32 | ops[l],
               b = (uint64_t)ops[3 * LANES + l] << 32 | ops[2 * LANES + l];
      uint64_t c = bits64(-(dbl(a) * dbl(b)));
      ops[4 * LANES + l] = (uint32_t)c, ops[5 * LANES + l] = (uint32_t)(c >> 32);
    }
  }
  struct float_wave r =
      float_wave_run(dev, src, 0xf0, name, ops, sizeof ops, rows * LANES * 4, 6 * 256);
  unsigned bad = 0, directed[4] = {0, 0, 0, 0};
  for (unsigned m = 0; m < 4; m++)
    for (uint32_t l = 0; l < LANES; l++) {
      uint64_t a = (uint64_t)ops[LANES + l] << 32 | ops[l],
               b = (uint64_t)ops[3 * LANES + l] << 32 | ops[2 * LANES + l],
               c = (uint64_t)ops[5 * LANES + l] << 32 | ops[4 * LANES + l];
      uint64_t want, got = 0, interp = 0, rne;
      if (half) {
        want = ref16(op, m, (uint32_t)a & 0xffff, (uint32_t)b & 0xffff, (uint32_t)c & 0xffff);
        rne = ref16(op, 0, (uint32_t)a & 0xffff, (uint32_t)b & 0xffff, (uint32_t)c & 0xffff);
        memcpy(&got, r.device + (OUT - WINDOW) + 256 * m + 4 * l, 4);
        memcpy(&interp, r.interp + (OUT - WINDOW) + 256 * m + 4 * l, 4);
      } else {
        want = ref64(op, m, a, b, c);
        rne = ref64(op, 0, a, b, c);
        uint32_t w[4];
        memcpy(&w[0], r.device + (OUT - WINDOW) + 512 * m + 4 * l, 4);
        memcpy(&w[1], r.device + (OUT - WINDOW) + 512 * m + 256 + 4 * l, 4);
        memcpy(&w[2], r.interp + (OUT - WINDOW) + 512 * m + 4 * l, 4);
        memcpy(&w[3], r.interp + (OUT - WINDOW) + 512 * m + 256 + 4 * l, 4);
        got = (uint64_t)w[1] << 32 | w[0], interp = (uint64_t)w[3] << 32 | w[2];
      }
      directed[m] += want != rne;
      if (got != want || interp != want) {
        fprintf(stderr,
                "%s: mode %u lane %u (0x%016llx 0x%016llx 0x%016llx): device 0x%016llx, "
                "interpreter 0x%016llx, expected 0x%016llx\n",
                name, m, l, (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
                (unsigned long long)got, (unsigned long long)interp, (unsigned long long)want);
        bad++;
      }
    }
  printf("%s: %u, %u, %u lanes differ from nearest even toward +inf, -inf, zero\n", name,
         directed[1], directed[2], directed[3]);
  assert_int_equal(bad, 0);
  for (unsigned m = 1; m < 4; m++) assert_true(directed[m] > 0);
  float_wave_finish(&r);
  kernels_passed++;
}

static void wide_arithmetic_in_directed_modes(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  for (int half = 0; half < 2; half++)
    for (int op = WADD; op <= (half ? WFMA : WRSQ); op++) run_wide((enum wide)op, half);
}

/* The f16/f64 denormal field (MODE 7:6), set by s_denorm_mode with the f32 field kept: the
 * ISA's rule as for f32 (0 flushes the f16/f64 denormal inputs and outputs, 1 keeps inputs
 * and flushes outputs, 2 flushes inputs and keeps outputs; a flushed denormal is a zero of
 * its sign) on v_add/mul/fma_f64, v_add_f16, v_cvt_f32_f16 (an f16 input) and v_cvt_f16_f32
 * (an f16 output), against C: the flushes around the IEEE operation (nearest even). */
static uint64_t flush64(uint64_t v) { return (v & 0x7ff0000000000000ull) ? v : v & (1ull << 63); }
static uint32_t flush16(uint32_t v) { return (v & 0x7c00) ? v : v & 0x8000; }

/* the nine results of lane L under the f16/f64 denormal field FIELD (3: kept) */
static void wide_denormal_ref(const uint32_t *ops, uint32_t l, unsigned field, uint32_t *want) {
  bool fin = field == 0 || field == 2, fout = field == 0 || field == 1;
  uint64_t in[3];
  for (unsigned k = 0; k < 3; k++) {
    in[k] = (uint64_t)ops[(2 * k + 1) * LANES + l] << 32 | ops[2 * k * LANES + l];
    if (fin) in[k] = flush64(in[k]);
  }
  uint64_t w64[3] = {bits64(dbl(in[0]) + dbl(in[1])), bits64(dbl(in[0]) * dbl(in[1])),
                     bits64(fma(dbl(in[0]), dbl(in[1]), dbl(in[2])))};
  uint32_t h1 = ops[6 * LANES + l], h2 = ops[7 * LANES + l];
  if (fin) h1 = flush16(h1), h2 = flush16(h2);
  for (unsigned k = 0; k < 3; k++) {
    uint64_t v = fout ? flush64(w64[k]) : w64[k];
    want[2 * k] = (uint32_t)v, want[2 * k + 1] = (uint32_t)(v >> 32);
  }
  want[6] = ref16(WADD, 0, h1, h2, 0);
  if (fout) want[6] = flush16(want[6]);
  want[7] = bits((h1 & 0x8000 ? -1.0f : 1.0f) * half_value(h1 & 0x7fff));
  want[8] = ref_half(ops[8 * LANES + l], 0);
  if (fout) want[8] = flush16(want[8]);
}

static void wide_denormal_modes(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  uint32_t ops[9 * LANES];
  uint64_t st = 0x5555aaaa12345678ull;
  for (unsigned l = 0; l < LANES; l++) {
    uint64_t r = xorshift64(&st), v[3];
    for (unsigned k = 0; k < 3; k++) {
      r = xorshift64(&st);
      unsigned kind = (l + k) % 5;
      uint64_t ex = kind == 0   ? 0                      /* denormal */
                    : kind == 1 ? 1 + (r >> 62)          /* just above */
                    : kind == 2 ? 0x3fe + (r >> 63)      /* 0.5 .. 2 */
                    : kind == 3 ? 0x3c0 + (r >> 60) % 12 /* 2^-63 .. */
                                : 0x020 + (r >> 59);     /* 2^-991 .. */
      v[k] = (r & (1ull << 63)) | ex << 52 | (r >> 9 & ((1ull << 52) - 1));
    }
    if (l % 7 == 3) v[2] = v[0] ^ (1ull << 63); /* a + -a... as fma's addend */
    for (unsigned k = 0; k < 3; k++)
      ops[2 * k * LANES + l] = (uint32_t)v[k],
                          ops[(2 * k + 1) * LANES + l] = (uint32_t)(v[k] >> 32);
    r = xorshift64(&st);
    uint32_t h1 = (uint32_t)(r & 0x83ff) | (uint32_t)(l % 3 == 0 ? 0 : (r >> 20) % 4) << 10;
    uint32_t h2 = (uint32_t)(r >> 16 & 0x83ff) | (uint32_t)(l % 4 == 1 ? 0 : (r >> 40) % 3) << 10;
    ops[6 * LANES + l] = h1, ops[7 * LANES + l] = h2;
    /* an f32 in and around the f16 denormal range (2^-25 .. 2^-13) */
    ops[8 * LANES + l] = (uint32_t)(r >> 32 & 0x807fffffu) | (uint32_t)(102 + (r >> 56) % 12) << 23;
  }
  for (unsigned field = 0; field < 3; field++) {
    char name[80], src[4096];
    snprintf(name, sizeof name, "f16/f64 denormal field %u (s_denorm_mode 0x%x)", field,
             field << 2 | 3);
    int n = snprintf(src, sizeof src, "v_lshlrev_b32 v20, 2, v0\n");
    for (int k = 0; k < 9; k++)
      n += snprintf(src + n, sizeof src - (size_t)n,
                    "buffer_load_dword v%d, v20, s[8:11], 0 offen offset:%d\n", 30 + k, 256 * k);
    n += snprintf(src + n, sizeof src - (size_t)n,
                  "s_waitcnt vmcnt(0)\n"
                  "s_denorm_mode 0x%x\n"
                  "v_add_f64 v[40:41], v[30:31], v[32:33]\n"
                  "v_mul_f64 v[42:43], v[30:31], v[32:33]\n"
                  "v_fma_f64 v[44:45], v[30:31], v[32:33], v[34:35]\n"
                  "v_mov_b32 v46, 0\n"
                  "v_add_f16 v46, v36, v37\n"
                  "v_cvt_f32_f16 v47, v36\n"
                  "v_mov_b32 v48, 0\n"
                  "v_cvt_f16_f32 v48, v38\n",
                  field << 2 | 3);
    for (unsigned i = 0; i < 9; i++)
      n += snprintf(src + n, sizeof src - (size_t)n,
                    "buffer_store_dword v%u, v20, s[4:7], 0 offen offset:%u\n", 40 + i, 256 * i);
    snprintf(src + n, sizeof src - (size_t)n, "s_endpgm\n");
    struct float_wave r =
        float_wave_run(dev, src, 0xf0, name, ops, sizeof ops, 9 * LANES * 4, 9 * 256);
    unsigned bad = 0, changed = 0;
    for (uint32_t l = 0; l < LANES; l++) {
      uint32_t want[9], kept[9];
      wide_denormal_ref(ops, l, field, want);
      wide_denormal_ref(ops, l, 3, kept);
      changed += memcmp(want, kept, sizeof want) != 0;
      for (unsigned i = 0; i < 9; i++) {
        uint32_t got, interp;
        memcpy(&got, r.device + (OUT - WINDOW) + 256 * i + 4 * l, 4);
        memcpy(&interp, r.interp + (OUT - WINDOW) + 256 * i + 4 * l, 4);
        if (got != want[i] || interp != want[i]) {
          fprintf(stderr,
                  "%s: row %u lane %u: device 0x%08x, interpreter 0x%08x, expected 0x%08x\n", name,
                  i, l, got, interp, want[i]);
          bad++;
        }
      }
    }
    printf("%s: %u of %u lanes differ from the kept mode\n", name, changed, LANES);
    assert_int_equal(bad, 0);
    assert_true(changed > 0);
    float_wave_finish(&r);
    kernels_passed++;
  }
}

/* Translates SRC (wave-start mode 0xf0) and returns whether the emitter accepts it; when it
 * does not, its error and the interpreter's must both contain WHY. */
static bool refused_with(const char *src, const char *why) {
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      src, (struct ir_translate_options){.wave_size = 32, .run_passes = true, .float_mode = 0xf0},
      &st);
  assert_int_equal(st.unsupported_count, 0);
  struct spirv_emit_options opts = {.source_name = "mode"};
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (ok) assert_true(spv_check_valid(m.words, m.count));
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  assert_non_null(w);
  w->exec = ~0ull;
  char ierr[256] = "";
  bool ran = ir_interp_run(fn, w, 1000, ierr, sizeof ierr);
  if (!ok) {
    if (!strstr(m.error, why) || !strstr(ierr, why))
      fprintf(stderr, "want \"%s\"\n  emitter: %s\n  interpreter: %s\n", why, m.error, ierr);
    assert_non_null(strstr(m.error, why));
    assert_false(ran);
    assert_non_null(strstr(ierr, why));
  }
  free(w);
  spirv_module_free(&m);
  ir_function_destroy(fn);
  return !ok;
}

static void unknown_modes_refused(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  char src[1024];
  const char *unknown = "is not known at compile time";
  /* a loop entered toward +inf whose body leaves it toward -inf: the add sees both */
  snprintf(src, sizeof src,
           "%ss_round_mode 0x1\ns_mov_b32 s20, 3\nagain:\nv_add_f32 v4, v1, v2\n"
           "s_round_mode 0x2\ns_sub_u32 s20, s20, 1\ns_cmp_lg_u32 s20, 0\n"
           "s_cbranch_scc1 again\nbuffer_store_dword v4, v20, s[4:7], 0 offen\ns_endpgm\n",
           load);
  assert_true(refused_with(src, unknown));
  assert_true(refused_with(src, "fadd"));
  /* the mode set in an arm skipped when EXEC is empty: the paths differ after it */
  snprintf(src, sizeof src,
           "%sv_cmp_gt_u32 vcc_lo, 16, v0\ns_and_saveexec_b32 s0, vcc_lo\ns_cbranch_execz skip\n"
           "s_round_mode 0x1\nskip:\ns_or_b32 exec_lo, exec_lo, s0\nv_mul_f32 v4, v1, v2\n"
           "buffer_store_dword v4, v20, s[4:7], 0 offen\ns_endpgm\n",
           load);
  assert_true(refused_with(src, unknown));
  /* MODE from a register: the f32 round bits unknown for the add and for s_getreg */
  const char *dyn = "v_readfirstlane_b32 s16, v1\ns_setreg_b32 hwreg(HW_REG_MODE, 0, 2), s16\n";
  snprintf(src, sizeof src,
           "%s%sv_add_f32 v4, v1, v2\nbuffer_store_dword v4, v20, s[4:7], 0 offen\ns_endpgm\n",
           load, dyn);
  assert_true(refused_with(src, "MODE bits 0x03"));
  snprintf(src, sizeof src,
           "%s%ss_getreg_b32 s17, hwreg(HW_REG_MODE, 0, 8)\nv_mov_b32 v4, s17\n"
           "buffer_store_dword v4, v20, s[4:7], 0 offen\ns_endpgm\n",
           load, dyn);
  assert_true(refused_with(src, "get_hwreg"));
  /* ... but known again after a constant write, and not needed by f64 or integer work */
  snprintf(src, sizeof src,
           "%s%ss_round_mode 0x0\nv_add_f32 v4, v1, v2\nv_add_f64 v[5:6], v[1:2], v[1:2]\n"
           "v_add_nc_u32 v4, v4, v5\nbuffer_store_dword v4, v20, s[4:7], 0 offen\ns_endpgm\n",
           load, dyn);
  assert_false(refused_with(src, unknown));
  /* a known mode the operation is not computed in */
  snprintf(src, sizeof src,
           "%ss_round_mode 0x1\nv_exp_f32 v4, v1\nbuffer_store_dword v4, v20, s[4:7], 0 "
           "offen\ns_endpgm\n",
           load);
  assert_false(refused_with(src, "fexp2")); /* computed in every direction */
  snprintf(src, sizeof src,
           "%ss_denorm_mode 0x3\nv_div_scale_f64 v[4:5], vcc_lo, v[1:2], v[1:2], "
           "v[1:2]\nbuffer_store_dword v4, v20, "
           "s[4:7], 0 offen\ns_endpgm\n",
           load);
  assert_true(refused_with(src, "denormals f16/f64 flushed"));
  /* a directed f16/f64 round field: v_div_scale_f64 is computed (gpu.shader_div) */
  snprintf(src, sizeof src,
           "%ss_round_mode 0x4\nv_div_scale_f64 v[4:5], vcc_lo, v[1:2], v[1:2], "
           "v[1:2]\nbuffer_store_dword v4, v20, "
           "s[4:7], 0 offen\ns_endpgm\n",
           load);
  assert_false(refused_with(src, "round f16/f64 toward +inf"));
}

int main(void) {
  rng = (uint32_t)float_test_seed(rng);
  if (!rng) rng = 1; /* a 32-bit generator: the seed's low half */
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(modes_in_sequence),
                                     cmocka_unit_test(modes_over_control_flow),
                                     cmocka_unit_test(conversions_in_directed_modes),
                                     cmocka_unit_test(transcendentals_in_directed_modes),
                                     cmocka_unit_test(wide_arithmetic_in_directed_modes),
                                     cmocka_unit_test(wide_denormal_modes),
                                     cmocka_unit_test(unknown_modes_refused)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_mode_flow: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return !dev && r == 0 ? 77 : r;
}
