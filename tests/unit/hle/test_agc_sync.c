/* libSceAgc's COPY_DATA, CLEAR_STATE and GET_LOD_STATS builders, the GetSize companions of builders
 * not written yet, and the patch functions of the label, wait and branch packets. Expected dwords
 * are written here from AMD's PM4 definitions (type-3 header 3 << 30 | (body dwords - 1) << 16 |
 * opcode << 8; COPY_DATA 0x40: SRC_SEL 3:0, DST_SEL 11:8, SRC_CACHE_POLICY 14:13, COUNT_SEL 16,
 * WR_CONFIRM 20, DST_CACHE_POLICY 26:25, ENGINE_SEL 31:30, then source and destination lo, hi) and
 * from the driver packets' layouts (docs/agc.md); the sizes are the packets' lengths in AMD's
 * definitions (ATOMIC_GDS 11 dwords, ATOMIC_MEM 9, COPY_DATA 6, INDIRECT_BUFFER 4, PRIME_UTCL2
 * 5, RELEASE_MEM 8, COND_WRITE 9, SET_PREDICATION 4, INDEX_ATTRIBUTES_INDIRECT 4,
 * GET_LOD_STATS 5), which the console's library was measured returning. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"

#define AGC_TEST_DWORDS 64
#define PKT3(op, body) (3u << 30 | ((body)-1u) << 16 | (op) << 8)
#define DRV(sub, body) (PKT3(0x10u, body) | (uint32_t)(sub) << 2)
#define BAD AGC_ERROR_INVALID_PACKET
#include "agc_cb_expect.h"

/* The compute form takes the selectors as they are: memory (2, TC_L2) to memory (5, the
 * GFX10 DST_SEL memory), 64 bits, write confirm; an immediate (5) to a register (0). */
static void test_acb_copy_data(void **state) {
  (void)state;
  EXPECT(agc_acb_copy_data(&cb, 5, 2, 0x900002000ull, 2, 1, 0x900001000ull, 1, 1), PKT3(0x40u, 5),
         2u | 5u << 8 | 1u << 13 | 1u << 16 | 1u << 20 | 2u << 25, 0x00001000u, 0x9u, 0x00002000u,
         0x9u);
  setup(NULL);
  EXPECT(agc_acb_copy_data(&cb, 0, 0, 0x2C0C, 5, 0, 0xCAFEF00Dull, 0, 0), PKT3(0x40u, 5), 5u,
         0xCAFEF00Du, 0, 0x2C0Cu, 0);
  setup(NULL);
  assert_null(agc_acb_copy_data(&cb, 16, 0, 0x1000, 2, 0, 0x2000, 0, 0)); /* a 4-bit field */
  assert_null(agc_acb_copy_data(&cb, 5, 4, 0x1000, 2, 0, 0x2000, 0, 0));  /* cache policy */
  assert_null(agc_acb_copy_data(&cb, 5, 0, 0x1000, 2, 0, 0x2000, 2, 0));  /* item size */
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(agc_copy_data_get_size(), 6 * 4);
}

/* The graphics form: the selector above bit 0, SRC's bit 0 the engine (ENGINE_SEL 1, PFP). */
static void test_dcb_copy_data(void **state) {
  (void)state;
  EXPECT(agc_dcb_copy_data(&cb, 5 << 1, 0, 0x900002000ull, 2 << 1 | 1, 0, 0x900001000ull, 0, 0),
         PKT3(0x40u, 5), 2u | 5u << 8 | 1u << 30, 0x00001000u, 0x9u, 0x00002000u, 0x9u);
  setup(NULL);
  assert_null(agc_dcb_copy_data(&cb, 32, 0, 0x1000, 4, 0, 0x2000, 0, 0));
  assert_ptr_equal(cb.cursor_up, buf);
}

/* CLEAR_STATE (0x12): CMD (3:0). GET_LOD_STATS (0x8E): BU_SIZE; BASE_LO (31:6), BASE_HI;
 * INTERVAL (9:2), RESET_CNT (17:10), RESET_FORCE (18), REPORT_AND_RESET (19), CACHE_POLICY
 * (29:28) (PAL's PM4_PFP_CLEAR_STATE, PM4_ME_GET_LOD_STATS). */
static void test_clear_state_and_lod_stats(void **state) {
  (void)state;
  EXPECT(agc_dcb_clear_state(&cb, 3), PKT3(0x12u, 1), 3u);
  setup(NULL);
  assert_null(agc_dcb_clear_state(&cb, 0x10));
  EXPECT(agc_dcb_get_lod_stats(&cb, 2, 0x900001040ull, 0x400, 0xAB, 1, 0, 0xCD), PKT3(0x8Eu, 4),
         0x400u, 0x00001040u, 0x9u, 0xCDu << 2 | 0xABu << 10 | 1u << 18 | 2u << 28);
  setup(NULL);
  assert_null(agc_dcb_get_lod_stats(&cb, 0, 0x900001020ull, 0x400, 0, 0, 0, 0)); /* 64-aligned */
  assert_null(agc_dcb_get_lod_stats(&cb, 4, 0x900001000ull, 0x400, 0, 0, 0, 0));
  assert_null(agc_dcb_get_lod_stats(&cb, 0, 0x900001000ull, 0x400, 0x100, 0, 0, 0));
  assert_null(agc_dcb_get_lod_stats(&cb, 0, 0x900001000ull, 0x400, 0, 2, 0, 0));
  assert_null(agc_dcb_get_lod_stats(&cb, 0, 0x900001000ull, 0x400, 0, 0, 0, 0x100));
  assert_ptr_equal(cb.cursor_up, buf);
}

/* AcbWaitUntilSafeForRendering: WAIT_FLIP_DONE (driver packet 0x06, header 0xC0051018 as
 * KytyPS5 reads the console's packet): handle, display buffer index, 4 reserved dwords (the
 * graphics form: test_agc_capture.c). INDEX_ATTRIBUTES_INDIRECT (0x91): base lo (31:4,
 * INDIRECT_MODE 0), hi, ATTRIBUTE_INDEX (15:0). */
static void test_wait_safe_and_index_args(void **state) {
  (void)state;
  EXPECT(agc_acb_wait_until_safe_for_rendering(&cb, 1, 15), 0xC0051018u, 1u, 15u, 0, 0, 0, 0);
  assert_int_equal(DRV(0x06, 6), 0xC0051018u);
  setup(NULL);
  assert_null(agc_acb_wait_until_safe_for_rendering(&cb, 1, 16));
  EXPECT(agc_dcb_set_index_indirect_args(&cb, 0x900001230ull, 0xFFFF), PKT3(0x91u, 3), 0x00001230u,
         0x9u, 0xFFFFu);
  setup(NULL);
  assert_null(agc_dcb_set_index_indirect_args(&cb, 0x900001238ull, 0)); /* 16-byte aligned */
  assert_null(agc_dcb_set_index_indirect_args(&cb, 0x900001230ull, 0x10000));
  assert_ptr_equal(cb.cursor_up, buf);
}

/* GetPacketSize: a type-3 header's count + 2 dwords, 1 for the header-only NOP (opcode 0x10,
 * count 0x3FFF: four sources agree). */
static void test_get_packet_size(void **state) {
  (void)state;
  const uint32_t cond_exec[] = {PKT3(0x22u, 4)}, set_sh[] = {PKT3(0x76u, 4)};
  const uint32_t nop1[] = {0xFFFF1000u}, big[] = {PKT3(0x76u, 0x4000)}, type0[] = {0x00010000u};
  assert_int_equal(agc_get_packet_size(cond_exec), 5);
  assert_int_equal(agc_get_packet_size(set_sh), 5);
  assert_int_equal(agc_get_packet_size(nop1), 1);
  assert_int_equal(agc_get_packet_size(big), 0x4001); /* count 0x3FFF, not a NOP */
  assert_int_equal(agc_get_packet_size(type0), 0);
  assert_int_equal(agc_get_packet_size(NULL), 0);
}

static void test_get_sizes(void **state) {
  (void)state;
  assert_int_equal(agc_atomic_gds_get_size(), 11 * 4);
  assert_int_equal(agc_atomic_mem_get_size(), 9 * 4);
  assert_int_equal(agc_acb_jump_get_size(), 4 * 4);
  assert_int_equal(agc_prime_utcl2_get_size(), 5 * 4);
  assert_int_equal(agc_queue_end_of_shader_action_get_size(), 8 * 4);
  assert_int_equal(agc_cb_cond_write_get_size(), 9 * 4);
  assert_int_equal(agc_dcb_predication_get_size(), 4 * 4);
  assert_int_equal(agc_dcb_set_index_indirect_args_get_size(), 4 * 4);
  assert_int_equal(agc_dcb_get_lod_stats_get_size(), 5 * 4);
  assert_int_equal(agc_wait_on_address_get_size(0), 56);
  assert_int_equal(agc_wait_on_address_get_size(1), 64);
  assert_int_equal(agc_wait_on_address_get_size(2), 0);
  assert_int_equal(agc_dcb_end_occlusion_query_get_size(), 16);
  assert_int_equal(agc_dcb_begin_occlusion_query_get_size(0), 16);
  assert_int_equal(agc_dcb_begin_occlusion_query_get_size(1), 288);
  assert_int_equal(agc_dcb_begin_occlusion_query_get_size(2), 0);
}

/* RELEASE_MEM (0x49, 7 body dwords; PAL's PM4_ME_RELEASE_MEM): EVENT_TYPE (5:0) + EVENT_INDEX
 * (11:8) + GCR_CNTL (23:12) + CACHE_POLICY (26:25); DST_SEL + INT_SEL (26:24) + DATA_SEL
 * (31:29); address lo, hi; data lo, hi; INT_CTXID. */
static void test_end_of_pipe_patches(void **state) {
  (void)state;
  uint32_t *p = agc_cb_release_mem(&cb, 0x2F, 0, 0, 1, 0x900001000ull, 1, 7, 0, 0, 2, 3);
  assert_non_null(p);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_address(p, 0xA00002000ull), 0);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_data(p, 0xFFFFFFFF, 2, 0x1122334455667788ull),
                   0);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_gcr_cntl(p, 0x3A5), 0);
  /* CS_DONE (index 6) becomes BOTTOM_OF_PIPE_TS (index 5) */
  assert_int_equal(agc_queue_end_of_pipe_action_patch_type(p, 0x28), 0);
  EXPECT(p, PKT3(0x49u, 7), 0x28u | 5u << 8 | 0x3A5u << 12 | 1u << 25, 2u << 24 | 2u << 29,
         0x00002000u, 0xAu, 0x55667788u, 0x11223344u, 0x0FFFFFFFu);
  /* values the fields cannot hold, or another packet: nothing changes */
  assert_int_equal(agc_queue_end_of_pipe_action_patch_data(p, 0, 4, 0), BAD);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_gcr_cntl(p, 0x1000), BAD);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_type(p, 0x40), BAD);
  uint32_t other[8] = {DRV(0x18, 7)}, short_form[7] = {PKT3(0x49u, 6)};
  assert_int_equal(agc_queue_end_of_pipe_action_patch_address(other, 0x1000), BAD);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_address(short_form, 0x1000), BAD);
  assert_int_equal(agc_queue_end_of_pipe_action_patch_address(NULL, 0x1000), BAD);
  EXPECT(p, PKT3(0x49u, 7), 0x28u | 5u << 8 | 0x3A5u << 12 | 1u << 25, 2u << 24 | 2u << 29,
         0x00002000u, 0xAu, 0x55667788u, 0x11223344u, 0x0FFFFFFFu);
  /* and back to a shader-done event: index 6 */
  assert_int_equal(agc_queue_end_of_pipe_action_patch_type(p, 0x30), 0);
  assert_int_equal(p[1], 0x30u | 6u << 8 | 0x3A5u << 12 | 1u << 25);
}

/* The WaitRegMem patches on the builder's packets (the console's layout: test_agc.c): given the
 * three packets' start (what the builder returns) or the WAIT_REG_MEM itself, they change the
 * wait's address (aligned as the builder aligns it), the low 32 bits of its reference and mask,
 * its function; the opening marker's copy of the address is left. WAIT_REG_MEM (0x3C):
 * control, address lo, hi, reference, mask, poll; WAIT_REG_MEM64 (0x93): control, address lo,
 * hi, reference lo, hi, mask lo, hi, poll (PAL's PM4_ME_WAIT_REG_MEM(64)). */
static void test_wait_reg_mem_patches(void **state) {
  (void)state;
  uint32_t *p = agc_dcb_wait_reg_mem(&cb, 0, 3, 0, 0, 0x900001000ull, 0x55, 0xFF, 0x100);
  assert_non_null(p);
  assert_int_equal(agc_wait_reg_mem_patch_address(p, 0xA00002007ull), 0);
  assert_int_equal(agc_wait_reg_mem_patch_reference(p, 0x1234567899ull), 0);
  assert_int_equal(agc_wait_reg_mem_patch_mask(p, 0xF0F0F0F0ull), 0);
  /* the function's three low bits (0xE: 6); the wait itself is refused by the reference,
   * mask and function patches (OpenAGC's reading of the library: the packet given must be the
   * opening SET_UCONFIG_REG) */
  assert_int_equal(agc_wait_reg_mem_patch_compare_function(p, 0xE), 0);
  assert_int_equal(agc_wait_reg_mem_patch_compare_function(p + 4, 1), BAD);
  assert_int_equal(agc_wait_reg_mem_patch_reference(p + 4, 1), BAD);
  assert_int_equal(agc_wait_reg_mem_patch_mask(p + 4, 1), BAD);
  EXPECT(p, 0xC0027904u, 0x342u, 0xC8010000u, 0x1000u, PKT3(0x3Cu, 6), 0x16u, 0x00002004u, 0xAu,
         0x34567899u, 0xF0F0F0F0u, 0x10u, 0xC0017904u, 0x342u, 0xC8000000u);
  setup(NULL);
  p = agc_acb_wait_reg_mem(&cb, 1, 3, 0, 0x900001000ull, 0x1111111122222222ull,
                           0x3333333344444444ull, 0x100);
  assert_non_null(p);
  assert_int_equal(agc_wait_reg_mem_patch_address(p, 0xA0000200Cull), 0);
  assert_int_equal(agc_wait_reg_mem_patch_reference(p, 0x99ull), 0);
  assert_int_equal(agc_wait_reg_mem_patch_mask(p, 0xFFull), 0);
  assert_int_equal(agc_wait_reg_mem_patch_compare_function(p, 4), 0);
  EXPECT(p, 0xC0027900u, 0x342u, 0xC8020000u, 0x1000u, PKT3(0x93u, 8), 0x14u, 0x00002008u, 0xAu,
         0x99u, 0x11111111u, 0xFFu, 0x33333333u, 0x10u, 0xC0017900u, 0x342u, 0xC8000000u);
  uint32_t other[9] = {DRV(0x18, 7)};
  assert_int_equal(agc_wait_reg_mem_patch_address(other, 0x1000), BAD);
  uint32_t marker_only[8] = {0xC0027904u, 0x342u, 0xC8010000u, 0, PKT3(0x49u, 7)};
  assert_int_equal(agc_wait_reg_mem_patch_address(marker_only, 0x1000), BAD);
  assert_int_equal(agc_wait_reg_mem_patch_reference(NULL, 0), BAD);
  assert_int_equal(agc_wait_reg_mem_patch_reference(marker_only, 0), BAD);
  /* the wait is the packet after the opening one, whatever its length: a one-register
   * SET_UCONFIG_REG (3 dwords) then a WAIT_REG_MEM64 */
  uint32_t short_open[12] = {0xC0017904u, 0x342u, 0, PKT3(0x93u, 8), 0x13u, 0, 0, 1, 0, 2, 0, 0};
  assert_int_equal(agc_wait_reg_mem_patch_reference(short_open, 9), 0);
  assert_int_equal(agc_wait_reg_mem_patch_mask(short_open, 0x30), 0);
  assert_int_equal(agc_wait_reg_mem_patch_compare_function(short_open, 4), 0);
  assert_int_equal(short_open[4], 0x14u);
  assert_int_equal(short_open[7], 9u);
  assert_int_equal(short_open[8], 0);
  assert_int_equal(short_open[9], 0x30u);
  assert_int_equal(short_open[10], 0);
}

/* COND_INDIRECT_BUFFER (INDIRECT_BUFFER 0x3F with 13 body dwords): MODE + FUNCTION; compare
 * address lo, hi; mask lo, hi; reference lo, hi; then address lo, hi, IB_SIZE + CACHE_POLICY
 * (29:28); else likewise. */
static void test_branch_patches(void **state) {
  (void)state;
  uint32_t *p = agc_cb_branch(&cb, 2, 3, 0x900001000ull, 0xFF, 1, 1, 0x900010000ull, 16, 2,
                              0x900020000ull, 32);
  assert_non_null(p);
  assert_int_equal(agc_branch_patch_set_compare_address(p, 0xA00003008ull), 0);
  assert_int_equal(agc_branch_patch_set_then_target(p, 0xA00040000ull, 0xFFFFF), 0);
  assert_int_equal(agc_branch_patch_set_else_target(p, 0xA00050004ull, 8), 0);
  EXPECT(p, PKT3(0x3Fu, 13), 2u | 3u << 8, 0x00003008u, 0xAu, 0xFFu, 0, 1u, 0, 0x00040000u, 0xAu,
         0xFFFFFu | 1u << 28, 0x00050004u, 0xAu, 8u | 2u << 28);
  assert_int_equal(agc_branch_patch_set_compare_address(p, 0x1004), BAD); /* 8-aligned */
  assert_int_equal(agc_branch_patch_set_then_target(p, 0x1002, 1), BAD);
  assert_int_equal(agc_branch_patch_set_else_target(p, 0x1000, 0x100000), BAD); /* 20 bits */
  uint32_t jump[4] = {PKT3(0x3Fu, 3)};
  assert_int_equal(agc_branch_patch_set_then_target(jump, 0x1000, 1), BAD);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_acb_copy_data, setup),
      cmocka_unit_test_setup(test_dcb_copy_data, setup),
      cmocka_unit_test_setup(test_clear_state_and_lod_stats, setup),
      cmocka_unit_test_setup(test_wait_safe_and_index_args, setup),
      cmocka_unit_test_setup(test_get_packet_size, setup),
      cmocka_unit_test_setup(test_get_sizes, setup),
      cmocka_unit_test_setup(test_end_of_pipe_patches, setup),
      cmocka_unit_test_setup(test_wait_reg_mem_patches, setup),
      cmocka_unit_test_setup(test_branch_patches, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
