/* The libSceNpTrophy table. NIDs derive from the names (checked by tests/unit/hle).
 * PARTIAL: registration, unlocks and info fall back on the ids the guest uses when the
 * title's trophy set cannot be read (logged at start-up), and PS4 groups are not read. */
#include "hle/hle.h"
#include "hle/libSceNpTrophy/np_trophy.h"

static const struct hle_symbol np_trophy_symbols[] = {
    HLE_FUNC("XbkjbobZlCY", sceNpTrophyCreateContext, np_trophy_create_context, HLE_IMPLEMENTED),
    HLE_FUNC("E1Wrwd07Lr8", sceNpTrophyDestroyContext, np_trophy_destroy_context, HLE_IMPLEMENTED),
    HLE_FUNC("q7U6tEAQf7c", sceNpTrophyCreateHandle, np_trophy_create_handle, HLE_IMPLEMENTED),
    HLE_FUNC("GNcF4oidY0Y", sceNpTrophyDestroyHandle, np_trophy_destroy_handle, HLE_IMPLEMENTED),
    HLE_FUNC("aTnHs7W-9Uk", sceNpTrophyAbortHandle, np_trophy_abort_handle, HLE_IMPLEMENTED),
    HLE_FUNC("TJCAxto9SEU", sceNpTrophyRegisterContext, np_trophy_register_context, HLE_PARTIAL),
    HLE_FUNC("28xmRUFao68", sceNpTrophyUnlockTrophy, np_trophy_unlock_trophy, HLE_PARTIAL),
    HLE_FUNC("LHuSmO3SLd8", sceNpTrophyGetTrophyUnlockState, np_trophy_get_trophy_unlock_state,
             HLE_IMPLEMENTED),
    HLE_FUNC("YYP3f2W09og", sceNpTrophyGetGameInfo, np_trophy_get_game_info, HLE_PARTIAL),
    HLE_FUNC("qqUVGDgQBm0", sceNpTrophyGetTrophyInfo, np_trophy_get_trophy_info, HLE_PARTIAL),
};

const struct hle_library hle_library_libSceNpTrophy = {
    .library_name = "libSceNpTrophy",
    .library_version = 1,
    .module_name = "libSceNpTrophy",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = np_trophy_symbols,
    .symbol_count = sizeof np_trophy_symbols / sizeof np_trophy_symbols[0],
};
