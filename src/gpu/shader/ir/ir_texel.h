/* The GFX10 image formats whose texels are not plain components of one element (the rows of
 * buffer_formats.def): the shared-exponent 5_9_9_9, the 4:2:2 subsampled GB_GR and BG_RG
 * (one 32-bit element holds two texels side by side), the block-compressed BC1..BC7 (one
 * 8- or 16-byte element holds a 4x4 block; BC6H and BC7: ir_texel_bptc.h) and the
 * depth-stencil X24_8_32 (a 64-bit element whose y has 8 of its dword's 32 bits). One table of
 * their values, element shapes and number formats; a decoder of one texel for C (the
 * interpreter's image model, tests); the SPIR-V back end reads the same table (ir_texel_info)
 * and decodes by the same rules (spirv_emit_texel.c). The rules and their readings:
 * docs/shader-spirv.md, "Images". */
#ifndef PROSPERO_GPU_SHADER_IR_IR_TEXEL_H
#define PROSPERO_GPU_SHADER_IR_IR_TEXEL_H

#include <stdbool.h>
#include <stdint.h>

enum ir_texel_kind {
  IR_TEXEL_PLAIN = 0, /* a row of buffer_formats.def, or not an image format */
  IR_TEXEL_E5B9G9R9,  /* 5_9_9_9_FLOAT: x, y, z 9-bit mantissas from bit 0, a 5-bit exponent */
  IR_TEXEL_GB_GR,     /* bytes R, G0, B, G1 from byte 0: texel 2i takes G0, 2i + 1 G1 */
  IR_TEXEL_BG_RG,     /* bytes G0, R, G1, B from byte 0 */
  IR_TEXEL_BC1,       /* 8 bytes: two RGB565 endpoints and 2-bit indices */
  IR_TEXEL_BC2,       /* 16 bytes: 4-bit alphas, then a BC1 colour block (four colours) */
  IR_TEXEL_BC3,       /* 16 bytes: an interpolated alpha block, then a BC1 colour block */
  IR_TEXEL_BC4,       /* 8 bytes: one interpolated channel block (x) */
  IR_TEXEL_BC5,       /* 16 bytes: two of them (x, then y) */
  IR_TEXEL_X24_8_32,  /* 8 bytes: x dword 0 (depth), y bits 39:32 (stencil), 63:40 unused */
  IR_TEXEL_BC6H_UF,   /* 16 bytes: BPTC half floats, unsigned (ir_texel_bptc.h) */
  IR_TEXEL_BC6H_SF,   /* 16 bytes: BPTC half floats, signed */
  IR_TEXEL_BC7,       /* 16 bytes: BPTC RGBA 8-bit */
  IR_TEXEL_KINDS
};

/* X(value, kind, number format (enum ir_buffer_class without IR_BUF_), log2 element bytes,
 * log2 texels per element in x, in y). Values: Mesa's gfx10-rsrc.json GFX10_FORMAT enum. */
#define IR_TEXEL_FORMATS(X)                              \
  X(132, E5B9G9R9, FLOAT, 2, 0, 0) /*  5_9_9_9_FLOAT */  \
  X(147, GB_GR, UNORM, 2, 1, 0)    /*  GB_GR_UNORM */    \
  X(148, GB_GR, SNORM, 2, 1, 0)    /*  GB_GR_SNORM */    \
  X(149, GB_GR, UINT, 2, 1, 0)     /*  GB_GR_UINT */     \
  X(150, GB_GR, SRGB, 2, 1, 0)     /*  GB_GR_SRGB */     \
  X(151, BG_RG, UNORM, 2, 1, 0)    /*  BG_RG_UNORM */    \
  X(152, BG_RG, SNORM, 2, 1, 0)    /*  BG_RG_SNORM */    \
  X(153, BG_RG, UINT, 2, 1, 0)     /*  BG_RG_UINT */     \
  X(154, BG_RG, SRGB, 2, 1, 0)     /*  BG_RG_SRGB */     \
  X(169, BC1, UNORM, 3, 2, 2)      /*  BC1_UNORM */      \
  X(170, BC1, SRGB, 3, 2, 2)       /*  BC1_SRGB */       \
  X(171, BC2, UNORM, 4, 2, 2)      /*  BC2_UNORM */      \
  X(172, BC2, SRGB, 4, 2, 2)       /*  BC2_SRGB */       \
  X(173, BC3, UNORM, 4, 2, 2)      /*  BC3_UNORM */      \
  X(174, BC3, SRGB, 4, 2, 2)       /*  BC3_SRGB */       \
  X(175, BC4, UNORM, 3, 2, 2)      /*  BC4_UNORM */      \
  X(176, BC4, SNORM, 3, 2, 2)      /*  BC4_SNORM */      \
  X(177, BC5, UNORM, 4, 2, 2)      /*  BC5_UNORM */      \
  X(178, BC5, SNORM, 4, 2, 2)      /*  BC5_SNORM */      \
  X(145, X24_8_32, UINT, 3, 0, 0)  /*  X24_8_32_UINT */  \
  X(146, X24_8_32, FLOAT, 3, 0, 0) /*  X24_8_32_FLOAT */ \
  X(179, BC6H_UF, FLOAT, 4, 2, 2)  /*  BC6H_UFLOAT */    \
  X(180, BC6H_SF, FLOAT, 4, 2, 2)  /*  BC6H_SFLOAT */    \
  X(181, BC7, UNORM, 4, 2, 2)      /*  BC7_UNORM */      \
  X(182, BC7, SRGB, 4, 2, 2)       /*  BC7_SRGB */

/* Formats up to this value have an entry (ir_texel_info); the T# field has 9 bits. */
#define IR_TEXEL_INFO_ROWS 512u

struct ir_texel_format {
  uint8_t kind;             /* enum ir_texel_kind; IR_TEXEL_PLAIN for the others */
  uint8_t cls;              /* enum ir_buffer_class */
  uint8_t bytes_log2;       /* the element's bytes */
  uint8_t bw_log2, bh_log2; /* texels per element in x and y */
};

struct ir_texel_format ir_texel_format_of(uint32_t format);

/* The plain format (a row of buffer_formats.def) a texel of special format F is given as:
 * 8_8_8_8 of F's class (UNORM 56, SNORM 57, UINT 60, SRGB 130: x, y, z, then w 1 as 255,
 * 127 or 1), 32_32_32_32_FLOAT (77) for 5_9_9_9 and BC6H, 32_32_32_32 UINT (75) or FLOAT (77)
 * for X24_8_32 (x the depth dword, y the stencil byte as an integer, z 0, w 1). The SPIR-V back
 * end decodes a texel into an element of it and converts that as any element
 * (spirv_emit_texel.c). */
uint32_t ir_texel_plain_format(const struct ir_texel_format *f);

/* FORMAT's entry packed in a dword for the SPIR-V back end: kind 3:0, class 6:4, log2 bytes
 * 10:8, log2 texels per element x 13:12, y 15:14, the plain format 23:16; 0 for a plain
 * format */
uint32_t ir_texel_info(uint32_t format);

/* Whether an image access of FORMAT reads texels: a row with an element of 1, 2, 4, 8 or 16
 * bytes, or a kind here (the 96-bit rows, read on linear surfaces only, are not counted).
 * The others (0 excepted: INVALID, a null resource) are reported when an access meets them
 * (docs/shader-dispatch.md, "Unmapped accesses"). */
bool ir_texel_decoded(uint32_t format);

/* The texel at SUB_X, SUB_Y inside the element at P (a special format F) as the shader sees
 * it: f32 bits (integers for UINT), x y z w */
void ir_texel_decode(const struct ir_texel_format *f, const uint8_t *p, uint32_t sub_x,
                     uint32_t sub_y, uint32_t out[4]);

#endif
