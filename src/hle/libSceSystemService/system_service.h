/* libSceSystemService: the console's system settings as a game reads them, its status and
 * events, the splash and notice screens, executable switching and the power hooks.
 *
 * The settings come from the command line (prospero --system-param NAME=VALUE, set by the
 * app before the guest runs) over defaults: English (US), year-month-day dates, 24-hour
 * time, the host's time zone and summer time, parental level off, cross as the enter
 * button. prospero has no system UI, so no system event ever arrives and the game is never
 * suspended or in the background. */
#ifndef PROSPERO_HLE_LIBSCESYSTEMSERVICE_SYSTEM_SERVICE_H
#define PROSPERO_HLE_LIBSCESYSTEMSERVICE_SYSTEM_SERVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Error codes (the console's SCE_SYSTEM_SERVICE_ERROR_*) */
#define SYSTEM_SERVICE_ERROR_PARAMETER ((int)0x80A10003)
#define SYSTEM_SERVICE_ERROR_NO_EVENT ((int)0x80A10004)

/* SceSystemServiceParamId */
enum system_service_param_id {
  SYSTEM_SERVICE_PARAM_LANG = 1,
  SYSTEM_SERVICE_PARAM_DATE_FORMAT = 2,
  SYSTEM_SERVICE_PARAM_TIME_FORMAT = 3,
  SYSTEM_SERVICE_PARAM_TIME_ZONE = 4,
  SYSTEM_SERVICE_PARAM_SUMMERTIME = 5,
  SYSTEM_SERVICE_PARAM_SYSTEM_NAME = 6,
  SYSTEM_SERVICE_PARAM_GAME_PARENTAL_LEVEL = 7,
  SYSTEM_SERVICE_PARAM_ENTER_BUTTON_ASSIGN = 1000,
};

/* Sets one setting from the command line: NAME (lang, date_format, time_format, time_zone,
 * summertime, game_parental_level, enter_button) and its VALUE as --help describes. False
 * with a message in ERR on an unknown name or a bad value. Call before the guest runs. */
bool system_service_set_param(const char *name, const char *value, char *err, size_t cap);

/* The value sceSystemServiceParamGetInt returns for ID; false for an id it does not know. */
bool system_service_param(int32_t id, int32_t *value);

/* True until the game calls sceSystemServiceHideSplashScreen. */
bool system_service_splash_visible(void);

/* The exports (the console's prototypes; see sdk/include/system_service.h) */
int system_service_param_get_int(int32_t id, int32_t *value);
int system_service_get_status(void *status);
int system_service_receive_event(void *event);
int system_service_hide_splash_screen(void);
int system_service_get_notice_screen_skip_flag(bool *value);
int system_service_set_notice_screen_skip_flag(bool value);
int system_service_disable_notice_screen_skip_flag_auto_set(void);
int system_service_load_exec(const char *path, char *const argv[]);
int system_service_power_tick(void);
int system_service_get_display_safe_area_info(void *info);

#endif
