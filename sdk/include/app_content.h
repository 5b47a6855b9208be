/* libSceAppContent: application parameters, temporary data, additional content (names and
 * types as the console SDK spells them). */
#ifndef _PROSPERO_APP_CONTENT_H
#define _PROSPERO_APP_CONTENT_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_APP_CONTENT_ERROR_PARAMETER ((int)0x80D90002)
#define SCE_APP_CONTENT_ERROR_BUSY ((int)0x80D90003)
#define SCE_APP_CONTENT_ERROR_NOT_FOUND ((int)0x80D90005)
#define SCE_APP_CONTENT_ERROR_DRM_NO_ENTITLEMENT ((int)0x80D90007)

typedef uint32_t SceAppContentAppParamId;
#define SCE_APP_CONTENT_APPPARAM_ID_SKU_FLAG 0
#define SCE_APP_CONTENT_APPPARAM_ID_USER_DEFINED_PARAM_1 1
#define SCE_APP_CONTENT_APPPARAM_ID_USER_DEFINED_PARAM_2 2
#define SCE_APP_CONTENT_APPPARAM_ID_USER_DEFINED_PARAM_3 3
#define SCE_APP_CONTENT_APPPARAM_ID_USER_DEFINED_PARAM_4 4
#define SCE_APP_CONTENT_APPPARAM_SKU_FLAG_TRIAL 1
#define SCE_APP_CONTENT_APPPARAM_SKU_FLAG_FULL 3

typedef struct SceAppContentInitParam {
  char reserved[32];
} SceAppContentInitParam;

typedef struct SceAppContentBootParam {
  char reserved1[4];
  uint32_t attr;
  char reserved2[32];
} SceAppContentBootParam;

#define SCE_APP_CONTENT_MOUNTPOINT_DATA_MAXSIZE 16
typedef struct SceAppContentMountPoint {
  char data[SCE_APP_CONTENT_MOUNTPOINT_DATA_MAXSIZE];
} SceAppContentMountPoint;

typedef uint32_t SceAppContentTemporaryDataOption;
#define SCE_APP_CONTENT_TEMPORARY_DATA_OPTION_NONE 0
#define SCE_APP_CONTENT_TEMPORARY_DATA_OPTION_FORMAT (1 << 0)

/* Shared with np_entitlement_access.h, which defines them the same way. */
#ifndef SCE_NP_UNIFIED_ENTITLEMENT_LABEL_SIZE
#define SCE_NP_UNIFIED_ENTITLEMENT_LABEL_SIZE 17
typedef uint32_t SceNpServiceLabel;
typedef struct SceNpUnifiedEntitlementLabel {
  char data[SCE_NP_UNIFIED_ENTITLEMENT_LABEL_SIZE];
  char padding[3];
} SceNpUnifiedEntitlementLabel;
#endif

typedef uint32_t SceAppContentAddcontDownloadStatus;
typedef struct SceAppContentAddcontInfo {
  SceNpUnifiedEntitlementLabel entitlementLabel;
  SceAppContentAddcontDownloadStatus status;
} SceAppContentAddcontInfo;

#define SCE_APP_CONTENT_ADDCONT_DOWNLOAD_STATUS_NO_EXTRA_DATA 0
#define SCE_APP_CONTENT_ADDCONT_DOWNLOAD_STATUS_INSTALLED 4

int sceAppContentInitialize(const SceAppContentInitParam *initParam,
                            SceAppContentBootParam *bootParam);
int sceAppContentAppParamGetInt(SceAppContentAppParamId paramId, int32_t *value);
int sceAppContentTemporaryDataMount2(SceAppContentTemporaryDataOption option,
                                     SceAppContentMountPoint *mountPoint);
int sceAppContentTemporaryDataUnmount(const SceAppContentMountPoint *mountPoint);
int sceAppContentTemporaryDataFormat(const SceAppContentMountPoint *mountPoint);
int sceAppContentTemporaryDataGetAvailableSpaceKb(const SceAppContentMountPoint *mountPoint,
                                                  uint64_t *availableSpaceKb);
int sceAppContentGetAddcontInfoList(SceNpServiceLabel serviceLabel,
                                    SceAppContentAddcontInfo *list, uint32_t listNum,
                                    uint32_t *hitNum);
int sceAppContentGetAddcontInfo(SceNpServiceLabel serviceLabel,
                                const SceNpUnifiedEntitlementLabel *entitlementLabel,
                                SceAppContentAddcontInfo *info);
int sceAppContentAddcontMount(SceNpServiceLabel serviceLabel,
                              const SceNpUnifiedEntitlementLabel *entitlementLabel,
                              SceAppContentMountPoint *mountPoint);
int sceAppContentAddcontUnmount(const SceAppContentMountPoint *mountPoint);
int sceAppContentTemporaryDataMount(SceAppContentMountPoint *mountPoint);

__PROSPERO_END_DECLS

#endif
