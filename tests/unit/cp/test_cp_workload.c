/* The console's workload packets, run. libSceAgcDriver's builders write them (OpenAGC
 * analysis/agc_driver_workload_facts.md, read from every firmware's SPRX); the words below
 * are that record's, written out by hand for stream 1 and its slot at SLOT:
 *   active, graphics form (control 0): SET_UCONFIG_REG 0xC0027904 of 0x342-0x343 =
 *     0xCC000000 | stream, mask lo; WRITE_DATA 0xC0033704, 0x06010000, 0xC343, mask hi, 0;
 *     0xC0071E00, 0x40000267, the slot lo, hi, mask lo, hi, 0, 0, 0
 *   complete: 0xC0017904, 0x342, 0xCD000000 | id << 5 | stream; 0xC0071E00, 0x40000275, the
 *     slot lo, hi, ~(1 << id) lo, hi, 0, 0, 0
 *   compute form (control 1): bit 2 of the prefix headers and bit 30 of the last control clear
 *   inactive: active's 9-dword prefix with mask 0.
 * 0x1E is AMD's ATOMIC_MEM (PAL's GFX10 PM4 definitions): ATOMIC (6:0) 0x67 is TC_OP
 * ATOMIC_SWAP_64, 0x75 ATOMIC_AND_64, COMMAND (11:8) 2 wait for write confirmation,
 * ENGINE_SEL (31:30) 1 the PFP. So the slot, 0xFF bytes
 * as the driver fills it, takes the mask (0x80000000_00000021 for ids 0, 5, 63), then loses
 * the completed id's bit (5: 0x80000000_00000001). The tag register 0x342 (user config, byte
 * 0x30D08: SQ_THREAD_TRACE_USERDATA_2) holds the last tag. No packet stops its queue. */
#include "cp_test_pm4.h"

#define MEM_BASE 0x400000000ull
#define MEM_SIZE (1u << 16)
#define STREAM MEM_BASE
#define SLOT (MEM_BASE + 0x8008) /* stream 1 of a table at MEM_BASE + 0x8000 */
#include "cp_test_harness.h"

#define R_TAG 0x30D08u

static uint64_t *qw(uint64_t addr) { return (uint64_t *)(mem + (addr - MEM_BASE)); }
static int setup(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map};
  int rc = cp_test_setup(&ops);
  if (rc == 0) *qw(SLOT) = ~0ull;
  return rc;
}

/* active (ids 0, 5, 63), a NOP, complete (id 5); BIT2 4 in the graphics form, ENGINE 1 << 30 */
static void put_active_complete(uint32_t bit2, uint32_t engine) {
  putv(18, 0xC0027900u | bit2, 0x342u, 0xCC000001u, 0x00000021u, 0xC0033700u | bit2, 0x06010000u,
       0x0000C343u, 0x80000000u, 0u, 0xC0071E00u, 0x267u | engine, LO(SLOT), HI(SLOT), 0x00000021u,
       0x80000000u, 0u, 0u, 0u);
  putv(3, PKT3(NOP, 2), 0u, 0u);
  putv(12, 0xC0017900u | bit2, 0x342u, 0xCD0000A1u, 0xC0071E00u, 0x275u | engine, LO(SLOT),
       HI(SLOT), 0xFFFFFFDFu, 0xFFFFFFFFu, 0u, 0u, 0u);
}

static void test_graphics(void **state) {
  (void)state;
  put_active_complete(4u, 1u << 30);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_true(*qw(SLOT) == 0x8000000000000001ull);
  assert_int_equal(reg(CP_GFX_QUEUE, R_TAG), 0xCD0000A1u);
}

static void test_compute(void **state) {
  (void)state;
  const unsigned q = cp_compute_queue(0, 3);
  put_active_complete(0u, 0u);
  assert_int_equal(run_idle_on(q), CP_QUEUE_IDLE);
  assert_true(*qw(SLOT) == 0x8000000000000001ull);
  assert_int_equal(reg(q, R_TAG), 0xCD0000A1u);
}

/* The active packet alone sets the mask whatever the slot held; inactive's prefix leaves it. */
static void test_active_inactive(void **state) {
  (void)state;
  *qw(SLOT) = 0x1234u;
  putv(18, 0xC0027904u, 0x342u, 0xCC000001u, 0x00000002u, 0xC0033704u, 0x06010000u, 0x0000C343u, 0u,
       0u, 0xC0071E00u, 0x40000267u, LO(SLOT), HI(SLOT), 0x00000002u, 0u, 0u, 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_true(*qw(SLOT) == 2u);
  putv(9, 0xC0027904u, 0x342u, 0xCC000001u, 0u, 0xC0033704u, 0x06010000u, 0x0000C343u, 0u, 0u);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_true(*qw(SLOT) == 2u);
  assert_int_equal(reg(CP_GFX_QUEUE, R_TAG), 0xCC000001u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_graphics, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_compute, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_active_inactive, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
