/* What libSceAgc's context-state transition builder (NID qj7QZpgr9Uw, agc_newer_context.c)
 * writes, run by the command processor (GFX10 semantics: COND_EXEC skips its EXEC_COUNT dwords
 * when the dword it reads is 0; RELEASE_MEM with INT_SEL 4 raises an interrupt carrying
 * INT_CTXID; ATOMIC_MEM 0x67 swaps in its 64-bit SRC_DATA once (COMMAND 2); CLEAR_STATE 1
 * saves the context registers, 2 restores them; LOAD_CONTEXT_REG_INDEX with DATA_FORMAT 1 loads
 * (offset, value) pairs). The expected register values are the version 8 defaults as the
 * console's walk gives them (agc_register_defaults.txt: context 0x202 = 0x00CC0010, 0x2DC =
 * 0x0000AA00). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cp/cp.h"
#include "hle/libSceAgc/agc.h"

static uint64_t base; /* the host address of MEM */
#define MEM_BASE base
#define MEM_SIZE (1u << 16)
#include "cp_test_harness.h"

#define BLOCK 0x8000u /* the label block's offset in MEM */
#define CX_BYTE(off) (0x28000u + (off)*4u)

static struct agc_cb cb;
static unsigned interrupts;
static uint32_t last_context_id;
static unsigned last_event;

static void on_interrupt(void *ctx, unsigned queue, unsigned event, uint64_t data,
                         uint32_t context_id) {
  (void)ctx, (void)queue, (void)data;
  interrupts++;
  last_event = event;
  last_context_id = context_id;
}

static int setup(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map, .interrupt = on_interrupt};
  if (cp_test_setup(&ops)) return -1;
  base = (uint64_t)(uintptr_t)mem;
  uint32_t *dcb = (uint32_t *)mem; /* the first 16 KiB */
  cb = (struct agc_cb){
      .bottom = dcb, .top = dcb + 4096, .cursor_up = dcb, .cursor_down = dcb + 4096};
  interrupts = 0;
  last_context_id = 0;
  if (agc_context_state_bytes() > MEM_SIZE - BLOCK) return -1;
  return agc_context_state_place(mem + BLOCK, MEM_SIZE - BLOCK) == 0 ? 0 : -1;
}

static int teardown(void **state) {
  agc_context_state_reset();
  return cp_test_teardown(state);
}

static uint32_t label(unsigned i) { return *dw(base + BLOCK + 4 * i); }

/* SET_CONTEXT_REG of one register, written into the command buffer. */
static void set_cx(uint32_t off, uint32_t value) {
  uint32_t *p = agc_cb_alloc(&cb, 3);
  assert_non_null(p);
  p[0] = 0xC0016900u;
  p[1] = off;
  p[2] = value;
}

static void run(void) {
  uint32_t dwords = (uint32_t)(cb.cursor_up - cb.bottom);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, base, dwords), 0);
  assert_true(cp_run_until_idle(cp, 100));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  cb.cursor_up = cb.bottom;
}

/* Operation 3 saves the context and loads the defaults, operation 2 brings the saved context
 * back; each swaps the label (first dword 1, then second dword 1), and neither interrupts
 * (each COND_EXEC reads a 0). */
static void test_push_restore_pop(void **state) {
  (void)state;
  set_cx(0x202, 0x12345678u);
  set_cx(0x2DC, 0x0BADF00Du);
  assert_non_null(agc_dcb_context_state_transition(&cb, 3));
  run();
  assert_int_equal(reg(CP_GFX_QUEUE, CX_BYTE(0x202)), 0x00CC0010u);
  assert_int_equal(reg(CP_GFX_QUEUE, CX_BYTE(0x2DC)), 0x0000AA00u);
  assert_int_equal(label(0), 1);
  assert_int_equal(label(1), 0);
  assert_int_equal(interrupts, 0);

  assert_non_null(agc_dcb_context_state_transition(&cb, 2));
  run();
  assert_int_equal(reg(CP_GFX_QUEUE, CX_BYTE(0x202)), 0x12345678u);
  assert_int_equal(reg(CP_GFX_QUEUE, CX_BYTE(0x2DC)), 0x0BADF00Du);
  assert_int_equal(label(0), 0);
  assert_int_equal(label(1), 1);
  assert_int_equal(interrupts, 0);
}

/* The label's initial second dword (1) makes operation 2's COND_EXEC run its RELEASE_MEM: a
 * bottom-of-pipe interrupt with context id 0x08100002; operation 1 twice interrupts on the
 * second (0x08100001). */
static void test_interrupts(void **state) {
  (void)state;
  assert_non_null(agc_dcb_context_state_transition(&cb, 2));
  run();
  assert_int_equal(interrupts, 1);
  assert_int_equal(last_event, 0x28);
  assert_int_equal(last_context_id, 0x08100002u);
  assert_non_null(agc_dcb_context_state_transition(&cb, 1));
  run();
  assert_int_equal(interrupts, 1);
  assert_non_null(agc_dcb_context_state_transition(&cb, 1));
  run();
  assert_int_equal(interrupts, 2);
  assert_int_equal(last_context_id, 0x08100001u);
  assert_int_equal(label(0), 1);
}

/* Operation 0 alone loads the defaults over whatever was set. */
static void test_restore_only(void **state) {
  (void)state;
  set_cx(0x202, 0x77777777u);
  assert_non_null(agc_dcb_context_state_transition(&cb, 0));
  run();
  assert_int_equal(reg(CP_GFX_QUEUE, CX_BYTE(0x202)), 0x00CC0010u);
  assert_int_equal(label(0), 0); /* the label untouched */
  assert_int_equal(label(1), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_push_restore_pop, setup, teardown),
      cmocka_unit_test_setup_teardown(test_interrupts, setup, teardown),
      cmocka_unit_test_setup_teardown(test_restore_only, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
