/* The quad's derivatives of a cube map's face coordinates (docs/shader-spirv.md, "Sampling",
 * cube maps): the implicit-LOD forms (plain, _b, _cl, image_get_lod) on a cube.
 *
 * The address holds the face coordinates s = sc / |2 ma| + 1.5, t likewise, and the face
 * (+ 8 × the layer), not the direction. Vulkan defines the cube LOD from the derivatives of
 * the lane's own face coordinates ("Cube Map Derivative Transformation"):
 *   d s_face = 1/2 · (|rA| · d sc − sc · d |rA|) / rA²,
 * with sc, tc, rA the components of the direction the lane's face selects and d the
 * derivative of the direction across the quad. Our reading, per lane: each of the quad's
 * top left, top right and bottom left lanes gives a direction r = M + a·S + b·T on its face
 * (a = 2s − 3, b = 2t − 3: the point of the unit cube; the formula does not depend on the
 * direction's length), d/dx r = r(TR) − r(TL), d/dy r = r(BL) − r(TL), and the lane
 * transforms them with its own face and point (|rA| = 1 there):
 *   d s = (S · dr − a · (M · dr)) × 0.5, d t = (T · dr − b · (M · dr)) × 0.5.
 * When the three lanes share the lane's face this is exactly TR − TL and BL − TL of s and t
 * (M · dr = 0, and 2s − 3 is exact for s in 1 .. 2), what the other dimensions take. */
#include "gpu/shader/ir/ir_cube.h"
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* the face of the third address value Q: NaN as 0, clamped to 0 .. 65535, rounded to
 * nearest even, & 7, 6 and 7 as 5 (spirv_cube_coords' rule) */
static uint32_t face_of(struct xl_state *x, uint32_t q) {
  struct ir_builder *bd = &x->b;
  uint32_t lo = ir_b_const_f32(bd, 0.0f), hi = ir_b_const_f32(bd, 65535.0f);
  q = ir_select(bd, ir_fcmp_i(bd, IR_FCMP_OLT, q, lo), lo, q);
  q = ir_select(bd, ir_fcmp_i(bd, IR_FCMP_OGT, q, hi), hi, q);
  uint32_t n = ir_cvt_u32_f32(bd, ir_frint(bd, q)); /* NaN: 0 */
  return ir_umin(bd, ir_iand(bd, n, c32(x, 7)), c32(x, 5));
}

/* 2 S − 3: the face coordinate as the point of the unit cube's face (−1 .. 1) */
static uint32_t unit(struct xl_state *x, uint32_t s) {
  struct ir_builder *bd = &x->b;
  return ir_fsub(bd, ir_fmul(bd, s, ir_b_const_f32(bd, 2.0f)), ir_b_const_f32(bd, 3.0f));
}

/* V (±1, ±A, ±B by the table) per face, selected by FACE */
static uint32_t by_face(struct xl_state *x, uint32_t face, const uint32_t v[6]) {
  uint32_t r = v[5];
  for (unsigned f = 5; f-- > 0;) r = ir_select(&x->b, ir_ieq(&x->b, face, c32(x, f)), v[f], r);
  return r;
}

/* the direction M + a·S + b·T of the point (A, B) of FACE, per world axis */
static void direction(struct xl_state *x, uint32_t face, uint32_t a, uint32_t b, uint32_t r[3]) {
  struct ir_builder *bd = &x->b;
  uint32_t val[3][2] = {{ir_b_const_f32(bd, 1.0f), ir_b_const_f32(bd, -1.0f)},
                        {a, ir_fneg(bd, a)},
                        {b, ir_fneg(bd, b)}};
  for (unsigned k = 0; k < 3; k++) {
    uint32_t v[6];
    for (unsigned f = 0; f < 6; f++)
      for (unsigned m = 0; m < 3; m++)
        if (ir_cube_axes[f][m].axis == k) v[f] = val[m][ir_cube_axes[f][m].sign < 0];
    r[k] = by_face(x, face, v);
  }
}

/* component M (0 major, 1 sc, 2 tc) of D along FACE's axes */
static uint32_t along(struct xl_state *x, uint32_t face, unsigned m, const uint32_t d[3]) {
  uint32_t v[6], neg[3];
  for (unsigned k = 0; k < 3; k++) neg[k] = ir_fneg(&x->b, d[k]);
  for (unsigned f = 0; f < 6; f++) {
    const struct ir_cube_axis *ax = &ir_cube_axes[f][m];
    v[f] = ax->sign < 0 ? neg[ax->axis] : d[ax->axis];
  }
  return by_face(x, face, v);
}

void xl_cube_quad_derivatives(struct xl_state *x, const uint32_t co[3], uint32_t ex[8]) {
  struct ir_builder *bd = &x->b;
  uint32_t tl = ir_iand(bd, ir_lane_id(bd), c32(x, ~3u));
  uint32_t lanes[3] = {tl, ir_iadd(bd, tl, c32(x, 1)), ir_iadd(bd, tl, c32(x, 2))};
  uint32_t r[3][3];
  for (unsigned q = 0; q < 3; q++) { /* TL, TR, BL: their directions */
    uint32_t c[3];
    for (unsigned k = 0; k < 3; k++) c[k] = ir_bitcast_f32(bd, ir_read_lane(bd, co[k], lanes[q]));
    direction(x, face_of(x, c[2]), unit(x, c[0]), unit(x, c[1]), r[q]);
  }
  uint32_t face = face_of(x, ir_bitcast_f32(bd, co[2]));
  uint32_t ab[2] = {unit(x, ir_bitcast_f32(bd, co[0])), unit(x, ir_bitcast_f32(bd, co[1]))};
  uint32_t half = ir_b_const_f32(bd, 0.5f);
  for (unsigned d = 0; d < 2; d++) { /* d/dx (TR − TL), d/dy (BL − TL) */
    uint32_t dr[3];
    for (unsigned k = 0; k < 3; k++) dr[k] = ir_fsub(bd, r[1 + d][k], r[0][k]);
    uint32_t m = along(x, face, 0, dr);
    for (unsigned k = 0; k < 2; k++) {
      uint32_t v = ir_fsub(bd, along(x, face, 1 + k, dr), ir_fmul(bd, ab[k], m));
      ex[2 + 3 * d + k] = ir_bitcast_u32(bd, ir_fmul(bd, v, half));
    }
  }
}
