/* dfma (v_fma_f64, v_div_fmas_f64's core): a * b + c in f64 rounded once to nearest even,
 * exactly, on integers (docs/shader-float.md): Vulkan does not promise a fused f64 Fma, and
 * a device may flush f64 denormals, so no float arithmetic is used at all.
 *
 * |a| = A 2^ea, |b| = B 2^eb, |c| = C 2^ec with 53-bit A, B, C (denormals normalised). The
 * product A B (106 bits, OpUMulExtended) and C are placed in 128-bit integers with their top
 * bit at 125; the one of lower exponent is shifted right by the difference, the bits it loses
 * ORed into its lowest bit (they are lost only when the shift passes 20 bits, and then the
 * sum's rounding position lies 70 bits above that bit, so the rounding is the exact one).
 * Same signs add, different signs subtract the smaller from the larger (an exact zero is +0).
 * The sum R 2^e0 is rounded at 53 bits, or at 2^-1074 below the normal range, with the round
 * and sticky bits read from R; the rounded significand plus the exponent field gives the
 * bits, a carry out of the significand moving the exponent (up to infinity) by itself.
 * Special operands as ir_float_fma64: the first NaN in operand order quieted, inf * 0 and
 * inf - inf the default NaN, signed zeros by the IEEE rules.
 *
 * The directed f64 round modes (MODE 3:2; spirv_emit_round.c: dadd as a * 1 + c, dmul as
 * a * b + -0, dfma) round the same sum R once in their direction: one step away from zero
 * when the round or sticky bit is set and the direction points away from zero on R's side;
 * an overflow is inf only that way, else the largest finite value; an exact zero sum is -0
 * toward -inf. */
#include "gpu/shader/spirv/spirv_emit_internal.h"

struct u128 {
  uint32_t lo, hi; /* u64 ids */
};

static uint32_t u64c(struct emit *e, uint64_t v) { return cu64(e, v); }
static uint32_t bop(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  return op2(e, op, e->t_bool, a, b);
}
static uint32_t lop(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  return op2(e, op, e->t_u64, a, b);
}
/* a u64 shift by a u32 amount (0..63) */
static uint32_t shl(struct emit *e, uint32_t v, uint32_t s) {
  return lop(e, SpvOpShiftLeftLogical, v, to_u64(e, s));
}
static uint32_t shr(struct emit *e, uint32_t v, uint32_t s) {
  return lop(e, SpvOpShiftRightLogical, v, to_u64(e, s));
}
static uint32_t u32sel(struct emit *e, uint32_t c, uint32_t a, uint32_t b) {
  return sel(e, e->t_u32, c, a, b);
}
static uint32_t u64sel(struct emit *e, uint32_t c, uint32_t a, uint32_t b) {
  return sel(e, e->t_u64, c, a, b);
}
static struct u128 sel128(struct emit *e, uint32_t c, struct u128 a, struct u128 b) {
  return (struct u128){u64sel(e, c, a.lo, b.lo), u64sel(e, c, a.hi, b.hi)};
}

/* X >> S (S a u32 in 0..: 128 and more give 0) */
static struct u128 rshift(struct emit *e, struct u128 x, uint32_t s) {
  uint32_t u32 = e->t_u32, zero = u64c(e, 0);
  uint32_t big = bop(e, SpvOpUGreaterThanEqual, s, cu32(e, 64));
  uint32_t s_lo = op2(e, SpvOpBitwiseAnd, u32, s, cu32(e, 63));
  uint32_t nz = op2(e, SpvOpINotEqual, e->t_bool, s_lo, cu32(e, 0));
  /* s < 64: lo = lo >> s | hi << (64 - s) (no hi part when s is 0), hi >>= s */
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 64), s_lo), cu32(e, 63));
  uint32_t lo_small =
      lop(e, SpvOpBitwiseOr, shr(e, x.lo, s_lo), u64sel(e, nz, shl(e, x.hi, back), zero));
  struct u128 small = {lo_small, shr(e, x.hi, s_lo)};
  struct u128 large = {shr(e, x.hi, s_lo), zero}; /* 64 <= s < 128 */
  struct u128 r = sel128(e, big, large, small);
  return sel128(e, bop(e, SpvOpUGreaterThanEqual, s, cu32(e, 128)), (struct u128){zero, zero}, r);
}

/* whether the bits of X below bit K are not all zero (K a u32; 128 and more: X != 0) */
static uint32_t low_nonzero(struct emit *e, struct u128 x, uint32_t k) {
  uint32_t u32 = e->t_u32, zero = u64c(e, 0), bl = e->t_bool;
  uint32_t k_lo = op2(e, SpvOpBitwiseAnd, u32, k, cu32(e, 63));
  uint32_t mask = lop(e, SpvOpISub, shl(e, u64c(e, 1), k_lo), u64c(e, 1)); /* 2^(k mod 64) - 1 */
  uint32_t lo_nz = bop(e, SpvOpINotEqual, x.lo, zero);
  uint32_t below64 = bop(e, SpvOpINotEqual, lop(e, SpvOpBitwiseAnd, x.lo, mask), zero);
  uint32_t above64 = op2(e, SpvOpLogicalOr, bl, lo_nz,
                         bop(e, SpvOpINotEqual, lop(e, SpvOpBitwiseAnd, x.hi, mask), zero));
  uint32_t all = op2(e, SpvOpLogicalOr, bl, lo_nz, bop(e, SpvOpINotEqual, x.hi, zero));
  uint32_t r = sel(e, bl, bop(e, SpvOpULessThan, k, cu32(e, 64)), below64, above64);
  return sel(e, bl, bop(e, SpvOpUGreaterThanEqual, k, cu32(e, 128)), all, r);
}

/* X << S for S in 0..63 where nothing leaves the top */
static struct u128 lshift(struct emit *e, struct u128 x, uint32_t s) {
  uint32_t u32 = e->t_u32;
  uint32_t nz = op2(e, SpvOpINotEqual, e->t_bool, s, cu32(e, 0));
  uint32_t back = op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 64), s), cu32(e, 63));
  uint32_t hi =
      lop(e, SpvOpBitwiseOr, shl(e, x.hi, s), u64sel(e, nz, shr(e, x.lo, back), u64c(e, 0)));
  return (struct u128){shl(e, x.lo, s), hi};
}

static uint32_t msb128(struct emit *e, struct u128 x) { /* of a nonzero X */
  uint32_t u32 = e->t_u32;
  return u32sel(e, bop(e, SpvOpINotEqual, x.hi, u64c(e, 0)),
                op2(e, SpvOpIAdd, u32, spirv_exact_msb64(e, x.hi), cu32(e, 64)),
                spirv_exact_msb64(e, x.lo));
}

static uint32_t ge128(struct emit *e, struct u128 a, struct u128 b) {
  uint32_t bl = e->t_bool;
  return op2(e, SpvOpLogicalOr, bl, bop(e, SpvOpUGreaterThan, a.hi, b.hi),
             op2(e, SpvOpLogicalAnd, bl, bop(e, SpvOpIEqual, a.hi, b.hi),
                 bop(e, SpvOpUGreaterThanEqual, a.lo, b.lo)));
}

/* the general case: a, b nonzero and finite, c finite (maybe zero); ROUND 0 nearest even, 1
 * toward +inf, 2 toward -inf, 3 toward zero */
static uint32_t fma_finite(struct emit *e, uint32_t ua, uint32_t ub, uint32_t uc, unsigned round) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  const uint64_t sign = 1ull << 63;
  uint32_t A, ea, B, eb, C, ec;
  spirv_exact_f64_parts(e, lop(e, SpvOpBitwiseAnd, ua, u64c(e, ~sign)), &A, &ea);
  spirv_exact_f64_parts(e, lop(e, SpvOpBitwiseAnd, ub, u64c(e, ~sign)), &B, &eb);
  spirv_exact_f64_parts(e, lop(e, SpvOpBitwiseAnd, uc, u64c(e, ~sign)), &C, &ec);
  uint32_t cz = bop(e, SpvOpIEqual, lop(e, SpvOpBitwiseAnd, uc, u64c(e, ~sign)), u64c(e, 0));
  uint32_t sp = lop(e, SpvOpBitwiseAnd, lop(e, SpvOpBitwiseXor, ua, ub), u64c(e, sign));
  uint32_t sc = lop(e, SpvOpBitwiseAnd, uc, u64c(e, sign));
  /* P = A B with its top bit (104 or 105) moved to 125 */
  struct u128 p;
  spirv_exact_mulx(e, A, B, &p.lo, &p.hi);
  uint32_t top105 =
      bop(e, SpvOpINotEqual, lop(e, SpvOpBitwiseAnd, p.hi, u64c(e, 1ull << 41)), u64c(e, 0));
  uint32_t ps = u32sel(e, top105, cu32(e, 20), cu32(e, 21));
  p = lshift(e, p, ps);
  uint32_t ep = op2(e, SpvOpISub, u32, op2(e, SpvOpIAdd, u32, ea, eb), ps);
  /* C with its top bit (52) at 125: C << 73; a zero C never leads */
  struct u128 c = {u64c(e, 0), lop(e, SpvOpShiftLeftLogical, C, u64c(e, 9))};
  uint32_t ecs = op2(e, SpvOpISub, u32, ec, cu32(e, 73));
  uint32_t p_leads = op2(e, SpvOpLogicalOr, bl, cz, bop(e, SpvOpSGreaterThanEqual, ep, ecs));
  struct u128 x = sel128(e, p_leads, p, c), y = sel128(e, p_leads, c, p);
  uint32_t sx = u64sel(e, p_leads, sp, sc), sy = u64sel(e, p_leads, sc, sp);
  uint32_t e0 = u32sel(e, p_leads, ep, ecs);
  uint32_t d = op2(e, SpvOpISub, u32, e0, u32sel(e, p_leads, ecs, ep)); /* >= 0 */
  d = u32sel(e, cz, cu32(e, 200), d);                                   /* a zero C: gone */
  d = u32sel(e, bop(e, SpvOpUGreaterThan, d, cu32(e, 200)), cu32(e, 200), d);
  uint32_t lost = low_nonzero(e, y, d);
  y = rshift(e, y, d);
  y.lo = lop(e, SpvOpBitwiseOr, y.lo, u64sel(e, lost, u64c(e, 1), u64c(e, 0)));
  y = sel128(e, cz, (struct u128){u64c(e, 0), u64c(e, 0)}, y);
  /* same signs: X + Y; else the larger minus the smaller */
  uint32_t same = bop(e, SpvOpIEqual, sx, sy);
  uint32_t slo = lop(e, SpvOpIAdd, x.lo, y.lo);
  struct u128 sum = {slo,
                     lop(e, SpvOpIAdd, lop(e, SpvOpIAdd, x.hi, y.hi),
                         u64sel(e, bop(e, SpvOpULessThan, slo, x.lo), u64c(e, 1), u64c(e, 0)))};
  uint32_t xge = ge128(e, x, y);
  struct u128 big = sel128(e, xge, x, y), small = sel128(e, xge, y, x);
  struct u128 diff = {
      lop(e, SpvOpISub, big.lo, small.lo),
      lop(e, SpvOpISub, lop(e, SpvOpISub, big.hi, small.hi),
          u64sel(e, bop(e, SpvOpULessThan, big.lo, small.lo), u64c(e, 1), u64c(e, 0)))};
  struct u128 r = sel128(e, same, sum, diff);
  uint32_t rs = u64sel(e, same, sx, u64sel(e, xge, sx, sy));
  uint32_t rzero = op2(e, SpvOpLogicalAnd, bl, bop(e, SpvOpIEqual, r.lo, u64c(e, 0)),
                       bop(e, SpvOpIEqual, r.hi, u64c(e, 0)));
  /* rounding position: 53 bits below the top, or 2^-1074 */
  uint32_t t = msb128(e, sel128(e, rzero, (struct u128){u64c(e, 1), u64c(e, 0)}, r));
  uint32_t biased = op2(e, SpvOpIAdd, u32, op2(e, SpvOpIAdd, u32, t, e0), cu32(e, 1023));
  uint32_t sh_n = op2(e, SpvOpISub, u32, t, cu32(e, 52));
  uint32_t sh_d = op2(e, SpvOpISub, u32, cu32(e, (uint32_t)-1074), e0);
  uint32_t sh = u32sel(e, bop(e, SpvOpSGreaterThan, sh_d, sh_n), sh_d, sh_n);
  uint32_t right = bop(e, SpvOpSGreaterThan, sh, cu32(e, 0));
  uint32_t shc = u32sel(e, bop(e, SpvOpSGreaterThan, sh, cu32(e, 200)), cu32(e, 200), sh);
  uint32_t q_r = rshift(e, r, u32sel(e, right, shc, cu32(e, 0))).lo;
  uint32_t k = op2(e, SpvOpISub, u32, u32sel(e, right, shc, cu32(e, 1)), cu32(e, 1));
  struct u128 rb = rshift(e, r, k); /* the round bit is bit 0 */
  uint32_t rbit =
      op2(e, SpvOpLogicalAnd, bl, right,
          bop(e, SpvOpINotEqual, lop(e, SpvOpBitwiseAnd, rb.lo, u64c(e, 1)), u64c(e, 0)));
  uint32_t sticky = op2(e, SpvOpLogicalAnd, bl, right, low_nonzero(e, r, k));
  uint32_t odd = bop(e, SpvOpINotEqual, lop(e, SpvOpBitwiseAnd, q_r, u64c(e, 1)), u64c(e, 0));
  /* a directed mode: one step away from zero when bits were dropped and the direction
   * points away from zero on the result's side; overflow then gives inf only that way */
  uint32_t neg = bop(e, SpvOpINotEqual, rs, u64c(e, 0));
  uint32_t away = round == 0   ? spv_const_bool(&e->b, true)
                  : round == 1 ? op1(e, SpvOpLogicalNot, bl, neg)
                  : round == 2 ? neg
                               : spv_const_bool(&e->b, false);
  uint32_t up = round == 0
                    ? op2(e, SpvOpLogicalAnd, bl, rbit, op2(e, SpvOpLogicalOr, bl, sticky, odd))
                    : op2(e, SpvOpLogicalAnd, bl, away, op2(e, SpvOpLogicalOr, bl, rbit, sticky));
  q_r = lop(e, SpvOpIAdd, q_r, u64sel(e, up, u64c(e, 1), u64c(e, 0)));
  uint32_t lsh = op2(e, SpvOpBitwiseAnd, u32, op1(e, SpvOpSNegate, u32, sh), cu32(e, 63));
  uint32_t q_l = lshift(e, r, lsh).lo; /* exact: a cancellation left few bits */
  uint32_t q = u64sel(e, right, q_r, q_l);
  uint32_t normal = bop(e, SpvOpSGreaterThanEqual, biased, cu32(e, 1));
  uint32_t field = u32sel(e, normal, op2(e, SpvOpISub, u32, biased, cu32(e, 1)), cu32(e, 0));
  uint32_t bits =
      lop(e, SpvOpIAdd, lop(e, SpvOpShiftLeftLogical, to_u64(e, field), u64c(e, 52)), q);
  bits =
      u64sel(e, bop(e, SpvOpSGreaterThanEqual, biased, cu32(e, 2047)),
             u64sel(e, away, u64c(e, 0x7ff0000000000000ull), u64c(e, 0x7fefffffffffffffull)), bits);
  bits = lop(e, SpvOpBitwiseOr, bits, rs);
  (void)u64;
  /* an exact zero (a cancellation): +0, -0 toward -inf (IEEE 754 6.3) */
  return u64sel(e, rzero, u64c(e, round == 2 ? 1ull << 63 : 0), bits);
}

uint32_t spirv_exact_dfma(struct emit *e, uint32_t a, uint32_t b, uint32_t c) {
  return spirv_exact_dfma_round(e, a, b, c, 0, false);
}

uint32_t spirv_exact_dfma_round(struct emit *e, uint32_t a, uint32_t b, uint32_t c, unsigned round,
                                bool mul) {
  uint32_t u64 = e->t_u64, bl = e->t_bool;
  const uint64_t sign = 1ull << 63, inf = 0x7ff0000000000000ull, qnan = 0x7ff8000000000000ull;
  uint32_t ua = op1(e, SpvOpBitcast, u64, a), ub = op1(e, SpvOpBitcast, u64, b),
           uc = op1(e, SpvOpBitcast, u64, c);
  uint32_t ma = lop(e, SpvOpBitwiseAnd, ua, u64c(e, ~sign)),
           mb = lop(e, SpvOpBitwiseAnd, ub, u64c(e, ~sign)),
           mc = lop(e, SpvOpBitwiseAnd, uc, u64c(e, ~sign));
  uint32_t nan_a = bop(e, SpvOpUGreaterThan, ma, u64c(e, inf)),
           nan_b = bop(e, SpvOpUGreaterThan, mb, u64c(e, inf)),
           nan_c = bop(e, SpvOpUGreaterThan, mc, u64c(e, inf));
  uint32_t inf_a = bop(e, SpvOpIEqual, ma, u64c(e, inf)),
           inf_b = bop(e, SpvOpIEqual, mb, u64c(e, inf)),
           inf_c = bop(e, SpvOpIEqual, mc, u64c(e, inf));
  uint32_t z_a = bop(e, SpvOpIEqual, ma, u64c(e, 0)), z_b = bop(e, SpvOpIEqual, mb, u64c(e, 0)),
           z_c = bop(e, SpvOpIEqual, mc, u64c(e, 0));
  uint32_t sp = lop(e, SpvOpBitwiseAnd, lop(e, SpvOpBitwiseXor, ua, ub), u64c(e, sign));
  uint32_t sc = lop(e, SpvOpBitwiseAnd, uc, u64c(e, sign));
  uint32_t r = fma_finite(e, ua, ub, uc, round);
  /* a or b zero (the others finite): the product is an exact signed zero; its sum with a
   * zero c is -0 when both are -0, or toward -inf when either is (a product alone, MUL,
   * keeps its own sign) */
  uint32_t zs =
      round == 2 && !mul ? lop(e, SpvOpBitwiseOr, sp, sc) : lop(e, SpvOpBitwiseAnd, sp, sc);
  uint32_t zero_sum = u64sel(e, z_c, zs, uc);
  r = u64sel(e, op2(e, SpvOpLogicalOr, bl, z_a, z_b), zero_sum, r);
  r = u64sel(e, inf_c, uc, r); /* c infinite, the product finite */
  /* an infinite product: itself, or the default NaN against the opposite infinity */
  uint32_t pinf = op2(e, SpvOpLogicalOr, bl, inf_a, inf_b);
  uint32_t clash = op2(e, SpvOpLogicalAnd, bl, inf_c, bop(e, SpvOpINotEqual, sp, sc));
  r = u64sel(e, pinf, u64sel(e, clash, u64c(e, qnan), lop(e, SpvOpBitwiseOr, sp, u64c(e, inf))), r);
  /* inf * 0 */
  uint32_t invalid = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpLogicalAnd, bl, inf_a, z_b),
                         op2(e, SpvOpLogicalAnd, bl, z_a, inf_b));
  r = u64sel(e, invalid, u64c(e, qnan), r);
  /* NaN operands: the first, quieted */
  uint32_t q = u64c(e, 1ull << 51);
  r = u64sel(e, nan_c, lop(e, SpvOpBitwiseOr, uc, q), r);
  r = u64sel(e, nan_b, lop(e, SpvOpBitwiseOr, ub, q), r);
  r = u64sel(e, nan_a, lop(e, SpvOpBitwiseOr, ua, q), r);
  return op1(e, SpvOpBitcast, spv_type_float(&e->b, 64), r);
}
