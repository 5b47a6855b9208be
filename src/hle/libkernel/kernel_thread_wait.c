/* libkernel: what interrupts a guest thread's waits in the sync and equeue layers.
 *
 * Those layers sleep on futexes (kernel/sync_wait.h). While a wait is interruptible, the sync
 * layer asks kernel_thread_interrupt_due() before each sleep (sleeps are cut into slices, so a
 * request that lands between the question and the sleep is seen within one slice) and a host
 * signal that restarts nothing ends the sleep with -EINTR. Two things may end such a wait: a
 * cancel request (the cancellation points) and a guest signal the thread does not block; for
 * the latter the sender (kernel_signal.c) interrupts the host wait through
 * kernel_pthread_interrupt_wait, and the caller of the wait runs the handlers and decides, as
 * FreeBSD does for that call, whether the wait resumes or ends with EINTR.
 *
 * Mutex acquisitions are no cancellation points and never end with EINTR, but a guest handler
 * runs while the thread waits (POSIX: the wait resumes after it): kernel_thread_lock_sleep is
 * the sync layer's sleep for contended locks. */
#include <pthread.h>

#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/kernel_errno.h"
#include "kernel/sync_wait.h"

static _Thread_local unsigned wait_mode; /* KTHREAD_WAIT_* of the calling thread's wait */

#define PREV_INTERRUPTIBLE 0x100u /* kernel_thread_wait_begin's result: sync's flag was on */

bool kernel_thread_interrupt_due(void) {
  struct kthread *t = kernel_pthread_current_if_any();
  if (!t) return false;
  if ((wait_mode & KTHREAD_WAIT_CANCEL) && kernel_thread_cancel_due()) return true;
  return (wait_mode & KTHREAD_WAIT_SIGNAL) && kernel_signal_deliverable(t);
}

unsigned kernel_thread_wait_begin(unsigned interrupts) {
  kernel_thread_wait_install(); /* the hooks that run handlers before a wait re-takes a lock */
  if (sync_wait_interrupt_check() != kernel_thread_interrupt_due)
    sync_wait_set_interrupt_check(kernel_thread_interrupt_due);
  unsigned prev = wait_mode;
  wait_mode = interrupts;
  if (sync_wait_set_interruptible(interrupts != 0)) prev |= PREV_INTERRUPTIBLE;
  struct kthread *t = kernel_pthread_current_if_any();
  if (t) atomic_store(&t->in_signal_wait, (interrupts & KTHREAD_WAIT_SIGNAL) != 0);
  return prev;
}

void kernel_thread_wait_restore(unsigned prev) {
  wait_mode = prev & ~PREV_INTERRUPTIBLE;
  sync_wait_set_interruptible((prev & PREV_INTERRUPTIBLE) != 0);
  struct kthread *t = kernel_pthread_current_if_any();
  if (t) atomic_store(&t->in_signal_wait, (wait_mode & KTHREAD_WAIT_SIGNAL) != 0);
}

unsigned kernel_thread_deliver_signals(void) {
  struct kthread *t = kernel_pthread_current_if_any();
  if (!t) return 0;
  /* the handlers run outside the wait: their own waits are not interrupted by this one */
  unsigned prev = kernel_thread_wait_begin(0);
  unsigned r = kernel_signal_deliver_flags(t);
  kernel_thread_wait_restore(prev);
  return r;
}

/* The sync layer's sleep of a contended lock (sync_wait_set_lock_sleep): a guest signal sent
 * meanwhile runs its handler here and the acquisition goes on (0: the caller re-checks the
 * lock word); otherwise a plain futex sleep. */
static int lock_sleep(const uint32_t *word, uint32_t expected, const struct sync_deadline *d) {
  if (!kernel_pthread_current_if_any()) return sync_futex_wait(word, expected, d);
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL);
  int r = sync_futex_wait_interruptible(word, expected, d);
  kernel_thread_wait_restore(prev);
  if (r == -KERNEL_EINTR) {
    kernel_thread_deliver_signals();
    r = 0;
  }
  return r;
}

static void interrupted(void) { kernel_thread_deliver_signals(); }

static void install(void) {
  sync_wait_set_lock_sleep(lock_sleep);
  sync_wait_set_interrupted_hook(interrupted);
}

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

void kernel_thread_wait_install(void) { pthread_once(&install_once, install); }
