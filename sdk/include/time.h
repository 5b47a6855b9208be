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
#define CLOCK_UPTIME_PRECISE 7
#define CLOCK_UPTIME_FAST 8
#define CLOCK_REALTIME_PRECISE 9
#define CLOCK_REALTIME_FAST 10
#define CLOCK_MONOTONIC_PRECISE 11
#define CLOCK_MONOTONIC_FAST 12
#define CLOCK_SECOND 13
#define CLOCK_THREAD_CPUTIME_ID 14
#define CLOCK_PROCESS_CPUTIME_ID 15
#define CLOCK_PROCTIME 15    /* the console's name for it */
#define CLOCK_EXT_NETWORK 16 /* the console's own clocks from here */
#define CLOCK_EXT_DEBUG_NETWORK 17
#define CLOCK_EXT_AD_NETWORK 18
#define CLOCK_EXT_RAW_NETWORK 19

__PROSPERO_BEGIN_DECLS
int clock_gettime(clockid_t clock, struct timespec *ts);
int clock_getres(clockid_t clock, struct timespec *res);
int nanosleep(const struct timespec *request, struct timespec *remain);
__PROSPERO_END_DECLS

#endif
