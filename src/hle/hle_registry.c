/* Registry of the HLE libraries: lookup by the resolution key, binding, trace switches. */
#include <pthread.h>
#include <stdlib.h>
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

/* NID index: every symbol of every library sorted by (NID, library order, table order),
 * built on first lookup. A lookup is a binary search plus a walk over the few symbols that
 * share the NID, so linking thousands of imports stays cheap as the tables grow. */
struct nid_entry {
  const char *nid;
  uint32_t lib;
  uint32_t sym;
};

static struct nid_entry *nid_index;
static size_t nid_index_count;
static pthread_once_t nid_index_once = PTHREAD_ONCE_INIT;

static int nid_entry_compare(const void *pa, const void *pb) {
  const struct nid_entry *a = pa, *b = pb;
  int c = strcmp(a->nid, b->nid);
  if (c) return c;
  if (a->lib != b->lib) return a->lib < b->lib ? -1 : 1;
  return a->sym < b->sym ? -1 : a->sym > b->sym;
}

static void nid_index_build(void) {
  size_t total = 0;
  for (size_t i = 0; i < LIBRARY_COUNT; i++) total += libraries[i]->symbol_count;
  struct nid_entry *e = malloc((total ? total : 1) * sizeof *e);
  if (!e) {
    LOG(hle, ERROR, "cannot index %zu HLE symbols", total);
    return;
  }
  size_t n = 0;
  for (size_t i = 0; i < LIBRARY_COUNT; i++)
    for (size_t j = 0; j < libraries[i]->symbol_count; j++)
      e[n++] = (struct nid_entry){libraries[i]->symbols[j].nid, (uint32_t)i, (uint32_t)j};
  qsort(e, n, sizeof *e, nid_entry_compare);
  nid_index = e;
  nid_index_count = n;
}

/* The first index entry with NID (or nid_index_count if none). */
static size_t nid_index_first(const char *nid) {
  size_t lo = 0, hi = nid_index_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strcmp(nid_index[mid].nid, nid) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < nid_index_count && strcmp(nid_index[lo].nid, nid) == 0 ? lo : nid_index_count;
}

/* Walks the symbols exporting NID with KIND in registration order; LIBRARY_NAME and
 * MODULE_NAME (when not NULL) must match too. */
static const struct hle_symbol *lookup_indexed(const char *library_name,
                                               const char *module_name, const char *nid,
                                               enum hle_kind kind,
                                               const struct hle_library **lib_out) {
  pthread_once(&nid_index_once, nid_index_build);
  if (!nid_index) return NULL;
  for (size_t i = nid_index_first(nid);
       i < nid_index_count && strcmp(nid_index[i].nid, nid) == 0; i++) {
    const struct hle_library *lib = libraries[nid_index[i].lib];
    const struct hle_symbol *s = &lib->symbols[nid_index[i].sym];
    if (s->kind != kind) continue;
    if (library_name && strcmp(lib->library_name, library_name) != 0) continue;
    if (module_name && strcmp(lib->module_name, module_name) != 0) continue;
    if (lib_out) *lib_out = lib;
    return s;
  }
  return NULL;
}

const struct hle_symbol *hle_lookup(const char *library_name, const char *module_name,
                                    const char *nid, enum hle_kind kind,
                                    const struct hle_library **lib_out) {
  if (!library_name || !module_name || !nid) return NULL;
  return lookup_indexed(library_name, module_name, nid, kind, lib_out);
}

const struct hle_symbol *hle_lookup_nid(const char *nid, enum hle_kind kind,
                                        const struct hle_library **lib_out) {
  if (!nid) return NULL;
  return lookup_indexed(NULL, NULL, nid, kind, lib_out);
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
