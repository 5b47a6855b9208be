#include "loader/module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errmsg.h"
#include "common/log.h"
#include "common/nid.h"
#include "kernel/guest_vm.h"
#include "loader/debug_info.h"
#include "loader/rewrite.h"
#include "sce/sce_elf.h"

static struct loader_module *registry[LOADER_MAX_MODULES];
static size_t registry_count;
static int32_t next_handle;
static uint64_t next_module_base = GUEST_VM_EXEC_BASE;

static bool is_mapped_type(uint32_t t) { return t == PT_LOAD || t == SCE_PT_RELRO; }

/* The Sony dynamic tables. An executable with neither PT_DYNAMIC nor PT_SCE_DYNLIBDATA (a
 * static executable, e.g. a homebrew app linked --static) has nothing to link and imports
 * nothing: its tables stay empty. Anything else must carry both (sce_dynamic_parse says
 * which one is missing). */
static bool parse_dynamic_tables(struct loader_module *m, char *err, size_t cap) {
  bool none = sce_file_find_phdr(&m->file, PT_DYNAMIC) < 0 &&
              sce_file_find_phdr(&m->file, SCE_PT_DYNLIBDATA) < 0;
  if (none && m->is_exec) {
    LOG(loader, INFO, "%s: no dynamic tables (static executable): nothing to link or import",
        m->name);
    return true;
  }
  char derr[192];
  if (!sce_dynamic_parse(&m->dyn, &m->file, derr, sizeof derr))
    return errmsg_fail(err, cap, "%s: %s", m->name, derr);
  m->has_dynamic = true;
  return true;
}

bool module_parse(struct loader_module *m, const uint8_t *buf, size_t size, const char *name,
                  char *err, size_t cap) {
  memset(m, 0, sizeof *m);
  snprintf(m->name, sizeof m->name, "%s", name);
  if (!sce_file_parse(&m->file, buf, size))
    return errmsg_fail(err, cap, "%s: %s", name, m->file.error);
  const Elf64_Ehdr *e = &m->file.ehdr;
  m->is_exec = sce_elf_type_is_exec(e->e_type);
  m->is_fixed = sce_elf_type_is_fixed(e->e_type);
  if (!parse_dynamic_tables(m, err, cap)) return false;
  uint64_t lo = UINT64_MAX, hi = 0;
  for (unsigned i = 0; i < e->e_phnum; i++) {
    const Elf64_Phdr *p = &m->file.phdrs[i];
    if (!is_mapped_type(p->p_type) || p->p_memsz == 0) continue;
    if (p->p_filesz && !m->file.phdr_data[i])
      return errmsg_fail(err, cap, "%s: program header %u has no file data", name, i);
    if (p->p_vaddr < lo) lo = p->p_vaddr;
    if (p->p_vaddr + p->p_memsz > hi) hi = p->p_vaddr + p->p_memsz;
  }
  if (hi == 0) return errmsg_fail(err, cap, "%s: no loadable segments", name);
  m->image_min = lo & ~(SCE_GUEST_PAGE_SIZE - 1);
  m->image_max = (hi + SCE_GUEST_PAGE_SIZE - 1) & ~(SCE_GUEST_PAGE_SIZE - 1);
  if (e->e_entry && (e->e_entry < lo || e->e_entry >= hi))
    return errmsg_fail(err, cap, "%s: entry point 0x%llx is outside the image", name,
                       (unsigned long long)e->e_entry);
  /* tables addressed by vaddr must lie inside the image */
  const struct sce_dynamic *d = &m->dyn;
  uint64_t arrays[][2] = {{d->init_array, d->init_array_size},
                          {d->fini_array, d->fini_array_size},
                          {d->preinit_array, d->preinit_array_size}};
  for (size_t i = 0; i < 3; i++)
    if (arrays[i][1] && (arrays[i][0] < lo || arrays[i][1] > hi - arrays[i][0]))
      return errmsg_fail(err, cap, "%s: init/fini array 0x%llx+0x%llx is outside the image", name,
                         (unsigned long long)arrays[i][0], (unsigned long long)arrays[i][1]);
  if ((d->init && (d->init < lo || d->init >= hi)) || (d->fini && (d->fini < lo || d->fini >= hi)))
    return errmsg_fail(err, cap, "%s: DT_INIT/DT_FINI is outside the image", name);
  int tls = sce_file_find_phdr(&m->file, PT_TLS);
  if (tls >= 0) {
    const Elf64_Phdr *p = &m->file.phdrs[tls];
    if (p->p_filesz > p->p_memsz || p->p_vaddr < lo || p->p_filesz > hi - p->p_vaddr)
      return errmsg_fail(err, cap, "%s: PT_TLS image is outside the image", name);
  }
  return true;
}

static int export_cmp(const void *a, const void *b) {
  return strcmp(((const struct module_export *)a)->nid, ((const struct module_export *)b)->nid);
}
static int symbol_cmp(const void *a, const void *b) {
  uint64_t x = ((const struct module_symbol *)a)->addr, y = ((const struct module_symbol *)b)->addr;
  return x < y ? -1 : x > y;
}

/* A symbol table and its strings: the Sony dynamic table, or a plain ELF's .symtab. */
struct symbol_source {
  const Elf64_Sym *syms;
  uint64_t count;
  const char *strtab;
  uint64_t strtab_size;
  bool dynamic; /* names are NID#L#M and may be exports */
};

/* The .symtab of a plain ELF with section headers (a SELF carries none). */
static bool find_section_symtab(const struct sce_file *f, struct symbol_source *out) {
  const Elf64_Ehdr *e = &f->ehdr;
  if (f->container != SCE_CONTAINER_ELF || !e->e_shoff || e->e_shentsize != sizeof(Elf64_Shdr) ||
      !e->e_shnum || e->e_shoff > f->size ||
      (uint64_t)e->e_shnum * sizeof(Elf64_Shdr) > f->size - e->e_shoff)
    return false;
  for (unsigned i = 0; i < e->e_shnum; i++) {
    Elf64_Shdr sh, link;
    memcpy(&sh, f->buf + e->e_shoff + i * sizeof sh, sizeof sh);
    if (sh.sh_type != SHT_SYMTAB || sh.sh_link >= e->e_shnum ||
        sh.sh_entsize != sizeof(Elf64_Sym))
      continue;
    memcpy(&link, f->buf + e->e_shoff + sh.sh_link * sizeof link, sizeof link);
    if (sh.sh_offset > f->size || sh.sh_size > f->size - sh.sh_offset ||
        link.sh_offset > f->size || link.sh_size > f->size - link.sh_offset || !link.sh_size ||
        ((uintptr_t)(f->buf + sh.sh_offset) & 7))
      continue;
    *out = (struct symbol_source){(const Elf64_Sym *)(f->buf + sh.sh_offset),
                                  sh.sh_size / sizeof(Elf64_Sym),
                                  (const char *)f->buf + link.sh_offset, link.sh_size, false};
    return true;
  }
  return false;
}

/* The name of S if it is a defined function or object worth attributing to, else NULL. */
static const char *usable_name(const struct symbol_source *src, const Elf64_Sym *s) {
  int t = ELF64_ST_TYPE(s->st_info);
  bool tls = t == STT_TLS && src->dynamic; /* a TLS offset: exported, never attributed */
  if (s->st_shndx == SHN_UNDEF || (s->st_value == 0 && !tls) ||
      (t != STT_FUNC && t != STT_OBJECT && !tls))
    return NULL;
  if (s->st_name >= src->strtab_size ||
      !memchr(src->strtab + s->st_name, 0, src->strtab_size - s->st_name))
    return NULL;
  const char *n = src->strtab + s->st_name;
  return *n ? n : NULL;
}

/* Records S (named NAME) as an attribution symbol and, for a global NID symbol of one of the
 * module's export libraries, as an export. */
static void add_symbol(struct loader_module *m, const struct symbol_source *src,
                       const Elf64_Sym *s, const char *name, char **pool) {
  size_t len = strlen(name) + 1;
  bool tls = ELF64_ST_TYPE(s->st_info) == STT_TLS;
  memcpy(*pool, name, len);
  if (!tls)
    m->symbols[m->symbol_count++] = (struct module_symbol){
        m->base + s->st_value, s->st_size, *pool, ELF64_ST_TYPE(s->st_info) == STT_FUNC};
  *pool += len;
  char nid[NID_BUF_SIZE];
  unsigned lib_id, mod_id;
  if (!src->dynamic || ELF64_ST_BIND(s->st_info) == STB_LOCAL ||
      !nid_parse_symbol(name, nid, &lib_id, &mod_id))
    return;
  const struct sce_library_ref *lib = sce_dynamic_find_library(&m->dyn, lib_id, true);
  if (!lib) return;
  struct module_export *x = &m->exports[m->export_count++];
  memcpy(x->nid, nid, sizeof x->nid);
  x->library = lib->name;
  x->is_object = ELF64_ST_TYPE(s->st_info) == STT_OBJECT;
  x->is_tls = tls;
  x->addr = tls ? s->st_value : m->base + s->st_value;
}

/* Collects exports (sorted by NID) and attribution symbols (sorted by address) from the
 * dynamic table and, in a plain ELF, .symtab. */
static bool collect_symbols(struct loader_module *m) {
  struct symbol_source src[2] = {
      {m->dyn.syms, m->dyn.sym_count, m->dyn.strtab, m->dyn.strtab_size, true}};
  size_t nsrc = 1 + find_section_symtab(&m->file, &src[1]);
  size_t pool = 0, nsym = 0;
  for (size_t k = 0; k < nsrc; k++)
    for (uint64_t i = 0; i < src[k].count; i++) {
      const char *n = usable_name(&src[k], &src[k].syms[i]);
      if (n) pool += strlen(n) + 1, nsym++;
    }
  m->name_pool = malloc(pool ? pool : 1);
  m->symbols = calloc(nsym ? nsym : 1, sizeof *m->symbols);
  m->exports = calloc(nsym ? nsym : 1, sizeof *m->exports);
  if (!m->name_pool || !m->symbols || !m->exports) return false;
  char *at = m->name_pool;
  for (size_t k = 0; k < nsrc; k++)
    for (uint64_t i = 0; i < src[k].count; i++) {
      const char *n = usable_name(&src[k], &src[k].syms[i]);
      if (n) add_symbol(m, &src[k], &src[k].syms[i], n, &at);
    }
  if (m->export_count) qsort(m->exports, m->export_count, sizeof *m->exports, export_cmp);
  if (m->symbol_count) qsort(m->symbols, m->symbol_count, sizeof *m->symbols, symbol_cmp);
  return true;
}

/* The process param (executable) or module param (PRX) block: size, magic, SDK version
 * (FACTS.md). A wrong one is logged, not fatal: the guest may never read it. */
static void check_param_block(struct loader_module *m) {
  int pi = sce_file_find_phdr(&m->file, m->is_exec ? SCE_PT_PROCPARAM : SCE_PT_MODULE_PARAM);
  if (pi < 0 || m->file.phdrs[pi].p_memsz == 0) {
    /* homebrew linked with its own script often has none, or an empty one */
    LOG(loader, INFO, "%s: %s param block: the defaults apply (SDK version unknown)", m->name,
        pi < 0 ? "no" : "empty");
    m->proc_param = m->module_param = 0;
    return;
  }
  const Elf64_Phdr *p = &m->file.phdrs[pi];
  if (p->p_memsz < 0x18 || p->p_vaddr < m->image_min || p->p_vaddr + 0x18 > m->image_max) {
    LOG(loader, WARN, "%s: param block (0x%llx bytes) is too small or outside the image",
        m->name, (unsigned long long)p->p_memsz);
    return;
  }
  const uint8_t *b = (const uint8_t *)(uintptr_t)(m->base + p->p_vaddr);
  uint64_t size, sdk, magic = 0;
  memcpy(&size, b, 8);
  memcpy(&sdk, b + 0x10, 8);
  memcpy(&magic, b + 8, m->is_exec ? 4 : 8);
  uint64_t want = m->is_exec ? SCE_PROC_PARAM_MAGIC : SCE_MODULE_PARAM_MAGIC;
  if (magic != want)
    LOG(loader, WARN, "%s: param block magic 0x%llx, expected 0x%llx", m->name,
        (unsigned long long)magic, (unsigned long long)want);
  else
    LOG(loader, DEBUG, "%s: param block size 0x%llx, SDK version 0x%llx", m->name,
        (unsigned long long)size, (unsigned long long)sdk);
}

/* The loaded segment holding [ADDR, ADDR+1), as its end address, or 0. */
static uint64_t segment_end_of(const struct loader_module *m, uint64_t addr) {
  for (unsigned i = 0; i < m->file.ehdr.e_phnum; i++) {
    const Elf64_Phdr *p = &m->file.phdrs[i];
    uint64_t s = m->base + p->p_vaddr, e = s + p->p_filesz;
    if (is_mapped_type(p->p_type) && addr >= s && addr < e) return e;
  }
  return 0;
}

/* .eh_frame through PT_GNU_EH_FRAME (what sceKernelGetModuleInfoForUnwind reports): its
 * address from the header's eh_frame_ptr, its size by walking the CIE/FDE length words up to
 * the zero terminator (included), bounded by the segment that holds it. */
static void locate_eh_frame(struct loader_module *m) {
  uint64_t hdr_end = m->eh_frame_hdr ? segment_end_of(m, m->eh_frame_hdr) : 0;
  if (!hdr_end) return;
  uint64_t hdr_size = hdr_end - m->eh_frame_hdr;
  if (m->eh_frame_hdr_size && m->eh_frame_hdr_size < hdr_size) hdr_size = m->eh_frame_hdr_size;
  uint64_t eh = rewrite_eh_frame_from_hdr((const uint8_t *)(uintptr_t)m->eh_frame_hdr,
                                          hdr_size, m->eh_frame_hdr);
  uint64_t end = eh ? segment_end_of(m, eh) : 0;
  if (!end) return;
  uint64_t at = eh;
  while (end - at >= 4) {
    uint32_t len;
    memcpy(&len, (const void *)(uintptr_t)at, 4);
    if (len == 0) {
      at += 4;
      break;
    }
    uint64_t step;
    if (len == 0xFFFFFFFFu) {
      uint64_t len64;
      if (end - at < 12) break;
      memcpy(&len64, (const void *)(uintptr_t)(at + 4), 8);
      if (len64 > end - at - 12) break;
      step = 12 + len64;
    } else {
      if (len > end - at - 4) break;
      step = 4 + (uint64_t)len;
    }
    at += step;
  }
  m->eh_frame = eh;
  m->eh_frame_size = at - eh;
}

bool module_place(struct loader_module *m, uint64_t base, char *err, size_t cap) {
  const struct sce_file *f = &m->file;
  m->base = base;
  for (unsigned i = 0; i < f->ehdr.e_phnum; i++) {
    const Elf64_Phdr *p = &f->phdrs[i];
    uint64_t at = base + p->p_vaddr;
    if (is_mapped_type(p->p_type) && p->p_filesz)
      memcpy((void *)(uintptr_t)at, f->phdr_data[i], p->p_filesz);
    switch (p->p_type) {
    case PT_TLS:
      m->tls_image = at;
      m->tls_filesz = p->p_filesz;
      m->tls_memsz = p->p_memsz;
      m->tls_align = p->p_align ? p->p_align : 1;
      break;
    case SCE_PT_PROCPARAM: m->proc_param = at; break;
    case SCE_PT_MODULE_PARAM: m->module_param = at; break;
    case PT_GNU_EH_FRAME:
      m->eh_frame_hdr = at;
      m->eh_frame_hdr_size = p->p_memsz;
      break;
    default: break;
    }
  }
  m->entry = (m->is_exec || f->ehdr.e_entry) ? base + f->ehdr.e_entry : 0;
  check_param_block(m);
  locate_eh_frame(m);
  m->sym_value = calloc(m->dyn.sym_count ? m->dyn.sym_count : 1, sizeof *m->sym_value);
  m->sym_state = calloc(m->dyn.sym_count ? m->dyn.sym_count : 1, 1);
  m->lib_counts = calloc(m->dyn.library_count ? m->dyn.library_count : 1, sizeof *m->lib_counts);
  if (!m->sym_value || !m->sym_state || !m->lib_counts || !collect_symbols(m))
    return errmsg_fail(err, cap, "%s: out of memory", m->name);
  /* the file bytes are no longer needed; keep the headers */
  m->file.buf = NULL;
  m->file.elf = NULL;
  memset(m->file.phdr_data, 0, sizeof m->file.phdr_data);
  return true;
}

/* Modules are placed in the system-reserved band, which ends here (FACTS.md). */
#define MODULE_BAND_END 0x1000000000ull

/* True if SPAN bytes at AT (a slot start) touch no registered module's slot (its image and
 * the system call gates after it) and no other committed guest memory. */
static bool module_slot_free(const struct loader_module *self, uint64_t at, uint64_t span) {
  const uint64_t a = GUEST_VM_MODULE_ALIGN;
  for (size_t i = 0; i < registry_count; i++) {
    const struct loader_module *o = registry[i];
    if (o == self || !o->map_size) continue;
    uint64_t s = o->map_start & ~(a - 1), e = (o->map_start + o->map_size + a - 1) & ~(a - 1);
    if (at < e && at + span > s) return false;
  }
  char why[256];
  return guest_vm_check_fixed(at, at + span, why, sizeof why);
}

/* The first free module slot (a GUEST_VM_MODULE_ALIGN multiple) at or after FROM, else the
 * first one from the executable base: modules loaded after others were unloaded reuse the
 * freed slots once the bases have reached the end of the band. 0 if none is free. */
static uint64_t find_module_slot(const struct loader_module *self, uint64_t from, uint64_t span) {
  for (uint64_t at = from; at + span <= MODULE_BAND_END; at += GUEST_VM_MODULE_ALIGN)
    if (module_slot_free(self, at, span)) return at;
  for (uint64_t at = GUEST_VM_EXEC_BASE; at < from && at + span <= MODULE_BAND_END;
       at += GUEST_VM_MODULE_ALIGN)
    if (module_slot_free(self, at, span)) return at;
  return 0;
}

/* Where M's vaddr 0 goes: a fixed-address executable stays where it was linked if the address
 * map allows it; everything else goes at the next module base (the first executable at
 * 0x9_0000_0000). */
static bool choose_base(const struct loader_module *m, uint64_t *base, char *err, size_t cap) {
  if (m->is_fixed) {
    char why[256];
    if (!guest_vm_check_fixed(m->image_min, m->image_max, why, sizeof why))
      return errmsg_fail(err, cap, "%s: fixed-address executable cannot be placed: %s", m->name,
                         why);
    *base = 0;
    return true;
  }
  uint64_t at = GUEST_VM_EXEC_BASE;
  uint64_t span = m->image_max - m->image_min;
  if (!(m->is_exec && registry_count == 0) && !(at = find_module_slot(m, next_module_base, span)))
    return errmsg_fail(err, cap, "%s: no free 256 MiB module slot below 0x%llx", m->name,
                       (unsigned long long)MODULE_BAND_END);
  *base = at - m->image_min;
  return true;
}

bool module_map(struct loader_module *m, char *err, size_t cap) {
  uint64_t span = m->image_max - m->image_min;
  uint64_t base;
  if (!choose_base(m, &base, err, cap)) return false;
  if (!guest_vm_map_fixed(base + m->image_min, span, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE,
                          m->name))
    return errmsg_fail(err, cap, "%s: cannot map 0x%llx bytes at 0x%llx", m->name,
                       (unsigned long long)span, (unsigned long long)(base + m->image_min));
  m->map_start = base + m->image_min;
  m->map_size = span;
  uint64_t end = m->map_start + span;
  /* modules follow the highest image (a fixed one below the module bases, or one placed in a
   * freed slot, leaves the next base where it is) */
  uint64_t next = (end + GUEST_VM_MODULE_ALIGN - 1) & ~(GUEST_VM_MODULE_ALIGN - 1);
  if (next > next_module_base) next_module_base = next;
  LOG(loader, INFO, "%s (%s): mapped 0x%llx-0x%llx", m->name, sce_container_name(m->file.container),
      (unsigned long long)m->map_start, (unsigned long long)end);
  return module_place(m, base, err, cap);
}

static int u64_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static int guest_prot_of(uint32_t flags) {
  return (flags & PF_R ? GUEST_PROT_CPU_READ : 0) | (flags & PF_W ? GUEST_PROT_CPU_WRITE : 0) |
         (flags & PF_X ? GUEST_PROT_CPU_EXEC : 0);
}

/* Final protections. Segments are protected in whole 16 KiB pages; a page two segments share
 * gets the union of their protections (so a RELRO tail never makes the next segment's data
 * read-only). Segments without access flags stay as mapped (read/write): some PS5 executables
 * have such PT_LOADs and expect them readable. */
bool module_protect(struct loader_module *m) {
  struct seg { uint64_t start, end; int prot; } segs[SCE_FILE_MAX_PHDRS];
  uint64_t cuts[2 * SCE_FILE_MAX_PHDRS];
  size_t n = 0, ncut = 0;
  for (unsigned i = 0; i < m->file.ehdr.e_phnum; i++) {
    const Elf64_Phdr *p = &m->file.phdrs[i];
    if (!is_mapped_type(p->p_type) || p->p_memsz == 0) continue;
    int prot = guest_prot_of(p->p_flags);
    if (p->p_type == SCE_PT_RELRO) prot &= ~GUEST_PROT_CPU_WRITE;
    if (prot == 0) prot = GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE;
    uint64_t s = (m->base + p->p_vaddr) & ~(SCE_GUEST_PAGE_SIZE - 1);
    uint64_t e = (m->base + p->p_vaddr + p->p_memsz + SCE_GUEST_PAGE_SIZE - 1) &
                 ~(SCE_GUEST_PAGE_SIZE - 1);
    segs[n++] = (struct seg){s, e, prot};
    cuts[ncut++] = s;
    cuts[ncut++] = e;
  }
  /* between consecutive cuts every page has the same set of covering segments */
  if (ncut) qsort(cuts, ncut, sizeof *cuts, u64_cmp);
  bool ok = true;
  for (size_t k = 0; k + 1 < ncut; k++) {
    if (cuts[k] == cuts[k + 1]) continue;
    int prot = 0;
    bool covered = false;
    for (size_t i = 0; i < n; i++)
      if (segs[i].start <= cuts[k] && segs[i].end >= cuts[k + 1]) prot |= segs[i].prot, covered = true;
    if (covered) ok &= guest_vm_protect(cuts[k], cuts[k + 1] - cuts[k], prot);
  }
  return ok;
}

static void record_syscall(void *ctx, uint64_t addr) {
  struct loader_module *m = ctx;
  uint64_t *n = realloc(m->syscall_sites, (m->syscall_count + 1) * sizeof *n);
  if (!n) return;
  m->syscall_sites = n;
  m->syscall_sites[m->syscall_count++] = addr;
}

struct seed_sink {
  struct code_seed *seeds;
  size_t n;
  uint64_t base;
};
static void add_symbol_seed(struct seed_sink *k, uint64_t addr, uint64_t size) {
  uint64_t end = size && addr + size > addr ? addr + size : addr;
  k->seeds[k->n++] = (struct code_seed){addr, end, CODE_SEED_SYMBOL};
}
static void add_sidecar_seed(void *ctx, uint64_t rel, uint64_t size) {
  struct seed_sink *k = ctx;
  add_symbol_seed(k, k->base + rel, size);
}

/* The code seeds of M (code_map.h): FDE ranges, function symbols (the module's own and its
 * sidecar's .symtab), the entry point, DT_INIT/DT_FINI and the (relocated) init/fini array
 * entries. NULL when out of memory. */
static struct code_seed *collect_code_seeds(const struct loader_module *m, size_t *count) {
  long nfde = 0;
  uint64_t eh = 0, eh_end = 0;
  if (m->eh_frame_hdr) {
    /* PT_GNU_EH_FRAME is not a loaded segment: read it only where a loaded one holds it */
    int hi = sce_file_find_phdr(&m->file, PT_GNU_EH_FRAME);
    uint64_t hdr_size = 0;
    for (unsigned i = 0; i < m->file.ehdr.e_phnum && !hdr_size; i++) {
      const Elf64_Phdr *p = &m->file.phdrs[i];
      uint64_t s = m->base + p->p_vaddr, e = s + p->p_filesz;
      if (is_mapped_type(p->p_type) && m->eh_frame_hdr >= s && m->eh_frame_hdr < e)
        hdr_size = e - m->eh_frame_hdr < m->file.phdrs[hi].p_memsz ? e - m->eh_frame_hdr
                                                                    : m->file.phdrs[hi].p_memsz;
    }
    if (hdr_size)
      eh = rewrite_eh_frame_from_hdr((const uint8_t *)(uintptr_t)m->eh_frame_hdr, hdr_size,
                                     m->eh_frame_hdr);
    /* .eh_frame must lie inside a loaded segment: bound the walk by that segment's end */
    for (unsigned i = 0; eh && i < m->file.ehdr.e_phnum; i++) {
      const Elf64_Phdr *p = &m->file.phdrs[i];
      uint64_t s = m->base + p->p_vaddr, e = s + p->p_filesz;
      if (!is_mapped_type(p->p_type) || eh < s || eh >= e) continue;
      eh_end = e;
      break;
    }
    if (eh_end) nfde = rewrite_eh_frame_ranges((const uint8_t *)(uintptr_t)eh, eh_end - eh, eh,
                                               NULL, 0);
    if (nfde < 0) {
      LOG(loader, WARN, "%s: .eh_frame is malformed; its function ranges are not used", m->name);
      nfde = 0;
    }
  }
  const struct sce_dynamic *d = &m->dyn;
  uint64_t arrays[][2] = {{d->init_array, d->init_array_size},
                          {d->fini_array, d->fini_array_size},
                          {d->preinit_array, d->preinit_array_size}};
  size_t nside = m->debug ? debug_info_each_function(m->debug, NULL, NULL) : 0;
  size_t cap = (size_t)nfde + m->symbol_count + nside + 3;
  for (size_t i = 0; i < 3; i++) cap += arrays[i][1] / 8;
  struct code_seed *seeds = calloc(cap, sizeof *seeds);
  if (!seeds) return NULL;
  size_t n = 0;
  if (nfde > 0) {
    struct code_range *r = calloc((size_t)nfde, sizeof *r);
    if (!r) { free(seeds); return NULL; }
    rewrite_eh_frame_ranges((const uint8_t *)(uintptr_t)eh, eh_end - eh, eh, r, (size_t)nfde);
    for (long i = 0; i < nfde; i++)
      if (r[i].end > r[i].start)
        seeds[n++] = (struct code_seed){r[i].start, r[i].end, CODE_SEED_FDE};
    free(r);
  }
  struct seed_sink sink = {seeds, n, m->base};
  for (size_t i = 0; i < m->symbol_count; i++)
    if (m->symbols[i].is_function) add_symbol_seed(&sink, m->symbols[i].addr, m->symbols[i].size);
  if (m->debug) debug_info_each_function(m->debug, add_sidecar_seed, &sink);
  n = sink.n;
  uint64_t entries[] = {m->entry, d->init ? m->base + d->init : 0, d->fini ? m->base + d->fini : 0};
  for (size_t i = 0; i < 3; i++)
    if (entries[i]) seeds[n++] = (struct code_seed){entries[i], entries[i], CODE_SEED_ENTRY};
  /* array entries hold absolute addresses once relocated; 0 and -1 are placeholders */
  for (size_t a = 0; a < 3; a++)
    for (uint64_t k = 0; k + 8 <= arrays[a][1]; k += 8) {
      uint64_t fn;
      memcpy(&fn, (const void *)(uintptr_t)(m->base + arrays[a][0] + k), 8);
      if (fn && fn != UINT64_MAX) seeds[n++] = (struct code_seed){fn, fn, CODE_SEED_ENTRY};
    }
  *count = n;
  return seeds;
}

void module_rewrite_code(struct loader_module *m, struct code_map *maps, size_t *map_count) {
  size_t nseed = 0, nmap = 0;
  struct code_seed *seeds = collect_code_seeds(m, &nseed);
  if (!seeds) LOG(loader, WARN, "%s: out of memory collecting code seeds", m->name);
  for (unsigned i = 0; i < m->file.ehdr.e_phnum; i++) {
    const Elf64_Phdr *p = &m->file.phdrs[i];
    if (p->p_type != PT_LOAD || !(p->p_flags & PF_X) || !p->p_filesz) continue;
    uint64_t at = m->base + p->p_vaddr;
    if (!code_map_rewrite((uint8_t *)(uintptr_t)at, at, p->p_filesz, seeds, nseed, &m->rewrite,
                          record_syscall, m, maps ? &maps[nmap] : NULL))
      LOG(loader, ERROR, "%s: out of memory mapping the code of segment %u: not rewritten",
          m->name, i);
    else if (maps)
      nmap++;
  }
  free(seeds);
  if (map_count) *map_count = nmap;
  if (m->syscall_count)
    qsort(m->syscall_sites, m->syscall_count, sizeof *m->syscall_sites, u64_cmp);
  char line[1024];
  code_map_format(&m->rewrite, line, sizeof line);
  LOG(loader, INFO, "%s: code rewrite: %s", m->name, line);
}

void module_free(struct loader_module *m) {
  if (!m) return;
  sce_dynamic_free(&m->dyn);
  free(m->exports);
  free(m->symbols);
  free(m->name_pool);
  free(m->sym_value);
  free(m->sym_state);
  free(m->lib_counts);
  free(m->syscall_sites);
  debug_info_free(m->debug);
  free(m->deps);
  memset(m, 0, sizeof *m);
}

bool module_register(struct loader_module *m) {
  if (registry_count == LOADER_MAX_MODULES) {
    LOG(loader, ERROR, "too many modules (at most %d)", LOADER_MAX_MODULES);
    return false;
  }
  m->handle = next_handle++;
  /* published last: module_find_by_addr reads the registry without a lock */
  __atomic_store_n(&registry[registry_count], m, __ATOMIC_RELEASE);
  __atomic_store_n(&registry_count, registry_count + 1, __ATOMIC_RELEASE);
  return true;
}

void module_unregister(struct loader_module *m) {
  size_t i = 0;
  while (i < registry_count && registry[i] != m) i++;
  if (i == registry_count) return;
  for (; i + 1 < registry_count; i++)
    __atomic_store_n(&registry[i], registry[i + 1], __ATOMIC_RELEASE);
  __atomic_store_n(&registry_count, registry_count - 1, __ATOMIC_RELEASE);
}

struct loader_module *module_find_by_handle(int32_t handle) {
  for (size_t i = 0; i < registry_count; i++)
    if (registry[i]->handle == handle) return registry[i];
  return NULL;
}

size_t module_count(void) { return registry_count; }
struct loader_module *module_at(size_t i) { return i < registry_count ? registry[i] : NULL; }
void module_registry_clear(void) {
  registry_count = 0; /* the next base stays: earlier images may still be mapped */
  next_handle = 0;
}

const struct loader_module *module_find_by_addr(uint64_t addr) {
  for (size_t i = 0; i < registry_count; i++) {
    const struct loader_module *m = registry[i];
    if (addr >= m->base + m->image_min && addr < m->base + m->image_max) return m;
  }
  return NULL;
}

const struct module_symbol *module_nearest_symbol(const struct loader_module *m, uint64_t addr) {
  size_t lo = 0, hi = m->symbol_count;
  while (lo < hi) { /* first symbol above addr */
    size_t mid = (lo + hi) / 2;
    if (m->symbols[mid].addr <= addr) lo = mid + 1; else hi = mid;
  }
  return lo ? &m->symbols[lo - 1] : NULL;
}

const struct module_export *module_find_export(const struct loader_module *m, const char *nid,
                                               const char *library, bool is_object) {
  size_t lo = 0, hi = m->export_count;
  while (lo < hi) { /* first export with nid >= NID */
    size_t mid = (lo + hi) / 2;
    if (strcmp(m->exports[mid].nid, nid) < 0) lo = mid + 1; else hi = mid;
  }
  for (; lo < m->export_count && strcmp(m->exports[lo].nid, nid) == 0; lo++) {
    const struct module_export *x = &m->exports[lo];
    if (!x->is_tls && x->is_object == is_object && (!library || strcmp(x->library, library) == 0))
      return x;
  }
  return NULL;
}

const struct module_export *module_find_tls_export(const struct loader_module *m,
                                                   const char *nid, const char *library) {
  size_t lo = 0, hi = m->export_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (strcmp(m->exports[mid].nid, nid) < 0) lo = mid + 1; else hi = mid;
  }
  for (; lo < m->export_count && strcmp(m->exports[lo].nid, nid) == 0; lo++) {
    const struct module_export *x = &m->exports[lo];
    if (x->is_tls && (!library || strcmp(x->library, library) == 0)) return x;
  }
  return NULL;
}

bool module_is_syscall_site(const struct loader_module *m, uint64_t addr) {
  return m->syscall_count &&
         bsearch(&addr, m->syscall_sites, m->syscall_count, sizeof addr, u64_cmp) != NULL;
}
