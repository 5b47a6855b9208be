/* Process start and exit of the guest: init order, fini order, and the exit path shared by
 * the loader (the exit function handed to the entry point in rsi) and HLE (exit(),
 * sceKernelExitProcess). */
#ifndef PROSPERO_LOADER_PROCESS_H
#define PROSPERO_LOADER_PROCESS_H

#include "loader/module.h"

/* Runs module_stop and fini arrays of the started modules in reverse start order (once; later
 * calls do nothing), flushes host streams and the log, and exits the host process with
 * STATUS (0-255). HLE's exit() calls this after the guest's atexit handlers. */
_Noreturn void process_exit(int status);

/* A host function process_exit calls after the fini pass, before the host streams are
 * flushed (the app's: audio out drains into its WAV file). One; NULL: none. */
void process_set_exit_hook(void (*fn)(void));

/* The fini work alone (idempotent). */
void process_run_fini(void);

/* The function the loader passes in rsi at the entry point (FreeBSD crt1 convention: the crt
 * registers it with atexit). Runs process_run_fini. */
void process_guest_exit_function(void);

/* Runs M's initialisers: for a PRX DT_INIT, DT_INIT_ARRAY, then module_start(ARGS, ARGP);
 * for the executable DT_PREINIT_ARRAY, DT_INIT, DT_INIT_ARRAY. Records M for the fini pass.
 * Returns module_start's result (0 when there is none or M already started). */
int process_start_module(struct loader_module *m, size_t args, const void *argp);

/* Stops one started PRX ahead of the exit pass (sceKernelStopUnloadModule): module_stop(ARGS,
 * ARGP), then its fini array (reverse) and DT_FINI; forgets M for the exit pass. Returns
 * module_stop's result (0 when there is none or M was not started or already stopped). */
int process_stop_module(struct loader_module *m, size_t args, const void *argp);

#endif
