/* Loading and starting a game: the executable, its PRXs from /app0/sce_module/ (libc.prx
 * first), linking, code rewriting, protections, TLS of the main thread, the guest main stack,
 * initialisers, then the entry point with rdi = params and rsi = exit function. */
#ifndef PROSPERO_LOADER_LOADER_H
#define PROSPERO_LOADER_LOADER_H

#include <stdbool.h>
#include <stddef.h>

#include "loader/linker.h"
#include "loader/process.h"
#include "loader/tls.h"

#define LOADER_MAIN_STACK_SIZE (2u << 20) /* FACTS.md: main stack 2 MiB */

struct loader_game {
  const char *eboot_path;  /* host path of the executable */
  const char *module_dir;  /* host folder of /app0/sce_module (NULL: none) */
  int argc;                /* guest arguments (argv[0] is added: "/app0/eboot.bin") */
  const char *const *argv;
  /* Called once the executable is loaded and linked, before any guest code runs (the app
   * hands the process param block to the kernel HLE here). May be NULL. */
  void (*on_linked)(const struct loader_module *exec);
  bool seccomp; /* install the seccomp safety net (trap_seccomp_install) */
  /* Load and link only (prospero --check): after on_linked, loader_run_game returns 0
   * without running any guest code (no initialiser, no module_start, no entry). */
  bool link_only;
};

/* Loads and links the game. Returns only on failure, with a PROSPERO_EXIT_* code (the error
 * is logged), or with 0 in link-only mode; otherwise the guest runs and the process ends
 * through process_exit(). */
int loader_run_game(const struct loader_game *game);

/* The host folder of /app0/sce_module given to loader_run_game (NULL: none). */
const char *loader_module_dir(void);

/* Why loader_load_start_module / loader_stop_unload_module failed: FreeBSD errno numbers, as
 * the console's kernel reports them (the HLE adds 0x80020000). */
enum loader_module_error {
  LOADER_MODULE_ENOENT = 2,   /* no such file */
  LOADER_MODULE_ESRCH = 3,    /* no module has this handle (or it is being unloaded) */
  LOADER_MODULE_ENOEXEC = 8,  /* not a module this loader can load and link (logged why) */
  LOADER_MODULE_EINVAL = 22,  /* unloading a module loaded at process start */
};

/* Loads, links and starts a PRX while the guest runs (what sceKernelLoadStartModule needs):
 * maps it at the next module base, registers its TLS (dynamic: blocks are made per thread on
 * first use), loads first the DT_NEEDED files that are not loaded yet and lie in its folder
 * or in /app0/sce_module (each holds a reference the module drops when it is unloaded; other
 * needed modules are left to the HLE, as at start), resolves its imports (HLE, loaded
 * modules, NID only), rewrites and protects its code, then runs (dependencies first) DT_INIT,
 * the init array and module_start(ARGS, ARGP); the module's result goes to *START_RESULT. A module already loaded (same file name) gains a reference and is returned
 * as is, without running module_start again (*START_RESULT = 0). Imports of modules loaded
 * earlier are not re-bound to the new module's exports. NULL on failure with *ERROR set
 * (enum loader_module_error; the cause is logged). Thread-safe. */
struct loader_module *loader_load_start_module(const char *host_path, size_t args,
                                               const void *argp, int *start_result, int *error);

/* Drops a reference taken by loader_load_start_module on the module with HANDLE. The last
 * one runs module_stop(ARGS, ARGP) (its result to *STOP_RESULT, else 0), the fini array and
 * DT_FINI, then unloads the module: its TLS slot (every thread's block becomes stale and is
 * freed), registry entry and guest memory. Imports other modules bound to it dangle, as on
 * the console. 0, or an enum loader_module_error: ESRCH for an unknown handle, EINVAL for a
 * module loaded at process start that no run-time load references (it is never unloaded).
 * Thread-safe. */
int loader_stop_unload_module(int32_t handle, size_t args, const void *argp, int *stop_result);

/* The lock under which the registry (module.h) does not change: module queries from the HLE
 * hold it while they read a module. Not held while guest code runs. */
void loader_modules_lock(void);
void loader_modules_unlock(void);

/* Makes the calling host thread ready to run guest code (HLE pthread creation calls it on
 * the new thread before jumping to the guest's start routine): its TCB and TLS blocks with
 * the GS base, an alternate signal stack for fault reports, and the console's MXCSR / x87
 * defaults. False (logged) on failure. */
bool loader_thread_attach(void);
/* Releases what loader_thread_attach made (on the thread, as it ends). */
void loader_thread_detach(void);

/* Switches to the stack whose top is TOP (aligned down to 16) and calls FN(ARG) there with
 * rbp = 0; FN must not return (guest thread start: a guest routine that ends its thread). */
void loader_call_on_stack(uint64_t top, void (*fn)(void *), void *arg) __attribute__((noreturn));

/* Reads a whole file (at most 4 GiB) into a malloc'd buffer. */
bool loader_read_file(const char *path, unsigned char **data, size_t *size);

/* Debug info of a module file PATH is read from PATH LOADER_DEBUG_SUFFIX when that exists:
 * the unstripped ELF prospero-cc keeps beside its output (loader/debug_info.h). */
#define LOADER_DEBUG_SUFFIX ".debug"

/* Loads one module file: parse, register, map, its debug info when there is a sidecar, and its
 * TLS template (static while no guest thread exists, else dynamic). NULL on failure (logged;
 * nothing stays registered or mapped). */
struct loader_module *loader_load_module(const char *path, const char *name);

/* Relocates, rewrites and protects a loaded module: 0 or a PROSPERO_EXIT_* code (logged). */
int loader_link_module(struct loader_module *m);

/* Undoes loader_load_module: TLS slot, registry entry, guest memory, tables; frees M. */
void loader_release_module(struct loader_module *m);

#endif
