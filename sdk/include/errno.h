/* errno: per-thread, provided by libkernel's __error(). Values follow FreeBSD. */
#ifndef _PROSPERO_ERRNO_H
#define _PROSPERO_ERRNO_H

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS
int *__error(void);
__PROSPERO_END_DECLS

#define errno (*__error())

#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define ENXIO 6
#define E2BIG 7
#define ENOEXEC 8
#define EBADF 9
#define ECHILD 10
#define EDEADLK 11
#define ENOMEM 12
#define EACCES 13
#define EFAULT 14
#define EBUSY 16
#define EEXIST 17
#define EXDEV 18
#define ENODEV 19
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENFILE 23
#define EMFILE 24
#define ENOTTY 25
#define EFBIG 27
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EMLINK 31
#define EPIPE 32
#define EDOM 33
#define ERANGE 34
#define EAGAIN 35
#define EWOULDBLOCK EAGAIN
#define EINPROGRESS 36
#define EALREADY 37
#define EOPNOTSUPP 45
#define ENOTSUP EOPNOTSUPP
#define ETIMEDOUT 60
#define ELOOP 62
#define ENAMETOOLONG 63
#define ENOTEMPTY 66
#define ENOSYS 78

#endif
