/* The command processor against guest unmaps (cp_unmap_begin / cp_unmap_end, called by the
 * app's guest_vm unmap guard around every unmapping call): a queue whose running command
 * buffer lies in the span is stopped (the console's GPU faults there) while the other queues
 * go on; the span's memory is never read between begin and end, because begin waits for the
 * turn running now (here: a dispatch that takes 100 ms on the GPU thread) and holds the next
 * ones until end. Packets are encoded from AMD's PM4 definitions (WAIT_REG_MEM 0x3C, function 3
 * "equal", memory space 1; WRITE_DATA 0x37 to memory, DST_SEL 5; DISPATCH_DIRECT 0x15). */
#include <pthread.h>
#include <time.h>

#include "cp_test_pm4.h"

#define MEM_BASE 0x500000000ull
#define MEM_SIZE (1u << 16)
#define GFX_STREAM MEM_BASE
#define CS_STREAM (MEM_BASE + 0x1000)
#define GATE (MEM_BASE + 0x8000)
#define LABEL (MEM_BASE + 0x8100)

#include "cp_test_harness.h"

static int seq;
static int next_seq(void) { return __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST); }
static int dispatch_started, dispatch_ended;
static bool fast_dispatches; /* test_unmap_not_starved: dispatches are only counted */
static uint64_t dispatches;
static void slow_dispatch(void *ctx, const struct cp_dispatch *d) {
  (void)ctx, (void)d;
  if (__atomic_load_n(&fast_dispatches, __ATOMIC_RELAXED)) {
    __atomic_add_fetch(&dispatches, 1, __ATOMIC_SEQ_CST);
    return;
  }
  __atomic_store_n(&dispatch_started, next_seq(), __ATOMIC_SEQ_CST);
  struct timespec ts = {0, 100 * 1000 * 1000};
  nanosleep(&ts, NULL);
  __atomic_store_n(&dispatch_ended, next_seq(), __ATOMIC_SEQ_CST);
}

static int setup(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map, .dispatch = slow_dispatch};
  return cp_test_setup(&ops);
}

/* A buffer at AT: wait until the dword at GATE + OFF is 1, then write VALUE to LABEL + OFF. */
static uint32_t waiting_buffer(uint64_t at, uint32_t off, uint32_t value) {
  uint32_t *p = dw(at);
  const uint32_t w[] = {
      PKT3(0x3Cu, 6), 3u | (1u << 4), LO(GATE + off),  HI(GATE + off),  1u,   0xFFFFFFFFu, 10u,
      PKT3(0x37u, 4), 5u << 8,        LO(LABEL + off), HI(LABEL + off), value};
  memcpy(p, w, sizeof w);
  return sizeof w / 4;
}

/* Two queues blocked in their buffers; the guest unmaps the graphics queue's buffer: that
 * queue stops, the compute queue runs on once its gate opens. An unmap elsewhere stops none. */
static void test_unmap_stops_the_reader(void **state) {
  (void)state;
  unsigned cq = cp_compute_queue(1, 2);
  uint32_t n0 = waiting_buffer(GFX_STREAM, 0, 0xA), n1 = waiting_buffer(CS_STREAM, 4, 0xB);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, GFX_STREAM, n0), 0);
  assert_int_equal(cp_submit(cp, cq, CS_STREAM, n1), 0);
  cp_run_until_idle(cp, 4);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_unmap_begin(cp, MEM_BASE + 0x4000, 0x1000), 0); /* nothing of theirs */
  cp_unmap_end(cp);
  assert_int_equal(cp_unmap_begin(cp, GFX_STREAM, 0x1000), 1);
  cp_unmap_end(cp);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_BLOCKED);
  dw(GATE)[0] = 1;
  dw(GATE + 4)[0] = 1;
  assert_true(cp_run_until_idle(cp, 8));
  assert_int_equal(dw(LABEL)[0], 0); /* the stopped queue wrote nothing */
  assert_int_equal(dw(LABEL + 4)[0], 0xB);
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_IDLE);
}

/* With the GPU thread running a 100 ms dispatch, cp_unmap_begin returns only after it. */
static void test_unmap_waits_for_the_turn(void **state) {
  (void)state;
  uint32_t *p = dw(GFX_STREAM);
  p[0] = PKT3(0x15u, 4);
  p[1] = p[2] = p[3] = 1;
  p[4] = 1;
  assert_int_equal(cp_thread_start(cp), 0);
  assert_int_equal(cp_submit(cp, cp_compute_queue(0, 0), GFX_STREAM, 5), 0);
  while (!__atomic_load_n(&dispatch_started, __ATOMIC_SEQ_CST)) {
    struct timespec ts = {0, 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  cp_unmap_begin(cp, MEM_BASE + 0x4000, 0x1000);
  int begun = next_seq();
  cp_unmap_end(cp);
  assert_true(__atomic_load_n(&dispatch_ended, __ATOMIC_SEQ_CST) != 0);
  assert_true(begun > dispatch_ended);
  cp_thread_stop(cp);
}

/* The runner does not starve a waiting unmap: the GPU thread runs an endless chain of
 * DISPATCH_DIRECT packets (each counted when it runs), and each of 300 unmaps sees at most the
 * turn running when it asked (and one the runner may begin in that instant) run before it
 * holds the turns: at most two turns of dispatches. Without the unmap's priority, the turn
 * mutex (not fair) let an unmap wait while thousands of turns ran (bench.gpu_guard). */
static void test_unmap_not_starved(void **state) {
  (void)state;
  __atomic_store_n(&fast_dispatches, true, __ATOMIC_RELAXED);
  enum { N = 1000 };
  uint32_t *p = dw(CS_STREAM);
  for (unsigned i = 0; i < N; i++) {
    p[5 * i] = PKT3(0x15u, 4);
    p[5 * i + 1] = p[5 * i + 2] = p[5 * i + 3] = 1;
    p[5 * i + 4] = 1;
  }
  const uint32_t dwords = 5 * N + 4;
  p[5 * N] = PKT3(0x3Fu, 3); /* INDIRECT_BUFFER: CHAIN (20) to the start, VALID (23) */
  p[5 * N + 1] = LO(CS_STREAM);
  p[5 * N + 2] = HI(CS_STREAM);
  p[5 * N + 3] = dwords | 1u << 20 | 1u << 23;
  unsigned q = cp_compute_queue(3, 3);
  assert_int_equal(cp_thread_start(cp), 0);
  assert_int_equal(cp_submit(cp, q, CS_STREAM, dwords), 0);
  uint64_t most = 0;
  for (int i = 0; i < 300; i++) {
    uint64_t before = __atomic_load_n(&dispatches, __ATOMIC_SEQ_CST);
    assert_int_equal(cp_unmap_begin(cp, GATE, 0x100), 0);
    uint64_t ran = __atomic_load_n(&dispatches, __ATOMIC_SEQ_CST) - before;
    cp_unmap_end(cp);
    if (ran > most) most = ran;
    struct timespec ts = {0, 50 * 1000};
    nanosleep(&ts, NULL);
  }
  cp_thread_stop(cp);
  assert_true(most <= 2 * CP_PACKETS_PER_TURN);
  assert_true(__atomic_load_n(&dispatches, __ATOMIC_SEQ_CST) > 0); /* the queue ran */
  assert_int_equal(cp_queue_status(cp, q), CP_QUEUE_READY);
  __atomic_store_n(&fast_dispatches, false, __ATOMIC_RELAXED);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_unmap_stops_the_reader, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_unmap_waits_for_the_turn, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_unmap_not_starved, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
