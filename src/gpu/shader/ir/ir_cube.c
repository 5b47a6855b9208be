/* Cube maps: the faces' seamless edges (ir_cube.h). */
#include "gpu/shader/ir/ir_cube.h"

#include <stdbool.h>

#define F IR_CUBE_FIRST
#define L IR_CUBE_LAST
#define A IR_CUBE_ALONG
#define R IR_CUBE_FLIP

/* per face: across i < 0, i >= n, j < 0, j >= n: {neighbour, its i, its j} */
const struct ir_cube_step ir_cube_steps[6][4] = {
    /* +X */ {{4, L, A}, {5, F, A}, {2, L, R}, {3, L, A}},
    /* -X */ {{5, L, A}, {4, F, A}, {2, F, A}, {3, F, R}},
    /* +Y */ {{1, A, F}, {0, R, F}, {5, R, F}, {4, A, F}},
    /* -Y */ {{1, R, L}, {0, A, L}, {4, A, L}, {5, R, L}},
    /* +Z */ {{1, L, A}, {0, F, A}, {2, A, L}, {3, A, F}},
    /* -Z */ {{0, L, A}, {1, F, A}, {2, R, F}, {3, R, L}},
};

/* +X: ma +rx, sc -rz, tc -ry; -X: -rx, +rz, -ry; +Y: +ry, +rx, +rz; -Y: -ry, +rx, -rz;
 * +Z: +rz, +rx, -ry; -Z: -rz, -rx, -ry */
const struct ir_cube_axis ir_cube_axes[6][3] = {
    {{0, 1}, {2, -1}, {1, -1}}, {{0, -1}, {2, 1}, {1, -1}}, {{1, 1}, {0, 1}, {2, 1}},
    {{1, -1}, {0, 1}, {2, -1}}, {{2, 1}, {0, 1}, {1, -1}},  {{2, -1}, {0, -1}, {1, -1}},
};

static int32_t coord(uint8_t how, int32_t k, int32_t n) {
  switch (how) {
    case IR_CUBE_FIRST: return 0;
    case IR_CUBE_LAST: return n - 1;
    case IR_CUBE_ALONG: return k;
    default: return n - 1 - k;
  }
}

/* texel (I, J) of FACE, at most one of them outside 0 .. N - 1 */
static struct ir_cube_texel across(uint32_t face, int32_t i, int32_t j, int32_t n) {
  struct ir_cube_texel t = {face, i, j};
  int edge = i < 0    ? IR_CUBE_I_LOW
             : i >= n ? IR_CUBE_I_HIGH
             : j < 0  ? IR_CUBE_J_LOW
             : j >= n ? IR_CUBE_J_HIGH
                      : -1;
  if (edge < 0) return t;
  const struct ir_cube_step *s = &ir_cube_steps[face][edge];
  int32_t k = edge < IR_CUBE_J_LOW ? j : i;
  t.face = s->face;
  t.i = coord(s->i, k, n);
  t.j = coord(s->j, k, n);
  return t;
}

unsigned ir_cube_texels(uint32_t face, int32_t i, int32_t j, int32_t n,
                        struct ir_cube_texel out[3]) {
  bool iout = i < 0 || i >= n, jout = j < 0 || j >= n;
  if (!(iout && jout)) {
    out[0] = across(face, i, j, n);
    return 1;
  }
  int32_t ic = i < 0 ? 0 : n - 1, jc = j < 0 ? 0 : n - 1;
  out[0] = (struct ir_cube_texel){face, ic, jc};
  out[1] = across(face, i, jc, n);
  out[2] = across(face, ic, j, n);
  return 3;
}
