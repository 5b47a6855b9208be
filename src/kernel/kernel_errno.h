/* The errno values kernel services return (negated), numbered as FreeBSD numbers them
 * (sys/errno.h), which is what the console's kernel uses: the HLE turns -E into errno E or
 * into the SCE code 0x80020000 + E. Only the values the kernel module uses are listed. */
#ifndef PROSPERO_KERNEL_KERNEL_ERRNO_H
#define PROSPERO_KERNEL_KERNEL_ERRNO_H

enum kernel_errno {
  KERNEL_EPERM = 1,
  KERNEL_ENOENT = 2,
  KERNEL_ESRCH = 3,
  KERNEL_EINTR = 4,
  KERNEL_EBADF = 9,
  KERNEL_EDEADLK = 11,
  KERNEL_ENOMEM = 12,
  KERNEL_EACCES = 13,
  KERNEL_EFAULT = 14,
  KERNEL_EBUSY = 16,
  KERNEL_ENODEV = 19,
  KERNEL_EEXIST = 17,
  KERNEL_EINVAL = 22,
  KERNEL_EMFILE = 24,
  KERNEL_EAGAIN = 35,       /* FreeBSD's number (Linux uses 11) */
  KERNEL_EOPNOTSUPP = 45,   /* Linux: 95 */
  KERNEL_ETIMEDOUT = 60,    /* Linux: 110 */
  KERNEL_ENAMETOOLONG = 63, /* Linux: 36 */
  KERNEL_EOVERFLOW = 84,    /* Linux: 75 */
  KERNEL_ECANCELED = 85,    /* Linux: 125 */
};

#endif
