/* The translation driver: discovery, blocks, structuring, per-block instruction
 * translation, terminators, passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/ir/translate_internal.h"

void xl_begin_block(struct xl_state *x, uint32_t block) {
  x->b.block = block;
  x->gen++;
  x->active_gen = 0;
}

static void free_code(struct xl_code *c) {
  free(c->leader);
  free(c->inst_at);
  free(c->insts);
  free(c->order);
  free(c->block_first);
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
  c.order = malloc((count + 1) * sizeof *c.order);
  c.block_first = malloc((count + 2) * sizeof *c.block_first);
  if (!c.leader || !c.inst_at || !c.insts || !c.order || !c.block_first) {
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
  struct ir_function *fn = ir_function_create(g, wave);
  if (!fn) {
    cfg_structure_free(&structure);
    free_code(&c);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return NULL;
  }
  fn->structure = structure;
  fn->structured = structured;
  fn->float_mode = opts ? opts->float_mode & 0xff : 0;
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
  for (uint32_t b = 0; b < fn->block_count; b++) {
    xl_begin_block(xs, b);
    if (!cfg_graph_reachable(g, b)) continue;
    if (b >= c.block_count) { /* inserted by the structuriser: an empty forwarding block */
      ir_block_reserve(fn, b, 2); /* the branch, and a phi SSA may add */
      ir_br(&xs->b);
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
        case XL_FLOW_NONE: xl_translate_inst(xs, &dec->in, dec->dword * 4); break;
        case XL_FLOW_SWAPPC:
        case XL_FLOW_CALL: {
          /* the return address (the next instruction) goes to the destination pair */
          const struct isa_operand *d = &dec->in.defs[0];
          if (dec->in.num_defs && d->kind == ISA_OPK_SGPR && d->reg + 1 < 106) {
            uint32_t ret = (dec->dword + dec->in.size) * 4;
            ir_b_set_reg(&xs->b, IR_REG_SGPR0 + d->reg, ir_b_const(&xs->b, IR_TYPE_U32, ret));
            ir_b_set_reg(&xs->b, IR_REG_SGPR0 + d->reg + 1, ir_b_const(&xs->b, IR_TYPE_U32, 0));
          }
          break;
        }
        case XL_FLOW_UNRESOLVED:
          LOG_ONCE(shader, WARN, "indirect jump through a register is not supported (0x%x)",
                   dec->dword * 4);
          ir_unsupported_i(&xs->b, dec->dword * 4);
          xs->unsupported++;
          break;
        default: break; /* branches and s_endpgm become the terminator */
      }
    }
    emit_terminator(xs, fn, b, last);
  }
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
