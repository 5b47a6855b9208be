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
#include <string.h>

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
    case IR_OP_code_base: /* the wave state's dwords, never written */
    case IR_OP_read_clock:
    case IR_OP_bad_jump: /* a fault note (selects on function variables) */
    case IR_OP_send_msg: /* emitted as nothing (the no-op messages) */
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
    case IR_OP_store_buffer_fmt:
    case IR_OP_atomic_buffer:
    case IR_OP_atomic_global:
    case IR_OP_atomic_lds:
    case IR_OP_atomic_lds_cmpst:
    case IR_OP_atomic_global_cmpswap:
    case IR_OP_atomic_global64:
    case IR_OP_atomic_global_cmpswap64:
    case IR_OP_atomic_buffer_cmpswap:
    case IR_OP_atomic_buffer64:
    case IR_OP_atomic_buffer_cmpswap64:
    case IR_OP_atomic_lds64:
    case IR_OP_atomic_lds_cmpst64:
    case IR_OP_store_gds:
    case IR_OP_atomic_gds:
    case IR_OP_atomic_gds_cmpst:
    case IR_OP_atomic_gds64:
    case IR_OP_atomic_gds_cmpst64:
    case IR_OP_image_store:
    case IR_OP_image_atomic:
    case IR_OP_image_atomic_cmpswap:
    case IR_OP_store_lds: return true;
    default: return spirv_lds_ends_with_fence(op);
  }
}

/* A block's effect on one of the two problems: the value at its far end is decided by its
 * first (backward: last) barrier or access, or is the value at its near end when it has
 * neither. */
enum effect { PASS, SET, CLEAR };

/* "follows" across block B (backward): an access in front of any barrier sets it, a barrier
 * in front of any access clears it; with MARK, records per instruction whether an access
 * may follow it before the next fence, given FOLLOW at B's end. */
static enum effect follows_effect(const struct emit *e, uint32_t b) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *blk = &fn->blocks[b];
  for (uint32_t i = 0; i < blk->count; i++) {
    const struct ir_inst *in = &fn->insts[blk->insts[i]];
    if (in->dead) continue;
    if (in->op == IR_OP_barrier) return CLEAR;
    if (is_access((enum ir_op)in->op)) return SET;
  }
  return PASS;
}

static void mark_follows(struct emit *e, uint32_t b, bool follow) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *blk = &fn->blocks[b];
  for (uint32_t i = blk->count; i-- > 0;) {
    uint32_t id = blk->insts[i];
    const struct ir_inst *in = &fn->insts[id];
    if (in->dead) continue;
    e->follows[id] = follow;
    if (in->op == IR_OP_barrier) follow = false;
    else if (is_access((enum ir_op)in->op)) follow = true;
  }
}

/* "dirty" across block B (forward, after mark_follows): the last barrier or access decides;
 * a write whose emission ends with a fence (write_end) leaves it clean. */
static enum effect dirty_effect(const struct emit *e, uint32_t b) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *blk = &fn->blocks[b];
  for (uint32_t i = blk->count; i-- > 0;) {
    uint32_t id = blk->insts[i];
    const struct ir_inst *in = &fn->insts[id];
    if (in->dead) continue;
    if (in->op == IR_OP_barrier) return CLEAR;
    if (is_access((enum ir_op)in->op))
      return ends_with_fence((enum ir_op)in->op) && e->follows[id] ? CLEAR : SET;
  }
  return PASS;
}

/* Both problems are "may" problems over booleans that only grow from false: a block's value
 * is SET by its own effect or passed through from a neighbour that has it, so each block is
 * set at most once and queued at most once (linear in blocks plus edges, after one pass over
 * the instructions for the effects and one to mark them). Only blocks reachable from the
 * entry (those in the RPO) take part. */
bool spirv_fence_plan(struct emit *e) {
  const struct ir_function *fn = e->fn;
  const struct cfg_graph *g = fn->cfg;
  uint32_t nb = fn->block_count, n = cfg_graph_rpo_count(g), size = nb ? nb : 1;
  e->follows = calloc(fn->inst_count ? fn->inst_count : 1, sizeof *e->follows);
  e->dirty_in = calloc(size, sizeof *e->dirty_in);
  bool *in = calloc(size, sizeof *in), *out = calloc(size, sizeof *out);
  bool *live = calloc(size, sizeof *live);
  uint8_t *effect = calloc(size, sizeof *effect);
  uint32_t *work = malloc(size * sizeof *work);
  bool ok = e->follows && e->dirty_in && in && out && live && effect && work;
  uint32_t top = 0;
  for (uint32_t k = 0; ok && k < n; k++) {
    uint32_t b = cfg_graph_rpo_node(g, k);
    if (b < nb) live[b] = true;
  }
  /* follows: in[b] = an access may follow b's start */
  for (uint32_t b = 0; ok && b < nb; b++) {
    if (!live[b]) continue;
    effect[b] = (uint8_t)follows_effect(e, b);
    if (effect[b] == SET) in[b] = true, work[top++] = b;
  }
  while (top) {
    uint32_t t = work[--top];
    for (uint32_t p = 0; p < cfg_graph_pred_count(g, t); p++) {
      uint32_t q = cfg_graph_pred(g, t, p);
      if (q < nb && live[q] && !in[q] && effect[q] == PASS) in[q] = true, work[top++] = q;
    }
  }
  for (uint32_t b = 0; ok && b < nb; b++) {
    if (!live[b]) continue;
    bool f = false;
    for (uint32_t s = 0; s < cfg_graph_succ_count(g, b) && !f; s++) {
      uint32_t t = cfg_graph_succ(g, b, s);
      f = t < nb && in[t];
    }
    mark_follows(e, b, f);
  }
  /* dirty: out[b] = an access since the last fence at b's end */
  for (uint32_t b = 0; ok && b < nb; b++) {
    if (!live[b]) continue;
    effect[b] = (uint8_t)dirty_effect(e, b);
    if (effect[b] == SET) out[b] = true, work[top++] = b;
  }
  while (top) {
    uint32_t q = work[--top];
    for (uint32_t s = 0; s < cfg_graph_succ_count(g, q); s++) {
      uint32_t t = cfg_graph_succ(g, q, s);
      if (t < nb && live[t] && !out[t] && effect[t] == PASS) out[t] = true, work[top++] = t;
    }
  }
  for (uint32_t b = 0; ok && b < nb; b++) {
    bool d = false;
    for (uint32_t p = 0; live[b] && p < cfg_graph_pred_count(g, b) && !d; p++) {
      uint32_t q = cfg_graph_pred(g, b, p);
      d = q < nb && out[q];
    }
    e->dirty_in[b] = d;
  }
  free(in);
  free(out);
  free(live);
  free(effect);
  free(work);
  if (!ok) e->b.failed = true;
  return ok;
}

void spirv_fence_free(struct emit *e) {
  free(e->follows);
  free(e->dirty_in);
  free(e->split);
  free(e->split_after);
  free(e->end);
  e->follows = NULL;
  e->dirty_in = NULL;
  e->split = e->end = e->split_after = NULL;
}

/* ---- guest addresses: the range table ---------------------------------------------------
 * The entry block loads the table's SPIRV_RANGE_SLOTS entries once (uniform values: one
 * scalar load each on a device that sees uniformity, such as lavapipe); an access then
 * tests its address against every slot with a compare and a select, no control flow and
 * no memory access (a loop over the table in a function cost lavapipe 25 times the
 * access itself). Unused slots hold a base above the 48-bit space, so they never match. An
 * active lane's access in no range is counted for the fault record (spirv_emit_fault.c). */

uint32_t spirv_ranges_u64(struct emit *e, uint32_t index) { /* INDEX: a dword, even */
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassStorageBuffer, e->t_u64);
  uint32_t w[3] = {e->ranges_var, cu32(e, 0), cu32(e, index / 2)};
  return op1(e, SpvOpLoad, e->t_u64, spv_op(&e->b, SpvOpAccessChain, pt, w, 3));
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
    e->range_base[i] = spirv_ranges_u64(e, at);
    e->range_size[i] = spirv_ranges_u64(e, at + 2);
    e->range_dev[i] = spirv_ranges_u64(e, at + 4);
  }
  e->fault_lane = op2(e, SpvOpBitwiseOr, e->t_u32, e->lane,
                      op2(e, SpvOpShiftLeftLogical, e->t_u32, e->wave, cu32(e, 8)));
  e->fault_lane0 = op2(e, SpvOpIEqual, e->t_bool, e->lane, cu32(e, 0));
}

uint32_t spirv_guest_addr(struct emit *e, uint32_t g64, uint32_t bytes, uint32_t *active) {
  uint32_t u64 = e->t_u64, bl = e->t_bool;
  uint32_t g = op2(e, SpvOpBitwiseAnd, u64, g64, cu64(e, 0xffffffffffffull));
  uint32_t r = cu64(e, 0), mapped = 0;
  /* the last slot first, so the first range holding the access wins; MAPPED: any slot
   * holds it (with one range: a subtraction, a compare and an addition per access) */
  for (uint32_t i = SPIRV_RANGE_SLOTS; i-- > 0;) {
    uint32_t off = op2(e, SpvOpISub, u64, g, e->range_base[i]);
    /* the whole access inside: off < size - (bytes - 1) (sizes are at least 4) */
    uint32_t lim =
        bytes > 1 ? op2(e, SpvOpISub, u64, e->range_size[i], cu64(e, bytes - 1)) : e->range_size[i];
    uint32_t hit = op2(e, SpvOpULessThan, bl, off, lim);
    if (i) hit = op2(e, SpvOpLogicalAnd, bl, e->range_live[i], hit);
    uint32_t dev = op2(e, SpvOpIAdd, u64, e->range_dev[i], off);
    r = i == SPIRV_RANGE_SLOTS - 1 ? dev : sel(e, u64, hit, dev, r);
    mapped = mapped ? op2(e, SpvOpLogicalOr, bl, hit, mapped) : hit;
  }
  spirv_fault_note(e, *active, mapped, g, bytes);
  *active = *active ? op2(e, SpvOpLogicalAnd, bl, *active, mapped) : mapped;
  return r;
}

uint32_t spirv_guest_addr_n(struct emit *e, uint32_t g64, uint32_t bytes64, uint32_t *active) {
  uint32_t u64 = e->t_u64, bl = e->t_bool;
  uint32_t g = op2(e, SpvOpBitwiseAnd, u64, g64, cu64(e, 0xffffffffffffull));
  uint32_t r = cu64(e, 0), mapped = 0;
  for (uint32_t i = SPIRV_RANGE_SLOTS; i-- > 0;) { /* as spirv_guest_addr */
    uint32_t off = op2(e, SpvOpISub, u64, g, e->range_base[i]);
    /* the whole access inside: size >= bytes and off <= size - bytes */
    uint32_t fits = op2(e, SpvOpUGreaterThanEqual, bl, e->range_size[i], bytes64);
    uint32_t lim = op2(e, SpvOpISub, u64, e->range_size[i], bytes64);
    uint32_t hit = op2(e, SpvOpLogicalAnd, bl, fits, op2(e, SpvOpULessThanEqual, bl, off, lim));
    if (i) hit = op2(e, SpvOpLogicalAnd, bl, e->range_live[i], hit);
    uint32_t dev = op2(e, SpvOpIAdd, u64, e->range_dev[i], off);
    r = i == SPIRV_RANGE_SLOTS - 1 ? dev : sel(e, u64, hit, dev, r);
    mapped = mapped ? op2(e, SpvOpLogicalOr, bl, hit, mapped) : hit;
  }
  spirv_fault_note(e, *active, mapped, g, 0);
  *active = *active ? op2(e, SpvOpLogicalAnd, bl, *active, mapped) : mapped;
  return r;
}

/* ---- guarded fences ------------------------------------------------------------------------
 * The fence before a store keeps lane B's store from overtaking lane A's earlier access of
 * the same bytes. Kernels mostly address guest memory as an SGPR pair plus a 32-bit VGPR
 * offset (global_load_dword v, v_off, s[0:1]) whose lane-varying part is small (the thread
 * id times the element size): then whether two lanes' accesses can meet depends on the
 * SGPR bases alone, which the dispatch knows. Such a fence is emitted under
 * SPIRV_SPEC_GUARDED_FENCES with a guard per pair of accesses it orders; the dispatch
 * checks the guards against the waves' SGPRs (spirv_guarded_fences) and leaves the fences
 * out of the pipeline when they all hold. A barrier that is merely skipped at run time is
 * not enough: lavapipe runs a shader with any barrier as coroutines, the cost the fence
 * had (bench.shader_gpu_bandwidth).
 *
 * The offset's form: a 32-bit value V is U + L (mod 2^32), U the same in every lane of the
 * wave (named by a symbol: 0 for none, else the IR value that computes it) and L an exact
 * integer in [lo, hi] that varies by lane. Offsets of the same symbol differ between lanes
 * by the difference of their L parts, plus or minus 2^32 when one wrapped. */

struct form {
  bool known;
  uint32_t sym;
  int64_t lo, hi;
};

#define FORM_LIMIT (1ll << 40)
#define MAX_GUARDS 16
#define MAX_WINDOW 16
/* levels a predicate's form is worked out again (no memo there: at most 2^PRED_DEPTH
 * visits per access for binary operations) */
#define PRED_DEPTH 8

struct guard {
  uint32_t a[2], b[2]; /* the SGPRs of the two bases (lo, hi) */
  int64_t dlo, dhi;    /* the store's L minus the other access's L */
};

struct access_form {
  bool known;
  uint32_t base[2];
  struct form off;
};

static struct form bounded(struct form f) {
  if (!f.known || f.lo < -FORM_LIMIT || f.hi > FORM_LIMIT || f.hi - f.lo >= (1ll << 31))
    return (struct form){0};
  return f;
}

static bool is_const_form(struct form f) { return f.known && f.sym == 0 && f.lo == f.hi; }

/* The form of value ID; with PRED (not IR_NONE) as seen by a lane whose access is
 * predicated by PRED: select(PRED, a, b) is a there (other lanes access their junk dword),
 * worked out again up to DEPTH levels, the plain forms FORMS below that. */
static struct form form_of(const struct emit *e, const struct form *forms, uint32_t id,
                           uint32_t pred, int depth) {
  const struct ir_function *fn = e->fn;
  const struct ir_inst *in = &fn->insts[id];
  const uint32_t *a = ir_inst_args(fn, id);
  struct form none = {0}, uni = {true, id + 1, 0, 0};
  if (in->type != IR_TYPE_U32) return none;
  for (uint32_t k = 0; k < in->arg_count; k++)
    if (a[k] >= fn->inst_count) return none;
#define ARG(k) \
  (pred != IR_NONE && depth > 0 ? form_of(e, forms, a[k], pred, depth - 1) : forms[a[k]])
  if (in->op == IR_OP_select && a[0] == pred) return ARG(1);
  struct form x = in->arg_count > 0 && in->op != IR_OP_select ? ARG(0) : none;
  struct form y = in->arg_count > 1 && in->op != IR_OP_select ? ARG(1) : none;
  switch ((enum ir_op)in->op) {
    case IR_OP_const:
      return (struct form){true, 0, (int64_t)(uint32_t)in->imm, (int64_t)(uint32_t)in->imm};
    case IR_OP_entry_reg: {
      uint32_t reg = (uint32_t)in->imm;
      if (reg < IR_REG_VGPR0) return uni; /* scalar state: the same in every lane */
      if (!e->entry_vgprs) return none;
      if (reg - IR_REG_VGPR0 >= e->entry_vgprs) return (struct form){true, 0, 0, 0}; /* reads 0 */
      return (struct form){true, 0, 0, SPIRV_GUARD_TID_MAX}; /* a thread id */
    }
    case IR_OP_copy: return x;
    case IR_OP_select:
      x = ARG(1);
      y = ARG(2);
      if (!x.known || !y.known || x.sym != y.sym) return none;
      return (struct form){true, x.sym, x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi};
    case IR_OP_iadd:
      if (!x.known || !y.known) return none;
      return bounded((struct form){true,
                                   !x.sym   ? y.sym
                                   : !y.sym ? x.sym
                                            : id + 1,
                                   x.lo + y.lo, x.hi + y.hi});
    case IR_OP_isub:
      if (!x.known || !y.known) return none;
      return bounded((struct form){true, !y.sym ? x.sym : id + 1, x.lo - y.hi, x.hi - y.lo});
    case IR_OP_shl: {
      if (!x.known || !is_const_form(y)) return none;
      int64_t m = 1ll << (y.lo & 31);
      if (x.lo < -FORM_LIMIT / m || x.hi > FORM_LIMIT / m) return none;
      return bounded((struct form){true, x.sym ? id + 1 : 0, x.lo * m, x.hi * m});
    }
    case IR_OP_imul: {
      if (is_const_form(x)) {
        struct form t = x;
        x = y;
        y = t;
      }
      if (!x.known || !is_const_form(y) || y.lo > 0xffff) return none;
      return bounded((struct form){true, x.sym ? id + 1 : 0, x.lo * y.lo, x.hi * y.lo});
    }
    case IR_OP_iand:
    case IR_OP_ior:
    case IR_OP_ixor:
    case IR_OP_lshr:
    case IR_OP_ashr: /* uniform in, uniform out */
      return x.known && y.known && x.lo == x.hi && y.lo == y.hi ? uni : none;
    default: return none;
  }
#undef ARG
}

/* An SGPR entry value the dispatch knows from the wave's state (not a workgroup id nor the
 * scratch offset, which the module adjusts per group) */
static bool state_sgpr(const struct emit *e, uint32_t id, uint32_t *sgpr) {
  const struct ir_function *fn = e->fn;
  while (fn->insts[id].op == IR_OP_copy) id = ir_inst_args(fn, id)[0];
  const struct ir_inst *in = &fn->insts[id];
  if (in->op != IR_OP_entry_reg || in->imm < IR_REG_SGPR0 || in->imm >= IR_REG_VGPR0) return false;
  uint32_t s = (uint32_t)in->imm - IR_REG_SGPR0;
  for (int d = 0; d < 3; d++)
    if (e->tgid_sgpr[d] && e->tgid_sgpr[d] - 1 == s) return false;
  if (e->scratch_sgpr && e->scratch_sgpr - 1 == s) return false;
  *sgpr = s;
  return true;
}

/* ADDR (a u64 value) as pack_u64(s_lo, s_hi) + pack_u64(offset, 0), or the pair alone, for an
 * access predicated by PRED (IR_NONE: none) */
static struct access_form access_form_of(const struct emit *e, const struct form *forms,
                                         uint32_t addr, uint32_t pred) {
  const struct ir_function *fn = e->fn;
  struct access_form r = {0};
  while (fn->insts[addr].op == IR_OP_copy) addr = ir_inst_args(fn, addr)[0];
  const struct ir_inst *in = &fn->insts[addr];
  const uint32_t *a = ir_inst_args(fn, addr);
  uint32_t pair = addr, off = IR_NONE;
  if (in->op == IR_OP_iadd64) {
    for (int k = 0; k < 2 && off == IR_NONE; k++) {
      uint32_t p = a[k], q = a[1 - k];
      while (fn->insts[q].op == IR_OP_copy) q = ir_inst_args(fn, q)[0];
      if (fn->insts[q].op != IR_OP_pack_u64) continue;
      const uint32_t *qa = ir_inst_args(fn, q);
      uint32_t hi = qa[1];
      while (fn->insts[hi].op == IR_OP_copy) hi = ir_inst_args(fn, hi)[0];
      if (fn->insts[hi].op != IR_OP_const || (uint32_t)fn->insts[hi].imm != 0) continue;
      pair = p;
      off = qa[0];
    }
    if (off == IR_NONE) return r;
  }
  while (fn->insts[pair].op == IR_OP_copy) pair = ir_inst_args(fn, pair)[0];
  if (fn->insts[pair].op != IR_OP_pack_u64) return r;
  const uint32_t *pa = ir_inst_args(fn, pair);
  if (!state_sgpr(e, pa[0], &r.base[0]) || !state_sgpr(e, pa[1], &r.base[1])) return r;
  r.off = off == IR_NONE ? (struct form){true, 0, 0, 0} : form_of(e, forms, off, pred, PRED_DEPTH);
  r.known = r.off.known;
  return r;
}

/* The address operand of a guest memory access the guards know, and its lane predicate */
static uint32_t access_addr(const struct ir_function *fn, uint32_t id, uint32_t *pred) {
  const uint32_t *a = ir_inst_args(fn, id);
  switch ((enum ir_op)fn->insts[id].op) {
    case IR_OP_load_global: *pred = IR_NONE; return a[0];
    case IR_OP_load_global_if: *pred = a[1]; return a[0];
    case IR_OP_store_global:
    case IR_OP_atomic_global: *pred = a[2]; return a[0];
    default: *pred = IR_NONE; return IR_NONE;
  }
}

static struct access_form access_of(const struct emit *e, const struct form *forms, uint32_t id) {
  uint32_t pred, addr = access_addr(e->fn, id, &pred);
  return addr == IR_NONE ? (struct access_form){0} : access_form_of(e, forms, addr, pred);
}

/* Adds the guard of the pair (write S, access O) to G (NG of them, no duplicates): false when
 * O's form does not tell, or G is full. */
static bool add_guard(struct guard *g, uint32_t *ng, struct access_form s, struct access_form o) {
  if (!o.known || o.off.sym != s.off.sym) return false;
  struct guard add = {
      {s.base[0], s.base[1]}, {o.base[0], o.base[1]}, s.off.lo - o.off.hi, s.off.hi - o.off.lo};
  for (uint32_t j = 0; j < *ng; j++)
    if (memcmp(&g[j], &add, sizeof add) == 0) return true;
  if (*ng == MAX_GUARDS) return false;
  g[(*ng)++] = add;
  return true;
}

/* Whether the fences of a write of OP may be guarded (the guards know its address) */
static bool guardable_write(enum ir_op op) {
  return op == IR_OP_store_global || op == IR_OP_atomic_global;
}

/* The fence after write W (at index I of block B, form S) orders it against the accesses
 * that follow it before the next fence. It can be guarded when they all lie in B before a
 * barrier of B, or before B's end with none after it (follows), and each pairs with W in a
 * guard; the guards go to G. */
static bool span_after(const struct emit *e, const struct form *forms, uint32_t b, uint32_t i,
                       struct access_form s, struct guard *g, uint32_t *ng) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *blk = &fn->blocks[b];
  uint32_t last = blk->insts[i], seen = 0;
  for (uint32_t j = i + 1; j < blk->count; j++) {
    uint32_t id = blk->insts[j];
    const struct ir_inst *in = &fn->insts[id];
    if (in->dead) continue;
    if (in->op == IR_OP_barrier) return seen > 0;
    last = id;
    if (!is_access((enum ir_op)in->op)) continue;
    if (++seen > MAX_WINDOW || !add_guard(g, ng, s, access_of(e, forms, id))) return false;
  }
  return seen > 0 && !e->follows[last];
}

static bool guard_after(const struct emit *e, const struct form *forms, uint32_t b, uint32_t i,
                        struct access_form s, struct guard *g, uint32_t *ng) {
  struct guard t[MAX_GUARDS];
  uint32_t nt = *ng;
  memcpy(t, g, nt * sizeof *t);
  if (!span_after(e, forms, b, i, s, t, &nt)) return false;
  memcpy(g, t, nt * sizeof *t); /* only a fence that is guarded adds its guards */
  *ng = nt;
  return true;
}

bool spirv_guard_plan(struct emit *e) {
  const struct ir_function *fn = e->fn;
  if (e->dispatch || !fn->structured || !e->dirty_in) return true;
  uint32_t n = fn->inst_count ? fn->inst_count : 1, nb = fn->block_count;
  struct form *forms = calloc(n, sizeof *forms);
  e->split = calloc(n, sizeof *e->split);
  e->split_after = calloc(n, sizeof *e->split_after);
  e->end = calloc(nb ? nb : 1, sizeof *e->end);
  if (!forms || !e->split || !e->split_after || !e->end) {
    free(forms);
    e->b.failed = true;
    return false;
  }
  /* forms in reverse post-order: operands other than phis' come first */
  for (uint32_t k = 0; k < cfg_graph_rpo_count(fn->cfg); k++) {
    uint32_t b = cfg_graph_rpo_node(fn->cfg, k);
    for (uint32_t i = 0; b < nb && i < fn->blocks[b].count; i++) {
      uint32_t id = fn->blocks[b].insts[i];
      if (!fn->insts[id].dead) forms[id] = form_of(e, forms, id, IR_NONE, 0);
    }
  }
  struct guard g[MAX_GUARDS];
  uint32_t ng = 0;
  for (uint32_t b = 0; b < nb; b++) {
    const struct cfg_node_shape *shape =
        b < fn->structure.node_count ? &fn->structure.shapes[b] : NULL;
    if (shape && shape->shape == CFG_SHAPE_LOOP) continue; /* its OpLoopMerge: one block */
    bool unknown = e->dirty_in[b];
    uint32_t window[MAX_WINDOW], nw = 0;
    for (uint32_t i = 0; i < fn->blocks[b].count; i++) {
      uint32_t id = fn->blocks[b].insts[i];
      const struct ir_inst *in = &fn->insts[id];
      if (in->dead) continue;
      if (in->op == IR_OP_barrier) {
        unknown = false;
        nw = 0;
        continue;
      }
      if (!is_access((enum ir_op)in->op)) continue;
      struct access_form s = access_of(e, forms, id);
      bool write = guardable_write((enum ir_op)in->op) && s.known;
      if (write && !unknown && nw) {
        /* every earlier access of the window against this write */
        struct guard t[MAX_GUARDS];
        uint32_t nt = ng;
        memcpy(t, g, nt * sizeof *t);
        bool ok = true;
        for (uint32_t w = 0; ok && w < nw; w++)
          ok = add_guard(t, &nt, s, access_of(e, forms, window[w]));
        if (ok) memcpy(g, t, nt * sizeof *t), ng = nt;
        /* right after a guarded fence after a write, with no access between: that fence
         * (kept, or dropped because every guard holds) stands for this one */
        if (ok && e->split_after[window[nw - 1]]) e->split[id] = SPIRV_FENCE_COVERED;
        else if (ok) e->end[b] = e->split[id] = spv_id(&e->b);
      }
      if (write && e->follows[id] && guard_after(e, forms, b, i, s, g, &ng))
        e->end[b] = e->split_after[id] = spv_id(&e->b);
      if (!s.known || nw == MAX_WINDOW) unknown = true;
      else window[nw++] = id;
    }
  }
  free(forms);
  if (!ng) return true;
  /* the guards, for the dispatch: "prospero.fence_guards 1 <tid vgprs> <count>" then per
   * guard "a_lo a_hi b_lo b_hi dlo dhi" (SGPR numbers, L differences) */
  char text[64 + MAX_GUARDS * 64];
  int len = snprintf(text, sizeof text, "prospero.fence_guards 1 %u %u", e->entry_vgprs, ng);
  for (uint32_t k = 0; k < ng; k++)
    len += snprintf(text + len, sizeof text - (size_t)len, " %u %u %u %u %lld %lld", g[k].a[0],
                    g[k].a[1], g[k].b[0], g[k].b[1], (long long)g[k].dlo, (long long)g[k].dhi);
  spv_string(&e->b, text);
  e->fences_spec = spv_id(&e->b);
  uint32_t id = SPIRV_SPEC_GUARDED_FENCES;
  spv_inst(&e->b, SPV_SEC_GLOBAL, SpvOpSpecConstantTrue, (uint32_t[]){e->t_bool, e->fences_spec},
           2);
  spv_decorate(&e->b, e->fences_spec, SpvDecorationSpecId, &id, 1);
  spv_name(&e->b, e->fences_spec, "guarded_fences");
  return true;
}

void spirv_guarded_fence_after(struct emit *e) {
  uint32_t m = e->split_after[e->cur], then = spv_id(&e->b);
  uint32_t sm[2] = {m, SpvSelectionControlMaskNone};
  inst(e, SpvOpSelectionMerge, sm, 2);
  uint32_t br[3] = {e->fences_spec, then, m};
  inst(e, SpvOpBranchConditional, br, 3);
  inst(e, SpvOpLabel, &then, 1);
  spirv_lane_barrier(e);
  inst(e, SpvOpBranch, &m, 1);
  inst(e, SpvOpLabel, &m, 1);
  e->fenced = false; /* the fence may be left out of the pipeline */
}

void spirv_guarded_fence(struct emit *e) {
  uint32_t m = e->split[e->cur];
  if (!e->fenced) {
    uint32_t then = spv_id(&e->b);
    uint32_t sm[2] = {m, SpvSelectionControlMaskNone};
    inst(e, SpvOpSelectionMerge, sm, 2);
    uint32_t br[3] = {e->fences_spec, then, m};
    inst(e, SpvOpBranchConditional, br, 3);
    inst(e, SpvOpLabel, &then, 1);
    spirv_lane_barrier(e);
  }
  inst(e, SpvOpBranch, &m, 1);
  inst(e, SpvOpLabel, &m, 1);
  e->fenced = true;
}

/* ---- the dispatch's side: the guards against the waves' SGPRs -------------------------- */

static bool guard_holds(const int64_t *v, const struct spirv_wave_state *s) {
  for (int k = 0; k < 4; k++)
    if (v[k] < 0 || v[k] >= 106) return false;
  const uint64_t mask = (1ull << 48) - 1;
  uint64_t a = ((uint64_t)s->sgpr[v[1]] << 32 | s->sgpr[v[0]]) & mask;
  uint64_t b = ((uint64_t)s->sgpr[v[3]] << 32 | s->sgpr[v[2]]) & mask;
  int64_t d = (int64_t)((a - b) & mask), dlo = v[4], dhi = v[5];
  if (dlo > dhi || dlo < -FORM_LIMIT * 2 || dhi > FORM_LIMIT * 2) return false;
  /* lane x's store at A + Lx (+-2^32), lane y's access at B + Ly: their dwords meet when
   * the difference is within 3 of a multiple of 2^48 */
  for (int64_t k = -1; k <= 1; k++) {
    int64_t lo = d + dlo + k * (1ll << 32), hi = d + dhi + k * (1ll << 32);
    for (int64_t m = -1; m <= 2; m++)
      if (lo <= m * (1ll << 48) + 3 && hi >= m * (1ll << 48) - 3) return false;
  }
  return true;
}

uint32_t spirv_guarded_fences(const uint32_t *words, size_t count,
                              const struct spirv_wave_state *states, uint32_t waves) {
  static const char tag[] = "prospero.fence_guards 1 ";
  if (!words || count < 5 || !states || !waves) return 1;
  for (size_t at = 5; at < count;) {
    uint32_t op = words[at] & 0xffff, wc = words[at] >> 16;
    if (!wc || wc > count - at || op == SpvOpFunction) break;
    if (op == SpvOpString && wc > 2) {
      char text[64 + MAX_GUARDS * 64];
      size_t bytes = (wc - 2) * 4 < sizeof text - 1 ? (wc - 2) * 4 : sizeof text - 1;
      memcpy(text, &words[at + 2], bytes);
      text[bytes] = 0;
      if (strncmp(text, tag, sizeof tag - 1) == 0) {
        char *p = text + sizeof tag - 1, *q;
        long long tid = strtoll(p, &q, 10), ng = strtoll(q, &p, 10);
        if (p == q || tid < 0 || tid > 3 || ng < 1 || ng > MAX_GUARDS) return 1;
        for (uint32_t w = 0; w < waves; w++)
          for (long long r = 0; r < tid; r++)
            for (int l = 0; l < 64; l++)
              if (states[w].vgpr[r][l] > SPIRV_GUARD_TID_MAX) return 1;
        for (long long k = 0; k < ng; k++) {
          int64_t v[6];
          for (int f = 0; f < 6; f++) {
            v[f] = strtoll(p, &q, 10);
            if (q == p) return 1;
            p = q;
          }
          for (uint32_t w = 0; w < waves; w++)
            if (!guard_holds(v, &states[w])) return 1;
        }
        return 0;
      }
    }
    at += wc;
  }
  return 1;
}

/* The number an OpString "prospero.NAME <number>" of WORDS gives (0: none) */
static uint32_t flag_value(const uint32_t *words, size_t count, const char *name) {
  char tag[48];
  int n = snprintf(tag, sizeof tag, "prospero.%s ", name);
  if (!words || count < 5 || n <= 0 || (size_t)n >= sizeof tag) return 0;
  for (size_t at = 5; at < count;) {
    uint32_t op = words[at] & 0xffff, wc = words[at] >> 16;
    if (!wc || wc > count - at || op == SpvOpFunction) break;
    if (op == SpvOpString && wc > 2 && (wc - 2) * 4 > (size_t)n &&
        memcmp(&words[at + 2], tag, (size_t)n) == 0) {
      char text[16] = {0};
      size_t bytes = (wc - 2) * 4 - (size_t)n;
      memcpy(text, (const char *)&words[at + 2] + n, bytes < 15 ? bytes : 15);
      unsigned long v = strtoul(text, NULL, 10);
      return v <= 64 ? (uint32_t)v : 0;
    }
    at += wc;
  }
  return 0;
}
/* The wave size an OpString "prospero.NAME <wave size>" gives (0: none) */
static uint32_t flag_wave(const uint32_t *words, size_t count, const char *name) {
  uint32_t wave = flag_value(words, count, name);
  return wave == 32 || wave == 64 ? wave : 0;
}

uint32_t spirv_subgroup_lanes(const uint32_t *words, size_t count) {
  uint32_t lanes = flag_value(words, count, "subgroup_lanes");
  return lanes && !(lanes & (lanes - 1)) ? lanes : 0; /* a power of two up to 64 */
}

uint32_t spirv_exec_full(const uint32_t *words, size_t count, const struct spirv_wave_state *states,
                         uint32_t waves) {
  uint32_t wave = flag_wave(words, count, "exec_full");
  if (!wave || !states || !waves) return 0;
  for (uint32_t w = 0; w < waves; w++)
    if (states[w].exec[0] != ~0u || states[w].exec[1] != (wave == 64 ? ~0u : 0)) return 0;
  return 1;
}

uint32_t spirv_tid_linear(const uint32_t *words, size_t count,
                          const struct spirv_wave_state *states, uint32_t waves) {
  uint32_t wave = flag_wave(words, count, "tid_linear");
  if (!wave || !states || !waves) return 0;
  for (uint32_t w = 0; w < waves; w++)
    for (uint32_t l = 0; l < wave; l++)
      if (states[w].vgpr[0][l] != w * wave + l) return 0;
  return 1;
}

void spirv_dispatch_spec(const uint32_t *words, size_t count, const struct spirv_wave_state *states,
                         uint32_t waves, uint32_t ranges, uint32_t spec[SPIRV_SPEC_COUNT]) {
  spec[SPIRV_SPEC_RANGE_COUNT] = ranges;
  spec[SPIRV_SPEC_GUARDED_FENCES] = spirv_guarded_fences(words, count, states, waves);
  spec[SPIRV_SPEC_EXEC_FULL] = spirv_exec_full(words, count, states, waves);
  spec[SPIRV_SPEC_TID_LINEAR] = spirv_tid_linear(words, count, states, waves);
  spec[SPIRV_SPEC_FAULT_CHECK] = 1;
}
