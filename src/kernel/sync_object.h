/* Where the guest's synchronisation objects live. The console's pthread_mutex_t, sem_t,
 * SceKernelSema, ... are pointers to objects the library allocates; here they point into one
 * host arena of fixed-size slots that is never unmapped, so every handle the guest passes is
 * checked cheaply (inside the arena, on a slot, live, of the right kind) and a stale or wild
 * handle is an error code, never a host crash; a thread still leaving an object that another
 * thread destroyed touches mapped memory. */
#ifndef PROSPERO_KERNEL_SYNC_OBJECT_H
#define PROSPERO_KERNEL_SYNC_OBJECT_H

#include <stddef.h>
#include <stdint.h>

enum sync_kind {
  SYNC_KIND_FREE, /* a slot nobody owns */
  SYNC_KIND_MUTEX,
  SYNC_KIND_MUTEX_ATTR,
  SYNC_KIND_COND,
  SYNC_KIND_COND_ATTR,
  SYNC_KIND_RWLOCK,
  SYNC_KIND_RWLOCK_ATTR,
  SYNC_KIND_BARRIER,
  SYNC_KIND_BARRIER_ATTR,
  SYNC_KIND_SPIN,
  SYNC_KIND_SEM,  /* POSIX semaphore */
  SYNC_KIND_SEMA, /* sceKernel semaphore */
  SYNC_KIND_EVF,  /* sceKernel event flag */
  SYNC_KIND_COUNT,
};

/* The arena's size (reserved once) and slot size. */
#define SYNC_ARENA_SIZE (64u << 20)
#define SYNC_SLOT 256u

/* The largest object a slot holds. */
#define SYNC_OBJECT_MAX 240

/* A new zeroed object of KIND (SIZE <= SYNC_OBJECT_MAX), or NULL when the arena is full. */
void *sync_object_new(enum sync_kind kind, size_t size);
/* Ends OBJ's life: its handle no longer looks up. */
void sync_object_delete(void *obj);
extern uintptr_t sync_arena_base;

/* The live object of KIND that HANDLE names, or NULL. Inline for the lock fast paths: range,
 * slot alignment, then the slot's kind. */
static inline void *sync_object_lookup(uint64_t handle, enum sync_kind kind) {
  uintptr_t base = __atomic_load_n(&sync_arena_base, __ATOMIC_ACQUIRE);
  uint64_t off = handle - base - 16; /* wraps for handles below the arena */
  if (__builtin_expect(!base || off >= SYNC_ARENA_SIZE - 16 || (off & (SYNC_SLOT - 1)), 0))
    return NULL;
  const uint32_t *hdr = (const uint32_t *)(uintptr_t)(handle - 16);
  return __atomic_load_n(hdr, __ATOMIC_ACQUIRE) == (uint32_t)kind ? (void *)(uintptr_t)handle
                                                                  : NULL;
}

/* A 32-bit id for OBJ (handles the console keeps in an int: kernel semaphores), and back
 * (NULL unless a live object of KIND). */
uint32_t sync_object_id(const void *obj);
void *sync_object_from_id(uint32_t id, enum sync_kind kind);

/* How many objects of KIND are alive (tests, leak checks). */
size_t sync_object_count(enum sync_kind kind);

#endif
