/* libkernel's file exports: a POSIX face (errno, -1) and a Sony face (SCE error codes) over
 * the same cores the system call rows use (kernel_file.c). Guest pointers are checked
 * against the guest memory map first, as the console's kernel copies arguments in and out:
 * a NULL or wild pointer is EFAULT, a path without a NUL in its first 1024 bytes
 * ENAMETOOLONG, never a host fault. */
#include <stdbool.h>
#include <stdint.h>

#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_file.h"
#include "hle/syscall/sys_internal.h"

#define ADDR(p) ((uint64_t)(uintptr_t)(p))

static bool user_ok(const void *p, uint64_t n, bool write) {
  return sys_user_ok(ADDR(p), n, write);
}

/* FreeBSD looks the descriptor up before it copies anything: a bad descriptor is EBADF
 * whatever the buffer. */
static bool fd_ok(int fd) { return kernel_file_fd_valid(fd); }

/* ---- checked cores: >= 0 or -(guest errno) ---- */

static int64_t c_open(const char *path, int flags, int mode) {
  char p[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(ADDR(path), p);
  return r ? r : kernel_file_open(p, flags, mode);
}

static int64_t c_read(int fd, void *buf, size_t n) {
  if (!fd_ok(fd)) return -GUEST_EBADF;
  if (!user_ok(buf, n, true)) return -GUEST_EFAULT;
  return kernel_file_read(fd, buf, n);
}

static int64_t c_write(int fd, const void *buf, size_t n) {
  if (!fd_ok(fd)) return -GUEST_EBADF;
  if (!user_ok(buf, n, false)) return -GUEST_EFAULT;
  return kernel_file_write(fd, buf, n);
}

static int64_t c_pread(int fd, void *buf, size_t n, int64_t off) {
  if (!fd_ok(fd)) return -GUEST_EBADF;
  if (!user_ok(buf, n, true)) return -GUEST_EFAULT;
  return kernel_file_pread(fd, buf, n, off);
}

static int64_t c_pwrite(int fd, const void *buf, size_t n, int64_t off) {
  if (!fd_ok(fd)) return -GUEST_EBADF;
  if (!user_ok(buf, n, false)) return -GUEST_EFAULT;
  return kernel_file_pwrite(fd, buf, n, off);
}

/* The vector is checked whole, then each buffer (FreeBSD copies the vector in first). */
static int64_t c_vector(int fd, const struct guest_iovec *iov, int cnt, int64_t off,
                        bool is_write) {
  if (!fd_ok(fd)) return -GUEST_EBADF;
  if (cnt < 0 || cnt > GUEST_IOV_MAX) return -GUEST_EINVAL;
  if (!user_ok(iov, (uint64_t)cnt * sizeof *iov, false)) return -GUEST_EFAULT;
  for (int i = 0; i < cnt; i++)
    if (!sys_user_ok(iov[i].base, iov[i].len, !is_write)) return -GUEST_EFAULT;
  if (off < -1) return -GUEST_EINVAL;
  return kernel_file_vector(fd, iov, cnt, off, is_write);
}

static int64_t c_fstat(int fd, struct guest_stat *st) {
  if (!fd_ok(fd)) return -GUEST_EBADF;
  if (!user_ok(st, sizeof *st, true)) return -GUEST_EFAULT;
  return kernel_file_fstat(fd, st);
}

static int64_t c_stat(const char *path, struct guest_stat *st) {
  char p[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(ADDR(path), p);
  if (r) return r;
  if (!user_ok(st, sizeof *st, true)) return -GUEST_EFAULT;
  return kernel_file_stat(p, st);
}

#define PATH_CORE(name, call)                 \
  static int64_t c_##name(const char *path) { \
    char p[SYS_GUEST_PATH_MAX];               \
    int64_t r = sys_user_path(ADDR(path), p); \
    return r ? r : call;                      \
  }
PATH_CORE(unlink, kernel_file_unlink(p))
PATH_CORE(rmdir, kernel_file_rmdir(p))
PATH_CORE(reach, kernel_file_check_reachability(p))
#undef PATH_CORE

static int64_t c_mkdir(const char *path, int mode) {
  char p[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(ADDR(path), p);
  return r ? r : kernel_file_mkdir(p, mode);
}

static int64_t c_chmod(const char *path, int mode) {
  char p[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(ADDR(path), p);
  return r ? r : kernel_file_chmod(p, mode);
}

static int64_t c_truncate(const char *path, int64_t len) {
  char p[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(ADDR(path), p);
  return r ? r : kernel_file_truncate(p, len);
}

static int64_t c_rename(const char *from, const char *to) {
  char a[SYS_GUEST_PATH_MAX], b[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(ADDR(from), a);
  if (!r) r = sys_user_path(ADDR(to), b);
  return r ? r : kernel_file_rename(a, b);
}

static int64_t c_getdirentries(int fd, void *buf, int64_t n, int64_t *basep) {
  if (!fd_ok(fd)) return -GUEST_EBADF;
  if (n < 0) return -GUEST_EINVAL;
  if (!user_ok(buf, (uint64_t)n, true)) return -GUEST_EFAULT;
  if (basep && !user_ok(basep, sizeof *basep, true)) return -GUEST_EFAULT;
  return kernel_file_getdirentries(fd, buf, (size_t)n, basep);
}

/* ---- the two faces ---- */

#define POSIX(e) hle_posix_result(e)
#define SCE(e) hle_sce_result(e)

int kernel_open(const char *path, int flags, int mode) {
  return (int)POSIX(c_open(path, flags, mode));
}
int kernel_sce_open(const char *path, int flags, int mode) {
  return (int)SCE(c_open(path, flags, mode));
}
int kernel_close(int fd) { return (int)POSIX(kernel_file_close(fd)); }
int kernel_sce_close(int fd) { return (int)SCE(kernel_file_close(fd)); }
ssize_t kernel_read(int fd, void *buf, size_t n) { return POSIX(c_read(fd, buf, n)); }
int64_t kernel_sce_read(int fd, void *buf, size_t n) { return SCE(c_read(fd, buf, n)); }
ssize_t kernel_write(int fd, const void *buf, size_t n) { return POSIX(c_write(fd, buf, n)); }
int64_t kernel_sce_write(int fd, const void *buf, size_t n) { return SCE(c_write(fd, buf, n)); }
int64_t kernel_lseek(int fd, int64_t off, int whence) {
  return POSIX(kernel_file_lseek(fd, off, whence));
}
int64_t kernel_sce_lseek(int fd, int64_t off, int whence) {
  return SCE(kernel_file_lseek(fd, off, whence));
}
int kernel_fstat(int fd, struct guest_stat *st) { return (int)POSIX(c_fstat(fd, st)); }
int kernel_sce_fstat(int fd, struct guest_stat *st) { return (int)SCE(c_fstat(fd, st)); }
int kernel_stat(const char *path, struct guest_stat *st) { return (int)POSIX(c_stat(path, st)); }
int kernel_sce_stat(const char *path, struct guest_stat *st) { return (int)SCE(c_stat(path, st)); }
int kernel_mkdir(const char *path, int mode) { return (int)POSIX(c_mkdir(path, mode)); }
int kernel_sce_mkdir(const char *path, int mode) { return (int)SCE(c_mkdir(path, mode)); }
int kernel_unlink(const char *path) { return (int)POSIX(c_unlink(path)); }
int kernel_sce_unlink(const char *path) { return (int)SCE(c_unlink(path)); }
int kernel_rename(const char *from, const char *to) { return (int)POSIX(c_rename(from, to)); }
int kernel_sce_rename(const char *from, const char *to) { return (int)SCE(c_rename(from, to)); }

int kernel_rmdir(const char *path) { return (int)POSIX(c_rmdir(path)); }
int kernel_sce_rmdir(const char *path) { return (int)SCE(c_rmdir(path)); }
int kernel_chmod(const char *path, int mode) { return (int)POSIX(c_chmod(path, mode)); }
int kernel_sce_chmod(const char *path, int mode) { return (int)SCE(c_chmod(path, mode)); }
int kernel_truncate(const char *path, int64_t len) { return (int)POSIX(c_truncate(path, len)); }
int kernel_sce_truncate(const char *path, int64_t len) { return (int)SCE(c_truncate(path, len)); }
int kernel_ftruncate(int fd, int64_t len) { return (int)POSIX(kernel_file_ftruncate(fd, len)); }
int kernel_sce_ftruncate(int fd, int64_t len) { return (int)SCE(kernel_file_ftruncate(fd, len)); }
int kernel_fsync(int fd) { return (int)POSIX(kernel_file_fsync(fd)); }
int kernel_sce_fsync(int fd) { return (int)SCE(kernel_file_fsync(fd)); }
int kernel_sce_check_reachability(const char *path) { return (int)SCE(c_reach(path)); }

ssize_t kernel_pread(int fd, void *buf, size_t n, int64_t off) {
  return POSIX(c_pread(fd, buf, n, off));
}
int64_t kernel_sce_pread(int fd, void *buf, size_t n, int64_t off) {
  return SCE(c_pread(fd, buf, n, off));
}
ssize_t kernel_pwrite(int fd, const void *buf, size_t n, int64_t off) {
  return POSIX(c_pwrite(fd, buf, n, off));
}
int64_t kernel_sce_pwrite(int fd, const void *buf, size_t n, int64_t off) {
  return SCE(c_pwrite(fd, buf, n, off));
}

ssize_t kernel_readv(int fd, const struct guest_iovec *iov, int cnt) {
  return POSIX(c_vector(fd, iov, cnt, -1, false));
}
int64_t kernel_sce_readv(int fd, const struct guest_iovec *iov, int cnt) {
  return SCE(c_vector(fd, iov, cnt, -1, false));
}
ssize_t kernel_writev(int fd, const struct guest_iovec *iov, int cnt) {
  return POSIX(c_vector(fd, iov, cnt, -1, true));
}
int64_t kernel_sce_writev(int fd, const struct guest_iovec *iov, int cnt) {
  return SCE(c_vector(fd, iov, cnt, -1, true));
}
ssize_t kernel_preadv(int fd, const struct guest_iovec *iov, int cnt, int64_t off) {
  return POSIX(off < 0 ? -GUEST_EINVAL : c_vector(fd, iov, cnt, off, false));
}
int64_t kernel_sce_preadv(int fd, const struct guest_iovec *iov, int cnt, int64_t off) {
  return SCE(off < 0 ? -GUEST_EINVAL : c_vector(fd, iov, cnt, off, false));
}
ssize_t kernel_pwritev(int fd, const struct guest_iovec *iov, int cnt, int64_t off) {
  return POSIX(off < 0 ? -GUEST_EINVAL : c_vector(fd, iov, cnt, off, true));
}
int64_t kernel_sce_pwritev(int fd, const struct guest_iovec *iov, int cnt, int64_t off) {
  return SCE(off < 0 ? -GUEST_EINVAL : c_vector(fd, iov, cnt, off, true));
}

/* getdents(fd, buf, n) and getdirentries(fd, buf, n, basep): FreeBSD dirents; N is an int
 * (the upper half of its register is not the caller's). */
int kernel_getdents(int fd, void *buf, int n) {
  return (int)POSIX(c_getdirentries(fd, buf, n, NULL));
}
int kernel_sce_getdents(int fd, void *buf, int n) {
  return (int)SCE(c_getdirentries(fd, buf, n, NULL));
}
int kernel_getdirentries(int fd, void *buf, int n, int64_t *basep) {
  return (int)POSIX(c_getdirentries(fd, buf, n, basep));
}
int kernel_sce_getdirentries(int fd, void *buf, int n, int64_t *basep) {
  return (int)SCE(c_getdirentries(fd, buf, n, basep));
}
