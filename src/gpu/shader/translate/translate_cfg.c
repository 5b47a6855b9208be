/* Code discovery and basic blocks: decode from dword 0 along every path, split at branch
 * targets and after branches, recover constant s_setpc/s_swappc targets, follow calls'
 * return points and lay out the compare chains of returns through registers. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/translate/translate_internal.h"

/* Control flow of an opcode, by its mnemonic id (the names exist in one scalar family each:
 * SOPP branches and ends, SOP1 s_setpc/s_swappc, SOPK s_call). */
enum xl_flow xl_flow_of(const struct isa_inst *in) {
  switch ((enum isa_mnemonic)in->info->mnemonic) {
    case ISA_MN_s_branch: return XL_FLOW_JUMP;
    case ISA_MN_s_cbranch_scc0: return XL_FLOW_SCC0;
    case ISA_MN_s_cbranch_scc1: return XL_FLOW_SCC1;
    case ISA_MN_s_cbranch_vccz: return XL_FLOW_VCCZ;
    case ISA_MN_s_cbranch_vccnz: return XL_FLOW_VCCNZ;
    case ISA_MN_s_cbranch_execz: return XL_FLOW_EXECZ;
    case ISA_MN_s_cbranch_execnz: return XL_FLOW_EXECNZ;
    case ISA_MN_s_endpgm: case ISA_MN_s_endpgm_saved: case ISA_MN_s_endpgm_ordered_ps_done:
    case ISA_MN_s_code_end:
      return XL_FLOW_END;
    case ISA_MN_s_setpc_b64: return XL_FLOW_SETPC;
    case ISA_MN_s_swappc_b64: return XL_FLOW_SWAPPC;
    case ISA_MN_s_call_b64: return XL_FLOW_CALL;
    /* debugger branches (s_cbranch_cdbg*) never fire without a debugger: fall through */
    default: return XL_FLOW_NONE;
  }
}

/* Scalar instructions the constant tracker evaluates, by mnemonic id. */
enum xl_track xl_track_of(const struct isa_inst *in) {
  switch ((enum isa_mnemonic)in->info->mnemonic) {
    case ISA_MN_s_getpc_b64: return XL_TRACK_GETPC;
    case ISA_MN_s_mov_b32: return XL_TRACK_MOV;
    case ISA_MN_s_add_u32: return XL_TRACK_ADD;
    case ISA_MN_s_addc_u32: return XL_TRACK_ADDC;
    case ISA_MN_s_sub_u32: return XL_TRACK_SUB;
    default: return XL_TRACK_OTHER;
  }
}

bool xl_smem_keeps_sdata(const struct isa_inst *in) {
  return (in->info->flags & (ISA_F_STORE | ISA_F_ATOMIC)) == ISA_F_STORE;
}

static bool flow_conditional(enum xl_flow f) { return f >= XL_FLOW_SCC0 && f <= XL_FLOW_EXECNZ; }

static bool fail(struct xl_code *c, uint32_t dword, const char *fmt, const char *what) {
  c->err->offset = dword * 4;
  snprintf(c->err->msg, sizeof c->err->msg, fmt, what);
  return false;
}

/* Scalar constants known inside one block, for s_getpc/s_add/s_setpc sequences. */
struct known_sgprs {
  uint32_t value[106];
  uint32_t known[106]; /* == gen: value[] holds (forgetting everything is gen + 1) */
  uint32_t written[106]; /* == gen: set in this block to an unknown value, for the reason why */
  uint8_t why[106];      /* then: IR_INDIRECT_LOADED or _COMPUTED */
  uint32_t gen;
  bool scc_known;
  uint32_t scc;
};

static void known_forget_all(struct known_sgprs *k) {
  if (++k->gen == 0) { /* wrapped: clear the stamps once */
    memset(k->known, 0, sizeof k->known);
    memset(k->written, 0, sizeof k->written);
    k->gen = 1;
  }
  k->scc_known = false;
}

static bool const_src(const struct known_sgprs *k, const struct isa_operand *op, uint32_t *v) {
  switch (op->kind) {
    case ISA_OPK_SGPR:
      if (op->reg >= 106 || k->known[op->reg] != k->gen) return false;
      *v = k->value[op->reg];
      return true;
    case ISA_OPK_INLINE_INT:
    case ISA_OPK_LITERAL:
    case ISA_OPK_IMM: *v = op->value; return true;
    default: return false;
  }
}

static void forget_sgprs(struct known_sgprs *k, const struct isa_operand *op, uint8_t why) {
  for (unsigned r = 0; r < op->count && op->reg + r < 106; r++) {
    k->known[op->reg + r] = 0;
    k->written[op->reg + r] = k->gen;
    k->why[op->reg + r] = why;
  }
}

static void forget_defs(struct known_sgprs *k, const struct isa_inst *in) {
  for (unsigned d = 0; d < in->num_defs; d++)
    if (in->defs[d].kind == ISA_OPK_SGPR) forget_sgprs(k, &in->defs[d], IR_INDIRECT_COMPUTED);
  /* SMEM names its data registers as source 0, also when a load (or a returning atomic,
   * s_memtime, ...) writes them; only stores leave them alone */
  if (in->family == ISA_FAMILY_SMEM && in->num_srcs > 0 && in->srcs[0].kind == ISA_OPK_SGPR &&
      !xl_smem_keeps_sdata(in))
    forget_sgprs(k, &in->srcs[0], IR_INDIRECT_LOADED);
  k->scc_known = false;
}

/* Why the jump target in SRC (an s_setpc/s_swappc source) is not a known constant: the
 * last write in this block of a half that is not known, a load winning over a computation;
 * no such write means the value came from before the block. */
static enum ir_indirect_jump unresolved_reason(const struct known_sgprs *k,
                                               const struct isa_inst *in) {
  const struct isa_operand *src = &in->srcs[0];
  if (in->num_srcs == 0 || src->kind != ISA_OPK_SGPR || src->reg + 1 >= 106)
    return IR_INDIRECT_NOT_SGPR_PAIR;
  enum ir_indirect_jump r = IR_INDIRECT_INCOMING;
  for (uint32_t h = src->reg; h < src->reg + 2u; h++)
    if (k->known[h] != k->gen && k->written[h] == k->gen &&
        (r == IR_INDIRECT_INCOMING || k->why[h] == IR_INDIRECT_LOADED))
      r = (enum ir_indirect_jump)k->why[h];
  return r;
}

/* Tracks one instruction of kind KIND; PC_NEXT is the byte offset after it. */
static void track(struct known_sgprs *k, const struct isa_inst *in, enum xl_track kind,
                  uint32_t pc_next) {
  const struct isa_operand *d = &in->defs[0];
  uint32_t a, b;
  bool sd = in->num_defs == 1 && d->kind == ISA_OPK_SGPR && d->reg + d->count <= 106;
  if (sd && kind == XL_TRACK_GETPC) {
    k->value[d->reg] = pc_next;
    k->value[d->reg + 1] = 0;
    k->known[d->reg] = k->known[d->reg + 1] = k->gen;
    return;
  }
  if (sd && in->num_srcs >= 1 && kind == XL_TRACK_MOV && const_src(k, &in->srcs[0], &a)) {
    k->value[d->reg] = a;
    k->known[d->reg] = k->gen;
    return;
  }
  if (sd && in->num_srcs == 2 && const_src(k, &in->srcs[0], &a) &&
      const_src(k, &in->srcs[1], &b)) {
    uint64_t r;
    if (kind == XL_TRACK_ADD) {
      r = (uint64_t)a + b;
    } else if (kind == XL_TRACK_ADDC && k->scc_known) {
      r = (uint64_t)a + b + k->scc;
    } else if (kind == XL_TRACK_SUB) {
      r = (uint64_t)a - b;
      k->value[d->reg] = (uint32_t)r;
      k->known[d->reg] = k->gen;
      k->scc = a < b;
      k->scc_known = true;
      return;
    } else {
      forget_defs(k, in);
      return;
    }
    k->value[d->reg] = (uint32_t)r;
    k->known[d->reg] = k->gen;
    k->scc = (uint32_t)(r >> 32) & 1;
    k->scc_known = true;
    return;
  }
  forget_defs(k, in);
}

static bool add_leader(struct xl_code *c, uint32_t dword) {
  if (dword >= c->count) return false;
  c->leader[dword] = 1;
  return true;
}

bool xl_discover(struct xl_code *c) {
  /* pushes: one per branch target, two per call (target and return point), plus dword 0 */
  uint32_t *work = malloc((2 * (size_t)c->count + 2) * sizeof *work);
  c->ret_points = malloc(2 * ((size_t)c->count + 1) * sizeof *c->ret_points);
  c->ret_count = c->callee_count = 0;
  if (!work || !c->ret_points) {
    free(work);
    return fail(c, 0, "%s", "out of memory");
  }
  c->callees = c->ret_points + c->count + 1;
  uint32_t wp = 0;
  work[wp++] = 0;
  c->leader[0] = 1;
  bool ok = true;
  struct known_sgprs known;
  memset(&known, 0, sizeof known);
  while (wp && ok) {
    uint32_t at = work[--wp];
    known_forget_all(&known);
    while (ok) {
      if (c->inst_at[at] != XL_NONE) break; /* already decoded from here on */
      /* another path may enter here: constants tracked so far no longer hold */
      if (c->leader[at]) known_forget_all(&known);
      if (c->inst_count >= c->count) {
        ok = fail(c, at, "%s", "too many instructions");
        break;
      }
      struct xl_decoded *dec = &c->insts[c->inst_count];
      struct isa_error e;
      /* room for a whole decode: at most one per dword before this one, none longer */
      struct isa_inst *in = (struct isa_inst *)(c->inst_store + c->store_used);
      if (!isa_decode_wave(c->words, c->count, at, c->wave64, in, &e)) {
        c->err->offset = at * 4;
        snprintf(c->err->msg, sizeof c->err->msg, "undecodable instruction 0x%08x: %s (%s)",
                 e.word, isa_error_name(e.code), e.msg);
        ok = false;
        break;
      }
      /* a decode writes the operands up to srcs[num_srcs) and nothing after them */
      size_t used = offsetof(struct isa_inst, srcs) + in->num_srcs * sizeof in->srcs[0];
      c->store_used += (used + _Alignof(struct isa_inst) - 1) & ~(_Alignof(struct isa_inst) - 1);
      dec->in = in;
      dec->size = in->size;
      dec->dword = at;
      dec->target = XL_NONE;
      dec->flow = xl_flow_of(dec->in);
      c->inst_at[at] = c->inst_count++;
      uint32_t next = at + dec->in->size;
      enum xl_flow f = dec->flow;
      /* a call's return address is written after its target is read (and the block ends) */
      if (f != XL_FLOW_SWAPPC && f != XL_FLOW_CALL)
        track(&known, dec->in, xl_track_of(dec->in), next * 4);
      if (f == XL_FLOW_NONE) {
        if (next >= c->count) {
          ok = fail(c, at, "%s", "code runs past the end without s_endpgm");
          break;
        }
        at = next;
        continue;
      }
      if (f == XL_FLOW_END) break;
      uint32_t target = XL_NONE;
      if (f == XL_FLOW_JUMP || flow_conditional(f) || f == XL_FLOW_CALL) {
        int64_t t = (int64_t)next + (int16_t)dec->in->simm16;
        if (t < 0 || t >= c->count) {
          ok = fail(c, at, "%s", "branch target outside the code");
          break;
        }
        target = (uint32_t)t;
      } else { /* setpc / swappc: the address must be a known constant */
        const struct isa_operand *src = &dec->in->srcs[0];
        uint32_t lo, hi;
        if (dec->in->num_srcs > 0 && src->kind == ISA_OPK_SGPR && src->reg + 1 < 106 &&
            known.known[src->reg] == known.gen &&
            known.known[src->reg + 1] == known.gen) {
          lo = known.value[src->reg];
          hi = known.value[src->reg + 1];
          if (hi != 0 || (lo & 3) || lo / 4 >= c->count) {
            ok = fail(c, at, "%s", "indirect jump outside the code");
            break;
          }
          target = lo / 4;
        } else {
          dec->indirect = (uint8_t)unresolved_reason(&known, dec->in);
          /* a return: the pair comes from before the block or from an instruction the
           * tracker does not evaluate (v_readlane of a spilled return address); it becomes
           * a multi-way branch to the return points once they are all known */
          bool reg = dec->indirect == IR_INDIRECT_INCOMING ||
                     dec->indirect == IR_INDIRECT_COMPUTED;
          dec->flow = reg && f == XL_FLOW_SETPC ? XL_FLOW_RETURN : XL_FLOW_UNRESOLVED;
          /* a call through a register that is not the one it writes (a callee's address
           * kept across an earlier call): a multi-way branch to the callees */
          const struct isa_operand *d = &dec->in->defs[0];
          if (reg && f == XL_FLOW_SWAPPC && dec->in->num_defs == 1 &&
              d->kind == ISA_OPK_SGPR && (d->reg + 1 < src->reg || src->reg + 1 < d->reg)) {
            dec->flow = XL_FLOW_ICALL;
            if (next < c->count) {
              c->leader[next] = 1;
              c->ret_points[c->ret_count++] = next;
              if (c->inst_at[next] == XL_NONE) work[wp++] = next;
            }
          }
          break;
        }
      }
      dec->target = target;
      if (!add_leader(c, target)) {
        ok = fail(c, at, "%s", "branch target outside the code");
        break;
      }
      if (c->inst_at[target] == XL_NONE) work[wp++] = target;
      if (flow_conditional(f)) {
        if (next >= c->count) {
          ok = fail(c, at, "%s", "conditional branch at the end of the code");
          break;
        }
        c->leader[next] = 1;
        at = next;
        continue;
      }
      /* a call's return point is reached when the callee returns (its s_setpc through
       * the return address becomes a multi-way branch to the return points) */
      bool call = f == XL_FLOW_SWAPPC || f == XL_FLOW_CALL; /* s_call_b64: a PC-relative one */
      if (call) {
        uint32_t k = 0;
        while (k < c->callee_count && c->callees[k] != target) k++;
        if (k == c->callee_count) c->callees[c->callee_count++] = target;
      }
      if (call && next < c->count) {
        c->leader[next] = 1;
        c->ret_points[c->ret_count++] = next;
        if (c->inst_at[next] == XL_NONE) work[wp++] = next;
      }
      /* jumps and calls end the path here */
      break;
    }
  }
  free(work);
  if (!ok) return false;
  /* without calls a jump through a register has no known targets */
  for (uint32_t i = 0; i < c->inst_count; i++)
    if ((c->insts[i].flow == XL_FLOW_RETURN && c->ret_count == 0) ||
        (c->insts[i].flow == XL_FLOW_ICALL && c->callee_count == 0))
      c->insts[i].flow = XL_FLOW_UNRESOLVED;
  /* a target in the middle of an instruction is not code we can run */
  for (uint32_t d = 0; d < c->count; d++)
    if (c->leader[d] && c->inst_at[d] == XL_NONE)
      return fail(c, d, "%s", "branch into the middle of an instruction");
  return true;
}

bool xl_build_blocks(struct xl_code *c) {
  /* instructions in address order */
  uint32_t n = 0;
  for (uint32_t d = 0; d < c->count; d++)
    if (c->inst_at[d] != XL_NONE) c->order[n++] = c->inst_at[d];
  c->block_count = 0;
  for (uint32_t i = 0; i < n; i++) {
    struct xl_decoded *dec = &c->insts[c->order[i]];
    bool starts = c->leader[dec->dword] || i == 0;
    if (i > 0) {
      const struct xl_decoded *prev = &c->insts[c->order[i - 1]];
      /* a gap (undecoded words) or the previous instruction ending its block */
      if (prev->dword + prev->size != dec->dword || prev->flow != XL_FLOW_NONE) starts = true;
    }
    if (starts) {
      c->block_first[c->block_count] = i;
      c->block_count++;
    }
    dec->block = c->block_count - 1;
  }
  c->block_first[c->block_count] = n;
  c->ordered = n;
  return c->block_count > 0;
}

uint32_t xl_block_of_dword(const struct xl_code *c, uint32_t dword) {
  return c->insts[c->inst_at[dword]].block;
}

/* The dispatch nodes of the returns: per XL_FLOW_RETURN, one compare per return point and
 * the no-match node. Numbers them after the guest blocks (dec->target: the first). */
static bool plan_returns(struct xl_code *c) {
  size_t n = 0;
  for (uint32_t i = 0; i < c->inst_count; i++)
    n += c->insts[i].flow == XL_FLOW_RETURN ? c->ret_count + 1
         : c->insts[i].flow == XL_FLOW_ICALL ? c->callee_count + 1
                                              : 0;
  c->disp_count = 0;
  if (!n) return true;
  /* every return compares with every return point: bounded, so that many calls and returns
   * (hostile or fuzzed code) cannot make the graph quadratic; past it they stay unresolved */
  if (n > XL_MAX_DISPATCH_NODES) {
    LOG(shader, WARN, "%zu compare nodes for the shader's returns and calls exceed %u: they are "
        "not translated", n, XL_MAX_DISPATCH_NODES);
    for (uint32_t i = 0; i < c->inst_count; i++)
      if (c->insts[i].flow == XL_FLOW_RETURN || c->insts[i].flow == XL_FLOW_ICALL)
        c->insts[i].flow = XL_FLOW_UNRESOLVED;
    return true;
  }
  c->disp_reg = malloc(3 * n * sizeof *c->disp_reg);
  if (!c->disp_reg) return fail(c, 0, "%s", "out of memory");
  c->disp_cand = c->disp_reg + n;
  c->disp_pc = c->disp_cand + n;
  for (uint32_t o = 0; o < c->ordered; o++) { /* in address order: stable numbering */
    struct xl_decoded *dec = &c->insts[c->order[o]];
    if (dec->flow != XL_FLOW_RETURN && dec->flow != XL_FLOW_ICALL) continue;
    bool ret = dec->flow == XL_FLOW_RETURN;
    const uint32_t *cand = ret ? c->ret_points : c->callees;
    uint32_t count = ret ? c->ret_count : c->callee_count;
    dec->target = c->block_count + c->disp_count;
    for (uint32_t k = 0; k <= count; k++) {
      c->disp_reg[c->disp_count] = dec->in->srcs[0].reg;
      c->disp_cand[c->disp_count] = k < count ? cand[k] : XL_NONE;
      c->disp_pc[c->disp_count++] = dec->dword * 4;
    }
  }
  return true;
}

bool xl_build_graph(struct xl_code *c) {
  if (!plan_returns(c)) return false;
  c->graph = cfg_graph_create(c->block_count + c->disp_count, xl_block_of_dword(c, 0));
  if (!c->graph) return fail(c, 0, "%s", "out of memory");
  for (uint32_t i = 0; i < c->disp_count; i++) {
    uint32_t node = c->block_count + i;
    if (c->disp_cand[i] == XL_NONE) continue; /* no match: the wave ends */
    /* successor 0 taken (the value is this return point), 1 the next compare */
    cfg_graph_add_edge(c->graph, node, xl_block_of_dword(c, c->disp_cand[i]));
    cfg_graph_add_edge(c->graph, node, node + 1);
  }
  for (uint32_t b = 0; b < c->block_count; b++) {
    const struct xl_decoded *last = &c->insts[c->order[c->block_first[b + 1] - 1]];
    uint32_t next = last->dword + last->size;
    if (last->flow == XL_FLOW_RETURN || last->flow == XL_FLOW_ICALL) {
      cfg_graph_add_edge(c->graph, b, last->target);
      continue;
    }
    bool falls = last->flow == XL_FLOW_NONE || flow_conditional(last->flow);
    if (last->target != XL_NONE) cfg_graph_add_edge(c->graph, b, xl_block_of_dword(c, last->target));
    if (falls && next < c->count && c->inst_at[next] != XL_NONE)
      cfg_graph_add_edge(c->graph, b, xl_block_of_dword(c, next));
  }
  return true; /* the structuriser analyses the graph first thing */
}
