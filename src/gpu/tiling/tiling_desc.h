/* Guest descriptors and registers -> struct tiling_surface.
 *
 * The T# (8-dword image descriptor) is guest data: every field is validated and a bad one
 * gives a logged error, never a crash. Field positions are those of the GFX10 image resource
 * (SQ_IMG_RSRC_WORD0..7) and of the CB_COLOR* / DB_* context registers.
 */
#ifndef PROSPERO_GPU_TILING_DESC_H
#define PROSPERO_GPU_TILING_DESC_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu/tiling/tiling.h"

/* What a T# says beyond the surface shape. */
struct tiling_tsharp {
  uint64_t base;       /* byte address (40 bits); XOR modes: block-aligned, the low bits
                          go to tiling_surface.pipe_bank_xor */
  uint32_t format;     /* GFX10 image format (SQ_IMG_RSRC_WORD1.FORMAT) */
  uint32_t type;       /* SQ_RSRC_IMG_* (8 = 1D ... 15 = 2D MSAA array) */
  uint32_t base_level, last_level;
  bool block_compressed; /* sizes were converted to 4x4 blocks */
  uint64_t meta_address; /* DCC/HTILE metadata address (bytes), 0 if none */
  bool compressed;       /* COMPRESSION_EN */
};

/* Element size of a GFX10 image format, and whether it is a 4x4 block format.
 * Returns false for formats that cannot be tiled (96-bit, 1-bit, subsampled, invalid). */
bool tiling_format_element(uint32_t gfx10_format, uint32_t *out_bpe, bool *out_block);

bool tiling_surface_from_tsharp(const uint32_t words[8], struct tiling_surface *out,
                                struct tiling_tsharp *out_info);

/* Colour render target: the CB_COLORn registers of one target. */
struct tiling_rt_regs {
  uint32_t info;    /* CB_COLORn_INFO */
  uint32_t attrib;  /* CB_COLORn_ATTRIB */
  uint32_t attrib2; /* CB_COLORn_ATTRIB2 */
  uint32_t attrib3; /* CB_COLORn_ATTRIB3 */
  uint32_t view;    /* CB_COLORn_VIEW */
};
bool tiling_surface_from_rt(const struct tiling_rt_regs *regs, struct tiling_surface *out);

/* Depth/stencil target. */
struct tiling_depth_regs {
  uint32_t z_info;       /* DB_Z_INFO */
  uint32_t stencil_info; /* DB_STENCIL_INFO */
  uint32_t size_xy;      /* DB_DEPTH_SIZE_XY */
  uint32_t view;         /* DB_DEPTH_VIEW */
};
/* Fills DEPTH (and STENCIL if the stencil format is valid, else stencil->bpe = 0). */
bool tiling_surface_from_depth(const struct tiling_depth_regs *regs,
                               struct tiling_surface *depth, struct tiling_surface *stencil);

#endif
