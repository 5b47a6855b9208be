/* libSceNpUniversalDataSystem: the PS5's event library (names and types as the console SDK
 * spells them). PS5 titles unlock trophies by posting the event "_UnlockTrophy" with the
 * Int32 property "_trophy_id", and update progressive trophies with "_UpdateTrophyProgress"
 * ("_trophy_id", "_trophy_progress"). */
#ifndef _PROSPERO_NP_UNIVERSAL_DATA_SYSTEM_H
#define _PROSPERO_NP_UNIVERSAL_DATA_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_OUT_OF_MEMORY ((int)0x80553101)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_ARGUMENT ((int)0x80553102)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_CONTEXT ((int)0x80553104)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_CONTEXT_EXCEEDS_MAX ((int)0x80553105)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_HANDLE ((int)0x80553106)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_HANDLE_EXCEEDS_MAX ((int)0x80553107)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_USER ((int)0x8055310a)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_USER_NOT_LOGGED_IN ((int)0x8055310b)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_EVENT_NAME ((int)0x8055310d)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_SIZE ((int)0x80553112)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_EXCEEDS_EVENT_DATA_SIZE_LIMIT ((int)0x80553113)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_EVENT ((int)0x80553116)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_NOT_INITIALIZED ((int)0x80553117)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_ALREADY_INITIALIZED ((int)0x80553118)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_OBJECT ((int)0x80553119)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_INVALID_ARRAY ((int)0x8055311a)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_NOT_REGISTERED ((int)0x80553120)
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_ALREADY_REGISTERED ((int)0x80553121)

#define SCE_NP_UNIVERSAL_DATA_SYSTEM_EVENT_DATA_SIZE_MAX 20480
#define SCE_NP_UNIVERSAL_DATA_SYSTEM_POST_EVENT_OPTION_GENERATED_BY_CODEGEN 1

typedef int32_t SceNpUniversalDataSystemContext;
typedef int32_t SceNpUniversalDataSystemHandle;
typedef struct SceNpUniversalDataSystemEvent SceNpUniversalDataSystemEvent;
typedef struct SceNpUniversalDataSystemEventPropertyObject
    SceNpUniversalDataSystemEventPropertyObject;
typedef struct SceNpUniversalDataSystemEventPropertyArray
    SceNpUniversalDataSystemEventPropertyArray;

typedef struct SceNpUniversalDataSystemInitParam {
  size_t size;
  size_t poolSize;
} SceNpUniversalDataSystemInitParam;

int sceNpUniversalDataSystemInitialize(const SceNpUniversalDataSystemInitParam *param);
int sceNpUniversalDataSystemTerminate(void);
int sceNpUniversalDataSystemCreateContext(SceNpUniversalDataSystemContext *context, int32_t userId,
                                          uint32_t serviceLabel, uint64_t options);
int sceNpUniversalDataSystemDestroyContext(SceNpUniversalDataSystemContext context);
int sceNpUniversalDataSystemRegisterContext(SceNpUniversalDataSystemContext context,
                                            SceNpUniversalDataSystemHandle handle,
                                            uint64_t options);
int sceNpUniversalDataSystemCreateHandle(SceNpUniversalDataSystemHandle *handle);
int sceNpUniversalDataSystemDestroyHandle(SceNpUniversalDataSystemHandle handle);
int sceNpUniversalDataSystemAbortHandle(SceNpUniversalDataSystemHandle handle);
int sceNpUniversalDataSystemPostEvent(SceNpUniversalDataSystemContext context,
                                      SceNpUniversalDataSystemHandle handle,
                                      const SceNpUniversalDataSystemEvent *event, uint64_t options);
int sceNpUniversalDataSystemCreateEvent(const char *eventName,
                                        const SceNpUniversalDataSystemEventPropertyObject *prop,
                                        SceNpUniversalDataSystemEvent **newEvent,
                                        SceNpUniversalDataSystemEventPropertyObject **propPtr);
int sceNpUniversalDataSystemDestroyEvent(SceNpUniversalDataSystemEvent *event);
/* The event's size once serialised, and the event as readable text (cut to bufSize; stringSize
 * with its NUL). */
int sceNpUniversalDataSystemEventEstimateSize(const SceNpUniversalDataSystemEvent *event,
                                              size_t *size);
int sceNpUniversalDataSystemEventToString(const SceNpUniversalDataSystemEvent *event, char *buf,
                                          size_t bufSize, size_t *stringSize);

typedef struct SceNpUniversalDataSystemMemoryStat {
  size_t poolSize;
  size_t maxInuseSize;
  size_t currentInuseSize;
} SceNpUniversalDataSystemMemoryStat;
typedef struct SceNpUniversalDataSystemStorageStat {
  size_t inEvents;
  size_t outEvents;
  size_t lostEvents;
  size_t maxInuseSize;
  size_t currentEvents;
  size_t currentInuseSize;
  size_t currentFreeSize;
} SceNpUniversalDataSystemStorageStat;
int sceNpUniversalDataSystemGetMemoryStat(SceNpUniversalDataSystemMemoryStat *stat);
int sceNpUniversalDataSystemGetStorageStat(SceNpUniversalDataSystemContext context,
                                           SceNpUniversalDataSystemStorageStat *stat);

int sceNpUniversalDataSystemCreateEventPropertyObject(
    SceNpUniversalDataSystemEventPropertyObject **newObject);
int sceNpUniversalDataSystemDestroyEventPropertyObject(
    SceNpUniversalDataSystemEventPropertyObject *object);
int sceNpUniversalDataSystemEventPropertyObjectSetInt32(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, int32_t value);
int sceNpUniversalDataSystemEventPropertyObjectSetUInt32(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, uint32_t value);
int sceNpUniversalDataSystemEventPropertyObjectSetInt64(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, int64_t value);
int sceNpUniversalDataSystemEventPropertyObjectSetUInt64(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, uint64_t value);
int sceNpUniversalDataSystemEventPropertyObjectSetFloat32(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, float value);
int sceNpUniversalDataSystemEventPropertyObjectSetFloat64(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, double value);
int sceNpUniversalDataSystemEventPropertyObjectSetBool(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, bool value);
int sceNpUniversalDataSystemEventPropertyObjectSetString(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, const char *value);
int sceNpUniversalDataSystemEventPropertyObjectSetBinary(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key, const void *value,
    size_t valueSize);
int sceNpUniversalDataSystemEventPropertyObjectSetObject(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key,
    const SceNpUniversalDataSystemEventPropertyObject *value,
    SceNpUniversalDataSystemEventPropertyObject **valuePtr);
int sceNpUniversalDataSystemEventPropertyObjectSetArray(
    SceNpUniversalDataSystemEventPropertyObject *object, const char *key,
    const SceNpUniversalDataSystemEventPropertyArray *value,
    SceNpUniversalDataSystemEventPropertyArray **valuePtr);
int sceNpUniversalDataSystemCreateEventPropertyArray(
    SceNpUniversalDataSystemEventPropertyArray **newArray);
int sceNpUniversalDataSystemDestroyEventPropertyArray(
    SceNpUniversalDataSystemEventPropertyArray *array);
int sceNpUniversalDataSystemEventPropertyArraySetString(
    SceNpUniversalDataSystemEventPropertyArray *array, const char *value);
int sceNpUniversalDataSystemEventPropertyArraySetInt32(
    SceNpUniversalDataSystemEventPropertyArray *array, int32_t value);
int sceNpUniversalDataSystemEventPropertyArraySetUInt32(
    SceNpUniversalDataSystemEventPropertyArray *array, uint32_t value);
int sceNpUniversalDataSystemEventPropertyArraySetInt64(
    SceNpUniversalDataSystemEventPropertyArray *array, int64_t value);
int sceNpUniversalDataSystemEventPropertyArraySetUInt64(
    SceNpUniversalDataSystemEventPropertyArray *array, uint64_t value);
int sceNpUniversalDataSystemEventPropertyArraySetFloat32(
    SceNpUniversalDataSystemEventPropertyArray *array, float value);
int sceNpUniversalDataSystemEventPropertyArraySetFloat64(
    SceNpUniversalDataSystemEventPropertyArray *array, double value);
int sceNpUniversalDataSystemEventPropertyArraySetBool(
    SceNpUniversalDataSystemEventPropertyArray *array, bool value);
int sceNpUniversalDataSystemEventPropertyArraySetBinary(
    SceNpUniversalDataSystemEventPropertyArray *array, const void *value, size_t valueSize);
int sceNpUniversalDataSystemEventPropertyArraySetObject(
    SceNpUniversalDataSystemEventPropertyArray *array,
    const SceNpUniversalDataSystemEventPropertyObject *value,
    SceNpUniversalDataSystemEventPropertyObject **valuePtr);
int sceNpUniversalDataSystemEventPropertyArraySetArray(
    SceNpUniversalDataSystemEventPropertyArray *array,
    const SceNpUniversalDataSystemEventPropertyArray *value,
    SceNpUniversalDataSystemEventPropertyArray **valuePtr);

__PROSPERO_END_DECLS

#endif
