/* prospero-mkself: turns a standard x86-64 ELF linked by ld.lld (a PIE executable or a
 * shared object) into a Sony ELF, and optionally wraps that into a fake-signed SELF.
 *
 * Conversion (per the Sony executable format, FACTS.md):
 *   - every loadable segment keeps its virtual address; the one covering PT_GNU_RELRO
 *     becomes PT_SCE_RELRO;
 *   - the dynamic tables (string table, symbols, SysV hash, RELA and JMPREL, module and
 *     library tables, fingerprint, original file name) are rebuilt in a PT_SCE_DYNLIBDATA
 *     blob that PT_DYNAMIC points into, with Sony dynamic tags (offsets into the blob);
 *   - imported symbols are renamed "NID#L#M" using a NID map (the HLE export table plus the
 *     exports of guest PRXs linked against), exported symbols "NID#0#0";
 *   - the process param (.sce_process_param, executables) or module param
 *     (.sce_module_param, PRXs) gets its PT_SCE_PROCPARAM / PT_SCE_MODULE_PARAM;
 *   - e_type 0xFE10 (executable) or 0xFE18 (PRX), OS/ABI FreeBSD, ABI version 2 (PS5).
 * Only RELATIVE, 64, GLOB_DAT, JUMP_SLOT and DTPMOD64 relocations are accepted. */
#ifndef PROSPERO_SDK_MKSELF_H
#define PROSPERO_SDK_MKSELF_H

#include <stdbool.h>
#include <stddef.h>
#include <elf.h>
#include <stdint.h>

/* Growable byte buffer owned by the caller (free with mkself_buf_free). */
struct mkself_buf {
  uint8_t *data;
  size_t size;
  size_t cap;
};
void mkself_buf_free(struct mkself_buf *b);

/* ---- NID map: which module/library provides a symbol, and under which NID ---- */

enum mkself_sym_kind { MKSELF_FUNCTION, MKSELF_OBJECT };

struct mkself_nid_entry {
  char *module_name;  /* provider module; its stub/PRX file is "<module_name>.prx" */
  uint8_t module_major, module_minor;
  char *library_name;
  uint16_t library_version;
  char nid[12];
  char *name;         /* symbol name the guest links against (the NID when unnamed) */
  enum mkself_sym_kind kind;
};

struct mkself_nid_map {
  struct mkself_nid_entry *entries;
  size_t count, cap;
  size_t *index;      /* open-addressing hash of (module, name) -> entry index + 1 */
  size_t index_cap;   /* a power of two, or 0 */
};

/* Adds the rows of a prospero-hle-export table (tab-separated: library, library version,
 * module, module major, module minor, nid, name or '-', function|object, status). False
 * with ERR set on a malformed line (line number given). */
bool mkself_nid_map_add_tsv(struct mkself_nid_map *m, const char *text, size_t len, char *err,
                            size_t cap);
/* Adds the defined global symbols of a standard ELF shared object (a guest PRX before
 * conversion) as exports of module/library MODULE_NAME, version 1.1 / 1. */
bool mkself_nid_map_add_elf(struct mkself_nid_map *m, const uint8_t *elf, size_t size,
                            const char *module_name, char *err, size_t cap);
/* First entry of MODULE_NAME providing symbol NAME, or NULL. */
const struct mkself_nid_entry *mkself_nid_map_find(const struct mkself_nid_map *m,
                                                   const char *module_name, const char *name);
void mkself_nid_map_free(struct mkself_nid_map *m);

/* ---- conversion ---- */

enum mkself_form {
  MKSELF_FORM_ELF,      /* plain Sony ELF */
  MKSELF_FORM_SELF_PS5, /* fake-signed SELF, PS5 header */
  MKSELF_FORM_SELF_PS4, /* fake-signed SELF, PS4 header (and ELF ABI version 0) */
};

struct mkself_options {
  bool prx;                 /* shared object -> PRX (0xFE18) instead of executable */
  const char *module_name;  /* this module's name (MODULE_INFO, export library) */
  const char *original_filename; /* e.g. "eboot.bin" */
  enum mkself_form form;
  uint64_t paid;            /* SELF program authority id (0: default fake id) */
  uint64_t app_version, fw_version;
  /* SELF layout variants other writers produce (the loader must read them all): */
  unsigned self_block_log2; /* data entries' block size, log2 (12..27; 0 = 14, 16 KiB) */
  bool self_version_data;   /* append the PT_SCE_VERSION segment's bytes after the last
                               segment, outside every entry (the public PS5 SDK's writer) */
};

/* Converts ELF (SIZE bytes) into OUT. On failure returns false with a sentence in ERR. */
bool mkself_convert(const uint8_t *elf, size_t size, const struct mkself_nid_map *map,
                    const struct mkself_options *opt, struct mkself_buf *out, char *err,
                    size_t cap);

/* Wraps a Sony ELF into a fake-signed SELF of FORM (PS4 or PS5). */
bool mkself_wrap_self(const uint8_t *sony_elf, size_t size, enum mkself_form form,
                      const struct mkself_options *opt, struct mkself_buf *out, char *err,
                      size_t cap);

/* A parsed Sony ELF or SELF: the ELF image (rebuilt from the segments of a SELF) and
 * pointers into its dynamic tables. Used by the self-check and by tests. */
struct mkself_view {
  uint8_t *image;          /* owned ELF image */
  size_t image_size;
  int container;           /* MKSELF_FORM_* the file had */
  Elf64_Ehdr ehdr;
  Elf64_Phdr phdrs[64];
  unsigned phnum;
  unsigned self_entries;   /* SELF segment entries (0 for a plain ELF) */
  uint16_t self_flags;
  const uint8_t *blob;     /* PT_SCE_DYNLIBDATA bytes */
  uint64_t blob_size;
  const Elf64_Dyn *dyn;    /* PT_DYNAMIC entries, up to DT_NULL */
  size_t dyn_count;
  const char *strtab;
  uint64_t strtab_size;
  const Elf64_Sym *syms;
  uint64_t sym_count;
  const Elf64_Rela *rela, *jmprel;
  uint64_t rela_count, jmprel_count;
};

/* Parses FILE; false with ERR set when it is malformed. Free with mkself_view_free. */
bool mkself_view_open(struct mkself_view *v, const uint8_t *file, size_t size, char *err,
                      size_t cap);
void mkself_view_free(struct mkself_view *v);
/* Value of the INDEX-th dynamic entry with TAG; false when there are fewer. */
bool mkself_view_dyn(const struct mkself_view *v, int64_t tag, unsigned index, uint64_t *val);
/* Name of symbol I ("" when out of range). */
const char *mkself_view_sym_name(const struct mkself_view *v, uint64_t i);

/* For a file wrapped as is (prospero-mkself --wrap: a static executable linked with its own
 * linker script): only the loader's own container parser (when linked in) must accept it. */
bool mkself_check_wrapped(const uint8_t *file, size_t size, char *err, size_t cap);

/* Re-parses a Sony ELF or SELF the way the loader will and rejects what it would reject
 * (with a reason in ERR). EXPECT_PRX says which e_type must be present. When the loader's
 * own parser is linked in (module prospero_loader), it is run as well. */
bool mkself_check(const uint8_t *file, size_t size, bool expect_prx, char *err, size_t cap);

#endif
