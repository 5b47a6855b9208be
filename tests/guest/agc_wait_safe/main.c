/* WaitUntilSafeForRendering from the command stream: two CPU flips (buffer 0, then buffer 1
 * at flip rate 2, i.e. three vblanks later), then a DCB that writes label A, waits until
 * buffer 1 is safe (sceAgcDriverWaitUntilSafeForRendering: no flip of it queued), writes
 * label B. A is written at once; B only after video out has done the flip of buffer 1, so
 * whenever the guest sees B set, the flip status already shows that flip (count 2, buffer
 * 1 on screen); without the wait B is set before the flips are done (the status after the
 * loop then shows fewer flips, unless the guest ran late). The packet's dwords are checked against
 * the console's tags (SET_UCONFIG_REG of 0x342: 0xCB000000 | buffer before the wait, 0xCB000020 |
 * buffer after it; captured on a console, docs/agc.md), the WAIT_REG_MEM64 at dword 3
 * (0xC0079300 06000113: until the 64 bits of buffer 1's flip label, 0xC_800040A8, are 0; the
 * label page is video out's) and the size the console's function takes (32 dwords). The
 * label is 1 while a flip of the buffer is queued, CPU flips too (our reading). No Vulkan
 * device is needed. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <video_out.h>

#define W 64
#define H 32

static uint32_t dcb[128];
static volatile uint32_t label_a, label_b;

int main(void) {
  int h = sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL);
  SceVideoOutBufferAttribute a;
  sceVideoOutSetBufferAttribute(&a, SCE_VIDEO_OUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                SCE_VIDEO_OUT_TILING_MODE_LINEAR, SCE_VIDEO_OUT_ASPECT_RATIO_16_9,
                                W, H, W);
  void *bufs[2] = {aligned_alloc(256, W * H * 4), aligned_alloc(256, W * H * 4)};
  memset(bufs[0], 0x11, W * H * 4);
  memset(bufs[1], 0x22, W * H * 4);
  printf("register: %d\n", sceVideoOutRegisterBuffers(h, 0, bufs, 2, &a));
  printf("flip rate: %d\n", sceVideoOutSetFlipRate(h, 2));

  SceAgcCb cb = {dcb, dcb + 128, dcb, dcb + 128, NULL, NULL, 0, 0};
  const uint32_t one = 1;
  sceAgcDcbWriteData(&cb, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &label_a, &one, 1, 1, 0);
  uint32_t size = sceAgcDriverGetWaitRenderingPacketSizeInDwords();
  uint32_t *p = cb.cursorUp;
  uint32_t r = sceAgcDriverWaitUntilSafeForRendering(&cb.cursorUp, size, 0, (uint32_t)h, 1);
  printf("wait packet: %u, %u dwords, %s\n", r, (unsigned)(cb.cursorUp - p),
         p[0] == 0xC0017904u && p[2] == 0xCB000001u && p[3] == 0xC0079300u && p[4] == 0x06000113u &&
                 p[5] == 0x800040A8u && p[6] == 0xCu && p[14] == 0xCB000021u
             ? "ok"
             : "WRONG");
  uint32_t *before = cb.cursorUp; /* a buffer outside 0..15: refused, nothing written */
  r = sceAgcDriverWaitUntilSafeForRendering(&cb.cursorUp, size, 0, (uint32_t)h, 16);
  printf("buffer 16: %s\n", r != 0 && cb.cursorUp == before ? "refused" : "WRONG");
  sceAgcDcbWriteData(&cb, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &label_b, &one, 1, 1, 0);

  printf("flip 0: %d\n", sceVideoOutSubmitFlip(h, 0, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 1));
  printf("flip 1: %d\n", sceVideoOutSubmitFlip(h, 1, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 2));
  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d\n", sceAgcDriverSubmitDcb(&submit));

  /* poll: whenever B is set, the flip of buffer 1 is done */
  int violations = 0;
  for (int i = 0; i < 5000 && !label_b; i++) {
    SceVideoOutFlipStatus st;
    uint32_t b = __atomic_load_n(&label_b, __ATOMIC_ACQUIRE);
    sceVideoOutGetFlipStatus(h, &st);
    if (b && (st.count < 2 || st.currentBuffer != 1)) violations++;
    sceKernelUsleep(1000);
  }
  SceVideoOutFlipStatus st;
  sceVideoOutGetFlipStatus(h, &st);
  printf("label a: %u, label b: %u\n", label_a, label_b);
  printf("violations: %d\n", violations);
  printf("flip status: count %llu buffer %d arg %lld\n", (unsigned long long)st.count,
         st.currentBuffer, (long long)st.flipArg);

  /* a flip from the command stream through sceAgcDriverSetFlip (64 dwords) */
  uint32_t *c = dcb;
  uint32_t fsize = sceAgcDriverGetSetFlipPacketSizeInDwords();
  r = sceAgcDriverSetFlip(&c, fsize, 0, (uint32_t)h, 0, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 3);
  printf("set flip: %u, %u dwords\n", r, (unsigned)(c - dcb));
  SceAgcDriverCommandBufferSubmit flip = {dcb, (uint32_t)(c - dcb), 0};
  printf("submit: %d\n", sceAgcDriverSubmitDcb(&flip));
  for (int i = 0; i < 5000; i++) {
    sceVideoOutGetFlipStatus(h, &st);
    if (st.count >= 3) break;
    sceKernelUsleep(1000);
  }
  printf("flip status: count %llu buffer %d arg %lld\n", (unsigned long long)st.count,
         st.currentBuffer, (long long)st.flipArg);
  sceVideoOutClose(h);
  return 0;
}
