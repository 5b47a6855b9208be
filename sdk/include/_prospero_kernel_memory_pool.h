/* kernel.h, part: pool memory and the remaining memory calls. Included by kernel.h; include
 * <kernel.h>, not this file. */
#ifndef _PROSPERO_KERNEL_MEMORY_POOL_H
#define _PROSPERO_KERNEL_MEMORY_POOL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"

#define SCE_KERNEL_ERROR_EBADF ((int)0x80020009)
#define SCE_KERNEL_ERROR_EOPNOTSUPP ((int)0x8002002D)
#define SCE_KERNEL_ERROR_ENAMETOOLONG ((int)0x8002003F)

/* More map flags: MapDirectMemory's PS4-compatible aliasing, and mmap's stack and void
 * (address space only) mappings. */
#define SCE_KERNEL_MAP_DMEM_COMPAT 0x400
#define SCE_KERNEL_MAP_STACK 0x400
#define SCE_KERNEL_MAP_VOID 0x100

/* Memory pools: physical memory in 64 KiB blocks, address space in 2 MiB units. */
#define SCE_KERNEL_MEMORY_POOL_BLOCK_SIZE (64 * 1024)
#define SCE_KERNEL_MEMORY_POOL_RESERVE_ALIGNMENT (2 * 1024 * 1024)

#define SCE_KERNEL_MEMORY_POOL_OP_COMMIT 1
#define SCE_KERNEL_MEMORY_POOL_OP_DECOMMIT 2
#define SCE_KERNEL_MEMORY_POOL_OP_PROTECT 3
#define SCE_KERNEL_MEMORY_POOL_OP_TYPE_PROTECT 4
#define SCE_KERNEL_MEMORY_POOL_OP_MOVE 5

/* The SDK reference spells the members op, commit, decommit, protect, typeProtect and move
 * (dst, src); older code spells them opcode, commitParams, ... (dstAddr, srcAddr). Both
 * spellings name the same bytes. */
typedef struct SceKernelMemoryPoolBatchEntry { /* 32 bytes */
  union {
    unsigned int op;
    unsigned int opcode;
  };
  unsigned int flags; /* reserved: 0 */
  union {
    struct {
      void *addr;
      size_t len;
      unsigned char prot;
      unsigned char type;
    } commitParams, commit;
    struct {
      void *addr;
      size_t len;
    } decommitParams, decommit;
    struct {
      void *addr;
      size_t len;
      unsigned char prot;
    } protectParams, protect;
    struct {
      void *addr;
      size_t len;
      unsigned char prot;
      unsigned char type;
    } typeProtectParams, typeProtect;
    struct {
      void *dstAddr;
      void *srcAddr;
      size_t len;
    } moveParams;
    struct {
      void *dst;
      void *src;
      size_t len;
    } move;
    uintptr_t padding[3];
  };
} SceKernelMemoryPoolBatchEntry;

typedef struct SceKernelMemoryPoolBlockStats {
  int availableFlushedBlocks;
  int availableCachedBlocks;
  int allocatedFlushedBlocks;
  int allocatedCachedBlocks;
} SceKernelMemoryPoolBlockStats;

typedef struct SceKernelDirectMemoryQueryInfo { /* 24 bytes */
  off_t start;
  off_t end;
  int memoryType;
} SceKernelDirectMemoryQueryInfo;

#define SCE_KERNEL_DMQ_FIND_NEXT 1

__PROSPERO_BEGIN_DECLS
int sceKernelMemoryPoolExpand(off_t searchStart, off_t searchEnd, size_t len, size_t alignment,
                              off_t *physAddrOut);
int sceKernelMemoryPoolReserve(void *addrIn, size_t len, size_t alignment, int flags,
                               void **addrOut);
int sceKernelMemoryPoolCommit(void *addr, size_t len, int type, int prot, int flags);
int sceKernelMemoryPoolDecommit(void *addr, size_t len, int flags);
int sceKernelMemoryPoolMove(void *dst, void *src, size_t len, int flags);
/* Not in the SDK reference (which frees a reservation with sceKernelMunmap of all of it):
 * the emulator's form, (addr, len, flags) assumed. */
int sceKernelMemoryPoolRelease(void *addr, size_t len, int flags);
int sceKernelMemoryPoolBatch(const SceKernelMemoryPoolBatchEntry *entries, int count,
                             int *numProcessed, int flags);
int sceKernelMemoryPoolGetBlockStats(SceKernelMemoryPoolBlockStats *stats, size_t size);

int sceKernelEnableDmemAliasing(void);
int sceKernelMlock(const void *addr, size_t len);
int sceKernelMunlock(const void *addr, size_t len);
int sceKernelDirectMemoryQuery(off_t offset, int flags, SceKernelDirectMemoryQueryInfo *info,
                               size_t infoSize);
int sceKernelIsStack(void *addr, void **start, void **end);
int sceKernelConfiguredFlexibleMemorySize(size_t *sizeOut);
__PROSPERO_END_DECLS

#endif
