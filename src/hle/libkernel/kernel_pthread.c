/* libkernel: guest pthreads (scePthread* and pthread_*), one host thread per guest thread.
 *
 * ScePthread / pthread_t is a pointer to a struct kthread (kernel_pthread_internal.h); every
 * live object sits in a registry so that a wrong or stale handle gives ESRCH instead of a
 * host crash. A created thread gets a guest stack in the user band with a no-access guard
 * page below it (unless the guest gives its own stack), the loader's per-thread set-up
 * (TCB + static TLS, alternate signal stack, MXCSR / x87 defaults) on its host thread, and
 * runs the start routine on the guest stack (kernel_thread_run_guest). When the routine
 * returns or calls pthread_exit, the cleanup handlers and key destructors run, the guest
 * code is left, the TLS blocks are freed and the thread is marked done; the joiner (or the
 * thread itself when detached) then frees the stack, the host thread and the object.
 *
 * Cancellation is deferred: a request is acted on at cancellation points (join, the sleeps,
 * pthread_testcancel, and the waits of other areas that use kernel_thread_cancel_wait_*);
 * a thread blocked in such a wait is interrupted with a host signal. Asynchronous
 * cancellation is treated as deferred (logged). Priorities and policies are kept and reported
 * as the console does and reach the host as per-thread nice values (kernel_sched.c); affinity
 * masks are kept and reported, the host's CPU choice is not changed (logged once). */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common/host_sched.h"
#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/guest_vm.h"
#include "loader/loader.h"

#define HOST_STACK (256u << 10) /* host frames only: guest code runs on its own stack */
#define PAGE SCE_GUEST_PAGE_SIZE

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kthread *reg_head;
static uint64_t reg_serial; /* registry lock */
static _Thread_local struct kthread *cur;
static pthread_once_t cancel_signal_once = PTHREAD_ONCE_INIT;

static uint64_t round_page(uint64_t v) { return (v + PAGE - 1) & ~(uint64_t)(PAGE - 1); }

static int sce(int e) { return e ? SCE_KERNEL_ERROR(e) : 0; }

/* ---- registry ---------------------------------------------------------------------------- */

static void reg_insert_locked(struct kthread *t) {
  t->prev = NULL;
  t->next = reg_head;
  if (reg_head) reg_head->prev = t;
  reg_head = t;
}

static void reg_remove_locked(struct kthread *t) {
  if (t->prev) t->prev->next = t->next;
  else reg_head = t->next;
  if (t->next) t->next->prev = t->prev;
  t->next = t->prev = NULL;
}

static bool reg_has_locked(const struct kthread *t) {
  if (!t) return false;
  for (struct kthread *p = reg_head; p; p = p->next)
    if (p == t) return true;
  return false;
}

bool kernel_pthread_valid(struct kthread *t) {
  pthread_mutex_lock(&reg_lock);
  bool ok = reg_has_locked(t);
  pthread_mutex_unlock(&reg_lock);
  return ok;
}

int kernel_pthread_attr_snapshot(struct kthread *t, struct kthread_attr *out) {
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e) {
    *out = t->attr;
    out->detached = t->detached ? KTHREAD_CREATE_DETACHED : 0;
  }
  pthread_mutex_unlock(&reg_lock);
  return e;
}

static void set_host_name(struct kthread *t, pthread_t host_thread) {
  char host[16];
  snprintf(host, sizeof host, "%s", t->name[0] ? t->name : "guest thread");
  pthread_setname_np(host_thread, host);
}

static void copy_name(struct kthread *t, const char *name) {
  snprintf(t->name, sizeof t->name, "%s", name ? name : "");
}

struct kthread *kernel_pthread_current(void) {
  if (cur) return cur;
  /* the main thread, or one started by thr_new: its object is made on first use */
  struct kthread *t = calloc(1, sizeof *t);
  if (!t) {
    LOG(hle, ERROR, "pthread: out of memory for the calling thread's object");
    return NULL;
  }
  t->magic = KTHREAD_MAGIC;
  t->host = pthread_self();
  t->host_known = true;
  t->adopted = true;
  t->tid = kernel_thread_id();
  kernel_pthread_attr_defaults(&t->attr);
  int main_prio = kernel_sched_main_prio(); /* the guest's main thread: its priority and nice */
  if (main_prio >= 0 && gettid() == getpid()) t->attr.prio = main_prio;
  t->cancel_state = KTHREAD_CANCEL_ENABLE;
  t->cancel_type = KTHREAD_CANCEL_DEFERRED;
  char host[16] = "";
  pthread_getname_np(t->host, host, sizeof host);
  copy_name(t, host);
  pthread_mutex_lock(&reg_lock);
  reg_insert_locked(t);
  pthread_mutex_unlock(&reg_lock);
  cur = t;
  return t;
}

static void futex_wake_all(_Atomic uint32_t *word);

void kernel_thread_forget_current(void) {
  struct kthread *t = cur;
  if (!t || !t->adopted) return;
  cur = NULL;
  pthread_mutex_lock(&reg_lock);
  bool joining = t->joiner != NULL;
  if (!joining) reg_remove_locked(t);
  atomic_store(&t->done, 1);
  pthread_mutex_unlock(&reg_lock);
  if (joining) { /* the joiner frees it */
    futex_wake_all(&t->done);
    return;
  }
  free(t->specific);
  t->magic = 0;
  free(t);
}

/* ---- futex waits ------------------------------------------------------------------------- */

static long futex_wait(_Atomic uint32_t *word, uint32_t expect, const struct timespec *rel) {
  return syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expect, rel, NULL, 0);
}

static void futex_wake_all(_Atomic uint32_t *word) {
  syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* ---- cancellation ------------------------------------------------------------------------ */

static int cancel_signal(void) { return SIGRTMIN + 2; }

static void cancel_signal_handler(int sig) { (void)sig; /* only interrupts the wait */ }

static void cancel_signal_install(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = cancel_signal_handler;
  sa.sa_flags = SA_ONSTACK; /* no SA_RESTART: the interrupted wait returns EINTR */
  sigemptyset(&sa.sa_mask);
  if (sigaction(cancel_signal(), &sa, NULL) != 0)
    LOG(hle, ERROR, "pthread: cannot install the cancellation signal: %s", strerror(errno));
}

static bool cancel_due(const struct kthread *t) {
  return t && !t->exiting && t->cancel_state == KTHREAD_CANCEL_ENABLE &&
         atomic_load(&t->cancel_pending);
}

bool kernel_thread_cancel_due(void) { return cancel_due(cur); }

void kernel_thread_testcancel(void) {
  struct kthread *t = cur;
  if (!cancel_due(t)) return;
  atomic_store(&t->in_cancel_wait, false);
  kernel_pthread_exit(KTHREAD_CANCELED);
}

void kernel_thread_cancel_wait_begin(void) {
  struct kthread *t = cur;
  if (!t) return;
  atomic_store(&t->in_cancel_wait, true); /* before the check: pairs with kernel_pthread_cancel */
  kernel_thread_testcancel();
}

void kernel_thread_cancel_wait_leave(bool act) {
  struct kthread *t = cur;
  if (!t) return;
  atomic_store(&t->in_cancel_wait, false);
  if (act) kernel_thread_testcancel();
}

void kernel_thread_cancel_wait_end(void) { kernel_thread_cancel_wait_leave(true); }

struct kthread *kernel_pthread_current_if_any(void) {
  return cur;
}

void kernel_pthread_interrupt_wait(struct kthread *t) {
  pthread_once(&cancel_signal_once, cancel_signal_install);
  if (t != cur && t->host_known && !atomic_load(&t->done) && atomic_load(&t->in_signal_wait))
    pthread_kill(t->host, cancel_signal());
}

static uint64_t mono_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int kernel_thread_sleep(const struct timespec *rel) {
  return kernel_thread_sleep_signals(rel, NULL, true);
}

int kernel_thread_sleep_signals(const struct timespec *rel, struct timespec *rem, bool resume) {
  if (!rel || rel->tv_sec < 0 || rel->tv_nsec < 0 || rel->tv_nsec >= 1000000000)
    return -GUEST_EINVAL;
  struct kthread *t = cur;
  if (!t) { /* a host thread, or a guest thread that never asked for its object */
    struct timespec ts = *rel;
    while (nanosleep(&ts, &ts) != 0)
      if (errno != EINTR) return -hle_errno_from_host(errno);
    return 0;
  }
  uint64_t total = (uint64_t)rel->tv_sec * 1000000000u + (uint64_t)rel->tv_nsec;
  uint64_t end = mono_ns() + total;
  for (;;) {
    uint32_t seq = atomic_load(&t->wake_seq);
    kernel_thread_testcancel();         /* after reading SEQ: a later cancel changes it */
    if (kernel_signal_deliverable(t)) { /* after reading SEQ too: a later send changes it */
      if (kernel_signal_deliver(t) && !resume) {
        uint64_t now = mono_ns(), left = now < end ? end - now : 0;
        if (rem) *rem = (struct timespec){(time_t)(left / 1000000000u), (long)(left % 1000000000u)};
        return -GUEST_EINTR;
      }
      continue;
    }
    uint64_t now = mono_ns();
    if (now >= end) break;
    uint64_t left = end - now;
    struct timespec ts = {(time_t)(left / 1000000000u), (long)(left % 1000000000u)};
    futex_wait(&t->wake_seq, seq, &ts); /* woken, timed out or interrupted: check again */
  }
  kernel_thread_testcancel();
  return 0;
}

uint32_t kernel_thread_wake_seq(struct kthread *t) { return atomic_load(&t->wake_seq); }

void kernel_thread_park(struct kthread *t, uint32_t seq) {
  futex_wait(&t->wake_seq, seq, NULL); /* woken, interrupted or SEQ moved on: the caller checks */
}

void kernel_thread_wake(struct kthread *t) {
  atomic_fetch_add(&t->wake_seq, 1);
  futex_wake_all(&t->wake_seq);
}

int kernel_pthread_with_tid(int64_t tid, void (*fn)(struct kthread *, void *), void *arg) {
  pthread_mutex_lock(&reg_lock);
  struct kthread *p = reg_head;
  while (p && (p->tid != tid || atomic_load(&p->done))) p = p->next;
  if (p && fn) fn(p, arg);
  pthread_mutex_unlock(&reg_lock);
  return p ? 0 : GUEST_ESRCH;
}

void kernel_pthread_wake_all(void) {
  pthread_mutex_lock(&reg_lock);
  for (struct kthread *p = reg_head; p; p = p->next)
    if (!atomic_load(&p->done)) kernel_thread_wake(p);
  pthread_mutex_unlock(&reg_lock);
}

int kernel_pthread_with_live(struct kthread *t, void (*fn)(struct kthread *, void *), void *arg) {
  pthread_mutex_lock(&reg_lock);
  bool live = reg_has_locked(t) && !atomic_load(&t->done);
  if (live && fn) fn(t, arg);
  pthread_mutex_unlock(&reg_lock);
  return live ? 0 : GUEST_ESRCH;
}

void kernel_pthread_testcancel(void) { kernel_thread_testcancel(); }

int kernel_pthread_cancel(kthread_t t) {
  pthread_once(&cancel_signal_once, cancel_signal_install);
  pthread_mutex_lock(&reg_lock);
  if (!reg_has_locked(t)) {
    pthread_mutex_unlock(&reg_lock);
    return GUEST_ESRCH;
  }
  atomic_store(&t->cancel_pending, true);
  atomic_fetch_add(&t->wake_seq, 1); /* ends a kernel_thread_sleep (object alive: locked) */
  futex_wake_all(&t->wake_seq);
  if (t != cur && !atomic_load(&t->done) && atomic_load(&t->in_cancel_wait))
    pthread_kill(t->host, cancel_signal());
  pthread_mutex_unlock(&reg_lock);
  if (t == cur && t->cancel_type == KTHREAD_CANCEL_ASYNCHRONOUS) kernel_thread_testcancel();
  return 0;
}

int kernel_pthread_setcancelstate(int state, int *old) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return GUEST_ENOMEM;
  if (state != KTHREAD_CANCEL_ENABLE && state != KTHREAD_CANCEL_DISABLE) return GUEST_EINVAL;
  int prev = t->cancel_state;
  t->cancel_state = state;
  if (old) *old = prev;
  return 0;
}

int kernel_pthread_setcanceltype(int type, int *old) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return GUEST_ENOMEM;
  if (type != KTHREAD_CANCEL_DEFERRED && type != KTHREAD_CANCEL_ASYNCHRONOUS) return GUEST_EINVAL;
  if (type == KTHREAD_CANCEL_ASYNCHRONOUS)
    LOG_ONCE(hle, WARN, "pthread: asynchronous cancellation acts at cancellation points only");
  int prev = t->cancel_type;
  t->cancel_type = type;
  if (old) *old = prev;
  if (type == KTHREAD_CANCEL_ASYNCHRONOUS) kernel_thread_testcancel();
  return 0;
}

/* ---- cleanup handlers -------------------------------------------------------------------- */

static void call_guest1(uint64_t fn, uint64_t arg) { ((void (*)(uint64_t))(uintptr_t)fn)(arg); }

void kernel_pthread_cleanup_push_imp(kthread_guest_fn routine, uint64_t arg,
                                     struct kthread_cleanup_info *info) {
  struct kthread *t = kernel_pthread_current();
  if (!t || !info) return;
  struct kthread_cleanup *c = (struct kthread_cleanup *)info;
  c->routine = routine;
  c->arg = arg;
  c->prev = t->cleanup;
  c->on_heap = 0;
  t->cleanup = c;
}

void kernel_pthread_cleanup_pop_imp(int execute) {
  struct kthread *t = kernel_pthread_current();
  if (!t || !t->cleanup) return;
  struct kthread_cleanup *c = t->cleanup;
  t->cleanup = c->prev;
  uint64_t routine = c->routine, arg = c->arg;
  if (c->on_heap) free(c);
  if (execute && routine) call_guest1(routine, arg);
}

void kernel_pthread_cleanup_push(kthread_guest_fn routine, uint64_t arg) {
  struct kthread *t = kernel_pthread_current();
  struct kthread_cleanup *c = t ? malloc(sizeof *c) : NULL;
  if (!c) {
    LOG(hle, ERROR, "pthread_cleanup_push: out of memory");
    return;
  }
  c->routine = routine;
  c->arg = arg;
  c->prev = t->cleanup;
  c->on_heap = 1;
  t->cleanup = c;
}

void kernel_pthread_cleanup_pop(int execute) { kernel_pthread_cleanup_pop_imp(execute); }

/* ---- exit, create, join, detach ---------------------------------------------------------- */

/* _sceKernelSetThreadDtors: a routine the console's libc registers to run at every thread's
 * exit (its thread_local destructors), after the cleanup handlers, before the key
 * destructors. */
static _Atomic kthread_guest_fn thread_dtors;

void kernel_pthread_set_thread_dtors(kthread_guest_fn fn) { atomic_store(&thread_dtors, fn); }

_Noreturn void kernel_pthread_exit(uint64_t value) {
  struct kthread *t = kernel_pthread_current();
  if (!t) kernel_thread_leave();
  if (t->exiting) {
    LOG(hle, GAME_ERROR,
        "pthread_exit called again while the thread exits (from a cleanup "
        "handler or key destructor): the thread ends now");
    kernel_thread_leave();
  }
  t->exiting = true;
  t->retval = value;
  while (t->cleanup) kernel_pthread_cleanup_pop_imp(1);
  kthread_guest_fn dtors = atomic_load(&thread_dtors);
  if (dtors) ((void (*)(void))(uintptr_t)dtors)();
  kernel_pthread_run_key_destructors(t);
  if (t->adopted) { /* no host frame of ours to return to: mark it done here */
    atomic_store(&t->done, 1);
    futex_wake_all(&t->done);
  }
  kernel_thread_leave();
}

/* Stacks the system allocated are kept for reuse, a few of them, as libthr does (its stack
 * cache): they stay mapped, guard page included, so creating a thread costs no mapping
 * change once the cache is warm. */
#define STACK_CACHE_MAX 16
struct cached_stack {
  uint64_t base, total, guard;
};
static pthread_mutex_t stack_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cached_stack stack_cache[STACK_CACHE_MAX];
static int stack_cached;

static uint64_t stack_from_cache(uint64_t total, uint64_t guard) {
  uint64_t base = 0;
  pthread_mutex_lock(&stack_lock);
  for (int i = stack_cached - 1; i >= 0; i--)
    if (stack_cache[i].total == total && stack_cache[i].guard == guard) {
      base = stack_cache[i].base;
      stack_cache[i] = stack_cache[--stack_cached];
      break;
    }
  pthread_mutex_unlock(&stack_lock);
  return base;
}

static void stack_release(uint64_t base, uint64_t total, uint64_t guard) {
  pthread_mutex_lock(&stack_lock);
  bool kept = stack_cached < STACK_CACHE_MAX;
  if (kept) stack_cache[stack_cached++] = (struct cached_stack){base, total, guard};
  pthread_mutex_unlock(&stack_lock);
  if (!kept) guest_vm_free(base, total);
}

static void release(struct kthread *t) {
  if (t->stack_map) stack_release(t->stack_map, t->stack_map_size, t->stack_guard);
  free(t->specific);
  t->magic = 0;
  free(t);
}

static void guest_entry(void *p) {
  struct kthread *t = p;
  uint64_t r = ((uint64_t(*)(uint64_t))(uintptr_t)t->start)(t->arg);
  kernel_pthread_exit(r);
}

static void *host_main(void *p) {
  struct kthread *t = p;
  cur = t;
  pthread_mutex_lock(&reg_lock);
  t->host = pthread_self();
  t->host_known = true;
  t->tid = kernel_thread_id();
  kernel_sched_apply_locked(t); /* under the lock: a priority change meanwhile applies after */
  pthread_mutex_unlock(&reg_lock);
  set_host_name(t, pthread_self());
  uint64_t top = t->attr.stackaddr + t->attr.stacksize;
  while (atomic_load(&t->suspended)) futex_wait(&t->suspended, 1, NULL); /* until resumed */
  if (loader_thread_attach()) kernel_thread_run_guest(top, guest_entry, t);
  else LOG(hle, ERROR, "pthread: thread '%s' could not get its TLS; it ends at once", t->name);
  loader_thread_detach();
  cur = NULL;
  pthread_mutex_lock(&reg_lock);
  atomic_store(&t->done, 1);
  bool reap = t->detached;
  if (reap) reg_remove_locked(t);
  pthread_mutex_unlock(&reg_lock);
  if (reap) {
    pthread_detach(pthread_self());
    release(t);
  } /* else the joiner frees T after joining this host thread */
  kernel_thread_live_drop();
  return NULL;
}

static bool alloc_stack(struct kthread *t) {
  uint64_t size = round_page(t->attr.stacksize);
  uint64_t guard = round_page(t->attr.guardsize);
  uint64_t total = guard + size;
  uint64_t base = stack_from_cache(total, guard);
  if (!base) {
    base = guest_vm_alloc(total, PAGE, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE, "thread stack");
    if (!base) return false;
    if (guard && !guest_vm_protect(base, guard, 0)) {
      guest_vm_free(base, total);
      return false;
    }
  }
  t->stack_guard = guard;
  t->stack_map = base;
  t->stack_map_size = total;
  t->attr.stackaddr = base + guard;
  t->attr.stacksize = size;
  return true;
}

int kernel_pthread_create_name(kthread_t *out, const kthread_attr_t *attrp, kthread_start_fn start,
                               uint64_t arg, const char *name) {
  if (!out || !start) return GUEST_EINVAL;
  struct kthread *self = kernel_pthread_current();
  struct kthread *t = calloc(1, sizeof *t);
  if (!t) return GUEST_EAGAIN;
  t->magic = KTHREAD_MAGIC;
  if (attrp && *attrp) {
    if ((*attrp)->magic != KTHREAD_ATTR_MAGIC) {
      free(t);
      return GUEST_EINVAL;
    }
    t->attr = **attrp;
  } else {
    kernel_pthread_attr_defaults(&t->attr);
  }
  if (t->attr.inherit == KTHREAD_INHERIT_SCHED && self) {
    t->attr.policy = self->attr.policy;
    t->attr.prio = self->attr.prio;
  }
  t->start = start;
  t->arg = arg;
  kernel_signal_thread_init(t, self);
  t->detached = t->attr.detached == KTHREAD_CREATE_DETACHED;
  t->cancel_state = KTHREAD_CANCEL_ENABLE;
  t->cancel_type = KTHREAD_CANCEL_DEFERRED;
  t->host_joinable = true;
  atomic_store(&t->suspended, t->attr.create_suspended ? 1 : 0);
  copy_name(t, name);
  if (!t->attr.stackaddr && !alloc_stack(t)) {
    free(t);
    return GUEST_EAGAIN;
  }
  pthread_mutex_lock(&reg_lock);
  t->serial = ++reg_serial;
  uint64_t serial = t->serial;
  reg_insert_locked(t);
  pthread_mutex_unlock(&reg_lock);
  *out = t; /* before the thread runs: it may read the handle the creator stored */

  pthread_attr_t ha;
  pthread_attr_init(&ha);
  pthread_attr_setstacksize(&ha, HOST_STACK);
  kernel_thread_live_add();
  pthread_t host;
  /* from a nice the thread can take its own from (kernel_sched.c), whatever the creator's */
  int r = host_sched_thread_create_for(&host, &ha, host_main, t, kernel_sched_start_nice(t));
  pthread_attr_destroy(&ha);
  if (r == 0) {
    /* The thread stores the same value itself as it starts; whichever is first lets a
     * joiner or a canceller use it. A detached thread may already have ended and freed T
     * (and another object may have been made at the same address): T is written only if
     * it is still this thread's object. */
    pthread_mutex_lock(&reg_lock);
    if (reg_has_locked(t) && t->serial == serial) {
      t->host = host;
      t->host_known = true;
    }
    pthread_mutex_unlock(&reg_lock);
  }
  if (r != 0) {
    LOG(hle, WARN, "pthread_create: host thread creation failed: %s", strerror(r));
    t->host_joinable = false;
    kernel_thread_live_drop(); /* never the last: the caller lives */
    pthread_mutex_lock(&reg_lock);
    reg_remove_locked(t);
    pthread_mutex_unlock(&reg_lock);
    release(t);
    *out = NULL;
    return GUEST_EAGAIN;
  }
  return 0;
}

int kernel_pthread_create(kthread_t *out, const kthread_attr_t *attr, kthread_start_fn start,
                          uint64_t arg) {
  return kernel_pthread_create_name(out, attr, start, arg, NULL);
}

/* Waits until T has ended; a cancellation point. A thread we created is waited for with the
 * host join itself (one wake-up), in slices so that a cancel request is seen within one
 * slice; an adopted thread (one that called pthread_exit) through its done word. The joiner
 * mark is taken back if the caller is cancelled meanwhile. */
#define JOIN_SLICE_NS (20 * 1000 * 1000)
static void join_backout_if_cancelled(struct kthread *self, struct kthread *t) {
  if (!cancel_due(self)) return;
  pthread_mutex_lock(&reg_lock);
  t->joiner = NULL;
  pthread_mutex_unlock(&reg_lock);
  kernel_thread_testcancel();
}

static bool before(const struct timespec *a, const struct timespec *b) {
  return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* Waits for T until DEADLINE (CLOCK_REALTIME, or NULL: no limit); false on time-out. */
static bool join_wait(struct kthread *self, struct kthread *t, const struct timespec *deadline) {
  bool finished = false;
  if (self) atomic_store(&self->in_cancel_wait, true);
  /* a guest signal sent meanwhile runs its handler here and the join goes on (libthr's join
   * waits on the thread id again after an interrupted sleep; POSIX: never EINTR); a suspend
   * request parks the thread here */
  unsigned prev_wait = self ? kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL) : 0;
  pthread_t host = 0;
  bool host_known = false;
  for (;;) {
    join_backout_if_cancelled(self, t);
    if (self && kernel_signal_deliverable(self)) kernel_thread_deliver_signals();
    if (!host_known) { /* a join right after create may come before the handle is stored */
      pthread_mutex_lock(&reg_lock);
      host_known = t->host_known;
      host = t->host;
      pthread_mutex_unlock(&reg_lock);
    }
    if (!t->host_joinable && atomic_load(&t->done)) {
      finished = true;
      break;
    }
    struct timespec now, until;
    clock_gettime(CLOCK_REALTIME, &now);
    if (deadline && !before(&now, deadline)) break;
    until = now;
    until.tv_nsec += JOIN_SLICE_NS;
    if (until.tv_nsec >= 1000000000) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000;
    }
    if (deadline && before(deadline, &until)) until = *deadline;
    if (t->host_joinable && !host_known) {
      struct timespec rel = {0, 100 * 1000};
      nanosleep(&rel, NULL);
    } else if (t->host_joinable) {
      int r = pthread_timedjoin_np(host, NULL, &until);
      if (r == 0) {
        t->host_joinable = false; /* joined */
        finished = true;
        break;
      }
      if (r != ETIMEDOUT && r != EINTR) {
        LOG(hle, ERROR, "pthread_join: host join failed: %s", strerror(r));
        t->host_joinable = false;
        finished = true;
        break;
      }
    } else {
      struct timespec rel = {0, JOIN_SLICE_NS};
      if (deadline) {
        int64_t ns =
            (int64_t)(until.tv_sec - now.tv_sec) * 1000000000 + until.tv_nsec - now.tv_nsec;
        rel.tv_sec = ns / 1000000000;
        rel.tv_nsec = ns % 1000000000;
      }
      futex_wait(&t->done, 0, &rel);
    }
  }
  if (self) {
    kernel_thread_wait_restore(prev_wait);
    atomic_store(&self->in_cancel_wait, false);
  }
  return finished;
}

static int join(kthread_t t, uint64_t *value, const struct timespec *deadline) {
  struct kthread *self = kernel_pthread_current();
  if (!t) return GUEST_EINVAL;
  if (t == self) return GUEST_EDEADLK;
  pthread_mutex_lock(&reg_lock);
  int e = 0;
  if (!reg_has_locked(t)) e = GUEST_ESRCH;
  else if (t->detached) e = GUEST_EINVAL;
  else if (t->joiner) e = GUEST_EOPNOTSUPP; /* libthr supports one joiner */
  else t->joiner = self;
  pthread_mutex_unlock(&reg_lock);
  if (e) return e;
  kernel_thread_testcancel();
  if (!join_wait(self, t, deadline)) {
    pthread_mutex_lock(&reg_lock);
    t->joiner = NULL;
    pthread_mutex_unlock(&reg_lock);
    return GUEST_ETIMEDOUT;
  }
  pthread_mutex_lock(&reg_lock);
  reg_remove_locked(t);
  pthread_mutex_unlock(&reg_lock);
  if (value) *value = t->retval;
  if (t->adopted) { /* an adopted thread that called pthread_exit: its object only */
    t->magic = 0;
    free(t->specific);
    free(t);
  } else {
    release(t);
  }
  return 0;
}

int kernel_pthread_join(kthread_t t, uint64_t *value) { return join(t, value, NULL); }

/* FreeBSD pthread_timedjoin_np: ABSTIME on CLOCK_REALTIME; ETIMEDOUT when it passes first. */
int kernel_pthread_timedjoin_np(kthread_t t, uint64_t *value,
                                const struct guest_timespec *abstime) {
  if (!abstime || abstime->tv_sec < 0 || abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)
    return GUEST_EINVAL;
  struct timespec deadline = {(time_t)abstime->tv_sec, (long)abstime->tv_nsec};
  return join(t, value, &deadline);
}

int kernel_pthread_detach(kthread_t t) {
  if (!t) return GUEST_EINVAL;
  pthread_mutex_lock(&reg_lock);
  if (!reg_has_locked(t)) {
    pthread_mutex_unlock(&reg_lock);
    return GUEST_ESRCH;
  }
  if (t->detached || t->joiner) {
    pthread_mutex_unlock(&reg_lock);
    return GUEST_EINVAL;
  }
  t->detached = true;
  bool reap = atomic_load(&t->done) && !t->adopted;
  if (reap) reg_remove_locked(t);
  pthread_mutex_unlock(&reg_lock);
  if (reap) {
    if (t->host_joinable) pthread_join(t->host, NULL);
    release(t);
  }
  return 0;
}

int kernel_pthread_resume_np(kthread_t t) {
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e && atomic_exchange(&t->suspended, 0)) futex_wake_all(&t->suspended); /* T is alive */
  if (!e && atomic_exchange(&t->suspend_req, 0)) futex_wake_all(&t->suspend_req);
  pthread_mutex_unlock(&reg_lock);
  return e;
}

int kernel_pthread_sce_resume(kthread_t t) { return sce(kernel_pthread_resume_np(t)); }

kthread_t kernel_pthread_self(void) { return kernel_pthread_current(); }

int kernel_pthread_equal(kthread_t a, kthread_t b) { return a == b; }

void kernel_pthread_yield(void) { sched_yield(); }

int kernel_pthread_sched_yield(void) { return sched_yield() == 0 ? 0 : -1; }

int kernel_pthread_getthreadid(void) {
  struct kthread *t = kernel_pthread_current();
  return t ? (int)t->tid : (int)kernel_thread_id();
}

int kernel_pthread_host_tid(kthread_t t, int32_t *tid) {
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e) *tid = t->tid ? (int32_t)kernel_thread_host_tid(t->tid) : 0;
  pthread_mutex_unlock(&reg_lock);
  return e;
}

/* ---- names ------------------------------------------------------------------------------- */

int kernel_pthread_rename(kthread_t t, const char *name) {
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e) {
    copy_name(t, name);
    if (!atomic_load(&t->done) && (t == cur || t->host_known))
      set_host_name(t, t == cur ? pthread_self() : t->host);
  }
  pthread_mutex_unlock(&reg_lock);
  return e;
}

void kernel_pthread_set_name(kthread_t t, const char *name) { kernel_pthread_rename(t, name); }

int kernel_pthread_get_name(kthread_t t, char *name) {
  if (!name) return GUEST_EINVAL;
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e) memcpy(name, t->name, KTHREAD_NAME_SIZE);
  pthread_mutex_unlock(&reg_lock);
  return e;
}

/* ---- scheduling: priority, policy, affinity ---------------------------------------------- */

static void note_host_affinity(void) {
  LOG_ONCE(hle, STUB,
           "pthread: affinity masks are recorded and reported; the host's choice of CPU is not "
           "changed");
}

/* The console's priority range for POLICY; false for an unknown policy. */
static bool prio_range(int policy, int *lo, int *hi) {
  switch (policy) {
    case KTHREAD_SCHED_FIFO:
    case KTHREAD_SCHED_RR:
      *lo = KTHREAD_PRIO_FIFO_HIGHEST;
      *hi = KTHREAD_PRIO_FIFO_LOWEST;
      return true;
    case KTHREAD_SCHED_OTHER:
      *lo = KTHREAD_PRIO_OTHER_HIGHEST;
      *hi = KTHREAD_PRIO_OTHER_LOWEST;
      return true;
    default: return false;
  }
}

bool kernel_pthread_prio_valid(int policy, int prio) {
  int lo, hi;
  return prio_range(policy, &lo, &hi) && prio >= lo && prio <= hi;
}

int kernel_pthread_getprio(kthread_t t, int *prio) {
  if (!prio) return GUEST_EINVAL;
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e) *prio = t->attr.prio;
  pthread_mutex_unlock(&reg_lock);
  return e;
}

int kernel_pthread_posix_getprio(kthread_t t) {
  int prio;
  int e = kernel_pthread_getprio(t, &prio);
  if (e) {
    hle_errno_set(e);
    return -1;
  }
  return prio;
}

int kernel_pthread_setprio(kthread_t t, int prio) {
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e && !kernel_pthread_prio_valid(t->attr.policy, prio)) e = GUEST_EINVAL;
  if (!e) {
    t->attr.prio = prio;
    kernel_sched_apply_locked(t);
  }
  pthread_mutex_unlock(&reg_lock);
  return e;
}

int kernel_pthread_getschedparam(kthread_t t, int *policy, struct kthread_sched_param *param) {
  if (!policy || !param) return GUEST_EINVAL;
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e) {
    *policy = t->attr.policy;
    param->sched_priority = t->attr.prio;
  }
  pthread_mutex_unlock(&reg_lock);
  return e;
}

int kernel_pthread_setschedparam(kthread_t t, int policy, const struct kthread_sched_param *param) {
  if (!param) return GUEST_EINVAL;
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e && !kernel_pthread_prio_valid(policy, param->sched_priority)) e = GUEST_EINVAL;
  if (!e) {
    t->attr.policy = policy;
    t->attr.prio = param->sched_priority;
    kernel_sched_apply_locked(t);
  }
  pthread_mutex_unlock(&reg_lock);
  return e;
}

int kernel_pthread_sched_get_priority_max(int policy) {
  int lo, hi;
  if (!prio_range(policy, &lo, &hi)) {
    hle_errno_set(GUEST_EINVAL);
    return -1;
  }
  return hi;
}

int kernel_pthread_sched_get_priority_min(int policy) {
  int lo, hi;
  if (!prio_range(policy, &lo, &hi)) {
    hle_errno_set(GUEST_EINVAL);
    return -1;
  }
  return lo;
}

int kernel_pthread_getaffinity(kthread_t t, uint64_t *mask) {
  if (!mask) return GUEST_EINVAL;
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e) *mask = t->attr.affinity;
  pthread_mutex_unlock(&reg_lock);
  return e;
}

int kernel_pthread_setaffinity(kthread_t t, uint64_t mask) {
  kernel_pthread_current();
  pthread_mutex_lock(&reg_lock);
  int e = reg_has_locked(t) ? 0 : GUEST_ESRCH;
  if (!e && (mask & kernel_pthread_cpu_mask_all()) == 0) e = GUEST_EINVAL;
  if (!e) t->attr.affinity = mask & kernel_pthread_cpu_mask_all();
  pthread_mutex_unlock(&reg_lock);
  if (!e) note_host_affinity();
  return e;
}

int kernel_pthread_getaffinity_np(kthread_t t, size_t size, void *set) {
  if (!set || size == 0) return GUEST_EINVAL;
  uint64_t mask;
  int e = kernel_pthread_getaffinity(t, &mask);
  if (e) return e;
  memset(set, 0, size);
  memcpy(set, &mask, size < sizeof mask ? size : sizeof mask);
  return 0;
}

int kernel_pthread_setaffinity_np(kthread_t t, size_t size, const void *set) {
  if (!set || size == 0) return GUEST_EINVAL;
  uint64_t mask = 0;
  memcpy(&mask, set, size < sizeof mask ? size : sizeof mask);
  return kernel_pthread_setaffinity(t, mask);
}

int kernel_pthread_get_current_cpu(void) {
  struct kthread *t = kernel_pthread_current();
  uint64_t mask = t ? t->attr.affinity : kernel_pthread_cpu_mask_all();
  int n = __builtin_popcountll(mask);
  int host = sched_getcpu();
  if (n == 0) return 0;
  int k = (host < 0 ? 0 : host) % n;
  for (int cpu = 0; cpu < 64; cpu++)
    if (mask & (1ull << cpu) && k-- == 0) return cpu;
  return 0;
}

/* ---- the Sony faces ---------------------------------------------------------------------- */

int kernel_pthread_sce_create(kthread_t *out, const kthread_attr_t *attr, kthread_start_fn start,
                              uint64_t arg, const char *name) {
  return sce(kernel_pthread_create_name(out, attr, start, arg, name));
}
int kernel_pthread_sce_join(kthread_t t, uint64_t *value) {
  return sce(kernel_pthread_join(t, value));
}
int kernel_pthread_sce_detach(kthread_t t) { return sce(kernel_pthread_detach(t)); }
int kernel_pthread_sce_cancel(kthread_t t) { return sce(kernel_pthread_cancel(t)); }
int kernel_pthread_sce_setcancelstate(int state, int *old) {
  return sce(kernel_pthread_setcancelstate(state, old));
}
int kernel_pthread_sce_setcanceltype(int type, int *old) {
  return sce(kernel_pthread_setcanceltype(type, old));
}
int kernel_pthread_sce_rename(kthread_t t, const char *name) {
  return sce(kernel_pthread_rename(t, name));
}
int kernel_pthread_sce_get_name(kthread_t t, char *name) {
  return sce(kernel_pthread_get_name(t, name));
}
int kernel_pthread_sce_getprio(kthread_t t, int *prio) {
  return sce(kernel_pthread_getprio(t, prio));
}
int kernel_pthread_sce_setprio(kthread_t t, int prio) {
  return sce(kernel_pthread_setprio(t, prio));
}
int kernel_pthread_sce_getschedparam(kthread_t t, int *policy, struct kthread_sched_param *param) {
  return sce(kernel_pthread_getschedparam(t, policy, param));
}
int kernel_pthread_sce_setschedparam(kthread_t t, int policy,
                                     const struct kthread_sched_param *param) {
  return sce(kernel_pthread_setschedparam(t, policy, param));
}
int kernel_pthread_sce_getaffinity(kthread_t t, uint64_t *mask) {
  return sce(kernel_pthread_getaffinity(t, mask));
}
int kernel_pthread_sce_setaffinity(kthread_t t, uint64_t mask) {
  return sce(kernel_pthread_setaffinity(t, mask));
}
