/* libkernel: synchronisation (mutexes, condition variables, rwlocks, barriers, semaphores, event
 * flags). The functions behind table_sync.inc (and posix_sync.inc where the area has POSIX names);
 * libkernel_table.c and posix_table.c include this header. */
#ifndef PROSPERO_HLE_LIBKERNEL_SYNC_H
#define PROSPERO_HLE_LIBKERNEL_SYNC_H

#include <stdint.h>

#endif
