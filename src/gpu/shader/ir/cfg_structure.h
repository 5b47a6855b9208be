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
 * When structure cannot be recovered (irreducible graph, a loop with two exit targets, a
 * multi-way branch, ...) the result records the fallback kind, a node and a reason; the
 * caller then emits the dispatcher form (a loop around a switch on the block index).
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
  X(LOOP_EXITS, "a loop that leaves to more than one block")                     \
  X(SHARED_MERGE, "two unrelated constructs need the same merge block")          \
  X(BAD_MERGE, "a merge block that its header does not reach")                   \
  X(NOT_CONVERGING, "normalisation did not converge")                            \
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

struct cfg_structure {
  uint32_t original_nodes;        /* nodes at or above this index were inserted */
  uint32_t node_count;            /* entries in shapes[] */
  struct cfg_node_shape *shapes;  /* indexed by node */
  uint32_t inserted;              /* nodes inserted by normalisation */
  uint32_t rounds;                /* analyse-and-fix rounds it took */
  enum cfg_fallback fallback;
  uint32_t fallback_node;
  char reason[160];
};

/* Structures G in place (it may gain nodes and edges; it is analysed on return). Returns
 * false only when the result records a fallback. OUT is always filled; free it with
 * cfg_structure_free(). */
bool cfg_structurize(struct cfg_graph *g, struct cfg_structure *out);
void cfg_structure_free(struct cfg_structure *s);
/* Checks a structured result against the rules SPIR-V imposes: a merge or continue target
 * is dominated by its header, no block is the merge of two constructs or the merge of one and
 * the continue target of another, a loop's merge lies outside it and its continue target
 * inside, and every back edge leaves from the loop's continue target. Returns false with
 * the first violation in ERR. */
bool cfg_structure_check(const struct cfg_graph *g, const struct cfg_structure *s, char *err,
                         size_t err_size);
const char *cfg_fallback_name(enum cfg_fallback f);
const char *cfg_shape_name(enum cfg_shape s);

#endif
