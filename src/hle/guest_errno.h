/* The guest's errno: a per-thread int in host TLS (glibc owns FS, so host TLS works on
 * guest threads), reached by the guest through libkernel's __error(). Values are FreeBSD's. */
#ifndef PROSPERO_HLE_GUEST_ERRNO_H
#define PROSPERO_HLE_GUEST_ERRNO_H

/* FreeBSD errno numbers used by the HLE libraries. */
#define GUEST_EPERM 1
#define GUEST_EBADF 9
#define GUEST_ENOMEM 12
#define GUEST_EFAULT 14
#define GUEST_EINVAL 22
#define GUEST_ERANGE 34
#define GUEST_EAGAIN 35
#define GUEST_EOVERFLOW 84
#define GUEST_EILSEQ 86

/* Sony kernel error codes mirror errno: 0x80020000 + errno. */
#define SCE_KERNEL_ERROR(e) ((int)(0x80020000u + (unsigned)(e)))

int *guest_errno_location(void);
static inline void guest_errno_set(int e) { *guest_errno_location() = e; }

/* Converts a host (Linux) errno to the guest's numbering (unknown values give EINVAL). */
int guest_errno_from_host(int host_errno);

#endif
