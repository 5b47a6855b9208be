/* Command processor tests: state read from memory through SET_BASE's bases. Packets are
 * encoded here from AMD's public PM4 definitions (PAL's GFX10 PFP/ME packet headers and its
 * SI/CI/VI header):
 * - SET_BASE (0x11, 3 body dwords): BASE_INDEX (3:0), ADDRESS_LO (31:3), ADDRESS_HI; index 0
 *   the display list patch table, 1 draw/dispatch indirect, 4 "used by LOAD_SH/CONTEXT_REG_
 *   INDEX", 5 indirect data; 2 and 3 are the GDS and constant engine partitions.
 * - LOAD_SH_REG_INDEX 0x63, LOAD_UCONFIG_REG_INDEX 0x64, LOAD_CONTEXT_REG_INDEX 0x9F (4):
 *   INDEX (0; 1 = "ADDR_LO is ignored and memory offset is in ordinal 3") + MEM_ADDR_LO
 *   (31:2), MEM_ADDR_HI or ADDR_OFFSET, REG_OFFSET (15:0) + DATA_FORMAT (31: 0 consecutive
 *   dwords, 1 offset and value interleaved), NUM_DWORDS (13:0). Bit 1 is reserved on GFX10.1.
 * - SET_CONTEXT_REG_INDIRECT (0x73, 1 + n): REG_OFFSET (15:0), then a dword offset into the
 *   patch table per register.
 * - INDEX_ATTRIBUTES_INDIRECT (0x91, 3): INDIRECT_MODE (0) + ATTRIBUTE_BASE_LO (31:4),
 *   ATTRIBUTE_BASE_HI, ATTRIBUTE_INDEX (15:0); an entry is {address lo, hi, size in indices,
 *   index type} (16 bytes).
 * - GET_LOD_STATS (0x8E, 4): BU_SIZE, BASE_LO (31:6), BASE_HI, INTERVAL (9:2), RESET_CNT
 *   (17:10), RESET_FORCE (18), REPORT_AND_RESET (19), CACHE_POLICY (29:28). */

#include "cp_test_pm4.h"

/* byte addresses of registers (GFX10 register database) */
#define R_COMPUTE_USER_DATA_0 0xB900u
#define R_DB_DEPTH_CONTROL 0x28800u
#define R_CB_COLOR0_BASE 0x28C60u
#define R_VGT_PRIMITIVE_TYPE 0x30908u
#define R_VGT_INDEX_TYPE 0x3090Cu

#define MEM_BASE 0x400000000ull
#define MEM_SIZE (1u << 20)
#define STREAM MEM_BASE
#define LOADS (MEM_BASE + 0x10000) /* SET_BASE 4 */
#define PATCH (MEM_BASE + 0x20000) /* SET_BASE 0 */
#define ATTRS (MEM_BASE + 0x30000) /* index attribute entries */
#define LOD (MEM_BASE + 0x40000)   /* a LOD statistics buffer */
#include "cp_test_harness.h"

static struct {
  unsigned draws;
  struct cp_draw last;
} rec;
static void on_draw(void *ctx, const struct cp_draw *d) {
  (void)ctx;
  rec.draws++;
  rec.last = *d;
}

static int setup(void **state) {
  (void)state;
  memset(&rec, 0, sizeof rec);
  const struct cp_ops ops = {.mem_map = mem_map, .draw = on_draw};
  return cp_test_setup(&ops);
}
static void set_base(unsigned index, uint64_t a) {
  putv(4, PKT3(SET_BASE, 3), index, LO(a), HI(a));
}

/* INDEX 1: the source is SET_BASE 4's base + ADDR_OFFSET whatever MEM_ADDR_LO holds, for the
 * three spaces and both data formats; INDEX 0 on the same queue still takes its address. */
static void test_offset_form(void **state) {
  (void)state;
  for (unsigned i = 0; i < 3; i++) dw(LOADS + 0x40)[i] = 0xA0u + i;
  /* pairs: (offset in the context space, value) */
  dw(LOADS + 0x80)[0] = CTX_OFF(R_DB_DEPTH_CONTROL);
  dw(LOADS + 0x80)[1] = 0x00700076u;
  dw(LOADS + 0x80)[2] = CTX_OFF(R_CB_COLOR0_BASE);
  dw(LOADS + 0x80)[3] = 0x1234u;
  dw(LOADS + 0xC0)[0] = 4; /* VGT_PRIMITIVE_TYPE */
  dw(PATCH)[0] = 0x77u;    /* read with INDEX 0 at its direct address */
  set_base(4, LOADS);
  putv(5, PKT3(LOAD_SH_REG_INDEX, 4), 0x12340000u | 1u, 0x40u, SH_OFF(R_COMPUTE_USER_DATA_0), 3u);
  putv(5, PKT3(LOAD_CONTEXT_REG_INDEX, 4), 1u, 0x80u, 0x80000000u, 2u);
  putv(5, PKT3(LOAD_UCONFIG_REG_INDEX, 4), 1u, 0xC0u, UC_OFF(R_VGT_PRIMITIVE_TYPE), 1u);
  putv(5, PKT3(LOAD_SH_REG_INDEX, 4), LO(PATCH), HI(PATCH), SH_OFF(R_COMPUTE_USER_DATA_0) + 3, 1u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  for (unsigned i = 0; i < 3; i++)
    assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0 + 4 * i), 0xA0u + i);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0 + 12), 0x77u);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0x00700076u);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE), 0x1234u);
  assert_int_equal(reg(0, R_VGT_PRIMITIVE_TYPE), 4);
  assert_int_equal(cp_queue_stats(cp, 0).reg_writes, 7);
}

/* Each queue has its own bases: SET_BASE 4 on one compute queue is not another's, whose
 * offset then is an address of its own (0 + offset: not mapped, the queue stops). */
static void test_bases_per_queue(void **state) {
  (void)state;
  unsigned a = cp_compute_queue(1, 0), b = cp_compute_queue(4, 2);
  dw(LOADS + 0x10)[0] = 0x5Au;
  set_base(4, LOADS);
  putv(5, PKT3(LOAD_SH_REG_INDEX, 4), 1u, 0x10u, SH_OFF(R_COMPUTE_USER_DATA_0), 1u);
  assert_int_equal(run_idle_on(a), CP_QUEUE_IDLE);
  assert_int_equal(reg(a, R_COMPUTE_USER_DATA_0), 0x5Au);
  putv(5, PKT3(LOAD_SH_REG_INDEX, 4), 1u, 0x10u, SH_OFF(R_COMPUTE_USER_DATA_0), 1u);
  assert_int_equal(run_idle_on(b), CP_QUEUE_STOPPED);
  assert_int_equal(reg(b, R_COMPUTE_USER_DATA_0), 0);
}

/* SET_BASE 4 and 0 leave the draw/dispatch base (1) alone: an indirect draw's argument
 * address is base 1 + its offset; a reset clears the bases (a later offset load reads from
 * address 0 + offset: not mapped, stopped). */
static void test_bases_apart_and_reset(void **state) {
  (void)state;
  set_base(1, ATTRS);
  set_base(4, LOADS);
  set_base(0, PATCH);
  set_base(5, LOD);
  putv(5, PKT3(DRAW_INDIRECT, 4), 0x20u, 0u, 0u, 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(rec.draws, 1);
  assert_int_equal(rec.last.indirect_addr, ATTRS + 0x20);
  putv(2, DRV(0x05u, 1), 0u); /* DRAW_RESET */
  putv(5, PKT3(LOAD_SH_REG_INDEX, 4), 1u, 0x10u, SH_OFF(R_COMPUTE_USER_DATA_0), 1u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* Forms that stop the queue with nothing written: INDEX 2 and 3 (bit 1 reserved on GFX10.1),
 * an offset that makes a misaligned address, a source past the mapped memory, SET_BASE of
 * the GDS / constant engine partitions (2, 3) and of an unnamed index, wrong lengths. */
static void test_errors(void **state) {
  (void)state;
  dw(LOADS)[0] = 0x11u;
  set_base(4, LOADS);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  const uint32_t bad[][4] = {
      {2u, 0u, SH_OFF(R_COMPUTE_USER_DATA_0), 1u},
      {LO(LOADS) | 3u, HI(LOADS), SH_OFF(R_COMPUTE_USER_DATA_0), 1u},
      {1u, 2u, SH_OFF(R_COMPUTE_USER_DATA_0), 1u},
      {1u, MEM_SIZE - 0x10000u - 4u, SH_OFF(R_COMPUTE_USER_DATA_0), 2u},
      {1u, MEM_SIZE - 0x10000u - 4u, 0x80000000u, 1u}, /* a pair needs 8 bytes */
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    putv(5, PKT3(LOAD_SH_REG_INDEX, 4), bad[i][0], bad[i][1], bad[i][2], bad[i][3]);
    assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), 0);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  for (unsigned index = 2; index < 16; index++) {
    if (index == 4 || index == 5) continue;
    set_base(index, LOADS);
    assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  putv(3, PKT3(SET_BASE, 2), 4u, LO(LOADS));
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(4, PKT3(LOAD_CONTEXT_REG_INDEX, 3), 1u, 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* SET_CONTEXT_REG_INDIRECT: register REG_OFFSET + i from the patch table's dword offset_i;
 * a table entry outside the mapped memory, or registers past the context space, stop the
 * queue before any register is written. */
static void test_set_context_reg_indirect(void **state) {
  (void)state;
  for (unsigned i = 0; i < 16; i++) dw(PATCH)[i] = 0xC0DE0000u + i;
  set_base(0, PATCH);
  putv(5, PKT3(SET_CONTEXT_REG_INDIRECT, 4), CTX_OFF(R_CB_COLOR0_BASE), 5u, 2u, 9u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE), 0xC0DE0005u);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE + 4), 0xC0DE0002u);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE + 8), 0xC0DE0009u);
  assert_int_equal(reg(0, R_CB_COLOR0_BASE + 12), 0);
  /* the index field (31:28) does not change what is written */
  putv(3, PKT3(SET_CONTEXT_REG_INDIRECT, 2), CTX_OFF(R_DB_DEPTH_CONTROL) | 1u << 28, 15u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0xC0DE000Fu);
  /* the second entry is past the mapped memory: nothing written */
  putv(4, PKT3(SET_CONTEXT_REG_INDIRECT, 3), CTX_OFF(R_DB_DEPTH_CONTROL) + 1, 1u,
       (MEM_SIZE - 0x20000u) / 4);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL + 4), 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(4, PKT3(SET_CONTEXT_REG_INDIRECT, 3), 0x3FFu, 1u, 2u); /* past 0x400 registers */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(cp_reg(cp, 0, 0xA000u + 0x3FF), 0);
}

/* INDEX_ATTRIBUTES_INDIRECT: entry ATTRIBUTE_INDEX of the array sets the index buffer's
 * address (2-byte aligned, as INDEX_BASE's), size and type (VGT_INDEX_TYPE too) that the next
 * draw uses; INDIRECT_MODE, an unmapped entry or another length stop the queue. */
static void test_index_attributes_indirect(void **state) {
  (void)state;
  const uint32_t entry[4] = {0x00005001u, 0x7u, 99u, 1u}; /* entry 2 */
  memcpy(dw(ATTRS + 2 * 16), entry, sizeof entry);
  putv(4, PKT3(INDEX_ATTRIBUTES_INDIRECT, 3), LO(ATTRS), HI(ATTRS), 2u);
  putv(3, PKT3(DRAW_INDEX_AUTO, 2), 36u, 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(rec.draws, 1);
  assert_int_equal(rec.last.index_base, 0x700005000ull);
  assert_int_equal(rec.last.index_size, 99);
  assert_int_equal(rec.last.index_type, 1);
  assert_int_equal(reg(0, R_VGT_INDEX_TYPE), 1);
  /* ATTRIBUTE_BASE_LO is bits 31:4: the low bits name no entry */
  const uint32_t entry0[4] = {0x100u, 0, 3u, 2u};
  memcpy(dw(ATTRS), entry0, sizeof entry0);
  putv(4, PKT3(INDEX_ATTRIBUTES_INDIRECT, 3), LO(ATTRS) | 0xEu, HI(ATTRS), 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  putv(3, PKT3(DRAW_INDEX_AUTO, 2), 3u, 2u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(rec.last.index_base, 0x100u);
  assert_int_equal(rec.last.index_type, 2);
  putv(4, PKT3(INDEX_ATTRIBUTES_INDIRECT, 3), 1u, 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(4, PKT3(INDEX_ATTRIBUTES_INDIRECT, 3), LO(ATTRS), HI(ATTRS), 0xFFFFu); /* past the end */
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(3, PKT3(INDEX_ATTRIBUTES_INDIRECT, 2), LO(ATTRS), HI(ATTRS));
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(rec.draws, 2);
}

/* GET_LOD_STATS: the packet runs when its buffer is writable guest memory (nothing collects
 * statistics here: the buffer keeps what it held); a buffer that is not mapped, or another
 * length, stops the queue. */
static void test_get_lod_stats(void **state) {
  (void)state;
  memset(dw(LOD), 0xEE, 256);
  putv(5, PKT3(GET_LOD_STATS, 4), 256u, LO(LOD), HI(LOD), 10u << 2 | 1u << 10 | 1u << 19);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(cp_queue_stats(cp, 0).packets, 1);
  assert_int_equal(dw(LOD)[0], 0xEEEEEEEEu);
  const uint64_t end = MEM_BASE + MEM_SIZE - 64;
  putv(5, PKT3(GET_LOD_STATS, 4), 128u, LO(end), HI(end), 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(4, PKT3(GET_LOD_STATS, 3), 256u, LO(LOD), HI(LOD));
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_offset_form, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_bases_per_queue, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_bases_apart_and_reset, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_errors, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_set_context_reg_indirect, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_index_attributes_indirect, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_get_lod_stats, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
