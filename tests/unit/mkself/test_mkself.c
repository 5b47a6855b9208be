/* prospero-mkself: a standard ELF built in memory is converted to a Sony ELF and to PS4/PS5
 * fake SELFs, then read back (program headers, Sony tags, module/library ids, NID symbol
 * names, relocations, SELF header and entries); malformed inputs are rejected with a
 * reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/nid.h"
#include "sce/sce_elf.h"
#include "mkself.h"

#include "sce/sce_dynamic.h"
#include "sce/sce_file.h"

/* ---- a tiny linker: lays out a PIE/shared object the way ld.lld does ---- */

enum {
  AT_DYNSYM = 0x200, AT_DYNSTR = 0x400, AT_HASH = 0x600, AT_RELA = 0x700, AT_JMPREL = 0x800,
  AT_PARAM = 0x900, AT_TEXT = 0xA00, RO_SIZE = 0x1000,
  AT_DYNAMIC = 0x4000, AT_GOT = 0x4200, RELRO_SIZE = 0x300,
  AT_DATA = 0x8000, DATA_SIZE = 0x20,
  AT_SHDRS = 0x9000, AT_SYMTAB = 0x9400, AT_STRTAB = 0x9500, AT_SHSTRTAB = 0x9600,
  FILE_SIZE = 0xA000,
};

struct tsym {
  const char *name;
  unsigned type;  /* STT_* */
  bool defined;
};
struct treloc {
  uint64_t offset;
  uint32_t type;
  uint32_t sym;
};
struct tspec {
  const char *needed[4];
  struct tsym syms[8];  /* dynamic symbols after the null one */
  struct treloc rela[8], jmprel[8];
  bool prx, no_param, no_main, exec_type;
};

static void put(uint8_t *b, size_t at, const void *p, size_t n) { memcpy(b + at, p, n); }

static size_t add_str(char *tab, size_t *len, const char *s) {
  size_t at = *len;
  strcpy(tab + at, s);
  *len += strlen(s) + 1;
  return at;
}

static uint8_t *build_elf(const struct tspec *t) {
  uint8_t *b = calloc(1, FILE_SIZE);
  char dynstr[0x200] = {0};
  size_t dynstr_len = 1;
  Elf64_Dyn dyn[32];
  unsigned nd = 0;
  for (unsigned i = 0; i < 4 && t->needed[i]; i++)
    dyn[nd++] = (Elf64_Dyn){DT_NEEDED, {add_str(dynstr, &dynstr_len, t->needed[i])}};
  unsigned nsym = 1;
  for (unsigned i = 0; i < 8 && t->syms[i].name; i++, nsym++) {
    Elf64_Sym s = {0};
    s.st_name = (uint32_t)add_str(dynstr, &dynstr_len, t->syms[i].name);
    s.st_info = ELF64_ST_INFO(STB_GLOBAL, t->syms[i].type);
    if (t->syms[i].defined) {
      s.st_shndx = 5;
      s.st_value = AT_TEXT;
    }
    put(b, AT_DYNSYM + nsym * sizeof s, &s, sizeof s);
  }
  put(b, AT_DYNSTR, dynstr, dynstr_len);
  uint32_t hash[2 + 1 + 9] = {1, nsym};
  put(b, AT_HASH, hash, (3 + nsym) * 4);
  unsigned nr = 0, nj = 0;
  for (; nr < 8 && t->rela[nr].type; nr++) {
    Elf64_Rela r = {t->rela[nr].offset, ELF64_R_INFO(t->rela[nr].sym, t->rela[nr].type), 0};
    put(b, AT_RELA + nr * sizeof r, &r, sizeof r);
  }
  for (; nj < 8 && t->jmprel[nj].type; nj++) {
    Elf64_Rela r = {t->jmprel[nj].offset, ELF64_R_INFO(t->jmprel[nj].sym, t->jmprel[nj].type),
                    0};
    put(b, AT_JMPREL + nj * sizeof r, &r, sizeof r);
  }
  dyn[nd++] = (Elf64_Dyn){DT_SYMTAB, {AT_DYNSYM}};
  dyn[nd++] = (Elf64_Dyn){DT_SYMENT, {sizeof(Elf64_Sym)}};
  dyn[nd++] = (Elf64_Dyn){DT_STRTAB, {AT_DYNSTR}};
  dyn[nd++] = (Elf64_Dyn){DT_STRSZ, {dynstr_len}};
  dyn[nd++] = (Elf64_Dyn){DT_HASH, {AT_HASH}};
  dyn[nd++] = (Elf64_Dyn){DT_RELA, {AT_RELA}};
  dyn[nd++] = (Elf64_Dyn){DT_RELASZ, {nr * sizeof(Elf64_Rela)}};
  dyn[nd++] = (Elf64_Dyn){DT_RELAENT, {sizeof(Elf64_Rela)}};
  dyn[nd++] = (Elf64_Dyn){DT_JMPREL, {AT_JMPREL}};
  dyn[nd++] = (Elf64_Dyn){DT_PLTRELSZ, {nj * sizeof(Elf64_Rela)}};
  dyn[nd++] = (Elf64_Dyn){DT_PLTREL, {DT_RELA}};
  dyn[nd++] = (Elf64_Dyn){DT_PLTGOT, {AT_GOT}};
  dyn[nd++] = (Elf64_Dyn){DT_INIT_ARRAY, {AT_DATA}};
  dyn[nd++] = (Elf64_Dyn){DT_INIT_ARRAYSZ, {8}};
  dyn[nd++] = (Elf64_Dyn){DT_FLAGS, {DF_BIND_NOW}};
  dyn[nd++] = (Elf64_Dyn){DT_NULL, {0}};
  put(b, AT_DYNAMIC, dyn, nd * sizeof dyn[0]);

  /* process param (or module param) block */
  uint64_t param[10] = {0};
  if (t->prx) {
    param[0] = SCE_MODULE_PARAM_SIZE;
    param[1] = SCE_MODULE_PARAM_MAGIC;
  } else {
    param[0] = SCE_PROC_PARAM_SIZE;
    param[1] = SCE_PROC_PARAM_MAGIC | (3ull << 32);
  }
  put(b, AT_PARAM, param, sizeof param);
  b[AT_TEXT] = 0xC3;

  /* program headers */
  Elf64_Phdr ph[7] = {
      {PT_LOAD, PF_R | PF_X, 0, 0, 0, RO_SIZE, RO_SIZE, 0x4000},
      {PT_LOAD, PF_R | PF_W, AT_DYNAMIC, AT_DYNAMIC, AT_DYNAMIC, RELRO_SIZE, RELRO_SIZE, 0x4000},
      {PT_LOAD, PF_R | PF_W, AT_DATA, AT_DATA, AT_DATA, DATA_SIZE, DATA_SIZE + 0x10, 0x4000},
      {PT_DYNAMIC, PF_R | PF_W, AT_DYNAMIC, AT_DYNAMIC, AT_DYNAMIC, nd * sizeof(Elf64_Dyn),
       nd * sizeof(Elf64_Dyn), 8},
      {PT_GNU_RELRO, PF_R, AT_DYNAMIC, AT_DYNAMIC, AT_DYNAMIC, RELRO_SIZE, 0x1000, 1},
      {PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 0, 0, 0},
      {PT_TLS, PF_R, AT_DATA + 0x10, AT_DATA + 0x10, AT_DATA + 0x10, 0x8, 0x30, 32},
  };
  put(b, sizeof(Elf64_Ehdr), ph, sizeof ph);

  /* sections: null, the param block, .symtab, .strtab, .shstrtab */
  char shstr[0x100] = {0};
  size_t shstr_len = 1;
  const char *param_name = t->no_param ? ".data" : t->prx ? ".sce_module_param"
                                                          : ".sce_process_param";
  Elf64_Shdr sh[5] = {0};
  sh[1] = (Elf64_Shdr){(uint32_t)add_str(shstr, &shstr_len, param_name), SHT_PROGBITS, SHF_ALLOC,
                       AT_PARAM, AT_PARAM, 0x50, 0, 0, 8, 0};
  char strtab[0x40] = {0};
  size_t strtab_len = 1;
  Elf64_Sym st[2] = {0};
  st[1].st_name = (uint32_t)add_str(strtab, &strtab_len, t->no_main ? "not_main" : "main");
  st[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
  st[1].st_shndx = 1;
  st[1].st_value = AT_TEXT;
  put(b, AT_SYMTAB, st, sizeof st);
  put(b, AT_STRTAB, strtab, strtab_len);
  sh[2] = (Elf64_Shdr){(uint32_t)add_str(shstr, &shstr_len, ".symtab"), SHT_SYMTAB, 0, 0,
                       AT_SYMTAB, sizeof st, 3, 1, 8, sizeof(Elf64_Sym)};
  sh[3] = (Elf64_Shdr){(uint32_t)add_str(shstr, &shstr_len, ".strtab"), SHT_STRTAB, 0, 0,
                       AT_STRTAB, strtab_len, 0, 0, 1, 0};
  sh[4] = (Elf64_Shdr){(uint32_t)add_str(shstr, &shstr_len, ".shstrtab"), SHT_STRTAB, 0, 0,
                       AT_SHSTRTAB, 0, 0, 0, 1, 0};
  sh[4].sh_size = shstr_len;
  put(b, AT_SHSTRTAB, shstr, shstr_len);
  put(b, AT_SHDRS, sh, sizeof sh);

  Elf64_Ehdr h = {0};
  memcpy(h.e_ident, ELFMAG, SELFMAG);
  h.e_ident[EI_CLASS] = ELFCLASS64;
  h.e_ident[EI_DATA] = ELFDATA2LSB;
  h.e_ident[EI_VERSION] = EV_CURRENT;
  h.e_type = t->exec_type ? ET_EXEC : ET_DYN;
  h.e_machine = EM_X86_64;
  h.e_version = EV_CURRENT;
  h.e_entry = AT_TEXT;
  h.e_phoff = sizeof h;
  h.e_shoff = AT_SHDRS;
  h.e_ehsize = sizeof h;
  h.e_phentsize = sizeof(Elf64_Phdr);
  h.e_phnum = 7;
  h.e_shentsize = sizeof(Elf64_Shdr);
  h.e_shnum = 5;
  h.e_shstrndx = 4;
  put(b, 0, &h, sizeof h);
  return b;
}

/* NID table in prospero-hle-export form (NIDs computed, so the table is valid). */
static void load_map(struct mkself_nid_map *m) {
  static const struct {
    const char *lib, *name, *kind;
  } rows[] = {
      {"libc", "printf", "function"},         {"libc", "exit", "function"},
      {"libkernel", "sceKernelUsleep", "function"},
      {"libkernel", "__stack_chk_guard", "object"},
  };
  char text[2048] = "";
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    char nid[NID_BUF_SIZE];
    nid_from_name(rows[i].name, nid);
    char line[256];
    snprintf(line, sizeof line, "%s\t1\t%s\t1\t1\t%s\t%s\t%s\timplemented\n", rows[i].lib,
             rows[i].lib, nid, rows[i].name, rows[i].kind);
    strcat(text, line);
  }
  char err[256] = "";
  memset(m, 0, sizeof *m);
  assert_true(mkself_nid_map_add_tsv(m, text, strlen(text), err, sizeof err));
  assert_int_equal(m->count, 4);
}

/* A guest importing printf, exit (libc) and __stack_chk_guard (libkernel). */
static const struct tspec exe_spec = {
    .needed = {"libc.prx", "libkernel.prx"},
    .syms = {{"printf", STT_FUNC, false},
             {"__stack_chk_guard", STT_OBJECT, false},
             {"exit", STT_FUNC, false}},
    .rela = {{AT_GOT, R_X86_64_GLOB_DAT, 2}, {AT_DATA, R_X86_64_RELATIVE, 0},
             {AT_DATA + 8, R_X86_64_64, 1}},
    .jmprel = {{AT_GOT + 0x18, R_X86_64_JUMP_SLOT, 1}, {AT_GOT + 0x20, R_X86_64_JUMP_SLOT, 3}},
};

static bool convert(const struct tspec *t, enum mkself_form form, struct mkself_buf *out,
                    char *err, size_t cap) {
  struct mkself_nid_map map;
  load_map(&map);
  uint8_t *elf = build_elf(t);
  struct mkself_options opt = {.prx = t->prx, .module_name = t->prx ? "testprx" : "eboot",
                               .original_filename = t->prx ? "testprx.prx" : "eboot.bin",
                               .form = form};
  memset(out, 0, sizeof *out);
  bool ok = mkself_convert(elf, FILE_SIZE, &map, &opt, out, err, cap);
  if (ok && form != MKSELF_FORM_ELF) {
    struct mkself_buf self = {0};
    ok = mkself_wrap_self(out->data, out->size, form, &opt, &self, err, cap);
    mkself_buf_free(out);
    *out = self;
  }
  free(elf);
  mkself_nid_map_free(&map);
  return ok;
}

static const Elf64_Phdr *find_phdr(const struct mkself_view *v, uint32_t type, unsigned nth) {
  for (unsigned i = 0; i < v->phnum; i++)
    if (v->phdrs[i].p_type == type && nth-- == 0) return &v->phdrs[i];
  return NULL;
}

static const char *tag_name(const struct mkself_view *v, uint64_t tag_value) {
  return v->strtab + (uint32_t)tag_value;
}

static void test_executable_layout(void **state) {
  (void)state;
  struct mkself_buf out;
  char err[256] = "";
  assert_true(convert(&exe_spec, MKSELF_FORM_ELF, &out, err, sizeof err));
  struct mkself_view v;
  assert_true(mkself_view_open(&v, out.data, out.size, err, sizeof err));
  assert_int_equal(v.container, MKSELF_FORM_ELF);
  assert_int_equal(v.ehdr.e_type, SCE_ET_EXEC_ASLR);
  assert_int_equal(v.ehdr.e_ident[EI_OSABI], SCE_ELF_OSABI_FREEBSD);
  assert_int_equal(v.ehdr.e_ident[EI_ABIVERSION], SCE_ELF_ABI_VERSION_PS5);
  assert_int_equal(v.ehdr.e_entry, AT_TEXT);

  /* loads keep their addresses; the RELRO one becomes PT_SCE_RELRO; GNU headers go */
  const Elf64_Phdr *text = find_phdr(&v, PT_LOAD, 0), *data = find_phdr(&v, PT_LOAD, 1);
  const Elf64_Phdr *relro = find_phdr(&v, SCE_PT_RELRO, 0);
  assert_non_null(text);
  assert_non_null(data);
  assert_non_null(relro);
  assert_int_equal(text->p_vaddr, 0);
  assert_int_equal(relro->p_vaddr, AT_DYNAMIC);
  assert_int_equal(relro->p_filesz, RELRO_SIZE);
  assert_int_equal(data->p_vaddr, AT_DATA);
  assert_int_equal(data->p_memsz, DATA_SIZE + 0x10);
  assert_int_equal(text->p_offset % SCE_GUEST_PAGE_SIZE, 0);
  assert_null(find_phdr(&v, PT_GNU_RELRO, 0));
  assert_null(find_phdr(&v, PT_GNU_STACK, 0));
  /* PT_TLS keeps its address, sizes and alignment; its bytes follow the data segment */
  const Elf64_Phdr *tls = find_phdr(&v, PT_TLS, 0);
  assert_non_null(tls);
  assert_int_equal(tls->p_vaddr, AT_DATA + 0x10);
  assert_int_equal(tls->p_filesz, 0x8);
  assert_int_equal(tls->p_memsz, 0x30);
  assert_int_equal(tls->p_align, 32);
  assert_int_equal(tls->p_offset, data->p_offset + 0x10);
  assert_memory_equal(v.image + text->p_offset + AT_TEXT, "\xC3", 1);
  const Elf64_Phdr *param = find_phdr(&v, SCE_PT_PROCPARAM, 0);
  assert_non_null(param);
  assert_int_equal(param->p_vaddr, AT_PARAM);
  assert_int_equal(param->p_filesz, SCE_PROC_PARAM_SIZE);
  assert_null(find_phdr(&v, SCE_PT_MODULE_PARAM, 0));
  const Elf64_Phdr *dynlib = find_phdr(&v, SCE_PT_DYNLIBDATA, 0);
  assert_non_null(dynlib);
  assert_int_equal(dynlib->p_vaddr, 0);

  /* modules and libraries in first-use order: libc id 1, libkernel id 2 */
  uint64_t val;
  assert_true(mkself_view_dyn(&v, SCE_DT_MODULE_INFO, 0, &val));
  assert_string_equal(tag_name(&v, val), "eboot");
  assert_int_equal(val >> 48, 0);
  assert_true(mkself_view_dyn(&v, SCE_DT_NEEDED_MODULE, 0, &val));
  assert_string_equal(tag_name(&v, val), "libc");
  assert_int_equal(val >> 48, 1);
  assert_int_equal((val >> 40) & 0xFF, 1);
  assert_int_equal((val >> 32) & 0xFF, 1);
  assert_true(mkself_view_dyn(&v, SCE_DT_NEEDED_MODULE, 1, &val));
  assert_string_equal(tag_name(&v, val), "libkernel");
  assert_int_equal(val >> 48, 2);
  assert_false(mkself_view_dyn(&v, SCE_DT_NEEDED_MODULE, 2, &val));
  assert_true(mkself_view_dyn(&v, SCE_DT_IMPORT_LIB, 1, &val));
  assert_string_equal(tag_name(&v, val), "libkernel");
  assert_int_equal(val >> 48, 2);
  assert_int_equal((val >> 32) & 0xFFFF, 1);
  assert_true(mkself_view_dyn(&v, SCE_DT_IMPORT_LIB_ATTR, 0, &val));
  assert_int_equal(val, (1ull << 48) | SCE_IMPORT_LIB_ATTR_VALUE);
  assert_false(mkself_view_dyn(&v, SCE_DT_EXPORT_LIB, 0, &val));
  assert_true(mkself_view_dyn(&v, DT_NEEDED, 0, &val));
  assert_string_equal(v.strtab + val, "libc.prx");
  assert_true(mkself_view_dyn(&v, SCE_DT_ORIGINAL_FILENAME, 0, &val));
  assert_string_equal(v.strtab + val, "eboot.bin");
  assert_true(mkself_view_dyn(&v, SCE_DT_PLTREL, 0, &val));
  assert_int_equal(val, DT_RELA);
  assert_true(mkself_view_dyn(&v, SCE_DT_PLTGOT, 0, &val));
  assert_int_equal(val, AT_GOT);
  assert_true(mkself_view_dyn(&v, DT_INIT_ARRAY, 0, &val));
  assert_int_equal(val, AT_DATA);
  assert_true(mkself_view_dyn(&v, DT_INIT_ARRAYSZ, 0, &val));
  assert_int_equal(val, 8);
  assert_true(mkself_view_dyn(&v, SCE_DT_FINGERPRINT, 0, &val));
  assert_true(val + 24 <= v.blob_size);
  assert_true(mkself_view_dyn(&v, SCE_DT_HASH, 0, &val));
  uint32_t nbucket, nchain;
  memcpy(&nbucket, v.blob + val, 4);
  memcpy(&nchain, v.blob + val + 4, 4);
  assert_int_equal(nchain, v.sym_count);
  assert_true(nbucket > 0);

  /* imports renamed NID#L#M with the ids above and typed from the table */
  assert_int_equal(v.sym_count, 4);
  assert_string_equal(mkself_view_sym_name(&v, 0), "");
  assert_string_equal(mkself_view_sym_name(&v, 1), "hcuQgD53UxM#B#B");  /* printf */
  assert_string_equal(mkself_view_sym_name(&v, 2), "f7uOxY9mM1U#C#C");  /* __stack_chk_guard */
  assert_string_equal(mkself_view_sym_name(&v, 3), "uMei1W9uyNo#B#B");  /* exit */
  assert_int_equal(ELF64_ST_TYPE(v.syms[2].st_info), STT_OBJECT);
  assert_int_equal(ELF64_ST_TYPE(v.syms[3].st_info), STT_FUNC);
  assert_int_equal(v.syms[1].st_shndx, SHN_UNDEF);

  /* relocations unchanged apart from symbol indices */
  assert_int_equal(v.rela_count, 3);
  assert_int_equal(v.jmprel_count, 2);
  assert_int_equal(ELF64_R_TYPE(v.rela[0].r_info), R_X86_64_GLOB_DAT);
  assert_int_equal(ELF64_R_SYM(v.rela[0].r_info), 2);
  assert_int_equal(v.rela[0].r_offset, AT_GOT);
  assert_int_equal(ELF64_R_TYPE(v.rela[1].r_info), R_X86_64_RELATIVE);
  assert_int_equal(ELF64_R_TYPE(v.jmprel[1].r_info), R_X86_64_JUMP_SLOT);
  assert_int_equal(ELF64_R_SYM(v.jmprel[1].r_info), 3);

  /* the plain ELF keeps the static symbols (main) as absolute symbols after a section table */
  assert_int_equal(v.ehdr.e_shnum, 4);
  assert_int_equal(v.ehdr.e_shstrndx, 3);
  Elf64_Shdr sh[4];
  memcpy(sh, out.data + v.ehdr.e_shoff, sizeof sh);
  assert_int_equal(sh[1].sh_type, SHT_SYMTAB);
  assert_int_equal(sh[1].sh_link, 2);
  Elf64_Sym main_sym;
  memcpy(&main_sym, out.data + sh[1].sh_offset + sizeof main_sym, sizeof main_sym);
  assert_string_equal((const char *)out.data + sh[2].sh_offset + main_sym.st_name, "main");
  assert_int_equal(main_sym.st_shndx, SHN_ABS);
  assert_int_equal(main_sym.st_value, AT_TEXT);

  assert_true(mkself_check(out.data, out.size, false, err, sizeof err));
  assert_false(mkself_check(out.data, out.size, true, err, sizeof err)); /* not a PRX */
  mkself_view_free(&v);
  mkself_buf_free(&out);
}

static void test_self_wrappers(void **state) {
  (void)state;
  struct mkself_buf elf, self5, self4;
  char err[256] = "";
  assert_true(convert(&exe_spec, MKSELF_FORM_ELF, &elf, err, sizeof err));
  assert_true(convert(&exe_spec, MKSELF_FORM_SELF_PS5, &self5, err, sizeof err));
  assert_true(convert(&exe_spec, MKSELF_FORM_SELF_PS4, &self4, err, sizeof err));
  assert_memory_equal(self5.data, "\x54\x14\xF5\xEE\x10\x01\x01\x12\x01\x01\x00\x10", 12);
  assert_memory_equal(self4.data, "\x4F\x15\x3D\x1D\x00\x01\x01\x12\x01\x01\x00\x00", 12);
  uint16_t header_size, meta_size, count, flags;
  uint64_t file_size;
  memcpy(&header_size, self5.data + 0x0C, 2);
  memcpy(&meta_size, self5.data + 0x0E, 2);
  memcpy(&file_size, self5.data + 0x10, 8);
  memcpy(&count, self5.data + 0x18, 2);
  memcpy(&flags, self5.data + 0x1A, 2);
  assert_int_equal(flags, SCE_SELF_FLAGS_PS5);
  assert_int_equal(file_size, self5.size);
  assert_int_equal(count, 2 * 4); /* digest + data entry for 2 loads, RELRO, DYNLIBDATA */
  assert_int_equal(meta_size, count * 0x50 + 0x50 + 0x100);
  assert_int_equal(header_size % 16, 0);

  struct mkself_view ve, v5, v4;
  assert_true(mkself_view_open(&ve, elf.data, elf.size, err, sizeof err));
  assert_true(mkself_view_open(&v5, self5.data, self5.size, err, sizeof err));
  assert_true(mkself_view_open(&v4, self4.data, self4.size, err, sizeof err));
  assert_int_equal(v5.container, MKSELF_FORM_SELF_PS5);
  assert_int_equal(v4.container, MKSELF_FORM_SELF_PS4);
  assert_int_equal(v5.self_entries, 8);
  assert_int_equal(v5.self_flags, SCE_SELF_FLAGS_PS5);
  assert_int_equal(v4.self_flags, SCE_SELF_FLAGS_PS4);
  assert_int_equal(v4.ehdr.e_ident[EI_ABIVERSION], SCE_ELF_ABI_VERSION_PS4);
  assert_int_equal(v5.ehdr.e_shnum, 0); /* a SELF carries no section headers */
  assert_int_equal(v5.ehdr.e_shoff, 0);
  /* data entries map program headers; their bytes are the ELF's */
  for (unsigned i = 0; i < count; i++) {
    uint64_t ent[4];
    memcpy(ent, self5.data + 0x20 + i * 0x20, sizeof ent);
    if (i % 2 == 0) {
      assert_int_equal(ent[0] & SCE_SELF_SEG_BLOCKED, 0);
      assert_true(ent[0] & SCE_SELF_SEG_HAS_DIGESTS);
      continue;
    }
    assert_true(ent[0] & SCE_SELF_SEG_BLOCKED);
    const Elf64_Phdr *p = &ve.phdrs[SCE_SELF_SEG_PHDR_INDEX(ent[0])];
    assert_int_equal(ent[2], p->p_filesz);
    assert_memory_equal(self5.data + ent[1], elf.data + p->p_offset, p->p_filesz);
  }
  assert_int_equal(v5.blob_size, ve.blob_size);
  assert_memory_equal(v5.blob, ve.blob, ve.blob_size);
  assert_true(mkself_check(self5.data, self5.size, false, err, sizeof err));
  assert_true(mkself_check(self4.data, self4.size, false, err, sizeof err));

  /* an encrypted or mis-sized segment is refused */
  uint64_t props;
  memcpy(&props, self5.data + 0x20 + 0x20, 8);
  uint64_t bad = props | SCE_SELF_SEG_ENCRYPTED;
  memcpy(self5.data + 0x40, &bad, 8);
  assert_false(mkself_check(self5.data, self5.size, false, err, sizeof err));
  assert_non_null(strstr(err, "encrypted"));
  memcpy(self5.data + 0x40, &props, 8);
  uint64_t size;
  memcpy(&size, self5.data + 0x40 + 16, 8);
  size += 1;
  memcpy(self5.data + 0x40 + 16, &size, 8);
  assert_false(mkself_check(self5.data, self5.size, false, err, sizeof err));
  /* truncated */
  assert_false(mkself_check(self4.data, 0x30, false, err, sizeof err));
  assert_false(mkself_check(self4.data, self4.size / 2, false, err, sizeof err));

  mkself_view_free(&ve);
  mkself_view_free(&v5);
  mkself_view_free(&v4);
  mkself_buf_free(&elf);
  mkself_buf_free(&self5);
  mkself_buf_free(&self4);
}

static void test_prx_exports(void **state) {
  (void)state;
  struct tspec t = {
      .needed = {"libc.prx"},
      .syms = {{"module_start", STT_FUNC, true}, {"printf", STT_FUNC, false},
               {"module_stop", STT_FUNC, true}},
      .jmprel = {{AT_GOT + 0x18, R_X86_64_JUMP_SLOT, 2}},
      .prx = true,
  };
  struct mkself_buf out;
  char err[256] = "";
  assert_true(convert(&t, MKSELF_FORM_SELF_PS5, &out, err, sizeof err));
  struct mkself_view v;
  assert_true(mkself_view_open(&v, out.data, out.size, err, sizeof err));
  assert_int_equal(v.ehdr.e_type, SCE_ET_DYNAMIC);
  assert_non_null(find_phdr(&v, SCE_PT_MODULE_PARAM, 0));
  assert_null(find_phdr(&v, SCE_PT_PROCPARAM, 0));
  assert_string_equal(mkself_view_sym_name(&v, 1), "BaOKcng8g88#A#A"); /* module_start */
  assert_string_equal(mkself_view_sym_name(&v, 2), "hcuQgD53UxM#B#B");
  assert_int_equal(v.syms[1].st_value, AT_TEXT);
  uint64_t val;
  assert_true(mkself_view_dyn(&v, SCE_DT_EXPORT_LIB, 0, &val));
  assert_string_equal(tag_name(&v, val), "testprx");
  assert_int_equal(val >> 48, 0);
  assert_true(mkself_view_dyn(&v, SCE_DT_EXPORT_LIB_ATTR, 0, &val));
  assert_int_equal(val, SCE_EXPORT_LIB_ATTR_VALUE);
  assert_true(mkself_check(out.data, out.size, true, err, sizeof err));
  mkself_view_free(&v);
  mkself_buf_free(&out);
}

/* An unreferenced import nobody provides (lld leaves __tls_get_addr so after relaxing
 * every TLS access) is dropped and the indices of later symbols follow. */
static void test_unreferenced_unknown_import_dropped(void **state) {
  (void)state;
  struct tspec t = exe_spec;
  t.syms[0] = (struct tsym){"__tls_get_addr_unknown", STT_NOTYPE, false};
  t.rela[2] = (struct treloc){0};
  t.jmprel[0] = t.jmprel[1]; /* drop the JUMP_SLOT of symbol 1 */
  t.jmprel[1] = (struct treloc){0};
  struct mkself_buf out;
  char err[256] = "";
  assert_true(convert(&t, MKSELF_FORM_ELF, &out, err, sizeof err));
  struct mkself_view v;
  assert_true(mkself_view_open(&v, out.data, out.size, err, sizeof err));
  assert_int_equal(v.sym_count, 3);
  assert_string_equal(mkself_view_sym_name(&v, 1), "f7uOxY9mM1U#B#B");
  assert_int_equal(ELF64_R_SYM(v.rela[0].r_info), 1);
  assert_int_equal(ELF64_R_SYM(v.jmprel[0].r_info), 2);
  mkself_view_free(&v);
  mkself_buf_free(&out);
}

static void expect_reject(const struct tspec *t, const char *why) {
  struct mkself_buf out;
  char err[256] = "";
  assert_false(convert(t, MKSELF_FORM_ELF, &out, err, sizeof err));
  if (!strstr(err, why)) fail_msg("error '%s' does not mention '%s'", err, why);
  assert_null(out.data);
}

static void test_rejects(void **state) {
  (void)state;
  struct tspec t = exe_spec;
  t.rela[0].type = R_X86_64_COPY;
  expect_reject(&t, "R_X86_64_COPY");
  t = exe_spec;
  t.rela[0].sym = 9;
  expect_reject(&t, "symbol 9");
  t = exe_spec;
  t.syms[0].name = "not_in_any_table";
  expect_reject(&t, "not_in_any_table");
  t = exe_spec;
  t.needed[1] = NULL; /* __stack_chk_guard's module is not linked */
  expect_reject(&t, "__stack_chk_guard");
  t = exe_spec;
  t.no_param = true;
  expect_reject(&t, ".sce_process_param");
  t = exe_spec;
  t.no_main = true;
  expect_reject(&t, "main");
  t = exe_spec;
  t.exec_type = true;
  expect_reject(&t, "position independent");

  struct mkself_nid_map map = {0};
  char err[256] = "";
  uint8_t junk[64] = "this is not an ELF file";
  struct mkself_options opt = {.module_name = "x"};
  struct mkself_buf out = {0};
  assert_false(mkself_convert(junk, sizeof junk, &map, &opt, &out, err, sizeof err));
  assert_non_null(strstr(err, "not an ELF"));
  assert_false(mkself_check(junk, sizeof junk, false, err, sizeof err));
}

static void test_nid_table_errors(void **state) {
  (void)state;
  struct mkself_nid_map m = {0};
  char err[256] = "";
  const char *wrong_nid = "libc\t1\tlibc\t1\t1\tAAAAAAAAAAA\tprintf\tfunction\timplemented\n";
  assert_false(mkself_nid_map_add_tsv(&m, wrong_nid, strlen(wrong_nid), err, sizeof err));
  assert_non_null(strstr(err, "line 1"));
  const char *short_line = "libc\t1\tlibc\n";
  assert_false(mkself_nid_map_add_tsv(&m, short_line, strlen(short_line), err, sizeof err));
  const char *bad_kind = "libc\t1\tlibc\t1\t1\thcuQgD53UxM\tprintf\tfunc\tstub\n";
  assert_false(mkself_nid_map_add_tsv(&m, bad_kind, strlen(bad_kind), err, sizeof err));
  const char *unnamed = "libc\t1\tlibc\t1\t1\tAAAAAAAAAAA\t-\tobject\tstub\n";
  assert_true(mkself_nid_map_add_tsv(&m, unnamed, strlen(unnamed), err, sizeof err));
  const struct mkself_nid_entry *e = mkself_nid_map_find(&m, "libc", "AAAAAAAAAAA");
  assert_non_null(e);
  assert_int_equal(e->kind, MKSELF_OBJECT);
  assert_null(mkself_nid_map_find(&m, "libkernel", "AAAAAAAAAAA"));
  mkself_nid_map_free(&m);
}

/* The loader's own parser reads what mkself wrote: container, names, ids and symbols. */
static void test_loader_reads_output(void **state) {
  (void)state;
  struct mkself_buf out;
  char err[256] = "";
  assert_true(convert(&exe_spec, MKSELF_FORM_SELF_PS5, &out, err, sizeof err));
  struct sce_file *f = calloc(1, sizeof *f);
  assert_non_null(f);
  if (!sce_file_parse(f, out.data, out.size)) fail_msg("sce_file_parse: %s", f->error);
  assert_int_equal(f->container, SCE_CONTAINER_SELF_PS5);
  assert_int_equal(f->ehdr.e_type, SCE_ET_EXEC_ASLR);
  struct sce_dynamic d;
  if (!sce_dynamic_parse(&d, f, err, sizeof err)) fail_msg("sce_dynamic_parse: %s", err);
  assert_string_equal(d.self.name, "eboot");
  assert_string_equal(d.original_filename, "eboot.bin");
  assert_int_equal(d.module_count, 2);
  const struct sce_module_ref *libc = sce_dynamic_find_module(&d, 1);
  const struct sce_module_ref *kernel = sce_dynamic_find_module(&d, 2);
  assert_non_null(libc);
  assert_non_null(kernel);
  assert_string_equal(libc->name, "libc");
  assert_string_equal(kernel->name, "libkernel");
  assert_int_equal(libc->version_major, 1);
  assert_int_equal(libc->version_minor, 1);
  const struct sce_library_ref *lib = sce_dynamic_find_library(&d, 2, false);
  assert_non_null(lib);
  assert_string_equal(lib->name, "libkernel");
  assert_int_equal(lib->version, 1);
  assert_int_equal(d.needed_count, 2);
  assert_string_equal(d.needed[1], "libkernel.prx");
  assert_int_equal(d.sym_count, 4);
  assert_string_equal(sce_dynamic_sym_name(&d, &d.syms[2]), "f7uOxY9mM1U#C#C");
  assert_int_equal(d.rela_count, 3);
  assert_int_equal(d.jmprel_count, 2);
  assert_int_equal(d.init_array, AT_DATA);
  sce_dynamic_free(&d);
  free(f);
  mkself_buf_free(&out);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loader_reads_output),
      cmocka_unit_test(test_executable_layout),
      cmocka_unit_test(test_self_wrappers),
      cmocka_unit_test(test_prx_exports),
      cmocka_unit_test(test_unreferenced_unknown_import_dropped),
      cmocka_unit_test(test_rejects),
      cmocka_unit_test(test_nid_table_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
