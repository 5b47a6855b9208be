/* Memory instructions as IR. The table (translate_table.c) routes the common forms here; the rows of translate_mem_ops.h (compare-and-swap, scratch_*,
 * formatted buffer accesses, DS lane exchanges, scalar stores/atomics) reach
 * xl_translate_mem_row. Images, including the forms named outside the table, are in
 * translate_image.c; DS with the gds bit in translate_gds.c; interpolation (VINTRP and its
 * VOP3 forms) in translate_interp.c, exports in translate_export.c. */
#include <string.h>

#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* ---- memory -------------------------------------------------------------------------- */

static uint32_t desc4(struct xl_state *x, const struct isa_operand *op) {
  uint32_t d[4];
  for (unsigned i = 0; i < 4; i++) d[i] = src_dword(x, op, i, false);
  return ir_vec4_u32(&x->b, d[0], d[1], d[2], d[3]);
}

/* SMEM offset: the immediate (signed byte offset) plus the soffset SGPR when there is one
 * (GFX10 encodes both: s_load_dword s0, s[2:3], s4 offset:0x10). */
static uint32_t smem_offset(struct xl_state *x, const struct isa_inst *in, unsigned i) {
  if (srcp(in, i)->kind == ISA_OPK_IMM || srcp(in, i)->kind == ISA_OPK_NONE)
    return c32(x, (uint32_t)in->offset);
  uint32_t s = src32(x, in, i);
  return in->offset ? ir_iadd(&x->b, s, c32(x, (uint32_t)in->offset)) : s;
}

static uint32_t active_pred(struct xl_state *x) { return lane_active(x); }

/* MUBUF/MTBUF addressing: vaddr holds the index (idxen) then the offset (offen). The byte
 * offset is buffer_offset(voffset + instruction offset, soffset) (ir_ops.h). */
static void buffer_address(struct xl_state *x, const struct isa_inst *in, unsigned vaddr,
                           unsigned soffset, uint32_t *index, uint32_t *offset) {
  const struct isa_operand *va = srcp(in, vaddr);
  unsigned k = 0;
  *index = in->idxen ? src_dword(x, va, k++, false) : c32(x, 0);
  uint32_t off = in->offen ? src_dword(x, va, k, false) : c32(x, 0);
  off = ir_iadd(&x->b, off, c32(x, (uint32_t)in->offset));
  *offset = ir_buffer_offset(&x->b, off, src32(x, in, soffset));
}

/* The buffer offset K bytes after OFFSET (a buffer_offset): dword K / 4 of an access. */
static uint32_t buffer_offset_plus(struct xl_state *x, uint32_t offset, uint32_t k) {
  if (!k) return offset;
  const uint32_t *a = ir_inst_args(x->b.fn, offset);
  uint32_t off = a[0], soff = a[1]; /* before emitting (the operand storage may move) */
  return ir_buffer_offset(&x->b, ir_iadd(&x->b, off, c32(x, k)), soff);
}

/* FLAT/GLOBAL address: saddr (64-bit SGPR pair) + 32-bit vaddr, or a 64-bit vaddr. */
static uint32_t global_address(struct xl_state *x, const struct isa_inst *in, unsigned vaddr,
                               unsigned saddr) {
  struct ir_builder *bd = &x->b;
  uint32_t a;
  if (srcp(in, saddr)->kind == ISA_OPK_SGPR)
    a = ir_iadd64(bd, src64(x, in, saddr, false),
                  ir_pack_u64(bd, src_dword(x, srcp(in, vaddr), 0, false), c32(x, 0)));
  else
    a = src64(x, in, vaddr, false);
  int64_t off = in->offset;
  return ir_iadd64(bd, a, c64(x, (uint64_t)off));
}

static uint32_t plus(struct xl_state *x, uint32_t v, uint32_t k) {
  return k ? ir_iadd(&x->b, v, c32(x, k)) : v;
}

static uint32_t plus64(struct xl_state *x, uint32_t v, uint64_t k) {
  return k ? ir_iadd64(&x->b, v, c64(x, k)) : v;
}

/* DS address of single-address forms: the address VGPR + the 16-bit offset */
static uint32_t ds_address(struct xl_state *x, const struct isa_inst *in) {
  return plus(x, src32(x, in, 0), (uint32_t)in->offset & 0xffff);
}

/* ---- FLAT address spaces --------------------------------------------------------------
 * A FLAT address (vaddr + offset, 64-bit) is in LDS when its bits 63:32 equal those of the
 * shared aperture base, in the lane's private (scratch) memory when they equal the private
 * aperture's, else in global memory (GFX9+: both apertures are 4 GiB and 4 GiB aligned, so
 * the low 32 bits are the LDS address or the private offset). The aperture bases are shader
 * inputs (`aperture_hi`: SH_MEM_BASES, also read by s_getreg and src_shared/private_base).
 * Each space gets its own access under its lane predicate; the result is selected per lane. */
struct flat_space {
  uint32_t addr, lo;         /* the 64-bit address and its low half */
  uint32_t lds, priv, glob;  /* U1 per lane, exactly one is true */
};

static bool is_flat(const struct isa_inst *in) { return in->seg == ISA_SEG_FLAT; }

static void flat_space_of(struct xl_state *x, uint32_t addr, struct flat_space *s) {
  struct ir_builder *bd = &x->b;
  uint32_t hi = ir_hi_u32(bd, addr);
  s->addr = addr;
  s->lo = ir_lo_u32(bd, addr);
  s->lds = ir_ieq(bd, hi, ir_aperture_hi_i(bd, 0));
  s->priv = ir_band(bd, ir_bnot(bd, s->lds), ir_ieq(bd, hi, ir_aperture_hi_i(bd, 1)));
  s->glob = ir_bnot(bd, ir_bor(bd, s->lds, s->priv));
}

/* select(lds, a, select(priv, b, c)) */
static uint32_t flat_pick(struct xl_state *x, const struct flat_space *s, uint32_t lds,
                          uint32_t priv, uint32_t glob) {
  return ir_select(&x->b, s->lds, lds, ir_select(&x->b, s->priv, priv, glob));
}

static uint32_t flat_load(struct xl_state *x, const struct flat_space *s, unsigned i) {
  struct ir_builder *bd = &x->b;
  uint32_t lo = plus(x, s->lo, 4 * i);
  /* an inactive lane reads nothing (its address may be anything) */
  return flat_pick(x, s, ir_load_lds(bd, lo), ir_load_scratch(bd, lo),
                   ir_load_global_if(bd, plus64(x, s->addr, 4 * i), ir_band(bd, lane_active(x), s->glob)));
}

static void flat_store(struct xl_state *x, const struct flat_space *s, unsigned i, uint32_t v) {
  struct ir_builder *bd = &x->b;
  uint32_t lo = plus(x, s->lo, 4 * i), act = lane_active(x);
  ir_store_lds(bd, lo, v, ir_band(bd, act, s->lds));
  ir_store_scratch(bd, lo, v, ir_band(bd, act, s->priv));
  ir_store_global(bd, plus64(x, s->addr, 4 * i), v, ir_band(bd, act, s->glob));
}

/* MUBUF/MTBUF tfe and lds forms.
 * - tfe (loads): a status dword follows the data in vdata. It reports residency of
 *   partially resident (PRT) memory; the buffers this interpreter and the emulator model are
 *   all resident, for which the status written is 0 (docs/shader-ir.md, "Buffer memory").
 * - lds (buffer_load_dword and the sub-dword loads): no VGPR is written; each lane's value
 *   (sub-dword loads extended to 32 bits) is stored to LDS at M0[15:0] + instruction offset
 *   + lane * 4, under the lane's EXEC bit.
 * Other combinations stay counted as unsupported, never silently read as plain accesses:
 * tfe on a store (AMD documents TFE for fetches only; whether a store also writes a status
 * dword is unknown), lds on buffer_load_format_x (what reaches LDS for a converted element
 * is undocumented). lds with tfe, D16 or a wider load are decode errors already (the
 * decoder accepts lds on the six forms llvm-mc-19 accepts, never with tfe); the test here
 * only guards the translator. Evidence: docs/shader-ir.md, "Buffer memory". */
static bool buffer_form_unmodelled(struct xl_state *x, const struct isa_inst *in, uint32_t pc,
                                   bool store, bool lds_ok) {
  if ((in->tfe && (store || in->lds)) || (in->lds && !lds_ok)) {
    xl_unsupported(x, in, pc);
    return true;
  }
  return false;
}

/* tfe: the status dword (0: resident) after the K data dwords of vdata. */
static void buffer_tfe_status(struct xl_state *x, const struct isa_inst *in, unsigned k) {
  if (in->tfe && in->num_defs) write_v32(x, defp(in, 0), k, c32(x, 0));
}

/* lds: V (32 bits per lane) to LDS at M0[15:0] + offset + 4 * lane. */
static void buffer_to_lds(struct xl_state *x, const struct isa_inst *in, uint32_t v) {
  struct ir_builder *bd = &x->b;
  uint32_t base = ir_iand(bd, get(x, IR_REG_M0), c32(x, 0xffff));
  uint32_t a = ir_iadd(bd, plus(x, base, (uint32_t)in->offset), ir_shl(bd, ir_lane_id(bd), c32(x, 2)));
  ir_store_lds(bd, a, v, active_pred(x));
}

void xl_translate_memory(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                         uint32_t pc) {
  struct ir_builder *bd = &x->b;
  unsigned n = e->detail & 0xff;
  uint32_t index, offset, addr;
  if ((e->kind == K_BUFLOAD || e->kind == K_BUFSTORE) &&
      buffer_form_unmodelled(x, in, pc, e->kind == K_BUFSTORE, e->kind == K_BUFLOAD && n == 1))
    return;
  switch (e->kind) {
    case K_SLOAD: /* srcs: sdata, sbase (pair), offset */
      addr = src64(x, in, 1, false);
      offset = smem_offset(x, in, 2);
      for (unsigned i = 0; i < n; i++)
        write_sdword(x, srcp(in, 0), i, ir_load_const(bd, addr, plus(x, offset, 4 * i)));
      break;
    case K_SBUFLOAD: /* srcs: sdata, V#, offset */
      addr = desc4(x, srcp(in, 1));
      offset = smem_offset(x, in, 2);
      for (unsigned i = 0; i < n; i++)
        write_sdword(x, srcp(in, 0), i, ir_load_buffer_const(bd, addr, plus(x, offset, 4 * i)));
      break;
    case K_BUFLOAD: /* defs: vdata; srcs: vaddr, V#, soffset */
      buffer_address(x, in, 0, 2, &index, &offset);
      addr = desc4(x, srcp(in, 1));
      if (in->lds) {
        buffer_to_lds(x, in, ir_load_buffer(bd, addr, index, offset, active_pred(x)));
        break;
      }
      for (unsigned i = 0; i < n && in->num_defs; i++)
        write_v32(x, defp(in, 0), i,
                  ir_load_buffer(bd, addr, index, buffer_offset_plus(x, offset, 4 * i), active_pred(x)));
      buffer_tfe_status(x, in, n);
      break;
    case K_BUFSTORE: /* srcs: vdata, vaddr, V#, soffset */
      buffer_address(x, in, 1, 3, &index, &offset);
      addr = desc4(x, srcp(in, 2));
      for (unsigned i = 0; i < n; i++)
        ir_store_buffer(bd, addr, index, buffer_offset_plus(x, offset, 4 * i),
                        src_dword(x, srcp(in, 0), i, false), active_pred(x));
      break;
    case K_GLOAD: /* defs: vdst; srcs: vaddr, saddr */
      addr = global_address(x, in, 0, 1);
      if (is_flat(in)) { /* every dword is loaded before any is written (vdst may be vaddr) */
        struct flat_space fs;
        uint32_t v[4];
        flat_space_of(x, addr, &fs);
        for (unsigned i = 0; i < n && i < 4; i++) v[i] = flat_load(x, &fs, i);
        for (unsigned i = 0; i < n && i < 4 && in->num_defs; i++) write_v32(x, defp(in, 0), i, v[i]);
        break;
      }
      for (unsigned i = 0; i < n && in->num_defs; i++) /* inactive lanes read nothing */
        write_v32(x, defp(in, 0), i, ir_load_global_if(bd, plus64(x, addr, 4 * i), lane_active(x)));
      break;
    case K_GSTORE: /* srcs: vaddr, vdata, saddr */
      addr = global_address(x, in, 0, 2);
      if (is_flat(in)) {
        struct flat_space fs;
        flat_space_of(x, addr, &fs);
        for (unsigned i = 0; i < n; i++) flat_store(x, &fs, i, src_dword(x, srcp(in, 1), i, false));
        break;
      }
      for (unsigned i = 0; i < n; i++)
        ir_store_global(bd, plus64(x, addr, 4 * i), src_dword(x, srcp(in, 1), i, false),
                        active_pred(x));
      break;
    case K_DSREAD: /* defs: vdst; srcs: addr */
      addr = ds_address(x, in);
      for (unsigned i = 0; i < n && in->num_defs; i++)
        write_v32(x, defp(in, 0), i, ir_load_lds(bd, plus(x, addr, 4 * i)));
      break;
    case K_DSWRITE: /* srcs: addr, data */
      addr = ds_address(x, in);
      for (unsigned i = 0; i < n; i++)
        ir_store_lds(bd, plus(x, addr, 4 * i), src_dword(x, srcp(in, 1), i, false), active_pred(x));
      break;
    case K_DSREAD2:
    case K_DSWRITE2: { /* two elements at offset0 and offset1 (x stride: size or 64 x size) */
      uint32_t stride = 4 * n * ((e->detail & SIGNED) ? 64 : 1);
      uint32_t base = src32(x, in, 0);
      uint32_t offs[2] = {(uint32_t)in->offset & 0xff, in->offset1};
      for (unsigned h = 0; h < 2; h++) {
        uint32_t a = plus(x, base, offs[h] * stride);
        for (unsigned i = 0; i < n; i++) {
          if (e->kind == K_DSREAD2) {
            if (in->num_defs) write_v32(x, defp(in, 0), h * n + i, ir_load_lds(bd, plus(x, a, 4 * i)));
          } else {
            ir_store_lds(bd, plus(x, a, 4 * i), src_dword(x, srcp(in, 1 + h), i, false),
                         active_pred(x));
          }
        }
      }
      break;
    }
    case K_DSATOMIC: { /* srcs: addr, data; returns the old value with _rtn */
      addr = ds_address(x, in);
      if (e->op == IR_OP_atomic_lds_cmpst) { /* srcs: addr, data0 (compare), data1 (new) */
        uint32_t old = ir_atomic_lds_cmpst_i(bd, e->detail & 0xff, addr, src32(x, in, 2),
                                             src32(x, in, 1), active_pred(x));
        if ((e->detail & RTN) && in->num_defs) write_vdst(x, in, old);
        break;
      }
      if (e->op == IR_OP_atomic_lds_cmpst64) {
        uint32_t old = ir_atomic_lds_cmpst64_i(bd, e->detail & 0xff, addr, src64(x, in, 2, false),
                                               src64(x, in, 1, false), active_pred(x));
        if (e->detail & RTN) write_vdst64(x, in, old);
        break;
      }
      if (e->op == IR_OP_atomic_lds64) {
        uint32_t old = ir_atomic_lds64_i(bd, e->detail & 0xff, addr, src64(x, in, 1, false),
                                         active_pred(x));
        if (e->detail & RTN) write_vdst64(x, in, old);
        break;
      }
      uint32_t old = ir_atomic_lds_i(bd, e->detail & 0xff, addr, src32(x, in, 1), active_pred(x));
      if ((e->detail & RTN) && in->num_defs) write_vdst(x, in, old);
      break;
    }
    default: break;
  }
}

/* ---- buffer and global atomics ------------------------------------------------------ */

/* MUBUF: srcs vdata, vaddr, V#, soffset; with glc the old value goes back into vdata.
 * GLOBAL/FLAT: srcs vaddr, data, saddr; with glc a separate vdst (def 0). */
void xl_translate_atomic(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  bool w64 = e->detail & W64;
  uint64_t op = e->detail & 0xff;
  uint32_t old;
  const struct isa_operand *ret;
  if (e->kind == (enum xl_kind)K_BUF_ATOMIC) {
    uint32_t index, offset;
    buffer_address(x, in, 1, 3, &index, &offset);
    uint32_t v = desc4(x, srcp(in, 2));
    old = w64 ? ir_atomic_buffer64_i(bd, op, v, index, offset, src64(x, in, 0, false), active_pred(x))
              : ir_atomic_buffer_i(bd, op, v, index, offset, src32(x, in, 0), active_pred(x));
    ret = srcp(in, 0);
  } else if (is_flat(in)) {
    struct flat_space s;
    flat_space_of(x, global_address(x, in, 0, 2), &s);
    uint32_t act = active_pred(x), d = w64 ? src64(x, in, 1, false) : src32(x, in, 1);
    uint32_t pl = ir_band(bd, act, s.lds), pp = ir_band(bd, act, s.priv), pg = ir_band(bd, act, s.glob);
    old = w64 ? flat_pick(x, &s, ir_atomic_lds64_i(bd, op, s.lo, d, pl),
                          ir_atomic_scratch64_i(bd, op, s.lo, d, pp),
                          ir_atomic_global64_i(bd, op, s.addr, d, pg))
              : flat_pick(x, &s, ir_atomic_lds_i(bd, op, s.lo, d, pl),
                          ir_atomic_scratch_i(bd, op, s.lo, d, pp),
                          ir_atomic_global_i(bd, op, s.addr, d, pg));
    ret = in->num_defs ? defp(in, 0) : NULL;
  } else {
    uint32_t a = global_address(x, in, 0, 2);
    old = w64 ? ir_atomic_global64_i(bd, op, a, src64(x, in, 1, false), active_pred(x))
              : ir_atomic_global_i(bd, op, a, src32(x, in, 1), active_pred(x));
    ret = in->num_defs ? defp(in, 0) : NULL;
  }
  if (!in->glc || !ret) return;
  if (w64) {
    write_v32(x, ret, 0, ir_lo_u32(bd, old));
    write_v32(x, ret, 1, ir_hi_u32(bd, old));
  } else {
    write_v32(x, ret, 0, old);
  }
}

/* ---- compare-and-swap ------------------------------------------------------------------
 * buffer_/global_/flat_atomic_(f)cmpswap(_x2): MEM = MEM == cmp ? src : MEM, where the data
 * register holds src (the new value) first and cmp second (one dword each, two with _x2);
 * fcmpswap compares as floats (detail bit 0). With glc the value before the operation is
 * returned: into vdata (MUBUF) or vdst (GLOBAL/FLAT). */
static void translate_cmpswap(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  bool buf = in->family == ISA_FAMILY_MUBUF, w64 = detail & W64;
  uint64_t fl = detail & 1;
  const struct isa_operand *data = srcp(in, buf ? 0 : 1);
  uint32_t nv = w64 ? ir_pack_u64(bd, src_dword(x, data, 0, false), src_dword(x, data, 1, false))
                    : src_dword(x, data, 0, false);
  uint32_t cmp = w64 ? ir_pack_u64(bd, src_dword(x, data, 2, false), src_dword(x, data, 3, false))
                     : src_dword(x, data, 1, false);
  uint32_t act = active_pred(x), old;
  if (buf) {
    uint32_t index, offset;
    buffer_address(x, in, 1, 3, &index, &offset);
    uint32_t v = desc4(x, srcp(in, 2));
    old = w64 ? ir_atomic_buffer_cmpswap64_i(bd, fl, v, index, offset, nv, cmp, act)
              : ir_atomic_buffer_cmpswap_i(bd, fl, v, index, offset, nv, cmp, act);
  } else if (is_flat(in)) {
    struct flat_space s;
    flat_space_of(x, global_address(x, in, 0, 2), &s);
    uint32_t pl = ir_band(bd, act, s.lds), pp = ir_band(bd, act, s.priv), pg = ir_band(bd, act, s.glob);
    old = w64 ? flat_pick(x, &s, ir_atomic_lds_cmpst64_i(bd, fl, s.lo, nv, cmp, pl),
                          ir_atomic_scratch_cmpswap64_i(bd, fl, s.lo, nv, cmp, pp),
                          ir_atomic_global_cmpswap64_i(bd, fl, s.addr, nv, cmp, pg))
              : flat_pick(x, &s, ir_atomic_lds_cmpst_i(bd, fl, s.lo, nv, cmp, pl),
                          ir_atomic_scratch_cmpswap_i(bd, fl, s.lo, nv, cmp, pp),
                          ir_atomic_global_cmpswap_i(bd, fl, s.addr, nv, cmp, pg));
  } else {
    uint32_t a = global_address(x, in, 0, 2);
    old = w64 ? ir_atomic_global_cmpswap64_i(bd, fl, a, nv, cmp, act)
              : ir_atomic_global_cmpswap_i(bd, fl, a, nv, cmp, act);
  }
  const struct isa_operand *ret = buf ? data : in->num_defs ? defp(in, 0) : NULL;
  if (in->glc && ret) {
    write_v32(x, ret, 0, w64 ? ir_lo_u32(bd, old) : old);
    if (w64) write_v32(x, ret, 1, ir_hi_u32(bd, old));
  }
}

/* ---- scratch_* (FLAT segment 1) --------------------------------------------------------
 * The lane's private offset is vaddr or saddr (GFX10 takes one of them; the other is `off`)
 * plus the signed instruction offset: the same private address a FLAT access reaches
 * through the private aperture. Operands: loads vdst; [vaddr|off], [off|saddr]; stores
 * [vaddr|off], vdata, [off|saddr]. Sub-dword forms as for global (detail flags). */
static uint32_t scratch_address(struct xl_state *x, const struct isa_inst *in, bool store) {
  const struct isa_operand *va = srcp(in, 0), *sa = srcp(in, store ? 2 : 1);
  uint32_t a = va->kind == ISA_OPK_VGPR ? src_dword(x, va, 0, false)
               : sa->kind == ISA_OPK_SGPR ? src_dword(x, sa, 0, false) : c32(x, 0);
  return plus(x, a, (uint32_t)in->offset);
}

static void translate_scratch(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  bool store = e->op == IR_OP_store_scratch || e->op == IR_OP_store_scratch_sub;
  uint32_t a = scratch_address(x, in, store), n = e->detail & 0xff, v[4];
  switch (e->op) {
    case IR_OP_load_scratch: /* all dwords read before any is written */
      for (unsigned i = 0; i < n && i < 4; i++) v[i] = ir_load_scratch(bd, plus(x, a, 4 * i));
      for (unsigned i = 0; i < n && i < 4 && in->num_defs; i++) write_v32(x, defp(in, 0), i, v[i]);
      break;
    case IR_OP_store_scratch:
      for (unsigned i = 0; i < n; i++)
        ir_store_scratch(bd, plus(x, a, 4 * i), src_dword(x, srcp(in, 1), i, false), active_pred(x));
      break;
    case IR_OP_load_scratch_sub:
      if (in->num_defs) xl_write_subdword_load(x, in, e->detail, ir_load_scratch_sub_i(bd, n, a));
      break;
    default:
      ir_store_scratch_sub_i(bd, n, a, xl_subdword_store_data(x, srcp(in, 1), e->detail), active_pred(x));
      break;
  }
}

/* ---- formatted buffer accesses (rows MX_FORMAT / MX_TFORMAT) ---------------------------
 * (t)buffer_load/store_format_*: the components of vdata converted through the V# format
 * (MUBUF, imm 0) or the instruction's (MTBUF); a store's missing components are 0. _d16:
 * 16-bit components, two per VGPR (low half first); the IR operation carries IR_FMT_D16 and
 * gives/takes each in the low half of its dword. _d16_hi_x loads into the high half and
 * keeps the low one (stores take the high half). Detail: components | SUB_D16 | SUB_HI.
 * Operands: loads vdata; vaddr, V#, soffset; stores vdata, vaddr, V#, soffset. */
static void translate_format(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                             uint32_t pc) {
  struct ir_builder *bd = &x->b;
  bool store = e->op == IR_OP_store_buffer_fmt, d16 = e->detail & SUB_D16, hi = e->detail & SUB_HI;
  unsigned n = e->detail & 0xff;
  if (buffer_form_unmodelled(x, in, pc, store, false)) return;
  uint64_t fmt = (MX_KIND(e->detail) == MX_TFORMAT ? in->format : 0) | (d16 ? IR_FMT_D16 : 0);
  unsigned o = store; /* operand offset of vaddr */
  uint32_t index, offset;
  buffer_address(x, in, o, o + 2, &index, &offset);
  uint32_t v = desc4(x, srcp(in, o + 1));
  if (store) {
    const struct isa_operand *d = srcp(in, 0);
    uint32_t f[4];
    for (unsigned k = 0; k < 4; k++) {
      uint32_t c = c32(x, 0);
      if (k < n) {
        uint32_t r = src_dword(x, d, d16 ? k / 2 : k, false);
        c = !d16 ? r : ir_u32_of_u16(bd, ir_u16_of_i(bd, hi ? 1 : k & 1, r));
      }
      f[k] = ir_bitcast_f32(bd, c);
    }
    ir_store_buffer_fmt_i(bd, fmt, v, index, offset, ir_vec4_f32(bd, f[0], f[1], f[2], f[3]),
                          active_pred(x));
    return;
  }
  uint32_t r = ir_load_buffer_fmt_i(bd, fmt, v, index, offset, active_pred(x));
  if (!in->num_defs) return;
  if (!d16) {
    for (unsigned k = 0; k < n; k++)
      write_v32(x, defp(in, 0), k, ir_bitcast_u32(bd, ir_extract_f32_i(bd, k, r)));
    buffer_tfe_status(x, in, n);
    return;
  }
  uint32_t c[4];
  for (unsigned k = 0; k < n; k++) c[k] = ir_u16_of_i(bd, 0, ir_bitcast_u32(bd, ir_extract_f32_i(bd, k, r)));
  if (hi) {
    uint32_t old = src_dword(x, defp(in, 0), 0, false);
    write_v32(x, defp(in, 0), 0, ir_pack_half(bd, ir_u16_of_i(bd, 0, old), c[0]));
    buffer_tfe_status(x, in, 1);
    return;
  }
  for (unsigned k = 0; k < n; k += 2) /* an odd last component leaves the high half 0 */
    write_v32(x, defp(in, 0), k / 2,
              ir_pack_half(bd, c[k], k + 1 < n ? c[k + 1] : ir_u16_of_i(bd, 0, c32(x, 0))));
  buffer_tfe_status(x, in, (n + 1) / 2);
}

/* ---- DS lane exchanges and the remaining LDS atomics -------------------------------------
 * ds_bpermute_b32 (pull), ds_permute_b32 (push) and ds_swizzle_b32 move data between lanes
 * through the LDS crossbar without touching LDS. Lane index of bpermute/permute:
 * ((addr + offset) / 4) mod 32, within the lane's own 32-lane half on RDNA (wave64 halves
 * do not exchange); a bpermute or swizzle from a lane off in EXEC reads 0; on a permute
 * collision the highest source lane wins, lanes nobody writes get 0. Swizzle offset: bit 15
 * set = quad permutation (lane i of a quad takes lane (offset >> 2i) & 3); else bitmask
 * mode within 32 lanes: ((lane & and) | or) ^ xor with and = offset 4:0, or = 9:5,
 * xor = 14:10. The destination write is EXEC-masked like any VALU result. */
static uint32_t lane_from(struct xl_state *x, uint32_t lane, uint32_t idx32) {
  /* idx32 (0..31) within the 32-lane half of LANE */
  return x->wave64 ? ir_ior(&x->b, ir_iand(&x->b, lane, c32(x, 32)), idx32) : idx32;
}

static uint32_t read_active_lane(struct xl_state *x, uint32_t v, uint32_t src) {
  struct ir_builder *bd = &x->b;
  uint32_t bit = ir_shl64(bd, c64(x, 1), src);
  uint32_t on = ir_ine64(bd, ir_iand64(bd, get(x, IR_REG_EXEC), bit), c64(x, 0));
  return ir_select(bd, on, ir_read_lane(bd, v, src), c32(x, 0));
}

static void translate_lane_exchange(struct xl_state *x, const struct isa_inst *in, unsigned k) {
  struct ir_builder *bd = &x->b;
  uint32_t lane = ir_lane_id(bd), r;
  if (k == MX_SWIZZLE) {
    uint32_t off = (uint32_t)in->offset & 0xffff, src;
    if (off & 0x8000) { /* quad permutation: the 2-bit select of this lane's quad position */
      uint32_t pos = ir_iand(bd, lane, c32(x, 3));
      uint32_t sel = ir_iand(bd, ir_lshr(bd, c32(x, off & 0xff), ir_shl(bd, pos, c32(x, 1))), c32(x, 3));
      src = ir_ior(bd, ir_iand(bd, lane, c32(x, ~3u)), sel);
    } else {
      uint32_t in32 = ir_iand(bd, lane, c32(x, 31));
      uint32_t t = ir_ixor(bd, ir_ior(bd, ir_iand(bd, in32, c32(x, off & 31)), c32(x, (off >> 5) & 31)),
                           c32(x, (off >> 10) & 31));
      src = lane_from(x, lane, t);
    }
    r = read_active_lane(x, src32(x, in, 0), src);
  } else {
    uint32_t idx = ir_iand(bd, ir_lshr(bd, ds_address(x, in), c32(x, 2)), c32(x, 31));
    r = k == MX_BPERMUTE ? read_active_lane(x, src32(x, in, 1), lane_from(x, lane, idx))
                         : ir_lane_scatter(bd, src32(x, in, 1), lane_from(x, lane, idx), lane_active(x));
  }
  if (in->num_defs) write_vdst(x, in, r);
}

void xl_write_ds_old(struct xl_state *x, const struct isa_inst *in, uint32_t detail, uint32_t old) {
  if (!(detail & RTN) || !in->num_defs) return;
  if (detail & W64) write_vdst64(x, in, old);
  else write_vdst(x, in, old);
}

/* ds_mskor: MEM = (MEM & ~data0) | data1 */
static void translate_mskor(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  uint32_t a = ds_address(x, in), old;
  old = (detail & W64)
            ? ir_atomic_lds_mskor64(bd, a, src64(x, in, 1, false), src64(x, in, 2, false), active_pred(x))
            : ir_atomic_lds_mskor(bd, a, src32(x, in, 1), src32(x, in, 2), active_pred(x));
  xl_write_ds_old(x, in, detail, old);
}

/* ds_condxchg32_rtn_b64: two conditional exchanges at A0 = (address + offset) & 0xfff8 and
 * A0 + 4; data dword h is stored, bit 31 cleared, when its bit 31 is set, and both old
 * values are returned (AMD's RDNA3 and RDNA3.5 ISA pseudocode). Each one is a mskor whose
 * mask is all ones (store) or zero (keep): MASK[h] and VALUE[h] for that. */
uint32_t xl_condxchg_operands(struct xl_state *x, const struct isa_inst *in, uint32_t mask[2],
                              uint32_t value[2]) {
  struct ir_builder *bd = &x->b;
  for (unsigned h = 0; h < 2; h++) {
    uint32_t d = src_dword(x, srcp(in, 1), h, false);
    mask[h] = ir_ashr(bd, d, c32(x, 31));
    value[h] = ir_iand(bd, d, ir_iand(bd, mask[h], c32(x, 0x7fffffff)));
  }
  return ir_iand(bd, ds_address(x, in), c32(x, 0xfff8));
}

static void translate_condxchg(struct xl_state *x, const struct isa_inst *in) {
  uint32_t mask[2], value[2], old[2];
  uint32_t a0 = xl_condxchg_operands(x, in, mask, value);
  for (unsigned h = 0; h < 2; h++)
    old[h] = ir_atomic_lds_mskor(&x->b, plus(x, a0, 4 * h), mask[h], value[h], active_pred(x));
  xl_write_ds_pair(x, in, old, false);
}

void xl_write_ds_pair(struct xl_state *x, const struct isa_inst *in, const uint32_t old[2], bool w64) {
  struct ir_builder *bd = &x->b;
  for (unsigned h = 0; h < 2 && in->num_defs; h++) {
    if (!w64) {
      write_v32(x, defp(in, 0), h, old[h]);
    } else {
      write_v32(x, defp(in, 0), 2 * h, ir_lo_u32(bd, old[h]));
      write_v32(x, defp(in, 0), 2 * h + 1, ir_hi_u32(bd, old[h]));
    }
  }
}

/* ds_wrxchg2(st64)_rtn: two exchanges at offset0/offset1 x size (x64 for st64) */
static void translate_wrxchg2(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  bool w64 = detail & W64;
  uint32_t size = w64 ? 8 : 4, stride = size * ((detail & SIGNED) ? 64 : 1);
  uint32_t base = src32(x, in, 0), offs[2] = {(uint32_t)in->offset & 0xff, in->offset1}, old[2];
  for (unsigned h = 0; h < 2; h++) {
    uint32_t a = plus(x, base, offs[h] * stride);
    old[h] = w64 ? ir_atomic_lds64_i(bd, IR_ATOMIC_SWAP, a, src64(x, in, 1 + h, false), active_pred(x))
                 : ir_atomic_lds_i(bd, IR_ATOMIC_SWAP, a, src32(x, in, 1 + h), active_pred(x));
  }
  xl_write_ds_pair(x, in, old, w64);
}

/* ds_<op>_src2_<type>: MEM[A] = MEM[A] op MEM[B], no data registers, no return. A is the
 * address VGPR aligned to the element size. The 16-bit offset is not added: it gives the
 * distance B - A in dwords. Offset bit 15 clear: the distance is offset 14:0, sign-extended;
 * set: it is address bits 31:17 sign-extended (an arithmetic shift by 17) and A keeps only
 * address bits 16:0. B of the 64-bit forms is 8-byte aligned. (AMD's GCN3/Vega ISA
 * pseudocode: B = A + 4 * (offset1[7] ? {A[31], A[31:17]} : {offset1[6], offset1[6:0],
 * offset0}); CLRX's GcnInstrsDs.md agrees and gives the masks of A.) */
void xl_src2_addresses(struct xl_state *x, const struct isa_inst *in, uint32_t detail, uint32_t *a,
                       uint32_t *b) {
  struct ir_builder *bd = &x->b;
  uint32_t addr = src32(x, in, 0), off = (uint32_t)in->offset & 0xffff;
  uint32_t align = (detail & W64) ? ~7u : ~3u;
  if (off & 0x8000) {
    *a = ir_iand(bd, addr, c32(x, 0x1ffff & align));
    *b = ir_iadd(bd, *a, ir_shl(bd, ir_ashr(bd, addr, c32(x, 17)), c32(x, 2)));
  } else {
    *a = ir_iand(bd, addr, c32(x, align));
    *b = plus(x, *a, (uint32_t)(((int32_t)(off << 17) >> 17) * 4));
  }
  if (detail & W64) *b = ir_iand(bd, *b, c32(x, ~7u));
}

static void translate_src2(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  uint32_t a, b;
  xl_src2_addresses(x, in, detail, &a, &b);
  if (detail & W64) ir_atomic_lds_src2_64_i(bd, detail & 0xff, a, b, active_pred(x));
  else ir_atomic_lds_src2_i(bd, detail & 0xff, a, b, active_pred(x));
}

/* ds_read/write_addtid_b32: one dword per lane at M0[15:0] + offset + 4 x lane id (CLRX's
 * GcnInstrsDs.md; AMD's Vega ISA: the address comes from M0 and the thread id). */
static void translate_addtid(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  uint32_t base = ir_iand(bd, get(x, IR_REG_M0), c32(x, 0xffff));
  uint32_t a = ir_iadd(bd, base, plus(x, ir_shl(bd, ir_lane_id(bd), c32(x, 2)), (uint32_t)in->offset & 0xffff));
  if (!(detail & RTN)) ir_store_lds(bd, a, src32(x, in, 0), active_pred(x));
  else if (in->num_defs) write_vdst(x, in, ir_load_lds(bd, a));
}

/* ds_append / ds_consume: once per wave, the dword at M0 + offset gains (append) or loses
 * (consume) the number of lanes in EXEC; every lane receives the value before the update
 * (EXEC-masked write). LLVM passes the LDS pointer in M0 with the constant part in the
 * offset (ds_append.ll: s_mov_b32 m0, ptr); CLRX: VDST = *V; *V += BITCOUNT(EXEC). Done by
 * lane 0's invocation and broadcast, as the scalar atomics. */
static uint32_t broadcast0(struct xl_state *x, uint32_t v, bool w64);
static void translate_append(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  uint32_t exec = get(x, IR_REG_EXEC);
  if (!x->wave64) exec = ir_iand64(bd, exec, c64(x, 0xffffffffu));
  uint32_t a = plus(x, get(x, IR_REG_M0), (uint32_t)in->offset & 0xffff);
  uint32_t lane0 = ir_ieq(bd, ir_lane_id(bd), c32(x, 0));
  uint32_t old = ir_atomic_lds_i(bd, detail & 0xff, a, ir_bitcount64(bd, exec), lane0);
  if (in->num_defs) write_vdst(x, in, broadcast0(x, old, false));
}

/* ---- scalar memory beyond loads --------------------------------------------------------
 * Scalar instructions act once per wave whatever EXEC holds. Stores: every IR invocation
 * stores the same uniform value to the same address (idempotent), predicate true. Atomics
 * must happen once: lane 0's invocation performs them and the pre-op value (glc) is
 * broadcast from it. Operands: sdata, sbase (address pair or V#), offset (SGPR, or the
 * immediate alone). The data of cmpswap is src then cmp, as for buffers. Cache maintenance
 * (s_dcache_wb/discard, s_atc_probe*) has no effect on values: nothing is emitted. */
static uint32_t broadcast0(struct xl_state *x, uint32_t v, bool w64) {
  struct ir_builder *bd = &x->b;
  if (!w64) return ir_read_lane(bd, v, c32(x, 0));
  return ir_pack_u64(bd, ir_read_lane(bd, ir_lo_u32(bd, v), c32(x, 0)),
                     ir_read_lane(bd, ir_hi_u32(bd, v), c32(x, 0)));
}

/* The 64-bit address of SMEM access to the base pair: base + the signed 21-bit immediate +
 * the SGPR offset (zero-extended) when there is one, scaled by SCALE (a shift). */
static uint32_t smem_address(struct xl_state *x, const struct isa_inst *in, unsigned scale,
                             uint32_t imm_mask) {
  struct ir_builder *bd = &x->b;
  uint32_t a = plus64(x, src64(x, in, 1, false), (uint64_t)(int64_t)(in->offset & (int32_t)imm_mask));
  if (srcp(in, 2)->kind != ISA_OPK_SGPR) return a;
  uint32_t s = ir_pack_u64(bd, ir_iand(bd, src32(x, in, 2), c32(x, imm_mask)), c32(x, 0));
  return ir_iadd64(bd, a, scale ? ir_shl64(bd, s, c32(x, scale)) : s);
}

static void translate_smem_store(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  bool buf = detail & MX_BUF;
  uint32_t yes = ir_b_const(bd, IR_TYPE_U1, 1);
  uint32_t off = buf ? smem_offset(x, in, 2) : 0, base = buf ? desc4(x, srcp(in, 1)) : smem_address(x, in, 0, ~0u);
  for (unsigned i = 0; i < (detail & 0xff); i++) {
    uint32_t v = src_dword(x, srcp(in, 0), i, false);
    if (buf) ir_store_buffer(bd, base, c32(x, 0), plus(x, off, 4 * i), v, yes);
    else ir_store_global(bd, plus64(x, base, 4 * i), v, yes);
  }
}

static void translate_smem_atomic(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  bool buf = detail & MX_BUF, w64 = detail & W64, cas = detail & MX_CAS;
  uint64_t op = detail & 0xff;
  const struct isa_operand *d = srcp(in, 0);
  uint32_t lane0 = ir_ieq(bd, ir_lane_id(bd), c32(x, 0)), old;
  uint32_t v = w64 ? ir_pack_u64(bd, src_dword(x, d, 0, false), src_dword(x, d, 1, false))
                   : src_dword(x, d, 0, false);
  uint32_t cmp = w64 ? ir_pack_u64(bd, src_dword(x, d, 2, false), src_dword(x, d, 3, false))
                     : src_dword(x, d, 1, false);
  if (buf) {
    uint32_t vd = desc4(x, srcp(in, 1)), zero = c32(x, 0), off = smem_offset(x, in, 2);
    old = cas ? (w64 ? ir_atomic_buffer_cmpswap64_i(bd, 0, vd, zero, off, v, cmp, lane0)
                     : ir_atomic_buffer_cmpswap_i(bd, 0, vd, zero, off, v, cmp, lane0))
              : (w64 ? ir_atomic_buffer64_i(bd, op, vd, zero, off, v, lane0)
                     : ir_atomic_buffer_i(bd, op, vd, zero, off, v, lane0));
  } else {
    uint32_t a = smem_address(x, in, 0, ~0u);
    old = cas ? (w64 ? ir_atomic_global_cmpswap64_i(bd, 0, a, v, cmp, lane0)
                     : ir_atomic_global_cmpswap_i(bd, 0, a, v, cmp, lane0))
              : (w64 ? ir_atomic_global64_i(bd, op, a, v, lane0) : ir_atomic_global_i(bd, op, a, v, lane0));
  }
  if (in->glc) {
    old = broadcast0(x, old, w64);
    write_sdword(x, d, 0, w64 ? ir_lo_u32(bd, old) : old);
    if (w64) write_sdword(x, d, 1, ir_hi_u32(bd, old));
  }
}

/* s_scratch_load/store_dword(x2, x4): the wave's scratch is ordinary memory addressed by the
 * base pair (the wave's scratch base, FLAT_SCRATCH by convention) + the immediate + the SGPR
 * offset x 64, both offsets with their two low bits ignored (CLRX's GcnInstrsSmem.md:
 * (OFFSET & ~3) + (SGPROFFSET & ~3) * 64; AMD's Vega ISA describes the same scaled offset).
 * One access per wave: every invocation reads or writes the same dwords. */
static void translate_smem_scratch(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  unsigned n = detail & 0xff;
  uint32_t a = smem_address(x, in, 6, ~3u), v[4];
  if (detail & RTN) { /* every dword is loaded before any is written (sdata may be sbase) */
    for (unsigned i = 0; i < n && i < 4; i++) v[i] = ir_load_global(bd, plus64(x, a, 4 * i));
    for (unsigned i = 0; i < n && i < 4; i++) write_sdword(x, srcp(in, 0), i, v[i]);
    return;
  }
  uint32_t yes = ir_b_const(bd, IR_TYPE_U1, 1);
  for (unsigned i = 0; i < n; i++)
    ir_store_global(bd, plus64(x, a, 4 * i), src_dword(x, srcp(in, 0), i, false), yes);
}

void xl_translate_mem_row(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                          uint32_t pc) {
  uint32_t d = e->detail;
  /* no default: -Wswitch names a sub-kind appended without a case */
  switch ((enum xl_mem_ext)MX_KIND(d)) {
    case MX_SCRATCH: translate_scratch(x, in, e); break;
    case MX_CMPSWAP: translate_cmpswap(x, in, d); break;
    case MX_BPERMUTE:
    case MX_PERMUTE:
    case MX_SWIZZLE: translate_lane_exchange(x, in, MX_KIND(d)); break;
    case MX_MSKOR: translate_mskor(x, in, d); break;
    case MX_WRXCHG2: translate_wrxchg2(x, in, d); break;
    case MX_CONDXCHG: translate_condxchg(x, in); break;
    case MX_SSTORE: translate_smem_store(x, in, d); break;
    case MX_SATOMIC: translate_smem_atomic(x, in, d); break;
    case MX_SRC2: translate_src2(x, in, d); break;
    case MX_WRAP: { /* old >= data0 ? old - data0 : old + data1 (CLRX's GcnInstrsDs.md) */
      uint32_t old = ir_atomic_lds_wrap(&x->b, ds_address(x, in), src32(x, in, 1), src32(x, in, 2),
                                        active_pred(x));
      if (in->num_defs) write_vdst(x, in, old);
      break;
    }
    case MX_ADDTID: translate_addtid(x, in, d); break;
    case MX_APPEND: translate_append(x, in, d); break;
    case MX_SSCRATCH: translate_smem_scratch(x, in, d); break;
    case MX_WAVEID: write_sdword(x, srcp(in, 0), 0, ir_wave_id(&x->b)); break;
    case MX_FORMAT:
    case MX_TFORMAT: translate_format(x, in, e, pc); break;
    case MX_GWS: /* GWS and ordered count exist only with the gds bit (translate_gds.c) */
    case MX_ORDERED: xl_unsupported(x, in, pc); break;
  }
}

/* Forms outside the table: the MIMG family (translate_image.c, one form per opcode). */
/* ---- sub-dword memory -------------------------------------------------------------- */

/* The value a sub-dword load writes: the loaded bytes zero- or sign-extended to 32 bits,
 * or (D16) extended to 16 bits and placed in one half of the destination, whose other half
 * keeps its value. */
void xl_write_subdword_load(struct xl_state *x, const struct isa_inst *in, uint32_t detail,
                         uint32_t v) {
  struct ir_builder *bd = &x->b;
  uint32_t bits = 8 * (detail & 0xff);
  if (detail & SIGNED) v = ir_sbfe(bd, v, c32(x, 0), c32(x, bits));
  if (!(detail & SUB_D16)) {
    write_vdst(x, in, v);
    return;
  }
  uint32_t half = ir_u16_of_i(bd, 0, v);
  uint32_t old = src_dword(x, defp(in, 0), 0, false);
  write_vdst(x, in, (detail & SUB_HI) ? ir_pack_half(bd, ir_u16_of_i(bd, 0, old), half)
                                      : ir_pack_half(bd, half, ir_u16_of_i(bd, 1, old)));
}

/* The data a sub-dword store writes: the low bytes of the register, or (_d16_hi) of its
 * high half. */
uint32_t xl_subdword_store_data(struct xl_state *x, const struct isa_operand *op,
                             uint32_t detail) {
  uint32_t v = src_dword(x, op, 0, false);
  return (detail & SUB_HI) ? ir_lshr(&x->b, v, c32(x, 16)) : v;
}

void xl_translate_subdword(struct xl_state *x, const struct isa_inst *in,
                           const struct xl_entry *e, uint32_t pc) {
  struct ir_builder *bd = &x->b;
  if (((int)e->kind == K_BUF_SUB_LOAD || (int)e->kind == K_BUF_SUB_STORE) &&
      buffer_form_unmodelled(x, in, pc, (int)e->kind == K_BUF_SUB_STORE,
                             (int)e->kind == K_BUF_SUB_LOAD && !(e->detail & SUB_D16)))
    return;
  uint64_t bytes = e->detail & 0xff;
  uint32_t index, offset, addr, v;
  switch ((int)e->kind) {
    case K_DS_SUB_LOAD: /* defs: vdst; srcs: addr */
      addr = ds_address(x, in);
      if (in->num_defs) xl_write_subdword_load(x, in, e->detail, ir_load_lds_sub_i(bd, bytes, addr));
      break;
    case K_DS_SUB_STORE: /* srcs: addr, data */
      addr = ds_address(x, in);
      ir_store_lds_sub_i(bd, bytes, addr, xl_subdword_store_data(x, srcp(in, 1), e->detail),
                         active_pred(x));
      break;
    case K_BUF_SUB_LOAD: /* defs: vdata; srcs: vaddr, V#, soffset */
      buffer_address(x, in, 0, 2, &index, &offset);
      v = ir_load_buffer_sub_i(bd, bytes, desc4(x, srcp(in, 1)), index, offset, active_pred(x));
      if (in->lds) {
        buffer_to_lds(x, in, (e->detail & SIGNED) ? ir_sbfe(bd, v, c32(x, 0), c32(x, 8 * (uint32_t)bytes)) : v);
        break;
      }
      if (in->num_defs) xl_write_subdword_load(x, in, e->detail, v);
      buffer_tfe_status(x, in, 1);
      break;
    case K_BUF_SUB_STORE: /* srcs: vdata, vaddr, V#, soffset */
      buffer_address(x, in, 1, 3, &index, &offset);
      ir_store_buffer_sub_i(bd, bytes, desc4(x, srcp(in, 2)), index, offset,
                            xl_subdword_store_data(x, srcp(in, 0), e->detail), active_pred(x));
      break;
    case K_G_SUB_LOAD: /* defs: vdst; srcs: vaddr, saddr */
      addr = global_address(x, in, 0, 1);
      if (is_flat(in)) {
        struct flat_space s;
        flat_space_of(x, addr, &s);
        v = flat_pick(x, &s, ir_load_lds_sub_i(bd, bytes, s.lo), ir_load_scratch_sub_i(bd, bytes, s.lo),
                      ir_load_global_sub_if_i(bd, bytes, addr, ir_band(bd, lane_active(x), s.glob)));
      } else { /* inactive lanes read nothing */
        v = ir_load_global_sub_if_i(bd, bytes, addr, lane_active(x));
      }
      if (in->num_defs) xl_write_subdword_load(x, in, e->detail, v);
      break;
    case K_G_SUB_STORE: /* srcs: vaddr, vdata, saddr */
      addr = global_address(x, in, 0, 2);
      v = xl_subdword_store_data(x, srcp(in, 1), e->detail);
      if (is_flat(in)) {
        struct flat_space s;
        uint32_t act = active_pred(x);
        flat_space_of(x, addr, &s);
        ir_store_lds_sub_i(bd, bytes, s.lo, v, ir_band(bd, act, s.lds));
        ir_store_scratch_sub_i(bd, bytes, s.lo, v, ir_band(bd, act, s.priv));
        ir_store_global_sub_i(bd, bytes, addr, v, ir_band(bd, act, s.glob));
      } else {
        ir_store_global_sub_i(bd, bytes, addr, v, active_pred(x));
      }
      break;
    default: break;
  }
}
