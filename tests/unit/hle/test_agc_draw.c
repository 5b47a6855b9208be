/* libSceAgc's draw, draw-state, memory and flow builders: every packet's dwords against packets
 * written here from AMD's PM4 definitions (type-3 header 3 << 30 | (body dwords - 1) << 16 |
 * opcode << 8; opcodes SET_BASE 0x11, INDEX_BUFFER_SIZE 0x13, COND_EXEC 0x22, DRAW_INDIRECT
 * 0x24, DRAW_INDEX_INDIRECT 0x25, INDEX_BASE 0x26, DRAW_INDEX_2 0x27, DRAW_INDEX_AUTO 0x2D,
 * NUM_INSTANCES 0x2F, DRAW_INDEX_OFFSET_2 0x35, PFP_SYNC_ME 0x42, DMA_DATA 0x50,
 * SET_UCONFIG_REG_INDEX 0x7A; VGT_DRAW_INITIATOR.SOURCE_SELECT 0 DMA, 2 auto index; VGT_INDEX_TYPE
 * at user config 0x243; DMA_DATA's fields as listed at each case) and the values the console's
 * library was measured writing for some (docs/agc.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"

#define AGC_TEST_DWORDS 64
#include "agc_cb_expect.h"

/* The call refuses its arguments and writes nothing. */
#define REFUSED(call)                    \
  do {                                   \
    setup(NULL);                         \
    assert_null(call);                   \
    assert_ptr_equal(cb.cursor_up, buf); \
    assert_int_equal(buf[0], FILL);      \
  } while (0)

/* DRAW_INDEX_AUTO: count, initiator. Measured on the console: DrawIndexAuto(cb, 3, 2) writes
 * 0xC0012D00 3 2; (cb, 17, 0) writes 0xC0012D00 17 2. */
static void test_draw_index_auto(void **state) {
  (void)state;
  EXPECT(agc_dcb_draw_index_auto(&cb, 3, 2), 0xC0012D00u, 3, 2);
  setup(NULL);
  EXPECT(agc_dcb_draw_index_auto(&cb, 17, 0), 0xC0012D00u, 17, 2);
  setup(NULL);
  /* modifier bit 8 -> initiator bit 5, dropped when modifier bit 32 is set */
  EXPECT(agc_dcb_draw_index_auto(&cb, 6, 0x100), 0xC0012D00u, 6, 0x22);
  setup(NULL);
  EXPECT(agc_dcb_draw_index_auto(&cb, 6, 0x100000100ull), 0xC0012D00u, 6, 2);
  assert_int_equal(agc_dcb_draw_index_auto_get_size(), 12);
  REFUSED(agc_dcb_draw_index_auto(NULL, 3, 0));
  setup(NULL);
  cb.cursor_down = buf + 2; /* no room */
  assert_null(agc_dcb_draw_index_auto(&cb, 3, 0));
  assert_int_equal(buf[0], FILL);
}

/* DRAW_INDEX_2: MAX_SIZE, INDEX_BASE lo, hi, INDEX_COUNT, initiator (SOURCE_SELECT 0). */
static void test_draw_index(void **state) {
  (void)state;
  EXPECT(agc_dcb_draw_index(&cb, 3, 0x12345678, 0), 0xC0042700u, 3, 0x12345678u, 0, 3, 0);
  setup(NULL);
  EXPECT(agc_dcb_draw_index(&cb, 0, 0x987654321000ull, 0x100), 0xC0042700u, 1, 0x54321000u, 0x9876u,
         0, 0x20u);
  REFUSED(agc_dcb_draw_index(&cb, 3, 0, 0));      /* no index buffer */
  REFUSED(agc_dcb_draw_index(&cb, 3, 0x1001, 0)); /* indices are 2-byte aligned */
  assert_int_equal(agc_dcb_draw_index_get_size(), 24);
  setup(NULL);
  /* DRAW_INDEX_OFFSET_2: MAX_SIZE, INDEX_OFFSET, INDEX_COUNT, initiator */
  EXPECT(agc_dcb_draw_index_offset(&cb, 0x40, 36, 0), 0xC0033500u, 36, 0x40, 36, 0);
  assert_int_equal(agc_dcb_draw_index_offset_get_size(), 20);
}

/* DRAW_INDIRECT / DRAW_INDEX_INDIRECT: DATA_OFFSET, BASE_VTX_LOC, START_INST_LOC, initiator
 * (SOURCE_SELECT 2). Without the modifier's location bits both locations are 0x280; with them
 * the GS user-data base 0x8C (HS 0x10C for stages 3 and 5) plus the register index. */
static void test_draw_indirect(void **state) {
  (void)state;
  EXPECT(agc_dcb_draw_indirect(&cb, 0x20, 0), 0xC0032400u, 0x20, 0x280, 0x280, 2);
  setup(NULL);
  /* base vertex in user data 2 (bits 13:9), start instance in 3 (bits 23:19) */
  uint64_t m = 1u | 4u | 2u << 9 | 3u << 19;
  EXPECT(agc_dcb_draw_indirect(&cb, 0x10, m), 0xC0032400u, 0x10, 0x8E, 0x8F, 2);
  setup(NULL);
  /* stage 3 (bits 31:29): the HS's registers; the indexed form's draw index (bit 1, 18:14) */
  m = 3ull << 29 | 1u | 2u | 1u << 9 | 5u << 14;
  EXPECT(agc_dcb_draw_index_indirect(&cb, 0, m), 0xC0032500u, 0, 0x10Du | 0x111u << 16,
         0x280u | 1u << 27, 2);
  assert_int_equal(agc_dcb_draw_indirect_get_size(), 20);
}

/* NUM_INSTANCES and INDEX_BUFFER_SIZE: one dword. Measured: SetNumInstances(cb, 1) writes
 * 0xC0002F00 1, SetIndexCount(cb, 36) 0xC0001300 0x24, its GetSize 8. */
static void test_draw_state(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_num_instances(&cb, 1), 0xC0002F00u, 1);
  setup(NULL);
  EXPECT(agc_dcb_set_index_count(&cb, 36), 0xC0001300u, 0x24);
  assert_int_equal(agc_dcb_set_state_get_size(), 8);
  setup(NULL);
  /* INDEX_BASE: lo, hi. Measured: SetIndexBuffer(cb, 0x12345678) 0xC0012600 0x12345678 0. */
  EXPECT(agc_dcb_set_index_buffer(&cb, 0x12345678), 0xC0012600u, 0x12345678u, 0);
  REFUSED(agc_dcb_set_index_buffer(&cb, 0x12345679));
  setup(NULL);
  /* VGT_INDEX_TYPE through SET_UCONFIG_REG_INDEX (INDEX 2): measured 0x20000243, 0x400 |
   * cache policy << 6 | type */
  EXPECT(agc_dcb_set_index_size(&cb, 1, 1), 0xC0017A00u, 0x20000243u, 0x441u);
  setup(NULL);
  EXPECT(agc_dcb_set_index_size(&cb, 0, 0), 0xC0017A00u, 0x20000243u, 0x400u);
  assert_int_equal(agc_dcb_set_index_size_get_size(), 12);
  assert_int_equal(agc_dcb_set_index_buffer_get_size(), 12); /* the SPRX body: 0xC (OpenAGC) */
  setup(NULL);
  /* SET_BASE: header bit 1 SHADER_TYPE, BASE_INDEX 1, address (8-byte aligned) lo, hi */
  EXPECT(agc_dcb_set_base_indirect_args(&cb, 0, 0x900001238ull), 0xC0021100u, 1, 0x1238u, 9);
  setup(NULL);
  EXPECT(agc_dcb_set_base_indirect_args(&cb, 1, 0x1000), 0xC0021102u, 1, 0x1000u, 0);
  REFUSED(agc_dcb_set_base_indirect_args(&cb, 2, 0x1000));
  assert_int_equal(agc_dcb_set_base_indirect_args_get_size(), 16);
}

/* DMA_DATA: dw1 ENGINE_SEL (0), SRC_CACHE_POLICY (14:13), DST_SEL (21:20), DST_CACHE_POLICY
 * (26:25), SRC_SEL (30:29), CP_SYNC (31); src lo, hi; dst lo, hi; dw6 BYTE_COUNT (25:0), SAS
 * (26), DAS (27), SAIC (28), DAIC (29), RAW_WAIT (30), DIS_WC (31). */
static void test_dma_data(void **state) {
  (void)state;
  /* a fill: engine PFP, SRC_SEL 2 (data), 16 bytes, CP_SYNC, DIS_WC */
  EXPECT(agc_dcb_dma_data(&cb, 1, 0, 0, 0x2000, 2, 0, 0x12345678, 16, 0, 1, 1), 0xC0055000u,
         0xC0000001u, 0x12345678u, 0, 0x2000u, 0, 0x80000010u);
  setup(NULL);
  /* a copy with both cache policies, a raw wait, registers (bit 2) and no increment (bit 3) */
  EXPECT(agc_dcb_dma_data(&cb, 0, 0xC, 2, 0x700000040ull, 0x7, 1, 0x123456780ull, 0x100, 1, 0, 0),
         0xC0055000u, 1u << 13 | 2u << 25 | 3u << 29, 0x23456780u, 1u, 0x40u, 7u,
         0x100u | 1u << 26 | 1u << 27 | 1u << 29 | 1u << 30);
  setup(NULL);
  /* a counter source: the counter's register address, SAS set */
  EXPECT(agc_dcb_dma_data(&cb, 0, 0, 0, 0x3000, 0x14, 0, 0, 4, 0, 0, 0), 0xC0055000u, 0, 0x30174u,
         0, 0x3000u, 0, 4u | 1u << 26);
  REFUSED(agc_dcb_dma_data(&cb, 2, 0, 0, 0x3000, 0, 0, 0x1000, 4, 0, 0, 0));
  REFUSED(agc_dcb_dma_data(&cb, 0, 0, 0, 0x3000, 0, 0, 0x1000, 0x4000000, 0, 0, 0));
  REFUSED(agc_dcb_dma_data(&cb, 0, 0, 0, 0x3000, 0x15, 0, 0x1000, 4, 0, 0, 0));
  assert_int_equal(agc_dcb_dma_data_get_size(), 28);
}

/* COND_EXEC: address lo (4-aligned), hi, 0, EXEC_COUNT (13:0). PFP_SYNC_ME: one zero dword
 * (measured header 0xC0004200, 8 bytes). */
static void test_flow(void **state) {
  (void)state;
  EXPECT(agc_dcb_cond_exec(&cb, 0x900001004ull, 12), 0xC0032200u, 0x1004u, 9, 0, 12);
  REFUSED(agc_dcb_cond_exec(&cb, 0x1002, 12));
  REFUSED(agc_dcb_cond_exec(&cb, 0, 12));
  REFUSED(agc_dcb_cond_exec(&cb, 0x1000, 0x4000));
  assert_int_equal(agc_dcb_cond_exec_get_size(), 20);
  setup(NULL);
  EXPECT(agc_dcb_stall_command_buffer_parser(&cb), 0xC0004200u, 0);
  assert_int_equal(agc_dcb_stall_command_buffer_parser_get_size(), 8);
}

static void test_sizes(void **state) {
  (void)state;
  assert_int_equal(agc_dcb_event_write_get_size(0x07), 8);
  assert_int_equal(agc_dcb_event_write_get_size(0x38), 16);
  assert_int_equal(agc_dcb_event_write_get_size(0x39), 16);
  assert_int_equal(agc_dcb_event_write_get_size(0x3A), 8);
  /* ContextStateOp: clear 5 dwords, push 27, pop 27, push and clear 32 */
  assert_int_equal(agc_dcb_context_state_op_get_size(0), 20);
  assert_int_equal(agc_dcb_context_state_op_get_size(1), 108);
  assert_int_equal(agc_dcb_context_state_op_get_size(2), 108);
  assert_int_equal(agc_dcb_context_state_op_get_size(3), 128);
  assert_int_equal(agc_dcb_context_state_op_get_size(4), 0);
}

/* LOAD_CONTEXT_REG_INDEX (0x9F), LOAD_SH_REG_INDEX (0x63), LOAD_UCONFIG_REG_INDEX (0x64): address
 * lo (INDEX 0 in 1:0), hi, DATA_FORMAT 1 (bit 31) with offset 0, the register count. Measured
 * headers 0xC0039F00, 0xC0036300, 0xC0036400 and the format word 0x80000000. */
static void test_registers_indirect(void **state) {
  (void)state;
  uint32_t *p = agc_dcb_set_cx_registers_indirect(&cb, 0x900001238ull, 3);
  EXPECT(p, 0xC0039F00u, 0x1238u, 9u, 0x80000000u, 3u);
  setup(NULL);
  EXPECT(agc_dcb_set_sh_registers_indirect(&cb, 0x1000, 2), 0xC0036300u, 0x1000u, 0, 0x80000000u,
         2u);
  setup(NULL);
  p = agc_dcb_set_uc_registers_indirect(&cb, 0, 0); /* the list patched in later */
  EXPECT(p, 0xC0036400u, 0, 0, 0x80000000u, 0);
  REFUSED(agc_dcb_set_uc_registers_indirect(&cb, 0x1000, 0x4000));
  assert_int_equal(agc_dcb_set_registers_indirect_get_size(), 20);

  /* the patches: address, count, added registers; a packet of another kind is refused */
  setup(NULL);
  p = agc_dcb_set_uc_registers_indirect(&cb, 0, 0);
  assert_int_equal(agc_set_uc_reg_indirect_patch_set_address(p, 0x700002000ull), 0);
  assert_int_equal(agc_set_uc_reg_indirect_patch_set_num_registers(p, 4), 0);
  assert_int_equal(agc_set_uc_reg_indirect_patch_add_registers(p, 3), 0);
  EXPECT(p, 0xC0036400u, 0x2000u, 7u, 0x80000000u, 7u);
  assert_int_equal(agc_set_sh_reg_indirect_patch_set_address(p, 0x1000), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(agc_set_cx_reg_indirect_patch_add_registers(p, 1), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(agc_set_uc_reg_indirect_patch_set_num_registers(NULL, 1),
                   AGC_ERROR_INVALID_PACKET);
  EXPECT(p, 0xC0036400u, 0x2000u, 7u, 0x80000000u, 7u); /* unchanged */
  /* the console's library checks the opcode byte alone and keeps bits 1:0 of dword 1 and
     bits 31:14 of dword 4: a NULL list and an unaligned address are written as they come */
  p[0] |= 1u; /* PREDICATE set: still the packet */
  p[1] |= 2u;
  p[4] |= 0xC000u;
  assert_int_equal(agc_set_uc_reg_indirect_patch_set_address(p, 0x123456787ull), 0);
  assert_int_equal(agc_set_uc_reg_indirect_patch_add_registers(p, 2), 0);
  EXPECT(p, 0xC0036401u, 0x23456786u, 0x1u, 0x80000000u, 0xC009u);
  assert_int_equal(agc_set_uc_reg_indirect_patch_set_address(p, 0), 0);
  assert_int_equal(agc_set_uc_reg_indirect_patch_set_num_registers(p, 0x4001), 0);
  EXPECT(p, 0xC0036401u, 2u, 0, 0x80000000u, 0xC001u);
  setup(NULL);
  p = agc_dcb_set_cx_registers_indirect(&cb, 0x1000, 1);
  assert_int_equal(agc_set_cx_reg_indirect_patch_set_num_registers(p, 5), 0);
  assert_int_equal(agc_set_cx_reg_indirect_patch_add_registers(p, 2), 0);
  assert_int_equal(agc_set_cx_reg_indirect_patch_set_address(p, 0x3004), 0);
  EXPECT(p, 0xC0039F00u, 0x3004u, 0, 0x80000000u, 7u);
  setup(NULL);
  p = agc_dcb_set_sh_registers_indirect(&cb, 0x1000, 1);
  assert_int_equal(agc_set_sh_reg_indirect_patch_add_registers(p, 0x3FFF), 0); /* 14 bits */
  assert_int_equal(agc_set_sh_reg_indirect_patch_set_num_registers(p, p[4] + 1), 0);
  EXPECT(p, 0xC0036300u, 0x1000u, 0, 0x80000000u, 1u);
}

/* SET_PREDICATION (0x20): PRED_BOOL (8), HINT (12), PRED_OP (18:16); address lo (16-byte
 * aligned), hi. The PREDICATE bit is bit 0 of a type-3 header. The patches change the DMA_DATA
 * source (dwords 2-3) and destination (4-5), the COND_EXEC address (1-2) and EXEC_COUNT (4). */
static void test_predication_and_patches(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_predication(&cb, 1, 4, 1, 0x900001238ull, 7), 0xC0022000u,
         1u << 8 | 1u << 12 | 4u << 16, 0x1230u, 9u);
  REFUSED(agc_dcb_set_predication(&cb, 2, 4, 0, 0x1000, 0));
  REFUSED(agc_dcb_set_predication(&cb, 0, 8, 0, 0x1000, 0));

  setup(NULL);
  uint32_t *a = agc_dcb_draw_index_auto(&cb, 3, 0);
  uint32_t *nop = agc_cb_nop(&cb, 2);
  uint32_t *b = agc_dcb_set_num_instances(&cb, 2);
  assert_int_equal(agc_set_packet_predication(a, 1), 0);
  assert_int_equal(a[0], 0xC0012D01u);
  assert_int_equal(agc_set_packet_predication(a, 0), 0);
  assert_int_equal(a[0], 0xC0012D00u);
  assert_int_equal(agc_set_range_predication(a, cb.cursor_up, 1), 0);
  assert_int_equal(a[0], 0xC0012D01u);
  assert_int_equal(nop[0], 0xC0001001u);
  assert_int_equal(b[0], 0xC0002F01u);
  /* a range that does not end on a packet: nothing changes */
  assert_int_equal(agc_set_range_predication(a, b + 1, 0), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(a[0], 0xC0012D01u);
  assert_int_equal(agc_set_range_predication(a, cb.cursor_up, 0), 0);
  assert_int_equal(b[0], 0xC0002F00u);

  setup(NULL);
  uint32_t *d = agc_dcb_dma_data(&cb, 0, 0, 0, 0x2000, 0, 0, 0x1000, 64, 0, 0, 0);
  assert_int_equal(agc_dma_data_patch_set_src(d, 0x700003000ull), 0);
  assert_int_equal(agc_dma_data_patch_set_dst(d, 0x800004000ull), 0);
  EXPECT(d, 0xC0055000u, 0, 0x3000u, 7u, 0x4000u, 8u, 64u);
  assert_int_equal(agc_cond_exec_patch_set_end(d, d + 7), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(agc_dma_data_patch_set_src(NULL, 0), AGC_ERROR_INVALID_PACKET);

  setup(NULL);
  uint32_t *c = agc_dcb_cond_exec(&cb, 0x1000, 0);
  agc_dcb_draw_index_auto(&cb, 3, 0);
  assert_int_equal(agc_cond_exec_patch_set_end(c, cb.cursor_up), 0);
  assert_int_equal(agc_cond_exec_patch_set_command_address(c, 0x500002004ull), 0);
  assert_int_equal(c[1], 0x2004u);
  assert_int_equal(c[2], 5u);
  assert_int_equal(c[4], 3u);
  assert_int_equal(agc_cond_exec_patch_set_end(c, c + 4), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(agc_dma_data_patch_set_dst(c, 0), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(agc_cond_exec_patch_set_command_address(c + 5, 0x1000), /* the draw */
                   AGC_ERROR_INVALID_PACKET);
  assert_int_equal(agc_cond_exec_patch_set_command_address(NULL, 0x1000), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(c[4], 3u);
  /* the address's bits 1:0 are not written (the packet's own are kept), as the console's
     library does; an address the builder would refuse is written all the same */
  c[1] |= 1u;
  assert_int_equal(agc_cond_exec_patch_set_command_address(c, 0x600003006ull), 0);
  assert_int_equal(c[1], 0x3005u);
  assert_int_equal(c[2], 6u);
}

/* REWIND (0x59): VALID (bit 31) = the state. */
static void test_rewind(void **state) {
  (void)state;
  uint32_t *r = agc_dcb_rewind(&cb, 0);
  EXPECT(r, 0xC0005900u, 0);
  assert_int_equal(agc_rewind_patch_set_rewind_state(r, 1), 0);
  EXPECT(r, 0xC0005900u, 0x80000000u);
  assert_int_equal(agc_rewind_patch_set_rewind_state(r, 0), 0);
  EXPECT(r, 0xC0005900u, 0);
  assert_int_equal(agc_rewind_patch_set_rewind_state(r, 2), AGC_ERROR_INVALID_PACKET);
  setup(NULL);
  EXPECT(agc_dcb_rewind(&cb, 1), 0xC0005900u, 0x80000000u);
  REFUSED(agc_dcb_rewind(&cb, 2));
  assert_int_equal(agc_dcb_rewind_get_size(), 8);
  setup(NULL);
  uint32_t *n = agc_dcb_set_num_instances(&cb, 1);
  assert_int_equal(agc_rewind_patch_set_rewind_state(n, 1), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(n[1], 1);
}

/* DRAW_INDIRECT_MULTI (0x2C) / DRAW_INDEX_INDIRECT_MULTI (0x38): DATA_OFFSET, BASE_VTX_LOC,
 * START_INST_LOC, DRAW_INDEX_LOC (15:0) + COUNT_INDIRECT_ENABLE (30) + DRAW_INDEX_ENABLE (31),
 * COUNT, COUNT_ADDR lo (4-aligned), hi, STRIDE, initiator. The non-indexed form sits between two
 * SET_UCONFIG_REG (0x79) writes of the library's tags to register 0x342. */
static void test_draw_indirect_multi(void **state) {
  (void)state;
  EXPECT(agc_dcb_draw_indirect_multi(&cb, 0x40, 1, 8, 0x900001006ull, 20, 0), 0xC0017900u, 0x342,
         0xC6000008u, 0xC0082C00u, 0x40, 0x280, 0x280, 0x280u | 1u << 30, 8, 0x1004u, 9, 20, 2,
         0xC0017900u, 0x342, 0xC6000000u);
  setup(NULL);
  /* draw index in user data 6 (modifier bit 3, bits 28:24), bit 4 -> bit 27 */
  uint64_t m = 8u | 0x10u | 6u << 24;
  uint32_t *p = agc_dcb_draw_indirect_multi(&cb, 0, 0, 3, 0, 16, m);
  assert_non_null(p);
  assert_int_equal(p[7], 0x92u | 1u << 27 | 1u << 31);
  assert_int_equal(p[8], 3);
  REFUSED(agc_dcb_draw_indirect_multi(&cb, 0, 2, 3, 0, 16, 0));
  assert_int_equal(agc_dcb_draw_indirect_multi_get_size(), 64);
  setup(NULL);
  EXPECT(agc_dcb_draw_index_indirect_multi(&cb, 0x80, 0, 4, 0, 20, 0), 0xC0083800u, 0x80, 0x280,
         0x280, 0, 4, 0, 0, 20, 2);
  REFUSED(agc_dcb_draw_index_indirect_multi(&cb, 0, 2, 3, 0, 16, 0));
  assert_int_equal(agc_dcb_draw_index_indirect_multi_get_size(), 40);
}

/* COND_INDIRECT_BUFFER: INDIRECT_BUFFER (0x3F) with 13 body dwords: MODE (1:0) + FUNCTION (10:8),
 * compare address lo (8-aligned), hi, mask lo, hi, reference lo, hi, IB1 lo, hi, IB_SIZE1 (19:0) +
 * CACHE_POLICY1 (29:28), IB2 lo, hi, IB_SIZE2 + CACHE_POLICY2. */
static void test_branch(void **state) {
  (void)state;
  EXPECT(agc_cb_branch(&cb, 2, 3, 0x900001008ull, 0xFFFFFFFF00000000ull, 0x500000000ull, 1,
                       0x700002000ull, 0x40, 2, 0x800003000ull, 0x20),
         0xC00C3F00u, 2u | 3u << 8, 0x1008u, 9u, 0, 0xFFFFFFFFu, 0, 5u, 0x2000u, 7u,
         0x40u | 1u << 28, 0x3000u, 8u, 0x20u | 2u << 28);
  REFUSED(agc_cb_branch(&cb, 0, 3, 0x1000, 0, 0, 0, 0x2000, 1, 0, 0x3000, 1));
  REFUSED(agc_cb_branch(&cb, 1, 7, 0x1000, 0, 0, 0, 0x2000, 1, 0, 0x3000, 1));
  REFUSED(agc_cb_branch(&cb, 1, 3, 0x1004, 0, 0, 0, 0x2000, 1, 0, 0x3000, 1));
  REFUSED(agc_cb_branch(&cb, 1, 3, 0x1000, 0, 0, 0, 0x2000, 0x100000, 0, 0x3000, 1));
  assert_int_equal(agc_cb_branch_get_size(), 56);
}

/* JumpPatchSetTarget: INDIRECT_BUFFER's address lo, hi (15:0) and IB_SIZE (19:0), the other bits
 * kept. GetDataPacketPayloadAddress: a SET_*_REG's values (type 1) start after the offset, a
 * packet's body (type 0) after the header; a header-only NOP (count 0x3FFF) has none. */
static void test_jump_patch_and_payload(void **state) {
  (void)state;
  uint32_t *j = agc_dcb_jump(&cb, 1, 2, 0x1000, 4);
  assert_int_equal(agc_jump_patch_set_target(j, 0x900004000ull, 0x40), 0);
  EXPECT(j, 0xC0023F00u, 0x4000u, 9u, 0x0F200000u | 2u << 28 | 1u << 20 | 0x40u);
  assert_int_equal(agc_jump_patch_set_target(j, 0x4002, 0x40), AGC_ERROR_INVALID_PACKET);
  assert_int_equal(agc_jump_patch_set_target(j, 0x4000, 0x100000), AGC_ERROR_INVALID_PACKET);
  setup(NULL);
  uint32_t *r = agc_cb_set_sh_register_range_direct(&cb, 0x8C, NULL, 4), *out = NULL;
  assert_int_equal(agc_get_data_packet_payload_address(&out, r, 1), 0);
  assert_ptr_equal(out, r + 2);
  assert_int_equal(agc_get_data_packet_payload_address(&out, r, 0), 0);
  assert_ptr_equal(out, r + 1);
  uint32_t nop = 0xFFFF1000u;
  assert_int_equal(agc_get_data_packet_payload_address(&out, &nop, 0), 0);
  assert_null(out);
  assert_int_not_equal(agc_get_data_packet_payload_address(NULL, r, 0), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_draw_index_auto, setup),
      cmocka_unit_test_setup(test_draw_index, setup),
      cmocka_unit_test_setup(test_draw_indirect, setup),
      cmocka_unit_test_setup(test_draw_state, setup),
      cmocka_unit_test_setup(test_dma_data, setup),
      cmocka_unit_test_setup(test_flow, setup),
      cmocka_unit_test(test_sizes),
      cmocka_unit_test_setup(test_registers_indirect, setup),
      cmocka_unit_test_setup(test_predication_and_patches, setup),
      cmocka_unit_test_setup(test_rewind, setup),
      cmocka_unit_test_setup(test_draw_indirect_multi, setup),
      cmocka_unit_test_setup(test_branch, setup),
      cmocka_unit_test_setup(test_jump_patch_and_payload, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
