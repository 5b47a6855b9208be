/* image_sample_lz / _l / _d / _b on 1D, 2D, 3D, 1D-array, 2D-array and cube images,
 * image_gather4_lz / _l / _b on 2D, 2D-array and cube images, each with _o (offsets; not on
 * cubes) and _c (depth compare), and image_get_lod (docs/shader-spirv.md, "Sampling"; the
 * implicit and _cd forms reach here as _d forms; cube maps: spirv_emit_sample_cube.c).
 *
 * As for loads, no Vulkan image or sampler stands for the guest's: the module reads the T#
 * and the S# (ir_ssharp.h's table) at run time, selects the level(s) from the LOD, the
 * texels from the coordinates and the address modes, fetches each through the texel fetch
 * helper of spirv_emit_image.c (the layout and format rules of image loads) and filters
 * them itself. The arithmetic is fixed: coordinates and LODs in 1/256 steps, weights in
 * 1/256, each product and sum one f32 operation (NoContraction) in the order the
 * interpreter's image model (src/gpu/shader/dispatch/image_sample.c) uses, so the two give
 * the same bits. Everything is straight-line code (selects), per lane. */
#include "gpu/shader/ir/ir_ssharp.h"
#include "gpu/shader/ir/ir_tsharp.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"
#include "gpu/shader/spirv/spirv_emit_u32.h"

#define U32 e->t_u32
#define F32 e->t_f32
#define BL e->t_bool

/* the forms emitted: _lz, _l, _d, _b (with derivatives); unnormalised, D16, offsets, compare,
 * r128; get_lod: derivatives only */
#define SAMPLE_FLAGS_OK                                                                   \
  (IR_IMAGE_DIM_MASK | IR_IMAGE_LOD | IR_IMAGE_LOD_ZERO | IR_IMAGE_UNORM | IR_IMAGE_D16 | \
   IR_IMAGE_OFFSET | IR_IMAGE_R128 | IR_IMAGE_COMPARE | IR_IMAGE_DERIV | IR_IMAGE_CLAMP | \
   IR_IMAGE_BIAS | (0xfull << IR_IMAGE_DMASK_SHIFT))
#define GET_LOD_FLAGS_OK                                                 \
  (IR_IMAGE_DIM_MASK | IR_IMAGE_UNORM | IR_IMAGE_R128 | IR_IMAGE_DERIV | \
   (0xfull << IR_IMAGE_DMASK_SHIFT))

bool spirv_sample_refusal(const struct ir_inst *in, uint32_t i, char *err, size_t size) {
  uint64_t f = in->imm;
  unsigned dim = (unsigned)(f & IR_IMAGE_DIM_MASK);
  bool gather = in->op == IR_OP_image_gather || in->op == IR_OP_image_gather_ex;
  if (in->op == IR_OP_image_get_lod) {
    const char *why = !(f & IR_IMAGE_DERIV) ? "no derivatives"
                      : dim >= 6            ? "an MSAA surface"
                      : (f & IR_IMAGE_D16)  ? "D16 (llvm-mc-19 has no D16 image_get_lod)"
                      : (f & ~(uint64_t)GET_LOD_FLAGS_OK) ? "an unknown flag"
                                                          : NULL;
    if (!why) return false;
    snprintf(err, size, "image_get_lod (%%%u): an LOD query with %s is not emitted", i, why);
    return true;
  }
  unsigned dm = (unsigned)(f >> IR_IMAGE_DMASK_SHIFT) & 15;
  if (gather && ((f & IR_IMAGE_ROW) || (dim != 1 && dim != 3 && dim != 5) || (dm & (dm - 1)))) {
    snprintf(err, size, "image_gather4 (%%%u): %s is not emitted", i,
             (f & IR_IMAGE_ROW) ? "gather4h (a row of four texels)"
             : (dm & (dm - 1))  ? "a gather of several components (dmask)"
                                : "a gather from a 1D or 3D image");
    return true;
  }
  bool b_cl = (f & IR_IMAGE_BIAS) && (f & IR_IMAGE_CLAMP);
  const char *why =
      ((f & IR_IMAGE_BIAS) && !(f & IR_IMAGE_DERIV))    ? "an LOD bias (_b) without derivatives"
      : (b_cl && ir_image_clamp_slot(f) < 0)            ? "an LOD bias and clamp with no clamp slot"
      : ((f & IR_IMAGE_CLAMP) && !(f & IR_IMAGE_DERIV)) ? "an LOD clamp (_cl) without derivatives"
      : (f & IR_IMAGE_COARSE)                           ? "coarse derivatives (_cd: per quad)"
      : (f & (IR_IMAGE_TFE | IR_IMAGE_LWE))             ? "a fault status (TFE/LWE)"
      : !(f & (IR_IMAGE_LOD | IR_IMAGE_LOD_ZERO | IR_IMAGE_DERIV))
          ? "an implicit LOD (quad derivatives)"
      : dim == 3 && (f & IR_IMAGE_OFFSET) ? "texel offsets on a cube map"
      : dim >= 6                          ? "an MSAA surface"
      : (f & ~(uint64_t)SAMPLE_FLAGS_OK)  ? "an unknown flag"
                                          : NULL;
  if (!why) return false;
  snprintf(err, size, "%s (%%%u): sampling with %s is not emitted",
           gather ? "image_gather4" : "image_sample", i, why);
  return true;
}

static uint32_t field(struct emit *e, const uint32_t *w, const struct ir_tsharp_field_info *i) {
  return bits32(e, w[i->dword], i->lo, i->bits);
}
static uint32_t tf(struct emit *e, const uint32_t *w, enum ir_tsharp_field f) {
  return field(e, w, &ir_tsharp_fields[f]);
}
static uint32_t sf(struct emit *e, const uint32_t *w, enum ir_ssharp_field f) {
  const struct ir_ssharp_field_info *i = &ir_ssharp_fields[f];
  return bits32(e, w[i->dword], i->lo, i->bits);
}

static uint32_t ieq(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpIEqual, BL, a, b);
}
static uint32_t slt(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpSLessThan, BL, a, b);
}
static uint32_t land(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpLogicalAnd, BL, a, b);
}
static uint32_t smin(struct emit *e, uint32_t a, uint32_t b) { return usel(e, slt(e, a, b), a, b); }
static uint32_t smax(struct emit *e, uint32_t a, uint32_t b) { return usel(e, slt(e, a, b), b, a); }
/* an f32 operation kept as written */
static uint32_t fop(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  uint32_t r = op2(e, op, F32, a, b);
  spv_decorate(&e->b, r, SpvDecorationNoContraction, NULL, 0);
  return r;
}
static uint32_t asf(struct emit *e, uint32_t u) { return op1(e, SpvOpBitcast, F32, u); }
static uint32_t asu(struct emit *e, uint32_t f) { return op1(e, SpvOpBitcast, U32, f); }

/* floor(P · 256) of f32 P (NaN as 0, clamped to ±2^22), a signed value in u32 */
static uint32_t fixed8(struct emit *e, uint32_t p) {
  p = sel(e, F32, op1(e, SpvOpIsNan, BL, p), cf32(e, 0.0f), p);
  p = sel(e, F32, op2(e, SpvOpFOrdGreaterThan, BL, p, cf32(e, 0x1p22f)), cf32(e, 0x1p22f), p);
  p = sel(e, F32, op2(e, SpvOpFOrdLessThan, BL, p, cf32(e, -0x1p22f)), cf32(e, -0x1p22f), p);
  uint32_t q = fop(e, SpvOpFMul, p, cf32(e, 256.0f));
  return op1(e, SpvOpConvertFToS, U32, glsl(e, F32, GLSLstd450Floor, q, 0, 1));
}

/* I modulo N (N > 0) in 0..N-1: the remainder (the dividend's sign) moved up by N when
 * negative (OpSMod on u32-typed operands gave a negative result on llvmpipe) */
static uint32_t pmod(struct emit *e, uint32_t i, uint32_t n) {
  uint32_t r = op2(e, SpvOpSRem, U32, i, n);
  return usel(e, slt(e, r, cu32(e, 0)), add(e, r, n), r);
}

/* floor(128 · log2 X) of f32 X (the LOD of rho² = X in 1/256 steps): 128 · the exponent
 * plus seven bits of log2 of the significand m, each by squaring m (one f32 multiply) and
 * halving it when it reaches 2 (our rule); NaN 0, +inf 4096, zero and denormals -4096 */
static uint32_t lod_of_rho2(struct emit *e, uint32_t x) {
  uint32_t bits = asu(e, x);
  uint32_t ex = bits32(e, bits, 23, 8);
  uint32_t m =
      asf(e, op2(e, SpvOpBitwiseOr, U32, band(e, bits, cu32(e, 0x7fffffu)), cu32(e, 0x3f800000u)));
  uint32_t k = cu32(e, 0);
  for (unsigned j = 0; j < 7; j++) {
    m = fop(e, SpvOpFMul, m, m);
    uint32_t ge = op2(e, SpvOpFOrdGreaterThanEqual, BL, m, cf32(e, 2.0f));
    m = sel(e, F32, ge, fop(e, SpvOpFMul, m, cf32(e, 0.5f)), m);
    k = add(e, add(e, k, k), usel(e, ge, cu32(e, 1), cu32(e, 0)));
  }
  uint32_t l = add(e, op2(e, SpvOpShiftLeftLogical, U32, sub(e, ex, cu32(e, 127)), cu32(e, 7)), k);
  uint32_t sign = op2(e, SpvOpINotEqual, BL, op2(e, SpvOpShiftRightLogical, U32, bits, cu32(e, 31)),
                      cu32(e, 0));
  l = usel(e, lor(e, ieq(e, ex, cu32(e, 0)), sign), cu32(e, (uint32_t)-4096), l);
  l = usel(e, ieq(e, ex, cu32(e, 255)), cu32(e, 4096), l);
  return usel(e, op1(e, SpvOpIsNan, BL, x), cu32(e, 0), l);
}

/* texel index I (signed) of an axis of N texels under clamp mode MODE: the index kept and
 * *BORDER (the border colour instead) */
static uint32_t address(struct emit *e, uint32_t mode, uint32_t i, uint32_t n, uint32_t *border) {
  uint32_t zero = cu32(e, 0), n1 = sub(e, n, cu32(e, 1)), n2 = add(e, n, n);
  uint32_t neg = slt(e, i, zero), past = op2(e, SpvOpSGreaterThanEqual, BL, i, n);
  uint32_t wrap = pmod(e, i, n), m = pmod(e, i, n2);
  uint32_t mirror = usel(e, slt(e, m, n), m, sub(e, sub(e, n2, cu32(e, 1)), m));
  uint32_t clamp = usel(e, neg, zero, usel(e, past, n1, i));
  uint32_t j = usel(e, neg, op1(e, SpvOpNot, U32, i), i); /* mirrored once about 0 */
  uint32_t j_past = op2(e, SpvOpSGreaterThanEqual, BL, j, n);
  uint32_t once = usel(e, j_past, n1, j);
  uint32_t out_b = lor(e, neg, past);
  uint32_t r = usel(e, ieq(e, mode, cu32(e, IR_CLAMP_WRAP)), wrap, zero);
  r = usel(e, ieq(e, mode, cu32(e, IR_CLAMP_MIRROR)), mirror, r);
  r = usel(e, ieq(e, mode, cu32(e, IR_CLAMP_LAST_TEXEL)), clamp, r);
  r = usel(e, ieq(e, mode, cu32(e, IR_CLAMP_MIRROR_ONCE_LAST_TEXEL)), once, r);
  /* CLAMP_BORDER and the half-border modes (their coordinate clamped before: footprint) */
  uint32_t as_border = lor(e, ieq(e, mode, cu32(e, IR_CLAMP_BORDER)),
                           ieq(e, band(e, mode, cu32(e, 6)), cu32(e, IR_CLAMP_HALF_BORDER)));
  r = usel(e, as_border, usel(e, out_b, zero, i), r);
  r = usel(e, ieq(e, mode, cu32(e, IR_CLAMP_MIRROR_ONCE_BORDER)), usel(e, j_past, zero, j), r);
  *border = lor(e, land(e, as_border, out_b),
                land(e, ieq(e, mode, cu32(e, IR_CLAMP_MIRROR_ONCE_BORDER)), j_past));
  return r;
}

/* a weight F of the upper texel (0..255) as the filter uses it: F == 0, (256 − F)/256 and
 * F/256 (f32) */
struct weight {
  uint32_t zero, wa, wb;
};
static struct weight weight_of(struct emit *e, uint32_t f) {
  struct weight w;
  w.zero = ieq(e, f, cu32(e, 0));
  w.wa =
      fop(e, SpvOpFMul, op1(e, SpvOpConvertUToF, F32, sub(e, cu32(e, 256), f)), cf32(e, 0x1p-8f));
  w.wb = fop(e, SpvOpFMul, op1(e, SpvOpConvertUToF, F32, f), cf32(e, 0x1p-8f));
  return w;
}

/* FILTER_MODE as the two booleans the filter needs */
struct fmode {
  uint32_t blend, min; /* blend (0); else min (1) or max (2) */
};

/* the filter's combination of A and B (f32 bits) at weight W of B: A when the weight is 0;
 * else the blend A·(256 − F)/256 + B·F/256, or under min / max B when B < A (min) / B > A
 * (max) as an ordered comparison, else A (a NaN keeps A) */
static uint32_t combine(struct emit *e, struct fmode m, uint32_t a, uint32_t b, struct weight w) {
  uint32_t fa = asf(e, a), fb = asf(e, b);
  uint32_t lerp =
      asu(e, fop(e, SpvOpFAdd, fop(e, SpvOpFMul, fa, w.wa), fop(e, SpvOpFMul, fb, w.wb)));
  uint32_t take_b = sel(e, BL, m.min, op2(e, SpvOpFOrdLessThan, BL, fb, fa),
                        op2(e, SpvOpFOrdGreaterThan, BL, fb, fa));
  uint32_t r = usel(e, m.blend, lerp, usel(e, take_b, b, a));
  return usel(e, w.zero, a, r);
}

/* What the sampling of one lane needs. */
struct smp {
  struct spirv_texel_src src;
  uint32_t tw[8], sw[4];
  unsigned axes; /* from the instruction's dimension: 1, 2 or 3 */
  uint32_t is3d, unnorm, slice;
  uint32_t bcol[4]; /* the border colour in memory components (border_colour) */
  uint32_t size[3]; /* width, height, depth of level 0 */
  uint32_t co[3];   /* f32 coordinates */
  uint32_t off[3];  /* texel offsets (signed) */
  uint32_t mode[3]; /* clamp modes */
  bool compare;     /* _c: each texel's x becomes 1.0 when REF FUNC x holds, else 0.0 */
  uint32_t ref, func;
  bool cube; /* a cube map (spirv_emit_sample_cube.c): co the face coordinates */
  struct spirv_cube cu;
  uint32_t is_int;
  struct fmode fmode; /* FILTER_MODE: blend, min, max */
};

/* the depth comparison of _c forms: REF (f32) FUNC (SQ_TEX_DEPTH_COMPARE_*: never, less,
 * equal, less or equal, greater, not equal, greater or equal, always) the texel's D, as
 * 1.0 or 0.0 (f32 bits); NaN: only not-equal holds */
static uint32_t depth_compare(struct emit *e, const struct smp *s, uint32_t d) {
  uint32_t r = s->ref, x = op1(e, SpvOpBitcast, F32, d);
  uint32_t lt = op2(e, SpvOpFOrdLessThan, BL, r, x), eq = op2(e, SpvOpFOrdEqual, BL, r, x);
  uint32_t gt = op2(e, SpvOpFOrdGreaterThan, BL, r, x);
  uint32_t ne = op2(e, SpvOpFUnordNotEqual, BL, r, x);
  uint32_t res[8] = {spv_const_bool(&e->b, false), lt, eq, lor(e, lt, eq), gt, ne, lor(e, gt, eq),
                     spv_const_bool(&e->b, true)};
  uint32_t pass = res[0];
  for (unsigned k = 1; k < 8; k++) pass = sel(e, BL, ieq(e, s->func, cu32(e, k)), res[k], pass);
  return usel(e, pass, cu32(e, 0x3f800000u), cu32(e, 0));
}

/* the texels of absolute level L around the coordinates (V[z][y][x], memory components;
 * the border colour where the address mode gives it) and the weights FR per axis */
static void footprint(struct emit *e, const struct smp *s, uint32_t l, uint32_t linear,
                      uint32_t zlinear, uint32_t v[2][2][2][4], uint32_t fr[3]) {
  uint32_t one = cu32(e, 1), i0[3], n[3];
  for (unsigned a = 0; a < 3; a++) {
    n[a] = op2(e, SpvOpShiftRightLogical, U32, s->size[a], l);
    n[a] = usel(e, ieq(e, n[a], cu32(e, 0)), one, n[a]);
    fr[a] = cu32(e, 0);
    i0[a] = cu32(e, 0);
  }
  for (unsigned a = 0; a < s->axes; a++) {
    uint32_t lin = a == 2 ? zlinear : linear;
    uint32_t c = s->co[a], nf = op1(e, SpvOpConvertUToF, F32, n[a]);
    c = sel(e, F32, s->unnorm, c, fop(e, SpvOpFMul, c, nf));
    /* the half-border modes (4, 5): the coordinate (mirrored once: its magnitude) clamped to
     * 0..n, a NaN kept; the texel position at most n - 1/256 */
    uint32_t half = ieq(e, band(e, s->mode[a], cu32(e, 6)), cu32(e, IR_CLAMP_HALF_BORDER));
    c = sel(e, F32, ieq(e, s->mode[a], cu32(e, IR_CLAMP_MIRROR_ONCE_HALF_BORDER)),
            glsl(e, F32, GLSLstd450FAbs, c, 0, 1), c);
    uint32_t hc = sel(e, F32, op2(e, SpvOpFOrdLessThan, BL, c, cf32(e, 0.0f)), cf32(e, 0.0f), c);
    hc = sel(e, F32, op2(e, SpvOpFOrdGreaterThan, BL, hc, nf), nf, hc);
    c = sel(e, F32, half, hc, c);
    c = sel(e, F32, lin, fop(e, SpvOpFSub, c, cf32(e, 0.5f)), c);
    uint32_t p = fixed8(e, c);
    uint32_t pmax = sub(e, op2(e, SpvOpShiftLeftLogical, U32, n[a], cu32(e, 8)), one);
    p = usel(e, land(e, half, slt(e, pmax, p)), pmax, p);
    p = add(e, p, op2(e, SpvOpShiftLeftLogical, U32, s->off[a], cu32(e, 8)));
    i0[a] = op2(e, SpvOpShiftRightArithmetic, U32, p, cu32(e, 8));
    fr[a] = usel(e, lin, band(e, p, cu32(e, 255)), cu32(e, 0));
  }
  /* per axis the two texel indices (wrapped) and whether each is the border */
  uint32_t idx[3][2], bd[3][2];
  for (unsigned a = 0; a < 3; a++)
    for (unsigned d = 0; d < 2; d++) {
      idx[a][d] = cu32(e, 0);
      bd[a][d] = spv_const_bool(&e->b, false);
      if (a < s->axes)
        idx[a][d] = address(e, s->mode[a], add(e, i0[a], cu32(e, d)), n[a], &bd[a][d]);
    }
  uint32_t zs[2] = {sel(e, U32, s->is3d, idx[2][0], s->slice),
                    sel(e, U32, s->is3d, idx[2][1], s->slice)};
  uint32_t t8[8];
  unsigned count = 2u << (s->axes - 1); /* the corners the dimension has */
  /* a cube: the face's texels, or across its edges */
  if (s->cube) {
    spirv_cube_footprint(e, &s->src, &s->cu, i0, n[0], l, linear, s->is_int, idx, bd, t8);
  } else {
    spirv_image_footprint(e, &s->src, idx[0], idx[1], zs, l, s->is3d, count, t8);
  }
  for (unsigned dz = 0; dz < 2; dz++)
    for (unsigned dy = 0; dy < 2; dy++)
      for (unsigned dx = 0; dx < 2; dx++) {
        if (4 * dz + 2 * dy + dx >= count) { /* an axis the dimension lacks: weight 0 */
          for (unsigned k = 0; k < 4; k++) v[dz][dy][dx][k] = v[0][0][dx][k];
          continue;
        }
        uint32_t border = lor(e, lor(e, bd[0][dx], bd[1][dy]), bd[2][dz]);
        uint32_t t = t8[4 * dz + 2 * dy + dx];
        for (unsigned k = 0; k < 4; k++) {
          uint32_t w[2] = {t, k};
          uint32_t c = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
          v[dz][dy][dx][k] = usel(e, border, s->bcol[k], c);
        }
        if (s->compare) v[dz][dy][dx][0] = depth_compare(e, s, v[dz][dy][dx][0]);
      }
}

/* the filtered memory components of absolute level L */
static void sample_level(struct emit *e, const struct smp *s, uint32_t l, uint32_t linear,
                         uint32_t zlinear, uint32_t out[4]) {
  uint32_t v[2][2][2][4], fr[3];
  footprint(e, s, l, linear, zlinear, v, fr);
  struct weight w[3];
  for (unsigned a = 0; a < 3; a++) w[a] = weight_of(e, fr[a]);
  for (unsigned k = 0; k < (s->compare ? 1u : 4u); k++) {
    uint32_t p[2];
    for (unsigned dz = 0; dz < 2; dz++) {
      uint32_t r0 = combine(e, s->fmode, v[dz][0][0][k], v[dz][0][1][k], w[0]);
      uint32_t r1 = combine(e, s->fmode, v[dz][1][0][k], v[dz][1][1][k], w[0]);
      p[dz] = combine(e, s->fmode, r0, r1, w[1]);
    }
    out[k] = combine(e, s->fmode, p[0], p[1], w[2]);
  }
  for (unsigned k = 1; s->compare && k < 4; k++) out[k] = out[0];
}

/* The border colour in memory components (S->bcol) of S# type TYPE for a format whose one is
 * FONE: transparent black, opaque black or opaque white (0 and FONE), or under type 3
 * (IR_BORDER_REGISTER) the table's entry BORDER_COLOR_PTR — four dwords, red, green, blue,
 * alpha, as stored — at the wave state's border base + 16 × BORDER_COLOR_PTR, read when
 * READ (a lane whose image is in range): unmapped, it reads 0 and counts as an image access
 * in the fault record. BC_SWIZZLE (T# word 3 27:25) names the border channel each memory
 * component takes (ir_ssharp_bc_channel). */
static void border_colour(struct emit *e, struct smp *s, uint32_t type, uint32_t fone,
                          uint32_t read) {
  uint32_t zero = cu32(e, 0);
  uint32_t rgb = usel(e, ieq(e, type, cu32(e, IR_BORDER_OPAQUE_WHITE)), fone, zero);
  uint32_t alpha = usel(e, ieq(e, type, cu32(e, IR_BORDER_TRANS_BLACK)), zero, fone);
  uint32_t table = ieq(e, type, cu32(e, IR_BORDER_REGISTER));
  uint32_t base =
      op2(e, SpvOpBitwiseOr, e->t_u64, to_u64(e, spirv_state_word(e, SPIRV_STATE_BORDER_BASE)),
          op2(e, SpvOpShiftLeftLogical, e->t_u64,
              to_u64(e, spirv_state_word(e, SPIRV_STATE_BORDER_BASE + 1)), cu64(e, 32)));
  uint32_t ptr = sf(e, s->sw, IR_SSHARP_border_color_ptr);
  uint32_t g = add64(e, base, to_u64(e, shl(e, ptr, cu32(e, 4))));
  uint32_t ok = land(e, table, read);
  uint32_t at = spirv_guest_addr(e, g, 16, &ok);
  uint32_t entry[4];
  for (unsigned j = 0; j < 4; j++) {
    uint32_t d = spirv_psb_load(e, sel(e, e->t_u64, ok, add64(e, at, cu64(e, 4 * j)), e->junk));
    entry[j] = usel(e, ok, d, zero);
  }
  uint32_t sh = shl(e, bits32(e, s->tw[3], 25, 3), cu32(e, 1)); /* 2 bits per BC_SWIZZLE */
  for (unsigned k = 0; k < 4; k++) {
    uint32_t packed = 0;
    for (unsigned bc = 0; bc < 8; bc++) packed |= (uint32_t)ir_ssharp_bc_channel[bc][k] << 2 * bc;
    uint32_t ch = band(e, shr(e, cu32(e, packed), sh), cu32(e, 3));
    uint32_t tv = entry[0];
    for (unsigned j = 1; j < 4; j++) tv = usel(e, ieq(e, ch, cu32(e, j)), entry[j], tv);
    s->bcol[k] = usel(e, table, tv, usel(e, ieq(e, ch, cu32(e, 3)), alpha, rgb));
  }
}

uint32_t spirv_emit_sample(struct emit *e, const struct ir_inst *ins, const uint32_t *a) {
  uint64_t fl = ins->imm;
  unsigned dim = (unsigned)(fl & IR_IMAGE_DIM_MASK);
  uint32_t zero = cu32(e, 0), one = cu32(e, 1);
  e->float_used = true;
  struct smp s = {.axes = dim == 0 || dim == 4 ? 1 : dim == 2 ? 3 : 2};
  for (uint32_t k = 0; k < 8; k++) {
    uint32_t w[2] = {a[0], k};
    s.tw[k] = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
  }
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t w[2] = {a[1], k};
    s.sw[k] = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
  }
  uint32_t co[4];
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t w[2] = {a[2], k};
    co[k] = spv_op(&e->b, SpvOpCompositeExtract, F32, w, 2);
  }
  for (unsigned k = 0; k < 3; k++) s.co[k] = co[k];
  uint32_t ex0 = zero;
  bool ex = ins->op == IR_OP_image_sample_ex || ins->op == IR_OP_image_gather_ex ||
            ins->op == IR_OP_image_get_lod;
  if (ex && (fl & IR_IMAGE_OFFSET)) {
    uint32_t w[2] = {a[3], 0};
    ex0 = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
  }
  bool get_lod = ins->op == IR_OP_image_get_lod;
  s.compare = ex && (fl & IR_IMAGE_COMPARE);
  if (s.compare) {
    uint32_t w[2] = {a[3], 1};
    s.ref = op1(e, SpvOpBitcast, F32, spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2));
  }
  for (unsigned k = 0; k < 3; k++) /* 6-bit signed offsets at bits 5:0, 13:8, 21:16 */
    s.off[k] = op2(e, SpvOpShiftRightArithmetic, U32,
                   op2(e, SpvOpShiftLeftLogical, U32, ex0, cu32(e, 26 - 8 * k)), cu32(e, 26));
  /* the T# */
  uint32_t type = tf(e, s.tw, IR_TSHARP_type);
  s.size[0] =
      add(e,
          op2(e, SpvOpBitwiseOr, U32, tf(e, s.tw, IR_TSHARP_width_lo),
              op2(e, SpvOpShiftLeftLogical, U32, tf(e, s.tw, IR_TSHARP_width_hi), cu32(e, 2))),
          one);
  s.size[1] = add(e, tf(e, s.tw, IR_TSHARP_height), one);
  uint32_t depth = add(e, tf(e, s.tw, IR_TSHARP_depth), one);
  s.size[2] = depth;
  uint32_t base_array = tf(e, s.tw, IR_TSHARP_base_array);
  uint32_t base_level = tf(e, s.tw, IR_TSHARP_base_level);
  uint32_t last_level = tf(e, s.tw, IR_TSHARP_last_level);
  uint32_t max_mip = tf(e, s.tw, IR_TSHARP_max_mip);
  s.is3d = ieq(e, type, cu32(e, IR_TSHARP_3D));
  s.cube = dim == 3;
  if (s.cube) { /* normalised face coordinates, the face's slice (spirv_emit_sample_cube.c) */
    uint32_t seamless = ieq(e, sf(e, s.sw, IR_SSHARP_disable_cube_wrap), zero);
    spirv_cube_coords(e, co, s.size[0], s.size[1], depth, base_array, seamless, &s.cu, s.co);
  }
  spirv_image_texel_src(e, a[0], &s.src);
  struct spirv_format fmt;
  spirv_format_dynamic(e, s.src.plain, &fmt); /* special formats: their texels' */
  if (s.compare) { /* UNORM formats and 32_FLOAT_CLAMP: the reference clamped to 0..1 */
    uint32_t un = lor(e, ieq(e, fmt.cls, cu32(e, IR_BUF_UNORM)), ieq(e, s.src.plain, cu32(e, 140)));
    uint32_t r = s.ref;
    r = sel(e, F32, land(e, un, op2(e, SpvOpFOrdLessThan, BL, r, cf32(e, 0.0f))), cf32(e, 0.0f), r);
    r = sel(e, F32, land(e, un, op2(e, SpvOpFOrdGreaterThan, BL, r, cf32(e, 1.0f))), cf32(e, 1.0f),
            r);
    s.ref = r;
  }
  uint32_t is_int =
      lor(e, ieq(e, fmt.cls, cu32(e, IR_BUF_UINT)), ieq(e, fmt.cls, cu32(e, IR_BUF_SINT)));
  s.is_int = is_int;
  uint32_t fone = spirv_format_one(e, &fmt);
  /* the S# */
  for (unsigned k = 0; k < 3; k++) s.mode[k] = sf(e, s.sw, IR_SSHARP_clamp_x + k);
  s.func = sf(e, s.sw, IR_SSHARP_depth_compare_func);
  uint32_t border_type = sf(e, s.sw, IR_SSHARP_border_color_type);
  uint32_t mag = sf(e, s.sw, IR_SSHARP_xy_mag_filter), min = sf(e, s.sw, IR_SSHARP_xy_min_filter);
  uint32_t zfilter = sf(e, s.sw, IR_SSHARP_z_filter), mipf = sf(e, s.sw, IR_SSHARP_mip_filter);
  uint32_t min_lod = sf(e, s.sw, IR_SSHARP_min_lod), max_lod = sf(e, s.sw, IR_SSHARP_max_lod);
  uint32_t bias =
      op2(e, SpvOpShiftRightArithmetic, U32,
          op2(e, SpvOpShiftLeftLogical, U32, sf(e, s.sw, IR_SSHARP_lod_bias), cu32(e, 18)),
          cu32(e, 18));
  s.unnorm = (fl & IR_IMAGE_UNORM)
                 ? spv_const_bool(&e->b, true)
                 : op2(e, SpvOpINotEqual, BL, sf(e, s.sw, IR_SSHARP_force_unnormalized), zero);
  if (s.cube) s.unnorm = spv_const_bool(&e->b, false); /* face coordinates: normalised */
  /* settings not modelled give what an access outside the image gives */
  uint32_t fmode = sf(e, s.sw, IR_SSHARP_filter_mode);
  s.fmode.blend = ieq(e, fmode, cu32(e, IR_FILTER_BLEND));
  s.fmode.min = ieq(e, fmode, cu32(e, IR_FILTER_MIN));
  uint32_t unmodelled = lor(e, ieq(e, fmode, cu32(e, 3)), ieq(e, zfilter, cu32(e, 3)));
  /* the image: a 1-sample type other than cube, levels base..min(last, MAX_MIP), layers */
  uint32_t type_ok = land(e, op2(e, SpvOpULessThanEqual, BL, cu32(e, IR_TSHARP_1D), type),
                          land(e, ult(e, type, cu32(e, IR_TSHARP_2D_MSAA)),
                               op2(e, SpvOpINotEqual, BL, type, cu32(e, IR_TSHARP_CUBE))));
  uint32_t top = usel(e, ult(e, last_level, max_mip), last_level, max_mip);
  if (s.cube) type_ok = land(e, ieq(e, type, cu32(e, IR_TSHARP_CUBE)), s.cu.in);
  uint32_t in = land(e, land(e, type_ok, op2(e, SpvOpULessThanEqual, BL, base_level, top)),
                     ult(e, base_array, depth));
  in = land(e, in, op1(e, SpvOpLogicalNot, BL, unmodelled));
  uint32_t nlev = add(e, sub(e, top, base_level), one);
  /* the array layer: rounded to nearest even, clamped to the layers */
  s.slice = s.cube ? add(e, s.cu.slice0, s.cu.face) : zero;
  if (dim == 4 || dim == 5) {
    uint32_t l = co[dim == 4 ? 1 : 2];
    l = sel(e, F32, op1(e, SpvOpIsNan, BL, l), cf32(e, 0.0f), l);
    l = sel(e, F32, op2(e, SpvOpFOrdLessThan, BL, l, cf32(e, 0.0f)), cf32(e, 0.0f), l);
    l = sel(e, F32, op2(e, SpvOpFOrdGreaterThan, BL, l, cf32(e, 65535.0f)), cf32(e, 65535.0f), l);
    uint32_t layer = op1(e, SpvOpConvertFToU, U32, glsl(e, F32, GLSLstd450RoundEven, l, 0, 1));
    uint32_t last = sub(e, sub(e, depth, base_array), one);
    s.slice = add(e, base_array, usel(e, ult(e, last, layer), last, layer));
  }
  /* the LOD in 1/256 steps: the instruction's (_lz: 0) plus LOD_BIAS, clamped to
   * MIN_LOD..MAX_LOD; at or below 0 the magnification filter */
  uint32_t lod = (fl & IR_IMAGE_LOD) ? fixed8(e, co[3]) : zero;
  if (fl & IR_IMAGE_DERIV) {
    /* _d: rho² = the larger of |d/dx|² and |d/dy|², each derivative scaled by the base
     * level's size (unnormalised: as given), squares summed x, y, z in order */
    uint32_t rho[2];
    for (unsigned d = 0; d < 2; d++) {
      uint32_t sum = 0;
      for (unsigned k = 0; k < s.axes; k++) {
        uint32_t w[2] = {a[3], 2 + 3 * d + k};
        uint32_t g = asf(e, spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2));
        uint32_t n = op2(e, SpvOpShiftRightLogical, U32, s.size[k], base_level);
        n = usel(e, ieq(e, n, zero), one, n);
        g = sel(e, F32, s.unnorm, g, fop(e, SpvOpFMul, g, op1(e, SpvOpConvertUToF, F32, n)));
        uint32_t g2 = fop(e, SpvOpFMul, g, g);
        sum = sum ? fop(e, SpvOpFAdd, sum, g2) : g2;
      }
      rho[d] = sum;
    }
    uint32_t r2 = sel(e, F32, op2(e, SpvOpFOrdGreaterThan, BL, rho[1], rho[0]), rho[1], rho[0]);
    lod = lod_of_rho2(e, r2);
    /* anisotropic filtering from the derivatives is not modelled */
    uint32_t aniso =
        land(e, op2(e, SpvOpINotEqual, BL, sf(e, s.sw, IR_SSHARP_max_aniso_ratio), zero),
             lor(e, ult(e, one, mag), ult(e, one, min)));
    in = land(e, in, op1(e, SpvOpLogicalNot, BL, aniso));
  }
  if (fl & IR_IMAGE_BIAS) /* _b: the instruction's bias in 1/256 steps */
    lod = add(e, lod, fixed8(e, co[3]));
  lod = add(e, lod, bias);
  uint32_t raw = lod;
  if (fl & IR_IMAGE_CLAMP) { /* _cl: at least the instruction's clamp (_b_cl: in its slot) */
    uint32_t cl = co[3];
    if (fl & IR_IMAGE_BIAS) {
      uint32_t w[2] = {a[3], (uint32_t)ir_image_clamp_slot(fl)};
      cl = asf(e, spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2));
    }
    lod = smax(e, lod, fixed8(e, cl));
  }
  lod = smin(e, smax(e, lod, min_lod), max_lod);
  uint32_t xy = usel(e, op2(e, SpvOpSLessThanEqual, BL, lod, zero), mag, min);
  uint32_t not_int = op1(e, SpvOpLogicalNot, BL, is_int);
  uint32_t linear = land(e, op2(e, SpvOpINotEqual, BL, band(e, xy, one), zero), not_int);
  uint32_t zlinear =
      sel(e, BL, ieq(e, zfilter, zero), linear, land(e, ieq(e, zfilter, cu32(e, 2)), not_int));
  uint32_t top_fixed = op2(e, SpvOpShiftLeftLogical, U32, sub(e, nlev, one), cu32(e, 8));
  uint32_t lc = smin(e, smax(e, lod, zero), top_fixed);
  /* the T#'s MIN_LOD (unsigned 4.8, in levels of the resource): at least it, relative to
   * BASE_LEVEL, at most the last level */
  uint32_t tmin = sub(e, tf(e, s.tw, IR_TSHARP_min_lod),
                      op2(e, SpvOpShiftLeftLogical, U32, base_level, cu32(e, 8)));
  lc = smin(e, smax(e, lc, tmin), top_fixed);
  if (get_lod) {
    /* x: the LOD the sample would use (the S#'s clamps and the levels'), y: the LOD before
     * the clamps (bias included), as f32 in levels; 0 for an image out of range */
    uint32_t r[2] = {lc, raw}, out[4] = {zero, zero, zero, zero};
    for (unsigned k = 0; k < 2; k++) {
      uint32_t v = fop(e, SpvOpFMul, op1(e, SpvOpConvertSToF, F32, r[k]), cf32(e, 0x1p-8f));
      out[k] = usel(e, in, asu(e, v), zero);
    }
    e->fenced = false;
    return spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
  }
  border_colour(e, &s, border_type, fone, in);
  uint32_t miplin = land(e, ieq(e, mipf, cu32(e, 2)), not_int);
  uint32_t lin0 = op2(e, SpvOpShiftRightLogical, U32, lc, cu32(e, 8));
  uint32_t pt0 = op2(e, SpvOpShiftRightLogical, U32, add(e, lc, cu32(e, 128)), cu32(e, 8));
  pt0 = usel(e, ult(e, sub(e, nlev, one), pt0), sub(e, nlev, one), pt0);
  uint32_t l0 = usel(e, miplin, lin0, usel(e, ieq(e, mipf, zero), zero, pt0));
  uint32_t fm = usel(e, miplin, band(e, lc, cu32(e, 255)), zero);
  uint32_t l1 = usel(e, ult(e, add(e, l0, one), nlev), add(e, l0, one), l0);
  /* absolute levels, kept below 16 (the address helper's levels) when not in range */
  uint32_t fifteen = cu32(e, 15);
  uint32_t a0 = usel(e, in, add(e, base_level, l0), zero),
           a1 = usel(e, in, add(e, base_level, l1), zero);
  a0 = usel(e, ult(e, fifteen, a0), fifteen, a0);
  a1 = usel(e, ult(e, fifteen, a1), fifteen, a1);
  uint32_t va[4], vb[4], c[4], out[4];
  struct spirv_format f32fmt = {.known = true,
                                .f = {.comps = 1, .bits = {32}, .cls = IR_BUF_FLOAT}};
  if (ins->op == IR_OP_image_gather || ins->op == IR_OP_image_gather_ex) {
    /* gather4: the level nearest the LOD (MIP_FILTER none: the base), the bilinear 2x2
     * footprint whatever the filter and format, component COMP of each texel after DST_SEL,
     * returned in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
    uint32_t g0 = usel(e, ieq(e, mipf, zero), zero, pt0);
    uint32_t ga = usel(e, in, add(e, base_level, g0), zero);
    ga = usel(e, ult(e, fifteen, ga), fifteen, ga);
    uint32_t v[2][2][2][4], fr[3], t = spv_const_bool(&e->b, true);
    footprint(e, &s, ga, t, t, v, fr);
    unsigned comp = (unsigned)__builtin_ctz((unsigned)(fl >> IR_IMAGE_DMASK_SHIFT) & 15);
    uint32_t ds = tf(e, s.tw, IR_TSHARP_dst_sel_x + comp);
    static const unsigned order[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}}; /* (x, y) */
    for (unsigned k = 0; k < 4; k++) {
      const uint32_t *tx = v[0][order[k][1]][order[k][0]];
      if (s.compare) { /* the four comparisons, no DST_SEL */
        uint32_t r = usel(e, in, tx[0], zero);
        out[k] = (fl & IR_IMAGE_D16) ? spirv_format_to_d16(e, &f32fmt, r) : r;
        continue;
      }
      uint32_t r = usel(e, ieq(e, ds, cu32(e, IR_SEL_1)), fone, zero);
      for (uint32_t j = 0; j < 4; j++)
        r = usel(e, land(e, in, ieq(e, ds, cu32(e, IR_SEL_X + j))), tx[j], r);
      out[k] = (fl & IR_IMAGE_D16) ? spirv_format_to_d16(e, &fmt, r) : r;
    }
    e->fenced = false;
    return spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
  }
  sample_level(e, &s, a0, linear, zlinear, va);
  sample_level(e, &s, a1, linear, zlinear, vb);
  struct weight wm = weight_of(e, fm);
  for (unsigned k = 0; k < 4; k++) c[k] = usel(e, in, combine(e, s.fmode, va[k], vb[k], wm), zero);
  if (s.compare) { /* the filtered comparison in every component, no DST_SEL */
    for (unsigned k = 0; k < 4; k++)
      out[k] = (fl & IR_IMAGE_D16) ? spirv_format_to_d16(e, &f32fmt, c[k]) : c[k];
    e->fenced = false;
    return spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
  }
  /* DST_SEL, as loads (outside: 0, SEL_1 one); D16 */
  for (unsigned k = 0; k < 4; k++) {
    uint32_t ds = tf(e, s.tw, IR_TSHARP_dst_sel_x + k);
    uint32_t v = usel(e, ieq(e, ds, cu32(e, IR_SEL_1)), fone, zero);
    for (uint32_t j = 0; j < 4; j++) v = usel(e, ieq(e, ds, cu32(e, IR_SEL_X + j)), c[j], v);
    out[k] = (fl & IR_IMAGE_D16) ? spirv_format_to_d16(e, &fmt, v) : v;
  }
  e->fenced = false;
  return spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
}
