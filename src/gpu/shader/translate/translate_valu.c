/* 32- and 64-bit vector ALU semantics (VOP1/VOP2/VOP3 float and integer kinds of the
 * table): moves, float arithmetic with modifiers, integer arithmetic with carries and
 * clamps, conversions, lane reads and writes, sums of absolute differences. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* f32 median of three: max(min(a, b), min(max(a, b), c)) */
uint32_t xl_med3(struct xl_state *x, enum ir_op min, enum ir_op max, enum ir_type t,
                 uint32_t a, uint32_t b, uint32_t c) {
  struct ir_builder *bd = &x->b;
  uint32_t lo = ir_b_emit(bd, min, t, 0, 2, (const uint32_t[]){a, b});
  uint32_t hi = ir_b_emit(bd, max, t, 0, 2, (const uint32_t[]){a, b});
  uint32_t m = ir_b_emit(bd, min, t, 0, 2, (const uint32_t[]){hi, c});
  return ir_b_emit(bd, max, t, 0, 2, (const uint32_t[]){lo, m});
}

enum ir_op xl_max_of(enum ir_op min) {
  return min == IR_OP_smin ? IR_OP_smax : min == IR_OP_umin ? IR_OP_umax : IR_OP_fmax;
}

static void vector_u32_3(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  uint32_t a = src32(x, in, 0), b = src32(x, in, 1), c = src32(x, in, 2), r;
  switch (e->detail) {
    case 0: { /* min3 / max3 */
      uint32_t t = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){t, c});
      break;
    }
    case 1: r = xl_med3(x, e->op, xl_max_of(e->op), IR_TYPE_U32, a, b, c); break;
    case 2: { /* xor3 / or3 / add3 */
      uint32_t t = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){t, c});
      break;
    }
    case 3: r = ir_iadd(bd, ir_shl(bd, a, b), c); break; /* lshl_add */
    case 4: r = ir_shl(bd, ir_iadd(bd, a, b), c); break; /* add_lshl */
    case 5: r = ir_ior(bd, ir_iand(bd, a, b), c); break; /* and_or */
    default: r = ir_ior(bd, ir_shl(bd, a, b), c); break; /* lshl_or */
  }
  write_vdst(x, in, r);
}


/* v_sad_u8 / _hi_u8 / _u16 / _u32 / v_msad_u8 (detail 0..4): S2 plus the sum of
 * |S0[k] - S1[k]| over the unsigned bytes (v_sad_hi_u8: that sum shifted left by 16),
 * halves or whole dwords; v_msad_u8 skips the bytes where the reference S1 is 0 (Mesa's
 * nir msad_4x8, "equivalent to v_msad_u8", masks on its first source, which its LLVM
 * lowering passes as S1). The additions wrap. clamp: not established (unsupported). */
static void translate_sad(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  static const uint8_t width[5] = {8, 8, 16, 32, 8};
  unsigned w = width[e->detail % 5];
  uint32_t sum = xl_sad_sum(x, src32(x, in, 0), src32(x, in, 1), w, e->detail == 4);
  if (e->detail == 1) sum = ir_shl(bd, sum, c32(x, 16));
  write_vdst(x, in, ir_iadd(bd, sum, src32(x, in, 2)));
}

void xl_translate_valu(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                       uint32_t pc) {
  struct ir_builder *bd = &x->b;
  uint32_t a, b, c, r;
  switch (e->kind) {
    case K_VMOV: write_vdst(x, in, src32(x, in, 0)); break;
    case K_VF32_BIN:
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      write_vdst(x, in, fresult(x, in, ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 2, (const uint32_t[]){a, b})));
      break;
    case K_VF32_UN:
      write_vdst(x, in, fresult(x, in, ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 1, (const uint32_t[]){fsrc(x, in, 0)})));
      break;
    case K_VF32_FMA:
      write_vdst(x, in, fresult(x, in, ir_ffma(bd, fsrc(x, in, 0), fsrc(x, in, 1), fsrc(x, in, 2))));
      break;
    case K_VF32_MAD: /* not fused: the product is rounded; MAD flushes denormals */
      r = ir_fadd(bd, ir_fflush(bd, ir_fmul(bd, ir_fflush(bd, fsrc(x, in, 0)), ir_fflush(bd, fsrc(x, in, 1)))),
                  ir_fflush(bd, fsrc(x, in, 2)));
      write_vdst(x, in, fresult(x, in, ir_fflush(bd, r)));
      break;
    case K_VF32_MAC: {
      uint32_t d = ir_bitcast_f32(bd, src_dword(x, defp(in, 0), 0, false));
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      if (e->detail) {
        r = ir_ffma(bd, a, b, d);
      } else { /* v_mac: MAD semantics, denormals flushed */
        r = ir_fflush(bd, ir_fadd(bd, ir_fflush(bd, ir_fmul(bd, ir_fflush(bd, a), ir_fflush(bd, b))),
                                  ir_fflush(bd, d)));
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    }
    case K_VF32_LEGACY: {
      /* the product is +0 when either factor is zero (even with inf or NaN); mac/mad add
       * with MAD rules (denormals flushed, the factors first: a denormal factor is a zero) */
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      if (e->detail) {
        a = ir_fflush(bd, a);
        b = ir_fflush(bd, b);
      }
      uint32_t zero = ir_b_const_f32(bd, 0.0f);
      uint32_t any0 = ir_bor(bd, ir_fcmp_i(bd, IR_FCMP_OEQ, a, zero), ir_fcmp_i(bd, IR_FCMP_OEQ, b, zero));
      if (e->detail == 0) {
        r = ir_select(bd, any0, zero, ir_fmul(bd, a, b));
      } else {
        uint32_t p = ir_select(bd, any0, zero, ir_fflush(bd, ir_fmul(bd, a, b)));
        c = e->detail == 1 ? ir_bitcast_f32(bd, src_dword(x, defp(in, 0), 0, false)) : fsrc(x, in, 2);
        r = ir_fflush(bd, ir_fadd(bd, p, ir_fflush(bd, c)));
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    }
    case K_VF32_MADMK: /* s0 * K + s1, K is source 1 in assembly order */
    case K_VF32_MADAK: /* s0 * s1 + K */
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      c = fsrc(x, in, 2);
      if (e->detail) {
        r = ir_ffma(bd, a, b, c);
      } else { /* madmk/madak: MAD semantics, denormals flushed */
        r = ir_fflush(bd, ir_fadd(bd, ir_fflush(bd, ir_fmul(bd, ir_fflush(bd, a), ir_fflush(bd, b))),
                                  ir_fflush(bd, c)));
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    case K_VF32_3:
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      c = fsrc(x, in, 2);
      if (e->detail) {
        r = xl_med3(x, IR_OP_fmin, IR_OP_fmax, IR_TYPE_F32, a, b, c);
      } else {
        r = ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 2, (const uint32_t[]){a, b});
        r = ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 2, (const uint32_t[]){r, c});
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    case K_VLDEXP: write_vdst(x, in, fresult(x, in, ir_fldexp(bd, fsrc(x, in, 0), src32(x, in, 1)))); break;
    case K_VU32_BIN:
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      if (in->clamp && e->op != IR_OP_iadd && e->op != IR_OP_isub) { /* not encodable */
        xl_unsupported(x, in, pc);
        break;
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      if (e->detail & INV) r = ir_inot(bd, r); /* xnor */
      if (in->clamp) /* v_add/sub/subrev_nc_u32: unsigned saturation */
        r = e->op == IR_OP_iadd ? ir_select(bd, ir_ult(bd, r, a), c32(x, ~0u), r)
                                : ir_select(bd, ir_ult(bd, a, b), c32(x, 0), r);
      write_vdst(x, in, r);
      break;
    case K_VU32_UN:
      write_vdst(x, in, ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 1, (const uint32_t[]){src32(x, in, 0)}));
      break;
    case K_VU32_3: vector_u32_3(x, in, e); break;
    case K_VU24_MUL: {
      if (in->clamp) { /* saturation of the 24-bit products: not established */
        xl_unsupported(x, in, pc);
        break;
      }
      uint32_t w = c32(x, 24), z = c32(x, 0);
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      a = (e->detail & SIGNED) ? ir_sbfe(bd, a, z, w) : ir_ubfe(bd, a, z, w);
      b = (e->detail & SIGNED) ? ir_sbfe(bd, b, z, w) : ir_ubfe(bd, b, z, w);
      write_vdst(x, in, ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b}));
      break;
    }
    case K_VCNDMASK: {
      /* d = lane's bit of the mask ? s1 : s0; abs/neg apply to the float view in VOP3 */
      uint32_t m = in->num_srcs > 2 ? src_mask(x, srcp(in, 2)) : get(x, IR_REG_VCC);
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      if (mod_bit(in, 0, ISA_MOD_ABS) || mod_bit(in, 0, ISA_MOD_NEG)) a = ir_bitcast_u32(bd, fsrc(x, in, 0));
      if (mod_bit(in, 1, ISA_MOD_ABS) || mod_bit(in, 1, ISA_MOD_NEG)) b = ir_bitcast_u32(bd, fsrc(x, in, 1));
      write_vdst(x, in, ir_select(bd, ir_lane_bit(bd, m), b, a));
      break;
    }
    case K_VADDCO:
    case K_VADDCI: {
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      uint32_t cin = c32(x, 0);
      if (e->kind == K_VADDCI) {
        uint32_t m = in->num_srcs > 2 ? src_mask(x, srcp(in, 2)) : get(x, IR_REG_VCC);
        cin = ir_u1_to_u32(bd, ir_lane_bit(bd, m));
      }
      uint32_t carry;
      if (e->op == IR_OP_iadd) {
        uint32_t t = ir_iadd(bd, a, b);
        r = ir_iadd(bd, t, cin);
        carry = ir_bor(bd, ir_ult(bd, t, a), ir_ult(bd, r, t));
      } else {
        uint32_t t = ir_isub(bd, a, b);
        r = ir_isub(bd, t, cin);
        carry = ir_bor(bd, ir_ult(bd, a, b), ir_ult(bd, t, cin));
      }
      if (in->clamp) /* unsigned saturation; the carry / borrow mask is still written */
        r = ir_select(bd, carry, c32(x, e->op == IR_OP_iadd ? ~0u : 0), r);
      write_vdst(x, in, r);
      uint32_t mask = ir_iand64(bd, ir_ballot(bd, carry), get(x, IR_REG_EXEC));
      if (in->num_defs > 1) write_mask(x, defp(in, 1), mask);
      break;
    }
    case K_VBFE:
      write_vdst(x, in, ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 3,
                                  (const uint32_t[]){src32(x, in, 0),
                                                     ir_iand(bd, src32(x, in, 1), c32(x, 31)),
                                                     ir_iand(bd, src32(x, in, 2), c32(x, 31))}));
      break;
    case K_VBFI: /* (s0 & s1) | (~s0 & s2) */
      a = src32(x, in, 0);
      write_vdst(x, in, ir_ior(bd, ir_iand(bd, a, src32(x, in, 1)),
                               ir_iand(bd, ir_inot(bd, a), src32(x, in, 2))));
      break;
    case K_VCVT: {
      const struct ir_op_info *info = &ir_op_infos[e->op];
      uint32_t s;
      if (info->args[0] == IR_TYPE_F32) s = fsrc(x, in, 0);
      else if (info->args[0] == IR_TYPE_F64) s = dsrc(x, in, 0);
      else if (info->args[0] == IR_TYPE_F16) s = ir_bitcast_f16(bd, ir_u16_of_i(bd, 0, src32(x, in, 0)));
      else if (e->detail >= 8) s = ir_ubfe(bd, src32(x, in, 0), c32(x, (e->detail - 8) * 8), c32(x, 8));
      else s = src32(x, in, 0);
      r = ir_b_emit(bd, e->op, info->result, 0, 1, &s);
      if (info->result == IR_TYPE_F32) write_vdst(x, in, fresult(x, in, r));
      else if (info->result == IR_TYPE_F64) write_vdst64(x, in, dresult(x, in, r));
      else write_vdst(x, in, r);
      break;
    }
    case K_VPKRTZ: {
      /* two f32 -> f16 with round toward zero, packed lo/hi; clamp to [0, 1] (NaN -> 0)
       * gives the same halves before or after the conversion (RTZ keeps [0, 1] inside) */
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      if (in->clamp) {
        a = ir_fsat(bd, a);
        b = ir_fsat(bd, b);
      }
      a = ir_bitcast_u16(bd, ir_cvt_f16_f32_rtz(bd, a));
      b = ir_bitcast_u16(bd, ir_cvt_f16_f32_rtz(bd, b));
      write_vdst(x, in, ir_pack_half(bd, a, b));
      break;
    }
    case K_VF64_BIN:
      r = ir_b_emit(bd, e->op, IR_TYPE_F64, 0, 2, (const uint32_t[]){dsrc(x, in, 0), dsrc(x, in, 1)});
      write_vdst64(x, in, dresult(x, in, r));
      break;
    case K_VF64_FMA:
      r = ir_dfma(bd, dsrc(x, in, 0), dsrc(x, in, 1), dsrc(x, in, 2));
      write_vdst64(x, in, dresult(x, in, r));
      break;
    case K_VMAD_U64: { /* {d1, d0} = s0 * s1 + {s2}; carry mask to defs[1] */
      if (in->clamp) { /* saturation of the 64-bit result: not established */
        xl_unsupported(x, in, pc);
        break;
      }
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      uint32_t prod = ir_pack_u64(bd, ir_imul(bd, a, b), ir_umul_hi(bd, a, b));
      uint32_t acc = src64(x, in, 2, false);
      r = ir_iadd64(bd, prod, acc);
      write_vdst64(x, in, r);
      /* carry: result < addend (unsigned 64-bit) */
      uint32_t rh = ir_hi_u32(bd, r), ah = ir_hi_u32(bd, acc);
      uint32_t lt = ir_bor(bd, ir_ult(bd, rh, ah),
                           ir_band(bd, ir_ieq(bd, rh, ah), ir_ult(bd, ir_lo_u32(bd, r), ir_lo_u32(bd, acc))));
      if (in->num_defs > 1)
        write_mask(x, defp(in, 1), ir_iand64(bd, ir_ballot(bd, lt), get(x, IR_REG_EXEC)));
      break;
    }
    case K_VREADFIRST:
      write_s32(x, in, ir_read_first_lane(bd, src32(x, in, 0), get(x, IR_REG_EXEC)));
      break;
    case K_VREADLANE:
      write_s32(x, in, ir_read_lane(bd, src32(x, in, 0),
                                    ir_iand(bd, src32(x, in, 1), c32(x, x->wave64 ? 63 : 31))));
      break;
    case K_VWRITELANE: { /* writes one lane regardless of EXEC */
      const struct isa_operand *d = defp(in, 0);
      if (d->kind != ISA_OPK_VGPR) break;
      uint32_t reg = IR_REG_VGPR0 + d->reg;
      set(x, reg, ir_write_lane(bd, get(x, reg), src32(x, in, 0),
                                ir_iand(bd, src32(x, in, 1), c32(x, x->wave64 ? 63 : 31))));
      break;
    }
    case K_SAD:
      if (in->clamp) xl_unsupported(x, in, pc);
      else translate_sad(x, in, e);
      break;
    default: xl_unsupported(x, in, pc); break; /* a kind of another handler: not routed here */
  }
}
