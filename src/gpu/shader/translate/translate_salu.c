/* Scalar ALU semantics (SOP1/SOP2/SOPK/SOPP and the scalar table kinds of SMEM): moves,
 * selects, arithmetic with the ISA's SCC rules, EXEC manipulation, wave-state and mode
 * registers, and the conditions of the conditional branches. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

static void set_scc(struct xl_state *x, uint32_t v) { set(x, IR_REG_SCC, v); }

static uint32_t nz32(struct xl_state *x, uint32_t v) { return ir_ine(&x->b, v, c32(x, 0)); }
static uint32_t nz64(struct xl_state *x, uint32_t v) { return ir_ine64(&x->b, v, c64(x, 0)); }

static uint32_t sign_bit(struct xl_state *x, uint32_t v) {
  return ir_ine(&x->b, ir_lshr(&x->b, v, c32(x, 31)), c32(x, 0));
}

static void scalar_bin32(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  uint32_t a = src32(x, in, 0), b = src32(x, in, 1);
  uint32_t rule = e->detail & 0xff;
  bool rev = e->detail & REV, inv = e->detail & INV;
  uint32_t bb = rev ? ir_inot(&x->b, b) : b; /* andn2 / orn2 */
  uint32_t d = ir_b_emit(&x->b, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, bb});
  if (inv) d = ir_inot(&x->b, d); /* nand / nor / xnor */
  write_s32(x, in, d);
  switch (rule) {
    case SCC_NZ: set_scc(x, nz32(x, d)); break;
    case SCC_CARRY: set_scc(x, ir_ult(&x->b, d, a)); break;
    case SCC_BORROW: set_scc(x, ir_ult(&x->b, a, b)); break;
    case SCC_SADD: /* overflow: both operands' signs differ from the result's */
      set_scc(x, sign_bit(x, ir_iand(&x->b, ir_ixor(&x->b, a, d), ir_ixor(&x->b, b, d))));
      break;
    case SCC_SSUB:
      set_scc(x, sign_bit(x, ir_iand(&x->b, ir_ixor(&x->b, a, b), ir_ixor(&x->b, a, d))));
      break;
    case SCC_LT: set_scc(x, (e->detail & SIGNED) ? ir_slt(&x->b, a, b) : ir_ult(&x->b, a, b)); break;
    case SCC_GT: set_scc(x, (e->detail & SIGNED) ? ir_slt(&x->b, b, a) : ir_ult(&x->b, b, a)); break;
    default: break;
  }
}

static uint32_t logic64(struct xl_state *x, enum xl_logic l, uint32_t a, uint32_t b) {
  struct ir_builder *bd = &x->b;
  switch (l) {
    case L_AND: return ir_iand64(bd, a, b);
    case L_OR: return ir_ior64(bd, a, b);
    case L_XOR: return ir_ixor64(bd, a, b);
    case L_ANDN2: return ir_iand64(bd, a, ir_inot64(bd, b));
    case L_ORN2: return ir_ior64(bd, a, ir_inot64(bd, b));
    case L_NAND: return ir_inot64(bd, ir_iand64(bd, a, b));
    case L_NOR: return ir_inot64(bd, ir_ior64(bd, a, b));
    case L_XNOR: return ir_inot64(bd, ir_ixor64(bd, a, b));
    case L_ANDN1: return ir_iand64(bd, ir_inot64(bd, a), b);
    case L_ORN1: return ir_ior64(bd, ir_inot64(bd, a), b);
  }
  return a;
}

uint32_t xl_wave_mask(struct xl_state *x) {
  return c64(x, x->wave64 ? ~0ull : 0xffffffffull);
}

static void saveexec(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  uint32_t exec = get(x, IR_REG_EXEC);
  uint32_t s = src_mask(x, srcp(in, 0));
  uint32_t n = ir_iand64(&x->b, logic64(x, (enum xl_logic)e->detail, s, exec), xl_wave_mask(x));
  if (in->num_defs) write_mask(x, defp(in, 0), exec);
  set_scc(x, nz64(x, n));
  /* wave32 writes exec_lo only; exec_hi keeps its value */
  if (!x->wave64)
    n = ir_ior64(&x->b, n, ir_iand64(&x->b, exec, c64(x, 0xffffffff00000000ull)));
  set(x, IR_REG_EXEC, n);
}

void xl_translate_salu(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                       uint32_t pc) {
  struct ir_builder *bd = &x->b;
  uint32_t a, b, r;
  switch (e->kind) {
    case K_SGETREG: write_s32(x, in, ir_get_hwreg_i(bd, in->simm16 & 0xffff)); break;
    case K_SSENDMSG: /* M0 carries data for some messages (GS, alloc) */
      ir_send_msg_i(bd, (in->simm16 & 0xffffu) | e->detail << 16, get(x, IR_REG_M0));
      break;
    case K_SMOV32: write_s32(x, in, src32(x, in, 0)); break;
    case K_SMOV64: write_s64(x, defp(in, 0), src64(x, in, 0, false)); break;
    case K_SCMOV32: {
      uint32_t old = src_dword(x, defp(in, 0), 0, false);
      write_s32(x, in, ir_select(bd, get(x, IR_REG_SCC), src32(x, in, 0), old));
      break;
    }
    case K_SCMOV64: {
      uint32_t old = ir_pack_u64(bd, src_dword(x, defp(in, 0), 0, false),
                                 src_dword(x, defp(in, 0), 1, false));
      write_s64(x, defp(in, 0), ir_select(bd, get(x, IR_REG_SCC), src64(x, in, 0, false), old));
      break;
    }
    case K_SCSELECT32:
      write_s32(x, in, ir_select(bd, get(x, IR_REG_SCC), src32(x, in, 0), src32(x, in, 1)));
      break;
    case K_SCSELECT64:
      write_s64(x, defp(in, 0), ir_select(bd, get(x, IR_REG_SCC), src64(x, in, 0, false),
                                           src64(x, in, 1, false)));
      break;
    case K_SBIN32: scalar_bin32(x, in, e); break;
    case K_SBIN64: {
      a = src64(x, in, 0, false);
      b = src64(x, in, 1, false);
      if (e->detail & 1) b = ir_inot64(bd, b);
      r = ir_b_emit(bd, e->op, IR_TYPE_U64, 0, 2, (const uint32_t[]){a, b});
      if (e->detail & 2) r = ir_inot64(bd, r);
      write_s64(x, defp(in, 0), r);
      set_scc(x, nz64(x, r));
      break;
    }
    case K_SSHIFT64:
      r = ir_b_emit(bd, e->op, IR_TYPE_U64, 0, 2,
                    (const uint32_t[]){src64(x, in, 0, false),
                                       ir_iand(bd, src32(x, in, 1), c32(x, 63))});
      write_s64(x, defp(in, 0), r);
      set_scc(x, nz64(x, r));
      break;
    case K_SADDC:
    case K_SSUBB: {
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      uint32_t cin = ir_u1_to_u32(bd, get(x, IR_REG_SCC));
      if (e->kind == K_SADDC) {
        uint32_t t = ir_iadd(bd, a, b);
        r = ir_iadd(bd, t, cin);
        set_scc(x, ir_bor(bd, ir_ult(bd, t, a), ir_ult(bd, r, t)));
      } else {
        uint32_t t = ir_isub(bd, a, b);
        r = ir_isub(bd, t, cin);
        set_scc(x, ir_bor(bd, ir_ult(bd, a, b), ir_ult(bd, t, cin)));
      }
      write_s32(x, in, r);
      break;
    }
    case K_SUN32:
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 1, (const uint32_t[]){src32(x, in, 0)});
      write_s32(x, in, r);
      if (e->detail == SCC_NZ) set_scc(x, nz32(x, r));
      break;
    case K_SNOT64:
      r = ir_inot64(bd, src64(x, in, 0, false));
      write_s64(x, defp(in, 0), r);
      set_scc(x, nz64(x, r));
      break;
    case K_SBCNT64:
      r = ir_bitcount64(bd, src64(x, in, 0, false));
      write_s32(x, in, r);
      set_scc(x, nz32(x, r));
      break;
    case K_SSEXT: write_s32(x, in, ir_sbfe(bd, src32(x, in, 0), c32(x, 0), c32(x, e->detail))); break;
    case K_SABS:
      a = src32(x, in, 0);
      r = ir_smax(bd, a, ir_isub(bd, c32(x, 0), a));
      write_s32(x, in, r);
      set_scc(x, nz32(x, r));
      break;
    case K_SBFE32: /* s1[4:0] offset, s1[22:16] width */
      b = src32(x, in, 1);
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 3,
                    (const uint32_t[]){src32(x, in, 0), ir_iand(bd, b, c32(x, 31)),
                                       ir_ubfe(bd, b, c32(x, 16), c32(x, 7))});
      write_s32(x, in, r);
      set_scc(x, nz32(x, r));
      break;
    case K_SBFM32: /* ((1 << s0[4:0]) - 1) << s1[4:0] */
      r = ir_shl(bd, ir_isub(bd, ir_shl(bd, c32(x, 1), src32(x, in, 0)), c32(x, 1)),
                 src32(x, in, 1));
      write_s32(x, in, r);
      break;
    case K_SLSHLADD:
      a = src32(x, in, 0);
      r = ir_iadd(bd, ir_shl(bd, a, c32(x, e->detail)), src32(x, in, 1));
      write_s32(x, in, r);
      /* carry out of the 64-bit (s0 << n) + s1 */
      set_scc(x, ir_bor(bd, ir_ine(bd, ir_lshr(bd, a, c32(x, 32 - e->detail)), c32(x, 0)),
                        ir_ult(bd, r, src32(x, in, 1))));
      break;
    case K_SPACK: {
      a = ir_u16_of_i(bd, (e->detail >> 4) & 1, src32(x, in, 0));
      b = ir_u16_of_i(bd, e->detail & 1, src32(x, in, 1));
      write_s32(x, in, ir_pack_half(bd, a, b));
      break;
    }
    case K_SAVEEXEC: saveexec(x, in, e); break;
    case K_SMOVK: write_s32(x, in, c32(x, (uint32_t)(int32_t)(int16_t)in->simm16)); break;
    case K_SCMOVK: {
      uint32_t old = src_dword(x, defp(in, 0), 0, false);
      write_s32(x, in, ir_select(bd, get(x, IR_REG_SCC),
                                 c32(x, (uint32_t)(int32_t)(int16_t)in->simm16), old));
      break;
    }
    case K_SADDK:
    case K_SMULK: {
      a = src_dword(x, defp(in, 0), 0, false);
      b = c32(x, (uint32_t)(int32_t)(int16_t)in->simm16);
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      write_s32(x, in, r);
      if (e->kind == K_SADDK)
        set_scc(x, sign_bit(x, ir_iand(bd, ir_ixor(bd, a, r), ir_ixor(bd, b, r))));
      break;
    }
    case K_SNOP: break;
    case K_SMEMTIME: { /* the 64-bit clock into the sdata pair (SMEM: listed as source 0) */
      uint32_t t = ir_read_clock_i(bd, e->detail);
      write_sdword(x, srcp(in, 0), 0, ir_lo_u32(bd, t));
      write_sdword(x, srcp(in, 0), 1, ir_hi_u32(bd, t));
      break;
    }
    case K_SBARRIER: ir_barrier(bd); break;
    case K_SGETPC: /* the guest address of the next instruction: the code base + offset */
      write_s64(x, defp(in, 0), ir_iadd64(bd, ir_code_base(bd), c64(x, pc + in->size * 4u)));
      break;
    /* set_float_mode imm: MODE bits written in the low word, their mask in the high word
     * (MODE 3:0 round modes, 7:4 denormal modes) */
    case K_SROUND: ir_set_float_mode_i(bd, 0xfull << 32 | (in->simm16 & 0xf)); break;
    case K_SDENORM: ir_set_float_mode_i(bd, 0xf0ull << 32 | (in->simm16 & 0xf) << 4); break;
    case K_SSETREG: { /* hwreg: id 5:0, offset 10:6, size-1 15:11 */
      uint32_t id = in->simm16 & 63, off = (in->simm16 >> 6) & 31, size = ((in->simm16 >> 11) & 31) + 1;
      const struct isa_operand *v = in->num_srcs > 1 ? srcp(in, 1) : NULL;
      bool konst_v = v && (v->kind == ISA_OPK_LITERAL || v->kind == ISA_OPK_INLINE_INT);
      if (id == 1 && konst_v) { /* MODE with a constant: a float mode change */
        uint64_t mask = (size >= 32 ? 0xffffffffull : ((1ull << size) - 1)) << off;
        mask &= 0xffffffffull;
        ir_set_float_mode_i(bd, mask << 32 | (((uint64_t)v->value << off) & mask));
      } else if (v) { /* any register from a value (MODE too: a dynamic float mode) */
        ir_set_hwreg_i(bd, in->simm16 & 0xffff, src_dword(x, v, 0, false));
      } else {
        xl_unsupported(x, in, pc);
      }
      break;
    }
    default: xl_unsupported(x, in, pc); break; /* a kind of another handler: not routed here */
  }
}

uint32_t xl_branch_condition(struct xl_state *x, enum xl_flow flow) {
  struct ir_builder *bd = &x->b;
  switch (flow) {
    case XL_FLOW_SCC0: return ir_bnot(bd, get(x, IR_REG_SCC));
    case XL_FLOW_SCC1: return get(x, IR_REG_SCC);
    case XL_FLOW_VCCZ: return ir_ieq64(bd, ir_iand64(bd, get(x, IR_REG_VCC), xl_wave_mask(x)), c64(x, 0));
    case XL_FLOW_VCCNZ: return ir_ine64(bd, ir_iand64(bd, get(x, IR_REG_VCC), xl_wave_mask(x)), c64(x, 0));
    /* wave32 tests exec_lo only */
    case XL_FLOW_EXECZ: return ir_ieq64(bd, ir_iand64(bd, get(x, IR_REG_EXEC), xl_wave_mask(x)), c64(x, 0));
    case XL_FLOW_EXECNZ: return ir_ine64(bd, ir_iand64(bd, get(x, IR_REG_EXEC), xl_wave_mask(x)), c64(x, 0));
    default: return ir_b_const(bd, IR_TYPE_U1, 1);
  }
}
