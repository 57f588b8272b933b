/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: pp_plan_build, which runs the steps of the
   other files in order on one pp_work and copies the results into the
   caller's pp_plan, and pp_plan_free.  */

#include <stdlib.h>
#include <string.h>

#include "ppcore-internal.h"

/* Release everything W owns.  */
static void
work_free (pp_work *w)
{
  free (w->reachable);
  free (w->cfg_outdeg);
  free (w->cfg_indeg);
  free (w->flow_outdeg);
  free (w->e);
  free (w->out_start);
  free (w->out_list);
  free (w->in_start);
  free (w->in_list);
  free (w->topo);
  free (w->num_paths);
  free (w->phi);
}

/* Copy the DAG into PLAN: live edges grouped by source block in block
   order, by increasing Val within a source (the out-lists are sorted by
   Val after numbering), as regeneration and the file format expect.  */
static int
copy_dag (pp_work *w, pp_plan *plan)
{
  uint32_t live = w->out_start[w->nv];
  plan->dag_edges = pp_xcalloc (w, (size_t) live + 1, sizeof (pp_dag_edge));
  plan->reachable = pp_xcalloc (w, w->nv, sizeof (bool));
  if (plan->dag_edges == NULL || plan->reachable == NULL)
    return -1;
  memcpy (plan->reachable, w->reachable, w->nv * sizeof (bool));
  for (uint32_t p = 0; p < live; p++)
    {
      const pp_work_edge *e = &w->e[w->out_list[p]];
      pp_dag_edge *d = &plan->dag_edges[p];
      d->src = e->src;
      d->dst = e->dst;
      d->kind = e->kind;
      d->cfg_edge = e->cfg_edge;
      d->call = e->call;
      d->val = e->val;
      /* Two's complement, spelled out: converting a uint64_t above
	 INT64_MAX to int64_t is implementation-defined in C.  */
      d->inc = e->inc <= INT64_MAX ? (int64_t) e->inc
				   : -(int64_t) (UINT64_MAX - e->inc) - 1;
      d->on_tree = e->on_tree;
      d->num_ops = e->num_ops;
      memcpy (d->ops, e->ops, sizeof d->ops);
    }
  plan->num_dag_edges = live;
  plan->num_paths = w->num_paths[PP_ENTRY];
  plan->num_blocks = w->nv;
  plan->num_backedges = w->num_backedges;
  plan->num_cut_edges = w->num_cut_edges;
  return 0;
}

/* Build the plan for CFG (see ppcore.h): validate, DAG, numbering with
   truncation, spanning tree and increments, placement, probes, path
   starts.  On any
   failure the plan is left empty and ERR says why.  OPTS may be NULL for
   the defaults (no path limit beyond 2^63, optimised placement).  */
int
pp_plan_build (const pp_cfg *cfg, const pp_options *opts, pp_plan *plan,
	       char *err, size_t errlen)
{
  pp_work w;
  memset (&w, 0, sizeof w);
  w.err = err;
  w.errlen = errlen;
  if (err != NULL && errlen > 0)
    err[0] = '\0';
  if (plan == NULL)
    return pp_fail (&w, "no plan to fill");
  memset (plan, 0, sizeof *plan);
  if (cfg == NULL)
    return pp_fail (&w, "no CFG");
  w.cfg = cfg;
  w.nv = cfg->num_blocks;
  w.max_paths = opts != NULL ? opts->max_paths : 0;
  w.naive = opts != NULL && opts->naive;
  w.plain_tree = opts != NULL && opts->plain_tree;
  w.hot_first_above = opts != NULL ? opts->hot_first_above : 0;
  w.apart_exits = opts != NULL && opts->apart_exits;

  int ret = -1;
  if (pp_cfg_validate (&w) != 0 || pp_cfg_reachability (&w) != 0
      || pp_dag_build (&w) != 0 || pp_dag_index (&w) != 0
      || pp_dag_topo (&w) != 0 || pp_number_paths (&w) != 0
      || pp_spanning_tree (&w) != 0 || pp_chord_increments (&w) != 0
      || (w.naive ? pp_place_naive (&w) : pp_place_optimized (&w)) != 0
      || copy_dag (&w, plan) != 0 || pp_make_probes (&w, plan) != 0
      || pp_make_starts (&w, plan) != 0)
    pp_plan_free (plan);
  else
    ret = 0;
  work_free (&w);
  return ret;
}

/* Free what pp_plan_build allocated and leave PLAN empty.  Safe on an
   empty or already freed plan.  */
void
pp_plan_free (pp_plan *plan)
{
  if (plan == NULL)
    return;
  free (plan->reachable);
  free (plan->dag_edges);
  free (plan->probes);
  free (plan->starts);
  memset (plan, 0, sizeof *plan);
}
