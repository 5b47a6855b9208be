#include "loader/debug_info.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"

#define DEBUG_INFO_MAX_FILE (1ull << 30)
#define DEBUG_INFO_MAX_SEGMENTS 16
/* A symbol without a size covers at most this much past its start (assembly labels). */
#define DEBUG_INFO_UNSIZED_REACH 0x1000
#define NO_FILE UINT32_MAX /* a row that ends a sequence */

struct dbg_symbol {
  uint64_t addr, size;
  uint32_t name; /* offset in the pool */
  uint32_t rank; /* among symbols at one address the lowest rank is kept */
};

struct dbg_row {
  uint64_t addr;
  uint32_t line;
  uint32_t file; /* offset in the pool, NO_FILE for an end of sequence */
};

struct dbg_range {
  uint64_t start, end;
};

/* An address range of an inlined copy of a function (DW_TAG_inlined_subroutine). */
struct dbg_inline {
  uint64_t start, end;
  uint32_t name;  /* offset in the pool */
  uint32_t depth; /* nesting: the deepest range holding an address is the innermost call */
};

struct debug_info {
  struct dbg_symbol *syms;
  size_t nsyms;
  struct dbg_row *rows;
  size_t nrows;
  struct dbg_inline *inlines;
  size_t ninlines;
  struct dbg_range code[DEBUG_INFO_MAX_SEGMENTS]; /* executable segments */
  size_t ncode;
  char *pool;
  size_t pool_len, pool_cap;
  size_t nfiles;
  bool has_dwarf, has_lines;
};

/* Build state: the tables grow here, then are trimmed into the result. */
struct builder {
  struct debug_info *d;
  size_t syms_cap, rows_cap, inlines_cap;
  /* file and inlined-function name interning (open addressing over pool offsets) */
  uint32_t *file_slots;
  size_t file_slots_cap;
  size_t interned;
  const char *name, *label; /* module and sidecar names for messages */
  bool warned;
};

static void warn(struct builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(struct builder *b, const char *fmt, ...) {
  if (b->warned) return; /* one warning per sidecar: the first problem */
  b->warned = true;
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  LOG(loader, WARN, "%s: debug info %s: %s; crash reports use what remains (exported names "
      "and NIDs at worst)", b->name, b->label, msg);
}

static bool pool_add(struct builder *b, const char *s, uint32_t *out) {
  struct debug_info *d = b->d;
  size_t len = strlen(s) + 1;
  if (d->pool_len + len > UINT32_MAX) return false;
  if (d->pool_len + len > d->pool_cap) {
    size_t cap = d->pool_cap ? d->pool_cap * 2 : 4096;
    while (cap < d->pool_len + len) cap *= 2;
    char *p = realloc(d->pool, cap);
    if (!p) return false;
    d->pool = p;
    d->pool_cap = cap;
  }
  memcpy(d->pool + d->pool_len, s, len);
  *out = (uint32_t)d->pool_len;
  d->pool_len += len;
  return true;
}

static uint64_t hash_str(const char *s) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
  return h;
}

/* The pool offset of name S, adding it once. */
static bool intern(struct builder *b, const char *s, uint32_t *out) {
  struct debug_info *d = b->d;
  if (b->interned * 2 >= b->file_slots_cap) {
    size_t cap = b->file_slots_cap ? b->file_slots_cap * 2 : 64;
    uint32_t *slots = malloc(cap * sizeof *slots);
    if (!slots) return false;
    for (size_t i = 0; i < cap; i++) slots[i] = NO_FILE;
    for (size_t i = 0; i < b->file_slots_cap; i++) {
      uint32_t v = b->file_slots[i];
      if (v == NO_FILE) continue;
      size_t k = hash_str(d->pool + v) & (cap - 1);
      while (slots[k] != NO_FILE) k = (k + 1) & (cap - 1);
      slots[k] = v;
    }
    free(b->file_slots);
    b->file_slots = slots;
    b->file_slots_cap = cap;
  }
  size_t k = hash_str(s) & (b->file_slots_cap - 1);
  for (; b->file_slots[k] != NO_FILE; k = (k + 1) & (b->file_slots_cap - 1))
    if (strcmp(d->pool + b->file_slots[k], s) == 0) {
      *out = b->file_slots[k];
      return true;
    }
  if (!pool_add(b, s, out)) return false;
  b->file_slots[k] = *out;
  b->interned++;
  return true;
}

static bool grow(void **arr, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return true;
  size_t c = *cap ? *cap * 2 : 256;
  while (c < need) c *= 2;
  void *p = realloc(*arr, c * elem);
  if (!p) return false;
  *arr = p;
  *cap = c;
  return true;
}

/* ---- ELF: headers, code match, symbols ---- */

static bool check_header(struct builder *b, Elf *elf) {
  GElf_Ehdr eh;
  if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
    warn(b, "not an ELF file (%s)", elf_errmsg(-1));
    return false;
  }
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB ||
      eh.e_machine != EM_X86_64) {
    warn(b, "not a little-endian x86-64 ELF (class %u, data %u, machine %u)",
         eh.e_ident[EI_CLASS], eh.e_ident[EI_DATA], eh.e_machine);
    return false;
  }
  return true;
}

/* Records the executable segments and, with IMAGE, checks that the placed module holds the
 * same code at the same addresses. */
static bool check_code(struct builder *b, Elf *elf, const struct debug_info_image *image) {
  size_t nph, rawsize;
  const char *raw = elf_rawfile(elf, &rawsize);
  if (elf_getphdrnum(elf, &nph) != 0 || !raw) {
    warn(b, "no program headers (%s)", elf_errmsg(-1));
    return false;
  }
  struct debug_info *d = b->d;
  for (size_t i = 0; i < nph; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf, (int)i, &ph)) {
      warn(b, "program header %zu is unreadable (%s)", i, elf_errmsg(-1));
      return false;
    }
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_X) || ph.p_filesz == 0) continue;
    if (ph.p_offset > rawsize || ph.p_filesz > rawsize - ph.p_offset ||
        ph.p_vaddr > UINT64_MAX - ph.p_filesz) {
      warn(b, "code segment %zu (0x%llx bytes at file offset 0x%llx) is outside the file", i,
           (unsigned long long)ph.p_filesz, (unsigned long long)ph.p_offset);
      return false;
    }
    if (d->ncode == DEBUG_INFO_MAX_SEGMENTS) {
      warn(b, "more than %d code segments", DEBUG_INFO_MAX_SEGMENTS);
      return false;
    }
    d->code[d->ncode++] = (struct dbg_range){ph.p_vaddr, ph.p_vaddr + ph.p_filesz};
    if (!image) continue;
    if (ph.p_vaddr < image->vaddr_min || ph.p_vaddr + ph.p_filesz > image->vaddr_max ||
        memcmp((const void *)(uintptr_t)(image->base + ph.p_vaddr), raw + ph.p_offset,
               ph.p_filesz) != 0) {
      warn(b, "its code segment at 0x%llx differs from the module's: it describes another "
           "build, so it is ignored", (unsigned long long)ph.p_vaddr);
      return false;
    }
  }
  if (d->ncode == 0) {
    warn(b, "no code segment");
    return false;
  }
  return true;
}

static uint32_t symbol_rank(const GElf_Sym *s) {
  /* functions before objects, global before weak before local */
  uint32_t type = GELF_ST_TYPE(s->st_info) == STT_FUNC ? 0 : 4;
  switch (GELF_ST_BIND(s->st_info)) {
  case STB_GLOBAL: return type;
  case STB_WEAK: return type + 1;
  default: return type + 2;
  }
}

static int sym_cmp(const void *a, const void *b) {
  const struct dbg_symbol *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
  return x->name < y->name ? -1 : x->name > y->name;
}

/* Functions and objects of every SHT_SYMTAB, sorted, one per address. */
static bool collect_symbols(struct builder *b, Elf *elf) {
  struct debug_info *d = b->d;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(elf, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) {
      warn(b, "unreadable section header (%s)", elf_errmsg(-1));
      break;
    }
    if (sh.sh_type != SHT_SYMTAB) continue;
    Elf_Data *data = elf_getdata(scn, NULL);
    if (!data || sh.sh_entsize != sizeof(Elf64_Sym)) {
      warn(b, "unreadable symbol table (%s)", data ? "bad entry size" : elf_errmsg(-1));
      continue;
    }
    size_t n = data->d_size / sizeof(Elf64_Sym);
    for (size_t i = 0; i < n; i++) {
      GElf_Sym s;
      if (!gelf_getsym(data, (int)i, &s)) break;
      int t = GELF_ST_TYPE(s.st_info);
      if ((t != STT_FUNC && t != STT_OBJECT) || s.st_shndx == SHN_UNDEF || s.st_value == 0)
        continue;
      const char *nm = elf_strptr(elf, sh.sh_link, s.st_name);
      if (!nm || !*nm) continue;
      if (!grow((void **)&d->syms, &b->syms_cap, d->nsyms + 1, sizeof *d->syms)) return false;
      struct dbg_symbol *ds = &d->syms[d->nsyms];
      if (!pool_add(b, nm, &ds->name)) return false;
      ds->addr = s.st_value;
      ds->size = s.st_size;
      ds->rank = symbol_rank(&s);
      d->nsyms++;
    }
  }
  if (!d->nsyms) return true;
  qsort(d->syms, d->nsyms, sizeof *d->syms, sym_cmp);
  size_t w = 1;
  for (size_t i = 1; i < d->nsyms; i++)
    if (d->syms[i].addr != d->syms[w - 1].addr) d->syms[w++] = d->syms[i];
  d->nsyms = w;
  return true;
}

/* ---- DWARF line tables ---- */

static int row_cmp(const void *a, const void *b) {
  const struct dbg_row *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  /* at one address an end of sequence sorts first: the sequence starting there wins */
  bool ex = x->file == NO_FILE, ey = y->file == NO_FILE;
  if (ex != ey) return ex ? -1 : 1;
  if (x->line != y->line) return x->line < y->line ? -1 : 1;
  return x->file < y->file ? -1 : x->file > y->file;
}

/* Appends the rows of one compilation unit. Within a sequence, of several rows at one
 * address only the last describes code (the earlier ones cover no bytes). */
static bool add_unit_lines(struct builder *b, Dwarf_Lines *lines, size_t n) {
  struct debug_info *d = b->d;
  const char *last_src = NULL;
  uint32_t last_file = NO_FILE;
  size_t unit_start = d->nrows;
  for (size_t i = 0; i < n; i++) {
    Dwarf_Line *l = dwarf_onesrcline(lines, i);
    Dwarf_Addr addr;
    int line;
    bool end;
    if (!l || dwarf_lineaddr(l, &addr) != 0 || dwarf_lineno(l, &line) != 0 ||
        dwarf_lineendsequence(l, &end) != 0) {
      warn(b, "malformed DWARF: unreadable line table row (%s)", dwarf_errmsg(-1));
      return true; /* keep the rows read so far */
    }
    uint32_t file = NO_FILE;
    if (!end) {
      const char *src = dwarf_linesrc(l, NULL, NULL);
      if (!src) src = "?";
      if (src != last_src) {
        size_t before = b->interned;
        if (!intern(b, src, &last_file)) return false;
        d->nfiles += b->interned - before;
        last_src = src;
      }
      file = last_file;
    }
    if (d->nrows > unit_start) {
      struct dbg_row *prev = &d->rows[d->nrows - 1];
      if (prev->file != NO_FILE && prev->addr == addr) d->nrows--; /* covers nothing */
    }
    if (!grow((void **)&d->rows, &b->rows_cap, d->nrows + 1, sizeof *d->rows)) return false;
    d->rows[d->nrows++] = (struct dbg_row){addr, line > 0 ? (uint32_t)line : 0, file};
  }
  return true;
}

/* True if the ELF has a section named NAME (or its compressed .zdebug form). */
static bool has_section(Elf *elf, const char *name) {
  size_t shstrndx;
  if (elf_getshdrstrndx(elf, &shstrndx) != 0) return false;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(elf, scn))) {
    GElf_Shdr sh;
    const char *n;
    if (!gelf_getshdr(scn, &sh) || !(n = elf_strptr(elf, shstrndx, sh.sh_name))) continue;
    if (strcmp(n, name) == 0 || (n[0] == '.' && n[1] == 'z' && strcmp(n + 2, name + 1) == 0))
      return true;
  }
  return false;
}

#define DEBUG_INFO_MAX_DIE_DEPTH 64

/* Records the inlined copies of functions below DIE: subprograms, lexical blocks, namespaces
 * and inlined subroutines are walked (types and variables are not). False when out of
 * memory. */
static bool walk_inlines(struct builder *b, Dwarf_Die *die, unsigned depth, unsigned inl) {
  Dwarf_Die child;
  if (depth > DEBUG_INFO_MAX_DIE_DEPTH) {
    warn(b, "malformed DWARF: DIEs nested more than %d deep", DEBUG_INFO_MAX_DIE_DEPTH);
    return true;
  }
  int r = dwarf_child(die, &child);
  if (r < 0) warn(b, "malformed DWARF: unreadable DIE (%s)", dwarf_errmsg(-1));
  if (r != 0) return true;
  struct debug_info *d = b->d;
  do {
    switch (dwarf_tag(&child)) {
    case DW_TAG_inlined_subroutine: {
      const char *nm = dwarf_diename(&child);
      uint32_t name;
      if (!intern(b, nm ? nm : "?", &name)) return false;
      Dwarf_Addr base, start, end;
      ptrdiff_t off = 0;
      while ((off = dwarf_ranges(&child, off, &base, &start, &end)) > 0) {
        if (start >= end) continue;
        if (!grow((void **)&d->inlines, &b->inlines_cap, d->ninlines + 1, sizeof *d->inlines))
          return false;
        d->inlines[d->ninlines++] = (struct dbg_inline){start, end, name, inl + 1};
      }
      if (!walk_inlines(b, &child, depth + 1, inl + 1)) return false;
      break;
    }
    case DW_TAG_subprogram:
    case DW_TAG_lexical_block:
    case DW_TAG_namespace:
      if (!walk_inlines(b, &child, depth + 1, inl)) return false;
      break;
    default: break;
    }
    Dwarf_Off at = dwarf_dieoffset(&child);
    if ((r = dwarf_siblingof(&child, &child)) == 0 && dwarf_dieoffset(&child) <= at) {
      warn(b, "malformed DWARF: a DIE's sibling at 0x%llx does not follow it",
           (unsigned long long)dwarf_dieoffset(&child));
      return true; /* a loop otherwise */
    }
  } while (r == 0);
  if (r < 0) warn(b, "malformed DWARF: unreadable DIE (%s)", dwarf_errmsg(-1));
  return true;
}

static bool collect_lines(struct builder *b, Elf *elf) {
  if (!has_section(elf, ".debug_info")) return true; /* built without -g: symbols only */
  b->d->has_dwarf = true;
  Dwarf *dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
  if (!dw) {
    warn(b, "malformed DWARF: %s", dwarf_errmsg(-1));
    return true; /* symbols only */
  }
  bool ok = true;
  Dwarf_CU *cu = NULL, *next;
  Dwarf_Die cudie;
  Dwarf_Half version;
  uint8_t unit_type;
  int r;
  while ((r = dwarf_get_units(dw, cu, &next, &version, &unit_type, &cudie, NULL)) == 0) {
    cu = next;
    if ((unit_type != DW_UT_compile && unit_type != DW_UT_partial) ||
        !dwarf_hasattr(&cudie, DW_AT_stmt_list))
      continue;
    Dwarf_Lines *lines;
    size_t n;
    if (dwarf_getsrclines(&cudie, &lines, &n) != 0) {
      warn(b, "malformed DWARF: unreadable line table (%s)", dwarf_errmsg(-1));
      continue;
    }
    if (!(ok = add_unit_lines(b, lines, n) && walk_inlines(b, &cudie, 0, 0))) break;
  }
  if (r < 0) warn(b, "malformed DWARF: bad compilation unit list (%s)", dwarf_errmsg(-1));
  dwarf_end(dw);
  struct debug_info *d = b->d;
  if (ok && !d->nrows) warn(b, "malformed DWARF: no compilation unit with a line table");
  if (ok && d->nrows) {
    /* libdw hands each unit's rows sorted and units usually follow the link order: sort
     * only when that did not give the order already */
    size_t i = 1;
    while (i < d->nrows && row_cmp(&d->rows[i - 1], &d->rows[i]) <= 0) i++;
    if (i < d->nrows) qsort(d->rows, d->nrows, sizeof *d->rows, row_cmp);
    d->has_lines = true;
  }
  return ok;
}

/* ---- loading ---- */

static struct debug_info *load_elf(Elf *elf, const char *name, const char *label,
                                   const struct debug_info_image *image) {
  struct builder b = {.name = name, .label = label};
  b.d = calloc(1, sizeof *b.d);
  bool ok = b.d && check_header(&b, elf) && check_code(&b, elf, image);
  if (ok && !(collect_symbols(&b, elf) && collect_lines(&b, elf))) {
    LOG(loader, WARN, "%s: out of memory reading debug info %s", name, label);
    ok = false;
  }
  free(b.file_slots);
  if (!ok) {
    debug_info_free(b.d);
    return NULL;
  }
  return b.d;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void log_loaded(const struct debug_info *d, const char *name, const char *label,
                       double ms) {
  LOG(loader, INFO, "%s: debug info from %s: %zu symbols, %s%zu line rows in %zu files, "
      "%zu inlined ranges (%.2f ms)", name, label, d->nsyms,
      d->has_lines ? "" : d->has_dwarf ? "no usable line table, " : "no DWARF (no -g), ",
      d->nrows, d->nfiles, d->ninlines, ms);
}

struct debug_info *debug_info_load(const char *path, const char *name,
                                   const struct debug_info_image *image) {
  double t0 = now_ms();
  const char *slash = strrchr(path, '/');
  const char *label = slash ? slash + 1 : path;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT)
      LOG(loader, WARN, "%s: cannot open debug info %s: %s", name, path, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0 ||
      (uint64_t)st.st_size > DEBUG_INFO_MAX_FILE) {
    LOG(loader, WARN, "%s: debug info %s is not a non-empty regular file of at most 1 GiB",
        name, path);
    close(fd);
    return NULL;
  }
  elf_version(EV_CURRENT);
  Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
  struct debug_info *d = NULL;
  if (!elf)
    LOG(loader, WARN, "%s: debug info %s is unreadable (%s)", name, path, elf_errmsg(-1));
  else
    d = load_elf(elf, name, label, image);
  if (elf) elf_end(elf);
  close(fd);
  if (d) log_loaded(d, name, label, now_ms() - t0);
  return d;
}

struct debug_info *debug_info_from_memory(const void *data, size_t size, const char *name,
                                          const struct debug_info_image *image) {
  double t0 = now_ms();
  char *copy = malloc(size ? size : 1); /* libelf takes a writable image */
  if (!copy) return NULL;
  memcpy(copy, data, size);
  elf_version(EV_CURRENT);
  Elf *elf = elf_memory(copy, size);
  struct debug_info *d = NULL;
  if (!elf)
    LOG(loader, WARN, "%s: debug info in memory is unreadable (%s)", name, elf_errmsg(-1));
  else
    d = load_elf(elf, name, "(memory)", image);
  if (elf) elf_end(elf);
  free(copy);
  if (d) log_loaded(d, name, "(memory)", now_ms() - t0);
  return d;
}

void debug_info_free(struct debug_info *d) {
  if (!d) return;
  free(d->syms);
  free(d->rows);
  free(d->inlines);
  free(d->pool);
  free(d);
}

/* ---- lookups (signal-handler safe: no allocation, no libdw) ---- */

static const struct dbg_symbol *find_symbol(const struct debug_info *d, uint64_t addr) {
  size_t lo = 0, hi = d->nsyms;
  while (lo < hi) { /* first symbol above addr */
    size_t mid = lo + (hi - lo) / 2;
    if (d->syms[mid].addr <= addr) lo = mid + 1; else hi = mid;
  }
  if (!lo) return NULL;
  const struct dbg_symbol *s = &d->syms[lo - 1];
  uint64_t off = addr - s->addr;
  return (s->size ? off < s->size : off < DEBUG_INFO_UNSIZED_REACH) ? s : NULL;
}

static const struct dbg_row *find_row(const struct debug_info *d, uint64_t addr) {
  bool in_code = false;
  for (size_t i = 0; i < d->ncode && !in_code; i++)
    in_code = addr >= d->code[i].start && addr < d->code[i].end;
  if (!in_code) return NULL;
  size_t lo = 0, hi = d->nrows;
  while (lo < hi) { /* first row above addr */
    size_t mid = lo + (hi - lo) / 2;
    if (d->rows[mid].addr <= addr) lo = mid + 1; else hi = mid;
  }
  if (!lo || d->rows[lo - 1].file == NO_FILE) return NULL; /* before or between sequences */
  return &d->rows[lo - 1];
}

/* The innermost inlined copy holding ADDR (deepest, then narrowest), or NULL. A linear scan:
 * lookups are few (one crash report), and nested ranges defeat a plain binary search. */
static const struct dbg_inline *find_inline(const struct debug_info *d, uint64_t addr) {
  const struct dbg_inline *best = NULL;
  for (size_t i = 0; i < d->ninlines; i++) {
    const struct dbg_inline *x = &d->inlines[i];
    if (addr < x->start || addr >= x->end) continue;
    if (!best || x->depth > best->depth ||
        (x->depth == best->depth && x->end - x->start < best->end - best->start))
      best = x;
  }
  return best;
}

bool debug_info_lookup(const struct debug_info *d, uint64_t addr, struct debug_location *out) {
  memset(out, 0, sizeof *out);
  if (!d) return false;
  const struct dbg_symbol *s = find_symbol(d, addr);
  if (s) {
    out->function = d->pool + s->name;
    out->function_addr = s->addr;
  }
  const struct dbg_row *r = find_row(d, addr);
  if (r) {
    out->file = d->pool + r->file;
    out->line = r->line;
  }
  const struct dbg_inline *in = r ? find_inline(d, addr) : NULL;
  if (in) out->inlined = d->pool + in->name;
  return s || r;
}

void debug_info_get_stats(const struct debug_info *d, struct debug_info_stats *out) {
  *out = (struct debug_info_stats){d->nsyms, d->nrows, d->nfiles, d->ninlines, d->has_lines};
}

size_t debug_info_each_function(const struct debug_info *d,
                                void (*fn)(void *ctx, uint64_t addr, uint64_t size), void *ctx) {
  size_t n = 0;
  for (size_t i = 0; i < d->nsyms; i++) {
    if (d->syms[i].rank >= 4) continue; /* an object (symbol_rank) */
    if (fn) fn(ctx, d->syms[i].addr, d->syms[i].size);
    n++;
  }
  return n;
}
