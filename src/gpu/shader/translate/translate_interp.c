/* Attribute interpolation as IR: VINTRP (v_interp_p1_f32, v_interp_p2_f32, v_interp_mov_f32;
 * table detail 0, 1, 2) and the 16-bit VOP3 forms (detail 3 p1ll, 4 p1lv, 5 p2_f16). The
 * parameters P0, P10, P20 of an attribute channel are IR operations (attr_p0 / p10 / p20)
 * addressed by attribute * 4 + channel and M0. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* 16-bit interpolation (VOP3: v_interp_p1ll_f16, v_interp_p1lv_f16, v_interp_p2_f16).
 * Operands: srcs[0] the I/J VGPR (encoding field S1), srcs[1] the attribute (field S0:
 * attr 5:0, channel 7:6, `high` 8), srcs[2] the VGPR of field S2. With 16-bit
 * interpolation each parameter dword (P0, P10, P20: the same attr_p* values the f32 forms
 * read) holds two f16 values; `high` picks the upper one, and in v_interp_p1lv_f16 also
 * the upper half of S2 (its P0). abs/neg belong to the encoding fields S1 and S2. */

/* abs/neg of the source in encoding field FIELD (1 or 2) applied to the f32 value V */
static uint32_t interp16_mods(struct xl_state *x, const struct isa_inst *in, unsigned field,
                              uint32_t v) {
  if ((in->words[0] >> (8 + field)) & 1) v = ir_fabs(&x->b, v);
  if ((in->words[1] >> (29 + field)) & 1) v = ir_fneg(&x->b, v);
  return v;
}

/* The f16 half HI of the dword U (U32) as an exact f32 value. */
static uint32_t interp16_half(struct xl_state *x, uint32_t u, bool hi) {
  return ir_cvt_f32_f16(&x->b, ir_bitcast_f16(&x->b, ir_u16_of_i(&x->b, hi, u)));
}

/* F (f32) rounded to f16 by the f16/f64 rounding field of MODE (bits 3:2: 0 nearest even,
 * 1 toward +inf, 2 toward -inf, 3 toward zero), read when the instruction runs: LLVM
 * sets that field (to toward-zero) around these instructions. Directed modes start from
 * the toward-zero result and step one ulp away from zero when it is inexact. */
static uint32_t interp16_round(struct xl_state *x, uint32_t f) {
  struct ir_builder *bd = &x->b;
  uint32_t mode = ir_get_hwreg_i(bd, 1u | 2u << 6 | 1u << 11); /* MODE, offset 2, 2 bits */
  uint32_t rne = ir_bitcast_u16(bd, ir_cvt_f16_f32(bd, f));
  uint32_t tz = ir_cvt_f16_f32_rtz(bd, f);
  uint32_t tz32 = ir_u32_of_u16(bd, ir_bitcast_u16(bd, tz));
  uint32_t inexact = ir_fcmp_i(bd, IR_FCMP_ONE, ir_cvt_f32_f16(bd, tz), f);
  uint32_t neg = ir_fcmp_i(bd, IR_FCMP_OLT, f, ir_b_const_f32(bd, 0.0f));
  uint32_t away = ir_u16_of_i(bd, 0, ir_select(bd, inexact, ir_iadd(bd, tz32, c32(x, 1)), tz32));
  uint32_t tzb = ir_u16_of_i(bd, 0, tz32);
  uint32_t up = ir_select(bd, neg, tzb, away), down = ir_select(bd, neg, away, tzb);
  uint32_t r = ir_select(bd, ir_ieq(bd, mode, c32(x, 1)), up,
                         ir_select(bd, ir_ieq(bd, mode, c32(x, 2)), down, tzb));
  return ir_select(bd, ir_ieq(bd, mode, c32(x, 0)), rne, r);
}

static void translate_interp16(struct xl_state *x, const struct isa_inst *in, unsigned detail) {
  struct ir_builder *bd = &x->b;
  uint32_t raw = in->srcs[1].value, m0 = get(x, IR_REG_M0);
  uint64_t param = (uint64_t)(raw & 0x3f) * 4 + ((raw >> 6) & 3);
  bool hi = (raw >> 8) & 1;
  uint32_t ij = interp16_mods(x, in, 1, as_f32(x, src32(x, in, 0)));
  if (detail == 5) { /* D.f16 = P20 * J + S2 (f32 fma), rounded to f16; clamp; no omod */
    uint32_t p20 = interp16_half(x, ir_bitcast_u32(bd, ir_attr_p20_i(bd, param, m0)), hi);
    uint32_t s2 = interp16_mods(x, in, 2, as_f32(x, src32(x, in, 2)));
    uint32_t f = ir_ffma(bd, ij, p20, s2);
    if (in->clamp) f = ir_fsat(bd, f);
    uint32_t dst = src_dword(x, defp(in, 0), 0, false);
    write_vdst(x, in, ir_pack_half(bd, interp16_round(x, f), ir_u16_of_i(bd, 1, dst)));
    return;
  }
  /* D.f32 = P10 * I + P0, P0 from LDS (p1ll) or from the S2 VGPR (p1lv); clamp, omod */
  uint32_t p10 = interp16_half(x, ir_bitcast_u32(bd, ir_attr_p10_i(bd, param, m0)), hi);
  uint32_t p0 = detail == 3
                    ? interp16_half(x, ir_bitcast_u32(bd, ir_attr_p0_i(bd, param, m0)), hi)
                    : interp16_mods(x, in, 2, interp16_half(x, src32(x, in, 2), hi));
  write_vdst(x, in, fresult(x, in, ir_ffma(bd, ij, p10, p0)));
}

void xl_translate_interp(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  if (e->detail >= 3) {
    translate_interp16(x, in, e->detail);
    return;
  }
  uint64_t param = (uint64_t)in->attr * 4 + in->attr_chan;
  uint32_t m0 = get(x, IR_REG_M0), r;
  if (e->detail == 2) { /* v_interp_mov: 0 P10, 1 P20, 2 P0 */
    uint32_t sel = in->num_srcs ? in->srcs[0].value : 2;
    r = sel == 0 ? ir_attr_p10_i(bd, param, m0) : sel == 1 ? ir_attr_p20_i(bd, param, m0)
                                                            : ir_attr_p0_i(bd, param, m0);
  } else if (e->detail == 0) {
    r = ir_ffma(bd, fsrc(x, in, 0), ir_attr_p10_i(bd, param, m0), ir_attr_p0_i(bd, param, m0));
  } else {
    uint32_t d = ir_bitcast_f32(bd, src_dword(x, defp(in, 0), 0, false));
    r = ir_ffma(bd, fsrc(x, in, 0), ir_attr_p20_i(bd, param, m0), d);
  }
  write_vdst(x, in, ir_bitcast_u32(bd, r));
}
