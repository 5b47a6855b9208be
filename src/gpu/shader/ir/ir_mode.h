/* The wave-start float mode (COMPUTE_PGM_RSRC1.FLOAT_MODE, ir_function.float_mode: the MODE
 * register's bits 7:0) as both back ends apply it (docs/shader-float.md, "Float modes").
 *
 * MODE 1:0 round f32, 3:2 round f16/f64 (0 nearest even, 1 +inf, 2 -inf, 3 toward zero);
 * 5:4 f32 denormals, 7:6 f16/f64 denormals (0 flushed in and out, 1 inputs kept and outputs
 * flushed, 2 inputs flushed and outputs kept, 3 kept). The IR computes nearest even with
 * denormals kept (0xf0). Applied exactly: the f32 denormal field, by flushing the f32
 * operands and/or result of each f32 arithmetic operation (the ISA's MODE rule: a denormal
 * becomes a zero of its sign), and a directed f32 round field for the operations of
 * ir_float_round32_op. Refused (ir_float_mode_refusal): any other field that is not the
 * default while the function has an operation it changes. */
#ifndef PROSPERO_GPU_SHADER_IR_IR_MODE_H
#define PROSPERO_GPU_SHADER_IR_IR_MODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/ir/ir.h"

#define IR_FLOAT_MODE_DEFAULT 0xf0u
#define IR_FLOAT_MODE_GIVEN 0x100u /* ir_translate_options.float_mode: the value, even 0 */
#define IR_FLUSH_IN 1u
#define IR_FLUSH_OUT 2u

/* What MODE's f32 denormal field asks of OP: IR_FLUSH_IN (its f32 operands), IR_FLUSH_OUT
 * (its f32 result), both, or 0 (kept, or OP is not f32 arithmetic: moves, bitcasts,
 * fneg/fabs, which are source modifiers of the instruction that reads them, fclass, which
 * must see the class). */
unsigned ir_float_mode_flush32(uint32_t mode, enum ir_op op);
/* f32 bits with a denormal made a zero of the same sign */
static inline uint32_t ir_float_flush32(uint32_t u) {
  return (u & 0x7f800000u) ? u : u & 0x80000000u;
}
/* The f32 operations computed under a directed f32 round field (MODE 1:0 = 1 +inf, 2 -inf,
 * 3 zero; ir_round.c): fadd fsub fmul ffma fldexp cvt_f32_u32 cvt_f32_i32 frcp fsqrt. */
bool ir_float_round32_op(enum ir_op op);
/* OP on the operand bits C rounded by MODE's f32 round field into *OUT: false (nothing
 * done) when the field is nearest even or OP is not one of those. */
bool ir_float_round32_eval(uint32_t mode, enum ir_op op, const uint64_t *c, uint64_t *out);
/* Whether FN cannot be computed in its wave-start mode: false, or true with the reason in
 * ERR (the mode, its field and the first operation it changes). */
bool ir_float_mode_refusal(const struct ir_function *fn, char *err, size_t size);

#endif
