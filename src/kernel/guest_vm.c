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

#define GUEST_PAGE 0x4000ull

/* One row per band: where it starts and ends (inclusive end + 1) and what it is for. */
#define GUEST_BANDS(X)                                   \
  X(system_managed, 0x40000ull, 0x7FFFFC000ull)          \
  X(system_reserved, 0x7FFFFC000ull, 0x1000000000ull)    \
  X(user, 0x1000000000ull, 0xFC00000000ull)

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
#define GUEST_USER_BAND 2

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
  int prot;
  char name[32];
};

static pthread_mutex_t vm_lock = PTHREAD_MUTEX_INITIALIZER;
static bool vm_ready;
static struct guest_range *vm_ranges; /* sorted by start, non-overlapping */
static size_t vm_count, vm_cap;

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
  vm_ready = ok;
  pthread_mutex_unlock(&vm_lock);
  return ok;
}

/* The band holding all of [addr, addr+size), or -1 (also when it touches a hole). */
static int band_of(uint64_t addr, uint64_t size) {
  if (size > UINT64_MAX - addr || hole_overlaps(addr, addr + size)) return -1;
  for (size_t i = 0; i < GUEST_BAND_COUNT; i++)
    if (addr >= guest_bands[i].start && size <= guest_bands[i].end - addr &&
        addr < guest_bands[i].end)
      return (int)i;
  return -1;
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

static void range_remove_at(size_t i) {
  memmove(&vm_ranges[i], &vm_ranges[i + 1], (vm_count - i - 1) * sizeof *vm_ranges);
  vm_count--;
}

/* Splits ranges so that ADDR is a boundary (no range straddles it). */
static bool range_split_at(uint64_t addr) {
  size_t i = range_lower_bound(addr);
  if (i >= vm_count || vm_ranges[i].start >= addr) return true;
  struct guest_range tail = vm_ranges[i];
  tail.start = addr;
  tail.size = vm_ranges[i].start + vm_ranges[i].size - addr;
  vm_ranges[i].size = addr - vm_ranges[i].start;
  return range_insert_at(i + 1, &tail);
}

static bool args_valid(const char *what, uint64_t addr, uint64_t size) {
  if (!vm_ready) {
    LOG(kernel, ERROR, "%s: guest memory is not initialised", what);
    return false;
  }
  if (size == 0 || (addr | size) & (GUEST_PAGE - 1)) {
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

static bool commit_locked(uint64_t addr, uint64_t size, int prot, const char *name) {
  void *p = mmap((void *)(uintptr_t)addr, size, host_prot(prot),
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    LOG(kernel, ERROR, "cannot commit 0x%llx+0x%llx (%s): %s", (unsigned long long)addr,
        (unsigned long long)size, name ? name : "?", strerror(errno));
    return false;
  }
  struct guest_range r = {.start = addr, .size = size, .prot = prot};
  snprintf(r.name, sizeof r.name, "%s", name ? name : "anon");
  if (!range_insert_at(range_lower_bound(addr), &r)) {
    mmap(p, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    return false;
  }
  return true;
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
  if (align < GUEST_PAGE) align = GUEST_PAGE;
  if (align & (align - 1) || size == 0 || size > (1ull << 40)) {
    LOG(kernel, ERROR, "guest_vm_alloc: bad size 0x%llx or alignment 0x%llx",
        (unsigned long long)size, (unsigned long long)align);
    return 0;
  }
  size = (size + GUEST_PAGE - 1) & ~(GUEST_PAGE - 1);
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
  pthread_mutex_lock(&vm_lock);
  bool ok = args_valid("guest_vm_free", addr, size);
  if (ok && !fully_committed(addr, size)) {
    LOG(kernel, ERROR, "guest_vm_free: 0x%llx+0x%llx is not fully committed",
        (unsigned long long)addr, (unsigned long long)size);
    ok = false;
  }
  if (ok) ok = range_split_at(addr) && range_split_at(addr + size);
  if (ok) {
    /* give the pages back but keep the reservation */
    mmap((void *)(uintptr_t)addr, size, PROT_NONE,
         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    size_t i = range_lower_bound(addr);
    while (i < vm_count && vm_ranges[i].start < addr + size) range_remove_at(i);
  }
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
