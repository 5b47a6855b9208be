/* Memory pools (libkernel's sceKernelMemoryPool* family): physical memory taken from direct
 * memory in 64 KiB blocks (MEMPOOL_BLOCK, FACTS.md "Kernel numbers") by Expand, address space
 * held by Reserve (2 MiB granular), and blocks committed into / decommitted from that address
 * space. Committed blocks are views of the direct memory memfd, so a Move keeps their bytes.
 * The ranges live in the one memory map (guest_vm.h: POOL_RESERVED and POOLED rows). All
 * functions return 0 or a negative kernel errno (kernel_errno.h) and are thread-safe. */
#ifndef PROSPERO_KERNEL_MEMPOOL_H
#define PROSPERO_KERNEL_MEMPOOL_H

#include <stdint.h>

#define MEMPOOL_BLOCK 0x10000ull          /* 64 KiB */
#define MEMPOOL_RESERVE_ALIGN 0x200000ull /* 2 MiB */

/* Moves LEN bytes (64 KiB multiple) of free direct memory, found as sceKernelAllocateDirect
 * Memory finds it (ALIGN 0 = 64 KiB, else a 64 KiB multiple power of two) in [SEARCH_START,
 * SEARCH_END), into the pool; *OUT gets its physical address. -EINVAL on bad arguments,
 * -ENOMEM when nothing fits. */
int mempool_expand(uint64_t search_start, uint64_t search_end, uint64_t len, uint64_t align,
                   uint64_t *out);
/* Reserves LEN bytes (2 MiB multiple) of pool address space, placed as the mapping calls
 * place (ADDR a hint or, with FLAGS' GUEST_VM_MAP_FIXED, the place; ALIGN 0 = 2 MiB). */
int mempool_reserve(uint64_t addr, uint64_t len, uint64_t align, unsigned flags, uint64_t *out);
/* Commits free pool blocks (lowest physical first; several runs if the free blocks are
 * scattered) into [ADDR, ADDR+LEN), which must lie in the pool space of one reservation:
 * -EINVAL otherwise (or on a range not 64 KiB aligned, a memory type outside 0..10), -ENOMEM
 * when the
 * pool has fewer free blocks, -EBUSY when the span holds committed blocks already. Freshly
 * committed blocks read zeros. */
int mempool_commit(uint64_t addr, uint64_t len, int mtype, int prot);
/* Gives the blocks committed in [ADDR, ADDR+LEN) back to the pool; the span must lie wholly
 * in pool space (committed or not), else -EINVAL. */
int mempool_decommit(uint64_t addr, uint64_t len);
/* Moves the committed blocks of [SRC, SRC+LEN) (wholly committed) to [DST, DST+LEN), bytes,
 * protection and memory type included; what SRC leaves becomes reserved. The spans may
 * overlap and must lie in one reservation (-EINVAL); committed memory in DST other than
 * SRC's is -EBUSY. */
int mempool_move(uint64_t dst, uint64_t src, uint64_t len);
/* Gives back a whole pool reservation [ADDR, ADDR+LEN): its committed blocks return to the
 * pool and the address space is freed. -EINVAL unless the span is exactly one reservation. */
int mempool_release(uint64_t addr, uint64_t len);

struct mempool_stats {
  uint64_t free_blocks;            /* in the pool, ready to commit */
  uint64_t cached_free_blocks;     /* of those, the ones a memory type 0 commit used last */
  uint64_t committed_blocks;       /* committed somewhere */
  uint64_t committed_type0_blocks; /* of those, the ones whose memory type is 0 now */
};
void mempool_get_stats(struct mempool_stats *out);

#endif
