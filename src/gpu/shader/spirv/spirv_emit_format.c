/* Formatted buffer accesses (IR load_buffer_fmt / store_buffer_fmt: buffer_load/store_format_*,
 * tbuffer_load/store_format_* and their D16 forms) and the unified-format conversions behind
 * them, which other memory paths (images) call too (spirv_emit_internal.h, "format
 * conversions"; docs/shader-spirv.md, "Formatted buffer accesses").
 *
 * The rules are the interpreter's (ir_interp_buffer.c, docs/shader-ir.md "Buffer memory"),
 * computed exactly on integers where a float operation would round differently:
 * - UNORM v/(2^n-1): the binary expansion of v/(2^n-1) is v's n bits repeated, so the value is
 *   the repeated pattern in 64 bits (at least one full period below the rounding point,
 *   never a tie) converted to f32 and scaled by 2^-64 (exact). SNORM the same on |v| with
 *   n-1 bits, -2^(n-1) giving -1.
 * - stores to UNORM/SNORM/SCALED: x = M 2^E from the f32 bits, M times the scale (2^n-1,
 *   2^(n-1)-1 or 1) exact in 64 bits, shifted right by -E rounding to nearest even; NaN 0,
 *   saturation decided by comparing the f32 bits with the bounds'.
 * - the small floats (binary16, the unsigned 11- and 10-bit floats) on their bits: widening
 *   exact (a NaN keeps sign and payload), narrowing to nearest even (NaN -> the quiet NaN).
 * A format known at compile time emits only its class's code and its components' fields;
 * one from a V# (run time) reads its layout from a table in the module (the rows of
 * ir/buffer_formats.def, through ir_buffer_format_of) and selects between the classes. */
#include "gpu/shader/spirv/spirv_emit_internal.h"

/* ---- small helpers ---------------------------------------------------------------------- */

/* A u32 quantity of the conversions (a width, a shift): its id, and its value when known at
 * compile time (k >= 0), so a known format's constants fold here rather than in the module. */
struct num {
  uint32_t id;
  int64_t k;
};
static struct num kn(struct emit *e, int64_t v) { return (struct num){cu32(e, (uint32_t)v), v}; }
static struct num rn(uint32_t id) { return (struct num){id, -1}; }
static uint32_t u2(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  return op2(e, op, e->t_u32, a, b);
}
static uint32_t b2(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  return op2(e, op, e->t_bool, a, b);
}
static uint32_t usel(struct emit *e, uint32_t c, uint32_t a, uint32_t b) {
  return sel(e, e->t_u32, c, a, b);
}
static uint32_t ieq(struct emit *e, uint32_t a, uint32_t v) {
  return b2(e, SpvOpIEqual, a, cu32(e, v));
}
static struct num nadd(struct emit *e, struct num a, int64_t b) {
  if (a.k >= 0 && a.k + b >= 0) return kn(e, a.k + b);
  return rn(u2(e, SpvOpIAdd, a.id, cu32(e, (uint32_t)b)));
}
static struct num nrsub(struct emit *e, int64_t a, struct num b) { /* a - b */
  if (b.k >= 0 && a - b.k >= 0) return kn(e, a - b.k);
  return rn(u2(e, SpvOpISub, cu32(e, (uint32_t)a), b.id));
}
/* 2^n - 1 (n = 32: all ones) */
static struct num nmask(struct emit *e, struct num n) {
  if (n.k >= 0) return kn(e, n.k >= 32 ? 0xffffffffll : (1ll << n.k) - 1);
  uint32_t m =
      u2(e, SpvOpISub,
         u2(e, SpvOpShiftLeftLogical, cu32(e, 1), u2(e, SpvOpBitwiseAnd, n.id, cu32(e, 31))),
         cu32(e, 1));
  return rn(usel(e, b2(e, SpvOpUGreaterThanEqual, n.id, cu32(e, 32)), cu32(e, ~0u), m));
}
static uint32_t shr(struct emit *e, uint32_t v, struct num s) {
  return s.k == 0 ? v : u2(e, SpvOpShiftRightLogical, v, s.id);
}
static uint32_t shl(struct emit *e, uint32_t v, struct num s) {
  return s.k == 0 ? v : u2(e, SpvOpShiftLeftLogical, v, s.id);
}
static uint32_t band(struct emit *e, uint32_t v, struct num m) {
  return m.k == 0xffffffffll ? v : u2(e, SpvOpBitwiseAnd, v, m.id);
}
/* the low N bits of R sign-extended */
static uint32_t sext(struct emit *e, uint32_t r, struct num n) {
  if (n.k >= 32) return r;
  struct num k = n.k >= 0
                     ? kn(e, 32 - n.k)
                     : rn(u2(e, SpvOpBitwiseAnd, u2(e, SpvOpISub, cu32(e, 32), n.id), cu32(e, 31)));
  return u2(e, SpvOpShiftRightArithmetic, shl(e, r, k), k.id);
}
static uint32_t f32_bits_of_u32(struct emit *e, uint32_t v) { /* exact below 2^24 */
  e->float_used = true;
  return op1(e, SpvOpBitcast, e->t_u32, op1(e, SpvOpConvertUToF, e->t_f32, v));
}
static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* V >> S rounded to nearest even, for S in 1..31 (u32) or 1..63 (u64: T the type) */
static uint32_t round_shift(struct emit *e, uint32_t t, uint32_t v, uint32_t s) {
  bool wide = t == e->t_u64;
  uint32_t one = wide ? cu64(e, 1) : cu32(e, 1), zero = wide ? cu64(e, 0) : cu32(e, 0);
  uint32_t q = op2(e, SpvOpShiftRightLogical, t, v, s);
  uint32_t h = op2(e, SpvOpShiftLeftLogical, t, one, u2(e, SpvOpISub, s, cu32(e, 1)));
  uint32_t rem = op2(e, SpvOpBitwiseAnd, t, v,
                     op2(e, SpvOpISub, t, op2(e, SpvOpShiftLeftLogical, t, one, s), one));
  uint32_t odd = b2(e, SpvOpINotEqual, op2(e, SpvOpBitwiseAnd, t, q, one), zero);
  uint32_t up = op2(e, SpvOpLogicalOr, e->t_bool, b2(e, SpvOpUGreaterThan, rem, h),
                    op2(e, SpvOpLogicalAnd, e->t_bool, b2(e, SpvOpIEqual, rem, h), odd));
  return op2(e, SpvOpIAdd, t, q, sel(e, t, up, one, zero));
}

/* ---- decode ----------------------------------------------------------------------------- */

/* A / (2^M - 1) as f32 bits, for 0 <= A <= 2^M - 1, 1 <= M <= 16 (see the top) */
static uint32_t norm_value(struct emit *e, uint32_t a, struct num m) {
  uint32_t u64 = e->t_u64;
  struct num top =
      m.k >= 0 ? kn(e, 64 - m.k)
               : rn(u2(e, SpvOpBitwiseAnd, u2(e, SpvOpISub, cu32(e, 64), m.id), cu32(e, 63)));
  uint32_t p = op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, a), top.id);
  for (uint32_t k = 0; k < 6; k++) { /* shifts m, 2m, 4m, ... while below 64 */
    if (m.k >= 0) {
      if ((m.k << k) >= 64) break;
      p = op2(e, SpvOpBitwiseOr, u64, p,
              op2(e, SpvOpShiftRightLogical, u64, p, cu32(e, (uint32_t)(m.k << k))));
      continue;
    }
    uint32_t sh = u2(e, SpvOpShiftLeftLogical, m.id, cu32(e, k));
    uint32_t t = op2(e, SpvOpShiftRightLogical, u64, p, u2(e, SpvOpBitwiseAnd, sh, cu32(e, 63)));
    p = sel(e, u64, b2(e, SpvOpULessThan, sh, cu32(e, 64)), op2(e, SpvOpBitwiseOr, u64, p, t), p);
  }
  e->float_used = true;
  uint32_t f = op1(e, SpvOpConvertUToF, e->t_f32, p);
  f = op2(e, SpvOpFMul, e->t_f32, f, cf32(e, 0x1p-64f));
  return op1(e, SpvOpBitcast, e->t_u32, f);
}

/* SNORM: S (sign-extended) / (2^(N-1) - 1), at least -1 */
static uint32_t snorm_value(struct emit *e, uint32_t s, struct num n) {
  uint32_t neg = b2(e, SpvOpSLessThan, s, cu32(e, 0));
  uint32_t a = usel(e, neg, op1(e, SpvOpSNegate, e->t_u32, s), s);
  struct num m = nadd(e, n, -1);
  uint32_t v = norm_value(e, a, m);
  v = usel(e, neg, u2(e, SpvOpBitwiseOr, v, cu32(e, 0x80000000u)), v);
  return usel(e, b2(e, SpvOpUGreaterThan, a, nmask(e, m).id), cu32(e, fbits(-1.0f)), v);
}

/* a small float of MB mantissa bits and a 5-bit exponent (bias 15), signed when SGN (a bool
 * value; 0: unsigned), as f32 bits: exact, a NaN keeping sign and payload */
static uint32_t small_decode(struct emit *e, uint32_t r, struct num mb, uint32_t sgn) {
  uint32_t e5 = u2(e, SpvOpBitwiseAnd, shr(e, r, mb), cu32(e, 31));
  uint32_t m = band(e, r, nmask(e, mb));
  struct num up = nrsub(e, 23, mb);
  uint32_t msh = shl(e, m, up);
  uint32_t infnan = u2(e, SpvOpBitwiseOr, cu32(e, 0x7f800000u), msh);
  uint32_t normal =
      u2(e, SpvOpBitwiseOr,
         u2(e, SpvOpShiftLeftLogical, u2(e, SpvOpIAdd, e5, cu32(e, 112)), cu32(e, 23)), msh);
  uint32_t msb = glsl(e, e->t_u32, GLSL_FIND_UMSB, m, 0, 1);
  uint32_t dexp = u2(e, SpvOpISub, u2(e, SpvOpIAdd, msb, cu32(e, 113)), mb.id);
  uint32_t dman = u2(e, SpvOpBitwiseAnd,
                     u2(e, SpvOpShiftLeftLogical, m,
                        u2(e, SpvOpBitwiseAnd, u2(e, SpvOpISub, cu32(e, 23), msb), cu32(e, 31))),
                     cu32(e, 0x7fffff));
  uint32_t den = u2(e, SpvOpBitwiseOr, u2(e, SpvOpShiftLeftLogical, dexp, cu32(e, 23)), dman);
  den = usel(e, ieq(e, m, 0), cu32(e, 0), den);
  uint32_t v = usel(e, ieq(e, e5, 31), infnan, usel(e, ieq(e, e5, 0), den, normal));
  if (!sgn) return v;
  uint32_t sbit = u2(e, SpvOpShiftLeftLogical,
                     u2(e, SpvOpBitwiseAnd, shr(e, r, nadd(e, mb, 5)), cu32(e, 1)), cu32(e, 31));
  return u2(e, SpvOpBitwiseOr, v, usel(e, sgn, sbit, cu32(e, 0)));
}

/* the mantissa width of a float field of N bits: binary16 10, the 11/10-bit floats N - 5 */
static struct num float_mb(struct emit *e, struct num n) {
  if (n.k >= 0) return kn(e, n.k == 16 ? 10 : n.k - 5);
  /* masked: a class that is not FLOAT (its n 2..32) or an absent component (n 0) computes
   * this path too, its result unused; the mask keeps every shift below 32 */
  uint32_t mb = usel(e, ieq(e, n.id, 16), cu32(e, 10), u2(e, SpvOpISub, n.id, cu32(e, 5)));
  return rn(u2(e, SpvOpBitwiseAnd, mb, cu32(e, 15)));
}

/* the raw field R (N bits) of a component of class CLS as its shader value */
static uint32_t decode_known(struct emit *e, enum ir_buffer_class cls, uint32_t r, struct num n) {
  switch (cls) {
    case IR_BUF_UNORM: return norm_value(e, r, n);
    case IR_BUF_SNORM: return snorm_value(e, sext(e, r, n), n);
    case IR_BUF_USCALED: return f32_bits_of_u32(e, r);
    case IR_BUF_SSCALED:
      e->float_used = true;
      return op1(e, SpvOpBitcast, e->t_u32, op1(e, SpvOpConvertSToF, e->t_f32, sext(e, r, n)));
    case IR_BUF_UINT: return r;
    case IR_BUF_SINT: return sext(e, r, n);
    default:
      if (n.k == 32) return r;
      return small_decode(e, r, float_mb(e, n), n.k == 16 ? spv_const_bool(&e->b, true) : 0);
  }
}

/* the same for a class CLS known at run time: every class computed, the right one selected */
static uint32_t decode_dynamic(struct emit *e, uint32_t cls, uint32_t r, struct num n) {
  uint32_t bl = e->t_bool;
  uint32_t is_snorm = ieq(e, cls, IR_BUF_SNORM);
  uint32_t signed_cls =
      op2(e, SpvOpLogicalOr, bl, is_snorm,
          op2(e, SpvOpLogicalOr, bl, ieq(e, cls, IR_BUF_SSCALED), ieq(e, cls, IR_BUF_SINT)));
  uint32_t s = sext(e, r, n), iv = usel(e, signed_cls, s, r);
  /* UNORM and SNORM through one pattern: |s| over n - 1 bits, or r over n */
  uint32_t neg = op2(e, SpvOpLogicalAnd, bl, is_snorm, b2(e, SpvOpSLessThan, s, cu32(e, 0)));
  uint32_t a = usel(e, neg, op1(e, SpvOpSNegate, e->t_u32, s), r);
  struct num m = rn(usel(e, is_snorm, u2(e, SpvOpISub, n.id, cu32(e, 1)), n.id));
  uint32_t nv = norm_value(e, a, m);
  nv = usel(e, neg, u2(e, SpvOpBitwiseOr, nv, cu32(e, 0x80000000u)), nv);
  nv = usel(e, op2(e, SpvOpLogicalAnd, bl, is_snorm, b2(e, SpvOpUGreaterThan, a, nmask(e, m).id)),
            cu32(e, fbits(-1.0f)), nv);
  e->float_used = true;
  uint32_t scaled = op1(e, SpvOpBitcast, e->t_u32, op1(e, SpvOpConvertSToF, e->t_f32, iv));
  uint32_t fl = small_decode(e, r, float_mb(e, n), ieq(e, n.id, 16));
  fl = usel(e, ieq(e, n.id, 32), r, fl);
  uint32_t is_int = op2(e, SpvOpLogicalOr, bl, ieq(e, cls, IR_BUF_UINT), ieq(e, cls, IR_BUF_SINT));
  uint32_t is_scaled =
      op2(e, SpvOpLogicalOr, bl, ieq(e, cls, IR_BUF_USCALED), ieq(e, cls, IR_BUF_SSCALED));
  return usel(e, is_int, iv,
              usel(e, is_scaled, scaled, usel(e, ieq(e, cls, IR_BUF_FLOAT), fl, nv)));
}

/* ---- encode ----------------------------------------------------------------------------- */

/* The bounds of a float -> integer class: scale K, largest result HI when x >= THI (f32
 * bits, positive), and for the signed classes (SGN a bool value, 0: unsigned) MINV when
 * -x >= TNEG; all u32 values. */
struct to_int {
  uint32_t k, hi, thi, sgn, tneg, minv;
};

/* f32 bits V -> round(x K) clamped (NaN 0), masked to N bits */
static uint32_t to_int_rounded(struct emit *e, uint32_t v, const struct to_int *b, struct num n) {
  uint32_t u64 = e->t_u64;
  uint32_t abs = u2(e, SpvOpBitwiseAnd, v, cu32(e, 0x7fffffffu));
  uint32_t neg = b2(e, SpvOpINotEqual, abs, v);
  uint32_t nan = b2(e, SpvOpUGreaterThan, abs, cu32(e, 0x7f800000u));
  uint32_t e8 = u2(e, SpvOpShiftRightLogical, abs, cu32(e, 23));
  uint32_t norm = b2(e, SpvOpINotEqual, e8, cu32(e, 0));
  uint32_t m = u2(e, SpvOpBitwiseOr, u2(e, SpvOpBitwiseAnd, abs, cu32(e, 0x7fffff)),
                  usel(e, norm, cu32(e, 0x800000), cu32(e, 0)));
  /* x = m 2^(e8' - 150), e8' = max(e8, 1); shift 150 - e8' kept in 1..63 (values outside
   * it are saturated below) */
  uint32_t s = u2(e, SpvOpISub, cu32(e, 150), usel(e, norm, e8, cu32(e, 1)));
  s = usel(e, b2(e, SpvOpSLessThan, s, cu32(e, 1)), cu32(e, 1), s);
  s = usel(e, b2(e, SpvOpSGreaterThan, s, cu32(e, 63)), cu32(e, 63), s);
  uint32_t p = op2(e, SpvOpIMul, u64, to_u64(e, m), to_u64(e, b->k));
  uint32_t a = op1(e, SpvOpUConvert, e->t_u32, round_shift(e, u64, p, s));
  uint32_t pos = usel(e, b2(e, SpvOpUGreaterThanEqual, abs, b->thi), b->hi, a);
  uint32_t r = pos;
  if (b->sgn) {
    uint32_t negr = usel(e, b2(e, SpvOpUGreaterThanEqual, abs, b->tneg), b->minv,
                         op1(e, SpvOpSNegate, e->t_u32, a));
    r = usel(e, neg, usel(e, b->sgn, negr, cu32(e, 0)), pos);
  } else {
    r = usel(e, neg, cu32(e, 0), pos);
  }
  return band(e, usel(e, nan, cu32(e, 0), r), nmask(e, n));
}

/* f32 bits V -> a small float of MB mantissa bits (signed when SGN, a bool value; 0:
 * unsigned), nearest even: overflow infinity, NaN the quiet NaN (with its sign when
 * signed), negative values 0 when unsigned */
static uint32_t small_encode(struct emit *e, uint32_t v, struct num mb, uint32_t sgn) {
  uint32_t abs = u2(e, SpvOpBitwiseAnd, v, cu32(e, 0x7fffffffu));
  uint32_t neg = b2(e, SpvOpINotEqual, abs, v);
  uint32_t nan = b2(e, SpvOpUGreaterThan, abs, cu32(e, 0x7f800000u));
  uint32_t e8 = u2(e, SpvOpShiftRightLogical, abs, cu32(e, 23));
  uint32_t m24 = u2(e, SpvOpBitwiseOr, u2(e, SpvOpBitwiseAnd, abs, cu32(e, 0x7fffff)),
                    usel(e, ieq(e, e8, 0), cu32(e, 0), cu32(e, 0x800000)));
  uint32_t inf = shl(e, cu32(e, 31), mb);
  uint32_t qnan = u2(e, SpvOpBitwiseOr, inf, shl(e, cu32(e, 1), nadd(e, mb, -1)));
  /* normal result (e8 >= 113): exponent e8 - 112 plus the rounded mantissa, whose carry
   * moves into the exponent; past the largest finite value infinity */
  uint32_t rnd = round_shift(e, e->t_u32, m24, nrsub(e, 23, mb).id);
  uint32_t rn_ =
      u2(e, SpvOpISub, u2(e, SpvOpIAdd, shl(e, u2(e, SpvOpISub, e8, cu32(e, 112)), mb), rnd),
         shl(e, cu32(e, 1), mb));
  rn_ = usel(e, b2(e, SpvOpUGreaterThan, rn_, inf), inf, rn_);
  /* subnormal result (e8 < 113): m24 2^(e8 - 150) in units of 2^(-14 - mb) */
  uint32_t ss = u2(e, SpvOpISub, nrsub(e, 136, mb).id, e8);
  ss = usel(e, b2(e, SpvOpUGreaterThan, ss, cu32(e, 31)), cu32(e, 31), ss);
  ss = usel(e, ieq(e, ss, 0), cu32(e, 1), ss);
  uint32_t rs = round_shift(e, e->t_u32, m24, ss);
  uint32_t mag = usel(e, b2(e, SpvOpUGreaterThanEqual, e8, cu32(e, 113)), rn_, rs);
  uint32_t sbit = shl(e, cu32(e, 1), nadd(e, mb, 5));
  uint32_t sign = usel(e, neg, sbit, cu32(e, 0));
  uint32_t res = usel(e, neg, cu32(e, 0), mag), qn = qnan;
  if (sgn) {
    res = usel(e, sgn, u2(e, SpvOpBitwiseOr, sign, mag), res);
    qn = usel(e, sgn, u2(e, SpvOpBitwiseOr, qnan, sign), qnan);
  }
  return usel(e, nan, qn, res);
}

/* the bounds of float -> integer class CLS (UNORM, SNORM, USCALED, SSCALED) of N bits */
static void to_int_known(struct emit *e, enum ir_buffer_class cls, int64_t n, struct to_int *b) {
  uint32_t full = (uint32_t)((1ll << n) - 1), half = full >> 1;
  bool norm = cls == IR_BUF_UNORM || cls == IR_BUF_SNORM;
  bool sgn = cls == IR_BUF_SNORM || cls == IR_BUF_SSCALED;
  uint32_t hi = sgn ? half : full;
  b->k = cu32(e, norm ? hi : 1);
  b->hi = cu32(e, hi);
  b->thi = cu32(e, norm ? fbits(1.0f) : fbits((float)hi));
  b->sgn = sgn ? spv_const_bool(&e->b, true) : 0;
  b->tneg = cu32(e, norm ? fbits(1.0f) : fbits((float)half + 1.0f));
  b->minv = cu32(e, norm ? -half : -half - 1);
}

static uint32_t encode_known(struct emit *e, enum ir_buffer_class cls, uint32_t v, struct num n) {
  struct num full = nmask(e, n);
  switch (cls) {
    case IR_BUF_UINT: return usel(e, b2(e, SpvOpUGreaterThan, v, full.id), full.id, v);
    case IR_BUF_SINT: {
      if (n.k >= 32) return v;
      uint32_t half = cu32(e, (uint32_t)(full.k >> 1)), low = cu32(e, ~(uint32_t)(full.k >> 1));
      uint32_t c = usel(e, b2(e, SpvOpSGreaterThan, v, half), half,
                        usel(e, b2(e, SpvOpSLessThan, v, low), low, v));
      return band(e, c, full);
    }
    case IR_BUF_FLOAT:
      if (n.k == 32) return v;
      return small_encode(e, v, float_mb(e, n), n.k == 16 ? spv_const_bool(&e->b, true) : 0);
    default: {
      struct to_int b;
      to_int_known(e, cls, n.k, &b);
      return to_int_rounded(e, v, &b, n);
    }
  }
}

static uint32_t encode_dynamic(struct emit *e, uint32_t cls, uint32_t v, struct num n) {
  uint32_t bl = e->t_bool;
  struct num fm = nmask(e, n);
  uint32_t full = fm.id, half = u2(e, SpvOpShiftRightLogical, full, cu32(e, 1));
  uint32_t low = op1(e, SpvOpNot, e->t_u32, half);
  uint32_t is_unorm = ieq(e, cls, IR_BUF_UNORM), is_snorm = ieq(e, cls, IR_BUF_SNORM);
  uint32_t is_sscaled = ieq(e, cls, IR_BUF_SSCALED);
  uint32_t norm = op2(e, SpvOpLogicalOr, bl, is_unorm, is_snorm);
  uint32_t sgn = op2(e, SpvOpLogicalOr, bl, is_snorm, is_sscaled);
  uint32_t hi = usel(e, sgn, half, full), one = cu32(e, fbits(1.0f));
  struct to_int b = {
      .k = usel(e, norm, hi, cu32(e, 1)),
      .hi = hi,
      .thi = usel(e, norm, one, f32_bits_of_u32(e, hi)),
      .sgn = sgn,
      .tneg = usel(e, norm, one, f32_bits_of_u32(e, u2(e, SpvOpIAdd, half, cu32(e, 1)))),
      .minv = usel(e, norm, op1(e, SpvOpSNegate, e->t_u32, half), low),
  };
  uint32_t rounded = to_int_rounded(e, v, &b, n);
  uint32_t ui = usel(e, b2(e, SpvOpUGreaterThan, v, full), full, v);
  uint32_t si = usel(e, b2(e, SpvOpSGreaterThan, v, half), half,
                     usel(e, b2(e, SpvOpSLessThan, v, low), low, v));
  uint32_t fl = small_encode(e, v, float_mb(e, n), ieq(e, n.id, 16));
  fl = usel(e, ieq(e, n.id, 32), v, fl);
  uint32_t r =
      usel(e, ieq(e, cls, IR_BUF_UINT), ui,
           usel(e, ieq(e, cls, IR_BUF_SINT), si, usel(e, ieq(e, cls, IR_BUF_FLOAT), fl, rounded)));
  return band(e, r, fm);
}

/* ---- formats ---------------------------------------------------------------------------- */

/* A format's row packed in a dword: components 2:0, class 5:3, widths of x..w in 6-bit
 * fields from bit 6 */
static uint32_t packed_row(uint32_t format) {
  struct ir_buffer_format f = ir_buffer_format_of(format);
  uint32_t d = f.comps | (uint32_t)f.cls << 3;
  for (unsigned c = 0; c < 4; c++) d |= (uint32_t)(f.bits[c] & 63) << (6 + 6 * c);
  return f.comps ? d : 0;
}

/* a Private u32 array variable of the N values V, initialised by one OpConstantComposite
 * (made on first use, from main: the entry point lists it as its interface from SPIR-V 1.4) */
static uint32_t private_table(struct emit *e, const uint32_t *v, uint32_t n, const char *name) {
  uint32_t arr = spv_type_array(&e->b, e->t_u32, n);
  uint32_t w0[2 + 512];
  w0[0] = arr;
  w0[1] = spv_id(&e->b);
  for (uint32_t k = 0; k < n; k++) w0[2 + k] = cu32(e, v[k]);
  spv_inst(&e->b, SPV_SEC_GLOBAL, SpvOpConstantComposite, w0, 2 + n);
  uint32_t id = spv_id(&e->b);
  uint32_t w[4] = {spv_type_pointer(&e->b, SpvStorageClassPrivate, arr), id, SpvStorageClassPrivate,
                   w0[1]};
  spv_inst(&e->b, SPV_SEC_GLOBAL, SpvOpVariable, w, 4);
  spv_name(&e->b, id, name);
  if (e->b.version >= 0x00010400) {
    if (e->niface < sizeof e->iface / sizeof *e->iface) e->iface[e->niface++] = id;
    else e->b.failed = true;
  }
  return id;
}

/* element I (a u32 id) of the Private table T */
static uint32_t table_load(struct emit *e, uint32_t t, uint32_t i) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassPrivate, e->t_u32);
  uint32_t w[2] = {t, i};
  return op1(e, SpvOpLoad, e->t_u32, spv_op(&e->b, SpvOpAccessChain, pt, w, 2));
}

uint32_t spirv_private_table(struct emit *e, const uint32_t *v, uint32_t n, const char *name) {
  return private_table(e, v, n, name);
}
uint32_t spirv_table_load(struct emit *e, uint32_t t, uint32_t i) { return table_load(e, t, i); }

/* the packed row of run-time format FORMAT from the module's table of the
 * IR_BUFFER_FORMAT_ROWS rows (values past it: row 0, no components) */
static void table_row_prepare(struct emit *e) {
  if (e->format_table) return;
  uint32_t rows[IR_BUFFER_FORMAT_ROWS];
  for (uint32_t v = 0; v < IR_BUFFER_FORMAT_ROWS; v++) rows[v] = packed_row(v);
  e->format_table = private_table(e, rows, IR_BUFFER_FORMAT_ROWS, "buffer_formats");
}
static uint32_t table_row(struct emit *e, uint32_t format) {
  table_row_prepare(e);
  uint32_t in = b2(e, SpvOpULessThan, format, cu32(e, IR_BUFFER_FORMAT_ROWS));
  return table_load(e, e->format_table, usel(e, in, format, cu32(e, 0)));
}

/* SRGB (docs/shader-spirv.md, "SRGB formats"): the module's table of the 256 decode values
 * (f32 bits, ir_srgb_to_linear) then the 255 encode thresholds (ir_srgb_threshold) */
uint32_t spirv_format_srgb_table(struct emit *e) {
  if (!e->srgb_table) {
    uint32_t v[511];
    for (uint32_t k = 0; k < 256; k++) v[k] = fbits(ir_srgb_to_linear(k));
    for (uint32_t j = 0; j < 255; j++) v[256 + j] = fbits(ir_srgb_threshold(j));
    e->srgb_table = private_table(e, v, 511, "srgb");
  }
  return e->srgb_table;
}

/* an SRGB colour field R (0..255) as its linear f32 bits */
static uint32_t srgb_decode(struct emit *e, uint32_t r) {
  return table_load(e, spirv_format_srgb_table(e), u2(e, SpvOpBitwiseAnd, r, cu32(e, 255)));
}

/* f32 bits V to an SRGB colour field: the number of thresholds <= V (a binary search; NaN 0) */
static uint32_t srgb_encode(struct emit *e, uint32_t v) {
  e->float_used = true;
  uint32_t t = spirv_format_srgb_table(e), x = op1(e, SpvOpBitcast, e->t_f32, v), lo = cu32(e, 0);
  for (uint32_t step = 128; step; step >>= 1) {
    uint32_t th = table_load(e, t, u2(e, SpvOpIAdd, lo, cu32(e, 256 + step - 1)));
    uint32_t ge = b2(e, SpvOpFOrdGreaterThanEqual, x, op1(e, SpvOpBitcast, e->t_f32, th));
    lo = usel(e, ge, u2(e, SpvOpIAdd, lo, cu32(e, step)), lo);
  }
  return lo;
}

bool spirv_format_known(struct emit *e, uint32_t format, struct spirv_format *f) {
  memset(f, 0, sizeof *f);
  f->f = ir_buffer_format_of(format);
  if (!f->f.comps) return false;
  f->known = true;
  f->valid = spv_const_bool(&e->b, true);
  f->cls = cu32(e, f->f.cls);
  uint32_t lo = 0;
  for (unsigned c = 0; c < 4; c++) {
    f->bits[c] = cu32(e, c < f->f.comps ? f->f.bits[c] : 0);
    f->lo[c] = cu32(e, lo);
    if (c < f->f.comps) lo += f->f.bits[c];
  }
  f->bytes64 = cu64(e, ir_buffer_format_bytes(&f->f));
  return true;
}

void spirv_format_dynamic(struct emit *e, uint32_t format, struct spirv_format *f) {
  memset(f, 0, sizeof *f);
  uint32_t row = table_row(e, format);
  f->valid = b2(e, SpvOpINotEqual, bits32(e, row, 0, 3), cu32(e, 0));
  f->cls = bits32(e, row, 3, 3);
  uint32_t lo = cu32(e, 0);
  for (unsigned c = 0; c < 4; c++) {
    f->bits[c] = bits32(e, row, 6 + 6 * c, 6);
    f->lo[c] = lo;
    lo = u2(e, SpvOpIAdd, lo, f->bits[c]);
  }
  f->bytes64 = to_u64(e, u2(e, SpvOpShiftRightLogical, lo, cu32(e, 3)));
}

uint32_t spirv_format_one(struct emit *e, const struct spirv_format *f) {
  if (f->known)
    return cu32(e, f->f.cls == IR_BUF_UINT || f->f.cls == IR_BUF_SINT ? 1 : fbits(1.0f));
  uint32_t is_int =
      op2(e, SpvOpLogicalOr, e->t_bool, ieq(e, f->cls, IR_BUF_UINT), ieq(e, f->cls, IR_BUF_SINT));
  return usel(e, is_int, cu32(e, 1), cu32(e, fbits(1.0f)));
}

void spirv_format_decode(struct emit *e, const struct spirv_format *f, const uint32_t raw[4],
                         uint32_t out[4]) {
  uint32_t one = spirv_format_one(e, f);
  for (unsigned c = 0; c < 4; c++) {
    uint32_t missing = c == 3 ? one : cu32(e, 0);
    if (f->known) {
      if (c >= f->f.comps) {
        out[c] = missing;
        continue;
      }
      uint32_t lo = 0;
      for (unsigned k = 0; k < c; k++) lo += f->f.bits[k];
      struct num n = kn(e, f->f.bits[c]);
      uint32_t r = band(e, shr(e, raw[lo / 32], kn(e, lo % 32)), nmask(e, n));
      out[c] = decode_known(e, (enum ir_buffer_class)f->f.cls, r, n);
      continue;
    }
    /* the dword holding the component (no component crosses a dword) */
    uint32_t dw = u2(e, SpvOpShiftRightLogical, f->lo[c], cu32(e, 5));
    uint32_t w = usel(e, ieq(e, dw, 3), raw[3],
                      usel(e, ieq(e, dw, 2), raw[2], usel(e, ieq(e, dw, 1), raw[1], raw[0])));
    struct num n = rn(f->bits[c]);
    uint32_t r = u2(e, SpvOpBitwiseAnd,
                    u2(e, SpvOpShiftRightLogical, w, u2(e, SpvOpBitwiseAnd, f->lo[c], cu32(e, 31))),
                    nmask(e, n).id);
    uint32_t v = decode_dynamic(e, f->cls, r, n);
    if (f->srgb) /* x, y, z through the EOTF, w UNORM */
      v = usel(e, ieq(e, f->cls, IR_BUF_SRGB),
               c == 3 ? norm_value(e, r, kn(e, 8)) : srgb_decode(e, r), v);
    out[c] = usel(e, ieq(e, f->bits[c], 0), missing, v);
  }
}

void spirv_format_encode(struct emit *e, const struct spirv_format *f, const uint32_t in[4],
                         uint32_t raw[4]) {
  for (unsigned k = 0; k < 4; k++) raw[k] = cu32(e, 0);
  for (unsigned c = 0; c < 4; c++) {
    if (f->known) {
      if (c >= f->f.comps) break;
      uint32_t lo = 0;
      for (unsigned k = 0; k < c; k++) lo += f->f.bits[k];
      uint32_t v = encode_known(e, (enum ir_buffer_class)f->f.cls, in[c], kn(e, f->f.bits[c]));
      v = shl(e, v, kn(e, lo % 32));
      raw[lo / 32] = lo % 32 ? u2(e, SpvOpBitwiseOr, raw[lo / 32], v) : v;
      continue;
    }
    uint32_t v = encode_dynamic(e, f->cls, in[c], rn(f->bits[c])); /* 0 when absent */
    if (f->srgb) { /* x, y, z through the thresholds, w UNORM */
      uint32_t sv = c == 3 ? encode_dynamic(e, cu32(e, IR_BUF_UNORM), in[c], rn(f->bits[c]))
                           : srgb_encode(e, in[c]);
      uint32_t is = op2(e, SpvOpLogicalAnd, e->t_bool, ieq(e, f->cls, IR_BUF_SRGB),
                        b2(e, SpvOpINotEqual, f->bits[c], cu32(e, 0)));
      v = usel(e, is, sv, v);
    }
    v = u2(e, SpvOpShiftLeftLogical, v, u2(e, SpvOpBitwiseAnd, f->lo[c], cu32(e, 31)));
    uint32_t dw = u2(e, SpvOpShiftRightLogical, f->lo[c], cu32(e, 5));
    for (unsigned k = 0; k < 4; k++)
      raw[k] = u2(e, SpvOpBitwiseOr, raw[k], usel(e, ieq(e, dw, k), v, cu32(e, 0)));
  }
}

static uint32_t is_int_class(struct emit *e, const struct spirv_format *f) {
  if (f->known) return spv_const_bool(&e->b, f->f.cls == IR_BUF_UINT || f->f.cls == IR_BUF_SINT);
  return op2(e, SpvOpLogicalOr, e->t_bool, ieq(e, f->cls, IR_BUF_UINT),
             ieq(e, f->cls, IR_BUF_SINT));
}

uint32_t spirv_format_to_d16(struct emit *e, const struct spirv_format *f, uint32_t v) {
  uint32_t lo16 = u2(e, SpvOpBitwiseAnd, v, cu32(e, 0xffff));
  if (f->known && (f->f.cls == IR_BUF_UINT || f->f.cls == IR_BUF_SINT)) return lo16;
  uint32_t h = small_encode(e, v, kn(e, 10), spv_const_bool(&e->b, true));
  return f->known ? h : usel(e, is_int_class(e, f), lo16, h);
}

uint32_t spirv_format_from_d16(struct emit *e, const struct spirv_format *f, uint32_t v) {
  uint32_t lo16 = u2(e, SpvOpBitwiseAnd, v, cu32(e, 0xffff));
  uint32_t s16 = sext(e, lo16, kn(e, 16));
  if (f->known && f->f.cls == IR_BUF_UINT) return lo16;
  if (f->known && f->f.cls == IR_BUF_SINT) return s16;
  uint32_t w = small_decode(e, lo16, kn(e, 10), spv_const_bool(&e->b, true));
  if (f->known) return w;
  return usel(e, ieq(e, f->cls, IR_BUF_SINT), s16, usel(e, ieq(e, f->cls, IR_BUF_UINT), lo16, w));
}

/* ---- the buffer accesses ---------------------------------------------------------------- */

bool spirv_format_supports(enum ir_op op) {
  return op == IR_OP_load_buffer_fmt || op == IR_OP_store_buffer_fmt;
}

/* The element's bytes: *BYTES (compile time; 0: up to 16 at run time) */
static uint32_t element_bytes(const struct spirv_format *f) {
  return f->known ? ir_buffer_format_bytes(&f->f) : 0;
}

/* Loads the element of F at device address D for a lane whose access happens when GO: the
 * dwords holding it, read at 4-byte aligned addresses (a dword holding a byte of a mapped
 * range lies in it: ranges and their device addresses are 4-byte aligned), joined; a lane
 * that does not go reads its junk dword and gets 0. */
static void load_element(struct emit *e, const struct spirv_format *f, uint32_t d, uint32_t go,
                         uint32_t raw[4]) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t nb = element_bytes(f);
  uint32_t a3 = u2(e, SpvOpBitwiseAnd, op1(e, SpvOpUConvert, u32, d), cu32(e, 3));
  uint32_t sh = u2(e, SpvOpShiftLeftLogical, a3, cu32(e, 3));
  uint32_t base = op2(e, SpvOpBitwiseAnd, u64, d, cu64(e, ~3ull));
  uint32_t span = u2(e, SpvOpIAdd, a3, nb ? cu32(e, nb) : op1(e, SpvOpUConvert, u32, f->bytes64));
  uint32_t nd = nb ? (nb + 6) / 4 : 5, w[5];
  for (uint32_t i = 0; i < nd; i++) { /* dword i holds a byte of the element */
    uint32_t need =
        i == 0 ? go : op2(e, SpvOpLogicalAnd, bl, go, b2(e, SpvOpULessThan, cu32(e, 4 * i), span));
    uint32_t at = sel(e, u64, need, i ? add64(e, base, cu64(e, 4 * i)) : base, e->junk);
    w[i] = usel(e, need, spirv_psb_load(e, at), cu32(e, 0));
  }
  uint32_t aligned = ieq(e, a3, 0);
  uint32_t back = u2(e, SpvOpBitwiseAnd, u2(e, SpvOpISub, cu32(e, 32), sh), cu32(e, 31));
  for (uint32_t j = 0; j < 4; j++) {
    if (j >= nd || (nb && 4 * j >= nb)) {
      raw[j] = cu32(e, 0);
      continue;
    }
    uint32_t next = j + 1 < nd ? w[j + 1] : cu32(e, 0);
    uint32_t joined = u2(e, SpvOpBitwiseOr, u2(e, SpvOpShiftRightLogical, w[j], sh),
                         u2(e, SpvOpShiftLeftLogical, next, back));
    raw[j] = usel(e, aligned, w[j], joined);
  }
}

/* Stores the element's dwords RAW at device address D for a lane whose access happens when
 * GO: dword stores at a 4-byte aligned address, byte stores otherwise (and for 1- and
 * 2-byte elements), so the bytes next to the element — other lanes' elements — are never
 * written; a lane that does not go writes its junk dword. */
static void store_element(struct emit *e, const struct spirv_format *f, uint32_t d, uint32_t go,
                          const uint32_t raw[4]) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t nb = element_bytes(f);
  uint32_t bytes = nb ? cu32(e, nb) : op1(e, SpvOpUConvert, u32, f->bytes64);
  uint32_t aligned = ieq(e, u2(e, SpvOpBitwiseAnd, op1(e, SpvOpUConvert, u32, d), cu32(e, 3)), 0);
  uint32_t whole = b2(e, SpvOpUGreaterThanEqual, bytes, cu32(e, 4));
  uint32_t dwords = op2(e, SpvOpLogicalAnd, bl, go, op2(e, SpvOpLogicalAnd, bl, aligned, whole));
  uint32_t by_byte = op2(e, SpvOpLogicalAnd, bl, go, op1(e, SpvOpLogicalNot, bl, dwords));
  for (uint32_t j = 0; j < 4 && (!nb || (nb >= 4 && 4 * j < nb)); j++) {
    uint32_t p =
        nb ? dwords
           : op2(e, SpvOpLogicalAnd, bl, dwords, b2(e, SpvOpULessThan, cu32(e, 4 * j), bytes));
    spirv_psb_store(e, sel(e, u64, p, j ? add64(e, d, cu64(e, 4 * j)) : d, e->junk), raw[j]);
  }
  for (uint32_t i = 0; i < (nb ? nb : 16); i++) {
    uint32_t p =
        nb ? by_byte
           : op2(e, SpvOpLogicalAnd, bl, by_byte, b2(e, SpvOpULessThan, cu32(e, i), bytes));
    uint32_t at = sel(e, u64, p, i ? add64(e, d, cu64(e, i)) : d,
                      i % 4 ? add64(e, e->junk, cu64(e, i % 4)) : e->junk);
    uint32_t v =
        i % 4 ? u2(e, SpvOpShiftRightLogical, raw[i / 4], cu32(e, 8 * (i % 4))) : raw[i / 4];
    spirv_psb_store_bytes(e, at, v, 1);
  }
}

/* ---- the run-time format's helper functions --------------------------------------------- */

/* A V#'s format known at run time is decoded and encoded by functions emitted once per module
 * and called at each access (main keeps only the addressing and the memory accesses):
 *   size (format) -> the element's bytes (0: a format without components)
 *   load, load_d16 (V# word 3, the element's dwords r0..r3, in range, active) -> the four
 *     components after dst_sel (and D16), 0 for an inactive lane, as f32
 *   store, store_d16 (format, the four data components as f32) -> the element's dwords */
enum { FN_SIZE, FN_LOAD, FN_LOAD_D16, FN_STORE, FN_STORE_D16, FORMAT_FNS };
_Static_assert(FORMAT_FNS == sizeof((struct emit *)0)->format_fn / sizeof(uint32_t),
               "format_fn size");
static const char *const fn_names[FORMAT_FNS] = {"buffer_format_size", "buffer_format_load",
                                                 "buffer_format_load_d16", "buffer_format_store",
                                                 "buffer_format_store_d16"};

static uint32_t format_fn(struct emit *e, unsigned k) {
  table_row_prepare(e); /* listed in the entry point's interface before main ends */
  e->float_used = true;
  if (!e->format_fn[k]) e->format_fn[k] = spv_id(&e->b);
  return e->format_fn[k];
}

/* The format of an access: the immediate's (MTBUF) or the V#'s (word 3 bits 18:12; at run
 * time only its element size and validity are set up here, through the size helper). False
 * (refused) for an immediate format without components. *D3: the V#'s word 3. */
static bool access_format(struct emit *e, const struct ir_inst *in, uint32_t vsharp,
                          struct spirv_format *f, uint32_t *d3) {
  uint32_t w[2] = {vsharp, 3};
  *d3 = spv_op(&e->b, SpvOpCompositeExtract, e->t_u32, w, 2);
  uint32_t imm = (uint32_t)(in->imm & 0x7f);
  if (imm) {
    if (spirv_format_known(e, imm, f)) return true;
    unsupported(e, "%s with the reserved buffer format %u", ir_op_infos[in->op].name, imm);
    return false;
  }
  memset(f, 0, sizeof *f);
  uint32_t c[2] = {format_fn(e, FN_SIZE), bits32(e, *d3, 12, 7)};
  uint32_t bytes = spv_op(&e->b, SpvOpFunctionCall, e->t_u32, c, 2);
  f->valid = b2(e, SpvOpINotEqual, bytes, cu32(e, 0));
  f->bytes64 = to_u64(e, bytes);
  return true;
}

/* The loaded components C of F through dst_sel (V# word 3 D3, 3 bits per component: 0 zero, 1
 * one, 4..7 x..w, only when OK), then D16, 0 when not ACTIVE: V, f32 values */
static void components(struct emit *e, const struct spirv_format *f, uint32_t d3, uint32_t ok,
                       uint32_t active, bool d16, const uint32_t c[4], uint32_t v[4]) {
  uint32_t bl = e->t_bool;
  uint32_t one = spirv_format_one(e, f);
  for (unsigned k = 0; k < 4; k++) {
    uint32_t s = bits32(e, d3, 3 * k, 3), q = u2(e, SpvOpBitwiseAnd, s, cu32(e, 3));
    uint32_t pick =
        usel(e, ieq(e, q, 3), c[3], usel(e, ieq(e, q, 2), c[2], usel(e, ieq(e, q, 1), c[1], c[0])));
    uint32_t comp = op2(e, SpvOpLogicalAnd, bl, ok, b2(e, SpvOpUGreaterThanEqual, s, cu32(e, 4)));
    uint32_t r = usel(e, ieq(e, s, 1), one, usel(e, comp, pick, cu32(e, 0)));
    if (d16) r = spirv_format_to_d16(e, f, r);
    r = usel(e, active, r, cu32(e, 0)); /* an inactive lane: 0 */
    v[k] = op1(e, SpvOpBitcast, e->t_f32, r);
  }
}

/* The element's dwords RAW of F for the data DATA (v4f32; D16: halves widened first) */
static void store_values(struct emit *e, const struct spirv_format *f, uint32_t data, bool d16,
                         uint32_t raw[4]) {
  uint32_t c[4];
  for (unsigned k = 0; k < 4; k++) {
    uint32_t w[2] = {data, k};
    c[k] = op1(e, SpvOpBitcast, e->t_u32, spv_op(&e->b, SpvOpCompositeExtract, e->t_f32, w, 2));
    if (d16) c[k] = spirv_format_from_d16(e, f, c[k]);
  }
  spirv_format_encode(e, f, c, raw);
}

/* spirv_format_decode for a run-time format as a loop over the format's components, in the
 * load helper: one copy of the conversions rather than four (lavapipe inlines the helper at
 * each call, and the loop's count is known only at run time, so it stays a loop). The
 * components go to VAR (a function variable of 4 dwords); ENTRY is the current block. */
static void decode_loop(struct emit *e, const struct spirv_format *f, uint32_t format,
                        const uint32_t raw[4], uint32_t var, uint32_t entry, uint32_t out[4]) {
  uint32_t u32 = e->t_u32, pt = spv_type_pointer(&e->b, SpvStorageClassFunction, u32);
  uint32_t row = table_row(e, format);
  uint32_t comps = bits32(e, row, 0, 3);
  uint32_t one = spirv_format_one(e, f);
  for (unsigned c = 0; c < 4; c++) { /* components the format lacks: x, y, z 0, w one */
    uint32_t w[2] = {var, cu32(e, c)},
             st[2] = {spv_op(&e->b, SpvOpAccessChain, pt, w, 2), c == 3 ? one : cu32(e, 0)};
    inst(e, SpvOpStore, st, 2);
  }
  uint32_t head = spv_id(&e->b), body = spv_id(&e->b), cont = spv_id(&e->b), merge = spv_id(&e->b);
  uint32_t i = spv_id(&e->b), lo = spv_id(&e->b), i1 = spv_id(&e->b), lo1 = spv_id(&e->b);
  inst(e, SpvOpBranch, &head, 1);
  inst(e, SpvOpLabel, &head, 1);
  uint32_t pi[6] = {u32, i, cu32(e, 0), entry, i1, cont};
  inst(e, SpvOpPhi, pi, 6);
  uint32_t pl[6] = {u32, lo, cu32(e, 0), entry, lo1, cont};
  inst(e, SpvOpPhi, pl, 6);
  uint32_t more = b2(e, SpvOpULessThan, i, comps);
  uint32_t lm[3] = {merge, cont, SpvLoopControlMaskNone};
  inst(e, SpvOpLoopMerge, lm, 3);
  uint32_t bc[3] = {more, body, merge};
  inst(e, SpvOpBranchConditional, bc, 3);
  inst(e, SpvOpLabel, &body, 1);
  /* component i: its width from the row, the dword holding it (no component crosses one) */
  uint32_t n = u2(e, SpvOpBitwiseAnd,
                  u2(e, SpvOpShiftRightLogical, row,
                     u2(e, SpvOpIAdd, cu32(e, 6), u2(e, SpvOpIMul, i, cu32(e, 6)))),
                  cu32(e, 63));
  uint32_t dw = u2(e, SpvOpShiftRightLogical, lo, cu32(e, 5));
  uint32_t wd = usel(e, ieq(e, dw, 3), raw[3],
                     usel(e, ieq(e, dw, 2), raw[2], usel(e, ieq(e, dw, 1), raw[1], raw[0])));
  uint32_t r = u2(e, SpvOpBitwiseAnd,
                  u2(e, SpvOpShiftRightLogical, wd, u2(e, SpvOpBitwiseAnd, lo, cu32(e, 31))),
                  nmask(e, rn(n)).id);
  uint32_t aw[2] = {var, u2(e, SpvOpBitwiseAnd, i, cu32(e, 3))};
  uint32_t st[2] = {spv_op(&e->b, SpvOpAccessChain, pt, aw, 2),
                    decode_dynamic(e, f->cls, r, rn(n))};
  inst(e, SpvOpStore, st, 2);
  inst(e, SpvOpBranch, &cont, 1);
  inst(e, SpvOpLabel, &cont, 1);
  uint32_t a1[4] = {u32, i1, i, cu32(e, 1)};
  inst(e, SpvOpIAdd, a1, 4);
  uint32_t a2[4] = {u32, lo1, lo, n};
  inst(e, SpvOpIAdd, a2, 4);
  inst(e, SpvOpBranch, &head, 1);
  inst(e, SpvOpLabel, &merge, 1);
  for (unsigned c = 0; c < 4; c++) {
    uint32_t w[2] = {var, cu32(e, c)};
    out[c] = op1(e, SpvOpLoad, u32, spv_op(&e->b, SpvOpAccessChain, pt, w, 2));
  }
}

void spirv_format_fn_bodies(struct emit *e) {
  for (unsigned k = 0; k < FORMAT_FNS; k++) {
    uint32_t fn = e->format_fn[k];
    if (!fn) continue;
    uint32_t u32 = e->t_u32, bl = e->t_bool;
    bool load = k == FN_LOAD || k == FN_LOAD_D16, d16 = k == FN_LOAD_D16 || k == FN_STORE_D16;
    uint32_t ret = k == FN_SIZE ? u32 : load ? e->t_v4f32 : e->t_v4u32;
    uint32_t pt[7] = {u32, u32, u32, u32, u32, bl, bl}, np = load ? 7 : k == FN_SIZE ? 1 : 2;
    if (!load && k != FN_SIZE) pt[1] = e->t_v4f32;
    uint32_t f[4] = {ret, fn, SpvFunctionControlMaskNone, spv_type_function(&e->b, ret, pt, np)};
    inst(e, SpvOpFunction, f, 4);
    spv_name(&e->b, fn, fn_names[k]);
    uint32_t p[7];
    for (uint32_t i = 0; i < np; i++) p[i] = param(e, pt[i]);
    uint32_t entry = spv_id(&e->b);
    inst(e, SpvOpLabel, &entry, 1);
    uint32_t arr = 0, var = 0;
    if (load) { /* the decoded components (a function variable: first in the entry block) */
      arr = spv_type_pointer(&e->b, SpvStorageClassFunction, spv_type_array(&e->b, u32, 4));
      var = spv_id(&e->b);
      uint32_t vw[3] = {arr, var, SpvStorageClassFunction};
      inst(e, SpvOpVariable, vw, 3);
    }
    struct spirv_format fm;
    spirv_format_dynamic(e, load ? bits32(e, p[0], 12, 7) : p[0], &fm);
    uint32_t r;
    if (k == FN_SIZE) {
      r = op1(e, SpvOpUConvert, u32, fm.bytes64);
    } else if (load) {
      uint32_t c[4], v[4];
      decode_loop(e, &fm, bits32(e, p[0], 12, 7), p + 1, var, entry, c);
      components(e, &fm, p[0], p[5], p[6], d16, c, v);
      r = spv_op(&e->b, SpvOpCompositeConstruct, ret, v, 4);
    } else {
      uint32_t raw[4];
      store_values(e, &fm, p[1], d16, raw);
      r = spv_op(&e->b, SpvOpCompositeConstruct, ret, raw, 4);
    }
    inst(e, SpvOpReturnValue, &r, 1);
    inst(e, SpvOpFunctionEnd, NULL, 0);
  }
}

/* load_buffer_fmt (V#, index, offset, active) and store_buffer_fmt (V#, index, offset,
 * data, active); imm: format | IR_FMT_D16. The whole element is range checked (all or
 * nothing); a run-time format without components (0, 78..127; the interpreter stops there)
 * is out of range. */
bool spirv_emit_format(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_function *fn = e->fn;
  const struct ir_inst *in = &fn->insts[id];
  if (!spirv_format_supports((enum ir_op)in->op)) return false;
  const uint32_t *args = ir_inst_args(fn, id);
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  bool store = in->op == IR_OP_store_buffer_fmt, d16 = (in->imm & IR_FMT_D16) != 0;
  struct spirv_format f;
  uint32_t d3;
  if (!access_format(e, in, a[0], &f, &d3)) return true;
  uint32_t ok, addr;
  spirv_buffer_access(e, args, f.bytes64, &ok, &addr);
  ok = op2(e, SpvOpLogicalAnd, bl, ok, f.valid);
  uint32_t active = a[store ? 4 : 3];
  uint32_t go = op2(e, SpvOpLogicalAnd, bl, active, ok);
  uint32_t d = spirv_guest_addr_n(e, addr, f.bytes64, &go);
  uint32_t raw[4], c[4];
  if (store) {
    if (f.known) {
      store_values(e, &f, a[3], d16, raw);
    } else { /* the helper */
      uint32_t w[3] = {format_fn(e, d16 ? FN_STORE_D16 : FN_STORE), bits32(e, d3, 12, 7), a[3]};
      uint32_t r = spv_op(&e->b, SpvOpFunctionCall, e->t_v4u32, w, 3);
      for (unsigned k = 0; k < 4; k++) {
        uint32_t x[2] = {r, k};
        raw[k] = spv_op(&e->b, SpvOpCompositeExtract, u32, x, 2);
      }
    }
    spirv_write_begin(e);
    store_element(e, &f, d, go, raw);
    spirv_write_end(e);
    return true;
  }
  load_element(e, &f, d, go, raw);
  if (!f.known) { /* the helper: decode and components */
    uint32_t w[8] = {
        format_fn(e, d16 ? FN_LOAD_D16 : FN_LOAD), d3, raw[0], raw[1], raw[2], raw[3], ok, active};
    def(e, SpvOpFunctionCall, e->t_v4f32, e->val[id], w, 8);
  } else {
    spirv_format_decode(e, &f, raw, c);
    uint32_t v[4];
    components(e, &f, d3, ok, active, d16, c, v);
    def(e, SpvOpCompositeConstruct, e->t_v4f32, e->val[id], v, 4);
  }
  e->fenced = false;
  return true;
}
