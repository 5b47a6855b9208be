/* Guest file descriptors (files.h): a fixed table of host descriptors under one lock. */
#include "kernel/files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "kernel/mounts.h"

struct guest_file {
  int host_fd; /* -1 = free */
};

static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static struct guest_file files_table[FILES_MAX];
static pthread_once_t files_once = PTHREAD_ONCE_INIT;

static void files_init(void) {
  for (int i = 0; i < FILES_MAX; i++) files_table[i].host_fd = i < 3 ? i : -1;
}

/* The host descriptor of guest FD, or -EBADF. */
int files_host_fd(int fd) {
  pthread_once(&files_once, files_init);
  if (fd < 0 || fd >= FILES_MAX) return -EBADF;
  pthread_mutex_lock(&files_lock);
  int h = files_table[fd].host_fd;
  pthread_mutex_unlock(&files_lock);
  return h >= 0 ? h : -EBADF;
}

/* Host path of guest PATH in OUT; *RO tells whether its mount is read-only. */
static int resolve(const char *path, char *out, size_t cap, bool *ro) {
  if (!path) return -EFAULT;
  if (!path[0]) return -ENOENT;
  bool r = false;
  if (!mounts_resolve(path, out, cap, &r)) return -ENOENT;
  if (ro) *ro = r;
  return 0;
}

int files_open(const char *path, int flags, int mode) {
  pthread_once(&files_once, files_init);
  char host[PATH_MAX];
  bool ro;
  int r = resolve(path, host, sizeof host, &ro);
  if (r) return r;
  if (ro && ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)))) return -EROFS;
  int h = open(host, flags | O_CLOEXEC, mode);
  if (h < 0) return -errno;
  pthread_mutex_lock(&files_lock);
  int fd = -EMFILE;
  for (int i = 0; i < FILES_MAX; i++)
    if (files_table[i].host_fd < 0) {
      files_table[i].host_fd = h;
      fd = i;
      break;
    }
  pthread_mutex_unlock(&files_lock);
  if (fd < 0) close(h);
  return fd;
}

int files_close(int fd) {
  pthread_once(&files_once, files_init);
  if (fd < 0 || fd >= FILES_MAX) return -EBADF;
  pthread_mutex_lock(&files_lock);
  int h = files_table[fd].host_fd;
  files_table[fd].host_fd = -1;
  pthread_mutex_unlock(&files_lock);
  if (h < 0) return -EBADF;
  /* the host's standard streams stay open: the emulator writes its own output there */
  if (h > 2 && close(h) != 0 && errno != EINTR) return -errno;
  return 0;
}

ssize_t files_read(int fd, void *buf, size_t n) {
  int h = files_host_fd(fd);
  if (h < 0) return h;
  for (;;) {
    ssize_t k = read(h, buf, n);
    if (k >= 0) return k;
    if (errno != EINTR) return -errno;
  }
}

ssize_t files_write(int fd, const void *buf, size_t n) {
  int h = files_host_fd(fd);
  if (h < 0) return h;
  size_t done = 0;
  while (done < n) {
    ssize_t k = write(h, (const char *)buf + done, n - done);
    if (k < 0) {
      if (errno == EINTR) continue;
      if (done > 0) break;
      return -errno;
    }
    done += (size_t)k;
  }
  return (ssize_t)done;
}

int64_t files_lseek(int fd, int64_t off, int whence) {
  int h = files_host_fd(fd);
  if (h < 0) return h;
  off_t r = lseek(h, (off_t)off, whence);
  return r < 0 ? -errno : (int64_t)r;
}

int files_fstat(int fd, struct stat *st) {
  int h = files_host_fd(fd);
  if (h < 0) return h;
  return fstat(h, st) == 0 ? 0 : -errno;
}

int files_stat(const char *path, struct stat *st) {
  char host[PATH_MAX];
  int r = resolve(path, host, sizeof host, NULL);
  if (r) return r;
  return stat(host, st) == 0 ? 0 : -errno;
}

int files_mkdir(const char *path, int mode) {
  char host[PATH_MAX];
  bool ro;
  int r = resolve(path, host, sizeof host, &ro);
  if (r) return r;
  if (ro) return -EROFS;
  return mkdir(host, (mode_t)mode) == 0 ? 0 : -errno;
}

int files_unlink(const char *path) {
  char host[PATH_MAX];
  bool ro;
  int r = resolve(path, host, sizeof host, &ro);
  if (r) return r;
  if (ro) return -EROFS;
  return unlink(host) == 0 ? 0 : -errno;
}

int files_rename(const char *from, const char *to) {
  char a[PATH_MAX], b[PATH_MAX];
  bool ro_a, ro_b;
  int r = resolve(from, a, sizeof a, &ro_a);
  if (!r) r = resolve(to, b, sizeof b, &ro_b);
  if (r) return r;
  if (ro_a || ro_b) return -EROFS;
  return rename(a, b) == 0 ? 0 : -errno;
}

void files_reset(void) {
  pthread_once(&files_once, files_init);
  for (int i = 3; i < FILES_MAX; i++) files_close(i);
}
