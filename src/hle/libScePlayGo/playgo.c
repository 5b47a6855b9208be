/* libScePlayGo: everything installed. */
#define _GNU_SOURCE /* nftw */
#include "hle/libScePlayGo/playgo.h"

#include <ftw.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "hle/libScePlayGo/playgo_chunks.h"
#include "hle/libSceSystemService/system_service.h"
#include "kernel/mounts.h"

#define CHUNK_FILE "sce_sys/playgo-chunk.dat"
#define CHUNK_FILE_MAX (16u << 20) /* far above what 1000 chunks and 8000 mchunks take */

#define HANDLE 1 /* the one handle Open gives */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  bool initialized, open;
  int32_t speed;
  uint64_t language_mask;
} st;

/* The title's chunk definitions, read once: defined false when the game ships none (or an
 * unreadable one, logged), and then chunk 0 is the only chunk listed and every id a game
 * asks about is answered as installed. */
static struct {
  bool defined;
  struct playgo_chunks set;
} chunks;

static void read_chunks(void) {
  char app[4096], path[4200];
  bool ro;
  if (!mounts_resolve("/app0", app, sizeof app, &ro)) return;
  snprintf(path, sizeof path, "%s/%s", app, CHUNK_FILE);
  FILE *f = fopen(path, "rb");
  if (!f) {
    LOG(hle, INFO, "PlayGo: no %s; chunk 0 is the only chunk and every chunk id is installed",
        CHUNK_FILE);
    return;
  }
  uint8_t *data = malloc(CHUNK_FILE_MAX);
  size_t n = data ? fread(data, 1, CHUNK_FILE_MAX, f) : 0;
  fclose(f);
  char err[160];
  if (data && playgo_chunks_parse(data, n, &chunks.set, err, sizeof err)) {
    chunks.defined = true;
    LOG(hle, INFO, "PlayGo: %u chunks defined by %s", chunks.set.count, CHUNK_FILE);
  } else {
    LOG(hle, WARN, "PlayGo: %s is not read (%s); every chunk id is answered as installed",
        CHUNK_FILE, data ? err : "out of memory");
  }
  free(data);
}

static void load_chunks(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, read_chunks);
}

/* BAD_CHUNK_ID when the title defines its chunks and one of IDS is not among them. */
static int check_ids(const uint16_t *ids, uint32_t count) {
  load_chunks();
  if (!chunks.defined) return 0;
  for (uint32_t i = 0; i < count; i++)
    if (ids[i] >= chunks.set.count) return PLAYGO_ERROR_BAD_CHUNK_ID;
  return 0;
}

/* The console's language mask: bit (63 - language number) per language. The default is the
 * system language's. */
static uint64_t system_language_mask(void) {
  int32_t lang = 1;
  system_service_param(SYSTEM_SERVICE_PARAM_LANG, &lang);
  return lang >= 0 && lang < 64 ? 1ull << (63 - lang) : 0;
}

/* ScePlayGoInitParams: const void *bufAddr, uint32 bufSize, uint32 reserved. */
int playgo_initialize(const void *params) {
  if (!params) return PLAYGO_ERROR_BAD_POINTER;
  const void *buf;
  uint32_t size;
  memcpy(&buf, params, sizeof buf);
  memcpy(&size, (const char *)params + 8, sizeof size);
  if (!buf) return PLAYGO_ERROR_BAD_POINTER;
  if (size < PLAYGO_BUFFER_MIN) return PLAYGO_ERROR_BAD_SIZE;
  int rc = 0;
  pthread_mutex_lock(&lock);
  if (st.initialized) {
    rc = PLAYGO_ERROR_ALREADY_INITIALIZED;
  } else {
    st.initialized = true;
    st.open = false;
    st.speed = PLAYGO_INSTALL_SPEED_FULL;
    st.language_mask = system_language_mask();
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int playgo_terminate(void) {
  int rc = 0;
  pthread_mutex_lock(&lock);
  if (!st.initialized) rc = PLAYGO_ERROR_NOT_INITIALIZED;
  st.initialized = st.open = false;
  pthread_mutex_unlock(&lock);
  return rc;
}

int playgo_open(uint32_t *handle, const void *param) {
  (void)param; /* reserved */
  if (!handle) return PLAYGO_ERROR_BAD_POINTER;
  int rc = 0;
  pthread_mutex_lock(&lock);
  if (!st.initialized) {
    rc = PLAYGO_ERROR_NOT_INITIALIZED;
  } else {
    st.open = true;
    *handle = HANDLE;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* 0 when HANDLE is the open handle, else the error. */
static int check_handle(uint32_t handle) {
  pthread_mutex_lock(&lock);
  int rc = !st.initialized                ? PLAYGO_ERROR_NOT_INITIALIZED
           : !st.open || handle != HANDLE ? PLAYGO_ERROR_BAD_HANDLE
                                          : 0;
  pthread_mutex_unlock(&lock);
  return rc;
}

int playgo_close(uint32_t handle) {
  int rc = check_handle(handle);
  if (rc) return rc;
  pthread_mutex_lock(&lock);
  st.open = false;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* The title's chunk ids (0..count-1), as many as IDS holds; with IDS NULL only the count.
 * Partial without chunk definitions: the list is chunk 0 alone. */
int playgo_get_chunk_id(uint32_t handle, uint16_t *ids, uint32_t count, uint32_t *entries) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!entries) return PLAYGO_ERROR_BAD_POINTER;
  if (ids && count == 0) return PLAYGO_ERROR_BAD_SIZE;
  load_chunks();
  uint32_t total = chunks.defined ? chunks.set.count : 1;
  if (!ids) {
    *entries = total;
    return 0;
  }
  uint32_t n = count < total ? count : total;
  for (uint32_t i = 0; i < n; i++) ids[i] = (uint16_t)i;
  *entries = n;
  return 0;
}

/* Every defined chunk is installed (the fast locus); an id the title does not define is
 * BAD_CHUNK_ID. Partial without chunk definitions: every id is answered as installed. */
int playgo_get_locus(uint32_t handle, const uint16_t *ids, uint32_t count, int8_t *loci) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!ids || !loci) return PLAYGO_ERROR_BAD_POINTER;
  if (count == 0) return PLAYGO_ERROR_BAD_SIZE;
  if ((rc = check_ids(ids, count))) return rc;
  for (uint32_t i = 0; i < count; i++) loci[i] = PLAYGO_LOCUS_LOCAL_FAST;
  return 0;
}

static uint64_t app_bytes;

static int add_size(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)path, (void)ftw;
  if (flag == FTW_F) app_bytes += (uint64_t)st->st_size;
  return 0;
}

static void count_app(void) {
  char host[4096];
  bool ro;
  if (mounts_resolve("/app0", host, sizeof host, &ro)) nftw(host, add_size, 16, FTW_PHYS);
}

/* The size of the installed game: the files of /app0 (counted once). */
static uint64_t installed_bytes(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, count_app);
  return app_bytes;
}

/* ScePlayGoProgress: uint64 progressSize, uint64 totalSize, for the chunks together: the
 * sum of their sizes, all installed. Partial without chunk definitions: both are the
 * installed game's size (the files of /app0). */
int playgo_get_progress(uint32_t handle, const uint16_t *ids, uint32_t count, void *progress) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!ids || !progress) return PLAYGO_ERROR_BAD_POINTER;
  if (count == 0) return PLAYGO_ERROR_BAD_SIZE;
  if ((rc = check_ids(ids, count))) return rc;
  uint64_t sizes[2] = {0, 0};
  if (chunks.defined) {
    for (uint32_t i = 0; i < count; i++) sizes[0] += chunks.set.chunk[ids[i]].size;
  } else {
    sizes[0] = installed_bytes();
  }
  sizes[1] = sizes[0];
  memcpy(progress, sizes, sizeof sizes);
  return 0;
}

int playgo_get_eta(uint32_t handle, const uint16_t *ids, uint32_t count, int64_t *eta) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!ids || !eta) return PLAYGO_ERROR_BAD_POINTER;
  if (count == 0) return PLAYGO_ERROR_BAD_SIZE;
  if ((rc = check_ids(ids, count))) return rc;
  *eta = 0; /* installed: no time left */
  return 0;
}

int playgo_get_install_speed(uint32_t handle, int32_t *speed) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!speed) return PLAYGO_ERROR_BAD_POINTER;
  pthread_mutex_lock(&lock);
  *speed = st.speed;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* ScePlayGoInstallSpeed: 0 suspended, 1 trickle, 2 full. Kept (nothing is downloading). */
int playgo_set_install_speed(uint32_t handle, int32_t speed) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (speed < 0 || speed > PLAYGO_INSTALL_SPEED_FULL) return PLAYGO_ERROR_BAD_SPEED;
  pthread_mutex_lock(&lock);
  st.speed = speed;
  pthread_mutex_unlock(&lock);
  return 0;
}

int playgo_get_language_mask(uint32_t handle, uint64_t *mask) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!mask) return PLAYGO_ERROR_BAD_POINTER;
  pthread_mutex_lock(&lock);
  *mask = st.language_mask;
  pthread_mutex_unlock(&lock);
  return 0;
}

int playgo_set_language_mask(uint32_t handle, uint64_t mask) {
  int rc = check_handle(handle);
  if (rc) return rc;
  pthread_mutex_lock(&lock);
  st.language_mask = mask;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* Nothing is left to install: the to-do list is empty. */
int playgo_get_to_do_list(uint32_t handle, void *list, uint32_t count, uint32_t *entries) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!list || !entries) return PLAYGO_ERROR_BAD_POINTER;
  if (count == 0) return PLAYGO_ERROR_BAD_SIZE;
  *entries = 0;
  return 0;
}

static bool locus_valid(int8_t locus) {
  return locus == PLAYGO_LOCUS_NOT_DOWNLOADED || locus == PLAYGO_LOCUS_LOCAL_SLOW ||
         locus == PLAYGO_LOCUS_LOCAL_FAST;
}

/* Everything is installed: there is nothing to fetch, whatever the minimum locus asked. */
int playgo_prefetch(uint32_t handle, const uint16_t *ids, uint32_t count, int8_t min_locus) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!ids) return PLAYGO_ERROR_BAD_POINTER;
  if (count == 0) return PLAYGO_ERROR_BAD_SIZE;
  return locus_valid(min_locus) ? 0 : PLAYGO_ERROR_BAD_LOCUS;
}

/* ScePlayGoToDo: uint16 chunkId, int8 locus, int8 reserved. Nothing is left to install, so
 * the list asked for is done at once and GetToDoList stays empty. */
int playgo_set_to_do_list(uint32_t handle, const void *list, uint32_t count) {
  int rc = check_handle(handle);
  if (rc) return rc;
  if (!list) return PLAYGO_ERROR_BAD_POINTER;
  if (count == 0) return PLAYGO_ERROR_BAD_SIZE;
  for (uint32_t i = 0; i < count; i++)
    if (!locus_valid(((const int8_t *)list)[i * 4 + 2])) return PLAYGO_ERROR_BAD_LOCUS;
  return 0;
}
