/* libSceAppContent: parameters, temporary data, additional content (none). */
#define _GNU_SOURCE /* nftw */
#include "hle/libSceAppContent/app_content.h"

#include <ftw.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "common/log.h"
#include "kernel/mounts.h"
#include "kernel/title.h"

#define TEMP_MOUNT "/temp0"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;

/* SceAppContentBootParam: reserved[4], uint32 attr, reserved[32]. attr 0: an ordinary boot
 * (not started to install content). INIT_PARAM (reserved bytes only) is not read. */
int app_content_initialize(const void *init_param, void *boot_param) {
  (void)init_param;
  pthread_mutex_lock(&lock);
  bool again = initialized;
  initialized = true;
  pthread_mutex_unlock(&lock);
  if (again) return APP_CONTENT_ERROR_BUSY;
  if (boot_param) {
    uint32_t attr = 0;
    memcpy((char *)boot_param + 4, &attr, sizeof attr);
  }
  return 0;
}

/* The SKU is the full game (prospero runs what is installed); the four user-defined
 * parameters are the title's (param.json userDefinedParam1..4 or param.sfo
 * USER_DEFINED_PARAM_1..4, read at start-up into the title metadata; 0 when absent). */
int app_content_app_param_get_int(uint32_t id, int32_t *value) {
  if (!value) return APP_CONTENT_ERROR_PARAMETER;
  if (id == APP_CONTENT_PARAM_SKU_FLAG) {
    *value = APP_CONTENT_SKU_FLAG_FULL;
    return 0;
  }
  if (id >= APP_CONTENT_PARAM_USER_DEFINED_1 && id <= APP_CONTENT_PARAM_USER_DEFINED_4) {
    *value = title_get()->user_param[id - APP_CONTENT_PARAM_USER_DEFINED_1];
    return 0;
  }
  return APP_CONTENT_ERROR_PARAMETER;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag;
  if (ftw->level == 0) return 0; /* keep the folder itself */
  if (remove(path) != 0) LOG(hle, WARN, "temporary data: cannot remove %s", path);
  return 0;
}

/* Empties the host folder of /temp0. False (logged) when it has none. */
static bool format_temp(void) {
  char host[4096];
  bool ro = false;
  if (!mounts_resolve(TEMP_MOUNT, host, sizeof host, &ro) || ro) {
    LOG(hle, WARN, "temporary data: %s has no writable host folder", TEMP_MOUNT);
    return false;
  }
  nftw(host, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  return true;
}

static bool is_temp(const char *mount_point) {
  return strncmp(mount_point, TEMP_MOUNT, APP_CONTENT_MOUNTPOINT_SIZE) == 0;
}

int app_content_temporary_data_mount2(uint32_t option, char *mount_point) {
  if (!mount_point) return APP_CONTENT_ERROR_PARAMETER;
  if ((option & APP_CONTENT_TEMPORARY_DATA_OPTION_FORMAT) && !format_temp())
    return APP_CONTENT_ERROR_NOT_FOUND;
  memset(mount_point, 0, APP_CONTENT_MOUNTPOINT_SIZE);
  memcpy(mount_point, TEMP_MOUNT, sizeof TEMP_MOUNT);
  return 0;
}

/* The PS4's first form: temporary data is emptied when it is mounted. */
int app_content_temporary_data_mount(char *mount_point) {
  return app_content_temporary_data_mount2(APP_CONTENT_TEMPORARY_DATA_OPTION_FORMAT, mount_point);
}

int app_content_temporary_data_unmount(const char *mount_point) {
  if (!mount_point || !is_temp(mount_point)) return APP_CONTENT_ERROR_PARAMETER;
  return 0; /* /temp0 stays mounted for the process, as the host folder does */
}

int app_content_temporary_data_format(const char *mount_point) {
  if (!mount_point || !is_temp(mount_point)) return APP_CONTENT_ERROR_PARAMETER;
  return format_temp() ? 0 : APP_CONTENT_ERROR_NOT_FOUND;
}

int app_content_temporary_data_get_available_space_kb(const char *mount_point, uint64_t *kb) {
  if (!mount_point || !kb || !is_temp(mount_point)) return APP_CONTENT_ERROR_PARAMETER;
  char host[4096];
  bool ro = false;
  struct statvfs sv;
  if (!mounts_resolve(TEMP_MOUNT, host, sizeof host, &ro) || statvfs(host, &sv) != 0)
    return APP_CONTENT_ERROR_NOT_FOUND;
  *kb = (uint64_t)sv.f_bavail * sv.f_frsize / 1024;
  return 0;
}

/* prospero installs no additional content: the list is always empty. */
int app_content_get_addcont_info_list(uint32_t service_label, void *list, uint32_t list_num,
                                      uint32_t *hit_num) {
  (void)service_label, (void)list, (void)list_num;
  if (!hit_num) return APP_CONTENT_ERROR_PARAMETER;
  *hit_num = 0;
  return 0;
}

/* No additional content is installed: no entitlement label has one. */
int app_content_get_addcont_info(uint32_t service_label, const void *label, void *info) {
  (void)service_label;
  if (!label || !info) return APP_CONTENT_ERROR_PARAMETER;
  return APP_CONTENT_ERROR_DRM_NO_ENTITLEMENT;
}

int app_content_addcont_mount(uint32_t service_label, const void *label, char *mount_point) {
  (void)service_label;
  if (!label || !mount_point) return APP_CONTENT_ERROR_PARAMETER;
  return APP_CONTENT_ERROR_NOT_FOUND;
}

/* Nothing is ever mounted by AddcontMount. */
int app_content_addcont_unmount(const char *mount_point) {
  if (!mount_point) return APP_CONTENT_ERROR_PARAMETER;
  return APP_CONTENT_ERROR_NOT_MOUNTED;
}
