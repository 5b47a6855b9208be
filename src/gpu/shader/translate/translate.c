/* The translation driver: discovery, blocks, structuring, per-block instruction
 * translation, terminators, passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/translate/translate_internal.h"

static const char *const indirect_jump_names[] = {
#define IR_INDIRECT_NAME_(name, text) text,
    IR_INDIRECT_JUMPS(IR_INDIRECT_NAME_)
#undef IR_INDIRECT_NAME_
};

const char *ir_indirect_jump_name(enum ir_indirect_jump r) {
  return (unsigned)r < sizeof indirect_jump_names / sizeof *indirect_jump_names
             ? indirect_jump_names[r]
             : "?";
}

void xl_begin_block(struct xl_state *x, uint32_t block) {
  x->b.block = block;
  x->gen++;
  x->active_gen = 0;
}

static void free_code(struct xl_code *c) {
  free(c->leader);
  free(c->inst_at);
  free(c->insts);
  free(c->inst_store);
  free(c->order);
  free(c->block_first);
  free(c->ret_points);
  free(c->disp_reg);
}

/* Dispatch node I of a return (xl_code.disp_*): the SGPR pair against one return point
 * (the values s_swappc writes: the run-time code base plus the byte offset, as s_getpc's),
 * or the no-match fault. */
static void emit_return_node(struct xl_state *x, const struct xl_code *c, uint32_t i) {
  struct ir_builder *b = &x->b;
  uint32_t reg = IR_REG_SGPR0 + c->disp_reg[i];
  uint32_t v = ir_pack_u64(b, ir_b_get_reg(b, reg), ir_b_get_reg(b, reg + 1));
  if (c->disp_cand[i] == XL_NONE) {
    uint32_t first = b->fn->inst_count;
    ir_bad_jump_i(b, c->disp_pc[i], v);
    ir_note_pc(b->fn, first, c->disp_pc[i]);
    for (uint32_t k = 0; k < x->observe_count; k++) /* the wave ends here: as at a return */
      if (x->observe[k] < IR_REG_COUNT)
        ir_observe_i(b, x->observe[k], ir_b_get_reg(b, x->observe[k]));
    ir_ret(b);
    return;
  }
  uint64_t offset = (uint64_t)c->disp_cand[i] * 4;
  uint32_t target = ir_iadd64(b, ir_code_base(b), ir_b_const(b, IR_TYPE_U64, offset));
  ir_cbr(b, ir_ieq64(b, v, target));
}

static void emit_terminator(struct xl_state *x, struct ir_function *fn, uint32_t block,
                            const struct xl_decoded *last) {
  uint32_t succ = cfg_graph_succ_count(fn->cfg, block);
  if (succ == 0) {
    for (uint32_t i = 0; i < x->observe_count; i++)
      if (x->observe[i] < IR_REG_COUNT)
        ir_observe_i(&x->b, x->observe[i], ir_b_get_reg(&x->b, x->observe[i]));
    ir_ret(&x->b);
  } else if (succ == 1) {
    ir_br(&x->b);
  } else {
    /* successor 0 is the branch target (taken), 1 the fall-through */
    ir_cbr(&x->b, xl_branch_condition(x, last->flow));
  }
}

/* ---- route numbers of the structuriser's loop-exit routing ---------------------------
 *
 * A route node sets the route number of its chain, a guard branches on it (cfg_routing in
 * cfg_structure.h). The number is a variable that lives only in inserted blocks: each guard
 * gets a phi for its chain's number at its entry; once every block exists the phis are
 * filled, walking back through inserted blocks (a phi where such a block has several
 * predecessors). An original block never carries a number: its paths reach a guard only
 * through a route node of the guard's chain, so it contributes `undef`. */
struct xl_routes {
  const struct cfg_structure *st;
  uint32_t orig, count, undef;
  uint32_t *konst;  /* by inserted node: a route node's constant */
  uint32_t *phi;    /* by inserted node: a guard's phi */
  uint32_t *memo;   /* by (chain slot, inserted node): the chain's number at the node's entry */
  uint32_t *slot;   /* by inserted node: for a join, its chain's slot in memo */
  uint32_t chains;
};

static void routes_free(struct xl_routes *r) {
  free(r->konst);
  free(r->memo);
}

static bool routes_init(struct xl_routes *r, const struct cfg_structure *st, uint32_t nodes) {
  memset(r, 0, sizeof *r);
  r->st = st;
  r->orig = st->original_nodes;
  r->count = nodes - st->original_nodes;
  r->undef = IR_NONE;
  if ((!st->routed_loops && !st->routed_selections) || !r->count) return true;
  r->konst = malloc(3 * (size_t)r->count * sizeof *r->konst);
  if (!r->konst) return false;
  r->phi = r->konst + r->count;
  r->slot = r->phi + r->count;
  for (uint32_t i = 0; i < r->count; i++) {
    struct cfg_routing ro = cfg_structure_routing(st, r->orig + i);
    r->konst[i] = r->phi[i] = IR_NONE;
    r->slot[i] = ro.kind == CFG_INSERTED_GUARD && ro.join == r->orig + i ? r->chains++ : IR_NONE;
  }
  r->memo = malloc(((size_t)r->chains * r->count + 1) * sizeof *r->memo);
  if (!r->memo) return false;
  for (size_t i = 0; i < (size_t)r->chains * r->count; i++) r->memo[i] = IR_NONE;
  return true;
}

/* An inserted block: a route node's constant or a guard's test, then the branch. */
static void emit_inserted(struct xl_state *x, struct xl_routes *r, uint32_t block) {
  struct cfg_routing ro = cfg_structure_routing(r->st, block);
  struct ir_function *fn = x->b.fn;
  if (ro.kind == CFG_INSERTED_ROUTE && r->konst) {
    r->konst[block - r->orig] = ir_b_const(&x->b, IR_TYPE_U32, ro.route);
  } else if (ro.kind == CFG_INSERTED_GUARD && r->konst) {
    uint32_t phi = ir_emit_phi(fn, block, IR_TYPE_U32, cfg_graph_pred_count(fn->cfg, block));
    r->phi[block - r->orig] = phi;
    ir_cbr(&x->b, ir_ieq(&x->b, phi, ir_b_const(&x->b, IR_TYPE_U32, ro.route)));
    return;
  }
  ir_br(&x->b);
}

static uint32_t route_at_entry(struct ir_function *fn, struct xl_routes *r, uint32_t chain,
                               uint32_t n);

/* The number of chain JOIN at the end of block P. */
static uint32_t route_at_exit(struct ir_function *fn, struct xl_routes *r, uint32_t join,
                              uint32_t p) {
  if (p < r->orig || !cfg_graph_reachable(fn->cfg, p)) return r->undef;
  struct cfg_routing ro = cfg_structure_routing(r->st, p);
  if (ro.kind == CFG_INSERTED_ROUTE && ro.join == join) return r->konst[p - r->orig];
  return route_at_entry(fn, r, join, p); /* other inserted blocks pass it on */
}

static bool fill_phi(struct ir_function *fn, struct xl_routes *r, uint32_t join, uint32_t phi,
                     uint32_t block) {
  for (uint32_t i = 0; i < cfg_graph_pred_count(fn->cfg, block); i++) {
    uint32_t v = route_at_exit(fn, r, join, cfg_graph_pred(fn->cfg, block, i));
    if (v == IR_NONE) return false;
    ir_inst_args(fn, phi)[i] = v;
  }
  return true;
}

static uint32_t route_at_entry(struct ir_function *fn, struct xl_routes *r, uint32_t join,
                               uint32_t n) {
  struct cfg_routing ro = cfg_structure_routing(r->st, n);
  if (ro.kind == CFG_INSERTED_GUARD && ro.join == join) return r->phi[n - r->orig];
  uint32_t *memo = &r->memo[(size_t)r->slot[join - r->orig] * r->count + (n - r->orig)];
  if (*memo != IR_NONE) return *memo;
  if (cfg_graph_pred_count(fn->cfg, n) == 1)
    return *memo = route_at_exit(fn, r, join, cfg_graph_pred(fn->cfg, n, 0));
  uint32_t phi = ir_emit_phi(fn, n, IR_TYPE_U32, cfg_graph_pred_count(fn->cfg, n));
  *memo = phi; /* before the operands: a cycle through inserted blocks ends here */
  return phi != IR_NONE && fill_phi(fn, r, join, phi, n) ? phi : IR_NONE;
}

/* Fills every guard's phi. */
static bool routes_finish(struct ir_function *fn, struct xl_routes *r) {
  for (uint32_t i = 0; r->konst && i < r->count; i++) {
    uint32_t phi = r->phi[i];
    if (phi == IR_NONE) continue;
    uint32_t join = cfg_structure_routing(r->st, r->orig + i).join;
    if (r->undef == IR_NONE || !fill_phi(fn, r, join, phi, r->orig + i)) return false;
  }
  return true;
}

struct ir_function *ir_translate(const uint32_t *words, size_t count,
                                 const struct ir_translate_options *opts,
                                 struct ir_translate_error *err,
                                 struct ir_translate_stats *stats) {
  struct ir_translate_error local_err;
  if (!err) err = &local_err;
  memset(err, 0, sizeof *err);
  if (stats) memset(stats, 0, sizeof *stats);
  if (!words || count == 0) {
    snprintf(err->msg, sizeof err->msg, "empty shader");
    return NULL;
  }
  if (count > IR_TRANSLATE_MAX_DWORDS) {
    snprintf(err->msg, sizeof err->msg, "shader of %zu dwords exceeds the limit of %u", count,
             IR_TRANSLATE_MAX_DWORDS);
    return NULL;
  }
  uint32_t wave = opts && opts->wave_size == 64 ? 64 : 32;
  struct xl_code c = {.words = words, .count = (uint32_t)count, .wave64 = wave == 64,
                      .err = err};
  c.leader = calloc(count + 1, 1);
  c.inst_at = malloc((count + 1) * sizeof *c.inst_at);
  c.insts = malloc((count + 1) * sizeof *c.insts);
  c.inst_store = malloc((count + 1) * sizeof(struct isa_inst));
  c.order = malloc((count + 1) * sizeof *c.order);
  c.block_first = malloc((count + 2) * sizeof *c.block_first);
  if (!c.leader || !c.inst_at || !c.insts || !c.inst_store || !c.order || !c.block_first) {
    free_code(&c);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return NULL;
  }
  for (size_t i = 0; i <= count; i++) c.inst_at[i] = XL_NONE;
  if (!xl_discover(&c) || !xl_build_blocks(&c) || !xl_build_graph(&c)) {
    cfg_graph_destroy(c.graph);
    free_code(&c);
    return NULL;
  }
  if (stats) {
    stats->instructions = c.inst_count;
    stats->blocks = c.block_count;
  }

  struct cfg_graph *g = c.graph;
  struct cfg_structure structure;
  bool structured = cfg_structurize(g, &structure);
  if (!structured)
    LOG(shader, INFO, "shader control flow needs the dispatcher form: %s", structure.reason);
  /* SSA needs an entry block no edge comes back to: the structuriser adds one even when it
   * gives up, unless it ran out of memory. */
  if (!structured && structure.fallback == CFG_FALLBACK_NO_MEMORY) {
    cfg_structure_free(&structure);
    cfg_graph_destroy(g);
    free_code(&c);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return NULL;
  }
  struct ir_function *fn = ir_function_create(g, wave);
  if (!fn) {
    cfg_structure_free(&structure);
    free_code(&c);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return NULL;
  }
  fn->structure = structure;
  fn->structured = structured;
  fn->float_mode = opts && opts->float_mode ? opts->float_mode & 0xff : IR_FLOAT_MODE_DEFAULT;
  /* typical expansion: ~8 IR instructions and ~12 operands per guest instruction */
  ir_function_reserve(fn, c.inst_count * 8 + 64, c.inst_count * 12 + 128);

  struct xl_state *xs = calloc(1, sizeof *xs);
  if (!xs) {
    ir_function_destroy(fn);
    free_code(&c);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return NULL;
  }
  struct xl_state x_init = {.b = {fn, 0}, .wave64 = wave == 64, .gen = 1,
                            .dpp_src0 = IR_NONE, .dpp_write = IR_NONE,
                            .sdwa_src = {IR_NONE, IR_NONE}};
  *xs = x_init;
  if (opts) {
    xs->observe = opts->observe;
    xs->observe_count = opts->observe ? opts->observe_count : 0;
  }
  struct xl_routes routes;
  if (!routes_init(&routes, &fn->structure, fn->block_count)) fn->failed = true;
  for (uint32_t b = 0; b < fn->block_count; b++) {
    xl_begin_block(xs, b);
    if (!cfg_graph_reachable(g, b)) continue;
    if (b == cfg_graph_entry(g) && routes.konst) /* "no route number" for routing */
      routes.undef = ir_b_emit(&xs->b, IR_OP_undef, IR_TYPE_U32, 0, 0, NULL);
    if (b >= c.block_count && b < c.block_count + c.disp_count) { /* a return's compare */
      ir_block_reserve(fn, b, 6);
      fn->blocks[b].pc = c.disp_pc[b - c.block_count];
      emit_return_node(xs, &c, b - c.block_count);
      continue;
    }
    if (b >= c.block_count) { /* inserted by the structuriser: forwarding, route or guard */
      ir_block_reserve(fn, b, 4); /* the branch, a guard's test, and a phi SSA may add */
      emit_inserted(xs, &routes, b);
      continue;
    }
    /* typical expansion: ~8 IR instructions per guest instruction, plus the terminator */
    ir_block_reserve(fn, b, (c.block_first[b + 1] - c.block_first[b]) * 8 + 4);
    const struct xl_decoded *last = NULL;
    for (uint32_t i = c.block_first[b]; i < c.block_first[b + 1]; i++) {
      const struct xl_decoded *dec = &c.insts[c.order[i]];
      if (i == c.block_first[b]) fn->blocks[b].pc = dec->dword * 4;
      last = dec;
      switch (dec->flow) {
        case XL_FLOW_NONE: {
          uint32_t first = fn->inst_count;
          xl_translate_inst(xs, dec->in, dec->dword * 4);
          ir_note_pc(fn, first, dec->dword * 4); /* for reports (shader faults) */
          break;
        }
        case XL_FLOW_SWAPPC:
        case XL_FLOW_ICALL: /* its target pair is not the destination: read after this */
        case XL_FLOW_CALL: {
          /* the return address (the next instruction's guest address: the code base plus
           * its offset) goes to the destination pair */
          const struct isa_operand *d = &dec->in->defs[0];
          if (dec->in->num_defs && d->kind == ISA_OPK_SGPR && d->reg + 1 < 106) {
            struct ir_builder *bd = &xs->b;
            uint32_t ret = (dec->dword + dec->in->size) * 4;
            uint32_t a = ir_iadd64(bd, ir_code_base(bd), ir_b_const(bd, IR_TYPE_U64, ret));
            ir_b_set_reg(bd, IR_REG_SGPR0 + d->reg, ir_lo_u32(bd, a));
            ir_b_set_reg(bd, IR_REG_SGPR0 + d->reg + 1, ir_hi_u32(bd, a));
          }
          break;
        }
        case XL_FLOW_UNRESOLVED: {
          uint32_t sgpr = dec->in->num_srcs && dec->in->srcs[0].kind == ISA_OPK_SGPR
                              ? dec->in->srcs[0].reg : IR_NONE;
          if (fn->indirect_jumps.count++ == 0) {
            fn->indirect_jumps.reason = dec->indirect;
            fn->indirect_jumps.offset = dec->dword * 4;
            fn->indirect_jumps.sgpr = sgpr;
          }
          if (sgpr != IR_NONE)
            LOG(shader, WARN, "%s s[%u:%u] at 0x%x is not translated: %s; the path ends there",
                dec->in->info->name, sgpr, sgpr + 1, dec->dword * 4,
                ir_indirect_jump_name((enum ir_indirect_jump)dec->indirect));
          else
            LOG(shader, WARN, "%s at 0x%x is not translated: %s; the path ends there",
                dec->in->info->name, dec->dword * 4,
                ir_indirect_jump_name((enum ir_indirect_jump)dec->indirect));
          ir_unsupported_i(&xs->b, dec->dword * 4);
          xs->unsupported++;
          break;
        }
        default: break; /* branches and s_endpgm become the terminator */
      }
    }
    emit_terminator(xs, fn, b, last);
  }
  if (!routes_finish(fn, &routes)) fn->failed = true;
  routes_free(&routes);
  if (stats) stats->unsupported_count = xs->unsupported;
  free(xs);
  free_code(&c);
  if (fn->failed) {
    snprintf(err->msg, sizeof err->msg, "out of memory");
    ir_function_destroy(fn);
    return NULL;
  }
  if (opts && opts->run_passes && !ir_run_passes(fn)) {
    snprintf(err->msg, sizeof err->msg, "an IR pass failed (see the log)");
    ir_function_destroy(fn);
    return NULL;
  }
  return fn;
}
