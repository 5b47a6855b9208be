/* libkernel: the file system beyond libkernel.h's basic descriptors. The functions behind
 * table_file.inc (and posix_file.inc where the area has POSIX names); libkernel_table.c and
 * posix_table.c include this header. */
#ifndef PROSPERO_HLE_LIBKERNEL_FILE_H
#define PROSPERO_HLE_LIBKERNEL_FILE_H

#include <stdint.h>

#endif
