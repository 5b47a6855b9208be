/* sync_wait.h on Linux futexes. Deadlines are absolute, so a FUTEX_WAIT_BITSET interrupted by
 * a host signal (EINTR) is simply issued again: the sleep resumes with the time that remains
 * and the kernel re-checks the word, so no wake is lost. */
#define _GNU_SOURCE
#include "kernel/sync_wait.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "kernel/kernel_errno.h"

#define NS_PER_SEC 1000000000LL

int64_t sync_clock_ns(enum sync_clock clock) {
  struct timespec ts;
  clock_gettime(clock == SYNC_CLOCK_REALTIME ? CLOCK_REALTIME : CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * NS_PER_SEC + ts.tv_nsec;
}

struct sync_deadline sync_deadline_after_us(uint64_t us) {
  int64_t now = sync_clock_ns(SYNC_CLOCK_MONOTONIC);
  int64_t add = us > (uint64_t)(INT64_MAX / 1000) ? INT64_MAX : (int64_t)us * 1000;
  int64_t ns = add > INT64_MAX - now ? INT64_MAX : now + add;
  return (struct sync_deadline){SYNC_CLOCK_MONOTONIC, ns};
}

int sync_deadline_absolute(enum sync_clock clock, int64_t sec, int64_t nsec,
                           struct sync_deadline *out) {
  if (nsec < 0 || nsec >= NS_PER_SEC || sec < 0) return -KERNEL_EINVAL;
  int64_t ns = sec > (INT64_MAX - nsec) / NS_PER_SEC ? INT64_MAX : sec * NS_PER_SEC + nsec;
  *out = (struct sync_deadline){clock, ns};
  return 0;
}

int64_t sync_deadline_left_ns(const struct sync_deadline *d) {
  if (!d || d->clock == SYNC_CLOCK_NONE) return INT64_MAX;
  int64_t left = d->ns - sync_clock_ns(d->clock);
  return left > 0 ? left : 0;
}

static _Thread_local bool interruptible;
static bool (*interrupt_check)(void);

bool sync_wait_set_interruptible(bool on) {
  bool old = interruptible;
  interruptible = on;
  return old;
}

void sync_wait_set_interrupt_check(bool (*pending)(void)) {
  __atomic_store_n(&interrupt_check, pending, __ATOMIC_RELEASE);
}

bool (*sync_wait_interrupt_check(void))(void) {
  return __atomic_load_n(&interrupt_check, __ATOMIC_ACQUIRE);
}

static sync_lock_sleep_fn lock_sleep_hook;

void sync_wait_set_lock_sleep(sync_lock_sleep_fn sleep) {
  __atomic_store_n(&lock_sleep_hook, sleep, __ATOMIC_RELEASE);
}

static void (*interrupted_hook)(void);

void sync_wait_set_interrupted_hook(void (*hook)(void)) {
  __atomic_store_n(&interrupted_hook, hook, __ATOMIC_RELEASE);
}

void sync_wait_interrupted(void) {
  void (*f)(void) = __atomic_load_n(&interrupted_hook, __ATOMIC_ACQUIRE);
  if (f) f();
}

int sync_lock_sleep(const uint32_t *word, uint32_t expected, const struct sync_deadline *d) {
  sync_lock_sleep_fn f = __atomic_load_n(&lock_sleep_hook, __ATOMIC_ACQUIRE);
  return f ? f(word, expected, d) : sync_futex_wait(word, expected, d);
}

/* One futex sleep until D (none: forever); RESTART re-issues it after EINTR. */
static int futex_sleep(const uint32_t *word, uint32_t expected, const struct sync_deadline *d,
                       bool restart) {
  struct timespec ts, *tsp = NULL;
  int op = FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG;
  if (d && d->clock != SYNC_CLOCK_NONE) {
    if (d->ns <= 0 || sync_deadline_left_ns(d) == 0) return -KERNEL_ETIMEDOUT;
    ts.tv_sec = d->ns / NS_PER_SEC;
    ts.tv_nsec = d->ns % NS_PER_SEC;
    tsp = &ts;
    if (d->clock == SYNC_CLOCK_REALTIME) op |= FUTEX_CLOCK_REALTIME;
  }
  for (;;) {
    long r = syscall(SYS_futex, word, op, expected, tsp, NULL, FUTEX_BITSET_MATCH_ANY);
    if (r == 0) return 0;
    if (errno == EINTR) {
      if (!restart) return -KERNEL_EINTR;
      continue; /* a host signal: resume, same absolute deadline */
    }
    if (errno == ETIMEDOUT) return -KERNEL_ETIMEDOUT;
    return 0; /* EAGAIN: the word changed before we slept */
  }
}

/* An interruptible sleep is cut into slices: a signal that lands between the check of the
 * thread layer's question and the futex call would otherwise be lost until the deadline. */
#define INTERRUPT_SLICE_NS (100 * 1000000LL)

int sync_futex_wait(const uint32_t *word, uint32_t expected, const struct sync_deadline *d) {
  return futex_sleep(word, expected, d, true);
}

int sync_futex_wait_interruptible(const uint32_t *word, uint32_t expected,
                                  const struct sync_deadline *d) {
  if (!interruptible) return futex_sleep(word, expected, d, true);
  bool (*check)(void) = __atomic_load_n(&interrupt_check, __ATOMIC_ACQUIRE);
  if (check && check()) return -KERNEL_EINTR;
  struct sync_deadline slice = {SYNC_CLOCK_MONOTONIC,
                                sync_clock_ns(SYNC_CLOCK_MONOTONIC) + INTERRUPT_SLICE_NS};
  bool whole = d && d->clock != SYNC_CLOCK_NONE && sync_deadline_left_ns(d) <= INTERRUPT_SLICE_NS;
  int r = futex_sleep(word, expected, whole ? d : &slice, false);
  return r == -KERNEL_ETIMEDOUT && !whole ? 0 : r; /* a slice ended: the caller re-checks */
}

int sync_futex_wake(const uint32_t *word, int count) {
  long r = syscall(SYS_futex, word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, count, NULL, NULL, 0);
  return r < 0 ? 0 : (int)r;
}

_Thread_local int32_t sync_tid_cache;

int32_t sync_self_tid_slow(void) { return sync_tid_cache = (int32_t)gettid(); }

void sync_lock_acquire_slow(struct sync_lock *l) {
  for (int spin = 0; spin < 20; spin++) { /* short: holders hold it for a few stores */
    uint32_t expected = 0;
    if (__atomic_compare_exchange_n(&l->word, &expected, 1, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED))
      return;
    __builtin_ia32_pause();
  }
  while (__atomic_exchange_n(&l->word, 2, __ATOMIC_ACQUIRE) != 0)
    sync_futex_wait(&l->word, 2, NULL);
}

/* ---- Wait queues ---------------------------------------------------------------------- */

void sync_queue_insert(struct sync_queue *q, struct sync_waiter *w, bool by_prio) {
  struct sync_waiter *after = q->tail;
  if (by_prio)
    while (after && after->prio > w->prio) after = after->prev;
  w->prev = after;
  w->next = after ? after->next : q->head;
  if (w->next) w->next->prev = w;
  else q->tail = w;
  if (after) after->next = w;
  else q->head = w;
  q->count++;
}

void sync_queue_remove(struct sync_queue *q, struct sync_waiter *w) {
  if (w->prev) w->prev->next = w->next;
  else q->head = w->next;
  if (w->next) w->next->prev = w->prev;
  else q->tail = w->prev;
  w->next = w->prev = NULL;
  q->count--;
}

void sync_queue_release(struct sync_queue *q, struct sync_waiter *w, int result) {
  sync_queue_remove(q, w);
  w->result = result;
  w->waker = sync_self_tid();
  /* W lives on the waiter's stack: once SEQ is 1 the waiter may return, so the wake below
   * may name a dead address, which at worst wakes a stranger spuriously (every wait loops) */
  __atomic_store_n(&w->seq, 1, __ATOMIC_RELEASE);
  sync_futex_wake(&w->seq, 1);
}

int sync_queue_park(struct sync_lock *lock, struct sync_queue *q, struct sync_waiter *w,
                    const struct sync_deadline *d, const struct sync_trace_object *what) {
  sync_lock_release(lock);
  return sync_queue_sleep(lock, q, w, d, what);
}

int sync_queue_sleep(struct sync_lock *lock, struct sync_queue *q, struct sync_waiter *w,
                     const struct sync_deadline *d, const struct sync_trace_object *what) {
  bool trace = sync_trace_enabled();
  int64_t start = trace ? sync_trace_begin(what, d) : 0;
  int result;
  for (;;) {
    if (__atomic_load_n(&w->seq, __ATOMIC_ACQUIRE)) {
      result = w->result;
      break;
    }
    int r = sync_futex_wait_interruptible(&w->seq, 0, d);
    if (r == -KERNEL_ETIMEDOUT || r == -KERNEL_EINTR) {
      sync_lock_acquire(lock);
      if (__atomic_load_n(&w->seq, __ATOMIC_ACQUIRE)) {
        result = w->result; /* released just before the deadline: that wins */
      } else {
        sync_queue_remove(q, w);
        result = r;
      }
      sync_lock_release(lock);
      break;
    }
  }
  if (trace) sync_trace_end(what, start, result, result == -KERNEL_ETIMEDOUT ? 0 : w->waker);
  return result;
}

/* ---- Tracing -------------------------------------------------------------------------- */

static int trace_state = -1; /* -1 unread, 0 off, 1 on */

bool sync_trace_enabled(void) {
  int s = __atomic_load_n(&trace_state, __ATOMIC_RELAXED);
  if (s < 0) {
    const char *e = getenv("PS5_CPU_WAIT_DIAGNOSTICS");
    s = e && strcmp(e, "0") != 0 && *e;
    __atomic_store_n(&trace_state, s, __ATOMIC_RELAXED);
  }
  return s == 1;
}

void sync_trace_set(bool on) { __atomic_store_n(&trace_state, on ? 1 : 0, __ATOMIC_RELAXED); }

/* "thread 1234 (name)": the host thread name carries the guest thread's name. */
static void thread_label(char *out, size_t cap) {
  char name[17] = "";
  prctl(PR_GET_NAME, name, 0, 0, 0);
  snprintf(out, cap, "thread %d (%s)", (int)sync_self_tid(), name);
}

int64_t sync_trace_begin(const struct sync_trace_object *what, const struct sync_deadline *d) {
  int64_t left = sync_deadline_left_ns(d);
  char limit[48] = "no timeout";
  if (left != INT64_MAX) snprintf(limit, sizeof limit, "timeout %lld us", (long long)(left / 1000));
  char who[48];
  thread_label(who, sizeof who);
  LOG(kernel, INFO, "wait: %s waits on %s %p%s%s%s (%s)", who, what ? what->kind : "object",
      what ? what->object : NULL, what && what->name ? " \"" : "",
      what && what->name ? what->name : "", what && what->name ? "\"" : "", limit);
  return sync_clock_ns(SYNC_CLOCK_MONOTONIC);
}

void sync_trace_end(const struct sync_trace_object *what, int64_t start_ns, int result,
                    int32_t waker) {
  int64_t waited = sync_clock_ns(SYNC_CLOCK_MONOTONIC) - start_ns;
  char by[32] = "";
  if (waker) snprintf(by, sizeof by, ", woken by thread %d", (int)waker);
  char who[48];
  thread_label(who, sizeof who);
  LOG(kernel, INFO, "wait: %s done on %s %p after %lld us: %s%s", who, what ? what->kind : "object",
      what ? what->object : NULL, (long long)(waited / 1000),
      result == 0                   ? "ok"
      : result == -KERNEL_ETIMEDOUT ? "timed out"
      : result == -KERNEL_ECANCELED ? "cancelled"
      : result == -KERNEL_EACCES    ? "object deleted"
      : result == -KERNEL_EBADF     ? "bad or deleted queue"
      : result == -KERNEL_EINTR     ? "interrupted"
                                    : "error",
      by);
}
