/* System call rows for memory: mmap, munmap, mprotect, madvise over the guest memory map
 * (kernel/guest_vm.h) through kernel/vm_calls.h, shared with libkernel's mmap family. */
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/libkernel/libkernel.h"
#include "hle/syscall/sys_internal.h"
#include "kernel/guest_vm.h"
#include "kernel/vm_calls.h"

/* FreeBSD sys/mman.h */
#define GUEST_PROT_ALL 0x7 /* READ 1, WRITE 2, EXEC 4: the guest_vm CPU bits */
#define GUEST_MAP_SHARED 0x0001
#define GUEST_MAP_PRIVATE 0x0002
#define GUEST_MAP_FIXED 0x0010
#define GUEST_MAP_STACK 0x0400
#define GUEST_MAP_ANON 0x1000
#define GUEST_MAP_ALIGNMENT_SHIFT 24
#define GUEST_MAP_KNOWN                                                                 \
  (GUEST_MAP_SHARED | GUEST_MAP_PRIVATE | GUEST_MAP_FIXED | GUEST_MAP_STACK | GUEST_MAP_ANON | \
   0x20000 /* NOCORE */ | 0x0200 /* NOSYNC */ | 0x2000 /* EXCL */ | 0x80 /* NO_OVERWRITE */ | 0x100 /* VOID */ | \
   0x400000 /* NO_COALESCE */ |                                                              \
   0xFFu << GUEST_MAP_ALIGNMENT_SHIFT)
#define GUEST_MADV_MAX 10 /* NORMAL 0 .. PROTECT 10 */
#define PAGE 0x4000ull    /* the console's 16 KiB page (FACTS.md) */

/* The rows check the system call's own argument rules (known flags, CPU protection bits);
 * the work is kernel/vm_calls.h, the implementation libkernel's mmap family shares. */
int64_t sys_mmap(const uint64_t a[6]) {
  uint64_t addr = a[0], len = a[1];
  int prot = (int)a[2], flags = (int)a[3], fd = (int)a[4];
  int64_t off = (int64_t)a[5];
  if (!len || len > (1ull << 40) || (prot & ~GUEST_PROT_ALL)) return -GUEST_EINVAL;
  if (flags & ~GUEST_MAP_KNOWN) {
    LOG_ONCE(hle, STUB, "mmap: flag bits %#x not supported", flags & ~GUEST_MAP_KNOWN);
    return -GUEST_EINVAL;
  }
  uint64_t at = 0;
  int r = vm_call_mmap(addr, len, prot, flags, fd, off, &at);
  return r < 0 ? r : (int64_t)at;
}

int64_t sys_munmap(const uint64_t a[6]) {
  if (a[0] & (PAGE - 1)) return -GUEST_EINVAL;
  return vm_call_munmap(a[0], a[1]); /* holes are fine, as in FreeBSD */
}

int64_t sys_mprotect(const uint64_t a[6]) {
  int prot = (int)a[2];
  if ((a[0] & (PAGE - 1)) || (prot & ~GUEST_PROT_ALL)) return -GUEST_EINVAL;
  if (!a[1]) return 0;
  return vm_call_mprotect(a[0], a[1], prot);
}

int64_t sys_madvise(const uint64_t a[6]) {
  /* advice only: keeping the pages is always a correct answer to every behaviour */
  if (a[2] > GUEST_MADV_MAX) return -GUEST_EINVAL;
  return 0;
}
