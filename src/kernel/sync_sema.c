/* sync_sema.h. */
#include "kernel/sync_sema.h"

#include <string.h>

#include "kernel/kernel_errno.h"

int sync_sem_init(struct sync_sem *s, uint32_t value) {
  if (value > SYNC_SEM_VALUE_MAX) return -KERNEL_EINVAL;
  s->value = value;
  s->waiters = 0;
  return 0;
}

int sync_sem_trywait(struct sync_sem *s) {
  uint32_t v = __atomic_load_n(&s->value, __ATOMIC_RELAXED);
  while (v > 0)
    if (__atomic_compare_exchange_n(&s->value, &v, v - 1, true, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
      return 0;
  return -KERNEL_EAGAIN;
}

int sync_sem_wait(struct sync_sem *s, const struct sync_deadline *d) {
  if (sync_sem_trywait(s) == 0) return 0;
  struct sync_trace_object what = {"semaphore", s, NULL};
  bool trace = sync_trace_enabled();
  int64_t start = trace ? sync_trace_begin(&what, d) : 0;
  int r;
  __atomic_fetch_add(&s->waiters, 1, __ATOMIC_SEQ_CST);
  for (;;) {
    if (sync_sem_trywait(s) == 0) {
      r = 0;
      break;
    }
    int w = sync_futex_wait_interruptible(&s->value, 0, d);
    if (w == -KERNEL_ETIMEDOUT || w == -KERNEL_EINTR) {
      /* a post that raced the deadline wins, as FreeBSD re-checks the count */
      r = sync_sem_trywait(s) == 0 ? 0 : w;
      break;
    }
  }
  __atomic_fetch_sub(&s->waiters, 1, __ATOMIC_SEQ_CST);
  if (trace) sync_trace_end(&what, start, r, 0);
  return r;
}

int sync_sem_post(struct sync_sem *s) {
  uint32_t v = __atomic_load_n(&s->value, __ATOMIC_RELAXED);
  do {
    if (v >= SYNC_SEM_VALUE_MAX) return -KERNEL_EOVERFLOW;
  } while (
      !__atomic_compare_exchange_n(&s->value, &v, v + 1, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
  if (__atomic_load_n(&s->waiters, __ATOMIC_SEQ_CST)) sync_futex_wake(&s->value, 1);
  return 0;
}

int sync_sem_getvalue(const struct sync_sem *s) {
  return (int)__atomic_load_n(&s->value, __ATOMIC_RELAXED);
}

int sync_sem_check_destroy(const struct sync_sem *s) {
  return __atomic_load_n(&s->waiters, __ATOMIC_SEQ_CST) ? -KERNEL_EBUSY : 0;
}

/* ---- Kernel semaphores -------------------------------------------------------------------- */

int sync_sema_init(struct sync_sema *s, const char *name, uint32_t attr, int32_t init,
                   int32_t max) {
  if (attr > SYNC_SEMA_TH_PRIO || init < 0 || max <= 0 || init > max) return -KERNEL_EINVAL;
  memset(s, 0, sizeof *s);
  s->count = s->init = init;
  s->max = max;
  s->attr = attr;
  if (name) strncpy(s->name, name, sizeof s->name - 1);
  return 0;
}

/* Hands the count to every waiter it now satisfies, in queue order (a waiter that needs
 * more than is left does not hold back those behind it). Caller holds the lock. */
static void sema_grant(struct sync_sema *s) {
  for (struct sync_waiter *w = s->q.head, *next; w && s->count > 0; w = next) {
    next = w->next;
    if ((int32_t)w->want <= s->count) {
      s->count -= (int32_t)w->want;
      sync_queue_release(&s->q, w, 0);
    }
  }
}

int sync_sema_wait(struct sync_sema *s, int32_t need, uint32_t *timeout_us, int prio) {
  if (need < 1 || need > s->max) return -KERNEL_EINVAL;
  sync_lock_acquire(&s->lock);
  if (s->deleted) {
    sync_lock_release(&s->lock);
    return -KERNEL_EACCES;
  }
  /* FIFO: a newcomer does not overtake waiters already queued */
  if (s->count >= need && s->q.count == 0) {
    s->count -= need;
    sync_lock_release(&s->lock);
    return 0;
  }
  if (timeout_us && *timeout_us == 0) {
    sync_lock_release(&s->lock);
    return -KERNEL_ETIMEDOUT;
  }
  struct sync_deadline d = timeout_us ? sync_deadline_after_us(*timeout_us) : sync_deadline_none();
  struct sync_waiter w = {.tid = sync_self_tid(), .prio = prio, .want = (uint64_t)need};
  sync_queue_insert(&s->q, &w, s->attr & SYNC_SEMA_TH_PRIO);
  struct sync_trace_object what = {"kernel semaphore", s, s->name[0] ? s->name : NULL};
  int r = sync_queue_park(&s->lock, &s->q, &w, &d, &what);
  if (timeout_us) {
    int64_t left = r == -KERNEL_ETIMEDOUT ? 0 : sync_deadline_left_ns(&d);
    *timeout_us = (uint32_t)(left / 1000);
  }
  return r;
}

int sync_sema_poll(struct sync_sema *s, int32_t need) {
  if (need < 1 || need > s->max) return -KERNEL_EINVAL;
  sync_lock_acquire(&s->lock);
  int r = -KERNEL_EBUSY;
  if (s->deleted) {
    r = -KERNEL_EACCES;
  } else if (s->count >= need && s->q.count == 0) {
    s->count -= need;
    r = 0;
  }
  sync_lock_release(&s->lock);
  return r;
}

int sync_sema_signal(struct sync_sema *s, int32_t n) {
  sync_lock_acquire(&s->lock);
  int r = 0;
  if (n < 0 || n > s->max - s->count) {
    r = -KERNEL_EINVAL;
  } else {
    s->count += n;
    sema_grant(s);
  }
  sync_lock_release(&s->lock);
  return r;
}

int sync_sema_cancel(struct sync_sema *s, int32_t set, int *waiters) {
  sync_lock_acquire(&s->lock);
  if (set > s->max) {
    sync_lock_release(&s->lock);
    return -KERNEL_EINVAL;
  }
  int n = s->q.count;
  while (s->q.head) sync_queue_release(&s->q, s->q.head, -KERNEL_ECANCELED);
  s->count = set < 0 ? s->init : set;
  sync_lock_release(&s->lock);
  if (waiters) *waiters = n;
  return 0;
}

void sync_sema_delete(struct sync_sema *s) {
  sync_lock_acquire(&s->lock);
  s->deleted = 1;
  while (s->q.head) sync_queue_release(&s->q, s->q.head, -KERNEL_EACCES);
  sync_lock_release(&s->lock);
}
