/* Mutexes, spinlocks and condition variables as FreeBSD's libthr (the console's libkernel)
 * defines them: owner-checked unlock (EPERM) for every type, errorcheck EDEADLK, recursive
 * counts, adaptive spinning, and destroy refusing (EBUSY) while the object is in use.
 * Results are 0 or -(FreeBSD errno). */
#ifndef PROSPERO_KERNEL_SYNC_MUTEX_H
#define PROSPERO_KERNEL_SYNC_MUTEX_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/sync_wait.h"

/* FreeBSD's (and the console's) numbering. */
enum sync_mutex_type {
  SYNC_MUTEX_ERRORCHECK = 1, /* the default */
  SYNC_MUTEX_RECURSIVE = 2,
  SYNC_MUTEX_NORMAL = 3,
  SYNC_MUTEX_ADAPTIVE = 4,
};
enum sync_mutex_protocol {
  SYNC_PRIO_NONE = 0,
  SYNC_PRIO_INHERIT = 1,
  SYNC_PRIO_PROTECT = 2,
};

#define SYNC_NAME_MAX 32 /* names as the console keeps them: 31 characters and a NUL */

struct sync_mutex {
  uint32_t word; /* 0 free, 1 locked, 2 locked with sleepers */
  int32_t owner; /* owner's thread id, 0 when free */
  int32_t count; /* extra recursive holds */
  uint8_t type;  /* enum sync_mutex_type */
  uint8_t protocol;
  int16_t ceiling;
  int32_t spins; /* adaptive: tries before sleeping */
  int32_t waker; /* last thread that woke a sleeper (trace) */
  char name[SYNC_NAME_MAX];
};

void sync_mutex_init(struct sync_mutex *m, int type, int protocol, int ceiling, const char *name);
/* D: NULL or a deadline (timedlock). -EDEADLK (errorcheck/adaptive self-lock), -EAGAIN
 * (recursion count overflow), -ETIMEDOUT. A normal mutex locked again by its owner sleeps
 * until D (forever without one), as FreeBSD's does. */
int sync_mutex_lock_slow(struct sync_mutex *m, const struct sync_deadline *d);
int sync_mutex_trylock(struct sync_mutex *m); /* -EBUSY when held (also by the caller) */
/* -EPERM unless the caller owns it. */
int sync_mutex_unlock_slow(struct sync_mutex *m);
void sync_mutex_wake(struct sync_mutex *m); /* after releasing a word that had sleepers */

/* The uncontended paths inline (a guest's lock+unlock pair costs about glibc's). */
static inline int sync_mutex_lock(struct sync_mutex *m, const struct sync_deadline *d) {
  int32_t self = sync_self_tid();
  uint32_t expected = 0;
  if (__builtin_expect(__atomic_load_n(&m->owner, __ATOMIC_RELAXED) != self, 1) &&
      __atomic_compare_exchange_n(&m->word, &expected, 1, false, __ATOMIC_ACQUIRE,
                                  __ATOMIC_RELAXED)) {
    __atomic_store_n(&m->owner, self, __ATOMIC_RELAXED);
    return 0;
  }
  return sync_mutex_lock_slow(m, d);
}
static inline int sync_mutex_unlock(struct sync_mutex *m) {
  int32_t self = sync_self_tid();
  if (__builtin_expect(__atomic_load_n(&m->owner, __ATOMIC_RELAXED) == self && m->count == 0, 1)) {
    __atomic_store_n(&m->owner, 0, __ATOMIC_RELAXED);
    if (__atomic_exchange_n(&m->word, 0, __ATOMIC_RELEASE) == 2) sync_mutex_wake(m);
    return 0;
  }
  return sync_mutex_unlock_slow(m);
}
/* 0 when M may be destroyed, -EBUSY while held. */
int sync_mutex_check_destroy(const struct sync_mutex *m);
bool sync_mutex_owned(const struct sync_mutex *m); /* by the caller */

/* Condition variables: a FIFO queue of waiters, each parked on its own word. */
struct sync_cond {
  struct sync_lock lock;
  struct sync_queue q;
  uint8_t clock; /* enum sync_clock for absolute timeouts: REALTIME (default) or MONOTONIC */
  char name[SYNC_NAME_MAX];
};
void sync_cond_init(struct sync_cond *c, int clock, const char *name);
/* Releases M (fully, whatever its recursion), waits for a signal or D, re-locks M. -EPERM
 * when the caller does not own M; -ETIMEDOUT or -EINTR (sync_wait_set_interruptible), with
 * M re-locked. */
int sync_cond_wait(struct sync_cond *c, struct sync_mutex *m, const struct sync_deadline *d);
int sync_cond_signal(struct sync_cond *c);    /* wakes the longest waiter, if any */
int sync_cond_broadcast(struct sync_cond *c); /* wakes every waiter queued now */
/* Wakes the waiter of C whose thread id is TID: 1 if it waited (and is woken), else 0. */
int sync_cond_signal_to(struct sync_cond *c, int32_t tid);
int sync_cond_check_destroy(struct sync_cond *c); /* -EBUSY with waiters */

/* Spinlocks (FreeBSD: a umutex that is spun on, yielding the CPU while held). */
struct sync_spin {
  int32_t owner; /* thread id or 0 */
};
int sync_spin_lock(struct sync_spin *s);
int sync_spin_trylock(struct sync_spin *s);             /* -EBUSY */
int sync_spin_unlock(struct sync_spin *s);              /* -EPERM unless the caller holds it */
int sync_spin_check_destroy(const struct sync_spin *s); /* -EBUSY while held */

#endif
