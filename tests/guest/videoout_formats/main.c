/* Display buffers in the attribute-2 pixel formats without a 32-bit twin, and one with: an
 * R10G10B10A2 buffer (red in bits 0-9), an R16G16B16A16_FLOAT buffer (red in the low half) and
 * a B10G10R10A2_SRGB buffer (blue in bits 0-9), each in its own group, each flipped once.
 * With --dump-frames, check_formats.py compares every pixel of the three PNGs with the values
 * computed from the formats' definitions. */
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <video_out.h>

#define W 64
#define H 32

/* The 10-bit channels of pixel (x, y): red x * 16, green y * 32, blue 1023 - x * 16. */
static uint32_t r10(uint32_t x) { return x * 16; }
static uint32_t g10(uint32_t y) { return (y * 32) & 0x3ff; }
static uint32_t b10(uint32_t x) { return 1023 - x * 16; }

/* binary16 of N / 2^S (exact: N < 2048, S small); 0 for N 0. */
static uint16_t half(uint32_t n, int s) {
  if (!n) return 0;
  int e = 0;
  while (n >= 2048) n >>= 1, e++; /* not reached for the values used */
  while (!(n & 0x400)) n <<= 1, e--;
  return (uint16_t)((15 + 10 + e - s) << 10 | (n & 0x3ff));
}

static void flip_and_wait(SceKernelEqueue eq, int h, int index) {
  int r = sceVideoOutSubmitFlip(h, index, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, index);
  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 5 * 1000 * 1000;
  int w = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  printf("flip %d: %d, wait %d, %d event(s)\n", index, r, w, got);
}

int main(void) {
  int h = sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL);
  SceKernelEqueue eq;
  sceKernelCreateEqueue(&eq, "flip");
  sceVideoOutAddFlipEvent(eq, h, NULL);
  char *mem = mmap(NULL, 3 * 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return 1;
  uint32_t *rgb10 = (uint32_t *)mem, *bgr10 = (uint32_t *)(mem + 2 * 65536);
  uint64_t *rgba16f = (uint64_t *)(mem + 65536);
  for (uint32_t y = 0; y < H; y++)
    for (uint32_t x = 0; x < W; x++) {
      rgb10[y * W + x] = 3u << 30 | b10(x) << 20 | g10(y) << 10 | r10(x);
      bgr10[y * W + x] = 3u << 30 | r10(x) << 20 | g10(y) << 10 | b10(x);
      rgba16f[y * W + x] = (uint64_t)half(x, 6) | (uint64_t)half(y, 5) << 16 |
                           (uint64_t)half(63 - x, 6) << 32 | (uint64_t)half(1, 0) << 48;
    }
  static const uint64_t formats[3] = {SCE_VIDEO_OUT_PIXEL_FORMAT2_R10_G10_B10_A2,
                                      SCE_VIDEO_OUT_PIXEL_FORMAT2_R16_G16_B16_A16_FLOAT,
                                      SCE_VIDEO_OUT_PIXEL_FORMAT2_B10_G10_R10_A2_SRGB};
  for (int i = 0; i < 3; i++) {
    SceVideoOutBufferAttribute2 a;
    sceVideoOutSetBufferAttribute2(&a, formats[i], SCE_VIDEO_OUT_TILING_MODE_LINEAR, W, H, 0, 0, 0);
    SceVideoOutBuffers b;
    memset(&b, 0, sizeof b);
    b.data = mem + i * 65536;
    printf("register2 0x%016llx: %d\n", (unsigned long long)formats[i],
           sceVideoOutRegisterBuffers2(h, i, i, &b, 1, &a, 0, NULL));
  }
  SceVideoOutBufferAttribute2 bad;
  sceVideoOutSetBufferAttribute2(&bad, 0x8100000500000000ull, SCE_VIDEO_OUT_TILING_MODE_LINEAR, W,
                                 H, 0, 0, 0);
  SceVideoOutBuffers b = {mem, NULL, {NULL, NULL}};
  printf("unknown format: 0x%08x\n",
         (unsigned)sceVideoOutRegisterBuffers2(h, 3, 3, &b, 1, &bad, 0, NULL));
  for (int i = 0; i < 3; i++) flip_and_wait(eq, h, i);
  sceVideoOutSubmitFlip(h, -1, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 0); /* off screen before close */
  printf("close: %d\n", sceVideoOutClose(h));
  return 0;
}
