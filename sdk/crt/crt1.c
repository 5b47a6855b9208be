/* Executable crt: the process param block and the C entry behind _start (start.S).
 * The loader runs the executable's DT_INIT / init arrays before the entry (see
 * docs/ARCHITECTURE.md), so this only registers the loader's exit function, calls main
 * and passes its result to exit(). */
#include <stddef.h>

#include "sce/sce_params.h"

int atexit(void (*fn)(void));
void exit(int status) __attribute__((noreturn));

/* main: a C main, or a C++ main, which freestanding C++ mangles like any other function.
 * Hidden weak references resolve to NULL at link time when absent (no import is made). */
#define CRT_MAIN_REF __attribute__((weak, visibility("hidden")))
int main(int argc, char **argv, char **envp) CRT_MAIN_REF;
int crt_cxx_main_envp(int, char **, char **) __asm__("_Z4mainiPPcS0_") CRT_MAIN_REF;
int crt_cxx_main_args(int, char **) __asm__("_Z4mainiPPc") CRT_MAIN_REF;
int crt_cxx_main_void(void) __asm__("_Z4mainv") CRT_MAIN_REF;

/* The main thread's priority, when the program defines it (as the console's SDK names it:
 * `unsigned int sceUserMainThreadPriority = 256;`); else the block's pointer is NULL and the
 * default (700) applies. */
extern const uint32_t sceUserMainThreadPriority CRT_MAIN_REF;

/* mkself finds this block by its section name and points PT_SCE_PROCPARAM at it. */
__attribute__((section(".sce_process_param"), used, aligned(8)))
const struct sce_process_param prospero_process_param = {
    .size = sizeof(struct sce_process_param),
    .magic = SCE_PROC_PARAM_MAGIC,
    .entry_count = SCE_PROC_PARAM_ENTRY_COUNT,
    .sdk_version = PROSPERO_GUEST_SDK_VERSION,
    .main_thread_priority = &sceUserMainThreadPriority,
};

/* C++ objects with static storage register their destructors against this handle. */
__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

static char *no_args[] = {"eboot.bin", NULL};

__attribute__((noreturn, used, visibility("hidden")))
void prospero_crt_start(struct sce_entry_params *params, void (*exit_fn)(void)) {
  if (exit_fn) atexit(exit_fn);
  int argc = 1;
  char **argv = no_args;
  if (params && params->argc > 0) {
    argc = params->argc;
    argv = params->argv;
  }
  static char *envp[] = {NULL};
  int status = 127; /* no main at all (the link would normally have failed) */
  if (main)
    status = main(argc, argv, envp);
  else if (crt_cxx_main_envp)
    status = crt_cxx_main_envp(argc, argv, envp);
  else if (crt_cxx_main_args)
    status = crt_cxx_main_args(argc, argv);
  else if (crt_cxx_main_void)
    status = crt_cxx_main_void();
  exit(status);
}
