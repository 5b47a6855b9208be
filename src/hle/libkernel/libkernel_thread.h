/* libkernel: threads (scePthread*, pthread_*). The functions behind table_thread.inc (and
 * posix_thread.inc where the area has POSIX names); libkernel_table.c and posix_table.c include
 * this header. */
#ifndef PROSPERO_HLE_LIBKERNEL_THREAD_H
#define PROSPERO_HLE_LIBKERNEL_THREAD_H

#include <stdint.h>

#endif
