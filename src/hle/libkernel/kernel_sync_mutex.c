/* libkernel: mutexes and their attributes (pthread_mutex*, scePthreadMutex*) and spinlocks
 * (pthread_spin*). A handle is created on first use when it still holds a static initialiser
 * (PTHREAD_MUTEX_INITIALIZER, PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP), as the console's
 * library does; destroy marks it destroyed. pthread_* return the errno, scePthread* the SCE
 * code of the same errno. The primitives are kernel/sync_mutex.h. */
#include <string.h>

#include "common/log.h"
#include "hle/libkernel/kernel_sync_common.h"
#include "hle/libkernel/libkernel_sync.h"
#include "kernel/kernel_errno.h"
#include "kernel/sync_mutex.h"

struct mutex_attr {
  int32_t type, protocol, ceiling;
};

static const struct mutex_attr default_attr = {SYNC_MUTEX_ERRORCHECK, SYNC_PRIO_NONE, 0};
static const struct mutex_attr adaptive_attr = {SYNC_MUTEX_ADAPTIVE, SYNC_PRIO_NONE, 0};

static void note_protocol(int protocol) {
  if (protocol != SYNC_PRIO_NONE)
    LOG_ONCE(hle, WARN, "mutex: priority %s has no effect (guest threads run at host priority)",
             protocol == SYNC_PRIO_INHERIT ? "inheritance" : "protection");
}

static struct mutex_attr *attr_get(const uint64_t *attr) {
  return attr ? sync_object_lookup(*attr, SYNC_KIND_MUTEX_ATTR) : NULL;
}

static int mutex_new(const struct mutex_attr *a, const char *name, struct sync_mutex **out) {
  struct sync_mutex *m = sync_object_new(SYNC_KIND_MUTEX, sizeof *m);
  if (!m) return -KERNEL_ENOMEM;
  sync_mutex_init(m, a->type, a->protocol, a->ceiling, name);
  note_protocol(a->protocol);
  *out = m;
  return 0;
}

static int mutex_create(uint64_t *mp, const uint64_t *attr, const char *name) {
  if (!mp) return -KERNEL_EINVAL;
  const struct mutex_attr *a = &default_attr;
  if (attr && *attr) {
    a = attr_get(attr);
    if (!a) return -KERNEL_EINVAL;
  }
  struct sync_mutex *m;
  int r = mutex_new(a, name, &m);
  if (r == 0) __atomic_store_n(mp, (uint64_t)(uintptr_t)m, __ATOMIC_RELEASE);
  return r;
}

/* The mutex *MP names, created now if it holds a static initialiser (the slow path of
 * mutex_get, kept out of line so that the lock fast path stays small). */
__attribute__((noinline)) static struct sync_mutex *mutex_get_slow(uint64_t *mp, int *err) {
  if (!mp) {
    *err = -KERNEL_EINVAL;
    return NULL;
  }
  uint64_t h = __atomic_load_n(mp, __ATOMIC_ACQUIRE);
  struct sync_mutex *m = sync_object_lookup(h, SYNC_KIND_MUTEX);
  if (m) return m;
  if (h == SYNC_MUTEX_INITIALIZER || h == SYNC_ADAPTIVE_MUTEX_INITIALIZER) {
    *err = mutex_new(h == SYNC_MUTEX_INITIALIZER ? &default_attr : &adaptive_attr, NULL, &m);
    if (*err) return NULL;
    h = sync_publish(mp, h, m);
    if ((m = sync_object_lookup(h, SYNC_KIND_MUTEX))) return m;
  }
  *err = -KERNEL_EINVAL; /* destroyed, or not a mutex */
  return NULL;
}

#define HOT static inline __attribute__((always_inline))

HOT struct sync_mutex *mutex_get(uint64_t *mp, int *err) {
  struct sync_mutex *m =
      mp ? sync_object_lookup(__atomic_load_n(mp, __ATOMIC_ACQUIRE), SYNC_KIND_MUTEX) : NULL;
  return __builtin_expect(m != NULL, 1) ? m : mutex_get_slow(mp, err);
}

HOT int mutex_lock(uint64_t *mp, const struct sync_deadline *d) {
  int err;
  struct sync_mutex *m = mutex_get(mp, &err);
  return m ? sync_mutex_lock(m, d) : err;
}

HOT int mutex_trylock(uint64_t *mp) {
  int err;
  struct sync_mutex *m = mutex_get(mp, &err);
  return m ? sync_mutex_trylock(m) : err;
}

static int mutex_timedlock(uint64_t *mp, const struct guest_timespec *abstime) {
  int err;
  struct sync_mutex *m = mutex_get(mp, &err);
  if (!m) return err;
  int r = sync_mutex_trylock(m); /* taken, or recursion: no timeout involved */
  if (r != -KERNEL_EBUSY) return r;
  struct sync_deadline d;
  /* FreeBSD checks the timeout only when it would have to sleep */
  if ((r = sync_guest_abstime(abstime, SYNC_CLOCK_REALTIME, &d))) return r;
  return sync_mutex_lock(m, &d);
}

HOT int mutex_unlock(uint64_t *mp) {
  if (!mp) return -KERNEL_EINVAL;
  uint64_t h = __atomic_load_n(mp, __ATOMIC_ACQUIRE);
  struct sync_mutex *m = sync_object_lookup(h, SYNC_KIND_MUTEX);
  if (__builtin_expect(m != NULL, 1)) return sync_mutex_unlock(m);
  /* never locked (still an initialiser): nobody owns it */
  return h < SYNC_MUTEX_DESTROYED ? -KERNEL_EPERM : -KERNEL_EINVAL;
}

static int mutex_destroy(uint64_t *mp) {
  if (!mp) return -KERNEL_EINVAL;
  uint64_t h = __atomic_load_n(mp, __ATOMIC_ACQUIRE);
  if (h < SYNC_MUTEX_DESTROYED) return 0; /* never used: nothing to free */
  struct sync_mutex *m = sync_object_lookup(h, SYNC_KIND_MUTEX);
  if (!m) return -KERNEL_EINVAL;
  int r = sync_mutex_check_destroy(m);
  if (r) return r;
  if (!__atomic_compare_exchange_n(mp, &h, SYNC_MUTEX_DESTROYED, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
    return -KERNEL_EINVAL; /* destroyed meanwhile by another thread */
  sync_object_delete(m);
  return 0;
}

static int mutex_getprioceiling(uint64_t *mp, int *ceiling) {
  int err;
  struct sync_mutex *m = mutex_get(mp, &err);
  if (!m) return err;
  if (!ceiling || m->protocol != SYNC_PRIO_PROTECT) return -KERNEL_EINVAL;
  *ceiling = m->ceiling;
  return 0;
}

static int mutex_setprioceiling(uint64_t *mp, int ceiling, int *old) {
  int err;
  struct sync_mutex *m = mutex_get(mp, &err);
  if (!m) return err;
  if (m->protocol != SYNC_PRIO_PROTECT) return -KERNEL_EINVAL;
  if (old) *old = m->ceiling;
  m->ceiling = (int16_t)ceiling;
  return 0;
}

/* ---- POSIX names --------------------------------------------------------------------------- */

int kernel_pthread_mutex_init(uint64_t *mutex, const uint64_t *attr) {
  return sync_posix(mutex_create(mutex, attr, NULL));
}
int kernel_pthread_mutex_destroy(uint64_t *mutex) { return sync_posix(mutex_destroy(mutex)); }
int kernel_pthread_mutex_lock(uint64_t *mutex) { return sync_posix(mutex_lock(mutex, NULL)); }
int kernel_pthread_mutex_trylock(uint64_t *mutex) { return sync_posix(mutex_trylock(mutex)); }
int kernel_pthread_mutex_timedlock(uint64_t *mutex, const struct guest_timespec *abstime) {
  return sync_posix(mutex_timedlock(mutex, abstime));
}
int kernel_pthread_mutex_reltimedlock_np(uint64_t *mutex, uint64_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_posix(mutex_lock(mutex, &d));
}
int kernel_pthread_mutex_unlock(uint64_t *mutex) { return sync_posix(mutex_unlock(mutex)); }
int kernel_pthread_mutex_isowned_np(uint64_t *mutex) {
  struct sync_mutex *m = mutex ? sync_object_lookup(*mutex, SYNC_KIND_MUTEX) : NULL;
  return m && sync_mutex_owned(m);
}
int kernel_pthread_mutex_setname_np(uint64_t *mutex, const char *name) {
  int err;
  struct sync_mutex *m = mutex_get(mutex, &err);
  if (!m) return sync_posix(err);
  memset(m->name, 0, sizeof m->name);
  if (name) strncpy(m->name, name, sizeof m->name - 1);
  return 0;
}
int kernel_pthread_mutex_getprioceiling(uint64_t *mutex, int *ceiling) {
  return sync_posix(mutex_getprioceiling(mutex, ceiling));
}
int kernel_pthread_mutex_setprioceiling(uint64_t *mutex, int ceiling, int *old) {
  return sync_posix(mutex_setprioceiling(mutex, ceiling, old));
}

/* ---- Sony names ------------------------------------------------------------------------------ */

int kernel_sce_mutex_init(uint64_t *mutex, const uint64_t *attr, const char *name) {
  return sync_sce(mutex_create(mutex, attr, name));
}
/* The console's libc.prx initialises its own mutexes through these two (no name). */
int kernel_sce_mutex_init_for_libc(uint64_t *mutex, const uint64_t *attr) {
  return sync_sce(mutex_create(mutex, attr, NULL));
}
int kernel_sce_mutex_destroy(uint64_t *mutex) { return sync_sce(mutex_destroy(mutex)); }
int kernel_sce_mutex_lock(uint64_t *mutex) { return sync_sce(mutex_lock(mutex, NULL)); }
int kernel_sce_mutex_trylock(uint64_t *mutex) { return sync_sce(mutex_trylock(mutex)); }
int kernel_sce_mutex_timedlock(uint64_t *mutex, uint32_t usec) {
  struct sync_deadline d = sync_deadline_after_us(usec);
  return sync_sce(mutex_lock(mutex, &d));
}
int kernel_sce_mutex_unlock(uint64_t *mutex) { return sync_sce(mutex_unlock(mutex)); }
int kernel_sce_mutex_getprioceiling(uint64_t *mutex, int *ceiling) {
  return sync_sce(mutex_getprioceiling(mutex, ceiling));
}
int kernel_sce_mutex_setprioceiling(uint64_t *mutex, int ceiling, int *old) {
  return sync_sce(mutex_setprioceiling(mutex, ceiling, old));
}

/* ---- Attributes ------------------------------------------------------------------------------ */

static int attr_init(uint64_t *attr) {
  if (!attr) return -KERNEL_EINVAL;
  struct mutex_attr *a = sync_object_new(SYNC_KIND_MUTEX_ATTR, sizeof *a);
  if (!a) return -KERNEL_ENOMEM;
  *a = default_attr;
  *attr = (uint64_t)(uintptr_t)a;
  return 0;
}

static int attr_destroy(uint64_t *attr) {
  struct mutex_attr *a = attr_get(attr);
  if (!a) return -KERNEL_EINVAL;
  sync_object_delete(a);
  *attr = 0;
  return 0;
}

static int attr_settype(uint64_t *attr, int type) {
  struct mutex_attr *a = attr_get(attr);
  if (!a || type < SYNC_MUTEX_ERRORCHECK || type > SYNC_MUTEX_ADAPTIVE) return -KERNEL_EINVAL;
  a->type = type;
  return 0;
}

static int attr_gettype(const uint64_t *attr, int *type) {
  struct mutex_attr *a = attr_get(attr);
  if (!a || !type) return -KERNEL_EINVAL;
  *type = a->type;
  return 0;
}

static int attr_setprotocol(uint64_t *attr, int protocol) {
  struct mutex_attr *a = attr_get(attr);
  if (!a || protocol < SYNC_PRIO_NONE || protocol > SYNC_PRIO_PROTECT) return -KERNEL_EINVAL;
  a->protocol = protocol;
  return 0;
}

static int attr_getprotocol(const uint64_t *attr, int *protocol) {
  struct mutex_attr *a = attr_get(attr);
  if (!a || !protocol) return -KERNEL_EINVAL;
  *protocol = a->protocol;
  return 0;
}

static int attr_setprioceiling(uint64_t *attr, int ceiling) {
  struct mutex_attr *a = attr_get(attr);
  if (!a || a->protocol != SYNC_PRIO_PROTECT) return -KERNEL_EINVAL;
  a->ceiling = ceiling;
  return 0;
}

static int attr_getprioceiling(const uint64_t *attr, int *ceiling) {
  struct mutex_attr *a = attr_get(attr);
  if (!a || !ceiling || a->protocol != SYNC_PRIO_PROTECT) return -KERNEL_EINVAL;
  *ceiling = a->ceiling;
  return 0;
}

int kernel_pthread_mutexattr_init(uint64_t *attr) { return sync_posix(attr_init(attr)); }
int kernel_pthread_mutexattr_destroy(uint64_t *attr) { return sync_posix(attr_destroy(attr)); }
int kernel_pthread_mutexattr_settype(uint64_t *attr, int type) {
  return sync_posix(attr_settype(attr, type));
}
int kernel_pthread_mutexattr_gettype(const uint64_t *attr, int *type) {
  return sync_posix(attr_gettype(attr, type));
}
int kernel_pthread_mutexattr_setprotocol(uint64_t *attr, int protocol) {
  return sync_posix(attr_setprotocol(attr, protocol));
}
int kernel_pthread_mutexattr_getprotocol(const uint64_t *attr, int *protocol) {
  return sync_posix(attr_getprotocol(attr, protocol));
}
int kernel_pthread_mutexattr_setprioceiling(uint64_t *attr, int ceiling) {
  return sync_posix(attr_setprioceiling(attr, ceiling));
}
int kernel_pthread_mutexattr_getprioceiling(const uint64_t *attr, int *ceiling) {
  return sync_posix(attr_getprioceiling(attr, ceiling));
}
int kernel_pthread_mutexattr_setpshared(uint64_t *attr, int pshared) {
  /* only PTHREAD_PROCESS_PRIVATE (0): the console has no shared mutexes */
  return attr_get(attr) && pshared == 0 ? 0 : GUEST_EINVAL;
}
int kernel_pthread_mutexattr_getpshared(const uint64_t *attr, int *pshared) {
  if (!attr_get(attr) || !pshared) return GUEST_EINVAL;
  *pshared = 0;
  return 0;
}

int kernel_sce_mutexattr_init(uint64_t *attr) { return sync_sce(attr_init(attr)); }
int kernel_sce_mutexattr_init_for_libc(uint64_t *attr) { return sync_sce(attr_init(attr)); }
int kernel_sce_mutexattr_destroy(uint64_t *attr) { return sync_sce(attr_destroy(attr)); }
int kernel_sce_mutexattr_settype(uint64_t *attr, int type) {
  return sync_sce(attr_settype(attr, type));
}
int kernel_sce_mutexattr_gettype(const uint64_t *attr, int *type) {
  return sync_sce(attr_gettype(attr, type));
}
int kernel_sce_mutexattr_setprotocol(uint64_t *attr, int protocol) {
  return sync_sce(attr_setprotocol(attr, protocol));
}
int kernel_sce_mutexattr_getprotocol(const uint64_t *attr, int *protocol) {
  return sync_sce(attr_getprotocol(attr, protocol));
}
int kernel_sce_mutexattr_setprioceiling(uint64_t *attr, int ceiling) {
  return sync_sce(attr_setprioceiling(attr, ceiling));
}
int kernel_sce_mutexattr_getprioceiling(const uint64_t *attr, int *ceiling) {
  return sync_sce(attr_getprioceiling(attr, ceiling));
}

/* ---- Spinlocks ------------------------------------------------------------------------------ */

static struct sync_spin *spin_get(uint64_t *sp) {
  return sp ? sync_object_lookup(__atomic_load_n(sp, __ATOMIC_ACQUIRE), SYNC_KIND_SPIN) : NULL;
}

int kernel_pthread_spin_init(uint64_t *lock, int pshared) {
  if (!lock) return GUEST_EINVAL;
  struct sync_spin *s = sync_object_new(SYNC_KIND_SPIN, sizeof *s);
  if (!s) return GUEST_ENOMEM;
  (void)pshared; /* FreeBSD accepts either and keeps the lock process-private */
  *lock = (uint64_t)(uintptr_t)s;
  return 0;
}
int kernel_pthread_spin_destroy(uint64_t *lock) {
  struct sync_spin *s = spin_get(lock);
  if (!s) return GUEST_EINVAL;
  int r = sync_spin_check_destroy(s);
  if (r) return sync_posix(r);
  *lock = 0;
  sync_object_delete(s);
  return 0;
}
int kernel_pthread_spin_lock(uint64_t *lock) {
  struct sync_spin *s = spin_get(lock);
  return s ? sync_posix(sync_spin_lock(s)) : GUEST_EINVAL;
}
int kernel_pthread_spin_trylock(uint64_t *lock) {
  struct sync_spin *s = spin_get(lock);
  return s ? sync_posix(sync_spin_trylock(s)) : GUEST_EINVAL;
}
int kernel_pthread_spin_unlock(uint64_t *lock) {
  struct sync_spin *s = spin_get(lock);
  return s ? sync_posix(sync_spin_unlock(s)) : GUEST_EINVAL;
}
