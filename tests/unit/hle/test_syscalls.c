/* The guest system call table: sorted unique numbers, a handler and a truthful status per
 * row, FreeBSD's numbers for the rows the start-up code of C libraries needs
 * (sys/kern/syscalls.master), dispatch results in FreeBSD's convention, and
 * docs/syscalls.md generated from the current table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doc_check.h"

#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_signal.h"
#include "hle/syscall/syscall.h"

static void test_rows_sorted_and_complete(void **state) {
  (void)state;
  size_t n;
  const struct syscall_row *rows = syscall_rows(&n);
  assert_true(n > 30);
  for (size_t i = 0; i < n; i++) {
    assert_non_null(rows[i].name);
    assert_non_null(rows[i].handler);
    if (i) assert_true(rows[i - 1].number < rows[i].number);
    /* a row that is not fully implemented says what is missing */
    if (rows[i].status != SYSCALL_IMPLEMENTED) assert_non_null(rows[i].note);
    assert_ptr_equal(syscall_find(rows[i].number), &rows[i]);
  }
}

static void test_freebsd_numbers(void **state) {
  (void)state;
  static const struct {
    unsigned nr;
    const char *name;
  } want[] = {
      {1, "exit"},        {3, "read"},
      {4, "write"},       {5, "open"},
      {6, "close"},       {10, "unlink"},
      {20, "getpid"},     {54, "ioctl"},
      {73, "munmap"},     {74, "mprotect"},
      {75, "madvise"},    {116, "gettimeofday"},
      {120, "readv"},     {121, "writev"},
      {128, "rename"},    {136, "mkdir"},
      {165, "sysarch"},   {188, "stat"},
      {189, "fstat"},     {196, "getdirentries"},
      {202, "__sysctl"},  {232, "clock_gettime"},
      {240, "nanosleep"}, {253, "issetugid"},
      {272, "getdents"},  {340, "sigprocmask"},
      {416, "sigaction"}, {431, "thr_exit"},
      {432, "thr_self"},  {433, "thr_kill"},
      {454, "_umtx_op"},  {455, "thr_new"},
      {477, "mmap"},      {478, "lseek"},
      {499, "openat"},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    const struct syscall_row *r = syscall_find(want[i].nr);
    if (!r) fail_msg("no row for %u (%s)", want[i].nr, want[i].name);
    assert_string_equal(r->name, want[i].name);
  }
  assert_null(syscall_find(2));
  assert_string_equal(syscall_name(2), "fork"); /* named though it has no row */
  assert_null(syscall_name(100000));
}

static void test_dispatch_convention(void **state) {
  (void)state;
  uint64_t args[6] = {0}, result = 0;
  bool error = true;
  assert_false(syscall_dispatch(2, args, &result, &error));  /* no row: the trap decides */
  assert_true(syscall_dispatch(253, args, &result, &error)); /* issetugid */
  assert_false(error);
  assert_int_equal(result, 0);
  args[0] = 999; /* sysarch: unknown operation */
  assert_true(syscall_dispatch(165, args, &result, &error));
  assert_true(error);
  assert_int_equal(result, 22); /* FreeBSD EINVAL */
  args[0] = 1, args[1] = 15;    /* thr_kill(1, SIGTERM): no thread has id 1 */
  assert_true(syscall_dispatch(433, args, &result, &error));
  assert_true(error);
  assert_int_equal(result, 3); /* FreeBSD ESRCH */
  args[0] = 1, args[1] = 200;  /* a signal number past _SIG_MAXSIG */
  assert_true(syscall_dispatch(433, args, &result, &error));
  assert_true(error);
  assert_int_equal(result, 22); /* FreeBSD EINVAL */
}

/* thr_kill to the calling thread marks the signal pending (FreeBSD SIGUSR1 = 30, bit 29 of the
 * first sigset word) and runs nothing from the system call. The signal is blocked, then
 * discarded by SIG_IGN before unblocking. */
static void test_thr_kill_marks_pending(void **state) {
  (void)state;
  uint32_t usr1[4] = {1u << 29, 0, 0, 0}, pend[4] = {0};
  uint64_t args[6] = {(uint64_t)kernel_thread_id(), 30}, result = 1;
  bool error = true;
  assert_int_equal(kernel_signal_mask_only(1, usr1, NULL), 0); /* SIG_BLOCK */
  assert_true(syscall_dispatch(433, args, &result, &error));
  assert_false(error);
  assert_int_equal(result, 0);
  assert_int_equal(kernel_sigpending(pend), 0);
  assert_true(pend[0] & (1u << 29));
  struct guest_sigaction ign = {.handler = 1}; /* SIG_IGN */
  assert_int_equal(kernel_signal_action(30, &ign, NULL), 0);
  assert_int_equal(kernel_signal_mask(2, usr1, NULL), 0); /* unblock: discarded, not fatal */
  assert_int_equal(kernel_sigpending(pend), 0);
  assert_false(pend[0] & (1u << 29));
}

static void test_committed_doc_is_current(void **state) {
  (void)state;
  doc_check_current("docs/syscalls.md", syscall_report_status, "prospero-syscall-status");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rows_sorted_and_complete),
      cmocka_unit_test(test_freebsd_numbers),
      cmocka_unit_test(test_dispatch_convention),
      cmocka_unit_test(test_thr_kill_marks_pending),
      cmocka_unit_test(test_committed_doc_is_current),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
