/* Surface layout: block size, padding, mip chain and mip tail of a GFX10 swizzled surface,
 * following the rules of AMD's address library for the PS5 configuration:
 *
 *  - a level is padded to whole blocks; the chain is stored smallest level first, the
 *    packed mip tail (one block shared by all small levels) at offset 0, then the levels
 *    from first_tail_level-1 down to 0;
 *  - 256-byte modes have no tail and store every level padded to 256-byte blocks;
 *  - linear surfaces pad the pitch to 256 bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/tiling/tiling_internal.h"

/* Element dimensions of one 256-byte 2D block and of one 1 KiB 3D block, by log2(bpe). */
static const struct { uint8_t w, h; } block256_2d[5] = {
    {16, 16}, {16, 8}, {8, 8}, {8, 4}, {4, 4}};
static const struct { uint8_t w, h, d; } block1k_3d[5] = {
    {16, 8, 8}, {8, 8, 8}, {8, 8, 4}, {8, 4, 4}, {4, 4, 4}};
/* 256-byte 3D micro block, used for positions inside a 3D mip tail. */
static const struct { uint8_t w, h, d; } block256_3d[5] = {
    {8, 4, 8}, {4, 4, 8}, {4, 4, 4}, {4, 2, 4}, {2, 2, 4}};

/* Largest supported level-0 size (the GPU's image size limit). */
#define TILING_MAX_DIM 16384u

static uint32_t log2u(uint32_t v) { return 31u - (uint32_t)__builtin_clz(v); }

/* In-block address bits a per-surface pipe/bank XOR may flip, by block size, for the
 * address configuration of docs/tiling.md (16 pipes, 256-byte pipe interleave, no RB+):
 *  - pipe: the log2(16) = 4 bits above the 256-byte interleave, 8..11. These are the bits
 *    the _X equations add to the plain S/D ones; unit.tiling_golden checks that against
 *    the golden offset maps (../shared/oracles/tiling, addrlib in Mesa 22.3.6).
 *  - bank: 64 KiB blocks only, 2 bits at 14..15 (addrlib's GFX10 pipeBankXor for 64 KiB
 *    swizzles). The golden data cannot confirm them (computed with pipeBankXor 0).
 * 256-byte blocks have no XOR mode. */
static const struct {
  uint8_t block_log2;
  struct tiling_xor_bits bits;
} xor_bits_by_block[] = {
    {12, {.pipe = 0x0F00u, .bank = 0}},
    {16, {.pipe = 0x0F00u, .bank = 0xC000u}},
};

bool tiling_pipe_bank_xor_bits(uint32_t mode, struct tiling_xor_bits *out) {
  const struct tiling_mode_info *info = tiling_mode_info(mode);
  *out = (struct tiling_xor_bits){0, 0};
  if (!info || !info->xor_mode) return false;
  for (size_t i = 0; i < sizeof(xor_bits_by_block) / sizeof(xor_bits_by_block[0]); i++)
    if (xor_bits_by_block[i].block_log2 == info->block_log2) {
      *out = xor_bits_by_block[i].bits;
      return true;
    }
  return false;
}
static bool is_pow2(uint32_t v) { return v && !(v & (v - 1)); }
static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }
static uint32_t shift_ceil(uint32_t v, uint32_t s) { return (v + (1u << s) - 1) >> s; }
static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

const char *tiling_mode_name(uint32_t mode) {
  const struct tiling_mode_info *m = tiling_mode_info(mode);
  return m ? m->name : NULL;
}

/* PS5 tile-mode names of the same values. */
static const struct { const char *name; uint32_t mode; } ps5_names[] = {
    {"Linear", TILING_PS5_LINEAR},        {"Standard256B", TILING_PS5_STANDARD_256B},
    {"Standard4KB", TILING_PS5_STANDARD_4KB}, {"Standard64KB", TILING_PS5_STANDARD_64KB},
    {"Prt", TILING_PS5_PRT},              {"Depth", TILING_PS5_DEPTH},
    {"RenderTarget", TILING_PS5_RENDER_TARGET},
};

bool tiling_mode_parse(const char *text, uint32_t *out_mode) {
  if (!text || !*text) return false;
  for (size_t i = 0; i < sizeof(ps5_names) / sizeof(ps5_names[0]); i++)
    if (strcmp(text, ps5_names[i].name) == 0) {
      *out_mode = ps5_names[i].mode;
      return true;
    }
  for (uint32_t v = 0; v < 32; v++) {
    const char *n = tiling_mode_name(v);
    if (n && (strcmp(n, text) == 0 || (strncmp(text, "SW_", 3) != 0 && strcmp(n + 3, text) == 0))) {
      *out_mode = v;
      return true;
    }
  }
  char *end;
  unsigned long v = strtoul(text, &end, 0);
  if (*end || v > 0xFF || !tiling_mode_name((uint32_t)v)) return false;
  *out_mode = (uint32_t)v;
  return true;
}

/* Layout of the linear copy that tiling_detile() produces. */
static void fill_linear_layout(struct tiling_layout *l) {
  const struct tiling_surface *s = &l->surface;
  uint64_t off = 0;
  for (uint32_t i = 0; i < s->levels; i++) {
    struct tiling_level *lv = &l->level[i];
    uint32_t slices = s->dim == TILING_DIM_3D ? lv->depth : s->depth;
    lv->linear_offset = off;
    lv->linear_size = (uint64_t)lv->width * lv->height * s->bpe * s->fragments * slices;
    off += lv->linear_size;
  }
  l->linear_size = off;
}

static void fill_logical_sizes(struct tiling_layout *l) {
  const struct tiling_surface *s = &l->surface;
  for (uint32_t i = 0; i < s->levels; i++) {
    struct tiling_level *lv = &l->level[i];
    lv->width = max_u32(1, s->width >> i);
    lv->height = max_u32(1, s->height >> i);
    lv->depth = s->dim == TILING_DIM_3D ? max_u32(1, s->depth >> i) : 1;
    lv->padded_depth = 1;
  }
}

static void layout_linear(struct tiling_layout *l) {
  const struct tiling_surface *s = &l->surface;
  const uint32_t pitch_align = 256 / s->bpe;
  uint64_t off = 0;
  for (int i = (int)s->levels - 1; i >= 0; i--) {
    struct tiling_level *lv = &l->level[i];
    lv->pitch = align_up(lv->width, pitch_align);
    lv->padded_height = lv->height;
    lv->offset = lv->macro_block_offset = off;
    off += (uint64_t)lv->pitch * lv->padded_height * s->bpe;
  }
  l->block_bytes_log2 = 8;
  l->block_width = pitch_align;
  l->block_height = l->block_depth = 1;
  l->pitch = l->level[0].pitch;
  l->padded_height = s->height;
  l->padded_slices = s->depth;
  l->slice_size = off;
  l->size = off * s->depth;
  l->base_align = 256;
  l->first_tail_level = s->levels;
}

/* 256-byte blocks: every level padded to blocks, smallest level first, no tail. */
static void layout_micro(struct tiling_layout *l) {
  const struct tiling_surface *s = &l->surface;
  uint64_t off = 0;
  for (int i = (int)s->levels - 1; i >= 0; i--) {
    struct tiling_level *lv = &l->level[i];
    lv->pitch = align_up(shift_ceil(s->width, (uint32_t)i), l->block_width);
    lv->padded_height = align_up(shift_ceil(s->height, (uint32_t)i), l->block_height);
    lv->offset = lv->macro_block_offset = off;
    off += (uint64_t)lv->pitch * lv->padded_height * s->bpe;
  }
  l->pitch = align_up(s->width, l->block_width);
  l->padded_height = align_up(s->height, l->block_height);
  l->padded_slices = s->depth;
  l->slice_size = off;
  l->size = off * s->depth;
  l->base_align = 256;
  l->first_tail_level = s->levels;
}

/* Mip tail: how many levels fit in one block. */
static uint32_t max_mips_in_tail(uint32_t block_log2, bool thin) {
  uint32_t eff = block_log2;
  if (!thin) eff -= (block_log2 - 8) / 3;
  return eff <= 11 ? 1 + (1u << (eff - 9)) : eff - 4;
}

static void layout_macro(struct tiling_layout *l, const struct tiling_mode_info *info) {
  const struct tiling_surface *s = &l->surface;
  const uint32_t e = log2u(s->bpe);
  const uint32_t blk_log2 = l->block_bytes_log2;
  const uint64_t blk_size = 1ull << blk_log2;
  const bool thin = !l->thick;

  l->pitch = align_up(s->width, l->block_width);
  l->padded_height = align_up(s->height, l->block_height);
  l->padded_slices = align_up(s->depth, l->block_depth);
  l->base_align = (uint32_t)blk_size;
  l->first_tail_level = s->levels;

  if (s->levels == 1) {
    struct tiling_level *lv = &l->level[0];
    lv->pitch = l->pitch;
    lv->padded_height = l->padded_height;
    lv->padded_depth = l->thick ? l->padded_slices : 1;
    l->slice_size = (uint64_t)l->pitch * l->padded_height * s->bpe * s->fragments;
    l->size = l->slice_size * l->padded_slices;
    return;
  }

  /* Largest level that may sit in the tail: half a block along one axis. */
  uint32_t tail_w = l->block_width, tail_h = l->block_height, tail_d = l->block_depth;
  if (l->thick) {
    switch (blk_log2 % 3) {
    case 0: tail_h >>= 1; break;
    case 1: tail_w >>= 1; break;
    default: tail_d >>= 1; break;
    }
  } else {
    tail_w >>= 1;
  }
  (void)tail_d;
  /* PS5 configuration: Z modes with 1- or 2-byte elements enter the tail only once a level
   * fits the 4-byte limit (the depth/HTILE mip fix). */
  uint32_t fix_w = tail_w, fix_h = tail_h;
  if (info->z_order && e <= 1) {
    fix_w /= block256_2d[e].w / block256_2d[2].w;
    fix_h /= block256_2d[e].h / block256_2d[2].h;
  }
  const uint32_t max_tail = max_mips_in_tail(blk_log2, thin);
  const uint32_t mip0_depth = thin ? 1 : s->depth;

  uint64_t mip_size[TILING_MAX_LEVELS] = {0}, mip_slab[TILING_MAX_LEVELS] = {0};
  uint64_t chain = 0;
  uint32_t first = s->levels;
  for (uint32_t i = 0; i < s->levels; i++) {
    uint32_t mw = shift_ceil(s->width, i), mh = shift_ceil(s->height, i);
    uint32_t md = shift_ceil(mip0_depth, i);
    if (mw <= fix_w && mh <= fix_h && s->levels - i <= max_tail) {
      first = i;
      chain += blk_size / l->block_depth;
      break;
    }
    struct tiling_level *lv = &l->level[i];
    lv->pitch = align_up(mw, l->block_width);
    lv->padded_height = align_up(mh, l->block_height);
    uint32_t pd = align_up(md, l->block_depth);
    lv->padded_depth = l->thick ? pd : 1;
    uint64_t plane = (uint64_t)lv->pitch * lv->padded_height * s->bpe;
    mip_size[i] = plane * pd;
    mip_slab[i] = plane * l->block_depth;
    chain += plane;
  }
  l->slice_size = chain;
  l->size = chain * l->padded_slices;
  l->first_tail_level = first;
  l->chain_in_tail = first == 0;

  uint64_t offset = 0, mbo = 0;
  uint32_t tail_depth = 0;
  if (first != s->levels) {
    tail_depth = shift_ceil(mip0_depth, first);
    offset = blk_size * align_up(tail_depth, l->block_depth) / l->block_depth;
    mbo = blk_size;
  }
  for (int i = (int)first - 1; i >= 0; i--) {
    l->level[i].offset = offset;
    l->level[i].macro_block_offset = mbo;
    offset += mip_size[i];
    mbo += mip_slab[i];
  }

  /* Tail levels: position inside the tail block, from the level's byte offset there. */
  uint32_t pitch = tail_w, height = tail_h;
  uint32_t depth = thin ? 1 : align_up(tail_depth, block256_3d[e].d);
  uint32_t tail_planes = thin ? 1 : depth / block256_3d[e].d;
  for (uint32_t i = first; i < s->levels; i++) {
    struct tiling_level *lv = &l->level[i];
    uint32_t m = max_tail - 1 - (i - first);
    uint32_t mip_off = m > 6 ? (16u << m) : (m << 8);
    lv->in_tail = true;
    lv->offset = (uint64_t)mip_off * tail_planes;
    lv->tail_offset = mip_off;
    lv->macro_block_offset = 0;
    lv->pitch = pitch;
    lv->padded_height = height;
    lv->padded_depth = thin ? 1 : depth;
    /* The tail offset's bits alternate y, x (256-byte granules) for even block sizes. */
    uint32_t mx = 0, my = 0;
    for (uint32_t b = 0; b < 6; b++) {
      my |= ((mip_off >> (8 + 2 * b)) & 1) << b;
      mx |= ((mip_off >> (9 + 2 * b)) & 1) << b;
    }
    if (blk_log2 & 1) {
      uint32_t t = mx;
      mx = my;
      my = t;
      if (e & 1) {
        my = (my << 1) | (mx & 1);
        mx >>= 1;
      }
    }
    if (thin) {
      lv->tail_x = mx * block256_2d[e].w;
      lv->tail_y = my * block256_2d[e].h;
      pitch = max_u32(pitch >> 1, block256_2d[e].w);
      height = max_u32(height >> 1, block256_2d[e].h);
    } else {
      lv->tail_x = mx * block256_3d[e].w;
      lv->tail_y = my * block256_3d[e].h;
      pitch = max_u32(pitch >> 1, block256_3d[e].w);
      height = max_u32(height >> 1, block256_3d[e].h);
    }
    lv->tail_z = 0;
  }
}

static void compute_block_dims(struct tiling_layout *l) {
  const struct tiling_surface *s = &l->surface;
  const uint32_t e = log2u(s->bpe);
  const uint32_t blk = l->block_bytes_log2;
  if (l->thick) {
    uint32_t kb = blk - 10, avg = kb / 3, rest = kb % 3;
    l->block_width = (uint32_t)block1k_3d[e].w << avg;
    l->block_height = (uint32_t)block1k_3d[e].h << (avg + rest / 2);
    l->block_depth = (uint32_t)block1k_3d[e].d << (avg + (rest ? 1 : 0));
  } else {
    uint32_t samples_log2 = log2u(s->fragments);
    uint32_t elems_log2 = blk - e - samples_log2;
    bool width_first = (samples_log2 & 1) == 0 || (blk & 1);
    uint32_t w_log2 = (elems_log2 + (width_first ? 1 : 0)) / 2;
    l->block_width = 1u << w_log2;
    l->block_height = 1u << (elems_log2 - w_log2);
    l->block_depth = 1;
  }
}

bool tiling_compute_layout(const struct tiling_surface *surface, struct tiling_layout *out) {
  if (!surface || !out) return false;
  memset(out, 0, sizeof(*out));
  struct tiling_surface s = *surface;
  if (!s.depth) s.depth = 1;
  if (!s.levels) s.levels = 1;
  if (!s.fragments) s.fragments = 1;

  const struct tiling_mode_info *info = tiling_mode_info(s.mode);
  if (!info) {
    LOG(tiling, ERROR, "unknown swizzle mode %u", s.mode);
    return false;
  }
  if (!is_pow2(s.bpe) || s.bpe > 16) {
    LOG(tiling, ERROR, "%s: unsupported bytes per element %u (need 1, 2, 4, 8 or 16)",
        info->name, s.bpe);
    return false;
  }
  if (!s.width || !s.height || s.width > TILING_MAX_DIM || s.height > TILING_MAX_DIM ||
      s.depth > TILING_MAX_DIM) {
    LOG(tiling, ERROR, "%s: surface size %ux%ux%u out of range (1..%u)", info->name, s.width,
        s.height, s.depth, TILING_MAX_DIM);
    return false;
  }
  if (s.levels > TILING_MAX_LEVELS) {
    LOG(tiling, ERROR, "%s: %u mip levels (at most %u)", info->name, s.levels,
        TILING_MAX_LEVELS);
    return false;
  }
  uint32_t max_dim = max_u32(s.width, max_u32(s.height, s.dim == TILING_DIM_3D ? s.depth : 1));
  /* A full chain has log2(size) + 1 levels; block-compressed surfaces, described in 4x4
   * blocks, keep the texel chain's two extra 1x1 levels. */
  if (s.levels > log2u(max_dim) + 3) {
    LOG(tiling, ERROR, "%s: %u mip levels for a %ux%u surface (at most %u)", info->name,
        s.levels, s.width, s.height, log2u(max_dim) + 3);
    return false;
  }
  if (s.dim != TILING_DIM_2D && s.dim != TILING_DIM_3D) {
    LOG(tiling, ERROR, "%s: bad dimension %d", info->name, (int)s.dim);
    return false;
  }
  if (s.fragments != 1) {
    if (!is_pow2(s.fragments) || s.fragments > 8 || !(info->z_order || info->rt) ||
        s.dim != TILING_DIM_2D || s.levels != 1) {
      LOG(tiling, ERROR,
          "%s: %u fragments not allowed (MSAA needs a Z or R mode, 2D, one level)",
          info->name, s.fragments);
      return false;
    }
  }
  if (info->z_order && (s.bpe > 8 || (s.fragments > 1 && s.bpe > 4))) {
    LOG(tiling, ERROR, "%s: depth modes allow at most 8-byte elements (4 with MSAA), not %u",
        info->name, s.bpe);
    return false;
  }
  if (s.pipe_bank_xor) {
    struct tiling_xor_bits xb;
    const uint32_t allowed = tiling_pipe_bank_xor_bits(s.mode, &xb) ? xb.pipe | xb.bank : 0;
    if (s.pipe_bank_xor & ~allowed) {
      LOG(tiling, ERROR, "%s: pipe/bank XOR 0x%x not allowed (mask 0x%x)", info->name,
          s.pipe_bank_xor, allowed);
      return false;
    }
  }
  if (s.dim == TILING_DIM_3D && !info->allow_3d) {
    LOG(tiling, ERROR, "%s cannot lay out a 3D texture", info->name);
    return false;
  }

  out->surface = s;
  fill_logical_sizes(out);

  if (s.mode == TILING_SW_LINEAR) {
    layout_linear(out);
    fill_linear_layout(out);
    return true;
  }

  enum tiling_kind kind = TILING_KIND_THIN;
  if (s.dim == TILING_DIM_3D)
    kind = (info->standard || info->display) ? TILING_KIND_THICK : TILING_KIND_VOL_THIN;
  out->thick = kind == TILING_KIND_THICK;
  out->block_bytes_log2 = info->block_log2;
  out->pattern = tiling_pattern_find(s.mode, kind, log2u(s.bpe), s.fragments);
  if (!out->pattern) {
    LOG(tiling, ERROR, "%s has no layout for %u-byte elements%s%s", info->name, s.bpe,
        s.fragments > 1 ? " with MSAA" : "", s.dim == TILING_DIM_3D ? " in 3D" : "");
    return false;
  }
  compute_block_dims(out);
  if (info->block_log2 == 8)
    layout_micro(out);
  else
    layout_macro(out, info);
  fill_linear_layout(out);
  return true;
}
