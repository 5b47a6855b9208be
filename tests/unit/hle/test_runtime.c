/* libkernel and libc behaviour that does not need a guest: exit handler order, errno,
 * writes to the standard streams, sleeping and process time. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hle/guest_errno.h"
#include "hle/libc/libc.h"
#include "hle/hle.h"
#include "hle/libkernel/libkernel.h"
#include "kernel/guest_vm.h"

static char order[16];
static size_t order_len;
static void *seen_arg;

static void h_a(void) { order[order_len++] = 'a'; }
static void h_b(void *arg) {
  order[order_len++] = 'b';
  seen_arg = arg;
}
static void h_c(void) { order[order_len++] = 'c'; }
static void h_late(void) { order[order_len++] = 'L'; }
static void h_registers_more(void) {
  order[order_len++] = 'r';
  libc_atexit(h_late); /* registered during exit: runs next */
}
static void h_dso(void *arg) { order[order_len++] = (char)(uintptr_t)arg; }

static void test_exit_handlers_run_in_reverse(void **state) {
  (void)state;
  int token;
  order_len = 0;
  assert_int_equal(libc_atexit(h_a), 0);
  assert_int_equal(libc_cxa_atexit(h_b, &token, NULL), 0);
  assert_int_equal(libc_atexit(h_registers_more), 0);
  assert_int_equal(libc_atexit(h_c), 0);
  assert_int_equal(libc_atexit(NULL), -1);
  assert_int_equal(libc_exit_handler_count(), 4);
  libc_run_exit_handlers();
  order[order_len] = '\0';
  assert_string_equal(order, "crLba");
  assert_ptr_equal(seen_arg, &token);
  assert_int_equal(libc_exit_handler_count(), 0);
}

static void test_cxa_finalize_by_dso(void **state) {
  (void)state;
  int dso1, dso2;
  order_len = 0;
  libc_cxa_atexit(h_dso, (void *)(uintptr_t)'1', &dso1);
  libc_cxa_atexit(h_dso, (void *)(uintptr_t)'2', &dso2);
  libc_cxa_atexit(h_dso, (void *)(uintptr_t)'3', &dso1);
  libc_cxa_finalize(&dso1);
  order[order_len] = '\0';
  assert_string_equal(order, "31");
  assert_int_equal(libc_exit_handler_count(), 1);
  libc_cxa_finalize(NULL);
  order[order_len] = '\0';
  assert_string_equal(order, "312");
}

static void test_errno_and_writes(void **state) {
  (void)state;
  int *e = kernel_error();
  assert_ptr_equal(e, hle_errno_location());
  *e = 0;
  assert_int_equal(kernel_write(7, "x", 1), -1);
  assert_int_equal(*e, GUEST_EBADF);
  assert_int_equal(kernel_sce_write(7, "x", 1), (int64_t)(int32_t)0x80020009);
  assert_int_equal(kernel_write(2, "", 0), 0);
  assert_int_equal(kernel_write(2, "runtime test: stderr write\n", 27), 27);
  assert_int_equal(libc_fputs("x", &libc_stdin), -1);
  assert_int_equal(*e, GUEST_EBADF);
  assert_int_equal(libc_fflush(NULL), 0);
  assert_int_equal(libc_printf(NULL), -1);
  assert_int_equal(*e, GUEST_EINVAL);
  assert_int_equal(libc_puts(NULL), -1);
  assert_int_equal(libc_fputs(NULL, &libc_stdout), -1);
  assert_int_equal(*e, GUEST_EFAULT);
  assert_int_equal(libc_fprintf(&libc_stderr, "runtime test: %s %d\n", "fprintf", 42), 25);
  char buf[16];
  assert_int_equal(libc_snprintf(buf, sizeof buf, "%s", "truncated output here"), 21);
  assert_string_equal(buf, "truncated outpu");
  assert_int_equal(libc_sprintf(buf, "%x", 0xBEEFu), 4);
  assert_string_equal(buf, "beef");
  /* errno through the string conversions uses FreeBSD numbering */
  *e = 0;
  assert_int_equal(libc_strtol("99999999999999999999", NULL, 10), INT64_MAX);
  assert_int_equal(*e, GUEST_ERANGE);
}

static void test_asprintf_on_guest_heap(void **state) {
  (void)state;
#ifdef PROSPERO_SANITIZE
  /* ASan's shadow memory covers the guest bands: the guest heap cannot exist here. */
  if (!guest_vm_init()) {
    print_message("skipped: guest memory cannot be reserved under AddressSanitizer\n");
    skip();
  }
#else
  assert_true(guest_vm_init()); /* the libc entry points allocate on the guest heap */
#endif
  char *s = NULL;
  assert_int_equal(libc_asprintf(&s, "%05.1f|%s", 3.14159, "ok"), 8);
  assert_string_equal(s, "003.1|ok");
  libc_free(s);
}

static void test_errno_messages(void **state) {
  (void)state;
  assert_string_equal(libc_strerror(2), "No such file or directory");
  assert_string_equal(libc_strerror(35), "Resource temporarily unavailable");
  assert_string_equal(libc_strerror(96), "Previous owner died");
  assert_string_equal(libc_strerror(0), "Unknown error: 0");
  assert_string_equal(libc_strerror(999), "Unknown error: 999");
  char buf[8];
  assert_int_equal(libc_strerror_r(22, buf, sizeof buf), GUEST_ERANGE);
  assert_string_equal(buf, "Invalid");
  char big[64];
  assert_int_equal(libc_strerror_r(22, big, sizeof big), 0);
  assert_string_equal(big, "Invalid argument");
  assert_int_equal(libc_strerror_r(-5, big, sizeof big), GUEST_EINVAL);
  assert_string_equal(big, "Unknown error: -5");
  /* host errors arrive in the guest's numbering */
  assert_int_equal(hle_errno_from_host(ENOENT), 2);
  assert_int_equal(hle_errno_from_host(EAGAIN), 35);
  assert_int_equal(hle_errno_from_host(ETIMEDOUT), 60);
  assert_int_equal(hle_errno_from_host(ENOTSUP), 45);
  assert_int_equal(hle_errno_from_host(ENOSYS), 78);
  assert_int_equal(hle_errno_from_host(EOWNERDEAD), 96);
  /* %m prints the guest's errno message; perror keeps errno */
  hle_errno_set(GUEST_EBADF);
  assert_int_equal(libc_snprintf(big, sizeof big, "[%m] [%.3m] [%22m]"), 52);
  assert_string_equal(big, "[Bad file descriptor] [Bad] [   Bad file descriptor]");
  libc_perror("runtime test perror");
  assert_int_equal(*hle_errno_location(), GUEST_EBADF);
}

static void test_strlcpy_strlcat(void **state) {
  (void)state;
  char buf[8];
  assert_int_equal(libc_strlcpy(buf, "abc", sizeof buf), 3);
  assert_string_equal(buf, "abc");
  assert_int_equal(libc_strlcpy(buf, "longer than eight", sizeof buf), 17);
  assert_string_equal(buf, "longer ");
  assert_int_equal(libc_strlcpy(buf, "x", 0), 1);
  assert_string_equal(buf, "longer ");
  libc_strlcpy(buf, "ab", sizeof buf);
  assert_int_equal(libc_strlcat(buf, "cdefghij", sizeof buf), 10);
  assert_string_equal(buf, "abcdefg");
  assert_int_equal(libc_strlcat(buf, "z", 3), 4); /* no terminator within 3: untouched */
  assert_string_equal(buf, "abcdefg");
}

static void test_time(void **state) {
  (void)state;
  uint64_t t0 = kernel_get_process_time();
  uint64_t c0 = kernel_get_process_time_counter();
  uint64_t tsc0 = kernel_read_tsc();
  assert_int_equal(kernel_usleep(20000), 0);
  assert_int_equal(kernel_sce_usleep(1000), 0);
  uint64_t t1 = kernel_get_process_time();
  uint64_t c1 = kernel_get_process_time_counter();
  assert_true(t1 - t0 >= 21000);
  assert_true(t1 - t0 < 2000000);
  uint64_t f = kernel_get_tsc_frequency();
  assert_true(f > 100000000u && f < 10000000000u);
  assert_int_equal(kernel_get_process_time_counter_frequency(), f);
  /* the counter agrees with the microsecond clock within 20% */
  double counter_us = (double)(c1 - c0) * 1e6 / (double)f;
  assert_true(counter_us > 0.8 * (double)(t1 - t0) && counter_us < 1.2 * (double)(t1 - t0) + 2000);
  assert_true(kernel_read_tsc() > tsc0);
  struct guest_timespec ts = {0, 0};
  assert_int_equal(kernel_clock_gettime(4, &ts), 0); /* MONOTONIC */
  assert_true(ts.tv_sec > 0 || ts.tv_nsec > 0);
  assert_int_equal(kernel_clock_gettime(999, &ts), -1);
  assert_int_equal(*kernel_error(), GUEST_EINVAL);
  assert_int_equal(kernel_sce_clock_gettime(999, &ts), (int)0x80020016);
  struct guest_timespec res = {-1, -1};
  assert_int_equal(kernel_clock_getres(4, &res), 0);
  assert_true(res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec <= 1000000);
  assert_int_equal(kernel_clock_getres(4, NULL), 0);
  assert_int_equal(kernel_sce_clock_getres(77, &res), (int)0x80020016);
  struct guest_timeval tv = {0, -1};
  assert_int_equal(kernel_gettimeofday(&tv, NULL), 0);
  assert_true(tv.tv_sec > 1600000000 && tv.tv_usec >= 0 && tv.tv_usec < 1000000);
  assert_int_equal(kernel_sce_gettimeofday(NULL), (int)0x8002000E);
  int64_t t = 0;
  assert_true(kernel_time(&t) >= tv.tv_sec && t >= tv.tv_sec);
  struct guest_timespec req = {0, 1000000};
  assert_int_equal(kernel_nanosleep(&req, NULL), 0);
  req.tv_nsec = 2000000000;
  assert_int_equal(kernel_nanosleep(&req, NULL), -1);
}

static void test_stack_guard(void **state) {
  (void)state;
  assert_true(kernel_stack_chk_guard != 0);
  assert_int_equal(kernel_stack_chk_guard & 0xFF, 0);
  int marker;
  hle_kernel_set_proc_param(&marker);
  assert_ptr_equal(kernel_get_proc_param(), &marker);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exit_handlers_run_in_reverse),
      cmocka_unit_test(test_cxa_finalize_by_dso),
      cmocka_unit_test(test_errno_and_writes),
      cmocka_unit_test(test_asprintf_on_guest_heap),
      cmocka_unit_test(test_errno_messages),
      cmocka_unit_test(test_strlcpy_strlcat),
      cmocka_unit_test(test_time),
      cmocka_unit_test(test_stack_guard),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
