#include "sce/sce_dynamic.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sce/sce_elf.h"

#define SCE_DYN_MAX_ENTRIES 4096

/* Where a tag's value goes: each row is (tag, what it means). Module/library tags are
 * handled separately because they repeat. */
enum dyn_slot {
  SLOT_STRTAB, SLOT_STRSZ, SLOT_SYMTAB, SLOT_SYMTABSZ, SLOT_SYMENT, SLOT_RELA, SLOT_RELASZ,
  SLOT_RELAENT, SLOT_JMPREL, SLOT_PLTRELSZ, SLOT_PLTREL, SLOT_INIT, SLOT_FINI, SLOT_INIT_ARRAY,
  SLOT_INIT_ARRAYSZ, SLOT_FINI_ARRAY, SLOT_FINI_ARRAYSZ, SLOT_PREINIT_ARRAY,
  SLOT_PREINIT_ARRAYSZ, SLOT_ORIGINAL_FILENAME, SLOT_FINGERPRINT, SLOT_COUNT
};

#define SCE_DYN_SLOTS(X)                                                              \
  X(SCE_DT_STRTAB, SLOT_STRTAB) X(SCE_DT_STRSZ, SLOT_STRSZ)                           \
  X(SCE_DT_SYMTAB, SLOT_SYMTAB) X(SCE_DT_SYMTABSZ, SLOT_SYMTABSZ)                     \
  X(SCE_DT_SYMENT, SLOT_SYMENT) X(SCE_DT_RELA, SLOT_RELA) X(SCE_DT_RELASZ, SLOT_RELASZ) \
  X(SCE_DT_RELAENT, SLOT_RELAENT) X(SCE_DT_JMPREL, SLOT_JMPREL)                       \
  X(SCE_DT_PLTRELSZ, SLOT_PLTRELSZ) X(SCE_DT_PLTREL, SLOT_PLTREL)                     \
  X(DT_INIT, SLOT_INIT) X(DT_FINI, SLOT_FINI) X(DT_INIT_ARRAY, SLOT_INIT_ARRAY)       \
  X(DT_INIT_ARRAYSZ, SLOT_INIT_ARRAYSZ) X(DT_FINI_ARRAY, SLOT_FINI_ARRAY)             \
  X(DT_FINI_ARRAYSZ, SLOT_FINI_ARRAYSZ) X(DT_PREINIT_ARRAY, SLOT_PREINIT_ARRAY)       \
  X(DT_PREINIT_ARRAYSZ, SLOT_PREINIT_ARRAYSZ)                                         \
  X(SCE_DT_ORIGINAL_FILENAME, SLOT_ORIGINAL_FILENAME)                                 \
  X(SCE_DT_ORIGINAL_FILENAME_1, SLOT_ORIGINAL_FILENAME)                               \
  X(SCE_DT_FINGERPRINT, SLOT_FINGERPRINT)

static bool fail(char *err, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, cap, fmt, ap);
  va_end(ap);
  return false;
}

static bool in_bounds(uint64_t off, uint64_t len, uint64_t total) {
  return off <= total && len <= total - off;
}

/* A NUL-terminated string starting at OFF inside the string table? */
static const char *str_at(const struct sce_dynamic *d, uint64_t off) {
  if (!d->strtab || off >= d->strtab_size) return NULL;
  if (!memchr(d->strtab + off, 0, d->strtab_size - off)) return NULL;
  return d->strtab + off;
}

const char *sce_dynamic_sym_name(const struct sce_dynamic *d, const Elf64_Sym *s) {
  return str_at(d, s->st_name);
}

void sce_dynamic_free(struct sce_dynamic *d) {
  free(d->blob);
  free(d->modules);
  free(d->libraries);
  free(d->needed);
  memset(d, 0, sizeof *d);
}

const struct sce_module_ref *sce_dynamic_find_module(const struct sce_dynamic *d, unsigned id) {
  if (d->self.name && d->self.id == id) return &d->self;
  for (size_t i = 0; i < d->module_count; i++)
    if (d->modules[i].id == id) return &d->modules[i];
  return NULL;
}

const struct sce_library_ref *sce_dynamic_find_library(const struct sce_dynamic *d, unsigned id,
                                                       bool exported) {
  for (size_t i = 0; i < d->library_count; i++)
    if (d->libraries[i].id == id && d->libraries[i].exported == exported)
      return &d->libraries[i];
  return NULL;
}

/* A table at blob offset OFF of SIZE bytes made of ENT-byte entries. */
static bool table_at(const struct sce_dynamic *d, const char *what, uint64_t off, uint64_t size,
                     uint64_t ent, const void **out, uint64_t *count, char *err, size_t cap) {
  if (size == 0) {
    *out = NULL;
    *count = 0;
    return true;
  }
  if (!in_bounds(off, size, d->blob_size))
    return fail(err, cap, "%s table (offset 0x%llx, 0x%llx bytes) is outside the dynamic data "
                "blob (0x%llx bytes)", what, (unsigned long long)off, (unsigned long long)size,
                (unsigned long long)d->blob_size);
  if (size % ent || off % 8)
    return fail(err, cap, "%s table size 0x%llx / offset 0x%llx is not a whole number of "
                "aligned %llu-byte entries", what, (unsigned long long)size,
                (unsigned long long)off, (unsigned long long)ent);
  *out = d->blob + off;
  *count = size / ent;
  return true;
}

static bool parse_tables(struct sce_dynamic *d, const Elf64_Dyn *dyn, size_t n, char *err,
                         size_t cap) {
  uint64_t slot[SLOT_COUNT] = {0};
  bool have[SLOT_COUNT] = {0};
  size_t mods = 0, libs = 0, needed = 0;
  for (size_t i = 0; i < n && dyn[i].d_tag != DT_NULL; i++) {
    switch (dyn[i].d_tag) {
#define SCE_DYN_CASE_(tag, s) \
  case tag: slot[s] = dyn[i].d_un.d_val; have[s] = true; break;
      SCE_DYN_SLOTS(SCE_DYN_CASE_)
#undef SCE_DYN_CASE_
    case SCE_DT_NEEDED_MODULE: case SCE_DT_NEEDED_MODULE_1: mods++; break;
    case SCE_DT_EXPORT_LIB: case SCE_DT_EXPORT_LIB_1:
    case SCE_DT_IMPORT_LIB: case SCE_DT_IMPORT_LIB_1: libs++; break;
    case DT_NEEDED: needed++; break;
    default: break;
    }
  }
  if (!have[SLOT_STRTAB] || !have[SLOT_STRSZ])
    return fail(err, cap, "dynamic section has no string table (DT_SCE_STRTAB/STRSZ)");
  if (!in_bounds(slot[SLOT_STRTAB], slot[SLOT_STRSZ], d->blob_size) || slot[SLOT_STRSZ] == 0)
    return fail(err, cap, "string table (offset 0x%llx, 0x%llx bytes) is outside the dynamic "
                "data blob", (unsigned long long)slot[SLOT_STRTAB],
                (unsigned long long)slot[SLOT_STRSZ]);
  d->strtab = (const char *)d->blob + slot[SLOT_STRTAB];
  d->strtab_size = slot[SLOT_STRSZ];
  if (have[SLOT_SYMENT] && slot[SLOT_SYMENT] != sizeof(Elf64_Sym))
    return fail(err, cap, "symbol entry size %llu, expected %zu",
                (unsigned long long)slot[SLOT_SYMENT], sizeof(Elf64_Sym));
  if (have[SLOT_RELAENT] && slot[SLOT_RELAENT] != sizeof(Elf64_Rela))
    return fail(err, cap, "relocation entry size %llu, expected %zu",
                (unsigned long long)slot[SLOT_RELAENT], sizeof(Elf64_Rela));
  if (have[SLOT_PLTREL] && slot[SLOT_PLTREL] != DT_RELA)
    return fail(err, cap, "PLT relocation kind %llu is not DT_RELA (7)",
                (unsigned long long)slot[SLOT_PLTREL]);
  const void *p;
  if (!table_at(d, "symbol", slot[SLOT_SYMTAB], slot[SLOT_SYMTABSZ], sizeof(Elf64_Sym), &p,
                &d->sym_count, err, cap))
    return false;
  d->syms = p;
  if (!table_at(d, "relocation", slot[SLOT_RELA], slot[SLOT_RELASZ], sizeof(Elf64_Rela), &p,
                &d->rela_count, err, cap))
    return false;
  d->rela = p;
  if (!table_at(d, "PLT relocation", slot[SLOT_JMPREL], slot[SLOT_PLTRELSZ],
                sizeof(Elf64_Rela), &p, &d->jmprel_count, err, cap))
    return false;
  d->jmprel = p;
  /* a symbol named outside the string table is tolerated until something needs it */
  for (uint64_t i = 0; i < d->sym_count; i++)
    if (!str_at(d, d->syms[i].st_name)) d->bad_symbol_names++;
  d->init = slot[SLOT_INIT];
  d->fini = slot[SLOT_FINI];
  d->init_array = slot[SLOT_INIT_ARRAY];
  d->init_array_size = slot[SLOT_INIT_ARRAYSZ];
  d->fini_array = slot[SLOT_FINI_ARRAY];
  d->fini_array_size = slot[SLOT_FINI_ARRAYSZ];
  d->preinit_array = slot[SLOT_PREINIT_ARRAY];
  d->preinit_array_size = slot[SLOT_PREINIT_ARRAYSZ];
  if ((d->init_array_size | d->fini_array_size | d->preinit_array_size) % 8)
    return fail(err, cap, "init/fini array size is not a multiple of 8");
  if (have[SLOT_ORIGINAL_FILENAME]) d->original_filename = str_at(d, slot[SLOT_ORIGINAL_FILENAME]);
  if (have[SLOT_FINGERPRINT] && in_bounds(slot[SLOT_FINGERPRINT], SCE_DYNAMIC_FINGERPRINT_SIZE,
                                          d->blob_size))
    d->fingerprint = d->blob + slot[SLOT_FINGERPRINT];

  d->modules = calloc(mods ? mods : 1, sizeof *d->modules);
  d->libraries = calloc(libs ? libs : 1, sizeof *d->libraries);
  d->needed = calloc(needed ? needed : 1, sizeof *d->needed);
  if (!d->modules || !d->libraries || !d->needed) return fail(err, cap, "out of memory");
  for (size_t i = 0; i < n && dyn[i].d_tag != DT_NULL; i++) {
    uint64_t v = dyn[i].d_un.d_val;
    const char *name = str_at(d, v & 0xFFFFFFFFu);
    switch (dyn[i].d_tag) {
    case SCE_DT_MODULE_INFO: case SCE_DT_MODULE_INFO_1:
    case SCE_DT_NEEDED_MODULE: case SCE_DT_NEEDED_MODULE_1: {
      /* id 63-48, major 47-40, minor 39-32, name 31-0 */
      struct sce_module_ref m = {(unsigned)(v >> 48), (uint8_t)(v >> 40), (uint8_t)(v >> 32),
                                 name ? name : SCE_DYNAMIC_BAD_NAME, !name};
      d->bad_tag_names += !name;
      if (dyn[i].d_tag == SCE_DT_MODULE_INFO || dyn[i].d_tag == SCE_DT_MODULE_INFO_1)
        d->self = m;
      else
        d->modules[d->module_count++] = m;
      break;
    }
    case SCE_DT_EXPORT_LIB: case SCE_DT_EXPORT_LIB_1:
    case SCE_DT_IMPORT_LIB: case SCE_DT_IMPORT_LIB_1: {
      /* id 63-48, version 47-32, name 31-0 */
      bool exp = dyn[i].d_tag == SCE_DT_EXPORT_LIB || dyn[i].d_tag == SCE_DT_EXPORT_LIB_1;
      d->libraries[d->library_count++] = (struct sce_library_ref){
          (unsigned)(v >> 48), (uint16_t)(v >> 32), name ? name : SCE_DYNAMIC_BAD_NAME, exp,
          !name};
      d->bad_tag_names += !name;
      break;
    }
    case DT_NEEDED:
      if (name)
        d->needed[d->needed_count++] = name;
      else
        d->bad_needed_names++; /* nothing can be loaded by that name: dropped */
      break;
    default: break;
    }
  }
  return true;
}

bool sce_dynamic_parse(struct sce_dynamic *d, const struct sce_file *f, char *err, size_t cap) {
  memset(d, 0, sizeof *d);
  int dyn_i = sce_file_find_phdr(f, PT_DYNAMIC);
  int blob_i = sce_file_find_phdr(f, SCE_PT_DYNLIBDATA);
  if (dyn_i < 0) return fail(err, cap, "no PT_DYNAMIC program header");
  if (blob_i < 0) return fail(err, cap, "no PT_SCE_DYNLIBDATA program header");
  const Elf64_Phdr *dp = &f->phdrs[dyn_i], *bp = &f->phdrs[blob_i];
  if (dp->p_filesz == 0 || dp->p_filesz % sizeof(Elf64_Dyn) ||
      dp->p_filesz > SCE_DYN_MAX_ENTRIES * sizeof(Elf64_Dyn))
    return fail(err, cap, "PT_DYNAMIC size 0x%llx is not 1..%d whole entries",
                (unsigned long long)dp->p_filesz, SCE_DYN_MAX_ENTRIES);
  const uint8_t *dyn_bytes = sce_file_bytes_at(f, dp->p_offset, dp->p_filesz);
  if (!dyn_bytes) return fail(err, cap, "PT_DYNAMIC bytes are not present in the file");
  if (!f->phdr_data[blob_i] || bp->p_filesz == 0)
    return fail(err, cap, "PT_SCE_DYNLIBDATA bytes are not present in the file");
  size_t n = dp->p_filesz / sizeof(Elf64_Dyn);
  Elf64_Dyn *dyn = malloc(dp->p_filesz);
  d->blob = malloc(bp->p_filesz);
  if (!dyn || !d->blob) {
    free(dyn);
    free(d->blob);
    d->blob = NULL;
    return fail(err, cap, "out of memory");
  }
  memcpy(dyn, dyn_bytes, dp->p_filesz);
  memcpy(d->blob, f->phdr_data[blob_i], bp->p_filesz);
  d->blob_size = bp->p_filesz;
  bool ok = parse_tables(d, dyn, n, err, cap);
  free(dyn);
  if (!ok) sce_dynamic_free(d);
  return ok;
}
