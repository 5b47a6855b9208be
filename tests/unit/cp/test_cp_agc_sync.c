/* What libSceAgc's COPY_DATA builders and the label/wait patches write, run by the command
 * processor: COPY_DATA copies a 64-bit value between memory and writes a 32-bit immediate
 * (AMD's COPY_DATA semantics: COUNT_SEL 1 copies 64 bits, SRC_SEL 5 is the packet's
 * immediate); a RELEASE_MEM whose address and data were patched writes the patched data at the
 * patched address only; a WAIT_REG_MEM aimed at a value that never matches goes on once its
 * address and reference are patched to a label that holds the reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cp/cp.h"
#include "hle/libSceAgc/agc.h"

static uint64_t base; /* the host address of MEM */
#define MEM_BASE base
#define MEM_SIZE (1u << 16)
#include "cp_test_harness.h"

static struct agc_cb cb;

static int setup(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map};
  if (cp_test_setup(&ops)) return -1;
  base = (uint64_t)(uintptr_t)mem;
  uint32_t *dcb = (uint32_t *)mem; /* the first 4 KiB */
  cb = (struct agc_cb){
      .bottom = dcb, .top = dcb + 1024, .cursor_up = dcb, .cursor_down = dcb + 1024};
  return 0;
}

static uint64_t at64(uint32_t off) {
  uint64_t v;
  memcpy(&v, mem + off, 8);
  return v;
}

static void run(void) {
  uint32_t dwords = (uint32_t)(cb.cursor_up - cb.bottom);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, base, dwords), 0);
  assert_true(cp_run_until_idle(cp, 100));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
}

static void test_copy_data(void **state) {
  (void)state;
  uint64_t v = 0x1122334455667788ull;
  memcpy(mem + 0x1000, &v, 8);
  /* memory (TC_L2 2) to memory (5), 64 bits */
  assert_non_null(agc_acb_copy_data(&cb, 5, 0, base + 0x2000, 2, 0, base + 0x1000, 1, 0));
  /* the graphics form: an immediate (5 << 1) to memory (5 << 1), 32 bits */
  assert_non_null(
      agc_dcb_copy_data(&cb, 5 << 1, 0, base + 0x2010, 5 << 1, 0, 0xFFFFFFFFCAFEF00Dull, 0, 0));
  run();
  assert_true(at64(0x2000) == v);
  assert_true(at64(0x2010) == 0xCAFEF00Dull); /* 32 bits: the next dword untouched */
}

static void test_patched_release_mem(void **state) {
  (void)state;
  uint32_t *p = agc_cb_release_mem(&cb, 0x28, 0, 0, 0, base + 0x3000, 1, 1, 0, 0, 0, 0);
  assert_non_null(p);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_address(p, base + 0x3008), 0);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_data(p, 0, 2, 0xAABBCCDD00112233ull), 0);
  run();
  assert_true(at64(0x3000) == 0);
  assert_true(at64(0x3008) == 0xAABBCCDD00112233ull);
}

static void test_patched_wait(void **state) {
  (void)state;
  uint32_t seven = 7, done = 1;
  memcpy(mem + 0x4000, &seven, 4);
  uint32_t *p =
      agc_dcb_wait_reg_mem(&cb, 0, 3, 0, 0, base + 0x4100, 5, 0xFFFFFFFFu, 0x100); /* == 5 */
  assert_non_null(p);
  assert_non_null(agc_dcb_write_data(&cb, 5, 0, base + 0x4200, &done, 1, 1, 0));
  assert_int_equal(agc_wait_reg_mem_patch_address(p, base + 0x4000), 0);
  assert_int_equal(agc_wait_reg_mem_patch_reference(p, 7), 0);
  run(); /* without the patches the queue would still wait: not idle */
  uint32_t marker;
  memcpy(&marker, mem + 0x4200, 4);
  assert_int_equal(marker, 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_copy_data, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_patched_release_mem, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_patched_wait, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
