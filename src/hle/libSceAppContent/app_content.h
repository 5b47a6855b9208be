/* libSceAppContent: the application's parameters, its temporary data (/temp0, a host
 * folder under the per-title data folder) and additional content (prospero installs none:
 * lookups answer DRM_NO_ENTITLEMENT, mounts NOT_FOUND). */
#ifndef PROSPERO_HLE_LIBSCEAPPCONTENT_APP_CONTENT_H
#define PROSPERO_HLE_LIBSCEAPPCONTENT_APP_CONTENT_H

#include <stdint.h>

/* Error codes (the console's SCE_APP_CONTENT_ERROR_*) */
#define APP_CONTENT_ERROR_PARAMETER ((int)0x80D90002)
#define APP_CONTENT_ERROR_BUSY ((int)0x80D90003)
#define APP_CONTENT_ERROR_NOT_MOUNTED ((int)0x80D90004)
#define APP_CONTENT_ERROR_NOT_FOUND ((int)0x80D90005)
#define APP_CONTENT_ERROR_DRM_NO_ENTITLEMENT ((int)0x80D90007)

/* SceAppContentAppParamId and the SKU flag values */
#define APP_CONTENT_PARAM_SKU_FLAG 0
#define APP_CONTENT_PARAM_USER_DEFINED_1 1
#define APP_CONTENT_PARAM_USER_DEFINED_4 4
#define APP_CONTENT_SKU_FLAG_FULL 3

#define APP_CONTENT_TEMPORARY_DATA_OPTION_FORMAT 0x1
#define APP_CONTENT_MOUNTPOINT_SIZE 16 /* SceAppContentMountPoint: char data[16] */

/* The exports (the console's prototypes; see sdk/include/app_content.h) */
int app_content_initialize(const void *init_param, void *boot_param);
int app_content_app_param_get_int(uint32_t id, int32_t *value);
int app_content_temporary_data_mount2(uint32_t option, char *mount_point);
int app_content_temporary_data_mount(char *mount_point);
int app_content_temporary_data_unmount(const char *mount_point);
int app_content_temporary_data_format(const char *mount_point);
int app_content_temporary_data_get_available_space_kb(const char *mount_point, uint64_t *kb);
int app_content_get_addcont_info_list(uint32_t service_label, void *list, uint32_t list_num,
                                      uint32_t *hit_num);
int app_content_get_addcont_info(uint32_t service_label, const void *label, void *info);
int app_content_addcont_mount(uint32_t service_label, const void *label, char *mount_point);
int app_content_addcont_unmount(const char *mount_point);

#endif
