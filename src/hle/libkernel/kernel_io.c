/* libkernel: write. The guest's fd 1 and 2 are the host's fd 1 and 2 (its stdout is the
 * emulator's stdout); other descriptors are the kernel's (kernel/files.h). */
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"

/* Writes all of BUF to guest FD. Returns bytes written or -(guest errno). */
static ssize_t write_std(int fd, const void *buf, size_t n) {
  if (n > 0 && !buf) return -GUEST_EFAULT;
  return (ssize_t)kernel_file_write(fd, buf, n);
}

ssize_t kernel_write(int fd, const void *buf, size_t n) {
  return guest_posix_result(write_std(fd, buf, n));
}

int64_t kernel_sce_write(int fd, const void *buf, size_t n) {
  return guest_sce_result(write_std(fd, buf, n));
}
