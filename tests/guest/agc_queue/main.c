/* Queues of sceAgcDriverCreateQueue(type, &queue, flags), as homebrew run on the console calls
 * it: 0 and an object whose first dwords are 0x38 (its size), the type, 0x00020000, 0. A
 * type-0 queue (the graphics queue) and a type-3 queue each run the command buffers submitted
 * to them: the type-3 queue's buffer waits for a label the CPU sets later, and meanwhile a
 * buffer on the type-0 queue runs to its end, so the two are different queues of the GPU.
 * DestroyQueue answers 0x8A6D0003, the console's answer for every queue measured (obSCEne's
 * checks, as the Orbistoun project records them). No Vulkan device is needed. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>

static uint32_t dcb[64], acb[64];
static volatile uint32_t gate, first, second, third;

/* Waits up to 5 s for *P to become V. */
static int wait_for(volatile uint32_t *p, uint32_t v) {
  for (int i = 0; i < 5000 && *p != v; i++) sceKernelUsleep(1000);
  return *p == v;
}

int main(void) {
  void *gfx = NULL, *other = NULL;
  printf("create type 0: %d\n", sceAgcDriverCreateQueue(0, &gfx, 0));
  printf("create type 3: %d\n", sceAgcDriverCreateQueue(3, &other, 0));
  printf("objects: %s %s\n", gfx ? "made" : "NULL", other && other != gfx ? "made" : "wrong");
  const uint32_t *h0 = gfx, *h3 = other;
  printf("header 0: 0x%x %u 0x%x %u\n", h0[0], h0[1], h0[2], h0[3]);
  printf("header 3: 0x%x %u 0x%x %u\n", h3[0], h3[1], h3[2], h3[3]);

  /* on the type-3 queue: wait until gate is 1, then write third */
  SceAgcCb a = {acb, acb + 64, acb, acb + 64, NULL, NULL, 0, 0};
  const uint32_t one = 1, v2 = 0x22, v3 = 0x33;
  sceAgcAcbWaitRegMem(&a, SCE_AGC_WAIT_REG_MEM_SIZE_32, SCE_AGC_WAIT_REG_MEM_FUNCTION_EQUAL, 0,
                      &gate, 1, 0xFFFFFFFF, 0);
  sceAgcAcbWriteData(&a, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &third, &v3, 1, 1, 0);
  const uint32_t *addrs[1] = {acb};
  const uint32_t sizes[1] = {(uint32_t)(a.cursorUp - acb)};
  printf("submit to type 3: %d\n", sceAgcDriverSubmitMultiCommandBuffers(other, addrs, sizes, 1));

  /* on the type-0 queue: write first, then second */
  SceAgcCb d = {dcb, dcb + 64, dcb, dcb + 64, NULL, NULL, 0, 0};
  sceAgcDcbWriteData(&d, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &first, &one, 1, 1, 0);
  sceAgcDcbWriteData(&d, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &second, &v2, 1, 1, 0);
  SceAgcDriverCommandBufferSubmit p = {dcb, (uint32_t)(d.cursorUp - dcb), 0};
  printf("submit to type 0: %d\n", sceAgcDriverSubmitCommandBuffer(gfx, &p));
  printf("type 0 ran: %d (first 0x%x second 0x%x)\n", wait_for(&second, 0x22), first, second);
  sceKernelUsleep(20000);
  printf("type 3 waiting: third 0x%x\n", third);
  gate = 1;
  printf("type 3 ran: %d (third 0x%x)\n", wait_for(&third, 0x33), third);

  printf("destroy type 3: 0x%x\n", (unsigned)sceAgcDriverDestroyQueue(other));
  printf("destroy again: 0x%x\n", (unsigned)sceAgcDriverDestroyQueue(other));
  printf("create without an output: 0x%x\n", (unsigned)sceAgcDriverCreateQueue(0, NULL, 0));
  printf("destroy type 0: 0x%x\n", (unsigned)sceAgcDriverDestroyQueue(gfx));
  return 0;
}
