/* COPY_DATA, CLEAR_STATE and the patch functions from a guest: each packet is checked against
 * dwords written here from AMD's PM4 definitions (type-3 header 3 << 30 | (body - 1) << 16 |
 * opcode << 8; COPY_DATA 0x40 with SRC_SEL 3:0, DST_SEL 11:8, COUNT_SEL 16, ENGINE_SEL 31:30;
 * CLEAR_STATE 0x12 with CMD 3:0), then the buffer runs: a 64-bit copy between memory and a
 * 32-bit immediate must land, a label whose address and data were patched must be written
 * there only, a wait patched to a label that holds its reference must go on. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>

#define PKT3(op, body) (0xC0000000u | ((uint32_t)(body)-1u) << 16 | (uint32_t)(op) << 8)
#define LO(p) ((uint32_t)(uintptr_t)(p))
#define HI(p) ((uint32_t)((uint64_t)(uintptr_t)(p) >> 32))

static uint32_t dcb[256];
static volatile uint64_t src64 = 0x1122334455667788ull, dst64, imm[2], label[2];
static volatile uint32_t never, seven = 7, done;

static void check(const char *what, const uint32_t *p, const uint32_t *want, unsigned n) {
  int ok = p != NULL;
  for (unsigned i = 0; ok && i < n; i++) ok = p[i] == want[i];
  printf("%s: %s\n", what, ok ? "ok" : "WRONG");
}
#define CHECK(what, p, ...)                                \
  do {                                                     \
    const uint32_t want_[] = {__VA_ARGS__};                \
    check(what, p, want_, sizeof want_ / sizeof want_[0]); \
  } while (0)

int main(void) {
  SceAgcCb cb = {dcb, dcb + 256, dcb, dcb + 256, NULL, NULL, 0, 0};
  /* memory (TC_L2, 2) to memory (5), 64 bits; the graphics form takes selector << 1 */
  CHECK("copy memory",
        sceAgcDcbCopyData(&cb, 5 << 1, 0, &dst64, 2 << 1, 0, (uintptr_t)&src64, 1, 0),
        PKT3(0x40, 5), 2u | 5u << 8 | 1u << 16, LO(&src64), HI(&src64), LO(&dst64), HI(&dst64));
  CHECK("copy immediate",
        sceAgcDcbCopyData(&cb, 5 << 1, 0, &imm[0], 5 << 1, 0, 0xFFFFFFFFCAFEF00Dull, 0, 0),
        PKT3(0x40, 5), 5u | 5u << 8, 0xCAFEF00Du, 0xFFFFFFFFu, LO(&imm[0]), HI(&imm[0]));
  CHECK("clear state", sceAgcDcbClearState(&cb, 0), PKT3(0x12, 1), 0);
  uint32_t *rel = sceAgcCbReleaseMem(&cb, SCE_AGC_RELEASE_MEM_ACTION_BOTTOM_OF_PIPE, 0,
                                     SCE_AGC_RELEASE_MEM_DST_MEMORY, 0, &label[0],
                                     SCE_AGC_RELEASE_MEM_DATA_32, 1, 0, 0, 0, 0);
  printf("patch label: %d %d\n", sceAgcQueueEndOfPipeActionPatchAddress(rel, &label[1]),
         sceAgcQueueEndOfPipeActionPatchData(rel, 0, SCE_AGC_RELEASE_MEM_DATA_64,
                                             0xAABBCCDD00112233ull));
  uint32_t *wait =
      sceAgcDcbWaitRegMem(&cb, SCE_AGC_WAIT_REG_MEM_SIZE_32, SCE_AGC_WAIT_REG_MEM_FUNCTION_EQUAL, 0,
                          0, &never, 5, 0xFFFFFFFFu, 0x100);
  printf("patch wait: %d %d\n", sceAgcWaitRegMemPatchAddress(wait, &seven),
         sceAgcWaitRegMemPatchReference(wait, 7));
  printf("patch other: %s\n", sceAgcWaitRegMemPatchAddress(rel, &seven) != 0 ? "refused" : "WRONG");
  const uint32_t one = 1;
  sceAgcDcbWriteData(&cb, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &done, &one, 1, 1, 0);
  printf("sizes: %u %u\n", sceAgcDcbCopyDataGetSize(), sceAgcAcbCopyDataGetSize());

  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d (%u dwords)\n", sceAgcDriverSubmitDcb(&submit), submit.dwords);
  for (int i = 0; i < 5000 && !done; i++) sceKernelUsleep(1000);
  printf("done: %u\n", done);
  printf("copy: %s, immediate: %s\n", dst64 == src64 ? "ok" : "WRONG",
         imm[0] == 0xCAFEF00Du ? "ok" : "WRONG");
  printf("label: %s\n", label[0] == 0 && label[1] == 0xAABBCCDD00112233ull ? "ok" : "WRONG");
  return 0;
}
