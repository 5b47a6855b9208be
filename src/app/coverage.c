/* Import coverage: walks the import symbols of every registered module and classifies each
 * the way the runtime linker resolves it (HLE status, PRX export or missing). */
#include "coverage.h"

#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "common/nid.h"
#include "hle/hle.h"
#include "hle/hle_names.h"
#include "loader/linker.h"
#include "loader/loader.h"
#include "loader/module.h"

enum cov_class { COV_IMPLEMENTED, COV_PARTIAL, COV_STUB, COV_PRX, COV_MISSING, COV_CLASSES };

static const char *const class_names[COV_CLASSES] = {"implemented", "partial", "stub", "prx",
                                                     "missing"};

struct cov_missing {
  char nid[NID_BUF_SIZE];
  const char *name; /* known name or NULL */
  bool is_object;
};

struct cov_lib {
  const char *library, *module; /* import library and module names ("?" if unknown) */
  unsigned count[COV_CLASSES];
  struct cov_missing *missing;
  size_t missing_count;
};

struct cov_module {
  const char *name;
  struct cov_lib *libs;
  size_t lib_count;
};

static struct cov_lib *lib_get(struct cov_module *cm, const char *library, const char *module) {
  for (size_t i = 0; i < cm->lib_count; i++)
    if (!strcmp(cm->libs[i].library, library) && !strcmp(cm->libs[i].module, module))
      return &cm->libs[i];
  struct cov_lib *n = realloc(cm->libs, (cm->lib_count + 1) * sizeof *n);
  if (!n) return NULL;
  cm->libs = n;
  n = &cm->libs[cm->lib_count++];
  *n = (struct cov_lib){.library = library, .module = module};
  return n;
}

static enum cov_class hle_class(enum hle_status s) {
  return s == HLE_IMPLEMENTED ? COV_IMPLEMENTED : s == HLE_PARTIAL ? COV_PARTIAL : COV_STUB;
}

/* The class of one import, following linker_resolve's order. */
static enum cov_class classify(const struct linker_import *imp, const struct loader_module *m,
                               bool is_tls) {
  if (is_tls) {
    for (size_t i = 0; i < module_count(); i++)
      if (module_at(i) != m && module_find_tls_export(module_at(i), imp->nid, NULL)) return COV_PRX;
    return COV_MISSING;
  }
  enum linker_source src;
  bool stub;
  linker_resolve(imp, m, &src, &stub);
  enum hle_kind kind = imp->is_object ? HLE_OBJECT : HLE_FUNCTION;
  const struct hle_symbol *s = NULL;
  switch (src) {
    case LINKER_FROM_HLE:
      s = hle_lookup(imp->library, imp->module, imp->nid, kind, NULL);
      return s ? hle_class(s->status) : stub ? COV_STUB : COV_IMPLEMENTED;
    case LINKER_FROM_HLE_NID:
      s = hle_lookup_nid(imp->nid, kind, NULL);
      return s ? hle_class(s->status) : stub ? COV_STUB : COV_IMPLEMENTED;
    case LINKER_FROM_MODULE:
    case LINKER_FROM_MODULE_NID: return COV_PRX;
    case LINKER_UNRESOLVED: break;
  }
  return COV_MISSING;
}

static int lib_compare(const void *pa, const void *pb) {
  const struct cov_lib *a = pa, *b = pb;
  int c = strcmp(a->library, b->library);
  return c ? c : strcmp(a->module, b->module);
}

static int missing_compare(const void *pa, const void *pb) {
  const struct cov_missing *a = pa, *b = pb;
  if (a->name && b->name) return strcmp(a->name, b->name);
  if (a->name || b->name) return a->name ? -1 : 1; /* named first */
  return strcmp(a->nid, b->nid);
}

static void collect_module(const struct loader_module *m, struct cov_module *cm) {
  *cm = (struct cov_module){.name = m->name};
  const struct sce_dynamic *d = &m->dyn;
  for (uint64_t i = 1; i < d->sym_count; i++) {
    const Elf64_Sym *s = &d->syms[i];
    if (s->st_shndx != SHN_UNDEF) continue;
    const char *name = sce_dynamic_sym_name(d, s);
    if (!name || !*name) continue;
    struct linker_import imp = {
        .library = "?", .module = "?", .is_object = ELF64_ST_TYPE(s->st_info) == STT_OBJECT};
    char nid[NID_BUF_SIZE];
    unsigned lib_id = 0, mod_id = 0;
    if (nid_parse_symbol(name, nid, &lib_id, &mod_id)) {
      const struct sce_library_ref *lib = sce_dynamic_find_library(d, lib_id, false);
      const struct sce_module_ref *mod = sce_dynamic_find_module(d, mod_id);
      if (lib && !lib->name_bad) imp.library = lib->name, imp.library_version = lib->version;
      if (mod && !mod->name_bad)
        imp.module = mod->name, imp.module_major = mod->version_major,
        imp.module_minor = mod->version_minor;
    } else {
      nid_from_name(name, nid);
    }
    imp.nid = nid;
    enum cov_class c = classify(&imp, m, ELF64_ST_TYPE(s->st_info) == STT_TLS);
    struct cov_lib *l = lib_get(cm, imp.library, imp.module);
    if (!l) continue;
    l->count[c]++;
    if (c != COV_MISSING) continue;
    struct cov_missing *n = realloc(l->missing, (l->missing_count + 1) * sizeof *n);
    if (!n) continue;
    l->missing = n;
    n = &l->missing[l->missing_count++];
    memcpy(n->nid, nid, NID_BUF_SIZE);
    n->name = hle_known_name(nid);
    n->is_object = imp.is_object;
  }
  if (cm->lib_count) qsort(cm->libs, cm->lib_count, sizeof *cm->libs, lib_compare);
  for (size_t i = 0; i < cm->lib_count; i++)
    if (cm->libs[i].missing_count)
      qsort(cm->libs[i].missing, cm->libs[i].missing_count, sizeof *cm->libs[i].missing,
            missing_compare);
}

static void free_module(struct cov_module *cm) {
  for (size_t i = 0; i < cm->lib_count; i++) free(cm->libs[i].missing);
  free(cm->libs);
}

/* JSON string (quoted, escaped) of S. */
static void json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p < 0x20 || *p >= 0x7f) fprintf(out, "\\u%04x", *p);
    else fputc(*p, out);
  }
  fputc('"', out);
}

static void print_text(FILE *out, const struct cov_module *cm, unsigned *total) {
  unsigned imports = 0;
  for (size_t i = 0; i < cm->lib_count; i++)
    for (int c = 0; c < COV_CLASSES; c++) imports += cm->libs[i].count[c];
  fprintf(out, "%s: %zu librar%s, %u import%s\n", cm->name, cm->lib_count,
          cm->lib_count == 1 ? "y" : "ies", imports, imports == 1 ? "" : "s");
  if (!cm->lib_count) return;
  fprintf(out, "  %-28s %11s %7s %4s %4s %7s\n", "library", "implemented", "partial", "stub", "prx",
          "missing");
  for (size_t i = 0; i < cm->lib_count; i++) {
    const struct cov_lib *l = &cm->libs[i];
    fprintf(out, "  %-28s %11u %7u %4u %4u %7u\n", l->library, l->count[COV_IMPLEMENTED],
            l->count[COV_PARTIAL], l->count[COV_STUB], l->count[COV_PRX], l->count[COV_MISSING]);
    for (int c = 0; c < COV_CLASSES; c++) total[c] += l->count[c];
  }
  bool header = false;
  for (size_t i = 0; i < cm->lib_count; i++)
    for (size_t k = 0; k < cm->libs[i].missing_count; k++) {
      const struct cov_missing *x = &cm->libs[i].missing[k];
      if (!header) fputs("  missing:\n", out), header = true;
      fprintf(out, "    %-28s %s  %s%s\n", cm->libs[i].library, x->nid,
              x->name ? x->name : "(name unknown)", x->is_object ? " (object)" : "");
    }
}

static void print_json(FILE *out, const struct cov_module *cm, unsigned *total) {
  fputs("{\"name\":", out);
  json_string(out, cm->name);
  fputs(",\"libraries\":[", out);
  for (size_t i = 0; i < cm->lib_count; i++) {
    const struct cov_lib *l = &cm->libs[i];
    fputs(i ? ",{\"library\":" : "{\"library\":", out);
    json_string(out, l->library);
    fputs(",\"module\":", out);
    json_string(out, l->module);
    for (int c = 0; c < COV_CLASSES; c++) {
      fprintf(out, ",\"%s\":%u", class_names[c], l->count[c]);
      total[c] += l->count[c];
    }
    fputs(",\"missing_symbols\":[", out);
    for (size_t k = 0; k < l->missing_count; k++) {
      const struct cov_missing *x = &l->missing[k];
      fprintf(out, "%s{\"nid\":\"%s\",\"name\":", k ? "," : "", x->nid);
      if (x->name) json_string(out, x->name);
      else fputs("null", out);
      fprintf(out, ",\"kind\":\"%s\"}", x->is_object ? "object" : "function");
    }
    fputs("]}", out);
  }
  fputs("]}", out);
}

unsigned app_coverage_print(FILE *out, bool json) {
  unsigned total[COV_CLASSES] = {0};
  if (json) fputs("{\"modules\":[", out);
  for (size_t i = 0; i < module_count(); i++) {
    struct cov_module cm;
    collect_module(module_at(i), &cm);
    if (json) {
      if (i) fputc(',', out);
      print_json(out, &cm, total);
    } else {
      print_text(out, &cm, total);
    }
    free_module(&cm);
  }
  if (json) {
    fputs("],\"total\":{", out);
    for (int c = 0; c < COV_CLASSES; c++)
      fprintf(out, "%s\"%s\":%u", c ? "," : "", class_names[c], total[c]);
    fputs("}}\n", out);
  } else {
    fprintf(out, "total: %u implemented, %u partial, %u stub, %u from PRX modules, %u missing\n",
            total[COV_IMPLEMENTED], total[COV_PARTIAL], total[COV_STUB], total[COV_PRX],
            total[COV_MISSING]);
  }
  return total[COV_MISSING];
}

void app_coverage_log(void) {
  for (size_t i = 0; i < module_count(); i++) {
    struct cov_module cm;
    collect_module(module_at(i), &cm);
    for (size_t k = 0; k < cm.lib_count; k++) {
      const struct cov_lib *l = &cm.libs[k];
      LOG(linker, INFO,
          "%s imports %s: %u implemented, %u partial, %u stub, %u from PRX, %u missing", cm.name,
          l->library, l->count[COV_IMPLEMENTED], l->count[COV_PARTIAL], l->count[COV_STUB],
          l->count[COV_PRX], l->count[COV_MISSING]);
      for (size_t j = 0; j < l->missing_count; j++)
        LOG(linker, INFO, "%s: missing %s %s (%s)", cm.name, l->library, l->missing[j].nid,
            l->missing[j].name ? l->missing[j].name : "name unknown");
    }
    free_module(&cm);
  }
}
