/* libkernel: threads (scePthread*, pthread_*). The functions behind table_thread.inc and
 * posix_thread.inc; libkernel_table.c and posix_table.c include this header. Other areas use
 * the services at the top (cancellation points, the calling thread). */
#ifndef PROSPERO_HLE_LIBKERNEL_THREAD_H
#define PROSPERO_HLE_LIBKERNEL_THREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Services for other areas ------------------------------------------------------------
 * A cancellation point: if the calling guest thread has a cancel request pending and
 * cancellation enabled, it exits here as if by pthread_exit(PTHREAD_CANCELED): its cleanup
 * handlers and key destructors run, then it ends (the call does not return). Does nothing on
 * a thread without a request, or on a host thread that is no guest thread. Call it only where
 * no host lock is held. */
void kernel_thread_testcancel(void);
/* True when kernel_thread_testcancel() would end the calling thread now (it does not). */
bool kernel_thread_cancel_due(void);
/* Around a blocking host wait that is a cancellation point (sleeps, joins, condition waits):
 * _begin is a cancellation point and then lets pthread_cancel interrupt the wait with a
 * signal (the host call returns EINTR; call kernel_thread_testcancel() then); _end stops
 * that and is a cancellation point again. */
void kernel_thread_cancel_wait_begin(void);
void kernel_thread_cancel_wait_end(void);
/* _end for a wait that acts on a request at its end only when ACT (FreeBSD libthr's
 * _thr_cancel_leave: kevent and read, which got data, return it and leave the request to
 * the next cancellation point). */
void kernel_thread_cancel_wait_leave(bool act);
/* What may end the calling thread's interruptible waits of the sync and equeue layers early
 * with -EINTR (sync_wait.h): a cancel request (KTHREAD_WAIT_CANCEL; bracket the wait with
 * kernel_thread_cancel_wait_begin/_end too) and a guest signal it does not block
 * (KTHREAD_WAIT_SIGNAL: a sender then interrupts the host wait). 0 makes the waits
 * uninterruptible. Returns the previous state for kernel_thread_wait_restore
 * (kernel_thread_wait.c). */
#define KTHREAD_WAIT_CANCEL 1u
#define KTHREAD_WAIT_SIGNAL 2u
unsigned kernel_thread_wait_begin(unsigned interrupts);
void kernel_thread_wait_restore(unsigned prev);
/* The sync layer's question for the waits above: should the calling thread's wait end now? */
bool kernel_thread_interrupt_due(void);
/* Runs the guest handlers of the signals pending for the calling thread (not blocked):
 * KTHREAD_SIGNALS_RAN when one ran, with KTHREAD_SIGNALS_NO_RESTART when one of them was
 * installed without SA_RESTART (FreeBSD then ends a restartable wait with EINTR). */
#define KTHREAD_SIGNALS_RAN 1u
#define KTHREAD_SIGNALS_NO_RESTART 2u
unsigned kernel_thread_deliver_signals(void);

/* Sleeps REL (CLOCK_MONOTONIC) on the calling thread, resuming after signals; a cancellation
 * point that a cancel request ends at once, whenever it comes (no lost wake-up). 0, or
 * -(guest errno) for a bad REL. */
struct timespec;
int kernel_thread_sleep(const struct timespec *rel);
/* As kernel_thread_sleep, and delivers the guest signals sent meanwhile (their handlers run on
 * this thread). When a guest handler ran, the sleep ends with -GUEST_EINTR and REM (if not NULL)
 * gets the time that remained, as FreeBSD's nanosleep (never restarted, whatever SA_RESTART);
 * with RESUME the sleep goes on for the remaining time instead. */
int kernel_thread_sleep_signals(const struct timespec *rel, struct timespec *rem, bool resume);

/* ---- Host threads that run guest code (kernel_thread.c) --------------------------------
 * Every guest thread counts as live from its creation until its host thread ends; the last
 * one to end ends the process with status 0, as FreeBSD does. */
void kernel_thread_live_add(void);
void kernel_thread_live_drop(void);
/* On the calling (attached) host thread: runs FN(ARG) on the guest stack whose top is
 * STACK_TOP and returns when the guest code leaves through kernel_thread_leave(). */
void kernel_thread_run_guest(uint64_t stack_top, void (*fn)(void *), void *arg);
/* Leaves the guest code of the calling thread: back into kernel_thread_run_guest's frame;
 * on the main thread (which has none), the thread stops and counts as ended. */
_Noreturn void kernel_thread_leave(void);
/* On a thread started by thr_new as it ends: drops the thread object scePthreadSelf may
 * have made for it (kernel_pthread.c). */
void kernel_thread_forget_current(void);

/* ---- The console's numbers (FreeBSD libthr as the console ships it) -------------------- */
#define KTHREAD_NAME_SIZE 32              /* names keep at most 31 characters */
#define KTHREAD_KEYS_MAX 256              /* PTHREAD_KEYS_MAX */
#define KTHREAD_DESTRUCTOR_ITERATIONS 4   /* PTHREAD_DESTRUCTOR_ITERATIONS */
#define KTHREAD_STACK_DEFAULT (1u << 20)  /* FACTS.md: default thread stack 1 MiB */
#define KTHREAD_STACK_MIN (16u << 10)     /* PTHREAD_STACK_MIN: one 16 KiB page */
#define KTHREAD_GUARD_DEFAULT (16u << 10) /* one guest page, as libthr's default */
#define KTHREAD_PRIO_FIFO_HIGHEST 256     /* SCE_KERNEL_PRIO_FIFO_HIGHEST (numerically lowest) */
#define KTHREAD_PRIO_FIFO_LOWEST 767      /* SCE_KERNEL_PRIO_FIFO_LOWEST */
#define KTHREAD_PRIO_FIFO_DEFAULT 700     /* FACTS.md thread defaults */
#define KTHREAD_PRIO_OTHER_HIGHEST 768    /* SCHED_OTHER's range */
#define KTHREAD_PRIO_OTHER_LOWEST 959
#define KTHREAD_PRIO_OTHER_DEFAULT 900
#define KTHREAD_SCHED_FIFO 1 /* FreeBSD sched.h */
#define KTHREAD_SCHED_OTHER 2
#define KTHREAD_SCHED_RR 3
#define KTHREAD_INHERIT_SCHED 4 /* FreeBSD pthread.h: PTHREAD_INHERIT_SCHED */
#define KTHREAD_EXPLICIT_SCHED 0
#define KTHREAD_CREATE_DETACHED 1 /* PTHREAD_CREATE_DETACHED; JOINABLE is 0 */
#define KTHREAD_SCOPE_PROCESS 0
#define KTHREAD_SCOPE_SYSTEM 2
#define KTHREAD_CANCEL_ENABLE 0
#define KTHREAD_CANCEL_DISABLE 1
#define KTHREAD_CANCEL_DEFERRED 0
#define KTHREAD_CANCEL_ASYNCHRONOUS 2
#define KTHREAD_CANCELED ((uint64_t)1) /* PTHREAD_CANCELED */

struct kthread;      /* ScePthread / pthread_t point at one */
struct kthread_attr; /* ScePthreadAttr / pthread_attr_t point at one */
typedef struct kthread *kthread_t;
typedef struct kthread_attr *kthread_attr_t;
typedef uint64_t kthread_start_fn; /* guest void *(*)(void *) */
typedef uint64_t kthread_guest_fn; /* guest void (*)(void *) or void (*)(void) */

struct kthread_sched_param { /* FreeBSD struct sched_param */
  int32_t sched_priority;
};

struct kthread_once { /* FreeBSD pthread_once_t: {int state; pthread_mutex_t mutex;} */
  int32_t state;
  int32_t pad;
  uint64_t mutex;
};

/* FreeBSD struct _pthread_cleanup_info: room for one cleanup record on the guest's stack,
 * used by the pthread_cleanup_push/pop macros through __pthread_cleanup_push_imp. */
struct kthread_cleanup_info {
  uint64_t pad[8];
};

/* ---- pthread_* (kernel_pthread.c): 0 or a FreeBSD errno ------------------------------- */
int kernel_pthread_create(kthread_t *out, const kthread_attr_t *attr, kthread_start_fn start,
                          uint64_t arg);
int kernel_pthread_create_name(kthread_t *out, const kthread_attr_t *attr, kthread_start_fn start,
                               uint64_t arg, const char *name);
int kernel_pthread_join(kthread_t t, uint64_t *value);
struct guest_timespec;
int kernel_pthread_timedjoin_np(kthread_t t, uint64_t *value, const struct guest_timespec *abstime);
int kernel_pthread_detach(kthread_t t);
_Noreturn void kernel_pthread_exit(uint64_t value);
kthread_t kernel_pthread_self(void);
int kernel_pthread_equal(kthread_t a, kthread_t b);
void kernel_pthread_yield(void);
int kernel_pthread_sched_yield(void);
int kernel_pthread_cancel(kthread_t t);
int kernel_pthread_setcancelstate(int state, int *old);
int kernel_pthread_setcanceltype(int type, int *old);
void kernel_pthread_testcancel(void);
void kernel_pthread_cleanup_push_imp(kthread_guest_fn routine, uint64_t arg,
                                     struct kthread_cleanup_info *info);
void kernel_pthread_cleanup_pop_imp(int execute);
void kernel_pthread_cleanup_push(kthread_guest_fn routine, uint64_t arg);
void kernel_pthread_cleanup_pop(int execute);
int kernel_pthread_getthreadid(void);
/* The host thread id of T (what the synchronisation objects record of their waiters): 0 or
 * GUEST_ESRCH for a wrong or stale handle; *TID is 0 while T has not started. */
int kernel_pthread_host_tid(kthread_t t, int32_t *tid);
void kernel_pthread_set_thread_dtors(kthread_guest_fn fn); /* _sceKernelSetThreadDtors */
int kernel_pthread_rename(kthread_t t, const char *name);
void kernel_pthread_set_name(kthread_t t, const char *name);
int kernel_pthread_get_name(kthread_t t, char *name);
int kernel_pthread_getprio(kthread_t t, int *prio);
int kernel_pthread_setprio(kthread_t t, int prio);
int kernel_pthread_posix_getprio(kthread_t t); /* pthread_getprio: the priority, or -1 + errno */
int kernel_pthread_getschedparam(kthread_t t, int *policy, struct kthread_sched_param *param);
int kernel_pthread_setschedparam(kthread_t t, int policy, const struct kthread_sched_param *param);
int kernel_pthread_getaffinity(kthread_t t, uint64_t *mask);
int kernel_pthread_setaffinity(kthread_t t, uint64_t mask);
int kernel_pthread_getaffinity_np(kthread_t t, size_t size, void *set);
int kernel_pthread_setaffinity_np(kthread_t t, size_t size, const void *set);
int kernel_pthread_get_current_cpu(void);
int kernel_pthread_sched_get_priority_max(int policy);
int kernel_pthread_sched_get_priority_min(int policy);

/* the Sony faces: 0 or SCE_KERNEL_ERROR(errno) */
int kernel_pthread_sce_create(kthread_t *out, const kthread_attr_t *attr, kthread_start_fn start,
                              uint64_t arg, const char *name);
int kernel_pthread_sce_join(kthread_t t, uint64_t *value);
int kernel_pthread_sce_detach(kthread_t t);
int kernel_pthread_sce_cancel(kthread_t t);
int kernel_pthread_sce_setcancelstate(int state, int *old);
int kernel_pthread_sce_setcanceltype(int type, int *old);
int kernel_pthread_sce_rename(kthread_t t, const char *name);
int kernel_pthread_sce_get_name(kthread_t t, char *name);
int kernel_pthread_sce_getprio(kthread_t t, int *prio);
int kernel_pthread_sce_setprio(kthread_t t, int prio);
int kernel_pthread_sce_getschedparam(kthread_t t, int *policy, struct kthread_sched_param *param);
int kernel_pthread_sce_setschedparam(kthread_t t, int policy,
                                     const struct kthread_sched_param *param);
int kernel_pthread_sce_getaffinity(kthread_t t, uint64_t *mask);
int kernel_pthread_sce_setaffinity(kthread_t t, uint64_t mask);

/* ---- guest priorities on the host scheduler (kernel_sched.c) --------------------------
 * Every guest thread's priority maps to a host nice: the process's base nice plus the offset
 * of kernel_sched_nice_offset's table (docs/kernel-threads.md), applied by the thread itself
 * as it starts and on every priority change (--host-priorities=off: never). */
/* The nice offset above the base for a guest thread at PRIO (any policy: the table is by
 * priority); -1 for a priority outside 256..959. */
int kernel_sched_nice_offset(int prio);
/* The host nice a guest thread at PRIO gets: base + offset, clamped to the host's range. */
int kernel_sched_host_nice(int prio);
/* On (the default) or off: whether priorities reach the host at all. */
void kernel_sched_set_host_priorities(bool on);
bool kernel_sched_host_priorities(void);
/* Logs the mapping once (INFO), with whether a raised priority can be applied later. */
void kernel_sched_log_mapping(void);
/* On the guest's main thread, before its code runs: its priority (the process param's main
 * thread priority when the executable gives a valid one, else 700) given to its nice and to its
 * thread object when that is made (on first use). */
void kernel_sched_main_thread_start(void);

/* ---- attributes (kernel_pthread_attr.c) ----------------------------------------------- */
int kernel_pthread_attr_init(kthread_attr_t *a);
int kernel_pthread_attr_destroy(kthread_attr_t *a);
int kernel_pthread_attr_get_np(kthread_t t, kthread_attr_t *a);
int kernel_pthread_attr_getdetachstate(const kthread_attr_t *a, int *v);
int kernel_pthread_attr_setdetachstate(kthread_attr_t *a, int v);
int kernel_pthread_attr_setcreatesuspend_np(kthread_attr_t *a);
/* pthread_resume_np: lets a thread made suspended or suspended by pthread_suspend_np run (0
 * for any live thread, ESRCH for a wrong or stale handle). */
int kernel_pthread_resume_np(kthread_t t);
int kernel_pthread_sce_resume(kthread_t t);
/* pthread_suspend_np (FreeBSD libthr; kernel_pthread_suspend.c): T stops at its next
 * suspension point (guest code, a libkernel sleep or wait) and the call returns once it has;
 * EDEADLK for the caller itself, ESRCH for a wrong or stale handle. */
int kernel_pthread_suspend_np(kthread_t t);
int kernel_pthread_sce_suspend(kthread_t t);
int kernel_pthread_attr_getguardsize(const kthread_attr_t *a, uint64_t *v);
int kernel_pthread_attr_setguardsize(kthread_attr_t *a, uint64_t v);
int kernel_pthread_attr_getinheritsched(const kthread_attr_t *a, int *v);
int kernel_pthread_attr_setinheritsched(kthread_attr_t *a, int v);
int kernel_pthread_attr_getschedparam(const kthread_attr_t *a, struct kthread_sched_param *v);
int kernel_pthread_attr_setschedparam(kthread_attr_t *a, const struct kthread_sched_param *v);
int kernel_pthread_attr_getschedpolicy(const kthread_attr_t *a, int *v);
int kernel_pthread_attr_setschedpolicy(kthread_attr_t *a, int v);
int kernel_pthread_attr_getscope(const kthread_attr_t *a, int *v);
int kernel_pthread_attr_setscope(kthread_attr_t *a, int v);
int kernel_pthread_attr_getstack(const kthread_attr_t *a, uint64_t *addr, uint64_t *size);
int kernel_pthread_attr_setstack(kthread_attr_t *a, uint64_t addr, uint64_t size);
int kernel_pthread_attr_getstackaddr(const kthread_attr_t *a, uint64_t *v);
int kernel_pthread_attr_setstackaddr(kthread_attr_t *a, uint64_t v);
int kernel_pthread_attr_getstacksize(const kthread_attr_t *a, uint64_t *v);
int kernel_pthread_attr_setstacksize(kthread_attr_t *a, uint64_t v);
int kernel_pthread_attr_getaffinity(const kthread_attr_t *a, uint64_t *mask);
int kernel_pthread_attr_setaffinity(kthread_attr_t *a, uint64_t mask);
int kernel_pthread_attr_getaffinity_np(const kthread_attr_t *a, size_t size, void *set);
int kernel_pthread_attr_setaffinity_np(kthread_attr_t *a, size_t size, const void *set);
/* the Sony faces of every attribute function: the same arguments, SCE error codes */
int kernel_pthread_sce_attr_init(kthread_attr_t *a);
int kernel_pthread_sce_attr_destroy(kthread_attr_t *a);
int kernel_pthread_sce_attr_get(kthread_t t, kthread_attr_t *a);
int kernel_pthread_sce_attr_getdetachstate(const kthread_attr_t *a, int *v);
int kernel_pthread_sce_attr_setdetachstate(kthread_attr_t *a, int v);
int kernel_pthread_sce_attr_getguardsize(const kthread_attr_t *a, uint64_t *v);
int kernel_pthread_sce_attr_setguardsize(kthread_attr_t *a, uint64_t v);
int kernel_pthread_sce_attr_getinheritsched(const kthread_attr_t *a, int *v);
int kernel_pthread_sce_attr_setinheritsched(kthread_attr_t *a, int v);
int kernel_pthread_sce_attr_getschedparam(const kthread_attr_t *a, struct kthread_sched_param *v);
int kernel_pthread_sce_attr_setschedparam(kthread_attr_t *a, const struct kthread_sched_param *v);
int kernel_pthread_sce_attr_getschedpolicy(const kthread_attr_t *a, int *v);
int kernel_pthread_sce_attr_setschedpolicy(kthread_attr_t *a, int v);
int kernel_pthread_sce_attr_getscope(const kthread_attr_t *a, int *v);
int kernel_pthread_sce_attr_setscope(kthread_attr_t *a, int v);
int kernel_pthread_sce_attr_getstack(const kthread_attr_t *a, uint64_t *addr, uint64_t *size);
int kernel_pthread_sce_attr_setstack(kthread_attr_t *a, uint64_t addr, uint64_t size);
int kernel_pthread_sce_attr_getstackaddr(const kthread_attr_t *a, uint64_t *v);
int kernel_pthread_sce_attr_setstackaddr(kthread_attr_t *a, uint64_t v);
int kernel_pthread_sce_attr_getstacksize(const kthread_attr_t *a, uint64_t *v);
int kernel_pthread_sce_attr_setstacksize(kthread_attr_t *a, uint64_t v);
int kernel_pthread_sce_attr_getaffinity(const kthread_attr_t *a, uint64_t *mask);
int kernel_pthread_sce_attr_setaffinity(kthread_attr_t *a, uint64_t mask);

/* ---- keys and once (kernel_pthread_key.c) --------------------------------------------- */
int kernel_pthread_key_create(int *key, kthread_guest_fn destructor);
int kernel_pthread_key_delete(int key);
uint64_t kernel_pthread_getspecific(int key);
int kernel_pthread_setspecific(int key, uint64_t value);
int kernel_pthread_once(struct kthread_once *once, kthread_guest_fn init);
int kernel_pthread_sce_key_create(int *key, kthread_guest_fn destructor);
int kernel_pthread_sce_key_delete(int key);
int kernel_pthread_sce_setspecific(int key, uint64_t value);
int kernel_pthread_sce_once(struct kthread_once *once, kthread_guest_fn init);

#endif
