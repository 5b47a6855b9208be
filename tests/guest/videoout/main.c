/* Video out as a game drives it: open the main port (and the errors of a bad bus, index or
 * second open), the attribute record SetBufferAttribute fills, RegisterBuffers' errors and
 * groups, SubmitFlip's errors, flips of CPU-drawn patterns in three pixel formats waited on
 * through flip events (the event's id, data and udata), the flip status after each, a blank
 * flip, vblank events and WaitVblank, flip rates, unregistering and closing.
 * The frames flipped are dumped by the emulator (--dump-frames); check_frames.py checks
 * them pixel by pixel against the same patterns, computed on its own. */
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <video_out.h>

#define W 64
#define H 32

static void draw_argb(uint32_t *p, int k) { /* A8R8G8B8: 0xAARRGGBB words */
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      p[y * W + x] = 0xff000000u | (uint32_t)((x * 4 + k) & 0xff) << 16 |
                     (uint32_t)((y * 8) & 0xff) << 8 | (uint32_t)((x ^ y) * k & 0xff);
}

static void draw_abgr(uint32_t *p) { /* A8B8G8R8: bytes R, G, B, A */
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      p[y * W + x] =
          0xff000000u | (uint32_t)(x * 3) << 16 | (uint32_t)(y * 5) << 8 | (uint32_t)(x + y);
}

static void draw_a2r10g10b10(uint32_t *p) { /* bits 20-29 R, 10-19 G, 0-9 B, 30-31 A */
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      p[y * W + x] = 3u << 30 | (uint32_t)(x * 16) << 20 | (uint32_t)(y * 32) << 10 |
                     (uint32_t)(1023 - x * 16);
}

static int wait_flip(SceKernelEqueue eq, int64_t want_arg) {
  SceVideoOutFlipStatus st;
  for (int tries = 0; tries < 100; tries++) {
    SceKernelEvent ev;
    int n = 0;
    SceKernelUseconds timo = 1000000;
    int r = sceKernelWaitEqueue(eq, &ev, 1, &n, &timo);
    if (r) {
      printf("wait: %#x\n", r);
      return -1;
    }
    int64_t data = 0;
    sceVideoOutGetEventData(&ev, &data);
    if (sceVideoOutGetEventId(&ev) != SCE_VIDEO_OUT_EVENT_FLIP) continue;
    if (data == want_arg) {
      printf("flip event: filter %d id %d data %lld udata %p\n", ev.filter,
             sceVideoOutGetEventId(&ev), (long long)data, ev.udata);
      return 0;
    }
  }
  sceVideoOutGetFlipStatus(1, &st);
  printf("flip %lld never came (count %llu)\n", (long long)want_arg, (unsigned long long)st.count);
  return -1;
}

static void print_status(int h) {
  SceVideoOutFlipStatus st;
  int r = sceVideoOutGetFlipStatus(h, &st);
  printf("flip status %#x: count %llu arg %lld current %d pending %d gc %d tsc>=submit %d\n", r,
         (unsigned long long)st.count, (long long)st.flipArg, st.currentBuffer, st.flipPendingNum,
         st.gcQueueNum, st.tsc >= st.submitTsc);
}

int main(void) {
  printf("sizes: attribute %zu flip %zu vblank %zu resolution %zu\n",
         sizeof(SceVideoOutBufferAttribute), sizeof(SceVideoOutFlipStatus),
         sizeof(SceVideoOutVblankStatus), sizeof(SceVideoOutResolutionStatus));
  SceVideoOutFlipStatus st;
  printf("status before open: %#x\n", sceVideoOutGetFlipStatus(1, &st));
  printf("open bus 1: %#x\n", sceVideoOutOpen(255, 1, 0, NULL));
  printf("open index 1: %#x\n", sceVideoOutOpen(255, 0, 1, NULL));
  int h = sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL);
  printf("open: %d\n", h);
  printf("open again: %#x\n", sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL));

  SceVideoOutResolutionStatus res;
  printf("resolution: %#x %dx%d pane %dx%d\n", sceVideoOutGetResolutionStatus(h, &res),
         res.fullWidth, res.fullHeight, res.paneWidth, res.paneHeight);

  SceVideoOutBufferAttribute a;
  memset(&a, 0xee, sizeof a);
  sceVideoOutSetBufferAttribute(&a, SCE_VIDEO_OUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                SCE_VIDEO_OUT_TILING_MODE_LINEAR, SCE_VIDEO_OUT_ASPECT_RATIO_16_9,
                                W, H, W);
  printf("attribute: %#x %d %d %u %u %u option %u reserved %u %llu\n", a.pixelFormat, a.tilingMode,
         a.aspectRatio, a.width, a.height, a.pitchInPixel, a.option, a.reserved0,
         (unsigned long long)a.reserved1);

  uint32_t *buf[4];
  for (int i = 0; i < 4; i++) buf[i] = aligned_alloc(256, W * H * 4);
  void *two[2] = {buf[0], buf[1]};
  SceVideoOutBufferAttribute bad = a;
  printf("register NULL: %#x\n", sceVideoOutRegisterBuffers(h, 0, NULL, 2, &a));
  printf("register 15+2: %#x\n", sceVideoOutRegisterBuffers(h, 15, two, 2, &a));
  printf("register bad handle: %#x\n", sceVideoOutRegisterBuffers(h + 7, 0, two, 2, &a));
  bad.pixelFormat = 0x1234;
  printf("register bad format: %#x\n", sceVideoOutRegisterBuffers(h, 0, two, 2, &bad));
  bad = a;
  bad.tilingMode = 2;
  printf("register bad tiling: %#x\n", sceVideoOutRegisterBuffers(h, 0, two, 2, &bad));
  bad = a;
  bad.aspectRatio = 1;
  printf("register bad aspect: %#x\n", sceVideoOutRegisterBuffers(h, 0, two, 2, &bad));
  bad = a;
  bad.pitchInPixel = W - 1;
  printf("register bad pitch: %#x\n", sceVideoOutRegisterBuffers(h, 0, two, 2, &bad));
  printf("register 0..1: %d\n", sceVideoOutRegisterBuffers(h, 0, two, 2, &a));
  printf("register 1 again: %#x\n", sceVideoOutRegisterBuffers(h, 1, two, 1, &a));
  SceVideoOutBufferAttribute a10 = a, abgr = a;
  a10.pixelFormat = SCE_VIDEO_OUT_PIXEL_FORMAT_A2R10G10B10;
  abgr.pixelFormat = SCE_VIDEO_OUT_PIXEL_FORMAT_A8B8G8R8_SRGB;
  void *third[1] = {buf[2]}, *fourth[1] = {buf[3]};
  printf("register 2 (10-bit): %d\n", sceVideoOutRegisterBuffers(h, 2, third, 1, &a10));
  printf("register 3 (abgr): %d\n", sceVideoOutRegisterBuffers(h, 3, fourth, 1, &abgr));

  printf("flip unregistered: %#x\n", sceVideoOutSubmitFlip(h, 5, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 0));
  printf("flip 16: %#x\n", sceVideoOutSubmitFlip(h, 16, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 0));
  printf("flip mode 0: %#x\n", sceVideoOutSubmitFlip(h, 0, 0, 0));
  printf("flip bad handle: %#x\n", sceVideoOutSubmitFlip(h + 7, 0, 1, 0));
  printf("rate 3: %#x\n", sceVideoOutSetFlipRate(h, 3));

  SceKernelEqueue eq, veq;
  sceKernelCreateEqueue(&eq, "flip");
  sceKernelCreateEqueue(&veq, "vblank");
  printf("add flip event bad queue: %#x\n", sceVideoOutAddFlipEvent(NULL, h, NULL));
  printf("add flip event bad handle: %#x\n", sceVideoOutAddFlipEvent(eq, h + 7, NULL));
  printf("add flip event: %#x\n", sceVideoOutAddFlipEvent(eq, h, (void *)0x1234));
  printf("add vblank event: %#x\n", sceVideoOutAddVblankEvent(veq, h, (void *)0x5678));

  draw_argb(buf[0], 1);
  draw_argb(buf[1], 7);
  draw_a2r10g10b10(buf[2]);
  draw_abgr(buf[3]);
  print_status(h);

  /* one flip, right after a vblank so it is still pending when asked */
  printf("wait vblank: %#x\n", sceVideoOutWaitVblank(h));
  printf("flip 0: %#x\n", sceVideoOutSubmitFlip(h, 0, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 100));
  printf("pending: %d\n", sceVideoOutIsFlipPending(h));
  wait_flip(eq, 100);
  print_status(h);

  /* three queued at once are done in order, one per vblank: the dumps show the order */
  sceVideoOutWaitVblank(h);
  for (int i = 1; i <= 3; i++)
    printf("flip %d: %#x\n", i,
           sceVideoOutSubmitFlip(h, i, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 100 + i));
  printf("pending: %d\n", sceVideoOutIsFlipPending(h));
  wait_flip(eq, 103);
  print_status(h);

  /* a negative argument comes back sign-extended */
  sceVideoOutSubmitFlip(h, 0, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, -5);
  wait_flip(eq, -5);

  printf("unregister on screen: %#x\n", sceVideoOutUnregisterBuffers(h, 0));
  sceVideoOutSubmitFlip(h, -1, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 7);
  wait_flip(eq, 7);
  print_status(h);
  printf("unregister 0: %#x\n", sceVideoOutUnregisterBuffers(h, 0));
  printf("unregister 0 again: %#x\n", sceVideoOutUnregisterBuffers(h, 0));
  printf("unregister 4: %#x\n", sceVideoOutUnregisterBuffers(h, 4));

  /* vblanks */
  SceVideoOutVblankStatus v0, v1;
  SceKernelEvent ev;
  int n = 0;
  SceKernelUseconds zero = 0, timo = 1000000;
  sceKernelWaitEqueue(veq, &ev, 1, &n, &zero); /* collects the vblanks so far */
  sceVideoOutGetVblankStatus(h, &v0);
  sceKernelWaitEqueue(veq, &ev, 1, &n, &timo);
  sceVideoOutGetVblankStatus(h, &v1);
  printf("vblank event: n %d filter %d id %d udata %p count>=1 %d status advanced %d\n", n,
         ev.filter, sceVideoOutGetEventId(&ev), ev.udata, sceVideoOutGetEventCount(&ev) >= 1,
         v1.count > v0.count);
  sceVideoOutGetVblankStatus(h, &v0);
  sceVideoOutWaitVblank(h);
  sceVideoOutGetVblankStatus(h, &v1);
  printf("wait vblank advanced: %d\n", v1.count > v0.count);

  printf("rate 2: %#x\n", sceVideoOutSetFlipRate(h, 2));
  printf("delete flip event: %#x\n", sceVideoOutDeleteFlipEvent(eq, h));
  printf("delete vblank event: %#x\n", sceVideoOutDeleteVblankEvent(veq, h));
  printf("close: %#x\n", sceVideoOutClose(h));
  printf("close again: %#x\n", sceVideoOutClose(h));
  printf("flip after close: %#x\n", sceVideoOutSubmitFlip(h, 1, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 0));
  return 0;
}
