/* libSceNpGameIntent: the PS5's game intents (names and types as the console SDK spells
 * them). prospero has no system UI and no network: no game intent ever occurs. */
#ifndef _PROSPERO_NP_NP_GAME_INTENT_H
#define _PROSPERO_NP_NP_GAME_INTENT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../_prospero_cdefs.h"
#include "../user_service.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_GAME_INTENT_ERROR_UNKNOWN ((int)0x80553800)
#define SCE_NP_GAME_INTENT_ERROR_ALREADY_INITIALIZED ((int)0x80553801)
#define SCE_NP_GAME_INTENT_ERROR_NOT_INITIALIZED ((int)0x80553802)
#define SCE_NP_GAME_INTENT_ERROR_OUT_OF_MEMORY ((int)0x80553803)
#define SCE_NP_GAME_INTENT_ERROR_INVALID_ARGUMENT ((int)0x80553804)
#define SCE_NP_GAME_INTENT_ERROR_INSUFFICIENT_BUFFER ((int)0x80553805)
#define SCE_NP_GAME_INTENT_ERROR_INTENT_NOT_FOUND ((int)0x80553806)
#define SCE_NP_GAME_INTENT_ERROR_VALUE_NOT_FOUND ((int)0x80553807)

#define SCE_NP_GAME_INTENT_TYPE_MAX_SIZE (32 + 1)
#define SCE_NP_GAME_INTENT_DATA_MAX_SIZE (16 * 1024 + 1)

typedef struct SceNpGameIntentInitParam {
  size_t size;
  uint8_t reserved[32];
} SceNpGameIntentInitParam;

typedef struct SceNpGameIntentData {
  uint8_t data[SCE_NP_GAME_INTENT_DATA_MAX_SIZE];
  uint8_t padding[7];
} SceNpGameIntentData;

typedef struct SceNpGameIntentInfo {
  size_t size;
  SceUserServiceUserId userId;
  char intentType[SCE_NP_GAME_INTENT_TYPE_MAX_SIZE];
  uint8_t padding[7];
  uint8_t reserved[256];
  SceNpGameIntentData intentData;
} SceNpGameIntentInfo;

static inline void sceNpGameIntentInitParamInit(SceNpGameIntentInitParam *p) {
  memset(p, 0, sizeof *p);
  p->size = sizeof *p;
}

static inline void sceNpGameIntentInfoInit(SceNpGameIntentInfo *p) {
  memset(p, 0, sizeof *p);
  p->size = sizeof *p;
}

int32_t sceNpGameIntentInitialize(const SceNpGameIntentInitParam *initParam);
int32_t sceNpGameIntentTerminate(void);
int32_t sceNpGameIntentReceiveIntent(SceNpGameIntentInfo *intentInfo);
int32_t sceNpGameIntentGetPropertyValueString(const SceNpGameIntentData *intentData,
                                              const char *key, char *valueBuf, size_t bufSize);

__PROSPERO_END_DECLS

#endif
