/* sched.h of the console's libc (FreeBSD): policies, the priority record, sched_yield.
 * The console's priorities run from 256 (highest) to 767 (lowest) for SCHED_FIFO and
 * SCHED_RR, 768..959 for SCHED_OTHER; the default is 700. */
#ifndef _PROSPERO_SCHED_H
#define _PROSPERO_SCHED_H

#include "_prospero_cdefs.h"

#define SCHED_FIFO 1
#define SCHED_OTHER 2
#define SCHED_RR 3

struct sched_param {
  int sched_priority;
};

__PROSPERO_BEGIN_DECLS
int sched_yield(void);
int sched_get_priority_max(int policy); /* -1 and errno EINVAL for an unknown policy */
int sched_get_priority_min(int policy);
__PROSPERO_END_DECLS

#endif
