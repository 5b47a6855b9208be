/* Command processor tests: the GFX10 clear state. A new queue's context registers, CLEAR_STATE
 * with each command (AMD's PM4 definitions, PAL's PM4_PFP_CLEAR_STATE: CMD (3:0), 0 clear,
 * 1 push, 2 pop, 3 push and clear; opcode 0x12, one body dword) and the queue resets
 * (DRAW_RESET 0xC0001014, ACB_RESET 0xC0001024, one reserved dword).
 *
 * Expected values, by register byte address (AMD's GFX10 register database):
 * - the Linux amdgpu driver's GFX10 clear-state table (the values it loads on the graphics
 *   ring; each register not listed there, or listed with 0, is 0);
 * - the subset Mesa's context-roll tracker (ac_context_rolls.c) records for CLEAR_STATE on
 *   GFX10, a second source that agrees with the first;
 * - where they overlap, the console's AGC register defaults (sceAgcGetRegisterDefaults2,
 *   version 8, docs/agc.md) give the same values for the scissors, the clip-rectangle rule and
 *   the sample masks; the registers where they differ are listed in docs/gpu-cp.md. */
#include <stddef.h>
#include <stdint.h>

#include "cp_test_pm4.h"

struct reg_value {
  uint32_t addr, value;
};

/* From the Linux amdgpu driver's GFX10 clear-state table. */
static const struct reg_value linux_values[] = {
    {0x28000, 0},          /* DB_RENDER_CONTROL */
    {0x28034, 0x40004000}, /* PA_SC_SCREEN_SCISSOR_BR */
    {0x2807C, 0x00150055}, /* DB_RMI_L2_CACHE_CONTROL */
    {0x28080, 0},          /* TA_BC_BASE_ADDR */
    {0x28200, 0},          /* PA_SC_WINDOW_OFFSET */
    {0x28204, 0x80000000}, /* PA_SC_WINDOW_SCISSOR_TL */
    {0x28208, 0x40004000}, /* PA_SC_WINDOW_SCISSOR_BR */
    {0x28210, 0},          /* PA_SC_CLIPRECT_0_TL */
    {0x2822C, 0x40004000}, /* PA_SC_CLIPRECT_3_BR */
    {0x28230, 0xAA99AAAA}, /* PA_SC_EDGERULE */
    {0x28250, 0x80000000}, /* PA_SC_VPORT_SCISSOR_0_TL */
    {0x282CC, 0x40004000}, /* PA_SC_VPORT_SCISSOR_15_BR */
    {0x282D0, 0},          /* PA_SC_VPORT_ZMIN_0 */
    {0x282D4, 0x3F800000}, /* PA_SC_VPORT_ZMAX_0 */
    {0x2834C, 0x3F800000}, /* PA_SC_VPORT_ZMAX_15 */
    {0x28400, 0xFFFFFFFF}, /* VGT_MAX_VTX_INDX */
    {0x28410, 0x00550055}, /* CB_RMI_GL2_CACHE_CONTROL */
    {0x28430, 0x01000000}, /* DB_STENCILREFMASK */
    {0x28434, 0x01000000}, /* DB_STENCILREFMASK_BF */
    {0x2843C, 0},          /* PA_CL_VPORT_XSCALE */
    {0x28644, 0},          /* SPI_PS_INPUT_CNTL_0 */
    {0x28800, 0},          /* DB_DEPTH_CONTROL */
    {0x28814, 0x00000004}, /* PA_SU_SC_MODE_CNTL */
    {0x28A54, 0x00000100}, /* VGT_GS_PER_ES */
    {0x28A58, 0x00000080}, /* VGT_ES_PER_GS */
    {0x28A5C, 0x00000002}, /* VGT_GS_PER_VS */
    {0x28AA8, 0x000000FF}, /* IA_MULTI_VGT_PARAM */
    {0x28C38, 0xFFFFFFFF}, /* PA_SC_AA_MASK_X0Y0_X1Y0 */
    {0x28C4C, 0x00100000}, /* PA_SC_CONSERVATIVE_RASTERIZATION_CNTL */
    {0x28C5C, 0x00000020}, /* VGT_OUT_DEALLOC_CNTL */
    {0x28C60, 0},          /* CB_COLOR0_BASE */
    {0x28EFC, 0},          /* CB_COLOR7_ATTRIB3, the last register of the table */
    {0x28FFC, 0},          /* the last context register, outside the table */
};

/* What Mesa's context-roll tracker records for CLEAR_STATE on GFX10 (the non-zero ones and a
 * few zeros). */
static const struct reg_value mesa_values[] = {
    {0x28BDC, 0x1000},     /* PA_SC_LINE_CNTL */
    {0x28BE4, 0x5},        /* PA_SU_VTX_CNTL */
    {0x28BE8, 0x3F800000}, /* PA_CL_GB_VERT_CLIP_ADJ */
    {0x28BEC, 0x3F800000}, /* PA_CL_GB_VERT_DISC_ADJ */
    {0x28BF0, 0x3F800000}, /* PA_CL_GB_HORZ_CLIP_ADJ */
    {0x28BF4, 0x3F800000}, /* PA_CL_GB_HORZ_DISC_ADJ */
    {0x2823C, 0xFFFFFFFF}, /* CB_SHADER_MASK */
    {0x28238, 0xFFFFFFFF}, /* CB_TARGET_MASK */
    {0x28810, 0x90000},    /* PA_CL_CLIP_CNTL */
    {0x2820C, 0xFFFF},     /* PA_SC_CLIPRECT_RULE */
    {0x286D8, 0x2},        /* SPI_PS_IN_CONTROL */
    {0x28C44, 0x3},        /* PA_SC_BINNER_CNTL_0 */
    {0x28C58, 0x1E},       /* VGT_VERTEX_REUSE_BLOCK_CNTL */
    {0x28714, 0},          /* SPI_SHADER_COL_FORMAT */
    {0x28B54, 0},          /* VGT_SHADER_STAGES_EN */
    {0x28A40, 0},          /* VGT_GS_MODE */
    {0x28424, 0},          /* CB_DCC_CONTROL */
};

/* The console's AGC register defaults (version 8) where they give the clear state's value. */
static const struct reg_value agc_values[] = {
    {0x2820C, 0x0000FFFF}, /* PA_SC_CLIPRECT_RULE */
    {0x28C38, 0xFFFFFFFF}, /* PA_SC_AA_MASK_X0Y0_X1Y0 */
    {0x28C3C, 0xFFFFFFFF}, /* PA_SC_AA_MASK_X0Y1_X1Y1 */
    {0x28240, 0x80000000}, /* PA_SC_GENERIC_SCISSOR_TL */
    {0x28244, 0x40004000}, /* PA_SC_GENERIC_SCISSOR_BR */
    {0x28034, 0x40004000}, /* PA_SC_SCREEN_SCISSOR_BR */
    {0x28250, 0x80000000}, /* PA_SC_VPORT_SCISSOR_0_TL */
    {0x28254, 0x40004000}, /* PA_SC_VPORT_SCISSOR_0_BR */
    {0x28204, 0x80000000}, /* PA_SC_WINDOW_SCISSOR_TL */
    {0x28208, 0x40004000}, /* PA_SC_WINDOW_SCISSOR_BR */
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define R_CB_TARGET_MASK 0x28238u
#define R_DB_DEPTH_CONTROL 0x28800u
#define R_PA_SU_SC_MODE_CNTL 0x28814u
#define R_COMPUTE_USER_DATA_0 0xB900u
#define R_VGT_PRIMITIVE_TYPE 0x30908u

#define MEM_BASE 0x400000000ull
#define MEM_SIZE (1u << 16)
#define STREAM MEM_BASE
#include "cp_test_harness.h"

static int setup(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map};
  return cp_test_setup(&ops);
}

static void check(unsigned queue, const struct reg_value *v, size_t count) {
  for (size_t i = 0; i < count; i++) {
    if (reg(queue, v[i].addr) != v[i].value)
      fail_msg("queue %u register 0x%05X: 0x%08X, expected 0x%08X", queue, v[i].addr,
               reg(queue, v[i].addr), v[i].value);
  }
}
static void check_clear_state(unsigned queue) {
  check(queue, linux_values, COUNT(linux_values));
  check(queue, mesa_values, COUNT(mesa_values));
  check(queue, agc_values, COUNT(agc_values));
}
/* Writes values other than the clear state's into three context registers. */
static void dirty_context(void) {
  putv(4, PKT3(SET_CONTEXT_REG, 3), CTX_OFF(R_CB_TARGET_MASK), 0xFu, 0xF0u);
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0x76u);
}

/* Every queue starts at the clear state: graphics and compute, after cp_create and cp_reset. */
static void test_new_queue(void **state) {
  (void)state;
  check_clear_state(CP_GFX_QUEUE);
  check_clear_state(cp_compute_queue(6, 7));
  dirty_context();
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 0x55u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_CB_TARGET_MASK), 0xF);
  cp_reset(cp);
  check_clear_state(CP_GFX_QUEUE);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), 0);
}

/* CLEAR_STATE 0 loads the clear state into the context registers only; the reserved bits
 * 31:4 do not change the command. */
static void test_clear(void **state) {
  (void)state;
  assert_int_equal(PKT3(CLEAR_STATE, 1), 0xC0001200u); /* the header the console writes */
  dirty_context();
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 0x55u);
  putv(3, PKT3(SET_UCONFIG_REG, 2), UC_OFF(R_VGT_PRIMITIVE_TYPE), 4u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0x76);
  putv(2, PKT3(CLEAR_STATE, 1), 0xFFFFFFF0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  check_clear_state(CP_GFX_QUEUE);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), 0x55);
  assert_int_equal(reg(0, R_VGT_PRIMITIVE_TYPE), 4);
}

/* 1 saves the context registers, 2 brings them back; 3 saves them and loads the clear state.
 * A push replaces the saved copy; a pop without a push changes nothing and the queue goes on. */
static void test_push_pop(void **state) {
  (void)state;
  dirty_context();
  putv(2, PKT3(CLEAR_STATE, 1), 1u);                                  /* push */
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_CB_TARGET_MASK), 0x3u); /* after the push */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_CB_TARGET_MASK), 0x3);
  putv(2, PKT3(CLEAR_STATE, 1), 2u); /* pop */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_CB_TARGET_MASK), 0xF);
  assert_int_equal(reg(0, R_CB_TARGET_MASK + 4), 0xF0);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0x76);

  putv(2, PKT3(CLEAR_STATE, 1), 3u); /* push and clear */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  check_clear_state(CP_GFX_QUEUE);
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_PA_SU_SC_MODE_CNTL), 0x1u);
  putv(2, PKT3(CLEAR_STATE, 1), 2u); /* pop: the state before the push */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_CB_TARGET_MASK), 0xF);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0x76);
  assert_int_equal(reg(0, R_PA_SU_SC_MODE_CNTL), 0x4); /* its value before the push */

  putv(2, PKT3(CLEAR_STATE, 1), 2u); /* nothing pushed any more */
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0x77u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_CB_TARGET_MASK), 0xF);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0x77);

  /* a second push replaces the first */
  putv(2, PKT3(CLEAR_STATE, 1), 1u);
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0x78u);
  putv(2, PKT3(CLEAR_STATE, 1), 1u);
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0x79u);
  putv(2, PKT3(CLEAR_STATE, 1), 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0x78);

  /* the saved copy is the queue's own */
  unsigned c = cp_compute_queue(0, 0);
  putv(2, PKT3(CLEAR_STATE, 1), 1u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  putv(2, PKT3(CLEAR_STATE, 1), 2u);
  assert_int_equal(run_idle_on(c), CP_QUEUE_IDLE);
  assert_int_equal(reg(c, R_DB_DEPTH_CONTROL), 0);
}

/* Commands 4-15 are not defined and a body of another length is malformed: the queue stops
 * with its registers as they were. */
static void test_bad_packets(void **state) {
  (void)state;
  dirty_context();
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  for (uint32_t cmd = 4; cmd < 16; cmd++) {
    putv(2, PKT3(CLEAR_STATE, 1), cmd);
    assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    assert_int_equal(reg(0, R_CB_TARGET_MASK), 0xF);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  putv(3, PKT3(CLEAR_STATE, 2), 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(reg(0, R_CB_TARGET_MASK), 0xF);
}

/* DRAW_RESET and ACB_RESET give the queue a new queue's state: the context registers at the
 * clear state, the other banks zero, nothing pushed. */
static void test_reset_packets(void **state) {
  (void)state;
  dirty_context();
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 0x55u);
  putv(2, PKT3(CLEAR_STATE, 1), 1u);
  putv(2, DRV(0x05u, 1), 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  check_clear_state(CP_GFX_QUEUE);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), 0);
  putv(2, PKT3(CLEAR_STATE, 1), 2u); /* the push before the reset is gone */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  check_clear_state(CP_GFX_QUEUE);

  unsigned c = cp_compute_queue(3, 2);
  dirty_context();
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 0x66u);
  putv(2, DRV(0x09u, 1), 0u);
  assert_int_equal(run_idle_on(c), CP_QUEUE_IDLE);
  check_clear_state(c);
  assert_int_equal(reg(c, R_COMPUTE_USER_DATA_0), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_new_queue, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_clear, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_push_pop, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_bad_packets, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_reset_packets, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
