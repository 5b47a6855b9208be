#define _GNU_SOURCE
#include "kernel/mounts.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/log.h"

struct mount {
  char guest[64];
  char host[4096];
  unsigned flags;
  int root_fd; /* opened on first use (the folder may be created after the mount) */
};

static pthread_mutex_t mounts_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mount mounts_table[MOUNTS_MAX];
static size_t mounts_count;
/* folder descriptors of removed mounts, closed late (see mounts_remove) */
static int mounts_retired[MOUNTS_RETIRED_MAX];
static size_t mounts_retired_next;

bool mounts_add_flags(const char *guest_point, const char *host_dir, unsigned flags) {
  size_t glen = strlen(guest_point);
  if (glen < 2 || glen >= sizeof mounts_table[0].guest || guest_point[0] != '/' ||
      guest_point[glen - 1] == '/' || strlen(host_dir) >= sizeof mounts_table[0].host) {
    LOG(kernel, ERROR, "mount: malformed mount point '%s' -> '%s'", guest_point, host_dir);
    return false;
  }
  pthread_mutex_lock(&mounts_lock);
  bool ok = mounts_count < MOUNTS_MAX;
  for (size_t i = 0; ok && i < mounts_count; i++)
    if (strcmp(mounts_table[i].guest, guest_point) == 0) ok = false;
  if (ok) {
    struct mount *m = &mounts_table[mounts_count++];
    snprintf(m->guest, sizeof m->guest, "%s", guest_point);
    snprintf(m->host, sizeof m->host, "%s", host_dir);
    m->flags = flags;
    m->root_fd = -1;
    LOG(kernel, INFO, "mount %s -> %s%s%s", guest_point, host_dir,
        flags & MOUNT_READ_ONLY ? " (read-only)" : "",
        flags & MOUNT_CASE_FOLD ? " (case-insensitive)" : "");
  } else {
    LOG(kernel, ERROR, "mount: cannot add %s (table full or already mounted)", guest_point);
  }
  pthread_mutex_unlock(&mounts_lock);
  return ok;
}

bool mounts_add(const char *guest_point, const char *host_dir, bool read_only) {
  return mounts_add_flags(guest_point, host_dir, read_only ? MOUNT_READ_ONLY : 0);
}

bool mounts_remove(const char *guest_point) {
  pthread_mutex_lock(&mounts_lock);
  bool found = false;
  for (size_t i = 0; i < mounts_count && !found; i++) {
    if (strcmp(mounts_table[i].guest, guest_point) != 0) continue;
    found = true;
    if (mounts_table[i].root_fd >= 0) {
      int *slot = &mounts_retired[mounts_retired_next++ % MOUNTS_RETIRED_MAX];
      if (*slot > 0) close(*slot);
      *slot = mounts_table[i].root_fd;
    }
    memmove(&mounts_table[i], &mounts_table[i + 1],
            (mounts_count - i - 1) * sizeof mounts_table[0]);
    mounts_count--;
  }
  pthread_mutex_unlock(&mounts_lock);
  if (found) LOG(kernel, INFO, "unmount %s", guest_point);
  return found;
}

int mounts_normalize(const char *in, char *out) {
  if (!in) return -EFAULT;
  size_t len = strnlen(in, MOUNTS_PATH_MAX);
  if (len == MOUNTS_PATH_MAX) return -ENAMETOOLONG;
  if (len == 0 || in[0] != '/') return -ENOENT;
  size_t o = 0; /* OUT holds "/c1/c2" without the trailing slash; o = its length */
  for (size_t i = 0; i < len;) {
    while (i < len && in[i] == '/') i++;
    size_t s = i;
    while (i < len && in[i] != '/') i++;
    size_t n = i - s;
    if (n == 0 || (n == 1 && in[s] == '.')) continue;
    if (n > MOUNTS_NAME_MAX) return -ENAMETOOLONG;
    if (n == 2 && in[s] == '.' && in[s + 1] == '.') {
      while (o > 0 && out[o - 1] != '/') o--; /* drop the last component */
      if (o > 0) o--;                         /* and its slash; "/.." is "/" */
      continue;
    }
    if (o + 1 + n >= MOUNTS_PATH_MAX) return -ENAMETOOLONG;
    out[o++] = '/';
    memcpy(out + o, in + s, n);
    o += n;
  }
  if (o == 0) out[o++] = '/';
  out[o] = '\0';
  return 0;
}

/* The mount NORM (normalised) lies in, or NULL; *REST points at what follows its point. */
static struct mount *match(const char *norm, const char **rest) {
  struct mount *best = NULL;
  size_t best_len = 0;
  for (size_t i = 0; i < mounts_count; i++) {
    struct mount *m = &mounts_table[i];
    size_t glen = strlen(m->guest);
    if (strncmp(norm, m->guest, glen) != 0) continue;
    if (norm[glen] != '\0' && norm[glen] != '/') continue;
    if (glen > best_len) best = m, best_len = glen;
  }
  if (best) *rest = norm + best_len;
  return best;
}

int mounts_lookup(const char *guest_path, struct mount_path *out) {
  int r = mounts_normalize(guest_path, out->norm);
  if (r) return r;
  pthread_mutex_lock(&mounts_lock);
  const char *rest = NULL;
  struct mount *m = match(out->norm, &rest);
  r = -ENOENT;
  if (m) {
    if (m->root_fd < 0) m->root_fd = open(m->host, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (m->root_fd >= 0) {
      out->root_fd = m->root_fd;
      out->flags = m->flags;
      snprintf(out->rel, sizeof out->rel, "%s", rest[0] ? rest + 1 : ".");
      r = 0;
    } else {
      LOG_ONCE(kernel, WARN, "mount %s: cannot open %s: %s", m->guest, m->host, strerror(errno));
    }
  }
  pthread_mutex_unlock(&mounts_lock);
  return r;
}

static int open_beneath(int dirfd, const char *rel, int flags, int mode) {
  struct open_how how = {
      .flags = (uint64_t)(flags | O_CLOEXEC),
      .mode = (flags & O_CREAT) ? (uint64_t)(mode & 07777) : 0,
      .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
  };
  for (;;) {
    long fd = syscall(SYS_openat2, dirfd, rel, &how, sizeof how);
    if (fd >= 0) return (int)fd;
    if (errno == EINTR || errno == EAGAIN) continue;
    if (errno == EXDEV) return -ENOENT; /* the lookup tried to leave the mount */
    return -errno;
  }
}

/* Rewrites REL (in place) so each component takes the spelling found on the host when only
 * a case-insensitive match exists. False when some component has no match at all. */
static bool fold_case(int root_fd, char *rel) {
  int dir = open_beneath(root_fd, ".", O_PATH | O_DIRECTORY, 0);
  if (dir < 0) return false;
  bool ok = true;
  for (char *c = rel; ok && *c;) {
    char *end = strchr(c, '/');
    size_t n = end ? (size_t)(end - c) : strlen(c);
    char name[MOUNTS_NAME_MAX + 1];
    memcpy(name, c, n);
    name[n] = '\0';
    struct stat st;
    if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
      ok = false;
      int rd = openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      DIR *d = rd >= 0 ? fdopendir(rd) : NULL;
      if (!d && rd >= 0) close(rd);
      for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        if (strlen(e->d_name) == n && strcasecmp(e->d_name, name) == 0) {
          memcpy(c, e->d_name, n);
          memcpy(name, e->d_name, n);
          ok = true;
          break;
        }
      if (d) closedir(d);
    }
    if (ok && end) {
      int next = open_beneath(dir, name, O_PATH | O_DIRECTORY, 0);
      close(dir);
      dir = next;
      ok = dir >= 0;
    }
    c = end ? end + 1 : c + n;
  }
  if (dir >= 0) close(dir);
  return ok;
}

int mounts_open_beneath(const struct mount_path *mp, const char *rel, int how_flags, int mode) {
  int fd = open_beneath(mp->root_fd, rel, how_flags, mode);
  if (fd != -ENOENT || !(mp->flags & MOUNT_CASE_FOLD) || strcmp(rel, ".") == 0) return fd;
  char folded[MOUNTS_PATH_MAX];
  snprintf(folded, sizeof folded, "%s", rel);
  if (!fold_case(mp->root_fd, folded) || strcmp(folded, rel) == 0) return fd;
  return open_beneath(mp->root_fd, folded, how_flags, mode);
}

int mounts_open_parent(const struct mount_path *mp, const char **leaf) {
  if (strcmp(mp->rel, ".") == 0) return -EBUSY;
  const char *slash = strrchr(mp->rel, '/');
  if (!slash) {
    *leaf = mp->rel;
    return open_beneath(mp->root_fd, ".", O_PATH | O_DIRECTORY, 0);
  }
  char parent[MOUNTS_PATH_MAX];
  size_t n = (size_t)(slash - mp->rel);
  memcpy(parent, mp->rel, n);
  parent[n] = '\0';
  *leaf = slash + 1;
  return mounts_open_beneath(mp, parent, O_PATH | O_DIRECTORY, 0);
}

bool mounts_resolve(const char *guest_path, char *out, size_t cap, bool *read_only) {
  char norm[MOUNTS_PATH_MAX];
  if (mounts_normalize(guest_path, norm) != 0) return false;
  pthread_mutex_lock(&mounts_lock);
  const char *rest = NULL;
  struct mount *m = match(norm, &rest);
  bool ok = false;
  if (m) {
    int n = snprintf(out, cap, "%s%s", m->host, rest);
    ok = n >= 0 && (size_t)n < cap;
    if (ok && read_only) *read_only = (m->flags & MOUNT_READ_ONLY) != 0;
  }
  pthread_mutex_unlock(&mounts_lock);
  return ok;
}

void mounts_clear(void) {
  pthread_mutex_lock(&mounts_lock);
  for (size_t i = 0; i < mounts_count; i++)
    if (mounts_table[i].root_fd >= 0) close(mounts_table[i].root_fd);
  mounts_count = 0;
  for (size_t i = 0; i < MOUNTS_RETIRED_MAX; i++)
    if (mounts_retired[i] > 0) close(mounts_retired[i]), mounts_retired[i] = 0;
  pthread_mutex_unlock(&mounts_lock);
}
