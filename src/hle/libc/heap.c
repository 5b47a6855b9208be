/* Guest heap allocator (see heap.h).
 *
 * Chunk layout inside an arena (all sizes multiples of 16):
 *   +0  prev_size   size of the previous chunk, valid only while that chunk is free
 *   +8  head        this chunk's size | flags (CINUSE, PINUSE = previous chunk in use)
 *   +16 payload     (free chunks keep their free-list links here)
 * An arena ends with a 16-byte sentinel chunk of size 0 marked in use, so walking and
 * coalescing stop there. Two free chunks are never adjacent (they are merged on free).
 * Blocks of LARGE_MIN bytes and more get a mapping of their own (flag MMAPPED; prev_size
 * then holds the header's offset from the mapping start). */
#include "hle/libc/heap.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"

#define HDR 16u
#define MIN_CHUNK 32u
#define CINUSE UINT64_C(1)
#define PINUSE UINT64_C(2)
#define MMAPPED UINT64_C(4)
#define FLAGS UINT64_C(15)
#define TAG_SHIFT 48 /* head bits 48-63: a tag derived from the chunk's address */
#define SIZE_MASK (((UINT64_C(1) << TAG_SHIFT) - 1) & ~FLAGS)
#define MAP_GRANULE (16u * 1024u)                 /* guest page */
/* Large blocks start on a 4 KiB boundary, as FreeBSD's malloc (jemalloc) aligns its large
 * size classes to pages. It matters for speed: the host kernel copies file data into a
 * buffer at a page offset other than the source's at a fraction of the rate (measured:
 * 64 MiB read into 1 MiB calls, page + 16 bytes 0.24x of page-aligned; bench.fs_read). */
#define LARGE_ALIGN 4096u
#define ARENA_FIRST (4u * 1024u * 1024u)          /* first arena; later ones double */
#define ARENA_MAX (256u * 1024u * 1024u)
#define LARGE_MIN (1u * 1024u * 1024u)
#define SMALL_BINS 64 /* sizes below 1024, one bin per 16 bytes */
#define NBINS (SMALL_BINS + 40)

struct chunk {
  uint64_t prev_size;
  uint64_t head;
  struct chunk *fd, *bk; /* free-list links (free chunks only) */
};

struct arena {
  uint64_t base, size;
  struct arena *next;
};

struct large {
  uint64_t base, size;
  struct chunk *c;
  struct large *next;
};

struct heap {
  pthread_mutex_t lock;
  struct heap_backing backing;
  struct chunk *bins[NBINS];
  uint64_t bin_map[(NBINS + 63) / 64]; /* bit i set: bins[i] is not empty */
  struct arena *arenas;
  struct large *larges;
  uint64_t next_arena_size;
  struct heap_stats stats;
};

static inline uint64_t chunk_size(const struct chunk *c) { return c->head & SIZE_MASK; }

/* The tag makes a stray pointer (into a block's data) very unlikely to pass for a chunk
 * header when the guest frees it. */
static inline uint64_t chunk_tag(const struct chunk *c) {
  uint32_t x = (uint32_t)((uintptr_t)c >> 4) * 0x9E3779B1u;
  return (uint64_t)((x >> 16) | 1) << TAG_SHIFT;
}

static inline void chunk_set_head(struct chunk *c, uint64_t size_and_flags) {
  c->head = size_and_flags | chunk_tag(c);
}

static inline bool chunk_tag_ok(const struct chunk *c) {
  return (c->head & ~((UINT64_C(1) << TAG_SHIFT) - 1)) == chunk_tag(c);
}
static inline struct chunk *chunk_at(uint64_t addr) { return (struct chunk *)(uintptr_t)addr; }
static inline struct chunk *chunk_next(struct chunk *c) {
  return chunk_at((uint64_t)(uintptr_t)c + chunk_size(c));
}
static inline void *chunk_payload(struct chunk *c) { return (uint8_t *)c + HDR; }
static inline struct chunk *payload_chunk(const void *p) {
  return (struct chunk *)((uint8_t *)(uintptr_t)p - HDR);
}
static inline uint64_t round_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

static unsigned bin_index(uint64_t size) {
  if (size < 1024) return (unsigned)(size >> 4);
  unsigned i = SMALL_BINS + (unsigned)(63 - __builtin_clzll(size)) - 10;
  return i < NBINS ? i : NBINS - 1;
}

static void bin_insert(struct heap *h, struct chunk *c) {
  unsigned i = bin_index(chunk_size(c));
  c->bk = NULL;
  c->fd = h->bins[i];
  if (c->fd) c->fd->bk = c;
  h->bins[i] = c;
  h->bin_map[i / 64] |= UINT64_C(1) << (i % 64);
}

static void bin_remove(struct heap *h, struct chunk *c) {
  if (c->bk) {
    c->bk->fd = c->fd;
  } else {
    unsigned i = bin_index(chunk_size(c));
    h->bins[i] = c->fd;
    if (!c->fd) h->bin_map[i / 64] &= ~(UINT64_C(1) << (i % 64));
  }
  if (c->fd) c->fd->bk = c->bk;
}

/* The first non-empty bin at index I or above, or NBINS. */
static unsigned bin_next_nonempty(const struct heap *h, unsigned i) {
  while (i < NBINS) {
    uint64_t word = h->bin_map[i / 64] & (~UINT64_C(0) << (i % 64));
    if (word) return (i & ~63u) + (unsigned)__builtin_ctzll(word);
    i = (i & ~63u) + 64;
  }
  return NBINS;
}

/* Request size of a chunk for N payload bytes; 0 when N is absurd. */
static uint64_t request_size(size_t n) {
  if (n > (SIZE_MAX >> 2)) return 0;
  uint64_t r = round_up(n, 16) + HDR;
  return r < MIN_CHUNK ? MIN_CHUNK : r;
}

struct heap *hle_heap_create(const struct heap_backing *backing) {
  struct heap *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  pthread_mutex_init(&h->lock, NULL);
  h->backing = *backing;
  h->next_arena_size = ARENA_FIRST;
  return h;
}

void hle_heap_destroy(struct heap *h) {
  if (!h) return;
  for (struct arena *a = h->arenas, *n; a; a = n) {
    n = a->next;
    h->backing.unmap(a->base, a->size, h->backing.ctx);
    free(a);
  }
  for (struct large *l = h->larges, *n; l; l = n) {
    n = l->next;
    h->backing.unmap(l->base, l->size, h->backing.ctx);
    free(l);
  }
  pthread_mutex_destroy(&h->lock);
  free(h);
}

/* ---- arenas ------------------------------------------------------------------------- */

static bool arena_add(struct heap *h, uint64_t need) {
  uint64_t size = h->next_arena_size;
  while (size < need + 2 * HDR) size *= 2;
  size = round_up(size, MAP_GRANULE);
  struct arena *a = malloc(sizeof *a);
  uint64_t base = a ? h->backing.map(size, h->backing.ctx) : 0;
  if (!base) {
    free(a);
    return false;
  }
  a->base = base;
  a->size = size;
  a->next = h->arenas;
  h->arenas = a;
  if (h->next_arena_size < ARENA_MAX) h->next_arena_size *= 2;
  h->stats.arenas++;
  h->stats.bytes_mapped += size;

  struct chunk *first = chunk_at(base);
  uint64_t fsize = size - HDR;
  first->prev_size = 0;
  chunk_set_head(first, fsize | PINUSE);
  struct chunk *sentinel = chunk_at(base + fsize);
  sentinel->prev_size = fsize;
  chunk_set_head(sentinel, 0 | CINUSE); /* PINUSE clear: FIRST is free */
  bin_insert(h, first);
  return true;
}

static struct arena *arena_of(struct heap *h, uint64_t addr) {
  for (struct arena *a = h->arenas; a; a = a->next)
    if (addr >= a->base && addr < a->base + a->size) return a;
  return NULL;
}

/* Returns the arena to the backing when free chunk C spans all of it, keeping at least one
 * arena for the next allocations. */
static void arena_release_if_empty(struct heap *h, struct chunk *c) {
  uint64_t addr = (uint64_t)(uintptr_t)c;
  if (h->stats.arenas <= 1) return;
  for (struct arena **ap = &h->arenas; *ap; ap = &(*ap)->next) {
    struct arena *a = *ap;
    if (a->base != addr) continue;
    if (chunk_size(c) != a->size - HDR) return;
    bin_remove(h, c);
    *ap = a->next;
    h->stats.arenas--;
    h->stats.bytes_mapped -= a->size;
    h->backing.unmap(a->base, a->size, h->backing.ctx);
    free(a);
    return;
  }
}

/* ---- chunk operations (lock held) --------------------------------------------------- */

/* Marks free chunk C (already out of its bin) in use for R bytes, splitting off the rest. */
static void chunk_take(struct heap *h, struct chunk *c, uint64_t r) {
  uint64_t s = chunk_size(c);
  if (s - r >= MIN_CHUNK) {
    chunk_set_head(c, r | CINUSE | (c->head & PINUSE));
    struct chunk *rem = chunk_at((uint64_t)(uintptr_t)c + r);
    chunk_set_head(rem, (s - r) | PINUSE);
    chunk_next(rem)->prev_size = s - r;
    bin_insert(h, rem);
  } else {
    c->head |= CINUSE;
    chunk_next(c)->head |= PINUSE;
  }
  h->stats.bytes_in_use += chunk_size(c);
}

/* Frees in-use arena chunk C: merges it with free neighbours and bins the result. */
static void chunk_release(struct heap *h, struct chunk *c) {
  uint64_t s = chunk_size(c);
  h->stats.bytes_in_use -= s;
  if (!(c->head & PINUSE)) {
    struct chunk *prev = chunk_at((uint64_t)(uintptr_t)c - c->prev_size);
    bin_remove(h, prev);
    s += chunk_size(prev);
    c = prev;
  }
  struct chunk *next = chunk_at((uint64_t)(uintptr_t)c + s);
  if (!(next->head & CINUSE)) {
    bin_remove(h, next);
    s += chunk_size(next);
    next = chunk_at((uint64_t)(uintptr_t)c + s);
  }
  chunk_set_head(c, s | PINUSE);
  next->prev_size = s;
  next->head &= ~PINUSE;
  bin_insert(h, c);
  if (chunk_size(next) == 0) arena_release_if_empty(h, c); /* C ends at a sentinel */
}

/* Shrinks in-use chunk C to R bytes, freeing the tail when it is big enough. */
static void chunk_trim(struct heap *h, struct chunk *c, uint64_t r) {
  uint64_t s = chunk_size(c);
  if (s < r || s - r < MIN_CHUNK) return;
  chunk_set_head(c, r | (c->head & FLAGS));
  struct chunk *tail = chunk_at((uint64_t)(uintptr_t)c + r);
  chunk_set_head(tail, (s - r) | CINUSE | PINUSE);
  /* C was counted with S bytes; releasing the tail takes its S-R back off. */
  chunk_release(h, tail);
}

static struct chunk *bins_find(struct heap *h, uint64_t r) {
  for (unsigned i = bin_next_nonempty(h, bin_index(r)); i < NBINS;
       i = bin_next_nonempty(h, i + 1)) {
    for (struct chunk *c = h->bins[i]; c; c = c->fd)
      if (chunk_size(c) >= r) return c;
  }
  return NULL;
}

static struct chunk *arena_alloc(struct heap *h, uint64_t r) {
  struct chunk *c = bins_find(h, r);
  if (!c) {
    if (!arena_add(h, r)) return NULL;
    c = bins_find(h, r);
    if (!c) return NULL;
  }
  bin_remove(h, c);
  chunk_take(h, c, r);
  return c;
}

/* ---- large blocks ------------------------------------------------------------------- */

static struct chunk *large_alloc(struct heap *h, size_t n, size_t align) {
  if (n > (SIZE_MAX >> 2) || align > (SIZE_MAX >> 4)) return NULL;
  uint64_t size = round_up(n + HDR + (align > HDR ? align : 0), MAP_GRANULE);
  struct large *l = malloc(sizeof *l);
  uint64_t base = l ? h->backing.map(size, h->backing.ctx) : 0;
  if (!base) {
    free(l);
    return NULL;
  }
  uint64_t payload = round_up(base + HDR, align > HDR ? align : HDR);
  struct chunk *c = chunk_at(payload - HDR);
  c->prev_size = payload - HDR - base;
  chunk_set_head(c, (base + size - (payload - HDR)) | CINUSE | MMAPPED);
  *l = (struct large){base, size, c, h->larges};
  h->larges = l;
  h->stats.large_blocks++;
  h->stats.bytes_mapped += size;
  h->stats.bytes_in_use += chunk_size(c);
  return c;
}

static struct large **large_find(struct heap *h, const struct chunk *c) {
  for (struct large **l = &h->larges; *l; l = &(*l)->next)
    if ((*l)->c == c) return l;
  return NULL;
}

static void large_release(struct heap *h, struct large **lp) {
  struct large *l = *lp;
  *lp = l->next;
  h->stats.large_blocks--;
  h->stats.bytes_mapped -= l->size;
  h->stats.bytes_in_use -= chunk_size(l->c);
  h->backing.unmap(l->base, l->size, h->backing.ctx);
  free(l);
}

/* ---- validation of pointers handed back by the guest --------------------------------- */

enum owner { OWNER_NONE, OWNER_ARENA, OWNER_LARGE };

static enum owner pointer_owner(struct heap *h, const void *p, struct large ***large_out) {
  uint64_t addr = (uint64_t)(uintptr_t)p;
  if (addr < HDR || (addr & 15)) return OWNER_NONE;
  struct chunk *c = payload_chunk(p);
  struct arena *a = arena_of(h, addr);
  if (a) {
    if (addr < a->base + HDR) return OWNER_NONE;
    uint64_t s = chunk_size(c);
    if (!chunk_tag_ok(c) || !(c->head & CINUSE) || (c->head & MMAPPED) || s < MIN_CHUNK ||
        addr - HDR + s > a->base + a->size - HDR)
      return OWNER_NONE;
    if (!(chunk_next(c)->head & PINUSE)) return OWNER_NONE;
    return OWNER_ARENA;
  }
  struct large **l = large_find(h, c); /* compares addresses only: no wild reads */
  if (l && chunk_tag_ok(c)) {
    if (large_out) *large_out = l;
    return OWNER_LARGE;
  }
  return OWNER_NONE;
}

/* Counts a bad pointer and logs the first few (lock held). */
#define BAD_POINTER_LOG_LIMIT 16
static void report_bad_pointer(struct heap *h, const char *what, const void *p,
                               const char *action) {
  size_t n = ++h->stats.bad_frees;
  if (n <= BAD_POINTER_LOG_LIMIT)
    LOG(hle, GAME_ERROR, "%s(%p): not a live heap block (double free?), %s%s", what, p, action,
        n == BAD_POINTER_LOG_LIMIT ? "; further bad pointers are counted, not logged" : "");
}

/* ---- public entry points ------------------------------------------------------------ */

void *hle_heap_malloc(struct heap *h, size_t n) {
  uint64_t r = request_size(n);
  if (!r) return NULL;
  pthread_mutex_lock(&h->lock);
  struct chunk *c = n >= LARGE_MIN ? large_alloc(h, n, LARGE_ALIGN) : arena_alloc(h, r);
  pthread_mutex_unlock(&h->lock);
  return c ? chunk_payload(c) : NULL;
}

void *hle_heap_calloc(struct heap *h, size_t count, size_t size) {
  size_t n;
  if (__builtin_mul_overflow(count, size, &n)) return NULL;
  void *p = hle_heap_malloc(h, n);
  if (p) memset(p, 0, n);
  return p;
}

void hle_heap_free(struct heap *h, void *p) {
  if (!p) return;
  pthread_mutex_lock(&h->lock);
  struct large **l = NULL;
  switch (pointer_owner(h, p, &l)) {
    case OWNER_ARENA: chunk_release(h, payload_chunk(p)); break;
    case OWNER_LARGE: large_release(h, l); break;
    case OWNER_NONE:
      report_bad_pointer(h, "free", p, "ignored");
      break;
  }
  pthread_mutex_unlock(&h->lock);
}

size_t hle_heap_usable_size(struct heap *h, const void *p) {
  if (!p) return 0;
  pthread_mutex_lock(&h->lock);
  size_t n = pointer_owner(h, p, NULL) != OWNER_NONE ? chunk_size(payload_chunk(p)) - HDR : 0;
  pthread_mutex_unlock(&h->lock);
  return n;
}

bool hle_heap_owns(struct heap *h, const void *p) {
  if (!p) return false;
  pthread_mutex_lock(&h->lock);
  bool owned = pointer_owner(h, p, NULL) != OWNER_NONE;
  pthread_mutex_unlock(&h->lock);
  return owned;
}

void *hle_heap_realloc(struct heap *h, void *p, size_t n) {
  if (!p) return hle_heap_malloc(h, n);
  uint64_t r = request_size(n);
  if (!r) return NULL;
  pthread_mutex_lock(&h->lock);
  enum owner o = pointer_owner(h, p, NULL);
  if (o == OWNER_NONE) {
    report_bad_pointer(h, "realloc", p, "returning NULL");
    pthread_mutex_unlock(&h->lock);
    return NULL;
  }
  struct chunk *c = payload_chunk(p);
  uint64_t s = chunk_size(c);
  if (o == OWNER_ARENA && n < LARGE_MIN) {
    if (r <= s) {
      chunk_trim(h, c, r);
      pthread_mutex_unlock(&h->lock);
      return p;
    }
    struct chunk *next = chunk_next(c);
    if (!(next->head & CINUSE) && s + chunk_size(next) >= r) {
      bin_remove(h, next);
      uint64_t total = s + chunk_size(next);
      chunk_set_head(c, total | (c->head & FLAGS));
      chunk_next(c)->head |= PINUSE;
      h->stats.bytes_in_use += total - s;
      chunk_trim(h, c, r);
      pthread_mutex_unlock(&h->lock);
      return p;
    }
  } else if (o == OWNER_LARGE && r <= s && n >= LARGE_MIN / 2) {
    pthread_mutex_unlock(&h->lock);
    return p; /* fits the mapping and still large: keep it */
  }
  pthread_mutex_unlock(&h->lock);

  void *q = hle_heap_malloc(h, n);
  if (!q) return NULL;
  size_t old = s - HDR;
  memcpy(q, p, old < n ? old : n);
  hle_heap_free(h, p);
  return q;
}

void *hle_heap_memalign(struct heap *h, size_t align, size_t n) {
  if (align & (align - 1)) return NULL;
  if (align <= HDR) return hle_heap_malloc(h, n);
  uint64_t r = request_size(n);
  if (!r || align > (SIZE_MAX >> 4)) return NULL;
  pthread_mutex_lock(&h->lock);
  struct chunk *c;
  if (n >= LARGE_MIN || align >= LARGE_MIN) {
    c = large_alloc(h, n, align > LARGE_ALIGN ? align : LARGE_ALIGN);
  } else {
    c = arena_alloc(h, r + align + MIN_CHUNK);
    uint64_t p = c ? (uint64_t)(uintptr_t)chunk_payload(c) : 0;
    if (c && (p & (align - 1))) {
      /* Split off a leading chunk of at least MIN_CHUNK and free it. */
      uint64_t q = round_up(p + MIN_CHUNK, align);
      uint64_t lead = q - p;
      struct chunk *ac = payload_chunk((void *)(uintptr_t)q);
      chunk_set_head(ac, (chunk_size(c) - lead) | CINUSE);
      chunk_set_head(c, lead | CINUSE | (c->head & PINUSE));
      chunk_release(h, c); /* subtracts LEAD from bytes_in_use, sets ac's PINUSE off */
      c = ac;
    }
    if (c) chunk_trim(h, c, r);
  }
  pthread_mutex_unlock(&h->lock);
  return c ? chunk_payload(c) : NULL;
}

void hle_heap_get_stats(struct heap *h, struct heap_stats *out) {
  pthread_mutex_lock(&h->lock);
  *out = h->stats;
  pthread_mutex_unlock(&h->lock);
}

bool hle_heap_check(struct heap *h) {
  bool ok = true;
  size_t free_walk = 0, free_bins = 0;
  pthread_mutex_lock(&h->lock);
  for (struct arena *a = h->arenas; a && ok; a = a->next) {
    struct chunk *c = chunk_at(a->base);
    bool prev_in_use = true;
    uint64_t prev_size = 0;
    for (;;) {
      uint64_t addr = (uint64_t)(uintptr_t)c, s = chunk_size(c);
      if (addr > a->base + a->size - HDR || (s & 15) || !chunk_tag_ok(c) ||
          (bool)(c->head & PINUSE) != prev_in_use ||
          (!prev_in_use && c->prev_size != prev_size)) {
        LOG(hle, ERROR, "heap damaged at %#lx in arena %#lx", (unsigned long)addr,
            (unsigned long)a->base);
        ok = false;
        break;
      }
      if (s == 0) break; /* sentinel */
      bool in_use = c->head & CINUSE;
      if (!in_use && !prev_in_use) {
        LOG(hle, ERROR, "heap: adjacent free chunks at %#lx", (unsigned long)addr);
        ok = false;
        break;
      }
      if (!in_use) free_walk++;
      prev_in_use = in_use;
      prev_size = s;
      c = chunk_next(c);
    }
  }
  for (unsigned i = 0; i < NBINS && ok; i++) {
    bool marked = (h->bin_map[i / 64] >> (i % 64)) & 1;
    if (marked != (h->bins[i] != NULL)) {
      LOG(hle, ERROR, "heap: bin map disagrees with bin %u", i);
      ok = false;
      break;
    }
    for (struct chunk *c = h->bins[i]; c; c = c->fd) {
      free_bins++;
      if ((c->head & CINUSE) || bin_index(chunk_size(c)) != i) {
        LOG(hle, ERROR, "heap: bad free-list entry %p in bin %u", (void *)c, i);
        ok = false;
        break;
      }
    }
  }
  if (ok && free_walk != free_bins) {
    LOG(hle, ERROR, "heap: %zu free chunks in arenas but %zu in free lists", free_walk,
        free_bins);
    ok = false;
  }
  pthread_mutex_unlock(&h->lock);
  return ok;
}
