/* libkernel's file calls, both faces, against FreeBSD's documented semantics (read(2),
 * pread(2), readv(2), lseek(2), stat(2), truncate(2), mkdir(2), rmdir(2), unlink(2),
 * rename(2), chmod(2), getdirentries(2), fopen(3)...) and the console's layouts: FreeBSD 11
 * struct stat and struct dirent, the PFS directory records of /app0 (u32 fileno, type,
 * namlen, reclen; reclen = 16 + namlen + 1 rounded up to 8; 64 KiB directory blocks). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#define SCE(e) (int)(0x80020000u + (e))
#define WILD ((void *)0x7ff000000000ull)

static int failures;
static void check(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  failures += !ok;
}
static int fails_with(long r, int e) { return r == -1 && errno == e; }

static off_t size_of(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? st.st_size : -1;
}

static void descriptors(void) {
  check("mkdir /temp0/f", mkdir("/temp0/f", 0755) == 0);
  int fd = open("/temp0/f/a", O_RDWR | O_CREAT | O_EXCL, 0644);
  check("open O_CREAT|O_EXCL: descriptor 3", fd == 3);
  errno = 0;
  check("O_EXCL again: EEXIST",
        fails_with(open("/temp0/f/a", O_RDWR | O_CREAT | O_EXCL, 0644), EEXIST));
  check("write 11", write(fd, "hello world", 11) == 11);
  check("pwrite 5 at 0", pwrite(fd, "HELLO", 5, 0) == 5);
  check("pwrite keeps the position", lseek(fd, 0, SEEK_CUR) == 11);
  char buf[64];
  memset(buf, 0, sizeof buf);
  check("pread 5 at 6", pread(fd, buf, 5, 6) == 5 && memcmp(buf, "world", 5) == 0);
  errno = 0;
  check("pread at -1: EINVAL", fails_with(pread(fd, buf, 1, -1), EINVAL));
  check("sceKernelPread at -1: SCE EINVAL", sceKernelPread(fd, buf, 1, -1) == SCE(EINVAL));
  struct iovec w[2] = {{(void *)"ab", 2}, {(void *)"cd", 2}};
  check("writev 2+2", writev(fd, w, 2) == 4);
  check("lseek SEEK_SET 0", lseek(fd, 0, SEEK_SET) == 0);
  char r1[5], r2[20];
  memset(r2, 0, sizeof r2);
  struct iovec r[2] = {{r1, 5}, {r2, 20}};
  check("readv: 15 bytes over two buffers",
        readv(fd, r, 2) == 15 && memcmp(r1, "HELLO", 5) == 0 && strcmp(r2, " worldabcd") == 0);
  struct iovec one = {buf, 5};
  check("preadv 5 at 6", preadv(fd, &one, 1, 6) == 5 && memcmp(buf, "world", 5) == 0);
  struct iovec hh = {(void *)"hh", 2};
  check("pwritev 2 at 0", pwritev(fd, &hh, 1, 0) == 2);
  check("sceKernelPwrite 1 at 14", sceKernelPwrite(fd, "D", 1, 14) == 1);
  check("sceKernelPreadv", sceKernelPreadv(fd, &one, 1, 0) == 5 && memcmp(buf, "hhLLO", 5) == 0);
  errno = 0;
  check("lseek whence 5: EINVAL", fails_with(lseek(fd, 0, 5), EINVAL));
  errno = 0;
  check("lseek before 0: EINVAL", fails_with(lseek(fd, -1, SEEK_SET), EINVAL));
  check("lseek SEEK_END", lseek(fd, 0, SEEK_END) == 15);
  struct stat st;
  memset(&st, 0xAA, sizeof st);
  check("fstat: regular, 15 bytes, 0644, one link",
        fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 15 &&
            (st.st_mode & 0777) == 0644 && st.st_nlink == 1 && st.st_blksize > 0);
  check("sceKernelFsync", sceKernelFsync(fd) == 0);
  check("fsync", fsync(fd) == 0);
  check("ftruncate 4", ftruncate(fd, 4) == 0 && size_of("/temp0/f/a") == 4);
  errno = 0;
  check("ftruncate -1: EINVAL", fails_with(ftruncate(fd, -1), EINVAL));
  check("truncate 2", truncate("/temp0/f/a", 2) == 0 && size_of("/temp0/f/a") == 2);
  check("sceKernelTruncate missing: SCE ENOENT",
        sceKernelTruncate("/temp0/f/none", 0) == SCE(ENOENT));
  check("chmod 0600", chmod("/temp0/f/a", 0600) == 0 && stat("/temp0/f/a", &st) == 0 &&
                          (st.st_mode & 0777) == 0600);
  check("sceKernelChmod missing: SCE ENOENT", sceKernelChmod("/temp0/f/none", 0600) == SCE(ENOENT));
  check("close", close(fd) == 0);

  /* stale and bad descriptors */
  errno = 0;
  check("read on a closed descriptor: EBADF", fails_with(read(fd, buf, 1), EBADF));
  check("sceKernelRead on it: SCE EBADF", sceKernelRead(fd, buf, 1) == SCE(EBADF));
  check("sceKernelWrite on it: SCE EBADF", sceKernelWrite(fd, "x", 1) == SCE(EBADF));
  errno = 0;
  check("fstat on it: EBADF", fails_with(fstat(fd, &st), EBADF));
  errno = 0;
  check("close(-1): EBADF", fails_with(close(-1), EBADF));
  errno = 0;
  check("write(1000): EBADF", fails_with(write(1000, "x", 1), EBADF));
  errno = 0;
  check("read(bad fd, NULL): EBADF before the buffer", fails_with(read(77, NULL, 1), EBADF));
  check("sceKernelLseek(-1): SCE EBADF", sceKernelLseek(-1, 0, SEEK_SET) == SCE(EBADF));

  /* access modes */
  fd = open("/temp0/f/a", O_RDONLY);
  errno = 0;
  check("write on O_RDONLY: EBADF", fails_with(write(fd, "x", 1), EBADF));
  close(fd);
  fd = open("/temp0/f/a", O_WRONLY | O_APPEND);
  errno = 0;
  check("read on O_WRONLY: EBADF", fails_with(read(fd, buf, 1), EBADF));
  lseek(fd, 0, SEEK_SET);
  check("O_APPEND writes at the end", write(fd, "Z", 1) == 1 && size_of("/temp0/f/a") == 3);
  close(fd);
  fd = open("/temp0/f/a", O_RDONLY);
  memset(buf, 0, sizeof buf);
  check("content hhZ", read(fd, buf, sizeof buf) == 3 && strcmp(buf, "hhZ") == 0);
  close(fd);
  fd = open("/temp0/f/a", O_WRONLY | O_TRUNC);
  check("O_TRUNC empties", fd >= 0 && size_of("/temp0/f/a") == 0);
  close(fd);
  errno = 0;
  check("O_DIRECTORY on a file: ENOTDIR",
        fails_with(open("/temp0/f/a", O_RDONLY | O_DIRECTORY), ENOTDIR));
  fd = open("/temp0/f/a", O_RDWR | O_DIRECT);
  check("O_DIRECT: unaligned writes and reads work",
        fd >= 0 && write(fd, "xyz", 3) == 3 && pread(fd, buf + 1, 2, 1) == 2 &&
            memcmp(buf + 1, "yz", 2) == 0 && ftruncate(fd, 0) == 0);
  close(fd);
  fd = open("/temp0/f", O_RDONLY | O_DIRECTORY);
  check("O_DIRECTORY on a directory", fd >= 0);
  close(fd);

  /* bad pointers */
  fd = open("/temp0/f/a", O_RDWR);
  errno = 0;
  check("read into NULL: EFAULT", fails_with(read(fd, NULL, 10), EFAULT));
  errno = 0;
  check("read into a wild pointer: EFAULT", fails_with(read(fd, WILD, 10), EFAULT));
  errno = 0;
  check("write from a wild pointer: EFAULT", fails_with(write(fd, WILD, 10), EFAULT));
  check("sceKernelPread into a wild pointer: SCE EFAULT",
        sceKernelPread(fd, WILD, 10, 0) == SCE(EFAULT));
  errno = 0;
  check("fstat into NULL: EFAULT", fails_with(fstat(fd, NULL), EFAULT));
  check("sceKernelStat into a wild pointer: SCE EFAULT",
        sceKernelStat("/temp0/f/a", WILD) == SCE(EFAULT));
  errno = 0;
  check("readv with 1025 vectors: EINVAL", fails_with(readv(fd, r, 1025), EINVAL));
  errno = 0;
  check("readv with a NULL vector: EFAULT", fails_with(readv(fd, NULL, 1), EFAULT));
  struct iovec bad = {WILD, 4};
  errno = 0;
  check("readv into a wild buffer: EFAULT", fails_with(readv(fd, &bad, 1), EFAULT));
  close(fd);

  /* directories */
  errno = 0;
  check("mkdir existing: EEXIST", fails_with(mkdir("/temp0/f", 0755), EEXIST));
  errno = 0;
  check("mkdir under a missing parent: ENOENT", fails_with(mkdir("/temp0/x/y", 0755), ENOENT));
  errno = 0;
  check("rmdir a non-empty directory: ENOTEMPTY", fails_with(rmdir("/temp0/f"), ENOTEMPTY));
  errno = 0;
  check("rmdir a file: ENOTDIR", fails_with(rmdir("/temp0/f/a"), ENOTDIR));
  errno = 0;
  check("unlink a directory: EPERM", fails_with(unlink("/temp0/f"), EPERM));
  check("sceKernelRmdir missing: SCE ENOENT", sceKernelRmdir("/temp0/none") == SCE(ENOENT));
  check("rename", rename("/temp0/f/a", "/temp0/f/b") == 0 && size_of("/temp0/f/b") == 0);
  errno = 0;
  check("rename missing: ENOENT", fails_with(rename("/temp0/f/a", "/temp0/f/c"), ENOENT));
  check("unlink", unlink("/temp0/f/b") == 0);
  check("rmdir", rmdir("/temp0/f") == 0 && size_of("/temp0/f") == -1);
  check("sceKernelCheckReachability /temp0", sceKernelCheckReachability("/temp0") == 0);
  check("sceKernelCheckReachability missing: SCE ENOENT",
        sceKernelCheckReachability("/temp0/none") == SCE(ENOENT));
}

/* getdents on /temp0: FreeBSD 11 dirents */
static void dirents(void) {
  mkdir("/temp0/g", 0755);
  mkdir("/temp0/g/sub", 0755);
  close(open("/temp0/g/one", O_WRONLY | O_CREAT, 0644));
  close(open("/temp0/g/two", O_WRONLY | O_CREAT, 0644));
  int fd = open("/temp0/g", O_RDONLY | O_DIRECTORY);
  static char buf[4096];
  long base = -1;
  int n = getdirentries(fd, buf, sizeof buf, &base);
  int seen = 0, well_formed = 1;
  for (int at = 0; at < n;) {
    struct dirent *d = (struct dirent *)(buf + at);
    if (d->d_reclen % 4 || d->d_reclen < 8 + d->d_namlen + 1 || d->d_name[d->d_namlen])
      well_formed = 0;
    if (strcmp(d->d_name, ".") == 0 && d->d_type == DT_DIR) seen |= 1;
    if (strcmp(d->d_name, "..") == 0 && d->d_type == DT_DIR) seen |= 2;
    if (strcmp(d->d_name, "one") == 0 && d->d_type == DT_REG && d->d_namlen == 3) seen |= 4;
    if (strcmp(d->d_name, "two") == 0 && d->d_type == DT_REG) seen |= 8;
    if (strcmp(d->d_name, "sub") == 0 && d->d_type == DT_DIR) seen |= 16;
    at += d->d_reclen ? d->d_reclen : n;
  }
  check("getdirentries: ., .., one, two, sub with their types", seen == 31);
  check("getdirentries: records 4-aligned, NUL-terminated", well_formed && n > 0);
  check("getdirentries: the base is the start", base == 0);
  check("getdents at the end: 0", getdents(fd, buf, sizeof buf) == 0);
  lseek(fd, 0, SEEK_SET);
  check("sceKernelGetdents after rewinding: the same bytes",
        sceKernelGetdents(fd, buf, sizeof buf) == n);
  lseek(fd, 0, SEEK_SET);
  errno = 0;
  check("getdents into 8 bytes: EINVAL", fails_with(getdents(fd, buf, 8), EINVAL));
  errno = 0;
  check("getdents into a wild buffer: EFAULT", fails_with(getdents(fd, WILD, 512), EFAULT));
  check("sceKernelGetdirentries on a bad descriptor: SCE EBADF",
        sceKernelGetdirentries(99, buf, sizeof buf, &base) == SCE(EBADF));
  close(fd);
}

struct pfs_record {
  unsigned fileno, type, namlen, reclen;
  char name[];
};

/* read() on an /app0 directory: the package's records */
static void package(void) {
  int fd = open("/app0", O_RDONLY | O_DIRECTORY);
  static char buf[65536 + 16];
  long n = read(fd, buf, sizeof buf);
  check("read on /app0: one 64 KiB block", n == 65536);
  int seen = 0, well_formed = 1, count = 0;
  unsigned at = 0;
  while (at + 16 <= (unsigned)n) {
    struct pfs_record *p = (struct pfs_record *)(buf + at);
    if (p->reclen == 0) break;
    if (p->reclen != ((16 + p->namlen + 1 + 7) & ~7u) || p->name[p->namlen]) well_formed = 0;
    if (count == 0 && strcmp(p->name, ".") == 0 && p->type == 4) seen |= 1;
    if (count == 1 && strcmp(p->name, "..") == 0 && p->type == 4) seen |= 2;
    if (strcmp(p->name, "eboot.bin") == 0 && p->type == 2 && p->namlen == 9) seen |= 4;
    if (strcmp(p->name, "sce_sys") == 0 && p->type == 4) seen |= 8;
    at += p->reclen;
    count++;
  }
  int zeros = 1;
  for (unsigned i = at; i < (unsigned)n; i++) zeros &= buf[i] == 0;
  check("PFS records: . and .. first, eboot.bin a file, sce_sys a directory", seen == 15);
  check("PFS records: reclen = 16 + namlen + 1 rounded to 8", well_formed);
  check("PFS block: zeros after the records", zeros);
  check("read at the end: 0", read(fd, buf, sizeof buf) == 0);
  struct stat st;
  check("fstat: a directory of 65536 bytes",
        fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) && st.st_size == 65536);
  check("lseek back, read 100", lseek(fd, 0, SEEK_SET) == 0 && read(fd, buf, 100) == 100);
  close(fd);
  fd = open("/app0/EBOOT.BIN", O_RDONLY);
  char magic[4];
  check("/app0/EBOOT.BIN finds eboot.bin", fd >= 0 && read(fd, magic, 4) == 4);
  close(fd);
  check("/app0/Sce_Sys/PARAM.JSON finds sce_sys/param.json",
        sceKernelCheckReachability("/app0/Sce_Sys/PARAM.JSON") == 0);
  check("/temp0 is case-sensitive", sceKernelCheckReachability("/TEMP0") == SCE(ENOENT));
}

static void devices(void) {
  int fd = open("/dev/null", O_RDWR);
  char buf[32];
  check("/dev/null takes writes", fd >= 0 && write(fd, "12345", 5) == 5);
  check("/dev/null reads nothing", read(fd, buf, sizeof buf) == 0);
  close(fd);
  struct stat st;
  check("stat /dev/null: a character device", stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
  static const char *const rnd[] = {"/dev/urandom", "/dev/random"};
  for (int i = 0; i < 2; i++) {
    fd = open(rnd[i], O_RDONLY);
    memset(buf, 0, sizeof buf);
    int any = 0;
    long k = read(fd, buf, sizeof buf);
    for (int j = 0; j < 32; j++) any |= buf[j];
    check(i ? "/dev/random gives 32 bytes" : "/dev/urandom gives 32 bytes", k == 32 && any);
    close(fd);
  }
  fd = open("/dev/zero", O_RDONLY);
  memset(buf, 1, sizeof buf);
  check("/dev/zero gives zeros", read(fd, buf, 4) == 4 && !buf[0] && !buf[3]);
  close(fd);
  fd = open("/dev/stdout", O_WRONLY);
  check("/dev/stdout is a new descriptor", fd > 2);
  write(fd, "written through /dev/stdout\n", 28);
  close(fd);
  check("stdout still works after closing the /dev/stdout one", 1);
}

static void streams(void) {
  FILE *f = fopen("/temp0/s.txt", "w");
  check("fopen w", f != NULL && fileno(f) >= 3);
  check("fprintf", fprintf(f, "%d-%s\n", 42, "x") == 5);
  check("fputs", fputs("line2\n", f) >= 0);
  check("fwrite", fwrite("abc", 1, 3, f) == 3);
  check("fclose", fclose(f) == 0);
  f = fopen("/temp0/s.txt", "r");
  char line[32];
  check("fgets line 1", fgets(line, sizeof line, f) && strcmp(line, "42-x\n") == 0);
  check("fgets line 2", fgets(line, sizeof line, f) && strcmp(line, "line2\n") == 0);
  memset(line, 0, sizeof line);
  check("fread the rest: 3 of 10", fread(line, 1, 10, f) == 3 && strcmp(line, "abc") == 0);
  check("feof", feof(f) && !ferror(f));
  check("fgets at the end: NULL", fgets(line, sizeof line, f) == NULL);
  check("fseek and ftell", fseek(f, 3, SEEK_SET) == 0 && ftell(f) == 3 && !feof(f));
  check("fgetc", fgetc(f) == 'x' && getc(f) == '\n');
  rewind(f);
  check("rewind", ftell(f) == 0 && fgetc(f) == '4');
  check("fwrite on a read-only stream: 0, error flag", fwrite("q", 1, 1, f) == 0 && ferror(f));
  clearerr(f);
  check("clearerr", !ferror(f) && !feof(f));
  check("fclose", fclose(f) == 0);
  f = fopen("/temp0/s.txt", "a+");
  check("fopen a+ appends",
        f && fputs("Q", f) >= 0 && fclose(f) == 0 && size_of("/temp0/s.txt") == 15);
  errno = 0;
  check("fopen missing: NULL, ENOENT", fopen("/temp0/none", "r") == NULL && errno == ENOENT);
  errno = 0;
  check("fopen bad mode: NULL, EINVAL", fopen("/temp0/s.txt", "q") == NULL && errno == EINVAL);
  errno = 0;
  check("fopen w on /app0: NULL, EROFS", fopen("/app0/w", "w") == NULL && errno == EROFS);
  f = fopen("/dev/stderr", "w");
  check("fprintf to /dev/stderr", f && fprintf(f, "to stderr\n") == 10 && fclose(f) == 0);
  unlink("/temp0/s.txt");
}

int main(void) {
  descriptors();
  dirents();
  package();
  devices();
  streams();
  printf("%d failures\n", failures);
  return failures;
}
