/* 64-bit float operations of the IR (docs/shader-spirv.md, "Float semantics"). Each one is
 * exact in SPIR-V as Vulkan defines it (add, subtract, multiply and conversions correctly
 * rounded; floor, ceil, trunc, round-even exact; neg/abs on the bits), so the module
 * computes what the interpreter does (ir_interp.c) for every input but denormals, which
 * only a device with shaderDenormPreserveFloat64 keeps (the module then declares it). */
#include "gpu/shader/spirv/spirv_emit_internal.h"

static uint32_t t_f64(struct emit *e) { return spv_type_float(&e->b, 64); }

/* the same sixteen predicates as fcmp (ORD/UNO through IsNan) */
static uint32_t dcmp(struct emit *e, uint32_t pred, uint32_t a, uint32_t b) {
  static const SpvOp ops[16] = {
      [IR_FCMP_OLT] = SpvOpFOrdLessThan,        [IR_FCMP_OEQ] = SpvOpFOrdEqual,
      [IR_FCMP_OLE] = SpvOpFOrdLessThanEqual,   [IR_FCMP_OGT] = SpvOpFOrdGreaterThan,
      [IR_FCMP_ONE] = SpvOpFOrdNotEqual,        [IR_FCMP_OGE] = SpvOpFOrdGreaterThanEqual,
      [IR_FCMP_ULT] = SpvOpFUnordLessThan,      [IR_FCMP_UEQ] = SpvOpFUnordEqual,
      [IR_FCMP_ULE] = SpvOpFUnordLessThanEqual, [IR_FCMP_UGT] = SpvOpFUnordGreaterThan,
      [IR_FCMP_UNE] = SpvOpFUnordNotEqual,      [IR_FCMP_UGE] = SpvOpFUnordGreaterThanEqual,
  };
  uint32_t bl = e->t_bool;
  switch (pred & 15) {
    case IR_FCMP_FALSE: return spv_const_bool(&e->b, false);
    case IR_FCMP_TRUE: return spv_const_bool(&e->b, true);
    case IR_FCMP_ORD:
    case IR_FCMP_UNO: {
      uint32_t n = op2(e, SpvOpLogicalOr, bl, op1(e, SpvOpIsNan, bl, a), op1(e, SpvOpIsNan, bl, b));
      return (pred & 15) == IR_FCMP_UNO ? n : op1(e, SpvOpLogicalNot, bl, n);
    }
    default: return op2(e, ops[pred & 15], bl, a, b);
  }
}

bool spirv_emit_float_supports(enum ir_op op) {
  switch (op) {
    case IR_OP_bitcast_f64:
    case IR_OP_bitcast_u64:
    case IR_OP_dadd:
    case IR_OP_dmul:
    case IR_OP_dmin:
    case IR_OP_dmax:
    case IR_OP_dneg:
    case IR_OP_dabs:
    case IR_OP_dcmp:
    case IR_OP_dfloor:
    case IR_OP_dceil:
    case IR_OP_dtrunc:
    case IR_OP_drint:
    case IR_OP_cvt_f64_f32:
    case IR_OP_cvt_f32_f64: return true;
    default: return false;
  }
}

/* Emits instruction ID when it is one of the operations above (operand ids in A); returns
 * false for any other operation. */
bool spirv_emit_float(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  uint32_t f64 = t_f64(e), u64 = e->t_u64, r = e->val[id], v;
  static const uint32_t glsl_round[] = {GLSLstd450Floor, GLSLstd450Ceil, GLSLstd450Trunc,
                                        GLSLstd450RoundEven};
  switch ((enum ir_op)in->op) {
    case IR_OP_bitcast_f64: v = op1(e, SpvOpBitcast, f64, a[0]); break;
    case IR_OP_bitcast_u64: v = op1(e, SpvOpBitcast, u64, a[0]); break;
    case IR_OP_dadd: v = op2(e, SpvOpFAdd, f64, a[0], a[1]); break;
    case IR_OP_dmul: v = op2(e, SpvOpFMul, f64, a[0], a[1]); break;
    case IR_OP_dmin: /* the non-NaN operand when one is NaN (fmin) */
    case IR_OP_dmax:
      v = glsl(e, f64, in->op == IR_OP_dmin ? GLSL_NMIN : GLSL_NMAX, a[0], a[1], 2);
      break;
    case IR_OP_dneg:
    case IR_OP_dabs: { /* on the bits: exact for NaNs too */
      uint32_t bits = op1(e, SpvOpBitcast, u64, a[0]);
      bits = in->op == IR_OP_dneg ? op2(e, SpvOpBitwiseXor, u64, bits, cu64(e, 1ull << 63))
                                  : op2(e, SpvOpBitwiseAnd, u64, bits, cu64(e, ~(1ull << 63)));
      v = op1(e, SpvOpBitcast, f64, bits);
      break;
    }
    case IR_OP_dcmp: v = dcmp(e, (uint32_t)in->imm, a[0], a[1]); break;
    case IR_OP_dfloor:
    case IR_OP_dceil:
    case IR_OP_dtrunc:
    case IR_OP_drint: v = glsl(e, f64, glsl_round[in->op - IR_OP_dfloor], a[0], 0, 1); break;
    case IR_OP_cvt_f64_f32: v = op1(e, SpvOpFConvert, f64, a[0]); break;
    case IR_OP_cvt_f32_f64: v = op1(e, SpvOpFConvert, e->t_f32, a[0]); break;
    default: return false;
  }
  e->float_used = true;
  e->float64_used = true;
  def(e, SpvOpCopyObject,
      in->op == IR_OP_dcmp          ? e->t_bool
      : in->op == IR_OP_bitcast_u64 ? u64
      : in->op == IR_OP_cvt_f32_f64 ? e->t_f32
                                    : f64,
      r, &v, 1);
  return true;
}
