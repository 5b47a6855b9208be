/* POSIX memory mapping (libkernel), with FreeBSD's flag values as the console uses them. */
#ifndef _PROSPERO_SYS_MMAN_H
#define _PROSPERO_SYS_MMAN_H

#include <sys/types.h>

#include <_prospero_cdefs.h>

#define PROT_NONE 0x00
#define PROT_READ 0x01
#define PROT_WRITE 0x02
#define PROT_EXEC 0x04
#define MAP_SHARED 0x0001
#define MAP_PRIVATE 0x0002
#define MAP_FIXED 0x0010
#define MAP_VOID 0x0100 /* the console's: address space only */
#define MAP_STACK 0x0400
#define MAP_ANON 0x1000
#define MAP_ANONYMOUS MAP_ANON
#define MAP_FAILED ((void *)-1)

__PROSPERO_BEGIN_DECLS
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
int munmap(void *addr, size_t len);
int mprotect(const void *addr, size_t len, int prot);
int mlock(const void *addr, size_t len);
int munlock(const void *addr, size_t len);
#define MCL_CURRENT 0x0001 /* mlockall: the pages mapped now */
#define MCL_FUTURE 0x0002  /* mlockall: the pages mapped later */
int mlockall(int how);
int munlockall(void);
__PROSPERO_END_DECLS

#endif
