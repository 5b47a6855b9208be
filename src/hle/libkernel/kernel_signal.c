/* libkernel: guest signals (FreeBSD numbers and structures, as the console's libkernel).
 *
 * The model: one action table for the process, a mask and a pending set per guest thread
 * (struct kthread), a pending set for signals sent to the process. Delivery is synchronous, at
 * points where the thread is inside libkernel on its own guest stack with its guest TLS (GS
 * base) in place: its sleeps (kernel_thread_sleep_signals, which a send wakes), the return of
 * the calls that send or unblock a signal (raise, kill, pthread_kill to itself, sigprocmask,
 * pthread_sigmask), sigsuspend and sigwait; a thread that runs guest code is diverted through
 * such a point by a host signal (kernel_signal_async.c). A guest handler is then a plain call
 * on that stack, as FreeBSD's sendsig would run it: (sig, siginfo or si_code, ucontext) with
 * the mask widened by the action's mask and the signal itself (unless SA_NODEFER) and restored
 * from the ucontext's uc_sigmask afterwards, as sigreturn does. The waits of the sync and event
 * queue layers are delivery points too (kernel_thread_wait.c). Not done: delivery to a thread
 * that waits elsewhere in libkernel (file I/O, AIO, rwlocks, barriers); stop signals; host faults
 * are never turned into guest signals (the loader's trap reports them). */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_signal.h"
#include "kernel/sync_wait.h"
#include "loader/process.h"

#define SIG_WORDS 4
#define GUEST_SA_ONSTACK 0x0001
#define GUEST_SA_RESTART 0x0002
#define GUEST_SA_RESETHAND 0x0004
#define GUEST_SA_NODEFER 0x0010
#define GUEST_SA_SIGINFO 0x0040
#define GUEST_SIG_DFL 0u
#define GUEST_SIG_IGN 1u
#define GUEST_SI_USER 0x10001     /* kill */
#define GUEST_SI_LWP 0x10007      /* thr_kill: raise, pthread_kill */
#define GUEST_UCONTEXT_SIZE 0x340 /* FreeBSD amd64 ucontext_t; uc_sigmask first */

/* FreeBSD's default action of each signal (sys/kern/kern_sig.c sigproptbl) and the Linux
 * signal with the same meaning, for the exit status of a process a signal ends (128 + it). */
enum sig_default { SD_KILL, SD_CORE, SD_IGNORE, SD_STOP };
static const struct {
  enum sig_default action;
  int host;
} sig_props[] = {
    [1] = {SD_KILL, 1},     /* SIGHUP */[2] = {SD_KILL, 2},      /* SIGINT */
    [3] = {SD_CORE, 3},     /* SIGQUIT */[4] = {SD_CORE, 4},     /* SIGILL */
    [5] = {SD_CORE, 5},     /* SIGTRAP */[6] = {SD_CORE, 6},     /* SIGABRT */
    [7] = {SD_CORE, 7},     /* SIGEMT */[8] = {SD_CORE, 8},      /* SIGFPE */
    [9] = {SD_KILL, 9},     /* SIGKILL */[10] = {SD_CORE, 7},    /* SIGBUS */
    [11] = {SD_CORE, 11},   /* SIGSEGV */[12] = {SD_CORE, 31},   /* SIGSYS */
    [13] = {SD_KILL, 13},   /* SIGPIPE */[14] = {SD_KILL, 14},   /* SIGALRM */
    [15] = {SD_KILL, 15},   /* SIGTERM */[16] = {SD_IGNORE, 23}, /* SIGURG */
    [17] = {SD_STOP, 19},   /* SIGSTOP */[18] = {SD_STOP, 20},   /* SIGTSTP */
    [19] = {SD_IGNORE, 18}, /* SIGCONT */[20] = {SD_IGNORE, 17}, /* SIGCHLD */
    [21] = {SD_STOP, 21},   /* SIGTTIN */[22] = {SD_STOP, 22},   /* SIGTTOU */
    [23] = {SD_IGNORE, 29}, /* SIGIO */[24] = {SD_CORE, 24},     /* SIGXCPU */
    [25] = {SD_CORE, 25},   /* SIGXFSZ */[26] = {SD_KILL, 26},   /* SIGVTALRM */
    [27] = {SD_KILL, 27},   /* SIGPROF */[28] = {SD_IGNORE, 28}, /* SIGWINCH */
    [29] = {SD_IGNORE, 0},  /* SIGINFO */[30] = {SD_KILL, 10},   /* SIGUSR1 */
    [31] = {SD_KILL, 12},   /* SIGUSR2 */[32] = {SD_KILL, 0},    /* SIGTHR */
    [33] = {SD_KILL, 0},                                         /* SIGLIBRT */
};

static pthread_mutex_t sig_lock = PTHREAD_MUTEX_INITIALIZER;
static struct guest_sigaction actions[GUEST_SIG_MAX + 1];
static uint32_t proc_pending[SIG_WORDS]; /* sent to the process, no thread took them yet */

static uint32_t bit(int sig) { return 1u << ((sig - 1) % 32); }
static int word(int sig) { return (sig - 1) / 32; }
static bool valid(int sig) { return sig > 0 && sig <= GUEST_SIG_MAX; }

static void strip_unblockable(uint32_t *m) { m[0] &= ~(bit(GUEST_SIGKILL) | bit(GUEST_SIGSTOP)); }

static enum sig_default default_action(int sig) {
  return sig < (int)(sizeof sig_props / sizeof sig_props[0]) ? sig_props[sig].action : SD_KILL;
}

/* True when a signal with ACTION is discarded at once (ignored) rather than left pending. */
static bool ignored(int sig, const struct guest_sigaction *a) {
  return a->handler == GUEST_SIG_IGN ||
         (a->handler == GUEST_SIG_DFL && (default_action(sig) == SD_IGNORE));
}

void kernel_signal_thread_init(struct kthread *t, const struct kthread *creator) {
  pthread_mutex_lock(&sig_lock);
  if (creator) memcpy(t->sig_blocked, creator->sig_blocked, sizeof t->sig_blocked);
  memset(t->sig_pending, 0, sizeof t->sig_pending);
  pthread_mutex_unlock(&sig_lock);
}

/* The lowest signal pending for T (or the process) that T does not block, 0 if none; lock held. */
static int next_locked(const struct kthread *t, bool *from_proc) {
  for (int w = 0; w < SIG_WORDS; w++) {
    uint32_t own = t->sig_pending[w] & ~t->sig_blocked[w];
    uint32_t pr = proc_pending[w] & ~t->sig_blocked[w];
    uint32_t any = own | pr;
    if (!any) continue;
    int b = __builtin_ctz(any);
    *from_proc = !(own & (1u << b));
    return w * 32 + b + 1;
  }
  return 0;
}

bool kernel_signal_deliverable(struct kthread *t) {
  if (kernel_pthread_suspend_due(t)) return true; /* delivery points are suspension points */
  bool p;
  pthread_mutex_lock(&sig_lock);
  int s = next_locked(t, &p);
  pthread_mutex_unlock(&sig_lock);
  return s != 0;
}

struct guest_siginfo { /* FreeBSD siginfo_t (amd64), 80 bytes */
  int32_t signo, err, code, pid;
  uint32_t uid;
  int32_t status;
  uint64_t addr, value;
  uint64_t reason[5];
};
_Static_assert(sizeof(struct guest_siginfo) == 80, "FreeBSD siginfo_t is 80 bytes");

typedef void (*guest_handler_fn)(int, uint64_t, void *);

_Noreturn static void terminate(int sig) {
  int host = sig < (int)(sizeof sig_props / sizeof sig_props[0]) ? sig_props[sig].host : 0;
  LOG(hle, ERROR, "guest signal %d (default action) ends the process", sig);
  process_exit(128 + (host ? host : sig));
}

/* The calling thread runs on its alternate signal stack now (FreeBSD's sigonstack: the stack
 * pointer inside it). Host code of libkernel runs on the guest's stack, so a local's address
 * is the stack pointer. */
static bool on_altstack(const struct kthread *t) {
  uint64_t sp = (uint64_t)(uintptr_t)__builtin_frame_address(0);
  return t->altstack_on && sp - t->altstack_sp < t->altstack_size;
}

/* Calls FN(SIG, ARG, UC) with the stack pointer at TOP (16-byte aligned), as FreeBSD's sendsig
 * builds a handler's frame on the alternate stack; back on this stack afterwards. */
static void call_on_stack(uint64_t top, guest_handler_fn fn, int sig, uint64_t arg, void *uc) {
  __asm__ volatile(
      "mov %%rsp, %%r12\n\t"
      "mov %[top], %%rsp\n\t"
      "call *%[fn]\n\t"
      "mov %%r12, %%rsp\n\t"
      : "+D"(sig), "+S"(arg), "+d"(uc)
      : [top] "r"(top), [fn] "r"(fn)
      : "r12", "rax", "rcx", "r8", "r9", "r10", "r11", "memory", "cc", "xmm0", "xmm1", "xmm2",
        "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
        "xmm14", "xmm15");
}

bool kernel_signal_deliver(struct kthread *t) { return kernel_signal_deliver_flags(t) != 0; }

unsigned kernel_signal_deliver_flags(struct kthread *t) {
  unsigned ran = 0;
  kernel_pthread_suspend_point(t);
  for (;;) {
    bool from_proc = false;
    pthread_mutex_lock(&sig_lock);
    int sig = next_locked(t, &from_proc);
    if (!sig) {
      pthread_mutex_unlock(&sig_lock);
      return ran;
    }
    if (from_proc) proc_pending[word(sig)] &= ~bit(sig);
    else t->sig_pending[word(sig)] &= ~bit(sig);
    struct guest_sigaction a = actions[sig];
    if (a.handler == GUEST_SIG_IGN ||
        (a.handler == GUEST_SIG_DFL && default_action(sig) == SD_IGNORE)) {
      pthread_mutex_unlock(&sig_lock);
      continue;
    }
    if (a.handler == GUEST_SIG_DFL) {
      pthread_mutex_unlock(&sig_lock);
      if (default_action(sig) == SD_STOP) {
        LOG_ONCE(hle, WARN, "guest signal %d would stop the process: not supported, ignored", sig);
        continue;
      }
      terminate(sig);
    }
    uint32_t saved[SIG_WORDS];
    memcpy(saved, t->sig_blocked, sizeof saved);
    for (int w = 0; w < SIG_WORDS; w++) t->sig_blocked[w] |= a.mask[w];
    if (!(a.flags & GUEST_SA_NODEFER)) t->sig_blocked[word(sig)] |= bit(sig);
    strip_unblockable(t->sig_blocked);
    if (a.flags & GUEST_SA_RESETHAND) {
      actions[sig].handler = GUEST_SIG_DFL;
      actions[sig].flags &= ~GUEST_SA_SIGINFO;
    }
    pthread_mutex_unlock(&sig_lock);

    struct guest_siginfo info = {.signo = sig,
                                 .code = from_proc ? GUEST_SI_USER : GUEST_SI_LWP,
                                 .pid = (int32_t)getpid() /* thr_kill sets it too */};
    _Alignas(16) uint8_t uc[GUEST_UCONTEXT_SIZE];
    memset(uc, 0, sizeof uc);
    memcpy(uc, saved, sizeof saved); /* uc_sigmask: the mask to restore */
    guest_handler_fn fn = (guest_handler_fn)(uintptr_t)a.handler;
    uint64_t arg = a.flags & GUEST_SA_SIGINFO
                       ? (uint64_t)(uintptr_t)&info
                       : (uint64_t)(uint32_t)info.code; /* FreeBSD: si_code */
    if ((a.flags & GUEST_SA_ONSTACK) && t->altstack_on && !on_altstack(t))
      call_on_stack((t->altstack_sp + t->altstack_size) & ~(uint64_t)15, fn, sig, arg, uc);
    else fn(sig, arg, uc);
    ran |= KTHREAD_SIGNALS_RAN;
    if (!(a.flags & GUEST_SA_RESTART)) ran |= KTHREAD_SIGNALS_NO_RESTART;

    pthread_mutex_lock(&sig_lock); /* sigreturn: the mask comes back from the ucontext */
    memcpy(t->sig_blocked, uc, sizeof t->sig_blocked);
    strip_unblockable(t->sig_blocked);
    pthread_mutex_unlock(&sig_lock);
  }
}

/* ---- actions ----------------------------------------------------------------------------- */

int64_t kernel_signal_action(int sig, const struct guest_sigaction *act,
                             struct guest_sigaction *old) {
  kernel_thread_wait_install(); /* handlers run in lock and condition waits */
  if (!valid(sig)) return -GUEST_EINVAL;
  if (act && (sig == GUEST_SIGKILL || sig == GUEST_SIGSTOP)) return -GUEST_EINVAL;
  pthread_mutex_lock(&sig_lock);
  struct guest_sigaction prev = actions[sig];
  if (act) {
    actions[sig] = *act;
    strip_unblockable(actions[sig].mask);
    if (ignored(sig, &actions[sig])) { /* POSIX: pending instances are discarded */
      proc_pending[word(sig)] &= ~bit(sig);
      /* the threads' own pending sets are cleared as they reach a delivery point */
    }
  }
  pthread_mutex_unlock(&sig_lock);
  if (old) *old = prev;
  return 0;
}

int kernel_sigaction(int sig, const struct guest_sigaction *act, struct guest_sigaction *old) {
  return (int)hle_posix_result(kernel_signal_action(sig, act, old));
}

uint64_t kernel_signal(int sig, uint64_t handler) {
  /* FreeBSD libc's signal(): SA_RESTART unless siginterrupt() asked otherwise, empty mask */
  struct guest_sigaction act = {.handler = handler, .flags = GUEST_SA_RESTART}, old;
  int64_t r = kernel_signal_action(sig, &act, &old);
  if (r < 0) {
    hle_errno_set((int)-r);
    return UINT64_MAX; /* SIG_ERR */
  }
  return old.handler;
}

/* ---- sets -------------------------------------------------------------------------------- */

int kernel_sigemptyset(uint32_t *set) {
  if (!set) return (int)hle_posix_result(-GUEST_EFAULT);
  memset(set, 0, SIG_WORDS * sizeof *set);
  return 0;
}

int kernel_sigfillset(uint32_t *set) {
  if (!set) return (int)hle_posix_result(-GUEST_EFAULT);
  memset(set, 0xff, SIG_WORDS * sizeof *set);
  return 0;
}

int kernel_sigaddset(uint32_t *set, int sig) {
  if (!valid(sig)) return (int)hle_posix_result(-GUEST_EINVAL);
  set[word(sig)] |= bit(sig);
  return 0;
}

int kernel_sigdelset(uint32_t *set, int sig) {
  if (!valid(sig)) return (int)hle_posix_result(-GUEST_EINVAL);
  set[word(sig)] &= ~bit(sig);
  return 0;
}

int kernel_sigismember(const uint32_t *set, int sig) {
  if (!valid(sig)) return (int)hle_posix_result(-GUEST_EINVAL);
  return (set[word(sig)] & bit(sig)) != 0;
}

/* ---- masks ------------------------------------------------------------------------------- */

int64_t kernel_signal_mask_only(int how, const uint32_t *set, uint32_t *old) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return -GUEST_ENOMEM;
  if (set && (how < GUEST_SIG_BLOCK || how > GUEST_SIG_SETMASK)) return -GUEST_EINVAL;
  pthread_mutex_lock(&sig_lock);
  uint32_t prev[SIG_WORDS];
  memcpy(prev, t->sig_blocked, sizeof prev);
  if (set) {
    for (int w = 0; w < SIG_WORDS; w++)
      t->sig_blocked[w] = how == GUEST_SIG_BLOCK     ? prev[w] | set[w]
                          : how == GUEST_SIG_UNBLOCK ? prev[w] & ~set[w]
                                                     : set[w];
    strip_unblockable(t->sig_blocked);
  }
  pthread_mutex_unlock(&sig_lock);
  if (old) memcpy(old, prev, sizeof prev);
  return 0;
}

int64_t kernel_signal_mask(int how, const uint32_t *set, uint32_t *old) {
  int64_t r = kernel_signal_mask_only(how, set, old);
  struct kthread *t = kernel_pthread_current();
  if (r == 0 && t) kernel_signal_deliver(t); /* an unblocked pending one: before the return */
  return r;
}

int kernel_sigprocmask(int how, const uint32_t *set, uint32_t *old) {
  return (int)hle_posix_result(kernel_signal_mask(how, set, old));
}

int kernel_pthread_sigmask(int how, const uint32_t *set, uint32_t *old) {
  return (int)-kernel_signal_mask(how, set, old); /* an error number, errno untouched */
}

int kernel_sigpending(uint32_t *set) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return (int)hle_posix_result(-GUEST_ENOMEM);
  if (!set) return (int)hle_posix_result(-GUEST_EFAULT);
  pthread_mutex_lock(&sig_lock);
  for (int w = 0; w < SIG_WORDS; w++)
    set[w] = (t->sig_pending[w] | proc_pending[w]) & t->sig_blocked[w];
  pthread_mutex_unlock(&sig_lock);
  return 0;
}

/* ---- sending ----------------------------------------------------------------------------- */

/* Marks SIG pending for T (registry lock held by kernel_pthread_with_live) and wakes it. */
static void post_thread(struct kthread *t, void *arg) {
  int sig = *(const int *)arg;
  pthread_mutex_lock(&sig_lock);
  bool drop = ignored(sig, &actions[sig]); /* discarded even when blocked, as FreeBSD */
  if (!drop) t->sig_pending[word(sig)] |= bit(sig);
  bool poke = !drop && !(t->sig_blocked[word(sig)] & bit(sig)) && t->host_known &&
              !pthread_equal(t->host, pthread_self());
  pthread_mutex_unlock(&sig_lock);
  if (!drop) kernel_thread_wake(t);
  if (poke) {
    kernel_signal_poke(t);            /* a thread in guest code (kernel_signal_async.c) */
    kernel_pthread_interrupt_wait(t); /* a thread in a sync or event queue wait */
  }
}

int64_t kernel_signal_thread(struct kthread *t, int sig) {
  if (sig == 0) return kernel_pthread_with_live(t, NULL, NULL) ? -GUEST_ESRCH : 0;
  if (!valid(sig)) return -GUEST_EINVAL;
  int e = kernel_pthread_with_live(t, post_thread, &sig);
  if (e) return -e;
  struct kthread *self = kernel_pthread_current();
  if (self == t) kernel_signal_deliver(self); /* sent to itself: delivered before the return */
  else
    LOG_ONCE(hle, WARN,
             "a signal to a thread in host work other than libkernel's sleeps and waits (a "
             "regular file's I/O, another library's call) waits for its next delivery point");
  return 0;
}

int kernel_pthread_kill(kthread_t t, int sig) { return (int)-kernel_signal_thread(t, sig); }

int kernel_raise(int sig) {
  struct kthread *self = kernel_pthread_current();
  if (!self) return (int)hle_posix_result(-GUEST_ENOMEM);
  return (int)hle_posix_result(kernel_signal_thread(self, sig));
}

/* kill(2) on the own process: the calling thread takes the signal unless it blocks it; else
 * it waits in the process's pending set for the first thread that unblocks it or reaches a
 * delivery point without blocking it. Other processes do not exist for the guest: ESRCH. */
int kernel_kill(int pid, int sig) {
  if (pid != (int)getpid() && pid != 0 && pid != -1) return (int)hle_posix_result(-GUEST_ESRCH);
  if (sig == 0) return 0;
  if (!valid(sig)) return (int)hle_posix_result(-GUEST_EINVAL);
  struct kthread *self = kernel_pthread_current();
  if (!self) return (int)hle_posix_result(-GUEST_ENOMEM);
  pthread_mutex_lock(&sig_lock);
  if (!ignored(sig, &actions[sig])) proc_pending[word(sig)] |= bit(sig);
  bool blocked = (self->sig_blocked[word(sig)] & bit(sig)) != 0;
  pthread_mutex_unlock(&sig_lock);
  if (blocked)
    LOG_ONCE(hle, WARN,
             "kill: a signal the caller blocks waits for a thread to unblock it or "
             "to reach a libkernel sleep; running threads are not interrupted");
  kernel_signal_deliver(self);
  return 0;
}

/* thr_kill(2) from the system call layer: as pthread_kill to the thread with id TID, or to the
 * process for -1 (FreeBSD gives every thread one instance; here the first thread to take it),
 * but never delivered here: a trapped system call runs in host signal context, so even a
 * signal to the caller waits for its next delivery point. */
int64_t kernel_signal_thread_id(int64_t tid, int sig) {
  if (sig != 0 && !valid(sig)) return -GUEST_EINVAL;
  if (tid == -1) {
    if (sig == 0) return 0;
    LOG_ONCE(hle, WARN, "thr_kill(-1): one thread takes the signal, not every thread");
    pthread_mutex_lock(&sig_lock);
    if (!ignored(sig, &actions[sig])) proc_pending[word(sig)] |= bit(sig);
    pthread_mutex_unlock(&sig_lock);
    kernel_pthread_wake_all();
    return 0;
  }
  if (tid == kernel_thread_id()) kernel_pthread_current(); /* the caller: make its object */
  int e = kernel_pthread_with_tid(tid, sig ? post_thread : NULL, &sig);
  if (!e && sig)
    LOG_ONCE(hle, WARN,
             "thr_kill: the signal is delivered at the target's next libkernel "
             "delivery point, even for the calling thread");
  return -e;
}

/* ---- waiting for signals ----------------------------------------------------------------- */

/* sigsuspend: the mask is SET until a handler has run (a signal that ends the process ends it),
 * then the previous mask comes back; always -1 with EINTR. A cancellation point. */
int kernel_sigsuspend(const uint32_t *set) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return (int)hle_posix_result(-GUEST_ENOMEM);
  if (!set) return (int)hle_posix_result(-GUEST_EFAULT);
  uint32_t saved[SIG_WORDS];
  pthread_mutex_lock(&sig_lock);
  memcpy(saved, t->sig_blocked, sizeof saved);
  memcpy(t->sig_blocked, set, sizeof t->sig_blocked);
  strip_unblockable(t->sig_blocked);
  pthread_mutex_unlock(&sig_lock);
  for (;;) {
    uint32_t seq = kernel_thread_wake_seq(t);
    kernel_thread_testcancel();
    if (kernel_signal_deliverable(t)) {
      if (kernel_signal_deliver(t)) break;
      continue;
    }
    kernel_thread_park(t, seq);
  }
  kernel_signal_mask(GUEST_SIG_SETMASK, saved, NULL); /* delivers what the old mask unblocks */
  return (int)hle_posix_result(-GUEST_EINTR);
}

/* Takes the lowest signal of SET pending for T or the process, 0 if none; lock held. */
static int take_from_locked(struct kthread *t, const uint32_t *set, bool *from_proc) {
  for (int w = 0; w < SIG_WORDS; w++) {
    uint32_t own = t->sig_pending[w] & set[w], pr = proc_pending[w] & set[w];
    if (!(own | pr)) continue;
    int b = __builtin_ctz(own | pr);
    *from_proc = !(own & (1u << b));
    if (own & (1u << b)) t->sig_pending[w] &= ~(1u << b);
    else proc_pending[w] &= ~(1u << b);
    return w * 32 + b + 1;
  }
  return 0;
}

static int take_locked(struct kthread *t, const uint32_t *set) {
  bool from_proc;
  return take_from_locked(t, set, &from_proc);
}

/* sigwait: takes a pending signal of SET without running its handler, waiting for one; handlers
 * of other signals run meanwhile and the wait goes on (FreeBSD's libc restarts it). Returns an
 * error number (EINVAL for a set with no valid signal), not -1. A cancellation point. */
int kernel_sigwait(const uint32_t *set, int *sig) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return GUEST_ENOMEM;
  if (!set || !sig) return GUEST_EFAULT;
  uint32_t want[SIG_WORDS];
  memcpy(want, set, sizeof want);
  strip_unblockable(want);
  if (!(want[0] | want[1] | want[2] | want[3])) return GUEST_EINVAL;
  int got;
  for (;;) {
    uint32_t seq = kernel_thread_wake_seq(t);
    kernel_thread_testcancel();
    pthread_mutex_lock(&sig_lock);
    got = take_locked(t, want);
    pthread_mutex_unlock(&sig_lock);
    if (got) break;
    if (kernel_signal_deliverable(t)) {
      kernel_signal_deliver(t);
      continue;
    }
    kernel_thread_park(t, seq);
  }
  *sig = got;
  return 0;
}

/* sigtimedwait / sigwaitinfo (FreeBSD's kern_sigtimedwait): takes a pending signal of SET
 * without running its handler and returns its number, its siginfo in INFO (if not NULL);
 * waits for one until TIMEOUT (relative, CLOCK_MONOTONIC; NULL: for ever): -1 with EAGAIN
 * when it passes (a zero timeout polls), EINVAL for a tv_nsec outside [0, 1e9) when it would
 * wait. A handler of another signal that runs meanwhile ends the wait with EINTR when the wait
 * has a timeout (a timed sleep is never restarted) or the handler lacks SA_RESTART; otherwise
 * the wait goes on. A cancellation point. */
static int timed_wait(const uint32_t *set, void *info, const struct guest_timespec *timeout) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return (int)hle_posix_result(-GUEST_ENOMEM);
  if (!set) return (int)hle_posix_result(-GUEST_EFAULT);
  uint32_t want[SIG_WORDS];
  memcpy(want, set, sizeof want);
  strip_unblockable(want);
  int64_t end = 0;
  bool timed = timeout != NULL, valid_time = false;
  if (timed) {
    valid_time = timeout->tv_sec >= 0 && timeout->tv_nsec >= 0 && timeout->tv_nsec < 1000000000;
    int64_t now = sync_clock_ns(SYNC_CLOCK_MONOTONIC);
    int64_t sec = valid_time && timeout->tv_sec < INT32_MAX ? timeout->tv_sec : INT32_MAX;
    end = valid_time ? now + sec * 1000000000 + timeout->tv_nsec : now;
  }
  for (;;) {
    uint32_t seq = kernel_thread_wake_seq(t);
    kernel_thread_testcancel();
    bool from_proc = false;
    pthread_mutex_lock(&sig_lock);
    int got = take_from_locked(t, want, &from_proc);
    pthread_mutex_unlock(&sig_lock);
    if (got) {
      if (info) {
        struct guest_siginfo si = {.signo = got,
                                   .code = from_proc ? GUEST_SI_USER : GUEST_SI_LWP,
                                   .pid = (int32_t)getpid()};
        memcpy(info, &si, sizeof si);
      }
      return got;
    }
    if (kernel_signal_deliverable(t)) {
      unsigned ran = kernel_signal_deliver_flags(t);
      if ((ran & KTHREAD_SIGNALS_RAN) && (timed || (ran & KTHREAD_SIGNALS_NO_RESTART)))
        return (int)hle_posix_result(-GUEST_EINTR);
      continue;
    }
    if (timed && !valid_time) return (int)hle_posix_result(-GUEST_EINVAL);
    if (timed && sync_clock_ns(SYNC_CLOCK_MONOTONIC) >= end)
      return (int)hle_posix_result(-GUEST_EAGAIN);
    struct sync_deadline d = {SYNC_CLOCK_MONOTONIC, end};
    sync_futex_wait((const uint32_t *)&t->wake_seq, seq, timed ? &d : NULL);
  }
}

int kernel_sigtimedwait(const uint32_t *set, void *info, const struct guest_timespec *timeout) {
  return timed_wait(set, info, timeout);
}

int kernel_sigwaitinfo(const uint32_t *set, void *info) { return timed_wait(set, info, NULL); }

/* ---- the alternate signal stack ------------------------------------------------------------ */

#define GUEST_SS_ONSTACK 1
#define GUEST_SS_DISABLE 4
#define GUEST_MINSIGSTKSZ 2048 /* FreeBSD amd64: 512 * 4 */

/* sigaltstack (FreeBSD's kern_sigaltstack): OLD gets the last stack set with SS_ONSTACK while
 * the thread runs on it, SS_DISABLE when none is enabled; a new one is refused while on it
 * (EPERM), with flags other than SS_DISABLE (EINVAL) or below MINSIGSTKSZ (ENOMEM). Per
 * thread; a new thread starts without one. */
int64_t kernel_signal_altstack(const struct guest_stack *ss, struct guest_stack *old) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return -GUEST_ENOMEM;
  bool on = on_altstack(t);
  struct guest_stack prev = {
      .sp = t->altstack_sp,
      .size = t->altstack_size,
      .flags = t->altstack_on ? (on ? GUEST_SS_ONSTACK : 0) : GUEST_SS_DISABLE};
  if (ss) {
    if (on) return -GUEST_EPERM;
    if (ss->flags & ~GUEST_SS_DISABLE) return -GUEST_EINVAL;
    if (!(ss->flags & GUEST_SS_DISABLE)) {
      if (ss->size < GUEST_MINSIGSTKSZ) return -GUEST_ENOMEM;
      t->altstack_sp = ss->sp;
      t->altstack_size = ss->size;
      t->altstack_on = true;
    } else {
      t->altstack_on = false;
    }
  }
  if (old) *old = prev;
  return 0;
}

int kernel_sigaltstack(const struct guest_stack *ss, struct guest_stack *old) {
  return (int)hle_posix_result(kernel_signal_altstack(ss, old));
}
