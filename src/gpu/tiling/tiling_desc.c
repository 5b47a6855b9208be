/* Descriptor and register decoding for tiled surfaces. */
#include <string.h>

#include "common/log.h"
#include "gpu/tiling/tiling_desc.h"
#include "gpu/tiling/tiling_internal.h"

static uint32_t field(uint32_t v, unsigned lo, unsigned hi) {
  return (v >> lo) & ((hi - lo == 31) ? 0xFFFFFFFFu : ((1u << (hi - lo + 1)) - 1));
}

/* GFX10 image formats by value range: X(first, last, bytes per element, 4x4 block).
 * Ranges not listed (96-bit, 1-bit, packed 4:2:2, FMASK views, multimedia) are rejected. */
#define TILING_FORMAT_RANGES(X)                                     \
  X(1, 6, 1, 0)       /* 8 */                                      \
  X(7, 19, 2, 0)      /* 16, 8_8 */                                \
  X(20, 61, 4, 0)     /* 32, 16_16, 10_11_11 .. 8_8_8_8 */         \
  X(62, 71, 8, 0)     /* 32_32, 16_16_16_16 */                     \
  X(75, 77, 16, 0)    /* 32_32_32_32 */                            \
  X(128, 128, 1, 0)   /* 8 sRGB */                                 \
  X(129, 129, 2, 0)   /* 8_8 sRGB */                               \
  X(130, 132, 4, 0)   /* 8_8_8_8 sRGB, 6E4, 5_9_9_9 */             \
  X(133, 136, 2, 0)   /* 5_6_5, 1_5_5_5, 5_5_5_1, 4_4_4_4 */       \
  X(137, 137, 1, 0)   /* 4_4 */                                    \
  X(140, 144, 4, 0)   /* 32 float clamp, 8_24, 24_8 */             \
  X(145, 146, 8, 0)   /* X24_8_32 */                               \
  X(169, 170, 8, 1)   /* BC1 */                                    \
  X(171, 174, 16, 1)  /* BC2, BC3 */                               \
  X(175, 176, 8, 1)   /* BC4 */                                    \
  X(177, 182, 16, 1)  /* BC5, BC6, BC7 */

bool tiling_format_element(uint32_t fmt, uint32_t *out_bpe, bool *out_block) {
#define TILING_FORMAT_CASE_(first, last, bpe, block) \
  if (fmt >= (first) && fmt <= (last)) {             \
    *out_bpe = (bpe);                                \
    *out_block = (block);                            \
    return true;                                     \
  }
  TILING_FORMAT_RANGES(TILING_FORMAT_CASE_)
#undef TILING_FORMAT_CASE_
  return false;
}

/* SQ_RSRC_IMG_* resource types. */
enum {
  IMG_1D = 8, IMG_2D = 9, IMG_3D = 10, IMG_CUBE = 11, IMG_1D_ARRAY = 12,
  IMG_2D_ARRAY = 13, IMG_2D_MSAA = 14, IMG_2D_MSAA_ARRAY = 15,
};

bool tiling_surface_from_tsharp(const uint32_t w[8], struct tiling_surface *out,
                                struct tiling_tsharp *info) {
  struct tiling_tsharp t;
  memset(&t, 0, sizeof(t));
  memset(out, 0, sizeof(*out));
  t.base = (((uint64_t)field(w[1], 0, 7) << 32) | w[0]) << 8;
  t.format = field(w[1], 20, 28);
  t.type = field(w[3], 28, 31);
  t.base_level = field(w[3], 12, 15);
  t.last_level = field(w[3], 16, 19);
  t.compressed = field(w[6], 21, 21);
  t.meta_address = t.compressed ? (((uint64_t)w[7] << 8) | field(w[6], 24, 31)) << 8 : 0;
  uint32_t width = (field(w[1], 30, 31) | (field(w[2], 0, 11) << 2)) + 1;
  uint32_t height = field(w[2], 14, 27) + 1;
  uint32_t depth = field(w[4], 0, 12) + 1;
  uint32_t max_mip = field(w[5], 4, 7);

  if (t.type < IMG_1D) {
    LOG(tiling, GAME_ERROR, "T#: resource type %u is not an image", t.type);
    return false;
  }
  uint32_t bpe;
  bool block;
  if (!tiling_format_element(t.format, &bpe, &block)) {
    LOG(tiling, GAME_ERROR, "T#: image format %u has no tiled layout", t.format);
    return false;
  }
  t.block_compressed = block;
  out->mode = field(w[3], 20, 24);
  out->bpe = bpe;
  out->width = block ? (width + 3) / 4 : width;
  out->height = block ? (height + 3) / 4 : height;
  out->fragments = 1;
  out->dim = TILING_DIM_2D;
  switch (t.type) {
  case IMG_1D: case IMG_2D: out->depth = 1; out->levels = max_mip + 1; break;
  case IMG_1D_ARRAY: case IMG_2D_ARRAY: out->depth = depth; out->levels = max_mip + 1; break;
  case IMG_CUBE: out->depth = depth; out->levels = max_mip + 1; break;
  case IMG_3D: out->dim = TILING_DIM_3D; out->depth = depth; out->levels = max_mip + 1; break;
  case IMG_2D_MSAA: case IMG_2D_MSAA_ARRAY:
    /* MSAA images carry log2(fragments) in the level fields. */
    out->fragments = 1u << (t.last_level & 3);
    out->levels = 1;
    out->depth = t.type == IMG_2D_MSAA ? 1 : depth;
    break;
  }
  /* XOR modes carry the surface's pipe/bank XOR in the base address bits below the block. */
  const struct tiling_mode_info *mi = tiling_mode_info(out->mode);
  if (mi && mi->xor_mode && mi->block_log2) {
    uint64_t blk_mask = (1ull << mi->block_log2) - 1;
    out->pipe_bank_xor = (uint32_t)(t.base & blk_mask);
    t.base &= ~blk_mask;
  }
  if (t.base_level > t.last_level) {
    LOG(tiling, GAME_ERROR, "T#: base level %u above last level %u", t.base_level,
        t.last_level);
    return false;
  }
  struct tiling_layout check;
  if (!tiling_compute_layout(out, &check)) {
    LOG(tiling, GAME_ERROR, "T#: no valid layout (mode %u, %ux%ux%u, %u levels)", out->mode,
        out->width, out->height, out->depth, out->levels);
    return false;
  }
  if (info) *info = t;
  return true;
}

/* CB_COLORn_INFO.FORMAT -> bytes per element (0 = invalid or reserved). */
static const uint8_t color_format_bpe[32] = {
    [1] = 1,  [2] = 2,  [3] = 2,  [4] = 4,  [5] = 4,  [6] = 4,  [7] = 4,  [8] = 4,
    [9] = 4,  [10] = 4, [11] = 8, [12] = 8, [14] = 16, [16] = 2, [17] = 2, [18] = 2,
    [19] = 2, [20] = 4, [21] = 4, [22] = 8, [31] = 4,
};

bool tiling_surface_from_rt(const struct tiling_rt_regs *r, struct tiling_surface *out) {
  memset(out, 0, sizeof(*out));
  uint32_t fmt = field(r->info, 2, 6);
  if (!color_format_bpe[fmt]) {
    LOG(tiling, GAME_ERROR, "render target: colour format %u is invalid", fmt);
    return false;
  }
  out->bpe = color_format_bpe[fmt];
  out->mode = field(r->attrib3, 14, 18);
  out->width = field(r->attrib2, 14, 27) + 1;
  out->height = field(r->attrib2, 0, 13) + 1;
  out->levels = field(r->attrib2, 28, 31) + 1;
  out->fragments = 1u << field(r->attrib, 15, 16);
  bool is_3d = field(r->attrib3, 24, 25) == 2;
  out->dim = is_3d ? TILING_DIM_3D : TILING_DIM_2D;
  out->depth = is_3d ? field(r->attrib3, 0, 12) + 1 : field(r->view, 13, 25) + 1;
  struct tiling_layout check;
  if (!tiling_compute_layout(out, &check)) {
    LOG(tiling, GAME_ERROR, "render target: no valid layout (mode %u, %ux%u)", out->mode,
        out->width, out->height);
    return false;
  }
  return true;
}

bool tiling_surface_from_depth(const struct tiling_depth_regs *r, struct tiling_surface *depth,
                               struct tiling_surface *stencil) {
  static const uint8_t z_bpe[4] = {0, 2, 4, 4}; /* invalid, Z16, Z24 (in 32), Z32 float */
  memset(depth, 0, sizeof(*depth));
  memset(stencil, 0, sizeof(*stencil));
  uint32_t zf = field(r->z_info, 0, 1);
  if (!z_bpe[zf]) {
    LOG(tiling, GAME_ERROR, "depth target: Z format invalid");
    return false;
  }
  depth->bpe = z_bpe[zf];
  depth->mode = field(r->z_info, 4, 8);
  depth->width = field(r->size_xy, 0, 13) + 1;
  depth->height = field(r->size_xy, 16, 29) + 1;
  depth->fragments = 1u << field(r->z_info, 2, 3);
  depth->levels = field(r->z_info, 16, 19) + 1;
  depth->depth = (field(r->view, 13, 23) | (field(r->view, 30, 31) << 11)) + 1;
  depth->dim = TILING_DIM_2D;
  struct tiling_layout check;
  if (!tiling_compute_layout(depth, &check)) {
    LOG(tiling, GAME_ERROR, "depth target: no valid layout (mode %u, %ux%u)", depth->mode,
        depth->width, depth->height);
    return false;
  }
  if (field(r->stencil_info, 0, 0)) {
    *stencil = *depth;
    stencil->bpe = 1;
    stencil->mode = field(r->stencil_info, 4, 8);
    if (!tiling_compute_layout(stencil, &check)) {
      LOG(tiling, GAME_ERROR, "stencil target: no valid layout (mode %u)", stencil->mode);
      return false;
    }
  }
  return true;
}
