/* Guest virtual memory: the bands of FACTS.md "Process start" reserved PROT_NONE at start-up
 * (minus the host window, guest_vm.h),
 * plus a sorted table of committed ranges (start, size, protection, name) that answers
 * queries and fault attribution. All entry points take one mutex; none is on a hot path. */
#include "kernel/guest_vm.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "common/log.h"
#include "kernel/dmem.h"
#include "kernel/kernel_errno.h"
#include "kernel/title.h"

/* One row per band: where it starts and ends (inclusive end + 1) and what it is for. */
#define GUEST_BANDS(X)                                                  \
  X(fixed_low, GUEST_VM_FIXED_LOW_START, GUEST_VM_FIXED_LOW_END)        \
  X(system_managed, 0x40000ull, 0x7FFFFC000ull)                         \
  X(system_reserved, 0x7FFFFC000ull, 0x1000000000ull)    \
  X(user, 0x1000000000ull, GUEST_VM_ADDRESS_END)

struct guest_band {
  const char *name;
  uint64_t start, end;
};

static const struct guest_band guest_bands[] = {
#define GUEST_BAND_ROW_(n, s, e) {#n, s, e},
    GUEST_BANDS(GUEST_BAND_ROW_)
#undef GUEST_BAND_ROW_
};
#define GUEST_BAND_COUNT (sizeof guest_bands / sizeof guest_bands[0])
#define GUEST_FIXED_LOW_BAND 0
#define GUEST_USER_BAND 3

/* Holes cut out of the bands, sorted by start: never reserved for nor given to the guest. */
#define GUEST_HOLES(X) X(host_window, GUEST_VM_HOST_WINDOW_START, GUEST_VM_HOST_WINDOW_END)

static const struct guest_band guest_holes[] = {
#define GUEST_HOLE_ROW_(n, s, e) {#n, s, e},
    GUEST_HOLES(GUEST_HOLE_ROW_)
#undef GUEST_HOLE_ROW_
};
#define GUEST_HOLE_COUNT (sizeof guest_holes / sizeof guest_holes[0])
#define GUEST_PIECE_MAX (GUEST_BAND_COUNT + GUEST_HOLE_COUNT)

/* The host executable's image, from the static linker (both ld.bfd and lld define these). */
extern const char __executable_start[] __attribute__((weak));
extern const char _end[] __attribute__((weak));

struct guest_range {
  uint64_t start, size;
  uint64_t phys; /* DIRECT: physical offset of start */
  int prot;
  int mtype;
  enum guest_vm_kind kind;
  bool no_coalesce; /* mapped with GUEST_VM_MAP_NO_COALESCE */
  uint64_t id;      /* the mapping call that made it (pieces of one split keep it) */
  uint64_t pool_id; /* pool rows: the reservation (its first row's id) they belong to */
  char name[GUEST_VM_NAME_SIZE];
};

static pthread_mutex_t vm_lock = PTHREAD_MUTEX_INITIALIZER;
static bool vm_ready;
/* Where the fixed low band's reservation starts: the host may forbid its lowest pages
 * (vm.mmap_min_addr). GUEST_VM_FIXED_LOW_END when none of it could be reserved. */
static uint64_t fixed_low_reserved = GUEST_VM_FIXED_LOW_END;
static uint64_t host_min_addr;
static struct guest_range *vm_ranges; /* sorted by start, non-overlapping */
static size_t vm_count, vm_cap;
static uint64_t vm_flex_used; /* bytes of GUEST_VM_KIND_FLEXIBLE ranges */
static uint64_t vm_next_id = 1;
/* Pool pages whose POOLED rows went away without a decommit (munmap, a fixed mapping over
 * them): kernel/mempool.c takes them back (guest_vm_take_orphaned_pool_runs). */
static struct guest_vm_pool_run *vm_orphans;
static size_t vm_orphan_count, vm_orphan_cap;

static int host_prot(int prot) {
  int p = PROT_NONE;
  if (prot & GUEST_PROT_CPU_READ) p |= PROT_READ;
  if (prot & GUEST_PROT_CPU_WRITE) p |= PROT_READ | PROT_WRITE;
  if (prot & GUEST_PROT_CPU_EXEC) p |= PROT_READ | PROT_EXEC;
  return p;
}

static bool overlaps(uint64_t a, uint64_t a_end, uint64_t b, uint64_t b_end) {
  return a < b_end && b < a_end;
}

static bool hole_overlaps(uint64_t addr, uint64_t end) {
  for (size_t i = 0; i < GUEST_HOLE_COUNT; i++)
    if (overlaps(addr, end, guest_holes[i].start, guest_holes[i].end)) return true;
  return false;
}

/* The bands minus the holes, as PIECES (at most GUEST_PIECE_MAX); returns the count. */
static size_t band_pieces(struct guest_band *pieces) {
  size_t n = 0;
  for (size_t i = 0; i < GUEST_BAND_COUNT; i++) {
    const struct guest_band *b = &guest_bands[i];
    if (i == GUEST_FIXED_LOW_BAND) continue; /* reserved on its own: guest_vm_init */
    uint64_t at = b->start;
    for (size_t h = 0; h < GUEST_HOLE_COUNT; h++) {
      const struct guest_band *hole = &guest_holes[h];
      if (!overlaps(at, b->end, hole->start, hole->end)) continue;
      if (hole->start > at) pieces[n++] = (struct guest_band){b->name, at, hole->start};
      at = hole->end < b->end ? hole->end : b->end;
    }
    if (at < b->end) pieces[n++] = (struct guest_band){b->name, at, b->end};
  }
  return n;
}

/* A non-PIE host executable linked inside the bands must lie in a hole, else the guest
 * could map over host code. */
static bool host_image_allowed(void) {
  uint64_t start = (uint64_t)(uintptr_t)__executable_start, end = (uint64_t)(uintptr_t)_end;
  if (!start || !end || end <= start) return true; /* not known: the reservation will tell */
  bool in_band = false;
  for (size_t i = 0; i < GUEST_BAND_COUNT; i++)
    in_band |= overlaps(start, end, guest_bands[i].start, guest_bands[i].end);
  for (size_t h = 0; in_band && h < GUEST_HOLE_COUNT; h++)
    if (start >= guest_holes[h].start && end <= guest_holes[h].end) return true;
  if (in_band)
    LOG(kernel, ERROR,
        "the host executable 0x%llx-0x%llx lies in the guest bands outside the host window "
        "0x%llx-0x%llx (see the link address in src/app/CMakeLists.txt)",
        (unsigned long long)start, (unsigned long long)end,
        (unsigned long long)GUEST_VM_HOST_WINDOW_START,
        (unsigned long long)GUEST_VM_HOST_WINDOW_END);
  return !in_band;
}

/* The lowest address this host lets the process map (Linux vm.mmap_min_addr; 64 KiB, the
 * common default, when it cannot be read). */
static uint64_t read_host_min_addr(void) {
  FILE *f = fopen("/proc/sys/vm/mmap_min_addr", "r");
  unsigned long long v = 0x10000;
  if (f) {
    if (fscanf(f, "%llu", &v) != 1) v = 0x10000;
    fclose(f);
  }
  return v;
}

/* Reserves what the host allows of the fixed low band; a refusal is not an error (only a
 * fixed executable linked there needs it, and guest_vm_check_fixed then says why not).
 * Pages below vm.mmap_min_addr are refused unless the process holds CAP_SYS_RAWIO (root
 * does), so the whole band is tried first and only then what the sysctl leaves. */
static bool reserve_fixed_low_from(uint64_t start) {
  if (start >= GUEST_VM_FIXED_LOW_END) return false;
  uint64_t size = GUEST_VM_FIXED_LOW_END - start;
  void *p = mmap((void *)(uintptr_t)start, size, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED || p != (void *)(uintptr_t)start) {
    if (p != MAP_FAILED) munmap(p, size);
    LOG(kernel, DEBUG, "fixed low band 0x%llx-0x%llx not reserved: %s",
        (unsigned long long)start, (unsigned long long)GUEST_VM_FIXED_LOW_END,
        p == MAP_FAILED ? strerror(errno) : "taken");
    return false;
  }
  fixed_low_reserved = start;
  return true;
}

static void reserve_fixed_low(void) {
  host_min_addr = read_host_min_addr();
  if (reserve_fixed_low_from(GUEST_VM_FIXED_LOW_START)) return;
  uint64_t start = (host_min_addr + SCE_GUEST_PAGE_SIZE - 1) & ~(SCE_GUEST_PAGE_SIZE - 1);
  if (start > GUEST_VM_FIXED_LOW_START) reserve_fixed_low_from(start);
}

bool guest_vm_init(void) {
  pthread_mutex_lock(&vm_lock);
  if (vm_ready) {
    pthread_mutex_unlock(&vm_lock);
    return true;
  }
  struct guest_band pieces[GUEST_PIECE_MAX];
  size_t count = band_pieces(pieces), done = 0;
  bool ok = host_image_allowed();
  for (; ok && done < count; done++) {
    const struct guest_band *b = &pieces[done];
    void *p = mmap((void *)(uintptr_t)b->start, b->end - b->start, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED || p != (void *)(uintptr_t)b->start) {
      int err = p == MAP_FAILED ? errno : EEXIST;
      if (p != MAP_FAILED) munmap(p, b->end - b->start);
      LOG(kernel, ERROR,
          "cannot reserve the guest %s band 0x%llx-0x%llx: %s (is the range taken by the "
          "host, e.g. by a sanitizer's shadow memory?)",
          b->name, (unsigned long long)b->start, (unsigned long long)b->end, strerror(err));
      ok = false;
      break;
    }
  }
  if (!ok)
    for (size_t j = 0; j < done; j++)
      munmap((void *)(uintptr_t)pieces[j].start, pieces[j].end - pieces[j].start);
  if (ok) reserve_fixed_low();
  vm_ready = ok;
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

/* The band holding all of [addr, addr+size), or -1 (also when it touches a hole). */
static int band_of(uint64_t addr, uint64_t size) {
  if (size > UINT64_MAX - addr || hole_overlaps(addr, addr + size)) return -1;
  for (size_t i = 0; i < GUEST_BAND_COUNT; i++) {
    uint64_t start = i == GUEST_FIXED_LOW_BAND ? fixed_low_reserved : guest_bands[i].start;
    if (addr >= start && size <= guest_bands[i].end - addr && addr < guest_bands[i].end)
      return (int)i;
  }
  /* a fixed image may straddle the low band and the system-managed band */
  if (addr >= fixed_low_reserved && addr < GUEST_VM_FIXED_LOW_END &&
      addr + size <= guest_bands[GUEST_FIXED_LOW_BAND + 1].end)
    return GUEST_FIXED_LOW_BAND;
  return -1;
}

/* Kinds whose rows carry an offset (physical or file) that follows the address. */
static bool has_offset(enum guest_vm_kind k) {
  return k == GUEST_VM_KIND_DIRECT || k == GUEST_VM_KIND_POOLED || k == GUEST_VM_KIND_FILE;
}

static bool is_reservation(enum guest_vm_kind k) {
  return k == GUEST_VM_KIND_RESERVED || k == GUEST_VM_KIND_POOL_RESERVED;
}

/* The console hands out write access with read access: a writable range reads too. */
static int effective_prot(int prot) {
  return prot & GUEST_PROT_CPU_WRITE ? prot | GUEST_PROT_CPU_READ : prot;
}

/* Index of the first range whose end is above ADDR. */
static size_t range_lower_bound(uint64_t addr) {
  size_t lo = 0, hi = vm_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (vm_ranges[mid].start + vm_ranges[mid].size <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static bool range_overlaps(uint64_t addr, uint64_t size) {
  size_t i = range_lower_bound(addr);
  return i < vm_count && vm_ranges[i].start < addr + size;
}

static bool range_insert_at(size_t i, const struct guest_range *r) {
  if (vm_count == vm_cap) {
    size_t cap = vm_cap ? vm_cap * 2 : 64;
    struct guest_range *n = realloc(vm_ranges, cap * sizeof *n);
    if (!n) return false;
    vm_ranges = n;
    vm_cap = cap;
  }
  memmove(&vm_ranges[i + 1], &vm_ranges[i], (vm_count - i) * sizeof *vm_ranges);
  vm_ranges[i] = *r;
  vm_count++;
  return true;
}

/* Splits ranges so that ADDR is a boundary (no range straddles it). */
static bool range_split_at(uint64_t addr) {
  size_t i = range_lower_bound(addr);
  if (i >= vm_count || vm_ranges[i].start >= addr) return true;
  struct guest_range tail = vm_ranges[i];
  tail.start = addr;
  tail.size = vm_ranges[i].start + vm_ranges[i].size - addr;
  if (has_offset(tail.kind)) tail.phys += addr - vm_ranges[i].start;
  vm_ranges[i].size = addr - vm_ranges[i].start;
  return range_insert_at(i + 1, &tail);
}

static bool args_valid(const char *what, uint64_t addr, uint64_t size) {
  if (!vm_ready) {
    LOG(kernel, ERROR, "%s: guest memory is not initialised", what);
    return false;
  }
  if (size == 0 || (addr | size) & (SCE_GUEST_PAGE_SIZE - 1)) {
    LOG(kernel, ERROR, "%s: 0x%llx+0x%llx is not a non-empty 16 KiB-aligned range", what,
        (unsigned long long)addr, (unsigned long long)size);
    return false;
  }
  if (band_of(addr, size) < 0) {
    LOG(kernel, ERROR, "%s: 0x%llx+0x%llx is outside the guest bands or in the host window",
        what, (unsigned long long)addr, (unsigned long long)size);
    return false;
  }
  return true;
}

/* Merges the neighbours of [LO, HI) (and the ranges inside it) that may merge. */
/* The console's kernel (vm_map_simplify_entry, as the fpPS4 port of it shows): entries merge
 * when they touch, view the same object at following offsets, and have the same flags,
 * protection and name; NO_COALESCE entries merge only with pieces of themselves; pool
 * (blockpool) entries never merge. Host file views and the loader's ranges are kept apart
 * here (the map does not know whether two of them view the same object). */
static bool can_merge(const struct guest_range *a, const struct guest_range *b) {
  if (a->start + a->size != b->start || a->kind != b->kind ||
      a->no_coalesce != b->no_coalesce || (a->no_coalesce && a->id != b->id) ||
      a->kind == GUEST_VM_KIND_SYSTEM || a->kind == GUEST_VM_KIND_FILE ||
      a->kind == GUEST_VM_KIND_POOLED || a->kind == GUEST_VM_KIND_POOL_RESERVED ||
      a->prot != b->prot || a->mtype != b->mtype || strcmp(a->name, b->name) != 0)
    return false;
  return !has_offset(a->kind) || a->phys + a->size == b->phys;
}

static void merge_span_locked(uint64_t lo, uint64_t hi) {
  size_t i = range_lower_bound(lo);
  if (i > 0) i--;
  while (i + 1 < vm_count && vm_ranges[i].start <= hi) {
    if (can_merge(&vm_ranges[i], &vm_ranges[i + 1])) {
      vm_ranges[i].size += vm_ranges[i + 1].size;
      memmove(&vm_ranges[i + 1], &vm_ranges[i + 2], (vm_count - i - 2) * sizeof *vm_ranges);
      vm_count--;
    } else {
      i++;
    }
  }
}

/* Makes the host mapping for R (at R->start; FILE: from HOST_FD, SHARED or private) and
 * inserts R in the table. */
static int commit_range_locked(const struct guest_range *r, int host_fd, bool shared) {
  void *want = (void *)(uintptr_t)r->start, *p;
  int err = KERNEL_ENOMEM;
  if (r->kind == GUEST_VM_KIND_DIRECT || r->kind == GUEST_VM_KIND_POOLED) {
    int fd = dmem_fd();
    p = fd < 0 ? MAP_FAILED
               : mmap(want, r->size, host_prot(r->prot), MAP_SHARED | MAP_FIXED, fd,
                      (off_t)r->phys);
  } else if (r->kind == GUEST_VM_KIND_FILE) {
    p = mmap(want, r->size, host_prot(r->prot), (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_FIXED,
             host_fd, (off_t)r->phys);
    if (p == MAP_FAILED && errno == EACCES) err = KERNEL_EACCES;
    if (p == MAP_FAILED && errno == ENODEV) err = KERNEL_ENODEV;
  } else {
    int prot = is_reservation(r->kind) ? PROT_NONE : host_prot(r->prot);
    p = mmap(want, r->size, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1,
             0);
  }
  if (p == MAP_FAILED) {
    LOG(kernel, ERROR, "cannot commit 0x%llx+0x%llx (%s): %s", (unsigned long long)r->start,
        (unsigned long long)r->size, r->name, strerror(errno));
    if (r->kind == GUEST_VM_KIND_FILE) /* keep the address space held */
      mmap(want, r->size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE,
           -1, 0);
    return -err;
  }
  struct guest_range row = *r;
  row.id = vm_next_id++;
  if ((r->kind == GUEST_VM_KIND_POOL_RESERVED || r->kind == GUEST_VM_KIND_POOLED) && !r->pool_id)
    row.pool_id = row.id;
  if (!range_insert_at(range_lower_bound(r->start), &row)) {
    mmap(p, r->size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    return -KERNEL_ENOMEM;
  }
  if (r->kind == GUEST_VM_KIND_FLEXIBLE) vm_flex_used += r->size;
  return 0;
}

static bool commit_locked(uint64_t addr, uint64_t size, int prot, const char *name) {
  struct guest_range r = {.start = addr, .size = size, .prot = prot, .kind = GUEST_VM_KIND_SYSTEM};
  snprintf(r.name, sizeof r.name, "%s", name ? name : "anon");
  return commit_range_locked(&r, -1, false) == 0;
}

bool guest_vm_check_fixed(uint64_t start, uint64_t end, char *why, size_t cap) {
  unsigned long long s = start, e = end;
  if (end <= start) {
    snprintf(why, cap, "empty image range 0x%llx-0x%llx", s, e);
    return false;
  }
  if (start < GUEST_VM_FIXED_LOW_START) {
    snprintf(why, cap, "0x%llx-0x%llx covers the null page 0x0-0x%llx, which stays unmapped so "
             "that null pointers fault", s, e, (unsigned long long)GUEST_VM_FIXED_LOW_START);
    return false;
  }
  pthread_mutex_lock(&vm_lock);
  bool ok = false;
  if (!vm_ready) {
    snprintf(why, cap, "guest memory is not initialised");
  } else if (start < fixed_low_reserved) {
    snprintf(why, cap, "0x%llx-0x%llx starts below 0x%llx, the lowest address this host lets a "
             "process map (vm.mmap_min_addr = %llu); allow it with `sysctl -w "
             "vm.mmap_min_addr=%llu`, run prospero with CAP_SYS_RAWIO (as root), or link the "
             "executable higher", s, e,
             (unsigned long long)fixed_low_reserved, (unsigned long long)host_min_addr,
             (unsigned long long)GUEST_VM_FIXED_LOW_START);
  } else if (hole_overlaps(start, end)) {
    snprintf(why, cap, "0x%llx-0x%llx collides with the host window 0x%llx-0x%llx, where "
             "prospero's own code runs", s, e, (unsigned long long)GUEST_VM_HOST_WINDOW_START,
             (unsigned long long)GUEST_VM_HOST_WINDOW_END);
  } else if (band_of(start, end - start) < 0) {
    snprintf(why, cap, "0x%llx-0x%llx lies outside the guest address space 0x%llx-0x%llx", s, e,
             (unsigned long long)GUEST_VM_FIXED_LOW_START,
             (unsigned long long)guest_bands[GUEST_BAND_COUNT - 1].end);
  } else if (range_overlaps(start, end - start)) {
    const struct guest_range *r = &vm_ranges[range_lower_bound(start)];
    snprintf(why, cap, "0x%llx-0x%llx collides with %s 0x%llx-0x%llx", s, e, r->name,
             (unsigned long long)r->start, (unsigned long long)(r->start + r->size));
  } else {
    ok = true;
  }
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

bool guest_vm_map_fixed(uint64_t addr, uint64_t size, int prot, const char *name) {
  pthread_mutex_lock(&vm_lock);
  bool ok = args_valid("guest_vm_map_fixed", addr, size);
  if (ok && range_overlaps(addr, size)) {
    LOG(kernel, ERROR, "guest_vm_map_fixed: 0x%llx+0x%llx (%s) overlaps a committed range",
        (unsigned long long)addr, (unsigned long long)size, name ? name : "?");
    ok = false;
  }
  if (ok) ok = commit_locked(addr, size, prot, name);
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

uint64_t guest_vm_alloc(uint64_t size, uint64_t align, int prot, const char *name) {
  if (align < SCE_GUEST_PAGE_SIZE) align = SCE_GUEST_PAGE_SIZE;
  if (align & (align - 1) || size == 0 || size > (1ull << 40)) {
    LOG(kernel, ERROR, "guest_vm_alloc: bad size 0x%llx or alignment 0x%llx",
        (unsigned long long)size, (unsigned long long)align);
    return 0;
  }
  size = (size + SCE_GUEST_PAGE_SIZE - 1) & ~(SCE_GUEST_PAGE_SIZE - 1);
  pthread_mutex_lock(&vm_lock);
  uint64_t found = 0;
  if (vm_ready) {
    const struct guest_band *b = &guest_bands[GUEST_USER_BAND];
    uint64_t cand = b->start;
    size_t i = range_lower_bound(cand);
    for (;;) {
      cand = (cand + align - 1) & ~(align - 1);
      if (cand >= b->end || size > b->end - cand) break;
      /* first range that could collide with [cand, cand+size) */
      while (i < vm_count && vm_ranges[i].start + vm_ranges[i].size <= cand) i++;
      if (i == vm_count || vm_ranges[i].start >= cand + size) {
        found = cand;
        break;
      }
      cand = vm_ranges[i].start + vm_ranges[i].size;
    }
    if (found && !commit_locked(found, size, prot, name)) found = 0;
    if (!found) LOG(kernel, ERROR, "guest_vm_alloc: no room for 0x%llx bytes (%s)",
                    (unsigned long long)size, name ? name : "?");
  } else {
    LOG(kernel, ERROR, "guest_vm_alloc: guest memory is not initialised");
  }
  pthread_mutex_unlock(&vm_lock);
  return found;
}

/* Set while the pool's own calls unmap POOLED rows whose pages they account for. */
static bool pool_handover;

/* The unmap observers (guest_vm_add_unmap_observer) and the span the current holder of
 * vm_lock unmapped ([unmapped_lo, unmapped_hi), empty when lo >= hi), which unlock_notify
 * hands to them once the lock is released. */
static struct {
  guest_vm_unmap_observer fn;
  void *ctx;
} unmap_observers[GUEST_VM_UNMAP_OBSERVERS];
static uint64_t unmapped_lo = UINT64_MAX, unmapped_hi;

bool guest_vm_add_unmap_observer(guest_vm_unmap_observer fn, void *ctx) {
  pthread_mutex_lock(&vm_lock);
  bool added = false;
  for (size_t i = 0; !added && i < GUEST_VM_UNMAP_OBSERVERS; i++)
    if (!unmap_observers[i].fn) {
      unmap_observers[i].fn = fn;
      unmap_observers[i].ctx = ctx;
      added = true;
    }
  pthread_mutex_unlock(&vm_lock);
  if (!added) LOG(kernel, ERROR, "guest_vm: no room for another unmap observer");
  return added;
}

void guest_vm_remove_unmap_observer(guest_vm_unmap_observer fn, void *ctx) {
  pthread_mutex_lock(&vm_lock);
  for (size_t i = 0; i < GUEST_VM_UNMAP_OBSERVERS; i++)
    if (unmap_observers[i].fn == fn && unmap_observers[i].ctx == ctx)
      unmap_observers[i].fn = NULL;
  pthread_mutex_unlock(&vm_lock);
}

/* The unmap guards (guest_vm_add_unmap_guard), under their own lock: their calls wrap the
 * whole unmapping call, before vm_lock is taken and after it is released. */
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static struct guest_vm_unmap_guard unmap_guards[GUEST_VM_UNMAP_GUARDS];

bool guest_vm_add_unmap_guard(const struct guest_vm_unmap_guard *g) {
  pthread_mutex_lock(&guard_lock);
  bool added = false;
  for (size_t i = 0; !added && i < GUEST_VM_UNMAP_GUARDS; i++)
    if (!unmap_guards[i].begin && !unmap_guards[i].end) {
      unmap_guards[i] = *g;
      added = true;
    }
  pthread_mutex_unlock(&guard_lock);
  if (!added) LOG(kernel, ERROR, "guest_vm: no room for another unmap guard");
  return added;
}

void guest_vm_remove_unmap_guard(const struct guest_vm_unmap_guard *g) {
  pthread_mutex_lock(&guard_lock);
  for (size_t i = 0; i < GUEST_VM_UNMAP_GUARDS; i++)
    if (unmap_guards[i].begin == g->begin && unmap_guards[i].end == g->end &&
        unmap_guards[i].ctx == g->ctx)
      unmap_guards[i] = (struct guest_vm_unmap_guard){0};
  pthread_mutex_unlock(&guard_lock);
}

/* The guards of one unmapping call: a copy taken by guard_begin (a guard removed meanwhile
 * still gets its END). */
struct guard_call {
  struct guest_vm_unmap_guard g[GUEST_VM_UNMAP_GUARDS];
  uint64_t addr, size;
};

static void guard_begin(struct guard_call *c, uint64_t addr, uint64_t size) {
  pthread_mutex_lock(&guard_lock);
  memcpy(c->g, unmap_guards, sizeof c->g);
  pthread_mutex_unlock(&guard_lock);
  c->addr = addr;
  c->size = size;
  for (size_t i = 0; i < GUEST_VM_UNMAP_GUARDS; i++)
    if (c->g[i].begin) c->g[i].begin(addr, size, c->g[i].ctx);
}

static void guard_end(const struct guard_call *c) {
  for (size_t i = GUEST_VM_UNMAP_GUARDS; i-- > 0;)
    if (c->g[i].end) c->g[i].end(c->addr, c->size, c->g[i].ctx);
}

/* Releases vm_lock, then tells every observer about the span unmapped while it was held
 * (outside the lock: an observer may take its own locks and call back into guest_vm). */
static void unlock_notify(void) {
  uint64_t lo = unmapped_lo, hi = unmapped_hi;
  unmapped_lo = UINT64_MAX;
  unmapped_hi = 0;
  __typeof__(unmap_observers) observers;
  memcpy(observers, unmap_observers, sizeof observers);
  pthread_mutex_unlock(&vm_lock);
  if (lo >= hi) return;
  for (size_t i = 0; i < GUEST_VM_UNMAP_OBSERVERS; i++)
    if (observers[i].fn) observers[i].fn(lo, hi - lo, observers[i].ctx);
}

/* Removes every range inside [addr, addr+size) (splitting at the edges) and gives the pages
 * back to the host, keeping the reservation. */
static int unmap_locked(uint64_t addr, uint64_t size) {
  if (!range_split_at(addr) || !range_split_at(addr + size)) return -KERNEL_ENOMEM;
  size_t i = range_lower_bound(addr);
  if (i == vm_count || vm_ranges[i].start >= addr + size) return 0; /* nothing mapped */
  if (addr < unmapped_lo) unmapped_lo = addr; /* for the observers, after the unlock */
  if (addr + size > unmapped_hi) unmapped_hi = addr + size;
  mmap((void *)(uintptr_t)addr, size, PROT_NONE,
       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
  size_t j = i;
  while (j < vm_count && vm_ranges[j].start < addr + size) {
    const struct guest_range *r = &vm_ranges[j];
    if (r->kind == GUEST_VM_KIND_FLEXIBLE) vm_flex_used -= r->size;
    if (r->kind == GUEST_VM_KIND_POOLED && !pool_handover) {
      if (vm_orphan_count == vm_orphan_cap) {
        size_t cap = vm_orphan_cap ? vm_orphan_cap * 2 : 16;
        struct guest_vm_pool_run *n = realloc(vm_orphans, cap * sizeof *n);
        if (n) {
          vm_orphans = n;
          vm_orphan_cap = cap;
        }
      }
      if (vm_orphan_count < vm_orphan_cap)
        vm_orphans[vm_orphan_count++] = (struct guest_vm_pool_run){r->phys, r->size, r->prot,
                                                                    r->mtype};
    }
    j++;
  }
  memmove(&vm_ranges[i], &vm_ranges[j], (vm_count - j) * sizeof *vm_ranges);
  vm_count -= j - i;
  return 0;
}

/* Every page of [addr, addr+size) must be committed. */
static bool fully_committed(uint64_t addr, uint64_t size) {
  uint64_t at = addr;
  for (size_t i = range_lower_bound(addr); i < vm_count && at < addr + size; i++) {
    if (vm_ranges[i].start > at) return false;
    at = vm_ranges[i].start + vm_ranges[i].size;
  }
  return at >= addr + size;
}

bool guest_vm_protect(uint64_t addr, uint64_t size, int prot) {
  pthread_mutex_lock(&vm_lock);
  bool ok = args_valid("guest_vm_protect", addr, size);
  if (ok && !fully_committed(addr, size)) {
    LOG(kernel, ERROR, "guest_vm_protect: 0x%llx+0x%llx is not fully committed",
        (unsigned long long)addr, (unsigned long long)size);
    ok = false;
  }
  if (ok && mprotect((void *)(uintptr_t)addr, size, host_prot(prot)) != 0) {
    LOG(kernel, ERROR, "guest_vm_protect: mprotect failed: %s", strerror(errno));
    ok = false;
  }
  if (ok) ok = range_split_at(addr) && range_split_at(addr + size);
  if (ok)
    for (size_t i = range_lower_bound(addr); i < vm_count && vm_ranges[i].start < addr + size;
         i++)
      vm_ranges[i].prot = prot;
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

bool guest_vm_free(uint64_t addr, uint64_t size) {
  struct guard_call guard;
  guard_begin(&guard, addr, size);
  pthread_mutex_lock(&vm_lock);
  bool ok = args_valid("guest_vm_free", addr, size);
  if (ok && !fully_committed(addr, size)) {
    LOG(kernel, ERROR, "guest_vm_free: 0x%llx+0x%llx is not fully committed",
        (unsigned long long)addr, (unsigned long long)size);
    ok = false;
  }
  if (ok) ok = unmap_locked(addr, size) == 0;
  unlock_notify();
  guard_end(&guard);
  return ok;
}

bool guest_vm_mark_stack(uint64_t addr, uint64_t size) {
  pthread_mutex_lock(&vm_lock);
  bool ok = args_valid("guest_vm_mark_stack", addr, size) && fully_committed(addr, size) &&
            range_split_at(addr) && range_split_at(addr + size);
  for (size_t i = range_lower_bound(addr);
       ok && i < vm_count && vm_ranges[i].start < addr + size; i++)
    if (vm_ranges[i].kind == GUEST_VM_KIND_SYSTEM) vm_ranges[i].kind = GUEST_VM_KIND_STACK;
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

const char *guest_vm_describe(uint64_t addr, uint64_t *range_start) {
  /* Called from the fault handler: try the lock rather than block on it. */
  if (pthread_mutex_trylock(&vm_lock) != 0) return NULL;
  const char *name = NULL;
  size_t i = range_lower_bound(addr);
  if (i < vm_count && vm_ranges[i].start <= addr) {
    name = vm_ranges[i].name;
    if (range_start) *range_start = vm_ranges[i].start;
  }
  pthread_mutex_unlock(&vm_lock);
  return name;
}

bool guest_vm_query_next(uint64_t addr, uint64_t *start, uint64_t *size, int *prot) {
  pthread_mutex_lock(&vm_lock);
  size_t i = range_lower_bound(addr);
  bool ok = i < vm_count;
  if (ok) {
    *start = vm_ranges[i].start;
    *size = vm_ranges[i].size;
    *prot = vm_ranges[i].prot;
  }
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

bool guest_vm_query(uint64_t addr, uint64_t *start, uint64_t *size, int *prot) {
  pthread_mutex_lock(&vm_lock);
  size_t i = range_lower_bound(addr);
  bool ok = i < vm_count && vm_ranges[i].start <= addr;
  if (ok) {
    *start = vm_ranges[i].start;
    *size = vm_ranges[i].size;
    *prot = vm_ranges[i].prot;
  }
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

/* ---- The guest's memory map ----------------------------------------------------------- */

static int range_check(uint64_t addr, uint64_t size) {
  if (!vm_ready) return -KERNEL_ENOMEM;
  if (size == 0 || (addr | size) & (SCE_GUEST_PAGE_SIZE - 1) || band_of(addr, size) < 0)
    return -KERNEL_EINVAL;
  return 0;
}

/* The lowest free ALIGN-aligned SIZE bytes at or above FROM inside the band pieces. */
static uint64_t find_free_locked(uint64_t from, uint64_t size, uint64_t align) {
  struct guest_band pieces[GUEST_PIECE_MAX];
  size_t n = band_pieces(pieces);
  for (size_t p = 0; p < n; p++) {
    uint64_t lo = pieces[p].start > from ? pieces[p].start : from, hi = pieces[p].end;
    if (lo >= hi) continue;
    uint64_t cand = lo;
    size_t i = range_lower_bound(cand);
    for (;;) {
      if (cand > UINT64_MAX - align) break;
      cand = (cand + align - 1) & ~(align - 1);
      if (cand >= hi || size > hi - cand) break;
      while (i < vm_count && vm_ranges[i].start + vm_ranges[i].size <= cand) i++;
      if (i == vm_count || vm_ranges[i].start >= cand + size) return cand;
      cand = vm_ranges[i].start + vm_ranges[i].size;
    }
  }
  return 0;
}

/* True when a range other than a reservation overlaps [addr, addr+size). */
static bool mapped_overlaps(uint64_t addr, uint64_t size) {
  for (size_t i = range_lower_bound(addr); i < vm_count && vm_ranges[i].start < addr + size; i++)
    if (!is_reservation(vm_ranges[i].kind)) return true;
  return false;
}

/* Flexible bytes that unmapping [addr, addr+size) would give back. */
static uint64_t flexible_inside(uint64_t addr, uint64_t size) {
  uint64_t total = 0;
  for (size_t i = range_lower_bound(addr); i < vm_count && vm_ranges[i].start < addr + size;
       i++) {
    if (vm_ranges[i].kind != GUEST_VM_KIND_FLEXIBLE) continue;
    uint64_t s = vm_ranges[i].start > addr ? vm_ranges[i].start : addr;
    uint64_t e = vm_ranges[i].start + vm_ranges[i].size;
    if (e > addr + size) e = addr + size;
    total += e - s;
  }
  return total;
}

uint64_t guest_vm_flexible_budget(void) { return title_get()->flexible_memory; }

uint64_t guest_vm_flexible_used(void) {
  pthread_mutex_lock(&vm_lock);
  uint64_t used = vm_flex_used;
  pthread_mutex_unlock(&vm_lock);
  return used;
}

int guest_vm_map(const struct guest_vm_request *req, uint64_t *out) {
  uint64_t align = req->align < SCE_GUEST_PAGE_SIZE ? SCE_GUEST_PAGE_SIZE : req->align;
  if (req->size == 0 || req->size & (SCE_GUEST_PAGE_SIZE - 1) || align & (align - 1) ||
      (req->kind == GUEST_VM_KIND_DIRECT && req->phys & (SCE_GUEST_PAGE_SIZE - 1)))
    return -KERNEL_EINVAL;
  bool fixed = req->flags & GUEST_VM_MAP_FIXED;
  if (fixed && req->addr & (SCE_GUEST_PAGE_SIZE - 1)) return -KERNEL_EINVAL;
  struct guest_range r = {.size = req->size, .prot = effective_prot(req->prot),
                          .kind = req->kind, .phys = req->phys, .mtype = req->mtype,
                          .no_coalesce = (req->flags & GUEST_VM_MAP_NO_COALESCE) != 0};
  snprintf(r.name, sizeof r.name, "%s", req->name ? req->name : "");
  uint64_t budget = req->kind == GUEST_VM_KIND_FLEXIBLE ? guest_vm_flexible_budget() : 0;
  struct guard_call guard = {0};
  if (fixed) guard_begin(&guard, req->addr, req->size); /* it replaces what it covers */
  pthread_mutex_lock(&vm_lock);
  int rc = vm_ready ? 0 : -KERNEL_ENOMEM;
  if (rc == 0 && fixed) {
    rc = range_check(req->addr, req->size);
    if (rc == 0 && req->flags & GUEST_VM_MAP_NO_OVERWRITE && mapped_overlaps(req->addr, req->size))
      rc = -KERNEL_ENOMEM;
    r.start = req->addr;
  } else if (rc == 0) {
    uint64_t from = req->addr ? req->addr : GUEST_VM_SEARCH_START;
    r.start = find_free_locked(from, req->size, align);
    if (!r.start && req->addr) r.start = find_free_locked(GUEST_VM_SEARCH_START, req->size, align);
    if (!r.start) rc = -KERNEL_ENOMEM;
  }
  if (rc == 0 && req->kind == GUEST_VM_KIND_FLEXIBLE &&
      vm_flex_used - (fixed ? flexible_inside(r.start, r.size) : 0) + r.size > budget)
    rc = -KERNEL_ENOMEM;
  if (rc == 0 && fixed) rc = unmap_locked(r.start, r.size);
  if (rc == 0) rc = commit_range_locked(&r, req->host_fd, req->shared);
  if (rc == 0 && !req->keep_apart) merge_span_locked(r.start, r.start + r.size);
  unlock_notify();
  if (fixed) guard_end(&guard);
  if (rc == 0) *out = r.start;
  return rc;
}

static bool is_pool(enum guest_vm_kind k) {
  return k == GUEST_VM_KIND_POOL_RESERVED || k == GUEST_VM_KIND_POOLED;
}

/* The extent [*START, *END) of the pool reservation row I belongs to (its rows are
 * consecutive: one reserve call made them, commits and decommits only split them). */
static void pool_extent_locked(size_t i, uint64_t *start, uint64_t *end) {
  uint64_t id = vm_ranges[i].pool_id;
  size_t lo = i, hi = i;
  while (lo > 0 && is_pool(vm_ranges[lo - 1].kind) && vm_ranges[lo - 1].pool_id == id &&
         vm_ranges[lo - 1].start + vm_ranges[lo - 1].size == vm_ranges[lo].start)
    lo--;
  while (hi + 1 < vm_count && is_pool(vm_ranges[hi + 1].kind) && vm_ranges[hi + 1].pool_id == id &&
         vm_ranges[hi].start + vm_ranges[hi].size == vm_ranges[hi + 1].start)
    hi++;
  *start = vm_ranges[lo].start;
  *end = vm_ranges[hi].start + vm_ranges[hi].size;
}

/* A pool reservation is unmapped whole or not at all (the console's munmap: EINVAL for a
 * part of one). True when [ADDR, ADDR+SIZE) cuts one. */
static bool cuts_pool_locked(uint64_t addr, uint64_t size) {
  for (size_t i = range_lower_bound(addr); i < vm_count && vm_ranges[i].start < addr + size; i++) {
    if (!is_pool(vm_ranges[i].kind)) continue;
    uint64_t s, e;
    pool_extent_locked(i, &s, &e);
    if (s < addr || e > addr + size) return true;
  }
  return false;
}

int guest_vm_unmap(uint64_t addr, uint64_t size) {
  struct guard_call guard;
  guard_begin(&guard, addr, size);
  pthread_mutex_lock(&vm_lock);
  int rc = range_check(addr, size);
  if (rc == 0 && cuts_pool_locked(addr, size)) rc = -KERNEL_EINVAL;
  if (rc == 0) rc = unmap_locked(addr, size);
  unlock_notify();
  guard_end(&guard);
  return rc;
}

static int mprotect_locked(uint64_t addr, uint64_t size, int prot, int mtype);

int guest_vm_mprotect(uint64_t addr, uint64_t size, int prot) {
  pthread_mutex_lock(&vm_lock);
  int rc = mprotect_locked(addr, size, prot, -1);
  pthread_mutex_unlock(&vm_lock);
  return rc;
}

int guest_vm_mtypeprotect(uint64_t addr, uint64_t size, int mtype, int prot) {
  if (mtype < 0 || mtype > DMEM_MEMORY_TYPE_MAX) return -KERNEL_EINVAL;
  pthread_mutex_lock(&vm_lock);
  int rc = mprotect_locked(addr, size, prot, mtype);
  pthread_mutex_unlock(&vm_lock);
  return rc;
}

/* MTYPE < 0 leaves memory types alone. As FreeBSD's (and the console's) mprotect, holes in
 * the span are skipped and so are reservations (their pages stay inaccessible); every mapped
 * range in it takes the protection. A host refusal (a shared file mapping of a read-only
 * file asked for write) is EACCES and undoes what was changed. */
/* The SDK reference's rules for a span before anything changes: over pool space (reserved or
 * committed) the span must be 64 KiB aligned (EINVAL); mtypeprotect (MTYPE >= 0) of a span
 * holding flexible memory (anything mapped that is neither direct nor pooled: anonymous
 * memory, stacks, files, images) is EOPNOTSUPP. */
static int mprotect_span_check(uint64_t addr, uint64_t size, int mtype) {
  const uint64_t pool_align = 0x10000;
  for (size_t i = range_lower_bound(addr); i < vm_count && vm_ranges[i].start < addr + size;
       i++) {
    enum guest_vm_kind k = vm_ranges[i].kind;
    bool pool = k == GUEST_VM_KIND_POOL_RESERVED || k == GUEST_VM_KIND_POOLED;
    if (pool && (addr | size) & (pool_align - 1)) return -KERNEL_EINVAL;
    if (mtype >= 0 && !pool && !is_reservation(k) && k != GUEST_VM_KIND_DIRECT)
      return -KERNEL_EOPNOTSUPP;
  }
  return 0;
}

static int mprotect_locked(uint64_t addr, uint64_t size, int prot, int mtype) {
  int rc = range_check(addr, size);
  if (rc == 0) rc = mprotect_span_check(addr, size, mtype);
  prot = effective_prot(prot);
  if (rc == 0 && !(range_split_at(addr) && range_split_at(addr + size))) rc = -KERNEL_ENOMEM;
  size_t first = rc == 0 ? range_lower_bound(addr) : 0, i = first;
  for (; rc == 0 && i < vm_count && vm_ranges[i].start < addr + size; i++) {
    const struct guest_range *r = &vm_ranges[i];
    if (!is_reservation(r->kind) &&
        mprotect((void *)(uintptr_t)r->start, r->size, host_prot(prot)) != 0)
      rc = -KERNEL_EACCES;
  }
  if (rc == -KERNEL_EACCES) { /* undo the ranges before the one refused */
    for (size_t k = first; k + 1 < i; k++)
      if (!is_reservation(vm_ranges[k].kind))
        mprotect((void *)(uintptr_t)vm_ranges[k].start, vm_ranges[k].size,
                 host_prot(vm_ranges[k].prot));
  }
  for (i = first; rc == 0 && i < vm_count && vm_ranges[i].start < addr + size; i++) {
    if (is_reservation(vm_ranges[i].kind)) continue;
    vm_ranges[i].prot = prot;
    if (mtype >= 0 && (vm_ranges[i].kind == GUEST_VM_KIND_DIRECT ||
                       vm_ranges[i].kind == GUEST_VM_KIND_POOLED))
      vm_ranges[i].mtype = mtype;
  }
  merge_span_locked(addr, addr + size);
  return rc;
}

int guest_vm_set_name(uint64_t addr, uint64_t size, const char *name) {
  pthread_mutex_lock(&vm_lock);
  int rc = range_check(addr, size);
  if (rc == 0 && !(range_split_at(addr) && range_split_at(addr + size))) rc = -KERNEL_ENOMEM;
  for (size_t i = range_lower_bound(addr);
       rc == 0 && i < vm_count && vm_ranges[i].start < addr + size; i++)
    snprintf(vm_ranges[i].name, sizeof vm_ranges[i].name, "%s", name ? name : "");
  if (rc == 0) merge_span_locked(addr, addr + size);
  pthread_mutex_unlock(&vm_lock);
  return rc;
}

void guest_vm_unmap_direct(uint64_t phys, uint64_t len) {
  struct guard_call guard; /* where PHYS is mapped is known under the lock only: everything */
  guard_begin(&guard, 0, UINT64_MAX);
  pthread_mutex_lock(&vm_lock);
  for (size_t i = 0; i < vm_count;) {
    const struct guest_range *r = &vm_ranges[i];
    uint64_t ps = r->phys, pe = r->phys + r->size;
    if (r->kind != GUEST_VM_KIND_DIRECT || pe <= phys || ps >= phys + len) {
      i++;
      continue;
    }
    uint64_t s = ps > phys ? ps : phys, e = pe < phys + len ? pe : phys + len;
    uint64_t vstart = r->start + (s - ps);
    unmap_locked(vstart, e - s);
    i = range_lower_bound(vstart); /* rows moved: resume at the first range past the hole */
  }
  unlock_notify(); /* one span over every piece unmapped */
  guard_end(&guard);
}

int guest_vm_virtual_query(uint64_t addr, bool find_next, struct guest_vm_info *out) {
  pthread_mutex_lock(&vm_lock);
  size_t i = range_lower_bound(addr);
  int rc = i < vm_count && (find_next || vm_ranges[i].start <= addr) ? 0 : -KERNEL_EACCES;
  if (rc == 0) {
    const struct guest_range *r = &vm_ranges[i];
    out->start = r->start;
    out->end = r->start + r->size;
    out->phys = r->phys;
    out->prot = r->prot;
    out->mtype = r->mtype;
    out->kind = r->kind;
    memcpy(out->name, r->name, sizeof out->name);
  }
  pthread_mutex_unlock(&vm_lock);
  return rc;
}

size_t guest_vm_range_count(void) {
  pthread_mutex_lock(&vm_lock);
  size_t n = vm_count;
  pthread_mutex_unlock(&vm_lock);
  return n;
}

bool guest_vm_direct_mapped(uint64_t phys, uint64_t len) {
  bool found = false;
  pthread_mutex_lock(&vm_lock);
  for (size_t i = 0; i < vm_count && !found; i++) {
    const struct guest_range *r = &vm_ranges[i];
    found = r->kind == GUEST_VM_KIND_DIRECT && overlaps(r->phys, r->phys + r->size, phys, phys + len);
  }
  pthread_mutex_unlock(&vm_lock);
  return found;
}

int guest_vm_check_mapped(uint64_t addr, uint64_t size) {
  pthread_mutex_lock(&vm_lock);
  int rc = range_check(addr, size);
  if (rc == 0 && !fully_committed(addr, size)) rc = -KERNEL_ENOMEM;
  for (size_t i = range_lower_bound(addr);
       rc == 0 && i < vm_count && vm_ranges[i].start < addr + size; i++)
    if (is_reservation(vm_ranges[i].kind) ||
        !(vm_ranges[i].prot & (GUEST_PROT_CPU_READ | GUEST_PROT_CPU_EXEC)))
      rc = -KERNEL_ENOMEM;
  pthread_mutex_unlock(&vm_lock);
  return rc;
}

/* Every page of [addr, addr+size) is in a range of kind A or B. */
static bool covered_by_kinds(uint64_t addr, uint64_t size, enum guest_vm_kind a,
                             enum guest_vm_kind b) {
  if (!fully_committed(addr, size)) return false;
  for (size_t i = range_lower_bound(addr); i < vm_count && vm_ranges[i].start < addr + size; i++)
    if (vm_ranges[i].kind != a && vm_ranges[i].kind != b) return false;
  return true;
}

/* [ADDR, ADDR+SIZE) lies wholly in pool space of one reservation (its id in *POOL_ID):
 * 0, else -EINVAL (the console: a span outside pool space or over several reservations). */
static int pool_span_locked(uint64_t addr, uint64_t size, uint64_t *pool_id) {
  int rc = range_check(addr, size);
  if (rc == 0 && !covered_by_kinds(addr, size, GUEST_VM_KIND_POOLED, GUEST_VM_KIND_POOL_RESERVED))
    rc = -KERNEL_EINVAL;
  if (rc != 0) return rc;
  size_t i = range_lower_bound(addr);
  *pool_id = vm_ranges[i].pool_id;
  for (; i < vm_count && vm_ranges[i].start < addr + size; i++)
    if (vm_ranges[i].pool_id != *pool_id) return -KERNEL_EINVAL;
  return 0;
}

int guest_vm_pool_commit(uint64_t addr, uint64_t size, const struct guest_vm_pool_run *runs,
                         size_t n) {
  struct guard_call guard;
  guard_begin(&guard, addr, size);
  pthread_mutex_lock(&vm_lock);
  uint64_t pool_id = 0;
  int rc = pool_span_locked(addr, size, &pool_id);
  if (rc == 0 && !covered_by_kinds(addr, size, GUEST_VM_KIND_POOL_RESERVED,
                                   GUEST_VM_KIND_POOL_RESERVED))
    rc = -KERNEL_EBUSY; /* the span holds committed blocks */
  uint64_t total = 0;
  for (size_t k = 0; rc == 0 && k < n; k++) total += runs[k].size;
  if (rc == 0 && total != size) rc = -KERNEL_EINVAL;
  if (rc == 0) rc = unmap_locked(addr, size);
  uint64_t at = addr;
  for (size_t k = 0; rc == 0 && k < n; k++) {
    struct guest_range r = {.start = at, .size = runs[k].size, .phys = runs[k].phys,
                            .prot = effective_prot(runs[k].prot), .mtype = runs[k].mtype,
                            .kind = GUEST_VM_KIND_POOLED, .pool_id = pool_id};
    rc = commit_range_locked(&r, -1, false);
    at += runs[k].size;
  }
  if (rc == 0) merge_span_locked(addr, addr + size);
  unlock_notify();
  guard_end(&guard);
  return rc;
}

int guest_vm_pool_decommit(uint64_t addr, uint64_t size, bool require_committed, bool check_only,
                           struct guest_vm_pool_run **runs, size_t *n) {
  struct guard_call guard = {0};
  if (!check_only) guard_begin(&guard, addr, size);
  pthread_mutex_lock(&vm_lock);
  uint64_t pool_id = 0;
  int rc = pool_span_locked(addr, size, &pool_id);
  if (rc == 0 && require_committed &&
      !covered_by_kinds(addr, size, GUEST_VM_KIND_POOLED, GUEST_VM_KIND_POOLED))
    rc = -KERNEL_EINVAL;
  if (rc == 0 && !check_only && !(range_split_at(addr) && range_split_at(addr + size)))
    rc = -KERNEL_ENOMEM;
  size_t count = 0;
  struct guest_vm_pool_run *out = NULL;
  if (rc == 0 && !check_only) {
    size_t first = range_lower_bound(addr), i = first;
    for (; i < vm_count && vm_ranges[i].start < addr + size; i++)
      count += vm_ranges[i].kind == GUEST_VM_KIND_POOLED;
    out = count ? calloc(count, sizeof *out) : NULL;
    if (count && !out) rc = -KERNEL_ENOMEM;
    count = 0;
    for (i = first; rc == 0 && i < vm_count && vm_ranges[i].start < addr + size; i++)
      if (vm_ranges[i].kind == GUEST_VM_KIND_POOLED)
        out[count++] = (struct guest_vm_pool_run){vm_ranges[i].phys, vm_ranges[i].size,
                                                  vm_ranges[i].prot, vm_ranges[i].mtype};
    pool_handover = true;
    if (rc == 0) rc = unmap_locked(addr, size);
    pool_handover = false;
    if (rc == 0) {
      struct guest_range r = {.start = addr, .size = size, .kind = GUEST_VM_KIND_POOL_RESERVED,
                              .pool_id = pool_id};
      rc = commit_range_locked(&r, -1, false);
    }
    if (rc == 0) merge_span_locked(addr, addr + size);
  }
  unlock_notify();
  if (!check_only) guard_end(&guard);
  if (rc == 0 && runs) {
    *runs = out;
    *n = count;
  } else {
    free(out);
  }
  return rc;
}

size_t guest_vm_take_orphaned_pool_runs(struct guest_vm_pool_run **runs) {
  pthread_mutex_lock(&vm_lock);
  size_t n = vm_orphan_count;
  *runs = vm_orphans;
  vm_orphans = NULL;
  vm_orphan_count = vm_orphan_cap = 0;
  pthread_mutex_unlock(&vm_lock);
  return n;
}

int guest_vm_pool_extent(uint64_t addr, uint64_t *start, uint64_t *end) {
  pthread_mutex_lock(&vm_lock);
  size_t i = range_lower_bound(addr);
  int rc = i < vm_count && vm_ranges[i].start <= addr && is_pool(vm_ranges[i].kind)
               ? 0
               : -KERNEL_EINVAL;
  if (rc == 0) pool_extent_locked(i, start, end);
  pthread_mutex_unlock(&vm_lock);
  return rc;
}

bool guest_vm_pool_committed_in(uint64_t addr, uint64_t size) {
  pthread_mutex_lock(&vm_lock);
  bool found = false;
  for (size_t i = range_lower_bound(addr);
       !found && i < vm_count && vm_ranges[i].start < addr + size; i++)
    found = vm_ranges[i].kind == GUEST_VM_KIND_POOLED;
  pthread_mutex_unlock(&vm_lock);
  return found;
}

uint64_t guest_vm_pool_committed_bytes(int mtype) {
  pthread_mutex_lock(&vm_lock);
  uint64_t n = 0;
  for (size_t i = 0; i < vm_count; i++)
    if (vm_ranges[i].kind == GUEST_VM_KIND_POOLED && vm_ranges[i].mtype == mtype)
      n += vm_ranges[i].size;
  pthread_mutex_unlock(&vm_lock);
  return n;
}
