/* Helpers shared by the prospero-mkself sources. */
#ifndef PROSPERO_SDK_MKSELF_INTERNAL_H
#define PROSPERO_SDK_MKSELF_INTERNAL_H

#include <elf.h>
#include <stdarg.h>

#include "mkself.h"

/* Formats an error sentence into ERR and returns false. */
bool mkself_fail(char *err, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Appends LEN bytes (zeros when DATA is NULL); returns the offset they start at, or
 * SIZE_MAX when out of memory. */
size_t mkself_buf_append(struct mkself_buf *b, const void *data, size_t len);
/* Pads with zeros up to a multiple of ALIGN (a power of two). */
bool mkself_buf_align(struct mkself_buf *b, size_t align);

static inline uint64_t mkself_align_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

/* True if [off, off+len) lies inside SIZE bytes (no overflow). */
static inline bool mkself_in_bounds(uint64_t off, uint64_t len, uint64_t size) {
  return off <= size && len <= size - off;
}

/* A read-only view of a standard ELF64 little-endian x86-64 file (the lld output). */
struct mkself_elf {
  const uint8_t *data;
  size_t size;
  Elf64_Ehdr ehdr;
  const uint8_t *phdrs; /* e_phnum entries of e_phentsize bytes (unaligned) */
};
bool mkself_elf_open(struct mkself_elf *e, const uint8_t *data, size_t size, char *err,
                     size_t cap);
Elf64_Phdr mkself_elf_phdr(const struct mkself_elf *e, unsigned i);
/* File offset of VADDR..VADDR+LEN when one PT_LOAD's file bytes hold all of it. */
bool mkself_elf_vaddr_to_offset(const struct mkself_elf *e, uint64_t vaddr, uint64_t len,
                                uint64_t *off);
/* Section header by name (false when absent or the section table is malformed). */
bool mkself_elf_find_section(const struct mkself_elf *e, const char *name, Elf64_Shdr *out);

/* Values of the standard dynamic tags the converter needs (0 = absent). */
struct mkself_dyn {
  uint64_t symtab, strtab, strsz, syment, hash, gnu_hash;
  uint64_t rela, relasz, relaent, jmprel, pltrelsz, pltrel, pltgot;
  uint64_t init, fini, init_array, init_arraysz, fini_array, fini_arraysz;
  uint64_t preinit_array, preinit_arraysz, flags, flags_1, soname;
  uint64_t needed[64];
  unsigned needed_count;
  uint64_t sym_count;     /* derived from DT_HASH or DT_GNU_HASH */
  const char *strtab_ptr; /* in the file */
  const uint8_t *symtab_ptr;
};
bool mkself_elf_read_dynamic(const struct mkself_elf *e, struct mkself_dyn *d, char *err,
                             size_t cap);
/* Name of dynamic symbol string offset OFF, or NULL if out of range / unterminated. */
const char *mkself_dyn_str(const struct mkself_dyn *d, uint64_t off);
Elf64_Sym mkself_dyn_sym(const struct mkself_dyn *d, uint64_t i);

#endif
