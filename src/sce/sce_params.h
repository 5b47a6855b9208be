/* The process and module param blocks (per FACTS.md): the layouts the guest crt compiles
 * into every executable and PRX (sdk/crt, freestanding: this header and sce_elf.h use
 * <stdint.h> only) and the loader finds through PT_SCE_PROCPARAM / PT_SCE_MODULE_PARAM. */
#ifndef PROSPERO_SCE_SCE_PARAMS_H
#define PROSPERO_SCE_SCE_PARAMS_H

#include <stdint.h>

#include "sce/sce_elf.h"

/* SDK version written into the process/module param; the kernel gates version-dependent
 * behaviour on it. Override with -DPROSPERO_GUEST_SDK_VERSION=... when building the crt. */
#ifndef PROSPERO_GUEST_SDK_VERSION
#define PROSPERO_GUEST_SDK_VERSION 0x04508101ull
#endif

/* PT_SCE_PROCPARAM: the process param block of an executable (0x50 bytes). */
struct sce_process_param {
  uint64_t size;                     /* 0x00: 0x50 */
  uint32_t magic;                    /* 0x08: "ORBI" */
  uint32_t entry_count;              /* 0x0C: 3 */
  uint64_t sdk_version;              /* 0x10 */
  const char *main_thread_name;      /* 0x18 */
  const uint32_t *main_thread_priority;   /* 0x20 */
  const uint32_t *main_thread_stack_size; /* 0x28 */
  const void *libc_param;            /* 0x30 */
  const void *kernel_mem_param;      /* 0x38 */
  const void *kernel_fs_param;       /* 0x40 */
  const uint32_t *process_preload_enabled; /* 0x48 */
};
_Static_assert(sizeof(struct sce_process_param) == SCE_PROC_PARAM_SIZE, "process param size");

/* PT_SCE_MODULE_PARAM: the module param block of a PRX (0x18 bytes). */
struct sce_module_param {
  uint64_t size;        /* 0x18 */
  uint64_t magic;       /* 0x13C13F4BF */
  uint64_t sdk_version;
};
_Static_assert(sizeof(struct sce_module_param) == SCE_MODULE_PARAM_SIZE, "module param size");

/* What the loader passes in rdi at the executable's entry. */
struct sce_entry_params {
  int32_t argc;
  uint32_t pad;
  char *argv[];
};

#endif
