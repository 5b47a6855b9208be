/* Control-flow analyses and the structuriser on hand-made graphs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gpu/shader/ir/cfg_graph.h"
#include "gpu/shader/ir/cfg_structure.h"

/* Builds a graph from "a>b a>c ..." (entry 0). */
static struct cfg_graph *make(uint32_t n, const char *edges) {
  struct cfg_graph *g = cfg_graph_create(n, 0);
  assert_non_null(g);
  const char *p = edges;
  while (*p) {
    unsigned a, b;
    int used = 0;
    if (sscanf(p, " %u>%u%n", &a, &b, &used) != 2) break;
    assert_true(cfg_graph_add_edge(g, a, b));
    p += used;
  }
  assert_true(cfg_graph_analyze(g));
  return g;
}

static void diamond_dominators_and_selection(void **state) {
  (void)state;
  struct cfg_graph *g = make(4, "0>1 0>2 1>3 2>3");
  assert_int_equal(cfg_graph_idom(g, 3), 0);
  assert_int_equal(cfg_graph_idom(g, 1), 0);
  assert_int_equal(cfg_graph_ipdom(g, 0), 3);
  assert_int_equal(cfg_graph_ipdom(g, 1), 3);
  assert_int_equal(cfg_graph_ipdom(g, 3), CFG_EXIT);
  assert_true(cfg_graph_dominates(g, 0, 3));
  assert_false(cfg_graph_dominates(g, 1, 3));
  assert_true(cfg_graph_post_dominates(g, 3, 0));
  assert_false(cfg_graph_post_dominates(g, 1, 0));
  assert_int_equal(cfg_graph_loop_count(g), 0);
  assert_int_equal(cfg_graph_scc_count(g), 4);
  assert_false(cfg_graph_irreducible(g, NULL));
  assert_int_equal(cfg_graph_rpo_node(g, 0), 0);
  assert_int_equal(cfg_graph_rpo_node(g, 3), 3);

  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.inserted, 0);
  assert_int_equal(s.shapes[0].shape, CFG_SHAPE_SELECTION);
  assert_int_equal(s.shapes[0].merge, 3);
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_PLAIN);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void if_then_without_else(void **state) {
  (void)state;
  struct cfg_graph *g = make(3, "0>1 0>2 1>2");
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[0].shape, CFG_SHAPE_SELECTION);
  assert_int_equal(s.shapes[0].merge, 2);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void while_loop(void **state) {
  (void)state;
  struct cfg_graph *g = make(4, "0>1 1>2 1>3 2>1");
  assert_int_equal(cfg_graph_loop_count(g), 1);
  assert_int_equal(cfg_graph_loop_header(g, 0), 1);
  assert_int_equal(cfg_graph_loop_latch_count(g, 0), 1);
  assert_int_equal(cfg_graph_loop_latch(g, 0, 0), 2);
  assert_int_equal(cfg_graph_loop_exit_count(g, 0), 1);
  assert_int_equal(cfg_graph_loop_exit(g, 0, 0), 3);
  assert_true(cfg_graph_is_back_edge(g, 2, 1));
  assert_false(cfg_graph_is_back_edge(g, 1, 2));
  assert_int_equal(cfg_graph_loop_of(g, 2), 0);
  assert_int_equal(cfg_graph_loop_of(g, 3), CFG_NONE);
  assert_int_equal(cfg_graph_scc_of(g, 1), cfg_graph_scc_of(g, 2));
  assert_int_not_equal(cfg_graph_scc_of(g, 1), cfg_graph_scc_of(g, 3));

  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[1].merge, 3);
  assert_int_equal(s.shapes[1].continue_to, 2);
  assert_int_equal(s.inserted, 0);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void nested_loops_get_distinct_merges(void **state) {
  (void)state;
  /* outer 1..4, inner 2..3; the inner loop exits to the outer latch 4 */
  struct cfg_graph *g = make(6, "0>1 1>2 2>3 3>2 3>4 4>1 4>5");
  assert_int_equal(cfg_graph_loop_count(g), 2);
  uint32_t outer = cfg_graph_loop_with_header(g, 1), inner = cfg_graph_loop_with_header(g, 2);
  assert_int_equal(cfg_graph_loop_parent(g, inner), outer);
  assert_int_equal(cfg_graph_loop_depth(g, inner), 2);
  assert_int_equal(cfg_graph_loop_size(g, outer), 4);
  assert_int_equal(cfg_graph_loop_size(g, inner), 2);
  assert_int_equal(cfg_graph_loop_of(g, 3), inner);
  assert_int_equal(cfg_graph_loop_of(g, 4), outer);

  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  char err[160];
  assert_true(cfg_structure_check(g, &s, err, sizeof err));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[1].merge, 5);
  assert_int_equal(s.shapes[1].continue_to, 4);
  assert_int_equal(s.shapes[2].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[2].continue_to, 3);
  /* block 4 is the outer continue target, so the inner loop got a forwarding merge */
  uint32_t m = s.shapes[2].merge;
  assert_true(m >= s.original_nodes);
  assert_int_equal(cfg_graph_succ_count(g, m), 1);
  assert_int_equal(cfg_graph_succ(g, m, 0), 4);
  assert_int_equal(s.shapes[3].shape, CFG_SHAPE_EXIT_BRANCH);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void break_out_of_loop(void **state) {
  (void)state;
  /* while (c1) { if (c2) break; body; } */
  struct cfg_graph *g = make(6, "0>1 1>2 1>5 2>5 2>3 3>1");
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[1].merge, 5);
  assert_int_equal(s.shapes[1].continue_to, 3);
  assert_int_equal(s.shapes[2].shape, CFG_SHAPE_SELECTION);
  /* the non-breaking arm leads straight to the continue target: a forwarding merge */
  uint32_t m = s.shapes[2].merge;
  assert_true(m != CFG_NONE && m != 5);
  assert_true(m >= s.original_nodes);
  assert_int_equal(cfg_graph_succ(g, m, 0), 3);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void continue_in_loop(void **state) {
  (void)state;
  /* while (c1) { if (c2) continue; x; } with latch 4 */
  struct cfg_graph *g = make(6, "0>1 1>2 1>5 2>4 2>3 3>4 4>1");
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[1].continue_to, 4);
  assert_int_equal(s.shapes[2].shape, CFG_SHAPE_SELECTION);
  assert_int_not_equal(s.shapes[2].merge, 4);
  assert_true(cfg_graph_dominates(g, 2, s.shapes[2].merge));
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void early_return(void **state) {
  (void)state;
  struct cfg_graph *g = make(4, "0>1 0>2 2>3");
  assert_int_equal(cfg_graph_ipdom(g, 0), CFG_EXIT);
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[0].shape, CFG_SHAPE_SELECTION);
  assert_int_equal(s.shapes[0].merge, 2);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void return_inside_loop_is_not_a_second_exit(void **state) {
  (void)state;
  /* loop { if (c) return; if (d) break; } after */
  struct cfg_graph *g = make(6, "0>1 1>2 1>3 3>1 3>4 4>5");
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[1].merge, 4);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void irreducible_graph_falls_back(void **state) {
  (void)state;
  struct cfg_graph *g = make(4, "0>1 0>2 1>2 2>1 2>3");
  uint32_t node;
  assert_true(cfg_graph_irreducible(g, &node));
  assert_true(node == 1 || node == 2);
  assert_int_equal(cfg_graph_loop_count(g), 0); /* no back edge: nothing dominates */
  struct cfg_structure s;
  assert_false(cfg_structurize(g, &s));
  assert_int_equal(s.fallback, CFG_FALLBACK_IRREDUCIBLE);
  assert_non_null(strstr(s.reason, "irreducible"));
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void loop_with_two_exit_targets_falls_back(void **state) {
  (void)state;
  struct cfg_graph *g = make(6, "0>1 1>2 1>3 2>1 2>4 3>5 4>5");
  struct cfg_structure s;
  assert_false(cfg_structurize(g, &s));
  assert_int_equal(s.fallback, CFG_FALLBACK_LOOP_EXITS);
  assert_int_equal(s.fallback_node, 1);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void several_back_edges_share_one_continue_node(void **state) {
  (void)state;
  struct cfg_graph *g = make(6, "0>1 1>2 1>5 2>3 2>4 3>1 4>1");
  assert_int_equal(cfg_graph_loop_latch_count(g, 0), 2);
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  uint32_t c = s.shapes[1].continue_to;
  assert_true(c >= s.original_nodes);
  assert_int_equal(cfg_graph_succ(g, c, 0), 1);
  assert_int_equal(cfg_graph_loop_latch_count(g, cfg_graph_loop_with_header(g, 1)), 1);
  assert_int_equal(s.shapes[2].shape, CFG_SHAPE_SELECTION);
  assert_int_not_equal(s.shapes[2].merge, c);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void self_loop_and_entry_header(void **state) {
  (void)state;
  struct cfg_graph *g = make(3, "0>1 1>1 1>2");
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[1].continue_to, 1);
  assert_int_equal(s.shapes[1].merge, 2);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);

  /* the entry is a branch target: a new empty entry is put in front */
  g = make(2, "0>0 0>1");
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(cfg_graph_entry(g), 2);
  assert_int_equal(cfg_graph_pred_count(g, 2), 0);
  assert_int_equal(s.shapes[0].shape, CFG_SHAPE_LOOP);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void header_branching_inside_loop_gets_own_header(void **state) {
  (void)state;
  /* do { if (c) x; } while (d): header 1 branches to 2 or 3, both in the loop */
  struct cfg_graph *g = make(5, "0>1 1>2 1>3 2>3 3>1 3>4");
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_SELECTION);
  uint32_t h = cfg_graph_idom(g, 1);
  assert_true(h >= s.original_nodes);
  assert_int_equal(s.shapes[h].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[h].merge, 4);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void infinite_loop_and_unreachable_nodes(void **state) {
  (void)state;
  struct cfg_graph *g = make(4, "0>1 1>2 2>1 3>1");
  assert_false(cfg_graph_reachable(g, 3));
  assert_int_equal(cfg_graph_idom(g, 3), CFG_NONE);
  assert_int_not_equal(cfg_graph_ipdom(g, 1), CFG_NONE);
  assert_int_not_equal(cfg_graph_ipdom(g, 0), CFG_NONE);
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[1].shape, CFG_SHAPE_LOOP);
  assert_int_equal(s.shapes[1].merge, CFG_NONE);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void shared_merge_of_nested_ifs_is_split(void **state) {
  (void)state;
  /* if (a) { if (b) x; } y : both branches meet at 4 */
  struct cfg_graph *g = make(5, "0>1 0>4 1>2 1>4 2>4");
  struct cfg_structure s;
  assert_true(cfg_structurize(g, &s));
  assert_int_equal(s.shapes[0].merge, 4);
  uint32_t m = s.shapes[1].merge;
  assert_true(m >= s.original_nodes);
  assert_int_equal(cfg_graph_succ(g, m, 0), 4);
  assert_int_equal(cfg_graph_pred_count(g, 4), 2);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void structure_check_finds_violations(void **state) {
  (void)state;
  char err[160];
  struct cfg_structure s;
  /* a merge its header does not dominate */
  struct cfg_graph *g = make(4, "0>1 0>2 1>3 2>3");
  assert_true(cfg_structurize(g, &s));
  assert_true(cfg_structure_check(g, &s, err, sizeof err));
  s.shapes[1].shape = CFG_SHAPE_SELECTION;
  s.shapes[1].merge = 2;
  assert_false(cfg_structure_check(g, &s, err, sizeof err));
  assert_non_null(strstr(err, "not dominated"));
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
  /* one block claimed as the merge of two constructs */
  g = make(4, "0>1 1>2 1>3 2>3");
  assert_true(cfg_structurize(g, &s));
  assert_true(cfg_structure_check(g, &s, err, sizeof err));
  s.shapes[0].shape = CFG_SHAPE_SELECTION;
  s.shapes[0].merge = 3;
  assert_false(cfg_structure_check(g, &s, err, sizeof err));
  assert_non_null(strstr(err, "claimed"));
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void multiway_branch_falls_back(void **state) {
  (void)state;
  struct cfg_graph *g = make(5, "0>1 0>2 0>3 1>4 2>4 3>4");
  struct cfg_structure s;
  assert_false(cfg_structurize(g, &s));
  assert_int_equal(s.fallback, CFG_FALLBACK_MULTIWAY_BRANCH);
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

static void bad_arguments_are_rejected(void **state) {
  (void)state;
  assert_null(cfg_graph_create(0, 0));
  assert_null(cfg_graph_create(2, 5));
  struct cfg_graph *g = cfg_graph_create(2, 0);
  assert_false(cfg_graph_add_edge(g, 0, 7));
  assert_false(cfg_graph_redirect_edge(g, 0, 1, 0)); /* no such edge */
  assert_true(cfg_graph_analyze(g));
  assert_int_equal(cfg_graph_succ(g, 9, 0), CFG_NONE);
  assert_int_equal(cfg_graph_idom(g, 9), CFG_NONE);
  cfg_graph_destroy(g);
}

/* A long random graph: every analysis terminates and the results are self-consistent. */
static void random_graphs_are_consistent(void **state) {
  (void)state;
  uint32_t seed = 12345;
  for (int round = 0; round < 200; round++) {
    uint32_t n = 2 + round % 40;
    struct cfg_graph *g = cfg_graph_create(n, 0);
    for (uint32_t b = 0; b < n; b++) {
      uint32_t k = (seed = seed * 1103515245u + 12345u) >> 29;
      for (uint32_t j = 0; j < (k % 3); j++) {
        seed = seed * 1103515245u + 12345u;
        cfg_graph_add_edge(g, b, (seed >> 8) % n);
      }
    }
    assert_true(cfg_graph_analyze(g));
    for (uint32_t b = 0; b < n; b++) {
      if (!cfg_graph_reachable(g, b)) continue;
      uint32_t d = cfg_graph_idom(g, b);
      assert_true(cfg_graph_dominates(g, d, b));
      for (uint32_t i = 0; i < cfg_graph_pred_count(g, b); i++) {
        uint32_t p = cfg_graph_pred(g, b, i);
        if (cfg_graph_reachable(g, p) && b != cfg_graph_entry(g))
          assert_true(cfg_graph_dominates(g, d, p));
      }
      assert_int_not_equal(cfg_graph_ipdom(g, b), CFG_NONE);
    }
    struct cfg_structure s;
    bool ok = cfg_structurize(g, &s);
    if (ok) {
      char err[160];
      bool valid = cfg_structure_check(g, &s, err, sizeof err);
      if (!valid) fprintf(stderr, "round %d: %s\n", round, err);
      assert_true(valid);
    } else {
      assert_int_not_equal(s.fallback, CFG_FALLBACK_NONE);
      assert_true(s.reason[0] != 0);
    }
    cfg_structure_free(&s);
    cfg_graph_destroy(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(diamond_dominators_and_selection),
      cmocka_unit_test(if_then_without_else),
      cmocka_unit_test(while_loop),
      cmocka_unit_test(nested_loops_get_distinct_merges),
      cmocka_unit_test(break_out_of_loop),
      cmocka_unit_test(continue_in_loop),
      cmocka_unit_test(early_return),
      cmocka_unit_test(return_inside_loop_is_not_a_second_exit),
      cmocka_unit_test(irreducible_graph_falls_back),
      cmocka_unit_test(loop_with_two_exit_targets_falls_back),
      cmocka_unit_test(several_back_edges_share_one_continue_node),
      cmocka_unit_test(self_loop_and_entry_header),
      cmocka_unit_test(header_branching_inside_loop_gets_own_header),
      cmocka_unit_test(infinite_loop_and_unreachable_nodes),
      cmocka_unit_test(shared_merge_of_nested_ifs_is_split),
      cmocka_unit_test(structure_check_finds_violations),
      cmocka_unit_test(multiway_branch_falls_back),
      cmocka_unit_test(bad_arguments_are_rejected),
      cmocka_unit_test(random_graphs_are_consistent),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
