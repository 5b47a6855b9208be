/* libkernel: asynchronous I/O. The functions behind table_aio.inc (and posix_aio.inc where the
 * area has POSIX names); libkernel_table.c and posix_table.c include this header. */
#ifndef PROSPERO_HLE_LIBKERNEL_AIO_H
#define PROSPERO_HLE_LIBKERNEL_AIO_H

#include <stdint.h>

#endif
