/* kernel.h, part: files and directories. Included by kernel.h; include <kernel.h>, not this
 * file. Paths are absolute ("/app0/...", "/temp0/...") and at most SCE_KERNEL_PATH_MAX bytes
 * with the NUL; flags are FreeBSD's (fcntl.h). Errors are SCE error codes. */
#ifndef _PROSPERO_KERNEL_FILE_H
#define _PROSPERO_KERNEL_FILE_H

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>

#include "_prospero_cdefs.h"

#define SCE_KERNEL_NAME_MAX 255
#define SCE_KERNEL_PATH_MAX 1024
#define SCE_KERNEL_IOV_MAX 1024

#define SCE_KERNEL_O_RDONLY O_RDONLY
#define SCE_KERNEL_O_WRONLY O_WRONLY
#define SCE_KERNEL_O_RDWR O_RDWR
#define SCE_KERNEL_O_NONBLOCK O_NONBLOCK
#define SCE_KERNEL_O_APPEND O_APPEND
#define SCE_KERNEL_O_CREAT O_CREAT
#define SCE_KERNEL_O_TRUNC O_TRUNC
#define SCE_KERNEL_O_EXCL O_EXCL
#define SCE_KERNEL_O_DIRECT O_DIRECT
#define SCE_KERNEL_O_FSYNC O_FSYNC
#define SCE_KERNEL_O_SYNC O_SYNC
#define SCE_KERNEL_O_DIRECTORY O_DIRECTORY

#define SCE_KERNEL_S_IRUSR S_IRUSR
#define SCE_KERNEL_S_IWUSR S_IWUSR
#define SCE_KERNEL_S_IXUSR S_IXUSR
#define SCE_KERNEL_S_IRWXU S_IRWXU
#define SCE_KERNEL_S_IRWU (S_IRUSR | S_IWUSR)
#define SCE_KERNEL_S_IFMT S_IFMT
#define SCE_KERNEL_S_IFDIR S_IFDIR
#define SCE_KERNEL_S_IFREG S_IFREG

#define SCE_KERNEL_SEEK_SET 0
#define SCE_KERNEL_SEEK_CUR 1
#define SCE_KERNEL_SEEK_END 2

#define SCE_KERNEL_ERROR_EBADF ((int)0x80020009)
#define SCE_KERNEL_ERROR_EEXIST ((int)0x80020011)
#define SCE_KERNEL_ERROR_ENOTDIR ((int)0x80020014)
#define SCE_KERNEL_ERROR_EISDIR ((int)0x80020015)
#define SCE_KERNEL_ERROR_EROFS ((int)0x8002001E)
#define SCE_KERNEL_ERROR_ENAMETOOLONG ((int)0x8002003F)
#define SCE_KERNEL_ERROR_ENOTEMPTY ((int)0x80020042)

typedef mode_t SceKernelMode;
typedef struct stat SceKernelStat;
typedef struct iovec SceKernelIovec;

__PROSPERO_BEGIN_DECLS
int sceKernelOpen(const char *path, int flags, SceKernelMode mode);
int sceKernelClose(int fd);
ssize_t sceKernelRead(int fd, void *buf, size_t size);
ssize_t sceKernelPread(int fd, void *buf, size_t size, off_t offset);
ssize_t sceKernelPwrite(int fd, const void *buf, size_t size, off_t offset);
ssize_t sceKernelReadv(int fd, const SceKernelIovec *iov, int iovcnt);
ssize_t sceKernelWritev(int fd, const SceKernelIovec *iov, int iovcnt);
ssize_t sceKernelPreadv(int fd, const SceKernelIovec *iov, int iovcnt, off_t offset);
ssize_t sceKernelPwritev(int fd, const SceKernelIovec *iov, int iovcnt, off_t offset);
off_t sceKernelLseek(int fd, off_t offset, int whence);
int sceKernelFstat(int fd, SceKernelStat *st);
int sceKernelStat(const char *path, SceKernelStat *st);
int sceKernelFsync(int fd);
int sceKernelFtruncate(int fd, off_t length);
int sceKernelTruncate(const char *path, off_t length);
int sceKernelMkdir(const char *path, SceKernelMode mode);
int sceKernelRmdir(const char *path);
int sceKernelUnlink(const char *path);
int sceKernelRename(const char *from, const char *to);
int sceKernelChmod(const char *path, SceKernelMode mode);
int sceKernelGetdents(int fd, char *buf, int size);
int sceKernelGetdirentries(int fd, char *buf, int size, long *basep);
int sceKernelCheckReachability(const char *path);
__PROSPERO_END_DECLS

#endif
