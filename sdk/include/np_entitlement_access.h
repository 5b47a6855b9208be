/* libSceNpEntitlementAccess: the PS5's entitlements (names and types as the console SDK
 * spells them; a selection). prospero installs no additional content and runs the full
 * game. */
#ifndef _PROSPERO_NP_ENTITLEMENT_ACCESS_H
#define _PROSPERO_NP_ENTITLEMENT_ACCESS_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_ENTITLEMENT_ACCESS_ERROR_NOT_INITIALIZED ((int)0x817D0001)
#define SCE_NP_ENTITLEMENT_ACCESS_ERROR_PARAMETER ((int)0x817D0002)
#define SCE_NP_ENTITLEMENT_ACCESS_ERROR_BUSY ((int)0x817D0003)
#define SCE_NP_ENTITLEMENT_ACCESS_ERROR_NO_ENTITLEMENT ((int)0x817D0007)
#define SCE_NP_ENTITLEMENT_ACCESS_ERROR_INTERNAL ((int)0x817D000A)

#define SCE_NP_ENTITLEMENT_ACCESS_SKU_FLAG_TRIAL 1
#define SCE_NP_ENTITLEMENT_ACCESS_SKU_FLAG_FULL 3
#define SCE_NP_ENTITLEMENT_ACCESS_ENTITLEMENT_KEY_SIZE (16)

#ifndef SCE_NP_UNIFIED_ENTITLEMENT_LABEL_SIZE
#define SCE_NP_UNIFIED_ENTITLEMENT_LABEL_SIZE 17
typedef uint32_t SceNpServiceLabel;
typedef struct SceNpUnifiedEntitlementLabel {
  char data[SCE_NP_UNIFIED_ENTITLEMENT_LABEL_SIZE];
  char padding[3];
} SceNpUnifiedEntitlementLabel;
#endif

typedef uint32_t SceNpEntitlementAccessSkuFlag;
typedef uint32_t SceNpEntitlementAccessPackageType;
typedef uint32_t SceNpEntitlementAccessDownloadStatus;

typedef struct SceNpEntitlementAccessInitParam {
  char reserved[32];
} SceNpEntitlementAccessInitParam;

typedef struct SceNpEntitlementAccessBootParam {
  char reserved[32];
} SceNpEntitlementAccessBootParam;

typedef struct SceNpEntitlementAccessAddcontEntitlementInfo {
  SceNpUnifiedEntitlementLabel entitlementLabel;
  SceNpEntitlementAccessPackageType packageType;
  SceNpEntitlementAccessDownloadStatus downloadStatus;
} SceNpEntitlementAccessAddcontEntitlementInfo;

typedef struct SceNpEntitlementAccessEntitlementKey {
  char data[SCE_NP_ENTITLEMENT_ACCESS_ENTITLEMENT_KEY_SIZE];
} SceNpEntitlementAccessEntitlementKey;

int32_t sceNpEntitlementAccessInitialize(const SceNpEntitlementAccessInitParam *initParam,
                                         SceNpEntitlementAccessBootParam *bootParam);
int32_t sceNpEntitlementAccessGetAddcontEntitlementInfoList(
    SceNpServiceLabel serviceLabel, SceNpEntitlementAccessAddcontEntitlementInfo *list,
    uint32_t listNum, uint32_t *hitNum);
int32_t sceNpEntitlementAccessGetAddcontEntitlementInfo(
    SceNpServiceLabel serviceLabel, const SceNpUnifiedEntitlementLabel *entitlementLabel,
    SceNpEntitlementAccessAddcontEntitlementInfo *info);
int32_t sceNpEntitlementAccessGetEntitlementKey(
    SceNpServiceLabel serviceLabel, const SceNpUnifiedEntitlementLabel *entitlementLabel,
    SceNpEntitlementAccessEntitlementKey *key);
int32_t sceNpEntitlementAccessGetSkuFlag(SceNpEntitlementAccessSkuFlag *skuFlag);

__PROSPERO_END_DECLS

#endif
