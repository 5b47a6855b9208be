/* The image formats whose texels are not plain components (docs/shader-spirv.md, "Images"):
 * the packed 16-bit UNORM rows (5_6_5, 1_5_5_5, 5_5_5_1, 4_4_4_4, 4_4), the shared-exponent
 * 5_9_9_9, the 4:2:2 GB_GR / BG_RG and the block-compressed BC1..BC7, and the report of a
 * format still not decoded.
 *
 * - fixed_blocks: ir_texel_decode against values worked out by hand from the formats'
 *   definitions (Khronos Data Format Specification: S3TC, RGTC; DXGI's R9G9B9E5 and
 *   R8G8_B8G8 / G8R8_G8B8) and the interpolation rule written in docs/shader-spirv.md.
 * - formats: per format a 13 x 10 surface of two levels (the element grid 4 x 3 blocks for
 *   BCn, 7 x 10 pairs for 4:2:2) of random bytes, 4 KiB S swizzle; one wave32 kernel in which
 *   every lane loads a texel (image_load_mip, some outside the level: 0) and samples level 0
 *   at a texel's centre with a point sampler and with a bilinear one (image_sample_lz). The
 *   device's results equal the interpreter's byte for byte; the loads and the point samples
 *   equal a reference decoder written here from the same definitions (whole 4x4 blocks
 *   decoded into palettes), the element found by the tiling library; for BC6H and BC7 the
 *   reference is the Vulkan device's own decode of the surface's blocks.
 * - bptc_modes: BC6H and BC7 blocks of every mode (reserved ones too) decoded by the Vulkan
 *   device itself (lavapipe: a BC image blitted to a plain one) against ir_texel_decode and
 *   against every texel the module and the interpreter load from a surface of them.
 * - undecoded_format: a T# of 6E4_FLOAT (131, not decoded) and one of 32_32_32_FLOAT on a
 *   4 KiB S surface (96-bit formats are decoded on linear surfaces only): the loads and
 *   samples read 0, and the fault record of the device and the interpreter hold kind "image
 *   format", the format, the load's offset (from llvm-mc-19) and one count per access; the
 *   warning text names them. */
#include "xl_test_harness.h"

#include "float_bits.h"

#include <math.h>
#include <time.h>

#include "gpu/shader/dispatch/image_model.h"
#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/shader_memory.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_ssharp.h"
#include "gpu/shader/ir/ir_texel.h"
#include "gpu/shader/ir/ir_tsharp.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "gpu/tiling/tiling.h"
#include "spv_check.h"
#include "vk_test_device.h"
#include "image_wave_run.h"

static vk_device *dev;

#define GBASE 0x200000000ull
#define GSIZE (1u << 20)
#define IO_OFF (512u << 10)      /* 32 bytes a lane */
#define OUT_OFF (IO_OFF + 4096u) /* 64 bytes a lane */
#define WAVE 32u
#define W 13u
#define H 10u
#define LEVELS 2u

static uint32_t unorm(uint32_t v, uint32_t bits) {
  return f2u((float)((double)v / (double)((1u << bits) - 1)));
}

/* ---- fixed blocks --------------------------------------------------------------------- */

static void expect(uint32_t format, const uint8_t *p, uint32_t sx, uint32_t sy, const float e[4]) {
  struct ir_texel_format f = ir_texel_format_of(format);
  uint32_t out[4];
  ir_texel_decode(&f, p, sx, sy, out);
  for (int k = 0; k < 4; k++) {
    if (out[k] != f2u(e[k]))
      fprintf(stderr, "format %u texel (%u, %u) component %d: %a, expected %a\n", format, sx, sy, k,
              (double)u2f(out[k]), (double)e[k]);
    assert_int_equal(out[k], f2u(e[k]));
  }
}
#define U8(v) ((float)((double)(v) / 255.0))

/* a plain row's element at P (ir_buffer_format_load) against the expected bits E */
static void expect_row(uint32_t format, const uint8_t *p, const uint32_t e[4]) {
  struct ir_buffer_format f = ir_buffer_format_of(format);
  uint32_t out[4];
  assert_true(f.comps != 0);
  ir_buffer_format_load(&f, p, out);
  for (int k = 0; k < 4; k++) {
    if (out[k] != e[k])
      fprintf(stderr, "format %u component %d: %08x, expected %08x\n", format, k, out[k], e[k]);
    assert_int_equal(out[k], e[k]);
  }
}

/* a special format's texel 0 (ir_texel_decode) against the expected bits E */
static void expect_bits(uint32_t format, const uint8_t *p, const uint32_t e[4]) {
  struct ir_texel_format f = ir_texel_format_of(format);
  uint32_t out[4];
  ir_texel_decode(&f, p, 0, 0, out);
  for (int k = 0; k < 4; k++) {
    if (out[k] != e[k])
      fprintf(stderr, "format %u component %d: %08x, expected %08x\n", format, k, out[k], e[k]);
    assert_int_equal(out[k], e[k]);
  }
}

/* N bits of V into the block P from bit *AT on */
static void put_bits(uint8_t *p, uint32_t *at, uint32_t v, uint32_t n) {
  for (uint32_t k = 0; k < n; k++, ++*at) p[*at / 8] |= (uint8_t)((v >> k & 1) << (*at % 8));
}

static void fixed_blocks(void **state) {
  (void)state;
  /* BC1, c0 = pure red 0xf800 > c1 = pure blue 0x001f: four colours; texels 0..3 take codes
   * 0..3: red, blue, (2 red + blue) / 3 = (170, 0, 85), (red + 2 blue) / 3 = (85, 0, 170) */
  const uint8_t bc1[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0};
  expect(169, bc1, 0, 0, (float[]){1, 0, 0, 1});
  expect(169, bc1, 1, 0, (float[]){0, 0, 1, 1});
  expect(169, bc1, 2, 0, (float[]){U8(170), 0, U8(85), 1});
  expect(169, bc1, 3, 0, (float[]){U8(85), 0, U8(170), 1});
  expect(169, bc1, 0, 1, (float[]){1, 0, 0, 1}); /* code 0 */
  /* c0 = blue <= c1 = red: three colours and transparent black; code 2 is the midpoint
   * (255 + 0 + 1) / 2 = 128 */
  const uint8_t bc1t[8] = {0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0};
  expect(169, bc1t, 2, 0, (float[]){U8(128), 0, U8(128), 1});
  expect(169, bc1t, 3, 0, (float[]){0, 0, 0, 0});
  /* a 6-bit green endpoint widens as g << 2 | g >> 4: 0x07e0 (g = 63) is 255, 0x0400 (32)
   * is 130 */
  const uint8_t bc1g[8] = {0xe0, 0x07, 0x00, 0x04, 0x01, 0, 0, 0};
  expect(169, bc1g, 0, 0, (float[]){0, U8(130), 0, 1});
  expect(169, bc1g, 1, 0, (float[]){0, 1, 0, 1});
  /* BC1_SRGB: colour through the EOTF, alpha linear */
  expect(170, bc1, 2, 0, (float[]){ir_srgb_to_linear(170), 0, ir_srgb_to_linear(85), 1});
  /* BC4: a0 = 200 > a1 = 100: eight values; code 2 = (6 * 200 + 100) / 7 = 185.7 -> 186,
   * code 7 = (200 + 6 * 100) / 7 = 114.3 -> 114. Texel 0 code 2, texel 1 code 7 (bits 5:3) */
  const uint8_t bc4[8] = {200, 100, 2 | 7 << 3, 0, 0, 0, 0, 0};
  expect(175, bc4, 0, 0, (float[]){U8(186), 0, 0, 1});
  expect(175, bc4, 1, 0, (float[]){U8(114), 0, 0, 1});
  expect(175, bc4, 2, 0, (float[]){U8(200), 0, 0, 1});
  /* a0 = 100 <= a1 = 200: six values, 6 -> 0, 7 -> 255; code 2 = (4 * 100 + 200) / 5 = 120.
   * Texel 15's code sits in bits 47:45 (byte 7 bits 7:5) */
  const uint8_t bc4b[8] = {100, 200, (2 | 6 << 3 | 7 << 6) & 255, 1, 0, 0, 0, 0xe0};
  expect(175, bc4b, 0, 0, (float[]){U8(120), 0, 0, 1});
  expect(175, bc4b, 1, 0, (float[]){0, 0, 0, 1});
  expect(175, bc4b, 2, 0, (float[]){1, 0, 0, 1});
  expect(175, bc4b, 3, 3, (float[]){1, 0, 0, 1});
  /* BC4_SNORM: a0 = -128 reads as -127 <= a1 = 127: six values; code 2 = (4 (-127) + 127) / 5
   * = -76.2 -> -76; code 6 -1, code 7 +1 */
  const uint8_t bc4s[8] = {0x80, 0x7f, (2 | 6 << 3 | 7 << 6) & 255, 1, 0, 0, 0, 0};
  expect(176, bc4s, 0, 0, (float[]){(float)(-76.0 / 127.0), 0, 0, 1});
  expect(176, bc4s, 1, 0, (float[]){-1, 0, 0, 1});
  expect(176, bc4s, 2, 0, (float[]){1, 0, 0, 1});
  expect(176, bc4s, 3, 0, (float[]){-1, 0, 0, 1}); /* code 0: a0 */
  /* BC5: x from the first block, y from the second */
  uint8_t bc5[16];
  memcpy(bc5, bc4, 8);
  memcpy(bc5 + 8, bc4b, 8);
  expect(177, bc5, 0, 0, (float[]){U8(186), U8(120), 0, 1});
  /* BC2: 4-bit alphas (texel 5: byte 2 high nibble 0xa -> 170), the colour block always in
   * four-colour mode (here c0 <= c1: code 3 still (red + 2 blue) / 3 with c0 = blue) */
  uint8_t bc2[16] = {0, 0, 0xa0, 0, 0, 0, 0, 0, 0x1f, 0x00, 0x00, 0xf8, 0xff, 0xff, 0, 0};
  expect(171, bc2, 1, 1, (float[]){U8(170), 0, U8(85), U8(170)});
  expect(171, bc2, 1, 0, (float[]){U8(170), 0, U8(85), U8(0)});
  /* BC3: alpha a0 = 255 > a1 = 0: code 4 = (4 255 + 3 0) / 7 = 145.7 -> 146 */
  uint8_t bc3[16] = {255, 0, 4, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0};
  expect(173, bc3, 0, 0, (float[]){1, 0, 0, U8(146)});
  expect(173, bc3, 1, 0, (float[]){1, 0, 0, 1}); /* alpha code 0 */
  /* 5_9_9_9: R 256, G 511, B 0 with exponent 15 (bias 15, 9 mantissa bits): 256 * 2^-9 = 0.5,
   * 511 / 512; exponent 31: 511 * 2^7 */
  uint32_t e5 = 256u | 511u << 9 | 0u << 18 | 15u << 27, e5b = 511u | 31u << 27;
  expect(132, (const uint8_t *)&e5, 0, 0, (float[]){0.5f, 511.0f / 512.0f, 0, 1});
  expect(132, (const uint8_t *)&e5b, 0, 0, (float[]){511.0f * 128.0f, 0, 0, 1});
  /* GB_GR: bytes R, G0, B, G1; BG_RG: G0, R, G1, B */
  const uint8_t p422[4] = {10, 20, 30, 40};
  expect(147, p422, 0, 0, (float[]){U8(10), U8(20), U8(30), 1});
  expect(147, p422, 1, 0, (float[]){U8(10), U8(40), U8(30), 1});
  expect(151, p422, 0, 0, (float[]){U8(20), U8(10), U8(40), 1});
  expect(151, p422, 1, 0, (float[]){U8(20), U8(30), U8(40), 1});
  expect(148, p422, 1, 0, (float[]){10.0f / 127.0f, 40.0f / 127.0f, 30.0f / 127.0f, 1});
  expect(149, p422, 1, 0, (float[]){u2f(10), u2f(40), u2f(30), u2f(1)});
  /* 8_24 (Mesa's Z24_UNORM_S8_UINT): depth in bits 23:0, stencil 31:24. Depth 0x800000 as
   * UNORM24 is 8388608 / 16777215 = 0.5 (1 + 1/16777215): 0.5 + 2.98023241e-8, above half
   * the f32 spacing at 0.5 (2^-25 = 2.98023224e-8), so 0x3f000001; stencil 0xab = 171/255 */
  const uint8_t d24[4] = {0x00, 0x00, 0x80, 0xab}, d24b[4] = {0x78, 0x56, 0x34, 0x12};
  expect_row(141, d24, (uint32_t[]){0x3f000001u, f2u(U8(171)), 0, f2u(1)});
  expect_row(142, d24b, (uint32_t[]){0x345678, 0x12, 0, 1});
  /* 24_8 (S8_UINT_Z24_UNORM): stencil in bits 7:0, depth 31:8; depth 0xffffff is 1 */
  const uint8_t s8[4] = {0x80, 0xff, 0xff, 0xff};
  expect_row(143, s8, (uint32_t[]){f2u(U8(128)), f2u(1), 0, f2u(1)});
  expect_row(144, d24b, (uint32_t[]){0x78, 0x123456, 0, 1});
  /* 32_FLOAT_CLAMP: the float as it is */
  const uint8_t fq[4] = {0x00, 0x00, 0x80, 0x3e};
  expect_row(140, fq, (uint32_t[]){f2u(0.25f), 0, 0, f2u(1)});
  /* X24_8_32 (Z32_FLOAT_S8X24_UINT): dword 0 the depth, byte 4 the stencil, bytes 5..7
   * unused */
  const uint8_t x24[8] = {0x00, 0x00, 0x80, 0x3f, 0x5a, 0xff, 0xff, 0xff};
  expect_bits(145, x24, (uint32_t[]){0x3f800000u, 0x5a, 0, 1});
  expect_bits(146, x24, (uint32_t[]){0x3f800000u, 0x5a, 0, f2u(1)});
  /* BC7 mode 6 (byte 0 bit 6; one subset, 7-bit R0 R1 G0 G1 B0 B1 A0 A1, a p-bit per
   * endpoint, 4-bit indices, texel 0's 3): R0 127, A0 A1 127, the rest 0, p-bits 1 and 0,
   * so endpoint 0 is (255, 1, 1, 255) and endpoint 1 (0, 0, 0, 254). Texel 0 index 0,
   * texel 1 index 15, texel 2 index 8 (weight 34): R ((64 - 34) 255 + 32) >> 6 = 120, G
   * (30 + 32) >> 6 = 0, A (30 255 + 34 254 + 32) >> 6 = 254 */
  uint8_t bc7[16] = {0};
  uint32_t at = 0;
  put_bits(bc7, &at, 0x40, 7);
  static const uint32_t ends[8] = {127, 0, 0, 0, 0, 0, 127, 127};
  for (int k = 0; k < 8; k++) put_bits(bc7, &at, ends[k], 7);
  put_bits(bc7, &at, 1, 1);
  put_bits(bc7, &at, 0, 1);
  put_bits(bc7, &at, 0, 3);
  put_bits(bc7, &at, 15, 4);
  put_bits(bc7, &at, 8, 4);
  expect(181, bc7, 0, 0, (float[]){1, U8(1), U8(1), 1});
  expect(181, bc7, 1, 0, (float[]){0, 0, 0, U8(254)});
  expect(181, bc7, 2, 0, (float[]){U8(120), 0, 0, U8(254)});
  expect(182, bc7, 2, 0, (float[]){ir_srgb_to_linear(120), 0, 0, U8(254)});
  uint8_t bc7z[16] = {0}; /* byte 0 zero: the reserved mode 8, all 0 */
  memset(bc7z + 1, 0xff, 15);
  expect(181, bc7z, 1, 1, (float[]){0, 0, 0, 0});
  /* BC6H mode 0x03 (5 mode bits; 10-bit endpoints rw gw bw rx gx bx, not transformed; one
   * subset, 4-bit indices): rw 1023, gw 512, bw 0, rx 0, gx 512, bx 1. Unsigned: 1023 is the
   * largest code -> 0xffff, 512 -> ((512 << 16) + 0x8000) >> 10 = 32800, 1 -> 96. Texel 0
   * index 0: R 0xffff 31 >> 6 = 0x7bff (65504), G 32800 31 >> 6 = 15887 = 0x3e0f (1 +
   * 527/1024), B 0; texel 1 index 15: R 0, G the same, B 96 31 >> 6 = 46 (46 2^-24) */
  uint8_t bc6[16] = {0};
  at = 0;
  put_bits(bc6, &at, 0x03, 5);
  static const uint32_t e6[6] = {1023, 512, 0, 0, 512, 1};
  for (int k = 0; k < 6; k++) put_bits(bc6, &at, e6[k], 10);
  put_bits(bc6, &at, 0, 3);
  put_bits(bc6, &at, 15, 4);
  expect(179, bc6, 0, 0, (float[]){65504.0f, 1.0f + 527.0f / 1024.0f, 0, 1});
  expect(179, bc6, 1, 0, (float[]){0, 1.0f + 527.0f / 1024.0f, ldexpf(46, -24), 1});
  /* signed: rw 1023 is -1 -> -(((1 << 15) + 0x4000) >> 9) = -96 -> -(96 31 >> 5) = -93, a
   * half with the sign bit: -93 2^-24; gw 512 is -512, at least 2^9 - 1 in magnitude ->
   * -0x7fff -> -(0x7fff 31 >> 5) = -0x7bff (-65504) */
  expect(180, bc6, 0, 0, (float[]){ldexpf(-93, -24), -65504.0f, 0, 1});
  /* a reserved mode (0x13): 0, w 1 */
  uint8_t bc6r[16];
  memset(bc6r, 0xa5, 16);
  bc6r[0] = 0x13;
  expect(179, bc6r, 3, 3, (float[]){0, 0, 0, 1});
  /* which formats are decoded: rows with a layout, the special ones; not 6E4, 1_UNORM,
   * 1_REVERSED, 32_32_32 */
  assert_true(ir_texel_decoded(133) && ir_texel_decoded(137) && ir_texel_decoded(178));
  for (uint32_t f = 140; f <= 146; f++) assert_true(ir_texel_decoded(f));
  assert_true(ir_texel_decoded(179) && ir_texel_decoded(180) && ir_texel_decoded(181) &&
              ir_texel_decoded(182));
  assert_false(ir_texel_decoded(139));
  assert_false(ir_texel_decoded(131) || ir_texel_decoded(138) || ir_texel_decoded(74));
  assert_false(ir_texel_decoded(0));
}

/* ---- the reference decoder -------------------------------------------------------------- */

/* nearest integer of N / D, ties away from zero */
static int rdiv(int n, int d) { return n >= 0 ? (2 * n + d) / (2 * d) : -((-2 * n + d) / (2 * d)); }

/* the 16 texels' values of a channel block (8 bytes) */
static void ref_channel(const uint8_t *p, bool sn, int v[16]) {
  int a = sn ? (int8_t)p[0] : p[0], b = sn ? (int8_t)p[1] : p[1], pal[8];
  if (sn) a = a < -127 ? -127 : a, b = b < -127 ? -127 : b;
  pal[0] = a, pal[1] = b;
  for (int c = 2; c < 8; c++) {
    if (a > b) pal[c] = rdiv((8 - c) * a + (c - 1) * b, 7);
    else
      pal[c] = c < 6    ? rdiv((6 - c) * a + (c - 1) * b, 5)
               : c == 6 ? (sn ? -127 : 0)
                        : (sn ? 127 : 255);
  }
  for (int t = 0; t < 16; t++) {
    int bit = 16 + 3 * t, code = 0;
    for (int k = 0; k < 3; k++) code |= (p[(bit + k) / 8] >> ((bit + k) % 8) & 1) << k;
    v[t] = pal[code];
  }
}

/* the 16 texels' RGBA (8 bits each) of a colour block */
static void ref_colour(const uint8_t *p, bool four, int v[16][4]) {
  int c[2] = {p[0] | p[1] << 8, p[2] | p[3] << 8}, pal[4][4];
  for (int k = 0; k < 2; k++) {
    int r = c[k] >> 11, g = c[k] >> 5 & 63, b = c[k] & 31;
    pal[k][0] = r * 8 + r / 4, pal[k][1] = g * 4 + g / 16, pal[k][2] = b * 8 + b / 4,
    pal[k][3] = 255;
  }
  for (int ch = 0; ch < 3; ch++) {
    if (four || c[0] > c[1]) {
      pal[2][ch] = rdiv(2 * pal[0][ch] + pal[1][ch], 3);
      pal[3][ch] = rdiv(pal[0][ch] + 2 * pal[1][ch], 3);
    } else {
      pal[2][ch] = rdiv(pal[0][ch] + pal[1][ch], 2);
      pal[3][ch] = 0;
    }
  }
  pal[2][3] = 255;
  pal[3][3] = four || c[0] > c[1] ? 255 : 0;
  for (int t = 0; t < 16; t++) memcpy(v[t], pal[p[4 + t / 4] >> (2 * (t % 4)) & 3], sizeof v[t]);
}

static float value8(enum ir_buffer_class cls, int v) {
  if (cls == IR_BUF_SRGB) return ir_srgb_to_linear((uint32_t)v & 255);
  if (cls == IR_BUF_UINT) return u2f((uint32_t)v);
  if (cls == IR_BUF_SNORM) { /* the byte signed */
    v = (int8_t)(v & 255);
    return v <= -127 ? -1.0f : (float)((double)v / 127.0);
  }
  return (float)((double)v / 255.0);
}

/* texel (SX, SY) of the element at P of FORMAT as the shader sees it */
static void ref_texel(uint32_t format, const uint8_t *p, uint32_t sx, uint32_t sy, float out[4]) {
  struct ir_buffer_format row = ir_buffer_format_of(format);
  uint32_t w32 = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
  out[2] = 0.0f;
  switch (format) { /* 32_FLOAT_CLAMP, the depth-stencil formats (depth UNORM24: d / (2^24 - 1)) */
    case 140: out[0] = u2f(w32), out[1] = 0.0f, out[3] = 1.0f; return;
    case 141:
      out[0] = u2f(unorm(w32 & 0xffffff, 24)), out[1] = U8(w32 >> 24), out[3] = 1.0f;
      return;
    case 142: out[0] = u2f(w32 & 0xffffff), out[1] = u2f(w32 >> 24), out[3] = u2f(1); return;
    case 143: out[0] = U8(w32 & 255), out[1] = u2f(unorm(w32 >> 8, 24)), out[3] = 1.0f; return;
    case 144: out[0] = u2f(w32 & 255), out[1] = u2f(w32 >> 8), out[3] = u2f(1); return;
    case 145: out[0] = u2f(w32), out[1] = u2f(p[4]), out[3] = u2f(1); return;
    case 146: out[0] = u2f(w32), out[1] = u2f(p[4]), out[3] = 1.0f; return;
    case 72: /* 32_32_32 UINT, SINT, FLOAT: three dwords as they are */
    case 73:
    case 74:
      for (int k = 0; k < 3; k++) memcpy(&out[k], p + 4 * k, 4);
      out[3] = format == 74 ? 1.0f : u2f(1);
      return;
    default: break;
  }
  if (row.comps) { /* the packed UNORM rows */
    uint32_t w = p[0] | (uint32_t)p[1] << 8, lo = 0;
    for (unsigned k = 0; k < 4; k++) {
      out[k] = k < row.comps ? u2f(unorm(w >> lo & ((1u << row.bits[k]) - 1), row.bits[k]))
               : k == 3      ? 1.0f
                             : 0.0f;
      if (k < row.comps) lo += row.bits[k];
    }
    return;
  }
  struct ir_texel_format f = ir_texel_format_of(format);
  enum ir_buffer_class cls = (enum ir_buffer_class)f.cls;
  int t = (int)(sy * 4 + sx), ch[16], ch2[16], col[16][4];
  out[3] = cls == IR_BUF_UINT ? u2f(1) : 1.0f;
  switch ((enum ir_texel_kind)f.kind) {
    case IR_TEXEL_E5B9G9R9: {
      uint32_t v = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
      double scale = pow(2.0, (double)(v >> 27) - 15.0 - 9.0);
      for (int k = 0; k < 3; k++) out[k] = (float)((double)(v >> (9 * k) & 511) * scale);
      return;
    }
    case IR_TEXEL_GB_GR: /* R G0 B G1 */
      out[0] = value8(cls, p[0]), out[1] = value8(cls, p[sx & 1 ? 3 : 1]),
      out[2] = value8(cls, p[2]);
      return;
    case IR_TEXEL_BG_RG: /* G0 R G1 B */
      out[0] = value8(cls, p[1]), out[1] = value8(cls, p[sx & 1 ? 2 : 0]),
      out[2] = value8(cls, p[3]);
      return;
    case IR_TEXEL_BC4:
    case IR_TEXEL_BC5:
      ref_channel(p, cls == IR_BUF_SNORM, ch);
      ref_channel(p + 8, cls == IR_BUF_SNORM, ch2);
      out[0] = value8(cls, ch[t] & 255);
      out[1] = f.kind == IR_TEXEL_BC5 ? value8(cls, ch2[t] & 255) : 0.0f;
      out[2] = 0.0f;
      if (cls == IR_BUF_SNORM) { /* the byte's sign */
        out[0] = value8(cls, (int8_t)(ch[t] & 255));
        if (f.kind == IR_TEXEL_BC5) out[1] = value8(cls, (int8_t)(ch2[t] & 255));
      }
      return;
    default: /* BC1, BC2, BC3 */
      ref_colour(f.kind == IR_TEXEL_BC1 ? p : p + 8, f.kind != IR_TEXEL_BC1, col);
      if (f.kind == IR_TEXEL_BC2) col[t][3] = (p[t / 2] >> (4 * (t % 2)) & 15) * 17;
      if (f.kind == IR_TEXEL_BC3) {
        ref_channel(p, false, ch);
        col[t][3] = ch[t];
      }
      for (int k = 0; k < 3; k++) out[k] = value8(cls, col[t][k]);
      out[3] = value8(IR_BUF_UNORM, col[t][3]);
      return;
  }
}

/* ---- lavapipe's own BC6H / BC7 decode ---------------------------------------------------- */

/* The N 16-byte BPTC blocks at BLOCKS decoded by the Vulkan device itself: uploaded to a
 * VK_FORMAT_BC6H_{U,S}FLOAT_BLOCK or BC7_UNORM_BLOCK image (16 blocks a row), blitted texel
 * for texel (same size, nearest) to R16G16B16A16_SFLOAT or R8G8B8A8_UNORM and read back.
 * OUT[16 b + t] is block b's texel t as the shader sees it: BC6H the halves as f32 (w 1),
 * BC7 the bytes as UNORM, or for BC7_SRGB (182: the same bytes, D3D and the Khronos
 * specification decode the block before the conversion) x, y, z through the EOTF
 * (ir_srgb_to_linear, the rule of every SRGB format here). False when the device cannot
 * blit from the format (the caller skips). */
static bool device_bptc_decode(uint32_t format, const uint8_t *blocks, uint32_t n,
                               uint32_t (*out)[4]) {
  VkDevice vd = vk_device_handle(dev);
  bool bc6 = format == 179 || format == 180;
  VkFormat src_fmt = format == 179   ? VK_FORMAT_BC6H_UFLOAT_BLOCK
                     : format == 180 ? VK_FORMAT_BC6H_SFLOAT_BLOCK
                                     : VK_FORMAT_BC7_UNORM_BLOCK;
  VkFormat dst_fmt = bc6 ? VK_FORMAT_R16G16B16A16_SFLOAT : VK_FORMAT_R8G8B8A8_UNORM;
  VkFormatProperties fp;
  vkGetPhysicalDeviceFormatProperties(vk_device_physical(dev), src_fmt, &fp);
  if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT)) {
    printf("SKIP: the device cannot blit from VkFormat %d\n", (int)src_fmt);
    return false;
  }
  uint32_t bw = n < 16 ? n : 16, bh = (n + 15) / 16, w = 4 * bw, h = 4 * bh;
  uint32_t texel_bytes = bc6 ? 8 : 4;
  struct vk_buffer up, down;
  assert_true(vk_buffer_create(dev, (VkDeviceSize)16 * bw * bh, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                               GPU_VK_MEMORY_HOST, &up));
  assert_true(vk_buffer_create(dev, (VkDeviceSize)texel_bytes * w * h,
                               VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_VK_MEMORY_HOST, &down));
  memset(up.mapped, 0, 16u * bw * bh);
  memcpy(up.mapped, blocks, 16u * n);
  VkImage img[2];
  VkDeviceMemory mem[2];
  for (int k = 0; k < 2; k++) {
    VkImageCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = k ? dst_fmt : src_fmt,
        .extent = {w, h, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    assert_int_equal(vkCreateImage(vd, &ci, NULL, &img[k]), VK_SUCCESS);
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(vd, img[k], &req);
    uint32_t type = 0;
    while (!(req.memoryTypeBits & (1u << type))) type++;
    VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type};
    assert_int_equal(vkAllocateMemory(vd, &ai, NULL, &mem[k]), VK_SUCCESS);
    assert_int_equal(vkBindImageMemory(vd, img[k], mem[k], 0), VK_SUCCESS);
  }
  VkCommandBuffer cb = vk_device_begin(dev);
  assert_non_null(cb);
  VkImageMemoryBarrier b[2];
  for (int k = 0; k < 2; k++)
    b[k] = (VkImageMemoryBarrier){.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                  .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                  .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                  .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                  .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                  .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                  .image = img[k],
                                  .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                       NULL, 0, NULL, 2, b);
  VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                              .imageExtent = {w, h, 1}};
  vkCmdCopyBufferToImage(cb, up.buffer, img[0], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
  b[0].srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  b[0].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  b[0].oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  b[0].newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                       NULL, 0, NULL, 1, b);
  VkImageBlit blit = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                      .srcOffsets = {{0, 0, 0}, {(int32_t)w, (int32_t)h, 1}},
                      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                      .dstOffsets = {{0, 0, 0}, {(int32_t)w, (int32_t)h, 1}}};
  vkCmdBlitImage(cb, img[0], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, img[1],
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
  b[1].srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  b[1].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  b[1].oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  b[1].newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                       NULL, 0, NULL, 1, &b[1]);
  vkCmdCopyImageToBuffer(cb, img[1], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, down.buffer, 1, &region);
  assert_true(vk_device_submit_wait(dev, cb));
  const uint8_t *d = down.mapped;
  for (uint32_t blk = 0; blk < n; blk++)
    for (uint32_t t = 0; t < 16; t++) {
      uint32_t x = 4 * (blk % 16) + t % 4, y = 4 * (blk / 16) + t / 4;
      const uint8_t *px = d + (size_t)texel_bytes * (y * w + x);
      uint32_t *o = out[16 * blk + t];
      for (int k = 0; k < 4; k++) {
        if (bc6) {
          uint32_t hv = px[2 * k] | (uint32_t)px[2 * k + 1] << 8;
          assert_true((hv >> 10 & 31) != 31); /* BC6H's largest value is 65504 */
          o[k] = f2u(float_of_finite_half(hv));
        } else {
          o[k] = format == 182 && k < 3 ? f2u(ir_srgb_to_linear(px[k])) : f2u(U8(px[k]));
        }
      }
    }
  for (int k = 0; k < 2; k++) {
    vkDestroyImage(vd, img[k], NULL);
    vkFreeMemory(vd, mem[k], NULL);
  }
  vk_buffer_destroy(dev, &up);
  vk_buffer_destroy(dev, &down);
  return true;
}

/* ---- the kernel --------------------------------------------------------------------------- */

#define KERNEL_HEAD                                        \
  "v_lshlrev_b32 v1, 5, v0\n"                              \
  "global_load_dwordx4 v[2:5], v1, s[16:17]\n"             \
  "global_load_dwordx4 v[10:13], v1, s[16:17] offset:16\n" \
  "s_waitcnt vmcnt(0)\n"
static const char kernel[] = KERNEL_HEAD
    "image_load_mip v[6:9], v[2:4], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n"
    "image_sample_lz v[14:17], v[10:11], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D\n"
    "image_sample_lz v[18:21], v[12:13], s[0:7], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_2D\n"
    "s_waitcnt vmcnt(0)\n"
    "v_lshlrev_b32 v22, 6, v0\n"
    "global_store_dwordx4 v22, v[6:9], s[18:19]\n"
    "global_store_dwordx4 v22, v[14:17], s[18:19] offset:16\n"
    "global_store_dwordx4 v22, v[18:21], s[18:19] offset:32\n"
    "s_endpgm\n";

/* the process's CPU time in seconds (lavapipe compiles a pipeline on the calling thread) */
static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static double first_run_cpu; /* the first device run of a kernel: its compile, mostly */

static uint32_t rng = 12345;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}

struct run {
  uint32_t format;
  uint32_t mode; /* the surface's swizzle mode (0: linear) */
  uint8_t *mem, *imem;
  struct tiling_layout lay;
  uint32_t lanes[WAVE][8]; /* x, y, mip, -, u, v (x0, y0's centre), u2, v2 (bilinear) */
  uint32_t x0[WAVE], y0[WAVE];
};

/* lays out FORMAT's surface, fills it, runs the kernel on both sides */
static size_t run_format(struct run *r, struct shader_fault *df, struct ir_interp_fault *ifl) {
  struct ir_texel_format x = ir_texel_format_of(r->format);
  struct ir_buffer_format row = ir_buffer_format_of(r->format);
  uint32_t bpe = x.kind ? 1u << x.bytes_log2 : row.comps ? ir_buffer_format_bytes(&row) : 2;
  uint32_t bw = x.kind ? x.bw_log2 : 0, bh = x.kind ? x.bh_log2 : 0, x3 = bpe == 12 ? 3 : 1;
  /* 96-bit: a row of 4-byte elements three times as wide (addrlib's expanded formats) */
  struct tiling_surface sf = {.mode = r->mode,
                              .bpe = x3 == 3 ? 4 : bpe,
                              .width = x3 * ((W + (1u << bw) - 1) >> bw),
                              .height = (H + (1u << bh) - 1) >> bh,
                              .depth = 1,
                              .levels = LEVELS,
                              .fragments = 1,
                              .dim = TILING_DIM_2D};
  assert_true(tiling_compute_layout(&sf, &r->lay));
  assert_true(r->lay.size < IO_OFF);
  struct ir_tsharp t = {.base = GBASE,
                        .format = r->format,
                        .type = IR_TSHARP_2D,
                        .sw_mode = r->mode,
                        .width = W,
                        .height = H,
                        .depth = 1,
                        .last_level = LEVELS - 1,
                        .levels = LEVELS,
                        .dst_sel = {4, 5, 6, 7}};
  uint32_t sgpr[20];
  ir_tsharp_encode(&t, sgpr);
  const struct ir_ssharp point = {.clamp = {IR_CLAMP_LAST_TEXEL, IR_CLAMP_LAST_TEXEL, 0},
                                  .max_lod = 15 * 256};
  const struct ir_ssharp linear = {.clamp = {IR_CLAMP_WRAP, IR_CLAMP_MIRROR, 0},
                                   .mag_filter = IR_XY_BILINEAR,
                                   .min_filter = IR_XY_BILINEAR,
                                   .max_lod = 15 * 256};
  ir_ssharp_encode(&point, sgpr + 8);
  ir_ssharp_encode(&linear, sgpr + 12);
  sgpr[16] = (uint32_t)(GBASE + IO_OFF), sgpr[17] = (uint32_t)((GBASE + IO_OFF) >> 32);
  sgpr[18] = (uint32_t)(GBASE + OUT_OFF), sgpr[19] = (uint32_t)((GBASE + OUT_OFF) >> 32);
  memset(r->mem, 0xa5, GSIZE);
  for (uint64_t i = 0; i < r->lay.size; i++) r->mem[i] = (uint8_t)rnd();
  for (uint32_t l = 0; l < WAVE; l++) {
    uint32_t *c = r->lanes[l], mip = l % 3 == 2;
    c[0] = rnd() % ((W >> mip) + (l % 8 == 7 ? 3 : 0)); /* some past the level */
    c[1] = rnd() % (H >> mip);
    c[2] = mip;
    c[3] = 0;
    r->x0[l] = rnd() % W, r->y0[l] = rnd() % H;
    c[4] = f2u(((float)r->x0[l] + 0.5f) / (float)W);
    c[5] = f2u(((float)r->y0[l] + 0.5f) / (float)H);
    c[6] = f2u((float)(rnd() % 1000) / 700.0f - 0.2f); /* anywhere, wrapped and mirrored */
    c[7] = f2u((float)(rnd() % 1000) / 700.0f - 0.2f);
    memcpy(r->mem + IO_OFF + 32 * l, c, 32);
  }
  memcpy(r->imem, r->mem, GSIZE);
  char name[32];
  snprintf(name, sizeof name, "format %u", r->format);
  image_wave_interp_fault(name, kernel, WAVE, sgpr, 20, r->imem, GBASE, GSIZE, ifl);
  double t0 = cpu_seconds();
  size_t words =
      image_wave_device_fault(dev, name, kernel, WAVE, sgpr, 20, r->mem, GBASE, GSIZE, df);
  if (!first_run_cpu) first_run_cpu = cpu_seconds() - t0;
  return words;
}

static bool is_bptc(uint32_t format) { return format >= 179 && format <= 182; }

/* the device's own decode of every 16-byte element of a BPTC surface (device_bptc_decode) */
static uint32_t (*bptc_ref)[4];

/* the reference texel (X, Y) of level L */
static void ref_at(const struct run *r, uint32_t x, uint32_t y, uint32_t l, float out[4]) {
  struct ir_texel_format f = ir_texel_format_of(r->format);
  uint32_t bw = f.kind ? f.bw_log2 : 0, bh = f.kind ? f.bh_log2 : 0;
  uint32_t x3 = r->format >= 72 && r->format <= 74 ? 3 : 1; /* 32_32_32: elements 3x.. 3x + 2 */
  uint64_t off = tiling_element_offset(&r->lay, l, (x >> bw) * x3, y >> bh, 0, 0);
  if (is_bptc(r->format)) {
    const uint32_t *v = bptc_ref[(off / 16) * 16 + (y & 3) * 4 + (x & 3)];
    for (int k = 0; k < 4; k++) out[k] = u2f(v[k]);
    return;
  }
  ref_texel(r->format, r->mem + off, x & ((1u << bw) - 1), y & ((1u << bh) - 1), out);
}

static void formats(void **state) {
  (void)state;
  if (!dev) skip();
  static const uint32_t list[] = {133, 134, 135, 136, 137, 132, 147, 148, 149, 150, 151, 152, 153,
                                  154, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 140, 141,
                                  142, 143, 144, 145, 146, 72,  73,  74,  179, 180, 181, 182};
  struct run r;
  r.mem = malloc(GSIZE);
  r.imem = malloc(GSIZE);
  assert_non_null(r.mem);
  assert_non_null(r.imem);
  size_t words = 0;
  for (size_t i = 0; i < sizeof list / sizeof *list; i++) {
    r.format = list[i];
    r.mode = r.format >= 72 && r.format <= 74 ? TILING_SW_LINEAR : TILING_SW_4KB_S;
    struct shader_fault df;
    struct ir_interp_fault ifl;
    words = run_format(&r, &df, &ifl);
    if (is_bptc(r.format)) { /* the references: the device's own decode of the surface */
      uint32_t n = (uint32_t)(r.lay.size / 16);
      bptc_ref = calloc((size_t)n * 16, sizeof *bptc_ref);
      assert_non_null(bptc_ref);
      if (!device_bptc_decode(r.format, r.mem, n, bptc_ref)) skip();
    }
    assert_int_equal(df.count, 0);
    assert_int_equal(ifl.count, 0);
    const uint8_t *dout = r.mem + OUT_OFF, *iout = r.imem + OUT_OFF;
    for (uint32_t l = 0; l < WAVE; l++) {
      if (memcmp(dout + 64 * l, iout + 64 * l, 48)) {
        fprintf(stderr, "format %u lane %u: the device and the interpreter differ\n", r.format, l);
        for (int k = 0; k < 12; k++)
          fprintf(stderr, "  %08x %08x\n", ((const uint32_t *)(dout + 64 * l))[k],
                  ((const uint32_t *)(iout + 64 * l))[k]);
      }
      assert_memory_equal(dout + 64 * l, iout + 64 * l, 48);
      const uint32_t *c = r.lanes[l], *got = (const uint32_t *)(dout + 64 * l);
      float e[4] = {0, 0, 0, 0}, e0[4];
      uint32_t lw = W >> c[2], lh = H >> c[2];
      if (c[0] < lw && c[1] < lh) ref_at(&r, c[0], c[1], c[2], e);
      ref_at(&r, r.x0[l], r.y0[l], 0, e0);
      for (int k = 0; k < 4; k++) {
        if (got[k] != f2u(e[k]) || got[4 + k] != f2u(e0[k]))
          fprintf(stderr,
                  "format %u lane %u component %d: load %08x (expected %08x), sample %08x "
                  "(expected %08x)\n",
                  r.format, l, k, got[k], f2u(e[k]), got[4 + k], f2u(e0[k]));
        assert_int_equal(got[k], f2u(e[k]));
        assert_int_equal(got[4 + k], f2u(e0[k]));
      }
    }
    free(bptc_ref);
    bptc_ref = NULL;
  }
  printf("%zu formats passed (module %zu words, first run %.1f s CPU)\n",
         sizeof list / sizeof *list, words, first_run_cpu);
  free(r.mem);
  free(r.imem);
}

/* ---- every BPTC mode against the device's own decode -------------------------------------- */

#define BPTC_BLOCKS 256u /* a 16 x 16 block surface */

/* blocks of every mode of FORMAT: per mode value, random blocks with the mode's bits set
 * (the first with every other bit 0, the second with every other bit 1); BC7's modes 0..7
 * and the reserved mode 8 (byte 0 zero), BC6H's fourteen modes and its four reserved ones */
static void bptc_blocks(uint32_t format, uint8_t (*blk)[16]) {
  bool bc7 = format >= 181;
  uint32_t modes = bc7 ? 9 : 18;
  for (uint32_t b = 0; b < BPTC_BLOCKS; b++) {
    uint32_t m = b % modes, j = b / modes;
    for (int k = 0; k < 16; k++) blk[b][k] = j == 0 ? 0 : j == 1 ? 0xff : (uint8_t)rnd();
    if (bc7) {
      uint32_t low = m < 8 ? (2u << m) - 1 : 255;
      blk[b][0] = (uint8_t)((blk[b][0] & ~low) | (m < 8 ? 1u << m : 0));
    } else { /* 0, 1 (2 bits), then the 5-bit values with bit 1 set */
      uint32_t v = m < 2 ? m : (m - 2) / 2 * 4 + 2 + (m & 1);
      uint32_t low = m < 2 ? 3 : 31;
      blk[b][0] = (uint8_t)((blk[b][0] & ~low) | v);
    }
  }
}

/* each lane's block: the texels 0..15 of the block at (x0, y0), loaded in a loop */
static const char bptc_kernel[] =
    "v_lshlrev_b32 v1, 3, v0\n"
    "global_load_dwordx2 v[2:3], v1, s[16:17]\n"
    "s_waitcnt vmcnt(0)\n"
    "v_lshlrev_b32 v22, 8, v0\n"
    "s_mov_b32 s20, 0\n"
    "loop:\n"
    "s_and_b32 s21, s20, 3\n"
    "s_lshr_b32 s22, s20, 2\n"
    "v_add_nc_u32 v6, s21, v2\n"
    "v_add_nc_u32 v7, s22, v3\n"
    "v_mov_b32 v8, 0\n"
    "image_load_mip v[10:13], v[6:8], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n"
    "s_waitcnt vmcnt(0)\n"
    "global_store_dwordx4 v22, v[10:13], s[18:19]\n"
    "v_add_nc_u32 v22, 16, v22\n"
    "s_add_u32 s20, s20, 1\n"
    "s_cmp_lt_u32 s20, 16\n"
    "s_cbranch_scc1 loop\n"
    "s_endpgm\n";

static void bptc_modes(void **state) {
  (void)state;
  if (!dev) skip();
  static const uint32_t list[] = {179, 180, 181, 182};
  uint8_t(*blk)[16] = malloc(BPTC_BLOCKS * 16);
  uint32_t(*want)[4] = malloc(BPTC_BLOCKS * 16 * sizeof *want);
  uint8_t *mem = malloc(GSIZE), *imem = malloc(GSIZE);
  assert_true(blk && want && mem && imem);
  size_t words = 0;
  double first = 0;
  for (size_t fi = 0; fi < sizeof list / sizeof *list; fi++) {
    uint32_t format = list[fi];
    bptc_blocks(format, blk);
    if (!device_bptc_decode(format, &blk[0][0], BPTC_BLOCKS, want)) skip();
    /* the C decoder (the interpreter's) against the device's, every texel */
    struct ir_texel_format f = ir_texel_format_of(format);
    uint32_t bad = 0;
    for (uint32_t b = 0; b < BPTC_BLOCKS; b++)
      for (uint32_t t = 0; t < 16; t++) {
        uint32_t got[4];
        ir_texel_decode(&f, blk[b], t % 4, t / 4, got);
        if (memcmp(got, want[16 * b + t], 16) && bad++ < 8)
          fprintf(stderr,
                  "format %u block %u (byte 0 %02x) texel %u: %08x %08x %08x %08x, device %08x "
                  "%08x %08x %08x\n",
                  format, b, blk[b][0], t, got[0], got[1], got[2], got[3], want[16 * b + t][0],
                  want[16 * b + t][1], want[16 * b + t][2], want[16 * b + t][3]);
      }
    assert_int_equal(bad, 0);
    /* a 64 x 64 surface of those blocks (16 x 16 elements, 4 KiB S), every texel loaded by
     * the module and by the interpreter, 32 blocks a run */
    struct tiling_surface sf = {.mode = TILING_SW_4KB_S,
                                .bpe = 16,
                                .width = 16,
                                .height = 16,
                                .depth = 1,
                                .levels = 1,
                                .fragments = 1,
                                .dim = TILING_DIM_2D};
    struct tiling_layout lay;
    assert_true(tiling_compute_layout(&sf, &lay));
    assert_true(lay.size < IO_OFF);
    memset(mem, 0xa5, GSIZE);
    for (uint32_t b = 0; b < BPTC_BLOCKS; b++)
      memcpy(mem + tiling_element_offset(&lay, 0, b % 16, b / 16, 0, 0), blk[b], 16);
    struct ir_tsharp ts = {.base = GBASE,
                           .format = format,
                           .type = IR_TSHARP_2D,
                           .sw_mode = TILING_SW_4KB_S,
                           .width = 64,
                           .height = 64,
                           .depth = 1,
                           .last_level = 0,
                           .levels = 1,
                           .dst_sel = {4, 5, 6, 7}};
    uint32_t sgpr[20] = {0};
    ir_tsharp_encode(&ts, sgpr);
    sgpr[16] = (uint32_t)(GBASE + IO_OFF), sgpr[17] = (uint32_t)((GBASE + IO_OFF) >> 32);
    sgpr[18] = (uint32_t)(GBASE + OUT_OFF), sgpr[19] = (uint32_t)((GBASE + OUT_OFF) >> 32);
    for (uint32_t run = 0; run < BPTC_BLOCKS / WAVE; run++) {
      for (uint32_t l = 0; l < WAVE; l++) {
        uint32_t b = run * WAVE + l, xy[2] = {4 * (b % 16), 4 * (b / 16)};
        memcpy(mem + IO_OFF + 8 * l, xy, 8);
      }
      memcpy(imem, mem, GSIZE);
      char name[48];
      snprintf(name, sizeof name, "bptc format %u run %u", format, run);
      image_wave_interp(name, bptc_kernel, WAVE, sgpr, 20, imem, GBASE, GSIZE);
      double t0 = cpu_seconds();
      words = image_wave_device(dev, name, bptc_kernel, WAVE, sgpr, 20, mem, GBASE, GSIZE);
      if (fi == 0 && run == 0) first = cpu_seconds() - t0;
      for (uint32_t l = 0; l < WAVE; l++) {
        uint32_t b = run * WAVE + l;
        const uint32_t *d = (const uint32_t *)(mem + OUT_OFF + 256 * l);
        const uint32_t *in = (const uint32_t *)(imem + OUT_OFF + 256 * l);
        for (uint32_t t = 0; t < 16; t++)
          if (memcmp(d + 4 * t, want[16 * b + t], 16) || memcmp(in + 4 * t, want[16 * b + t], 16))
            fprintf(stderr,
                    "format %u block %u (byte 0 %02x) texel %u: module %08x %08x %08x %08x, "
                    "interpreter %08x %08x %08x %08x, expected %08x %08x %08x %08x\n",
                    format, b, blk[b][0], t, d[4 * t], d[4 * t + 1], d[4 * t + 2], d[4 * t + 3],
                    in[4 * t], in[4 * t + 1], in[4 * t + 2], in[4 * t + 3], want[16 * b + t][0],
                    want[16 * b + t][1], want[16 * b + t][2], want[16 * b + t][3]);
        assert_memory_equal(d, want[16 * b], 256);
        assert_memory_equal(in, want[16 * b], 256);
      }
    }
  }
  printf(
      "BC6H and BC7: %u blocks a format of every mode equal the device's decode (module %zu "
      "words, first run %.1f s CPU)\n",
      BPTC_BLOCKS, words, first);
  free(blk);
  free(want);
  free(mem);
  free(imem);
}

/* ---- stores ----------------------------------------------------------------------------- */

static const char store_kernel[] =
    "v_lshlrev_b32 v1, 5, v0\n"
    "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
    "global_load_dwordx4 v[10:13], v1, s[16:17] offset:16\n"
    "s_waitcnt vmcnt(0)\n"
    "image_store_mip v[10:13], v[2:4], s[0:7] dmask:0xf "
    "dim:SQ_RSRC_IMG_2D unorm\n"
    "s_endpgm\n";

/* F (f32) as an N-bit UNORM: clamped to 0..1 (NaN 0), times 2^N - 1, to nearest even
 * (exact in double: a 24-bit mantissa times a 24-bit integer) */
static uint32_t to_unorm(uint32_t f, unsigned n) {
  double x = u2f(f), full = (double)((1u << n) - 1);
  if (isnan(x) || x <= 0) return 0;
  return x >= 1 ? (uint32_t)full : (uint32_t)nearbyint(x * full);
}

/* the element FORMAT's store of the data D writes, from the formats' definitions */
static void ref_store(uint32_t format, const uint32_t d[4], uint8_t out[12]) {
  uint32_t w = 0;
  switch (format) {
    case 140: w = d[0]; break;
    case 141: w = to_unorm(d[0], 24) | to_unorm(d[1], 8) << 24; break;
    case 142: w = (d[0] > 0xffffff ? 0xffffff : d[0]) | (d[1] > 255 ? 255 : d[1]) << 24; break;
    case 143: w = to_unorm(d[0], 8) | to_unorm(d[1], 24) << 8; break;
    case 144: w = (d[0] > 255 ? 255 : d[0]) | (d[1] > 0xffffff ? 0xffffff : d[1]) << 8; break;
    default: memcpy(out, d, 12); return; /* 32_32_32: the dwords as they are */
  }
  memcpy(out, &w, 4);
}

/* image_store_mip of every lane to its own texel of level 0 or 1 (the T#'s DST_SEL XYZW):
 * the device's memory equals the interpreter's and each element the reference encoding */
static void stores(void **state) {
  (void)state;
  if (!dev) skip();
  static const uint32_t list[] = {140, 141, 142, 143, 144, 72, 73, 74};
  static const float probes[] = {0.0f,  1.0f, 0.5f,      0.25f, 1.0f / 3.0f,
                                 -1.0f, 2.0f, 0.123456f, 1e-9f, 0.99999994f};
  struct run r;
  r.mem = malloc(GSIZE);
  r.imem = malloc(GSIZE);
  assert_non_null(r.mem);
  assert_non_null(r.imem);
  for (size_t i = 0; i < sizeof list / sizeof *list; i++) {
    r.format = list[i];
    r.mode = r.format >= 72 && r.format <= 74 ? TILING_SW_LINEAR : TILING_SW_4KB_S;
    uint32_t x3 = r.format <= 74 ? 3 : 1, bpe = x3 == 3 ? 12 : 4;
    struct tiling_surface sf = {.mode = r.mode,
                                .bpe = 4,
                                .width = W * x3,
                                .height = H,
                                .depth = 1,
                                .levels = LEVELS,
                                .fragments = 1,
                                .dim = TILING_DIM_2D};
    assert_true(tiling_compute_layout(&sf, &r.lay));
    struct ir_tsharp t = {.base = GBASE,
                          .format = r.format,
                          .type = IR_TSHARP_2D,
                          .sw_mode = r.mode,
                          .width = W,
                          .height = H,
                          .depth = 1,
                          .last_level = LEVELS - 1,
                          .levels = LEVELS,
                          .dst_sel = {4, 5, 6, 7}};
    uint32_t sgpr[20] = {0};
    ir_tsharp_encode(&t, sgpr);
    sgpr[16] = (uint32_t)(GBASE + IO_OFF), sgpr[17] = (uint32_t)((GBASE + IO_OFF) >> 32);
    memset(r.mem, 0xa5, GSIZE);
    for (uint64_t b = 0; b < r.lay.size; b++) r.mem[b] = (uint8_t)rnd();
    bool unorm_fmt = r.format == 141 || r.format == 143;
    for (uint32_t l = 0; l < WAVE; l++) {
      uint32_t *c = r.lanes[l], mip = l >= 26; /* distinct texels: 26 of level 0, 6 of 1 */
      c[0] = mip ? l - 26 : l % W, c[1] = mip ? 1 : l / W, c[2] = mip, c[3] = 0;
      for (int k = 0; k < 4; k++) {
        uint32_t v = rnd();
        if (unorm_fmt) v = l == 31 && k == 0 ? 0x7fc00000u : f2u(probes[(l + 3 * k) % 10]);
        c[4 + k] = v;
      }
      memcpy(r.mem + IO_OFF + 32 * l, c, 32);
    }
    memcpy(r.imem, r.mem, GSIZE);
    char name[32];
    snprintf(name, sizeof name, "store %u", r.format);
    struct shader_fault df;
    struct ir_interp_fault ifl;
    image_wave_interp_fault(name, store_kernel, WAVE, sgpr, 20, r.imem, GBASE, GSIZE, &ifl);
    image_wave_device_fault(dev, name, store_kernel, WAVE, sgpr, 20, r.mem, GBASE, GSIZE, &df);
    assert_int_equal(df.count, 0);
    assert_int_equal(ifl.count, 0);
    assert_memory_equal(r.mem, r.imem, r.lay.size);
    for (uint32_t l = 0; l < WAVE; l++) {
      const uint32_t *c = r.lanes[l];
      uint8_t want[12];
      ref_store(r.format, c + 4, want);
      uint64_t off = tiling_element_offset(&r.lay, c[2], c[0] * x3, c[1], 0, 0);
      if (memcmp(r.mem + off, want, bpe))
        fprintf(stderr, "store %u lane %u: %08x, expected %08x\n", r.format, l,
                *(const uint32_t *)(r.mem + off), *(const uint32_t *)want);
      assert_memory_equal(r.mem + off, want, bpe);
    }
  }
  printf("%zu formats' stores passed\n", sizeof list / sizeof *list);
  free(r.mem);
  free(r.imem);
}

/* ---- 32_FLOAT_CLAMP's compare ---------------------------------------------------------- */

static const char compare_kernel[] =
    "v_lshlrev_b32 v1, 5, v0\n"
    "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
    "s_waitcnt vmcnt(0)\n"
    "image_sample_c_lz v6, v[2:4], s[0:7], s[8:11] dmask:0x1 "
    "dim:SQ_RSRC_IMG_2D\n"
    "s_waitcnt vmcnt(0)\n"
    "v_lshlrev_b32 v22, 6, v0\n"
    "global_store_dword v22, v6, s[18:19]\n"
    "s_endpgm\n";

/* sample_c with LESS (pass when ref < texel) on a surface whose texels all hold TEXEL, the
 * reference REF: the result of FORMAT's sample on the device (the interpreter's equal) */
static float compare_result(uint32_t format, float texel, float ref) {
  uint8_t *mem = malloc(GSIZE), *imem = malloc(GSIZE);
  assert_non_null(mem);
  assert_non_null(imem);
  struct ir_tsharp t = {.base = GBASE,
                        .format = format,
                        .type = IR_TSHARP_2D,
                        .sw_mode = TILING_SW_LINEAR,
                        .width = W,
                        .height = H,
                        .depth = 1,
                        .levels = 1,
                        .dst_sel = {4, 5, 6, 7}};
  const struct ir_ssharp cmp = {.clamp = {IR_CLAMP_LAST_TEXEL, IR_CLAMP_LAST_TEXEL, 0},
                                .depth_compare = 1,
                                .max_lod = 15 * 256};
  uint32_t sgpr[20] = {0};
  ir_tsharp_encode(&t, sgpr);
  ir_ssharp_encode(&cmp, sgpr + 8);
  sgpr[16] = (uint32_t)(GBASE + IO_OFF), sgpr[17] = (uint32_t)((GBASE + IO_OFF) >> 32);
  sgpr[18] = (uint32_t)(GBASE + OUT_OFF), sgpr[19] = (uint32_t)((GBASE + OUT_OFF) >> 32);
  memset(mem, 0, GSIZE);
  for (uint32_t b = 0; b < IO_OFF; b += 4) memcpy(mem + b, &texel, 4);
  for (uint32_t l = 0; l < WAVE; l++) {
    float c[4] = {ref, 0.5f, 0.5f, 0};
    memcpy(mem + IO_OFF + 32 * l, c, 16);
  }
  memcpy(imem, mem, GSIZE);
  image_wave_interp("compare", compare_kernel, WAVE, sgpr, 20, imem, GBASE, GSIZE);
  image_wave_device(dev, "compare", compare_kernel, WAVE, sgpr, 20, mem, GBASE, GSIZE);
  float d, i;
  memcpy(&d, mem + OUT_OFF, 4);
  memcpy(&i, imem + OUT_OFF, 4);
  assert_true(f2u(d) == f2u(i));
  free(mem);
  free(imem);
  return d;
}

/* 32_FLOAT_CLAMP (140, a promoted 24-bit depth surface) clamps the compare reference to 0..1
 * as the UNORM depth formats do; 32_FLOAT (22) does not */
static void float_clamp_compare(void **state) {
  (void)state;
  if (!dev) skip();
  assert_true(compare_result(140, 1.25f, 1.5f) == 1.0f);   /* 1 < 1.25 */
  assert_true(compare_result(22, 1.25f, 1.5f) == 0.0f);    /* 1.5 < 1.25 fails */
  assert_true(compare_result(140, -0.25f, -0.5f) == 0.0f); /* 0 < -0.25 fails */
  assert_true(compare_result(22, -0.25f, -0.5f) == 1.0f);  /* -0.5 < -0.25 */
}

/* FORMAT on a surface of MODE is not decoded: reads 0, counted and named on both sides */
static void expect_undecoded(uint32_t format, uint32_t mode) {
  struct run r = {.format = format, .mode = mode};
  r.mem = malloc(GSIZE);
  r.imem = malloc(GSIZE);
  assert_non_null(r.mem);
  assert_non_null(r.imem);
  struct shader_fault df;
  struct ir_interp_fault ifl;
  run_format(&r, &df, &ifl);
  size_t n;
  uint32_t *head = assemble(KERNEL_HEAD, &n, false);
  free(head);
  uint32_t pc = (uint32_t)(4 * n); /* the image_load_mip */
  /* every lane's load inside the level, and both samples of every lane */
  uint32_t inside = 0;
  for (uint32_t l = 0; l < WAVE; l++) inside += r.lanes[l][0] < (W >> r.lanes[l][2]);
  assert_int_equal(ifl.count, inside + 2 * WAVE);
  assert_int_equal(df.count, inside + 2 * WAVE);
  assert_int_equal(ifl.kind, SPIRV_FAULT_FORMAT);
  assert_int_equal(df.kind, SPIRV_FAULT_FORMAT);
  assert_int_equal(ifl.addr, format);
  assert_int_equal(df.addr, format);
  assert_int_equal(ifl.pc, pc);
  assert_int_equal(ifl.lane, 0);
  assert_true(df.pc == pc || df.pc == pc + 8 || df.pc == pc + 16); /* the first lane's first */
  for (uint32_t l = 0; l < WAVE; l++) {
    static const uint8_t zero[48];
    assert_memory_equal(r.mem + OUT_OFF + 64 * l, zero, 48);
    assert_memory_equal(r.imem + OUT_OFF + 64 * l, zero, 48);
  }
  /* the dispatch's warning text */
  struct shader_memory *m = shader_memory_create(dev);
  assert_non_null(m);
  char text[512], want[64];
  df.pc = pc;
  shader_memory_fault_text(m, &df, text, sizeof text);
  snprintf(want, sizeof want, "image format %u (not decoded), shader offset 0x%x", format, pc);
  if (!strstr(text, want)) fprintf(stderr, "%s\n", text);
  assert_non_null(strstr(text, want));
  shader_memory_destroy(m);
  free(r.mem);
  free(r.imem);
}

static void undecoded_format(void **state) {
  (void)state;
  if (!dev) skip();
  expect_undecoded(131, TILING_SW_4KB_S); /* 6E4_FLOAT: no public layout */
  expect_undecoded(74, TILING_SW_4KB_S);  /* 32_32_32_FLOAT tiled: linear only */
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(fixed_blocks), cmocka_unit_test(formats),
      cmocka_unit_test(bptc_modes),   cmocka_unit_test(undecoded_format),
      cmocka_unit_test(stores),       cmocka_unit_test(float_clamp_compare)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  if (!dev && r == 0) return 77;
  return r;
}
