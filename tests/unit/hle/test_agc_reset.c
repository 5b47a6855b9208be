/* libSceAgc's queue resets: sceAgcDcbResetQueue and sceAgcAcbResetQueue write Sony's driver
 * packets DRAW_RESET and ACB_RESET, a NOP (0x10) with sub-selector 0x05 / 0x09 in header bits
 * 7:2 and one reserved dword: headers 0xC0001014 / 0xC0001024, as KytyPS5 and a second public
 * PS5 project write and read the console's packets (docs/agc.md). Run by the command
 * processor, the packet leaves the queue's registers as a new queue's (docs/gpu-cp.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cp/cp.h"
#include "hle/libSceAgc/agc.h"

#define AGC_TEST_DWORDS 64
#include "agc_cb_expect.h"

static void test_dcb_reset_queue(void **state) {
  (void)state;
  EXPECT(agc_dcb_reset_queue(&cb, 0x3FF, 0), 0xC0001014u, 0u);
  setup(NULL);
  /* values no reading explains: the same packet (logged once) */
  EXPECT(agc_dcb_reset_queue(&cb, 0x1, 3), 0xC0001014u, 0u);
}

static void test_acb_reset_queue(void **state) {
  (void)state;
  EXPECT(agc_acb_reset_queue(&cb, 0), 0xC0001024u, 0u);
  setup(NULL);
  EXPECT(agc_acb_reset_queue(&cb, 0x1C2), 0xC0001024u, 0u);
}

/* A full buffer: NULL, nothing written. */
static void test_reset_queue_full(void **state) {
  (void)state;
  cb.top = cb.cursor_down = buf + 1;
  assert_null(agc_dcb_reset_queue(&cb, 0x3FF, 0));
  assert_null(agc_acb_reset_queue(&cb, 0));
  assert_int_equal(buf[0], FILL);
}

/* The command processor runs what the builders wrote: SET_SH_REG (0x76) of COMPUTE_USER_DATA_0
 * (SH offset 0x240), then the reset: the register is 0 again on the queue that ran it. */
static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx, (void)write;
  uint64_t lo = (uint64_t)(uintptr_t)buf, hi = lo + sizeof buf;
  return addr >= lo && size <= hi - addr ? (void *)(uintptr_t)addr : NULL;
}
static void test_reset_runs(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map};
  struct cp *cp = cp_create(&ops);
  assert_non_null(cp);
  for (unsigned q = 0; q < 2; q++) {
    unsigned queue = q ? cp_compute_queue(3, 1) : CP_GFX_QUEUE;
    setup(NULL);
    buf[0] = 0xC0017600u; /* SET_SH_REG, 2 body dwords */
    buf[1] = 0x240u;
    buf[2] = 0x1234u;
    cb.cursor_up = buf + 3;
    uint32_t *p = q ? agc_acb_reset_queue(&cb, 0) : agc_dcb_reset_queue(&cb, 0x3FF, 0);
    assert_ptr_equal(p, buf + 3);
    assert_int_equal(cp_submit(cp, queue, (uint64_t)(uintptr_t)buf, 3), 0);
    assert_true(cp_run_until_idle(cp, 10));
    assert_int_equal(cp_reg(cp, queue, 0x2C00u + 0x240u), 0x1234u);
    assert_int_equal(cp_submit(cp, queue, (uint64_t)(uintptr_t)buf, 5), 0);
    assert_true(cp_run_until_idle(cp, 10));
    assert_int_equal(cp_queue_status(cp, queue), CP_QUEUE_IDLE);
    assert_int_equal(cp_reg(cp, queue, 0x2C00u + 0x240u), 0);
  }
  cp_destroy(cp);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_dcb_reset_queue, setup),
      cmocka_unit_test_setup(test_acb_reset_queue, setup),
      cmocka_unit_test_setup(test_reset_queue_full, setup),
      cmocka_unit_test(test_reset_runs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
