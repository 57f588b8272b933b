/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: probes, the operations of the DAG edges mapped
   back to places in the CFG where the plugin can put code.

     - a real DAG edge: its CFG edge;
     - the two dummies of a backedge or cut edge u->v: that CFG edge, with
       the u->EXIT dummy's operations first (the path ends) and the
       ENTRY->v dummy's next (the next path starts): design trap 4;
     - a noreturn dummy b->EXIT: the end of b, before the call that does
       not return (trap 6);
     - an unwind dummy b->EXIT: the end of b, before the resx;
     - an early-exit dummy: PP_SITE_CALL of its call, one count;
     - the dummy ENTRY->s of a restart edge: PP_SITE_RESTART of that edge,
       where s resumes after the jump.  Its one SET is never empty (R holds
       garbage after the jump), so the probe is always there.
   A CFG edge flagged PP_CFG_NO_CODE cannot hold code; its probe moves to
   the end of its source or the start of its destination when that is
   equivalent (pp_cfg_edge_relocation), else planning fails.  Sites are
   then unique: an edge or restart site belongs to one CFG edge;
   BLOCK_END(b) comes either from a noreturn dummy (b has no successor
   but restart edges) or from the one edge leaving b; BLOCK_START(b) from
   the one edge entering b (so never a receiver, which also has its
   restart edge).  This is checked all the same, since two probes at one
   site would be a bug.  */

#include <stdlib.h>
#include <string.h>

#include "ppcore-internal.h"

/* Append the operations of DAG edge EDGE (if any) to PROBE.  */
static void
append_ops (const pp_work *w, uint32_t edge, pp_probe *probe)
{
  if (edge == PP_NONE)
    return;
  const pp_work_edge *e = &w->e[edge];
  for (uint32_t k = 0; k < e->num_ops && probe->num_ops < 4; k++)
    probe->ops[probe->num_ops++] = e->ops[k];
}

/* Fill PROBE (zeroed) with the operations of CFG edge C of W (its DAG
   edges REAL[C], TO_EXIT[C] and FROM_ENTRY[C]) and their site.  Returns
   1, 0 when it has none, or -1 when they cannot go on C (W failed).  */
static int
edge_probe (pp_work *w, uint32_t c, const uint32_t *real,
	    const uint32_t *to_exit, const uint32_t *from_entry,
	    pp_probe *probe)
{
  const pp_cfg *cfg = w->cfg;

  append_ops (w, real[c], probe);
  append_ops (w, to_exit[c], probe);
  append_ops (w, from_entry[c], probe);
  if (probe->num_ops == 0)
    return 0;
  if (!pp_cfg_edge_relocation (cfg, w->cfg_outdeg, w->cfg_indeg, c,
			       &probe->site, &probe->index))
    {
      pp_fail (w,
	       "abnormal edge %u->%u (edge %u) must carry code but "
	       "neither its source has one successor nor its "
	       "destination one predecessor",
	       cfg->edges[c].src, cfg->edges[c].dst, c);
      return -1;
    }
  return 1;
}

/* Fill PROBE (zeroed) with the operations of the noreturn dummies of
   block B of W, at the end of B.  Returns whether there are any.  */
static bool
noreturn_probe (const pp_work *w, uint32_t b, pp_probe *probe)
{
  if (b == PP_EXIT || !w->reachable[b] || w->flow_outdeg[b] != 0)
    return false;
  for (uint32_t p = w->out_start[b]; p < w->out_start[b + 1]; p++)
    if (w->e[w->out_list[p]].kind == PP_DAG_NORETURN_EXIT
	|| w->e[w->out_list[p]].kind == PP_DAG_UNWIND_EXIT)
      append_ops (w, w->out_list[p], probe);
  if (probe->num_ops == 0)
    return false;
  probe->site = PP_SITE_BLOCK_END;
  probe->index = b;
  return true;
}

/* Check that no probe came before PROBE at its site, if a block's end
   or start (END_USED, START_USED: the sites taken), and take it.
   Returns 0, or -1 (W failed).  */
static int
claim_site (pp_work *w, const pp_probe *probe, bool *end_used,
	    bool *start_used)
{
  if (probe->site == PP_SITE_BLOCK_END
      || probe->site == PP_SITE_BLOCK_START)
    {
      bool *used
	= probe->site == PP_SITE_BLOCK_END ? end_used : start_used;
      if (used[probe->index])
	{
	  pp_fail (w, "internal error: two probes at the %s of block %u",
		   probe->site == PP_SITE_BLOCK_END ? "end" : "start",
		   probe->index);
	  return -1;
	}
      used[probe->index] = true;
    }
  return 0;
}

/* Append to PROBES, of *N, a probe per early exit of W, by call: one
   count each, never empty (an edge into EXIT always counts).  Returns
   0, or -1 (W failed).  */
static int
add_early_exit_probes (pp_work *w, pp_probe *probes, uint32_t *n)
{
  for (uint32_t i = 0; i < w->ne; i++)
    {
      const pp_work_edge *e = &w->e[i];
      if (!e->live || e->kind != PP_DAG_EARLY_EXIT)
	continue;
      if (e->num_ops != 1 || (e->ops[0].kind != PP_OP_COUNT
			      && e->ops[0].kind != PP_OP_COUNT_CONST))
	{
	  pp_fail (w, "internal error: early exit of call %u is not one "
		   "count", e->call);
	  return -1;
	}
      pp_probe *probe = &probes[(*n)++];
      memset (probe, 0, sizeof *probe);
      probe->site = PP_SITE_CALL;
      probe->index = e->call;
      append_ops (w, i, probe);
    }
  return 0;
}

/* Fill PLAN->probes from the operations of the DAG edges.  Fails with the
   message of ppcore.h when code must go on a PP_CFG_NO_CODE edge that has
   no equivalent place.  */
int
pp_make_probes (pp_work *w, pp_plan *plan)
{
  const pp_cfg *cfg = w->cfg;
  uint32_t ne_cfg = cfg->num_edges, nv = w->nv;
  /* For every CFG edge, the DAG edges standing for it.  */
  uint32_t *real = pp_xcalloc (w, (size_t) ne_cfg + 1, sizeof (uint32_t));
  uint32_t *to_exit = pp_xcalloc (w, (size_t) ne_cfg + 1, sizeof (uint32_t));
  uint32_t *from_entry
    = pp_xcalloc (w, (size_t) ne_cfg + 1, sizeof (uint32_t));
  bool *end_used = pp_xcalloc (w, nv, sizeof (bool));
  bool *start_used = pp_xcalloc (w, nv, sizeof (bool));
  pp_probe *probes
    = pp_xcalloc (w, (size_t) ne_cfg + nv + cfg->num_calls + 1,
		  sizeof (pp_probe));
  int ret = -1;
  if (real == NULL || to_exit == NULL || from_entry == NULL
      || end_used == NULL || start_used == NULL || probes == NULL)
    goto out;

  pp_dag_map_cfg_edges (w, real, to_exit, from_entry);
  uint32_t n = 0;
  for (uint32_t c = 0; c < ne_cfg + nv; c++)
    {
      pp_probe *probe = &probes[n];
      memset (probe, 0, sizeof *probe);
      /* CFG edges, then noreturn dummies, by block.  */
      int made = c < ne_cfg
		 ? edge_probe (w, c, real, to_exit, from_entry, probe)
		 : noreturn_probe (w, c - ne_cfg, probe);
      if (made < 0)
	goto out;
      if (made == 0)
	continue;
      if (claim_site (w, probe, end_used, start_used) != 0)
	goto out;
      n++;
    }
  if (add_early_exit_probes (w, probes, &n) != 0)
    goto out;
  plan->probes = probes;
  plan->num_probes = n;
  probes = NULL;
  ret = 0;

out:
  free (real);
  free (to_exit);
  free (from_entry);
  free (end_used);
  free (start_used);
  free (probes);
  return ret;
}
