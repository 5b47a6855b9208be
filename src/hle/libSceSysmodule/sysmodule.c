/* libSceSysmodule: module ids -> library files, reference counted loads, the game's own PRX
 * when it ships one, the HLE library otherwise. */
#define _GNU_SOURCE /* PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP */
#include "hle/libSceSysmodule/sysmodule.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>

#include "common/log.h"
#include "hle/hle.h"
#include "loader/loader.h"

struct sysmodule {
  uint32_t id;
  const char *name;
  uint32_t flags;
};

static const struct sysmodule modules[] = {
#define X(id_, name_, flags_) {id_, #name_, flags_},
#include "hle/libSceSysmodule/sysmodule_ids.def"
#undef X
};
#define MODULE_COUNT (sizeof modules / sizeof modules[0])

/* Per table entry: references, and the PRX loaded for it (or NULL: the HLE library). */
static struct {
  unsigned refs;
  struct loader_module *prx;
} state[MODULE_COUNT];
/* Recursive: a PRX's module_start, run under it, may load further modules. */
static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

/* The entry of ID, or -1. A public id matches only the public half of the table. */
static long find(uint32_t id, bool internal) {
  if (!internal && id >= 0x80000000u) return -1;
  for (size_t i = 0; i < MODULE_COUNT; i++)
    if (modules[i].id == id) return (long)i;
  return -1;
}

const char *sysmodule_name(uint32_t id, int internal) {
  long i = find(id, internal != 0);
  return i < 0 ? NULL : modules[i].name;
}

/* The entry of a valid id, or -1 (the id is 0, unknown, or a development-console module:
 * prospero is a retail console). */
static long valid(uint32_t id, bool internal) {
  if ((id & 0x7fffffffu) == 0) return -1;
  long i = find(id, internal);
  if (i < 0) {
    LOG(hle, WARN,
        "sceSysmodule: module id 0x%x is not in prospero's table "
        "(SCE_SYSMODULE_ERROR_INVALID_ID)",
        id);
    return -1;
  }
  return modules[i].flags & SYSMODULE_DEBUG ? -1 : i;
}

/* A host path for NAME.prx or NAME.sprx in the game's sce_module folder, or false. */
static bool game_prx(const char *name, char *out, size_t cap) {
  const char *dir = loader_module_dir();
  static const char *const ext[] = {".prx", ".sprx"};
  struct stat st;
  for (int k = 0; k < 2 && dir; k++)
    if ((size_t)snprintf(out, cap, "%s/%s%s", dir, name, ext[k]) < cap && stat(out, &st) == 0 &&
        S_ISREG(st.st_mode))
      return true;
  return false;
}

static int load(uint32_t id, bool internal) {
  long i = valid(id, internal);
  if (i < 0) return SYSMODULE_ERROR_INVALID_ID;
  int rc = 0;
  pthread_mutex_lock(&lock);
  if (state[i].refs) {
    state[i].refs++;
  } else {
    char path[4096];
    if (game_prx(modules[i].name, path, sizeof path)) {
      int start_result = 0, err = 0;
      struct loader_module *m = loader_load_start_module(path, 0, NULL, &start_result, &err);
      if (!m) {
        rc = (int)(0x80020000u | (unsigned)err); /* the kernel's error, as the console */
      } else {
        LOG(hle, INFO,
            "sceSysmodule: %s loaded from the game's sce_module (module_start "
            "returned %d)",
            modules[i].name, start_result);
        state[i].prx = m;
        state[i].refs = 1;
      }
    } else {
      if (!hle_library_find(modules[i].name))
        LOG(hle, WARN,
            "sceSysmodule: %s (id 0x%x) is neither in the game's sce_module nor an "
            "HLE library: its functions stay missing",
            modules[i].name, id);
      state[i].refs = 1;
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

static int unload(uint32_t id, bool internal) {
  long i = valid(id, internal);
  if (i < 0) return SYSMODULE_ERROR_INVALID_ID;
  int rc = 0;
  struct loader_module *prx = NULL;
  pthread_mutex_lock(&lock);
  if (!state[i].refs) {
    rc = SYSMODULE_ERROR_NOT_LOADED;
  } else if (--state[i].refs == 0) {
    prx = state[i].prx;
    state[i].prx = NULL;
  }
  pthread_mutex_unlock(&lock);
  if (prx) {
    int stop_result = 0;
    int err = loader_stop_unload_module(prx->handle, 0, NULL, &stop_result);
    if (err) rc = (int)(0x80020000u | (unsigned)err);
  }
  return rc;
}

static int is_loaded(uint32_t id, bool internal) {
  long i = valid(id, internal);
  if (i < 0) return SYSMODULE_ERROR_INVALID_ID;
  pthread_mutex_lock(&lock);
  bool loaded = state[i].refs > 0;
  pthread_mutex_unlock(&lock);
  return loaded ? 0 : SYSMODULE_ERROR_NOT_LOADED;
}

int sysmodule_load_module(uint16_t id) { return load(id, false); }
int sysmodule_unload_module(uint16_t id) { return unload(id, false); }
int sysmodule_is_loaded(uint16_t id) { return is_loaded(id, false); }
int sysmodule_load_module_internal(uint32_t id) { return load(id, true); }
int sysmodule_unload_module_internal(uint32_t id) { return unload(id, true); }
int sysmodule_is_loaded_internal(uint32_t id) { return is_loaded(id, true); }
