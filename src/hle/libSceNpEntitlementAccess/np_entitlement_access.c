/* libSceNpEntitlementAccess: the PS5's entitlements (additional content, the SKU). prospero
 * installs no additional content and runs the full game: the add-on list is empty, every
 * add-on's entitlement is invalid (NO_ENTITLEMENT) and the SKU flag is FULL. Facts: PS5 SDK
 * NpEntitlementAccess reference (structures, error codes). NIDs derive from the names
 * (checked by tests/unit/hle). */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hle/hle.h"

/* Error codes (the console's SCE_NP_ENTITLEMENT_ACCESS_ERROR_*) */
#define ENT_ERROR_NOT_INITIALIZED ((int)0x817D0001)
#define ENT_ERROR_PARAMETER ((int)0x817D0002)
#define ENT_ERROR_BUSY ((int)0x817D0003)
#define ENT_ERROR_NO_ENTITLEMENT ((int)0x817D0007)

#define SERVICE_LABEL_INVALID 0xFFFFFFFFu /* SCE_NP_INVALID_SERVICE_LABEL */
#define SKU_FLAG_FULL 3
#define BOOT_PARAM_SIZE 32 /* SceNpEntitlementAccessBootParam: char reserved[32] */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;

static bool is_initialized(void) {
  pthread_mutex_lock(&lock);
  bool v = initialized;
  pthread_mutex_unlock(&lock);
  return v;
}

/* The boot parameters hold no attribute for an ordinary boot: all zero. */
static int ent_initialize(const void *init_param, void *boot_param) {
  if (!init_param || !boot_param) return ENT_ERROR_PARAMETER;
  pthread_mutex_lock(&lock);
  int rc = initialized ? ENT_ERROR_BUSY : 0;
  initialized = true;
  pthread_mutex_unlock(&lock);
  if (!rc) memset(boot_param, 0, BOOT_PARAM_SIZE);
  return rc;
}

/* 0 when the library is initialized and LABEL is a service label, else the error. */
static int check(uint32_t service_label) {
  if (!is_initialized()) return ENT_ERROR_NOT_INITIALIZED;
  return service_label == SERVICE_LABEL_INVALID ? ENT_ERROR_PARAMETER : 0;
}

/* No additional content: no entitlement is valid, HIT_NUM is 0 and LIST is left as is. */
static int ent_get_addcont_entitlement_info_list(uint32_t service_label, void *list,
                                                 uint32_t list_num, uint32_t *hit_num) {
  (void)list, (void)list_num;
  int rc = check(service_label);
  if (rc) return rc;
  if (!hit_num) return ENT_ERROR_PARAMETER;
  *hit_num = 0;
  return 0;
}

static int ent_get_addcont_entitlement_info(uint32_t service_label, const void *label, void *info) {
  int rc = check(service_label);
  if (rc) return rc;
  if (!label || !info) return ENT_ERROR_PARAMETER;
  return ENT_ERROR_NO_ENTITLEMENT;
}

static int ent_get_entitlement_key(uint32_t service_label, const void *label, void *key) {
  int rc = check(service_label);
  if (rc) return rc;
  if (!label || !key) return ENT_ERROR_PARAMETER;
  return ENT_ERROR_NO_ENTITLEMENT;
}

static int ent_get_sku_flag(uint32_t *flag) {
  if (!is_initialized()) return ENT_ERROR_NOT_INITIALIZED;
  if (!flag) return ENT_ERROR_PARAMETER;
  *flag = SKU_FLAG_FULL;
  return 0;
}

static const struct hle_symbol ent_symbols[] = {
    HLE_FUNC("jO8DM8oyego", sceNpEntitlementAccessInitialize, ent_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("TFyU+KFBv54", sceNpEntitlementAccessGetAddcontEntitlementInfoList,
             ent_get_addcont_entitlement_info_list, HLE_IMPLEMENTED),
    HLE_FUNC("xddD23+8TfQ", sceNpEntitlementAccessGetAddcontEntitlementInfo,
             ent_get_addcont_entitlement_info, HLE_IMPLEMENTED),
    HLE_FUNC("5LiMEPuW0DQ", sceNpEntitlementAccessGetEntitlementKey, ent_get_entitlement_key,
             HLE_IMPLEMENTED),
    HLE_FUNC("lPDO62PpJIA", sceNpEntitlementAccessGetSkuFlag, ent_get_sku_flag, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpEntitlementAccess = {
    .library_name = "libSceNpEntitlementAccess",
    .library_version = 1,
    .module_name = "libSceNpEntitlementAccess",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = ent_symbols,
    .symbol_count = sizeof ent_symbols / sizeof ent_symbols[0],
};
