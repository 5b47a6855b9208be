/* libSceNpTrophy2: the PS5's trophy contexts and handles (names and types as the console
 * SDK spells them). Unlocks go through libSceNpUniversalDataSystem on the PS5. */
#ifndef _PROSPERO_NP_TROPHY2_H
#define _PROSPERO_NP_TROPHY2_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

typedef int32_t SceNpTrophy2Context;
typedef int32_t SceNpTrophy2Handle;
typedef uint32_t SceNpServiceLabel;

int sceNpTrophy2CreateContext(SceNpTrophy2Context *context, int32_t userId,
                              SceNpServiceLabel serviceLabel, uint64_t options);
int sceNpTrophy2DestroyContext(SceNpTrophy2Context context);
int sceNpTrophy2CreateHandle(SceNpTrophy2Handle *handle);
int sceNpTrophy2DestroyHandle(SceNpTrophy2Handle handle);
int sceNpTrophy2AbortHandle(SceNpTrophy2Handle handle);
int sceNpTrophy2RegisterContext(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                                uint64_t options);

__PROSPERO_END_DECLS

#endif
