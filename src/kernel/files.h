/* Guest file descriptors: the process's descriptor table. Guest descriptors 0, 1 and 2 are
 * the host's standard streams (the guest's stdout is the emulator's stdout); every other
 * descriptor is a host file or directory opened through the mount table (kernel/mounts.h),
 * numbered lowest free first, as FreeBSD numbers them.
 *
 * The interface is in host terms: host open flags and struct stat, results >= 0 or
 * -(host errno). The guest ABI (FreeBSD flag bits, struct layouts, errno numbers) is
 * translated above, in the HLE (libkernel's functions and the system call rows share one
 * translation). */
#ifndef PROSPERO_KERNEL_FILES_H
#define PROSPERO_KERNEL_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#define FILES_MAX 1024 /* guest descriptors */

/* Opens guest path PATH with host FLAGS (O_CREAT uses MODE). Writing, creating or truncating
 * on a read-only mount fails with -EROFS; a path outside every mount with -ENOENT. */
int files_open(const char *path, int flags, int mode);
int files_close(int fd);
ssize_t files_read(int fd, void *buf, size_t n);
ssize_t files_write(int fd, const void *buf, size_t n);
int64_t files_lseek(int fd, int64_t off, int whence);
int files_fstat(int fd, struct stat *st);
int files_stat(const char *path, struct stat *st);
int files_mkdir(const char *path, int mode);
int files_unlink(const char *path);
int files_rename(const char *from, const char *to);

/* The host descriptor behind guest FD, or -EBADF (for ioctl and directory reads). */
int files_host_fd(int fd);

/* Closes every guest descriptor above 2 (tests). */
void files_reset(void);

#endif
