/* Fuzz target for guest path translation (kernel/mounts.h, files.h). The input's first byte
 * picks an operation, the rest (up to its first NUL, as a guest string ends) is the path.
 * A temporary tree is mounted once: /w writable with links leading out (absolute and
 * climbing) and in, /pkg read-only and case-insensitive. Opens with a first byte of 100 or
 * more go through openat relative to a descriptor of /w/sub (files_openat). After every
 * input the folder outside the mounts must be exactly as planted, else the target aborts. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/files.h"
#include "kernel/mounts.h"

static char root[] = "/tmp/prospero-fuzz-path-XXXXXX";
static char outside[128], secret[160];
static struct stat secret_st, outside_st;

static void plant(void) {
  if (!mkdtemp(root)) abort();
  char p[256];
  snprintf(outside, sizeof outside, "%s/outside", root);
  snprintf(secret, sizeof secret, "%s/secret", outside);
  mkdir(outside, 0755);
  FILE *f = fopen(secret, "w");
  if (!f) abort();
  fputs("secret", f);
  fclose(f);
  snprintf(p, sizeof p, "%s/w", root);
  mkdir(p, 0755);
  snprintf(p, sizeof p, "%s/w/sub", root);
  mkdir(p, 0755);
  snprintf(p, sizeof p, "%s/w/abs", root);
  if (symlink(outside, p) != 0) abort();
  snprintf(p, sizeof p, "%s/w/rel", root);
  if (symlink("../outside", p) != 0) abort();
  snprintf(p, sizeof p, "%s/w/file", root);
  if (symlink(secret, p) != 0) abort();
  snprintf(p, sizeof p, "%s/pkg", root);
  mkdir(p, 0755);
  snprintf(p, sizeof p, "%s/pkg/Data", root);
  mkdir(p, 0755);
  snprintf(p, sizeof p, "%s/w", root);
  mounts_add("/w", p, false);
  snprintf(p, sizeof p, "%s/pkg", root);
  mounts_add_flags("/pkg", p, MOUNT_READ_ONLY | MOUNT_CASE_FOLD | MOUNT_PFS);
  if (stat(secret, &secret_st) != 0 || stat(outside, &outside_st) != 0) abort();
}

static void check_outside(void) {
  struct stat s, o;
  if (stat(secret, &s) != 0 || stat(outside, &o) != 0) abort();
  if (s.st_size != secret_st.st_size || s.st_mode != secret_st.st_mode ||
      s.st_mtim.tv_nsec != secret_st.st_mtim.tv_nsec ||
      s.st_mtim.tv_sec != secret_st.st_mtim.tv_sec || o.st_nlink != outside_st.st_nlink ||
      o.st_mtim.tv_sec != outside_st.st_mtim.tv_sec ||
      o.st_mtim.tv_nsec != outside_st.st_mtim.tv_nsec)
    abort(); /* something outside the mounts changed */
}

static void check_normalized(const char *in) {
  char out[MOUNTS_PATH_MAX];
  if (mounts_normalize(in, out) != 0) return;
  size_t n = strlen(out);
  if (out[0] != '/' || n >= MOUNTS_PATH_MAX || (n > 1 && out[n - 1] == '/')) abort();
  if (strstr(out, "//") || strstr(out, "/./") || strstr(out, "/../")) abort();
  if (n >= 2 && strcmp(out + n - 2, "/.") == 0) abort();
  if (n >= 3 && strcmp(out + n - 3, "/..") == 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int planted;
  if (!planted) {
    plant();
    planted = 1;
  }
  if (size < 1) return 0;
  char path[MOUNTS_PATH_MAX + 64];
  size_t n = size - 1 < sizeof path - 1 ? size - 1 : sizeof path - 1;
  memcpy(path, data + 1, n);
  path[n] = '\0';
  check_normalized(path);
  struct stat st;
  char other[MOUNTS_PATH_MAX + 8];
  snprintf(other, sizeof other, "/w/%u", data[0]);
  static int wdir = -1;
  if (wdir < 0) {
    files_mkdir("/w/sub", 0755);
    wdir = files_open("/w/sub", O_RDONLY | O_DIRECTORY, 0);
    if (wdir < 0) abort();
  }
  bool at = data[0] >= 100;
  switch (data[0] % 10) {
    case 0: files_stat(path, &st); break;
    case 1: {
      int fd = at ? files_openat(wdir, path, O_RDONLY, 0) : files_open(path, O_RDONLY, 0);
      if (fd >= 0) {
        char b[64];
        files_read(fd, b, sizeof b);
        files_close(fd);
      }
      break;
    }
    case 2: {
      int flags = O_WRONLY | O_CREAT | O_TRUNC;
      int fd = at ? files_openat(wdir, path, flags, 0644) : files_open(path, flags, 0644);
      if (fd >= 0) {
        files_write(fd, "x", 1);
        files_close(fd);
      }
      break;
    }
    case 3: files_mkdir(path, 0755); break;
    case 4: files_rmdir(path); break;
    case 5: files_unlink(path); break;
    case 6:
      files_rename(path, other);
      files_rename(other, path);
      break;
    case 7: files_truncate(path, 0); break;
    case 8: files_chmod(path, 0777); break;
    default: {
      int fd = files_open(path, O_WRONLY | O_APPEND, 0);
      if (fd >= 0) {
        files_write(fd, "y", 1);
        files_close(fd);
      }
      break;
    }
  }
  check_outside();
  return 0;
}
