/* 16-bit vector ALU semantics: f16 and 16-bit integer operations (VOP1/VOP2/VOP3), packed
 * pairs (VOP3P) and the mixed-precision fma. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* ---- 16-bit VALU ----------------------------------------------------------------------
 * GFX10 rule for the destination of a 16-bit VALU operation (VOP1/VOP2/VOP3, not packed):
 * the result goes to the low half, or to the high half when VOP3 op_sel[3] is set, and the
 * other half of the register keeps its value (GFX8 zeroed the high half; GFX9 zeroes it
 * for most opcodes; GFX10 preserves it for all). VOP3 op_sel[0..2] pick the high half of
 * sources 0..2; VOP1/VOP2/VOPC sources use the low half. */

/* The destination half the instruction writes, as U16 bits (the old value of the other
 * half is kept; v_fmac reads its addend from the same half). */
static uint32_t h16_dst_old(struct xl_state *x, const struct isa_inst *in) {
  return ir_u16_of_i(&x->b, h16_op_sel(in, 3), src_dword(x, defp(in, 0), 0, false));
}

static void h16_write(struct xl_state *x, const struct isa_inst *in, uint32_t v16) {
  struct ir_builder *bd = &x->b;
  if (x->sdwa) { /* the SDWA destination rule places the 16-bit result (write_v32) */
    write_vdst(x, in, ir_u32_of_u16(bd, v16));
    return;
  }
  bool hi = h16_op_sel(in, 3);
  uint32_t other = ir_u16_of_i(bd, !hi, src_dword(x, defp(in, 0), 0, false));
  write_vdst(x, in, hi ? ir_pack_half(bd, other, v16) : ir_pack_half(bd, v16, other));
}

/* omod and clamp of an f16 result; returns U16 bits. */
static uint32_t h16_result(struct xl_state *x, const struct isa_inst *in, uint32_t f) {
  static const uint16_t omod_factor[4] = {0, 0x4000, 0x4400, 0x3800};
  struct ir_builder *bd = &x->b;
  if (in->omod & 3) f = ir_hmul(bd, f, konst(x, IR_TYPE_F16, omod_factor[in->omod & 3]));
  if (in->clamp) f = ir_cvt_f16_f32(bd, ir_fsat(bd, ir_cvt_f32_f16(bd, f)));
  return ir_bitcast_u16(bd, f);
}

/* Saturates an extended 16-bit integer result (clamp bit of add/sub/mul/mad). */
static uint32_t i16_saturate(struct xl_state *x, uint32_t v, bool sext) {
  struct ir_builder *bd = &x->b;
  if (!sext) return ir_umin(bd, v, c32(x, 0xffff));
  return ir_smax(bd, ir_smin(bd, v, c32(x, 0x7fff)), c32(x, 0xffff8000u));
}

/* The same for the result R of OP on two extended 16-bit values: an unsigned difference
 * below zero (a wrapped 32-bit value) saturates to 0, not to 0xffff. */
static uint32_t i16_saturate_op(struct xl_state *x, enum ir_op op, uint32_t r, bool sext) {
  if (op == IR_OP_isub && !sext) r = ir_smax(&x->b, r, c32(x, 0));
  return i16_saturate(x, r, sext);
}

/* VOP3P: half H (0 lo, 1 hi) of source I as selected by op_sel (lo) / op_sel_hi (hi) from
 * the operand dword (an inline constant's dword depends on the operation: see
 * inline_float_dword16). VOP2 (v_pk_fmac_f16) has no op_sel: half H from half H. */
static uint32_t pk_half(struct xl_state *x, const struct isa_inst *in, unsigned i, unsigned h,
                        enum xl_const16 cls) {
  uint8_t sel = in->family != ISA_FAMILY_VOP3P ? (h ? 0x7 : 0) : h ? in->op_sel_hi : in->op_sel;
  return ir_u16_of_i(&x->b, (sel >> i) & 1, src16_dword(x, in, i, cls));
}

/* Operand count of a packed entry. */
static unsigned pk_operands(const struct xl_entry *e) {
  unsigned n = e->detail & 0xff;
  return n ? n : 2;
}

/* Packed integer clamp: add/sub/mad saturate (to the unsigned or signed 16-bit range, as
 * the unpacked v_add/sub_nc and v_mad_u16/i16), min/max cannot leave it; for mul_lo and
 * the shifts its effect is not established. */
static bool pk_clamp_known(const struct xl_entry *e) {
  if (e->op == IR_OP_imul) return pk_operands(e) == 3;
  return e->op == IR_OP_iadd || e->op == IR_OP_isub || e->op == IR_OP_umin ||
         e->op == IR_OP_umax || e->op == IR_OP_smin || e->op == IR_OP_smax;
}

static void translate_packed(struct xl_state *x, const struct isa_inst *in,
                             const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  enum xl_const16 cls = e->kind == K_PKF16 ? C16_F16 : C16_F32;
  bool sext = e->detail & SIGNED;
  uint32_t half[2];
  for (unsigned h = 0; h < 2; h++) {
    uint32_t a[3];
    unsigned n = pk_operands(e);
    for (unsigned i = 0; i < n; i++) {
      uint32_t v = (e->detail & PK_ACC) && i == 2
                       ? ir_u16_of_i(bd, h, src_dword(x, defp(in, 0), 0, false))
                       : pk_half(x, in, i, h, cls);
      if (e->kind == K_PKF16) {
        v = ir_bitcast_f16(bd, v);
        if ((((h ? in->neg_hi : in->neg_lo) >> i) & 1)) v = ir_hneg(bd, v);
      } else {
        v = ir_u32_of_u16(bd, v);
        if (sext) v = ir_sbfe(bd, v, c32(x, 0), c32(x, 16));
      }
      a[i] = v;
    }
    uint32_t r;
    if (e->kind == K_PKF16) {
      r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, n, a);
      if (in->clamp) r = ir_cvt_f16_f32(bd, ir_fsat(bd, ir_cvt_f32_f16(bd, r)));
      half[h] = ir_bitcast_u16(bd, r);
    } else {
      if (e->detail & REV) { /* shift: count from src0's low 4 bits, value src1 */
        uint32_t t = a[0];
        a[0] = a[1];
        a[1] = ir_iand(bd, t, c32(x, 15));
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, a);
      if (n == 3) r = ir_iadd(bd, r, a[2]); /* mad: s0 * s1 + s2 */
      if (in->clamp) r = i16_saturate_op(x, e->op, r, sext);
      half[h] = ir_u16_of_i(bd, 0, r);
    }
  }
  write_vdst(x, in, ir_pack_half(bd, half[0], half[1]));
}

/* v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16 (VOP3P; detail 0 / 1 / 2): source I is
 * the f32 of its operand (op_sel_hi[I] = 0) or the f16 half op_sel[I] picks, widened
 * exactly (op_sel_hi[I] = 1); neg_lo negates, neg_hi takes the absolute value; the f32 fma
 * is fused. An inline constant is a 32-bit operand in f32 mode and a 16-bit one in f16
 * mode (the sizes Mesa ACO gives these operands: f32 constants, resp. the 16-bit rule of
 * inline_float_dword16). mixlo/mixhi round the f32 result to f16 (clamp then to [0, 1]) —
 * the fold LLVM makes of fptrunc(fmuladd.f32) — into the low / high half and keep the other. */
void xl_translate_fma_mix(struct xl_state *x, const struct isa_inst *in,
                          const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  uint32_t s[3];
  for (unsigned i = 0; i < 3; i++) {
    uint32_t v;
    if ((in->op_sel_hi >> i) & 1)
      v = ir_cvt_f32_f16(bd, ir_bitcast_f16(bd, ir_u16_of_i(bd, (in->op_sel >> i) & 1,
                                                             src16_dword(x, in, i, C16_F16))));
    else
      v = as_f32(x, src32(x, in, i));
    if ((in->neg_hi >> i) & 1) v = ir_fabs(bd, v);
    if ((in->neg_lo >> i) & 1) v = ir_fneg(bd, v);
    s[i] = v;
  }
  uint32_t r = ir_ffma(bd, s[0], s[1], s[2]);
  if (e->detail == 0) {
    write_vdst(x, in, fresult(x, in, r));
    return;
  }
  uint32_t h = ir_cvt_f16_f32(bd, r);
  if (in->clamp) h = ir_cvt_f16_f32(bd, ir_fsat(bd, ir_cvt_f32_f16(bd, h)));
  bool hi = e->detail == 2;
  uint32_t other = ir_u16_of_i(bd, !hi, src_dword(x, defp(in, 0), 0, false));
  h = ir_bitcast_u16(bd, h);
  write_vdst(x, in, hi ? ir_pack_half(bd, other, h) : ir_pack_half(bd, h, other));
}

void xl_translate_16bit(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                        uint32_t pc) {
  struct ir_builder *bd = &x->b;
  bool sext = e->detail & SIGNED;
  uint32_t a, b, c, r;
  switch (e->kind) {
    case K_H16_BIN:
      a = h16_fsrc(x, in, 0);
      b = h16_fsrc(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      if (e->detail & INV) b = ir_hneg(bd, b); /* a - b = a + -b (exact) */
      r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, 2, (const uint32_t[]){a, b});
      h16_write(x, in, h16_result(x, in, r));
      break;
    case K_H16_FMA:
      a = h16_fsrc(x, in, 0);
      b = h16_fsrc(x, in, 1);
      c = e->detail ? ir_bitcast_f16(bd, h16_dst_old(x, in)) : h16_fsrc(x, in, 2);
      h16_write(x, in, h16_result(x, in, ir_hfma(bd, a, b, c)));
      break;
    case K_H16_3:
      a = h16_fsrc(x, in, 0);
      b = h16_fsrc(x, in, 1);
      c = h16_fsrc(x, in, 2);
      if (e->detail) {
        r = xl_med3(x, IR_OP_hmin, IR_OP_hmax, IR_TYPE_F16, a, b, c);
      } else {
        r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, 2, (const uint32_t[]){a, b});
        r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, 2, (const uint32_t[]){r, c});
      }
      h16_write(x, in, h16_result(x, in, r));
      break;
    case K_H16_LDEXP: /* exact in f32 for every f16 input, one rounding to f16 */
      a = ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0));
      b = ir_sbfe(bd, ir_u32_of_u16(bd, h16_src(x, in, 1)), c32(x, 0), c32(x, 16));
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, ir_fldexp(bd, a, b))));
      break;
    case K_H16_UN: {
      /* floor/ceil/trunc/rndne are exact through f32; the transcendental ones round twice
       * (they are approximations on the hardware too) */
      a = ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0));
      r = ir_cvt_f16_f32(bd, ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 1, &a));
      if (e->detail == 1) /* fract stays below 1.0: at most 0x3bff */
        r = ir_hmin(bd, r, konst(x, IR_TYPE_F16, 0x3bff));
      h16_write(x, in, h16_result(x, in, r));
      break;
    }
    case K_H16_FROM_F32:
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, fsrc(x, in, 0))));
      break;
    case K_H16_TO_F32:
      write_vdst(x, in, fresult(x, in, ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0))));
      break;
    case K_H16_FROM_INT: /* exact in f32, one rounding to f16 */
      a = h16_isrc(x, in, 0, sext);
      r = ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 1, &a);
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, r)));
      break;
    case K_H16_TO_INT: /* saturating to the 16-bit range, NaN -> 0 */
      a = ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0));
      if (e->detail & H16_NORM) { /* exact widening, then the f32 rule */
        h16_write(x, in, ir_u16_of_i(bd, 0, xl_norm16(x, a, sext)));
        break;
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 1, &a);
      h16_write(x, in, ir_u16_of_i(bd, 0, i16_saturate(x, r, sext)));
      break;
    case K_H16_FIXUP: /* the f32 rules on the (exactly) widened operands */
      r = xl_div_fixup_f32_bits(x, ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0)),
                             ir_cvt_f32_f16(bd, h16_fsrc(x, in, 1)),
                             ir_cvt_f32_f16(bd, h16_fsrc(x, in, 2)));
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, ir_bitcast_f32(bd, r))));
      break;
    case K_I16_BIN:
      a = h16_isrc(x, in, 0, sext);
      b = h16_isrc(x, in, 1, sext);
      if (e->detail & REV) { /* shifts: value s1, count s0[3:0] */
        uint32_t t = a;
        a = b;
        b = ir_iand(bd, t, c32(x, 15));
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      if (in->clamp && (e->op == IR_OP_iadd || e->op == IR_OP_isub || e->op == IR_OP_imul))
        r = i16_saturate_op(x, e->op, r, sext);
      h16_write(x, in, ir_u16_of_i(bd, 0, r));
      break;
    case K_I16_MAD:
      a = h16_isrc(x, in, 0, sext);
      b = h16_isrc(x, in, 1, sext);
      if ((e->detail & 0xff) == 32 && in->clamp) { /* 32-bit saturation: not established */
        xl_unsupported(x, in, pc);
        break;
      }
      if ((e->detail & 0xff) == 32) { /* 32-bit addend and result */
        write_vdst(x, in, ir_iadd(bd, ir_imul(bd, a, b), src32(x, in, 2)));
        break;
      }
      r = ir_iadd(bd, ir_imul(bd, a, b), h16_isrc(x, in, 2, sext));
      if (in->clamp) r = i16_saturate(x, r, sext);
      h16_write(x, in, ir_u16_of_i(bd, 0, r));
      break;
    case K_I16_3:
      a = h16_isrc(x, in, 0, sext);
      b = h16_isrc(x, in, 1, sext);
      c = h16_isrc(x, in, 2, sext);
      if (e->detail & 1) {
        r = xl_med3(x, e->op, xl_max_of(e->op), IR_TYPE_U32, a, b, c);
      } else {
        r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
        r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){r, c});
      }
      h16_write(x, in, ir_u16_of_i(bd, 0, r));
      break;
    case K_H16_FREXP: { /* through f32: every f16 (denormals too) is an f32 normal */
      uint32_t m, ex;
      xl_frexp32(x, ir_bitcast_u32(bd, ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0))), &m, &ex);
      if (e->detail == 0) h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, ir_bitcast_f32(bd, m))));
      else h16_write(x, in, ir_u16_of_i(bd, 0, ex));
      break;
    }
    case K_H16_SATPK: { /* {sat_u8(S0.i16[1]), sat_u8(S0.i16[0])} */
      a = src32(x, in, 0);
      uint32_t lo = ir_sbfe(bd, a, c32(x, 0), c32(x, 16)), hi = ir_sbfe(bd, a, c32(x, 16), c32(x, 16));
      lo = ir_smax(bd, ir_smin(bd, lo, c32(x, 255)), c32(x, 0));
      hi = ir_smax(bd, ir_smin(bd, hi, c32(x, 255)), c32(x, 0));
      h16_write(x, in, ir_u16_of_i(bd, 0, ir_ior(bd, lo, ir_shl(bd, hi, c32(x, 8)))));
      break;
    }
    default: xl_unsupported(x, in, pc); break;
  }
}

void xl_translate_packed(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                         uint32_t pc) {
  if (e->kind == K_PKI16 && in->clamp && !pk_clamp_known(e)) {
    xl_unsupported(x, in, pc);
    return;
  }
  translate_packed(x, in, e);
}
