/* libkernel: pthread_suspend_np / scePthreadSuspend, FreeBSD libthr's rules.
 *
 * libthr marks the target NEED_SUSPEND, sends it its internal signal and waits until the
 * target has suspended itself in the handler. Here the request (suspend_req) makes every
 * delivery point of the target a place where it parks (kernel_pthread_suspend_point, called
 * by kernel_signal_deliver_flags): a target that runs guest code is diverted there by the
 * same host signal that delivers guest signals into running code (kernel_signal_async.c); one
 * that sleeps or waits (the sync and event queue layers, rwlocks, barriers, joins, AIO waits,
 * reads of pipes and terminals) is woken or interrupted as for a guest signal and parks before
 * its wait resumes. The caller waits for the target's acknowledgement (suspend_ack), poking it
 * again every millisecond: a target in other host work (a regular file's read, a host call of
 * another library) parks when it is back in guest code, as FreeBSD's thread stops on its way
 * back to user mode. pthread_resume_np clears the
 * request (kernel_pthread.c). Requests do not count: one resume ends any number of suspends,
 * as in libthr. */
#include <time.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/sync_wait.h"

bool kernel_pthread_suspend_due(const struct kthread *t) {
  return atomic_load(&t->suspend_req) != 0;
}

void kernel_pthread_suspend_point(struct kthread *t) {
  if (!atomic_load(&t->suspend_req)) return;
  atomic_store(&t->suspend_ack, 1);
  while (atomic_load(&t->suspend_req))
    sync_futex_wait((const uint32_t *)&t->suspend_req, 1, NULL); /* until resumed */
  atomic_store(&t->suspend_ack, 0);
}

/* Registry lock held, T alive: asks T to park and pokes it wherever it is. */
static void request(struct kthread *t, void *arg) {
  bool *parked = arg;
  atomic_store(&t->suspend_req, 1);
  /* parked, or made suspended and not started yet (it runs nothing until resumed) */
  *parked = atomic_load(&t->suspend_ack) || atomic_load(&t->suspended);
  if (*parked) return;
  kernel_thread_wake(t);            /* a libkernel sleep */
  kernel_signal_poke(t);            /* guest code */
  kernel_pthread_interrupt_wait(t); /* a sync or event queue wait */
}

int kernel_pthread_suspend_np(kthread_t t) {
  if (t && t == kernel_pthread_current()) return GUEST_EDEADLK; /* libthr: checked first */
  kernel_thread_wait_install(); /* a target in a condition wait parks before re-locking */
  unsigned polls = 0;
  for (bool first = true;; first = false) {
    bool parked = false;
    int e = kernel_pthread_with_live(t, request, &parked);
    if (e) return first ? e : 0; /* a thread that ended meanwhile holds nothing: 0, as libthr */
    if (parked) return 0;
    if (++polls == 100)
      LOG_ONCE(hle, WARN,
               "pthread_suspend_np: the target is in host work that is no suspension "
               "point (a regular file's I/O, another library's call); the call waits until "
               "it is back in guest code");
    struct timespec ms = {0, 1000000};
    nanosleep(&ms, NULL); /* then ask again (and poke again) */
  }
}

int kernel_pthread_sce_suspend(kthread_t t) {
  int e = kernel_pthread_suspend_np(t);
  return e ? SCE_KERNEL_ERROR(e) : 0;
}
