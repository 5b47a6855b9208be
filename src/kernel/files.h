/* Guest file descriptors: the process's descriptor table. Guest descriptors 0, 1 and 2 are
 * the host's standard streams (the guest's stdout is the emulator's stdout); every other
 * descriptor is a host file or directory opened through the mount table (kernel/mounts.h)
 * or one of the console's device nodes (/dev/null, /dev/zero, /dev/random, /dev/urandom,
 * /dev/stdin, /dev/stdout, /dev/stderr), numbered lowest free first, as FreeBSD numbers
 * them. A descriptor closed while another thread (or the AIO workers) still uses it stays
 * alive until that use ends, as FreeBSD's file references do.
 *
 * The interface is in host terms: host open flags, struct stat and struct iovec, results
 * >= 0 or -(host errno). The guest ABI (FreeBSD flag bits, struct layouts, errno numbers) is
 * translated above, in the HLE (libkernel's functions and the system call rows share one
 * translation). */
#ifndef PROSPERO_KERNEL_FILES_H
#define PROSPERO_KERNEL_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>

#define FILES_MAX 1024 /* guest descriptors */

/* Opens guest path PATH with host FLAGS (O_CREAT uses MODE). Writing, creating or truncating
 * on a read-only mount fails with -EROFS; a path outside every mount (or a symbolic link
 * leading out of one) with -ENOENT. */
int files_open(const char *path, int flags, int mode);
/* openat: a relative PATH is looked up from directory descriptor DIRFD, by the guest path
 * DIRFD was opened by (the joined path goes through the mount table as files_open's does,
 * so it can never lead out of the mounts; a directory renamed after it was opened is looked
 * up by its old name). An absolute PATH, or DIRFD = FILES_AT_FDCWD, is files_open's.
 * -EBADF for a DIRFD that is not open, -ENOTDIR for one that is not a directory (or a
 * standard stream or device), -ENOENT for an empty PATH. */
#define FILES_AT_FDCWD (-100) /* FreeBSD's AT_FDCWD */
int files_openat(int dirfd, const char *path, int flags, int mode);
int files_close(int fd);
ssize_t files_read(int fd, void *buf, size_t n);
ssize_t files_write(int fd, const void *buf, size_t n);
ssize_t files_pread(int fd, void *buf, size_t n, int64_t off);
ssize_t files_pwrite(int fd, const void *buf, size_t n, int64_t off);
/* Vectored forms; OFF < 0 means the descriptor's position (readv/writev). */
ssize_t files_readv(int fd, const struct iovec *iov, int cnt, int64_t off);
ssize_t files_writev(int fd, const struct iovec *iov, int cnt, int64_t off);
int64_t files_lseek(int fd, int64_t off, int whence);
int files_fstat(int fd, struct stat *st);
int files_fsync(int fd);
int files_ftruncate(int fd, int64_t len);
int files_stat(const char *path, struct stat *st);
int files_truncate(const char *path, int64_t len);
int files_mkdir(const char *path, int mode);
int files_rmdir(const char *path);
int files_unlink(const char *path);
int files_rename(const char *from, const char *to);
int files_chmod(const char *path, int mode);

/* The host descriptor behind guest FD, or -EBADF (for ioctl and directory reads). */
int files_host_fd(int fd);

/* Closes every guest descriptor above 2 (tests). */
void files_reset(void);

#endif
