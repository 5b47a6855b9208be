/* Compression metadata sizes for render targets and depth: DCC (colour delta compression,
 * 1 byte per 256 bytes of colour), CMASK (colour fast-clear mask, 4 bits per 8x8 pixels),
 * FMASK (MSAA fragment mask, a Z-mode surface of its own) and HTILE (depth/stencil tile
 * info, 4 bytes per 8x8 pixels). Sizes follow the GFX10 metadata-block rules for the PS5
 * configuration (16 pipes, 256-byte interleave, at most 2 compressed fragments, no RB+).
 * No golden data covers them; a local comparison with AMD addrlib (931 cases: DCC with and
 * without pipe alignment, 2D/3D/MSAA, mips and slices; CMASK; FMASK; HTILE) agreed, and the
 * unit tests keep spot values from it plus hand-computed ones.
 */
#ifndef PROSPERO_GPU_TILING_META_H
#define PROSPERO_GPU_TILING_META_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu/tiling/tiling.h"

struct tiling_meta {
  uint64_t size;       /* bytes for every slice */
  uint64_t slice_size; /* bytes per slice (3D: per metadata block of slices) */
  uint32_t align;      /* base alignment */
  uint32_t block_width, block_height, block_depth; /* pixels covered by one meta block */
  uint32_t block_bytes;                            /* bytes of one meta block */
  uint32_t pitch, height;                          /* level 0 padded to meta blocks */
  uint64_t level_offset[TILING_MAX_LEVELS]; /* per level within a slice; tail levels 0 */
};

/* DCC of a colour surface (non-linear, not 256-byte modes). PIPE_ALIGNED as in
 * CB_COLORn_ATTRIB3.DCC_PIPE_ALIGNED. */
bool tiling_meta_dcc(const struct tiling_layout *color, bool pipe_aligned,
                     struct tiling_meta *out);
/* CMASK of a colour surface (2D); computed on the FMASK addressing (64 KiB Z_X). */
bool tiling_meta_cmask(const struct tiling_layout *color, struct tiling_meta *out);
/* FMASK surface of an MSAA colour surface (fragments > 1): its own layout. */
bool tiling_meta_fmask(const struct tiling_layout *color, struct tiling_layout *out);
/* HTILE of a depth surface (SW_64KB_Z_X, pipe aligned). */
bool tiling_meta_htile(const struct tiling_layout *depth, struct tiling_meta *out);

#endif
