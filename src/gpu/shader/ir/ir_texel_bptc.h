/* The BPTC block formats BC6H (16-byte blocks of RGB half floats, unsigned or signed) and
 * BC7 (16-byte blocks of RGBA 8-bit UNORM): their mode, partition, anchor and weight tables
 * (ir_texel_bptc_tables.c; the Khronos Data Format Specification's "BPTC Compressed Texture
 * Image Formats", the same as D3D11's BC6H and BC7) and a decoder of one texel written from
 * that text. ir_texel.c gives its results to the shader as the other special formats; the
 * SPIR-V back end decodes by the same tables (spirv_emit_bptc.c). docs/shader-spirv.md,
 * "Images", says the rules. */
#ifndef PROSPERO_GPU_SHADER_IR_IR_TEXEL_BPTC_H
#define PROSPERO_GPU_SHADER_IR_IR_TEXEL_BPTC_H

#include <stdbool.h>
#include <stdint.h>

/* Partitions of the 4x4 texels (texel t = 4 y + x) into subsets. Two subsets: bit t of
 * entry p is texel t's subset; three: bits 2t+1:2t. BC7 uses all 64, BC6H the first 32 of
 * the two-subset table. */
extern const uint16_t ir_bptc_partition2[64];
extern const uint32_t ir_bptc_partition3[64];

/* The anchor texels (whose index has one bit less; texel 0 is always the first subset's):
 * per partition, the second subset's anchor of the two-subset table, then the second and
 * the third subset's of the three-subset table. */
extern const uint8_t ir_bptc_anchor2[64];
extern const uint8_t ir_bptc_anchor3[2][64];

/* Interpolation weights (of 64) of 2-, 3- and 4-bit indices: row bits - 2 */
extern const uint8_t ir_bptc_weights[3][16];

/* BC7's eight modes (mode m: byte 0's lowest set bit is bit m; a zero byte 0 is the
 * reserved mode 8, which decodes to 0 in every component) */
struct ir_bc7_mode {
  uint8_t subsets;        /* 1..3 */
  uint8_t partition_bits; /* 0, 4 or 6 */
  uint8_t rotation_bits;  /* 0 or 2: which colour channel swaps with alpha */
  uint8_t select_bits;    /* 0 or 1: the index selection bit (mode 4) */
  uint8_t color_bits;     /* per colour endpoint component, without the p-bit */
  uint8_t alpha_bits;     /* 0: alpha 255 */
  uint8_t endpoint_pbits; /* 1: one p-bit per endpoint */
  uint8_t shared_pbits;   /* 1: one p-bit per subset */
  uint8_t index_bits;     /* the first index set's */
  uint8_t index2_bits;    /* the second set's (modes 4 and 5), 0 when none */
};
extern const struct ir_bc7_mode ir_bc7_modes[8];

/* BC6H's modes. The mode is byte 0's bits 1:0 when bit 1 is clear (0 and 1), else its bits
 * 4:0. A run of the header puts COUNT bits (from the block's next bit on) into bits LO..
 * of endpoint value VALUE (endpoint e, component c: 3 e + c, the endpoints w, x, y, z of
 * the specification's tables as 0..3), in reverse order when REVERSE. */
struct ir_bc6h_run {
  uint8_t value, lo, count, reverse;
};
#define IR_BC6H_RUNS_MAX 24
struct ir_bc6h_mode {
  uint8_t mode_bits;   /* 2 or 5; 0: a reserved mode */
  uint8_t transformed; /* endpoints after the first are signed deltas from it */
  uint8_t two_subsets; /* a 5-bit partition after the endpoints, 3-bit indices; else 4-bit */
  uint8_t endpoint_bits;
  uint8_t delta_bits[3]; /* per component, when transformed */
  uint8_t runs;
  struct ir_bc6h_run run[IR_BC6H_RUNS_MAX];
};
/* indexed by the mode's value (2 bits: 0, 1; 5 bits: the others); unused entries and the
 * reserved values 0x13, 0x17, 0x1b, 0x1f have mode_bits 0 */
extern const struct ir_bc6h_mode ir_bc6h_modes[32];

/* BC6H's mode entry of the block at P */
const struct ir_bc6h_mode *ir_bc6h_mode_of(const uint8_t *p);

/* Texel T (0..15) of the BC7 block at P: R, G, B, A as 8-bit values */
void ir_bc7_texel(const uint8_t *p, uint32_t t, uint32_t rgba[4]);

/* Texel T of the BC6H block at P (SIGNED: BC6H_SFLOAT): R, G, B as half-float bits (a
 * reserved mode gives 0) */
void ir_bc6h_texel(const uint8_t *p, uint32_t t, bool is_signed, uint32_t rgb[3]);

/* the f32 bits of the half-float H (exact) */
uint32_t ir_half_to_f32_bits(uint32_t h);

#endif
