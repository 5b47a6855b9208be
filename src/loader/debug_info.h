/* Debug information of a guest module for crash reports: the function, source file and line
 * of an address. prospero-cc keeps the unstripped ELF it linked beside its output (the
 * "sidecar", e.g. eboot.bin.debug; docs/sdk.md); this reads the sidecar's .symtab and, when
 * the program was built with -g, its DWARF line tables and the ranges of inlined calls
 * (elfutils libelf/libdw), once, at load time, into flat tables. Lookups then only search
 * those tables: no allocation and no libdw call, so the fault handler may use them.
 *
 * Addresses are module-relative (guest address - module base), which is what the sidecar's
 * own addresses are: guests are linked at 0. */
#ifndef PROSPERO_LOADER_DEBUG_INFO_H
#define PROSPERO_LOADER_DEBUG_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct debug_info;

/* The placed (relocated or not, but not yet code-rewritten) image of the module the sidecar
 * must describe: every executable segment of the sidecar must lie in [vaddr_min, vaddr_max)
 * and hold the same bytes at BASE + vaddr. */
struct debug_info_image {
  uint64_t base;
  uint64_t vaddr_min, vaddr_max;
};

/* Reads the sidecar at PATH for the module NAME. Returns NULL (after one WARN naming the file
 * and the reason) when the file is malformed, unreadable or does not match IMAGE, and NULL
 * silently when PATH does not exist. IMAGE NULL skips the match check. */
struct debug_info *debug_info_load(const char *path, const char *name,
                                   const struct debug_info_image *image);

/* The same from SIZE bytes in memory (copied as needed; tests and the fuzz target). */
struct debug_info *debug_info_from_memory(const void *data, size_t size, const char *name,
                                          const struct debug_info_image *image);

void debug_info_free(struct debug_info *d);

/* What is known about one module-relative address. Strings live as long as the tables. */
struct debug_location {
  const char *function;  /* NULL when no symbol covers the address */
  uint64_t function_addr;
  const char *file;      /* NULL when the line tables do not cover the address */
  unsigned line;
  const char *inlined;   /* the innermost function inlined at the address (whose code the
                          * line belongs to), NULL when none */
};

/* Fills OUT for ADDR; true when anything (function or line) is known. Allocation free. */
bool debug_info_lookup(const struct debug_info *d, uint64_t addr, struct debug_location *out);

/* Sizes, for the load log and tests. */
struct debug_info_stats {
  size_t functions, line_rows, files, inlined_ranges;
  bool has_lines;
};
void debug_info_get_stats(const struct debug_info *d, struct debug_info_stats *out);

/* Calls FN for each function symbol (module-relative address, size or 0): the code
 * rewriter's seeds (loader/code_map.h). Returns how many there are; FN may be NULL. */
size_t debug_info_each_function(const struct debug_info *d,
                                void (*fn)(void *ctx, uint64_t addr, uint64_t size), void *ctx);

#endif
