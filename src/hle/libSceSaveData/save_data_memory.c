/* libSceSaveData's memory save data: a fixed-size block of bytes per user and slot id
 * (0..3), kept in the reserved save sce_sdmemory (slot 0) or sce_sdmemory<N>, file
 * memory.dat, with the save's parameters and icon beside it. Reads and writes go straight
 * to the host file, so there is nothing left to sync. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/libSceSaveData/save_data.h"

#define MEMORY_MAX_SIZE (64ull << 20) /* unverified upper bound: a larger setup is PARAMETER */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static size_t ready_size[SAVE_DATA_MEMORY_SLOTS]; /* 0: not set up */

void save_data_memory_reset(void) {
  pthread_mutex_lock(&lock);
  memset(ready_size, 0, sizeof ready_size);
  pthread_mutex_unlock(&lock);
}

static void slot_name(uint32_t slot, char *out) {
  if (slot == 0) snprintf(out, SAVE_DATA_DIRNAME_SIZE, "sce_sdmemory");
  else snprintf(out, SAVE_DATA_DIRNAME_SIZE, "sce_sdmemory%u", slot);
}

static bool data_path(int32_t user, uint32_t slot, char *out, size_t cap) {
  char name[SAVE_DATA_DIRNAME_SIZE], dir[PATH_MAX];
  slot_name(slot, name);
  if (!save_data_slot_path(user, name, dir, sizeof dir)) return false;
  int n = snprintf(out, cap, "%s/memory.dat", dir);
  return n >= 0 && (size_t)n < cap;
}

static int setup(int32_t user, uint32_t slot, size_t size, const struct save_data_param *param,
                 const struct save_data_icon *icon, bool set_param, size_t *existed) {
  int rc = save_data_check_ready(user);
  if (rc) return rc;
  if (slot >= SAVE_DATA_MEMORY_SLOTS || size == 0 || size > MEMORY_MAX_SIZE)
    return SAVE_DATA_ERROR_PARAMETER;
  char name[SAVE_DATA_DIRNAME_SIZE], path[PATH_MAX];
  slot_name(slot, name);
  if (!data_path(user, slot, path, sizeof path)) return SAVE_DATA_ERROR_INTERNAL;
  bool exists = save_data_slot_exists(user, name);
  uint64_t blocks = (size + SAVE_DATA_BLOCK_SIZE - 1) / SAVE_DATA_BLOCK_SIZE;
  if (!exists && !save_data_slot_create(user, name, blocks)) return SAVE_DATA_ERROR_INTERNAL;
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    if (fd >= 0) close(fd);
    return SAVE_DATA_ERROR_INTERNAL;
  }
  size_t have = exists ? (size_t)st.st_size : 0;
  /* a larger size grows the data (zeros); a smaller one keeps what exists */
  size_t final = have > size ? have : size;
  bool ok = ftruncate(fd, (off_t) final) == 0;
  close(fd);
  if (!ok) return SAVE_DATA_ERROR_INTERNAL;
  struct save_data_record rec;
  if ((param && (!exists || set_param)) && save_data_record_read(user, name, &rec)) {
    rec.param = *param;
    rec.param.title[SAVE_DATA_TITLE_SIZE - 1] = 0;
    rec.param.sub_title[SAVE_DATA_SUBTITLE_SIZE - 1] = 0;
    rec.param.detail[SAVE_DATA_DETAIL_SIZE - 1] = 0;
    rec.param.mtime = (int64_t)time(NULL);
    if (!save_data_record_write(user, name, &rec)) return SAVE_DATA_ERROR_INTERNAL;
  }
  if (icon && icon->buf && icon->data_size && !exists &&
      !save_data_icon_write(user, name, icon->buf, icon->data_size))
    return SAVE_DATA_ERROR_INTERNAL;
  pthread_mutex_lock(&lock);
  ready_size[slot] = final;
  pthread_mutex_unlock(&lock);
  if (existed) *existed = have;
  LOG(hle, INFO, "save data memory: slot %u ready, %zu bytes (%zu existed)", slot, final, have);
  return 0;
}

/* The ready size of SLOT, or an error (0 then). */
static int ready(int32_t user, uint32_t slot, size_t *size) {
  int rc = save_data_check_ready(user);
  if (rc) return rc;
  if (slot >= SAVE_DATA_MEMORY_SLOTS) return SAVE_DATA_ERROR_PARAMETER;
  pthread_mutex_lock(&lock);
  *size = ready_size[slot];
  pthread_mutex_unlock(&lock);
  return *size ? 0 : SAVE_DATA_ERROR_MEMORY_NOT_READY;
}

int save_data_memory_ready(int32_t user, uint32_t slot) {
  size_t size;
  return ready(user, slot, &size);
}

static int transfer(int32_t user, uint32_t slot, void *buf, size_t n, int64_t offset, bool write) {
  size_t size;
  int rc = ready(user, slot, &size);
  if (rc) return rc;
  if (!buf || offset < 0 || (uint64_t)offset > size || n > size - (uint64_t)offset)
    return SAVE_DATA_ERROR_PARAMETER;
  char path[PATH_MAX];
  if (!data_path(user, slot, path, sizeof path)) return SAVE_DATA_ERROR_INTERNAL;
  int fd = open(path, (write ? O_WRONLY : O_RDONLY) | O_CLOEXEC);
  if (fd < 0) return SAVE_DATA_ERROR_INTERNAL;
  size_t done = 0;
  while (done < n) {
    ssize_t r = write ? pwrite(fd, (char *)buf + done, n - done, offset + (off_t)done)
                      : pread(fd, (char *)buf + done, n - done, offset + (off_t)done);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    done += (size_t)r;
  }
  close(fd);
  if (done < n && !write) memset((char *)buf + done, 0, n - done); /* past the end: zeros */
  return done == n || !write ? 0 : SAVE_DATA_ERROR_INTERNAL;
}

int save_data_setup_memory(int32_t user_id, size_t size, const struct save_data_param *param) {
  return setup(user_id, 0, size, param, NULL, false, NULL);
}

int save_data_get_memory(int32_t user_id, void *buf, size_t size, int64_t offset) {
  return transfer(user_id, 0, buf, size, offset, false);
}

int save_data_set_memory(int32_t user_id, const void *buf, size_t size, int64_t offset) {
  return transfer(user_id, 0, (void *)buf, size, offset, true);
}

#define SETUP_OPTION_SET_PARAM 0x1u

int save_data_setup_memory2(const struct save_data_memory_setup2 *s,
                            struct save_data_memory_setup_result *result) {
  if (!s) {
    int rc = save_data_check_initialized();
    return rc ? rc : SAVE_DATA_ERROR_PARAMETER;
  }
  size_t existed = 0;
  int rc = setup(s->user_id, s->slot_id, s->memory_size, s->init_param, s->init_icon,
                 (s->option & SETUP_OPTION_SET_PARAM) != 0, &existed);
  if (rc == 0 && result) {
    memset(result, 0, sizeof *result);
    result->existed_memory_size = existed;
  }
  return rc;
}

int save_data_get_memory2(struct save_data_memory_get2 *g) {
  if (!g) {
    int rc = save_data_check_initialized();
    return rc ? rc : SAVE_DATA_ERROR_PARAMETER;
  }
  size_t size;
  int rc = ready(g->user_id, g->slot_id, &size);
  if (rc) return rc;
  char name[SAVE_DATA_DIRNAME_SIZE];
  slot_name(g->slot_id, name);
  if (g->data && (rc = transfer(g->user_id, g->slot_id, g->data->buf, g->data->buf_size,
                                g->data->offset, false)))
    return rc;
  if (g->param) {
    struct save_data_record rec;
    if (!save_data_record_read(g->user_id, name, &rec)) return SAVE_DATA_ERROR_BROKEN;
    *g->param = rec.param;
  }
  if (g->icon && g->icon->buf) {
    size_t got = 0;
    int r = save_data_icon_read(g->user_id, name, g->icon->buf, g->icon->buf_size, &got);
    if (r < 0) return SAVE_DATA_ERROR_INTERNAL;
    g->icon->data_size = r ? got : 0;
  }
  return 0;
}

int save_data_set_memory2(const struct save_data_memory_set2 *s) {
  if (!s) {
    int rc = save_data_check_initialized();
    return rc ? rc : SAVE_DATA_ERROR_PARAMETER;
  }
  size_t size;
  int rc = ready(s->user_id, s->slot_id, &size);
  if (rc) return rc;
  char name[SAVE_DATA_DIRNAME_SIZE];
  slot_name(s->slot_id, name);
  uint32_t count = s->data ? (s->data_num ? s->data_num : 1) : 0;
  for (uint32_t i = 0; i < count; i++)
    if ((rc = transfer(s->user_id, s->slot_id, s->data[i].buf, s->data[i].buf_size,
                       s->data[i].offset, true)))
      return rc;
  if (s->param) {
    struct save_data_record rec;
    if (!save_data_record_read(s->user_id, name, &rec)) return SAVE_DATA_ERROR_BROKEN;
    rec.param = *s->param;
    rec.param.title[SAVE_DATA_TITLE_SIZE - 1] = 0;
    rec.param.sub_title[SAVE_DATA_SUBTITLE_SIZE - 1] = 0;
    rec.param.detail[SAVE_DATA_DETAIL_SIZE - 1] = 0;
    rec.param.mtime = (int64_t)time(NULL);
    if (!save_data_record_write(s->user_id, name, &rec)) return SAVE_DATA_ERROR_INTERNAL;
  }
  if (s->icon && s->icon->buf && s->icon->data_size &&
      !save_data_icon_write(s->user_id, name, s->icon->buf, s->icon->data_size))
    return SAVE_DATA_ERROR_INTERNAL;
  return 0;
}
