/* The NID map: symbol name + providing module -> library, module versions and NID. */
#include <stdlib.h>
#include <string.h>

#include "common/nid.h"
#include "mkself_internal.h"

/* FNV-1a over "module\0name". */
static uint64_t key_hash(const char *module, const char *name) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char *p = (const unsigned char *)module; *p; p++)
    h = (h ^ *p) * 0x100000001b3ull;
  h *= 0x100000001b3ull;
  for (const unsigned char *p = (const unsigned char *)name; *p; p++)
    h = (h ^ *p) * 0x100000001b3ull;
  return h;
}

/* Slot holding (module, name), or the empty slot where it would go. */
static size_t index_slot(const struct mkself_nid_map *m, const char *module, const char *name) {
  size_t mask = m->index_cap - 1;
  for (size_t i = (size_t)key_hash(module, name) & mask;; i = (i + 1) & mask) {
    size_t v = m->index[i];
    if (v == 0) return i;
    const struct mkself_nid_entry *e = &m->entries[v - 1];
    if (strcmp(e->name, name) == 0 && strcmp(e->module_name, module) == 0) return i;
  }
}

/* Indexes entry I unless an earlier entry has the same key (the first one wins). */
static bool index_add(struct mkself_nid_map *m, size_t i) {
  if ((m->count + 1) * 2 > m->index_cap) {
    size_t ncap = m->index_cap ? m->index_cap * 2 : 512;
    size_t *old = m->index, old_cap = m->index_cap;
    m->index = calloc(ncap, sizeof *m->index);
    if (!m->index) {
      m->index = old;
      return false;
    }
    m->index_cap = ncap;
    for (size_t k = 0; k < old_cap; k++) {
      if (!old[k]) continue;
      const struct mkself_nid_entry *e = &m->entries[old[k] - 1];
      m->index[index_slot(m, e->module_name, e->name)] = old[k];
    }
    free(old);
  }
  size_t slot = index_slot(m, m->entries[i].module_name, m->entries[i].name);
  if (!m->index[slot]) m->index[slot] = i + 1;
  return true;
}

static bool map_push(struct mkself_nid_map *m, struct mkself_nid_entry *e) {
  if (m->count == m->cap) {
    size_t ncap = m->cap ? m->cap * 2 : 256;
    struct mkself_nid_entry *n = realloc(m->entries, ncap * sizeof *n);
    if (!n) return false;
    m->entries = n;
    m->cap = ncap;
  }
  m->entries[m->count] = *e;
  if (!index_add(m, m->count)) return false;
  m->count++;
  return true;
}

static void entry_free(struct mkself_nid_entry *e) {
  free(e->module_name);
  free(e->library_name);
  free(e->name);
}

void mkself_nid_map_free(struct mkself_nid_map *m) {
  for (size_t i = 0; i < m->count; i++) entry_free(&m->entries[i]);
  free(m->entries);
  free(m->index);
  memset(m, 0, sizeof *m);
}

static char *dup_range(const char *s, size_t n) {
  char *r = malloc(n + 1);
  if (!r) return NULL;
  memcpy(r, s, n);
  r[n] = '\0';
  return r;
}

static bool parse_uint(const char *s, size_t n, unsigned long max, unsigned long *out) {
  if (n == 0 || n > 10) return false;
  unsigned long v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (unsigned long)(s[i] - '0');
  }
  if (v > max) return false;
  *out = v;
  return true;
}

/* Columns of one prospero-hle-export line. */
enum {
  COL_LIBRARY, COL_LIBRARY_VERSION, COL_MODULE, COL_MODULE_MAJOR, COL_MODULE_MINOR, COL_NID,
  COL_NAME, COL_KIND, COL_STATUS, COL_COUNT
};

static bool parse_line(struct mkself_nid_map *m, const char *line, size_t len, unsigned lineno,
                       char *err, size_t cap) {
  const char *col[COL_COUNT];
  size_t col_len[COL_COUNT];
  size_t n = 0;
  const char *p = line, *end = line + len;
  while (n < COL_COUNT) {
    const char *tab = memchr(p, '\t', (size_t)(end - p));
    const char *stop = tab ? tab : end;
    col[n] = p;
    col_len[n] = (size_t)(stop - p);
    n++;
    if (!tab) break;
    p = tab + 1;
  }
  if (n != COL_COUNT || p + col_len[COL_COUNT - 1] != end)
    return mkself_fail(err, cap, "NID table line %u: expected %d tab-separated columns", lineno,
                       COL_COUNT);
  unsigned long libver, major, minor;
  if (!parse_uint(col[COL_LIBRARY_VERSION], col_len[COL_LIBRARY_VERSION], 0xFFFF, &libver) ||
      !parse_uint(col[COL_MODULE_MAJOR], col_len[COL_MODULE_MAJOR], 0xFF, &major) ||
      !parse_uint(col[COL_MODULE_MINOR], col_len[COL_MODULE_MINOR], 0xFF, &minor))
    return mkself_fail(err, cap, "NID table line %u: bad version number", lineno);
  char nid[NID_BUF_SIZE];
  if (col_len[COL_NID] != NID_LEN)
    return mkself_fail(err, cap, "NID table line %u: bad NID", lineno);
  memcpy(nid, col[COL_NID], NID_LEN);
  nid[NID_LEN] = '\0';
  if (!nid_is_valid(nid)) return mkself_fail(err, cap, "NID table line %u: bad NID", lineno);
  struct mkself_nid_entry e = {0};
  if (col_len[COL_KIND] == 8 && memcmp(col[COL_KIND], "function", 8) == 0)
    e.kind = MKSELF_FUNCTION;
  else if (col_len[COL_KIND] == 6 && memcmp(col[COL_KIND], "object", 6) == 0)
    e.kind = MKSELF_OBJECT;
  else
    return mkself_fail(err, cap, "NID table line %u: kind must be function or object", lineno);
  if (col_len[COL_LIBRARY] == 0 || col_len[COL_MODULE] == 0 || col_len[COL_NAME] == 0)
    return mkself_fail(err, cap, "NID table line %u: empty library, module or name", lineno);
  bool unnamed = col_len[COL_NAME] == 1 && col[COL_NAME][0] == '-';
  if (!unnamed) {
    char named[NID_BUF_SIZE];
    char *tmp = dup_range(col[COL_NAME], col_len[COL_NAME]);
    if (!tmp) return mkself_fail(err, cap, "out of memory");
    nid_from_name(tmp, named);
    free(tmp);
    if (strcmp(named, nid) != 0)
      return mkself_fail(err, cap, "NID table line %u: NID %s is not the NID of '%.*s' (%s)",
                         lineno, nid, (int)col_len[COL_NAME], col[COL_NAME], named);
  }
  e.library_name = dup_range(col[COL_LIBRARY], col_len[COL_LIBRARY]);
  e.module_name = dup_range(col[COL_MODULE], col_len[COL_MODULE]);
  e.name = unnamed ? dup_range(nid, NID_LEN) : dup_range(col[COL_NAME], col_len[COL_NAME]);
  e.library_version = (uint16_t)libver;
  e.module_major = (uint8_t)major;
  e.module_minor = (uint8_t)minor;
  memcpy(e.nid, nid, sizeof e.nid);
  if (!e.library_name || !e.module_name || !e.name || !map_push(m, &e)) {
    entry_free(&e);
    return mkself_fail(err, cap, "out of memory");
  }
  return true;
}

bool mkself_nid_map_add_tsv(struct mkself_nid_map *m, const char *text, size_t len, char *err,
                            size_t cap) {
  unsigned lineno = 0;
  size_t pos = 0;
  while (pos < len) {
    const char *nl = memchr(text + pos, '\n', len - pos);
    size_t line_len = nl ? (size_t)(nl - (text + pos)) : len - pos;
    lineno++;
    size_t l = line_len;
    if (l && text[pos + l - 1] == '\r') l--;
    if (l && text[pos] != '#' && !parse_line(m, text + pos, l, lineno, err, cap)) return false;
    pos += line_len + 1;
  }
  return true;
}

bool mkself_nid_map_add_elf(struct mkself_nid_map *m, const uint8_t *elf, size_t size,
                            const char *module_name, char *err, size_t cap) {
  struct mkself_elf e;
  struct mkself_dyn d;
  if (!mkself_elf_open(&e, elf, size, err, cap) || !mkself_elf_read_dynamic(&e, &d, err, cap))
    return false;
  for (uint64_t i = 1; i < d.sym_count; i++) {
    Elf64_Sym s = mkself_dyn_sym(&d, i);
    unsigned bind = ELF64_ST_BIND(s.st_info), type = ELF64_ST_TYPE(s.st_info);
    if (s.st_shndx == SHN_UNDEF || (bind != STB_GLOBAL && bind != STB_WEAK)) continue;
    if (type != STT_FUNC && type != STT_OBJECT && type != STT_TLS) continue;
    const char *name = mkself_dyn_str(&d, s.st_name);
    if (!name || !*name) continue;
    struct mkself_nid_entry en = {0};
    en.module_name = strdup(module_name);
    en.library_name = strdup(module_name);
    en.name = strdup(name);
    en.module_major = 1;
    en.module_minor = 1;
    en.library_version = 1;
    en.kind = type == STT_FUNC ? MKSELF_FUNCTION : MKSELF_OBJECT;
    nid_from_name(name, en.nid);
    if (!en.module_name || !en.library_name || !en.name || !map_push(m, &en)) {
      entry_free(&en);
      return mkself_fail(err, cap, "out of memory");
    }
  }
  return true;
}

const struct mkself_nid_entry *mkself_nid_map_find(const struct mkself_nid_map *m,
                                                   const char *module_name, const char *name) {
  if (!m->index_cap) return NULL;
  size_t v = m->index[index_slot(m, module_name, name)];
  return v ? &m->entries[v - 1] : NULL;
}
