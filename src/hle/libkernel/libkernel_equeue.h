/* libkernel: event queues. The functions behind table_equeue.inc (and posix_equeue.inc where the
 * area has POSIX names); libkernel_table.c and posix_table.c include this header. */
#ifndef PROSPERO_HLE_LIBKERNEL_EQUEUE_H
#define PROSPERO_HLE_LIBKERNEL_EQUEUE_H

#include <stdint.h>

#endif
