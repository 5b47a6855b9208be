/* libkernel: guest signals and suspend requests during a read that may block.
 *
 * FreeBSD sleeps interruptibly in reads of pipes, FIFOs, sockets and terminals: a signal whose
 * handler lacks SA_RESTART ends the read with EINTR when nothing was transferred, one with
 * SA_RESTART restarts it; reads of regular files (and directories, block devices) are never
 * interrupted. Here such a read first waits for the descriptor to be readable in poll slices;
 * between two slices the calling guest thread runs the handlers of the signals sent to it
 * (and parks on a pthread_suspend_np request), then gives up with EINTR or goes on waiting as
 * FreeBSD does. A descriptor opened O_NONBLOCK does not wait. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>

#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/files.h"

#define READ_WAIT_SLICE_MS 20

/* The host descriptor of FD when a read of it may sleep (not a regular file, directory or
 * block device; not O_NONBLOCK), else -1. */
static int blocking_host_fd(int fd) {
  int h = files_host_fd(fd);
  struct stat st;
  if (h < 0 || fstat(h, &st) != 0) return -1;
  if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode)) return -1;
  int fl = fcntl(h, F_GETFL);
  return fl < 0 || (fl & O_NONBLOCK) ? -1 : h;
}

int64_t kernel_file_wait_readable(int fd) {
  struct kthread *self = kernel_pthread_current_if_any();
  if (!self) return 0;
  int h = blocking_host_fd(fd);
  if (h < 0) return 0;
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL);
  int64_t r = 0;
  for (;;) {
    if (kernel_signal_deliverable(self) &&
        (kernel_thread_deliver_signals() & KTHREAD_SIGNALS_NO_RESTART)) {
      r = -GUEST_EINTR;
      break;
    }
    struct pollfd p = {.fd = h, .events = POLLIN};
    int k = poll(&p, 1, READ_WAIT_SLICE_MS);
    if (k > 0 || (k < 0 && errno != EINTR)) break; /* readable, hung up or bad: read tells */
  }
  kernel_thread_wait_restore(prev);
  return r;
}
