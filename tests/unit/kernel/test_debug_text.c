/* The kernel debug-text channel (kernel/debug_text.h): mdbg_service command 7 and the
 * common writer print the guest's text as written (no prefix, no newline added) to the
 * chosen output; unreadable text is EFAULT (14), other commands ENOSYS (78, FreeBSD). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kernel/debug_text.h"

static char path[] = "/tmp/prospero-debug-text-XXXXXX";

static char *read_all(void) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char buf[1 << 17];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  return buf;
}

static void test_debug_text(void **state) {
  (void)state;
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_true(kernel_debug_text_open(path));
  assert_int_equal(kernel_sys_mdbg_service(KERNEL_MDBG_CMD_DEBUG_TEXT,
                                           (uint64_t)(uintptr_t)"Hello, world!\n", 0), 0);
  assert_int_equal(kernel_sys_mdbg_service(7, (uint64_t)(uintptr_t)"no newline", 0), 0);
  assert_int_equal(kernel_sys_mdbg_service(7, (uint64_t)(uintptr_t)"", 0), 0);
  kernel_debug_text_write(" + direct\n", 10);
  assert_string_equal(read_all(), "Hello, world!\nno newline + direct\n");

  /* other commands: ENOSYS, text untouched */
  assert_int_equal(kernel_sys_mdbg_service(3, 0x1234, 0), -78);
  assert_int_equal(kernel_sys_mdbg_service(1000, 0, 0), -78);
  /* unreadable text: EFAULT */
  assert_int_equal(kernel_sys_mdbg_service(7, 8, 0), -14);

  /* text running into an unmapped page: what was readable is written, then EFAULT */
  long pg = sysconf(_SC_PAGESIZE);
  char *two = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(two != MAP_FAILED);
  assert_int_equal(munmap(two + pg, (size_t)pg), 0);
  memset(two, 'x', (size_t)pg);
  assert_int_equal(kernel_sys_mdbg_service(7, (uint64_t)(uintptr_t)(two + pg - 3), 0), -14);
  /* a long text across pages and chunks arrives whole */
  size_t len = 3 * (size_t)pg + 17;
  char *big = malloc(len + 1);
  for (size_t i = 0; i < len; i++) big[i] = (char)('a' + i % 26);
  big[len] = 0;
  assert_true(kernel_debug_text_open(path)); /* appends */
  size_t before = strlen(read_all());
  assert_int_equal(kernel_sys_mdbg_service(7, (uint64_t)(uintptr_t)big, 0), 0);
  char *all = read_all();
  assert_int_equal(strlen(all), before + len);
  assert_memory_equal(all + before - 3, "xxx", 3);
  assert_memory_equal(all + before, big, len);
  free(big);
  munmap(two, (size_t)pg);
  unlink(path);
  /* a file that cannot be opened is refused */
  assert_false(kernel_debug_text_open("/nonexistent-dir/x/log.txt"));
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_debug_text)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
