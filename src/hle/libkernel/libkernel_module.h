/* libkernel: modules and dynamic TLS. The functions behind table_module.inc (and posix_module.inc
 * where the area has POSIX names); libkernel_table.c and posix_table.c include this header. */
#ifndef PROSPERO_HLE_LIBKERNEL_MODULE_H
#define PROSPERO_HLE_LIBKERNEL_MODULE_H

#include <stdint.h>

#endif
