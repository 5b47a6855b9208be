/* The dispatcher form: SPIR-V for control flow the structuriser could not give structure
 * (an irreducible graph, a multi-way branch, a structure that breaks SPIR-V's rules).
 *
 *     entry block (the IR's entry, which no edge enters): its code, then next = successor
 *     header:  OpLoopMerge exit continue;                      OpBranch switch
 *     switch:  OpSelectionMerge switch_merge; OpSwitch next default switch_merge
 *                                                 case b: block b ...
 *     block b: its code; next = successor (OpSelect for a cbr); OpBranch switch_merge
 *              (ret: OpReturn, unreachable: OpUnreachable)
 *     switch_merge: OpBranch continue;  continue: OpBranch header;  exit: OpUnreachable
 *
 * `next` is a Function variable holding the IR block index to run; control flow stays
 * uniform (every branch condition is scalar), so barriers remain legal. Blocks no longer
 * dominate each other in the module, so the SSA values that cross blocks live in Function
 * variables: a value used outside its block is stored after its definition and loaded at
 * the start of each block that uses it (dominance in the IR guarantees the variable holds
 * the most recent definition); a phi is a variable that each edge into its block stores
 * (a cbr stores select(cond, incoming, current) for the phis of successor 0 and the
 * reverse for successor 1), loaded at the start of the block. Edges write a phi's
 * variable only just before its block runs, so a later use elsewhere sees the value of
 * the block's most recent entry, which is the SSA value that use names. */
#include <stdlib.h>

#include "gpu/shader/spirv/spirv_emit_internal.h"

struct spirv_dispatch {
  uint32_t *def_block; /* IR value -> defining block (IR_NONE: constant, dead) */
  uint32_t *var;       /* IR value (a root: not a copy) -> its Function variable, or 0 */
  uint32_t *canon;     /* IR value -> its SPIR-V id before a block's loads replaced it */
  uint32_t *loaded;    /* root -> its load in the current block (valid when stamp matches) */
  uint32_t *stamp;     /* root -> block + 1 of LOADED */
  uint32_t *touched, ntouched; /* IR values whose id the current block replaced */
  uint32_t next, header, sw, sw_merge, cont, exit; /* the variable and the labels */
};

static uint32_t root_of(const struct ir_function *fn, uint32_t v) {
  for (uint32_t hops = 0;
       v < fn->inst_count && fn->insts[v].op == IR_OP_copy && hops < fn->inst_count; hops++)
    v = ir_inst_args(fn, v)[0];
  return v;
}

/* Calls USE(e, arg) for every value block BLK reads: operands of its live instructions (a
 * buffer_offset operand's parts too: the buffer operations read them directly) and the
 * incoming values of its successors' phis on the edges from BLK. */
static void for_each_use(struct emit *e, uint32_t blk,
                         void (*use)(struct emit *, uint32_t, uint32_t), uint32_t ctx) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *b = &fn->blocks[blk];
  for (uint32_t i = 0; i < b->count; i++) {
    uint32_t id = b->insts[i];
    const struct ir_inst *in = &fn->insts[id];
    if (in->dead || in->op == IR_OP_phi) continue;
    const uint32_t *args = ir_inst_args(fn, id);
    for (uint32_t k = 0; k < in->arg_count; k++) {
      if (args[k] >= fn->inst_count) continue;
      use(e, args[k], ctx);
      if (fn->insts[args[k]].op == IR_OP_buffer_offset) {
        const uint32_t *parts = ir_inst_args(fn, args[k]);
        for (uint32_t j = 0; j < fn->insts[args[k]].arg_count; j++)
          if (parts[j] < fn->inst_count) use(e, parts[j], ctx);
      }
    }
  }
  for (uint32_t s = 0; s < cfg_graph_succ_count(fn->cfg, blk); s++) {
    uint32_t succ = cfg_graph_succ(fn->cfg, blk, s), k = cfg_graph_pred_index(fn->cfg, succ, blk);
    const struct ir_block *sb = &fn->blocks[succ];
    for (uint32_t i = 0; i < sb->count && fn->insts[sb->insts[i]].op == IR_OP_phi; i++) {
      const struct ir_inst *phi = &fn->insts[sb->insts[i]];
      if (phi->dead || k >= phi->arg_count) continue;
      uint32_t a = ir_inst_args(fn, sb->insts[i])[k];
      if (a < fn->inst_count) use(e, a, ctx);
    }
  }
}

static bool crosses(struct emit *e, uint32_t r, uint32_t blk) {
  const struct ir_function *fn = e->fn;
  if (r >= fn->inst_count || fn->insts[r].dead || fn->insts[r].type == IR_TYPE_VOID) return false;
  uint32_t d = e->dispatch->def_block[r];
  return d != IR_NONE && (d != blk || fn->insts[r].op == IR_OP_phi);
}

static void mark_use(struct emit *e, uint32_t a, uint32_t blk) {
  uint32_t r = root_of(e->fn, a);
  if (crosses(e, r, blk) && !e->dispatch->var[r]) e->dispatch->var[r] = 1; /* declared later */
}

bool spirv_dispatch_begin(struct emit *e) {
  const struct ir_function *fn = e->fn;
  struct spirv_dispatch *d = calloc(1, sizeof *d);
  size_t n = fn->inst_count ? fn->inst_count : 1;
  if (!d) return false;
  e->dispatch = d;
  d->def_block = malloc(n * sizeof *d->def_block);
  d->var = calloc(n, sizeof *d->var);
  d->canon = malloc(n * sizeof *d->canon);
  d->loaded = calloc(n, sizeof *d->loaded);
  d->stamp = calloc(n, sizeof *d->stamp);
  d->touched = malloc(n * sizeof *d->touched);
  if (!d->def_block || !d->var || !d->canon || !d->loaded || !d->stamp || !d->touched) return false;
  for (uint32_t i = 0; i < fn->inst_count; i++) d->def_block[i] = IR_NONE;
  for (uint32_t blk = 0; blk < fn->block_count; blk++) {
    if (!cfg_graph_reachable(fn->cfg, blk)) continue;
    const struct ir_block *b = &fn->blocks[blk];
    for (uint32_t i = 0; i < b->count; i++) {
      const struct ir_inst *in = &fn->insts[b->insts[i]];
      if (!in->dead && in->op != IR_OP_const && in->op != IR_OP_copy)
        d->def_block[b->insts[i]] = blk;
    }
  }
  for (uint32_t blk = 0; blk < fn->block_count; blk++) {
    if (!cfg_graph_reachable(fn->cfg, blk)) continue;
    const struct ir_block *b = &fn->blocks[blk];
    for (uint32_t i = 0; i < b->count; i++) /* every live phi is a variable */
      if (!fn->insts[b->insts[i]].dead && fn->insts[b->insts[i]].op == IR_OP_phi)
        d->var[b->insts[i]] = 1;
    for_each_use(e, blk, mark_use, blk);
  }
  return true;
}

void spirv_dispatch_free(struct emit *e) {
  struct spirv_dispatch *d = e->dispatch;
  if (!d) return;
  free(d->def_block);
  free(d->var);
  free(d->canon);
  free(d->loaded);
  free(d->stamp);
  free(d->touched);
  free(d);
  e->dispatch = NULL;
}

/* In the entry block, after its label: the variables (OpVariable comes first there). */
void spirv_dispatch_vars(struct emit *e) {
  const struct ir_function *fn = e->fn;
  struct spirv_dispatch *d = e->dispatch;
  memcpy(d->canon, e->val, fn->inst_count * sizeof *e->val);
  d->next = spv_id(&e->b);
  uint32_t w[4] = {spv_type_pointer(&e->b, SpvStorageClassFunction, e->t_u32), d->next,
                   SpvStorageClassFunction, 0};
  inst(e, SpvOpVariable, w, 3);
  spv_name(&e->b, d->next, "next_block");
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    if (!d->var[i]) continue;
    d->var[i] = spv_id(&e->b);
    uint32_t v[3] = {spv_type_pointer(&e->b, SpvStorageClassFunction,
                                      type_of(e, (enum ir_type)fn->insts[i].type)),
                     d->var[i], SpvStorageClassFunction};
    inst(e, SpvOpVariable, v, 3);
    char name[24];
    snprintf(name, sizeof name, "var_v%u", i);
    spv_name(&e->b, d->var[i], name);
  }
  d->header = spv_id(&e->b);
  d->sw = spv_id(&e->b);
  d->sw_merge = spv_id(&e->b);
  d->cont = spv_id(&e->b);
  d->exit = spv_id(&e->b);
}

static void load_use(struct emit *e, uint32_t a, uint32_t blk) {
  struct spirv_dispatch *d = e->dispatch;
  uint32_t r = root_of(e->fn, a);
  if (!crosses(e, r, blk)) return;
  if (d->stamp[r] != blk + 1) {
    d->stamp[r] = blk + 1;
    d->loaded[r] = op1(e, SpvOpLoad, type_of(e, (enum ir_type)e->fn->insts[r].type), d->var[r]);
    d->touched[d->ntouched++] = r;
  }
  if (e->val[a] != d->loaded[r]) {
    if (a != r) d->touched[d->ntouched++] = a;
    e->val[a] = d->loaded[r];
  }
}

/* At the start of block BLK (after its label): its phis read their variables, the values
 * it uses from other blocks are loaded and stand for their IR values until its end. */
void spirv_dispatch_block_start(struct emit *e, uint32_t blk) {
  const struct ir_function *fn = e->fn;
  struct spirv_dispatch *d = e->dispatch;
  const struct ir_block *b = &fn->blocks[blk];
  for (uint32_t i = 0; i < b->count && fn->insts[b->insts[i]].op == IR_OP_phi; i++) {
    uint32_t id = b->insts[i];
    if (fn->insts[id].dead) continue;
    def(e, SpvOpLoad, type_of(e, (enum ir_type)fn->insts[id].type), e->val[id], &d->var[id], 1);
    d->stamp[id] = blk + 1;
    d->loaded[id] = e->val[id];
  }
  for_each_use(e, blk, load_use, blk);
}

/* After instruction ID: a value other blocks read goes to its variable. */
void spirv_dispatch_defined(struct emit *e, uint32_t id) {
  const struct ir_function *fn = e->fn;
  struct spirv_dispatch *d = e->dispatch;
  if (!d->var[id] || fn->insts[id].op == IR_OP_phi || !e->val[id]) return;
  uint32_t w[2] = {d->var[id], e->val[id]};
  inst(e, SpvOpStore, w, 2);
}

/* The phis of SUCC on the edge from BLK: stored (COND: only when the edge is taken, as
 * select(cond == TAKEN_ON, incoming, current)). */
static void edge_stores(struct emit *e, uint32_t blk, uint32_t succ, uint32_t cond, bool taken_on) {
  const struct ir_function *fn = e->fn;
  struct spirv_dispatch *d = e->dispatch;
  uint32_t k = cfg_graph_pred_index(fn->cfg, succ, blk);
  const struct ir_block *sb = &fn->blocks[succ];
  for (uint32_t i = 0; i < sb->count && fn->insts[sb->insts[i]].op == IR_OP_phi; i++) {
    uint32_t id = sb->insts[i];
    const struct ir_inst *phi = &fn->insts[id];
    if (phi->dead) continue;
    uint32_t t = type_of(e, (enum ir_type)phi->type),
             a = k < phi->arg_count ? ir_inst_args(fn, id)[k] : IR_NONE;
    uint32_t v = a < fn->inst_count ? e->val[a] : 0;
    if (!v) continue; /* no value on this path: the variable keeps whatever it holds */
    if (cond) {
      uint32_t cur = op1(e, SpvOpLoad, t, d->var[id]);
      v = taken_on ? sel(e, t, cond, v, cur) : sel(e, t, cond, cur, v);
    }
    uint32_t w[2] = {d->var[id], v};
    inst(e, SpvOpStore, w, 2);
  }
}

/* The terminator TERM of block BLK; ENTRY: the entry block, which branches into the loop. */
void spirv_dispatch_terminator(struct emit *e, uint32_t blk, uint32_t term, bool entry) {
  const struct ir_function *fn = e->fn;
  struct spirv_dispatch *d = e->dispatch;
  const struct ir_inst *t = &fn->insts[term];
  uint32_t nsucc = cfg_graph_succ_count(fn->cfg, blk), next = 0;
  if (t->op == IR_OP_br && nsucc == 1) {
    uint32_t s = cfg_graph_succ(fn->cfg, blk, 0);
    edge_stores(e, blk, s, 0, true);
    next = cu32(e, s);
  } else if (t->op == IR_OP_cbr && nsucc == 2) {
    uint32_t c = e->val[ir_inst_args(fn, term)[0]];
    uint32_t s0 = cfg_graph_succ(fn->cfg, blk, 0), s1 = cfg_graph_succ(fn->cfg, blk, 1);
    edge_stores(e, blk, s0, c, true);
    edge_stores(e, blk, s1, c, false);
    next = sel(e, e->t_u32, c, cu32(e, s0), cu32(e, s1));
  } else if (t->op == IR_OP_ret) {
    spirv_fault_flush(e);
    spirv_wave_end(e);
    inst(e, SpvOpReturn, NULL, 0);
  } else if (t->op == IR_OP_unreachable) {
    inst(e, SpvOpUnreachable, NULL, 0);
  } else {
    unsupported(e, "terminator %s with %u successors (block %u)", ir_op_infos[t->op].name, nsucc,
                blk);
    inst(e, SpvOpUnreachable, NULL, 0);
  }
  if (next) {
    uint32_t w[2] = {d->next, next};
    inst(e, SpvOpStore, w, 2);
    inst(e, SpvOpBranch, entry ? &d->header : &d->sw_merge, 1);
  }
  /* the block's loads stood for their values only here */
  for (uint32_t i = 0; i < d->ntouched; i++) e->val[d->touched[i]] = d->canon[d->touched[i]];
  d->ntouched = 0;
}

/* After the entry block: the loop header and the switch over every other reachable block
 * (in reverse post-order, the order their cases are then emitted in). */
void spirv_dispatch_head(struct emit *e) {
  const struct ir_function *fn = e->fn;
  struct spirv_dispatch *d = e->dispatch;
  inst(e, SpvOpLabel, &d->header, 1);
  spv_name(&e->b, d->header, "dispatch");
  uint32_t lm[3] = {d->exit, d->cont, SpvLoopControlMaskNone};
  inst(e, SpvOpLoopMerge, lm, 3);
  inst(e, SpvOpBranch, &d->sw, 1);
  inst(e, SpvOpLabel, &d->sw, 1);
  spv_name(&e->b, d->sw, "dispatch_switch");
  uint32_t id = op1(e, SpvOpLoad, e->t_u32, d->next);
  uint32_t sm[2] = {d->sw_merge, SpvSelectionControlMaskNone};
  inst(e, SpvOpSelectionMerge, sm, 2);
  uint32_t rpo = cfg_graph_rpo_count(fn->cfg);
  uint32_t *w = malloc((2 + 2 * (size_t)rpo) * sizeof *w), n = 0;
  if (!w) {
    e->b.failed = true;
    return;
  }
  w[n++] = id;
  w[n++] = d->sw_merge;
  for (uint32_t i = 1; i < rpo; i++) {
    uint32_t blk = cfg_graph_rpo_node(fn->cfg, i);
    w[n++] = blk;
    w[n++] = e->begin[blk];
  }
  inst(e, SpvOpSwitch, w, n);
  free(w);
}

/* After the last case: the switch's merge, the continue target, the loop's merge (left
 * only by returns). */
void spirv_dispatch_tail(struct emit *e) {
  struct spirv_dispatch *d = e->dispatch;
  inst(e, SpvOpLabel, &d->sw_merge, 1);
  inst(e, SpvOpBranch, &d->cont, 1);
  inst(e, SpvOpLabel, &d->cont, 1);
  inst(e, SpvOpBranch, &d->header, 1);
  inst(e, SpvOpLabel, &d->exit, 1);
  inst(e, SpvOpUnreachable, NULL, 0);
}
