#include "loader/process.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "common/nid.h"

static struct loader_module *started[LOADER_MAX_MODULES];
static size_t started_count;
static int fini_done;
static pthread_mutex_t started_lock = PTHREAD_MUTEX_INITIALIZER; /* started[] and the flags */

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
  pthread_mutex_lock(&started_lock);
  bool was = m->started;
  m->started = true;
  if (!was && started_count < LOADER_MAX_MODULES) started[started_count++] = m;
  pthread_mutex_unlock(&started_lock);
  if (was) return 0;
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

/* module_stop (PRX), fini array in reverse, DT_FINI. */
static int stop_one(struct loader_module *m, size_t args, const void *argp) {
  const struct sce_dynamic *d = &m->dyn;
  int r = 0;
  if (!m->is_exec) {
    guest_module_fn stop = find_module_fn(m, "module_stop");
    if (stop) {
      r = stop(args, argp);
      LOG(loader, INFO, "%s: module_stop returned %d", m->name, r);
    }
  }
  run_array(m->base, d->fini_array, d->fini_array_size, true);
  if (d->fini) ((guest_void_fn)(uintptr_t)(m->base + d->fini))();
  return r;
}

/* Takes M out of the started list; true if it was started and not yet stopped. */
static bool claim_stop(struct loader_module *m) {
  bool run = m->started && !m->stopped;
  m->stopped = true;
  for (size_t k = 0; k < started_count; k++)
    if (started[k] == m) {
      memmove(&started[k], &started[k + 1], (started_count - k - 1) * sizeof *started);
      started_count--;
      break;
    }
  return run;
}

int process_stop_module(struct loader_module *m, size_t args, const void *argp) {
  pthread_mutex_lock(&started_lock);
  bool run = claim_stop(m);
  pthread_mutex_unlock(&started_lock);
  return run ? stop_one(m, args, argp) : 0;
}

void process_run_fini(void) {
  if (__atomic_exchange_n(&fini_done, 1, __ATOMIC_ACQ_REL)) return;
  for (;;) {
    pthread_mutex_lock(&started_lock);
    struct loader_module *m = started_count ? started[started_count - 1] : NULL;
    bool run = m && claim_stop(m);
    pthread_mutex_unlock(&started_lock);
    if (!m) break;
    if (run) stop_one(m, 0, NULL);
  }
}

void process_guest_exit_function(void) { process_run_fini(); }

static void (*exit_hook)(void);

void process_set_exit_hook(void (*fn)(void)) { exit_hook = fn; }

_Noreturn void process_exit(int status) {
  process_run_fini();
  if (exit_hook) exit_hook();
  LOG(loader, INFO, "guest exited with status %d", status & 0xFF);
  fflush(NULL);
  log_close();
  _exit(status & 0xFF);
}
