/* Time of day (libkernel): FreeBSD's struct timeval and the obsolete struct timezone, which
 * gettimeofday fills with zeros. */
#ifndef _PROSPERO_SYS_TIME_H
#define _PROSPERO_SYS_TIME_H

#include <sys/types.h>

#include "../_prospero_cdefs.h"

struct timeval {
  time_t tv_sec;
  suseconds_t tv_usec;
};

struct timezone {
  int tz_minuteswest; /* minutes west of Greenwich */
  int tz_dsttime;     /* type of daylight saving correction */
};

__PROSPERO_BEGIN_DECLS
int gettimeofday(struct timeval *tv, struct timezone *tz);
__PROSPERO_END_DECLS

#endif
