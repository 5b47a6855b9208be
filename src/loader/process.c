#include "loader/process.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/log.h"
#include "common/nid.h"

static struct loader_module *started[LOADER_MAX_MODULES];
static size_t started_count;
static int fini_done;

typedef void (*guest_void_fn)(void);
typedef int (*guest_module_fn)(size_t args, const void *argp);

static void run_array(uint64_t base, uint64_t addr, uint64_t size, bool reverse) {
  if (!addr || !size) return;
  const uint64_t *fns = (const uint64_t *)(uintptr_t)(base + addr);
  size_t n = size / 8;
  for (size_t k = 0; k < n; k++) {
    uint64_t f = fns[reverse ? n - 1 - k : k];
    if (f == 0 || f == UINT64_MAX) continue; /* ELF allows 0 and -1 as placeholders */
    ((guest_void_fn)(uintptr_t)f)();
  }
}

/* module_start / module_stop: exported by NID from the module's own library. */
static guest_module_fn find_module_fn(const struct loader_module *m, const char *name) {
  char nid[NID_BUF_SIZE];
  nid_from_name(name, nid);
  const struct module_export *x = module_find_export(m, nid, NULL, false);
  return x ? (guest_module_fn)(uintptr_t)x->addr : NULL;
}

int process_start_module(struct loader_module *m, size_t args, const void *argp) {
  if (m->started) return 0;
  m->started = true;
  if (started_count < LOADER_MAX_MODULES) started[started_count++] = m;
  const struct sce_dynamic *d = &m->dyn;
  if (m->is_exec) run_array(m->base, d->preinit_array, d->preinit_array_size, false);
  if (d->init) ((guest_void_fn)(uintptr_t)(m->base + d->init))();
  run_array(m->base, d->init_array, d->init_array_size, false);
  int r = 0;
  if (!m->is_exec) {
    guest_module_fn start = find_module_fn(m, "module_start");
    if (start) {
      r = start(args, argp);
      LOG(loader, INFO, "%s: module_start returned %d", m->name, r);
    }
  }
  return r;
}

void process_run_fini(void) {
  if (__atomic_exchange_n(&fini_done, 1, __ATOMIC_ACQ_REL)) return;
  for (size_t k = started_count; k-- > 0;) {
    struct loader_module *m = started[k];
    if (m->stopped) continue;
    m->stopped = true;
    const struct sce_dynamic *d = &m->dyn;
    if (!m->is_exec) {
      guest_module_fn stop = find_module_fn(m, "module_stop");
      if (stop) stop(0, NULL);
    }
    run_array(m->base, d->fini_array, d->fini_array_size, true);
    if (d->fini) ((guest_void_fn)(uintptr_t)(m->base + d->fini))();
  }
}

void process_guest_exit_function(void) { process_run_fini(); }

_Noreturn void process_exit(int status) {
  process_run_fini();
  LOG(loader, INFO, "guest exited with status %d", status & 0xFF);
  fflush(NULL);
  log_close();
  _exit(status & 0xFF);
}
