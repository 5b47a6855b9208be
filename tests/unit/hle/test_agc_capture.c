/* libSceAgc's builders against what the console's library wrote: the captures of the
 * PS5_Vulkan project (github.com/mihawk-99/PS5_Vulkan, folder golden/), each a console run's
 * command stream with every AGC call's name, arguments and the dwords [begin, end) it wrote.
 * Each case names its capture file; the expected dwords are the captured ones, the arguments
 * the captured ones (register values passed by pointer are the words the stream holds). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceVideoOut/videoout.h"

#define AGC_TEST_DWORDS 128
#include "agc_cb_expect.h"
#include "videoout_test_port.h"

/* Set{Cx,Uc,Sh}RegistersIndirect: golden/b4/b4-marker-1.json (calls 2-4, words 32-47) and
 * golden/c1-clear/c1-clear-1.json (calls 2-4 and 8-10, words 32-47 and 60-75). */
static void test_registers_indirect(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_cx_registers_indirect(&cb, 0x200023000ull, 0x55), 0xC0039F00u, 0x00023000u,
         0x2u, 0x80000000u, 0x55u);
  setup(NULL);
  EXPECT(agc_dcb_set_uc_registers_indirect(&cb, 0x200022000ull, 3), 0xC0036400u, 0x00022000u, 0x2u,
         0x80000000u, 3u);
  setup(NULL);
  EXPECT(agc_dcb_set_sh_registers_indirect(&cb, 0x200022800ull, 0xA), 0xC0036300u, 0x00022800u,
         0x2u, 0x80000000u, 0xAu);
  setup(NULL);
  EXPECT(agc_dcb_set_cx_registers_indirect(&cb, 0x200037400ull, 0x55), 0xC0039F00u, 0x00037400u,
         0x2u, 0x80000000u, 0x55u);
  setup(NULL);
  EXPECT(agc_dcb_set_uc_registers_indirect(&cb, 0x200046000ull, 3), 0xC0036400u, 0x00046000u, 0x2u,
         0x80000000u, 3u);
  setup(NULL);
  EXPECT(agc_dcb_set_sh_registers_indirect(&cb, 0x200036900ull, 0xA), 0xC0036300u, 0x00036900u,
         0x2u, 0x80000000u, 0xAu);
}

/* CbSetShRegisterRangeDirect(offset, values, count): golden/c1/c1-present-1.json (0xC, 3 values:
 * words 47-52), golden/b5c/b5-order-1.json (0x8C, 3 values: words 15-20) and
 * golden/c1-clear/c1-clear-1.json (0x8C, 2 values: words 75-79). */
static void test_sh_register_range(void **state) {
  (void)state;
  const uint32_t a[3] = {0, 0, 0x00028000u};
  EXPECT(agc_cb_set_sh_register_range_direct(&cb, 0xC, a, 3), 0xC0037600u, 0xCu, 0, 0, 0x00028000u);
  setup(NULL);
  const uint32_t b[3] = {0x00028000u, 0, 0x200u};
  EXPECT(agc_cb_set_sh_register_range_direct(&cb, 0x8C, b, 3), 0xC0037600u, 0x8Cu, 0x00028000u, 0,
         0x200u);
  setup(NULL);
  const uint32_t c[2] = {0, 0x200u};
  EXPECT(agc_cb_set_sh_register_range_direct(&cb, 0x8C, c, 2), 0xC0027600u, 0x8Cu, 0, 0x200u);
}

/* DrawIndexAuto(count, modifier): golden/c1/c1-present-1.json (3, 2: words 52-55) and
 * golden/c1-clear/c1-clear-1.json (6, 2: words 57-60). */
static void test_draw_index_auto(void **state) {
  (void)state;
  EXPECT(agc_dcb_draw_index_auto(&cb, 3, 2), 0xC0012D00u, 3u, 2u);
  setup(NULL);
  EXPECT(agc_dcb_draw_index_auto(&cb, 6, 2), 0xC0012D00u, 6u, 2u);
}

/* The indexed draw and its state, golden/b5c/b5-order-1.json (calls 5-11, words 20-45):
 * SetIndexSize(0, 0), then twice SetIndexBuffer, SetIndexCount and DrawIndex(count, address,
 * modifier 0) for 0x30 indices at 0x200028200 and 3 at 0x200028260. */
static void test_indexed_draw(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_index_size(&cb, 0, 0), 0xC0017A00u, 0x20000243u, 0x400u);
  setup(NULL);
  EXPECT(agc_dcb_set_index_buffer(&cb, 0x200028200ull), 0xC0012600u, 0x00028200u, 0x2u);
  setup(NULL);
  EXPECT(agc_dcb_set_index_count(&cb, 0x30), 0xC0001300u, 0x30u);
  setup(NULL);
  EXPECT(agc_dcb_draw_index(&cb, 0x30, 0x200028200ull, 0), 0xC0042700u, 0x30u, 0x00028200u, 0x2u,
         0x30u, 0);
  setup(NULL);
  EXPECT(agc_dcb_set_index_buffer(&cb, 0x200028260ull), 0xC0012600u, 0x00028260u, 0x2u);
  setup(NULL);
  EXPECT(agc_dcb_set_index_count(&cb, 3), 0xC0001300u, 3u);
  setup(NULL);
  EXPECT(agc_dcb_draw_index(&cb, 3, 0x200028260ull, 0), 0xC0042700u, 3u, 0x00028260u, 0x2u, 3u, 0);
}

/* CbReleaseMem(action, gcr, dst, cache policy, address, data select, data, GDS offset, GDS size,
 * interrupt, context id): the end-of-frame pair of every capture with calls, the label's data
 * differing: golden/b5/b5-empty-1.json (0x42360001), golden/c1/c1-present-3.json (0x42C10002),
 * golden/c1-clear/c1-clear-1.json (0x42C10011, address 0x20003FFFC). */
static void test_release_mem(void **state) {
  (void)state;
  EXPECT(agc_cb_release_mem(&cb, 0x2D, 0xC, 1, 0, 0, 0, 0, 0, 1, 0, 0), 0xC0064900u, 0x0000C52Du,
         0x00010000u, 0, 0, 0, 0, 0);
  setup(NULL);
  EXPECT(agc_cb_release_mem(&cb, 0x28, 0x30C, 0, 0, 0x20002BFFCull, 1, 0x42360001u, 0, 0, 0, 0),
         0xC0064900u, 0x0030C528u, 0x20000000u, 0x0002BFFCu, 0x2u, 0x42360001u, 0, 0);
  setup(NULL);
  EXPECT(agc_cb_release_mem(&cb, 0x28, 0x30C, 0, 0, 0x20002BFFCull, 1, 0x42C10002u, 0, 0, 0, 0),
         0xC0064900u, 0x0030C528u, 0x20000000u, 0x0002BFFCu, 0x2u, 0x42C10002u, 0, 0);
  setup(NULL);
  EXPECT(agc_cb_release_mem(&cb, 0x28, 0x30C, 0, 0, 0x20003FFFCull, 1, 0x42C10011u, 0, 0, 0, 0),
         0xC0064900u, 0x0030C528u, 0x20000000u, 0x0003FFFCu, 0x2u, 0x42C10011u, 0, 0);
}

/* The RELEASE_MEM the console's flip sequence writes (golden/c1/c1-present-2.json, words 10-17:
 * event 4 with EVENT_INDEX 5, GCR_CNTL 0x200, cache policy 3; DST_SEL 1, INT_SEL 2, DATA_SEL 2;
 * the flip label 0xC_800040A0; data 1; INT_CTXID 0x08000102, bit 27 set) is CbReleaseMem's
 * packet with the arguments in the fields of their name: the console's library puts the cache
 * policy, interrupt select, data select 2 and a 28-bit context id where AMD's definitions do
 * (not a capture of CbReleaseMem itself: its argument mapping stays one reading). */
static void test_release_mem_flip_fields(void **state) {
  (void)state;
  EXPECT(agc_cb_release_mem(&cb, 4, 0x200, 1, 3, 0xC800040A0ull, 2, 1, 0, 0, 2, 0x08000102u),
         0xC0064900u, 0x06200504u, 0x42010000u, 0x800040A0u, 0xCu, 1u, 0, 0x08000102u);
}

/* DcbSetFlip(handle, index, mode, argument), golden/c1/c1-present-2.json and golden/b4/
 * m2-solid-1.json (words 50-113) (0x4E100200, 0, 1, 0x5053564B) and golden/c1/c1-present-4.json
 * (0x4E100200, 1, 1, 0x5053564C): 64 dwords, every one the console's but the RELEASE_MEM's
 * context id (dword 17), which is not a function of the arguments (0x08000101 in m2-solid-1 and
 * 0x08000102 in c1-present-2 for the same call, 0x08000103 in c1-present-4): a flip id of the
 * same form, 0x08000100 + n in 28 bits, the next call's the next. Returns it. */
static uint32_t check_flip(uint32_t index, int64_t arg) {
  const uint32_t console[64] = {0xC0027904u,
                                0x342u,
                                0xC7010101u | index << 3,
                                0,
                                0xC0043704u,
                                0x06010000u,
                                0xC343u,
                                0,
                                (uint32_t)arg,
                                (uint32_t)(arg >> 32),
                                0xC0064900u,
                                0x06200504u,
                                0x42010000u,
                                0x800040A0u + index * 8,
                                0xCu,
                                1u,
                                0,
                                0x08000102u, /* not compared */
                                0xC02C1000u};
  setup(NULL);
  /* the handle (0x4E100200 in the capture) is in no word; ours are small numbers */
  const uint32_t handle = (uint32_t)videoout_test_port(2);
  const uint32_t *p = agc_dcb_set_flip(&cb, handle, (int32_t)index, 1, arg);
  assert_ptr_equal(p, buf);
  assert_ptr_equal(cb.cursor_up, buf + 64);
  assert_int_equal(buf[64], FILL);
  for (int i = 0; i < 64; i++)
    if (i != 17 && p[i] != console[i])
      fail_msg("dword %d: 0x%08x, expected 0x%08x", i, p[i], console[i]);
  if ((p[17] & 0xFFFFFF00u) != 0x08000100u || p[17] == 0x08000100u)
    fail_msg("context id 0x%08x: 0x08000101-0x080001FF expected", p[17]);
  return p[17];
}

static void test_set_flip(void **state) {
  (void)state;
  uint32_t id = check_flip(0, 0x5053564B);
  assert_int_equal(check_flip(1, 0x5053564C), id + 1); /* consecutive, as captured */
  const uint32_t h = (uint32_t)videoout_test_port(2);
  setup(NULL);
  assert_null(agc_dcb_set_flip(&cb, h, 16, 1, 0)); /* the driver's INVALID_INDEX */
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
  /* the console writes nothing and answers NULL for a display buffer with no buffer
   * registered (index 4 with two registered) and for a port that is not open (obSCEne's
   * check 166-agc/dcb-set-flip, as the Orbistoun project records it) */
  assert_null(agc_dcb_set_flip(&cb, h, 4, 1, 0));
  assert_null(agc_dcb_set_flip(&cb, h + 1, 0, 1, 0));
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
  assert_ptr_equal(agc_dcb_set_flip(&cb, h, -1, 1, 0), buf); /* a blank flip needs no buffer */
  setup(NULL);
  cb.cursor_down = buf + 63; /* no room for 64 dwords */
  assert_null(agc_dcb_set_flip(&cb, h, 0, 1, 0));
  assert_int_equal(buf[0], FILL);
  assert_int_equal(videoout_close((int32_t)h), 0);
  videoout_reset();
}

/* sceAgcDriverWaitUntilSafeForRendering(&cursor, 32, 0, handle, index): golden/b4/
 * b4-marker-1.json (0x4E100100, buffer 0, words 0-31), golden/c1/c1-present-1.json and
 * golden/c1-clear/c1-clear-1.json (0x4E100200, buffer 0), golden/c1/c1-present-3.json
 * (0x4E100200, buffer 1): the tag 0xCB000000 | index to 0x342, WAIT_REG_MEM64 until the flip
 * label 0xC_800040A0 + index * 8 is 0, the tag 0xCB000020 | index, a NOP of 17 dwords. */
static void console_wait_words(uint32_t index, uint32_t w[16]) {
  const uint32_t words[16] = {0xC0017904u, 0x342u,      0xCB000000u | index,
                              0xC0079300u, 0x06000113u, 0x800040A0u + index * 8,
                              0xCu,        0,           0,
                              0xFFFFFFFFu, 0xFFFFFFFFu, 0x40u,
                              0xC0017904u, 0x342u,      0xCB000020u | index,
                              0xC00F1000u};
  memcpy(w, words, sizeof words);
}

static void check_wait(uint32_t handle, uint32_t index) {
  uint32_t console[32] = {0};
  console_wait_words(index, console);
  setup(NULL);
  uint32_t *cur = buf;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, 32, 0, handle, (int32_t)index),
                   0);
  assert_ptr_equal(cur, buf + 32);
  assert_int_equal(buf[32], FILL);
  for (int i = 0; i < 32; i++)
    if (buf[i] != console[i]) fail_msg("dword %d: 0x%08x, expected 0x%08x", i, buf[i], console[i]);
}

static void test_wait_until_safe(void **state) {
  (void)state;
  check_wait(0x4E100100u, 0);
  check_wait(0x4E100200u, 0);
  check_wait(0x4E100200u, 1);
}

/* sceAgcDcbWaitUntilSafeForRendering(cb, handle, index) writes the driver's words above: the
 * console's Dcb form, measured with a port open (obSCEne's check
 * 166-agc/dcb-wait-until-safe-for-rendering, buffers 0, 1 and 4, as the Orbistoun project,
 * github.com/project-oops/Orbistoun, records it in crates/orbistoun-hle/data/knowledge/
 * libSceAgc.toml): the tag 0xCB000000 + index to 0x342, WAIT_REG_MEM64 until the buffer's flip
 * label 0xC_800040A0 + 8 * index is 0 (poll interval 0x40), the tag 0xCB000020 + index, the
 * header of a NOP over the rest; the cursor advances 32 dwords and the packet's address is
 * returned. Index 4, where no buffer is registered, is written the same; with no port open
 * nothing is written and NULL returned. The expected words are the PS5_Vulkan captures'
 * (check_wait's). */
static void check_dcb_wait(int32_t handle, uint32_t index) {
  uint32_t console[16];
  console_wait_words(index, console);
  setup(NULL);
  uint32_t *p = agc_dcb_wait_until_safe_for_rendering(&cb, (uint32_t)handle, index);
  assert_ptr_equal(p, buf);
  assert_ptr_equal(cb.cursor_up, buf + 32);
  assert_int_equal(buf[32], FILL);
  for (int i = 0; i < 16; i++)
    if (buf[i] != console[i]) fail_msg("dword %d: 0x%08x, expected 0x%08x", i, buf[i], console[i]);
}

static void test_dcb_wait_until_safe(void **state) {
  (void)state;
  videoout_reset();
  setup(NULL);
  assert_null(agc_dcb_wait_until_safe_for_rendering(&cb, 0x4E100100u, 0)); /* no port open */
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
  const int h = videoout_open(255, 0, 0, NULL);
  assert_true(h > 0);
  check_dcb_wait(h, 0);
  check_dcb_wait(h, 1);
  check_dcb_wait(h, 4);
  setup(NULL);
  assert_null(agc_dcb_wait_until_safe_for_rendering(&cb, (uint32_t)h, 16)); /* ours */
  cb.cursor_down = buf + 31; /* no room for 32 dwords */
  assert_null(agc_dcb_wait_until_safe_for_rendering(&cb, (uint32_t)h, 0));
  assert_int_equal(buf[0], FILL);
  assert_int_equal(videoout_close(h), 0);
  videoout_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_registers_indirect, setup),
      cmocka_unit_test_setup(test_sh_register_range, setup),
      cmocka_unit_test_setup(test_draw_index_auto, setup),
      cmocka_unit_test_setup(test_indexed_draw, setup),
      cmocka_unit_test_setup(test_release_mem, setup),
      cmocka_unit_test_setup(test_release_mem_flip_fields, setup),
      cmocka_unit_test(test_set_flip),
      cmocka_unit_test(test_wait_until_safe),
      cmocka_unit_test(test_dcb_wait_until_safe),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
