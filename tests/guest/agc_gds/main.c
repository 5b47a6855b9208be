/* The global data share as a game reaches it: a DCB that fills GDS with DMA_DATA (SRC_SEL 2
 * data, DST_SEL 1 GDS), sets a counter with WRITE_DATA (DST_SEL 3 GDS), runs one kernel
 * twice with libSceAgc's builders (SH registers, user data, DISPATCH_DIRECT), copies GDS
 * back to memory with DMA_DATA (SRC_SEL 1) and RELEASE_MEM DATA_SEL 5 (GDS dword offset
 * 15:0, count 31:16), then writes a label with an end-of-pipe interrupt; submitted with
 * sceAgcDriverSubmitDcb, waited on through an event queue. The GDS packets are written here
 * from the PM4 definitions (header (3 << 30) | (body - 1) << 16 | opcode << 8; AMD's PAL
 * GFX10 packet headers, Mesa's sid.h). The expected values are computed in C. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>

#define GROUPS 2
#define THREADS 32
#define N (GROUPS * THREADS)
#define LABEL_VALUE 0x6D5C0DE1u

/* The kernel (GFX10, wave32), assembled with
 * `llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -show-encoding`:
 *   s_movk_i32 m0, 0x1000                 ; the GDS window: base 0, size 4 KiB
 *   v_mov_b32 v1, 0
 *   v_add_nc_u32 v2, 1, v0
 *   ds_add_u32 v1, v2 gds                 ; GDS dword 0 += lane + 1
 *   s_lshl_b32 s3, s2, 5
 *   v_add_nc_u32 v3, s3, v0               ; i = group * 32 + lane
 *   v_lshlrev_b32 v4, 2, v3
 *   ds_read_b32 v5, v4 offset:256 gds     ; prev = GDS[0x100 + 4 i]
 *   v_mul_lo_u32 v6, v3, v3
 *   v_add_nc_u32 v6, 0x77, v6
 *   s_waitcnt lgkmcnt(0)
 *   v_add_nc_u32 v7, v5, v6
 *   ds_write_b32 v4, v7 offset:256 gds    ; GDS[0x100 + 4 i] = prev + i * i + 0x77
 *   s_waitcnt lgkmcnt(0)
 *   global_store_dword v4, v5, s[0:1]     ; out[i] = prev
 *   s_endpgm */
static uint32_t code[24] __attribute__((aligned(256))) = {
    0xb07c1000u, 0x7e020280u, 0x4a040081u, 0xd8020000u, 0x00000201u, 0x8f038502u,
    0x4a060003u, 0x34080682u, 0xd8da0100u, 0x05000004u, 0xd5690006u, 0x00020703u,
    0x4a0c0cffu, 0x00000077u, 0xbf8cc07fu, 0x4a0e0d05u, 0xd8360100u, 0x00000704u,
    0xbf8cc07fu, 0xdc708000u, 0x00000504u, 0xbf810000u};
static uint32_t out1[N + 4], out2[N + 4], gds_copy[0x100], counter;
static volatile uint32_t label;
static uint32_t dcb[512];

#define PKT3(op, body) (0xC0000000u | ((uint32_t)(body)-1u) << 16 | (uint32_t)(op) << 8)
#define LO(p) ((uint32_t)(uintptr_t)(p))
#define HI(p) ((uint32_t)((uint64_t)(uintptr_t)(p) >> 32))

static uint32_t *put(SceAgcCb *cb, int n, const uint32_t *w) {
  uint32_t *p = cb->cursorUp;
  memcpy(p, w, (size_t)n * 4);
  cb->cursorUp = p + n;
  return p;
}

static void dispatch(SceAgcCb *cb, uint32_t *out) {
  const uint64_t pgm = (uint64_t)(uintptr_t)code, buf = (uint64_t)(uintptr_t)out;
  sceAgcDcbSetShRegisterDirect(
      cb, (SceAgcShaderRegister){SCE_AGC_SH_COMPUTE_PGM_LO, (uint32_t)(pgm >> 8)});
  sceAgcDcbSetShRegisterDirect(
      cb, (SceAgcShaderRegister){SCE_AGC_SH_COMPUTE_PGM_HI, (uint32_t)(pgm >> 40)});
  const uint32_t rsrc[2] = {0, 2u << 1 | 1u << 7}; /* USER_SGPR 2, TGID_X_EN */
  sceAgcCbSetShRegisterRangeDirect(cb, SCE_AGC_SH_COMPUTE_PGM_RSRC1, rsrc, 2);
  const uint32_t threads[3] = {THREADS, 1, 1};
  sceAgcCbSetShRegisterRangeDirect(cb, SCE_AGC_SH_COMPUTE_NUM_THREAD_X, threads, 3);
  const uint32_t ud[2] = {(uint32_t)buf, (uint32_t)(buf >> 32)};
  sceAgcCbSetShRegisterRangeDirect(cb, SCE_AGC_SH_COMPUTE_USER_DATA_0, ud, 2);
  sceAgcCbDispatch(cb, GROUPS, 1, 1, SCE_AGC_DISPATCH_MODIFIER_WAVE32);
}

int main(void) {
  SceKernelEqueue eq;
  if (sceKernelCreateEqueue(&eq, "gds") != 0) return 1;
  int tag = 0;
  printf("add eq event: %d\n", sceAgcDriverAddEqEvent(eq, SCE_AGC_DRIVER_EVENT_GRAPHICS_EOP, &tag));
  memset(out1, 0xAB, sizeof out1);
  memset(out2, 0xAB, sizeof out2);
  memset(gds_copy, 0xAB, sizeof gds_copy);
  SceAgcCb cb = {dcb, dcb + 512, dcb, dcb + 512, NULL, NULL, 0, 0};
  /* DMA_DATA (0x50): SRC_SEL 2 (data, 30:29), DST_SEL 1 (GDS, 21:20); the data, -, the GDS
     byte address, -, BYTE_COUNT: GDS 0..0x1000 = 0 */
  put(&cb, 7, (uint32_t[]){PKT3(0x50, 6), 2u << 29 | 1u << 20, 0, 0, 0, 0, 0x1000});
  /* WRITE_DATA (0x37): DST_SEL 3 (GDS, 11:8), the GDS address, -, the data: dword 0 = 1000 */
  put(&cb, 5, (uint32_t[]){PKT3(0x37, 4), 3u << 8, 0, 0, 1000});
  dispatch(&cb, out1);
  dispatch(&cb, out2);
  /* DMA_DATA SRC_SEL 1 (GDS), DST_SEL 0: GDS 0..0x400 to gds_copy */
  put(&cb, 7,
      (uint32_t[]){PKT3(0x50, 6), 1u << 29, 0, 0, LO(gds_copy), HI(gds_copy),
                   (uint32_t)sizeof gds_copy});
  /* RELEASE_MEM (0x49) BOTTOM_OF_PIPE_TS (0x28, EVENT_INDEX 5), DATA_SEL 5: GDS dword 0 */
  put(&cb, 8,
      (uint32_t[]){PKT3(0x49, 7), 0x28u | 5u << 8, 5u << 29, LO(&counter), HI(&counter), 1u << 16,
                   0, 0});
  sceAgcCbReleaseMem(&cb, SCE_AGC_RELEASE_MEM_ACTION_CS_DONE, 0, SCE_AGC_RELEASE_MEM_DST_MEMORY, 0,
                     &label, SCE_AGC_RELEASE_MEM_DATA_32, LABEL_VALUE, 0, 0,
                     SCE_AGC_RELEASE_MEM_INTERRUPT_AFTER_WRITE, 0);
  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d\n", sceAgcDriverSubmitDcb(&submit));
  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 10 * 1000 * 1000;
  int r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  printf("wait: %d, %d event(s), label 0x%08x\n", r, got, label);
  /* every lane of every group adds lane + 1, in both dispatches */
  const uint32_t total = 1000u + 2u * GROUPS * (THREADS * (THREADS + 1) / 2);
  int bad = 0;
  for (uint32_t i = 0; i < N + 4; i++) {
    uint32_t w1 = i < N ? 0 : 0xABABABABu, w2 = i < N ? i * i + 0x77u : 0xABABABABu;
    if ((out1[i] != w1 || out2[i] != w2) && bad++ < 4)
      printf("out[%u] = 0x%08x 0x%08x, expected 0x%08x 0x%08x\n", i, out1[i], out2[i], w1, w2);
  }
  printf("first dispatch read the fill, second what the first wrote: %s\n", bad ? "WRONG" : "ok");
  int bad_gds = gds_copy[0] != total;
  for (uint32_t d = 1; d < 0x100; d++) {
    uint32_t want = d >= 0x40 && d < 0x40 + N ? 2u * ((d - 0x40) * (d - 0x40) + 0x77u) : 0;
    if (gds_copy[d] != want && bad_gds++ < 4)
      printf("GDS dword %u = 0x%08x, expected 0x%08x\n", d, gds_copy[d], want);
  }
  printf("GDS copied by DMA_DATA: %s (counter %u)\n", bad_gds ? "WRONG" : "ok", gds_copy[0]);
  printf("GDS dword 0 by RELEASE_MEM: %s\n", counter == total ? "ok" : "WRONG");
  printf("delete eq event: %d\n", sceAgcDriverDeleteEqEvent(eq, 0));
  sceKernelDeleteEqueue(eq);
  return bad || bad_gds || counter != total || label != LABEL_VALUE ? 1 : 0;
}
