/* Layout of a cfg_graph and unchecked inline queries, for the graph analyses
 * (cfg_graph.c) and the hot loops of the structuriser (cfg_structure.c) and of SSA
 * construction (ir_ssa.c) only. Everyone else uses
 * the checked functions of cfg_graph.h. The inline queries take node and loop indices the
 * caller knows to be in range (below cfg_graph_node_count / cfg_graph_loop_count) and
 * otherwise answer exactly like their cfg_graph_* counterparts.
 */
#ifndef PROSPERO_GPU_SHADER_IR_CFG_GRAPH_INTERNAL_H
#define PROSPERO_GPU_SHADER_IR_CFG_GRAPH_INTERNAL_H

#include "gpu/shader/ir/cfg_graph.h"

struct cfg_vec {
  uint32_t *v;
  uint32_t n, cap;
};

struct cfg_loop {
  uint32_t header, parent, depth, size;
  uint64_t *body; /* bitset over nodes */
  struct cfg_vec nodes, latches, exits;
};

struct cfg_graph {
  uint32_t n, entry;
  uint32_t node_cap; /* room in succ/pred (nodes are appended by the structuriser) */
  struct cfg_vec *succ, *pred;
  /* analyses */
  uint32_t *rpo, rpo_count, *rpo_index;
  uint32_t *idom, *dom_pre, *dom_post;       /* dominator tree numbering */
  uint32_t *ipdom, *pdom_pre, *pdom_post;    /* n+1 entries: index n is the virtual exit */
  uint32_t *scc, scc_count;
  bool irreducible;
  uint32_t irreducible_node;
  struct cfg_loop *loops;
  uint32_t loop_count;
  uint32_t *loop_of, *loop_by_header;
  uint32_t loop_words; /* uint64_t words per loop body bitset (room for inserted nodes) */
  uint32_t analyzed_n, analyzed_entry;
  uint32_t analysis_cap; /* room in the per-node analysis tables */
  bool edited;   /* an edit since the analysis that cfg_graph_update cannot follow */
  bool full;     /* every analysis ran (not only post-dominators) */
  bool dom_done; /* the dominator tables are valid (a full or a dominators-only analysis) */
  bool scc_done; /* the SCCs were computed (lazily) */
  bool pdom_done; /* post-dominators computed (eagerly for the post-dominator analysis,
                   * on the first query after a full analysis: few users need them) */
  uint32_t *exit_roots, exit_root_count; /* scratch of the post-dominator pass */
  struct cfg_chunk *edges;                /* arena of the succ/pred lists */
  struct cfg_chunk *loop_arena;           /* loop lists and bitsets, freed per analysis */
};

/* Reverse post-order and dominators only (post-dominators on the first query; no loops, no
 * SCCs: the loop queries see none): the structuriser's check of the SPIR-V rules on its
 * structural graph, which needs nothing else. */
bool cfg_graph_analyze_dominators(struct cfg_graph *g);

/* A graph built in one piece from its successor lists: node B's successors are
 * SUCC[FIRST[B] .. FIRST[B+1]), distinct and below NODE_COUNT (FIRST has NODE_COUNT + 1
 * entries). The lists are exactly full: adding edges later grows them as usual. NULL on bad
 * arguments or when out of memory. */
struct cfg_graph *cfg_graph_create_csr(uint32_t node_count, uint32_t entry,
                                       const uint32_t *first, const uint32_t *succ);

/* Numbers the tree given by IDOM (the root's entry ignored) whose nodes RPO[0..COUNT) lists
 * parents first (RPO[0] the root): PRE[x] its pre-order number, children in RPO order, and
 * LAST[x] the greatest number in its subtree, so that a is an ancestor of b exactly when
 * PRE[a] <= PRE[b] && LAST[b] <= LAST[a]. NEXT: scratch, one entry per node. */
void cfg_tree_number(const uint32_t *rpo, uint32_t count, const uint32_t *idom, uint32_t *pre,
                     uint32_t *last, uint32_t *next);

static inline bool cfg_vec_has(const struct cfg_vec *v, uint32_t x) {
  for (uint32_t i = 0; i < v->n; i++)
    if (v->v[i] == x) return true;
  return false;
}

static inline bool cfg_loop_has(const struct cfg_loop *l, uint32_t n) {
  return (l->body[n / 64] >> (n % 64)) & 1;
}

/* Nearest common ancestor of A and B in a tree given by PARENT links: the "intersect" walk of
 * the Cooper-Harvey-Kennedy dominator iteration, shared by the dominators, post-dominators,
 * the incremental update and the structuriser's region graph. RANK numbers the nodes so
 * that an ancestor always ranks below its descendants (a reverse post-order of the graph
 * the tree belongs to); both chains must reach a common root. */
static inline uint32_t cfg_tree_intersect(const uint32_t *parent, const uint32_t *rank,
                                          uint32_t a, uint32_t b) {
  while (a != b) {
    while (rank[a] > rank[b]) a = parent[a];
    while (rank[b] > rank[a]) b = parent[b];
  }
  return a;
}

/* (analyzed_n is 0 whenever the analysis tables are absent: free_analyses clears both) */
static inline bool cfg_gi_analyzed(const struct cfg_graph *g, uint32_t n) {
  return n < g->analyzed_n;
}
static inline uint32_t cfg_gi_succ_count(const struct cfg_graph *g, uint32_t n) {
  return g->succ[n].n;
}
static inline uint32_t cfg_gi_succ(const struct cfg_graph *g, uint32_t n, uint32_t i) {
  return g->succ[n].v[i];
}
static inline uint32_t cfg_gi_pred_count(const struct cfg_graph *g, uint32_t n) {
  return g->pred[n].n;
}
static inline uint32_t cfg_gi_pred(const struct cfg_graph *g, uint32_t n, uint32_t i) {
  return g->pred[n].v[i];
}
static inline bool cfg_gi_reachable(const struct cfg_graph *g, uint32_t n) {
  return cfg_gi_analyzed(g, n) && g->rpo_index[n] != CFG_NONE;
}
static inline bool cfg_gi_dominates(const struct cfg_graph *g, uint32_t a, uint32_t b) {
  if (!g->dom_done || !cfg_gi_reachable(g, a) || !cfg_gi_reachable(g, b)) return false;
  return g->dom_pre[a] <= g->dom_pre[b] && g->dom_post[b] <= g->dom_post[a];
}
static inline bool cfg_gi_is_back_edge(const struct cfg_graph *g, uint32_t from, uint32_t to) {
  return cfg_gi_dominates(g, to, from) && cfg_vec_has(&g->succ[from], to);
}
static inline bool cfg_gi_loop_contains(const struct cfg_graph *g, uint32_t l, uint32_t n) {
  return l < g->loop_count && cfg_gi_analyzed(g, n) && cfg_loop_has(&g->loops[l], n);
}
static inline uint32_t cfg_gi_loop_of(const struct cfg_graph *g, uint32_t n) {
  return cfg_gi_analyzed(g, n) ? g->loop_of[n] : CFG_NONE;
}
static inline uint32_t cfg_gi_loop_with_header(const struct cfg_graph *g, uint32_t n) {
  return cfg_gi_analyzed(g, n) ? g->loop_by_header[n] : CFG_NONE;
}

#endif
