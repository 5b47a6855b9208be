/* ACBs on a compute queue: queue ids are 0x20 + pipe * 8 + queue (0x20 .. 0x57). Two ACBs
 * submitted with sceAgcDriverSubmitMultiAcbs to queue 0x21 run in order: the first writes a
 * value (WRITE_DATA), the second waits for that value (WAIT_REG_MEM) then releases a label with
 * an interrupt (RELEASE_MEM), which posts the event registered under the queue's id. A queue
 * id outside the range is refused. No Vulkan device is needed. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>

#define QUEUE SCE_AGC_DRIVER_ACB_QUEUE(0, 1)

static uint32_t acb1[32], acb2[64];
static int grow_calls;
static uint32_t grow_asked;

/* The command buffer's callback: called by the library when a packet does not fit; gives the
 * buffer the rest of acb2. */
static bool grow(SceAgcCb *cb, uint32_t dwords, void *user) {
  grow_calls++;
  grow_asked = dwords;
  cb->cursorDown = (uint32_t *)user;
  return true;
}
static volatile uint32_t value, label;

int main(void) {
  SceKernelEqueue eq;
  sceKernelCreateEqueue(&eq, "acb");
  int tag = 0;
  printf("queue id: 0x%x\n", QUEUE);
  printf("add eq event: %d\n", sceAgcDriverAddEqEvent(eq, (int32_t)QUEUE, &tag));

  SceAgcCb a = {acb1, acb1 + 32, acb1, acb1 + 32, NULL, NULL, 0, 0};
  const uint32_t v = 0x1234;
  sceAgcAcbWriteData(&a, SCE_AGC_WRITE_DATA_DST_MEMORY, 0, &value, &v, 1, 1, 0);
  /* only 4 dwords free at first: the wait (14 dwords) makes the library call grow() */
  SceAgcCb b = {acb2, acb2 + 64, acb2, acb2 + 4, grow, acb2 + 64, 0, 0};
  sceAgcAcbWaitRegMem(&b, SCE_AGC_WAIT_REG_MEM_SIZE_32, SCE_AGC_WAIT_REG_MEM_FUNCTION_EQUAL, 0,
                      &value, 0x1234, 0xFFFFFFFF, 0);
  sceAgcCbReleaseMem(&b, SCE_AGC_RELEASE_MEM_ACTION_CS_DONE, 0, SCE_AGC_RELEASE_MEM_DST_MEMORY, 0,
                     &label, SCE_AGC_RELEASE_MEM_DATA_32, 0xACB0ACB0u, 0, 0,
                     SCE_AGC_RELEASE_MEM_INTERRUPT_AFTER_WRITE, 0);

  const uint32_t *addrs[2] = {acb1, acb2};
  const uint32_t sizes[2] = {(uint32_t)(a.cursorUp - acb1), (uint32_t)(b.cursorUp - acb2)};
  printf("sizes: %u %u\n", sizes[0], sizes[1]);
  printf("callback: %d call(s), %u dwords asked\n", grow_calls, grow_asked);
  SceAgcDriverCommandBufferSubmit bad = {acb1, sizes[0], 0};
  printf("submit to 0x1f: 0x%x\n", (unsigned)sceAgcDriverSubmitAcb(0x1f, &bad));
  printf("submit to 0x58: 0x%x\n", (unsigned)sceAgcDriverSubmitAcb(0x58, &bad));
  printf("submit multi: %d\n", sceAgcDriverSubmitMultiAcbs(QUEUE, addrs, sizes, 2));

  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 5 * 1000 * 1000;
  int r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  printf("wait: %d, %d event(s)\n", r, got);
  if (r == 0 && got == 1)
    printf("event: filter %d ident 0x%lx udata %s\n", ev.filter, (unsigned long)ev.ident,
           ev.udata == &tag ? "ok" : "wrong");
  printf("value: 0x%x label: 0x%08x\n", value, label);
  /* errors: not a queue, an id out of range, an event never added */
  printf("add to no queue: 0x%x\n", (unsigned)sceAgcDriverAddEqEvent(NULL, 0, NULL));
  printf("add id 0x58: 0x%x\n", (unsigned)sceAgcDriverAddEqEvent(eq, 0x58, NULL));
  printf("delete id 5: 0x%x\n", (unsigned)sceAgcDriverDeleteEqEvent(eq, 5));
  printf("delete: %d\n", sceAgcDriverDeleteEqEvent(eq, (int32_t)QUEUE));
  printf("delete again: 0x%x\n", (unsigned)sceAgcDriverDeleteEqEvent(eq, (int32_t)QUEUE));
  return 0;
}
