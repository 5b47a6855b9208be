/* The Sony dynamic tables of one module: PT_DYNAMIC entries whose values are offsets into the
 * PT_SCE_DYNLIBDATA blob (string table, symbols, relocations, module and library ids), plus
 * the standard init/fini tags (virtual addresses). Parsing validates every table against the
 * blob; afterwards every pointer here is safe to read within its count. */
#ifndef PROSPERO_SCE_SCE_DYNAMIC_H
#define PROSPERO_SCE_SCE_DYNAMIC_H

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sce/sce_file.h"

/* Tolerated defects (docs/loader.md "Tolerated defects"): a name offset outside the string
 * table in a symbol, a module or library tag, or DT_NEEDED does not fail parsing, as the
 * console loads such files. The name then reads SCE_DYNAMIC_BAD_NAME (tags, with name_bad
 * set), NULL (symbols: sce_dynamic_sym_name) or the entry is dropped (DT_NEEDED); the
 * counts below let the loader warn, and the linker fails only when a relocation needs one
 * of those entries. */
#define SCE_DYNAMIC_BAD_NAME "(name outside the string table)"

struct sce_module_ref {  /* a module this one is or imports from */
  unsigned id;
  uint8_t version_major, version_minor;
  const char *name;
  bool name_bad;
};

struct sce_library_ref { /* a library this one exports or imports */
  unsigned id;
  uint16_t version;
  const char *name;
  bool exported;
  bool name_bad;
};

#define SCE_DYNAMIC_FINGERPRINT_SIZE 20 /* the module's fingerprint, as module info reports it */

struct sce_dynamic {
  uint8_t *blob;            /* owned, aligned copy of PT_SCE_DYNLIBDATA */
  uint64_t blob_size;
  const char *strtab;
  uint64_t strtab_size;
  const Elf64_Sym *syms;
  uint64_t sym_count;
  const Elf64_Rela *rela;
  uint64_t rela_count;
  const Elf64_Rela *jmprel;
  uint64_t jmprel_count;
  /* guest virtual addresses relative to the module base (0 = absent) */
  uint64_t init, fini;
  uint64_t init_array, init_array_size, fini_array, fini_array_size;
  uint64_t preinit_array, preinit_array_size;
  const char *original_filename; /* or NULL */
  const uint8_t *fingerprint;    /* SCE_DYNAMIC_FINGERPRINT_SIZE bytes (DT_SCE_FINGERPRINT), or
                                    NULL when absent or outside the blob */
  struct sce_module_ref self;    /* MODULE_INFO (name NULL if missing) */
  struct sce_module_ref *modules;  /* NEEDED_MODULE entries */
  size_t module_count;
  struct sce_library_ref *libraries; /* EXPORT_LIB and IMPORT_LIB entries */
  size_t library_count;
  const char **needed;           /* DT_NEEDED file names */
  size_t needed_count;
  /* tolerated defects */
  uint64_t bad_symbol_names;     /* symbols whose name is outside the string table */
  size_t bad_tag_names;          /* module/library tags likewise (name_bad set) */
  size_t bad_needed_names;       /* DT_NEEDED entries dropped likewise */
};

/* Parses the dynamic tables of F into D. False with ERR (CAP bytes) set on malformed input;
 * D is then empty (nothing to free). */
bool sce_dynamic_parse(struct sce_dynamic *d, const struct sce_file *f, char *err, size_t cap);
void sce_dynamic_free(struct sce_dynamic *d);

/* Symbol name (NULL if its name offset is out of the string table: a tolerated defect). */
const char *sce_dynamic_sym_name(const struct sce_dynamic *d, const Elf64_Sym *s);

const struct sce_module_ref *sce_dynamic_find_module(const struct sce_dynamic *d, unsigned id);
const struct sce_library_ref *sce_dynamic_find_library(const struct sce_dynamic *d, unsigned id,
                                                       bool exported);

#endif
