/* libSceNpUniversalDataSystem: initialisation, contexts, handles and posting (see uds.h). */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceNpTrophy/np_trophy.h"
#include "hle/libSceNpUniversalDataSystem/uds.h"
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"
#include "hle/libSceUserService/user_service.h"

struct context {
  bool used, registered;
  int32_t user;
  uint32_t service_label;
  size_t posted, largest; /* events posted since creation, the largest's size */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static struct context contexts[UDS_CONTEXT_MAX]; /* id = index + 1 */
static bool handles[UDS_HANDLE_MAX];             /* id = index + 1 */
static size_t pool_size;                         /* asked, rounded up to 16 KiB */

bool uds_initialized(void) { return __atomic_load_n(&initialized, __ATOMIC_ACQUIRE); }

int uds_initialize(const struct uds_init_param *param) {
  if (!param) return UDS_ERROR_INVALID_ARGUMENT;
  if (param->size < sizeof *param) return UDS_ERROR_INVALID_SIZE;
  pthread_mutex_lock(&lock);
  int rc = initialized ? UDS_ERROR_ALREADY_INITIALIZED : 0;
  if (rc == 0) {
    __atomic_store_n(&initialized, true, __ATOMIC_RELEASE);
    /* the SDK reference: a pool size not a multiple of 16 KiB is rounded up */
    pool_size = param->pool_size > SIZE_MAX - 0x3fff
                    ? param->pool_size
                    : (param->pool_size + 0x3fff) & ~(size_t)0x3fff;
    LOG(hle, INFO, "uds: initialised (pool of %zu bytes asked; events are kept on the host)",
        param->pool_size);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int uds_terminate(void) {
  pthread_mutex_lock(&lock);
  int rc = initialized ? 0 : UDS_ERROR_NOT_INITIALIZED;
  if (rc == 0) {
    __atomic_store_n(&initialized, false, __ATOMIC_RELEASE);
    memset(contexts, 0, sizeof contexts);
    memset(handles, 0, sizeof handles);
  }
  pthread_mutex_unlock(&lock);
  if (rc == 0) uds_events_reset();
  return rc;
}

int uds_create_context(int32_t *context, int32_t user_id, uint32_t service_label,
                       uint64_t options) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!context || options != 0) return UDS_ERROR_INVALID_ARGUMENT;
  if (user_id < 0) return UDS_ERROR_INVALID_USER; /* SCE_USER_SERVICE_USER_ID_INVALID is -1 */
  if (user_id != USER_SERVICE_INITIAL_USER_ID) return UDS_ERROR_USER_NOT_LOGGED_IN;
  pthread_mutex_lock(&lock);
  int rc = UDS_ERROR_CONTEXT_EXCEEDS_MAX;
  for (int i = 0; i < UDS_CONTEXT_MAX; i++)
    if (!contexts[i].used) {
      contexts[i] = (struct context){.used = true, .user = user_id, .service_label = service_label};
      *context = i + 1;
      rc = 0;
      break;
    }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The context CONTEXT (lock held), or NULL. */
static struct context *find_context(int32_t context) {
  if (context < 1 || context > UDS_CONTEXT_MAX || !contexts[context - 1].used) return NULL;
  return &contexts[context - 1];
}

static bool valid_handle(int32_t handle) {
  return handle >= 1 && handle <= UDS_HANDLE_MAX && handles[handle - 1];
}

int uds_destroy_context(int32_t context) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  pthread_mutex_lock(&lock);
  struct context *c = find_context(context);
  if (c) *c = (struct context){0};
  pthread_mutex_unlock(&lock);
  return c ? 0 : UDS_ERROR_INVALID_CONTEXT;
}

int uds_register_context(int32_t context, int32_t handle, uint64_t options) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  pthread_mutex_lock(&lock);
  struct context *c = find_context(context);
  int rc = !c                      ? UDS_ERROR_INVALID_CONTEXT
           : !valid_handle(handle) ? UDS_ERROR_INVALID_HANDLE
           : options != 0          ? UDS_ERROR_INVALID_ARGUMENT
           : c->registered         ? UDS_ERROR_ALREADY_REGISTERED
                                   : 0;
  if (rc == 0) {
    c->registered = true;
    LOG(hle, INFO, "uds: context %d registered (user %d, service label %u)", context, c->user,
        c->service_label);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int uds_create_handle(int32_t *handle) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!handle) return UDS_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  int rc = UDS_ERROR_HANDLE_EXCEEDS_MAX;
  for (int i = 0; i < UDS_HANDLE_MAX; i++)
    if (!handles[i]) {
      handles[i] = true;
      *handle = i + 1;
      rc = 0;
      break;
    }
  pthread_mutex_unlock(&lock);
  return rc;
}

int uds_destroy_handle(int32_t handle) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  pthread_mutex_lock(&lock);
  bool ok = valid_handle(handle);
  if (ok) handles[handle - 1] = false;
  pthread_mutex_unlock(&lock);
  return ok ? 0 : UDS_ERROR_INVALID_HANDLE;
}

/* Every call finishes before it returns, so there is never anything to abort. */
int uds_abort_handle(int32_t handle) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  pthread_mutex_lock(&lock);
  bool ok = valid_handle(handle);
  pthread_mutex_unlock(&lock);
  return ok ? 0 : UDS_ERROR_INVALID_HANDLE;
}

static const char *unlock_outcome(int rc) {
  switch (rc) {
    case NP_TROPHY_ERROR_INVALID_TROPHY_ID: return "not in the trophy set";
    case NP_TROPHY_ERROR_PLATINUM_CANNOT_UNLOCK:
      return "the platinum trophy is not unlocked by events";
    case NP_TROPHY_ERROR_TROPHY_ALREADY_UNLOCKED: return "already unlocked";
    case NP_TROPHY_ERROR_NOT_PROGRESSIVE: return "not a progressive trophy of the set";
    default: return "refused";
  }
}

/* The trophy events: applied to the title's trophy store. The console applies them later
 * and never reports the outcome to the poster, so the post succeeds whatever happens. */
static void apply_trophy_event(int32_t user, const struct uds_event_view *v) {
  int32_t platinum = -1;
  if (strcmp(v->name, "_UnlockTrophy") == 0) {
    if (!v->has_trophy_id) {
      LOG(hle, GAME_ERROR, "uds: _UnlockTrophy without an Int32 _trophy_id: no trophy unlocked");
      return;
    }
    int rc = np_trophy_unlock_for_user(user, v->trophy_id, &platinum);
    if (rc) LOG(hle, WARN, "uds: _UnlockTrophy %d: %s", v->trophy_id, unlock_outcome(rc));
  } else if (strcmp(v->name, "_UpdateTrophyProgress") == 0) {
    if (!v->has_trophy_id || !v->has_progress) {
      LOG(hle, GAME_ERROR,
          "uds: _UpdateTrophyProgress without Int32 _trophy_id and _trophy_progress: ignored");
      return;
    }
    int rc = np_trophy_progress_for_user(user, v->trophy_id, v->progress, &platinum);
    if (rc < 0)
      LOG(hle, WARN, "uds: _UpdateTrophyProgress %d: %s", v->trophy_id, unlock_outcome(rc));
  } else {
    LOG_ONCE(hle, INFO,
             "uds: other events feed the title's stats (uds00.ucp), if any; nothing is sent");
  }
}

int uds_post_event(int32_t context, int32_t handle, const struct uds_event *event,
                   uint64_t options) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!event || (options & ~(uint64_t)UDS_POST_EVENT_OPTION_GENERATED_BY_CODEGEN))
    return UDS_ERROR_INVALID_ARGUMENT;
  struct uds_event_view view;
  int rc = uds_event_view(event, &view);
  if (rc) return rc;
  pthread_mutex_lock(&lock);
  struct context *c = find_context(context);
  int32_t user = c ? c->user : -1;
  rc = !c                                    ? UDS_ERROR_INVALID_CONTEXT
       : !valid_handle(handle)               ? UDS_ERROR_INVALID_HANDLE
       : !c->registered                      ? UDS_ERROR_NOT_REGISTERED
       : view.size > UDS_EVENT_DATA_SIZE_MAX ? UDS_ERROR_EXCEEDS_EVENT_DATA_SIZE_LIMIT
                                             : 0;
  if (rc == 0) {
    c->posted++;
    if (view.size > c->largest) c->largest = view.size;
  }
  pthread_mutex_unlock(&lock);
  if (rc) return rc;
  LOG(hle, INFO, "uds: event %s %s", view.name, view.text);
  apply_trophy_event(user, &view);
  uds_stats_apply(user, view.name, event);
  return 0;
}

int uds_get_memory_stat(struct uds_memory_stat *stat) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!stat) return UDS_ERROR_INVALID_ARGUMENT;
  LOG_ONCE(hle, INFO,
           "uds: memory statistics count the host memory prospero's events and objects hold, "
           "not the console library's pool use");
  size_t current, max;
  uds_events_usage(&current, &max);
  pthread_mutex_lock(&lock);
  *stat = (struct uds_memory_stat){pool_size, max, current};
  pthread_mutex_unlock(&lock);
  return 0;
}

/* Events are applied when posted (nothing waits in a store): every event posted was taken
 * out, none lost, none held. The store's capacity is not known: currentFreeSize 0. */
int uds_get_storage_stat(int32_t context, struct uds_storage_stat *stat) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!stat) return UDS_ERROR_INVALID_ARGUMENT;
  LOG_ONCE(hle, INFO,
           "uds: storage statistics: posted events are applied at once (none stored, the "
           "store's free size is not known: 0)");
  pthread_mutex_lock(&lock);
  struct context *c = find_context(context);
  if (c)
    *stat = (struct uds_storage_stat){
        .in_events = c->posted, .out_events = c->posted, .max_inuse_size = c->largest};
  pthread_mutex_unlock(&lock);
  return c ? 0 : UDS_ERROR_INVALID_CONTEXT;
}
