/* The state of one standard ELF -> Sony ELF conversion, shared by mkself_convert.c (symbols,
 * relocations, layout) and mkself_dynlib.c (the DYNLIBDATA blob). */
#ifndef PROSPERO_SDK_MKSELF_CONVERT_H
#define PROSPERO_SDK_MKSELF_CONVERT_H

#include "mkself_internal.h"

#define MAX_OUT_PHDRS 32
#define MAX_IMPORTS 64 /* modules or libraries one file may import */

/* An imported module or library and the id it gets in this file (ids start at 1; 0 is
 * this module and its export library). */
struct id_slot {
  const char *name;
  const char *file;  /* DT_NEEDED file name (modules only) */
  uint8_t major, minor;
  uint16_t version;
};

struct converter {
  const struct mkself_options *opt;
  const struct mkself_nid_map *map;
  struct mkself_elf in;
  struct mkself_dyn dyn;
  char *err;
  size_t cap;

  /* needed modules of the input, in DT_NEEDED order (file name and module name) */
  const char *needed_file[64];
  char needed_module[64][128];
  unsigned needed_count;

  struct id_slot modules[MAX_IMPORTS];
  unsigned module_count;
  struct id_slot libraries[MAX_IMPORTS];
  unsigned library_count;
  bool has_exports;

  /* new symbol table */
  int64_t *sym_remap;    /* input index -> output index, -1 when dropped */
  bool *sym_referenced;  /* input index is used by a relocation */
  Elf64_Sym *syms;
  uint64_t sym_count;
  struct mkself_buf strtab;
  Elf64_Rela *rela, *jmprel;
  uint64_t rela_count, jmprel_count;
};

/* Appends S (with its NUL) to the new string table; its offset, or SIZE_MAX. */
size_t mkself_converter_add_string(struct converter *c, const char *s);

/* Builds the DYNLIBDATA blob (fingerprint, strings, symbols, hash, relocations, dynamic
 * table with the Sony tags) into BLOB; DYN_OFF and DYN_SIZE locate the dynamic table. */
bool mkself_build_dynlibdata(struct converter *c, struct mkself_buf *blob, uint64_t *dyn_off,
                             uint64_t *dyn_size);

#endif
