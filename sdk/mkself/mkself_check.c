/* Reading back a Sony ELF / SELF (mkself_view) and the self-check that rejects what the
 * loader would reject. */
#include <stdlib.h>
#include <string.h>

#include "common/nid.h"
#include "mkself_internal.h"
#include "sce/sce_dynamic.h"
#include "sce/sce_elf.h"
#include "sce/sce_file.h"

void mkself_view_free(struct mkself_view *v) {
  free(v->image);
  memset(v, 0, sizeof *v);
}

static uint32_t rd32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

/* Rebuilds the ELF image of a SELF from its header copy and its data entries. */
static bool view_from_self(struct mkself_view *v, const uint8_t *f, size_t size, char *err,
                           size_t cap) {
  uint16_t count, flags;
  memcpy(&count, f + 0x18, 2);
  memcpy(&flags, f + 0x1A, 2);
  uint64_t elf_at = SCE_SELF_HEADER_SIZE + (uint64_t)count * SCE_SELF_SEGMENT_SIZE;
  if (!mkself_in_bounds(elf_at, sizeof(Elf64_Ehdr), size))
    return mkself_fail(err, cap, "SELF: %u segment entries run past the end of the file", count);
  Elf64_Ehdr eh;
  memcpy(&eh, f + elf_at, sizeof eh);
  if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
    return mkself_fail(err, cap, "SELF: no ELF header after the segment entries");
  if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum == 0 || eh.e_phnum > 64 ||
      eh.e_phoff > size || !mkself_in_bounds(elf_at + eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr), size))
    return mkself_fail(err, cap, "SELF: program headers are missing or out of the file");
  Elf64_Phdr ph[64];
  memcpy(ph, f + elf_at + eh.e_phoff, (size_t)eh.e_phnum * sizeof(Elf64_Phdr));
  /* The image spans the headers and every program header a data entry fills; a real
   * image is at most a few pages of padding per segment larger than the SELF itself. */
  uint64_t headers = eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr);
  if (headers < sizeof(Elf64_Ehdr)) headers = sizeof(Elf64_Ehdr);
  if (!mkself_in_bounds(elf_at, headers, size))
    return mkself_fail(err, cap, "SELF: the ELF headers run past the end of the file");
  uint64_t image_size = headers;
  for (unsigned i = 0; i < count; i++) {
    uint64_t props;
    memcpy(&props, f + SCE_SELF_HEADER_SIZE + (size_t)i * SCE_SELF_SEGMENT_SIZE, 8);
    uint64_t idx = SCE_SELF_SEG_PHDR_INDEX(props);
    if (!(props & SCE_SELF_SEG_BLOCKED) || idx >= eh.e_phnum) continue;
    if (ph[idx].p_offset > (1ull << 32) || ph[idx].p_filesz > (1ull << 32))
      return mkself_fail(err, cap, "SELF: program header %llu has absurd sizes",
                         (unsigned long long)idx);
    uint64_t end = ph[idx].p_offset + ph[idx].p_filesz;
    if (end > image_size) image_size = end;
  }
  if (image_size > 4 * (uint64_t)size + (1u << 20))
    return mkself_fail(err, cap, "SELF: the ELF image it describes (0x%llx bytes) is far "
                       "larger than the file", (unsigned long long)image_size);
  v->image = calloc(1, image_size);
  if (!v->image) return mkself_fail(err, cap, "out of memory");
  v->image_size = image_size;
  memcpy(v->image, f + elf_at, headers);
  for (unsigned i = 0; i < count; i++) {
    uint64_t ent[4];
    memcpy(ent, f + SCE_SELF_HEADER_SIZE + (size_t)i * SCE_SELF_SEGMENT_SIZE, sizeof ent);
    uint64_t props = ent[0];
    if (props & (SCE_SELF_SEG_ENCRYPTED | SCE_SELF_SEG_COMPRESSED))
      return mkself_fail(err, cap, "SELF: segment %u is %s; only fake-signed files can run", i,
                         props & SCE_SELF_SEG_ENCRYPTED ? "encrypted" : "compressed");
    if (!(props & SCE_SELF_SEG_BLOCKED)) continue;
    uint64_t idx = SCE_SELF_SEG_PHDR_INDEX(props);
    if (idx >= eh.e_phnum)
      return mkself_fail(err, cap, "SELF: segment %u maps program header %llu of %u", i,
                         (unsigned long long)idx, eh.e_phnum);
    if (ent[2] != ph[idx].p_filesz || ent[3] != ph[idx].p_filesz)
      return mkself_fail(err, cap, "SELF: segment %u size differs from its program header", i);
    if (!mkself_in_bounds(ent[1], ent[2], size))
      return mkself_fail(err, cap, "SELF: segment %u data is outside the file", i);
    memcpy(v->image + ph[idx].p_offset, f + ent[1], ent[2]);
  }
  v->self_entries = count;
  v->self_flags = flags;
  return true;
}

static bool find_table(struct mkself_view *v, int64_t tag, uint64_t entsize, uint64_t size,
                       const void **out, const char *what, char *err, size_t cap) {
  uint64_t off;
  if (!mkself_view_dyn(v, tag, 0, &off))
    return mkself_fail(err, cap, "dynamic table has no %s", what);
  if (!mkself_in_bounds(off, size, v->blob_size) || (entsize > 1 && (size % entsize) != 0))
    return mkself_fail(err, cap, "%s (offset 0x%llx, 0x%llx bytes) is outside DYNLIBDATA", what,
                       (unsigned long long)off, (unsigned long long)size);
  if (entsize > 1 && ((uintptr_t)(v->blob + off) % 8) != 0)
    return mkself_fail(err, cap, "%s is not 8-byte aligned in DYNLIBDATA", what);
  *out = v->blob + off;
  return true;
}

bool mkself_view_open(struct mkself_view *v, const uint8_t *f, size_t size, char *err,
                      size_t cap) {
  memset(v, 0, sizeof *v);
  if (size < 0x40) return mkself_fail(err, cap, "file is too small to be an ELF or SELF");
  uint32_t magic = rd32(f);
  bool ok;
  if (magic == SCE_SELF_MAGIC_PS4 || magic == SCE_SELF_MAGIC_PS5) {
    v->container = magic == SCE_SELF_MAGIC_PS5 ? MKSELF_FORM_SELF_PS5 : MKSELF_FORM_SELF_PS4;
    ok = view_from_self(v, f, size, err, cap);
  } else if (memcmp(f, ELFMAG, SELFMAG) == 0) {
    v->container = MKSELF_FORM_ELF;
    v->image = malloc(size);
    v->image_size = size;
    ok = v->image != NULL;
    if (ok) memcpy(v->image, f, size);
    else mkself_fail(err, cap, "out of memory");
  } else {
    ok = mkself_fail(err, cap, "not a SELF or ELF file (magic %08x)", magic);
  }
  if (!ok) {
    mkself_view_free(v);
    return false;
  }
  const uint8_t *img = v->image;
  memcpy(&v->ehdr, img, sizeof v->ehdr);
  const Elf64_Ehdr *h = &v->ehdr;
  if (h->e_ident[EI_CLASS] != ELFCLASS64 || h->e_ident[EI_DATA] != ELFDATA2LSB ||
      h->e_machine != EM_X86_64)
    ok = mkself_fail(err, cap, "not a 64-bit little-endian x86-64 ELF");
  else if (h->e_phentsize != sizeof(Elf64_Phdr) || h->e_phnum == 0 || h->e_phnum > 64 ||
           !mkself_in_bounds(h->e_phoff, (uint64_t)h->e_phnum * sizeof(Elf64_Phdr), v->image_size))
    ok = mkself_fail(err, cap, "program header table is missing or outside the file");
  if (!ok) {
    mkself_view_free(v);
    return false;
  }
  v->phnum = h->e_phnum;
  memcpy(v->phdrs, img + h->e_phoff, v->phnum * sizeof(Elf64_Phdr));
  int dynlib = -1, dynamic = -1;
  for (unsigned i = 0; i < v->phnum; i++) {
    const Elf64_Phdr *p = &v->phdrs[i];
    if (p->p_type == SCE_PT_DYNLIBDATA) dynlib = (int)i;
    if (p->p_type == PT_DYNAMIC) dynamic = (int)i;
    if (!mkself_in_bounds(p->p_offset, p->p_filesz, v->image_size))
      ok = mkself_fail(err, cap, "program header %u (type 0x%x) is outside the file", i, p->p_type);
  }
  if (ok && (dynlib < 0 || dynamic < 0))
    ok = mkself_fail(err, cap, "no %s program header", dynlib < 0 ? "PT_SCE_DYNLIBDATA" : "PT_DYNAMIC");
  if (!ok) {
    mkself_view_free(v);
    return false;
  }
  const Elf64_Phdr *bp = &v->phdrs[dynlib], *dp = &v->phdrs[dynamic];
  v->blob = img + bp->p_offset;
  v->blob_size = bp->p_filesz;
  if (dp->p_offset < bp->p_offset || !mkself_in_bounds(dp->p_offset - bp->p_offset, dp->p_filesz,
                                                       bp->p_filesz) ||
      (dp->p_offset % 8) != 0) {
    mkself_view_free(v);
    return mkself_fail(err, cap, "PT_DYNAMIC does not lie (8-aligned) inside PT_SCE_DYNLIBDATA");
  }
  v->dyn = (const Elf64_Dyn *)(img + dp->p_offset);
  for (v->dyn_count = 0; v->dyn_count < dp->p_filesz / sizeof(Elf64_Dyn); v->dyn_count++)
    if (v->dyn[v->dyn_count].d_tag == DT_NULL) break;

  uint64_t strsz = 0, symsz = 0, relasz = 0, pltrelsz = 0;
  mkself_view_dyn(v, SCE_DT_STRSZ, 0, &strsz);
  mkself_view_dyn(v, SCE_DT_SYMTABSZ, 0, &symsz);
  mkself_view_dyn(v, SCE_DT_RELASZ, 0, &relasz);
  mkself_view_dyn(v, SCE_DT_PLTRELSZ, 0, &pltrelsz);
  const void *p;
  ok = find_table(v, SCE_DT_STRTAB, 1, strsz, &p, "string table", err, cap);
  if (ok) {
    v->strtab = p;
    v->strtab_size = strsz;
    if (strsz == 0 || v->strtab[strsz - 1] != '\0')
      ok = mkself_fail(err, cap, "string table is empty or not NUL-terminated");
  }
  if (ok && (ok = find_table(v, SCE_DT_SYMTAB, sizeof(Elf64_Sym), symsz, &p, "symbol table", err, cap))) {
    v->syms = p;
    v->sym_count = symsz / sizeof(Elf64_Sym);
  }
  if (ok && (ok = find_table(v, SCE_DT_RELA, sizeof(Elf64_Rela), relasz, &p, "RELA table", err, cap))) {
    v->rela = p;
    v->rela_count = relasz / sizeof(Elf64_Rela);
  }
  if (ok && (ok = find_table(v, SCE_DT_JMPREL, sizeof(Elf64_Rela), pltrelsz, &p, "JMPREL table", err, cap))) {
    v->jmprel = p;
    v->jmprel_count = pltrelsz / sizeof(Elf64_Rela);
  }
  if (!ok) mkself_view_free(v);
  return ok;
}

bool mkself_view_dyn(const struct mkself_view *v, int64_t tag, unsigned index, uint64_t *val) {
  for (size_t i = 0; i < v->dyn_count; i++) {
    if (v->dyn[i].d_tag != tag) continue;
    if (index-- == 0) {
      *val = v->dyn[i].d_un.d_val;
      return true;
    }
  }
  return false;
}

const char *mkself_view_sym_name(const struct mkself_view *v, uint64_t i) {
  if (i >= v->sym_count || v->syms[i].st_name >= v->strtab_size) return "";
  return v->strtab + v->syms[i].st_name;
}

/* True if [vaddr, vaddr+len) lies inside the memory of a PT_LOAD or PT_SCE_RELRO. */
static bool vaddr_loaded(const struct mkself_view *v, uint64_t vaddr, uint64_t len,
                         bool need_file) {
  for (unsigned i = 0; i < v->phnum; i++) {
    const Elf64_Phdr *p = &v->phdrs[i];
    if (p->p_type != PT_LOAD && p->p_type != SCE_PT_RELRO) continue;
    uint64_t size = need_file ? p->p_filesz : p->p_memsz;
    if (vaddr >= p->p_vaddr && mkself_in_bounds(vaddr - p->p_vaddr, len, size)) return true;
  }
  return false;
}

static bool id_declared(const struct mkself_view *v, int64_t tag, int64_t alt, unsigned id) {
  uint64_t val;
  for (unsigned k = 0; mkself_view_dyn(v, tag, k, &val); k++)
    if ((val >> 48) == id) return true;
  for (unsigned k = 0; mkself_view_dyn(v, alt, k, &val); k++)
    if ((val >> 48) == id) return true;
  return false;
}

static bool check_relocs(const struct mkself_view *v, const Elf64_Rela *r, uint64_t n,
                         const char *what, char *err, size_t cap) {
  for (uint64_t i = 0; i < n; i++) {
    uint32_t type = ELF64_R_TYPE(r[i].r_info);
    uint64_t sym = ELF64_R_SYM(r[i].r_info);
    if (type != SCE_R_X86_64_64 && type != SCE_R_X86_64_GLOB_DAT &&
        type != SCE_R_X86_64_JUMP_SLOT && type != SCE_R_X86_64_RELATIVE &&
        type != SCE_R_X86_64_DTPMOD64 && type != R_X86_64_DTPOFF64 &&
        type != R_X86_64_TPOFF64)
      return mkself_fail(err, cap, "%s entry %llu: relocation type %u is not supported", what,
                         (unsigned long long)i, type);
    if (sym >= v->sym_count)
      return mkself_fail(err, cap, "%s entry %llu: symbol index %llu out of range", what,
                         (unsigned long long)i, (unsigned long long)sym);
    if (!vaddr_loaded(v, r[i].r_offset, 8, false))
      return mkself_fail(err, cap, "%s entry %llu: target 0x%llx is not in a loaded segment",
                         what, (unsigned long long)i, (unsigned long long)r[i].r_offset);
  }
  return true;
}

static bool check_view(const struct mkself_view *v, bool expect_prx, char *err, size_t cap) {
  const Elf64_Ehdr *h = &v->ehdr;
  uint16_t want = expect_prx ? SCE_ET_DYNAMIC : SCE_ET_EXEC_ASLR;
  if (h->e_type != want)
    return mkself_fail(err, cap, "e_type is 0x%x, expected 0x%x", h->e_type, want);
  if (h->e_ident[EI_OSABI] != SCE_ELF_OSABI_FREEBSD)
    return mkself_fail(err, cap, "OS/ABI is %u, expected FreeBSD (9)", h->e_ident[EI_OSABI]);
  if (h->e_ident[EI_ABIVERSION] != SCE_ELF_ABI_VERSION_PS5 &&
      h->e_ident[EI_ABIVERSION] != SCE_ELF_ABI_VERSION_PS4)
    return mkself_fail(err, cap, "ABI version %u is neither PS4 (0) nor PS5 (2)",
                       h->e_ident[EI_ABIVERSION]);
  if (!expect_prx && !vaddr_loaded(v, h->e_entry, 1, true))
    return mkself_fail(err, cap, "entry point 0x%llx is not in a loaded segment",
                       (unsigned long long)h->e_entry);
  /* loadable segments: in bounds, ordered, not overlapping */
  uint64_t last_end = 0;
  bool have_param = false;
  for (unsigned i = 0; i < v->phnum; i++) {
    const Elf64_Phdr *p = &v->phdrs[i];
    if (p->p_type == PT_LOAD || p->p_type == SCE_PT_RELRO) {
      if (p->p_filesz > p->p_memsz)
        return mkself_fail(err, cap, "segment %u has more file bytes than memory", i);
      if (p->p_vaddr < last_end)
        return mkself_fail(err, cap, "segment %u overlaps the previous one", i);
      if (p->p_memsz > (1ull << 36) || p->p_vaddr > (1ull << 36))
        return mkself_fail(err, cap, "segment %u is absurdly large", i);
      last_end = p->p_vaddr + p->p_memsz;
    }
    uint32_t param_type = expect_prx ? SCE_PT_MODULE_PARAM : SCE_PT_PROCPARAM;
    if (p->p_type == param_type) {
      uint64_t want_size = expect_prx ? SCE_MODULE_PARAM_SIZE : SCE_PROC_PARAM_SIZE;
      if (p->p_filesz < want_size || !vaddr_loaded(v, p->p_vaddr, want_size, true))
        return mkself_fail(err, cap, "param block is too small or not in a loaded segment");
      const uint8_t *b = v->image + p->p_offset;
      uint64_t sz;
      memcpy(&sz, b, 8);
      if (expect_prx) {
        uint64_t magic;
        memcpy(&magic, b + 8, 8);
        if (sz != SCE_MODULE_PARAM_SIZE || magic != SCE_MODULE_PARAM_MAGIC)
          return mkself_fail(err, cap, "module param has size 0x%llx / magic 0x%llx",
                             (unsigned long long)sz, (unsigned long long)magic);
      } else if (sz != SCE_PROC_PARAM_SIZE || rd32(b + 8) != SCE_PROC_PARAM_MAGIC) {
        return mkself_fail(err, cap, "process param has size 0x%llx / magic 0x%x",
                           (unsigned long long)sz, rd32(b + 8));
      }
      have_param = true;
    }
  }
  if (!have_param)
    return mkself_fail(err, cap, "no %s program header",
                       expect_prx ? "PT_SCE_MODULE_PARAM" : "PT_SCE_PROCPARAM");
  uint64_t val;
  if (!mkself_view_dyn(v, SCE_DT_PLTREL, 0, &val) || val != DT_RELA)
    return mkself_fail(err, cap, "DT_SCE_PLTREL is missing or not DT_RELA");
  if (!mkself_view_dyn(v, SCE_DT_MODULE_INFO, 0, &val) &&
      !mkself_view_dyn(v, SCE_DT_MODULE_INFO_1, 0, &val))
    return mkself_fail(err, cap, "no module info tag");
  /* every name offset in a module or library tag must be a string */
  static const int64_t named_tags[] = {
      SCE_DT_MODULE_INFO, SCE_DT_MODULE_INFO_1, SCE_DT_NEEDED_MODULE, SCE_DT_NEEDED_MODULE_1,
      SCE_DT_EXPORT_LIB, SCE_DT_EXPORT_LIB_1, SCE_DT_IMPORT_LIB, SCE_DT_IMPORT_LIB_1};
  for (size_t t = 0; t < sizeof named_tags / sizeof named_tags[0]; t++)
    for (unsigned k = 0; mkself_view_dyn(v, named_tags[t], k, &val); k++)
      if ((uint32_t)val >= v->strtab_size)
        return mkself_fail(err, cap, "tag 0x%llx names string 0x%x outside the string table",
                           (unsigned long long)named_tags[t], (uint32_t)val);
  for (unsigned k = 0; mkself_view_dyn(v, DT_NEEDED, k, &val); k++)
    if (val >= v->strtab_size) return mkself_fail(err, cap, "DT_NEEDED outside the string table");
  /* symbols: names in range, imports and exports named NID#L#M with declared ids */
  for (uint64_t i = 0; i < v->sym_count; i++) {
    const Elf64_Sym *s = &v->syms[i];
    if (s->st_name >= v->strtab_size)
      return mkself_fail(err, cap, "symbol %llu name is outside the string table",
                         (unsigned long long)i);
    const char *name = v->strtab + s->st_name;
    if (!*name || ELF64_ST_BIND(s->st_info) == STB_LOCAL) continue;
    char nid[NID_BUF_SIZE];
    unsigned lib, mod;
    if (!nid_parse_symbol(name, nid, &lib, &mod))
      return mkself_fail(err, cap, "symbol %llu '%s' is not named NID#L#M",
                         (unsigned long long)i, name);
    bool import = s->st_shndx == SHN_UNDEF;
    bool lib_ok = import ? id_declared(v, SCE_DT_IMPORT_LIB, SCE_DT_IMPORT_LIB_1, lib)
                         : id_declared(v, SCE_DT_EXPORT_LIB, SCE_DT_EXPORT_LIB_1, lib);
    bool mod_ok = import ? id_declared(v, SCE_DT_NEEDED_MODULE, SCE_DT_NEEDED_MODULE_1, mod)
                         : id_declared(v, SCE_DT_MODULE_INFO, SCE_DT_MODULE_INFO_1, mod);
    if (!lib_ok || !mod_ok)
      return mkself_fail(err, cap, "symbol '%s' names %s id %u that no tag declares", name,
                         lib_ok ? "module" : "library", lib_ok ? mod : lib);
  }
  return check_relocs(v, v->rela, v->rela_count, "RELA", err, cap) &&
         check_relocs(v, v->jmprel, v->jmprel_count, "JMPREL", err, cap);
}

bool mkself_check(const uint8_t *file, size_t size, bool expect_prx, char *err, size_t cap) {
  struct mkself_view v;
  if (!mkself_view_open(&v, file, size, err, cap)) return false;
  bool ok = check_view(&v, expect_prx, err, cap);
  mkself_view_free(&v);
  if (ok) {
    struct sce_file *f = calloc(1, sizeof *f);
    if (!f) return mkself_fail(err, cap, "out of memory");
    if (!sce_file_parse(f, file, size)) {
      ok = mkself_fail(err, cap, "the loader rejects it: %s", f->error);
    } else {
      struct sce_dynamic d;
      char lerr[256];
      if (!sce_dynamic_parse(&d, f, lerr, sizeof lerr))
        ok = mkself_fail(err, cap, "the loader rejects its dynamic tables: %s", lerr);
      else
        sce_dynamic_free(&d);
    }
    free(f);
  }
  return ok;
}

bool mkself_check_wrapped(const uint8_t *file, size_t size, char *err, size_t cap) {
  struct sce_file *f = calloc(1, sizeof *f);
  if (!f) return mkself_fail(err, cap, "out of memory");
  bool ok = sce_file_parse(f, file, size) ||
            mkself_fail(err, cap, "the loader rejects it: %s", f->error);
  if (ok && !sce_elf_type_is_exec(f->ehdr.e_type))
    ok = mkself_fail(err, cap, "e_type 0x%x is not an executable", f->ehdr.e_type);
  free(f);
  return ok;
}
