/* libSceAgcDriver's exports beside submission, called as a game calls them (docs/agc.md "The
 * driver's other exports"): the retail module's fixed answers (0x8A6D0001 for the debug and
 * Direct exports, 0x8A6C1000 for the capture controls, 0 for IsPaDebug and
 * GetTraceInitiator), SetTFRing's alignment checks, the register-shadow descriptors in the
 * driver's 2 MiB aperture at 0xF_E000_0000 (guest memory the game can read and write), and
 * the async graphics ring: AgrSubmitDcb answers 0x8A6D0003 until SetupAsyncGraphics(1), then
 * its buffer runs and its interrupting release posts the GRAPHICS event whose context id
 * GetEqContextId reads. No Vulkan device is needed. */
#include <agc.h>
#include <agc_driver.h>
#include <kernel.h>
#include <stdio.h>

static uint32_t dcb[64];
static volatile uint32_t label;
static uint32_t ring[1024] __attribute__((aligned(256)));

static void print_info(const char *what, int r, const SceAgcDriverRegShadowInfo *i) {
  printf("%s: %d address 0x%lx size 0x%x ranges 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x reserved %u\n", what,
         r, (unsigned long)i->address, i->size, i->ranges[0], i->ranges[1], i->ranges[2],
         i->ranges[3], i->ranges[4], i->ranges[5], i->reserved);
}

int main(void) {
  printf("pa debug version: 0x%x\n", (unsigned)sceAgcDriverGetPaDebugInterfaceVersion());
  printf("gpu ref clks: 0x%x\n", (unsigned)sceAgcDriverGetGpuRefClks());
  printf("multi direct: 0x%x\n", (unsigned)sceAgcDriverSubmitMultiCommandBuffersDirect());
  printf("suspend direct: 0x%x\n", (unsigned)sceAgcDriverSuspendPointSubmitDirect(1, 0, 0, 0));
  printf("in flight: 0x%x 0x%x\n", (unsigned)sceAgcDriverIsSuspendPointInFlight(),
         (unsigned)sceAgcDriverIsSuspendPointInFlightDirect(0));
  printf("tf ring direct: 0x%x\n", (unsigned)sceAgcDriverSetTFRingDirect());
  printf("hs offchip direct: 0x%x\n", (unsigned)sceAgcDriverSetHsOffchipParamDirect(0, 0));
  printf("capture: 0x%x 0x%x 0x%x\n", (unsigned)sceAgcDriverRequestCaptureStart(),
         (unsigned)sceAgcDriverRequestCaptureStop(), (unsigned)sceAgcDriverTriggerCapture());
  printf("pa debug: %d trace initiator: %d\n", sceAgcDriverIsPaDebug(),
         sceAgcDriverGetTraceInitiator());

  printf("tf ring: %d\n", sceAgcDriverSetTFRing(ring, sizeof ring));
  printf("tf ring off 256: 0x%x\n", (unsigned)sceAgcDriverSetTFRing(ring + 1, 1024));
  printf("tf ring size off 4: 0x%x\n", (unsigned)sceAgcDriverSetTFRing(ring, 1022));

  SceAgcDriverRegShadowInfo info = {0}, agr = {0};
  printf("shadow info NULL: 0x%x\n", (unsigned)sceAgcDriverGetRegShadowInfo(NULL));
  print_info("shadow info", sceAgcDriverGetRegShadowInfo(&info), &info);
  print_info("shadow info agr", sceAgcDriverGetRegShadowInfoAgr(&agr), &agr);
  volatile uint32_t *shadow = (volatile uint32_t *)(uintptr_t)info.address;
  printf("shadow reads %u\n", shadow[0]);
  shadow[0] = 0x5AD0;
  printf("shadow holds 0x%x\n", shadow[0]);

  SceKernelEqueue eq;
  if (sceKernelCreateEqueue(&eq, "agr") != 0) return 1;
  int tag = 0;
  printf("add eq event: %d\n", sceAgcDriverAddEqEvent(eq, SCE_AGC_DRIVER_EVENT_GRAPHICS_EOP, &tag));
  SceAgcCb cb = {dcb, dcb + 64, dcb, dcb + 64, NULL, NULL, 0, 0};
  sceAgcCbReleaseMem(&cb, SCE_AGC_RELEASE_MEM_ACTION_CS_DONE, 0, SCE_AGC_RELEASE_MEM_DST_MEMORY, 0,
                     &label, SCE_AGC_RELEASE_MEM_DATA_32, 0x77, 0, 0,
                     SCE_AGC_RELEASE_MEM_INTERRUPT_AFTER_WRITE, 0x101);
  SceAgcDriverCommandBufferSubmit submit = {dcb, (uint32_t)(cb.cursorUp - dcb), 0};
  printf("agr before setup: 0x%x\n", (unsigned)sceAgcDriverAgrSubmitDcb(&submit));
  printf("setup async graphics(0): %d\n", sceAgcDriverSetupAsyncGraphics(0));
  printf("agr with flag 0: 0x%x\n", (unsigned)sceAgcDriverAgrSubmitDcb(&submit));
  printf("label untouched: 0x%x\n", label);
  printf("setup async graphics(1): %d\n", sceAgcDriverSetupAsyncGraphics(1));
  printf("agr submit: %d\n", sceAgcDriverAgrSubmitDcb(&submit));
  SceKernelEvent ev;
  int got = 0;
  SceKernelUseconds timeout = 10 * 1000 * 1000;
  int r = sceKernelWaitEqueue(eq, &ev, 1, &got, &timeout);
  printf("wait: %d, %d event(s), label 0x%x\n", r, got, label);
  if (r == 0 && got == 1)
    printf("context id 0x%x, event type %d, data 0x%lx\n", sceAgcDriverGetEqContextId(&ev),
           sceAgcDriverGetEqEventType(&ev), (unsigned long)ev.data);
  printf("delete eq event: %d\n", sceAgcDriverDeleteEqEvent(eq, 0));
  sceKernelDeleteEqueue(eq);
  return 0;
}
