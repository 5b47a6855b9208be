/* The libSceNpManager table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceNpManager/np_manager.h"

static const struct hle_symbol np_manager_symbols[] = {
    HLE_FUNC("eQH7nWPcAgc", sceNpGetState, np_manager_get_state, HLE_IMPLEMENTED),
    HLE_FUNC("rbknaUjpqWo", sceNpGetAccountIdA, np_manager_get_account_id_a, HLE_IMPLEMENTED),
    HLE_FUNC("XDncXQIJUSk", sceNpGetOnlineId, np_manager_get_online_id, HLE_IMPLEMENTED),
    HLE_FUNC("p-o74CnoNzY", sceNpGetNpId, np_manager_get_np_id, HLE_IMPLEMENTED),
    HLE_FUNC("qQJfO8HAiaY", sceNpRegisterStateCallbackA, np_manager_register_state_callback_a,
             HLE_PARTIAL),
    HLE_FUNC("M3wFXbYQtAA", sceNpUnregisterStateCallbackA, np_manager_unregister_state_callback_a,
             HLE_IMPLEMENTED),
    HLE_FUNC("3Zl8BePTh9Y", sceNpCheckCallback, np_manager_check_callback, HLE_IMPLEMENTED),
    HLE_FUNC("Ec63y59l9tw", sceNpSetNpTitleId, np_manager_set_np_title_id, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpManager = {
    .library_name = "libSceNpManager",
    .library_version = 1,
    .module_name = "libSceNpManager",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = np_manager_symbols,
    .symbol_count = sizeof np_manager_symbols / sizeof np_manager_symbols[0],
};
