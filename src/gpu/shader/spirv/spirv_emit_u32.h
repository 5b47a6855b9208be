/* 32-bit unsigned integer arithmetic of the image paths (image load/store, sampling, texel
 * decode): one SPIR-V instruction each on u32 ids. Internal to src/gpu/shader/spirv; include
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

#endif
