/* Structuriser: recovers the merge and continue blocks that SPIR-V structured control flow
 * declares, from an arbitrary (reducible) control-flow graph.
 *
 * For every reachable node it decides one shape:
 *   PLAIN        zero or one successor, nothing to declare;
 *   SELECTION    a two-way branch with a merge block (CFG_NONE when the arms never meet
 *                again because each ends in a return, break or continue);
 *   EXIT_BRANCH  a two-way branch whose every target leaves the current construct (the
 *                break/continue/return edges of a loop), which needs no declaration;
 *   LOOP         a loop header with its merge (CFG_NONE for a loop left only by returns)
 *                and its continue target (the single latch).
 *
 * The graph is normalised in place where that makes structure expressible: a forwarding
 * node is inserted when a block would be the merge of two constructs or when a merge is
 * not dominated by its header; a loop with several back edges gets one continue node; a
 * loop header that also branches inside the loop, or an entry block that is a branch
 * target, gets an empty header in front. Inserted nodes have indices >= original_nodes and
 * hold no code: they jump to their single successor.
 *
 * A loop that leaves to several blocks (a `break` or `continue` of an outer loop taken from
 * an inner one) gets one exit: each exit target T_j is reached through a route node R_j
 * (route number j), the route nodes meet in a guard node, and a chain of guard nodes sends
 * route j to T_j (see struct cfg_routing: the IR materialises the route number as a phi in
 * the first guard, the SSA form of a flag variable). A selection whose construct is left to
 * several places (an arm that jumps past the code where the other arms join, straight to an
 * enclosing construct's merge) is routed the same way, with one route node per edge and
 * the guards where the paths to those places meet.
 *
 * When structure cannot be recovered (irreducible graph, a multi-way branch, ...) the result
 * records the fallback kind, a node and a reason; the caller then emits the dispatcher form
 * (a loop around a switch on the block index).
 */
#ifndef PROSPERO_GPU_SHADER_IR_CFG_STRUCTURE_H
#define PROSPERO_GPU_SHADER_IR_CFG_STRUCTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/ir/cfg_graph.h"

enum cfg_shape {
  CFG_SHAPE_PLAIN,
  CFG_SHAPE_SELECTION,
  CFG_SHAPE_EXIT_BRANCH,
  CFG_SHAPE_LOOP,
};

#define CFG_FALLBACKS(X)                                                         \
  X(NONE, "structured")                                                          \
  X(IRREDUCIBLE, "irreducible control flow: a cycle with more than one entry")   \
  X(MULTIWAY_BRANCH, "a block with more than two successors")                    \
  X(SHARED_MERGE, "two unrelated constructs need the same merge block")          \
  X(BAD_MERGE, "a merge block that its header does not reach")                   \
  X(NOT_CONVERGING, "normalisation did not converge")                            \
  X(BREAKS_RULES, "the structure found breaks a SPIR-V rule")                    \
  X(NO_MEMORY, "out of memory")

enum cfg_fallback {
#define CFG_FALLBACK_ENUM_(name, text) CFG_FALLBACK_##name,
  CFG_FALLBACKS(CFG_FALLBACK_ENUM_)
#undef CFG_FALLBACK_ENUM_
};

struct cfg_node_shape {
  enum cfg_shape shape;
  uint32_t merge;        /* SELECTION, LOOP: merge node or CFG_NONE */
  uint32_t continue_to;  /* LOOP: continue target */
};

/* What an inserted node does. FORWARD: nothing (jumps to its single successor). ROUTE: the
 * node sets the route number of the chain `join` to `route` and jumps on (towards the
 * join). GUARD: a two-way branch, to successor 0 when the route number of chain `join` is
 * `route`, else to successor 1; `join` is the first guard of the chain. Later
 * normalisations (or the routing of an outer loop) may put other inserted nodes between
 * the nodes of a chain, never original ones: the route number is a variable that the IR
 * carries through inserted nodes (phis), with no value on paths that never set it. */
enum cfg_inserted_kind { CFG_INSERTED_FORWARD, CFG_INSERTED_ROUTE, CFG_INSERTED_GUARD };

struct cfg_routing {
  enum cfg_inserted_kind kind;
  uint32_t route, join;
  bool selection; /* the chain routes a selection's exits (else a loop's) */
};

struct cfg_structure {
  uint32_t original_nodes;        /* nodes at or above this index were inserted */
  uint32_t node_count;            /* entries in shapes[] */
  struct cfg_node_shape *shapes;  /* indexed by node */
  uint32_t inserted;              /* nodes inserted by normalisation */
  uint32_t rounds;                /* analyse-and-fix rounds it took */
  struct cfg_routing *routing;     /* by node - original_nodes (absent: FORWARD) */
  uint32_t routing_count;
  uint32_t routed_loops;          /* loops whose exits went through route/guard nodes */
  uint32_t routed_selections;     /* selections whose exits did */
  uint32_t demoted;               /* selections left as plain two-way branches (exit rule) */
  enum cfg_fallback fallback;
  uint32_t fallback_node;
  char reason[160];
};

/* Structures G in place (it may gain nodes and edges; it is analysed on return). Returns
 * false only when the result records a fallback. Unless that fallback is NO_MEMORY, G's
 * entry has no predecessors on return, fallback or not (the empty entry is added before any
 * check that gives up). OUT is always filled; free it with cfg_structure_free(). */
bool cfg_structurize(struct cfg_graph *g, struct cfg_structure *out);
void cfg_structure_free(struct cfg_structure *s);
/* Checks a structured result against the rules SPIR-V imposes: a merge or continue target
 * is dominated by its header, no block is the merge of two constructs or the merge of one and
 * the continue target of another, a loop's merge lies outside it and its continue target
 * inside, and every back edge leaves from the loop's continue target. Returns false with
 * the first violation in ERR. */
bool cfg_structure_check(const struct cfg_graph *g, const struct cfg_structure *s, char *err,
                         size_t err_size);
/* cfg_structure_check() plus SPIR-V's single-entry rule: every selection, loop and continue
 * construct is entered only at its header (membership as the spec defines it, over
 * structural dominance: see cfg_structure.c). Separate because the structuriser does not yet
 * meet it on every arbitrary graph (the fuzzer's graph mode finds cases; see
 * docs/shader-ir.md); the unit tests hold every structured graph and shader to it. */
bool cfg_structure_check_entries(const struct cfg_graph *g, const struct cfg_structure *s,
                                 char *err, size_t err_size);
/* A round whose only changes are forwarding nodes in front of loops' continue targets,
 * taken by the selections that merged there, finishes with the shapes the next round would
 * find instead of running it (docs/shader-ir.md, Performance). With this flag set (by
 * default in debug and sanitizer builds; the unit and fuzz tests set it), that round runs
 * anyway: a result it changes counts in cfg_structure_round_mismatches(), and its result
 * is the one kept. */
extern bool cfg_structure_check_rounds;
uint32_t cfg_structure_round_checks(void);     /* predicted finishes checked so far */
uint32_t cfg_structure_round_mismatches(void); /* of them, those the round changed */
/* The routing of node N (FORWARD for an original node or a plain inserted one). */
struct cfg_routing cfg_structure_routing(const struct cfg_structure *s, uint32_t n);
const char *cfg_fallback_name(enum cfg_fallback f);
const char *cfg_shape_name(enum cfg_shape s);

#endif
