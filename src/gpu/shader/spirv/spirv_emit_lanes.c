/* The lane model of an emitted module (docs/shader-spirv.md, "Lane model"): which
 * invocation is which lane of which wave, the per-wave start state, the fences between the
 * lanes of a wave, s_barrier between the waves of a workgroup, and the cross-lane
 * operations, through workgroup memory or through subgroup operations.
 *
 * A workgroup of W waves of N lanes is one Vulkan workgroup of W x N invocations: wave w is
 * invocations w*N ... (LocalInvocationIndex), or subgroup w (SubgroupId) when the device's
 * subgroup is exactly one wave. Every wave reads its own start state (SGPRs, EXEC, VGPRs)
 * at push.state + w * sizeof(struct spirv_wave_state), keeps its own cross-lane slots and
 * shares the LDS array with the other waves of its workgroup.
 *
 * Fences and the workgroup-memory cross-lane path order the lanes of ONE wave. Without
 * subgroup operations they are workgroup barriers, executed by one wave while the other
 * waves of the group may be elsewhere: lavapipe runs the subgroups of a workgroup as
 * coroutines resumed in turn, where a barrier means "every other subgroup ran up to its own
 * next barrier or its end", which orders the lanes of a wave whatever the other waves do.
 * With subgroup operations they are subgroup barriers. s_barrier (several waves) is a
 * counter per wave in workgroup memory: a wave publishes how many barriers it has reached
 * (or ~0 when it ended, as the hardware stops counting a wave that ended) and waits, a
 * workgroup barrier at a time, until every wave of the group has reached as many; at its
 * end a wave waits in the same way for every other wave to end. */
#include <stdlib.h>

#include "gpu/shader/spirv/spirv_emit_internal.h"

#define SCOPE_SUBGROUP 3u /* SpvScopeSubgroup */

static uint32_t wg_array(struct emit *e, uint32_t n, const char *name) {
  uint32_t arr = spv_type_array(&e->b, e->t_u32, n);
  uint32_t v = spv_variable(&e->b, spv_type_pointer(&e->b, SpvStorageClassWorkgroup, arr),
                            SpvStorageClassWorkgroup);
  spv_name(&e->b, v, name);
  e->iface[e->niface++] = v;
  return v;
}

static uint32_t input_u32(struct emit *e, SpvBuiltIn bi, const char *name) {
  uint32_t v = spv_variable(&e->b, spv_type_pointer(&e->b, SpvStorageClassInput, e->t_u32),
                            SpvStorageClassInput);
  uint32_t w = bi;
  spv_decorate(&e->b, v, SpvDecorationBuiltIn, &w, 1);
  spv_name(&e->b, v, name);
  e->iface[e->niface++] = v;
  return v;
}

static bool uses(const struct ir_function *fn, enum ir_op a, enum ir_op b) {
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && (fn->insts[i].op == a || fn->insts[i].op == b)) return true;
  return false;
}

void spirv_lanes_setup(struct emit *e, const struct spirv_emit_options *opts) {
  const struct ir_function *fn = e->fn;
  e->waves = opts && opts->waves > 1 ? opts->waves : 1;
  e->subgroup = opts && opts->subgroup;
  e->lanes = fn->wave_size;
  if (e->subgroup && opts->lanes && opts->lanes < fn->wave_size) e->lanes = opts->lanes;
  if (e->subgroup) {
    /* the subgroup size the pipeline must have (spirv_subgroup_lanes) */
    char text[40];
    snprintf(text, sizeof text, "prospero.subgroup_lanes %u", e->lanes);
    spv_string(&e->b, text);
    spv_capability(&e->b, SpvCapabilityGroupNonUniform);
    e->lane_in = input_u32(e, SpvBuiltInSubgroupLocalInvocationId, "subgroup_local_invocation_id");
    if (e->waves > 1) e->wave_in = input_u32(e, SpvBuiltInSubgroupId, "subgroup_id");
  } else {
    e->lane_in = input_u32(e, SpvBuiltInLocalInvocationIndex, "local_invocation_index");
  }
  uint32_t n = e->lanes, w = e->waves;
  if (!e->subgroup) {
    if (uses(fn, IR_OP_ballot, IR_OP_ballot)) e->ballot_var = wg_array(e, 6 * w, "ballot_slots");
    if (uses(fn, IR_OP_read_first_lane, IR_OP_read_lane) || /* read_clock: spirv_emit_lds.c */
        uses(fn, IR_OP_read_clock, IR_OP_read_clock))
      e->rfl_var = wg_array(e, 2 * n * w, "lane_values");
    if (uses(fn, IR_OP_lane_scatter, IR_OP_lane_scatter))
      e->scatter_var = wg_array(e, 4 * n * w, "scatter_slots");
  }
  if (w > 1) {
    e->bar_var = wg_array(e, w, "wave_barriers");
    e->bar_fn = spv_id(&e->b);
  }
}

/* Function variables of the entry block (they come first in it). */
void spirv_lanes_vars(struct emit *e) {
  uint32_t fp = spv_type_pointer(&e->b, SpvStorageClassFunction, e->t_u32);
  uint32_t *vars[3] = {e->ballot_var ? &e->ballot_count : NULL, e->rfl_var ? &e->rfl_count : NULL,
                       e->bar_var ? &e->bar_count : NULL};
  static const char *const names[3] = {"ballot_count", "read_first_lane_count", "barrier_count"};
  for (int v = 0; v < 3; v++) {
    if (!vars[v]) continue;
    *vars[v] = spv_id(&e->b);
    uint32_t w[4] = {fp, *vars[v], SpvStorageClassFunction, cu32(e, 0)};
    inst(e, SpvOpVariable, w, 4);
    spv_name(&e->b, *vars[v], names[v]);
  }
  spirv_scratch_vars(e);
}

static uint32_t wg_ptr(struct emit *e, uint32_t var, uint32_t index) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassWorkgroup, e->t_u32);
  uint32_t w[2] = {var, index};
  return spv_op(&e->b, SpvOpAccessChain, pt, w, 2);
}
static void wg_atomic_store(struct emit *e, uint32_t ptr, uint32_t v) {
  uint32_t w[4] = {ptr, cu32(e, SpvScopeWorkgroup), cu32(e, 0), v};
  inst(e, SpvOpAtomicStore, w, 4);
}
static uint32_t wg_atomic_load(struct emit *e, uint32_t ptr) {
  uint32_t w[3] = {ptr, cu32(e, SpvScopeWorkgroup), cu32(e, 0)};
  return spv_op(&e->b, SpvOpAtomicLoad, e->t_u32, w, 3);
}
static uint32_t add(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpIAdd, e->t_u32, a, b);
}
/* the first index of this wave's PER entries of a per-wave array */
static uint32_t wave_base(struct emit *e, uint32_t per) {
  return e->waves > 1 ? op2(e, SpvOpIMul, e->t_u32, e->wave, cu32(e, per)) : cu32(e, 0);
}

static void control_barrier(struct emit *e, uint32_t scope) {
  uint32_t w[3] = {
      cu32(e, scope), cu32(e, scope),
      cu32(e, SpvMemorySemanticsAcquireReleaseMask | SpvMemorySemanticsUniformMemoryMask |
                  SpvMemorySemanticsWorkgroupMemoryMask)};
  inst(e, SpvOpControlBarrier, w, 3);
}

/* The lanes of this wave meet (and their buffer and workgroup memory accesses are ordered). */
void spirv_lane_barrier(struct emit *e) {
  control_barrier(e, e->subgroup ? SCOPE_SUBGROUP : SpvScopeWorkgroup);
  e->fenced = true;
}

void spirv_lanes_entry(struct emit *e) {
  uint32_t idx = op1(e, SpvOpLoad, e->t_u32, e->lane_in);
  if (e->subgroup) {
    e->lane = idx;
    e->wave = e->waves > 1 ? op1(e, SpvOpLoad, e->t_u32, e->wave_in) : cu32(e, 0);
  } else if (e->waves > 1) {
    e->lane = op2(e, SpvOpUMod, e->t_u32, idx, cu32(e, e->lanes));
    e->wave = op2(e, SpvOpUDiv, e->t_u32, idx, cu32(e, e->lanes));
  } else {
    e->lane = idx;
    e->wave = cu32(e, 0);
  }
  spv_name(&e->b, e->lane, "lane");
  if (e->waves > 1) {
    spv_name(&e->b, e->wave, "wave");
    uint32_t off =
        op2(e, SpvOpIMul, e->t_u64, to_u64(e, e->wave), cu64(e, sizeof(struct spirv_wave_state)));
    e->state = add64(e, e->state, off);
  }
  bool init = false;
  if (e->ballot_var) { /* this wave's slots 0 and 1 */
    uint32_t base = wave_base(e, 6);
    for (uint32_t k = 0; k < 4; k++)
      wg_atomic_store(e, wg_ptr(e, e->ballot_var, add(e, base, cu32(e, k))), cu32(e, 0));
    init = true;
  }
  if (e->bar_var) {
    wg_atomic_store(e, wg_ptr(e, e->bar_var, e->wave), cu32(e, 0));
    init = true;
  }
  if (e->lds_lock_var) { /* the 64-bit LDS atomics' lock starts free (every invocation) */
    wg_atomic_store(e, e->lds_lock_var, cu32(e, 0));
    init = true;
  }
  if (init) { /* the entry block runs in every invocation: a workgroup barrier is legal here */
    control_barrier(e, SpvScopeWorkgroup);
    e->fenced = true;
  }
}

/* The counter in VAR: its value before this operation (and VAR incremented). */
static uint32_t next_count(struct emit *e, uint32_t var) {
  uint32_t k = op1(e, SpvOpLoad, e->t_u32, var);
  uint32_t w[2] = {var, op2(e, SpvOpIAdd, e->t_u32, k, cu32(e, 1))};
  inst(e, SpvOpStore, w, 2);
  return k;
}

/* ---- s_barrier ------------------------------------------------------------------------- */

void spirv_wave_barrier(struct emit *e) {
  spirv_lane_barrier(e); /* the whole wave has arrived (and its accesses are ordered) */
  if (!e->bar_var) return;
  uint32_t k = add(e, next_count(e, e->bar_count), cu32(e, 1));
  uint32_t w[3] = {e->bar_fn, e->wave, k};
  spv_op(&e->b, SpvOpFunctionCall, e->t_void, w, 3);
  e->fenced = true;
}

/* A wave that ends counts as arrived at every later barrier (~0), and waits until every
 * wave of the group has ended: no invocation returns before the others are done, so the
 * subgroups of the workgroup all execute their last barrier together (lavapipe stops
 * resuming the workgroup's other subgroups once one of them has returned). */
void spirv_wave_end(struct emit *e) {
  if (!e->bar_var) return;
  spirv_lane_barrier(e);
  uint32_t w[3] = {e->bar_fn, e->wave, cu32(e, ~0u)};
  spv_op(&e->b, SpvOpFunctionCall, e->t_void, w, 3);
}

/* wave_barrier(wave, k): publish that WAVE reached barrier K, then wait for every wave:
 *   bar[wave] = k; do { workgroup barrier } while (some bar[i] < k) */
static void emit_barrier_function(struct emit *e) {
  uint32_t params[2] = {e->t_u32, e->t_u32};
  uint32_t ft = spv_type_function(&e->b, e->t_void, params, 2);
  uint32_t f[4] = {e->t_void, e->bar_fn, SpvFunctionControlMaskNone, ft};
  inst(e, SpvOpFunction, f, 4);
  spv_name(&e->b, e->bar_fn, "wave_barrier");
  uint32_t wave = spv_id(&e->b), k = spv_id(&e->b);
  uint32_t p0[2] = {e->t_u32, wave}, p1[2] = {e->t_u32, k};
  inst(e, SpvOpFunctionParameter, p0, 2);
  inst(e, SpvOpFunctionParameter, p1, 2);
  uint32_t entry = spv_id(&e->b), head = spv_id(&e->b), body = spv_id(&e->b), cont = spv_id(&e->b),
           merge = spv_id(&e->b);
  inst(e, SpvOpLabel, &entry, 1);
  wg_atomic_store(e, wg_ptr(e, e->bar_var, wave), k);
  inst(e, SpvOpBranch, &head, 1);
  inst(e, SpvOpLabel, &head, 1);
  uint32_t lm[3] = {merge, cont, SpvLoopControlMaskNone};
  inst(e, SpvOpLoopMerge, lm, 3);
  inst(e, SpvOpBranch, &body, 1);
  inst(e, SpvOpLabel, &body, 1);
  control_barrier(e, SpvScopeWorkgroup);
  uint32_t all = spv_const_bool(&e->b, true);
  for (uint32_t i = 0; i < e->waves; i++) {
    uint32_t at = wg_atomic_load(e, wg_ptr(e, e->bar_var, cu32(e, i)));
    all = op2(e, SpvOpLogicalAnd, e->t_bool, all, op2(e, SpvOpUGreaterThanEqual, e->t_bool, at, k));
  }
  uint32_t bc[3] = {all, merge, cont};
  inst(e, SpvOpBranchConditional, bc, 3);
  inst(e, SpvOpLabel, &cont, 1);
  inst(e, SpvOpBranch, &head, 1);
  inst(e, SpvOpLabel, &merge, 1);
  inst(e, SpvOpReturn, NULL, 0);
  inst(e, SpvOpFunctionEnd, NULL, 0);
}

/* After main: helper functions and the local size. */
void spirv_lanes_finish(struct emit *e, uint32_t main_fn) {
  if (e->bar_var) emit_barrier_function(e);
  uint32_t size[3] = {e->lanes * e->waves, 1, 1};
  spv_execution_mode(&e->b, main_fn, SpvExecutionModeLocalSize, size, 3);
}

/* ---- cross-lane operations through workgroup memory ----------------------------------
 * Control flow is uniform in a wave, so every lane executes the same cross-lane operations
 * in the same order; a per-invocation counter (a Function variable) numbers them, with the
 * same value in every lane. Ballot number k ORs each lane's bit into slot k % 3 (two
 * dwords) of its wave, waits at a barrier, reads the slot, and clears slot (k + 2) % 3:
 * every read of that slot (ballot k - 1) happened before this barrier, every OR into it
 * (ballot k + 2) comes after the next one. Slots 0 and 1 are cleared at the start.
 * read_first_lane number k writes the lane's value to row k % 2 of its wave, waits, and
 * reads the first active lane's entry; row k % 2 is written again only after the next
 * one's barrier.
 * ---- the same through subgroup operations (the subgroup is the wave) ------------------ */

static uint32_t sg_shuffle(struct emit *e, uint32_t v, uint32_t lane) {
  spv_capability(&e->b, SpvCapabilityGroupNonUniformShuffle);
  uint32_t w[3] = {cu32(e, SCOPE_SUBGROUP), v, lane};
  return spv_op(&e->b, SpvOpGroupNonUniformShuffle, e->t_u32, w, 3);
}

uint32_t spirv_emit_ballot(struct emit *e, uint32_t pred) {
  uint32_t u32 = e->t_u32, half[2];
  if (e->subgroup) {
    spv_capability(&e->b, SpvCapabilityGroupNonUniformBallot);
    uint32_t w[2] = {cu32(e, SCOPE_SUBGROUP), pred};
    uint32_t b = spv_op(&e->b, SpvOpGroupNonUniformBallot, e->t_v4u32, w, 2);
    for (uint32_t h = 0; h < 2; h++) {
      uint32_t x[2] = {b, h};
      half[h] = spv_op(&e->b, SpvOpCompositeExtract, u32, x, 2);
    }
  } else {
    uint32_t k = next_count(e, e->ballot_count), base = wave_base(e, 6);
    uint32_t slot =
        add(e, base, op2(e, SpvOpIMul, u32, op2(e, SpvOpUMod, u32, k, cu32(e, 3)), cu32(e, 2)));
    uint32_t clear =
        add(e, base,
            op2(e, SpvOpIMul, u32, op2(e, SpvOpUMod, u32, add(e, k, cu32(e, 2)), cu32(e, 3)),
                cu32(e, 2)));
    uint32_t word = op2(e, SpvOpShiftRightLogical, u32, e->lane, cu32(e, 5));
    uint32_t bit = op2(e, SpvOpShiftLeftLogical, u32, cu32(e, 1),
                       op2(e, SpvOpBitwiseAnd, u32, e->lane, cu32(e, 31)));
    uint32_t mine = sel(e, u32, pred, bit, cu32(e, 0));
    uint32_t w[4] = {wg_ptr(e, e->ballot_var, add(e, word, slot)), cu32(e, SpvScopeWorkgroup),
                     cu32(e, 0), mine};
    spv_op(&e->b, SpvOpAtomicOr, u32, w, 4);
    spirv_lane_barrier(e);
    for (uint32_t h = 0; h < 2; h++)
      half[h] = wg_atomic_load(e, wg_ptr(e, e->ballot_var, add(e, slot, cu32(e, h))));
    for (uint32_t h = 0; h < 2; h++)
      wg_atomic_store(e, wg_ptr(e, e->ballot_var, add(e, clear, cu32(e, h))), cu32(e, 0));
  }
  uint32_t m = op2(e, SpvOpBitwiseOr, e->t_u64, to_u64(e, half[0]),
                   op2(e, SpvOpShiftLeftLogical, e->t_u64, to_u64(e, half[1]), cu32(e, 32)));
  if (e->fn->wave_size == 32) m = op2(e, SpvOpBitwiseAnd, e->t_u64, m, cu64(e, 0xffffffffull));
  return m;
}

/* Writes each lane's V to the next row of its wave and waits; returns the row's first index. */
static uint32_t lane_row(struct emit *e, uint32_t v) {
  uint32_t u32 = e->t_u32, k = next_count(e, e->rfl_count);
  uint32_t row =
      add(e, wave_base(e, 2 * e->lanes),
          op2(e, SpvOpIMul, u32, op2(e, SpvOpUMod, u32, k, cu32(e, 2)), cu32(e, e->lanes)));
  uint32_t w[2] = {wg_ptr(e, e->rfl_var, add(e, e->lane, row)), v};
  inst(e, SpvOpStore, w, 2);
  spirv_lane_barrier(e);
  return row;
}

/* read_lane: the value of lane (LANE mod wave size) */
uint32_t spirv_emit_read_lane(struct emit *e, uint32_t v, uint32_t lane) {
  uint32_t u32 = e->t_u32, l = op2(e, SpvOpUMod, u32, lane, cu32(e, e->fn->wave_size));
  if (e->subgroup) return sg_shuffle(e, v, l);
  uint32_t row = lane_row(e, v);
  return op1(e, SpvOpLoad, u32, wg_ptr(e, e->rfl_var, add(e, l, row)));
}

uint32_t spirv_emit_read_first_lane(struct emit *e, uint32_t v, uint32_t exec) {
  uint32_t u32 = e->t_u32;
  uint32_t lo = op1(e, SpvOpUConvert, u32, exec);
  uint32_t hi =
      op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, e->t_u64, exec, cu32(e, 32)));
  uint32_t lo_nz = op2(e, SpvOpINotEqual, e->t_bool, lo, cu32(e, 0));
  uint32_t hi_nz = op2(e, SpvOpINotEqual, e->t_bool, hi, cu32(e, 0));
  uint32_t first =
      sel(e, u32, lo_nz, glsl(e, u32, GLSL_FIND_ILSB, lo, 0, 1),
          sel(e, u32, hi_nz, add(e, glsl(e, u32, GLSL_FIND_ILSB, hi, 0, 1), cu32(e, 32)),
              cu32(e, 0))); /* EXEC 0: lane 0 (as the interpreter) */
  if (e->subgroup) return sg_shuffle(e, v, first);
  uint32_t row = lane_row(e, v);
  return op1(e, SpvOpLoad, u32, wg_ptr(e, e->rfl_var, add(e, first, row)));
}

/* lane_scatter (ds_permute): each lane gets the value of the highest active lane that names
 * it, 0 when none does.
 * Workgroup memory: each active lane claims its target's slot with an atomic max of lane +
 * 1, the winner writes the value, and every lane reads its own slot (0 when unclaimed). A
 * lane clears only its own owner slot, before the first barrier, after its previous read.
 * Subgroup: every lane looks at every source lane in turn (the later, higher one wins). */
uint32_t spirv_emit_lane_scatter(struct emit *e, uint32_t v, uint32_t target, uint32_t active) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, n = e->lanes, zero = cu32(e, 0);
  uint32_t t = op2(e, SpvOpUMod, u32, target, cu32(e, e->fn->wave_size));
  if (e->subgroup) {
    uint32_t act = sel(e, u32, active, cu32(e, 1), zero), r = zero;
    for (uint32_t s = 0; s < n; s++) {
      uint32_t ts = sg_shuffle(e, t, cu32(e, s)), as = sg_shuffle(e, act, cu32(e, s));
      uint32_t hit = op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpINotEqual, bl, as, zero),
                         op2(e, SpvOpIEqual, bl, ts, e->lane));
      r = sel(e, u32, hit, sg_shuffle(e, v, cu32(e, s)), r);
    }
    return r;
  }
  uint32_t sc = cu32(e, SpvScopeWorkgroup), sem = cu32(e, 0), base = wave_base(e, 4 * n);
  wg_atomic_store(e, wg_ptr(e, e->scatter_var, add(e, base, e->lane)), zero); /* owner[lane] */
  spirv_lane_barrier(e);
  uint32_t me = add(e, e->lane, cu32(e, 1));
  uint32_t claim = sel(e, u32, active, me, zero);
  uint32_t w[4] = {wg_ptr(e, e->scatter_var, add(e, base, t)), sc, sem, claim};
  spv_op(&e->b, SpvOpAtomicUMax, u32, w, 4);
  spirv_lane_barrier(e);
  uint32_t owner = wg_atomic_load(e, wg_ptr(e, e->scatter_var, add(e, base, t)));
  uint32_t won = op2(e, SpvOpLogicalAnd, bl, active, op2(e, SpvOpIEqual, bl, owner, me));
  /* losers write their own value slot's spare copy: slot n + lane is never read */
  uint32_t at = sel(e, u32, won, add(e, t, cu32(e, 2 * n)), add(e, e->lane, cu32(e, 3 * n)));
  uint32_t st[2] = {wg_ptr(e, e->scatter_var, add(e, base, at)), v};
  inst(e, SpvOpStore, st, 2);
  spirv_lane_barrier(e);
  uint32_t mine = wg_atomic_load(e, wg_ptr(e, e->scatter_var, add(e, base, e->lane)));
  uint32_t val = op1(e, SpvOpLoad, u32,
                     wg_ptr(e, e->scatter_var, add(e, base, add(e, e->lane, cu32(e, 2 * n)))));
  return sel(e, u32, op2(e, SpvOpINotEqual, bl, mine, zero), val, zero);
}
