/* libSceRtc: the calendar clock (names and types as the console SDK spells them). */
#ifndef _PROSPERO_RTC_H
#define _PROSPERO_RTC_H

#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_RTC_ERROR_INVALID_POINTER ((int)0x80B50002)
#define SCE_RTC_ERROR_INVALID_VALUE ((int)0x80B50003)
#define SCE_RTC_ERROR_INVALID_YEAR ((int)0x80B50008)
#define SCE_RTC_ERROR_INVALID_MONTH ((int)0x80B50009)
#define SCE_RTC_ERROR_INVALID_DAY ((int)0x80B5000A)
#define SCE_RTC_ERROR_INVALID_HOUR ((int)0x80B5000B)
#define SCE_RTC_ERROR_INVALID_MINUTE ((int)0x80B5000C)
#define SCE_RTC_ERROR_INVALID_SECOND ((int)0x80B5000D)
#define SCE_RTC_ERROR_INVALID_MICROSECOND ((int)0x80B5000E)

#define SCE_RTC_DAYOFWEEK_SUNDAY 0
#define SCE_RTC_DAYOFWEEK_SATURDAY 6

typedef struct SceRtcTick {
  uint64_t tick;
} SceRtcTick;

typedef struct SceRtcDateTime {
  unsigned short year;
  unsigned short month;
  unsigned short day;
  unsigned short hour;
  unsigned short minute;
  unsigned short second;
  unsigned int microsecond;
} SceRtcDateTime;

int sceRtcGetCurrentTick(SceRtcTick *pTick);
int sceRtcGetCurrentClock(SceRtcDateTime *pTime, int iTimeZone);
int sceRtcGetCurrentClockLocalTime(SceRtcDateTime *pTime);
int sceRtcConvertUtcToLocalTime(const SceRtcTick *pUtc, SceRtcTick *pLocalTime);
int sceRtcConvertLocalTimeToUtc(const SceRtcTick *pLocalTime, SceRtcTick *pUtc);
int sceRtcCheckValid(const SceRtcDateTime *pTime);
int sceRtcGetTick(const SceRtcDateTime *pTime, SceRtcTick *pTick);
int sceRtcSetTick(SceRtcDateTime *pTime, const SceRtcTick *pTick);
int sceRtcGetTime_t(const SceRtcDateTime *pTime, time_t *llTime);
int sceRtcSetTime_t(SceRtcDateTime *pTime, time_t llTime);
int sceRtcIsLeapYear(int year);
int sceRtcGetDaysInMonth(int year, int month);
int sceRtcGetDayOfWeek(int year, int month, int day);
unsigned int sceRtcGetTickResolution(void);
int sceRtcCompareTick(const SceRtcTick *pTick1, const SceRtcTick *pTick2);
int sceRtcTickAddTicks(SceRtcTick *pTick0, const SceRtcTick *pTick1, int64_t lAdd);
int sceRtcTickAddMicroseconds(SceRtcTick *pTick0, const SceRtcTick *pTick1, int64_t lAdd);
int sceRtcTickAddSeconds(SceRtcTick *pTick0, const SceRtcTick *pTick1, int64_t lAdd);
int sceRtcTickAddMinutes(SceRtcTick *pTick0, const SceRtcTick *pTick1, int64_t lAdd);
int sceRtcTickAddHours(SceRtcTick *pTick0, const SceRtcTick *pTick1, int iAdd);
int sceRtcTickAddDays(SceRtcTick *pTick0, const SceRtcTick *pTick1, int iAdd);
int sceRtcFormatRFC3339(char *pszDateTime, const SceRtcTick *pUtc, int iTimeZoneMinutes);
int sceRtcFormatRFC3339LocalTime(char *pszDateTime, const SceRtcTick *pUtc);

__PROSPERO_END_DECLS

#endif
