/* The libSceRtc table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceRtc/rtc.h"

static const struct hle_symbol rtc_symbols[] = {
    HLE_FUNC("18B2NS1y9UU", sceRtcGetCurrentTick, rtc_get_current_tick, HLE_IMPLEMENTED),
    HLE_FUNC("8lfvnRMqwEM", sceRtcGetCurrentClock, rtc_get_current_clock, HLE_IMPLEMENTED),
    HLE_FUNC("ZPD1YOKI+Kw", sceRtcGetCurrentClockLocalTime, rtc_get_current_clock_local_time,
             HLE_IMPLEMENTED),
    HLE_FUNC("M1TvFst-jrM", sceRtcConvertUtcToLocalTime, rtc_convert_utc_to_local_time,
             HLE_IMPLEMENTED),
    HLE_FUNC("8Yr143yEnRo", sceRtcConvertLocalTimeToUtc, rtc_convert_local_time_to_utc,
             HLE_IMPLEMENTED),
    HLE_FUNC("lPEBYdVX0XQ", sceRtcCheckValid, rtc_check_valid, HLE_IMPLEMENTED),
    HLE_FUNC("8w-H19ip48I", sceRtcGetTick, rtc_get_tick, HLE_IMPLEMENTED),
    HLE_FUNC("ueega6v3GUw", sceRtcSetTick, rtc_set_tick, HLE_IMPLEMENTED),
    HLE_FUNC("BtqmpTRXHgk", sceRtcGetTime_t, rtc_get_time_t, HLE_IMPLEMENTED),
    HLE_FUNC("bDEVVP4bTjQ", sceRtcSetTime_t, rtc_set_time_t, HLE_IMPLEMENTED),
    HLE_FUNC("Ug8pCwQvh0c", sceRtcIsLeapYear, rtc_is_leap_year, HLE_IMPLEMENTED),
    HLE_FUNC("3O7Ln8AqJ1o", sceRtcGetDaysInMonth, rtc_get_days_in_month, HLE_IMPLEMENTED),
    HLE_FUNC("CyIK-i4XdgQ", sceRtcGetDayOfWeek, rtc_get_day_of_week, HLE_IMPLEMENTED),
    HLE_FUNC("jMNwqYr4R-k", sceRtcGetTickResolution, rtc_get_tick_resolution, HLE_IMPLEMENTED),
    HLE_FUNC("fNaZ4DbzHAE", sceRtcCompareTick, rtc_compare_tick, HLE_IMPLEMENTED),
    HLE_FUNC("AqVMssr52Rc", sceRtcTickAddTicks, rtc_tick_add_ticks, HLE_IMPLEMENTED),
    HLE_FUNC("XPIiw58C+GM", sceRtcTickAddMicroseconds, rtc_tick_add_microseconds, HLE_IMPLEMENTED),
    HLE_FUNC("07O525HgICs", sceRtcTickAddSeconds, rtc_tick_add_seconds, HLE_IMPLEMENTED),
    HLE_FUNC("mn-tf4QiFzk", sceRtcTickAddMinutes, rtc_tick_add_minutes, HLE_IMPLEMENTED),
    HLE_FUNC("MDc5cd8HfCA", sceRtcTickAddHours, rtc_tick_add_hours, HLE_IMPLEMENTED),
    HLE_FUNC("NR1J0N7L2xY", sceRtcTickAddDays, rtc_tick_add_days, HLE_IMPLEMENTED),
    HLE_FUNC("WJ3rqFwymew", sceRtcFormatRFC3339, rtc_format_rfc3339, HLE_PARTIAL),
    HLE_FUNC("DwuHIlLGW8I", sceRtcFormatRFC3339LocalTime, rtc_format_rfc3339_local_time,
             HLE_PARTIAL),
};

const struct hle_library hle_library_libSceRtc = {
    .library_name = "libSceRtc",
    .library_version = 1,
    .module_name = "libSceRtc",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = rtc_symbols,
    .symbol_count = sizeof rtc_symbols / sizeof rtc_symbols[0],
};
