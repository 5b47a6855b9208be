/* Traps and faults (BRIEF.md decisions 3 and 5): one handler per signal (SIGSEGV, SIGBUS,
 * SIGILL, SIGFPE, SIGTRAP, SIGSYS) running a chain of registered handlers (GPU page tracking,
 * instruction emulation, ... added by later parts), then the loader's own cases (a guest
 * `syscall` rewritten to ud2), then the contained report: thread, signal, registers, code
 * bytes around pc (probed first), 32 stack words, and pc plus return addresses attributed
 * to module + function + offset and file:line from the module's debug info
 * (loader/debug_info.h), else module + nearest exported symbol. After the report the process
 * exits with
 * PROSPERO_EXIT_GUEST_CRASH. */
#ifndef PROSPERO_LOADER_TRAP_H
#define PROSPERO_LOADER_TRAP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

/* Returns true when it handled the signal (execution resumes with UC). */
typedef bool (*trap_handler_fn)(int sig, siginfo_t *info, ucontext_t *uc);

#define TRAP_MAX_HANDLERS 8

/* Adds FN to the chain (tried in registration order). False when the chain is full. */
bool trap_register(trap_handler_fn fn);

/* Installs the signal handlers and an alternate signal stack for the calling thread. */
bool trap_install(void);

/* Alternate signal stack for a new guest thread (stack overflows still get a report). */
bool trap_thread_init(void);

/* Installs the seccomp safety net for every thread of the process: system calls issued from
 * the guest bands raise SIGSYS (reported like a rewritten syscall; exit and write to
 * stdout/stderr are emulated). Costs every host system call a filter run (bench/seccomp). */
bool trap_seccomp_install(void);

/* Writes "module+0xoff (function+0xoff at file:line)", "module+0xoff (symbol+0xoff)" or a
 * guest range or host description for ADDR into OUT. */
void trap_describe_address(uint64_t addr, char *out, size_t cap);

/* Copies SIZE bytes at ADDR into OUT if readable, without faulting. */
bool trap_probe_read(uint64_t addr, void *out, size_t size);

#endif
