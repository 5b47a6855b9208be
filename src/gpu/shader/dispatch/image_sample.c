/* image_sample and image_gather4 in the interpreter's image model: the sampling rules of the SPIR-V
 * back end (docs/shader-spirv.md, "Sampling"; spirv_emit_sample.c) in C, operation for operation in
 * the same order and precision so both give the same bits. */
#include <math.h>
#include <string.h>

#include "gpu/shader/dispatch/image_model.h"
#include "gpu/shader/dispatch/image_sample_cube.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_ssharp.h"
#include "gpu/shader/ir/ir_tsharp.h"

/* the products and sums below are single f32 operations, never fused */
#pragma STDC FP_CONTRACT OFF

/* The flags of the forms modelled: _lz, _l, _d (with _cl), _b (with derivatives), _o, _c;
 * get_lod: derivatives only. */
#define SAMPLE_FLAGS_OK                                                                   \
  (IR_IMAGE_DIM_MASK | IR_IMAGE_LOD | IR_IMAGE_LOD_ZERO | IR_IMAGE_UNORM | IR_IMAGE_D16 | \
   IR_IMAGE_OFFSET | IR_IMAGE_R128 | IR_IMAGE_COMPARE | IR_IMAGE_DERIV | IR_IMAGE_CLAMP | \
   IR_IMAGE_BIAS | (0xfull << IR_IMAGE_DMASK_SHIFT))
#define GET_LOD_FLAGS_OK                                                 \
  (IR_IMAGE_DIM_MASK | IR_IMAGE_UNORM | IR_IMAGE_R128 | IR_IMAGE_DERIV | \
   (0xfull << IR_IMAGE_DMASK_SHIFT))

static float f_of(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint32_t u_of(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* floor(P * 256) of P (NaN as 0, clamped to ±2^22): a coordinate or LOD in 1/256 steps */
static int32_t fixed8(float p) {
  if (p != p) p = 0.0f;
  if (p > 0x1p22f) p = 0x1p22f;
  if (p < -0x1p22f) p = -0x1p22f;
  float q = p * 256.0f;
  return (int32_t)floorf(q);
}

/* floor(128 · log2 X): 128 · the exponent plus seven bits of log2 of the significand m,
 * each by squaring m and halving it when it reaches 2; NaN 0, +inf 4096, zero and
 * denormals -4096 (docs/shader-spirv.md, "Sampling") */
static int32_t lod_of_rho2(float x) {
  if (x != x) return 0;
  uint32_t bits = u_of(x), ex = bits >> 23 & 255;
  if (ex == 255) return 4096;
  if (ex == 0 || bits >> 31) return -4096;
  float m = f_of((bits & 0x7fffffu) | 0x3f800000u);
  int32_t k = 0;
  for (unsigned j = 0; j < 7; j++) {
    m = m * m;
    bool ge = m >= 2.0f;
    if (ge) m = m * 0.5f;
    k = 2 * k + ge;
  }
  return ((int32_t)ex - 127) * 128 + k;
}

/* the texel index I of an axis of N texels under clamp mode MODE; true: the border */
static bool address(uint32_t mode, int32_t i, int32_t n, int32_t *out) {
  int32_t j = i < 0 ? -1 - i : i; /* mirrored once about 0 */
  switch (mode) {
    case IR_CLAMP_WRAP: *out = ((i % n) + n) % n; return false;
    case IR_CLAMP_MIRROR: {
      int32_t m = ((i % (2 * n)) + 2 * n) % (2 * n);
      *out = m < n ? m : 2 * n - 1 - m;
      return false;
    }
    case IR_CLAMP_LAST_TEXEL: *out = i < 0 ? 0 : i >= n ? n - 1 : i; return false;
    case IR_CLAMP_MIRROR_ONCE_LAST_TEXEL: *out = j >= n ? n - 1 : j; return false;
    case IR_CLAMP_HALF_BORDER: /* the coordinate was clamped (half_border_coord) */
    case IR_CLAMP_MIRROR_ONCE_HALF_BORDER:
    case IR_CLAMP_BORDER: *out = i < 0 || i >= n ? 0 : i; return i < 0 || i >= n;
    default: /* IR_CLAMP_MIRROR_ONCE_BORDER */ *out = j < n ? j : 0; return j >= n;
  }
}

/* A + (B - A) at 1/256 steps: A·(256 − F)/256 + B·F/256 (each product and the sum rounded
 * to f32); F == 0 gives A itself */
static float lerp8(float a, float b, int32_t f) {
  if (f == 0) return a;
  float wa = (float)(256 - f) * 0x1p-8f, wb = (float)f * 0x1p-8f;
  float pa = a * wa, pb = b * wb;
  return pa + pb;
}

/* the filter's combination of A and B at weight F of B (1/256 steps): the blend, or under
 * FILTER_MODE min / max A alone when F is 0 (B has weight 0), else the smaller / larger as
 * an ordered f32 comparison (B < A: B; a NaN keeps A) */
static float combine(unsigned mode, float a, float b, int32_t f) {
  if (mode == IR_FILTER_BLEND) return lerp8(a, b, f);
  if (f == 0) return a;
  bool take_b = mode == IR_FILTER_MIN ? b < a : b > a;
  return take_b ? b : a;
}

struct sampler {
  struct shader_image_model *m;
  const struct ir_tsharp *t;
  struct ir_ssharp s;
  struct ir_buffer_format f;
  struct shader_image_fmt sf; /* the T#'s format as the model reads it (image_model.h) */
  uint32_t bpe, one, bc;
  uint32_t bcol[4]; /* the border colour in memory components (border_colour) */
  bool fmt_ok, is_int, unnorm, is3d;
  unsigned axes; /* 1 (1D), 2, 3 (3D) */
  float co[3];   /* u, v, w */
  int32_t off[3];
  uint32_t slice; /* arrays: the physical layer */
  bool compare;   /* _c: each texel's x becomes 1.0 when REF FUNC x holds, else 0.0 */
  float ref;
  bool cube; /* a cube map (image_sample_cube.c): co the face coordinates, slice the face's */
  struct shader_cube cu;
};

/* REF FUNC D (SQ_TEX_DEPTH_COMPARE_*) as 1.0 or 0.0; NaN: only not-equal holds */
static float depth_compare(uint32_t func, float ref, float d) {
  bool r[8] = {false, ref<d, ref == d, ref <= d, ref> d, ref != d, ref >= d, true};
  return r[func & 7] ? 1.0f : 0.0f;
}

/* texel (x, y, z or slice) of absolute level L, or the border (memory components) */
static void texel(const struct sampler *sp, const int32_t i[3], const bool border[3], uint32_t l,
                  float out[4]) {
  if (border[0] || border[1] || border[2]) {
    for (unsigned k = 0; k < 4; k++) out[k] = f_of(sp->bcol[k]);
    return;
  }
  uint32_t c[4] = {0, 0, 0, 0};
  uint32_t z = sp->is3d ? (uint32_t)i[2] : sp->slice;
  shader_image_fetch(sp->m, sp->t, &sp->sf, (uint32_t)i[0], (uint32_t)i[1], z, l, c);
  for (unsigned k = 0; k < 4; k++) out[k] = f_of(c[k]);
}

/* The border colour in memory components (SP->bcol): transparent black, opaque black or
 * opaque white, or under BORDER_COLOR_TYPE 3 the table's entry BORDER_COLOR_PTR — four
 * dwords (red, green, blue, alpha) as stored at M->border_color_base + 16 ×
 * BORDER_COLOR_PTR (bits 47:0), read when READ; outside the window: 0 (as an unmapped
 * texel) — then BC_SWIZZLE's channel per component (ir_ssharp_bc_channel) */
static void border_colour(struct sampler *sp, bool read) {
  uint32_t rgb = sp->s.border_type == IR_BORDER_OPAQUE_WHITE ? sp->one : 0;
  uint32_t a = sp->s.border_type == IR_BORDER_TRANS_BLACK ? 0 : sp->one;
  uint32_t entry[4] = {0, 0, 0, 0};
  struct shader_image_model *m = sp->m;
  uint64_t g = (m->border_color_base + 16ull * sp->s.border_ptr) & 0xffffffffffffull;
  if (read && sp->s.border_type == IR_BORDER_REGISTER && g >= m->base && m->size >= 16 &&
      g - m->base <= m->size - 16)
    memcpy(entry, m->mem + (g - m->base), 16);
  for (unsigned k = 0; k < 4; k++) {
    unsigned ch = ir_ssharp_bc_channel[sp->bc][k];
    sp->bcol[k] = sp->s.border_type == IR_BORDER_REGISTER ? entry[ch] : ch == 3 ? a : rgb;
  }
}

/* texel (I, J) of SLICE (a cube's face) for shader_cube_texel */
static void cube_fetch(const void *ctx, uint32_t slice, int32_t i, int32_t j, uint32_t l,
                       float out[4]) {
  struct sampler sp = *(const struct sampler *)ctx;
  int32_t idx[3] = {i, j, 0};
  bool bd[3] = {false, false, false};
  sp.slice = slice;
  texel(&sp, idx, bd, l, out);
}

/* the texels of absolute level L around the coordinates (V[z][y][x]: memory components,
 * the border colour where the address mode gives it) and the weights FR per axis */
static void footprint(const struct sampler *sp, uint32_t l, bool linear, bool zlinear,
                      float v[2][2][2][4], int32_t fr[3]) {
  const struct ir_tsharp *t = sp->t;
  int32_t n[3] = {(int32_t)(t->width >> l ? t->width >> l : 1),
                  (int32_t)(t->height >> l ? t->height >> l : 1),
                  (int32_t)(t->depth >> l ? t->depth >> l : 1)};
  int32_t i0[3] = {0, 0, 0};
  fr[0] = fr[1] = fr[2] = 0;
  for (unsigned a = 0; a < sp->axes; a++) {
    bool lin = a == 2 ? zlinear : linear;
    float s = sp->co[a];
    if (!sp->unnorm) s = s * (float)n[a];
    /* the half-border modes (OpenGL's CLAMP and MIRROR_CLAMP_EXT): the coordinate in texels
     * (mirrored once: its magnitude) clamped to 0..n (a NaN kept), so a linear footprint
     * takes at most half a texel of border; a point axis's texel at most n - 1 */
    uint32_t mode = sp->s.clamp[a];
    bool half = mode == IR_CLAMP_HALF_BORDER || mode == IR_CLAMP_MIRROR_ONCE_HALF_BORDER;
    if (half) {
      if (mode == IR_CLAMP_MIRROR_ONCE_HALF_BORDER) s = fabsf(s);
      s = s < 0.0f ? 0.0f : s > (float)n[a] ? (float)n[a] : s;
    }
    if (lin) s = s - 0.5f;
    int32_t p = fixed8(s);
    if (half && p > n[a] * 256 - 1) p = n[a] * 256 - 1;
    p += sp->off[a] * 256;
    i0[a] = p >> 8;
    fr[a] = lin ? p & 255 : 0;
  }
  for (unsigned dz = 0; dz < 2; dz++)
    for (unsigned dy = 0; dy < 2; dy++)
      for (unsigned dx = 0; dx < 2; dx++) {
        int32_t idx[3] = {0, 0, 0};
        bool bd[3] = {false, false, false};
        unsigned d[3] = {dx, dy, dz};
        if (sp->cube && sp->cu.seamless) { /* across the faces' edges */
          shader_cube_texel(&sp->cu, i0[0] + (int32_t)dx, i0[1] + (int32_t)dy, n[0], l, linear,
                            sp->is_int, cube_fetch, sp, v[dz][dy][dx]);
        } else {
          for (unsigned a = 0; a < sp->axes; a++)
            bd[a] = address(sp->s.clamp[a], i0[a] + (int32_t)d[a], n[a], &idx[a]);
          texel(sp, idx, bd, l, v[dz][dy][dx]);
        }
        if (sp->compare)
          v[dz][dy][dx][0] = depth_compare(sp->s.depth_compare, sp->ref, v[dz][dy][dx][0]);
      }
}

/* the filtered value of absolute level L (LINEAR: the xy filter is bilinear) */
static void sample_level(const struct sampler *sp, uint32_t l, bool linear, bool zlinear,
                         float out[4]) {
  float v[2][2][2][4];
  int32_t fr[3];
  footprint(sp, l, linear, zlinear, v, fr);
  for (unsigned k = 0; k < (sp->compare ? 1u : 4u); k++) {
    float p[2];
    for (unsigned dz = 0; dz < 2; dz++) {
      float r0 = combine(sp->s.filter_mode, v[dz][0][0][k], v[dz][0][1][k], fr[0]);
      float r1 = combine(sp->s.filter_mode, v[dz][1][0][k], v[dz][1][1][k], fr[0]);
      p[dz] = combine(sp->s.filter_mode, r0, r1, fr[1]);
    }
    out[k] = combine(sp->s.filter_mode, p[0], p[1], fr[2]);
  }
  for (unsigned k = 1; sp->compare && k < 4; k++) out[k] = out[0];
}

/* D16 of a depth comparison's result (an f32) */
static uint32_t compare_d16(uint32_t v) {
  struct ir_buffer_format f32 = {.comps = 1, .bits = {32}, .cls = IR_BUF_FLOAT};
  return ir_buffer_to_d16(&f32, v);
}

bool shader_image_sample(struct shader_image_model *m, const struct ir_interp_image *op,
                         const struct ir_tsharp *t, uint32_t result[5]) {
  uint64_t fl = op->imm;
  unsigned dim = (unsigned)(fl & IR_IMAGE_DIM_MASK);
  bool gather = op->op == IR_OP_image_gather || op->op == IR_OP_image_gather_ex;
  unsigned dm = (unsigned)(fl >> IR_IMAGE_DMASK_SHIFT) & 15;
  bool get_lod = op->op == IR_OP_image_get_lod;
  if ((fl & ~(uint64_t)(get_lod ? GET_LOD_FLAGS_OK : SAMPLE_FLAGS_OK)) ||
      !(fl & (IR_IMAGE_LOD | IR_IMAGE_LOD_ZERO | IR_IMAGE_DERIV)) || dim >= 6 ||
      (dim == 3 && (fl & IR_IMAGE_OFFSET)) || (get_lod && !(fl & IR_IMAGE_DERIV)) ||
      ((fl & (IR_IMAGE_CLAMP | IR_IMAGE_BIAS)) && !(fl & IR_IMAGE_DERIV)) ||
      ((fl & IR_IMAGE_BIAS) && (fl & IR_IMAGE_CLAMP) && ir_image_clamp_slot(fl) < 0))
    return false; /* implicit LOD, clamp or bias without derivatives, offsets on a cube,
                     MSAA, status */
  if (gather && ((dim != 1 && dim != 3 && dim != 5) || !dm || (dm & (dm - 1))))
    return false; /* gather4 from 1D or 3D images, of several components */
  struct sampler sp = {.m = m, .t = t};
  ir_ssharp_decode(op->ssharp, &sp.s);
  /* S# settings not modelled: the reserved FILTER_MODE 3 and Z_FILTER value */
  if (sp.s.filter_mode == 3 || sp.s.z_filter == 3) return false;
  shader_image_fmt_of(t, &sp.sf);
  sp.f = sp.sf.f;
  sp.fmt_ok = sp.sf.ok;
  sp.bpe = sp.sf.bpe;
  sp.is_int = sp.f.cls == IR_BUF_UINT || sp.f.cls == IR_BUF_SINT;
  sp.one = ir_buffer_format_one(&sp.f);
  sp.bc = (op->tsharp[3] >> 25) & 7;
  sp.unnorm = (fl & IR_IMAGE_UNORM) || sp.s.force_unnormalized;
  sp.is3d = t->type == IR_TSHARP_3D;
  sp.axes = dim == 0 || dim == 4 ? 1 : dim == 2 ? 3 : 2;
  for (unsigned a = 0; a < 3; a++) sp.co[a] = f_of(op->coords[a]);
  sp.cube = dim == 3;
  if (sp.cube) { /* the face coordinates, normalised; the face's slice */
    bool seamless = !ir_ssharp_get(op->ssharp, IR_SSHARP_disable_cube_wrap);
    shader_cube_coords(t, sp.co, seamless, &sp.cu, sp.co);
    sp.unnorm = false;
    sp.slice = sp.cu.slice0 + sp.cu.face;
  }
  sp.compare = (fl & IR_IMAGE_COMPARE) != 0;
  sp.ref = f_of(op->extras[1]);
  /* UNORM formats and 32_FLOAT_CLAMP (140, a promoted 24-bit depth surface): the reference
   * clamped to 0..1 (a NaN kept) */
  if (sp.f.cls == IR_BUF_UNORM || t->format == 140)
    sp.ref = sp.ref < 0.0f ? 0.0f : sp.ref > 1.0f ? 1.0f : sp.ref;
  if (fl & IR_IMAGE_OFFSET)
    for (unsigned a = 0; a < 3; a++) /* 6-bit signed offsets at bits 5:0, 13:8, 21:16 */
      sp.off[a] = (int32_t)(op->extras[0] >> (8 * a) << 26) >> 26;
  struct ir_vsharp v = {0};
  memcpy(v.dst_sel, t->dst_sel, 4);
  uint32_t c[4] = {0, 0, 0, 0};
  bool in =
      sp.cube ? t->type == IR_TSHARP_CUBE && sp.cu.in
              : t->type >= IR_TSHARP_1D && t->type < IR_TSHARP_2D_MSAA && t->type != IR_TSHARP_CUBE;
  uint32_t top = t->last_level < t->levels - 1 ? t->last_level : t->levels - 1;
  in = in && t->base_level <= top && t->base_array < t->depth;
  if (t->type >= IR_TSHARP_1D && !sp.fmt_ok && t->format) /* not decoded: counted, read as 0 */
    shader_image_format_fault(m, t->format, op->pc, op->lane);
  if (in) {
    border_colour(&sp, true);
    uint32_t nlev = top - t->base_level + 1;
    /* the array layer: the coordinate rounded to nearest even, clamped to the layers */
    if (dim == 4 || dim == 5) {
      float a = sp.co[dim == 4 ? 1 : 2];
      if (a != a) a = 0.0f;
      a = a < 0.0f ? 0.0f : a > 65535.0f ? 65535.0f : a;
      uint32_t layer = (uint32_t)nearbyintf(a), last = t->depth - t->base_array - 1;
      sp.slice = t->base_array + (layer > last ? last : layer);
    }
    /* the LOD in 1/256 steps: the instruction's (0 for _lz) plus LOD_BIAS, clamped to
     * MIN_LOD..MAX_LOD; at or below 0 the magnification filter applies */
    int32_t lod = (fl & IR_IMAGE_LOD) ? fixed8(f_of(op->coords[3])) : 0;
    if (fl & IR_IMAGE_DERIV) {
      /* _d: rho² the larger of |d/dx|², |d/dy|², scaled by the base level's size */
      float rho[2];
      for (unsigned d = 0; d < 2; d++) {
        float sum = 0.0f;
        for (unsigned a = 0; a < sp.axes; a++) {
          uint32_t size = a == 0 ? t->width : a == 1 ? t->height : t->depth;
          uint32_t n = size >> t->base_level ? size >> t->base_level : 1;
          float g = f_of(op->extras[2 + 3 * d + a]);
          if (!sp.unnorm) g = g * (float)n;
          float g2 = g * g;
          sum = a ? sum + g2 : g2;
        }
        rho[d] = sum;
      }
      lod = lod_of_rho2(rho[1] > rho[0] ? rho[1] : rho[0]);
      if (sp.s.max_aniso && (sp.s.mag_filter > 1 || sp.s.min_filter > 1))
        return false; /* anisotropic filtering from derivatives: not modelled */
    }
    if (fl & IR_IMAGE_BIAS) lod += fixed8(f_of(op->coords[3])); /* _b, in 1/256 steps */
    lod += sp.s.lod_bias;
    int32_t raw = lod;
    if (fl & IR_IMAGE_CLAMP) { /* _cl: at least the instruction's clamp (_b_cl: in its slot) */
      uint32_t c = fl & IR_IMAGE_BIAS ? op->extras[ir_image_clamp_slot(fl)] : op->coords[3];
      int32_t cl = fixed8(f_of(c));
      lod = lod < cl ? cl : lod;
    }
    if (lod < sp.s.min_lod) lod = sp.s.min_lod;
    if (lod > sp.s.max_lod) lod = sp.s.max_lod;
    unsigned xy = lod <= 0 ? sp.s.mag_filter : sp.s.min_filter;
    bool linear = (xy & 1) && !sp.is_int;
    bool zlinear = sp.s.z_filter == 0 ? linear : sp.s.z_filter == 2 && !sp.is_int;
    int32_t top_fixed = (int32_t)(nlev - 1) * 256;
    int32_t lc = lod < 0 ? 0 : lod > top_fixed ? top_fixed : lod;
    /* the T#'s MIN_LOD (word 1 19:8, unsigned 4.8, in levels of the resource): the level
     * position is at least it, relative to BASE_LEVEL, and still at most the last level */
    int32_t tmin =
        (int32_t)ir_tsharp_get(op->tsharp, IR_TSHARP_min_lod) - (int32_t)t->base_level * 256;
    lc = lc < tmin ? tmin : lc;
    lc = lc > top_fixed ? top_fixed : lc;
    if (get_lod) { /* x: the LOD used (clamped), y: before the clamps; f32 in levels */
      memset(result, 0, 5 * sizeof *result);
      int32_t r[2] = {lc, raw};
      for (unsigned k = 0; k < 2; k++) {
        float v = (float)r[k] * 0x1p-8f;
        result[k] = u_of(v);
      }
      return true;
    }
    uint32_t l0 = 0, l1 = 0;
    int32_t fm = 0;
    if (sp.s.mip_filter == 2 && !sp.is_int) {
      l0 = (uint32_t)lc >> 8;
      fm = lc & 255;
      l1 = l0 + 1 < nlev ? l0 + 1 : l0;
    } else if (sp.s.mip_filter != 0) {
      l0 = (uint32_t)(lc + 128) >> 8;
      if (l0 > nlev - 1) l0 = nlev - 1;
    }
    if (gather) {
      /* the level nearest the LOD (MIP_FILTER none: the base), the bilinear footprint
       * whatever the filter and format; component COMP of each texel after DST_SEL, in the
       * order (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
      uint32_t g0 = 0;
      if (sp.s.mip_filter != 0) {
        g0 = (uint32_t)(lc + 128) >> 8;
        if (g0 > nlev - 1) g0 = nlev - 1;
      }
      float v[2][2][2][4];
      int32_t fr[3];
      footprint(&sp, t->base_level + g0, true, true, v, fr);
      unsigned comp = (unsigned)__builtin_ctz(dm);
      static const unsigned order[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}}; /* (x, y) */
      memset(result, 0, 5 * sizeof *result);
      uint8_t ds = t->dst_sel[comp];
      for (unsigned k = 0; k < 4; k++) {
        const float *tx = v[0][order[k][1]][order[k][0]];
        if (sp.compare) { /* the four comparisons, no DST_SEL */
          result[k] = fl & IR_IMAGE_D16 ? compare_d16(u_of(tx[0])) : u_of(tx[0]);
          continue;
        }
        uint32_t r = ds == IR_SEL_1 ? sp.one : 0;
        if (ds >= IR_SEL_X) memcpy(&r, &tx[ds - IR_SEL_X], 4);
        result[k] = fl & IR_IMAGE_D16 ? ir_buffer_to_d16(&sp.f, r) : r;
      }
      return true;
    }
    float a[4], b[4];
    sample_level(&sp, t->base_level + l0, linear, zlinear, a);
    if (fm) sample_level(&sp, t->base_level + l1, linear, zlinear, b);
    for (unsigned k = 0; k < 4; k++)
      c[k] = u_of(fm ? combine(sp.s.filter_mode, a[k], b[k], fm) : a[k]);
  }
  memset(result, 0, 5 * sizeof *result);
  if (get_lod) return true; /* an image out of range: 0 */
  if (sp.compare) {         /* the filtered comparison in every component, no DST_SEL */
    for (unsigned k = 0; k < 4; k++) result[k] = fl & IR_IMAGE_D16 ? compare_d16(c[0]) : c[0];
    return true;
  }
  if (gather) { /* outside: 0, or one for SEL_1 */
    uint32_t r = t->dst_sel[__builtin_ctz(dm)] == IR_SEL_1 ? sp.one : 0;
    for (unsigned k = 0; k < 4; k++) result[k] = fl & IR_IMAGE_D16 ? ir_buffer_to_d16(&sp.f, r) : r;
    return true;
  }
  ir_buffer_dst_sel(&v, &sp.f, in, c, result);
  for (unsigned k = 0; (fl & IR_IMAGE_D16) && k < 4; k++)
    result[k] = ir_buffer_to_d16(&sp.f, result[k]);
  return true;
}
