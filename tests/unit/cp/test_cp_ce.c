/* Command processor tests: the constant engine (CE) of the graphics queue. Packets are encoded
 * here from AMD's public GFX10 CE and ME packet definitions (PAL's headers); the expected
 * values follow from those definitions and PAL's notes on the counters:
 * - INDIRECT_BUFFER_CNST (0x33, 3): IB_BASE lo (31:2), hi, IB_SIZE (19:0) + CHAIN (20).
 * - WRITE_CONST_RAM (0x81, 1 + n): OFFSET (15:0, bytes into CE RAM), the data.
 * - LOAD_CONST_RAM (0x80, 4): ADDR lo, hi, NUM_DW (14:0), START_ADDR (15:0, bytes).
 * - DUMP_CONST_RAM (0x83, 4): OFFSET (15:0) + INCREMENT_CE (30) + INCREMENT_CS (31), NUM_DW
 *   (14:0), ADDR lo, hi. DUMP_CONST_RAM_OFFSET (0x9E, 3): the same with ADDR_OFFSET from the
 *   CE's SET_BASE index 2 (0x11: BASE_INDEX, ADDRESS lo (31:3), hi).
 * - INCREMENT_CE_COUNTER (0x84, 1): CNTRSEL (1:0), 1 the CE counter.
 * - INCREMENT_DE_COUNTER (0x85, 1), WAIT_ON_CE_COUNTER (0x86, 1): "stall the DE until the CE
 *   counter is positive, then decrement the CE counter".
 * - WAIT_ON_DE_COUNTER_DIFF (0x88, 1): DIFF: "stall the CE until it is less than DIFF draws
 *   ahead of the DE".
 * CE RAM is 65536 bytes on GFX10 (the Linux amdgpu driver's CE RAM size). */
#include <stdio.h>

#include "cp_test_pm4.h"

#define INC_CE (1u << 30)

#define MEM_BASE 0x400000000ull
#define MEM_SIZE (1u << 20)
#define STREAM MEM_BASE
#define CE1 (MEM_BASE + 0x10000) /* CE buffers */
#define CE2 (MEM_BASE + 0x11000)
#define CE3 (MEM_BASE + 0x12000)
#define SRC (MEM_BASE + 0x20000)   /* LOAD_CONST_RAM's source */
#define OUT (MEM_BASE + 0x30000)   /* dumps */
#define BASE2 (MEM_BASE + 0x40000) /* CE SET_BASE 2 */
#include "cp_test_harness.h"

static uint32_t ce_n[3];
static const uint64_t ce_at[3] = {CE1, CE2, CE3};

static int setup(void **state) {
  (void)state;
  memset(ce_n, 0, sizeof ce_n);
  const struct cp_ops ops = {.mem_map = mem_map};
  return cp_test_setup(&ops);
}
/* appends to CE buffer K */
static void cev(unsigned k, unsigned count, ...) {
  va_list ap;
  va_start(ap, count);
  for (unsigned i = 0; i < count; i++) dw(ce_at[k])[ce_n[k]++] = va_arg(ap, uint32_t);
  va_end(ap);
}
/* INDIRECT_BUFFER_CNST of CE buffer K, in the queue's stream */
static void ib_cnst(unsigned k) {
  putv(4, PKT3(INDIRECT_BUFFER_CNST, 3), LO(ce_at[k]), HI(ce_at[k]), ce_n[k]);
}
static void dump(unsigned k, uint32_t ctl, uint32_t count, uint64_t to) {
  cev(k, 5, PKT3(DUMP_CONST_RAM, 4), ctl, count, LO(to), HI(to));
}

/* CE RAM: written from the packet, loaded from memory, dumped to an address and to SET_BASE 2's
 * base + an offset; each dump with INCREMENT_CE and the CE counter packet let one DE wait
 * through (three here), a fourth wait blocks. */
static void test_ce_ram(void **state) {
  (void)state;
  for (unsigned i = 0; i < 8; i++) dw(SRC)[i] = 0x100u + i;
  cev(0, 5, PKT3(WRITE_CONST_RAM, 4), 0x100u, 0xA0u, 0xA1u, 0xA2u);
  cev(0, 5, PKT3(LOAD_CONST_RAM, 4), LO(SRC), HI(SRC), 8u, 0x200u);
  dump(0, 0x100u | INC_CE, 3, OUT);
  cev(0, 4, PKT3(SET_BASE, 3), 2u, LO(BASE2), HI(BASE2));
  cev(0, 4, PKT3(DUMP_CONST_RAM_OFFSET, 3), 0x204u | INC_CE, 6u, 0x40u);
  cev(0, 2, PKT3(INCREMENT_CE_COUNTER, 1), 1u);
  ib_cnst(0);
  for (unsigned i = 0; i < 3; i++) putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0xA0u);
  assert_int_equal(dw(OUT)[1], 0xA1u);
  assert_int_equal(dw(OUT)[2], 0xA2u);
  assert_int_equal(dw(OUT)[3], 0);
  for (unsigned i = 0; i < 6; i++) assert_int_equal(dw(BASE2 + 0x40)[i], 0x101u + i);
  assert_int_equal(dw(BASE2 + 0x40)[6], 0);
  assert_int_equal(cp_queue_stats(cp, 0).ce_packets, 6);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
}

/* The counters order the two streams: the CE may be one draw ahead (DIFF 1). Its first write
 * and dump happen at once; its second waits until the DE counts a draw. A COPY_DATA in the DE
 * between the two points sees the second dump's target untouched, one after it sees the
 * value. */
static void test_ce_de_order(void **state) {
  (void)state;
  for (unsigned k = 0; k < 2; k++) {
    cev(0, 2, PKT3(WAIT_ON_DE_COUNTER_DIFF, 1), 1u);
    cev(0, 3, PKT3(WRITE_CONST_RAM, 2), 0u, 0xA0u + k);
    dump(0, INC_CE, 1, OUT + 4 * k);
  }
  ib_cnst(0);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  /* COPY_DATA memory -> memory: OUT + 4 (the second dump) to OUT + 0x10 */
  putv(6, PKT3(COPY_DATA, 5), 1u | 1u << 8, LO(OUT + 4), HI(OUT + 4), LO(OUT + 0x10),
       HI(OUT + 0x10));
  putv(2, PKT3(INCREMENT_DE_COUNTER, 1), 0u);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  putv(6, PKT3(COPY_DATA, 5), 1u | 1u << 8, LO(OUT + 4), HI(OUT + 4), LO(OUT + 0x14),
       HI(OUT + 0x14));
  dw(OUT + 0x10)[0] = dw(OUT + 0x10)[1] = 0xFFFFFFFFu;
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0xA0u);
  assert_int_equal(dw(OUT)[1], 0xA1u);
  assert_int_equal(dw(OUT + 0x10)[0], 0);     /* before the DE's count */
  assert_int_equal(dw(OUT + 0x10)[1], 0xA1u); /* after it */
}

/* A DE wait the CE cannot satisfy (the CE waits for the DE) blocks the graphics queue only: a
 * compute queue's work runs meanwhile. */
static void test_de_wait_blocks_only_its_queue(void **state) {
  (void)state;
  cev(0, 2, PKT3(WAIT_ON_DE_COUNTER_DIFF, 1), 0u); /* never less than 0 ahead */
  cev(0, 2, PKT3(INCREMENT_CE_COUNTER, 1), 1u);
  ib_cnst(0);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT), HI(OUT), 1u);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, STREAM, n), 0);
  const uint32_t first = n;
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT + 4), HI(OUT + 4), 2u);
  assert_int_equal(cp_submit(cp, cp_compute_queue(1, 1), STREAM + first * 4, n - first), 0);
  n = 0;
  assert_false(cp_run_until_idle(cp, 20));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_queue_status(cp, cp_compute_queue(1, 1)), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0);
  assert_int_equal(dw(OUT)[1], 2);
  assert_int_equal(cp_queue_stats(cp, 0).ce_packets, 0);
}

/* CE packets met in the queue's own stream run on the CE in order; SWITCH_BUFFER and
 * INCREMENT_DE_COUNTER are the DE's; CE RAM is 64 KiB: its last dword is written and a load
 * of the whole RAM fits. */
static void test_inline_and_size(void **state) {
  (void)state;
  for (unsigned i = 0; i < 0x4000; i++) dw(SRC)[i] = i * 3u;
  putv(5, PKT3(LOAD_CONST_RAM, 4), LO(SRC), HI(SRC), 0x4000u, 0u);
  putv(3, PKT3(WRITE_CONST_RAM, 2), 0xFFFCu, 0x5A5Au);
  putv(5, PKT3(DUMP_CONST_RAM, 4), 0xFFF8u | INC_CE, 2u, LO(OUT), HI(OUT));
  putv(2, PKT3(SWITCH_BUFFER, 1), 0u);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  putv(2, PKT3(INCREMENT_DE_COUNTER, 1), 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0x3FFEu * 3u);
  assert_int_equal(dw(OUT)[1], 0x5A5Au);
  assert_int_equal(cp_queue_stats(cp, 0).ce_packets, 3);
}

/* CE buffers inside CE buffers: one called (returns to the caller's next packet), one chained
 * (the rest of the caller is not run). */
static void test_ce_nest_and_chain(void **state) {
  (void)state;
  cev(1, 3, PKT3(WRITE_CONST_RAM, 2), 0u, 0x11u);
  cev(2, 3, PKT3(WRITE_CONST_RAM, 2), 4u, 0x22u);
  dump(2, INC_CE, 2, OUT);
  cev(0, 4, PKT3(INDIRECT_BUFFER_CNST, 3), LO(CE2), HI(CE2), ce_n[1]);
  cev(0, 4, PKT3(INDIRECT_BUFFER_CNST, 3), LO(CE3), HI(CE3), ce_n[2] | 1u << 20);
  cev(0, 3, PKT3(WRITE_CONST_RAM, 2), 0u, 0xBADu); /* replaced by the chain: not run */
  ib_cnst(0);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0x11u);
  assert_int_equal(dw(OUT)[1], 0x22u);
}

/* Bad CE work stops the graphics queue alone, the CE's dump not done: CE packets on a compute
 * queue, CE RAM ranges past 64 KiB or misaligned, unmapped sources and destinations, counter
 * select 0, SET_BASE 3, a DE packet in a CE buffer, a CE WRITE_DATA to a register (not
 * supported), a truncated CE packet, an unmapped CE
 * buffer, the conditional INDIRECT_BUFFER_CNST, wrong lengths of the counter packets. */
static void test_ce_errors(void **state) {
  (void)state;
  putv(3, PKT3(WRITE_CONST_RAM, 2), 0u, 1u);
  assert_int_equal(run_on(cp_compute_queue(0, 0)), CP_QUEUE_STOPPED);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  assert_int_equal(run_on(cp_compute_queue(0, 1)), CP_QUEUE_STOPPED);
  const uint64_t far = MEM_BASE + MEM_SIZE;
  const uint32_t bad[][6] = {
      {4, PKT3(WRITE_CONST_RAM, 3), 0xFFFCu, 1u, 2u},
      {3, PKT3(WRITE_CONST_RAM, 2), 0x102u, 1u},
      {5, PKT3(LOAD_CONST_RAM, 4), LO(far), HI(far), 1u, 0u},
      {5, PKT3(LOAD_CONST_RAM, 4), LO(SRC), HI(SRC), 0x4001u, 0u},
      {5, PKT3(DUMP_CONST_RAM, 4), 0u, 1u, LO(far), HI(far)},
      {5, PKT3(DUMP_CONST_RAM, 4), 0u, 1u, LO(OUT) | 2u, HI(OUT)},
      {2, PKT3(INCREMENT_CE_COUNTER, 1), 0u},
      {4, PKT3(SET_BASE, 3), 3u, 0u, 0u},
      {3, PKT3(DRAW_INDEX_AUTO, 2), 3u, 2u},
      {5, PKT3(WRITE_DATA, 4), 0u, 0x2E40u, 0u, 1u}, /* a CE WRITE_DATA to a register */
      {3, PKT3(WAIT_ON_DE_COUNTER_DIFF, 2), 1u, 1u},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ce_n[0] = 0;
    for (unsigned j = 0; j < bad[i][0]; j++) cev(0, 1, bad[i][1 + j]);
    dump(0, INC_CE, 1, OUT + 0x100);
    ib_cnst(0);
    putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    assert_int_equal(dw(OUT + 0x100)[0], 0);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  /* a CE buffer ending inside its packet */
  ce_n[0] = 0;
  cev(0, 2, PKT3(WRITE_CONST_RAM, 4), 0u);
  ib_cnst(0);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  const uint32_t bad_de[][5] = {
      {4, PKT3(INDIRECT_BUFFER_CNST, 3), LO(far), HI(far), 4u},
      {3, PKT3(INCREMENT_DE_COUNTER, 2), 0u, 0u},
      {3, PKT3(WAIT_ON_CE_COUNTER, 2), 0u, 0u},
      {2, PKT3(DUMP_CONST_RAM_OFFSET, 1), 0u},
  };
  for (unsigned i = 0; i < sizeof bad_de / sizeof bad_de[0]; i++) {
    for (unsigned j = 0; j < bad_de[i][0]; j++) putv(1, bad_de[i][1 + j]);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  putv(1, PKT3(INDIRECT_BUFFER_CNST, 13)); /* the conditional form with mode 0 */
  for (unsigned j = 0; j < 13; j++) putv(1, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  /* after a reset the queue and its CE run again; the CE RAM kept what was written */
  putv(5, PKT3(DUMP_CONST_RAM, 4), 0u, 1u, LO(OUT + 0x200), HI(OUT + 0x200));
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
}

/* The conditional CE buffer (COND_INDIRECT_BUFFER_CNST, INDIRECT_BUFFER_CNST with 13 body
 * dwords: MODE (1:0) 1 if-then, 2 if-then-else, FUNCTION (10:8), compare address (8-aligned)
 * lo, hi, mask lo, hi, reference lo, hi, then buffer lo, hi, size, else buffer lo, hi, size),
 * inside a CE buffer and handed over by the queue's stream, and the CE's WRITE_DATA (DST_SEL 5,
 * memory), COPY_DATA (immediate to memory) and COND_EXEC (skips EXEC_COUNT dwords when the
 * dword at its address is 0). */
static void test_ce_cond_and_data(void **state) {
  (void)state;
  const uint64_t flag = OUT + 0x800;
  dw(flag)[0] = 1;
  cev(1, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT), HI(OUT), 0x111u);
  cev(2, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT), HI(OUT), 0x222u);
  /* if (flag == 1) CE2 else CE3 */
  cev(0, 14, PKT3(INDIRECT_BUFFER_CNST, 13), 2u | 3u << 8, LO(flag), HI(flag), 0xFFFFFFFFu,
      0xFFFFFFFFu, 1u, 0u, LO(CE2), HI(CE2), ce_n[1], LO(CE3), HI(CE3), ce_n[2]);
  cev(0, 6, PKT3(COPY_DATA, 5), 5u | 5u << 8, 0xC0FFEEu, 0u, LO(OUT + 8), HI(OUT + 8));
  /* the dword at flag + 4 is 0: the WRITE_DATA after COND_EXEC (5 dwords) is skipped */
  cev(0, 5, PKT3(0x22, 4), LO(flag + 4), HI(flag + 4), 0u, 5u);
  cev(0, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT + 12), HI(OUT + 12), 0xBADu);
  cev(0, 6, PKT3(WRITE_DATA, 5), 5u << 8 | 1u << 16, LO(OUT + 16), HI(OUT + 16), 7u, 8u);
  ib_cnst(0);
  /* handed over by the queue's stream: if (flag == 2) CE3 (if-then: nothing) */
  putv(14, PKT3(INDIRECT_BUFFER_CNST, 13), 1u | 3u << 8, LO(flag), HI(flag), 0xFFFFFFFFu,
       0xFFFFFFFFu, 2u, 0u, LO(CE3), HI(CE3), ce_n[2], 0u, 0u, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0x111u);
  assert_int_equal(dw(OUT)[2], 0xC0FFEEu);
  assert_int_equal(dw(OUT)[3], 0);
  assert_int_equal(dw(OUT)[4], 8u); /* one address: the last dword written */
  /* the same handed over with flag == 2: then CE3 runs */
  dw(flag)[0] = 2;
  putv(14, PKT3(INDIRECT_BUFFER_CNST, 13), 1u | 3u << 8, LO(flag), HI(flag), 0xFFFFFFFFu,
       0xFFFFFFFFu, 2u, 0u, LO(CE3), HI(CE3), ce_n[2], 0u, 0u, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0x222u);
}

/* The CE reads the submission ahead of the DE: a DE wait placed before the CE buffer and the
 * CE counter packet it needs is satisfied (the CE finds them further on), and the DE, reaching
 * them later, does not hand them over again (three CE packets run in all, and a last wait,
 * with nothing left ahead, blocks). */
static void test_ce_reads_ahead(void **state) {
  (void)state;
  cev(0, 3, PKT3(WRITE_CONST_RAM, 2), 0u, 0x77u);
  dump(0, INC_CE, 1, OUT + 4);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT), HI(OUT), 1u);
  ib_cnst(0);
  putv(2, PKT3(INCREMENT_CE_COUNTER, 1), 1u);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  putv(2, PKT3(WAIT_ON_CE_COUNTER, 1), 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(dw(OUT)[0], 1);
  assert_int_equal(dw(OUT)[1], 0x77u);
  assert_int_equal(cp_queue_stats(cp, 0).ce_packets, 3);
}

/* The lister names the CE packets' fields. */
static void test_listing(void **state) {
  (void)state;
  const uint32_t s[] = {PKT3(INDIRECT_BUFFER_CNST, 3), 0x1000u, 0u, 8u | 1u << 20,
                        PKT3(DUMP_CONST_RAM, 4), 0x40u | INC_CE, 3u, 0x2000u, 0u, PKT3(0x1E, 8),
                        0x2Fu | 1u << 8, 0x3000u, 0u, 1u, 0u, 2u, 0u, 5u, PKT3(0x77, 3),
                        0x240u | 2u << 30, 0x10u, 0u,
                        /* the conditional form: MODE 2, FUNCTION 3, compare 0x8000, mask ~0,
                           reference 1, then 0x1000 (4 dwords), else 0x2000 (8 dwords) */
                        PKT3(INDIRECT_BUFFER_CNST, 13), 2u | 3u << 8, 0x8000u, 0u, 0xFFFFFFFFu,
                        0xFFFFFFFFu, 1u, 0u, 0x1000u, 0u, 4u, 0x2000u, 0u, 8u};
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  assert_non_null(out);
  assert_int_equal(pm4_list(out, s, sizeof s / 4, NULL), 0);
  fclose(out);
  assert_non_null(strstr(text, "INDIRECT_BUFFER_CNST (3 dwords) IB_BASE_LO=0x1000"));
  assert_non_null(strstr(text, "IB_SIZE=0x8 CHAIN=1"));
  assert_non_null(strstr(text, "DUMP_CONST_RAM (4 dwords) OFFSET=0x40"));
  assert_non_null(strstr(text, "INCREMENT_CE=1 INCREMENT_CS=0 NUM_DW=0x3 ADDR_LO=0x2000"));
  assert_non_null(strstr(text, "ATOMIC_MEM (8 dwords) ATOMIC=47 COMMAND=1"));
  assert_non_null(strstr(text, "SET_SH_REG_OFFSET (3 dwords) REG_OFFSET=0x240 INDEX=2"));
  assert_non_null(strstr(text,
                         "INDIRECT_BUFFER_CNST (13 dwords) conditional MODE=2 FUNCTION=3 "
                         "COMPARE_ADDR=0x8000 MASK=0xffffffffffffffff REFERENCE=0x1 "
                         "IB1=0x1000 SIZE1=0x4 IB2=0x2000 SIZE2=0x8"));
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_ce_ram, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_ce_de_order, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_de_wait_blocks_only_its_queue, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_inline_and_size, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_ce_nest_and_chain, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_ce_errors, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_ce_cond_and_data, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_ce_reads_ahead, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_listing, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
