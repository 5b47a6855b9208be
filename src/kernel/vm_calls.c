/* Memory system calls (vm_calls.h) over the guest memory map (guest_vm.h). */
#include "kernel/vm_calls.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/log.h"
#include "kernel/files.h"
#include "kernel/guest_vm.h"
#include "kernel/kernel_errno.h"

#define PAGE SCE_GUEST_PAGE_SIZE

uint64_t vm_call_flags_alignment(int flags, uint64_t align) {
  unsigned log2 = ((unsigned)flags >> VM_CALL_MAP_ALIGN_SHIFT) & 0xFF;
  if (log2 >= 12 && log2 < 48 && (1ull << log2) > align) align = 1ull << log2;
  return align;
}

/* The checks FreeBSD's mmap makes on a file descriptor (vn_mmap): the file must be open for
 * reading when PROT_READ is asked, and for writing when a shared mapping asks PROT_WRITE
 * (EACCES); only regular files map (EINVAL); a bad descriptor is EBADF. *host_fd is the
 * descriptor to view; when *owned the caller closes it after mapping. */
static int file_check(int fd, int prot, bool shared, int *host_fd, bool *owned) {
  int hfd = files_host_fd(fd);
  if (hfd < 0) return -KERNEL_EBADF;
  struct stat st;
  int fl = fcntl(hfd, F_GETFL);
  if (fstat(hfd, &st) != 0 || fl < 0) return -KERNEL_EBADF;
  if (!S_ISREG(st.st_mode)) return -KERNEL_EINVAL;
  int acc = fl & O_ACCMODE;
  *owned = false;
  if (acc == O_WRONLY) {
    if (prot & GUEST_PROT_CPU_READ) return -KERNEL_EACCES;
    /* FreeBSD maps a write-only descriptor without PROT_READ (shared or private); Linux maps
     * nothing it cannot read, so the view comes from a second, read-write descriptor of the
     * same file, closed once the range is mapped. A file the host user may not read stays
     * EACCES. */
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", hfd);
    int rw = open(path, O_RDWR | O_CLOEXEC);
    if (rw < 0) {
      LOG_ONCE(kernel, WARN,
               "mmap of write-only fd %d: the host cannot reopen the file read-write (%s): "
               "EACCES (the console maps it)",
               fd, strerror(errno));
      return -KERNEL_EACCES;
    }
    *host_fd = rw;
    *owned = true;
    return 0;
  }
  if (shared && prot & GUEST_PROT_CPU_WRITE && acc == O_RDONLY) return -KERNEL_EACCES;
  *host_fd = hfd;
  return 0;
}

/* The console's sys_mmap (as FreeBSD 9's, with its own flags; the fpPS4 port of the kernel
 * shows it): MAP_VOID and MAP_ANON need fd -1 and offset 0, MAP_STACK fd -1 and read-write
 * protection (EINVAL); a file offset need not be aligned: the mapping starts at the page
 * holding it and the address returned points at the offset's byte (a FIXED address must then
 * share the offset's place in its page); MAP_ALIGNED asks 2^n with 14 <= n < 64 (EINVAL
 * otherwise; MAP_ALIGNED_SUPER, n = 1, asks 2 MiB); MAP_SHARED wins over MAP_PRIVATE. */
int vm_call_mmap(uint64_t addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                 uint64_t *out) {
  if (len == 0 || len > UINT64_MAX / 2) return -KERNEL_EINVAL;
  if (flags & (VM_CALL_MAP_VOID | VM_CALL_MAP_ANON) && (fd != -1 || offset != 0))
    return -KERNEL_EINVAL;
  if (flags & VM_CALL_MAP_STACK) {
    int rw = GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE;
    if (fd != -1 || (prot & rw) != rw) return -KERNEL_EINVAL;
    offset = 0;
  }
  bool anon = flags & (VM_CALL_MAP_ANON | VM_CALL_MAP_VOID | VM_CALL_MAP_STACK);
  bool owned_fd = false;
  bool shared = (flags & VM_CALL_MAP_SHARED) || !(flags & VM_CALL_MAP_PRIVATE);
  unsigned align_log2 = ((unsigned)flags >> VM_CALL_MAP_ALIGN_SHIFT) & 0xFF;
  if (align_log2 > 1 && (align_log2 < 14 || align_log2 >= 64)) return -KERNEL_EINVAL;
  if (!anon && offset < 0) return -KERNEL_EINVAL;
  uint64_t pageoff = (uint64_t)offset & (PAGE - 1);
  len = (len + pageoff + PAGE - 1) & ~(PAGE - 1);
  if (flags & VM_CALL_MAP_FIXED) {
    if (addr < pageoff || (addr - pageoff) & (PAGE - 1)) return -KERNEL_EINVAL;
    addr -= pageoff;
  } else {
    if (addr > UINT64_MAX - PAGE) return -KERNEL_EINVAL;
    addr = (addr + PAGE - 1) & ~(PAGE - 1);
  }
  struct guest_vm_request req = {
      .addr = addr,
      .size = len,
      .align = align_log2 == 1 ? 0x200000ull : vm_call_flags_alignment(flags, 0),
      .prot = prot,
      .flags = (unsigned)flags & (VM_CALL_MAP_FIXED | VM_CALL_MAP_NO_OVERWRITE |
                                  VM_CALL_MAP_NO_COALESCE),
      .kind = GUEST_VM_KIND_FLEXIBLE,
      .host_fd = -1,
  };
  if (flags & VM_CALL_MAP_VOID) req.kind = GUEST_VM_KIND_RESERVED;
  else if (flags & VM_CALL_MAP_STACK) req.kind = GUEST_VM_KIND_STACK;
  if (!anon) {
    int r = file_check(fd, prot, shared, &req.host_fd, &owned_fd);
    if (r < 0) return r;
    req.kind = GUEST_VM_KIND_FILE;
    req.phys = (uint64_t)offset - pageoff;
    req.shared = shared;
  }
  int r = guest_vm_map(&req, out);
  if (owned_fd) close(req.host_fd);
  if (r == 0) *out += pageoff;
  return r;
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
