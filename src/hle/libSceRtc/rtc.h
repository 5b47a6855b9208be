/* libSceRtc: the console's calendar clock. A tick is a count of microseconds since
 * 0001-01-01 00:00:00 UTC (proleptic Gregorian calendar); SceRtcDateTime holds year, month,
 * day, hour, minute, second (uint16 each) and microsecond (uint32). Local time is UTC plus
 * the system time zone and summer time (libSceSystemService's settings). */
#ifndef PROSPERO_HLE_LIBSCERTC_RTC_H
#define PROSPERO_HLE_LIBSCERTC_RTC_H

#include <stdint.h>

/* Error codes (the console's SCE_RTC_ERROR_*) */
#define RTC_ERROR_INVALID_POINTER ((int)0x80B50002)
#define RTC_ERROR_INVALID_VALUE ((int)0x80B50003)
#define RTC_ERROR_INVALID_YEAR ((int)0x80B50008)
#define RTC_ERROR_INVALID_MONTH ((int)0x80B50009)
#define RTC_ERROR_INVALID_DAY ((int)0x80B5000A)
#define RTC_ERROR_INVALID_HOUR ((int)0x80B5000B)
#define RTC_ERROR_INVALID_MINUTE ((int)0x80B5000C)
#define RTC_ERROR_INVALID_SECOND ((int)0x80B5000D)
#define RTC_ERROR_INVALID_MICROSECOND ((int)0x80B5000E)

#define RTC_TICKS_PER_SECOND 1000000ull
#define RTC_UNIX_EPOCH_TICKS 62135596800000000ull /* 1970-01-01 00:00:00 */

struct rtc_date_time {
  uint16_t year, month, day, hour, minute, second;
  uint32_t microsecond;
};

/* The exports (the console's prototypes; see sdk/include/rtc.h) */
int rtc_get_current_tick(uint64_t *tick);
int rtc_get_current_clock(struct rtc_date_time *t, int32_t time_zone_minutes);
int rtc_get_current_clock_local_time(struct rtc_date_time *t);
int rtc_convert_utc_to_local_time(const uint64_t *utc, uint64_t *local);
int rtc_convert_local_time_to_utc(const uint64_t *local, uint64_t *utc);
int rtc_check_valid(const struct rtc_date_time *t);
int rtc_get_tick(const struct rtc_date_time *t, uint64_t *tick);
int rtc_set_tick(struct rtc_date_time *t, const uint64_t *tick);
int rtc_get_time_t(const struct rtc_date_time *t, int64_t *seconds);
int rtc_set_time_t(struct rtc_date_time *t, int64_t seconds);
int rtc_is_leap_year(int32_t year);
int rtc_get_days_in_month(int32_t year, int32_t month);
int rtc_get_day_of_week(int32_t year, int32_t month, int32_t day);
uint32_t rtc_get_tick_resolution(void);
int rtc_compare_tick(const uint64_t *a, const uint64_t *b);
int rtc_tick_add_ticks(uint64_t *out, const uint64_t *in, int64_t n);
int rtc_tick_add_microseconds(uint64_t *out, const uint64_t *in, int64_t n);
int rtc_tick_add_seconds(uint64_t *out, const uint64_t *in, int64_t n);
int rtc_tick_add_minutes(uint64_t *out, const uint64_t *in, int64_t n);
int rtc_tick_add_hours(uint64_t *out, const uint64_t *in, int32_t n);
int rtc_tick_add_days(uint64_t *out, const uint64_t *in, int32_t n);
int rtc_format_rfc3339(char *out, const uint64_t *utc, int32_t time_zone_minutes);
int rtc_format_rfc3339_local_time(char *out, const uint64_t *utc);

#endif
