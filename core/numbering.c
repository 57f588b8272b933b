/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: path numbering (Figure 5, section 3.2) and
   truncation of huge path counts (section 5.3, design trap 10).

   NumPaths(EXIT) = 1 and, in reverse topological order, NumPaths(v) is
   the sum of NumPaths over v's DAG successors.  v's out-edges e_1..e_k,
   taken in a fixed order, get Val(e_i) = NumPaths(dst e_1) + ... +
   NumPaths(dst e_{i-1}); the sum of Val along a path is then a number in
   0..NumPaths(ENTRY)-1 that no other path has.

   The order: by NumPaths of the destination, ascending, ties by DAG edge
   id.  The successor with the most paths comes last, as section 5.2
   suggests, and the order is deterministic, so the plugin and the tests
   always see the same numbers.  Within a source, Val strictly increases
   (every NumPaths is at least 1), which regeneration relies on.

   Hot-first order (opts->hot_first_above, for functions whose counts go
   to a hash table above a dense prefix of path numbers): the out-edges
   of v by weight (estimated frequency, pp_dag_weigh) divided by the
   NumPaths of the destination, descending; ties, edges that never run
   in particular, as above.  Why this ratio: the frequency-weighted sum
   of all path numbers is the sum over DAG edges of freq (e) * Val (e),
   and each vertex's order changes only its own out-edges' Vals, where
   Val (e_i) is the sum of the NumPaths of the edges before e_i.  That is
   the single-machine scheduling problem of minimising the weighted sum
   of start times, which Smith's rule solves exactly: order by
   weight / length descending.  So the order minimises the mean path
   number executed (under the weights), a proxy for the share of path
   ends that fall in the dense prefix.  Ordering by frequency alone
   would put a hot successor with ten million paths before a nearly as
   hot one with one path, and push the latter out of the prefix.  Any
   order gives a bijection onto 0..N-1; regeneration reads the stored
   Vals and does not care which.

   Truncation: NumPaths grows exponentially with a chain of branches and
   overflows 64 bits in real code.  Processing v, if the sum exceeds the
   limit L, some out-edges v->w are cut the way backedges are: the edge
   leaves the DAG and the dummies v->EXIT (PP_DAG_CUT_EXIT) and ENTRY->w
   (PP_DAG_CUT_ENTRY) stand for it.  A cut replaces the contribution
   NumPaths(w) by 1, so the greedy choice cuts the largest contributions
   first, edges that can carry code before PP_CFG_NO_CODE ones (whose
   code would need relocating), until the sum is at most L / 2.  Cutting
   to L / 2 rather than L leaves room above v: cutting just enough would
   leave NumPaths(v) close to L, and then in a chain of N ifs every
   predecessor would overflow again and need its own cut (N cuts instead
   of about 2 N / log2 L).  Only real edges to vertices with more than
   one path are worth cutting, and never a PP_CFG_NO_CODE edge whose code
   has no place (see pp_number_paths).  Cuts only touch v's out-edges and
   ENTRY's (processed last), so one pass suffices.

   Early exits apart (opts->apart_exits): the EARLY_EXIT dummies are
   left out of every sum (they contribute no path) and come last in
   their source's out-list; once N = NumPaths(ENTRY) is known, the dummy
   of call c gets Val = N * (c + 1), above every other Val, so the
   out-lists stay sorted by Val.  Lmax is then divided by C + 1, so that
   N * (C + 1) < 2^63.

   The limit L is opts->max_paths, capped at Lmax = (2^63 - 1) /
   (E + C + 2) for a CFG of E edges and C early-exit calls.  ENTRY cannot
   be cut; its out-edges are the real edges leaving it plus at most one
   dummy per CFG edge (a backedge, a cut edge or a restart edge) plus at
   most one noreturn dummy, so at most E + 1, each contributing at most
   max (L, E + C) (a vertex cannot go below its out-degree, which early
   exits raise by their number): NumPaths(ENTRY) < 2^63 whenever
   E + C <= Lmax, that is for every CFG below three billion edges and
   calls.  The plugin relies on it (a pending early exit of none is
   2^64 - 1), and so does the runtime (counts in memory at or above 2^63
   are take-backs).  The arithmetic is checked anyway.  */

#include <stdlib.h>

#include "ppcore-internal.h"

/* Sort context for qsort, which takes none: the comparison functions read
   keys prepared in an array of records.  */
typedef struct numbering_key
{
  uint32_t edge;
  uint32_t no_code;    /* cut preference only */
  uint64_t paths;      /* NumPaths of the destination */
  double weight;       /* hot-first order only: estimated frequency */
} numbering_key;

/* Cut order: edges that can carry code first, then the largest
   contribution, then the lowest id.  */
static int
cmp_cut_order (const void *pa, const void *pb)
{
  const numbering_key *a = pa, *b = pb;
  if (a->no_code != b->no_code)
    return a->no_code < b->no_code ? -1 : 1;
  if (a->paths != b->paths)
    return a->paths > b->paths ? -1 : 1;
  return a->edge < b->edge ? -1 : a->edge > b->edge;
}

/* Val order (section 5.2): fewest paths first, then the lowest id.  */
static int
cmp_val_order (const void *pa, const void *pb)
{
  const numbering_key *a = pa, *b = pb;
  if (a->paths != b->paths)
    return a->paths < b->paths ? -1 : 1;
  return a->edge < b->edge ? -1 : a->edge > b->edge;
}

/* Hot-first Val order: weight per path descending (Smith's rule, see
   the file comment), then as cmp_val_order.  The ratios are compared
   cross-multiplied, in double: NumPaths up to 2^63 and measured counts
   lose low bits there, which can only reorder near-ties.  */
static int
cmp_hot_order (const void *pa, const void *pb)
{
  const numbering_key *a = pa, *b = pb;
  double left = a->weight * (double) b->paths;
  double right = b->weight * (double) a->paths;
  if (left != right)
    return left > right ? -1 : 1;
  return cmp_val_order (pa, pb);
}

/* NumPaths of vertex V (not ENTRY, not EXIT) from its successors, cutting
   out-edges other than STUCK ones while the sum exceeds LIMIT.  KEYS and
   SUFFIX are scratch arrays as large as the number of DAG edges.  */
static int
number_vertex (pp_work *w, uint32_t v, uint64_t limit, const bool *stuck,
	       numbering_key *keys, uint64_t *suffix)
{
  uint64_t base = 0, total;
  uint32_t ncand = 0;
  for (uint32_t p = w->out_start[v]; p < w->out_start[v + 1]; p++)
    {
      uint32_t id = w->out_list[p];
      const pp_work_edge *e = &w->e[id];
      uint64_t paths = w->num_paths[e->dst];
      if (w->apart_exits && e->kind == PP_DAG_EARLY_EXIT)
	continue;
      if (e->kind == PP_DAG_REAL && paths > 1 && !stuck[id])
	{
	  keys[ncand].edge = id;
	  keys[ncand].paths = paths;
	  keys[ncand].no_code
	    = (w->cfg->edges[e->cfg_edge].flags & PP_CFG_NO_CODE) != 0;
	  ncand++;
	}
      else
	base = pp_sat_add (base, paths);
    }
  /* SUFFIX[k]: what the candidates from k on contribute if kept.  */
  suffix[ncand] = 0;
  for (uint32_t k = ncand; k-- > 0;)
    suffix[k] = pp_sat_add (suffix[k + 1], keys[k].paths);
  total = pp_sat_add (base, suffix[0]);
  if (total > limit)
    {
      /* Cutting the first k candidates leaves base + suffix[k] + k, which
	 does not grow with k; take the smallest k that brings the sum to
	 half the limit, else all.  */
      uint64_t target = limit >= 2 ? limit / 2 : limit;
      qsort (keys, ncand, sizeof *keys, cmp_cut_order);
      for (uint32_t k = ncand; k-- > 0;)
	suffix[k] = pp_sat_add (suffix[k + 1], keys[k].paths);
      uint32_t k = 0;
      for (; k < ncand; k++)
	if (pp_sat_add (pp_sat_add (base, suffix[k]), k) <= target)
	  break;
      for (uint32_t i = 0; i < k; i++)
	{
	  pp_work_edge *e = &w->e[keys[i].edge];
	  e->live = false;
	  pp_dag_add_edge (w, v, PP_EXIT, PP_DAG_CUT_EXIT, e->cfg_edge);
	  pp_dag_add_edge (w, PP_ENTRY, e->dst, PP_DAG_CUT_ENTRY, e->cfg_edge);
	  w->num_cut_edges++;
	}
      total = pp_sat_add (pp_sat_add (base, suffix[k]), k);
    }
  if (total == UINT64_MAX)
    return pp_fail (w, "too many paths at block %u", v);
  w->num_paths[v] = total;
  return 0;
}

/* Assign Val to the out-edges of V in the order of cmp_val_order, or of
   cmp_hot_order if HOT_FIRST, and leave V's out-list in that order (so by
   increasing Val).  */
static void
assign_vals (pp_work *w, uint32_t v, numbering_key *keys, bool hot_first)
{
  /* The numbered edges from keys[0] up, the apart dummies (their
     NumPaths unused, keyed by call) from keys[deg - 1] down.  */
  uint32_t deg = w->out_start[v + 1] - w->out_start[v];
  uint32_t n = 0, napart = 0;
  for (uint32_t p = w->out_start[v]; p < w->out_start[v + 1]; p++)
    {
      uint32_t id = w->out_list[p];
      numbering_key *k;
      if (w->apart_exits && w->e[id].kind == PP_DAG_EARLY_EXIT)
	{
	  k = &keys[deg - 1 - napart++];
	  k->paths = w->e[id].call;
	}
      else
	{
	  k = &keys[n++];
	  k->paths = w->num_paths[w->e[id].dst];
	}
      k->edge = id;
      k->no_code = 0;
      k->weight = w->e[id].weight;
    }
  qsort (keys, n, sizeof *keys, hot_first ? cmp_hot_order : cmp_val_order);
  uint64_t sum = 0;
  for (uint32_t i = 0; i < n; i++)
    {
      w->e[keys[i].edge].val = sum;
      w->out_list[w->out_start[v] + i] = keys[i].edge;
      sum += keys[i].paths;  /* checked: at most NumPaths (v) */
    }
  /* The apart dummies last, by call: pp_number_paths gives them Vals
     above all others, growing with the call.  */
  qsort (keys + n, napart, sizeof *keys, cmp_val_order);
  for (uint32_t i = n; i < deg; i++)
    w->out_list[w->out_start[v] + i] = keys[i].edge;
}

/* Compute NumPaths for every reachable vertex and Val for every live DAG
   edge, cutting edges where needed (see the file comment).  On return
   the adjacency lists cover the cut dummies and each out-list is sorted
   by Val.  */
int
pp_number_paths (pp_work *w)
{
  uint64_t lmax = (UINT64_C (1) << 63) - 1;
  lmax /= (uint64_t) w->cfg->num_edges + w->cfg->num_calls + 2;
  if (w->apart_exits)
    lmax /= (uint64_t) w->cfg->num_calls + 1;
  uint64_t limit = w->max_paths != 0 && w->max_paths < lmax ? w->max_paths
							      : lmax;
  w->num_paths = pp_xcalloc (w, w->nv, sizeof (uint64_t));
  numbering_key *keys = pp_xcalloc (w, (size_t) w->cap + 1, sizeof *keys);
  uint64_t *suffix = pp_xcalloc (w, (size_t) w->cap + 1, sizeof *suffix);
  uint64_t *vertex_limit = pp_xcalloc (w, w->nv, sizeof (uint64_t));
  uint32_t *stuck_out = pp_xcalloc (w, w->nv, sizeof (uint32_t));
  bool *stuck = pp_xcalloc (w, (size_t) w->cap + 1, sizeof (bool));
  int ret = -1;
  if (w->num_paths == NULL || keys == NULL || suffix == NULL
      || vertex_limit == NULL || stuck_out == NULL || stuck == NULL)
    goto out;

  /* Stuck edges (PP_CFG_NO_CODE with no place for code, or no place for
     a count, see pp_edge_can_count) cannot be cut: a cut edge carries a
     count and a reset.  Whatever NumPaths their
     destinations have passes whole to their sources, so a destination
     gets a share of its source's limit: L / (k + 1) when the source has
     k stuck out-edges, leaving room for its other edges.  Computed
     forwards, sources first.  */
  for (uint32_t i = 0; i < w->ne; i++)
    if (w->e[i].live && w->e[i].kind == PP_DAG_REAL
	&& !pp_edge_can_count (w, i))
      {
	stuck[i] = true;
	stuck_out[w->e[i].src]++;
      }
  for (uint32_t v = 0; v < w->nv; v++)
    vertex_limit[v] = limit;
  for (uint32_t i = 0; i < w->ntopo; i++)
    {
      uint32_t v = w->topo[i];
      uint64_t share = vertex_limit[v] / ((uint64_t) stuck_out[v] + 1);
      for (uint32_t p = w->out_start[v]; p < w->out_start[v + 1]; p++)
	{
	  uint32_t id = w->out_list[p], d = w->e[id].dst;
	  if (stuck[id] && share < vertex_limit[d])
	    vertex_limit[d] = share > 0 ? share : 1;
	}
    }

  w->num_cut_edges = 0;
  w->num_paths[PP_EXIT] = 1;
  for (uint32_t i = w->ntopo; i-- > 1;)
    {
      uint32_t v = w->topo[i];
      if (v != PP_EXIT
	  && number_vertex (w, v, vertex_limit[v], stuck, keys, suffix) != 0)
	goto out;
    }
  if (w->num_cut_edges > 0 && pp_dag_index (w) != 0)
    goto out;

  uint64_t entry = 0;
  for (uint32_t p = w->out_start[PP_ENTRY]; p < w->out_start[PP_ENTRY + 1];
       p++)
    entry = pp_sat_add (entry, w->num_paths[w->e[w->out_list[p]].dst]);
  if (entry == UINT64_MAX)
    {
      pp_fail (w, "too many paths at ENTRY");
      goto out;
    }
  w->num_paths[PP_ENTRY] = entry;

  bool hot_first = w->hot_first_above != 0 && entry > w->hot_first_above;
  if (hot_first && pp_dag_weigh (w) != 0)
    goto out;
  for (uint32_t i = 0; i < w->ntopo; i++)
    assign_vals (w, w->topo[i], keys, hot_first);
  if (w->apart_exits)
    for (uint32_t i = 0; i < w->ne; i++)
      if (w->e[i].live && w->e[i].kind == PP_DAG_EARLY_EXIT)
	{
	  /* entry * (C + 1) < 2^63 by the limit; checked anyway.  */
	  uint64_t k = (uint64_t) w->e[i].call + 1;
	  if (k > (UINT64_MAX >> 1) / entry)
	    {
	      pp_fail (w, "too many paths for early exits apart");
	      goto out;
	    }
	  w->e[i].val = entry * k;
	}
  ret = 0;

out:
  free (keys);
  free (suffix);
  free (vertex_limit);
  free (stuck_out);
  free (stuck);
  return ret;
}
