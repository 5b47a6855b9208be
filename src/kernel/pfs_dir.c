#define _GNU_SOURCE
#include "kernel/pfs_dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct entry {
  char name[256];
  uint32_t ino;
  uint32_t type;
};

static int by_name(const void *a, const void *b) {
  return strcmp(((const struct entry *)a)->name, ((const struct entry *)b)->name);
}

static size_t record_len(size_t namlen) {
  return (PFS_DIR_RECORD_HEADER + namlen + 1 + 7) & ~(size_t)7;
}

int pfs_dir_build(int dir_fd, struct pfs_dir *out) {
  memset(out, 0, sizeof *out);
  int rd = openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (rd < 0) return -errno;
  DIR *d = fdopendir(rd);
  if (!d) {
    int e = errno;
    close(rd);
    return -e;
  }
  struct entry *list = NULL;
  size_t n = 0, cap = 0;
  struct stat self;
  if (fstat(rd, &self) != 0) self.st_ino = 0;
  int err = 0;
  for (struct dirent *e; (e = readdir(d)) != NULL;) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 32;
      struct entry *grown = realloc(list, cap * sizeof *list);
      if (!grown) {
        err = -ENOMEM;
        break;
      }
      list = grown;
    }
    struct entry *x = &list[n++];
    strncpy(x->name, e->d_name, sizeof x->name - 1);
    x->name[sizeof x->name - 1] = '\0';
    x->ino = (uint32_t)e->d_ino;
    unsigned char t = e->d_type;
    if (t == DT_UNKNOWN) { /* never follows a link: the package has none of its own */
      struct stat st;
      t = fstatat(rd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode) ? DT_DIR
                                                                                       : DT_REG;
    }
    x->type = t == DT_DIR ? PFS_DIR_TYPE_DIR : PFS_DIR_TYPE_FILE;
  }
  closedir(d);
  if (err) {
    free(list);
    return err;
  }
  if (n) qsort(list, n, sizeof *list, by_name);
  size_t used = record_len(1) + record_len(2);
  for (size_t i = 0; i < n; i++) used += record_len(strlen(list[i].name));
  uint8_t *img = calloc(1, used);
  if (!img) {
    free(list);
    return -ENOMEM;
  }
  size_t at = 0;
  for (size_t i = 0; i < n + 2; i++) {
    const char *name = i == 0 ? "." : i == 1 ? ".." : list[i - 2].name;
    uint32_t f[4];
    f[0] = i < 2 ? (uint32_t)self.st_ino : list[i - 2].ino;
    f[1] = i < 2 ? PFS_DIR_TYPE_DIR : list[i - 2].type;
    f[2] = (uint32_t)strlen(name);
    f[3] = (uint32_t)record_len(f[2]);
    memcpy(img + at, f, sizeof f);
    memcpy(img + at + PFS_DIR_RECORD_HEADER, name, f[2]);
    at += f[3];
  }
  free(list);
  out->image = img;
  out->used = used;
  out->size = (used + PFS_DIR_BLOCK - 1) / PFS_DIR_BLOCK * PFS_DIR_BLOCK;
  return 0;
}

size_t pfs_dir_read(const struct pfs_dir *d, uint64_t off, void *buf, size_t n) {
  if (off >= d->size) return 0;
  if (n > d->size - off) n = (size_t)(d->size - off);
  size_t from_image = off < d->used ? d->used - (size_t)off : 0;
  if (from_image > n) from_image = n;
  if (from_image) memcpy(buf, d->image + off, from_image);
  memset((uint8_t *)buf + from_image, 0, n - from_image);
  return n;
}

void pfs_dir_free(struct pfs_dir *d) {
  free(d->image);
  memset(d, 0, sizeof *d);
}
