/* Guest memory conformance (libkernel). Prints one line per fact; expected.stdout holds the
 * values the console's documented behaviour gives (16 KiB pages, first fit from the search
 * start, SCE error codes 0x80020000 + FreeBSD errno, hint-less mappings from 0x2_0000_0000,
 * the 72-byte VirtualQuery record). */
#include <errno.h>
#include <kernel.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define KB(n) ((size_t)(n) * 1024)
#define RW (SCE_KERNEL_PROT_CPU_READ | SCE_KERNEL_PROT_CPU_RW)

static int failures;

/* Values that fit an int print as 32 bits (SCE codes read 0x8002xxxx). */
static void expect(const char *what, long long got, long long want) {
  unsigned long long shown = got < 0 && got >= -0x80000000ll ? (unsigned)got : (unsigned long long)got;
  printf("%s: %#llx%s\n", what, shown, got == want ? "" : "  <-- unexpected");
  failures += got != want;
}

static void query(const char *what, const void *addr, int flags) {
  SceKernelVirtualQueryInfo vq;
  memset(&vq, 0xAB, sizeof vq);
  int r = sceKernelVirtualQuery(addr, flags, &vq, sizeof vq);
  if (r != 0) {
    printf("%s: VirtualQuery %#x\n", what, (unsigned)r);
    return;
  }
  printf("%s: start %p end %p offset %#llx prot %#x type %d flexible %u direct %u stack %u "
         "pooled %u committed %u",
         what, vq.start, vq.end, (unsigned long long)vq.offset, vq.protection, vq.memoryType,
         vq.isFlexibleMemory, vq.isDirectMemory, vq.isStack, vq.isPooledMemory, vq.isCommitted);
  printf(" name \"%s\"\n", vq.name);
}

static void direct_memory(void) {
  size_t size = sceKernelGetDirectMemorySize();
  expect("direct memory size (13.5 GiB - 256 MiB flexible)", (long long)size, 0x350000000ll);
  off_t start = -1;
  size_t avail = 0;
  expect("AvailableDirectMemorySize", sceKernelAvailableDirectMemorySize(0, size, 0, &start, &avail), 0);
  expect("  start", start, 0);
  expect("  size", (long long)avail, 0x350000000ll);

  off_t a = -1, b = -1, c = -1;
  expect("Allocate 64 KiB MTYPE_C", sceKernelAllocateDirectMemory(0, size, KB(64), KB(64), SCE_KERNEL_MTYPE_C, &a), 0);
  expect("  at", a, 0);
  expect("Allocate 16 KiB aligned 1 MiB", sceKernelAllocateDirectMemory(0, size, KB(16), KB(1024), SCE_KERNEL_WB_ONION, &b), 0);
  expect("  at", b, 0x100000);
  expect("Allocate 16 KiB from 0x8000", sceKernelAllocateDirectMemory(0x8000, size, KB(16), 0, SCE_KERNEL_WB_ONION, &c), 0);
  expect("  at", c, 0x10000);
  expect("AvailableDirectMemorySize after", sceKernelAvailableDirectMemorySize(0, size, 0, &start, &avail), 0);
  expect("  start", start, 0x104000);
  expect("  size", (long long)avail, 0x350000000ll - 0x104000);
  expect("AvailableDirectMemorySize [0x14000, 0x100000)", sceKernelAvailableDirectMemorySize(0x14000, 0x100000, 0, &start, &avail), 0);
  expect("  start", start, 0x14000);
  expect("  size", (long long)avail, 0x100000 - 0x14000);
  expect("AvailableDirectMemorySize [0, 0x14000) (full)", sceKernelAvailableDirectMemorySize(0, 0x14000, 0, &start, &avail), SCE_KERNEL_ERROR_ENOMEM);

  int type = -1;
  off_t rs = -1, re = -1;
  expect("GetDirectMemoryType 0x4000", sceKernelGetDirectMemoryType(0x4000, &type, &rs, &re), 0);
  expect("  type", type, SCE_KERNEL_MTYPE_C);
  expect("  region start", rs, 0);
  expect("  region end", re, 0x10000);
  expect("GetDirectMemoryType free 0x20000", sceKernelGetDirectMemoryType(0x20000, &type, &rs, &re), SCE_KERNEL_ERROR_ENOENT);

  off_t x;
  expect("Allocate len 0", sceKernelAllocateDirectMemory(0, size, 0, 0, 0, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate len 4 KiB", sceKernelAllocateDirectMemory(0, size, KB(4), 0, 0, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate alignment 24 KiB", sceKernelAllocateDirectMemory(0, size, KB(16), KB(24), 0, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate null out", sceKernelAllocateDirectMemory(0, size, KB(16), 0, 0, NULL), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate end <= start", sceKernelAllocateDirectMemory(0x10000, 0x10000, KB(16), 0, 0, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate negative start", sceKernelAllocateDirectMemory(-0x4000, size, KB(16), 0, 0, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate type 13", sceKernelAllocateDirectMemory(0, size, KB(16), 0, 13, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate more than the pool", sceKernelAllocateDirectMemory(0, size, size + KB(16), 0, 0, &x), SCE_KERNEL_ERROR_EAGAIN);
  expect("Allocate in a full window", sceKernelAllocateDirectMemory(0, 0x14000, KB(16), 0, 0, &x), SCE_KERNEL_ERROR_EAGAIN);
  expect("AllocateMain 32 KiB", sceKernelAllocateMainDirectMemory(KB(32), 0, SCE_KERNEL_MTYPE_C_SHARED, &x), 0);
  expect("  at", x, 0x14000);

  /* Two views of physical [0, 64 KiB): the first hint-less mapping lands at 0x2_0000_0000 */
  void *v1 = NULL, *v2 = NULL;
  expect("MapDirectMemory", sceKernelMapDirectMemory(&v1, KB(64), RW, 0, 0, 0), 0);
  expect("  at", (long long)v1, 0x200000000ll);
  expect("MapNamedDirectMemory (alias) is busy", sceKernelMapNamedDirectMemory(&v2, KB(64), SCE_KERNEL_PROT_CPU_READ | SCE_KERNEL_PROT_GPU_RW, 0, 0, 0, "alias view"), SCE_KERNEL_ERROR_EBUSY);
  expect("MapNamedDirectMemory (alias, DMEM_COMPAT)", sceKernelMapNamedDirectMemory(&v2, KB(64), SCE_KERNEL_PROT_CPU_READ | SCE_KERNEL_PROT_GPU_RW, SCE_KERNEL_MAP_DMEM_COMPAT, 0, 0, "alias view"), 0);
  expect("  at", (long long)v2, 0x200010000ll);
  ((volatile unsigned *)v1)[5] = 0xC0FFEEu;
  expect("alias reads what the first view wrote", ((volatile unsigned *)v2)[5], 0xC0FFEE);
  query("query view 1", (char *)v1 + 0x1234, 0);
  query("query view 2", v2, 0);
  void *ps = NULL, *pe = NULL;
  int prot = -1;
  expect("QueryMemoryProtection view 2", sceKernelQueryMemoryProtection((char *)v2 + 5, &ps, &pe, &prot), 0);
  expect("  start", (long long)ps, 0x200010000ll);
  expect("  end", (long long)pe, 0x200020000ll);
  expect("  prot", prot, 0x31);

  void *v3 = NULL;
  expect("MapDirectMemory2 type MTYPE_C_SHARED at phys 0x100000", sceKernelMapDirectMemory2(&v3, KB(16), SCE_KERNEL_MTYPE_C_SHARED, RW, 0, 0x100000, 0), 0);
  expect("  at", (long long)v3, 0x200020000ll);
  expect("GetDirectMemoryType 0x100000", sceKernelGetDirectMemoryType(0x100000, &type, &rs, &re), 0);
  expect("  type", type, SCE_KERNEL_MTYPE_C_SHARED);
  query("query view 3", v3, 0);

  void *bad = NULL;
  expect("MapDirectMemory free physical memory", sceKernelMapDirectMemory(&bad, KB(16), RW, 0, 0x200000, 0), SCE_KERNEL_ERROR_EACCES);
  expect("MapDirectMemory misaligned physical", sceKernelMapDirectMemory(&bad, KB(16), RW, 0, 0x2000, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("MapDirectMemory len 0", sceKernelMapDirectMemory(&bad, 0, RW, 0, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("MapDirectMemory null addr", sceKernelMapDirectMemory(NULL, KB(16), RW, 0, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  bad = (void *)0x200002000ll;
  expect("MapDirectMemory fixed misaligned", sceKernelMapDirectMemory(&bad, KB(16), RW, SCE_KERNEL_MAP_FIXED, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  bad = v1;
  expect("MapDirectMemory fixed no-overwrite on a mapping", sceKernelMapDirectMemory(&bad, KB(16), RW, SCE_KERNEL_MAP_FIXED | SCE_KERNEL_MAP_NO_OVERWRITE | SCE_KERNEL_MAP_DMEM_COMPAT, 0, 0), SCE_KERNEL_ERROR_ENOMEM);

  /* releasing physical memory unmaps every view of it */
  expect("CheckedRelease of free memory", sceKernelCheckedReleaseDirectMemory(0x200000, KB(16)), SCE_KERNEL_ERROR_ENOENT);
  expect("CheckedRelease partly free", sceKernelCheckedReleaseDirectMemory(0x10000, KB(64)), SCE_KERNEL_ERROR_ENOENT);
  expect("Release of free memory", sceKernelReleaseDirectMemory(0x200000, KB(16)), 0);
  expect("Release misaligned", sceKernelReleaseDirectMemory(0x2000, KB(16)), SCE_KERNEL_ERROR_EINVAL);
  expect("CheckedRelease [0, 64 KiB)", sceKernelCheckedReleaseDirectMemory(0, KB(64)), 0);
  query("query view 1 after release", v1, 0);
  query("query view 2 after release", v2, 0);
  expect("QueryMemoryProtection after release", sceKernelQueryMemoryProtection(v1, &ps, &pe, &prot), SCE_KERNEL_ERROR_EACCES);
  expect("GetDirectMemoryType after release", sceKernelGetDirectMemoryType(0, &type, &rs, &re), SCE_KERNEL_ERROR_ENOENT);
  expect("Release the rest", sceKernelReleaseDirectMemory(0, size), 0);
  query("query view 3 after releasing all", v3, 0);
  expect("Allocate again at 0 (reads zeros)", sceKernelAllocateDirectMemory(0, size, KB(64), 0, 0, &a), 0);
  expect("  at", a, 0);
  v1 = NULL;
  expect("MapDirectMemory again", sceKernelMapDirectMemory(&v1, KB(64), RW, 0, 0, 0), 0);
  expect("  at", (long long)v1, 0x200000000ll);
  expect("  word 5", ((volatile unsigned *)v1)[5], 0);
  expect("Release", sceKernelReleaseDirectMemory(0, KB(64)), 0);
}

static void flexible_memory(void) {
  size_t avail = 0;
  expect("AvailableFlexibleMemorySize (param.json: 256 MiB)", sceKernelAvailableFlexibleMemorySize(&avail), 0);
  expect("  size", (long long)avail, 0x10000000);
  void *f = NULL;
  expect("MapNamedFlexibleMemory 48 KiB", sceKernelMapNamedFlexibleMemory(&f, KB(48), RW, 0, "flex"), 0);
  expect("  at", (long long)f, 0x200000000ll);
  ((volatile char *)f)[KB(48) - 1] = 7;
  expect("AvailableFlexibleMemorySize", sceKernelAvailableFlexibleMemorySize(&avail), 0);
  expect("  size", (long long)avail, 0x10000000 - KB(48));
  query("query flexible", (char *)f + KB(20), 0);
  expect("SetVirtualRangeName middle page", sceKernelSetVirtualRangeName((char *)f + KB(16), KB(16), "renamed"), 0);
  query("query renamed page", (char *)f + KB(16), 0);
  query("query after it", (char *)f + KB(32), 0);
  expect("Mprotect first page read-only", sceKernelMprotect(f, KB(16), SCE_KERNEL_PROT_CPU_READ), 0);
  query("query read-only page", f, 0);
  expect("Mprotect a hole (skipped, as FreeBSD)", sceKernelMprotect((char *)f + KB(48), KB(16), RW), 0);
  expect("QueryMemoryProtection the hole", sceKernelQueryMemoryProtection((char *)f + KB(48), NULL, NULL, NULL), SCE_KERNEL_ERROR_EACCES);
  void *big = NULL;
  expect("MapFlexibleMemory above the budget", sceKernelMapFlexibleMemory(&big, 0x10000000, RW, 0), SCE_KERNEL_ERROR_ENOMEM);
  expect("MapFlexibleMemory len 4 KiB", sceKernelMapFlexibleMemory(&big, KB(4), RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("MapFlexibleMemory null", sceKernelMapFlexibleMemory(NULL, KB(16), RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("ReleaseFlexibleMemory", sceKernelReleaseFlexibleMemory(f, KB(48)), 0);
  expect("AvailableFlexibleMemorySize after release", sceKernelAvailableFlexibleMemorySize(&avail), 0);
  expect("  size", (long long)avail, 0x10000000);
}

static void mmap_family(void) {
  expect("getpagesize", getpagesize(), 16384);
  void *m = mmap(NULL, 100, PROT_READ | PROT_WRITE, MAP_ANON | MAP_PRIVATE, -1, 0);
  expect("mmap 100 bytes anonymous", (long long)m, 0x200000000ll);
  query("query mmap", m, 0);
  void *fixed = mmap((char *)m + KB(64), KB(16), PROT_READ, MAP_ANON | MAP_PRIVATE | MAP_FIXED, -1, 0);
  expect("mmap fixed", (long long)fixed, 0x200010000ll);
  void *res = NULL;
  expect("sceKernelMmap fixed no-overwrite on it", sceKernelMmap(fixed, KB(16), RW, MAP_ANON | MAP_PRIVATE | SCE_KERNEL_MAP_FIXED | SCE_KERNEL_MAP_NO_OVERWRITE, -1, 0, &res), SCE_KERNEL_ERROR_ENOMEM);
  expect("sceKernelMmap fixed replaces", sceKernelMmap(fixed, KB(16), RW, MAP_ANON | MAP_PRIVATE | SCE_KERNEL_MAP_FIXED, -1, 0, &res), 0);
  expect("  at", (long long)res, 0x200010000ll);
  expect("sceKernelMmap len 0", sceKernelMmap(NULL, 0, RW, MAP_ANON, -1, 0, &res), SCE_KERNEL_ERROR_EINVAL);
  expect("mmap len 0 fails", (long long)mmap(NULL, 0, RW, MAP_ANON, -1, 0), -1);
  expect("  errno", errno, EINVAL);
  expect("mprotect", mprotect(m, 1, PROT_READ), 0);
  int prot = -1;
  expect("QueryMemoryProtection", sceKernelQueryMemoryProtection(m, NULL, NULL, &prot), 0);
  expect("  prot", prot, PROT_READ);
  expect("munmap unmapped range is fine", munmap((char *)m + KB(32), KB(16)), 0);
  expect("munmap len 0", munmap(m, 0), -1);
  expect("  errno", errno, EINVAL);
  expect("munmap", munmap(m, 1), 0);
  expect("sceKernelMunmap", sceKernelMunmap(fixed, KB(16)), 0);
  query("query hole", m, 0);

  void *r = NULL;
  expect("ReserveVirtualRange 64 KiB aligned 64 KiB", sceKernelReserveVirtualRange(&r, KB(64), 0, KB(64)), 0);
  expect("  at", (long long)r, 0x200000000ll);
  query("query reserved", r, 0);
  query("query hole, find next", (void *)0x100000000ll, SCE_KERNEL_VQ_FIND_NEXT);
  expect("QueryMemoryProtection reserved", sceKernelQueryMemoryProtection(r, NULL, NULL, &prot), SCE_KERNEL_ERROR_EACCES);
  void *in = (char *)r + KB(16);
  expect("MapFlexibleMemory fixed no-overwrite in the reservation", sceKernelMapFlexibleMemory(&in, KB(16), RW, SCE_KERNEL_MAP_FIXED | SCE_KERNEL_MAP_NO_OVERWRITE), 0);
  query("query reserved head", r, 0);
  query("query mapped inside", in, 0);
  query("query reserved tail", (char *)in + KB(16), 0);
  expect("munmap the reservation", munmap(r, KB(64)), 0);

  SceKernelVirtualQueryInfo vq;
  expect("VirtualQuery null info", sceKernelVirtualQuery(r, 0, NULL, sizeof vq), SCE_KERNEL_ERROR_EFAULT);
  void *g = NULL;
  expect("MapFlexibleMemory 16 KiB", sceKernelMapFlexibleMemory(&g, KB(16), RW, 0), 0);
  memset(&vq, 0xAB, sizeof vq);
  expect("VirtualQuery 16-byte info (a prefix is written)", sceKernelVirtualQuery(g, 0, &vq, 16), 0);
  expect("  start", (long long)vq.start, (long long)g);
  expect("  end", (long long)vq.end, (long long)g + KB(16));
  expect("  offset untouched", vq.offset == (off_t)0xABABABABABABABABull, 1);
  expect("VirtualQuery size 0, null info", sceKernelVirtualQuery(g, 0, NULL, 0), 0);
  expect("VirtualQuery a larger info (72 bytes written)", sceKernelVirtualQuery(g, 0, &vq, sizeof vq + 8), 0);
  expect("VirtualQuery past the address space", sceKernelVirtualQuery((void *)0xFC00000000ll, 0, &vq, sizeof vq), SCE_KERNEL_ERROR_EINVAL);
  expect("munmap", munmap(g, KB(16)), 0);
  expect("record size", sizeof vq, 72);
  expect("name offset", offsetof(SceKernelVirtualQueryInfo, name), 0x21);
}

static void batch_map(void) {
  off_t phys = -1;
  expect("Allocate 64 KiB for BatchMap", sceKernelAllocateDirectMemory(0, sceKernelGetDirectMemorySize(), KB(64), 0, SCE_KERNEL_WB_ONION, &phys), 0);
  expect("  at", phys, 0);
  void *r = NULL;
  expect("ReserveVirtualRange 64 KiB", sceKernelReserveVirtualRange(&r, KB(64), 0, 0), 0);
  expect("  at", (long long)r, 0x200000000ll);
  char *b = r;
  SceKernelBatchMapEntry e[4] = {
      {b, 0, KB(32), RW, 0, 0, SCE_KERNEL_MAP_OP_MAP_DIRECT},
      {b + KB(32), 0, KB(16), RW, 0, 0, SCE_KERNEL_MAP_OP_MAP_FLEXIBLE},
      {b, 0, KB(16), SCE_KERNEL_PROT_CPU_READ, SCE_KERNEL_MTYPE_C, 0, SCE_KERNEL_MAP_OP_TYPE_PROTECT},
      {b, 0, KB(16), RW, 0, 0, 9},
  };
  int done = -1;
  expect("BatchMap, fourth entry has no such operation", sceKernelBatchMap(e, 4, &done), SCE_KERNEL_ERROR_EINVAL);
  expect("  entries done", done, 3);
  query("query batch 0", b, 0);
  query("query batch 1", b + KB(16), 0);
  query("query batch 2", b + KB(32), 0);
  query("query batch 3", b + KB(48), 0);
  expect("Mtypeprotect", sceKernelMtypeprotect(b + KB(16), KB(16), SCE_KERNEL_MTYPE_C_SHARED, RW), 0);
  query("query after Mtypeprotect", b + KB(16), 0);
  /* BatchMap's protect entries do not round as Mprotect does (the SDK reference) */
  SceKernelBatchMapEntry pe = {b + 100, 0, KB(16), RW, 0, 0, SCE_KERNEL_MAP_OP_PROTECT};
  expect("BatchMap protect at an address not 16 KiB aligned", sceKernelBatchMap(&pe, 1, &done), SCE_KERNEL_ERROR_EINVAL);
  expect("  entries done", done, 0);
  pe.start = b;
  pe.length = KB(16) + 100;
  pe.operation = SCE_KERNEL_MAP_OP_TYPE_PROTECT;
  expect("BatchMap type-protect of a length not 16 KiB aligned", sceKernelBatchMap(&pe, 1, &done), SCE_KERNEL_ERROR_EINVAL);
  expect("Mprotect at an address not 16 KiB aligned (rounds)", sceKernelMprotect(b + 100, KB(16), RW), 0);
  SceKernelBatchMapEntry u = {b, 0, KB(64), 0, 0, 0, SCE_KERNEL_MAP_OP_UNMAP};
  expect("BatchMap2 unmap all", sceKernelBatchMap2(&u, 1, &done, 0), 0);
  expect("  entries done", done, 1);
  expect("Mtypeprotect a hole (skipped)", sceKernelMtypeprotect(b, KB(16), 0, RW), 0);
  expect("Release", sceKernelReleaseDirectMemory(0, KB(64)), 0);
}

/* Memory types (the SDK 12.000 kernel reference's SceKernelMemoryType): a PS5 title may set
 * 0, SCE_KERNEL_MTYPE_C (11) and SCE_KERNEL_MTYPE_C_SHARED (12); any other value ("an
 * undefined value") is EINVAL; MapDirectMemory2 takes -1 to keep the type; Mtypeprotect of
 * flexible memory is EOPNOTSUPP. */
static void memory_types(void) {
  off_t a = -1, x = -1;
  const off_t size = (off_t)sceKernelGetDirectMemorySize();
  int type = -1;
  off_t rs = 0, re = 0;
  expect("Allocate 32 KiB MTYPE_C", sceKernelAllocateDirectMemory(0, size, KB(32), 0, SCE_KERNEL_MTYPE_C, &a), 0);
  expect("  at", a, 0);
  expect("GetDirectMemoryType", sceKernelGetDirectMemoryType(a, &type, &rs, &re), 0);
  expect("  type", type, SCE_KERNEL_MTYPE_C);
  expect("Allocate type 3 (PS4 WC_GARLIC)", sceKernelAllocateDirectMemory(0, size, KB(16), 0, SCE_KERNEL_WC_GARLIC, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate type 10 (PS4 WB_GARLIC)", sceKernelAllocateDirectMemory(0, size, KB(16), 0, SCE_KERNEL_WB_GARLIC, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate type 1", sceKernelAllocateDirectMemory(0, size, KB(16), 0, 1, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("Allocate type -1", sceKernelAllocateDirectMemory(0, size, KB(16), 0, -1, &x), SCE_KERNEL_ERROR_EINVAL);
  expect("AllocateMain type 10", sceKernelAllocateMainDirectMemory(KB(16), 0, SCE_KERNEL_WB_GARLIC, &x), SCE_KERNEL_ERROR_EINVAL);

  void *v = NULL;
  expect("MapDirectMemory2 type 3", sceKernelMapDirectMemory2(&v, KB(32), SCE_KERNEL_WC_GARLIC, RW, 0, a, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("MapDirectMemory2 type -2", sceKernelMapDirectMemory2(&v, KB(32), -2, RW, 0, a, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("MapDirectMemory2 type -1 (keeps the type)", sceKernelMapDirectMemory2(&v, KB(32), -1, RW, 0, a, 0), 0);
  expect("GetDirectMemoryType after it", sceKernelGetDirectMemoryType(a, &type, &rs, &re), 0);
  expect("  type", type, SCE_KERNEL_MTYPE_C);
  SceKernelVirtualQueryInfo vq;
  memset(&vq, 0, sizeof vq);
  expect("VirtualQuery", sceKernelVirtualQuery(v, 0, &vq, sizeof vq), 0);
  expect("  memoryType", vq.memoryType, SCE_KERNEL_MTYPE_C);
  expect("Mtypeprotect type 10", sceKernelMtypeprotect(v, KB(32), SCE_KERNEL_WB_GARLIC, RW), SCE_KERNEL_ERROR_EINVAL);
  expect("Mtypeprotect type 0", sceKernelMtypeprotect(v, KB(32), 0, RW), 0);
  expect("GetDirectMemoryType after it", sceKernelGetDirectMemoryType(a, &type, &rs, &re), 0);
  expect("  type", type, 0);
  expect("Mtypeprotect type MTYPE_C_SHARED", sceKernelMtypeprotect(v, KB(32), SCE_KERNEL_MTYPE_C_SHARED, RW), 0);
  expect("VirtualQuery", sceKernelVirtualQuery(v, 0, &vq, sizeof vq), 0);
  expect("  memoryType", vq.memoryType, SCE_KERNEL_MTYPE_C_SHARED);

  void *f = NULL;
  expect("MapFlexibleMemory 16 KiB", sceKernelMapFlexibleMemory(&f, KB(16), RW, 0), 0);
  expect("Mtypeprotect flexible memory", sceKernelMtypeprotect(f, KB(16), SCE_KERNEL_MTYPE_C, RW), SCE_KERNEL_ERROR_EOPNOTSUPP);
  char *lo = (char *)v < (char *)f ? (char *)v : (char *)f;
  char *hi = (char *)v < (char *)f ? (char *)f + KB(16) : (char *)v + KB(32);
  expect("Mtypeprotect direct and flexible", sceKernelMtypeprotect(lo, (size_t)(hi - lo), SCE_KERNEL_MTYPE_C, RW), SCE_KERNEL_ERROR_EOPNOTSUPP);
  expect("  direct type unchanged", sceKernelGetDirectMemoryType(a, &type, &rs, &re), 0);
  expect("  type", type, SCE_KERNEL_MTYPE_C_SHARED);
  expect("Mprotect flexible memory", sceKernelMprotect(f, KB(16), SCE_KERNEL_PROT_CPU_READ), 0);
  expect("munmap flexible", munmap(f, KB(16)), 0);
  expect("munmap direct", munmap(v, KB(32)), 0);
  expect("Release", sceKernelReleaseDirectMemory(a, KB(32)), 0);
}

int main(void) {
  direct_memory();
  flexible_memory();
  mmap_family();
  batch_map();
  memory_types();
  printf("%s\n", failures ? "FAILED" : "all memory checks passed");
  return failures ? 1 : 0;
}
