/* Scatter/gather I/O (libkernel): FreeBSD's struct iovec. */
#ifndef _PROSPERO_SYS_UIO_H
#define _PROSPERO_SYS_UIO_H

#include <sys/types.h>

#include "../_prospero_cdefs.h"

struct iovec {
  void *iov_base;
  size_t iov_len;
};

#define IOV_MAX 1024

__PROSPERO_BEGIN_DECLS
ssize_t readv(int fd, const struct iovec *iov, int iovcnt);
ssize_t writev(int fd, const struct iovec *iov, int iovcnt);
ssize_t preadv(int fd, const struct iovec *iov, int iovcnt, off_t offset);
ssize_t pwritev(int fd, const struct iovec *iov, int iovcnt, off_t offset);
__PROSPERO_END_DECLS

#endif
