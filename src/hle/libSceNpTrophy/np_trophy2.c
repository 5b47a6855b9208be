/* libSceNpTrophy2, the PS5's trophy library, over libSceNpTrophy's contexts, handles and
 * per-title store (np_trophy.c): the same checks, answered with the PS5 library's error codes
 * (SCE_NP_TROPHY2_ERROR_*, the SDK reference's), and its info getters with the PS5
 * structures, which have no size field and carry progressive trophies' targets. */
#include "hle/libSceNpTrophy/np_trophy2.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceNpManager/np_manager.h"
#include "hle/libSceNpTrophy/np_trophy.h"
#include "hle/libSceNpTrophy/trophy_set.h"

/* NpTrophy's code for the same condition -> NpTrophy2's. */
static int to_trophy2(int rc) {
  switch (rc) {
    case NP_TROPHY_ERROR_INVALID_ARGUMENT: return NP_TROPHY2_ERROR_INVALID_ARGUMENT;
    case NP_TROPHY_ERROR_INVALID_HANDLE: return NP_TROPHY2_ERROR_INVALID_HANDLE;
    case NP_TROPHY_ERROR_INVALID_CONTEXT: return NP_TROPHY2_ERROR_INVALID_CONTEXT;
    case NP_TROPHY_ERROR_INVALID_TROPHY_ID: return NP_TROPHY2_ERROR_INVALID_TROPHY_ID;
    case NP_TROPHY_ERROR_INVALID_GROUP: return NP_TROPHY2_ERROR_INVALID_GROUP_ID;
    case NP_TROPHY_ERROR_ICON_FILE_NOT_FOUND: return NP_TROPHY2_ERROR_ICON_FILE_NOT_FOUND;
    case NP_TROPHY_ERROR_NOT_REGISTERED: return NP_TROPHY2_ERROR_NOT_REGISTERED;
    case NP_TROPHY_ERROR_ALREADY_REGISTERED: return NP_TROPHY2_ERROR_ALREADY_REGISTERED;
    case NP_TROPHY_ERROR_CONTEXT_ALREADY_EXISTS: return NP_TROPHY2_ERROR_CONTEXT_ALREADY_EXISTS;
    case NP_TROPHY_ERROR_CONTEXT_EXCEEDS_MAX: return NP_TROPHY2_ERROR_CONTEXT_EXCEEDS_MAX;
    case NP_TROPHY_ERROR_HANDLE_EXCEEDS_MAX: return NP_TROPHY2_ERROR_HANDLE_EXCEEDS_MAX;
    case NP_TROPHY_ERROR_INVALID_USER_ID: return NP_TROPHY2_ERROR_INVALID_USER_ID;
    default: return rc;
  }
}

int np_trophy2_create_context(int32_t *context, int32_t user_id, uint32_t service_label,
                              uint64_t options) {
  return to_trophy2(np_trophy_create_context(context, user_id, service_label, options));
}
int np_trophy2_destroy_context(int32_t context) {
  return to_trophy2(np_trophy_destroy_context(context));
}
int np_trophy2_create_handle(int32_t *handle) {
  return to_trophy2(np_trophy_create_handle(handle));
}
int np_trophy2_destroy_handle(int32_t handle) {
  return to_trophy2(np_trophy_destroy_handle(handle));
}
int np_trophy2_abort_handle(int32_t handle) { return to_trophy2(np_trophy_abort_handle(handle)); }
int np_trophy2_register_context(int32_t context, int32_t handle, uint64_t options) {
  return to_trophy2(np_trophy_register_context(context, handle, options));
}

int np_trophy2_get_game_info(int32_t context, int32_t handle,
                             struct np_trophy2_game_details *details,
                             struct np_trophy2_game_data *data) {
  if (!details && !data) return NP_TROPHY2_ERROR_INVALID_ARGUMENT;
  struct np_trophy_set_info s;
  int rc = np_trophy_query_set(context, handle, &s);
  if (rc) return to_trophy2(rc);
  if (details) {
    memset(details, 0, sizeof *details);
    details->num_groups = s.groups;
    details->num_trophies = s.count;
    details->num_platinum = s.by_grade[TROPHY_GRADE_PLATINUM];
    details->num_gold = s.by_grade[TROPHY_GRADE_GOLD];
    details->num_silver = s.by_grade[TROPHY_GRADE_SILVER];
    details->num_bronze = s.by_grade[TROPHY_GRADE_BRONZE];
    memcpy(details->title, s.title, sizeof details->title);
  }
  if (data) {
    memset(data, 0, sizeof *data);
    data->unlocked_trophies = s.unlocked;
    data->unlocked_platinum = s.unlocked_by_grade[TROPHY_GRADE_PLATINUM];
    data->unlocked_gold = s.unlocked_by_grade[TROPHY_GRADE_GOLD];
    data->unlocked_silver = s.unlocked_by_grade[TROPHY_GRADE_SILVER];
    data->unlocked_bronze = s.unlocked_by_grade[TROPHY_GRADE_BRONZE];
    data->progress_percentage = s.progress;
  }
  return 0;
}

/* Fills one trophy's structures (either may be NULL). */
static void fill(int32_t id, const struct np_trophy_trophy_info *t,
                 struct np_trophy2_details *details, struct np_trophy2_data *data) {
  if (details) {
    memset(details, 0, sizeof *details);
    details->trophy_id = id;
    details->grade = t->grade;
    details->group_id = t->group;
    details->hidden = t->hidden;
    details->has_reward = t->has_reward;
    if (t->progressive) {
      details->target.type = NP_TROPHY2_PROGRESS_TYPE_UINT64;
      details->target.value = (uint64_t)t->target;
    }
    memcpy(details->name, t->name, sizeof details->name);
    memcpy(details->description, t->detail, sizeof details->description);
    memcpy(details->reward, t->reward, sizeof details->reward);
  }
  if (data) {
    memset(data, 0, sizeof *data);
    data->trophy_id = id;
    data->unlocked = t->unlocked;
    if (t->progressive) {
      data->progress.type = NP_TROPHY2_PROGRESS_TYPE_UINT64;
      data->progress.value = (uint64_t)t->progress;
    }
    data->timestamp = t->timestamp;
  }
}

int np_trophy2_get_trophy_info(int32_t context, int32_t handle, int32_t trophy_id,
                               struct np_trophy2_details *details, struct np_trophy2_data *data) {
  if (!details && !data) return NP_TROPHY2_ERROR_INVALID_ARGUMENT;
  struct np_trophy_trophy_info t;
  int rc = np_trophy_query_trophy(context, handle, trophy_id, &t);
  if (rc) return to_trophy2(rc);
  fill(trophy_id, &t, details, data);
  return 0;
}

int np_trophy2_get_trophy_info_array(int32_t context, int32_t handle, uint32_t offset,
                                     uint32_t limit, struct np_trophy2_details *details,
                                     struct np_trophy2_data *data, uint32_t *count) {
  if (!count || (!details && !data)) return NP_TROPHY2_ERROR_INVALID_ARGUMENT;
  struct np_trophy_set_info s;
  int rc = np_trophy_query_set(context, handle, &s);
  if (rc) return to_trophy2(rc);
  uint32_t n = 0;
  for (uint32_t id = offset; id < s.count && n < limit; id++, n++) {
    struct np_trophy_trophy_info t;
    rc = np_trophy_query_trophy(context, handle, (int32_t)id, &t);
    if (rc) return to_trophy2(rc);
    fill((int32_t)id, &t, details ? &details[n] : NULL, data ? &data[n] : NULL);
  }
  *count = n;
  return 0;
}

static void fill_group(int32_t id, const struct np_trophy_group_info *g,
                       struct np_trophy2_group_details *details,
                       struct np_trophy2_group_data *data) {
  if (details) {
    memset(details, 0, sizeof *details);
    details->group_id = id;
    details->num_trophies = g->count;
    details->num_platinum = g->by_grade[TROPHY_GRADE_PLATINUM];
    details->num_gold = g->by_grade[TROPHY_GRADE_GOLD];
    details->num_silver = g->by_grade[TROPHY_GRADE_SILVER];
    details->num_bronze = g->by_grade[TROPHY_GRADE_BRONZE];
    memcpy(details->title, g->title, sizeof details->title);
  }
  if (data) {
    memset(data, 0, sizeof *data);
    data->group_id = id;
    data->unlocked_trophies = g->unlocked;
    data->unlocked_platinum = g->unlocked_by_grade[TROPHY_GRADE_PLATINUM];
    data->unlocked_gold = g->unlocked_by_grade[TROPHY_GRADE_GOLD];
    data->unlocked_silver = g->unlocked_by_grade[TROPHY_GRADE_SILVER];
    data->unlocked_bronze = g->unlocked_by_grade[TROPHY_GRADE_BRONZE];
    data->progress_percentage = g->progress;
  }
}

int np_trophy2_get_group_info(int32_t context, int32_t handle, int32_t group_id,
                              struct np_trophy2_group_details *details,
                              struct np_trophy2_group_data *data) {
  if (!details && !data) return NP_TROPHY2_ERROR_INVALID_ARGUMENT;
  struct np_trophy_group_info g;
  int rc = np_trophy_query_group(context, handle, group_id, &g);
  if (rc) return to_trophy2(rc);
  fill_group(group_id, &g, details, data);
  return 0;
}

int np_trophy2_get_group_info_array(int32_t context, int32_t handle, uint32_t offset,
                                    uint32_t limit, struct np_trophy2_group_details *details,
                                    struct np_trophy2_group_data *data, uint32_t *count) {
  if (!count || (!details && !data)) return NP_TROPHY2_ERROR_INVALID_ARGUMENT;
  int32_t *ids = malloc(TROPHY_NUM_MAX * sizeof *ids);
  if (!ids) return NP_TROPHY2_ERROR_OUT_OF_MEMORY;
  uint32_t n_groups = 0, n = 0;
  int rc = np_trophy_query_groups(context, handle, ids, &n_groups);
  for (uint32_t k = offset; rc == 0 && k < n_groups && n < limit; k++, n++) {
    struct np_trophy_group_info g;
    rc = np_trophy_query_group(context, handle, ids[k], &g);
    if (rc == 0) fill_group(ids[k], &g, details ? &details[n] : NULL, data ? &data[n] : NULL);
  }
  free(ids);
  if (rc) return to_trophy2(rc);
  *count = n;
  return 0;
}

/* The unlock callback: a guest function (SceNpTrophy2UnlockCallback) called from
 * sceNpCheckCallback, on the thread that calls it, once per unlock. */
static pthread_mutex_t callback_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t callback, callback_arg;

static void run_unlock_callbacks(void) {
  int32_t context, id;
  while (np_trophy_take_unlock(&context, &id)) {
    pthread_mutex_lock(&callback_lock);
    uint64_t fn = callback, arg = callback_arg;
    pthread_mutex_unlock(&callback_lock);
    if (fn)
      ((void (*)(int32_t, int32_t, void *))(uintptr_t)fn)(context, id, (void *)(uintptr_t)arg);
  }
}

int np_trophy2_register_unlock_callback(uint64_t fn, uint64_t userdata) {
  if (!fn) return NP_TROPHY2_ERROR_INVALID_ARGUMENT;
  if (!np_manager_add_check_hook(run_unlock_callbacks)) {
    LOG(hle, ERROR, "sceNpTrophy2RegisterUnlockCallback: no room for sceNpCheckCallback's hook");
    return NP_TROPHY2_ERROR_OUT_OF_MEMORY;
  }
  pthread_mutex_lock(&callback_lock);
  callback = fn; /* a second registration replaces the first (unverified) */
  callback_arg = userdata;
  pthread_mutex_unlock(&callback_lock);
  np_trophy_notify_unlocks(true);
  return 0;
}

int np_trophy2_unregister_unlock_callback(void) {
  np_trophy_notify_unlocks(false);
  pthread_mutex_lock(&callback_lock);
  callback = callback_arg = 0;
  pthread_mutex_unlock(&callback_lock);
  return 0;
}

/* The system's trophy list screen: prospero has no system UI, so nothing is shown (logged
 * once); the context is checked as the console does. */
int np_trophy2_show_trophy_list(int32_t context) {
  int rc = to_trophy2(np_trophy_check_registered(context));
  if (rc == 0) LOG_ONCE(hle, INFO, "sceNpTrophy2ShowTrophyList: no system UI, no list is shown");
  return rc;
}

int np_trophy2_get_game_icon(int32_t context, int32_t handle, void *buffer, size_t *size) {
  return to_trophy2(np_trophy_read_icon(context, handle, NP_TROPHY_ICON_GAME, 0, buffer, size));
}
int np_trophy2_get_group_icon(int32_t context, int32_t handle, int32_t group_id, void *buffer,
                              size_t *size) {
  return to_trophy2(
      np_trophy_read_icon(context, handle, NP_TROPHY_ICON_GROUP, group_id, buffer, size));
}
int np_trophy2_get_trophy_icon(int32_t context, int32_t handle, int32_t trophy_id, void *buffer,
                               size_t *size) {
  return to_trophy2(
      np_trophy_read_icon(context, handle, NP_TROPHY_ICON_TROPHY, trophy_id, buffer, size));
}
int np_trophy2_get_reward_icon(int32_t context, int32_t handle, int32_t trophy_id, void *buffer,
                               size_t *size) {
  return to_trophy2(
      np_trophy_read_icon(context, handle, NP_TROPHY_ICON_REWARD, trophy_id, buffer, size));
}
