/* sync_rwlock.h: the state sits under the object's internal lock; sleepers park on two
 * sequence words (one for readers, one for writers) sampled under that lock, so a wake
 * between unlocking and parking changes the word and the sleep returns at once. */
#include "kernel/sync_rwlock.h"

#include <sched.h>
#include <string.h>

#include "kernel/kernel_errno.h"

/* Read locks the calling thread holds, over every rwlock (FreeBSD's rdlock_count). */
static _Thread_local int32_t reads_held;

void sync_rwlock_init(struct sync_rwlock *rw, const char *name) {
  memset(rw, 0, sizeof *rw);
  if (name) {
    strncpy(rw->name, name, sizeof rw->name - 1);
  }
}

static bool can_read(const struct sync_rwlock *rw) {
  return rw->writer == 0 && (rw->write_waiters == 0 || reads_held > 0);
}

/* Wakes whoever may proceed now (the caller holds rw->lock and releases it after). */
static void wake_next(struct sync_rwlock *rw) {
  if (rw->writer || rw->readers) {
    return;
  }
  if (rw->write_waiters) {
    __atomic_fetch_add(&rw->write_seq, 1, __ATOMIC_RELEASE);
    sync_futex_wake(&rw->write_seq, 1);
  } else if (rw->read_waiters) {
    __atomic_fetch_add(&rw->read_seq, 1, __ATOMIC_RELEASE);
    sync_futex_wake(&rw->read_seq, INT32_MAX);
  }
}

/* Sleeps on the futex word SEQ (rw->read_seq or rw->write_seq) as one of *WAITERS, with the
 * lock dropped for the sleep and held again on return; the sleep's result. The sleep is the
 * thread layer's lock sleep: a guest signal's handler runs meanwhile and the wait goes on
 * (FreeBSD's libthr retries a rwlock wait the kernel left with EINTR). */
static int park(struct sync_rwlock *rw, uint32_t *seq, int32_t *waiters,
                const struct sync_deadline *d) {
  uint32_t seen = __atomic_load_n(seq, __ATOMIC_RELAXED);
  (*waiters)++;
  sync_lock_release(&rw->lock);
  int w = sync_lock_sleep(seq, seen, d);
  sync_lock_acquire(&rw->lock);
  (*waiters)--;
  return w;
}

static int rdlock(struct sync_rwlock *rw, const struct sync_deadline *d, bool try) {
  int32_t self = sync_self_tid();
  struct sync_trace_object what = {"rwlock (read)", rw, rw->name[0] ? rw->name : NULL};
  int64_t start = 0;
  bool traced = false;
  sync_lock_acquire(&rw->lock);
  int r;
  for (;;) {
    if (can_read(rw)) {
      if (rw->readers == INT32_MAX) {
        r = -KERNEL_EAGAIN;
        break;
      }
      rw->readers++;
      reads_held++;
      r = 0;
      break;
    }
    if (rw->writer == self) {
      r = -KERNEL_EDEADLK;
      break;
    }
    if (try) {
      r = -KERNEL_EBUSY;
      break;
    }
    if (!traced && sync_trace_enabled()) {
      traced = true;
      start = sync_trace_begin(&what, d);
    }
    int w = park(rw, &rw->read_seq, &rw->read_waiters, d);
    if (w == -KERNEL_ETIMEDOUT && !can_read(rw)) {
      r = -KERNEL_ETIMEDOUT;
      break;
    }
  }
  sync_lock_release(&rw->lock);
  if (traced) sync_trace_end(&what, start, r, 0);
  return r;
}

static int wrlock(struct sync_rwlock *rw, const struct sync_deadline *d, bool try) {
  int32_t self = sync_self_tid();
  struct sync_trace_object what = {"rwlock (write)", rw, rw->name[0] ? rw->name : NULL};
  int64_t start = 0;
  bool traced = false;
  sync_lock_acquire(&rw->lock);
  int r;
  for (;;) {
    if (rw->writer == 0 && rw->readers == 0) {
      rw->writer = self;
      r = 0;
      break;
    }
    if (rw->writer == self) {
      r = -KERNEL_EDEADLK;
      break;
    }
    if (try) {
      r = -KERNEL_EBUSY;
      break;
    }
    if (!traced && sync_trace_enabled()) {
      traced = true;
      start = sync_trace_begin(&what, d);
    }
    int w = park(rw, &rw->write_seq, &rw->write_waiters, d);
    if (w == -KERNEL_ETIMEDOUT && !(rw->writer == 0 && rw->readers == 0)) {
      /* readers held back by this writer may go now */
      wake_next(rw);
      if (!rw->write_waiters && rw->read_waiters && !rw->writer) {
        __atomic_fetch_add(&rw->read_seq, 1, __ATOMIC_RELEASE);
        sync_futex_wake(&rw->read_seq, INT32_MAX);
      }
      r = -KERNEL_ETIMEDOUT;
      break;
    }
  }
  sync_lock_release(&rw->lock);
  if (traced) sync_trace_end(&what, start, r, 0);
  return r;
}

int sync_rwlock_rdlock(struct sync_rwlock *rw, const struct sync_deadline *d) {
  return rdlock(rw, d, false);
}
int sync_rwlock_wrlock(struct sync_rwlock *rw, const struct sync_deadline *d) {
  return wrlock(rw, d, false);
}
int sync_rwlock_tryrdlock(struct sync_rwlock *rw) { return rdlock(rw, NULL, true); }
int sync_rwlock_trywrlock(struct sync_rwlock *rw) { return wrlock(rw, NULL, true); }

int sync_rwlock_unlock(struct sync_rwlock *rw) {
  int32_t self = sync_self_tid();
  sync_lock_acquire(&rw->lock);
  int r = 0;
  if (rw->writer) {
    if (rw->writer != self) r = -KERNEL_EPERM;
    else rw->writer = 0;
  } else if (rw->readers > 0 && reads_held > 0) {
    rw->readers--;
    reads_held--;
  } else {
    r = -KERNEL_EPERM;
  }
  if (r == 0) wake_next(rw);
  sync_lock_release(&rw->lock);
  return r;
}

int sync_rwlock_check_destroy(struct sync_rwlock *rw) {
  sync_lock_acquire(&rw->lock);
  bool busy = rw->writer || rw->readers || rw->read_waiters || rw->write_waiters;
  sync_lock_release(&rw->lock);
  return busy ? -KERNEL_EBUSY : 0;
}

/* ---- Barriers ------------------------------------------------------------------------------- */

int sync_barrier_init(struct sync_barrier *b, uint32_t count) {
  if (count == 0) return -KERNEL_EINVAL;
  memset(b, 0, sizeof *b);
  b->count = count;
  return 0;
}

int sync_barrier_wait(struct sync_barrier *b) {
  sync_lock_acquire(&b->lock);
  if (++b->waiting == b->count) {
    b->waiting = 0;
    __atomic_fetch_add(&b->round, 1, __ATOMIC_RELEASE);
    sync_futex_wake(&b->round, INT32_MAX);
    sync_lock_release(&b->lock);
    return SYNC_BARRIER_SERIAL;
  }
  uint32_t round = __atomic_load_n(&b->round, __ATOMIC_RELAXED);
  b->inside++;
  sync_lock_release(&b->lock);
  struct sync_trace_object what = {"barrier", b, NULL};
  bool trace = sync_trace_enabled();
  int64_t start = trace ? sync_trace_begin(&what, NULL) : 0;
  /* the lock sleep: a guest signal's handler runs and the wait goes on (libthr's barrier
   * waits on its condition variable until the round changes) */
  while (__atomic_load_n(&b->round, __ATOMIC_ACQUIRE) == round)
    sync_lock_sleep(&b->round, round, NULL);
  if (trace) sync_trace_end(&what, start, 0, 0);
  sync_lock_acquire(&b->lock);
  b->inside--;
  sync_lock_release(&b->lock);
  return 0;
}

int sync_barrier_check_destroy(struct sync_barrier *b) {
  for (;;) {
    sync_lock_acquire(&b->lock);
    bool waiting = b->waiting != 0;
    uint32_t inside = b->inside;
    sync_lock_release(&b->lock);
    if (waiting) return -KERNEL_EBUSY;
    if (!inside) return 0;
    sched_yield(); /* threads of a finished round are on their way out */
  }
}
