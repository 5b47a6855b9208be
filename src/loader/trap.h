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
 * the guest bands raise SIGSYS, dispatched like a rewritten syscall. Costs every host system
 * call a filter run (bench/seccomp). */
bool trap_seccomp_install(void);

/* Guest system calls (a `syscall` the rewriter turned into ud2, or one the seccomp net
 * caught) are handed to a dispatcher the app installs, so the loader never links the HLE
 * (the system call table lives in src/hle/syscall/). FreeBSD's convention: number in rax,
 * arguments in rdi, rsi, rdx, r10, r8, r9; on return rax holds the result, or the errno with
 * the carry flag set. */
struct trap_syscall_ops {
  /* Runs call NR with ARGS. False when NR has no row; otherwise *RESULT is the value for rax
   * and *ERROR tells whether it is an errno (carry set). May not return (exit). */
  bool (*dispatch)(uint64_t nr, const uint64_t args[6], uint64_t *result, bool *error);
  /* Name of call NR for logs and reports (NULL if unknown). */
  const char *(*name)(uint64_t nr);
};

/* Installs the dispatcher (NULL = none: every guest system call is reported and ends the
 * process). STRICT: a call with no row is reported and ends the process (--strict-syscalls);
 * otherwise it is logged once by name and returns ENOSYS. */
void trap_set_syscall_ops(const struct trap_syscall_ops *ops, bool strict);

/* Direct gates (loader/syscall_gate.h): true when a dispatcher is installed and calls with
 * no row do not stop the process, so a patched site needs no register report. */
bool trap_syscall_direct_allowed(void);

/* Entry of the direct gates: call N with the registers the gate saved (r10, r9, r8, rdx,
 * rsi, rdi in that order) issued at SITE. Returns rax; *ERROR is the carry flag (0 or 1). */
uint64_t trap_syscall_direct(uint64_t n, const uint64_t saved[6], uint64_t site,
                             uint64_t *error);

/* Writes "module+0xoff (function+0xoff at file:line)", "module+0xoff (symbol+0xoff)" or a
 * guest range or host description for ADDR into OUT. */
void trap_describe_address(uint64_t addr, char *out, size_t cap);

/* Copies SIZE bytes at ADDR into OUT if readable, without faulting. */
bool trap_probe_read(uint64_t addr, void *out, size_t size);

#endif
