#include "gpu/shader/ir/cfg_graph_internal.h"

#include <stdlib.h>
#include <string.h>


/* Edge lists live in a chunked arena owned by the graph (a list grows by moving to a larger
 * piece; the old piece is simply abandoned), so building a graph costs a few allocations
 * instead of two per node. Analysis lists (loops) use the heap. */
struct cfg_chunk {
  struct cfg_chunk *next;
  uint32_t used, cap;
  uint32_t data[];
};

static uint32_t *arena_alloc(struct cfg_chunk **head, uint32_t n) {
  n = (n + 1) & ~1u; /* keep pieces 8-byte aligned (loop bitsets are uint64_t) */
  struct cfg_chunk *c = *head;
  if (!c || c->cap - c->used < n) {
    uint32_t cap = n > 4096 ? n : 4096;
    c = malloc(sizeof *c + (size_t)cap * sizeof(uint32_t));
    if (!c) return NULL;
    c->next = *head;
    c->used = 0;
    c->cap = cap;
    *head = c;
  }
  uint32_t *p = &c->data[c->used];
  c->used += n;
  return p;
}

static bool vec_grow(struct cfg_chunk **arena, struct cfg_vec *v) {
  uint32_t cap = v->cap ? v->cap * 2 : 2;
  uint32_t *p;
  if (arena) {
    p = arena_alloc(arena, cap);
    if (p && v->n) memcpy(p, v->v, v->n * sizeof *p);
  } else {
    p = realloc(v->v, cap * sizeof *p);
  }
  if (!p) return false;
  v->v = p;
  v->cap = cap;
  return true;
}

static bool vec_push_in(struct cfg_chunk **arena, struct cfg_vec *v, uint32_t x) {
  if (v->n == v->cap && !vec_grow(arena, v)) return false;
  v->v[v->n++] = x;
  return true;
}



static void vec_remove(struct cfg_vec *v, uint32_t x) {
  for (uint32_t i = 0; i < v->n; i++)
    if (v->v[i] == x) {
      memmove(&v->v[i], &v->v[i + 1], (v->n - i - 1) * sizeof *v->v);
      v->n--;
      return;
    }
}

static void free_analyses(struct cfg_graph *g) {
  free(g->rpo); /* the block of every per-node table (alloc_analyses) */
  free(g->loops);
  while (g->loop_arena) {
    struct cfg_chunk *next = g->loop_arena->next;
    free(g->loop_arena);
    g->loop_arena = next;
  }
  g->rpo = g->rpo_index = g->idom = g->dom_pre = g->dom_post = NULL;
  g->ipdom = g->pdom_pre = g->pdom_post = g->scc = g->loop_of = g->loop_by_header = NULL;
  g->loops = NULL;
  g->loop_count = g->rpo_count = g->scc_count = 0;
  g->analyzed_n = g->analysis_cap = 0;
}

/* The per-node analysis tables share one allocation with room for CAP nodes (the
 * post-dominator tables have an entry more, for the virtual exit). The first COPY entries
 * of the current tables (COPY + 1 for the post-dominator ones) move to the new block. */
static bool alloc_analyses(struct cfg_graph *g, uint32_t cap, uint32_t copy) {
  uint32_t *p = malloc(((size_t)8 * cap + 3 * ((size_t)cap + 1)) * sizeof *p);
  if (!p) return false;
  uint32_t **tables[] = {&g->rpo, &g->rpo_index, &g->idom, &g->dom_pre, &g->dom_post,
                         &g->scc, &g->loop_of, &g->loop_by_header,
                         &g->ipdom, &g->pdom_pre, &g->pdom_post};
  uint32_t *next = p, *old = g->rpo;
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
    uint32_t size = i < 8 ? cap : cap + 1;
    if (copy) memcpy(next, *tables[i], (i < 8 ? copy : copy + 1) * sizeof *next);
    *tables[i] = next;
    next += size;
  }
  if (copy) free(old);
  g->analysis_cap = cap;
  return true;
}

struct cfg_graph *cfg_graph_create(uint32_t node_count, uint32_t entry) {
  if (node_count == 0 || entry >= node_count || node_count >= CFG_EXIT) return NULL;
  struct cfg_graph *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->n = node_count;
  g->node_cap = node_count;
  g->entry = entry;
  g->succ = malloc(node_count * sizeof *g->succ); /* every entry is set below */
  g->pred = malloc(node_count * sizeof *g->pred);
  /* two successors and two predecessors per node in one piece: most nodes need no more */
  uint32_t *lists = g->succ && g->pred && node_count < UINT32_MAX / 8
                        ? arena_alloc(&g->edges, 4 * node_count)
                        : NULL;
  if (!lists) {
    cfg_graph_destroy(g);
    return NULL;
  }
  for (uint32_t i = 0; i < node_count; i++) {
    g->succ[i] = (struct cfg_vec){lists + 4 * i, 0, 2};
    g->pred[i] = (struct cfg_vec){lists + 4 * i + 2, 0, 2};
  }
  return g;
}

struct cfg_graph *cfg_graph_create_csr(uint32_t node_count, uint32_t entry,
                                       const uint32_t *first, const uint32_t *succ) {
  if (node_count == 0 || entry >= node_count || node_count >= CFG_EXIT) return NULL;
  uint32_t edges = first[node_count];
  if (edges > (UINT32_MAX - 4 * node_count) / 2) return NULL;
  struct cfg_graph *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->n = g->node_cap = node_count;
  g->entry = entry;
  g->succ = malloc(node_count * sizeof *g->succ);
  g->pred = malloc(node_count * sizeof *g->pred);
  /* one piece: the successor lists as given, then the predecessor lists, counted first */
  uint32_t *lists = g->succ && g->pred ? arena_alloc(&g->edges, 2 * edges + 1) : NULL;
  if (!lists) {
    cfg_graph_destroy(g);
    return NULL;
  }
  memcpy(lists, succ, edges * sizeof *lists);
  for (uint32_t b = 0; b < node_count; b++) {
    uint32_t count = first[b + 1] - first[b];
    g->succ[b] = (struct cfg_vec){lists + first[b], count, count};
    g->pred[b] = (struct cfg_vec){NULL, 0, 0};
  }
  for (uint32_t e = 0; e < edges; e++) g->pred[succ[e]].cap++;
  uint32_t *next = lists + edges;
  for (uint32_t b = 0; b < node_count; b++) {
    g->pred[b].v = next;
    next += g->pred[b].cap;
  }
  for (uint32_t b = 0; b < node_count; b++)
    for (uint32_t e = first[b]; e < first[b + 1]; e++) {
      struct cfg_vec *v = &g->pred[succ[e]];
      v->v[v->n++] = b;
    }
  return g;
}

void cfg_graph_destroy(struct cfg_graph *g) {
  if (!g) return;
  free_analyses(g);
  while (g->edges) {
    struct cfg_chunk *next = g->edges->next;
    free(g->edges);
    g->edges = next;
  }
  free(g->succ);
  free(g->pred);
  free(g);
}

uint32_t cfg_graph_add_node(struct cfg_graph *g) {
  if (g->n == g->node_cap) { /* grow by half: the structuriser adds nodes one at a time */
    uint32_t cap = g->node_cap + g->node_cap / 2 + 4;
    if (cap >= CFG_EXIT) return CFG_NONE;
    struct cfg_vec *s = realloc(g->succ, cap * sizeof *s);
    if (!s) return CFG_NONE;
    g->succ = s;
    struct cfg_vec *p = realloc(g->pred, cap * sizeof *p);
    if (!p) return CFG_NONE;
    g->pred = p;
    g->node_cap = cap;
  }
  uint32_t *lists = arena_alloc(&g->edges, 4); /* room for two edges each way */
  g->succ[g->n] = (struct cfg_vec){lists, 0, lists ? 2 : 0};
  g->pred[g->n] = (struct cfg_vec){lists ? lists + 2 : NULL, 0, lists ? 2 : 0};
  return g->n++;
}

bool cfg_graph_set_entry(struct cfg_graph *g, uint32_t entry) {
  if (entry >= g->n) return false;
  if (entry < g->analyzed_n && entry != g->analyzed_entry) g->edited = true;
  g->entry = entry;
  return true;
}

bool cfg_graph_add_edge(struct cfg_graph *g, uint32_t from, uint32_t to) {
  if (from >= g->n || to >= g->n) return false;
  if (cfg_vec_has(&g->succ[from], to)) return true;
  if (from < g->analyzed_n) g->edited = true; /* a new path between analysed nodes */
  return vec_push_in(&g->edges, &g->succ[from], to) && vec_push_in(&g->edges, &g->pred[to], from);
}

bool cfg_graph_redirect_edge(struct cfg_graph *g, uint32_t from, uint32_t old_to,
                             uint32_t new_to) {
  if (from >= g->n || old_to >= g->n || new_to >= g->n) return false;
  struct cfg_vec *s = &g->succ[from];
  for (uint32_t i = 0; i < s->n; i++) {
    if (s->v[i] != old_to) continue;
    vec_remove(&g->pred[old_to], from);
    /* cfg_graph_update follows an edge moved onto a node inserted since the analysis
     * that already leads to the edge's old target */
    if (new_to < g->analyzed_n || g->succ[new_to].n != 1 || g->succ[new_to].v[0] != old_to)
      g->edited = true;
    if (cfg_vec_has(s, new_to)) { /* merging two edges into one */
      g->edited = true;
      memmove(&s->v[i], &s->v[i + 1], (s->n - i - 1) * sizeof *s->v);
      s->n--;
      return true;
    }
    s->v[i] = new_to;
    return vec_push_in(&g->edges, &g->pred[new_to], from);
  }
  return false;
}

/* ---- depth-first orders ------------------------------------------------------------- */

/* Iterative DFS post-order from ROOT over the adjacency given by NEXT(g, node, i, &out).
 * Writes the post-order into ORDER and returns its length. */
typedef bool (*cfg_next_fn)(const struct cfg_graph *g, uint32_t node, uint32_t i,
                            uint32_t *out);

static uint32_t dfs_postorder(const struct cfg_graph *g, uint32_t root, uint32_t count,
                              cfg_next_fn next, uint32_t *order, uint8_t *seen,
                              uint32_t *stack_node, uint32_t *stack_i) {
  uint32_t len = 0, sp = 0;
  seen[root] = 1;
  stack_node[0] = root;
  stack_i[0] = 0;
  sp = 1;
  while (sp) {
    uint32_t node = stack_node[sp - 1], child;
    if (next(g, node, stack_i[sp - 1]++, &child)) {
      if (child < count && !seen[child]) {
        seen[child] = 1;
        stack_node[sp] = child;
        stack_i[sp] = 0;
        sp++;
      }
    } else {
      order[len++] = node;
      sp--;
    }
  }
  return len;
}

/* Reverse graph with the virtual exit at index n. Its successors are the reachable sinks
 * followed by the nodes tied to the exit because they cannot reach one (g->exit_roots). */

static bool next_reverse(const struct cfg_graph *g, uint32_t node, uint32_t i, uint32_t *out) {
  if (node == g->n) {
    if (i >= g->exit_root_count) return false;
    *out = g->exit_roots[i];
    return true;
  }
  if (i >= g->pred[node].n) return false;
  uint32_t p = g->pred[node].v[i];
  /* an unreachable predecessor is turned into an index the DFS skips */
  *out = g->rpo_index[p] != CFG_NONE ? p : g->n + 1;
  return true;
}

/* Pre/post numbering of a tree given by parent links over COUNT nodes rooted at ROOT. */
static bool number_tree(uint32_t count, uint32_t root, const uint32_t *parent, uint32_t *pre,
                        uint32_t *post) {
  uint32_t *first = malloc(count * sizeof *first), *next = malloc(count * sizeof *next);
  uint32_t *stack = malloc(count * sizeof *stack), *it = malloc(count * sizeof *it);
  if (!first || !next || !stack || !it) {
    free(first);
    free(next);
    free(stack);
    free(it);
    return false;
  }
  for (uint32_t i = 0; i < count; i++) {
    first[i] = CFG_NONE;
    pre[i] = post[i] = CFG_NONE;
  }
  for (uint32_t i = count; i-- > 0;) {
    if (i == root || parent[i] == CFG_NONE || parent[i] >= count) continue;
    next[i] = first[parent[i]];
    first[parent[i]] = i;
  }
  uint32_t sp = 0, counter = 0;
  stack[sp] = root;
  it[sp++] = first[root];
  pre[root] = counter++;
  while (sp) {
    uint32_t c = it[sp - 1];
    if (c != CFG_NONE) {
      it[sp - 1] = next[c];
      pre[c] = counter++;
      stack[sp] = c;
      it[sp++] = first[c];
    } else {
      post[stack[--sp]] = counter++;
    }
  }
  free(first);
  free(next);
  free(stack);
  free(it);
  return true;
}

/* Numbers the dominator tree for O(1) dominance tests: dom_pre is a pre-order number and
 * dom_post the last pre-order number inside the node's subtree, so A dominates B exactly
 * when dom_pre[A] <= dom_pre[B] and dom_post[B] <= dom_post[A]. Built from the reverse
 * post-order, where a node's dominators come first, without child lists: subtree sizes
 * backwards, then each child's range carved out of its parent's. NEXT: scratch, n entries. */
void cfg_tree_number(const uint32_t *rpo, uint32_t count, const uint32_t *idom, uint32_t *pre,
                     uint32_t *last, uint32_t *next) {
  for (uint32_t i = 0; i < count; i++) last[rpo[i]] = 1; /* subtree sizes first */
  for (uint32_t i = count; i-- > 1;) last[idom[rpo[i]]] += last[rpo[i]];
  for (uint32_t i = 0; i < count; i++) {
    uint32_t x = rpo[i], size = last[x];
    pre[x] = i == 0 ? 0 : next[idom[x]];
    if (i > 0) next[idom[x]] += size;
    next[x] = pre[x] + 1;
    last[x] = pre[x] + size - 1;
  }
}

static void number_dominator_tree(struct cfg_graph *g, uint32_t *next) {
  cfg_tree_number(g->rpo, g->rpo_count, g->idom, g->dom_pre, g->dom_post, next);
}

static bool compute_dominators(struct cfg_graph *g) {
  uint32_t n = g->n;
  uint32_t *scratch = malloc(n * sizeof *scratch);
  if (!scratch) return false;
  for (uint32_t i = 0; i < n; i++) g->idom[i] = CFG_NONE;
  g->idom[g->entry] = g->entry;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 1; i < g->rpo_count; i++) {
      uint32_t b = g->rpo[i], nd = CFG_NONE;
      for (uint32_t k = 0; k < g->pred[b].n; k++) {
        uint32_t p = g->pred[b].v[k];
        if (g->idom[p] == CFG_NONE) continue;
        nd = nd == CFG_NONE ? p : cfg_tree_intersect(g->idom, g->rpo_index, p, nd);
      }
      if (nd != g->idom[b]) {
        g->idom[b] = nd;
        changed = true;
      }
    }
  }
  number_dominator_tree(g, scratch);
  free(scratch);
  return true;
}

static bool compute_post_dominators(struct cfg_graph *g) {
  uint32_t n = g->n, total = n + 1;
  bool ok = false;
  uint8_t *seen = calloc(total + 1, 1);
  uint32_t *order = malloc(total * sizeof *order), *sn = malloc(total * sizeof *sn);
  uint32_t *si = malloc(total * sizeof *si), *roots = malloc(total * sizeof *roots);
  uint32_t *rank = malloc(total * sizeof *rank);
  if (!seen || !order || !sn || !si || !roots || !rank) goto out;

  /* Roots: reachable sinks; then, while some reachable node cannot reach an exit, tie the
   * latest such node in RPO to the exit (it sits deepest in its infinite loop). */
  uint32_t nroots = 0;
  for (uint32_t i = 0; i < g->rpo_count; i++)
    if (g->succ[g->rpo[i]].n == 0) roots[nroots++] = g->rpo[i];
  g->exit_roots = roots;
  g->exit_root_count = nroots;
  uint32_t len = dfs_postorder(g, n, total, next_reverse, order, seen, sn, si);
  uint32_t first_roots = nroots;
  for (uint32_t i = g->rpo_count; i-- > 0;) {
    uint32_t b = g->rpo[i];
    if (seen[b]) continue;
    roots[nroots++] = b;
    g->exit_roots = roots + nroots - 1;
    g->exit_root_count = 1;
    seen[n] = 0;
    dfs_postorder(g, n, total, next_reverse, order, seen, sn, si);
  }
  /* One clean DFS with every root gives the reverse post-order of the reverse graph (the
   * first one already is, when every node reaches an exit). */
  if (nroots != first_roots) {
    memset(seen, 0, total + 1);
    g->exit_roots = roots;
    g->exit_root_count = nroots;
    len = dfs_postorder(g, n, total, next_reverse, order, seen, sn, si);
  }
  /* rank: position in the reverse post-order of the reverse graph (the exit first) */
  for (uint32_t i = 0; i < total; i++) rank[i] = CFG_NONE;
  for (uint32_t i = 0; i < len; i++) rank[order[i]] = len - 1 - i;

  uint8_t *is_root = calloc(total, 1);
  if (!is_root) goto out;
  for (uint32_t i = 0; i < nroots; i++) is_root[roots[i]] = 1;
  for (uint32_t i = 0; i < total; i++) g->ipdom[i] = CFG_NONE;
  g->ipdom[n] = n;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t k = len - 1; k-- > 0;) { /* reverse post-order, skipping the exit */
      uint32_t b = order[k], nd = CFG_NONE;
      if (is_root[b]) nd = n;
      for (uint32_t j = 0; j < g->succ[b].n; j++) {
        uint32_t s = g->succ[b].v[j];
        if (g->ipdom[s] == CFG_NONE) continue;
        nd = nd == CFG_NONE ? s : cfg_tree_intersect(g->ipdom, rank, s, nd);
      }
      if (nd != g->ipdom[b]) {
        g->ipdom[b] = nd;
        changed = true;
      }
    }
  }
  free(is_root);
  ok = number_tree(total, n, g->ipdom, g->pdom_pre, g->pdom_post);
out:
  g->exit_roots = NULL;
  g->exit_root_count = 0;
  free(seen);
  free(order);
  free(sn);
  free(si);
  free(roots);
  free(rank);
  return ok;
}

/* Tarjan's algorithm, iterative. */
/* Reducibility: a graph is reducible exactly when every retreating edge of a depth-first
 * order (target not after source in RPO) is a back edge (its target dominates its source). */
static void compute_irreducible(struct cfg_graph *g) {
  g->irreducible = false;
  g->irreducible_node = CFG_NONE;
  for (uint32_t i = 0; i < g->rpo_count && !g->irreducible; i++) {
    uint32_t u = g->rpo[i];
    for (uint32_t k = 0; k < g->succ[u].n; k++) {
      uint32_t v = g->succ[u].v[k];
      if (g->rpo_index[v] <= i && !cfg_graph_dominates(g, v, u)) {
        g->irreducible = true;
        g->irreducible_node = v;
        break;
      }
    }
  }
}

/* Tarjan's SCCs, computed on the first query (analysis users rarely need them). */
static bool compute_scc(struct cfg_graph *g) {
  uint32_t n = g->n;
  uint32_t *index = malloc(n * sizeof *index), *low = malloc(n * sizeof *low);
  uint32_t *stack = malloc(n * sizeof *stack), *cs = malloc(n * sizeof *cs);
  uint32_t *ci = malloc(n * sizeof *ci);
  uint8_t *on = calloc(n, 1);
  bool ok = index && low && stack && cs && ci && on;
  if (!ok) goto out;
  for (uint32_t i = 0; i < n; i++) {
    index[i] = CFG_NONE;
    g->scc[i] = CFG_NONE;
  }
  uint32_t counter = 0, sp = 0, csp = 0;
  g->scc_count = 0;
  uint32_t root = g->entry;
  index[root] = low[root] = counter++;
  stack[sp++] = root;
  on[root] = 1;
  cs[csp] = root;
  ci[csp++] = 0;
  while (csp) {
    uint32_t v = cs[csp - 1];
    if (ci[csp - 1] < g->succ[v].n) {
      uint32_t w = g->succ[v].v[ci[csp - 1]++];
      if (index[w] == CFG_NONE) {
        index[w] = low[w] = counter++;
        stack[sp++] = w;
        on[w] = 1;
        cs[csp] = w;
        ci[csp++] = 0;
      } else if (on[w] && index[w] < low[v]) {
        low[v] = index[w];
      }
      continue;
    }
    if (low[v] == index[v]) {
      uint32_t w;
      do {
        w = stack[--sp];
        on[w] = 0;
        g->scc[w] = g->scc_count;
      } while (w != v);
      g->scc_count++;
    }
    csp--;
    if (csp && low[v] < low[cs[csp - 1]]) low[cs[csp - 1]] = low[v];
  }

out:
  free(index);
  free(low);
  free(stack);
  free(cs);
  free(ci);
  free(on);
  return ok;
}


/* P->H (an edge) is a back edge: H dominates P (both analysed, P reachable). */
static bool edge_is_back(const struct cfg_graph *g, uint32_t p, uint32_t h) {
  return g->rpo_index[p] != CFG_NONE && g->dom_pre[h] <= g->dom_pre[p] &&
         g->dom_post[p] <= g->dom_post[h];
}

/* Copies the N entries of SCRATCH into an exact-size list of the loop arena. */
static bool list_from(struct cfg_graph *g, struct cfg_vec *v, const uint32_t *scratch,
                      uint32_t n) {
  v->v = arena_alloc(&g->loop_arena, n ? n : 1);
  if (!v->v) return false;
  memcpy(v->v, scratch, n * sizeof *scratch);
  v->n = v->cap = n;
  return true;
}

/* The exit list of L: distinct successors of its nodes outside it, in RPO order. EXITS is
 * scratch for n entries. */
static bool loop_exits(struct cfg_graph *g, struct cfg_loop *l, uint32_t *exits) {
  uint32_t ne = 0;
  for (uint32_t k = 0; k < l->nodes.n; k++) {
    uint32_t b = l->nodes.v[k];
    for (uint32_t j = 0; j < g->succ[b].n; j++) {
      uint32_t s = g->succ[b].v[j];
      if (cfg_loop_has(l, s)) continue;
      uint32_t e = 0;
      while (e < ne && exits[e] != s) e++;
      if (e < ne) continue;
      /* insertion in RPO order */
      for (e = ne++; e > 0 && g->rpo_index[s] < g->rpo_index[exits[e - 1]]; e--)
        exits[e] = exits[e - 1];
      exits[e] = s;
    }
  }
  return list_from(g, &l->exits, exits, ne);
}

static bool compute_loops(struct cfg_graph *g) {
  /* bitsets with room for the nodes a structuriser round inserts (cfg_graph_update) */
  uint32_t n = g->n, words = (n + n / 2 + 64 + 63) / 64;
  g->loop_words = words;
  /* one loop per header (a node entered by a back edge): count them first, so that the
   * table is not a cleared entry per node */
  uint32_t headers = 0;
  for (uint32_t r = 0; r < g->rpo_count; r++) {
    uint32_t h = g->rpo[r];
    for (uint32_t k = 0; k < g->pred[h].n; k++)
      if (edge_is_back(g, g->pred[h].v[k], h)) {
        headers++;
        break;
      }
  }
  g->loops = calloc(headers + 1, sizeof *g->loops);
  /* scratch: the walk's work list, the body, latch and exit lists of the loop being built */
  uint32_t *work = malloc(4 * (size_t)(n + 1) * sizeof *work);
  if (!g->loops || !work) {
    free(work);
    return false;
  }
  uint32_t *body = work + n + 1, *latch = body + n + 1, *exits = latch + n + 1;
  for (uint32_t i = 0; i < n; i++) g->loop_by_header[i] = g->loop_of[i] = CFG_NONE;
  bool ok = true;
  /* Headers in RPO order, so loops come outermost first. */
  for (uint32_t r = 0; r < g->rpo_count && ok; r++) {
    uint32_t h = g->rpo[r];
    struct cfg_loop *l = NULL;
    uint32_t nb = 0, nl = 0;
    for (uint32_t k = 0; k < g->pred[h].n; k++) {
      uint32_t p = g->pred[h].v[k];
      if (!edge_is_back(g, p, h)) continue;
      if (!l) {
        l = &g->loops[g->loop_count];
        l->header = h;
        l->body = (uint64_t *)arena_alloc(&g->loop_arena, words * 2);
        if (!l->body) {
          ok = false;
          break;
        }
        memset(l->body, 0, words * sizeof *l->body);
        l->body[h / 64] |= 1ull << (h % 64);
        l->size = 1;
        body[nb++] = h;
        g->loop_by_header[h] = g->loop_count++;
      }
      latch[nl++] = p;
      /* Walk backwards from the latch up to the header. */
      uint32_t wp = 0;
      if (!cfg_loop_has(l, p)) {
        l->body[p / 64] |= 1ull << (p % 64);
        l->size++;
        work[wp++] = p;
        body[nb++] = p;
      }
      while (wp) {
        uint32_t b = work[--wp];
        for (uint32_t j = 0; j < g->pred[b].n; j++) {
          uint32_t q = g->pred[b].v[j];
          if (g->rpo_index[q] == CFG_NONE || cfg_loop_has(l, q)) continue;
          l->body[q / 64] |= 1ull << (q % 64);
          l->size++;
          work[wp++] = q;
          body[nb++] = q;
        }
      }
    }
    if (l && ok) ok = list_from(g, &l->nodes, body, nb) && list_from(g, &l->latches, latch, nl);
  }
  /* Nesting: loops come in header-RPO order, so an enclosing loop is numbered first (its
   * header dominates the inner one's). In a reducible graph loops are nested or disjoint:
   * the innermost loop seen so far at a header is its parent, and each later loop
   * overwrites the innermost loop of its nodes. */
  for (uint32_t i = 0; i < g->loop_count && ok; i++) {
    struct cfg_loop *l = &g->loops[i];
    l->parent = g->loop_of[l->header];
    l->depth = l->parent == CFG_NONE ? 1 : g->loops[l->parent].depth + 1;
    for (uint32_t k = 0; k < l->nodes.n; k++) g->loop_of[l->nodes.v[k]] = i;
  }
  for (uint32_t i = 0; i < g->loop_count && ok; i++) ok = loop_exits(g, &g->loops[i], exits);
  free(work);
  return ok;
}

enum analysis { ANALYSIS_FULL, ANALYSIS_POST_DOMINATORS, ANALYSIS_DOMINATORS };
static bool analyze(struct cfg_graph *g, enum analysis what);

/* Reverse post-order of the nodes reachable from the entry (SEEN cleared, SN/SI scratch of
 * g->n entries): the forward depth-first walk of dfs_postorder without its callback, each
 * finished node written from the back of the table. */
static void compute_rpo(struct cfg_graph *g, uint8_t *seen, uint32_t *sn, uint32_t *si) {
  uint32_t n = g->n, sp = 1, at = n;
  seen[g->entry] = 1;
  sn[0] = g->entry;
  si[0] = 0;
  while (sp) {
    uint32_t node = sn[sp - 1];
    const struct cfg_vec *v = &g->succ[node];
    if (si[sp - 1] < v->n) {
      uint32_t c = v->v[si[sp - 1]++];
      if (!seen[c]) {
        seen[c] = 1;
        sn[sp] = c;
        si[sp++] = 0;
      }
    } else {
      g->rpo[--at] = node;
      sp--;
    }
  }
  uint32_t len = n - at;
  memmove(g->rpo, g->rpo + at, len * sizeof *g->rpo);
  g->rpo_count = len;
  for (uint32_t i = 0; i < g->n; i++) g->rpo_index[i] = CFG_NONE;
  for (uint32_t i = 0; i < len; i++) g->rpo_index[g->rpo[i]] = i;
}

bool cfg_graph_analyze(struct cfg_graph *g) { return analyze(g, ANALYSIS_FULL); }
bool cfg_graph_analyze_post_dominators(struct cfg_graph *g) {
  return analyze(g, ANALYSIS_POST_DOMINATORS);
}
bool cfg_graph_analyze_dominators(struct cfg_graph *g) { return analyze(g, ANALYSIS_DOMINATORS); }

static bool analyze(struct cfg_graph *g, enum analysis what) {
  free_analyses(g);
  uint32_t n = g->n;
  bool full = what == ANALYSIS_FULL;
  /* a full analysis keeps room for the nodes a structuriser round inserts (cfg_graph_update) */
  bool ok = alloc_analyses(g, full ? n + n / 2 + 16 : n, 0);
  uint8_t *seen = calloc(n, 1);
  uint32_t *sn = malloc(n * sizeof *sn), *si = malloc(n * sizeof *si);
  ok = ok && seen && sn && si;
  if (ok) {
    compute_rpo(g, seen, sn, si);
    g->analyzed_n = n;
    g->analyzed_entry = g->entry;
    g->edited = false;
    g->full = full;
    g->dom_done = what != ANALYSIS_POST_DOMINATORS;
    if (!full)
      for (uint32_t i = 0; i < n; i++)
        g->idom[i] = g->scc[i] = g->loop_of[i] = g->loop_by_header[i] = CFG_NONE;
    g->scc_done = false;
    g->pdom_done = what == ANALYSIS_POST_DOMINATORS; /* else on the first query */
    ok = what == ANALYSIS_POST_DOMINATORS ? compute_post_dominators(g)
         : full ? compute_dominators(g) && compute_loops(g)
                : compute_dominators(g);
    if (ok && full) compute_irreducible(g);
  }
  free(seen);
  free(sn);
  free(si);
  if (!ok) free_analyses(g);
  return ok;
}

uint32_t cfg_graph_node_count(const struct cfg_graph *g) { return g->n; }
uint32_t cfg_graph_entry(const struct cfg_graph *g) { return g->entry; }
uint32_t cfg_graph_succ_count(const struct cfg_graph *g, uint32_t n) {
  return n < g->n ? g->succ[n].n : 0;
}
uint32_t cfg_graph_succ(const struct cfg_graph *g, uint32_t n, uint32_t i) {
  return n < g->n && i < g->succ[n].n ? g->succ[n].v[i] : CFG_NONE;
}
uint32_t cfg_graph_pred_count(const struct cfg_graph *g, uint32_t n) {
  return n < g->n ? g->pred[n].n : 0;
}
uint32_t cfg_graph_pred(const struct cfg_graph *g, uint32_t n, uint32_t i) {
  return n < g->n && i < g->pred[n].n ? g->pred[n].v[i] : CFG_NONE;
}
uint32_t cfg_graph_pred_index(const struct cfg_graph *g, uint32_t n, uint32_t pred) {
  for (uint32_t i = 0; n < g->n && i < g->pred[n].n; i++)
    if (g->pred[n].v[i] == pred) return i;
  return CFG_NONE;
}


bool cfg_graph_reachable(const struct cfg_graph *g, uint32_t n) { return cfg_gi_reachable(g, n); }
uint32_t cfg_graph_rpo_count(const struct cfg_graph *g) { return g->rpo_count; }
uint32_t cfg_graph_rpo_node(const struct cfg_graph *g, uint32_t i) {
  return i < g->rpo_count ? g->rpo[i] : CFG_NONE;
}
uint32_t cfg_graph_rpo_index(const struct cfg_graph *g, uint32_t n) {
  return cfg_gi_analyzed(g, n) ? g->rpo_index[n] : CFG_NONE;
}
uint32_t cfg_graph_idom(const struct cfg_graph *g, uint32_t n) {
  return cfg_gi_analyzed(g, n) ? g->idom[n] : CFG_NONE;
}
bool cfg_graph_dominates(const struct cfg_graph *g, uint32_t a, uint32_t b) {
  return cfg_gi_dominates(g, a, b);
}
/* Post-dominator queries after a full analysis fill the tables on first use (same thread
 * rule as the SCCs below). */
static bool ensure_pdom(const struct cfg_graph *cg) {
  struct cfg_graph *g = (struct cfg_graph *)cg;
  if (!g->pdom_done && g->rpo_index) g->pdom_done = compute_post_dominators(g);
  return g->pdom_done;
}
uint32_t cfg_graph_ipdom(const struct cfg_graph *g, uint32_t n) {
  if (!cfg_graph_reachable(g, n) || !ensure_pdom(g)) return CFG_NONE;
  uint32_t p = g->ipdom[n];
  return p == g->n ? CFG_EXIT : p;
}
bool cfg_graph_post_dominates(const struct cfg_graph *g, uint32_t a, uint32_t b) {
  if (!cfg_graph_reachable(g, b) || !ensure_pdom(g)) return false;
  if (a == CFG_EXIT) return true;
  if (!cfg_graph_reachable(g, a)) return false;
  return g->pdom_pre[a] <= g->pdom_pre[b] && g->pdom_post[b] <= g->pdom_post[a];
}
/* SCC queries fill the lazily computed table: a query on a graph is not thread-safe with
 * other queries of the same graph (graphs are used by one thread at a time). */
static void ensure_scc(const struct cfg_graph *cg) {
  struct cfg_graph *g = (struct cfg_graph *)cg;
  if (g->scc_done || !g->rpo_index || !g->full) return;
  g->scc_done = compute_scc(g);
}
uint32_t cfg_graph_scc_count(const struct cfg_graph *g) {
  ensure_scc(g);
  return g->scc_done ? g->scc_count : 0;
}
uint32_t cfg_graph_scc_of(const struct cfg_graph *g, uint32_t n) {
  ensure_scc(g);
  return cfg_gi_analyzed(g, n) && g->scc_done ? g->scc[n] : CFG_NONE;
}
bool cfg_graph_irreducible(const struct cfg_graph *g, uint32_t *first_node) {
  if (first_node) *first_node = g->irreducible ? g->irreducible_node : CFG_NONE;
  return g->irreducible;
}
uint32_t cfg_graph_loop_count(const struct cfg_graph *g) { return g->loop_count; }
uint32_t cfg_graph_loop_header(const struct cfg_graph *g, uint32_t l) {
  return l < g->loop_count ? g->loops[l].header : CFG_NONE;
}
uint32_t cfg_graph_loop_parent(const struct cfg_graph *g, uint32_t l) {
  return l < g->loop_count ? g->loops[l].parent : CFG_NONE;
}
uint32_t cfg_graph_loop_depth(const struct cfg_graph *g, uint32_t l) {
  return l < g->loop_count ? g->loops[l].depth : 0;
}
bool cfg_graph_loop_contains(const struct cfg_graph *g, uint32_t l, uint32_t n) {
  return cfg_gi_loop_contains(g, l, n);
}
uint32_t cfg_graph_loop_size(const struct cfg_graph *g, uint32_t l) {
  return l < g->loop_count ? g->loops[l].size : 0;
}
uint32_t cfg_graph_loop_latch_count(const struct cfg_graph *g, uint32_t l) {
  return l < g->loop_count ? g->loops[l].latches.n : 0;
}
uint32_t cfg_graph_loop_latch(const struct cfg_graph *g, uint32_t l, uint32_t i) {
  return l < g->loop_count && i < g->loops[l].latches.n ? g->loops[l].latches.v[i] : CFG_NONE;
}
uint32_t cfg_graph_loop_exit_count(const struct cfg_graph *g, uint32_t l) {
  return l < g->loop_count ? g->loops[l].exits.n : 0;
}
uint32_t cfg_graph_loop_exit(const struct cfg_graph *g, uint32_t l, uint32_t i) {
  return l < g->loop_count && i < g->loops[l].exits.n ? g->loops[l].exits.v[i] : CFG_NONE;
}
uint32_t cfg_graph_loop_of(const struct cfg_graph *g, uint32_t n) { return cfg_gi_loop_of(g, n); }
uint32_t cfg_graph_loop_with_header(const struct cfg_graph *g, uint32_t n) {
  return cfg_gi_loop_with_header(g, n);
}
bool cfg_graph_is_back_edge(const struct cfg_graph *g, uint32_t from, uint32_t to) {
  return from < g->n && to < g->n && cfg_gi_is_back_edge(g, from, to);
}

/* ---- incremental update after node insertions --------------------------------------- */

/* How a node inserted since the analysis relates to its single successor T. */
enum insert_kind {
  INSERT_UNREACHABLE, /* no reachable predecessor: outside every analysis */
  INSERT_ENTRY,       /* the new entry, in front of the old one */
  INSERT_FORWARD,     /* took forward edges into T only: outside T's own loop */
  INSERT_LATCH,       /* took back edges into T only: a latch of T's loop */
  INSERT_HEADER,      /* took every edge into T, back edges too: the loop's new header */
};

/* Classifies inserted node F against the analysis of the old nodes (below OLD_N); false
 * when the insertion is not one cfg_graph_update follows. */
static bool classify_insert(const struct cfg_graph *g, uint32_t f, uint32_t old_n,
                            enum insert_kind *kind) {
  if (g->succ[f].n != 1 || g->succ[f].v[0] >= old_n) return false;
  uint32_t t = g->succ[f].v[0], fwd = 0, back = 0;
  for (uint32_t k = 0; k < g->pred[f].n; k++) {
    uint32_t p = g->pred[f].v[k];
    if (p >= old_n) return false;
    if (g->rpo_index[p] == CFG_NONE) continue;
    if (edge_is_back(g, p, t))
      back++;
    else
      fwd++;
  }
  if (f == g->entry) {
    *kind = INSERT_ENTRY;
    return g->pred[f].n == 0 && t == g->analyzed_entry;
  }
  if (fwd + back == 0)
    *kind = INSERT_UNREACHABLE;
  else if (!back)
    *kind = INSERT_FORWARD;
  else if (!fwd)
    *kind = INSERT_LATCH;
  else if (g->pred[t].n == 1) /* everything moved: the cycle now enters at F */
    *kind = INSERT_HEADER;
  else
    return false; /* some back and some forward edges: a second entry into the cycle */
  return (*kind != INSERT_LATCH && *kind != INSERT_HEADER) || g->loop_by_header[t] != CFG_NONE;
}

/* Room for N nodes in every per-node analysis table; the new nodes' entries say "none". */
static bool grow_analyses(struct cfg_graph *g, uint32_t n) {
  uint32_t old = g->analyzed_n;
  if (n > g->analysis_cap && !alloc_analyses(g, n + n / 2 + 16, old)) return false;
  for (uint32_t i = old; i < n; i++)
    g->idom[i] = g->scc[i] = g->loop_of[i] = g->loop_by_header[i] = CFG_NONE;
  return true;
}

/* Loop body bitsets with room for N nodes. */
static bool grow_loop_bodies(struct cfg_graph *g, uint32_t n) {
  if (n <= g->loop_words * 64) return true;
  uint32_t words = (n + n / 2 + 64 + 63) / 64;
  for (uint32_t i = 0; i < g->loop_count; i++) {
    uint64_t *b = (uint64_t *)arena_alloc(&g->loop_arena, words * 2);
    if (!b) return false;
    memcpy(b, g->loops[i].body, g->loop_words * sizeof *b);
    memset(b + g->loop_words, 0, (words - g->loop_words) * sizeof *b);
    g->loops[i].body = b;
  }
  g->loop_words = words;
  return true;
}

/* Why the update is exact. An inserted node F has one successor T and took some edges
 * P->T. Every path of the new graph is a path of the old one with F spliced in, so the
 * reverse post-order keeps the old nodes in their order, dominance between old nodes is
 * unchanged, and only T's immediate dominator can change (to F, when F took every edge
 * that is not a back edge); F's is the nearest common dominator of its predecessors. A
 * node is in a loop exactly as before; F is in the loops that contain T, minus T's own loop
 * when F took forward edges, and becomes the header of T's loop when it took every edge.
 * Latch lists are rebuilt for the loops whose back edges moved, exit lists for the loops
 * that hold a moved predecessor but not F (old exits keep their relative RPO order). */
/* The RPO after insertions that each took every edge into their target T (T's only
 * predecessor is now the inserted F; T is reachable and not the entry, where the walk
 * starts): the depth-first walk of compute_rpo meets F where it met T before (F sits in
 * T's place in every successor list) and goes on to T at once, so the new order is the old
 * one with each F just before its T. False (nothing changed) when some insertion is of
 * another kind. FRONT and ORDER: scratch of N entries each (N = the node count).
 * (incremental_update_matches_fresh_analysis compares the result with a fresh analysis.) */
static bool rpo_by_subdivision(struct cfg_graph *g, uint32_t old_n, uint32_t *front,
                               uint32_t *order) {
  if (g->entry != g->analyzed_entry) return false;
  for (uint32_t b = 0; b < old_n; b++) front[b] = CFG_NONE;
  for (uint32_t f = old_n; f < g->n; f++) {
    uint32_t t = g->succ[f].v[0]; /* an analysed node (classify_insert) */
    if (t == g->entry || g->pred[t].n != 1 || g->pred[t].v[0] != f ||
        g->rpo_index[t] == CFG_NONE || front[t] != CFG_NONE)
      return false;
    front[t] = f;
  }
  uint32_t k = 0;
  for (uint32_t i = 0; i < g->rpo_count; i++) {
    uint32_t x = g->rpo[i];
    if (front[x] != CFG_NONE) order[k++] = front[x];
    order[k++] = x;
  }
  memcpy(g->rpo, order, k * sizeof *order);
  g->rpo_count = k;
  for (uint32_t i = 0; i < k; i++) g->rpo_index[g->rpo[i]] = i;
  return true;
}

static bool update(struct cfg_graph *g) {
  uint32_t old_n = g->analyzed_n, n = g->n, added = n - old_n;
  enum insert_kind *kinds = malloc((added + 1) * sizeof *kinds);
  if (!kinds) return false;
  for (uint32_t f = old_n; f < n; f++)
    if (!classify_insert(g, f, old_n, &kinds[f - old_n])) {
      free(kinds);
      return false;
    }
  uint8_t *seen = calloc(2 * (size_t)n, 1), *dirty = seen + n;
  uint32_t *sn = malloc(2 * (size_t)n * sizeof *sn), *si = sn ? sn + n : NULL;
  bool ok = seen && sn && grow_analyses(g, n) && (!g->loop_count || grow_loop_bodies(g, n));
  if (!ok) goto out;
  if (!rpo_by_subdivision(g, old_n, sn, si)) compute_rpo(g, seen, sn, si);

  /* immediate dominators of the inserted nodes and their targets, in RPO: every other
   * node keeps its own, so one pass over forward predecessors is exact */
  for (uint32_t f = old_n; f < n; f++) dirty[f] = dirty[g->succ[f].v[0]] = 1;
  for (uint32_t i = 0; i < g->rpo_count; i++) {
    uint32_t x = g->rpo[i], nd = CFG_NONE;
    if (!dirty[x]) continue;
    for (uint32_t k = 0; x != g->entry && k < g->pred[x].n; k++) {
      uint32_t p = g->pred[x].v[k];
      if (g->rpo_index[p] >= i) continue; /* back edge or unreachable */
      nd = nd == CFG_NONE ? p : cfg_tree_intersect(g->idom, g->rpo_index, p, nd);
    }
    g->idom[x] = x == g->entry ? x : nd;
  }
  number_dominator_tree(g, sn);

  /* per loop: 1 = its latches changed, 2 = its exits may have */
  uint8_t *redo = g->loop_count ? calloc(g->loop_count, 1) : NULL;
  ok = ok && (redo || !g->loop_count);
  for (uint32_t f = old_n; f < n && ok; f++) {
    uint32_t t = g->succ[f].v[0], lt = g->loop_by_header[t], in = CFG_NONE;
    switch (kinds[f - old_n]) {
      case INSERT_LATCH:
        in = lt;
        redo[lt] |= 1;
        break;
      case INSERT_HEADER:
        in = lt;
        redo[lt] |= 1;
        g->loops[lt].header = f;
        g->loop_by_header[f] = lt;
        g->loop_by_header[t] = CFG_NONE;
        break;
      case INSERT_FORWARD: in = lt != CFG_NONE ? g->loops[lt].parent : g->loop_of[t]; break;
      case INSERT_UNREACHABLE:
      case INSERT_ENTRY: break;
    }
    g->loop_of[f] = in;
    for (uint32_t l = in; l != CFG_NONE && ok; l = g->loops[l].parent) {
      g->loops[l].body[f / 64] |= 1ull << (f % 64);
      g->loops[l].size++;
      ok = vec_push_in(&g->loop_arena, &g->loops[l].nodes, f);
    }
    /* a loop holding a moved predecessor but not F now leaves through F */
    for (uint32_t k = 0; k < g->pred[f].n; k++)
      for (uint32_t l = g->loop_of[g->pred[f].v[k]];
           l != CFG_NONE && !cfg_loop_has(&g->loops[l], f); l = g->loops[l].parent)
        redo[l] |= 2;
  }
  for (uint32_t i = 0; i < g->loop_count && ok; i++) {
    struct cfg_loop *l = &g->loops[i];
    uint32_t nl = 0;
    if (redo[i] & 1) {
      for (uint32_t k = 0; k < g->pred[l->header].n; k++)
        if (edge_is_back(g, g->pred[l->header].v[k], l->header)) sn[nl++] = g->pred[l->header].v[k];
      ok = list_from(g, &l->latches, sn, nl);
    }
    if (ok && (redo[i] & 2)) ok = loop_exits(g, l, sn);
  }
  free(redo);
  g->analyzed_n = n;
  g->scc_done = false;
  g->pdom_done = false;
out:
  free(kinds);
  free(seen);
  free(sn);
  return ok;
}

bool cfg_graph_update(struct cfg_graph *g, bool *incremental) {
  bool dummy;
  if (!incremental) incremental = &dummy;
  *incremental = g->rpo_index && g->full && !g->edited && !g->irreducible &&
                 g->analyzed_n > 0 && g->analyzed_n <= g->n;
  if (*incremental && g->analyzed_n == g->n && g->entry == g->analyzed_entry) return true;
  if (*incremental && update(g)) return true;
  *incremental = false;
  return cfg_graph_analyze(g);
}
