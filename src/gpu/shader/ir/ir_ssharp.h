/* The GFX10 sampler descriptor (S#, SQ_IMG_SAMP_WORD0..3) as facts: one table line per
 * field (dword, first bit, width), a decoder for C (tests, the image model) and the same
 * table for the SPIR-V back end, which extracts the fields at run time
 * (spirv_emit_sample.c). Field positions: the GFX10 register tables of Mesa (sid.h
 * S_008F30_* .. S_008F3C_*) and AMD's PAL (SQ_IMG_SAMP_WORD0..3). */
#ifndef PROSPERO_GPU_SHADER_IR_IR_SSHARP_H
#define PROSPERO_GPU_SHADER_IR_IR_SSHARP_H

#include <stdbool.h>
#include <stdint.h>

/* X(name, dword, lo, bits) */
#define IR_SSHARP_FIELDS(X)                                                              \
  X(clamp_x, 0, 0, 3) /* enum ir_ssharp_clamp */                                         \
  X(clamp_y, 0, 3, 3)                                                                    \
  X(clamp_z, 0, 6, 3)                                                                    \
  X(max_aniso_ratio, 0, 9, 3)                                                            \
  X(depth_compare_func, 0, 12, 3) /* SQ_TEX_DEPTH_COMPARE_NEVER .. ALWAYS */             \
  X(force_unnormalized, 0, 15, 1)                                                        \
  X(aniso_threshold, 0, 16, 3)                                                           \
  X(mc_coord_trunc, 0, 19, 1)                                                            \
  X(force_degamma, 0, 20, 1)                                                             \
  X(aniso_bias, 0, 21, 6)                                                                \
  X(trunc_coord, 0, 27, 1)                                                               \
  X(disable_cube_wrap, 0, 28, 1)                                                         \
  X(filter_mode, 0, 29, 2) /* 0 blend, 1 min, 2 max (reduction) */                       \
  X(compat_mode, 0, 31, 1)                                                               \
  X(min_lod, 1, 0, 12) /* unsigned 4.8 fixed point */                                    \
  X(max_lod, 1, 12, 12)                                                                  \
  X(perf_mip, 1, 24, 4)                                                                  \
  X(perf_z, 1, 28, 4)                                                                    \
  X(lod_bias, 2, 0, 14) /* signed 6.8 fixed point */                                     \
  X(lod_bias_sec, 2, 14, 6)                                                              \
  X(xy_mag_filter, 2, 20, 2) /* enum ir_ssharp_xy_filter */                              \
  X(xy_min_filter, 2, 22, 2)                                                             \
  X(z_filter, 2, 24, 2)   /* 0 none, 1 point, 2 linear */                                \
  X(mip_filter, 2, 26, 2) /* 0 none, 1 point, 2 linear, 3 point with aniso adjustment */ \
  X(blend_zero_prt, 2, 29, 1)                                                            \
  X(filter_prec_fix, 2, 30, 1)                                                           \
  X(border_color_ptr, 3, 0, 12)                                                          \
  X(skip_degamma, 3, 12, 1)                                                              \
  X(border_color_type, 3, 30, 2) /* enum ir_ssharp_border */

enum ir_ssharp_field {
#define IR_SSHARP_ENUM_(name, dw, lo, n) IR_SSHARP_##name,
  IR_SSHARP_FIELDS(IR_SSHARP_ENUM_)
#undef IR_SSHARP_ENUM_
      IR_SSHARP_FIELD_COUNT
};

struct ir_ssharp_field_info {
  const char *name;
  uint8_t dword, lo, bits;
};
extern const struct ir_ssharp_field_info ir_ssharp_fields[IR_SSHARP_FIELD_COUNT];

/* SQ_TEX_CLAMP: what a texel index outside the level becomes */
enum ir_ssharp_clamp {
  IR_CLAMP_WRAP = 0,
  IR_CLAMP_MIRROR = 1,
  IR_CLAMP_LAST_TEXEL = 2, /* clamp to edge */
  IR_CLAMP_MIRROR_ONCE_LAST_TEXEL = 3,
  IR_CLAMP_HALF_BORDER = 4,
  IR_CLAMP_MIRROR_ONCE_HALF_BORDER = 5,
  IR_CLAMP_BORDER = 6,
  IR_CLAMP_MIRROR_ONCE_BORDER = 7,
};

/* SQ_TEX_XY_FILTER */
enum ir_ssharp_xy_filter {
  IR_XY_POINT = 0,
  IR_XY_BILINEAR = 1,
  IR_XY_ANISO_POINT = 2,
  IR_XY_ANISO_BILINEAR = 3,
};

/* SQ_TEX_BORDER_COLOR */
enum ir_ssharp_border {
  IR_BORDER_TRANS_BLACK = 0,
  IR_BORDER_OPAQUE_BLACK = 1,
  IR_BORDER_OPAQUE_WHITE = 2,
  IR_BORDER_REGISTER = 3, /* the colour table at BORDER_COLOR_PTR */
};

/* FILTER_MODE (word 0 30:29, SQ_IMG_FILTER_MODE_*): how the filter combines the texels it
 * selects; radv writes VkSamplerReductionMode's weighted average, min and max as 0, 1, 2 */
enum ir_ssharp_filter_mode {
  IR_FILTER_BLEND = 0,
  IR_FILTER_MIN = 1, /* the component-wise minimum of the texels of nonzero weight */
  IR_FILTER_MAX = 2, /* the maximum */
};

/* The fields the sampling rules use, decoded. */
struct ir_ssharp {
  uint8_t clamp[3]; /* x, y, z: enum ir_ssharp_clamp */
  uint8_t mag_filter, min_filter, z_filter, mip_filter;
  uint8_t border_type; /* enum ir_ssharp_border */
  uint8_t depth_compare, filter_mode, max_aniso;
  bool force_unnormalized;
  uint16_t min_lod, max_lod; /* 4.8 fixed point */
  int16_t lod_bias;          /* 6.8 fixed point, sign-extended */
  uint16_t border_ptr;
};

/* The border colour's channel (0 red, 1 green, 2 blue, 3 alpha) that memory component k
 * (x, y, z, w) takes under BC_SWIZZLE b (T# word 3 27:25): ir_ssharp_bc_channel[b][k]
 * (XYZW, XWYZ, WZYX, WXYZ, ZYXW, YXWZ; 6 and 7 read as XYZW). The border colour then goes
 * through DST_SEL as a texel's memory components do. */
extern const uint8_t ir_ssharp_bc_channel[8][4];

uint32_t ir_ssharp_get(const uint32_t w[4], enum ir_ssharp_field f);
void ir_ssharp_set(uint32_t w[4], enum ir_ssharp_field f, uint32_t v);
void ir_ssharp_decode(const uint32_t w[4], struct ir_ssharp *s);
/* Words of S (the fields above; the others 0). */
void ir_ssharp_encode(const struct ir_ssharp *s, uint32_t w[4]);

#endif
