/* The libSceNpUniversalDataSystem table (uds.h). NIDs derive from the names (checked by
 * tests/unit/hle). PARTIAL where prospero differs from the console in a way a game could
 * see: posting applies the two trophy events and only logs the others; binary property
 * values are counted, not kept; limits and the rules for names and keys are unverified. */
#include "hle/hle.h"
#include "hle/libSceNpUniversalDataSystem/uds.h"

static const struct hle_symbol uds_symbols[] = {
    HLE_FUNC("sjaobBgqeB4", sceNpUniversalDataSystemInitialize, uds_initialize, HLE_PARTIAL),
    HLE_FUNC("47UAEuQl+iI", sceNpUniversalDataSystemTerminate, uds_terminate, HLE_IMPLEMENTED),
    HLE_FUNC("5zBnau1uIEo", sceNpUniversalDataSystemCreateContext, uds_create_context, HLE_PARTIAL),
    HLE_FUNC("wB7IWzGp2v0", sceNpUniversalDataSystemDestroyContext, uds_destroy_context,
             HLE_IMPLEMENTED),
    HLE_FUNC("tpFJ8LIKvPw", sceNpUniversalDataSystemRegisterContext, uds_register_context,
             HLE_IMPLEMENTED),
    HLE_FUNC("hT0IAEvN+M0", sceNpUniversalDataSystemCreateHandle, uds_create_handle, HLE_PARTIAL),
    HLE_FUNC("AUIHb7jUX3I", sceNpUniversalDataSystemDestroyHandle, uds_destroy_handle,
             HLE_IMPLEMENTED),
    HLE_FUNC("jZCqWFgMehE", sceNpUniversalDataSystemAbortHandle, uds_abort_handle, HLE_IMPLEMENTED),
    HLE_FUNC("CzkKf7ahIyU", sceNpUniversalDataSystemPostEvent, uds_post_event, HLE_PARTIAL),
    HLE_FUNC("p+GcLqwpL9M", sceNpUniversalDataSystemCreateEvent, uds_create_event, HLE_PARTIAL),
    HLE_FUNC("wG+84pnNIuo", sceNpUniversalDataSystemDestroyEvent, uds_destroy_event,
             HLE_IMPLEMENTED),
    HLE_FUNC("s6W4Zl4Slgk", sceNpUniversalDataSystemCreateEventPropertyObject, uds_create_object,
             HLE_PARTIAL),
    HLE_FUNC("kKUH0Viib3c", sceNpUniversalDataSystemDestroyEventPropertyObject, uds_destroy_object,
             HLE_PARTIAL),
    HLE_FUNC("YE4dbtbz6OE", sceNpUniversalDataSystemEventPropertyObjectSetInt32,
             uds_object_set_int32, HLE_PARTIAL),
    HLE_FUNC("AzD4irAcKE4", sceNpUniversalDataSystemEventPropertyObjectSetUInt32,
             uds_object_set_uint32, HLE_PARTIAL),
    HLE_FUNC("56QLTqx911s", sceNpUniversalDataSystemEventPropertyObjectSetInt64,
             uds_object_set_int64, HLE_PARTIAL),
    HLE_FUNC("xvsP5Yz6FmY", sceNpUniversalDataSystemEventPropertyObjectSetUInt64,
             uds_object_set_uint64, HLE_PARTIAL),
    HLE_FUNC("lbPlT4+QVcE", sceNpUniversalDataSystemEventPropertyObjectSetFloat32,
             uds_object_set_float32, HLE_PARTIAL),
    HLE_FUNC("4Fu8tHW+u-k", sceNpUniversalDataSystemEventPropertyObjectSetFloat64,
             uds_object_set_float64, HLE_PARTIAL),
    HLE_FUNC("Fidd8vWgyVE", sceNpUniversalDataSystemEventPropertyObjectSetBool, uds_object_set_bool,
             HLE_PARTIAL),
    HLE_FUNC("MfDb+4Nln64", sceNpUniversalDataSystemEventPropertyObjectSetString,
             uds_object_set_string, HLE_PARTIAL),
    HLE_FUNC("wAcxBDLHj1M", sceNpUniversalDataSystemEventPropertyObjectSetBinary,
             uds_object_set_binary, HLE_PARTIAL),
    HLE_FUNC("74ASEqxSnkM", sceNpUniversalDataSystemEventPropertyObjectSetObject,
             uds_object_set_object, HLE_PARTIAL),
};

const struct hle_library hle_library_libSceNpUniversalDataSystem = {
    .library_name = "libSceNpUniversalDataSystem",
    .library_version = 1,
    .module_name = "libSceNpUniversalDataSystem",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = uds_symbols,
    .symbol_count = sizeof uds_symbols / sizeof uds_symbols[0],
};
