/* Display buffers registered with the PS5 attribute (SceVideoOutBufferAttribute2, 80 bytes;
 * SceVideoOutBuffers, 32 bytes) in group 1 from slot 2: a flip of each is done (the flip
 * event's argument, the status's buffer). Then the guest unmaps the second buffer's memory:
 * it is no longer a display buffer, so a flip of it is refused and the first one still
 * flips. */
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <video_out.h>

#define W 64
#define H 32
#define SIZE (W * H * 4)

static int flip_and_wait(SceKernelEqueue eq, int h, int index, int64_t arg) {
  int r = sceVideoOutSubmitFlip(h, index, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, arg);
  if (r) return r;
  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 5 * 1000 * 1000;
  r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  int64_t data = 0;
  sceVideoOutGetEventData(&ev, &data);
  SceVideoOutFlipStatus st;
  sceVideoOutGetFlipStatus(h, &st);
  printf("flip %d: wait %d, %d event(s), arg %lld, on screen %d\n", index, r, got, (long long)data,
         st.currentBuffer);
  return 0;
}

int main(void) {
  printf("sizes: %zu %zu\n", sizeof(SceVideoOutBufferAttribute2), sizeof(SceVideoOutBuffers));
  int h = sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL);
  SceKernelEqueue eq;
  sceKernelCreateEqueue(&eq, "flip");
  sceVideoOutAddFlipEvent(eq, h, NULL);
  void *mem = mmap(NULL, 2 * 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return 1;
  memset(mem, 0x40, 2 * 65536);
  SceVideoOutBufferAttribute2 a;
  sceVideoOutSetBufferAttribute2(&a, SCE_VIDEO_OUT_PIXEL_FORMAT2_B8_G8_R8_A8_SRGB,
                                 SCE_VIDEO_OUT_TILING_MODE_LINEAR, W, H, 0, 0, 0);
  printf("attribute: format 0x%llx tiling %u %ux%u pitch %u\n", (unsigned long long)a.pixelFormat,
         a.tilingMode, a.width, a.height, a.pitchInPixel);
  SceVideoOutBuffers b[2];
  memset(b, 0, sizeof b);
  b[0].data = mem;
  b[1].data = (char *)mem + 65536;
  printf("register2: %d\n",
         sceVideoOutRegisterBuffers2(h, 1, 2, b, 2, &a,
                                     SCE_VIDEO_OUT_BUFFER_ATTRIBUTE_CATEGORY_UNCOMPRESSED, NULL));
  printf("register2 again: 0x%08x\n",
         (unsigned)sceVideoOutRegisterBuffers2(h, 1, 4, b, 1, &a, 0, NULL));
  flip_and_wait(eq, h, 2, 20);
  flip_and_wait(eq, h, 3, 30);
  flip_and_wait(eq, h, 2, 21);
  printf("munmap: %d\n", munmap((char *)mem + 65536, 65536));
  printf("flip of the unmapped buffer: 0x%08x\n",
         (unsigned)sceVideoOutSubmitFlip(h, 3, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, 31));
  flip_and_wait(eq, h, 2, 22);
  printf("close: %d\n", sceVideoOutClose(h));
  return 0;
}
