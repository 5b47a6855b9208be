/* The typed IR: builder, printer, validator, SSA construction, folding and DCE on
 * functions built by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gpu/shader/ir/ir.h"
#include "gpu/shader/ir/ir_internal.h"
#include "gpu/shader/ir/ir_interp.h"

static struct cfg_graph *graph(uint32_t n, const uint32_t (*edges)[2], uint32_t ne) {
  struct cfg_graph *g = cfg_graph_create(n, 0);
  for (uint32_t i = 0; i < ne; i++) assert_true(cfg_graph_add_edge(g, edges[i][0], edges[i][1]));
  assert_true(cfg_graph_analyze(g));
  return g;
}

static char *print_to_string(const struct ir_function *fn) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  ir_print_function(f, fn);
  fclose(f);
  return buf;
}

static void assert_valid(const struct ir_function *fn) {
  char err[256] = "";
  bool ok = ir_validate(fn, err, sizeof err);
  if (!ok) fprintf(stderr, "validator: %s\n", err);
  assert_true(ok);
}

static uint32_t count_op(const struct ir_function *fn, enum ir_op op) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < fn->inst_count; i++) n += !fn->insts[i].dead && fn->insts[i].op == op;
  return n;
}

/* if (scc) s0 = 2 else s0 = 3; store s0 */
static struct ir_function *diamond(void) {
  static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  struct ir_function *fn = ir_function_create(graph(4, e, 4), 32);
  struct ir_builder b = {fn, 0};
  ir_b_set_reg(&b, IR_REG_SGPR0, ir_b_const(&b, IR_TYPE_U32, 1));
  ir_cbr(&b, ir_b_get_reg(&b, IR_REG_SCC));
  b.block = 1;
  ir_b_set_reg(&b, IR_REG_SGPR0, ir_b_const(&b, IR_TYPE_U32, 2));
  ir_br(&b);
  b.block = 2;
  ir_b_set_reg(&b, IR_REG_SGPR0, ir_b_const(&b, IR_TYPE_U32, 3));
  ir_br(&b);
  b.block = 3;
  uint32_t addr = ir_b_const(&b, IR_TYPE_U64, 0x1000);
  uint32_t t = ir_b_const(&b, IR_TYPE_U1, 1);
  ir_store_global(&b, addr, ir_b_get_reg(&b, IR_REG_SGPR0), t);
  ir_ret(&b);
  return fn;
}

static void ssa_places_phi_at_join(void **state) {
  (void)state;
  struct ir_function *fn = diamond();
  assert_valid(fn);
  assert_true(ir_pass_ssa(fn));
  assert_valid(fn);
  assert_int_equal(count_op(fn, IR_OP_get_reg), 0);
  assert_int_equal(count_op(fn, IR_OP_set_reg), 0);
  assert_int_equal(count_op(fn, IR_OP_phi), 1);
  assert_int_equal(count_op(fn, IR_OP_entry_reg), 1); /* scc at wave start */
  /* the phi takes 2 from ^1 and 3 from ^2 */
  uint32_t phi = IR_NONE;
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].op == IR_OP_phi) phi = i;
  assert_int_equal(fn->insts[phi].block, 3);
  const uint32_t *a = ir_inst_args(fn, phi);
  for (uint32_t k = 0; k < 2; k++) {
    uint32_t pred = cfg_graph_pred(fn->cfg, 3, k);
    assert_true(ir_is_const(fn, a[k]));
    assert_int_equal(fn->insts[a[k]].imm, pred == 1 ? 2 : 3);
  }
  char *text = print_to_string(fn);
  assert_non_null(strstr(text, "phi.u32"));
  assert_non_null(strstr(text, "store_global"));
  assert_non_null(strstr(text, "entry_reg.u1 [scc]"));
  free(text);
  ir_function_destroy(fn);
}

static void loop_counter_gets_header_phi_and_folds_nothing_wrong(void **state) {
  (void)state;
  /* s0 = 0; do { s0 = s0 + 1 } while (s0 < 10); store s0 */
  static const uint32_t e[][2] = {{0, 1}, {1, 1}, {1, 2}};
  struct ir_function *fn = ir_function_create(graph(3, e, 3), 64);
  struct ir_builder b = {fn, 0};
  ir_b_set_reg(&b, IR_REG_SGPR0, ir_b_const(&b, IR_TYPE_U32, 0));
  ir_br(&b);
  b.block = 1;
  uint32_t v = ir_iadd(&b, ir_b_get_reg(&b, IR_REG_SGPR0), ir_b_const(&b, IR_TYPE_U32, 1));
  ir_b_set_reg(&b, IR_REG_SGPR0, v);
  /* s1 is read in the loop but never written there: no phi for it */
  ir_b_set_reg(&b, IR_REG_SCC, ir_ult(&b, v, ir_b_get_reg(&b, IR_REG_SGPR0 + 1)));
  ir_cbr(&b, ir_b_get_reg(&b, IR_REG_SCC));
  b.block = 2;
  ir_store_global(&b, ir_b_const(&b, IR_TYPE_U64, 0), ir_b_get_reg(&b, IR_REG_SGPR0),
                  ir_b_const(&b, IR_TYPE_U1, 1));
  ir_ret(&b);
  assert_true(ir_run_passes(fn));
  assert_valid(fn);
  assert_int_equal(count_op(fn, IR_OP_phi), 1); /* s0 only: scc is not live around */
  assert_int_equal(count_op(fn, IR_OP_iadd), 1);
  assert_int_equal(count_op(fn, IR_OP_entry_reg), 1); /* s1, read straight from the entry */
  ir_function_destroy(fn);
}

static void constants_fold_and_dead_code_goes(void **state) {
  (void)state;
  static const uint32_t e[][2] = {{0, 1}};
  struct ir_function *fn = ir_function_create(graph(2, e, 1), 32);
  struct ir_builder b = {fn, 0};
  uint32_t x = ir_iadd(&b, ir_b_const(&b, IR_TYPE_U32, 2), ir_b_const(&b, IR_TYPE_U32, 3));
  uint32_t y = ir_shl(&b, x, ir_b_const(&b, IR_TYPE_U32, 33)); /* count & 31 = 1 -> 10 */
  uint32_t f = ir_fmul(&b, ir_b_const_f32(&b, 1.5f), ir_b_const_f32(&b, 2.0f));
  uint32_t unused = ir_imul(&b, ir_b_get_reg(&b, IR_REG_VGPR0), y);
  (void)unused;
  uint32_t sum = ir_iadd(&b, ir_b_get_reg(&b, IR_REG_VGPR0 + 1), ir_b_const(&b, IR_TYPE_U32, 0));
  ir_b_set_reg(&b, IR_REG_VGPR0 + 2, ir_bitcast_u32(&b, f));
  ir_b_set_reg(&b, IR_REG_VGPR0 + 3, y);
  ir_b_set_reg(&b, IR_REG_VGPR0 + 4, sum);
  ir_br(&b);
  b.block = 1;
  uint32_t t = ir_b_const(&b, IR_TYPE_U1, 1);
  for (uint32_t r = 2; r <= 4; r++)
    ir_store_lds(&b, ir_b_const(&b, IR_TYPE_U32, r * 4), ir_b_get_reg(&b, IR_REG_VGPR0 + r), t);
  ir_ret(&b);
  assert_true(ir_run_passes(fn));
  assert_valid(fn);
  assert_int_equal(count_op(fn, IR_OP_imul), 0);  /* dead */
  assert_int_equal(count_op(fn, IR_OP_iadd), 0);  /* folded, x + 0 simplified */
  assert_int_equal(count_op(fn, IR_OP_fmul), 0);
  /* the stored values: 3.0f, 10, v1 */
  uint32_t found = 0;
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    if (fn->insts[i].dead || fn->insts[i].op != IR_OP_store_lds) continue;
    const uint32_t *a = ir_inst_args(fn, i);
    uint64_t where = fn->insts[a[0]].imm;
    if (where == 8) {
      assert_true(ir_is_const(fn, a[1]));
      assert_int_equal(fn->insts[a[1]].imm, 0x40400000u);
      found++;
    } else if (where == 12) {
      assert_true(ir_is_const(fn, a[1]));
      assert_int_equal(fn->insts[a[1]].imm, 10);
      found++;
    } else if (where == 16) {
      assert_int_equal(fn->insts[a[1]].op, IR_OP_entry_reg);
      assert_int_equal(fn->insts[a[1]].imm, IR_REG_VGPR0 + 1);
      found++;
    }
  }
  assert_int_equal(found, 3);
  ir_function_destroy(fn);
}

static void phi_of_equal_constants_becomes_constant(void **state) {
  (void)state;
  static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  struct ir_function *fn = ir_function_create(graph(4, e, 4), 32);
  struct ir_builder b = {fn, 0};
  ir_cbr(&b, ir_b_get_reg(&b, IR_REG_SCC));
  for (uint32_t k = 1; k <= 2; k++) {
    b.block = k;
    ir_b_set_reg(&b, IR_REG_M0, ir_b_const(&b, IR_TYPE_U32, 7));
    ir_br(&b);
  }
  b.block = 3;
  ir_store_lds(&b, ir_b_get_reg(&b, IR_REG_M0), ir_b_get_reg(&b, IR_REG_M0),
               ir_b_const(&b, IR_TYPE_U1, 1));
  ir_ret(&b);
  assert_true(ir_run_passes(fn));
  assert_int_equal(count_op(fn, IR_OP_phi), 0);
  ir_function_destroy(fn);
}

/* A phi whose operands fold to one value (x + 0 on one arm, x on the other) is that value. */
static void phi_of_one_value_after_folding_is_removed(void **state) {
  (void)state;
  static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  struct ir_function *fn = ir_function_create(graph(4, e, 4), 32);
  struct ir_builder b = {fn, 0};
  ir_cbr(&b, ir_b_get_reg(&b, IR_REG_SCC));
  b.block = 1;
  ir_b_set_reg(&b, IR_REG_M0,
               ir_iadd(&b, ir_b_get_reg(&b, IR_REG_SGPR0), ir_b_const(&b, IR_TYPE_U32, 0)));
  ir_br(&b);
  b.block = 2;
  ir_b_set_reg(&b, IR_REG_M0, ir_b_get_reg(&b, IR_REG_SGPR0));
  ir_br(&b);
  b.block = 3;
  ir_store_lds(&b, ir_b_get_reg(&b, IR_REG_M0), ir_b_get_reg(&b, IR_REG_M0),
               ir_b_const(&b, IR_TYPE_U1, 1));
  ir_ret(&b);
  assert_true(ir_pass_ssa(fn));
  assert_int_equal(count_op(fn, IR_OP_phi), 1); /* the arms differ before folding */
  assert_true(ir_run_passes(fn));
  assert_valid(fn);
  assert_int_equal(count_op(fn, IR_OP_phi), 0);
  assert_int_equal(count_op(fn, IR_OP_iadd), 0);
  /* the store takes s0's wave-start value as address and data */
  for (uint32_t id = 0; id < fn->inst_count; id++) {
    if (fn->insts[id].dead || fn->insts[id].op != IR_OP_store_lds) continue;
    const uint32_t *a = ir_inst_args(fn, id);
    assert_int_equal(fn->insts[a[0]].op, IR_OP_entry_reg);
    assert_int_equal(fn->insts[a[0]].imm, IR_REG_SGPR0);
    assert_int_equal(a[1], a[0]);
  }
  ir_function_destroy(fn);
}

/* Constant folding of the IEEE class test: every class bit against a value of each class
 * (bit 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal,
 * 9 +inf), and of the denormal flush. */
static void eval_fclass_and_fflush(void **state) {
  (void)state;
  static const struct { uint32_t bits, cls; } v[] = {
      {0x7f800001u, 0}, {0xff800001u, 0}, {0x7fc00000u, 1}, {0xffc00000u, 1},
      {0xff800000u, 2}, {0xbf800000u, 3}, {0x80800000u, 3}, {0x80000001u, 4},
      {0x807fffffu, 4}, {0x80000000u, 5}, {0x00000000u, 6}, {0x00000001u, 7},
      {0x007fffffu, 7}, {0x3f800000u, 8}, {0x7f7fffffu, 8}, {0x7f800000u, 9}};
  for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
    for (uint32_t bit = 0; bit < 10; bit++) {
      uint64_t out = 2;
      assert_true(ir_eval_op(IR_OP_fclass, 0, (const uint64_t[]){v[i].bits, 1u << bit, 0}, &out));
      assert_int_equal(out, bit == v[i].cls);
    }
    uint64_t all = 2;
    assert_true(ir_eval_op(IR_OP_fclass, 0, (const uint64_t[]){v[i].bits, 0x3ff, 0}, &all));
    assert_int_equal(all, 1);
    uint64_t flushed = 0, want = v[i].cls == 4 ? 0x80000000u : v[i].cls == 7 ? 0 : v[i].bits;
    assert_true(ir_eval_op(IR_OP_fflush, 0, (const uint64_t[]){v[i].bits, 0, 0}, &flushed));
    assert_int_equal(flushed, want);
  }
}

static void exec_masked_write_keeps_inactive_lanes(void **state) {
  (void)state;
  /* v0 = exec-lane ? v1 + v2 : v0; folding cannot remove the select */
  static const uint32_t e[][2] = {{0, 1}};
  struct ir_function *fn = ir_function_create(graph(2, e, 1), 32);
  struct ir_builder b = {fn, 0};
  uint32_t active = ir_lane_bit(&b, ir_b_get_reg(&b, IR_REG_EXEC));
  uint32_t sum = ir_iadd(&b, ir_b_get_reg(&b, IR_REG_VGPR0 + 1), ir_b_get_reg(&b, IR_REG_VGPR0 + 2));
  ir_b_set_reg(&b, IR_REG_VGPR0, ir_select(&b, active, sum, ir_b_get_reg(&b, IR_REG_VGPR0)));
  ir_br(&b);
  b.block = 1;
  ir_store_lds(&b, ir_b_const(&b, IR_TYPE_U32, 0), ir_b_get_reg(&b, IR_REG_VGPR0),
               ir_b_const(&b, IR_TYPE_U1, 1));
  ir_ret(&b);
  assert_true(ir_run_passes(fn));
  assert_int_equal(count_op(fn, IR_OP_select), 1);
  assert_int_equal(count_op(fn, IR_OP_entry_reg), 4); /* exec, v0, v1, v2 */
  ir_function_destroy(fn);
}

static void validator_rejects_bad_functions(void **state) {
  (void)state;
  static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  char err[256];

  /* operand type mismatch */
  struct ir_function *fn = diamond();
  struct ir_builder b = {fn, 0};
  fn->blocks[0].count--; /* take the cbr off, append, put it back */
  uint32_t term = fn->blocks[0].insts[fn->blocks[0].count];
  uint32_t f = ir_b_const_f32(&b, 1.0f);
  ir_iadd(&b, f, f);
  fn->blocks[0].insts[fn->blocks[0].count++] = term;
  assert_false(ir_validate(fn, err, sizeof err));
  assert_non_null(strstr(err, "expected u32"));
  ir_function_destroy(fn);

  /* missing terminator, wrong terminator */
  fn = ir_function_create(graph(4, e, 4), 32);
  b = (struct ir_builder){fn, 0};
  ir_br(&b); /* block 0 has two successors */
  assert_false(ir_validate(fn, err, sizeof err));
  assert_non_null(strstr(err, "br with 2 successors"));
  ir_function_destroy(fn);

  fn = diamond();
  b = (struct ir_builder){fn, 3};
  ir_b_const(&b, IR_TYPE_U32, 1); /* after ret */
  assert_false(ir_validate(fn, err, sizeof err));
  assert_non_null(strstr(err, "after the terminator"));
  ir_function_destroy(fn);

  /* a value from one arm used at the join: does not dominate */
  fn = diamond();
  assert_true(ir_pass_ssa(fn));
  uint32_t in_arm = IR_NONE;
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].block == 1 && fn->insts[i].op == IR_OP_const)
      in_arm = i;
  assert_int_not_equal(in_arm, IR_NONE);
  uint32_t store = IR_NONE;
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].op == IR_OP_store_global) store = i;
  ir_inst_args(fn, store)[1] = in_arm;
  assert_false(ir_validate(fn, err, sizeof err));
  assert_non_null(strstr(err, "does not dominate"));
  ir_function_destroy(fn);

  /* register access after SSA, and set_reg with the wrong type */
  fn = diamond();
  fn->ssa = true;
  assert_false(ir_validate(fn, err, sizeof err));
  assert_non_null(strstr(err, "after SSA"));
  ir_function_destroy(fn);
  fn = diamond();
  b = (struct ir_builder){fn, 0};
  fn->blocks[0].count--; /* drop the cbr, then append a bad write and put it back */
  uint32_t cbr = fn->blocks[0].insts[fn->blocks[0].count];
  ir_b_set_reg(&b, IR_REG_SCC, ir_b_const(&b, IR_TYPE_U32, 1));
  fn->blocks[0].insts[fn->blocks[0].count++] = cbr;
  assert_false(ir_validate(fn, err, sizeof err));
  assert_non_null(strstr(err, "set_reg of u1 with u32"));
  ir_function_destroy(fn);
}

static void op_table_is_consistent(void **state) {
  (void)state;
  for (int op = 0; op < IR_OP_COUNT; op++) {
    const struct ir_op_info *i = &ir_op_infos[op];
    assert_non_null(i->name);
    assert_true(i->arg_count <= 8);
    for (int k = 0; k < i->arg_count; k++) assert_int_not_equal(i->args[k], IR_TYPE_VOID);
    if (i->flags & IR_TERM) assert_int_equal(i->result, IR_TYPE_VOID);
    assert_false((i->flags & IR_PURE) && (i->flags & IR_SIDE));
  }
  assert_string_equal(ir_op_infos[IR_OP_ffma].name, "ffma");
  assert_int_equal(ir_op_infos[IR_OP_select].args[0], IR_TYPE_U1);
  char buf[16];
  assert_string_equal(ir_reg_name(IR_REG_VGPR0 + 255, buf, sizeof buf), "v255");
  assert_string_equal(ir_reg_name(IR_REG_SGPR0 + 105, buf, sizeof buf), "s105");
  assert_int_equal(ir_reg_type(IR_REG_EXEC), IR_TYPE_U64);
}

/* The interpreter's bounds: a block count (max_blocks, counted on entering a block) and an
 * optional count of instructions run (max_insts, every instruction but phis, terminators
 * included). Program: ^0 br -> ^1; ^1: three constants, a set_reg, br -> ^1 (forever). */
static void interpreter_stops_at_block_and_instruction_bounds(void **state) {
  (void)state;
  static const uint32_t e[][2] = {{0, 1}, {1, 1}};
  struct ir_function *fn = ir_function_create(graph(2, e, 2), 64);
  struct ir_builder b = {fn, 0};
  ir_br(&b);
  b.block = 1;
  ir_b_const(&b, IR_TYPE_U32, 1);
  ir_b_const(&b, IR_TYPE_U32, 2);
  ir_b_set_reg(&b, IR_REG_SGPR0, ir_b_const(&b, IR_TYPE_U32, 3));
  ir_br(&b);
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  char msg[128];
  /* 8 blocks: ^0 (1 instruction) and seven rounds of ^1 (5 each) */
  assert_false(ir_interp_run(fn, w, 8, msg, sizeof msg));
  assert_string_equal(msg, "stopped after 8 blocks");
  assert_int_equal(w->insts, 1 + 7 * 5);
  assert_int_equal(w->sgpr[0], 3);
  /* 50 instructions: ^0, nine full rounds of ^1, then the 50th is the last one run */
  w->max_insts = 50;
  assert_false(ir_interp_run(fn, w, 1000, msg, sizeof msg));
  assert_string_equal(msg, "stopped after 50 instructions");
  assert_int_equal(w->insts, 50);
  assert_int_equal(w->steps, 1 + 10);
  free(w);
  ir_function_destroy(fn);
}

int main(void) {
  ir_debug_validate = true;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ssa_places_phi_at_join),
      cmocka_unit_test(loop_counter_gets_header_phi_and_folds_nothing_wrong),
      cmocka_unit_test(constants_fold_and_dead_code_goes),
      cmocka_unit_test(phi_of_equal_constants_becomes_constant),
      cmocka_unit_test(eval_fclass_and_fflush),
      cmocka_unit_test(phi_of_one_value_after_folding_is_removed),
      cmocka_unit_test(exec_masked_write_keeps_inactive_lanes),
      cmocka_unit_test(validator_rejects_bad_functions),
      cmocka_unit_test(op_table_is_consistent),
      cmocka_unit_test(interpreter_stops_at_block_and_instruction_bounds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
