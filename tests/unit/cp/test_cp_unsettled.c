/* The packets and packet forms the command processor stops on because their meaning is not
 * public (docs/gpu-cp.md, the two tables after the packet list), in one table: each one,
 * encoded from the public layouts (AMD's PAL GFX10 ME/PFP/MEC packet headers, its SI/CI/VI
 * header), must stop its queue with nothing written (memory, the GDS, the semaphore, the
 * registers it names), leave another queue running, and let its own queue run again after
 * cp_queue_reset. A form the CP ran by mistake would write its target: the test fails. */

#include "cp_test_pm4.h"

#define GDS_BYTES 0x10000u

#define MEM_BASE 0x300000000ull
#define MEM_SIZE (1u << 20)
#define STREAM MEM_BASE
#define OUT (MEM_BASE + 0x40000) /* every form's memory target */
#define SRC (MEM_BASE + 0x41000) /* sources holding non-zero data */
#include "cp_test_harness.h"

#define R_COMPUTE_USER_DATA_0 0xB900u
#define ATOMIC_GDS 0x1Du
#define DMA_DATA_FILL_MULTI 0x9Au

static uint8_t *gds;

static void *gds_map(void *ctx, uint32_t offset, uint32_t size) {
  (void)ctx;
  if (offset > GDS_BYTES || size > GDS_BYTES - offset) return NULL;
  return gds + offset;
}

static int setup(void **state) {
  (void)state;
  gds = calloc(1, GDS_BYTES);
  const struct cp_ops ops = {.mem_map = mem_map, .gds_map = gds_map};
  if (cp_test_setup(&ops) != 0 || !gds) return -1;
  for (unsigned i = 0; i < 64; i++) dw(SRC)[i] = 0xA5000000u + i;
  for (unsigned i = 0; i < 64; i++) memcpy(gds + 4 * i, &(uint32_t){0x5A000000u + i}, 4);
  return 0;
}
static int teardown(void **state) {
  free(gds);
  return cp_test_teardown(state);
}

/* One form: its name (for the failure message) and its dwords (header included). */
struct form {
  const char *what;
  unsigned n;
  uint32_t w[12];
};

#define WD(sel) PKT3(WRITE_DATA, 4), (sel) << 8, LO(OUT), HI(OUT), 0x1234
#define CD(src, dst) PKT3(COPY_DATA, 5), (src) | (dst) << 8, LO(SRC), HI(SRC), LO(OUT), HI(OUT)
#define RM(data_sel, int_sel)                                                                    \
  PKT3(RELEASE_MEM, 7), 0x28 | 5u << 8, (data_sel) << 29 | (int_sel) << 24, LO(OUT), HI(OUT), 7, \
      0, 1
#define EOS(cmd) \
  PKT3(EVENT_WRITE_EOS, 4), 0x2F | 6u << 8, LO(OUT), HI(OUT) | (cmd) << 29, 0x00010000
/* ATOMIC_GDS: ATOM_OP, CMP_SWAP/COMPLETE/READ/RD_CNTL; AUTO_INC_BYTES, DMODE; ATOM_BASE;
 * ATOM_SIZE; OFFSET0/1; ATOM_DST; SRC0, SRC0_U, SRC1, SRC1_U (PAL's PM4_ME_ATOMIC_GDS) */
#define AGDS(op) PKT3(ATOMIC_GDS, 10), (op) | 1u << 18, 0, 0, 0x100, 0, 0, 1, 0, 0, 0

static const struct form forms[] = {
    /* ATOMIC_GDS: the layout is public, what ATOM_OP's values do is not */
    {"ATOMIC_GDS op 0", 11, {AGDS(0)}},
    {"ATOMIC_GDS op 0x20", 11, {AGDS(0x20)}},
    {"ATOMIC_GDS op 0x7F", 11, {AGDS(0x7F)}},
    {"ATOMIC_GDS with 9 body dwords", 10, {PKT3(ATOMIC_GDS, 9), 0, 0, 0, 0x100, 0, 0, 1, 0, 0}},
    /* COPY_DATA: performance counters, the GDS atomic's return data, undefined selectors */
    {"COPY_DATA source 4", 6, {CD(4, 5)}},
    {"COPY_DATA source 7", 6, {CD(7, 5)}},
    {"COPY_DATA source 8", 6, {CD(8, 5)}},
    {"COPY_DATA source 11", 6, {CD(11, 5)}},
    {"COPY_DATA source 12", 6, {CD(12, 5)}},
    {"COPY_DATA source 15", 6, {CD(15, 5)}},
    {"COPY_DATA destination 4", 6, {CD(1, 4)}},
    {"COPY_DATA destination 6", 6, {CD(1, 6)}},
    {"COPY_DATA destination 7", 6, {CD(1, 7)}},
    {"COPY_DATA destination 15", 6, {CD(1, 15)}},
    /* WRITE_DATA: the MEC's ADC persistent state, undefined selectors */
    {"WRITE_DATA destination 4", 5, {WD(4)}},
    {"WRITE_DATA destination 6", 5, {WD(6)}},
    {"WRITE_DATA destination 7", 5, {WD(7)}},
    {"WRITE_DATA destination 15", 5, {WD(15)}},
    /* RELEASE_MEM: the conditional interrupts, INT_SEL 7, DATA_SEL 6 (GFX11) and 7 */
    {"RELEASE_MEM INT_SEL 5", 8, {RM(1, 5)}},
    {"RELEASE_MEM INT_SEL 6", 8, {RM(2, 6)}},
    {"RELEASE_MEM INT_SEL 7", 8, {RM(1, 7)}},
    {"RELEASE_MEM DATA_SEL 6", 8, {RM(6, 0)}},
    {"RELEASE_MEM DATA_SEL 7", 8, {RM(7, 0)}},
    /* EVENT_WRITE_EOS: the append count, undefined commands */
    {"EVENT_WRITE_EOS COMMAND 0", 5, {EOS(0)}},
    {"EVENT_WRITE_EOS COMMAND 3", 5, {EOS(3)}},
    {"EVENT_WRITE_EOS COMMAND 7", 5, {EOS(7)}},
    /* COND_WRITE to the scratch RAM (WRITE_SPACE 2) and 3, the poll always true */
    {"COND_WRITE WRITE_SPACE 2",
     9,
     {PKT3(COND_WRITE, 8), 0 | 1u << 4 | 2u << 8, LO(SRC), HI(SRC), 0, 0, LO(OUT), HI(OUT), 9}},
    {"COND_WRITE WRITE_SPACE 3",
     9,
     {PKT3(COND_WRITE, 8), 0 | 1u << 4 | 3u << 8, LO(SRC), HI(SRC), 0, 0, LO(OUT), HI(OUT), 9}},
    /* SET_SH_REG_OFFSET INDEX 1 ("data indirect, 2 dwords, 256 bytes") and 3 */
    {"SET_SH_REG_OFFSET INDEX 1",
     4,
     {PKT3(SET_SH_REG_OFFSET, 3), SH_OFF(R_COMPUTE_USER_DATA_0) | 1u << 30, 0x10, 0}},
    {"SET_SH_REG_OFFSET INDEX 3",
     4,
     {PKT3(SET_SH_REG_OFFSET, 3), SH_OFF(R_COMPUTE_USER_DATA_0) | 3u << 30, 0x10, 0}},
    /* MEM_SEMAPHORE signal with USE_MAILBOX */
    {"MEM_SEMAPHORE USE_MAILBOX",
     4,
     {PKT3(MEM_SEMAPHORE, 3), LO(OUT), HI(OUT), 6u << 29 | 1u << 16}},
    /* DMA_DATA_FILL_MULTI: SRC_SEL 2 "data" without a data dword, DST_SEL 3 */
    {"DMA_DATA_FILL_MULTI",
     7,
     {PKT3(DMA_DATA_FILL_MULTI, 6), 3u << 20 | 2u << 29, 16, 2, LO(OUT), HI(OUT), 8}},
    /* SET_BASE 2 and 3 in the draw engine's stream (GFX10's PFP BASE_INDEX has 0, 1, 4, 5) */
    {"SET_BASE 2", 4, {PKT3(SET_BASE, 3), 2, LO(SRC), HI(SRC)}},
    {"SET_BASE 3", 4, {PKT3(SET_BASE, 3), 3, LO(SRC), HI(SRC)}},
};

/* Every form, on the graphics queue (SET_BASE 2/3 and the rest) or a compute queue: stopped,
 * nothing written, the other queue still runs, and a reset lets the queue run again. */
static void test_each_form_stops(void **state) {
  (void)state;
  const unsigned cq = cp_compute_queue(0, 0), other = cp_compute_queue(1, 0);
  for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
    const struct form *fm = &forms[i];
    unsigned q = strncmp(fm->what, "SET_BASE", 8) == 0 ? 0 : cq;
    uint8_t gds_before[256];
    memcpy(gds_before, gds, sizeof(gds_before));
    memset(dw(OUT), 0, 64);
    uint32_t user0 = reg(q, R_COMPUTE_USER_DATA_0);
    for (unsigned k = 0; k < fm->n; k++) putv(1, fm->w[k]);
    if (run_on(q) != CP_QUEUE_STOPPED) fail_msg("%s did not stop its queue", fm->what);
    for (unsigned k = 0; k < 16; k++)
      if (dw(OUT)[k] != 0) fail_msg("%s wrote 0x%08x at dword %u", fm->what, dw(OUT)[k], k);
    if (memcmp(gds_before, gds, sizeof(gds_before)) != 0) fail_msg("%s changed the GDS", fm->what);
    if (reg(q, R_COMPUTE_USER_DATA_0) != user0) fail_msg("%s wrote a register", fm->what);
    /* another queue runs a label */
    putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT + 0x100), HI(OUT + 0x100), (uint32_t)i + 1);
    assert_int_equal(run_idle_on(other), CP_QUEUE_IDLE);
    assert_int_equal(dw(OUT + 0x100)[0], (uint32_t)i + 1);
    /* the stopped queue takes no work until it is reset, then runs again */
    assert_int_not_equal(cp_submit(cp, q, STREAM, 5), 0);
    cp_queue_reset(cp, q);
    putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT + 0x200), HI(OUT + 0x200), (uint32_t)i + 0x100);
    assert_int_equal(run_idle_on(q), CP_QUEUE_IDLE);
    assert_int_equal(dw(OUT + 0x200)[0], (uint32_t)i + 0x100);
  }
}

/* The forms next to the stopped COPY_DATA sources run: source 1 (memory) copies, source 6
 * (ATOMIC_MEM's return data: none returned yet, so 0) copies, source 7 right after them (the
 * GDS atomic's return data 0) stops with its destination untouched. */
static void test_copy_data_neighbours(void **state) {
  (void)state;
  const unsigned q = cp_compute_queue(0, 0);
  putv(6, PKT3(COPY_DATA, 5), 1u | 5u << 8, LO(SRC), HI(SRC), LO(OUT), HI(OUT));
  putv(6, PKT3(COPY_DATA, 5), 6u | 5u << 8, 0, 0, LO(OUT + 4), HI(OUT + 4));
  putv(6, PKT3(COPY_DATA, 5), 7u | 5u << 8, 0, 0, LO(OUT + 8), HI(OUT + 8));
  dw(OUT + 4)[0] = 0xFFFFFFFFu;
  assert_int_equal(run_on(q), CP_QUEUE_STOPPED);
  assert_int_equal(dw(OUT)[0], 0xA5000000u);
  assert_int_equal(dw(OUT + 4)[0], 0);
  assert_int_equal(dw(OUT + 8)[0], 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_each_form_stops, setup, teardown),
      cmocka_unit_test_setup_teardown(test_copy_data_neighbours, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
