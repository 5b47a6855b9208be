/* Memory ordering between the lanes of a wave: where the fences around writes are needed
 * (docs/shader-spirv.md, "Memory order between lanes").
 *
 * The lanes of a wave execute a memory instruction together, in program order; the
 * invocations of a Vulkan workgroup do not, so a write is fenced by workgroup barriers:
 * before it when a memory access (guest memory or LDS) may have happened since the last
 * fence (lane B's write must not overtake lane A's earlier read or write), after it when
 * one may follow before the next fence (lane A's later access must see lane B's write).
 * The two questions are data-flow problems over the CFG, solved once per function:
 * "dirty" (an access since the last fence) forward, "follows" (an access before the next
 * fence) backward. Only the IR's barrier counts as a fence here; the barriers inside
 * cross-lane operations are taken into account at emission (struct emit.fenced) only. */
#include <stdlib.h>

#include "gpu/shader/spirv/spirv_emit_internal.h"

/* Whether OP reads or writes memory another lane may see (guest memory, LDS, GDS): every
 * operation that reads or writes memory except those that touch none of it. */
static bool is_access(enum ir_op op) {
  switch (op) {
    case IR_OP_barrier:
    case IR_OP_wait_counters:
    case IR_OP_observe:
    case IR_OP_set_float_mode:
    case IR_OP_set_reg:
    case IR_OP_aperture_hi:
    case IR_OP_wave_id:
    case IR_OP_read_clock:
    case IR_OP_get_hwreg: return false;
    default: return (ir_op_infos[op].flags & (IR_MEM | IR_SIDE)) != 0;
  }
}

/* Whether the emission of OP ends with write_end() (so a fence follows it when needed) */
static bool ends_with_fence(enum ir_op op) {
  switch (op) {
    case IR_OP_store_global:
    case IR_OP_store_global_sub:
    case IR_OP_store_buffer:
    case IR_OP_store_buffer_sub:
    case IR_OP_atomic_buffer:
    case IR_OP_atomic_global:
    case IR_OP_store_lds: return true;
    default: return false;
  }
}

/* Backward scan of block B from FOLLOW (an access after its end): the value at its start;
 * with MARK, records per instruction whether an access follows it. */
static bool scan_back(struct emit *e, uint32_t b, bool follow, bool mark) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *blk = &fn->blocks[b];
  for (uint32_t i = blk->count; i-- > 0;) {
    uint32_t id = blk->insts[i];
    const struct ir_inst *in = &fn->insts[id];
    if (in->dead) continue;
    if (mark) e->follows[id] = follow;
    if (in->op == IR_OP_barrier) follow = false;
    else if (is_access((enum ir_op)in->op)) follow = true;
  }
  return follow;
}

static bool scan_forward(struct emit *e, uint32_t b, bool dirty) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *blk = &fn->blocks[b];
  for (uint32_t i = 0; i < blk->count; i++) {
    uint32_t id = blk->insts[i];
    const struct ir_inst *in = &fn->insts[id];
    if (in->dead) continue;
    if (in->op == IR_OP_barrier) dirty = false;
    else if (is_access((enum ir_op)in->op))
      dirty = !(ends_with_fence((enum ir_op)in->op) && e->follows[id]);
  }
  return dirty;
}

bool spirv_fence_plan(struct emit *e) {
  const struct ir_function *fn = e->fn;
  uint32_t nb = fn->block_count, n = cfg_graph_rpo_count(fn->cfg);
  e->follows = calloc(fn->inst_count ? fn->inst_count : 1, sizeof *e->follows);
  e->dirty_in = calloc(nb ? nb : 1, sizeof *e->dirty_in);
  bool *in = calloc(nb ? nb : 1, sizeof *in), *out = calloc(nb ? nb : 1, sizeof *out);
  bool ok = e->follows && e->dirty_in && in && out;
  /* follows: in[b] = an access may follow b's start; monotone, so iterate to the fixpoint */
  for (bool changed = ok; changed;) {
    changed = false;
    for (uint32_t k = n; k-- > 0;) {
      uint32_t b = cfg_graph_rpo_node(fn->cfg, k);
      if (b >= nb) continue;
      bool f = false;
      for (uint32_t s = 0; s < cfg_graph_succ_count(fn->cfg, b); s++) {
        uint32_t t = cfg_graph_succ(fn->cfg, b, s);
        f |= t < nb && in[t];
      }
      bool v = scan_back(e, b, f, false);
      if (v && !in[b]) {
        in[b] = true;
        changed = true;
      }
    }
  }
  for (uint32_t k = 0; ok && k < n; k++) {
    uint32_t b = cfg_graph_rpo_node(fn->cfg, k);
    if (b >= nb) continue;
    bool f = false;
    for (uint32_t s = 0; s < cfg_graph_succ_count(fn->cfg, b); s++) {
      uint32_t t = cfg_graph_succ(fn->cfg, b, s);
      f |= t < nb && in[t];
    }
    scan_back(e, b, f, true);
  }
  /* dirty: out[b] = an access since the last fence at b's end */
  for (uint32_t b = 0; ok && b < nb; b++) out[b] = false;
  for (bool changed = ok; changed;) {
    changed = false;
    for (uint32_t k = 0; k < n; k++) {
      uint32_t b = cfg_graph_rpo_node(fn->cfg, k);
      if (b >= nb) continue;
      bool d = false;
      for (uint32_t p = 0; p < cfg_graph_pred_count(fn->cfg, b); p++) {
        uint32_t q = cfg_graph_pred(fn->cfg, b, p);
        d |= q < nb && out[q];
      }
      e->dirty_in[b] = d;
      bool v = scan_forward(e, b, d);
      if (v && !out[b]) {
        out[b] = true;
        changed = true;
      }
    }
  }
  free(in);
  free(out);
  if (!ok) e->b.failed = true;
  return ok;
}

void spirv_fence_free(struct emit *e) {
  free(e->follows);
  free(e->dirty_in);
  e->follows = NULL;
  e->dirty_in = NULL;
}

/* ---- guest addresses: the range table ---------------------------------------------------
 * The entry block loads the table's SPIRV_RANGE_SLOTS entries once (uniform values: one
 * scalar load each on a device that sees uniformity, such as lavapipe); an access then
 * tests its address against every slot with a compare and a select, no control flow and
 * no memory access (a loop over the table in a function cost lavapipe 25 times the
 * access itself). Unused slots hold a base above the 48-bit space, so they never match. */

static uint32_t ranges_u64(struct emit *e, uint32_t index) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassStorageBuffer, e->t_u32);
  uint32_t w[3] = {e->ranges_var, cu32(e, 0), cu32(e, index)};
  uint32_t lo = op1(e, SpvOpLoad, e->t_u32, spv_op(&e->b, SpvOpAccessChain, pt, w, 3));
  w[2] = cu32(e, index + 1);
  uint32_t hi = op1(e, SpvOpLoad, e->t_u32, spv_op(&e->b, SpvOpAccessChain, pt, w, 3));
  return op2(e, SpvOpBitwiseOr, e->t_u64, to_u64(e, lo),
             op2(e, SpvOpShiftLeftLogical, e->t_u64, to_u64(e, hi), cu32(e, 32)));
}

void spirv_guest_ranges_load(struct emit *e) {
  /* the range count, a specialization constant: slot i is tested when i < count */
  uint32_t count = spv_id(&e->b), id = SPIRV_SPEC_RANGE_COUNT;
  uint32_t sc[3] = {e->t_u32, count, SPIRV_RANGE_SLOTS};
  spv_inst(&e->b, SPV_SEC_GLOBAL, SpvOpSpecConstant, sc, 3);
  spv_decorate(&e->b, count, SpvDecorationSpecId, &id, 1);
  spv_name(&e->b, count, "range_count");
  for (uint32_t i = 1; i < SPIRV_RANGE_SLOTS; i++) {
    uint32_t slot = cu32(e, i);
    e->range_live[i] = spv_id(&e->b);
    uint32_t w[5] = {e->t_bool, e->range_live[i], SpvOpULessThan, slot, count};
    spv_inst(&e->b, SPV_SEC_GLOBAL, SpvOpSpecConstantOp, w, 5);
  }
  for (uint32_t i = 0; i < SPIRV_RANGE_SLOTS; i++) {
    uint32_t at = SPIRV_RANGES_FIRST + i * SPIRV_RANGE_DWORDS;
    e->range_base[i] = ranges_u64(e, at);
    e->range_size[i] = ranges_u64(e, at + 2);
    e->range_dev[i] = ranges_u64(e, at + 4);
  }
}

uint32_t spirv_guest_addr(struct emit *e, uint32_t g64, uint32_t bytes, uint32_t *active) {
  uint32_t u64 = e->t_u64, bl = e->t_bool;
  uint32_t g = op2(e, SpvOpBitwiseAnd, u64, g64, cu64(e, 0xffffffffffffull));
  uint32_t r = cu64(e, 0);
  /* the last slot first, so the first range holding the access wins */
  for (uint32_t i = SPIRV_RANGE_SLOTS; i-- > 0;) {
    uint32_t off = op2(e, SpvOpISub, u64, g, e->range_base[i]);
    /* the whole access inside: off < size - (bytes - 1) (sizes are at least 4) */
    uint32_t lim =
        bytes > 1 ? op2(e, SpvOpISub, u64, e->range_size[i], cu64(e, bytes - 1)) : e->range_size[i];
    uint32_t hit = op2(e, SpvOpULessThan, bl, off, lim);
    if (i) hit = op2(e, SpvOpLogicalAnd, bl, e->range_live[i], hit);
    r = sel(e, u64, hit, op2(e, SpvOpIAdd, u64, e->range_dev[i], off), r);
  }
  uint32_t mapped = op2(e, SpvOpINotEqual, bl, r, cu64(e, 0));
  *active = *active ? op2(e, SpvOpLogicalAnd, bl, *active, mapped) : mapped;
  return r;
}
