/* libSceNpTrophy: trophy contexts, handles, unlocks and information (names and types as
 * the console SDK spells them). */
#ifndef _PROSPERO_NP_TROPHY_H
#define _PROSPERO_NP_TROPHY_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_TROPHY_ERROR_UNKNOWN ((int)0x80551600)
#define SCE_NP_TROPHY_ERROR_NOT_INITIALIZED ((int)0x80551601)
#define SCE_NP_TROPHY_ERROR_OUT_OF_MEMORY ((int)0x80551603)
#define SCE_NP_TROPHY_ERROR_INVALID_ARGUMENT ((int)0x80551604)
#define SCE_NP_TROPHY_ERROR_INSUFFICIENT_BUFFER ((int)0x80551605)
#define SCE_NP_TROPHY_ERROR_EXCEEDS_MAX ((int)0x80551606)
#define SCE_NP_TROPHY_ERROR_ABORT ((int)0x80551607)
#define SCE_NP_TROPHY_ERROR_INVALID_HANDLE ((int)0x80551608)
#define SCE_NP_TROPHY_ERROR_INVALID_CONTEXT ((int)0x80551609)
#define SCE_NP_TROPHY_ERROR_INVALID_TROPHY_ID ((int)0x8055160A)
#define SCE_NP_TROPHY_ERROR_INVALID_GROUP_ID ((int)0x8055160B)
#define SCE_NP_TROPHY_ERROR_TROPHY_ALREADY_UNLOCKED ((int)0x8055160C)
#define SCE_NP_TROPHY_ERROR_PLATINUM_CANNOT_UNLOCK ((int)0x8055160D)
#define SCE_NP_TROPHY_ERROR_NOT_REGISTERED ((int)0x8055160F)
#define SCE_NP_TROPHY_ERROR_ALREADY_REGISTERED ((int)0x80551610)
#define SCE_NP_TROPHY_ERROR_CONTEXT_ALREADY_EXISTS ((int)0x80551613)
#define SCE_NP_TROPHY_ERROR_CONTEXT_EXCEEDS_MAX ((int)0x80551623)
#define SCE_NP_TROPHY_ERROR_HANDLE_EXCEEDS_MAX ((int)0x80551624)
#define SCE_NP_TROPHY_ERROR_INVALID_USER_ID ((int)0x80551625)
#define SCE_NP_TROPHY_ERROR_TITLE_CONF_NOT_INSTALLED ((int)0x80551626)

#define SCE_NP_TROPHY_NUM_MAX 128
#define SCE_NP_TROPHY_NAME_MAX_SIZE 128
#define SCE_NP_TROPHY_DESCR_MAX_SIZE 1024
#define SCE_NP_TROPHY_GAME_TITLE_MAX_SIZE 128
#define SCE_NP_TROPHY_GAME_DESCR_MAX_SIZE 1024
#define SCE_NP_TROPHY_INVALID_CONTEXT (-1)
#define SCE_NP_TROPHY_INVALID_HANDLE (-1)
#define SCE_NP_TROPHY_INVALID_TROPHY_ID (-1)
#define SCE_NP_TROPHY_BASE_GAME_GROUP_ID (-1)

typedef int32_t SceNpTrophyContext;
typedef int32_t SceNpTrophyHandle;
typedef int32_t SceNpTrophyId;
typedef int32_t SceNpTrophyGroupId;
typedef int32_t SceNpTrophyGrade;
#define SCE_NP_TROPHY_GRADE_UNKNOWN 0
#define SCE_NP_TROPHY_GRADE_PLATINUM 1
#define SCE_NP_TROPHY_GRADE_GOLD 2
#define SCE_NP_TROPHY_GRADE_SILVER 3
#define SCE_NP_TROPHY_GRADE_BRONZE 4
typedef uint32_t SceNpServiceLabel;
typedef uint64_t SceRtcTick;

typedef uint32_t SceNpTrophyFlagMask;
#define SCE_NP_TROPHY_FLAG_SETSIZE 128
#define SCE_NP_TROPHY_FLAG_BITS_SHIFT 5
typedef struct SceNpTrophyFlagArray {
  SceNpTrophyFlagMask flagBits[SCE_NP_TROPHY_FLAG_SETSIZE >> SCE_NP_TROPHY_FLAG_BITS_SHIFT];
} SceNpTrophyFlagArray;
#define SCE_NP_TROPHY_FLAG_ISSET(n, p) \
  (((p)->flagBits[(n) >> SCE_NP_TROPHY_FLAG_BITS_SHIFT] >> ((n)&31)) & 1)

typedef struct SceNpTrophyData {
  size_t size;
  SceNpTrophyId trophyId;
  uint8_t unlocked;
  uint8_t reserved[3];
  SceRtcTick timestamp;
} SceNpTrophyData;

typedef struct SceNpTrophyDetails {
  size_t size;
  SceNpTrophyId trophyId;
  SceNpTrophyGrade trophyGrade;
  SceNpTrophyGroupId groupId;
  uint8_t hidden;
  uint8_t reserved[3];
  char name[SCE_NP_TROPHY_NAME_MAX_SIZE];
  char description[SCE_NP_TROPHY_DESCR_MAX_SIZE];
} SceNpTrophyDetails;

typedef struct SceNpTrophyGameDetails {
  size_t size;
  uint32_t numGroups;
  uint32_t numTrophies;
  uint32_t numPlatinum;
  uint32_t numGold;
  uint32_t numSilver;
  uint32_t numBronze;
  char title[SCE_NP_TROPHY_GAME_TITLE_MAX_SIZE];
  char description[SCE_NP_TROPHY_GAME_DESCR_MAX_SIZE];
} SceNpTrophyGameDetails;

typedef struct SceNpTrophyGameData {
  size_t size;
  uint32_t unlockedTrophies;
  uint32_t unlockedPlatinum;
  uint32_t unlockedGold;
  uint32_t unlockedSilver;
  uint32_t unlockedBronze;
  uint32_t progressPercentage;
} SceNpTrophyGameData;

int sceNpTrophyCreateContext(SceNpTrophyContext *context, int32_t userId,
                             SceNpServiceLabel serviceLabel, uint64_t options);
int sceNpTrophyDestroyContext(SceNpTrophyContext context);
int sceNpTrophyCreateHandle(SceNpTrophyHandle *handle);
int sceNpTrophyDestroyHandle(SceNpTrophyHandle handle);
int sceNpTrophyAbortHandle(SceNpTrophyHandle handle);
int sceNpTrophyRegisterContext(SceNpTrophyContext context, SceNpTrophyHandle handle,
                               uint64_t options);
int sceNpTrophyUnlockTrophy(SceNpTrophyContext context, SceNpTrophyHandle handle,
                            SceNpTrophyId trophyId, SceNpTrophyId *platinumId);
int sceNpTrophyGetTrophyUnlockState(SceNpTrophyContext context, SceNpTrophyHandle handle,
                                    SceNpTrophyFlagArray *flags, uint32_t *count);
int sceNpTrophyGetGameInfo(SceNpTrophyContext context, SceNpTrophyHandle handle,
                           SceNpTrophyGameDetails *details, SceNpTrophyGameData *data);
int sceNpTrophyGetTrophyInfo(SceNpTrophyContext context, SceNpTrophyHandle handle,
                             SceNpTrophyId trophyId, SceNpTrophyDetails *details,
                             SceNpTrophyData *data);

__PROSPERO_END_DECLS

#endif
