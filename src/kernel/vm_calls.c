/* Memory system calls (vm_calls.h) over the guest memory map (guest_vm.h). */
#include "kernel/vm_calls.h"

#include "common/log.h"
#include "kernel/guest_vm.h"
#include "kernel/kernel_errno.h"

#define PAGE SCE_GUEST_PAGE_SIZE

uint64_t vm_call_flags_alignment(int flags, uint64_t align) {
  unsigned log2 = ((unsigned)flags >> VM_CALL_MAP_ALIGN_SHIFT) & 0xFF;
  if (log2 >= 12 && log2 < 48 && (1ull << log2) > align) align = 1ull << log2;
  return align;
}

int vm_call_mmap(uint64_t addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                 uint64_t *out) {
  if (len == 0 || len > UINT64_MAX - PAGE) return -KERNEL_EINVAL;
  len = (len + PAGE - 1) & ~(PAGE - 1);
  if (!(flags & VM_CALL_MAP_ANON)) {
    LOG_ONCE(kernel, WARN, "mmap of a file (fd %d, offset %lld) is not implemented yet", fd,
             (long long)offset);
    return -KERNEL_ENODEV;
  }
  if (fd != -1 || offset != 0) return -KERNEL_EINVAL;
  if (!(flags & VM_CALL_MAP_FIXED)) {
    if (addr > UINT64_MAX - PAGE) return -KERNEL_EINVAL;
    addr = (addr + PAGE - 1) & ~(PAGE - 1);
  }
  struct guest_vm_request req = {
      .addr = addr,
      .size = len,
      .align = vm_call_flags_alignment(flags, 0),
      .prot = prot,
      .flags = (unsigned)flags & (VM_CALL_MAP_FIXED | VM_CALL_MAP_NO_OVERWRITE),
      .kind = GUEST_VM_KIND_FLEXIBLE,
  };
  return guest_vm_map(&req, out);
}

/* [addr, addr+len) widened to whole pages. */
static int page_span(uint64_t addr, uint64_t len, uint64_t *start, uint64_t *size) {
  if (len == 0 || addr + len < addr || addr + len > UINT64_MAX - PAGE) return -KERNEL_EINVAL;
  *start = addr & ~(PAGE - 1);
  *size = ((addr + len + PAGE - 1) & ~(PAGE - 1)) - *start;
  return 0;
}

int vm_call_munmap(uint64_t addr, uint64_t len) {
  uint64_t s, n;
  int r = page_span(addr, len, &s, &n);
  return r < 0 ? r : guest_vm_unmap(s, n);
}

int vm_call_mprotect(uint64_t addr, uint64_t len, int prot) {
  uint64_t s, n;
  int r = page_span(addr, len, &s, &n);
  return r < 0 ? r : guest_vm_mprotect(s, n, prot);
}
