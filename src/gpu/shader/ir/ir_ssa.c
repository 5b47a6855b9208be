/* SSA construction after Braun et al., "Simple and Efficient Construction of Static Single
 * Assignment Form" (CC 2013): blocks are filled in reverse post-order, a block is sealed
 * once all its predecessors are filled, reads in unsealed blocks create incomplete phis that
 * sealing completes, and trivial phis (all operands the same value or the phi itself) are
 * replaced by that value. The variables are the GPU registers (ir_reg). A register read
 * before any write in the entry block is its wave-start value (entry_reg). */
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/ir/cfg_graph_internal.h"
#include "gpu/shader/ir/ir.h"

struct ssa {
  struct ir_function *fn;
  uint32_t slots;           /* registers in use */
  uint32_t *slot_of;        /* IR_REG_COUNT entries */
  uint32_t *reg_of;         /* slot -> register */
  uint32_t *cur;            /* block * slots: current definition at the end of the block */
  uint32_t *fwd;            /* value forwarding for removed phis and reads */
  uint32_t fwd_cap;
  uint8_t *filled, *sealed;
  uint8_t *retreat_target;  /* blocks entered by an edge from a later block in RPO */
  uint64_t *loop_writes;    /* per loop: bitset of slots written inside it (reducible only) */
  uint32_t slot_words;
  uint32_t *entry_value;    /* slot -> entry_reg instruction */
  uint32_t undef[IR_TYPE_COUNT];
  struct { uint32_t slot, phi, next; } *incomplete; /* per-block lists */
  uint32_t incomplete_count, incomplete_cap;
  uint32_t *incomplete_head;  /* block -> first entry or IR_NONE */
  bool failed;
};

static uint32_t find(struct ssa *s, uint32_t v) {
  uint32_t root = v;
  while (root != IR_NONE && root < s->fwd_cap && s->fwd[root] != IR_NONE) root = s->fwd[root];
  /* path compression: later lookups through this chain take one step */
  while (v != root && v < s->fwd_cap) {
    uint32_t next = s->fwd[v];
    s->fwd[v] = root;
    v = next;
  }
  return root;
}

static bool fwd_fit(struct ssa *s) {
  uint32_t need = s->fn->inst_count + 1;
  if (need <= s->fwd_cap) return true;
  uint32_t cap = s->fwd_cap ? s->fwd_cap : 64;
  while (cap < need) cap *= 2;
  uint32_t *p = realloc(s->fwd, cap * sizeof *p);
  if (!p) return s->failed = true, false;
  for (uint32_t i = s->fwd_cap; i < cap; i++) p[i] = IR_NONE;
  s->fwd = p;
  s->fwd_cap = cap;
  return true;
}

/* Inserts a value-producing instruction without operands at the start of the entry block. */
static uint32_t entry_inst(struct ssa *s, enum ir_op op, enum ir_type type, uint64_t imm) {
  struct ir_function *fn = s->fn;
  uint32_t entry = cfg_graph_entry(fn->cfg);
  uint32_t id = ir_emit(fn, entry, op, type, imm, 0, NULL);
  if (id == IR_NONE) return s->failed = true, IR_NONE;
  struct ir_block *b = &fn->blocks[entry];
  memmove(&b->insts[1], &b->insts[0], (b->count - 1) * sizeof *b->insts);
  b->insts[0] = id;
  fwd_fit(s);
  return id;
}

static uint32_t undef_of(struct ssa *s, enum ir_type t) {
  if (s->undef[t] == IR_NONE) s->undef[t] = entry_inst(s, IR_OP_undef, t, 0);
  return s->undef[t];
}

static uint32_t read_var(struct ssa *s, uint32_t block, uint32_t slot);

static uint32_t try_remove_trivial(struct ssa *s, uint32_t phi) {
  struct ir_function *fn = s->fn;
  uint32_t same = IR_NONE;
  uint32_t *args = ir_inst_args(fn, phi);
  for (uint32_t i = 0; i < fn->insts[phi].arg_count; i++) {
    uint32_t op = find(s, args[i]);
    if (op == same || op == phi || op == IR_NONE) continue;
    if (same != IR_NONE) return phi;
    same = op;
  }
  if (same == IR_NONE) same = undef_of(s, fn->insts[phi].type);
  if (same == IR_NONE) return phi;
  s->fwd[phi] = same;
  fn->insts[phi].dead = 1;
  return same;
}

static void add_phi_operands(struct ssa *s, uint32_t block, uint32_t slot, uint32_t phi) {
  struct ir_function *fn = s->fn;
  uint32_t n = cfg_gi_pred_count(fn->cfg, block);
  for (uint32_t i = 0; i < n && !s->failed; i++) {
    uint32_t p = cfg_gi_pred(fn->cfg, block, i);
    uint32_t v = cfg_gi_reachable(fn->cfg, p)
                     ? read_var(s, p, slot)
                     : undef_of(s, ir_reg_type(s->reg_of[slot]));
    ir_inst_args(fn, phi)[i] = v; /* the argument array may move: index it afresh */
  }
}

static uint32_t new_phi(struct ssa *s, uint32_t block, uint32_t slot) {
  uint32_t phi = ir_emit_phi(s->fn, block, ir_reg_type(s->reg_of[slot]),
                             cfg_gi_pred_count(s->fn->cfg, block));
  if (phi == IR_NONE || !fwd_fit(s)) return s->failed = true, IR_NONE;
  return phi;
}

/* The single predecessor of loop header BLOCK that is not a back edge, or CFG_NONE. */
static uint32_t loop_entry_pred(const struct ssa *s, uint32_t block) {
  const struct cfg_graph *g = s->fn->cfg;
  uint32_t found = CFG_NONE;
  for (uint32_t i = 0; i < cfg_gi_pred_count(g, block); i++) {
    uint32_t p = cfg_gi_pred(g, block, i);
    if (!cfg_gi_reachable(g, p) || cfg_gi_is_back_edge(g, p, block)) continue;
    if (found != CFG_NONE) return CFG_NONE;
    found = p;
  }
  return found;
}

/* BLOCK heads a loop that never writes SLOT and is entered from one predecessor. */
static bool invariant_in_loop(const struct ssa *s, uint32_t block, uint32_t slot) {
  if (!s->loop_writes) return false;
  uint32_t l = cfg_gi_loop_with_header(s->fn->cfg, block);
  if (l == CFG_NONE) return false;
  if ((s->loop_writes[(size_t)l * s->slot_words + slot / 64] >> (slot % 64)) & 1) return false;
  return loop_entry_pred(s, block) != CFG_NONE;
}

static uint32_t read_var(struct ssa *s, uint32_t block, uint32_t slot) {
  struct ir_function *fn = s->fn;
  uint32_t *cur = &s->cur[(size_t)block * s->slots + slot];
  if (*cur != IR_NONE) return find(s, *cur);
  uint32_t val;
  uint32_t npred = cfg_gi_pred_count(fn->cfg, block);
  if (block == cfg_graph_entry(fn->cfg) && npred == 0) {
    if (s->entry_value[slot] == IR_NONE)
      s->entry_value[slot] =
          entry_inst(s, IR_OP_entry_reg, ir_reg_type(s->reg_of[slot]), s->reg_of[slot]);
    val = s->entry_value[slot];
  } else if (invariant_in_loop(s, block, slot)) {
    /* not written in the loop: every back edge carries the value that entered it */
    val = read_var(s, loop_entry_pred(s, block), slot);
  } else if (!s->sealed[block]) {
    val = new_phi(s, block, slot);
    if (val == IR_NONE) return IR_NONE;
    if (s->incomplete_count == s->incomplete_cap) {
      uint32_t cap = s->incomplete_cap ? s->incomplete_cap * 2 : 32;
      void *p = realloc(s->incomplete, cap * sizeof *s->incomplete);
      if (!p) return s->failed = true, IR_NONE;
      s->incomplete = p;
      s->incomplete_cap = cap;
    }
    s->incomplete[s->incomplete_count].slot = slot;
    s->incomplete[s->incomplete_count].phi = val;
    s->incomplete[s->incomplete_count].next = s->incomplete_head[block];
    s->incomplete_head[block] = s->incomplete_count++;
  } else if (npred == 1) {
    val = read_var(s, cfg_gi_pred(fn->cfg, block, 0), slot);
  } else if (!s->retreat_target[block]) {
    /* No edge comes back into this block, so reading the predecessors cannot cycle back
     * here: read them first and make a phi only when they differ. */
    uint32_t stack_vals[8], *vals = npred <= 8 ? stack_vals : malloc(npred * sizeof *vals);
    if (!vals) return s->failed = true, IR_NONE;
    bool same = true;
    for (uint32_t i = 0; i < npred && !s->failed; i++) {
      uint32_t p = cfg_gi_pred(fn->cfg, block, i);
      vals[i] = cfg_gi_reachable(fn->cfg, p) ? read_var(s, p, slot)
                                                : undef_of(s, ir_reg_type(s->reg_of[slot]));
      same = same && vals[i] == vals[0];
    }
    if (same) {
      val = vals[0];
    } else {
      val = new_phi(s, block, slot);
      if (val != IR_NONE) memcpy(ir_inst_args(fn, val), vals, npred * sizeof *vals);
    }
    if (vals != stack_vals) free(vals);
    if (val == IR_NONE) return IR_NONE;
  } else {
    uint32_t phi = new_phi(s, block, slot);
    if (phi == IR_NONE) return IR_NONE;
    s->cur[(size_t)block * s->slots + slot] = phi; /* breaks cycles */
    add_phi_operands(s, block, slot, phi);
    val = try_remove_trivial(s, phi);
  }
  s->cur[(size_t)block * s->slots + slot] = val;
  return val;
}

static void seal(struct ssa *s, uint32_t block) {
  s->sealed[block] = 1;
  for (uint32_t i = s->incomplete_head[block]; i != IR_NONE && !s->failed;
       i = s->incomplete[i].next) {
    uint32_t phi = s->incomplete[i].phi;
    add_phi_operands(s, block, s->incomplete[i].slot, phi);
    try_remove_trivial(s, phi);
  }
}

static bool all_preds_filled(const struct ssa *s, uint32_t block) {
  const struct cfg_graph *g = s->fn->cfg;
  for (uint32_t i = 0; i < cfg_gi_pred_count(g, block); i++) {
    uint32_t p = cfg_gi_pred(g, block, i);
    if (cfg_gi_reachable(g, p) && !s->filled[p]) return false;
  }
  return true;
}

static void fill_block(struct ssa *s, uint32_t block) {
  struct ir_function *fn = s->fn;
  for (uint32_t i = 0; i < fn->blocks[block].count && !s->failed; i++) {
    uint32_t id = fn->blocks[block].insts[i];
    struct ir_inst *in = &fn->insts[id];
    if (in->dead) continue;
    if (in->op == IR_OP_set_reg) {
      uint32_t slot = s->slot_of[in->imm];
      s->cur[(size_t)block * s->slots + slot] = find(s, ir_inst_args(fn, id)[0]);
      in->dead = 1;
    } else if (in->op == IR_OP_get_reg) {
      uint32_t v = read_var(s, block, s->slot_of[in->imm]);
      in = &fn->insts[id]; /* read_var may have grown the instruction array */
      if (v == IR_NONE) return;
      s->fwd[id] = v;
      in->dead = 1;
    }
  }
}

bool ir_pass_ssa(struct ir_function *fn) {
  if (fn->ssa) return true;
  if (fn->failed) return false;
  struct ssa s = {.fn = fn};
  struct cfg_graph *g = fn->cfg;
  uint32_t nb = fn->block_count;
  s.slot_of = malloc(IR_REG_COUNT * sizeof *s.slot_of);
  s.reg_of = malloc(IR_REG_COUNT * sizeof *s.reg_of);
  s.filled = calloc(nb, 1);
  s.sealed = calloc(nb, 1);
  s.incomplete_head = malloc((nb + 1) * sizeof *s.incomplete_head);
  s.retreat_target = calloc(nb + 1, 1);
  for (uint32_t b = 0; s.retreat_target && b < nb; b++) {
    uint32_t rb = cfg_graph_rpo_index(g, b);
    for (uint32_t i = 0; rb != CFG_NONE && i < cfg_gi_pred_count(g, b); i++) {
      uint32_t rp = cfg_graph_rpo_index(g, cfg_gi_pred(g, b, i));
      if (rp != CFG_NONE && rp >= rb) s.retreat_target[b] = 1;
    }
  }
  for (uint32_t i = 0; s.incomplete_head && i < nb; i++) s.incomplete_head[i] = IR_NONE;
  bool ok = s.incomplete_head && s.retreat_target && s.slot_of && s.reg_of && s.filled && s.sealed && fwd_fit(&s);
  if (ok) {
    for (uint32_t r = 0; r < IR_REG_COUNT; r++) s.slot_of[r] = IR_NONE;
    for (uint32_t t = 0; t < IR_TYPE_COUNT; t++) s.undef[t] = IR_NONE;
    /* code in unreachable blocks is dropped; collect the registers the rest uses */
    /* reachability per block, looked up once instead of once per instruction */
    uint8_t *reach = s.filled; /* still all zero here; cleared again below */
    for (uint32_t b = 0; b < nb; b++) reach[b] = cfg_gi_reachable(g, b);
    for (uint32_t id = 0; id < fn->inst_count; id++) {
      struct ir_inst *in = &fn->insts[id];
      if (in->block >= nb || !reach[in->block]) {
        in->dead = 1;
        continue;
      }
      if ((in->op == IR_OP_get_reg || in->op == IR_OP_set_reg) && !in->dead &&
          in->imm < IR_REG_COUNT && s.slot_of[in->imm] == IR_NONE) {
        s.reg_of[s.slots] = (uint32_t)in->imm;
        s.slot_of[in->imm] = s.slots++;
      }
    }
    memset(s.filled, 0, nb);
    s.cur = malloc(((size_t)nb * s.slots + 1) * sizeof *s.cur);
    s.entry_value = malloc((s.slots + 1) * sizeof *s.entry_value);
    ok = s.cur && s.entry_value;
    /* Registers written inside each loop (only for reducible graphs, where a loop is
     * entered through its header alone). */
    uint32_t nloops = cfg_graph_loop_count(g);
    if (ok && nloops && !cfg_graph_irreducible(g, NULL)) {
      s.slot_words = (s.slots + 63) / 64;
      s.loop_writes = calloc((size_t)nloops * s.slot_words + 1, sizeof *s.loop_writes);
      for (uint32_t id = 0; s.loop_writes && id < fn->inst_count; id++) {
        const struct ir_inst *in = &fn->insts[id];
        if (in->dead || in->op != IR_OP_set_reg || in->imm >= IR_REG_COUNT) continue;
        uint32_t slot = s.slot_of[in->imm];
        for (uint32_t l = cfg_graph_loop_of(g, in->block); l != CFG_NONE; l = cfg_graph_loop_parent(g, l))
          s.loop_writes[(size_t)l * s.slot_words + slot / 64] |= 1ull << (slot % 64);
      }
    }
  }
  if (ok) {
    for (size_t i = 0; i < (size_t)nb * s.slots; i++) s.cur[i] = IR_NONE;
    for (uint32_t i = 0; i < s.slots; i++) s.entry_value[i] = IR_NONE;
    for (uint32_t r = 0; r < cfg_graph_rpo_count(g) && !s.failed; r++) {
      uint32_t b = cfg_graph_rpo_node(g, r);
      if (!s.sealed[b] && all_preds_filled(&s, b)) seal(&s, b);
      fill_block(&s, b);
      s.filled[b] = 1;
      for (uint32_t i = 0; i < cfg_graph_succ_count(g, b); i++) {
        uint32_t succ = cfg_graph_succ(g, b, i);
        if (!s.sealed[succ] && all_preds_filled(&s, succ)) seal(&s, succ);
      }
    }
    ok = !s.failed;
  }
  if (ok) {
    /* phis made trivial by later forwarding: sweep the phis (not every instruction) until
     * nothing changes */
    uint32_t nphi = 0;
    uint32_t *phis = malloc((fn->inst_count + 1) * sizeof *phis);
    if (!phis) {
      ok = false;
    } else {
      for (uint32_t id = 0; id < fn->inst_count; id++)
        if (!fn->insts[id].dead && fn->insts[id].op == IR_OP_phi) phis[nphi++] = id;
      for (bool changed = true; changed;) {
        changed = false;
        uint32_t kept = 0;
        for (uint32_t i = 0; i < nphi; i++) {
          if (try_remove_trivial(&s, phis[i]) != phis[i]) changed = true;
          else phis[kept++] = phis[i];
        }
        nphi = kept;
      }
      free(phis);
    }
    for (uint32_t id = 0; id < fn->inst_count; id++) {
      if (fn->insts[id].dead) continue;
      uint32_t *args = ir_inst_args(fn, id);
      for (uint32_t i = 0; i < fn->insts[id].arg_count; i++) args[i] = find(&s, args[i]);
    }
    fn->ssa = true;
  }
  ok = ok && !s.failed && !fn->failed;
  free(s.slot_of);
  free(s.reg_of);
  free(s.cur);
  free(s.fwd);
  free(s.filled);
  free(s.sealed);
  free(s.entry_value);
  free(s.incomplete);
  free(s.incomplete_head);
  free(s.retreat_target);
  free(s.loop_writes);
  return ok;
}
