#include "loader/linker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "common/errmsg.h"
#include "common/log.h"
#include "common/nid.h"
#include "kernel/guest_vm.h"
#include "sce/sce_elf.h"
#include "loader/tls.h"

static const struct linker_hle_ops *hle_ops;

void linker_set_hle(const struct linker_hle_ops *ops) { hle_ops = ops; }

/* ---- unresolved imports: thunks and the invalid object page ---- */

/* One record per unresolved function import; the thunk passes it to unresolved_called. */
struct unresolved_import {
  char nid[NID_BUF_SIZE];
  const char *library, *module, *importer;
  const char *known_name; /* or NULL */
  int logged;
};

#define THUNK_SIZE 48
#define THUNK_CHUNK 0x10000 /* bytes of thunk code per host mapping */

struct thunk_chunk {
  uint8_t *code;
  size_t used;
  bool sealed;
};

static struct thunk_chunk *thunk_chunks;
static struct unresolved_import **unresolved_records; /* owned; thunks point at them */
static size_t unresolved_record_count;
static size_t thunk_chunk_count;
static unsigned unresolved_logs;
static uint64_t invalid_object_page;

unsigned linker_unresolved_log_count(void) { return __atomic_load_n(&unresolved_logs, __ATOMIC_RELAXED); }

static uint64_t unresolved_called(struct unresolved_import *u) {
  if (!__atomic_exchange_n(&u->logged, 1, __ATOMIC_RELAXED)) {
    __atomic_add_fetch(&unresolved_logs, 1, __ATOMIC_RELAXED);
    LOG(linker, STUB, "unresolved import called: %s (%s) from library %s module %s (imported by "
        "%s); returning 0", u->nid, u->known_name ? u->known_name : "name unknown", u->library,
        u->module, u->importer);
  }
  return 0;
}

/* Emits: sub rsp,8; mov rdi,REC; mov rax,unresolved_called; call rax; add rsp,8;
 *        xorps xmm0,xmm0; xor eax,eax; ret  (rsp is 16-aligned at the inner call) */
static void thunk_emit(uint8_t *t, struct unresolved_import *rec) {
  uint64_t r = (uint64_t)(uintptr_t)rec, f = (uint64_t)(uintptr_t)unresolved_called;
  uint8_t code[] = {0x48, 0x83, 0xEC, 0x08, 0x48, 0xBF, 0, 0, 0, 0, 0, 0, 0, 0, 0x48, 0xB8, 0,
                    0, 0, 0, 0, 0, 0, 0, 0xFF, 0xD0, 0x48, 0x83, 0xC4, 0x08, 0x0F, 0x57, 0xC0,
                    0x31, 0xC0, 0xC3};
  memcpy(code + 6, &r, 8);
  memcpy(code + 16, &f, 8);
  memset(t, 0xCC, THUNK_SIZE);
  memcpy(t, code, sizeof code);
}

static uint64_t thunk_create(const struct linker_import *imp, const struct loader_module *from,
                             const char *known_name) {
  struct thunk_chunk *c = thunk_chunk_count ? &thunk_chunks[thunk_chunk_count - 1] : NULL;
  if (!c || c->sealed || c->used + THUNK_SIZE > THUNK_CHUNK) {
    struct thunk_chunk *n = realloc(thunk_chunks, (thunk_chunk_count + 1) * sizeof *n);
    if (!n) return 0;
    thunk_chunks = n;
    void *p = mmap(NULL, THUNK_CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return 0;
    c = &thunk_chunks[thunk_chunk_count++];
    *c = (struct thunk_chunk){p, 0, false};
  }
  struct unresolved_import *rec = calloc(1, sizeof *rec);
  struct unresolved_import **list =
      realloc(unresolved_records, (unresolved_record_count + 1) * sizeof *list);
  if (!rec || !list) {
    free(rec);
    return 0;
  }
  unresolved_records = list;
  unresolved_records[unresolved_record_count++] = rec;
  snprintf(rec->nid, sizeof rec->nid, "%s", imp->nid);
  rec->library = imp->library;
  rec->module = imp->module;
  rec->importer = from ? from->name : "?";
  rec->known_name = known_name;
  uint8_t *t = c->code + c->used;
  thunk_emit(t, rec);
  c->used += THUNK_SIZE;
  return (uint64_t)(uintptr_t)t;
}

bool linker_seal_thunks(void) {
  bool ok = true;
  for (size_t i = 0; i < thunk_chunk_count; i++) {
    if (thunk_chunks[i].sealed) continue;
    ok &= mprotect(thunk_chunks[i].code, THUNK_CHUNK, PROT_READ | PROT_EXEC) == 0;
    thunk_chunks[i].sealed = true;
  }
  return ok;
}

uint64_t linker_invalid_object_address(void) {
  if (invalid_object_page) return invalid_object_page;
  /* the console's invalid page when the guest bands exist, else any no-access host page */
  if (guest_vm_map_fixed(GUEST_VM_INVALID_PAGE, SCE_GUEST_PAGE_SIZE, 0, "invalid page")) {
    invalid_object_page = GUEST_VM_INVALID_PAGE;
  } else {
    void *p = mmap(NULL, SCE_GUEST_PAGE_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    invalid_object_page = p == MAP_FAILED ? 0 : (uint64_t)(uintptr_t)p;
  }
  return invalid_object_page;
}

/* ---- resolution ---- */

static uint64_t modules_lookup(const struct linker_import *imp, const struct loader_module *from,
                               bool exact) {
  for (size_t i = 0; i < module_count(); i++) {
    const struct loader_module *m = module_at(i);
    if (m == from) continue;
    const struct module_export *x =
        module_find_export(m, imp->nid, exact ? imp->library : NULL, imp->is_object);
    if (x) return x->addr;
  }
  return 0;
}

uint64_t linker_resolve(const struct linker_import *imp, const struct loader_module *from,
                        enum linker_source *source, bool *is_stub) {
  struct linker_hle_answer a = {0};
  *is_stub = false;
  if (hle_ops && hle_ops->lookup_exact && (a = hle_ops->lookup_exact(imp)).addr) {
    *source = LINKER_FROM_HLE;
    *is_stub = a.is_stub;
    return a.addr;
  }
  uint64_t addr = modules_lookup(imp, from, true);
  if (addr) {
    *source = LINKER_FROM_MODULE;
    return addr;
  }
  if (hle_ops && hle_ops->lookup_nid && (a = hle_ops->lookup_nid(imp)).addr) {
    *source = LINKER_FROM_HLE_NID;
    *is_stub = a.is_stub;
    LOG(linker, DEBUG, "%s: %s (%s) of %s bound by NID only", from ? from->name : "?", imp->nid,
        a.name ? a.name : "?", imp->library);
    return a.addr;
  }
  if ((addr = modules_lookup(imp, from, false))) {
    *source = LINKER_FROM_MODULE_NID;
    return addr;
  }
  *source = LINKER_UNRESOLVED;
  return 0;
}

/* The value of symbol INDEX of M (cached), or false with ERR set. */
static bool symbol_value(struct loader_module *m, uint64_t index, uint64_t *out, char *err,
                         size_t cap) {
  if (index >= m->dyn.sym_count)
    return errmsg_fail(err, cap, "%s: relocation names symbol %llu of %llu", m->name,
                       (unsigned long long)index, (unsigned long long)m->dyn.sym_count);
  if (index == 0) { /* the null symbol: S = 0 */
    *out = 0;
    return true;
  }
  if (m->sym_state[index] == 1) {
    *out = m->sym_value[index];
    return true;
  }
  const Elf64_Sym *s = &m->dyn.syms[index];
  uint64_t v;
  if (s->st_shndx != SHN_UNDEF) {
    v = m->base + s->st_value;
  } else {
    const char *name = sce_dynamic_sym_name(&m->dyn, s);
    if (!name)
      return errmsg_fail(err, cap,
                         "%s: a relocation needs imported symbol %llu, whose name lies outside "
                         "the string table (a defect tolerated only while nothing uses the symbol)",
                         m->name, (unsigned long long)index);
    struct linker_import imp = {.library = "?", .module = "?",
                                .is_object = ELF64_ST_TYPE(s->st_info) == STT_OBJECT};
    char nid[NID_BUF_SIZE];
    unsigned lib_id = 0, mod_id = 0;
    const struct sce_library_ref *lib = NULL;
    if (nid_parse_symbol(name, nid, &lib_id, &mod_id)) {
      lib = sce_dynamic_find_library(&m->dyn, lib_id, false);
      const struct sce_module_ref *mod = sce_dynamic_find_module(&m->dyn, mod_id);
      if ((lib && lib->name_bad) || (mod && mod->name_bad))
        return errmsg_fail(err, cap,
                           "%s: a relocation needs symbol %llu (%s), whose %s tag has a name "
                           "outside the string table",
                           m->name, (unsigned long long)index, name,
                           lib && lib->name_bad ? "library" : "module");
      if (lib) imp.library = lib->name, imp.library_version = lib->version;
      if (mod) imp.module = mod->name, imp.module_major = mod->version_major,
               imp.module_minor = mod->version_minor;
    } else {
      nid_from_name(name, nid); /* a plain name: import it by its NID */
    }
    imp.nid = nid;
    enum linker_source src;
    bool stub;
    v = linker_resolve(&imp, m, &src, &stub);
    int kind = src == LINKER_UNRESOLVED ? 2 : stub ? 1 : 0;
    if (lib) m->lib_counts[lib - m->dyn.libraries][kind]++;
    if (src == LINKER_UNRESOLVED) {
      /* the name is known when the HLE has this NID as the other kind (a kind mismatch) */
      const char *known = NULL;
      if (hle_ops && hle_ops->lookup_nid) {
        struct linker_import other = imp;
        other.is_object = !imp.is_object;
        known = hle_ops->lookup_nid(&other).name;
      }
      if (ELF64_ST_BIND(s->st_info) == STB_WEAK) {
        v = 0; /* weak and absent: null, as a dynamic linker would */
      } else if (imp.is_object) {
        v = linker_invalid_object_address();
        LOG(linker, WARN, "%s: unresolved object %s (%s) (library %s, module %s) points at the "
            "invalid page", m->name, nid, known ? known : "name unknown", imp.library, imp.module);
      } else {
        v = thunk_create(&imp, m, known);
        if (!v) return errmsg_fail(err, cap, "%s: out of memory for import thunks", m->name);
        LOG(linker, DEBUG, "%s: unresolved function %s (library %s, module %s) gets a thunk",
            m->name, nid, imp.library, imp.module);
      }
    }
  }
  m->sym_value[index] = v;
  m->sym_state[index] = 1;
  *out = v;
  return true;
}

/* Where a TLS relocation's symbol lives: the TLS index of its module, its offset in that
 * module's block (st_value), and the module's variant II static offset (0: dynamic TLS). */
struct tls_target {
  uint64_t module_index;
  uint64_t value;
  uint64_t static_offset;
  const char *module_name;
};

/* TLS exports of the registered modules other than FROM (exact library first, then NID only). */
static const struct loader_module *tls_export_lookup(const char *nid, const char *library,
                                                     const struct loader_module *from,
                                                     const struct module_export **out) {
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < module_count(); i++) {
      const struct loader_module *o = module_at(i);
      if (o == from) continue;
      const struct module_export *x = module_find_tls_export(o, nid, pass ? NULL : library);
      if (x) {
        *out = x;
        return o;
      }
    }
  return NULL;
}

/* Resolves the symbol INDEX of a TLS relocation of M (0 = M's own block at offset 0). */
static bool tls_symbol(struct loader_module *m, uint64_t index, struct tls_target *t, char *err,
                       size_t cap) {
  if (index >= m->dyn.sym_count && index != 0)
    return errmsg_fail(err, cap, "%s: TLS relocation names symbol %llu of %llu", m->name,
                       (unsigned long long)index, (unsigned long long)m->dyn.sym_count);
  const Elf64_Sym *s = index ? &m->dyn.syms[index] : NULL;
  if (!s || s->st_shndx != SHN_UNDEF) {
    *t = (struct tls_target){m->tls_index, s ? s->st_value : 0,
                             tls_module_static_offset(m->tls_index), m->name};
    return true;
  }
  const char *name = sce_dynamic_sym_name(&m->dyn, s);
  if (!name)
    return errmsg_fail(err, cap, "%s: a TLS relocation needs imported symbol %llu, whose name "
                       "lies outside the string table", m->name, (unsigned long long)index);
  char nid[NID_BUF_SIZE];
  unsigned lib_id = 0, mod_id = 0;
  const struct sce_library_ref *lib = NULL;
  if (nid_parse_symbol(name, nid, &lib_id, &mod_id))
    lib = sce_dynamic_find_library(&m->dyn, lib_id, false);
  else
    nid_from_name(name, nid);
  const struct module_export *x = NULL;
  const struct loader_module *o =
      tls_export_lookup(nid, lib && !lib->name_bad ? lib->name : NULL, m, &x);
  if (lib && !m->sym_state[index]) { /* counted once per symbol, as other imports are */
    m->lib_counts[lib - m->dyn.libraries][o ? 0 : 2]++;
    m->sym_state[index] = 2; /* 2: a thread-local import (no address cached) */
  }
  if (!o)
    return errmsg_fail(err, cap, "%s: thread-local symbol %s (library %s) is exported by no "
                       "loaded module", m->name, name, lib ? lib->name : "?");
  *t = (struct tls_target){o->tls_index, x->addr, tls_module_static_offset(o->tls_index), o->name};
  return true;
}

static const char *reloc_type_name(uint32_t t) {
  switch (t) {
  case R_X86_64_NONE: return "R_X86_64_NONE";
  case R_X86_64_PC32: return "R_X86_64_PC32";
  case R_X86_64_COPY: return "R_X86_64_COPY";
  case R_X86_64_TPOFF64: return "R_X86_64_TPOFF64";
  case R_X86_64_DTPOFF64: return "R_X86_64_DTPOFF64";
  case R_X86_64_IRELATIVE: return "R_X86_64_IRELATIVE";
  default: return "unknown";
  }
}

static bool apply_table(struct loader_module *m, const Elf64_Rela *rel, uint64_t n, char *err,
                        size_t cap) {
  uint64_t lo = m->base + m->image_min, hi = m->base + m->image_max;
  for (uint64_t i = 0; i < n; i++) {
    const Elf64_Rela *r = &rel[i];
    uint32_t type = ELF64_R_TYPE(r->r_info);
    uint64_t where = m->base + r->r_offset;
    if (where < lo || where > hi - 8)
      return errmsg_fail(err, cap,
                         "%s: relocation %llu (type %u) at offset 0x%llx is outside the image",
                         m->name, (unsigned long long)i, type, (unsigned long long)r->r_offset);
    uint64_t v, s;
    switch (type) {
    case SCE_R_X86_64_RELATIVE:
      v = m->base + (uint64_t)r->r_addend;
      break;
    case SCE_R_X86_64_64:
      if (!symbol_value(m, ELF64_R_SYM(r->r_info), &s, err, cap)) return false;
      v = s + (uint64_t)r->r_addend;
      break;
    case SCE_R_X86_64_GLOB_DAT:
    case SCE_R_X86_64_JUMP_SLOT:
      if (!symbol_value(m, ELF64_R_SYM(r->r_info), &s, err, cap)) return false;
      v = s;
      break;
    case SCE_R_X86_64_DTPMOD64: /* the TLS index of the symbol's module (Drepper 4.3.6) */
    case R_X86_64_DTPOFF64:     /* S + A: the offset in that module's block */
    case R_X86_64_TPOFF64: {    /* S + A - tlsoffset: the offset from the thread pointer */
      struct tls_target t;
      if (!tls_symbol(m, ELF64_R_SYM(r->r_info), &t, err, cap)) return false;
      if ((type != R_X86_64_DTPOFF64 || ELF64_R_SYM(r->r_info)) && !t.module_index)
        return errmsg_fail(err, cap, "%s: %s at offset 0x%llx refers to the TLS of %s, which "
                           "has no PT_TLS", m->name, type == SCE_R_X86_64_DTPMOD64 ?
                           "R_X86_64_DTPMOD64" : reloc_type_name(type),
                           (unsigned long long)r->r_offset, t.module_name);
      if (type == SCE_R_X86_64_DTPMOD64) {
        v = t.module_index;
      } else if (type == R_X86_64_DTPOFF64) {
        v = t.value + (uint64_t)r->r_addend;
      } else {
        if (!t.static_offset)
          return errmsg_fail(err, cap, "%s: R_X86_64_TPOFF64 (initial-exec TLS) at offset "
                             "0x%llx refers to the TLS of %s, which is not in the static TLS "
                             "area (a module loaded after start: build it with the "
                             "general-dynamic TLS model)", m->name,
                             (unsigned long long)r->r_offset, t.module_name);
        v = t.value + (uint64_t)r->r_addend - t.static_offset;
      }
      break;
    }
    default:
      return errmsg_fail(err, cap, "%s: unsupported relocation type %u (%s) at offset 0x%llx",
                         m->name, type, reloc_type_name(type), (unsigned long long)r->r_offset);
    }
    memcpy((void *)(uintptr_t)where, &v, 8);
  }
  return true;
}

/* Warns once per module about tolerated defects of its dynamic tables (sce_dynamic.h),
 * naming the symbols whose names lie outside the string table. */
static void warn_defects(const struct loader_module *m) {
  const struct sce_dynamic *d = &m->dyn;
  if (d->bad_symbol_names) {
    char list[160];
    size_t n = 0, shown = 0;
    list[0] = 0;
    for (uint64_t i = 0; i < d->sym_count && shown < 12; i++)
      if (!sce_dynamic_sym_name(d, &d->syms[i])) {
        int k = snprintf(list + n, sizeof list - n, "%s%llu", shown ? ", " : "",
                         (unsigned long long)i);
        if (k < 0 || (size_t)k >= sizeof list - n) break;
        n += (size_t)k;
        shown++;
      }
    LOG(linker, WARN, "%s: %llu symbol(s) have a name outside the string table (symbol %s%s); "
        "tolerated while no relocation needs them", m->name,
        (unsigned long long)d->bad_symbol_names, list,
        d->bad_symbol_names > shown ? ", ..." : "");
  }
  if (d->bad_tag_names)
    LOG(linker, WARN, "%s: %zu module/library tag(s) have a name outside the string table; "
        "tolerated while no import uses them", m->name, d->bad_tag_names);
  if (d->bad_needed_names)
    LOG(linker, WARN, "%s: %zu DT_NEEDED entr%s with a name outside the string table ignored",
        m->name, d->bad_needed_names, d->bad_needed_names == 1 ? "y" : "ies");
}

bool linker_relocate(struct loader_module *m, char *err, size_t cap) {
  warn_defects(m);
  return apply_table(m, m->dyn.rela, m->dyn.rela_count, err, cap) &&
         apply_table(m, m->dyn.jmprel, m->dyn.jmprel_count, err, cap);
}

void linker_log_summary(const struct loader_module *m) {
  for (size_t i = 0; i < m->dyn.library_count; i++) {
    const struct sce_library_ref *l = &m->dyn.libraries[i];
    if (l->exported) continue;
    const unsigned *c = m->lib_counts[i];
    LOG(linker, INFO, "%s imports %s: %u resolved, %u stubbed, %u unresolved", m->name, l->name,
        c[0], c[1], c[2]);
  }
}
