/* Guest pointer checks for system call arguments (sys_internal.h), against the guest memory
 * map (kernel/guest_vm.h): a pointer outside committed guest memory, or into memory without
 * the needed protection, is EFAULT, never a host fault. */
#include <string.h>

#include "hle/syscall/sys_internal.h"
#include "kernel/guest_vm.h"

bool sys_user_ok(uint64_t addr, uint64_t len, bool write) {
  if (len == 0) return true;
  if (addr + len < addr) return false;
  int need = GUEST_PROT_CPU_READ | (write ? GUEST_PROT_CPU_WRITE : 0);
  for (uint64_t end = addr + len; addr < end;) {
    uint64_t start, size;
    int prot;
    if (!guest_vm_query(addr, &start, &size, &prot) || (prot & need) != need) return false;
    addr = start + size;
  }
  return true;
}

int64_t sys_user_path(uint64_t addr, char *out) {
  size_t done = 0;
  while (done < SYS_GUEST_PATH_MAX) {
    uint64_t start, size;
    int prot;
    if (!guest_vm_query(addr + done, &start, &size, &prot) || !(prot & GUEST_PROT_CPU_READ))
      return -GUEST_EFAULT;
    size_t avail = (size_t)(start + size - (addr + done));
    if (avail > SYS_GUEST_PATH_MAX - done) avail = SYS_GUEST_PATH_MAX - done;
    const char *src = SYS_PTR(addr + done);
    const char *nul = memchr(src, 0, avail);
    size_t take = nul ? (size_t)(nul - src) + 1 : avail;
    memcpy(out + done, src, take);
    done += take;
    if (nul) return 0;
  }
  return -GUEST_ENAMETOOLONG;
}
