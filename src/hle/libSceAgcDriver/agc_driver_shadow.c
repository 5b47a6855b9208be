/* The register-shadow aperture and GetRegShadowInfo(Agr) (agc_driver_misc.h).
 *
 * What the console's driver does (OpenAGC analysis/agc_driver_shadow_facts.md and
 * fw1160_register_shadow_20260729.md, read from every libSceAgcDriver.sprx 3.20-12.70): its
 * constructor allocates 2 MiB of direct memory (2 MiB aligned, type 0x0C, protection 0x33,
 * address hint 0xF_E000_0000; the returned address stands if the hint is not honoured) and
 * builds two 40-byte descriptors of register-shadow ranges in it:
 *   +0x00 u64 address (aperture + 0x8000, resp. + 0x21000)   +0x08 u32 size 0x19000
 *   +0x0C six u32 range words 0, 0x3BF, 0x2000, 0x2281, 0x2400, 0x2843   +0x24 u32 0
 * GetRegShadowInfo (a public reading of the FW 12.02 body) refuses a NULL output with
 * 0x8A6D0003, answers 0x8A6D0001 in a process of a class other than 0 (a game is class 0),
 * else copies 40 bytes of the shadow block to the output and returns 0; the copy a game made
 * held five non-zero qwords. That those 40 bytes are the first descriptor (and the AGR form's
 * the second) is our reading: the size, the five non-zero qwords and the range names
 * (SceAgcRegShadowInfo) agree with it (PARTIAL, docs/agc.md).
 *
 * Here the aperture is committed in guest memory on first use (at the hint when it is free,
 * else anywhere 2 MiB aligned); the command processor does not write register shadows into
 * it. Without guest bands (unit tests) it is host memory. */
#include <stdlib.h>
#include <string.h>

#include <pthread.h>

#include "common/log.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"
#include "kernel/guest_vm.h"

static pthread_mutex_t shadow_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t aperture; /* 0: not mapped yet */

/* The six range words of both descriptors. */
static const uint32_t range_words[6] = {0, 0x3BFu, 0x2000u, 0x2281u, 0x2400u, 0x2843u};

static uint64_t map_aperture(void) {
  const int prot =
      GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE | GUEST_PROT_GPU_READ | GUEST_PROT_GPU_WRITE;
  char why[200];
  if (guest_vm_check_fixed(AGC_DRIVER_SHADOW_HINT, AGC_DRIVER_SHADOW_HINT + AGC_DRIVER_SHADOW_SIZE,
                           why, sizeof why) &&
      guest_vm_map_fixed(AGC_DRIVER_SHADOW_HINT, AGC_DRIVER_SHADOW_SIZE, prot, "SceAgcRegShadow"))
    return AGC_DRIVER_SHADOW_HINT;
  uint64_t a =
      guest_vm_alloc(AGC_DRIVER_SHADOW_SIZE, AGC_DRIVER_SHADOW_SIZE, prot, "SceAgcRegShadow");
  if (a) {
    LOG(hle, INFO, "libSceAgcDriver: the register-shadow aperture is at 0x%llx (%s)",
        (unsigned long long)a, why);
    return a;
  }
  void *h = aligned_alloc(AGC_DRIVER_SHADOW_SIZE, AGC_DRIVER_SHADOW_SIZE); /* no guest bands */
  if (!h) return 0;
  memset(h, 0, AGC_DRIVER_SHADOW_SIZE);
  return (uint64_t)(uintptr_t)h;
}

uint64_t agc_driver_shadow_aperture(void) {
  pthread_mutex_lock(&shadow_lock);
  if (!aperture) aperture = map_aperture();
  uint64_t a = aperture;
  pthread_mutex_unlock(&shadow_lock);
  if (!a) LOG_ONCE(hle, ERROR, "libSceAgcDriver: no memory for the register-shadow aperture");
  return a;
}

bool agc_driver_shadow_descriptor(unsigned which, struct agc_driver_shadow_info *out) {
  uint64_t a = agc_driver_shadow_aperture();
  if (!a || which > 1) return false;
  memset(out, 0, sizeof *out);
  out->address = a + (which ? AGC_DRIVER_SHADOW_SECOND : AGC_DRIVER_SHADOW_FIRST);
  out->size = AGC_DRIVER_SHADOW_RANGE_SIZE;
  memcpy(out->ranges, range_words, sizeof range_words);
  return true;
}

static int get_info(unsigned which, struct agc_driver_shadow_info *out, const char *fn) {
  if (!out) {
    LOG(hle, GAME_ERROR, "%s: NULL output (0x8A6D0003)", fn);
    return AGC_DRIVER_ERROR_NULL_OUTPUT;
  }
  struct agc_driver_shadow_info d;
  if (!agc_driver_shadow_descriptor(which, &d)) return AGC_DRIVER_ERROR_EAGAIN;
  memcpy(out, &d, sizeof d);
  return 0;
}

int agc_driver_get_reg_shadow_info(struct agc_driver_shadow_info *out) {
  return get_info(0, out, "sceAgcDriverGetRegShadowInfo");
}

int agc_driver_get_reg_shadow_info_agr(struct agc_driver_shadow_info *out) {
  return get_info(1, out, "sceAgcDriverGetRegShadowInfoAgr");
}
