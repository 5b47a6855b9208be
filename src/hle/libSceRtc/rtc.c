/* libSceRtc: ticks, calendar conversion (days from civil dates with the proleptic Gregorian
 * rules), local time from the system time zone, RFC 3339 text. */
#include "hle/libSceRtc/rtc.h"

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "common/log.h"
#include "hle/libSceSystemService/system_service.h"

#define TICKS_PER_DAY (86400ull * RTC_TICKS_PER_SECOND)
#define MAX_TICK 315537897599999999ull /* 9999-12-31 23:59:59.999999 */

static bool leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int days_in_month(int64_t y, int m) {
  static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : days[m - 1];
}

/* Days from 0001-01-01 to Y-M-D (Y >= 1). */
static int64_t days_from_civil(int64_t y, int m, int d) {
  int64_t py = y - 1;
  int64_t days = py * 365 + py / 4 - py / 100 + py / 400;
  for (int k = 1; k < m; k++) days += days_in_month(y, k);
  return days + d - 1;
}

static void civil_from_days(int64_t days, struct rtc_date_time *t) {
  int64_t y400 = days / 146097, r = days % 146097;
  int64_t y100 = r / 36524;
  if (y100 == 4) y100 = 3;
  r -= y100 * 36524;
  int64_t y4 = r / 1461;
  r -= y4 * 1461;
  int64_t y1 = r / 365;
  if (y1 == 4) y1 = 3;
  r -= y1 * 365;
  int64_t y = y400 * 400 + y100 * 100 + y4 * 4 + y1 + 1;
  int m = 1;
  while (r >= days_in_month(y, m)) r -= days_in_month(y, m++);
  t->year = (uint16_t)y;
  t->month = (uint16_t)m;
  t->day = (uint16_t)(r + 1);
}

static void tick_to_date(uint64_t tick, struct rtc_date_time *t) {
  civil_from_days((int64_t)(tick / TICKS_PER_DAY), t);
  uint64_t in_day = tick % TICKS_PER_DAY;
  t->hour = (uint16_t)(in_day / (3600 * RTC_TICKS_PER_SECOND));
  t->minute = (uint16_t)(in_day / (60 * RTC_TICKS_PER_SECOND) % 60);
  t->second = (uint16_t)(in_day / RTC_TICKS_PER_SECOND % 60);
  t->microsecond = (uint32_t)(in_day % RTC_TICKS_PER_SECOND);
}

/* Minutes local time is ahead of UTC: the time zone plus an hour of summer time. */
static int64_t local_offset_minutes(void) {
  int32_t zone = 0, summer = 0;
  system_service_param(SYSTEM_SERVICE_PARAM_TIME_ZONE, &zone);
  system_service_param(SYSTEM_SERVICE_PARAM_SUMMERTIME, &summer);
  return (int64_t)zone + (summer ? 60 : 0);
}

static uint64_t now_tick(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return RTC_UNIX_EPOCH_TICKS + (uint64_t)ts.tv_sec * RTC_TICKS_PER_SECOND +
         (uint64_t)ts.tv_nsec / 1000;
}

/* IN + N ticks into *OUT; INVALID_VALUE when the result is before year 1 or after 9999. */
static int add(uint64_t *out, const uint64_t *in, int64_t n, int64_t unit) {
  if (!out || !in) return RTC_ERROR_INVALID_POINTER;
  __int128 v = (__int128)*in + (__int128)n * unit;
  if (v < 0 || v > (__int128)MAX_TICK) return RTC_ERROR_INVALID_VALUE;
  *out = (uint64_t)v;
  return 0;
}

int rtc_get_current_tick(uint64_t *tick) {
  if (!tick) return RTC_ERROR_INVALID_POINTER;
  *tick = now_tick();
  return 0;
}

int rtc_get_current_clock(struct rtc_date_time *t, int32_t time_zone_minutes) {
  if (!t) return RTC_ERROR_INVALID_POINTER;
  uint64_t tick;
  int rc = add(&tick, &(uint64_t){now_tick()}, time_zone_minutes, 60 * RTC_TICKS_PER_SECOND);
  if (rc) return rc;
  tick_to_date(tick, t);
  return 0;
}

int rtc_get_current_clock_local_time(struct rtc_date_time *t) {
  return rtc_get_current_clock(t, (int32_t)local_offset_minutes());
}

int rtc_convert_utc_to_local_time(const uint64_t *utc, uint64_t *local) {
  return add(local, utc, local_offset_minutes(), 60 * RTC_TICKS_PER_SECOND);
}

int rtc_convert_local_time_to_utc(const uint64_t *local, uint64_t *utc) {
  return add(utc, local, -local_offset_minutes(), 60 * RTC_TICKS_PER_SECOND);
}

int rtc_check_valid(const struct rtc_date_time *t) {
  if (!t) return RTC_ERROR_INVALID_POINTER;
  if (t->year < 1 || t->year > 9999) return RTC_ERROR_INVALID_YEAR;
  if (t->month < 1 || t->month > 12) return RTC_ERROR_INVALID_MONTH;
  if (t->day < 1 || t->day > days_in_month(t->year, t->month)) return RTC_ERROR_INVALID_DAY;
  if (t->hour > 23) return RTC_ERROR_INVALID_HOUR;
  if (t->minute > 59) return RTC_ERROR_INVALID_MINUTE;
  if (t->second > 59) return RTC_ERROR_INVALID_SECOND;
  if (t->microsecond > 999999) return RTC_ERROR_INVALID_MICROSECOND;
  return 0;
}

int rtc_get_tick(const struct rtc_date_time *t, uint64_t *tick) {
  if (!t || !tick) return RTC_ERROR_INVALID_POINTER;
  int rc = rtc_check_valid(t);
  if (rc) return rc;
  *tick = (uint64_t)days_from_civil(t->year, t->month, t->day) * TICKS_PER_DAY +
          ((uint64_t)t->hour * 3600 + t->minute * 60u + t->second) * RTC_TICKS_PER_SECOND +
          t->microsecond;
  return 0;
}

int rtc_set_tick(struct rtc_date_time *t, const uint64_t *tick) {
  if (!t || !tick) return RTC_ERROR_INVALID_POINTER;
  if (*tick > MAX_TICK) return RTC_ERROR_INVALID_VALUE;
  tick_to_date(*tick, t);
  return 0;
}

int rtc_get_time_t(const struct rtc_date_time *t, int64_t *seconds) {
  if (!t || !seconds) return RTC_ERROR_INVALID_POINTER;
  uint64_t tick;
  int rc = rtc_get_tick(t, &tick);
  if (rc) return rc;
  if (tick < RTC_UNIX_EPOCH_TICKS) return RTC_ERROR_INVALID_VALUE;
  *seconds = (int64_t)((tick - RTC_UNIX_EPOCH_TICKS) / RTC_TICKS_PER_SECOND);
  return 0;
}

int rtc_set_time_t(struct rtc_date_time *t, int64_t seconds) {
  if (!t) return RTC_ERROR_INVALID_POINTER;
  uint64_t tick;
  int rc = add(&tick, &(uint64_t){RTC_UNIX_EPOCH_TICKS}, seconds, RTC_TICKS_PER_SECOND);
  if (seconds < 0 || rc) return RTC_ERROR_INVALID_VALUE;
  tick_to_date(tick, t);
  return 0;
}

int rtc_is_leap_year(int32_t year) {
  if (year < 1) return RTC_ERROR_INVALID_YEAR;
  return leap(year);
}

int rtc_get_days_in_month(int32_t year, int32_t month) {
  if (year < 1) return RTC_ERROR_INVALID_YEAR;
  if (month < 1 || month > 12) return RTC_ERROR_INVALID_MONTH;
  return days_in_month(year, month);
}

/* 0 Sunday .. 6 Saturday (0001-01-01 was a Monday). */
int rtc_get_day_of_week(int32_t year, int32_t month, int32_t day) {
  if (year < 1) return RTC_ERROR_INVALID_YEAR;
  if (month < 1 || month > 12) return RTC_ERROR_INVALID_MONTH;
  if (day < 1 || day > days_in_month(year, month)) return RTC_ERROR_INVALID_DAY;
  return (int)((days_from_civil(year, month, day) + 1) % 7);
}

uint32_t rtc_get_tick_resolution(void) { return (uint32_t)RTC_TICKS_PER_SECOND; }

int rtc_compare_tick(const uint64_t *a, const uint64_t *b) {
  if (!a || !b) return RTC_ERROR_INVALID_POINTER;
  return *a < *b ? -1 : *a > *b;
}

int rtc_tick_add_ticks(uint64_t *out, const uint64_t *in, int64_t n) { return add(out, in, n, 1); }
int rtc_tick_add_microseconds(uint64_t *out, const uint64_t *in, int64_t n) {
  return add(out, in, n, 1);
}
int rtc_tick_add_seconds(uint64_t *out, const uint64_t *in, int64_t n) {
  return add(out, in, n, (int64_t)RTC_TICKS_PER_SECOND);
}
int rtc_tick_add_minutes(uint64_t *out, const uint64_t *in, int64_t n) {
  return add(out, in, n, 60 * (int64_t)RTC_TICKS_PER_SECOND);
}
int rtc_tick_add_hours(uint64_t *out, const uint64_t *in, int32_t n) {
  return add(out, in, n, 3600 * (int64_t)RTC_TICKS_PER_SECOND);
}
int rtc_tick_add_days(uint64_t *out, const uint64_t *in, int32_t n) {
  return add(out, in, n, (int64_t)TICKS_PER_DAY);
}

/* Partial: "YYYY-MM-DDTHH:MM:SS.ssZ", or "+HH:MM"/"-HH:MM" for a time zone other than UTC,
 * with two fraction digits (hundredths): the form other implementations give; the console's
 * exact digits are not verified (logged once). A NULL tick formats the current time. */
int rtc_format_rfc3339(char *out, const uint64_t *utc, int32_t time_zone_minutes) {
  if (!out) return RTC_ERROR_INVALID_POINTER;
  LOG_ONCE(hle, WARN,
           "sceRtcFormatRFC3339: two fraction digits, as other implementations "
           "print them (the console's form is not verified)");
  uint64_t tick;
  int rc = add(&tick, &(uint64_t){utc ? *utc : now_tick()}, time_zone_minutes,
               60 * (int64_t)RTC_TICKS_PER_SECOND);
  if (rc) return rc;
  struct rtc_date_time t;
  tick_to_date(tick, &t);
  char zone[8] = "Z";
  if (time_zone_minutes) {
    int32_t a = time_zone_minutes < 0 ? -time_zone_minutes : time_zone_minutes;
    snprintf(zone, sizeof zone, "%c%02d:%02d", time_zone_minutes < 0 ? '-' : '+', a / 60 % 100,
             a % 60);
  }
  snprintf(out, 32, "%04u-%02u-%02uT%02u:%02u:%02u.%02u%s", t.year, t.month, t.day, t.hour,
           t.minute, t.second, t.microsecond / 10000, zone);
  return 0;
}

int rtc_format_rfc3339_local_time(char *out, const uint64_t *utc) {
  return rtc_format_rfc3339(out, utc, (int32_t)local_offset_minutes());
}
