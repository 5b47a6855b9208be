/* POSIX I/O and sleeping (libkernel). */
#ifndef _PROSPERO_UNISTD_H
#define _PROSPERO_UNISTD_H

#include <sys/types.h>

#include "_prospero_cdefs.h"

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

__PROSPERO_BEGIN_DECLS
ssize_t write(int fd, const void *buf, size_t size);
int usleep(useconds_t usec);
int getpagesize(void);
__PROSPERO_NORETURN void _exit(int status);
__PROSPERO_END_DECLS

#endif
