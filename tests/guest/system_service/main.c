/* libSceSystemService conformance: the settings the command line gives (see CMakeLists.txt)
 * and the defaults of the others, the error codes on bad arguments, the status of a game in
 * the foreground with no system UI, no system event, the notice-screen skip flag. With
 * `loadexec`: LoadExec does not return (prospero cannot start another executable, so the
 * process ends; the line after the call must not be printed). */
#include <stdio.h>
#include <string.h>
#include <system_service.h>

static void param(const char *what, SceSystemServiceParamId id) {
  int32_t v = -12345;
  int rc = sceSystemServiceParamGetInt(id, &v);
  printf("%s: rc 0x%x value %d\n", what, (unsigned)rc, v);
}

static int load_exec(void) {
  printf("before LoadExec\n");
  fflush(stdout);
  int rc = sceSystemServiceLoadExec("/app0/other.elf", NULL);
  printf("LoadExec returned 0x%x\n", (unsigned)rc);
  return 1;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "loadexec") == 0) return load_exec();
  param("lang", SCE_SYSTEM_SERVICE_PARAM_ID_LANG);
  param("date format", SCE_SYSTEM_SERVICE_PARAM_ID_DATE_FORMAT);
  param("time format", SCE_SYSTEM_SERVICE_PARAM_ID_TIME_FORMAT);
  param("time zone", SCE_SYSTEM_SERVICE_PARAM_ID_TIME_ZONE);
  param("summertime", SCE_SYSTEM_SERVICE_PARAM_ID_SUMMERTIME);
  param("parental level", SCE_SYSTEM_SERVICE_PARAM_ID_GAME_PARENTAL_LEVEL);
  param("enter button", SCE_SYSTEM_SERVICE_PARAM_ID_ENTER_BUTTON_ASSIGN);
  param("unknown id 999", 999);
  printf("null value: 0x%x\n",
         (unsigned)sceSystemServiceParamGetInt(SCE_SYSTEM_SERVICE_PARAM_ID_LANG, NULL));

  SceSystemServiceStatus st;
  memset(&st, 0x5a, sizeof st);
  int rc = sceSystemServiceGetStatus(&st);
  printf("status: rc 0x%x events %d overlaid %d background %d cpu7 %d streaming %d vr %d\n",
         (unsigned)rc, st.eventNum, st.isSystemUiOverlaid, st.isInBackgroundExecution,
         st.isCpuMode7CpuNormal, st.isGameLiveStreamingOnAir, st.isOutOfVrPlayArea);
  printf("status null: 0x%x\n", (unsigned)sceSystemServiceGetStatus(NULL));

  SceSystemServiceEvent ev;
  printf("event: 0x%x\n", (unsigned)sceSystemServiceReceiveEvent(&ev));
  printf("event null: 0x%x\n", (unsigned)sceSystemServiceReceiveEvent(NULL));

  printf("hide splash: 0x%x\n", (unsigned)sceSystemServiceHideSplashScreen());

  bool skip = true;
  rc = sceSystemServiceGetNoticeScreenSkipFlag(&skip);
  printf("notice skip: rc 0x%x flag %d\n", (unsigned)rc, skip);
  printf("notice skip null: 0x%x\n", (unsigned)sceSystemServiceGetNoticeScreenSkipFlag(NULL));
  printf("disable auto set: 0x%x\n",
         (unsigned)sceSystemServiceDisableNoticeScreenSkipFlagAutoSet());
  printf("set skip: 0x%x\n", (unsigned)sceSystemServiceSetNoticeScreenSkipFlag(true));
  rc = sceSystemServiceGetNoticeScreenSkipFlag(&skip);
  printf("notice skip after set: rc 0x%x flag %d\n", (unsigned)rc, skip);

  SceSystemServiceDisplaySafeAreaInfo area;
  memset(&area, 0, sizeof area);
  rc = sceSystemServiceGetDisplaySafeAreaInfo(&area);
  printf("safe area: rc 0x%x ratio %.2f\n", (unsigned)rc, area.ratio);
  printf("safe area null: 0x%x\n", (unsigned)sceSystemServiceGetDisplaySafeAreaInfo(NULL));
  printf("power tick: 0x%x\n", (unsigned)sceSystemServicePowerTick());
  return 0;
}
