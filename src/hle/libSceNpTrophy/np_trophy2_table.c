/* The libSceNpTrophy2 table: the PS5's trophy library (np_trophy2.h). Its contexts, handles
 * and registration are libSceNpTrophy's (np_trophy.c: the same checks, the same per-title
 * unlocks) with the PS5 library's error codes. PARTIAL: the limits (4 contexts, 4 handles)
 * and the rules for the arguments are libSceNpTrophy's; the info getters take the reward's
 * name from tropmeta's "reward" (one public reader's, unverified) and the groups from the
 * trophies (names from the .ucp's metadata; the base game's is the set's title). The icon
 * getters read the set's icon0_<locale>.png, gr<id>_<locale>.png and trop<id>.png (the locale
 * chosen is unverified); rewards' icons have no known name (ICON_FILE_NOT_FOUND), and a buffer
 * too small is refused (unverified). PS5 titles unlock through libSceNpUniversalDataSystem. */
#include "hle/hle.h"
#include "hle/libSceNpTrophy/np_trophy2.h"

static const struct hle_symbol np_trophy2_symbols[] = {
    HLE_FUNC("Bagshr7OQ6Q", sceNpTrophy2CreateContext, np_trophy2_create_context, HLE_PARTIAL),
    HLE_FUNC("sysY2FHYff4", sceNpTrophy2DestroyContext, np_trophy2_destroy_context, HLE_PARTIAL),
    HLE_FUNC("Gz1rmUZpROM", sceNpTrophy2CreateHandle, np_trophy2_create_handle, HLE_PARTIAL),
    HLE_FUNC("d8P11CI40KE", sceNpTrophy2DestroyHandle, np_trophy2_destroy_handle, HLE_PARTIAL),
    HLE_FUNC("fYapWA9xVmA", sceNpTrophy2AbortHandle, np_trophy2_abort_handle, HLE_PARTIAL),
    HLE_FUNC("bIDov3wBu5Q", sceNpTrophy2RegisterContext, np_trophy2_register_context, HLE_PARTIAL),
    HLE_FUNC("4IzqhhUQ3nk", sceNpTrophy2GetGameInfo, np_trophy2_get_game_info, HLE_PARTIAL),
    HLE_FUNC("DoZWauG8mu0", sceNpTrophy2GetGroupInfo, np_trophy2_get_group_info, HLE_PARTIAL),
    HLE_FUNC("+PDSI6WgPRc", sceNpTrophy2GetGroupInfoArray, np_trophy2_get_group_info_array,
             HLE_PARTIAL),
    HLE_FUNC("sUXGfNMalIo", sceNpTrophy2RegisterUnlockCallback, np_trophy2_register_unlock_callback,
             HLE_PARTIAL),
    HLE_FUNC("wVqxM58sIKs", sceNpTrophy2UnregisterUnlockCallback,
             np_trophy2_unregister_unlock_callback, HLE_IMPLEMENTED),
    HLE_FUNC("EHQEDVXZ0TI", sceNpTrophy2ShowTrophyList, np_trophy2_show_trophy_list, HLE_PARTIAL),
    HLE_FUNC("EwNylPdWUTM", sceNpTrophy2GetTrophyInfo, np_trophy2_get_trophy_info, HLE_PARTIAL),
    HLE_FUNC("y3zHpdZO6ME", sceNpTrophy2GetTrophyInfoArray, np_trophy2_get_trophy_info_array,
             HLE_PARTIAL),
    HLE_FUNC("2QgUy+xJqS0", sceNpTrophy2GetGameIcon, np_trophy2_get_game_icon, HLE_PARTIAL),
    HLE_FUNC("6IjXJUy6ZnA", sceNpTrophy2GetGroupIcon, np_trophy2_get_group_icon, HLE_PARTIAL),
    HLE_FUNC("-9LLVU0uvs8", sceNpTrophy2GetTrophyIcon, np_trophy2_get_trophy_icon, HLE_PARTIAL),
    HLE_FUNC("BsE-m8JxIOg", sceNpTrophy2GetRewardIcon, np_trophy2_get_reward_icon, HLE_PARTIAL),
};

const struct hle_library hle_library_libSceNpTrophy2 = {
    .library_name = "libSceNpTrophy2",
    .library_version = 1,
    .module_name = "libSceNpTrophy2",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = np_trophy2_symbols,
    .symbol_count = sizeof np_trophy2_symbols / sizeof np_trophy2_symbols[0],
};
