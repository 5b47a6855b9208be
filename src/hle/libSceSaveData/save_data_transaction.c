/* libSceSaveData's transactions (the PS5's Mount3 flow: CreateTransactionResource, Mount3
 * with the resource, Prepare, write, Commit) and the sync of memory save data. prospero
 * writes a save's files straight to the host folder, so a transaction has nothing to hold
 * back: Prepare checks the mount, Commit the argument, and both log once that the data is
 * already on disk (PARTIAL: the console keeps uncommitted writes apart, prospero does
 * not, and the prototypes beyond the first argument are not public). */
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceSaveData/save_data.h"

#define RESOURCES_MAX 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool resources[RESOURCES_MAX]; /* id = index + 1 */

/* Returns the new resource's id (positive) or an error; MEMORY_SIZE is not needed. */
int save_data_create_transaction_resource(uint64_t memory_size) {
  (void)memory_size;
  int rc = save_data_check_initialized();
  if (rc) return rc;
  pthread_mutex_lock(&lock);
  rc = SAVE_DATA_ERROR_OUT_OF_MEMORY;
  for (int i = 0; i < RESOURCES_MAX; i++)
    if (!resources[i]) {
      resources[i] = true;
      rc = i + 1;
      break;
    }
  pthread_mutex_unlock(&lock);
  return rc;
}

int save_data_delete_transaction_resource(int32_t resource) {
  pthread_mutex_lock(&lock);
  bool known = resource >= 1 && resource <= RESOURCES_MAX && resources[resource - 1];
  if (known) resources[resource - 1] = false;
  pthread_mutex_unlock(&lock);
  return known ? 0 : SAVE_DATA_ERROR_PARAMETER;
}

int save_data_prepare(const char *mount_point) {
  struct save_data_mount_info info;
  int rc = save_data_get_mount_info(mount_point, &info); /* NOT_MOUNTED, PARAMETER */
  if (rc == 0)
    LOG_ONCE(hle, WARN,
             "sceSaveDataPrepare: save data is written straight to disk (nothing to "
             "prepare)");
  return rc;
}

int save_data_commit(const void *param) {
  int rc = save_data_check_initialized();
  if (rc) return rc;
  if (!param) return SAVE_DATA_ERROR_PARAMETER;
  LOG_ONCE(hle, WARN, "sceSaveDataCommit: save data is already on disk (nothing to commit)");
  return 0;
}

/* SceSaveDataMemorySync: i32 userId, u32 slotId, u32 option, reserved. The data is written
 * through to the host file, so a set-up slot is always in sync. */
int save_data_sync_memory(const void *sync_) {
  const struct {
    int32_t user_id;
    uint32_t slot_id;
  } *sync = sync_;
  int rc = save_data_check_initialized();
  if (rc) return rc;
  if (!sync) return SAVE_DATA_ERROR_PARAMETER;
  return save_data_memory_ready(sync->user_id, sync->slot_id);
}
