/* libSceNpTrophy: contexts, handles, unlocks kept on disk (see np_trophy.h). */
#include "hle/libSceNpTrophy/np_trophy.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "common/host_dirs.h"
#include "common/log.h"
#include "hle/libSceNpTrophy/trophy_set.h"
#include "hle/libSceUserService/user_service.h"

#define TRP_MAX_BYTES (64u << 20)
#define RTC_UNIX_EPOCH_SECONDS 62135596800ull /* 0001-01-01 to 1970-01-01 */

struct context {
  bool used, registered;
  int32_t user;
  uint32_t service_label;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct context contexts[NP_TROPHY_CONTEXT_MAX]; /* id = index + 1 */
static bool handles[NP_TROPHY_HANDLE_MAX];             /* id = index + 1 */
static char store_dir[PATH_MAX];                       /* <data>/trophy */
static struct trophy_set set;
static bool loaded;                          /* the unlocks were read from disk */
static uint64_t unlocked_at[TROPHY_NUM_MAX]; /* SceRtcTick of the unlock, 0: locked */
static int64_t progress_of[TROPHY_NUM_MAX];  /* highest progress posted (progress.txt) */
static char set_path[PATH_MAX];              /* the trophy file the set was read from */
#define NOTES_MAX 64
static bool notify;
static struct note { int32_t context, trophy; } notes[NOTES_MAX];
static uint32_t notes_head, notes_count;

/* Reads the file PATH (at most TRP_MAX_BYTES) and parses it with PARSE: true when the set
 * was read; false with WHY set when the file exists but cannot be used; false with WHY
 * untouched when there is no such file. */
static bool read_one(const char *path,
                     bool (*parse)(const uint8_t *, size_t, struct trophy_set *, char *, size_t),
                     char *why, size_t cap, bool *found) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  *found = true;
  uint8_t *data = malloc(TRP_MAX_BYTES);
  size_t n = data ? fread(data, 1, TRP_MAX_BYTES, f) : 0;
  fclose(f);
  bool ok = data && parse(data, n, &set, why, cap);
  free(data);
  if (!ok) memset(&set, 0, sizeof set);
  return ok;
}

/* The set: the PS5's trophy file first, then the PS4's package. */
static void read_set(const char *game_folder) {
  static const struct {
    const char *name;
    bool (*parse)(const uint8_t *, size_t, struct trophy_set *, char *, size_t);
  } files[] = {
      {"sce_sys/trophy2/trophy00.ucp", trophy_set_parse_ucp},
      {"sce_sys/trophy2/TROPHY00.UCP", trophy_set_parse_ucp},
      {"sce_sys/trophy/trophy00.trp", trophy_set_parse_trp},
      {"sce_sys/trophy/TROPHY00.TRP", trophy_set_parse_trp},
  };
  char path[PATH_MAX],
      why[160] = "no trophy file (sce_sys/trophy2/trophy00.ucp, sce_sys/trophy/trophy00.trp)";
  memset(&set, 0, sizeof set);
  set_path[0] = 0;
  bool found = false;
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    snprintf(path, sizeof path, "%.4000s/%s", game_folder, files[i].name);
    bool seen = false;
    if (read_one(path, files[i].parse, why, sizeof why, &seen)) {
      snprintf(set_path, sizeof set_path, "%s", path);
      LOG(hle, INFO, "trophies: %u in the set of %s (%s)", set.count,
          set.title[0] ? set.title : "the title", path);
      return;
    }
    if (seen) {
      LOG(hle, WARN, "trophies: %s: %s", path, why);
      found = true;
    }
  }
  LOG(hle, INFO,
      "trophies: the set is unknown (%s); ids 0..%d (libSceNpTrophy) or 0..%d (the PS5's "
      "events) are accepted as used",
      found ? "no readable trophy file" : why, TROPHY_PS4_NUM_MAX - 1, TROPHY_NUM_MAX - 1);
}

void np_trophy_set_title(const char *title_data_dir, const char *game_folder) {
  pthread_mutex_lock(&lock);
  snprintf(store_dir, sizeof store_dir, "%.4000s/trophy", title_data_dir);
  read_set(game_folder);
  loaded = false;
  pthread_mutex_unlock(&lock);
}

static bool state_path(int32_t user, const char *file, char *out, size_t cap) {
  if (!store_dir[0]) return false;
  int n = snprintf(out, cap, "%s/%d/%s", store_dir, (int)user, file);
  return n > 0 && (size_t)n < cap;
}

/* Reads the user's unlocks once. Called with the lock held. */
static void load_state(int32_t user) {
  if (loaded) return;
  loaded = true;
  memset(unlocked_at, 0, sizeof unlocked_at);
  memset(progress_of, 0, sizeof progress_of);
  char path[PATH_MAX];
  char line[128];
  FILE *f = state_path(user, "unlocked.txt", path, sizeof path) ? fopen(path, "r") : NULL;
  while (f && fgets(line, sizeof line, f)) {
    int id;
    unsigned long long tick;
    if (sscanf(line, "%d %llu", &id, &tick) == 2 && id >= 0 && id < TROPHY_NUM_MAX && tick)
      unlocked_at[id] = tick;
  }
  if (f) fclose(f);
  f = state_path(user, "progress.txt", path, sizeof path) ? fopen(path, "r") : NULL;
  while (f && fgets(line, sizeof line, f)) {
    int id;
    long long value;
    if (sscanf(line, "%d %lld", &id, &value) == 2 && id >= 0 && id < TROPHY_NUM_MAX && value > 0)
      progress_of[id] = value;
  }
  if (f) fclose(f);
}

/* Writes FILE of USER's folder with one "id value" line per nonzero U[id] (or S[id]), through a
 * temporary file. */
static bool write_lines(int32_t user, const char *file, const uint64_t *u, const int64_t *s) {
  char path[PATH_MAX], tmp[PATH_MAX + 8], dir[PATH_MAX];
  if (!state_path(user, file, path, sizeof path)) return false;
  snprintf(dir, sizeof dir, "%s/%d", store_dir, (int)user);
  if (!host_dirs_make(dir)) return false;
  snprintf(tmp, sizeof tmp, "%s.new", path);
  FILE *f = fopen(tmp, "w");
  if (!f) return false;
  for (int i = 0; i < TROPHY_NUM_MAX; i++) {
    if (u && u[i]) fprintf(f, "%d %llu\n", i, (unsigned long long)u[i]);
    if (s && s[i]) fprintf(f, "%d %lld\n", i, (long long)s[i]);
  }
  bool ok = fclose(f) == 0 && rename(tmp, path) == 0;
  if (!ok) LOG(hle, ERROR, "trophies: cannot write %s: %s", path, strerror(errno));
  return ok;
}

static bool save_state(int32_t user) {
  return write_lines(user, "unlocked.txt", unlocked_at, NULL);
}

static bool save_progress(int32_t user) {
  return write_lines(user, "progress.txt", NULL, progress_of);
}

static uint64_t rtc_now(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (RTC_UNIX_EPOCH_SECONDS + (uint64_t)tv.tv_sec) * 1000000ull + (uint64_t)tv.tv_usec;
}

int np_trophy_create_context(int32_t *context, int32_t user_id, uint32_t service_label,
                             uint64_t options) {
  if (!context || options != 0) return NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (user_id != USER_SERVICE_INITIAL_USER_ID) return NP_TROPHY_ERROR_INVALID_USER_ID;
  pthread_mutex_lock(&lock);
  int rc = 0, slot = -1;
  for (int i = 0; i < NP_TROPHY_CONTEXT_MAX && rc == 0; i++) {
    if (contexts[i].used && contexts[i].user == user_id &&
        contexts[i].service_label == service_label)
      rc = NP_TROPHY_ERROR_CONTEXT_ALREADY_EXISTS;
    else if (!contexts[i].used && slot < 0) slot = i;
  }
  if (rc == 0 && slot < 0) rc = NP_TROPHY_ERROR_CONTEXT_EXCEEDS_MAX;
  if (rc == 0) {
    contexts[slot] =
        (struct context){.used = true, .user = user_id, .service_label = service_label};
    *context = slot + 1;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The context CONTEXT (lock held), or NULL. */
static struct context *find_context(int32_t context) {
  if (context < 1 || context > NP_TROPHY_CONTEXT_MAX || !contexts[context - 1].used) return NULL;
  return &contexts[context - 1];
}

static bool valid_handle(int32_t handle) {
  return handle >= 1 && handle <= NP_TROPHY_HANDLE_MAX && handles[handle - 1];
}

int np_trophy_destroy_context(int32_t context) {
  pthread_mutex_lock(&lock);
  struct context *c = find_context(context);
  if (c) c->used = false;
  pthread_mutex_unlock(&lock);
  return c ? 0 : NP_TROPHY_ERROR_INVALID_CONTEXT;
}

int np_trophy_create_handle(int32_t *handle) {
  if (!handle) return NP_TROPHY_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  int rc = NP_TROPHY_ERROR_HANDLE_EXCEEDS_MAX;
  for (int i = 0; i < NP_TROPHY_HANDLE_MAX; i++)
    if (!handles[i]) {
      handles[i] = true;
      *handle = i + 1;
      rc = 0;
      break;
    }
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_destroy_handle(int32_t handle) {
  pthread_mutex_lock(&lock);
  bool ok = valid_handle(handle);
  if (ok) handles[handle - 1] = false;
  pthread_mutex_unlock(&lock);
  return ok ? 0 : NP_TROPHY_ERROR_INVALID_HANDLE;
}

/* Every call finishes before it returns, so there is never anything to abort. */
int np_trophy_abort_handle(int32_t handle) {
  pthread_mutex_lock(&lock);
  bool ok = valid_handle(handle);
  pthread_mutex_unlock(&lock);
  return ok ? 0 : NP_TROPHY_ERROR_INVALID_HANDLE;
}

/* Checks CONTEXT and HANDLE (lock held): 0 with *C set, or the error. REGISTERED: the
 * context must be registered. */
static int check(int32_t context, int32_t handle, bool registered, struct context **c) {
  *c = find_context(context);
  if (!*c) return NP_TROPHY_ERROR_INVALID_CONTEXT;
  if (!valid_handle(handle)) return NP_TROPHY_ERROR_INVALID_HANDLE;
  if (registered && !(*c)->registered) return NP_TROPHY_ERROR_NOT_REGISTERED;
  return 0;
}

static uint32_t unlocked_count(void) {
  uint32_t n = 0;
  for (int i = 0; i < TROPHY_NUM_MAX; i++) n += unlocked_at[i] != 0;
  return n;
}

/* Trophies in the set: the package's count, else the highest id used + 1. */
static uint32_t set_count(void) {
  if (set.known) return set.count;
  uint32_t n = 0;
  for (int i = 0; i < TROPHY_NUM_MAX; i++)
    if (unlocked_at[i]) n = (uint32_t)i + 1;
  return n;
}

int np_trophy_register_context(int32_t context, int32_t handle, uint64_t options) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, false, &c);
  if (rc == 0 && options != 0) rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0 && c->registered) rc = NP_TROPHY_ERROR_ALREADY_REGISTERED;
  if (rc == 0) {
    c->registered = true;
    load_state(c->user);
    LOG(hle, INFO, "trophies: context %d registered, %u of %u unlocked", context, unlocked_count(),
        set_count());
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

static void log_unlock(int32_t id) {
  const struct trophy_def *d = &set.defs[id];
  if (set.known)
    LOG(hle, INFO, "trophy unlocked: %d \"%s\" (%s)", id, d->name, trophy_grade_name(d->grade));
  else LOG(hle, INFO, "trophy unlocked: %d", id);
}

/* The platinum trophy P is earned when every trophy linked to it (pid P) is. */
static bool platinum_complete(int32_t p) {
  bool any = false;
  for (uint32_t i = 0; i < set.count; i++) {
    if (set.defs[i].platinum != p || (int32_t)i == p) continue;
    any = true;
    if (!unlocked_at[i]) return false;
  }
  return any;
}

void np_trophy_notify_unlocks(bool on) {
  pthread_mutex_lock(&lock);
  notify = on;
  if (!on) notes_count = 0;
  pthread_mutex_unlock(&lock);
}

bool np_trophy_take_unlock(int32_t *context, int32_t *trophy_id) {
  pthread_mutex_lock(&lock);
  bool any = notes_count > 0;
  if (any) {
    *context = notes[notes_head].context;
    *trophy_id = notes[notes_head].trophy;
    notes_head = (notes_head + 1) % NOTES_MAX;
    notes_count--;
  }
  pthread_mutex_unlock(&lock);
  return any;
}

/* Queues the unlock of ID for USER's first registered context (lock held). */
static void note_unlock(int32_t user, int32_t id) {
  if (!notify) return;
  int32_t context = -1;
  for (int i = 0; i < NP_TROPHY_CONTEXT_MAX && context < 0; i++)
    if (contexts[i].used && contexts[i].registered && contexts[i].user == user) context = i + 1;
  if (context < 0) return;
  if (notes_count == NOTES_MAX) {
    LOG(hle, WARN,
        "trophies: unlock notification of %d dropped (64 already wait for "
        "sceNpCheckCallback)",
        id);
    return;
  }
  notes[(notes_head + notes_count++) % NOTES_MAX] = (struct note){context, id};
}

/* Unlocks TROPHY_ID for USER (lock held, the user's unlocks loaded): the checks shared by
 * UnlockTrophy and the unlock events of libSceNpUniversalDataSystem, the platinum rule, the
 * log and the file. */
static int unlock_locked(int32_t user, int32_t trophy_id, int32_t *platinum_id,
                         uint32_t unknown_limit) {
  uint32_t limit = set.known ? set.count : unknown_limit;
  if (trophy_id < 0 || (uint32_t)trophy_id >= limit) return NP_TROPHY_ERROR_INVALID_TROPHY_ID;
  if (set.known && set.defs[trophy_id].grade == TROPHY_GRADE_PLATINUM)
    return NP_TROPHY_ERROR_PLATINUM_CANNOT_UNLOCK;
  if (unlocked_at[trophy_id]) return NP_TROPHY_ERROR_TROPHY_ALREADY_UNLOCKED;
  uint64_t now = rtc_now();
  unlocked_at[trophy_id] = now;
  log_unlock(trophy_id);
  note_unlock(user, trophy_id);
  *platinum_id = NP_TROPHY_INVALID_TROPHY_ID;
  int32_t p = set.known ? set.defs[trophy_id].platinum : -1;
  if (p >= 0 && (uint32_t)p < set.count && set.defs[p].grade == TROPHY_GRADE_PLATINUM &&
      !unlocked_at[p] && platinum_complete(p)) {
    unlocked_at[p] = now;
    log_unlock(p);
    note_unlock(user, p);
    *platinum_id = p;
  }
  save_state(user);
  return 0;
}

int np_trophy_unlock_trophy(int32_t context, int32_t handle, int32_t trophy_id,
                            int32_t *platinum_id) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  if (rc == 0 && !platinum_id) rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0) rc = unlock_locked(c->user, trophy_id, platinum_id, TROPHY_PS4_NUM_MAX);
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_unlock_for_user(int32_t user, int32_t trophy_id, int32_t *platinum_id) {
  int32_t ignored;
  pthread_mutex_lock(&lock);
  load_state(user);
  int rc = unlock_locked(user, trophy_id, platinum_id ? platinum_id : &ignored, TROPHY_NUM_MAX);
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_progress_for_user(int32_t user, int32_t trophy_id, int64_t value,
                                int32_t *platinum_id) {
  int32_t ignored;
  if (!platinum_id) platinum_id = &ignored;
  *platinum_id = NP_TROPHY_INVALID_TROPHY_ID;
  pthread_mutex_lock(&lock);
  load_state(user);
  int rc;
  if (!set.known || trophy_id < 0 || (uint32_t)trophy_id >= set.count) {
    rc = NP_TROPHY_ERROR_INVALID_TROPHY_ID;
  } else if (!set.defs[trophy_id].progressive) {
    rc = NP_TROPHY_ERROR_NOT_PROGRESSIVE;
  } else if (unlocked_at[trophy_id]) {
    rc = NP_TROPHY_ERROR_TROPHY_ALREADY_UNLOCKED;
  } else {
    if (value > progress_of[trophy_id]) {
      progress_of[trophy_id] = value;
      save_progress(user);
    }
    LOG(hle, INFO, "trophy progress: %d \"%s\" %lld of %lld", trophy_id, set.defs[trophy_id].name,
        (long long)value, (long long)set.defs[trophy_id].target);
    rc = value >= set.defs[trophy_id].target
             ? unlock_locked(user, trophy_id, platinum_id, TROPHY_NUM_MAX)
             : NP_TROPHY_PROGRESS_BELOW_TARGET;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_get_trophy_unlock_state(int32_t context, int32_t handle,
                                      struct np_trophy_flag_array *flags, uint32_t *count) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  if (rc == 0 && (!flags || !count)) rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0) {
    memset(flags, 0, sizeof *flags);
    for (int i = 0; i < TROPHY_PS4_NUM_MAX; i++) /* the flag array's 128 bits */
      if (unlocked_at[i]) flags->bits[i >> 5] |= 1u << (i & 31);
    *count = set_count();
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* Progress: the share of the set's points earned (bronze 15, silver 30, gold 90, platinum
 * 180), or of the trophies when the grades are unknown. */
static int32_t group_of(uint32_t i) { return set.known ? set.defs[i].group : -1; }

/* The share of points of the trophies of group GROUP (ALL: every trophy). */
static uint32_t group_progress(bool all, int32_t group) {
  static const uint32_t points[] = {0, 180, 90, 30, 15};
  uint32_t total = 0, got = 0, n = set_count();
  for (uint32_t i = 0; i < n; i++) {
    if (!all && group_of(i) != group) continue;
    uint32_t w = set.known && set.defs[i].grade <= TROPHY_GRADE_BRONZE && set.defs[i].grade
                     ? points[set.defs[i].grade]
                     : 1;
    total += w;
    if (unlocked_at[i]) got += w;
  }
  return total ? got * 100 / total : 0;
}

static uint32_t progress(void) { return group_progress(true, 0); }

int np_trophy_get_game_info(int32_t context, int32_t handle, struct np_trophy_game_details *details,
                            struct np_trophy_game_data *data) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  if (rc == 0 && !details && !data) rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0 &&
      ((details && details->size != sizeof *details) || (data && data->size != sizeof *data)))
    rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0) {
    uint32_t by_grade[5] = {0}, got_by_grade[5] = {0}, n = set_count();
    for (uint32_t i = 0; i < n; i++) {
      uint8_t g = set.known ? set.defs[i].grade : TROPHY_GRADE_UNKNOWN;
      by_grade[g]++;
      if (unlocked_at[i]) got_by_grade[g]++;
    }
    if (details) {
      memset((char *)details + sizeof details->size, 0, sizeof *details - sizeof details->size);
      details->num_trophies = n;
      details->num_platinum = by_grade[TROPHY_GRADE_PLATINUM];
      details->num_gold = by_grade[TROPHY_GRADE_GOLD];
      details->num_silver = by_grade[TROPHY_GRADE_SILVER];
      details->num_bronze = by_grade[TROPHY_GRADE_BRONZE];
      snprintf(details->title, sizeof details->title, "%s", set.title);
    }
    if (data) {
      memset((char *)data + sizeof data->size, 0, sizeof *data - sizeof data->size);
      data->unlocked_trophies = unlocked_count();
      data->unlocked_platinum = got_by_grade[TROPHY_GRADE_PLATINUM];
      data->unlocked_gold = got_by_grade[TROPHY_GRADE_GOLD];
      data->unlocked_silver = got_by_grade[TROPHY_GRADE_SILVER];
      data->unlocked_bronze = got_by_grade[TROPHY_GRADE_BRONZE];
      data->progress_percentage = progress();
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_get_trophy_info(int32_t context, int32_t handle, int32_t trophy_id,
                              struct np_trophy_details *details, struct np_trophy_data *data) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  uint32_t limit = set.known ? set.count : TROPHY_PS4_NUM_MAX;
  if (rc == 0 && (trophy_id < 0 || (uint32_t)trophy_id >= limit))
    rc = NP_TROPHY_ERROR_INVALID_TROPHY_ID;
  if (rc == 0 && ((!details && !data) || (details && details->size != sizeof *details) ||
                  (data && data->size != sizeof *data)))
    rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0) {
    const struct trophy_def *d = &set.defs[trophy_id];
    if (details) {
      memset((char *)details + sizeof details->size, 0, sizeof *details - sizeof details->size);
      details->trophy_id = trophy_id;
      details->grade = set.known ? d->grade : TROPHY_GRADE_UNKNOWN;
      details->group_id = set.known ? d->group : -1;
      details->hidden = d->hidden;
      snprintf(details->name, sizeof details->name, "%s", d->name);
      snprintf(details->description, sizeof details->description, "%s", d->detail);
    }
    if (data) {
      memset((char *)data + sizeof data->size, 0, sizeof *data - sizeof data->size);
      data->trophy_id = trophy_id;
      data->unlocked = unlocked_at[trophy_id] != 0;
      data->timestamp = unlocked_at[trophy_id];
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_query_set(int32_t context, int32_t handle, struct np_trophy_set_info *out) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  if (rc == 0) {
    memset(out, 0, sizeof *out);
    out->count = set_count();
    int32_t seen[TROPHY_NUM_MAX];
    for (uint32_t i = 0; i < out->count; i++) {
      uint8_t g = set.known ? set.defs[i].grade : TROPHY_GRADE_UNKNOWN;
      out->by_grade[g]++;
      if (unlocked_at[i]) out->unlocked_by_grade[g]++;
      bool fresh = set.known;
      for (uint32_t k = 0; fresh && k < out->groups; k++) fresh = seen[k] != set.defs[i].group;
      if (fresh) seen[out->groups++] = set.defs[i].group;
    }
    out->unlocked = unlocked_count();
    out->progress = progress();
    snprintf(out->title, sizeof out->title, "%s", set.title);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_query_trophy(int32_t context, int32_t handle, int32_t trophy_id,
                           struct np_trophy_trophy_info *out) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  uint32_t limit = set.known ? set.count : TROPHY_NUM_MAX;
  if (rc == 0 && (trophy_id < 0 || (uint32_t)trophy_id >= limit))
    rc = NP_TROPHY_ERROR_INVALID_TROPHY_ID;
  if (rc == 0) {
    const struct trophy_def *d = &set.defs[trophy_id];
    memset(out, 0, sizeof *out);
    out->grade = set.known ? d->grade : TROPHY_GRADE_UNKNOWN;
    out->group = set.known ? d->group : -1;
    out->hidden = d->hidden;
    out->unlocked = unlocked_at[trophy_id] != 0;
    out->timestamp = unlocked_at[trophy_id];
    out->progressive = set.known && d->progressive;
    out->has_reward = set.known && d->has_reward;
    if (out->progressive) {
      out->target = d->target;
      out->progress = out->unlocked ? d->target : progress_of[trophy_id];
    }
    snprintf(out->name, sizeof out->name, "%s", d->name);
    snprintf(out->detail, sizeof out->detail, "%s", d->detail);
    snprintf(out->reward, sizeof out->reward, "%s", d->reward);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The set's group ids, ascending, into IDS (lock held); their number. */
static uint32_t group_list(int32_t *ids) {
  uint32_t n = 0, count = set_count();
  for (uint32_t i = 0; i < count; i++) {
    int32_t g = group_of(i);
    uint32_t k = 0;
    while (k < n && ids[k] < g) k++;
    if (k < n && ids[k] == g) continue;
    memmove(&ids[k + 1], &ids[k], (n - k) * sizeof ids[0]);
    ids[k] = g;
    n++;
  }
  if (n == 0) ids[n++] = NP_TROPHY_BASE_GAME_GROUP_ID;
  return n;
}

int np_trophy_query_groups(int32_t context, int32_t handle, int32_t *ids, uint32_t *n) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  if (rc == 0) *n = group_list(ids);
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_query_group(int32_t context, int32_t handle, int32_t group_id,
                          struct np_trophy_group_info *out) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  if (rc == 0) {
    memset(out, 0, sizeof *out);
    uint32_t count = set_count();
    for (uint32_t i = 0; i < count; i++) {
      if (group_of(i) != group_id) continue;
      uint8_t g = set.known ? set.defs[i].grade : TROPHY_GRADE_UNKNOWN;
      out->count++;
      out->by_grade[g]++;
      if (unlocked_at[i]) out->unlocked_by_grade[g]++, out->unlocked++;
    }
    if (out->count == 0 && group_id != NP_TROPHY_BASE_GAME_GROUP_ID)
      rc = NP_TROPHY_ERROR_INVALID_GROUP;
    out->progress = group_progress(false, group_id);
    if (group_id == NP_TROPHY_BASE_GAME_GROUP_ID)
      snprintf(out->title, sizeof out->title, "%s", set.title);
    for (uint32_t k = 0; k < set.group_names; k++)
      if (set.groups[k].id == group_id)
        snprintf(out->title, sizeof out->title, "%s", set.groups[k].name);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_trophy_check_registered(int32_t context) {
  pthread_mutex_lock(&lock);
  struct context *c = find_context(context);
  int rc = !c               ? NP_TROPHY_ERROR_INVALID_CONTEXT
           : !c->registered ? NP_TROPHY_ERROR_NOT_REGISTERED
                            : 0;
  pthread_mutex_unlock(&lock);
  return rc;
}

static bool compare(long double value, uint8_t how, int64_t target) {
  long double t = (long double)target;
  switch (how) {
    case TROPHY_CMP_GT: return value > t;
    case TROPHY_CMP_LE: return value <= t;
    case TROPHY_CMP_LT: return value < t;
    case TROPHY_CMP_EQ: return value == t;
    default: return value >= t;
  }
}

int np_trophy_stat_changed(int32_t user, int32_t stat, long double value) {
  int unlocked = 0;
  pthread_mutex_lock(&lock);
  load_state(user);
  for (uint32_t i = 0; set.known && i < set.count; i++) {
    const struct trophy_def *d = &set.defs[i];
    if (d->stat != stat || stat < 0 || unlocked_at[i] || d->grade == TROPHY_GRADE_PLATINUM)
      continue;
    if (d->progressive) {
      int64_t p = value <= 0 ? 0 : value >= (long double)d->target ? d->target : (int64_t)value;
      if (p != progress_of[i]) {
        progress_of[i] = p;
        save_progress(user);
        LOG(hle, INFO, "trophy progress: %u \"%s\" %lld of %lld (stat %d)", i, d->name,
            (long long)p, (long long)d->target, stat);
      }
    }
    int32_t platinum;
    if (compare(value, d->compare, d->target) &&
        unlock_locked(user, (int32_t)i, &platinum, TROPHY_NUM_MAX) == 0)
      unlocked++;
  }
  pthread_mutex_unlock(&lock);
  return unlocked;
}

/* Reads the file of the set into memory (lock held): the bytes (free them) and *SIZE. */
static uint8_t *read_set_file(size_t *size) {
  FILE *f = set_path[0] ? fopen(set_path, "rb") : NULL;
  if (!f) return NULL;
  uint8_t *data = malloc(TRP_MAX_BYTES);
  *size = data ? fread(data, 1, TRP_MAX_BYTES, f) : 0;
  fclose(f);
  return data;
}

/* The entries that may hold icon KIND of ID (lock held), in the order tried: their number.
 * Public readers of the PS5's file name icon0_<locale>.png (the set's), gr<id, 4 digits>
 * _<locale>.png (a group's) and trop<id, 4 digits>.png (a trophy's, some titles adding
 * localised copies); the default language's comes first, then en-US's, then one without a
 * locale (unverified which the console picks). The base game's group icon is taken to be
 * the set's (unverified); rewards' icons are named nowhere public. */
static int icon_names(enum np_trophy_icon kind, int32_t id, char names[3][40]) {
  char stem[16];
  if (kind == NP_TROPHY_ICON_GAME || (kind == NP_TROPHY_ICON_GROUP && id < 0))
    snprintf(stem, sizeof stem, "icon0");
  else if (kind == NP_TROPHY_ICON_GROUP) snprintf(stem, sizeof stem, "gr%04d", (int)id);
  else if (kind == NP_TROPHY_ICON_TROPHY) snprintf(stem, sizeof stem, "trop%04d", (int)id);
  else return 0;
  const char *lang = set.language[0] ? set.language : "en-US";
  int n = 0;
  if (kind == NP_TROPHY_ICON_TROPHY) snprintf(names[n++], sizeof names[0], "%s.png", stem);
  snprintf(names[n++], sizeof names[0], "%s_%s.png", stem, lang);
  if (strcmp(lang, "en-US") != 0) snprintf(names[n++], sizeof names[0], "%s_en-US.png", stem);
  if (n < 3 && kind != NP_TROPHY_ICON_TROPHY) snprintf(names[n++], sizeof names[0], "%s.png", stem);
  return n;
}

int np_trophy_read_icon(int32_t context, int32_t handle, enum np_trophy_icon kind, int32_t id,
                        void *buffer, size_t *size) {
  pthread_mutex_lock(&lock);
  struct context *c;
  int rc = check(context, handle, true, &c);
  uint32_t limit = set.known ? set.count : TROPHY_NUM_MAX;
  if (rc == 0 && !size) rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0 && (kind == NP_TROPHY_ICON_TROPHY || kind == NP_TROPHY_ICON_REWARD) &&
      (id < 0 || (uint32_t)id >= limit))
    rc = NP_TROPHY_ERROR_INVALID_TROPHY_ID;
  if (rc == 0 && kind == NP_TROPHY_ICON_GROUP && id != NP_TROPHY_BASE_GAME_GROUP_ID) {
    bool found = false;
    for (uint32_t i = 0; i < set_count() && !found; i++) found = group_of(i) == id;
    if (!found) rc = NP_TROPHY_ERROR_INVALID_GROUP;
  }
  char names[3][40];
  int n = rc == 0 ? icon_names(kind, id, names) : 0;
  bool ucp = set.known && strstr(set_path, "trophy2/") != NULL;
  if (rc == 0 && n == 0)
    LOG_ONCE(hle, WARN,
             "trophies: the trophy file's names of reward icons are not known: "
             "ICON_FILE_NOT_FOUND");
  size_t file_size = 0, off = 0, len = 0;
  uint8_t *data = rc == 0 && ucp && n ? read_set_file(&file_size) : NULL;
  bool found = false;
  for (int k = 0; data && k < n && !found; k++)
    found = trophy_ucp_entry(data, file_size, names[k], &off, &len);
  if (rc == 0 && !found) rc = NP_TROPHY_ERROR_ICON_FILE_NOT_FOUND;
  if (rc == 0 && buffer && *size < len) rc = NP_TROPHY_ERROR_INVALID_ARGUMENT;
  if (rc == 0 && buffer) memcpy(buffer, data + off, len);
  if ((rc == 0 || rc == NP_TROPHY_ERROR_INVALID_ARGUMENT) && found) *size = len;
  free(data);
  pthread_mutex_unlock(&lock);
  return rc;
}
