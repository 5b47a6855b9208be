/* POSIX I/O and sleeping (libkernel). */
#ifndef _PROSPERO_UNISTD_H
#define _PROSPERO_UNISTD_H

#include <sys/types.h>

#include "_prospero_cdefs.h"

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif

__PROSPERO_BEGIN_DECLS
ssize_t write(int fd, const void *buf, size_t size);
ssize_t read(int fd, void *buf, size_t size);
ssize_t pread(int fd, void *buf, size_t size, off_t offset);
ssize_t pwrite(int fd, const void *buf, size_t size, off_t offset);
int close(int fd);
off_t lseek(int fd, off_t offset, int whence);
int fsync(int fd);
int ftruncate(int fd, off_t length);
int truncate(const char *path, off_t length);
int rmdir(const char *path);
int unlink(const char *path);
int usleep(useconds_t usec);
pid_t getpid(void);
int getpagesize(void);
__PROSPERO_NORETURN void _exit(int status);
__PROSPERO_END_DECLS

#endif
