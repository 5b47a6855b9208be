/* The libSceAppContent table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceAppContent/app_content.h"

static const struct hle_symbol app_content_symbols[] = {
    HLE_FUNC("R9lA82OraNs", sceAppContentInitialize, app_content_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("99b82IKXpH4", sceAppContentAppParamGetInt, app_content_app_param_get_int,
             HLE_IMPLEMENTED),
    HLE_FUNC("buYbeLOGWmA", sceAppContentTemporaryDataMount2, app_content_temporary_data_mount2,
             HLE_IMPLEMENTED),
    HLE_FUNC("bcolXMmp6qQ", sceAppContentTemporaryDataUnmount, app_content_temporary_data_unmount,
             HLE_IMPLEMENTED),
    HLE_FUNC("a5N7lAG0y2Q", sceAppContentTemporaryDataFormat, app_content_temporary_data_format,
             HLE_IMPLEMENTED),
    HLE_FUNC("SaKib2Ug0yI", sceAppContentTemporaryDataGetAvailableSpaceKb,
             app_content_temporary_data_get_available_space_kb, HLE_IMPLEMENTED),
    HLE_FUNC("xnd8BJzAxmk", sceAppContentGetAddcontInfoList, app_content_get_addcont_info_list,
             HLE_IMPLEMENTED),
    HLE_FUNC("m47juOmH0VE", sceAppContentGetAddcontInfo, app_content_get_addcont_info,
             HLE_IMPLEMENTED),
    HLE_FUNC("VANhIWcqYak", sceAppContentAddcontMount, app_content_addcont_mount, HLE_IMPLEMENTED),
    HLE_FUNC("3rHWaV-1KC4", sceAppContentAddcontUnmount, app_content_addcont_unmount,
             HLE_IMPLEMENTED),
    HLE_FUNC("7bOLX66Iz-U", sceAppContentTemporaryDataMount, app_content_temporary_data_mount,
             HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceAppContent = {
    .library_name = "libSceAppContent",
    .library_version = 1,
    .module_name = "libSceAppContent",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = app_content_symbols,
    .symbol_count = sizeof app_content_symbols / sizeof app_content_symbols[0],
};
