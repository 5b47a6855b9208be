/* Guest texture tiling: GFX10 swizzle modes as used by the PS5 GPU.
 *
 * A surface is described by a struct tiling_surface (mode, element size, sizes, levels,
 * layers, fragments); tiling_compute_layout() turns it into a struct tiling_layout with
 * everything a consumer needs: total size and alignment, per-level offsets, pitches and
 * padded sizes, the mip tail. With a layout, tiling_element_offset() gives the byte offset
 * of any element and tiling_detile()/tiling_tile() convert a whole surface between the
 * guest (tiled) bytes and a tightly packed linear copy.
 *
 * Units: sizes and coordinates are in elements. An element is a texel for plain formats and
 * a 4x4 block for block-compressed ones (bpe 8 for BC1/BC4, 16 for BC2/3/5/6/7).
 *
 * Linear copies produced by tiling_detile() hold, in this order: levels 0..levels-1, within a
 * level the slices (array layers, or z slices of a 3D texture), within a slice the fragments
 * (MSAA), within a fragment the rows; rows are width*bpe bytes with no padding.
 * tiling_linear_offset() gives where each (level, slice) starts.
 */
#ifndef PROSPERO_GPU_TILING_TILING_H
#define PROSPERO_GPU_TILING_TILING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* GFX10 swizzle-mode values (the tile mode of a T# / render-target register). Only the
 * modes the address configuration defines are listed; the others are rejected. */
#define TILING_MODES(X)              \
  X(SW_LINEAR, 0x00)                 \
  X(SW_256B_S, 0x01)                 \
  X(SW_256B_D, 0x02)                 \
  X(SW_4KB_S, 0x05)                  \
  X(SW_4KB_D, 0x06)                  \
  X(SW_64KB_S, 0x09)                 \
  X(SW_64KB_D, 0x0A)                 \
  X(SW_64KB_S_T, 0x11)               \
  X(SW_64KB_D_T, 0x12)               \
  X(SW_4KB_S_X, 0x15)                \
  X(SW_4KB_D_X, 0x16)                \
  X(SW_64KB_Z_X, 0x18)               \
  X(SW_64KB_S_X, 0x19)               \
  X(SW_64KB_D_X, 0x1A)               \
  X(SW_64KB_R_X, 0x1B)

enum tiling_mode {
#define TILING_MODE_ENUM_(name, value) TILING_##name = value,
  TILING_MODES(TILING_MODE_ENUM_)
#undef TILING_MODE_ENUM_
};

/* PS5 tile-mode names for the same values. */
enum {
  TILING_PS5_LINEAR = TILING_SW_LINEAR,
  TILING_PS5_STANDARD_256B = TILING_SW_256B_S,
  TILING_PS5_STANDARD_4KB = TILING_SW_4KB_S,
  TILING_PS5_STANDARD_64KB = TILING_SW_64KB_S,
  TILING_PS5_PRT = TILING_SW_64KB_S_T,
  TILING_PS5_DEPTH = TILING_SW_64KB_Z_X,
  TILING_PS5_RENDER_TARGET = TILING_SW_64KB_R_X,
};

enum tiling_dim {
  TILING_DIM_2D = 0, /* 2D texture / render target / depth, optionally an array */
  TILING_DIM_3D = 1, /* volume texture: depth = number of z slices */
};

#define TILING_MAX_LEVELS 16

struct tiling_surface {
  uint32_t mode;      /* enum tiling_mode value */
  uint32_t bpe;       /* bytes per element: 1, 2, 4, 8 or 16 */
  uint32_t width;     /* level-0 size in elements */
  uint32_t height;
  uint32_t depth;     /* 3D: z slices; 2D: array layers (0 is taken as 1) */
  uint32_t levels;    /* mip levels (0 is taken as 1), at most TILING_MAX_LEVELS */
  uint32_t fragments; /* MSAA fragments 1, 2, 4, 8 (Z and R modes only; 0 = 1) */
  enum tiling_dim dim;
  /* _X/_T modes: the per-surface pipe/bank XOR, in bytes as it appears in the low bits of a
   * descriptor's base address (addrlib's pipeBankXor << 8). It flips in-block offset bits;
   * only the bits tiling_pipe_bank_xor_bits() gives may be set (pipe bits 8-11 and, for
   * 64 KiB blocks, bank bits 14-15). 0 = none. */
  uint32_t pipe_bank_xor;
};

struct tiling_level {
  uint32_t width, height, depth; /* logical size: max(1, size >> level) */
  uint32_t pitch, padded_height; /* padded size in elements (tail levels: tail descriptor) */
  uint32_t padded_depth;         /* 3D thick: padded slices of the level; otherwise 1 */
  uint64_t offset;               /* level start within one slice's mip chain (addrlib form) */
  uint64_t macro_block_offset;   /* start of the level's first block (tail: tail block) */
  bool in_tail;
  uint32_t tail_offset;             /* byte offset inside the tail block (0 outside) */
  uint32_t tail_x, tail_y, tail_z;  /* element position of the level inside the tail block */
  uint64_t linear_offset;           /* start of the level in a tiling_detile() copy */
  uint64_t linear_size;             /* bytes of the level in that copy (all slices) */
};

/* Opaque: the parsed swizzle equation of a (mode, kind, bpe, fragments) combination. */
struct tiling_pattern;

struct tiling_layout {
  struct tiling_surface surface; /* normalised copy of the input */
  uint32_t block_bytes_log2;     /* 8, 12 or 16 (linear: 8) */
  uint32_t block_width, block_height, block_depth; /* block size in elements */
  uint32_t pitch, padded_height; /* level 0 padded to whole blocks */
  uint32_t padded_slices;        /* slices rounded up to the block depth */
  uint64_t slice_size;           /* bytes of one slice's mip chain (thick: one z plane) */
  uint64_t size;                 /* total bytes of the surface */
  uint32_t base_align;           /* required alignment of the surface base */
  uint32_t first_tail_level;     /* first level in the mip tail; = levels if none */
  bool chain_in_tail;            /* level 0 already in the tail */
  bool thick;                    /* 3D block (S/D modes on 3D textures) */
  uint64_t linear_size;          /* bytes of a tiling_detile() copy */
  struct tiling_level level[TILING_MAX_LEVELS];
  const struct tiling_pattern *pattern; /* NULL for linear */
};

/* In-block address bits a surface's pipe_bank_xor may set for MODE: pipe bits and (64 KiB
 * blocks) bank bits. Returns false, both 0, for a mode without a pipe/bank XOR. */
struct tiling_xor_bits {
  uint32_t pipe, bank;
};
bool tiling_pipe_bank_xor_bits(uint32_t mode, struct tiling_xor_bits *out);

/* Returns the name of a mode value ("SW_64KB_R_X"), or NULL for an unknown one. */
const char *tiling_mode_name(uint32_t mode);
/* Parses a mode name ("SW_64KB_R_X", "64KB_R_X" or a PS5 name such as "RenderTarget")
 * or a number (decimal or 0x..); returns false if unknown. */
bool tiling_mode_parse(const char *text, uint32_t *out_mode);

/* Fills OUT for SURFACE. Returns false (and logs why, once per call) when the combination
 * is invalid: unknown mode, bpe not a power of two up to 16, zero or too large sizes,
 * fragments on a mode without MSAA, MSAA with mips, 3D with a 2D-only mode, Z modes with
 * 16-byte elements. */
bool tiling_compute_layout(const struct tiling_surface *surface, struct tiling_layout *out);

/* Byte offset from the surface base of element (x, y) of LEVEL in SLICE (array layer or
 * z slice), fragment FRAG. Coordinates must lie inside the level (not checked for speed;
 * tiling_element_offset_checked() checks and returns false). */
uint64_t tiling_element_offset(const struct tiling_layout *layout, uint32_t level,
                               uint32_t x, uint32_t y, uint32_t slice, uint32_t frag);
bool tiling_element_offset_checked(const struct tiling_layout *layout, uint32_t level,
                                   uint32_t x, uint32_t y, uint32_t slice, uint32_t frag,
                                   uint64_t *out_offset);

/* Offset in a tiling_detile() copy where (LEVEL, SLICE) starts. */
uint64_t tiling_linear_offset(const struct tiling_layout *layout, uint32_t level,
                              uint32_t slice);

/* Whole-surface conversion. TILED holds at least layout->size bytes, LINEAR at least
 * layout->linear_size bytes; returns false (logged) if a buffer is too small. Bytes of the
 * tiled buffer that no element covers (padding) are left unchanged by tiling_tile(). */
bool tiling_detile(const struct tiling_layout *layout, const void *tiled, size_t tiled_size,
                   void *linear, size_t linear_size);
bool tiling_tile(const struct tiling_layout *layout, const void *linear, size_t linear_size,
                 void *tiled, size_t tiled_size);

/* One (level, slice), all fragments, with a caller-chosen linear row pitch in bytes
 * (>= width*bpe). Fragment f of row y starts at linear + (f*height + y)*row_pitch. */
bool tiling_detile_level(const struct tiling_layout *layout, uint32_t level, uint32_t slice,
                         const void *tiled, size_t tiled_size, void *linear,
                         size_t row_pitch, size_t linear_size);
bool tiling_tile_level(const struct tiling_layout *layout, uint32_t level, uint32_t slice,
                       const void *linear, size_t row_pitch, size_t linear_size, void *tiled,
                       size_t tiled_size);

/* A rectangle of a level, in elements; for partial updates (a texture cache re-converting
 * the dirty part of a surface). The linear side holds only the rectangle: row y at
 * linear + y * row_pitch, fragment f's rows after fragment f-1's. */
struct tiling_rect {
  uint32_t x, y, width, height;
};
bool tiling_detile_rect(const struct tiling_layout *layout, uint32_t level, uint32_t slice,
                        const struct tiling_rect *rect, const void *tiled, size_t tiled_size,
                        void *linear, size_t row_pitch, size_t linear_size);
bool tiling_tile_rect(const struct tiling_layout *layout, uint32_t level, uint32_t slice,
                      const struct tiling_rect *rect, const void *linear, size_t row_pitch,
                      size_t linear_size, void *tiled, size_t tiled_size);

/* A converter for one layout: builds the per-block XOR tables once (and, on the first
 * whole-block detile, the block map), holds the scratch of the conversions and counts which
 * converter paths ran. Conversions that repeat on one layout (a texture cache re-converting
 * dirty rectangles) should keep one; the tiling_detile()/tiling_tile()/..._level()/
 * ..._rect() functions above build one per call. A converter keeps a copy of the layout and
 * is used from one thread at a time. */
struct tiling_converter;

/* NULL (logged) when out of memory. */
struct tiling_converter *tiling_converter_create(const struct tiling_layout *layout);
void tiling_converter_destroy(struct tiling_converter *c);

/* Same contracts as tiling_detile(), tiling_tile(), tiling_detile_rect() and
 * tiling_tile_rect(); RECT NULL = the whole level. */
bool tiling_converter_detile(struct tiling_converter *c, const void *tiled, size_t tiled_size,
                             void *linear, size_t linear_size);
bool tiling_converter_tile(struct tiling_converter *c, const void *linear, size_t linear_size,
                           void *tiled, size_t tiled_size);
bool tiling_converter_detile_rect(struct tiling_converter *c, uint32_t level, uint32_t slice,
                                  const struct tiling_rect *rect, const void *tiled,
                                  size_t tiled_size, void *linear, size_t row_pitch,
                                  size_t linear_size);
bool tiling_converter_tile_rect(struct tiling_converter *c, uint32_t level, uint32_t slice,
                                const struct tiling_rect *rect, const void *linear,
                                size_t row_pitch, size_t linear_size, void *tiled,
                                size_t tiled_size);

/* Which CPU path converted what, counted per converter since creation (or the last reset):
 * blocks for BLOCK_MAP, rows (of one plane strip) for the others. Leftover elements at the
 * right end of a fast path's rows are part of that path; ROW is the per-row fallback. */
#define TILING_PATHS(X)                                                                    \
  X(LINEAR, "linear-mode rows (memcpy)")                                                   \
  X(BLOCK_MAP, "whole blocks detiled through the block map")                               \
  X(ROWS16_PAIR, "tile: two row groups of stacked 16-byte runs at a time (S, D)")          \
  X(ROWS16, "tile: one row group of stacked 16-byte runs (whole chunks)")                  \
  X(LINES8, "tile: 8x8 elements as four 64-byte Z-order lines")                            \
  X(LINES4, "4 rows as 64-byte Z-order lines (4x4 quads of 4-byte elements)")              \
  X(QUADS, "2 rows as 2x2 Z-order quads of 4-byte elements")                               \
  X(BANDS, "tile: passes of full-width row bands (in rows, on top of the row paths)")      \
  X(ROW, "per-row copies (runs of contiguous elements, or element by element)")

enum tiling_path {
#define TILING_PATH_ENUM_(name, text) TILING_PATH_##name,
  TILING_PATHS(TILING_PATH_ENUM_)
#undef TILING_PATH_ENUM_
  TILING_PATH_COUNT
};

struct tiling_path_stats {
  uint64_t count[TILING_PATH_COUNT];
};
void tiling_converter_stats(const struct tiling_converter *c, struct tiling_path_stats *out);
void tiling_converter_reset_stats(struct tiling_converter *c);
/* "BLOCK_MAP", ... (NULL out of range) and the one-line description. */
const char *tiling_path_name(enum tiling_path path);
const char *tiling_path_text(enum tiling_path path);

/* Per-block equation tables, for GPU detilers and other consumers that evaluate the
 * address themselves: the in-block offset of element (x, y, z, s) is
 *   xor_x[x & 1023] ^ xor_y[y & 1023] ^ xor_z[z & 255] ^ xor_s[s & 7]
 * (coordinates relative to the level, tail coordinates already added). Returns false for
 * linear layouts. */
struct tiling_xor_tables {
  uint32_t x[1024];
  uint32_t y[1024];
  uint32_t z[256];
  uint32_t s[8];
};
bool tiling_get_xor_tables(const struct tiling_layout *layout, struct tiling_xor_tables *out);

/* Small integer naming the layout's swizzle equation (0 for linear): layouts with the same
 * id have identical XOR tables, so consumers can cache tables by id. */
#define TILING_PATTERN_ID_LIMIT 256
uint32_t tiling_layout_pattern_id(const struct tiling_layout *layout);

/* Everything needed to address one (level, slice, fragment) plane:
 *   offset(x, y) = base + ((y >> bh_log2) * blocks_per_row + (x >> bw_log2)) << block_log2
 *                  + (xor_x[x + tail_x] ^ xor_y[y + tail_y] ^ zs_term)
 * and, for linear layouts, base + (y * pitch + x) * bpe. */
struct tiling_plane {
  uint64_t base;
  uint32_t blocks_per_row;
  uint32_t zs_term;
  uint32_t tail_x, tail_y;
  uint32_t width, height; /* level size in elements */
  uint32_t pitch;         /* level pitch in elements */
  uint32_t bw_log2, bh_log2, block_log2;
  uint32_t run_log2; /* 2^run_log2 elements from an aligned x are contiguous in the tiled
                        copy (linear layouts: whole rows; reported up to 16 elements) */
};
bool tiling_get_plane(const struct tiling_layout *layout, uint32_t level, uint32_t slice,
                      uint32_t frag, struct tiling_plane *out);

/* The swizzle equations as a table for shaders that address tiled surfaces themselves
 * (the SPIR-V back end's image accesses; docs/shader-spirv.md), filled from the same parsed
 * data as the CPU paths (tiling_patterns.inc), in 64-bit words:
 *   [TILING_GPU_INDEX(mode, kind, elem_log2)]  the word at which the equation of that
 *       (mode value 0..31, kind 0 thin / 1 thick 3D block / 2 3D with a 2D block / 3, 4, 5
 *       thin 2D with 2, 4, 8 MSAA fragments, log2 of the element bytes 0..4) combination
 *       starts; 0: none (linear too; MSAA: the combinations tiling_compute_layout accepts);
 *   an equation: 16 words, word b = the in-block address bits flipped by bit b of x (bits
 *       15:0), of y (31:16), of the slice z (47:32) and, b < 4, of the fragment (63:48).
 * Returns the words written (at most TILING_GPU_TABLE_WORDS), 0 when CAP is too small or
 * the equations failed to parse. */
#define TILING_GPU_INDEX(mode, kind, elem_log2) (((mode) * 6u + (kind)) * 5u + (elem_log2))
#define TILING_GPU_INDEX_WORDS (32u * 6u * 5u)
#define TILING_GPU_TABLE_WORDS (TILING_GPU_INDEX_WORDS + 16u * 192u)
size_t tiling_gpu_table(uint64_t *out, size_t cap);

#endif
