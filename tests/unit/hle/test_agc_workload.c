/* Workload streams and markers: libSceAgc's cursor forms, libSceAgcDriver's builders, sizes and
 * registered streams. The expected dwords are written out by hand from the console's builders as
 * the OpenAGC project read them from every firmware's libSceAgcDriver.sprx and libSceAgc.sprx
 * (analysis/agc_driver_workload_facts.md and .tsv, agc_driver_workload_init_1160.md):
 *   active (18): SET_UCONFIG_REG 0xC0027904 of 0x342: 0xCC000000 | stream, mask lo; WRITE_DATA
 *     0xC0033704, 0x06010000, 0xC343, mask hi, 0; 0xC0071E00, 0x40000267, the slot's address
 *     lo, hi, mask lo, hi, 0, 0, 0
 *   complete (12): 0xC0017904, 0x342, 0xCD000000 | id << 5 | stream; 0xC0071E00, 0x40000275,
 *     the slot's address lo, hi, ~(1 << id) lo, hi, 0, 0, 0
 *   inactive (9): active's prefix with mask 0
 *   control 1 (the Acb forms): bit 2 of the prefix headers and bit 30 of 0x4000026x clear.
 * Streams 1..31, ids 0..63, 1..63 distinct ids; the slot of stream n is the table's base +
 * n * 8; the table is 0xFF but for slots 0 and 1 (zero when the kernel's seed query fails).
 * GetWorkloadStreamInfo copies at most 32 descriptor bytes and returns the slot's 64-bit value.
 * Sizes: GetSet*PacketSize 18 and 12; UserDataGetPacketSize 3 (0 bytes), 4 (1..4), else
 * dwords + 7. The packets run by the command processor: the ATOMIC_MEM SWAP_64 (0x67) and
 * AND_64 (0x75) of AMD's PM4 definitions (PAL's ATOMIC_MEM and TC_OP enum). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cp/cp.h"
#include "hle/libSceAgc/agc.h"
#include "hle/libSceAgc/agc_workload.h"
#include "hle/libSceAgcDriver/agc_driver_workload.h"

#define AGC_TEST_DWORDS 128
#include "agc_cb_expect.h"

static const uint8_t descriptor[40] = "stream descriptor, 32 bytes used:X...";

static int setup_streams(void **state) {
  agc_driver_workload_reset();
  return setup(state);
}

#define LO(x) ((uint32_t)(uint64_t)(x))
#define HI(x) ((uint32_t)((uint64_t)(x) >> 32))

static void test_sizes(void **state) {
  (void)state;
  assert_int_equal(agc_driver_get_set_workloads_active_packet_size(), 18);
  assert_int_equal(agc_driver_get_set_workload_complete_packet_size(), 12);
  assert_int_equal(agc_driver_get_set_workload_stream_inactive_packet_size(), 9);
  assert_int_equal(agc_driver_user_data_get_packet_size(0), 3);
  assert_int_equal(agc_driver_user_data_get_packet_size(1), 4);
  assert_int_equal(agc_driver_user_data_get_packet_size(4), 4);
  assert_int_equal(agc_driver_user_data_get_packet_size(5), 9);
  assert_int_equal(agc_driver_user_data_get_packet_size(8), 9);
  assert_int_equal(agc_driver_user_data_get_packet_size(9), 10);
  assert_int_equal(agc_driver_user_data_get_packet_size(0xFFFFFFFFu), 0x40000007u);
}

/* The table: 16-byte aligned, stream n at base + n * 8, slots 0-1 zero and 2-31 all ones. */
static void test_slot_table(void **state) {
  (void)state;
  const uint64_t base = agc_driver_workload_slot_address(0);
  assert_int_not_equal(base, 0);
  assert_int_equal(base & 15, 0);
  for (uint32_t s = 0; s < 32; s++) {
    assert_int_equal(agc_driver_workload_slot_address(s), base + s * 8);
    const uint64_t v = *(const uint64_t *)(uintptr_t)(base + s * 8);
    assert_true(v == (s < 2 ? 0 : ~0ull));
  }
  assert_int_equal(agc_driver_workload_slot_address(32), 0);
}

static void test_register(void **state) {
  (void)state;
  uint8_t got[32];
  assert_true(agc_driver_workload_stream(0, got)); /* the driver's own */
  assert_memory_equal(got, "System\0", 7);
  assert_false(agc_driver_workload_stream(1, NULL));
  assert_int_equal(agc_driver_register_workload_stream(0, descriptor), (int)0x8A6C0033u);
  assert_int_equal(agc_driver_register_workload_stream(32, descriptor), (int)0x8A6C0033u);
  assert_int_equal(agc_driver_register_workload_stream(1, NULL), (int)0x8A6C0035u);
  assert_int_equal(agc_driver_register_workload_stream(1, descriptor), 0);
  assert_true(agc_driver_workload_stream(1, got));
  assert_memory_equal(got, descriptor, 32); /* exactly 32 bytes */
  assert_int_equal(agc_driver_register_workload_stream(1, descriptor), (int)0x8A6C0033u);
  assert_int_equal(agc_driver_register_workload_stream(31, descriptor), 0);
  assert_int_equal(agc_driver_unregister_workload_stream(0), (int)0x8A6C0033u);
  assert_int_equal(agc_driver_unregister_workload_stream(2), (int)0x8A6C003Au);
  assert_int_equal(agc_driver_unregister_workload_stream(1), 0);
  assert_false(agc_driver_workload_stream(1, got));
  static const uint8_t zero[32];
  assert_memory_equal(got, zero, 32);
  assert_int_equal(agc_driver_unregister_workload_stream(1), (int)0x8A6C003Au);
  assert_int_equal(agc_driver_register_workload_stream(1, descriptor), 0); /* again */
}

static void test_dcb_active(void **state) {
  (void)state;
  assert_int_equal(agc_driver_register_workload_stream(1, descriptor), 0);
  const uint64_t slot = agc_driver_workload_slot_address(1);
  const uint32_t ids[] = {0, 5, 63}; /* mask 0x80000000_00000021 */
  EXPECT(agc_dcb_set_workloads_active(&cb, 1, ids, 3), 0xC0027904u, 0x342u, 0xCC000001u,
         0x00000021u, 0xC0033704u, 0x06010000u, 0x0000C343u, 0x80000000u, 0u, 0xC0071E00u,
         0x40000267u, LO(slot), HI(slot), 0x00000021u, 0x80000000u, 0u, 0u, 0u);
}

static void test_acb_active(void **state) {
  (void)state;
  assert_int_equal(agc_driver_register_workload_stream(31, descriptor), 0);
  const uint64_t slot = agc_driver_workload_slot_address(31);
  const uint32_t ids[] = {33, 32}; /* mask 0x00000003_00000000 */
  EXPECT(agc_acb_set_workloads_active(&cb, 31, ids, 2), 0xC0027900u, 0x342u, 0xCC00001Fu, 0u,
         0xC0033700u, 0x06010000u, 0x0000C343u, 0x00000003u, 0u, 0xC0071E00u, 0x00000267u, LO(slot),
         HI(slot), 0u, 0x00000003u, 0u, 0u, 0u);
}

static void test_complete(void **state) {
  (void)state;
  assert_int_equal(agc_driver_register_workload_stream(3, descriptor), 0);
  const uint64_t slot = agc_driver_workload_slot_address(3);
  EXPECT(agc_dcb_set_workload_complete(&cb, 3, 5), 0xC0017904u, 0x342u, 0xCD0000A3u, 0xC0071E00u,
         0x40000275u, LO(slot), HI(slot), 0xFFFFFFDFu, 0xFFFFFFFFu, 0u, 0u, 0u);
  setup(NULL);
  /* id 63: 0xCD000000 | 63 << 5 | 3 = 0xCD0007E3, ~(1 << 63) */
  EXPECT(agc_acb_set_workload_complete(&cb, 3, 63), 0xC0017900u, 0x342u, 0xCD0007E3u, 0xC0071E00u,
         0x00000275u, LO(slot), HI(slot), 0xFFFFFFFFu, 0x7FFFFFFFu, 0u, 0u, 0u);
}

static void test_inactive(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_workload_stream_inactive(&cb, 2), 0xC0027904u, 0x342u, 0xCC000002u, 0u,
         0xC0033704u, 0x06010000u, 0x0000C343u, 0u, 0u);
  setup(NULL);
  EXPECT(agc_acb_set_workload_stream_inactive(&cb, 31), 0xC0027900u, 0x342u, 0xCC00001Fu, 0u,
         0xC0033700u, 0x06010000u, 0x0000C343u, 0u, 0u);
}

/* A refused call: NULL, the cursor where it was, nothing written. */
static void refused(uint32_t *p) {
  assert_null(p);
  assert_ptr_equal(cb.cursor_up, buf);
  for (size_t i = 0; i < 20; i++) assert_int_equal(buf[i], FILL);
}

static void test_refusals(void **state) {
  (void)state;
  assert_int_equal(agc_driver_register_workload_stream(4, descriptor), 0);
  const uint32_t one[] = {1}, bad_id[] = {1, 64}, twice[] = {7, 8, 7};
  uint32_t all[64];
  for (uint32_t i = 0; i < 64; i++) all[i] = i;
  refused(agc_dcb_set_workloads_active(&cb, 0, one, 1));  /* stream 0 */
  refused(agc_dcb_set_workloads_active(&cb, 32, one, 1)); /* stream 32 */
  refused(agc_dcb_set_workloads_active(&cb, 5, one, 1));  /* not registered */
  refused(agc_dcb_set_workloads_active(&cb, 4, bad_id, 2));
  refused(agc_dcb_set_workloads_active(&cb, 4, twice, 3)); /* not distinct */
  refused(agc_dcb_set_workloads_active(&cb, 4, all, 64));  /* 63 at most */
  refused(agc_dcb_set_workloads_active(&cb, 4, one, 0));
  refused(agc_acb_set_workloads_active(&cb, 4, NULL, 1));
  refused(agc_dcb_set_workload_complete(&cb, 4, 64));
  refused(agc_acb_set_workload_complete(&cb, 0, 1));
  refused(agc_acb_set_workload_complete(&cb, 6, 1)); /* not registered */
  refused(agc_dcb_set_workload_stream_inactive(&cb, 0));
  refused(agc_acb_set_workload_stream_inactive(&cb, 32));
  /* the driver's codes (docs/agc.md: which check answers which is our reading) */
  uint32_t pkt[18];
  assert_int_equal(agc_driver_set_workloads_active(pkt, 0, 32, one, 1), (int)0x8A6C0033u);
  assert_int_equal(agc_driver_set_workloads_active(pkt, 0, 4, bad_id, 2), (int)0x8A6C0034u);
  assert_int_equal(agc_driver_set_workloads_active(pkt, 0, 5, one, 1), (int)0x8A6C003Au);
  assert_int_equal(agc_driver_set_workload_complete(pkt, 1, 0, 1), (int)0x8A6C0033u);
  assert_int_equal(agc_driver_set_workload_complete(pkt, 1, 4, 64), (int)0x8A6C0034u);
  assert_int_equal(agc_driver_set_workload_complete(pkt, 1, 5, 1), (int)0x8A6C003Au);
  /* 63 distinct ids are taken */
  assert_non_null(agc_dcb_set_workloads_active(&cb, 4, all + 1, 63));
  assert_ptr_equal(cb.cursor_up, buf + 18);
  assert_int_equal(buf[3], 0xFFFFFFFEu);
  assert_int_equal(buf[7], 0xFFFFFFFFu);
}

/* GetWorkloadStreamInfo: at most 32 descriptor bytes, the slot's value (stream 0's "System"
 * and its zero slot; a fresh stream's all-ones slot). */
static void test_stream_info(void **state) {
  (void)state;
  uint8_t name[40];
  uint64_t slot = 5;
  memset(name, 0x5A, sizeof name);
  assert_int_equal(agc_driver_get_workload_stream_info(0, name, sizeof name, &slot), 0);
  assert_memory_equal(name, "System\0", 7);
  assert_int_equal(name[32], 0x5A);
  assert_true(slot == 0);
  assert_int_equal(agc_driver_get_workload_stream_info(7, name, 8, &slot), (int)0x8A6C003Au);
  assert_int_equal(agc_driver_get_workload_stream_info(32, name, 8, &slot), (int)0x8A6C0033u);
  assert_int_equal(agc_driver_register_workload_stream(7, descriptor), 0);
  memset(name, 0x5A, sizeof name);
  assert_int_equal(agc_driver_get_workload_stream_info(7, name, 3, &slot), 0);
  assert_memory_equal(name, descriptor, 3);
  assert_int_equal(name[3], 0x5A);
  assert_true(slot == ~0ull);
  assert_int_equal(agc_driver_get_workload_stream_info(7, NULL, 0, NULL), 0);
}

/* UserDataWritePacket / WritePopMarker at a raw packet: the words, the dwords returned, the
 * next dword untouched. 0 and 8 bytes are the recorded layouts (the workload prefixes), 1-4
 * bytes the 4 dwords UserDataGetPacketSize gives them, 12 bytes the same rule extended (ours);
 * the pop marker is sceAgcDcbPopMarker's measured 0xC0017904 0x342 0xC2000000. */
static void user_data(uint32_t n, const uint32_t *want, uint32_t got) {
  assert_int_equal(got, n);
  for (uint32_t i = 0; i < n; i++)
    if (buf[i] != want[i]) fail_msg("dword %u: 0x%08x, expected 0x%08x", i, buf[i], want[i]);
  assert_int_equal(buf[n], FILL);
  setup(NULL);
}
#define USER_DATA(got, ...)                                   \
  do {                                                        \
    const uint32_t w_[] = {__VA_ARGS__};                      \
    user_data(sizeof w_ / sizeof w_[0], w_, (uint32_t)(got)); \
  } while (0)

static void test_user_data(void **state) {
  (void)state;
  const uint8_t three[3] = {1, 2, 3};
  const uint64_t mask = 0x8000000000000021ull;
  const uint32_t twelve[3] = {0x11111111u, 0x22222222u, 0x33333333u};
  USER_DATA(agc_driver_user_data_write_packet(buf, 0, 0x12345678u, NULL, 0), 0xC0017904u, 0x342u,
            0x12345678u);
  USER_DATA(agc_driver_user_data_write_packet(buf, 1, 0xAu, three, 3), 0xC0027900u, 0x342u, 0xAu,
            0x00030201u);
  USER_DATA(agc_driver_user_data_write_packet(buf, 0, 0xCC000001u, &mask, 8), 0xC0027904u, 0x342u,
            0xCC000001u, 0x00000021u, 0xC0033704u, 0x06010000u, 0x0000C343u, 0x80000000u, 0u);
  USER_DATA(agc_driver_user_data_write_packet(buf, 0, 0xBu, twelve, 12), 0xC0027904u, 0x342u, 0xBu,
            0x11111111u, 0xC0043704u, 0x06010000u, 0x0000C343u, 0x22222222u, 0x33333333u, 0u);
  USER_DATA(agc_driver_user_data_write_pop_marker(buf, 0), 0xC0017904u, 0x342u, 0xC2000000u);
  USER_DATA(agc_driver_user_data_write_pop_marker(buf, 1), 0xC0017900u, 0x342u, 0xC2000000u);
  assert_int_equal(agc_driver_user_data_write_packet(NULL, 0, 1, NULL, 0), 0);
  assert_int_equal(agc_driver_user_data_write_packet(buf, 0, 1, NULL, 4), 0);
  assert_int_equal(agc_driver_user_data_write_packet(buf, 0, 1, buf, 0xFFF9u), 0);
  assert_int_equal(agc_driver_user_data_write_pop_marker(NULL, 0), 0);
  assert_int_equal(buf[0], FILL);
}

/* No room and no callback: NULL, nothing written. With a callback that moves the buffer: the
 * packet at the new cursor. */
static uint32_t other[64];
static bool grow(struct agc_cb *c, uint32_t dwords, void *user) {
  (void)user;
  if (dwords > 64) return false;
  c->cursor_up = other;
  c->cursor_down = c->top = other + 64;
  return true;
}

static void test_room(void **state) {
  (void)state;
  assert_int_equal(agc_driver_register_workload_stream(1, descriptor), 0);
  const uint32_t one[] = {1};
  cb.cursor_down = cb.top = buf + 17;
  refused(agc_dcb_set_workloads_active(&cb, 1, one, 1));
  cb.callback = grow;
  uint32_t *p = agc_dcb_set_workloads_active(&cb, 1, one, 1);
  assert_ptr_equal(p, other);
  assert_ptr_equal(cb.cursor_up, other + 18);
  assert_int_equal(other[2], 0xCC000001u);
  assert_int_equal(other[13], 2u);
  /* a refusal after the growth puts the cursor back */
  assert_null(agc_dcb_set_workload_complete(&cb, 1, 99));
  assert_ptr_equal(cb.cursor_up, other + 18);
}

static void test_set_marker(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_marker(&cb, "frame", 0xFF00FF00u), 0xC0011000u, 0xFF00FF00u, 0u);
  setup(NULL);
  EXPECT(agc_acb_set_marker(&cb, NULL, 7), 0xC0011000u, 7u, 0u);
  setup(NULL);
  cb.cursor_down = cb.top = buf + 2;
  assert_null(agc_dcb_set_marker(&cb, "x", 0));
  assert_int_equal(buf[0], FILL);
}

/* The Span forms write their siblings' words: SetMarker's NOP with the colour; the push
 * markers' measured SET_UCONFIG_REG of 0x342 = 0xC1000000 (header bit 2 in the graphics form). */
static void test_marker_spans(void **state) {
  (void)state;
  EXPECT(agc_dcb_set_marker_span(&cb, "frame!", 5, 0x12345678u), 0xC0011000u, 0x12345678u, 0u);
  setup(NULL);
  EXPECT(agc_acb_set_marker_span(&cb, "abc", 3, 9), 0xC0011000u, 9u, 0u);
  setup(NULL);
  EXPECT(agc_dcb_push_marker_span(&cb, "pass", 4, 0xFF), 0xC0017904u, 0x342u, 0xC1000000u);
  setup(NULL);
  EXPECT(agc_acb_push_marker_span(&cb, "pass", 4, 0xFF), 0xC0017900u, 0x342u, 0xC1000000u);
  setup(NULL);
  cb.cursor_down = cb.top = buf + 2;
  assert_null(agc_dcb_push_marker_span(&cb, "x", 1, 0));
  assert_int_equal(buf[0], FILL);
}

/* The packets run: the graphics queue and a compute queue take them; the slot holds the active
 * mask (SWAP), then loses the completed bit (AND); the marker register 0x342 (user config, byte
 * 0x30D08) keeps the last tag; SetMarker's NOP and a push/pop pair go by. */
static uint64_t table_lo;
static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx, (void)write;
  uint64_t lo = (uint64_t)(uintptr_t)buf, hi = lo + sizeof buf;
  if (addr >= lo && size <= hi - addr) return (void *)(uintptr_t)addr;
  if (addr >= table_lo && size <= table_lo + 0x200 - addr) return (void *)(uintptr_t)addr;
  return NULL;
}

static void test_runs(void **state) {
  (void)state;
  table_lo = agc_driver_workload_slot_address(0);
  const struct cp_ops ops = {.mem_map = mem_map};
  struct cp *cp = cp_create(&ops);
  assert_non_null(cp);
  assert_int_equal(agc_driver_register_workload_stream(2, descriptor), 0);
  const uint64_t *slot = (const uint64_t *)(uintptr_t)agc_driver_workload_slot_address(2);
  for (unsigned q = 0; q < 2; q++) {
    const unsigned queue = q ? cp_compute_queue(1, 2) : CP_GFX_QUEUE;
    setup(NULL);
    const uint32_t ids[] = {1, 4, 40}; /* mask 0x100_00000012 */
    assert_non_null(q ? agc_acb_set_workloads_active(&cb, 2, ids, 3)
                      : agc_dcb_set_workloads_active(&cb, 2, ids, 3));
    assert_non_null(q ? agc_acb_set_marker(&cb, "m", 1) : agc_dcb_set_marker(&cb, "m", 1));
    assert_non_null(q ? agc_acb_push_marker(&cb, "p") : agc_dcb_push_marker(&cb, "p"));
    assert_non_null(q ? agc_acb_pop_marker(&cb) : agc_dcb_pop_marker(&cb));
    assert_non_null(q ? agc_acb_set_workload_complete(&cb, 2, 4)
                      : agc_dcb_set_workload_complete(&cb, 2, 4));
    const uint32_t n = (uint32_t)(cb.cursor_up - buf);
    assert_int_equal(n, 18 + 3 + 3 + 3 + 12);
    assert_int_equal(cp_submit(cp, queue, (uint64_t)(uintptr_t)buf, n), 0);
    assert_true(cp_run_until_idle(cp, 10));
    assert_int_equal(cp_queue_status(cp, queue), CP_QUEUE_IDLE);
    assert_true(*slot == 0x0000010000000002ull);                    /* 0x100_00000012 & ~0x10 */
    assert_int_equal(cp_reg(cp, queue, 0x30D08u / 4), 0xCD000082u); /* 4 << 5 | 2 */
    setup(NULL);
    assert_non_null(q ? agc_acb_set_workload_stream_inactive(&cb, 2)
                      : agc_dcb_set_workload_stream_inactive(&cb, 2));
    assert_int_equal(cp_submit(cp, queue, (uint64_t)(uintptr_t)buf, 9), 0);
    assert_true(cp_run_until_idle(cp, 10));
    assert_int_equal(cp_queue_status(cp, queue), CP_QUEUE_IDLE);
    assert_int_equal(cp_reg(cp, queue, 0x30D08u / 4), 0xCC000002u);
    assert_true(*slot == 0x0000010000000002ull); /* the prefix alone leaves the slot */
    uint64_t value = 0;
    assert_int_equal(agc_driver_get_workload_stream_info(2, NULL, 0, &value), 0);
    assert_true(value == 0x0000010000000002ull);
  }
  cp_destroy(cp);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_sizes, setup_streams),
      cmocka_unit_test_setup(test_slot_table, setup_streams),
      cmocka_unit_test_setup(test_register, setup_streams),
      cmocka_unit_test_setup(test_dcb_active, setup_streams),
      cmocka_unit_test_setup(test_acb_active, setup_streams),
      cmocka_unit_test_setup(test_complete, setup_streams),
      cmocka_unit_test_setup(test_inactive, setup_streams),
      cmocka_unit_test_setup(test_refusals, setup_streams),
      cmocka_unit_test_setup(test_stream_info, setup_streams),
      cmocka_unit_test_setup(test_user_data, setup_streams),
      cmocka_unit_test_setup(test_room, setup_streams),
      cmocka_unit_test_setup(test_set_marker, setup_streams),
      cmocka_unit_test_setup(test_marker_spans, setup_streams),
      cmocka_unit_test_setup(test_runs, setup_streams),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
