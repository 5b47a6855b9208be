/* libkernel: event queues, the sceKernel* face of kernel/equeue.h. The console's libkernel
 * turns each call into a kqueue operation on one (filter, ident) pair; this file checks the
 * guest's arguments in the order and with the SCE error codes of the console's reference
 * (sceKernelWaitEqueue: EBADF, EFAULT, EINVAL; ETIMEDOUT with *out 0), converts times and
 * hands the rest to the kernel module. An event id (int) becomes the event's ident the way
 * C converts it to uintptr_t (sign-extended), as the console's kevent records it. */
#include <string.h>
#include <time.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_equeue.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/equeue.h"
#include "kernel/kernel_errno.h"
#include "kernel/sync_wait.h"

static uint64_t ident_of(int id) { return (uint64_t)(int64_t)id; }

static bool queue_ok(uint64_t eq) { return equeue_event_count(eq) >= 0; }

int kernel_create_equeue(uint64_t *eq, const char *name) {
  if (!eq || !name) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return (int)hle_sce_result(equeue_create(name, eq));
}

int kernel_delete_equeue(uint64_t eq) { return (int)hle_sce_result(equeue_delete(eq)); }

static uint64_t mono_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* The console's sceKernelWaitEqueue is libthr's kevent (changes 0, events >= 1), a
 * cancellation point: a pending request acts on entry and ends the sleep; on the way out it
 * acts only when the wait failed (kevent returned -1), never when events or the timeout came
 * back (the request then waits for the next cancellation point, no event is lost). A guest
 * signal runs its handler and ends the wait with EINTR, SA_RESTART or not (FreeBSD's
 * kqueue_scan never restarts after a signal). Any other host signal resumes the wait with the
 * time that remains. */
static int wait_cancellable(uint64_t eq, struct equeue_event *ev, int num, int64_t timeout_us,
                            int *n) {
  kernel_thread_cancel_wait_begin();
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_CANCEL | KTHREAD_WAIT_SIGNAL);
  uint64_t end = timeout_us < 0 ? UINT64_MAX : mono_us() + (uint64_t)timeout_us;
  int r;
  while ((r = equeue_wait(eq, ev, num, timeout_us, n)) == -KERNEL_EINTR) {
    kernel_thread_wait_restore(prev);
    kernel_thread_testcancel();
    bool ran = kernel_thread_deliver_signals() != 0;
    kernel_thread_wait_begin(KTHREAD_WAIT_CANCEL | KTHREAD_WAIT_SIGNAL);
    if (ran) break;
    if (timeout_us > 0) {
      uint64_t now = mono_us();
      timeout_us = now >= end ? 0 : (int64_t)(end - now);
    }
  }
  kernel_thread_wait_restore(prev);
  kernel_thread_cancel_wait_leave(r != 0 && r != -KERNEL_ETIMEDOUT);
  return r;
}

int kernel_wait_equeue(uint64_t eq, struct equeue_event *ev, int num, int *out,
                       const uint32_t *timo) {
  if (out) *out = 0;
  if (!queue_ok(eq)) return SCE_KERNEL_ERROR(GUEST_EBADF);
  if (!ev) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  if (num < 1) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  int n = 0;
  int r = wait_cancellable(eq, ev, num, timo ? (int64_t)*timo : -1, &n);
  if (out) *out = n;
  return (int)hle_sce_result(r);
}

int kernel_add_user_event(uint64_t eq, int id) {
  return (int)hle_sce_result(equeue_add_user(eq, ident_of(id), false));
}

int kernel_add_user_event_edge(uint64_t eq, int id) {
  return (int)hle_sce_result(equeue_add_user(eq, ident_of(id), true));
}

int kernel_trigger_user_event(uint64_t eq, int id, void *udata) {
  return (int)hle_sce_result(equeue_trigger_user(eq, ident_of(id), (uint64_t)(uintptr_t)udata));
}

int kernel_delete_user_event(uint64_t eq, int id) {
  return (int)hle_sce_result(equeue_delete_event(eq, EQUEUE_FILTER_USER, ident_of(id)));
}

int kernel_add_timer_event(uint64_t eq, int id, uint32_t usec, void *udata) {
  return (int)hle_sce_result(
      equeue_add_timer(eq, ident_of(id), (uint64_t)usec * 1000u, (uint64_t)(uintptr_t)udata));
}

int kernel_delete_timer_event(uint64_t eq, int id) {
  return (int)hle_sce_result(equeue_delete_event(eq, EQUEUE_FILTER_TIMER, ident_of(id)));
}

/* The reference: 100 microseconds or more and less than 100 seconds, else EINVAL. */
int kernel_add_hrtimer_event(uint64_t eq, int id, const struct guest_timespec *ts, void *udata) {
  if (!queue_ok(eq)) return SCE_KERNEL_ERROR(GUEST_EBADF);
  if (!ts) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  if (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000 || ts->tv_sec >= 100 ||
      (ts->tv_sec == 0 && ts->tv_nsec < 100000))
    return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t ns = (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
  return (int)hle_sce_result(equeue_add_hrtimer(eq, ident_of(id), ns, (uint64_t)(uintptr_t)udata));
}

int kernel_delete_hrtimer_event(uint64_t eq, int id) {
  return (int)hle_sce_result(equeue_delete_event(eq, EQUEUE_FILTER_HRTIMER, ident_of(id)));
}

/* SIZE is a socket's low-water mark; there are no guest sockets yet. */
static int add_fd_event(uint64_t eq, int16_t filter, int fd, size_t size, void *udata) {
  if (size) LOG_ONCE(hle, WARN, "equeue: read/write event low-water mark %zu ignored", size);
  return (int)hle_sce_result(equeue_add_fd(eq, filter, fd, (uint64_t)(uintptr_t)udata));
}

int kernel_add_read_event(uint64_t eq, int fd, size_t size, void *udata) {
  return add_fd_event(eq, EQUEUE_FILTER_READ, fd, size, udata);
}

int kernel_add_write_event(uint64_t eq, int fd, size_t size, void *udata) {
  return add_fd_event(eq, EQUEUE_FILTER_WRITE, fd, size, udata);
}

int kernel_delete_read_event(uint64_t eq, int fd) {
  return (int)hle_sce_result(equeue_delete_event(eq, EQUEUE_FILTER_READ, ident_of(fd)));
}

int kernel_delete_write_event(uint64_t eq, int fd) {
  return (int)hle_sce_result(equeue_delete_event(eq, EQUEUE_FILTER_WRITE, ident_of(fd)));
}

int kernel_add_file_event(uint64_t eq, int fd, int watch, void *udata) {
  return (int)hle_sce_result(equeue_add_file(eq, fd, (uint32_t)watch, (uint64_t)(uintptr_t)udata));
}

int kernel_delete_file_event(uint64_t eq, int fd) {
  return (int)hle_sce_result(equeue_delete_event(eq, EQUEUE_FILTER_FILE, ident_of(fd)));
}

/* The accessors read the record a wait stored; the console dereferences EV unchecked, a
 * NULL here reads as an empty event (logged). */
static const struct equeue_event *event_or_empty(const struct equeue_event *ev) {
  static const struct equeue_event empty;
  if (ev) return ev;
  LOG_ONCE(hle, GAME_ERROR, "sceKernelGetEvent*: NULL event");
  return &empty;
}

uint64_t kernel_get_event_id(const struct equeue_event *ev) { return event_or_empty(ev)->ident; }

int kernel_get_event_filter(const struct equeue_event *ev) { return event_or_empty(ev)->filter; }

int64_t kernel_get_event_data(const struct equeue_event *ev) { return event_or_empty(ev)->data; }

int64_t kernel_get_event_fflags(const struct equeue_event *ev) {
  return event_or_empty(ev)->fflags;
}

void *kernel_get_event_user_data(const struct equeue_event *ev) {
  return (void *)(uintptr_t)event_or_empty(ev)->udata;
}

/* FreeBSD reports a failed change as EV_ERROR with the errno in data; the console's
 * reference adds that no filter reports errors this way today, so this is 0 for every
 * event a wait returns. */
int kernel_get_event_error(const struct equeue_event *ev) {
  ev = event_or_empty(ev);
  return (ev->flags & EQUEUE_EV_ERROR) && ev->data ? SCE_KERNEL_ERROR(ev->data) : 0;
}
