/* The packets libSceAgc's draw, DMA and flow builders write, run by the command processor:
 * the builders write a DCB into memory the command processor reads, the draws must come out
 * recorded with the counts, instances, index state and indirect addresses the GFX10 packets
 * define (DRAW_INDEX_AUTO, DRAW_INDEX_2, DRAW_INDEX_OFFSET_2, DRAW_INDIRECT with SET_BASE's
 * base plus the packet's offset, NUM_INSTANCES, INDEX_BASE, INDEX_TYPE through VGT_INDEX_TYPE's
 * register), COND_EXEC must skip its dwords when the dword it reads is 0, DMA_DATA must fill and
 * copy memory, PFP_SYNC_ME must do nothing visible. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cp/cp.h"
#include "hle/libSceAgc/agc.h"

/* Guest addresses are the host addresses of MEM (the builders take guest pointers). */
static uint64_t base; /* the host address of MEM */
#define MEM_BASE base
#define MEM_SIZE (1u << 16)
#include "cp_test_harness.h"

#define MAX_DRAWS 8
static struct cp_draw draws[MAX_DRAWS];
static unsigned ndraws;
static void on_draw(void *ctx, const struct cp_draw *d) {
  (void)ctx;
  if (ndraws < MAX_DRAWS) draws[ndraws] = *d;
  ndraws++;
}

static struct agc_cb cb;

static int setup(void **state) {
  (void)state;
  ndraws = 0;
  const struct cp_ops ops = {.mem_map = mem_map, .draw = on_draw};
  if (cp_test_setup(&ops)) return -1;
  base = (uint64_t)(uintptr_t)mem;
  uint32_t *dcb = (uint32_t *)mem;
  cb = (struct agc_cb){
      .bottom = dcb, .top = dcb + 1024, .cursor_up = dcb, .cursor_down = dcb + 1024};
  return 0;
}

/* Submits what the builders wrote and runs it; the queue must end idle (not stopped). */
static void run(void) {
  uint32_t dwords = (uint32_t)(cb.cursor_up - cb.bottom);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, base, dwords), 0);
  assert_true(cp_run_until_idle(cp, 100));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
}

static void test_direct_draws(void **state) {
  (void)state;
  uint64_t indices = base + 0x8000;
  assert_non_null(agc_dcb_set_num_instances(&cb, 4));
  assert_non_null(agc_dcb_draw_index_auto(&cb, 36, 0));
  assert_non_null(agc_dcb_set_index_size(&cb, 1, 0)); /* 32-bit indices */
  assert_non_null(agc_dcb_draw_index(&cb, 6, indices, 0));
  assert_non_null(agc_dcb_set_index_buffer(&cb, indices + 0x100));
  assert_non_null(agc_dcb_set_index_count(&cb, 64));
  assert_non_null(agc_dcb_draw_index_offset(&cb, 8, 12, 0));
  assert_non_null(agc_dcb_stall_command_buffer_parser(&cb));
  run();
  assert_int_equal(ndraws, 3);
  assert_int_equal(cp_queue_stats(cp, CP_GFX_QUEUE).draws, 3);
  assert_int_equal(draws[0].opcode, PM4_DRAW_INDEX_AUTO);
  assert_int_equal(draws[0].count, 36);
  assert_int_equal(draws[0].instances, 4);
  assert_int_equal(draws[0].initiator, 2); /* SOURCE_SELECT auto index */
  assert_int_equal(draws[1].opcode, PM4_DRAW_INDEX_2);
  assert_int_equal(draws[1].count, 6);
  assert_int_equal(draws[1].index_base, indices);
  assert_int_equal(draws[1].initiator, 0); /* SOURCE_SELECT DMA */
  assert_int_equal(draws[1].index_type, 1);
  assert_int_equal(draws[2].opcode, PM4_DRAW_INDEX_OFFSET_2);
  assert_int_equal(draws[2].count, 12);
  assert_int_equal(draws[2].index_base, indices + 0x100);
  assert_int_equal(draws[2].instances, 4);
  /* VGT_INDEX_TYPE (user config 0x243, byte 0x3090C) holds what SetIndexSize wrote */
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xC243), 0x401);
}

static void test_indirect_draws(void **state) {
  (void)state;
  uint64_t args = base + 0x9000;
  assert_non_null(agc_dcb_set_base_indirect_args(&cb, 0, args));
  assert_non_null(agc_dcb_draw_indirect(&cb, 0x10, 0));
  assert_non_null(agc_dcb_draw_index_indirect(&cb, 0x40, 0));
  assert_non_null(agc_dcb_draw_indirect_multi(&cb, 0x80, 0, 4, 0, 16, 0));
  assert_non_null(agc_dcb_draw_index_indirect_multi(&cb, 0xC0, 0, 2, 0, 20, 0));
  run();
  assert_int_equal(ndraws, 4);
  assert_int_equal(draws[2].opcode, PM4_DRAW_INDIRECT_MULTI);
  assert_int_equal(draws[2].indirect_addr, args + 0x80);
  assert_int_equal(draws[3].opcode, PM4_DRAW_INDEX_INDIRECT_MULTI);
  assert_int_equal(draws[3].indirect_addr, args + 0xC0);
  assert_int_equal(draws[0].opcode, PM4_DRAW_INDIRECT);
  assert_int_equal(draws[0].indirect_addr, args + 0x10);
  assert_int_equal(draws[1].opcode, PM4_DRAW_INDEX_INDIRECT);
  assert_int_equal(draws[1].indirect_addr, args + 0x40);
}

/* COND_EXEC over the draw that follows it: skipped when the dword is 0, run when it is not. */
static void test_cond_exec(void **state) {
  (void)state;
  uint64_t flag0 = base + 0xA000, flag1 = base + 0xA004;
  *(uint32_t *)(mem + 0xA004) = 1;
  assert_non_null(agc_dcb_cond_exec(&cb, flag0, agc_dcb_draw_index_auto_get_size() / 4));
  assert_non_null(agc_dcb_draw_index_auto(&cb, 3, 0));
  assert_non_null(agc_dcb_cond_exec(&cb, flag1, agc_dcb_draw_index_auto_get_size() / 4));
  assert_non_null(agc_dcb_draw_index_auto(&cb, 9, 0));
  run();
  assert_int_equal(ndraws, 1);
  assert_int_equal(draws[0].count, 9);
}

static void test_dma_data(void **state) {
  (void)state;
  uint8_t *src = mem + 0xB000, *fill = mem + 0xC000, *copy = mem + 0xD000;
  for (unsigned i = 0; i < 64; i++) src[i] = (uint8_t)(i * 7 + 1);
  /* fill 32 bytes with a dword (SRC_SEL 2), copy 64 bytes memory to memory (SRC_SEL 0) */
  assert_non_null(agc_dcb_dma_data(&cb, 1, 0, 0, base + 0xC000, 2, 0, 0xA5A5F00Du, 32, 0, 1, 1));
  assert_non_null(agc_dcb_dma_data(&cb, 0, 0, 0, base + 0xD000, 0, 0, base + 0xB000, 64, 1, 0, 0));
  run();
  for (unsigned i = 0; i < 32; i += 4) assert_int_equal(*(uint32_t *)(fill + i), 0xA5A5F00Du);
  assert_int_equal(*(uint32_t *)(fill + 32), 0);
  assert_memory_equal(copy, src, 64);
}

/* Set*RegistersIndirect: the lists' (offset, value) pairs land in their spaces. */
static void test_registers_indirect(void **state) {
  (void)state;
  struct agc_shader_register *cx = (void *)(mem + 0xE000), *sh = cx + 4, *uc = cx + 8;
  cx[0] = (struct agc_shader_register){0x200, 0x11}; /* DB_DEPTH_CONTROL */
  cx[1] = (struct agc_shader_register){0x0A0, 0x22};
  sh[0] = (struct agc_shader_register){0x240, 0x33}; /* COMPUTE_USER_DATA_0 */
  uc[0] = (struct agc_shader_register){0x242, 0x4};  /* VGT_PRIMITIVE_TYPE */
  assert_non_null(agc_dcb_set_cx_registers_indirect(&cb, base + 0xE000, 2));
  assert_non_null(agc_dcb_set_sh_registers_indirect(&cb, base + 0xE020, 1));
  uint32_t *p = agc_dcb_set_uc_registers_indirect(&cb, 0, 0);
  assert_int_equal(agc_set_uc_reg_indirect_patch_set_address(p, base + 0xE040), 0);
  assert_int_equal(agc_set_uc_reg_indirect_patch_add_registers(p, 1), 0);
  run();
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xA000 + 0x200), 0x11);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xA000 + 0x0A0), 0x22);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0x2C00 + 0x240), 0x33);
  assert_int_equal(cp_reg(cp, CP_GFX_QUEUE, 0xC000 + 0x242), 0x4);
}

/* A list register past its space stops the queue (an error, not a write elsewhere). */
static void test_registers_indirect_bad(void **state) {
  (void)state;
  struct agc_shader_register *r = (void *)(mem + 0xE000);
  r[0] = (struct agc_shader_register){0xFFFF, 1};
  assert_non_null(agc_dcb_set_sh_registers_indirect(&cb, base + 0xE000, 1));
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, base, (uint32_t)(cb.cursor_up - cb.bottom)), 0);
  cp_run_until_idle(cp, 100);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* SET_PREDICATION on a 32-bit boolean (PRED_OP 4, PRED_BOOL 1: run when not 0): a predicated
 * draw is skipped while the value is 0, an unpredicated one runs; the COND_EXEC whose end was
 * patched skips both draws after it. */
static void test_predication(void **state) {
  (void)state;
  uint64_t value = base + 0xA010, zero = base + 0xA020;
  assert_non_null(agc_dcb_set_predication(&cb, 1, 4, 0, value, 0));
  uint32_t *a = agc_dcb_draw_index_auto(&cb, 5, 0);
  assert_non_null(agc_dcb_draw_index_auto(&cb, 6, 0));
  assert_int_equal(agc_set_packet_predication(a, 1), 0);
  uint32_t *c = agc_dcb_cond_exec(&cb, zero, 0);
  assert_non_null(agc_dcb_draw_index_auto(&cb, 7, 0));
  assert_non_null(agc_dcb_draw_index_auto(&cb, 8, 0));
  assert_int_equal(agc_cond_exec_patch_set_end(c, cb.cursor_up), 0);
  run();
  assert_int_equal(ndraws, 1);
  assert_int_equal(draws[0].count, 6);
}

/* REWIND: the queue waits at the packet (blocked, the draw after it not run) until the CPU
 * sets the packet's VALID bit with the patch function. */
static void test_rewind(void **state) {
  (void)state;
  uint32_t *r = agc_dcb_rewind(&cb, 0);
  assert_non_null(agc_dcb_draw_index_auto(&cb, 4, 0));
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, base, (uint32_t)(cb.cursor_up - cb.bottom)), 0);
  cp_run(cp);
  cp_run(cp);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(ndraws, 0);
  assert_int_equal(agc_rewind_patch_set_rewind_state(r, 1), 0);
  assert_true(cp_run_until_idle(cp, 100));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(ndraws, 1);
}

/* CbBranch: the "then" buffer is called when (value & mask) == reference, the "else" buffer
 * otherwise (mode 2); with mode 1 a failed test calls nothing. Each buffer holds one draw. */
static void test_branch(void **state) {
  (void)state;
  uint64_t *value = (uint64_t *)(mem + 0xA100);
  *value = 0x1234567800000005ull;
  uint32_t *then_ib = (uint32_t *)(mem + 0xC000), *else_ib = (uint32_t *)(mem + 0xC100);
  struct agc_cb t = {then_ib, then_ib + 16, then_ib, then_ib + 16, NULL, NULL, 0, 0};
  struct agc_cb e = {else_ib, else_ib + 16, else_ib, else_ib + 16, NULL, NULL, 0, 0};
  assert_non_null(agc_dcb_draw_index_auto(&t, 11, 0));
  assert_non_null(agc_dcb_draw_index_auto(&e, 22, 0));
  uint64_t v = base + 0xA100, ti = base + 0xC000, ei = base + 0xC100;
  /* == 5 on the low half: then; == 6: else; mode 1 and false: nothing */
  assert_non_null(agc_cb_branch(&cb, 2, 3, v, 0xFFFFFFFF, 5, 0, ti, 3, 0, ei, 3));
  assert_non_null(agc_cb_branch(&cb, 2, 3, v, 0xFFFFFFFF, 6, 0, ti, 3, 0, ei, 3));
  assert_non_null(agc_cb_branch(&cb, 1, 3, v, 0xFFFFFFFF, 6, 0, ti, 3, 0, ei, 3));
  /* > on the whole value */
  assert_non_null(agc_cb_branch(&cb, 2, 6, v, ~0ull, 0x1234567800000004ull, 0, ti, 3, 0, ei, 3));
  assert_non_null(agc_dcb_draw_index_auto(&cb, 33, 0));
  run();
  assert_int_equal(ndraws, 4);
  assert_int_equal(draws[0].count, 11);
  assert_int_equal(draws[1].count, 22);
  assert_int_equal(draws[2].count, 11);
  assert_int_equal(draws[3].count, 33);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_direct_draws, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_indirect_draws, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_cond_exec, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_dma_data, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_registers_indirect, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_registers_indirect_bad, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_predication, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_rewind, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_branch, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
