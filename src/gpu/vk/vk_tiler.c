/* GPU tiler (see vk_tiler.h): one dispatch per (level, fragment) of the unit-size
 * pipeline, slices along z; the swizzle equation travels as XOR tables cached per pattern id
 * in one host-visible buffer (the tables of a pattern never change, so rewriting a slot
 * while earlier work is in flight is harmless).
 *
 * On CPU devices, planes whose size is a whole number of regions go through
 * tiler_region.comp instead (one dispatch per slice): workgroup-uniform addresses, which
 * llvmpipe turns into plain scalar 64-bit loads and stores (see that shader and
 * docs/tiling.md). Other planes, and every plane on a GPU, use tiler.comp. */
#include "gpu/vk/vk_tiler.h"

#include <stdlib.h>
#include <string.h>

#include "common/log.h"

#define EMBED(n)                          \
  extern const unsigned char vk_spv_##n[]; \
  extern const size_t vk_spv_##n##_size;
#define EMBED_SIZES(dl) EMBED(tiler_##dl##_e1) EMBED(tiler_##dl##_e2) EMBED(tiler_##dl##_e4) \
  EMBED(tiler_##dl##_e8) EMBED(tiler_##dl##_e16)
EMBED_SIZES(00)
EMBED_SIZES(01)
EMBED_SIZES(10)
EMBED_SIZES(11)
#undef EMBED_SIZES
EMBED(tiler_region_0_u8)
EMBED(tiler_region_0_u16)
EMBED(tiler_region_0_u32)
EMBED(tiler_region_1_u8)
EMBED(tiler_region_1_u16)
EMBED(tiler_region_1_u32)
EMBED(tiler_region_0_p16)
EMBED(tiler_region_1_p16)
EMBED(depth16)
EMBED(swizzle)
#undef EMBED

/* Push constants of tiler.comp, in declaration order. */
struct tiler_push {
  uint32_t width, height, tail_x, tail_y, bw_log2, bh_log2, blk_log2, blocks_per_row;
  uint32_t tiled_base, zs_term, linear_base, linear_pitch, y_start;
  uint32_t tiled_pitch, x_start, unit_log2, elem_log2;
  uint32_t slab_bytes, slab_log2, linear_slice_bytes, group_log2;
};
/* Push constants of tiler_region.comp, in declaration order. */
struct region_push {
  uint32_t id[8];
  uint32_t tiled_base, xor_base, linear_base, linear_pitch, blocks_per_row, shifts;
  uint32_t x_terms[5], y_terms[5];
};
struct d16_push {
  uint32_t count, demote, base16, base32;
};
struct swizzle_push {
  uint32_t count, channel_bytes, perm, base;
};

#define TABLE_WORDS 2304u /* x[1024], y[1024], z[256]; 9 KiB keeps slots 256-aligned */
#define TABLE_BYTES (TABLE_WORDS * 4u)
#define GROUP 64u        /* depth16.comp and swizzle.comp */
#define TILER_GROUP 256u /* tiler.comp */
#define MAX_GROUP_LOG2 2u /* tiler.comp: up to 4 units per invocation */
#define MAX_GROUPS 65535u
/* tiler_region.comp: a region is 2^REGION_LOG2 units (set for the shader and this file by
 * src/gpu/vk/CMakeLists.txt), at most 2^REGION_X_MAX units wide; the workgroup id is
 * rebuilt from 12 bits per dimension. */
#ifndef REGION_LOG2
#error "REGION_LOG2 comes from src/gpu/vk/CMakeLists.txt (the shader is built with it)"
#endif
#define REGION_X_MAX 5u
#define REGION_ID_BITS 12u
#define REGION_TERM_BITS 10u /* x and y terms passed per bit (the tables' index range) */

struct vk_tiler {
  vk_device *dev;
  /* tiler.comp variants by direction (1: tile), SW_LINEAR tiled side, log2(unit bytes) */
  struct vk_compute_pipeline elem[2][2][5];
  /* tiler_region.comp by direction and unit: 8, 16, 32 bytes, 16 bytes in 2x2 pairs */
  struct vk_compute_pipeline region[2][4];
  bool region_available, region_on;
  struct vk_tiler_stats stats; /* which shader converted what, so far */
  struct vk_compute_pipeline depth16, swizzle;
  struct vk_buffer tables;            /* one TABLE_BYTES slot per pattern id */
  bool table_ready[TILING_PATTERN_ID_LIMIT];
};

vk_tiler *vk_tiler_create(vk_device *dev) {
  vk_tiler *t = calloc(1, sizeof(*t));
  if (!t) return NULL;
  t->dev = dev;
#define SIZES(dl)                                                                         \
  {vk_spv_tiler_##dl##_e1, vk_spv_tiler_##dl##_e2, vk_spv_tiler_##dl##_e4,                 \
   vk_spv_tiler_##dl##_e8, vk_spv_tiler_##dl##_e16},
#define SIZE_BYTES(dl)                                                                    \
  {vk_spv_tiler_##dl##_e1_size, vk_spv_tiler_##dl##_e2_size, vk_spv_tiler_##dl##_e4_size, \
   vk_spv_tiler_##dl##_e8_size, vk_spv_tiler_##dl##_e16_size},
  const unsigned char *code[2][2][5] = {{SIZES(00) SIZES(01)}, {SIZES(10) SIZES(11)}};
  const size_t size[2][2][5] = {{SIZE_BYTES(00) SIZE_BYTES(01)}, {SIZE_BYTES(10) SIZE_BYTES(11)}};
#undef SIZES
#undef SIZE_BYTES
  bool ok = true;
  for (int i = 0; i < 20 && ok; i++)
    ok = vk_compute_pipeline_create(dev, (const uint32_t *)code[i / 10][i / 5 % 2][i % 5],
                                    size[i / 10][i / 5 % 2][i % 5], 3,
                                    sizeof(struct tiler_push), &t->elem[i / 10][i / 5 % 2][i % 5]);
  /* The region pipelines serve CPU devices only (64-bit integers required); each is built
   * on first use (a few hundred ms of JIT compilation on lavapipe for all eight). */
  VkPhysicalDeviceFeatures features;
  vkGetPhysicalDeviceFeatures(vk_device_physical(dev), &features);
  t->region_available = t->region_on = vk_device_is_cpu(dev) && features.shaderInt64;
  ok = ok && vk_compute_pipeline_create(dev, (const uint32_t *)vk_spv_depth16,
                                        vk_spv_depth16_size, 2, sizeof(struct d16_push),
                                        &t->depth16);
  ok = ok && vk_compute_pipeline_create(dev, (const uint32_t *)vk_spv_swizzle,
                                        vk_spv_swizzle_size, 1, sizeof(struct swizzle_push),
                                        &t->swizzle);
  ok = ok && vk_buffer_create(dev, (VkDeviceSize)TABLE_BYTES * TILING_PATTERN_ID_LIMIT,
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST, &t->tables);
  if (!ok) {
    LOG(vk, ERROR, "GPU tiler setup failed on %s", vk_device_name(dev));
    vk_tiler_destroy(t);
    return NULL;
  }
  return t;
}

void vk_tiler_destroy(vk_tiler *t) {
  if (!t) return;
  for (int i = 0; i < 20; i++)
    vk_compute_pipeline_destroy(t->dev, &t->elem[i / 10][i / 5 % 2][i % 5]);
  for (int i = 0; i < 8; i++) vk_compute_pipeline_destroy(t->dev, &t->region[i / 4][i % 4]);
  vk_compute_pipeline_destroy(t->dev, &t->depth16);
  vk_compute_pipeline_destroy(t->dev, &t->swizzle);
  vk_buffer_destroy(t->dev, &t->tables);
  free(t);
}

static bool fits_u32(uint64_t v) { return v <= 0xFFFFFFFFull; }

/* Converts the whole regions of the plane (level of PC, fragment) of every slice with
 * tiler_region.comp when it qualifies: a swizzled level outside the mip tail whose rows hold
 * runs of at least 8 bytes, at least one region (each inside one block) wide and high, the
 * terms small enough for the shader's 16-bit fields, and a covered width that is a multiple
 * of X_ALIGN elements (where tiler.comp takes over). Sets *covered_w x *covered_h (from the
 * origin) and returns true; false (nothing recorded) otherwise. */
static bool region_plane(vk_tiler *t, VkCommandBuffer cb, const struct tiling_plane *pl,
                         const struct tiler_push *pc, uint32_t slices, uint32_t id,
                         const struct vk_buffer *tiled, const struct vk_buffer *linear,
                         bool to_tiled, uint32_t x_align, uint32_t *covered_w,
                         uint32_t *covered_h) {
  if (!t->region_on || !id || pl->tail_x || pl->tail_y || pl->block_log2 > 16) return false;
  const uint32_t e = pc->elem_log2;
  /* the widest unit (at most 32 bytes), then the widest region row (up to REGION_X_MAX
   * units) that fits the block width, with the rest of the region as rows */
  uint32_t unit_log2 = e + pl->run_log2; /* bytes, log2 */
  if (unit_log2 > 5) unit_log2 = 5;
  if (unit_log2 < 3) return false;
  const uint32_t ue_log2 = unit_log2 - e; /* elements per unit */
  if (ue_log2 > pl->bw_log2) return false;
  uint32_t rx = pl->bw_log2 - ue_log2; /* units per region row, log2 */
  if (rx > REGION_X_MAX) rx = REGION_X_MAX;
  const uint32_t ry = REGION_LOG2 - rx;
  if (ry > pl->bh_log2) return false;
  const uint32_t rx_log2 = rx + ue_log2; /* elements per region row */
  const uint32_t gx = pl->width >> rx_log2, gy = pl->height >> ry;
  if (!gx || !gy || gx > (1u << REGION_ID_BITS) || gy > (1u << REGION_ID_BITS) ||
      (gx << rx_log2) % x_align)
    return false;
  const uint32_t unit = 1u << unit_log2, block_mask = (1u << pl->block_log2) - 1;
  if (pc->tiled_base & block_mask || pc->slab_bytes & block_mask || pc->linear_base % unit ||
      pc->linear_pitch % unit || pc->linear_slice_bytes % unit)
    return false;
  const uint32_t *table = (const uint32_t *)((const uint8_t *)t->tables.mapped +
                                             (size_t)id * TABLE_BYTES);
  struct region_push rp = {
      .linear_pitch = pc->linear_pitch,
      .blocks_per_row = pc->blocks_per_row,
      .shifts = pl->block_log2 | pl->bw_log2 << 8 | pl->bh_log2 << 16 | ue_log2 << 24 | rx << 28,
  };
  for (uint32_t i = 0; i < 8; i++) rp.id[i] = i;
  for (uint32_t b = 0; b < REGION_TERM_BITS; b++) {
    const uint32_t xt = table[1u << b], yt = table[1024 + (1u << b)];
    if (xt > block_mask || yt > block_mask) return false;
    rp.x_terms[b / 2] |= xt << (b % 2 * 16);
    rp.y_terms[b / 2] |= yt << (b % 2 * 16);
  }
  for (uint32_t z = 0; z < slices; z++)
    if (((z ? table[2048 + (z & 255)] : 0) ^ pc->zs_term) > block_mask) return false;
  /* 16-byte units go in 2x2 pairs when rows y and y + 1 (y even) of a unit are 32
   * contiguous tiled bytes: y bit 0 alone sets address bit 4 */
  uint32_t variant = unit_log2 - 3;
  if (unit_log2 == 4 && rx >= 1 && ry >= 1 && table[1024 + 1] == 16u &&
      pc->linear_base % 32 == 0 && pc->linear_pitch % 32 == 0 &&
      pc->linear_slice_bytes % 32 == 0) {
    bool alone = !(pc->zs_term & 16u);
    for (uint32_t b = 0; b < REGION_TERM_BITS; b++) {
      const bool x_hits = b >= ue_log2 && (table[1u << b] & 16u);
      const bool y_hits = b && (table[1024 + (1u << b)] & 16u);
      alone = alone && !x_hits && !y_hits;
    }
    for (uint32_t z = 1; z < slices && alone; z++) alone = !(table[2048 + (z & 255)] & 16u);
    if (alone) variant = 3;
  }
  struct vk_compute_pipeline *p = &t->region[to_tiled][variant];
  if (!p->pipeline) {
    static const unsigned char *const code[2][4] = {
        {vk_spv_tiler_region_0_u8, vk_spv_tiler_region_0_u16, vk_spv_tiler_region_0_u32,
         vk_spv_tiler_region_0_p16},
        {vk_spv_tiler_region_1_u8, vk_spv_tiler_region_1_u16, vk_spv_tiler_region_1_u32,
         vk_spv_tiler_region_1_p16}};
    const size_t size[2][4] = {
        {vk_spv_tiler_region_0_u8_size, vk_spv_tiler_region_0_u16_size,
         vk_spv_tiler_region_0_u32_size, vk_spv_tiler_region_0_p16_size},
        {vk_spv_tiler_region_1_u8_size, vk_spv_tiler_region_1_u16_size,
         vk_spv_tiler_region_1_u32_size, vk_spv_tiler_region_1_p16_size}};
    if (!vk_compute_pipeline_create(t->dev, (const uint32_t *)code[to_tiled][variant],
                                    size[to_tiled][variant], 2, sizeof(struct region_push), p)) {
      LOG(vk, WARN, "region tiler pipeline failed on %s; general shader only",
          vk_device_name(t->dev));
      t->region_available = t->region_on = false;
      return false;
    }
  }
  const struct vk_buffer *bufs[2] = {tiled, linear};
  for (uint32_t z = 0; z < slices; z++) {
    rp.tiled_base = pc->tiled_base + (z >> pc->slab_log2) * pc->slab_bytes;
    rp.xor_base = (z ? table[2048 + (z & 255)] : 0) ^ pc->zs_term;
    rp.linear_base = pc->linear_base + z * pc->linear_slice_bytes;
    vk_cmd_dispatch(t->dev, cb, p, bufs, NULL, &rp, gx, gy, 1);
  }
  t->stats.region_planes++;
  t->stats.region_variant[variant]++;
  *covered_w = gx << rx_log2;
  *covered_h = gy << ry;
  return true;
}

static bool cmd_convert(vk_tiler *t, VkCommandBuffer cb, const struct tiling_layout *l,
                        const struct vk_buffer *tiled, uint64_t tiled_offset,
                        const struct vk_buffer *linear, uint64_t linear_offset, bool to_tiled) {
  const uint32_t bpe = l->surface.bpe;
  const uint32_t e = 31u - (uint32_t)__builtin_clz(bpe);
  if (tiled_offset % bpe || linear_offset % bpe) {
    LOG(vk, ERROR, "tiler: offsets must be multiples of the element size (%u)", bpe);
    return false;
  }
  if (tiled->size < tiled_offset + l->size || linear->size < linear_offset + l->linear_size) {
    LOG(vk, ERROR, "tiler: buffers too small for the surface (%llu / %llu bytes needed)",
        (unsigned long long)(tiled_offset + l->size),
        (unsigned long long)(linear_offset + l->linear_size));
    return false;
  }
  if (!fits_u32(tiled_offset + l->size) || !fits_u32(linear_offset + l->linear_size)) {
    LOG(vk, ERROR, "tiler: surfaces above 4 GiB are not supported");
    return false;
  }
  uint32_t id = tiling_layout_pattern_id(l);
  if (id && !t->table_ready[id]) {
    struct tiling_xor_tables *x = malloc(sizeof(*x));
    if (!x) return false;
    tiling_get_xor_tables(l, x);
    uint32_t *slot = (uint32_t *)((uint8_t *)t->tables.mapped + (size_t)id * TABLE_BYTES);
    memcpy(slot, x->x, 1024 * 4);
    memcpy(slot + 1024, x->y, 1024 * 4);
    memcpy(slot + 2048, x->z, 256 * 4);
    free(x);
    t->table_ready[id] = true;
  }
  /* Slab of slices sharing one tiled base: thick 3D blocks hold block_depth slices. */
  const uint64_t slab_bytes = l->thick ? l->slice_size * l->block_depth : l->slice_size;
  const uint32_t slab_log2 = l->thick ? 31u - (uint32_t)__builtin_clz(l->block_depth) : 0;
  if (!fits_u32(slab_bytes)) return false;
  /* One dispatch per (level, fragment); the z dimension walks the slices. */
  for (uint32_t lv = 0; lv < l->surface.levels; lv++) {
    const struct tiling_level *L = &l->level[lv];
    uint32_t slices = l->surface.dim == TILING_DIM_3D ? L->depth : l->surface.depth;
    if (L->height > MAX_GROUPS || slices > MAX_GROUPS) return false;
    for (uint32_t f = 0; f < l->surface.fragments; f++) {
      struct tiling_plane pl;
      if (!tiling_get_plane(l, lv, 0, f, &pl)) return false;
      struct tiler_push pc = {
          .width = pl.width,
          .height = pl.height,
          .tail_x = pl.tail_x,
          .tail_y = pl.tail_y,
          .bw_log2 = pl.bw_log2,
          .bh_log2 = pl.bh_log2,
          .blk_log2 = pl.block_log2,
          .blocks_per_row = pl.blocks_per_row,
          .tiled_base = (uint32_t)(tiled_offset + pl.base),
          .zs_term = pl.zs_term, /* slice 0: fragment term and pipe/bank XOR only */
          .linear_base = (uint32_t)(linear_offset + tiling_linear_offset(l, lv, 0) +
                                    (uint64_t)f * pl.width * pl.height * bpe),
          .linear_pitch = pl.width * bpe,
          .tiled_pitch = pl.pitch,
          .elem_log2 = e,
          .slab_bytes = (uint32_t)slab_bytes,
          .slab_log2 = slab_log2,
          .linear_slice_bytes = pl.width * pl.height * bpe * l->surface.fragments,
      };
      /* Move runs of elements contiguous on both sides as one unit of up to 16 bytes when
       * the rows allow it; otherwise element by element. */
      uint32_t unit_log2 = pl.run_log2;
      while (unit_log2 && (bpe << unit_log2) > 16) unit_log2--;
      uint32_t unit_bytes = bpe << unit_log2;
      if ((pl.width & ((1u << unit_log2) - 1)) || pc.linear_base % unit_bytes ||
          pc.tiled_base % unit_bytes || pc.linear_slice_bytes % unit_bytes ||
          pc.slab_bytes % unit_bytes)
        unit_log2 = 0;
      pc.unit_log2 = unit_log2;
      /* Several units per invocation (fewer, longer invocations suit CPU devices) while
       * each invocation's units stay inside one block and start aligned. */
      uint32_t group_log2 = 0;
      while (group_log2 < MAX_GROUP_LOG2 &&
             (1u << (unit_log2 + group_log2 + 1)) <= l->block_width &&
             !(pl.tail_x & ((1u << (unit_log2 + group_log2 + 1)) - 1)))
        group_log2++;
      pc.group_log2 = group_log2;
      const struct vk_compute_pipeline *p = &t->elem[to_tiled][id == 0][e + unit_log2];
      const uint32_t per_inv_log2 = unit_log2 + group_log2; /* elements per invocation */
      const struct vk_buffer *bufs[3] = {tiled, linear, &t->tables};
      const uint64_t offsets[3] = {0, 0, (uint64_t)id * TABLE_BYTES};
      /* The region shader takes the largest whole-region rectangle from the origin; the
       * general shader the strip to its right and the rows below it (or everything). */
      uint32_t w = 0, h = 0;
      region_plane(t, cb, &pl, &pc, slices, id, tiled, linear, to_tiled, 1u << per_inv_log2,
                   &w, &h);
      const uint32_t strips[2][3] = {{w, 0, h}, {0, h, pl.height - h}}; /* x, y, rows */
      bool general = false;
      for (int k = w ? 0 : 1; k < 2; k++) {
        if (strips[k][0] >= pl.width || !strips[k][2]) continue;
        general = true;
        t->stats.general_dispatches++;
        pc.x_start = strips[k][0];
        pc.y_start = strips[k][1];
        uint32_t units = (pl.width - pc.x_start + (1u << per_inv_log2) - 1) >> per_inv_log2;
        vk_cmd_dispatch(t->dev, cb, p, bufs, offsets, &pc,
                        (units + TILER_GROUP - 1) / TILER_GROUP, strips[k][2], slices);
      }
      if (general) t->stats.general_planes++;
    }
  }
  vk_cmd_barrier(cb);
  return true;
}

bool vk_tiler_set_region_path(vk_tiler *t, bool on) {
  t->region_on = on && t->region_available;
  return t->region_on;
}

void vk_tiler_get_stats(const vk_tiler *t, struct vk_tiler_stats *out) { *out = t->stats; }

bool vk_tiler_cmd_detile(vk_tiler *t, VkCommandBuffer cb, const struct tiling_layout *layout,
                         const struct vk_buffer *tiled, uint64_t tiled_offset,
                         const struct vk_buffer *linear, uint64_t linear_offset) {
  return cmd_convert(t, cb, layout, tiled, tiled_offset, linear, linear_offset, false);
}

bool vk_tiler_cmd_tile(vk_tiler *t, VkCommandBuffer cb, const struct tiling_layout *layout,
                       const struct vk_buffer *linear, uint64_t linear_offset,
                       const struct vk_buffer *tiled, uint64_t tiled_offset) {
  return cmd_convert(t, cb, layout, tiled, tiled_offset, linear, linear_offset, true);
}

static void groups_for(uint32_t count, uint32_t *gx, uint32_t *gy) {
  uint32_t groups = (count + GROUP - 1) / GROUP;
  *gx = groups < MAX_GROUPS ? groups : MAX_GROUPS;
  *gy = (groups + MAX_GROUPS - 1) / MAX_GROUPS;
  if (!*gx) *gx = *gy = 1;
}

static bool cmd_depth16(vk_tiler *t, VkCommandBuffer cb, const struct vk_buffer *d16,
                        uint64_t off16, const struct vk_buffer *d32, uint64_t off32,
                        uint32_t count, bool demote) {
  if (off16 % 2 || off32 % 4 || d16->size < off16 + 2ull * count ||
      d32->size < off32 + 4ull * count || !fits_u32(off32 / 4)) {
    LOG(vk, ERROR, "depth16: bad offsets or buffers too small for %u values", count);
    return false;
  }
  struct d16_push pc = {count, demote, (uint32_t)(off16 / 2), (uint32_t)(off32 / 4)};
  const struct vk_buffer *bufs[2] = {d16, d32};
  uint32_t gx, gy;
  groups_for(count, &gx, &gy);
  vk_cmd_dispatch(t->dev, cb, &t->depth16, bufs, NULL, &pc, gx, gy, 1);
  vk_cmd_barrier(cb);
  return true;
}

bool vk_tiler_cmd_promote_d16(vk_tiler *t, VkCommandBuffer cb, const struct vk_buffer *d16,
                              uint64_t off16, const struct vk_buffer *d32, uint64_t off32,
                              uint32_t count) {
  return cmd_depth16(t, cb, d16, off16, d32, off32, count, false);
}

bool vk_tiler_cmd_demote_d16(vk_tiler *t, VkCommandBuffer cb, const struct vk_buffer *d32,
                             uint64_t off32, const struct vk_buffer *d16, uint64_t off16,
                             uint32_t count) {
  return cmd_depth16(t, cb, d16, off16, d32, off32, count, true);
}

bool vk_tiler_cmd_swizzle(vk_tiler *t, VkCommandBuffer cb, const struct vk_buffer *buf,
                          uint64_t offset, uint32_t count, uint32_t channel_bytes,
                          const uint8_t perm[4]) {
  if ((channel_bytes != 1 && channel_bytes != 2) || offset % 4 ||
      buf->size < offset + 4ull * channel_bytes * count || perm[0] > 3 || perm[1] > 3 ||
      perm[2] > 3 || perm[3] > 3) {
    LOG(vk, ERROR, "swizzle: bad arguments (%u-byte channels, %u elements)", channel_bytes,
        count);
    return false;
  }
  struct swizzle_push pc = {count, channel_bytes,
                            perm[0] | (perm[1] << 2) | (perm[2] << 4) | (perm[3] << 6),
                            (uint32_t)(offset / 4)};
  const struct vk_buffer *bufs[1] = {buf};
  uint32_t gx, gy;
  groups_for(count, &gx, &gy);
  vk_cmd_dispatch(t->dev, cb, &t->swizzle, bufs, NULL, &pc, gx, gy, 1);
  vk_cmd_barrier(cb);
  return true;
}
