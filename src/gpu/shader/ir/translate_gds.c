/* DS instructions with the gds bit: GDS loads, stores and atomics, the global wave sync
 * (ds_gws_*) and ds_ordered_count as IR. The rules modelled and their evidence are in
 * docs/shader-ir.md ("GDS, GWS and ordered count"):
 *   - GDS accesses: M0[31:16] is the base and M0[15:0] the size of the wave's GDS window;
 *     a lane's access at address + offset (the window-relative address) >= size reads 0
 *     and writes nothing; otherwise it reaches GDS byte base + address + offset.
 *   - GWS: resource id (M0[21:16] + offset0[5:0]) % 64, the value of the first active lane.
 *   - ds_ordered_count (one wave): an add (or swap, offset1 bit 4) of the first active
 *     lane's value to the GDS dword at M0, the old value to every active lane.
 * Anything else with gds (sub-dword forms, mskor, src2, wrap, wrxchg2, addtid,
 * append/consume, ordered counts of several dwords) returns false: the caller counts it
 * unsupported. */
#include <string.h>

#include "gpu/shader/ir/translate_ext.h"
#include "gpu/shader/ir/translate_operands.h"

/* ds_gws_* by name: operation, and whether it takes the data operand (in the addr field) */
static const struct {
  const char *name;
  enum ir_gws op;
  bool data;
} gws_ops[] = {
    {"ds_gws_init", IR_GWS_INIT, true},
    {"ds_gws_sema_v", IR_GWS_SEMA_V, false},
    {"ds_gws_sema_br", IR_GWS_SEMA_BR, true},
    {"ds_gws_sema_p", IR_GWS_SEMA_P, false},
    {"ds_gws_sema_release_all", IR_GWS_SEMA_RELEASE_ALL, false},
    {"ds_gws_barrier", IR_GWS_BARRIER, true},
};

/* ds_ordered_count's offset1 (the offset field's bits 15:8), as llc-19 encodes
 * llvm.amdgcn.ds.ordered.add/swap for gfx1013; offset0 bits 7:2 hold the ordered-count
 * index, which orders waves and does not address GDS. */
enum {
  ORDERED_WAVE_RELEASE = 1 << 0,
  ORDERED_WAVE_DONE = 1 << 1,
  ORDERED_SHADER_TYPE = 3 << 2, /* 0 compute, 1 pixel, 2 vertex (llc-19 for cs/ps/vs) */
  ORDERED_SWAP = 1 << 4,
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
  struct gds_access g = gds_at(x, rel_plus(x, src32(x, in, 0), (uint32_t)in->offset & 0xffff));
  uint32_t pred = ir_band(bd, lane_active(x), g.ok), imm = e->detail & 0xff, old;
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
  if ((e->detail & RTN) && w64) write_vdst64(x, in, old);
  else if (e->detail & RTN) write_vdst(x, in, old);
  return true;
}

/* ds_gws_*: srcs[0] is the data VGPR of the forms that take one. */
static bool translate_gws(struct xl_state *x, const struct isa_inst *in) {
  struct ir_builder *bd = &x->b;
  for (unsigned k = 0; k < sizeof gws_ops / sizeof gws_ops[0]; k++) {
    if (strcmp(in->info->name, gws_ops[k].name) != 0) continue;
    uint32_t m0_rid = ir_iand(bd, ir_lshr(bd, get(x, IR_REG_M0), c32(x, 16)), c32(x, 63));
    uint32_t rid = ir_iand(bd, ir_iadd(bd, m0_rid, c32(x, (uint32_t)in->offset & 63)), c32(x, 63));
    uint32_t v = gws_ops[k].data ? first_active(x, src32(x, in, 0)) : c32(x, 0);
    ir_gws_i(bd, gws_ops[k].op, rid, v);
    return true;
  }
  return false;
}

/* ds_ordered_count vdst, vdata: one wave's add or swap (the ordering between waves is not
 * modelled: a single wave is always next), done by lane 0's invocation as ds_append. */
static bool translate_ordered_count(struct xl_state *x, const struct isa_inst *in) {
  struct ir_builder *bd = &x->b;
  uint32_t off1 = ((uint32_t)in->offset >> 8) & 0xff;
  if (off1 & ORDERED_DWORDS_M1) return false; /* which lane feeds which dword: unknown */
  enum ir_atomic op = (off1 & ORDERED_SWAP) ? IR_ATOMIC_SWAP : IR_ATOMIC_ADD;
  uint32_t lane0 = ir_ieq(bd, ir_lane_id(bd), c32(x, 0));
  uint32_t v = first_active(x, src32(x, in, 0));
  uint32_t old = ir_atomic_gds_i(bd, op, get(x, IR_REG_M0), v, lane0);
  write_vdst(x, in, ir_read_lane(bd, old, c32(x, 0)));
  return true;
}

bool xl_translate_gds(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  if (!e) {
    if (strcmp(in->info->name, "ds_ordered_count") == 0) return translate_ordered_count(x, in);
    return translate_gws(x, in);
  }
  switch (e->kind) {
    case K_DSREAD:
    case K_DSWRITE:
    case K_DSREAD2:
    case K_DSWRITE2: translate_gds_rw(x, in, e); return true;
    case K_DSATOMIC: return translate_gds_atomic(x, in, e);
    default: return false;
  }
}
