/* HLE library tables: the one source of truth for every Sony library prospero implements.
 *
 * Each library is one `struct hle_library` holding a table of symbols. The same tables feed
 * the runtime linker (registration), the guest SDK's stub libraries (so guests import real
 * NIDs), call tracing (--trace-hle) and docs/hle-status.md.
 *
 * A symbol whose implementation only returns success is HLE_STUB: it must log once when
 * called (HLE_STUB_LOG) and is never counted as implemented. */
#ifndef PROSPERO_HLE_HLE_H
#define PROSPERO_HLE_HLE_H

#include <stddef.h>
#include <stdint.h>

enum hle_status {
  HLE_IMPLEMENTED, /* behaves like the console for every input we know of */
  HLE_PARTIAL,     /* real behaviour for the common cases; gaps are logged when hit */
  HLE_STUB,        /* returns a fixed value; logs once when called */
};

enum hle_kind {
  HLE_FUNCTION,
  HLE_OBJECT,
};

struct hle_symbol {
  const char *nid;    /* 11-character NID, the key */
  const char *name;   /* known name, or NULL when the NID has none */
  enum hle_kind kind;
  void *address;      /* host function (guest calls it directly, System V ABI) or object */
  enum hle_status status;
};

struct hle_library {
  const char *library_name; /* e.g. "libkernel" */
  uint16_t library_version;
  const char *module_name;  /* e.g. "libkernel" */
  uint8_t module_version_major;
  uint8_t module_version_minor;
  const struct hle_symbol *symbols;
  size_t symbol_count;
};

#endif
