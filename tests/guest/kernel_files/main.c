/* libkernel's file functions, both faces over the same code as the system call rows:
 * POSIX (-1 and errno, FreeBSD numbers) and Sony (SCE_KERNEL_ERROR codes, 0x80020000 +
 * errno). Files live in /temp0 (writable per title); /app0 is read-only. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

struct ts { long sec, nsec; };
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

int open(const char *path, int flags, ...);
int close(int fd);
long read(int fd, void *buf, unsigned long n);
long write(int fd, const void *buf, unsigned long n);
long lseek(int fd, long off, int whence);
int fstat(int fd, struct fstat11 *st);
int stat(const char *path, struct fstat11 *st);
int mkdir(const char *path, int mode);
int unlink(const char *path);
int rename(const char *from, const char *to);
int getpid(void);
int sceKernelOpen(const char *path, int flags, int mode);
int sceKernelClose(int fd);
long sceKernelRead(int fd, void *buf, unsigned long n);
long sceKernelLseek(int fd, long off, int whence);
int sceKernelFstat(int fd, struct fstat11 *st);
int sceKernelStat(const char *path, struct fstat11 *st);
int sceKernelMkdir(const char *path, int mode);
int sceKernelUnlink(const char *path);
int sceKernelRename(const char *from, const char *to);

#define O_RDONLY 0
#define O_WRONLY 1
#define O_CREAT 0x200
#define O_TRUNC 0x400
#define SCE(e) (int)(0x80020000u + (e))

static int failures;
static void check(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  failures += !ok;
}

int main(void) {
  check("mkdir /temp0/k", mkdir("/temp0/k", 0755) == 0);
  errno = 0;
  check("mkdir again: -1, EEXIST", mkdir("/temp0/k", 0755) == -1 && errno == 17);
  check("sceKernelMkdir again: SCE EEXIST", sceKernelMkdir("/temp0/k", 0755) == SCE(17));
  int fd = open("/temp0/k/a", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  check("open creates: descriptor 3", fd == 3);
  check("write 6", write(fd, "abcdef", 6) == 6);
  check("close", close(fd) == 0);
  errno = 0;
  check("close again: -1, EBADF", close(fd) == -1 && errno == 9);
  check("sceKernelClose again: SCE EBADF", sceKernelClose(fd) == SCE(9));
  fd = sceKernelOpen("/temp0/k/a", O_RDONLY, 0);
  check("sceKernelOpen: descriptor 3", fd == 3);
  char buf[8] = {0};
  check("sceKernelLseek to 2", sceKernelLseek(fd, 2, 0) == 2);
  check("sceKernelRead 3", sceKernelRead(fd, buf, 3) == 3 && memcmp(buf, "cde", 3) == 0);
  check("lseek SEEK_END", lseek(fd, 0, 2) == 6);
  check("read at the end: 0", read(fd, buf, 8) == 0);
  struct fstat11 st;
  memset(&st, 0, sizeof st);
  check("fstat: 6 bytes, regular", fstat(fd, &st) == 0 && st.size == 6 &&
                                       (st.mode & 0170000) == 0100000);
  memset(&st, 0, sizeof st);
  check("sceKernelFstat", sceKernelFstat(fd, &st) == 0 && st.size == 6);
  sceKernelClose(fd);
  check("sceKernelRename", sceKernelRename("/temp0/k/a", "/temp0/k/b") == 0);
  errno = 0;
  check("stat old name: -1, ENOENT", stat("/temp0/k/a", &st) == -1 && errno == 2);
  check("sceKernelStat old name: SCE ENOENT", sceKernelStat("/temp0/k/a", &st) == SCE(2));
  check("stat: a directory", stat("/temp0/k", &st) == 0 && (st.mode & 0170000) == 0040000);
  check("rename back", rename("/temp0/k/b", "/temp0/k/a") == 0);
  check("unlink", unlink("/temp0/k/a") == 0);
  check("sceKernelUnlink again: SCE ENOENT", sceKernelUnlink("/temp0/k/a") == SCE(2));
  errno = 0;
  check("open for writing on /app0: -1, EROFS",
        open("/app0/x", O_WRONLY | O_CREAT, 0644) == -1 && errno == 30);
  check("sceKernelOpen missing: SCE ENOENT", sceKernelOpen("/temp0/none", O_RDONLY, 0) == SCE(2));
  check("getpid: positive", getpid() > 0);
  printf("%d failures\n", failures);
  return failures;
}
