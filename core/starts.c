/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: path starts, the operations that begin the
   paths of each DAG edge out of ENTRY (pp_start in ppcore.h), and the
   probe that holds them.

   The sampled mode (doc/sampling.md, 2.4) moves into an instrumented
   copy of the function where a path starts and must then run exactly
   what starts the new path there, nothing of the path that ended: on a
   backedge u->v, the ENTRY->v dummy's operations and not the u->EXIT
   dummy's, which probes.c has put before them in one probe (trap 4).
   The placement has given every DAG edge its own operations, so the
   start ops are the operations of the DAG edge out of ENTRY, and the
   probe of its CFG edge holds the end ops (the u->EXIT dummy's, or none
   for an entry or a restart) followed by them.  That is checked here,
   as an internal error if violated, since the sampled mode relies on
   it to emit the end ops alone.  */

#include <stdlib.h>
#include <string.h>

#include "ppcore-internal.h"

/* The start kind of a DAG edge out of ENTRY of kind DAG_KIND.  */
static uint32_t
start_kind (uint32_t dag_kind)
{
  switch (dag_kind)
    {
    case PP_DAG_BACK_ENTRY:
      return PP_START_BACKEDGE;
    case PP_DAG_CUT_ENTRY:
      return PP_START_CUT;
    case PP_DAG_RESTART_ENTRY:
      return PP_START_RESTART;
    default:
      return PP_START_ENTRY;
    }
}

/* The probes of PLAN by site: BY_EDGE[c] the probe at EDGE(c) or
   RESTART(c) (a CFG edge has one or the other), AT_END[b] and
   AT_START[b] those at BLOCK_END(b) and BLOCK_START(b); PP_NONE where
   there is none.  Sites are unique (probes.c).  */
static void
index_probes (const pp_work *w, const pp_plan *plan, uint32_t *by_edge,
	      uint32_t *at_end, uint32_t *at_start)
{
  for (uint32_t c = 0; c < w->cfg->num_edges; c++)
    by_edge[c] = PP_NONE;
  for (uint32_t v = 0; v < w->nv; v++)
    at_end[v] = at_start[v] = PP_NONE;
  for (uint32_t k = 0; k < plan->num_probes; k++)
    {
      const pp_probe *p = &plan->probes[k];
      if (p->site == PP_SITE_EDGE || p->site == PP_SITE_RESTART)
	by_edge[p->index] = k;
      else if (p->site == PP_SITE_BLOCK_END)
	at_end[p->index] = k;
      else if (p->site == PP_SITE_BLOCK_START)
	at_start[p->index] = k;
    }
}

/* The ops of work edge EDGE, or none if EDGE is PP_NONE: their number,
   and the ops themselves through *OPS.  */
static uint32_t
edge_ops (const pp_work *w, uint32_t edge, const pp_op **ops)
{
  *ops = NULL;
  if (edge == PP_NONE)
    return 0;
  *ops = w->e[edge].ops;
  return w->e[edge].num_ops;
}

/* Check that start S's probe (none if S->probe is PP_NONE) holds the
   END_OPS (NUM_END) followed by S's own ops, as ppcore.h promises.
   Returns 0, or -1 (W failed: a bug).  */
static int
check_start (pp_work *w, const pp_plan *plan, const pp_start *s,
	     const pp_op *end_ops, uint32_t num_end)
{
  bool ok;
  if (s->probe == PP_NONE)
    ok = num_end + s->num_ops == 0;
  else
    {
      const pp_probe *p = &plan->probes[s->probe];
      ok = p->num_ops == num_end + s->num_ops;
      for (uint32_t k = 0; ok && k < p->num_ops; k++)
	{
	  const pp_op *want = k < num_end ? &end_ops[k] : &s->ops[k - num_end];
	  ok = p->ops[k].kind == want->kind && p->ops[k].value == want->value;
	}
    }
  if (!ok)
    return pp_fail (w, "internal error: the probe of CFG edge %u is not "
		    "its end ops followed by its start ops", s->cfg_edge);
  return 0;
}

/* Fill START for the DAG edge out of ENTRY FROM_ENTRY (a work edge, at
   POS in PLAN->dag_edges) of CFG edge C, whose u->EXIT dummy, if any,
   is TO_EXIT; the probe indices are those of index_probes.  Returns 0,
   or -1 (W failed).  */
static int
fill_start (pp_work *w, const pp_plan *plan, uint32_t c, uint32_t from_entry,
	    uint32_t to_exit, uint32_t pos, const uint32_t *by_edge,
	    const uint32_t *at_end, const uint32_t *at_start, pp_start *start)
{
  const pp_work_edge *e = &w->e[from_entry];
  const pp_op *end_ops;
  uint32_t num_end = edge_ops (w, to_exit, &end_ops);

  memset (start, 0, sizeof *start);
  start->kind = start_kind (e->kind);
  start->cfg_edge = c;
  start->dag_edge = pos;
  start->num_ops = e->num_ops;
  memcpy (start->ops, e->ops, sizeof start->ops);
  if (!pp_cfg_edge_relocation (w->cfg, w->cfg_outdeg, w->cfg_indeg, c,
			       &start->site, &start->index))
    {
      /* A stuck edge: it has no operation (or probes.c failed).  */
      start->site = PP_SITE_EDGE;
      start->index = c;
    }
  switch (start->site)
    {
    case PP_SITE_BLOCK_END:
      start->probe = at_end[start->index];
      break;
    case PP_SITE_BLOCK_START:
      start->probe = at_start[start->index];
      break;
    default:
      start->probe = by_edge[start->index];
    }
  start->num_end_ops = start->probe == PP_NONE ? 0 : num_end;
  return check_start (w, plan, start, end_ops, num_end);
}

/* Fill PLAN->starts, one per live DAG edge out of ENTRY, by CFG edge,
   from W after placement, copy_dag and pp_make_probes (PLAN->dag_edges
   and PLAN->probes are set).  Returns 0, or -1 (W failed).  */
int
pp_make_starts (pp_work *w, pp_plan *plan)
{
  uint32_t ne_cfg = w->cfg->num_edges, nv = w->nv;
  uint32_t live = w->out_start[nv];
  uint32_t nstarts = w->out_start[PP_ENTRY + 1] - w->out_start[PP_ENTRY];
  uint32_t *real = pp_xcalloc (w, (size_t) ne_cfg + 1, sizeof (uint32_t));
  uint32_t *to_exit = pp_xcalloc (w, (size_t) ne_cfg + 1, sizeof (uint32_t));
  uint32_t *from_entry
    = pp_xcalloc (w, (size_t) ne_cfg + 1, sizeof (uint32_t));
  uint32_t *by_edge = pp_xcalloc (w, (size_t) ne_cfg + 1, sizeof (uint32_t));
  uint32_t *at_end = pp_xcalloc (w, nv, sizeof (uint32_t));
  uint32_t *at_start = pp_xcalloc (w, nv, sizeof (uint32_t));
  /* [work edge] its index in PLAN->dag_edges (copy_dag's order).  */
  uint32_t *pos = pp_xcalloc (w, (size_t) w->ne + 1, sizeof (uint32_t));
  pp_start *starts = pp_xcalloc (w, (size_t) nstarts + 1, sizeof (pp_start));
  int ret = -1;
  if (real == NULL || from_entry == NULL || to_exit == NULL || by_edge == NULL
      || at_end == NULL || at_start == NULL || pos == NULL || starts == NULL)
    goto out;

  for (uint32_t p = 0; p < live; p++)
    pos[w->out_list[p]] = p;
  pp_dag_map_cfg_edges (w, real, to_exit, from_entry);
  index_probes (w, plan, by_edge, at_end, at_start);

  uint32_t n = 0;
  for (uint32_t c = 0; c < ne_cfg; c++)
    {
      /* The DAG edge out of ENTRY of C: its real edge, or its dummy.  */
      uint32_t i = real[c] != PP_NONE && w->e[real[c]].src == PP_ENTRY
		     ? real[c]
		     : from_entry[c];
      if (i == PP_NONE)
	continue;
      if (n == nstarts)
	{
	  pp_fail (w, "internal error: more path starts than DAG edges out "
		   "of ENTRY");
	  goto out;
	}
      if (fill_start (w, plan, c, i, to_exit[c], pos[i], by_edge, at_end,
		      at_start, &starts[n])
	  != 0)
	goto out;
      n++;
    }
  if (n != nstarts)
    {
      pp_fail (w, "internal error: %u path starts for %u DAG edges out of "
	       "ENTRY", n, nstarts);
      goto out;
    }
  plan->starts = starts;
  plan->num_starts = n;
  starts = NULL;
  ret = 0;

out:
  free (real);
  free (to_exit);
  free (from_entry);
  free (by_edge);
  free (at_end);
  free (at_start);
  free (pos);
  free (starts);
  return ret;
}
