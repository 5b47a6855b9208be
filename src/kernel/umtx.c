/* umtx.h on Linux futexes: FUTEX_WAIT takes a relative interval, FUTEX_WAIT_BITSET an
 * absolute deadline (CLOCK_MONOTONIC, or CLOCK_REALTIME with FUTEX_CLOCK_REALTIME). */
#include "kernel/umtx.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

int umtx_wait32(const uint32_t *addr, uint32_t expected, const struct timespec *timeout,
                bool absolute, bool realtime) {
  long r;
  if (timeout && absolute)
    r = syscall(SYS_futex, addr, FUTEX_WAIT_BITSET | (realtime ? FUTEX_CLOCK_REALTIME : 0),
                expected, timeout, NULL, FUTEX_BITSET_MATCH_ANY);
  else
    r = syscall(SYS_futex, addr, FUTEX_WAIT, expected, timeout, NULL, 0);
  if (r == 0) return 0;
  if (errno == ETIMEDOUT) return -ETIMEDOUT;
  if (errno == EAGAIN || errno == EINTR) return 0; /* changed, or a spurious wake-up */
  return -errno;
}

int umtx_wake(const void *addr, int count) {
  long r = syscall(SYS_futex, addr, FUTEX_WAKE, count < 0 ? INT_MAX : count, NULL, NULL, 0);
  return r < 0 ? -errno : (int)r;
}
