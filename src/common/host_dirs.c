#include "common/host_dirs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>

bool host_dirs_make(const char *path) {
  char buf[PATH_MAX];
  if ((size_t)snprintf(buf, sizeof buf, "%s", path) >= sizeof buf) {
    errno = ENAMETOOLONG;
    return false;
  }
  for (char *p = buf + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) return false;
    *p = '/';
  }
  return mkdir(buf, 0755) == 0 || errno == EEXIST;
}
