/* The console's kernel debug-text channel: what a title writes with sceKernelDebugOutText
 * (libkernel) or with system call 601 (mdbg_service) command 7 — the call PS5 homebrew uses as
 * its log. On a development console the text appears on the debug console as written (no
 * prefix, no added newline); prospero writes it the same way to its own stdout, or to the
 * file given with --guest-log. Both entries end in kernel_debug_text_write. */
#ifndef PROSPERO_KERNEL_DEBUG_TEXT_H
#define PROSPERO_KERNEL_DEBUG_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* mdbg_service (FreeBSD-Sony system call 601) commands */
#define KERNEL_MDBG_CMD_DEBUG_TEXT 7 /* arg0: NUL-terminated text */

/* Longest text one call prints; longer text is cut there (logged once). */
#define KERNEL_DEBUG_TEXT_MAX (64u << 10)

/* Sends the debug text to PATH (created, appended to) instead of stdout. False (errno set)
 * if it cannot be opened. */
bool kernel_debug_text_open(const char *path);

/* Writes LEN bytes of TEXT to the debug-text output, whole, unbuffered (so it interleaves
 * with the guest's stdout in call order). */
void kernel_debug_text_write(const char *text, size_t len);

/* Writes the NUL-terminated guest string at ADDR (at most KERNEL_DEBUG_TEXT_MAX bytes).
 * Returns 0, or -14 (EFAULT) when the text runs into unreadable memory before its NUL (what
 * was readable has been written). Safe in the trap's signal handler. */
int kernel_debug_text_from_guest(uint64_t addr);

/* System call 601 (mdbg_service): command 7 prints the text at ARG0 (returns 0 or -EFAULT);
 * every other command returns -ENOSYS (78, FreeBSD's value), logged once per command.
 * Results are negated FreeBSD errno values, the trap turns them into rax + carry. */
int64_t kernel_sys_mdbg_service(uint64_t cmd, uint64_t arg0, uint64_t arg1);

#endif
