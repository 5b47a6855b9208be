/* Direct memory (dmem.h): a sorted table of allocations over one memfd-backed pool. */
#define _GNU_SOURCE
#include "kernel/dmem.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/log.h"
#include "kernel/guest_vm.h"
#include "kernel/kernel_errno.h"
#include "kernel/title.h"

struct dmem_block {
  uint64_t start, size;
  int type;
  bool pool; /* given to the memory pool (dmem_pool_allocate): not direct memory */
};

static pthread_mutex_t dmem_lock = PTHREAD_MUTEX_INITIALIZER;
static int pool_fd = -1;
static uint64_t pool_size;
static bool pool_ready;
static struct dmem_block *blocks; /* sorted by start, non-overlapping */
static size_t block_count, block_cap;

static uint64_t default_size(void) {
  uint64_t flex = title_get()->flexible_memory;
  return flex >= DMEM_PHYSICAL_MEMORY ? 0 : (DMEM_PHYSICAL_MEMORY - flex) & ~(DMEM_PAGE - 1);
}

static int init_locked(uint64_t size) {
  if (pool_ready) return 0;
  if (size & (DMEM_PAGE - 1) || size > DMEM_PHYSICAL_MEMORY) return -KERNEL_EINVAL;
  int fd = memfd_create("prospero-dmem", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, (off_t)size) != 0) {
    LOG(kernel, ERROR, "cannot create the direct memory pool (%llu bytes): %s",
        (unsigned long long)size, strerror(errno));
    if (fd >= 0) close(fd);
    return -KERNEL_ENOMEM;
  }
  pool_fd = fd;
  pool_size = size;
  pool_ready = true;
  return 0;
}

int dmem_init(uint64_t size) {
  pthread_mutex_lock(&dmem_lock);
  int r = init_locked(size);
  pthread_mutex_unlock(&dmem_lock);
  return r;
}

uint64_t dmem_size(void) {
  pthread_mutex_lock(&dmem_lock);
  init_locked(default_size());
  uint64_t s = pool_size;
  pthread_mutex_unlock(&dmem_lock);
  return s;
}

int dmem_fd(void) {
  pthread_mutex_lock(&dmem_lock);
  init_locked(default_size());
  int fd = pool_fd;
  pthread_mutex_unlock(&dmem_lock);
  return fd;
}

/* Index of the first block ending above ADDR. */
static size_t lower_bound(uint64_t addr) {
  size_t lo = 0, hi = block_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (blocks[mid].start + blocks[mid].size <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static bool insert_at(size_t i, struct dmem_block b) {
  if (block_count == block_cap) {
    size_t cap = block_cap ? block_cap * 2 : 64;
    struct dmem_block *n = realloc(blocks, cap * sizeof *n);
    if (!n) return false;
    blocks = n;
    block_cap = cap;
  }
  memmove(&blocks[i + 1], &blocks[i], (block_count - i) * sizeof *blocks);
  blocks[i] = b;
  block_count++;
  return true;
}

static void remove_at(size_t i) {
  memmove(&blocks[i], &blocks[i + 1], (block_count - i - 1) * sizeof *blocks);
  block_count--;
}

/* Makes ADDR a block boundary. */
static bool split_at(uint64_t addr) {
  size_t i = lower_bound(addr);
  if (i >= block_count || blocks[i].start >= addr) return true;
  struct dmem_block tail = {addr, blocks[i].start + blocks[i].size - addr, blocks[i].type,
                            blocks[i].pool};
  blocks[i].size = addr - blocks[i].start;
  return insert_at(i + 1, tail);
}

static bool align_valid(uint64_t align) {
  return align == 0 || (!(align & (align - 1)) && !(align & (DMEM_PAGE - 1)));
}

static uint64_t align_up(uint64_t v, uint64_t align) {
  return v > UINT64_MAX - (align - 1) ? UINT64_MAX & ~(align - 1) : (v + align - 1) & ~(align - 1);
}

/* Walks the free gaps of [lo, hi): calls FN(gap_start, gap_end, ctx) for each; stops when it
 * returns true. */
typedef bool (*gap_fn)(uint64_t s, uint64_t e, void *ctx);
static void each_gap(uint64_t lo, uint64_t hi, gap_fn fn, void *ctx) {
  uint64_t at = lo;
  for (size_t i = lower_bound(lo); at < hi; i++) {
    uint64_t end = i < block_count && blocks[i].start < hi ? blocks[i].start : hi;
    if (end > at && fn(at, end, ctx)) return;
    if (i >= block_count || blocks[i].start >= hi) return;
    at = blocks[i].start + blocks[i].size;
  }
}

struct fit_ctx {
  uint64_t len, align, found;
  bool ok;
};

static bool first_fit(uint64_t s, uint64_t e, void *p) {
  struct fit_ctx *c = p;
  uint64_t a = align_up(s, c->align);
  if (a >= s && a < e && e - a >= c->len) {
    c->found = a;
    c->ok = true;
  }
  return c->ok;
}

static bool largest_fit(uint64_t s, uint64_t e, void *p) {
  struct fit_ctx *c = p;
  uint64_t a = align_up(s, c->align);
  if (a >= s && a < e && e - a > c->len) {
    c->len = e - a;
    c->found = a;
    c->ok = true;
  }
  return false;
}

static int allocate(uint64_t search_start, uint64_t search_end, uint64_t len, uint64_t align,
                    int type, bool pool, uint64_t *out) {
  pthread_mutex_lock(&dmem_lock);
  init_locked(default_size());
  if (search_end > pool_size) search_end = pool_size;
  struct fit_ctx c = {.len = len, .align = align};
  if (search_start < search_end) each_gap(align_up(search_start, DMEM_PAGE), search_end, first_fit, &c);
  int r = -KERNEL_EAGAIN;
  if (c.ok && insert_at(lower_bound(c.found), (struct dmem_block){c.found, len, type, pool})) {
    *out = c.found;
    r = 0;
  }
  pthread_mutex_unlock(&dmem_lock);
  return r;
}

int dmem_allocate(uint64_t search_start, uint64_t search_end, uint64_t len, uint64_t align,
                  int type, uint64_t *out) {
  if (!out || len == 0 || len & (DMEM_PAGE - 1) || !align_valid(align) ||
      (int64_t)search_start < 0 || (int64_t)search_end < 0 || search_end <= search_start ||
      type < 0 || type > DMEM_MEMORY_TYPE_MAX)
    return -KERNEL_EINVAL;
  return allocate(search_start, search_end, len, align ? align : DMEM_PAGE, type, false, out);
}

int dmem_pool_allocate(uint64_t search_start, uint64_t search_end, uint64_t len, uint64_t align,
                       uint64_t *out) {
  if (!out || len == 0 || len & (DMEM_PAGE - 1) || !align_valid(align) ||
      (int64_t)search_start < 0 || (int64_t)search_end < 0 || search_end <= search_start)
    return -KERNEL_EINVAL;
  int r = allocate(search_start, search_end, len, align ? align : DMEM_PAGE, 0, true, out);
  return r == -KERNEL_EAGAIN ? -KERNEL_ENOMEM : r;
}

/* Every page of [start, start+len) is direct memory (allocated, not given to the pool). */
static bool covered_locked(uint64_t start, uint64_t len) {
  uint64_t at = start, end = start + len;
  for (size_t i = lower_bound(start); i < block_count && at < end; i++) {
    if (blocks[i].start > at || blocks[i].pool) return false;
    at = blocks[i].start + blocks[i].size;
  }
  return at >= end;
}

bool dmem_allocated(uint64_t start, uint64_t len) {
  if (len == 0 || start + len < start) return false;
  pthread_mutex_lock(&dmem_lock);
  bool ok = covered_locked(start, len);
  pthread_mutex_unlock(&dmem_lock);
  return ok;
}

int dmem_release(uint64_t start, uint64_t len, bool checked) {
  if (len == 0 || (start | len) & (DMEM_PAGE - 1) || start + len < start)
    return -KERNEL_EINVAL;
  pthread_mutex_lock(&dmem_lock);
  int r = 0;
  if (checked && !covered_locked(start, len)) r = -KERNEL_ENOENT;
  if (r == 0 && !(split_at(start) && split_at(start + len))) r = -KERNEL_ENOMEM;
  if (r == 0) {
    size_t i = lower_bound(start);
    while (i < block_count && blocks[i].start < start + len) {
      if (blocks[i].pool) {
        i++; /* pool memory stays with the pool */
        continue;
      }
      /* the pages go back to the host; the next allocation of them reads zeros */
      if (pool_fd >= 0)
        fallocate(pool_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)blocks[i].start,
                  (off_t)blocks[i].size);
      remove_at(i);
    }
  }
  pthread_mutex_unlock(&dmem_lock);
  if (r == 0) guest_vm_unmap_direct(start, len);
  return r;
}

/* Blocks I and J touch and read as one allocation (same type, both direct memory). */
static bool same_run(size_t i, size_t j) {
  return !blocks[i].pool && !blocks[j].pool && blocks[i].type == blocks[j].type &&
         blocks[i].start + blocks[i].size == blocks[j].start;
}

/* The console's map coalesces touching allocations of one type: the answer covers the run. */
static int query_locked(uint64_t addr, bool find_next, int *type, uint64_t *start,
                        uint64_t *end) {
  size_t i = lower_bound(addr);
  while (find_next && i < block_count && blocks[i].pool) i++;
  if (i >= block_count || blocks[i].pool || (!find_next && blocks[i].start > addr))
    return -KERNEL_ENOENT;
  size_t lo = i, hi = i;
  while (lo > 0 && same_run(lo - 1, lo)) lo--;
  while (hi + 1 < block_count && same_run(hi, hi + 1)) hi++;
  if (type) *type = blocks[i].type;
  if (start) *start = blocks[lo].start;
  if (end) *end = blocks[hi].start + blocks[hi].size;
  return 0;
}

int dmem_query(uint64_t addr, int *type, uint64_t *start, uint64_t *end) {
  pthread_mutex_lock(&dmem_lock);
  int r = query_locked(addr, false, type, start, end);
  pthread_mutex_unlock(&dmem_lock);
  return r;
}

int dmem_query_next(uint64_t addr, int *type, uint64_t *start, uint64_t *end) {
  pthread_mutex_lock(&dmem_lock);
  int r = query_locked(addr, true, type, start, end);
  pthread_mutex_unlock(&dmem_lock);
  return r;
}

int dmem_available(uint64_t search_start, uint64_t search_end, uint64_t align,
                   uint64_t *start, uint64_t *size) {
  if (!start || !size || !align_valid(align) || (int64_t)search_start < 0 ||
      (int64_t)search_end < 0 || search_end <= search_start)
    return -KERNEL_EINVAL;
  if (align == 0) align = DMEM_PAGE;
  pthread_mutex_lock(&dmem_lock);
  init_locked(default_size());
  if (search_end > pool_size) search_end = pool_size;
  struct fit_ctx c = {.align = align};
  if (search_start < search_end) each_gap(align_up(search_start, DMEM_PAGE), search_end, largest_fit, &c);
  pthread_mutex_unlock(&dmem_lock);
  if (!c.ok) return -KERNEL_ENOMEM;
  *start = c.found;
  *size = c.len;
  return 0;
}

int dmem_set_type(uint64_t start, uint64_t len, int type) {
  if (type < 0 || type > DMEM_MEMORY_TYPE_MAX || len == 0 || (start | len) & (DMEM_PAGE - 1))
    return -KERNEL_EINVAL;
  pthread_mutex_lock(&dmem_lock);
  int r = covered_locked(start, len) ? 0 : -KERNEL_EACCES;
  if (r == 0 && !(split_at(start) && split_at(start + len))) r = -KERNEL_ENOMEM;
  for (size_t i = lower_bound(start); r == 0 && i < block_count && blocks[i].start < start + len;
       i++)
    blocks[i].type = type;
  pthread_mutex_unlock(&dmem_lock);
  return r;
}
