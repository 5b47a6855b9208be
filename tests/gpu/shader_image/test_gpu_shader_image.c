/* Image loads, stores and queries on the Vulkan device (docs/shader-spirv.md, "Images").
 *
 * Each case lays out a surface in guest memory with the tiling library (its CPU address
 * functions are exact against addrlib's golden data: tests/unit/tiling), describes it with
 * a T#, and runs one kernel in wave32 and wave64: every lane loads the element at its
 * coordinates (x, [y], [slice or z], mip) with image_load_mip, queries the level with
 * image_get_resinfo, and stores its data at the same coordinates into a second surface of
 * the same shape with image_store_mip. Some lanes' coordinates are outside the level, the
 * layers or the T#'s levels: their loads give 0 (then DST_SEL) and their stores are dropped.
 * Expected values are computed here in C from the format's definition (UNORM: r / (2^n - 1)
 * correctly rounded; stores clamped and rounded to nearest even), the T#'s DST_SEL and the
 * library's element offsets; the stored surface is compared byte for byte (padding and the
 * elements no lane stored keep their fill). */
#include "xl_test_harness.h"

#include "float_bits.h"

#include <math.h>

#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/image_model.h"
#include "gpu/shader/dispatch/shader_memory.h"
#include "gpu/shader/ir/ir_tsharp.h"
#include "gpu/tiling/tiling.h"
#include "gpu/tiling/tiling_desc.h"
#include "spv_check.h"
#include "vk_test_device.h"
#include "image_wave_run.h"

static vk_device *dev;

#define GBASE 0x200000000ull
#define GSIZE (16u << 20)
#define SRC_OFF 0u
#define DST_OFF (6u << 20)
#define IO_OFF (12u << 20) /* coordinates, data, load results, query results: 1 KiB each */
#define FILL 0xa5u

enum cls { UINT, SINT, UNORM, SNORM, FLOAT, SRGB };
static uint32_t half_of(float x);
static float float_of_half(uint32_t h);
/* the GFX10 image formats used here: components, bits each, class */
static const struct {
  uint32_t fmt, comps, bits;
  enum cls cls;
} formats[] = {
    {5, 1, 8, UINT},    /* 8_UINT */
    {7, 1, 16, UNORM},  /* 16_UNORM */
    {20, 1, 32, UINT},  /* 32_UINT */
    {21, 1, 32, SINT},  /* 32_SINT */
    {27, 2, 16, UINT},  /* 16_16_UINT */
    {56, 4, 8, UNORM},  /* 8_8_8_8_UNORM */
    {57, 4, 8, SNORM},  /* 8_8_8_8_SNORM */
    {61, 4, 8, SINT},   /* 8_8_8_8_SINT */
    {71, 4, 16, FLOAT}, /* 16_16_16_16_FLOAT */
    {77, 4, 32, FLOAT}, /* 32_32_32_32_FLOAT */
    {128, 1, 8, SRGB},  /* 8_SRGB (image-only GFX10 format) */
    {130, 4, 8, SRGB}   /* 8_8_8_8_SRGB */
};

struct img_case {
  const char *name, *dim;
  unsigned nc; /* coordinates before the mip */
  uint32_t type, mode, format, width, height, depth, levels, base_level, last_level, base_array;
  uint32_t pbx;
  uint8_t sel[4];
};

#define SEL_ID \
  { 4, 5, 6, 7 }
static const struct img_case cases[] = {
    {"4kb_s_2d_srgba8_mips", "SQ_RSRC_IMG_2D", 2, IR_TSHARP_2D, TILING_SW_4KB_S, 130, 45, 30, 1, 4,
     0, 3, 0, 0, SEL_ID},
    {"linear_2d_array_r8_srgb",
     "SQ_RSRC_IMG_2D_ARRAY",
     3,
     IR_TSHARP_2D_ARRAY,
     TILING_SW_LINEAR,
     128,
     40,
     9,
     2,
     1,
     0,
     0,
     0,
     0,
     {4, 4, 0, 5}},
    {"linear_2d_array_rgba8", "SQ_RSRC_IMG_2D_ARRAY", 3, IR_TSHARP_2D_ARRAY, TILING_SW_LINEAR, 56,
     37, 23, 3, 4, 0, 3, 0, 0, SEL_ID},
    {"4kb_s_array_r32_tail",
     "SQ_RSRC_IMG_2D_ARRAY",
     3,
     IR_TSHARP_2D_ARRAY,
     TILING_SW_4KB_S,
     20,
     40,
     33,
     3,
     6,
     1,
     5,
     1,
     0,
     {4, 1, 0, 4}},
    {"64kb_s_3d_rg16", "SQ_RSRC_IMG_3D", 3, IR_TSHARP_3D, TILING_SW_64KB_S, 27, 20, 12, 9, 3, 0, 2,
     0, 0, SEL_ID},
    {"64kb_r_x_2d_rgba32f_xor",
     "SQ_RSRC_IMG_2D",
     2,
     IR_TSHARP_2D,
     TILING_SW_64KB_R_X,
     77,
     70,
     50,
     1,
     7,
     0,
     6,
     0,
     0x300,
     {6, 5, 4, 7}},
    {"linear_1d_r16",
     "SQ_RSRC_IMG_1D",
     1,
     IR_TSHARP_1D,
     TILING_SW_LINEAR,
     7,
     100,
     1,
     1,
     3,
     0,
     2,
     0,
     0,
     {4, 4, 1, 0}},
    {"256b_d_2d_rgba8i", "SQ_RSRC_IMG_2D", 2, IR_TSHARP_2D, TILING_SW_256B_D, 61, 30, 20, 1, 3, 0,
     2, 0, 0, SEL_ID},
    {"4kb_s_3d_r32_mips", "SQ_RSRC_IMG_3D", 3, IR_TSHARP_3D, TILING_SW_4KB_S, 20, 19, 21, 17, 5, 0,
     4, 0, 0, SEL_ID},
    {"4kb_s_1d_array_r32", "SQ_RSRC_IMG_1D_ARRAY", 2, IR_TSHARP_1D_ARRAY, TILING_SW_4KB_S, 21, 300,
     1, 6, 4, 0, 3, 2, 0, SEL_ID},
    {"64kb_z_x_3d_r8", "SQ_RSRC_IMG_3D", 3, IR_TSHARP_3D, TILING_SW_64KB_Z_X, 5, 33, 17, 5, 4, 0, 3,
     0, 0, SEL_ID},
    {"64kb_s_x_2d_array_rgba8_snorm",
     "SQ_RSRC_IMG_2D_ARRAY",
     3,
     IR_TSHARP_2D_ARRAY,
     TILING_SW_64KB_S_X,
     57,
     50,
     40,
     2,
     3,
     0,
     2,
     0,
     0xc100,
     {7, 6, 5, 4}},
    {"4kb_d_2d_rgba16f", "SQ_RSRC_IMG_2D", 2, IR_TSHARP_2D, TILING_SW_4KB_D, 71, 33, 20, 1, 4, 0, 3,
     0, 0, SEL_ID},
    {"4kb_s_x_2d_rg16_mips", "SQ_RSRC_IMG_2D", 2, IR_TSHARP_2D, TILING_SW_4KB_S_X, 27, 64, 64, 1, 7,
     2, 6, 0, 0x500, SEL_ID},
};

static uint32_t rng = 12345;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}
static uint32_t lsize(uint32_t s, uint32_t l) { return s >> l ? s >> l : 1; }

struct fmt_info {
  uint32_t comps, bits;
  enum cls cls;
};

static struct fmt_info fmt_of(uint32_t f) {
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    if (formats[i].fmt == f)
      return (struct fmt_info){formats[i].comps, formats[i].bits, formats[i].cls};
  fail();
  return (struct fmt_info){0, 0, UINT};
}

/* component value of raw bits R (n bits) */
static uint32_t comp_value(struct fmt_info f, unsigned k, uint32_t r) {
  uint32_t full = f.bits == 32 ? ~0u : (1u << f.bits) - 1;
  if (f.cls == SRGB && k == 3) f.cls = UNORM; /* alpha is linear */
  switch (f.cls) {
    case SRGB: { /* the sRGB EOTF (IEC 61966-2-1) of r/255, rounded to f32 */
      double v = r / 255.0;
      return f2u((float)(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)));
    }
    case UNORM: return f2u((float)r / (float)full);
    case SNORM: {
      int32_t v = (int32_t)(r << (32 - f.bits)) >> (32 - f.bits);
      float x = (float)v / (float)(full >> 1);
      return f2u(x < -1.0f ? -1.0f : x);
    }
    case FLOAT: return f.bits == 16 ? f2u(float_of_half(r)) : r;
    case SINT: return f.bits == 32 ? r : (uint32_t)((int32_t)(r << (32 - f.bits)) >> (32 - f.bits));
    default: return r;
  }
}
/* bits stored for value V */
static uint32_t comp_bits(struct fmt_info f, unsigned k, uint32_t v) {
  if (f.bits == 32) return v;
  uint32_t full = (1u << f.bits) - 1;
  int32_t half = (int32_t)(full >> 1);
  float x;
  memcpy(&x, &v, 4);
  if (f.cls == SRGB && k == 3) f.cls = UNORM; /* alpha is linear */
  switch (f.cls) {
    case SRGB: { /* the sRGB OETF, clamped to 0..1 (NaN 0), to 8 bits nearest */
      if (isnan(x) || x <= 0) return 0;
      if (x >= 1) return 255;
      double d = x, e = d <= 0.0031308 ? 12.92 * d : 1.055 * pow(d, 1 / 2.4) - 0.055;
      return (uint32_t)nearbyint(255 * e);
    }
    case SNORM: {
      if (isnan(x)) return 0;
      double d = (double)(x < -1.0f ? -1.0f : x) * half;
      d = d < -half ? -half : d > half ? half : d;
      return (uint32_t)(int32_t)nearbyint(d) & full;
    }
    case FLOAT: return half_of(x);
    case UNORM: {
      if (isnan(x)) return 0;
      double d = (double)x * full;
      d = d < 0 ? 0 : d > full ? full : d;
      return (uint32_t)nearbyint(d);
    }
    case SINT: {
      int32_t s = (int32_t)v;
      s = s > half ? half : s < -half - 1 ? -half - 1 : s;
      return (uint32_t)s & full;
    }
    default: return v > full ? full : v;
  }
}

struct lane {
  uint32_t x, y, s, mip;
  bool in;
};

/* D16: 16-bit data, two components per VGPR (f16 for the float classes, the low 16 bits
 * for the integer ones) */
static bool d16;

/* f32 -> f16 bits, nearest even (IEEE 754 binary16; NaN: the IR's quiet NaN, as
 * ir_small_float_bits) */
static uint32_t half_of(float x) {
  uint32_t u = f2u(x), s = u >> 16 & 0x8000;
  if (isnan(x)) return s | 0x7e00;
  double a = fabs((double)x);
  if (a >= 65520.0) return s | 0x7c00; /* past the halfway point above 65504 */
  if (a < 0x1p-14)
    return s | (uint32_t)nearbyint(a * 0x1p24); /* subnormal (1024: the smallest normal) */
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
static float float_of_half(uint32_t h) {
  uint32_t e = h >> 10 & 31, m = h & 1023, s = h & 0x8000 ? 1u << 31 : 0;
  if (e == 31) {
    uint32_t u = s | 0x7f800000u | m << 13;
    float f;
    memcpy(&f, &u, 4);
    return f;
  }
  double v = e ? ldexp(m + 1024.0, (int)e - 25) : ldexp(m, -24);
  return (float)(s ? -v : v);
}

static uint32_t to16(struct fmt_info f, uint32_t v) {
  if (f.cls == UINT || f.cls == SINT) return v & 0xffff;
  float x;
  memcpy(&x, &v, 4);
  return half_of(x);
}
static uint32_t from16(struct fmt_info f, uint32_t h) {
  if (f.cls == SINT) return (uint32_t)(int32_t)(int16_t)h;
  if (f.cls == UINT) return h & 0xffff;
  return f2u(float_of_half(h & 0xffff));
}

static char *kernel(const struct img_case *c) {
  static char src[2048];
  unsigned last = 2 + c->nc;
  if (d16) {
    snprintf(src, sizeof src,
             "v_lshlrev_b32 v1, 4, v0\n"
             "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
             "global_load_dwordx4 v[10:13], v1, s[18:19]\n"
             "s_waitcnt vmcnt(0)\n"
             "image_load_mip v[6:7], v[2:%u], s[0:7] dmask:0xf dim:%s unorm d16\n"
             "image_get_resinfo v[14:17], v%u, s[0:7] dmask:0xf dim:%s unorm\n"
             "s_waitcnt vmcnt(0)\n"
             "global_store_dwordx4 v1, v[6:9], s[20:21]\n"
             "global_store_dwordx4 v1, v[14:17], s[22:23]\n"
             "image_store_mip v[10:11], v[2:%u], s[8:15] dmask:0xf dim:%s unorm d16\n"
             "s_endpgm\n",
             last, c->dim, last, c->dim, last, c->dim);
    return src;
  }
  snprintf(src, sizeof src,
           "v_lshlrev_b32 v1, 4, v0\n"
           "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
           "global_load_dwordx4 v[10:13], v1, s[18:19]\n"
           "s_waitcnt vmcnt(0)\n"
           "image_load_mip v[6:9], v[2:%u], s[0:7] dmask:0xf dim:%s unorm\n"
           "image_get_resinfo v[14:17], v%u, s[0:7] dmask:0xf dim:%s unorm\n"
           "s_waitcnt vmcnt(0)\n"
           "global_store_dwordx4 v1, v[6:9], s[20:21]\n"
           "global_store_dwordx4 v1, v[14:17], s[22:23]\n"
           "image_store_mip v[10:13], v[2:%u], s[8:15] dmask:0xf dim:%s unorm\n"
           "s_endpgm\n",
           last, c->dim, last, c->dim, last, c->dim);
  return src;
}

static void run_case(const struct img_case *c, unsigned wave) {
  struct fmt_info f = fmt_of(c->format);
  uint32_t bpe = f.comps * f.bits / 8;
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
  assert_true(lay.size < DST_OFF - SRC_OFF);
  /* the T#, and the tiling library's own reading of it */
  struct ir_tsharp t = {.base = GBASE + SRC_OFF + c->pbx,
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
  uint32_t ts[8], td[8];
  ir_tsharp_encode(&t, ts);
  struct ir_tsharp back;
  ir_tsharp_decode(ts, &back);
  assert_true(back.base == t.base && back.format == t.format && back.type == t.type &&
              back.sw_mode == t.sw_mode && back.width == t.width && back.height == t.height &&
              back.depth == t.depth && back.base_array == t.base_array &&
              back.base_level == t.base_level && back.last_level == t.last_level &&
              back.levels == t.levels && !memcmp(back.dst_sel, t.dst_sel, 4));
  struct tiling_surface from;
  struct tiling_tsharp info;
  assert_true(tiling_surface_from_tsharp(ts, &from, &info));
  assert_int_equal(from.width, c->width);
  assert_int_equal(from.height, c->height);
  assert_int_equal(from.levels, c->levels);
  assert_int_equal(from.pipe_bank_xor, c->pbx);
  assert_int_equal(info.base, GBASE + SRC_OFF);
  t.base = GBASE + DST_OFF + c->pbx;
  ir_tsharp_encode(&t, td);

  uint8_t *mem = calloc(1, GSIZE);
  assert_non_null(mem);
  for (uint64_t i = 0; i < lay.size; i++) mem[SRC_OFF + i] = (uint8_t)rnd();
  memset(mem + DST_OFF, FILL, lay.size + 4096);
  uint32_t *io = (uint32_t *)(mem + IO_OFF);
  uint32_t *co = io, *data = io + 256, *res = io + 512, *qry = io + 768;
  /* lanes: unique in-range coordinates, every eighth lane outside something */
  struct lane ln[64];
  uint32_t nlev = c->last_level - c->base_level + 1;
  uint32_t layers = c->depth - c->base_array;
  for (unsigned l = 0; l < wave; l++) {
    struct lane *p = &ln[l];
    for (;;) {
      p->mip = rnd() % nlev;
      uint32_t lv = c->base_level + p->mip;
      uint32_t w = lsize(c->width, lv), h = lsize(c->height, lv);
      uint32_t ns = is3d ? lsize(c->depth, lv) : layers;
      p->x = rnd() % w;
      bool a1 = c->type == IR_TSHARP_1D_ARRAY; /* x, layer */
      p->y = c->nc >= 2 && !a1 ? rnd() % h : 0;
      p->s = c->nc >= 3 || a1 ? rnd() % ns : 0;
      p->in = true;
      if (l % 8 == 7) {
        p->in = false;
        switch ((l / 8) % 4) {
          case 0: p->x = w + l % 3; break;
          case 1:
            if (a1) p->s = ns;
            else if (c->nc >= 2) p->y = h;
            else p->x = w + 100;
            break;
          case 2:
            if (c->nc >= 3) p->s = ns;
            else p->x = ~0u;
            break;
          default: p->mip = nlev + (l & 1); break;
        }
        break;
      }
      bool dup = false;
      for (unsigned k = 0; k < l; k++)
        dup |= ln[k].in && ln[k].x == p->x && ln[k].y == p->y && ln[k].s == p->s &&
               ln[k].mip == p->mip;
      if (!dup) break;
    }
    uint32_t v[4] = {p->x, p->y, p->s, 0}, n = 0;
    co[4 * l + n++] = p->x;
    if (c->nc >= 2) co[4 * l + n++] = c->type == IR_TSHARP_1D_ARRAY ? p->s : p->y;
    if (c->nc >= 3) co[4 * l + n++] = p->s;
    co[4 * l + n++] = p->mip;
    (void)v;
    for (unsigned k = 0; k < 4; k++) {
      uint32_t r = rnd();
      if (f.cls == SNORM || (f.cls == FLOAT && f.bits == 16)) {
        static const float special[] = {-1.5f, -1.0f, 1.0f, 1.5f, 0.5f / 127, -0.0f, NAN, 70000.0f};
        data[4 * l + k] =
            r % 4 == 0 ? f2u(special[(r >> 4) % 8]) : f2u((float)(r % 3000) / 1000.0f - 1.5f);
      } else if (f.cls == UNORM || f.cls == SRGB) {
        static const float special[] = {-0.5f,      0.0f,         1.0f, 1.5f,
                                        0.5f / 255, 2.5f / 65535, NAN,  -0.0f};
        data[4 * l + k] =
            r % 4 == 0 ? f2u(special[(r >> 4) % 8]) : f2u((float)(r % 1400) / 1000.0f - 0.2f);
      } else {
        data[4 * l + k] = r % 3 == 0   ? r & 0xff
                          : r % 3 == 1 ? (uint32_t) - (int32_t)(r & 0x7fff)
                                       : r;
      }
    }
    if (d16) { /* four 16-bit values in dwords 0 and 1 */
      uint32_t h[4];
      for (unsigned k = 0; k < 4; k++) h[k] = to16(f, data[4 * l + k]);
      data[4 * l] = h[0] | h[1] << 16;
      data[4 * l + 1] = h[2] | h[3] << 16;
      data[4 * l + 2] = data[4 * l + 3] = 0;
    }
  }
  uint32_t *dst_expect = NULL;
  uint8_t *want = malloc(lay.size + 4096);
  assert_non_null(want);
  memset(want, FILL, lay.size + 4096);
  (void)dst_expect;

  /* the interpreter with the C image model, on its own copy of the window */
  uint8_t *imem = malloc(GSIZE);
  assert_non_null(imem);
  memcpy(imem, mem, GSIZE);
  /* s0-s7 the T#, s8-s15 a second descriptor, s16-s23 the four I/O addresses */
  uint32_t sgpr[24];
  memcpy(sgpr, ts, 32);
  memcpy(sgpr + 8, td, 32);
  for (int i = 0; i < 4; i++) {
    uint64_t a = GBASE + IO_OFF + 1024u * (unsigned)i;
    sgpr[16 + 2 * i] = (uint32_t)a;
    sgpr[17 + 2 * i] = (uint32_t)(a >> 32);
  }
  image_wave_interp(c->name, kernel(c), wave, sgpr, 24, imem, GBASE, GSIZE);
  image_wave_device(dev, c->name, kernel(c), wave, sgpr, 24, mem, GBASE, GSIZE);

  unsigned bad = 0;
  for (unsigned l = 0; l < wave; l++) {
    const struct lane *p = &ln[l];
    uint32_t lv = c->base_level + p->mip;
    uint32_t slice = is3d ? p->s : c->base_array + p->s;
    uint32_t cv[4] = {0, 0, 0, 0};
    uint32_t one = f.cls == UINT || f.cls == SINT ? 1 : f2u(1.0f);
    uint64_t off = 0;
    if (p->in) {
      off = tiling_element_offset(&lay, lv, p->x, p->y, slice, 0);
      for (unsigned k = 0; k < 4; k++) {
        uint32_t r = 0;
        if (k < f.comps) memcpy(&r, mem + SRC_OFF + off + k * f.bits / 8, f.bits / 8);
        cv[k] = k < f.comps ? comp_value(f, k, r) : k == 3 ? one : 0;
      }
    }
    uint32_t exp[4], q[4];
    for (unsigned k = 0; k < 4; k++) {
      uint8_t s = c->sel[k];
      exp[k] = s == 1 ? one : s >= 4 ? cv[s - 4] : 0;
    }
    if (d16) { /* packed two per dword; the two registers after them keep their 0 */
      uint32_t h[4];
      for (unsigned k = 0; k < 4; k++) h[k] = to16(f, exp[k]);
      exp[0] = h[0] | h[1] << 16;
      exp[1] = h[2] | h[3] << 16;
      exp[2] = exp[3] = 0;
    }
    /* resinfo: the level's size (at least 1), layers or depth, levels base..last */
    q[0] = lsize(c->width, lv);
    q[1] = c->type == IR_TSHARP_1D         ? 1
           : c->type == IR_TSHARP_1D_ARRAY ? layers
                                           : lsize(c->height, lv);
    q[2] = is3d ? lsize(c->depth, lv) : c->type == IR_TSHARP_2D_ARRAY ? layers : 1;
    q[3] = nlev;
    for (unsigned k = 0; k < 4; k++) {
      if (res[4 * l + k] != exp[k] || qry[4 * l + k] != q[k]) {
        if (bad < 8 && k == 0 && p->in && f.bits == 32)
          for (uint64_t o = 0; o + 4 <= lay.size; o += 4)
            if (!memcmp(mem + SRC_OFF + o, &res[4 * l], 4))
              fprintf(stderr,
                      "  the value read is at offset 0x%llx, the element at 0x%llx (level %u, in "
                      "tail %d at %u,%u)\n",
                      (unsigned long long)o, (unsigned long long)off, lv, lay.level[lv].in_tail,
                      lay.level[lv].tail_x, lay.level[lv].tail_y);
        if (bad++ < 8)
          fprintf(stderr,
                  "%s wave%u lane %u (x %u y %u s %u mip %u%s) comp %u: load 0x%x want 0x%x, "
                  "resinfo %u want %u\n",
                  c->name, wave, l, p->x, p->y, p->s, p->mip, p->in ? "" : ", out", k,
                  res[4 * l + k], exp[k], qry[4 * l + k], q[k]);
      }
    }
    if (!p->in) continue;
    for (unsigned j = 0; j < f.comps; j++) {
      uint32_t v = 0;
      for (int k = 3; k >= 0; k--)
        if (c->sel[k] == 4 + j)
          v = d16 ? from16(f, data[4 * l + k / 2] >> (16 * (k & 1)) & 0xffff) : data[4 * l + k];
      uint32_t b = comp_bits(f, j, v);
      memcpy(want + off + j * f.bits / 8, &b, f.bits / 8);
    }
  }
  for (uint64_t i = 0; i < lay.size + 4096; i++)
    if (mem[DST_OFF + i] != want[i] && bad++ < 16)
      fprintf(stderr, "%s wave%u: stored byte 0x%llx is 0x%02x, want 0x%02x\n", c->name, wave,
              (unsigned long long)i, mem[DST_OFF + i], want[i]);
  /* the device's window byte for byte the interpreter's */
  for (uint64_t i = 0; i < GSIZE; i++)
    if (mem[i] != imem[i] && bad++ < 24)
      fprintf(stderr, "%s wave%u: window byte 0x%llx: device 0x%02x, interpreter 0x%02x\n", c->name,
              wave, (unsigned long long)(GBASE + i), mem[i], imem[i]);
  if (!bad)
    printf(
        "%s wave%u%s: %u lanes, loads, queries and stores as computed in C and as the "
        "interpreter\n",
        c->name, wave, d16 ? " d16" : "", wave);
  assert_int_equal(bad, 0);
  free(imem);
  free(want);
  free(mem);
}

static void image_cases(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    run_case(&cases[i], 32);
    run_case(&cases[i], 64);
    d16 = true;
    run_case(&cases[i], 32);
    d16 = false;
  }
}

/* image_atomic_add and image_atomic_cmpswap (glc) on 32_UINT surfaces (4 KiB S_X, 2D array
 * from layer 1): each lane adds its value to its own element, except every lane with l % 8
 * == 3, which all hit one element; then compare-and-swap on a second surface at the same
 * places (half the lanes with the element's value as the compare value). Lanes l % 8 == 7
 * are outside the image: 0 returned, nothing written. Expected from C: the final memory;
 * the returned values of the shared element are the running sums of some order of the lanes
 * (add) and, for cmpswap, exactly one lane sees the first value and wins, the others see
 * its new value. */
static void atomics_run(unsigned wave) {
  static const struct img_case c0 = {"atomics",
                                     "SQ_RSRC_IMG_2D_ARRAY",
                                     3,
                                     IR_TSHARP_2D_ARRAY,
                                     TILING_SW_4KB_S_X,
                                     20,
                                     45,
                                     30,
                                     3,
                                     1,
                                     0,
                                     0,
                                     1,
                                     0x200,
                                     SEL_ID};
  const struct img_case *c = &c0;
  struct tiling_surface surf = {.mode = c->mode,
                                .bpe = 4,
                                .width = c->width,
                                .height = c->height,
                                .depth = c->depth,
                                .levels = 1,
                                .fragments = 1,
                                .dim = TILING_DIM_2D,
                                .pipe_bank_xor = c->pbx};
  struct tiling_layout lay;
  assert_true(tiling_compute_layout(&surf, &lay));
  struct ir_tsharp t = {.base = GBASE + SRC_OFF + c->pbx,
                        .format = 20,
                        .type = c->type,
                        .sw_mode = c->mode,
                        .width = c->width,
                        .height = c->height,
                        .depth = c->depth,
                        .base_array = 1,
                        .levels = 1};
  memcpy(t.dst_sel, c->sel, 4);
  uint32_t ts[8], td[8];
  ir_tsharp_encode(&t, ts);
  t.base = GBASE + DST_OFF + c->pbx;
  ir_tsharp_encode(&t, td);
  uint8_t *mem = calloc(1, GSIZE);
  assert_non_null(mem);
  for (uint64_t i = 0; i < lay.size; i++) mem[SRC_OFF + i] = mem[DST_OFF + i] = (uint8_t)rnd();
  uint8_t *src0 = malloc(lay.size), *dst0 = malloc(lay.size);
  assert_true(src0 && dst0);
  memcpy(src0, mem + SRC_OFF, lay.size);
  memcpy(dst0, mem + DST_OFF, lay.size);
  uint32_t *io = (uint32_t *)(mem + IO_OFF);
  uint32_t *co = io, *cs = io + 256, *r_add = io + 512, *r_cas = io + 768;
  struct lane ln[64];
  uint64_t off[64];
  for (unsigned l = 0; l < wave; l++) {
    struct lane *p = &ln[l];
    for (;;) {
      p->x = l % 8 == 3 ? 7 : rnd() % c->width;
      p->y = l % 8 == 3 ? 5 : rnd() % c->height;
      p->s = l % 8 == 3 ? 1 : rnd() % 2;
      p->in = l % 8 != 7;
      if (!p->in) {
        p->s = 2; /* layer 1 + 2 is past the last layer (2) */
        break;
      }
      bool dup = false;
      for (unsigned k = 0; k < l && l % 8 != 3; k++)
        dup |= ln[k].in && ln[k].x == p->x && ln[k].y == p->y && ln[k].s == p->s;
      if (l % 8 == 3) dup = false;
      if (!dup && !(l % 8 != 3 && p->x == 7 && p->y == 5 && p->s == 1)) break;
    }
    off[l] = p->in ? tiling_element_offset(&lay, 0, p->x, p->y, 1 + p->s, 0) : 0;
    uint32_t cur;
    memcpy(&cur, dst0 + off[l], 4);
    co[4 * l] = p->x;
    co[4 * l + 1] = p->y;
    co[4 * l + 2] = p->s;
    co[4 * l + 3] = l % 8 == 3 ? 1 : rnd() % 1000;           /* the add operand */
    cs[4 * l] = rnd();                                       /* new */
    cs[4 * l + 1] = l % 8 == 3 || rnd() % 2 ? cur : cur + 1; /* compare */
  }
  static const char k_src[] =
      "v_lshlrev_b32 v1, 4, v0\n"
      "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
      "global_load_dwordx4 v[10:13], v1, s[18:19]\n"
      "s_waitcnt vmcnt(0)\n"
      "v_mov_b32 v6, v5\n"
      "image_atomic_add v6, v[2:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY unorm glc\n"
      "image_atomic_cmpswap v[10:11], v[2:4], s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_2D_ARRAY unorm "
      "glc\n"
      "s_waitcnt vmcnt(0)\n"
      "global_store_dword v1, v6, s[20:21]\n"
      "global_store_dword v1, v10, s[22:23]\n"
      "s_endpgm\n";
  struct shader_memory *m = shader_memory_create(dev);
  assert_non_null(m);
  char err[256];
  assert_true(shader_memory_map(m, GBASE, mem, GSIZE, false, err, sizeof err));
  size_t n, count;
  uint32_t *w = assemble(k_src, &n, wave == 64), *spv = NULL;
  struct shader_spec spec = {.wave_size = wave, .float_mode = 0xf0, .entry_vgprs = 1};
  bool barrier;
  bool ok = shader_compile(w, n, &spec, NULL, &spv, &count, &barrier, err, sizeof err);
  if (!ok) fprintf(stderr, "compile: %s\n", err);
  assert_true(ok);
  assert_true(spv_check_valid(spv, count));
  struct spirv_wave_state *st = calloc(1, sizeof *st);
  assert_non_null(st);
  memcpy(st->sgpr, ts, 32);
  memcpy(st->sgpr + 8, td, 32);
  for (int i = 0; i < 4; i++) {
    uint64_t a = GBASE + IO_OFF + 1024u * (unsigned)i;
    st->sgpr[16 + 2 * i] = (uint32_t)a;
    st->sgpr[17 + 2 * i] = (uint32_t)(a >> 32);
  }
  st->exec[0] = ~0u;
  st->exec[1] = wave == 64 ? ~0u : 0;
  for (uint32_t l = 0; l < wave; l++) st->vgpr[0][l] = l;
  ok = shader_dispatch_memory(dev, spv, count, st, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                              sizeof err);
  if (!ok) fprintf(stderr, "dispatch: %s\n", err);
  assert_true(ok);
  shader_memory_download(m, GBASE, GSIZE);
  /* expected memory: adds and swaps applied in lane order (the shared element's final
   * value does not depend on the order for add; for cmpswap the winner is found below) */
  uint32_t hot_sum = 0, hot_n = 0, hot_init = 0, hot_cas_init = 0, winner = ~0u;
  for (unsigned l = 0; l < wave; l++) {
    if (!ln[l].in) {
      assert_int_equal(r_add[l * 4], 0);
      assert_int_equal(r_cas[l * 4], 0);
      continue;
    }
    uint32_t v;
    memcpy(&v, src0 + off[l], 4);
    if (l % 8 == 3) {
      hot_init = v;
      hot_n++;
      memcpy(&hot_cas_init, dst0 + off[l], 4);
      if (r_cas[l * 4] == hot_cas_init) {
        assert_int_equal(winner, ~0u); /* one winner */
        winner = l;
      }
      continue;
    }
    assert_int_equal(r_add[l * 4], v);
    v += co[4 * l + 3];
    memcpy(src0 + off[l], &v, 4);
    uint32_t d;
    memcpy(&d, dst0 + off[l], 4);
    assert_int_equal(r_cas[l * 4], d);
    if (d == cs[4 * l + 1]) memcpy(dst0 + off[l], &cs[4 * l], 4);
  }
  /* the shared element: the returned values are init .. init + n - 1 (adds of 1) */
  uint64_t seen = 0;
  for (unsigned l = 3; l < wave; l += 8) {
    uint32_t k = r_add[l * 4] - hot_init;
    assert_true(k < hot_n && !(seen >> k & 1));
    seen |= 1ull << k;
  }
  hot_sum = hot_init + hot_n;
  assert_true(winner != ~0u);
  for (unsigned l = 3; l < wave; l += 8)
    if (l != winner) assert_int_equal(r_cas[l * 4], cs[4 * winner]);
  uint64_t hot_off = tiling_element_offset(&lay, 0, 7, 5, 2, 0);
  memcpy(src0 + hot_off, &hot_sum, 4);
  memcpy(dst0 + hot_off, &cs[4 * winner], 4);
  assert_memory_equal(mem + SRC_OFF, src0, lay.size);
  assert_memory_equal(mem + DST_OFF, dst0, lay.size);
  printf("atomics wave%u: add and cmpswap, %u lanes on one element, as computed in C\n", wave,
         hot_n);
  shader_memory_destroy(m);
  free(st);
  free(spv);
  free(w);
  free(src0);
  free(dst0);
  free(mem);
}

static void image_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  atomics_run(32);
  atomics_run(64);
}

#define STORE_V0 "s_waitcnt vmcnt(0)\nglobal_store_dword v4, v0, s[12:13]\ns_endpgm\n"

/* Sampling is refused with its reason; so are the forms not emitted. */
static void refusals(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const struct {
    const char *src, *why;
  } k[] = {
      {"image_sample_lz_o v[0:3], v[4:7], s[0:7], s[8:11] dmask:0xf "
       "dim:SQ_RSRC_IMG_CUBE\n" STORE_V0,
       "sampling"},
      {"image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm\n" STORE_V0,
       "MSAA fragments"},
      {"image_sample_lz v[0:1], v[4:5], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D "
       "tfe\n" STORE_V0,
       "fault status"},
      {"image_load_pck v[0:1], v[4:5], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm\n" STORE_V0,
       "_pck"},
  };
  for (size_t i = 0; i < sizeof k / sizeof *k; i++) image_expect_refusal(k[i].src, k[i].why);
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(image_cases), cmocka_unit_test(image_atomics),
                                     cmocka_unit_test(refusals)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  if (!dev && r == 0) return 77;
  return r;
}
