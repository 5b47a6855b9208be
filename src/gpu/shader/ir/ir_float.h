/* The float operations whose result prospero defines beyond what IEEE arithmetic gives for
 * free: fused multiply-add with its NaN rule, the correctly rounded reciprocal square root,
 * ldexp, and the transcendentals with the GFX10 special cases (docs/shader-float.md). Pure
 * functions on the bits; the interpreter and the constant folder use them, and the SPIR-V
 * back end emits the same results (spirv_emit_exact.c). */
#ifndef PROSPERO_GPU_SHADER_IR_IR_FLOAT_H
#define PROSPERO_GPU_SHADER_IR_IR_FLOAT_H

#include <stdbool.h>
#include <stdint.h>

/* a * b + c rounded once (nearest even), denormals kept. NaN: the first NaN operand in the
 * order a, b, c, quieted; an invalid operation (inf * 0, inf - inf) gives 0x7fc00000. */
uint32_t ir_float_fma32(uint32_t a, uint32_t b, uint32_t c);
/* the same in f64 (default NaN 0x7ff8000000000000) */
uint64_t ir_float_fma64(uint64_t a, uint64_t b, uint64_t c);
/* the same in binary16 (default NaN 0x7e00) */
uint16_t ir_float_fma16(uint16_t a, uint16_t b, uint16_t c);
/* 1 / sqrt(a) correctly rounded: +0 -> +inf, -0 -> -inf, +inf -> +0, a < 0 -> 0x7fc00000,
 * NaN -> a quieted */
uint32_t ir_float_rsq32(uint32_t a);
/* sqrt(a) correctly rounded: sqrt(-0) = -0, a < 0 -> 0x7fc00000, NaN -> a quieted */
uint32_t ir_float_sqrt32(uint32_t a);
/* the same in f64 (NaN quieted, a < 0 -> 0x7ff8000000000000) */
uint64_t ir_float_sqrt64(uint64_t a);
/* fract: min(a - floor(a) rounded in f32, the largest f32 below 1.0) (fract(-tiny) is not
 * 1.0); +-inf -> 0x7fc00000, NaN -> a quieted */
uint32_t ir_float_fract32(uint32_t a);
/* the same in f64 (default NaN 0x7ff8000000000000) */
uint64_t ir_float_rsq64(uint64_t a);
/* ir_float_rsq32 rounded by ROUND (0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward
 * zero): the nearest-even result moved one step to the exact value's side (rsq_side) */
uint32_t ir_float_rsq32_round(uint32_t a, unsigned round);
/* The same rounded by ROUND (0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero):
 * the nearest-even result moved one step to the exact value's side (rsq64_side) */
uint64_t ir_float_rsq64_round(uint64_t a, unsigned round);
/* a * 2^n rounded once (gradual underflow, nearest even); +-0, +-inf give a, NaN a quieted */
uint32_t ir_float_ldexp32(uint32_t a, int32_t n);
/* 2^a and log2(a): the f64 algorithms below rounded once to f32; log2(+-0) = -inf,
 * log2(a < 0) = 0x7fc00000, log2(+inf) = +inf; NaN -> a quieted */
uint32_t ir_float_exp2_32(uint32_t a);
uint32_t ir_float_log2_32(uint32_t a);
/* sin(2 pi a), cos(2 pi a) (a in turns): |a| > 256 (and +-inf) gives 0.0 / 1.0, NaN a quieted;
 * else the f64 algorithm below rounded once; a zero result is +0 except sin(+-0) = +-0 */
uint32_t ir_float_sin32(uint32_t a);
uint32_t ir_float_cos32(uint32_t a);

/* The f64 algorithms (docs/shader-float.md), which the SPIR-V back end emits operation for
 * operation: polynomials evaluated by Horner's rule with these coefficients, computed once
 * by the host. exp2: x = n + f (n = rint(x)), 2^f = sum of (f ln2)^k / k!. log2: x = m 2^e,
 * m in [0.75, 1.5), j = rint(32 (m - 1)), u = m r_j - 1 (exact: r_j has 8 bits), ln(1 + u)
 * = u sum (-1)^k u^k / (k + 1), log2 = e + (ln(1 + u) - ln r_j) / ln 2. sin/cos: x - rint(x)
 * = (q + f) / 4 exactly, theta = f pi/2, the sine or cosine series by q. */
#define IR_FLOAT_EXP_TERMS 14
#define IR_FLOAT_LOG_TERMS 12
#define IR_FLOAT_TRIG_TERMS 9
#define IR_FLOAT_LOG_LOW 8 /* j = rint(32 (m - 1)) + 8 in 0 .. 24 */
#define IR_FLOAT_LOG_TABLE 25
#define IR_FLOAT_LN2 0x1.62e42fefa39efp-1
#define IR_FLOAT_INV_LN2 0x1.71547652b82fep0
#define IR_FLOAT_HALF_PI 0x1.921fb54442d18p0
struct ir_float_tables {
  double exp_coef[IR_FLOAT_EXP_TERMS];  /* 1 / k! */
  double log_coef[IR_FLOAT_LOG_TERMS];  /* (-1)^k / (k + 1) */
  double sin_coef[IR_FLOAT_TRIG_TERMS]; /* (-1)^k / (2k + 1)! */
  double cos_coef[IR_FLOAT_TRIG_TERMS]; /* (-1)^k / (2k)! */
  double log_r[IR_FLOAT_LOG_TABLE];     /* rint(128 / (1 + (j - 8) / 32)) / 128 */
  double log_lnr[IR_FLOAT_LOG_TABLE];   /* ln r_j (the host's log) */
};
const struct ir_float_tables *ir_float_tables(void);
double ir_float_exp2_core(double x);               /* any x (clamped to [-151, 129]) */
double ir_float_log2_core(double x);               /* x positive, finite, normal */
double ir_float_turns_core(double x, int quarter); /* |x| <= 256; quarter 0 sin, 1 cos */

/* The hard cases: the f32 inputs where the algorithm's f64 value would round to f32
 * differently from the exact value in some direction (it lies on a midpoint the exact value
 * is just off; found by the exhaustive search, tools/float-search, docs/shader-float.md).
 * The value used instead is one f64 step from the algorithm's toward the exact value (DIR
 * +1 up, -1 down), in both back ends. FN: IR_FLOAT_FN_*. */
enum { IR_FLOAT_FN_EXP2, IR_FLOAT_FN_LOG2, IR_FLOAT_FN_SIN, IR_FLOAT_FN_COS };
struct ir_float_hard_case {
  uint8_t fn;
  int8_t dir;
  uint32_t x;
};
extern const struct ir_float_hard_case ir_float_hard_cases[];
extern const unsigned ir_float_hard_case_count;
/* Y, the algorithm's value for the f32 bits A of function FN, or its replacement when A is
 * a hard case of FN */
double ir_float_hard_fix(unsigned fn, uint32_t a, double y);

#endif
