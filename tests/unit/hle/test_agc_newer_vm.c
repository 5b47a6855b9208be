/* qj7QZpgr9Uw's label block made in guest memory on first use (agc_newer_context.c): the
 * restore packet points 8 bytes past a label that holds {0, 1}, into GPU-readable guest memory
 * holding the 0x1E9 context pairs of version 8's public defaults (the record's count, from the
 * console's walk: agc_register_defaults.txt "lengths 1e9"), the first of which is 0x202 =
 * 0x00CC0010. Not under ASan: its shadow memory covers the guest bands, so guest_vm_init()
 * cannot reserve them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"
#include "kernel/guest_vm.h"

#include "agc_cb_expect.h"

static int setup_vm(void **state) {
  (void)state;
  return guest_vm_init() ? 0 : -1;
}

static void test_block_in_guest_memory(void **state) {
  (void)state;
  uint32_t *p = agc_dcb_context_state_transition(&cb, 0);
  assert_non_null(p);
  EXPECT(p, 0xC0039F00u, p[1], p[2], 0x80000000u, 0x1E9u); /* the address: below */
  uint64_t list = (uint64_t)p[2] << 32 | p[1];
  uint64_t at, len;
  int prot;
  assert_true(guest_vm_query(list - 8, &at, &len, &prot));
  assert_true(prot & GUEST_PROT_GPU_READ);
  assert_true(prot & GUEST_PROT_GPU_WRITE);
  assert_true(list + 0x1E9 * 8 <= at + len);
  const uint32_t *label = (const uint32_t *)(uintptr_t)(list - 8);
  assert_int_equal(label[0], 0);
  assert_int_equal(label[1], 1);
  assert_int_equal(label[2], 0x202);
  assert_int_equal(label[3], 0x00CC0010u);

  /* the same block for the next call */
  uint32_t *q = agc_dcb_context_state_transition(&cb, 1);
  assert_non_null(q);
  assert_int_equal((uint64_t)q[2] << 32 | q[1], list - 8);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_block_in_guest_memory, setup),
  };
  return cmocka_run_group_tests(tests, setup_vm, NULL);
}
