/* The libSceNpManager table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceNpManager/np_manager.h"
#include "hle/libSceNpManager/np_manager_requests.h"

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
    HLE_FUNC("GpLQDNKICac", sceNpCreateRequest, np_manager_create_request, HLE_IMPLEMENTED),
    HLE_FUNC("eiqMCt9UshI", sceNpCreateAsyncRequest, np_manager_create_async_request,
             HLE_IMPLEMENTED),
    HLE_FUNC("S7QTn72PrDw", sceNpDeleteRequest, np_manager_delete_request, HLE_IMPLEMENTED),
    HLE_FUNC("OzKvTvg3ZYU", sceNpAbortRequest, np_manager_abort_request, HLE_IMPLEMENTED),
    HLE_FUNC("uqcPJLWL08M", sceNpPollAsync, np_manager_poll_async, HLE_IMPLEMENTED),
    HLE_FUNC("jyi5p9XWUSs", sceNpWaitAsync, np_manager_wait_async, HLE_IMPLEMENTED),
    HLE_FUNC("8Z2Jc5GvGDI", sceNpCheckNpAvailabilityA, np_manager_check_np_availability_a,
             HLE_IMPLEMENTED),
    HLE_FUNC("2rsFmlGWleQ", sceNpCheckNpAvailability, np_manager_check_np_availability,
             HLE_IMPLEMENTED),
    HLE_FUNC("KfGZg2y73oM", sceNpCheckNpReachability, np_manager_check_np_reachability,
             HLE_IMPLEMENTED),
    HLE_FUNC("JT+t00a3TxA", sceNpGetAccountCountryA, np_manager_get_account_country_a,
             HLE_IMPLEMENTED),
    HLE_FUNC("Oad3rvY-NJQ", sceNpHasSignedUp, np_manager_has_signed_up, HLE_IMPLEMENTED),
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
