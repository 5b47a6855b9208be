/* libSceNpTrophy2: the PS5's trophy contexts, handles and information (names and types as
 * the console SDK spells them). Unlocks go through libSceNpUniversalDataSystem on the PS5. */
#ifndef _PROSPERO_NP_TROPHY2_H
#define _PROSPERO_NP_TROPHY2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

typedef int32_t SceNpTrophy2Context;
typedef int32_t SceNpTrophy2Handle;
typedef uint32_t SceNpServiceLabel;
typedef int32_t SceNpTrophy2Id;
typedef int32_t SceNpTrophy2Grade;
typedef int32_t SceNpTrophy2GroupId;
typedef int32_t SceNpTrophy2ProgressType;

#define SCE_NP_TROPHY2_ERROR_INVALID_ARGUMENT ((int)0x80553904)
#define SCE_NP_TROPHY2_ERROR_INVALID_HANDLE ((int)0x80553908)
#define SCE_NP_TROPHY2_ERROR_INVALID_CONTEXT ((int)0x80553909)
#define SCE_NP_TROPHY2_ERROR_INVALID_TROPHY_ID ((int)0x8055390a)
#define SCE_NP_TROPHY2_ERROR_INVALID_GROUP_ID ((int)0x8055390b)
#define SCE_NP_TROPHY2_ERROR_CONTEXT_ALREADY_EXISTS ((int)0x80553910)
#define SCE_NP_TROPHY2_ERROR_ICON_FILE_NOT_FOUND ((int)0x80553911)
#define SCE_NP_TROPHY2_ERROR_CONTEXT_EXCEEDS_MAX ((int)0x8055391b)
#define SCE_NP_TROPHY2_ERROR_HANDLE_EXCEEDS_MAX ((int)0x8055391c)
#define SCE_NP_TROPHY2_ERROR_INVALID_USER_ID ((int)0x8055391d)
#define SCE_NP_TROPHY2_ERROR_NOT_REGISTERED ((int)0x80553920)
#define SCE_NP_TROPHY2_ERROR_ALREADY_REGISTERED ((int)0x80553921)

#define SCE_NP_TROPHY2_GAME_TITLE_MAX_SIZE 128
#define SCE_NP_TROPHY2_NAME_MAX_SIZE 128
#define SCE_NP_TROPHY2_DESCR_MAX_SIZE 1024
#define SCE_NP_TROPHY2_REWARD_MAX_SIZE 128
#define SCE_NP_TROPHY2_GROUP_TITLE_MAX_SIZE 128
#define SCE_NP_TROPHY2_BASE_GAME_GROUP_ID (-1)
#define SCE_NP_TROPHY2_INVALID_GROUP_ID (-2)
#define SCE_NP_TROPHY2_PROGRESS_TYPE_NONE 0
#define SCE_NP_TROPHY2_PROGRESS_TYPE_UINT64 1

typedef struct SceNpTrophy2GameDetails {
  uint32_t numGroups;
  uint32_t numTrophies;
  uint32_t numPlatinum;
  uint32_t numGold;
  uint32_t numSilver;
  uint32_t numBronze;
  char title[SCE_NP_TROPHY2_GAME_TITLE_MAX_SIZE];
} SceNpTrophy2GameDetails;

typedef struct SceNpTrophy2GameData {
  uint32_t unlockedTrophies;
  uint32_t unlockedPlatinum;
  uint32_t unlockedGold;
  uint32_t unlockedSilver;
  uint32_t unlockedBronze;
  uint32_t progressPercentage;
} SceNpTrophy2GameData;

typedef struct SceNpTrophy2GroupDetails {
  SceNpTrophy2GroupId groupId;
  uint32_t numTrophies;
  uint32_t numPlatinum;
  uint32_t numGold;
  uint32_t numSilver;
  uint32_t numBronze;
  char title[SCE_NP_TROPHY2_GROUP_TITLE_MAX_SIZE];
} SceNpTrophy2GroupDetails;

typedef struct SceNpTrophy2GroupData {
  SceNpTrophy2GroupId groupId;
  uint32_t unlockedTrophies;
  uint32_t unlockedPlatinum;
  uint32_t unlockedGold;
  uint32_t unlockedSilver;
  uint32_t unlockedBronze;
  uint32_t progressPercentage;
  uint8_t reserved[4];
} SceNpTrophy2GroupData;

typedef struct SceNpTrophy2Progress {
  SceNpTrophy2ProgressType type;
  uint8_t reserved[4];
  union {
    uint64_t valueUInt64;
  } value;
} SceNpTrophy2Progress;

typedef struct SceNpTrophy2Details {
  SceNpTrophy2Id trophyId;
  SceNpTrophy2Grade trophyGrade;
  SceNpTrophy2GroupId groupId;
  bool hidden;
  bool hasReward;
  uint8_t reserved[2];
  SceNpTrophy2Progress target;
  char name[SCE_NP_TROPHY2_NAME_MAX_SIZE];
  char description[SCE_NP_TROPHY2_DESCR_MAX_SIZE];
  char reward[SCE_NP_TROPHY2_REWARD_MAX_SIZE];
} SceNpTrophy2Details;

typedef struct SceNpTrophy2Data {
  SceNpTrophy2Id trophyId;
  bool unlocked;
  uint8_t reserved[3];
  SceNpTrophy2Progress progress;
  uint64_t timestamp; /* SceRtcTick */
} SceNpTrophy2Data;

int sceNpTrophy2CreateContext(SceNpTrophy2Context *context, int32_t userId,
                              SceNpServiceLabel serviceLabel, uint64_t options);
int sceNpTrophy2DestroyContext(SceNpTrophy2Context context);
int sceNpTrophy2CreateHandle(SceNpTrophy2Handle *handle);
int sceNpTrophy2DestroyHandle(SceNpTrophy2Handle handle);
int sceNpTrophy2AbortHandle(SceNpTrophy2Handle handle);
int sceNpTrophy2RegisterContext(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                                uint64_t options);
int sceNpTrophy2GetGameInfo(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                            SceNpTrophy2GameDetails *details, SceNpTrophy2GameData *data);
typedef void (*SceNpTrophy2UnlockCallback)(SceNpTrophy2Context context, SceNpTrophy2Id trophyId,
                                           void *userdata);
int sceNpTrophy2RegisterUnlockCallback(SceNpTrophy2UnlockCallback callback, void *userdata);
int sceNpTrophy2UnregisterUnlockCallback(void);
int sceNpTrophy2ShowTrophyList(SceNpTrophy2Context context);
int sceNpTrophy2GetGroupInfo(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                             SceNpTrophy2GroupId groupId, SceNpTrophy2GroupDetails *details,
                             SceNpTrophy2GroupData *data);
int sceNpTrophy2GetGroupInfoArray(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                                  uint32_t offset, uint32_t limit,
                                  SceNpTrophy2GroupDetails *detailsArray,
                                  SceNpTrophy2GroupData *dataArray, uint32_t *count);
int sceNpTrophy2GetTrophyInfo(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                              SceNpTrophy2Id trophyId, SceNpTrophy2Details *details,
                              SceNpTrophy2Data *data);
int sceNpTrophy2GetTrophyInfoArray(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                                   uint32_t offset, uint32_t limit,
                                   SceNpTrophy2Details *detailsArray, SceNpTrophy2Data *dataArray,
                                   uint32_t *count);
/* Icons (PNG): with buffer NULL, *size receives the icon's size. */
int sceNpTrophy2GetGameIcon(SceNpTrophy2Context context, SceNpTrophy2Handle handle, void *buffer,
                            size_t *size);
int sceNpTrophy2GetGroupIcon(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                             SceNpTrophy2GroupId groupId, void *buffer, size_t *size);
int sceNpTrophy2GetTrophyIcon(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                              SceNpTrophy2Id trophyId, void *buffer, size_t *size);
int sceNpTrophy2GetRewardIcon(SceNpTrophy2Context context, SceNpTrophy2Handle handle,
                              SceNpTrophy2Id trophyId, void *buffer, size_t *size);

__PROSPERO_END_DECLS

#endif
