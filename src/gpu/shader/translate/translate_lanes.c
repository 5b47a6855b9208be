/* The cross-lane and sub-dword source forms of VOP1/VOP2/VOPC: DPP16 / DPP8 (source 0 from
 * another lane) and SDWA (byte / word selects of the sources, the destination rule). They
 * prepare the state (dpp_src0, dpp_write, sdwa_*) that the operand access of
 * translate_operands.h applies while the operation's own handler runs. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* The value DPP and SDWA select from for source 0: the M0-relative register of the
 * v_movrels / v_movrelsd forms (translate_movrel.c), IR_NONE for every other operation
 * (the register source 0 names). */
static uint32_t rel_source(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  return e->kind == K_MOVREL ? xl_movrel_source(x, in, e) : IR_NONE;
}

/* DPP: source 0 is read from another lane of the same row (DPP16) or group of 8 (DPP8).
 * A source lane out of its row, or inactive without `fi`, is invalid: DPP16 then writes 0
 * with bound_ctrl and leaves the destination alone without it; DPP8 reads 0. row_mask and
 * bank_mask (DPP16) select which rows / 4-lane banks write at all. */
static bool dpp_select(struct xl_state *x, const struct isa_inst *in, uint32_t value) {
  struct ir_builder *bd = &x->b;
  uint32_t lane = ir_lane_id(bd), src, valid = IR_NONE;
  uint32_t row_base = ir_iand(bd, lane, c32(x, ~15u)), in_row = ir_iand(bd, lane, c32(x, 15));
  if (in->variant == ISA_VARIANT_DPP8) {
    uint32_t sel = ir_iand(bd, ir_lshr(bd, c32(x, in->dpp8), ir_imul(bd, ir_iand(bd, lane, c32(x, 7)), c32(x, 3))),
                           c32(x, 7));
    src = ir_iadd(bd, ir_iand(bd, lane, c32(x, ~7u)), sel);
  } else {
    uint32_t ctrl = in->dpp_ctrl, n = ctrl & 15;
    if (ctrl <= 0xff) { /* quad_perm */
      uint32_t sh = ir_shl(bd, ir_iand(bd, lane, c32(x, 3)), c32(x, 1));
      src = ir_iadd(bd, ir_iand(bd, lane, c32(x, ~3u)),
                    ir_iand(bd, ir_lshr(bd, c32(x, ctrl), sh), c32(x, 3)));
    } else if (ctrl >= 0x101 && ctrl <= 0x10f) { /* row_shl */
      uint32_t t = ir_iadd(bd, in_row, c32(x, n));
      valid = ir_ult(bd, t, c32(x, 16));
      src = ir_iadd(bd, row_base, t);
    } else if (ctrl >= 0x111 && ctrl <= 0x11f) { /* row_shr */
      valid = ir_ule(bd, c32(x, n), in_row);
      src = ir_isub(bd, lane, c32(x, n));
    } else if (ctrl >= 0x121 && ctrl <= 0x12f) { /* row_ror */
      src = ir_iadd(bd, row_base, ir_iand(bd, ir_isub(bd, in_row, c32(x, n)), c32(x, 15)));
    } else if (ctrl == 0x140) { /* row_mirror */
      src = ir_iadd(bd, row_base, ir_isub(bd, c32(x, 15), in_row));
    } else if (ctrl == 0x141) { /* row_half_mirror */
      src = ir_iadd(bd, ir_iand(bd, lane, c32(x, ~7u)),
                    ir_isub(bd, c32(x, 7), ir_iand(bd, lane, c32(x, 7))));
    } else if (ctrl >= 0x150 && ctrl <= 0x15f) { /* row_share */
      src = ir_iadd(bd, row_base, c32(x, n));
    } else if (ctrl >= 0x160 && ctrl <= 0x16f) { /* row_xmask */
      src = ir_iadd(bd, row_base, ir_ixor(bd, in_row, c32(x, n)));
    } else {
      return false;
    }
  }
  src = ir_iand(bd, src, c32(x, x->wave64 ? 63 : 31));
  uint32_t v = ir_read_lane(bd, value != IR_NONE ? value : src_dword(x, srcp(in, 0), 0, false), src);
  uint32_t ok = valid;
  if (!in->fi) {
    uint32_t active = ir_ine(bd, ir_lo_u32(bd, ir_iand64(bd, ir_lshr64(bd, get(x, IR_REG_EXEC), src),
                                                         c64(x, 1))), c32(x, 0));
    ok = ok == IR_NONE ? active : ir_band(bd, ok, active);
  }
  x->dpp_src0 = ok == IR_NONE ? v : ir_select(bd, ok, v, c32(x, 0));
  if (in->variant == ISA_VARIANT_DPP16) {
    uint32_t w = in->bound_ctrl || ok == IR_NONE ? IR_NONE : ok;
    unsigned rows = x->wave64 ? 0xf : 0x3;
    if ((in->row_mask & rows) != rows) {
      uint32_t bit = ir_ine(bd, ir_iand(bd, ir_lshr(bd, c32(x, in->row_mask), ir_lshr(bd, lane, c32(x, 4))),
                                        c32(x, 1)), c32(x, 0));
      w = w == IR_NONE ? bit : ir_band(bd, w, bit);
    }
    if ((in->bank_mask & 0xf) != 0xf) {
      uint32_t bank = ir_iand(bd, ir_lshr(bd, lane, c32(x, 2)), c32(x, 3));
      uint32_t bit = ir_ine(bd, ir_iand(bd, ir_lshr(bd, c32(x, in->bank_mask), bank), c32(x, 1)),
                            c32(x, 0));
      w = w == IR_NONE ? bit : ir_band(bd, w, bit);
    }
    x->dpp_write = w;
  }
  return true;
}

/* SDWA (VOP1/VOP2/VOPC): sources 0/1 are a byte or word of their operand dword, zero- or
 * sign-extended (selects 0-3 bytes, 4-5 words, 6 the dword); VOP1/VOP2 results then go
 * through the destination rule of write_v32, compares write their mask to VCC or to the
 * SGPR(s) of sdst like any compare. A 16-bit result is placed by a byte or word dst_sel;
 * with dst_sel DWORD what fills its high half is not established (unsupported). Only the
 * operations listed here take SDWA; false leaves the state untouched. */
/* The VOP1/VOP2 operations of translate_alu.c that read their sources through src32/fsrc
 * and write one dword through write_vdst, so SDWA selects and destinations apply. */
static bool sdwa_alu_ext(const struct xl_entry *e) {
  if (e->kind != K_ALU_EXT) return false;
  switch ((enum xl_alu_ext)e->detail) {
    case AX_CVT_FLR: case AX_CVT_RPI: case AX_FLBIT_I32: case AX_FREXP_MANT32:
    case AX_FREXP_EXP32: case AX_CVT_OFF_I4:
      return true;
    default: return false;
  }
}

bool xl_sdwa_prepare(struct xl_state *x, const struct isa_inst *in) {
  const struct xl_entry *e = xl_lookup(in);
  bool vopc = in->family == ISA_FAMILY_VOPC, h16[2] = {false, false};
  if (vopc) {
    struct cmp_desc d = xl_compare_of(in);
    if (d.kind == CMP_NONE || (d.flags & CMPF_WIDE)) return false;
    h16[0] = d.kind == CMP_VF16 || d.kind == CMP_VINT16 || d.kind == CMP_VCLASS16;
    h16[1] = d.kind == CMP_VF16 || d.kind == CMP_VINT16; /* class: src1 is a 32-bit mask */
  } else if (!e) {
    return false;
  } else {
    enum xl_kind k = e->kind;
    bool result16 = k == K_H16_BIN || k == K_H16_UN || k == K_H16_LDEXP || k == K_H16_FROM_F32 ||
                    k == K_H16_FROM_INT || k == K_H16_TO_INT || k == K_H16_FREXP || k == K_H16_SATPK;
    if (!result16 && k != K_VMOV && k != K_VF32_BIN && k != K_VF32_UN && k != K_VU32_BIN &&
        k != K_VU32_UN && k != K_VCVT && k != K_VU24_MUL && k != K_H16_TO_F32 &&
        k != K_VCNDMASK && k != K_VADDCI && k != K_VPKRTZ && !sdwa_alu_ext(e) &&
        !(k == K_MOVREL && e->detail != MR_VSWAP) &&
        !(k == K_VF32_LEGACY && e->detail == 0))
      return false;
    if (result16 && ((in->words[1] >> 8) & 7) == 6) return false;
    h16[0] = (result16 && k != K_H16_FROM_F32 && k != K_H16_SATPK) || k == K_H16_TO_F32;
    h16[1] = k == K_H16_BIN || k == K_H16_LDEXP;
  }
  uint32_t w1 = in->words[1], dst_sel = (w1 >> 8) & 7, dst_unused = (w1 >> 11) & 3;
  if (!vopc && (dst_sel > 6 || dst_unused > 2)) return false;
  uint32_t sel[2] = {(w1 >> 16) & 7, (w1 >> 24) & 7};
  if (sel[0] > 6 || sel[1] > 6) return false;
  for (unsigned i = 0; i < 2 && i < in->num_srcs; i++) {
    if (sel[i] == 6) continue;
    const struct isa_operand *op = srcp(in, i);
    uint32_t width = sel[i] < 4 ? 8 : 16, off = sel[i] < 4 ? 8 * sel[i] : 16 * (sel[i] - 4);
    uint32_t rel = i == 0 && e ? rel_source(x, in, e) : IR_NONE;
    uint32_t raw = rel != IR_NONE                              ? rel
                   : op->kind == ISA_OPK_INLINE_FLOAT && h16[i] ? c32(x, inline_float_dword16(op, C16_F16))
                                                                : src_dword(x, op, 0, false);
    x->sdwa_src[i] = (w1 >> (19 + 8 * i)) & 1 ? ir_sbfe(&x->b, raw, c32(x, off), c32(x, width))
                                              : ir_ubfe(&x->b, raw, c32(x, off), c32(x, width));
  }
  if (!vopc) {
    x->sdwa = true;
    x->sdwa_dst_sel = (uint8_t)dst_sel;
    x->sdwa_dst_unused = (uint8_t)dst_unused;
  }
  return true;
}

bool xl_dpp_prepare(struct xl_state *x, const struct isa_inst *in) {
  const struct xl_entry *e = xl_lookup(in);
  return e && in->num_srcs > 0 && dpp_select(x, in, rel_source(x, in, e));
}
