/* Test helper: writes Sony ELFs (and fake SELF wrappers) in memory, with a code segment, a
 * data segment, optional TLS, Sony dynamic tables, imports, exports and relocations. Used by
 * the loader unit tests, the loader fuzz seeds and the boot/native benchmarks. */
#ifndef PROSPERO_TESTS_SCE_BUILDER_H
#define PROSPERO_TESTS_SCE_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SB_CODE_VADDR 0x0ull
#define SB_DATA_VADDR 0x400000ull /* far enough above the code for the benchmarks */

enum sb_form { SB_ELF, SB_SELF_PS4, SB_SELF_PS5 };

struct sce_builder;

struct sce_builder *sb_new(bool prx, const char *module_name);
void sb_free(struct sce_builder *b);

void sb_set_code(struct sce_builder *b, const void *code, size_t size);
/* Data segment of SIZE bytes (zero unless written), RW. */
void sb_set_data(struct sce_builder *b, size_t size);
void sb_write_data(struct sce_builder *b, size_t off, const void *bytes, size_t size);
/* TLS template placed in the data segment at DATA_OFF. */
void sb_set_tls(struct sce_builder *b, size_t data_off, size_t filesz, size_t memsz, size_t align);
void sb_set_entry(struct sce_builder *b, uint64_t vaddr);

unsigned sb_add_library(struct sce_builder *b, const char *name, unsigned version, bool exported);
unsigned sb_add_module(struct sce_builder *b, const char *name, unsigned major, unsigned minor);
/* Returns the symbol index. */
unsigned sb_add_import(struct sce_builder *b, const char *nid, unsigned lib_id, unsigned mod_id,
                       bool is_object);
unsigned sb_add_export(struct sce_builder *b, const char *nid, unsigned lib_id, bool is_object,
                       uint64_t vaddr);
/* A DT_SCE_FINGERPRINT entry pointing at FP (20 bytes) in the dynlibdata. */
void sb_set_fingerprint(struct sce_builder *b, const uint8_t fp[20]);
/* Overwrites symbol SYM's type (STT_*), e.g. STT_TLS for a thread-local export or import. */
void sb_set_symbol_type(struct sce_builder *b, unsigned sym, unsigned type);
/* Overwrites symbol SYM's name offset (to make names outside the string table). */
void sb_set_symbol_name(struct sce_builder *b, unsigned sym, uint32_t st_name);
/* A local function symbol NAME at VADDR of SIZE bytes in the dynamic symbol table. */
unsigned sb_add_function_symbol(struct sce_builder *b, const char *name, uint64_t vaddr,
                                uint64_t size);
/* A PT_GNU_EH_FRAME header for the .eh_frame_hdr the caller placed in the code at VADDR. */
void sb_set_eh_frame_hdr(struct sce_builder *b, uint64_t vaddr, uint64_t size);
/* Appends an .eh_frame_hdr and an .eh_frame (one CIE, one FDE per range of code vaddrs
 * STARTS[i] .. +SIZES[i]) to the code set before, and the PT_GNU_EH_FRAME header for them. */
void sb_append_eh_frame(struct sce_builder *b, const uint64_t *starts, const uint32_t *sizes,
                        size_t n);
void sb_add_rela(struct sce_builder *b, uint64_t offset, uint32_t type, uint32_t sym,
                 int64_t addend, bool plt);
void sb_add_needed(struct sce_builder *b, const char *file_name);
/* Init array entries (vaddrs), placed in the data segment at DATA_OFF (RELATIVE relocs added). */
void sb_set_init_array(struct sce_builder *b, size_t data_off, const uint64_t *fns, size_t n);

/* Variants (all default to zero = the usual 0xFE10 executable with dynamic tables):
 * fixed-address and static executables, execute-only code, process param forms, and the
 * SELF layouts other writers produce. */
enum sb_param { SB_PARAM_FULL, SB_PARAM_EMPTY, SB_PARAM_NONE };
struct sb_options {
  uint16_t e_type;          /* 0: 0xFE10 (0xFE18 for a PRX) */
  uint64_t vaddr_base;      /* added to every vaddr and the entry (fixed-address images) */
  bool no_dynamic;          /* neither PT_DYNAMIC nor PT_SCE_DYNLIBDATA */
  enum sb_param param;      /* process/module param: full, empty (size 0), or absent */
  uint32_t code_flags;      /* code segment p_flags; 0: R+X */
  bool self_digests;        /* a digest entry (has-digests, no file data of a header) before
                               each data entry */
  unsigned self_block_log2; /* block-size bits of the data entries (0: bits 0, 4 KiB) */
  bool self_version_data;   /* a PT_SCE_VERSION header whose 16 bytes a SELF appends after
                               the last segment (outside every entry and file_size) */
};
void sb_set_options(struct sce_builder *b, const struct sb_options *o);

/* Writes the file; *OUT is malloc'd. Returns its size (0 on failure). */
size_t sb_build(struct sce_builder *b, enum sb_form form, uint8_t **out);

/* Offsets inside a built file, for tests that corrupt it. */
struct sb_layout {
  size_t elf_off;      /* where the ELF header starts (0 for a plain ELF) */
  size_t phdr_off;     /* program headers, relative to the file */
  size_t blob_off;     /* DYNLIBDATA bytes */
  size_t dyn_off;      /* PT_DYNAMIC entries */
  size_t dyn_count;
  size_t seg_table_off; /* SELF segment entries (0 for ELF) */
};
const struct sb_layout *sb_layout(const struct sce_builder *b);

#endif
