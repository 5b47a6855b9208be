/* Guest system calls: one table (syscall_table.c) of the calls guest code may issue directly
 * with the `syscall` instruction, FreeBSD's numbers plus the console's own. Each row names
 * the call, the kinds of its arguments (for logs and the generated docs/syscalls.md), its
 * handler and its status. Handlers are thin: they check guest pointers (EFAULT, as the
 * kernel's copyin does) and call the same kernel services libkernel's functions use
 * (src/hle/libkernel/, src/kernel/), never a second implementation.
 *
 * A new row: a handler `int64_t sys_NAME(const uint64_t a[6])` in a sys_*.c file (declared
 * in sys_internal.h's SYS_HANDLERS), one FREEBSD(...) or CONSOLE(...) line in number order in
 * syscall_table.c, then `make status` regenerates docs/syscalls.md.
 *
 * The loader reaches this table only through trap_set_syscall_ops (loader/trap.h), which
 * the app installs (src/app/hle_bridge.c): the loader never links the HLE. */
#ifndef PROSPERO_HLE_SYSCALL_SYSCALL_H
#define PROSPERO_HLE_SYSCALL_SYSCALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum syscall_arg {
  SA_NONE,   /* no argument in this position */
  SA_INT,    /* signed integer */
  SA_UINT,   /* unsigned integer, flags or a request code */
  SA_SIZE,   /* byte count */
  SA_FD,     /* file descriptor */
  SA_OFF,    /* file offset */
  SA_ADDR,   /* guest address used as a value (mmap hints, thread entry points) */
  SA_IN,     /* pointer to guest memory the call reads */
  SA_OUT,    /* pointer to guest memory the call writes */
  SA_INOUT,  /* pointer to guest memory read and written */
  SA_PATH,   /* pointer to a NUL-terminated guest path */
};

enum syscall_status {
  SYSCALL_IMPLEMENTED, /* FreeBSD's documented behaviour for every argument */
  SYSCALL_PARTIAL,     /* the common cases; the rest fail with an errno and log once */
  SYSCALL_STUB,        /* the service does not exist yet: fails with an errno, logs once */
};

enum syscall_origin { SYSCALL_FREEBSD, SYSCALL_CONSOLE };

/* A handler returns the value for rax (>= 0) or -(FreeBSD errno). */
typedef int64_t (*syscall_fn)(const uint64_t a[6]);

struct syscall_row {
  unsigned number;
  const char *name;
  enum syscall_origin origin;
  uint8_t args[6]; /* enum syscall_arg */
  syscall_fn handler;
  enum syscall_status status;
  const char *note; /* what is partial or missing (docs/syscalls.md) */
};

/* The rows, sorted by number. */
const struct syscall_row *syscall_rows(size_t *count);

/* The row of call NR, or NULL. */
const struct syscall_row *syscall_find(uint64_t nr);

/* Name of call NR: its row's, or FreeBSD's name for a call with no row; NULL if unknown. */
const char *syscall_name(uint64_t nr);

/* Runs call NR (the trap's dispatcher, trap_syscall_ops.dispatch). */
bool syscall_dispatch(uint64_t nr, const uint64_t args[6], uint64_t *result, bool *error);

/* Writes docs/syscalls.md (the table, with counts per status). */
void syscall_report_status(FILE *out);

#endif
