/* Basic system types (FreeBSD x86-64 sizes). */
#ifndef _PROSPERO_SYS_TYPES_H
#define _PROSPERO_SYS_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef long ssize_t;
typedef int64_t off_t;
typedef int pid_t;
typedef int64_t time_t;
typedef int clockid_t;
typedef unsigned int useconds_t;
typedef long suseconds_t;
/* file system types (FreeBSD 11 sizes, which struct stat uses) */
typedef uint16_t mode_t;
typedef uint32_t dev_t;
typedef uint32_t ino_t;
typedef uint16_t nlink_t;
typedef uint32_t uid_t;
typedef uint32_t gid_t;
typedef int64_t blkcnt_t;
typedef uint32_t blksize_t;
typedef uint32_t fflags_t;

#endif
