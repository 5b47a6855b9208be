/* The libSceUserService table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceUserService/user_service.h"

static const struct hle_symbol user_service_symbols[] = {
    HLE_FUNC("j3YMu1MVNNo", sceUserServiceInitialize, user_service_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("bwFjS+bX9mA", sceUserServiceTerminate, user_service_terminate, HLE_IMPLEMENTED),
    HLE_FUNC("CdWp0oHWGr0", sceUserServiceGetInitialUser, user_service_get_initial_user,
             HLE_IMPLEMENTED),
    HLE_FUNC("fPhymKNvK-A", sceUserServiceGetLoginUserIdList, user_service_get_login_user_id_list,
             HLE_IMPLEMENTED),
    HLE_FUNC("1xxcMiGu2fo", sceUserServiceGetUserName, user_service_get_user_name, HLE_PARTIAL),
    HLE_FUNC("yH17Q6NWtVg", sceUserServiceGetEvent, user_service_get_event, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceUserService = {
    .library_name = "libSceUserService",
    .library_version = 1,
    .module_name = "libSceUserService",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = user_service_symbols,
    .symbol_count = sizeof user_service_symbols / sizeof user_service_symbols[0],
};
