/* Runtime linker: resolves every import of the loaded modules and applies their relocations
 * (RELATIVE, 64, GLOB_DAT, JUMP_SLOT, DTPMOD64; JUMP_SLOTs bound eagerly).
 *
 * Resolution order (FACTS.md "Symbols and NIDs"): the emulator's own HLE libraries by exact
 * library + module + kind, then the exports of loaded modules, then a NID-only match (HLE,
 * then modules). Unresolved functions are bound to a per-import thunk that logs library,
 * module, NID and known name once and returns 0 in rax and xmm0; unresolved objects point at
 * a no-access page. The HLE side is reached through linker_hle_ops so the loader does not
 * depend on the HLE module (which depends on the loader for TLS and exit). */
#ifndef PROSPERO_LOADER_LINKER_H
#define PROSPERO_LOADER_LINKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "loader/module.h"

/* What an import asks for. */
struct linker_import {
  const char *nid;
  const char *library;        /* library name from the importer's tables ("?" if unknown) */
  uint16_t library_version;
  const char *module;         /* module name ("?" if unknown) */
  uint8_t module_major, module_minor;
  bool is_object;
};

/* An HLE answer: address to bind (0 = not found), whether it is a stub, its known name. */
struct linker_hle_answer {
  uint64_t addr;
  bool is_stub;
  const char *name;
};

struct linker_hle_ops {
  /* exact library + module + NID + kind */
  struct linker_hle_answer (*lookup_exact)(const struct linker_import *imp);
  /* NID + kind only */
  struct linker_hle_answer (*lookup_nid)(const struct linker_import *imp);
};

/* Where an import was bound (for tests and counting). */
enum linker_source {
  LINKER_FROM_HLE,
  LINKER_FROM_MODULE,
  LINKER_FROM_HLE_NID,
  LINKER_FROM_MODULE_NID,
  LINKER_UNRESOLVED,
};

/* Installs the HLE lookups (NULL = none). */
void linker_set_hle(const struct linker_hle_ops *ops);

/* Resolves IMP against HLE and the registered modules (not FROM). Returns the address and
 * where it came from in *SOURCE; for an unresolved import returns 0 and LINKER_UNRESOLVED. */
uint64_t linker_resolve(const struct linker_import *imp, const struct loader_module *from,
                        enum linker_source *source, bool *is_stub);

/* Applies M's relocations (RELA then JMPREL) against the registered modules. False with ERR
 * naming type, offset and module for an unsupported relocation or an out-of-image offset. */
bool linker_relocate(struct loader_module *m, char *err, size_t cap);

/* Logs one summary line per imported library of M: resolved / stubbed / unresolved. */
void linker_log_summary(const struct loader_module *m);

/* Makes the unresolved-import thunks executable (call after all relocation). */
bool linker_seal_thunks(void);

/* Address unresolved object imports point at (a no-access page). */
uint64_t linker_invalid_object_address(void);

/* Number of times the thunk of unresolved imports has logged (for tests). */
unsigned linker_unresolved_log_count(void);

#endif
