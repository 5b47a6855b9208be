/* Command processor tests: PRED_EXEC and MEM_SEMAPHORE. Packets are encoded here from AMD's
 * public PM4 definitions (PAL's GFX10 PFP and ME packet headers); every expected value is
 * worked out by hand from them and from the readings docs/gpu-cp.md writes down:
 * - PRED_EXEC (0x23, 1 body dword): EXEC_COUNT (13:0), DEVICE_SELECT (31:24). The next
 *   EXEC_COUNT dwords run only when DEVICE_SELECT has bit 0 (this GPU, instance 0: one bit per
 *   instance, instance i at bit i); otherwise exactly those dwords are skipped.
 * - MEM_SEMAPHORE (0x39, 3 body dwords): ADDRESS_LO (31:3), ADDRESS_HI, USE_MAILBOX (16) +
 *   SIGNAL_TYPE (20: 0 increment, 1 write 1) + SEM_SEL (31:29: 6 signal, 7 wait) on a 64-bit
 *   semaphore. A wait blocks its queue while the value is 0, then takes one from it.
 * - WRITE_DATA (0x37): DST_SEL (11:8) 5 memory, address lo, hi, the data. */

#include <unistd.h>

#include "cp_test_pm4.h"

#define MEM_BASE 0x200000000ull
#define MEM_SIZE (1u << 20)
#define STREAM MEM_BASE
#define SEM (MEM_BASE + 0x10000) /* semaphores */
#define OUT (MEM_BASE + 0x20000) /* WRITE_DATA targets */
#define IB (MEM_BASE + 0x30000)  /* an indirect buffer */
#include "cp_test_harness.h"

static uint64_t *qw(uint64_t addr) { return (uint64_t *)(mem + (addr - MEM_BASE)); }
static int setup(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map};
  return cp_test_setup(&ops);
}
/* WRITE_DATA of V to OUT + 4 * I: 5 dwords */
static void write_out(unsigned i, uint32_t v) {
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT + 4 * i), HI(OUT + 4 * i), v);
}
static void pred_exec(uint32_t select, uint32_t count) {
  putv(2, PKT3(PRED_EXEC, 1), select << 24 | count);
}
enum { SIGNAL = 6, WAIT = 7 };
static void semaphore(uint64_t addr, unsigned sel, unsigned write_one) {
  putv(4, PKT3(MEM_SEMAPHORE, 3), LO(addr), HI(addr), sel << 29 | write_one << 20);
}
/* Submits the dwords of the stream from FIRST on QUEUE (the stream goes on from there). */
static void submit_from(unsigned queue, uint32_t first) {
  assert_int_equal(cp_submit(cp, queue, STREAM + first * 4, n - first), 0);
}

/* PRED_EXEC: bit 0 of DEVICE_SELECT runs the next EXEC_COUNT dwords, without it they are
 * skipped, exactly that many: a skipped count covering two packets, one covering three
 * dwords that would be a reserved (type-1) header, a count of 0. */
static void test_pred_exec(void **state) {
  (void)state;
  pred_exec(0x01, 5); /* ours: runs */
  write_out(0, 1);
  pred_exec(0x02, 5); /* instance 1 only: skipped */
  write_out(1, 2);
  pred_exec(0xFE, 10); /* every instance but 0: both packets skipped */
  write_out(2, 3);
  write_out(3, 4);
  pred_exec(0xFF, 5); /* all: runs */
  write_out(4, 5);
  pred_exec(0x00, 3); /* none: three dwords skipped, which would stop the queue if read */
  putv(3, 0x40000000u, 0x40000000u, 0x40000000u);
  pred_exec(0x00, 0); /* nothing to skip */
  pred_exec(0x02, 0);
  write_out(5, 6);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  static const uint32_t want[6] = {1, 0, 0, 0, 5, 6};
  for (unsigned i = 0; i < 6; i++) assert_int_equal(dw(OUT)[i], want[i]);
  /* packets run: 7 PRED_EXEC and 3 WRITE_DATA; the skipped dwords are not packets */
  assert_int_equal(cp_queue_stats(cp, CP_GFX_QUEUE).packets, 10);
  /* the same on a compute queue, inside an indirect buffer */
  uint32_t *ib = dw(IB);
  ib[0] = PKT3(PRED_EXEC, 1);
  ib[1] = 0x01u << 24 | 5;
  ib[2] = PKT3(WRITE_DATA, 4);
  ib[3] = 5u << 8;
  ib[4] = LO(OUT + 40);
  ib[5] = HI(OUT + 40);
  ib[6] = 0x77u;
  ib[7] = PKT3(PRED_EXEC, 1);
  ib[8] = 0x80u << 24 | 5;
  ib[9] = PKT3(WRITE_DATA, 4);
  ib[10] = 5u << 8;
  ib[11] = LO(OUT + 44);
  ib[12] = HI(OUT + 44);
  ib[13] = 0x88u;
  putv(4, PKT3(INDIRECT_BUFFER, 3), LO(IB), HI(IB), 14u);
  write_out(12, 0x99u);
  assert_int_equal(run_idle_on(cp_compute_queue(4, 2)), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[10], 0x77u);
  assert_int_equal(dw(OUT)[11], 0);
  assert_int_equal(dw(OUT)[12], 0x99u);
}

/* Bad PRED_EXEC packets stop their queue alone: a count past the end of the buffer (run or
 * skipped), one past an indirect buffer's end, a body of 2 dwords, a truncated packet. */
static void test_pred_exec_errors(void **state) {
  (void)state;
  const unsigned other = cp_compute_queue(1, 0);
  pred_exec(0x02, 6); /* 5 dwords follow */
  write_out(0, 1);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  pred_exec(0x01, 6);
  write_out(0, 1);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(dw(OUT)[0], 0); /* the packet stopped the queue before the write */
  cp_queue_reset(cp, CP_GFX_QUEUE);
  uint32_t *ib = dw(IB);
  ib[0] = PKT3(PRED_EXEC, 1);
  ib[1] = 0x02u << 24 | 2; /* one dword left in the buffer */
  ib[2] = 0x80000000u;
  putv(4, PKT3(INDIRECT_BUFFER, 3), LO(IB), HI(IB), 3u);
  write_out(1, 2);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(dw(OUT)[1], 0);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(3, PKT3(PRED_EXEC, 2), 0x01u << 24, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(1, PKT3(PRED_EXEC, 1)); /* the body is missing */
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  pred_exec(0x01, 5);
  write_out(2, 3);
  assert_int_equal(run_on(other), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[2], 3);
}

/* Signals and waits in one queue: increment twice (2), write 1 (1), wait (0), increment (1);
 * the address's low three bits are reserved (the same semaphore); the high dword is whole. */
static void test_semaphore_values(void **state) {
  (void)state;
  semaphore(SEM, SIGNAL, 0);
  semaphore(SEM, SIGNAL, 0);
  write_out(0, 0); /* a mark between */
  semaphore(SEM + 8, SIGNAL, 0);
  semaphore(SEM + 8, SIGNAL, 1);
  semaphore(SEM + 8 + 5, WAIT, 0);
  semaphore(SEM + 16, SIGNAL, 1);
  semaphore(SEM + 16, SIGNAL, 0);
  *qw(SEM + 24) = 0xFFFFFFFFull; /* the increment carries into the high dword */
  semaphore(SEM + 24, SIGNAL, 0);
  assert_int_equal(run_idle_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(*qw(SEM), 2);
  assert_int_equal(*qw(SEM + 8), 0);
  assert_int_equal(*qw(SEM + 16), 2);
  assert_int_equal(*qw(SEM + 24), 0x100000000ull);
}

/* A wait on a zero semaphore blocks its queue alone: another queue runs meanwhile, and when it
 * signals the semaphore the first queue takes the signal and goes on. Two waits take two
 * signals: one signal lets one through, the CPU's store the other. */
static void test_semaphore_blocks(void **state) {
  (void)state;
  const unsigned a = cp_compute_queue(0, 3), b = cp_compute_queue(5, 1);
  semaphore(SEM, WAIT, 0);
  write_out(0, 0xA1u);
  semaphore(SEM, WAIT, 0);
  write_out(1, 0xA2u);
  submit_from(a, 0);
  const uint32_t first = n;
  write_out(2, 0xB1u);
  submit_from(b, first);
  assert_false(cp_run_until_idle(cp, 20));
  assert_int_equal(cp_queue_status(cp, a), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_queue_status(cp, b), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[2], 0xB1u);
  assert_int_equal(dw(OUT)[0], 0);
  /* the other queue signals once: the first wait passes, the second blocks */
  const uint32_t second = n;
  semaphore(SEM, SIGNAL, 0);
  submit_from(b, second);
  assert_false(cp_run_until_idle(cp, 20));
  assert_int_equal(dw(OUT)[0], 0xA1u);
  assert_int_equal(dw(OUT)[1], 0);
  assert_int_equal(*qw(SEM), 0);
  assert_int_equal(cp_queue_status(cp, a), CP_QUEUE_BLOCKED);
  /* the CPU signals: the queue takes it and ends */
  __atomic_store_n(qw(SEM), 1, __ATOMIC_RELEASE);
  assert_true(cp_run_until_idle(cp, 20));
  assert_int_equal(dw(OUT)[1], 0xA2u);
  assert_int_equal(*qw(SEM), 0);
  assert_int_equal(cp_queue_status(cp, a), CP_QUEUE_IDLE);
  n = 0;
}

/* On the GPU thread: two compute queues hand a token back and forth through two semaphores,
 * 50 times (A waits on S1, writes OUT[i], signals S2; B signals S1, waits on S2, then copies
 * OUT[i] to OUT2[i]): each of B's copies finds A's write of that round, both queues end and
 * both semaphores are back at 0. Meanwhile a third queue's wait on a semaphore nobody signals
 * blocks it alone until the CPU signals it. */
#define ROUNDS 50
#define OUT2 (OUT + 0x1000)
static void test_semaphore_gpu_thread(void **state) {
  (void)state;
  const unsigned a = cp_compute_queue(1, 1), b = cp_compute_queue(2, 2), c = cp_compute_queue(6, 0);
  const uint64_t s1 = SEM, s2 = SEM + 8, s3 = SEM + 16;
  for (unsigned i = 0; i < ROUNDS; i++) {
    semaphore(s1, WAIT, 0);
    write_out(i, i + 1);
    semaphore(s2, SIGNAL, 0);
  }
  const uint32_t b_first = n;
  for (unsigned i = 0; i < ROUNDS; i++) {
    semaphore(s1, SIGNAL, 0);
    semaphore(s2, WAIT, 0);
    putv(6, PKT3(COPY_DATA, 5), 1u | 5u << 8, LO(OUT + 4 * i), HI(OUT + 4 * i), LO(OUT2 + 4 * i),
         HI(OUT2 + 4 * i));
  }
  const uint32_t c_first = n;
  semaphore(s3, WAIT, 0);
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT2 + 0x800), HI(OUT2 + 0x800), 0xC0FFEEu);
  assert_int_equal(cp_thread_start(cp), 0);
  assert_int_equal(cp_submit(cp, c, STREAM + c_first * 4, n - c_first), 0);
  assert_int_equal(cp_submit(cp, a, STREAM, b_first), 0);
  assert_int_equal(cp_submit(cp, b, STREAM + b_first * 4, c_first - b_first), 0);
  const uint32_t *last = dw(OUT2 + 4 * (ROUNDS - 1));
  for (int i = 0; i < 5000 && __atomic_load_n(last, __ATOMIC_ACQUIRE) != ROUNDS; i++) usleep(1000);
  assert_int_equal(__atomic_load_n(last, __ATOMIC_ACQUIRE), ROUNDS);
  assert_int_equal(__atomic_load_n(dw(OUT2 + 0x800), __ATOMIC_ACQUIRE), 0);
  __atomic_store_n(qw(s3), 1, __ATOMIC_RELEASE);
  const uint32_t *mark = dw(OUT2 + 0x800);
  for (int i = 0; i < 5000 && __atomic_load_n(mark, __ATOMIC_ACQUIRE) != 0xC0FFEEu; i++)
    usleep(1000);
  assert_int_equal(__atomic_load_n(mark, __ATOMIC_ACQUIRE), 0xC0FFEEu);
  cp_thread_stop(cp);
  for (unsigned i = 0; i < ROUNDS; i++) {
    assert_int_equal(dw(OUT)[i], i + 1);
    assert_int_equal(dw(OUT2)[i], i + 1);
  }
  assert_int_equal(*qw(s1), 0);
  assert_int_equal(*qw(s2), 0);
  assert_int_equal(*qw(s3), 0);
  assert_int_equal(cp_queue_status(cp, a), CP_QUEUE_IDLE);
  assert_int_equal(cp_queue_status(cp, b), CP_QUEUE_IDLE);
  assert_int_equal(cp_queue_status(cp, c), CP_QUEUE_IDLE);
  n = 0;
}

/* Bad MEM_SEMAPHORE packets stop their queue alone with the semaphore untouched: SEM_SEL 0-5,
 * USE_MAILBOX, the CI form (2 body dwords), an unmapped semaphore, a truncated packet. */
static void test_semaphore_errors(void **state) {
  (void)state;
  *qw(SEM) = 3;
  for (unsigned sel = 0; sel < 6; sel++) {
    semaphore(SEM, sel, 0);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  putv(4, PKT3(MEM_SEMAPHORE, 3), LO(SEM), HI(SEM), 6u << 29 | 1u << 16);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(3, PKT3(MEM_SEMAPHORE, 2), LO(SEM), (HI(SEM) & 0xffff) | 6u << 29);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  semaphore(MEM_BASE + MEM_SIZE, SIGNAL, 0);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(3, PKT3(MEM_SEMAPHORE, 3), LO(SEM), HI(SEM)); /* 2 of 4 dwords */
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(*qw(SEM), 3);
  semaphore(SEM, WAIT, 0);
  assert_int_equal(run_idle_on(cp_compute_queue(2, 2)), CP_QUEUE_IDLE);
  assert_int_equal(*qw(SEM), 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_pred_exec, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_pred_exec_errors, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_semaphore_values, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_semaphore_blocks, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_semaphore_gpu_thread, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_semaphore_errors, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
