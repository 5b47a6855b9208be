/* f32 arithmetic under a directed f32 round mode (FLOAT_MODE / MODE bits 1:0 = 1 toward +inf,
 * 2 toward -inf, 3 toward zero; docs/shader-float.md, "Float modes"). Vulkan has no directed
 * rounding of arithmetic (SPV_KHR_float_controls offers RTE and RTZ execution modes, which
 * lavapipe does not support, and nothing toward +-inf), so each operation is computed
 * exactly as the RNE sequences of spirv_emit_exact.c are: the f32 operands widened to f64 on
 * the bits, the exact result rounded to odd in f64 (a product of two f32 values is exact in
 * f64; a sum's rounding error is recovered by 2Sum), then one directed rounding to f32 on
 * the bits. A value rounded to odd with at least two more bits than the target rounds in
 * any mode as the exact value would (Boldo and Melquiond, IEEE TC 2008). The f64 arithmetic
 * only ever sees normal numbers or zeros, so neither the device's denormal mode nor its
 * rounding mode matters.
 *
 * Operations: fadd, fsub, fmul, ffma, fldexp (an exact f64 product), cvt_f32_u32/i32 (exact
 * in f64); frcp and fsqrt from their nearest-even result R (spirv_emit_float.c) and the exact
 * side of the true value: the sign of 1 - a R (exact in f64: a 48-bit product near 1,
 * Sterbenz) times the sign of a, or a against R^2 (exact), then R or its neighbour on that
 * side. A reciprocal whose nearest-even result is inf rounds to the largest finite value
 * toward zero (no f32 lies between the largest finite value and 2^128 for 1/a to hit). NaN rule
 * (ir_round.c): the first NaN operand quieted, an invalid operation 0x7fc00000. An exact zero sum
 * of operands that are not both +0 is -0 toward -inf (IEEE 754 6.3), +0 otherwise (what the f64 sum
 * gives). */
#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

static uint32_t t_f64(struct emit *e) { return spv_type_float(&e->b, 64); }
static uint32_t cf64(struct emit *e, uint64_t bits) { return spv_const64(&e->b, t_f64(e), bits); }
static uint32_t ubits(struct emit *e, uint32_t f) { return op1(e, SpvOpBitcast, e->t_u32, f); }
static uint32_t is_nan(struct emit *e, uint32_t u) {
  return op2(e, SpvOpUGreaterThan, e->t_bool,
             op2(e, SpvOpBitwiseAnd, e->t_u32, u, cu32(e, 0x7fffffffu)), cu32(e, 0x7f800000u));
}
static uint32_t quiet(struct emit *e, uint32_t u) {
  return op2(e, SpvOpBitwiseOr, e->t_u32, u, cu32(e, 0x400000u));
}

/* the NaN rule over the operands' bits U[0..N-1] and the computed bits R */
static uint32_t nan_rule(struct emit *e, uint32_t r, const uint32_t *u, unsigned n) {
  r = sel(e, e->t_u32, is_nan(e, r), cu32(e, 0x7fc00000u), r);
  for (unsigned i = n; i-- > 0;) r = sel(e, e->t_u32, is_nan(e, u[i]), quiet(e, u[i]), r);
  return r;
}

/* toward -inf, an exact zero sum P + C (S the f64 result) is -0 unless both are +0 */
static uint32_t zero_sign(struct emit *e, uint32_t r, uint32_t s, uint32_t p, uint32_t c) {
  uint32_t u64 = e->t_u64, bl = e->t_bool;
  uint32_t zero =
      op2(e, SpvOpIEqual, bl,
          op2(e, SpvOpBitwiseAnd, u64, op1(e, SpvOpBitcast, u64, s), cu64(e, ~(1ull << 63))),
          cu64(e, 0));
  uint32_t both_pos =
      op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, op1(e, SpvOpBitcast, u64, p), cu64(e, 0)),
          op2(e, SpvOpIEqual, bl, op1(e, SpvOpBitcast, u64, c), cu64(e, 0)));
  uint32_t neg_zero = op2(e, SpvOpLogicalAnd, bl, zero, op1(e, SpvOpLogicalNot, bl, both_pos));
  return sel(e, e->t_u32, neg_zero, cu32(e, 0x80000000u), r);
}

bool spirv_emit_round(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  unsigned mode = IR_MODE_VALUE(e->modes[id]), round = mode & 3;
  unsigned round16 = (mode >> 2) & 3;
  if (round16 && ir_float_round16_op((enum ir_op)in->op)) { /* the f16/f64 round field */
    uint32_t v, t = e->t_u32, f64 = t_f64(e);
    e->float_used = true;
    switch ((enum ir_op)in->op) {
      case IR_OP_cvt_f16_f32: v = spirv_f32_to_half(e, a[0], round16); break;
      case IR_OP_hadd:
      case IR_OP_hmul:
      case IR_OP_hfma:
        v = spirv_half_round(e, (enum ir_op)in->op, a, round16);
        e->float64_used = true;
        break;
      case IR_OP_dadd: /* a * 1 + c */
        v = spirv_exact_dfma_round(e, a[0], cf64(e, 0x3ff0000000000000ull), a[1], round16, false);
        t = f64;
        break;
      case IR_OP_dsqrt:
        v = spirv_exact_dsqrt_round(e, a[0], round16);
        t = f64;
        break;
      case IR_OP_drcp:
        v = spirv_exact_drcp_round(e, a[0], round16);
        t = f64;
        break;
      case IR_OP_drsq:
        v = spirv_exact_drsq_round(e, a[0], round16);
        t = f64;
        break;
      case IR_OP_dmul: /* a * b + -0 */
        v = spirv_exact_dfma_round(e, a[0], a[1], cf64(e, 1ull << 63), round16, true);
        t = f64;
        break;
      default:
        v = spirv_exact_dfma_round(e, a[0], a[1], a[2], round16, false);
        t = f64;
        break;
    }
    if (t == f64) e->float64_used = true;
    def(e, SpvOpCopyObject, t, e->val[id], &v, 1);
    return true;
  }
  if (!round || !ir_float_round32_op((enum ir_op)in->op)) return false;
  uint32_t u32 = e->t_u32, f64 = t_f64(e), r;
  e->float_used = true;
  e->float64_used = true;
  switch ((enum ir_op)in->op) {
    case IR_OP_cvt_f32_u32:
    case IR_OP_cvt_f32_i32: {
      SpvOp cv = in->op == IR_OP_cvt_f32_u32 ? SpvOpConvertUToF : SpvOpConvertSToF;
      r = spirv_exact_narrow_round(e, op1(e, cv, f64, a[0]), round);
      break;
    }
    case IR_OP_cvt_f32_f64: { /* one directed narrowing of the f64 bits (NaN: quieted, as RNE) */
      r = spirv_exact_narrow_round(e, a[0], round);
      /* a nonzero f64 denormal (which the narrowing reads as 0) is the smallest f32
       * denormal of its sign when rounding away from zero on its side, else a zero */
      uint32_t bl = e->t_bool, u64 = e->t_u64, ub = op1(e, SpvOpBitcast, u64, a[0]);
      uint32_t mag = op2(e, SpvOpBitwiseAnd, u64, ub, cu64(e, ~(1ull << 63)));
      uint32_t den = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpINotEqual, bl, mag, cu64(e, 0)),
                         op2(e, SpvOpULessThan, bl, mag, cu64(e, 1ull << 52)));
      uint32_t neg = op2(e, SpvOpUGreaterThanEqual, bl, ub, cu64(e, 1ull << 63));
      uint32_t away = round == 1   ? op1(e, SpvOpLogicalNot, bl, neg)
                      : round == 2 ? neg
                                   : spv_const_bool(&e->b, false);
      uint32_t sgn = sel(e, u32, neg, cu32(e, 0x80000000u), cu32(e, 0));
      r = sel(e, u32, den,
              op2(e, SpvOpBitwiseOr, u32, sgn, sel(e, u32, away, cu32(e, 1), cu32(e, 0))), r);
      break;
    }
    case IR_OP_fexp2: /* the f64 algorithm narrowed in the direction, the side rule at +-1 */
    case IR_OP_flog2:
    case IR_OP_fsin:
    case IR_OP_fcos:
      r = ubits(e, spirv_exact_transcendental_round(e, (enum ir_op)in->op, a[0], round));
      break;
    case IR_OP_frsq: /* the nearest-even result moved to the exact value's side */
      r = ubits(e, spirv_exact_rsq32_round(e, a[0], round));
      break;
    case IR_OP_ffract: { /* S0 - floor(S0): exact in f64 but for a in (-2^-29, 0), where
                            every direction gives the cap below; narrowed in the direction */
      uint32_t bl = e->t_bool, ua = ubits(e, a[0]), x = spirv_exact_widen(e, ua);
      uint32_t d = op2(e, SpvOpFSub, f64, x, glsl(e, f64, GLSLstd450Floor, x, 0, 1));
      spv_decorate(&e->b, d, SpvDecorationNoContraction, NULL, 0);
      r = spirv_exact_narrow_round(e, d, round);
      r = sel(e, u32, op2(e, SpvOpUGreaterThan, bl, r, cu32(e, 0x3f7fffffu)), cu32(e, 0x3f7fffffu),
              r);     /* 1.0 (no negative result) */
      if (round == 2) /* an integer: x - x is -0 toward -inf */
        r = sel(e, u32, op2(e, SpvOpIEqual, bl, r, cu32(e, 0)), cu32(e, 0x80000000u), r);
      uint32_t mag = op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu));
      r = sel(e, u32, op2(e, SpvOpIEqual, bl, mag, cu32(e, 0x7f800000u)), cu32(e, 0x7fc00000u), r);
      r = nan_rule(e, r, &ua, 1);
      break;
    }
    case IR_OP_fldexp: { /* a * 2^n, n clamped to +-400 (every f32 over- or underflows past it) */
      uint32_t bl = e->t_bool, n = a[1], lo = cu32(e, (uint32_t)-400), hi = cu32(e, 400);
      n = sel(e, u32, op2(e, SpvOpSLessThan, bl, n, lo), lo, n);
      n = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, n, hi), hi, n);
      uint32_t biased = to_u64(e, op2(e, SpvOpIAdd, u32, n, cu32(e, 1023)));
      uint32_t scale =
          op1(e, SpvOpBitcast, f64, op2(e, SpvOpShiftLeftLogical, e->t_u64, biased, cu64(e, 52)));
      uint32_t ua = ubits(e, a[0]);
      uint32_t p = op2(e, SpvOpFMul, f64, spirv_exact_widen(e, ua), scale);
      spv_decorate(&e->b, p, SpvDecorationNoContraction, NULL, 0);
      r = nan_rule(e, spirv_exact_narrow_round(e, p, round), &ua, 1);
      break;
    }
    case IR_OP_frcp:
    case IR_OP_fsqrt: {
      bool rcp = in->op == IR_OP_frcp;
      uint32_t bl = e->t_bool, ua = ubits(e, a[0]), a64 = spirv_exact_widen(e, ua);
      uint32_t rn = ubits(e, rcp ? spirv_exact_rcp32(e, a[0]) : spirv_exact_sqrt32(e, a[0]));
      uint32_t r64 = spirv_exact_widen(e, rn), zero = cf64(e, 0);
      uint32_t rneg = op2(e, SpvOpUGreaterThanEqual, bl, rn, cu32(e, 0x80000000u));
      uint32_t above, below; /* the exact value lies above / below RN */
      if (rcp) {
        uint32_t p = op2(e, SpvOpFMul, f64, a64, r64);
        spv_decorate(&e->b, p, SpvDecorationNoContraction, NULL, 0);
        uint32_t d = op2(e, SpvOpFSub, f64, cf64(e, 0x3ff0000000000000ull), p);
        spv_decorate(&e->b, d, SpvDecorationNoContraction, NULL, 0);
        uint32_t dpos = op2(e, SpvOpFOrdGreaterThan, bl, d, zero);
        uint32_t dneg = op2(e, SpvOpFOrdLessThan, bl, d, zero);
        uint32_t aneg = op2(e, SpvOpUGreaterThanEqual, bl, ua, cu32(e, 0x80000000u));
        above = sel(e, bl, aneg, dneg, dpos);
        below = sel(e, bl, aneg, dpos, dneg);
      } else {
        uint32_t sq = op2(e, SpvOpFMul, f64, r64, r64);
        spv_decorate(&e->b, sq, SpvDecorationNoContraction, NULL, 0);
        above = op2(e, SpvOpFOrdGreaterThan, bl, a64, sq);
        below = op2(e, SpvOpFOrdLessThan, bl, a64, sq);
      }
      /* one step toward +inf / -inf on the bits of a finite nonzero RN */
      uint32_t inc = op2(e, SpvOpIAdd, u32, rn, cu32(e, 1)),
               dec = op2(e, SpvOpISub, u32, rn, cu32(e, 1));
      uint32_t up = sel(e, u32, rneg, dec, inc), down = sel(e, u32, rneg, inc, dec);
      uint32_t mag = op2(e, SpvOpBitwiseAnd, u32, rn, cu32(e, 0x7fffffffu));
      uint32_t regular = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpINotEqual, bl, mag, cu32(e, 0)),
                             op2(e, SpvOpULessThan, bl, mag, cu32(e, 0x7f800000u)));
      uint32_t to_pos = round == 1   ? above
                        : round == 2 ? spv_const_bool(&e->b, false)
                                     : op2(e, SpvOpLogicalAnd, bl, rneg, above);
      uint32_t to_neg = round == 2 ? below
                        : round == 1
                            ? spv_const_bool(&e->b, false)
                            : op2(e, SpvOpLogicalAnd, bl, op1(e, SpvOpLogicalNot, bl, rneg), below);
      r = sel(e, u32, to_pos, up, sel(e, u32, to_neg, down, rn));
      r = sel(e, u32, regular, r, rn);
      if (rcp) { /* inf from a finite nonzero a: the largest finite value unless rounding away */
        uint32_t amag = op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu));
        uint32_t finite_a =
            op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpINotEqual, bl, amag, cu32(e, 0)),
                op2(e, SpvOpULessThan, bl, amag, cu32(e, 0x7f800000u)));
        uint32_t inf = op2(e, SpvOpIEqual, bl, mag, cu32(e, 0x7f800000u));
        uint32_t away = round == 1   ? op1(e, SpvOpLogicalNot, bl, rneg)
                        : round == 2 ? rneg
                                     : spv_const_bool(&e->b, false);
        uint32_t clamp = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpLogicalAnd, bl, finite_a, inf),
                             op1(e, SpvOpLogicalNot, bl, away));
        r = sel(e, u32, clamp,
                op2(e, SpvOpBitwiseOr, u32, op2(e, SpvOpBitwiseAnd, u32, rn, cu32(e, 0x80000000u)),
                    cu32(e, 0x7f7fffffu)),
                r);
      }
      break;
    }
    default: { /* fadd fsub fmul ffma: P + C rounded to odd, P exact */
      uint32_t u[3] = {ubits(e, a[0]), ubits(e, a[1]), in->op == IR_OP_ffma ? ubits(e, a[2]) : 0};
      uint32_t x = spirv_exact_widen(e, u[0]), y = spirv_exact_widen(e, u[1]), p, c;
      if (in->op == IR_OP_fmul) {
        p = op2(e, SpvOpFMul, f64, x, y);
        c = cf64(e, 1ull << 63); /* -0: P + -0 is P, zeros included */
      } else if (in->op == IR_OP_ffma) {
        p = op2(e, SpvOpFMul, f64, x, y);
        c = spirv_exact_widen(e, u[2]);
      } else {
        p = x;
        c = in->op == IR_OP_fsub
                ? spirv_exact_widen(e, op2(e, SpvOpBitwiseXor, u32, u[1], cu32(e, 0x80000000u)))
                : y;
      }
      spv_decorate(&e->b, p, SpvDecorationNoContraction, NULL, 0);
      uint32_t s = spirv_exact_fma_odd64(e, p, cf64(e, 0x3ff0000000000000ull), c);
      r = spirv_exact_narrow_round(e, s, round);
      if (round == 2 && in->op != IR_OP_fmul) r = zero_sign(e, r, s, p, c);
      r = nan_rule(e, r, u, in->op == IR_OP_ffma ? 3 : 2);
      break;
    }
  }
  uint32_t v = op1(e, SpvOpBitcast, e->t_f32, r);
  def(e, SpvOpCopyObject, e->t_f32, e->val[id], &v, 1);
  return true;
}
