/* The float mode (the MODE register's bits 7:0: at wave start COMPUTE_PGM_RSRC1.FLOAT_MODE,
 * ir_function.float_mode; then as s_round_mode, s_denorm_mode and s_setreg write it) as both
 * back ends apply it per instruction (docs/shader-float.md, "Float modes").
 *
 * MODE 1:0 round f32, 3:2 round f16/f64 (0 nearest even, 1 +inf, 2 -inf, 3 toward zero);
 * 5:4 f32 denormals, 7:6 f16/f64 denormals (0 flushed in and out, 1 inputs kept and outputs
 * flushed, 2 inputs flushed and outputs kept, 3 kept). The IR computes nearest even with
 * denormals kept (0xf0). Applied exactly: the denormal fields, by flushing the f32 (and
 * f16/f64) operands and/or result of each f32 (f16/f64) arithmetic operation (the ISA's
 * MODE rule: a denormal becomes a zero of its sign), a directed f32 round field for the operations
 * of ir_float_round32_op, a directed f16/f64 round field for those of ir_float_round16_op. Refused
 * (ir_float_mode_refused_at): an operation whose mode bits are not known at compile time, or which
 * a field of its mode changes and is not computed in it. */
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
/* What MODE asks of OP for its operands or result of type T: the f32 denormal field (5:4)
 * for F32 as ir_float_mode_flush32, the f16/f64 field (7:6, the same encoding) for F16 and
 * F64 when OP is f16/f64 arithmetic (every operation on those types but bitcasts, neg, abs
 * and the div_scale pair), 0 for other types. */
unsigned ir_float_mode_flush(uint32_t mode, enum ir_op op, enum ir_type t);
/* V (of type T: F32, F16 in the low 16 bits, F64) with a denormal made a zero of its sign;
 * other types unchanged */
uint64_t ir_float_flush_bits(enum ir_type t, uint64_t v);
/* f32 bits with a denormal made a zero of the same sign */
static inline uint32_t ir_float_flush32(uint32_t u) {
  return (u & 0x7f800000u) ? u : u & 0x80000000u;
}
/* The f32 operations computed under a directed f32 round field (MODE 1:0 = 1 +inf, 2 -inf,
 * 3 zero; ir_round.c): fadd fsub fmul ffma fldexp cvt_f32_u32 cvt_f32_i32 cvt_f32_f64 frcp
 * fsqrt ffract frsq fexp2 flog2 fsin fcos. */
bool ir_float_round32_op(enum ir_op op);
/* OP on the operand bits C rounded by MODE's f32 round field into *OUT: false (nothing
 * done) when the field is nearest even or OP is not one of those. */
bool ir_float_round32_eval(uint32_t mode, enum ir_op op, const uint64_t *c, uint64_t *out);
/* The MODE bits 7:0 the compiler knows at a program point: the value in bits 7:0, the mask
 * of the bits known in bits 15:8 (0xff00 | mode: all known). */
#define IR_MODE_VALUE(s) ((uint32_t)(s)&0xffu)
#define IR_MODE_KNOWN(s) (((uint32_t)(s) >> 8) & 0xffu)
/* The mode in force at each instruction of FN (before it executes; MODES has
 * fn->inst_count entries): a forward data flow over the CFG from the wave-start mode.
 * set_float_mode (s_round_mode, s_denorm_mode, s_setreg of MODE with a constant) sets its
 * bits; set_hwreg of MODE from a value makes its bits unknown; where paths meet, a bit is
 * known when it is known and equal on every path. Instructions of unreachable blocks get
 * the wave-start mode. False on allocation failure. */
bool ir_float_modes(const struct ir_function *fn, uint16_t *modes);
/* The same as an allocated array (free()), or NULL on allocation failure. */
uint16_t *ir_float_modes_alloc(const struct ir_function *fn);
/* Whether instruction ID cannot be computed in its mode MODES[ID]: false, or true with the
 * reason in ERR (the mode, its field and the operation; or the MODE bits it needs that are
 * not known at compile time). s_getreg of MODE (get_hwreg) needs the bits it reads. */
bool ir_float_mode_refused_at(const struct ir_function *fn, const uint16_t *modes, uint32_t id,
                              char *err, size_t size);
/* The f16/f64 operations computed under a directed f16/f64 round field (MODE 3:2; ir_round.c):
 * cvt_f16_f32 hadd hmul hfma dadd dmul dfma dsqrt drcp drsq. */
bool ir_float_round16_op(enum ir_op op);
/* OP on the operand bits C rounded by MODE's f16/f64 round field into *OUT: false (nothing
 * done) when the field is nearest even or OP is not one of those. */
bool ir_float_round16_eval(uint32_t mode, enum ir_op op, const uint64_t *c, uint64_t *out);
/* BITS (f32, or f64 when WIDE) times 2^K rounded by ROUND (0 nearest even, 1 toward +inf,
 * 2 toward -inf, 3 toward zero) as IEEE scaleB / v_ldexp in that mode: exact but for an
 * overflow (inf when rounding away from zero on its side, else the largest finite value)
 * or a denormal result; zeros and infinities unchanged, a NaN quieted. The scaling of
 * v_div_scale_f32/f64 (ir_interp.c; docs/shader-float.md, "Float modes"). */
uint64_t ir_float_scale_round(uint64_t bits, bool wide, int k, unsigned round);
/* Whether FN has an instruction refused so: false, or true with the first one's reason. */
bool ir_float_mode_refusal(const struct ir_function *fn, char *err, size_t size);

#endif
