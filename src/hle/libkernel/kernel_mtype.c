/* The memory types each title generation may set, as one table (docs/kernel-memory.md,
 * "Memory types"). PS5 titles: the SDK 12.000 kernel reference's SceKernelMemoryType lists
 * 0 (the same operation as SCE_KERNEL_MTYPE_C_SHARED), 11 (SCE_KERNEL_MTYPE_C) and 12
 * (SCE_KERNEL_MTYPE_C_SHARED) as the types that can be specified, and the calls' error
 * tables make "type is an undefined value" EINVAL. PS4 titles: the PS4 SDK's types 0
 * (WB_ONION) to 10 (WB_GARLIC), the range the PS4 kernel accepts. */
#include "hle/libkernel/kernel_mtype.h"

#include <stdint.h>

#include "kernel/dmem.h"

static const uint32_t valid_types[] = {
    [TITLE_PLATFORM_PS5] = 1u << 0 | 1u << 11 | 1u << 12,
    [TITLE_PLATFORM_PS4] = (1u << 11) - 1, /* 0..10 */
};

bool kernel_mtype_valid_for(enum title_platform platform, int type) {
  if (type < 0 || type > DMEM_MEMORY_TYPE_MAX) return false;
  if ((unsigned)platform >= sizeof valid_types / sizeof valid_types[0]) return false;
  return valid_types[platform] >> type & 1u;
}

bool kernel_mtype_valid(int type) { return kernel_mtype_valid_for(title_get()->platform, type); }
