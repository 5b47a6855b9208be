/* Buffer (V#) memory as the GFX10 (gfx1013) texture unit sees it: the buffer resource
 * layout, the address of an access, the range check (OOB_SELECT) and the unified buffer
 * formats. Pure functions of their arguments; the interpreter (ir_interp.c) applies them
 * lane by lane and resolves the addresses through the caller's memory model. The rules and
 * their evidence are in docs/shader-ir.md ("Buffer memory"). */
#ifndef PROSPERO_GPU_SHADER_IR_IR_INTERP_BUFFER_H
#define PROSPERO_GPU_SHADER_IR_IR_INTERP_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

/* OOB_SELECT (word 3 bits 29:28): which test makes an access out of range. */
enum ir_buffer_oob {
  IR_OOB_STRUCTURED_OFFSET = 0, /* index >= num_records || offset + payload > stride */
  IR_OOB_STRUCTURED = 1,        /* index >= num_records */
  IR_OOB_EMPTY_ONLY = 2,        /* num_records == 0 (no other check) */
  IR_OOB_RAW = 3,               /* swizzled with a stride: as 0; else offset + payload > num_records */
};

/* dst_sel values (SQ_SEL_*): 2 and 3 are reserved and read as 0 */
enum ir_buffer_sel { IR_SEL_0 = 0, IR_SEL_1 = 1, IR_SEL_X = 4, IR_SEL_Y = 5, IR_SEL_Z = 6, IR_SEL_W = 7 };

/* A GFX10 buffer resource (V#), four dwords:
 *   word 0  31:0   base address 31:0
 *   word 1  15:0   base address 47:32
 *           29:16  stride (bytes, 14 bits)
 *           31     swizzle enable (GFX10: one bit, element size 4 bytes; bit 30 unused)
 *   word 2  31:0   num_records (bytes for raw buffers, records for structured ones)
 *   word 3  2:0, 5:3, 8:6, 11:9   dst_sel x, y, z, w (enum ir_buffer_sel)
 *           18:12  format (GFX10 unified buffer format, isa/mtbuf_formats.def)
 *           22:21  index_stride (8, 16, 32, 64 records per swizzle block)
 *           23     add_tid_enable (the lane id is added to the index)
 *           24     resource_level (1 on GFX10)
 *           29:28  OOB_SELECT (enum ir_buffer_oob)
 *           31:30  type (0 = buffer) */
struct ir_vsharp {
  uint64_t base;
  uint32_t stride, num_records;
  bool swizzle, add_tid, resource_level;
  uint8_t dst_sel[4];
  uint8_t format, index_stride, oob_select, type;
};

void ir_vsharp_decode(const uint32_t d[4], struct ir_vsharp *v);
void ir_vsharp_encode(const struct ir_vsharp *v, uint32_t d[4]);

/* The record index an access uses: INDEX plus the lane with add_tid_enable. */
uint32_t ir_buffer_index(const struct ir_vsharp *v, uint32_t index, uint32_t lane);

/* Whether an access of PAYLOAD bytes at (INDEX, OFFSET) with the wave offset SOFFSET is in
 * range under the V#'s OOB_SELECT. OFFSET is voffset + instruction offset; the structured
 * checks compare it with the stride, the raw one adds SOFFSET. */
bool ir_buffer_in_range(const struct ir_vsharp *v, uint32_t index, uint32_t offset,
                        uint32_t soffset, uint32_t payload);

/* The memory address of byte OFFSET of record INDEX: base + SOFFSET + linear (index *
 * stride + offset) or swizzled (blocks of index_stride records, element size 4 bytes). */
uint64_t ir_buffer_address(const struct ir_vsharp *v, uint32_t index, uint32_t offset,
                           uint32_t soffset);

/* s_buffer_load: whether the dword at byte OFFSET is in range: OFFSET < max(stride, 1) *
 * num_records (no OOB_SELECT, no index). */
bool ir_buffer_scalar_in_range(const struct ir_vsharp *v, uint32_t offset);

/* ---- unified buffer formats -------------------------------------------------------- */
enum ir_buffer_class { IR_BUF_UNORM, IR_BUF_SNORM, IR_BUF_USCALED, IR_BUF_SSCALED, IR_BUF_UINT,
                       IR_BUF_SINT, IR_BUF_FLOAT, IR_BUF_SRGB };

/* The rows of the format table: 0..127 the buffer formats, 128..130 the 8-bit SRGB image
 * formats, 133..137 the packed UNORM ones and 140..144 32_FLOAT_CLAMP and the 4-byte
 * depth-stencil ones (T# FORMAT only); larger values have no row. */
#define IR_BUFFER_FORMAT_ROWS 145u

struct ir_buffer_format {
  uint8_t comps;   /* 0: not a format the texture unit converts (invalid or reserved) */
  uint8_t bits[4]; /* per component, x first from bit 0 of the element */
  uint8_t cls;     /* enum ir_buffer_class */
};

/* The layout of FORMAT (0..144, IR_BUFFER_FORMAT_ROWS); comps 0 for invalid, reserved and
 * larger values. */
struct ir_buffer_format ir_buffer_format_of(uint32_t format);
/* Bytes of one element of F. */
uint32_t ir_buffer_format_bytes(const struct ir_buffer_format *f);

/* Loads one element of F at P and converts it to the four 32-bit shader values (floats as
 * bits for the float classes; components the format lacks: x, y, z 0, w one). */
void ir_buffer_format_load(const struct ir_buffer_format *f, const uint8_t *p, uint32_t out[4]);
/* Converts the shader values IN (floats as bits, or integers) to one element at P. */
void ir_buffer_format_store(const struct ir_buffer_format *f, const uint32_t in[4], uint8_t *p);
/* SRGB (docs/shader-spirv.md, "SRGB formats"): the sRGB EOTF of K/255 (K 0..255) as the f32
 * nearest the value computed in long double: ((K/255 + 0.055)/1.055)^2.4, K/255/12.92 up to
 * 0.04045. The value of an SRGB format's x, y, z components (w is UNORM). */
float ir_srgb_to_linear(uint32_t k);
/* The encode rule of SRGB stores: round(255 * OETF(x)) with OETF(x) = 1.055 x^(1/2.4) - 0.055
 * (12.92 x up to 0.0031308), x clamped to 0..1 (NaN 0), computed in long double. */
uint32_t ir_srgb_encode_formula(float x);
/* The same rule as thresholds: entry J (0..254) is the smallest f32 X whose encoding is above
 * J, so the encoding of X is the number of entries <= X (what the SPIR-V back end does). */
float ir_srgb_threshold(uint32_t j);
/* "One" in F's class: 1.0f (as bits) or the integer 1. */
uint32_t ir_buffer_format_one(const struct ir_buffer_format *f);
/* Applies the V#'s dst_sel to the loaded components C (IN_RANGE false: all zero, except
 * the SEL_1 components, which read one). */
void ir_buffer_dst_sel(const struct ir_vsharp *v, const struct ir_buffer_format *f,
                       bool in_range, const uint32_t c[4], uint32_t out[4]);
/* D16: a shader value of F's class to its 16-bit form (f16 for the float classes, the low
 * 16 bits for the integer ones) and back. */
uint32_t ir_buffer_to_d16(const struct ir_buffer_format *f, uint32_t v);
uint32_t ir_buffer_from_d16(const struct ir_buffer_format *f, uint32_t v);

/* ---- small floats -------------------------------------------------------------------
 * A 5-bit exponent (bias 15) over MB mantissa bits: binary16 (SIGN, MB 10) and the unsigned
 * 11-bit (MB 6) and 10-bit (MB 5) floats of the packed formats. The ALU conversions
 * (v_cvt_f32_f16, the f16 arithmetic) and the buffer format and D16 conversions share them.
 * Widening is exact, a NaN keeping its sign and payload (moved to the top of the f32
 * mantissa); narrowing rounds to nearest even (RTZ: toward zero, overflow to the largest
 * finite value instead of infinity), a NaN gives the quiet NaN with its sign (signed forms),
 * and the unsigned forms give 0 for negative values. */
float ir_small_float_value(uint32_t v, unsigned mb, bool sign);
uint32_t ir_small_float_bits(double d, unsigned mb, bool sign, bool rtz);

#endif
