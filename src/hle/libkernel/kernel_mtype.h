/* Which memory types (SceKernelMemoryType) a title may pass to the calls that set one:
 * sceKernelAllocateDirectMemory, AllocateMainDirectMemory, MapDirectMemory2, Mtypeprotect,
 * MemoryPoolCommit and the type-protect operations of BatchMap and MemoryPoolBatch. The set
 * depends on the title's platform (docs/kernel-memory.md, "Memory types"). */
#ifndef PROSPERO_HLE_LIBKERNEL_KERNEL_MTYPE_H
#define PROSPERO_HLE_LIBKERNEL_KERNEL_MTYPE_H

#include <stdbool.h>

#include "kernel/title.h"

/* TYPE is a memory type a title of PLATFORM may set. */
bool kernel_mtype_valid_for(enum title_platform platform, int type);
/* TYPE is a memory type the running title may set. */
bool kernel_mtype_valid(int type);

#endif
