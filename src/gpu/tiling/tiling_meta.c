/* Metadata (DCC, CMASK, FMASK, HTILE) sizes; see tiling_meta.h.
 *
 * A metadata surface is an array of meta blocks. The block's byte size depends on the data
 * kind and the address configuration (pipes, interleave, compressed fragments); the pixel
 * area it covers follows from how many data bytes one metadata byte describes. Levels are
 * laid out like the data's mip chain: the tail (if any) shares the first block, then levels
 * first_tail_level-1 down to 0. */
#include <string.h>

#include "common/log.h"
#include "gpu/tiling/tiling_internal.h"
#include "gpu/tiling/tiling_meta.h"

/* PS5 address configuration (GB_ADDR_CONFIG 0x44). */
enum {
  CFG_PIPES_LOG2 = 4,
  CFG_INTERLEAVE_LOG2 = 8,
  CFG_MAX_COMP_FRAG_LOG2 = 1,
};

enum meta_kind { META_COLOR, META_DEPTH, META_FMASK };

/* Per kind: log2 bytes of metadata per compressed block (color: 1 byte, depth: 4 bytes,
 * fmask/cmask: half a byte) and log2 of the metadata cache line. */
static const struct { int elem_log2, cache_log2; } meta_kinds[] = {
    [META_COLOR] = {0, 6},
    [META_DEPTH] = {2, 8},
    [META_FMASK] = {-1, 8},
};

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }
static uint32_t log2u(uint32_t v) { return 31u - (uint32_t)__builtin_clz(v); }
static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

/* log2 size of the 256-byte micro block, per axis (thin: w, h; thick: w, h, d). */
static void micro_log2(bool thick, bool z_order, int elem_log2, int samples_log2, int *w,
                       int *h, int *d) {
  int bits = 8 - elem_log2;
  if (!thick) {
    if (z_order) bits -= samples_log2;
    *w = (bits >> 1) + (bits & 1);
    *h = bits >> 1;
    *d = 0;
  } else {
    *d = bits / 3 + (bits % 3 > 0);
    *w = bits / 3 + (bits % 3 > 1);
    *h = bits / 3;
  }
}

/* Meta block size (log2 bytes) and its pixel dimensions. */
static int meta_block(enum meta_kind kind, const struct tiling_mode_info *mode, bool thick,
                      int elem_log2, int samples_log2, bool pipe_aligned, uint32_t *bw,
                      uint32_t *bh, uint32_t *bd) {
  const int comp_log2 = kind == META_COLOR ? 8 : 6 + samples_log2 + elem_log2;
  const int blk_samples_log2 =
      kind == META_DEPTH ? samples_log2 : imin(samples_log2, CFG_MAX_COMP_FRAG_LOG2);
  const int data_blk_log2 = mode->block_log2;
  int size_log2;
  if (!thick) {
    if (!pipe_aligned || mode->standard || mode->display) {
      size_log2 = pipe_aligned ? imin(imax(CFG_INTERLEAVE_LOG2 + CFG_PIPES_LOG2, 12),
                                      data_blk_log2)
                               : imin(data_blk_log2, 12);
    } else {
      /* overlap of the compressed block with the pipe bits */
      int cw, ch, cd, mw, mh, md;
      micro_log2(false, mode->z_order, elem_log2, samples_log2, &mw, &mh, &md);
      if (kind == META_COLOR) {
        cw = mw, ch = mh, cd = md;
      } else {
        cw = 3, ch = 3, cd = 0;
      }
      int overlap = CFG_PIPES_LOG2 - imax(cw + ch + cd, mw + mh + md);
      if (elem_log2 == 4 && samples_log2 == 3) overlap--;
      overlap = imax(overlap, 0);
      size_log2 = meta_kinds[kind].cache_log2 + overlap + CFG_PIPES_LOG2;
      size_log2 = imax(size_log2, CFG_INTERLEAVE_LOG2 + CFG_PIPES_LOG2);
      if (kind == META_DEPTH) size_log2 = imax(size_log2, 11 + CFG_PIPES_LOG2);
    }
    int bits = size_log2 + comp_log2 - elem_log2 - blk_samples_log2 - meta_kinds[kind].elem_log2;
    *bw = 1u << ((bits >> 1) + (bits & 1));
    *bh = 1u << (bits >> 1);
    *bd = 1;
  } else {
    if (pipe_aligned) {
      int mw, mh, md;
      micro_log2(true, mode->z_order, elem_log2, 0, &mw, &mh, &md);
      int overlap = CFG_PIPES_LOG2 - mw;
      if (overlap < 0 || mode->standard) overlap = 0;
      size_log2 = meta_kinds[kind].cache_log2 + overlap + CFG_PIPES_LOG2;
      size_log2 = imax(size_log2, CFG_INTERLEAVE_LOG2 + CFG_PIPES_LOG2);
      size_log2 = imax(size_log2, 12);
    } else {
      size_log2 = 12;
    }
    int bits = size_log2 + comp_log2 - elem_log2 - blk_samples_log2 - meta_kinds[kind].elem_log2;
    *bw = 1u << (bits / 3 + (bits % 3 > 0));
    *bh = 1u << (bits / 3 + (bits % 3 > 1));
    *bd = 1u << (bits / 3);
  }
  return size_log2;
}

/* Fills the level offsets and sizes of a metadata surface over LAYOUT's mip chain. */
static void meta_chain(const struct tiling_layout *l, uint32_t slices, struct tiling_meta *m) {
  const struct tiling_surface *s = &l->surface;
  const uint64_t blk = m->block_bytes;
  m->pitch = align_up(s->width, m->block_width);
  m->height = align_up(s->height, m->block_height);
  uint64_t off = (s->levels > 1 && l->first_tail_level != s->levels) ? blk : 0;
  if (s->levels == 1) {
    m->slice_size = (uint64_t)(m->pitch / m->block_width) * (m->height / m->block_height) * blk;
  } else {
    for (int i = (int)l->first_tail_level - 1; i >= 0; i--) {
      uint32_t w = align_up((s->width + (1u << i) - 1) >> i, m->block_width);
      uint32_t h = align_up((s->height + (1u << i) - 1) >> i, m->block_height);
      m->level_offset[i] = off;
      off += (uint64_t)(w / m->block_width) * (h / m->block_height) * blk;
    }
    m->slice_size = off;
  }
  m->size = m->slice_size * slices;
}

bool tiling_meta_dcc(const struct tiling_layout *color, bool pipe_aligned,
                     struct tiling_meta *out) {
  memset(out, 0, sizeof(*out));
  const struct tiling_mode_info *mode = tiling_mode_info(color->surface.mode);
  if (!mode || mode->block_log2 < 12) {
    LOG(tiling, ERROR, "DCC needs a 4 KiB or 64 KiB swizzle mode, not %s",
        mode ? mode->name : "an unknown mode");
    return false;
  }
  const int e = (int)log2u(color->surface.bpe);
  const int frags_log2 = (int)log2u(color->surface.fragments);
  int size_log2 = meta_block(META_COLOR, mode, color->thick, e, frags_log2, pipe_aligned,
                             &out->block_width, &out->block_height, &out->block_depth);
  out->block_bytes = 1u << size_log2;
  out->align = out->block_bytes;
  uint32_t slices = color->surface.depth;
  if (color->thick) slices = align_up(slices, out->block_depth) / out->block_depth;
  meta_chain(color, slices, out);
  return true;
}

bool tiling_meta_htile(const struct tiling_layout *depth, struct tiling_meta *out) {
  memset(out, 0, sizeof(*out));
  if (depth->surface.mode != TILING_SW_64KB_Z_X || depth->surface.dim != TILING_DIM_2D) {
    LOG(tiling, ERROR, "HTILE needs a 2D SW_64KB_Z_X depth surface, not %s",
        tiling_mode_name(depth->surface.mode));
    return false;
  }
  const struct tiling_mode_info *mode = tiling_mode_info(depth->surface.mode);
  int size_log2 = meta_block(META_DEPTH, mode, false, 0, 0, true, &out->block_width,
                             &out->block_height, &out->block_depth);
  out->block_bytes = 1u << size_log2;
  out->align = out->block_bytes > (1u << (CFG_PIPES_LOG2 + 11))
                   ? out->block_bytes
                   : 1u << (CFG_PIPES_LOG2 + 11);
  meta_chain(depth, depth->surface.depth, out);
  return true;
}

bool tiling_meta_cmask(const struct tiling_layout *color, struct tiling_meta *out) {
  memset(out, 0, sizeof(*out));
  if (color->surface.dim != TILING_DIM_2D || color->surface.mode == TILING_SW_LINEAR) {
    LOG(tiling, ERROR, "CMASK needs a tiled 2D colour surface");
    return false;
  }
  /* CMASK is addressed like the FMASK surface, which always uses SW_64KB_Z_X. */
  const struct tiling_mode_info *mode = tiling_mode_info(TILING_SW_64KB_Z_X);
  int size_log2 = meta_block(META_FMASK, mode, false, 0, 0, true, &out->block_width,
                             &out->block_height, &out->block_depth);
  out->block_bytes = 1u << size_log2;
  out->align = out->block_bytes;
  meta_chain(color, color->surface.depth, out);
  return true;
}

bool tiling_meta_fmask(const struct tiling_layout *color, struct tiling_layout *out) {
  const uint32_t frags = color->surface.fragments;
  if (frags < 2) {
    LOG(tiling, ERROR, "FMASK needs an MSAA colour surface (fragments %u)", frags);
    return false;
  }
  /* Bits per pixel: log2(fragments) per sample (3 rounds up to 4), at least one byte. */
  uint32_t bits = log2u(frags);
  if (bits == 3) bits = 4;
  bits *= frags;
  if (bits < 8) bits = 8;
  struct tiling_surface s = {.mode = TILING_SW_64KB_Z_X,
                             .bpe = bits / 8,
                             .width = color->surface.width,
                             .height = color->surface.height,
                             .depth = color->surface.depth,
                             .levels = 1,
                             .fragments = 1,
                             .dim = TILING_DIM_2D};
  return tiling_compute_layout(&s, out);
}
