/* The command processor running streams the console's libSceAgc and libSceAgcDriver wrote,
 * word for word, as the PS5_Vulkan project captured them (github.com/mihawk-99/PS5_Vulkan,
 * golden/): the packets the console uses where our builders write driver packets. The memory
 * window sits at the console's flip labels (0xC_800040A0 + buffer * 8, a kernel mapping on
 * the console) so their addresses are used as captured. Expected effects follow from AMD's
 * definitions of the packets: WAIT_REG_MEM64 (0x93: function 3 "equal", memory space 1, the
 * 64-bit reference and mask), SET_UCONFIG_REG (0x79), WRITE_DATA (0x37: DST_SEL 0 a register,
 * ADDR_INCR 1 one address) and RELEASE_MEM (0x49: DATA_SEL 2 64 bits, INT_SEL 2 an interrupt
 * after the write). */

#include "cp_test_pm4.h"

#define MEM_BASE 0xC80000000ull
#define MEM_SIZE (1u << 16)
#define STREAM (MEM_BASE + 0x8000)
#define FLIP_LABEL(i) (MEM_BASE + 0x40A0 + (i)*8u)
#include "cp_test_harness.h"

static struct {
  unsigned interrupts, contexts;
  uint64_t data;
  uint32_t context_id, interrupt_context_id;
} rec;
static void on_interrupt(void *ctx, unsigned queue, unsigned event, uint64_t data,
                         uint32_t context_id) {
  rec.interrupt_context_id = context_id;
  (void)ctx;
  (void)queue;
  (void)event;
  rec.interrupts++;
  rec.data = data;
}

static void on_context(void *ctx, unsigned queue, uint32_t context_id) {
  (void)ctx;
  (void)queue;
  assert_int_equal(rec.interrupts, rec.contexts + 1); /* after its interrupt */
  rec.contexts++;
  rec.context_id = context_id;
}

static int setup(void **state) {
  (void)state;
  memset(&rec, 0, sizeof rec);
  const struct cp_ops ops = {
      .mem_map = mem_map, .interrupt = on_interrupt, .interrupt_context = on_context};
  return cp_test_setup(&ops);
}

static void put_words(const uint32_t *w, unsigned count) {
  for (unsigned i = 0; i < count; i++) dw(STREAM)[n++] = w[i];
}

/* sceAgcDriverWaitUntilSafeForRendering(handle 0x4E100200, buffer 1): golden/c1/
 * c1-present-3.json, words 0-31. The queue waits while buffer 1's flip label is not 0. */
static const uint32_t console_wait_buffer1[32] = {
    0xC0017904u, 0x342u,      0xCB000001u, 0xC0079300u, 0x06000113u, 0x800040A8u, 0xCu,       0, 0,
    0xFFFFFFFFu, 0xFFFFFFFFu, 0x40u,       0xC0017904u, 0x342u,      0xCB000021u, 0xC00F1000u};

static void test_wait_until_safe(void **state) {
  (void)state;
  dw(FLIP_LABEL(1))[1] = 1; /* the high half counts: a 64-bit compare */
  put_words(console_wait_buffer1, 32);
  putv(3, 0xC0017900u, 0x342u, 0x600Du);          /* after the wait */
  assert_false(cp_test_submit_run(CP_GFX_QUEUE)); /* not idle: the queue waits */
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(reg(CP_GFX_QUEUE, 0x30000 + 0x342 * 4), 0xCB000001u); /* the first tag */
  dw(FLIP_LABEL(1))[1] = 0;
  cp_run_until_idle(cp, 10);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(CP_GFX_QUEUE, 0x30000 + 0x342 * 4), 0x600Du);
}

/* sceAgcDcbSetFlip(handle 0x4E100200, buffer 1, mode 1, argument 0x5053564C): golden/c1/
 * c1-present-4.json, words 0-63. The argument goes to user config register 0x343 (its high
 * half last: one address), buffer 1's flip label becomes 1 at the end of the pipe and the
 * interrupt follows (on the console, the kernel's cue to flip) with the packet's context id,
 * INT_CTXID (28 bits), 0x08000103. */
static void test_set_flip(void **state) {
  (void)state;
  const uint32_t console_flip_buffer1[64] = {
      0xC0027904u, 0x342u,      0xC7010109u, 0,           0xC0043704u, 0x06010000u, 0xC343u,
      0,           0x5053564Cu, 0,           0xC0064900u, 0x06200504u, 0x42010000u, 0x800040A8u,
      0xCu,        1u,          0,           0x08000103u, 0xC02C1000u};
  put_words(console_flip_buffer1, 64);
  assert_true(cp_test_submit_run(CP_GFX_QUEUE));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(CP_GFX_QUEUE, 0x30000 + 0x342 * 4), 0xC7010109u);
  assert_int_equal(reg(CP_GFX_QUEUE, 0x30000 + 0x343 * 4), 0); /* lo, then hi, at 0x343 */
  assert_int_equal(dw(FLIP_LABEL(1))[0], 1);
  assert_int_equal(dw(FLIP_LABEL(1))[1], 0);
  assert_int_equal(dw(FLIP_LABEL(0))[0], 0);
  assert_int_equal(rec.interrupts, 1);
  assert_int_equal(rec.data, 1);
  assert_int_equal(rec.contexts, 1);
  assert_int_equal(rec.context_id, 0x08000103u);
  assert_int_equal(rec.interrupt_context_id, 0x08000103u); /* the interrupt carries it too */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_wait_until_safe, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_set_flip, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
