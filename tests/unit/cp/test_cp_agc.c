/* The command processor and Sony's driver packets carried in NOP (agc_packets.def): a NOP
 * (opcode 0x10) whose header bits 7:2 hold the sub-selector. RELEASE_MEM (0x18), WRITE_DATA
 * (0x15) and ACQUIRE_MEM (0x14) run as the GFX10 packets they stand for; the markers
 * (0x0B, 0x0C) do nothing; the others go to ops.agc_packet; a malformed one stops its queue.
 * Packets are encoded here from the layouts (docs/agc.md), expected effects follow from what
 * the GFX10 packets are defined to do. */

#include "cp_test_pm4.h"

#define MEM_BASE 0x300000000ull
#define MEM_SIZE (1u << 16)
#define STREAM MEM_BASE
#define LABEL (MEM_BASE + 0x8000)
#include "cp_test_harness.h"

static struct {
  unsigned interrupts, event, agc, agc_sub, acquires;
  uint64_t data, acq_base, acq_size;
} rec;
static void on_interrupt(void *ctx, unsigned queue, unsigned event, uint64_t data,
                         uint32_t context_id) {
  (void)context_id;
  (void)ctx;
  (void)queue;
  rec.interrupts++;
  rec.event = event;
  rec.data = data;
}
static void on_agc(void *ctx, unsigned queue, unsigned sub, const uint32_t *b, unsigned n) {
  (void)ctx;
  (void)queue;
  (void)b;
  (void)n;
  rec.agc++;
  rec.agc_sub = sub;
}
static void on_acquire(void *ctx, unsigned queue, uint64_t base, uint64_t size) {
  (void)ctx;
  (void)queue;
  rec.acquires++;
  rec.acq_base = base;
  rec.acq_size = size;
}

/* video out as WAIT_FLIP_DONE sees it: pending[handle][index], handles 1 and 2 exist */
static int pending[3][16];
static unsigned flip_queries;
static int flip_pending(void *ctx, uint32_t handle, uint32_t index) {
  (void)ctx;
  flip_queries++;
  if (handle < 1 || handle > 2 || index > 15) return -1;
  return pending[handle][index];
}

static int setup(void **state) {
  (void)state;
  memset(&rec, 0, sizeof rec);
  memset(pending, 0, sizeof pending);
  flip_queries = 0;
  const struct cp_ops ops = {.mem_map = mem_map,
                             .interrupt = on_interrupt,
                             .agc_packet = on_agc,
                             .acquire = on_acquire,
                             .flip_pending = flip_pending};
  return cp_test_setup(&ops);
}
/* Runs the whole stream again on the graphics queue: its status after. */
static enum cp_queue_status run(void) {
  cp_test_submit_run(CP_GFX_QUEUE);
  return cp_queue_status(cp, CP_GFX_QUEUE);
}

/* RELEASE_MEM: action CS_DONE (0x2F), data select 1 (32 bits) / 2 (64 bits), interrupt 2. */
static void test_release_mem(void **state) {
  (void)state;
  putv(8, DRV(0x18u, 7), 0x2Fu, 1u << 16 | 2u << 24, LO(LABEL), HI(LABEL), 0xC0FFEE01u, 0xAAu, 0u);
  putv(8, DRV(0x18u, 7), 0x28u, 2u << 16, LO(LABEL + 8), HI(LABEL + 8), 0x11223344u, 0x55667788u,
       0u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(dw(LABEL)[0], 0xC0FFEE01u);
  assert_int_equal(dw(LABEL)[1], 0); /* 32 bits only */
  assert_int_equal(dw(LABEL + 8)[0], 0x11223344u);
  assert_int_equal(dw(LABEL + 8)[1], 0x55667788u);
  assert_int_equal(rec.interrupts, 1); /* the second has no interrupt */
  assert_int_equal(rec.event, 0x2F);
  assert_int_equal(rec.data, 0xC0FFEE01u);
  assert_int_equal(cp_queue_stats(cp, CP_GFX_QUEUE).agc_packets, 2);
}

/* WRITE_DATA: destination 5 (memory); increment 1 writes consecutive dwords, 0 one address. */
static void test_write_data(void **state) {
  (void)state;
  putv(7, DRV(0x15u, 6), 5u | 1u << 16, LO(LABEL), HI(LABEL), 1u, 2u, 3u);
  putv(6, DRV(0x15u, 5), 5u, LO(LABEL + 16), HI(LABEL + 16), 7u, 9u);
  putv(4, DRV(0x15u, 3), 5u | 1u << 16, LO(LABEL + 32), HI(LABEL + 32)); /* no data */
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(dw(LABEL)[0], 1);
  assert_int_equal(dw(LABEL)[1], 2);
  assert_int_equal(dw(LABEL)[2], 3);
  assert_int_equal(dw(LABEL + 16)[0], 9); /* both to the one address: the last stays */
  assert_int_equal(dw(LABEL + 16)[1], 0);
  assert_int_equal(dw(LABEL + 32)[0], 0);
}

/* ACQUIRE_MEM: the GFX10 body (size and base in 256-byte units). */
static void test_acquire_mem(void **state) {
  (void)state;
  putv(8, DRV(0x14u, 7), 0u, 0x10u, 0u, 0x123u, 0u, 10u, 0u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(rec.acquires, 1);
  assert_int_equal(rec.acq_base, 0x12300u);
  assert_int_equal(rec.acq_size, 0x1000u);
}

/* WAIT_MEM_32 / WAIT_MEM_64 (memory, function 3 "equal"): the queue blocks until the label
 * holds the reference, then the WRITE_DATA after the wait runs. */
static void test_wait_mem(void **state) {
  (void)state;
  putv(7, DRV(0x0Au, 6), LO(LABEL), HI(LABEL), 0xFFu, 5u, 0x13u, 1u);
  putv(5, DRV(0x15u, 4), 5u, LO(LABEL + 4), HI(LABEL + 4), 1u);
  putv(9, DRV(0x16u, 8), LO(LABEL + 8), HI(LABEL + 8), 0xFFFFFFFFu, 0xFFFFFFFFu, 7u, 9u,
       0x13u | 1u << 8, 1u);
  putv(5, DRV(0x15u, 4), 5u, LO(LABEL + 16), HI(LABEL + 16), 2u);
  assert_int_equal(run(), CP_QUEUE_BLOCKED);
  assert_int_equal(dw(LABEL + 4)[0], 0);
  dw(LABEL)[0] = 0x105; /* masked with 0xFF: 5 */
  cp_run_until_idle(cp, 10);
  assert_int_equal(dw(LABEL + 4)[0], 1);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(dw(LABEL + 16)[0], 0);
  dw(LABEL + 8)[0] = 7;
  dw(LABEL + 8)[1] = 9;
  cp_run_until_idle(cp, 10);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(LABEL + 16)[0], 2);
}

/* WAIT_FLIP_DONE (sub 0x06; the console's packet is 7 dwords, header 0xC0051018: handle,
 * buffer index, 4 reserved): the graphics queue waits while video out has a flip of buffer
 * 3 of port 1 queued, a compute queue goes on meanwhile; once the flip is done the writes
 * after the wait run. A port or buffer that does not exist is not waited on; a body without
 * the index is malformed. */
static void test_wait_flip_done(void **state) {
  (void)state;
  assert_int_equal(DRV(0x06u, 6), 0xC0051018u);
  pending[1][3] = 1;
  putv(5, PKT3(0x37u, 4), 5u << 8, LO(LABEL), HI(LABEL), 1u); /* WRITE_DATA, memory */
  putv(7, DRV(0x06u, 6), 1u, 3u, 0u, 0u, 0u, 0u);
  putv(5, PKT3(0x37u, 4), 5u << 8, LO(LABEL + 4), HI(LABEL + 4), 2u);
  putv(7, DRV(0x06u, 6), 1u, 4u, 0u, 0u, 0u, 0u); /* buffer 4: nothing queued */
  putv(7, DRV(0x06u, 6), 9u, 0u, 0u, 0u, 0u, 0u); /* no port 9: not waited on */
  putv(5, PKT3(0x37u, 4), 5u << 8, LO(LABEL + 8), HI(LABEL + 8), 3u);
  uint32_t other = n;
  putv(5, PKT3(0x37u, 4), 5u << 8, LO(LABEL + 12), HI(LABEL + 12), 4u);
  const unsigned cq = cp_compute_queue(0, 1);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, STREAM, other), 0);
  assert_int_equal(cp_submit(cp, cq, STREAM + other * 4, n - other), 0);
  cp_run_until_idle(cp, 20);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_IDLE);
  assert_int_equal(dw(LABEL)[0], 1);
  assert_int_equal(dw(LABEL)[1], 0); /* behind the wait */
  assert_int_equal(dw(LABEL)[3], 4); /* the compute queue went on */
  assert_true(flip_queries >= 2);    /* asked again on every pass */
  pending[1][3] = 0;                 /* video out did the flip */
  cp_run_until_idle(cp, 20);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(LABEL)[1], 2);
  assert_int_equal(dw(LABEL)[2], 3);
  assert_int_equal(cp_queue_stats(cp, CP_GFX_QUEUE).agc_packets, 3);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  putv(2, DRV(0x06u, 1), 1u); /* the index missing */
  assert_int_equal(run(), CP_QUEUE_STOPPED);
}

/* The register tables (sceAgcDcbSet*RegistersIndirect): (offset in the space, value) pairs.
 * Driver packets SH/CX/UC_REGS_INDIRECT (0x11-0x13: count, table address) and the GFX10
 * LOAD_*_REG_INDEX with DATA_FORMAT 1 (header 0xC0039F00 for the context space: address lo,
 * hi, 0x80000000, count, as the console's builder writes it) load them; a pair past the
 * space stops the queue before any register is written. */
#define TABLE (MEM_BASE + 0x9000)
static void put_pairs(uint64_t at, unsigned count, ...) {
  va_list ap;
  va_start(ap, count);
  for (unsigned i = 0; i < count * 2; i++) dw(at)[i] = va_arg(ap, uint32_t);
  va_end(ap);
}
static void test_regs_indirect(void **state) {
  (void)state;
  put_pairs(TABLE, 2, 0x240u, 0x11u, 0x241u, 0x22u);         /* COMPUTE_USER_DATA_0, 1 */
  put_pairs(TABLE + 0x100, 1, 0x001u, 0x33u);                /* context 0xA001 */
  put_pairs(TABLE + 0x200, 1, 0x242u, 4u);                   /* VGT_PRIMITIVE_TYPE */
  put_pairs(TABLE + 0x300, 2, 0x002u, 0x44u, 0x003u, 0x55u); /* context 0xA002, 0xA003 */
  putv(4, DRV(0x11u, 3), 2u, LO(TABLE), HI(TABLE));
  putv(4, DRV(0x12u, 3), 1u, LO(TABLE + 0x100), HI(TABLE + 0x100));
  putv(4, DRV(0x13u, 3), 1u, LO(TABLE + 0x200), HI(TABLE + 0x200));
  assert_int_equal(PKT3(0x9Fu, 4), 0xC0039F00u);
  putv(5, PKT3(0x9Fu, 4), LO(TABLE + 0x300), HI(TABLE + 0x300), 0x80000000u, 2u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0x2C00 + 0x240), 0x11);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0x2C00 + 0x241), 0x22);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xA001), 0x33);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xC242), 4);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xA002), 0x44);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xA003), 0x55);
  assert_int_equal(rec.agc, 0); /* run, not handed on */
  /* the second pair's offset is past the SH space (0x400 dwords): nothing written */
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  put_pairs(TABLE + 0x400, 2, 0x242u, 0x66u, 0x400u, 0x77u);
  putv(4, DRV(0x11u, 3), 2u, LO(TABLE + 0x400), HI(TABLE + 0x400));
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0x2C00 + 0x242), 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  putv(3, DRV(0x12u, 2), 1u, LO(TABLE)); /* the address's high half missing */
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  putv(4, DRV(0x12u, 3), 1u, LO(MEM_BASE + MEM_SIZE), HI(MEM_BASE + MEM_SIZE)); /* unmapped */
  assert_int_equal(run(), CP_QUEUE_STOPPED);
}

/* DMA_DATA (0x19, sceAgcDcbDmaData's packet): byte count, destination, source. Memory to
 * memory (source/destination 0) copies the bytes; source 2 fills with the dword; GDS (1),
 * here without a GDS (no ops.gds_map: unit.cp_gds runs the GDS forms), and a short body stop
 * the queue. */
static void test_dma_data(void **state) {
  (void)state;
  for (unsigned i = 0; i < 16; i++) dw(TABLE)[i] = 0x1000u + i;
  putv(8, DRV(0x19u, 7), 0u, 0u, 64u, LO(LABEL), HI(LABEL), LO(TABLE), HI(TABLE));
  putv(8, DRV(0x19u, 7), 2u << 16, 0u, 32u, LO(LABEL + 0x100), HI(LABEL + 0x100), 0xDEADBEEFu, 0u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  for (unsigned i = 0; i < 16; i++) assert_int_equal(dw(LABEL)[i], 0x1000u + i);
  for (unsigned i = 0; i < 8; i++) assert_int_equal(dw(LABEL + 0x100)[i], 0xDEADBEEFu);
  assert_int_equal(dw(LABEL + 0x100)[8], 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  putv(8, DRV(0x19u, 7), 1u << 16, 0u, 16u, LO(LABEL + 0x200), HI(LABEL + 0x200), 0u, 0u);
  assert_int_equal(run(), CP_QUEUE_STOPPED); /* from GDS */
  assert_int_equal(dw(LABEL + 0x200)[0], 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  putv(7, DRV(0x19u, 6), 0u, 0u, 16u, LO(LABEL + 0x200), HI(LABEL + 0x200), LO(TABLE));
  assert_int_equal(run(), CP_QUEUE_STOPPED);
}

/* Markers run nothing; DRAW_RESET (0x05) runs in the command processor (test_cp_load_regs.c);
 * unknown subs go to ops.agc_packet. */
static void test_markers_and_others(void **state) {
  (void)state;
  putv(3, DRV(0x0Bu, 2), 0x64636261u, 0u); /* "abcd" */
  putv(2, DRV(0x0Cu, 1), 0u);
  putv(2, DRV(0x05u, 1), 0u);
  putv(2, DRV(0x3Fu, 1), 0u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(rec.agc, 1);
  assert_int_equal(rec.agc_sub, 0x3F);
  assert_int_equal(cp_queue_stats(cp, CP_GFX_QUEUE).agc_packets, 4);
}

/* A RELEASE_MEM with a short body, or an action wider than EVENT_TYPE: the queue stops. */
static void test_malformed(void **state) {
  (void)state;
  putv(7, DRV(0x18u, 6), 0x2Fu, 1u << 16, LO(LABEL), HI(LABEL), 5u, 0u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  assert_int_equal(dw(LABEL)[0], 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  putv(8, DRV(0x18u, 7), 0x40u, 1u << 16, LO(LABEL), HI(LABEL), 5u, 0u, 0u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  assert_int_equal(dw(LABEL)[0], 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  n = 0;
  putv(3, DRV(0x15u, 2), 5u, LO(LABEL)); /* WRITE_DATA without its address's high half */
  assert_int_equal(run(), CP_QUEUE_STOPPED);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_release_mem, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_write_data, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_acquire_mem, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_wait_mem, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_wait_flip_done, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_regs_indirect, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_dma_data, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_markers_and_others, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_malformed, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
