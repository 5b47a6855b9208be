#define _GNU_SOURCE
/* Guest file descriptors (files.h): a fixed table of pointers to reference-counted open
 * files under one lock. A lookup takes a reference, so a close in another thread only drops
 * the table's reference and the host descriptor goes when the last user is done. */
#include "kernel/files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/mounts.h"
#include "kernel/pfs_dir.h"

struct open_file {
  atomic_int refs;
  int host_fd;
  bool keep_host;       /* the host's standard streams: never closed on the host */
  bool pfs;             /* a directory on a PFS mount: read() and lseek() walk the image */
  char *guest_path;     /* the normalised guest path it was opened by (NULL: a stream) */
  pthread_mutex_t lock; /* PFS position and image */
  struct pfs_dir dir;
  uint64_t pos;
};

static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static struct open_file *files_table[FILES_MAX];
static pthread_once_t files_once = PTHREAD_ONCE_INIT;

static struct open_file *file_new(int host_fd) {
  struct open_file *f = calloc(1, sizeof *f);
  if (!f) return NULL;
  atomic_init(&f->refs, 1);
  f->host_fd = host_fd;
  pthread_mutex_init(&f->lock, NULL);
  return f;
}

static void file_put(struct open_file *f) {
  if (atomic_fetch_sub(&f->refs, 1) != 1) return;
  if (!f->keep_host) close(f->host_fd);
  pfs_dir_free(&f->dir);
  free(f->guest_path);
  pthread_mutex_destroy(&f->lock);
  free(f);
}

static void files_init(void) {
  for (int i = 0; i < 3; i++) {
    files_table[i] = file_new(i);
    if (files_table[i]) files_table[i]->keep_host = true;
  }
}

/* A reference to the open file behind FD (file_put it), or NULL. */
static struct open_file *file_get(int fd) {
  pthread_once(&files_once, files_init);
  if (fd < 0 || fd >= FILES_MAX) return NULL;
  pthread_mutex_lock(&files_lock);
  struct open_file *f = files_table[fd];
  if (f) atomic_fetch_add(&f->refs, 1);
  pthread_mutex_unlock(&files_lock);
  return f;
}

/* Installs F at the lowest free descriptor; -EMFILE (F released) when the table is full. */
static int file_install(struct open_file *f) {
  pthread_once(&files_once, files_init);
  pthread_mutex_lock(&files_lock);
  int fd = -EMFILE;
  for (int i = 0; i < FILES_MAX; i++)
    if (!files_table[i]) {
      files_table[i] = f;
      fd = i;
      break;
    }
  pthread_mutex_unlock(&files_lock);
  if (fd < 0) file_put(f);
  return fd;
}

int files_host_fd(int fd) {
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  int h = f->host_fd;
  file_put(f);
  return h;
}

/* ---- the console's device nodes ---- */

/* /dev/stdin, /dev/stdout, /dev/stderr duplicate guest descriptor 0, 1, 2 (FreeBSD's
 * fdescfs); the others open the host node of the same behaviour (FreeBSD's /dev/random
 * never blocks once seeded, as the host's /dev/urandom). */
static const struct {
  const char *guest;
  const char *host; /* NULL: duplicate guest descriptor STD */
  int std;
} devices[] = {
    {"/dev/null", "/dev/null", 0},
    {"/dev/zero", "/dev/zero", 0},
    {"/dev/random", "/dev/urandom", 0},
    {"/dev/urandom", "/dev/urandom", 0},
    {"/dev/stdin", NULL, 0},
    {"/dev/stdout", NULL, 1},
    {"/dev/stderr", NULL, 2},
};

/* The device entry for normalised path NORM, or -1. */
static int device_find(const char *norm) {
  for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++)
    if (strcmp(norm, devices[i].guest) == 0) return (int)i;
  return -1;
}

static int device_open(int i, int flags) {
  int h;
  if (devices[i].host) {
    h = open(devices[i].host, (flags & ~(O_CREAT | O_EXCL | O_DIRECTORY)) | O_CLOEXEC);
  } else {
    struct open_file *s = file_get(devices[i].std);
    if (!s) return -EBADF;
    h = fcntl(s->host_fd, F_DUPFD_CLOEXEC, 3);
    file_put(s);
  }
  return h < 0 ? -errno : h;
}

/* ---- paths ---- */

static bool is_read_only(const struct mount_path *mp) { return (mp->flags & MOUNT_READ_ONLY) != 0; }

int files_open(const char *path, int flags, int mode) {
  struct mount_path mp;
  char norm[MOUNTS_PATH_MAX];
  int r = mounts_normalize(path, norm);
  if (r) return r;
  int dev = device_find(norm);
  int h;
  bool pfs = false;
  if (dev >= 0) {
    h = device_open(dev, flags);
  } else {
    r = mounts_lookup(norm, &mp);
    if (r) return r;
    if (is_read_only(&mp) && ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC))))
      return -EROFS;
    h = mounts_open_beneath(&mp, mp.rel, flags, mode);
    pfs = (mp.flags & MOUNT_PFS) != 0;
  }
  if (h < 0) return h;
  struct open_file *f = file_new(h);
  if (!f) {
    close(h);
    return -ENOMEM;
  }
  f->guest_path = strdup(norm);
  if (!f->guest_path) {
    file_put(f);
    return -ENOMEM;
  }
  struct stat st;
  if (pfs && fstat(h, &st) == 0 && S_ISDIR(st.st_mode)) {
    f->pfs = true;
    r = pfs_dir_build(h, &f->dir);
    if (r) {
      file_put(f);
      return r;
    }
  }
  return file_install(f);
}

int files_openat(int dirfd, const char *path, int flags, int mode) {
  if (!path) return -EFAULT;
  if (path[0] == '/' || dirfd == FILES_AT_FDCWD) return files_open(path, flags, mode);
  if (path[0] == '\0') return -ENOENT;
  struct open_file *d = file_get(dirfd);
  if (!d) return -EBADF;
  struct stat st;
  int r = 0;
  if (!d->guest_path || fstat(d->host_fd, &st) != 0 || !S_ISDIR(st.st_mode)) r = -ENOTDIR;
  char joined[MOUNTS_PATH_MAX];
  if (!r && snprintf(joined, sizeof joined, "%s/%s", d->guest_path, path) >= (int)sizeof joined)
    r = -ENAMETOOLONG;
  file_put(d);
  return r ? r : files_open(joined, flags, mode);
}

int files_close(int fd) {
  pthread_once(&files_once, files_init);
  if (fd < 0 || fd >= FILES_MAX) return -EBADF;
  pthread_mutex_lock(&files_lock);
  struct open_file *f = files_table[fd];
  files_table[fd] = NULL;
  pthread_mutex_unlock(&files_lock);
  if (!f) return -EBADF;
  file_put(f);
  return 0;
}

/* ---- data ---- */

static ssize_t pfs_read(struct open_file *f, void *buf, size_t n, int64_t off) {
  pthread_mutex_lock(&f->lock);
  uint64_t at = off < 0 ? f->pos : (uint64_t)off;
  size_t k = pfs_dir_read(&f->dir, at, buf, n);
  if (off < 0) f->pos += k;
  pthread_mutex_unlock(&f->lock);
  return (ssize_t)k;
}

static ssize_t host_read(int h, void *buf, size_t n, int64_t off) {
  for (;;) {
    ssize_t k = off < 0 ? read(h, buf, n) : pread(h, buf, n, (off_t)off);
    if (k >= 0) return k;
    if (errno != EINTR) return -errno;
  }
}

/* Writes all of BUF unless an error comes first (then the bytes done, or the error). */
static ssize_t host_write(int h, const void *buf, size_t n, int64_t off) {
  size_t done = 0;
  while (done < n) {
    const char *p = (const char *)buf + done;
    ssize_t k = off < 0 ? write(h, p, n - done) : pwrite(h, p, n - done, (off_t)(off + done));
    if (k < 0) {
      if (errno == EINTR) continue;
      if (done > 0) break;
      return -errno;
    }
    if (k == 0) break;
    done += (size_t)k;
  }
  return (ssize_t)done;
}

static ssize_t do_read(int fd, void *buf, size_t n, int64_t off) {
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  ssize_t r = f->pfs ? pfs_read(f, buf, n, off) : host_read(f->host_fd, buf, n, off);
  file_put(f);
  return r;
}

static ssize_t do_write(int fd, const void *buf, size_t n, int64_t off) {
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  ssize_t r = f->pfs ? -EISDIR : host_write(f->host_fd, buf, n, off);
  file_put(f);
  return r;
}

ssize_t files_read(int fd, void *buf, size_t n) { return do_read(fd, buf, n, -1); }
ssize_t files_write(int fd, const void *buf, size_t n) { return do_write(fd, buf, n, -1); }

ssize_t files_pread(int fd, void *buf, size_t n, int64_t off) {
  if (off < 0) return -EINVAL;
  return do_read(fd, buf, n, off);
}

ssize_t files_pwrite(int fd, const void *buf, size_t n, int64_t off) {
  if (off < 0) return -EINVAL;
  return do_write(fd, buf, n, off);
}

static ssize_t vector(int fd, const struct iovec *iov, int cnt, int64_t off, bool is_write) {
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  ssize_t r;
  if (f->pfs) {
    r = 0;
    for (int i = 0; !is_write && i < cnt; i++) {
      ssize_t k = pfs_read(f, iov[i].iov_base, iov[i].iov_len, off < 0 ? -1 : off + r);
      r += k;
      if ((size_t)k < iov[i].iov_len) break;
    }
    if (is_write) r = -EISDIR;
  } else {
    for (;;) {
      if (is_write)
        r = off < 0 ? writev(f->host_fd, iov, cnt) : pwritev(f->host_fd, iov, cnt, (off_t)off);
      else r = off < 0 ? readv(f->host_fd, iov, cnt) : preadv(f->host_fd, iov, cnt, (off_t)off);
      if (r >= 0 || errno != EINTR) break;
    }
    if (r < 0) r = -errno;
  }
  file_put(f);
  return r;
}

ssize_t files_readv(int fd, const struct iovec *iov, int cnt, int64_t off) {
  return vector(fd, iov, cnt, off, false);
}

ssize_t files_writev(int fd, const struct iovec *iov, int cnt, int64_t off) {
  return vector(fd, iov, cnt, off, true);
}

int64_t files_lseek(int fd, int64_t off, int whence) {
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  int64_t r;
  if (f->pfs) {
    pthread_mutex_lock(&f->lock);
    int64_t base = whence == SEEK_SET   ? 0
                   : whence == SEEK_CUR ? (int64_t)f->pos
                   : whence == SEEK_END ? (int64_t)f->dir.size
                                        : -1;
    if (base < 0 || (off < 0 && base + off < 0)) {
      r = -EINVAL;
    } else {
      f->pos = (uint64_t)(base + off);
      r = (int64_t)f->pos;
    }
    pthread_mutex_unlock(&f->lock);
  } else {
    off_t k = lseek(f->host_fd, (off_t)off, whence);
    r = k < 0 ? -errno : (int64_t)k;
  }
  file_put(f);
  return r;
}

int files_fstat(int fd, struct stat *st) {
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  int r = fstat(f->host_fd, st) == 0 ? 0 : -errno;
  if (r == 0 && f->pfs) {
    st->st_size = (off_t)f->dir.size;
    st->st_blksize = PFS_DIR_BLOCK;
    st->st_blocks = (blkcnt_t)(f->dir.size / 512);
  }
  file_put(f);
  return r;
}

int files_fsync(int fd) {
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  int r = fsync(f->host_fd) == 0 ? 0 : -errno;
  file_put(f);
  return r;
}

int files_ftruncate(int fd, int64_t len) {
  if (len < 0) return -EINVAL;
  struct open_file *f = file_get(fd);
  if (!f) return -EBADF;
  int r = ftruncate(f->host_fd, (off_t)len) == 0 ? 0 : -errno;
  file_put(f);
  return r;
}

int files_stat(const char *path, struct stat *st) {
  char norm[MOUNTS_PATH_MAX];
  int r = mounts_normalize(path, norm);
  if (r) return r;
  int dev = device_find(norm);
  int h;
  bool pfs = false;
  if (dev >= 0) {
    if (devices[dev].host) return stat(devices[dev].host, st) == 0 ? 0 : -errno;
    h = device_open(dev, O_RDONLY);
  } else {
    struct mount_path mp;
    r = mounts_lookup(norm, &mp);
    if (r) return r;
    h = mounts_open_beneath(&mp, mp.rel, O_PATH, 0);
    pfs = (mp.flags & MOUNT_PFS) != 0;
  }
  if (h < 0) return h;
  r = fstat(h, st) == 0 ? 0 : -errno;
  struct pfs_dir d;
  if (r == 0 && pfs && S_ISDIR(st->st_mode) && pfs_dir_build(h, &d) == 0) {
    /* the same size fstat gives an open descriptor of the directory */
    st->st_size = (off_t)d.size;
    st->st_blksize = PFS_DIR_BLOCK;
    st->st_blocks = (blkcnt_t)(d.size / 512);
    pfs_dir_free(&d);
  }
  close(h);
  return r;
}

int files_truncate(const char *path, int64_t len) {
  if (len < 0) return -EINVAL;
  struct mount_path mp;
  int r = mounts_lookup(path, &mp);
  if (r) return r;
  if (is_read_only(&mp)) return -EROFS;
  int h = mounts_open_beneath(&mp, mp.rel, O_WRONLY, 0);
  if (h < 0) return h;
  r = ftruncate(h, (off_t)len) == 0 ? 0 : -errno;
  close(h);
  return r;
}

int files_chmod(const char *path, int mode) {
  struct mount_path mp;
  int r = mounts_lookup(path, &mp);
  if (r) return r;
  int h = mounts_open_beneath(&mp, mp.rel, O_PATH, 0);
  if (h < 0) return h;
  if (is_read_only(&mp)) {
    close(h);
    return -EROFS;
  }
  /* an O_PATH descriptor names the file itself, already checked to be inside the mount */
  char self[64];
  snprintf(self, sizeof self, "/proc/self/fd/%d", h);
  r = chmod(self, (mode_t)(mode & 07777)) == 0 ? 0 : -errno;
  close(h);
  return r;
}

/* Resolves PATH for an operation on its last component: the parent folder's descriptor
 * (close it) and the component. Read-only mounts give -EROFS, the mount's own folder
 * ROOT_ERR. */
static int parent_of(const char *path, struct mount_path *mp, const char **leaf, int root_err) {
  int r = mounts_lookup(path, mp);
  if (r) return r;
  if (strcmp(mp->rel, ".") == 0) return root_err;
  if (is_read_only(mp)) return -EROFS;
  return mounts_open_parent(mp, leaf);
}

int files_mkdir(const char *path, int mode) {
  struct mount_path mp;
  const char *leaf;
  int d = parent_of(path, &mp, &leaf, -EEXIST);
  if (d < 0) return d;
  int r = mkdirat(d, leaf, (mode_t)(mode & 07777)) == 0 ? 0 : -errno;
  close(d);
  return r;
}

int files_rmdir(const char *path) {
  struct mount_path mp;
  const char *leaf;
  int d = parent_of(path, &mp, &leaf, -EBUSY);
  if (d < 0) return d;
  int r = unlinkat(d, leaf, AT_REMOVEDIR) == 0 ? 0 : -errno;
  close(d);
  return r;
}

int files_unlink(const char *path) {
  struct mount_path mp;
  const char *leaf;
  int d = parent_of(path, &mp, &leaf, -EPERM);
  if (d < 0) return d;
  /* FreeBSD's unlink of a directory is EPERM; Linux says EISDIR */
  int r = unlinkat(d, leaf, 0) == 0 ? 0 : errno == EISDIR ? -EPERM : -errno;
  close(d);
  return r;
}

int files_rename(const char *from, const char *to) {
  struct mount_path a, b;
  const char *la, *lb;
  int da = parent_of(from, &a, &la, -EBUSY);
  if (da < 0) return da;
  int db = parent_of(to, &b, &lb, -EBUSY);
  if (db < 0) {
    close(da);
    return db;
  }
  int r = a.root_fd != b.root_fd ? -EXDEV : renameat(da, la, db, lb) == 0 ? 0 : -errno;
  close(da);
  close(db);
  return r;
}

void files_reset(void) {
  pthread_once(&files_once, files_init);
  for (int i = 3; i < FILES_MAX; i++) files_close(i);
}
