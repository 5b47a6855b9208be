/* libkernel: condition variables (pthread_cond*, scePthreadCond*) and their attributes (the
 * clock of absolute timeouts). PTHREAD_COND_INITIALIZER handles are created on first use;
 * destroy refuses (EBUSY) while threads wait. Sony's timed wait takes a relative timeout in
 * microseconds, POSIX's an absolute time on the attribute's clock. */
#include "common/log.h"
#include "hle/libkernel/kernel_sync_common.h"
#include "hle/libkernel/libkernel_sync.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/kernel_errno.h"
#include "kernel/sync_mutex.h"

/* FreeBSD's clock ids, which the console uses. */
#define GUEST_CLOCK_REALTIME 0
#define GUEST_CLOCK_MONOTONIC 4

struct cond_attr {
  int32_t clock; /* guest clock id */
};

static struct cond_attr *attr_get(const uint64_t *attr) {
  return attr ? sync_object_lookup(*attr, SYNC_KIND_COND_ATTR) : NULL;
}

static int cond_new(int guest_clock, const char *name, struct sync_cond **out) {
  struct sync_cond *c = sync_object_new(SYNC_KIND_COND, sizeof *c);
  if (!c) return -KERNEL_ENOMEM;
  sync_cond_init(
      c, guest_clock == GUEST_CLOCK_MONOTONIC ? SYNC_CLOCK_MONOTONIC : SYNC_CLOCK_REALTIME, name);
  *out = c;
  return 0;
}

static int cond_create(uint64_t *cp, const uint64_t *attr, const char *name) {
  if (!cp) return -KERNEL_EINVAL;
  int clock = GUEST_CLOCK_REALTIME;
  if (attr && *attr) {
    struct cond_attr *a = attr_get(attr);
    if (!a) return -KERNEL_EINVAL;
    clock = a->clock;
  }
  struct sync_cond *c;
  int r = cond_new(clock, name, &c);
  if (r == 0) __atomic_store_n(cp, (uint64_t)(uintptr_t)c, __ATOMIC_RELEASE);
  return r;
}

static struct sync_cond *cond_get(uint64_t *cp, int *err) {
  if (!cp) {
    *err = -KERNEL_EINVAL;
    return NULL;
  }
  uint64_t h = __atomic_load_n(cp, __ATOMIC_ACQUIRE);
  struct sync_cond *c = sync_object_lookup(h, SYNC_KIND_COND);
  if (__builtin_expect(c != NULL, 1)) return c;
  if (h == SYNC_COND_INITIALIZER) {
    if ((*err = cond_new(GUEST_CLOCK_REALTIME, NULL, &c))) return NULL;
    h = sync_publish(cp, h, c);
    if ((c = sync_object_lookup(h, SYNC_KIND_COND))) return c;
  }
  *err = -KERNEL_EINVAL;
  return NULL;
}

static struct sync_mutex *mutex_of(uint64_t *mp) {
  return mp ? sync_object_lookup(__atomic_load_n(mp, __ATOMIC_ACQUIRE), SYNC_KIND_MUTEX) : NULL;
}

static int cond_wait(uint64_t *cp, uint64_t *mp, const struct sync_deadline *d) {
  int err;
  struct sync_cond *c = cond_get(cp, &err);
  if (!c) return err;
  struct sync_mutex *m = mutex_of(mp);
  if (!m) return mp && *mp < SYNC_MUTEX_DESTROYED ? -KERNEL_EPERM : -KERNEL_EINVAL;
  if (!sync_mutex_owned(m)) return -KERNEL_EPERM;
  /* a cancellation point: acted on before the wait or after it, the mutex held either way
   * (POSIX: cleanup handlers run with the mutex re-acquired) */
  kernel_thread_cancel_wait_begin();
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_CANCEL | KTHREAD_WAIT_SIGNAL);
  int r = sync_cond_wait(c, m, d);
  kernel_thread_wait_restore(prev);
  /* interrupted: the guest signal handlers ran before the mutex was taken again (the sync
   * layer's interrupted hook: kernel_thread_wait.c) and the wait ends as a spurious wake-up,
   * 0, as FreeBSD libthr's cond_wait turns EINTR into 0; or the cancellation below */
  if (r == -KERNEL_EINTR) r = 0;
  kernel_thread_cancel_wait_end();
  return r;
}

static int cond_timedwait(uint64_t *cp, uint64_t *mp, const struct guest_timespec *abstime) {
  int err;
  struct sync_cond *c = cond_get(cp, &err);
  if (!c) return err;
  struct sync_deadline d;
  int r = sync_guest_abstime(abstime, (enum sync_clock)c->clock, &d);
  return r ? r : cond_wait(cp, mp, &d);
}

static int cond_signal(uint64_t *cp, bool all) {
  int err;
  struct sync_cond *c = cond_get(cp, &err);
  if (!c) return err;
  return all ? sync_cond_broadcast(c) : sync_cond_signal(c);
}

/* Sony's extension: wakes THREAD if it waits on the condition variable (a null THREAD: like
 * signal). ESRCH for a wrong or stale thread handle. A thread that does not wait there is
 * left alone and the call returns 0 (the console's answer for that case is unverified:
 * logged once). */
static int cond_signal_to(uint64_t *cp, kthread_t thread) {
  int err;
  struct sync_cond *c = cond_get(cp, &err);
  if (!c) return err;
  if (!thread) return sync_cond_signal(c);
  int32_t tid = 0;
  int e = kernel_pthread_host_tid(thread, &tid);
  if (e) return -e;
  if (!tid || !sync_cond_signal_to(c, tid))
    LOG_ONCE(hle, WARN,
             "pthread_cond_signalto_np: the target thread does not wait on the "
             "condition variable: nothing is woken, 0 returned (unverified)");
  return 0;
}

static int cond_destroy(uint64_t *cp) {
  if (!cp) return -KERNEL_EINVAL;
  uint64_t h = __atomic_load_n(cp, __ATOMIC_ACQUIRE);
  if (h == SYNC_COND_INITIALIZER) {
    __atomic_store_n(cp, SYNC_COND_DESTROYED, __ATOMIC_RELEASE);
    return 0;
  }
  struct sync_cond *c = sync_object_lookup(h, SYNC_KIND_COND);
  if (!c) return -KERNEL_EINVAL;
  int r = sync_cond_check_destroy(c);
  if (r) return r;
  if (!__atomic_compare_exchange_n(cp, &h, SYNC_COND_DESTROYED, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
    return -KERNEL_EINVAL;
  sync_object_delete(c);
  return 0;
}

int kernel_pthread_cond_init(uint64_t *cond, const uint64_t *attr) {
  return sync_posix(cond_create(cond, attr, NULL));
}
int kernel_pthread_cond_destroy(uint64_t *cond) { return sync_posix(cond_destroy(cond)); }
int kernel_pthread_cond_wait(uint64_t *cond, uint64_t *mutex) {
  return sync_posix(cond_wait(cond, mutex, NULL));
}
int kernel_pthread_cond_timedwait(uint64_t *cond, uint64_t *mutex,
                                  const struct guest_timespec *abstime) {
  return sync_posix(cond_timedwait(cond, mutex, abstime));
}
int kernel_pthread_cond_reltimedwait_np(uint64_t *cond, uint64_t *mutex, uint64_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_posix(cond_wait(cond, mutex, &d));
}
int kernel_pthread_cond_signal(uint64_t *cond) { return sync_posix(cond_signal(cond, false)); }
int kernel_pthread_cond_broadcast(uint64_t *cond) { return sync_posix(cond_signal(cond, true)); }
int kernel_pthread_cond_signalto_np(uint64_t *cond, kthread_t thread) {
  return sync_posix(cond_signal_to(cond, thread));
}

int kernel_sce_cond_init(uint64_t *cond, const uint64_t *attr, const char *name) {
  return sync_sce(cond_create(cond, attr, name));
}
int kernel_sce_cond_destroy(uint64_t *cond) { return sync_sce(cond_destroy(cond)); }
int kernel_sce_cond_wait(uint64_t *cond, uint64_t *mutex) {
  return sync_sce(cond_wait(cond, mutex, NULL));
}
int kernel_sce_cond_timedwait(uint64_t *cond, uint64_t *mutex, uint32_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_sce(cond_wait(cond, mutex, &d));
}
int kernel_sce_cond_signal(uint64_t *cond) { return sync_sce(cond_signal(cond, false)); }
int kernel_sce_cond_broadcast(uint64_t *cond) { return sync_sce(cond_signal(cond, true)); }
int kernel_sce_cond_signalto(uint64_t *cond, kthread_t thread) {
  return sync_sce(cond_signal_to(cond, thread));
}

/* ---- Attributes ------------------------------------------------------------------------------ */

static int attr_init(uint64_t *attr) {
  if (!attr) return -KERNEL_EINVAL;
  struct cond_attr *a = sync_object_new(SYNC_KIND_COND_ATTR, sizeof *a);
  if (!a) return -KERNEL_ENOMEM;
  a->clock = GUEST_CLOCK_REALTIME;
  *attr = (uint64_t)(uintptr_t)a;
  return 0;
}

static int attr_destroy(uint64_t *attr) {
  struct cond_attr *a = attr_get(attr);
  if (!a) return -KERNEL_EINVAL;
  sync_object_delete(a);
  *attr = 0;
  return 0;
}

int kernel_pthread_condattr_init(uint64_t *attr) { return sync_posix(attr_init(attr)); }
int kernel_pthread_condattr_destroy(uint64_t *attr) { return sync_posix(attr_destroy(attr)); }
int kernel_pthread_condattr_setclock(uint64_t *attr, int clock) {
  struct cond_attr *a = attr_get(attr);
  /* FreeBSD accepts REALTIME, VIRTUAL (1), PROF (2) and MONOTONIC; waits on the two CPU-time
   * clocks are measured on REALTIME here */
  if (!a ||
      (clock != GUEST_CLOCK_REALTIME && clock != 1 && clock != 2 && clock != GUEST_CLOCK_MONOTONIC))
    return GUEST_EINVAL;
  a->clock = clock;
  return 0;
}
int kernel_pthread_condattr_getclock(const uint64_t *attr, int *clock) {
  struct cond_attr *a = attr_get(attr);
  if (!a || !clock) return GUEST_EINVAL;
  *clock = a->clock;
  return 0;
}
int kernel_pthread_condattr_setpshared(uint64_t *attr, int pshared) {
  return attr_get(attr) && pshared == 0 ? 0 : GUEST_EINVAL;
}
int kernel_pthread_condattr_getpshared(const uint64_t *attr, int *pshared) {
  if (!attr_get(attr) || !pshared) return GUEST_EINVAL;
  *pshared = 0;
  return 0;
}
int kernel_sce_condattr_init(uint64_t *attr) { return sync_sce(attr_init(attr)); }
int kernel_sce_condattr_destroy(uint64_t *attr) { return sync_sce(attr_destroy(attr)); }
