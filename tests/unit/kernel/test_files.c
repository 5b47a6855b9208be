/* The guest descriptor table (kernel/files.h) over a temporary mount: lowest free
 * descriptors from 3 (0-2 are the host's standard streams, never closed on the host),
 * read-only mounts refuse writes with EROFS, paths outside every mount or climbing out with
 * ".." are ENOENT, and errors are -(host errno) as POSIX defines them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/files.h"
#include "kernel/mounts.h"

static char dir[] = "/tmp/prospero-files-XXXXXX";
static char ro_dir[64];

static int setup(void **state) {
  (void)state;
  if (!mkdtemp(dir)) return -1;
  snprintf(ro_dir, sizeof ro_dir, "%s/ro", dir);
  mkdir(ro_dir, 0755);
  char f[128];
  snprintf(f, sizeof f, "%s/ro/data", dir);
  FILE *h = fopen(f, "w");
  fputs("0123456789", h);
  fclose(h);
  mounts_clear();
  if (!mounts_add("/rw", dir, false) || !mounts_add("/ro", ro_dir, true)) return -1;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  files_reset();
  mounts_clear();
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

static void test_descriptors(void **state) {
  (void)state;
  int a = files_open("/rw/a", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int b = files_open("/rw/b", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  assert_int_equal(a, 3);
  assert_int_equal(b, 4);
  assert_int_equal(files_write(a, "hello", 5), 5);
  assert_int_equal(files_close(a), 0);
  assert_int_equal(files_close(a), -EBADF);
  assert_int_equal(files_open("/rw/a", O_RDONLY, 0), 3); /* lowest free again */
  char buf[8] = {0};
  assert_int_equal(files_read(3, buf, sizeof buf), 5);
  assert_memory_equal(buf, "hello", 5);
  assert_int_equal(files_lseek(3, 1, SEEK_SET), 1);
  assert_int_equal(files_read(3, buf, 2), 2);
  assert_memory_equal(buf, "el", 2);
  struct stat st;
  assert_int_equal(files_fstat(3, &st), 0);
  assert_int_equal(st.st_size, 5);
  assert_int_equal(files_close(3), 0);
  assert_int_equal(files_close(4), 0);
  assert_int_equal(files_read(-1, buf, 1), -EBADF);
  assert_int_equal(files_read(FILES_MAX, buf, 1), -EBADF);
  assert_int_equal(files_host_fd(1), 1); /* the standard streams are the host's */
}

static void test_paths(void **state) {
  (void)state;
  struct stat st;
  assert_int_equal(files_stat("/ro/data", &st), 0);
  assert_int_equal(st.st_size, 10);
  assert_int_equal(files_open("/ro/data", O_WRONLY, 0), -EROFS);
  assert_int_equal(files_open("/ro/new", O_RDONLY | O_CREAT, 0644), -EROFS);
  assert_int_equal(files_mkdir("/ro/d", 0755), -EROFS);
  assert_int_equal(files_unlink("/ro/data"), -EROFS);
  assert_int_equal(files_rename("/ro/data", "/rw/x"), -EROFS);
  assert_int_equal(files_stat("/elsewhere/x", &st), -ENOENT);
  assert_int_equal(files_stat("/rw/../etc/passwd", &st), -ENOENT);
  assert_int_equal(files_stat("relative", &st), -ENOENT);
  assert_int_equal(files_stat(NULL, &st), -EFAULT);
  assert_int_equal(files_mkdir("/rw/d", 0755), 0);
  assert_int_equal(files_mkdir("/rw/d", 0755), -EEXIST);
  int fd = files_open("/rw/d/f", O_WRONLY | O_CREAT, 0644);
  assert_true(fd >= 3);
  files_close(fd);
  assert_int_equal(files_rename("/rw/d/f", "/rw/d/g"), 0);
  assert_int_equal(files_stat("/rw/d/f", &st), -ENOENT);
  assert_int_equal(files_unlink("/rw/d/g"), 0);
  assert_int_equal(files_unlink("/rw/d/g"), -ENOENT);
}

/* Descriptors shared by threads: readers pread while another thread closes and reopens;
 * a close never pulls the host descriptor from under a read in progress (each read sees
 * either EBADF or the file's bytes, never another file's). */
#include <pthread.h>

static atomic_int stop;
static int shared_fd;

static void *reader(void *arg) {
  (void)arg;
  char b[10];
  long bad = 0;
  while (!atomic_load(&stop)) {
    ssize_t k = files_pread(shared_fd, b, 10, 0);
    if (k == 10 && memcmp(b, "0123456789", 10) != 0) bad++;
    if (k != 10 && k != -EBADF) bad++;
  }
  return (void *)bad;
}

static void test_close_during_reads(void **state) {
  (void)state;
  shared_fd = files_open("/ro/data", O_RDONLY, 0);
  assert_true(shared_fd >= 3);
  int other = files_open("/rw/other", O_RDWR | O_CREAT | O_TRUNC, 0644);
  assert_true(other >= 3);
  assert_int_equal(files_write(other, "abcdefghij", 10), 10);
  pthread_t t[4];
  for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&t[i], NULL, reader, NULL), 0);
  for (int round = 0; round < 2000; round++) {
    assert_int_equal(files_close(shared_fd), 0);
    int fd = files_open("/ro/data", O_RDONLY, 0);
    assert_int_equal(fd, shared_fd); /* lowest free: the same number again */
  }
  atomic_store(&stop, 1);
  for (int i = 0; i < 4; i++) {
    void *bad;
    pthread_join(t[i], &bad);
    assert_int_equal((long)bad, 0);
  }
  files_close(shared_fd);
  files_close(other);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_descriptors),
      cmocka_unit_test(test_paths),
      cmocka_unit_test(test_close_during_reads),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
