/* Draw, DMA and flow builders from a guest: each packet is checked against dwords written here
 * from AMD's PM4 definitions (type-3 header 3 << 30 | (body - 1) << 16 | opcode << 8;
 * DRAW_INDEX_AUTO 0x2D with VGT_DRAW_INITIATOR SOURCE_SELECT 2, DRAW_INDEX_2 0x27, NUM_INSTANCES
 * 0x2F, DMA_DATA 0x50 with SRC_SEL 30:29, CP_SYNC 31, BYTE_COUNT 25:0, DIS_WC 31, RAW_WAIT 30,
 * COND_EXEC 0x22), then the buffer runs: the DMA fill and copy must land, the WRITE_DATA under a
 * COND_EXEC whose dword is 0 must not, the last label must. No Vulkan device is needed (draws
 * are recorded, not drawn). */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>

#define PKT3(op, body) (0xC0000000u | ((uint32_t)(body)-1u) << 16 | (uint32_t)(op) << 8)
#define LO(p) ((uint32_t)(uintptr_t)(p))
#define HI(p) ((uint32_t)((uint64_t)(uintptr_t)(p) >> 32))

static uint32_t dcb[256];
static uint32_t fill[16], src[16], copy[16];
static uint16_t indices[6] = {0, 1, 2, 2, 1, 3};
static volatile uint32_t zero, skipped, done;

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
  for (unsigned i = 0; i < 16; i++) src[i] = 0x1000u + i;
  SceAgcCb cb = {dcb, dcb + 256, dcb, dcb + 256, NULL, NULL, 0, 0};

  CHECK("num instances", sceAgcDcbSetNumInstances(&cb, 2), PKT3(0x2F, 1), 2);
  CHECK("draw auto", sceAgcDcbDrawIndexAuto(&cb, 36, 0), PKT3(0x2D, 2), 36, 2);
  CHECK("index size", sceAgcDcbSetIndexSize(&cb, 0, 0), PKT3(0x7A, 2), 0x20000243u, 0x400u);
  CHECK("draw index", sceAgcDcbDrawIndex(&cb, 6, indices, 0), PKT3(0x27, 5), 6, LO(indices),
        HI(indices), 6, 0);
  CHECK("dma fill", sceAgcDcbDmaData(&cb, 1, 0, 0, fill, 2, 0, 0xA5A5F00Du, sizeof fill, 0, 1, 1),
        PKT3(0x50, 6), 0xC0000001u, 0xA5A5F00Du, 0, LO(fill), HI(fill), 0x80000000u | 64u);
  CHECK("dma copy",
        sceAgcDcbDmaData(&cb, 0, 0, 0, copy, 0, 0, (uint64_t)(uintptr_t)src, sizeof src, 1, 0, 0),
        PKT3(0x50, 6), 0, LO(src), HI(src), LO(copy), HI(copy), 1u << 30 | 64u);
  const uint32_t one = 1;
  CHECK("cond exec", sceAgcDcbCondExec(&cb, &zero, sceAgcDcbWriteDataGetSize(1) / 4), PKT3(0x22, 4),
        LO(&zero), HI(&zero), 0, 5);
  sceAgcDcbWriteData(&cb, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &skipped, &one, 1, 1, 0);
  CHECK("stall", sceAgcDcbStallCommandBufferParser(&cb), PKT3(0x42, 1), 0);
  sceAgcDcbWriteData(&cb, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &done, &one, 1, 1, 0);
  printf("sizes: %u %u %u %u %u\n", sceAgcDcbDrawIndexAutoGetSize(), sceAgcDcbDrawIndexGetSize(),
         sceAgcDcbDmaDataGetSize(), sceAgcDcbCondExecGetSize(),
         (unsigned)sceAgcDcbEventWriteGetSize(0x38));

  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d (%u dwords)\n", sceAgcDriverSubmitDcb(&submit), submit.dwords);
  for (int i = 0; i < 5000 && !done; i++) sceKernelUsleep(1000);
  printf("done: %u, skipped: %u\n", done, skipped);
  int filled = 1;
  for (unsigned i = 0; i < 16; i++) filled &= fill[i] == 0xA5A5F00Du;
  printf("fill: %s, copy: %s\n", filled ? "ok" : "WRONG",
         memcmp(copy, src, sizeof src) == 0 ? "ok" : "WRONG");
  return 0;
}
