/* 64-bit and 16-bit float operations of the IR (docs/shader-spirv.md, "Float semantics"). Each one
 * is exact in SPIR-V as Vulkan defines it (add, subtract, multiply and conversions correctly
 * rounded; floor, ceil, trunc, round-even exact; neg/abs on the bits), so the module
 * computes what the interpreter does (ir_interp.c) for every input but denormals, which
 * only a device with shaderDenormPreserveFloat64 keeps (the module then declares it).
 *
 * f16 values live in the low 16 bits of a u32 (as the IR's 16-bit integers), so no Float16
 * capability or f16 denormal mode is involved: a half widens to f32 exactly (on the bits),
 * hadd/hmul/hmin/hmax compute in f32 and round once more to f16 on the bits, nearest even
 * (or toward zero for cvt_f16_f32_rtz). Rounding an f32 sum or product of halves again to
 * f16 gives the correctly rounded f16 result because f32 carries 24 >= 2 * 11 + 2 bits
 * (the double-rounding bound for +, -, *), and those f32 results are never denormal
 * (|x| >= 2^-48 or 0), so a device that flushes f32 denormals computes them exactly too.
 * NaN: widening keeps sign and payload; narrowing gives the quiet NaN 0x7e00 with the sign
 * (ir_small_float_bits). */
#include <stdio.h>

#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

static uint32_t t_f64(struct emit *e) { return spv_type_float(&e->b, 64); }

/* f16 bits (low 16 of a u32) -> f32, exact */
static uint32_t half_to_f32(struct emit *e, uint32_t h) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, f32 = e->t_f32;
  uint32_t sign = op2(e, SpvOpShiftLeftLogical, u32,
                      op2(e, SpvOpBitwiseAnd, u32, h, cu32(e, 0x8000)), cu32(e, 16));
  uint32_t he = bits32(e, h, 10, 5), hm = bits32(e, h, 0, 10);
  uint32_t mant = op2(e, SpvOpShiftLeftLogical, u32, hm, cu32(e, 13));
  uint32_t normal =
      op2(e, SpvOpBitwiseOr, u32,
          op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpIAdd, u32, he, cu32(e, 112)), cu32(e, 23)),
          mant);
  uint32_t special = op2(e, SpvOpBitwiseOr, u32, cu32(e, 0x7f800000u), mant);
  /* subnormal: hm * 2^-24, exact in f32 (a normal number) */
  uint32_t sub = op1(e, SpvOpBitcast, u32,
                     op2(e, SpvOpFMul, f32, op1(e, SpvOpConvertUToF, f32, hm), cf32(e, 0x1p-24f)));
  uint32_t mag = sel(e, u32, op2(e, SpvOpIEqual, bl, he, cu32(e, 31)), special,
                     sel(e, u32, op2(e, SpvOpIEqual, bl, he, cu32(e, 0)), sub, normal));
  return op1(e, SpvOpBitcast, f32, op2(e, SpvOpBitwiseOr, u32, sign, mag));
}

/* f32 -> f16 bits rounded by ROUND (0 nearest even, as ir_small_float_bits; 1 toward +inf,
 * 2 toward -inf, 3 toward zero, as ir_round.c's half_directed): the magnitude shifted onto the
 * f16 grid, the dropped bits deciding one step away from zero; past the largest finite
 * value inf (nearest even, or a direction away from zero on this side) or 0x7bff */
uint32_t spirv_f32_to_half(struct emit *e, uint32_t f, unsigned round) {
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  uint32_t u = op1(e, SpvOpBitcast, u32, f);
  uint32_t sign = op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpShiftRightLogical, u32, u, cu32(e, 16)),
                      cu32(e, 0x8000));
  uint32_t fe = bits32(e, u, 23, 8), fm = bits32(e, u, 0, 23);
  /* the significand with its implicit bit (none for zeros and denormals, which round to 0
   * or, rounding away, to the smallest half: their exponent is treated as 1) */
  uint32_t full =
      op2(e, SpvOpBitwiseOr, u32, fm,
          sel(e, u32, op2(e, SpvOpIEqual, bl, fe, cu32(e, 0)), cu32(e, 0), cu32(e, 0x800000)));
  /* right shift that leaves the f16 mantissa (with its implicit bit): 13 for a normal
   * half, more below 2^-14 (fe < 113): sh = 126 - fe, capped (0 past 25) */
  uint32_t below = op2(e, SpvOpULessThan, bl, fe, cu32(e, 113));
  uint32_t sh_sub = op2(e, SpvOpISub, u32, cu32(e, 126), fe);
  uint32_t zero_sub = op2(e, SpvOpUGreaterThan, bl, sh_sub, cu32(e, 25));
  uint32_t sh = sel(e, u32, below, sel(e, u32, zero_sub, cu32(e, 25), sh_sub), cu32(e, 13));
  uint32_t kept = op2(e, SpvOpShiftRightLogical, u32, full, sh);
  uint32_t mask =
      op2(e, SpvOpISub, u32, op2(e, SpvOpShiftLeftLogical, u32, cu32(e, 1), sh), cu32(e, 1));
  uint32_t dropped = op2(e, SpvOpBitwiseAnd, u32, full, mask);
  uint32_t up, away;
  uint32_t neg = op2(e, SpvOpINotEqual, bl, sign, cu32(e, 0));
  if (round == 0) {
    uint32_t halfway =
        op2(e, SpvOpShiftLeftLogical, u32, cu32(e, 1), op2(e, SpvOpISub, u32, sh, cu32(e, 1)));
    uint32_t odd =
        op2(e, SpvOpINotEqual, bl, op2(e, SpvOpBitwiseAnd, u32, kept, cu32(e, 1)), cu32(e, 0));
    up = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpUGreaterThan, bl, dropped, halfway),
             op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, dropped, halfway), odd));
    away = spv_const_bool(&e->b, true);
  } else {
    away = round == 1   ? op1(e, SpvOpLogicalNot, bl, neg)
           : round == 2 ? neg
                        : spv_const_bool(&e->b, false);
    up = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpINotEqual, bl, dropped, cu32(e, 0)), away);
  }
  kept = op2(e, SpvOpIAdd, u32, kept, sel(e, u32, up, cu32(e, 1), cu32(e, 0)));
  /* normal: exponent field fe - 112 plus the carry of the rounding into bit 11; the sum
   * (exponent << 10) + mantissa carries by itself. Subnormal: kept is the whole result
   * (a carry into 0x400 is the smallest normal). */
  uint32_t norm =
      op2(e, SpvOpIAdd, u32,
          op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpISub, u32, fe, cu32(e, 113)), cu32(e, 10)),
          kept);
  uint32_t mag = sel(e, u32, below, kept, norm);
  /* overflow: infinity, or the largest finite value */
  uint32_t big = op2(e, SpvOpUGreaterThanEqual, bl, mag, cu32(e, 0x7c00));
  mag = sel(e, u32, big, sel(e, u32, away, cu32(e, 0x7c00), cu32(e, 0x7bff)), mag);
  uint32_t is_special = op2(e, SpvOpIEqual, bl, fe, cu32(e, 255));
  uint32_t special =
      sel(e, u32, op2(e, SpvOpINotEqual, bl, fm, cu32(e, 0)), cu32(e, 0x7e00), cu32(e, 0x7c00));
  return op2(e, SpvOpBitwiseOr, u32, sign, sel(e, u32, is_special, special, mag));
}
static uint32_t f32_to_half(struct emit *e, uint32_t f, bool rtz) {
  return spirv_f32_to_half(e, f, rtz ? 3 : 0);
}

/* hfma: the exact fma of the widened halves rounded to odd in f32 (spirv_emit_exact.c),
 * then once to f16; a NaN result is 0x7e00 unless an operand is NaN: the first, quieted */
static uint32_t hfma(struct emit *e, const uint32_t *a) {
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  uint32_t f =
      spirv_exact_fma_odd32(e, half_to_f32(e, a[0]), half_to_f32(e, a[1]), half_to_f32(e, a[2]));
  uint32_t r = f32_to_half(e, f, false);
  r = sel(e, u32, op1(e, SpvOpIsNan, bl, f), cu32(e, 0x7e00), r);
  for (int i = 2; i >= 0; i--) {
    uint32_t h = op2(e, SpvOpBitwiseAnd, u32, a[i], cu32(e, 0xffff));
    uint32_t nan = op2(e, SpvOpUGreaterThan, bl, op2(e, SpvOpBitwiseAnd, u32, h, cu32(e, 0x7fff)),
                       cu32(e, 0x7c00));
    r = sel(e, u32, nan, op2(e, SpvOpBitwiseOr, u32, h, cu32(e, 0x200)), r);
  }
  return r;
}

/* hadd, hmul, hfma under a directed f16/f64 round field ROUND (1 +inf, 2 -inf, 3 zero): the
 * exact value to odd in f32 (a product of halves is exact in f32; a sum and an fma through
 * spirv_exact_fma_odd32: 24 >= 11 + 2 bits), then one directed rounding to f16 on the bits.
 * An exact zero sum of operands not both +0 is -0 toward -inf (IEEE 754 6.3). A NaN result
 * is the nearest-even one (the NaN rules do not depend on the mode). */
uint32_t spirv_half_round(struct emit *e, enum ir_op op, const uint32_t *a, unsigned round) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, f32 = e->t_f32;
  uint32_t x = half_to_f32(e, a[0]), y = half_to_f32(e, a[1]), f, rne, p, c;
  if (op == IR_OP_hmul) {
    f = op2(e, SpvOpFMul, f32, x, y);
    spv_decorate(&e->b, f, SpvDecorationNoContraction, NULL, 0);
    rne = f32_to_half(e, f, false);
    p = c = 0;
  } else if (op == IR_OP_hadd) {
    f = spirv_exact_fma_odd32(e, x, cf32(e, 1.0f), y);
    rne = f32_to_half(e, op2(e, SpvOpFAdd, f32, x, y), false);
    p = x, c = y;
  } else {
    p = op2(e, SpvOpFMul, f32, x, y);
    spv_decorate(&e->b, p, SpvDecorationNoContraction, NULL, 0);
    c = half_to_f32(e, a[2]);
    f = spirv_exact_fma_odd32(e, x, y, c);
    rne = hfma(e, a);
  }
  uint32_t r = spirv_f32_to_half(e, f, round);
  if (round == 2 && p) { /* an exact zero sum: -0 unless both parts are +0 */
    uint32_t fz =
        op2(e, SpvOpIEqual, bl,
            op2(e, SpvOpBitwiseAnd, u32, op1(e, SpvOpBitcast, u32, f), cu32(e, 0x7fffffffu)),
            cu32(e, 0));
    uint32_t both_pos = op2(e, SpvOpLogicalAnd, bl,
                            op2(e, SpvOpIEqual, bl, op1(e, SpvOpBitcast, u32, p), cu32(e, 0)),
                            op2(e, SpvOpIEqual, bl, op1(e, SpvOpBitcast, u32, c), cu32(e, 0)));
    r = sel(e, u32, op2(e, SpvOpLogicalAnd, bl, fz, op1(e, SpvOpLogicalNot, bl, both_pos)),
            cu32(e, 0x8000), r);
  }
  return sel(e, u32, op1(e, SpvOpIsNan, bl, f), rne, r);
}

/* The MODE register (hwreg 1) in the module: bits 7:0, the float mode, are known at compile
 * time wherever an operation depends on them (ir_float_modes; otherwise the function is
 * refused), so its writes (set_float_mode from s_round_mode, s_denorm_mode, s_setreg of
 * MODE; set_hwreg of MODE from a value) emit nothing and each float operation is emitted
 * for its own mode; s_getreg of those bits is the constant known there. The other MODE bits
 * (DX10_CLAMP, IEEE, ...) and the other hardware registers are not modelled: refused (but
 * for writes of FLAT_SCR_LO/HI, below). */
static uint32_t hwreg_mask(uint64_t imm) {
  uint32_t off = ((uint32_t)imm >> 6) & 31, size = (((uint32_t)imm >> 11) & 31) + 1;
  return (uint32_t)(((size >= 32 ? 0xffffffffull : (1ull << size) - 1)) << off);
}

bool spirv_hwreg_refusal(const struct ir_function *fn, uint32_t id, char *err, size_t size) {
  const struct ir_inst *in = &fn->insts[id];
  if (in->dead) return false;
  if (in->op == IR_OP_set_float_mode && (in->imm >> 32) & ~0xffull) {
    snprintf(err, size,
             "float mode: MODE bits 0x%x under mask 0x%x (only the round and denormal fields, "
             "bits 7:0, are emitted)",
             (uint32_t)in->imm & (uint32_t)(in->imm >> 32), (uint32_t)(in->imm >> 32));
    return true;
  }
  if (in->op != IR_OP_get_hwreg && in->op != IR_OP_set_hwreg) return false;
  uint32_t hw = (uint32_t)in->imm & 63, mask = hwreg_mask(in->imm);
  if (hw == 1 && !(mask & ~0xffu)) return false;
  /* FLAT_SCR_LO/HI (20, 21), which a kernel with calls sets up: each lane's private
   * segment is its scratch slot, reached by the private offset (FLAT's private aperture,
   * scratch_*), so the base never reaches an address; writes have no effect here and
   * s_getreg of them stays refused */
  if (in->op == IR_OP_set_hwreg && (hw == 20 || hw == 21)) return false;
  snprintf(err, size,
           "%s of hardware register %u bits 0x%x (%%%u): only the float mode, MODE bits 7:0, is "
           "modelled in the module",
           in->op == IR_OP_get_hwreg ? "s_getreg" : "s_setreg", hw, mask, id);
  return true;
}

/* Correctly rounded f32 reciprocal and square root (the IR's frcp = 1.0f / x and fsqrt,
 * docs/shader-float.md), whatever the precision of the device's f64 divide and square root
 * and whatever its denormal mode: the operand widened to f64 on the bits, a first result R
 * from f64 narrowed on the bits, then the exact choice among R and its neighbours. Exact in
 * f64: the products a * r (48 bits) and m * m for a midpoint m between neighbours (50 bits),
 * and their differences from 1 or from a (Sterbenz). For 1/a the neighbour with the
 * smallest |1 - a * r| is nearest (|1/a - r| = |1 - a r| / |a|); for sqrt(a), a above the
 * square of the upper midpoint rounds up, below that of the lower one down (no exact ties:
 * a has 24 significant bits, the square of a 25-bit midpoint more). The first result must
 * be within one f32 step, which any Vulkan f64 divide or square root is by far. Zeros and
 * infinities come from the f64 operation (the choice is made only for finite nonzero
 * results); a NaN operand gives itself quieted, sqrt of a negative number 0x7fc00000. */
static uint32_t f64_of_bits(struct emit *e, uint32_t u) { return spirv_exact_widen(e, u); }

uint32_t spirv_exact_rcp32(struct emit *e, uint32_t a) {
  uint32_t f64 = t_f64(e), u32 = e->t_u32, bl = e->t_bool;
  uint32_t ua = op1(e, SpvOpBitcast, u32, a), a64 = f64_of_bits(e, ua);
  uint32_t one = spv_const64(&e->b, f64, 0x3ff0000000000000ull);
  uint32_t r = spirv_exact_narrow(e, op2(e, SpvOpFDiv, f64, one, a64));
  uint32_t cand[3] = {r, op2(e, SpvOpIAdd, u32, r, cu32(e, 1)),
                      op2(e, SpvOpISub, u32, r, cu32(e, 1))};
  uint32_t best = r, best_err = 0;
  for (int i = 0; i < 3; i++) {
    uint32_t prod = op2(e, SpvOpFMul, f64, a64, f64_of_bits(e, cand[i]));
    uint32_t err = glsl(e, f64, GLSLstd450FAbs, op2(e, SpvOpFSub, f64, one, prod), 0, 1);
    if (i == 0) {
      best_err = err;
      continue;
    }
    /* a neighbour past the largest finite is inf (its residual too): never chosen */
    uint32_t better = op2(e, SpvOpFOrdLessThan, bl, err, best_err);
    best = sel(e, u32, better, cand[i], best);
    best_err = sel(e, f64, better, err, best_err);
  }
  uint32_t mag = op2(e, SpvOpBitwiseAnd, u32, r, cu32(e, 0x7fffffffu));
  uint32_t regular = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpINotEqual, bl, mag, cu32(e, 0)),
                         op2(e, SpvOpULessThan, bl, mag, cu32(e, 0x7f800000u)));
  r = sel(e, u32, regular, best, r);
  uint32_t nan = op2(e, SpvOpUGreaterThan, bl,
                     op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu)), cu32(e, 0x7f800000u));
  r = sel(e, u32, nan, op2(e, SpvOpBitwiseOr, u32, ua, cu32(e, 0x400000u)), r);
  return op1(e, SpvOpBitcast, e->t_f32, r);
}

uint32_t spirv_exact_sqrt32(struct emit *e, uint32_t a) {
  uint32_t f64 = t_f64(e), u32 = e->t_u32, bl = e->t_bool;
  uint32_t ua = op1(e, SpvOpBitcast, u32, a), a64 = f64_of_bits(e, ua);
  uint32_t r = spirv_exact_narrow(e, glsl(e, f64, GLSLstd450Sqrt, a64, 0, 1));
  uint32_t up = op2(e, SpvOpIAdd, u32, r, cu32(e, 1)), down = op2(e, SpvOpISub, u32, r, cu32(e, 1));
  uint32_t half = spv_const64(&e->b, f64, 0x3fe0000000000000ull);
  uint32_t r64 = f64_of_bits(e, r);
  uint32_t mhi = op2(e, SpvOpFMul, f64, op2(e, SpvOpFAdd, f64, r64, f64_of_bits(e, up)), half);
  uint32_t mlo = op2(e, SpvOpFMul, f64, op2(e, SpvOpFAdd, f64, r64, f64_of_bits(e, down)), half);
  uint32_t go_up = op2(e, SpvOpFOrdGreaterThan, bl, a64, op2(e, SpvOpFMul, f64, mhi, mhi));
  uint32_t go_down = op2(e, SpvOpFOrdLessThan, bl, a64, op2(e, SpvOpFMul, f64, mlo, mlo));
  uint32_t best = sel(e, u32, go_up, up, sel(e, u32, go_down, down, r));
  /* positive finite a: the choice; +-0 and +inf: the f64 result; a < 0: the default NaN */
  uint32_t regular = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpINotEqual, bl, ua, cu32(e, 0)),
                         op2(e, SpvOpULessThan, bl, ua, cu32(e, 0x7f800000u)));
  r = sel(e, u32, regular, best, r);
  r = sel(e, u32, op2(e, SpvOpUGreaterThan, bl, ua, cu32(e, 0x80000000u)), cu32(e, 0x7fc00000u), r);
  r = sel(e, u32, op2(e, SpvOpIEqual, bl, ua, cu32(e, 0x80000000u)), ua, r);
  uint32_t nan = op2(e, SpvOpUGreaterThan, bl,
                     op2(e, SpvOpBitwiseAnd, u32, ua, cu32(e, 0x7fffffffu)), cu32(e, 0x7f800000u));
  r = sel(e, u32, nan, op2(e, SpvOpBitwiseOr, u32, ua, cu32(e, 0x400000u)), r);
  return op1(e, SpvOpBitcast, e->t_f32, r);
}

bool spirv_emit_float_supports(enum ir_op op) {
  if (spirv_exact_supports(op)) return true;
  switch (op) {
    case IR_OP_hfma:
    case IR_OP_frcp:
    case IR_OP_fsqrt:
    case IR_OP_set_float_mode:
    case IR_OP_get_hwreg:
    case IR_OP_set_hwreg:
    case IR_OP_bitcast_f16:
    case IR_OP_bitcast_u16:
    case IR_OP_cvt_f32_f16:
    case IR_OP_cvt_f16_f32:
    case IR_OP_cvt_f16_f32_rtz:
    case IR_OP_hadd:
    case IR_OP_hmul:
    case IR_OP_hmin:
    case IR_OP_hmax:
    case IR_OP_hneg:
    case IR_OP_habs:
    case IR_OP_bitcast_f64:
    case IR_OP_bitcast_u64:
    case IR_OP_dadd:
    case IR_OP_dmul:
    case IR_OP_dmin:
    case IR_OP_dmax:
    case IR_OP_dneg:
    case IR_OP_dabs:
    case IR_OP_dcmp:
    case IR_OP_dfloor:
    case IR_OP_dceil:
    case IR_OP_dtrunc:
    case IR_OP_drint:
    case IR_OP_cvt_f64_f32:
    case IR_OP_cvt_f32_f64: return true;
    default: return false;
  }
}

/* Emits instruction ID when it is one of the operations above (operand ids in A); returns
 * false for any other operation. */
bool spirv_emit_float(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  uint32_t f64 = t_f64(e), u64 = e->t_u64, r = e->val[id], v;
  static const uint32_t glsl_round[] = {GLSLstd450Floor, GLSLstd450Ceil, GLSLstd450Trunc,
                                        GLSLstd450RoundEven};
  uint32_t u32 = e->t_u32, f32 = e->t_f32;
  if (in->op == IR_OP_set_float_mode || in->op == IR_OP_set_hwreg) return true; /* above */
  if (in->op == IR_OP_get_hwreg) { /* MODE bits 7:0, known here (spirv_hwreg_refusal) */
    uint32_t mask = hwreg_mask(in->imm), off = ((uint32_t)in->imm >> 6) & 31;
    v = cu32(e, (IR_MODE_VALUE(e->modes[id]) & mask) >> off);
    def(e, SpvOpCopyObject, u32, r, &v, 1);
    return true;
  }
  if (spirv_emit_exact(e, id, a)) return true;
  switch ((enum ir_op)in->op) { /* f16: bits in a u32 */
    case IR_OP_bitcast_f16:
    case IR_OP_bitcast_u16: v = op2(e, SpvOpBitwiseAnd, u32, a[0], cu32(e, 0xffff)); break;
    case IR_OP_cvt_f32_f16: v = half_to_f32(e, a[0]); break;
    case IR_OP_cvt_f16_f32:
    case IR_OP_cvt_f16_f32_rtz: v = f32_to_half(e, a[0], in->op == IR_OP_cvt_f16_f32_rtz); break;
    case IR_OP_hadd:
    case IR_OP_hmul: {
      uint32_t x = half_to_f32(e, a[0]), y = half_to_f32(e, a[1]);
      v = f32_to_half(e, op2(e, in->op == IR_OP_hadd ? SpvOpFAdd : SpvOpFMul, f32, x, y), false);
      break;
    }
    case IR_OP_hfma: /* ir_float_fma16: one rounding; NaN: the first NaN operand quieted */
      v = hfma(e, a);
      break;
    case IR_OP_hmin:
    case IR_OP_hmax: {
      uint32_t x = half_to_f32(e, a[0]), y = half_to_f32(e, a[1]);
      v = f32_to_half(e, glsl(e, f32, in->op == IR_OP_hmin ? GLSL_NMIN : GLSL_NMAX, x, y, 2),
                      false);
      break;
    }
    case IR_OP_hneg:
      v = op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpBitwiseXor, u32, a[0], cu32(e, 0x8000)),
              cu32(e, 0xffff));
      break;
    case IR_OP_habs: v = op2(e, SpvOpBitwiseAnd, u32, a[0], cu32(e, 0x7fff)); break;
    case IR_OP_frcp:
    case IR_OP_fsqrt:
      v = in->op == IR_OP_frcp ? spirv_exact_rcp32(e, a[0]) : spirv_exact_sqrt32(e, a[0]);
      e->float64_used = true; /* computed through f64 */
      break;
    default: v = 0; break;
  }
  if (v) {
    e->float_used = true;
    bool f32_result = in->op == IR_OP_cvt_f32_f16 || in->op == IR_OP_frcp || in->op == IR_OP_fsqrt;
    def(e, SpvOpCopyObject, f32_result ? f32 : u32, r, &v, 1);
    return true;
  }
  switch ((enum ir_op)in->op) {
    case IR_OP_bitcast_f64: v = op1(e, SpvOpBitcast, f64, a[0]); break;
    case IR_OP_bitcast_u64: v = op1(e, SpvOpBitcast, u64, a[0]); break;
    case IR_OP_dadd: v = op2(e, SpvOpFAdd, f64, a[0], a[1]); break;
    case IR_OP_dmul: v = op2(e, SpvOpFMul, f64, a[0], a[1]); break;
    case IR_OP_dmin: /* the non-NaN operand when one is NaN (fmin) */
    case IR_OP_dmax:
      v = glsl(e, f64, in->op == IR_OP_dmin ? GLSL_NMIN : GLSL_NMAX, a[0], a[1], 2);
      break;
    case IR_OP_dneg:
    case IR_OP_dabs: { /* on the bits: exact for NaNs too */
      uint32_t bits = op1(e, SpvOpBitcast, u64, a[0]);
      bits = in->op == IR_OP_dneg ? op2(e, SpvOpBitwiseXor, u64, bits, cu64(e, 1ull << 63))
                                  : op2(e, SpvOpBitwiseAnd, u64, bits, cu64(e, ~(1ull << 63)));
      v = op1(e, SpvOpBitcast, f64, bits);
      break;
    }
    case IR_OP_dcmp:
      v = spirv_emit_fcmp(e, (uint32_t)in->imm, a[0], a[1]); /* same predicates, f64 operands */
      break;
    case IR_OP_dfloor:
    case IR_OP_dceil:
    case IR_OP_dtrunc:
    case IR_OP_drint: v = glsl(e, f64, glsl_round[in->op - IR_OP_dfloor], a[0], 0, 1); break;
    case IR_OP_cvt_f64_f32: v = op1(e, SpvOpFConvert, f64, a[0]); break;
    case IR_OP_cvt_f32_f64: v = op1(e, SpvOpFConvert, e->t_f32, a[0]); break;
    default: return false;
  }
  e->float_used = true;
  e->float64_used = true;
  def(e, SpvOpCopyObject,
      in->op == IR_OP_dcmp          ? e->t_bool
      : in->op == IR_OP_bitcast_u64 ? u64
      : in->op == IR_OP_cvt_f32_f64 ? e->t_f32
                                    : f64,
      r, &v, 1);
  return true;
}
