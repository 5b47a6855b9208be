/* File-system escapes (hooks.cmake plants the links on the host): a path may climb with
 * ".." only inside the console's own namespace, symbolic links that lead out of /temp0 lead
 * nowhere, host paths name nothing, a path ends at its first NUL, and paths of 1024 bytes
 * or more (or a component over 255) are ENAMETOOLONG. Expected values: the console's
 * namespace holds only its mounts (anything else is ENOENT), SCE_KERNEL_PATH_MAX 1024 with
 * the NUL, NAME_MAX 255, FreeBSD errno numbers. */
#include <errno.h>
#include <fcntl.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SCE(e) (int)(0x80020000u + (e))

static int failures;
static void check(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  failures += !ok;
}

/* -1 with errno E */
static int fails_with(int r, int e) { return r == -1 && errno == e; }

static int open_errno(const char *path, int flags) {
  errno = 0;
  int fd = open(path, flags, 0644);
  if (fd >= 0) close(fd);
  return fd >= 0 ? 0 : errno;
}

int main(void) {
  char buf[64];
  struct stat st;

  /* ".." climbs within the console's namespace only */
  check("../../../etc/passwd from /temp0: ENOENT",
        open_errno("/temp0/../../../etc/passwd", O_RDONLY) == ENOENT);
  check("/temp0/sub/../../../outside/secret: ENOENT",
        open_errno("/temp0/sub/../../../outside/secret", O_RDONLY) == ENOENT);
  check("/temp0/../hostfile: ENOENT", open_errno("/temp0/../hostfile", O_RDONLY) == ENOENT);
  int fd = open("/temp0/../temp0/sub/./inner", O_RDONLY);
  memset(buf, 0, sizeof buf);
  check("/temp0/../temp0/sub/./inner stays inside: readable",
        fd >= 0 && read(fd, buf, sizeof buf) == 6 && strcmp(buf, "inner\n") == 0);
  close(fd);

  /* symbolic links out of /temp0 */
  check("link to an outside folder: ENOENT", open_errno("/temp0/out/secret", O_RDONLY) == ENOENT);
  check("link to an outside file: ENOENT", open_errno("/temp0/secret_link", O_RDONLY) == ENOENT);
  check("link climbing with ..: ENOENT", open_errno("/temp0/climb/secret", O_RDONLY) == ENOENT);
  check("create through a link: ENOENT",
        open_errno("/temp0/out/new", O_WRONLY | O_CREAT) == ENOENT);
  check("truncate open through a link: ENOENT",
        open_errno("/temp0/secret_link", O_WRONLY | O_TRUNC) == ENOENT);
  errno = 0;
  check("mkdir through a link: ENOENT", fails_with(mkdir("/temp0/out/d", 0755), ENOENT));
  errno = 0;
  check("unlink through a link: ENOENT", fails_with(unlink("/temp0/out/secret"), ENOENT));
  errno = 0;
  check("rename out through a link: ENOENT",
        fails_with(rename("/temp0/out/secret", "/temp0/stolen"), ENOENT));
  errno = 0;
  check("rename in through a link: ENOENT",
        fails_with(rename("/temp0/sub/inner", "/temp0/out/planted"), ENOENT));
  errno = 0;
  check("stat through a link: ENOENT", fails_with(stat("/temp0/secret_link", &st), ENOENT));
  errno = 0;
  check("chmod through a link: ENOENT", fails_with(chmod("/temp0/secret_link", 0777), ENOENT));
  errno = 0;
  check("truncate through a link: ENOENT", fails_with(truncate("/temp0/secret_link", 0), ENOENT));
  check("sceKernelOpen through a link: SCE ENOENT",
        sceKernelOpen("/temp0/out/secret", O_RDONLY, 0) == SCE(ENOENT));
  check("sceKernelCheckReachability through a link: SCE ENOENT",
        sceKernelCheckReachability("/temp0/out/secret") == SCE(ENOENT));
  fd = open("/temp0/inside/inner", O_RDONLY);
  check("a link that stays inside works", fd >= 0 && read(fd, buf, 6) == 6);
  close(fd);

  /* absolute host paths */
  fd = open("/temp0/hostpath.txt", O_RDONLY);
  char host[1024];
  memset(host, 0, sizeof host);
  long n = fd >= 0 ? read(fd, host, sizeof host - 1) : -1;
  close(fd);
  check("the host path of the outside file was read", n > 1 && host[0] == '/');
  check("that host path names nothing: ENOENT", open_errno(host, O_RDONLY) == ENOENT);
  errno = 0;
  check("nor for stat: ENOENT", fails_with(stat(host, &st), ENOENT));
  char under[1100];
  snprintf(under, sizeof under, "/temp0/%s", host);
  check("under /temp0 it is a path in /temp0: ENOENT", open_errno(under, O_RDONLY) == ENOENT);

  /* a path ends at its first NUL */
  fd = open("/temp0/ok", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  check("create /temp0/ok", fd >= 0 && write(fd, "ok", 2) == 2);
  close(fd);
  static const char nul_path[] = "/temp0/ok\0/../../../etc/passwd";
  fd = open(nul_path, O_RDONLY);
  memset(buf, 0, sizeof buf);
  check("an embedded NUL ends the path: /temp0/ok is opened",
        fd >= 0 && read(fd, buf, sizeof buf) == 2 && strcmp(buf, "ok") == 0);
  close(fd);
  fd = sceKernelOpen(nul_path, O_RDONLY, 0);
  check("sceKernelOpen: the same", fd >= 0);
  sceKernelClose(fd);

  /* lengths: 1024 bytes with the NUL, 255 per component */
  static char longp[1100];
  memset(longp, 'a', sizeof longp);
  memcpy(longp, "/temp0/", 7);
  longp[1024] = '\0'; /* 1024 characters: one too many */
  check("a 1024-character path: ENAMETOOLONG", open_errno(longp, O_RDONLY) == ENAMETOOLONG);
  check("sceKernelStat of it: SCE ENAMETOOLONG", sceKernelStat(longp, &st) == SCE(ENAMETOOLONG));
  for (int i = 7; i < 1023; i += 200) longp[i] = '/'; /* components under 255 */
  longp[1023] = '\0';                                 /* 1023 characters: allowed length */
  check("a 1023-character path is looked up: ENOENT", open_errno(longp, O_RDONLY) == ENOENT);
  char comp[300];
  memset(comp, 'b', sizeof comp);
  memcpy(comp, "/temp0/", 7);
  comp[7 + 256] = '\0';
  check("a 256-byte component: ENAMETOOLONG", open_errno(comp, O_RDONLY) == ENAMETOOLONG);
  comp[7 + 255] = '\0';
  check("a 255-byte component is looked up: ENOENT", open_errno(comp, O_RDONLY) == ENOENT);

  /* pointers that are not guest memory */
  errno = 0;
  check("open(NULL): EFAULT", fails_with(open(NULL, O_RDONLY), EFAULT));
  errno = 0;
  check("open(wild pointer): EFAULT", fails_with(open((const char *)16, O_RDONLY), EFAULT));
  check("sceKernelOpen(wild pointer): SCE EFAULT",
        sceKernelOpen((const char *)0x7ff000000000ull, O_RDONLY, 0) == SCE(EFAULT));

  /* the package is read-only */
  check("create in /app0: EROFS", open_errno("/app0/new", O_WRONLY | O_CREAT) == EROFS);
  errno = 0;
  check("mkdir in /app0: EROFS", fails_with(mkdir("/app0/d", 0755), EROFS));
  errno = 0;
  check("unlink in /app0: EROFS", fails_with(unlink("/app0/eboot.bin"), EROFS));

  printf("%d failures\n", failures);
  return failures;
}
