/* Layouts shared by the executable and PRX crt objects (per FACTS.md). */
#ifndef PROSPERO_SCE_SCE_PARAMS_H
#define PROSPERO_SCE_SCE_PARAMS_H

#include <stdint.h>

/* SDK version written into the process/module param; the kernel gates version-dependent
 * behaviour on it. Override with -DPROSPERO_GUEST_SDK_VERSION=... when building the crt. */
#ifndef PROSPERO_GUEST_SDK_VERSION
#define PROSPERO_GUEST_SDK_VERSION 0x04508101ull
#endif

/* PT_SCE_PROCPARAM: the process param block of an executable (0x50 bytes). */
struct crt_process_param {
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
_Static_assert(sizeof(struct crt_process_param) == 0x50, "process param is 0x50 bytes");

/* PT_SCE_MODULE_PARAM: the module param block of a PRX (0x18 bytes). */
struct crt_module_param {
  uint64_t size;        /* 0x18 */
  uint64_t magic;       /* 0x13C13F4BF */
  uint64_t sdk_version;
};
_Static_assert(sizeof(struct crt_module_param) == 0x18, "module param is 0x18 bytes");

/* What the loader passes in rdi at the executable's entry. */
struct crt_entry_params {
  int32_t argc;
  uint32_t pad;
  char *argv[];
};

#endif
