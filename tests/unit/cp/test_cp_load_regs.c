/* Command processor tests: registers loaded from memory by LOAD_CONFIG/SH/CONTEXT/UCONFIG_REG
 * (the forms without INDEX), SET_CONFIG_REG, and the driver packets DRAW_RESET / ACB_RESET.
 * Packets are encoded here from AMD's public PM4 definitions: LOAD_*_REG's body is BASE_ADDR_LO
 * (31:2), BASE_ADDR_HI, then one or more (REG_OFFSET (15:0), NUM_DWORDS (13:0)) pairs; the
 * memory is an image of the register space, register REG_OFFSET + i read from BASE_ADDR +
 * (REG_OFFSET + i) * 4 (AMD's PAL subtracts the first offset * 4 from the address it puts in
 * the packet). Opcodes: LOAD_UCONFIG_REG 0x5E, LOAD_SH_REG 0x5F, LOAD_CONFIG_REG 0x60,
 * LOAD_CONTEXT_REG 0x61, SET_CONFIG_REG 0x68. The reset packets are NOPs with sub-selector 0x05
 * (header 0xC0001014) and 0x09 (0xC0001024) and one reserved dword, as KytyPS5's command
 * processor reads the console's packets; so is the driver form of DRAW_INDEX_AUTO (0x04). */
#include "cp_test_pm4.h"

/* byte addresses of registers (GFX10 register database) and their spaces' starts */
#define R_COMPUTE_USER_DATA_0 0xB900u
#define R_COMPUTE_PGM_LO 0xB830u
#define R_DB_DEPTH_CONTROL 0x28800u
#define R_CB_COLOR0_BASE 0x28C60u
#define R_VGT_PRIMITIVE_TYPE 0x30908u
#define R_CONFIG_SAMPLE 0x8400u /* a config-space dword (space 0x8000-0xAFFF) */

#define MEM_BASE 0x400000000ull
#define MEM_SIZE (1u << 20)
#define STREAM MEM_BASE
#define IMAGE (MEM_BASE + 0x10000)    /* a register image of the config, SH, context spaces */
#define UC_IMAGE (MEM_BASE + 0x20000) /* one of the user config space (0x10000 bytes) */
#include "cp_test_harness.h"

static struct {
  unsigned draws, agc;
  struct cp_draw last;
} rec;
static void on_draw(void *ctx, const struct cp_draw *d) {
  (void)ctx;
  rec.draws++;
  rec.last = *d;
}
static void on_agc(void *ctx, unsigned queue, unsigned sub, const uint32_t *b, unsigned n) {
  (void)ctx, (void)queue, (void)sub, (void)b, (void)n;
  rec.agc++;
}

static int setup(void **state) {
  (void)state;
  memset(&rec, 0, sizeof rec);
  const struct cp_ops ops = {.mem_map = mem_map, .draw = on_draw, .agc_packet = on_agc};
  return cp_test_setup(&ops);
}

/* LOAD_CONTEXT_REG with two ranges: each register from the image at its own offset. */
static void test_load_context_reg(void **state) {
  (void)state;
  dw(IMAGE)[CTX_OFF(R_DB_DEPTH_CONTROL)] = 0x00700076u;
  dw(IMAGE)[CTX_OFF(R_CB_COLOR0_BASE)] = 0x1234u;
  dw(IMAGE)[CTX_OFF(R_CB_COLOR0_BASE) + 1] = 0x5678u;
  dw(IMAGE)[CTX_OFF(R_CB_COLOR0_BASE) + 2] = 0x9ABCu; /* past the range: not loaded */
  putv(7, PKT3(LOAD_CONTEXT_REG, 6), LO(IMAGE), HI(IMAGE), CTX_OFF(R_DB_DEPTH_CONTROL), 1u,
       CTX_OFF(R_CB_COLOR0_BASE), 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0x00700076u);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE), 0x1234u);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE + 4), 0x5678u);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE + 8), 0);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL - 4), 0);
  assert_int_equal(cp_queue_stats(cp, 0).reg_writes, 3);
}

/* LOAD_SH_REG on a compute queue, LOAD_UCONFIG_REG, and the address's low two bits ignored
 * (BASE_ADDR_LO is bits 31:2). */
static void test_load_sh_uconfig(void **state) {
  (void)state;
  for (unsigned i = 0; i < 4; i++) dw(IMAGE)[SH_OFF(R_COMPUTE_USER_DATA_0) + i] = 0xA0u + i;
  dw(UC_IMAGE)[UC_OFF(R_VGT_PRIMITIVE_TYPE)] = 4;
  unsigned q = cp_compute_queue(2, 5);
  putv(5, PKT3(LOAD_SH_REG, 4), LO(IMAGE) | 3u, HI(IMAGE), SH_OFF(R_COMPUTE_USER_DATA_0), 4u);
  putv(5, PKT3(LOAD_UCONFIG_REG, 4), LO(UC_IMAGE), HI(UC_IMAGE), UC_OFF(R_VGT_PRIMITIVE_TYPE), 1u);
  assert_int_equal(run_idle_on(q), CP_QUEUE_IDLE);
  for (unsigned i = 0; i < 4; i++)
    assert_int_equal(reg(q, R_COMPUTE_USER_DATA_0 + 4 * i), 0xA0u + i);
  assert_int_equal(reg(q, R_VGT_PRIMITIVE_TYPE), 4);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), 0); /* another queue's bank */
}

/* SET_CONFIG_REG and LOAD_CONFIG_REG: the config space (0x8000-0xAFFF) has its bank. */
static void test_config_space(void **state) {
  (void)state;
  dw(IMAGE)[CFG_OFF(R_CONFIG_SAMPLE) + 1] = 0xCAFEu;
  putv(3, PKT3(SET_CONFIG_REG, 2), CFG_OFF(R_CONFIG_SAMPLE), 0x77u);
  putv(5, PKT3(LOAD_CONFIG_REG, 4), LO(IMAGE), HI(IMAGE), CFG_OFF(R_CONFIG_SAMPLE) + 1, 1u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_CONFIG_SAMPLE), 0x77u);
  assert_int_equal(reg(0, R_CONFIG_SAMPLE + 4), 0xCAFEu);
  /* the space ends at the SH space: a write across it stops the queue */
  putv(4, PKT3(SET_CONFIG_REG, 3), 0xBFFu, 1u, 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* Bad packets stop the queue before any register of the packet is written: a range past the
 * end of the space, a range whose memory is not mapped, a body without whole pairs. */
static void test_load_errors(void **state) {
  (void)state;
  dw(IMAGE)[CTX_OFF(R_DB_DEPTH_CONTROL)] = 0x11u;
  putv(7, PKT3(LOAD_CONTEXT_REG, 6), LO(IMAGE), HI(IMAGE), CTX_OFF(R_DB_DEPTH_CONTROL), 1u, 0x3FFu,
       2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  /* two ranges, the second the last registers of the user config space: it runs */
  putv(7, PKT3(LOAD_UCONFIG_REG, 6), LO(UC_IMAGE), HI(UC_IMAGE), UC_OFF(R_VGT_PRIMITIVE_TYPE), 1u,
       0x3FFCu, 4u);
  dw(UC_IMAGE)[UC_OFF(R_VGT_PRIMITIVE_TYPE)] = 4;
  dw(UC_IMAGE)[0x3FFF] = 0x3FFFu;
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_VGT_PRIMITIVE_TYPE), 4);
  assert_int_equal(cp_reg(cp, 0, 0xC000u + 0x3FFF), 0x3FFFu);
  /* an image whose first dword is the last mapped one: its second range is not mapped */
  const uint64_t far = MEM_BASE + MEM_SIZE - 4;
  dw(far)[0] = 0x99u;
  putv(7, PKT3(LOAD_SH_REG, 6), LO(far), HI(far), 0u, 1u, 0x10u, 1u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(reg(0, 0xB000u), 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(6, PKT3(LOAD_SH_REG, 5), LO(IMAGE), HI(IMAGE), 0u, 1u, 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(3, PKT3(LOAD_CONTEXT_REG, 2), LO(IMAGE), HI(IMAGE));
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* DRAW_RESET: the graphics queue's registers and draw state are a new queue's afterwards. */
static void test_draw_reset(void **state) {
  (void)state;
  assert_int_equal(DRV(0x05u, 1), 0xC0001014u); /* the console's header */
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0x76u);
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_PGM_LO), 0x1000u);
  putv(3, PKT3(SET_UCONFIG_REG, 2), UC_OFF(R_VGT_PRIMITIVE_TYPE), 4u);
  putv(3, PKT3(SET_CONFIG_REG, 2), CFG_OFF(R_CONFIG_SAMPLE), 9u);
  putv(2, PKT3(NUM_INSTANCES, 1), 3u);
  putv(3, PKT3(INDEX_BASE, 2), 0x1000u, 0u);
  putv(3, PKT3(DRAW_INDEX_AUTO, 2), 6u, 2u);
  putv(2, DRV(0x05u, 1), 0u);
  putv(3, PKT3(DRAW_INDEX_AUTO, 2), 9u, 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(rec.draws, 2);
  assert_int_equal(rec.last.count, 9);
  assert_int_equal(rec.last.instances, 0);
  assert_int_equal(rec.last.index_base, 0);
  assert_int_equal(rec.last.prim_type, 0);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0);
  assert_int_equal(reg(0, R_COMPUTE_PGM_LO), 0);
  assert_int_equal(reg(0, R_VGT_PRIMITIVE_TYPE), 0);
  assert_int_equal(reg(0, R_CONFIG_SAMPLE), 0);
  assert_int_equal(rec.agc, 0); /* run by the command processor, not handed on */
  assert_int_equal(cp_queue_stats(cp, 0).agc_packets, 1);
}

/* ACB_RESET on one compute queue leaves the other queues' banks alone; a reset packet with
 * a body other than one dword stops its queue. */
static void test_acb_reset(void **state) {
  (void)state;
  assert_int_equal(DRV(0x09u, 1), 0xC0001024u);
  unsigned a = cp_compute_queue(0, 1), b = cp_compute_queue(6, 7);
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 0x55u);
  assert_int_equal(run_idle_on(b), CP_QUEUE_IDLE);
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 0x66u);
  putv(2, DRV(0x09u, 1), 0u);
  assert_int_equal(run_idle_on(a), CP_QUEUE_IDLE);
  assert_int_equal(reg(a, R_COMPUTE_USER_DATA_0), 0);
  assert_int_equal(reg(b, R_COMPUTE_USER_DATA_0), 0x55u);
  putv(3, DRV(0x09u, 2), 0u, 0u);
  assert_int_equal(run_idle_on(b), CP_QUEUE_STOPPED);
  assert_int_equal(reg(b, R_COMPUTE_USER_DATA_0), 0x55u);
}

/* The driver form of DRAW_INDEX_AUTO (sub-selector 0x04, header 0xC0051010: index count, the
 * draw modifier lo and hi, three reserved dwords) runs as the GFX10 DRAW_INDEX_AUTO: a draw
 * of COUNT indices with VGT_DRAW_INITIATOR 2 (auto index), plus bit 5 for a modifier with
 * fuse draws (bit 8) and without is default (bit 32), as docs/agc.md reads the modifier;
 * another length stops the queue. */
static void test_driver_draw_index_auto(void **state) {
  (void)state;
  assert_int_equal(DRV(0x04u, 6), 0xC0051010u);
  putv(2, PKT3(NUM_INSTANCES, 1), 2u);
  putv(7, DRV(0x04u, 6), 36u, 0x1u, 0u, 0u, 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(rec.draws, 1);
  assert_int_equal(rec.last.opcode, DRAW_INDEX_AUTO);
  assert_int_equal(rec.last.count, 36);
  assert_int_equal(rec.last.initiator, 2);
  assert_int_equal(rec.last.instances, 2);
  assert_int_equal(rec.agc, 0);
  putv(7, DRV(0x04u, 6), 3u, 0x100u, 0u, 0u, 0u, 0u); /* fuse draws */
  putv(7, DRV(0x04u, 6), 3u, 0x100u, 1u, 0u, 0u, 0u); /* fuse draws, is default */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(rec.draws, 3);
  assert_int_equal(rec.last.initiator, 2);
  putv(7, DRV(0x04u, 6), 3u, 0x100u, 0u, 0u, 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(rec.last.initiator, 2u | 0x20u);
  putv(4, DRV(0x04u, 3), 36u, 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(rec.draws, 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_load_context_reg, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_load_sh_uconfig, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_config_space, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_load_errors, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_draw_reset, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_acb_reset, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_driver_draw_index_auto, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
