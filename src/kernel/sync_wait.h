/* The wait core of the guest's synchronisation objects (BRIEF.md decision 4): futex waits with
 * deadlines on the monotonic clock (or CLOCK_REALTIME where POSIX asks for it), sleeps that
 * resume after a host signal with the time that remains, an internal lock for the objects'
 * wait queues, wait queues whose waiters park on their own sequence word (a wake that lands
 * between queueing and parking is consumed once; a broadcast releases exactly the waiters
 * queued before it), and the wait tracing that PS5_CPU_WAIT_DIAGNOSTICS=1 turns on.
 * Results are 0 or -(FreeBSD errno) (kernel/kernel_errno.h). */
#ifndef PROSPERO_KERNEL_SYNC_WAIT_H
#define PROSPERO_KERNEL_SYNC_WAIT_H

#include <stdbool.h>
#include <stdint.h>

/* ---- Deadlines --------------------------------------------------------------------- */

enum sync_clock {
  SYNC_CLOCK_NONE,      /* no deadline: wait until woken */
  SYNC_CLOCK_MONOTONIC, /* relative timeouts are turned into monotonic deadlines */
  SYNC_CLOCK_REALTIME,  /* POSIX absolute timeouts on CLOCK_REALTIME */
};

struct sync_deadline {
  enum sync_clock clock;
  int64_t ns; /* absolute time on CLOCK in nanoseconds */
};

static inline struct sync_deadline sync_deadline_none(void) {
  return (struct sync_deadline){SYNC_CLOCK_NONE, 0};
}
/* Now + US microseconds on the monotonic clock (saturating). */
struct sync_deadline sync_deadline_after_us(uint64_t us);
/* An absolute SEC/NSEC on CLOCK (MONOTONIC or REALTIME); -EINVAL when NSEC is outside
 * [0, 1e9) or SEC is negative, as FreeBSD's umtx checks. */
int sync_deadline_absolute(enum sync_clock clock, int64_t sec, int64_t nsec,
                           struct sync_deadline *out);
/* Nanoseconds left until D (0 when passed; INT64_MAX without a deadline). */
int64_t sync_deadline_left_ns(const struct sync_deadline *d);
int64_t sync_clock_ns(enum sync_clock clock);

/* ---- Futex words -------------------------------------------------------------------- */

/* Sleeps while *WORD == EXPECTED until woken or D passes. A host signal does not end the
 * sleep (it resumes with the remaining time). 0: woken, value changed or spurious wake-up
 * (the caller re-checks); -KERNEL_ETIMEDOUT. Locks use this one: it is never interrupted. */
int sync_futex_wait(const uint32_t *word, uint32_t expected, const struct sync_deadline *d);
/* As sync_futex_wait, but while the calling thread is interruptible
 * (sync_wait_set_interruptible) a host signal or the thread layer's check ends the sleep with
 * -KERNEL_EINTR. For the waits that are cancellation points (queue sleeps, semaphores). */
int sync_futex_wait_interruptible(const uint32_t *word, uint32_t expected,
                                  const struct sync_deadline *d);
/* While on for the calling thread, a host signal ends its interruptible sleeps
 * (sync_futex_wait_interruptible: condition variables, semaphores, event flags, event
 * queues) with
 * -KERNEL_EINTR instead of resuming them; lock acquisitions are never interrupted: the thread layer
 * turns it on around waits that are cancellation points (pthread_cancel interrupts them with a
 * signal). Returns the previous setting. */
bool sync_wait_set_interruptible(bool on);
/* The thread layer's question "should the calling thread's interruptible wait end now?" (a
 * pending cancellation), asked before each sleep of an interruptible wait; such sleeps last
 * at most 100 ms at a time, so a signal that lands just before a sleep starts delays the
 * answer by at most that. */
void sync_wait_set_interrupt_check(bool (*pending)(void));
bool (*sync_wait_interrupt_check(void))(void);
/* The thread layer's sleep for a contended mutex (it may run guest signal handlers and return
 * 0 early: the caller re-checks the lock word); 0 or -KERNEL_ETIMEDOUT. NULL (the default):
 * sync_futex_wait. */
typedef int (*sync_lock_sleep_fn)(const uint32_t *word, uint32_t expected,
                                  const struct sync_deadline *d);
void sync_wait_set_lock_sleep(sync_lock_sleep_fn sleep);
int sync_lock_sleep(const uint32_t *word, uint32_t expected, const struct sync_deadline *d);
/* What the thread layer does when an interruptible wait was interrupted, before the waiting
 * object re-takes anything (a condition wait: before the mutex; guest signal handlers run and
 * suspended threads park there, as FreeBSD's do in the kernel's sleep). NULL: nothing. */
void sync_wait_set_interrupted_hook(void (*hook)(void));
void sync_wait_interrupted(void);

/* Wakes up to COUNT sleepers on WORD (INT32_MAX: all); returns how many woke. */
int sync_futex_wake(const uint32_t *word, int count);

/* The calling host thread's id (gettid, cached): owner ids of mutexes and spinlocks. */
extern _Thread_local int32_t sync_tid_cache;
int32_t sync_self_tid_slow(void);
static inline int32_t sync_self_tid(void) {
  int32_t t = sync_tid_cache;
  return __builtin_expect(t != 0, 1) ? t : sync_self_tid_slow();
}

/* ---- The objects' internal lock ----------------------------------------------------- */

struct sync_lock {
  uint32_t word; /* 0 free, 1 held, 2 held with sleepers */
};
void sync_lock_acquire_slow(struct sync_lock *l);
static inline void sync_lock_acquire(struct sync_lock *l) {
  uint32_t expected = 0;
  if (!__atomic_compare_exchange_n(&l->word, &expected, 1, false, __ATOMIC_ACQUIRE,
                                   __ATOMIC_RELAXED))
    sync_lock_acquire_slow(l);
}
static inline void sync_lock_release(struct sync_lock *l) {
  if (__atomic_exchange_n(&l->word, 0, __ATOMIC_RELEASE) == 2) sync_futex_wake(&l->word, 1);
}

/* ---- Wait queues -------------------------------------------------------------------- */

/* One waiting thread, on its own stack. The object's internal lock guards the links and
 * every field but SEQ, which the waker sets (after RESULT and OUT) to release the waiter. */
struct sync_waiter {
  struct sync_waiter *next, *prev;
  uint32_t seq;  /* 0 parked, 1 released */
  int result;    /* 0 or -(errno), set by the waker */
  int32_t tid;   /* the waiter */
  int32_t waker; /* who released it (for the trace) */
  int prio;      /* smaller is more urgent (the console's priorities); FIFO among equals */
  uint64_t want; /* the object's request: a semaphore's count, an event flag's pattern */
  uint32_t mode; /* an event flag's wait mode */
  uint64_t out;  /* what the waker hands over (an event flag's pattern) */
};

struct sync_queue {
  struct sync_waiter *head, *tail;
  int count;
};

/* Appends W (FIFO) or, when BY_PRIO, puts it after every waiter of the same or a more
 * urgent priority. */
void sync_queue_insert(struct sync_queue *q, struct sync_waiter *w, bool by_prio);
void sync_queue_remove(struct sync_queue *q, struct sync_waiter *w);
/* Removes W from Q and releases it with RESULT (the caller holds the object's lock). */
void sync_queue_release(struct sync_queue *q, struct sync_waiter *w, int result);

/* What the trace prints about the object a thread waits on. */
struct sync_trace_object {
  const char *kind; /* "mutex", "cond", ... */
  const void *object;
  const char *name; /* may be NULL */
};

/* Parks W (queued under LOCK, which the caller holds) : releases LOCK, sleeps until W is
 * released or D passes, then returns W's result; on a timeout (or an interruption, see
 * sync_wait_set_interruptible) W is taken off Q (unless it was released in the meantime,
 * which wins) and the result is -KERNEL_ETIMEDOUT (-KERNEL_EINTR). LOCK is not held on
 * return. */
int sync_queue_park(struct sync_lock *lock, struct sync_queue *q, struct sync_waiter *w,
                    const struct sync_deadline *d, const struct sync_trace_object *what);
/* As sync_queue_park, for a caller that already released LOCK after queueing W (a condition
 * variable releases its mutex in between, outside the queue's lock). */
int sync_queue_sleep(struct sync_lock *lock, struct sync_queue *q, struct sync_waiter *w,
                     const struct sync_deadline *d, const struct sync_trace_object *what);

/* ---- Wait tracing (PS5_CPU_WAIT_DIAGNOSTICS=1) -------------------------------------- */

/* True when the environment asked for wait tracing (read once). */
bool sync_trace_enabled(void);
/* Turns tracing on or off (tests; the environment decides otherwise). */
void sync_trace_set(bool on);
/* Logs the start of a wait and returns its start time (monotonic ns). */
int64_t sync_trace_begin(const struct sync_trace_object *what, const struct sync_deadline *d);
/* Logs its end: how long, the result and who woke it (0: nobody known). */
void sync_trace_end(const struct sync_trace_object *what, int64_t start_ns, int result,
                    int32_t waker);

#endif
