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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/log.h" /* HLE_STUB_LOG */

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

/* ---- Registry (src/hle/hle_registry.c) ---------------------------------------------- */

/* The libraries prospero implements, in registration order (stable for a build). */
size_t hle_library_count(void);
const struct hle_library *hle_library_at(size_t i); /* NULL when I is out of range */
/* The library named LIBRARY_NAME, or NULL. */
const struct hle_library *hle_library_find(const char *library_name);

/* Exact match: library name + module name + NID + kind. LIB_OUT (may be NULL) receives the
 * library of the symbol. Returns NULL when nothing matches. */
const struct hle_symbol *hle_lookup(const char *library_name, const char *module_name,
                                    const char *nid, enum hle_kind kind,
                                    const struct hle_library **lib_out);

/* NID-only fallback: the first library (registration order) exporting NID with KIND. */
const struct hle_symbol *hle_lookup_nid(const char *nid, enum hle_kind kind,
                                        const struct hle_library **lib_out);

/* The address the runtime linker writes into the GOT for SYM of LIB: the function itself,
 * or (when tracing is on for LIB) a tracing thunk made once per symbol; for objects the
 * object's address. NULL only if a thunk cannot be made (logged). */
void *hle_bind_address(const struct hle_library *lib, const struct hle_symbol *sym);

/* Turns on call tracing for every function of LIBRARY_NAME bound from now on (call it
 * before linking, as --trace-hle does). False, with nothing changed, on an unknown name. */
bool hle_trace_enable(const char *library_name);
bool hle_trace_enabled(const struct hle_library *lib);

/* Status names as they appear in hle-export and hle-status: implemented, partial, stub. */
const char *hle_status_name(enum hle_status status);
const char *hle_kind_name(enum hle_kind kind);

/* ---- Services for the loader --------------------------------------------------------- */

/* The executable's process param block (PT_SCE_PROCPARAM), as sceKernelGetProcParam returns
 * it. The loader sets it before running guest code; NULL until then. */
void hle_kernel_set_proc_param(void *param);

/* ---- Table lines ----------------------------------------------------------------------
 * A library table is a list of these, one line per symbol:
 *   HLE_FUNC("hcuQgD53UxM", printf, libc_printf, HLE_IMPLEMENTED),
 *   HLE_OBJ("f7uOxY9mM1U", __stack_chk_guard, &kernel_stack_chk_guard, HLE_IMPLEMENTED),
 *   HLE_NID_FUNC("AbCdEfGhIjk", kernel_unknown_0, HLE_STUB),     (NID without a known name)
 *   HLE_NID_OBJ("AbCdEfGhIjk", &kernel_unknown_object, HLE_PARTIAL)
 * The unit tests check that every named line's NID equals nid_from_name(name). */
#define HLE_FUNC(nid_, name_, fn_, status_) \
  {.nid = nid_, .name = #name_, .kind = HLE_FUNCTION, .address = (void *)(fn_), .status = status_}
#define HLE_OBJ(nid_, name_, addr_, status_) \
  {.nid = nid_, .name = #name_, .kind = HLE_OBJECT, .address = (void *)(addr_), .status = status_}
#define HLE_NID_FUNC(nid_, fn_, status_) \
  {.nid = nid_, .name = NULL, .kind = HLE_FUNCTION, .address = (void *)(fn_), .status = status_}
#define HLE_NID_OBJ(nid_, addr_, status_) \
  {.nid = nid_, .name = NULL, .kind = HLE_OBJECT, .address = (void *)(addr_), .status = status_}

/* A stub body logs once (level STUB) naming itself; use it in every HLE_STUB function. */
#define HLE_STUB_LOG(name_) LOG_ONCE(hle, STUB, "stub called: %s", name_)

/* Defines a whole stub: `static int64_t FN(void)` that logs once and returns VALUE (in rax,
 * which covers int and pointer returns). Its table line uses status HLE_STUB:
 *   HLE_STUB_DEFINE(pad_stub_set_light_bar, scePadSetLightBar, 0)
 *   HLE_FUNC("...", scePadSetLightBar, pad_stub_set_light_bar, HLE_STUB), */
#define HLE_STUB_DEFINE(fn_, name_, value_) \
  static int64_t fn_(void) {                \
    HLE_STUB_LOG(#name_);                   \
    return (int64_t)(value_);               \
  }

#endif
