/* Cube maps as facts: the faces' seamless edges (docs/shader-spirv.md, "Sampling", cube
 * maps). A cube's faces are the slices face + 6 * layer of a 2D array (face 0 +X, 1 -X,
 * 2 +Y, 3 -Y, 4 +Z, 5 -Z: v_cubeid_f32's numbering and Vulkan's), addressed by texel (i, j)
 * of the face, i along the face coordinate sc and j along tc. A bilinear footprint that
 * leaves the face continues on the adjacent face; where it leaves at a corner the texel is
 * the average of the three texels that meet there (the Vulkan specification, "Cube Map
 * Edge Handling": its "should"). The table below is derived from Vulkan's face selection
 * table (the major axis and the sc / tc / ma of each face) by folding a texel beyond an
 * edge onto the neighbouring face; unit.shader_ir_cube re-derives it by projecting texel
 * centres through that table. */
#ifndef PROSPERO_GPU_SHADER_IR_IR_CUBE_H
#define PROSPERO_GPU_SHADER_IR_IR_CUBE_H

#include <stdint.h>

/* how a neighbour's coordinate follows from K, the index along the shared edge */
enum ir_cube_coord {
  IR_CUBE_FIRST, /* 0 */
  IR_CUBE_LAST,  /* n - 1 */
  IR_CUBE_ALONG, /* k */
  IR_CUBE_FLIP,  /* n - 1 - k */
};

/* the edge of face f crossed, and the texel it reaches */
enum ir_cube_edge { IR_CUBE_I_LOW, IR_CUBE_I_HIGH, IR_CUBE_J_LOW, IR_CUBE_J_HIGH };

struct ir_cube_step {
  uint8_t face, i, j; /* the neighbour, its i and j (enum ir_cube_coord) */
};

/* [face][enum ir_cube_edge] */
extern const struct ir_cube_step ir_cube_steps[6][4];

/* Vulkan's face selection table ("Cube Map Face Selection"): per face the direction's
 * component along its major axis (M, |rA| = M · r), and the components sc = S · r and
 * tc = T · r — each a world axis (0 x, 1 y, 2 z) and a sign. */
struct ir_cube_axis {
  uint8_t axis;
  int8_t sign;
};
extern const struct ir_cube_axis ir_cube_axes[6][3]; /* [face][M, S, T] */

/* a texel of a face (slice offset FACE of its layer) */
struct ir_cube_texel {
  uint32_t face;
  int32_t i, j;
};

/* The texels that stand for texel (I, J) of FACE (faces of N texels a side, I and J within
 * -1 .. N): 1 (on the face, or across one edge) or 3 (a corner: the face's own corner
 * texel, then the one across the i edge, then the one across the j edge). */
unsigned ir_cube_texels(uint32_t face, int32_t i, int32_t j, int32_t n,
                        struct ir_cube_texel out[3]);

#endif
