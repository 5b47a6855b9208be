/* libSceAgc's builders: every packet's dwords against packets written here from the PM4
 * definitions (type-3 header: 3 << 30 | (body dwords - 1) << 16 | opcode << 8; opcodes
 * SET_CONFIG_REG 0x68, SET_CONTEXT_REG 0x69, SET_SH_REG 0x76, SET_UCONFIG_REG 0x79,
 * DISPATCH_DIRECT 0x15, DISPATCH_INDIRECT 0x16, RELEASE_MEM 0x49, NOP 0x10) and the driver
 * packets' layouts (NOP with the sub-selector in bits 7:2: WRITE_DATA 0x15, ACQUIRE_MEM 0x14);
 * the console's measured words where a source gives them (WaitRegMem, the markers); the
 * argument checks the console's library makes;
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
#include "agc_cb_expect.h"
#include "videoout_test_port.h"

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

/* RELEASE_MEM (0x49, 7 body dwords) as the console's library wrote it for known arguments:
 * two captures the PS5_Vulkan project published (golden/b4/b4-headless-1.json: the call's
 * arguments beside the words it wrote; docs/agc.md) are the first two packets, word for
 * word. The fields they leave at 0 follow AMD's RELEASE_MEM layout (PAL's PM4_ME_RELEASE_MEM):
 * CACHE_POLICY (26:25) and EVENT_INDEX (11:8; 6 for CS_DONE/PS_DONE) of dword 1, INT_SEL
 * (26:24) of dword 2, INT_CTXID in dword 7. */
static void test_release_mem(void **state) {
  (void)state;
  EXPECT(agc_cb_release_mem(&cb, 0x2D, 12, 1, 0, 0, 0, 0, 0, 1, 0, 0), 0xC0064900u, 0x0000C52Du,
         0x00010000u, 0, 0, 0, 0, 0);
  setup(NULL);
  EXPECT(agc_cb_release_mem(&cb, 0x28, 0x30C, 0, 0, 0x20002BFFCull, 1, 0x42340002u, 0, 0, 0, 0),
         0xC0064900u, 0x0030C528u, 0x20000000u, 0x0002BFFCu, 0x2u, 0x42340002u, 0, 0);
  setup(NULL);
  EXPECT(agc_cb_release_mem(&cb, 0x2F, 0, 0, 1, 0x900001000ull, 1, 0x1122334455667788ull, 0, 0, 2,
                            0xFFFFFFFFu),
         0xC0064900u, 0x2Fu | 6u << 8 | 1u << 25, 2u << 24 | 1u << 29, 0x00001000u, 0x9u,
         0x55667788u, 0x11223344u, 0x0FFFFFFFu);
  setup(NULL);
  /* interrupt 4 (interrupt only): address and data are not written into the packet */
  EXPECT(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x900001000ull, 0, 5, 0, 0, 4, 0), 0xC0064900u,
         0x28u | 5u << 8, 4u << 24, 0, 0, 0, 0, 0);
  setup(NULL);
  /* values the packet's fields cannot hold (ours) */
  assert_null(agc_cb_release_mem(&cb, 0x40, 0, 0, 0, 0x1000, 1, 0, 0, 0, 0, 0));      /* action */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0x1000, 0, 0, 0x1000, 1, 0, 0, 0, 0, 0)); /* GCR */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 4, 0x1000, 1, 0, 0, 0, 0, 0));      /* cache */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 2, 0, 0x1000, 1, 0, 0, 0, 0, 0));      /* dst */
  assert_null(agc_cb_release_mem(&cb, 0x28, 0, 0, 0, 0x1000, 4, 0, 0, 0, 0, 0));      /* data sel */
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

/* ACQUIRE_MEM (0x58, the header measured on the console: 0xC0065800): COHER_CNTL with the
 * engine in bit 31, COHER_SIZE, COHER_SIZE_HI, COHER_BASE_LO, COHER_BASE_HI (256-byte units),
 * POLL_INTERVAL, GCR_CNTL. The compute form has no engine or CB/DB operation: 0x80000000. */
static void test_acquire_mem(void **state) {
  (void)state;
  EXPECT(agc_dcb_acquire_mem(&cb, 1, 0x12, 0x603, 0x900001000ull, 0x2000, 400), 0xC0065800u,
         1u << 31 | 0x12u, 0x20u, 0, 0x9000010u, 0, 10u, 0x603u);
  setup(NULL);
  EXPECT(agc_dcb_acquire_mem(&cb, 0, 0, 0, 0, UINT64_MAX, 0), 0xC0065800u, 0, 0, 0, 0, 0, 0, 0);
  setup(NULL);
  EXPECT(agc_acb_acquire_mem(&cb, 0x603, 0x900001000ull, 0x2000, 400), 0xC0065800u, 1u << 31, 0x20u,
         0, 0x9000010u, 0, 10u, 0x603u);
  setup(NULL);
  assert_null(agc_dcb_acquire_mem(&cb, 2, 0, 0, 0, 0x100, 0));      /* engine */
  assert_null(agc_dcb_acquire_mem(&cb, 0, 0, 0, 0x1080, 0x100, 0)); /* base alignment */
  assert_null(agc_dcb_acquire_mem(&cb, 0, 0, 0, 0x1000, 0x180, 0)); /* size alignment */
  assert_int_equal(agc_dcb_acquire_mem_get_size(), 32);
}

/* INDIRECT_BUFFER (0x3F): address lo (dword aligned), hi (15:0), IB_SIZE (19:0) + CHAIN (20)
 * + CACHE_POLICY (29:28), with the library's constant bits 21 and 27:24. */
static void test_jump(void **state) {
  (void)state;
  EXPECT(agc_dcb_jump(&cb, 1, 2, 0x900004000ull, 0x40), 0xC0023F00u, 0x4000u, 0x9u,
         0x0F200000u | 2u << 28 | 1u << 20 | 0x40u);
  setup(NULL);
  EXPECT(agc_dcb_jump(&cb, 0, 0, 0x123400004000ull, 0x100000), 0xC0023F00u, 0x4000u, 0x1234u,
         0x0F200000u);
  setup(NULL);
  assert_null(agc_dcb_jump(&cb, 2, 0, 0x1000, 4));
  assert_null(agc_dcb_jump(&cb, 0, 4, 0x1000, 4));
  assert_int_equal(agc_dcb_jump_get_size(), 16);
}

/* EVENT_WRITE (0x46): the event type in 5:0; the counter-sampling types 0x38/0x39 carry
 * EVENT_INDEX 1 (11:8) and an 8-byte aligned address. */
static void test_event_write(void **state) {
  (void)state;
  /* CS_PARTIAL_FLUSH (0x07), VS_ (0x0F) and PS_PARTIAL_FLUSH (0x10) with EVENT_INDEX 4 (11:8),
   * as AMD's drivers write them; other types with index 0 (measured: type 62 -> 0x3E) */
  EXPECT(agc_dcb_event_write(&cb, 0x07, 0), 0xC0004600u, 0x407u);
  setup(NULL);
  EXPECT(agc_dcb_event_write(&cb, 0x0F, 0), 0xC0004600u, 0x40Fu);
  setup(NULL);
  EXPECT(agc_dcb_event_write(&cb, 0x10, 0), 0xC0004600u, 0x410u);
  setup(NULL);
  EXPECT(agc_dcb_event_write(&cb, 0x3E, 0), 0xC0004600u, 0x3Eu);
  setup(NULL);
  EXPECT(agc_dcb_event_write(&cb, 0x39, 0x900001234ull), 0xC0024600u, 0x139u, 0x1230u, 0x9u);
  setup(NULL);
  assert_null(agc_dcb_event_write(&cb, 0x40, 0));
  assert_null(agc_dcb_event_write(&cb, 0x07, 0x1000)); /* an address only for sampling */
}

/* WaitRegMem as the console writes it, measured one argument at a time (obSCEne's check
 * 166-agc/dcb-wait-reg-mem, as the Orbistoun project, github.com/project-oops/Orbistoun,
 * records it: knowledge/libSceAgc.toml and its packet builder wait_reg_mem): SET_UCONFIG_REG
 * (0xC0027904) of 0x342-0x343 = 0xC8010000 (32 bits) or 0xC8020000 (64 bits), the address's low
 * 32 bits as given; WAIT_REG_MEM (0xC0053C00) or WAIT_REG_MEM64 (0xC0079300): control 0x10 |
 * function | (operation & 3) << 8 | cache policy << 25, the aligned address lo, hi, the
 * reference, the mask, cycles / 16; SET_UCONFIG_REG (0xC0017904) of 0x342 = 0xC8000000. The
 * compute form's headers have bit 2 clear (0xC0027900, 0xC0017900: measured at zero
 * arguments). */
static void test_wait_reg_mem(void **state) {
  (void)state;
  EXPECT(agc_dcb_wait_reg_mem(&cb, 0, 3, 0, 1, 0x900001003ull, 0x55, 0xFF, 0x100), 0xC0027904u,
         0x342u, 0xC8010000u, 0x00001003u, 0xC0053C00u, 0x02000013u, 0x1000u, 0x9u, 0x55u, 0xFFu,
         0x10u, 0xC0017904u, 0x342u, 0xC8000000u);
  setup(NULL);
  EXPECT(agc_dcb_wait_reg_mem(&cb, 0, 0, 3, 0, 0x1000, 0, 0, 0), 0xC0027904u, 0x342u, 0xC8010000u,
         0x1000u, 0xC0053C00u, 0x310u, 0x1000u, 0, 0, 0, 0, 0xC0017904u, 0x342u, 0xC8000000u);
  setup(NULL);
  /* OpenAGC's reading of the library (src/cb_builders.c's record of the FW 5.50 builder): the
   * 32-bit form puts the operation's bits 3:2 in 7:6 (operation 4: 0x40) and keeps 18 bits of
   * the address's high dword (0x7FFFFFF0 -> 0x3FFF0); the opening packet's copy is the low
   * dword as given */
  EXPECT(agc_dcb_wait_reg_mem(&cb, 0, 1, 4, 2, 0x7FFFFFF000002008ull, 7, 0xF, 0x40), 0xC0027904u,
         0x342u, 0xC8010000u, 0x2008u, 0xC0053C00u, 0x04000051u, 0x2008u, 0x3FFF0u, 7u, 0xFu, 4u,
         0xC0017904u, 0x342u, 0xC8000000u);
  setup(NULL);
  /* ... and the 64-bit form too (WAIT_REG_MEM64: operation 1 -> bit 8) */
  EXPECT(agc_dcb_wait_reg_mem(&cb, 1, 3, 1, 0, 0xFFFFFFFF00000010ull, 1, 2, 0), 0xC0027904u, 0x342u,
         0xC8020000u, 0x10u, 0xC0079300u, 0x113u, 0x10u, 0x3FFFFu, 1u, 0, 2u, 0, 0, 0xC0017904u,
         0x342u, 0xC8000000u);
  setup(NULL);
  /* the 64-bit form: the operation as a homebrew runtime reads the library (its test: function
   * 6, operation 2, cache policy 3 give control 0x06000056) */
  EXPECT(agc_dcb_wait_reg_mem(&cb, 1, 6, 2, 3, 0x90000100Full, 0x1122334455667788ull,
                              0xFFFFFFFF00000000ull, 0xFFFFFFFFu),
         0xC0027904u, 0x342u, 0xC8020000u, 0x0000100Fu, 0xC0079300u, 0x06000056u, 0x1008u, 0x9u,
         0x55667788u, 0x11223344u, 0, 0xFFFFFFFFu, 0xFFFFu, 0xC0017904u, 0x342u, 0xC8000000u);
  setup(NULL);
  /* the compute form takes no operation: the cache policy is its fourth argument */
  EXPECT(agc_acb_wait_reg_mem(&cb, 0, 3, 1, 0x900001003ull, 0x55, 0xFF, 0x100), 0xC0027900u, 0x342u,
         0xC8010000u, 0x00001003u, 0xC0053C00u, 0x02000013u, 0x1000u, 0x9u, 0x55u, 0xFFu, 0x10u,
         0xC0017900u, 0x342u, 0xC8000000u);
  setup(NULL);
  assert_null(agc_dcb_wait_reg_mem(&cb, 2, 3, 0, 0, 0x1000, 0, 0, 0));
  assert_null(agc_dcb_wait_reg_mem(&cb, 0, 8, 0, 0, 0x1000, 0, 0, 0));
  assert_null(agc_dcb_wait_reg_mem(&cb, 0, 3, 0, 4, 0x1000, 0, 0, 0));
  assert_null(agc_dcb_wait_reg_mem(&cb, 0, 3, 5, 0, 0x1000, 0, 0, 0)); /* operation > 4 */
  assert_null(agc_dcb_wait_reg_mem(&cb, 0x100, 3, 0, 0, 0x1000, 0, 0, 0));
  assert_null(agc_acb_wait_reg_mem(&cb, 0, 3, 0x101, 0x1000, 0, 0, 0));
  cb.cursor_down = buf + 13; /* no room for 14 dwords */
  assert_null(agc_dcb_wait_reg_mem(&cb, 0, 3, 0, 0, 0x1000, 0, 0, 0));
  assert_int_equal(buf[0], FILL);
}

/* The version gates as the console answers them (obSCEne's checks 166-agc/init-alias-7e41 and
 * init-raw-gate-7e52, as the Orbistoun project records them): the unnamed export 23LRUSvYu1M
 * keeps the first version (8 answered 0; then 13, 12 and 14 0x8A6C0004 and 8 still 0; a first
 * call with 13 keeps 13); sceAgcInit answers 0 for 12, 13 and 14 before any gate call and
 * 0x8A6C0004 for a version other than the kept one. Nothing is written through the state. */
static void test_init(void **state) {
  (void)state;
  uint8_t st[16];
  memset(st, 0xCC, sizeof st);
  agc_init_reset();
  assert_int_equal(agc_init(st, 12), 0);
  assert_int_equal(agc_init(st, 13), 0);
  assert_int_equal(agc_init(st, 14), 0);
  uint8_t app_state[16] = {0, 0, 0, 0, 1};
  assert_int_equal(agc_init_gate(app_state, 8), 0);
  assert_int_equal(agc_init_gate(app_state, 13), (int)0x8A6C0004u);
  assert_int_equal(agc_init_gate(app_state, 12), (int)0x8A6C0004u);
  assert_int_equal(agc_init_gate(app_state, 14), (int)0x8A6C0004u);
  assert_int_equal(agc_init_gate(app_state, 8), 0);
  assert_int_equal(agc_init(st, 13), (int)0x8A6C0004u);
  assert_int_equal(app_state[4], 1);
  for (size_t i = 0; i < sizeof st; i++) assert_int_equal(st[i], 0xCC);
  agc_init_reset();
  assert_int_equal(agc_init_gate(NULL, 13), 0);
  assert_int_equal(agc_init_gate(NULL, 8), (int)0x8A6C0004u);
  assert_int_equal(agc_init_gate(NULL, 13), 0);
  agc_init_reset();
}

static void test_nop_and_markers(void **state) {
  (void)state;
  EXPECT(agc_cb_nop(&cb, 4), 0xC0021000u, 0, 0, 0);
  setup(NULL);
  assert_null(agc_cb_nop(&cb, 1));
  assert_null(agc_cb_nop(&cb, 0x4002));
  assert_int_equal(agc_cb_nop_get_size(9), 36);
  /* the markers as the console writes them (obSCEne's checks 166-agc/dcb-push-marker,
   * dcb-pop-marker and acb-push-marker, as the Orbistoun project records them): a
   * SET_UCONFIG_REG (0xC0017904; the compute form 0xC0017900) of 0x342 = 0xC1000000 (push) or
   * 0xC2000000 (pop); the string is not in the packet */
  EXPECT(agc_dcb_push_marker(&cb, "abc"), 0xC0017904u, 0x342u, 0xC1000000u);
  setup(NULL);
  EXPECT(agc_dcb_pop_marker(&cb), 0xC0017904u, 0x342u, 0xC2000000u);
  setup(NULL);
  EXPECT(agc_acb_push_marker(&cb, "abcd"), 0xC0017900u, 0x342u, 0xC1000000u);
  setup(NULL);
  EXPECT(agc_acb_pop_marker(&cb), 0xC0017900u, 0x342u, 0xC2000000u);
  setup(NULL);
  /* the console's flip sequence (every dword: test_agc_capture.c): the RELEASE_MEM at dword
   * 10 addresses buffer 3's flip label, 0xC_800040A0 + 3 * 8, and the argument is written to
   * user config 0x343 */
  const int port = videoout_test_port(4);
  const uint32_t *f = agc_dcb_set_flip(&cb, (uint32_t)port, 3, 1, -2);
  assert_ptr_equal(f, buf);
  assert_ptr_equal(cb.cursor_up, buf + 64);
  assert_int_equal(f[8], 0xFFFFFFFEu);
  assert_int_equal(f[9], 0xFFFFFFFFu);
  assert_int_equal(f[10], 0xC0064900u);
  assert_int_equal(f[13], 0x800040B8u);
  assert_int_equal(f[14], 0xCu);
  assert_int_equal(f[15], 1u);
  assert_int_equal(f[2], 0xC7010101u | 3u << 3); /* the tag carries the buffer */
  assert_int_equal(videoout_close(port), 0);
  videoout_reset();
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

/* A shader header as the compiler lays it out: pointers stored self-relative. */
static struct {
  struct agc_shader h;
  struct agc_shader_register sh[4];
  struct agc_shader_user_data ud;
  uint16_t direct[2];
} obj;
static void store_rel(void *slot, const void *target) {
  uint64_t v = target ? (uint64_t)((uintptr_t)target - (uintptr_t)slot) : 0;
  memcpy(slot, &v, 8);
}

static void test_create_shader(void **state) {
  (void)state;
  memset(&obj, 0, sizeof obj);
  obj.h.magic = 0x34333231u;
  obj.h.version = 0x18;
  obj.h.num_sh_registers = 4;
  /* COMPUTE_PGM_LO/HI (0xB830/0xB834 -> 0x20C/0x20D), RSRC1, USER_DATA_0 */
  obj.sh[0] = (struct agc_shader_register){0x20C, 0};
  obj.sh[1] = (struct agc_shader_register){0x20D, 0};
  obj.sh[2] = (struct agc_shader_register){0x212, 0x55};
  obj.sh[3] = (struct agc_shader_register){0x240, 0x66};
  store_rel(&obj.h.sh_registers, obj.sh);
  store_rel(&obj.h.user_data, &obj.ud);
  store_rel(&obj.ud.direct_resource_offset, obj.direct);
  struct agc_shader *out = NULL;
  const void *code = (const void *)(uintptr_t)0x123456789A00ull;
  assert_int_equal(agc_create_shader(&out, &obj.h, code), 0);
  assert_ptr_equal(out, &obj.h);
  assert_ptr_equal(obj.h.code, code);
  assert_ptr_equal(obj.h.sh_registers, obj.sh);
  assert_ptr_equal(obj.h.user_data, &obj.ud);
  assert_ptr_equal(obj.ud.direct_resource_offset, obj.direct);
  assert_null(obj.h.cx_registers); /* 0 stays NULL */
  assert_null(obj.ud.sharp_resource_offset[0]);
  assert_int_equal(obj.sh[0].value, 0x3456789Au); /* address >> 8 */
  assert_int_equal(obj.sh[1].value, 0x12u);       /* address >> 40 */
  assert_int_equal(obj.sh[2].value, 0x55);
  assert_int_equal(obj.sh[3].value, 0x66);
  /* refused: a misaligned or too high code address, a wrong magic or version */
  obj.h.magic = 0x34333231u;
  assert_int_not_equal(agc_create_shader(&out, &obj.h, (const void *)(uintptr_t)0x1080), 0);
  assert_int_not_equal(agc_create_shader(&out, &obj.h, (const void *)(uintptr_t)(1ull << 48)), 0);
  obj.h.version = 0x17;
  assert_int_not_equal(agc_create_shader(&out, &obj.h, code), 0);
  assert_int_not_equal(agc_create_shader(NULL, &obj.h, code), 0);
}

/* The group of type HASH in D: its type word (checked against WORD, the walk's) and its list. */
static const struct agc_shader_register *group(const struct agc_register_defaults *d, uint32_t hash,
                                               uint32_t word) {
  for (uint32_t i = 0; i < d->count; i++) {
    if (d->types[3 * i] != hash) continue;
    assert_int_equal(d->types[3 * i + 1], word);
    assert_int_equal(d->types[3 * i + 2], 0);
    return d->table[word & 3][(word >> 2) & 0xff];
  }
  return NULL;
}

/* Expects OFFSET = VALUE at G[I]. */
static void pair(const struct agc_shader_register *g, int i, uint32_t offset, uint32_t value) {
  assert_non_null(g);
  assert_int_equal(g[i].offset, offset);
  assert_int_equal(g[i].value, value);
}

/* The records' layout as the console's (0x40 bytes: four tables, four register counts, the
 * types triples, their count) and, per known record, the group and register counts the
 * Orbistoun project's hardware walks state (crates/orbistoun-gpu/data/register-defaults.toml,
 * obSCEne check 166-agc/register-defaults-walk-4e9b): every type word's index names a list of
 * its space, each index once, and the lists of a space hold its count of registers. */
static void test_register_defaults_layout(void **state) {
  (void)state;
  assert_int_equal(offsetof(struct agc_register_defaults, table), 0x00);
  assert_int_equal(offsetof(struct agc_register_defaults, length), 0x20);
  assert_int_equal(offsetof(struct agc_register_defaults, types), 0x30);
  assert_int_equal(offsetof(struct agc_register_defaults, count), 0x38);
  static const struct {
    uint32_t version, internal, count, length[4];
  } walk[] = {
      {8, 0, 127, {0x1E9, 0x9F, 0x37, 0}},
      {12, 0, 0x80, {0x1E2, 0x9F, 0x37, 0}},
      {13, 0, 0x89, {0x1E8, 0xA2, 0x38, 0}},
      {8, 1, 22, {4, 0xF, 0, 6}},
      {12, 1, 0x1C, {9, 0xF, 1, 6}},
      {13, 1, 0x18, {8, 0xC, 1, 6}},
      /* not walked: OpenAGC's tables (src/register_defaults_v*.c at 48d02db: the group counts
       * its headers state, the register totals of its lists) */
      {0, 0, 150, {0x20B, 0xA1, 0x2B, 0}},
      {0, 1, 15, {1, 0xC, 0, 4}},
      {4, 0, 150, {0x1E8, 0x9E, 0x2B, 0}},
      {4, 1, 19, {2, 0xF, 0, 4}},
      {5, 0, 156, {0x1EB, 0x9F, 0x4B, 0}},
      {5, 1, 21, {3, 0xF, 0, 6}},
      {7, 0, 127, {0x1E9, 0x9F, 0x37, 0}},
      {7, 1, 22, {4, 0xF, 0, 6}},
      {9, 0, 127, {0x1E9, 0xA0, 0x37, 0}},
      {9, 1, 22, {4, 0xE, 1, 6}},
      {10, 0, 128, {0x1E2, 0x9F, 0x37, 0}},
      {10, 1, 28, {9, 0xF, 1, 6}},
      {11, 0, 137, {0x1E8, 0xA2, 0x38, 0}},
      {11, 1, 24, {8, 0xC, 1, 6}},
  };
  for (size_t w = 0; w < sizeof walk / sizeof walk[0]; w++) {
    const struct agc_register_defaults *d =
        walk[w].internal ? agc_get_register_defaults2_internal(walk[w].version)
                         : agc_get_register_defaults2(walk[w].version);
    assert_ptr_equal(d, agc_register_defaults_find(walk[w].version, (int)walk[w].internal));
    assert_int_equal(d->count, walk[w].count);
    uint32_t regs[4] = {0}, groups[4] = {0};
    uint8_t seen[4][256] = {{0}};
    for (uint32_t i = 0; i < d->count; i++) {
      uint32_t word = d->types[3 * i + 1], space = word & 3, index = (word >> 2) & 0xff;
      assert_non_null(d->table[space]);
      assert_non_null(d->table[space][index]);
      assert_int_equal(seen[space][index], 0);
      seen[space][index] = 1;
      groups[space]++;
      regs[space] += (word >> 18) * ((word >> 10) & 0xff);
    }
    for (int s = 0; s < 4; s++) {
      assert_int_equal(regs[s], walk[w].length[s]);
      assert_int_equal(d->length[s], walk[w].length[s]);
      for (uint32_t k = 0; k < groups[s]; k++) assert_int_equal(seen[s][k], 1); /* 0..n-1 */
      if (!groups[s]) assert_null(d->table[s]);
    }
  }
  /* a version no source covers: version 8's (logged) */
  assert_ptr_equal(agc_get_register_defaults2(1), agc_register_defaults_find(8, 0));
  assert_ptr_equal(agc_get_register_defaults2(14), agc_register_defaults_find(8, 0));
  assert_ptr_equal(agc_get_register_defaults2_internal(6), agc_register_defaults_find(8, 1));
  assert_null(agc_register_defaults_find(3, 0));
  assert_null(agc_register_defaults_find(6, 1));
  assert_null(agc_register_defaults_find(14, 1));
}

/* The versions no walk covers, as OpenAGC's tables list them (github.com/OpenAGC/OpenAGC
 * src/register_defaults_v{0,4,5,7,9,10,11}.c at commit 48d02db): a sample of (hash, offset,
 * value) per version, and the type word its space and index give (instances x registers: one
 * unless the walk repeats the group; its lists are flat). */
static void test_register_defaults_openagc(void **state) {
  (void)state;
  const struct agc_register_defaults *d;
  const struct agc_shader_register *g;
  d = agc_get_register_defaults2(0);
  pair(group(d, 0xF6C28182u, 0x40404), 0, 0x109, 8);
  pair(group(d, 0x7F7BD53Eu, 0x40448), 0, 0x00A, 0); /* not in versions 5 and later */
  g = group(d, 0x38E92C91u, 0x205128); /* 8 colour targets of 20 registers (16 in 4-11) */
  pair(g, 1, 0x319, 0);
  pair(g, 159, 0x3BF, 0x08C6C000u);
  g = group(d, 0x9E5CFB8Au, 0x41831); /* 6 SH registers (3 in 4-8, 10, 11; 4 in 9) */
  pair(g, 0, 0x107, 0xFFFF0000u);
  pair(g, 5, 0x001, 3);
  pair(group(d, 0x5D9ED616u, 0x4045A), 0, 0x2BC, 0);
  d = agc_get_register_defaults2_internal(0);
  pair(group(d, 0x6AC156EFu, 0x40401), 0, 0x216, 0xFFFFFFFFu);
  pair(group(d, 0x929FD95Du, 0x40C07), 2, 0x262, 0);

  d = agc_get_register_defaults2(4);
  pair(group(d, 0x01396B11u, 0x40424), 0, 0x201, 0);
  g = group(d, 0x38E92C91u, 0x204128);
  pair(g, 1, 0x31B, 0);
  pair(group(d, 0x5D9ED616u, 0x4045A), 0, 0x2BC, 0);
  d = agc_get_register_defaults2_internal(4);
  pair(group(d, 0xC620E68Cu, 0x40431), 0, 0x081, 0);
  pair(group(d, 0x929FD95Du, 0x40C07), 0, 0x26E, 0);

  d = agc_get_register_defaults2(5);
  pair(group(d, 0x01396B11u, 0x40420), 0, 0x201, 0);
  assert_null(group(d, 0x7F7BD53Eu, 0));
  d = agc_get_register_defaults2_internal(5);
  pair(group(d, 0x8FB4EDB5u, 0x40400), 0, 0x00E, 2);
  pair(group(d, 0x929FD95Du, 0x40C0B), 1, 0x278, 0);

  d = agc_get_register_defaults2(7);
  pair(group(d, 0xF6C28182u, 0x40404), 0, 0x109, 8);
  pair(group(d, 0x38E92C91u, 0x204120), 127, 0x3BF, 0x08C6C000u);
  d = agc_get_register_defaults2_internal(7);
  pair(group(d, 0xC620E68Cu, 0x40431), 0, 0x081, 0);

  d = agc_get_register_defaults2(9);
  pair(group(d, 0xF6C28182u, 0x40404), 0, 0x109, 0x10);
  g = group(d, 0x9E5CFB8Au, 0x41031);
  pair(g, 2, 0x081, 0);
  pair(g, 3, 0x007, 0xFFFF);
  d = agc_get_register_defaults2_internal(9);
  pair(group(d, 0x60289246u, 0x40402), 0, 0x260, 0);

  /* 10 and 11: the walked 0xC's and 0xD's groups, but 0x201 = 0 (walked 0x10000) */
  d = agc_get_register_defaults2(10);
  pair(group(d, 0xF6C28182u, 0x40404), 0, 0x109, 0x10);
  pair(group(d, 0x01396B11u, 0x40424), 0, 0x201, 0);
  pair(group(d, 0x9E5CFB8Au, 0x40C31), 1, 0x087, 0xFFFF);
  d = agc_get_register_defaults2_internal(10);
  pair(group(d, 0x929FD95Du, 0x40C0B), 2, 0x262, 0);
  d = agc_get_register_defaults2(11);
  pair(group(d, 0x01396B11u, 0x40424), 0, 0x201, 0);
  pair(group(d, 0x38E92C91u, 0x204138), 0, 0x318, 0);
  pair(group(d, 0x9E5CFB8Au, 0x40C3D), 2, 0x007, 0xFFFF);
  d = agc_get_register_defaults2_internal(11);
  pair(group(d, 0x8FB4EDB5u, 0x40400), 0, 0x00E, 2);
  pair(group(d, 0x60289246u, 0x40402), 0, 0x260, 0);
  /* 12 keeps the walk (OpenAGC reads 12 as its 10, which differs from the walk in 0x201) */
  assert_ptr_not_equal(agc_get_register_defaults2(12), agc_get_register_defaults2(10));
}

/* A sample of groups per version: type words and (offset, value) pairs as the hardware walks
 * give them (Orbistoun's register-defaults.toml; checks 166-agc/register-defaults-walk-4e9b and,
 * for the groups longer than 16 bytes, rd01). */
static void test_register_defaults_versions(void **state) {
  (void)state;
  const struct agc_register_defaults *d = agc_get_register_defaults2(13);
  const struct agc_shader_register *g;
  pair(group(d, 0xE24F806Du, 0x40400), 0, 0x202, 0x00CC0010u);
  pair(group(d, 0xF6C28182u, 0x40404), 0, 0x109, 0x10);
  pair(group(d, 0xB994AD29u, 0x40428), 0, 0x2AF, 0x00040000u);
  g = group(d, 0x67096014u, 0x44518); /* 17 registers, 0x2AF the 14th */
  pair(g, 0, 0x010, 0x80000180u);
  pair(g, 13, 0x2AF, 0x00040000u);
  pair(g, 16, 0x00A, 0);
  g = group(d, 0x38E92C91u, 0x204138); /* colour targets 0-7, 16 registers each */
  pair(g, 4, 0x31E, 0x48);
  pair(g, 15, 0x3B8, 0x08C6C000u);
  pair(g, 16, 0x327, 0);
  pair(g, 127, 0x3BF, 0x08C6C000u);
  g = group(d, 0x7690AF6Fu, 0x402948); /* 16 viewports, 10 registers each */
  pair(g, 0, 0x10F, 0x3F800000u);
  pair(g, 6, 0x094, 0x80000000u);
  pair(g, 127, 0x0AD, 0x40004000u); /* the last walked pair */
  pair(g, 159, 0x0D3, 0);           /* not walked: OpenAGC's version 8 (same pattern) */
  pair(group(d, 0xF899653Au, 0x40411), 0, 0x22A, 0x00FFFFFFu);
  pair(group(d, 0xE3A37123u, 0x40422), 0, 0x0A2, 0);
  pair(group(d, 0x036AC8A6u, 0xC0452), 2, 0x25E, 0);

  d = agc_get_register_defaults2(12);
  assert_null(group(d, 0xB994AD29u, 0));
  pair(group(d, 0x01396B11u, 0x40424), 0, 0x201, 0x00010000u);
  pair(group(d, 0x67096014u, 0x44104), 13, 0x007, 0);
  pair(group(d, 0xAAA964B9u, 0x181130), 23, 0x186, 0);
  g = group(d, 0x9E5CFB8Au, 0x40C31);
  pair(g, 0, 0x107, 0xFFFF0000u);
  pair(g, 2, 0x007, 0x0000FFFFu);

  /* version 8: the walk; where they overlap, SharpEmu's numeric table agrees (0x202, the
   * colour target's offsets, COMPUTE_PGM_LO/HI, VGT_PRIMITIVE_TYPE; docs/agc.md lists where
   * the older reading differs) */
  d = agc_get_register_defaults2(8);
  pair(group(d, 0xE24F806Du, 0x40400), 0, 0x202, 0x00CC0010u);
  pair(group(d, 0xF6C28182u, 0x40404), 0, 0x109, 0x8);
  pair(group(d, 0x01396B11u, 0x40420), 0, 0x201, 0);
  g = group(d, 0x38E92C91u, 0x204120);
  const uint32_t cb[16] = {0x318, 0x31B, 0x31C, 0x31D, 0x31E, 0x31F, 0x321, 0x323,
                           0x324, 0x325, 0x390, 0x398, 0x3A0, 0x3A8, 0x3B0, 0x3B8};
  for (int i = 0; i < 16; i++) assert_int_equal(g[i].offset, cb[i]);
  pair(group(d, 0xAAA964B9u, 0x20112C), 31, 0x18E, 0);
  pair(group(d, 0x7690AF6Fu, 0x402930), 150, 0x169, 0x3F800000u);
  g = group(d, 0xC918DF3Eu, 0x40835); /* COMPUTE_PGM_LO/HI */
  pair(g, 0, 0x20C, 0);
  pair(g, 1, 0x20D, 0);
  pair(group(d, 0x9EBFAB10u, 0x40432), 0, 0x242, 0); /* VGT_PRIMITIVE_TYPE */
  pair(group(d, 0xF6D8A76Eu, 0x4042A), 0, 0x383, 0x40000040u);

  d = agc_get_register_defaults2_internal(13);
  pair(group(d, 0x8FB4EDB5u, 0x40400), 0, 0x00E, 2);
  pair(group(d, 0x0C4A80EFu, 0x40421), 0, 0x100, 0x00FFFFFFu);
  pair(group(d, 0x60289246u, 0x40402), 0, 0x260, 0);
  g = group(d, 0xAC0F9E76u, 0x80407); /* the fourth table: 2 instances of 1 register */
  pair(g, 1, 0x095, 0);
  g = group(d, 0x929FD95Du, 0x40C0B);
  pair(g, 0, 0x26E, 0);
  pair(g, 1, 0x278, 0);
  d = agc_get_register_defaults2_internal(12);
  pair(group(d, 0xB994AD29u, 0x40404), 0, 0x2AF, 0x00040000u);
  pair(group(d, 0x0DD283E7u, 0x4042D), 0, 0x006, 0);
  pair(group(d, 0xD9E6D9F7u, 0x40439), 0, 0x001, 3);
  d = agc_get_register_defaults2_internal(8);
  pair(group(d, 0x6AC156EFu, 0x40401), 0, 0x216, 0xFFFFFFFFu);
  pair(group(d, 0xBE7DCD73u, 0x40411), 0, 0x27D, 0x4FF);
  pair(group(d, 0x31F34B9Fu, 0x40403), 0, 0x26C, 0);
  pair(group(d, 0x929FD95Du, 0x40C0B), 2, 0x262, 0); /* OpenAGC's version 8 */
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
      cmocka_unit_test_setup(test_wait_reg_mem, setup),
      cmocka_unit_test_setup(test_event_write, setup),
      cmocka_unit_test_setup(test_jump, setup),
      cmocka_unit_test_setup(test_nop_and_markers, setup),
      cmocka_unit_test(test_init),
      cmocka_unit_test_setup(test_room_and_callback, setup),
      cmocka_unit_test(test_create_shader),
      cmocka_unit_test(test_register_defaults_layout),
      cmocka_unit_test(test_register_defaults_versions),
      cmocka_unit_test(test_register_defaults_openagc),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
