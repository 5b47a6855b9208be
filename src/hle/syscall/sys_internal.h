/* Shared by the system call handlers (src/hle/syscall/sys_*.c): guest pointer checks, as
 * FreeBSD's copyin/copyout fail with EFAULT, and the handler declarations the table uses. */
#ifndef PROSPERO_HLE_SYSCALL_SYS_INTERNAL_H
#define PROSPERO_HLE_SYSCALL_SYS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hle/guest_errno.h"

#define SYS_GUEST_PATH_MAX 1024 /* FreeBSD PATH_MAX, with the NUL */

/* True if [ADDR, ADDR+LEN) lies in committed guest memory the guest may read (WRITE: also
 * write). LEN 0 is always true. */
bool sys_user_ok(uint64_t addr, uint64_t len, bool write);

/* Copies the guest string at ADDR into OUT (SYS_GUEST_PATH_MAX bytes). 0, -EFAULT or
 * -ENAMETOOLONG. */
int64_t sys_user_path(uint64_t addr, char *out);

#define SYS_PTR(a) ((void *)(uintptr_t)(a))

#define SYS_HANDLERS(X)                                                                     \
  X(exit) X(read) X(write) X(open) X(close) X(unlink) X(getpid) X(ioctl) X(munmap)          \
  X(mprotect) X(madvise) X(gettimeofday) X(readv) X(writev) X(rename) X(mkdir)              \
  X(sysarch) X(stat) X(fstat) X(getdirentries) X(sysctl) X(clock_gettime) X(nanosleep)     \
  X(issetugid) X(getdents) X(sigprocmask) X(sigaction) X(thr_exit) X(thr_self) X(thr_kill) \
  X(umtx_op) X(thr_new) X(mmap) X(lseek) X(openat) X(mdbg_service) X(pread) X(pwrite)   \
  X(preadv) X(pwritev) X(fsync) X(ftruncate) X(truncate) X(rmdir) X(chmod)

#define SYS_DECLARE_(n) int64_t sys_##n(const uint64_t a[6]);
SYS_HANDLERS(SYS_DECLARE_)
#undef SYS_DECLARE_

#endif
