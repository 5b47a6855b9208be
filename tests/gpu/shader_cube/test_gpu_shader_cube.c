/* Cube map sampling on the Vulkan device (docs/shader-spirv.md, "Sampling", cube maps).
 *
 * Each case lays out a cube or a cube array (six slices a cube, from BASE_ARRAY) with the
 * tiling library and fills every face with its own texels; the kernels take a direction
 * vector per lane and derive the address as compilers do (Mesa's ac_nir_lower_image_tex:
 * v_cubema_f32, v_rcp_f32 of its magnitude, v_cubesc_f32 / v_cubetc_f32 × that + 1.5,
 * v_cubeid_f32 plus 8 × the layer for arrays), then sample with four S#s (seamless bilinear
 * with mip linear; point magnification; DISABLE_CUBE_WRAP with mirror / border address
 * modes; seamless with a depth compare function). The expected values are computed here in
 * C from the Vulkan specification's cube rules — the face selection table, a footprint
 * texel beyond an edge is the texel its centre projects to on the neighbouring face, a
 * corner the mean of the three texels that meet, nearest filtering clamped to the face —
 * with the fixed-point steps of docs/shader-spirv.md; the whole output window is compared
 * byte for byte with the IR interpreter run with the C image model. */
#include "xl_test_harness.h"

#include "float_bits.h"
#include "sample_rules.h"
#include "test_part.h"

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

#pragma STDC FP_CONTRACT OFF

static vk_device *dev;

#define GBASE 0x200000000ull
#define GSIZE (8u << 20)
#define IO_OFF (6u << 20) /* inputs: 64 bytes a lane; results at +4 KiB: 128 bytes a lane */
#define OUT_OFF (IO_OFF + 4096u)
#define MAX_OPS 6 /* instructions a kernel (sampler k % 4), 16 bytes of results each */
#define FILL 0xa5u

enum cls { UNORM, FLOAT };

struct tex_case {
  const char *name;
  bool array;
  uint32_t mode, format, comps, bits;
  enum cls cls;
  uint32_t size, slices, levels, base_level, last_level, base_array;
  uint8_t sel[4];
  bool uniform; /* every texel uniform_bytes: a corner's three texels are equal */
};

static const struct tex_case cases[] = {
    /* a cube of 4x4 faces, levels 4, 2, 1 (the last: faces of one texel) */
    {"cube_4kb_s_rgba8", false, TILING_SW_4KB_S, 56, 4, 8, UNORM, 4, 6, 3, 0, 2, 0, {4, 5, 6, 7}},
    /* two cubes from slice 1 (slices 1..12 of 13), 8x8 faces, levels 1..3 */
    {"cube_array_linear_rgba16f",
     true,
     TILING_SW_LINEAR,
     71,
     4,
     16,
     FLOAT,
     8,
     13,
     4,
     1,
     3,
     1,
     {6, 5, 4, 7}},
    /* one value everywhere, whose plain three-texel mean is not itself (Vulkan: equal texels
     * filter to that value) */
    {"cube_4kb_s_rgba8_uniform",
     false,
     TILING_SW_4KB_S,
     56,
     4,
     8,
     UNORM,
     4,
     6,
     3,
     0,
     2,
     0,
     {4, 5, 6, 7},
     true},
    /* a depth cube: R32 float, DST_SEL (X, X, 1, 1) */
    {"cube_64kb_s_r32f", false, TILING_SW_64KB_S, 22, 1, 32, FLOAT, 8, 6, 2, 0, 1, 0, {4, 4, 1, 1}},
};

/* The four samplers of every kernel; the third has DISABLE_CUBE_WRAP set (encode_samplers). */
static const struct ir_ssharp samplers[4] = {
    {.clamp = {IR_CLAMP_WRAP, IR_CLAMP_WRAP, IR_CLAMP_WRAP},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 2,
     .max_lod = 15 * 256,
     .depth_compare = 1 /* less */},
    {.clamp = {IR_CLAMP_BORDER, IR_CLAMP_BORDER, IR_CLAMP_BORDER},
     .mag_filter = IR_XY_POINT,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 1,
     .min_lod = 64,
     .max_lod = 2 * 256 + 128,
     .lod_bias = 96,
     .depth_compare = 6 /* greater or equal */},
    {.clamp = {IR_CLAMP_MIRROR, IR_CLAMP_BORDER, IR_CLAMP_WRAP},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_BILINEAR,
     .mip_filter = 0,
     .max_lod = 15 * 256,
     .depth_compare = 5 /* not equal */,
     .border_type = IR_BORDER_OPAQUE_WHITE},
    {.clamp = {IR_CLAMP_LAST_TEXEL, IR_CLAMP_LAST_TEXEL, IR_CLAMP_LAST_TEXEL},
     .mag_filter = IR_XY_BILINEAR,
     .min_filter = IR_XY_POINT,
     .mip_filter = 0,
     .max_lod = 15 * 256,
     .lod_bias = -200,
     .depth_compare = 3 /* less or equal */},
};
static bool seamless_of(unsigned s) { return s != 2; }

/* the uniform case's bytes: k/255 that the 1/256 blends keep but whose plain three-texel mean
 * in f32 is not itself */
static const uint8_t uniform_bytes[4] = {1, 33, 66, 132};

static uint32_t rng = 6161;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}
/* the bias and clamp values: their own sequence (the other inputs stay as they were) */
static uint32_t rng2 = 4242;
static uint32_t rnd2(void) {
  rng2 ^= rng2 << 13;
  rng2 ^= rng2 >> 17;
  rng2 ^= rng2 << 5;
  return rng2;
}
static uint32_t lsize(uint32_t s, uint32_t l) { return s >> l ? s >> l : 1; }

/* ---- Vulkan's cube rules ---------------------------------------------------------------- */

/* per face (+X, -X, +Y, -Y, +Z, -Z): the major axis direction M and S, T with sc = S·r,
 * tc = T·r ("Cube Map Face Selection": +X sc = -rz tc = -ry; -X sc = +rz tc = -ry; +Y sc =
 * +rx tc = +rz; -Y sc = +rx tc = -rz; +Z sc = +rx tc = -ry; -Z sc = -rx tc = -ry) */
static const int faces[6][3][3] = {
    {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
    {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},   {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},
};

static float fdot(const int a[3], const float r[3]) {
  float s = 0.0f;
  for (unsigned k = 0; k < 3; k++)
    if (a[k]) s = a[k] > 0 ? r[k] : -r[k];
  return s; /* one nonzero term: exact */
}

/* the face of direction R (no ties here: the kernels' directions have one largest axis) */
static unsigned select_face(const float r[3]) {
  float ax = fabsf(r[0]), ay = fabsf(r[1]), az = fabsf(r[2]);
  unsigned a = az > ax && az > ay ? 2 : ay > ax ? 1 : 0;
  return 2 * a + (r[a] < 0);
}

/* the face of the address's third value Q (face + 8 × layer) */
static unsigned face_of_q(float q) {
  unsigned f = (uint32_t)nearbyintf(fminf(fmaxf(q, 0.0f), 65535.0f)) & 7;
  return f > 5 ? 5 : f;
}

/* The quad's derivatives of lane L's face coordinates (d/dx s t, d/dy s t) from the addresses
 * (s, t, q) of its quad, by the Vulkan specification's cube derivative transformation
 * d s_face = 1/2 (|rA| d sc - sc d |rA|) / rA² with the lane's own face, the direction's
 * derivatives those of the quad (TR - TL, BL - TL); each lane's direction rebuilt from its
 * address as the point (2s - 3, 2t - 3) of its face of the unit cube (|rA| = 1). */
static void quad_derivs(const float addr[][3], unsigned l, float out[4]) {
  float r[3][3];
  for (unsigned p = 0; p < 3; p++) { /* TL, TR, BL */
    const float *ad = addr[(l & ~3u) + p];
    unsigned g = face_of_q(ad[2]);
    float u[3] = {1.0f, ad[0] * 2.0f - 3.0f, ad[1] * 2.0f - 3.0f};
    for (unsigned k = 0; k < 3; k++)
      for (unsigned m = 0; m < 3; m++)
        if (faces[g][m][k]) r[p][k] = faces[g][m][k] > 0 ? u[m] : -u[m];
  }
  unsigned f = face_of_q(addr[l][2]);
  float a = addr[l][0] * 2.0f - 3.0f, b = addr[l][1] * 2.0f - 3.0f;
  for (unsigned d = 0; d < 2; d++) {
    float dr[3];
    for (unsigned k = 0; k < 3; k++) dr[k] = r[1 + d][k] - r[0][k];
    float m = fdot(faces[f][0], dr);
    out[2 * d] = (fdot(faces[f][1], dr) - a * m) * 0.5f;
    out[2 * d + 1] = (fdot(faces[f][2], dr) - b * m) * 0.5f;
  }
}

/* the texel the centre of texel (I, J) of FACE projects to, for a texel beyond one edge */
static void project(unsigned face, int i, int j, int n, unsigned *g, int *gi, int *gj) {
  double a = (2.0 * i + 1) / n - 1, b = (2.0 * j + 1) / n - 1, r[3];
  for (unsigned k = 0; k < 3; k++)
    r[k] = faces[face][0][k] + a * faces[face][1][k] + b * faces[face][2][k];
  double ax = fabs(r[0]), ay = fabs(r[1]), az = fabs(r[2]);
  unsigned m = az >= ax && az >= ay ? 2 : ay >= ax ? 1 : 0;
  *g = 2 * m + (r[m] < 0);
  double ma = 0, sc = 0, tc = 0;
  for (unsigned k = 0; k < 3; k++) {
    ma += faces[*g][0][k] * r[k];
    sc += faces[*g][1][k] * r[k];
    tc += faces[*g][2][k] * r[k];
  }
  *gi = (int)floor((sc / ma + 1) / 2 * n);
  *gj = (int)floor((tc / ma + 1) / 2 * n);
}

/* ---- the sampling rules ------------------------------------------------------------------ */

struct ref {
  const float *deriv; /* _d / implicit: d/dx s t, d/dy s t; NULL: the LOD is given */
  bool lod;           /* _l: the LOD is given (else 0: _lz) */
  bool compare;
  float ref;
  bool has_bias, clamp; /* _b: BIAS added to the LOD from the derivatives; _cl: CLAMPV */
  float bias, clampv;
  bool get_lod; /* image_get_lod: (clamped LOD, LOD before the clamps, 0, 0) */
  const struct tex_case *c;
  const struct tiling_layout *lay;
  const uint8_t *tex;
};

static uint32_t comp_value(const struct tex_case *c, uint32_t r) {
  if (c->cls == FLOAT) return c->bits == 16 ? f2u(float_of_finite_half(r)) : r;
  return f2u((float)r / (float)((1u << c->bits) - 1));
}

static void element(const struct ref *rf, int x, int y, uint32_t slice, uint32_t l, float out[4]) {
  const struct tex_case *c = rf->c;
  uint64_t off = tiling_element_offset(rf->lay, l, (uint32_t)x, (uint32_t)y, slice, 0);
  for (unsigned k = 0; k < 4; k++) {
    uint32_t r = 0;
    if (k < c->comps) memcpy(&r, rf->tex + off + k * c->bits / 8, c->bits / 8);
    out[k] = u2f(k < c->comps ? comp_value(c, r) : k == 3 ? f2u(1.0f) : 0);
  }
}

static unsigned n_across, n_corners; /* texels of the expected values beyond a face */

/* the face's texel (I, J) at level L of the cube whose face 0 is SLICE0: seamless — across
 * an edge the texel Vulkan's face selection gives, at a corner the mean of the three —, or
 * per face with the S#'s address modes and border colour */
static void cube_texel(const struct ref *rf, const struct ir_ssharp *s, bool seamless,
                       unsigned face, uint32_t slice0, int i, int j, int n, uint32_t l,
                       float out[4]) {
  if (!seamless) {
    int x = wrap_mode(s->clamp[0], i, n), y = wrap_mode(s->clamp[1], j, n);
    if (x < 0 || y < 0) { /* the border colour (RGBA order: BC_SWIZZLE 0) */
      float rgb = s->border_type == IR_BORDER_OPAQUE_WHITE ? 1.0f : 0.0f;
      float a = s->border_type == IR_BORDER_TRANS_BLACK ? 0.0f : 1.0f;
      out[0] = out[1] = out[2] = rgb;
      out[3] = a;
      return;
    }
    element(rf, x, y, slice0 + face, l, out);
    return;
  }
  bool iout = i < 0 || i >= n, jout = j < 0 || j >= n;
  if (!iout && !jout) {
    element(rf, i, j, slice0 + face, l, out);
    return;
  }
  unsigned g;
  int gi, gj;
  if (!(iout && jout)) {
    n_across++;
    project(face, i, j, n, &g, &gi, &gj);
    element(rf, gi, gj, slice0 + g, l, out);
    return;
  }
  /* a corner: the face's corner texel, the texels across the i and the j edge */
  int ic = i < 0 ? 0 : n - 1, jc = j < 0 ? 0 : n - 1;
  float v[3][4];
  n_corners++;
  element(rf, ic, jc, slice0 + face, l, v[0]);
  project(face, i, jc, n, &g, &gi, &gj);
  element(rf, gi, gj, slice0 + g, l, v[1]);
  project(face, ic, j, n, &g, &gi, &gj);
  element(rf, gi, gj, slice0 + g, l, v[2]);
  for (unsigned k = 0; k < 4; k++) {
    float sum = v[0][k] + v[1][k];
    sum = sum + v[2][k];
    out[k] = v[0][k] == v[1][k] && v[1][k] == v[2][k] ? v[0][k] : sum * (1.0f / 3.0f);
  }
}

/* the 2x2 footprint at level L (T[dy][dx]) and its weights */
static void ref_texels(const struct ref *rf, const struct ir_ssharp *s, bool seamless,
                       const float uv[2], unsigned face, uint32_t slice0, uint32_t l, bool lin,
                       float t[2][2][4], int32_t w[2]) {
  int32_t n = (int32_t)lsize(rf->c->size, l), lo[2];
  for (unsigned a = 0; a < 2; a++) {
    float x = uv[a] * (float)n;
    if (lin) x = x - 0.5f;
    int32_t q = steps(x);
    lo[a] = q >> 8;
    w[a] = lin ? q & 255 : 0;
  }
  for (unsigned y = 0; y < 2; y++)
    for (unsigned x = 0; x < 2; x++) {
      int i = lo[0] + (int)x, j = lo[1] + (int)y;
      if (seamless && !lin) { /* nearest: clamped to the face's edge */
        i = i < 0 ? 0 : i >= n ? n - 1 : i;
        j = j < 0 ? 0 : j >= n ? n - 1 : j;
      }
      cube_texel(rf, s, seamless, face, slice0, i, j, n, l, t[y][x]);
      if (rf->compare) {
        float d = t[y][x][0], r = rf->ref;
        bool pass[8] = {false, r<d, r == d, r <= d, r> d, r != d, r >= d, true};
        t[y][x][0] = pass[s->depth_compare] ? 1.0f : 0.0f;
      }
    }
}

/* one sample: the address (S, T, Q) as the kernel gives it */
static void ref_sample(const struct ref *rf, unsigned si, const float co[3], float lodv, int gather,
                       uint32_t out[4]) {
  const struct ir_ssharp *s = &samplers[si];
  const struct tex_case *c = rf->c;
  bool seamless = seamless_of(si);
  uint32_t nlev = c->last_level - c->base_level + 1;
  /* the face coordinates, the face and the layer */
  float uv[2];
  for (unsigned a = 0; a < 2; a++) uv[a] = fminf(fmaxf(co[a] - 1.0f, 0.0f), 1.0f);
  uint32_t q = (uint32_t)nearbyintf(fminf(fmaxf(co[2], 0.0f), 65535.0f));
  unsigned face = q & 7;
  uint32_t layer = q >> 3, cubes = (c->slices - c->base_array) / 6;
  face = face > 5 ? 5 : face;
  uint32_t slice0 = c->base_array + 6 * (layer < cubes ? layer : cubes - 1);
  int32_t lod = rf->deriv || !rf->lod ? 0 : steps(lodv);
  if (rf->deriv) {
    float size = (float)lsize(c->size, c->base_level), r[2] = {0.0f, 0.0f};
    for (unsigned d = 0; d < 2; d++)
      for (unsigned a = 0; a < 2; a++) {
        float g = rf->deriv[2 * d + a] * size;
        float g2 = g * g;
        r[d] = a ? r[d] + g2 : g2;
      }
    lod = lod_steps(r[1] > r[0] ? r[1] : r[0]);
  }
  if (rf->has_bias) lod += steps(rf->bias); /* _b: the bias in 1/256 steps */
  lod += s->lod_bias;
  int32_t raw = lod;
  if (rf->clamp && lod < steps(rf->clampv)) lod = steps(rf->clampv); /* _cl: at least it */
  lod = lod < s->min_lod ? s->min_lod : lod;
  lod = lod > s->max_lod ? s->max_lod : lod;
  bool lin = (lod <= 0 ? s->mag_filter : s->min_filter) & 1;
  int32_t lc = lod < 0 ? 0 : lod > (int32_t)(nlev - 1) * 256 ? (int32_t)(nlev - 1) * 256 : lod;
  if (rf->get_lod) { /* levels as f32: the clamped LOD, the one before the clamps */
    out[0] = f2u((float)lc / 256.0f);
    out[1] = f2u((float)raw / 256.0f);
    out[2] = out[3] = 0;
    return;
  }
  uint32_t l0 = 0, l1 = 0;
  int32_t wm = 0;
  if (s->mip_filter == 2) {
    l0 = (uint32_t)lc / 256;
    wm = lc % 256;
    l1 = l0 + 1 < nlev ? l0 + 1 : l0;
  } else if (s->mip_filter) {
    l0 = (uint32_t)(lc + 128) / 256;
    l0 = l0 < nlev ? l0 : nlev - 1;
  }
  float t[2][2][4];
  int32_t w[2];
  if (gather >=
      0) { /* the nearest level, the bilinear footprint, (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
    uint32_t g = s->mip_filter ? (uint32_t)(lc + 128) / 256 : 0;
    g = g < nlev ? g : nlev - 1;
    ref_texels(rf, s, seamless, uv, face, slice0, c->base_level + g, true, t, w);
    static const unsigned xs[4] = {0, 1, 1, 0}, ys[4] = {1, 1, 0, 0};
    uint8_t sel = c->sel[gather];
    for (unsigned k = 0; k < 4; k++)
      out[k] = rf->compare ? f2u(t[ys[k]][xs[k]][0])
               : sel == 0  ? 0
               : sel == 1  ? f2u(1.0f)
                           : f2u(t[ys[k]][xs[k]][sel - 4]);
    return;
  }
  float m[2][4];
  uint32_t lv[2] = {l0, l1};
  for (unsigned h = 0; h < 2; h++) {
    ref_texels(rf, s, seamless, uv, face, slice0, c->base_level + lv[h], lin, t, w);
    for (unsigned k = 0; k < 4; k++)
      m[h][k] = lerp256(lerp256(t[0][0][k], t[0][1][k], w[0]),
                        lerp256(t[1][0][k], t[1][1][k], w[0]), w[1]);
  }
  uint32_t r[4];
  for (unsigned k = 0; k < 4; k++) r[k] = f2u(lerp256(m[0][k], m[1][k], wm));
  for (unsigned k = 0; k < 4; k++)
    out[k] = rf->compare      ? r[0]
             : c->sel[k] == 0 ? 0
             : c->sel[k] == 1 ? f2u(1.0f)
                              : r[c->sel[k] - 4];
}

/* ---- the runs ---------------------------------------------------------------------------- */

/* A kernel: up to MAX_OPS instructions, instruction k with sampler k % 4; OPS[1] NULL: OPS[0]
 * for all four samplers. */
struct variant {
  const char *name;
  const char *ops[MAX_OPS];
  unsigned wave;
};

static const struct variant variants[] = {
    {"l", {"image_sample_l"}, 32},
    {"gather4_lz", {"image_gather4_lz"}, 64},
    {"d", {"image_sample_d"}, 32},
    {"c_l", {"image_sample_c_l"}, 32},
    {"implicit", {"image_sample"}, 32},
    {"gather4_c_lz", {"image_gather4_c_lz"}, 32},
    /* the bias and coarse forms, several in a kernel (lavapipe's compile time grows with the
     * instructions): six on a cube, the plain and the compare-clamp ones on a cube array */
    {"b_cd",
     {"image_sample_b", "image_sample_b_cl", "image_sample_cd", "image_sample_cd_cl",
      "image_sample_c_b", "image_sample_c_cd"},
     32},
    {"b_cd_array",
     {"image_sample_b", "image_sample_c_b_cl", "image_sample_cd", "image_sample_c_cd_cl"},
     64},
    {"get_lod", {"image_get_lod"}, 64},
};

/* the form an instruction name gives (its suffixes, as the ISA names them) */
struct form {
  bool gather, get_lod, compare, lod, lz, deriv, coarse, clamp, bias;
  bool implicit; /* the LOD from the quad's derivatives (plain, _b, _cl, get_lod) */
};

static struct form form_of(const char *op) {
  struct form f = {0};
  const char *p = op + strlen("image_sample");
  if (!strncmp(op, "image_gather4", 13)) {
    f.gather = true;
    p = op + 13;
  } else if (!strcmp(op, "image_get_lod")) {
    f.get_lod = true;
    p = op + strlen(op);
  }
  while (*p == '_') {
    size_t n = strcspn(++p, "_");
    bool *const fields[] = {&f.compare, &f.lod, &f.lz, &f.deriv, &f.deriv, &f.clamp, &f.bias};
    static const char *const sfx[] = {"c", "l", "lz", "d", "cd", "cl", "b"};
    for (unsigned k = 0; k < sizeof sfx / sizeof *sfx; k++)
      if (n == strlen(sfx[k]) && !strncmp(p, sfx[k], n)) *fields[k] = true;
    f.coarse |= n == 2 && !strncmp(p, "cd", 2);
    p += n;
  }
  f.implicit = !f.lod && !f.lz && !f.deriv;
  return f;
}

static unsigned ops_of(const struct variant *v) {
  unsigned n = 0;
  while (n < MAX_OPS && v->ops[n]) n++;
  return n == 1 ? 4 : n;
}
static const char *op_of(const struct variant *v, unsigned k) { return v->ops[v->ops[1] ? k : 0]; }

/* inputs per lane (dwords): x y z layer | lod ref dsdx dtdx | dsdy dtdy bias clamp */
static const char *kernel(const struct tex_case *c, const struct variant *v) {
  static char src[8192];
  int at = snprintf(src, sizeof src,
                    "v_lshlrev_b32 v1, 6, v0\n"
                    "global_load_dwordx4 v[2:5], v1, s[24:25]\n"
                    "global_load_dwordx4 v[6:9], v1, s[24:25] offset:16\n"
                    "global_load_dwordx4 v[10:13], v1, s[24:25] offset:32\n"
                    "s_waitcnt vmcnt(0)\n"
                    "v_cubema_f32 v14, v2, v3, v4\n"
                    "v_rcp_f32_e64 v14, |v14|\n"
                    "v_cubesc_f32 v15, v2, v3, v4\n"
                    "v_cubetc_f32 v16, v2, v3, v4\n"
                    "v_cubeid_f32 v17, v2, v3, v4\n"
                    "v_fma_f32 v15, v15, v14, 1.5\n"
                    "v_fma_f32 v16, v16, v14, 1.5\n");
  if (c->array)
    at += snprintf(src + at, sizeof src - (size_t)at, "v_fmac_f32 v17, 0x41000000, v5\n");
  unsigned nops = ops_of(v);
  for (unsigned k = 0; k < nops; k++) {
    /* the address from v(60 + 10k): [bias] [ref] [d/dx s t, d/dy s t] s t q [lod | clamp] */
    struct form f = form_of(op_of(v, k));
    unsigned r0 = 60 + 10 * k, r = r0, from[9], n = 0;
    if (f.bias) from[n++] = 12;
    if (f.compare) from[n++] = 7;
    for (unsigned d = 0; f.deriv && d < 4; d++) from[n++] = 8 + d;
    for (unsigned d = 0; d < 3; d++) from[n++] = 15 + d;
    if (f.lod) from[n++] = 6;
    if (f.clamp) from[n++] = 13;
    for (unsigned i = 0; i < n; i++)
      at += snprintf(src + at, sizeof src - (size_t)at, "v_mov_b32 v%u, v%u\n", r++, from[i]);
    at += snprintf(src + at, sizeof src - (size_t)at,
                   "%s v[%u:%u], v[%u:%u], s[0:7], s[%u:%u] dmask:0x%x dim:SQ_RSRC_IMG_CUBE\n",
                   op_of(v, k), 30 + 4 * k, 33 + 4 * k, r0, r - 1, 8 + 4 * (k % 4),
                   11 + 4 * (k % 4), f.gather ? 1u << (k % 4) : 0xfu);
  }
  at +=
      snprintf(src + at, sizeof src - (size_t)at, "s_waitcnt vmcnt(0)\nv_lshlrev_b32 v1, 7, v0\n");
  for (unsigned k = 0; k < nops; k++)
    at += snprintf(src + at, sizeof src - (size_t)at,
                   "global_store_dwordx4 v1, v[%u:%u], s[26:27] offset:%u\n", 30 + 4 * k,
                   33 + 4 * k, 16 * k);
  snprintf(src + at, sizeof src - (size_t)at, "s_endpgm\n");
  return src;
}

static void fill_texture(const struct tex_case *c, const struct tiling_layout *lay, uint8_t *tex) {
  for (uint32_t l = 0; l < c->levels; l++) {
    uint32_t n = lsize(c->size, l);
    for (uint32_t z = 0; z < c->slices; z++)
      for (uint32_t y = 0; y < n; y++)
        for (uint32_t x = 0; x < n; x++) {
          uint64_t off = tiling_element_offset(lay, l, x, y, z, 0);
          for (unsigned k = 0; k < c->comps; k++) {
            uint32_t v = c->uniform ? uniform_bytes[k] : rnd();
            if (c->cls == FLOAT && c->bits == 16) /* exponents 10..16: 2^-5 .. 2^2 */
              v = (v & 0x8000) | ((10 + v % 7) << 10) | (v >> 8 & 1023);
            if (c->cls == FLOAT && c->bits == 32) v = f2u((float)(v % 1001) / 1000.0f);
            memcpy(tex + off + k * c->bits / 8, &v, c->bits / 8);
          }
        }
  }
}

/* a direction on face F: the major coordinate ±M (a power of two, so 1/|2M| is exact),
 * the others within ±M — near the edges and corners for some lanes */
static void direction(unsigned lane, float r[3]) {
  static const float majors[4] = {0.5f, 1.0f, 2.0f, 4.0f};
  unsigned f = rnd() % 6, axis = f / 2;
  float m = majors[rnd() % 4];
  for (unsigned k = 0; k < 3; k++) {
    float x = (float)((int32_t)(rnd() % 1999) - 999) / 1000.0f; /* -0.999 .. 0.999 */
    if (lane % 4 == 1)
      x = x < 0 ? -0.96f - (float)(rnd() % 39) / 1000.0f : 0.96f + (float)(rnd() % 39) / 1000.0f;
    if (lane % 8 == 2 && k == (axis + 1) % 3) x = x < 0 ? -0.995f : 0.995f; /* an edge */
    r[k] = x * m;
  }
  r[axis] = f & 1 ? -m : m;
}

static void run_case(const struct tex_case *c, const struct variant *v) {
  if (!test_part_mine()) return; /* another ctest part runs this one */
  unsigned wave = v->wave;
  uint32_t bpe = c->comps * c->bits / 8;
  struct tiling_surface surf = {.mode = c->mode,
                                .bpe = bpe,
                                .width = c->size,
                                .height = c->size,
                                .depth = c->slices,
                                .levels = c->levels,
                                .fragments = 1,
                                .dim = TILING_DIM_2D};
  struct tiling_layout lay;
  assert_true(tiling_compute_layout(&surf, &lay));
  assert_true(lay.size < IO_OFF);
  struct ir_tsharp t = {.base = GBASE,
                        .format = c->format,
                        .type = IR_TSHARP_CUBE,
                        .sw_mode = c->mode,
                        .width = c->size,
                        .height = c->size,
                        .depth = c->slices,
                        .base_array = c->base_array,
                        .base_level = c->base_level,
                        .last_level = c->last_level,
                        .levels = c->levels};
  memcpy(t.dst_sel, c->sel, 4);
  uint32_t ts[8], ss[4][4];
  ir_tsharp_encode(&t, ts);
  for (unsigned k = 0; k < 4; k++) {
    ir_ssharp_encode(&samplers[k], ss[k]);
    ir_ssharp_set(ss[k], IR_SSHARP_disable_cube_wrap, !seamless_of(k));
  }

  uint8_t *mem = malloc(GSIZE);
  assert_non_null(mem);
  memset(mem, FILL, GSIZE);
  fill_texture(c, &lay, mem);
  uint32_t *in = (uint32_t *)(mem + IO_OFF);
  float addr[64][3], lods[64], refs[64], derivs[64][4], dirs[64][3], quad[64][4];
  float biases[64], clamps[64];
  unsigned nops = ops_of(v);
  bool implicit = false, texels = false; /* lanes in quads; some instruction reads texels */
  for (unsigned k = 0; k < nops; k++) {
    implicit |= form_of(op_of(v, k)).implicit;
    texels |= !form_of(op_of(v, k)).get_lod;
  }
  uint32_t nlev = c->last_level - c->base_level + 1, cubes = (c->slices - c->base_array) / 6;
  for (unsigned l = 0; l < wave; l++) {
    float r[3];
    direction(l, r);
    if (implicit && l % 8 == 4) { /* a top left lane near an edge: its quad may cross it */
      unsigned axis = select_face(r) / 2, k = (axis + 1) % 3;
      r[k] = copysignf(0.99f * fabsf(r[axis]), r[k]);
    }
    if (implicit && l % 4) { /* near the quad's top left, on its face: small derivatives */
      const float *q = dirs[l & ~3u];
      unsigned axis = select_face(q) / 2;
      for (unsigned k = 0; k < 3; k++)
        r[k] = k == axis ? q[k]
                         : q[k] + fabsf(q[axis]) * (float)((int32_t)(rnd() % 201) - 100) / 4000.0f;
    }
    memcpy(dirs[l], r, sizeof r);
    float layer = c->array ? (float)(rnd() % (cubes + 2)) : 0.0f;
    lods[l] = (float)(rnd() % ((nlev + 1) * 16)) / 16.0f - 1.0f;
    refs[l] = (float)(rnd() % 1201) / 1000.0f - 0.1f;
    for (unsigned k = 0; k < 4; k++)
      derivs[l][k] = (float)((int32_t)(rnd() % 2001) - 1000) / 4000.0f * (float)(8 / c->size);
    if (l % 8 == 5) derivs[l][0] = derivs[l][1] = derivs[l][2] = derivs[l][3] = 0.0f;
    /* _b: biases -3..3 in 1/16 steps, NaN, beyond every LOD; _cl: clamps -1..3, NaN */
    biases[l] = (float)((int32_t)(rnd2() % 97) - 48) / 16.0f;
    if (l % 16 == 10) biases[l] = NAN;
    if (l % 32 == 15) biases[l] = l & 32 ? 1.0e9f : -3.0e7f;
    clamps[l] = (float)(rnd2() % 64) / 16.0f - 1.0f;
    if (l % 16 == 7) clamps[l] = NAN;
    float io[12] = {r[0],         r[1],         r[2],         layer,        lods[l],   refs[l],
                    derivs[l][0], derivs[l][1], derivs[l][2], derivs[l][3], biases[l], clamps[l]};
    for (unsigned k = 0; k < 12; k++) in[16 * l + k] = f2u(io[k]);
    /* the address the kernel forms, from Vulkan's face table: sc / |2 ma| + 1.5 (one fma;
     * the product is exact), face + 8 × layer */
    unsigned f = select_face(r);
    float inv = 1.0f / (2.0f * fabsf(fdot(faces[f][0], r)));
    addr[l][0] = fmaf(fdot(faces[f][1], r), inv, 1.5f);
    addr[l][1] = fmaf(fdot(faces[f][2], r), inv, 1.5f);
    addr[l][2] = c->array ? fmaf(layer, 8.0f, (float)f) : (float)f;
  }
  unsigned cross = 0; /* quads whose three lanes are not on one face */
  for (unsigned l = 0; l < wave; l++) {
    quad_derivs(addr, l, quad[l]);
    unsigned q = l & ~3u;
    cross += l == q && (select_face(dirs[q + 1]) != select_face(dirs[q]) ||
                        select_face(dirs[q + 2]) != select_face(dirs[q]));
  }
  assert_true(!implicit || cross > 0);

  uint8_t *imem = malloc(GSIZE);
  assert_non_null(imem);
  memcpy(imem, mem, GSIZE);
  uint32_t sgpr[28];
  memcpy(sgpr, ts, 32);
  for (unsigned k = 0; k < 4; k++) memcpy(sgpr + 8 + 4 * k, ss[k], 16);
  uint64_t io[2] = {GBASE + IO_OFF, GBASE + OUT_OFF};
  for (int i = 0; i < 2; i++) {
    sgpr[24 + 2 * i] = (uint32_t)io[i];
    sgpr[25 + 2 * i] = (uint32_t)(io[i] >> 32);
  }
  char name[96];
  snprintf(name, sizeof name, "%s %s", c->name, v->name);
  image_wave_interp(name, kernel(c, v), wave, sgpr, 28, imem, GBASE, GSIZE);
  size_t count = image_wave_device(dev, name, kernel(c, v), wave, sgpr, 28, mem, GBASE, GSIZE);

  struct ref rf = {.c = c, .lay = &lay, .tex = mem};
  const uint32_t *out = (const uint32_t *)(mem + OUT_OFF);
  unsigned bad = 0, crossed = 0;
  n_across = n_corners = 0;
  for (unsigned l = 0; l < wave; l++) {
    float u = addr[l][0] - 1.0f, w = addr[l][1] - 1.0f;
    float edge = 0.5f / (float)c->size; /* within half a level-0 texel of an edge */
    crossed += u < edge || u > 1.0f - edge || w < edge || w > 1.0f - edge;
    for (unsigned i = 0; i < nops; i++) {
      unsigned s = i % 4;
      struct form f = form_of(op_of(v, i));
      uint32_t want[4];
      /* _cd: the quad's top left lane's derivatives */
      rf.deriv = f.deriv ? derivs[f.coarse ? l & ~3u : l] : f.implicit ? quad[l] : NULL;
      rf.lod = f.lod;
      rf.compare = f.compare;
      rf.ref = refs[l];
      rf.has_bias = f.bias;
      rf.bias = biases[l];
      rf.clamp = f.clamp;
      rf.clampv = clamps[l];
      rf.get_lod = f.get_lod;
      ref_sample(&rf, s, addr[l], lods[l], f.gather ? (int)s : -1, want);
      for (unsigned k = 0; c->uniform && seamless_of(s) && k < 4; k++) /* the value itself */
        assert_int_equal(want[k], f2u((float)uniform_bytes[f.gather ? s : k] / 255.0f));
      for (unsigned k = 0; k < 4; k++) {
        uint32_t got = out[32 * l + 4 * i + k],
                 ig = ((const uint32_t *)(imem + OUT_OFF))[32 * l + 4 * i + k];
        if (got != want[k] && bad++ < 16)
          fprintf(stderr,
                  "%s wave%u lane %u %s sampler %u comp %u: 0x%08x (%g, interpreter 0x%08x) "
                  "want 0x%08x (%g); s %g t %g q %g lod %g bias %g clamp %g\n",
                  name, wave, l, op_of(v, i), s, k, got, (double)u2f(got), ig, want[k],
                  (double)u2f(want[k]), (double)addr[l][0], (double)addr[l][1], (double)addr[l][2],
                  (double)lods[l], (double)biases[l], (double)clamps[l]);
      }
    }
  }
  for (uint64_t i = 0; i < GSIZE; i++)
    if (mem[i] != imem[i] && bad++ < 24)
      fprintf(stderr, "%s wave%u: window byte 0x%llx: device 0x%02x, interpreter 0x%02x\n", name,
              wave, (unsigned long long)(GBASE + i), mem[i], imem[i]);
  assert_true(crossed >= wave / 8);     /* the directions reach the edges */
  assert_true(n_across > 0 || !texels); /* and footprints cross them */
  if (!bad)
    printf(
        "%s wave%u: %u lanes x %u instructions (%u near an edge, %u quads across faces; %u "
        "texels across an edge, %u corners) as computed in C and as the interpreter (module "
        "%zu KB)\n",
        name, wave, wave, nops, crossed, implicit ? cross : 0, n_across, n_corners,
        count * 4 / 1024);
  assert_int_equal(bad, 0);
  free(imem);
  free(mem);
}

/* the variants of each case (indices into variants[]) */
static const uint32_t case_variants[] = {
    1u << 0 | 1u << 1 | 1u << 4 | 1u << 6 | 1u << 8, /* cube RGBA8 */
    1u << 0 | 1u << 1 | 1u << 2 | 1u << 7 | 1u << 8, /* cube array RGBA16F */
    1u << 0 | 1u << 1,                               /* uniform cube RGBA8 */
    1u << 3 | 1u << 5,                               /* depth cube */
};
_Static_assert(sizeof case_variants / sizeof *case_variants == sizeof cases / sizeof *cases,
               "a variant set per case");

static void cube_cases(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    for (size_t k = 0; k < sizeof variants / sizeof *variants; k++)
      if ((case_variants[i] >> k & 1) &&
          (!getenv("CUBE_ONLY") || !strcmp(getenv("CUBE_ONLY"), variants[k].name)))
        run_case(&cases[i], &variants[k]);
}

#define STORE_V0 "s_waitcnt vmcnt(0)\nglobal_store_dword v4, v0, s[12:13]\ns_endpgm\n"

/* texel offsets on a cube map (SPIR-V has none) are refused with their reason */
static void refusals(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!test_part_first()) return; /* the first ctest part checks them */
  static const char *const k[] = {
      "image_sample_lz_o v[0:3], v[4:7], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_CUBE\n" STORE_V0,
      "image_gather4_lz_o v[0:3], v[4:7], s[0:7], s[8:11] dmask:0x1 "
      "dim:SQ_RSRC_IMG_CUBE\n" STORE_V0,
  };
  for (size_t i = 0; i < sizeof k / sizeof *k; i++)
    image_expect_refusal(k[i], "texel offsets on a cube map");
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(cube_cases), cmocka_unit_test(refusals)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  if (!dev && r == 0) return 77;
  return r;
}
