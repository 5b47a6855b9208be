/* libkernel: the file system beyond libkernel.h's basic descriptors. The functions behind
 * table_file.inc (and posix_file.inc where the area has POSIX names); libkernel_table.c and
 * posix_table.c include this header. Each has a POSIX face (errno, -1) and a Sony face
 * (kernel_sce_*, SCE error codes); kernel_file_api.c. */
#ifndef PROSPERO_HLE_LIBKERNEL_FILE_H
#define PROSPERO_HLE_LIBKERNEL_FILE_H

#include <stdint.h>
#include <sys/types.h>

#include "hle/libkernel/libkernel.h"

int kernel_rmdir(const char *path);
int kernel_sce_rmdir(const char *path);
int kernel_chmod(const char *path, int mode);
int kernel_sce_chmod(const char *path, int mode);
int kernel_truncate(const char *path, int64_t len);
int kernel_sce_truncate(const char *path, int64_t len);
int kernel_ftruncate(int fd, int64_t len);
int kernel_sce_ftruncate(int fd, int64_t len);
int kernel_fsync(int fd);
int kernel_sce_fsync(int fd);
int kernel_sce_check_reachability(const char *path);
ssize_t kernel_pread(int fd, void *buf, size_t n, int64_t off);
int64_t kernel_sce_pread(int fd, void *buf, size_t n, int64_t off);
ssize_t kernel_pwrite(int fd, const void *buf, size_t n, int64_t off);
int64_t kernel_sce_pwrite(int fd, const void *buf, size_t n, int64_t off);
ssize_t kernel_readv(int fd, const struct guest_iovec *iov, int cnt);
int64_t kernel_sce_readv(int fd, const struct guest_iovec *iov, int cnt);
ssize_t kernel_writev(int fd, const struct guest_iovec *iov, int cnt);
int64_t kernel_sce_writev(int fd, const struct guest_iovec *iov, int cnt);
ssize_t kernel_preadv(int fd, const struct guest_iovec *iov, int cnt, int64_t off);
int64_t kernel_sce_preadv(int fd, const struct guest_iovec *iov, int cnt, int64_t off);
ssize_t kernel_pwritev(int fd, const struct guest_iovec *iov, int cnt, int64_t off);
int64_t kernel_sce_pwritev(int fd, const struct guest_iovec *iov, int cnt, int64_t off);
int kernel_getdents(int fd, void *buf, int n);
int kernel_sce_getdents(int fd, void *buf, int n);
int kernel_getdirentries(int fd, void *buf, int n, int64_t *basep);
int kernel_sce_getdirentries(int fd, void *buf, int n, int64_t *basep);

#endif
