/* The GPU demo (`make demo`): an animated image drawn by a GFX10 compute shader, submitted
 * through AGC and flipped through video out by the command stream, as a game does it.
 *
 * Each frame T draws into one of two display buffers (linear A8R8G8B8, W x H) with one
 * dispatch of the shader below, then the DCB asks video out for the flip
 * (sceAgcDcbSetFlip), and the CPU waits for that flip's event before it draws the next frame
 * into the other buffer. Pixel (x, y) of frame T is
 *     0xFF000000 | ((x + 4T) & 0xFF) << 16 | ((y + 2T) & 0xFF) << 8 | (((x ^ y) + T) & 0xFF)
 * (a colour pattern scrolling right and down). tests/gpu/demo checks dumped frames against
 * that formula.
 *
 *   prospero --game build/guests/gpu_demo [-- W H FRAMES]   (1920 1080 0: until closed)
 * W must be a multiple of 32 (one wave32 per 32 pixels of a row), at most 1920; H at most
 * 1080. Prints the number of frames flipped at the end. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <video_out.h>

#define MAX_W 1920
#define MAX_H 1080

/* The shader (GFX10, wave32; llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -show-encoding).
 * User data: s[0:1] the buffer, s2 the frame T, s3 the row pitch in pixels; the workgroup
 * ids x and y follow in s4 and s5; v0 is the lane's thread id in its 32-wide group.
 *   s_lshl_b32 s6, s4, 5           ; x = group x * 32 + lane
 *   v_add_nc_u32 v1, s6, v0
 *   s_lshl_b32 s7, s2, 2           ; R = (x + 4T) & 0xFF
 *   v_add_nc_u32 v2, s7, v1
 *   v_and_b32 v2, 0xff, v2
 *   s_lshl_b32 s8, s2, 1           ; G = (y + 2T) & 0xFF   (y = group y)
 *   s_add_u32 s8, s8, s5
 *   s_and_b32 s8, s8, 0xff
 *   v_xor_b32 v3, s5, v1           ; B = ((x ^ y) + T) & 0xFF
 *   v_add_nc_u32 v3, s2, v3
 *   v_and_b32 v3, 0xff, v3
 *   v_lshlrev_b32 v2, 16, v2       ; 0xFF000000 | R << 16 | G << 8 | B
 *   s_lshl_b32 s8, s8, 8
 *   s_or_b32 s8, s8, 0xff000000
 *   v_or3_b32 v2, v2, s8, v3
 *   s_mul_i32 s9, s5, s3           ; dword y * pitch + x of the buffer
 *   v_add_nc_u32 v1, s9, v1
 *   v_lshlrev_b32 v1, 2, v1
 *   global_store_dword v1, v2, s[0:1]
 *   s_endpgm
 * It sits in writable memory beside the buffers (the dispatch window holds both). */
static uint32_t shader[32] __attribute__((aligned(256))) = {
    0x8f068504u, 0x4a020006u, 0x8f078202u, 0x4a040207u, 0x360404ffu, 0x000000ffu, 0x8f088102u,
    0x80080508u, 0x8708ff08u, 0x000000ffu, 0x3a060205u, 0x4a060602u, 0x360606ffu, 0x000000ffu,
    0x34040490u, 0x8f088808u, 0x8808ff08u, 0xff000000u, 0xd7720002u, 0x040c1102u, 0x93090305u,
    0x4a020209u, 0x34020282u, 0xdc708000u, 0x00000201u, 0xbf810000u};

static uint32_t frames[2][MAX_W * MAX_H] __attribute__((aligned(65536)));
static uint32_t dcb[512];

static SceAgcShaderRegister reg(uint32_t offset, uint32_t value) {
  return (SceAgcShaderRegister){offset, value};
}

/* One frame's DCB: the shader's registers, its user data, the dispatch, the flip. */
static uint32_t build_frame(int handle, int buffer, uint32_t t, uint32_t w, uint32_t h) {
  SceAgcCb cb = {dcb, dcb + 512, dcb, dcb + 512, NULL, NULL, 0, 0};
  const uint64_t pgm = (uint64_t)(uintptr_t)shader, buf = (uint64_t)(uintptr_t)frames[buffer];
  sceAgcDcbSetShRegisterDirect(&cb, reg(SCE_AGC_SH_COMPUTE_PGM_LO, (uint32_t)(pgm >> 8)));
  sceAgcDcbSetShRegisterDirect(&cb, reg(SCE_AGC_SH_COMPUTE_PGM_HI, (uint32_t)(pgm >> 40)));
  /* RSRC1: one VGPR granule; RSRC2: 4 user SGPRs (bits 5:1), TGID_X_EN (7), TGID_Y_EN (8) */
  const uint32_t rsrc[2] = {0, 4u << 1 | 1u << 7 | 1u << 8};
  sceAgcCbSetShRegisterRangeDirect(&cb, SCE_AGC_SH_COMPUTE_PGM_RSRC1, rsrc, 2);
  const uint32_t threads[3] = {32, 1, 1};
  sceAgcCbSetShRegisterRangeDirect(&cb, SCE_AGC_SH_COMPUTE_NUM_THREAD_X, threads, 3);
  const uint32_t ud[4] = {(uint32_t)buf, (uint32_t)(buf >> 32), t, w};
  sceAgcCbSetShRegisterRangeDirect(&cb, SCE_AGC_SH_COMPUTE_USER_DATA_0, ud, 4);
  sceAgcCbDispatch(&cb, w / 32, h, 1, SCE_AGC_DISPATCH_MODIFIER_WAVE32);
  sceAgcDcbSetFlip(&cb, (uint32_t)handle, buffer, SCE_VIDEO_OUT_FLIP_MODE_VSYNC, (int64_t)t);
  return (uint32_t)(cb.cursorUp - dcb);
}

/* Waits for the flip event of frame T (its argument); false after 30 s without it. */
static bool wait_flip(SceKernelEqueue eq, int64_t t) {
  for (int tries = 0; tries < 3000; tries++) {
    SceKernelEvent ev;
    int n = 0;
    SceKernelUseconds timo = 10000;
    if (sceKernelWaitEqueue(eq, &ev, 1, &n, &timo) != 0 || n != 1) continue;
    int64_t arg = 0;
    sceVideoOutGetEventData(&ev, &arg);
    if (sceVideoOutGetEventId(&ev) == SCE_VIDEO_OUT_EVENT_FLIP && arg >= t) return true;
  }
  return false;
}

int main(int argc, char **argv) {
  uint32_t w = argc > 1 ? (uint32_t)atoi(argv[1]) : MAX_W;
  uint32_t h = argc > 2 ? (uint32_t)atoi(argv[2]) : MAX_H;
  int count = argc > 3 ? atoi(argv[3]) : 0;
  if (!w || w % 32 || w > MAX_W || !h || h > MAX_H || count < 0) {
    printf("usage: gpu_demo [W H FRAMES] (W a multiple of 32 up to %d, H up to %d)\n", MAX_W,
           MAX_H);
    return 2;
  }
  int handle = sceVideoOutOpen(255, SCE_VIDEO_OUT_BUS_TYPE_MAIN, 0, NULL);
  SceVideoOutBufferAttribute a;
  sceVideoOutSetBufferAttribute(&a, SCE_VIDEO_OUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                SCE_VIDEO_OUT_TILING_MODE_LINEAR, SCE_VIDEO_OUT_ASPECT_RATIO_16_9,
                                w, h, w);
  void *bufs[2] = {frames[0], frames[1]};
  SceKernelEqueue eq;
  if (handle < 0 || sceVideoOutRegisterBuffers(handle, 0, bufs, 2, &a) != 0 ||
      sceKernelCreateEqueue(&eq, "demo") != 0 || sceVideoOutAddFlipEvent(eq, handle, NULL) != 0) {
    printf("video out setup failed\n");
    return 1;
  }
  printf("gpu demo: %ux%u, %d frames\n", w, h, count);
  int done = 0;
  for (uint32_t t = 0; count == 0 || (int)t < count; t++) {
    SceAgcDriverCommandBufferSubmit submit = {dcb, build_frame(handle, (int)(t & 1), t, w, h), 0};
    int r = sceAgcDriverSubmitDcb(&submit);
    if (r != 0) {
      printf("submit failed: %d\n", r);
      return 1;
    }
    if (!wait_flip(eq, t)) {
      printf("frame %u was never flipped\n", t);
      return 1;
    }
    done++;
  }
  printf("gpu demo: %d frames flipped\n", done);
  sceVideoOutClose(handle);
  return 0;
}
