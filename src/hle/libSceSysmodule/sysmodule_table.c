/* The libSceSysmodule table. NIDs derive from the names (checked by tests/unit/hle).
 * Partial: the module ids are the PS4-era table the PS5 keeps; an id only a newer system
 * defines answers INVALID_ID (logged). */
#include "hle/hle.h"
#include "hle/libSceSysmodule/sysmodule.h"

static const struct hle_symbol sysmodule_symbols[] = {
    HLE_FUNC("g8cM39EUZ6o", sceSysmoduleLoadModule, sysmodule_load_module, HLE_PARTIAL),
    HLE_FUNC("eR2bZFAAU0Q", sceSysmoduleUnloadModule, sysmodule_unload_module, HLE_PARTIAL),
    HLE_FUNC("fMP5NHUOaMk", sceSysmoduleIsLoaded, sysmodule_is_loaded, HLE_PARTIAL),
    HLE_FUNC("39iV5E1HoCk", sceSysmoduleLoadModuleInternal, sysmodule_load_module_internal,
             HLE_PARTIAL),
    HLE_FUNC("vXZhrtJxkGc", sceSysmoduleUnloadModuleInternal, sysmodule_unload_module_internal,
             HLE_PARTIAL),
    HLE_FUNC("ynFKQ5bfGks", sceSysmoduleIsLoadedInternal, sysmodule_is_loaded_internal,
             HLE_PARTIAL),
};

const struct hle_library hle_library_libSceSysmodule = {
    .library_name = "libSceSysmodule",
    .library_version = 1,
    .module_name = "libSceSysmodule",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = sysmodule_symbols,
    .symbol_count = sizeof sysmodule_symbols / sizeof sysmodule_symbols[0],
};
