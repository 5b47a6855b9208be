/* Loaded modules: the executable and its PRXs, each parsed (sce_file, sce_dynamic), mapped
 * into guest memory at the FACTS.md bases and kept in one registry that the linker, the TLS
 * code, the exit path and the fault reports all read. */
#ifndef PROSPERO_LOADER_MODULE_H
#define PROSPERO_LOADER_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "loader/code_map.h"
#include "sce/sce_dynamic.h"
#include "sce/sce_file.h"

#define LOADER_MAX_MODULES 64

struct debug_info;

/* An exported symbol, sorted by NID for the linker's lookups. */
struct module_export {
  char nid[12];
  const char *library; /* export library name */
  bool is_object;
  bool is_tls;   /* STT_TLS: ADDR is the offset in the module's TLS block, not an address */
  uint64_t addr;
};

/* A named address for fault reports (function or object start). */
struct module_symbol {
  uint64_t addr, size;
  const char *name; /* points into the module's name pool */
  bool is_function; /* STT_FUNC (else STT_OBJECT) */
};

struct loader_module {
  char name[64];           /* file name, e.g. "eboot.bin", "libc.prx" */
  bool is_exec;
  bool is_fixed;           /* linked for fixed addresses (ET_EXEC, ET_SCE_EXEC): base 0 */
  bool has_dynamic;        /* PT_DYNAMIC + PT_SCE_DYNLIBDATA present (else nothing to link) */
  struct sce_file file;    /* valid until module_place() returns (file bytes released) */
  struct sce_dynamic dyn;
  uint64_t image_min, image_max; /* vaddr span of PT_LOAD/RELRO, page rounded */
  uint64_t base;           /* runtime address of vaddr 0 */
  uint64_t map_start, map_size; /* what was committed */
  uint64_t entry;          /* absolute */
  uint64_t proc_param, module_param; /* absolute, 0 if absent */
  uint64_t eh_frame_hdr;   /* absolute, 0 if absent */
  uint64_t eh_frame_hdr_size;      /* PT_GNU_EH_FRAME p_memsz */
  uint64_t eh_frame, eh_frame_size; /* .eh_frame found through the header (0 if none) */
  /* TLS template (absolute image address) and its index for DTPMOD64 / __tls_get_addr */
  uint64_t tls_image, tls_filesz, tls_memsz, tls_align;
  unsigned tls_index;      /* 0 = no TLS */
  /* exports (sorted by NID) and attribution symbols (sorted by address) */
  struct module_export *exports;
  size_t export_count;
  struct module_symbol *symbols;
  size_t symbol_count;
  char *name_pool;
  /* linker state: per-symbol resolution cache */
  uint64_t *sym_value;
  uint8_t *sym_state;      /* 0 = not yet, 1 = resolved, 2 = thread-local import counted */
  /* per library (parallel to dyn.libraries): resolved / stubbed / unresolved imports */
  unsigned (*lib_counts)[3];
  struct code_map_stats rewrite; /* what module_rewrite_code found and changed */
  uint64_t *syscall_sites; /* sorted absolute addresses of rewritten `syscall`s */
  size_t syscall_count;
  struct debug_info *debug; /* symbols and lines from the sidecar (loader/debug_info.h), or NULL */
  uint64_t gate_start, gate_size; /* the system call gate page after the image (syscall_gate.h) */
  bool started, stopped;
  /* the guest's view (sceKernelLoadStartModule and the module queries) */
  int32_t handle;          /* registration order from 0 (the executable); never reused */
  unsigned refcount;       /* sceKernelLoadStartModule references not yet stopped */
  bool pinned;             /* loaded at process start (the executable and its PRXs): never
                              unloaded */
  bool unloading;          /* its last reference is gone: stopping, then released */
  struct loader_module **deps; /* DT_NEEDED modules this one holds a reference on (loaded
                                  while the guest runs), released after it */
  size_t dep_count;
};

/* Parses BUF (kept by reference until module_place) into M. */
bool module_parse(struct loader_module *m, const uint8_t *buf, size_t size, const char *name,
                  char *err, size_t cap);

/* Copies M's segments to host memory at BASE (already writable, image_max - image_min
 * bytes from BASE + image_min, zeroed) and fills runtime addresses. Releases the file. */
bool module_place(struct loader_module *m, uint64_t base, char *err, size_t cap);

/* Commits guest memory for M at the next module base (0x9_0000_0000 for the executable), or,
 * for a fixed-address executable, where it was linked if the address map allows it
 * (guest_vm_check_fixed: the refusal names the range and the collision); then places it. */
bool module_map(struct loader_module *m, char *err, size_t cap);

/* Applies the final protections of every segment (after relocation and code rewriting). */
bool module_protect(struct loader_module *m);

/* Finds the code of the executable segments of a placed, relocated module (code_map.h) and
 * rewrites FS prefixes, FS base accesses and syscalls in it; data is left as the file has
 * it. With MAPS non-NULL (room for one per PT_LOAD) the code maps are kept there and
 * *MAP_COUNT set (the fuzz target checks them); free each with code_map_free. */
void module_rewrite_code(struct loader_module *m, struct code_map *maps, size_t *map_count);

void module_free(struct loader_module *m);

/* Registry (module_register gives M the next handle) */
bool module_register(struct loader_module *m);
/* Removes M from the registry (it is being unloaded); its handle is not reused. Lookups
 * without the loader's modules lock (module_find_by_addr from a fault report) may still see
 * M while this runs: the caller frees M only after it (a report racing an unload in another
 * thread can read a module being freed; nothing else does). */
void module_unregister(struct loader_module *m);
/* The registered module with HANDLE, or NULL. */
struct loader_module *module_find_by_handle(int32_t handle);
size_t module_count(void);
struct loader_module *module_at(size_t i);
void module_registry_clear(void); /* forgets (does not free or unmap) every module: tests */

/* The module whose image holds ADDR, or NULL. Safe in a signal handler. */
const struct loader_module *module_find_by_addr(uint64_t addr);
/* The nearest symbol at or below ADDR in M, or NULL. */
const struct module_symbol *module_nearest_symbol(const struct loader_module *m, uint64_t addr);
/* An export of M matching NID, library name (NULL = any) and kind, or NULL. */
const struct module_export *module_find_export(const struct loader_module *m, const char *nid,
                                               const char *library, bool is_object);
/* A TLS export (STT_TLS) of M matching NID and library name (NULL = any), or NULL. */
const struct module_export *module_find_tls_export(const struct loader_module *m,
                                                   const char *nid, const char *library);
/* True if ADDR is one of M's rewritten syscall sites. */
bool module_is_syscall_site(const struct loader_module *m, uint64_t addr);

#endif
