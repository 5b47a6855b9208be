/* The display's parts shared by the scan-out (display_scanout.c) and the window
 * (display_window.c). */
#ifndef PROSPERO_GPU_DISPLAY_DISPLAY_INTERNAL_H
#define PROSPERO_GPU_DISPLAY_DISPLAY_INTERNAL_H

#include <pthread.h>

#include "gpu/display/display.h"
#include "gpu/vk/vk_device.h"
#include "gpu/vk/vk_tiler.h"

#define DISPLAY_SOURCES 16 /* imported guest ranges kept (video out has 16 buffers) */
#define DISPLAY_FORGET 16  /* unmapped spans waiting for the next frame (more: drop all) */

struct display_source {
  uintptr_t base; /* page-aligned start of the import */
  uint64_t size;
  uint64_t last_use;
  struct vk_buffer buf;
};

/* A frame's pixels on the GPU as a linear image: BUF at OFFSET, ROW_PIXELS per row; HOST is
 * the CPU view of the same bytes once the recorded work has completed. */
struct display_linear {
  const struct vk_buffer *buf;
  uint64_t offset;
  uint32_t row_pixels;
  const void *host;
};

struct display_window;

struct display {
  struct display_options opt;
  vk_device *dev;
  vk_tiler *tiler;
  struct display_source src[DISPLAY_SOURCES];
  uint64_t use_clock;
  struct vk_buffer linear;  /* detiled frames (host visible) */
  struct vk_buffer staging; /* guest bytes when the device cannot import them */
  struct display_window *win;
  pthread_mutex_t stats_lock;
  struct display_stats stats;
  /* spans the guest unmapped, under stats_lock; the thread recording frames drops their
   * imports (it owns src[]) */
  struct {
    uint64_t addr, size;
  } forget[DISPLAY_FORGET];
  unsigned forget_n;
  bool forget_all;
};

/* Records into CB what puts F's pixels on the GPU as a linear image (the detile of a tiled
 * frame, with a barrier after it). False (logged) on a failure. */
bool display_scanout_record(struct display *d, VkCommandBuffer cb, const struct display_frame *f,
                            struct display_linear *out);
uint32_t display_bytes_per_pixel(enum present_format f);
void display_scanout_release(struct display *d);

/* The window: made on its own thread, which makes the Vulkan device too (with the window
 * system's surface extensions). */
bool display_window_create(struct display *d, char *err, size_t cap);
void display_window_destroy(struct display *d);
bool display_window_present(struct display *d, const struct display_frame *f,
                            const char *const *png, unsigned n_png);

/* Writes the frame (its CPU view L) to the PNG paths. */
bool display_write_pngs(const struct display_frame *f, const struct display_linear *l,
                        const char *const *png, unsigned n_png);

#endif
