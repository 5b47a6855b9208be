/* M0-relative register moves (s_movrel*, v_movrel*, v_swaprel_b32) as IR.
 *
 * These index the register file at run time: register (base + M0), where base is the
 * register named in the instruction. The IR has no indexed register access, but M0 is
 * uniform, so an access is a choice among the registers it can reach:
 *   read:  r = M0 == 0 ? reg[base] : M0 == 1 ? reg[base + 1] : ... : reg[0]
 *   write: reg[base + i] = (M0 == i [&& lane active]) ? value : reg[base + i], every i
 * The candidates are every register from base to the end of its file (SGPR s0..s105,
 * VGPR v0..v255), the same bound for reads and writes: a tighter bound such as the
 * highest register the shader names is not sound, since a relative write can reach a
 * register that only a later relative read names. When M0 is a known constant the compares
 * fold and only the selected register remains.
 *
 * Out of range (base + index past the end of the file; the index is unsigned): AMD's ISA
 * manuals give the general rule for out-of-range GPRs, a source reads register 0 of its
 * file (s0 / v0) and an out-of-range destination is not written; an instruction with two
 * destinations (v_swaprel) writes neither when one is out of range. A 64-bit scalar write
 * needs both dwords in range; each dword of a 64-bit scalar read falls back on its own.
 * docs/shader-ir.md, "M0-relative moves", has the sources and the choices.
 * The _2 forms and v_swaprel take the source index from M0[9:0] and the destination index
 * from M0[25:16]. VGPR writes obey EXEC like any VALU write.
 */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* the register files as the IR numbers them */
struct rel_file {
  uint32_t first; /* IR register of index 0 */
  uint32_t size;  /* registers in the file */
};
static const struct rel_file sgpr_file = {IR_REG_SGPR0, 106};
static const struct rel_file vgpr_file = {IR_REG_VGPR0, 256};

/* Candidates reachable from BASE for an access of WIDTH registers: BASE + i for i below
 * the result (none when the access cannot fit). */
static uint32_t candidates(struct rel_file f, uint32_t base, uint32_t width) {
  return base + width <= f.size ? f.size - base - width + 1 : 0;
}

/* U1: register BASE + IDX is inside file F */
static uint32_t rel_in_range(struct xl_state *x, struct rel_file f, uint32_t base, uint32_t idx) {
  return ir_ult(&x->b, idx, c32(x, candidates(f, base, 1)));
}

/* The value of register BASE + IDX of file F (IDX a uniform U32); register 0 of the file
 * when out of range. */
static uint32_t rel_read(struct xl_state *x, struct rel_file f, uint32_t base, uint32_t idx) {
  struct ir_builder *bd = &x->b;
  uint32_t r = get(x, f.first);
  for (uint32_t i = candidates(f, base, 1); i-- > 0;)
    r = ir_select(bd, ir_ieq(bd, idx, c32(x, i)), get(x, f.first + base + i), r);
  return r;
}

/* Writes the WIDTH (1 or 2) dwords V[] to registers BASE + IDX onwards of file F; nothing
 * when they do not all fit. GUARD (U1 or IR_NONE) further conditions the write; VGPR
 * writes happen in active lanes only. */
static void rel_write(struct xl_state *x, struct rel_file f, uint32_t base, uint32_t idx,
                      const uint32_t *v, uint32_t width, uint32_t guard) {
  struct ir_builder *bd = &x->b;
  bool vector = f.first == vgpr_file.first;
  uint32_t n = candidates(f, base, width);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t p = ir_ieq(bd, idx, c32(x, i));
    if (guard != IR_NONE) p = ir_band(bd, p, guard);
    if (vector) p = ir_band(bd, p, vgpr_write_pred(x));
    for (uint32_t k = 0; k < width; k++) {
      uint32_t reg = f.first + base + i + k;
      uint32_t val = vector ? sdwa_dst_value(x, reg, v[k]) : v[k]; /* SDWA dst_sel */
      set(x, reg, ir_select(bd, p, val, get(x, reg)));
    }
  }
}

/* The base register of operand OP in file F; false when OP is not in that file. */
static bool rel_base(const struct isa_operand *op, struct rel_file f, uint32_t *base) {
  enum isa_operand_kind want = f.first == vgpr_file.first ? ISA_OPK_VGPR : ISA_OPK_SGPR;
  if (op->kind != want) return false;
  *base = op->reg;
  return true;
}

uint32_t xl_movrel_source(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  enum xl_movrel m = (enum xl_movrel)e->detail;
  uint32_t sb, m0 = get(x, IR_REG_M0);
  if ((m != MR_VREAD && m != MR_VMOVE && m != MR_VMOVE2) || !rel_base(srcp(in, 0), vgpr_file, &sb))
    return IR_NONE;
  return rel_read(x, vgpr_file, sb, m == MR_VMOVE2 ? ir_ubfe(&x->b, m0, c32(x, 0), c32(x, 10)) : m0);
}

void xl_translate_movrel(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                         uint32_t pc) {
  struct ir_builder *bd = &x->b;
  enum xl_movrel m = (enum xl_movrel)e->detail;
  bool vector = m >= MR_VREAD;
  struct rel_file f = vector ? vgpr_file : sgpr_file;
  const struct isa_operand *d = defp(in, 0), *s = srcp(in, 0);
  uint32_t m0 = get(x, IR_REG_M0);
  uint32_t src_idx = m0, dst_idx = m0;
  if (m == MR_SMOVE2 || m == MR_VMOVE2 || m == MR_VSWAP) {
    src_idx = ir_ubfe(bd, m0, c32(x, 0), c32(x, 10));
    dst_idx = ir_ubfe(bd, m0, c32(x, 16), c32(x, 10));
  }
  uint32_t sb = 0, db = 0;
  /* relative operands must name a register of the file. DPP and SDWA (v_movrel*; GFX10
   * has no such form of v_swaprel) select from the relative source register's value:
   * xl_translate_inst prepared it through xl_movrel_source */
  bool rel_src = m != MR_SWRITE32 && m != MR_SWRITE64 && m != MR_VWRITE;
  bool rel_dst = m != MR_SREAD32 && m != MR_SREAD64 && m != MR_VREAD;
  bool plain = in->variant == ISA_VARIANT_NATIVE || in->variant == ISA_VARIANT_VOP3;
  if (in->num_defs == 0 || (rel_src && !rel_base(s, f, &sb)) || (rel_dst && !rel_base(d, f, &db)) ||
      (!plain && (!vector || m == MR_VSWAP))) {
    xl_unsupported(x, in, pc);
    return;
  }
  uint32_t prepared = x->dpp_src0 != IR_NONE ? x->dpp_src0 : x->sdwa_src[0];
  uint32_t v[2];
  switch (m) {
    case MR_SREAD32: write_s32(x, in, rel_read(x, f, sb, src_idx)); break;
    case MR_SREAD64:
      v[0] = rel_read(x, f, sb, src_idx);
      v[1] = rel_read(x, f, sb + 1, src_idx);
      write_s64(x, d, ir_pack_u64(bd, v[0], v[1]));
      break;
    case MR_SWRITE32:
    case MR_VWRITE:
      v[0] = src32(x, in, 0);
      rel_write(x, f, db, dst_idx, v, 1, IR_NONE);
      break;
    case MR_SWRITE64: {
      uint32_t s64 = src64(x, in, 0, false);
      v[0] = ir_lo_u32(bd, s64);
      v[1] = ir_hi_u32(bd, s64);
      rel_write(x, f, db, dst_idx, v, 2, IR_NONE);
      break;
    }
    case MR_VREAD:
      write_vdst(x, in, prepared != IR_NONE ? prepared : rel_read(x, f, sb, src_idx));
      break;
    case MR_SMOVE2:
    case MR_VMOVE:
    case MR_VMOVE2:
      v[0] = vector && prepared != IR_NONE ? prepared : rel_read(x, f, sb, src_idx);
      rel_write(x, f, db, dst_idx, v, 1, IR_NONE);
      break;
    case MR_VSWAP: { /* both read before either write; both destinations in range or neither */
      uint32_t a = rel_read(x, f, sb, src_idx), b = rel_read(x, f, db, dst_idx);
      rel_write(x, f, db, dst_idx, &a, 1, rel_in_range(x, f, sb, src_idx));
      rel_write(x, f, sb, src_idx, &b, 1, rel_in_range(x, f, db, dst_idx));
      break;
    }
  }
}
