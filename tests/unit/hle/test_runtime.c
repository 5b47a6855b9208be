/* libkernel and libc behaviour that does not need a guest: exit handler order, errno,
 * writes to the standard streams, sleeping and process time. */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "hle/guest_errno.h"
#include "hle/libc/libc.h"
#include "hle/hle.h"
#include "hle/libkernel/libkernel.h"
#include "sce/sce_params.h"

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
  /* the faces check buffers against the guest memory map (none here): the core writes */
  assert_int_equal(kernel_write(2, "runtime test: stderr write\n", 27), -1);
  assert_int_equal(*e, GUEST_EFAULT);
  assert_int_equal(kernel_file_write(2, "runtime test: stderr write\n", 27), 27);
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

/* CPU time spent in user mode, busy for about MS milliseconds of it. */
static void burn_user_time(int ms) {
  struct guest_timespec a, b;
  kernel_clock_gettime(14, &a); /* THREAD_CPUTIME_ID */
  volatile uint64_t x = 1;
  do {
    for (int i = 0; i < 100000; i++) x = x * 6364136223846793005u + 1;
    kernel_clock_gettime(14, &b);
  } while ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 < ms);
}

/* FreeBSD's kern_clock_gettime/kern_clock_getres (sys/kern/kern_time.c) and gettimeofday(2):
 * CLOCK_VIRTUAL (1) is the process's user time and CLOCK_PROF (2) user + system time, both
 * from microsecond resource usage, resolution 1/hz; CLOCK_SECOND (13) is the realtime clock
 * in whole seconds (tv_nsec 0), resolution 1 s; gettimeofday fills a zero timezone. */
static void test_freebsd_clocks(void **state) {
  (void)state;
  burn_user_time(30);
  struct guest_timespec v = {-1, -1}, p = {-1, -1}, v2, cpu;
  assert_int_equal(kernel_clock_gettime(1, &v), 0);
  assert_int_equal(kernel_clock_gettime(2, &p), 0);
  assert_int_equal(kernel_clock_gettime(15, &cpu), 0); /* PROCESS_CPUTIME_ID */
  int64_t v_ns = v.tv_sec * 1000000000 + v.tv_nsec, p_ns = p.tv_sec * 1000000000 + p.tv_nsec;
  int64_t cpu_ns = cpu.tv_sec * 1000000000 + cpu.tv_nsec;
  /* The host splits CPU time into user and system shares by sampling ticks: only their sum
   * (PROF) is exact, so it holds the 30 ms burnt and the user share is some of it. */
  assert_true(p_ns >= 20000000);
  assert_true(v_ns > 0);
  assert_true(v.tv_nsec % 1000 == 0); /* microsecond resolution, as from rusage */
  assert_true(p.tv_nsec % 1000 == 0);
  assert_true(p_ns >= v_ns);              /* PROF adds system time */
  assert_true(v_ns <= cpu_ns + 10000000); /* user time never exceeds the CPU time */
  burn_user_time(20);
  struct guest_timespec p2;
  assert_int_equal(kernel_clock_gettime(1, &v2), 0);
  assert_int_equal(kernel_clock_gettime(2, &p2), 0);
  assert_true(v2.tv_sec * 1000000000 + v2.tv_nsec >= v_ns);            /* never goes back */
  assert_true(p2.tv_sec * 1000000000 + p2.tv_nsec >= p_ns + 10000000); /* the 20 ms counted */
  struct guest_timespec res;
  assert_int_equal(kernel_clock_getres(1, &res), 0);
  assert_true(res.tv_sec == 0 && res.tv_nsec == 1000000); /* 1/hz, hz = 1000 */
  assert_int_equal(kernel_clock_getres(2, &res), 0);
  assert_true(res.tv_sec == 0 && res.tv_nsec == 1000000);

  struct guest_timespec sec = {-1, -1};
  int64_t before = kernel_time(NULL);
  assert_int_equal(kernel_clock_gettime(13, &sec), 0);
  int64_t after = kernel_time(NULL);
  assert_int_equal(sec.tv_nsec, 0);
  assert_true(sec.tv_sec >= before && sec.tv_sec <= after);
  assert_int_equal(kernel_clock_getres(13, &res), 0);
  assert_true(res.tv_sec == 1 && res.tv_nsec == 0);

  struct guest_timeval tv = {0, -1};
  struct guest_timezone tz = {123, 456};
  assert_int_equal(kernel_gettimeofday(&tv, &tz), 0);
  assert_int_equal(tz.tz_minuteswest, 0);
  assert_int_equal(tz.tz_dsttime, 0);
  assert_true(tv.tv_sec > 1600000000 && tv.tv_usec >= 0 && tv.tv_usec < 1000000);
  tz = (struct guest_timezone){7, 8};
  assert_int_equal(kernel_gettimeofday(NULL, &tz), 0); /* a NULL timeval is allowed */
  assert_int_equal(tz.tz_minuteswest, 0);
  assert_int_equal(tz.tz_dsttime, 0);
}

static void test_stack_guard(void **state) {
  (void)state;
  assert_true(kernel_stack_chk_guard != 0);
  assert_int_equal(kernel_stack_chk_guard & 0xFF, 0);
  int marker;
  hle_kernel_set_proc_param(&marker);
  assert_ptr_equal(kernel_get_proc_param(), &marker);
}

static volatile sig_atomic_t handled;
static void on_sigusr1(int sig) {
  (void)sig;
  handled++;
}

struct interrupter {
  pthread_t target;
};

/* Interrupts the sleeping thread twice, 200 ms and 500 ms into its sleep. */
static void *interrupt_twice(void *arg) {
  struct interrupter *it = arg;
  struct timespec d = {0, 200 * 1000 * 1000};
  nanosleep(&d, NULL);
  pthread_kill(it->target, SIGUSR1);
  d.tv_nsec = 300 * 1000 * 1000;
  nanosleep(&d, NULL);
  pthread_kill(it->target, SIGUSR1);
  return NULL;
}

/* sceKernelSleep sleeps whole seconds and a handled signal does not end it early (a
 * handler installed without SA_RESTART makes the host's nanosleep fail with EINTR). */
static void test_sleep_resumes_after_signals(void **state) {
  (void)state;
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigusr1;
  sigemptyset(&sa.sa_mask);
  assert_int_equal(sigaction(SIGUSR1, &sa, &old), 0);
  handled = 0;
  struct interrupter it = {pthread_self()};
  pthread_t t;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  assert_int_equal(pthread_create(&t, NULL, interrupt_twice, &it), 0);
  assert_int_equal(kernel_sce_sleep(1), 0);
  clock_gettime(CLOCK_MONOTONIC, &b);
  pthread_join(t, NULL);
  sigaction(SIGUSR1, &old, NULL);
  int64_t ms = (b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
  assert_int_equal(handled, 2);
  assert_true(ms >= 1000 && ms < 3000);
  assert_int_equal(kernel_sce_sleep(0), 0);
}

/* sceKernelGetCompiledSdkVersion reads the process param; without a valid one (none, too
 * short to hold the version, wrong magic, no entries) or with a null output it gives the
 * console's EINVAL, 0x80020016, and leaves the output alone. */
static void test_compiled_sdk_version(void **state) {
  (void)state;
  void *saved = kernel_get_proc_param();
  struct sce_process_param pp;
  memset(&pp, 0, sizeof pp);
  pp.size = SCE_PROC_PARAM_SIZE;
  pp.magic = SCE_PROC_PARAM_MAGIC;
  pp.entry_count = SCE_PROC_PARAM_ENTRY_COUNT;
  pp.sdk_version = 0x05050031u;
  uint32_t v = 0xDEADBEEFu;
  hle_kernel_set_proc_param(NULL);
  assert_int_equal(kernel_get_compiled_sdk_version(&v), (int)0x80020016);
  assert_int_equal(v, 0xDEADBEEFu);
  hle_kernel_set_proc_param(&pp);
  assert_int_equal(kernel_get_compiled_sdk_version(NULL), (int)0x80020016);
  assert_int_equal(kernel_get_compiled_sdk_version(&v), 0);
  assert_int_equal(v, 0x05050031u);
  pp.size = 0x13;
  v = 1;
  assert_int_equal(kernel_get_compiled_sdk_version(&v), (int)0x80020016);
  pp.size = 0x14;
  assert_int_equal(kernel_get_compiled_sdk_version(&v), 0);
  assert_int_equal(v, 0x05050031u);
  pp.magic = 0x4942524Eu;
  assert_int_equal(kernel_get_compiled_sdk_version(&v), (int)0x80020016);
  pp.magic = SCE_PROC_PARAM_MAGIC;
  pp.entry_count = 0;
  assert_int_equal(kernel_get_compiled_sdk_version(&v), (int)0x80020016);
  hle_kernel_set_proc_param(saved);
}

/* The console's CPU mode values: 0 six CPUs, 1 seven with the seventh at low priority, 5
 * seven at normal priority; Neo mode is a PS4 Pro mode, never set for a PS5 executable. */
static void test_cpumode_and_neo(void **state) {
  (void)state;
  assert_int_equal(kernel_get_cpumode(), 5);
  assert_int_equal(kernel_is_neo_mode(), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exit_handlers_run_in_reverse),
      cmocka_unit_test(test_cxa_finalize_by_dso),
      cmocka_unit_test(test_errno_and_writes),
      cmocka_unit_test(test_errno_messages),
      cmocka_unit_test(test_strlcpy_strlcat),
      cmocka_unit_test(test_time),
      cmocka_unit_test(test_freebsd_clocks),
      cmocka_unit_test(test_stack_guard),
      cmocka_unit_test(test_sleep_resumes_after_signals),
      cmocka_unit_test(test_compiled_sdk_version),
      cmocka_unit_test(test_cpumode_and_neo),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
