/* libc: streams on files (fopen and friends). A stream is a FILE record in guest memory (the
 * guest heap) naming a guest descriptor; nothing is buffered, so every call reads or writes
 * through libkernel's descriptor table and a crash loses nothing. The console's libc is
 * FreeBSD's: fopen modes and errors as FreeBSD documents them. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libc/libc.h"
#include "hle/libkernel/libkernel.h"
#include "hle/syscall/sys_internal.h"

#define LIBC_EOF (-1)

/* FreeBSD sys/fcntl.h */
#define G_O_RDONLY 0x0
#define G_O_WRONLY 0x1
#define G_O_RDWR 0x2
#define G_O_APPEND 0x8
#define G_O_CREAT 0x200
#define G_O_TRUNC 0x400
#define G_O_EXCL 0x800
#define G_O_CLOEXEC 0x100000

int libc_file_fd(struct libc_file *f, uint32_t need) {
  bool std = f == &libc_stdin || f == &libc_stdout || f == &libc_stderr;
  if (!std && (!f || !sys_user_ok((uint64_t)(uintptr_t)f, sizeof *f, true) ||
               f->magic != LIBC_FILE_MAGIC)) {
    LOG_ONCE(hle, GAME_ERROR, "stdio call on something that is not a stream (%p): EBADF",
             (void *)f);
    hle_errno_set(GUEST_EBADF);
    return -1;
  }
  if ((f->flags & need) != need) {
    f->flags |= LIBC_FILE_ERR;
    hle_errno_set(GUEST_EBADF);
    return -1;
  }
  return f->fd;
}

/* fopen's MODE as open flags, or -1 (EINVAL). */
static int mode_flags(const char *mode) {
  int flags;
  switch (mode[0]) {
    case 'r': flags = G_O_RDONLY; break;
    case 'w': flags = G_O_WRONLY | G_O_CREAT | G_O_TRUNC; break;
    case 'a': flags = G_O_WRONLY | G_O_CREAT | G_O_APPEND; break;
    default: return -1;
  }
  for (const char *m = mode + 1; *m; m++) {
    if (*m == '+') flags = (flags & ~(G_O_WRONLY | G_O_RDWR)) | G_O_RDWR;
    else if (*m == 'x') flags |= G_O_EXCL;
    else if (*m == 'e') flags |= G_O_CLOEXEC;
    else if (*m != 'b') break; /* FreeBSD ignores what follows */
  }
  return flags;
}

struct libc_file *libc_fopen(const char *path, const char *mode) {
  char p[SYS_GUEST_PATH_MAX], m[SYS_GUEST_PATH_MAX];
  int64_t r = sys_user_path((uint64_t)(uintptr_t)path, p);
  if (!r) r = sys_user_path((uint64_t)(uintptr_t)mode, m);
  if (r) {
    hle_errno_set((int)-r);
    return NULL;
  }
  int flags = mode_flags(m);
  if (flags < 0) {
    hle_errno_set(GUEST_EINVAL);
    return NULL;
  }
  struct libc_file *f = libc_malloc(sizeof *f);
  if (!f) {
    hle_errno_set(GUEST_ENOMEM);
    return NULL;
  }
  r = kernel_file_open(p, flags, 0666);
  if (r < 0) {
    libc_free(f);
    hle_errno_set((int)-r);
    return NULL;
  }
  memset(f, 0, sizeof *f);
  f->magic = LIBC_FILE_MAGIC;
  f->fd = (int)r;
  int acc = flags & 3;
  f->flags =
      (acc != G_O_WRONLY ? LIBC_FILE_CAN_READ : 0) | (acc != G_O_RDONLY ? LIBC_FILE_CAN_WRITE : 0);
  return f;
}

int libc_fclose(struct libc_file *f) {
  int fd = libc_file_fd(f, 0);
  if (fd < 0) return LIBC_EOF;
  int64_t r = kernel_file_close(fd);
  if (f != &libc_stdin && f != &libc_stdout && f != &libc_stderr) {
    f->magic = 0;
    libc_free(f);
  }
  if (r < 0) {
    hle_errno_set((int)-r);
    return LIBC_EOF;
  }
  return 0;
}

size_t libc_fread(void *p, size_t size, size_t n, struct libc_file *f) {
  int fd = libc_file_fd(f, LIBC_FILE_CAN_READ);
  size_t want;
  if (fd < 0 || size == 0 || n == 0) return 0;
  if (__builtin_mul_overflow(size, n, &want)) {
    hle_errno_set(GUEST_EINVAL);
    f->flags |= LIBC_FILE_ERR;
    return 0;
  }
  if (!sys_user_ok((uint64_t)(uintptr_t)p, want, true)) {
    hle_errno_set(GUEST_EFAULT);
    f->flags |= LIBC_FILE_ERR;
    return 0;
  }
  size_t got = 0;
  while (got < want) {
    int64_t k = kernel_file_read(fd, (uint8_t *)p + got, want - got);
    if (k < 0) {
      hle_errno_set((int)-k);
      f->flags |= LIBC_FILE_ERR;
      break;
    }
    if (k == 0) {
      f->flags |= LIBC_FILE_EOF;
      break;
    }
    got += (size_t)k;
  }
  return got / size;
}

int libc_fgetc(struct libc_file *f) {
  int fd = libc_file_fd(f, LIBC_FILE_CAN_READ);
  if (fd < 0) return LIBC_EOF;
  uint8_t c;
  int64_t k = kernel_file_read(fd, &c, 1);
  if (k == 1) return c;
  if (k == 0) f->flags |= LIBC_FILE_EOF;
  else {
    hle_errno_set((int)-k);
    f->flags |= LIBC_FILE_ERR;
  }
  return LIBC_EOF;
}

char *libc_fgets(char *s, int n, struct libc_file *f) {
  if (libc_file_fd(f, 0) < 0) return NULL;
  if (n <= 0 || !sys_user_ok((uint64_t)(uintptr_t)s, (uint64_t)n, true)) {
    hle_errno_set(n <= 0 ? GUEST_EINVAL : GUEST_EFAULT);
    return NULL;
  }
  int i = 0;
  while (i < n - 1) {
    int c = libc_fgetc(f);
    if (c == LIBC_EOF) break;
    s[i++] = (char)c;
    if (c == '\n') break;
  }
  if (i == 0 && n > 1) return NULL; /* end of file (or an error) before any byte */
  s[i] = '\0';
  return s;
}

int libc_fseek(struct libc_file *f, long off, int whence) {
  int fd = libc_file_fd(f, 0);
  if (fd < 0) return -1;
  int64_t r = kernel_file_lseek(fd, off, whence);
  if (r < 0) {
    hle_errno_set((int)-r);
    return -1;
  }
  f->flags &= ~LIBC_FILE_EOF;
  return 0;
}

long libc_ftell(struct libc_file *f) {
  int fd = libc_file_fd(f, 0);
  if (fd < 0) return -1;
  int64_t r = kernel_file_lseek(fd, 0, 1 /* SEEK_CUR */);
  if (r < 0) {
    hle_errno_set((int)-r);
    return -1;
  }
  return (long)r;
}

void libc_rewind(struct libc_file *f) {
  if (libc_fseek(f, 0, 0) == 0) f->flags &= ~LIBC_FILE_ERR;
}

int libc_feof(struct libc_file *f) {
  return libc_file_fd(f, 0) >= 0 && (f->flags & LIBC_FILE_EOF) ? 1 : 0;
}

int libc_ferror(struct libc_file *f) {
  return libc_file_fd(f, 0) >= 0 && (f->flags & LIBC_FILE_ERR) ? 1 : 0;
}

void libc_clearerr(struct libc_file *f) {
  if (libc_file_fd(f, 0) >= 0) f->flags &= ~(LIBC_FILE_EOF | LIBC_FILE_ERR);
}

int libc_fileno(struct libc_file *f) { return libc_file_fd(f, 0); }
