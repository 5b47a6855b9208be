/* libSceRtc conformance against calendar facts: 2000-01-01 is Unix time 946684800 and a
 * Saturday, 1970-01-01 a Thursday, 2024-02-29 a Thursday; 1900 is not a leap year, 2000 is;
 * ticks count microseconds from 0001-01-01. Local time: --system-param time_zone=60 and
 * summertime=1 make it UTC + 2 h. RFC 3339 text with a time zone offset. Errors on bad
 * dates, out-of-range ticks and NULL pointers. */
#include <rtc.h>
#include <stdio.h>
#include <string.h>

#define Y2K 63082281600000000ull /* 62135596800000000 (1970) + 946684800 s */

static void show(const char *what, const SceRtcDateTime *t) {
  printf("%s: %04u-%02u-%02u %02u:%02u:%02u.%06u\n", what, t->year, t->month, t->day, t->hour,
         t->minute, t->second, t->microsecond);
}

int main(void) {
  SceRtcDateTime t = {2000, 1, 1, 0, 0, 0, 0};
  SceRtcTick tick = {0};
  int rc = sceRtcGetTick(&t, &tick);
  printf("tick of 2000-01-01: rc 0x%x matches %d\n", (unsigned)rc, tick.tick == Y2K);
  tick.tick = Y2K + 1234567;
  rc = sceRtcSetTick(&t, &tick);
  show("date of tick + 1234567", &t);
  tick.tick = 0;
  sceRtcSetTick(&t, &tick);
  show("date of tick 0", &t);
  time_t secs = 0;
  SceRtcDateTime epoch10 = {1970, 1, 1, 0, 0, 10, 0};
  rc = sceRtcGetTime_t(&epoch10, &secs);
  printf("time_t of 1970-01-01 00:00:10: rc 0x%x %lld\n", (unsigned)rc, (long long)secs);
  rc = sceRtcSetTime_t(&t, 946684800 + 86399);
  show("date of time_t 946771199", &t);

  printf("day of week 2000-01-01: %d\n", sceRtcGetDayOfWeek(2000, 1, 1));
  printf("day of week 1970-01-01: %d\n", sceRtcGetDayOfWeek(1970, 1, 1));
  printf("day of week 2024-02-29: %d\n", sceRtcGetDayOfWeek(2024, 2, 29));
  printf("day of week 2023-02-29: 0x%x\n", (unsigned)sceRtcGetDayOfWeek(2023, 2, 29));
  printf("leap 1900 %d 2000 %d 2023 %d 2024 %d year 0 0x%x\n", sceRtcIsLeapYear(1900),
         sceRtcIsLeapYear(2000), sceRtcIsLeapYear(2023), sceRtcIsLeapYear(2024),
         (unsigned)sceRtcIsLeapYear(0));
  printf("days in 2024-02 %d 2023-02 %d 2023-04 %d month 13 0x%x\n",
         sceRtcGetDaysInMonth(2024, 2), sceRtcGetDaysInMonth(2023, 2),
         sceRtcGetDaysInMonth(2023, 4), (unsigned)sceRtcGetDaysInMonth(2023, 13));

  SceRtcDateTime bad[] = {
      {2023, 2, 28, 23, 59, 59, 999999}, {0, 1, 1, 0, 0, 0, 0},      {2023, 13, 1, 0, 0, 0, 0},
      {2023, 2, 29, 0, 0, 0, 0},         {2023, 1, 1, 24, 0, 0, 0},  {2023, 1, 1, 0, 60, 0, 0},
      {2023, 1, 1, 0, 0, 60, 0},         {2023, 1, 1, 0, 0, 0, 1000000},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    printf("check valid %u: 0x%x\n", i, (unsigned)sceRtcCheckValid(&bad[i]));
  printf("check valid null: 0x%x\n", (unsigned)sceRtcCheckValid(NULL));
  printf("get tick of a bad date: 0x%x\n", (unsigned)sceRtcGetTick(&bad[3], &tick));

  SceRtcTick a = {Y2K}, b;
  sceRtcTickAddDays(&b, &a, 366);
  sceRtcSetTick(&t, &b);
  show("2000-01-01 + 366 days", &t);
  sceRtcTickAddHours(&b, &a, -1);
  sceRtcSetTick(&t, &b);
  show("2000-01-01 - 1 hour", &t);
  sceRtcTickAddSeconds(&b, &a, 90);
  sceRtcTickAddMinutes(&b, &b, 1);
  sceRtcTickAddMicroseconds(&b, &b, 5);
  sceRtcTickAddTicks(&b, &b, 5);
  sceRtcSetTick(&t, &b);
  show("+ 90 s + 1 min + 5 us + 5 ticks", &t);
  SceRtcTick zero = {0};
  printf("before year 1: 0x%x\n", (unsigned)sceRtcTickAddDays(&b, &zero, -1));
  printf("add null: 0x%x\n", (unsigned)sceRtcTickAddDays(NULL, &a, 1));
  printf("compare %d %d %d\n", sceRtcCompareTick(&a, &b), sceRtcCompareTick(&b, &a),
         sceRtcCompareTick(&a, &a));
  printf("resolution %u\n", sceRtcGetTickResolution());

  SceRtcTick local, back;
  sceRtcConvertUtcToLocalTime(&a, &local);
  sceRtcSetTick(&t, &local);
  show("2000-01-01 UTC as local time", &t);
  sceRtcConvertLocalTimeToUtc(&local, &back);
  printf("and back: %d\n", back.tick == a.tick);

  char text[64];
  SceRtcTick f = {Y2K + (12 * 3600 + 34 * 60 + 56) * 1000000ull + 780000};
  sceRtcFormatRFC3339(text, &f, 0);
  printf("rfc3339 utc: %s\n", text);
  sceRtcFormatRFC3339(text, &f, 540);
  printf("rfc3339 +540: %s\n", text);
  sceRtcFormatRFC3339(text, &f, -330);
  printf("rfc3339 -330: %s\n", text);
  sceRtcFormatRFC3339LocalTime(text, &f);
  printf("rfc3339 local: %s\n", text);
  printf("rfc3339 null: 0x%x\n", (unsigned)sceRtcFormatRFC3339(NULL, &f, 0));

  SceRtcTick now;
  rc = sceRtcGetCurrentTick(&now);
  printf("current tick: rc 0x%x after 2020 %d\n", (unsigned)rc,
         now.tick > Y2K + 7305ull * 86400 * 1000000);
  printf("current tick null: 0x%x\n", (unsigned)sceRtcGetCurrentTick(NULL));
  rc = sceRtcGetCurrentClock(&t, 0);
  printf("current clock: rc 0x%x valid %d\n", (unsigned)rc, sceRtcCheckValid(&t) == 0);
  rc = sceRtcGetCurrentClockLocalTime(&t);
  printf("current local clock: rc 0x%x valid %d\n", (unsigned)rc, sceRtcCheckValid(&t) == 0);
  return 0;
}
