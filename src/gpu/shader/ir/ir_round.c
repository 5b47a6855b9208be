/* f32 arithmetic under a directed f32 round mode (ir_mode.h, docs/shader-float.md "Float
 * modes"), for the interpreter and the constant folder: the host's IEEE arithmetic under
 * fesetround (C99 fenv; float arithmetic, fmaf, ldexpf and the int-to-float conversions are
 * correctly rounded in the current mode), the mode restored after each operation. NaN rule:
 * the first NaN operand quieted, an invalid operation 0x7fc00000 (ir_float_fma32's). */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "gpu/shader/ir/ir_mode.h"

#pragma STDC FENV_ACCESS ON

bool ir_float_round32_op(enum ir_op op) {
  switch (op) {
    case IR_OP_fadd:
    case IR_OP_fsub:
    case IR_OP_fmul:
    case IR_OP_ffma:
    case IR_OP_fldexp:
    case IR_OP_cvt_f32_u32:
    case IR_OP_cvt_f32_i32:
    case IR_OP_frcp:
    case IR_OP_fsqrt: return true;
    default: return false;
  }
}

static float f_of(uint64_t u) {
  uint32_t b = (uint32_t)u;
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static uint32_t u_of(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static bool nan32(uint64_t u) { return ((uint32_t)u & 0x7fffffffu) > 0x7f800000u; }

/* volatile: the operations happen here, under the mode, not folded at compile time */
static uint32_t compute(enum ir_op op, const uint64_t *c) {
  volatile float a = f_of(c[0]), b = f_of(c[1]), d = f_of(c[2]), r;
  switch (op) {
    case IR_OP_fadd: r = a + b; break;
    case IR_OP_fsub: r = a - b; break;
    case IR_OP_fmul: r = a * b; break;
    case IR_OP_ffma: r = fmaf(a, b, d); break;
    case IR_OP_fldexp: {
      int32_t n = (int32_t)(uint32_t)c[1];
      n = n < -400 ? -400 : n > 400 ? 400 : n; /* past it every f32 over- or underflows */
      r = ldexpf(a, n);
      break;
    }
    case IR_OP_cvt_f32_u32: r = (float)(uint32_t)c[0]; break;
    case IR_OP_frcp: r = 1.0f / a; break;
    case IR_OP_fsqrt: r = sqrtf(a); break;
    default: r = (float)(int32_t)(uint32_t)c[0]; break;
  }
  return u_of(r);
}

bool ir_float_round32_eval(uint32_t mode, enum ir_op op, const uint64_t *c, uint64_t *out) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  if (!(mode & 3) || !ir_float_round32_op(op)) return false;
  unsigned nops = op == IR_OP_ffma                                       ? 3
                  : op == IR_OP_fldexp                                   ? 1
                  : (op == IR_OP_cvt_f32_u32 || op == IR_OP_cvt_f32_i32) ? 0
                                                                         : 2;
  for (unsigned i = 0; i < nops; i++)
    if (nan32(c[i])) {
      *out = (uint32_t)c[i] | 0x400000u;
      return true;
    }
  int saved = fegetround();
  fesetround(dirs[mode & 3]);
  uint32_t r = compute(op, c);
  fesetround(saved);
  *out = nan32(r) ? 0x7fc00000u : r;
  return true;
}
