/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: the maximum spanning tree and the chord
   increments (section 3.3, Figure 7, design trap 9).

   Ball-Larus event counting: add the fictitious edge EXIT->ENTRY to the
   DAG and take a spanning tree of the undirected graph.  Only the chords
   (edges not in the tree) carry increments; giving the hottest edges to
   the tree keeps code off the hot paths.  The increments are fixed by
   the tree: for every ENTRY->EXIT path, the chord increments along it
   must sum to the path's Val sum.

   Tree.  Kruskal with union-find, edges taken in this order:
     1. the fictitious EXIT->ENTRY edge, which must be in the tree;
     2. DAG edges standing for PP_CFG_NO_CODE CFG edges: they cannot
	carry code, and tree edges usually carry none (placement.c moves
	what they still need).  First the stuck ones, whose code would
	have no place at all (real edges, then dummies), then those whose
	code can be relocated to a block (pp_cfg_edge_relocation), so that
	when forced edges close a cycle, the one left out is relocatable;
     3. every other edge that is not free (below), by weight
	descending;
     4. the free edges, by weight descending: they become tree edges
	only where the others leave the tree unconnected.
   Free chords.  Some edges carry the same code whether they are chords
   or tree edges (placement.c), so an increment on them costs nothing:
   Figure 8 folds it into the SET or the count that is there anyway.
     - Every edge out of ENTRY: the real edge into the first block, the
       ENTRY->v dummies of backedges and cut edges (their R = Inc or
       R = 0 sits on the backedge in any case) and restart dummies (their
       one SET at their own site).  The known region K of placement.c
       does not depend on the tree, so such a chord changes no other
       edge's operation.
     - An edge u->EXIT whose source can never be absorbing whatever the
       tree: u has another DAG out-edge (a block with an early-exit call,
       a return block that also has a backedge), may not return, or is a
       restart receiver.  The edge is the count of its paths either way,
       count[R + Inc]++ or count[R]++.
   An edge u->EXIT from a block with that single out-edge is not free:
   as a tree edge it makes u absorbing, and the count moves up to u's
   in-edges, where it folds the increment of a chord there (Figure 7's
   F->EXIT; as a chord it would leave E->F an R += Inc of its own).  So
   a latch's backedge dummy is weighed like any other edge.
   Taking the free edges last puts as many of the other edges in the tree
   as any spanning tree can, and, among those, the heaviest: with the
   forced edges contracted, the non-free tree edges are a maximum-weight
   forest of the non-free edges (Kruskal on the graphic matroid), so the
   number and the total weight of non-free chords are at most those of
   the tree by weight alone (pp_options.plain_tree, kept for tests and
   measurements).  Free edges are in the tree only where the graph
   without them is not connected.
   Within a class, heavier first, then lower DAG edge id.  A forced edge
   that would close a cycle of forced edges is left a chord; its code is
   then relocated or planning fails (probes.c).
   Weights: each DAG edge's estimated frequency (pp_dag_weigh, dag.c).

   Increments in linear time with potentials: root the tree at ENTRY with
   phi(ENTRY) = 0 and give every vertex phi(dst) = phi(src) + Val(e) along
   tree edges, whichever way they are walked; the fictitious edge (Val 0)
   gives phi(EXIT) = phi(ENTRY).  For a chord c, Inc(c) = Val(c) + phi(src)
   - phi(dst).  Along an ENTRY->EXIT path the phi terms of tree edges and
   chords together telescope to phi(ENTRY) - phi(EXIT) = 0, so the sum of
   the chord increments equals the sum of all Vals: the path number.
   Everything is modulo 2^64 (unsigned arithmetic, defined wrapping);
   increments may be "negative".  This gives the same increments as
   summing Vals around each chord's fundamental cycle, without a path
   search per chord.  */

#include <stdlib.h>

#include "ppcore-internal.h"

typedef struct tree_key
{
  uint32_t edge;
  uint32_t klass;
  double weight;
} tree_key;

/* Kruskal order: class, then weight descending, then edge id.  */
static int
cmp_tree_order (const void *pa, const void *pb)
{
  const tree_key *a = pa, *b = pb;
  if (a->klass != b->klass)
    return a->klass < b->klass ? -1 : 1;
  if (a->weight != b->weight)
    return a->weight > b->weight ? -1 : 1;
  return a->edge < b->edge ? -1 : a->edge > b->edge;
}

/* Union by size; returns false if A and B were already joined.  */
static bool
uf_union (uint32_t *parent, uint32_t *size, uint32_t a, uint32_t b)
{
  a = pp_uf_find (parent, a);
  b = pp_uf_find (parent, b);
  if (a == b)
    return false;
  if (size[a] < size[b])
    {
      uint32_t t = a;
      a = b;
      b = t;
    }
  parent[b] = a;
  size[a] += size[b];
  return true;
}

/* Whether live DAG edge EDGE is free (see the file comment): the same
   code goes on it whether it is a chord or a tree edge.  Forced edges
   (PP_CFG_NO_CODE) are classified apart by the caller.  */
bool
pp_dag_edge_is_free (const pp_work *w, uint32_t edge)
{
  const pp_work_edge *e = &w->e[edge];
  if (e->src == PP_ENTRY)
    return true;
  if (e->dst != PP_EXIT)
    return false;
  if (w->out_start[e->src + 1] - w->out_start[e->src] > 1
      || pp_block_may_not_return (w, e->src))
    return true;
  /* A receiver: the destination of a restart dummy.  */
  for (uint32_t p = w->in_start[e->src]; p < w->in_start[e->src + 1]; p++)
    if (w->e[w->in_list[p]].kind == PP_DAG_RESTART_ENTRY)
      return true;
  return false;
}

/* Choose the maximum spanning tree described in the file comment and set
   on_tree on its DAG edges.  */
int
pp_spanning_tree (pp_work *w)
{
  const pp_cfg *cfg = w->cfg;
  uint32_t nv = w->nv;
  tree_key *keys = pp_xcalloc (w, (size_t) w->ne + 1, sizeof *keys);
  uint32_t *parent = pp_xcalloc (w, nv, sizeof (uint32_t));
  uint32_t *size = pp_xcalloc (w, nv, sizeof (uint32_t));
  int ret = -1;
  if (keys == NULL || parent == NULL || size == NULL || pp_dag_weigh (w) != 0)
    goto out;

  uint32_t n = 0;
  for (uint32_t i = 0; i < w->ne; i++)
    {
      pp_work_edge *e = &w->e[i];
      e->on_tree = false;
      if (!e->live)
	continue;
      keys[n].edge = i;
      if (pp_dag_kind_is_exit_dummy (e->kind))
	keys[n].klass = 3;
      else
	{
	  const pp_cfg_edge *ce = &cfg->edges[e->cfg_edge];
	  if (!(ce->flags & PP_CFG_NO_CODE)
	      || e->kind == PP_DAG_RESTART_ENTRY)
	    keys[n].klass = 3;
	  else if (pp_edge_can_carry_code (w, i))
	    keys[n].klass = 2;
	  else
	    keys[n].klass = e->kind == PP_DAG_REAL ? 0 : 1;
	}
      if (keys[n].klass == 3 && !w->plain_tree && pp_dag_edge_is_free (w, i))
	keys[n].klass = 4;
      keys[n].weight = e->weight;
      n++;
    }
  qsort (keys, n, sizeof *keys, cmp_tree_order);

  for (uint32_t v = 0; v < nv; v++)
    {
      parent[v] = v;
      size[v] = 1;
    }
  uf_union (parent, size, PP_EXIT, PP_ENTRY);  /* the fictitious edge */
  for (uint32_t i = 0; i < n; i++)
    {
      pp_work_edge *e = &w->e[keys[i].edge];
      e->on_tree = uf_union (parent, size, e->src, e->dst);
    }
  ret = 0;

out:
  free (keys);
  free (parent);
  free (size);
  return ret;
}

/* Walk breadth-first from QUEUE[HEAD .. TAIL) over the incidence lists
   START/LIST of a forest of DAG edges, giving each new vertex the
   potential that makes POT (dst) - POT (src) = Val (e) on the edge that
   reached it, whichever way it is walked.  Returns the new TAIL.  */
static uint32_t
walk_potentials (const pp_work *w, const uint32_t *start,
		 const uint32_t *list, bool *seen, uint32_t *queue,
		 uint32_t head, uint32_t tail, uint64_t *pot)
{
  while (head < tail)
    {
      uint32_t v = queue[head++];
      for (uint32_t p = start[v]; p < start[v + 1]; p++)
	{
	  const pp_work_edge *e = &w->e[list[p]];
	  uint32_t other = e->src == v ? e->dst : e->src;
	  if (seen[other])
	    continue;
	  pot[other] = e->src == v ? pot[v] + e->val : pot[v] - e->val;
	  seen[other] = true;
	  queue[tail++] = other;
	}
    }
  return tail;
}

/* Potentials POT along the forest of the live DAG edges with IN_FOREST
   set: POT (dst) - POT (src) = Val (e) on each.  ENTRY and EXIT are one
   root with potential 0 (the spanning tree joins them by its fictitious
   edge); every other tree of the forest is walked from its lowest vertex,
   given 0.  A vertex on no forest edge keeps its POT.  *NUM_REACHED is
   the number of vertices reached from ENTRY and EXIT, them included.
   Used for the chord increments (phi) and by the naive placement (psi,
   over the stuck edges).  Returns -1 if memory runs out.  */
int
pp_forest_potentials (pp_work *w, const bool *in_forest, uint64_t *pot,
		      uint32_t *num_reached)
{
  uint32_t nv = w->nv;
  uint32_t *start = pp_xcalloc (w, (size_t) nv + 1, sizeof (uint32_t));
  uint32_t *list = pp_xcalloc (w, (size_t) w->ne * 2 + 1, sizeof (uint32_t));
  uint32_t *cursor = pp_xcalloc (w, nv, sizeof (uint32_t));
  uint32_t *queue = pp_xcalloc (w, nv, sizeof (uint32_t));
  bool *seen = pp_xcalloc (w, nv, sizeof (bool));
  int ret = -1;
  if (start == NULL || list == NULL || cursor == NULL || queue == NULL
      || seen == NULL)
    goto out;

  /* Incidence lists: each forest edge under both its ends.  */
  for (uint32_t i = 0; i < w->ne; i++)
    if (w->e[i].live && in_forest[i])
      {
	start[w->e[i].src + 1]++;
	start[w->e[i].dst + 1]++;
      }
  for (uint32_t v = 0; v < nv; v++)
    {
      start[v + 1] += start[v];
      cursor[v] = start[v];
    }
  for (uint32_t i = 0; i < w->ne; i++)
    if (w->e[i].live && in_forest[i])
      {
	list[cursor[w->e[i].src]++] = i;
	list[cursor[w->e[i].dst]++] = i;
      }

  uint32_t tail = 0;
  seen[PP_ENTRY] = seen[PP_EXIT] = true;
  pot[PP_ENTRY] = pot[PP_EXIT] = 0;
  queue[tail++] = PP_ENTRY;
  queue[tail++] = PP_EXIT;
  tail = walk_potentials (w, start, list, seen, queue, 0, tail, pot);
  *num_reached = tail;
  for (uint32_t root = 0; root < nv; root++)
    if (!seen[root] && start[root] != start[root + 1])
      {
	seen[root] = true;
	pot[root] = 0;
	queue[tail] = root;
	tail = walk_potentials (w, start, list, seen, queue, tail, tail + 1,
				pot);
      }
  ret = 0;

out:
  free (start);
  free (list);
  free (cursor);
  free (queue);
  free (seen);
  return ret;
}

/* Compute the potentials phi along the tree from ENTRY and EXIT (joined
   by the fictitious edge, so both have phi 0), then Inc for every
   chord.  */
int
pp_chord_increments (pp_work *w)
{
  bool *on_tree = pp_xcalloc (w, (size_t) w->ne + 1, sizeof (bool));
  uint32_t reached;
  int ret = -1;
  w->phi = pp_xcalloc (w, w->nv, sizeof (uint64_t));
  if (on_tree == NULL || w->phi == NULL)
    goto out;
  for (uint32_t i = 0; i < w->ne; i++)
    on_tree[i] = w->e[i].on_tree;
  if (pp_forest_potentials (w, on_tree, w->phi, &reached) != 0)
    goto out;
  if (reached != w->num_reachable)
    {
      pp_fail (w, "internal error: the spanning tree misses %u blocks",
	       w->num_reachable - reached);
      goto out;
    }
  for (uint32_t i = 0; i < w->ne; i++)
    {
      pp_work_edge *e = &w->e[i];
      if (e->live)
	e->inc = e->on_tree ? 0 : e->val + w->phi[e->src] - w->phi[e->dst];
    }
  ret = 0;

out:
  free (on_tree);
  return ret;
}
