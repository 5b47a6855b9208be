/* Memory pools: a list of physical chunks taken from direct memory, one byte per 64 KiB block
 * saying whether it is committed; the address space side is the memory map's. Lock order:
 * mempool, then dmem or guest_vm (neither calls back here). */
#define _GNU_SOURCE
#include "kernel/mempool.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "kernel/dmem.h"
#include "kernel/guest_vm.h"
#include "kernel/kernel_errno.h"

/* A block's state (one byte per block). Free blocks are flushed until a commit with memory
 * type 0 has used them (the SDK's block statistics count those apart as cached). */
enum { BLOCK_FREE_FLUSHED, BLOCK_FREE_CACHED, BLOCK_COMMITTED };

struct pool_chunk {
  uint64_t phys, blocks;
  uint8_t *used; /* one enum value per block */
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pool_chunk *chunks;
static size_t chunk_count;
static uint64_t free_blocks, cached_blocks, committed_blocks; /* cached: some of the free */

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

int mempool_expand(uint64_t search_start, uint64_t search_end, uint64_t len, uint64_t align,
                   uint64_t *out) {
  if (!out || (int64_t)search_start < 0 || search_end <= search_start || len == 0 ||
      len % MEMPOOL_BLOCK || (align && (align % MEMPOOL_BLOCK || !pow2(align))))
    return -KERNEL_EINVAL;
  if (search_end - search_start < len) return -KERNEL_ENOMEM;
  pthread_mutex_lock(&pool_lock);
  int rc = 0;
  struct pool_chunk *n = realloc(chunks, (chunk_count + 1) * sizeof *n);
  uint8_t *used = calloc(len / MEMPOOL_BLOCK, 1);
  if (n) chunks = n;
  if (!n || !used) rc = -KERNEL_ENOMEM;
  uint64_t phys = 0;
  if (rc == 0)
    rc = dmem_pool_allocate(search_start, search_end, len, align ? align : MEMPOOL_BLOCK, &phys);
  if (rc == 0) {
    chunks[chunk_count++] = (struct pool_chunk){phys, len / MEMPOOL_BLOCK, used};
    free_blocks += len / MEMPOOL_BLOCK;
    *out = phys;
  } else {
    free(used);
  }
  pthread_mutex_unlock(&pool_lock);
  return rc;
}

int mempool_reserve(uint64_t addr, uint64_t len, uint64_t align, unsigned flags, uint64_t *out) {
  if (!out || len == 0 || len % MEMPOOL_RESERVE_ALIGN ||
      (align && (align % MEMPOOL_RESERVE_ALIGN || !pow2(align))))
    return -KERNEL_EINVAL;
  struct guest_vm_request req = {
      .addr = addr,
      .size = len,
      .align = align ? align : MEMPOOL_RESERVE_ALIGN,
      .flags = flags & (GUEST_VM_MAP_FIXED | GUEST_VM_MAP_NO_OVERWRITE | GUEST_VM_MAP_NO_COALESCE),
      .kind = GUEST_VM_KIND_POOL_RESERVED,
  };
  return guest_vm_map(&req, out);
}

/* Marks block B of chunk C committed, or free again after a commit with memory type MTYPE. */
static void mark(struct pool_chunk *c, uint64_t b, bool used, int mtype) {
  uint8_t *st = &c->used[b];
  if (used) {
    if (*st == BLOCK_COMMITTED) return;
    cached_blocks -= *st == BLOCK_FREE_CACHED;
    *st = BLOCK_COMMITTED;
    free_blocks--;
    committed_blocks++;
  } else {
    if (*st != BLOCK_COMMITTED) return;
    *st = mtype == 0 ? BLOCK_FREE_CACHED : BLOCK_FREE_FLUSHED;
    cached_blocks += mtype == 0;
    free_blocks++;
    committed_blocks--;
  }
}

/* The chunk holding physical address PHYS, and its block index. */
static struct pool_chunk *chunk_of(uint64_t phys, uint64_t *block) {
  for (size_t i = 0; i < chunk_count; i++)
    if (phys >= chunks[i].phys && phys < chunks[i].phys + chunks[i].blocks * MEMPOOL_BLOCK) {
      *block = (phys - chunks[i].phys) / MEMPOOL_BLOCK;
      return &chunks[i];
    }
  return NULL;
}

static void release_runs(const struct guest_vm_pool_run *runs, size_t n, bool punch) {
  int fd = dmem_fd();
  for (size_t k = 0; k < n; k++) {
    for (uint64_t at = runs[k].phys; at < runs[k].phys + runs[k].size; at += MEMPOOL_BLOCK) {
      uint64_t b;
      struct pool_chunk *c = chunk_of(at, &b);
      if (c) mark(c, b, false, runs[k].mtype);
    }
    /* the blocks go back to the host: the next commit of them reads zeros */
    if (punch && fd >= 0)
      fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)runs[k].phys,
                (off_t)runs[k].size);
  }
}

/* Takes back the blocks whose committed ranges went away without a decommit. */
static void reclaim_orphans_locked(void) {
  struct guest_vm_pool_run *runs = NULL;
  size_t n = guest_vm_take_orphaned_pool_runs(&runs);
  release_runs(runs, n, true);
  free(runs);
}

static bool range_ok(uint64_t addr, uint64_t len) {
  return addr && len && !(addr % MEMPOOL_BLOCK) && !(len % MEMPOOL_BLOCK) && addr + len > addr;
}

int mempool_commit(uint64_t addr, uint64_t len, int mtype, int prot) {
  if (!range_ok(addr, len) || mtype < 0 || mtype > DMEM_MEMORY_TYPE_MAX) return -KERNEL_EINVAL;
  pthread_mutex_lock(&pool_lock);
  reclaim_orphans_locked();
  int rc = guest_vm_pool_decommit(addr, len, false, true, NULL, NULL);
  if (rc == 0 && guest_vm_pool_committed_in(addr, len)) rc = -KERNEL_EBUSY;
  if (rc == 0 && len / MEMPOOL_BLOCK > free_blocks) rc = -KERNEL_ENOMEM;
  /* one run per stretch of physically consecutive free blocks, lowest first */
  uint64_t want = len / MEMPOOL_BLOCK;
  struct guest_vm_pool_run *runs = rc == 0 ? calloc(want, sizeof *runs) : NULL;
  if (rc == 0 && !runs) rc = -KERNEL_ENOMEM;
  size_t n = 0;
  for (size_t i = 0; rc == 0 && i < chunk_count && want; i++)
    for (uint64_t b = 0; b < chunks[i].blocks && want; b++) {
      if (chunks[i].used[b] == BLOCK_COMMITTED) continue;
      uint64_t phys = chunks[i].phys + b * MEMPOOL_BLOCK;
      if (n && runs[n - 1].phys + runs[n - 1].size == phys) runs[n - 1].size += MEMPOOL_BLOCK;
      else runs[n++] = (struct guest_vm_pool_run){phys, MEMPOOL_BLOCK, prot, mtype};
      mark(&chunks[i], b, true, mtype);
      want--;
    }
  if (rc == 0) {
    rc = guest_vm_pool_commit(addr, len, runs, n);
    if (rc < 0) release_runs(runs, n, false);
  }
  free(runs);
  pthread_mutex_unlock(&pool_lock);
  return rc;
}

int mempool_decommit(uint64_t addr, uint64_t len) {
  if (!range_ok(addr, len)) return -KERNEL_EINVAL;
  pthread_mutex_lock(&pool_lock);
  struct guest_vm_pool_run *runs = NULL;
  size_t n = 0;
  int rc = guest_vm_pool_decommit(addr, len, false, false, &runs, &n);
  if (rc == 0) release_runs(runs, n, true);
  free(runs);
  pthread_mutex_unlock(&pool_lock);
  return rc;
}

/* True when [A, A+LEN) holds committed pool memory outside [SKIP, SKIP+LEN). */
static bool committed_outside(uint64_t a, uint64_t skip, uint64_t len) {
  if (a < skip && guest_vm_pool_committed_in(a, (skip < a + len ? skip : a + len) - a)) return true;
  uint64_t from = skip + len > a ? skip + len : a;
  return from < a + len && guest_vm_pool_committed_in(from, a + len - from);
}

int mempool_move(uint64_t dst, uint64_t src, uint64_t len) {
  if (!range_ok(dst, len) || !range_ok(src, len)) return -KERNEL_EINVAL;
  pthread_mutex_lock(&pool_lock);
  reclaim_orphans_locked();
  uint64_t s0, s1, d0, d1;
  int rc = guest_vm_pool_decommit(src, len, true, true, NULL, NULL);
  if (rc == 0) rc = guest_vm_pool_decommit(dst, len, false, true, NULL, NULL);
  /* both spans in one reservation */
  if (rc == 0 && (guest_vm_pool_extent(src, &s0, &s1) < 0 ||
                  guest_vm_pool_extent(dst, &d0, &d1) < 0 || s0 != d0))
    rc = -KERNEL_EINVAL;
  if (rc == 0 && committed_outside(dst, src, len)) rc = -KERNEL_EBUSY;
  struct guest_vm_pool_run *runs = NULL;
  size_t n = 0;
  if (rc == 0) rc = guest_vm_pool_decommit(src, len, true, false, &runs, &n);
  if (rc == 0) {
    rc = guest_vm_pool_commit(dst, len, runs, n);
    if (rc < 0 && guest_vm_pool_commit(src, len, runs, n) < 0) release_runs(runs, n, true);
  }
  free(runs);
  pthread_mutex_unlock(&pool_lock);
  return rc;
}

int mempool_release(uint64_t addr, uint64_t len) {
  if (!range_ok(addr, len)) return -KERNEL_EINVAL;
  pthread_mutex_lock(&pool_lock);
  uint64_t s, e;
  int rc = guest_vm_pool_extent(addr, &s, &e);
  if (rc == 0 && (s != addr || e != addr + len)) rc = -KERNEL_EINVAL;
  if (rc == 0) rc = guest_vm_unmap(addr, len); /* its committed blocks become orphans */
  if (rc == 0) reclaim_orphans_locked();
  pthread_mutex_unlock(&pool_lock);
  return rc;
}

void mempool_get_stats(struct mempool_stats *out) {
  pthread_mutex_lock(&pool_lock);
  reclaim_orphans_locked();
  out->free_blocks = free_blocks;
  out->cached_free_blocks = cached_blocks;
  out->committed_blocks = committed_blocks;
  out->committed_type0_blocks = guest_vm_pool_committed_bytes(0) / MEMPOOL_BLOCK;
  pthread_mutex_unlock(&pool_lock);
}
