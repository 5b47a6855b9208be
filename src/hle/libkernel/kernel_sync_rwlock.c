/* libkernel: read/write locks (pthread_rwlock*, scePthreadRwlock*) and barriers
 * (pthread_barrier*, scePthreadBarrier*), with their attribute objects. PTHREAD_RWLOCK_
 * INITIALIZER handles are created on first use; destroy refuses (EBUSY) while in use. */
#include "common/log.h"
#include "hle/libkernel/kernel_sync_common.h"
#include "hle/libkernel/libkernel_sync.h"
#include "kernel/kernel_errno.h"
#include "kernel/sync_rwlock.h"

static int rwlock_new(const char *name, struct sync_rwlock **out) {
  struct sync_rwlock *rw = sync_object_new(SYNC_KIND_RWLOCK, sizeof *rw);
  if (!rw) return -KERNEL_ENOMEM;
  sync_rwlock_init(rw, name);
  *out = rw;
  return 0;
}

static int rwlock_create(uint64_t *rp, const uint64_t *attr, const char *name) {
  if (!rp) return -KERNEL_EINVAL;
  if (attr && *attr && !sync_object_lookup(*attr, SYNC_KIND_RWLOCK_ATTR)) return -KERNEL_EINVAL;
  struct sync_rwlock *rw;
  int r = rwlock_new(name, &rw);
  if (r == 0) __atomic_store_n(rp, (uint64_t)(uintptr_t)rw, __ATOMIC_RELEASE);
  return r;
}

static struct sync_rwlock *rwlock_get(uint64_t *rp, int *err) {
  if (!rp) {
    *err = -KERNEL_EINVAL;
    return NULL;
  }
  uint64_t h = __atomic_load_n(rp, __ATOMIC_ACQUIRE);
  struct sync_rwlock *rw = sync_object_lookup(h, SYNC_KIND_RWLOCK);
  if (rw) return rw;
  if (h == SYNC_RWLOCK_INITIALIZER) {
    if ((*err = rwlock_new(NULL, &rw))) return NULL;
    h = sync_publish(rp, h, rw);
    if ((rw = sync_object_lookup(h, SYNC_KIND_RWLOCK))) return rw;
  }
  *err = -KERNEL_EINVAL;
  return NULL;
}

enum rw_op { RD, WR, TRYRD, TRYWR, UNLOCK };

static int rwlock_op(uint64_t *rp, enum rw_op op, const struct sync_deadline *d) {
  int err;
  if (op == UNLOCK && rp && __atomic_load_n(rp, __ATOMIC_ACQUIRE) == SYNC_RWLOCK_INITIALIZER)
    return -KERNEL_EPERM; /* never locked */
  struct sync_rwlock *rw = rwlock_get(rp, &err);
  if (!rw) return err;
  switch (op) {
    case RD: return sync_rwlock_rdlock(rw, d);
    case WR: return sync_rwlock_wrlock(rw, d);
    case TRYRD: return sync_rwlock_tryrdlock(rw);
    case TRYWR: return sync_rwlock_trywrlock(rw);
    default: return sync_rwlock_unlock(rw);
  }
}

static int rwlock_timed(uint64_t *rp, bool write, const struct guest_timespec *abstime) {
  int r = rwlock_op(rp, write ? TRYWR : TRYRD, NULL);
  if (r != -KERNEL_EBUSY) return r;
  struct sync_deadline d;
  if ((r = sync_guest_abstime(abstime, SYNC_CLOCK_REALTIME, &d))) return r;
  return rwlock_op(rp, write ? WR : RD, &d);
}

static int rwlock_destroy(uint64_t *rp) {
  if (!rp) return -KERNEL_EINVAL;
  uint64_t h = __atomic_load_n(rp, __ATOMIC_ACQUIRE);
  if (h == SYNC_RWLOCK_INITIALIZER) {
    __atomic_store_n(rp, SYNC_RWLOCK_DESTROYED, __ATOMIC_RELEASE);
    return 0;
  }
  struct sync_rwlock *rw = sync_object_lookup(h, SYNC_KIND_RWLOCK);
  if (!rw) return -KERNEL_EINVAL;
  int r = sync_rwlock_check_destroy(rw);
  if (r) return r;
  if (!__atomic_compare_exchange_n(rp, &h, SYNC_RWLOCK_DESTROYED, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
    return -KERNEL_EINVAL;
  sync_object_delete(rw);
  return 0;
}

int kernel_pthread_rwlock_init(uint64_t *rwlock, const uint64_t *attr) {
  return sync_posix(rwlock_create(rwlock, attr, NULL));
}
int kernel_pthread_rwlock_destroy(uint64_t *rwlock) { return sync_posix(rwlock_destroy(rwlock)); }
int kernel_pthread_rwlock_rdlock(uint64_t *rwlock) {
  return sync_posix(rwlock_op(rwlock, RD, NULL));
}
int kernel_pthread_rwlock_wrlock(uint64_t *rwlock) {
  return sync_posix(rwlock_op(rwlock, WR, NULL));
}
int kernel_pthread_rwlock_tryrdlock(uint64_t *rwlock) {
  return sync_posix(rwlock_op(rwlock, TRYRD, NULL));
}
int kernel_pthread_rwlock_trywrlock(uint64_t *rwlock) {
  return sync_posix(rwlock_op(rwlock, TRYWR, NULL));
}
int kernel_pthread_rwlock_timedrdlock(uint64_t *rwlock, const struct guest_timespec *abstime) {
  return sync_posix(rwlock_timed(rwlock, false, abstime));
}
int kernel_pthread_rwlock_timedwrlock(uint64_t *rwlock, const struct guest_timespec *abstime) {
  return sync_posix(rwlock_timed(rwlock, true, abstime));
}
int kernel_pthread_rwlock_unlock(uint64_t *rwlock) {
  return sync_posix(rwlock_op(rwlock, UNLOCK, NULL));
}

int kernel_sce_rwlock_init(uint64_t *rwlock, const uint64_t *attr, const char *name) {
  return sync_sce(rwlock_create(rwlock, attr, name));
}
int kernel_sce_rwlock_destroy(uint64_t *rwlock) { return sync_sce(rwlock_destroy(rwlock)); }
int kernel_sce_rwlock_rdlock(uint64_t *rwlock) { return sync_sce(rwlock_op(rwlock, RD, NULL)); }
int kernel_sce_rwlock_wrlock(uint64_t *rwlock) { return sync_sce(rwlock_op(rwlock, WR, NULL)); }
int kernel_sce_rwlock_tryrdlock(uint64_t *rwlock) {
  return sync_sce(rwlock_op(rwlock, TRYRD, NULL));
}
int kernel_sce_rwlock_trywrlock(uint64_t *rwlock) {
  return sync_sce(rwlock_op(rwlock, TRYWR, NULL));
}
int kernel_sce_rwlock_timedrdlock(uint64_t *rwlock, uint32_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_sce(rwlock_op(rwlock, RD, &d));
}
int kernel_sce_rwlock_timedwrlock(uint64_t *rwlock, uint32_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_sce(rwlock_op(rwlock, WR, &d));
}
int kernel_sce_rwlock_unlock(uint64_t *rwlock) { return sync_sce(rwlock_op(rwlock, UNLOCK, NULL)); }

/* ---- Attribute objects (rwlock and barrier attributes hold only the process-shared flag,
 * which the console keeps private) ----------------------------------------------------------- */

static int plain_attr_init(uint64_t *attr, enum sync_kind kind) {
  if (!attr) return -KERNEL_EINVAL;
  void *a = sync_object_new(kind, 8);
  if (!a) return -KERNEL_ENOMEM;
  *attr = (uint64_t)(uintptr_t)a;
  return 0;
}
static int plain_attr_destroy(uint64_t *attr, enum sync_kind kind) {
  void *a = attr ? sync_object_lookup(*attr, kind) : NULL;
  if (!a) return -KERNEL_EINVAL;
  sync_object_delete(a);
  *attr = 0;
  return 0;
}

int kernel_pthread_rwlockattr_init(uint64_t *attr) {
  return sync_posix(plain_attr_init(attr, SYNC_KIND_RWLOCK_ATTR));
}
int kernel_pthread_rwlockattr_destroy(uint64_t *attr) {
  return sync_posix(plain_attr_destroy(attr, SYNC_KIND_RWLOCK_ATTR));
}
int kernel_pthread_rwlockattr_setpshared(uint64_t *attr, int pshared) {
  return attr && sync_object_lookup(*attr, SYNC_KIND_RWLOCK_ATTR) && pshared == 0 ? 0
                                                                                  : GUEST_EINVAL;
}
int kernel_pthread_rwlockattr_getpshared(const uint64_t *attr, int *pshared) {
  if (!attr || !sync_object_lookup(*attr, SYNC_KIND_RWLOCK_ATTR) || !pshared) return GUEST_EINVAL;
  *pshared = 0;
  return 0;
}
int kernel_sce_rwlockattr_init(uint64_t *attr) {
  return sync_sce(plain_attr_init(attr, SYNC_KIND_RWLOCK_ATTR));
}
int kernel_sce_rwlockattr_destroy(uint64_t *attr) {
  return sync_sce(plain_attr_destroy(attr, SYNC_KIND_RWLOCK_ATTR));
}

/* ---- Barriers ------------------------------------------------------------------------------- */

static int barrier_create(uint64_t *bp, const uint64_t *attr, unsigned count) {
  if (!bp || count == 0) return -KERNEL_EINVAL;
  if (attr && *attr && !sync_object_lookup(*attr, SYNC_KIND_BARRIER_ATTR)) return -KERNEL_EINVAL;
  struct sync_barrier *b = sync_object_new(SYNC_KIND_BARRIER, sizeof *b);
  if (!b) return -KERNEL_ENOMEM;
  sync_barrier_init(b, count);
  *bp = (uint64_t)(uintptr_t)b;
  return 0;
}

static int barrier_destroy(uint64_t *bp) {
  struct sync_barrier *b = bp ? sync_object_lookup(*bp, SYNC_KIND_BARRIER) : NULL;
  if (!b) return -KERNEL_EINVAL;
  int r = sync_barrier_check_destroy(b);
  if (r) return r;
  *bp = 0;
  sync_object_delete(b);
  return 0;
}

static int barrier_wait(uint64_t *bp) {
  struct sync_barrier *b = bp ? sync_object_lookup(*bp, SYNC_KIND_BARRIER) : NULL;
  return b ? sync_barrier_wait(b) : -KERNEL_EINVAL;
}

int kernel_pthread_barrier_init(uint64_t *barrier, const uint64_t *attr, unsigned count) {
  return sync_posix(barrier_create(barrier, attr, count));
}
int kernel_pthread_barrier_destroy(uint64_t *barrier) {
  return sync_posix(barrier_destroy(barrier));
}
int kernel_pthread_barrier_wait(uint64_t *barrier) {
  int r = barrier_wait(barrier); /* PTHREAD_BARRIER_SERIAL_THREAD (-1) passes through */
  return r == SYNC_BARRIER_SERIAL ? r : sync_posix(r);
}
int kernel_pthread_barrierattr_init(uint64_t *attr) {
  return sync_posix(plain_attr_init(attr, SYNC_KIND_BARRIER_ATTR));
}
int kernel_pthread_barrierattr_destroy(uint64_t *attr) {
  return sync_posix(plain_attr_destroy(attr, SYNC_KIND_BARRIER_ATTR));
}
int kernel_pthread_barrierattr_setpshared(uint64_t *attr, int pshared) {
  return attr && sync_object_lookup(*attr, SYNC_KIND_BARRIER_ATTR) && pshared == 0 ? 0
                                                                                   : GUEST_EINVAL;
}
int kernel_pthread_barrierattr_getpshared(const uint64_t *attr, int *pshared) {
  if (!attr || !sync_object_lookup(*attr, SYNC_KIND_BARRIER_ATTR) || !pshared) return GUEST_EINVAL;
  *pshared = 0;
  return 0;
}

int kernel_sce_barrier_init(uint64_t *barrier, const uint64_t *attr, unsigned count,
                            const char *name) {
  (void)name; /* kept by the console for its debugger; nothing reads it back */
  return sync_sce(barrier_create(barrier, attr, count));
}
int kernel_sce_barrier_destroy(uint64_t *barrier) { return sync_sce(barrier_destroy(barrier)); }
int kernel_sce_barrier_wait(uint64_t *barrier) {
  int r = barrier_wait(barrier);
  return r == SYNC_BARRIER_SERIAL ? r : sync_sce(r);
}
int kernel_sce_barrierattr_init(uint64_t *attr) {
  return sync_sce(plain_attr_init(attr, SYNC_KIND_BARRIER_ATTR));
}
int kernel_sce_barrierattr_destroy(uint64_t *attr) {
  return sync_sce(plain_attr_destroy(attr, SYNC_KIND_BARRIER_ATTR));
}

/* ---- The console's additions: rwlock attribute types, relative timeouts -------------------- */

/* An rwlock attribute object holds the type (0..2); the slot's first word. */
static int32_t *rwlock_attr_type(const uint64_t *attr) {
  return attr ? sync_object_lookup(*attr, SYNC_KIND_RWLOCK_ATTR) : NULL;
}

static int rwlockattr_settype(uint64_t *attr, int type) {
  int32_t *t = rwlock_attr_type(attr);
  if (!t || type < 0 || type > 2) return -KERNEL_EINVAL;
  if (type != 0)
    LOG_ONCE(hle, WARN, "rwlock: attribute type %d kept; locks always prefer writers", type);
  *t = type;
  return 0;
}

static int rwlockattr_gettype(const uint64_t *attr, int *type) {
  int32_t *t = rwlock_attr_type(attr);
  if (!t || !type) return -KERNEL_EINVAL;
  *type = *t;
  return 0;
}

int kernel_pthread_rwlockattr_settype_np(uint64_t *attr, int type) {
  return sync_posix(rwlockattr_settype(attr, type));
}
int kernel_pthread_rwlockattr_gettype_np(const uint64_t *attr, int *type) {
  return sync_posix(rwlockattr_gettype(attr, type));
}
int kernel_pthread_rwlock_reltimedrdlock_np(uint64_t *rwlock, uint32_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_posix(rwlock_op(rwlock, RD, &d));
}
int kernel_pthread_rwlock_reltimedwrlock_np(uint64_t *rwlock, uint32_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_posix(rwlock_op(rwlock, WR, &d));
}
int kernel_sce_rwlockattr_settype(uint64_t *attr, int type) {
  return sync_sce(rwlockattr_settype(attr, type));
}
int kernel_sce_rwlockattr_gettype(const uint64_t *attr, int *type) {
  return sync_sce(rwlockattr_gettype(attr, type));
}
int kernel_sce_rwlockattr_setpshared(uint64_t *attr, int pshared) {
  int r = kernel_pthread_rwlockattr_setpshared(attr, pshared);
  return r ? SCE_KERNEL_ERROR(r) : 0;
}
int kernel_sce_rwlockattr_getpshared(const uint64_t *attr, int *pshared) {
  int r = kernel_pthread_rwlockattr_getpshared(attr, pshared);
  return r ? SCE_KERNEL_ERROR(r) : 0;
}
