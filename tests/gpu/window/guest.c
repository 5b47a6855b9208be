/* The window test's guest (tests/gpu/window): one linear 1280x720 A8R8G8B8 display buffer
 * drawn with window_pattern() (window_pattern.h, shared with the test driver), flipped at
 * every vblank until the emulator ends it (the window's close button). Gives up after 120 s
 * (exit 3) so a broken close never leaves it running. */
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <video_out.h>

#include "window_pattern.h"

static uint32_t frame[WINDOW_H * WINDOW_W] __attribute__((aligned(65536)));

int main(void) {
  for (uint32_t y = 0; y < WINDOW_H; y++)
    for (uint32_t x = 0; x < WINDOW_W; x++) frame[y * WINDOW_W + x] = window_pattern(x, y);
  int h = sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL);
  SceVideoOutBufferAttribute a;
  sceVideoOutSetBufferAttribute(&a, SCE_VIDEO_OUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                SCE_VIDEO_OUT_TILING_MODE_LINEAR, SCE_VIDEO_OUT_ASPECT_RATIO_16_9,
                                WINDOW_W, WINDOW_H, WINDOW_W);
  void *bufs[1] = {frame};
  if (h < 0 || sceVideoOutRegisterBuffers(h, 0, bufs, 1, &a) != 0) {
    printf("video out setup failed\n");
    return 2;
  }
  for (int n = 0; n < 120 * 60; n++) {
    sceVideoOutSubmitFlip(h, 0, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, n);
    if (n == 0) {
      printf("flipping\n");
      fflush(stdout);
    }
    sceVideoOutWaitVblank(h);
  }
  printf("never closed\n");
  return 3;
}
