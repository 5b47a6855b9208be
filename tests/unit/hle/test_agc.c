/* libSceAgc's builders: every packet's dwords against packets written here from the PM4
 * definitions (type-3 header: 3 << 30 | (body dwords - 1) << 16 | opcode << 8; opcodes
 * SET_CONFIG_REG 0x68, SET_CONTEXT_REG 0x69, SET_SH_REG 0x76, SET_UCONFIG_REG 0x79,
 * DISPATCH_DIRECT 0x15, DISPATCH_INDIRECT 0x16, NOP 0x10) and the driver packets' layouts
 * (NOP with the sub-selector in bits 7:2: RELEASE_MEM 0x18, WRITE_DATA 0x15, ACQUIRE_MEM
 * 0x14, PUSH_MARKER 0x0B, POP_MARKER 0x0C); the argument checks the console's library makes;
 * the command buffer's room, reserve and growth callback. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"

#define PKT3(op, body) (0xC0000000u | (((uint32_t)(body)-1u) & 0x3fffu) << 16 | (uint32_t)(op) << 8)
#define DRV(sub, body) (PKT3(0x10u, body) | (uint32_t)(sub) << 2)
#define REG(off, val) ((uint64_t)(val) << 32 | (uint32_t)(off))
#define FILL 0xABCDEF01u

static uint32_t buf[512];
static struct agc_cb cb;

static int setup(void **state) {
  (void)state;
  for (size_t i = 0; i < 512; i++) buf[i] = FILL;
  cb = (struct agc_cb){.bottom = buf, .top = buf + 512, .cursor_up = buf, .cursor_down = buf + 512};
  return 0;
}

/* P is the packet at the start of the buffer, WANT its N dwords; the next dword untouched. */
static void expect(const uint32_t *p, const uint32_t *want, size_t n) {
  assert_ptr_equal(p, buf);
  for (size_t i = 0; i < n; i++) {
    if (p[i] != want[i]) fail_msg("dword %zu: 0x%08x, expected 0x%08x", i, p[i], want[i]);
  }
  assert_ptr_equal(cb.cursor_up, buf + n);
  assert_int_equal(buf[n], FILL);
}
#define EXPECT(p, ...)                                \
  do {                                                \
    const uint32_t want_[] = {__VA_ARGS__};           \
    expect(p, want_, sizeof want_ / sizeof want_[0]); \
  } while (0)

static void test_set_register_direct(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_sh_register_direct(&cb, REG(0x20C, 0x12345678)), 0xC0017600u, 0x20C,
         0x12345678);
  setup(NULL);
  EXPECT(agc_dcb_set_cx_register_direct(&cb, REG(0xFFFF, 7)), 0xC0016900u, 0xFFFF, 7);
  setup(NULL);
  EXPECT(agc_dcb_set_uc_register_direct(&cb, REG(0x242, 4)), 0xC0017900u, 0x242, 4);
  setup(NULL);
  EXPECT(agc_dcb_set_cf_register_direct(&cb, REG(0x2468, 1)), 0xC0016800u, 0x2468, 1);
  setup(NULL);
  /* the offset field is 16 bits; no buffer; no room */
  assert_null(agc_dcb_set_sh_register_direct(&cb, REG(0x10000, 1)));
  assert_null(agc_dcb_set_sh_register_direct(NULL, REG(0, 1)));
  cb.cursor_down = cb.cursor_up + 2;
  assert_null(agc_dcb_set_sh_register_direct(&cb, REG(0, 1)));
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
  assert_int_equal(agc_dcb_set_register_direct_get_size(), 12);
}

static void test_set_register_range(void **state) {
  (void)state;
  const uint32_t v[3] = {1, 2, 3};
  EXPECT(agc_cb_set_sh_register_range_direct(&cb, 0x207, v, 3), 0xC0037600u, 0x207, 1, 2, 3);
  setup(NULL);
  EXPECT(agc_cb_set_uc_register_range_direct(&cb, 0x100, v, 1), 0xC0017900u, 0x100, 1);
  setup(NULL);
  EXPECT(agc_dcb_set_cf_register_range_direct(&cb, 0x100, v, 2), 0xC0026800u, 0x100, 1, 2);
  setup(NULL);
  /* NULL values: the room is reserved, the values left as they were */
  EXPECT(agc_cb_set_sh_register_range_direct(&cb, 0x240, NULL, 2), 0xC0027600u, 0x240, FILL, FILL);
  setup(NULL);
  assert_null(agc_cb_set_sh_register_range_direct(&cb, 0x100, v, 0));
  assert_null(agc_cb_set_sh_register_range_direct(&cb, 0xFFFF, v, 2)); /* past the space */
  assert_int_equal(agc_cb_set_register_range_direct_get_size(3), 20);
}

static void test_set_registers_list(void **state) {
  (void)state;
  const struct agc_shader_register adjacent[4] = {{0x10, 5}, {0x11, 6}, {0x12, 7}, {0x13, 8}};
  EXPECT(agc_cb_set_sh_registers_direct(&cb, adjacent, 4), 0xC0047600u, 0x10, 5, 6, 7, 8);
  setup(NULL);
  const struct agc_shader_register pairs[4] = {{0x10, 5}, {0x11, 6}, {0x20, 7}, {0x21, 8}};
  EXPECT(agc_cb_set_uc_registers_direct(&cb, pairs, 4), 0xC0027900u, 0x10, 5, 6, 0xC0027900u, 0x20,
         7, 8);
  setup(NULL);
  const struct agc_shader_register scattered[3] = {{0x12, 1}, {0x11, 2}, {0x20, 3}};
  EXPECT(agc_cb_set_sh_registers_direct(&cb, scattered, 3), 0xC0017600u, 0x12, 1, 0xC0017600u, 0x11,
         2, 0xC0017600u, 0x20, 3);
  setup(NULL);
  assert_null(agc_cb_set_sh_registers_direct(&cb, scattered, 0));
  assert_int_equal(agc_cb_set_registers_direct_get_size(4), 48);
  assert_int_equal(agc_cb_set_registers_direct_get_size(0), 0);
}

/* DISPATCH_INITIATOR: COMPUTE_SHADER_EN (bit 0) and ORDER_MODE (bit 6) always; the
 * modifier's bits 3-5, 13 and 15 (CS_W32_EN) kept, the others dropped. */
static void test_dispatch(void **state) {
  (void)state;
  EXPECT(agc_cb_dispatch(&cb, 4, 2, 1, 0x8000u), 0xC0031500u, 4, 2, 1, 0x8041u);
  setup(NULL);
  EXPECT(agc_cb_dispatch(&cb, 1, 1, 1, 0xFFFFFFFFu), 0xC0031500u, 1, 1, 1, 0xA079u);
  setup(NULL);
  EXPECT(agc_dcb_dispatch_indirect(&cb, 0x40, 0), 0xC0011600u, 0x40, 0x41u);
  setup(NULL);
  EXPECT(agc_acb_dispatch_indirect(&cb, 0x123456789ABCull, 0x8000u), 0xC0021600u, 0x56789ABCu,
         0x1234u, 0x8041u);
  assert_int_equal(agc_cb_dispatch_get_size(), 20);
  assert_int_equal(agc_dcb_dispatch_indirect_get_size(), 12);
  assert_int_equal(agc_acb_dispatch_indirect_get_size(), 16);
}

static void test_release_mem(void **state) {
  (void)state;
  EXPECT(agc_cb_release_mem(&cb, 0x2F, 0, 0, 1, 0x900001000ull, 1, 0x1122334455667788ull, 0, 0, 2,
                            0xFFFFFFFFu),
         DRV(0x18, 7), 0x2Fu | 1u << 8, 1u << 16 | 2u << 24, 0x00001000u, 0x9u, 0x55667788u,
         0x11223344u, 0x07FFFFFFu);
  setup(NULL);
  /* interrupt 4 (interrupt only): address and data are not written into the packet */
  EXPECT(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x900001000ull, 0, 5, 0, 0, 4, 0), DRV(0x18, 7),
         0x28u, 4u << 24, 0, 0, 0, 0, 0);
  setup(NULL);
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 2, 0, 0x1000, 1, 0, 0, 0, 0, 0)); /* dst */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x1000, 4, 0, 0, 0, 0, 0)); /* data sel */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x1000, 1, 0, 4, 0, 0, 0)); /* GDS offset */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x1000, 1, 0, 0, 3, 0, 0)); /* GDS size */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x1000, 1, 0, 0, 0, 7, 0)); /* interrupt */
  assert_null(agc_cb_release_mem(&cb, 0x28, 1, 0, 0, 0x1000, 1, 0, 0, 0, 4, 0)); /* 4 + GCR */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x1002, 1, 0, 0, 0, 5, 0)); /* aligned 4 */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x1004, 1, 0, 0, 0, 6, 0)); /* aligned 8 */
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(agc_cb_queue_end_of_pipe_action_get_size(), 32);
}

static void test_write_data(void **state) {
  (void)state;
  const uint32_t data[2] = {0xAAAA, 0xBBBB};
  EXPECT(agc_dcb_write_data(&cb, 5, 2, 0x900002000ull, data, 2, 1, 1), DRV(0x15, 5),
         5u | 2u << 8 | 1u << 16 | 1u << 24, 0x2000u, 0x9u, 0xAAAAu, 0xBBBBu);
  setup(NULL);
  assert_null(agc_dcb_write_data(&cb, 5, 0, 0, data, 2, 1, 0));      /* no address */
  assert_null(agc_dcb_write_data(&cb, 5, 0, 0x1000, NULL, 2, 1, 0)); /* no data */
  assert_null(agc_dcb_write_data(&cb, 5, 0, 0x1000, data, 0x3FFE, 1, 0));
  assert_int_equal(agc_dcb_write_data_get_size(2), 24);
}

static void test_acquire_mem(void **state) {
  (void)state;
  EXPECT(agc_dcb_acquire_mem(&cb, 1, 0x12, 0x603, 0x900001000ull, 0x2000, 400), DRV(0x14, 7),
         1u << 31 | 0x12u, 0x20u, 0, 0x9000010u, 0, 10u, 0x603u);
  setup(NULL);
  EXPECT(agc_dcb_acquire_mem(&cb, 0, 0, 0, 0, UINT64_MAX, 0), DRV(0x14, 7), 0, 0, 0, 0, 0, 0, 0);
  setup(NULL);
  assert_null(agc_dcb_acquire_mem(&cb, 2, 0, 0, 0, 0x100, 0));      /* engine */
  assert_null(agc_dcb_acquire_mem(&cb, 0, 0, 0, 0x1080, 0x100, 0)); /* base alignment */
  assert_null(agc_dcb_acquire_mem(&cb, 0, 0, 0, 0x1000, 0x180, 0)); /* size alignment */
  assert_int_equal(agc_dcb_acquire_mem_get_size(), 32);
}

static void test_nop_and_markers(void **state) {
  (void)state;
  EXPECT(agc_cb_nop(&cb, 4), 0xC0021000u, 0, 0, 0);
  setup(NULL);
  assert_null(agc_cb_nop(&cb, 1));
  assert_null(agc_cb_nop(&cb, 0x4002));
  assert_int_equal(agc_cb_nop_get_size(9), 36);
  /* the string and its NUL in whole dwords, little-endian */
  EXPECT(agc_dcb_push_marker(&cb, "abc"), DRV(0x0B, 1), 0x00636261u);
  setup(NULL);
  EXPECT(agc_dcb_push_marker(&cb, "abcd"), DRV(0x0B, 2), 0x64636261u, 0);
  setup(NULL);
  EXPECT(agc_dcb_pop_marker(&cb), DRV(0x0C, 1), 0);
  setup(NULL);
  /* FLIP: handle, buffer index, flip mode, argument lo, hi */
  EXPECT(agc_dcb_set_flip(&cb, 1, 3, 1, -2), DRV(0x17, 5), 1, 3, 1, 0xFFFFFFFEu, 0xFFFFFFFFu);
}

/* The callback grows the buffer: it moves cursor_down by what it is asked for. */
static unsigned grow_calls;
static uint32_t grow_asked;
static bool grow(struct agc_cb *c, uint32_t dwords, void *user) {
  grow_calls++;
  grow_asked = dwords;
  if (user) return false;
  c->cursor_down = c->cursor_up + dwords;
  return true;
}

static void test_room_and_callback(void **state) {
  (void)state;
  cb.cursor_down = buf + 4;
  cb.reserved_dw = 1; /* 3 dwords free */
  assert_non_null(agc_dcb_set_sh_register_direct(&cb, REG(1, 1)));
  assert_null(agc_cb_dispatch(&cb, 1, 1, 1, 0)); /* no callback */
  cb.callback = grow;
  assert_non_null(agc_cb_dispatch(&cb, 1, 1, 1, 0));
  assert_int_equal(grow_calls, 1);
  assert_int_equal(grow_asked, 5 + 1); /* the packet and the reserve */
  assert_ptr_equal(cb.cursor_up, buf + 8);
  cb.user_data = &cb; /* the callback refuses */
  assert_null(agc_cb_dispatch(&cb, 1, 1, 1, 0));
  assert_ptr_equal(cb.cursor_up, buf + 8);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_set_register_direct, setup),
      cmocka_unit_test_setup(test_set_register_range, setup),
      cmocka_unit_test_setup(test_set_registers_list, setup),
      cmocka_unit_test_setup(test_dispatch, setup),
      cmocka_unit_test_setup(test_release_mem, setup),
      cmocka_unit_test_setup(test_write_data, setup),
      cmocka_unit_test_setup(test_acquire_mem, setup),
      cmocka_unit_test_setup(test_nop_and_markers, setup),
      cmocka_unit_test_setup(test_room_and_callback, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
