/* GPU detile time for a 4096x4096, 4-byte surface in SW_64KB_S, SW_64KB_R_X and SW_LINEAR on
 * the Vulkan device (lavapipe in CI) against a plain vkCmdCopyBuffer of the same bytes on
 * the same device, measured in the same run (goal: ratio >= 0.5). Device-local buffers;
 * best of N submissions. The plain copy shader (copy16.comp, one 16-byte unit per
 * invocation) is the simplest compute copy;
 * the linear layout through the tiler shader shows what its addressing costs on top of that.
 * The first line per mode times the tiler as it runs on the device (on CPU devices the
 * region shader, tiler_region.comp, where the surface allows it); the second forces the
 * general shader (tiler.comp) and also times the tile direction of the default path. The
 * machine is shared: compare ratios from the same run, and repeat. */
#include "../bench_goal.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench_time.h"
#include "gpu/tiling/tiling.h"
#include "gpu/vk/vk_tiler.h"
#include "vk_test_device.h"

#define RUNS 3

/* Best time of converting L between the two buffers (detile, or tile when TO_TILED). */
static double time_tiler(vk_device *dev, vk_tiler *tiler, const struct tiling_layout *l,
                         const struct vk_buffer *tiled, const struct vk_buffer *linear,
                         bool to_tiled) {
  double best = 1e9;
  for (int r = 0; r < RUNS; r++) {
    VkCommandBuffer cb = vk_device_begin(dev);
    bool ok = to_tiled ? vk_tiler_cmd_tile(tiler, cb, l, linear, 0, tiled, 0)
                       : vk_tiler_cmd_detile(tiler, cb, l, tiled, 0, linear, 0);
    double t0 = bench_now_s();
    if (!vk_device_submit_wait(dev, cb) || !ok) return -1;
    double t = bench_now_s() - t0;
    if (t < best) best = t;
  }
  return best;
}

extern const unsigned char vk_spv_copy16[];
extern const size_t vk_spv_copy16_size;

/* Best time of the plain compute copy (copy16.comp) of BYTES from A to B. */
static double time_copy_shader(vk_device *dev, const struct vk_buffer *a,
                               const struct vk_buffer *b, uint64_t bytes) {
  struct vk_compute_pipeline p;
  if (!vk_compute_pipeline_create(dev, (const uint32_t *)vk_spv_copy16, vk_spv_copy16_size, 2,
                                  sizeof(uint32_t), &p))
    return -1;
  const uint32_t count = (uint32_t)(bytes / 16);
  const struct vk_buffer *bufs[2] = {a, b};
  double best = 1e9;
  for (int r = 0; r < RUNS; r++) {
    VkCommandBuffer cb = vk_device_begin(dev);
    vk_cmd_dispatch(dev, cb, &p, bufs, NULL, &count, (count + 255) / 256, 1, 1);
    double t0 = bench_now_s();
    if (!vk_device_submit_wait(dev, cb)) best = -1;
    double t = bench_now_s() - t0;
    if (best > 0 && t < best) best = t;
  }
  vk_compute_pipeline_destroy(dev, &p);
  return best;
}

int main(void) {
  vk_device *dev = vk_test_device();
  if (!dev) return BENCH_SKIP_EXIT; /* reason printed */
  vk_tiler *tiler = vk_tiler_create(dev);
  if (!tiler) return 1;
  /* SW_LINEAR runs the same shader as a plain row copy: the ceiling of a compute copy on
   * this device, for comparison with the tiled modes. */
  const uint32_t modes[] = {TILING_SW_64KB_S, TILING_SW_64KB_R_X, TILING_SW_LINEAR};
  double worst = 1e9; /* lowest detile/copy ratio of the tiled modes: the goal's figure */
  const char *worst_mode = "";
  for (size_t m = 0; m < 3; m++) {
    struct tiling_surface s = {.mode = modes[m], .bpe = 4, .width = 4096, .height = 4096};
    struct tiling_layout l;
    if (!tiling_compute_layout(&s, &l)) return 1;
    struct vk_buffer tiled, linear;
    if (!vk_buffer_create(dev, l.size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_DEVICE,
                          &tiled) ||
        !vk_buffer_create(dev, l.linear_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                          GPU_VK_MEMORY_DEVICE, &linear))
      return 1;
    double copy = 1e9, detile = 1e9;
    for (int r = 0; r < RUNS; r++) {
      VkCommandBuffer cb = vk_device_begin(dev);
      VkBufferCopy region = {.size = l.linear_size};
      vkCmdCopyBuffer(cb, tiled.buffer, linear.buffer, 1, &region);
      double t0 = bench_now_s();
      if (!vk_device_submit_wait(dev, cb)) return 1;
      double t1 = bench_now_s();
      cb = vk_device_begin(dev);
      if (!vk_tiler_cmd_detile(tiler, cb, &l, &tiled, 0, &linear, 0)) return 1;
      double t2 = bench_now_s();
      if (!vk_device_submit_wait(dev, cb)) return 1;
      double t3 = bench_now_s();
      if (t1 - t0 < copy) copy = t1 - t0;
      if (t3 - t2 < detile) detile = t3 - t2;
    }
    /* linear_size / 16 units: a 4096x4096x4B level is a multiple of 16 bytes */
    const double shader = time_copy_shader(dev, &tiled, &linear, l.linear_size);
    if (shader <= 0) return 1;
    double mb = (double)l.linear_size / (1024.0 * 1024.0);
    if (modes[m] != TILING_SW_LINEAR && copy / detile < worst) { /* linear: a reference */
      worst = copy / detile;
      worst_mode = tiling_mode_name(modes[m]);
    }
    printf("tiling gpu %-12s 4096x4096x4B on %s: buffer copy %.2f ms (%.0f MiB/s), copy "
           "shader %.2f ms (ratio %.2f, plain compute copy), detile %.2f ms (%.0f MiB/s), "
           "ratio %.2f (%.2f of the copy shader)\n",
           tiling_mode_name(modes[m]), vk_device_name(dev), copy * 1e3, mb / copy,
           shader * 1e3, copy / shader, detile * 1e3, mb / detile, copy / detile,
           shader / detile);
    /* the default path's tile direction, then the general shader forced */
    struct vk_tiler_stats st0, st1;
    vk_tiler_get_stats(tiler, &st0);
    const double tile = time_tiler(dev, tiler, &l, &tiled, &linear, true);
    vk_tiler_get_stats(tiler, &st1);
    const bool region = st1.region_planes != st0.region_planes;
    vk_tiler_set_region_path(tiler, false);
    const double general = time_tiler(dev, tiler, &l, &tiled, &linear, false);
    vk_tiler_set_region_path(tiler, true);
    if (tile <= 0 || general <= 0) return 1;
    printf("tiling gpu %-12s paths: default %s, tile %.2f ms (ratio %.2f); general shader "
           "(tiler.comp) detile %.2f ms (ratio %.2f)\n",
           tiling_mode_name(modes[m]), region ? "region shader (tiler_region.comp)"
                                              : "general shader (tiler.comp)",
           tile * 1e3, copy / tile, general * 1e3, copy / general);
    vk_buffer_destroy(dev, &tiled);
    vk_buffer_destroy(dev, &linear);
  }
  vk_tiler_destroy(tiler);
  vk_device_destroy(dev);
  /* printed after the per-mode lines: the figure is the minimum over them */
  bench_goal("tiling_gpu", worst >= 0.5, ">= 0.5",
             "lowest tiled-mode detile/buffer-copy ratio %.2f (%s)", worst, worst_mode);
  return 0;
}
