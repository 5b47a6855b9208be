/* libSceSystemService: system settings, status and events (names and types as the console
 * SDK spells them). */
#ifndef _PROSPERO_SYSTEM_SERVICE_H
#define _PROSPERO_SYSTEM_SERVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_SYSTEM_SERVICE_ERROR_PARAMETER ((int)0x80A10003)
#define SCE_SYSTEM_SERVICE_ERROR_NO_EVENT ((int)0x80A10004)

typedef int32_t SceSystemServiceParamId;
#define SCE_SYSTEM_SERVICE_PARAM_ID_LANG 1
#define SCE_SYSTEM_SERVICE_PARAM_ID_DATE_FORMAT 2
#define SCE_SYSTEM_SERVICE_PARAM_ID_TIME_FORMAT 3
#define SCE_SYSTEM_SERVICE_PARAM_ID_TIME_ZONE 4
#define SCE_SYSTEM_SERVICE_PARAM_ID_SUMMERTIME 5
#define SCE_SYSTEM_SERVICE_PARAM_ID_SYSTEM_NAME 6
#define SCE_SYSTEM_SERVICE_PARAM_ID_GAME_PARENTAL_LEVEL 7
#define SCE_SYSTEM_SERVICE_PARAM_ID_ENTER_BUTTON_ASSIGN 1000

/* SceSystemParamLang (selection) */
#define SCE_SYSTEM_PARAM_LANG_JAPANESE 0
#define SCE_SYSTEM_PARAM_LANG_ENGLISH_US 1
#define SCE_SYSTEM_PARAM_LANG_FRENCH 2
#define SCE_SYSTEM_PARAM_LANG_SPANISH 3
#define SCE_SYSTEM_PARAM_LANG_GERMAN 4
#define SCE_SYSTEM_PARAM_LANG_ITALIAN 5
#define SCE_SYSTEM_PARAM_LANG_ENGLISH_GB 18

#define SCE_SYSTEM_PARAM_DATE_FORMAT_YYYYMMDD 0
#define SCE_SYSTEM_PARAM_DATE_FORMAT_DDMMYYYY 1
#define SCE_SYSTEM_PARAM_DATE_FORMAT_MMDDYYYY 2
#define SCE_SYSTEM_PARAM_TIME_FORMAT_12HOUR 0
#define SCE_SYSTEM_PARAM_TIME_FORMAT_24HOUR 1
#define SCE_SYSTEM_PARAM_GAME_PARENTAL_OFF 0
#define SCE_SYSTEM_PARAM_ENTER_BUTTON_ASSIGN_CIRCLE 0
#define SCE_SYSTEM_PARAM_ENTER_BUTTON_ASSIGN_CROSS 1

typedef struct SceSystemServiceStatus {
  int32_t eventNum;
  bool isSystemUiOverlaid;
  bool isInBackgroundExecution;
  bool isCpuMode7CpuNormal;
  bool isGameLiveStreamingOnAir;
  bool isOutOfVrPlayArea;
  uint8_t reserved[125];
} SceSystemServiceStatus;

typedef int32_t SceSystemServiceEventType;

typedef struct SceSystemServiceEvent {
  SceSystemServiceEventType eventType;
  union {
    char param[8192];
    uint8_t reserved[8192];
  } data;
} SceSystemServiceEvent;

typedef struct SceSystemServiceDisplaySafeAreaInfo {
  float ratio;
  uint8_t reserved[128];
} SceSystemServiceDisplaySafeAreaInfo;

int sceSystemServiceParamGetInt(SceSystemServiceParamId paramId, int32_t *value);
int sceSystemServiceGetStatus(SceSystemServiceStatus *status);
int sceSystemServiceReceiveEvent(SceSystemServiceEvent *event);
int sceSystemServiceHideSplashScreen(void);
int sceSystemServiceGetNoticeScreenSkipFlag(bool *value);
int sceSystemServiceSetNoticeScreenSkipFlag(bool value);
int sceSystemServiceDisableNoticeScreenSkipFlagAutoSet(void);
int sceSystemServiceLoadExec(const char *path, char *const argv[]);
int sceSystemServicePowerTick(void);
int sceSystemServiceGetDisplaySafeAreaInfo(SceSystemServiceDisplaySafeAreaInfo *info);
int sceSystemServiceReportAbnormalTermination(const void *info);

__PROSPERO_END_DECLS

#endif
