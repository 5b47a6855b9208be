/* sync_mutex.h: a three-state futex mutex (free, locked, locked with sleepers) with an owner
 * id beside it; condition variables on wait queues (sync_wait.h); spinlocks. */
#include "kernel/sync_mutex.h"

#include <sched.h>
#include <string.h>

#include "common/log.h"
#include "kernel/kernel_errno.h"

#define ADAPTIVE_SPINS 2000 /* FreeBSD libthr's MUTEX_ADAPTIVE_SPINS */

static void copy_name(char *dst, const char *src) {
  if (!src) return;
  strncpy(dst, src, SYNC_NAME_MAX - 1);
  dst[SYNC_NAME_MAX - 1] = 0;
}

void sync_mutex_init(struct sync_mutex *m, int type, int protocol, int ceiling, const char *name) {
  memset(m, 0, sizeof *m);
  m->type = (uint8_t)type;
  m->protocol = (uint8_t)protocol;
  m->ceiling = (int16_t)ceiling;
  m->spins = type == SYNC_MUTEX_ADAPTIVE ? ADAPTIVE_SPINS : 0;
  copy_name(m->name, name);
}

static inline bool try_word(struct sync_mutex *m) {
  uint32_t expected = 0;
  return __atomic_compare_exchange_n(&m->word, &expected, 1, false, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED);
}

static int self_lock(struct sync_mutex *m, const struct sync_deadline *d) {
  switch (m->type) {
    case SYNC_MUTEX_RECURSIVE:
      if (m->count == INT32_MAX) return -KERNEL_EAGAIN;
      m->count++;
      return 0;
    case SYNC_MUTEX_NORMAL: {
      /* SUSv2's 'normal' mutex deadlocks on purpose: sleep until the deadline, if any */
      if (!d)
        LOG_ONCE(kernel, GAME_ERROR,
                 "mutex %p%s%s: a normal mutex locked again by its owner: the thread "
                 "deadlocks, as on the console",
                 (void *)m, m->name[0] ? " " : "", m->name);
      uint32_t never = 0;
      while (sync_futex_wait(&never, 0, d) != -KERNEL_ETIMEDOUT) {
      }
      return -KERNEL_ETIMEDOUT;
    }
    default:
      if (d) {
        /* FreeBSD: a timed self-lock of an errorcheck mutex sleeps out its timeout */
        uint32_t never = 0;
        while (sync_futex_wait(&never, 0, d) != -KERNEL_ETIMEDOUT) {
        }
        return -KERNEL_ETIMEDOUT;
      }
      return -KERNEL_EDEADLK;
  }
}

static int lock_slow(struct sync_mutex *m, const struct sync_deadline *d) {
  for (int32_t i = __atomic_load_n(&m->spins, __ATOMIC_RELAXED); i > 0; i--) {
    if (__atomic_load_n(&m->word, __ATOMIC_RELAXED) == 0 && try_word(m)) return 0;
    __builtin_ia32_pause();
  }
  bool trace = sync_trace_enabled();
  struct sync_trace_object what = {"mutex", m, m->name[0] ? m->name : NULL};
  int64_t start = trace ? sync_trace_begin(&what, d) : 0;
  int r = 0;
  while (__atomic_exchange_n(&m->word, 2, __ATOMIC_ACQUIRE) != 0) {
    if (sync_lock_sleep(&m->word, 2, d) == -KERNEL_ETIMEDOUT) {
      /* one last try, as FreeBSD re-checks the word after its timed sleep */
      uint32_t expected = 0;
      if (__atomic_compare_exchange_n(&m->word, &expected, 2, false, __ATOMIC_ACQUIRE,
                                      __ATOMIC_RELAXED))
        break;
      r = -KERNEL_ETIMEDOUT;
      break;
    }
  }
  if (trace) sync_trace_end(&what, start, r, r ? 0 : __atomic_load_n(&m->waker, __ATOMIC_RELAXED));
  return r;
}

int sync_mutex_lock_slow(struct sync_mutex *m, const struct sync_deadline *d) {
  int32_t self = sync_self_tid();
  if (__atomic_load_n(&m->owner, __ATOMIC_RELAXED) == self) return self_lock(m, d);
  if (!try_word(m)) {
    int r = lock_slow(m, d);
    if (r) return r;
  }
  __atomic_store_n(&m->owner, self, __ATOMIC_RELAXED);
  return 0;
}

int sync_mutex_trylock(struct sync_mutex *m) {
  int32_t self = sync_self_tid();
  if (__atomic_load_n(&m->owner, __ATOMIC_RELAXED) == self) {
    if (m->type != SYNC_MUTEX_RECURSIVE) return -KERNEL_EBUSY;
    if (m->count == INT32_MAX) return -KERNEL_EAGAIN;
    m->count++;
    return 0;
  }
  if (!try_word(m)) return -KERNEL_EBUSY;
  __atomic_store_n(&m->owner, self, __ATOMIC_RELAXED);
  return 0;
}

void sync_mutex_wake(struct sync_mutex *m) {
  if (sync_trace_enabled()) __atomic_store_n(&m->waker, sync_self_tid(), __ATOMIC_RELAXED);
  sync_futex_wake(&m->word, 1);
}

int sync_mutex_unlock_slow(struct sync_mutex *m) {
  int32_t self = sync_self_tid();
  if (__atomic_load_n(&m->owner, __ATOMIC_RELAXED) != self) return -KERNEL_EPERM;
  if (m->count > 0) {
    m->count--;
    return 0;
  }
  __atomic_store_n(&m->owner, 0, __ATOMIC_RELAXED);
  if (__atomic_exchange_n(&m->word, 0, __ATOMIC_RELEASE) == 2) sync_mutex_wake(m);
  return 0;
}

int sync_mutex_check_destroy(const struct sync_mutex *m) {
  return __atomic_load_n(&m->word, __ATOMIC_ACQUIRE) != 0 ? -KERNEL_EBUSY : 0;
}

bool sync_mutex_owned(const struct sync_mutex *m) {
  return __atomic_load_n(&m->owner, __ATOMIC_RELAXED) == sync_self_tid();
}

/* ---- Condition variables ---------------------------------------------------------------- */

void sync_cond_init(struct sync_cond *c, int clock, const char *name) {
  memset(c, 0, sizeof *c);
  c->clock = (uint8_t)clock;
  copy_name(c->name, name);
}

int sync_cond_wait(struct sync_cond *c, struct sync_mutex *m, const struct sync_deadline *d) {
  if (!sync_mutex_owned(m)) return -KERNEL_EPERM;
  struct sync_waiter w = {.tid = sync_self_tid()};
  sync_lock_acquire(&c->lock);
  sync_queue_insert(&c->q, &w, false);
  sync_lock_release(&c->lock);
  /* queued before the mutex is released: a signal sent after that finds us (and a signaller
   * that takes the mutex right away does not find the queue's lock held) */
  int32_t count = m->count;
  m->count = 0;
  sync_mutex_unlock(m);
  struct sync_trace_object what = {"cond", c, c->name[0] ? c->name : NULL};
  int r = sync_queue_sleep(&c->lock, &c->q, &w, d, &what);
  if (r == -KERNEL_EINTR) sync_wait_interrupted(); /* before the mutex is taken again */
  sync_mutex_lock(m, NULL);
  m->count = count;
  return r;
}

int sync_cond_signal(struct sync_cond *c) {
  sync_lock_acquire(&c->lock);
  if (c->q.head) sync_queue_release(&c->q, c->q.head, 0);
  sync_lock_release(&c->lock);
  return 0;
}

int sync_cond_broadcast(struct sync_cond *c) {
  sync_lock_acquire(&c->lock);
  while (c->q.head) sync_queue_release(&c->q, c->q.head, 0);
  sync_lock_release(&c->lock);
  return 0;
}

int sync_cond_signal_to(struct sync_cond *c, int32_t tid) {
  sync_lock_acquire(&c->lock);
  struct sync_waiter *w = c->q.head;
  while (w && w->tid != tid) w = w->next;
  if (w) sync_queue_release(&c->q, w, 0);
  sync_lock_release(&c->lock);
  return w != NULL;
}

int sync_cond_check_destroy(struct sync_cond *c) {
  sync_lock_acquire(&c->lock);
  int busy = c->q.count != 0;
  sync_lock_release(&c->lock);
  return busy ? -KERNEL_EBUSY : 0;
}

/* ---- Spinlocks --------------------------------------------------------------------------- */

int sync_spin_trylock(struct sync_spin *s) {
  int32_t expected = 0;
  return __atomic_compare_exchange_n(&s->owner, &expected, sync_self_tid(), false, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED)
             ? 0
             : -KERNEL_EBUSY;
}

int sync_spin_lock(struct sync_spin *s) {
  for (unsigned n = 0; sync_spin_trylock(s) != 0; n++) {
    if (n < 1000) __builtin_ia32_pause();
    else sched_yield(); /* the holder may be descheduled: let it run */
  }
  return 0;
}

int sync_spin_unlock(struct sync_spin *s) {
  int32_t self = sync_self_tid();
  if (__atomic_load_n(&s->owner, __ATOMIC_RELAXED) != self) return -KERNEL_EPERM;
  __atomic_store_n(&s->owner, 0, __ATOMIC_RELEASE);
  return 0;
}

int sync_spin_check_destroy(const struct sync_spin *s) {
  return __atomic_load_n(&s->owner, __ATOMIC_ACQUIRE) ? -KERNEL_EBUSY : 0;
}
