/* libSceAgc's memory-operation builders (agc_mem_ops.c) against the dwords the OpenAGC
 * project read in the console's library (FW 5.50; its include/agcdriver.h and
 * src/game_compat.c records: headers 0xC0071E00, 0xC0023900, 0xC0035D00, 0xC0074500, which
 * argument lands in which dword, the masks; its tests/test_dcb.c calls, reused here), written
 * out by hand; then the command processor running what they wrote. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cp/cp.h"
#include "hle/libSceAgc/agc.h"

#define AGC_TEST_DWORDS 128
#include "agc_cb_expect.h"

static void test_atomic_mem(void **state) {
  (void)state;
  /* dword 1 = arg1 << 30 | arg3 << 8 | arg2 (ENGINE_SEL, COMMAND, ATOMIC); the last dword 0 */
  EXPECT(agc_dcb_atomic_mem(&cb, 1, 5, 3, 0x4000, 0xDEAD, 0xBEEF), 0xC0071E00u, 0x40000305u,
         0x4000u, 0, 0xDEADu, 0, 0xBEEFu, 0, 0);
  setup(NULL);
  /* the masks (2, 7 and 4 bits) and the 64-bit halves */
  EXPECT(agc_dcb_atomic_mem(&cb, 7, 0xFF, 0x1F, 0x123456789ABCDEF0ull, 0x1111222233334444ull,
                            0x5555666677778888ull),
         0xC0071E00u, 0xC0000F7Fu, 0x9ABCDEF0u, 0x12345678u, 0x33334444u, 0x11112222u, 0x77778888u,
         0x55556666u, 0);
  assert_int_equal(agc_atomic_mem_get_size(), 36);
}

static void test_mem_semaphore(void **state) {
  (void)state;
  /* (address, arg2 -> bit 16, arg3 -> bit 20, arg4 -> 31:29); the address 8-aligned */
  EXPECT(agc_dcb_mem_semaphore(&cb, 0x1000, 1, 1, 0), 0xC0023900u, 0x1000u, 0, 0x00110000u);
  setup(NULL);
  EXPECT(agc_dcb_mem_semaphore(&cb, 0x50000100Full, 0, 1, 6), 0xC0023900u, 0x1008u, 0x5u,
         0xC0100000u);
  setup(NULL);
  EXPECT(agc_dcb_mem_semaphore(&cb, 0x1008, 3, 2, 0xF), 0xC0023900u, 0x1008u, 0, 0xE0010000u);
  setup(NULL);
  EXPECT(agc_cb_mem_semaphore(&cb, 0x2000, 1, 1, 0), 0xC0023900u, 0x2000u, 0, 0x00110000u);
  setup(NULL);
  EXPECT(agc_cb_mem_semaphore(&cb, 0x2004, 0, 0, 7), 0xC0023900u, 0x2000u, 0, 0xE0000000u);
}

static void test_prime_utcl2(void **state) {
  (void)state;
  /* ENGINE_SEL 1 | mode << 3 | permissions; the address's low 14 bits clear; 14 bits of pages */
  EXPECT(agc_dcb_prime_utcl2(&cb, 2, 1, 0x4000, 0x100), 0xC0035D00u, 0x4000000Au, 0x4000u, 0,
         0x100u);
  setup(NULL);
  EXPECT(agc_dcb_prime_utcl2(&cb, 0xF, 2, 0x123456789ABCull, 0x1FFFF), 0xC0035D00u, 0x40000007u,
         0x56788000u, 0x1234u, 0x3FFFu);
  assert_int_equal(agc_prime_utcl2_get_size(), 20);
}

static void test_cond_write(void **state) {
  (void)state;
  /* (function, write space, write address, data, poll address, reference, mask):
   * WRITE_SPACE << 8 | 0x10 | function; poll address; reference; mask; write address; data */
  EXPECT(agc_cb_cond_write(&cb, 2, 1, 0x4000, 0x5678, 0x1234, 0xFF, 0), 0xC0074500u, 0x112u,
         0x1234u, 0, 0xFFu, 0, 0x4000u, 0, 0x5678u);
  setup(NULL);
  EXPECT(agc_cb_cond_write(&cb, 0xF, 7, 0xA00000010ull, 1, 0xB00000020ull, 2, 3), 0xC0074500u,
         0x317u, 0x20u, 0xBu, 2u, 3u, 0x10u, 0xAu, 1u);
  assert_int_equal(agc_cb_cond_write_get_size(), 36);
}

/* The _0900 ATOMIC_GDS builders: the compute form with OpenAGC's test call (control 0x200: its
 * bit 9 in 16; mode 1 with control bit 5 clear: bit 17); the graphics form adds the engine in
 * 31:30 (control 0x2E5: 0xE5, bit 9 -> 16, bit 5 -> 18, bit 6 -> 20, no bit 17 as bit 5 is
 * set); gds_op's bit 0 in 8, the source's 6 bits, the 16-bit offset and index, the mask's
 * 0x00FF00FF bits. */
static void test_atomic_gds_0900(void **state) {
  (void)state;
  EXPECT(agc_acb_atomic_gds_0900(&cb, 0x200, 1, 1, 0x2A, 0x1234, 0x5678, 0xFFFFFFFFu, 0xAABBCCDDu,
                                 0x1122334455667788ull, 0x99AABBCCDDEEFF00ull),
         0xC0091D00u, 0x00030000u, 0x12Au, 0x1234u, 0x5678u, 0x00FF00FFu, 0xAABBCCDDu, 0x55667788u,
         0x11223344u, 0xDDEEFF00u, 0x99AABBCCu);
  setup(NULL);
  EXPECT(agc_dcb_atomic_gds_0900(&cb, 1, 0x2E5, 1, 3, 0x7F, 0xFFFF, 0x8001, 0xFFFFFFFFu, 7,
                                 0x100000002ull, 0),
         0xC0091D00u, 0x401500E5u, 0x13Fu, 0xFFFFu, 0x8001u, 0x00FF00FFu, 7u, 2u, 1u, 0, 0);
  setup(NULL);
  /* mode other than 1: no bit 17 */
  EXPECT(agc_acb_atomic_gds_0900(&cb, 0x1, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0xC0091D00u, 0x1u, 0, 0, 0,
         0, 0, 0, 0, 0, 0);
  assert_int_equal(agc_atomic_gds_get_size(), 44);
}

/* SetNop: the header's opcode byte becomes 0x10, the rest stays; NULL is returned. */
static void test_set_nop(void **state) {
  (void)state;
  uint32_t cmd[4] = {0xC0036300u, 1, 2, 3};
  assert_null(agc_set_nop(cmd));
  assert_int_equal(cmd[0], 0xC0031000u);
  assert_int_equal(cmd[1], 1);
  assert_int_equal(cmd[3], 3);
  cmd[0] = 0xC0017905u; /* the predicate and the low bits stay */
  assert_null(agc_set_nop(cmd));
  assert_int_equal(cmd[0], 0xC0011005u);
  assert_null(agc_set_nop(NULL));
}

/* No room: NULL, nothing written. */
static void test_full(void **state) {
  (void)state;
  cb.top = cb.cursor_down = buf + 3;
  assert_null(agc_dcb_atomic_mem(&cb, 0, 0x0F, 0, 0x1000, 1, 0));
  assert_null(agc_dcb_mem_semaphore(&cb, 0x1000, 0, 0, 6));
  assert_null(agc_cb_mem_semaphore(&cb, 0x1000, 0, 0, 6));
  assert_null(agc_dcb_prime_utcl2(&cb, 0, 0, 0x4000, 1));
  assert_null(agc_cb_cond_write(&cb, 3, 1, 0x1000, 1, 0x1000, 0, 0));
  assert_null(agc_acb_atomic_gds_0900(&cb, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  assert_null(agc_dcb_atomic_gds_0900(&cb, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
}

/* ---- the command processor runs what the builders wrote ---- */

static uint64_t mem[8];

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx, (void)write;
  const uintptr_t spans[2][2] = {{(uintptr_t)buf, sizeof buf}, {(uintptr_t)mem, sizeof mem}};
  for (unsigned i = 0; i < 2; i++)
    if (addr >= spans[i][0] && size <= spans[i][1] - (addr - spans[i][0]))
      return (void *)(uintptr_t)addr;
  return NULL;
}
#define A(p) ((uint64_t)(uintptr_t)(p))

static void test_cp_runs(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map};
  struct cp *cp = cp_create(&ops);
  assert_non_null(cp);
  memset(mem, 0, sizeof mem);
  mem[0] = 0x42;
  /* COND_WRITE: mem[0] & 0xFF == 0x42 holds, 0x77 goes to mem[1]; 0x43 does not, mem[2] stays */
  assert_non_null(agc_cb_cond_write(&cb, 3, 1, A(&mem[1]), 0x77, A(&mem[0]), 0x42, 0xFF));
  assert_non_null(agc_cb_cond_write(&cb, 3, 1, A(&mem[2]), 0x88, A(&mem[0]), 0x43, 0xFF));
  /* two signals (add one, then add one), one wait (takes one) */
  assert_non_null(agc_dcb_mem_semaphore(&cb, A(&mem[3]), 0, 0, 6));
  assert_non_null(agc_cb_mem_semaphore(&cb, A(&mem[3]), 0, 0, 6));
  assert_non_null(agc_dcb_mem_semaphore(&cb, A(&mem[3]), 0, 0, 7));
  /* ATOMIC_MEM ADD_RTN_32 (0x0F), single pass: mem[4] += 5 */
  mem[4] = 10;
  assert_non_null(agc_dcb_atomic_mem(&cb, 0, 0x0F, 0, A(&mem[4]), 5, 0));
  /* a hint only */
  assert_non_null(agc_dcb_prime_utcl2(&cb, 7, 0, A(mem), 1));
  /* an ATOMIC_MEM made a NOP: mem[5] is not touched */
  uint32_t *gone = agc_dcb_atomic_mem(&cb, 0, 0x0F, 0, A(&mem[5]), 9, 0);
  assert_null(agc_set_nop(gone));
  const uint32_t n = (uint32_t)(cb.cursor_up - buf);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, A(buf), n), 0);
  assert_true(cp_run_until_idle(cp, 10));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(mem[1], 0x77);
  assert_int_equal(mem[2], 0);
  assert_int_equal(mem[3], 1);
  assert_int_equal(mem[4], 15);
  assert_int_equal(mem[5], 0);

  /* a wait on a semaphore at 0 holds the (compute) queue until a signal arrives */
  setup(NULL);
  const unsigned cq = cp_compute_queue(1, 2);
  assert_non_null(agc_cb_mem_semaphore(&cb, A(&mem[6]), 0, 0, 7));
  assert_non_null(agc_cb_cond_write(&cb, 0, 1, A(&mem[7]), 5, A(mem), 0, 0));
  assert_int_equal(cp_submit(cp, cq, A(buf), (uint32_t)(cb.cursor_up - buf)), 0);
  cp_run_until_idle(cp, 4);
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_BLOCKED);
  assert_int_equal(mem[7], 0);
  __atomic_store_n(&mem[6], 1, __ATOMIC_RELEASE);
  assert_true(cp_run_until_idle(cp, 10));
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_IDLE);
  assert_int_equal(mem[6], 0);
  assert_int_equal(mem[7], 5);

  /* ATOMIC_GDS: what its operations do is not public, the queue stops (and says why) */
  setup(NULL);
  assert_non_null(agc_dcb_atomic_gds_0900(&cb, 0, 0x1, 0, 0, 0, 0, 0, 0, 1, 0, 0));
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, A(buf), 11), 0);
  assert_true(cp_run_until_idle(cp, 10));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_destroy(cp);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_atomic_mem, setup),
      cmocka_unit_test_setup(test_mem_semaphore, setup),
      cmocka_unit_test_setup(test_prime_utcl2, setup),
      cmocka_unit_test_setup(test_cond_write, setup),
      cmocka_unit_test_setup(test_atomic_gds_0900, setup),
      cmocka_unit_test(test_set_nop),
      cmocka_unit_test_setup(test_full, setup),
      cmocka_unit_test_setup(test_cp_runs, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
