/* Scan-out of flipped frames on the GPU: a guest display buffer (linear, or tiled the way the
 * console tiles display buffers) goes through the Vulkan device to a window (an SDL2 window
 * with a Vulkan swapchain) and, when asked, to PNG files.
 *
 * Tiled display buffers are GFX10 SW_64KB_R_X surfaces (the render-target swizzle, 64 KiB
 * blocks; docs/videoout.md says where that fact comes from); they are detiled by the tiling
 * library's compute shaders (vk_tiler), never by the CPU. Guest memory reaches the GPU by
 * import (VK_EXT_external_memory_host), without a copy; a device without the extension gets
 * one copy into a staging buffer per frame (logged once).
 *
 *   struct display *d = display_create(&(struct display_options){.window = true}, err, cap);
 *   display_present(d, &frame, png_paths, n);   // on one thread at a time
 *   display_destroy(d);
 *
 * The window runs on a thread of its own (SDL events, the swapchain); display_present hands
 * it the frame and returns when the GPU has finished reading the guest buffer. */
#ifndef PROSPERO_GPU_DISPLAY_DISPLAY_H
#define PROSPERO_GPU_DISPLAY_DISPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/present/present.h"

/* The swizzle mode of a tiled display buffer (video out's tiling mode TILE, 0). */
#define DISPLAY_TILED_MODE 0x1Bu /* SW_64KB_R_X */

struct display_frame {
  const void *pixels; /* the guest buffer (its first pixel) */
  enum present_format format;
  uint32_t width, height;
  uint32_t pitch_pixels; /* linear buffers: the row stride (>= width) */
  bool tiled;            /* SW_64KB_R_X (pitch_pixels is then ignored) */
  uint64_t flip_count;
};

struct display_options {
  bool window;            /* false: headless (PNG files only) */
  bool fullscreen;        /* the window covers the desktop */
  const char *title;      /* window title prefix (the title id); NULL: "prospero" */
  uint32_t width, height; /* first window size; 0: 1280x720 */
  /* The user closed the window (called on the window's thread). */
  void (*on_close)(void *ctx);
  void *ctx;
};

struct display;

/* NULL with a message in ERR when the device (or, with .window, the window or its
 * swapchain) cannot be made. */
struct display *display_create(const struct display_options *o, char *err, size_t cap);
void display_destroy(struct display *d);
bool display_has_window(const struct display *d);

/* Shows F in the window (if any) and writes it as a PNG to each of the N_PNG paths. Returns
 * when the guest buffer is no longer read. False (logged) on a failure. */
bool display_present(struct display *d, const struct display_frame *f, const char *const *png,
                     unsigned n_png);

/* The letterbox of a FW x FH frame in a WW x WH window: the largest rectangle with the
 * frame's aspect, centred (integer pixels; the frame's size itself when it fits exactly). */
struct display_rect {
  int32_t x, y;
  uint32_t w, h;
};
struct display_rect display_letterbox(uint32_t fw, uint32_t fh, uint32_t ww, uint32_t wh);

struct display_stats {
  uint64_t frames;           /* frames presented */
  uint64_t gpu_detiles;      /* tiled frames detiled by the compute tiler */
  uint64_t imported, copied; /* guest buffers reached by import / by a staging copy */
  uint64_t imports_made;     /* imports of guest ranges made (kept for the next frames) */
  uint64_t imports_dropped;  /* imports dropped because the guest unmapped their memory */
  uint64_t window_frames;    /* frames shown in the window */
  uint64_t swapchain_rebuilds;
};
void display_get_stats(const struct display *d, struct display_stats *out);
/* Guest memory [ADDR, ADDR+SIZE) was unmapped: the imports of it are dropped before the next
 * frame is recorded (an import made again sees what is mapped there then; a driver that pins
 * pages at import would otherwise keep scanning out the old pages). Any thread. */
void display_forget_range(struct display *d, uint64_t addr, uint64_t size);

#endif
