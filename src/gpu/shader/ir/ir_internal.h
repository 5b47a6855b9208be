/* Private helpers shared by the IR passes and the interpreter. */
#ifndef PROSPERO_GPU_SHADER_IR_IR_INTERNAL_H
#define PROSPERO_GPU_SHADER_IR_IR_INTERNAL_H

#include "gpu/shader/ir/ir.h"

/* Evaluates a pure, exactly specified operation on constant operand bits C[0..2] (the
 * constant folder's evaluator). Returns false for operations it does not evaluate. */
bool ir_eval_op(enum ir_op op, uint64_t imm, const uint64_t *c, uint64_t *out);

#endif
