/* libSceDiscMap: where the parts of a disc game's files lie (disc or hard disk). prospero
 * runs installed games, which have no disc map: every query gets the console's answer for
 * that, SCE_DISC_MAP_ERROR_NO_BITMAP_INFO. */
#include <stdint.h>

#include "hle/hle.h"

#define DISC_MAP_ERROR_NO_BITMAP_INFO ((int)0x81100004)

static int discmap_is_request_on_hdd(const char *path, int64_t offset, int64_t nbytes, int *ret) {
  (void)path, (void)offset, (void)nbytes, (void)ret;
  return DISC_MAP_ERROR_NO_BITMAP_INFO;
}

static int discmap_get_package_size(int64_t flags, void *a, void *b) {
  (void)flags, (void)a, (void)b;
  return DISC_MAP_ERROR_NO_BITMAP_INFO;
}

static const struct hle_symbol discmap_symbols[] = {
    HLE_FUNC("lbQKqsERhtE", sceDiscMapIsRequestOnHDD, discmap_is_request_on_hdd, HLE_IMPLEMENTED),
    HLE_FUNC("fl1eoDnwQ4s", sceDiscMapGetPackageSize, discmap_get_package_size, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceDiscMap = {
    .library_name = "libSceDiscMap",
    .library_version = 1,
    .module_name = "libSceDiscMap",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = discmap_symbols,
    .symbol_count = sizeof discmap_symbols / sizeof discmap_symbols[0],
};
