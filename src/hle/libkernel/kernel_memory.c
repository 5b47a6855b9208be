/* libkernel memory: direct memory, flexible memory, the mmap family and the memory map
 * queries. Thin ABI wrappers: argument checks that depend on the guest ABI (pointers, the
 * flags word, the query record) live here; state and rules live in kernel/dmem.c and
 * kernel/guest_vm.c, which return negative FreeBSD errnos turned into SCE codes (sce*) or
 * errno + -1 (POSIX names) here. Guest pointers are host pointers (native execution). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/syscall/sys_internal.h"
#include "kernel/dmem.h"
#include "kernel/guest_vm.h"
#include "kernel/vm_calls.h"

#define PAGE SCE_GUEST_PAGE_SIZE

#define MMAP_FIXED VM_CALL_MAP_FIXED
#define MMAP_NO_OVERWRITE VM_CALL_MAP_NO_OVERWRITE

/* VirtualQuery flag bits (the record's bit field, lowest bit first). */
#define VQ_FLEXIBLE 0x01u
#define VQ_DIRECT 0x02u
#define VQ_STACK 0x04u
#define VQ_POOLED 0x08u
#define VQ_COMMITTED 0x10u
#define VQ_FIND_NEXT 1

static uint64_t flags_alignment(int flags, uint64_t align) {
  return vm_call_flags_alignment(flags, align);
}

static bool align_ok(uint64_t align) {
  return align == 0 || (!(align & (align - 1)) && !(align & (PAGE - 1)));
}

/* ---- Direct memory -------------------------------------------------------------------- */

int kernel_allocate_direct_memory(int64_t search_start, int64_t search_end, uint64_t len,
                                  uint64_t align, int type, int64_t *out) {
  if (!out) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t phys = 0;
  int r = dmem_allocate((uint64_t)search_start, (uint64_t)search_end, len, align, type, &phys);
  if (r == 0) *out = (int64_t)phys;
  return (int)hle_sce_result(r);
}

int kernel_allocate_main_direct_memory(uint64_t len, uint64_t align, int type, int64_t *out) {
  return kernel_allocate_direct_memory(0, (int64_t)dmem_size(), len, align, type, out);
}

int kernel_release_direct_memory(int64_t start, uint64_t len) {
  return (int)hle_sce_result(dmem_release((uint64_t)start, len, false));
}

int kernel_checked_release_direct_memory(int64_t start, uint64_t len) {
  return (int)hle_sce_result(dmem_release((uint64_t)start, len, true));
}

uint64_t kernel_get_direct_memory_size(void) { return dmem_size(); }

int kernel_available_direct_memory_size(int64_t search_start, int64_t search_end,
                                        uint64_t align, int64_t *start_out,
                                        uint64_t *size_out) {
  uint64_t s = 0, n = 0;
  if (!start_out || !size_out) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  int r = dmem_available((uint64_t)search_start, (uint64_t)search_end, align, &s, &n);
  if (r == 0) {
    *start_out = (int64_t)s;
    *size_out = n;
  }
  return (int)hle_sce_result(r);
}

int kernel_get_direct_memory_type(int64_t start, int *type, int64_t *region_start,
                                  int64_t *region_end) {
  if (!type || !region_start || !region_end) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t s = 0, e = 0;
  int r = start < 0 ? -GUEST_ENOENT : dmem_query((uint64_t)start, type, &s, &e);
  if (r == 0) {
    *region_start = (int64_t)s;
    *region_end = (int64_t)e;
  }
  return (int)hle_sce_result(r);
}

/* Maps REQ at the address the guest passed in *ADDR (a hint, or the place with MMAP_FIXED),
 * with the alignment and the fixed/no-overwrite flags of FLAGS and ALIGN, and stores the
 * address chosen in *ADDR. Returns 0 or a negative guest errno. */
static int map_request(void **addr, int flags, uint64_t align, struct guest_vm_request *req) {
  req->addr = (uint64_t)(uintptr_t)*addr;
  req->align = flags_alignment(flags, align);
  req->flags = (unsigned)flags & (MMAP_FIXED | MMAP_NO_OVERWRITE);
  uint64_t at = 0;
  int r = guest_vm_map(req, &at);
  if (r == 0) *addr = (void *)(uintptr_t)at;
  return r;
}

/* The common core of the MapDirectMemory family; TYPE < 0 keeps the allocation's type. */
static int map_direct(void **addr, uint64_t len, int type, int prot, int flags, int64_t phys,
                      uint64_t align, const char *name) {
  if (!addr || len == 0 || len & (PAGE - 1) || phys < 0 || (uint64_t)phys & (PAGE - 1) ||
      !align_ok(align) || (type > DMEM_MEMORY_TYPE_MAX))
    return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!dmem_allocated((uint64_t)phys, len)) return SCE_KERNEL_ERROR(GUEST_EACCES);
  if (type >= 0) {
    int r = dmem_set_type((uint64_t)phys, len, type);
    if (r < 0) return SCE_KERNEL_ERROR(-r);
  }
  int mtype = 0;
  dmem_query((uint64_t)phys, &mtype, NULL, NULL);
  struct guest_vm_request req = {
      .size = len,
      .prot = prot,
      .kind = GUEST_VM_KIND_DIRECT,
      .phys = (uint64_t)phys,
      .mtype = mtype,
      .name = name,
  };
  return (int)hle_sce_result(map_request(addr, flags, align, &req));
}

int kernel_map_direct_memory(void **addr, uint64_t len, int prot, int flags, int64_t phys,
                             uint64_t align) {
  return map_direct(addr, len, -1, prot, flags, phys, align, NULL);
}

int kernel_map_named_direct_memory(void **addr, uint64_t len, int prot, int flags,
                                   int64_t phys, uint64_t align, const char *name) {
  return map_direct(addr, len, -1, prot, flags, phys, align, name);
}

int kernel_map_direct_memory2(void **addr, uint64_t len, int type, int prot, int flags,
                              int64_t phys, uint64_t align) {
  if (type < 0) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return map_direct(addr, len, type, prot, flags, phys, align, NULL);
}

/* ---- Flexible memory ------------------------------------------------------------------ */

static int map_flexible(void **addr, uint64_t len, int prot, int flags, uint64_t align,
                        const char *name) {
  if (!addr || len == 0 || len & (PAGE - 1)) return -GUEST_EINVAL;
  struct guest_vm_request req = {
      .size = len,
      .prot = prot,
      .kind = GUEST_VM_KIND_FLEXIBLE,
      .name = name,
  };
  return map_request(addr, flags, align, &req);
}

int kernel_map_flexible_memory(void **addr, uint64_t len, int prot, int flags) {
  return (int)hle_sce_result(map_flexible(addr, len, prot, flags, 0, NULL));
}

int kernel_map_named_flexible_memory(void **addr, uint64_t len, int prot, int flags,
                                     const char *name) {
  return (int)hle_sce_result(map_flexible(addr, len, prot, flags, 0, name));
}

int kernel_release_flexible_memory(void *addr, uint64_t len) {
  return (int)hle_sce_result(guest_vm_unmap((uint64_t)(uintptr_t)addr, len));
}

int kernel_available_flexible_memory_size(uint64_t *out) {
  if (!out) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t budget = guest_vm_flexible_budget(), used = guest_vm_flexible_used();
  *out = used >= budget ? 0 : budget - used;
  return 0;
}

/* ---- The mmap family ------------------------------------------------------------------ */

/* Anonymous mappings go straight to the kernel; file mappings take the mmap system call's
 * row (src/hle/syscall/sys_mem.c), so both ways in behave the same. */
static int mmap_core(void *addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                     uint64_t *out) {
  if (flags & VM_CALL_MAP_ANON)
    return vm_call_mmap((uint64_t)(uintptr_t)addr, len, prot, flags, fd, offset, out);
  const uint64_t a[6] = {(uint64_t)(uintptr_t)addr, len, (uint64_t)prot, (uint64_t)flags,
                         (uint64_t)fd, (uint64_t)offset};
  int64_t r = sys_mmap(a);
  if (r < 0) return (int)r;
  *out = (uint64_t)r;
  return 0;
}

int kernel_sce_mmap(void *addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                    void **res) {
  if (!res) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t at = 0;
  int r = mmap_core(addr, len, prot, flags, fd, offset, &at);
  if (r == 0) *res = (void *)(uintptr_t)at;
  return (int)hle_sce_result(r);
}

void *kernel_mmap(void *addr, uint64_t len, int prot, int flags, int fd, int64_t offset) {
  uint64_t at = 0;
  int r = mmap_core(addr, len, prot, flags, fd, offset, &at);
  if (r < 0) {
    hle_errno_set(-r);
    return (void *)(intptr_t)-1;
  }
  return (void *)(uintptr_t)at;
}

static int munmap_core(void *addr, uint64_t len) {
  return vm_call_munmap((uint64_t)(uintptr_t)addr, len);
}

static int mprotect_core(const void *addr, uint64_t len, int prot) {
  return vm_call_mprotect((uint64_t)(uintptr_t)addr, len, prot);
}

int kernel_sce_munmap(void *addr, uint64_t len) {
  return (int)hle_sce_result(munmap_core(addr, len));
}
int kernel_munmap(void *addr, uint64_t len) {
  return (int)hle_posix_result(munmap_core(addr, len));
}
int kernel_sce_mprotect(const void *addr, uint64_t len, int prot) {
  return (int)hle_sce_result(mprotect_core(addr, len, prot));
}
int kernel_mprotect(const void *addr, uint64_t len, int prot) {
  return (int)hle_posix_result(mprotect_core(addr, len, prot));
}

int kernel_mtypeprotect(const void *addr, uint64_t len, int type, int prot) {
  uint64_t a = (uint64_t)(uintptr_t)addr;
  if (len == 0 || a + len < a || a + len > UINT64_MAX - PAGE) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t s = a & ~(PAGE - 1), e = (a + len + PAGE - 1) & ~(PAGE - 1);
  return (int)hle_sce_result(guest_vm_mtypeprotect(s, e - s, type, prot));
}

/* BatchMap operations (SceKernelBatchMapEntry.operation). */
enum {
  BATCH_MAP_DIRECT = 0,
  BATCH_UNMAP = 1,
  BATCH_PROTECT = 2,
  BATCH_MAP_FLEXIBLE = 3,
  BATCH_TYPE_PROTECT = 4,
};

int kernel_batch_map2(const struct kernel_batch_map_entry *entries, int count, int *done,
                      int flags) {
  int r = 0, i = 0;
  if (!entries || count < 0) r = SCE_KERNEL_ERROR(GUEST_EFAULT);
  for (; r == 0 && i < count; i++) {
    const struct kernel_batch_map_entry *e = &entries[i];
    void *at = e->start;
    switch (e->operation) {
    case BATCH_MAP_DIRECT:
      r = map_direct(&at, e->length, -1, e->protection, flags, e->offset, 0, NULL);
      break;
    case BATCH_UNMAP:
      r = kernel_sce_munmap(e->start, e->length);
      break;
    case BATCH_PROTECT:
      r = kernel_sce_mprotect(e->start, e->length, e->protection);
      break;
    case BATCH_MAP_FLEXIBLE:
      r = (int)hle_sce_result(map_flexible(&at, e->length, e->protection, flags, 0, NULL));
      break;
    case BATCH_TYPE_PROTECT:
      r = kernel_mtypeprotect(e->start, e->length, e->type, e->protection);
      break;
    default:
      r = SCE_KERNEL_ERROR(GUEST_EINVAL);
      break;
    }
    if (r != 0) break;
  }
  if (done) *done = i;
  return r;
}

int kernel_batch_map(const struct kernel_batch_map_entry *entries, int count, int *done) {
  return kernel_batch_map2(entries, count, done, MMAP_FIXED);
}

int kernel_reserve_virtual_range(void **addr, uint64_t len, int flags, uint64_t align) {
  if (!addr || len == 0 || len & (PAGE - 1) || !align_ok(align))
    return SCE_KERNEL_ERROR(GUEST_EINVAL);
  struct guest_vm_request req = {.size = len, .kind = GUEST_VM_KIND_RESERVED};
  return (int)hle_sce_result(map_request(addr, flags, align, &req));
}

/* ---- Queries -------------------------------------------------------------------------- */

int kernel_query_memory_protection(void *addr, void **start, void **end, int *prot) {
  struct guest_vm_info info;
  int r = guest_vm_virtual_query((uint64_t)(uintptr_t)addr, false, &info);
  if (r == 0 && info.kind == GUEST_VM_KIND_RESERVED) r = -GUEST_EACCES;
  if (r < 0) return SCE_KERNEL_ERROR(-r);
  if (start) *start = (void *)(uintptr_t)info.start;
  if (end) *end = (void *)(uintptr_t)info.end;
  if (prot) *prot = info.prot;
  return 0;
}

int kernel_virtual_query(const void *addr, int flags, struct kernel_virtual_query_info *info,
                         uint64_t info_size) {
  if (!info) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  if (info_size != sizeof *info || flags & ~VQ_FIND_NEXT) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  struct guest_vm_info v;
  int r = guest_vm_virtual_query((uint64_t)(uintptr_t)addr, flags & VQ_FIND_NEXT, &v);
  if (r < 0) return SCE_KERNEL_ERROR(-r);
  memset(info, 0, sizeof *info);
  info->start = v.start;
  info->end = v.end;
  info->offset = v.kind == GUEST_VM_KIND_DIRECT ? v.phys : 0;
  info->protection = v.kind == GUEST_VM_KIND_RESERVED ? 0 : v.prot;
  info->memory_type = v.kind == GUEST_VM_KIND_DIRECT ? v.mtype : 0;
  uint32_t bits = 0;
  if (v.kind == GUEST_VM_KIND_FLEXIBLE) bits |= VQ_FLEXIBLE;
  if (v.kind == GUEST_VM_KIND_DIRECT) bits |= VQ_DIRECT;
  if (v.kind != GUEST_VM_KIND_RESERVED) bits |= VQ_COMMITTED;
  info->flag_bits = (uint8_t)bits;
  memcpy(info->name, v.name, sizeof info->name);
  info->name[sizeof info->name - 1] = '\0';
  return 0;
}

int kernel_set_virtual_range_name(const void *addr, uint64_t len, const char *name) {
  if (!name) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  uint64_t a = (uint64_t)(uintptr_t)addr;
  if (len == 0 || (a | len) & (PAGE - 1)) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return (int)hle_sce_result(guest_vm_set_name(a, len, name));
}

int kernel_getpagesize(void) { return (int)PAGE; }
