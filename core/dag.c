/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: the Ball-Larus DAG (section 4, design traps 2,
   5 and 6).

   The DAG has the blocks reachable from ENTRY as vertices and these
   edges, identified by index because the DAG is a multigraph:
     - every reachable CFG edge that is not a backedge (PP_DAG_REAL);
     - for every reachable backedge u->v, the dummies ENTRY->v
       (PP_DAG_BACK_ENTRY) and u->EXIT (PP_DAG_BACK_EXIT), so that a path
       may end where the backedge leaves and a new one start where it
       arrives; a self loop is no different;
     - for every restart edge d->s (PP_CFG_RESTART: a longjmp or
       nonlocal goto lands at s), the dummy ENTRY->s
       (PP_DAG_RESTART_ENTRY) alone, whether d is reachable or not: the
       jump ends no path at d (the path in progress is lost, section
       3.6) and starts one at s;
     - for every reachable block other than EXIT without any CFG
       successor (a call that does not return, __builtin_unreachable, a
       trap; restart edges do not count), a dummy b->EXIT
       (PP_DAG_NORETURN_EXIT), so that EXIT is the only sink and the path
       is counted before the call; a PP_BLOCK_UNWIND block's (a landing
       pad that resumes unwinding) is PP_DAG_UNWIND_EXIT;
     - for every early-exit call (pp_cfg.call_blocks) of a reachable
       block, a dummy b->EXIT (PP_DAG_EARLY_EXIT), even where b has no
       successor (a call before the noreturn call that ends b):
       the path that a longjmp, exit or the like ends at that call;
     - later, numbering.c replaces edges it cuts by a CUT_EXIT/CUT_ENTRY
       pair (section 5.3).
   Every reachable block then reaches EXIT in the DAG (a block with a CFG
   successor other than a restart edge has a DAG out-edge, and the only
   vertex without one is EXIT), and every reachable block is reached from
   ENTRY in the DAG (follow a CFG path from ENTRY or from the destination
   of a restart edge, and restart at the dummy of its last backedge or
   restart edge), so only acyclicity needs checking.  */

#include <stdlib.h>
#include <string.h>

#include "ppcore-internal.h"

/* Append a DAG edge and return its id.  The array was sized for the
   worst case when the DAG was built, so this cannot fail.  */
uint32_t
pp_dag_add_edge (pp_work *w, uint32_t src, uint32_t dst, uint32_t kind,
		 uint32_t cfg_edge)
{
  uint32_t id = w->ne++;
  pp_work_edge *e = &w->e[id];
  memset (e, 0, sizeof *e);
  e->src = src;
  e->dst = dst;
  e->kind = kind;
  e->cfg_edge = cfg_edge;
  e->call = PP_NONE;
  e->live = true;
  return id;
}

/* Whether a DAG edge of KIND is a dummy into EXIT that stands for no CFG
   edge but for a block (NORETURN_EXIT, UNWIND_EXIT) or a call in it
   (EARLY_EXIT): its code has a site of its own, never stuck.  */
bool
pp_dag_kind_is_exit_dummy (uint32_t kind)
{
  return kind == PP_DAG_NORETURN_EXIT || kind == PP_DAG_UNWIND_EXIT
	 || kind == PP_DAG_EARLY_EXIT;
}

/* For every CFG edge of W, the live DAG edges standing for it: REAL,
   TO_EXIT (a backedge's or cut edge's u->EXIT) and FROM_ENTRY (its
   ENTRY->v, or a restart edge's dummy), each PP_NONE where there is
   none.  Used by probes.c and starts.c.  */
void
pp_dag_map_cfg_edges (const pp_work *w, uint32_t *real, uint32_t *to_exit,
		      uint32_t *from_entry)
{
  for (uint32_t c = 0; c < w->cfg->num_edges; c++)
    real[c] = to_exit[c] = from_entry[c] = PP_NONE;
  for (uint32_t i = 0; i < w->ne; i++)
    {
      const pp_work_edge *e = &w->e[i];
      if (!e->live || pp_dag_kind_is_exit_dummy (e->kind))
	continue;
      if (e->kind == PP_DAG_REAL)
	real[e->cfg_edge] = i;
      else if (e->kind == PP_DAG_BACK_EXIT || e->kind == PP_DAG_CUT_EXIT)
	to_exit[e->cfg_edge] = i;
      else  /* BACK_ENTRY, CUT_ENTRY, RESTART_ENTRY */
	from_entry[e->cfg_edge] = i;
    }
}

/* Create the DAG edges from the CFG and its PP_CFG_BACKEDGE and
   PP_CFG_RESTART flags, in a deterministic order: CFG edges by id (a
   backedge gives its BACK_EXIT then its BACK_ENTRY dummy, a restart edge
   its RESTART_ENTRY dummy), then noreturn dummies by block, then
   early-exit dummies by call.  */
int
pp_dag_build (pp_work *w)
{
  const pp_cfg *cfg = w->cfg;
  w->cap = cfg->num_edges * 3 + w->nv + cfg->num_calls;
  w->e = pp_xcalloc (w, w->cap, sizeof (pp_work_edge));
  if (w->e == NULL)
    return -1;
  w->ne = 0;
  w->num_backedges = 0;
  for (uint32_t i = 0; i < cfg->num_edges; i++)
    {
      const pp_cfg_edge *ce = &cfg->edges[i];
      if (ce->flags & PP_CFG_RESTART)
	pp_dag_add_edge (w, PP_ENTRY, ce->dst, PP_DAG_RESTART_ENTRY, i);
      else if (!w->reachable[ce->src])
	continue;
      else if (ce->flags & PP_CFG_BACKEDGE)
	{
	  pp_dag_add_edge (w, ce->src, PP_EXIT, PP_DAG_BACK_EXIT, i);
	  pp_dag_add_edge (w, PP_ENTRY, ce->dst, PP_DAG_BACK_ENTRY, i);
	  w->num_backedges++;
	}
      else
	pp_dag_add_edge (w, ce->src, ce->dst, PP_DAG_REAL, i);
    }
  for (uint32_t v = 0; v < w->nv; v++)
    if (v != PP_EXIT && w->reachable[v] && w->flow_outdeg[v] == 0)
      pp_dag_add_edge (w, v, PP_EXIT,
		       cfg->block_flags != NULL
		       && (cfg->block_flags[v] & PP_BLOCK_UNWIND)
		       ? PP_DAG_UNWIND_EXIT : PP_DAG_NORETURN_EXIT, PP_NONE);
  for (uint32_t i = 0; i < cfg->num_calls; i++)
    {
      uint32_t b = cfg->call_blocks[i];
      if (w->reachable[b])
	w->e[pp_dag_add_edge (w, b, PP_EXIT, PP_DAG_EARLY_EXIT, PP_NONE)]
	  .call = i;
    }
  return 0;
}

/* (Re)build the in- and out-lists of the live DAG edges, each in edge-id
   order.  Called after construction and again after the cuts made while
   numbering.  */
int
pp_dag_index (pp_work *w)
{
  uint32_t nv = w->nv;
  free (w->out_start);
  free (w->out_list);
  free (w->in_start);
  free (w->in_list);
  w->out_list = w->in_list = NULL;
  w->out_start = pp_xcalloc (w, (size_t) nv + 1, sizeof (uint32_t));
  w->in_start = pp_xcalloc (w, (size_t) nv + 1, sizeof (uint32_t));
  if (w->out_start == NULL || w->in_start == NULL)
    return -1;
  uint32_t live = 0;
  for (uint32_t i = 0; i < w->ne; i++)
    if (w->e[i].live)
      {
	w->out_start[w->e[i].src + 1]++;
	w->in_start[w->e[i].dst + 1]++;
	live++;
      }
  for (uint32_t v = 0; v < nv; v++)
    {
      w->out_start[v + 1] += w->out_start[v];
      w->in_start[v + 1] += w->in_start[v];
    }
  w->out_list = pp_xcalloc (w, (size_t) live + 1, sizeof (uint32_t));
  w->in_list = pp_xcalloc (w, (size_t) live + 1, sizeof (uint32_t));
  uint32_t *out_cur = pp_xcalloc (w, nv, sizeof (uint32_t));
  uint32_t *in_cur = pp_xcalloc (w, nv, sizeof (uint32_t));
  if (w->out_list == NULL || w->in_list == NULL || out_cur == NULL
      || in_cur == NULL)
    {
      free (out_cur);
      free (in_cur);
      return -1;
    }
  memcpy (out_cur, w->out_start, (size_t) nv * sizeof (uint32_t));
  memcpy (in_cur, w->in_start, (size_t) nv * sizeof (uint32_t));
  for (uint32_t i = 0; i < w->ne; i++)
    if (w->e[i].live)
      {
	w->out_list[out_cur[w->e[i].src]++] = i;
	w->in_list[in_cur[w->e[i].dst]++] = i;
      }
  free (out_cur);
  free (in_cur);
  return 0;
}

/* Topological order of the reachable vertices (Kahn's algorithm, FIFO, so
   the order is deterministic).  Fails if a cycle remains, which happens
   only when the caller's PP_CFG_BACKEDGE set does not break every cycle:
   numbering needs a DAG.  ENTRY has no DAG predecessor and every other
   reachable block has one, so ENTRY comes first.  EXIT, which has no
   successor, is held back to come last: the order then stays valid when
   numbering adds the edges ENTRY->w and v->EXIT of a cut.  */
int
pp_dag_topo (pp_work *w)
{
  uint32_t nv = w->nv;
  uint32_t *pending = pp_xcalloc (w, nv, sizeof (uint32_t));
  w->topo = pp_xcalloc (w, nv, sizeof (uint32_t));
  if (pending == NULL || w->topo == NULL)
    {
      free (pending);
      return -1;
    }
  for (uint32_t v = 0; v < nv; v++)
    pending[v] = w->in_start[v + 1] - w->in_start[v];
  uint32_t head = 0, tail = 0;
  if (pending[PP_ENTRY] == 0)
    w->topo[tail++] = PP_ENTRY;
  while (head < tail)
    {
      uint32_t v = w->topo[head++];
      for (uint32_t p = w->out_start[v]; p < w->out_start[v + 1]; p++)
	{
	  uint32_t d = w->e[w->out_list[p]].dst;
	  if (--pending[d] == 0 && d != PP_EXIT)
	    w->topo[tail++] = d;
	}
    }
  if (pending[PP_EXIT] == 0)
    w->topo[tail++] = PP_EXIT;
  w->ntopo = tail;
  if (tail != w->num_reachable)
    {
      uint32_t culprit = PP_NONE;
      for (uint32_t v = 0; v < nv && culprit == PP_NONE; v++)
	if (w->reachable[v] && pending[v] != 0)
	  culprit = v;
      /* CULPRIT may only be downstream of a cycle.  Every vertex left over
	 has a left-over predecessor, so walking back NV steps lands on
	 the cycle itself.  */
      for (uint32_t step = 0; step < nv; step++)
	for (uint32_t p = w->in_start[culprit]; p < w->in_start[culprit + 1];
	     p++)
	  if (pending[w->e[w->in_list[p]].src] != 0)
	    {
	      culprit = w->e[w->in_list[p]].src;
	      break;
	    }
      free (pending);
      return pp_fail (w,
		      "the backedge set leaves a cycle through block %u: "
		      "mark more edges PP_CFG_BACKEDGE (pp_mark_backedges "
		      "does)",
		      culprit);
    }
  free (pending);
  return 0;
}

/* Set the weight of every live DAG edge: its estimated frequency, which
   both the Val order (numbering.c, hot-first) and the spanning tree
   (spantree.c) use.  A real edge has its CFG weight; a backedge or cut
   dummy the weight of the CFG edge it stands for (both dummies execute
   exactly when that edge does), and so a restart dummy that of its
   restart edge; a noreturn dummy b->EXIT the sum of the weights of the
   CFG edges entering b, which is b's frequency, all of which leaves by
   the dummy (an unwind dummy likewise); an early-exit dummy 0: the call
   rarely fails to return, and its count is emitted at its call whether
   it is a chord or a tree edge (the tree is better spent on an edge that
   would otherwise carry code).  */
int
pp_dag_weigh (pp_work *w)
{
  const pp_cfg *cfg = w->cfg;
  double *block_weight = pp_xcalloc (w, w->nv, sizeof (double));
  if (block_weight == NULL)
    return -1;
  for (uint32_t i = 0; i < cfg->num_edges; i++)
    block_weight[cfg->edges[i].dst] += cfg->edges[i].weight;
  for (uint32_t i = 0; i < w->ne; i++)
    {
      pp_work_edge *e = &w->e[i];
      if (!e->live)
	continue;
      if (pp_dag_kind_is_exit_dummy (e->kind))
	e->weight = e->kind == PP_DAG_EARLY_EXIT ? 0.0 : block_weight[e->src];
      else
	e->weight = cfg->edges[e->cfg_edge].weight;
    }
  free (block_weight);
  return 0;
}

/* Whether DAG edge EDGE may be given operations: its CFG site accepts
   code, directly or after relocation (pp_cfg_edge_relocation).  A
   noreturn or unwind dummy's code goes at the end of its block, an
   early exit's before its call: always possible.  */
bool
pp_edge_can_carry_code (const pp_work *w, uint32_t edge)
{
  const pp_work_edge *e = &w->e[edge];
  uint32_t site, index;
  if (pp_dag_kind_is_exit_dummy (e->kind))
    return true;
  return pp_cfg_edge_relocation (w->cfg, w->cfg_outdeg, w->cfg_indeg,
				 e->cfg_edge, &site, &index);
}

/* Whether BLOCK has PP_BLOCK_MAY_NOT_RETURN: a call in it may keep
   control from reaching its end.  */
bool
pp_block_may_not_return (const pp_work *w, uint32_t block)
{
  return w->cfg->block_flags != NULL
	 && (w->cfg->block_flags[block] & PP_BLOCK_MAY_NOT_RETURN) != 0;
}

/* Whether DAG edge EDGE may carry a count: it may carry code, and that
   code does not go to the end of a block that may not return.  Such a
   block-end site is before the block's last statement when that
   statement ends the block (ppcore.h), perhaps the very call that may not
   return: a count there would count a path that the call then cuts short.
   A noreturn dummy's count goes there on purpose (design trap 6); an
   early exit's count has a site of its own, its call.  A
   restart dummy cannot count: its code runs only after a jump.  */
bool
pp_edge_can_count (const pp_work *w, uint32_t edge)
{
  const pp_work_edge *e = &w->e[edge];
  uint32_t site, index;
  if (pp_dag_kind_is_exit_dummy (e->kind))
    return true;
  if (!pp_cfg_edge_relocation (w->cfg, w->cfg_outdeg, w->cfg_indeg,
			       e->cfg_edge, &site, &index))
    return false;
  return site != PP_SITE_RESTART
	 && !(site == PP_SITE_BLOCK_END && pp_block_may_not_return (w, index));
}
