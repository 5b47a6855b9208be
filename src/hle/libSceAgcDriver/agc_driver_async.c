/* The tessellation-factor ring and the async graphics ring (agc_driver_misc.h).
 *
 * SetTFRing(base, size): the console's public wrapper checks that BASE is 256-byte aligned
 * and SIZE a multiple of 4, then hands the kernel a 16-byte request (address u64 @0, size
 * u32 @8, reserved u32 @0xC) with ioctl 0x80108128 (OpenAGC analysis/agc_driver_ring_facts.md,
 * every firmware from 3.20). The code a refused call returns is not recorded: EINVAL here.
 * The ring is recorded for the GPU; the command processor does not run tessellation yet.
 *
 * SetupAsyncGraphics(flag): on the first call the console's driver sets the async graphics
 * path up with its kernel (ioctl 0x80048126 with 1, once; a failure answers 0x8A6D0005) and
 * every call stores FLAG != 0, which selects the driver's AGR submit path (OpenAGC
 * REFERENCE_FINDINGS.md for FW 5.50, a public reading of FW 12.02's body). Here the setup
 * cannot fail.
 *
 * AgrSubmitDcb / AgrSubmitMultiDcbs: the console's AgrSubmitDcb tests a driver flag and
 * answers 0x8A6D0003 while it is clear (FW 5.50, OpenAGC src/game_compat.c's reading);
 * AgrSubmitMultiDcbs takes SubmitMultiDcbs's three arguments. Which call sets that flag and
 * where the buffers then go is not recorded: ours takes it to be SetupAsyncGraphics's flag
 * and runs them on the graphics queue (PARTIAL, docs/agc.md). */
#include <pthread.h>
#include <stdbool.h>

#include "common/log.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"

static pthread_mutex_t async_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  bool tf_set;
  uint64_t tf_base;
  uint32_t tf_size;
  bool async_set_up; /* the one-time setup ran */
  bool agr;          /* the last SetupAsyncGraphics flag was non-zero */
} async_state;

int agc_driver_set_tf_ring(const void *base, uint32_t size) {
  uint64_t b = (uint64_t)(uintptr_t)base;
  if (b % AGC_DRIVER_TF_RING_ALIGN != 0 || size % AGC_DRIVER_TF_RING_SIZE_ALIGN != 0) {
    LOG(hle, GAME_ERROR,
        "sceAgcDriverSetTFRing: refused (base 0x%llx, %u bytes; a 256-byte aligned base and a "
        "size in dwords expected)",
        (unsigned long long)b, size);
    return AGC_DRIVER_ERROR_EINVAL;
  }
  pthread_mutex_lock(&async_lock);
  async_state.tf_set = true;
  async_state.tf_base = b;
  async_state.tf_size = size;
  pthread_mutex_unlock(&async_lock);
  LOG_ONCE(hle, INFO,
           "sceAgcDriverSetTFRing: ring at 0x%llx, %u bytes (recorded; tessellation is not run)",
           (unsigned long long)b, size);
  return 0;
}

int agc_driver_tf_ring(uint64_t *base, uint32_t *size) {
  pthread_mutex_lock(&async_lock);
  bool set = async_state.tf_set;
  if (set) {
    if (base) *base = async_state.tf_base;
    if (size) *size = async_state.tf_size;
  }
  pthread_mutex_unlock(&async_lock);
  return set ? 0 : -1;
}

int agc_driver_setup_async_graphics(uint32_t flag) {
  pthread_mutex_lock(&async_lock);
  async_state.async_set_up = true;
  async_state.agr = flag != 0;
  pthread_mutex_unlock(&async_lock);
  return 0;
}

/* The AGR path is open; the first refusal and the first submission are each logged once per
 * entry point (*LOGGED: bit 1 a refusal logged, bit 2 a submission). */
static bool agr_open(const char *fn, int *logged) {
  pthread_mutex_lock(&async_lock);
  bool open = async_state.async_set_up && async_state.agr;
  pthread_mutex_unlock(&async_lock);
  const int bit = open ? 2 : 1;
  if (!(__atomic_fetch_or(logged, bit, __ATOMIC_RELAXED) & bit)) {
    if (!open)
      LOG(hle, WARN,
          "%s: the async graphics ring is not set up (0x8A6D0003, the console's answer while "
          "its AGR flag is clear)",
          fn);
    else LOG(hle, INFO, "%s: async graphics buffers run on the graphics queue", fn);
  }
  return open;
}

int agc_driver_agr_submit_dcb(const struct agc_driver_submit *packet) {
  static int logged;
  if (!agr_open("sceAgcDriverAgrSubmitDcb", &logged)) return AGC_DRIVER_ERROR_AGR_NOT_SET_UP;
  return agc_driver_submit_dcb(packet);
}

int agc_driver_agr_submit_multi_dcbs(const uint32_t *const *addrs, const uint32_t *dwords,
                                     uint32_t count) {
  static int logged;
  if (!agr_open("sceAgcDriverAgrSubmitMultiDcbs", &logged)) return AGC_DRIVER_ERROR_AGR_NOT_SET_UP;
  return agc_driver_submit_multi_dcbs(addrs, dwords, count);
}

void agc_driver_async_reset(void) {
  pthread_mutex_lock(&async_lock);
  async_state.tf_set = false;
  async_state.tf_base = 0;
  async_state.tf_size = 0;
  async_state.async_set_up = false;
  async_state.agr = false;
  pthread_mutex_unlock(&async_lock);
}
