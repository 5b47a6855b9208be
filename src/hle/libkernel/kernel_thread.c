/* libkernel: guest threads on host threads, the service behind FreeBSD's thr_new/thr_exit
 * (and later libkernel's pthreads). A new thread gets the loader's per-thread set-up
 * (loader_thread_attach: TCB and TLS at the GS base, an alternate signal stack, the
 * console's FP defaults), optionally the guest's own thread pointer, writes its id where the
 * creator asked (as FreeBSD's kernel does before the thread runs), then runs the start
 * routine on the guest's stack. Exiting jumps back to the host frame that switched stacks,
 * so the host thread ends normally; the last thread to exit ends the process with status 0,
 * as FreeBSD does. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/umtx.h"
#include "loader/loader.h"
#include "loader/process.h"
#include "loader/tls.h"

#define GUEST_TID_BASE 100000 /* FreeBSD thread ids start above PID_MAX (99999) */
#define HOST_STACK (256u << 10) /* host frames only: guest code runs on its own stack */

static atomic_int live_threads = 1; /* the main thread */
static _Thread_local sigjmp_buf *exit_point;

struct thread_start {
  struct guest_thread t;
  int ok;
  sem_t ready;
};

int64_t kernel_thread_id(void) { return GUEST_TID_BASE + gettid(); }

int64_t kernel_thread_host_tid(int64_t id) { return id - GUEST_TID_BASE; }

void kernel_thread_live_add(void) { atomic_fetch_add(&live_threads, 1); }

void kernel_thread_live_drop(void) {
  if (atomic_fetch_sub(&live_threads, 1) == 1) process_exit(0);
}

void kernel_thread_run_guest(uint64_t stack_top, void (*fn)(void *), void *arg) {
  sigjmp_buf jb;
  sigjmp_buf *outer = exit_point;
  exit_point = &jb;
  if (!sigsetjmp(jb, 0)) loader_call_on_stack(stack_top, fn, arg);
  exit_point = outer;
}

_Noreturn void kernel_thread_leave(void) {
  if (exit_point) siglongjmp(*exit_point, 1);
  /* the main thread: the process lives on in its other threads, or ends with the last */
  kernel_thread_live_drop();
  for (;;) pause();
}

static void *thread_main(void *p) {
  struct thread_start *s = p;
  struct guest_thread t = s->t;
  bool ok = loader_thread_attach();
  if (ok) {
    int64_t id = kernel_thread_id();
    if (t.child_tid) __atomic_store_n(t.child_tid, id, __ATOMIC_RELEASE);
    if (t.parent_tid) __atomic_store_n(t.parent_tid, id, __ATOMIC_RELEASE);
    if (t.tls_base) ok = tls_set_guest_base(t.tls_base);
  }
  s->ok = ok;
  sem_post(&s->ready); /* S belongs to the creator from here on */
  if (ok) {
    pthread_setname_np(pthread_self(), "guest thread");
    kernel_thread_run_guest(t.stack_top, (void (*)(void *))(uintptr_t)t.start, (void *)t.arg);
  }
  kernel_thread_forget_current();
  loader_thread_detach();
  kernel_thread_live_drop();
  return NULL;
}

int64_t kernel_thread_create(const struct guest_thread *t) {
  struct thread_start s = {.t = *t};
  if (sem_init(&s.ready, 0, 0) != 0) return -GUEST_EAGAIN;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, HOST_STACK);
  kernel_thread_live_add();
  pthread_t th;
  int r = pthread_create(&th, &attr, thread_main, &s);
  pthread_attr_destroy(&attr);
  if (r != 0) {
    atomic_fetch_sub(&live_threads, 1); /* never the last: the caller lives */
    sem_destroy(&s.ready);
    return -GUEST_EAGAIN;
  }
  while (sem_wait(&s.ready) != 0 && errno == EINTR) {
  }
  sem_destroy(&s.ready);
  return s.ok ? 0 : -GUEST_ENOMEM; /* a thread that could not attach ends by itself */
}

_Noreturn void kernel_thread_exit(int64_t *state) {
  if (state) {
    __atomic_store_n(state, 1, __ATOMIC_RELEASE);
    umtx_wake(state, INT_MAX);
  }
  kernel_thread_leave();
}
