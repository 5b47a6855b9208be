/* GPU tiler: records compute work that converts a whole GFX10 surface between its tiled
 * (guest) bytes and the packed linear copy of tiling_detile() (same order: levels, slices,
 * fragments, rows), plus the format adaptations a host may need (16-bit depth kept as
 * 32-bit float, channel-order fix-ups).
 *
 *   vk_tiler *t = vk_tiler_create(dev);
 *   VkCommandBuffer cb = vk_device_begin(dev);
 *   vk_tiler_cmd_detile(t, cb, &layout, &tiled_buf, 0, &linear_buf, 0);
 *   vk_device_submit_wait(dev, cb);
 *
 * Buffers must stay alive until the command buffer has completed. Offsets and sizes are in
 * bytes; a surface must fit 4 GiB (checked). A tiler, like its device, is used from one
 * thread at a time.
 */
#ifndef PROSPERO_GPU_VK_TILER_H
#define PROSPERO_GPU_VK_TILER_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu/tiling/tiling.h"
#include "gpu/vk/vk_device.h"

typedef struct vk_tiler vk_tiler;

/* Builds the pipelines (one per element size plus the adaptations). NULL (logged) on error. */
vk_tiler *vk_tiler_create(vk_device *dev);
void vk_tiler_destroy(vk_tiler *t);

/* tiled (at tiled_offset) -> linear (at linear_offset), every level/slice/fragment. */
bool vk_tiler_cmd_detile(vk_tiler *t, VkCommandBuffer cb, const struct tiling_layout *layout,
                         const struct vk_buffer *tiled, uint64_t tiled_offset,
                         const struct vk_buffer *linear, uint64_t linear_offset);
/* linear -> tiled; padding bytes of the tiled surface are left unchanged. */
bool vk_tiler_cmd_tile(vk_tiler *t, VkCommandBuffer cb, const struct tiling_layout *layout,
                       const struct vk_buffer *linear, uint64_t linear_offset,
                       const struct vk_buffer *tiled, uint64_t tiled_offset);

/* CPU devices (lavapipe) convert the planes that allow it with a region shader built for
 * them (see tiler_region.comp); on by default there. set_region_path(false) forces the
 * general shader everywhere (benchmarks, tests); true is refused (returns false) where the
 * region shader is unavailable (GPUs, no 64-bit integers); vk_tiler_get_stats() counts
 * the planes it converted. */
bool vk_tiler_set_region_path(vk_tiler *t, bool on);

/* Which shader converted what, counted in (level, fragment) planes (all slices) since the
 * tiler was created. A plane the region shader covers in part (ragged edges) counts in both:
 * tiler.comp converts the strip to the right and the rows below. */
struct vk_tiler_stats {
  uint64_t region_planes;     /* planes (at least partly) converted by tiler_region.comp */
  uint64_t region_variant[4]; /* ... by its unit: 8, 16, 32 bytes, 16 bytes in 2x2 pairs */
  uint64_t general_planes;    /* planes with tiler.comp work (whole plane or strips) */
  uint64_t general_dispatches;
};
void vk_tiler_get_stats(const vk_tiler *t, struct vk_tiler_stats *out);

/* COUNT unorm16 depth values (from d16 at byte offset off16) -> float32 (to d32 at off32),
 * or back (demote: clamp to [0,1], round to nearest). Offsets: multiples of 2 and 4. */
bool vk_tiler_cmd_promote_d16(vk_tiler *t, VkCommandBuffer cb, const struct vk_buffer *d16,
                              uint64_t off16, const struct vk_buffer *d32, uint64_t off32,
                              uint32_t count);
bool vk_tiler_cmd_demote_d16(vk_tiler *t, VkCommandBuffer cb, const struct vk_buffer *d32,
                             uint64_t off32, const struct vk_buffer *d16, uint64_t off16,
                             uint32_t count);

/* Reorders the 4 channels of COUNT elements in place: destination channel c takes source
 * channel perm[c]. channel_bytes is 1 (RGBA8-like) or 2 (RGBA16-like); offset a multiple
 * of 4. */
bool vk_tiler_cmd_swizzle(vk_tiler *t, VkCommandBuffer cb, const struct vk_buffer *buf,
                          uint64_t offset, uint32_t count, uint32_t channel_bytes,
                          const uint8_t perm[4]);

#endif
