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

#endif
