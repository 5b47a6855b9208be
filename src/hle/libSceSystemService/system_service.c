/* libSceSystemService: settings, status, events, splash and notice screens, LoadExec and the
 * power hooks. */
#include "hle/libSceSystemService/system_service.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/errmsg.h"
#include "common/log.h"
#include "hle/hle.h"
#include "loader/process.h"

/* SceSystemParamLang: the language tag of each of the console's language numbers. */
static const char *const language_tags[] = {
    "ja-JP",  "en-US", "fr-FR", "es-ES", "de-DE", "it-IT", "nl-NL", "pt-PT", "ru-RU", "ko-KR",
    "zh-TW",  "zh-CN", "fi-FI", "sv-SE", "da-DK", "no-NO", "pl-PL", "pt-BR", "en-GB", "tr-TR",
    "es-419", "ar-AE", "fr-CA", "cs-CZ", "hu-HU", "el-GR", "ro-RO", "th-TH", "vi-VN", "id-ID",
};
#define LANGUAGE_COUNT ((int32_t)(sizeof language_tags / sizeof language_tags[0]))

/* SceSystemParamDateFormat, SceSystemParamTimeFormat, SceSystemParamEnterButtonAssign */
enum { DATE_YYYYMMDD = 0, DATE_DDMMYYYY = 1, DATE_MMDDYYYY = 2 };
enum { TIME_12HOUR = 0, TIME_24HOUR = 1 };
enum { ENTER_CIRCLE = 0, ENTER_CROSS = 1 };
#define PARENTAL_LEVEL_MAX 11

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  int32_t lang, date_format, time_format, time_zone, summertime, parental, enter;
  bool time_zone_set, summertime_set;
  bool splash_hidden;
  bool notice_skip, notice_auto_set_disabled;
} st = {.lang = 1,
        .date_format = DATE_YYYYMMDD,
        .time_format = TIME_24HOUR,
        .parental = 0,
        .enter = ENTER_CROSS};

/* The host's standard-time offset (minutes east of UTC) and whether summer time is on. */
static void host_time_zone(int32_t *zone, int32_t *summer) {
  time_t now = time(NULL);
  struct tm tm;
  if (!localtime_r(&now, &tm)) {
    *zone = 0, *summer = 0;
    return;
  }
  *summer = tm.tm_isdst > 0;
  *zone = (int32_t)((tm.tm_gmtoff - (*summer ? 3600 : 0)) / 60);
}

static bool parse_int(const char *s, long lo, long hi, int32_t *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < lo || v > hi) return false;
  *out = (int32_t)v;
  return true;
}

static bool set_locked(const char *name, const char *value, char *err, size_t cap) {
  if (!strcmp(name, "lang")) {
    for (int32_t i = 0; i < LANGUAGE_COUNT; i++)
      if (!strcmp(value, language_tags[i])) return st.lang = i, true;
    if (parse_int(value, 0, LANGUAGE_COUNT - 1, &st.lang)) return true;
    return errmsg_fail(err, cap,
                       "lang: '%s' is neither a language number (0-%d) nor a known "
                       "tag such as en-US",
                       value, LANGUAGE_COUNT - 1);
  }
  if (!strcmp(name, "date_format")) {
    static const char *const f[] = {"ymd", "dmy", "mdy"};
    for (int i = 0; i < 3; i++)
      if (!strcmp(value, f[i])) return st.date_format = i, true;
    return errmsg_fail(err, cap, "date_format: '%s' is not ymd, dmy or mdy", value);
  }
  if (!strcmp(name, "time_format")) {
    if (!strcmp(value, "12")) return st.time_format = TIME_12HOUR, true;
    if (!strcmp(value, "24")) return st.time_format = TIME_24HOUR, true;
    return errmsg_fail(err, cap, "time_format: '%s' is not 12 or 24", value);
  }
  if (!strcmp(name, "time_zone")) {
    if (parse_int(value, -12 * 60, 14 * 60, &st.time_zone)) return st.time_zone_set = true;
    return errmsg_fail(err, cap, "time_zone: '%s' is not a number of minutes from -720 to 840",
                       value);
  }
  if (!strcmp(name, "summertime")) {
    if (parse_int(value, 0, 1, &st.summertime)) return st.summertime_set = true;
    return errmsg_fail(err, cap, "summertime: '%s' is not 0 or 1", value);
  }
  if (!strcmp(name, "game_parental_level")) {
    if (parse_int(value, 0, PARENTAL_LEVEL_MAX, &st.parental)) return true;
    return errmsg_fail(err, cap, "game_parental_level: '%s' is not a level from 0 to 11", value);
  }
  if (!strcmp(name, "enter_button")) {
    if (!strcmp(value, "cross")) return st.enter = ENTER_CROSS, true;
    if (!strcmp(value, "circle")) return st.enter = ENTER_CIRCLE, true;
    return errmsg_fail(err, cap, "enter_button: '%s' is not cross or circle", value);
  }
  return errmsg_fail(err, cap,
                     "unknown system setting '%s' (lang, date_format, time_format, "
                     "time_zone, summertime, game_parental_level, enter_button)",
                     name);
}

bool system_service_set_param(const char *name, const char *value, char *err, size_t cap) {
  pthread_mutex_lock(&lock);
  bool ok = set_locked(name, value, err, cap);
  pthread_mutex_unlock(&lock);
  return ok;
}

bool system_service_param(int32_t id, int32_t *value) {
  int32_t zone, summer;
  host_time_zone(&zone, &summer);
  bool ok = true;
  pthread_mutex_lock(&lock);
  switch (id) {
    case SYSTEM_SERVICE_PARAM_LANG: *value = st.lang; break;
    case SYSTEM_SERVICE_PARAM_DATE_FORMAT: *value = st.date_format; break;
    case SYSTEM_SERVICE_PARAM_TIME_FORMAT: *value = st.time_format; break;
    case SYSTEM_SERVICE_PARAM_TIME_ZONE: *value = st.time_zone_set ? st.time_zone : zone; break;
    case SYSTEM_SERVICE_PARAM_SUMMERTIME:
      *value = st.summertime_set ? st.summertime : summer;
      break;
    case SYSTEM_SERVICE_PARAM_GAME_PARENTAL_LEVEL: *value = st.parental; break;
    case SYSTEM_SERVICE_PARAM_ENTER_BUTTON_ASSIGN: *value = st.enter; break;
    default: ok = false; break;
  }
  pthread_mutex_unlock(&lock);
  return ok;
}

bool system_service_splash_visible(void) {
  pthread_mutex_lock(&lock);
  bool v = !st.splash_hidden;
  pthread_mutex_unlock(&lock);
  return v;
}

/* Partial: the ids the console documents for games are answered; another id (a newer
 * system's, or SYSTEM_NAME, a string) fails with PARAMETER and is logged once. */
int system_service_param_get_int(int32_t id, int32_t *value) {
  if (!value) return SYSTEM_SERVICE_ERROR_PARAMETER;
  int32_t v;
  if (!system_service_param(id, &v)) {
    LOG_ONCE(hle, WARN,
             "sceSystemServiceParamGetInt: parameter id %d is not known here "
             "(returning SCE_SYSTEM_SERVICE_ERROR_PARAMETER)",
             id);
    return SYSTEM_SERVICE_ERROR_PARAMETER;
  }
  *value = v;
  return 0;
}

/* SceSystemServiceStatus: int32 eventNum, then one byte each for isSystemUiOverlaid,
 * isInBackgroundExecution, isCpuMode7CpuNormal, isGameLiveStreamingOnAir, isOutOfVrPlayArea
 * (the reserved bytes after them are left as the caller has them). */
int system_service_get_status(void *status) {
  if (!status) return SYSTEM_SERVICE_ERROR_PARAMETER;
  uint8_t *p = status;
  int32_t events = 0; /* no system event is ever queued (no system UI) */
  memcpy(p, &events, 4);
  p[4] = 0; /* system UI overlaid */
  p[5] = 0; /* in background execution */
  p[6] = 1; /* normal CPU mode (7 CPUs) */
  p[7] = 0; /* live streaming on air */
  p[8] = 0; /* out of VR play area */
  return 0;
}

int system_service_receive_event(void *event) {
  if (!event) return SYSTEM_SERVICE_ERROR_PARAMETER;
  return SYSTEM_SERVICE_ERROR_NO_EVENT;
}

int system_service_hide_splash_screen(void) {
  pthread_mutex_lock(&lock);
  st.splash_hidden = true;
  pthread_mutex_unlock(&lock);
  return 0;
}

int system_service_get_notice_screen_skip_flag(bool *value) {
  if (!value) return SYSTEM_SERVICE_ERROR_PARAMETER;
  pthread_mutex_lock(&lock);
  *value = st.notice_skip;
  pthread_mutex_unlock(&lock);
  return 0;
}

int system_service_set_notice_screen_skip_flag(bool value) {
  pthread_mutex_lock(&lock);
  st.notice_skip = value;
  pthread_mutex_unlock(&lock);
  return 0;
}

int system_service_disable_notice_screen_skip_flag_auto_set(void) {
  pthread_mutex_lock(&lock);
  st.notice_auto_set_disabled = true;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* Partial: the console ends the game and starts PATH; prospero cannot start another
 * executable, so the request is logged and the process ends with status 0. */
int system_service_load_exec(const char *path, char *const argv[]) {
  (void)argv;
  LOG(hle, WARN,
      "sceSystemServiceLoadExec(%s): starting another executable is not supported; "
      "the process ends",
      path ? path : "(null)");
  process_exit(0);
}

/* prospero has no automatic power-off or screen saver: the timer a power tick resets does
 * not exist, so there is nothing to do (the console never suspends a game here either). */
int system_service_power_tick(void) { return 0; }

/* SceSystemServiceDisplaySafeAreaInfo: float ratio, then reserved bytes. prospero shows the
 * whole frame: the safe area is the full screen (ratio 1). */
int system_service_get_display_safe_area_info(void *info) {
  if (!info) return SYSTEM_SERVICE_ERROR_PARAMETER;
  float ratio = 1.0f;
  memcpy(info, &ratio, sizeof ratio);
  return 0;
}
