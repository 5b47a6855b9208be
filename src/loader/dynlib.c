/* Modules loaded and unloaded while the guest runs (sceKernelLoadStartModule,
 * sceKernelStopUnloadModule): one lock over the registry, a reference count per module,
 * start and stop outside the lock (module_start may itself load modules). */
#include <errno.h>
#include <pthread.h>
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

struct loader_module *loader_load_start_module(const char *host_path, size_t args, const void *argp,
                                               int *start_result, int *error) {
  const char *slash = strrchr(host_path, '/');
  const char *name = slash ? slash + 1 : host_path;
  int r = 0, why = 0;
  pthread_mutex_lock(&modules_lock);
  struct loader_module *m = find_by_name(name);
  bool fresh = !m;
  struct stat st;
  if (m) {
    m->refcount++;
  } else if (stat(host_path, &st) != 0) {
    why = LOADER_MODULE_ENOENT;
    LOG(loader, INFO, "load module %s: %s", host_path, strerror(errno));
  } else if (!(m = loader_load_module(host_path, name))) {
    why = LOADER_MODULE_ENOEXEC;
  } else if (m->is_exec) {
    LOG(loader, ERROR, "%s is an executable, not a module", host_path);
    loader_release_module(m);
    m = NULL;
    why = LOADER_MODULE_ENOEXEC;
  } else if (loader_link_module(m) != 0 || !linker_seal_thunks()) {
    loader_release_module(m);
    m = NULL;
    why = LOADER_MODULE_ENOEXEC;
  } else {
    m->refcount = 1;
  }
  pthread_mutex_unlock(&modules_lock);
  if (!m) {
    if (error) *error = why;
    return NULL;
  }
  if (fresh) r = process_start_module(m, args, argp);
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
    pthread_mutex_lock(&modules_lock);
    LOG(loader, INFO, "%s: unloaded (0x%llx-0x%llx)", m->name, (unsigned long long)m->map_start,
        (unsigned long long)(m->map_start + m->map_size));
    loader_release_module(m);
    pthread_mutex_unlock(&modules_lock);
  }
  return 0;
}
