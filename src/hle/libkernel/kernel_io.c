/* libkernel: write to the standard streams. The guest's fd 1 and 2 are the host's fd 1 and
 * 2 (its stdout is the emulator's stdout); other descriptors belong to the file system
 * module that a later issue adds, so they fail with EBADF for now. */
#include <errno.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"

/* Writes all of BUF to host fd FD (1 or 2). Returns bytes written or -(guest errno). */
static ssize_t write_std(int fd, const void *buf, size_t n) {
  if (fd != 1 && fd != 2) {
    LOG_ONCE(hle, STUB, "write to fd %d: only fds 1 and 2 exist so far", fd);
    return -GUEST_EBADF;
  }
  if (n > 0 && !buf) return -GUEST_EFAULT;
  size_t done = 0;
  while (done < n) {
    ssize_t k = write(fd, (const char *)buf + done, n - done);
    if (k < 0) {
      if (errno == EINTR) continue;
      if (done > 0) break;
      return -hle_errno_from_host(errno);
    }
    done += (size_t)k;
  }
  return (ssize_t)done;
}

ssize_t kernel_write(int fd, const void *buf, size_t n) {
  return hle_posix_result(write_std(fd, buf, n));
}

int64_t kernel_sce_write(int fd, const void *buf, size_t n) {
  return hle_sce_result(write_std(fd, buf, n));
}
