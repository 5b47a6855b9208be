/* Guest memory map conformance (libkernel). One line per fact; each value is checked against
 * the console's rules (docs/kernel-memory.md): neighbours merge when kind, protection, name
 * and memory type match and direct pages follow on, unless mapped NO_COALESCE; mapping direct
 * memory that is mapped already is EBUSY unless aliasing is enabled (or DMEM_COMPAT); names
 * keep 31 characters (ENAMETOOLONG past that); wild pointers give EFAULT; mlock needs mapped
 * pages (FreeBSD: ENOMEM); file mappings follow FreeBSD's mmap (EBADF, EACCES, EINVAL). */
#include <errno.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

int open(const char *path, int flags, ...);
int close(int fd);
ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
off_t lseek(int fd, off_t off, int whence);
int unlink(const char *path);
#define O_RDONLY 0x0000 /* FreeBSD fcntl.h */
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_CREAT 0x0200
#define O_TRUNC 0x0400

#define KB(n) ((size_t)(n) * 1024)
#define RW (SCE_KERNEL_PROT_CPU_READ | SCE_KERNEL_PROT_CPU_RW)
#define BASE 0x200000000ll

static int failures;

static void expect(const char *what, long long got, long long want) {
  unsigned long long shown = got < 0 && got >= -0x80000000ll ? (unsigned)got : (unsigned long long)got;
  printf("%s: %#llx%s\n", what, shown, got == want ? "" : "  <-- unexpected");
  failures += got != want;
}

struct want {
  long long start, end, offset;
  int prot, type;
  unsigned flexible, direct, stack, committed;
  const char *name;
};

/* Checks the VirtualQuery record at ADDR (FLAGS) field by field against W. */
static void query(const char *what, const void *addr, int flags, struct want w) {
  SceKernelVirtualQueryInfo vq;
  memset(&vq, 0xAB, sizeof vq);
  int r = sceKernelVirtualQuery(addr, flags, &vq, sizeof vq);
  printf("%s:\n", what);
  expect("  VirtualQuery", r, 0);
  if (r != 0) return;
  expect("  start", (long long)vq.start, w.start);
  expect("  end", (long long)vq.end, w.end);
  expect("  offset", vq.offset, w.offset);
  expect("  protection", vq.protection, w.prot);
  expect("  memoryType", vq.memoryType, w.type);
  expect("  isFlexibleMemory", vq.isFlexibleMemory, w.flexible);
  expect("  isDirectMemory", vq.isDirectMemory, w.direct);
  expect("  isStack", vq.isStack, w.stack);
  expect("  isPooledMemory", vq.isPooledMemory, 0);
  expect("  isCommitted", vq.isCommitted, w.committed);
  printf("  name \"%s\"%s\n", vq.name, strcmp(vq.name, w.name) ? "  <-- unexpected" : "");
  failures += strcmp(vq.name, w.name) != 0;
}

#define FLEX(s, e, p, n) ((struct want){(s), (e), 0, (p), 0, 1, 0, 0, 1, (n)})
#define DIRECT(s, e, o, p, t, n) ((struct want){(s), (e), (o), (p), (t), 0, 1, 0, 1, (n)})
#define RESERVED(s, e) ((struct want){(s), (e), 0, 0, 0, 0, 0, 0, 0, ""})

static void merges(void) {
  void *a = NULL, *b = NULL, *c = NULL;
  expect("MapFlexibleMemory 16 KiB", sceKernelMapFlexibleMemory(&a, KB(16), RW, 0), 0);
  expect("  at", (long long)a, BASE);
  expect("MapFlexibleMemory 16 KiB again", sceKernelMapFlexibleMemory(&b, KB(16), RW, 0), 0);
  expect("  at", (long long)b, BASE + 0x4000);
  query("two flexible neighbours merge", b, 0, FLEX(BASE, BASE + 0x8000, RW, ""));
  expect("MapNamedFlexibleMemory \"x\"", sceKernelMapNamedFlexibleMemory(&c, KB(16), RW, 0, "x"), 0);
  expect("  at", (long long)c, BASE + 0x8000);
  query("another name stays apart", c, 0, FLEX(BASE + 0x8000, BASE + 0xc000, RW, "x"));
  expect("SetVirtualRangeName it \"\"", sceKernelSetVirtualRangeName(c, KB(16), ""), 0);
  query("renamed alike, it merges", a, 0, FLEX(BASE, BASE + 0xc000, RW, ""));
  expect("Mprotect the middle page read-only", sceKernelMprotect(b, KB(16), SCE_KERNEL_PROT_CPU_READ), 0);
  query("the middle page apart", b, 0, FLEX(BASE + 0x4000, BASE + 0x8000, SCE_KERNEL_PROT_CPU_READ, ""));
  query("the last page", c, 0, FLEX(BASE + 0x8000, BASE + 0xc000, RW, ""));
  expect("Mprotect it back", sceKernelMprotect(b, KB(16), RW), 0);
  query("one range again", c, 0, FLEX(BASE, BASE + 0xc000, RW, ""));
  expect("Mprotect write-only (reads too)", sceKernelMprotect(a, KB(48), SCE_KERNEL_PROT_CPU_WRITE), 0);
  query("write-only reads as read-write", a, 0, FLEX(BASE, BASE + 0xc000, RW, ""));
  void *d = (char *)c + KB(16);
  expect("MapFlexibleMemory fixed NO_COALESCE next to it", sceKernelMapFlexibleMemory(&d, KB(16), RW, SCE_KERNEL_MAP_FIXED | SCE_KERNEL_MAP_NO_COALESCE), 0);
  query("NO_COALESCE stays apart", d, 0, FLEX(BASE + 0xc000, BASE + 0x10000, RW, ""));
  query("and its neighbour too", c, 0, FLEX(BASE, BASE + 0xc000, RW, ""));
  void *e = (char *)d + KB(16);
  expect("MapFlexibleMemory 32 KiB fixed NO_COALESCE after it", sceKernelMapFlexibleMemory(&e, KB(32), RW, SCE_KERNEL_MAP_FIXED | SCE_KERNEL_MAP_NO_COALESCE), 0);
  query("two NO_COALESCE mappings stay apart", e, 0, FLEX(BASE + 0x10000, BASE + 0x18000, RW, ""));
  expect("Mprotect its first page read-only", sceKernelMprotect(e, KB(16), SCE_KERNEL_PROT_CPU_READ), 0);
  query("split", e, 0, FLEX(BASE + 0x10000, BASE + 0x14000, SCE_KERNEL_PROT_CPU_READ, ""));
  expect("Mprotect it back", sceKernelMprotect(e, KB(16), RW), 0);
  query("pieces of one NO_COALESCE mapping merge again", e, 0, FLEX(BASE + 0x10000, BASE + 0x18000, RW, ""));
  expect("munmap all", munmap(a, KB(96)), 0);

  off_t phys = -1;
  expect("Allocate 64 KiB direct", sceKernelAllocateDirectMemory(0, sceKernelGetDirectMemorySize(), KB(64), 0, SCE_KERNEL_MTYPE_C, &phys), 0);
  expect("  at", phys, 0);
  void *v1 = NULL, *v2 = NULL;
  expect("MapDirectMemory [0, 32 KiB)", sceKernelMapDirectMemory(&v1, KB(32), RW, 0, 0, 0), 0);
  expect("MapDirectMemory [32, 64 KiB)", sceKernelMapDirectMemory(&v2, KB(32), RW, 0, KB(32), 0), 0);
  expect("  at", (long long)v2, BASE + 0x8000);
  query("physically consecutive views merge", v2, 0, DIRECT(BASE, BASE + 0x10000, 0, RW, 11, ""));
  expect("Mtypeprotect the second half MTYPE_C_SHARED", sceKernelMtypeprotect(v2, KB(32), SCE_KERNEL_MTYPE_C_SHARED, RW), 0);
  query("another memory type stays apart", v2, 0, DIRECT(BASE + 0x8000, BASE + 0x10000, 0x8000, RW, 12, ""));
  expect("Mtypeprotect it back", sceKernelMtypeprotect(v2, KB(32), SCE_KERNEL_MTYPE_C, RW), 0);
  query("one range again", v1, 0, DIRECT(BASE, BASE + 0x10000, 0, RW, 11, ""));
  expect("munmap", munmap(v1, KB(64)), 0);
  v1 = NULL;
  v2 = NULL;
  expect("MapDirectMemory [32, 64 KiB) first", sceKernelMapDirectMemory(&v1, KB(32), RW, 0, KB(32), 0), 0);
  expect("MapDirectMemory [0, 32 KiB) after it", sceKernelMapDirectMemory(&v2, KB(32), RW, 0, 0, 0), 0);
  query("physically out of order: apart", v1, 0, DIRECT(BASE, BASE + 0x8000, 0x8000, RW, 11, ""));
  query("its neighbour", v2, 0, DIRECT(BASE + 0x8000, BASE + 0x10000, 0, RW, 11, ""));

  /* the EBUSY rule for aliases */
  void *al = NULL;
  expect("MapDirectMemory of mapped pages", sceKernelMapDirectMemory(&al, KB(16), RW, 0, 0, 0), SCE_KERNEL_ERROR_EBUSY);
  expect("MapNamedDirectMemory of mapped pages", sceKernelMapNamedDirectMemory(&al, KB(16), RW, 0, KB(48), 0, "n"), SCE_KERNEL_ERROR_EBUSY);
  expect("MapDirectMemory2 of mapped pages", sceKernelMapDirectMemory2(&al, KB(16), SCE_KERNEL_MTYPE_C, RW, 0, 0, 0), SCE_KERNEL_ERROR_EBUSY);
  expect("MapDirectMemory DMEM_COMPAT alias", sceKernelMapDirectMemory(&al, KB(16), RW, SCE_KERNEL_MAP_DMEM_COMPAT, 0, 0), 0);
  expect("  at", (long long)al, BASE + 0x10000);
  expect("MapDirectMemory2 DMEM_COMPAT alias still", sceKernelMapDirectMemory2(&al, KB(16), SCE_KERNEL_MTYPE_C, RW, SCE_KERNEL_MAP_DMEM_COMPAT, 0, 0), SCE_KERNEL_ERROR_EBUSY);
  expect("MapDirectMemory executable", sceKernelMapDirectMemory(&al, KB(16), RW | SCE_KERNEL_PROT_CPU_EXEC, SCE_KERNEL_MAP_DMEM_COMPAT, 0, 0), SCE_KERNEL_ERROR_EACCES);
  expect("MapDirectMemory2 executable", sceKernelMapDirectMemory2(&al, KB(16), 0, RW | SCE_KERNEL_PROT_CPU_EXEC, 0, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  al = (void *)(BASE + 0x100);
  expect("MapDirectMemory misaligned hint", sceKernelMapDirectMemory(&al, KB(16), RW, SCE_KERNEL_MAP_DMEM_COMPAT, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  al = NULL;
  expect("MapDirectMemory unknown flag 0x1000", sceKernelMapDirectMemory(&al, KB(16), RW, SCE_KERNEL_MAP_DMEM_COMPAT | 0x1000, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("MapDirectMemory protection 0x40", sceKernelMapDirectMemory(&al, KB(16), RW | 0x40, SCE_KERNEL_MAP_DMEM_COMPAT, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("EnableDmemAliasing", sceKernelEnableDmemAliasing(), 0);
  al = NULL;
  expect("MapDirectMemory2 alias once enabled", sceKernelMapDirectMemory2(&al, KB(16), SCE_KERNEL_MTYPE_C, RW, 0, 0, 0), 0);
  expect("  at", (long long)al, BASE + 0x14000);
  expect("Release the direct memory (unmaps every view)", sceKernelReleaseDirectMemory(0, KB(64)), 0);
  expect("QueryMemoryProtection after it", sceKernelQueryMemoryProtection((void *)BASE, NULL, NULL, NULL), SCE_KERNEL_ERROR_EACCES);

  void *r1 = NULL, *r2 = NULL;
  expect("ReserveVirtualRange 32 KiB", sceKernelReserveVirtualRange(&r1, KB(32), 0, 0), 0);
  expect("ReserveVirtualRange 32 KiB", sceKernelReserveVirtualRange(&r2, KB(32), 0, 0), 0);
  query("reservations merge", r2, 0, RESERVED(BASE, BASE + 0x10000));
  expect("munmap", munmap(r1, KB(64)), 0);
}

static void names_and_pointers(void) {
  const char *n31 = "abcdefghijklmnopqrstuvwxyz01234";
  const char *n32 = "abcdefghijklmnopqrstuvwxyz012345";
  void *a = NULL;
  expect("MapNamedFlexibleMemory 32-character name", sceKernelMapNamedFlexibleMemory(&a, KB(16), RW, 0, n32), SCE_KERNEL_ERROR_ENAMETOOLONG);
  expect("MapNamedFlexibleMemory null name", sceKernelMapNamedFlexibleMemory(&a, KB(16), RW, 0, NULL), SCE_KERNEL_ERROR_EFAULT);
  expect("MapNamedFlexibleMemory wild name", sceKernelMapNamedFlexibleMemory(&a, KB(16), RW, 0, (const char *)0x10), SCE_KERNEL_ERROR_EFAULT);
  expect("MapNamedFlexibleMemory 31-character name", sceKernelMapNamedFlexibleMemory(&a, KB(16), RW, 0, n31), 0);
  query("the name whole", a, 0, FLEX(BASE, BASE + 0x4000, RW, n31));
  expect("SetVirtualRangeName 32 characters", sceKernelSetVirtualRangeName(a, KB(16), n32), SCE_KERNEL_ERROR_ENAMETOOLONG);
  expect("SetVirtualRangeName wild name", sceKernelSetVirtualRangeName(a, KB(16), (const char *)0x10), SCE_KERNEL_ERROR_EFAULT);
  expect("SetVirtualRangeName len 0 (renames nothing)", sceKernelSetVirtualRangeName(a, 0, "y"), 0);
  query("  the name unchanged", a, 0, FLEX(BASE, BASE + 0x4000, RW, n31));
  expect("SetVirtualRangeName misaligned span (widened to pages)", sceKernelSetVirtualRangeName((char *)a + 8, 8, "y"), 0);
  query("  renamed", a, 0, FLEX(BASE, BASE + 0x4000, RW, "y"));
  expect("SetVirtualRangeName past the address space", sceKernelSetVirtualRangeName((void *)0xFC00000000ll, KB(16), "y"), SCE_KERNEL_ERROR_EINVAL);
  expect("SetVirtualRangeName wrapping span", sceKernelSetVirtualRangeName(a, ~0ull, "y"), SCE_KERNEL_ERROR_EINVAL);

  SceKernelVirtualQueryInfo *wild = (SceKernelVirtualQueryInfo *)0x10;
  expect("VirtualQuery wild info", sceKernelVirtualQuery(a, 0, wild, sizeof *wild), SCE_KERNEL_ERROR_EFAULT);
  expect("VirtualQuery unknown flag (ignored)", sceKernelVirtualQuery(a, 2, &(SceKernelVirtualQueryInfo){0}, sizeof *wild), 0);
  expect("MapFlexibleMemory wild address pointer", sceKernelMapFlexibleMemory((void **)0x10, KB(16), RW, 0), SCE_KERNEL_ERROR_EFAULT);
  expect("ReserveVirtualRange wild address pointer", sceKernelReserveVirtualRange((void **)0x10, KB(16), 0, 0), SCE_KERNEL_ERROR_EFAULT);
  expect("QueryMemoryProtection wild start", sceKernelQueryMemoryProtection(a, (void **)0x10, NULL, NULL), SCE_KERNEL_ERROR_EFAULT);
  expect("sceKernelMmap wild result", sceKernelMmap(NULL, KB(16), RW, MAP_ANON | MAP_PRIVATE, -1, 0, (void **)0x10), SCE_KERNEL_ERROR_EFAULT);
  int done = -1;
  expect("BatchMap wild entries", sceKernelBatchMap((SceKernelBatchMapEntry *)0x10, 1, &done), SCE_KERNEL_ERROR_EFAULT);
  expect("  entries done", done, 0);
  SceKernelBatchMapEntry e = {a, 0, 0, RW, 0, 0, SCE_KERNEL_MAP_OP_PROTECT};
  expect("BatchMap entry of length 0", sceKernelBatchMap(&e, 1, &done), SCE_KERNEL_ERROR_EINVAL);
  expect("  entries done", done, 0);

  /* mlock: FreeBSD's rules */
  expect("sceKernelMlock mapped", sceKernelMlock(a, KB(16)), 0);
  expect("sceKernelMunlock mapped, unaligned span", sceKernelMunlock((char *)a + 100, 200), 0);
  expect("sceKernelMlock len 0", sceKernelMlock(NULL, 0), 0);
  expect("sceKernelMlock past the mapping", sceKernelMlock(a, KB(32)), SCE_KERNEL_ERROR_ENOMEM);
  expect("Mprotect it PROT_NONE", sceKernelMprotect(a, KB(16), 0), 0);
  expect("sceKernelMlock a PROT_NONE mapping", sceKernelMlock(a, KB(16)), SCE_KERNEL_ERROR_ENOMEM);
  expect("Mprotect it back", sceKernelMprotect(a, KB(16), RW), 0);
  expect("mlock a hole", mlock((char *)a + KB(64), KB(16)), -1);
  expect("  errno", errno, ENOMEM);
  expect("munlock wrapping span", munlock((void *)-0x4000ll, KB(32)), -1);
  expect("  errno", errno, EINVAL);
  /* FreeBSD's mlock(2): munlock's ENOMEM is for a span that is not allocated; a mapped span
   * that was never locked is no error */
  expect("munlock a mapped range never locked", munlock(a, KB(16)), 0);
  expect("munlock a hole", munlock((char *)a + KB(64), KB(16)), -1);
  expect("  errno", errno, ENOMEM);
  expect("sceKernelMunlock a hole", sceKernelMunlock((char *)a + KB(64), KB(16)), SCE_KERNEL_ERROR_ENOMEM);
  /* mlockall (FreeBSD): MCL_CURRENT, MCL_FUTURE or both; anything else is EINVAL */
  expect("mlockall 0", mlockall(0), -1);
  expect("  errno", errno, EINVAL);
  expect("mlockall 4", mlockall(4), -1);
  expect("  errno", errno, EINVAL);
  expect("mlockall MCL_CURRENT | MCL_FUTURE", mlockall(MCL_CURRENT | MCL_FUTURE), 0);
  expect("munlockall", munlockall(), 0);
  expect("munmap", munmap(a, KB(16)), 0);

  /* mmap's argument rules */
  expect("mmap MAP_ANON with an offset", (long long)mmap(NULL, KB(16), PROT_READ, MAP_ANON | MAP_PRIVATE, -1, KB(16)), -1);
  expect("  errno", errno, EINVAL);
  expect("mmap MAP_ANON with a descriptor", (long long)mmap(NULL, KB(16), PROT_READ, MAP_ANON | MAP_PRIVATE, 1, 0), -1);
  expect("  errno", errno, EINVAL);
  expect("mmap MAP_STACK read-only", (long long)mmap(NULL, KB(16), PROT_READ, MAP_ANON | MAP_PRIVATE | MAP_STACK, -1, 0), -1);
  expect("  errno", errno, EINVAL);
  expect("mmap MAP_ALIGNED(12) (below the page)", (long long)mmap(NULL, KB(16), PROT_READ, MAP_ANON | MAP_PRIVATE | (12 << 24), -1, 0), -1);
  expect("  errno", errno, EINVAL);
  void *al = mmap(NULL, KB(16), PROT_READ, MAP_ANON | MAP_PRIVATE | (20 << 24), -1, 0);
  expect("mmap MAP_ALIGNED(20)", (long long)al, BASE);
  expect("munmap", munmap(al, KB(16)), 0);
  expect("mmap fixed past the address space", (long long)mmap((void *)0xFC00000000ll, KB(16), PROT_READ, MAP_ANON | MAP_PRIVATE | MAP_FIXED, -1, 0), -1);
  expect("  errno", errno, EINVAL);

  /* MAP_STACK and MAP_VOID */
  void *s = mmap(NULL, KB(32), PROT_READ | PROT_WRITE, MAP_ANON | MAP_PRIVATE | MAP_STACK, -1, 0);
  expect("mmap MAP_STACK", (long long)s, BASE);
  query("a stack (flexible memory too)", s, 0, ((struct want){BASE, BASE + 0x8000, 0, RW, 0, 1, 0, 1, 1, ""}));
  void *vd = mmap(NULL, KB(16), PROT_READ, MAP_VOID | MAP_PRIVATE, -1, 0);
  expect("mmap MAP_VOID", (long long)vd, BASE + 0x8000);
  query("a void mapping is reserved", vd, 0, RESERVED(BASE + 0x8000, BASE + 0xc000));
  query("FIND_NEXT from a hole below", (void *)0x100000000ll, SCE_KERNEL_VQ_FIND_NEXT, ((struct want){BASE, BASE + 0x8000, 0, RW, 0, 1, 0, 1, 1, ""}));
  expect("munmap", munmap(s, KB(48)), 0);
}

static void file_mappings(void) {
  static char page[KB(16)];
  int fd = open("/temp0/mm", O_RDWR | O_CREAT | O_TRUNC, 0644);
  expect("open /temp0/mm read-write", fd >= 3, 1);
  for (int i = 0; i < 2; i++) {
    memset(page, 'a' + i, sizeof page);
    expect("write 16 KiB", write(fd, page, sizeof page), (long long)sizeof page);
  }
  char *sh = mmap(NULL, KB(32), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  expect("mmap MAP_SHARED", (long long)sh, BASE);
  expect("  byte 0", sh[0], 'a');
  expect("  byte 16 KiB", sh[KB(16)], 'b');
  query("a file mapping (flexible, as the console's kernel reports it)", sh, 0, ((struct want){BASE, BASE + 0x8000, 0, RW, 0, 1, 0, 0, 1, ""}));
  sh[1] = 'X';
  char got = 0;
  expect("lseek 1", lseek(fd, 1, 0), 1);
  expect("read", read(fd, &got, 1), 1);
  expect("  the file sees the shared write", got, 'X');
  char *pv = mmap(NULL, KB(16), PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, KB(16));
  expect("mmap MAP_PRIVATE at offset 16 KiB", (long long)pv, BASE + 0x8000);
  expect("  byte 0", pv[0], 'b');
  pv[0] = 'Y';
  expect("lseek 16 KiB", lseek(fd, KB(16), 0), KB(16));
  expect("read", read(fd, &got, 1), 1);
  expect("  the file does not see the private write", got, 'b');
  char *mo = mmap(NULL, KB(16), PROT_READ, MAP_SHARED, fd, 100);
  expect("mmap at offset 100 (the page holding it is mapped)", (long long)mo, BASE + 0xc000 + 100);
  expect("  it points at byte 100", mo[0], 'a');
  expect("  byte 1 of the page is before it", mo[-99], 'X');
  query("  two pages mapped", mo, 0, ((struct want){BASE + 0xc000, BASE + 0x14000, 0, SCE_KERNEL_PROT_CPU_READ, 0, 1, 0, 0, 1, ""}));
  expect("munmap it", munmap(mo, KB(16)), 0);
  expect("mmap fixed at a place that does not match offset 100", (long long)mmap((void *)(BASE + 0x10000), KB(16), PROT_READ, MAP_SHARED | MAP_FIXED, fd, 100), -1);
  expect("  errno", errno, EINVAL);
  char *sp = mmap(NULL, KB(16), PROT_READ, MAP_SHARED | MAP_PRIVATE, fd, 0);
  expect("mmap SHARED and PRIVATE (shared wins)", (long long)sp, BASE + 0xc000);
  expect("  byte 1", sp[1], 'X');
  expect("munmap it", munmap(sp, KB(16)), 0);
  expect("close", close(fd), 0);
  expect("the mapping outlives the descriptor", sh[1], 'X');
  expect("munmap", munmap(sh, KB(48)), 0);

  fd = open("/temp0/mm", O_RDONLY);
  expect("open read-only", fd >= 3, 1);
  expect("mmap MAP_SHARED PROT_WRITE", (long long)mmap(NULL, KB(16), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), -1);
  expect("  errno", errno, EACCES);
  void *res = NULL;
  expect("sceKernelMmap MAP_SHARED PROT_WRITE", sceKernelMmap(NULL, KB(16), RW, MAP_SHARED, fd, 0, &res), SCE_KERNEL_ERROR_EACCES);
  char *ro = mmap(NULL, KB(16), PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  expect("mmap MAP_PRIVATE PROT_WRITE", (long long)ro, BASE);
  ro[0] = 'Z';
  expect("  private copy written", ro[0], 'Z');
  expect("munmap", munmap(ro, KB(16)), 0);
  char *rs = mmap(NULL, KB(16), PROT_READ, MAP_SHARED, fd, 0);
  expect("mmap MAP_SHARED PROT_READ", (long long)rs, BASE);
  expect("mprotect it writable", mprotect(rs, KB(16), PROT_READ | PROT_WRITE), -1);
  expect("  errno", errno, EACCES);
  expect("munmap", munmap(rs, KB(16)), 0);
  expect("close", close(fd), 0);

  fd = open("/temp0/mm", O_WRONLY);
  expect("open write-only", fd >= 3, 1);
  expect("mmap PROT_READ of a write-only descriptor", (long long)mmap(NULL, KB(16), PROT_READ, MAP_SHARED, fd, 0), -1);
  expect("  errno", errno, EACCES);
  expect("close", close(fd), 0);
  expect("mmap a closed descriptor", (long long)mmap(NULL, KB(16), PROT_READ, MAP_SHARED, fd, 0), -1);
  expect("  errno", errno, EBADF);
  expect("sceKernelMmap a closed descriptor", sceKernelMmap(NULL, KB(16), SCE_KERNEL_PROT_CPU_READ, MAP_PRIVATE, fd, 0, &res), SCE_KERNEL_ERROR_EBADF);
  expect("unlink", unlink("/temp0/mm"), 0);
}

static void more_queries(void) {
  size_t conf = 0;
  expect("ConfiguredFlexibleMemorySize (param.json: 256 MiB)", sceKernelConfiguredFlexibleMemorySize(&conf), 0);
  expect("  size", (long long)conf, 0x10000000);
  expect("ConfiguredFlexibleMemorySize null", sceKernelConfiguredFlexibleMemorySize(NULL), SCE_KERNEL_ERROR_EINVAL);

  int local = 0;
  void *ss = NULL, *se = NULL;
  expect("IsStack of a local variable", sceKernelIsStack(&local, &ss, &se), 0);
  expect("  the main stack holds it", ss && (char *)ss <= (char *)&local && (char *)&local < (char *)se, 1);
  void *f = NULL;
  expect("MapFlexibleMemory", sceKernelMapFlexibleMemory(&f, KB(16), RW, 0), 0);
  ss = se = (void *)1;
  expect("IsStack of flexible memory", sceKernelIsStack(f, &ss, &se), 0);
  expect("  start", (long long)ss, 0);
  expect("  end", (long long)se, 0);
  expect("IsStack of a hole", sceKernelIsStack((char *)f + KB(16), &ss, &se), SCE_KERNEL_ERROR_EACCES);
  expect("IsStack wild start", sceKernelIsStack(f, (void **)0x10, NULL), SCE_KERNEL_ERROR_EFAULT);
  expect("munmap", munmap(f, KB(16)), 0);

  /* DirectMemoryQuery: touching allocations of one type read as one */
  size_t dsize = sceKernelGetDirectMemorySize();
  off_t a = -1, b = -1, c = -1, d = -1;
  expect("Allocate 32 KiB MTYPE_C", sceKernelAllocateDirectMemory(0, dsize, KB(32), 0, SCE_KERNEL_MTYPE_C, &a), 0);
  expect("  at", a, 0);
  expect("Allocate 16 KiB MTYPE_C", sceKernelAllocateDirectMemory(0, dsize, KB(16), 0, SCE_KERNEL_MTYPE_C, &b), 0);
  expect("  at", b, 0x8000);
  expect("Allocate 16 KiB MTYPE_C_SHARED", sceKernelAllocateDirectMemory(0, dsize, KB(16), 0, SCE_KERNEL_MTYPE_C_SHARED, &c), 0);
  expect("  at", c, 0xc000);
  SceKernelDirectMemoryQueryInfo qi;
  memset(&qi, 0xAB, sizeof qi);
  expect("sizeof SceKernelDirectMemoryQueryInfo", sizeof qi, 24);
  expect("DirectMemoryQuery 0x4000", sceKernelDirectMemoryQuery(0x4000, 0, &qi, sizeof qi), 0);
  expect("  start", qi.start, 0);
  expect("  end", qi.end, 0xc000);
  expect("  memoryType", qi.memoryType, SCE_KERNEL_MTYPE_C);
  expect("DirectMemoryQuery 0xc000", sceKernelDirectMemoryQuery(0xc000, 0, &qi, sizeof qi), 0);
  expect("  start", qi.start, 0xc000);
  expect("  end", qi.end, 0x10000);
  expect("  memoryType", qi.memoryType, SCE_KERNEL_MTYPE_C_SHARED);
  int type = -1;
  off_t rs = -1, re = -1;
  expect("GetDirectMemoryType 0x8000", sceKernelGetDirectMemoryType(0x8000, &type, &rs, &re), 0);
  expect("  region start", rs, 0);
  expect("  region end", re, 0xc000);
  expect("DirectMemoryQuery free 0x10000", sceKernelDirectMemoryQuery(0x10000, 0, &qi, sizeof qi), SCE_KERNEL_ERROR_EACCES);
  expect("DirectMemoryQuery FIND_NEXT, nothing above", sceKernelDirectMemoryQuery(0x10000, SCE_KERNEL_DMQ_FIND_NEXT, &qi, sizeof qi), SCE_KERNEL_ERROR_EACCES);
  expect("Allocate 16 KiB from 0x40000", sceKernelAllocateDirectMemory(0x40000, dsize, KB(16), 0, SCE_KERNEL_WB_ONION, &d), 0);
  expect("  at", d, 0x40000);
  expect("DirectMemoryQuery FIND_NEXT 0x10000", sceKernelDirectMemoryQuery(0x10000, SCE_KERNEL_DMQ_FIND_NEXT, &qi, sizeof qi), 0);
  expect("  start", qi.start, 0x40000);
  expect("  end", qi.end, 0x44000);
  expect("  memoryType", qi.memoryType, SCE_KERNEL_WB_ONION);
  expect("DirectMemoryQuery past direct memory", sceKernelDirectMemoryQuery((off_t)dsize, 0, &qi, sizeof qi), SCE_KERNEL_ERROR_EACCES);
  expect("DirectMemoryQuery size 16", sceKernelDirectMemoryQuery(0, 0, &qi, 16), SCE_KERNEL_ERROR_EINVAL);
  expect("DirectMemoryQuery flags 2", sceKernelDirectMemoryQuery(0, 2, &qi, sizeof qi), SCE_KERNEL_ERROR_EINVAL);
  expect("DirectMemoryQuery null info", sceKernelDirectMemoryQuery(0, 0, NULL, sizeof qi), SCE_KERNEL_ERROR_EFAULT);
  expect("Release all", sceKernelReleaseDirectMemory(0, dsize), 0);
}

int main(void) {
  merges();
  more_queries();
  names_and_pointers();
  file_mappings();
  printf("%s\n", failures ? "FAILED" : "all memory map checks passed");
  return failures ? 1 : 0;
}
