/* The guest memory window of a compute dispatch (src/app/gpu_window.c), against its contract
 * (gpu_window.h): the run of back-to-back committed read/write ranges holding the code,
 * stopped by a gap or a range without write access, at most APP_GPU_WINDOW_MAX bytes with the
 * code inside; code outside committed read/write memory is an error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "app/gpu_window.h"
#include "kernel/guest_vm.h"

#define MIB (1ull << 20)
#define RW (PROT_READ | PROT_WRITE)

static uint64_t base; /* a free 1 GiB stretch of the user band */

static int setup(void **state) {
  (void)state;
  if (!guest_vm_init()) return -1;
  base = guest_vm_alloc(1024 * MIB, 2 * MIB, RW, "probe");
  return base && guest_vm_free(base, 1024 * MIB) ? 0 : -1;
}

static bool window_of(uint64_t pgm, struct shader_dispatch_window *w, char *err) {
  struct compute_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.pgm_addr = pgm;
  return app_gpu_guest_window(NULL, &cfg, w, err, 256);
}

static void test_run_of_ranges(void **state) {
  (void)state;
  /* gap | A rw 64K | B rw 1M (code) | C rw 64K | D read-only 64K | gap */
  uint64_t a = base + 2 * MIB, b = a + 64 * 1024, c = b + MIB, dd = c + 64 * 1024;
  assert_true(guest_vm_map_fixed(a, 64 * 1024, RW, "A"));
  assert_true(guest_vm_map_fixed(b, MIB, RW, "B"));
  assert_true(guest_vm_map_fixed(c, 64 * 1024, RW, "C"));
  assert_true(guest_vm_map_fixed(dd, 64 * 1024, PROT_READ, "D"));
  struct shader_dispatch_window w;
  char err[256] = "";
  assert_true(window_of(b + 0x1234, &w, err));
  assert_int_equal(w.addr, a);
  assert_int_equal(w.size, dd - a);
  assert_ptr_equal(w.data, (uint8_t *)(uintptr_t)a); /* guest memory is at its address */
  /* code in the read-only range, or in no range: an error naming the address */
  assert_false(window_of(dd + 16, &w, err));
  assert_non_null(strstr(err, "not in committed read/write guest memory"));
  assert_false(window_of(dd + 64 * 1024 + 16, &w, err));
  assert_true(guest_vm_free(a, dd + 64 * 1024 - a));
}

static void test_clipped_to_the_maximum(void **state) {
  (void)state;
  /* three back-to-back 200 MiB ranges: 600 MiB, more than the maximum */
  uint64_t a = base + 64 * MIB;
  for (int i = 0; i < 3; i++)
    assert_true(guest_vm_map_fixed(a + (uint64_t)i * 200 * MIB, 200 * MIB, RW, i ? "y" : "x"));
  struct shader_dispatch_window w;
  char err[256];
  uint64_t code[] = {a + 300 * MIB + 0x40, a + 0x100, a + 600 * MIB - 0x100};
  for (int i = 0; i < 3; i++) {
    assert_true(window_of(code[i], &w, err));
    assert_true(w.size <= APP_GPU_WINDOW_MAX);
    assert_true(w.addr >= a && w.addr + w.size <= a + 600 * MIB); /* inside the run */
    assert_true(w.addr <= code[i] && code[i] < w.addr + w.size);  /* the code inside */
  }
  /* in the middle: the maximum, centred on the code's page */
  assert_true(window_of(code[0], &w, err));
  assert_int_equal(w.size, APP_GPU_WINDOW_MAX);
  assert_int_equal(w.addr, (code[0] & ~0xfffull) - APP_GPU_WINDOW_MAX / 2);
  assert_true(guest_vm_free(a, 600 * MIB));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_run_of_ranges),
      cmocka_unit_test(test_clipped_to_the_maximum),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
