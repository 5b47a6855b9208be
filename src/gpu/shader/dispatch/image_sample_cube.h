/* Cube maps in the interpreter's image model (image_sample_cube.c): the face and layer of
 * an address, and the texels of a seamless footprint (docs/shader-spirv.md, "Sampling",
 * cube maps) — the rules spirv_emit_sample_cube.c emits, in the same order and precision. */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_IMAGE_SAMPLE_CUBE_H
#define PROSPERO_GPU_SHADER_DISPATCH_IMAGE_SAMPLE_CUBE_H

#include <stdbool.h>
#include <stdint.h>

struct ir_tsharp;

struct shader_cube {
  uint32_t face;   /* 0 .. 5 */
  uint32_t slice0; /* the slice of the layer's face 0: BASE_ARRAY + 6 × layer */
  bool seamless;   /* DISABLE_CUBE_WRAP clear: footprints continue across the edges */
  bool in;         /* the T# holds a whole cube with square faces */
};

/* The address's s, t (1 .. 2 across the face: sc / |ma| + 1.5 with v_cubema_f32's ma) and
 * q (face + 8 × layer) against T: UV the face coordinates 0 .. 1, C the face, the slices and
 * whether the T# has them. */
void shader_cube_coords(const struct ir_tsharp *t, const float co[3], bool seamless,
                        struct shader_cube *c, float uv[2]);

/* fetches the memory components of texel (I, J) of slice SLICE, level L (CTX: the caller's) */
typedef void shader_cube_fetch_fn(const void *ctx, uint32_t slice, int32_t i, int32_t j, uint32_t l,
                                  float out[4]);

/* Texel (I, J) of a seamless footprint at level L on faces of N texels: the texel across an
 * edge from the neighbouring face, a corner the average of three (INT: integer formats, the
 * face's own corner texel); with LINEAR false (point sampling) the indices clamped to the
 * face. */
void shader_cube_texel(const struct shader_cube *c, int32_t i, int32_t j, int32_t n, uint32_t l,
                       bool linear, bool is_int, shader_cube_fetch_fn *fetch, const void *ctx,
                       float out[4]);

#endif
