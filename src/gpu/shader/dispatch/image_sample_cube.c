/* Cube maps in the interpreter's image model: the rules of spirv_emit_sample_cube.c in C,
 * operation for operation (docs/shader-spirv.md, "Sampling", cube maps). */
#include "gpu/shader/dispatch/image_sample_cube.h"

#include <math.h>

#include "gpu/shader/ir/ir_cube.h"
#include "gpu/shader/ir/ir_tsharp.h"

#pragma STDC FP_CONTRACT OFF

void shader_cube_coords(const struct ir_tsharp *t, const float co[3], bool seamless,
                        struct shader_cube *c, float uv[2]) {
  /* the face coordinates: s - 1 and t - 1, clamped to 0 .. 1 (a NaN kept) */
  for (unsigned a = 0; a < 2; a++) {
    float u = co[a] - 1.0f;
    u = u < 0.0f ? 0.0f : u;
    uv[a] = u > 1.0f ? 1.0f : u;
  }
  /* q: rounded to nearest even after the array layer's clamp; face q & 7 (6, 7 as 5),
   * layer q >> 3 clamped to the whole cubes from BASE_ARRAY to DEPTH */
  float q = co[2];
  if (q != q) q = 0.0f;
  q = q < 0.0f ? 0.0f : q > 65535.0f ? 65535.0f : q;
  uint32_t n = (uint32_t)nearbyintf(q), face = n & 7, layer = n >> 3;
  uint32_t cubes = t->depth > t->base_array ? (t->depth - t->base_array) / 6 : 0;
  c->face = face > 5 ? 5 : face;
  c->in = cubes > 0 && t->width == t->height;
  c->slice0 = t->base_array + 6 * (layer < cubes ? layer : cubes ? cubes - 1 : 0);
  c->seamless = seamless;
}

void shader_cube_texel(const struct shader_cube *c, int32_t i, int32_t j, int32_t n, uint32_t l,
                       bool linear, bool is_int, shader_cube_fetch_fn *fetch, const void *ctx,
                       float out[4]) {
  int32_t lo = linear ? -1 : 0, hi = linear ? n : n - 1;
  i = i < lo ? lo : i > hi ? hi : i;
  j = j < lo ? lo : j > hi ? hi : j;
  struct ir_cube_texel tx[3];
  unsigned count = ir_cube_texels(c->face, i, j, n, tx);
  float v[3][4];
  for (unsigned k = 0; k < count; k++)
    fetch(ctx, c->slice0 + tx[k].face, tx[k].i, tx[k].j, l, v[k]);
  for (unsigned k = 0; k < 4; k++) {
    out[k] = v[0][k];
    /* a corner: the three texels' mean, (a + b + c) × 1/3 (f32 operations), or their
     * value when all three are equal (Vulkan's constraint on the corner's replacement) */
    if (count == 3 && !is_int && !(v[0][k] == v[1][k] && v[1][k] == v[2][k])) {
      float s = v[0][k] + v[1][k];
      s = s + v[2][k];
      out[k] = s * 0x1.555556p-2f;
    }
  }
}
