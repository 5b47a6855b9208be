/* Guest memory as shaders see it: the range table (shader_memory.h). */
#include "gpu/shader/dispatch/shader_memory.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/spirv/spirv_emit.h"
#include "gpu/tiling/tiling.h"

_Static_assert(SPIRV_PATTERN_WORDS == TILING_GPU_TABLE_WORDS, "swizzle equation table size");
_Static_assert(SPIRV_PATTERN_INDEX(31, 5, 4) == TILING_GPU_INDEX(31, 5, 4), "equation index");
_Static_assert(SPIRV_RANGES_PATTERNS % 2 == 0, "the equations are 64-bit words");

struct range {
  uint64_t addr, size;
  uint8_t *host;
  struct vk_buffer buf;
  bool imported;
  uint64_t used;       /* shader_memory_use_window's clock when last used */
  bool device_wrote;   /* copied: a dispatch ran against it since its last download */
  bool pinned;         /* shader_memory_use_pinned: never dropped for a window or a guest unmap */
  uint8_t *host_dirty; /* copied: per page, written by the host since its last upload */
};

struct shader_memory {
  vk_device *dev;
  struct range r[SHADER_MEMORY_MAX_RANGES];
  uint32_t count;
  struct vk_buffer table;
  struct vk_buffer fault; /* the fault record (SPIRV_FAULT_*), its address in the table */
  bool fault_check;       /* SPIRV_SPEC_FAULT_CHECK for the next dispatches */
  bool table_stale;
  uint64_t imports, clock;
  /* unmaps reported from other threads, applied before the table is next used */
  pthread_mutex_t lock;
  struct {
    uint64_t addr, size;
  } pending[16];
  uint32_t n_pending;
  bool pending_all; /* more than fit: every range goes */
};

/* The swizzle equations of image accesses, built once per process from the tiling library
 * and copied after the range slots of every table. */
static uint64_t equations[SPIRV_PATTERN_WORDS];
static size_t equation_words;
static pthread_once_t equations_once = PTHREAD_ONCE_INIT;
static void equations_build(void) {
  equation_words = tiling_gpu_table(equations, SPIRV_PATTERN_WORDS);
}

struct shader_memory *shader_memory_create(vk_device *dev) {
  struct shader_memory *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->dev = dev;
  m->table_stale = true;
  m->fault_check = true;
  pthread_mutex_init(&m->lock, NULL);
  uint64_t bytes = 4ull * SPIRV_RANGES_PATTERNS + 8ull * SPIRV_PATTERN_WORDS;
  if (!vk_buffer_create(dev, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST,
                        &m->table)) {
    free(m);
    return NULL;
  }
  memset(m->table.mapped, 0, bytes);
  if (!vk_buffer_create(dev, 4 * SPIRV_FAULT_DWORDS, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                        GPU_VK_MEMORY_HOST, &m->fault) ||
      !m->fault.address) {
    vk_buffer_destroy(dev, &m->fault);
    vk_buffer_destroy(dev, &m->table);
    pthread_mutex_destroy(&m->lock);
    free(m);
    return NULL;
  }
  memset(m->fault.mapped, 0, 4 * SPIRV_FAULT_DWORDS);
  uint32_t *w = m->table.mapped;
  w[SPIRV_RANGES_FAULT] = (uint32_t)m->fault.address;
  w[SPIRV_RANGES_FAULT + 1] = (uint32_t)(m->fault.address >> 32);
  /* the swizzle equations of image accesses, after the range slots (never rewritten) */
  pthread_once(&equations_once, equations_build);
  if (!equation_words) {
    vk_buffer_destroy(dev, &m->fault);
    vk_buffer_destroy(dev, &m->table);
    pthread_mutex_destroy(&m->lock);
    free(m);
    return NULL;
  }
  memcpy((uint64_t *)m->table.mapped + SPIRV_RANGES_PATTERNS / 2, equations,
         equation_words * sizeof *equations);
  return m;
}

void shader_memory_destroy(struct shader_memory *m) {
  if (!m) return;
  for (uint32_t i = 0; i < m->count; i++) {
    vk_buffer_destroy(m->dev, &m->r[i].buf);
    free(m->r[i].host_dirty);
  }
  vk_buffer_destroy(m->dev, &m->table);
  vk_buffer_destroy(m->dev, &m->fault);
  pthread_mutex_destroy(&m->lock);
  free(m);
}

static bool fail(char *err, size_t n, const char *fmt, unsigned long long a, unsigned long long b) {
  snprintf(err, n, fmt, a, b);
  return false;
}

bool shader_memory_map(struct shader_memory *m, uint64_t addr, void *host, uint64_t size,
                       bool allow_import, char *err, size_t err_size) {
  if (!host || size < 4 || size % 4 || addr >> 48 || size > (1ull << 48) - addr)
    return fail(err, err_size, "guest range 0x%llx+0x%llx: not a range of the 48-bit space", addr,
                size);
  if (m->count == SHADER_MEMORY_MAX_RANGES)
    return fail(err, err_size, "guest range 0x%llx+0x%llx: the table is full", addr, size);
  for (uint32_t i = 0; i < m->count; i++)
    if (addr < m->r[i].addr + m->r[i].size && m->r[i].addr < addr + size)
      return fail(err, err_size, "guest range 0x%llx+0x%llx overlaps a mapped range", addr, size);
  struct range *r = &m->r[m->count];
  *r = (struct range){.addr = addr, .size = size, .host = host};
  uint64_t align = vk_device_host_import_alignment(m->dev);
  allow_import = allow_import && align && (uintptr_t)host % align == 0 && size % align == 0;
  r->imported = allow_import && vk_buffer_import_host(m->dev, host, size,
                                                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &r->buf);
  if (!r->imported) {
    r->host_dirty = calloc((size + SHADER_MEMORY_PAGE - 1) / SHADER_MEMORY_PAGE, 1);
    if (!r->host_dirty || !vk_buffer_create(m->dev, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                            GPU_VK_MEMORY_HOST, &r->buf)) {
      free(r->host_dirty);
      return fail(err, err_size, "guest range 0x%llx+0x%llx: no device buffer", addr, size);
    }
    memcpy(r->buf.mapped, host, size);
  }
  if (!r->buf.address) {
    vk_buffer_destroy(m->dev, &r->buf);
    free(r->host_dirty);
    return fail(err, err_size, "guest range 0x%llx+0x%llx: no device address", addr, size);
  }
  if (r->imported) m->imports++;
  r->used = ++m->clock;
  m->count++;
  m->table_stale = true;
  return true;
}

bool shader_memory_is_imported(const struct shader_memory *m, uint64_t addr) {
  for (uint32_t i = 0; i < m->count; i++)
    if (addr - m->r[i].addr < m->r[i].size) return m->r[i].imported;
  return false;
}

uint32_t shader_memory_count(const struct shader_memory *m) { return m->count; }

uint64_t shader_memory_device_address(const struct shader_memory *m, uint64_t addr) {
  for (uint32_t i = 0; i < m->count; i++)
    if (addr - m->r[i].addr < m->r[i].size) return m->r[i].buf.address + (addr - m->r[i].addr);
  return 0;
}

/* The part of range R that [ADDR, ADDR + SIZE) meets, as offsets; false when none. */
static bool meet(const struct range *r, uint64_t addr, uint64_t size, uint64_t *lo, uint64_t *hi) {
  uint64_t end = addr + size < addr ? UINT64_MAX : addr + size;
  if (end <= r->addr || addr >= r->addr + r->size) return false;
  *lo = addr > r->addr ? addr - r->addr : 0;
  *hi = end < r->addr + r->size ? end - r->addr : r->size;
  return *lo < *hi;
}

void shader_memory_host_wrote(struct shader_memory *m, uint64_t addr, uint64_t size) {
  for (uint32_t i = 0; i < m->count; i++) {
    struct range *r = &m->r[i];
    uint64_t lo, hi;
    if (r->imported || !meet(r, addr, size, &lo, &hi)) continue;
    for (uint64_t p = lo / SHADER_MEMORY_PAGE; p <= (hi - 1) / SHADER_MEMORY_PAGE; p++)
      r->host_dirty[p] = 1;
  }
}

void shader_memory_download(struct shader_memory *m, uint64_t addr, uint64_t size) {
  for (uint32_t i = 0; i < m->count; i++) {
    struct range *r = &m->r[i];
    uint64_t lo, hi;
    if (r->imported || !r->device_wrote || !meet(r, addr, size, &lo, &hi)) continue;
    memcpy(r->host + lo, (uint8_t *)r->buf.mapped + lo, hi - lo);
    if (lo == 0 && hi == r->size) r->device_wrote = false;
  }
}

static void put64(uint32_t *w, uint64_t v) {
  w[0] = (uint32_t)v;
  w[1] = (uint32_t)(v >> 32);
}

/* Drops the ranges meeting [ADDR, ADDR + SIZE), the pinned ones too unless KEEP_PINNED. */
static void drop(struct shader_memory *m, uint64_t addr, uint64_t size, bool keep_pinned) {
  uint64_t end = addr + size < addr ? UINT64_MAX : addr + size;
  uint32_t k = 0;
  for (uint32_t i = 0; i < m->count; i++) {
    struct range *r = &m->r[i];
    if (addr < r->addr + r->size && r->addr < end && !(keep_pinned && r->pinned)) {
      vk_buffer_destroy(m->dev, &r->buf);
      free(r->host_dirty);
      m->table_stale = true;
    } else {
      m->r[k++] = *r;
    }
  }
  m->count = k;
}

void shader_memory_unmap(struct shader_memory *m, uint64_t addr, uint64_t size) {
  drop(m, addr, size, false);
}

void shader_memory_unmapped(struct shader_memory *m, uint64_t addr, uint64_t size) {
  pthread_mutex_lock(&m->lock);
  if (m->n_pending < sizeof m->pending / sizeof *m->pending) {
    m->pending[m->n_pending].addr = addr;
    m->pending[m->n_pending++].size = size;
  } else {
    m->pending_all = true;
  }
  pthread_mutex_unlock(&m->lock);
}

static void apply_unmapped(struct shader_memory *m) {
  pthread_mutex_lock(&m->lock);
  if (m->pending_all) drop(m, 0, UINT64_MAX, true);
  for (uint32_t i = 0; i < m->n_pending; i++) drop(m, m->pending[i].addr, m->pending[i].size, true);
  m->n_pending = 0;
  m->pending_all = false;
  pthread_mutex_unlock(&m->lock);
}

/* The range that is exactly [ADDR, ADDR + SIZE) at HOST, or NULL. */
static struct range *find_same(struct shader_memory *m, uint64_t addr, void *host, uint64_t size) {
  for (uint32_t i = 0; i < m->count; i++)
    if (m->r[i].addr == addr && m->r[i].size == size && m->r[i].host == host) return &m->r[i];
  return NULL;
}

/* Maps [ADDR, ADDR + SIZE) at HOST after dropping the unpinned ranges it meets and, when the
 * table is full, the least recently used unpinned range. */
static bool map_making_room(struct shader_memory *m, uint64_t addr, void *host, uint64_t size,
                            char *err, size_t err_size) {
  drop(m, addr, size, true);
  if (m->count == SHADER_MEMORY_MAX_RANGES) { /* the least recently used range goes */
    int lru = -1;
    for (uint32_t i = 0; i < m->count; i++)
      if (!m->r[i].pinned && (lru < 0 || m->r[i].used < m->r[lru].used)) lru = (int)i;
    if (lru >= 0) drop(m, m->r[lru].addr, m->r[lru].size, false);
  }
  return shader_memory_map(m, addr, host, size, true, err, err_size);
}

bool shader_memory_use_window(struct shader_memory *m, uint64_t addr, void *host, uint64_t size,
                              char *err, size_t err_size) {
  apply_unmapped(m);
  struct range *r = find_same(m, addr, host, size);
  if (r) {
    r->used = ++m->clock;
    if (!r->imported) shader_memory_host_wrote(m, addr, size);
    return true;
  }
  return map_making_room(m, addr, host, size, err, err_size);
}

bool shader_memory_use_pinned(struct shader_memory *m, uint64_t addr, void *host, uint64_t size,
                              char *err, size_t err_size) {
  apply_unmapped(m);
  struct range *r = find_same(m, addr, host, size);
  if (!r) {
    if (!map_making_room(m, addr, host, size, err, err_size)) return false;
    r = &m->r[m->count - 1];
    r->pinned = true;
  }
  r->used = ++m->clock;
  if (!r->imported) shader_memory_host_wrote(m, addr, size);
  return true;
}

uint64_t shader_memory_imports(const struct shader_memory *m) { return m->imports; }

bool shader_memory_prepare(struct shader_memory *m, const struct vk_buffer **table) {
  apply_unmapped(m);
  for (uint32_t i = 0; i < m->count; i++) { /* the host's writes, page by page */
    struct range *r = &m->r[i];
    if (r->imported) continue;
    uint64_t pages = (r->size + SHADER_MEMORY_PAGE - 1) / SHADER_MEMORY_PAGE;
    for (uint64_t p = 0; p < pages; p++) {
      if (!r->host_dirty[p]) continue;
      uint64_t lo = p * SHADER_MEMORY_PAGE;
      uint64_t n = r->size - lo < SHADER_MEMORY_PAGE ? r->size - lo : SHADER_MEMORY_PAGE;
      memcpy((uint8_t *)r->buf.mapped + lo, r->host + lo, n);
      r->host_dirty[p] = 0;
    }
  }
  uint32_t *w = m->table.mapped;
  if (m->table_stale) {
    w[SPIRV_RANGES_COUNT] = m->count;
    for (uint32_t i = 0; i < SPIRV_RANGE_SLOTS; i++) {
      uint32_t *e = w + SPIRV_RANGES_FIRST + i * SPIRV_RANGE_DWORDS;
      put64(e + 0, i < m->count ? m->r[i].addr : SPIRV_RANGE_UNUSED);
      put64(e + 2, i < m->count ? m->r[i].size : 4);
      put64(e + 4, i < m->count ? m->r[i].buf.address : 0);
    }
    m->table_stale = false;
  }
  memset(m->fault.mapped, 0, 4 * SPIRV_FAULT_DWORDS); /* this dispatch's record */
  *table = &m->table;
  return true;
}

void shader_memory_finish(struct shader_memory *m) {
  for (uint32_t i = 0; i < m->count; i++)
    if (!m->r[i].imported) m->r[i].device_wrote = true;
}

void shader_memory_set_fault_check(struct shader_memory *m, bool on) { m->fault_check = on; }
bool shader_memory_fault_check(const struct shader_memory *m) { return m->fault_check; }

bool shader_memory_fault(const struct shader_memory *m, struct shader_fault *out) {
  const uint32_t *r = m->fault.mapped;
  *out =
      (struct shader_fault){.count = r[SPIRV_FAULT_COUNT],
                            .addr = (uint64_t)r[SPIRV_FAULT_ADDR + 1] << 32 | r[SPIRV_FAULT_ADDR],
                            .kind = r[SPIRV_FAULT_KIND] & 0xff,
                            .bytes = r[SPIRV_FAULT_KIND] >> 8 & 0xff,
                            .pc = r[SPIRV_FAULT_PC],
                            .lane = r[SPIRV_FAULT_LANE] & 0xff,
                            .wave = r[SPIRV_FAULT_LANE] >> 8 & 0xff};
  return out->count != 0;
}

void shader_memory_fault_text(const struct shader_memory *m, const struct shader_fault *f,
                              char *text, size_t size) {
  char pc[24] = "?", bytes[16] = "";
  if (f->pc != UINT32_MAX) snprintf(pc, sizeof pc, "0x%x", f->pc);
  if (f->bytes) snprintf(bytes, sizeof bytes, "%u-byte ", f->bytes);
  if (f->kind == SPIRV_FAULT_JUMP) { /* no access: a return the translation cannot follow */
    snprintf(text, size,
             "%u fault%s; first: a jump through a register to 0x%llx (code offset), none of "
             "the shader's return points or callees: the wave ended; shader offset %s, wave %u",
             f->count, f->count == 1 ? "" : "s", (unsigned long long)f->addr, pc, f->wave);
    return;
  }
  if (f->kind == SPIRV_FAULT_FORMAT) { /* the address is the T#'s format */
    snprintf(text, size,
             "%u image access%s of a format not decoded or outside every mapped guest range "
             "(read as 0, stores dropped); first: image format %llu (not decoded), shader offset "
             "%s, lane %u of wave %u",
             f->count, f->count == 1 ? "" : "es", (unsigned long long)f->addr, pc, f->lane,
             f->wave);
    return;
  }
  int n = snprintf(text, size,
                   "%u access%s outside every mapped guest range (read as 0, stores dropped); "
                   "first: %s%s at 0x%llx, shader offset %s, lane %u of wave %u",
                   f->count, f->count == 1 ? "" : "es", bytes, spirv_fault_kind_name(f->kind),
                   (unsigned long long)f->addr, pc, f->lane, f->wave);
  if (n < 0 || (size_t)n >= size) return;
  /* the nearest range: the distance to its first byte below, or past its end above */
  const struct range *near = NULL;
  uint64_t best = UINT64_MAX;
  for (uint32_t i = 0; i < m->count; i++) {
    const struct range *r = &m->r[i];
    uint64_t d = f->addr < r->addr             ? r->addr - f->addr
                 : f->addr - r->addr < r->size ? 0
                                               : f->addr - (r->addr + r->size) + 1;
    if (d < best) best = d, near = r;
  }
  if (!near) snprintf(text + n, size - (size_t)n, "; no range mapped");
  else
    snprintf(text + n, size - (size_t)n, "; nearest mapped range 0x%llx-0x%llx (%u mapped)",
             (unsigned long long)near->addr, (unsigned long long)(near->addr + near->size),
             m->count);
}
