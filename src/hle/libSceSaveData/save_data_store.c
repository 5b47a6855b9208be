/* libSceSaveData's slot store: the host folders of the saves and their records. */
#define _GNU_SOURCE /* nftw */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/host_dirs.h"
#include "common/log.h"
#include "hle/libSceSaveData/save_data.h"

#define RECORD_MAGIC "PRSD"
#define RECORD_VERSION 1u
/* param.bin: magic[4], u32 version, u64 blocks, then the SceSaveDataParam bytes */
#define RECORD_SIZE (16 + sizeof(struct save_data_param))

static pthread_mutex_t root_lock = PTHREAD_MUTEX_INITIALIZER;
static char root[PATH_MAX]; /* <title data>/savedata, "" until set */

void save_data_set_title_dir(const char *title_data_dir) {
  pthread_mutex_lock(&root_lock);
  snprintf(root, sizeof root, "%.4000s/savedata", title_data_dir);
  pthread_mutex_unlock(&root_lock);
}

bool save_data_dir_name_valid(const char *name, bool reserved_ok) {
  size_t n = strnlen(name, SAVE_DATA_DIRNAME_SIZE);
  if (n == 0 || n == SAVE_DATA_DIRNAME_SIZE) return false;
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)name[i]) && name[i] != '_' && name[i] != '-') return false;
  return reserved_ok || strncmp(name, "sce_", 4) != 0;
}

bool save_data_slot_path(int32_t user, const char *name, char *out, size_t cap) {
  pthread_mutex_lock(&root_lock);
  int n = root[0] ? (name ? snprintf(out, cap, "%s/%d/%s", root, (int)user, name)
                          : snprintf(out, cap, "%s/%d", root, (int)user))
                  : -1;
  pthread_mutex_unlock(&root_lock);
  if (n < 0) LOG_ONCE(hle, ERROR, "save data: no per-title data folder is set");
  return n >= 0 && (size_t)n < cap;
}

static bool sub_path(int32_t user, const char *name, const char *rel, char *out, size_t cap) {
  char slot[PATH_MAX];
  if (!save_data_slot_path(user, name, slot, sizeof slot)) return false;
  int n = snprintf(out, cap, "%s/%s", slot, rel);
  return n >= 0 && (size_t)n < cap;
}

bool save_data_slot_exists(int32_t user, const char *name) {
  char p[PATH_MAX];
  struct stat st;
  return sub_path(user, name, "sce_sys/param.bin", p, sizeof p) && stat(p, &st) == 0 &&
         S_ISREG(st.st_mode);
}

bool save_data_slot_create(int32_t user, const char *name, uint64_t blocks) {
  char p[PATH_MAX];
  if (!sub_path(user, name, "sce_sys", p, sizeof p) || !host_dirs_make(p)) {
    LOG(hle, ERROR, "save data: cannot create the folder of %s: %s", name, strerror(errno));
    return false;
  }
  struct save_data_record rec;
  memset(&rec, 0, sizeof rec);
  rec.blocks = blocks;
  rec.param.mtime = (int64_t)time(NULL);
  return save_data_record_write(user, name, &rec);
}

bool save_data_record_read(int32_t user, const char *name, struct save_data_record *rec) {
  char p[PATH_MAX];
  unsigned char buf[RECORD_SIZE + 1];
  if (!sub_path(user, name, "sce_sys/param.bin", p, sizeof p)) return false;
  FILE *f = fopen(p, "rb");
  if (!f) return false;
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  uint32_t version;
  memcpy(&version, buf + 4, 4);
  if (n != RECORD_SIZE || memcmp(buf, RECORD_MAGIC, 4) != 0 || version != RECORD_VERSION) {
    LOG(hle, WARN, "save data: %s is not a save record (%zu bytes)", p, n);
    return false;
  }
  memset(rec, 0, sizeof *rec);
  memcpy(&rec->blocks, buf + 8, 8);
  memcpy(&rec->param, buf + 16, sizeof rec->param);
  rec->param.title[SAVE_DATA_TITLE_SIZE - 1] = 0;
  rec->param.sub_title[SAVE_DATA_SUBTITLE_SIZE - 1] = 0;
  rec->param.detail[SAVE_DATA_DETAIL_SIZE - 1] = 0;
  rec->param.pad = 0;
  memset(rec->param.reserved, 0, sizeof rec->param.reserved);
  return true;
}

bool save_data_record_write(int32_t user, const char *name, const struct save_data_record *rec) {
  char p[PATH_MAX], tmp[PATH_MAX + 8];
  unsigned char buf[RECORD_SIZE];
  if (!sub_path(user, name, "sce_sys/param.bin", p, sizeof p)) return false;
  uint32_t version = RECORD_VERSION;
  memcpy(buf, RECORD_MAGIC, 4);
  memcpy(buf + 4, &version, 4);
  memcpy(buf + 8, &rec->blocks, 8);
  memcpy(buf + 16, &rec->param, sizeof rec->param);
  snprintf(tmp, sizeof tmp, "%s.new", p);
  FILE *f = fopen(tmp, "wb");
  bool ok = f && fwrite(buf, 1, sizeof buf, f) == sizeof buf;
  if (f && fclose(f) != 0) ok = false;
  ok = ok && rename(tmp, p) == 0; /* a crash leaves the old record whole */
  if (!ok) LOG(hle, ERROR, "save data: cannot write %s: %s", p, strerror(errno));
  return ok;
}

static uint64_t used_bytes;
static int add_size(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)path, (void)ftw;
  if (flag == FTW_F) used_bytes += (uint64_t)st->st_size;
  return 0;
}

uint64_t save_data_slot_used_blocks(int32_t user, const char *name) {
  static pthread_mutex_t walk_lock = PTHREAD_MUTEX_INITIALIZER;
  char p[PATH_MAX];
  if (!save_data_slot_path(user, name, p, sizeof p)) return 0;
  pthread_mutex_lock(&walk_lock);
  used_bytes = 0;
  nftw(p, add_size, 16, FTW_PHYS);
  uint64_t bytes = used_bytes;
  pthread_mutex_unlock(&walk_lock);
  return (bytes + SAVE_DATA_BLOCK_SIZE - 1) / SAVE_DATA_BLOCK_SIZE;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  if (remove(path) != 0) LOG(hle, WARN, "save data: cannot remove %s", path);
  return 0;
}

bool save_data_slot_delete(int32_t user, const char *name) {
  char p[PATH_MAX];
  if (!save_data_slot_path(user, name, p, sizeof p)) return false;
  /* the record goes first: a half-removed folder is no longer a save */
  char rec[PATH_MAX];
  if (sub_path(user, name, "sce_sys/param.bin", rec, sizeof rec)) unlink(rec);
  nftw(p, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  return access(p, F_OK) != 0;
}

bool save_data_icon_write(int32_t user, const char *name, const void *data, size_t size) {
  char p[PATH_MAX];
  if (!sub_path(user, name, "sce_sys/icon0.png", p, sizeof p)) return false;
  FILE *f = fopen(p, "wb");
  bool ok = f && fwrite(data, 1, size, f) == size;
  if (f && fclose(f) != 0) ok = false;
  return ok;
}

int save_data_icon_read(int32_t user, const char *name, void *buf, size_t cap, size_t *size) {
  char p[PATH_MAX];
  if (!sub_path(user, name, "sce_sys/icon0.png", p, sizeof p)) return -1;
  FILE *f = fopen(p, "rb");
  if (!f) return errno == ENOENT ? 0 : -1;
  struct stat st;
  if (fstat(fileno(f), &st) != 0) {
    fclose(f);
    return -1;
  }
  *size = (size_t)st.st_size;
  size_t want = cap < *size ? cap : *size;
  size_t got = want ? fread(buf, 1, want, f) : 0;
  fclose(f);
  return got == want ? 1 : -1;
}

size_t save_data_slot_list(int32_t user, char (*names)[SAVE_DATA_DIRNAME_SIZE], size_t max) {
  char p[PATH_MAX];
  if (!save_data_slot_path(user, NULL, p, sizeof p)) return 0;
  DIR *d = opendir(p);
  if (!d) return 0;
  size_t n = 0;
  struct dirent *e;
  while (n < max && (e = readdir(d)) != NULL) {
    if (!save_data_dir_name_valid(e->d_name, false) || !save_data_slot_exists(user, e->d_name))
      continue;
    snprintf(names[n++], SAVE_DATA_DIRNAME_SIZE, "%s", e->d_name);
  }
  closedir(d);
  return n;
}

bool save_data_pattern_match(const char *pattern, const char *name) {
  /* m[i][j]: the first i pattern characters match the first j name characters (O(n*m), so
   * no pattern of '%' runs a search of exponential cost) */
  size_t pn = strnlen(pattern, SAVE_DATA_DIRNAME_SIZE), nn = strnlen(name, SAVE_DATA_DIRNAME_SIZE);
  bool m[SAVE_DATA_DIRNAME_SIZE + 1][SAVE_DATA_DIRNAME_SIZE + 1];
  memset(m, 0, sizeof m);
  m[0][0] = true;
  for (size_t i = 1; i <= pn; i++) {
    char c = pattern[i - 1];
    for (size_t j = 0; j <= nn; j++) {
      if (c == '%') m[i][j] = m[i - 1][j] || (j > 0 && m[i][j - 1]);
      else if (j > 0)
        m[i][j] = m[i - 1][j - 1] &&
                  (c == '_' || tolower((unsigned char)c) == tolower((unsigned char)name[j - 1]));
    }
  }
  return m[pn][nn];
}
