/* POSIX threads (library libScePosix of module libkernel), FreeBSD's types and numbers.
 * One part per area: synchronisation in _prospero_pthread_sync.h. */
#ifndef _PROSPERO_PTHREAD_H
#define _PROSPERO_PTHREAD_H

#include <stddef.h>
#include <time.h>

#include "_prospero_cdefs.h"
#include "_prospero_pthread_sync.h"

#endif
