/* A compute dispatch through AGC as a game submits one: a DCB built with libSceAgc's
 * builders (the shader's SH registers, its user data, DISPATCH_DIRECT, an end-of-pipe
 * RELEASE_MEM writing a label with an interrupt), submitted with sceAgcDriverSubmitDcb; the
 * guest waits on an event queue for the GRAPHICS end-of-pipe event (sceAgcDriverAddEqEvent)
 * and checks the buffer the shader wrote and the label. Each builder's packet is checked
 * against the PM4 definitions (header (3 << 30) | (body - 1) << 16 | opcode << 8; SH
 * register offsets from 0xB000 / 4; RELEASE_MEM 0x49 as the console's library writes it,
 * docs/agc.md). */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>

#define GROUPS 2
#define THREADS 32
#define N (GROUPS * THREADS)
#define LABEL_VALUE 0xC0FFEE01u

/* The kernel (GFX10, wave32): thread i = group * 32 + lane writes i * i + 0x1234 to dword i
 * of the buffer at s[0:1] (USER_DATA_0/1). Assembled with
 * `llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -show-encoding`:
 *   s_lshl_b32 s3, s2, 5
 *   v_add_nc_u32 v1, s3, v0
 *   v_mul_lo_u32 v2, v1, v1
 *   v_add_nc_u32 v2, 0x1234, v2
 *   v_lshlrev_b32 v1, 2, v1
 *   global_store_dword v1, v2, s[0:1]
 *   s_endpgm
 * It sits in writable memory (the dispatch window holds the code and the buffers). */
static uint32_t code[16] __attribute__((aligned(256))) = {
    0x8f038502u, 0x4a020003u, 0xd5690002u, 0x00020301u, 0x4a0404ffu,
    0x00001234u, 0x34020282u, 0xdc708000u, 0x00000201u, 0xbf810000u};
static uint32_t out[N + 8], out2[N + 8];
static volatile uint32_t label;
static uint32_t dcb[256];
static int failures;

#define PKT3(op, body) (0xC0000000u | ((uint32_t)(body)-1u) << 16 | (uint32_t)(op) << 8)

static void check_packet(const char *what, const uint32_t *p, const uint32_t *want, int n) {
  if (!p) {
    printf("%s: NULL\n", what);
    failures++;
    return;
  }
  for (int i = 0; i < n; i++)
    if (p[i] != want[i]) {
      printf("%s: dword %d is 0x%08x, expected 0x%08x\n", what, i, p[i], want[i]);
      failures++;
      return;
    }
  printf("%s: %d dwords ok\n", what, n);
}

/* The kernel as a shader object: the header the shader compiler would emit (pointers stored
 * relative to themselves), its SH registers listing the code address, the resources and the
 * group size. */
static struct {
  SceAgcShader header;
  SceAgcShaderRegister sh[7];
} object;
static void store_rel(void *slot, const void *target) {
  int64_t v = (int64_t)((uintptr_t)target - (uintptr_t)slot);
  memcpy(slot, &v, 8);
}

/* A second DCB sets the shader from the object made by sceAgcCreateShader. */
static void run_shader_object(SceKernelEqueue eq) {
  object.header.fileHeader = SCE_AGC_SHADER_FILE_HEADER;
  object.header.version = SCE_AGC_SHADER_VERSION;
  object.header.numShRegisters = 7;
  const SceAgcShaderRegister sh[7] = {{SCE_AGC_SH_COMPUTE_NUM_THREAD_X, THREADS},
                                      {SCE_AGC_SH_COMPUTE_NUM_THREAD_Y, 1},
                                      {SCE_AGC_SH_COMPUTE_NUM_THREAD_Z, 1},
                                      {SCE_AGC_SH_COMPUTE_PGM_LO, 0},
                                      {SCE_AGC_SH_COMPUTE_PGM_HI, 0},
                                      {SCE_AGC_SH_COMPUTE_PGM_RSRC1, 0},
                                      {SCE_AGC_SH_COMPUTE_PGM_RSRC2, 2u << 1 | 1u << 7}};
  memcpy(object.sh, sh, sizeof sh);
  store_rel(&object.header.shRegisters, object.sh);
  SceAgcShader *shader = NULL;
  printf("create shader: %d\n", sceAgcCreateShader(&shader, &object.header, code));
  const uint64_t pgm = (uint64_t)(uintptr_t)code;
  printf("shader: %s, PGM_LO %s\n",
         shader == &object.header && shader->shRegisters == object.sh ? "ok" : "WRONG",
         object.sh[3].value == (uint32_t)(pgm >> 8) && object.sh[4].value == (uint32_t)(pgm >> 40)
             ? "ok"
             : "WRONG");
  memset(dcb, 0, sizeof dcb);
  SceAgcCb cb = {dcb, dcb + 256, dcb, dcb + 256, NULL, NULL, 0, 0};
  /* runs of consecutive registers: NUM_THREAD_X..Z, PGM_LO/HI, RSRC1/2 */
  uint32_t *p = sceAgcCbSetShRegistersDirect(&cb, shader->shRegisters, shader->numShRegisters);
  check_packet(
      "set shader", p,
      (uint32_t[]){PKT3(0x76, 4), 0x207, THREADS, 1, 1, PKT3(0x76, 3), 0x20C, (uint32_t)(pgm >> 8),
                   (uint32_t)(pgm >> 40), PKT3(0x76, 3), 0x212, 0, 2u << 1 | 1u << 7},
      13);
  const uint64_t buf = (uint64_t)(uintptr_t)out2;
  const uint32_t ud[2] = {(uint32_t)buf, (uint32_t)(buf >> 32)};
  sceAgcCbSetShRegisterRangeDirect(&cb, SCE_AGC_SH_COMPUTE_USER_DATA_0, ud, 2);
  sceAgcCbDispatch(&cb, GROUPS, 1, 1, SCE_AGC_DISPATCH_MODIFIER_WAVE32);
  sceAgcCbReleaseMem(&cb, SCE_AGC_RELEASE_MEM_ACTION_CS_DONE, 0, SCE_AGC_RELEASE_MEM_DST_MEMORY, 0,
                     &label, SCE_AGC_RELEASE_MEM_DATA_32, LABEL_VALUE + 1, 0, 0,
                     SCE_AGC_RELEASE_MEM_INTERRUPT_AFTER_WRITE, 0);
  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d (%u dwords)\n", sceAgcDriverSubmitDcb(&submit), submit.dwords);
  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 10 * 1000 * 1000;
  int r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  printf("wait: %d, %d event(s), label 0x%08x\n", r, got, label);
  int bad = 0;
  for (uint32_t i = 0; i < N; i++) bad += out2[i] != i * i + 0x1234u;
  printf("buffer 2: %s\n", bad ? "WRONG" : "ok");
  if (bad) failures++;
}

static SceAgcShaderRegister reg(uint32_t offset, uint32_t value) {
  return (SceAgcShaderRegister){offset, value};
}

int main(void) {
  SceKernelEqueue eq;
  if (sceKernelCreateEqueue(&eq, "agc") != 0) return 1;
  int tag = 0;
  printf("add eq event: %d\n", sceAgcDriverAddEqEvent(eq, SCE_AGC_DRIVER_EVENT_GRAPHICS_EOP, &tag));
  memset(out, 0xAB, sizeof out);

  SceAgcCb cb = {dcb, dcb + 256, dcb, dcb + 256, NULL, NULL, 0, 0};
  const uint64_t pgm = (uint64_t)(uintptr_t)code;
  /* SET_SH_REG (opcode 0x76): COMPUTE_PGM_LO/HI (0xB830/0xB834: 0x20C, 0x20D) */
  uint32_t *p =
      sceAgcDcbSetShRegisterDirect(&cb, reg(SCE_AGC_SH_COMPUTE_PGM_LO, (uint32_t)(pgm >> 8)));
  check_packet("set PGM_LO", p, (uint32_t[]){PKT3(0x76, 2), 0x20C, (uint32_t)(pgm >> 8)}, 3);
  p = sceAgcDcbSetShRegisterDirect(&cb, reg(SCE_AGC_SH_COMPUTE_PGM_HI, (uint32_t)(pgm >> 40)));
  check_packet("set PGM_HI", p, (uint32_t[]){PKT3(0x76, 2), 0x20D, (uint32_t)(pgm >> 40)}, 3);
  /* RSRC1 0 (one VGPR granule); RSRC2: USER_SGPR 2 (bits 5:1), TGID_X_EN (bit 7) */
  const uint32_t rsrc[2] = {0, 2u << 1 | 1u << 7};
  p = sceAgcCbSetShRegisterRangeDirect(&cb, SCE_AGC_SH_COMPUTE_PGM_RSRC1, rsrc, 2);
  check_packet("set RSRC1/2", p, (uint32_t[]){PKT3(0x76, 3), 0x212, rsrc[0], rsrc[1]}, 4);
  const uint32_t threads[3] = {THREADS, 1, 1};
  p = sceAgcCbSetShRegisterRangeDirect(&cb, SCE_AGC_SH_COMPUTE_NUM_THREAD_X, threads, 3);
  check_packet("set NUM_THREAD", p, (uint32_t[]){PKT3(0x76, 4), 0x207, THREADS, 1, 1}, 5);
  const uint64_t buf = (uint64_t)(uintptr_t)out;
  const SceAgcShaderRegister ud[2] = {{SCE_AGC_SH_COMPUTE_USER_DATA_0, (uint32_t)buf},
                                      {SCE_AGC_SH_COMPUTE_USER_DATA_0 + 1, (uint32_t)(buf >> 32)}};
  p = sceAgcCbSetShRegistersDirect(&cb, ud, 2); /* consecutive: one packet */
  check_packet("set USER_DATA", p,
               (uint32_t[]){PKT3(0x76, 3), 0x240, (uint32_t)buf, (uint32_t)(buf >> 32)}, 4);
  /* DISPATCH_DIRECT (0x15): initiator COMPUTE_SHADER_EN | ORDER_MODE | CS_W32_EN */
  p = sceAgcCbDispatch(&cb, GROUPS, 1, 1, SCE_AGC_DISPATCH_MODIFIER_WAVE32);
  check_packet("dispatch", p, (uint32_t[]){PKT3(0x15, 4), GROUPS, 1, 1, 0x8041u}, 5);
  /* RELEASE_MEM (0x49): EVENT_TYPE CS_DONE (0x2F) with EVENT_INDEX 6 (shader done); INT_SEL 2
   * (26:24) and DATA_SEL 1 (31:29); address; data; context id 0x101 (the GRAPHICS event's data
   * is context id << 16 | 0xFF00, measured on the console with this id: 0x0101FF00) */
  const uint64_t la = (uint64_t)(uintptr_t)&label;
  p = sceAgcCbReleaseMem(&cb, SCE_AGC_RELEASE_MEM_ACTION_CS_DONE, 0, SCE_AGC_RELEASE_MEM_DST_MEMORY,
                         0, &label, SCE_AGC_RELEASE_MEM_DATA_32, LABEL_VALUE, 0, 0,
                         SCE_AGC_RELEASE_MEM_INTERRUPT_AFTER_WRITE, 0x101);
  check_packet("release mem", p,
               (uint32_t[]){PKT3(0x49, 7), 0x2F | 6u << 8, 2u << 24 | 1u << 29, (uint32_t)la,
                            (uint32_t)(la >> 32), LABEL_VALUE, 0, 0x101},
               8);
  printf("sizes: %u %u %u %u\n", sceAgcDcbSetShRegisterDirectGetSize(),
         sceAgcCbSetShRegisterRangeDirectGetSize(3), sceAgcCbDispatchGetSize(),
         sceAgcCbQueueEndOfPipeActionGetSize());

  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d (%u dwords)\n", sceAgcDriverSubmitDcb(&submit), submit.dwords);

  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 10 * 1000 * 1000;
  int r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  printf("wait: %d, %d event(s)\n", r, got);
  if (r == 0 && got == 1)
    printf("event: filter %d ident %lu flags 0x%x data 0x%lx udata %s\n", ev.filter,
           (unsigned long)ev.ident, ev.flags, (unsigned long)ev.data,
           ev.udata == &tag ? "ok" : "wrong");
  printf("label: 0x%08x\n", label);
  int bad = 0;
  for (uint32_t i = 0; i < N + 8; i++) {
    uint32_t want = i < N ? i * i + 0x1234u : 0xABABABABu;
    if (out[i] != want && bad++ < 4) printf("out[%u] = 0x%08x, expected 0x%08x\n", i, out[i], want);
  }
  printf("buffer: %s\n", bad ? "WRONG" : "ok");
  run_shader_object(eq);
  printf("delete eq event: %d\n", sceAgcDriverDeleteEqEvent(eq, 0));
  sceKernelDeleteEqueue(eq);
  return failures || bad ? 1 : 0;
}
