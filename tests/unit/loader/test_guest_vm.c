/* Guest memory bookkeeping on the real bands: fixed maps, allocation, protection splits,
 * queries, frees and refusals. Labelled nosan: ASan's shadow memory covers the bands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kernel/guest_vm.h"

#define PAGE 0x4000ull
#define RW (GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE)

static void test_bands(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  assert_true(guest_vm_init()); /* idempotent */
  /* fixed map in the system-reserved band, usable memory */
  assert_true(guest_vm_map_fixed(0x900000000ull, 4 * PAGE, RW, "image"));
  memset((void *)(uintptr_t)0x900000000ull, 0xAB, 4 * PAGE);
  assert_false(guest_vm_map_fixed(0x900000000ull + PAGE, PAGE, RW, "overlap"));
  assert_false(guest_vm_map_fixed(0x900000001ull, PAGE, RW, "unaligned"));
  assert_false(guest_vm_map_fixed(0x10000ull, PAGE, RW, "below the bands"));
  assert_false(guest_vm_map_fixed(0xFC00000000ull, PAGE, RW, "above the bands"));
  /* protect the middle: the range splits in three */
  assert_true(guest_vm_protect(0x900000000ull + PAGE, PAGE, GUEST_PROT_CPU_READ));
  uint64_t start, size;
  int prot;
  assert_true(guest_vm_query(0x900000000ull + PAGE + 5, &start, &size, &prot));
  assert_int_equal(start, 0x900000000ull + PAGE);
  assert_int_equal(size, PAGE);
  assert_int_equal(prot, GUEST_PROT_CPU_READ);
  assert_true(guest_vm_query(0x900000000ull, &start, &size, &prot));
  assert_int_equal(size, PAGE);
  assert_int_equal(prot, RW);
  uint64_t rs;
  assert_string_equal(guest_vm_describe(0x900000000ull + 3 * PAGE + 8, &rs), "image");
  assert_int_equal(rs, 0x900000000ull + 2 * PAGE); /* the split left [2P, 4P) */
  assert_null(guest_vm_describe(0x900000000ull + 4 * PAGE, NULL));
  /* protecting past the committed end fails */
  assert_false(guest_vm_protect(0x900000000ull + 3 * PAGE, 2 * PAGE, RW));
  /* allocations land in the user band, aligned, without overlap */
  uint64_t a = guest_vm_alloc(PAGE, 0x10000, RW, "a");
  uint64_t b = guest_vm_alloc(3 * PAGE, 0, RW, "b");
  assert_true(a >= 0x1000000000ull && a % 0x10000 == 0);
  assert_true(b >= a + PAGE || b + 3 * PAGE <= a);
  *(volatile uint64_t *)(uintptr_t)b = 1;
  assert_int_equal(guest_vm_alloc(0, 0, RW, "empty"), 0);
  assert_int_equal(guest_vm_alloc(PAGE, 3 * PAGE, RW, "bad align"), 0);
  /* free the middle of the image, then remap it */
  assert_true(guest_vm_free(0x900000000ull + PAGE, PAGE));
  assert_false(guest_vm_query(0x900000000ull + PAGE, &start, &size, &prot));
  assert_false(guest_vm_free(0x900000000ull + PAGE, PAGE));
  assert_true(guest_vm_map_fixed(0x900000000ull + PAGE, PAGE, RW, "again"));
  assert_int_equal(*(volatile uint8_t *)(uintptr_t)(0x900000000ull + PAGE), 0); /* fresh */
  assert_int_equal(*(volatile uint8_t *)(uintptr_t)(0x900000000ull + 2 * PAGE), 0xAB);
  assert_true(guest_vm_free(a, PAGE));
  assert_true(guest_vm_free(b, 3 * PAGE));
  assert_int_equal(guest_vm_alloc(PAGE, 0x10000, RW, "a2"), a); /* first fit reuses */
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_bands)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
