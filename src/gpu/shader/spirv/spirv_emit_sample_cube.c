/* Cube maps in sampling (docs/shader-spirv.md, "Sampling", cube maps): the face and layer
 * of an address and the texels of a footprint that crosses the faces' edges (the table of
 * ir_cube.h), emitted as straight-line code per lane. The interpreter's image model does
 * the same in C (src/gpu/shader/dispatch/image_sample_cube.c), in the same order and
 * precision. */
#include "gpu/shader/ir/ir_cube.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

#define U32 e->t_u32
#define F32 e->t_f32
#define BL e->t_bool

static uint32_t ieq(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpIEqual, BL, a, b);
}
static uint32_t slt(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpSLessThan, BL, a, b);
}
static uint32_t usel(struct emit *e, uint32_t c, uint32_t a, uint32_t b) {
  return sel(e, U32, c, a, b);
}
static uint32_t lor(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpLogicalOr, BL, a, b);
}
static uint32_t fop(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  uint32_t r = op2(e, op, F32, a, b);
  spv_decorate(&e->b, r, SpvDecorationNoContraction, NULL, 0);
  return r;
}

void spirv_cube_coords(struct emit *e, const uint32_t co[3], uint32_t width, uint32_t height,
                       uint32_t depth, uint32_t base_array, uint32_t seamless, struct spirv_cube *c,
                       uint32_t uv[2]) {
  /* the face coordinates: s - 1 and t - 1, clamped to 0 .. 1 (a NaN kept) */
  for (unsigned a = 0; a < 2; a++) {
    uint32_t u = fop(e, SpvOpFSub, co[a], cf32(e, 1.0f));
    u = sel(e, F32, op2(e, SpvOpFOrdLessThan, BL, u, cf32(e, 0.0f)), cf32(e, 0.0f), u);
    uv[a] = sel(e, F32, op2(e, SpvOpFOrdGreaterThan, BL, u, cf32(e, 1.0f)), cf32(e, 1.0f), u);
  }
  /* q = face + 8 × layer: the array layer's clamp and rounding; face q & 7 (6, 7 as 5),
   * layer q >> 3 within the whole cubes from BASE_ARRAY to DEPTH */
  uint32_t q = co[2];
  q = sel(e, F32, op1(e, SpvOpIsNan, BL, q), cf32(e, 0.0f), q);
  q = sel(e, F32, op2(e, SpvOpFOrdLessThan, BL, q, cf32(e, 0.0f)), cf32(e, 0.0f), q);
  q = sel(e, F32, op2(e, SpvOpFOrdGreaterThan, BL, q, cf32(e, 65535.0f)), cf32(e, 65535.0f), q);
  uint32_t n = op1(e, SpvOpConvertFToU, U32, glsl(e, F32, GLSLstd450RoundEven, q, 0, 1));
  uint32_t face = op2(e, SpvOpBitwiseAnd, U32, n, cu32(e, 7));
  uint32_t layer = op2(e, SpvOpShiftRightLogical, U32, n, cu32(e, 3));
  uint32_t has = op2(e, SpvOpULessThan, BL, base_array, depth);
  uint32_t cubes =
      usel(e, has, op2(e, SpvOpUDiv, U32, op2(e, SpvOpISub, U32, depth, base_array), cu32(e, 6)),
           cu32(e, 0));
  uint32_t zero = cu32(e, 0);
  uint32_t last = usel(e, ieq(e, cubes, zero), zero, op2(e, SpvOpISub, U32, cubes, cu32(e, 1)));
  layer = usel(e, op2(e, SpvOpULessThan, BL, layer, cubes), layer, last);
  c->face = usel(e, op2(e, SpvOpULessThan, BL, cu32(e, 5), face), cu32(e, 5), face);
  c->in =
      op2(e, SpvOpLogicalAnd, BL, op2(e, SpvOpINotEqual, BL, cubes, zero), ieq(e, width, height));
  c->slice0 = op2(e, SpvOpIAdd, U32, base_array, op2(e, SpvOpIMul, U32, layer, cu32(e, 6)));
  c->seamless = seamless;
  /* the face's row of ir_cube_steps: per edge a byte, neighbour | i << 3 | j << 5 */
  uint32_t row = zero;
  for (unsigned f = 0; f < 6; f++) {
    uint32_t packed = 0;
    for (unsigned k = 0; k < 4; k++) {
      const struct ir_cube_step *st = &ir_cube_steps[f][k];
      packed |= (uint32_t)(st->face | st->i << 3 | st->j << 5) << (8 * k);
    }
    row = usel(e, ieq(e, c->face, cu32(e, f)), cu32(e, packed), row);
  }
  c->steps = row;
}

/* a neighbour's coordinate (enum ir_cube_coord HOW) from K, the index along the edge */
static uint32_t coord(struct emit *e, uint32_t how, uint32_t k, uint32_t n1) {
  uint32_t r = usel(e, ieq(e, how, cu32(e, IR_CUBE_LAST)), n1, cu32(e, 0));
  r = usel(e, ieq(e, how, cu32(e, IR_CUBE_ALONG)), k, r);
  return usel(e, ieq(e, how, cu32(e, IR_CUBE_FLIP)), op2(e, SpvOpISub, U32, n1, k), r);
}

void spirv_cube_footprint(struct emit *e, const struct spirv_texel_src *src,
                          const struct spirv_cube *c, const uint32_t i0[2], uint32_t n, uint32_t l,
                          uint32_t linear, uint32_t is_int, uint32_t idx[][2], uint32_t bd[3][2],
                          uint32_t t4[4]) {
  uint32_t one = cu32(e, 1), n1 = op2(e, SpvOpISub, U32, n, one);
  uint32_t lo = usel(e, linear, cu32(e, (uint32_t)-1), cu32(e, 0)), hi = usel(e, linear, n, n1);
  uint32_t face_slice = op2(e, SpvOpIAdd, U32, c->slice0, c->face);
  uint32_t xs[2], ys[2], out_i[2], out_j[2];
  for (unsigned d = 0; d < 2; d++) { /* the two indices per axis, kept within lo .. hi */
    uint32_t ij[2] = {op2(e, SpvOpIAdd, U32, i0[0], cu32(e, d)),
                      op2(e, SpvOpIAdd, U32, i0[1], cu32(e, d))};
    for (unsigned a = 0; a < 2; a++) {
      ij[a] = usel(e, slt(e, ij[a], lo), lo, ij[a]);
      ij[a] = usel(e, slt(e, hi, ij[a]), hi, ij[a]);
    }
    out_i[d] = lor(e, slt(e, ij[0], cu32(e, 0)), op2(e, SpvOpSGreaterThanEqual, BL, ij[0], n));
    out_j[d] = lor(e, slt(e, ij[1], cu32(e, 0)), op2(e, SpvOpSGreaterThanEqual, BL, ij[1], n));
    xs[d] = ij[0]; /* i of column d */
    ys[d] = ij[1]; /* j of row d */
  }
  uint32_t fi[4], fj[4], fs[4];
  for (unsigned p = 0; p < 4; p++) { /* footprint texel p = 2 dy + dx */
    unsigned dx = p & 1, dy = p >> 1;
    uint32_t i = xs[dx], j = ys[dy];
    /* the edge crossed (i first: a corner's texel is replaced below) */
    uint32_t edge =
        usel(e, slt(e, i, cu32(e, 0)), cu32(e, IR_CUBE_I_LOW),
             usel(e, out_i[dx], cu32(e, IR_CUBE_I_HIGH),
                  usel(e, slt(e, j, cu32(e, 0)), cu32(e, IR_CUBE_J_LOW), cu32(e, IR_CUBE_J_HIGH))));
    uint32_t step = op2(e, SpvOpBitwiseAnd, U32,
                        op2(e, SpvOpShiftRightLogical, U32, c->steps,
                            op2(e, SpvOpShiftLeftLogical, U32, edge, cu32(e, 3))),
                        cu32(e, 255));
    uint32_t k = usel(e, out_i[dx], j, i);
    uint32_t nf = op2(e, SpvOpBitwiseAnd, U32, step, cu32(e, 7));
    uint32_t ci = coord(e, bits32(e, step, 3, 2), k, n1),
             cj = coord(e, bits32(e, step, 5, 2), k, n1);
    uint32_t across = lor(e, out_i[dx], out_j[dy]);
    uint32_t sl = usel(e, across, op2(e, SpvOpIAdd, U32, c->slice0, nf), face_slice);
    ci = usel(e, across, ci, i);
    cj = usel(e, across, cj, j);
    /* without seamless edges: the face's texel as the address modes gave it */
    fi[p] = usel(e, c->seamless, ci, idx[0][dx]);
    fj[p] = usel(e, c->seamless, cj, idx[1][dy]);
    fs[p] = usel(e, c->seamless, sl, face_slice);
  }
  for (unsigned a = 0; a < 2; a++)
    for (unsigned d = 0; d < 2; d++)
      bd[a][d] = op2(e, SpvOpLogicalAnd, BL, bd[a][d], op1(e, SpvOpLogicalNot, BL, c->seamless));
  /* two helper calls, each for a pair of texels: (0, 3) and (1, 2) */
  static const unsigned pairs[2][2] = {{0, 3}, {1, 2}};
  for (unsigned q = 0; q < 2; q++) {
    uint32_t x[2] = {fi[pairs[q][0]], fi[pairs[q][1]]}, y[2] = {fj[pairs[q][0]], fj[pairs[q][1]]};
    uint32_t s[2] = {fs[pairs[q][0]], fs[pairs[q][1]]}, r[2];
    spirv_image_texel_pair(e, src, x, y, s, l, r);
    t4[pairs[q][0]] = r[0];
    t4[pairs[q][1]] = r[1];
  }
  /* a corner (i and j both beyond the face, seamless, not an integer format): the mean of
   * the footprint's other three texels, which are the three texels that meet there — the
   * face's own corner texel, the one across the i edge, the one across the j edge —
   * (a + b + c) × 1/3 in f32, or their value when all three are equal */
  uint32_t v[4][4];
  for (unsigned p = 0; p < 4; p++)
    for (unsigned k = 0; k < 4; k++) {
      uint32_t w[2] = {t4[p], k};
      v[p][k] = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
    }
  uint32_t avg_ok = op2(e, SpvOpLogicalAnd, BL, c->seamless, op1(e, SpvOpLogicalNot, BL, is_int));
  for (unsigned p = 0; p < 4; p++) {
    unsigned dx = p & 1, dy = p >> 1;
    unsigned own = 2 * (1 - dy) + (1 - dx), ai = 2 * (1 - dy) + dx, aj = 2 * dy + (1 - dx);
    uint32_t corner =
        op2(e, SpvOpLogicalAnd, BL, avg_ok, op2(e, SpvOpLogicalAnd, BL, out_i[dx], out_j[dy]));
    uint32_t comp[4];
    for (unsigned k = 0; k < 4; k++) {
      uint32_t a = op1(e, SpvOpBitcast, F32, v[own][k]), b = op1(e, SpvOpBitcast, F32, v[ai][k]);
      uint32_t cc = op1(e, SpvOpBitcast, F32, v[aj][k]);
      uint32_t same = op2(e, SpvOpLogicalAnd, BL, op2(e, SpvOpFOrdEqual, BL, a, b),
                          op2(e, SpvOpFOrdEqual, BL, b, cc));
      uint32_t sum = fop(e, SpvOpFAdd, fop(e, SpvOpFAdd, a, b), cc);
      uint32_t mean = op1(e, SpvOpBitcast, U32, fop(e, SpvOpFMul, sum, cf32(e, 0x1.555556p-2f)));
      mean = usel(e, same, v[own][k], mean);
      comp[k] = usel(e, corner, mean, v[p][k]);
    }
    t4[p] = spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, comp, 4);
  }
}
