/* The GFX10 image resource descriptor (T#, SQ_IMG_RSRC_WORD0..7) as facts: one table line
 * per field (dword, first bit, width), a decoder for C (tests, image models) and the same
 * table for the SPIR-V back end, which extracts the fields at run time
 * (spirv_emit_image.c). Field positions: Mesa's GFX10 register tables (sid.h
 * S_00A004_* .. S_00A014_*, the descriptors ac_descriptors.c / radv build). */
#ifndef PROSPERO_GPU_SHADER_IR_IR_TSHARP_H
#define PROSPERO_GPU_SHADER_IR_IR_TSHARP_H

#include <stdbool.h>
#include <stdint.h>

/* X(name, dword, lo, bits) */
#define IR_TSHARP_FIELDS(X)                                                              \
  X(base_lo, 0, 0, 32) /* base address 39:8 (256-byte units) */                          \
  X(base_hi, 1, 0, 8)  /* base address 47:40 */                                          \
  X(min_lod, 1, 8, 12)                                                                   \
  X(format, 1, 20, 9)   /* GFX10 image format (the unified buffer formats' values) */    \
  X(width_lo, 1, 30, 2) /* width - 1, bits 1:0 */                                        \
  X(width_hi, 2, 0, 12) /* width - 1, bits 13:2 */                                       \
  X(height, 2, 14, 14)  /* height - 1 */                                                 \
  X(resource_level, 2, 31, 1)                                                            \
  X(dst_sel_x, 3, 0, 3) /* SQ_SEL_0/1/X/Y/Z/W (ir_interp_buffer.h enum ir_buffer_sel) */ \
  X(dst_sel_y, 3, 3, 3)                                                                  \
  X(dst_sel_z, 3, 6, 3)                                                                  \
  X(dst_sel_w, 3, 9, 3)                                                                  \
  X(base_level, 3, 12, 4)                                                                \
  X(last_level, 3, 16, 4) /* MSAA types: log2(samples) */                                \
  X(sw_mode, 3, 20, 5)    /* swizzle mode (tiling.h TILING_MODES) */                     \
  X(bc_swizzle, 3, 25, 3)                                                                \
  X(type, 3, 28, 4)        /* enum ir_tsharp_type */                                     \
  X(depth, 4, 0, 13)       /* 3D: depth - 1; arrays: the last layer */                   \
  X(base_array, 4, 16, 13) /* arrays: the first layer */                                 \
  X(array_pitch, 5, 0, 4)                                                                \
  X(max_mip, 5, 4, 4) /* levels of the resource - 1 */                                   \
  X(min_lod_warn, 5, 8, 12)                                                              \
  X(compression_en, 6, 21, 1)

enum ir_tsharp_field {
#define IR_TSHARP_ENUM_(name, dw, lo, n) IR_TSHARP_##name,
  IR_TSHARP_FIELDS(IR_TSHARP_ENUM_)
#undef IR_TSHARP_ENUM_
      IR_TSHARP_FIELD_COUNT
};

struct ir_tsharp_field_info {
  const char *name;
  uint8_t dword, lo, bits;
};
extern const struct ir_tsharp_field_info ir_tsharp_fields[IR_TSHARP_FIELD_COUNT];

/* SQ_RSRC_IMG_* (word 3 bits 31:28); values below 8 are buffers, not images */
enum ir_tsharp_type {
  IR_TSHARP_1D = 8,
  IR_TSHARP_2D = 9,
  IR_TSHARP_3D = 10,
  IR_TSHARP_CUBE = 11,
  IR_TSHARP_1D_ARRAY = 12,
  IR_TSHARP_2D_ARRAY = 13,
  IR_TSHARP_2D_MSAA = 14,
  IR_TSHARP_2D_MSAA_ARRAY = 15,
};

/* The fields a shader's image access uses, decoded. */
struct ir_tsharp {
  uint64_t base; /* byte address (bits 47:8 of the descriptor's base; XOR modes keep the
                    pipe/bank XOR in its low bits) */
  uint32_t format, type, sw_mode;
  uint32_t width, height, depth; /* level 0, in texels (fields + 1); depth: the DEPTH field + 1 */
  uint32_t base_array;
  uint32_t base_level, last_level, levels; /* levels: max_mip + 1 (the resource's chain) */
  uint8_t dst_sel[4];
};

uint32_t ir_tsharp_get(const uint32_t w[8], enum ir_tsharp_field f);
void ir_tsharp_set(uint32_t w[8], enum ir_tsharp_field f, uint32_t v);
void ir_tsharp_decode(const uint32_t w[8], struct ir_tsharp *t);
/* Words of T (the fields above; the others 0); resource_level set as GFX10 wants it. */
void ir_tsharp_encode(const struct ir_tsharp *t, uint32_t w[8]);

/* image_get_resinfo of mip level MIP (relative to base_level): x width, y height (1D array:
 * layers), z depth (3D) or layers (2D array, cube), w levels (last - base + 1); the sizes of
 * the level, at least 1. */
void ir_tsharp_resinfo(const struct ir_tsharp *t, uint32_t mip, uint32_t out[4]);

#endif
