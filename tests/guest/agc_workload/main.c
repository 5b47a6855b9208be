/* Workload streams from a guest. The expected words are OpenAGC's record of the console's
 * builders (analysis/agc_driver_workload_facts.md), written out here for stream 1: active
 * (ids 3 and 9: mask 0x208) 0xC0027904 0x342 0xCC000001 0x208, 0xC0033704 0x06010000 0xC343 0 0,
 * 0xC0071E00 0x40000267, the slot's address, 0x208 0, 0 0 0; complete (id 3) 0xC0017904 0x342
 * 0xCD000061, 0xC0071E00 0x40000275, the slot's address, ~8 lo, hi, 0 0 0. Run, the slot holds
 * the ids still active (0x200); GetWorkloadStreamInfo returns it with the 32 descriptor bytes. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>

static uint32_t dcb[128];
static volatile uint32_t done;
static const char descriptor[32] = "guest workload stream";

static int same(const uint32_t *p, const uint32_t *want, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (p[i] != want[i]) return 0;
  return 1;
}

int main(void) {
  SceAgcCb cb = {dcb, dcb + 128, dcb, dcb + 128, NULL, NULL, 0, 0};
  printf("register: %d, again: 0x%x\n", sceAgcDriverRegisterWorkloadStream(1, descriptor),
         (unsigned)sceAgcDriverRegisterWorkloadStream(1, descriptor));
  printf("sizes: %u %u %u\n", sceAgcDriverGetSetWorkloadsActivePacketSize(),
         sceAgcDriverGetSetWorkloadCompletePacketSize(), sceAgcDriverUserDataGetPacketSize(0));
  const uint32_t ids[] = {3, 9};
  uint32_t *a = sceAgcDcbSetWorkloadsActive(&cb, 1, ids, 2);
  const uint32_t want_a[] = {
      0xC0027904u,   0x342u, 0xCC000001u, 0x208u,      0xC0033704u, 0x06010000u,
      0xC343u,       0u,     0u,          0xC0071E00u, 0x40000267u, a ? a[11] : 0,
      a ? a[12] : 0, 0x208u, 0u,          0u,          0u,          0u};
  printf("active: %s\n", a == dcb && same(a, want_a, 18) ? "ok" : "WRONG");
  uint32_t *c = sceAgcDcbSetWorkloadComplete(&cb, 1, 3);
  const uint32_t want_c[] = {0xC0017904u, 0x342u,      0xCD000061u, 0xC0071E00u, 0x40000275u, a[11],
                             a[12],       0xFFFFFFF7u, 0xFFFFFFFFu, 0u,          0u,          0u};
  printf("complete: %s\n", c == dcb + 18 && same(c, want_c, 12) ? "ok" : "WRONG");
  printf("refused: %s\n", sceAgcDcbSetWorkloadComplete(&cb, 2, 3) == NULL &&
                                  sceAgcDcbSetWorkloadsActive(&cb, 1, ids, 0) == NULL &&
                                  cb.cursorUp == dcb + 30
                              ? "ok"
                              : "WRONG");
  printf("marker: %s\n", sceAgcDcbSetMarker(&cb, "frame", 0xFF0000FFu) ? "ok" : "WRONG");
  const uint32_t one = 1;
  sceAgcDcbWriteData(&cb, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &done, &one, 1, 1, 0);
  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("submit: %d (%u dwords)\n", sceAgcDriverSubmitDcb(&submit), submit.dwords);
  for (int i = 0; i < 5000 && !done; i++) sceKernelUsleep(1000);
  printf("done: %u\n", done);
  char name[40];
  uint64_t slot = 0;
  memset(name, 0, sizeof name);
  printf("info: %d, slot 0x%llx, name %s\n",
         sceAgcDriverGetWorkloadStreamInfo(1, name, sizeof name, &slot), (unsigned long long)slot,
         memcmp(name, descriptor, 32) == 0 ? "ok" : "WRONG");
  printf("unregister: %d, info: 0x%x\n", sceAgcDriverUnregisterWorkloadStream(1),
         (unsigned)sceAgcDriverGetWorkloadStreamInfo(1, name, sizeof name, &slot));
  return 0;
}
