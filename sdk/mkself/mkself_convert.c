/* Standard ELF (lld output) -> Sony ELF. See mkself.h for the shape of the result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/nid.h"
#include "sce/sce_elf.h"
#include "mkself_convert.h"
#include "mkself_internal.h"

static bool ends_with(const char *s, const char *suffix, size_t *stem) {
  size_t n = strlen(s), m = strlen(suffix);
  if (n < m || strcmp(s + n - m, suffix) != 0) return false;
  *stem = n - m;
  return true;
}

/* Module name of a DT_NEEDED file name: the name without ".prx", ".sprx" or ".so". */
static void module_of_file(const char *file, char *out, size_t cap) {
  size_t stem = strlen(file);
  if (!ends_with(file, ".sprx", &stem) && !ends_with(file, ".prx", &stem))
    ends_with(file, ".so", &stem);
  snprintf(out, cap, "%.*s", (int)stem, file);
}

static int slot_find_or_add(struct id_slot *slots, unsigned *count, const char *name,
                            bool *overflow) {
  for (unsigned i = 0; i < *count; i++)
    if (strcmp(slots[i].name, name) == 0) return (int)i;
  if (*count == MAX_IMPORTS) {
    *overflow = true;
    return -1;
  }
  memset(&slots[*count], 0, sizeof slots[*count]);
  slots[*count].name = name;
  return (int)(*count)++;
}

size_t mkself_converter_add_string(struct converter *c, const char *s) {
  return mkself_buf_append(&c->strtab, s, strlen(s) + 1);
}

static size_t add_string(struct converter *c, const char *s) {
  return mkself_converter_add_string(c, s);
}

static bool read_relocs(struct converter *c, uint64_t vaddr, uint64_t size, Elf64_Rela **out,
                        uint64_t *count, const char *what) {
  *out = NULL;
  *count = 0;
  if (size == 0) return true;
  if (size % sizeof(Elf64_Rela) != 0)
    return mkself_fail(c->err, c->cap, "%s size %llu is not a multiple of 24", what,
                       (unsigned long long)size);
  uint64_t off;
  if (!mkself_elf_vaddr_to_offset(&c->in, vaddr, size, &off))
    return mkself_fail(c->err, c->cap, "%s table is outside the file", what);
  *count = size / sizeof(Elf64_Rela);
  *out = malloc(size);
  if (!*out) return mkself_fail(c->err, c->cap, "out of memory");
  memcpy(*out, c->in.data + off, size);
  return true;
}

static const char *reloc_name(uint32_t type) {
  switch (type) {
    case SCE_R_X86_64_64: return "R_X86_64_64";
    case SCE_R_X86_64_GLOB_DAT: return "R_X86_64_GLOB_DAT";
    case SCE_R_X86_64_JUMP_SLOT: return "R_X86_64_JUMP_SLOT";
    case SCE_R_X86_64_RELATIVE: return "R_X86_64_RELATIVE";
    case SCE_R_X86_64_DTPMOD64: return "R_X86_64_DTPMOD64";
    case R_X86_64_DTPOFF64: return "R_X86_64_DTPOFF64";
    case R_X86_64_TPOFF64: return "R_X86_64_TPOFF64";
    case R_X86_64_COPY: return "R_X86_64_COPY";
    case R_X86_64_IRELATIVE: return "R_X86_64_IRELATIVE";
    default: return "an unknown relocation";
  }
}

/* Checks types and symbol indices, and marks which symbols relocations use. */
static bool check_relocs(struct converter *c, const Elf64_Rela *r, uint64_t n) {
  for (uint64_t i = 0; i < n; i++) {
    uint32_t type = ELF64_R_TYPE(r[i].r_info);
    uint64_t sym = ELF64_R_SYM(r[i].r_info);
    switch (type) {
      case SCE_R_X86_64_64:
      case SCE_R_X86_64_GLOB_DAT:
      case SCE_R_X86_64_JUMP_SLOT:
      case SCE_R_X86_64_RELATIVE:
      case SCE_R_X86_64_DTPMOD64:
      case R_X86_64_DTPOFF64:
      case R_X86_64_TPOFF64:
        break;
      default:
        return mkself_fail(c->err, c->cap,
                           "relocation %s (type %u) at 0x%llx cannot be loaded by a Sony "
                           "loader (only RELATIVE, 64, GLOB_DAT, JUMP_SLOT, DTPMOD64, "
                           "DTPOFF64, TPOFF64)",
                           reloc_name(type), type, (unsigned long long)r[i].r_offset);
    }
    if (sym >= c->dyn.sym_count)
      return mkself_fail(c->err, c->cap, "relocation at 0x%llx names symbol %llu of %llu",
                         (unsigned long long)r[i].r_offset, (unsigned long long)sym,
                         (unsigned long long)c->dyn.sym_count);
    c->sym_referenced[sym] = true;
  }
  return true;
}

static bool remap_relocs(struct converter *c, Elf64_Rela *r, uint64_t n) {
  for (uint64_t i = 0; i < n; i++) {
    uint64_t sym = ELF64_R_SYM(r[i].r_info);
    if (c->sym_remap[sym] < 0)
      return mkself_fail(c->err, c->cap, "relocation at 0x%llx uses a dropped symbol",
                         (unsigned long long)r[i].r_offset);
    r[i].r_info = ELF64_R_INFO((uint64_t)c->sym_remap[sym], ELF64_R_TYPE(r[i].r_info));
  }
  return true;
}

/* Finds the module providing an imported NAME, searching DT_NEEDED in order. */
static const struct mkself_nid_entry *find_provider(struct converter *c, const char *name,
                                                    unsigned *needed_index) {
  for (unsigned i = 0; i < c->needed_count; i++) {
    const struct mkself_nid_entry *e = mkself_nid_map_find(c->map, c->needed_module[i], name);
    if (e) {
      *needed_index = i;
      return e;
    }
  }
  return NULL;
}

static bool build_symbols(struct converter *c) {
  uint64_t n = c->dyn.sym_count;
  c->syms = calloc(n ? n : 1, sizeof *c->syms);
  c->sym_remap = calloc(n ? n : 1, sizeof *c->sym_remap);
  if (!c->syms || !c->sym_remap) return mkself_fail(c->err, c->cap, "out of memory");
  c->sym_count = 0;
  for (uint64_t i = 0; i < n; i++) {
    Elf64_Sym s = mkself_dyn_sym(&c->dyn, i);
    const char *name = mkself_dyn_str(&c->dyn, s.st_name);
    if (!name) return mkself_fail(c->err, c->cap, "dynamic symbol %llu has a bad name",
                                  (unsigned long long)i);
    unsigned bind = ELF64_ST_BIND(s.st_info);
    Elf64_Sym o = s;
    o.st_name = 0;
    if (i == 0 || !*name || bind == STB_LOCAL) {
      /* null symbol and locals keep no name */
    } else if (s.st_shndx == SHN_UNDEF) {
      unsigned ni = 0;
      const struct mkself_nid_entry *e = find_provider(c, name, &ni);
      if (!e) {
        if (c->sym_referenced[i])
          return mkself_fail(c->err, c->cap,
                             "symbol '%s' is imported but no linked library or HLE table "
                             "provides it", name);
        c->sym_remap[i] = -1; /* e.g. __tls_get_addr after lld relaxed every TLS access */
        continue;
      }
      bool overflow = false;
      int m = slot_find_or_add(c->modules, &c->module_count, e->module_name, &overflow);
      int l = slot_find_or_add(c->libraries, &c->library_count, e->library_name, &overflow);
      if (overflow)
        return mkself_fail(c->err, c->cap, "more than %d imported modules or libraries",
                           MAX_IMPORTS);
      c->modules[m].major = e->module_major;
      c->modules[m].minor = e->module_minor;
      c->modules[m].file = c->needed_file[ni];
      c->libraries[l].version = e->library_version;
      char sym[NID_SYMBOL_MAX];
      nid_format_symbol(e->nid, (unsigned)l + 1, (unsigned)m + 1, sym, sizeof sym);
      size_t at = add_string(c, sym);
      if (at == SIZE_MAX) return mkself_fail(c->err, c->cap, "out of memory");
      o.st_name = (uint32_t)at;
      unsigned type = ELF64_ST_TYPE(s.st_info) == STT_TLS ? STT_TLS
                      : e->kind == MKSELF_FUNCTION ? STT_FUNC : STT_OBJECT;
      o.st_info = ELF64_ST_INFO(bind, type);
    } else {
      char nid[NID_BUF_SIZE], sym[NID_SYMBOL_MAX];
      nid_from_name(name, nid);
      nid_format_symbol(nid, 0, 0, sym, sizeof sym);
      size_t at = add_string(c, sym);
      if (at == SIZE_MAX) return mkself_fail(c->err, c->cap, "out of memory");
      o.st_name = (uint32_t)at;
      c->has_exports = true;
    }
    c->sym_remap[i] = (int64_t)c->sym_count;
    c->syms[c->sym_count++] = o;
  }
  return true;
}


struct out_phdr {
  Elf64_Phdr p;
  int src_load; /* index of the input PT_LOAD whose bytes this is, or -1 */
};

/* Output offset of input vaddr V given the placed loads. */
static bool place_vaddr(const struct out_phdr *ph, unsigned n, uint64_t v, uint64_t len,
                        uint64_t *off) {
  for (unsigned i = 0; i < n; i++) {
    const Elf64_Phdr *p = &ph[i].p;
    if (ph[i].src_load < 0) continue;
    if (v >= p->p_vaddr && v - p->p_vaddr <= p->p_filesz && len <= p->p_filesz - (v - p->p_vaddr)) {
      *off = p->p_offset + (v - p->p_vaddr);
      return true;
    }
  }
  return false;
}

/* True if the static symbol table defines main (C) or a C++ main (mangled "_Z4main..."):
 * the crt refers to them weakly, so a missing main is only caught here. */
static bool defines_main(const struct mkself_elf *e) {
  Elf64_Shdr symtab, strtab;
  if (!mkself_elf_find_section(e, ".symtab", &symtab) ||
      !mkself_elf_find_section(e, ".strtab", &strtab) ||
      !mkself_in_bounds(symtab.sh_offset, symtab.sh_size, e->size) ||
      !mkself_in_bounds(strtab.sh_offset, strtab.sh_size, e->size))
    return true; /* stripped: cannot tell, let it through */
  const char *names = (const char *)e->data + strtab.sh_offset;
  for (uint64_t at = 0; at + sizeof(Elf64_Sym) <= symtab.sh_size; at += sizeof(Elf64_Sym)) {
    Elf64_Sym s;
    memcpy(&s, e->data + symtab.sh_offset + at, sizeof s);
    if (s.st_shndx == SHN_UNDEF || s.st_name >= strtab.sh_size) continue;
    const char *n = names + s.st_name;
    size_t room = strtab.sh_size - s.st_name;
    if ((room >= 5 && memcmp(n, "main", 5) == 0) || (room > 7 && memcmp(n, "_Z4main", 7) == 0))
      return true;
  }
  return false;
}

/* Appends .symtab, .strtab, .shstrtab and a section header table (null + those three) to
 * OUT and points its ELF header at them. Defined symbols become absolute (SHN_ABS): their
 * values are addresses relative to the module base. Nothing is appended when the input has
 * no static symbol table. */
static bool append_symbol_sections(struct converter *c, struct mkself_buf *out) {
  Elf64_Shdr symtab, strtab;
  if (!mkself_elf_find_section(&c->in, ".symtab", &symtab) ||
      !mkself_elf_find_section(&c->in, ".strtab", &strtab) ||
      symtab.sh_entsize != sizeof(Elf64_Sym) || symtab.sh_size % sizeof(Elf64_Sym) != 0 ||
      !mkself_in_bounds(symtab.sh_offset, symtab.sh_size, c->in.size) ||
      !mkself_in_bounds(strtab.sh_offset, strtab.sh_size, c->in.size) || strtab.sh_size == 0)
    return true;
  static const char shstr[] = "\0.symtab\0.strtab\0.shstrtab";
  if (!mkself_buf_align(out, 8)) return false;
  size_t sym_at = mkself_buf_append(out, NULL, symtab.sh_size);
  size_t str_at = mkself_buf_append(out, c->in.data + strtab.sh_offset, strtab.sh_size);
  size_t shstr_at = mkself_buf_append(out, shstr, sizeof shstr);
  if (sym_at == SIZE_MAX || str_at == SIZE_MAX || shstr_at == SIZE_MAX || !mkself_buf_align(out, 8))
    return false;
  for (uint64_t i = 0; i < symtab.sh_size / sizeof(Elf64_Sym); i++) {
    Elf64_Sym sym;
    memcpy(&sym, c->in.data + symtab.sh_offset + i * sizeof sym, sizeof sym);
    if (sym.st_shndx != SHN_UNDEF && sym.st_shndx < SHN_LORESERVE) sym.st_shndx = SHN_ABS;
    if (sym.st_name >= strtab.sh_size) sym.st_name = 0;
    memcpy(out->data + sym_at + i * sizeof sym, &sym, sizeof sym);
  }
  Elf64_Shdr sh[4] = {{0}};
  sh[1] = (Elf64_Shdr){.sh_name = 1, .sh_type = SHT_SYMTAB, .sh_offset = sym_at,
                       .sh_size = symtab.sh_size, .sh_link = 2, .sh_info = symtab.sh_info,
                       .sh_addralign = 8, .sh_entsize = sizeof(Elf64_Sym)};
  sh[2] = (Elf64_Shdr){.sh_name = 9, .sh_type = SHT_STRTAB, .sh_offset = str_at,
                       .sh_size = strtab.sh_size, .sh_addralign = 1};
  sh[3] = (Elf64_Shdr){.sh_name = 17, .sh_type = SHT_STRTAB, .sh_offset = shstr_at,
                       .sh_size = sizeof shstr, .sh_addralign = 1};
  size_t sh_at = mkself_buf_append(out, sh, sizeof sh);
  if (sh_at == SIZE_MAX) return false;
  Elf64_Ehdr h;
  memcpy(&h, out->data, sizeof h);
  h.e_shoff = sh_at;
  h.e_shnum = 4;
  h.e_shstrndx = 3;
  memcpy(out->data, &h, sizeof h);
  return true;
}

static bool convert(struct converter *c, struct mkself_buf *out) {
  const Elf64_Ehdr *h = &c->in.ehdr;
  if (h->e_type != ET_DYN)
    return mkself_fail(c->err, c->cap,
                       "input must be position independent (ET_DYN: link with -pie or "
                       "-shared), e_type is %u", h->e_type);
  if (!mkself_elf_read_dynamic(&c->in, &c->dyn, c->err, c->cap)) return false;
  if (!c->opt->module_name || !*c->opt->module_name)
    return mkself_fail(c->err, c->cap, "no module name given");
  if (!c->opt->prx && !defines_main(&c->in))
    return mkself_fail(c->err, c->cap, "the executable defines no main() function");

  for (unsigned i = 0; i < c->dyn.needed_count; i++) {
    const char *f = mkself_dyn_str(&c->dyn, c->dyn.needed[i]);
    if (!f || !*f) return mkself_fail(c->err, c->cap, "DT_NEEDED %u has a bad name", i);
    c->needed_file[i] = f;
    module_of_file(f, c->needed_module[i], sizeof c->needed_module[i]);
  }
  c->needed_count = c->dyn.needed_count;

  if (!read_relocs(c, c->dyn.rela, c->dyn.relasz, &c->rela, &c->rela_count, "RELA") ||
      !read_relocs(c, c->dyn.jmprel, c->dyn.pltrelsz, &c->jmprel, &c->jmprel_count, "JMPREL"))
    return false;
  c->sym_referenced = calloc(c->dyn.sym_count ? c->dyn.sym_count : 1, 1);
  if (!c->sym_referenced) return mkself_fail(c->err, c->cap, "out of memory");
  if (!check_relocs(c, c->rela, c->rela_count) || !check_relocs(c, c->jmprel, c->jmprel_count))
    return false;
  if (mkself_buf_append(&c->strtab, "", 1) == SIZE_MAX)
    return mkself_fail(c->err, c->cap, "out of memory");
  if (!build_symbols(c)) return false;
  if (!remap_relocs(c, c->rela, c->rela_count) || !remap_relocs(c, c->jmprel, c->jmprel_count))
    return false;

  /* program headers of the result */
  struct out_phdr ph[MAX_OUT_PHDRS];
  unsigned n = 0;
  Elf64_Phdr relro = {0};
  bool have_relro = false;
  for (unsigned i = 0; i < h->e_phnum; i++) {
    Elf64_Phdr p = mkself_elf_phdr(&c->in, i);
    if (p.p_type == PT_GNU_RELRO) {
      relro = p;
      have_relro = true;
    }
  }
  uint64_t last_end = 0;
  for (unsigned i = 0; i < h->e_phnum; i++) {
    Elf64_Phdr p = mkself_elf_phdr(&c->in, i);
    switch (p.p_type) {
      case PT_LOAD:
        if (n >= MAX_OUT_PHDRS - 4)
          return mkself_fail(c->err, c->cap, "too many program headers");
        if (p.p_filesz > p.p_memsz || !mkself_in_bounds(p.p_offset, p.p_filesz, c->in.size))
          return mkself_fail(c->err, c->cap, "PT_LOAD %u is outside the file", i);
        if (p.p_vaddr < last_end)
          return mkself_fail(c->err, c->cap, "PT_LOAD %u overlaps or is out of order", i);
        last_end = p.p_vaddr + p.p_memsz;
        if (have_relro && p.p_vaddr == relro.p_vaddr && relro.p_filesz <= p.p_memsz) {
          p.p_type = SCE_PT_RELRO;
          if (relro.p_memsz < p.p_memsz)
            return mkself_fail(c->err, c->cap,
                               "the RELRO segment shares its PT_LOAD with writable data "
                               "(link with -z separate-loadable-segments)");
        }
        ph[n].p = p;
        ph[n].src_load = (int)i;
        n++;
        break;
      case PT_TLS:
      case PT_GNU_EH_FRAME:
        ph[n].p = p;
        ph[n].src_load = -1;
        n++;
        break;
      case PT_DYNAMIC: case PT_PHDR: case PT_INTERP: case PT_GNU_STACK: case PT_GNU_RELRO:
      case PT_NOTE: case PT_NULL:
        break; /* rebuilt (PT_DYNAMIC) or meaningless to the Sony loader */
      default:
        return mkself_fail(c->err, c->cap, "unexpected program header type 0x%x", p.p_type);
    }
  }

  /* process / module param block from the crt */
  const char *param_section = c->opt->prx ? ".sce_module_param" : ".sce_process_param";
  uint64_t param_size = c->opt->prx ? SCE_MODULE_PARAM_SIZE : SCE_PROC_PARAM_SIZE;
  Elf64_Shdr ps;
  if (!mkself_elf_find_section(&c->in, param_section, &ps) || ps.sh_size < param_size)
    return mkself_fail(c->err, c->cap,
                       "input has no %s section of 0x%llx bytes (link it with the SDK crt)",
                       param_section, (unsigned long long)param_size);

  struct mkself_buf blob = {0};
  uint64_t dyn_off = 0, dyn_size = 0;
  if (!mkself_build_dynlibdata(c, &blob, &dyn_off, &dyn_size)) {
    mkself_buf_free(&blob);
    return false;
  }

  unsigned param_index = n++;
  unsigned dynamic_index = n++;
  unsigned dynlib_index = n++;

  /* layout: headers, then each load at a 16 KiB boundary (offset = vaddr mod 16 KiB),
   * then the DYNLIBDATA blob */
  uint64_t pos = mkself_align_up(sizeof(Elf64_Ehdr) + n * sizeof(Elf64_Phdr), 16);
  for (unsigned i = 0; i < n; i++) {
    if (i >= param_index || ph[i].src_load < 0) continue;
    Elf64_Phdr *p = &ph[i].p;
    uint64_t page = SCE_GUEST_PAGE_SIZE;
    uint64_t off = mkself_align_up(pos, page) + (p->p_vaddr & (page - 1));
    if (off < pos) off += page;
    p->p_offset = off;
    pos = off + p->p_filesz;
  }
  for (unsigned i = 0; i < param_index; i++) {
    if (ph[i].src_load >= 0) continue;
    uint64_t off;
    if (!place_vaddr(ph, param_index, ph[i].p.p_vaddr, ph[i].p.p_filesz, &off)) {
      mkself_buf_free(&blob);
      return mkself_fail(c->err, c->cap, "program header %u (type 0x%x) is not inside a "
                         "loaded segment", i, ph[i].p.p_type);
    }
    ph[i].p.p_offset = off;
  }
  uint64_t param_off;
  if (!place_vaddr(ph, param_index, ps.sh_addr, param_size, &param_off)) {
    mkself_buf_free(&blob);
    return mkself_fail(c->err, c->cap, "%s is not inside a loaded segment", param_section);
  }
  ph[param_index].src_load = -1;
  ph[param_index].p = (Elf64_Phdr){
      .p_type = c->opt->prx ? SCE_PT_MODULE_PARAM : SCE_PT_PROCPARAM,
      .p_flags = PF_R, .p_offset = param_off, .p_vaddr = ps.sh_addr, .p_paddr = ps.sh_addr,
      .p_filesz = param_size, .p_memsz = param_size, .p_align = 8};
  uint64_t blob_pos = mkself_align_up(pos, 16);
  ph[dynamic_index].src_load = -1;
  ph[dynamic_index].p = (Elf64_Phdr){
      .p_type = PT_DYNAMIC, .p_flags = PF_R | PF_W, .p_offset = blob_pos + dyn_off,
      .p_filesz = dyn_size, .p_memsz = dyn_size, .p_align = 8};
  ph[dynlib_index].src_load = -1;
  ph[dynlib_index].p = (Elf64_Phdr){
      .p_type = SCE_PT_DYNLIBDATA, .p_flags = PF_R, .p_offset = blob_pos,
      .p_filesz = blob.size, .p_memsz = 0, .p_align = 16};

  Elf64_Ehdr oh = *h;
  oh.e_ident[EI_OSABI] = SCE_ELF_OSABI_FREEBSD;
  oh.e_ident[EI_ABIVERSION] =
      c->opt->form == MKSELF_FORM_SELF_PS4 ? SCE_ELF_ABI_VERSION_PS4 : SCE_ELF_ABI_VERSION_PS5;
  oh.e_type = c->opt->prx ? SCE_ET_DYNAMIC : SCE_ET_EXEC_ASLR;
  oh.e_phoff = sizeof(Elf64_Ehdr);
  oh.e_phnum = (Elf64_Half)n;
  oh.e_shoff = 0;
  oh.e_shnum = 0;
  oh.e_shstrndx = 0;
  oh.e_shentsize = sizeof(Elf64_Shdr);

  bool ok = mkself_buf_append(out, NULL, blob_pos + blob.size) != SIZE_MAX;
  if (ok) {
    memcpy(out->data, &oh, sizeof oh);
    for (unsigned i = 0; i < n; i++) {
      memcpy(out->data + sizeof oh + i * sizeof(Elf64_Phdr), &ph[i].p, sizeof(Elf64_Phdr));
      if (ph[i].src_load >= 0) {
        Elf64_Phdr src = mkself_elf_phdr(&c->in, (unsigned)ph[i].src_load);
        memcpy(out->data + ph[i].p.p_offset, c->in.data + src.p_offset, src.p_filesz);
      }
    }
    memcpy(out->data + blob_pos, blob.data, blob.size);
  }
  mkself_buf_free(&blob);
  if (!ok) return mkself_fail(c->err, c->cap, "out of memory");
  /* A plain Sony ELF keeps the static symbol table for crash reports and debuggers (a SELF
   * carries no section headers). */
  if (c->opt->form == MKSELF_FORM_ELF && !append_symbol_sections(c, out))
    return mkself_fail(c->err, c->cap, "out of memory");
  return true;
}

bool mkself_convert(const uint8_t *elf, size_t size, const struct mkself_nid_map *map,
                    const struct mkself_options *opt, struct mkself_buf *out, char *err,
                    size_t cap) {
  struct converter c;
  memset(&c, 0, sizeof c);
  c.opt = opt;
  c.map = map;
  c.err = err;
  c.cap = cap;
  bool ok = mkself_elf_open(&c.in, elf, size, err, cap) && convert(&c, out);
  free(c.sym_remap);
  free(c.sym_referenced);
  free(c.syms);
  free(c.rela);
  free(c.jmprel);
  mkself_buf_free(&c.strtab);
  if (!ok) mkself_buf_free(out);
  return ok;
}
