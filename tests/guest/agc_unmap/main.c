/* A DCB in memory of its own (mmap) waits for a gate label, then would write a label. While
 * the graphics queue waits in it, the guest munmaps the buffer: the queue stops there (as a
 * GPU page fault stops the console's queue) instead of reading pages that are gone, so
 * opening the gate writes nothing; the stopped queue refuses more work (EPIPE, the driver's
 * code for it), and an ACB on a compute queue still runs. No Vulkan device is needed. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>
#include <sys/mman.h>

#define SIZE 0x10000

static volatile uint32_t gate, label, label2;
static uint32_t acb[32];

int main(void) {
  uint32_t *dcb = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_ANON | MAP_PRIVATE, -1, 0);
  printf("mmap: %s\n", dcb != MAP_FAILED ? "ok" : "failed");
  if (dcb == MAP_FAILED) return 1;
  SceAgcCb d = {dcb, dcb + SIZE / 4, dcb, dcb + SIZE / 4, NULL, NULL, 0, 0};
  const uint32_t v = 0x77;
  sceAgcDcbWaitRegMem(&d, SCE_AGC_WAIT_REG_MEM_SIZE_32, SCE_AGC_WAIT_REG_MEM_FUNCTION_EQUAL, 0, 0,
                      &gate, 1, 0xFFFFFFFF, 0);
  sceAgcDcbWriteData(&d, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &label, &v, 1, 1, 0);
  SceAgcDriverCommandBufferSubmit p = {dcb, (uint32_t)(d.cursorUp - dcb), 0};
  printf("submit: %d\n", sceAgcDriverSubmitDcb(&p));
  sceKernelUsleep(50000); /* the queue now waits for the gate */
  printf("munmap: %d\n", munmap(dcb, SIZE));
  gate = 1;
  sceKernelUsleep(50000);
  printf("label after the gate opened: 0x%x\n", label);

  static uint32_t dcb2[8];
  SceAgcCb d2 = {dcb2, dcb2 + 8, dcb2, dcb2 + 8, NULL, NULL, 0, 0};
  sceAgcDcbWriteData(&d2, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &label, &v, 1, 1, 0);
  SceAgcDriverCommandBufferSubmit p2 = {dcb2, (uint32_t)(d2.cursorUp - dcb2), 0};
  printf("submit to the stopped queue: 0x%x\n", (unsigned)sceAgcDriverSubmitDcb(&p2));

  SceAgcCb a = {acb, acb + 32, acb, acb + 32, NULL, NULL, 0, 0};
  const uint32_t v2 = 0x99;
  sceAgcAcbWriteData(&a, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &label2, &v2, 1, 1, 0);
  SceAgcDriverCommandBufferSubmit pa = {acb, (uint32_t)(a.cursorUp - acb), 0};
  printf("submit to a compute queue: %d\n", sceAgcDriverSubmitAcb(0x20, &pa));
  for (int i = 0; i < 5000 && label2 != 0x99; i++) sceKernelUsleep(1000);
  printf("compute label: 0x%x\n", label2);
  return 0;
}
