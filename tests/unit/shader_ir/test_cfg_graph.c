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

/* loop { loop { if (c) continue outer; } }: the inner loop's only exit is the outer header,
 * so its region merge edge points backwards in RPO (the cyclic region graph, solved by the
 * general post-dominator analysis). The inner loop's merge would be the outer header, which
 * the inner header does not dominate, and the edge into it is the outer back edge, which no
 * forwarding block may take: a BAD_MERGE fallback at the inner header. */
static void continue_outer_from_inner_loop_falls_back(void **state) {
  (void)state;
  struct cfg_graph *g = make(5, "0>1 1>2 1>4 2>3 3>2 3>1");
  assert_int_equal(cfg_graph_loop_count(g), 2);
  assert_true(cfg_graph_is_back_edge(g, 3, 1));
  assert_true(cfg_graph_is_back_edge(g, 3, 2));
  struct cfg_structure s;
  assert_false(cfg_structurize(g, &s));
  assert_int_equal(s.fallback, CFG_FALLBACK_BAD_MERGE);
  assert_int_equal(s.fallback_node, 2);
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

/* Every answer of the dominator and loop analyses, to compare an updated analysis with one
 * computed from scratch on the same graph. */
struct analysis_snapshot {
  uint32_t n, entry, rpo_count, loop_count;
  uint32_t *node;   /* per node: reachable, rpo index, idom, loop of, loop with header */
  uint8_t *dom;     /* n x n dominates() */
  uint32_t *loop;   /* per loop: header, parent, depth, size, latch and exit lists */
  uint8_t *in_loop; /* loop_count x n */
};

static void snapshot_take(struct cfg_graph *g, struct analysis_snapshot *s) {
  uint32_t n = cfg_graph_node_count(g), nl = cfg_graph_loop_count(g);
  s->n = n;
  s->entry = cfg_graph_entry(g);
  s->rpo_count = cfg_graph_rpo_count(g);
  s->loop_count = nl;
  s->node = calloc(5 * n, sizeof *s->node);
  s->dom = calloc((size_t)n * n, 1);
  s->loop = calloc((size_t)nl * (4 + 2 * (n + 1)) + 1, sizeof *s->loop);
  s->in_loop = calloc((size_t)nl * n + 1, 1);
  assert_non_null(s->node);
  for (uint32_t b = 0; b < n; b++) {
    s->node[5 * b] = cfg_graph_reachable(g, b);
    s->node[5 * b + 1] = cfg_graph_rpo_index(g, b);
    s->node[5 * b + 2] = cfg_graph_idom(g, b);
    s->node[5 * b + 3] = cfg_graph_loop_of(g, b);
    s->node[5 * b + 4] = cfg_graph_loop_with_header(g, b);
    for (uint32_t a = 0; a < n; a++) s->dom[(size_t)a * n + b] = cfg_graph_dominates(g, a, b);
  }
  for (uint32_t l = 0; l < nl; l++) {
    uint32_t *e = &s->loop[(size_t)l * (4 + 2 * (n + 1))], k = 4;
    e[0] = cfg_graph_loop_header(g, l);
    e[1] = cfg_graph_loop_parent(g, l);
    e[2] = cfg_graph_loop_depth(g, l);
    e[3] = cfg_graph_loop_size(g, l);
    e[k++] = cfg_graph_loop_latch_count(g, l);
    for (uint32_t i = 0; i < cfg_graph_loop_latch_count(g, l); i++) e[k++] = cfg_graph_loop_latch(g, l, i);
    e[k++] = cfg_graph_loop_exit_count(g, l);
    for (uint32_t i = 0; i < cfg_graph_loop_exit_count(g, l); i++) e[k++] = cfg_graph_loop_exit(g, l, i);
    for (uint32_t b = 0; b < n; b++) s->in_loop[(size_t)l * n + b] = cfg_graph_loop_contains(g, l, b);
  }
}

static void snapshot_free(struct analysis_snapshot *s) {
  free(s->node);
  free(s->dom);
  free(s->loop);
  free(s->in_loop);
}

/* The analysis G holds now equals a fresh cfg_graph_analyze() of the same graph. */
static void expect_same_as_fresh_analysis(struct cfg_graph *g) {
  struct analysis_snapshot a, b;
  snapshot_take(g, &a);
  assert_true(cfg_graph_analyze(g));
  snapshot_take(g, &b);
  assert_int_equal(a.n, b.n);
  assert_int_equal(a.entry, b.entry);
  assert_int_equal(a.rpo_count, b.rpo_count);
  assert_int_equal(a.loop_count, b.loop_count);
  assert_memory_equal(a.node, b.node, 5 * a.n * sizeof *a.node);
  assert_memory_equal(a.dom, b.dom, (size_t)a.n * a.n);
  assert_memory_equal(a.loop, b.loop, (size_t)a.loop_count * (4 + 2 * (a.n + 1)) * sizeof *a.loop);
  assert_memory_equal(a.in_loop, b.in_loop, (size_t)a.loop_count * a.n);
  snapshot_free(&a);
  snapshot_free(&b);
}

static uint32_t test_rand(uint32_t *seed) {
  *seed = *seed * 1103515245u + 12345u;
  return *seed >> 8;
}

/* A new node F in front of T taking the edges from the predecessors of T chosen by MASK
 * (bit i: the i-th predecessor), its own edge first as cfg_graph_update requires. */
static uint32_t insert_in_front(struct cfg_graph *g, uint32_t t, uint64_t mask) {
  uint32_t preds[64], np = 0;
  for (uint32_t i = 0; i < cfg_graph_pred_count(g, t) && i < 64; i++)
    if (mask >> i & 1) preds[np++] = cfg_graph_pred(g, t, i);
  uint32_t f = cfg_graph_add_node(g);
  assert_int_not_equal(f, CFG_NONE);
  assert_true(cfg_graph_add_edge(g, f, t));
  for (uint32_t i = 0; i < np; i++) assert_true(cfg_graph_redirect_edge(g, preds[i], t, f));
  return f;
}

/* Predecessors of T (below OLD_N) whose edge into T is a back edge (BACK) or not. */
static uint64_t pred_mask(struct cfg_graph *g, uint32_t t, uint32_t old_n, bool back) {
  uint64_t m = 0;
  for (uint32_t i = 0; i < cfg_graph_pred_count(g, t) && i < 64; i++) {
    uint32_t p = cfg_graph_pred(g, t, i);
    if (p < old_n && cfg_graph_reachable(g, p) && cfg_graph_dominates(g, t, p) == back) m |= 1ull << i;
  }
  return m;
}

/* The insertions the structuriser makes (continue node, empty loop header, forwarding node,
 * new entry), in random batches on random reducible graphs: the updated dominator tree and
 * loops equal a fresh analysis, and the update really was incremental; an edit it cannot
 * follow makes it analyse from scratch with the same result. */
static void incremental_update_matches_fresh_analysis(void **state) {
  (void)state;
  uint32_t seed = 777, incremental = 0;
  for (int round = 0; round < 300; round++) {
    uint32_t n = 3 + round % 50;
    struct cfg_graph *g = cfg_graph_create(n, 0);
    for (uint32_t b = 0; b + 1 < n; b++) { /* forward edges, then back edges to dominators */
      uint32_t k = test_rand(&seed) % 5 == 0 ? 2 : test_rand(&seed) % 9 == 0 ? 0 : 1;
      for (uint32_t j = 0; j < k; j++)
        cfg_graph_add_edge(g, b, b + 1 + test_rand(&seed) % 4 < n ? b + 1 + test_rand(&seed) % 4 : n - 1);
    }
    assert_true(cfg_graph_analyze(g));
    uint32_t latches = n / 4;
    for (uint32_t i = 0; i < latches; i++) {
      uint32_t b = test_rand(&seed) % n, d = b;
      if (!cfg_graph_reachable(g, b) || cfg_graph_succ_count(g, b) >= 2) continue;
      for (uint32_t up = test_rand(&seed) % 4; up-- > 0 && d != cfg_graph_entry(g);) d = cfg_graph_idom(g, d);
      cfg_graph_add_edge(g, b, d);
    }
    assert_true(cfg_graph_analyze(g));
    for (int batch = 0; batch < 3 && !cfg_graph_irreducible(g, NULL); batch++) {
      uint32_t old_n = cfg_graph_node_count(g), ops = 2 + test_rand(&seed) % 6;
      bool violation = batch == 2 && round % 5 == 0;
      for (uint32_t op = 0; op < ops; op++) {
        uint32_t kind = test_rand(&seed) % 4, t = test_rand(&seed) % old_n;
        if (!cfg_graph_reachable(g, t)) continue;
        uint32_t l = cfg_graph_loop_count(g) ? test_rand(&seed) % cfg_graph_loop_count(g) : 0;
        if (kind == 0 && cfg_graph_loop_count(g)) { /* continue node: some back edges */
          uint32_t h = cfg_graph_loop_header(g, l);
          uint64_t m = pred_mask(g, h, old_n, true) & (test_rand(&seed) | 1ull << 63);
          if (m) insert_in_front(g, h, m);
        } else if (kind == 1 && cfg_graph_loop_count(g)) { /* empty header: every edge */
          uint32_t h = cfg_graph_loop_header(g, l);
          bool all_old = true;
          for (uint32_t i = 0; i < cfg_graph_pred_count(g, h); i++) all_old &= cfg_graph_pred(g, h, i) < old_n;
          if (all_old) insert_in_front(g, h, ~0ull);
        } else if (kind == 2) { /* forwarding node: some forward edges */
          uint64_t m = pred_mask(g, t, old_n, false) & test_rand(&seed);
          if (m) insert_in_front(g, t, m);
        } else if (kind == 3 && op == 0 && batch == 0) { /* new entry */
          uint32_t e = cfg_graph_add_node(g);
          assert_true(cfg_graph_add_edge(g, e, cfg_graph_entry(g)));
          assert_true(cfg_graph_set_entry(g, e));
        }
      }
      bool added = false; /* a new edge between analysed nodes */
      for (int tries = 0; violation && !added && tries < 100; tries++) {
        uint32_t from = test_rand(&seed) % old_n, to = test_rand(&seed) % old_n;
        if (cfg_graph_pred_index(g, to, from) == CFG_NONE) added = cfg_graph_add_edge(g, from, to);
      }
      bool inc = false;
      assert_true(cfg_graph_update(g, &inc));
      if (added) assert_false(inc);
      incremental += inc && cfg_graph_node_count(g) > old_n;
      expect_same_as_fresh_analysis(g);
    }
    cfg_graph_destroy(g);
  }
  assert_true(incremental > 300); /* most batches took the incremental path */
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
      cmocka_unit_test(continue_outer_from_inner_loop_falls_back),
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
      cmocka_unit_test(incremental_update_matches_fresh_analysis),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
