/* Constant folding/propagation and dead-code elimination, and the pass pipeline. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/ir/ir.h"
#include "gpu/shader/ir/ir_float.h"
#include "gpu/shader/ir/ir_internal.h"
#include "gpu/shader/ir/ir_mode.h"

/* On in debug and sanitizer builds (release builds skip the validator's work). */
#if !defined(NDEBUG) || defined(PROSPERO_SANITIZE)
bool ir_debug_validate = true;
#else
bool ir_debug_validate = false;
#endif

static float f32_of(uint64_t bits) {
  uint32_t b = (uint32_t)bits;
  float f;
  memcpy(&f, &b, 4);
  return f;
}

static uint64_t bits_of_f32(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

static bool fcmp_eval(uint32_t pred, double a, double b) {
  bool uno = isnan(a) || isnan(b);
  bool lt = !uno && a < b, eq = !uno && a == b, gt = !uno && a > b;
  switch (pred) {
    case IR_FCMP_FALSE: return false;
    case IR_FCMP_OLT: return lt;
    case IR_FCMP_OEQ: return eq;
    case IR_FCMP_OLE: return lt || eq;
    case IR_FCMP_OGT: return gt;
    case IR_FCMP_ONE: return lt || gt;
    case IR_FCMP_OGE: return gt || eq;
    case IR_FCMP_ORD: return !uno;
    case IR_FCMP_UNO: return uno;
    case IR_FCMP_ULT: return uno || lt;
    case IR_FCMP_UEQ: return uno || eq;
    case IR_FCMP_ULE: return uno || lt || eq;
    case IR_FCMP_UGT: return uno || gt;
    case IR_FCMP_UNE: return uno || lt || gt;
    case IR_FCMP_UGE: return uno || gt || eq;
    default: return true;
  }
}

static uint32_t u32_of_f32_sat(float f, bool is_signed) {
  if (isnan(f)) return 0;
  if (is_signed) {
    if (f <= -2147483648.0f) return 0x80000000u;
    if (f >= 2147483647.0f) return 0x7fffffffu;
    return (uint32_t)(int32_t)f;
  }
  if (f <= 0.0f) return 0;
  if (f >= 4294967295.0f) return 0xffffffffu;
  return (uint32_t)f;
}

/* Evaluates a pure operation on constant operands C. Returns false if it cannot (or does
 * not) fold this operation. */
bool ir_eval_op(enum ir_op op, uint64_t imm, const uint64_t *c, uint64_t *out) {
  uint32_t a = (uint32_t)c[0], b = (uint32_t)c[1], d = (uint32_t)c[2];
  float fa = f32_of(c[0]), fb = f32_of(c[1]);
  switch (op) {
    case IR_OP_copy: *out = c[0]; return true;
    case IR_OP_select: *out = c[0] ? c[1] : c[2]; return true;
    case IR_OP_bitcast_f32:
    case IR_OP_bitcast_u32:
    case IR_OP_bitcast_f64:
    case IR_OP_bitcast_u64: *out = c[0]; return true;
    case IR_OP_pack_u64: *out = (uint64_t)a | (uint64_t)b << 32; return true;
    case IR_OP_lo_u32: *out = (uint32_t)c[0]; return true;
    case IR_OP_hi_u32: *out = (uint32_t)(c[0] >> 32); return true;
    case IR_OP_u16_of: *out = imm ? a >> 16 : a & 0xffff; return true;
    case IR_OP_u32_of_u16: *out = a & 0xffff; return true;
    case IR_OP_pack_half: *out = (a & 0xffff) | (b & 0xffff) << 16; return true;
    case IR_OP_u1_to_u32: *out = c[0] ? 1 : 0; return true;
    case IR_OP_iadd: *out = (uint32_t)(a + b); return true;
    case IR_OP_isub: *out = (uint32_t)(a - b); return true;
    case IR_OP_imul: *out = (uint32_t)(a * b); return true;
    case IR_OP_umul_hi: *out = (uint32_t)(((uint64_t)a * b) >> 32); return true;
    case IR_OP_smul_hi:
      *out = (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32);
      return true;
    case IR_OP_iand: *out = a & b; return true;
    case IR_OP_ior: *out = a | b; return true;
    case IR_OP_ixor: *out = a ^ b; return true;
    case IR_OP_inot: *out = (uint32_t)~a; return true;
    case IR_OP_shl: *out = (uint32_t)(a << (b & 31)); return true;
    case IR_OP_lshr: *out = a >> (b & 31); return true;
    case IR_OP_ashr: *out = (uint32_t)((int32_t)a >> (b & 31)); return true;
    case IR_OP_umin: *out = a < b ? a : b; return true;
    case IR_OP_umax: *out = a > b ? a : b; return true;
    case IR_OP_smin: *out = (int32_t)a < (int32_t)b ? a : b; return true;
    case IR_OP_smax: *out = (int32_t)a > (int32_t)b ? a : b; return true;
    case IR_OP_ubfe: {
      uint32_t off = b & 31, w = d & 31;
      *out = w ? (a >> off) & ((1u << w) - 1) : 0;
      return true;
    }
    case IR_OP_sbfe: {
      uint32_t off = b & 31, w = d & 31;
      if (!w) return *out = 0, true;
      uint32_t v = (a >> off) & ((1u << w) - 1);
      if (v & (1u << (w - 1))) v |= ~((1u << w) - 1);
      *out = v;
      return true;
    }
    case IR_OP_bitcount: *out = (uint32_t)__builtin_popcount(a); return true;
    case IR_OP_find_lsb: *out = a ? (uint32_t)__builtin_ctz(a) : 0xffffffffu; return true;
    case IR_OP_find_umsb: *out = a ? (uint32_t)__builtin_clz(a) : 0xffffffffu; return true;
    case IR_OP_bitreverse: {
      uint32_t r = 0;
      for (int i = 0; i < 32; i++) r |= ((a >> i) & 1u) << (31 - i);
      *out = r;
      return true;
    }
    case IR_OP_ieq: *out = a == b; return true;
    case IR_OP_ine: *out = a != b; return true;
    case IR_OP_ult: *out = a < b; return true;
    case IR_OP_ule: *out = a <= b; return true;
    case IR_OP_slt: *out = (int32_t)a < (int32_t)b; return true;
    case IR_OP_sle: *out = (int32_t)a <= (int32_t)b; return true;
    case IR_OP_iadd64: *out = c[0] + c[1]; return true;
    case IR_OP_iand64: *out = c[0] & c[1]; return true;
    case IR_OP_ior64: *out = c[0] | c[1]; return true;
    case IR_OP_ixor64: *out = c[0] ^ c[1]; return true;
    case IR_OP_inot64: *out = ~c[0]; return true;
    case IR_OP_shl64: *out = c[0] << (b & 63); return true;
    case IR_OP_lshr64: *out = c[0] >> (b & 63); return true;
    case IR_OP_ieq64: *out = c[0] == c[1]; return true;
    case IR_OP_ine64: *out = c[0] != c[1]; return true;
    case IR_OP_bitcount64: *out = (uint32_t)__builtin_popcountll(c[0]); return true;
    case IR_OP_band: *out = (c[0] & c[1]) & 1; return true;
    case IR_OP_bor: *out = (c[0] | c[1]) & 1; return true;
    case IR_OP_bxor: *out = (c[0] ^ c[1]) & 1; return true;
    case IR_OP_bnot: *out = !c[0]; return true;
    /* float folding uses the host's round-to-nearest; only operations that are exact in
     * IEEE arithmetic are folded (no transcendental approximations) */
    case IR_OP_fadd: *out = bits_of_f32(fa + fb); return true;
    case IR_OP_fsub: *out = bits_of_f32(fa - fb); return true;
    case IR_OP_fmul: *out = bits_of_f32(fa * fb); return true;
    case IR_OP_ffma: *out = ir_float_fma32(a, b, d); return true; /* with its NaN rule */
    case IR_OP_fmin: *out = bits_of_f32(fminf(fa, fb)); return true;
    case IR_OP_fmax: *out = bits_of_f32(fmaxf(fa, fb)); return true;
    case IR_OP_fneg: *out = a ^ 0x80000000u; return true;
    case IR_OP_fabs: *out = a & 0x7fffffffu; return true;
    case IR_OP_fsat:
      *out = bits_of_f32(isnan(fa) ? 0.0f : fa < 0.0f ? 0.0f : fa > 1.0f ? 1.0f : fa);
      return true;
    case IR_OP_fflush: *out = ((a >> 23) & 0xff) == 0 ? a & 0x80000000u : a; return true;
    case IR_OP_ffloor: *out = bits_of_f32(floorf(fa)); return true;
    case IR_OP_fceil: *out = bits_of_f32(ceilf(fa)); return true;
    case IR_OP_ftrunc: *out = bits_of_f32(truncf(fa)); return true;
    case IR_OP_frint: *out = bits_of_f32(nearbyintf(fa)); return true;
    case IR_OP_fsqrt: *out = ir_float_sqrt32(a); return true; /* with its NaN rule */
    case IR_OP_fcmp: *out = fcmp_eval((uint32_t)imm, fa, fb); return true;
    case IR_OP_fclass: {
      uint32_t exp = (a >> 23) & 0xff, man = a & 0x7fffff, neg = a >> 31, bit;
      if (exp == 0xff) bit = man ? ((man >> 22) & 1 ? 1 : 0) : (neg ? 2 : 9);
      else if (exp == 0) bit = man ? (neg ? 4 : 7) : (neg ? 5 : 6);
      else bit = neg ? 3 : 8;
      *out = (b >> bit) & 1;
      return true;
    }
    case IR_OP_cvt_f32_u32: *out = bits_of_f32((float)a); return true;
    case IR_OP_cvt_f32_i32: *out = bits_of_f32((float)(int32_t)a); return true;
    case IR_OP_cvt_u32_f32: *out = u32_of_f32_sat(fa, false); return true;
    case IR_OP_cvt_i32_f32: *out = u32_of_f32_sat(fa, true); return true;
    default: return false;
  }
}

/* Algebraic identities with one constant operand. Returns the value that replaces ID, or
 * IR_NONE. */
static uint32_t simplify(const struct ir_function *fn, uint32_t id) {
  const struct ir_inst *in = &fn->insts[id];
  const uint32_t *args = ir_inst_args(fn, id);
  if (in->arg_count == 3 && in->op == IR_OP_select) {
    if (ir_is_const(fn, args[0])) return fn->insts[args[0]].imm ? args[1] : args[2];
    if (args[1] == args[2]) return args[1];
    return IR_NONE;
  }
  if (in->op == IR_OP_copy) return args[0];
  if (in->arg_count != 2 || !(ir_op_infos[in->op].flags & IR_COMM)) return IR_NONE;
  for (int k = 0; k < 2; k++) {
    uint32_t c = args[k], x = args[1 - k];
    if (!ir_is_const(fn, c)) continue;
    uint64_t v = fn->insts[c].imm;
    switch (in->op) {
      case IR_OP_iadd:
      case IR_OP_ior:
      case IR_OP_ixor:
      case IR_OP_iadd64:
      case IR_OP_ior64:
      case IR_OP_ixor64:
        if (v == 0) return x;
        break;
      case IR_OP_imul:
        if (v == 1) return x;
        if (v == 0) return c;
        break;
      case IR_OP_iand:
        if ((uint32_t)v == 0xffffffffu) return x;
        if (v == 0) return c;
        break;
      case IR_OP_iand64:
        if (v == ~0ull) return x;
        if (v == 0) return c;
        break;
      case IR_OP_band: return v ? x : c;
      case IR_OP_bor: return v ? c : x;
      default: break;
    }
  }
  return IR_NONE;
}

static uint32_t resolve(const uint32_t *fwd, uint32_t v) {
  while (v != IR_NONE && fwd[v] != IR_NONE) v = fwd[v];
  return v;
}

static void move_behind_phis(struct ir_function *fn, uint32_t id) {
  struct ir_block *bl = &fn->blocks[fn->insts[id].block];
  uint32_t at = 0;
  while (at < bl->count && bl->insts[at] != id) at++;
  while (at + 1 < bl->count && fn->insts[bl->insts[at + 1]].op == IR_OP_phi) {
    bl->insts[at] = bl->insts[at + 1];
    bl->insts[++at] = id;
  }
}

/* The one value other than itself among the operands of phi ID, or IR_NONE. */
static uint32_t phi_one_value(uint32_t id, const uint32_t *args, uint32_t n) {
  uint32_t only = IR_NONE;
  for (uint32_t k = 0; k < n; k++) {
    if (args[k] == id || args[k] == only) continue;
    if (only != IR_NONE) return IR_NONE;
    only = args[k];
  }
  return only;
}

enum phi_fold { PHI_NO_FOLD, PHI_ONE_VALUE, PHI_EQUAL_CONSTANTS };

/* How phi ID with the (resolved) operands ARGS folds: to its one value (operands are that
 * value or the phi itself) or to the constant all its operands equal. */
static enum phi_fold phi_fold_of(const struct ir_function *fn, uint32_t id,
                                 const uint32_t *args) {
  uint32_t n = fn->insts[id].arg_count;
  if (phi_one_value(id, args, n) != IR_NONE) return PHI_ONE_VALUE;
  bool all = ir_is_const(fn, args[0]);
  for (uint32_t k = 1; all && k < n; k++)
    all = ir_is_const(fn, args[k]) && fn->insts[args[k]].imm == fn->insts[args[0]].imm;
  return all ? PHI_EQUAL_CONSTANTS : PHI_NO_FOLD;
}

bool ir_pass_const_fold(struct ir_function *fn) {
  if (fn->failed) return false;
  uint32_t *fwd = malloc((fn->inst_count + 1) * sizeof *fwd);
  if (!fwd) return false;
  for (uint32_t i = 0; i < fn->inst_count; i++) fwd[i] = IR_NONE;
  /* the float mode of each instruction (ir_mode.h): folded as the back ends compute it */
  uint16_t *modes = malloc((fn->inst_count + 1) * sizeof *modes);
  if (!modes) {
    free(fwd);
    return false;
  }
  for (int round = 0; round < 8; round++) {
    bool changed = false;
    if (!ir_float_modes(fn, modes)) {
      free(fwd);
      free(modes);
      return false;
    }
    for (uint32_t r = 0; r < cfg_graph_rpo_count(fn->cfg); r++) {
      const struct ir_block *bl = &fn->blocks[cfg_graph_rpo_node(fn->cfg, r)];
      for (uint32_t i = 0; i < bl->count; i++) {
        uint32_t id = bl->insts[i];
        struct ir_inst *in = &fn->insts[id];
        if (in->dead) continue;
        uint32_t *args = ir_inst_args(fn, id);
        for (uint32_t k = 0; k < in->arg_count; k++) args[k] = resolve(fwd, args[k]);
        const struct ir_op_info *info = &ir_op_infos[in->op];
        if (in->op == IR_OP_set_hwreg && (in->imm & 63) == 1 && ir_is_const(fn, args[0])) {
          /* s_setreg of MODE from a constant (s_mov_b32 s0, 3; s_setreg_b32 ..., s0): a
           * float mode write with the bits known (imm: bits low, mask high) */
          uint32_t off = ((uint32_t)in->imm >> 6) & 31, size = (((uint32_t)in->imm >> 11) & 31) + 1;
          uint64_t mask =
              ((size >= 32 ? 0xffffffffull : (1ull << size) - 1) << off) & 0xffffffffull;
          in->op = IR_OP_set_float_mode;
          in->imm = mask << 32 | (((uint64_t)(uint32_t)fn->insts[args[0]].imm << off) & mask);
          in->arg_count = 0;
          changed = true;
          continue;
        }
        if (!(info->flags & IR_PURE) || in->op == IR_OP_const) continue;
        uint32_t same = simplify(fn, id);
        if (in->op == IR_OP_phi && in->arg_count > 0) {
          enum phi_fold f = phi_fold_of(fn, id, args);
          if (f == PHI_ONE_VALUE) {
            fwd[id] = phi_one_value(id, args, in->arg_count);
            in->dead = 1;
            changed = true;
            continue;
          }
          if (f == PHI_EQUAL_CONSTANTS) {
            /* becomes a constant in place, moved behind the block's phis */
            in->op = IR_OP_const;
            in->imm = fn->insts[args[0]].imm;
            in->arg_count = 0;
            move_behind_phis(fn, id);
            changed = true;
            continue;
          }
        }
        if (same != IR_NONE && same != id) {
          fwd[id] = same;
          in->dead = 1;
          changed = true;
          continue;
        }
        if (in->arg_count == 0 || in->arg_count > 3) continue;
        /* in the instruction's float mode (ir_mode.h), as the back ends compute it; not
         * folded where the back ends refuse it (a mode not known here, or not computed) */
        char why[8];
        if (ir_float_mode_refused_at(fn, modes, id, why, sizeof why)) continue;
        uint32_t mode = IR_MODE_VALUE(modes[id]);
        enum ir_op op = (enum ir_op)in->op;
        const struct ir_op_info *oi = &ir_op_infos[in->op];
        uint64_t c[3] = {0, 0, 0};
        bool all_const = true;
        for (uint32_t k = 0; k < in->arg_count && all_const; k++) {
          all_const = ir_is_const(fn, args[k]);
          if (all_const) c[k] = fn->insts[args[k]].imm;
          if (all_const && (ir_float_mode_flush(mode, op, (enum ir_type)oi->args[k]) & IR_FLUSH_IN))
            c[k] = ir_float_flush_bits((enum ir_type)oi->args[k], c[k]);
        }
        uint64_t result;
        if (!all_const || (!ir_float_round32_eval(mode, op, c, &result) &&
                           !ir_float_round16_eval(mode, op, c, &result) &&
                           !ir_eval_op(in->op, in->imm, c, &result)))
          continue;
        if (ir_float_mode_flush(mode, op, (enum ir_type)oi->result) & IR_FLUSH_OUT)
          result = ir_float_flush_bits((enum ir_type)oi->result, result);
        in->op = IR_OP_const;
        in->imm = result;
        in->arg_count = 0;
        changed = true;
      }
    }
    if (!changed) break;
    /* Operands of everything but phis were folded before their users in RPO; another round
     * only helps if a phi (whose operands may come from later blocks) can now fold. */
    bool phi_can_fold = false;
    for (uint32_t id = 0; id < fn->inst_count && !phi_can_fold; id++) {
      const struct ir_inst *in = &fn->insts[id];
      if (in->dead || in->op != IR_OP_phi || in->arg_count == 0) continue;
      uint32_t *args = ir_inst_args(fn, id);
      for (uint32_t k = 0; k < in->arg_count; k++) args[k] = resolve(fwd, args[k]);
      phi_can_fold = phi_fold_of(fn, id, args) != PHI_NO_FOLD;
    }
    if (!phi_can_fold) break;
  }
  for (uint32_t id = 0; id < fn->inst_count; id++) {
    if (fn->insts[id].dead) continue;
    uint32_t *args = ir_inst_args(fn, id);
    for (uint32_t k = 0; k < fn->insts[id].arg_count; k++) args[k] = resolve(fwd, args[k]);
  }
  free(fwd);
  free(modes);
  return true;
}

bool ir_pass_dce(struct ir_function *fn) {
  if (fn->failed) return false;
  uint8_t *live = calloc(fn->inst_count + 1, 1);
  uint32_t *work = malloc((fn->inst_count + 1) * sizeof *work);
  if (!live || !work) {
    free(live);
    free(work);
    return false;
  }
  uint32_t wp = 0;
  for (uint32_t id = 0; id < fn->inst_count; id++) {
    const struct ir_inst *in = &fn->insts[id];
    uint8_t flags = ir_op_infos[in->op].flags;
    if (!in->dead && !(flags & (IR_PURE | IR_MEM))) {
      live[id] = 1;
      work[wp++] = id;
    }
  }
  while (wp) {
    uint32_t id = work[--wp];
    const uint32_t *args = ir_inst_args(fn, id);
    for (uint32_t k = 0; k < fn->insts[id].arg_count; k++) {
      uint32_t a = args[k];
      if (a < fn->inst_count && !live[a]) {
        live[a] = 1;
        work[wp++] = a;
      }
    }
  }
  for (uint32_t id = 0; id < fn->inst_count; id++)
    if (!live[id]) fn->insts[id].dead = 1;
  /* compact the block lists */
  for (uint32_t b = 0; b < fn->block_count; b++) {
    struct ir_block *bl = &fn->blocks[b];
    uint32_t n = 0;
    for (uint32_t i = 0; i < bl->count; i++)
      if (!fn->insts[bl->insts[i]].dead) bl->insts[n++] = bl->insts[i];
    bl->count = n;
  }
  free(live);
  free(work);
  return true;
}

static bool check(struct ir_function *fn, const char *after) {
  if (!ir_debug_validate) return true;
  char err[256];
  if (ir_validate(fn, err, sizeof err)) return true;
  LOG(shader, ERROR, "IR invalid after %s: %s", after, err);
  return false;
}

bool ir_run_passes(struct ir_function *fn) {
  return check(fn, "translation") && ir_pass_ssa(fn) && check(fn, "ssa") &&
         ir_pass_const_fold(fn) && check(fn, "const_fold") && ir_pass_dce(fn) &&
         check(fn, "dce");
}
