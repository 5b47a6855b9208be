/* Texels of the special image formats (ir_texel.h). Our readings of the block decoders
 * (docs/shader-spirv.md, "Images"): endpoints widen to 8 bits by repeating their top bits,
 * interpolated values are the nearest integers (ties away from zero), and the 8-bit result
 * converts as an 8-bit UNORM, SNORM or SRGB component does. */
#include "gpu/shader/ir/ir_texel.h"

#include <math.h>
#include <string.h>

#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_texel_bptc.h"

static const struct ir_texel_format table[IR_TEXEL_INFO_ROWS] = {
#define IR_TEXEL_ROW_(v, k, c, b, w, h) [v] = {IR_TEXEL_##k, IR_BUF_##c, b, w, h},
    IR_TEXEL_FORMATS(IR_TEXEL_ROW_)
#undef IR_TEXEL_ROW_
};

struct ir_texel_format ir_texel_format_of(uint32_t format) {
  struct ir_texel_format none = {0, 0, 0, 0, 0};
  return format < IR_TEXEL_INFO_ROWS ? table[format] : none;
}

uint32_t ir_texel_plain_format(const struct ir_texel_format *f) {
  if (f->kind == IR_TEXEL_X24_8_32) return f->cls == IR_BUF_UINT ? 75 : 77;
  switch (f->cls) {
    case IR_BUF_FLOAT: return 77;
    case IR_BUF_SNORM: return 57;
    case IR_BUF_UINT: return 60;
    case IR_BUF_SRGB: return 130;
    default: return 56;
  }
}

uint32_t ir_texel_info(uint32_t format) {
  struct ir_texel_format f = ir_texel_format_of(format);
  if (f.kind == IR_TEXEL_PLAIN) return 0;
  return f.kind | (uint32_t)f.cls << 4 | (uint32_t)f.bytes_log2 << 8 | (uint32_t)f.bw_log2 << 12 |
         (uint32_t)f.bh_log2 << 14 | ir_texel_plain_format(&f) << 16;
}

bool ir_texel_decoded(uint32_t format) {
  if (ir_texel_format_of(format).kind != IR_TEXEL_PLAIN) return true;
  struct ir_buffer_format b = ir_buffer_format_of(format);
  uint32_t n = ir_buffer_format_bytes(&b);
  return b.comps && n && n <= 16 && !(n & (n - 1));
}

static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* an 8-bit component V (SNORM: its low byte signed) of class CLS as the shader sees it */
static uint32_t value8(uint32_t cls, uint32_t v) {
  if (cls == IR_BUF_SRGB) return fbits(ir_srgb_to_linear(v & 255));
  if (cls == IR_BUF_UINT) return v & 255;
  struct ir_buffer_format f = {1, {8, 0, 0, 0}, (uint8_t)cls};
  uint8_t b = (uint8_t)v;
  uint32_t out[4];
  ir_buffer_format_load(&f, &b, out);
  return out[0];
}

static uint32_t le32(const uint8_t *p) {
  return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* N / D rounded to the nearest integer, ties away from zero (D > 0) */
static int32_t div_round(int32_t n, int32_t d) {
  return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

/* The colour block at P (BC1's 8 bytes) for texel I: R, G, B, A as 8-bit values. FOUR: the
 * four-colour mode always (BC2, BC3), else by the endpoints' order. */
static void color_block(const uint8_t *p, uint32_t i, bool four, uint32_t rgba[4]) {
  uint32_t c0 = p[0] | (uint32_t)p[1] << 8, c1 = p[2] | (uint32_t)p[3] << 8;
  uint32_t code = le32(p + 4) >> (2 * i) & 3;
  int32_t e[2][3];
  for (int k = 0; k < 2; k++) {
    uint32_t c = k ? c1 : c0, r = c >> 11, g = c >> 5 & 63, b = c & 31;
    e[k][0] = (int32_t)(r << 3 | r >> 2);
    e[k][1] = (int32_t)(g << 2 | g >> 4);
    e[k][2] = (int32_t)(b << 3 | b >> 2);
  }
  rgba[3] = 255;
  for (int ch = 0; ch < 3; ch++) {
    int32_t a = e[0][ch], b = e[1][ch], v;
    if (code < 2) v = e[code][ch];
    else if (four || c0 > c1) v = code == 2 ? div_round(2 * a + b, 3) : div_round(a + 2 * b, 3);
    else v = code == 2 ? div_round(a + b, 2) : 0;
    rgba[ch] = (uint32_t)v;
  }
  if (!four && c0 <= c1 && code == 3) rgba[3] = 0; /* transparent black */
}

/* The interpolated channel block at P (8 bytes: two endpoints, 3-bit indices) for texel I:
 * an 8-bit value (SNORM: -127..127, as a two's complement byte) */
static uint32_t channel_block(const uint8_t *p, uint32_t i, bool snorm) {
  uint64_t bits = 0;
  for (int k = 7; k >= 2; k--) bits = bits << 8 | p[k];
  uint32_t code = (uint32_t)(bits >> (3 * i)) & 7;
  int32_t a = snorm ? (int8_t)p[0] : p[0], b = snorm ? (int8_t)p[1] : p[1];
  if (snorm) { /* -128 reads as -127 */
    a = a < -127 ? -127 : a;
    b = b < -127 ? -127 : b;
  }
  int32_t v;
  if (code < 2) v = code ? b : a;
  else if (a > b) v = div_round((8 - (int32_t)code) * a + ((int32_t)code - 1) * b, 7);
  else if (code < 6) v = div_round((6 - (int32_t)code) * a + ((int32_t)code - 1) * b, 5);
  else v = code == 6 ? (snorm ? -127 : 0) : (snorm ? 127 : 255);
  return (uint32_t)v & 255;
}

void ir_texel_decode(const struct ir_texel_format *f, const uint8_t *p, uint32_t sub_x,
                     uint32_t sub_y, uint32_t out[4]) {
  uint32_t i = (sub_y & 3) * 4 + (sub_x & 3), one = fbits(1.0f), zero = 0, cls = f->cls;
  uint32_t c[4];
  switch ((enum ir_texel_kind)f->kind) {
    case IR_TEXEL_E5B9G9R9: {
      uint32_t w = le32(p), ex = w >> 27;
      for (int k = 0; k < 3; k++) out[k] = fbits(ldexpf((float)(w >> (9 * k) & 511), (int)ex - 24));
      out[3] = one;
      return;
    }
    case IR_TEXEL_GB_GR:
    case IR_TEXEL_BG_RG: {
      bool gb = f->kind == IR_TEXEL_GB_GR;
      uint32_t odd = sub_x & 1;
      uint32_t r = gb ? p[0] : p[1], g = gb ? p[1 + 2 * odd] : p[2 * odd], b = gb ? p[2] : p[3];
      out[0] = value8(cls, r);
      out[1] = value8(cls, g);
      out[2] = value8(cls, b);
      out[3] = cls == IR_BUF_UINT ? 1 : one;
      return;
    }
    case IR_TEXEL_BC1:
    case IR_TEXEL_BC2:
    case IR_TEXEL_BC3: {
      color_block(f->kind == IR_TEXEL_BC1 ? p : p + 8, i, f->kind != IR_TEXEL_BC1, c);
      if (f->kind == IR_TEXEL_BC2) c[3] = (p[i / 2] >> (4 * (i & 1)) & 15) * 17;
      if (f->kind == IR_TEXEL_BC3) c[3] = channel_block(p, i, false);
      for (int k = 0; k < 3; k++) out[k] = value8(cls, c[k]);
      out[3] = value8(IR_BUF_UNORM, c[3]); /* SRGB: alpha stays linear */
      return;
    }
    case IR_TEXEL_BC4:
    case IR_TEXEL_BC5: {
      bool sn = cls == IR_BUF_SNORM;
      out[0] = value8(cls, channel_block(p, i, sn));
      out[1] = f->kind == IR_TEXEL_BC5 ? value8(cls, channel_block(p + 8, i, sn)) : zero;
      out[2] = zero;
      out[3] = one;
      return;
    }
    case IR_TEXEL_X24_8_32: /* the stencil an integer in both forms (our reading) */
      out[0] = le32(p);
      out[1] = p[4];
      out[2] = zero;
      out[3] = cls == IR_BUF_UINT ? 1 : one;
      return;
    case IR_TEXEL_BC6H_UF:
    case IR_TEXEL_BC6H_SF:
      ir_bc6h_texel(p, i, f->kind == IR_TEXEL_BC6H_SF, c);
      for (int k = 0; k < 3; k++) out[k] = ir_half_to_f32_bits(c[k]);
      out[3] = one;
      return;
    case IR_TEXEL_BC7:
      ir_bc7_texel(p, i, c);
      for (int k = 0; k < 3; k++) out[k] = value8(cls, c[k]);
      out[3] = value8(IR_BUF_UNORM, c[3]);
      return;
    default: out[0] = out[1] = out[2] = out[3] = 0; return;
  }
}
