/* NID -> name: one sorted index over the HLE tables' names and the list of known names,
 * built on first use. */
#include "hle/hle_names.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "common/nid.h"
#include "hle/hle.h"

static const char *const known_names[] = {
#include "hle/names/known_names.inc"
};
#define KNOWN_COUNT (sizeof known_names / sizeof known_names[0])

struct name_entry {
  char nid[NID_BUF_SIZE];
  const char *name;
};

static struct name_entry *entries;
static size_t entry_count;
static pthread_once_t build_once = PTHREAD_ONCE_INIT;

static int entry_compare(const void *pa, const void *pb) {
  const struct name_entry *a = pa, *b = pb;
  return strcmp(a->nid, b->nid);
}

static void build(void) {
  size_t total = KNOWN_COUNT;
  for (size_t i = 0; i < hle_library_count(); i++) total += hle_library_at(i)->symbol_count;
  struct name_entry *e = malloc(total * sizeof *e);
  if (!e) {
    LOG(hle, ERROR, "cannot index %zu known names", total);
    return;
  }
  size_t n = 0;
  for (size_t i = 0; i < hle_library_count(); i++) {
    const struct hle_library *lib = hle_library_at(i);
    for (size_t j = 0; j < lib->symbol_count; j++)
      if (lib->symbols[j].name) {
        memcpy(e[n].nid, lib->symbols[j].nid, NID_BUF_SIZE - 1);
        e[n].nid[NID_BUF_SIZE - 1] = 0;
        e[n++].name = lib->symbols[j].name;
      }
  }
  for (size_t i = 0; i < KNOWN_COUNT; i++) {
    nid_from_name(known_names[i], e[n].nid);
    e[n++].name = known_names[i];
  }
  qsort(e, n, sizeof *e, entry_compare);
  entries = e;
  entry_count = n;
}

const char *hle_known_name(const char *nid) {
  if (!nid || strlen(nid) != NID_LEN) return NULL;
  pthread_once(&build_once, build);
  if (!entries) return NULL;
  struct name_entry key;
  memcpy(key.nid, nid, NID_BUF_SIZE);
  const struct name_entry *hit =
      bsearch(&key, entries, entry_count, sizeof *entries, entry_compare);
  return hit ? hit->name : NULL;
}

size_t hle_known_name_list_count(void) { return KNOWN_COUNT; }

const char *hle_known_name_list_at(size_t i) { return i < KNOWN_COUNT ? known_names[i] : NULL; }
