/* The frame of the window test, shared by its guest and its driver: a 1280x720 A8R8G8B8
 * pattern (0xAARRGGBB words) whose blue channel never drops below 0x40, so a black bar and
 * the frame cannot be confused. */
#ifndef PROSPERO_TESTS_GPU_WINDOW_PATTERN_H
#define PROSPERO_TESTS_GPU_WINDOW_PATTERN_H

#include <stdint.h>

#define WINDOW_W 1280u
#define WINDOW_H 720u

static inline uint32_t window_pattern(uint32_t x, uint32_t y) {
  return 0xFF000000u | ((x * 5 + y) & 0xff) << 16 | ((y * 3) & 0xff) << 8 |
         (0x40u | ((x ^ y) & 0xbf));
}

#endif
