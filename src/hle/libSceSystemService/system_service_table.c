/* The libSceSystemService table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceSystemService/system_service.h"

/* The console reports a game's fatal state to the system; prospero has no system to tell. */
HLE_STUB_DEFINE(system_service_stub_report_abnormal_termination,
                sceSystemServiceReportAbnormalTermination, 0)

static const struct hle_symbol system_service_symbols[] = {
    HLE_FUNC("fZo48un7LK4", sceSystemServiceParamGetInt, system_service_param_get_int, HLE_PARTIAL),
    HLE_FUNC("rPo6tV8D9bM", sceSystemServiceGetStatus, system_service_get_status, HLE_IMPLEMENTED),
    HLE_FUNC("656LMQSrg6U", sceSystemServiceReceiveEvent, system_service_receive_event,
             HLE_IMPLEMENTED),
    HLE_FUNC("Vo5V8KAwCmk", sceSystemServiceHideSplashScreen, system_service_hide_splash_screen,
             HLE_IMPLEMENTED),
    HLE_FUNC("3RQ5aQfnstU", sceSystemServiceGetNoticeScreenSkipFlag,
             system_service_get_notice_screen_skip_flag, HLE_IMPLEMENTED),
    HLE_FUNC("Q3utJvma4Mo", sceSystemServiceSetNoticeScreenSkipFlag,
             system_service_set_notice_screen_skip_flag, HLE_PARTIAL),
    HLE_FUNC("8Lo6Zv94aho", sceSystemServiceDisableNoticeScreenSkipFlagAutoSet,
             system_service_disable_notice_screen_skip_flag_auto_set, HLE_PARTIAL),
    HLE_FUNC("JoBqSQt1yyA", sceSystemServiceLoadExec, system_service_load_exec, HLE_PARTIAL),
    HLE_FUNC("XbbJC3E+L5M", sceSystemServicePowerTick, system_service_power_tick, HLE_IMPLEMENTED),
    HLE_FUNC("1n37q1Bvc5Y", sceSystemServiceGetDisplaySafeAreaInfo,
             system_service_get_display_safe_area_info, HLE_IMPLEMENTED),
    HLE_FUNC("3s8cHiCBKBE", sceSystemServiceReportAbnormalTermination,
             system_service_stub_report_abnormal_termination, HLE_STUB),
};

const struct hle_library hle_library_libSceSystemService = {
    .library_name = "libSceSystemService",
    .library_version = 1,
    .module_name = "libSceSystemService",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = system_service_symbols,
    .symbol_count = sizeof system_service_symbols / sizeof system_service_symbols[0],
};
