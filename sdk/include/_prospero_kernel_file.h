/* kernel.h, part: files and directories beyond the basic descriptors. Included by kernel.h; include
 * <kernel.h>, not this file. */
#ifndef _PROSPERO_KERNEL_FILE_H
#define _PROSPERO_KERNEL_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS
__PROSPERO_END_DECLS

#endif
