/* Mount paths (kernel/mounts.h, files.h) against a temporary host tree: normalisation as the
 * console walks a path from its root, nothing outside a mount reachable (links absolute or
 * climbing, "..", host paths), SCE_KERNEL_PATH_MAX and NAME_MAX, the case-insensitive retry
 * of MOUNT_CASE_FOLD mounts, PFS directory images. Errors are -(host errno). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/files.h"
#include "kernel/mounts.h"
#include "kernel/pfs_dir.h"

static char root[] = "/tmp/prospero-mounts-XXXXXX";

static void put(const char *rel, const char *text) {
  char p[256];
  snprintf(p, sizeof p, "%s/%s", root, rel);
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static void dir(const char *rel) {
  char p[256];
  snprintf(p, sizeof p, "%s/%s", root, rel);
  assert_int_equal(mkdir(p, 0755), 0);
}

static void link_to(const char *target, const char *rel) {
  char p[256];
  snprintf(p, sizeof p, "%s/%s", root, rel);
  assert_int_equal(symlink(target, p), 0);
}

static int setup(void **state) {
  (void)state;
  if (!mkdtemp(root)) return -1;
  dir("w");
  dir("w/sub");
  dir("pkg");
  dir("pkg/Data");
  dir("outside");
  put("outside/secret", "s");
  put("w/sub/f", "f");
  put("pkg/Data/Level1.BIN", "L");
  put("pkg/eboot.bin", "E");
  char abs_out[256];
  snprintf(abs_out, sizeof abs_out, "%s/outside", root);
  link_to(abs_out, "w/abs");
  link_to("../outside", "w/rel");
  link_to("sub", "w/in");
  mounts_clear();
  if (!mounts_add("/w", strcat(strcpy((char[256]){0}, root), "/w"), false)) return -1;
  char pkg[256];
  snprintf(pkg, sizeof pkg, "%s/pkg", root);
  if (!mounts_add_flags("/pkg", pkg, MOUNT_READ_ONLY | MOUNT_CASE_FOLD | MOUNT_PFS)) return -1;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  files_reset();
  mounts_clear();
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  return system(cmd) == 0 ? 0 : -1;
}

static void test_normalize(void **state) {
  (void)state;
  static const struct {
    const char *in, *out;
    int r;
  } cases[] = {
      {"/", "/", 0},           {"//a///b/", "/a/b", 0},
      {"/a/./b/.", "/a/b", 0}, {"/a/b/../c", "/a/c", 0},
      {"/..", "/", 0},         {"/../../a", "/a", 0},
      {"/a/..", "/", 0},       {"/a/...", "/a/...", 0},
      {"/a/..b", "/a/..b", 0}, {"", NULL, -ENOENT},
      {"a/b", NULL, -ENOENT},
  };
  char out[MOUNTS_PATH_MAX];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int r = mounts_normalize(cases[i].in, out);
    if (r != cases[i].r) fail_msg("'%s': %d, expected %d", cases[i].in, r, cases[i].r);
    if (!r && strcmp(out, cases[i].out) != 0)
      fail_msg("'%s' -> '%s', expected '%s'", cases[i].in, out, cases[i].out);
  }
  assert_int_equal(mounts_normalize(NULL, out), -EFAULT);
  static char p[MOUNTS_PATH_MAX + 8];
  memset(p, 'a', sizeof p);
  p[0] = '/';
  for (int i = 200; i < MOUNTS_PATH_MAX; i += 200) p[i] = '/';
  p[MOUNTS_PATH_MAX - 1] = '\0'; /* 1023 characters */
  assert_int_equal(mounts_normalize(p, out), 0);
  p[MOUNTS_PATH_MAX - 1] = 'a';
  p[MOUNTS_PATH_MAX] = '\0'; /* 1024 characters */
  assert_int_equal(mounts_normalize(p, out), -ENAMETOOLONG);
  char comp[300] = "/";
  memset(comp + 1, 'c', 255);
  comp[256] = '\0';
  assert_int_equal(mounts_normalize(comp, out), 0);
  comp[256] = 'c';
  comp[257] = '\0';
  assert_int_equal(mounts_normalize(comp, out), -ENAMETOOLONG);
}

static void test_escapes(void **state) {
  (void)state;
  struct stat st;
  assert_int_equal(files_stat("/w/sub/f", &st), 0);
  assert_int_equal(files_stat("/w/in/f", &st), 0);             /* a link inside */
  assert_int_equal(files_stat("/w/abs/secret", &st), -ENOENT); /* absolute link out */
  assert_int_equal(files_stat("/w/rel/secret", &st), -ENOENT); /* climbing link out */
  assert_int_equal(files_open("/w/abs/new", O_WRONLY | O_CREAT, 0644), -ENOENT);
  assert_int_equal(files_mkdir("/w/rel/d", 0755), -ENOENT);
  assert_int_equal(files_unlink("/w/abs/secret"), -ENOENT);
  assert_int_equal(files_rename("/w/abs/secret", "/w/x"), -ENOENT);
  assert_int_equal(files_truncate("/w/abs/secret", 0), -ENOENT);
  assert_int_equal(files_chmod("/w/abs/secret", 0777), -ENOENT);
  assert_int_equal(files_stat("/w/../outside/secret", &st), -ENOENT);
  assert_int_equal(files_stat("/w/sub/../../outside/secret", &st), -ENOENT);
  char host[300];
  snprintf(host, sizeof host, "%s/outside/secret", root);
  assert_int_equal(files_stat(host, &st), -ENOENT); /* a host path is no guest path */
  assert_int_equal(files_stat("/w/../w/sub/f", &st), 0);
  assert_int_equal(files_rmdir("/w"), -EBUSY);
  assert_int_equal(files_mkdir("/w", 0755), -EEXIST);
  assert_int_equal(files_rename("/w/sub/f", "/pkg/f"), -EROFS);
  /* the outside folder still holds its one file, unchanged (chmod and truncate refused) */
  assert_int_equal(stat(host, &st), 0);
  assert_int_equal(st.st_size, 1);
  assert_int_not_equal(st.st_mode & 0777, 0777);
  char p[300];
  snprintf(p, sizeof p, "%s/outside/new", root);
  assert_int_equal(access(p, F_OK), -1);
  snprintf(p, sizeof p, "%s/outside/d", root);
  assert_int_equal(access(p, F_OK), -1);
}

static void test_case_fold(void **state) {
  (void)state;
  struct stat st;
  assert_int_equal(files_stat("/pkg/data/level1.bin", &st), 0);
  assert_int_equal(files_stat("/pkg/DATA/LEVEL1.BIN", &st), 0);
  assert_int_equal(files_stat("/pkg/Data/Level1.BIN", &st), 0);
  assert_int_equal(files_stat("/pkg/data/level2.bin", &st), -ENOENT);
  int fd = files_open("/pkg/EBOOT.BIN", O_RDONLY, 0);
  assert_true(fd >= 3);
  char c;
  assert_int_equal(files_read(fd, &c, 1), 1);
  assert_int_equal(c, 'E');
  files_close(fd);
  assert_int_equal(files_stat("/W/sub/f", &st), -ENOENT); /* the mount point itself */
  assert_int_equal(files_stat("/w/SUB/f", &st), -ENOENT); /* other mounts: exact */
}

/* A mount added at run time (save data) and removed again: its files are reachable only
 * while it is mounted, a read-only one refuses writes, a descriptor opened before the
 * removal keeps working, and the point can be mounted again. */
static void test_remove(void **state) {
  (void)state;
  char w[256];
  snprintf(w, sizeof w, "%s/w/sub", root);
  struct stat st;
  assert_false(mounts_remove("/sd0"));
  assert_true(mounts_add("/sd0", w, true));
  assert_false(mounts_add("/sd0", w, false)); /* already mounted */
  assert_int_equal(files_stat("/sd0/f", &st), 0);
  assert_int_equal(files_open("/sd0/new", O_WRONLY | O_CREAT, 0644), -EROFS);
  int fd = files_open("/sd0/f", O_RDONLY, 0);
  assert_true(fd >= 3);
  assert_true(mounts_remove("/sd0"));
  assert_false(mounts_remove("/sd0"));
  assert_int_equal(files_stat("/sd0/f", &st), -ENOENT);
  char c;
  assert_int_equal(files_read(fd, &c, 1), 1);
  assert_int_equal(c, 'f');
  files_close(fd);
  assert_int_equal(files_stat("/w/sub/f", &st), 0); /* the other mounts are untouched */
  assert_true(mounts_add("/sd0", w, false));
  fd = files_open("/sd0/new", O_WRONLY | O_CREAT, 0644);
  assert_true(fd >= 3);
  files_close(fd);
  assert_true(mounts_remove("/sd0"));
  for (int i = 0; i < MOUNTS_RETIRED_MAX + 3; i++) { /* retired descriptors are recycled */
    assert_true(mounts_add("/sd1", w, false));
    assert_int_equal(files_stat("/sd1/new", &st), 0);
    assert_true(mounts_remove("/sd1"));
  }
}

static void test_pfs_directory(void **state) {
  (void)state;
  int fd = files_open("/pkg/data", O_RDONLY, 0);
  assert_true(fd >= 3);
  static uint8_t buf[PFS_DIR_BLOCK + 64];
  assert_int_equal(files_read(fd, buf, sizeof buf), PFS_DIR_BLOCK);
  uint32_t rec[4];
  memcpy(rec, buf, 16); /* "." */
  assert_int_equal(rec[1], PFS_DIR_TYPE_DIR);
  assert_int_equal(rec[2], 1);
  assert_int_equal(rec[3], 24);
  memcpy(rec, buf + 24, 16); /* ".." */
  assert_int_equal(rec[2], 2);
  assert_int_equal(rec[3], 24);
  memcpy(rec, buf + 48, 16); /* Level1.BIN: 16 + 10 + 1 = 27 -> 32 */
  assert_int_equal(rec[1], PFS_DIR_TYPE_FILE);
  assert_int_equal(rec[2], 10);
  assert_int_equal(rec[3], 32);
  assert_memory_equal(buf + 64, "Level1.BIN", 11);
  assert_int_equal(buf[80], 0); /* nothing after */
  struct stat st;
  assert_int_equal(files_fstat(fd, &st), 0);
  assert_int_equal(st.st_size, PFS_DIR_BLOCK);
  assert_int_equal(files_lseek(fd, 48, SEEK_SET), 48);
  assert_int_equal(files_pread(fd, buf, 4, 52), 4);
  memcpy(rec, buf, 4);
  assert_int_equal(rec[0], PFS_DIR_TYPE_FILE);
  assert_int_equal(files_write(fd, "x", 1), -EISDIR);
  files_close(fd);
  assert_int_equal(files_stat("/pkg/Data", &st), 0);
  assert_int_equal(st.st_size, PFS_DIR_BLOCK);
  assert_int_equal(files_stat("/pkg/Data/Level1.BIN", &st), 0);
  assert_int_equal(st.st_size, 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_normalize), cmocka_unit_test(test_escapes),
      cmocka_unit_test(test_case_fold), cmocka_unit_test(test_pfs_directory),
      cmocka_unit_test(test_remove),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
