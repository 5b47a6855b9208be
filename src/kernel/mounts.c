#include "kernel/mounts.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "common/log.h"

struct mount {
  char guest[64];
  char host[4096];
  bool read_only;
};

static pthread_mutex_t mounts_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mount mounts_table[MOUNTS_MAX];
static size_t mounts_count;

bool mounts_add(const char *guest_point, const char *host_dir, bool read_only) {
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
    m->read_only = read_only;
    LOG(kernel, INFO, "mount %s -> %s%s", guest_point, host_dir, read_only ? " (read-only)" : "");
  } else {
    LOG(kernel, ERROR, "mount: cannot add %s (table full or already mounted)", guest_point);
  }
  pthread_mutex_unlock(&mounts_lock);
  return ok;
}

/* True if PATH contains a ".." component. */
static bool path_climbs(const char *path) {
  for (const char *p = path; (p = strstr(p, "..")) != NULL; p += 2)
    if ((p == path || p[-1] == '/') && (p[2] == '\0' || p[2] == '/')) return true;
  return false;
}

bool mounts_resolve(const char *guest_path, char *out, size_t cap, bool *read_only) {
  if (!guest_path || guest_path[0] != '/' || path_climbs(guest_path)) return false;
  pthread_mutex_lock(&mounts_lock);
  bool ok = false;
  for (size_t i = 0; i < mounts_count && !ok; i++) {
    const struct mount *m = &mounts_table[i];
    size_t glen = strlen(m->guest);
    if (strncmp(guest_path, m->guest, glen) != 0) continue;
    if (guest_path[glen] != '\0' && guest_path[glen] != '/') continue;
    int n = snprintf(out, cap, "%s%s", m->host, guest_path + glen);
    ok = n >= 0 && (size_t)n < cap;
    if (ok && read_only) *read_only = m->read_only;
  }
  pthread_mutex_unlock(&mounts_lock);
  return ok;
}

void mounts_clear(void) {
  pthread_mutex_lock(&mounts_lock);
  mounts_count = 0;
  pthread_mutex_unlock(&mounts_lock);
}
