/* sync_evf.h. */
#include "kernel/sync_evf.h"

#include <string.h>

#include "kernel/kernel_errno.h"

int sync_evf_init(struct sync_evf *e, const char *name, uint32_t attr, uint64_t bits) {
  if ((attr & ~0x33u) || (attr & 0x03) == 0x03 || (attr & 0x30) == 0x30) return -KERNEL_EINVAL;
  memset(e, 0, sizeof *e);
  e->attr = attr;
  e->bits = bits;
  if (name) strncpy(e->name, name, sizeof e->name - 1);
  return 0;
}

static bool mode_ok(uint32_t mode) {
  uint32_t wait = mode & 0x0f, clear = mode & 0xf0;
  return (mode & ~0x33u) == 0 && (wait == SYNC_EVF_WAITMODE_AND || wait == SYNC_EVF_WAITMODE_OR) &&
         clear != (SYNC_EVF_WAITMODE_CLEAR_ALL | SYNC_EVF_WAITMODE_CLEAR_PAT);
}

static bool satisfied(uint64_t bits, uint64_t pattern, uint32_t mode) {
  return (mode & SYNC_EVF_WAITMODE_AND) ? (bits & pattern) == pattern : (bits & pattern) != 0;
}

static void apply_clear(struct sync_evf *e, uint64_t pattern, uint32_t mode) {
  if (mode & SYNC_EVF_WAITMODE_CLEAR_ALL) e->bits = 0;
  else if (mode & SYNC_EVF_WAITMODE_CLEAR_PAT) e->bits &= ~pattern;
}

static bool single(const struct sync_evf *e) { return !(e->attr & SYNC_EVF_ATTR_MULTI); }

/* Returns 1 when satisfied now (RESULT written, clear applied), else 0; caller holds lock. */
static int try_take(struct sync_evf *e, uint64_t pattern, uint32_t mode, uint64_t *result) {
  if (!satisfied(e->bits, pattern, mode)) return 0;
  if (result) *result = e->bits;
  apply_clear(e, pattern, mode);
  return 1;
}

int sync_evf_wait(struct sync_evf *e, uint64_t pattern, uint32_t mode, uint64_t *result,
                  uint32_t *timeout_us, int prio) {
  if (pattern == 0 || !mode_ok(mode)) return -KERNEL_EINVAL;
  sync_lock_acquire(&e->lock);
  if (e->deleted) {
    sync_lock_release(&e->lock);
    return -KERNEL_EACCES;
  }
  if (single(e) && e->q.count) {
    sync_lock_release(&e->lock);
    return -KERNEL_EPERM;
  }
  if (try_take(e, pattern, mode, result)) {
    sync_lock_release(&e->lock);
    return 0;
  }
  if (timeout_us && *timeout_us == 0) {
    if (result) *result = e->bits;
    sync_lock_release(&e->lock);
    return -KERNEL_ETIMEDOUT;
  }
  struct sync_deadline d = timeout_us ? sync_deadline_after_us(*timeout_us) : sync_deadline_none();
  struct sync_waiter w = {.tid = sync_self_tid(), .prio = prio, .want = pattern, .mode = mode};
  sync_queue_insert(&e->q, &w, e->attr & SYNC_EVF_ATTR_TH_PRIO);
  struct sync_trace_object what = {"event flag", e, e->name[0] ? e->name : NULL};
  int r = sync_queue_park(&e->lock, &e->q, &w, &d, &what);
  if (r == -KERNEL_ETIMEDOUT) {
    if (result) {
      sync_lock_acquire(&e->lock);
      *result = e->bits;
      sync_lock_release(&e->lock);
    }
  } else if (result) {
    *result = w.out;
  }
  if (timeout_us) {
    int64_t left = r == -KERNEL_ETIMEDOUT ? 0 : sync_deadline_left_ns(&d);
    *timeout_us = (uint32_t)(left / 1000);
  }
  return r;
}

int sync_evf_poll(struct sync_evf *e, uint64_t pattern, uint32_t mode, uint64_t *result) {
  if (pattern == 0 || !mode_ok(mode)) return -KERNEL_EINVAL;
  sync_lock_acquire(&e->lock);
  int r;
  if (e->deleted) r = -KERNEL_EACCES;
  else if (single(e) && e->q.count) r = -KERNEL_EPERM;
  else if (try_take(e, pattern, mode, result)) r = 0;
  else {
    if (result) *result = e->bits;
    r = -KERNEL_EBUSY;
  }
  sync_lock_release(&e->lock);
  return r;
}

int sync_evf_set(struct sync_evf *e, uint64_t pattern) {
  sync_lock_acquire(&e->lock);
  e->bits |= pattern;
  /* in queue order; each satisfied waiter sees the pattern before its own clear */
  for (struct sync_waiter *w = e->q.head, *next; w; w = next) {
    next = w->next;
    if (satisfied(e->bits, w->want, w->mode)) {
      w->out = e->bits;
      apply_clear(e, w->want, w->mode);
      sync_queue_release(&e->q, w, 0);
    }
  }
  sync_lock_release(&e->lock);
  return 0;
}

int sync_evf_clear(struct sync_evf *e, uint64_t pattern) {
  sync_lock_acquire(&e->lock);
  e->bits &= pattern;
  sync_lock_release(&e->lock);
  return 0;
}

int sync_evf_cancel(struct sync_evf *e, uint64_t set, int *waiters) {
  sync_lock_acquire(&e->lock);
  int n = e->q.count;
  e->bits = set;
  while (e->q.head) {
    e->q.head->out = set;
    sync_queue_release(&e->q, e->q.head, -KERNEL_ECANCELED);
  }
  sync_lock_release(&e->lock);
  if (waiters) *waiters = n;
  return 0;
}

void sync_evf_delete(struct sync_evf *e) {
  sync_lock_acquire(&e->lock);
  e->deleted = 1;
  while (e->q.head) {
    e->q.head->out = e->bits;
    sync_queue_release(&e->q, e->q.head, -KERNEL_EACCES);
  }
  sync_lock_release(&e->lock);
}
