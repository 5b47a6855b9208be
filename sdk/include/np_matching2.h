/* libSceNpMatching2: the PS4's matchmaking (names and types as the console SDK spells them; a
 * selection: prospero is offline and implements initialization only). */
#ifndef _PROSPERO_NP_MATCHING2_H
#define _PROSPERO_NP_MATCHING2_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_MATCHING2_ERROR_ALREADY_INITIALIZED ((int)0x80550C02)
#define SCE_NP_MATCHING2_ERROR_NOT_INITIALIZED ((int)0x80550C03)
#define SCE_NP_MATCHING2_ERROR_INVALID_ARGUMENT ((int)0x80550C0A)

typedef struct SceNpMatching2InitializeParameter {
  size_t poolSize;
  uint64_t cpuAffinityMask; /* SceKernelCpumask */
  int threadPriority;
  uint8_t padding[4];
  size_t threadStackSize;
  size_t size; /* sizeof(SceNpMatching2InitializeParameter) */
  size_t sslPoolSize;
} SceNpMatching2InitializeParameter;

int sceNpMatching2Initialize(const SceNpMatching2InitializeParameter *param);
int sceNpMatching2Terminate(void);

__PROSPERO_END_DECLS

#endif
