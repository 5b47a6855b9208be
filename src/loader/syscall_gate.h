/* Direct system call gates: the trap costs a signal round trip per guest system call (tens of
 * microseconds on some hosts: bench/syscall), too slow for calls games make every frame. At
 * load time every rewritten site in FreeBSD's system call form
 *
 *     mov %rcx, %r10 ; syscall        (49 89 CA 0F 05: libc's KERNCALL, 5 bytes)
 *
 * becomes a 5-byte `jmp` to a per-site stub in a gate page right after the module image
 * (within rel32 reach). The stub does the `mov %rcx, %r10`, steps over the red zone, calls
 * the host gate (which saves the argument and SSE registers and runs the same dispatcher as
 * the trap: trap_syscall_direct) and jumps back after the site with rax and the carry flag
 * set as the kernel would. Other sites keep trapping. Not used under --strict-syscalls (a
 * call with no row must stop with a register report, which only the trap can give). */
#ifndef PROSPERO_LOADER_SYSCALL_GATE_H
#define PROSPERO_LOADER_SYSCALL_GATE_H

#include <stddef.h>

#include "loader/module.h"

/* Patches M's eligible sites (M's code still writable). Returns how many. */
size_t syscall_gate_patch(struct loader_module *m);

#endif
