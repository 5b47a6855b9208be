#include "gpu/shader/ir/ir.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- tables generated from ir_ops.h -------------------------------------------------- */

#define VOID IR_TYPE_VOID
#define U1 IR_TYPE_U1
#define U16 IR_TYPE_U16
#define U32 IR_TYPE_U32
#define U64 IR_TYPE_U64
#define F16 IR_TYPE_F16
#define F32 IR_TYPE_F32
#define F64 IR_TYPE_F64
#define V4U32 IR_TYPE_V4U32
#define V8U32 IR_TYPE_V8U32
#define V4F32 IR_TYPE_V4F32
#define ANY IR_TYPE_ANY
#define PURE IR_PURE
#define COMM IR_COMM
#define IMM IR_IMM
#define VAR IR_VAR
#define TERM IR_TERM
#define MEM IR_MEM
#define SIDE IR_SIDE
#define PRE IR_PRE
#define IR_UNPAREN_(...) __VA_ARGS__
const struct ir_op_info ir_op_infos[IR_OP_COUNT] = {
#define IR_INFO_(name, res, flags, n, types) \
  [IR_OP_##name] = {#name, IR_TYPE_##res, (flags), n, {IR_UNPAREN_ types}},
    IR_OPS(IR_INFO_)
#undef IR_INFO_
};
#undef IR_UNPAREN_
#undef VOID
#undef U1
#undef U16
#undef U32
#undef U64
#undef F16
#undef F32
#undef F64
#undef V4U32
#undef V8U32
#undef V4F32
#undef ANY
#undef PURE
#undef COMM
#undef IMM
#undef VAR
#undef TERM
#undef MEM
#undef SIDE
#undef PRE

static const char *const type_names[IR_TYPE_COUNT] = {
#define IR_TYPE_NAME_(name, text) text,
    IR_TYPES(IR_TYPE_NAME_)
#undef IR_TYPE_NAME_
};

const char *ir_type_name(enum ir_type t) { return t < IR_TYPE_COUNT ? type_names[t] : "?"; }

const char *ir_reg_name(uint32_t reg, char *buf, size_t size) {
  static const char *const special[] = {"scc", "vcc", "exec", "m0"};
  if (reg < IR_REG_SGPR0)
    snprintf(buf, size, "%s", special[reg]);
  else if (reg < IR_REG_VGPR0)
    snprintf(buf, size, "s%u", reg - IR_REG_SGPR0);
  else if (reg < IR_REG_COUNT)
    snprintf(buf, size, "v%u", reg - IR_REG_VGPR0);
  else
    snprintf(buf, size, "reg%u", reg);
  return buf;
}

/* ---- construction -------------------------------------------------------------------- */

/* Block lists come from a chunked arena (a list that grows moves to a larger piece). */
struct ir_chunk {
  struct ir_chunk *next;
  uint32_t used, cap;
  uint32_t data[];
};

static bool grow(void **p, uint32_t *cap, uint32_t need, size_t elem) {
  if (need <= *cap) return true;
  uint32_t c = *cap ? *cap : 16;
  while (c < need) c *= 2;
  void *q = realloc(*p, (size_t)c * elem);
  if (!q) return false;
  *p = q;
  *cap = c;
  return true;
}

struct ir_function *ir_function_create(struct cfg_graph *cfg, uint32_t wave_size) {
  struct ir_function *fn = calloc(1, sizeof *fn);
  if (!fn) {
    cfg_graph_destroy(cfg);
    return NULL;
  }
  fn->cfg = cfg;
  fn->wave_size = wave_size;
  fn->float_mode = 0xf0; /* the IR's own mode (ir_mode.h): nearest even, denormals kept */
  fn->structured = true;
  fn->block_count = cfg_graph_node_count(cfg);
  fn->blocks = calloc(fn->block_count, sizeof *fn->blocks);
  if (!fn->blocks) {
    ir_function_destroy(fn);
    return NULL;
  }
  for (uint32_t i = 0; i < fn->block_count; i++) fn->blocks[i].pc = IR_NONE;
  /* never NULL, so that operand pointers of operand-less instructions are valid */
  if (!grow((void **)&fn->insts, &fn->inst_cap, 64, sizeof *fn->insts) ||
      !grow((void **)&fn->args, &fn->arg_cap, 128, sizeof *fn->args)) {
    ir_function_destroy(fn);
    return NULL;
  }
  return fn;
}

void ir_note_pc(struct ir_function *fn, uint32_t first, uint32_t pc) {
  if (first >= fn->inst_count) return; /* nothing emitted */
  if (fn->pc_count && first < fn->pcs[fn->pc_count - 1].end) return;
  if (fn->pc_count == fn->pc_cap && !grow((void **)&fn->pcs, &fn->pc_cap, fn->pc_count + 1,
                                          sizeof *fn->pcs))
    return; /* the pcs are for reports only: without room they stay unknown */
  fn->pcs[fn->pc_count++] = (struct ir_pc_span){first, fn->inst_count, pc};
}

uint32_t ir_inst_pc(const struct ir_function *fn, uint32_t id) {
  uint32_t lo = 0, hi = fn->pc_count; /* the first span ending after ID */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (fn->pcs[mid].end <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo < fn->pc_count && fn->pcs[lo].first <= id ? fn->pcs[lo].pc : IR_NONE;
}

bool ir_function_reserve(struct ir_function *fn, uint32_t insts, uint32_t args) {
  return grow((void **)&fn->insts, &fn->inst_cap, insts, sizeof *fn->insts) &&
         grow((void **)&fn->args, &fn->arg_cap, args, sizeof *fn->args);
}

void ir_function_destroy(struct ir_function *fn) {
  if (!fn) return;
  while (fn->arena) {
    struct ir_chunk *next = fn->arena->next;
    free(fn->arena);
    fn->arena = next;
  }
  free(fn->blocks);
  free(fn->insts);
  free(fn->args);
  free(fn->pcs);
  cfg_structure_free(&fn->structure);
  cfg_graph_destroy(fn->cfg);
  free(fn);
}

static uint32_t new_inst(struct ir_function *fn, uint32_t block, enum ir_op op,
                         enum ir_type type, uint64_t imm, uint32_t n) {
  if (fn->failed || block >= fn->block_count) return IR_NONE;
  if ((fn->inst_count >= fn->inst_cap &&
       !grow((void **)&fn->insts, &fn->inst_cap, fn->inst_count + 1, sizeof *fn->insts)) ||
      (fn->arg_count + n > fn->arg_cap &&
       !grow((void **)&fn->args, &fn->arg_cap, fn->arg_count + n, sizeof *fn->args))) {
    fn->failed = true;
    return IR_NONE;
  }
  uint32_t id = fn->inst_count++;
  struct ir_inst *in = &fn->insts[id];
  in->op = (uint16_t)op;
  in->type = (uint8_t)type;
  in->dead = 0;
  in->block = block;
  in->arg_count = n;
  in->args_at = fn->arg_count;
  in->imm = imm;
  fn->arg_count += n;
  return id;
}

static uint32_t *arena_alloc(struct ir_function *fn, uint32_t n) {
  struct ir_chunk *c = fn->arena;
  if (!c || c->cap - c->used < n) {
    uint32_t cap = n > 8192 ? n : 8192;
    c = malloc(sizeof *c + (size_t)cap * sizeof(uint32_t));
    if (!c) return NULL;
    c->next = fn->arena;
    c->used = 0;
    c->cap = cap;
    fn->arena = c;
  }
  uint32_t *p = &c->data[c->used];
  c->used += n;
  return p;
}

/* Moves B's list to an arena piece with room for CAP entries (marks FN failed if none). */
static bool block_grow(struct ir_function *fn, struct ir_block *b, uint32_t cap) {
  uint32_t *p = arena_alloc(fn, cap);
  if (!p) {
    fn->failed = true;
    return false;
  }
  if (b->count) memcpy(p, b->insts, b->count * sizeof *p);
  b->insts = p;
  b->cap = cap;
  return true;
}

static bool block_insert(struct ir_function *fn, uint32_t block, uint32_t at, uint32_t id) {
  struct ir_block *b = &fn->blocks[block];
  if (b->count == b->cap && !block_grow(fn, b, b->cap ? b->cap * 2 : 16)) return false;
  if (at < b->count) memmove(&b->insts[at + 1], &b->insts[at], (b->count - at) * sizeof *b->insts);
  b->insts[at] = id;
  b->count++;
  return true;
}

bool ir_block_reserve(struct ir_function *fn, uint32_t block, uint32_t insts) {
  if (fn->failed || block >= fn->block_count) return false;
  struct ir_block *b = &fn->blocks[block];
  return b->cap >= insts || block_grow(fn, b, insts);
}

enum ir_type ir_any_result(const struct ir_function *fn, enum ir_op op, enum ir_type type,
                           uint32_t n, const uint32_t *args) {
  const struct ir_op_info *info = &ir_op_infos[op];
  for (uint32_t i = 0; i < n && i < info->arg_count; i++)
    if (info->args[i] == IR_TYPE_ANY && args[i] < fn->inst_count) return fn->insts[args[i]].type;
  return type;
}

uint32_t ir_emit(struct ir_function *fn, uint32_t block, enum ir_op op, enum ir_type type,
                 uint64_t imm, uint32_t arg_count, const uint32_t *args) {
  if ((unsigned)op >= IR_OP_COUNT) return IR_NONE;
  enum ir_type result = ir_op_infos[op].result;
  if (result == IR_TYPE_ANY) result = ir_any_result(fn, op, type, arg_count, args);
  /* the common case (room everywhere) is inlined in the builder (ir_b_emit_r), which comes
   * here when an array must grow */
  uint32_t id = new_inst(fn, block, op, result, imm, arg_count);
  if (id == IR_NONE) return IR_NONE;
  if (arg_count) memcpy(ir_inst_args(fn, id), args, arg_count * sizeof *args);
  if (!block_insert(fn, block, fn->blocks[block].count, id)) return IR_NONE;
  return id;
}

uint32_t ir_emit_phi(struct ir_function *fn, uint32_t block, enum ir_type type,
                     uint32_t arg_count) {
  uint32_t id = new_inst(fn, block, IR_OP_phi, type, 0, arg_count);
  if (id == IR_NONE) return IR_NONE;
  for (uint32_t i = 0; i < arg_count; i++) ir_inst_args(fn, id)[i] = IR_NONE;
  uint32_t at = 0;
  const struct ir_block *b = &fn->blocks[block];
  while (at < b->count && fn->insts[b->insts[at]].op == IR_OP_phi) at++;
  if (!block_insert(fn, block, at, id)) return IR_NONE;
  return id;
}

uint32_t ir_b_const_f32(struct ir_builder *b, float f) {
  uint32_t bits;
  memcpy(&bits, &f, 4);
  return ir_b_const(b, IR_TYPE_F32, bits);
}

uint32_t ir_block_terminator(const struct ir_function *fn, uint32_t block) {
  const struct ir_block *b = &fn->blocks[block];
  for (uint32_t i = b->count; i-- > 0;) {
    const struct ir_inst *in = &fn->insts[b->insts[i]];
    if (in->dead) continue;
    return ir_op_infos[in->op].flags & IR_TERM ? b->insts[i] : IR_NONE;
  }
  return IR_NONE;
}

uint32_t ir_live_count(const struct ir_function *fn) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < fn->inst_count; i++) n += !fn->insts[i].dead;
  return n;
}

/* ---- printer ------------------------------------------------------------------------- */

static void print_const(FILE *out, const struct ir_inst *in) {
  switch (in->type) {
    case IR_TYPE_F32: {
      float f;
      uint32_t bits = (uint32_t)in->imm;
      memcpy(&f, &bits, 4);
      fprintf(out, " 0x%08x (%g)", bits, (double)f);
      break;
    }
    case IR_TYPE_F64: {
      double d;
      memcpy(&d, &in->imm, 8);
      fprintf(out, " 0x%016" PRIx64 " (%g)", in->imm, d);
      break;
    }
    case IR_TYPE_U1: fprintf(out, " %s", in->imm ? "true" : "false"); break;
    default: fprintf(out, " 0x%" PRIx64, in->imm); break;
  }
}

void ir_print_inst(FILE *out, const struct ir_function *fn, uint32_t id) {
  const struct ir_inst *in = &fn->insts[id];
  const struct ir_op_info *info = &ir_op_infos[in->op];
  fprintf(out, "  ");
  if (in->type != IR_TYPE_VOID) fprintf(out, "%%%u = ", id);
  fprintf(out, "%s", info->name);
  if (in->type != IR_TYPE_VOID) fprintf(out, ".%s", ir_type_name(in->type));
  if (in->op == IR_OP_const) {
    print_const(out, in);
  } else if (in->op == IR_OP_get_reg || in->op == IR_OP_set_reg || in->op == IR_OP_entry_reg) {
    char name[16];
    fprintf(out, " [%s]", ir_reg_name((uint32_t)in->imm, name, sizeof name));
  } else if (info->flags & IR_IMM) {
    fprintf(out, " [0x%" PRIx64 "]", in->imm);
  }
  const uint32_t *args = ir_inst_args(fn, id);
  for (uint32_t i = 0; i < in->arg_count; i++) {
    fprintf(out, "%s", i ? ", " : " ");
    if (in->op == IR_OP_phi)
      fprintf(out, "[^%u: ", cfg_graph_pred(fn->cfg, in->block, i));
    if (args[i] == IR_NONE)
      fprintf(out, "<none>");
    else
      fprintf(out, "%%%u", args[i]);
    if (in->op == IR_OP_phi) fprintf(out, "]");
  }
  if (info->flags & IR_TERM) {
    uint32_t n = cfg_graph_succ_count(fn->cfg, in->block);
    for (uint32_t i = 0; i < n; i++)
      fprintf(out, "%s^%u", i ? ", " : " -> ", cfg_graph_succ(fn->cfg, in->block, i));
  }
  fprintf(out, "\n");
}

void ir_print_function(FILE *out, const struct ir_function *fn) {
  fprintf(out, "function: %u blocks, %u instructions, wave%u, float mode 0x%02x, %s\n",
          fn->block_count, ir_live_count(fn), fn->wave_size, fn->float_mode,
          fn->structured ? "structured" : "dispatcher fallback");
  if (!fn->structured) fprintf(out, "  fallback: %s\n", fn->structure.reason);
  for (uint32_t r = 0; r < cfg_graph_rpo_count(fn->cfg); r++) {
    uint32_t b = cfg_graph_rpo_node(fn->cfg, r);
    fprintf(out, "^%u:", b);
    if (fn->blocks[b].pc != IR_NONE) fprintf(out, " ; pc 0x%x", fn->blocks[b].pc);
    if (fn->structured && b < fn->structure.node_count) {
      const struct cfg_node_shape *sh = &fn->structure.shapes[b];
      if (sh->shape == CFG_SHAPE_LOOP)
        fprintf(out, " ; loop merge ^%d continue ^%u", (int)sh->merge, sh->continue_to);
      else if (sh->shape == CFG_SHAPE_SELECTION)
        fprintf(out, " ; selection merge ^%d", (int)sh->merge);
      else if (sh->shape == CFG_SHAPE_EXIT_BRANCH)
        fprintf(out, " ; exit branch");
    }
    fprintf(out, "\n");
    const struct ir_block *bl = &fn->blocks[b];
    for (uint32_t i = 0; i < bl->count; i++)
      if (!fn->insts[bl->insts[i]].dead) ir_print_inst(out, fn, bl->insts[i]);
  }
}

/* ---- validator ----------------------------------------------------------------------- */

static bool invalid(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool invalid(char *err, size_t size, const char *fmt, ...) {
  if (err && size) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
  }
  return false;
}

/* Does definition DEF (at position POS[DEF]) dominate the point just before instruction
 * USE_POS in block USE_BLOCK? */
static bool def_dominates(const struct ir_function *fn, const uint32_t *pos, uint32_t def,
                          uint32_t use_block, uint32_t use_pos) {
  uint32_t db = fn->insts[def].block;
  if (db == use_block) return pos[def] < use_pos;
  return cfg_graph_dominates(fn->cfg, db, use_block);
}

bool ir_validate(const struct ir_function *fn, char *err, size_t err_size) {
  if (fn->failed) return invalid(err, err_size, "function is incomplete (allocation failed)");
  if (fn->block_count != cfg_graph_node_count(fn->cfg))
    return invalid(err, err_size, "%u blocks for %u CFG nodes", fn->block_count,
                   cfg_graph_node_count(fn->cfg));
  uint32_t *pos = malloc((fn->inst_count + 1) * sizeof *pos);
  if (!pos) return invalid(err, err_size, "out of memory");
  for (uint32_t i = 0; i < fn->inst_count; i++) pos[i] = IR_NONE;
  bool ok = true;
  /* layout */
  for (uint32_t b = 0; b < fn->block_count && ok; b++) {
    const struct ir_block *bl = &fn->blocks[b];
    bool reachable = cfg_graph_reachable(fn->cfg, b);
    uint32_t live = 0, term = IR_NONE;
    bool past_phis = false;
    for (uint32_t i = 0; i < bl->count && ok; i++) {
      uint32_t id = bl->insts[i];
      if (id >= fn->inst_count || fn->insts[id].block != b) {
        ok = invalid(err, err_size, "^%u: instruction %u listed in the wrong block", b, id);
        break;
      }
      const struct ir_inst *in = &fn->insts[id];
      if (in->dead) continue;
      pos[id] = live++;
      if (term != IR_NONE)
        ok = invalid(err, err_size, "^%u: %%%u after the terminator", b, id);
      if (in->op == IR_OP_phi && past_phis)
        ok = invalid(err, err_size, "^%u: phi %%%u after other instructions", b, id);
      if (in->op != IR_OP_phi) past_phis = true;
      if (ir_op_infos[in->op].flags & IR_TERM) term = id;
    }
    if (!ok) break;
    if (!reachable) continue;
    if (term == IR_NONE) {
      ok = invalid(err, err_size, "^%u: no terminator", b);
      break;
    }
    uint32_t succ = cfg_graph_succ_count(fn->cfg, b), op = fn->insts[term].op;
    uint32_t want = op == IR_OP_br ? 1 : op == IR_OP_cbr ? 2 : 0;
    if (succ != want)
      ok = invalid(err, err_size, "^%u: %s with %u successors", b, ir_op_infos[op].name, succ);
  }
  /* operands */
  for (uint32_t id = 0; id < fn->inst_count && ok; id++) {
    const struct ir_inst *in = &fn->insts[id];
    if (in->dead) continue;
    if (in->op >= IR_OP_COUNT) {
      ok = invalid(err, err_size, "%%%u: bad opcode %u", id, in->op);
      break;
    }
    const struct ir_op_info *info = &ir_op_infos[in->op];
    if (!cfg_graph_reachable(fn->cfg, in->block)) continue;
    if (pos[id] == IR_NONE) {
      ok = invalid(err, err_size, "%%%u: not listed in its block ^%u", id, in->block);
      break;
    }
    if (in->type == IR_TYPE_ANY || (info->result != IR_TYPE_ANY && in->type != info->result)) {
      ok = invalid(err, err_size, "%%%u: %s has result type %s", id, info->name,
                   ir_type_name(in->type));
      break;
    }
    if (fn->ssa && (info->flags & IR_PRE)) {
      ok = invalid(err, err_size, "%%%u: %s after SSA construction", id, info->name);
      break;
    }
    uint32_t want = in->op == IR_OP_phi ? cfg_graph_pred_count(fn->cfg, in->block)
                                        : info->arg_count;
    if (in->arg_count != want) {
      ok = invalid(err, err_size, "%%%u: %s has %u operands, expected %u", id, info->name,
                   in->arg_count, want);
      break;
    }
    const uint32_t *args = ir_inst_args(fn, id);
    for (uint32_t i = 0; i < in->arg_count && ok; i++) {
      uint32_t a = args[i];
      if (a >= fn->inst_count || fn->insts[a].dead) {
        ok = invalid(err, err_size, "%%%u: operand %u is undefined", id, i);
        break;
      }
      enum ir_type at = fn->insts[a].type;
      enum ir_type want_t = in->op == IR_OP_phi ? IR_TYPE_ANY : info->args[i];
      if (at == IR_TYPE_VOID) {
        ok = invalid(err, err_size, "%%%u: operand %u (%%%u) has no value", id, i, a);
      } else if (want_t != IR_TYPE_ANY && at != want_t) {
        ok = invalid(err, err_size, "%%%u: %s operand %u is %s, expected %s", id, info->name, i,
                     ir_type_name(at), ir_type_name(want_t));
      } else if (want_t == IR_TYPE_ANY && info->result == IR_TYPE_ANY && at != in->type) {
        ok = invalid(err, err_size, "%%%u: %s operand %u is %s, result is %s", id, info->name,
                     i, ir_type_name(at), ir_type_name(in->type));
      } else if (in->op == IR_OP_set_reg && at != ir_reg_type((uint32_t)in->imm)) {
        ok = invalid(err, err_size, "%%%u: set_reg of %s with %s", id,
                     ir_type_name(ir_reg_type((uint32_t)in->imm)), ir_type_name(at));
      } else if (fn->ssa && cfg_graph_reachable(fn->cfg, fn->insts[a].block)) {
        bool dom;
        if (in->op == IR_OP_phi) {
          uint32_t p = cfg_graph_pred(fn->cfg, in->block, i);
          if (!cfg_graph_reachable(fn->cfg, p)) continue;
          dom = def_dominates(fn, pos, a, p, UINT32_MAX);
        } else {
          dom = def_dominates(fn, pos, a, in->block, pos[id]);
        }
        if (!dom)
          ok = invalid(err, err_size, "%%%u: operand %%%u does not dominate its use", id, a);
      } else if (fn->ssa && !cfg_graph_reachable(fn->cfg, fn->insts[a].block)) {
        ok = invalid(err, err_size, "%%%u: operand %%%u is defined in unreachable code", id, a);
      }
    }
    if (ok && (in->op == IR_OP_get_reg || in->op == IR_OP_set_reg ||
               in->op == IR_OP_entry_reg) && in->imm >= IR_REG_COUNT)
      ok = invalid(err, err_size, "%%%u: bad register %" PRIu64, id, in->imm);
    if (ok && (in->op == IR_OP_get_reg || in->op == IR_OP_entry_reg) &&
        in->type != ir_reg_type((uint32_t)in->imm))
      ok = invalid(err, err_size, "%%%u: register read with type %s", id, ir_type_name(in->type));
  }
  free(pos);
  return ok;
}
