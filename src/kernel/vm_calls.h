/* The FreeBSD-shaped memory system calls, shared by every way the guest reaches them:
 * libkernel's mmap/munmap/mprotect and sceKernelMmap/Munmap/Mprotect (src/hle/libkernel)
 * and the system-call table that traps a guest `syscall` instruction. Arguments are the
 * system call's (FreeBSD flag values; lengths rounded to the 16 KiB page as FreeBSD rounds
 * them); results are 0 or a negative FreeBSD errno (kernel_errno.h). */
#ifndef PROSPERO_KERNEL_VM_CALLS_H
#define PROSPERO_KERNEL_VM_CALLS_H

#include <stdint.h>

#define VM_CALL_MAP_SHARED 0x0001
#define VM_CALL_MAP_PRIVATE 0x0002
#define VM_CALL_MAP_FIXED 0x0010
#define VM_CALL_MAP_NO_OVERWRITE 0x0080 /* the console's flag */
#define VM_CALL_MAP_VOID 0x0100  /* the console's flag: address space only (a reservation) */
#define VM_CALL_MAP_STACK 0x0400 /* anonymous memory queried as a stack */
#define VM_CALL_MAP_ANON 0x1000
#define VM_CALL_MAP_NO_COALESCE 0x400000 /* the console's flag */
#define VM_CALL_MAP_ALIGN_SHIFT 24 /* MAP_ALIGNED(n): log2 of the alignment in bits 24-31 */

/* mmap: anonymous mappings are flexible memory (MAP_STACK: stack memory, MAP_VOID: a
 * reservation, neither charged to the flexible budget); a hint is rounded up to the page, a
 * fixed address must be aligned (to the offset's place in its page for a file). A file
 * mapping views the guest descriptor FD's host file from the page holding OFFSET (the address
 * returned points at OFFSET's byte): MAP_SHARED writes reach the file, MAP_PRIVATE ones stay
 * private (copy on write); FreeBSD's descriptor rules apply (EBADF, EACCES, EINVAL:
 * file_check). The argument rules are the console's sys_mmap's (vm_calls.c). */
int vm_call_mmap(uint64_t addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                 uint64_t *out);
/* munmap: the span is widened to whole pages; holes are fine; length 0 is -EINVAL. */
int vm_call_munmap(uint64_t addr, uint64_t len);
/* mprotect: the span is widened to whole pages, every page must be mapped. */
int vm_call_mprotect(uint64_t addr, uint64_t len, int prot);
/* The alignment MAP_ALIGNED bits of FLAGS ask for, or ALIGN if that is larger. */
uint64_t vm_call_flags_alignment(int flags, uint64_t align);

#endif
