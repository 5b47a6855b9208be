/* sync_object.h: one reserved arena of 256-byte slots (a 16-byte header holding the kind,
 * then the object), committed as it is touched, with a free list. Creation and deletion take
 * a host mutex; lookups take nothing. */
#define _GNU_SOURCE
#include "kernel/sync_object.h"

#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

#include "common/log.h"

#define SLOT SYNC_SLOT
#define ARENA_SIZE SYNC_ARENA_SIZE /* 262,144 objects */

uintptr_t sync_arena_base;
static uintptr_t arena_end;

static pthread_mutex_t arena_lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t arena_next; /* first never-used slot */
/* Freed slots, oldest first (their link in the word after the kind): a freed slot is reused
 * as late as possible, so a stale handle keeps failing its lookup for as long as possible. */
static uintptr_t free_head, free_tail;
static size_t live[SYNC_KIND_COUNT];

_Static_assert(SYNC_OBJECT_MAX + 16 <= SLOT, "an object and its header fit a slot");

static int arena_init(void) {
  if (sync_arena_base) return 0;
  void *p = mmap(NULL, ARENA_SIZE, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    LOG(kernel, ERROR, "sync: cannot reserve the %u MiB object arena", ARENA_SIZE >> 20);
    return -1;
  }
  arena_next = (uintptr_t)p;
  arena_end = (uintptr_t)p + ARENA_SIZE;
  __atomic_store_n(&sync_arena_base, (uintptr_t)p, __ATOMIC_RELEASE);
  return 0;
}

void *sync_object_new(enum sync_kind kind, size_t size) {
  if (size > SYNC_OBJECT_MAX || kind <= SYNC_KIND_FREE || kind >= SYNC_KIND_COUNT) return NULL;
  pthread_mutex_lock(&arena_lock);
  uintptr_t slot = 0;
  if (arena_init() == 0) {
    if (free_head) {
      slot = free_head;
      free_head = ((uintptr_t *)slot)[1];
      if (!free_head) free_tail = 0;
    } else if (arena_next + SLOT <= arena_end) {
      slot = arena_next;
      arena_next += SLOT;
    }
  }
  if (slot) {
    memset((void *)(slot + 16), 0, SLOT - 16);
    ((uintptr_t *)slot)[1] = 0;
    live[kind]++;
    __atomic_store_n((uint32_t *)slot, (uint32_t)kind, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&arena_lock);
  if (!slot) LOG_ONCE(kernel, ERROR, "sync: the object arena is full");
  return slot ? (void *)(slot + 16) : NULL;
}

void sync_object_delete(void *obj) {
  if (!obj) return;
  uintptr_t slot = (uintptr_t)obj - 16;
  pthread_mutex_lock(&arena_lock);
  uint32_t kind = __atomic_exchange_n((uint32_t *)slot, SYNC_KIND_FREE, __ATOMIC_ACQ_REL);
  if (kind != SYNC_KIND_FREE && kind < SYNC_KIND_COUNT) {
    live[kind]--;
    ((uintptr_t *)slot)[1] = 0;
    if (free_tail) ((uintptr_t *)free_tail)[1] = slot;
    else free_head = slot;
    free_tail = slot;
  }
  pthread_mutex_unlock(&arena_lock);
}

size_t sync_object_count(enum sync_kind kind) {
  pthread_mutex_lock(&arena_lock);
  size_t n = kind < SYNC_KIND_COUNT ? live[kind] : 0;
  pthread_mutex_unlock(&arena_lock);
  return n;
}

uint32_t sync_object_id(const void *obj) {
  return (uint32_t)(((uintptr_t)obj - 16 - sync_arena_base) / SLOT) + 1;
}

void *sync_object_from_id(uint32_t id, enum sync_kind kind) {
  uintptr_t base = __atomic_load_n(&sync_arena_base, __ATOMIC_ACQUIRE);
  if (!base || id == 0 || id > ARENA_SIZE / SLOT) return NULL;
  return sync_object_lookup(base + (uintptr_t)(id - 1) * SLOT + 16, kind);
}
