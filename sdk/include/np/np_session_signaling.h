/* libSceNpSessionSignaling: the PS5's peer-to-peer connections of a session (names and types
 * as the console SDK spells them; a selection: prospero is offline and implements
 * initialization only). */
#ifndef _PROSPERO_NP_NP_SESSION_SIGNALING_H
#define _PROSPERO_NP_NP_SESSION_SIGNALING_H

#include <stddef.h>
#include <stdint.h>

#include "../_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_SESSION_SIGNALING_ERROR_NOT_INITIALIZED ((int)0x80553301)
#define SCE_NP_SESSION_SIGNALING_ERROR_ALREADY_INITIALIZED ((int)0x80553302)
#define SCE_NP_SESSION_SIGNALING_ERROR_INVALID_ARGUMENT ((int)0x80553303)
#define SCE_NP_SESSION_SIGNALING_ERROR_OUT_OF_MEMORY ((int)0x80553305)

typedef struct SceNpSessionSignalingInitParam {
  int libhttp2CtxId;
  size_t poolSize;
  uint64_t cpuAffinityMask; /* SceKernelCpumask */
  int32_t threadPriority;
  size_t threadStackSize;
} SceNpSessionSignalingInitParam;

int sceNpSessionSignalingInitialize(const SceNpSessionSignalingInitParam *param);
int sceNpSessionSignalingTerminate(void);

__PROSPERO_END_DECLS

#endif
