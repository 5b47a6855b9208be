/* Division helpers (v_div_scale, v_div_fmas, v_div_fixup), f64 unary operations and the
 * cube-map instructions (v_cube*). */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* Float view of the bits of one precision (U32 for f32, U64 for f64). */
struct fprec {
  bool d;
  enum ir_type bits;
};

static uint32_t fp_bits(struct xl_state *x, struct fprec p, uint32_t f) {
  return p.d ? ir_bitcast_u64(&x->b, f) : ir_bitcast_u32(&x->b, f);
}
static uint32_t fp_const(struct xl_state *x, struct fprec p, uint64_t v32, uint64_t v64) {
  return konst(x, p.d ? IR_TYPE_U64 : IR_TYPE_U32, p.d ? v64 : v32);
}
static uint32_t fp_or(struct xl_state *x, struct fprec p, uint32_t a, uint32_t b) {
  return p.d ? ir_ior64(&x->b, a, b) : ir_ior(&x->b, a, b);
}
static uint32_t fp_and(struct xl_state *x, struct fprec p, uint32_t a, uint32_t b) {
  return p.d ? ir_iand64(&x->b, a, b) : ir_iand(&x->b, a, b);
}
/* |f| (its bits without the sign) compared with the bits K of the precision: the class tests
 * of v_div_fixup on the bits, so a device that flushes denormals in compares sees them too */
static uint32_t fp_mag_is(struct xl_state *x, struct fprec p, uint32_t f, enum ir_op cmp, uint64_t k) {
  struct ir_builder *bd = &x->b;
  uint32_t m = fp_and(x, p, fp_bits(x, p, f), fp_const(x, p, 0x7fffffffu, ~(1ull << 63)));
  uint32_t c = fp_const(x, p, (uint32_t)k, k);
  if (cmp == IR_OP_ieq) return p.d ? ir_ieq64(bd, m, c) : ir_ieq(bd, m, c);
  /* m > c, unsigned */
  if (!p.d) return ir_ult(bd, c, m);
  uint32_t mh = ir_hi_u32(bd, m), ch = ir_hi_u32(bd, c);
  return ir_bor(bd, ir_ult(bd, ch, mh), ir_band(bd, ir_ieq(bd, mh, ch), ir_ult(bd, ir_lo_u32(bd, c), ir_lo_u32(bd, m))));
}
static uint32_t fp_is_zero(struct xl_state *x, struct fprec p, uint32_t f) {
  return fp_mag_is(x, p, f, IR_OP_ieq, 0);
}
static uint32_t fp_is_inf(struct xl_state *x, struct fprec p, uint32_t f) {
  return fp_mag_is(x, p, f, IR_OP_ieq, p.d ? 0x7ff0000000000000ull : 0x7f800000u);
}
static uint32_t fp_is_nan(struct xl_state *x, struct fprec p, uint32_t f) {
  return fp_mag_is(x, p, f, IR_OP_ult, p.d ? 0x7ff0000000000000ull : 0x7f800000u);
}
static uint32_t fp_of_bits(struct xl_state *x, struct fprec p, uint32_t b) {
  return p.d ? ir_bitcast_f64(&x->b, b) : ir_bitcast_f32(&x->b, b);
}
/* biased exponent as U32 */
static uint32_t fp_exponent(struct xl_state *x, struct fprec p, uint32_t bits) {
  if (p.d) return ir_ubfe(&x->b, ir_hi_u32(&x->b, bits), c32(x, 20), c32(x, 11));
  return ir_ubfe(&x->b, bits, c32(x, 23), c32(x, 8));
}

/* v_div_fixup: S0 quotient, S1 denominator, S2 numerator; special cases in the ISA's order
 * (NaN inputs, 0/0 and inf/inf, x/0 and inf/y, x/inf and 0/y, exponent underflow), else
 * |S0| with the quotient's sign. */
static uint32_t div_fixup(struct xl_state *x, struct fprec p, uint32_t q, uint32_t den,
                          uint32_t num) {
  struct ir_builder *bd = &x->b;
  uint32_t bq = fp_bits(x, p, q), b1 = fp_bits(x, p, den), b2 = fp_bits(x, p, num);
  uint32_t sign_mask = fp_const(x, p, 0x80000000u, 1ull << 63);
  uint32_t sign = fp_and(x, p, p.d ? ir_ixor64(bd, b1, b2) : ir_ixor(bd, b1, b2), sign_mask);
  uint32_t inf = fp_of_bits(x, p, fp_const(x, p, 0x7f800000u, 0x7ff0000000000000ull));
  uint32_t nan = fp_const(x, p, 0xffc00000u, 0xfff8000000000000ull); /* the guide's NaN */
  uint32_t quiet = fp_const(x, p, 0x00400000u, 1ull << 51);
  uint32_t den0 = fp_is_zero(x, p, den), num0 = fp_is_zero(x, p, num);
  uint32_t den_inf = fp_is_inf(x, p, den), num_inf = fp_is_inf(x, p, num);
  /* from the last case to the first: each select overrides what follows it */
  uint32_t mag_q = fp_and(x, p, bq, p.d ? ir_inot64(bd, sign_mask) : ir_inot(bd, sign_mask));
  uint32_t r = fp_or(x, p, mag_q, sign);
  /* a NaN quotient left by an overflowing Newton step (no NaN input reaches here): +-inf */
  r = ir_select(bd, fp_is_nan(x, p, q), fp_or(x, p, fp_bits(x, p, inf), sign), r);
  uint32_t ediff = ir_isub(bd, fp_exponent(x, p, b2), fp_exponent(x, p, b1));
  uint32_t under = ir_slt(bd, ediff, c32(x, p.d ? (uint32_t)-1075 : (uint32_t)-150));
  r = ir_select(bd, ir_bor(bd, under, ir_bor(bd, den_inf, num0)), sign, r); /* +-0 */
  r = ir_select(bd, ir_bor(bd, den0, num_inf), fp_or(x, p, fp_bits(x, p, inf), sign), r);
  r = ir_select(bd, ir_bor(bd, ir_band(bd, den0, num0), ir_band(bd, den_inf, num_inf)), nan, r);
  r = ir_select(bd, fp_is_nan(x, p, den), fp_or(x, p, b1, quiet), r);
  r = ir_select(bd, fp_is_nan(x, p, num), fp_or(x, p, b2, quiet), r);
  return r;
}

uint32_t xl_div_fixup_f32_bits(struct xl_state *x, uint32_t q, uint32_t den, uint32_t num) {
  return div_fixup(x, (struct fprec){.d = false, .bits = IR_TYPE_U32}, q, den, num);
}

/* cube-map face selection: the major axis is z if |z| >= |x|, |y|, else y if |y| >= |x|,
 * else x. id = 2 * axis + (negative); sc/tc the face coordinates; ma = 2 * major. */
static uint32_t cube(struct xl_state *x, unsigned which, uint32_t cx, uint32_t cy, uint32_t cz) {
  struct ir_builder *bd = &x->b;
  uint32_t ax = ir_fabs(bd, cx), ay = ir_fabs(bd, cy), az = ir_fabs(bd, cz);
  uint32_t zmaj = ir_band(bd, ir_fcmp_i(bd, IR_FCMP_OGE, az, ax), ir_fcmp_i(bd, IR_FCMP_OGE, az, ay));
  uint32_t ymaj = ir_fcmp_i(bd, IR_FCMP_OGE, ay, ax);
  uint32_t zero = ir_b_const_f32(bd, 0.0f);
  uint32_t xneg = ir_fcmp_i(bd, IR_FCMP_OLT, cx, zero), yneg = ir_fcmp_i(bd, IR_FCMP_OLT, cy, zero);
  uint32_t zneg = ir_fcmp_i(bd, IR_FCMP_OLT, cz, zero);
  uint32_t fz, fy, fx;
  switch (which) {
    case 0: {
      fz = ir_select(bd, zneg, ir_b_const_f32(bd, 5.0f), ir_b_const_f32(bd, 4.0f));
      fy = ir_select(bd, yneg, ir_b_const_f32(bd, 3.0f), ir_b_const_f32(bd, 2.0f));
      fx = ir_select(bd, xneg, ir_b_const_f32(bd, 1.0f), zero);
      break;
    }
    case 1:
      fz = ir_select(bd, zneg, ir_fneg(bd, cx), cx);
      fy = cx;
      fx = ir_select(bd, xneg, cz, ir_fneg(bd, cz));
      break;
    case 2:
      fz = ir_fneg(bd, cy);
      fy = ir_select(bd, yneg, ir_fneg(bd, cz), cz);
      fx = ir_fneg(bd, cy);
      break;
    default: {
      uint32_t two = ir_b_const_f32(bd, 2.0f);
      fz = ir_fmul(bd, two, cz);
      fy = ir_fmul(bd, two, cy);
      fx = ir_fmul(bd, two, cx);
      break;
    }
  }
  return ir_select(bd, zmaj, fz, ir_select(bd, ymaj, fy, fx));
}

/* v_div_scale takes neg but no abs (VOP3B: the abs field holds the carry destination) */
static uint32_t div_scale_src(struct xl_state *x, const struct isa_inst *in, unsigned i, bool d) {
  uint32_t v = d ? ir_bitcast_f64(&x->b, src64(x, in, i, true)) : as_f32(x, src32(x, in, i));
  if (mod_bit(in, i, ISA_MOD_NEG)) v = d ? ir_dneg(&x->b, v) : ir_fneg(&x->b, v);
  return v;
}

void xl_translate_div_cube(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                           uint32_t pc) {
  struct ir_builder *bd = &x->b;
  struct fprec p = {.d = e->detail == 1 && e->kind != K_VCUBE};
  p.bits = p.d ? IR_TYPE_U64 : IR_TYPE_U32;
  uint32_t a, b, c, r;
  switch (e->kind) {
    case K_VDIV_SCALE: { /* defs: vdst, sdst (VCC mask) */
      a = div_scale_src(x, in, 0, p.d);
      b = div_scale_src(x, in, 1, p.d);
      c = div_scale_src(x, in, 2, p.d);
      r = p.d ? ir_ddiv_scale(bd, a, b, c) : ir_fdiv_scale(bd, a, b, c);
      uint32_t flag = p.d ? ir_ddiv_scale_flag(bd, b, c) : ir_fdiv_scale_flag(bd, b, c);
      if (p.d) write_vdst64(x, in, dresult(x, in, r));
      else write_vdst(x, in, fresult(x, in, r));
      if (in->num_defs > 1)
        write_mask(x, defp(in, 1), ir_iand64(bd, ir_ballot(bd, flag), get(x, IR_REG_EXEC)));
      break;
    }
    case K_VDIV_FMAS: { /* fma, scaled by 2^+-64 (f32) / 2^+-128 (f64) in lanes with VCC set:
                         * up when exponent(S2) > 127 (1023), else down; the scaling is an
                         * ldexp (one rounding of the fma's result, exact on any device) */
      uint32_t vcc = ir_lane_bit(bd, get(x, IR_REG_VCC));
      if (p.d) {
        a = dsrc(x, in, 0), b = dsrc(x, in, 1), c = dsrc(x, in, 2);
        r = ir_dfma(bd, a, b, c);
        uint32_t big = ir_ult(bd, c32(x, 1023), fp_exponent(x, p, ir_bitcast_u64(bd, c)));
        uint32_t k = ir_select(bd, big, c32(x, 128), c32(x, (uint32_t)-128));
        r = ir_select(bd, vcc, xl_ldexp64(x, r, k), r);
        write_vdst64(x, in, dresult(x, in, r));
      } else {
        a = fsrc(x, in, 0), b = fsrc(x, in, 1), c = fsrc(x, in, 2);
        r = ir_ffma(bd, a, b, c);
        uint32_t big = ir_ult(bd, c32(x, 127), fp_exponent(x, p, ir_bitcast_u32(bd, c)));
        uint32_t k = ir_select(bd, big, c32(x, 64), c32(x, (uint32_t)-64));
        r = ir_select(bd, vcc, ir_fldexp(bd, r, k), r);
        write_vdst(x, in, fresult(x, in, r));
      }
      break;
    }
    case K_VDIV_FIXUP:
      if (p.d) {
        r = div_fixup(x, p, dsrc(x, in, 0), dsrc(x, in, 1), dsrc(x, in, 2));
        write_vdst64(x, in, dresult(x, in, ir_bitcast_f64(bd, r)));
      } else {
        r = div_fixup(x, p, fsrc(x, in, 0), fsrc(x, in, 1), fsrc(x, in, 2));
        write_vdst(x, in, fresult(x, in, ir_bitcast_f32(bd, r)));
      }
      break;
    case K_VF64_UN: /* exact in the IR like the f32 ones */
      a = dsrc(x, in, 0);
      write_vdst64(x, in, dresult(x, in, ir_b_emit(bd, e->op, IR_TYPE_F64, 0, 1, &a)));
      break;
    case K_VCUBE:
      r = cube(x, e->detail, fsrc(x, in, 0), fsrc(x, in, 1), fsrc(x, in, 2));
      write_vdst(x, in, fresult(x, in, r));
      break;
    default: break;
  }
}

