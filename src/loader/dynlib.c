/* Modules loaded and unloaded while the guest runs (sceKernelLoadStartModule,
 * sceKernelStopUnloadModule): one lock over the registry, a reference count per module, the
 * DT_NEEDED files a module brings (loaded before it, referenced by it, unloaded after it),
 * start and stop outside the lock (module_start may itself load modules). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/log.h"
#include "loader/loader.h"

static pthread_mutex_t modules_lock = PTHREAD_MUTEX_INITIALIZER;

void loader_modules_lock(void) { pthread_mutex_lock(&modules_lock); }
void loader_modules_unlock(void) { pthread_mutex_unlock(&modules_lock); }

static struct loader_module *find_by_name(const char *name) {
  for (size_t i = 0; i < module_count(); i++)
    if (!module_at(i)->unloading && strcmp(module_at(i)->name, name) == 0) return module_at(i);
  return NULL;
}

#define DEP_DEPTH_MAX 16 /* a longer DT_NEEDED chain is refused (and stops cycles of files) */

/* Modules loaded by one call, in start order (dependencies first). */
struct load_batch {
  struct loader_module *m[LOADER_MAX_MODULES];
  size_t n;
};

/* NAME (or its .prx/.sprx twin) already loaded, or NULL. */
static struct loader_module *find_either(const char *name, char *alt, size_t cap) {
  snprintf(alt, cap, "%s", name);
  char *dot = strrchr(alt, '.');
  if (dot)
    snprintf(dot, cap - (size_t)(dot - alt), "%s", strcmp(dot, ".sprx") == 0 ? ".prx" : ".sprx");
  struct loader_module *m = find_by_name(name);
  return m ? m : dot ? find_by_name(alt) : NULL;
}

/* A host path for NAME (or ALT) in DIR or the start-time module folder, or false. */
static bool find_file(const char *dir, const char *name, const char *alt, char *out, size_t cap) {
  const char *dirs[2] = {dir, loader_module_dir()};
  const char *names[2] = {name, alt};
  struct stat st;
  for (int d = 0; d < 2; d++)
    for (int k = 0; k < 2; k++)
      if (dirs[d] && (size_t)snprintf(out, cap, "%s/%s", dirs[d], names[k]) < cap &&
          stat(out, &st) == 0 && S_ISREG(st.st_mode))
        return true;
  return false;
}

static void drop_unstarted(struct loader_module *m);

/* Loads and links HOST_PATH (file name NAME) and, before linking it, the DT_NEEDED files it
 * finds that are not loaded yet; every fresh module goes to B after its dependencies. The
 * caller holds the modules lock. NULL on failure (nothing of this call stays loaded). */
static struct loader_module *load_tree(const char *host_path, const char *name, int depth,
                                       struct load_batch *b, int *why) {
  if (depth > DEP_DEPTH_MAX || b->n == LOADER_MAX_MODULES) {
    LOG(loader, ERROR, "%s: DT_NEEDED chain deeper than %d modules", name, DEP_DEPTH_MAX);
    *why = LOADER_MODULE_ENOEXEC;
    return NULL;
  }
  struct loader_module *m = loader_load_module(host_path, name);
  if (!m) {
    *why = LOADER_MODULE_ENOEXEC;
    return NULL;
  }
  if (m->is_exec) {
    LOG(loader, ERROR, "%s is an executable, not a module", host_path);
    loader_release_module(m);
    *why = LOADER_MODULE_ENOEXEC;
    return NULL;
  }
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", host_path);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0;
  m->deps = calloc(m->dyn.needed_count ? m->dyn.needed_count : 1, sizeof *m->deps);
  bool ok = m->deps != NULL;
  for (size_t k = 0; ok && k < m->dyn.needed_count; k++) {
    char alt[256], path[4096];
    struct loader_module *d = find_either(m->dyn.needed[k], alt, sizeof alt);
    if (d) {
      /* a module loaded at run time gains a reference; one being loaded by this very call
       * (a cycle) and those loaded at start need none */
      if (!d->pinned && d->refcount) {
        d->refcount++;
        m->deps[m->dep_count++] = d;
      }
    } else if (find_file(slash ? dir : ".", m->dyn.needed[k], alt, path, sizeof path)) {
      const char *base = strrchr(path, '/');
      d = load_tree(path, base ? base + 1 : path, depth + 1, b, why);
      if (d) {
        d->refcount = 1;
        m->deps[m->dep_count++] = d;
      }
      ok = d != NULL;
    } else {
      LOG(loader, DEBUG, "%s needs %s: not found, left to the HLE libraries", name,
          m->dyn.needed[k]);
    }
  }
  if (ok && (loader_link_module(m) != 0 || !linker_seal_thunks())) {
    *why = LOADER_MODULE_ENOEXEC;
    ok = false;
  }
  if (!ok) {
    drop_unstarted(m);
    return NULL;
  }
  b->m[b->n++] = m;
  return m;
}

/* Undoes load_tree for M (not started): its dependency references, then M itself. */
static void drop_unstarted(struct loader_module *m) {
  for (size_t k = 0; k < m->dep_count; k++) {
    struct loader_module *d = m->deps[k];
    if (--d->refcount == 0 && !d->pinned && !d->started) drop_unstarted(d);
  }
  m->dep_count = 0;
  loader_release_module(m);
}

struct loader_module *loader_load_start_module(const char *host_path, size_t args, const void *argp,
                                               int *start_result, int *error) {
  const char *slash = strrchr(host_path, '/');
  const char *name = slash ? slash + 1 : host_path;
  int why = 0;
  struct load_batch b = {.n = 0};
  pthread_mutex_lock(&modules_lock);
  struct loader_module *m = find_by_name(name);
  struct stat st;
  if (m) {
    m->refcount++;
  } else if (stat(host_path, &st) != 0) {
    why = LOADER_MODULE_ENOENT;
    LOG(loader, INFO, "load module %s: %s", host_path, strerror(errno));
  } else if ((m = load_tree(host_path, name, 0, &b, &why))) {
    m->refcount = 1;
  }
  pthread_mutex_unlock(&modules_lock);
  if (!m) {
    if (error) *error = why;
    return NULL;
  }
  /* dependencies first; the module's own result is the caller's */
  int r = 0;
  for (size_t i = 0; i < b.n; i++) {
    int ri = process_start_module(b.m[i], b.m[i] == m ? args : 0, b.m[i] == m ? argp : NULL);
    if (b.m[i] == m) r = ri;
  }
  if (start_result) *start_result = r;
  return m;
}

int loader_stop_unload_module(int32_t handle, size_t args, const void *argp, int *stop_result) {
  pthread_mutex_lock(&modules_lock);
  struct loader_module *m = module_find_by_handle(handle);
  bool last = false;
  int err = 0;
  if (!m || m->unloading) {
    err = LOADER_MODULE_ESRCH;
  } else if (m->refcount == 0) {
    err = LOADER_MODULE_EINVAL; /* nothing loaded it at run time: the process holds it */
    LOG(loader, WARN, "%s was loaded at process start: it is not unloaded", m->name);
  } else {
    last = --m->refcount == 0 && !m->pinned;
    m->unloading = last; /* from here on no lookup finds it; this thread owns it */
  }
  pthread_mutex_unlock(&modules_lock);
  if (err) return err;
  int r = last ? process_stop_module(m, args, argp) : 0;
  if (stop_result) *stop_result = r;
  if (last) {
    int32_t deps[LOADER_MAX_MODULES];
    size_t ndep = 0;
    pthread_mutex_lock(&modules_lock);
    for (size_t k = 0; k < m->dep_count && ndep < LOADER_MAX_MODULES; k++)
      deps[ndep++] = m->deps[k]->handle;
    LOG(loader, INFO, "%s: unloaded (0x%llx-0x%llx)", m->name, (unsigned long long)m->map_start,
        (unsigned long long)(m->map_start + m->map_size));
    loader_release_module(m);
    pthread_mutex_unlock(&modules_lock);
    /* then the references it held, in reverse load order */
    while (ndep) loader_stop_unload_module(deps[--ndep], 0, NULL, NULL);
  }
  return 0;
}
