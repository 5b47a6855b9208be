/* Exact emissions of the float operations Vulkan does not compute exactly (docs/shader-float.md):
 * ffma and hfma (a fused multiply-add is not guaranteed fused), frsq (InverseSqrt is a 2 ULP
 * approximation), fldexp (Ldexp is undefined past the exponent range), fexp2, flog2, fsin
 * and fcos (GLSL.std.450's are approximations, f32 only). Each gives the
 * result ir_float.c defines, bit for bit, whatever the device's denormal mode: f32 operands
 * widen to f64 on the bits, f64 values narrow to f32 on the bits, and the f64 arithmetic in
 * between only ever sees normal numbers (so a device that flushes f64 denormals computes
 * them exactly too). Float operations whose exactness rests on the order of operations are
 * decorated NoContraction so the driver neither fuses nor reassociates them. */
#include <string.h>

#include "gpu/shader/ir/ir_float.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

enum narrow_mode { NEAREST_EVEN, TOWARD_ZERO, TO_ODD, TOWARD_POS, TOWARD_NEG };

static uint32_t t_f64(struct emit *e) { return spv_type_float(&e->b, 64); }
static uint32_t cf64(struct emit *e, double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return spv_const64(&e->b, t_f64(e), u);
}
/* an f64 operation kept as written (NoContraction) */
static uint32_t xop(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  uint32_t r = op2(e, op, t_f64(e), a, b);
  spv_decorate(&e->b, r, SpvDecorationNoContraction, NULL, 0);
  return r;
}
static uint32_t is_nan32(struct emit *e, uint32_t u) {
  return op2(e, SpvOpUGreaterThan, e->t_bool,
             op2(e, SpvOpBitwiseAnd, e->t_u32, u, cu32(e, 0x7fffffffu)), cu32(e, 0x7f800000u));
}
static uint32_t quiet32(struct emit *e, uint32_t u) {
  return op2(e, SpvOpBitwiseOr, e->t_u32, u, cu32(e, 0x400000u));
}

/* f32 bits U -> the same value as f64: exact on the bits; a denormal is m * 2^-149, an f64
 * normal number, computed by one exact multiply */
static uint32_t widen(struct emit *e, uint32_t u) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool, f64 = t_f64(e);
  uint32_t sign =
      op2(e, SpvOpShiftLeftLogical, u64,
          to_u64(e, op2(e, SpvOpBitwiseAnd, u32, u, cu32(e, 0x80000000u))), cu64(e, 32));
  uint32_t ex = bits32(e, u, 23, 8), m = op2(e, SpvOpBitwiseAnd, u32, u, cu32(e, 0x7fffff));
  uint32_t m29 = op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, m), cu64(e, 29));
  uint32_t normal = op2(e, SpvOpBitwiseOr, u64,
                        op2(e, SpvOpShiftLeftLogical, u64,
                            to_u64(e, op2(e, SpvOpIAdd, u32, ex, cu32(e, 896))), cu64(e, 52)),
                        m29);
  uint32_t special = op2(e, SpvOpBitwiseOr, u64, cu64(e, 0x7ffull << 52), m29);
  uint32_t den = op1(e, SpvOpBitcast, u64,
                     xop(e, SpvOpFMul, op1(e, SpvOpConvertUToF, f64, m), cf64(e, 0x1p-149)));
  uint32_t mag = sel(e, u64, op2(e, SpvOpIEqual, bl, ex, cu32(e, 255)), special,
                     sel(e, u64, op2(e, SpvOpIEqual, bl, ex, cu32(e, 0)), den, normal));
  return op1(e, SpvOpBitcast, f64, op2(e, SpvOpBitwiseOr, u64, sign, mag));
}

/* f64 value D -> f32 bits, rounded once by MODE (to odd: the lowest kept bit ORed with the
 * dropped ones, for a later exact second rounding), gradual underflow included. f64
 * denormals (below every f32) give zero; a NaN gives 0x7fc00000 with the top payload bits. */
static uint32_t narrow(struct emit *e, uint32_t d, enum narrow_mode mode) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t u = op1(e, SpvOpBitcast, u64, d);
  uint32_t hi = op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, u, cu64(e, 32)));
  uint32_t sign = op2(e, SpvOpBitwiseAnd, u32, hi, cu32(e, 0x80000000u));
  uint32_t e64 = bits32(e, hi, 20, 11);
  uint32_t frac = op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, (1ull << 52) - 1));
  uint32_t full = op2(e, SpvOpBitwiseOr, u64, frac, cu64(e, 1ull << 52));
  /* value = full * 2^(e64 - 1075); in units of the f32 denormal 2^-149 it is full >> (926 -
   * e64); a normal f32 keeps 24 bits (shift 29) */
  uint32_t below = op2(e, SpvOpULessThan, bl, e64, cu32(e, 897));
  uint32_t shs = op2(e, SpvOpISub, u32, cu32(e, 926), e64);
  shs = sel(e, u32, op2(e, SpvOpUGreaterThan, bl, shs, cu32(e, 60)), cu32(e, 60), shs);
  uint32_t sh = to_u64(e, sel(e, u32, below, shs, cu32(e, 29)));
  uint32_t kept = op2(e, SpvOpShiftRightLogical, u64, full, sh);
  uint32_t mask =
      op2(e, SpvOpISub, u64, op2(e, SpvOpShiftLeftLogical, u64, cu64(e, 1), sh), cu64(e, 1));
  uint32_t dropped = op2(e, SpvOpBitwiseAnd, u64, full, mask);
  uint32_t k32 = op1(e, SpvOpUConvert, u32, kept), inc;
  if (mode == NEAREST_EVEN) {
    uint32_t half =
        op2(e, SpvOpShiftLeftLogical, u64, cu64(e, 1), op2(e, SpvOpISub, u64, sh, cu64(e, 1)));
    uint32_t odd =
        op2(e, SpvOpINotEqual, bl, op2(e, SpvOpBitwiseAnd, u32, k32, cu32(e, 1)), cu32(e, 0));
    uint32_t up = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpUGreaterThan, bl, dropped, half),
                      op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, dropped, half), odd));
    inc = sel(e, u32, up, cu32(e, 1), cu32(e, 0));
    k32 = op2(e, SpvOpIAdd, u32, k32, inc);
  } else if (mode == TO_ODD) {
    uint32_t sticky = op2(e, SpvOpINotEqual, bl, dropped, cu64(e, 0));
    k32 = op2(e, SpvOpBitwiseOr, u32, k32, sel(e, u32, sticky, cu32(e, 1), cu32(e, 0)));
  } else if (mode == TOWARD_POS || mode == TOWARD_NEG) { /* away from zero on the side asked */
    uint32_t neg = op2(e, SpvOpINotEqual, bl, sign, cu32(e, 0));
    uint32_t side = mode == TOWARD_NEG ? neg : op1(e, SpvOpLogicalNot, bl, neg);
    uint32_t up =
        op2(e, SpvOpLogicalAnd, bl, side, op2(e, SpvOpINotEqual, bl, dropped, cu64(e, 0)));
    k32 = op2(e, SpvOpIAdd, u32, k32, sel(e, u32, up, cu32(e, 1), cu32(e, 0)));
  }
  /* a normal result: exponent field e64 - 896 through the implicit bit (a rounding carry
   * moves into the exponent by itself); a denormal one: k32 (a carry gives the smallest
   * normal) */
  uint32_t norm = op2(
      e, SpvOpIAdd, u32,
      op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpISub, u32, e64, cu32(e, 897)), cu32(e, 23)),
      k32);
  uint32_t mag = sel(e, u32, below, k32, norm);
  uint32_t big = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpUGreaterThanEqual, bl, e64, cu32(e, 1151)),
                     op2(e, SpvOpLogicalAnd, bl, op1(e, SpvOpLogicalNot, bl, below),
                         op2(e, SpvOpUGreaterThanEqual, bl, mag, cu32(e, 0x7f800000u))));
  uint32_t over = cu32(e, mode == NEAREST_EVEN ? 0x7f800000u : 0x7f7fffffu);
  if (mode == TOWARD_POS || mode == TOWARD_NEG) { /* inf on the side rounded toward */
    uint32_t neg = op2(e, SpvOpINotEqual, bl, sign, cu32(e, 0));
    over = sel(e, u32, mode == TOWARD_NEG ? neg : op1(e, SpvOpLogicalNot, bl, neg),
               cu32(e, 0x7f800000u), cu32(e, 0x7f7fffffu));
  }
  mag = sel(e, u32, big, over, mag);
  mag = sel(e, u32, op2(e, SpvOpIEqual, bl, e64, cu32(e, 0)), cu32(e, 0), mag);
  uint32_t nan =
      op2(e, SpvOpBitwiseOr, u32, cu32(e, 0x7fc00000u),
          op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, frac, cu64(e, 29))));
  uint32_t special =
      sel(e, u32, op2(e, SpvOpINotEqual, bl, frac, cu64(e, 0)), nan, cu32(e, 0x7f800000u));
  mag = sel(e, u32, op2(e, SpvOpIEqual, bl, e64, cu32(e, 0x7ff)), special, mag);
  return op2(e, SpvOpBitwiseOr, u32, sign, mag);
}

uint32_t spirv_exact_widen(struct emit *e, uint32_t bits) { return widen(e, bits); }
uint32_t spirv_exact_narrow(struct emit *e, uint32_t d) { return narrow(e, d, NEAREST_EVEN); }
uint32_t spirv_exact_narrow_round(struct emit *e, uint32_t d, unsigned round) {
  static const enum narrow_mode modes[4] = {NEAREST_EVEN, TOWARD_POS, TOWARD_NEG, TOWARD_ZERO};
  return narrow(e, d, modes[round & 3]);
}

/* A * B + C (f64 values whose product is exact and whose sum's error is a normal number or
 * 0) rounded to odd in f64: the nearest sum S, its exact error (2Sum), and S moved one step
 * toward the exact value when the error is not zero and S is even. Infinite or NaN sums
 * are left as they are. */
static uint32_t fma_odd(struct emit *e, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t u64 = e->t_u64, bl = e->t_bool;
  uint32_t p = xop(e, SpvOpFMul, a, b), s = xop(e, SpvOpFAdd, p, c);
  uint32_t bb = xop(e, SpvOpFSub, s, p);
  uint32_t err =
      xop(e, SpvOpFAdd, xop(e, SpvOpFSub, p, xop(e, SpvOpFSub, s, bb)), xop(e, SpvOpFSub, c, bb));
  uint32_t sb = op1(e, SpvOpBitcast, u64, s);
  uint32_t even = op2(e, SpvOpIEqual, bl, op2(e, SpvOpBitwiseAnd, u64, sb, cu64(e, 1)), cu64(e, 0));
  uint32_t inexact = op2(e, SpvOpFOrdNotEqual, bl, err, cf64(e, 0.0));
  /* the same sign: the exact value is further from zero */
  uint32_t same = op2(e, SpvOpLogicalEqual, bl, op2(e, SpvOpFOrdLessThan, bl, err, cf64(e, 0.0)),
                      op2(e, SpvOpFOrdLessThan, bl, s, cf64(e, 0.0)));
  uint32_t moved = op2(e, SpvOpIAdd, u64, sb, sel(e, u64, same, cu64(e, 1), cu64(e, ~0ull)));
  sb = sel(e, u64, op2(e, SpvOpLogicalAnd, bl, inexact, even), moved, sb);
  return op1(e, SpvOpBitcast, t_f64(e), sb);
}

uint32_t spirv_exact_fma_odd64(struct emit *e, uint32_t a, uint32_t b, uint32_t c) {
  return fma_odd(e, a, b, c);
}

/* ffma: the f32 product is exact in f64, the sum rounded to odd there, then to nearest
 * even in f32: a correct single rounding (53 >= 24 + 2). NaN: ir_float_fma32's rule. */
static uint32_t exact_fma32(struct emit *e, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t u32 = e->t_u32;
  uint32_t ua = op1(e, SpvOpBitcast, u32, a), ub = op1(e, SpvOpBitcast, u32, b),
           uc = op1(e, SpvOpBitcast, u32, c);
  uint32_t r = narrow(e, fma_odd(e, widen(e, ua), widen(e, ub), widen(e, uc)), NEAREST_EVEN);
  r = sel(e, u32, is_nan32(e, r), cu32(e, 0x7fc00000u), r);
  r = sel(e, u32, is_nan32(e, uc), quiet32(e, uc), r);
  r = sel(e, u32, is_nan32(e, ub), quiet32(e, ub), r);
  r = sel(e, u32, is_nan32(e, ua), quiet32(e, ua), r);
  return op1(e, SpvOpBitcast, e->t_f32, r);
}

/* For hfma (spirv_emit_float.c): A * B + C of three f32 values (widened halves, so normal
 * numbers or 0) rounded to odd in f64 and again to odd in f32, ready for the one rounding
 * to f16 (53 and 24 >= 11 + 2 bits); NaN operands or results are the caller's business. */
uint32_t spirv_exact_fma_odd32(struct emit *e, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t w[3] = {a, b, c};
  for (int i = 0; i < 3; i++) w[i] = widen(e, op1(e, SpvOpBitcast, e->t_u32, w[i]));
  e->float64_used = true;
  return op1(e, SpvOpBitcast, e->t_f32, narrow(e, fma_odd(e, w[0], w[1], w[2]), TO_ODD));
}

/* The sign of x * m^2 - 1 as a bool pair (below: < 0, above: > 0), exactly: ir_float.c's
 * rsq_side (m^2 exact, split into 26 + 24 bits on the bits, two exact products, Sterbenz) */
static uint32_t rsq_cmp(struct emit *e, uint32_t x, uint32_t m, SpvOp cmp) {
  uint32_t u64 = e->t_u64, f64 = t_f64(e);
  uint32_t m2 = xop(e, SpvOpFMul, m, m);
  uint32_t hi = op1(
      e, SpvOpBitcast, f64,
      op2(e, SpvOpBitwiseAnd, u64, op1(e, SpvOpBitcast, u64, m2), cu64(e, ~((1ull << 27) - 1))));
  uint32_t lo = xop(e, SpvOpFSub, m2, hi);
  uint32_t s = xop(e, SpvOpFAdd, xop(e, SpvOpFSub, xop(e, SpvOpFMul, x, hi), cf64(e, 1.0)),
                   xop(e, SpvOpFMul, x, lo));
  return op2(e, cmp, e->t_bool, s, cf64(e, 0.0));
}

/* frsq correctly rounded: a first result from f64 (within one f32 step), then the exact
 * choice against the midpoints to its neighbours. Special cases on the bits. */
static uint32_t exact_rsq(struct emit *e, uint32_t a, unsigned round) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, f64 = t_f64(e);
  uint32_t ua = op1(e, SpvOpBitcast, u32, a), x = widen(e, ua);
  uint32_t r0 =
      op1(e, SpvOpBitcast, u32,
          op1(e, SpvOpFConvert, e->t_f32,
              op2(e, SpvOpFDiv, f64, cf64(e, 1.0), glsl(e, f64, GLSLstd450Sqrt, x, 0, 1))));
  /* r0 is a positive normal f32 for every positive finite a (2^-64 .. 2^74.5) */
  uint32_t up = op2(e, SpvOpIAdd, u32, r0, cu32(e, 1)), dn = op2(e, SpvOpISub, u32, r0, cu32(e, 1));
  uint32_t rv = widen(e, r0);
  uint32_t mu = xop(e, SpvOpFMul, xop(e, SpvOpFAdd, rv, widen(e, up)), cf64(e, 0.5));
  uint32_t md = xop(e, SpvOpFMul, xop(e, SpvOpFAdd, rv, widen(e, dn)), cf64(e, 0.5));
  uint32_t r = sel(e, u32, rsq_cmp(e, x, mu, SpvOpFOrdLessThan), up,
                   sel(e, u32, rsq_cmp(e, x, md, SpvOpFOrdGreaterThan), dn, r0));
  if (round) { /* directed (a positive result): the side of 1/sqrt(a) against R itself */
    uint32_t rr = widen(e, r);
    r = round == 1 ? sel(e, u32, rsq_cmp(e, x, rr, SpvOpFOrdLessThan),
                         op2(e, SpvOpIAdd, u32, r, cu32(e, 1)), r)
                   : sel(e, u32, rsq_cmp(e, x, rr, SpvOpFOrdGreaterThan),
                         op2(e, SpvOpISub, u32, r, cu32(e, 1)), r);
  }
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu));
  uint32_t neg = op2(e, SpvOpUGreaterThan, bl, ua, cu32(e, 0x7fffffffu));
  r = sel(e, u32, op2(e, SpvOpIEqual, bl, ua, cu32(e, 0x7f800000u)), cu32(e, 0), r);
  r = sel(e, u32, neg, cu32(e, 0x7fc00000u), r);
  r = sel(e, u32, op2(e, SpvOpIEqual, bl, mag, cu32(e, 0)),
          sel(e, u32, neg, cu32(e, 0xff800000u), cu32(e, 0x7f800000u)), r);
  r = sel(e, u32, is_nan32(e, ua), quiet32(e, ua), r);
  return op1(e, SpvOpBitcast, e->t_f32, r);
}

/* fldexp: a * 2^n with n clamped to +-400 (past it every f32 over- or underflows anyway):
 * an exact f64 product (2^-549 .. 2^528, normal), rounded once on the bits */
static uint32_t exact_ldexp(struct emit *e, uint32_t a, uint32_t n) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t ua = op1(e, SpvOpBitcast, u32, a);
  uint32_t lo = cu32(e, (uint32_t)-400), hi = cu32(e, 400); /* signed compares on u32 */
  n = sel(e, u32, op2(e, SpvOpSLessThan, bl, n, lo), lo, n);
  n = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, n, hi), hi, n);
  uint32_t biased = op2(e, SpvOpIAdd, u32, n, cu32(e, 1023));
  uint32_t scale = op1(e, SpvOpBitcast, t_f64(e),
                       op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, biased), cu64(e, 52)));
  uint32_t r = narrow(e, xop(e, SpvOpFMul, widen(e, ua), scale), NEAREST_EVEN);
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu));
  uint32_t keep = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpIEqual, bl, mag, cu32(e, 0)),
                      op2(e, SpvOpIEqual, bl, mag, cu32(e, 0x7f800000u)));
  r = sel(e, u32, keep, ua, r);
  r = sel(e, u32, is_nan32(e, ua), quiet32(e, ua), r);
  return op1(e, SpvOpBitcast, e->t_f32, r);
}

/* ffract: f32(a - floor(a)) capped at the largest f32 below 1.0. In f64 the difference is
 * exact but for a in (-2^-29, 0), where both it and f32's rounding give 1.0 before the cap. */
static uint32_t exact_fract(struct emit *e, uint32_t a) {
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  uint32_t ua = op1(e, SpvOpBitcast, u32, a), x = widen(e, ua);
  uint32_t r =
      narrow(e, xop(e, SpvOpFSub, x, glsl(e, t_f64(e), GLSLstd450Floor, x, 0, 1)), NEAREST_EVEN);
  r = sel(e, u32, op2(e, SpvOpUGreaterThan, bl, r, cu32(e, 0x3f7fffffu)), cu32(e, 0x3f7fffffu), r);
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu));
  r = sel(e, u32, op2(e, SpvOpIEqual, bl, mag, cu32(e, 0x7f800000u)), cu32(e, 0x7fc00000u), r);
  r = sel(e, u32, is_nan32(e, ua), quiet32(e, ua), r);
  return op1(e, SpvOpBitcast, e->t_f32, r);
}

/* ---- exp2, log2, sin, cos: ir_float.c's f64 algorithms, operation for operation ---------- */

static uint32_t horner(struct emit *e, const double *c, int n, uint32_t x) {
  uint32_t acc = cf64(e, c[n - 1]);
  for (int k = n - 2; k >= 0; k--)
    acc = xop(e, SpvOpFAdd, xop(e, SpvOpFMul, acc, x), cf64(e, c[k]));
  return acc;
}
static uint32_t round_even64(struct emit *e, uint32_t x) {
  return glsl(e, t_f64(e), GLSLstd450RoundEven, x, 0, 1); /* exact */
}
/* the table entry J (u32) of VALS as an f64 constant, by a chain of selects */
static uint32_t table(struct emit *e, uint32_t j, const double *vals, int n) {
  uint32_t v = cf64(e, vals[0]);
  for (int i = 1; i < n; i++)
    v = sel(e, t_f64(e), op2(e, SpvOpIEqual, e->t_bool, j, cu32(e, (uint32_t)i)), cf64(e, vals[i]),
            v);
  return v;
}

static uint32_t exp2_core(struct emit *e, uint32_t x) {
  const struct ir_float_tables *t = ir_float_tables();
  uint32_t f64 = t_f64(e), bl = e->t_bool, u32 = e->t_u32;
  x = sel(e, f64, op2(e, SpvOpFOrdLessThan, bl, x, cf64(e, -151.0)), cf64(e, -151.0), x);
  x = sel(e, f64, op2(e, SpvOpFOrdGreaterThan, bl, x, cf64(e, 129.0)), cf64(e, 129.0), x);
  uint32_t n = round_even64(e, x), f = xop(e, SpvOpFSub, x, n);
  uint32_t p =
      horner(e, t->exp_coef, IR_FLOAT_EXP_TERMS, xop(e, SpvOpFMul, f, cf64(e, IR_FLOAT_LN2)));
  uint32_t ni = op1(e, SpvOpConvertFToS, u32, n);
  uint32_t scale = op1(e, SpvOpBitcast, f64,
                       op2(e, SpvOpShiftLeftLogical, e->t_u64,
                           to_u64(e, op2(e, SpvOpIAdd, u32, ni, cu32(e, 1023))), cu64(e, 52)));
  return xop(e, SpvOpFMul, p, scale);
}

static uint32_t log2_core(struct emit *e, uint32_t x) {
  const struct ir_float_tables *t = ir_float_tables();
  uint32_t f64 = t_f64(e), bl = e->t_bool, u32 = e->t_u32, u64 = e->t_u64;
  uint32_t b = op1(e, SpvOpBitcast, u64, x);
  uint32_t ex = op2(e, SpvOpISub, u32,
                    op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, b, cu64(e, 52))),
                    cu32(e, 1023));
  b = op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, b, cu64(e, (1ull << 52) - 1)),
          cu64(e, 1023ull << 52));
  uint32_t big =
      op2(e, SpvOpINotEqual, bl, op2(e, SpvOpBitwiseAnd, u64, b, cu64(e, 1ull << 51)), cu64(e, 0));
  b = sel(e, u64, big, op2(e, SpvOpISub, u64, b, cu64(e, 1ull << 52)), b);
  ex = sel(e, u32, big, op2(e, SpvOpIAdd, u32, ex, cu32(e, 1)), ex);
  uint32_t m = op1(e, SpvOpBitcast, f64, b);
  uint32_t j = op2(
      e, SpvOpIAdd, u32,
      op1(e, SpvOpConvertFToS, u32,
          round_even64(e, xop(e, SpvOpFMul, xop(e, SpvOpFSub, m, cf64(e, 1.0)), cf64(e, 32.0)))),
      cu32(e, IR_FLOAT_LOG_LOW));
  uint32_t u = xop(e, SpvOpFSub, xop(e, SpvOpFMul, m, table(e, j, t->log_r, IR_FLOAT_LOG_TABLE)),
                   cf64(e, 1.0));
  uint32_t y =
      xop(e, SpvOpFSub, xop(e, SpvOpFMul, u, horner(e, t->log_coef, IR_FLOAT_LOG_TERMS, u)),
          table(e, j, t->log_lnr, IR_FLOAT_LOG_TABLE));
  return xop(e, SpvOpFAdd, op1(e, SpvOpConvertSToF, f64, ex),
             xop(e, SpvOpFMul, y, cf64(e, IR_FLOAT_INV_LN2)));
}

static uint32_t turns_core(struct emit *e, uint32_t x, int quarter) {
  const struct ir_float_tables *t = ir_float_tables();
  uint32_t f64 = t_f64(e), bl = e->t_bool, u32 = e->t_u32;
  uint32_t r = xop(e, SpvOpFSub, x, round_even64(e, x));
  uint32_t q4 = xop(e, SpvOpFMul, cf64(e, 4.0), r), q = round_even64(e, q4);
  uint32_t th = xop(e, SpvOpFMul, xop(e, SpvOpFSub, q4, q), cf64(e, IR_FLOAT_HALF_PI));
  uint32_t th2 = xop(e, SpvOpFMul, th, th);
  uint32_t k =
      op2(e, SpvOpBitwiseAnd, u32,
          op2(e, SpvOpIAdd, u32, op1(e, SpvOpConvertFToS, u32, q), cu32(e, (uint32_t)quarter)),
          cu32(e, 3));
  uint32_t sv = xop(e, SpvOpFMul, th, horner(e, t->sin_coef, IR_FLOAT_TRIG_TERMS, th2));
  uint32_t cv = horner(e, t->cos_coef, IR_FLOAT_TRIG_TERMS, th2);
  uint32_t v = sel(
      e, f64, op2(e, SpvOpINotEqual, bl, op2(e, SpvOpBitwiseAnd, u32, k, cu32(e, 1)), cu32(e, 0)),
      cv, sv);
  return sel(e, f64,
             op2(e, SpvOpINotEqual, bl, op2(e, SpvOpBitwiseAnd, u32, k, cu32(e, 2)), cu32(e, 0)),
             op1(e, SpvOpFNegate, f64, v), v);
}

/* Under a directed ROUND (1 toward +inf, 2 toward -inf, 3 toward zero; 0 nearest even):
 * the f64 value y narrowed in the direction, and where y is +-1 but the exact value is not
 * (exp2 of a tiny nonzero x: the exact value on x's side of 1; sin/cos off the quarter
 * turns: toward zero) one step toward it when the direction says (ir_round.c,
 * docs/shader-float.md); exp2(-inf) = +0, exp2(+inf) = +inf in every mode. */
static uint32_t side_step(struct emit *e, uint32_t r, uint32_t y, uint32_t apply, uint32_t up,
                          unsigned round) {
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  uint32_t ypos = op2(e, SpvOpFOrdGreaterThan, bl, y, cf64(e, 0.0));
  uint32_t move = round == 1   ? up
                  : round == 2 ? op1(e, SpvOpLogicalNot, bl, up)
                               : op2(e, SpvOpLogicalNotEqual, bl, up, ypos); /* toward zero */
  uint32_t grow = op2(e, SpvOpLogicalEqual, bl, up, ypos); /* the magnitude grows */
  uint32_t moved = sel(e, u32, grow, op2(e, SpvOpIAdd, u32, r, cu32(e, 1)),
                       op2(e, SpvOpISub, u32, r, cu32(e, 1)));
  return sel(e, u32, op2(e, SpvOpLogicalAnd, bl, apply, move), moved, r);
}

/* Y with the hard cases of FN (ir_float.h) replaced: a select on the input bits UA per case,
 * the replacement computed by the host as the interpreter computes it */
static uint32_t hard_fix(struct emit *e, unsigned fn, uint32_t ua, uint32_t y) {
  for (unsigned i = 0; i < ir_float_hard_case_count; i++) {
    const struct ir_float_hard_case *h = &ir_float_hard_cases[i];
    if (h->fn != fn) continue;
    float x;
    memcpy(&x, &h->x, 4);
    double v = fn == IR_FLOAT_FN_EXP2   ? ir_float_exp2_core(x)
               : fn == IR_FLOAT_FN_LOG2 ? ir_float_log2_core(x)
                                        : ir_float_turns_core(x, fn == IR_FLOAT_FN_COS);
    y = sel(e, t_f64(e), op2(e, SpvOpIEqual, e->t_bool, ua, cu32(e, h->x)),
            cf64(e, ir_float_hard_fix(fn, h->x, v)), y);
  }
  return y;
}

static uint32_t exact_transcendental(struct emit *e, enum ir_op op, uint32_t a, unsigned round) {
  static const enum narrow_mode modes[4] = {NEAREST_EVEN, TOWARD_POS, TOWARD_NEG, TOWARD_ZERO};
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  uint32_t ua = op1(e, SpvOpBitcast, u32, a), x = widen(e, ua), r;
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu));
  uint32_t neg = op2(e, SpvOpUGreaterThan, bl, ua, cu32(e, 0x7fffffffu));
  uint32_t zero = op2(e, SpvOpIEqual, bl, mag, cu32(e, 0));
  if (op == IR_OP_fexp2) {
    uint32_t y = hard_fix(e, IR_FLOAT_FN_EXP2, ua, exp2_core(e, x));
    r = narrow(e, y, modes[round & 3]);
    if (round) {
      uint32_t one = op2(e, SpvOpFOrdEqual, bl, y, cf64(e, 1.0));
      r = side_step(e, r, y, op2(e, SpvOpLogicalAnd, bl, one, op1(e, SpvOpLogicalNot, bl, zero)),
                    op1(e, SpvOpLogicalNot, bl, neg), round);
      r = sel(e, u32, op2(e, SpvOpIEqual, bl, ua, cu32(e, 0xff800000u)), cu32(e, 0), r);
      r = sel(e, u32, op2(e, SpvOpIEqual, bl, ua, cu32(e, 0x7f800000u)), ua, r);
    }
  } else if (op == IR_OP_flog2) {
    r = narrow(e, hard_fix(e, IR_FLOAT_FN_LOG2, ua, log2_core(e, x)), modes[round & 3]);
    r = sel(e, u32, op2(e, SpvOpIEqual, bl, ua, cu32(e, 0x7f800000u)), ua, r);
    r = sel(e, u32, neg, cu32(e, 0x7fc00000u), r);
    r = sel(e, u32, zero, cu32(e, 0xff800000u), r);
  } else {
    int quarter = op == IR_OP_fcos;
    uint32_t y = hard_fix(e, IR_FLOAT_FN_SIN + (unsigned)quarter, ua, turns_core(e, x, quarter));
    r = narrow(e, y, modes[round & 3]);
    if (round) { /* |y| = 1 off the quarter turns (4 (x - rint(x)) not an integer) */
      uint32_t q4 = xop(e, SpvOpFMul, cf64(e, 4.0), xop(e, SpvOpFSub, x, round_even64(e, x)));
      uint32_t off = op2(e, SpvOpFOrdNotEqual, bl, q4, round_even64(e, q4));
      uint32_t unit =
          op2(e, SpvOpFOrdEqual, bl, glsl(e, t_f64(e), GLSLstd450FAbs, y, 0, 1), cf64(e, 1.0));
      uint32_t below = op2(e, SpvOpFOrdLessThan, bl, y, cf64(e, 0.0)); /* toward zero: up */
      r = side_step(e, r, y, op2(e, SpvOpLogicalAnd, bl, unit, off), below, round);
    }
    uint32_t rzero =
        op2(e, SpvOpIEqual, bl, op2(e, SpvOpBitwiseAnd, u32, r, cu32(e, 0x7fffffffu)), cu32(e, 0));
    r = sel(e, u32, rzero, quarter ? cu32(e, 0) : sel(e, u32, zero, ua, cu32(e, 0)), r);
    r = sel(e, u32, op2(e, SpvOpUGreaterThan, bl, mag, cu32(e, 0x43800000u)),
            cu32(e, quarter ? 0x3f800000u : 0), r);
  }
  r = sel(e, u32, is_nan32(e, ua), quiet32(e, ua), r);
  return op1(e, SpvOpBitcast, e->t_f32, r);
}

/* ---- dsqrt: the f64 square root correctly rounded, on integers ---------------------------
 * a = A 2^ea with A a 53-bit integer (denormals normalised on the bits), a first result from
 * the device's square root of a scaled into [1, 4), then the exact choice: starting three
 * steps below it, six times one step up while sqrt(a) lies above the midpoint to the next
 * double, (2C + 1) 2^(ec - 1) for a candidate C 2^ec, that is while A 2^(ea - 2 ec + 2) >
 * (2C + 1)^2, compared as 128-bit integers (OpUMulExtended). Every candidate is a normal
 * number (sqrt of a positive double is at least 2^-537), so none of it depends on the
 * device's f64 denormal mode or on its square root being closer than three steps. */
static uint32_t msb64(struct emit *e, uint32_t v) { /* of a nonzero u64, as u32 */
  uint32_t u32 = e->t_u32, u64 = e->t_u64;
  uint32_t hi = op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, v, cu64(e, 32)));
  uint32_t lo = op1(e, SpvOpUConvert, u32, v);
  return sel(e, u32, op2(e, SpvOpINotEqual, e->t_bool, hi, cu32(e, 0)),
             op2(e, SpvOpIAdd, u32, glsl(e, u32, GLSL_FIND_UMSB, hi, 0, 1), cu32(e, 32)),
             glsl(e, u32, GLSL_FIND_UMSB, lo, 0, 1));
}

static void mulx(struct emit *e, uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi);

static uint32_t exact_dsqrt(struct emit *e, uint32_t a, unsigned round) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool, f64 = t_f64(e);
  const uint64_t fmask = (1ull << 52) - 1;
  uint32_t u = op1(e, SpvOpBitcast, u64, a);
  uint32_t ex = bits32(
      e, op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, u, cu64(e, 32))), 20, 11);
  uint32_t frac = op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, fmask));
  /* A, ea: normal: frac | 2^52, ex - 1075; denormal: frac << (52 - msb), -1074 - (52 - msb) */
  uint32_t den = op2(e, SpvOpIEqual, bl, ex, cu32(e, 0));
  uint32_t fr = sel(e, u64, den,
                    sel(e, u64, op2(e, SpvOpIEqual, bl, frac, cu64(e, 0)), cu64(e, 1), frac), frac);
  uint32_t sh = op2(e, SpvOpISub, u32, cu32(e, 52), msb64(e, fr));
  uint32_t A = sel(e, u64, den, op2(e, SpvOpShiftLeftLogical, u64, fr, to_u64(e, sh)),
                   op2(e, SpvOpBitwiseOr, u64, frac, cu64(e, 1ull << 52)));
  uint32_t ea = sel(e, u32, den, op2(e, SpvOpISub, u32, cu32(e, (uint32_t)-1074), sh),
                    op2(e, SpvOpISub, u32, ex, cu32(e, 1075)));
  /* a = a' 2^E with a' = A 2^(p - 52) in [1, 4), E = ea + 52 - p even */
  uint32_t p = op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpIAdd, u32, ea, cu32(e, 52)), cu32(e, 1));
  uint32_t as = op1(e, SpvOpBitcast, f64,
                    op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, A, cu64(e, fmask)),
                        op2(e, SpvOpShiftLeftLogical, u64,
                            to_u64(e, op2(e, SpvOpIAdd, u32, p, cu32(e, 1023))), cu64(e, 52))));
  uint32_t half_e =
      op2(e, SpvOpShiftRightArithmetic, u32,
          op2(e, SpvOpISub, u32, op2(e, SpvOpIAdd, u32, ea, cu32(e, 52)), p), cu32(e, 1));
  uint32_t rb = op1(e, SpvOpBitcast, u64, glsl(e, f64, GLSLstd450Sqrt, as, 0, 1));
  uint32_t c =
      op2(e, SpvOpIAdd, u64, rb,
          op2(e, SpvOpShiftLeftLogical, u64, op1(e, SpvOpSConvert, u64, half_e), cu64(e, 52)));
  c = op2(e, SpvOpISub, u64, c, cu64(e, 3));
  if (!e->t_mulext64) {
    uint32_t m[2] = {u64, u64};
    e->t_mulext64 = spv_type_struct(&e->b, m, 2);
  }
  for (int step = 0; step < 6; step++) {
    uint32_t C = op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, c, cu64(e, fmask)),
                     cu64(e, 1ull << 52));
    uint32_t ec =
        op2(e, SpvOpISub, u32,
            op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, c, cu64(e, 52))),
            cu32(e, 1075));
    uint32_t s = op2(e, SpvOpIAdd, u32, op2(e, SpvOpISub, u32, ea, op2(e, SpvOpIAdd, u32, ec, ec)),
                     cu32(e, 2));
    s = sel(e, u32, op2(e, SpvOpSLessThan, bl, s, cu32(e, 1)), cu32(e, 1), s);
    s = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, s, cu32(e, 63)), cu32(e, 63), s);
    uint32_t s64 = to_u64(e, s);
    uint32_t ahi = op2(e, SpvOpShiftRightLogical, u64, A, op2(e, SpvOpISub, u64, cu64(e, 64), s64));
    uint32_t alo = op2(e, SpvOpShiftLeftLogical, u64, A, s64);
    uint32_t M =
        op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpShiftLeftLogical, u64, C, cu64(e, 1)), cu64(e, 1));
    uint32_t prod = op2(e, SpvOpUMulExtended, e->t_mulext64, M, M);
    uint32_t w0[2] = {prod, 0}, w1[2] = {prod, 1};
    uint32_t plo = spv_op(&e->b, SpvOpCompositeExtract, u64, w0, 2);
    uint32_t phi = spv_op(&e->b, SpvOpCompositeExtract, u64, w1, 2);
    uint32_t above = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpUGreaterThan, bl, ahi, phi),
                         op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, ahi, phi),
                             op2(e, SpvOpUGreaterThan, bl, alo, plo)));
    c = sel(e, u64, above, op2(e, SpvOpIAdd, u64, c, cu64(e, 1)), c);
  }
  if (round) { /* directed (a positive result): the side of sqrt(a) against C 2^ec, by the
                  same comparison with 2C for the midpoint's 2C + 1: A 2^s against (2C)^2 */
    uint32_t C = op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, c, cu64(e, fmask)),
                     cu64(e, 1ull << 52));
    uint32_t ec =
        op2(e, SpvOpISub, u32,
            op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, c, cu64(e, 52))),
            cu32(e, 1075));
    uint32_t s = op2(e, SpvOpIAdd, u32, op2(e, SpvOpISub, u32, ea, op2(e, SpvOpIAdd, u32, ec, ec)),
                     cu32(e, 2));
    s = sel(e, u32, op2(e, SpvOpSLessThan, bl, s, cu32(e, 1)), cu32(e, 1), s);
    s = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, s, cu32(e, 63)), cu32(e, 63), s);
    uint32_t s64 = to_u64(e, s);
    uint32_t ahi = op2(e, SpvOpShiftRightLogical, u64, A, op2(e, SpvOpISub, u64, cu64(e, 64), s64));
    uint32_t alo = op2(e, SpvOpShiftLeftLogical, u64, A, s64);
    uint32_t plo, phi;
    mulx(e, op2(e, SpvOpShiftLeftLogical, u64, C, cu64(e, 1)),
         op2(e, SpvOpShiftLeftLogical, u64, C, cu64(e, 1)), &plo, &phi);
    uint32_t above = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpUGreaterThan, bl, ahi, phi),
                         op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, ahi, phi),
                             op2(e, SpvOpUGreaterThan, bl, alo, plo)));
    uint32_t below = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpULessThan, bl, ahi, phi),
                         op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, ahi, phi),
                             op2(e, SpvOpULessThan, bl, alo, plo)));
    c = round == 1 ? sel(e, u64, above, op2(e, SpvOpIAdd, u64, c, cu64(e, 1)), c)
                   : sel(e, u64, below, op2(e, SpvOpISub, u64, c, cu64(e, 1)), c);
  }
  /* +-0 itself, +inf itself, a < 0 the default NaN, NaN quieted */
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, ~(1ull << 63)));
  uint32_t r = sel(e, u64,
                   op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpIEqual, bl, mag, cu64(e, 0)),
                       op2(e, SpvOpIEqual, bl, u, cu64(e, 0x7ff0000000000000ull))),
                   u, c);
  r = sel(e, u64, op2(e, SpvOpUGreaterThan, bl, u, cu64(e, 1ull << 63)),
          cu64(e, 0x7ff8000000000000ull), r);
  r = sel(e, u64, op2(e, SpvOpUGreaterThan, bl, mag, cu64(e, 0x7ff0000000000000ull)),
          op2(e, SpvOpBitwiseOr, u64, u, cu64(e, 1ull << 51)), r);
  return op1(e, SpvOpBitcast, f64, r);
}

/* A 2^ea of the magnitude of f64 bits U (denormals normalised): A has 53 bits */
static void f64_parts(struct emit *e, uint32_t u, uint32_t *A, uint32_t *ea) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  const uint64_t fmask = (1ull << 52) - 1;
  uint32_t ex = bits32(
      e, op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, u, cu64(e, 32))), 20, 11);
  uint32_t frac = op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, fmask));
  uint32_t den = op2(e, SpvOpIEqual, bl, ex, cu32(e, 0));
  uint32_t fr = sel(e, u64, op2(e, SpvOpIEqual, bl, frac, cu64(e, 0)), cu64(e, 1), frac);
  uint32_t sh = op2(e, SpvOpISub, u32, cu32(e, 52), msb64(e, fr));
  *A = sel(e, u64, den, op2(e, SpvOpShiftLeftLogical, u64, fr, to_u64(e, sh)),
           op2(e, SpvOpBitwiseOr, u64, frac, cu64(e, 1ull << 52)));
  *ea = sel(e, u32, den, op2(e, SpvOpISub, u32, cu32(e, (uint32_t)-1074), sh),
            op2(e, SpvOpISub, u32, ex, cu32(e, 1075)));
}

/* C 2^ec of a finite non-negative f64 candidate C_BITS */
static void cand_parts(struct emit *e, uint32_t c, uint32_t *C, uint32_t *ec) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t ex = op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, c, cu64(e, 52)));
  uint32_t den = op2(e, SpvOpIEqual, bl, ex, cu32(e, 0));
  *C = op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, c, cu64(e, (1ull << 52) - 1)),
           sel(e, u64, den, cu64(e, 0), cu64(e, 1ull << 52)));
  *ec = sel(e, u32, den, cu32(e, (uint32_t)-1074), op2(e, SpvOpISub, u32, ex, cu32(e, 1075)));
}

/* drcp: 1/a correctly rounded. |a| = A 2^ea; a first result from the device's 1/a' for a' =
 * A 2^-52 in [1, 2), placed at exponent -(ea + 52) on the bits (a denormal result by a
 * shift, an overflow as inf); then from three steps below it six steps up while 1/|a| is
 * above the midpoint (2C + 1) 2^(ec - 1) to the next double, i.e. while A (2C + 1) <
 * 2^(1 - ea - ec) (a 107-bit product against a power of two), never past inf. */
static uint32_t exact_drcp(struct emit *e, uint32_t a, unsigned round) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool, f64 = t_f64(e);
  const uint64_t fmask = (1ull << 52) - 1;
  uint32_t u = op1(e, SpvOpBitcast, u64, a), A, ea;
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, ~(1ull << 63)));
  f64_parts(e, mag, &A, &ea);
  uint32_t a1 = op1(e, SpvOpBitcast, f64,
                    op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, A, cu64(e, fmask)),
                        cu64(e, 1023ull << 52)));
  uint32_t rb = op1(e, SpvOpBitcast, u64, op2(e, SpvOpFDiv, f64, cf64(e, 1.0), a1)); /* (1/2, 1] */
  /* biased exponent of the result: that of rb minus (ea + 52) */
  uint32_t rexp = op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, rb, cu64(e, 52)));
  uint32_t be = op2(e, SpvOpISub, u32, rexp, op2(e, SpvOpIAdd, u32, ea, cu32(e, 52)));
  uint32_t full = op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, rb, cu64(e, fmask)),
                      cu64(e, 1ull << 52));
  uint32_t normal = op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, rb, cu64(e, fmask)),
                        op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, be), cu64(e, 52)));
  uint32_t dsh = op2(e, SpvOpISub, u32, cu32(e, 1), be); /* denormal: full >> (1 - be) */
  dsh = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, dsh, cu32(e, 63)), cu32(e, 63), dsh);
  uint32_t denorm = op2(e, SpvOpShiftRightLogical, u64, full, to_u64(e, dsh));
  uint32_t c = sel(e, u64, op2(e, SpvOpSLessThan, bl, be, cu32(e, 1)), denorm, normal);
  c = sel(e, u64, op2(e, SpvOpSGreaterThan, bl, be, cu32(e, 2046)), cu64(e, 0x7ff0000000000000ull),
          c);
  c = sel(e, u64, op2(e, SpvOpULessThan, bl, c, cu64(e, 3)), cu64(e, 0),
          op2(e, SpvOpISub, u64, c, cu64(e, 3)));
  if (!e->t_mulext64) {
    uint32_t m[2] = {u64, u64};
    e->t_mulext64 = spv_type_struct(&e->b, m, 2);
  }
  for (int step = 0; step < 6; step++) {
    uint32_t C, ec;
    cand_parts(e, c, &C, &ec);
    uint32_t M =
        op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpShiftLeftLogical, u64, C, cu64(e, 1)), cu64(e, 1));
    uint32_t prod = op2(e, SpvOpUMulExtended, e->t_mulext64, A, M);
    uint32_t w0[2] = {prod, 0}, w1[2] = {prod, 1};
    uint32_t plo = spv_op(&e->b, SpvOpCompositeExtract, u64, w0, 2);
    uint32_t phi = spv_op(&e->b, SpvOpCompositeExtract, u64, w1, 2);
    /* A M < 2^k, k = 1 - ea - ec: k >= 128 always, k < 0 never */
    uint32_t k = op2(e, SpvOpISub, u32, op2(e, SpvOpISub, u32, cu32(e, 1), ea), ec);
    uint32_t kc = sel(e, u32, op2(e, SpvOpSLessThan, bl, k, cu32(e, 0)), cu32(e, 0), k);
    kc = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, kc, cu32(e, 127)), cu32(e, 127), kc);
    uint32_t k64 = to_u64(e, kc);
    uint32_t low_k = op2(e, SpvOpULessThan, bl, kc, cu32(e, 64));
    /* 2^k as (hi, lo): A M < 2^k  <=>  k < 64 ? hi == 0 && lo < 2^k : hi < 2^(k - 64) */
    uint32_t below_lo =
        op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, phi, cu64(e, 0)),
            op2(e, SpvOpULessThan, bl, plo, op2(e, SpvOpShiftLeftLogical, u64, cu64(e, 1), k64)));
    uint32_t below_hi = op2(e, SpvOpULessThan, bl, phi,
                            op2(e, SpvOpShiftLeftLogical, u64, cu64(e, 1),
                                op2(e, SpvOpBitwiseAnd, u64, k64, cu64(e, 63))));
    uint32_t below = sel(e, bl, low_k, below_lo, below_hi);
    below = sel(e, bl, op2(e, SpvOpSGreaterThan, bl, k, cu32(e, 127)), spv_const_bool(&e->b, true),
                below);
    below =
        sel(e, bl, op2(e, SpvOpSLessThan, bl, k, cu32(e, 0)), spv_const_bool(&e->b, false), below);
    uint32_t go = op2(e, SpvOpLogicalAnd, bl, below,
                      op2(e, SpvOpULessThan, bl, c, cu64(e, 0x7ff0000000000000ull)));
    c = sel(e, u64, go, op2(e, SpvOpIAdd, u64, c, cu64(e, 1)), c);
  }
  uint32_t sign = op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, 1ull << 63));
  if (round) { /* directed: the side of 1/|a| against C 2^ec, A (2C) against 2^(1 - ea - ec) */
    uint32_t C, ec, plo, phi;
    cand_parts(e, c, &C, &ec);
    mulx(e, A, op2(e, SpvOpShiftLeftLogical, u64, C, cu64(e, 1)), &plo, &phi);
    uint32_t k = op2(e, SpvOpISub, u32, op2(e, SpvOpISub, u32, cu32(e, 1), ea), ec);
    uint32_t kc = sel(e, u32, op2(e, SpvOpSLessThan, bl, k, cu32(e, 0)), cu32(e, 0), k);
    kc = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, kc, cu32(e, 127)), cu32(e, 127), kc);
    uint32_t k64 = to_u64(e, kc), low_k = op2(e, SpvOpULessThan, bl, kc, cu32(e, 64));
    uint32_t pk_lo =
        sel(e, u64, low_k, op2(e, SpvOpShiftLeftLogical, u64, cu64(e, 1), k64), cu64(e, 0));
    uint32_t pk_hi = sel(e, u64, low_k, cu64(e, 0),
                         op2(e, SpvOpShiftLeftLogical, u64, cu64(e, 1),
                             op2(e, SpvOpBitwiseAnd, u64, k64, cu64(e, 63)))); /* 2^k as (hi, lo) */
    uint32_t above = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpULessThan, bl, phi, pk_hi),
                         op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, phi, pk_hi),
                             op2(e, SpvOpULessThan, bl, plo, pk_lo)));
    uint32_t exact = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, phi, pk_hi),
                         op2(e, SpvOpIEqual, bl, plo, pk_lo));
    uint32_t big = op2(e, SpvOpSGreaterThan, bl, k, cu32(e, 127)); /* 2^k beyond A 2C */
    uint32_t tiny = op2(e, SpvOpSLessThan, bl, k, cu32(e, 0));
    above = sel(e, bl, big, spv_const_bool(&e->b, true),
                sel(e, bl, tiny, spv_const_bool(&e->b, false), above));
    exact = op2(e, SpvOpLogicalAnd, bl, exact,
                op1(e, SpvOpLogicalNot, bl, op2(e, SpvOpLogicalOr, bl, big, tiny)));
    uint32_t below = op1(e, SpvOpLogicalNot, bl, op2(e, SpvOpLogicalOr, bl, above, exact));
    uint32_t neg = op2(e, SpvOpINotEqual, bl, sign, cu64(e, 0));
    uint32_t away = round == 1   ? op1(e, SpvOpLogicalNot, bl, neg)
                    : round == 2 ? neg
                                 : spv_const_bool(&e->b, false);
    uint32_t inf = op2(e, SpvOpIEqual, bl, c, cu64(e, 0x7ff0000000000000ull));
    uint32_t up = op2(e, SpvOpLogicalAnd, bl, away, above);
    uint32_t down = op2(e, SpvOpLogicalAnd, bl, op1(e, SpvOpLogicalNot, bl, away), below);
    uint32_t r = sel(e, u64, up, op2(e, SpvOpIAdd, u64, c, cu64(e, 1)),
                     sel(e, u64, down, op2(e, SpvOpISub, u64, c, cu64(e, 1)), c));
    /* an overflow: inf only rounding away from zero, else the largest finite value */
    c = sel(e, u64, inf, sel(e, u64, away, c, cu64(e, 0x7fefffffffffffffull)), r);
  }
  uint32_t r = op2(e, SpvOpBitwiseOr, u64, sign, c);
  r = sel(e, u64, op2(e, SpvOpIEqual, bl, mag, cu64(e, 0)),
          op2(e, SpvOpBitwiseOr, u64, sign, cu64(e, 0x7ff0000000000000ull)), r);
  r = sel(e, u64, op2(e, SpvOpIEqual, bl, mag, cu64(e, 0x7ff0000000000000ull)), sign, r);
  r = sel(e, u64, op2(e, SpvOpUGreaterThan, bl, mag, cu64(e, 0x7ff0000000000000ull)),
          op2(e, SpvOpBitwiseOr, u64, u, cu64(e, 1ull << 51)), r);
  return op1(e, SpvOpBitcast, f64, r);
}

static void mulx(struct emit *e, uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  if (!e->t_mulext64) {
    uint32_t m[2] = {e->t_u64, e->t_u64};
    e->t_mulext64 = spv_type_struct(&e->b, m, 2);
  }
  uint32_t prod = op2(e, SpvOpUMulExtended, e->t_mulext64, a, b);
  uint32_t w0[2] = {prod, 0}, w1[2] = {prod, 1};
  *lo = spv_op(&e->b, SpvOpCompositeExtract, e->t_u64, w0, 2);
  *hi = spv_op(&e->b, SpvOpCompositeExtract, e->t_u64, w1, 2);
}

/* A M^2 (at most 163 bits, three 64-bit limbs) against 2^k, k = 2 - ea - 2 ec: *BELOW when
 * less, *EQUAL (when not NULL) when equal, both for k in the limbs' range 0..191 (the
 * callers decide outside it); *K is k. */
static void am2_against_pow2(struct emit *e, uint32_t A, uint32_t M, uint32_t ea, uint32_t ec,
                             uint32_t *k_out, uint32_t *below, uint32_t *equal) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t m0, m1, t0, t1, v0, v1;
  mulx(e, M, M, &m0, &m1);
  mulx(e, m0, A, &t0, &t1);
  mulx(e, m1, A, &v0, &v1);
  uint32_t p1 = op2(e, SpvOpIAdd, u64, t1, v0);
  uint32_t p2 = op2(e, SpvOpIAdd, u64, v1,
                    sel(e, u64, op2(e, SpvOpULessThan, bl, p1, t1), cu64(e, 1), cu64(e, 0)));
  /* 2^k as three limbs */
  uint32_t k = op2(e, SpvOpISub, u32, op2(e, SpvOpISub, u32, cu32(e, 2), ea),
                   op2(e, SpvOpIAdd, u32, ec, ec));
  uint32_t kc = sel(e, u32, op2(e, SpvOpSLessThan, bl, k, cu32(e, 0)), cu32(e, 0), k);
  kc = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, kc, cu32(e, 191)), cu32(e, 191), kc);
  uint32_t q = op2(e, SpvOpShiftRightLogical, u32, kc, cu32(e, 6));
  uint32_t bit = op2(e, SpvOpShiftLeftLogical, u64, cu64(e, 1),
                     to_u64(e, op2(e, SpvOpBitwiseAnd, u32, kc, cu32(e, 63))));
  uint32_t o0 = sel(e, u64, op2(e, SpvOpIEqual, bl, q, cu32(e, 0)), bit, cu64(e, 0));
  uint32_t o1 = sel(e, u64, op2(e, SpvOpIEqual, bl, q, cu32(e, 1)), bit, cu64(e, 0));
  uint32_t o2 = sel(e, u64, op2(e, SpvOpIEqual, bl, q, cu32(e, 2)), bit, cu64(e, 0));
  uint32_t lt0 = op2(e, SpvOpULessThan, bl, t0, o0);
  uint32_t lt1 = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpULessThan, bl, p1, o1),
                     op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, p1, o1), lt0));
  *below = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpULessThan, bl, p2, o2),
               op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, p2, o2), lt1));
  if (equal)
    *equal = op2(e, SpvOpLogicalAnd, bl,
                 op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, p2, o2),
                     op2(e, SpvOpIEqual, bl, p1, o1)),
                 op2(e, SpvOpIEqual, bl, t0, o0));
  *k_out = k;
}

/* drsq's directed step: A (2C)^2 against 2^(2 - ea - 2 ec) for the nearest-even result
 * C 2^ec (three limbs, as the loop of exact_drsq); below: 1/sqrt(a) lies above C 2^ec, equal:
 * exact. One step up toward +inf when above, one step down toward -inf or zero when below
 * (the result is positive). */
static uint32_t rsq_directed(struct emit *e, uint32_t A, uint32_t ea, uint32_t c, unsigned round) {
  uint32_t u64 = e->t_u64, bl = e->t_bool;
  uint32_t C, ec, k, below, equal;
  cand_parts(e, c, &C, &ec);
  uint32_t M = op2(e, SpvOpShiftLeftLogical, u64, C, cu64(e, 1));
  am2_against_pow2(e, A, M, ea, ec, &k, &below, &equal);
  uint32_t inrange = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpSGreaterThanEqual, bl, k, cu32(e, 0)),
                         op2(e, SpvOpSLessThanEqual, bl, k, cu32(e, 191)));
  below = op2(e, SpvOpLogicalAnd, bl, inrange, below);
  equal = op2(e, SpvOpLogicalAnd, bl, inrange, equal);
  if (round == 1) return sel(e, u64, below, op2(e, SpvOpIAdd, u64, c, cu64(e, 1)), c);
  uint32_t above = op1(e, SpvOpLogicalNot, bl, op2(e, SpvOpLogicalOr, bl, below, equal));
  return sel(e, u64, above, op2(e, SpvOpISub, u64, c, cu64(e, 1)), c);
}

/* drsq: 1/sqrt(a) correctly rounded, as dsqrt: a = A 2^ea, a first result from the
 * device's 1/sqrt(a') for a' = A 2^(p - 52) in [1, 4) placed at exponent -E/2 (E = ea + 52
 * - p even), then from three steps below it six steps up while 1/sqrt(a) lies above the
 * midpoint M 2^(ec - 1), M = 2C + 1, i.e. while A M^2 < 2^(2 - ea - 2 ec), with A M^2 (at
 * most 163 bits) in three 64-bit limbs. Results are normal (2^-512 .. 2^537). */
static uint32_t exact_drsq(struct emit *e, uint32_t a, unsigned round) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool, f64 = t_f64(e);
  const uint64_t fmask = (1ull << 52) - 1;
  uint32_t u = op1(e, SpvOpBitcast, u64, a), A, ea;
  f64_parts(e, u, &A, &ea);
  uint32_t p = op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpIAdd, u32, ea, cu32(e, 52)), cu32(e, 1));
  uint32_t as = op1(e, SpvOpBitcast, f64,
                    op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, A, cu64(e, fmask)),
                        op2(e, SpvOpShiftLeftLogical, u64,
                            to_u64(e, op2(e, SpvOpIAdd, u32, p, cu32(e, 1023))), cu64(e, 52))));
  uint32_t half_e =
      op2(e, SpvOpShiftRightArithmetic, u32,
          op2(e, SpvOpISub, u32, op2(e, SpvOpIAdd, u32, ea, cu32(e, 52)), p), cu32(e, 1));
  uint32_t rb = op1(e, SpvOpBitcast, u64,
                    op2(e, SpvOpFDiv, f64, cf64(e, 1.0), glsl(e, f64, GLSLstd450Sqrt, as, 0, 1)));
  uint32_t c =
      op2(e, SpvOpISub, u64, rb,
          op2(e, SpvOpShiftLeftLogical, u64, op1(e, SpvOpSConvert, u64, half_e), cu64(e, 52)));
  c = op2(e, SpvOpISub, u64, c, cu64(e, 3));
  for (int step = 0; step < 6; step++) {
    uint32_t C, ec, k, below;
    cand_parts(e, c, &C, &ec);
    uint32_t M =
        op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpShiftLeftLogical, u64, C, cu64(e, 1)), cu64(e, 1));
    am2_against_pow2(e, A, M, ea, ec, &k, &below, NULL);
    below = sel(e, bl, op2(e, SpvOpSGreaterThan, bl, k, cu32(e, 191)), spv_const_bool(&e->b, true),
                below);
    below =
        sel(e, bl, op2(e, SpvOpSLessThan, bl, k, cu32(e, 0)), spv_const_bool(&e->b, false), below);
    c = sel(e, u64, below, op2(e, SpvOpIAdd, u64, c, cu64(e, 1)), c);
  }
  if (round) /* directed: the side of 1/sqrt(a) against C 2^ec (2C for the midpoint's M) */
    c = rsq_directed(e, A, ea, c, round);
  /* +0 -> +inf, -0 -> -inf, +inf -> +0, a < 0 -> the default NaN, NaN quieted */
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, ~(1ull << 63)));
  uint32_t r =
      sel(e, u64, op2(e, SpvOpIEqual, bl, u, cu64(e, 0x7ff0000000000000ull)), cu64(e, 0), c);
  r = sel(e, u64, op2(e, SpvOpUGreaterThan, bl, u, cu64(e, 1ull << 63)),
          cu64(e, 0x7ff8000000000000ull), r);
  r = sel(e, u64, op2(e, SpvOpIEqual, bl, mag, cu64(e, 0)),
          op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, 1ull << 63)),
              cu64(e, 0x7ff0000000000000ull)),
          r);
  r = sel(e, u64, op2(e, SpvOpUGreaterThan, bl, mag, cu64(e, 0x7ff0000000000000ull)),
          op2(e, SpvOpBitwiseOr, u64, u, cu64(e, 1ull << 51)), r);
  return op1(e, SpvOpBitcast, f64, r);
}

uint32_t spirv_exact_msb64(struct emit *e, uint32_t v) { return msb64(e, v); }
void spirv_exact_f64_parts(struct emit *e, uint32_t u, uint32_t *A, uint32_t *ea) {
  f64_parts(e, u, A, ea);
}
uint32_t spirv_exact_transcendental_round(struct emit *e, enum ir_op op, uint32_t a,
                                          unsigned round) {
  return exact_transcendental(e, op, a, round);
}
uint32_t spirv_exact_rsq32_round(struct emit *e, uint32_t a, unsigned round) {
  return exact_rsq(e, a, round);
}
uint32_t spirv_exact_dsqrt_round(struct emit *e, uint32_t a, unsigned round) {
  return exact_dsqrt(e, a, round);
}
uint32_t spirv_exact_drcp_round(struct emit *e, uint32_t a, unsigned round) {
  return exact_drcp(e, a, round);
}
uint32_t spirv_exact_drsq_round(struct emit *e, uint32_t a, unsigned round) {
  return exact_drsq(e, a, round);
}
void spirv_exact_mulx(struct emit *e, uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  mulx(e, a, b, lo, hi);
}

bool spirv_exact_supports(enum ir_op op) {
  switch (op) {
    case IR_OP_dfma:
    case IR_OP_ffma:
    case IR_OP_ffract:
    case IR_OP_frsq:
    case IR_OP_fldexp:
    case IR_OP_fexp2:
    case IR_OP_flog2:
    case IR_OP_fsin:
    case IR_OP_fcos:
    case IR_OP_dsqrt:
    case IR_OP_drcp:
    case IR_OP_drsq: return true;
    default: return false;
  }
}

/* Emits one of the operations above (result id ID, operand ids A); false for any other. */
bool spirv_emit_exact(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  uint32_t v;
  if (in->op == IR_OP_dsqrt || in->op == IR_OP_drcp || in->op == IR_OP_drsq ||
      in->op == IR_OP_dfma) {
    v = in->op == IR_OP_dsqrt  ? exact_dsqrt(e, a[0], 0)
        : in->op == IR_OP_drcp ? exact_drcp(e, a[0], 0)
        : in->op == IR_OP_drsq ? exact_drsq(e, a[0], 0)
                               : spirv_exact_dfma(e, a[0], a[1], a[2]);
    e->float_used = true;
    e->float64_used = true;
    def(e, SpvOpCopyObject, t_f64(e), e->val[id], &v, 1);
    return true;
  }
  switch ((enum ir_op)in->op) {
    case IR_OP_ffma: v = exact_fma32(e, a[0], a[1], a[2]); break;
    case IR_OP_frsq: v = exact_rsq(e, a[0], 0); break;
    case IR_OP_ffract: v = exact_fract(e, a[0]); break;
    case IR_OP_fldexp: v = exact_ldexp(e, a[0], a[1]); break;
    case IR_OP_fexp2:
    case IR_OP_flog2:
    case IR_OP_fsin:
    case IR_OP_fcos: v = exact_transcendental(e, (enum ir_op)in->op, a[0], 0); break;
    default: return false;
  }
  e->float_used = true;
  e->float64_used = true;
  def(e, SpvOpCopyObject, e->t_f32, e->val[id], &v, 1);
  return true;
}
