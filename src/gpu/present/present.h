/* Presentation of scan-out images outside a window: PNG files of flipped frames
 * (--dump-frames, --screenshot-at). An image is a guest display buffer as video out
 * registered it; its pixels are written as stored (no colour conversion: sRGB-encoded 8-bit
 * values go to an 8-bit PNG, 10-bit and half-float ones to a 16-bit PNG). */
#ifndef PROSPERO_GPU_PRESENT_PRESENT_H
#define PROSPERO_GPU_PRESENT_PRESENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum present_format {
  PRESENT_FORMAT_A8R8G8B8,      /* 32-bit words 0xAARRGGBB (bytes B, G, R, A) */
  PRESENT_FORMAT_A8B8G8R8,      /* 32-bit words 0xAABBGGRR (bytes R, G, B, A) */
  PRESENT_FORMAT_A2R10G10B10,   /* 32-bit words: B bits 0-9, G 10-19, R 20-29, A 30-31 */
  PRESENT_FORMAT_A16R16G16B16F, /* 64-bit words of half floats: B, G, R, A from bit 0 */
  PRESENT_FORMAT_A2B10G10R10,   /* 32-bit words: R bits 0-9, G 10-19, B 20-29, A 30-31 */
  PRESENT_FORMAT_A16B16G16R16F, /* 64-bit words of half floats: R, G, B, A from bit 0 */
};

struct present_image {
  const void *pixels;
  enum present_format format;
  uint32_t width, height;
  uint32_t pitch_pixels; /* row stride in pixels (>= width) */
};

/* Writes IMG as an RGB PNG to PATH (8 bits per channel for the 8-bit formats, 16 for the
 * others: a 10-bit value v becomes v << 6 | v >> 4, a half float is clamped to [0, 1] and
 * scaled to 65535, rounded). False with a message in ERR on failure. */
bool present_write_png(const char *path, const struct present_image *img, char *err, size_t cap);

#endif
