/* Shared helpers of the libkernel synchronisation files (kernel_sync_*.c): the console's
 * handle conventions and the two error faces. The guest's pthread_mutex_t, pthread_cond_t,
 * ... are 8-byte handles; the values below are the static initialisers and "destroyed"
 * markers of FreeBSD's libthr, which the console's library keeps; any other value names an
 * object in the sync arena (kernel/sync_object.h). */
#ifndef PROSPERO_HLE_LIBKERNEL_KERNEL_SYNC_COMMON_H
#define PROSPERO_HLE_LIBKERNEL_KERNEL_SYNC_COMMON_H

#include <stdint.h>

#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "kernel/sync_object.h"
#include "kernel/sync_wait.h"

#define SYNC_MUTEX_INITIALIZER 0          /* PTHREAD_MUTEX_INITIALIZER */
#define SYNC_ADAPTIVE_MUTEX_INITIALIZER 1 /* PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP */
#define SYNC_MUTEX_DESTROYED 2
#define SYNC_COND_INITIALIZER 0 /* PTHREAD_COND_INITIALIZER */
#define SYNC_COND_DESTROYED 1
#define SYNC_RWLOCK_INITIALIZER 0 /* PTHREAD_RWLOCK_INITIALIZER */
#define SYNC_RWLOCK_DESTROYED 1

/* The kernel layer returns -(FreeBSD errno); pthread_* return the errno, sce* the SCE code. */
static inline int sync_posix(int r) { return r < 0 ? -r : 0; }
static inline int sync_sce(int r) { return r < 0 ? SCE_KERNEL_ERROR(-r) : 0; }

/* Publishes OBJ into *SLOT if *SLOT still holds EXPECTED (thread-safe lazy creation: the
 * loser of a race deletes its object and uses the winner's). Returns the handle now in
 * *SLOT. */
static inline uint64_t sync_publish(uint64_t *slot, uint64_t expected, void *obj) {
  uint64_t h = (uint64_t)(uintptr_t)obj;
  if (__atomic_compare_exchange_n(slot, &expected, h, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return h;
  sync_object_delete(obj);
  return expected;
}

/* A POSIX absolute timeout (struct timespec in guest memory) as a deadline on CLOCK. */
static inline int sync_guest_abstime(const struct guest_timespec *ts, enum sync_clock clock,
                                     struct sync_deadline *d) {
  if (!ts) return -GUEST_EINVAL;
  return sync_deadline_absolute(clock, ts->tv_sec, ts->tv_nsec, d);
}

#endif
