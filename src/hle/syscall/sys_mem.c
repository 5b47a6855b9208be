/* System call rows for memory: mmap, munmap, mprotect, madvise over the guest memory map
 * (kernel/guest_vm.h), which every guest-visible allocation comes from. */
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/libkernel/libkernel.h"
#include "hle/syscall/sys_internal.h"
#include "kernel/guest_vm.h"

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
   0x20000 /* NOCORE */ | 0x0200 /* NOSYNC */ | 0x2000 /* EXCL */ |                          \
   0xFFu << GUEST_MAP_ALIGNMENT_SHIFT)
#define GUEST_MADV_MAX 10 /* NORMAL 0 .. PROTECT 10 */
#define PAGE 0x4000ull    /* the console's 16 KiB page (FACTS.md) */

static uint64_t round_page(uint64_t v) { return (v + PAGE - 1) & ~(PAGE - 1); }

/* Releases every committed page in [ADDR, ADDR+SIZE) (page aligned), skipping holes, as
 * FreeBSD's munmap and MAP_FIXED do. False if the memory map refuses a piece. */
static bool unmap_range(uint64_t addr, uint64_t size) {
  bool ok = true;
  for (uint64_t at = addr, end = addr + size; at < end;) {
    uint64_t s, sz;
    int p;
    if (!guest_vm_query_next(at, &s, &sz, &p) || s >= end) break;
    if (s > at) at = s; /* skip the hole */
    uint64_t e = s + sz < end ? s + sz : end;
    ok &= guest_vm_free(at, e - at);
    at = e;
  }
  return ok;
}

int64_t sys_mmap(const uint64_t a[6]) {
  uint64_t addr = a[0], len = a[1];
  int prot = (int)a[2], flags = (int)a[3], fd = (int)a[4];
  int64_t off = (int64_t)a[5];
  if (!len || len > (1ull << 40) || (prot & ~GUEST_PROT_ALL)) return -GUEST_EINVAL;
  if (flags & ~GUEST_MAP_KNOWN) {
    LOG_ONCE(hle, STUB, "mmap: flag bits %#x not supported", flags & ~GUEST_MAP_KNOWN);
    return -GUEST_EINVAL;
  }
  bool anon = flags & GUEST_MAP_ANON;
  if (!anon && (flags & GUEST_MAP_SHARED)) {
    LOG_ONCE(hle, STUB, "mmap: shared file mappings are not supported yet");
    return -GUEST_EOPNOTSUPP;
  }
  if (anon && fd != -1) return -GUEST_EINVAL;
  if (off < 0 || (off & (PAGE - 1))) return -GUEST_EINVAL;
  uint64_t size = round_page(len);
  unsigned align_log = (unsigned)flags >> GUEST_MAP_ALIGNMENT_SHIFT & 0xFF;
  uint64_t align = align_log >= 14 && align_log < 40 ? 1ull << align_log : PAGE;
  /* a private file mapping is a copy of the file's bytes (read at map time) */
  int map_prot = prot | (anon ? 0 : GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE);
  uint64_t at;
  if (flags & GUEST_MAP_FIXED) {
    if (addr & (PAGE - 1)) return -GUEST_EINVAL;
    /* FreeBSD replaces whatever was mapped there */
    if (addr + size < addr || !unmap_range(addr, size) ||
        !guest_vm_map_fixed(addr, size, map_prot, "mmap"))
      return -GUEST_EINVAL;
    at = addr;
  } else {
    at = guest_vm_alloc(size, align, map_prot, flags & GUEST_MAP_STACK ? "mmap stack" : "mmap");
    if (!at) return -GUEST_ENOMEM;
  }
  if (!anon) {
    int64_t pos = kernel_file_lseek(fd, 0, 1);
    int64_t r = pos < 0 ? pos : kernel_file_lseek(fd, off, 0);
    for (uint64_t done = 0; r >= 0 && done < len; done += (uint64_t)r) {
      r = kernel_file_read(fd, SYS_PTR(at + done), len - done);
      if (r == 0) break; /* past the end: zeros, as a mapping shows */
    }
    if (pos >= 0) kernel_file_lseek(fd, pos, 0);
    if (r < 0 || (map_prot != prot && !guest_vm_protect(at, size, prot))) {
      guest_vm_free(at, size);
      return r < 0 ? r : -GUEST_EINVAL;
    }
  }
  return (int64_t)at;
}

int64_t sys_munmap(const uint64_t a[6]) {
  uint64_t addr = a[0], size = round_page(a[1]);
  if ((addr & (PAGE - 1)) || !a[1] || addr + size < addr) return -GUEST_EINVAL;
  /* holes are fine: FreeBSD unmaps what is there and succeeds */
  return unmap_range(addr, size) ? 0 : -GUEST_EINVAL;
}

int64_t sys_mprotect(const uint64_t a[6]) {
  uint64_t addr = a[0], size = round_page(a[1]);
  int prot = (int)a[2];
  if ((addr & (PAGE - 1)) || (prot & ~GUEST_PROT_ALL)) return -GUEST_EINVAL;
  if (!size) return 0;
  return guest_vm_protect(addr, size, prot) ? 0 : -GUEST_ENOMEM; /* unmapped pages: ENOMEM */
}

int64_t sys_madvise(const uint64_t a[6]) {
  /* advice only: keeping the pages is always a correct answer to every behaviour */
  if (a[2] > GUEST_MADV_MAX) return -GUEST_EINVAL;
  return 0;
}
