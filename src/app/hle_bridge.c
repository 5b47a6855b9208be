#include "hle_bridge.h"

#include "hle/hle.h"
#include "hle/syscall/syscall.h"

static struct linker_hle_answer answer(const struct hle_library *lib, const struct hle_symbol *s) {
  struct linker_hle_answer a = {0};
  if (!s) return a;
  a.addr = (uint64_t)(uintptr_t)hle_bind_address(lib, s);
  a.is_stub = s->status == HLE_STUB;
  a.name = s->name;
  return a;
}

static struct linker_hle_answer lookup_exact(const struct linker_import *imp) {
  const struct hle_library *lib = NULL;
  const struct hle_symbol *s = hle_lookup(imp->library, imp->module, imp->nid,
                                          imp->is_object ? HLE_OBJECT : HLE_FUNCTION, &lib);
  return answer(lib, s);
}

static struct linker_hle_answer lookup_nid(const struct linker_import *imp) {
  const struct hle_library *lib = NULL;
  const struct hle_symbol *s =
      hle_lookup_nid(imp->nid, imp->is_object ? HLE_OBJECT : HLE_FUNCTION, &lib);
  return answer(lib, s);
}

const struct linker_hle_ops hle_bridge_ops = {lookup_exact, lookup_nid};

const struct trap_syscall_ops hle_bridge_syscall_ops = {syscall_dispatch, syscall_name};
