/* Guest memory pool conformance (libkernel). One line per fact; each value is checked against
 * the console's rules (docs/kernel-memory.md "Pools"; the SDK 12.000 kernel reference's error
 * tables for Commit, Decommit, Move, Batch, Munmap and the block statistics' fields):
 * physical memory enters the pool in
 * 64 KiB blocks taken from direct memory (first fit), address space is reserved in 2 MiB
 * units (2 MiB aligned, hint-less from 0x2_0000_0000), commits take the lowest free blocks,
 * neighbouring pool ranges with the same protection merge, SCE codes are 0x80020000 + errno. */
#include <kernel.h>
#include <stdio.h>
#include <string.h>

#define KB(n) ((size_t)(n) * 1024)
#define MB(n) ((size_t)(n) * 1024 * 1024)
#define RW (SCE_KERNEL_PROT_CPU_READ | SCE_KERNEL_PROT_CPU_RW)

static int failures;

static void expect(const char *what, long long got, long long want) {
  unsigned long long shown = got < 0 && got >= -0x80000000ll ? (unsigned)got : (unsigned long long)got;
  printf("%s: %#llx%s\n", what, shown, got == want ? "" : "  <-- unexpected");
  failures += got != want;
}

/* Checks the VirtualQuery record at ADDR field by field. */
static void query(const char *what, const void *addr, long long start, long long end, int prot,
                  unsigned pooled, unsigned committed) {
  SceKernelVirtualQueryInfo vq;
  memset(&vq, 0xAB, sizeof vq);
  int r = sceKernelVirtualQuery(addr, 0, &vq, sizeof vq);
  printf("%s:\n", what);
  expect("  VirtualQuery", r, 0);
  if (r != 0) return;
  expect("  start", (long long)vq.start, start);
  expect("  end", (long long)vq.end, end);
  expect("  offset", vq.offset, 0);
  expect("  protection", vq.protection, prot);
  expect("  memoryType", vq.memoryType, 0);
  expect("  isFlexibleMemory", vq.isFlexibleMemory, 0);
  expect("  isDirectMemory", vq.isDirectMemory, 0);
  expect("  isStack", vq.isStack, 0);
  expect("  isPooledMemory", vq.isPooledMemory, pooled);
  expect("  isCommitted", vq.isCommitted, committed);
  expect("  name empty", vq.name[0], 0);
}

/* The SDK reference's fields: available flushed = free blocks never used by a memory type 0
 * commit since they entered the pool, available cached = free blocks last committed with
 * memory type 0, allocated flushed = always 0, allocated cached = blocks committed with
 * memory type 0. */
static void stats(const char *what, int avail_flushed, int avail_cached, int alloc_cached) {
  SceKernelMemoryPoolBlockStats st;
  memset(&st, 0x5A, sizeof st);
  printf("%s:\n", what);
  expect("  GetBlockStats", sceKernelMemoryPoolGetBlockStats(&st, sizeof st), 0);
  expect("  availableFlushedBlocks", st.availableFlushedBlocks, avail_flushed);
  expect("  availableCachedBlocks", st.availableCachedBlocks, avail_cached);
  expect("  allocatedFlushedBlocks", st.allocatedFlushedBlocks, 0);
  expect("  allocatedCachedBlocks", st.allocatedCachedBlocks, alloc_cached);
}

int main(void) {
  size_t dsize = sceKernelGetDirectMemorySize();
  stats("stats before any pool", 0, 0, 0);
  expect("sizeof SceKernelMemoryPoolBatchEntry", sizeof(SceKernelMemoryPoolBatchEntry), 32);

  off_t phys = -1;
  expect("Expand len 0", sceKernelMemoryPoolExpand(0, dsize, 0, 0, &phys), SCE_KERNEL_ERROR_EINVAL);
  expect("Expand len 16 KiB (not a block multiple)", sceKernelMemoryPoolExpand(0, dsize, KB(16), 0, &phys), SCE_KERNEL_ERROR_EINVAL);
  expect("Expand alignment 16 KiB", sceKernelMemoryPoolExpand(0, dsize, KB(64), KB(16), &phys), SCE_KERNEL_ERROR_EINVAL);
  expect("Expand null out", sceKernelMemoryPoolExpand(0, dsize, KB(64), 0, NULL), SCE_KERNEL_ERROR_EINVAL);
  expect("Expand end <= start", sceKernelMemoryPoolExpand(KB(64), KB(64), KB(64), 0, &phys), SCE_KERNEL_ERROR_EINVAL);
  expect("Expand window smaller than len", sceKernelMemoryPoolExpand(0, KB(64), KB(128), 0, &phys), SCE_KERNEL_ERROR_ENOMEM);
  expect("Expand wild out", sceKernelMemoryPoolExpand(0, dsize, KB(64), 0, (off_t *)0x10), SCE_KERNEL_ERROR_EFAULT);
  expect("Expand 1 MiB", sceKernelMemoryPoolExpand(0, dsize, MB(1), 0, &phys), 0);
  expect("  at", phys, 0);
  stats("stats after Expand", 16, 0, 0);

  /* pool memory has left direct memory */
  off_t d = -1;
  expect("AllocateDirectMemory 64 KiB after it", sceKernelAllocateDirectMemory(0, dsize, KB(64), 0, SCE_KERNEL_WB_ONION, &d), 0);
  expect("  at", d, MB(1));
  int type = -1;
  off_t rs, re;
  expect("GetDirectMemoryType of pool memory", sceKernelGetDirectMemoryType(0, &type, &rs, &re), SCE_KERNEL_ERROR_ENOENT);
  void *v = NULL;
  expect("MapDirectMemory of pool memory", sceKernelMapDirectMemory(&v, KB(64), RW, 0, 0, 0), SCE_KERNEL_ERROR_EACCES);
  expect("CheckedReleaseDirectMemory of pool memory", sceKernelCheckedReleaseDirectMemory(0, KB(64)), SCE_KERNEL_ERROR_ENOENT);
  expect("ReleaseDirectMemory [0, 1 MiB + 64 KiB)", sceKernelReleaseDirectMemory(0, MB(1) + KB(64)), 0);
  stats("stats after it (the pool keeps its blocks)", 16, 0, 0);

  void *r = NULL;
  expect("Reserve len 1 MiB", sceKernelMemoryPoolReserve(NULL, MB(1), 0, 0, &r), SCE_KERNEL_ERROR_EINVAL);
  expect("Reserve alignment 1 MiB", sceKernelMemoryPoolReserve(NULL, MB(2), MB(1), 0, &r), SCE_KERNEL_ERROR_EINVAL);
  expect("Reserve alignment 3 MiB", sceKernelMemoryPoolReserve(NULL, MB(2), MB(3), 0, &r), SCE_KERNEL_ERROR_EINVAL);
  expect("Reserve null out", sceKernelMemoryPoolReserve(NULL, MB(2), 0, 0, NULL), SCE_KERNEL_ERROR_EINVAL);
  expect("Reserve 4 MiB", sceKernelMemoryPoolReserve(NULL, MB(4), 0, 0, &r), 0);
  expect("  at", (long long)r, 0x200000000ll);
  char *p = r;
  query("query the reservation", p + KB(100), 0x200000000ll, 0x200400000ll, 0, 1, 0);
  void *ps, *pe;
  int prot;
  expect("QueryMemoryProtection of it", sceKernelQueryMemoryProtection(p, &ps, &pe, &prot), SCE_KERNEL_ERROR_EACCES);

  expect("Commit null", sceKernelMemoryPoolCommit(NULL, KB(64), 0, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit len 0", sceKernelMemoryPoolCommit(p, 0, 0, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit len 16 KiB", sceKernelMemoryPoolCommit(p, KB(16), 0, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit misaligned address", sceKernelMemoryPoolCommit(p + KB(16), KB(64), 0, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit executable", sceKernelMemoryPoolCommit(p, KB(64), 0, RW | SCE_KERNEL_PROT_CPU_EXEC, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit type 3 (PS4 WC_GARLIC)", sceKernelMemoryPoolCommit(p, KB(64), SCE_KERNEL_WC_GARLIC, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit type 13", sceKernelMemoryPoolCommit(p, KB(64), 13, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit past the reservation", sceKernelMemoryPoolCommit(p + MB(4) - KB(64), KB(128), 0, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Commit more than the pool holds", sceKernelMemoryPoolCommit(p, MB(2), 0, RW, 0), SCE_KERNEL_ERROR_ENOMEM);
  void *f = NULL;
  expect("MapFlexibleMemory 64 KiB", sceKernelMapFlexibleMemory(&f, KB(64), RW, 0), 0);
  expect("  at (past the reservation)", (long long)f, 0x200400000ll);
  expect("Commit into flexible memory", sceKernelMemoryPoolCommit(f, KB(64), 0, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Decommit flexible memory", sceKernelMemoryPoolDecommit(f, KB(64), 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Munmap it", sceKernelMunmap(f, KB(64)), 0);

  expect("Commit 128 KiB", sceKernelMemoryPoolCommit(p, KB(128), SCE_KERNEL_WB_ONION, RW, 0), 0);
  query("query the committed part", p + KB(64), 0x200000000ll, 0x200020000ll, RW, 1, 1);
  query("query the rest", p + KB(128), 0x200020000ll, 0x200400000ll, 0, 1, 0);
  stats("stats after Commit 128 KiB", 14, 0, 2);
  memset(p, 0x11, KB(128));
  expect("Commit 64 KiB next to it", sceKernelMemoryPoolCommit(p + KB(128), KB(64), SCE_KERNEL_WB_ONION, RW, 0), 0);
  query("query: pool commits never merge (blockpool entries)", p, 0x200000000ll, 0x200020000ll, RW, 1, 1);
  query("query the second commit", p + KB(128), 0x200020000ll, 0x200030000ll, RW, 1, 1);
  expect("Commit over committed memory", sceKernelMemoryPoolCommit(p, KB(64), 0, RW, 0), SCE_KERNEL_ERROR_EBUSY);
  expect("Commit partly over committed memory", sceKernelMemoryPoolCommit(p + KB(128), KB(128), 0, RW, 0), SCE_KERNEL_ERROR_EBUSY);
  expect("Commit flags 1", sceKernelMemoryPoolCommit(p + MB(1), KB(64), 0, RW, 1), SCE_KERNEL_ERROR_EINVAL);
  expect("Mprotect the last block read-only", sceKernelMprotect(p + KB(128), KB(64), SCE_KERNEL_PROT_CPU_READ), 0);
  query("query the read-only block", p + KB(128), 0x200020000ll, 0x200030000ll, SCE_KERNEL_PROT_CPU_READ, 1, 1);
  expect("Mprotect it back", sceKernelMprotect(p + KB(128), KB(64), RW), 0);
  /* over pool space protection and type changes need 64 KiB aligned spans */
  expect("Mprotect 16 KiB of pool memory", sceKernelMprotect(p + KB(128), KB(16), SCE_KERNEL_PROT_CPU_READ), SCE_KERNEL_ERROR_EINVAL);
  expect("Mtypeprotect pool memory at a 16 KiB offset", sceKernelMtypeprotect(p + KB(16), KB(64), SCE_KERNEL_MTYPE_C, RW), SCE_KERNEL_ERROR_EINVAL);
  query("query: the first commit unchanged", p, 0x200000000ll, 0x200020000ll, RW, 1, 1);

  expect("Decommit null", sceKernelMemoryPoolDecommit(NULL, KB(64), 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Decommit len 0", sceKernelMemoryPoolDecommit(p, 0, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Decommit flags 1", sceKernelMemoryPoolDecommit(p, KB(64), 1), SCE_KERNEL_ERROR_EINVAL);
  expect("Munmap a part of the reservation", sceKernelMunmap(p, MB(2)), SCE_KERNEL_ERROR_EINVAL);
  expect("Decommit the middle block", sceKernelMemoryPoolDecommit(p + KB(64), KB(64), 0), 0);
  query("query the first block", p, 0x200000000ll, 0x200010000ll, RW, 1, 1);
  query("query the decommitted block", p + KB(64), 0x200010000ll, 0x200020000ll, 0, 1, 0);
  query("query the third block", p + KB(128), 0x200020000ll, 0x200030000ll, RW, 1, 1);
  stats("stats after Decommit", 13, 1, 2);
  expect("first block keeps its bytes", ((volatile unsigned char *)p)[KB(64) - 1], 0x11);
  expect("Commit 64 KiB at 1 MiB (takes the freed block)", sceKernelMemoryPoolCommit(p + MB(1), KB(64), SCE_KERNEL_WB_ONION, RW, 0), 0);
  expect("  it reads zeros", ((volatile unsigned char *)p)[MB(1) + 5], 0);
  expect("Decommit the whole reservation (holes and all)", sceKernelMemoryPoolDecommit(p, MB(4), 0), 0);
  query("query after it", p + MB(3), 0x200000000ll, 0x200400000ll, 0, 1, 0);
  stats("stats after decommitting all", 13, 3, 0);

  /* Batch: commit, protect, move, then an unknown opcode stops it */
  expect("Commit 64 KiB at 0", sceKernelMemoryPoolCommit(p, KB(64), SCE_KERNEL_WB_ONION, RW, 0), 0);
  strcpy(p, "moved bytes");
  SceKernelMemoryPoolBatchEntry e[4];
  memset(e, 0, sizeof e);
  e[0].opcode = SCE_KERNEL_MEMORY_POOL_OP_COMMIT;
  e[0].commitParams.addr = p + MB(2);
  e[0].commitParams.len = KB(64);
  e[0].commitParams.prot = RW;
  e[0].commitParams.type = SCE_KERNEL_WB_ONION;
  e[1].opcode = SCE_KERNEL_MEMORY_POOL_OP_PROTECT;
  e[1].protectParams.addr = p + MB(2);
  e[1].protectParams.len = KB(64);
  e[1].protectParams.prot = SCE_KERNEL_PROT_CPU_READ;
  e[2].opcode = SCE_KERNEL_MEMORY_POOL_OP_MOVE;
  e[2].moveParams.dstAddr = p + MB(3);
  e[2].moveParams.srcAddr = p;
  e[2].moveParams.len = KB(64);
  e[3].opcode = 9;
  int done = -1;
  expect("Batch flags 1", sceKernelMemoryPoolBatch(e, 4, &done, 1), SCE_KERNEL_ERROR_EINVAL);
  expect("Batch, fourth entry has no such opcode", sceKernelMemoryPoolBatch(e, 4, &done, 0), SCE_KERNEL_ERROR_EOPNOTSUPP);
  expect("  entries done", done, 3);
  query("query batch commit", p + MB(2), 0x200200000ll, 0x200210000ll, SCE_KERNEL_PROT_CPU_READ, 1, 1);
  query("query the moved-from block", p, 0x200000000ll, 0x200010000ll, 0, 1, 0);
  query("query the moved-to block", p + MB(3), 0x200300000ll, 0x200310000ll, RW, 1, 1);
  expect("moved block keeps its bytes", strcmp(p + MB(3), "moved bytes"), 0);
  expect("Batch null entries", sceKernelMemoryPoolBatch(NULL, 1, &done, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Batch wild entries", sceKernelMemoryPoolBatch((void *)0x10, 1, &done, 0), SCE_KERNEL_ERROR_EFAULT);
  expect("  entries done", done, 0);
  e[0].opcode = SCE_KERNEL_MEMORY_POOL_OP_MOVE; /* from reserved space: not committed */
  e[0].moveParams.dstAddr = p + MB(1);
  e[0].moveParams.srcAddr = p;
  e[0].moveParams.len = KB(64);
  expect("Batch move from reserved space", sceKernelMemoryPoolBatch(e, 1, &done, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("  entries done", done, 0);

  SceKernelMemoryPoolBlockStats st;
  memset(&st, 0x5A, sizeof st);
  expect("GetBlockStats size 8", sceKernelMemoryPoolGetBlockStats(&st, 8), 0);
  expect("  availableFlushedBlocks", st.availableFlushedBlocks, 13);
  expect("  availableCachedBlocks", st.availableCachedBlocks, 1);
  expect("  allocatedFlushedBlocks untouched", st.allocatedFlushedBlocks, 0x5A5A5A5A);
  expect("GetBlockStats null", sceKernelMemoryPoolGetBlockStats(NULL, sizeof st), SCE_KERNEL_ERROR_EFAULT);
  expect("GetBlockStats size 0", sceKernelMemoryPoolGetBlockStats(NULL, 0), 0);

  expect("Decommit everything", sceKernelMemoryPoolDecommit(p, MB(4), 0), 0);
  stats("stats after decommitting everything", 13, 3, 0);

  /* Move (the SDK reference): the spans may overlap; committed memory other than the
   * source's in the destination is EBUSY; both spans in one reservation; flags 0 */
  expect("Commit 128 KiB at 0", sceKernelMemoryPoolCommit(p, KB(128), SCE_KERNEL_WB_ONION, RW, 0), 0);
  strcpy(p + KB(64), "second block");
  expect("Commit 64 KiB at 1 MiB", sceKernelMemoryPoolCommit(p + MB(1), KB(64), SCE_KERNEL_WB_ONION, RW, 0), 0);
  expect("Move onto other committed memory", sceKernelMemoryPoolMove(p + MB(1) - KB(64), p, KB(128), 0), SCE_KERNEL_ERROR_EBUSY);
  expect("Move flags 1", sceKernelMemoryPoolMove(p + KB(128), p, KB(128), 1), SCE_KERNEL_ERROR_EINVAL);
  expect("Move misaligned", sceKernelMemoryPoolMove(p + KB(144), p, KB(128), 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Move past the reservation", sceKernelMemoryPoolMove(p + MB(4) - KB(64), p, KB(128), 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Move 128 KiB up by 64 KiB (overlapping)", sceKernelMemoryPoolMove(p + KB(64), p, KB(128), 0), 0);
  expect("  the second block's bytes moved with it", strcmp(p + KB(128), "second block"), 0);
  query("query the moved-from block", p, 0x200000000ll, 0x200010000ll, 0, 1, 0);
  query("query the moved-to blocks", p + KB(64), 0x200010000ll, 0x200030000ll, RW, 1, 1);
  stats("stats after the moves", 13, 0, 3);

  /* a reservation is freed whole: sceKernelMunmap of all of it (the SDK reference), or the
   * emulator's sceKernelMemoryPoolRelease; committed blocks go back to the pool */
  void *r2 = NULL;
  expect("Reserve 2 MiB fixed right after it", sceKernelMemoryPoolReserve(p + MB(4), MB(2), 0, SCE_KERNEL_MAP_FIXED, &r2), 0);
  expect("  at", (long long)r2, 0x200400000ll);
  expect("Commit across both reservations", sceKernelMemoryPoolCommit(p + MB(4) - KB(64), KB(128), 0, RW, 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Release a part of the reservation", sceKernelMemoryPoolRelease(p, MB(2), 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Release both reservations at once", sceKernelMemoryPoolRelease(p, MB(6), 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Release flags 1", sceKernelMemoryPoolRelease(p, MB(4), 1), SCE_KERNEL_ERROR_EINVAL);
  expect("Release a hole", sceKernelMemoryPoolRelease(p + MB(8), MB(2), 0), SCE_KERNEL_ERROR_EINVAL);
  expect("Release the reservation", sceKernelMemoryPoolRelease(p, MB(4), 0), 0);
  SceKernelVirtualQueryInfo vq;
  expect("VirtualQuery of it", sceKernelVirtualQuery(p, 0, &vq, sizeof vq), SCE_KERNEL_ERROR_EACCES);
  stats("stats at the end", 13, 3, 0);
  query("the other reservation is untouched", r2, 0x200400000ll, 0x200600000ll, 0, 1, 0);
  expect("Munmap the other reservation", sceKernelMunmap(r2, MB(2)), 0);
  printf("%s\n", failures ? "FAILED" : "all memory pool checks passed");
  return failures ? 1 : 0;
}
