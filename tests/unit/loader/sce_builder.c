#include "sce_builder.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "common/nid.h"
#include "sce/sce_elf.h"

struct sb_buf {
  uint8_t *p;
  size_t n, cap;
};

static size_t buf_put(struct sb_buf *b, const void *d, size_t n) {
  if (b->n + n > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + n) cap *= 2;
    b->p = realloc(b->p, cap);
    b->cap = cap;
  }
  size_t at = b->n;
  if (d) memcpy(b->p + at, d, n); else memset(b->p + at, 0, n);
  b->n += n;
  return at;
}
static void buf_align(struct sb_buf *b, size_t a) {
  while (b->n % a) buf_put(b, NULL, 1);
}

struct sce_builder {
  bool prx;
  char module_name[64];
  uint8_t *code;
  size_t code_size;
  uint8_t *data;
  size_t data_size;
  bool tls;
  size_t tls_off, tls_filesz, tls_memsz, tls_align;
  uint64_t entry;
  bool has_fingerprint;
  uint8_t fingerprint[24]; /* DT_SCE_FINGERPRINT's bytes: 20 used, padded as writers do */
  struct sb_buf strtab, syms, rela, jmprel, tags;
  unsigned next_lib, next_mod;
  struct sb_layout layout;
  uint64_t init_array, init_array_size;
  struct sb_options opt;
  uint64_t eh_hdr, eh_hdr_size;
};

void sb_set_options(struct sce_builder *b, const struct sb_options *o) { b->opt = *o; }

static uint32_t str_add(struct sce_builder *b, const char *s) {
  return (uint32_t)buf_put(&b->strtab, s, strlen(s) + 1);
}
static void tag_add(struct sce_builder *b, int64_t tag, uint64_t val) {
  Elf64_Dyn d = {.d_tag = tag, .d_un.d_val = val};
  buf_put(&b->tags, &d, sizeof d);
}

struct sce_builder *sb_new(bool prx, const char *module_name) {
  struct sce_builder *b = calloc(1, sizeof *b);
  b->prx = prx;
  snprintf(b->module_name, sizeof b->module_name, "%s", module_name);
  str_add(b, "");
  Elf64_Sym null = {0};
  buf_put(&b->syms, &null, sizeof null);
  b->next_lib = 1;
  b->next_mod = 1;
  tag_add(b, SCE_DT_MODULE_INFO, SCE_MODULE_TAG(0, 1, 1, str_add(b, module_name)));
  return b;
}

void sb_free(struct sce_builder *b) {
  free(b->code);
  free(b->data);
  free(b->strtab.p);
  free(b->syms.p);
  free(b->rela.p);
  free(b->jmprel.p);
  free(b->tags.p);
  free(b);
}

void sb_set_code(struct sce_builder *b, const void *code, size_t size) {
  free(b->code);
  b->code = malloc(size);
  memcpy(b->code, code, size);
  b->code_size = size;
}
void sb_set_data(struct sce_builder *b, size_t size) {
  free(b->data);
  b->data = calloc(1, size ? size : 1);
  b->data_size = size;
}
void sb_write_data(struct sce_builder *b, size_t off, const void *bytes, size_t size) {
  memcpy(b->data + off, bytes, size);
}
void sb_set_tls(struct sce_builder *b, size_t data_off, size_t filesz, size_t memsz, size_t align) {
  b->tls = true;
  b->tls_off = data_off;
  b->tls_filesz = filesz;
  b->tls_memsz = memsz;
  b->tls_align = align;
}
void sb_set_entry(struct sce_builder *b, uint64_t vaddr) { b->entry = vaddr; }

unsigned sb_add_library(struct sce_builder *b, const char *name, unsigned version, bool exported) {
  unsigned id = exported ? 0 : b->next_lib++;
  tag_add(b, exported ? SCE_DT_EXPORT_LIB : SCE_DT_IMPORT_LIB,
          SCE_LIBRARY_TAG(id, version, str_add(b, name)));
  tag_add(b, exported ? SCE_DT_EXPORT_LIB_ATTR : SCE_DT_IMPORT_LIB_ATTR,
          ((uint64_t)id << 48) | (exported ? SCE_EXPORT_LIB_ATTR_VALUE : SCE_IMPORT_LIB_ATTR_VALUE));
  return id;
}
unsigned sb_add_module(struct sce_builder *b, const char *name, unsigned major, unsigned minor) {
  unsigned id = b->next_mod++;
  tag_add(b, SCE_DT_NEEDED_MODULE, SCE_MODULE_TAG(id, major, minor, str_add(b, name)));
  return id;
}

static unsigned sym_add(struct sce_builder *b, const char *nid, unsigned lib, unsigned mod,
                        bool obj, uint64_t value, bool defined) {
  char name[NID_SYMBOL_MAX];
  nid_format_symbol(nid, lib, mod, name, sizeof name);
  Elf64_Sym s = {0};
  s.st_name = str_add(b, name);
  s.st_info = ELF64_ST_INFO(STB_GLOBAL, obj ? STT_OBJECT : STT_FUNC);
  s.st_shndx = defined ? 1 : SHN_UNDEF;
  s.st_value = value;
  return (unsigned)(buf_put(&b->syms, &s, sizeof s) / sizeof s);
}
void sb_set_fingerprint(struct sce_builder *b, const uint8_t fp[20]) {
  memset(b->fingerprint, 0, sizeof b->fingerprint);
  memcpy(b->fingerprint, fp, 20);
  b->has_fingerprint = true;
}
void sb_set_symbol_type(struct sce_builder *b, unsigned sym, unsigned type) {
  Elf64_Sym *s = (Elf64_Sym *)((uint8_t *)b->syms.p + sym * sizeof(Elf64_Sym));
  s->st_info = ELF64_ST_INFO(ELF64_ST_BIND(s->st_info), type);
}
void sb_set_symbol_name(struct sce_builder *b, unsigned sym, uint32_t st_name) {
  memcpy((uint8_t *)b->syms.p + sym * sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_name), &st_name,
         sizeof st_name);
}
unsigned sb_add_import(struct sce_builder *b, const char *nid, unsigned lib_id, unsigned mod_id,
                       bool is_object) {
  return sym_add(b, nid, lib_id, mod_id, is_object, 0, false);
}
unsigned sb_add_export(struct sce_builder *b, const char *nid, unsigned lib_id, bool is_object,
                       uint64_t vaddr) {
  return sym_add(b, nid, lib_id, 0, is_object, vaddr, true);
}
unsigned sb_add_function_symbol(struct sce_builder *b, const char *name, uint64_t vaddr,
                                uint64_t size) {
  Elf64_Sym s = {0};
  s.st_name = str_add(b, name);
  s.st_info = ELF64_ST_INFO(STB_LOCAL, STT_FUNC);
  s.st_shndx = 1;
  s.st_value = vaddr;
  s.st_size = size;
  return (unsigned)(buf_put(&b->syms, &s, sizeof s) / sizeof s);
}
void sb_set_eh_frame_hdr(struct sce_builder *b, uint64_t vaddr, uint64_t size) {
  b->eh_hdr = vaddr;
  b->eh_hdr_size = size;
}
void sb_append_eh_frame(struct sce_builder *b, const uint64_t *starts, const uint32_t *sizes,
                        size_t n) {
  /* DWARF CFI as GCC/clang write it for x86-64: CIE version 1, augmentation "zR", FDE
   * pointers pcrel|sdata4 (0x1B); the hdr has eh_frame_ptr pcrel|sdata4 and no table */
  size_t hdr = (b->code_size + 7) & ~(size_t)7, eh = hdr + 8;
  size_t size = eh + 24 + n * 20 + 4;
  b->code = realloc(b->code, size);
  memset(b->code + b->code_size, 0, size - b->code_size);
  uint8_t *h = b->code + hdr;
  h[0] = 1, h[1] = 0x1B, h[2] = 0xFF, h[3] = 0xFF;
  int32_t p = (int32_t)(eh - (hdr + 4));
  memcpy(h + 4, &p, 4);
  static const uint8_t cie[24] = {20, 0, 0, 0, 0, 0, 0, 0, 1, 'z', 'R', 0, 1, 0x78, 16, 1, 0x1B,
                                  0x0C, 0x07, 0x08, 0x90, 0x01, 0, 0};
  memcpy(b->code + eh, cie, sizeof cie);
  for (size_t i = 0; i < n; i++) {
    size_t at = eh + 24 + i * 20;
    uint8_t *f = b->code + at;
    uint32_t len = 16, cie_ptr = (uint32_t)(at + 4 - eh);
    int32_t begin = (int32_t)((int64_t)(starts[i] - SB_CODE_VADDR) - (int64_t)(at + 8));
    memcpy(f, &len, 4);
    memcpy(f + 4, &cie_ptr, 4);
    memcpy(f + 8, &begin, 4);
    memcpy(f + 12, &sizes[i], 4);
  }
  b->code_size = size;
  sb_set_eh_frame_hdr(b, SB_CODE_VADDR + hdr, 8);
}
void sb_add_rela(struct sce_builder *b, uint64_t offset, uint32_t type, uint32_t sym,
                 int64_t addend, bool plt) {
  Elf64_Rela r = {.r_offset = offset, .r_info = ELF64_R_INFO(sym, type), .r_addend = addend};
  buf_put(plt ? &b->jmprel : &b->rela, &r, sizeof r);
}
void sb_add_needed(struct sce_builder *b, const char *file_name) {
  tag_add(b, DT_NEEDED, str_add(b, file_name));
}
void sb_set_init_array(struct sce_builder *b, size_t data_off, const uint64_t *fns, size_t n) {
  for (size_t i = 0; i < n; i++)
    sb_add_rela(b, SB_DATA_VADDR + data_off + i * 8, SCE_R_X86_64_RELATIVE, 0, (int64_t)fns[i],
                false);
  b->init_array = SB_DATA_VADDR + data_off;
  b->init_array_size = n * 8;
}

const struct sb_layout *sb_layout(const struct sce_builder *b) { return &b->layout; }

/* A SELF has a segment entry for each program header with file data of its own; PT_DYNAMIC,
 * PT_TLS and the param blocks lie inside other segments' bytes. */
static bool self_carries(const Elf64_Phdr *p) {
  return p->p_filesz && p->p_type != PT_DYNAMIC && p->p_type != PT_TLS &&
         p->p_type != SCE_PT_PROCPARAM && p->p_type != SCE_PT_MODULE_PARAM &&
         p->p_type != SCE_PT_VERSION;
}

size_t sb_build(struct sce_builder *b, enum sb_form form, uint8_t **out) {
  /* dynlibdata blob: strtab, symtab, rela, jmprel, then the dynamic entries */
  struct sb_buf blob = {0};
  size_t str_off = buf_put(&blob, b->strtab.p, b->strtab.n);
  buf_align(&blob, 8);
  size_t sym_off = buf_put(&blob, b->syms.p, b->syms.n);
  size_t rela_off = buf_put(&blob, b->rela.p, b->rela.n);
  size_t jmp_off = buf_put(&blob, b->jmprel.p, b->jmprel.n);
  size_t fp_off = b->has_fingerprint ? buf_put(&blob, b->fingerprint, sizeof b->fingerprint) : 0;
  buf_align(&blob, 16);
  struct sb_buf dyn = {0};
  buf_put(&dyn, b->tags.p, b->tags.n);
#define T(tag, v) do { Elf64_Dyn d_ = {.d_tag = (tag), .d_un.d_val = (v)}; buf_put(&dyn, &d_, sizeof d_); } while (0)
  T(SCE_DT_STRTAB, str_off); T(SCE_DT_STRSZ, b->strtab.n);
  T(SCE_DT_SYMTAB, sym_off); T(SCE_DT_SYMTABSZ, b->syms.n); T(SCE_DT_SYMENT, sizeof(Elf64_Sym));
  T(SCE_DT_RELA, rela_off); T(SCE_DT_RELASZ, b->rela.n); T(SCE_DT_RELAENT, sizeof(Elf64_Rela));
  T(SCE_DT_JMPREL, jmp_off); T(SCE_DT_PLTRELSZ, b->jmprel.n); T(SCE_DT_PLTREL, DT_RELA);
  if (b->init_array_size) { T(DT_INIT_ARRAY, b->init_array); T(DT_INIT_ARRAYSZ, b->init_array_size); }
  if (b->has_fingerprint) T(SCE_DT_FINGERPRINT, fp_off);
  T(DT_NULL, 0);
#undef T
  size_t dyn_in_blob = buf_put(&blob, dyn.p, dyn.n);
  free(dyn.p);

  /* ELF image: ehdr, phdrs, code, data, blob */
  enum { PH_CODE, PH_DATA, PH_BLOB, PH_DYN, PH_PARAM, PH_TLS, PH_EH, PH_VERSION, PH_MAX };
  const struct sb_options *o = &b->opt;
  bool keep[PH_MAX] = {true,  true,   !o->no_dynamic,    !o->no_dynamic, o->param != SB_PARAM_NONE,
                       b->tls, b->eh_hdr_size != 0, o->self_version_data};
  unsigned phnum = 0;
  for (unsigned i = 0; i < PH_MAX; i++) phnum += keep[i];
  struct sb_buf elf = {0};
  buf_put(&elf, NULL, sizeof(Elf64_Ehdr) + phnum * sizeof(Elf64_Phdr));
  buf_align(&elf, 16);
  size_t code_off = buf_put(&elf, b->code, b->code_size);
  buf_align(&elf, 16);
  size_t data_off = buf_put(&elf, b->data, b->data_size);
  buf_align(&elf, 16);
  /* process/module param block, right after the data (in its own program header) */
  uint8_t param[SCE_PROC_PARAM_SIZE] = {0};
  uint64_t psize = b->prx ? SCE_MODULE_PARAM_SIZE : SCE_PROC_PARAM_SIZE;
  memcpy(param, &psize, 8);
  if (b->prx) { uint64_t mg = SCE_MODULE_PARAM_MAGIC; memcpy(param + 8, &mg, 8); }
  else { uint32_t mg = SCE_PROC_PARAM_MAGIC, cnt = SCE_PROC_PARAM_ENTRY_COUNT;
         memcpy(param + 8, &mg, 4); memcpy(param + 12, &cnt, 4); }
  size_t param_off = buf_put(&elf, param, psize);
  buf_align(&elf, 16);
  size_t blob_off = buf_put(&elf, blob.p, blob.n);
  free(blob.p);
  static const char version[16] = "sb version data";
  size_t version_off = buf_put(&elf, version, sizeof version);

  Elf64_Ehdr *e = (Elf64_Ehdr *)elf.p;
  memcpy(e->e_ident, ELFMAG, SELFMAG);
  e->e_ident[EI_CLASS] = ELFCLASS64;
  e->e_ident[EI_DATA] = ELFDATA2LSB;
  e->e_ident[EI_VERSION] = EV_CURRENT;
  e->e_ident[EI_OSABI] = SCE_ELF_OSABI_FREEBSD;
  e->e_ident[EI_ABIVERSION] = SCE_ELF_ABI_VERSION_PS5;
  e->e_type = o->e_type ? o->e_type : b->prx ? SCE_ET_DYNAMIC : SCE_ET_EXEC_ASLR;
  e->e_machine = EM_X86_64;
  e->e_version = EV_CURRENT;
  e->e_entry = b->entry + o->vaddr_base;
  e->e_phoff = sizeof(Elf64_Ehdr);
  e->e_ehsize = sizeof(Elf64_Ehdr);
  e->e_phentsize = sizeof(Elf64_Phdr);
  e->e_phnum = (uint16_t)phnum;
  Elf64_Phdr ph[PH_MAX] = {0};
  uint64_t data_memsz = b->data_size + psize;
  ph[PH_CODE] = (Elf64_Phdr){PT_LOAD, PF_R | PF_X, code_off, SB_CODE_VADDR, SB_CODE_VADDR,
                             b->code_size, b->code_size, 0x4000};
  ph[PH_DATA] = (Elf64_Phdr){PT_LOAD, PF_R | PF_W, data_off, SB_DATA_VADDR, SB_DATA_VADDR,
                             b->data_size + psize, data_memsz, 0x4000};
  /* the data segment's file bytes include the param block that follows them */
  ph[PH_DATA].p_filesz = param_off + psize - data_off;
  ph[PH_DATA].p_memsz = ph[PH_DATA].p_filesz;
  ph[PH_BLOB] = (Elf64_Phdr){SCE_PT_DYNLIBDATA, PF_R, blob_off, 0, 0, blob.n, 0, 16};
  ph[PH_DYN] = (Elf64_Phdr){PT_DYNAMIC, PF_R | PF_W, blob_off + dyn_in_blob, 0, 0,
                            b->tags.n + 12 * sizeof(Elf64_Dyn), 0, 8};
  ph[PH_DYN].p_filesz = blob.n - dyn_in_blob;
  ph[PH_PARAM] = (Elf64_Phdr){b->prx ? SCE_PT_MODULE_PARAM : SCE_PT_PROCPARAM, PF_R, param_off,
                              SB_DATA_VADDR + (param_off - data_off), 0, psize, psize, 8};
  if (b->tls)
    ph[PH_TLS] = (Elf64_Phdr){PT_TLS, PF_R, data_off + b->tls_off, SB_DATA_VADDR + b->tls_off, 0,
                              b->tls_filesz, b->tls_memsz, b->tls_align};
  if (b->eh_hdr_size)
    ph[PH_EH] = (Elf64_Phdr){PT_GNU_EH_FRAME, PF_R, code_off + b->eh_hdr - SB_CODE_VADDR,
                             b->eh_hdr, b->eh_hdr, b->eh_hdr_size, b->eh_hdr_size, 4};
  ph[PH_VERSION] = (Elf64_Phdr){SCE_PT_VERSION, PF_R, version_off, 0, 0, sizeof version,
                                sizeof version, 1};
  if (o->code_flags) ph[PH_CODE].p_flags = o->code_flags;
  if (o->param == SB_PARAM_EMPTY) /* as lld writes an empty one */
    ph[PH_PARAM].p_filesz = ph[PH_PARAM].p_memsz = ph[PH_PARAM].p_vaddr = 0;
  for (unsigned i = 0; i < PH_MAX; i++)
    if (ph[i].p_type == PT_LOAD || ph[i].p_type == PT_TLS || ph[i].p_type == PT_GNU_EH_FRAME ||
        (ph[i].p_type == (b->prx ? SCE_PT_MODULE_PARAM : SCE_PT_PROCPARAM) && ph[i].p_memsz))
      ph[i].p_vaddr += o->vaddr_base, ph[i].p_paddr = ph[i].p_vaddr;
  /* the kept headers, in order */
  Elf64_Phdr *out_ph = (Elf64_Phdr *)(elf.p + sizeof(Elf64_Ehdr));
  for (unsigned i = 0, k = 0; i < PH_MAX; i++)
    if (keep[i]) out_ph[k++] = ph[i];
  b->layout = (struct sb_layout){0, sizeof(Elf64_Ehdr), blob_off, blob_off + dyn_in_blob,
                                 (blob.n - dyn_in_blob) / sizeof(Elf64_Dyn), 0};
  if (form == SB_ELF) {
    *out = elf.p;
    return elf.n;
  }
  /* fake SELF: header, one entry per program header with file data, ELF headers, then the
   * segment bytes (the SELF keeps the ELF's own offsets for its headers only) */
  Elf64_Phdr *kp = out_ph;
  unsigned nseg = 0;
  for (unsigned i = 0; i < phnum; i++)
    if (self_carries(&kp[i])) nseg += o->self_digests ? 2 : 1;
  struct sb_buf s = {0};
  buf_put(&s, NULL, SCE_SELF_HEADER_SIZE + nseg * SCE_SELF_SEGMENT_SIZE);
  bool ps5 = form == SB_SELF_PS5;
  uint32_t magic = ps5 ? SCE_SELF_MAGIC_PS5 : SCE_SELF_MAGIC_PS4;
  static const uint8_t id4[8] = {0x00, 0x01, 0x01, 0x12, 0x01, 0x01, 0x00, 0x00};
  static const uint8_t id5[8] = {0x10, 0x01, 0x01, 0x12, 0x01, 0x01, 0x00, 0x10};
  memcpy(s.p, &magic, 4);
  memcpy(s.p + 4, ps5 ? id5 : id4, 8);
  uint16_t cnt = (uint16_t)nseg, flags = ps5 ? SCE_SELF_FLAGS_PS5 : SCE_SELF_FLAGS_PS4;
  memcpy(s.p + 0x18, &cnt, 2);
  memcpy(s.p + 0x1A, &flags, 2);
  size_t elf_at = buf_put(&s, elf.p, sizeof(Elf64_Ehdr) + phnum * sizeof(Elf64_Phdr));
  buf_align(&s, 16);
  unsigned k = 0;
  unsigned block_log2 = o->self_block_log2 ? o->self_block_log2 : 12;
  for (unsigned i = 0; i < phnum; i++) {
    if (!self_carries(&kp[i])) continue;
    if (o->self_digests) { /* zeroed SHA-256 digests, one per block, naming the next entry */
      buf_align(&s, 16);
      uint64_t blocks = (kp[i].p_filesz + (1ull << block_log2) - 1) >> block_log2;
      size_t at = buf_put(&s, NULL, blocks * 32);
      uint64_t ent[4] = {SCE_SELF_SEG_SIGNED | SCE_SELF_SEG_HAS_DIGESTS | ((uint64_t)(k + 1) << 20),
                         at, blocks * 32, blocks * 32};
      memcpy(s.p + SCE_SELF_HEADER_SIZE + k * SCE_SELF_SEGMENT_SIZE, ent, sizeof ent);
      k++;
    }
    buf_align(&s, 16);
    size_t at = buf_put(&s, elf.p + kp[i].p_offset, kp[i].p_filesz);
    uint64_t ent[4] = {SCE_SELF_SEG_BLOCKED | ((uint64_t)i << 20) | SCE_SELF_SEG_SIGNED |
                           ((uint64_t)(block_log2 - 12) << 12),
                       at, kp[i].p_filesz, kp[i].p_filesz};
    memcpy(s.p + SCE_SELF_HEADER_SIZE + k * SCE_SELF_SEGMENT_SIZE, ent, sizeof ent);
    k++;
  }
  buf_align(&s, 16);
  uint64_t fsize = s.n;
  memcpy(s.p + 0x10, &fsize, 8);
  if (o->self_version_data) buf_put(&s, version, sizeof version);
  b->layout.elf_off = elf_at;
  b->layout.phdr_off = elf_at + sizeof(Elf64_Ehdr);
  b->layout.seg_table_off = SCE_SELF_HEADER_SIZE;
  free(elf.p);
  *out = s.p;
  return s.n;
}
