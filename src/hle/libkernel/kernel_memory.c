/* libkernel memory: direct memory, flexible memory, the mmap family and the memory map
 * queries. Thin ABI wrappers: argument checks that depend on the guest ABI (pointers, the
 * flags word, the query record) live here; state and rules live in kernel/dmem.c and
 * kernel/guest_vm.c, which return negative FreeBSD errnos turned into SCE codes (sce*) or
 * errno + -1 (POSIX names) here. Guest pointers are host pointers (native execution). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_mtype.h"
#include "hle/libkernel/libkernel.h"
#include "hle/syscall/sys_internal.h"
#include "kernel/dmem.h"
#include "kernel/guest_vm.h"
#include "kernel/mempool.h"
#include "kernel/title.h"
#include "kernel/vm_calls.h"

#define PAGE SCE_GUEST_PAGE_SIZE

#define MMAP_FIXED VM_CALL_MAP_FIXED
#define MMAP_NO_OVERWRITE VM_CALL_MAP_NO_OVERWRITE
#define MMAP_DMEM_COMPAT 0x400 /* MapDirectMemory: the PS4 SDK's compatible aliasing */
#define MMAP_PLACEMENT (MMAP_FIXED | MMAP_NO_OVERWRITE | VM_CALL_MAP_NO_COALESCE)
#define DMEM_FLAGS_KNOWN (0x1F600090u | MMAP_DMEM_COMPAT)

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

/* Behaviour the console gates on the title's SDK version (BRIEF.md decision 6): PS5 titles
 * get the newest form; PS4 titles get it from SDK VERSION (0xMMmm0000 form) on. */
static bool sdk_at_least(uint32_t version) {
  if (title_get()->platform != TITLE_PLATFORM_PS4) return true;
  uint32_t v = 0;
  return kernel_get_compiled_sdk_version(&v) == 0 && v >= version;
}
#define SDK_DIRECT_MERGE 0x02000000u /* direct mappings coalesce from SDK 2.00 */
#define SDK_ALIAS_EBUSY 0x02500000u  /* MapDirectMemory refuses aliases from SDK 2.50 */
/* Below SDK 5.50 the console merges only ranges made from one call site (approximated:
 * separately made ranges are not merged at map time). */
#define SDK_CALL_SITE_MERGE 0x05500000u

/* sceKernelEnableDmemAliasing: from then on, mapping direct memory that is already mapped is
 * allowed (no EBUSY). */
static _Atomic bool dmem_aliasing;

int kernel_enable_dmem_aliasing(void) {
  dmem_aliasing = true;
  return 0;
}

/* A guest object of LEN bytes at P can be read (WRITE: and written): not null, not wild. */
static bool user_ok(const void *p, uint64_t len, bool write) {
  return p && sys_user_ok((uint64_t)(uintptr_t)p, len, write);
}

/* Copies the range name at NAME into OUT: -EFAULT for an unreadable name, -ENAMETOOLONG for
 * one of GUEST_VM_NAME_SIZE characters or more (the console keeps 31 and a NUL). */
static int user_name(const char *name, char out[GUEST_VM_NAME_SIZE]) {
  for (size_t i = 0; i < GUEST_VM_NAME_SIZE; i++) {
    if (!user_ok(name + i, 1, false)) return -GUEST_EFAULT;
    out[i] = name[i];
    if (!name[i]) return 0;
  }
  return -GUEST_ENAMETOOLONG;
}

/* ---- Direct memory -------------------------------------------------------------------- */

int kernel_allocate_direct_memory(int64_t search_start, int64_t search_end, uint64_t len,
                                  uint64_t align, int type, int64_t *out) {
  if (!out || !kernel_mtype_valid(type)) return SCE_KERNEL_ERROR(GUEST_EINVAL);
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
  req->flags = (unsigned)flags & MMAP_PLACEMENT;
  uint64_t at = 0;
  int r = guest_vm_map(req, &at);
  if (r == 0) *addr = (void *)(uintptr_t)at;
  return r;
}

/* The common core of the MapDirectMemory family. MAP2: sceKernelMapDirectMemory2, whose TYPE
 * is a memory type the title may set or -1 (keep the allocation's type, as the SDK reference
 * says); the others pass -1. CHECK_ALIAS: EBUSY when a page is mapped already (unless
 * aliasing is enabled). */
static int map_direct(void **addr, uint64_t len, int type, bool map2, int prot, int flags,
                      int64_t phys, uint64_t align, const char *name, bool check_alias) {
  if (!addr || len == 0 || len & (PAGE - 1) || phys < 0 || (uint64_t)phys & (PAGE - 1) ||
      !align_ok(align) || (type != -1 && !kernel_mtype_valid(type)))
    return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(addr, sizeof *addr, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  char label[GUEST_VM_NAME_SIZE] = "";
  int nr = name ? user_name(name, label) : 0;
  if (nr < 0) return SCE_KERNEL_ERROR(-nr);
  /* direct memory is data: CPU execute is EINVAL from MapDirectMemory2, EACCES otherwise */
  if (prot & GUEST_PROT_CPU_EXEC) return SCE_KERNEL_ERROR(map2 ? GUEST_EINVAL : GUEST_EACCES);
  /* the console's sys_mmap_dmem: a misaligned address (hint or not), flags outside FIXED,
   * NO_OVERWRITE, NO_COALESCE, 0x200000 and the alignment bits (DMEM_COMPAT is libkernel's),
   * protection bits outside the CPU and GPU read/write ones: EINVAL */
  if ((uint64_t)(uintptr_t)*addr & (PAGE - 1) || (unsigned)flags & ~DMEM_FLAGS_KNOWN ||
      prot & ~(0x33 | GUEST_PROT_CPU_EXEC))
    return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!dmem_allocated((uint64_t)phys, len)) return SCE_KERNEL_ERROR(GUEST_EACCES);
  if (check_alias && !dmem_aliasing && guest_vm_direct_mapped((uint64_t)phys, len))
    return SCE_KERNEL_ERROR(GUEST_EBUSY);
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
      .name = label,
      .keep_apart = !sdk_at_least(SDK_DIRECT_MERGE) || !sdk_at_least(SDK_CALL_SITE_MERGE),
  };
  return (int)hle_sce_result(map_request(addr, flags, align, &req));
}

/* MapDirectMemory and MapNamedDirectMemory refuse aliases from SDK 2.50 on, unless the
 * PS4 SDK's compatible mode (flag 0x400) asks for the old behaviour. */
static bool named_checks_alias(int flags) {
  return !(flags & MMAP_DMEM_COMPAT) && sdk_at_least(SDK_ALIAS_EBUSY);
}

int kernel_map_direct_memory(void **addr, uint64_t len, int prot, int flags, int64_t phys,
                             uint64_t align) {
  return map_direct(addr, len, -1, false, prot, flags, phys, align, NULL,
                    named_checks_alias(flags));
}

int kernel_map_named_direct_memory(void **addr, uint64_t len, int prot, int flags,
                                   int64_t phys, uint64_t align, const char *name) {
  if (!name) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  return map_direct(addr, len, -1, false, prot, flags, phys, align, name,
                    named_checks_alias(flags));
}

int kernel_map_direct_memory2(void **addr, uint64_t len, int type, int prot, int flags,
                              int64_t phys, uint64_t align) {
  return map_direct(addr, len, type, true, prot, flags, phys, align, NULL, true);
}

/* ---- Flexible memory ------------------------------------------------------------------ */

static int map_flexible(void **addr, uint64_t len, int prot, int flags, uint64_t align,
                        const char *name) {
  if (!addr || len == 0 || len & (PAGE - 1)) return -GUEST_EINVAL;
  if (!user_ok(addr, sizeof *addr, true)) return -GUEST_EFAULT;
  char label[GUEST_VM_NAME_SIZE] = "";
  int nr = name ? user_name(name, label) : 0;
  if (nr < 0) return nr;
  struct guest_vm_request req = {
      .size = len,
      .prot = prot,
      .kind = GUEST_VM_KIND_FLEXIBLE,
      .name = label,
      .keep_apart = !sdk_at_least(SDK_CALL_SITE_MERGE),
  };
  return map_request(addr, flags, align, &req);
}

int kernel_map_flexible_memory(void **addr, uint64_t len, int prot, int flags) {
  return (int)hle_sce_result(map_flexible(addr, len, prot, flags, 0, NULL));
}

int kernel_map_named_flexible_memory(void **addr, uint64_t len, int prot, int flags,
                                     const char *name) {
  if (!name) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  return (int)hle_sce_result(map_flexible(addr, len, prot, flags, 0, name));
}

/* sceKernelReleaseFlexibleMemory is munmap under another name (as fpPS4's libkernel has it):
 * the span widens to pages, holes are fine, length 0 is EINVAL. */
int kernel_release_flexible_memory(void *addr, uint64_t len) {
  return (int)hle_sce_result(vm_call_munmap((uint64_t)(uintptr_t)addr, len));
}

int kernel_available_flexible_memory_size(uint64_t *out) {
  if (!out) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t budget = guest_vm_flexible_budget(), used = guest_vm_flexible_used();
  *out = used >= budget ? 0 : budget - used;
  return 0;
}

/* ---- The mmap family ------------------------------------------------------------------ */

/* Anonymous and file mappings alike: kernel/vm_calls.h, shared with the system call row. */
static int mmap_core(void *addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                     uint64_t *out) {
  return vm_call_mmap((uint64_t)(uintptr_t)addr, len, prot, flags, fd, offset, out);
}

int kernel_sce_mmap(void *addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                    void **res) {
  if (!res) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(res, sizeof *res, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
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

/* The memory type is the direct memory's (SceKernelMemoryType: "memory type of direct
 * memory"; BatchMap's type-protect changes "the memory type of the direct memory mapped to
 * that area"): the physical pages the direct ranges of [S, E) view take TYPE too, so
 * GetDirectMemoryType and DirectMemoryQuery report it. */
static void set_direct_types(uint64_t s, uint64_t e, int type) {
  struct guest_vm_info i;
  for (uint64_t a = s; a < e && guest_vm_virtual_query(a, true, &i) == 0 && i.start < e;
       a = i.end) {
    if (i.kind != GUEST_VM_KIND_DIRECT) continue;
    uint64_t lo = i.start > s ? i.start : s, hi = i.end < e ? i.end : e;
    dmem_set_type(i.phys + (lo - i.start), hi - lo, type);
  }
}

int kernel_mtypeprotect(const void *addr, uint64_t len, int type, int prot) {
  uint64_t a = (uint64_t)(uintptr_t)addr;
  if (len == 0 || a + len < a || a + len > UINT64_MAX - PAGE || !kernel_mtype_valid(type))
    return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t s = a & ~(PAGE - 1), e = (a + len + PAGE - 1) & ~(PAGE - 1);
  int r = guest_vm_mtypeprotect(s, e - s, type, prot);
  if (r == 0) set_direct_types(s, e, type);
  return (int)hle_sce_result(r);
}

/* BatchMap operations (SceKernelBatchMapEntry.operation). */
enum {
  BATCH_MAP_DIRECT = 0,
  BATCH_UNMAP = 1,
  BATCH_PROTECT = 2,
  BATCH_MAP_FLEXIBLE = 3,
  BATCH_TYPE_PROTECT = 4,
};

/* BatchMap's protect operations do not round as Mprotect does: a span that is not 16 KiB
 * aligned is EINVAL (the SDK reference's notes on SceKernelBatchMapEntry and BatchMap; pool
 * space asks 64 KiB, which guest_vm checks). */
static bool protect_span_ok(const struct kernel_batch_map_entry *e) {
  return !(((uint64_t)(uintptr_t)e->start | e->length) & (PAGE - 1));
}

int kernel_batch_map2(const struct kernel_batch_map_entry *entries, int count, int *done,
                      int flags) {
  int r = 0, i = 0;
  if (done && !user_ok(done, sizeof *done, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  if (!entries || count < 0) r = SCE_KERNEL_ERROR(GUEST_EFAULT);
  for (; r == 0 && i < count; i++) {
    if (!user_ok(&entries[i], sizeof entries[i], false)) {
      r = SCE_KERNEL_ERROR(GUEST_EFAULT);
      break;
    }
    const struct kernel_batch_map_entry *e = &entries[i];
    void *at = e->start;
    if (e->length == 0) {
      r = SCE_KERNEL_ERROR(GUEST_EINVAL);
      break;
    }
    switch (e->operation) {
    case BATCH_MAP_DIRECT:
      r = map_direct(&at, e->length, -1, false, e->protection, flags, e->offset, 0, NULL,
                     named_checks_alias(flags));
      break;
    case BATCH_UNMAP:
      r = kernel_sce_munmap(e->start, e->length);
      break;
    case BATCH_PROTECT:
      r = protect_span_ok(e) ? kernel_sce_mprotect(e->start, e->length, e->protection)
                             : SCE_KERNEL_ERROR(GUEST_EINVAL);
      break;
    case BATCH_MAP_FLEXIBLE:
      r = (int)hle_sce_result(map_flexible(&at, e->length, e->protection, flags, 0, NULL));
      break;
    case BATCH_TYPE_PROTECT:
      r = protect_span_ok(e) ? kernel_mtypeprotect(e->start, e->length, e->type, e->protection)
                             : SCE_KERNEL_ERROR(GUEST_EINVAL);
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
  if (!user_ok(addr, sizeof *addr, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  struct guest_vm_request req = {.size = len, .kind = GUEST_VM_KIND_RESERVED};
  return (int)hle_sce_result(map_request(addr, flags, align, &req));
}

/* ---- Queries -------------------------------------------------------------------------- */

int kernel_query_memory_protection(void *addr, void **start, void **end, int *prot) {
  struct guest_vm_info info;
  if ((start && !user_ok(start, sizeof *start, true)) || (end && !user_ok(end, sizeof *end, true)) ||
      (prot && !user_ok(prot, sizeof *prot, true)))
    return SCE_KERNEL_ERROR(GUEST_EFAULT);
  int r = guest_vm_virtual_query((uint64_t)(uintptr_t)addr, false, &info);
  if (r == 0 && (info.kind == GUEST_VM_KIND_RESERVED || info.kind == GUEST_VM_KIND_POOL_RESERVED))
    r = -GUEST_EACCES;
  if (r < 0) return SCE_KERNEL_ERROR(-r);
  if (start) *start = (void *)(uintptr_t)info.start;
  if (end) *end = (void *)(uintptr_t)info.end;
  if (prot) *prot = info.prot;
  return 0;
}

/* sceKernelVirtualQuery, as the console's kernel answers it (sys_virtual_query in the fpPS4
 * port of it): the address is taken down to its page; past the end of the address space is
 * EINVAL; flags other than FIND_NEXT are ignored; min(INFO_SIZE, 72) bytes of the record are
 * written (a wild or null record with a size is EFAULT). Flexible is set for every committed
 * range that is neither direct nor pool memory (anonymous memory, files, images, stacks);
 * a direct range's protection hides CPU execute. */
int kernel_virtual_query(const void *addr, int flags, struct kernel_virtual_query_info *info,
                         uint64_t info_size) {
  uint64_t a = (uint64_t)(uintptr_t)addr & ~(PAGE - 1);
  if (a >= GUEST_VM_ADDRESS_END) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t size = info_size < sizeof *info ? info_size : sizeof *info;
  if (size && !user_ok(info, size, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  struct guest_vm_info v;
  int r = guest_vm_virtual_query(a, flags & VQ_FIND_NEXT, &v);
  if (r < 0) return SCE_KERNEL_ERROR(-r);
  struct kernel_virtual_query_info q;
  memset(&q, 0, sizeof q);
  q.start = v.start;
  q.end = v.end;
  bool reserved = v.kind == GUEST_VM_KIND_RESERVED || v.kind == GUEST_VM_KIND_POOL_RESERVED;
  bool direct = v.kind == GUEST_VM_KIND_DIRECT;
  bool pooled = v.kind == GUEST_VM_KIND_POOLED || v.kind == GUEST_VM_KIND_POOL_RESERVED;
  q.offset = direct ? v.phys : 0;
  q.protection = reserved ? 0 : direct ? v.prot & ~GUEST_PROT_CPU_EXEC : v.prot;
  q.memory_type = direct ? v.mtype : 0;
  uint32_t bits = 0;
  if (!reserved && !direct && !pooled) bits |= VQ_FLEXIBLE;
  if (direct) bits |= VQ_DIRECT;
  if (pooled) {
    bits |= VQ_POOLED;
    LOG_ONCE(hle, STUB, "VirtualQuery of pool memory: the record's bounds follow commits here; "
             "the console's are not recorded in the sources we read");
  }
  if (v.kind == GUEST_VM_KIND_STACK) bits |= VQ_STACK;
  if (!reserved) bits |= VQ_COMMITTED;
  q.flag_bits = (uint8_t)bits;
  memcpy(q.name, v.name, sizeof q.name);
  q.name[sizeof q.name - 1] = '\0';
  if (size) memcpy(info, &q, size);
  return 0;
}

/* sceKernelSetVirtualRangeName, as the console's sys_mname: the span must lie in the address
 * space and not wrap (EINVAL); the name is copied as copyinstr copies it (EFAULT, or
 * ENAMETOOLONG without a NUL in 32 bytes); the span widens to whole pages (an empty one
 * renames nothing). */
int kernel_set_virtual_range_name(const void *addr, uint64_t len, const char *name) {
  uint64_t a = (uint64_t)(uintptr_t)addr;
  if (a + len < a || a + len > GUEST_VM_ADDRESS_END) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  char label[GUEST_VM_NAME_SIZE];
  int nr = user_name(name, label);
  if (nr < 0) return SCE_KERNEL_ERROR(-nr);
  uint64_t s = a & ~(PAGE - 1), e = (a + len + PAGE - 1) & ~(PAGE - 1);
  if (e <= s) return 0;
  int r = guest_vm_set_name(s, e - s, label);
  return r == -GUEST_EINVAL ? 0 : (int)hle_sce_result(r); /* spans off the bands: nothing there */
}

int kernel_getpagesize(void) { return (int)PAGE; }

/* sceKernelDirectMemoryQuery: the allocation holding OFFSET (FIND_NEXT: or the first one
 * above it), touching allocations of one type read as one: start, end, memory type. EACCES
 * when there is none or OFFSET is past direct memory; EINVAL on unknown flags or a record
 * size other than 24; EFAULT on a null or wild record. */
int kernel_direct_memory_query(int64_t offset, int flags, struct kernel_dmem_query_info *info,
                               uint64_t info_size) {
  if (flags & ~VQ_FIND_NEXT || info_size != sizeof *info) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(info, sizeof *info, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  if (offset < 0 || (uint64_t)offset >= dmem_size()) return SCE_KERNEL_ERROR(GUEST_EACCES);
  int type = 0;
  uint64_t s = 0, e = 0;
  int r = flags & VQ_FIND_NEXT ? dmem_query_next((uint64_t)offset, &type, &s, &e)
                               : dmem_query((uint64_t)offset, &type, &s, &e);
  if (r < 0) return SCE_KERNEL_ERROR(GUEST_EACCES);
  memset(info, 0, sizeof *info);
  info->start = s;
  info->end = e;
  info->memory_type = type;
  return 0;
}

/* sceKernelIsStack: for a mapped ADDR, the stack range holding it (start and end 0 when the
 * range is not a stack); EACCES for a hole. START and END may be null. */
int kernel_is_stack(const void *addr, void **start, void **end) {
  if ((start && !user_ok(start, sizeof *start, true)) || (end && !user_ok(end, sizeof *end, true)))
    return SCE_KERNEL_ERROR(GUEST_EFAULT);
  struct guest_vm_info v;
  int r = guest_vm_virtual_query((uint64_t)(uintptr_t)addr, false, &v);
  if (r < 0) return SCE_KERNEL_ERROR(-r);
  bool stack = v.kind == GUEST_VM_KIND_STACK;
  if (start) *start = stack ? (void *)(uintptr_t)v.start : NULL;
  if (end) *end = stack ? (void *)(uintptr_t)v.end : NULL;
  return 0;
}

/* sceKernelConfiguredFlexibleMemorySize: the title's flexible memory budget. */
int kernel_configured_flexible_memory_size(uint64_t *out) {
  if (!out) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(out, sizeof *out, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  *out = guest_vm_flexible_budget();
  return 0;
}

/* ---- mlock ---------------------------------------------------------------------------- */

/* FreeBSD's mlock/munlock: the span is widened to whole pages; every page must be mapped
 * (ENOMEM), a span that wraps is EINVAL, length 0 does nothing. Guest memory is never paged
 * out by the emulator's own choice, so after the check there is nothing to pin. */
static int mlock_core(const void *addr, uint64_t len) {
  uint64_t a = (uint64_t)(uintptr_t)addr;
  if (len == 0) return 0;
  if (a + len < a || a + len > UINT64_MAX - PAGE) return -GUEST_EINVAL;
  uint64_t s = a & ~(PAGE - 1), e = (a + len + PAGE - 1) & ~(PAGE - 1);
  int r = guest_vm_check_mapped(s, e - s);
  return r == -GUEST_EINVAL ? -GUEST_ENOMEM : r;
}

int kernel_sce_mlock(const void *addr, uint64_t len) {
  return (int)hle_sce_result(mlock_core(addr, len));
}
int kernel_sce_munlock(const void *addr, uint64_t len) {
  return (int)hle_sce_result(mlock_core(addr, len));
}
int kernel_mlock(const void *addr, uint64_t len) {
  return (int)hle_posix_result(mlock_core(addr, len));
}
int kernel_munlock(const void *addr, uint64_t len) {
  return (int)hle_posix_result(mlock_core(addr, len));
}

/* FreeBSD's mlockall(how): MCL_CURRENT (1), MCL_FUTURE (2) or both, anything else (0 included)
 * EINVAL; munlockall undoes it. As for mlock, nothing is paged out here, so there is nothing
 * to pin or unpin; the process's RLIMIT_MEMLOCK (ENOMEM on FreeBSD) is not modelled. */
#define MCL_CURRENT 1
#define MCL_FUTURE 2
int kernel_mlockall(int how) {
  bool ok = how != 0 && !(how & ~(MCL_CURRENT | MCL_FUTURE));
  return ok ? 0 : (int)hle_posix_result(-GUEST_EINVAL);
}
int kernel_munlockall(void) { return 0; }

/* ---- Memory pools --------------------------------------------------------------------- */

int kernel_memory_pool_expand(int64_t search_start, int64_t search_end, uint64_t len,
                              uint64_t align, int64_t *out) {
  if (!out) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(out, sizeof *out, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  if (search_start < 0 || search_end < 0) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  uint64_t phys = 0;
  int r = mempool_expand((uint64_t)search_start, (uint64_t)search_end, len, align, &phys);
  if (r == 0) *out = (int64_t)phys;
  return (int)hle_sce_result(r);
}

int kernel_memory_pool_reserve(void *addr_in, uint64_t len, uint64_t align, int flags,
                               void **addr_out) {
  if (!addr_out) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(addr_out, sizeof *addr_out, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  uint64_t at = 0;
  int r = mempool_reserve((uint64_t)(uintptr_t)addr_in, len, align,
                          (unsigned)flags & MMAP_PLACEMENT, &at);
  if (r == 0) *addr_out = (void *)(uintptr_t)at;
  return (int)hle_sce_result(r);
}

/* Pool pages are data: a commit or protection change asking CPU execute is EINVAL. The
 * flags of Commit, Decommit, Move and Batch (and of a batch entry) are reserved: anything but
 * 0 is EINVAL (the SDK reference's error tables). */
int kernel_memory_pool_commit(void *addr, uint64_t len, int type, int prot, int flags) {
  if (flags != 0 || (prot & GUEST_PROT_CPU_EXEC) || !kernel_mtype_valid(type))
    return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return (int)hle_sce_result(mempool_commit((uint64_t)(uintptr_t)addr, len, type, prot));
}

int kernel_memory_pool_decommit(void *addr, uint64_t len, int flags) {
  if (flags != 0) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return (int)hle_sce_result(mempool_decommit((uint64_t)(uintptr_t)addr, len));
}

int kernel_memory_pool_move(void *dst, void *src, uint64_t len, int flags) {
  if (flags != 0) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return (int)hle_sce_result(
      mempool_move((uint64_t)(uintptr_t)dst, (uint64_t)(uintptr_t)src, len));
}

/* sceKernelMemoryPoolRelease: no public export list, SDK header or reference page shows it
 * (the SDK reference frees a reservation with sceKernelMunmap of the whole of it), so the
 * argument list (addr, len, flags) is the pool calls' pattern, assumed; logged once. */
int kernel_memory_pool_release(void *addr, uint64_t len, int flags) {
  LOG_ONCE(hle, STUB, "sceKernelMemoryPoolRelease: not in any public export list; its argument "
                      "list (addr, len, flags) is assumed");
  if (flags != 0) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return (int)hle_sce_result(mempool_release((uint64_t)(uintptr_t)addr, len));
}

/* SceKernelMemoryPoolBatchEntry opcodes. */
enum { POOL_OP_COMMIT = 1, POOL_OP_DECOMMIT, POOL_OP_PROTECT, POOL_OP_TYPE_PROTECT, POOL_OP_MOVE };

int kernel_memory_pool_batch(const struct kernel_pool_batch_entry *entries, int count,
                             int *done, int flags) {
  if (done && !user_ok(done, sizeof *done, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  int r = !entries || count < 0 || flags != 0 ? SCE_KERNEL_ERROR(GUEST_EINVAL) : 0, i = 0;
  for (; r == 0 && i < count; i++) {
    if (!user_ok(&entries[i], sizeof entries[i], false)) {
      r = SCE_KERNEL_ERROR(GUEST_EFAULT);
      break;
    }
    const struct kernel_pool_batch_entry *e = &entries[i];
    switch (e->opcode) {
    case POOL_OP_COMMIT:
      r = kernel_memory_pool_commit(e->u.commit.addr, e->u.commit.len, e->u.commit.type,
                                    e->u.commit.prot, (int)e->flags);
      break;
    case POOL_OP_DECOMMIT:
      r = kernel_memory_pool_decommit(e->u.decommit.addr, e->u.decommit.len, (int)e->flags);
      break;
    case POOL_OP_PROTECT:
      r = kernel_sce_mprotect(e->u.protect.addr, e->u.protect.len, e->u.protect.prot);
      break;
    case POOL_OP_TYPE_PROTECT:
      r = kernel_mtypeprotect(e->u.type_protect.addr, e->u.type_protect.len,
                              e->u.type_protect.type, e->u.type_protect.prot);
      break;
    case POOL_OP_MOVE:
      r = kernel_memory_pool_move(e->u.move.dst, e->u.move.src, e->u.move.len, (int)e->flags);
      break;
    default: /* the SDK reference: an invalid op is EOPNOTSUPP */
      r = SCE_KERNEL_ERROR(GUEST_EOPNOTSUPP);
      break;
    }
    if (r != 0) break;
  }
  if (done) *done = i;
  return r;
}

/* SceKernelMemoryPoolBlockStats, as the SDK reference defines its fields: available flushed
 * = free blocks no memory type 0 commit has used since they entered the pool, available
 * cached = free blocks whose last commit had memory type 0, allocated flushed = always 0,
 * allocated cached = blocks committed with memory type 0 (blocks committed with another
 * type are in no count). SIZE bytes at most are written. */
int kernel_memory_pool_get_block_stats(struct kernel_pool_block_stats *stats, uint64_t size) {
  if (size > sizeof *stats) size = sizeof *stats;
  if (size && !user_ok(stats, size, true)) return SCE_KERNEL_ERROR(GUEST_EFAULT);
  struct mempool_stats m;
  mempool_get_stats(&m);
  struct kernel_pool_block_stats out = {
      .available_flushed_blocks = (int32_t)(m.free_blocks - m.cached_free_blocks),
      .available_cached_blocks = (int32_t)m.cached_free_blocks,
      .allocated_flushed_blocks = 0,
      .allocated_cached_blocks = (int32_t)m.committed_type0_blocks,
  };
  if (size) memcpy(stats, &out, size);
  return 0;
}
