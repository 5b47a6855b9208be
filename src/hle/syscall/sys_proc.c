/* System call rows for the process, threads, signals, time and sysctl. */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_signal.h"
#include "hle/syscall/sys_internal.h"
#include "kernel/umtx.h"
#include "loader/tls.h"

/* ---- process ---- */

int64_t sys_exit(const uint64_t a[6]) { kernel_exit_process((int)a[0]); }

int64_t sys_getpid(const uint64_t a[6]) {
  (void)a;
  return kernel_getpid();
}

int64_t sys_issetugid(const uint64_t a[6]) {
  (void)a;
  return 0; /* a game never runs set-user-id */
}

/* sysarch(2) operations of FreeBSD's machine/sysarch.h on amd64; the argument points at
 * the base value. */
#define GUEST_AMD64_GET_FSBASE 128
#define GUEST_AMD64_SET_FSBASE 129
#define GUEST_AMD64_GET_GSBASE 130
#define GUEST_AMD64_SET_GSBASE 131

int64_t sys_sysarch(const uint64_t a[6]) {
  switch (a[0]) {
  case GUEST_AMD64_GET_FSBASE: {
    if (!sys_user_ok(a[1], 8, true)) return -GUEST_EFAULT;
    uint64_t v = tls_guest_base();
    memcpy(SYS_PTR(a[1]), &v, 8);
    return 0;
  }
  case GUEST_AMD64_SET_FSBASE: {
    if (!sys_user_ok(a[1], 8, false)) return -GUEST_EFAULT;
    uint64_t v;
    memcpy(&v, SYS_PTR(a[1]), 8);
    return tls_set_guest_base(v) ? 0 : -GUEST_EINVAL;
  }
  case GUEST_AMD64_GET_GSBASE:
  case GUEST_AMD64_SET_GSBASE:
    /* the host's GS base carries the guest's FS; a guest GS base has no place yet */
    LOG_ONCE(hle, STUB, "sysarch: the guest's own GS base is not supported");
    return -GUEST_EINVAL;
  default:
    LOG_ONCE(hle, STUB, "sysarch operation %llu is not supported", (unsigned long long)a[0]);
    return -GUEST_EINVAL;
  }
}

/* ---- signals: the state libkernel's sigaction / sigprocmask use (kernel_signal.c) ---- */

int64_t sys_sigaction(const uint64_t a[6]) {
  if (a[1] && !sys_user_ok(a[1], sizeof(struct guest_sigaction), false)) return -GUEST_EFAULT;
  if (a[2] && !sys_user_ok(a[2], sizeof(struct guest_sigaction), true)) return -GUEST_EFAULT;
  struct guest_sigaction act, old;
  if (a[1]) memcpy(&act, SYS_PTR(a[1]), sizeof act);
  int64_t r = kernel_signal_action((int)a[0], a[1] ? &act : NULL, &old);
  if (r == 0 && a[2]) memcpy(SYS_PTR(a[2]), &old, sizeof old);
  return r;
}

/* The mask only: no handler runs from here (a trapped system call is in host signal context). */
int64_t sys_sigprocmask(const uint64_t a[6]) {
  if (a[1] && !sys_user_ok(a[1], 16, false)) return -GUEST_EFAULT;
  if (a[2] && !sys_user_ok(a[2], 16, true)) return -GUEST_EFAULT;
  uint32_t set[4], old[4];
  if (a[1]) memcpy(set, SYS_PTR(a[1]), sizeof set);
  int64_t r = kernel_signal_mask_only((int)a[0], a[1] ? set : NULL, old);
  if (r == 0 && a[2]) memcpy(SYS_PTR(a[2]), old, sizeof old);
  return r;
}

/* ---- threads ---- */

static int64_t own_tid(void) { return kernel_thread_id(); }

int64_t sys_thr_self(const uint64_t a[6]) {
  if (!sys_user_ok(a[0], 8, true)) return -GUEST_EFAULT;
  int64_t id = own_tid();
  memcpy(SYS_PTR(a[0]), &id, 8);
  return 0;
}

int64_t sys_thr_kill(const uint64_t a[6]) {
  return kernel_signal_thread_id((int64_t)a[0], (int)a[1]); /* pending, delivered later */
}

struct guest_thr_param { /* FreeBSD struct thr_param (amd64, 104 bytes) */
  uint64_t start_func, arg, stack_base, stack_size, tls_base, tls_size, child_tid, parent_tid;
  int32_t flags;
  uint32_t pad;
  uint64_t rtp;
  uint64_t spare[3];
};
_Static_assert(sizeof(struct guest_thr_param) == 104, "FreeBSD thr_param is 104 bytes");
#define GUEST_THR_SUSPENDED 0x0001
#define GUEST_THR_SYSTEM_SCOPE 0x0002

int64_t sys_thr_new(const uint64_t a[6]) {
  int64_t size = (int64_t)a[1];
  if (size < 0 || size > 4096) return -GUEST_EINVAL; /* FreeBSD: at most a page */
  struct guest_thr_param p = {0};
  size_t n = (size_t)size < sizeof p ? (size_t)size : sizeof p;
  if (!sys_user_ok(a[0], n, false)) return -GUEST_EFAULT;
  memcpy(&p, SYS_PTR(a[0]), n);
  if (p.flags & ~(GUEST_THR_SUSPENDED | GUEST_THR_SYSTEM_SCOPE)) return -GUEST_EINVAL;
  if (p.flags & GUEST_THR_SUSPENDED) {
    LOG_ONCE(hle, STUB, "thr_new: THR_SUSPENDED threads are not supported yet");
    return -GUEST_EINVAL;
  }
  if (p.rtp) LOG_ONCE(hle, STUB, "thr_new: real-time priorities are ignored");
  /* the thread would fault at once on a stack outside guest memory: refuse it here */
  if (!p.start_func || !p.stack_size || !sys_user_ok(p.stack_base, p.stack_size, true))
    return -GUEST_EINVAL;
  if ((p.child_tid && !sys_user_ok(p.child_tid, 8, true)) ||
      (p.parent_tid && !sys_user_ok(p.parent_tid, 8, true)))
    return -GUEST_EFAULT;
  struct guest_thread t = {p.start_func, p.arg, (p.stack_base + p.stack_size) & ~15ull,
                           p.tls_base, SYS_PTR(p.child_tid), SYS_PTR(p.parent_tid)};
  return kernel_thread_create(&t);
}

int64_t sys_thr_exit(const uint64_t a[6]) {
  if (a[0] && !sys_user_ok(a[0], 8, true)) return -GUEST_EFAULT;
  kernel_thread_exit(SYS_PTR(a[0]));
}

/* _umtx_op(obj, op, val, uaddr1, uaddr2): FreeBSD sys/umtx.h operations; uaddr1 carries the
 * size of the timeout object at uaddr2 (a timespec, or a struct _umtx_time). */
#define UMTX_OP_WAIT 2
#define UMTX_OP_WAKE 3
#define UMTX_OP_WAIT_UINT 11
#define UMTX_OP_WAIT_UINT_PRIVATE 15
#define UMTX_OP_WAKE_PRIVATE 16
#define UMTX_OP_NWAKE_PRIVATE 21 /* obj: array of val addresses, all waiters woken */
#define UMTX_OP_LAST 26 /* UMTX_OP_ROBUST_LISTS */
#define UMTX_ABSTIME 1

struct guest_umtx_time {
  struct guest_timespec timeout;
  uint32_t flags;
  uint32_t clockid;
};

int64_t sys_umtx_op(const uint64_t a[6]) {
  uint64_t obj = a[0];
  int op = (int)a[1];
  switch (op) {
  case UMTX_OP_WAKE:
  case UMTX_OP_WAKE_PRIVATE: {
    int n = (int)a[2] > 0 ? (int)a[2] : 0;
    int r = umtx_wake(SYS_PTR(obj), n);
    return r < 0 ? -hle_errno_from_host(-r) : 0;
  }
  case UMTX_OP_NWAKE_PRIVATE: {
    int64_t count = (int64_t)(int32_t)a[2];
    if (count < 0) return -GUEST_EINVAL;
    for (int64_t i = 0; i < count; i++) {
      uint64_t at;
      if (!sys_user_ok(obj + (uint64_t)i * 8, 8, false)) return -GUEST_EFAULT;
      memcpy(&at, SYS_PTR(obj + (uint64_t)i * 8), 8);
      umtx_wake(SYS_PTR(at), INT_MAX);
    }
    return 0;
  }
  case UMTX_OP_WAIT:
  case UMTX_OP_WAIT_UINT:
  case UMTX_OP_WAIT_UINT_PRIVATE: {
    bool wide = op == UMTX_OP_WAIT;
    if ((obj & 3) || !sys_user_ok(obj, wide ? 8 : 4, false)) return -GUEST_EFAULT;
    struct timespec ts, *t = NULL;
    bool absolute = false, realtime = false;
    if (a[4]) {
      struct guest_umtx_time ut = {0};
      if (a[3] != sizeof(struct guest_timespec) && a[3] != sizeof ut) return -GUEST_EINVAL;
      if (!sys_user_ok(a[4], a[3], false)) return -GUEST_EFAULT;
      memcpy(&ut, SYS_PTR(a[4]), a[3]);
      if (ut.timeout.tv_nsec < 0 || ut.timeout.tv_nsec >= 1000000000 || ut.timeout.tv_sec < 0)
        return -GUEST_EINVAL;
      ts = (struct timespec){(time_t)ut.timeout.tv_sec, (long)ut.timeout.tv_nsec};
      t = &ts;
      absolute = a[3] == sizeof ut && (ut.flags & UMTX_ABSTIME);
      realtime = ut.clockid == 0; /* CLOCK_REALTIME; the others count like MONOTONIC */
    }
    uint64_t cur = 0;
    memcpy(&cur, SYS_PTR(obj), wide ? 8 : 4);
    uint64_t want = wide ? a[2] : (uint32_t)a[2];
    if (cur != want) return 0;
    /* a long word waits on its low half: a change of the high half alone wakes nobody */
    int r = umtx_wait32(SYS_PTR(obj), (uint32_t)want, t, absolute, realtime);
    return r < 0 ? -hle_errno_from_host(-r) : 0;
  }
  default:
    if (op < 0 || op > UMTX_OP_LAST) return -GUEST_EINVAL;
    LOG(hle, STUB, "_umtx_op operation %d is not supported yet (only WAIT, WAIT_UINT, "
        "WAIT_UINT_PRIVATE, WAKE, WAKE_PRIVATE, NWAKE_PRIVATE)", op);
    return -GUEST_ENOSYS;
  }
}

/* ---- time ---- */

int64_t sys_clock_gettime(const uint64_t a[6]) {
  if (!sys_user_ok(a[1], sizeof(struct guest_timespec), true)) return -GUEST_EFAULT;
  return kernel_clock_get((int)a[0], SYS_PTR(a[1]));
}

int64_t sys_gettimeofday(const uint64_t a[6]) {
  if (a[0] && !sys_user_ok(a[0], sizeof(struct guest_timeval), true)) return -GUEST_EFAULT;
  if (a[1] && !sys_user_ok(a[1], sizeof(struct guest_timezone), true)) return -GUEST_EFAULT;
  return kernel_gettimeofday(SYS_PTR(a[0]), SYS_PTR(a[1])); /* NULLs allowed, as FreeBSD */
}

int64_t sys_nanosleep(const uint64_t a[6]) {
  if (!sys_user_ok(a[0], sizeof(struct guest_timespec), false)) return -GUEST_EFAULT;
  if (a[1] && !sys_user_ok(a[1], sizeof(struct guest_timespec), true)) return -GUEST_EFAULT;
  return kernel_nanosleep_core(SYS_PTR(a[0]), SYS_PTR(a[1]));
}

/* ---- sysctl: the queries start-up code makes, by MIB and by name ---- */

enum sysctl_kind { SYSCTL_INT, SYSCTL_STRING, SYSCTL_RANDOM };

/* FreeBSD sys/sysctl.h: CTL_KERN 1, CTL_HW 6; KERN_OSTYPE 1, KERN_OSRELEASE 2,
 * KERN_OSREV 3, KERN_OSRELDATE 24, KERN_ARND 37; HW_MACHINE 1, HW_NCPU 3, HW_PAGESIZE 7. */
#define SYSCTL_NODES(X)                                                          \
  X("kern.ostype", 1, 1, SYSCTL_STRING, 0, "FreeBSD")                            \
  X("kern.osrelease", 1, 2, SYSCTL_STRING, 0, "11.0-RELEASE") /* unverified */   \
  X("kern.osrevision", 1, 3, SYSCTL_INT, 199506, NULL)                           \
  X("kern.osreldate", 1, 24, SYSCTL_INT, 1100000, NULL) /* unverified */         \
  X("kern.arandom", 1, 37, SYSCTL_RANDOM, 0, NULL)                               \
  X("hw.machine", 6, 1, SYSCTL_STRING, 0, "amd64")                               \
  X("hw.ncpu", 6, 3, SYSCTL_INT, -1, NULL) /* the host's online CPUs */          \
  X("hw.pagesize", 6, 7, SYSCTL_INT, 16384, NULL)

struct sysctl_node {
  const char *name;
  int mib[2];
  enum sysctl_kind kind;
  int value;
  const char *text;
};

static const struct sysctl_node sysctl_nodes[] = {
#define SYSCTL_ROW_(n, a, b, k, v, t) {n, {a, b}, k, v, t},
    SYSCTL_NODES(SYSCTL_ROW_)
#undef SYSCTL_ROW_
};

#define SYSCTL_COUNT (sizeof sysctl_nodes / sizeof sysctl_nodes[0])
#define SYSCTL_ARND_MAX 256

/* Copies SIZE bytes of DATA out under FreeBSD's rules: no buffer -> length only; a short
 * buffer -> as much as fits and ENOMEM. */
static int64_t sysctl_out(uint64_t old, uint64_t oldlenp, const void *data, uint64_t size) {
  if (!oldlenp) return old ? -GUEST_EFAULT : 0;
  uint64_t cap;
  memcpy(&cap, SYS_PTR(oldlenp), 8);
  if (!old) {
    memcpy(SYS_PTR(oldlenp), &size, 8);
    return 0;
  }
  uint64_t n = cap < size ? cap : size;
  if (!sys_user_ok(old, n, true)) return -GUEST_EFAULT;
  memcpy(SYS_PTR(old), data, n);
  memcpy(SYS_PTR(oldlenp), &n, 8);
  return n < size ? -GUEST_ENOMEM : 0;
}

/* True the first time MIB A.B is missed (the first 64 distinct ones are remembered). */
static bool sysctl_first_miss(int a, int b) {
  static int seen[64][2], count;
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&lock);
  bool first = true;
  for (int i = 0; i < count && first; i++) first = !(seen[i][0] == a && seen[i][1] == b);
  if (first && count < 64) seen[count][0] = a, seen[count][1] = b, count++;
  pthread_mutex_unlock(&lock);
  return first;
}

int64_t sys_sysctl(const uint64_t a[6]) {
  uint64_t name = a[0], old = a[2], oldlenp = a[3], newp = a[4], newlen = a[5];
  unsigned namelen = (unsigned)a[1];
  if (namelen < 2 || namelen > 24) return -GUEST_EINVAL; /* CTL_MAXNAME 24 */
  if (!sys_user_ok(name, namelen * 4ull, false)) return -GUEST_EFAULT;
  if (oldlenp && !sys_user_ok(oldlenp, 8, true)) return -GUEST_EFAULT;
  int mib[24];
  memcpy(mib, SYS_PTR(name), namelen * 4ull);
  if (mib[0] == 0 && mib[1] == 3 && namelen == 2) { /* sysctl.name2oid: name in, MIB out */
    char want[64];
    if (!newp || !newlen || newlen >= sizeof want) return -GUEST_ENOENT;
    if (!sys_user_ok(newp, newlen, false)) return -GUEST_EFAULT;
    memcpy(want, SYS_PTR(newp), newlen);
    want[newlen] = 0;
    for (size_t i = 0; i < SYSCTL_COUNT; i++)
      if (strcmp(want, sysctl_nodes[i].name) == 0)
        return sysctl_out(old, oldlenp, sysctl_nodes[i].mib, sizeof sysctl_nodes[i].mib);
    LOG(hle, STUB, "sysctl: unknown name '%s'", want);
    return -GUEST_ENOENT;
  }
  for (size_t i = 0; i < SYSCTL_COUNT; i++) {
    const struct sysctl_node *n = &sysctl_nodes[i];
    if (namelen != 2 || mib[0] != n->mib[0] || mib[1] != n->mib[1]) continue;
    if (newp) return -GUEST_EPERM; /* every node here is read-only */
    switch (n->kind) {
    case SYSCTL_INT: {
      int v = n->value >= 0 ? n->value : (int)sysconf(_SC_NPROCESSORS_ONLN);
      return sysctl_out(old, oldlenp, &v, 4);
    }
    case SYSCTL_STRING:
      return sysctl_out(old, oldlenp, n->text, strlen(n->text) + 1);
    case SYSCTL_RANDOM: {
      uint8_t buf[SYSCTL_ARND_MAX];
      uint64_t want = SYSCTL_ARND_MAX;
      if (oldlenp) memcpy(&want, SYS_PTR(oldlenp), 8);
      if (want > SYSCTL_ARND_MAX) want = SYSCTL_ARND_MAX;
      if (getrandom(buf, want, 0) != (ssize_t)want) return -GUEST_EIO;
      return sysctl_out(old, oldlenp, buf, want);
    }
    }
  }
  if (sysctl_first_miss(mib[0], mib[1]))
    LOG(hle, STUB, "sysctl: unknown MIB %d.%d%s (logged once)", mib[0], mib[1],
        namelen > 2 ? ".(more)" : "");
  return -GUEST_ENOENT;
}
