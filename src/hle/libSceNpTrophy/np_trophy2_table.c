/* The libSceNpTrophy2 table: the PS5's trophy library. Its contexts, handles and
 * registration are libSceNpTrophy's (np_trophy.c: the same checks, the same per-title
 * unlocks). PARTIAL: the error codes are libSceNpTrophy's (0x805516xx), which the PS5's
 * library is not known to share; PS5 titles unlock trophies through
 * libSceNpUniversalDataSystem, which prospero does not implement yet. */
#include "hle/hle.h"
#include "hle/libSceNpTrophy/np_trophy.h"

static const struct hle_symbol np_trophy2_symbols[] = {
    HLE_FUNC("Bagshr7OQ6Q", sceNpTrophy2CreateContext, np_trophy_create_context, HLE_PARTIAL),
    HLE_FUNC("sysY2FHYff4", sceNpTrophy2DestroyContext, np_trophy_destroy_context, HLE_PARTIAL),
    HLE_FUNC("Gz1rmUZpROM", sceNpTrophy2CreateHandle, np_trophy_create_handle, HLE_PARTIAL),
    HLE_FUNC("d8P11CI40KE", sceNpTrophy2DestroyHandle, np_trophy_destroy_handle, HLE_PARTIAL),
    HLE_FUNC("fYapWA9xVmA", sceNpTrophy2AbortHandle, np_trophy_abort_handle, HLE_PARTIAL),
    HLE_FUNC("bIDov3wBu5Q", sceNpTrophy2RegisterContext, np_trophy_register_context, HLE_PARTIAL),
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
