/* The wave-start float mode (ir_mode.h, docs/shader-float.md "Float modes"). */
#include "gpu/shader/ir/ir_mode.h"

#include <stdio.h>

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

bool ir_float_mode_refusal(const struct ir_function *fn, char *err, size_t size) {
  static const char *const round[] = {"nearest even", "toward +inf", "toward -inf", "toward zero"};
  static const char *const denorm[] = {"flushed", "kept in, flushed out", "flushed in, kept out",
                                       "kept"};
  uint32_t m = fn->float_mode & 0xff;
  if (m == IR_FLOAT_MODE_DEFAULT) return false;
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    const struct ir_inst *in = &fn->insts[i];
    if (in->dead) continue;
    enum ir_op op = (enum ir_op)in->op;
    const char *what = NULL;
    char field[64];
    if ((m & 3) && f32_rounds(op) && !ir_float_round32_op(op)) {
      snprintf(field, sizeof field, "round f32 %s", round[m & 3]);
      what = field;
    } else if (((m >> 2) & 3) && wide_or_half(op)) {
      snprintf(field, sizeof field, "round f16/f64 %s", round[(m >> 2) & 3]);
      what = field;
    } else if (((m >> 6) & 3) != 3 && wide_or_half(op)) {
      snprintf(field, sizeof field, "denormals f16/f64 %s", denorm[(m >> 6) & 3]);
      what = field;
    }
    if (what) {
      snprintf(err, size,
               "FLOAT_MODE 0x%02x (%s) is not computed exactly: %s (%%%u) would round or flush "
               "differently (docs/shader-float.md, Float modes)",
               m, what, ir_op_infos[op].name, i);
      return true;
    }
  }
  return false;
}
