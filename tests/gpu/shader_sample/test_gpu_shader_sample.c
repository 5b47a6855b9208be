/* Image sampling on the Vulkan device (docs/shader-spirv.md, "Sampling").
 *
 * Each case lays out a texture in guest memory with the tiling library (linear and
 * swizzled, mips, arrays, 3D), fills its texels with values chosen here, describes it with
 * a T# and four S#s (every address mode, point / bilinear / per-axis filters, mip none /
 * point / linear, LOD bias and clamps, the three border colours, unnormalised
 * coordinates), and runs one kernel per variant (image_sample_l in wave32 and wave64,
 * image_sample_lz_o with texel offsets, image_sample_l with d16): every lane samples the
 * texture with the four S#s at its own coordinates and LOD. The expected values are
 * computed here in C from the sampling rules of the document (the texel selection, the
 * address modes, 1/256 coordinate and weight steps, f32 products and sums in a fixed
 * order), reading texels through the tiling library's element offsets and the formats'
 * definitions; the whole output window is also compared byte for byte with the IR
 * interpreter run with the C image model (shader_image_model). */
#include "xl_test_harness.h"

#include "float_bits.h"
#include "test_part.h"
#include "sample_rules.h"

#include <math.h>

#include "gpu/shader/dispatch/image_model.h"
#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/shader_memory.h"
#include "gpu/shader/ir/ir_ssharp.h"
#include "gpu/shader/ir/ir_tsharp.h"
#include "gpu/tiling/tiling.h"
#include "spv_check.h"
#include "vk_test_device.h"
#include "image_wave_run.h"

/* the expected values' products and sums are single f32 operations */
#pragma STDC FP_CONTRACT OFF

static vk_device *dev;

#define GBASE 0x200000000ull
#define GSIZE (8u << 20)
#define IO_OFF (6u << 20) /* coordinates: 32 bytes a lane; results at +4 KiB: 64 bytes a lane */
#define OUT_OFF (IO_OFF + 4096u)
#define FILL 0xa5u
/* the border colour table (BORDER_COLOR_TYPE 3): 4096 entries of 16 bytes */
#define TABLE_OFF (7u << 20)

enum cls { UNORM, FLOAT, UINT, SRGB };

struct tex_case {
  const char *name, *dim;
  unsigned mimg_dim; /* 0 1D, 1 2D, 2 3D, 4 1D array, 5 2D array */
  uint32_t type, mode, format, comps, bits;
  enum cls cls;
  uint32_t width, height, depth, levels, base_level, last_level, base_array, pbx;
  uint8_t sel[4];
  uint32_t bc; /* BC_SWIZZLE */
};

static const struct tex_case cases[] = {
    {"4kb_s_2d_rgba8_srgb",
     "SQ_RSRC_IMG_2D",
     1,
     IR_TSHARP_2D,
     TILING_SW_4KB_S,
     130,
     4,
     8,
     SRGB,
     11,
     7,
     1,
     3,
     0,
     2,
     0,
     0,
     {4, 5, 6, 7},
     0},
    {"linear_2d_rgba8_unorm",
     "SQ_RSRC_IMG_2D",
     1,
     IR_TSHARP_2D,
     TILING_SW_LINEAR,
     56,
     4,
     8,
     UNORM,
     13,
     9,
     1,
     4,
     0,
     3,
     0,
     0,
     {4, 5, 6, 7},
     0},
    {"4kb_s_2d_array_rgba16f",
     "SQ_RSRC_IMG_2D_ARRAY",
     5,
     IR_TSHARP_2D_ARRAY,
     TILING_SW_4KB_S,
     71,
     4,
     16,
     FLOAT,
     20,
     12,
     4,
     4,
     1,
     3,
     1,
     0,
     {4, 5, 6, 7},
     0},
    {"64kb_s_3d_r32f",
     "SQ_RSRC_IMG_3D",
     2,
     IR_TSHARP_3D,
     TILING_SW_64KB_S,
     22,
     1,
     32,
     FLOAT,
     9,
     7,
     5,
     3,
     0,
     2,
     0,
     0,
     {4, 4, 1, 1},
     0},
    {"linear_1d_r16_unorm",
     "SQ_RSRC_IMG_1D",
     0,
     IR_TSHARP_1D,
     TILING_SW_LINEAR,
     7,
     1,
     16,
     UNORM,
     37,
     1,
     1,
     2,
     0,
     1,
     0,
     0,
     {4, 0, 1, 4},
     0},
    {"64kb_r_x_2d_bgra8_unorm",
     "SQ_RSRC_IMG_2D",
     1,
     IR_TSHARP_2D,
     TILING_SW_64KB_R_X,
     56,
     4,
     8,
     UNORM,
     30,
     17,
     1,
     5,
     0,
     4,
     0,
     0x300,
     {6, 5, 4, 7},
     0},
    {"4kb_s_x_1d_array_rgba8_swapped",
     "SQ_RSRC_IMG_1D_ARRAY",
     4,
     IR_TSHARP_1D_ARRAY,
     TILING_SW_4KB_S_X,
     56,
     4,
     8,
     UNORM,
     40,
     1,
     3,
     2,
     0,
     1,
     0,
     0x500,
     {7, 6, 5, 4},
     2},
    {"4kb_d_2d_rgba8_uint",
     "SQ_RSRC_IMG_2D",
     1,
     IR_TSHARP_2D,
     TILING_SW_4KB_D,
     60,
     4,
     8,
     UINT,
     11,
     10,
     1,
     2,
     0,
     1,
     0,
     0,
     {4, 5, 6, 7},
     0},
};

/* The four samplers of every kernel. */
static const struct ir_ssharp samplers[4] = {
    {.clamp = {IR_CLAMP_WRAP, IR_CLAMP_WRAP, IR_CLAMP_WRAP},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .depth_compare = 1 /* less */},
    {.clamp = {IR_CLAMP_MIRROR, IR_CLAMP_LAST_TEXEL, IR_CLAMP_MIRROR_ONCE_LAST_TEXEL},
     .mag_filter = IR_XY_POINT,
     .min_filter = IR_XY_BILINEAR,
     .z_filter = 1,
     .mip_filter = 1,
     .min_lod = 64,
     .max_lod = 2 * 256 + 128,
     .lod_bias = 96,
     .depth_compare = 6 /* greater or equal */,
     .border_type = IR_BORDER_OPAQUE_BLACK},
    {.clamp = {IR_CLAMP_BORDER, IR_CLAMP_BORDER, IR_CLAMP_BORDER},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_POINT,
     .z_filter = 2,
     .mip_filter = 0,
     .max_lod = 15 * 256,
     .lod_bias = -200,
     .depth_compare = 5 /* not equal */,
     .border_type = IR_BORDER_OPAQUE_WHITE},
    {.clamp = {IR_CLAMP_MIRROR_ONCE_BORDER, IR_CLAMP_WRAP, IR_CLAMP_BORDER},
     .mag_filter = IR_XY_ANISO_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .force_unnormalized = true,
     .depth_compare = 3 /* less or equal */,
     .border_type = IR_BORDER_OPAQUE_BLACK},
};

/* The samplers of the reduction runs: FILTER_MODE min and max (the component-wise minimum
 * or maximum of the texels of nonzero weight, Vulkan's VK_SAMPLER_REDUCTION_MODE_MIN/MAX,
 * which radv writes into this field) with the filters, mips and address modes above, and
 * the half-border address modes (OpenGL's CLAMP and MIRROR_CLAMP_EXT, radeonsi's mapping)
 * with min and with the blend. */
static const struct ir_ssharp samplers_minmax[4] = {
    {.clamp = {IR_CLAMP_WRAP, IR_CLAMP_WRAP, IR_CLAMP_WRAP},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .filter_mode = IR_FILTER_MIN,
     .depth_compare = 1},
    {.clamp = {IR_CLAMP_MIRROR, IR_CLAMP_LAST_TEXEL, IR_CLAMP_MIRROR_ONCE_LAST_TEXEL},
     .mag_filter = IR_XY_POINT,
     .min_filter = IR_XY_BILINEAR,
     .z_filter = 2,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .lod_bias = 40,
     .filter_mode = IR_FILTER_MAX,
     .depth_compare = 4,
     .border_type = IR_BORDER_OPAQUE_WHITE},
    {.clamp = {IR_CLAMP_MIRROR_ONCE_HALF_BORDER, IR_CLAMP_HALF_BORDER, IR_CLAMP_BORDER},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 1,
     .max_lod = 15 * 256,
     .filter_mode = IR_FILTER_MIN,
     .depth_compare = 6,
     .border_type = IR_BORDER_TRANS_BLACK},
    {.clamp = {IR_CLAMP_HALF_BORDER, IR_CLAMP_MIRROR_ONCE_HALF_BORDER, IR_CLAMP_HALF_BORDER},
     .mag_filter = IR_XY_POINT,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .depth_compare = 3,
     .border_type = IR_BORDER_OPAQUE_BLACK},
};

/* The samplers of the border colour table runs: BORDER_COLOR_TYPE 3, the colour at entry
 * BORDER_COLOR_PTR of the table at TA_CS_BC_BASE_ADDR (the kernel's border base), with the
 * border address modes under the bilinear filter (a texel at the edge blends with the
 * border colour), the half-border modes, a point filter and unnormalised coordinates. */
static const struct ir_ssharp samplers_table[4] = {
    {.clamp = {IR_CLAMP_BORDER, IR_CLAMP_BORDER, IR_CLAMP_BORDER},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .z_filter = 2,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .border_type = IR_BORDER_REGISTER,
     .border_ptr = 5},
    {.clamp = {IR_CLAMP_MIRROR_ONCE_BORDER, IR_CLAMP_BORDER, IR_CLAMP_HALF_BORDER},
     .mag_filter = IR_XY_POINT,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 1,
     .max_lod = 15 * 256,
     .border_type = IR_BORDER_REGISTER,
     .border_ptr = 4095},
    {.clamp = {IR_CLAMP_HALF_BORDER, IR_CLAMP_BORDER, IR_CLAMP_WRAP},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_POINT,
     .mip_filter = 0,
     .max_lod = 15 * 256,
     .border_type = IR_BORDER_REGISTER,
     .border_ptr = 0},
    {.clamp = {IR_CLAMP_BORDER, IR_CLAMP_MIRROR_ONCE_BORDER, IR_CLAMP_BORDER},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .force_unnormalized = true,
     .border_type = IR_BORDER_REGISTER,
     .border_ptr = 300},
};

/* the samplers and the T#'s MIN_LOD (unsigned 4.8) of the current run; the border colour
 * table's guest address (0: none written, 0 is outside the window) */
static const struct ir_ssharp *cur_samplers = samplers;
static uint32_t cur_tmin;
static uint64_t cur_table;
/* the footprint texels the C rules took from the table in the current run (of weight 0
 * too): the runs must reach it */
static unsigned table_texels;

static uint32_t rng = 4242;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}
static uint32_t lsize(uint32_t s, uint32_t l) { return s >> l ? s >> l : 1; }

/* binary16 -> f32 (exact) and f32 -> binary16 (nearest even; finite values here) */
static uint32_t half_of(float x) {
  uint32_t s = f2u(x) >> 16 & 0x8000;
  if (isnan(x)) return s | 0x7e00;
  double a = fabs((double)x);
  if (a >= 65520.0) return s | 0x7c00;
  if (a < 0x1p-14) return s | (uint32_t)nearbyint(a * 0x1p24);
  int ex;
  frexp(a, &ex);
  int e = ex - 1;
  double m = nearbyint(ldexp(a, 10 - e));
  if (m >= 2048) {
    m /= 2;
    e++;
  }
  if (e > 15) return s | 0x7c00;
  return s | (uint32_t)(e + 15) << 10 | ((uint32_t)m - 1024);
}

/* ---- the sampling rules, written from the document ------------------------------------ */

struct ref {
  const float *deriv; /* _d: d/dx x y z, d/dy x y z; NULL: the LOD is given */
  bool clamp;         /* _cl: co[3] is the LOD clamp */
  bool has_bias;      /* _b: BIAS is added to the LOD from the derivatives */
  float bias;
  bool get_lod; /* image_get_lod: (clamped LOD, LOD before the clamps, 0, 0) */
  bool compare; /* _c: texel x becomes 1.0 when REF FUNC x holds, else 0.0 */
  float ref;
  const struct tex_case *c;
  const struct tiling_layout *lay;
  const uint8_t *tex;    /* the texture's bytes (offset 0 = the T# base without the XOR) */
  uint32_t tmin;         /* the T#'s MIN_LOD, 4.8 in levels of the resource */
  const uint32_t *table; /* the border colour table's dwords (NULL: not in memory, reads 0) */
};

/* the value of a component's raw bits R (as f32 bits, or the integer) */
static uint32_t comp_value(const struct tex_case *c, unsigned k, uint32_t r) {
  if (c->cls == UINT) return r;
  if (c->cls == SRGB && k < 3) { /* the sRGB EOTF (IEC 61966-2-1) of r/255, before filtering */
    double v = r / 255.0;
    return f2u((float)(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)));
  }
  if (c->cls == FLOAT) return c->bits == 16 ? f2u(float_of_finite_half(r)) : r;
  return f2u((float)r / (float)((1u << c->bits) - 1));
}

/* memory components of element (x, y, z) of absolute level L */
static void element(const struct ref *rf, uint32_t x, uint32_t y, uint32_t z, uint32_t l,
                    uint32_t out[4]) {
  const struct tex_case *c = rf->c;
  uint64_t off = tiling_element_offset(rf->lay, l, x, y, z, 0);
  for (unsigned k = 0; k < 4; k++) {
    uint32_t r = 0;
    if (k < c->comps) memcpy(&r, rf->tex + off + k * c->bits / 8, c->bits / 8);
    out[k] = k < c->comps ? comp_value(c, k, r) : k == 3 ? (c->cls == UINT ? 1 : f2u(1.0f)) : 0;
  }
}

/* the value of one level: per axis the coordinate in texels (times the level's size unless
 * unnormalised, minus 0.5 when linear), in 1/256 steps plus the offset; the texel below and
 * the one above with the fraction as the weight; row by row, then plane by plane */
static void ref_texels(const struct ref *rf, const struct ir_ssharp *s, const float co[3],
                       const int32_t off[3], uint32_t slice, uint32_t l, bool lin_xy, bool lin_z,
                       float t[2][2][2][4], int32_t w[3]) {
  const struct tex_case *c = rf->c;
  unsigned axes = c->mimg_dim == 0 || c->mimg_dim == 4 ? 1 : c->mimg_dim == 2 ? 3 : 2;
  int32_t n[3] = {(int32_t)lsize(c->width, l), (int32_t)lsize(c->height, l),
                  (int32_t)lsize(c->depth, l)};
  int32_t lo[3] = {0, 0, 0};
  w[0] = w[1] = w[2] = 0;
  for (unsigned a = 0; a < axes; a++) {
    bool lin = a == 2 ? lin_z : lin_xy;
    float t = s->force_unnormalized ? co[a] : co[a] * (float)n[a];
    /* half border: the texel coordinate (mirror once: |t|) within 0..n, a point texel's
     * position below n */
    bool half =
        s->clamp[a] == IR_CLAMP_HALF_BORDER || s->clamp[a] == IR_CLAMP_MIRROR_ONCE_HALF_BORDER;
    if (half && s->clamp[a] == IR_CLAMP_MIRROR_ONCE_HALF_BORDER) t = fabsf(t);
    if (half && !isnan(t)) t = fminf(fmaxf(t, 0.0f), (float)n[a]);
    if (lin) t = t - 0.5f;
    int32_t q = steps(t);
    if (half && q >= n[a] * 256) q = n[a] * 256 - 1;
    q += off[a] * 256;
    lo[a] = q >> 8;
    w[a] = lin ? q & 255 : 0;
  }
  uint32_t rgb = s->border_type == IR_BORDER_OPAQUE_WHITE ? f2u(1.0f) : 0;
  uint32_t alpha = s->border_type == IR_BORDER_TRANS_BLACK ? 0 : f2u(1.0f);
  if (c->cls == UINT) rgb = rgb ? 1 : 0, alpha = alpha ? 1 : 0;
  static const unsigned alpha_at[6] = {3, 1, 0, 0, 3, 2}; /* BC_SWIZZLE: alpha's component */
  /* BC_SWIZZLE XYZW, XWYZ, WZYX, WXYZ, ZYXW, YXWZ: the border channel (0 red .. 3 alpha)
   * each memory component x, y, z, w takes */
  static const unsigned channel[6][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {3, 2, 1, 0},
                                         {3, 0, 1, 2}, {2, 1, 0, 3}, {1, 0, 3, 2}};
  for (unsigned z = 0; z < 2; z++)
    for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++) {
        int32_t ix = wrap_mode(s->clamp[0], lo[0] + (int32_t)x, n[0]);
        int32_t iy = axes >= 2 ? wrap_mode(s->clamp[1], lo[1] + (int32_t)y, n[1]) : 0;
        int32_t iz = axes == 3 ? wrap_mode(s->clamp[2], lo[2] + (int32_t)z, n[2]) : 0;
        uint32_t v[4];
        if ((ix < 0 || iy < 0 || iz < 0) && s->border_type == IR_BORDER_REGISTER) {
          /* the table's entry: red, green, blue, alpha dwords as stored */
          table_texels++;
          for (unsigned k = 0; k < 4; k++)
            v[k] = rf->table ? rf->table[4 * s->border_ptr + channel[c->bc][k]] : 0;
        } else if (ix < 0 || iy < 0 || iz < 0) {
          for (unsigned k = 0; k < 4; k++) v[k] = k == alpha_at[c->bc] ? alpha : rgb;
        } else {
          element(rf, (uint32_t)ix, (uint32_t)iy, axes == 3 ? (uint32_t)iz : slice, l, v);
        }
        if (rf->compare) { /* SQ_TEX_DEPTH_COMPARE_*: ref FUNC texel */
          float d = u2f(v[0]), r = rf->ref;
          bool pass[8] = {false, r<d, r == d, r <= d, r> d, r != d, r >= d, true};
          v[0] = pass[s->depth_compare] ? f2u(1.0f) : 0;
        }
        for (unsigned k = 0; k < 4; k++) t[z][y][x][k] = u2f(v[k]);
      }
}

static void ref_level(const struct ref *rf, const struct ir_ssharp *s, const float co[3],
                      const int32_t off[3], uint32_t slice, uint32_t l, bool lin_xy, bool lin_z,
                      uint32_t out[4]) {
  float t[2][2][2][4];
  int32_t w[3];
  ref_texels(rf, s, co, off, slice, l, lin_xy, lin_z, t, w);
  if (s->filter_mode) { /* min / max over the texels whose weight is not zero: per axis the
                           lower texel always, the upper one when its fraction is not 0 */
    for (unsigned k = 0; k < 4; k++) {
      float m = t[0][0][0][k];
      for (unsigned z = 0; z < 2; z++)
        for (unsigned y = 0; y < 2; y++)
          for (unsigned x = 0; x < 2; x++)
            if ((!x || w[0]) && (!y || w[1]) && (!z || w[2]))
              m = s->filter_mode == IR_FILTER_MIN ? fminf(m, t[z][y][x][k])
                                                  : fmaxf(m, t[z][y][x][k]);
      out[k] = f2u(m);
    }
    return;
  }
  for (unsigned k = 0; k < 4; k++) {
    float p0 = lerp256(lerp256(t[0][0][0][k], t[0][0][1][k], w[0]),
                       lerp256(t[0][1][0][k], t[0][1][1][k], w[0]), w[1]);
    float p1 = lerp256(lerp256(t[1][0][0][k], t[1][0][1][k], w[0]),
                       lerp256(t[1][1][0][k], t[1][1][1][k], w[0]), w[1]);
    out[k] = f2u(lerp256(p0, p1, w[2]));
  }
}

/* one sample: LOD (in 1/256 steps, with the S#'s bias and clamps), the filters it selects,
 * the level(s), then DST_SEL */
static void ref_sample(const struct ref *rf, const struct ir_ssharp *s, const float co[4],
                       bool has_lod, const int32_t off[3], int gather, uint32_t out[4]) {
  const struct tex_case *c = rf->c;
  bool is_int = c->cls == UINT;
  uint32_t nlev = c->last_level - c->base_level + 1;
  uint32_t slice = 0;
  if (c->mimg_dim == 4 || c->mimg_dim == 5) {
    float a = co[c->mimg_dim == 4 ? 1 : 2];
    a = isnan(a) ? 0.0f : fminf(fmaxf(a, 0.0f), 65535.0f);
    uint32_t layer = (uint32_t)nearbyintf(a), layers = c->depth - c->base_array;
    slice = c->base_array + (layer < layers ? layer : layers - 1);
  }
  int32_t lod = has_lod ? steps(co[3]) : 0;
  if (rf->deriv) { /* rho²: the larger squared length of the scaled derivatives */
    unsigned axes = c->mimg_dim == 0 || c->mimg_dim == 4 ? 1 : c->mimg_dim == 2 ? 3 : 2;
    uint32_t size[3] = {lsize(c->width, c->base_level), lsize(c->height, c->base_level),
                        lsize(c->depth, c->base_level)};
    float r[2] = {0.0f, 0.0f};
    for (unsigned d = 0; d < 2; d++)
      for (unsigned a = 0; a < axes; a++) {
        float g = rf->deriv[3 * d + a];
        if (!s->force_unnormalized) g = g * (float)size[a];
        float g2 = g * g;
        r[d] = a ? r[d] + g2 : g2;
      }
    lod = lod_steps(r[1] > r[0] ? r[1] : r[0]);
  }
  if (rf->has_bias) lod += steps(rf->bias); /* _b: the bias in 1/256 steps */
  lod += s->lod_bias;
  int32_t raw = lod;
  if (rf->clamp && lod < steps(co[3])) lod = steps(co[3]); /* _cl: at least the clamp */
  lod = lod < s->min_lod ? s->min_lod : lod;
  lod = lod > s->max_lod ? s->max_lod : lod;
  bool lin = ((lod <= 0 ? s->mag_filter : s->min_filter) & 1) && !is_int;
  bool lin_z = s->z_filter == 0 ? lin : s->z_filter == 2 && !is_int;
  int32_t lc = lod < 0 ? 0 : lod > (int32_t)(nlev - 1) * 256 ? (int32_t)(nlev - 1) * 256 : lod;
  /* the T#'s MIN_LOD: the level position (absolute, 1/256 steps) at least MIN_LOD, then at
   * most the last level */
  int32_t apos = (int32_t)c->base_level * 256 + lc;
  if (apos < (int32_t)rf->tmin) apos = (int32_t)rf->tmin;
  lc = apos - (int32_t)c->base_level * 256;
  if (lc > (int32_t)(nlev - 1) * 256) lc = (int32_t)(nlev - 1) * 256;
  if (rf->get_lod) { /* levels as f32: the clamped LOD, the one before the clamps */
    out[0] = f2u((float)lc / 256.0f);
    out[1] = f2u((float)raw / 256.0f);
    out[2] = out[3] = 0;
    return;
  }
  uint32_t l0 = 0, l1 = 0;
  int32_t wm = 0;
  if (s->mip_filter == 2 && !is_int) {
    l0 = (uint32_t)lc / 256;
    wm = lc % 256;
    l1 = l0 + 1 < nlev ? l0 + 1 : l0;
  } else if (s->mip_filter) {
    l0 = (uint32_t)(lc + 128) / 256;
    l0 = l0 < nlev ? l0 : nlev - 1;
  }
  uint32_t one = is_int ? 1 : f2u(1.0f);
  if (gather >= 0) {
    /* gather4: the nearest level (none: the base), the 2x2 texels of a bilinear footprint,
     * component GATHER after DST_SEL of (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
    uint32_t g = s->mip_filter ? (uint32_t)(lc + 128) / 256 : 0;
    g = g < nlev ? g : nlev - 1;
    float t[2][2][2][4];
    int32_t w[3];
    ref_texels(rf, s, co, off, slice, c->base_level + g, true, true, t, w);
    static const unsigned xs[4] = {0, 1, 1, 0}, ys[4] = {1, 1, 0, 0};
    uint8_t sel = c->sel[gather];
    for (unsigned k = 0; k < 4; k++)
      out[k] = rf->compare ? f2u(t[0][ys[k]][xs[k]][0])
               : sel == 0  ? 0
               : sel == 1  ? one
                           : f2u(t[0][ys[k]][xs[k]][sel - 4]);
    return;
  }
  uint32_t a[4], b[4], m[4];
  ref_level(rf, s, co, off, slice, c->base_level + l0, lin, lin_z, a);
  ref_level(rf, s, co, off, slice, c->base_level + l1, lin, lin_z, b);
  for (unsigned k = 0; k < 4; k++) /* min / max: the second level only at nonzero weight */
    m[k] = !s->filter_mode                   ? f2u(lerp256(u2f(a[k]), u2f(b[k]), wm))
           : !wm                             ? a[k]
           : s->filter_mode == IR_FILTER_MIN ? f2u(fminf(u2f(a[k]), u2f(b[k])))
                                             : f2u(fmaxf(u2f(a[k]), u2f(b[k])));
  for (unsigned k = 0; k < 4; k++) /* _c: the filtered comparison everywhere, no DST_SEL */
    out[k] = rf->compare ? m[0] : c->sel[k] == 0 ? 0 : c->sel[k] == 1 ? one : m[c->sel[k] - 4];
}

/* ---- the runs ------------------------------------------------------------------------- */

struct variant {
  const char *name, *op; /* the instruction: image_sample_l, image_sample_lz_o, ... */
  bool lod, offset, d16;
  unsigned wave;
  bool gather;   /* image_gather4*: sampler k gathers component k (dmask 1 << k) */
  bool compare;  /* _c: the depth reference before the coordinates */
  bool deriv;    /* _d: d/dx and d/dy before the coordinates */
  bool clamp;    /* _cl: the LOD clamp after the coordinates */
  bool implicit; /* no LOD: the derivatives come from the lane's quad */
  uint64_t exec; /* nonzero: the kernel runs the samples under this EXEC (inactive lanes
                    keep 0.5 in every address VGPR) */
  bool bias;     /* _b: the bias after the offset (implicit LOD) */
  bool coarse;   /* _cd: every lane takes its quad's top-left lane's derivatives */
  bool get_lod;  /* image_get_lod (implicit): x clamped, y unclamped, z w 0 */
};

static const struct variant variants[] = {
    {"l", "image_sample_l", true, false, false, 32},
    {"l", "image_sample_l", true, false, false, 64},
    {"lz_o", "image_sample_lz_o", false, true, false, 32},
    {"l_d16", "image_sample_l", true, false, true, 32},
    {"gather4_lz", "image_gather4_lz", false, false, false, 32, true},
    {"gather4_l_o", "image_gather4_l_o", true, true, false, 64, true},
    {"gather4_lz_d16", "image_gather4_lz", false, false, true, 32, true},
    {"c_l", "image_sample_c_l", true, false, false, 32, false, true},
    {"c_lz_o", "image_sample_c_lz_o", false, true, false, 64, false, true},
    {"c_l_d16", "image_sample_c_l", true, false, true, 32, false, true},
    {"gather4_c_lz", "image_gather4_c_lz", false, false, false, 32, true, true},
    {"d", "image_sample_d", false, false, false, 32, false, false, true},
    {"c_d_o", "image_sample_c_d_o", false, true, false, 64, false, true, true},
    {"d_cl", "image_sample_d_cl", false, false, false, 32, false, false, true, true},
    {"implicit", "image_sample", false, false, false, 32, false, false, false, false, true,
     0xfd7ff7f6ull},
    {"implicit", "image_sample", false, false, false, 64, false, false, false, false, true,
     0x7fffbfff6fffffffull},
    {"c_implicit", "image_sample_c", false, false, false, 32, false, true, false, false, true},
    {"gather4_implicit", "image_gather4", false, false, false, 64, true, false, false, false, true,
     0xffff0fffffff7ff9ull},
    {"cl_implicit", "image_sample_cl", false, false, false, 32, false, false, false, true, true},
    {"b_implicit", "image_sample_b", .wave = 32, .implicit = true, .bias = true,
     .exec = 0xfd7ff7f6ull},
    {"c_b_cl_o_implicit", "image_sample_c_b_cl_o", .wave = 64, .implicit = true, .bias = true,
     .clamp = true, .compare = true, .offset = true},
    {"gather4_b_cl", "image_gather4_b_cl", .wave = 64, .gather = true, .implicit = true,
     .bias = true, .clamp = true},
    {"cd", "image_sample_cd", .wave = 32, .deriv = true, .coarse = true, .exec = 0xfd7ff7f6ull},
    {"cd_cl", "image_sample_cd_cl", .wave = 64, .deriv = true, .coarse = true, .clamp = true},
    {"get_lod", "image_get_lod", .wave = 32, .implicit = true, .get_lod = true,
     .exec = 0xfd7ff7f6ull},
    {"b_cl_implicit", "image_sample_b_cl", .wave = 32, .implicit = true, .bias = true,
     .clamp = true},
};

/* d/dx x y z, d/dy x y z of lane L from its quad (lanes 4k..4k+3: top left, top right,
 * bottom left, bottom right; one pair per quad): TR - TL and BL - TL of the coordinates the
 * dimension differentiates (the rule of docs/shader-spirv.md "Sampling") */
static void quad_derivs(float co[64][4], unsigned l, unsigned ng, float d[6]) {
  unsigned q = l & ~3u;
  for (unsigned k = 0; k < 3; k++) {
    d[k] = k < ng ? co[q + 1][k] - co[q][k] : 0.0f;
    d[3 + k] = k < ng ? co[q + 2][k] - co[q][k] : 0.0f;
  }
}

static const char *kernel(const struct tex_case *c, const struct variant *v) {
  static char src[4096];
  unsigned nc = c->mimg_dim == 0 ? 1 : c->mimg_dim == 1 || c->mimg_dim == 4 ? 2 : 3;
  unsigned ng = c->mimg_dim == 2 ? 3 : c->mimg_dim == 1 || c->mimg_dim == 5 ? 2 : 1;
  unsigned n = nc + v->lod + v->clamp + v->offset + v->bias + v->compare + (v->deriv ? 2 * ng : 0),
           dw = v->d16 ? 2 : 4;
  char addr[16], res[4][16];
  if (n == 1) snprintf(addr, sizeof addr, "v2");
  else snprintf(addr, sizeof addr, "v[2:%u]", 1 + n);
  for (unsigned k = 0; k < 4; k++)
    snprintf(res[k], sizeof res[k], "v[%u:%u]", 14 + 4 * k, 13 + 4 * k + dw);
  int at = snprintf(src, sizeof src,
                    "v_lshlrev_b32 v1, 6, v0\n"
                    "global_load_dwordx4 v[2:5], v1, s[24:25]\n"
                    "global_load_dwordx4 v[6:9], v1, s[24:25] offset:16\n"
                    "global_load_dwordx4 v[10:13], v1, s[24:25] offset:32\n"
                    "s_waitcnt vmcnt(0)\n");
  if (v->exec) { /* the address VGPRs of the inactive lanes hold 0.5 */
    at = 0;
    for (unsigned r = 2; r < 14; r++)
      at += snprintf(src + at, sizeof src - (size_t)at, "v_mov_b32 v%u, 0.5\n", r);
    at +=
        snprintf(src + at, sizeof src - (size_t)at, "s_mov_b32 exec_lo, 0x%x\n", (uint32_t)v->exec);
    if (v->wave == 64)
      at += snprintf(src + at, sizeof src - (size_t)at, "s_mov_b32 exec_hi, 0x%x\n",
                     (uint32_t)(v->exec >> 32));
    at += snprintf(src + at, sizeof src - (size_t)at,
                   "v_lshlrev_b32 v1, 6, v0\n"
                   "global_load_dwordx4 v[2:5], v1, s[24:25]\n"
                   "global_load_dwordx4 v[6:9], v1, s[24:25] offset:16\n"
                   "global_load_dwordx4 v[10:13], v1, s[24:25] offset:32\n"
                   "s_waitcnt vmcnt(0)\n");
  }
  for (unsigned k = 0; k < 4; k++)
    at += snprintf(src + at, sizeof src - (size_t)at,
                   "%s %s, %s, s[0:7], s[%u:%u] dmask:0x%x dim:%s%s\n", v->op, res[k], addr,
                   8 + 4 * k, 11 + 4 * k, v->gather ? 1u << k : 0xfu, c->dim, v->d16 ? " d16" : "");
  at +=
      snprintf(src + at, sizeof src - (size_t)at, "s_waitcnt vmcnt(0)\nv_lshlrev_b32 v30, 6, v0\n");
  for (unsigned k = 0; k < 4; k++)
    at += snprintf(src + at, sizeof src - (size_t)at,
                   "global_store_dwordx%u v30, v[%u:%u], s[26:27] offset:%u\n", dw, 14 + 4 * k,
                   13 + 4 * k + dw, 16 * k);
  snprintf(src + at, sizeof src - (size_t)at, "s_endpgm\n");
  return src;
}

/* fills every element of the texture with values of its class (finite floats, no
 * denormals) */
static void fill_texture(const struct tex_case *c, const struct tiling_layout *lay, uint8_t *tex) {
  bool is3d = c->type == IR_TSHARP_3D;
  for (uint32_t l = 0; l < c->levels; l++) {
    uint32_t w = lsize(c->width, l), h = lsize(c->height, l);
    uint32_t ns = is3d ? lsize(c->depth, l) : c->depth;
    for (uint32_t z = 0; z < ns; z++)
      for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
          uint64_t off = tiling_element_offset(lay, l, x, y, z, 0);
          for (unsigned k = 0; k < c->comps; k++) {
            uint32_t v = rnd();
            if (c->cls == FLOAT && c->bits == 16) /* exponents 10..16: 2^-5 .. 2^2 */
              v = (v & 0x8000) | ((10 + v % 7) << 10) | (v >> 8 & 1023);
            if (c->cls == FLOAT && c->bits == 32)
              v = f2u((float)((int32_t)(v % 20001) - 10000) / 1024.0f);
            memcpy(tex + off + k * c->bits / 8, &v, c->bits / 8);
          }
        }
  }
}

static void run_case(const struct tex_case *c, const struct variant *v) {
  if (!test_part_mine()) return; /* another ctest part runs this one */
  unsigned wave = v->wave;
  uint32_t bpe = c->comps * c->bits / 8;
  bool is3d = c->type == IR_TSHARP_3D;
  struct tiling_surface surf = {.mode = c->mode,
                                .bpe = bpe,
                                .width = c->width,
                                .height = c->height,
                                .depth = c->depth,
                                .levels = c->levels,
                                .fragments = 1,
                                .dim = is3d ? TILING_DIM_3D : TILING_DIM_2D,
                                .pipe_bank_xor = c->pbx};
  struct tiling_layout lay;
  assert_true(tiling_compute_layout(&surf, &lay));
  assert_true(lay.size < IO_OFF);
  struct ir_tsharp t = {.base = GBASE + c->pbx,
                        .format = c->format,
                        .type = c->type,
                        .sw_mode = c->mode,
                        .width = c->width,
                        .height = c->height,
                        .depth = c->depth,
                        .base_array = c->base_array,
                        .base_level = c->base_level,
                        .last_level = c->last_level,
                        .levels = c->levels};
  memcpy(t.dst_sel, c->sel, 4);
  uint32_t ts[8], ss[4][4];
  ir_tsharp_encode(&t, ts);
  ir_tsharp_set(ts, IR_TSHARP_bc_swizzle, c->bc);
  ir_tsharp_set(ts, IR_TSHARP_min_lod, cur_tmin);
  for (unsigned k = 0; k < 4; k++) ir_ssharp_encode(&cur_samplers[k], ss[k]);

  uint8_t *mem = malloc(GSIZE);
  assert_non_null(mem);
  memset(mem, FILL, GSIZE);
  fill_texture(c, &lay, mem);
  /* the border colour table: entries of the texture's result type (f32 for the float and
   * normalised formats, integers for UINT), each entry's dwords distinct */
  assert_true(lay.size <= TABLE_OFF);
  uint32_t *table = (uint32_t *)(mem + TABLE_OFF);
  for (uint32_t i = 0; i < 4096 * 4; i++)
    table[i] = c->cls == UINT ? 100000u + 7u * i : f2u((float)((int32_t)(i % 97) - 40) / 8.0f);
  image_wave_border_base = cur_table;
  table_texels = 0;
  uint32_t *co = (uint32_t *)(mem + IO_OFF);
  float lanes_co[64][4];
  int32_t lanes_off[64][3];
  float lanes_ref[64], lanes_d[64][6], lanes_bias[64];
  unsigned nc = c->mimg_dim == 0 ? 1 : c->mimg_dim == 1 || c->mimg_dim == 4 ? 2 : 3;
  uint32_t nlev = c->last_level - c->base_level + 1, layers = c->depth - c->base_array;
  for (unsigned l = 0; l < wave; l++) {
    float *p = lanes_co[l];
    for (unsigned k = 0; k < 3; k++) p[k] = (float)((int32_t)(rnd() % 4001) - 1500) / 1000.0f;
    if (c->mimg_dim == 4 || c->mimg_dim == 5) /* the layer: halves from -1 to layers + 0.5 */
      p[nc - 1] = (float)(rnd() % (2 * layers + 4)) * 0.5f - 1.0f;
    p[3] = (float)(rnd() % ((nlev + 1) * 16)) / 16.0f - 1.0f;
    switch (l % 16) {
      case 3: p[3] = NAN; break;
      case 5:
        p[0] = (float)(rnd() % c->width) + 0.5f;
        p[0] /= (float)c->width;
        break;
      case 9: p[0] = NAN; break;
      case 13:
        p[0] = 1.0e7f;
        p[1] = -3.0e6f;
        break;
      case 14:
        p[0] = 0.0f;
        p[3] = 0.5f;
        break;
      default:
        if (v->implicit && l % 4) { /* near the quad's top left: an LOD around 0 */
          float scale = l % 16 >= 12 ? 1.0f / 1024.0f : 1.0f / 16000.0f; /* magnified */
          for (unsigned k = 0; k < 3; k++)
            p[k] = lanes_co[l & ~3u][k] + (float)((int32_t)(rnd() % 2001) - 1000) * scale;
          if (c->mimg_dim == 4 || c->mimg_dim == 5) p[nc - 1] = lanes_co[l & ~3u][nc - 1];
        }
        break;
    }
    uint32_t ox = rnd() & 63, oy = rnd() & 63, oz = rnd() & 63;
    for (unsigned k = 0; k < 3; k++) {
      uint32_t o = k == 0 ? ox : k == 1 ? oy : oz;
      lanes_off[l][k] = v->offset ? (int32_t)(o << 26) >> 26 : 0;
    }
    uint32_t n = 0;
    if (v->offset) co[16 * l + n++] = ox | oy << 8 | oz << 16;
    /* _b: -3 .. 3 in 1/16 steps; NaN (0), and beyond any LOD (the S#'s clamps) */
    lanes_bias[l] = (float)((int32_t)(rnd() % 97) - 48) / 16.0f;
    if (l % 16 == 10) lanes_bias[l] = NAN;
    if (l % 32 == 15) lanes_bias[l] = l & 32 ? 1.0e9f : -3.0e7f;
    if (v->bias) co[16 * l + n++] = f2u(lanes_bias[l]);
    lanes_ref[l] = (float)((int32_t)(rnd() % 1401) - 200) / 1000.0f;
    if (l % 16 == 6) lanes_ref[l] = NAN;
    if (v->compare) co[16 * l + n++] = f2u(lanes_ref[l]);
    unsigned ng = c->mimg_dim == 2 ? 3 : c->mimg_dim == 1 || c->mimg_dim == 5 ? 2 : 1;
    for (unsigned d = 0; d < 6; d++) { /* d/dx x y z, d/dy x y z: up to a texture's size */
      lanes_d[l][d] = d % 3 < ng ? (float)((int32_t)(rnd() % 2001) - 1000) / 2000.0f : 0.0f;
      if (l % 16 == 11) lanes_d[l][d] *= 1.0f / 64.0f; /* magnified */
    }
    if (l % 16 == 12) lanes_d[l][0] = lanes_d[l][3] = 0.0f, lanes_d[l][1] = lanes_d[l][4] = 0.0f;
    for (unsigned d = 0; d < 2 && v->deriv; d++)
      for (unsigned k = 0; k < ng; k++) co[16 * l + n++] = f2u(lanes_d[l][3 * d + k]);
    for (unsigned k = 0; k < nc; k++) co[16 * l + n++] = f2u(p[k]);
    if (v->lod || v->clamp) co[16 * l + n++] = f2u(p[3]);
  }

  /* implicit LOD: each lane's derivatives from its quad, inactive lanes' coordinates 0.5 */
  bool active[64];
  for (unsigned l = 0; l < wave; l++) active[l] = !v->exec || (v->exec >> l & 1);
  if (v->implicit) {
    float eff[64][4];
    unsigned ng = c->mimg_dim == 2 ? 3 : c->mimg_dim == 1 || c->mimg_dim == 5 ? 2 : 1;
    for (unsigned l = 0; l < wave; l++)
      for (unsigned k = 0; k < 4; k++) eff[l][k] = active[l] ? lanes_co[l][k] : 0.5f;
    for (unsigned l = 0; l < wave; l++) quad_derivs(eff, l, ng, lanes_d[l]);
  }
  if (v->coarse) { /* _cd: the quad's top left lane's derivatives (inactive: 0.5 each) */
    unsigned ng = c->mimg_dim == 2 ? 3 : c->mimg_dim == 1 || c->mimg_dim == 5 ? 2 : 1;
    float given[64][6];
    memcpy(given, lanes_d, sizeof given);
    for (unsigned l = 0; l < wave; l++)
      for (unsigned d = 0; d < 6; d++)
        lanes_d[l][d] = d % 3 >= ng ? 0.0f : active[l & ~3u] ? given[l & ~3u][d] : 0.5f;
  }

  /* the interpreter with the C image model */
  uint8_t *imem = malloc(GSIZE);
  assert_non_null(imem);
  memcpy(imem, mem, GSIZE);
  /* s0-s7 the T#, s8-s23 the four S#s, s24-s27 the input and output addresses */
  uint32_t sgpr[28];
  memcpy(sgpr, ts, 32);
  for (unsigned k = 0; k < 4; k++) memcpy(sgpr + 8 + 4 * k, ss[k], 16);
  uint64_t io[2] = {GBASE + IO_OFF, GBASE + OUT_OFF};
  for (int i = 0; i < 2; i++) {
    sgpr[24 + 2 * i] = (uint32_t)io[i];
    sgpr[25 + 2 * i] = (uint32_t)(io[i] >> 32);
  }
  image_wave_interp(c->name, kernel(c, v), wave, sgpr, 28, imem, GBASE, GSIZE);

  /* the device */
  size_t count = image_wave_device(dev, c->name, kernel(c, v), wave, sgpr, 28, mem, GBASE, GSIZE);

  /* expected from C */
  struct ref rf = {.c = c,
                   .lay = &lay,
                   .tex = mem,
                   .tmin = cur_tmin,
                   .table = cur_table ? (const uint32_t *)(mem + (cur_table - GBASE)) : NULL};
  const uint32_t *out = (const uint32_t *)(mem + OUT_OFF);
  unsigned bad = 0;
  for (unsigned l = 0; l < wave; l++)
    for (unsigned s = 0; s < 4; s++) {
      uint32_t want[4];
      rf.compare = v->compare;
      rf.deriv = v->deriv || v->implicit ? lanes_d[l] : NULL;
      rf.clamp = v->clamp;
      rf.has_bias = v->bias;
      rf.bias = lanes_bias[l];
      rf.get_lod = v->get_lod;
      rf.ref = lanes_ref[l]; /* UNORM textures: clamped to [0, 1] */
      if (c->cls == UNORM && rf.ref < 0.0f) rf.ref = 0.0f;
      if (c->cls == UNORM && rf.ref > 1.0f) rf.ref = 1.0f;
      ref_sample(&rf, &cur_samplers[s], lanes_co[l], v->lod, lanes_off[l], v->gather ? (int)s : -1,
                 want);
      if (!active[l]) /* not stored */
        want[0] = want[1] = want[2] = want[3] = FILL * 0x01010101u;
      if (v->d16) {
        uint32_t h[4];
        for (unsigned k = 0; k < 4; k++)
          h[k] = c->cls == UINT && !v->compare ? want[k] & 0xffff : half_of(u2f(want[k]));
        want[0] = h[0] | h[1] << 16;
        want[1] = h[2] | h[3] << 16;
        want[2] = want[3] = FILL * 0x01010101u;
      }
      for (unsigned k = 0; k < 4; k++) {
        uint32_t got = out[16 * l + 4 * s + k],
                 ig = ((const uint32_t *)(imem + OUT_OFF))[16 * l + 4 * s + k];
        if (got != want[k] && bad++ < (getenv("SAMPLE_DEBUG") ? 400 : 12))
          fprintf(stderr,
                  "%s %s wave%u lane %u sampler %u comp %u: 0x%08x (%g, interpreter 0x%08x) want "
                  "0x%08x (%g); co %g %g "
                  "%g lod %g\n",
                  c->name, v->name, wave, l, s, k, got, (double)u2f(got), ig, want[k],
                  (double)u2f(want[k]), (double)lanes_co[l][0], (double)lanes_co[l][1],
                  (double)lanes_co[l][2], (double)lanes_co[l][3]);
      }
    }
  for (uint64_t i = 0; i < GSIZE; i++)
    if (mem[i] != imem[i] && bad++ < 24)
      fprintf(stderr, "%s %s wave%u: window byte 0x%llx: device 0x%02x, interpreter 0x%02x\n",
              c->name, v->name, wave, (unsigned long long)(GBASE + i), mem[i], imem[i]);
  if (cur_samplers == samplers_table) {
    printf("%s %s: %u footprint texels from the border colour table\n", c->name, v->name,
           table_texels);
    assert_true(table_texels >= wave);
  }
  if (!bad)
    printf(
        "%s %s wave%u%s: %u lanes x 4 samplers as computed in C and as the interpreter (module "
        "%zu KB)\n",
        c->name, v->name, wave,
        cur_samplers == samplers         ? ""
        : cur_samplers != samplers_table ? " min/max"
        : cur_table                      ? " border table"
                                         : " border table at 0 (unmapped)",
        wave, count * 4 / 1024);
  assert_int_equal(bad, 0);
  free(imem);
  free(mem);
}

/* The variants each case runs (indices into variants[]): every variant on one to three
 * cases, the 3D case with the fewest (its modules are the largest for llvmpipe to compile). */
static const uint32_t case_variants[] = {
    1u << 0 | 1u << 4 | 1u << 9 | 1u << 11 | 1u << 13 | 1u << 22, /* 2D RGBA8 SRGB */
    1u << 0 | 1u << 4 | 1u << 9 | 1u << 11 | 1u << 13 | 1u << 14 | 1u << 17 | 1u << 19 |
        1u << 24,                                                             /* linear 2D RGBA8 */
    1u << 1 | 1u << 5 | 1u << 8 | 1u << 10 | 1u << 15 | 1u << 18 | 1u << 20,  /* 2D array */
    1u << 0 | 1u << 2 | 1u << 11 | 1u << 24 | 1u << 25,                       /* 3D R32F */
    1u << 3 | 1u << 7 | 1u << 12 | 1u << 16 | 1u << 19,                       /* 1D R16 */
    1u << 2 | 1u << 6 | 1u << 12 | 1u << 18 | 1u << 21,                       /* 2D BGRA8 XOR */
    1u << 1 | 1u << 7 | 1u << 11 | 1u << 13 | 1u << 15 | 1u << 22 | 1u << 24, /* 1D array */
    1u << 0 | 1u << 4 | 1u << 8 | 1u << 3 | 1u << 14 | 1u << 23,              /* 2D RGBA8 UINT */
};
_Static_assert(sizeof case_variants / sizeof *case_variants == sizeof cases / sizeof *cases,
               "a variant set per case");

static void sample_cases(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    for (size_t k = 0; k < sizeof variants / sizeof *variants; k++)
      if ((case_variants[i] >> k & 1) &&
          (!getenv("SAMPLE_ONLY") || !strcmp(getenv("SAMPLE_ONLY"), variants[k].name)))
        run_case(&cases[i], &variants[k]); /* gather4: 2D and 2D arrays */
}

/* FILTER_MODE min and max, and the T#'s MIN_LOD (absolute, 4.8): a few of the kernels
 * above (the S#s and the T# are data, so the modules are the same) with the reduction
 * samplers and a nonzero MIN_LOD (for the 2D array, whose BASE_LEVEL is 1, above it). */
static void reduction_cases(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const struct {
    unsigned tex, var;
    uint32_t tmin;
  } runs[] = {
      {0, 0, 0x140},  /* 2D RGBA8 sRGB, image_sample_l, MIN_LOD 1.25 */
      {0, 4, 0x180},  /* 2D RGBA8 sRGB, image_gather4_lz: the nearest level at least 1.5 */
      {2, 11, 0x1c0}, /* 2D array RGBA16F (BASE_LEVEL 1), image_sample_d, MIN_LOD 1.75 */
      {3, 0, 0},      /* 3D R32F, image_sample_l: the z axis's pair */
  };
  for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
    if (getenv("SAMPLE_ONLY") && strcmp(getenv("SAMPLE_ONLY"), variants[runs[i].var].name))
      continue;
    cur_samplers = samplers_minmax;
    cur_tmin = runs[i].tmin;
    run_case(&cases[runs[i].tex], &variants[runs[i].var]);
  }
  cur_samplers = samplers;
  cur_tmin = 0;
}

/* BORDER_COLOR_TYPE 3: the border colour from the table at TA_CS_BC_BASE_ADDR, entry
 * BORDER_COLOR_PTR (f32 entries for the sRGB, RGBA16F and UNORM textures, integer ones for
 * the UINT texture; BC_SWIZZLE 2 on the 1D array), a few of the kernels above (the table's
 * base is a run-time input of the same modules), and the table's base left 0 (never
 * written: address 0 is outside the window, the entry reads 0). */
static void border_table_cases(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const struct {
    unsigned tex, var;
    uint64_t table;
  } runs[] = {
      {0, 0, GBASE + TABLE_OFF}, /* 2D RGBA8 sRGB, image_sample_l */
      {2, 1, GBASE + TABLE_OFF}, /* 2D array RGBA16F, image_sample_l wave64 */
      {7, 0, GBASE + TABLE_OFF}, /* 2D RGBA8 UINT, image_sample_l */
      {7, 4, GBASE + TABLE_OFF}, /* 2D RGBA8 UINT, image_gather4_lz */
      {6, 1, GBASE + TABLE_OFF}, /* 1D array RGBA8, BC_SWIZZLE WZYX */
      {1, 0, 0},                 /* linear 2D RGBA8, no table */
  };
  for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
    if (getenv("SAMPLE_ONLY") && strcmp(getenv("SAMPLE_ONLY"), variants[runs[i].var].name))
      continue;
    cur_samplers = samplers_table;
    cur_table = runs[i].table;
    run_case(&cases[runs[i].tex], &variants[runs[i].var]);
  }
  cur_samplers = samplers;
  cur_table = 0;
  image_wave_border_base = 0;
}

#define STORE_V0 "s_waitcnt vmcnt(0)\nglobal_store_dword v4, v0, s[12:13]\ns_endpgm\n"

/* The forms not emitted are refused with their reason. */
static void refusals(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!test_part_first()) return; /* the first ctest part checks them */
  static const struct {
    const char *src, *why;
  } k[] = {
      {"image_sample_c_b_cl_o v[0:3], v[4:11], s[0:7], s[8:11] dmask:0xf "
       "dim:SQ_RSRC_IMG_3D\n" STORE_V0,
       "unsupported"}, /* no slot for the clamp: the translator refuses it */
      {"image_sample_lz_o v[0:3], v[4:7], s[0:7], s[8:11] dmask:0xf "
       "dim:SQ_RSRC_IMG_CUBE\n" STORE_V0,
       "cube"},
      {"image_gather4h v[0:3], v[4:5], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n" STORE_V0,
       "gather4h"},
  };
  for (size_t i = 0; i < sizeof k / sizeof *k; i++) image_expect_refusal(k[i].src, k[i].why);
  /* D16 image_get_lod (the bit set by hand): llvm-mc-19 has no such form, the decoder
   * refuses it */
  size_t n;
  uint32_t *w = assemble(
      "image_get_lod v[0:1], v[4:5], s[0:7], s[8:11] dmask:0x3 "
      "dim:SQ_RSRC_IMG_2D\n" STORE_V0,
      &n, false);
  w[1] |= 1u << 31;
  image_expect_refusal_words(w, n, "image form not allowed");
  free(w);
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(sample_cases), cmocka_unit_test(reduction_cases),
      cmocka_unit_test(border_table_cases), cmocka_unit_test(refusals)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  if (!dev && r == 0) return 77;
  return r;
}
