/* DS instructions with the gds bit: GDS loads, stores and atomics, the global wave sync
 * (ds_gws_*) and ds_ordered_count as IR. The rules modelled and their evidence are in
 * docs/shader-ir.md ("GDS, GWS and ordered count"):
 *   - GDS accesses: M0[31:16] is the base and M0[15:0] the size of the wave's GDS window;
 *     a lane's access at address + offset (the window-relative address) >= size reads 0
 *     and writes nothing; otherwise it reaches GDS byte base + address + offset. Every
 *     DS form with an address VGPR follows the LDS form's semantics under this rule.
 *   - ds_append / ds_consume: the GDS dword at M0[31:16] + offset, no size check.
 *   - GWS: resource id (M0[21:16] + offset0[5:0]) % 64, the value of the first active lane.
 *   - ds_ordered_count (one wave): an add (or swap, offset1 bits 5:4) to the GDS dwords at
 *     M0[31:16] (dword aligned; M0[15:0] is the logical wave id, the index orders waves);
 *     one dword: the first active lane's value, the old value to every active lane; n
 *     dwords: lane i < n feeds dword i and receives its old value.
 * ds_read/write_addtid_b32 with gds return false (M0[15:0] would be both the window size
 * and the base): the caller counts them unsupported. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* ds_ordered_count's offset1 (the offset field's bits 15:8), as llc-19 encodes
 * llvm.amdgcn.ds.ordered.add/swap for gfx1013; offset0 bits 7:2 hold the ordered-count
 * index, which orders waves and does not address GDS. */
enum {
  ORDERED_WAVE_RELEASE = 1 << 0,
  ORDERED_WAVE_DONE = 1 << 1,
  ORDERED_SHADER_TYPE = 3 << 2, /* 0 compute, 1 pixel, 2 vertex (llc-19 for cs/ps/vs) */
  ORDERED_OP = 3 << 4, /* 0 add, 1 swap, 3 wrap (AMD's RDNA3 ISA text) */
  ORDERED_DWORDS_M1 = 3 << 6, /* dword count - 1 */
};

static uint32_t first_active(struct xl_state *x, uint32_t v) {
  return ir_read_first_lane(&x->b, v, get(x, IR_REG_EXEC));
}

/* The GDS window of M0 and one lane access at window-relative address REL. */
struct gds_access {
  uint32_t addr; /* absolute GDS address */
  uint32_t ok;   /* U1: inside the window */
};

static struct gds_access gds_at(struct xl_state *x, uint32_t rel) {
  struct ir_builder *bd = &x->b;
  uint32_t m0 = get(x, IR_REG_M0);
  uint32_t size = ir_iand(bd, m0, c32(x, 0xffff)), base = ir_lshr(bd, m0, c32(x, 16));
  return (struct gds_access){ir_iadd(bd, base, rel), ir_ult(bd, rel, size)};
}

static uint32_t rel_plus(struct xl_state *x, uint32_t v, uint32_t k) {
  return k ? ir_iadd(&x->b, v, c32(x, k)) : v;
}

/* The access of the single-address forms (address VGPR + the 16-bit offset), and its lane
 * predicate: active and inside the window. */
static struct gds_access gds_single(struct xl_state *x, const struct isa_inst *in) {
  return gds_at(x, rel_plus(x, src32(x, in, 0), (uint32_t)in->offset & 0xffff));
}

static uint32_t in_window(struct xl_state *x, struct gds_access g) {
  return ir_band(&x->b, lane_active(x), g.ok);
}

static uint32_t gds_load(struct xl_state *x, uint32_t rel) {
  struct gds_access g = gds_at(x, rel);
  return ir_select(&x->b, g.ok, ir_load_gds(&x->b, g.addr), c32(x, 0));
}

static void gds_store(struct xl_state *x, uint32_t rel, uint32_t v) {
  struct gds_access g = gds_at(x, rel);
  ir_store_gds(&x->b, g.addr, v, ir_band(&x->b, lane_active(x), g.ok));
}

/* Loads and stores of 1-4 dwords (n), and the read2/write2 pairs. */
static void translate_gds_rw(struct xl_state *x, const struct isa_inst *in,
                             const struct xl_entry *e) {
  unsigned n = e->detail & 0xff;
  uint32_t v = src32(x, in, 0);
  if (e->kind == K_DSREAD || e->kind == K_DSWRITE) {
    uint32_t rel = rel_plus(x, v, (uint32_t)in->offset & 0xffff);
    for (unsigned i = 0; i < n; i++) {
      uint32_t at = rel_plus(x, rel, 4 * i);
      if (e->kind == K_DSREAD && in->num_defs) write_v32(x, defp(in, 0), i, gds_load(x, at));
      if (e->kind == K_DSWRITE) gds_store(x, at, src_dword(x, srcp(in, 1), i, false));
    }
    return;
  }
  /* two elements at offset0 and offset1 x the element size (x 64 for st64) */
  uint32_t stride = 4 * n * ((e->detail & SIGNED) ? 64 : 1);
  uint32_t offs[2] = {(uint32_t)in->offset & 0xff, in->offset1};
  for (unsigned h = 0; h < 2; h++) {
    uint32_t a = rel_plus(x, v, offs[h] * stride);
    for (unsigned i = 0; i < n; i++) {
      uint32_t at = rel_plus(x, a, 4 * i);
      if (e->kind == K_DSREAD2 && in->num_defs)
        write_v32(x, defp(in, 0), h * n + i, gds_load(x, at));
      if (e->kind == K_DSWRITE2) gds_store(x, at, src_dword(x, srcp(in, 1 + h), i, false));
    }
  }
}

/* 32- and 64-bit atomics and compare-and-store (srcs: addr, data0 = compare, data1 = new).
 * A lane outside the window changes nothing and returns 0. */
static bool translate_gds_atomic(struct xl_state *x, const struct isa_inst *in,
                                 const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  struct gds_access g = gds_single(x, in);
  uint32_t pred = in_window(x, g), imm = e->detail & 0xff, old;
  bool w64 = e->op == IR_OP_atomic_lds64 || e->op == IR_OP_atomic_lds_cmpst64;
  switch (e->op) {
    case IR_OP_atomic_lds: old = ir_atomic_gds_i(bd, imm, g.addr, src32(x, in, 1), pred); break;
    case IR_OP_atomic_lds64:
      old = ir_atomic_gds64_i(bd, imm, g.addr, src64(x, in, 1, false), pred);
      break;
    case IR_OP_atomic_lds_cmpst:
      old = ir_atomic_gds_cmpst_i(bd, imm, g.addr, src32(x, in, 2), src32(x, in, 1), pred);
      break;
    case IR_OP_atomic_lds_cmpst64:
      old = ir_atomic_gds_cmpst64_i(bd, imm, g.addr, src64(x, in, 2, false), src64(x, in, 1, false),
                                    pred);
      break;
    default: return false;
  }
  xl_write_ds_old(x, in, (e->detail & RTN) | (w64 ? W64 : 0), old);
  return true;
}

/* ds_gws_*: srcs[0] is the data VGPR of the forms that take one (MX_GWS_DATA). */
static void translate_gws(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  uint32_t m0_rid = ir_iand(bd, ir_lshr(bd, get(x, IR_REG_M0), c32(x, 16)), c32(x, 63));
  uint32_t rid = ir_iand(bd, ir_iadd(bd, m0_rid, c32(x, (uint32_t)in->offset & 63)), c32(x, 63));
  uint32_t v = (detail & MX_GWS_DATA) ? first_active(x, src32(x, in, 0)) : c32(x, 0);
  ir_gws_i(bd, detail & 0xff, rid, v);
}

/* ds_ordered_count vdst, vdata: one wave's add or swap (the ordering between waves is not
 * modelled: a single wave is always next) at B = M0[31:16] & ~3: AMD's RDNA3 ISA text puts
 * the ordered-count base (in dwords) in M0[31:18] and the logical wave id in M0[15:0]
 * (Mesa's GFX10 streamout passes the ordered wave id as M0 and keeps its counters at GDS
 * 0). One dword: done by lane 0's invocation as ds_append with the first active lane's
 * value. n dwords (2-4): lane i < n, when active, adds (swaps) its own value to dword
 * B + 4 i and receives that dword's old value; other lanes keep vdst (Mesa: lanes 0-3
 * active, each reads back its streamout buffer's dword). */
static bool translate_ordered_count(struct xl_state *x, const struct isa_inst *in) {
  struct ir_builder *bd = &x->b;
  uint32_t off1 = ((uint32_t)in->offset >> 8) & 0xff;
  unsigned n = ((off1 & ORDERED_DWORDS_M1) >> 6) + 1;
  unsigned kind = (off1 & ORDERED_OP) >> 4;
  if (kind > 1) return false; /* wrap has no second operand here; 2 is not defined */
  enum ir_atomic op = kind ? IR_ATOMIC_SWAP : IR_ATOMIC_ADD;
  uint32_t lane = ir_lane_id(bd);
  uint32_t base = ir_iand(bd, ir_lshr(bd, get(x, IR_REG_M0), c32(x, 16)), c32(x, 0xfffc));
  if (n == 1) {
    uint32_t v = first_active(x, src32(x, in, 0));
    uint32_t old = ir_atomic_gds_i(bd, op, base, v, ir_ieq(bd, lane, c32(x, 0)));
    write_vdst(x, in, ir_read_lane(bd, old, c32(x, 0)));
    return true;
  }
  uint32_t feeds = ir_ult(bd, lane, c32(x, n));
  uint32_t a = ir_iadd(bd, base, ir_shl(bd, lane, c32(x, 2)));
  uint32_t old = ir_atomic_gds_i(bd, op, a, src32(x, in, 0), ir_band(bd, lane_active(x), feeds));
  write_vdst(x, in, ir_select(bd, feeds, old, src_dword(x, defp(in, 0), 0, false)));
  return true;
}

/* ds_read_u8/i8/u16/i16(_d16, _d16_hi), ds_write_b8/b16(_d16_hi): as the LDS forms; a
 * load outside the window reads 0 (which a D16 form still writes into its half). */
static void translate_gds_sub(struct xl_state *x, const struct isa_inst *in,
                              const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  struct gds_access g = gds_single(x, in);
  uint64_t bytes = e->detail & 0xff;
  if (e->kind == K_DS_SUB_STORE) {
    uint32_t v = xl_subdword_store_data(x, srcp(in, 1), e->detail);
    ir_store_gds_sub_i(bd, bytes, g.addr, v, in_window(x, g));
    return;
  }
  uint32_t v = ir_select(bd, g.ok, ir_load_gds_sub_i(bd, bytes, g.addr), c32(x, 0));
  if (in->num_defs) xl_write_subdword_load(x, in, e->detail, v);
}

/* ds_mskor (MEM = (MEM & ~data0) | data1) and ds_wrap_rtn_b32 (old >= data0 ? old - data0
 * : old + data1), the old value returned */
static void translate_gds_mskor_wrap(struct xl_state *x, const struct isa_inst *in,
                                     uint32_t detail) {
  struct ir_builder *bd = &x->b;
  struct gds_access g = gds_single(x, in);
  uint32_t pred = in_window(x, g), old;
  if (MX_KIND(detail) == MX_WRAP) {
    old = ir_atomic_gds_wrap(bd, g.addr, src32(x, in, 1), src32(x, in, 2), pred);
    detail |= RTN;
  } else if (detail & W64) {
    old = ir_atomic_gds_mskor64(bd, g.addr, src64(x, in, 1, false), src64(x, in, 2, false), pred);
  } else {
    old = ir_atomic_gds_mskor(bd, g.addr, src32(x, in, 1), src32(x, in, 2), pred);
  }
  xl_write_ds_old(x, in, detail, old);
}

/* ds_wrxchg2(st64)_rtn: two exchanges at offset0/offset1 x size (x 64 for st64), each
 * under the window rule; vdst takes both old values */
static void translate_gds_wrxchg2(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  bool w64 = detail & W64;
  uint32_t dwords = w64 ? 2 : 1, stride = 4 * dwords * ((detail & SIGNED) ? 64 : 1);
  uint32_t offs[2] = {(uint32_t)in->offset & 0xff, in->offset1}, old[2];
  for (unsigned h = 0; h < 2; h++) {
    struct gds_access g = gds_at(x, rel_plus(x, src32(x, in, 0), offs[h] * stride));
    uint32_t pred = in_window(x, g);
    old[h] = w64 ? ir_atomic_gds64_i(bd, IR_ATOMIC_SWAP, g.addr, src64(x, in, 1 + h, false), pred)
                 : ir_atomic_gds_i(bd, IR_ATOMIC_SWAP, g.addr, src32(x, in, 1 + h), pred);
  }
  xl_write_ds_pair(x, in, old, w64);
}

/* No GDS byte: an absolute address past any GDS (window base and size are 16 bits), which
 * the interpreter reads as 0. */
#define GDS_NOWHERE 0xffffffffu

/* ds_<op>_src2_<type>: MEM[A] = MEM[A] op MEM[B] with the LDS form's A and B taken as
 * window-relative addresses: A outside the window changes nothing, B outside reads 0. */
static void translate_gds_src2(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  uint32_t a, b;
  xl_src2_addresses(x, in, detail, &a, &b);
  struct gds_access ga = gds_at(x, a), gb = gds_at(x, b);
  uint32_t from = ir_select(bd, gb.ok, gb.addr, c32(x, GDS_NOWHERE));
  if (detail & W64) ir_atomic_gds_src2_64_i(bd, detail & 0xff, ga.addr, from, in_window(x, ga));
  else ir_atomic_gds_src2_i(bd, detail & 0xff, ga.addr, from, in_window(x, ga));
}

/* ds_append / ds_consume with gds: once per wave (lane 0's invocation), the GDS dword at
 * M0[31:16] + offset gains (loses) the number of lanes in EXEC; every lane receives the old
 * value. AMD's RDNA3 ISA text: addr = M0.base + offset, in GDS "the M0.base constant has
 * the physical GDS address", no M0.size clamp (that is the LDS case). llc-19 instead puts a
 * region pointer into all of M0 (s_mov_b32 m0, ptr; constant part in the offset): the two
 * agree for pointer 0. */
static void translate_gds_append(struct xl_state *x, const struct isa_inst *in, uint32_t detail) {
  struct ir_builder *bd = &x->b;
  uint32_t exec = get(x, IR_REG_EXEC);
  if (!x->wave64) exec = ir_iand64(bd, exec, c64(x, 0xffffffffu));
  uint32_t base = ir_lshr(bd, get(x, IR_REG_M0), c32(x, 16));
  uint32_t a = rel_plus(x, base, (uint32_t)in->offset & 0xffff);
  uint32_t lane0 = ir_ieq(bd, ir_lane_id(bd), c32(x, 0));
  uint32_t old = ir_atomic_gds_i(bd, detail & 0xff, a, ir_bitcount64(bd, exec), lane0);
  if (in->num_defs) write_vdst(x, in, ir_read_lane(bd, old, c32(x, 0)));
}

/* ds_condxchg32_rtn_b64 with gds: the LDS form's two conditional exchanges at
 * window-relative A0 and A0 + 4, each under the window rule. */
static void translate_gds_condxchg(struct xl_state *x, const struct isa_inst *in) {
  uint32_t mask[2], value[2], old[2];
  uint32_t a0 = xl_condxchg_operands(x, in, mask, value);
  for (unsigned h = 0; h < 2; h++) {
    struct gds_access g = gds_at(x, rel_plus(x, a0, 4 * h));
    old[h] = ir_atomic_gds_mskor(&x->b, g.addr, mask[h], value[h], in_window(x, g));
  }
  xl_write_ds_pair(x, in, old, false);
}

/* The K_MEM_EXT rows with gds. ds_read/write_addtid_b32 stay counted: their LDS address
 * starts at M0[15:0], which for GDS is the window size (the rule is not established). */
static bool translate_gds_row(struct xl_state *x, const struct isa_inst *in, uint32_t d) {
  switch (MX_KIND(d)) {
    case MX_MSKOR:
    case MX_WRAP: translate_gds_mskor_wrap(x, in, d); return true;
    case MX_WRXCHG2: translate_gds_wrxchg2(x, in, d); return true;
    case MX_SRC2: translate_gds_src2(x, in, d); return true;
    case MX_APPEND: translate_gds_append(x, in, d); return true;
    case MX_GWS: translate_gws(x, in, d); return true;
    case MX_ORDERED: return translate_ordered_count(x, in);
    case MX_CONDXCHG: translate_gds_condxchg(x, in); return true;
    default: return false;
  }
}

bool xl_translate_gds(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  if (!e) return false;
  switch (e->kind) {
    case K_DSREAD:
    case K_DSWRITE:
    case K_DSREAD2:
    case K_DSWRITE2: translate_gds_rw(x, in, e); return true;
    case K_DSATOMIC: return translate_gds_atomic(x, in, e);
    case K_DS_SUB_LOAD:
    case K_DS_SUB_STORE: translate_gds_sub(x, in, e); return true;
    case K_MEM_EXT: return translate_gds_row(x, in, e->detail);
    default: return false;
  }
}
