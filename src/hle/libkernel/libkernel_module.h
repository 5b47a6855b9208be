/* libkernel: modules and dynamic TLS. The functions behind table_module.inc (and posix_module.inc
 * where the area has POSIX names); libkernel_table.c and posix_table.c include this header.
 *
 * The guest-visible records, as the console's libkernel fills them (sizes are checked by the
 * callers' first field; offsets in the static asserts of kernel_module.c). */
#ifndef PROSPERO_HLE_LIBKERNEL_MODULE_H
#define PROSPERO_HLE_LIBKERNEL_MODULE_H

#include <stddef.h>
#include <stdint.h>

#define KERNEL_MODULE_NAME_MAX 256   /* SCE_DBG_MAX_NAME_LENGTH */
#define KERNEL_MODULE_MAX_SEGMENTS 4 /* SCE_DBG_MAX_SEGMENTS */
#define KERNEL_MODULE_FINGERPRINT 20 /* SCE_DBG_NUM_FINGERPRINT */

struct kernel_module_segment { /* SceKernelModuleSegmentInfo, 16 bytes */
  uint64_t address;
  uint32_t size;
  int32_t prot; /* SCE_KERNEL_PROT_CPU_READ 1, WRITE 2, EXEC 4 */
};

struct kernel_module_info { /* SceKernelModuleInfo, 0x160 bytes */
  uint64_t size;
  char name[KERNEL_MODULE_NAME_MAX];
  struct kernel_module_segment segments[KERNEL_MODULE_MAX_SEGMENTS];
  uint32_t segment_count;
  uint8_t fingerprint[KERNEL_MODULE_FINGERPRINT];
};

struct kernel_module_info_ex { /* SceKernelModuleInfoEx, 0x1A8 bytes */
  uint64_t size;
  char name[KERNEL_MODULE_NAME_MAX];
  int32_t handle;
  uint32_t tls_index;
  uint64_t tls_init_addr;
  uint32_t tls_init_size;
  uint32_t tls_size;
  uint32_t tls_offset;
  uint32_t tls_align;
  uint64_t init_proc_addr;
  uint64_t fini_proc_addr;
  uint64_t reserved1, reserved2;
  uint64_t eh_frame_hdr_addr;
  uint64_t eh_frame_addr;
  uint32_t eh_frame_hdr_size;
  uint32_t eh_frame_size;
  struct kernel_module_segment segments[KERNEL_MODULE_MAX_SEGMENTS];
  uint32_t segment_count;
  uint32_t ref_count;
};

struct kernel_module_info_for_unwind { /* SceKernelModuleInfoForUnwind, 0x130 bytes */
  uint64_t size;
  char name[KERNEL_MODULE_NAME_MAX];
  uint64_t eh_frame_hdr_addr;
  uint64_t eh_frame_addr;
  uint64_t eh_frame_size;
  uint64_t seg0_addr;
  uint64_t seg0_size;
};

/* Results: >= 0, or an SCE kernel error code (0x80020000 + errno). */
int32_t kernel_load_start_module(const char *path, size_t args, const void *argp, uint32_t flags,
                                 const void *opt, int *result);
int32_t kernel_stop_unload_module(int32_t handle, size_t args, const void *argp, uint32_t flags,
                                  const void *opt, int *result);
int32_t kernel_dlsym(int32_t handle, const char *symbol, void **addr);
int32_t kernel_get_module_info(int32_t handle, struct kernel_module_info *info);
int32_t kernel_get_module_info2(int32_t handle, struct kernel_module_info *info);
int32_t kernel_get_module_info_internal(int32_t handle, struct kernel_module_info_ex *info);
int32_t kernel_get_module_info_from_addr(uint64_t addr, int32_t flags,
                                         struct kernel_module_info_ex *info);
int32_t kernel_get_module_info_for_unwind(uint64_t addr, int32_t flags,
                                          struct kernel_module_info_for_unwind *info);
int32_t kernel_get_module_list(int32_t *handles, size_t capacity, size_t *count);
int32_t kernel_get_module_list2(int32_t *handles, size_t capacity, size_t *count);

#endif
