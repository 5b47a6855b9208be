/* System call rows for descriptors, files and directories: guest pointers checked here,
 * the work done by libkernel's file functions (libkernel/kernel_file.c). */
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/libkernel/libkernel.h"
#include "hle/syscall/sys_internal.h"

int64_t sys_read(const uint64_t a[6]) {
  if (!sys_user_ok(a[1], a[2], true)) return -GUEST_EFAULT;
  return kernel_file_read((int)a[0], SYS_PTR(a[1]), (size_t)a[2]);
}

int64_t sys_write(const uint64_t a[6]) {
  if (!sys_user_ok(a[1], a[2], false)) return -GUEST_EFAULT;
  return kernel_file_write((int)a[0], SYS_PTR(a[1]), (size_t)a[2]);
}

/* readv/writev/preadv/pwritev: the vector checked whole first (as FreeBSD copies it in),
 * then each buffer. */
static int64_t rw_vector(int fd, uint64_t iov_addr, uint64_t count, int64_t off, bool is_write) {
  unsigned cnt = (unsigned)count;
  if (cnt > GUEST_IOV_MAX) return -GUEST_EINVAL;
  if (!sys_user_ok(iov_addr, (uint64_t)cnt * sizeof(struct guest_iovec), false))
    return -GUEST_EFAULT;
  const struct guest_iovec *iov = SYS_PTR(iov_addr);
  for (unsigned i = 0; i < cnt; i++)
    if (!sys_user_ok(iov[i].base, iov[i].len, !is_write)) return -GUEST_EFAULT;
  return kernel_file_vector(fd, iov, (int)cnt, off, is_write);
}

int64_t sys_readv(const uint64_t a[6]) { return rw_vector((int)a[0], a[1], a[2], -1, false); }
int64_t sys_writev(const uint64_t a[6]) { return rw_vector((int)a[0], a[1], a[2], -1, true); }
int64_t sys_preadv(const uint64_t a[6]) {
  if ((int64_t)a[3] < 0) return -GUEST_EINVAL;
  return rw_vector((int)a[0], a[1], a[2], (int64_t)a[3], false);
}
int64_t sys_pwritev(const uint64_t a[6]) {
  if ((int64_t)a[3] < 0) return -GUEST_EINVAL;
  return rw_vector((int)a[0], a[1], a[2], (int64_t)a[3], true);
}

int64_t sys_pread(const uint64_t a[6]) {
  if (!sys_user_ok(a[1], a[2], true)) return -GUEST_EFAULT;
  return kernel_file_pread((int)a[0], SYS_PTR(a[1]), (size_t)a[2], (int64_t)a[3]);
}

int64_t sys_pwrite(const uint64_t a[6]) {
  if (!sys_user_ok(a[1], a[2], false)) return -GUEST_EFAULT;
  return kernel_file_pwrite((int)a[0], SYS_PTR(a[1]), (size_t)a[2], (int64_t)a[3]);
}

int64_t sys_fsync(const uint64_t a[6]) { return kernel_file_fsync((int)a[0]); }

int64_t sys_ftruncate(const uint64_t a[6]) {
  return kernel_file_ftruncate((int)a[0], (int64_t)a[1]);
}

int64_t sys_truncate(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], path);
  return r ? r : kernel_file_truncate(path, (int64_t)a[1]);
}

int64_t sys_rmdir(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], path);
  return r ? r : kernel_file_rmdir(path);
}

int64_t sys_chmod(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], path);
  return r ? r : kernel_file_chmod(path, (int)a[1]);
}

int64_t sys_open(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], path);
  return r ? r : kernel_file_open(path, (int)a[1], (int)a[2]);
}

int64_t sys_openat(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[1], path);
  return r ? r : kernel_file_openat((int)a[0], path, (int)a[2], (int)a[3]);
}

int64_t sys_close(const uint64_t a[6]) { return kernel_file_close((int)a[0]); }

int64_t sys_lseek(const uint64_t a[6]) {
  return kernel_file_lseek((int)a[0], (int64_t)a[1], (int)a[2]);
}

int64_t sys_fstat(const uint64_t a[6]) {
  if (!sys_user_ok(a[1], sizeof(struct guest_stat), true)) return -GUEST_EFAULT;
  return kernel_file_fstat((int)a[0], SYS_PTR(a[1]));
}

int64_t sys_stat(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], path);
  if (r) return r;
  if (!sys_user_ok(a[1], sizeof(struct guest_stat), true)) return -GUEST_EFAULT;
  return kernel_file_stat(path, SYS_PTR(a[1]));
}

/* FreeBSD sys/ioccom.h: IOC_OUT 0x40000000 (copied out after the call), IOC_IN 0x80000000
 * (copied in before it), IOCPARM_MAX 8192. The request runs on a kernel-side copy first, as
 * FreeBSD's does, so a descriptor error comes before a bad pointer. */
#define GUEST_IOC_OUT 0x40000000u
#define GUEST_IOC_IN 0x80000000u
#define GUEST_IOCPARM_MAX 8192
#define SYS_IOCTL_BUF 256 /* the largest argument of a supported request, with room */

int64_t sys_ioctl(const uint64_t a[6]) {
  uint32_t req = (uint32_t)a[1];
  size_t n = kernel_file_ioctl_size(req);
  if (n > GUEST_IOCPARM_MAX) return -GUEST_ENOTTY;
  /* no supported request has a larger argument: the request fails before touching it */
  if (n > SYS_IOCTL_BUF) return kernel_file_ioctl((int)a[0], req, NULL);
  uint8_t buf[SYS_IOCTL_BUF]; /* small: gates run handlers on the guest's own stack */
  memset(buf, 0, n);
  if (n && (req & GUEST_IOC_IN)) {
    if (!sys_user_ok(a[2], n, false)) return -GUEST_EFAULT;
    memcpy(buf, SYS_PTR(a[2]), n);
  }
  int64_t r = kernel_file_ioctl((int)a[0], req, n ? buf : SYS_PTR(a[2]));
  if (r >= 0 && n && (req & GUEST_IOC_OUT)) {
    if (!sys_user_ok(a[2], n, true)) return -GUEST_EFAULT;
    memcpy(SYS_PTR(a[2]), buf, n);
  }
  return r;
}

int64_t sys_getdirentries(const uint64_t a[6]) {
  if (!sys_user_ok(a[1], a[2], true)) return -GUEST_EFAULT;
  if (a[3] && !sys_user_ok(a[3], 8, true)) return -GUEST_EFAULT;
  return kernel_file_getdirentries((int)a[0], SYS_PTR(a[1]), (size_t)a[2], SYS_PTR(a[3]));
}

int64_t sys_getdents(const uint64_t a[6]) {
  const uint64_t b[6] = {a[0], a[1], a[2], 0, 0, 0};
  return sys_getdirentries(b);
}

int64_t sys_mkdir(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], path);
  return r ? r : kernel_file_mkdir(path, (int)a[1]);
}

int64_t sys_unlink(const uint64_t a[6]) {
  char path[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], path);
  return r ? r : kernel_file_unlink(path);
}

int64_t sys_rename(const uint64_t a[6]) {
  char from[SYS_GUEST_PATH_MAX], to[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path(a[0], from);
  if (!r) r = sys_user_path(a[1], to);
  return r ? r : kernel_file_rename(from, to);
}
