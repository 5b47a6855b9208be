/* The seccomp safety net's instruction-pointer filter: a system call issued from guest
 * bands raises SIGSYS, one issued from the host window (where the prospero executable is
 * linked) or from ordinary host addresses goes through. Each case runs in a child process
 * because a seccomp filter cannot be removed. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "test_skip.h"

#include "common/log.h"
#include "kernel/guest_vm.h"
#include "loader/trap.h"

/* mov eax, SYS_getpid; syscall; ret */
static const uint8_t getpid_code[] = {0xB8, SYS_getpid, 0, 0, 0, 0x0F, 0x05, 0xC3};

/* Runs getpid from code placed at ADDR (0 = the test's own text) under the filter in a
 * child; returns the signal that ended the child, or 0 if getpid returned the pid. */
static int run_getpid_at(uint64_t addr) {
  pid_t child = fork();
  assert_true(child >= 0);
  if (child == 0) {
    long (*fn)(void) = NULL;
    if (addr) {
      void *p = mmap((void *)addr, 0x4000, PROT_READ | PROT_WRITE | PROT_EXEC,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
      if (p != (void *)addr) _exit(100);
      memcpy(p, getpid_code, sizeof getpid_code);
      fn = (long (*)(void))p;
    }
    log_set_level(LOG_LEVEL_OFF);
    signal(SIGSYS, SIG_DFL);
    if (!trap_seccomp_install()) _exit(101);
    long pid = fn ? fn() : syscall(SYS_getpid);
    _exit(pid == (long)getpid() ? 0 : 102);
  }
  int status = 0;
  assert_int_equal(waitpid(child, &status, 0), child);
  if (WIFSIGNALED(status)) return WTERMSIG(status);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 0);
  return 0;
}

static void guest_band_syscall_traps(void **state) {
  (void)state;
  assert_int_equal(run_getpid_at(0x900000000ull), SIGSYS);       /* executable base */
  assert_int_equal(run_getpid_at(0x200000000ull), SIGSYS);       /* default mmap base */
  assert_int_equal(run_getpid_at(GUEST_VM_HOST_WINDOW_START - 0x4000), SIGSYS);
  assert_int_equal(run_getpid_at(0x1000000000ull), SIGSYS);      /* user band */
}

/* The fixed low band where static homebrew apps are linked (0x4000): guest code too. */
static void fixed_low_band_syscall_traps(void **state) {
  (void)state;
  void *p = mmap((void *)GUEST_VM_FIXED_LOW_START, 0x4000, PROT_READ,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p != (void *)GUEST_VM_FIXED_LOW_START) {
    if (p != MAP_FAILED) munmap(p, 0x4000);
    skip_because("this host forbids mappings at 0x4000 (vm.mmap_min_addr)");
  }
  munmap(p, 0x4000);
  assert_int_equal(run_getpid_at(GUEST_VM_FIXED_LOW_START), SIGSYS);
  assert_int_equal(run_getpid_at(GUEST_VM_FIXED_LOW_END - 0x4000), SIGSYS);
}

static void host_code_syscall_passes(void **state) {
  (void)state;
  assert_int_equal(run_getpid_at(0), 0);                               /* libc, test text */
  assert_int_equal(run_getpid_at(GUEST_VM_HOST_WINDOW_START), 0);      /* host window */
  assert_int_equal(run_getpid_at(GUEST_VM_HOST_WINDOW_END - 0x4000), 0);
  assert_int_equal(run_getpid_at(0x10000000000ull), 0);                /* above the bands */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(guest_band_syscall_traps),
      cmocka_unit_test(fixed_low_band_syscall_traps),
      cmocka_unit_test(host_code_syscall_passes),
  };
  return test_skip_status(cmocka_run_group_tests(tests, NULL, NULL));
}
