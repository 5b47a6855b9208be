/* Clocks and sleeping (libkernel). Clock ids follow FreeBSD. */
#ifndef _PROSPERO_TIME_H
#define _PROSPERO_TIME_H

#include <sys/types.h>

#include "_prospero_cdefs.h"

struct timespec {
  time_t tv_sec;
  long tv_nsec;
};

#define CLOCK_REALTIME 0
#define CLOCK_VIRTUAL 1
#define CLOCK_PROF 2
#define CLOCK_MONOTONIC 4
#define CLOCK_UPTIME 5
#define CLOCK_SECOND 13
#define CLOCK_THREAD_CPUTIME_ID 14
#define CLOCK_PROCESS_CPUTIME_ID 15

__PROSPERO_BEGIN_DECLS
int clock_gettime(clockid_t clock, struct timespec *ts);
int clock_getres(clockid_t clock, struct timespec *res);
int nanosleep(const struct timespec *request, struct timespec *remain);
__PROSPERO_END_DECLS

#endif
