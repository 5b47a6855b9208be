/* The GDS forms of the packets (src/gpu/cp/cp_exec_gds.c) against a fake global data share
 * (ops.gds_map over a 64 KiB array, GDS byte addresses). Packets are encoded here from the
 * public definitions (AMD's PAL GFX10 packet headers, the Linux amdgpu Navi header nvd.h,
 * Mesa's sid.h): DMA_DATA SRC_SEL/DST_SEL 1 with the GDS byte address in the address's low
 * dword (Mesa's GFX10 streamout: DST_ADDR_LO = 4 * i for GDS dword i), RELEASE_MEM DATA_SEL 5
 * and EVENT_WRITE_EOS COMMAND 1 with a GDS dword offset (15:0) and dword count (31:16)
 * (PAL GFX10's dw_offset/num_dwords, Mesa's EOP_DATA_GDS(i, 1) for GDS dword i), WRITE_DATA
 * DST_SEL 3 and COPY_DATA SRC/DST_SEL 3 with a 16-bit GDS address (read as bytes: docs).
 * The expected values follow from those definitions. */

#include "cp_test_pm4.h"

#define R_COMPUTE_USER_DATA_0 0xB900u
#define GDS_BYTES 0x10000u

#define MEM_BASE 0x200000000ull
#define MEM_SIZE (1u << 20)
#define STREAM MEM_BASE
#define TABLE (MEM_BASE + 0x10000)
#define OUT (MEM_BASE + 0x20000)
#include "cp_test_harness.h"

static uint8_t *gds;
static unsigned gds_calls, interrupts;
static uint64_t int_data;

static void *gds_map(void *ctx, uint32_t offset, uint32_t size) {
  (void)ctx;
  gds_calls++;
  if (offset > GDS_BYTES || size > GDS_BYTES - offset) return NULL;
  return gds + offset;
}
static void on_interrupt(void *ctx, unsigned queue, unsigned event, uint64_t data,
                         uint32_t context_id) {
  (void)context_id;
  (void)ctx, (void)queue, (void)event;
  interrupts++;
  int_data = data;
}
/* A dispatch standing for a shader that reads GDS dword 0 and writes it + 1 to dword 1
 * (the GDS is the one the packets reach: what ran before is seen, what runs after sees it) */
static void on_dispatch(void *ctx, const struct cp_dispatch *d) {
  (void)ctx, (void)d;
  uint32_t v;
  memcpy(&v, gds, 4);
  v++;
  memcpy(gds + 4, &v, 4);
}

static uint32_t gdw(uint32_t off) {
  uint32_t v;
  memcpy(&v, gds + off, 4);
  return v;
}
static void set_gdw(uint32_t off, uint32_t v) { memcpy(gds + off, &v, 4); }

static struct cp_ops gds_test_ops(bool with_gds) {
  return (struct cp_ops){.mem_map = mem_map,
                         .interrupt = on_interrupt,
                         .dispatch = on_dispatch,
                         .gds_map = with_gds ? gds_map : NULL};
}

static int setup(void **state) {
  (void)state;
  gds = calloc(1, GDS_BYTES);
  gds_calls = interrupts = 0;
  int_data = 0;
  const struct cp_ops ops = gds_test_ops(true);
  return cp_test_setup(&ops) == 0 && gds ? 0 : -1;
}
static int teardown(void **state) {
  free(gds);
  return cp_test_teardown(state);
}

/* Runs the whole stream on compute queue 0.0: its status after. */
static enum cp_queue_status run(void) {
  const unsigned q = cp_compute_queue(0, 0);
  cp_test_submit_run(q);
  return cp_queue_status(cp, q);
}
static void restart(void) {
  cp_queue_reset(cp, cp_compute_queue(0, 0));
  n = 0;
}

/* DMA_DATA control: DST_SEL (21:20), SRC_SEL (30:29); command: byte count + SAS/DAS/SAIC/DAIC */
#define DMA_CTL(src, dst) ((uint32_t)(src) << 29 | (uint32_t)(dst) << 20)
#define DAS (1u << 27)
#define SAS (1u << 26)

static void test_dma_data_gds(void **state) {
  (void)state;
  for (unsigned i = 0; i < 8; i++) dw(TABLE)[i] = 0x1000u + i;
  /* memory to GDS 0x100 (16 bytes), through L2 (SRC_SEL 3) to GDS 0x180 (8 bytes) */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(0, 1), LO(TABLE), HI(TABLE), 0x100u, 0u, 16u);
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(3, 1), LO(TABLE + 16), HI(TABLE + 16), 0x180u, 0u, 8u);
  /* a fill of GDS 0x200 (32 bytes), with DAS set as Mesa's older sid.h asks for GDS */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(2, 1), 0xA5A5A5A5u, 0u, 0x200u, 0u, 32u | DAS);
  /* GDS 0x100 to memory (16 bytes), GDS 0x180 through L2 (DST_SEL 3) */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 0), 0x100u, 0u, LO(OUT), HI(OUT), 16u);
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 3), 0x180u, 0u, LO(OUT + 16), HI(OUT + 16), 8u | SAS);
  /* GDS to GDS, overlapping: 0x100..0x10f to 0x104 */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 1), 0x100u, 0u, 0x104u, 0u, 16u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  for (unsigned i = 0; i < 4; i++) assert_int_equal(dw(OUT)[i], 0x1000u + i);
  assert_int_equal(dw(OUT)[4], 0x1004u);
  assert_int_equal(dw(OUT)[5], 0x1005u);
  assert_int_equal(dw(OUT)[6], 0);
  assert_int_equal(gdw(0x100), 0x1000u); /* memmove: the old bytes moved up one dword */
  for (unsigned i = 0; i < 4; i++) assert_int_equal(gdw(0x104 + 4 * i), 0x1000u + i);
  assert_int_equal(gdw(0x114), 0);
  for (unsigned i = 0; i < 8; i++) assert_int_equal(gdw(0x200 + 4 * i), 0xA5A5A5A5u);
  assert_int_equal(gdw(0x220), 0);
  assert_int_equal(gdw(0x1fc), 0);
}

static void test_dma_data_gds_errors(void **state) {
  (void)state;
  /* past the end of the GDS: stopped, nothing written */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(2, 1), 0x11111111u, 0u, GDS_BYTES - 16, 0u, 32u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  assert_int_equal(gdw(GDS_BYTES - 16), 0);
  restart();
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 0), GDS_BYTES - 4, 0u, LO(OUT), HI(OUT), 8u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  restart(); /* a GDS destination 4 GiB up: the low dword is the address, beyond the GDS */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(2, 1), 1u, 0u, 0x10000u, 0u, 4u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  restart(); /* from GDS to nowhere (DST_SEL 2) */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 2), 0u, 0u, 0u, 0u, 4u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  restart(); /* the memory side as registers (SAS with a memory source) */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(0, 1), LO(TABLE), HI(TABLE), 0u, 0u, 4u | SAS);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  restart(); /* a memory source that is not mapped */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(0, 1), LO(MEM_BASE + MEM_SIZE), HI(MEM_BASE), 0u, 0u, 4u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  restart(); /* a fill that is not whole dwords */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(2, 1), 1u, 0u, 0u, 0u, 6u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  for (unsigned i = 0; i < GDS_BYTES / 4; i++) assert_int_equal(gdw(4 * i), 0);
  restart(); /* 0 bytes: nothing, even from an offset past the end */
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 0), 0x20000u, 0u, LO(OUT), HI(OUT), 0u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
}

/* RELEASE_MEM DATA_SEL 5 / EVENT_WRITE_EOS COMMAND 1: GDS dwords to memory. */
static void test_release_mem_and_eos_gds(void **state) {
  (void)state;
  for (unsigned i = 0; i < 8; i++) set_gdw(4 * i, 0x500u + i);
  /* RELEASE_MEM BOTTOM_OF_PIPE_TS (0x28, index 5), DATA_SEL 5, INT_SEL 2: dwords 3 and 4 */
  putv(8, PKT3(RELEASE_MEM, 7), 0x28u | 5u << 8, 5u << 29 | 2u << 24, LO(OUT), HI(OUT),
       3u | 2u << 16, 0u, 0u);
  /* EVENT_WRITE_EOS CS_DONE (0x2F, index 6), COMMAND 1: dword 6, one dword */
  putv(5, PKT3(EVENT_WRITE_EOS, 4), 0x2Fu | 6u << 8, LO(OUT + 16), HI(OUT + 16) | 1u << 29,
       6u | 1u << 16);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0x503u);
  assert_int_equal(dw(OUT)[1], 0x504u);
  assert_int_equal(dw(OUT)[2], 0);
  assert_int_equal(dw(OUT + 16)[0], 0x506u);
  assert_int_equal(dw(OUT + 16)[1], 0);
  assert_int_equal(interrupts, 1);
  assert_int_equal(int_data, 0x503u); /* the first dword written */
  /* the GDS forms that stop: 0 dwords, past the end, a misaligned address, EOS COMMAND 0
     (store the append count: not public), an unmapped destination */
  const uint32_t bad[][3] = {{LO(OUT), 5u << 29, 3u},
                             {LO(OUT), 5u << 29, 0x3fffu | 2u << 16},
                             {LO(OUT + 2), 5u << 29, 1u << 16},
                             {LO(MEM_BASE + MEM_SIZE - 4), 5u << 29, 2u << 16}};
  for (unsigned i = 0; i < 4; i++) {
    restart();
    putv(8, PKT3(RELEASE_MEM, 7), 0x28u | 5u << 8, bad[i][1], bad[i][0], HI(OUT), bad[i][2], 0u,
         0u);
    assert_int_equal(run(), CP_QUEUE_STOPPED);
  }
  assert_int_equal(dw(OUT)[0], 0x503u); /* untouched by the failed ones */
  assert_int_equal(dw(OUT)[1], 0x504u);
  restart();
  putv(5, PKT3(EVENT_WRITE_EOS, 4), 0x2Fu | 6u << 8, LO(OUT + 32), HI(OUT + 32), 6u | 1u << 16);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  assert_int_equal(dw(OUT + 32)[0], 0);
  assert_int_equal(interrupts, 1);
}

/* WRITE_DATA DST_SEL 3 and COPY_DATA SRC/DST_SEL 3. */
static void test_write_and_copy_data_gds(void **state) {
  (void)state;
  /* WRITE_DATA to GDS 0x40: three dwords; WR_ONE_ADDR (16) to 0x80: the last stays */
  putv(7, PKT3(WRITE_DATA, 6), 3u << 8, 0x40u, 0u, 0x11u, 0x22u, 0x33u);
  putv(6, PKT3(WRITE_DATA, 5), 3u << 8 | 1u << 16, 0x80u, 0u, 0x44u, 0x55u);
  /* COPY_DATA immediate (5) to GDS 0x90, 64 bits (COUNT_SEL 16) */
  putv(6, PKT3(COPY_DATA, 5), 5u | 3u << 8 | 1u << 16, 0x89ABCDEFu, 0x01234567u, 0x90u, 0u);
  /* COPY_DATA GDS 0x44 to memory (5), 32 bits; GDS 0x90 to memory, 64 bits; GDS 0x48 to
     register COMPUTE_USER_DATA_0 (0); GDS 0x40 to GDS 0xA0 */
  putv(6, PKT3(COPY_DATA, 5), 3u | 5u << 8, 0x44u, 0u, LO(OUT), HI(OUT));
  putv(6, PKT3(COPY_DATA, 5), 3u | 5u << 8 | 1u << 16, 0x90u, 0u, LO(OUT + 8), HI(OUT + 8));
  putv(6, PKT3(COPY_DATA, 5), 3u, 0x48u, 0u, R_COMPUTE_USER_DATA_0 / 4, 0u);
  putv(6, PKT3(COPY_DATA, 5), 3u | 3u << 8, 0x40u, 0u, 0xA0u, 0u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(gdw(0x40), 0x11u);
  assert_int_equal(gdw(0x44), 0x22u);
  assert_int_equal(gdw(0x48), 0x33u);
  assert_int_equal(gdw(0x4c), 0);
  assert_int_equal(gdw(0x80), 0x55u);
  assert_int_equal(gdw(0x84), 0);
  assert_int_equal(gdw(0x90), 0x89ABCDEFu);
  assert_int_equal(gdw(0x94), 0x01234567u);
  assert_int_equal(dw(OUT)[0], 0x22u);
  assert_int_equal(dw(OUT + 8)[0], 0x89ABCDEFu);
  assert_int_equal(dw(OUT + 8)[1], 0x01234567u);
  assert_int_equal(cp_reg(cp, cp_compute_queue(0, 0), R_COMPUTE_USER_DATA_0 / 4), 0x33u);
  assert_int_equal(gdw(0xA0), 0x11u);
  /* a byte address that is not a dword's: the bytes from there */
  restart();
  putv(5, PKT3(WRITE_DATA, 4), 3u << 8, 0xC2u, 0u, 0x44332211u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(gdw(0xC0), 0x22110000u);
  assert_int_equal(gdw(0xC4), 0x00004433u);
  /* stopped: an out-of-range WRITE_DATA, a COPY_DATA past the end */
  restart();
  putv(6, PKT3(WRITE_DATA, 5), 3u << 8, 0xFFFCu, 0u, 1u, 2u);
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  assert_int_equal(gdw(0xFFFC), 0);
  restart();
  putv(6, PKT3(COPY_DATA, 5), 3u | 5u << 8 | 1u << 16, 0xFFFCu, 0u, LO(OUT), HI(OUT));
  assert_int_equal(run(), CP_QUEUE_STOPPED);
  assert_int_equal(dw(OUT)[0], 0x22u);
}

/* The packets and the dispatches reach one GDS, in packet order: the dispatch sees what
 * WRITE_DATA wrote before it, the DMA_DATA after it sees what it wrote. */
static void test_ordered_with_dispatches(void **state) {
  (void)state;
  putv(5, PKT3(WRITE_DATA, 4), 3u << 8, 0u, 0u, 41u);
  putv(5, PKT3(DISPATCH_DIRECT, 4), 1u, 1u, 1u, 1u);
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 0), 0u, 0u, LO(OUT), HI(OUT), 8u);
  putv(5, PKT3(WRITE_DATA, 4), 3u << 8, 0u, 0u, 99u);
  putv(5, PKT3(DISPATCH_DIRECT, 4), 1u, 1u, 1u, 1u);
  putv(8, PKT3(RELEASE_MEM, 7), 0x28u | 5u << 8, 5u << 29, LO(OUT + 8), HI(OUT + 8), 1u | 1u << 16,
       0u, 0u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 41u);
  assert_int_equal(dw(OUT)[1], 42u);
  assert_int_equal(dw(OUT + 8)[0], 100u);
}

/* Without ops.gds_map every GDS form stops the queue (the memory forms still run). */
static void test_no_gds_op(void **state) {
  (void)state;
  cp_destroy(cp);
  const struct cp_ops ops = gds_test_ops(false);
  cp = cp_create(&ops);
  assert_non_null(cp);
  const uint32_t forms[][8] = {
      {PKT3(DMA_DATA, 6), DMA_CTL(2, 1), 1u, 0u, 0u, 0u, 4u},
      {PKT3(DMA_DATA, 6), DMA_CTL(1, 0), 0u, 0u, LO(OUT), HI(OUT), 4u},
      {PKT3(RELEASE_MEM, 7), 0x28u | 5u << 8, 5u << 29, LO(OUT), HI(OUT), 1u << 16, 0u, 0u},
      {PKT3(EVENT_WRITE_EOS, 4), 0x2Fu | 6u << 8, LO(OUT), HI(OUT) | 1u << 29, 1u << 16},
      {PKT3(WRITE_DATA, 4), 3u << 8, 0u, 0u, 1u},
      {PKT3(COPY_DATA, 5), 3u | 5u << 8, 0u, 0u, LO(OUT), HI(OUT)},
      {PKT3(COPY_DATA, 5), 5u | 3u << 8, 7u, 0u, 0u, 0u},
  };
  const unsigned len[] = {7, 7, 8, 5, 5, 6, 6};
  for (unsigned i = 0; i < 7; i++) {
    restart();
    for (unsigned k = 0; k < len[i]; k++) dw(STREAM)[n++] = forms[i][k];
    assert_int_equal(run(), CP_QUEUE_STOPPED);
  }
  assert_int_equal(dw(OUT)[0], 0);
  assert_int_equal(gds_calls, 0);
  restart();
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT), HI(OUT), 7u);
  assert_int_equal(run(), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 7u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_dma_data_gds, setup, teardown),
      cmocka_unit_test_setup_teardown(test_dma_data_gds_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_release_mem_and_eos_gds, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_and_copy_data_gds, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ordered_with_dispatches, setup, teardown),
      cmocka_unit_test_setup_teardown(test_no_gds_op, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
