/* 32-bit unsigned integer arithmetic of the image paths (image load/store, sampling, texel
 * decode): one SPIR-V instruction each on u32 ids (and the selects, comparisons and logical or
 * they use). Internal to src/gpu/shader/spirv; include
 * after spirv_emit_internal.h. */
#ifndef PROSPERO_GPU_SHADER_SPIRV_SPIRV_EMIT_U32_H
#define PROSPERO_GPU_SHADER_SPIRV_SPIRV_EMIT_U32_H

#include "gpu/shader/spirv/spirv_emit_internal.h"

static inline uint32_t add(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpIAdd, e->t_u32, a, b);
}
static inline uint32_t sub(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpISub, e->t_u32, a, b);
}
static inline uint32_t mul(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpIMul, e->t_u32, a, b);
}
static inline uint32_t shr(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpShiftRightLogical, e->t_u32, a, b);
}
static inline uint32_t shl(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpShiftLeftLogical, e->t_u32, a, b);
}
static inline uint32_t band(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpBitwiseAnd, e->t_u32, a, b);
}
static inline uint32_t bor(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpBitwiseOr, e->t_u32, a, b);
}
/* C ? A : B on u32 ids */
static inline uint32_t usel(struct emit *e, uint32_t c, uint32_t a, uint32_t b) {
  return sel(e, e->t_u32, c, a, b);
}
/* the comparisons and the logical or, to bool ids; ieq_k compares with the constant V */
static inline uint32_t ult(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpULessThan, e->t_bool, a, b);
}
static inline uint32_t ieq_k(struct emit *e, uint32_t a, uint32_t v) {
  return op2(e, SpvOpIEqual, e->t_bool, a, cu32(e, v));
}
static inline uint32_t lor(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpLogicalOr, e->t_bool, a, b);
}

#endif
