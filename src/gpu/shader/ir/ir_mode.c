/* The float mode per instruction (ir_mode.h, docs/shader-float.md "Float modes"). */
#include "gpu/shader/ir/ir_mode.h"

#include <stdio.h>
#include <stdlib.h>

/* f32 arithmetic: the operations whose f32 operands and f32 result the f32 denormal mode
 * flushes. Operands of other types (fldexp's exponent, the integer input of a conversion)
 * and results of other types (a compare, an integer or f64 conversion) are untouched. */
static bool f32_arith(enum ir_op op) {
  switch (op) {
    case IR_OP_fadd:
    case IR_OP_fsub:
    case IR_OP_fmul:
    case IR_OP_ffma:
    case IR_OP_fmin:
    case IR_OP_fmax:
    case IR_OP_ffloor:
    case IR_OP_fceil:
    case IR_OP_ftrunc:
    case IR_OP_frint:
    case IR_OP_ffract:
    case IR_OP_fsqrt:
    case IR_OP_frsq:
    case IR_OP_frcp:
    case IR_OP_fexp2:
    case IR_OP_flog2:
    case IR_OP_fsin:
    case IR_OP_fcos:
    case IR_OP_fldexp:
    case IR_OP_fcmp:
    case IR_OP_cvt_u32_f32:
    case IR_OP_cvt_i32_f32:
    case IR_OP_cvt_f16_f32:
    case IR_OP_cvt_f16_f32_rtz:
    case IR_OP_cvt_f64_f32:
    case IR_OP_cvt_f32_f64:
    case IR_OP_cvt_f32_u32:
    case IR_OP_cvt_f32_i32:
    case IR_OP_cvt_f32_f16: return true;
    default: return false;
  }
}

unsigned ir_float_mode_flush32(uint32_t mode, enum ir_op op) {
  static const unsigned by_field[4] = {IR_FLUSH_IN | IR_FLUSH_OUT, IR_FLUSH_OUT, IR_FLUSH_IN, 0};
  return f32_arith(op) ? by_field[(mode >> 4) & 3] : 0;
}

/* f16/f64 arithmetic whose f16/f64 operands and results the f16/f64 denormal field flushes:
 * every operation on those types but moves of bits (bitcasts, neg, abs: source modifiers)
 * and the div_scale pair, whose case analysis reads the exponents as they are */
static bool wide_arith(enum ir_op op);

unsigned ir_float_mode_flush(uint32_t mode, enum ir_op op, enum ir_type t) {
  static const unsigned by_field[4] = {IR_FLUSH_IN | IR_FLUSH_OUT, IR_FLUSH_OUT, IR_FLUSH_IN, 0};
  if ((mode & 0xf0u) == 0xf0u) return 0; /* denormals kept at every width */
  if (t == IR_TYPE_F32) return ir_float_mode_flush32(mode, op);
  if (t == IR_TYPE_F16 || t == IR_TYPE_F64) return wide_arith(op) ? by_field[(mode >> 6) & 3] : 0;
  return 0;
}

uint64_t ir_float_flush_bits(enum ir_type t, uint64_t v) {
  switch (t) {
    case IR_TYPE_F32: return ir_float_flush32((uint32_t)v);
    case IR_TYPE_F16: return (v & 0x7c00) ? v : v & 0x8000;
    case IR_TYPE_F64: return (v & 0x7ff0000000000000ull) ? v : v & (1ull << 63);
    default: return v;
  }
}

/* operations whose result the f32 round field changes (an inexact f32 result) */
static bool f32_rounds(enum ir_op op) {
  switch (op) {
    case IR_OP_fadd:
    case IR_OP_fsub:
    case IR_OP_fmul:
    case IR_OP_ffma:
    case IR_OP_fsqrt:
    case IR_OP_frsq:
    case IR_OP_frcp:
    case IR_OP_fexp2:
    case IR_OP_flog2:
    case IR_OP_fsin:
    case IR_OP_fcos:
    case IR_OP_fldexp:
    case IR_OP_ffract:
    case IR_OP_cvt_f32_u32:
    case IR_OP_cvt_f32_i32:
    case IR_OP_cvt_f32_f64:
    case IR_OP_fdiv_scale: return true;
    default: return false;
  }
}

/* operations on f16 or f64 values (the second round and denormal fields) */
static bool wide_or_half(enum ir_op op) {
  const struct ir_op_info *in = &ir_op_infos[op];
  if (op == IR_OP_bitcast_f64 || op == IR_OP_bitcast_u64 || op == IR_OP_bitcast_f16 ||
      op == IR_OP_bitcast_u16 || op == IR_OP_dneg || op == IR_OP_dabs || op == IR_OP_hneg ||
      op == IR_OP_habs)
    return false;
  if (in->result == IR_TYPE_F64 || in->result == IR_TYPE_F16) return true;
  for (uint32_t k = 0; k < in->arg_count && k < 8; k++)
    if (in->args[k] == IR_TYPE_F64 || in->args[k] == IR_TYPE_F16) return true;
  return false;
}

static bool wide_arith(enum ir_op op) {
  return wide_or_half(op) && op != IR_OP_ddiv_scale && op != IR_OP_ddiv_scale_flag;
}

/* f16/f64 operations whose result the f16/f64 round field (MODE 3:2) cannot change: exact
 * results (widening, min/max, compares, rounding to an integer, the flag of div_scale), a
 * fixed direction (cvt_f16_f32_rtz), or an f32 result (cvt_f32_f64: the f32 field) */
static bool wide_exact(enum ir_op op) {
  switch (op) {
    case IR_OP_cvt_f32_f16:
    case IR_OP_cvt_f16_f32_rtz:
    case IR_OP_cvt_f64_f32:
    case IR_OP_cvt_f32_f64:
    case IR_OP_hmin:
    case IR_OP_hmax:
    case IR_OP_dmin:
    case IR_OP_dmax:
    case IR_OP_dcmp:
    case IR_OP_dfloor:
    case IR_OP_dceil:
    case IR_OP_dtrunc:
    case IR_OP_drint:
    case IR_OP_ddiv_scale_flag: return true;
    default: return false;
  }
}

/* the MODE bits (of 7:0) an hwreg access IMM (id 5:0, offset 10:6, size-1 15:11) covers,
 * 0 when it is not MODE (hwreg 1) */
static uint32_t hwreg_mode_mask(uint64_t imm) {
  uint32_t off = ((uint32_t)imm >> 6) & 31, size = (((uint32_t)imm >> 11) & 31) + 1;
  if ((imm & 63) != 1) return 0;
  return (uint32_t)(((size >= 32 ? 0xffffffffull : (1ull << size) - 1)) << off);
}

#define TOP 0x10000u /* a block not reached yet */

static uint32_t meet(uint32_t a, uint32_t b) {
  if (a == TOP) return b;
  if (b == TOP) return a;
  uint32_t known = IR_MODE_KNOWN(a) & IR_MODE_KNOWN(b) & ~(IR_MODE_VALUE(a) ^ IR_MODE_VALUE(b));
  return known << 8 | (a & known);
}

/* the mode after instruction ID given S before it */
static uint32_t step(const struct ir_function *fn, uint32_t id, uint32_t s) {
  const struct ir_inst *in = &fn->insts[id];
  if (in->dead) return s;
  uint32_t known = IR_MODE_KNOWN(s), value = IR_MODE_VALUE(s);
  if (in->op == IR_OP_set_float_mode) { /* imm: bits low, mask high */
    uint32_t mask = (uint32_t)(in->imm >> 32) & 0xffu;
    known |= mask;
    value = (value & ~mask) | ((uint32_t)in->imm & mask);
  } else if (in->op == IR_OP_set_hwreg) {
    uint32_t mask = hwreg_mode_mask(in->imm) & 0xffu;
    uint32_t arg = ir_inst_args(fn, id)[0];
    if (mask && ir_is_const(fn, arg)) {
      uint32_t off = ((uint32_t)in->imm >> 6) & 31;
      known |= mask;
      value = (value & ~mask) | (((uint32_t)fn->insts[arg].imm << off) & mask);
    } else {
      known &= ~mask;
    }
  }
  return known << 8 | (value & known);
}

bool ir_float_modes(const struct ir_function *fn, uint16_t *modes) {
  uint32_t start = 0xff00u | (fn->float_mode & 0xffu);
  bool writes = false;
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    modes[i] = (uint16_t)start;
    const struct ir_inst *in = &fn->insts[i];
    writes |= !in->dead && (in->op == IR_OP_set_float_mode ||
                            (in->op == IR_OP_set_hwreg && (hwreg_mode_mask(in->imm) & 0xffu)));
  }
  if (!writes) return true; /* the wave-start mode everywhere */
  uint32_t nb = fn->block_count, entry = cfg_graph_entry(fn->cfg);
  uint32_t *out = malloc((nb ? nb : 1) * sizeof *out);
  if (!out) return false;
  for (uint32_t b = 0; b < nb; b++) out[b] = TOP;
  /* forward, in reverse post-order until nothing changes: a bit only ever goes from TOP to
   * a value to unknown, so this ends after a few rounds */
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t r = 0; r < cfg_graph_rpo_count(fn->cfg); r++) {
      uint32_t b = cfg_graph_rpo_node(fn->cfg, r);
      if (b >= nb) continue;
      uint32_t s = b == entry ? start : TOP;
      for (uint32_t p = 0; p < cfg_graph_pred_count(fn->cfg, b); p++) {
        uint32_t pb = cfg_graph_pred(fn->cfg, b, p);
        if (pb < nb) s = meet(s, out[pb]);
      }
      if (s == TOP) continue;
      const struct ir_block *bl = &fn->blocks[b];
      for (uint32_t i = 0; i < bl->count; i++) {
        modes[bl->insts[i]] = (uint16_t)s;
        s = step(fn, bl->insts[i], s);
      }
      if (s != out[b]) {
        out[b] = s;
        changed = true;
      }
    }
  }
  free(out);
  return true;
}

uint16_t *ir_float_modes_alloc(const struct ir_function *fn) {
  uint16_t *m = malloc((fn->inst_count ? fn->inst_count : 1) * sizeof *m);
  if (m && !ir_float_modes(fn, m)) {
    free(m);
    return NULL;
  }
  return m;
}

bool ir_float_mode_refused_at(const struct ir_function *fn, const uint16_t *modes, uint32_t id,
                              char *err, size_t size) {
  static const char *const round[] = {"nearest even", "toward +inf", "toward -inf", "toward zero"};
  static const char *const denorm[] = {"flushed", "kept in, flushed out", "flushed in, kept out",
                                       "kept"};
  const struct ir_inst *in = &fn->insts[id];
  /* the common case first: the IR's own mode, known, changes nothing */
  if (in->dead || (modes[id] == (0xff00u | IR_FLOAT_MODE_DEFAULT) && in->op != IR_OP_get_hwreg))
    return false;
  enum ir_op op = (enum ir_op)in->op;
  /* the MODE fields OP depends on */
  uint32_t need = (f32_arith(op) ? 0x30u : 0) | (f32_rounds(op) ? 0x03u : 0) |
                  (wide_or_half(op) ? (wide_exact(op) ? 0xc0u : 0xccu) : 0);
  if (op == IR_OP_get_hwreg) need = hwreg_mode_mask(in->imm) & 0xffu;
  if (!need) return false;
  uint32_t m = IR_MODE_VALUE(modes[id]), unknown = need & ~IR_MODE_KNOWN(modes[id]);
  if (unknown) {
    snprintf(err, size,
             "the float mode at %s (%%%u) is not known at compile time: MODE bits 0x%02x are "
             "written from a register or differ between the paths that reach it "
             "(docs/shader-float.md, Float modes)",
             ir_op_infos[op].name, id, unknown);
    return true;
  }
  if (m == IR_FLOAT_MODE_DEFAULT || op == IR_OP_get_hwreg) return false;
  const char *what = NULL;
  char field[64];
  /* v_div_scale's value: a scaling by 2^+-64 / 2^+-128, rounded as v_ldexp in the mode
   * (ir_float_scale_round, spirv_emit_div.c) */
  if ((m & 3) && f32_rounds(op) && !ir_float_round32_op(op) && op != IR_OP_fdiv_scale) {
    snprintf(field, sizeof field, "round f32 %s", round[m & 3]);
    what = field;
  } else if (((m >> 2) & 3) && wide_or_half(op) && !wide_exact(op) && !ir_float_round16_op(op) &&
             op != IR_OP_ddiv_scale) {
    snprintf(field, sizeof field, "round f16/f64 %s", round[(m >> 2) & 3]);
    what = field;
  } else if (((m >> 6) & 3) != 3 && wide_or_half(op) && !wide_arith(op)) {
    snprintf(field, sizeof field, "denormals f16/f64 %s", denorm[(m >> 6) & 3]);
    what = field;
  }
  if (!what) return false;
  snprintf(err, size,
           "%s 0x%02x (%s) is not computed exactly: %s (%%%u) would round or flush "
           "differently (docs/shader-float.md, Float modes)",
           m == (fn->float_mode & 0xffu) ? "FLOAT_MODE" : "MODE", m, what, ir_op_infos[op].name,
           id);
  return true;
}

bool ir_float_mode_refusal(const struct ir_function *fn, char *err, size_t size) {
  uint16_t *modes = ir_float_modes_alloc(fn);
  if (!modes) {
    snprintf(err, size, "out of memory (float modes)");
    return true;
  }
  bool refused = false;
  for (uint32_t i = 0; i < fn->inst_count && !refused; i++)
    refused = ir_float_mode_refused_at(fn, modes, i, err, size);
  free(modes);
  return refused;
}
