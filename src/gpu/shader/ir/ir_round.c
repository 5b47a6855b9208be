/* f32 arithmetic under a directed f32 round mode (ir_mode.h, docs/shader-float.md "Float
 * modes"), for the interpreter and the constant folder: the host's IEEE arithmetic under
 * fesetround (C99 fenv; float arithmetic, fmaf, ldexpf and the int-to-float conversions are
 * correctly rounded in the current mode), the mode restored after each operation. NaN rule:
 * the first NaN operand quieted, an invalid operation 0x7fc00000 (ir_float_fma32's). */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "gpu/shader/ir/ir_float.h"
#include "gpu/shader/ir/ir_mode.h"

#pragma STDC FENV_ACCESS ON

bool ir_float_round32_op(enum ir_op op) {
  switch (op) {
    case IR_OP_fadd:
    case IR_OP_fsub:
    case IR_OP_fmul:
    case IR_OP_ffma:
    case IR_OP_fldexp:
    case IR_OP_cvt_f32_u32:
    case IR_OP_cvt_f32_i32:
    case IR_OP_cvt_f32_f64:
    case IR_OP_frcp:
    case IR_OP_fsqrt:
    case IR_OP_ffract:
    case IR_OP_frsq:
    case IR_OP_fexp2:
    case IR_OP_flog2:
    case IR_OP_fsin:
    case IR_OP_fcos: return true;
    default: return false;
  }
}

bool ir_float_round16_op(enum ir_op op) {
  switch (op) {
    case IR_OP_cvt_f16_f32:
    case IR_OP_hadd:
    case IR_OP_hmul:
    case IR_OP_hfma:
    case IR_OP_dadd:
    case IR_OP_dmul:
    case IR_OP_dfma:
    case IR_OP_dsqrt:
    case IR_OP_drcp:
    case IR_OP_drsq: return true;
    default: return false;
  }
}

static float f_of(uint64_t u) {
  uint32_t b = (uint32_t)u;
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static uint32_t u_of(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static bool nan32(uint64_t u) { return ((uint32_t)u & 0x7fffffffu) > 0x7f800000u; }

/* volatile: the operations happen here, under the mode, not folded at compile time */
static uint32_t compute(enum ir_op op, const uint64_t *c) {
  volatile float a = f_of(c[0]), b = f_of(c[1]), d = f_of(c[2]), r;
  switch (op) {
    case IR_OP_fadd: r = a + b; break;
    case IR_OP_fsub: r = a - b; break;
    case IR_OP_fmul: r = a * b; break;
    case IR_OP_ffma: r = fmaf(a, b, d); break;
    case IR_OP_fldexp: {
      int32_t n = (int32_t)(uint32_t)c[1];
      n = n < -400 ? -400 : n > 400 ? 400 : n; /* past it every f32 over- or underflows */
      r = ldexpf(a, n);
      break;
    }
    case IR_OP_cvt_f32_u32: r = (float)(uint32_t)c[0]; break;
    case IR_OP_frcp: r = 1.0f / a; break;
    case IR_OP_fsqrt: r = sqrtf(a); break;
    case IR_OP_ffract: { /* S0 - floor(S0), one IEEE subtraction in the mode */
      volatile float fl = floorf(a);
      r = a - fl;
      break;
    }
    case IR_OP_cvt_f32_f64: {
      volatile double d;
      memcpy((void *)&d, &c[0], 8);
      r = (float)d;
      break;
    }
    default: r = (float)(int32_t)(uint32_t)c[0]; break;
  }
  return u_of(r);
}

/* v_exp/log/sin/cos_f32 rounded by ROUND (1 toward +inf, 2 toward -inf, 3 toward zero):
 * the f64 value y of the algorithm (ir_float.c) narrowed in the direction, which rounds as
 * the exact value does for every f32 input (prospero-float-search, docs/shader-float.md)
 * but where y is +-1 and the exact value is not: there the exact value's side decides (exp2
 * of a tiny x: the sign of x; sin/cos off the quarter turns: toward zero). The special
 * values of the nearest-even rules are exact: the same in every mode. */
static uint32_t transcendental(enum ir_op op, uint32_t a, unsigned round) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  uint32_t mag = a & 0x7fffffffu;
  float x = f_of(a);
  double y;
  int side = 0; /* the exact value lies above (1) or below (-1) y = +-1 */
  if (op == IR_OP_fexp2) {
    if (a == 0xff800000u) return 0;
    if (a == 0x7f800000u) return a;
    y = ir_float_hard_fix(IR_FLOAT_FN_EXP2, a, ir_float_exp2_core(x));
    if (y == 1.0 && mag) side = (a >> 31) ? -1 : 1;
  } else if (op == IR_OP_flog2) {
    if (!mag) return 0xff800000u;
    if (a >> 31) return 0x7fc00000u;
    if (a == 0x7f800000u) return a;
    y = ir_float_hard_fix(IR_FLOAT_FN_LOG2, a, ir_float_log2_core(x));
  } else {
    int quarter = op == IR_OP_fcos;
    if (mag > 0x43800000u) return quarter ? 0x3f800000u : 0; /* |a| > 256, inf */
    y = ir_float_hard_fix(IR_FLOAT_FN_SIN + (unsigned)quarter, a, ir_float_turns_core(x, quarter));
    double q4 = 4.0 * ((double)x - nearbyint(x)); /* exact */
    if (fabs(y) == 1.0 && q4 != nearbyint(q4)) side = y > 0 ? -1 : 1;
  }
  int saved = fegetround();
  fesetround(dirs[round & 3]);
  volatile double vy = y;
  volatile float f = (float)vy;
  fesetround(saved);
  uint32_t r = u_of(f);
  if (side) { /* y = +-1 exactly: one step toward the exact value when the direction says */
    bool up = side > 0;
    bool move = round == 1 ? up : round == 2 ? !up : up == (y < 0);
    if (move) r = up == (y > 0) ? r + 1 : r - 1;
  }
  if ((op == IR_OP_fsin || op == IR_OP_fcos) && (r & 0x7fffffffu) == 0)
    r = op == IR_OP_fsin && !mag ? a : 0; /* zero results: +0 but sin(+-0) */
  return r;
}

bool ir_float_round32_eval(uint32_t mode, enum ir_op op, const uint64_t *c, uint64_t *out) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  if (!(mode & 3) || !ir_float_round32_op(op)) return false;
  /* a NaN f64 operand of cvt_f32_f64: the conversion of any mode (quieted, payload kept) */
  if (op == IR_OP_cvt_f32_f64 && (c[0] & ~(1ull << 63)) > 0x7ff0000000000000ull) return false;
  unsigned nops = op == IR_OP_ffma     ? 3
                  : op == IR_OP_fldexp ? 1
                  : (op == IR_OP_cvt_f32_u32 || op == IR_OP_cvt_f32_i32 || op == IR_OP_cvt_f32_f64)
                      ? 0
                      : 2;
  for (unsigned i = 0; i < nops; i++)
    if (nan32(c[i])) {
      *out = (uint32_t)c[i] | 0x400000u;
      return true;
    }
  if (op == IR_OP_fexp2 || op == IR_OP_flog2 || op == IR_OP_fsin || op == IR_OP_fcos) {
    *out = transcendental(op, (uint32_t)c[0], mode & 3);
    return true;
  }
  if (op == IR_OP_frsq) { /* exact side test, not the host's arithmetic */
    *out = ir_float_rsq32_round((uint32_t)c[0], mode & 3);
    return true;
  }
  int saved = fegetround();
  fesetround(dirs[mode & 3]);
  uint32_t r = compute(op, c);
  fesetround(saved);
  /* fract: capped at the largest f32 below 1.0 (ir_float_fract32's rule) */
  if (op == IR_OP_ffract && r >= 0x3f800000u && r <= 0x7f800000u) r = 0x3f7fffffu;
  *out = nan32(r) ? 0x7fc00000u : r;
  return true;
}

/* f32 bits A rounded to f16 bits in direction ROUND (1 toward +inf, 2 toward -inf, 3 toward
 * zero) from the definition: the magnitude truncated to the f16 grid (11 significant bits,
 * or a multiple of 2^-24 below 2^-14), one step away from zero when bits were dropped and
 * the direction points away from zero on this side; past the largest finite 65504: inf when
 * rounding away, else 65504. NaN: 0x7e00 with the sign; infinities and zeros keep theirs. */
static uint32_t half_directed(uint32_t a, unsigned round) {
  uint32_t sign = (a >> 16) & 0x8000u, e = (a >> 23) & 0xff, m = a & 0x7fffffu;
  if (e == 255) return sign | (m ? 0x7e00u : 0x7c00u);
  bool away = round == 1 ? !sign : round == 2 ? sign != 0 : false;
  uint32_t full = e ? m | 0x800000u : m; /* the value is full * 2^(e - 150), e >= 1 */
  int ee = e ? (int)e : 1;
  /* f16 units: 2^-24 below 2^-14, else 2^(ee - 127 - 10) */
  int unit = ee - 127 < -14 ? -24 : ee - 127 - 10;
  int sh = unit - (ee - 150); /* bits of FULL below the unit */
  uint32_t kept, dropped;
  if (sh >= 32) {
    kept = 0;
    dropped = full;
  } else {
    kept = full >> sh;
    dropped = full & ((1u << sh) - 1);
  }
  if (dropped && away) kept++;
  /* kept units of 2^unit: encode (a carry into the next binade moves the exponent) */
  uint32_t mag;
  if (unit == -24) {
    mag = kept; /* subnormal, or 0x400: the smallest normal */
  } else {
    mag = (uint32_t)(unit + 10 + 15) << 10; /* exponent field of 2^(unit + 10) */
    mag = mag - 0x400u + kept;              /* kept has its implicit bit 0x400 (or 0x800) */
  }
  if (mag >= 0x7c00u) mag = away ? 0x7c00u : 0x7bffu;
  return sign | mag;
}

/* the value of the f16 bits H */
static double half_of(uint64_t h) {
  uint32_t e = (h >> 10) & 31, m = h & 0x3ff;
  double v = e == 31 ? (m ? NAN : INFINITY) : e ? ldexp(1024 + m, (int)e - 25) : ldexp(m, -24);
  return (h & 0x8000) ? -v : v;
}
static bool nan16(uint64_t h) { return (h & 0x7fff) > 0x7c00; }
static bool nan64(uint64_t u) { return (u & ~(1ull << 63)) > 0x7ff0000000000000ull; }

/* X rounded to odd in f32 (the truncation, its last bit set when inexact): 24 bits, enough
 * for one directed rounding to f16 to be the exact value's (11 + 2 bits) */
static uint32_t f32_odd(double x) {
  int saved = fegetround();
  fesetround(FE_TOWARDZERO);
  volatile double vx = x;
  volatile float f = (float)vx;
  fesetround(saved);
  uint32_t u = u_of(f);
  if ((double)f != x) u |= 1;
  return u;
}

/* f16 arithmetic under a directed f16/f64 round field: the exact value (a sum or product of
 * halves is exact in double; an fma rounded to odd there under FE_TOWARDZERO with the
 * inexact flag), to odd in f32, then half_directed. A NaN result is the nearest-even one
 * (the NaN rules do not depend on the mode): false, so the caller computes it. An exact
 * zero takes its sign from the operation computed under the direction (IEEE 754 6.3). */
static bool half_op(enum ir_op op, unsigned round, const uint64_t *c, uint64_t *out) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  unsigned n = op == IR_OP_hfma ? 3 : 2;
  for (unsigned i = 0; i < n; i++)
    if (nan16(c[i])) return false;
  volatile double a = half_of(c[0]), b = half_of(c[1]), d = half_of(c[2]), r;
  int saved = fegetround();
  fesetround(op == IR_OP_hfma ? FE_TOWARDZERO : dirs[round]);
  feclearexcept(FE_INEXACT);
  r = op == IR_OP_hadd ? a + b : op == IR_OP_hmul ? a * b : fma(a, b, d);
  bool inexact = fetestexcept(FE_INEXACT) != 0;
  if (op == IR_OP_hfma && r == 0 && !inexact) { /* an exact zero: its sign by the direction */
    fesetround(dirs[round]);
    r = fma(a, b, d);
  }
  fesetround(saved);
  if (isnan(r)) return false;
  uint64_t bits;
  double rr = r;
  memcpy(&bits, &rr, 8);
  if (inexact && op == IR_OP_hfma) bits |= 1; /* to odd in double */
  memcpy(&rr, &bits, 8);
  *out = half_directed(f32_odd(rr), round);
  return true;
}

/* f64 arithmetic under a directed f16/f64 round field: the host's IEEE operation under
 * fesetround, after the NaN rule of ir_float_fma64 (the first NaN operand quieted, an invalid
 * operation the default NaN 0x7ff8000000000000) */
static uint64_t double_op(enum ir_op op, unsigned round, const uint64_t *c) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  unsigned n = op == IR_OP_dfma ? 3 : (op == IR_OP_dsqrt || op == IR_OP_drcp) ? 1 : 2;
  for (unsigned i = 0; i < n; i++)
    if (nan64(c[i])) return c[i] | 1ull << 51;
  volatile double a, b, d, r;
  memcpy((void *)&a, &c[0], 8);
  memcpy((void *)&b, &c[1], 8);
  memcpy((void *)&d, &c[2], 8);
  int saved = fegetround();
  fesetround(dirs[round]);
  r = op == IR_OP_dadd    ? a + b
      : op == IR_OP_dmul  ? a * b
      : op == IR_OP_dsqrt ? sqrt(a)
      : op == IR_OP_drcp  ? 1.0 / a
                          : fma(a, b, d);
  fesetround(saved);
  if (isnan(r)) return 0x7ff8000000000000ull;
  uint64_t u;
  double rr = r;
  memcpy(&u, &rr, 8);
  return u;
}

uint64_t ir_float_scale_round(uint64_t bits, bool wide, int k, unsigned round) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  if (wide ? nan64(bits) : nan32(bits)) return bits | (wide ? 1ull << 51 : 0x400000u);
  int saved = fegetround();
  if (round & 3) fesetround(dirs[round & 3]);
  uint64_t out;
  if (wide) { /* the host's scalbn: a product by a power of two, rounded in the mode */
    volatile double a, r;
    memcpy((void *)&a, &bits, 8);
    r = ldexp(a, k);
    double rr = r;
    memcpy(&out, &rr, 8);
  } else {
    volatile float a = f_of(bits), r;
    r = ldexpf(a, k);
    out = u_of(r);
  }
  if (round & 3) fesetround(saved);
  return out;
}

bool ir_float_round16_eval(uint32_t mode, enum ir_op op, const uint64_t *c, uint64_t *out) {
  unsigned round = (mode >> 2) & 3;
  if (!round || !ir_float_round16_op(op)) return false;
  switch (op) {
    case IR_OP_cvt_f16_f32: *out = half_directed((uint32_t)c[0], round); return true;
    case IR_OP_hadd:
    case IR_OP_hmul:
    case IR_OP_hfma: return half_op(op, round, c, out);
    case IR_OP_drsq: *out = ir_float_rsq64_round(c[0], round); return true;
    default: *out = double_op(op, round, c); return true;
  }
}
