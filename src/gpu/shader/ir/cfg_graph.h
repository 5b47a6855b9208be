/* Control-flow graph analyses over abstract nodes.
 *
 * A graph is a set of nodes 0..N-1 with one entry node and directed edges. Nodes carry no
 * payload: the shader front end maps basic blocks to nodes, tests build graphs by hand.
 * Once the edges are added, cfg_graph_analyze() computes
 *   - a reverse post-order over the nodes reachable from the entry,
 *   - immediate dominators (Cooper-Harvey-Kennedy iteration over the RPO),
 *   - immediate post-dominators over a virtual exit node (CFG_EXIT) that follows every node
 *     without successors; nodes that cannot reach an exit (infinite loops) are tied to it
 *     too so that every reachable node has a post-dominator,
 *   - irreducibility: a retreating edge (target not after its source in RPO) whose target
 *     does not dominate its source, i.e. a cycle that can be entered at two nodes,
 *   - strongly connected components (Tarjan), computed on the first SCC query (queries of
 *     one graph are therefore not safe from several threads at once),
 *   - natural loops: one per header (target of back edges), with their body, latches,
 *     exit targets, parent loop and depth.
 * Unreachable nodes are ignored by every analysis (their idom is CFG_NONE).
 */
#ifndef PROSPERO_GPU_SHADER_IR_CFG_GRAPH_H
#define PROSPERO_GPU_SHADER_IR_CFG_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

#define CFG_NONE UINT32_MAX
/* The virtual exit node, as returned by cfg_graph_ipdom(). */
#define CFG_EXIT (UINT32_MAX - 1)

struct cfg_graph;

struct cfg_graph *cfg_graph_create(uint32_t node_count, uint32_t entry);
void cfg_graph_destroy(struct cfg_graph *g);
/* Appends a node and returns its index (nodes added after analysis need a new analysis). */
uint32_t cfg_graph_add_node(struct cfg_graph *g);
bool cfg_graph_set_entry(struct cfg_graph *g, uint32_t entry);
/* Adds the edge FROM->TO; successors keep their insertion order (for a conditional branch:
 * taken target first). Duplicate edges are kept as one. Returns false on a bad index. */
bool cfg_graph_add_edge(struct cfg_graph *g, uint32_t from, uint32_t to);
/* Replaces the edge FROM->OLD_TO by FROM->NEW_TO, keeping its position. */
bool cfg_graph_redirect_edge(struct cfg_graph *g, uint32_t from, uint32_t old_to,
                             uint32_t new_to);
/* Runs every analysis. Returns false only on allocation failure. */
bool cfg_graph_analyze(struct cfg_graph *g);
/* Only reverse post-order and post-dominators (the other queries answer "none"). */
bool cfg_graph_analyze_post_dominators(struct cfg_graph *g);
/* Brings a full analysis up to date after nodes were inserted in front of analysed ones,
 * with the same results as cfg_graph_analyze() but without re-running it. Each node added
 * since the analysis first gets its single edge to an analysed node T
 * (cfg_graph_add_edge), then takes over edges into T (cfg_graph_redirect_edge): only back
 * edges (a continue node), only forward edges (a forwarding node) or all of them (a new
 * loop header); or it is a new entry in front of the old one (no predecessors). Any other
 * edit since the analysis (an edge added from an analysed node, an edge moved to an
 * analysed node, ...) or an irreducible graph makes it run the full analysis instead.
 * Returns false only on allocation failure. INCREMENTAL, if not NULL, tells whether the
 * analysis was updated (true) or re-run. */
bool cfg_graph_update(struct cfg_graph *g, bool *incremental);

uint32_t cfg_graph_node_count(const struct cfg_graph *g);
uint32_t cfg_graph_entry(const struct cfg_graph *g);
uint32_t cfg_graph_succ_count(const struct cfg_graph *g, uint32_t n);
uint32_t cfg_graph_succ(const struct cfg_graph *g, uint32_t n, uint32_t i);
uint32_t cfg_graph_pred_count(const struct cfg_graph *g, uint32_t n);
uint32_t cfg_graph_pred(const struct cfg_graph *g, uint32_t n, uint32_t i);
/* Index of PRED among N's predecessors, or CFG_NONE. */
uint32_t cfg_graph_pred_index(const struct cfg_graph *g, uint32_t n, uint32_t pred);

/* Analyses (valid after cfg_graph_analyze). */
bool cfg_graph_reachable(const struct cfg_graph *g, uint32_t n);
uint32_t cfg_graph_rpo_count(const struct cfg_graph *g);
/* The I-th node in reverse post-order. */
uint32_t cfg_graph_rpo_node(const struct cfg_graph *g, uint32_t i);
/* Position of N in reverse post-order, or CFG_NONE if unreachable. */
uint32_t cfg_graph_rpo_index(const struct cfg_graph *g, uint32_t n);
/* Immediate dominator; the entry's is itself, unreachable nodes give CFG_NONE. */
uint32_t cfg_graph_idom(const struct cfg_graph *g, uint32_t n);
bool cfg_graph_dominates(const struct cfg_graph *g, uint32_t a, uint32_t b);
/* Immediate post-dominator: a node, CFG_EXIT, or CFG_NONE (unreachable). */
uint32_t cfg_graph_ipdom(const struct cfg_graph *g, uint32_t n);
bool cfg_graph_post_dominates(const struct cfg_graph *g, uint32_t a, uint32_t b);

/* Strongly connected components (only reachable nodes have one). */
uint32_t cfg_graph_scc_count(const struct cfg_graph *g);
uint32_t cfg_graph_scc_of(const struct cfg_graph *g, uint32_t n);
/* True if some cycle can be entered at more than one node. FIRST_NODE, if not NULL,
 * receives a node of the first such component (lowest RPO). */
bool cfg_graph_irreducible(const struct cfg_graph *g, uint32_t *first_node);

/* Natural loops, ordered outermost first (by header RPO). */
uint32_t cfg_graph_loop_count(const struct cfg_graph *g);
uint32_t cfg_graph_loop_header(const struct cfg_graph *g, uint32_t loop);
uint32_t cfg_graph_loop_parent(const struct cfg_graph *g, uint32_t loop); /* or CFG_NONE */
uint32_t cfg_graph_loop_depth(const struct cfg_graph *g, uint32_t loop);  /* outermost: 1 */
bool cfg_graph_loop_contains(const struct cfg_graph *g, uint32_t loop, uint32_t n);
uint32_t cfg_graph_loop_size(const struct cfg_graph *g, uint32_t loop);
uint32_t cfg_graph_loop_latch_count(const struct cfg_graph *g, uint32_t loop);
uint32_t cfg_graph_loop_latch(const struct cfg_graph *g, uint32_t loop, uint32_t i);
/* Distinct nodes outside the loop that a loop node branches to, in RPO order. */
uint32_t cfg_graph_loop_exit_count(const struct cfg_graph *g, uint32_t loop);
uint32_t cfg_graph_loop_exit(const struct cfg_graph *g, uint32_t loop, uint32_t i);
/* Innermost loop containing N, or CFG_NONE. */
uint32_t cfg_graph_loop_of(const struct cfg_graph *g, uint32_t n);
/* The loop whose header is N, or CFG_NONE. */
uint32_t cfg_graph_loop_with_header(const struct cfg_graph *g, uint32_t n);
/* True if FROM->TO is a back edge (TO dominates FROM). */
bool cfg_graph_is_back_edge(const struct cfg_graph *g, uint32_t from, uint32_t to);

#endif
