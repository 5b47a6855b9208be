/* The PT_SCE_DYNLIBDATA blob of a converted module: the Sony dynamic tables and the
 * dynamic section whose tags point into them (per the Sony dynamic-tag table, FACTS.md). */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "sce/sce_elf.h"
#include "mkself_convert.h"

/* SysV ELF hash of a symbol name. */
static uint32_t elf_hash(const char *name) {
  uint32_t h = 0;
  for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
    h = (h << 4) + *p;
    uint32_t g = h & 0xF0000000u;
    if (g) h ^= g >> 24;
    h &= ~g;
  }
  return h;
}

struct dyn_list {
  Elf64_Dyn d[256];
  unsigned n;
};

static void dyn_add(struct dyn_list *l, int64_t tag, uint64_t val) {
  if (l->n < sizeof l->d / sizeof l->d[0]) {
    l->d[l->n].d_tag = tag;
    l->d[l->n].d_un.d_val = val;
    l->n++;
  }
}

bool mkself_build_dynlibdata(struct converter *c, struct mkself_buf *blob, uint64_t *dyn_off,
                             uint64_t *dyn_size) {
  /* strings that are not symbol names */
  size_t file_name = mkself_converter_add_string(c, c->opt->original_filename ? c->opt->original_filename
                                                             : (c->opt->prx ? "module.prx"
                                                                            : "eboot.bin"));
  size_t self_name = mkself_converter_add_string(c, c->opt->module_name);
  size_t mod_name[MAX_IMPORTS], mod_file[MAX_IMPORTS], lib_name[MAX_IMPORTS];
  for (unsigned i = 0; i < c->module_count; i++) {
    mod_name[i] = mkself_converter_add_string(c, c->modules[i].name);
    mod_file[i] = mkself_converter_add_string(c, c->modules[i].file);
  }
  for (unsigned i = 0; i < c->library_count; i++) lib_name[i] = mkself_converter_add_string(c, c->libraries[i].name);
  if (c->strtab.size > UINT32_MAX || file_name == SIZE_MAX)
    return mkself_fail(c->err, c->cap, "string table too large or out of memory");

  /* fingerprint: SHA-1 of the input, padded to 24 bytes */
  uint8_t fp[24] = {0};
  unsigned int fplen = 0;
  uint8_t digest[EVP_MAX_MD_SIZE];
  if (!EVP_Digest(c->in.data, c->in.size, digest, &fplen, EVP_sha1(), NULL) || fplen < 20)
    return mkself_fail(c->err, c->cap, "SHA-1 failed");
  memcpy(fp, digest, 20);
  uint64_t fp_off = mkself_buf_append(blob, fp, sizeof fp);
  uint64_t str_off = mkself_buf_append(blob, c->strtab.data, c->strtab.size);
  mkself_buf_align(blob, 8);
  uint64_t sym_off = mkself_buf_append(blob, c->syms, c->sym_count * sizeof(Elf64_Sym));

  /* SysV hash table over the new names */
  uint32_t nbucket = c->sym_count ? (uint32_t)c->sym_count : 1;
  uint32_t nchain = (uint32_t)c->sym_count;
  size_t hash_words = 2 + (size_t)nbucket + nchain;
  uint32_t *hash = calloc(hash_words, sizeof *hash);
  if (!hash) return mkself_fail(c->err, c->cap, "out of memory");
  hash[0] = nbucket;
  hash[1] = nchain;
  uint32_t *bucket = hash + 2, *chain = bucket + nbucket;
  for (uint32_t i = 1; i < nchain; i++) {
    uint32_t b = elf_hash((const char *)c->strtab.data + c->syms[i].st_name) % nbucket;
    chain[i] = bucket[b];
    bucket[b] = i;
  }
  mkself_buf_align(blob, 8);
  uint64_t hash_off = mkself_buf_append(blob, hash, hash_words * 4);
  free(hash);
  mkself_buf_align(blob, 8);
  uint64_t rela_off = mkself_buf_append(blob, c->rela, c->rela_count * sizeof(Elf64_Rela));
  uint64_t jmp_off = mkself_buf_append(blob, c->jmprel, c->jmprel_count * sizeof(Elf64_Rela));
  if (jmp_off == SIZE_MAX || rela_off == SIZE_MAX || sym_off == SIZE_MAX || str_off == SIZE_MAX)
    return mkself_fail(c->err, c->cap, "out of memory");

  struct dyn_list l = {.n = 0};
  for (unsigned i = 0; i < c->module_count; i++) dyn_add(&l, DT_NEEDED, mod_file[i]);
  dyn_add(&l, SCE_DT_FINGERPRINT, fp_off);
  dyn_add(&l, SCE_DT_ORIGINAL_FILENAME, file_name);
  dyn_add(&l, SCE_DT_MODULE_INFO, SCE_MODULE_TAG(0, 1, 1, self_name));
  for (unsigned i = 0; i < c->module_count; i++)
    dyn_add(&l, SCE_DT_NEEDED_MODULE, SCE_MODULE_TAG(i + 1, c->modules[i].major,
                                                      c->modules[i].minor, mod_name[i]));
  if (c->has_exports) {
    dyn_add(&l, SCE_DT_EXPORT_LIB, SCE_LIBRARY_TAG(0, 1, self_name));
    dyn_add(&l, SCE_DT_EXPORT_LIB_ATTR, SCE_EXPORT_LIB_ATTR_VALUE);
  }
  for (unsigned i = 0; i < c->library_count; i++) {
    dyn_add(&l, SCE_DT_IMPORT_LIB,
            SCE_LIBRARY_TAG(i + 1, c->libraries[i].version, lib_name[i]));
    dyn_add(&l, SCE_DT_IMPORT_LIB_ATTR, ((uint64_t)(i + 1) << 48) | SCE_IMPORT_LIB_ATTR_VALUE);
  }
  const struct mkself_dyn *d = &c->dyn;
  if (d->preinit_array) {
    dyn_add(&l, DT_PREINIT_ARRAY, d->preinit_array);
    dyn_add(&l, DT_PREINIT_ARRAYSZ, d->preinit_arraysz);
  }
  if (d->init) dyn_add(&l, DT_INIT, d->init);
  if (d->fini) dyn_add(&l, DT_FINI, d->fini);
  if (d->init_array) {
    dyn_add(&l, DT_INIT_ARRAY, d->init_array);
    dyn_add(&l, DT_INIT_ARRAYSZ, d->init_arraysz);
  }
  if (d->fini_array) {
    dyn_add(&l, DT_FINI_ARRAY, d->fini_array);
    dyn_add(&l, DT_FINI_ARRAYSZ, d->fini_arraysz);
  }
  dyn_add(&l, SCE_DT_HASH, hash_off);
  dyn_add(&l, SCE_DT_HASHSZ, hash_words * 4);
  if (d->pltgot) dyn_add(&l, SCE_DT_PLTGOT, d->pltgot);
  dyn_add(&l, SCE_DT_JMPREL, jmp_off);
  dyn_add(&l, SCE_DT_PLTREL, DT_RELA);
  dyn_add(&l, SCE_DT_PLTRELSZ, c->jmprel_count * sizeof(Elf64_Rela));
  dyn_add(&l, SCE_DT_RELA, rela_off);
  dyn_add(&l, SCE_DT_RELASZ, c->rela_count * sizeof(Elf64_Rela));
  dyn_add(&l, SCE_DT_RELAENT, sizeof(Elf64_Rela));
  dyn_add(&l, SCE_DT_STRTAB, str_off);
  dyn_add(&l, SCE_DT_STRSZ, c->strtab.size);
  dyn_add(&l, SCE_DT_SYMTAB, sym_off);
  dyn_add(&l, SCE_DT_SYMENT, sizeof(Elf64_Sym));
  dyn_add(&l, SCE_DT_SYMTABSZ, c->sym_count * sizeof(Elf64_Sym));
  dyn_add(&l, DT_DEBUG, 0);
  if (d->flags) dyn_add(&l, DT_FLAGS, d->flags);
  dyn_add(&l, DT_NULL, 0);
  mkself_buf_align(blob, 8);
  *dyn_off = mkself_buf_append(blob, l.d, l.n * sizeof(Elf64_Dyn));
  *dyn_size = l.n * sizeof(Elf64_Dyn);
  if (*dyn_off == SIZE_MAX || !mkself_buf_align(blob, 16))
    return mkself_fail(c->err, c->cap, "out of memory");
  return true;
}
