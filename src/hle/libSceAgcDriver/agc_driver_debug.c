/* libSceAgcDriver's debug and bookkeeping exports added in session 27 (agc_driver_misc.h):
 * the resource-registration name limit, the region reserved for libSceAgc, the suspend-point submit
 * and the clear-state patch's refusal. What the records give
 * (docs/agc.md, "The driver's other exports"):
 *   - GetResourceRegistrationMaxNameLength: 32 in the OpenAGC project's record (include/
 *     agcdriver.h and src/game_compat.c, marked "reference-confirmed", i.e. read from a
 *     reference HLE, not from the SPRX). PARTIAL.
 *   - GetReservedDmemForAgc(base_out, size_out) (FW 12.02 body at +0x9D0, the same public
 *     reading, research/gpu/AGC_ANALYSIS.md): 0x8A6D0003 when either output is NULL, else 0
 *     with base = the driver's window base + the offset of its fifth region (0x40000) and size
 *     = that region's size (0x1B0000); measured on a console: 0x1B0000 and a base 0x40000 past
 *     a window the kernel had moved 4 GiB up from the 0xFE0000000 hint. The window is the 2 MiB
 *     allocation at that hint that OpenAGC's agc_driver_shadow_facts.md records (the
 *     register-shadow aperture, agc_driver_shadow.c); libSceAgc's constructor rounds the base
 *     up to 4 bytes, zeroes 0x60 bytes there and requires 0xFE0040000.
 *   - SuspendPointSubmit(packet) (OpenAGC REFERENCE_FINDINGS.md, FW 5.50: 767 bytes around the
 *     driver's submit mutex, "Submit failed - Unable to lock" / "Unlock error"; the SharpEmu
 *     project's reading of the body: it copies the packet's address, dword count and queue
 *     byte from +0, +8 and +0xC, SubmitDcb's 16-byte packet): ours submits the packet as
 *     SubmitDcb does. PARTIAL: what makes it a suspend point on the console (the system may
 *     suspend the GPU there) is not recorded and this emulator never suspends the GPU.
 *   - PatchClearState(values, count) (REFERENCE_FINDINGS.md: 958 bytes, 0x8A6D0003 for a count
 *     above 0x400, a stack array sized by the count, malloc; SharpEmu's reading: the count is
 *     the second argument and is checked before the array is read): ours has the refusal;
 *     the patch itself (the clear-state registers the console's CLEAR_STATE then loads) is
 *     not applied: its entries' layout is not recorded (PARTIAL). */
#include <pthread.h>

#include "common/log.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"

uint32_t agc_driver_get_resource_registration_max_name_length(void) {
  return AGC_DRIVER_RESOURCE_NAME_MAX;
}

int agc_driver_get_reserved_dmem_for_agc(uint64_t *base_out, uint32_t *size_out) {
  if (!base_out || !size_out) {
    LOG(hle, GAME_ERROR, "sceAgcDriverGetReservedDmemForAgc: NULL output (0x8A6D0003)");
    return AGC_DRIVER_ERROR_NULL_OUTPUT;
  }
  uint64_t window = agc_driver_shadow_aperture();
  if (!window) return AGC_DRIVER_ERROR_EAGAIN; /* no memory for the window (logged) */
  *base_out = window + AGC_DRIVER_RESERVED_DMEM_OFFSET;
  *size_out = AGC_DRIVER_RESERVED_DMEM_SIZE;
  return 0;
}

int agc_driver_suspend_point_submit(const struct agc_driver_submit *packet) {
  LOG_ONCE(hle, INFO,
           "sceAgcDriverSuspendPointSubmit: submitted as SubmitDcb (no GPU suspension here)");
  return agc_driver_submit_dcb(packet);
}

int agc_driver_patch_clear_state(const void *values, uint32_t count) {
  if (count > AGC_DRIVER_CLEAR_STATE_PATCH_MAX) {
    LOG(hle, GAME_ERROR, "sceAgcDriverPatchClearState: %u entries, above 0x400 (0x8A6D0003)",
        count);
    return AGC_DRIVER_ERROR_PATCH_COUNT;
  }
  if (!values && count) {
    LOG(hle, GAME_ERROR, "sceAgcDriverPatchClearState: NULL values for %u entries (EINVAL)", count);
    return AGC_DRIVER_ERROR_EINVAL;
  }
  LOG_ONCE(hle, WARN,
           "sceAgcDriverPatchClearState: %u entries accepted, not applied to the clear state "
           "(their layout is not recorded)",
           count);
  return 0;
}
