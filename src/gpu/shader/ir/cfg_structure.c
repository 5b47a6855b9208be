#include "gpu/shader/ir/cfg_structure.h"

#include "common/log.h"
#include "gpu/shader/ir/cfg_graph_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fallback_names[] = {
#define CFG_FALLBACK_NAME_(name, text) text,
    CFG_FALLBACKS(CFG_FALLBACK_NAME_)
#undef CFG_FALLBACK_NAME_
};

const char *cfg_fallback_name(enum cfg_fallback f) {
  return (unsigned)f < sizeof fallback_names / sizeof *fallback_names ? fallback_names[f]
                                                                       : "?";
}

const char *cfg_shape_name(enum cfg_shape s) {
  switch (s) {
    case CFG_SHAPE_PLAIN: return "plain";
    case CFG_SHAPE_SELECTION: return "selection";
    case CFG_SHAPE_EXIT_BRANCH: return "exit-branch";
    case CFG_SHAPE_LOOP: return "loop";
  }
  return "?";
}

void cfg_structure_free(struct cfg_structure *s) {
  free(s->shapes);
  free(s->routing);
  s->shapes = NULL;
  s->routing = NULL;
  s->node_count = s->routing_count = 0;
}

struct cfg_routing cfg_structure_routing(const struct cfg_structure *s, uint32_t n) {
  struct cfg_routing none = {CFG_INSERTED_FORWARD, CFG_NONE, CFG_NONE, false};
  if (n < s->original_nodes || n - s->original_nodes >= s->routing_count) return none;
  return s->routing[n - s->original_nodes];
}

/* Records the routing of inserted node N. */
static bool set_routing(struct cfg_structure *s, uint32_t n, enum cfg_inserted_kind kind,
                        uint32_t route, uint32_t join, bool selection) {
  uint32_t i = n - s->original_nodes;
  if (i >= s->routing_count) {
    uint32_t count = i + 1 + i / 2 + 8;
    struct cfg_routing *r = realloc(s->routing, count * sizeof *r);
    if (!r) return false;
    for (uint32_t k = s->routing_count; k < count; k++)
      r[k] = (struct cfg_routing){CFG_INSERTED_FORWARD, CFG_NONE, CFG_NONE, false};
    s->routing = r;
    s->routing_count = count;
  }
  s->routing[i] = (struct cfg_routing){kind, route, join, selection};
  return true;
}

static bool fail(struct cfg_structure *s, enum cfg_fallback f, uint32_t node,
                 const char *detail) {
  s->fallback = f;
  s->fallback_node = node;
  snprintf(s->reason, sizeof s->reason, "%s (node %u%s%s)", cfg_fallback_name(f), node,
           detail ? ": " : "", detail ? detail : "");
  return false;
}

/* A node that only leads to a return: single-successor chains of single-predecessor nodes
 * ending in a node without successors. */
static bool is_returning(const struct cfg_graph *g, uint32_t n) {
  for (uint32_t steps = 0; steps <= cfg_graph_node_count(g); steps++) {
    uint32_t sc = cfg_gi_succ_count(g, n);
    if (sc == 0) return true;
    if (sc != 1) return false;
    n = cfg_gi_succ(g, n, 0);
    if (cfg_graph_pred_count(g, n) != 1) return false;
  }
  return false;
}

/* An exit E of loop L that needs no merge: it only leads to a return and is entered from
 * the loop alone (entered from outside too, it would be a block past the loop's merge that
 * branches back into the loop's construct). */
static bool exit_returns(const struct cfg_graph *g, const struct cfg_loop *l, uint32_t e) {
  for (uint32_t i = 0; i < cfg_gi_pred_count(g, e); i++)
    if (!cfg_loop_has(l, cfg_gi_pred(g, e, i))) return false;
  return is_returning(g, e);
}

/* Which edges into a routed target move onto its route node: those whose source P is in
 * the loop (loop routing) or marked in a bitmap (selection routing). */
struct route_sources {
  uint32_t loop;         /* a loop index, or CFG_NONE */
  const uint8_t *marked; /* by node below MARKED_COUNT, when LOOP is CFG_NONE (the nodes
                          * routing inserts are never sources) */
  uint32_t marked_count;
};

static bool route_source(const struct cfg_graph *g, const struct route_sources *src,
                         uint32_t p, uint32_t target) {
  if (src->loop != CFG_NONE) return cfg_gi_loop_contains(g, src->loop, p);
  return p < src->marked_count && src->marked[p] && !cfg_gi_is_back_edge(g, p, target);
}

/* Moves every edge P->TARGET whose source SRC selects onto F. */
static bool move_edges(struct cfg_graph *g, const struct route_sources *src, uint32_t target,
                       uint32_t f) {
  uint32_t count = cfg_graph_pred_count(g, target);
  uint32_t small[16], *preds = count < 16 ? small : malloc((count + 1) * sizeof *preds);
  if (!preds) return false;
  for (uint32_t i = 0; i < count; i++) preds[i] = cfg_graph_pred(g, target, i);
  for (uint32_t i = 0; i < count; i++)
    if (route_source(g, src, preds[i], target)) cfg_graph_redirect_edge(g, preds[i], target, f);
  if (preds != small) free(preds);
  return true;
}

/* Where the exit E of LOOP lands: a break block (a block entered only from the loop, with
 * one successor) that goes on to another exit target stands for its successor — it belongs
 * to the loop's construct, like the code of `if (c) { f(); break; }` — and a route node of
 * a loop's chain for its guard. A route node of a selection's chain is a landing itself. */
static uint32_t exit_landing(const struct cfg_graph *g, const struct cfg_structure *s,
                             const struct cfg_loop *l, uint32_t e) {
  if (e >= s->original_nodes) {
    struct cfg_routing r = cfg_structure_routing(s, e);
    if (r.kind == CFG_INSERTED_ROUTE && !r.selection) return r.join;
  }
  if (cfg_gi_succ_count(g, e) != 1) return e;
  for (uint32_t i = 0; i < cfg_gi_pred_count(g, e); i++)
    if (!cfg_loop_has(l, cfg_gi_pred(g, e, i))) return e;
  uint32_t next = cfg_gi_succ(g, e, 0);
  return cfg_vec_has(&l->exits, next) ? next : e;
}

/* Decides LOOP's merge (into *MERGE) from the distinct landings of its exits that are not
 * returning blocks: the single one; for a loop left only by returns its first exit; none
 * for an infinite loop. Returns true instead when the exits need routing: they land in
 * several blocks, or in one block that dominates the header (an outer loop's header,
 * reached by a `continue` of the outer loop: a back edge no forwarding block may take, and
 * a merge the header cannot dominate). SCRATCH: room for every exit. */
static bool loop_merge_or_routing(const struct cfg_graph *g, const struct cfg_structure *s,
                                  uint32_t loop, uint32_t *scratch, uint32_t *merge) {
  const struct cfg_loop *l = &g->loops[loop];
  uint32_t k = 0;
  for (uint32_t i = 0; i < l->exits.n; i++) {
    uint32_t e = l->exits.v[i];
    if (exit_returns(g, l, e)) continue;
    uint32_t to = exit_landing(g, s, l, e), j = 0;
    while (j < k && scratch[j] != to) j++;
    if (j == k) scratch[k++] = to;
  }
  *merge = k == 1 ? scratch[0] : l->exits.n > 0 ? l->exits.v[0] : CFG_NONE;
  return k > 1 || (k == 1 && cfg_gi_dominates(g, scratch[0], l->header));
}

/* Gives every edge P->TARGET that SRC selects a route node of its own (route ROUTE of the
 * chain X0), which stays inside P's constructs. */
static bool route_each_edge(struct cfg_graph *g, struct cfg_structure *s,
                            const struct route_sources *src, uint32_t target, uint32_t route,
                            uint32_t x0) {
  uint32_t count = cfg_graph_pred_count(g, target);
  uint32_t small[16], *preds = count < 16 ? small : malloc((count + 1) * sizeof *preds);
  if (!preds) return false;
  for (uint32_t i = 0; i < count; i++) preds[i] = cfg_graph_pred(g, target, i);
  bool ok = true;
  for (uint32_t i = 0; i < count && ok; i++) {
    if (!route_source(g, src, preds[i], target)) continue;
    uint32_t r = cfg_graph_add_node(g);
    ok = r != CFG_NONE &&
         set_routing(s, r, CFG_INSERTED_ROUTE, route, x0, src->loop == CFG_NONE) &&
         cfg_graph_add_edge(g, r, x0) && cfg_graph_redirect_edge(g, preds[i], target, r);
  }
  if (preds != small) free(preds);
  return ok;
}

/* Sends the edges SRC selects into targets T_0..T_{K-1} (K >= 2) through one chain:
 *
 *     sources --> R_j (route j) --> X_0 --route 0--> T_0
 *                                    \--> X_1 --route 1--> T_1 ... X_{K-2} --> T_{K-1}
 *
 * Each guard X_i sends route i to T_i, the last one sends the rest to T_{K-1}. Every edge
 * gets a route node of its own (a route node shared by two blocks of the loop would be a
 * break block that one selection reaches past another's merge). The guards
 * are created first so that X_0 has the lowest index of the chain (the IR defines the
 * route number there before the others read it). */
static bool route_chain(struct cfg_graph *g, struct cfg_structure *s,
                        const struct route_sources *src, const uint32_t *t, uint32_t k) {
  bool ok = true;
  uint32_t x0 = CFG_NONE;
  for (uint32_t i = 0; i + 1 < k && ok; i++) {
    uint32_t x = cfg_graph_add_node(g);
    if (i == 0) x0 = x;
    ok = x != CFG_NONE && set_routing(s, x, CFG_INSERTED_GUARD, i, x0, src->loop == CFG_NONE);
  }
  for (uint32_t i = 0; i + 1 < k && ok; i++) /* the guards are x0, x0+1, ... */
    ok = cfg_graph_add_edge(g, x0 + i, t[i]) &&
         cfg_graph_add_edge(g, x0 + i, i + 2 < k ? x0 + i + 1 : t[k - 1]);
  for (uint32_t j = 0; j < k && ok; j++) ok = route_each_edge(g, s, src, t[j], j, x0);
  return ok;
}

/* Gives LOOP a single exit. With one target T (an outer header): a forwarding node takes
 * the loop's edges into T and becomes a latch of T's loop. With several targets, the
 * loop's edges into them go through a route chain whose first guard X_0 is the loop's exit
 * (and merge). */
static bool route_loop_exits(struct cfg_graph *g, struct cfg_structure *s, uint32_t loop) {
  uint32_t *t = malloc((cfg_graph_loop_exit_count(g, loop) + 1) * sizeof *t), k = 0;
  if (!t) return false;
  for (uint32_t i = 0; i < cfg_graph_loop_exit_count(g, loop); i++) /* every exit, no landing */
    if (!exit_returns(g, &g->loops[loop], cfg_graph_loop_exit(g, loop, i)))
      t[k++] = cfg_graph_loop_exit(g, loop, i);
  struct route_sources src = {loop, NULL, 0};
  bool ok;
  if (k == 1) {
    uint32_t f = cfg_graph_add_node(g);
    ok = f != CFG_NONE && cfg_graph_add_edge(g, f, t[0]) && move_edges(g, &src, t[0], f);
  } else {
    ok = route_chain(g, s, &src, t, k);
    s->routed_loops++;
  }
  free(t);
  return ok;
}

/* Inserts a node F in front of TARGET and moves onto it every edge P->TARGET whose source
 * is dominated by REGION_HEADER (REGION_HEADER itself included). Returns F or CFG_NONE. */
static uint32_t split_edges_into(struct cfg_graph *g, uint32_t target, uint32_t region_header) {
  uint32_t moved = 0, f = CFG_NONE;
  uint32_t count = cfg_graph_pred_count(g, target);
  uint32_t small[16], *preds = count < 16 ? small : malloc((count + 1) * sizeof *preds);
  if (!preds) return CFG_NONE;
  for (uint32_t i = 0; i < count; i++) preds[i] = cfg_graph_pred(g, target, i);
  for (uint32_t i = 0; i < count; i++) {
    uint32_t p = preds[i];
    if (!cfg_gi_dominates(g, region_header, p) || cfg_gi_is_back_edge(g, p, target))
      continue;
    if (f == CFG_NONE) {
      f = cfg_graph_add_node(g);
      /* the node's own edge first, then the moved ones (what cfg_graph_update follows) */
      if (f == CFG_NONE || !cfg_graph_add_edge(g, f, target)) {
        f = CFG_NONE;
        break;
      }
    }
    cfg_graph_redirect_edge(g, p, target, f);
    moved++;
  }
  if (preds != small) free(preds);
  return moved ? f : CFG_NONE;
}

/* A new empty entry node in front of the old one (which keeps its own predecessors). */
static uint32_t insert_entry(struct cfg_graph *g) {
  uint32_t old = cfg_graph_entry(g), e = cfg_graph_add_node(g);
  if (e == CFG_NONE || !cfg_graph_add_edge(g, e, old)) return CFG_NONE;
  cfg_graph_set_entry(g, e);
  return e;
}

/* Inserts an empty node in front of HEADER that takes every edge into it. */
static uint32_t insert_before(struct cfg_graph *g, uint32_t header) {
  uint32_t count = cfg_graph_pred_count(g, header);
  uint32_t small[16], *preds = count < 16 ? small : malloc((count + 1) * sizeof *preds);
  if (!preds) return CFG_NONE;
  for (uint32_t i = 0; i < count; i++) preds[i] = cfg_graph_pred(g, header, i);
  uint32_t f = cfg_graph_add_node(g);
  bool ok = f != CFG_NONE && cfg_graph_add_edge(g, f, header);
  for (uint32_t i = 0; ok && i < count; i++) cfg_graph_redirect_edge(g, preds[i], header, f);
  if (preds != small) free(preds);
  return ok ? f : CFG_NONE;
}

/* Selection merges come from a "region graph": back edges dropped, edges leaving the
 * source's innermost loop dropped (breaks), and each loop header given an edge to its merge
 * so that a whole loop looks like one step to the region around it. The immediate
 * post-dominator of a branch in that graph is where its arms meet inside the branch's own
 * loop level. A node has at most three region successors (two-way branches only, plus the
 * merge edge of a header). */
struct region {
  uint32_t (*succ)[3];
  uint8_t *count;
  uint32_t *ipdom; /* a node, CFG_EXIT, or CFG_NONE (not reached from the entry) */
  uint32_t *rank;  /* n+1 entries, scratch of the acyclic pass (index n: the exit) */
  uint8_t *state;  /* reached from the entry */
  uint8_t *whole_loop; /* a loop header whose last region successor is its merge: the loop
                        * is one step, so that merge is its post-dominator (the body's
                        * latches end in the region graph) */
};

static void region_free(struct region *r) {
  free(r->succ);
  free(r->ipdom);
  free(r->count);
}

static bool region_alloc(struct region *r, uint32_t n) {
  r->succ = malloc((size_t)n * sizeof *r->succ);
  r->ipdom = malloc(((size_t)n * 2 + 1) * sizeof *r->ipdom);
  r->count = calloc((size_t)n * 3, 1);
  if (!r->succ || !r->ipdom || !r->count) return region_free(r), false;
  r->rank = r->ipdom + n;
  r->state = r->count + n;
  r->whole_loop = r->count + 2 * (size_t)n;
  return true;
}

static void region_edges(const struct cfg_graph *g, const uint32_t *loop_merges,
                         struct region *r) {
  uint32_t n = cfg_graph_node_count(g);
  for (uint32_t b = 0; b < n; b++) {
    if (!cfg_gi_reachable(g, b)) continue;
    uint32_t l = cfg_gi_loop_of(g, b), lh = cfg_gi_loop_with_header(g, b), *out = r->succ[b];
    uint8_t c = 0;
    for (uint32_t i = 0; i < cfg_gi_succ_count(g, b); i++) {
      uint32_t s = cfg_gi_succ(g, b, i);
      if (cfg_gi_dominates(g, s, b)) continue; /* a back edge (B->S is an edge) */
      if (l != CFG_NONE && !cfg_gi_loop_contains(g, l, s)) continue;
      out[c++] = s; /* g's successors are distinct */
    }
    uint32_t m = lh != CFG_NONE ? loop_merges[lh] : CFG_NONE;
    if (m != CFG_NONE && !(c > 0 && out[0] == m) && !(c > 1 && out[1] == m)) out[c++] = m;
    if (m != CFG_NONE && out[c - 1] == m) r->whole_loop[b] = 1;
    r->count[b] = c;
  }
}

/* Post-dominators of an acyclic region graph (the usual case) without a walk of its own:
 * its edges are forward edges of the graph plus header-to-merge edges, which also point
 * forward in the graph's reverse post-order unless the merge is an outer loop's header.
 * In that order every region successor comes later, so one pass backwards finds each
 * node's immediate post-dominator as the nearest common post-dominator of its successors
 * (post-dominators come later too), and one pass forwards finds the nodes the region graph
 * reaches from the entry (the others have none). Returns false when some region edge
 * points backwards (a `continue` from an inner loop straight to an outer header). During
 * the backward pass the virtual exit is node n, ranked before everything: a node's rank is
 * its distance from the end of the RPO, so post-dominators rank below what they follow. */
static bool region_post_dominators_acyclic(const struct cfg_graph *g, struct region *r) {
  uint32_t n = cfg_graph_node_count(g), count = g->rpo_count;
  for (uint32_t b = 0; b < n; b++) r->ipdom[b] = CFG_NONE;
  r->rank[n] = 0;
  for (uint32_t i = count; i-- > 0;) {
    uint32_t b = g->rpo[i], d = n;
    r->rank[b] = count - i;
    for (uint32_t k = 0; k < r->count[b]; k++) {
      uint32_t a = r->succ[b][k];
      if (g->rpo_index[a] <= i) return false;
      /* a whole loop's post-dominator is its merge: no walk (down a long chain of loops) */
      if (!r->whole_loop[b]) d = k == 0 ? a : cfg_tree_intersect(r->ipdom, r->rank, a, d);
    }
    r->ipdom[b] = r->whole_loop[b] ? r->succ[b][r->count[b] - 1] : d;
  }
  /* nodes the region graph does not reach from the entry have no post-dominator */
  r->state[g->entry] = 1;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t b = g->rpo[i];
    if (!r->state[b]) {
      r->ipdom[b] = CFG_NONE;
      continue;
    }
    if (r->ipdom[b] == n) r->ipdom[b] = CFG_EXIT;
    for (uint32_t k = 0; k < r->count[b]; k++) r->state[r->succ[b][k]] = 1;
  }
  return true;
}

/* The general case: the same graph as a cfg_graph and its post-dominator analysis (which
 * also ties nodes that cannot reach an exit to it). */
static bool region_post_dominators_general(const struct cfg_graph *g, struct region *r) {
  uint32_t n = cfg_graph_node_count(g);
  struct cfg_graph *rg = cfg_graph_create(n, cfg_graph_entry(g));
  if (!rg) return false;
  for (uint32_t b = 0; b < n; b++)
    for (uint32_t i = 0; i < r->count[b]; i++) cfg_graph_add_edge(rg, b, r->succ[b][i]);
  bool ok = cfg_graph_analyze_post_dominators(rg);
  for (uint32_t b = 0; b < n && ok; b++) r->ipdom[b] = cfg_graph_ipdom(rg, b);
  cfg_graph_destroy(rg);
  return ok;
}

static bool region_build(const struct cfg_graph *g, const uint32_t *loop_merges,
                         struct region *r) {
  if (!region_alloc(r, cfg_graph_node_count(g))) return false;
  region_edges(g, loop_merges, r);
  if (region_post_dominators_acyclic(g, r) || region_post_dominators_general(g, r)) return true;
  region_free(r);
  return false;
}

/* The continue target of the loop around B (CFG_NONE outside loops); false when that loop
 * has several latches (a later round gives it one continue node). */
static bool continue_of(const struct cfg_graph *g, uint32_t b, uint32_t *cont) {
  uint32_t l = cfg_gi_loop_of(g, b);
  *cont = CFG_NONE;
  if (l == CFG_NONE) return true;
  if (g->loops[l].latches.n != 1) return false;
  *cont = g->loops[l].latches.v[0];
  return true;
}

/* How a region edge that leaves a selection's construct into T ends, once the inserted
 * forwarding nodes in front of it are passed: 1 a continue (CONT), 2 a return, 0 neither
 * (a place where the construct is left for code that goes on). */
static int leaving_edge_kind(const struct cfg_graph *g, uint32_t original_nodes, uint32_t cont,
                             uint32_t t) {
  uint32_t c = t;
  for (uint32_t i = 0; c != cont && c >= original_nodes && cfg_gi_succ_count(g, c) == 1 &&
                       i < cfg_graph_node_count(g); i++)
    c = cfg_gi_succ(g, c, 0);
  if (c == cont && cont != CFG_NONE) return 1;
  return is_returning(g, c) ? 2 : 0;
}

/* Whether P belongs to the construct of branch B at B's loop level: B dominates it and it
 * lies in B's innermost loop (a break block does not). */
static bool in_construct(const struct cfg_graph *g, uint32_t b, uint32_t p) {
  uint32_t l = cfg_gi_loop_of(g, b);
  return cfg_gi_dominates(g, b, p) && (l == CFG_NONE || cfg_gi_loop_contains(g, l, p));
}

/* Whether S, a successor of branch B, only leads to a return and is entered from several
 * blocks, all in B's construct. */
static bool returning_join(const struct cfg_graph *g, uint32_t b, uint32_t s) {
  if (cfg_gi_pred_count(g, s) < 2 || !is_returning(g, s)) return false;
  for (uint32_t i = 0; i < cfg_gi_pred_count(g, s); i++)
    if (!in_construct(g, b, cfg_gi_pred(g, s, i))) return false;
  return true;
}

/* The merge of branch B whose arms meet (at M) only after one of them joined code from
 * outside the branch, typically `if (a) { if (b) continue; X } else { Y } Z`: B's continue
 * arm meets the rest at the continue target. A continue is an exit of the selection, so
 * its merge is where B's construct (the nodes B dominates) is left through region edges
 * other than continues: with one such place X, the single block that enters it from the
 * construct when that block only goes there (X's forwarding node after a split), else X
 * (the merge check then splits X's edges from the construct off into a forwarding node);
 * with none, no merge (every arm leaves). With several, M is kept. */
static uint32_t continue_arm_merge(const struct cfg_graph *g, const struct region *r,
                                   uint32_t original_nodes, uint32_t b, uint32_t m) {
  uint32_t cont, x = CFG_NONE, from = CFG_NONE, edges = 0;
  if (!continue_of(g, b, &cont)) return m;
  for (uint32_t p = 0; p < cfg_graph_node_count(g); p++) {
    if (!in_construct(g, b, p)) continue; /* outside the construct, or a break block */
    for (uint32_t k = 0; k < r->count[p]; k++) {
      uint32_t t = r->succ[p][k];
      if (cfg_gi_dominates(g, b, t)) continue;
      /* Only the continue target itself is a structured exit (a continue): a forwarding
       * node in front of it, and a returning block that the construct does not dominate
       * (so code outside enters it too), are places where the construct is left. */
      if (t == cont && cont != CFG_NONE) continue;
      if (x != CFG_NONE && t != x) return m;
      x = t;
      from = p;
      edges++;
    }
  }
  if (x == CFG_NONE) return CFG_EXIT; /* every arm returns or continues: no merge */
  return edges == 1 && cfg_gi_succ_count(g, from) == 1 && from != b ? from : x;
}

/* The distinct places (into T, room for n) where B's construct is left through region
 * edges that are not returns and not continues straight to the continue target; returns
 * their count, 0 when all of them are continues through forwarding nodes (a forwarding
 * node in front of the continue target is the merge of an enclosing selection, which B's
 * arms cannot branch to, but with no other exit the ordinary merge rules place it). */
static uint32_t selection_exits(const struct cfg_graph *g, const struct region *r,
                                uint32_t original_nodes, uint32_t b, uint32_t *t) {
  uint32_t cont, k = 0;
  bool other = false;
  if (!continue_of(g, b, &cont)) return 0;
  for (uint32_t p = 0; p < cfg_graph_node_count(g); p++) {
    if (!in_construct(g, b, p)) continue;
    for (uint32_t e = 0; e < r->count[p]; e++) {
      uint32_t x = r->succ[p][e], j = 0;
      if (cfg_gi_dominates(g, b, x) || x == cont) continue;
      int kind = leaving_edge_kind(g, original_nodes, cont, x);
      if (kind == 2) continue;
      other |= kind == 0;
      while (j < k && t[j] != x) j++;
      if (j == k) t[k++] = x;
    }
  }
  return other ? k : 0;
}

/* Routes the exits T_0..T_{K-1} of a selection construct that is left to several places
 * (an arm that jumps past the code where the other arms join, straight to an enclosing
 * construct's merge: `if (a) { if (b) X; else goto out; } Y; out:`). The route chain
 * stands where the paths to the targets meet: every edge into a T_j from a node that the
 * targets' common dominator D dominates and that no target reaches in the region graph
 * (those come after the chain) takes route j, so the first guard dominates the targets
 * and becomes the selection's single exit. SCRATCH: room for n nodes. */
static bool route_selection_exits(struct cfg_graph *g, struct cfg_structure *s,
                                  const struct region *r, const uint32_t *t, uint32_t k,
                                  uint32_t *scratch) {
  uint32_t n = cfg_graph_node_count(g), d = t[0], top = 0;
  for (uint32_t j = 1; j < k; j++) d = cfg_tree_intersect(g->idom, g->rpo_index, d, t[j]);
  uint8_t *marked = calloc(n, 1);
  if (!marked) return false;
  for (uint32_t j = 0; j < k; j++) /* 2: reached from a target */
    if (marked[t[j]] != 2) marked[t[j]] = 2, scratch[top++] = t[j];
  while (top > 0) {
    uint32_t p = scratch[--top];
    for (uint32_t e = 0; e < r->count[p]; e++)
      if (marked[r->succ[p][e]] != 2) marked[r->succ[p][e]] = 2, scratch[top++] = r->succ[p][e];
  }
  for (uint32_t p = 0; p < n; p++) marked[p] = marked[p] != 2 && cfg_gi_dominates(g, d, p);
  struct route_sources src = {CFG_NONE, marked, n};
  bool ok = route_chain(g, s, &src, t, k);
  s->routed_selections++;
  free(marked);
  return ok;
}

enum step_result { STEP_DONE, STEP_CHANGED, STEP_FAILED };

#if !defined(NDEBUG) || defined(PROSPERO_SANITIZE)
bool cfg_structure_check_rounds = true;
#else
bool cfg_structure_check_rounds = false;
#endif
static _Atomic uint32_t round_checks, round_mismatches;

uint32_t cfg_structure_round_checks(void) { return round_checks; }
uint32_t cfg_structure_round_mismatches(void) { return round_mismatches; }

/* A split the next round would only confirm (see predicted_split): the selection H whose
 * merge T is also its loop's continue target took T's edges into the forwarding node F. */
struct predicted_split {
  uint32_t h, t, f;
};

/* Whether splitting every edge into T off to a forwarding node F in front of it, for the
 * selection H whose region-graph merge T is the continue target of the loop OUTER, leaves
 * nothing for the next round to do but give H the merge F. Checked before the split, on the
 * analysed graph: T is no loop header, and every predecessor P of T is dominated by H, lies
 * in T's innermost loop (so no loop's exits, landings or merges change) and has no two-way
 * branch between H and itself (on its dominator-tree path) that does not dominate T (whose
 * construct would then be left through F where it was left through T, the continue target,
 * before). Then F takes every edge into T: the new graph is the old one with T subdivided,
 * so the dominators, loops and region graph are the old ones with F standing in front of T,
 * and a region post-dominator that was T becomes F. The caller checks that H is the only
 * branch with that post-dominator. */
static bool split_is_predictable(const struct cfg_graph *g, const struct cfg_structure *s,
                                 uint32_t h, uint32_t t, uint32_t outer) {
  if (s->shapes[h].shape != CFG_SHAPE_SELECTION || s->shapes[outer].shape != CFG_SHAPE_LOOP ||
      s->shapes[outer].continue_to != t || s->shapes[outer].merge == t ||
      cfg_gi_loop_with_header(g, t) != CFG_NONE || !cfg_gi_dominates(g, h, t))
    return false;
  uint32_t l = cfg_gi_loop_of(g, t);
  if (l == CFG_NONE) return false;
  for (uint32_t i = 0; i < cfg_gi_pred_count(g, t); i++) {
    uint32_t p = cfg_gi_pred(g, t, i);
    if (!cfg_gi_dominates(g, h, p) || cfg_gi_loop_of(g, p) != l) return false;
    for (uint32_t b = p, steps = 0; b != h; b = g->idom[b]) {
      if (++steps > cfg_graph_node_count(g)) return false;
      if (cfg_gi_succ_count(g, b) == 2 && !cfg_gi_dominates(g, b, t)) return false;
    }
  }
  return true;
}

/* Finishes a round whose only changes were predictable splits: updates the analysis for
 * the forwarding nodes and gives the shapes the next round would find (the new nodes plain,
 * each split selection the merge F), provided no other branch has the region post-dominator
 * of a split target (it would become F too, and conflict). Returns STEP_CHANGED when the
 * next round has to run after all. */
static enum step_result finish_predicted(struct cfg_graph *g, struct cfg_structure *s,
                                         const struct region *r, uint32_t n,
                                         const struct predicted_split *splits, uint32_t count) {
  uint8_t *users = calloc(n, 1);
  if (!users) return STEP_CHANGED;
  for (uint32_t i = 0; i < count; i++) users[splits[i].t] = 1;
  for (uint32_t b = 0; b < n; b++) {
    uint32_t m = r->ipdom[b];
    if (m < n && users[m] && cfg_gi_succ_count(g, b) == 2 && cfg_gi_reachable(g, b) &&
        cfg_gi_loop_with_header(g, b) == CFG_NONE && users[m] < 3)
      users[m]++;
  }
  bool ok = true;
  for (uint32_t i = 0; i < count && ok; i++)
    ok = users[splits[i].t] == 2 && r->ipdom[splits[i].h] == splits[i].t;
  free(users);
  if (!ok || !cfg_graph_update(g, NULL)) return STEP_CHANGED;
  uint32_t total = cfg_graph_node_count(g);
  struct cfg_node_shape *shapes = realloc(s->shapes, total * sizeof *shapes);
  if (!shapes) return STEP_CHANGED;
  s->shapes = shapes;
  s->node_count = total;
  for (uint32_t b = n; b < total; b++)
    shapes[b] = (struct cfg_node_shape){CFG_SHAPE_PLAIN, CFG_NONE, CFG_NONE};
  for (uint32_t i = 0; i < count; i++) shapes[splits[i].h].merge = splits[i].f;
  return STEP_DONE;
}

/* One round: analyse (the first round from scratch, later ones by updating the analysis
 * for the nodes the previous round inserted), fix the normalisation problems found, or fill
 * the shapes. *PREDICTED: the round's changes were forwarding nodes whose effect it
 * predicted (finish_predicted), and it returns STEP_DONE with the next round's shapes
 * instead of STEP_CHANGED. */
static enum step_result structure_step(struct cfg_graph *g, struct cfg_structure *s,
                                       bool first, bool exit_merges, bool *predicted) {
  *predicted = false;
  char detail[64];
  if (!(first ? cfg_graph_analyze(g) : cfg_graph_update(g, NULL)))
    return fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED;
  /* The entry first, before any check that gives up: SSA reads the shader's entry values
   * in a block no edge comes back to, in the dispatcher form as well. */
  uint32_t entry = cfg_graph_entry(g);
  if (cfg_graph_pred_count(g, entry) != 0)
    return insert_entry(g) == CFG_NONE ? (fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL),
                                                  STEP_FAILED)
                                               : STEP_CHANGED;
  uint32_t bad;
  if (cfg_graph_irreducible(g, &bad))
    return fail(s, CFG_FALLBACK_IRREDUCIBLE, bad, NULL), STEP_FAILED;

  uint32_t n = cfg_graph_node_count(g), nloops = cfg_graph_loop_count(g);
  for (uint32_t b = 0; b < n; b++)
    if (cfg_gi_reachable(g, b) && cfg_gi_succ_count(g, b) > 2)
      return fail(s, CFG_FALLBACK_MULTIWAY_BRANCH, b, NULL), STEP_FAILED;

  /* Route the exits of one loop per round, the innermost first: routing adds exits to the
   * loops around it, whose own routing then sees them. */
  uint32_t *loop_merges = malloc((nloops + 1) * sizeof *loop_merges);
  /* room for a loop's exits, or a selection's exits and a node stack */
  uint32_t *scratch = malloc((2 * (size_t)n + 2) * sizeof *scratch);
  if (!loop_merges || !scratch) {
    free(loop_merges);
    free(scratch);
    return fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED;
  }
  uint32_t routed = CFG_NONE;
  for (uint32_t l = 0; l < nloops; l++)
    if (loop_merge_or_routing(g, s, l, scratch, &loop_merges[l]) &&
        (routed == CFG_NONE || cfg_graph_loop_depth(g, l) > cfg_graph_loop_depth(g, routed)))
      routed = l;
  if (routed != CFG_NONE) {
    free(loop_merges);
    free(scratch);
    return route_loop_exits(g, s, routed) ? STEP_CHANGED
                                          : (fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED);
  }
  /* Loop normalisations touch disjoint edges, so every loop is fixed in the same round. */
  uint32_t changes = 0;
  for (uint32_t l = 0; l < nloops; l++) {
    uint32_t h = cfg_graph_loop_header(g, l);
    /* several back edges: funnel them through one continue node. So does a single latch
     * that also leaves for anything but the merge (a break block, a route node): as the
     * continue target it would enter the loop construct there, which SPIR-V forbids;
     * behind a continue node it is an ordinary selection in the loop body. */
    uint32_t nl = cfg_graph_loop_latch_count(g, l);
    bool latch_exits_elsewhere = false;
    if (nl == 1) {
      uint32_t c = cfg_graph_loop_latch(g, l, 0);
      for (uint32_t i = 0; i < cfg_gi_succ_count(g, c); i++) {
        uint32_t t = cfg_gi_succ(g, c, i);
        latch_exits_elsewhere |= t != h && t != loop_merges[l];
      }
    }
    if (nl > 1 || latch_exits_elsewhere) {
      uint32_t c = cfg_graph_add_node(g);
      uint32_t *latches = malloc(nl * sizeof *latches);
      if (c == CFG_NONE || !latches || !cfg_graph_add_edge(g, c, h)) {
        free(latches);
        free(loop_merges);
        free(scratch);
        return fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED;
      }
      for (uint32_t i = 0; i < nl; i++) latches[i] = cfg_graph_loop_latch(g, l, i);
      for (uint32_t i = 0; i < nl; i++) cfg_graph_redirect_edge(g, latches[i], h, c);
      free(latches);
      changes++;
      continue;
    }
    /* a header that branches two ways inside its loop also needs a selection: give the loop
     * an empty header of its own */
    uint32_t inside = 0;
    for (uint32_t i = 0; i < cfg_gi_succ_count(g, h); i++)
      inside += cfg_gi_loop_contains(g, l, cfg_gi_succ(g, h, i));
    if (inside > 1) {
      if (insert_before(g, h) == CFG_NONE) {
        free(loop_merges);
        free(scratch);
        return fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED;
      }
      changes++;
    }
  }
  if (changes) {
    free(loop_merges);
    free(scratch);
    return STEP_CHANGED;
  }

  struct region r;
  bool have_region = region_build(g, loop_merges, &r);
  free(s->shapes);
  s->shapes = calloc(n, sizeof *s->shapes);
  s->node_count = n;
  if (!have_region || !s->shapes) {
    if (have_region) region_free(&r);
    free(loop_merges);
    free(scratch);
    return fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED;
  }
  uint32_t routed_sel = CFG_NONE;
  for (uint32_t b = 0; b < n; b++) {
    s->shapes[b].shape = CFG_SHAPE_PLAIN;
    s->shapes[b].merge = s->shapes[b].continue_to = CFG_NONE;
    if (!cfg_gi_reachable(g, b)) continue;
    uint32_t lh = cfg_gi_loop_with_header(g, b);
    if (lh != CFG_NONE) {
      s->shapes[b].shape = CFG_SHAPE_LOOP;
      s->shapes[b].merge = loop_merges[lh];
      s->shapes[b].continue_to = cfg_graph_loop_latch(g, lh, 0);
    } else if (cfg_gi_succ_count(g, b) == 2) {
      uint32_t m = r.ipdom[b];
      /* left to several places: routed below (the last such branch in RPO first) */
      if (m < n && !cfg_gi_dominates(g, b, m) && r.count[b] > 0 &&
          (routed_sel == CFG_NONE || g->rpo_index[b] > g->rpo_index[routed_sel]) &&
          selection_exits(g, &r, s->original_nodes, b, scratch) > 1)
        routed_sel = b;
      if ((m < n && !cfg_gi_dominates(g, b, m)) || (m == CFG_EXIT && exit_merges && r.count[b] > 0))
        m = continue_arm_merge(g, &r, s->original_nodes, b, m);
      if (r.count[b] == 0) {
        s->shapes[b].shape = CFG_SHAPE_EXIT_BRANCH;
      } else {
        s->shapes[b].shape = CFG_SHAPE_SELECTION;
        s->shapes[b].merge = m == CFG_EXIT ? CFG_NONE : m;
        /* `if (c) return;`: the code after the branch is the natural merge (only when
         * the returning arm is entered from B alone: else the other arm reaches it too,
         * past that merge, which SPIR-V's single-entry rule forbids) */
        uint32_t s0 = cfg_gi_succ(g, b, 0), s1 = cfg_gi_succ(g, b, 1);
        bool r0 = cfg_gi_pred_count(g, s0) == 1 && is_returning(g, s0);
        bool r1 = cfg_gi_pred_count(g, s1) == 1 && is_returning(g, s1);
        /* a returning arm that the other arm also enters (and nothing outside B's
         * construct does) is where they join: the merge */
        uint32_t joined = returning_join(g, b, s0) ? s0 : returning_join(g, b, s1) ? s1 : CFG_NONE;
        for (uint32_t l = 0; l < nloops && joined != CFG_NONE; l++)
          if (loop_merges[l] == joined) joined = CFG_NONE; /* a loop's merge: a break */
        if (joined != CFG_NONE) s->shapes[b].merge = joined;
        if (m == CFG_EXIT && r0 != r1) s->shapes[b].merge = r0 ? s1 : s0;
        /* both arms return: the one that is more than a bare return continues the program */
        bool e0 = cfg_gi_succ_count(g, s0) == 0, e1 = cfg_gi_succ_count(g, s1) == 0;
        if (m == CFG_EXIT && r0 && r1 && e0 != e1) s->shapes[b].merge = e0 ? s1 : s0;
      }
    }
  }
  free(loop_merges);
  if (routed_sel != CFG_NONE) {
    uint32_t k = selection_exits(g, &r, s->original_nodes, routed_sel, scratch);
    bool ok = route_selection_exits(g, s, &r, scratch, k, scratch + k);
    region_free(&r);
    free(scratch);
    return ok ? STEP_CHANGED : (fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED);
  }
  free(scratch);

  /* Every merge and continue target belongs to one construct and is dominated by its
   * header. A conflict is resolved by giving the inner construct a forwarding node. */
  uint32_t *owner = malloc(n * sizeof *owner);
  uint8_t *split = calloc(n, 1); /* targets already split in this round */
  /* the splits whose outcome the next round would only confirm (at most one per target) */
  struct predicted_split *splits = malloc(n * sizeof *splits);
  uint32_t split_count = 0;
  bool predictable = splits != NULL;
  if (!owner || !split) {
    free(owner);
    free(split);
    free(splits);
    region_free(&r);
    return fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED;
  }
  for (uint32_t b = 0; b < n; b++) owner[b] = CFG_NONE;
  enum step_result result = STEP_DONE;
  /* splits into distinct targets are independent: do them all, then analyse again */
  for (uint32_t i = 0; i < g->rpo_count && result != STEP_FAILED; i++) {
    uint32_t h = g->rpo[i];
    const struct cfg_node_shape *sh = &s->shapes[h];
    for (int k = 0; k < 2 && result != STEP_FAILED; k++) {
      uint32_t t = k == 0 ? sh->merge : sh->continue_to;
      if (t == CFG_NONE || (k == 1 && t == h)) continue;
      if (split[t]) { /* claimed again after a split: the next round decides */
        predictable = false;
        continue;
      }
      bool is_merge = k == 0;
      if (is_merge && !cfg_gi_dominates(g, h, t)) {
        /* the arms meet at a block also entered from elsewhere */
        if (split_edges_into(g, t, h) == CFG_NONE)
          result = (fail(s, CFG_FALLBACK_BAD_MERGE, h, NULL), STEP_FAILED);
        else
          result = STEP_CHANGED, split[t] = 1;
        predictable = false;
        continue;
      }
      if (owner[t] == CFG_NONE) {
        owner[t] = h;
        continue;
      }
      /* headers come in RPO order, so the earlier owner is the outer one if nested */
      uint32_t outer = owner[t];
      if (!cfg_gi_dominates(g, outer, h)) {
        snprintf(detail, sizeof detail, "block %u claimed by %u and %u", t, outer, h);
        result = (fail(s, CFG_FALLBACK_SHARED_MERGE, h, detail), STEP_FAILED);
        break;
      }
      /* an inner selection ending where the outer construct ends takes the forwarding node
       * in front of T when a split already made one (nested constructs with one exit) */
      uint32_t p = cfg_gi_pred_count(g, t) == 1 ? cfg_gi_pred(g, t, 0) : CFG_NONE;
      /* past the forwarding nodes that constructs between the outer one and H already
       * took (three nested selections ending together: each takes the node in front of
       * the next one's) */
      uint32_t front = t;
      /* (nodes inserted in this round, at n and above, are not analysed yet: left alone) */
      while (is_merge && p < n && p >= s->original_nodes && p != h &&
             cfg_gi_succ_count(g, p) == 1 && owner[p] != CFG_NONE && cfg_gi_dominates(g, h, p)) {
        front = p;
        p = cfg_gi_pred_count(g, p) == 1 ? cfg_gi_pred(g, p, 0) : CFG_NONE;
      }
      if (is_merge && p < n && p >= s->original_nodes && p != h &&
          cfg_gi_succ_count(g, p) == 1 && owner[p] == CFG_NONE && cfg_gi_dominates(g, h, p) &&
          !cfg_gi_is_back_edge(g, p, front) &&
          s->shapes[h].shape == CFG_SHAPE_SELECTION) {
        s->shapes[h].merge = p;
        owner[p] = h;
        predictable = false;
        continue;
      }
      /* a loop's continue target must stay; a selection in the loop gets its own merge */
      if (split[front]) {
        predictable = false;
        continue;
      }
      bool predict = predictable && is_merge && front == t && r.ipdom[h] == t &&
                     split_is_predictable(g, s, h, t, outer);
      uint32_t f = split_edges_into(g, front, h);
      if (f == CFG_NONE) {
        result = (fail(s, CFG_FALLBACK_SHARED_MERGE, h, NULL), STEP_FAILED);
      } else {
        result = STEP_CHANGED, split[front] = 1;
        if (predict && cfg_gi_pred_count(g, t) == 1)
          splits[split_count++] = (struct predicted_split){h, t, f};
        else
          predictable = false;
      }
    }
  }
  if (result == STEP_CHANGED && predictable && split_count > 0) {
    result = finish_predicted(g, s, &r, n, splits, split_count);
    *predicted = result == STEP_DONE;
  }
  region_free(&r);
  free(splits);
  free(split);
  free(owner);
  return result;
}

static bool check_all(const struct cfg_graph *g, const struct cfg_structure *s, char *err,
                      size_t err_size, uint32_t *bad_sel);
static bool demote_selection(const struct cfg_graph *g, struct cfg_structure *s, uint32_t b);

/* The round a predicted finish skipped (cfg_structure_check_rounds): run it, and count a
 * mismatch when it changes the graph or finds other shapes. Its result is the one kept. */
static enum step_result check_predicted_round(struct cfg_graph *g, struct cfg_structure *s,
                                              bool exit_merges) {
  uint32_t n = cfg_graph_node_count(g);
  struct cfg_node_shape *want = malloc(n * sizeof *want);
  if (!want) return fail(s, CFG_FALLBACK_NO_MEMORY, 0, NULL), STEP_FAILED;
  memcpy(want, s->shapes, n * sizeof *want);
  bool predicted;
  enum step_result r = structure_step(g, s, false, exit_merges, &predicted);
  bool same = r == STEP_DONE && !predicted && cfg_graph_node_count(g) == n &&
              s->node_count == n && memcmp(want, s->shapes, n * sizeof *want) == 0;
  free(want);
  round_checks++;
  if (!same) {
    round_mismatches++;
    LOG(shader, ERROR, "cfg_structurize: the round after a predicted finish changed the result");
  }
  return r;
}

/* One structuring of G with one rule for the merge of a branch whose arms never meet in
 * the region graph (some arm returns): EXIT_MERGES places it where the construct is left
 * (continue_arm_merge), else it has none. */
static bool structurize_once(struct cfg_graph *g, struct cfg_structure *out, bool exit_merges) {
  memset(out, 0, sizeof *out);
  out->original_nodes = cfg_graph_node_count(g);
  out->fallback = CFG_FALLBACK_NONE;
  out->fallback_node = CFG_NONE;
  snprintf(out->reason, sizeof out->reason, "%s", cfg_fallback_name(CFG_FALLBACK_NONE));
  /* Each change inserts one node; a well-formed graph needs at most a few per node. */
  uint32_t limit = 4 * out->original_nodes + 16;
  for (uint32_t round = 0; round < limit; round++) {
    bool predicted;
    enum step_result r = structure_step(g, out, round == 0, exit_merges, &predicted);
    out->rounds = round + 1;
    if (predicted && cfg_structure_check_rounds) r = check_predicted_round(g, out, exit_merges);
    out->inserted = cfg_graph_node_count(g) - out->original_nodes;
    if (r == STEP_DONE) {
      /* A structure that breaks a rule of SPIR-V (the single-entry or the structured-exit
       * rule) is not given out: the dispatcher form is always valid. */
      char why[112];
      for (uint32_t tries = 0; tries <= out->node_count; tries++) {
        uint32_t bad = CFG_NONE;
        if (check_all(g, out, why, sizeof why, &bad)) return true;
        if (bad == CFG_NONE || !demote_selection(g, out, bad)) break;
        out->demoted++;
      }
      return fail(out, CFG_FALLBACK_BREAKS_RULES, cfg_graph_entry(g), why);
    }
    if (r == STEP_FAILED) {
      cfg_graph_analyze(g);
      return false;
    }
  }
  cfg_graph_analyze(g);
  return fail(out, CFG_FALLBACK_NOT_CONVERGING, cfg_graph_entry(g), NULL);
}

/* G's edges as (from, to) pairs in successor order, with the node count and entry: the input
 * kept for the second rule, rebuilt as a graph only when the first one fails. */
struct graph_snapshot {
  uint32_t n, entry, count;
  uint32_t *edges;
};

static bool graph_snapshot(const struct cfg_graph *g, struct graph_snapshot *snap) {
  uint32_t n = cfg_graph_node_count(g), count = 0;
  for (uint32_t b = 0; b < n; b++) count += cfg_gi_succ_count(g, b);
  *snap = (struct graph_snapshot){n, cfg_graph_entry(g), count,
                                  malloc((2 * (size_t)count + 1) * sizeof(uint32_t))};
  if (!snap->edges) return false;
  uint32_t k = 0;
  for (uint32_t b = 0; b < n; b++)
    for (uint32_t i = 0; i < cfg_gi_succ_count(g, b); i++) {
      snap->edges[k++] = b;
      snap->edges[k++] = cfg_gi_succ(g, b, i);
    }
  return true;
}

/* The graph of SNAP (NULL when out of memory). */
static struct cfg_graph *graph_from_snapshot(const struct graph_snapshot *snap) {
  struct cfg_graph *c = cfg_graph_create(snap->n, snap->entry);
  for (uint32_t k = 0; c && k < snap->count; k++)
    if (!cfg_graph_add_edge(c, snap->edges[2 * k], snap->edges[2 * k + 1])) {
      cfg_graph_destroy(c);
      return NULL;
    }
  return c;
}

/* Two rules for branches whose arms never meet (structurize_once): the merge where the
 * construct is left first, which structures most graphs; where that does not converge or
 * breaks a rule, the other on a copy of the input, whose result replaces G's when valid. */
bool cfg_structurize(struct cfg_graph *g, struct cfg_structure *out) {
  struct graph_snapshot snap;
  bool have_snap = graph_snapshot(g, &snap);
  bool ok = structurize_once(g, out, true);
  struct cfg_graph *copy = NULL;
  if (!ok && have_snap &&
      (out->fallback == CFG_FALLBACK_NOT_CONVERGING ||
       out->fallback == CFG_FALLBACK_BREAKS_RULES) &&
      (copy = graph_from_snapshot(&snap)) != NULL) {
    struct cfg_structure other;
    if (structurize_once(copy, &other, false)) {
      struct cfg_graph t = *g;
      *g = *copy;
      *copy = t;
      cfg_structure_free(out);
      *out = other;
      ok = true;
    } else {
      cfg_structure_free(&other);
    }
  }
  cfg_graph_destroy(copy);
  free(snap.edges);
  return ok;
}

/* Route and guard nodes have the shape cfg_routing describes: a route node jumps on, a guard
 * branches two ways, and both name a join that is the first guard of its chain. (Later
 * normalisations may put forwarding nodes, or another loop's routing, between a chain's
 * nodes; the IR carries the route number along any such path.) */
static bool check_routing(const struct cfg_graph *g, const struct cfg_structure *s, char *err,
                          size_t err_size) {
  for (uint32_t n = s->original_nodes; n < cfg_graph_node_count(g); n++) {
    struct cfg_routing r = cfg_structure_routing(s, n);
    if (r.kind == CFG_INSERTED_FORWARD || !cfg_gi_reachable(g, n)) continue;
    struct cfg_routing j = cfg_structure_routing(s, r.join);
    if (cfg_gi_succ_count(g, n) != (r.kind == CFG_INSERTED_GUARD ? 2u : 1u) ||
        j.kind != CFG_INSERTED_GUARD || j.join != r.join) {
      snprintf(err, err_size, "^%u: %s node out of shape", n,
               r.kind == CFG_INSERTED_GUARD ? "guard" : "route");
      return false;
    }
  }
  return true;
}

/* Construct membership, as SPIR-V's "Structured Control Flow" section defines it, over
 * structural dominance: dominance in the graph SG, which is G plus an edge from every
 * header to its merge and from every loop header to its continue target. (With plain
 * dominance, a selection that breaks out of a loop would own the loop's merge: the extra
 * header->merge edge is what keeps a break's target out of the constructs it leaves.)
 *   selection construct: blocks the header dominates, minus those its merge dominates;
 *   continue construct:  blocks the continue target dominates and the back-edge block (the
 *                        single latch, which is the continue target) post-dominates;
 *   loop construct:      blocks the header dominates, minus those its merge dominates,
 *                        minus its continue construct.
 * One deviation: the continue construct also leaves out the blocks its loop's merge
 * dominates. The spec does not; but when the loop sits in an infinite loop, post-dominance
 * runs round the outer loop and the back-edge block of a self-loop (continue target = header)
 * post-dominates the code after the loop, which the literal definition would put in the
 * continue construct (a case the fuzzer found).
 * A merge of CFG_NONE excludes nothing. CONTINUE_PART asks about the continue construct of
 * loop H instead of its loop or selection construct. */
/* SG's dominator tree (structural dominance), numbered as cfg_graph numbers its own, with
 * SG itself built only when a post-dominance query needs it (struct_dom_build). */
struct struct_dom {
  const struct cfg_graph *g;
  const struct cfg_structure *s;
  uint32_t n, entry;
  const uint32_t *idom, *pre, *post; /* SG's tables: in TABLES, or SG's own (fallback) */
  uint32_t *tables;
  struct cfg_graph *sg; /* SG, once built */
  bool no_memory;       /* SG was needed and could not be built */
};

/* Dominance in SG between nodes reachable from its entry (the only ones the checks ask
 * about: SG has G's edges plus edges from reachable headers to the merges and continue
 * targets they dominate, so it reaches what G reaches), without cfg_gi_dominates' guards. */
static inline __attribute__((always_inline)) bool sg_dominates(const struct struct_dom *sd,
                                                               uint32_t a, uint32_t b) {
  return sd->pre[a] <= sd->pre[b] && sd->post[b] <= sd->post[a];
}

/* SG for the structure S of G (NULL when out of memory): G's successors of each node, then
 * its merge and continue target when it declares them and they are not successors
 * already (a graph's successors are distinct). */
static struct cfg_graph *structural_graph(const struct cfg_graph *g,
                                          const struct cfg_structure *s) {
  uint32_t n = cfg_graph_node_count(g), edges = 0;
  for (uint32_t b = 0; b < n; b++) edges += cfg_gi_succ_count(g, b) + 2;
  uint32_t *first = malloc(((size_t)n + 1 + edges) * sizeof *first), *succ = first + n + 1;
  if (!first) return NULL;
  uint32_t k = 0;
  for (uint32_t b = 0; b < n; b++) {
    first[b] = k;
    for (uint32_t i = 0; i < cfg_gi_succ_count(g, b); i++) succ[k++] = cfg_gi_succ(g, b, i);
    const struct cfg_node_shape *sh = &s->shapes[b];
    if (sh->shape != CFG_SHAPE_SELECTION && sh->shape != CFG_SHAPE_LOOP) continue;
    uint32_t extra[2] = {sh->merge, sh->shape == CFG_SHAPE_LOOP ? sh->continue_to : CFG_NONE};
    for (int e = 0; e < 2; e++) {
      uint32_t j = first[b];
      while (j < k && succ[j] != extra[e]) j++;
      if (extra[e] < n && j == k) succ[k++] = extra[e];
    }
  }
  first[n] = k;
  struct cfg_graph *sg = cfg_graph_create_csr(n, cfg_graph_entry(g), first, succ);
  free(first);
  if (sg && cfg_graph_analyze_dominators(sg)) return sg;
  cfg_graph_destroy(sg);
  return NULL;
}

/* SG's dominator tree without SG, from G's analysis (current: cfg_structure_check used it).
 * SG's depth-first walk is G's: an extra edge H->T has H dominating T in G, so T is a
 * descendant of H in G's walk and already visited when the walk looks at H's extra edges
 * (after its successors); SG's reverse post-order is G's. SG's predecessors of T are G's
 * and the header that declares T (one at most among the reachable headers: no target is
 * claimed twice). One Cooper-Harvey-Kennedy pass over the reverse post-order without the
 * retreating edges is the fixpoint of the iteration when every retreating edge P->B has B
 * dominating P in its result (a second pass would change nothing); otherwise, or when a
 * target has two declaring headers, SG is built and analysed as a graph. */
static bool struct_dom_from_g(struct struct_dom *sd) {
  const struct cfg_graph *g = sd->g;
  const struct cfg_structure *s = sd->s;
  uint32_t n = sd->n;
  uint32_t *t = malloc(4 * (size_t)n * sizeof *t);
  if (!t) return false;
  uint32_t *idom = t, *pre = t + n, *post = t + 2 * (size_t)n, *xpred = t + 3 * (size_t)n;
  for (uint32_t b = 0; b < n; b++) xpred[b] = idom[b] = CFG_NONE;
  /* G's analysis must describe G as it is (it does after cfg_structurize) */
  bool ok = g->analyzed_n == n && g->dom_done && g->rpo_index && !g->edited;
  for (uint32_t h = 0; h < n && ok; h++) {
    const struct cfg_node_shape *sh = &s->shapes[h];
    if ((sh->shape != CFG_SHAPE_SELECTION && sh->shape != CFG_SHAPE_LOOP) ||
        !cfg_gi_reachable(g, h))
      continue;
    uint32_t extra[2] = {sh->merge, sh->shape == CFG_SHAPE_LOOP ? sh->continue_to : CFG_NONE};
    for (int e = 0; e < 2 && ok; e++) {
      uint32_t x = extra[e];
      if (x >= n || x == h || xpred[x] == h) continue;
      if (xpred[x] != CFG_NONE || !cfg_gi_dominates(g, h, x)) ok = false;
      xpred[x] = h;
    }
  }
  const uint32_t *rpo = g->rpo, *rank = g->rpo_index;
  uint32_t count = g->rpo_count;
  if (ok && count > 0) idom[rpo[0]] = rpo[0];
  for (uint32_t i = 1; i < count && ok; i++) {
    uint32_t b = rpo[i], nd = xpred[b];
    for (uint32_t k = 0; k < cfg_gi_pred_count(g, b); k++) {
      uint32_t p = cfg_gi_pred(g, b, k);
      if (rank[p] >= i) continue; /* retreating (checked below) or unreachable */
      nd = nd == CFG_NONE ? p : cfg_tree_intersect(idom, rank, p, nd);
    }
    idom[b] = nd;
    ok = nd != CFG_NONE;
  }
  for (uint32_t i = 1; i < count && ok; i++) {
    uint32_t b = rpo[i];
    for (uint32_t k = 0; k < cfg_gi_pred_count(g, b) && ok; k++) {
      uint32_t p = cfg_gi_pred(g, b, k);
      if (rank[p] == CFG_NONE || rank[p] < i) continue;
      while (rank[p] > i) p = idom[p];
      ok = p == b;
    }
  }
  if (!ok) {
    free(t);
    sd->sg = structural_graph(g, s);
    if (!sd->sg) return false;
    sd->idom = sd->sg->idom;
    sd->pre = sd->sg->dom_pre;
    sd->post = sd->sg->dom_post;
    return true;
  }
  cfg_tree_number(rpo, count, idom, pre, post, xpred);
  sd->tables = t;
  sd->idom = idom;
  sd->pre = pre;
  sd->post = post;
  return true;
}

static bool struct_dom_init(struct struct_dom *sd, const struct cfg_graph *g,
                            const struct cfg_structure *s) {
  *sd = (struct struct_dom){.g = g, .s = s, .n = cfg_graph_node_count(g),
                            .entry = cfg_graph_entry(g)};
  return struct_dom_from_g(sd);
}

static void struct_dom_free(struct struct_dom *sd) {
  free(sd->tables);
  cfg_graph_destroy(sd->sg);
}

/* Post-dominance in SG (SG is built on the first query). */
static bool sg_post_dominates(struct struct_dom *sd, uint32_t a, uint32_t b) {
  if (!sd->sg && !sd->no_memory) {
    sd->sg = structural_graph(sd->g, sd->s);
    sd->no_memory = !sd->sg;
  }
  return sd->sg && cfg_graph_post_dominates(sd->sg, a, b);
}

/* cfg_graph_dominates in SG (the guards of the checked query). */
static bool sg_dominates_checked(const struct struct_dom *sd, uint32_t a, uint32_t b) {
  return cfg_gi_reachable(sd->g, a) && cfg_gi_reachable(sd->g, b) && sg_dominates(sd, a, b);
}

static inline __attribute__((always_inline)) bool
in_continue_construct(struct struct_dom *sd, const struct cfg_node_shape *sh, uint32_t b) {
  /* a block post-dominates itself: the continue target alone (the usual continue construct)
   * needs no post-dominator analysis of SG */
  return sg_dominates(sd, sh->continue_to, b) &&
         (b == sh->continue_to || sg_post_dominates(sd, sh->continue_to, b)) &&
         (sh->merge == CFG_NONE || !sg_dominates(sd, sh->merge, b));
}

static inline __attribute__((always_inline)) bool
construct_member(struct struct_dom *sd, const struct cfg_node_shape *sh, uint32_t h,
                 bool continue_part, uint32_t b) {
  if (continue_part) return in_continue_construct(sd, sh, b);
  if (!sg_dominates(sd, h, b)) return false;
  if (sh->merge != CFG_NONE && sg_dominates(sd, sh->merge, b)) return false;
  return sh->shape != CFG_SHAPE_LOOP || !in_continue_construct(sd, sh, b);
}

/* construct_member for a block B of H's subtree of the structural dominator tree outside its
 * merge's subtree (the blocks the checks walk): H dominates B and the merge does not (were
 * the merge outside H's subtree and dominating B, it would dominate H in SG and so in G,
 * where H dominates it), so only the continue construct decides. */
static inline __attribute__((always_inline)) bool
walked_member(struct struct_dom *sd, const struct cfg_node_shape *sh, bool continue_part,
              uint32_t b) {
  if (continue_part) return in_continue_construct(sd, sh, b);
  return sh->shape != CFG_SHAPE_LOOP || !in_continue_construct(sd, sh, b);
}

bool cfg_structure_check(const struct cfg_graph *g, const struct cfg_structure *s, char *err,
                         size_t err_size) {
  uint32_t n = cfg_graph_node_count(g);
  if (s->fallback != CFG_FALLBACK_NONE || s->node_count != n) {
    snprintf(err, err_size, "not a structured result");
    return false;
  }
  uint32_t *claimed = malloc((n + 1) * sizeof *claimed);
  if (!claimed) {
    snprintf(err, err_size, "out of memory");
    return false;
  }
  for (uint32_t b = 0; b < n; b++) claimed[b] = CFG_NONE;
  bool ok = true;
  for (uint32_t h = 0; h < n && ok; h++) {
    if (!cfg_gi_reachable(g, h)) continue;
    const struct cfg_node_shape *sh = &s->shapes[h];
    uint32_t targets[2] = {sh->merge, sh->shape == CFG_SHAPE_LOOP ? sh->continue_to : CFG_NONE};
    for (int k = 0; k < 2 && ok; k++) {
      uint32_t t = targets[k];
      if (t == CFG_NONE || (k == 1 && t == h)) continue;
      if (t >= n || !cfg_gi_dominates(g, h, t)) {
        snprintf(err, err_size, "^%u: %s ^%u is not dominated by its header", h,
                 k ? "continue target" : "merge", t);
        ok = false;
      } else if (claimed[t] != CFG_NONE) {
        snprintf(err, err_size, "^%u is claimed by ^%u and ^%u", t, claimed[t], h);
        ok = false;
      } else {
        claimed[t] = h;
      }
    }
    if (!ok || sh->shape != CFG_SHAPE_LOOP) continue;
    uint32_t l = cfg_gi_loop_with_header(g, h);
    if (l == CFG_NONE) {
      snprintf(err, err_size, "^%u: loop shape without a loop", h);
      ok = false;
    } else if (sh->merge != CFG_NONE && cfg_gi_loop_contains(g, l, sh->merge)) {
      snprintf(err, err_size, "^%u: loop merge ^%u inside the loop", h, sh->merge);
      ok = false;
    } else if (!cfg_gi_loop_contains(g, l, sh->continue_to)) {
      snprintf(err, err_size, "^%u: continue target ^%u outside the loop", h, sh->continue_to);
      ok = false;
    } else {
      for (uint32_t i = 0; i < cfg_graph_loop_latch_count(g, l) && ok; i++)
        if (cfg_graph_loop_latch(g, l, i) != sh->continue_to) {
          snprintf(err, err_size, "^%u: back edge from ^%u, not the continue target", h,
                   cfg_graph_loop_latch(g, l, i));
          ok = false;
        }
    }
  }
  free(claimed);
  return ok && check_routing(g, s, err, err_size);
}

/* The header whose merge is M (CFG_NONE when M is nobody's merge), or the immediate
 * structural dominator: the next block of the validator's walk out of a selection. */
static uint32_t next_out(const struct struct_dom *sd, const uint32_t *merge_owner, uint32_t b) {
  uint32_t h = merge_owner[b];
  if (h != CFG_NONE && h != b && sg_dominates(sd, h, b)) return h;
  return b == sd->entry ? CFG_NONE : sd->idom[b];
}

/* Whether the edge B->X that leaves construct part PART of header H is a structured exit,
 * as SPIR-V's rules define it and SPIRV-Tools' validator checks them (its
 * Construct::IsStructuredExit, "exits the ... but not via a structured exit"): a loop
 * construct leaves to its merge or its continue target; a continue construct to its
 * header or its loop's merge; a selection to its merge, or to the merge or continue target
 * of the nearest enclosing loop (the first loop header out along the walk through merge
 * owners and immediate structural dominators whose merge does not dominate H) — never to
 * an enclosing selection's merge. */
static bool structured_exit(const struct struct_dom *sd, const struct cfg_structure *s,
                            const uint32_t *merge_owner, uint32_t h, int part, uint32_t x) {
  const struct cfg_node_shape *sh = &s->shapes[h];
  if (sh->shape == CFG_SHAPE_LOOP)
    return part ? x == h || x == sh->merge : x == sh->merge || x == sh->continue_to;
  if (x == sh->merge) return true;
  uint32_t n = sd->n;
  for (uint32_t b = next_out(sd, merge_owner, h), steps = 0; b != CFG_NONE && steps <= n;
       b = next_out(sd, merge_owner, b), steps++) {
    const struct cfg_node_shape *o = &s->shapes[b];
    if (o->shape != CFG_SHAPE_LOOP) continue;
    if (o->merge != CFG_NONE && sg_dominates(sd, o->merge, h)) continue;
    return x == o->merge || x == o->continue_to;
  }
  return false;
}

/* The two rules over construct H's blocks, in one walk per construct part (every member is
 * in H's subtree of the structural dominator tree, outside its merge's):
 *   single entry: every branch from a reachable block outside a construct into it goes to
 *     the construct's header (the continue target, for a continue construct). Breaks and
 *     continues leave constructs; they only enter the merge or continue target, which are
 *     outside the construct they leave.
 *   structured exits: every edge that leaves the construct is one (structured_exit).
 * A broken entry is reported before a broken exit (the first of each in walk order), and
 * only a broken exit names a selection in *BAD_SEL. */
static bool check_construct(const struct cfg_graph *g, struct struct_dom *sd,
                            const struct cfg_structure *s, const uint32_t *merge_owner,
                            const uint32_t *by_pre, uint32_t h, char *err, size_t err_size,
                            uint32_t *bad_sel) {
  const struct cfg_node_shape *sh = &s->shapes[h];
  if (sh->shape != CFG_SHAPE_SELECTION && sh->shape != CFG_SHAPE_LOOP) return true;
  int parts = sh->shape == CFG_SHAPE_LOOP ? 2 : 1;
  bool bad_exit = false;
  for (int part = 0; part < parts; part++) {
    uint32_t entry = part ? sh->continue_to : h;
    /* the continue construct lies in the continue target's subtree (inside H's) */
    for (uint32_t k = sd->pre[entry]; k <= sd->post[entry]; k++) {
      if (sh->merge != CFG_NONE && k == sd->pre[sh->merge]) { /* the merge's subtree */
        k = sd->post[sh->merge];
        continue;
      }
      uint32_t b = by_pre[k];
      if (!cfg_gi_reachable(g, b) || !walked_member(sd, sh, part, b)) continue;
      for (uint32_t i = 0; b != entry && i < cfg_gi_pred_count(g, b); i++) {
        uint32_t p = cfg_gi_pred(g, b, i);
        if (!cfg_gi_reachable(g, p) || construct_member(sd, sh, h, part, p)) continue;
        const char *from = !sg_dominates_checked(sd, h, p) ? "outside the header"
                           : sh->merge != CFG_NONE && sg_dominates_checked(sd, sh->merge, p)
                               ? "past the merge"
                               : "the continue construct";
        snprintf(err, err_size, "^%u (%s) enters the %s construct of ^%u at ^%u, not at ^%u", p,
                 from, part ? "continue" : sh->shape == CFG_SHAPE_LOOP ? "loop" : "selection",
                 h, b, entry);
        return false;
      }
      for (uint32_t i = 0; !bad_exit && i < cfg_gi_succ_count(g, b); i++) {
        uint32_t x = cfg_gi_succ(g, b, i);
        if (construct_member(sd, sh, h, part, x) ||
            structured_exit(sd, s, merge_owner, h, part, x))
          continue;
        bad_exit = true; /* the message stays unless a broken entry replaces it */
        snprintf(err, err_size, "^%u exits the %s construct of ^%u to ^%u, not a structured exit",
                 b, part ? "continue" : sh->shape == CFG_SHAPE_LOOP ? "loop" : "selection", h, x);
      }
    }
  }
  if (bad_exit && bad_sel && sh->shape == CFG_SHAPE_SELECTION) *bad_sel = h;
  return !bad_exit;
}

/* cfg_structure_check_entries; *BAD_SEL (when not NULL) receives the header of a selection
 * that leaves its construct other than by a structured exit, when that is the failure. */
static bool check_all(const struct cfg_graph *g, const struct cfg_structure *s, char *err,
                      size_t err_size, uint32_t *bad_sel) {
  /* the other rules first: they make every merge and continue target a valid node */
  if (!cfg_structure_check(g, s, err, err_size)) return false;
  uint32_t n = cfg_graph_node_count(g);
  struct struct_dom sd;
  uint32_t *merge_owner = NULL;
  if (!struct_dom_init(&sd, g, s) ||
      !(merge_owner = malloc((2 * (size_t)n + 1) * sizeof *merge_owner))) {
    struct_dom_free(&sd);
    snprintf(err, err_size, "out of memory");
    return false;
  }
  uint32_t *by_pre = merge_owner + n; /* structural dominator tree pre-order -> node */
  for (uint32_t b = 0; b < n; b++) {
    merge_owner[b] = CFG_NONE;
    if (cfg_gi_reachable(g, b)) by_pre[sd.pre[b]] = b;
  }
  for (uint32_t h = 0; h < n; h++) {
    const struct cfg_node_shape *sh = &s->shapes[h];
    if (cfg_gi_reachable(g, h) && sh->merge != CFG_NONE &&
        (sh->shape == CFG_SHAPE_SELECTION || sh->shape == CFG_SHAPE_LOOP))
      merge_owner[sh->merge] = h;
  }
  bool ok = true;
  for (uint32_t h = 0; h < n && ok; h++)
    if (cfg_gi_reachable(g, h))
      ok = check_construct(g, &sd, s, merge_owner, by_pre, h, err, err_size, bad_sel);
  if (sd.no_memory) { /* SG was needed for post-dominance and could not be built */
    if (bad_sel) *bad_sel = CFG_NONE;
    snprintf(err, err_size, "out of memory");
    ok = false;
  }
  free(merge_owner);
  struct_dom_free(&sd);
  return ok;
}

bool cfg_structure_check_entries(const struct cfg_graph *g, const struct cfg_structure *s,
                                 char *err, size_t err_size) {
  return check_all(g, s, err, err_size, NULL);
}

/* Whether T is the merge or continue target of a header other than B that dominates B: a
 * label the validator has seen (declared) before it reaches B's branch. */
static bool declared_target(const struct cfg_graph *g, const struct cfg_structure *s,
                            uint32_t b, uint32_t t) {
  for (uint32_t h = 0; h < s->node_count; h++) {
    const struct cfg_node_shape *sh = &s->shapes[h];
    if (h == b || !cfg_gi_reachable(g, h) || !cfg_gi_dominates(g, h, b)) continue;
    if ((sh->shape == CFG_SHAPE_SELECTION || sh->shape == CFG_SHAPE_LOOP) && sh->merge == t)
      return true;
    if (sh->shape == CFG_SHAPE_LOOP && sh->continue_to == t) return true;
  }
  return false;
}

/* A selection B whose arms leave its construct other than by structured exits (typically
 * to the merge of an enclosing selection that is a forwarding node in front of a continue
 * target, or a break next to a jump to that merge) needs no construct of its own when one
 * of its targets is a merge or continue target an enclosing header declared: as a plain
 * two-way branch (EXIT_BRANCH, SPIR-V's branch without a merge instruction, allowed when a
 * target is such a label) its blocks belong to the enclosing construct, whose exits they
 * are. Returns whether B was changed. */
static bool demote_selection(const struct cfg_graph *g, struct cfg_structure *s, uint32_t b) {
  if (b >= s->node_count || s->shapes[b].shape != CFG_SHAPE_SELECTION ||
      cfg_gi_succ_count(g, b) != 2)
    return false;
  if (!declared_target(g, s, b, cfg_gi_succ(g, b, 0)) &&
      !declared_target(g, s, b, cfg_gi_succ(g, b, 1)))
    return false;
  s->shapes[b].shape = CFG_SHAPE_EXIT_BRANCH;
  s->shapes[b].merge = CFG_NONE;
  return true;
}
