/* libSceSaveData: initialisation, mounts, parameters, search, delete, icons. */
#include "hle/libSceSaveData/save_data.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/log.h"
#include "hle/libSceUserService/user_service.h"
#include "kernel/mounts.h"
#include "kernel/title.h"

struct mounted {
  bool used;
  bool read_only;
  bool mtime_set; /* SetParam(MTIME) during this mount: unmounting keeps that time */
  int32_t user;
  char dir[SAVE_DATA_DIRNAME_SIZE];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static struct mounted mounts[SAVE_DATA_MOUNT_MAX]; /* index i is /savedata<i> */

int save_data_check_ready(int32_t user) {
  pthread_mutex_lock(&lock);
  bool ready = initialized;
  pthread_mutex_unlock(&lock);
  if (!ready) return SAVE_DATA_ERROR_NOT_INITIALIZED;
  return user == USER_SERVICE_INITIAL_USER_ID ? 0 : SAVE_DATA_ERROR_INVALID_LOGIN_USER;
}

int save_data_check_initialized(void) {
  pthread_mutex_lock(&lock);
  bool ready = initialized;
  pthread_mutex_unlock(&lock);
  return ready ? 0 : SAVE_DATA_ERROR_NOT_INITIALIZED;
}

/* A NULL structure: not initialised comes first, as for every call. */
static int bad_argument(void) {
  int rc = save_data_check_initialized();
  return rc ? rc : SAVE_DATA_ERROR_PARAMETER;
}

/* INIT (SceSaveDataInitParams3: reserved bytes) is not read. Initialising again is allowed. */
int save_data_initialize(const void *init) {
  (void)init;
  pthread_mutex_lock(&lock);
  initialized = true;
  pthread_mutex_unlock(&lock);
  return 0;
}

int save_data_initialize3(const void *init) { return save_data_initialize(init); }

int save_data_terminate(void) {
  pthread_mutex_lock(&lock);
  int r = initialized ? 0 : SAVE_DATA_ERROR_NOT_INITIALIZED;
  for (int i = 0; r == 0 && i < SAVE_DATA_MOUNT_MAX; i++)
    if (mounts[i].used) r = SAVE_DATA_ERROR_BUSY; /* unmount first */
  if (r == 0) initialized = false;
  pthread_mutex_unlock(&lock);
  if (r == 0) save_data_memory_reset();
  return r;
}

/* The title id of a call: NULL or our own title is ours; another title's saves live in that
 * title's data folder, which prospero does not reach (false, logged). */
static bool own_title(const char *title_id) {
  if (!title_id) return true;
  char want[SAVE_DATA_TITLE_ID_SIZE + 1];
  memcpy(want, title_id, SAVE_DATA_TITLE_ID_SIZE);
  want[SAVE_DATA_TITLE_ID_SIZE] = 0;
  if (want[0] == 0 || strncmp(want, title_get()->title_id, SAVE_DATA_TITLE_ID_SIZE) == 0)
    return true;
  LOG(hle, WARN, "save data: title %s's saves are not reachable (another title)", want);
  return false;
}

static bool mode_valid(uint32_t mode) {
  const uint32_t known = SAVE_DATA_MOUNT_MODE_RDONLY | SAVE_DATA_MOUNT_MODE_RDWR |
                         SAVE_DATA_MOUNT_MODE_CREATE | SAVE_DATA_MOUNT_MODE_DESTRUCT_OFF |
                         SAVE_DATA_MOUNT_MODE_COPY_ICON | SAVE_DATA_MOUNT_MODE_CREATE2;
  bool ro = mode & SAVE_DATA_MOUNT_MODE_RDONLY, rw = mode & SAVE_DATA_MOUNT_MODE_RDWR;
  bool create = mode & (SAVE_DATA_MOUNT_MODE_CREATE | SAVE_DATA_MOUNT_MODE_CREATE2);
  if ((mode & ~known) || (ro && rw)) return false;
  if ((mode & SAVE_DATA_MOUNT_MODE_CREATE) && (mode & SAVE_DATA_MOUNT_MODE_CREATE2)) return false;
  if (ro && create) return false; /* a save is created writable */
  return ro || rw || create;
}

static void point_name(int i, char *out) {
  memset(out, 0, SAVE_DATA_MOUNT_POINT_SIZE);
  snprintf(out, SAVE_DATA_MOUNT_POINT_SIZE, "/savedata%d", i);
}

static int do_mount(int32_t user, const char *title_id, const char *dir_name, uint64_t blocks,
                    uint32_t mode, struct save_data_mount_result *r) {
  int rc = save_data_check_ready(user);
  if (rc) return rc;
  if (!r || !dir_name || !save_data_dir_name_valid(dir_name, false) || !mode_valid(mode))
    return SAVE_DATA_ERROR_PARAMETER;
  if (!own_title(title_id)) return SAVE_DATA_ERROR_NOT_FOUND;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  snprintf(dir, sizeof dir, "%s", dir_name);
  bool read_only = (mode & SAVE_DATA_MOUNT_MODE_RDONLY) != 0;
  pthread_mutex_lock(&lock);
  int slot = -1;
  for (int i = 0; i < SAVE_DATA_MOUNT_MAX && rc == 0; i++) {
    if (mounts[i].used && mounts[i].user == user && strcmp(mounts[i].dir, dir) == 0)
      rc = SAVE_DATA_ERROR_BUSY;
    else if (!mounts[i].used && slot < 0) slot = i;
  }
  bool exists = rc == 0 && save_data_slot_exists(user, dir), created = false;
  if (rc == 0 && exists && (mode & SAVE_DATA_MOUNT_MODE_CREATE)) rc = SAVE_DATA_ERROR_EXISTS;
  if (rc == 0 && !exists && !(mode & (SAVE_DATA_MOUNT_MODE_CREATE | SAVE_DATA_MOUNT_MODE_CREATE2)))
    rc = SAVE_DATA_ERROR_NOT_FOUND;
  if (rc == 0 && !exists && (blocks < SAVE_DATA_BLOCKS_MIN2 || blocks > SAVE_DATA_BLOCKS_MAX))
    rc = SAVE_DATA_ERROR_PARAMETER;
  if (rc == 0 && slot < 0) rc = SAVE_DATA_ERROR_MOUNT_FULL;
  if (rc == 0 && !exists) {
    created = save_data_slot_create(user, dir, blocks);
    if (!created) rc = SAVE_DATA_ERROR_INTERNAL;
  }
  char point[SAVE_DATA_MOUNT_POINT_SIZE], host[PATH_MAX];
  if (rc == 0) {
    point_name(slot, point);
    if (!save_data_slot_path(user, dir, host, sizeof host) || !mounts_add(point, host, read_only))
      rc = SAVE_DATA_ERROR_INTERNAL;
  }
  if (rc == 0) {
    mounts[slot] = (struct mounted){.used = true, .read_only = read_only, .user = user};
    memcpy(mounts[slot].dir, dir, sizeof dir);
    memset(r, 0, sizeof *r);
    memcpy(r->mount_point, point, sizeof point);
    if (created && (mode & SAVE_DATA_MOUNT_MODE_CREATE2))
      r->mount_status = SAVE_DATA_MOUNT_STATUS_CREATED;
    LOG(hle, INFO, "save data: %s %s at %s (%s)", created ? "created" : "mounted", dir, point,
        read_only ? "read-only" : "read-write");
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The fingerprint is not checked (prospero keeps no fingerprints: PARTIAL). */
int save_data_mount(const struct save_data_mount *m, struct save_data_mount_result *r) {
  if (!m) return bad_argument();
  if (m->fingerprint) LOG_ONCE(hle, WARN, "sceSaveDataMount: the fingerprint is not checked");
  return do_mount(m->user_id, m->title_id, m->dir_name, m->blocks, m->mount_mode, r);
}

int save_data_mount2(const struct save_data_mount2 *m, struct save_data_mount_result *r) {
  if (!m) return bad_argument();
  return do_mount(m->user_id, NULL, m->dir_name, m->blocks, m->mount_mode, r);
}

/* SYSTEM_BLOCKS and the transaction RESOURCE are accepted and not used. */
int save_data_mount3(const struct save_data_mount3 *m, struct save_data_mount_result *r) {
  if (!m) return bad_argument();
  if (m->resource || m->system_blocks)
    LOG_ONCE(hle, WARN, "sceSaveDataMount3: system blocks and transaction resources are not used");
  return do_mount(m->user_id, NULL, m->dir_name, m->blocks, m->mount_mode, r);
}

/* The slot mounted at MOUNT_POINT, or -1. Called with the lock held. */
static int find_mounted(const char *mount_point) {
  for (int i = 0; i < SAVE_DATA_MOUNT_MAX; i++) {
    char point[SAVE_DATA_MOUNT_POINT_SIZE];
    point_name(i, point);
    if (mounts[i].used && strncmp(point, mount_point, SAVE_DATA_MOUNT_POINT_SIZE) == 0) return i;
  }
  return -1;
}

int save_data_umount(const char *mount_point) {
  int rc = save_data_check_initialized();
  if (rc) return rc;
  if (!mount_point) return SAVE_DATA_ERROR_PARAMETER;
  pthread_mutex_lock(&lock);
  int i = find_mounted(mount_point);
  if (i < 0) {
    rc = SAVE_DATA_ERROR_NOT_FOUND;
  } else {
    char point[SAVE_DATA_MOUNT_POINT_SIZE];
    point_name(i, point);
    mounts_remove(point);
    struct save_data_record rec;
    if (!mounts[i].read_only && !mounts[i].mtime_set &&
        save_data_record_read(mounts[i].user, mounts[i].dir, &rec)) {
      rec.param.mtime = (int64_t)time(NULL); /* the save's modification time */
      save_data_record_write(mounts[i].user, mounts[i].dir, &rec);
    }
    LOG(hle, INFO, "save data: unmounted %s from %s", mounts[i].dir, point);
    mounts[i].used = false;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* MODE: 0 is the plain unmount; other modes are logged and unmount the same way. */
int save_data_umount2(uint32_t mode, const char *mount_point) {
  if (mode != 0) LOG_ONCE(hle, WARN, "sceSaveDataUmount2: mode %u unmounts like mode 0", mode);
  return save_data_umount(mount_point);
}

/* prospero keeps no backups: unmounting is all there is (PARTIAL). */
int save_data_umount_with_backup(const char *mount_point) {
  LOG_ONCE(hle, WARN, "sceSaveDataUmountWithBackup: no backup is kept");
  return save_data_umount(mount_point);
}

/* Looks up MOUNT_POINT: the slot's user and name, read-only flag. 0 or an error code. */
static int lookup(const char *mount_point, int32_t *user, char *dir, bool *read_only) {
  int rc = save_data_check_initialized();
  if (rc) return rc;
  if (!mount_point) return SAVE_DATA_ERROR_PARAMETER;
  pthread_mutex_lock(&lock);
  int i = find_mounted(mount_point);
  if (i >= 0) {
    *user = mounts[i].user;
    memcpy(dir, mounts[i].dir, SAVE_DATA_DIRNAME_SIZE);
    if (read_only) *read_only = mounts[i].read_only;
  }
  pthread_mutex_unlock(&lock);
  return i < 0 ? SAVE_DATA_ERROR_NOT_MOUNTED : 0;
}

int save_data_get_mount_info(const char *mount_point, struct save_data_mount_info *info) {
  int32_t user;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  int rc = lookup(mount_point, &user, dir, NULL);
  if (rc) return rc;
  if (!info) return SAVE_DATA_ERROR_PARAMETER;
  struct save_data_record rec;
  if (!save_data_record_read(user, dir, &rec)) return SAVE_DATA_ERROR_BROKEN;
  uint64_t used = save_data_slot_used_blocks(user, dir);
  memset(info, 0, sizeof *info);
  info->blocks = rec.blocks;
  info->free_blocks = used < rec.blocks ? rec.blocks - used : 0;
  return 0;
}

static void copy_string(char *dst, size_t cap, const char *src) {
  size_t n = strnlen(src, cap - 1);
  memcpy(dst, src, n);
  dst[n] = 0;
}

int save_data_get_param(const char *mount_point, uint32_t type, void *buf, size_t size,
                        size_t *got) {
  int32_t user;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  int rc = lookup(mount_point, &user, dir, NULL);
  if (rc) return rc;
  if (!buf || type > SAVE_DATA_PARAM_MTIME) return SAVE_DATA_ERROR_PARAMETER;
  struct save_data_record rec;
  if (!save_data_record_read(user, dir, &rec)) return SAVE_DATA_ERROR_BROKEN;
  const struct save_data_param *p = &rec.param;
  size_t n;
  switch (type) {
    case SAVE_DATA_PARAM_ALL:
      if (size < sizeof *p) return SAVE_DATA_ERROR_PARAMETER;
      memcpy(buf, p, n = sizeof *p);
      break;
    case SAVE_DATA_PARAM_USER_PARAM:
      if (size < sizeof p->user_param) return SAVE_DATA_ERROR_PARAMETER;
      memcpy(buf, &p->user_param, n = sizeof p->user_param);
      break;
    case SAVE_DATA_PARAM_MTIME:
      if (size < sizeof p->mtime) return SAVE_DATA_ERROR_PARAMETER;
      memcpy(buf, &p->mtime, n = sizeof p->mtime);
      break;
    default: {
      const char *s = type == SAVE_DATA_PARAM_TITLE       ? p->title
                      : type == SAVE_DATA_PARAM_SUB_TITLE ? p->sub_title
                                                          : p->detail;
      if (size == 0) return SAVE_DATA_ERROR_PARAMETER;
      copy_string(buf, size, s); /* cut to the buffer, always terminated */
      n = strlen(buf) + 1;
    }
  }
  if (got) *got = n;
  return 0;
}

/* A string parameter: at most MAX bytes with its NUL, read no further than SIZE. */
static bool set_string(char *dst, size_t max, const void *buf, size_t size) {
  size_t n = strnlen(buf, size < max ? size : max);
  if (n == max) return false;
  memset(dst, 0, max);
  memcpy(dst, buf, n);
  return true;
}

int save_data_set_param(const char *mount_point, uint32_t type, const void *buf, size_t size) {
  int32_t user;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  bool ro = false;
  int rc = lookup(mount_point, &user, dir, &ro);
  if (rc) return rc;
  if (!buf || type > SAVE_DATA_PARAM_MTIME) return SAVE_DATA_ERROR_PARAMETER;
  if (ro) return SAVE_DATA_ERROR_NO_PERMISSION;
  struct save_data_record rec;
  if (!save_data_record_read(user, dir, &rec)) return SAVE_DATA_ERROR_BROKEN;
  struct save_data_param *p = &rec.param;
  bool ok = true, mtime_set = false;
  switch (type) {
    case SAVE_DATA_PARAM_ALL: {
      if (size < sizeof *p) return SAVE_DATA_ERROR_PARAMETER;
      const struct save_data_param *in = buf;
      ok = set_string(p->title, sizeof p->title, in->title, sizeof in->title) &&
           set_string(p->sub_title, sizeof p->sub_title, in->sub_title, sizeof in->sub_title) &&
           set_string(p->detail, sizeof p->detail, in->detail, sizeof in->detail);
      p->user_param = in->user_param; /* the time is the library's: ALL does not set it */
      break;
    }
    case SAVE_DATA_PARAM_TITLE: ok = set_string(p->title, sizeof p->title, buf, size); break;
    case SAVE_DATA_PARAM_SUB_TITLE:
      ok = set_string(p->sub_title, sizeof p->sub_title, buf, size);
      break;
    case SAVE_DATA_PARAM_DETAIL: ok = set_string(p->detail, sizeof p->detail, buf, size); break;
    case SAVE_DATA_PARAM_USER_PARAM:
      if (size < sizeof p->user_param) return SAVE_DATA_ERROR_PARAMETER;
      memcpy(&p->user_param, buf, sizeof p->user_param);
      break;
    case SAVE_DATA_PARAM_MTIME:
      if (size < sizeof p->mtime) return SAVE_DATA_ERROR_PARAMETER;
      memcpy(&p->mtime, buf, sizeof p->mtime);
      mtime_set = true;
      break;
  }
  if (!ok) return SAVE_DATA_ERROR_PARAMETER;
  if (!save_data_record_write(user, dir, &rec)) return SAVE_DATA_ERROR_INTERNAL;
  if (mtime_set) {
    pthread_mutex_lock(&lock);
    int i = find_mounted(mount_point);
    if (i >= 0) mounts[i].mtime_set = true;
    pthread_mutex_unlock(&lock);
  }
  return 0;
}

struct search_entry {
  char name[SAVE_DATA_DIRNAME_SIZE];
  struct save_data_record rec;
  uint64_t free_blocks;
};

static uint32_t sort_key, sort_order;
static pthread_mutex_t sort_lock = PTHREAD_MUTEX_INITIALIZER;

static int cmp_u64(uint64_t a, uint64_t b) { return a < b ? -1 : a > b; }

/* The key's order, then the name's (a stable, total order); DESCENT reverses both. */
static int compare_entries(const void *pa, const void *pb) {
  const struct search_entry *a = pa, *b = pb;
  int c = 0;
  switch (sort_key) {
    case SAVE_DATA_SORT_USER_PARAM:
      c = cmp_u64(a->rec.param.user_param, b->rec.param.user_param);
      break;
    case SAVE_DATA_SORT_BLOCKS: c = cmp_u64(a->rec.blocks, b->rec.blocks); break;
    case SAVE_DATA_SORT_MTIME:
      c = a->rec.param.mtime < b->rec.param.mtime ? -1 : a->rec.param.mtime > b->rec.param.mtime;
      break;
    case SAVE_DATA_SORT_FREE_BLOCKS: c = cmp_u64(a->free_blocks, b->free_blocks); break;
    default: break;
  }
  if (c == 0) c = strcmp(a->name, b->name);
  return sort_order == SAVE_DATA_ORDER_DESCENT ? -c : c;
}

#define SEARCH_MAX 1024 /* slots one search considers (more are logged and left out) */

int save_data_dir_name_search(const struct save_data_search_cond *cond,
                              struct save_data_search_result *result) {
  int rc = save_data_check_initialized();
  if (rc) return rc;
  if (!cond || !result) return SAVE_DATA_ERROR_PARAMETER;
  if ((rc = save_data_check_ready(cond->user_id))) return rc;
  uint32_t key = cond->key;
  if (key > SAVE_DATA_SORT_FREE_BLOCKS || key == 4 || cond->order > SAVE_DATA_ORDER_DESCENT)
    return SAVE_DATA_ERROR_PARAMETER;
  if (result->dir_names_num && !result->dir_names) return SAVE_DATA_ERROR_PARAMETER;
  char pattern[SAVE_DATA_DIRNAME_SIZE] = "%";
  if (cond->dir_name) {
    if (strnlen(cond->dir_name, SAVE_DATA_DIRNAME_SIZE) == SAVE_DATA_DIRNAME_SIZE)
      return SAVE_DATA_ERROR_PARAMETER;
    snprintf(pattern, sizeof pattern, "%s", cond->dir_name);
  }
  char(*names)[SAVE_DATA_DIRNAME_SIZE] = calloc(SEARCH_MAX, SAVE_DATA_DIRNAME_SIZE);
  struct search_entry *e = calloc(SEARCH_MAX, sizeof *e);
  if (!names || !e) {
    free(names), free(e);
    return SAVE_DATA_ERROR_OUT_OF_MEMORY;
  }
  size_t n = own_title(cond->title_id) ? save_data_slot_list(cond->user_id, names, SEARCH_MAX) : 0;
  if (n == SEARCH_MAX)
    LOG_ONCE(hle, WARN, "sceSaveDataDirNameSearch: only the first %d saves are searched",
             SEARCH_MAX);
  size_t hits = 0;
  for (size_t i = 0; i < n; i++) {
    if (!save_data_pattern_match(pattern, names[i])) continue;
    struct search_entry *x = &e[hits];
    if (!save_data_record_read(cond->user_id, names[i], &x->rec)) continue;
    memcpy(x->name, names[i], SAVE_DATA_DIRNAME_SIZE);
    uint64_t used = save_data_slot_used_blocks(cond->user_id, x->name);
    x->free_blocks = used < x->rec.blocks ? x->rec.blocks - used : 0;
    hits++;
  }
  pthread_mutex_lock(&sort_lock);
  sort_key = key, sort_order = cond->order;
  qsort(e, hits, sizeof *e, compare_entries);
  pthread_mutex_unlock(&sort_lock);
  size_t set = hits < result->dir_names_num ? hits : result->dir_names_num;
  for (size_t i = 0; i < set; i++) {
    memset(result->dir_names[i], 0, SAVE_DATA_DIRNAME_SIZE);
    memcpy(result->dir_names[i], e[i].name, SAVE_DATA_DIRNAME_SIZE);
    if (result->params) result->params[i] = e[i].rec.param;
    if (result->infos) {
      memset(&result->infos[i], 0, sizeof result->infos[i]);
      result->infos[i].blocks = e[i].rec.blocks;
      result->infos[i].free_blocks = e[i].free_blocks;
    }
  }
  result->hit_num = (uint32_t)hits;
  result->set_num = (uint32_t)set;
  free(names), free(e);
  return 0;
}

int save_data_delete(const struct save_data_delete *del) {
  int rc = save_data_check_initialized();
  if (rc) return rc;
  if (!del) return SAVE_DATA_ERROR_PARAMETER;
  if ((rc = save_data_check_ready(del->user_id))) return rc;
  if (!del->dir_name || !save_data_dir_name_valid(del->dir_name, false))
    return SAVE_DATA_ERROR_PARAMETER;
  if (!own_title(del->title_id)) return SAVE_DATA_ERROR_NOT_FOUND;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  snprintf(dir, sizeof dir, "%s", del->dir_name);
  pthread_mutex_lock(&lock);
  for (int i = 0; i < SAVE_DATA_MOUNT_MAX && rc == 0; i++)
    if (mounts[i].used && mounts[i].user == del->user_id && strcmp(mounts[i].dir, dir) == 0)
      rc = SAVE_DATA_ERROR_BUSY;
  if (rc == 0 && !save_data_slot_exists(del->user_id, dir)) rc = SAVE_DATA_ERROR_NOT_FOUND;
  if (rc == 0 && !save_data_slot_delete(del->user_id, dir)) rc = SAVE_DATA_ERROR_INTERNAL;
  pthread_mutex_unlock(&lock);
  if (rc == 0) LOG(hle, INFO, "save data: deleted %s", dir);
  return rc;
}

int save_data_save_icon(const char *mount_point, const struct save_data_icon *icon) {
  int32_t user;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  bool ro = false;
  int rc = lookup(mount_point, &user, dir, &ro);
  if (rc) return rc;
  if (!icon || !icon->buf || icon->data_size == 0 || icon->data_size > icon->buf_size)
    return SAVE_DATA_ERROR_PARAMETER;
  if (ro) return SAVE_DATA_ERROR_NO_PERMISSION;
  return save_data_icon_write(user, dir, icon->buf, icon->data_size) ? 0 : SAVE_DATA_ERROR_INTERNAL;
}

int save_data_load_icon(const char *mount_point, struct save_data_icon *icon) {
  int32_t user;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  int rc = lookup(mount_point, &user, dir, NULL);
  if (rc) return rc;
  if (!icon || !icon->buf) return SAVE_DATA_ERROR_PARAMETER;
  size_t size = 0;
  int r = save_data_icon_read(user, dir, icon->buf, icon->buf_size, &size);
  if (r < 0) return SAVE_DATA_ERROR_INTERNAL;
  if (r == 0) return SAVE_DATA_ERROR_NOT_FOUND;
  icon->data_size = size;
  return 0;
}
