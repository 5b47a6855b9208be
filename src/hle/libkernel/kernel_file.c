#define _GNU_SOURCE
/* libkernel: files and directories in the guest's ABI (FreeBSD open flags, struct stat and
 * struct dirent as the console's FreeBSD 11-based kernel lays them out, FreeBSD errno) over
 * the kernel's descriptor table (kernel/files.h). The libkernel functions and the system
 * call rows (src/hle/syscall/) both call these; each returns >= 0 or -(guest errno). */
#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <termios.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "kernel/files.h"

static int64_t host_result(int64_t r) { return r < 0 ? -hle_errno_from_host((int)-r) : r; }

/* FreeBSD sys/fcntl.h open flags and the host's. */
#define GUEST_OPEN_FLAGS(X)                                                            \
  X(0x0004, O_NONBLOCK)                                                                \
  X(0x0008, O_APPEND) X(0x0080, O_SYNC) X(0x0100, O_NOFOLLOW) X(0x0200, O_CREAT)       \
      X(0x0400, O_TRUNC) X(0x0800, O_EXCL) X(0x8000, O_NOCTTY) X(0x20000, O_DIRECTORY) \
          X(0x100000, O_CLOEXEC)
#define GUEST_O_ACCMODE 3
#define GUEST_O_SHLOCK 0x10 /* flock-style locks: accepted, not taken */
#define GUEST_O_EXLOCK 0x20
/* O_DIRECT (uncached I/O) is accepted and not passed on: the host's asks for aligned
 * buffers and offsets (EINVAL otherwise) and tmpfs refuses it, the console's does not. */
#define GUEST_O_DIRECT 0x10000

static int64_t open_flags(int g, int *host) {
  int h = g & GUEST_O_ACCMODE;
  if (h == 3) return -GUEST_EINVAL;
  int known = GUEST_O_ACCMODE | GUEST_O_SHLOCK | GUEST_O_EXLOCK | GUEST_O_DIRECT;
#define OPEN_FLAG_(gv, hv) \
  if (g & gv) h |= hv;     \
  known |= gv;
  GUEST_OPEN_FLAGS(OPEN_FLAG_)
#undef OPEN_FLAG_
  if (g & ~known) LOG_ONCE(hle, STUB, "open: flag bits %#x ignored", g & ~known);
  *host = h;
  return 0;
}

int64_t kernel_file_open(const char *path, int flags, int mode) {
  int h;
  int64_t r = open_flags(flags, &h);
  if (r) return r;
  return host_result(files_open(path, h, mode));
}

int64_t kernel_file_openat(int dirfd, const char *path, int flags, int mode) {
  int h;
  int64_t r = open_flags(flags, &h);
  if (r) return r;
  return host_result(files_openat(dirfd, path, h, mode));
}

bool kernel_file_fd_valid(int fd) { return files_host_fd(fd) >= 0; }

int64_t kernel_file_close(int fd) { return host_result(files_close(fd)); }

int64_t kernel_file_read(int fd, void *buf, size_t n) {
  int64_t w = n ? kernel_file_wait_readable(fd) : 0;
  return w ? w : host_result(files_read(fd, buf, n));
}

int64_t kernel_file_write(int fd, const void *buf, size_t n) {
  return host_result(files_write(fd, buf, n));
}

int64_t kernel_file_lseek(int fd, int64_t off, int whence) {
  if (whence < 0 || whence > 4) return -GUEST_EINVAL; /* SET CUR END DATA HOLE, as the host */
  return host_result(files_lseek(fd, off, whence));
}

static void stat_to_guest(const struct stat *h, struct guest_stat *g) {
  memset(g, 0, sizeof *g);
  g->st_dev = (uint32_t)h->st_dev;
  g->st_ino = (uint32_t)h->st_ino;
  g->st_mode = (uint16_t)h->st_mode; /* S_IF* and permission bits have FreeBSD's values */
  g->st_nlink = (uint16_t)h->st_nlink;
  g->st_uid = h->st_uid;
  g->st_gid = h->st_gid;
  g->st_rdev = (uint32_t)h->st_rdev;
  g->st_atim = (struct guest_timespec){h->st_atim.tv_sec, h->st_atim.tv_nsec};
  g->st_mtim = (struct guest_timespec){h->st_mtim.tv_sec, h->st_mtim.tv_nsec};
  g->st_ctim = (struct guest_timespec){h->st_ctim.tv_sec, h->st_ctim.tv_nsec};
  g->st_birthtim = g->st_ctim; /* the host does not always know it */
  g->st_size = h->st_size;
  g->st_blocks = h->st_blocks;
  g->st_blksize = (uint32_t)h->st_blksize;
}

int64_t kernel_file_fstat(int fd, struct guest_stat *out) {
  struct stat st;
  int r = files_fstat(fd, &st);
  if (r) return host_result(r);
  stat_to_guest(&st, out);
  return 0;
}

int64_t kernel_file_stat(const char *path, struct guest_stat *out) {
  struct stat st;
  int r = files_stat(path, &st);
  if (r) return host_result(r);
  stat_to_guest(&st, out);
  return 0;
}

int64_t kernel_file_mkdir(const char *path, int mode) {
  return host_result(files_mkdir(path, mode));
}
int64_t kernel_file_unlink(const char *path) { return host_result(files_unlink(path)); }
int64_t kernel_file_rename(const char *from, const char *to) {
  return host_result(files_rename(from, to));
}
int64_t kernel_file_rmdir(const char *path) { return host_result(files_rmdir(path)); }
int64_t kernel_file_chmod(const char *path, int mode) {
  return host_result(files_chmod(path, mode));
}
int64_t kernel_file_truncate(const char *path, int64_t len) {
  return host_result(files_truncate(path, len));
}
int64_t kernel_file_ftruncate(int fd, int64_t len) { return host_result(files_ftruncate(fd, len)); }
int64_t kernel_file_fsync(int fd) { return host_result(files_fsync(fd)); }

int64_t kernel_file_pread(int fd, void *buf, size_t n, int64_t off) {
  return host_result(files_pread(fd, buf, n, off));
}
int64_t kernel_file_pwrite(int fd, const void *buf, size_t n, int64_t off) {
  return host_result(files_pwrite(fd, buf, n, off));
}

/* FreeBSD struct iovec {void *iov_base; size_t iov_len;} is the host's. */
_Static_assert(sizeof(struct iovec) == sizeof(struct guest_iovec), "iovec layouts agree");

int64_t kernel_file_vector(int fd, const struct guest_iovec *iov, int cnt, int64_t off,
                           bool is_write) {
  if (cnt < 0 || cnt > GUEST_IOV_MAX) return -GUEST_EINVAL;
  uint64_t total = 0;
  for (int i = 0; i < cnt; i++) {
    if (iov[i].len > (uint64_t)INT64_MAX - total) return -GUEST_EINVAL;
    total += iov[i].len;
  }
  if (cnt == 0) return 0;
  const struct iovec *h = (const struct iovec *)(const void *)iov;
  int64_t w = !is_write && off < 0 && total ? kernel_file_wait_readable(fd) : 0;
  if (w) return w;
  return host_result(is_write ? files_writev(fd, h, cnt, off) : files_readv(fd, h, cnt, off));
}

/* The console's "is this path there" check: the stat of the path, its result only. */
int64_t kernel_file_check_reachability(const char *path) {
  struct stat st;
  return host_result(files_stat(path, &st));
}

/* Linux struct linux_dirent64 as getdents64(2) returns it. */
struct host_dirent64 {
  uint64_t d_ino;
  int64_t d_off;
  uint16_t d_reclen;
  uint8_t d_type;
  char d_name[];
};

/* FreeBSD 11 struct dirent: u32 fileno, u16 reclen, u8 type, u8 namlen, name + NUL, the
 * record padded to 4 bytes. DT_* type values are the host's. */
#define GUEST_DIRENT_HEADER 8

int64_t kernel_file_getdirentries(int fd, void *buf, size_t n, int64_t *basep) {
  int h = files_host_fd(fd);
  if (h < 0) return host_result(h);
  off_t start = lseek(h, 0, SEEK_CUR);
  if (start < 0) return host_result(-errno);
  uint8_t host[4096];
  size_t cap = n < sizeof host ? n : sizeof host; /* host records are never shorter */
  long got = syscall(SYS_getdents64, h, host, cap);
  if (got < 0) return host_result(-errno);
  size_t out = 0;
  off_t resume = start; /* where the next unreturned entry starts */
  for (long at = 0; at < got;) {
    const struct host_dirent64 *d = (const void *)(host + at);
    size_t len = strnlen(d->d_name, 255);
    size_t rec = (GUEST_DIRENT_HEADER + len + 1 + 3) & ~(size_t)3;
    if (out + rec > n) {
      lseek(h, resume, SEEK_SET);         /* the rest comes with the next call */
      if (out == 0) return -GUEST_EINVAL; /* too small for one entry, as FreeBSD answers */
      break;
    }
    uint8_t *g = (uint8_t *)buf + out;
    uint32_t ino = (uint32_t)d->d_ino;
    uint16_t rl = (uint16_t)rec;
    memcpy(g, &ino, 4);
    memcpy(g + 4, &rl, 2);
    g[6] = d->d_type;
    g[7] = (uint8_t)len;
    memcpy(g + 8, d->d_name, len);
    memset(g + 8 + len, 0, rec - 8 - len);
    out += rec;
    resume = d->d_off;
    at += d->d_reclen;
  }
  if (basep) *basep = (int64_t)start;
  return (int64_t)out;
}

/* FreeBSD sys/ttycom.h: TIOCGETA = _IOR('t', 19, struct termios) (44 bytes),
 * TIOCGWINSZ = _IOR('t', 104, struct winsize) (8 bytes). */
#define GUEST_TIOCGETA 0x402c7413u
#define GUEST_TIOCGWINSZ 0x40087468u

struct guest_termios { /* FreeBSD struct termios */
  uint32_t c_iflag, c_oflag, c_cflag, c_lflag;
  uint8_t c_cc[20];
  uint32_t c_ispeed, c_ospeed;
};
_Static_assert(sizeof(struct guest_termios) == 44, "FreeBSD termios is 44 bytes");

/* A terminal as FreeBSD sets one up (sys/ttydefaults.h TTYDEF_*): the host's settings use
 * other bit values, and start-up code only asks whether this is a terminal. */
static void termios_defaults(struct guest_termios *t) {
  static const uint8_t cc[20] = {4,  0xff, 0xff, 0x7f, 23, 21, 18, 8, 3,  0x1c,
                                 26, 25,   17,   19,   22, 15, 1,  0, 20, 0xff};
  memset(t, 0, sizeof *t);
  t->c_iflag = 0x2B02; /* BRKINT ICRNL IXON IXANY IMAXBEL */
  t->c_oflag = 0x3;    /* OPOST ONLCR */
  t->c_cflag = 0x4B00; /* CREAD CS8 HUPCL */
  t->c_lflag = 0x5CB;  /* ECHOKE ECHOE ECHO ECHOCTL ISIG ICANON IEXTEN */
  memcpy(t->c_cc, cc, sizeof cc);
  t->c_ispeed = t->c_ospeed = 9600;
}

size_t kernel_file_ioctl_size(unsigned long request) {
  return (request >> 16) & 0x1fff; /* FreeBSD sys/ioccom.h: IOCPARM_LEN */
}

int64_t kernel_file_ioctl(int fd, unsigned long request, void *arg) {
  int h = files_host_fd(fd);
  if (h < 0) return host_result(h);
  switch ((uint32_t)request) {
    case GUEST_TIOCGETA:
      if (!isatty(h)) return -GUEST_ENOTTY;
      termios_defaults(arg);
      return 0;
    case GUEST_TIOCGWINSZ: {
      struct winsize ws;
      if (ioctl(h, TIOCGWINSZ, &ws) != 0) return host_result(-errno);
      memcpy(arg, &ws, 8); /* same four u16 fields */
      return 0;
    }
    default:
      LOG_ONCE(hle, STUB, "ioctl request %#lx on fd %d: only TIOCGETA and TIOCGWINSZ exist so far",
               request, fd);
      return -GUEST_ENOTTY;
  }
}
