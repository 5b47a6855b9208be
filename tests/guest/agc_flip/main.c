/* A flip requested from the command stream: a DCB with sceAgcDcbSetFlip (the console's 64
 * dwords: at dword 10 a RELEASE_MEM of 1 to the buffer's flip label 0xC_800040A0 + index * 8
 * with an interrupt whose context id names the flip, docs/agc.md) after a WRITE_DATA of a label,
 * submitted with sceAgcDriverSubmitDcb. The flip event of video out must arrive with the flip's
 * argument (bits 16-63 of the event data, as for a flip submitted from the CPU), the flip status
 * must show the buffer on screen, the label must have been written, and the flip label (read by
 * the guest at its address in the kernel's page) is 0 again once the flip is done. A guest
 * that unmaps the label page then flips from the CPU: the flip is done, nothing faults (video
 * out stops writing the labels). No Vulkan device is needed. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <video_out.h>

#define W 64
#define H 32
#define PKT3(op, body) (0xC0000000u | ((uint32_t)(body)-1u) << 16 | (uint32_t)(op) << 8)

static uint32_t dcb[128];
static volatile uint32_t label;

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
  SceKernelEqueue eq;
  sceKernelCreateEqueue(&eq, "flip");
  printf("add flip event: %d\n", sceVideoOutAddFlipEvent(eq, h, (void *)0x77));

  SceAgcCb cb = {dcb, dcb + 128, dcb, dcb + 128, NULL, NULL, 0, 0};
  const uint32_t value = 0x600DF00Du;
  const uint64_t la = (uint64_t)(uintptr_t)&label;
  uint32_t *p = sceAgcDcbWriteData(&cb, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &label, &value, 1, 1, 0);
  int ok = p && p[0] == (PKT3(0x10, 4) | 0x15u << 2) && p[1] == (5u | 1u << 16) &&
           p[2] == (uint32_t)la && p[3] == (uint32_t)(la >> 32) && p[4] == value;
  printf("write data packet: %s\n", ok ? "ok" : "WRONG");
  const int64_t arg = 0x123456789ALL;
  p = sceAgcDcbSetFlip(&cb, (uint32_t)h, 1, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, arg);
  ok = p && cb.cursorUp == p + 64 && p[0] == (PKT3(0x79, 3) | 4u) && p[2] == 0xC7010109u &&
       p[4] == (PKT3(0x37, 5) | 4u) && p[8] == 0x3456789Au && p[10] == PKT3(0x49, 7) &&
       p[11] == 0x06200504u && p[12] == 0x42010000u && p[13] == 0x800040A8u && p[14] == 0xCu &&
       p[15] == 1 && p[16] == 0 && (p[17] & 0xFFFFFF00u) == 0x08000100u && p[18] == PKT3(0x10, 45);
  printf("flip packet: %s\n", ok ? "ok" : "WRONG");
  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d (%u dwords)\n", sceAgcDriverSubmitDcb(&submit), submit.dwords);

  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 5 * 1000 * 1000;
  int r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  printf("wait: %d, %d event(s)\n", r, got);
  int64_t data = 0;
  if (r == 0 && got == 1) {
    sceVideoOutGetEventData(&ev, &data);
    printf("event: id %d udata %p arg 0x%llx\n", sceVideoOutGetEventId(&ev), ev.udata,
           (unsigned long long)data);
  }
  SceVideoOutFlipStatus st;
  sceVideoOutGetFlipStatus(h, &st);
  printf("flip status: count %llu buffer %d arg 0x%llx\n", (unsigned long long)st.count,
         st.currentBuffer, (unsigned long long)st.flipArg);
  printf("label: 0x%08x\n", label);
  /* the kernel's flip label of buffer 1, mapped by video out: 0 once the flip is done */
  const volatile uint64_t *flip_label = (const volatile uint64_t *)0xC800040A8ull;
  printf("flip label: %llu\n", (unsigned long long)*flip_label);

  /* a guest that unmaps the label page: video out stops writing it (logged), a CPU flip
     still flips, nothing faults */
  printf("munmap labels: %d\n", sceKernelMunmap((void *)0xC80004000ull, 0x4000));
  printf("cpu flip: %d\n", sceVideoOutSubmitFlip(h, 0, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 9));
  got = 0;
  timeout = 5 * 1000 * 1000;
  r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  sceVideoOutGetFlipStatus(h, &st);
  printf("after unmap: wait %d, flip status: count %llu buffer %d\n", r,
         (unsigned long long)st.count, st.currentBuffer);
  sceVideoOutClose(h);
  return 0;
}
