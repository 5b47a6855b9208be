/* libkernel threads: the thread and attribute objects behind ScePthread / pthread_t and
 * ScePthreadAttr / pthread_attr_t (the console's handles are pointers to such objects), shared
 * by kernel_pthread*.c. Internal to src/hle/libkernel. */
#ifndef PROSPERO_HLE_LIBKERNEL_KERNEL_PTHREAD_INTERNAL_H
#define PROSPERO_HLE_LIBKERNEL_KERNEL_PTHREAD_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "hle/libkernel/libkernel_thread.h"

#define KTHREAD_MAGIC 0x74687264u /* "thrd" */
#define KTHREAD_ATTR_MAGIC 0x61747472u

struct kthread_attr {
  uint32_t magic;
  int detached; /* KTHREAD_CREATE_DETACHED or 0 */
  int policy;
  int prio;
  int inherit;
  int scope;
  uint64_t stackaddr; /* lowest address of a guest-given stack, or 0 */
  uint64_t stacksize;
  uint64_t guardsize;
  uint64_t affinity;     /* the console's CPU mask */
  bool create_suspended; /* pthread_attr_setcreatesuspend_np: waits for a resume first */
};

struct kthread_specific {
  uint64_t value;
  uint64_t seq; /* the key's generation when VALUE was set */
};

/* A cleanup record: in the guest's struct _pthread_cleanup_info (64 bytes on its stack) or
 * malloc'd for the function forms. */
struct kthread_cleanup {
  uint64_t routine;
  uint64_t arg;
  struct kthread_cleanup *prev;
  uint64_t on_heap;
};
_Static_assert(sizeof(struct kthread_cleanup) <= sizeof(struct kthread_cleanup_info),
               "a cleanup record fits the guest's _pthread_cleanup_info");

struct kthread {
  uint32_t magic;
  struct kthread *next, *prev; /* the registry of live thread objects */
  pthread_t host;              /* set under the registry lock, by the thread or its creator */
  bool host_known;             /* HOST is set */
  uint64_t serial;             /* unique per object made by create (registry lock) */
  bool host_joinable;          /* a host thread we created and must join or detach */
  bool adopted; /* made on first use for a thread we did not create (main, thr_new) */
  int64_t tid;  /* scePthreadGetthreadid / thr_self */
  kthread_start_fn start;
  uint64_t arg;
  uint64_t retval;
  _Atomic uint32_t done; /* futex word: 1 once the guest code and its TLS are gone */
  bool detached;         /* registry lock */
  struct kthread *joiner;
  struct kthread_attr attr;           /* the thread's effective attributes */
  uint64_t stack_map, stack_map_size; /* the stack we allocated (guard included), or 0 */
  uint64_t stack_guard;               /* bytes of guard at stack_map */
  char name[KTHREAD_NAME_SIZE];
  atomic_bool cancel_pending;
  atomic_bool in_cancel_wait;
  atomic_bool
      in_signal_wait; /* in a sync wait that a guest signal interrupts (kernel_thread_wait.c) */
  _Atomic uint32_t wake_seq;    /* futex word of kernel_thread_sleep: bumped by a cancel */
  _Atomic uint32_t suspended;   /* futex word: 1 until a resume lets a create-suspended run */
  _Atomic uint32_t suspend_req; /* futex word: 1 while pthread_suspend_np holds the thread */
  _Atomic uint32_t suspend_ack; /* 1 while the thread is parked at a suspension point */
  int cancel_state;             /* KTHREAD_CANCEL_ENABLE / DISABLE */
  int cancel_type;
  bool exiting;
  struct kthread_cleanup *cleanup;
  struct kthread_specific *specific; /* KTHREAD_KEYS_MAX entries, made on first use */
  uint32_t sig_blocked[4]; /* guest signal mask, FreeBSD sigset_t (kernel_signal.c's lock) */
  uint32_t sig_pending[4]; /* signals sent to this thread, not yet delivered (same lock) */
  uint64_t altstack_sp, altstack_size; /* sigaltstack: the last stack set (its own thread only) */
  bool altstack_on;                    /* ... and whether it is enabled */
};

/* The calling thread's object (made on first use for threads we did not create); NULL only
 * when memory runs out. */
struct kthread *kernel_pthread_current(void);
/* Runs the key destructors of the calling thread (kernel_pthread_key.c) and frees its
 * values. */
void kernel_pthread_run_key_destructors(struct kthread *t);
/* The defaults every attribute object starts from (kernel_pthread_attr.c). */
void kernel_pthread_attr_defaults(struct kthread_attr *a);
/* True when PRIO is in the console's range for POLICY. */
bool kernel_pthread_prio_valid(int policy, int prio);
/* Every CPU the title may use, as the console's mask (sceKernelGetCpumode: 6 or 7 CPUs). */
uint64_t kernel_pthread_cpu_mask_all(void);
/* Copies T's effective attributes (detach state included) into OUT; ESRCH for a bad T. */
int kernel_pthread_attr_snapshot(struct kthread *t, struct kthread_attr *out);
/* Runs FN(T, ARG) under the registry lock when T is a live thread object (0), else ESRCH. */
int kernel_pthread_with_live(struct kthread *t, void (*fn)(struct kthread *, void *), void *arg);
/* As kernel_pthread_with_live for the live thread object whose thread id is TID. */
int kernel_pthread_with_tid(int64_t tid, void (*fn)(struct kthread *, void *), void *arg);
/* kernel_thread_wake on every live thread object. */
void kernel_pthread_wake_all(void);
/* Parking on T's wake word (T the caller): read the sequence, check the condition, then park;
 * any kernel_thread_wake (or a cancel) after the read ends the park. */
uint32_t kernel_thread_wake_seq(struct kthread *t);
void kernel_thread_park(struct kthread *t, uint32_t seq);
/* Ends T's kernel_thread_sleep wait so that it checks its signals (T alive: caller's duty). */
void kernel_thread_wake(struct kthread *t);
/* Copies the creator's signal mask into a new thread (kernel_signal.c). */
void kernel_signal_thread_init(struct kthread *t, const struct kthread *creator);
/* Delivers the signals pending for the calling thread T that it does not block: runs their guest
 * handlers on this thread, applies default actions. True when a guest handler ran
 * (kernel_signal.c). */
bool kernel_signal_deliver(struct kthread *t);
/* As kernel_signal_deliver: KTHREAD_SIGNALS_RAN when a guest handler ran, with
 * KTHREAD_SIGNALS_NO_RESTART when one of them was installed without SA_RESTART. */
unsigned kernel_signal_deliver_flags(struct kthread *t);
/* Makes the sync layer's contended locks run guest signal handlers while they wait
 * (kernel_thread_wait.c); kernel_signal.c calls it once signals are in use. */
void kernel_thread_wait_install(void);
/* The calling thread's object if it has one already (never makes one). */
struct kthread *kernel_pthread_current_if_any(void);
/* Interrupts T's host wait with a host signal that restarts nothing (the cancellation one), if T
 * waits where a guest signal should interrupt it (in_signal_wait); registry lock held. */
void kernel_pthread_interrupt_wait(struct kthread *t);
/* Makes T, if it runs guest code now, deliver its pending signals at once (a host signal that
 * diverts it through a delivery point and back: kernel_signal_async.c); registry lock held. */
void kernel_signal_poke(struct kthread *t);
/* A suspension point of the calling thread T (kernel_pthread_suspend.c): parks while a
 * pthread_suspend_np request holds it. Every signal delivery point is one. */
void kernel_pthread_suspend_point(struct kthread *t);
/* True when a suspend request waits for T to park. */
bool kernel_pthread_suspend_due(const struct kthread *t);
/* True when T has a pending signal it does not block, or a suspend request (kernel_signal.c). */
bool kernel_signal_deliverable(struct kthread *t);
/* Gives T's host thread the nice its priority maps to (kernel_sched.c), when T has started and
 * not ended and host priorities are on; registry lock held (so that a priority change and the
 * thread's own start apply in order). */
void kernel_sched_apply_locked(struct kthread *t);
/* The nice T's host thread takes as it starts: its priority's (host priorities on), else the
 * highest possible (it changes nothing, so any creator's will do). */
int kernel_sched_start_nice(const struct kthread *t);
/* The guest main thread's priority once kernel_sched_main_thread_start set it, else -1: its
 * thread object, made on first use, starts with it. */
int kernel_sched_main_prio(void);
/* True when T is a live thread object; the registry lock is not held after. */
bool kernel_pthread_valid(struct kthread *t);

#endif
