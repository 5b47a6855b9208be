/* The libScePlayGo table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libScePlayGo/playgo.h"

static const struct hle_symbol playgo_symbols[] = {
    HLE_FUNC("ts6GlZOKRrE", scePlayGoInitialize, playgo_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("MPe0EeBGM-E", scePlayGoTerminate, playgo_terminate, HLE_IMPLEMENTED),
    HLE_FUNC("M1Gma1ocrGE", scePlayGoOpen, playgo_open, HLE_IMPLEMENTED),
    HLE_FUNC("Uco1I0dlDi8", scePlayGoClose, playgo_close, HLE_IMPLEMENTED),
    HLE_FUNC("73fF1MFU8hA", scePlayGoGetChunkId, playgo_get_chunk_id, HLE_PARTIAL),
    HLE_FUNC("uWIYLFkkwqk", scePlayGoGetLocus, playgo_get_locus, HLE_PARTIAL),
    HLE_FUNC("-RJWNMK3fC8", scePlayGoGetProgress, playgo_get_progress, HLE_PARTIAL),
    HLE_FUNC("v6EZ-YWRdMs", scePlayGoGetEta, playgo_get_eta, HLE_IMPLEMENTED),
    HLE_FUNC("rvBSfTimejE", scePlayGoGetInstallSpeed, playgo_get_install_speed, HLE_IMPLEMENTED),
    HLE_FUNC("4AAcTU9R3XM", scePlayGoSetInstallSpeed, playgo_set_install_speed, HLE_IMPLEMENTED),
    HLE_FUNC("3OMbYZBaa50", scePlayGoGetLanguageMask, playgo_get_language_mask, HLE_IMPLEMENTED),
    HLE_FUNC("LosLlHOpNqQ", scePlayGoSetLanguageMask, playgo_set_language_mask, HLE_IMPLEMENTED),
    HLE_FUNC("Nn7zKwnA5q0", scePlayGoGetToDoList, playgo_get_to_do_list, HLE_IMPLEMENTED),
    HLE_FUNC("gUPGiOQ1tmQ", scePlayGoSetToDoList, playgo_set_to_do_list, HLE_IMPLEMENTED),
    HLE_FUNC("-Q1-u1a7p0g", scePlayGoPrefetch, playgo_prefetch, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libScePlayGo = {
    .library_name = "libScePlayGo",
    .library_version = 1,
    .module_name = "libScePlayGo",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = playgo_symbols,
    .symbol_count = sizeof playgo_symbols / sizeof playgo_symbols[0],
};
