/* libSceAgcDriver's debug and bookkeeping exports added in session 27 (agc_driver_misc.h):
 * the resource-registration name limit, the unnamed export oFb2hMcoJa4 (the driver's setter of
 * the default queues' bit 0x20000), the region reserved for libSceAgc, the suspend-point submit
 * and the clear-state patch's refusal. What the records give
 * (docs/agc.md, "The driver's other exports"):
 *   - GetResourceRegistrationMaxNameLength: 32 in the OpenAGC project's record (include/
 *     agcdriver.h and src/game_compat.c, marked "reference-confirmed", i.e. read from a
 *     reference HLE, not from the SPRX). PARTIAL.
 *   - oFb2hMcoJa4 (firmware 12.02 body at +0x3FD0, a public reading: mpereiraesaa/
 *     ps5-homebrew-lab research/gpu/AGC_QUEUE_SUBMIT.md and its verifier's byte anchors; OpenAGC
 *     REFERENCE_FINDINGS.md on FW 5.50: lock spin-waits, an error 0x8A6D0005): under the
 *     lock of both default queues it ORs 0x20000 into (or masks it out of) the word at
 *     queue + 0x08 by its one argument, and stores the word back. CreateQueue writes 0x20000
 *     there when it is given no configuration (the state seen in a process libSceAgc did not
 *     initialise), and libSceAgc's initialiser calls this export with 0 for a version >= 6
 *     (the state seen in a game: 0). The class-0 submit path moves that bit into the
 *     register it hands the kernel; our command processor has no such register, so the bit
 *     is recorded only (PARTIAL); the answer 0 is our reading.
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

static pthread_mutex_t queue_flags_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t queue_flags[AGC_DRIVER_DEFAULT_QUEUES] = {AGC_DRIVER_QUEUE_FLAG_NO_CONFIG,
                                                          AGC_DRIVER_QUEUE_FLAG_NO_CONFIG};

int agc_driver_set_queue_config_flag(uint32_t set) {
  pthread_mutex_lock(&queue_flags_lock);
  for (unsigned i = 0; i < AGC_DRIVER_DEFAULT_QUEUES; i++) {
    if (set) queue_flags[i] |= AGC_DRIVER_QUEUE_FLAG_NO_CONFIG;
    else queue_flags[i] &= ~AGC_DRIVER_QUEUE_FLAG_NO_CONFIG;
  }
  pthread_mutex_unlock(&queue_flags_lock);
  LOG_ONCE(hle, INFO, "libSceAgcDriver oFb2hMcoJa4(%u): default queues' bit 0x20000 %s", set,
           set ? "set" : "cleared");
  return 0;
}

uint32_t agc_driver_queue_config_flags(unsigned which) {
  if (which >= AGC_DRIVER_DEFAULT_QUEUES) return 0;
  pthread_mutex_lock(&queue_flags_lock);
  uint32_t v = queue_flags[which];
  pthread_mutex_unlock(&queue_flags_lock);
  return v;
}

void agc_driver_debug_reset(void) {
  pthread_mutex_lock(&queue_flags_lock);
  for (unsigned i = 0; i < AGC_DRIVER_DEFAULT_QUEUES; i++)
    queue_flags[i] = AGC_DRIVER_QUEUE_FLAG_NO_CONFIG;
  pthread_mutex_unlock(&queue_flags_lock);
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
