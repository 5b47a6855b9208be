/* Registry of the HLE libraries: lookup by the resolution key, binding, trace switches. */
#include <pthread.h>
#include <string.h>

#include "common/log.h"
#include "hle/hle.h"
#include "hle/hle_libraries.h"
#include "hle/hle_trace.h"

static const struct hle_library *const libraries[] = {
#define HLE_LIBRARY_ENTRY_(n) &hle_library_##n,
    HLE_LIBRARIES(HLE_LIBRARY_ENTRY_)
#undef HLE_LIBRARY_ENTRY_
};
#define LIBRARY_COUNT (sizeof libraries / sizeof libraries[0])

/* Per library: tracing switch and the thunks made so far (one slot per symbol). */
static bool trace_on[LIBRARY_COUNT];
static void **trace_thunks[LIBRARY_COUNT];
static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;

size_t hle_library_count(void) { return LIBRARY_COUNT; }

const struct hle_library *hle_library_at(size_t i) {
  return i < LIBRARY_COUNT ? libraries[i] : NULL;
}

static size_t library_index(const struct hle_library *lib) {
  for (size_t i = 0; i < LIBRARY_COUNT; i++)
    if (libraries[i] == lib) return i;
  return LIBRARY_COUNT;
}

const struct hle_library *hle_library_find(const char *library_name) {
  if (!library_name) return NULL;
  for (size_t i = 0; i < LIBRARY_COUNT; i++)
    if (strcmp(libraries[i]->library_name, library_name) == 0) return libraries[i];
  return NULL;
}

static const struct hle_symbol *library_find_symbol(const struct hle_library *lib,
                                                    const char *nid, enum hle_kind kind) {
  for (size_t i = 0; i < lib->symbol_count; i++) {
    const struct hle_symbol *s = &lib->symbols[i];
    if (s->kind == kind && strcmp(s->nid, nid) == 0) return s;
  }
  return NULL;
}

const struct hle_symbol *hle_lookup(const char *library_name, const char *module_name,
                                    const char *nid, enum hle_kind kind,
                                    const struct hle_library **lib_out) {
  if (!library_name || !module_name || !nid) return NULL;
  for (size_t i = 0; i < LIBRARY_COUNT; i++) {
    const struct hle_library *lib = libraries[i];
    if (strcmp(lib->library_name, library_name) != 0 ||
        strcmp(lib->module_name, module_name) != 0)
      continue;
    const struct hle_symbol *s = library_find_symbol(lib, nid, kind);
    if (s) {
      if (lib_out) *lib_out = lib;
      return s;
    }
  }
  return NULL;
}

const struct hle_symbol *hle_lookup_nid(const char *nid, enum hle_kind kind,
                                        const struct hle_library **lib_out) {
  if (!nid) return NULL;
  for (size_t i = 0; i < LIBRARY_COUNT; i++) {
    const struct hle_symbol *s = library_find_symbol(libraries[i], nid, kind);
    if (s) {
      if (lib_out) *lib_out = libraries[i];
      return s;
    }
  }
  return NULL;
}

bool hle_trace_enable(const char *library_name) {
  const struct hle_library *lib = hle_library_find(library_name);
  if (!lib) return false;
  pthread_mutex_lock(&trace_lock);
  trace_on[library_index(lib)] = true;
  pthread_mutex_unlock(&trace_lock);
  return true;
}

bool hle_trace_enabled(const struct hle_library *lib) {
  size_t li = library_index(lib);
  if (li == LIBRARY_COUNT) return false;
  pthread_mutex_lock(&trace_lock);
  bool on = trace_on[li];
  pthread_mutex_unlock(&trace_lock);
  return on;
}

void *hle_bind_address(const struct hle_library *lib, const struct hle_symbol *sym) {
  if (!lib || !sym) return NULL;
  size_t li = library_index(lib);
  if (sym->kind == HLE_OBJECT || li == LIBRARY_COUNT) return sym->address;
  size_t si = (size_t)(sym - lib->symbols);
  if (si >= lib->symbol_count) return sym->address; /* not a line of LIB's table */

  void *addr = sym->address;
  pthread_mutex_lock(&trace_lock);
  if (trace_on[li]) {
    if (!trace_thunks[li]) trace_thunks[li] = hle_trace_make_thunks(lib);
    addr = trace_thunks[li] ? trace_thunks[li][si] : NULL;
  }
  pthread_mutex_unlock(&trace_lock);
  return addr;
}

const char *hle_status_name(enum hle_status status) {
  switch (status) {
    case HLE_IMPLEMENTED: return "implemented";
    case HLE_PARTIAL: return "partial";
    case HLE_STUB: return "stub";
  }
  return "?";
}

const char *hle_kind_name(enum hle_kind kind) {
  return kind == HLE_OBJECT ? "object" : "function";
}
