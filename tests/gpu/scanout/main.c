/* A tiled display buffer end to end: the guest registers an A8R8G8B8 200x120 buffer with
 * tiling mode TILE (0), which the console lays out as GFX10 SW_64KB_R_X (docs/videoout.md),
 * writes every pixel where the golden offset map (/app0/map.bin: one 32-bit byte offset per
 * pixel, AMD addrlib's, placed there by hooks.cmake) says it lives, and flips it once.
 * The emulator detiles it on the GPU and dumps it; check_demo_frames compares the PNG with
 * the linear image: R = x, G = y, B = x ^ y (the demo's formula at T = 0). */
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <video_out.h>

#define W 200
#define H 120
#define SIZE 131072 /* the surface's size (SW_64KB_R_X, 4 bytes, 200x120: 2 blocks) */

static uint32_t map[W * H];
static uint8_t tiled[SIZE] __attribute__((aligned(65536)));

int main(void) {
  FILE *f = fopen("/app0/map.bin", "rb");
  if (!f || fread(map, 4, W * H, f) != W * H) {
    printf("cannot read the offset map\n");
    return 1;
  }
  fclose(f);
  memset(tiled, 0x5A, sizeof tiled); /* padding the detile must skip */
  for (uint32_t y = 0; y < H; y++)
    for (uint32_t x = 0; x < W; x++) {
      uint32_t px = 0xFF000000u | (x & 0xff) << 16 | (y & 0xff) << 8 | ((x ^ y) & 0xff);
      if (map[y * W + x] + 4 > SIZE) {
        printf("offset out of the surface\n");
        return 1;
      }
      memcpy(tiled + map[y * W + x], &px, 4);
    }
  int h = sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL);
  SceVideoOutBufferAttribute a;
  sceVideoOutSetBufferAttribute(&a, SCE_VIDEO_OUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                SCE_VIDEO_OUT_TILING_MODE_TILE, SCE_VIDEO_OUT_ASPECT_RATIO_16_9, W,
                                H, W);
  void *bufs[1] = {tiled};
  SceKernelEqueue eq;
  printf("register tiled: %d\n", sceVideoOutRegisterBuffers(h, 0, bufs, 1, &a));
  sceKernelCreateEqueue(&eq, "scanout");
  sceVideoOutAddFlipEvent(eq, h, NULL);
  printf("flip: %d\n", sceVideoOutSubmitFlip(h, 0, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 1));
  SceKernelEvent ev;
  int n = 0;
  SceKernelUseconds timo = 5000000;
  printf("wait: %d, %d event(s)\n", sceKernelWaitEqueue(eq, &ev, 1, &n, &timo), n);
  /* the flip is done; the presenter still holds the frame until the next one: close waits */
  printf("close: %d\n", sceVideoOutClose(h));
  return 0;
}
