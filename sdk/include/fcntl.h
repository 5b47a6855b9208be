/* File control (libkernel): open and its flags, with FreeBSD's values (sys/fcntl.h), which
 * the console's kernel keeps. */
#ifndef _PROSPERO_FCNTL_H
#define _PROSPERO_FCNTL_H

#include <sys/types.h>

#include "_prospero_cdefs.h"

#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_ACCMODE 0x0003
#define O_NONBLOCK 0x0004
#define O_APPEND 0x0008
#define O_SHLOCK 0x0010
#define O_EXLOCK 0x0020
#define O_FSYNC 0x0080
#define O_SYNC 0x0080
#define O_NOFOLLOW 0x0100
#define O_CREAT 0x0200
#define O_TRUNC 0x0400
#define O_EXCL 0x0800
#define O_NOCTTY 0x8000
#define O_DIRECT 0x00010000
#define O_DIRECTORY 0x00020000
#define O_CLOEXEC 0x00100000

__PROSPERO_BEGIN_DECLS
int open(const char *path, int flags, ...);
__PROSPERO_END_DECLS

#endif
