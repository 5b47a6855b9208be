#include "loader/tls.h"

#include <asm/prctl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/log.h"
#include "kernel/guest_vm.h"

struct tls_template {
  uint64_t image, filesz, memsz, align;
  uint64_t offset; /* static block: tp - offset; 0 = dynamic TLS */
  bool used;
};

/* Registered templates, index 0 unused. GEN[i] changes whenever slot i is (re)registered or
 * unregistered; a thread's block of slot i is current only while its recorded generation
 * equals GEN[i]. Registration and the slow path of __tls_get_addr hold tls_lock. */
static struct tls_template tls_modules[TLS_MAX_MODULES + 1];
static uint64_t tls_gen[TLS_MAX_MODULES + 1];
static unsigned tls_module_count;      /* highest slot ever used */
static uint64_t tls_static_size;       /* last static offset: bytes of static TLS below the TP */
static uint64_t tls_static_align = 1;  /* largest p_align of the static blocks */
static bool tls_static_frozen;         /* a thread exists: the static area can no longer grow */
static pthread_mutex_t tls_lock = PTHREAD_MUTEX_INITIALIZER;
#define TLS_TP_ALIGN 64                 /* the TCB itself is cache-line aligned */

/* Per-thread state (host side). DTV[i] = block of module i; static blocks live in the region
 * below the TCB, dynamic ones are allocated lazily (DTV_SIZE[i] bytes of guest memory, or a
 * host allocation when DTV_SIZE[i] is 0). */
struct tls_thread {
  uint64_t region;      /* static blocks + TCB allocation */
  uint64_t region_size;
  bool region_guest;    /* from guest_vm (else host aligned_alloc) */
  uint64_t region_align;
  uint64_t tp;          /* thread pointer = TCB */
  void *dtv[TLS_MAX_MODULES + 1];
  uint64_t dtv_size[TLS_MAX_MODULES + 1];
  uint64_t dtv_gen[TLS_MAX_MODULES + 1];
  bool dtv_static[TLS_MAX_MODULES + 1];
};

static __thread struct tls_thread *tls_current;

static uint64_t round_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

/* Freed static-block + TCB regions in guest memory kept for the next threads (a few), so
 * that thread creation costs no mapping change once warm; every thread's region has the
 * same size and alignment, which are fixed once the executable is loaded. */
#define TLS_REGION_CACHE_MAX 16
struct tls_cached_region {
  uint64_t region, size, align;
};
static pthread_mutex_t tls_cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tls_cached_region tls_cache[TLS_REGION_CACHE_MAX];
static int tls_cached;

static uint64_t region_from_cache(uint64_t size, uint64_t align) {
  uint64_t r = 0;
  pthread_mutex_lock(&tls_cache_lock);
  for (int i = tls_cached - 1; i >= 0; i--)
    if (tls_cache[i].size == size && tls_cache[i].align == align) {
      r = tls_cache[i].region;
      tls_cache[i] = tls_cache[--tls_cached];
      break;
    }
  pthread_mutex_unlock(&tls_cache_lock);
  return r;
}

/* True if the region was kept (else the caller frees it). */
static bool region_to_cache(uint64_t region, uint64_t size, uint64_t align) {
  pthread_mutex_lock(&tls_cache_lock);
  bool kept = tls_cached < TLS_REGION_CACHE_MAX;
  if (kept) tls_cache[tls_cached++] = (struct tls_cached_region){region, size, align};
  pthread_mutex_unlock(&tls_cache_lock);
  return kept;
}

uint64_t tls_variant2_next_offset(uint64_t prev, uint64_t memsz, uint64_t align) {
  return round_up(prev + memsz, align ? align : 1);
}

unsigned tls_module_register(uint64_t image, uint64_t filesz, uint64_t memsz, uint64_t align,
                             bool static_block) {
  if (align == 0) align = 1;
  if (align & (align - 1) || filesz > memsz) {
    LOG(loader, ERROR, "bad TLS template: align 0x%llx, filesz 0x%llx, memsz 0x%llx",
        (unsigned long long)align, (unsigned long long)filesz, (unsigned long long)memsz);
    return 0;
  }
  pthread_mutex_lock(&tls_lock);
  unsigned idx = 0;
  for (unsigned i = 1; i <= TLS_MAX_MODULES && !idx; i++)
    if (!tls_modules[i].used && !tls_modules[i].offset) idx = i; /* static slots stay taken */
  if (!idx) {
    pthread_mutex_unlock(&tls_lock);
    LOG(loader, ERROR, "too many TLS modules (at most %d)", TLS_MAX_MODULES);
    return 0;
  }
  struct tls_template t = {image, filesz, memsz, align, 0, true};
  if (static_block && !tls_static_frozen) {
    t.offset = tls_variant2_next_offset(tls_static_size, memsz, align);
    tls_static_size = t.offset;
    if (align > tls_static_align) tls_static_align = align;
  }
  tls_modules[idx] = t;
  __atomic_add_fetch(&tls_gen[idx], 1, __ATOMIC_RELEASE);
  if (idx > tls_module_count) tls_module_count = idx;
  pthread_mutex_unlock(&tls_lock);
  LOG(loader, DEBUG, "TLS module %u: %s, memsz 0x%llx, align 0x%llx, offset 0x%llx", idx,
      t.offset ? "static" : "dynamic", (unsigned long long)memsz, (unsigned long long)align,
      (unsigned long long)t.offset);
  return idx;
}

void tls_module_unregister(unsigned index) {
  if (index == 0 || index > TLS_MAX_MODULES) return;
  pthread_mutex_lock(&tls_lock);
  tls_modules[index].used = false; /* a static slot keeps its offset: never reused */
  __atomic_add_fetch(&tls_gen[index], 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&tls_lock);
}

uint64_t tls_module_static_offset(unsigned index) {
  if (index == 0 || index > TLS_MAX_MODULES) return 0;
  pthread_mutex_lock(&tls_lock);
  uint64_t o = tls_modules[index].used ? tls_modules[index].offset : 0;
  pthread_mutex_unlock(&tls_lock);
  return o;
}

uint64_t tls_static_area_size(void) { return tls_static_size; }

void tls_reset(void) {
  pthread_mutex_lock(&tls_lock);
  memset(tls_modules, 0, sizeof tls_modules);
  for (unsigned i = 0; i <= TLS_MAX_MODULES; i++) __atomic_add_fetch(&tls_gen[i], 1, __ATOMIC_RELEASE);
  tls_module_count = 0;
  tls_static_size = 0;
  tls_static_align = 1;
  tls_static_frozen = false;
  pthread_mutex_unlock(&tls_lock);
}

static void *block_alloc(uint64_t size, uint64_t align, bool *guest, const char *name) {
  uint64_t a = guest_vm_alloc(size, align, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE, name);
  if (a) {
    *guest = true;
    return (void *)(uintptr_t)a;
  }
  *guest = false;
  void *p = aligned_alloc(align < 64 ? 64 : align, round_up(size, align < 64 ? 64 : align));
  if (p) memset(p, 0, size);
  return p;
}

static void block_fill(void *block, const struct tls_template *t) {
  if (t->filesz) memcpy(block, (const void *)(uintptr_t)t->image, t->filesz);
  memset((uint8_t *)block + t->filesz, 0, t->memsz - t->filesz);
}

static bool set_gs_base(uint64_t tp) {
  if (syscall(SYS_arch_prctl, ARCH_SET_GS, tp) != 0) {
    LOG(loader, ERROR, "arch_prctl(ARCH_SET_GS) failed");
    return false;
  }
  return true;
}

bool tls_thread_init(void) {
  if (tls_current) return true;
  struct tls_thread *t = calloc(1, sizeof *t);
  if (!t) return false;
  pthread_mutex_lock(&tls_lock);
  tls_static_frozen = true;
  /* [padding][static blocks][TCB]: the TP is aligned to every static block's p_align and to
   * TLS_TP_ALIGN, so each block (at tp - a multiple of its p_align) starts aligned too */
  uint64_t tp_align = tls_static_align > TLS_TP_ALIGN ? tls_static_align : TLS_TP_ALIGN;
  uint64_t below = round_up(tls_static_size, tp_align);
  t->region_size = round_up(below + TLS_TCB_SIZE, SCE_GUEST_PAGE_SIZE);
  t->region_align = tp_align;
  void *r = (void *)(uintptr_t)region_from_cache(t->region_size, tp_align);
  if (r) t->region_guest = true;
  else r = block_alloc(t->region_size, tp_align, &t->region_guest, "tls+tcb");
  if (!r) {
    pthread_mutex_unlock(&tls_lock);
    free(t);
    LOG(loader, ERROR, "cannot allocate a thread's TLS block");
    return false;
  }
  t->region = (uint64_t)(uintptr_t)r;
  t->tp = t->region + below;
  for (unsigned i = 1; i <= tls_module_count; i++) {
    const struct tls_template *m = &tls_modules[i];
    if (!m->used || !m->offset) continue;
    void *blk = (void *)(uintptr_t)(t->tp - m->offset);
    block_fill(blk, m);
    t->dtv[i] = blk;
    t->dtv_static[i] = true;
    t->dtv_gen[i] = __atomic_load_n(&tls_gen[i], __ATOMIC_ACQUIRE);
  }
  pthread_mutex_unlock(&tls_lock);
  uint64_t *tcb = (uint64_t *)(uintptr_t)t->tp;
  memset(tcb, 0, TLS_TCB_SIZE);
  tcb[TLS_TCB_OFF_SELF / 8] = t->tp;
  tcb[TLS_TCB_OFF_DTV / 8] = (uint64_t)(uintptr_t)t->dtv;
  uint64_t guard = 0;
  if (getrandom(&guard, sizeof guard, 0) != sizeof guard) guard = 0x2B992DDFA23249D6ull ^ t->tp;
  guard &= ~0xFFull; /* a zero low byte stops string overflows from copying it */
  tcb[TLS_TCB_OFF_STACK_GUARD / 8] = guard;
  tls_current = t;
  return set_gs_base(t->tp);
}

static void dynamic_block_free(struct tls_thread *t, unsigned i) {
  if (!t->dtv[i] || t->dtv_static[i]) return;
  if (t->dtv_size[i]) guest_vm_free((uint64_t)(uintptr_t)t->dtv[i], t->dtv_size[i]);
  else free(t->dtv[i]);
  t->dtv[i] = NULL;
  t->dtv_size[i] = 0;
}

void tls_thread_exit(void) {
  struct tls_thread *t = tls_current;
  if (!t) return;
  for (unsigned i = 1; i <= TLS_MAX_MODULES; i++) dynamic_block_free(t, i);
  if (t->region_guest) {
    if (!region_to_cache(t->region, t->region_size, t->region_align))
      guest_vm_free(t->region, t->region_size);
  }
  else free((void *)(uintptr_t)t->region);
  tls_current = NULL;
  free(t);
}

uint64_t tls_thread_pointer(void) { return tls_current ? tls_current->tp : 0; }

bool tls_set_guest_base(uint64_t base) { return set_gs_base(base); }

uint64_t tls_guest_base(void) {
  unsigned long v = 0;
  return syscall(SYS_arch_prctl, ARCH_GET_GS, &v) == 0 ? v : 0;
}

/* The slow path: (re)makes the calling thread's block of module MOD under tls_lock. */
static void *tls_block_refresh(struct tls_thread *t, uint64_t mod) {
  void *b = NULL;
  pthread_mutex_lock(&tls_lock);
  const struct tls_template *tm = &tls_modules[mod];
  uint64_t gen = __atomic_load_n(&tls_gen[mod], __ATOMIC_ACQUIRE);
  if (t->dtv[mod] && t->dtv_gen[mod] != gen) { /* the slot's module was unloaded */
    if (t->dtv_static[mod]) t->dtv[mod] = NULL; /* its space stays in the region */
    else dynamic_block_free(t, (unsigned)mod);
    t->dtv_static[mod] = false;
  }
  if (!tm->used) {
    pthread_mutex_unlock(&tls_lock);
    LOG_ONCE(loader, GAME_ERROR, "__tls_get_addr: module index %llu is not a loaded TLS module",
             (unsigned long long)mod);
    return NULL;
  }
  if (tm->offset) { /* a static module this thread predates is impossible: threads freeze it */
    pthread_mutex_unlock(&tls_lock);
    LOG_ONCE(loader, GAME_ERROR, "__tls_get_addr: static TLS module %llu has no block here",
             (unsigned long long)mod);
    return NULL;
  }
  uint64_t size = round_up(tm->memsz ? tm->memsz : 1, SCE_GUEST_PAGE_SIZE);
  bool guest;
  b = block_alloc(size, tm->align < 16 ? 16 : tm->align, &guest, "tls block");
  if (b) {
    block_fill(b, tm);
    t->dtv[mod] = b;
    t->dtv_size[mod] = guest ? size : 0;
    t->dtv_gen[mod] = gen;
  }
  pthread_mutex_unlock(&tls_lock);
  if (!b)
    LOG(loader, ERROR, "__tls_get_addr: cannot allocate the TLS block of module %llu",
        (unsigned long long)mod);
  return b;
}

void *loader_tls_get_addr(const struct loader_tls_index *ti) {
  struct tls_thread *t = tls_current;
  if (!t) {
    LOG(loader, ERROR, "__tls_get_addr called on a thread without guest TLS");
    return NULL;
  }
  uint64_t mod = ti->module;
  if (mod == 0 || mod > TLS_MAX_MODULES) {
    LOG_ONCE(loader, GAME_ERROR, "__tls_get_addr: module index %llu is not a TLS module",
             (unsigned long long)mod);
    return NULL;
  }
  void *b = t->dtv[mod];
  if (!b || t->dtv_gen[mod] != __atomic_load_n(&tls_gen[mod], __ATOMIC_ACQUIRE))
    b = tls_block_refresh(t, mod);
  return b ? (uint8_t *)b + ti->offset : NULL;
}
