/* Raw FreeBSD system calls from guest code, each issued by number with the `syscall`
 * instruction (rewritten to a trap at load time) and checked against FreeBSD's documented
 * results: the value in rax with the carry flag clear, or the errno (sys/errno.h numbers)
 * in rax with the carry flag set. Bad pointers give EFAULT, a number with no row ENOSYS.
 * The last call is exit(3), so the process status is 3. */
#include <stdio.h>
#include <string.h>

struct res {
  long v;
  int err; /* carry flag */
};

#ifdef SYSCALL_KERNCALL
/* FreeBSD libc's form (KERNCALL): the fourth argument arrives in rcx and moves to r10 right
 * before `syscall`; the loader patches these sites into direct gates. */
static struct res sc(long n, long a, long b, long c, long d, long e, long f) {
  struct res r;
  unsigned char cf;
  register long r8 __asm__("r8") = e;
  register long r9 __asm__("r9") = f;
  __asm__ volatile("mov %%rcx, %%r10\n syscall\n setc %1"
                   : "=a"(r.v), "=r"(cf), "+c"(d), "+r"(r8), "+r"(r9)
                   : "a"(n), "D"(a), "S"(b), "d"(c)
                   : "r10", "r11", "memory", "cc");
  r.err = cf;
  return r;
}
#define SYSCALL_FORM "mov %%rcx, %%r10\n syscall\n"
#else
static struct res sc(long n, long a, long b, long c, long d, long e, long f) {
  struct res r;
  unsigned char cf;
  register long r10 __asm__("r10") = d;
  register long r8 __asm__("r8") = e;
  register long r9 __asm__("r9") = f;
  __asm__ volatile("syscall\n setc %1"
                   : "=a"(r.v), "=r"(cf), "+r"(r10), "+r"(r8), "+r"(r9)
                   : "a"(n), "D"(a), "S"(b), "d"(c)
                   : "rcx", "r11", "memory", "cc");
  r.err = cf;
  return r;
}
#define SYSCALL_FORM "syscall\n"
#endif

/* A system call keeps every register but rax, rcx, r11 and the flags (FreeBSD amd64):
 * argument registers and xmm registers hold their values across getpid. */
static int registers_kept(void) {
  long out[6];
  double x0 = 1.5, x7 = -2.25, x15 = 3.75, y0, y7, y15;
  __asm__ volatile(
      "movq %[x0], %%xmm0\n movq %[x7], %%xmm7\n movq %[x15], %%xmm15\n"
      "mov $11, %%rdi\n mov $12, %%rsi\n mov $13, %%rdx\n mov $15, %%r8\n mov $16, %%r9\n"
      "mov $14, %%rcx\n mov $14, %%r10\n mov $20, %%eax\n" SYSCALL_FORM
      "mov %%rdi, 0(%[o])\n mov %%rsi, 8(%[o])\n mov %%rdx, 16(%[o])\n mov %%r8, 24(%[o])\n"
      "mov %%r9, 32(%[o])\n mov %%r10, 40(%[o])\n"
      "movq %%xmm0, %[y0]\n movq %%xmm7, %[y7]\n movq %%xmm15, %[y15]\n"
      : [y0] "=m"(y0), [y7] "=m"(y7), [y15] "=m"(y15)
      : [x0] "m"(x0), [x7] "m"(x7), [x15] "m"(x15), [o] "b"(out)
      : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "xmm0", "xmm7", "xmm15",
        "memory", "cc");
  return out[0] == 11 && out[1] == 12 && out[2] == 13 && out[3] == 15 && out[4] == 16 &&
         out[5] == 14 && y0 == x0 && y7 == x7 && y15 == x15;
}
#define SC0(n) sc(n, 0, 0, 0, 0, 0, 0)
#define SC1(n, a) sc(n, (long)(a), 0, 0, 0, 0, 0)
#define SC2(n, a, b) sc(n, (long)(a), (long)(b), 0, 0, 0, 0)
#define SC3(n, a, b, c) sc(n, (long)(a), (long)(b), (long)(c), 0, 0, 0)
#define SC4(n, a, b, c, d) sc(n, (long)(a), (long)(b), (long)(c), (long)(d), 0, 0)
#define SC5(n, a, b, c, d, e) sc(n, (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), 0)
#define SC6(n, a, b, c, d, e, f) \
  sc(n, (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), (long)(f))

/* FreeBSD numbers (sys/syscall.h) */
enum {
  SYS_exit = 1,
  SYS_read = 3,
  SYS_write = 4,
  SYS_open = 5,
  SYS_close = 6,
  SYS_unlink = 10,
  SYS_getpid = 20,
  SYS_ioctl = 54,
  SYS_munmap = 73,
  SYS_mprotect = 74,
  SYS_madvise = 75,
  SYS_gettimeofday = 116,
  SYS_readv = 120,
  SYS_writev = 121,
  SYS_rename = 128,
  SYS_mkdir = 136,
  SYS_sysarch = 165,
  SYS_stat = 188,
  SYS_fstat = 189,
  SYS_getdirentries = 196,
  SYS_sysctl = 202,
  SYS_clock_gettime = 232,
  SYS_nanosleep = 240,
  SYS_issetugid = 253,
  SYS_getdents = 272,
  SYS_sigprocmask = 340,
  SYS_sigaction = 416,
  SYS_thr_exit = 431,
  SYS_thr_self = 432,
  SYS_thr_kill = 433,
  SYS_umtx_op = 454,
  SYS_thr_new = 455,
  SYS_mmap = 477,
  SYS_lseek = 478,
  SYS_openat = 499,
};
/* sys/errno.h */
enum {
  ENOENT = 2,
  ESRCH = 3,
  EBADF = 9,
  ENOMEM = 12,
  EFAULT = 14,
  EEXIST = 17,
  ENOTDIR = 20,
  EINVAL = 22,
  ENOTTY = 25,
  EROFS = 30,
  ETIMEDOUT = 60,
  ENOSYS = 78
};

#define BAD ((void *)0x10) /* never mapped: below every guest band */

static int failures;

static void expect(const char *what, struct res r, long v) {
  int ok = !r.err && r.v == v;
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  if (!ok) printf("  got %ld (carry %d), expected %ld\n", r.v, r.err, v), failures++;
}

static void expect_ok(const char *what, struct res r) {
  int ok = !r.err;
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  if (!ok) printf("  got errno %ld\n", r.v), failures++;
}

static void expect_err(const char *what, struct res r, long e) {
  int ok = r.err && r.v == e;
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  if (!ok) printf("  got %ld (carry %d), expected errno %ld\n", r.v, r.err, e), failures++;
}

static void check(const char *what, int cond) {
  printf("%s: %s\n", what, cond ? "ok" : "FAILED");
  if (!cond) failures++;
}

struct iov {
  const void *base;
  unsigned long len;
};
struct ts {
  long sec, nsec;
};
struct fstat11 { /* FreeBSD 11 struct stat, 120 bytes */
  unsigned dev, ino;
  unsigned short mode, nlink;
  unsigned uid, gid, rdev;
  struct ts atim, mtim, ctim;
  long size, blocks;
  unsigned blksize, flags, gen;
  int spare;
  struct ts birthtim;
};
struct sigact {
  long handler;
  int flags;
  unsigned mask[4];
};

/* Names in a FreeBSD 11 dirent buffer: counts entries, tells whether NAME is one. */
static int dir_has(const unsigned char *b, long n, const char *name, int *count) {
  int found = 0;
  for (long at = 0; at < n;) {
    unsigned short reclen = (unsigned short)(b[at + 4] | b[at + 5] << 8);
    if (reclen < 8) break;
    const char *nm = (const char *)b + at + 8;
    if (b[at + 7] == strlen(name) && memcmp(nm, name, b[at + 7]) == 0 && !nm[b[at + 7]]) found = 1;
    (*count)++;
    at += reclen;
  }
  return found;
}

static void files(void) {
  static const char text[] = "hello file\n";
  expect("mkdir /temp0/d", SC2(SYS_mkdir, "/temp0/d", 0755), 0);
  expect_err("mkdir again: EEXIST", SC2(SYS_mkdir, "/temp0/d", 0755), EEXIST);
  expect_err("mkdir bad path: EFAULT", SC2(SYS_mkdir, BAD, 0755), EFAULT);
  struct res fd = SC3(SYS_open, "/temp0/d/f", 0x1 | 0x200 | 0x400 /* WRONLY CREAT TRUNC */, 0644);
  expect("open for writing: lowest free descriptor 3", fd, 3);
  expect("write to file", SC3(SYS_write, fd.v, text, 11), 11);
  expect("lseek SEEK_CUR", SC3(SYS_lseek, fd.v, 0, 1), 11);
  expect_err("lseek bad whence: EINVAL", SC3(SYS_lseek, fd.v, 0, 9), EINVAL);
  struct fstat11 st;
  memset(&st, 0, sizeof st);
  expect("fstat", SC2(SYS_fstat, fd.v, &st), 0);
  check("fstat: size 11, regular file", st.size == 11 && (st.mode & 0170000) == 0100000);
  expect_err("fstat bad buffer: EFAULT", SC2(SYS_fstat, fd.v, BAD), EFAULT);
  expect("close", SC1(SYS_close, fd.v), 0);
  expect_err("close again: EBADF", SC1(SYS_close, fd.v), EBADF);
  expect_err("write to closed fd: EBADF", SC3(SYS_write, fd.v, text, 1), EBADF);
  memset(&st, 0, sizeof st);
  expect("stat", SC2(SYS_stat, "/temp0/d/f", &st), 0);
  check("stat: size 11", st.size == 11);
  expect_err("stat missing: ENOENT", SC2(SYS_stat, "/temp0/none", &st), ENOENT);
  expect_err("stat bad path: EFAULT", SC2(SYS_stat, BAD, &st), EFAULT);
  fd = SC4(SYS_openat, -100 /* AT_FDCWD */, "/temp0/d/f", 0 /* RDONLY */, 0);
  expect("openat AT_FDCWD read-only", fd, 3);
  char a[5], b[6];
  struct iov rv[2] = {{a, 5}, {b, 6}};
  expect("readv 5+6", SC3(SYS_readv, fd.v, rv, 2), 11);
  check("readv contents", memcmp(a, "hello", 5) == 0 && memcmp(b, " file\n", 6) == 0);
  expect("read at end of file", SC3(SYS_read, fd.v, a, 5), 0);
  expect_err("read bad buffer: EFAULT", SC3(SYS_read, fd.v, BAD, 5), EFAULT);
  SC1(SYS_close, fd.v);
  expect("rename", SC2(SYS_rename, "/temp0/d/f", "/temp0/d/g"), 0);
  expect_err("stat old name: ENOENT", SC2(SYS_stat, "/temp0/d/f", &st), ENOENT);
  fd = SC3(SYS_open, "/temp0/d", 0x20000 /* DIRECTORY */, 0);
  expect("open directory", fd, 3);
  unsigned char dir[512];
  long base = -1;
  struct res n = SC4(SYS_getdirentries, fd.v, dir, sizeof dir, &base);
  int count = 0;
  check("getdirentries: ., .. and g",
        !n.err && dir_has(dir, n.v, "g", &count) && count == 3 && base == 0);
  expect("getdirentries at the end", SC4(SYS_getdirentries, fd.v, dir, sizeof dir, &base), 0);
  expect("lseek directory to 0", SC3(SYS_lseek, fd.v, 0, 0), 0);
  n = SC3(SYS_getdents, fd.v, dir, sizeof dir);
  count = 0;
  check("getdents: ., .. and g", !n.err && dir_has(dir, n.v, "g", &count) && count == 3);
  expect_err("getdents bad buffer: EFAULT", SC3(SYS_getdents, fd.v, BAD, 64), EFAULT);
  /* openat relative to the directory descriptor (FreeBSD openat(2)): a name below it, a
   * path through ".." that stays in the mount, a path that climbs out of every mount
   * (ENOENT: nothing there in the guest's file system), an empty path (ENOENT), a
   * descriptor that is not a directory (ENOTDIR) or not open (EBADF) */
  struct res g = SC4(SYS_openat, fd.v, "g", 0 /* RDONLY */, 0);
  expect("openat directory + \"g\"", g, 4);
  memset(a, 0, sizeof a);
  expect("read through it", SC3(SYS_read, g.v, a, 5), 5);
  check("openat found /temp0/d/g", memcmp(a, "hello", 5) == 0);
  expect_err("openat file descriptor + \"x\": ENOTDIR", SC4(SYS_openat, g.v, "x", 0, 0), ENOTDIR);
  SC1(SYS_close, g.v);
  g = SC4(SYS_openat, fd.v, "../d/./g", 0, 0);
  expect("openat directory + \"../d/./g\"", g, 4);
  SC1(SYS_close, g.v);
  expect_err("openat directory + \"../../../../etc/passwd\": ENOENT",
             SC4(SYS_openat, fd.v, "../../../../etc/passwd", 0, 0), ENOENT);
  expect_err("openat directory + \"\": ENOENT", SC4(SYS_openat, fd.v, "", 0, 0), ENOENT);
  expect_err("openat closed descriptor: EBADF", SC4(SYS_openat, 77, "g", 0, 0), EBADF);
  SC1(SYS_close, fd.v);
  expect("unlink", SC1(SYS_unlink, "/temp0/d/g"), 0);
  expect_err("unlink again: ENOENT", SC1(SYS_unlink, "/temp0/d/g"), ENOENT);
  expect_err("create on /app0: EROFS", SC3(SYS_open, "/app0/new", 0x1 | 0x200, 0644), EROFS);
  expect_err("open outside the mounts: ENOENT", SC3(SYS_open, "/nowhere/x", 0, 0), ENOENT);
  unsigned char termios[44];
  expect_err("ioctl TIOCGETA on a non-terminal: ENOTTY", SC3(SYS_ioctl, 1, 0x402c7413, termios),
             ENOTTY);
  unsigned short ws[4];
  expect_err("ioctl TIOCGWINSZ on a non-terminal: ENOTTY", SC3(SYS_ioctl, 1, 0x40087468, ws),
             ENOTTY);
  expect_err("ioctl TIOCGETA on a closed fd: EBADF", SC3(SYS_ioctl, 9, 0x402c7413, termios), EBADF);
}

static void io(void) {
  static const char msg[] = "raw write reached stdout\n";
  fflush(stdout); /* raw writes bypass the stdio buffer */
  expect("write", SC3(SYS_write, 1, msg, sizeof msg - 1), sizeof msg - 1);
  expect_err("write bad buffer: EFAULT", SC3(SYS_write, 1, BAD, 4), EFAULT);
  struct iov v[2] = {{"raw writev ", 11}, {"reached stdout\n", 15}};
  fflush(stdout);
  expect("writev", SC3(SYS_writev, 1, v, 2), 26);
  expect_err("writev bad vector: EFAULT", SC3(SYS_writev, 1, BAD, 2), EFAULT);
  struct iov bad[1] = {{BAD, 4}};
  expect_err("writev bad buffer: EFAULT", SC3(SYS_writev, 1, bad, 1), EFAULT);
  expect_err("writev 1025 vectors: EINVAL", SC3(SYS_writev, 1, v, 1025), EINVAL);
}

static void memory(void) {
  struct res m = SC6(SYS_mmap, 0, 0x8000, 3, 0x1000 | 0x2 /* ANON PRIVATE */, -1, 0);
  check("mmap anonymous: page aligned", !m.err && (m.v & 0x3fff) == 0);
  char *p = (char *)m.v;
  check("mmap memory is zero and writable", !m.err && p[0x7fff] == 0 && (p[0x7fff] = 1));
  expect("mprotect read-only", SC3(SYS_mprotect, p, 0x4000, 1), 0);
  expect_err("read into read-only memory: EFAULT", SC3(SYS_read, 0, p, 4), EFAULT);
  expect_err("madvise bad behaviour: EINVAL", SC3(SYS_madvise, p, 0x4000, 99), EINVAL);
  expect("madvise WILLNEED", SC3(SYS_madvise, p, 0x4000, 3), 0);
  expect("munmap", SC2(SYS_munmap, p, 0x8000), 0);
  m = SC6(SYS_mmap, 0, 0xC000, 3, 0x1002, -1, 0);
  check("mmap three pages", !m.err);
  p = (char *)m.v;
  p[0] = p[0x8000] = 7;
  expect("munmap the middle page", SC2(SYS_munmap, p + 0x4000, 0x4000), 0);
  expect_err("the middle page is gone: EFAULT", SC3(SYS_write, 1, p + 0x4000, 1), EFAULT);
  check("the pages around it stay", p[0] == 7 && p[0x8000] == 7);
  expect("mmap MAP_FIXED over the hole and a page",
         SC6(SYS_mmap, p + 0x4000, 0x8000, 3, 0x1002 | 0x10, -1, 0), (long)(p + 0x4000));
  check("MAP_FIXED replaced the page with a zero one", p[0x8000] == 0 && p[0] == 7);
  expect("munmap the whole range", SC2(SYS_munmap, p, 0xC000), 0);
  expect("munmap it again (nothing there)", SC2(SYS_munmap, p, 0xC000), 0);
  expect_err("mmap length 0: EINVAL", SC6(SYS_mmap, 0, 0, 3, 0x1002, -1, 0), EINVAL);
  expect_err("mmap bad protection: EINVAL", SC6(SYS_mmap, 0, 0x4000, 8, 0x1002, -1, 0), EINVAL);
}

static void process(void) {
  struct res r = SC0(SYS_getpid);
  check("getpid: positive", !r.err && r.v > 0);
  expect("issetugid", SC0(SYS_issetugid), 0);
  struct ts t = {0, -1};
  expect("clock_gettime MONOTONIC", SC2(SYS_clock_gettime, 4, &t), 0);
  check("clock_gettime: nanoseconds in range", t.nsec >= 0 && t.nsec < 1000000000);
  expect_err("clock_gettime bad clock: EINVAL", SC2(SYS_clock_gettime, 999, &t), EINVAL);
  expect_err("clock_gettime bad pointer: EFAULT", SC2(SYS_clock_gettime, 0, BAD), EFAULT);
  long tv[2] = {0, 0};
  expect("gettimeofday", SC2(SYS_gettimeofday, tv, 0), 0);
  check("gettimeofday: after 2020", tv[0] > 1577836800 && tv[1] >= 0 && tv[1] < 1000000);
  struct ts nap = {0, 1000000};
  expect("nanosleep 1 ms", SC2(SYS_nanosleep, &nap, 0), 0);
  struct ts bad_nap = {0, 2000000000};
  expect_err("nanosleep 2e9 ns: EINVAL", SC2(SYS_nanosleep, &bad_nap, 0), EINVAL);
  expect_err("nanosleep bad pointer: EFAULT", SC2(SYS_nanosleep, BAD, 0), EFAULT);

  struct sigact act = {1 /* SIG_IGN */, 0, {0, 0, 0, 0}}, old;
  expect("sigaction SIGINT ignore", SC3(SYS_sigaction, 2, &act, 0), 0);
  memset(&old, 0xff, sizeof old);
  expect("sigaction read back", SC3(SYS_sigaction, 2, 0, &old), 0);
  check("sigaction: SIG_IGN recorded", old.handler == 1 && old.flags == 0);
  expect_err("sigaction SIGKILL: EINVAL", SC3(SYS_sigaction, 9, &act, 0), EINVAL);
  expect_err("sigaction signal 0: EINVAL", SC3(SYS_sigaction, 0, &act, 0), EINVAL);
  unsigned set[4] = {1u << 1, 0, 0, 0}, cur[4];
  expect("sigprocmask SIG_BLOCK SIGINT", SC3(SYS_sigprocmask, 1, set, 0), 0);
  expect("sigprocmask read", SC3(SYS_sigprocmask, 3, 0, cur), 0);
  check("sigprocmask: SIGINT blocked", cur[0] == 1u << 1);
  expect_err("sigprocmask bad how: EINVAL", SC3(SYS_sigprocmask, 7, set, 0), EINVAL);

  unsigned long fsbase = 0, self;
  __asm__ volatile("mov %%fs:0, %0" : "=r"(self)); /* the TCB's self pointer */
  expect("sysarch AMD64_GET_FSBASE", SC2(SYS_sysarch, 128, &fsbase), 0);
  check("sysarch: FS base is the thread pointer", fsbase == self);
  expect("sysarch AMD64_SET_FSBASE (same)", SC2(SYS_sysarch, 129, &fsbase), 0);
  expect_err("sysarch bad pointer: EFAULT", SC2(SYS_sysarch, 128, BAD), EFAULT);
  expect_err("sysarch unknown operation: EINVAL", SC2(SYS_sysarch, 999, &fsbase), EINVAL);

  long tid = 0;
  expect("thr_self", SC1(SYS_thr_self, &tid), 0);
  check("thr_self: above PID_MAX", tid > 99999);
  expect("thr_kill signal 0 to itself", SC2(SYS_thr_kill, tid, 0), 0);
  expect_err("thr_new bad parameters: EFAULT", SC2(SYS_thr_new, BAD, 104), EFAULT);
  long zero[13] = {0};
  expect_err("thr_new parameters over a page: EINVAL", SC2(SYS_thr_new, zero, 5000), EINVAL);
  expect_err("thr_exit bad state pointer: EFAULT", SC1(SYS_thr_exit, BAD), EFAULT);
  expect_err("thr_kill a thread that does not exist: ESRCH", SC2(SYS_thr_kill, 1, 15), ESRCH);
  expect_err("thr_kill signal 129: EINVAL", SC2(SYS_thr_kill, tid, 129), EINVAL);

  static unsigned word = 5;
  expect("_umtx_op WAKE", SC3(SYS_umtx_op, &word, 3, 1), 0);
  expect("_umtx_op WAIT_UINT on a changed value", SC5(SYS_umtx_op, &word, 11, 6, 0, 0), 0);
  struct ts soon = {0, 1000000};
  expect_err("_umtx_op WAIT_UINT times out: ETIMEDOUT",
             SC5(SYS_umtx_op, &word, 11, 5, sizeof soon, &soon), ETIMEDOUT);
  expect_err("_umtx_op bad address: EFAULT", SC5(SYS_umtx_op, BAD, 11, 5, 0, 0), EFAULT);
  void *words[2] = {&word, &word};
  expect("_umtx_op NWAKE_PRIVATE", SC5(SYS_umtx_op, words, 21, 2, 0, 0), 0);
  expect_err("_umtx_op NWAKE_PRIVATE bad array: EFAULT", SC5(SYS_umtx_op, BAD, 21, 2, 0, 0),
             EFAULT);

  int mib[2] = {6, 7}; /* hw.pagesize */
  int val = 0;
  unsigned long len = sizeof val;
  expect("sysctl hw.pagesize", SC6(SYS_sysctl, mib, 2, &val, &len, 0, 0), 0);
  check("sysctl: 16 KiB pages", val == 16384 && len == 4);
  char os[32];
  int ostype[2] = {1, 1};
  len = sizeof os;
  expect("sysctl kern.ostype", SC6(SYS_sysctl, ostype, 2, os, &len, 0, 0), 0);
  check("sysctl: FreeBSD", len == 8 && strcmp(os, "FreeBSD") == 0);
  len = 0;
  expect("sysctl length query", SC6(SYS_sysctl, ostype, 2, 0, &len, 0, 0), 0);
  check("sysctl: length 8", len == 8);
  len = 3;
  expect_err("sysctl short buffer: ENOMEM", SC6(SYS_sysctl, ostype, 2, os, &len, 0, 0), ENOMEM);
  int oid[2] = {0, 3}, got[2] = {0, 0};
  len = sizeof got;
  expect("sysctl name2oid hw.ncpu", SC6(SYS_sysctl, oid, 2, got, &len, "hw.ncpu", 7), 0);
  check("sysctl: hw.ncpu is 6.3", got[0] == 6 && got[1] == 3 && len == 8);
  int none[2] = {99, 99};
  len = sizeof val;
  expect_err("sysctl unknown MIB: ENOENT", SC6(SYS_sysctl, none, 2, &val, &len, 0, 0), ENOENT);
  expect_err("sysctl bad name: EFAULT", SC6(SYS_sysctl, BAD, 2, &val, &len, 0, 0), EFAULT);

  expect_err("fork (no row): ENOSYS", SC0(2), ENOSYS);
  expect_err("call 9999 (no row): ENOSYS", SC0(9999), ENOSYS);
}

int main(void) {
  io();
  check("registers kept across a system call", registers_kept());
  files();
  memory();
  process();
  printf("%d failures\n", failures);
  fflush(stdout);
  SC1(SYS_exit, 3);
  return 1; /* not reached */
}
