/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of restart edges in the pathprof algorithm core
   (PP_CFG_RESTART, PP_DAG_RESTART_ENTRY, PP_SITE_RESTART in
   core/ppcore.h).

   In a function that calls setjmp, or has a nonlocal label that a nested
   function jumps to, GCC's CFG has an abnormal dispatcher D: every call
   has an edge to D ("this call may longjmp") and D has an edge to every
   receiver.  D never runs: the jump lands at the receiver.  The plugin
   leaves out D's in-edges (the path in progress at the call is lost,
   paper section 3.6) and flags D's out-edges PP_CFG_RESTART: a new path
   starts at the receiver, with R = the value of the restart probe, which
   the plugin executes only when control arrived by the jump.

   Part 1, fixtures: a setjmp with a loop whose call longjmps, the same
   with D's in-edges kept, nonlocal labels (with a normal predecessor and
   a straight chain to EXIT; reached only by the jump; followed by a
   loop), and the CFGs that must be refused.  Each is checked against the
   properties below and by scripted executions with expected counts
   written next to them.
   Part 2, random CFGs with a dispatcher: loops, irreducible cycles,
   abnormal edges, truncation, calls that may longjmp, receivers anywhere
   (also blocks that only a jump reaches), sometimes D's in-edges kept.
   Each is planned optimised and naive and checked for: DAG structure
   against the CFG (a RESTART_ENTRY dummy per restart edge, reachability
   from the receivers), NumPaths against an independent count, path
   numbers distinct and in 0..N-1, regeneration, chord increments, the
   spanning tree, simulation of every path from a garbage R (paths that
   start at a restart dummy included: R garbage, then its SET, then
   exactly one count at the path number), no count before the end of a
   block that may not return, restart dummies with exactly one SET at a
   PP_SITE_RESTART probe, every probe at an allowed site, the backedges of
   pp_mark_backedges, and random executions of the probes in program
   order where calls longjmp to random receivers: the counts must be
   exactly the paths completed, the ones cut short by a jump lost.

   Output: one PASS:/FAIL: line per check (the random part one line per
   property, aggregated over all graphs), then "N passed, M failed".
   `core-test-restart SEED [COUNT]' reruns random graphs with details.  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ppcore.h"
#include "test-cfg.h"
#include "test-props.h"
#include "test-random.h"
#include "test-plan.h"
#include "test-sim.h"
#include "unit-test.h"

/* What R holds when a jump lands: whatever it was at the call.  */
#define JUMP_GARBAGE UINT64_C (0x0BADC0DE5EED1234)

static bool verbose;

/* ------------------------------------------------------------------ */
/* The test's own view of a CFG.                                       */

typedef struct model
{
  uint32_t nv, ne;
  uint32_t *outdeg, *indeg;  /* every CFG edge */
  uint32_t *fstart, *flist;  /* successors over non-restart edges */
  bool *reach;               /* from ENTRY and the receivers */
  bool *receiver;
  bool *stuck;               /* [ne] no_code, not restart, no place */
  double *block_weight;      /* sum of the CFG in-edges' weights */
  uint32_t nrestart;
  uint32_t *restart;         /* ids of the restart edges */
} model;

static bool
is_restart (const pp_cfg *cfg, uint32_t c)
{
  return (cfg->edges[c].flags & PP_CFG_RESTART) != 0;
}

static bool
flagged (const pp_cfg *cfg, uint32_t b)
{
  return cfg->block_flags != NULL
	 && (cfg->block_flags[b] & PP_BLOCK_MAY_NOT_RETURN) != 0;
}

static void
model_build (const pp_cfg *cfg, model *m)
{
  uint32_t nv = cfg->num_blocks, ne = cfg->num_edges;
  m->nv = nv;
  m->ne = ne;
  m->outdeg = calloc (nv, sizeof (uint32_t));
  m->indeg = calloc (nv, sizeof (uint32_t));
  m->fstart = calloc (nv + 1, sizeof (uint32_t));
  m->flist = malloc ((ne + 1) * sizeof (uint32_t));
  m->reach = calloc (nv, sizeof (bool));
  m->receiver = calloc (nv, sizeof (bool));
  m->stuck = calloc (ne + 1, sizeof (bool));
  m->block_weight = calloc (nv, sizeof (double));
  m->restart = malloc ((ne + 1) * sizeof (uint32_t));
  m->nrestart = 0;
  for (uint32_t c = 0; c < ne; c++)
    {
      const pp_cfg_edge *e = &cfg->edges[c];
      m->outdeg[e->src]++;
      m->indeg[e->dst]++;
      m->block_weight[e->dst] += e->weight;
      if (is_restart (cfg, c))
	{
	  m->restart[m->nrestart++] = c;
	  m->receiver[e->dst] = true;
	}
      else
	m->fstart[e->src + 1]++;
    }
  for (uint32_t v = 0; v < nv; v++)
    m->fstart[v + 1] += m->fstart[v];
  uint32_t *cur = malloc ((nv + 1) * sizeof (uint32_t));
  memcpy (cur, m->fstart, nv * sizeof (uint32_t));
  for (uint32_t c = 0; c < ne; c++)
    if (!is_restart (cfg, c))
      m->flist[cur[cfg->edges[c].src]++] = c;
  for (uint32_t c = 0; c < ne; c++)
    {
      const pp_cfg_edge *e = &cfg->edges[c];
      m->stuck[c] = (e->flags & PP_CFG_NO_CODE) && !is_restart (cfg, c)
		    && !(e->src != PP_ENTRY && m->outdeg[e->src] == 1)
		    && !(e->dst != PP_EXIT && m->indeg[e->dst] == 1);
    }
  /* Reachability: ENTRY and every receiver are roots.  */
  uint32_t head = 0, tail = 0;
  m->reach[PP_ENTRY] = true;
  cur[tail++] = PP_ENTRY;
  for (uint32_t k = 0; k < m->nrestart; k++)
    {
      uint32_t d = cfg->edges[m->restart[k]].dst;
      if (!m->reach[d])
	{
	  m->reach[d] = true;
	  cur[tail++] = d;
	}
    }
  while (head < tail)
    {
      uint32_t v = cur[head++];
      for (uint32_t p = m->fstart[v]; p < m->fstart[v + 1]; p++)
	{
	  uint32_t d = cfg->edges[m->flist[p]].dst;
	  if (!m->reach[d])
	    {
	      m->reach[d] = true;
	      cur[tail++] = d;
	    }
	}
    }
  m->reach[PP_EXIT] = true;
  free (cur);
}

static void
model_free (model *m)
{
  free (m->outdeg);
  free (m->indeg);
  free (m->fstart);
  free (m->flist);
  free (m->reach);
  free (m->receiver);
  free (m->stuck);
  free (m->block_weight);
  free (m->restart);
}

static uint32_t
flow_outdeg (const model *m, uint32_t v)
{
  return m->fstart[v + 1] - m->fstart[v];
}

/* ------------------------------------------------------------------ */
/* Reading plans.                                                      */

/* Out-edges of v in the plan's DAG: start[v] .. start[v + 1] - 1.  */
static uint32_t *
dag_start (const pp_plan *plan)
{
  uint32_t *start = calloc (plan->num_blocks + 1, sizeof (uint32_t));
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    start[plan->dag_edges[i].src + 1]++;
  for (uint32_t v = 0; v < plan->num_blocks; v++)
    start[v + 1] += start[v];
  return start;
}

/* The REAL DAG edge standing for CFG edge C, or NULL.  */
static const pp_dag_edge *
real_dag_edge (const pp_plan *plan, uint32_t c)
{
  uint32_t i = find_dag_edge (plan, PP_DAG_REAL, c);
  return i == UINT32_MAX ? NULL : &plan->dag_edges[i];
}

/* NumPaths of every vertex, recomputed from the plan's DAG.  Returns
   false if the DAG has a cycle.  */
static bool
count_paths (const pp_plan *plan, uint64_t *np)
{
  uint32_t nv = plan->num_blocks;
  uint32_t *indeg = calloc (nv, sizeof (uint32_t));
  uint32_t *order = calloc (nv, sizeof (uint32_t));
  uint32_t *start = dag_start (plan);
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    indeg[plan->dag_edges[i].dst]++;
  uint32_t head = 0, tail = 0;
  for (uint32_t v = 0; v < nv; v++)
    if (indeg[v] == 0)
      order[tail++] = v;
  while (head < tail)
    {
      uint32_t v = order[head++];
      for (uint32_t p = start[v]; p < start[v + 1]; p++)
	if (--indeg[plan->dag_edges[p].dst] == 0)
	  order[tail++] = plan->dag_edges[p].dst;
    }
  bool ok = tail == nv;
  for (uint32_t i = tail; ok && i-- > 0;)
    {
      uint32_t v = order[i];
      uint64_t s = v == PP_EXIT;
      for (uint32_t p = start[v]; p < start[v + 1]; p++)
	{
	  uint64_t a = np[plan->dag_edges[p].dst];
	  s = s > UINT64_MAX - a ? UINT64_MAX : s + a;
	}
      np[v] = s;
    }
  free (indeg);
  free (order);
  free (start);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Simulation: test-sim.h's, and jumps.                                */

/* A jump lands: R holds whatever it held at the call, which the plan must
   not read.  */
static void
sim_jump (sim *s)
{
  s->r = JUMP_GARBAGE;
  s->r_written = false;
}

static bool
has_count (const pp_probe *p)
{
  for (uint32_t k = 0; p != NULL && k < p->num_ops; k++)
    if (p->ops[k].kind == PP_OP_COUNT || p->ops[k].kind == PP_OP_COUNT_CONST)
      return true;
  return false;
}

/* The probes of a plan by site, and the DAG edges of each CFG edge.  */
typedef struct probe_map
{
  const pp_probe **at_edge, **at_end, **at_start, **at_restart;
  uint32_t *real, *to_exit, *from_entry;  /* [ne] DAG edge or MAX */
  bool duplicate_site;
} probe_map;

static void
probe_map_build (const pp_cfg *cfg, const pp_plan *plan, probe_map *pm)
{
  uint32_t nv = cfg->num_blocks, ne = cfg->num_edges;
  pm->at_edge = calloc (ne + 1, sizeof *pm->at_edge);
  pm->at_restart = calloc (ne + 1, sizeof *pm->at_restart);
  pm->at_end = calloc (nv, sizeof *pm->at_end);
  pm->at_start = calloc (nv, sizeof *pm->at_start);
  pm->real = malloc ((ne + 1) * sizeof (uint32_t));
  pm->to_exit = malloc ((ne + 1) * sizeof (uint32_t));
  pm->from_entry = malloc ((ne + 1) * sizeof (uint32_t));
  pm->duplicate_site = false;
  for (uint32_t c = 0; c < ne; c++)
    pm->real[c] = pm->to_exit[c] = pm->from_entry[c] = UINT32_MAX;
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *e = &plan->dag_edges[i];
      if (e->kind == PP_DAG_NORETURN_EXIT || e->cfg_edge >= ne)
	continue;
      if (e->kind == PP_DAG_REAL)
	pm->real[e->cfg_edge] = i;
      else if (e->kind == PP_DAG_BACK_EXIT || e->kind == PP_DAG_CUT_EXIT)
	pm->to_exit[e->cfg_edge] = i;
      else
	pm->from_entry[e->cfg_edge] = i;
    }
  for (uint32_t i = 0; i < plan->num_probes; i++)
    {
      const pp_probe *pr = &plan->probes[i];
      const pp_probe **slot = NULL;
      if (pr->site == PP_SITE_EDGE && pr->index < ne)
	slot = &pm->at_edge[pr->index];
      else if (pr->site == PP_SITE_RESTART && pr->index < ne)
	slot = &pm->at_restart[pr->index];
      else if (pr->site == PP_SITE_BLOCK_END && pr->index < nv)
	slot = &pm->at_end[pr->index];
      else if (pr->site == PP_SITE_BLOCK_START && pr->index < nv)
	slot = &pm->at_start[pr->index];
      if (slot == NULL)
	continue;
      pm->duplicate_site |= *slot != NULL;
      *slot = pr;
    }
}

static void
probe_map_free (probe_map *pm)
{
  free (pm->at_edge);
  free (pm->at_restart);
  free (pm->at_end);
  free (pm->at_start);
  free (pm->real);
  free (pm->to_exit);
  free (pm->from_entry);
}

static void
run_probe (sim *s, const pp_probe *p)
{
  if (p != NULL)
    sim_ops (s, p->ops, p->num_ops);
}

/* Execute the probes of taking CFG edge C, as the plugin's code runs:
   the end of its source, the edge, the start of its destination.  */
static void
run_edge (sim *s, const pp_cfg *cfg, const probe_map *pm, uint32_t c)
{
  run_probe (s, pm->at_end[cfg->edges[c].src]);
  run_probe (s, pm->at_edge[c]);
  run_probe (s, pm->at_start[cfg->edges[c].dst]);
}

/* The call at the end of the current block jumps (its block-end code, if
   any, has run before the call: the worst case) and lands by restart edge
   C: R holds garbage, the restart probe runs.  Returns false if there is
   no restart probe.  */
static bool
run_jump (sim *s, const probe_map *pm, uint32_t from, uint32_t c)
{
  run_probe (s, pm->at_end[from]);
  sim_jump (s);
  if (pm->at_restart[c] == NULL)
    return false;
  run_probe (s, pm->at_restart[c]);
  return true;
}

/* ------------------------------------------------------------------ */
/* Properties of every plan.                                           */

enum
{
  P_STRUCT, P_COUNT, P_UNIQUE, P_REGEN, P_INC, P_TREE, P_OPS,
  P_RESTART_PATHS, P_MAY_NOT_RETURN, P_RESTART, P_PROBES, P_WALK,
  P_BACKEDGES, P_NUM
};

static const char *const property_name[P_NUM] = {
  "DAG structure (a RESTART_ENTRY dummy per restart edge, reachability "
  "from the receivers, grouping, Val order, counts)",
  "NumPaths(ENTRY) equals the number of DAG paths",
  "path numbers distinct and in 0..N-1",
  "regeneration inverts numbering",
  "chord Incs sum to the Val sum on every path (mod 2^64)",
  "spanning tree: spanning, forced edges in, maximum weight",
  "DAG-edge ops, R starting as garbage: one count at the path number",
  "paths after a jump (R garbage, restart SET): one count at the path "
  "number",
  "no count before the end of a block that may not return",
  "restart dummies: exactly one SET, at their PP_SITE_RESTART probe",
  "probes: every op once at the right site, no code on no_code or "
  "restart edges",
  "probe-level executions with jumps count exactly the completed paths",
  "pp_mark_backedges: no restart edge, every backedge on a cycle"
};

/* The DAG against the CFG.  */
static void
verify_structure (stats *st, const pp_cfg *cfg, const model *m,
		  const pp_plan *plan)
{
  uint32_t nv = m->nv, ne = m->ne;
  prop (st, P_STRUCT, plan->num_blocks == nv, "num_blocks %u, CFG has %u",
	plan->num_blocks, nv);
  for (uint32_t v = 0; v < nv; v++)
    prop (st, P_STRUCT, plan->reachable[v] == m->reach[v],
	  "reachable[%u] = %d", v, plan->reachable[v]);

  bool *seen_src = calloc (nv, sizeof (bool));
  uint32_t *count = calloc ((size_t) ne * 7 + 1, sizeof (uint32_t));
  uint32_t *noreturn = calloc (nv, sizeof (uint32_t));
  uint32_t nbe = 0, ncut = 0;
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *e = &plan->dag_edges[i];
      bool first = i == 0 || plan->dag_edges[i - 1].src != e->src;
      prop (st, P_STRUCT,
	    e->src < nv && e->dst < nv && m->reach[e->src] && m->reach[e->dst]
	      && (!first || !seen_src[e->src])
	      && (first ? e->val == 0 : e->val > plan->dag_edges[i - 1].val)
	      && e->num_ops <= 2,
	    "DAG edge %u (%u->%u, val %" PRIu64 ") breaks grouping/order", i,
	    e->src, e->dst, e->val);
      if (e->src >= nv || e->dst >= nv)
	continue;
      seen_src[e->src] = true;
      if (e->kind == PP_DAG_NORETURN_EXIT)
	{
	  prop (st, P_STRUCT,
		e->dst == PP_EXIT && e->cfg_edge == PP_NONE
		  && e->src != PP_EXIT && flow_outdeg (m, e->src) == 0,
		"bad noreturn dummy %u->%u", e->src, e->dst);
	  noreturn[e->src]++;
	  continue;
	}
      bool known = e->cfg_edge < ne && e->kind <= PP_DAG_RESTART_ENTRY;
      prop (st, P_STRUCT, known, "DAG edge %u: cfg_edge %u kind %u", i,
	    e->cfg_edge, e->kind);
      if (!known)
	continue;
      const pp_cfg_edge *ce = &cfg->edges[e->cfg_edge];
      bool back = (ce->flags & PP_CFG_BACKEDGE) != 0;
      bool restart = is_restart (cfg, e->cfg_edge);
      bool good;
      switch (e->kind)
	{
	case PP_DAG_REAL:
	  good = !back && !restart && e->src == ce->src && e->dst == ce->dst;
	  break;
	case PP_DAG_BACK_ENTRY:
	case PP_DAG_CUT_ENTRY:
	  good = !restart && back == (e->kind == PP_DAG_BACK_ENTRY)
		 && e->src == PP_ENTRY && e->dst == ce->dst;
	  break;
	case PP_DAG_RESTART_ENTRY:
	  good = restart && e->src == PP_ENTRY && e->dst == ce->dst;
	  break;
	default:
	  good = !restart && back == (e->kind == PP_DAG_BACK_EXIT)
		 && e->src == ce->src && e->dst == PP_EXIT;
	  nbe += e->kind == PP_DAG_BACK_EXIT;
	  ncut += e->kind == PP_DAG_CUT_EXIT;
	}
      prop (st, P_STRUCT, good, "DAG edge %u (%u->%u kind %u) vs CFG edge %u",
	    i, e->src, e->dst, e->kind, e->cfg_edge);
      count[e->cfg_edge * 7 + e->kind]++;
    }
  for (uint32_t c = 0; c < ne; c++)
    {
      uint32_t *k = &count[c * 7];
      uint32_t sum = k[0] + k[1] + k[2] + k[3] + k[4] + k[6];
      bool good;
      if (is_restart (cfg, c))
	good = k[6] == 1 && sum == 1;
      else if (!m->reach[cfg->edges[c].src])
	good = sum == 0;
      else
	good = sum == 2 - (k[0] == 1)
	       && (k[0] == 1 || (k[1] == 1 && k[2] == 1)
		   || (k[3] == 1 && k[4] == 1));
      prop (st, P_STRUCT, good, "CFG edge %u represented %u/%u/%u/%u/%u/%u",
	    c, k[0], k[1], k[2], k[3], k[4], k[6]);
    }
  for (uint32_t v = 0; v < nv; v++)
    if (v != PP_EXIT)
      prop (st, P_STRUCT,
	    noreturn[v] == (m->reach[v] && flow_outdeg (m, v) == 0),
	    "block %u has %u noreturn dummies", v, noreturn[v]);
  prop (st, P_STRUCT,
	nbe == plan->num_backedges && ncut == plan->num_cut_edges,
	"num_backedges %u (saw %u), num_cut_edges %u (saw %u)",
	plan->num_backedges, nbe, plan->num_cut_edges, ncut);
  free (seen_src);
  free (count);
  free (noreturn);
}

/* Everything about one DAG path (edge indices PATH[0..LEN)): number, Inc
   sum, simulated operations from a garbage R, regeneration.  */
static void
verify_path (stats *st, const pp_cfg *cfg, const pp_plan *plan,
	     const pp_regen *regen, const uint32_t *path, uint32_t len,
	     uint64_t *number_out)
{
  uint32_t count_at = UINT32_MAX, last_flagged = UINT32_MAX;
  uint64_t number = 0, inc_sum = 0;
  bool tree_inc_zero = true;
  sim s;
  sim_init (&s);
  for (uint32_t k = 0; k < len; k++)
    {
      const pp_dag_edge *e = &plan->dag_edges[path[k]];
      number += e->val;
      inc_sum += (uint64_t) e->inc;
      tree_inc_zero &= !e->on_tree || e->inc == 0;
      uint32_t before = s.num_counts;
      sim_ops (&s, e->ops, e->num_ops);
      if (s.num_counts != before)
	count_at = k;
      if (flagged (cfg, e->src))
	last_flagged = k;
    }
  if (last_flagged != UINT32_MAX)
    prop (st, P_MAY_NOT_RETURN,
	  count_at != UINT32_MAX && count_at >= last_flagged,
	  "a path is counted on its edge %u, before leaving block %u",
	  count_at, plan->dag_edges[path[last_flagged]].src);
  *number_out = number;
  prop (st, P_UNIQUE, number < plan->num_paths,
	"path number %" PRIu64 " >= N = %" PRIu64, number, plan->num_paths);
  prop (st, P_INC, inc_sum == number && tree_inc_zero,
	"path %" PRIu64 ": Inc sum %" PRIu64 "%s", number, inc_sum,
	tree_inc_zero ? "" : " (a tree edge has Inc != 0)");
  int p = len > 0 && plan->dag_edges[path[0]].kind == PP_DAG_RESTART_ENTRY
	    ? P_RESTART_PATHS
	    : P_OPS;
  prop (st, p, s.num_counts == 1 && s.last_count == number && !s.bad_read,
	"path %" PRIu64 ": expected one count at %" PRIu64 ", saw %u counts, "
	"last %" PRIu64 "%s",
	number, number, s.num_counts, s.last_count,
	s.bad_read ? ", R read before written" : "");
  uint32_t blen = 0;
  uint32_t *buf = malloc ((plan->num_blocks + 1) * sizeof (uint32_t));
  int rc = pp_regen_path (regen, number, buf, plan->num_blocks, &blen);
  bool same = rc == 0 && blen == len;
  for (uint32_t k = 0; same && k < len; k++)
    same = buf[k] == path[k];
  free (buf);
  prop (st, P_REGEN, same, "regenerating %" PRIu64 " gave rc %d, %u edges",
	number, rc, blen);
}

/* The tree key of a DAG edge as core/spantree.c documents it: class 0
   stuck real no_code edge, 1 dummy of a stuck no_code edge, 2 other
   no_code, 3 the rest (restart dummies included); then weight.  */
static void
tree_key_base (const pp_cfg *cfg, const model *m, const pp_dag_edge *e,
	       int *klass, double *weight)
{
  if (e->kind == PP_DAG_NORETURN_EXIT)
    {
      *klass = 3;
      *weight = m->block_weight[e->src];
      return;
    }
  const pp_cfg_edge *ce = &cfg->edges[e->cfg_edge];
  *weight = ce->weight;
  if (!(ce->flags & PP_CFG_NO_CODE) || e->kind == PP_DAG_RESTART_ENTRY)
    *klass = 3;
  else if (m->stuck[e->cfg_edge])
    *klass = e->kind == PP_DAG_REAL ? 0 : 1;
  else
    *klass = 2;
}

/* The key of tree_key_base, with free edges (test-plan.h) in a class
   4 of their own, taken last.  */
static void
tree_key (const pp_cfg *cfg, const model *m, const pp_plan *plan,
	  const pp_dag_edge *e, int *klass, double *weight)
{
  tree_key_base (cfg, m, e, klass, weight);
  if (*klass == 3
      && plan_edge_is_free (cfg, plan, (uint32_t) (e - plan->dag_edges)))
    *klass = 4;
}

static uint32_t
uf_find (uint32_t *parent, uint32_t v)
{
  while (parent[v] != v)
    v = parent[v] = parent[parent[v]];
  return v;
}

/* Tree edges plus EXIT-ENTRY form a spanning tree of the reachable
   blocks; forced edges are in unless they close a cycle of forced edges;
   on small graphs, the cycle property of maximum spanning trees.  */
static void
verify_tree (stats *st, const pp_cfg *cfg, const model *m,
	     const pp_plan *plan)
{
  uint32_t nv = plan->num_blocks, nreach = 0, ntree = 0;
  uint32_t *parent = malloc (nv * sizeof (uint32_t));
  uint32_t *forced = malloc (nv * sizeof (uint32_t));
  bool acyclic = true;
  for (uint32_t v = 0; v < nv; v++)
    {
      parent[v] = forced[v] = v;
      nreach += plan->reachable[v];
    }
  parent[PP_EXIT] = forced[PP_EXIT] = PP_ENTRY;
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *e = &plan->dag_edges[i];
      if (!e->on_tree)
	continue;
      ntree++;
      uint32_t a = uf_find (parent, e->src), b = uf_find (parent, e->dst);
      acyclic &= a != b;
      parent[a] = b;
      int klass;
      double w;
      tree_key (cfg, m, plan, e, &klass, &w);
      if (klass <= 2)
	forced[uf_find (forced, e->src)] = uf_find (forced, e->dst);
    }
  prop (st, P_TREE, acyclic && ntree + 2 == nreach,
	"%u tree edges for %u reachable blocks%s", ntree, nreach,
	acyclic ? "" : ", with a cycle");
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *e = &plan->dag_edges[i];
      int klass;
      double w;
      tree_key (cfg, m, plan, e, &klass, &w);
      if (!e->on_tree && klass <= 2)
	prop (st, P_TREE, uf_find (forced, e->src) == uf_find (forced, e->dst),
	      "no_code edge %u (%u->%u) is a chord but could be in the tree",
	      e->cfg_edge, e->src, e->dst);
    }
  if (nv <= 200 && acyclic)
    {
      /* Root the tree at ENTRY; EXIT hangs off it (via UINT32_MAX).  */
      uint32_t *via = malloc (nv * sizeof (uint32_t));
      uint32_t *up = malloc (nv * sizeof (uint32_t));
      uint32_t *depth = calloc (nv, sizeof (uint32_t));
      uint32_t *queue = malloc (nv * sizeof (uint32_t));
      bool *seen = calloc (nv, sizeof (bool));
      uint32_t head = 0, tail = 0;
      queue[tail++] = PP_ENTRY;
      seen[PP_ENTRY] = seen[PP_EXIT] = true;
      up[PP_ENTRY] = PP_ENTRY;
      via[PP_ENTRY] = via[PP_EXIT] = UINT32_MAX;
      up[PP_EXIT] = PP_ENTRY;
      depth[PP_EXIT] = 1;
      queue[tail++] = PP_EXIT;
      while (head < tail)
	{
	  uint32_t v = queue[head++];
	  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
	    {
	      const pp_dag_edge *e = &plan->dag_edges[i];
	      if (!e->on_tree || (e->src != v && e->dst != v))
		continue;
	      uint32_t o = e->src == v ? e->dst : e->src;
	      if (seen[o])
		continue;
	      seen[o] = true;
	      up[o] = v;
	      via[o] = i;
	      depth[o] = depth[v] + 1;
	      queue[tail++] = o;
	    }
	}
      for (uint32_t i = 0; i < plan->num_dag_edges; i++)
	{
	  const pp_dag_edge *c = &plan->dag_edges[i];
	  if (c->on_tree)
	    continue;
	  int ck;
	  double cw;
	  tree_key (cfg, m, plan, c, &ck, &cw);
	  uint32_t a = c->src, b = c->dst;
	  bool ok = seen[a] && seen[b];
	  while (ok && a != b)
	    {
	      uint32_t *x = depth[a] >= depth[b] ? &a : &b;
	      if (via[*x] != UINT32_MAX)
		{
		  int tk;
		  double tw;
		  tree_key (cfg, m, plan, &plan->dag_edges[via[*x]], &tk, &tw);
		  ok = !(tk > ck || (tk == ck && tw < cw));
		}
	      *x = up[*x];
	    }
	  prop (st, P_TREE, ok,
		"chord %u->%u (weight %g) is better than a tree edge on its "
		"cycle",
		c->src, c->dst, cw);
	}
      free (via);
      free (up);
      free (depth);
      free (queue);
      free (seen);
    }
  free (parent);
  free (forced);
}

/* The operations of the DAG edges standing for CFG edge C, in probe
   order: the REAL edge's, or the X_EXIT dummy's then the X_ENTRY's (or
   the RESTART_ENTRY dummy's).  */
static uint32_t
cfg_edge_ops (const pp_plan *plan, const probe_map *pm, uint32_t c,
	      pp_op *ops)
{
  uint32_t n = 0, parts[3] = { pm->real[c], pm->to_exit[c],
			       pm->from_entry[c] };
  for (int k = 0; k < 3; k++)
    if (parts[k] != UINT32_MAX)
      for (uint32_t j = 0; j < plan->dag_edges[parts[k]].num_ops; j++)
	ops[n++] = plan->dag_edges[parts[k]].ops[j];
  return n;
}

static bool
ops_equal (const pp_op *a, uint32_t na, const pp_op *b, uint32_t nb)
{
  if (na != nb)
    return false;
  for (uint32_t k = 0; k < na; k++)
    if (a[k].kind != b[k].kind || a[k].value != b[k].value)
      return false;
  return true;
}

/* Every probe at an allowed, unique site, with exactly the operations of
   what it stands for; every source of operations has its probe; restart
   dummies have exactly one SET, at their PP_SITE_RESTART probe.  */
static void
verify_probes (stats *st, const pp_cfg *cfg, const model *m,
	       const pp_plan *plan, const probe_map *pm)
{
  uint32_t nv = m->nv, ne = m->ne;
  prop (st, P_PROBES, !pm->duplicate_site, "two probes at one site");
  for (uint32_t i = 0; i < plan->num_probes; i++)
    {
      const pp_probe *pr = &plan->probes[i];
      pp_op want[8];
      uint32_t nwant = 0, b = pr->index;
      bool good = pr->num_ops > 0 && pr->num_ops <= 4;
      if (pr->site == PP_SITE_EDGE && b < ne)
	{
	  good &= !(cfg->edges[b].flags & (PP_CFG_NO_CODE | PP_CFG_RESTART));
	  nwant = cfg_edge_ops (plan, pm, b, want);
	}
      else if (pr->site == PP_SITE_RESTART && b < ne)
	{
	  good &= is_restart (cfg, b);
	  nwant = cfg_edge_ops (plan, pm, b, want);
	}
      else if (pr->site == PP_SITE_BLOCK_END && b < nv && b != PP_ENTRY
	       && b != PP_EXIT)
	{
	  if (flow_outdeg (m, b) == 0)
	    {
	      uint32_t nr = find_noreturn (plan, b);
	      good &= nr != UINT32_MAX;
	      if (nr != UINT32_MAX)
		{
		  nwant = plan->dag_edges[nr].num_ops;
		  memcpy (want, plan->dag_edges[nr].ops,
			  nwant * sizeof (pp_op));
		}
	    }
	  else
	    {
	      uint32_t c = m->flist[m->fstart[b]], d = cfg->edges[c].dst;
	      good &= m->outdeg[b] == 1
		      && (cfg->edges[c].flags & PP_CFG_NO_CODE) != 0
		      && (!flagged (cfg, b) || d == PP_EXIT
			  || m->indeg[d] != 1);
	      nwant = cfg_edge_ops (plan, pm, c, want);
	    }
	}
      else if (pr->site == PP_SITE_BLOCK_START && b < nv && b != PP_ENTRY
	       && b != PP_EXIT)
	{
	  /* Its one in-edge, no_code and not a restart edge: so never a
	     receiver, where the code would also run after the jump.  */
	  uint32_t c = UINT32_MAX;
	  for (uint32_t k = 0; k < ne; k++)
	    if (cfg->edges[k].dst == b)
	      c = k;
	  good &= m->indeg[b] == 1 && !m->receiver[b] && c != UINT32_MAX
		  && (cfg->edges[c].flags & PP_CFG_NO_CODE)
		  && !is_restart (cfg, c);
	  if (good)
	    {
	      uint32_t a = cfg->edges[c].src;
	      good &= a == PP_ENTRY || m->outdeg[a] != 1 || flagged (cfg, a);
	      nwant = cfg_edge_ops (plan, pm, c, want);
	    }
	}
      else
	good = false;
      good &= ops_equal (pr->ops, pr->num_ops, want, nwant);
      prop (st, P_PROBES, good, "probe %u (site %u index %u, %u ops)", i,
	    pr->site, pr->index, pr->num_ops);
    }
  uint32_t sources = 0;
  for (uint32_t c = 0; c < ne; c++)
    {
      pp_op ops[8];
      sources += cfg_edge_ops (plan, pm, c, ops) > 0;
    }
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    sources += plan->dag_edges[i].kind == PP_DAG_NORETURN_EXIT
	       && plan->dag_edges[i].num_ops > 0;
  prop (st, P_PROBES, sources == plan->num_probes,
	"%u sites need code, %u probes", sources, plan->num_probes);

  for (uint32_t k = 0; k < m->nrestart; k++)
    {
      uint32_t c = m->restart[k], d = pm->from_entry[c];
      const pp_dag_edge *e = d != UINT32_MAX ? &plan->dag_edges[d] : NULL;
      const pp_probe *pr = pm->at_restart[c];
      prop (st, P_RESTART,
	    e != NULL && e->kind == PP_DAG_RESTART_ENTRY && e->num_ops == 1
	      && e->ops[0].kind == PP_OP_SET && pr != NULL
	      && pr->site == PP_SITE_RESTART
	      && ops_equal (pr->ops, pr->num_ops, e->ops, e->num_ops),
	    "restart edge %u (%u->%u): dummy with %u ops (first kind %u), "
	    "%s restart probe",
	    c, cfg->edges[c].src, cfg->edges[c].dst, e ? e->num_ops : 0,
	    e && e->num_ops ? e->ops[0].kind : 0, pr ? "a" : "no");
    }
}

/* One execution of the probes in program order: a random walk of the CFG
   from ENTRY, where a call (a block of CALL, which may be NULL if there
   is none, or the dispatcher itself when its in-edges are kept)
   sometimes jumps to a random receiver.  The counts must be exactly the
   paths completed, in order: a path cut short by a jump is lost; one
   that ends at a call that does not return (a call to longjmp itself)
   is counted there.  Returns the number of jumps made.  */
static uint32_t
verify_one_walk (stats *st, const pp_cfg *cfg, const model *m,
		 const pp_plan *plan, const probe_map *pm,
		 const uint32_t *dstart, const bool *call, uint64_t *rng,
		 uint32_t budget)
{
  enum { MAXLOG = 4096 };
  uint64_t expected[MAXLOG], logged[MAXLOG];
  uint32_t nexp = 0, steps = 0, last_dst = PP_NONE, jumps = 0;
  uint64_t sum = 0;
  uint32_t v = PP_ENTRY;
  bool stop = false, no_restart_probe = false;
  sim s;
  sim_init (&s);
  s.log = logged;
  s.log_cap = MAXLOG;
  for (;;)
    {
      if (v == PP_EXIT)
	{
	  expected[nexp++] = sum;
	  break;
	}
      if (nexp >= MAXLOG - 2)
	stop = true;
      uint32_t deg = flow_outdeg (m, v);
      /* Restart edges a jump from V may take: any, from a call; V's own,
	 from a reachable dispatcher.  */
      uint32_t choices = 0, own = 0;
      for (uint32_t k = 0; k < m->nrestart; k++)
	own += cfg->edges[m->restart[k]].src == v;
      bool at_call = call != NULL && call[v];
      choices = at_call ? m->nrestart : own;
      /* Not where the block-end code counts before the call: that is the
	 imprecision doc/algorithm.md documents (an abnormal edge's count
	 with no other place), not a restart matter.  */
      bool jump = !stop && choices > 0
		  && (deg == 0 ? rng_below (rng, 3) != 0
			       : rng_below (rng, 4) == 0
				   && !has_count (pm->at_end[v]));
      if (deg == 0)
	{
	  /* A call that does not return: its probe runs before it.  */
	  run_probe (&s, pm->at_end[v]);
	  uint32_t nr = find_noreturn (plan, v);
	  expected[nexp++] = sum + (nr != UINT32_MAX ? plan->dag_edges[nr].val
						     : 0);
	  if (!jump)
	    break;
	}
      if (jump)
	{
	  uint32_t pick = rng_below (rng, choices), c = PP_NONE;
	  for (uint32_t k = 0; k < m->nrestart && c == PP_NONE; k++)
	    if (at_call || cfg->edges[m->restart[k]].src == v)
	      {
		if (pick == 0)
		  c = m->restart[k];
		else
		  pick--;
	      }
	  /* The path in progress is lost (unless it just ended at a
	     noreturn call, counted above).  */
	  if (!run_jump (&s, pm, deg == 0 ? PP_EXIT : v, c))
	    {
	      no_restart_probe = true;
	      break;
	    }
	  jumps++;
	  sum = plan->dag_edges[pm->from_entry[c]].val;
	  v = cfg->edges[c].dst;
	  if (++steps >= budget)
	    stop = true;
	  continue;
	}
      uint32_t c = m->flist[m->fstart[v] + rng_below (rng, deg)];
      uint32_t dst = cfg->edges[c].dst;
      run_edge (&s, cfg, pm, c);
      if (pm->real[c] != UINT32_MAX)
	sum += plan->dag_edges[pm->real[c]].val;
      else
	{
	  /* A backedge or cut edge: a path ends, the next starts.  */
	  expected[nexp++] = sum + plan->dag_edges[pm->to_exit[c]].val;
	  sum = plan->dag_edges[pm->from_entry[c]].val;
	  if (stop && dst != PP_EXIT)
	    {
	      last_dst = dst;
	      break;
	    }
	}
      v = dst;
      if (++steps >= budget)
	stop = true;
    }
  /* Stopped just after a backedge: Figure 8 may have counted the next
     path already if the rest of it is determined.  */
  if (s.log_len == nexp + 1 && last_dst != PP_NONE)
    {
      uint32_t u = last_dst, guard = 0;
      uint64_t completion = sum;
      while (u != PP_EXIT && guard++ < m->nv && dstart[u + 1] - dstart[u] == 1)
	{
	  completion += plan->dag_edges[dstart[u]].val;
	  u = plan->dag_edges[dstart[u]].dst;
	}
      if (u == PP_EXIT)
	expected[nexp++] = completion;
    }
  bool same = s.log_len == nexp && !s.bad_read && !no_restart_probe;
  for (uint32_t k = 0; same && k < nexp; k++)
    same = logged[k] == expected[k];
  prop (st, P_WALK, same,
	"execution of %u steps, %u jumps: %u paths expected, %u counts%s%s; "
	"first path %" PRIu64 ", first count %" PRIu64,
	steps, jumps, nexp, s.log_len,
	s.bad_read ? ", R read before written" : "",
	no_restart_probe ? ", a restart edge without probe" : "",
	nexp ? expected[0] : 0, s.log_len ? logged[0] : 0);
  return jumps;
}

/* Every property of PLAN built from CFG, whose calls that may longjmp
   are CALL (NULL if none).  Paths are enumerated when there are at most
   ENUM_LIMIT, else SAMPLES random ones are checked.  Returns the number
   of jumps the NUM_WALKS probe-level executions made.  */
static uint64_t
verify_plan (stats *st, const pp_cfg *cfg, const bool *call,
	     const pp_plan *plan, uint64_t *rng, uint64_t enum_limit,
	     uint32_t samples, uint32_t num_walks)
{
  model m;
  model_build (cfg, &m);
  uint32_t nv = m.nv;
  verify_structure (st, cfg, &m, plan);
  uint64_t *np = calloc (nv, sizeof (uint64_t));
  bool acyclic = plan->num_blocks == nv && count_paths (plan, np);
  prop (st, P_COUNT, acyclic && np[PP_ENTRY] == plan->num_paths,
	"DAG has %" PRIu64 " paths, plan says %" PRIu64 "%s", np[PP_ENTRY],
	plan->num_paths, acyclic ? "" : " (cycle)");
  free (np);
  if (!acyclic)
    {
      model_free (&m);
      return 0;
    }

  uint32_t ne = plan->num_dag_edges;
  uint32_t *src = malloc ((ne + 1) * sizeof (uint32_t));
  uint32_t *dst = malloc ((ne + 1) * sizeof (uint32_t));
  uint64_t *val = malloc ((ne + 1) * sizeof (uint64_t));
  for (uint32_t i = 0; i < ne; i++)
    {
      src[i] = plan->dag_edges[i].src;
      dst[i] = plan->dag_edges[i].dst;
      val[i] = plan->dag_edges[i].val;
    }
  char err[200];
  pp_regen *regen = pp_regen_new (nv, ne, src, dst, val, err, sizeof err);
  prop (st, P_REGEN, regen != NULL, "pp_regen_new: %s", err);
  free (src);
  free (dst);
  free (val);
  uint32_t *dstart = dag_start (plan);
  uint32_t *path = malloc ((nv + 1) * sizeof (uint32_t));
  uint32_t *pos = malloc ((nv + 1) * sizeof (uint32_t));
  if (regen != NULL && plan->num_paths <= enum_limit)
    {
      /* All paths, by an explicit-stack DFS over the DAG.  */
      uint8_t *hit = calloc (plan->num_paths + 1, 1);
      uint64_t npaths = 0;
      bool distinct = true;
      uint32_t len = 0, v = PP_ENTRY;
      pos[0] = dstart[PP_ENTRY];
      for (;;)
	{
	  if (v == PP_EXIT)
	    {
	      uint64_t number;
	      verify_path (st, cfg, plan, regen, path, len, &number);
	      npaths++;
	      if (number < plan->num_paths)
		{
		  distinct &= !hit[number];
		  hit[number] = 1;
		}
	      len--;
	      v = plan->dag_edges[path[len]].src;
	      continue;
	    }
	  if (pos[len] == dstart[v + 1])
	    {
	      if (len == 0)
		break;
	      len--;
	      v = plan->dag_edges[path[len]].src;
	      continue;
	    }
	  if (len >= nv)
	    break;
	  path[len] = pos[len]++;
	  v = plan->dag_edges[path[len]].dst;
	  len++;
	  pos[len] = dstart[v];
	}
      prop (st, P_UNIQUE, distinct && npaths == plan->num_paths,
	    "%" PRIu64 " paths enumerated, N = %" PRIu64 "%s", npaths,
	    plan->num_paths, distinct ? "" : ", duplicate numbers");
      free (hit);
    }
  else if (regen != NULL)
    {
      /* Random DAG paths, half of them from a restart dummy if any.  */
      uint32_t nrestart_dummies = 0;
      for (uint32_t p = dstart[PP_ENTRY]; p < dstart[PP_ENTRY + 1]; p++)
	nrestart_dummies += plan->dag_edges[p].kind == PP_DAG_RESTART_ENTRY;
      for (uint32_t k = 0; k < samples; k++)
	{
	  uint32_t len = 0, v = PP_ENTRY;
	  bool from_restart = nrestart_dummies > 0 && (k & 1);
	  while (v != PP_EXIT && len < nv)
	    {
	      uint32_t deg = dstart[v + 1] - dstart[v];
	      uint32_t pick = dstart[v] + rng_below (rng, deg);
	      if (v == PP_ENTRY && from_restart)
		while (plan->dag_edges[pick].kind != PP_DAG_RESTART_ENTRY)
		  pick = dstart[v] + rng_below (rng, deg);
	      path[len] = pick;
	      v = plan->dag_edges[pick].dst;
	      len++;
	    }
	  uint64_t number;
	  verify_path (st, cfg, plan, regen, path, len, &number);
	}
    }
  free (path);
  free (pos);
  pp_regen_free (regen);

  verify_tree (st, cfg, &m, plan);
  probe_map pm;
  probe_map_build (cfg, plan, &pm);
  verify_probes (st, cfg, &m, plan, &pm);
  uint64_t jumps = 0;
  for (uint32_t k = 0; k < num_walks; k++)
    jumps += verify_one_walk (st, cfg, &m, plan, &pm, dstart, call, rng,
			      3 * nv + 10);
  probe_map_free (&pm);
  free (dstart);
  model_free (&m);
  return jumps;
}

/* Backedges chosen by pp_mark_backedges: never a restart edge, and each
   u->v on a cycle (v reaches u without restart edges); without no_code
   edges, on a cycle of non-backedges (a DFS back edge).  */
static void
verify_backedges (stats *st, const pp_cfg *cfg)
{
  uint32_t nv = cfg->num_blocks, ne = cfg->num_edges;
  bool any_no_code = false;
  for (uint32_t i = 0; i < ne; i++)
    any_no_code |= (cfg->edges[i].flags & PP_CFG_NO_CODE)
		   && !is_restart (cfg, i);
  bool *seen = malloc (nv * sizeof (bool));
  uint32_t *queue = malloc (nv * sizeof (uint32_t));
  for (uint32_t b = 0; b < ne; b++)
    {
      const pp_cfg_edge *be = &cfg->edges[b];
      if (!(be->flags & PP_CFG_BACKEDGE))
	continue;
      memset (seen, 0, nv * sizeof (bool));
      uint32_t head = 0, tail = 0;
      seen[be->dst] = true;
      queue[tail++] = be->dst;
      while (head < tail && !seen[be->src])
	{
	  uint32_t v = queue[head++];
	  for (uint32_t i = 0; i < ne; i++)
	    {
	      const pp_cfg_edge *e = &cfg->edges[i];
	      if (e->src == v && !seen[e->dst] && !is_restart (cfg, i)
		  && (any_no_code || !(e->flags & PP_CFG_BACKEDGE)))
		{
		  seen[e->dst] = true;
		  queue[tail++] = e->dst;
		}
	    }
	}
      prop (st, P_BACKEDGES, seen[be->src] && !is_restart (cfg, b),
	    "backedge %u (%u->%u)%s closes no cycle%s", b, be->src, be->dst,
	    is_restart (cfg, b) ? ", a restart edge," : "",
	    any_no_code ? "" : " of non-backedges");
    }
  free (seen);
  free (queue);
}

/* Plan G optimised and naive, check every property of both and that they
   number paths alike; report under NAME.  Leaves the optimised plan in
   PLAN; returns 0 if both were built.  */
static int
fixture (const char *name, tcfg *g, pp_plan *plan)
{
  char err[300];
  pp_options opts = { 0, false };
  pp_plan naive;
  stats st;
  uint64_t rng = 12345;
  stats_init (&st, property_name, P_NUM, verbose, name);
  verify_backedges (&st, &g->cfg);
  int rc = pp_plan_build (&g->cfg, &opts, plan, err, sizeof err);
  check (rc == 0, check_name ("%s: pp_plan_build", name),
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc != 0)
    return -1;
  verify_plan (&st, &g->cfg, g->longjmp_calls, plan, &rng, 5000, 500, 50);
  opts.naive = true;
  rc = pp_plan_build (&g->cfg, &opts, &naive, err, sizeof err);
  check (rc == 0, check_name ("%s: pp_plan_build (naive)", name),
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc != 0)
    {
      pp_plan_free (plan);
      return -1;
    }
  verify_plan (&st, &g->cfg, g->longjmp_calls, &naive, &rng, 5000, 500, 50);
  bool same = naive.num_paths == plan->num_paths
	      && naive.num_dag_edges == plan->num_dag_edges;
  for (uint32_t i = 0; same && i < naive.num_dag_edges; i++)
    same = naive.dag_edges[i].val == plan->dag_edges[i].val
	   && naive.dag_edges[i].kind == plan->dag_edges[i].kind
	   && naive.dag_edges[i].dst == plan->dag_edges[i].dst;
  check (same,
	 check_name ("%s: naive and optimised plans number paths alike", name),
	 "expected the same DAG and Val, saw %" PRIu64 " and %" PRIu64
	 " paths", naive.num_paths, plan->num_paths);
  pp_plan_free (&naive);
  report_stats (name, &st, REPORT_CHECKED);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Part 1: fixtures.                                                   */

/* A step of a scripted execution: take CFG edge N, or JUMP (N): the call
   in the current block longjmps (or its nested function jumps) and lands
   by restart edge N.  */
#define JUMP(n) (UINT32_C (0x80000000) | (n))

/* Execute STEPS[0..N) from ENTRY with the probes of PLAN; write the
   counts into LOG (capacity CAP) and return their number, or UINT32_MAX
   if the script does not follow the CFG, R is read before it is written,
   or a restart probe is missing.  */
static uint32_t
run_script (const pp_cfg *cfg, const pp_plan *plan, const uint32_t *steps,
	    uint32_t n, uint64_t *log, uint32_t cap)
{
  probe_map pm;
  sim s;
  uint32_t v = PP_ENTRY, result = UINT32_MAX;
  probe_map_build (cfg, plan, &pm);
  sim_init (&s);
  s.log = log;
  s.log_cap = cap;
  for (uint32_t k = 0; k < n; k++)
    {
      uint32_t c = steps[k] & ~JUMP (0);
      if (c >= cfg->num_edges)
	goto out;
      if (steps[k] & JUMP (0))
	{
	  if (!is_restart (cfg, c) || !run_jump (&s, &pm, v, c))
	    goto out;
	}
      else
	{
	  if (cfg->edges[c].src != v || is_restart (cfg, c))
	    goto out;
	  run_edge (&s, cfg, &pm, c);
	}
      v = cfg->edges[c].dst;
    }
  if (v != PP_EXIT || s.bad_read)
    goto out;
  result = s.log_len;
out:
  probe_map_free (&pm);
  return result;
}

/* Check that the scripted execution STEPS counts exactly WANT.  */
static void
check_script (const char *what, const pp_cfg *cfg, const pp_plan *plan,
	      const uint32_t *steps, uint32_t n, const uint64_t *want,
	      uint32_t nwant)
{
  uint64_t log[16];
  char saw[200] = "", *p = saw;
  uint32_t len = run_script (cfg, plan, steps, n, log, 16);
  bool ok = len == nwant;
  for (uint32_t k = 0; len != UINT32_MAX && k < len && k < 16; k++)
    {
      ok &= log[k] == want[k];
      p += snprintf (p, saw + sizeof saw - p, " %" PRIu64, log[k]);
    }
  check (ok, what, "expected %u counts, saw %s%s", nwant,
	 len == UINT32_MAX ? "a failed execution" : "", saw);
}

/* The ops of the DAG edge standing for CFG edge C with KIND.  */
static const pp_dag_edge *
dag_edge_of (const pp_plan *plan, uint32_t kind, uint32_t c)
{
  uint32_t i = find_dag_edge (plan, kind, c);
  return i == UINT32_MAX ? NULL : &plan->dag_edges[i];
}

/* Whether E does exactly one SET, and its value if so.  */
static bool
one_set (const pp_dag_edge *e, uint64_t *value)
{
  if (e == NULL || e->num_ops != 1 || e->ops[0].kind != PP_OP_SET)
    return false;
  if (value != NULL)
    *value = e->ops[0].value;
  return true;
}

/* setjmp, then a loop whose body calls a function that may longjmp:

     ENTRY -> 2 -> S=3 -> 5 -> H=6 -> 7 -> 6 (backedge) | 6 -> EXIT
     D=4 -> 3 (restart), no edge into D

   Block 7 holds the call (PP_BLOCK_MAY_NOT_RETURN).  CFG edges, in order:
   e0 ENTRY->2, e1 2->3, e2 3->5, e3 5->6, e4 6->7, e5 7->6, e6 6->EXIT,
   e7 4->3.  DAG: ENTRY->2 (id 0), 2->3, 3->5, 5->6, 6->7, 7->EXIT (back,
   id 5), ENTRY->6 (back, id 6), 6->EXIT (id 7), ENTRY->3 (restart, id 8).
   NumPaths: 6 and 7->EXIT give 1 each, so 6 has 2, and so do 5, 3, 2;
   ENTRY has three successors of 2 paths each: N = 6.  ENTRY's out-edges
   by id: ENTRY->2 Val 0, ENTRY->6 Val 2, ENTRY->3 Val 4; at 6, 6->7
   Val 0, 6->EXIT Val 1.  Paths:
     0  ENTRY 2 3 5 6 7 (backedge)     1  ENTRY 2 3 5 6 EXIT
     2  after the backedge: 6 7 (backedge)   3  after it: 6 EXIT
     4  after the jump: 3 5 6 7 (backedge)   5  after it: 3 5 6 EXIT
   With KEEP_DISPATCHER, the call's edge 7->D (e8, abnormal) is kept, as
   another caller might: D becomes reachable and gets a noreturn dummy
   (whose count never runs: D never does), the backedges must not change.
   7 then has 2 paths (7->EXIT Val 0, 7->D Val 1), 6 has 3 (6->EXIT Val 0,
   6->7 Val 1), ENTRY 9 (Vals 0, 3, 6 for ENTRY->2, ->6, ->3): the path
   ENTRY 2 3 5 6 7 (backedge) is 1, after the backedge 6 EXIT is 3, after
   the jump 3 5 6 EXIT is 6 and 3 5 6 7 (backedge) is 7.  */
static void
test_setjmp_loop (bool keep_dispatcher, double restart_weight)
{
  const char *name = check_name ("setjmp loop%s, restart weight %g",
				 keep_dispatcher ? ", dispatcher kept" : "",
				 restart_weight);
  char fixture_name[100];
  snprintf (fixture_name, sizeof fixture_name, "%s", name);
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 8);
  tcfg_add (&g, PP_ENTRY, 2, 0, 10);			/* e0 */
  tcfg_add (&g, 2, 3, 0, 10);				/* e1 */
  tcfg_add (&g, 3, 5, 0, 12);				/* e2 */
  tcfg_add (&g, 5, 6, 0, 12);				/* e3 */
  tcfg_add (&g, 6, 7, 0, 100);				/* e4 */
  tcfg_add (&g, 7, 6, 0, 98);				/* e5 */
  tcfg_add (&g, 6, PP_EXIT, 0, 10);			/* e6 */
  uint32_t restart
    = tcfg_add (&g, 4, 3, PP_CFG_RESTART | PP_CFG_NO_CODE, restart_weight);
  if (keep_dispatcher)
    tcfg_add (&g, 7, 4, PP_CFG_NO_CODE, 2);		/* e8 */
  tcfg_longjmp_call (&g, 7);
  uint32_t nback = pp_mark_backedges (&g.cfg);
  check (nback == 1 && (g.cfg.edges[5].flags & PP_CFG_BACKEDGE)
	   && !(g.cfg.edges[restart].flags & PP_CFG_BACKEDGE),
	 check_name ("%s: the one backedge is 7->6", fixture_name),
	 "expected 1 backedge, e5; saw %u", nback);
  if (fixture (fixture_name, &g, &plan) != 0)
    {
      tcfg_free (&g);
      return;
    }
  /* Path numbers: [0] entry to the backedge, [1] backedge to EXIT,
     [2] jump to EXIT, [3] jump to the backedge.  */
  const uint64_t *num = keep_dispatcher ? (const uint64_t[]){ 1, 3, 6, 7 }
					: (const uint64_t[]){ 0, 3, 5, 4 };
  check_u64 (check_name ("%s: num_paths", fixture_name),
	     keep_dispatcher ? 9 : 6, plan.num_paths);
  const pp_dag_edge *dummy
    = dag_edge_of (&plan, PP_DAG_RESTART_ENTRY, restart);
  uint64_t set_value = 0;
  check (dummy != NULL && dummy->src == PP_ENTRY && dummy->dst == 3
	   && dummy->val == (keep_dispatcher ? 6 : 4)
	   && one_set (dummy, &set_value),
	 check_name ("%s: restart dummy ENTRY->3, Val %d, one SET",
		     fixture_name, keep_dispatcher ? 6 : 4),
	 "expected it, saw %s, Val %" PRIu64 ", %u ops",
	 dummy ? "one" : "none", dummy ? dummy->val : 0,
	 dummy ? dummy->num_ops : 0);
  uint32_t restart_probes = 0;
  for (uint32_t i = 0; i < plan.num_probes; i++)
    if (plan.probes[i].site == PP_SITE_RESTART)
      {
	restart_probes++;
	check (plan.probes[i].index == restart && plan.probes[i].num_ops == 1
		 && plan.probes[i].ops[0].kind == PP_OP_SET
		 && plan.probes[i].ops[0].value == set_value,
	       check_name ("%s: PP_SITE_RESTART probe of edge %u: R = %"
			   PRIu64, fixture_name, restart, set_value),
	       "expected it, saw index %u, %u ops", plan.probes[i].index,
	       plan.probes[i].num_ops);
      }
  check_u64 (check_name ("%s: one restart probe", fixture_name), 1,
	     restart_probes);
  check (find_noreturn (&plan, 4) != UINT32_MAX || !keep_dispatcher,
	 check_name ("%s: %s", fixture_name,
		     keep_dispatcher ? "the kept dispatcher gets a noreturn "
				       "dummy"
				     : "the dispatcher is unreachable"),
	 "expected it");
  check (plan.reachable[4] == keep_dispatcher,
	 check_name ("%s: reachable[D] = %d", fixture_name, keep_dispatcher),
	 "saw %d", plan.reachable[4]);

  /* Normal run: one iteration, then leave the loop.  */
  static const uint32_t normal[] = { 0, 1, 2, 3, 4, 5, 6 };
  uint64_t normal_counts[] = { num[0], num[1] };
  check_script (check_name ("%s: normal run counts paths %" PRIu64 " and %"
			    PRIu64, fixture_name, num[0], num[1]),
		&g.cfg, &plan, normal, 7, normal_counts, 2);
  /* The call in 7 longjmps on the first iteration: the path is lost; the
     jump lands at S, and S 5 6 EXIT is counted.  */
  static const uint32_t jump[] = { 0, 1, 2, 3, 4, JUMP (7), 2, 3, 6 };
  uint64_t jump_counts[] = { num[2] };
  check_script (check_name ("%s: longjmp in the first iteration counts "
			    "only path %" PRIu64, fixture_name, num[2]),
		&g.cfg, &plan, jump, 9, jump_counts, 1);
  /* One iteration completes, the second longjmps (the path started by
     the backedge is lost), then S 5 6 EXIT.  */
  static const uint32_t later[] = { 0, 1, 2, 3, 4, 5, 4, JUMP (7), 2, 3, 6 };
  uint64_t later_counts[] = { num[0], num[2] };
  check_script (check_name ("%s: longjmp in the second iteration counts "
			    "paths %" PRIu64 " and %" PRIu64, fixture_name,
			    num[0], num[2]),
		&g.cfg, &plan, later, 11, later_counts, 2);
  /* Two longjmps in a row (the path after the first jump is lost too),
     then an iteration after the jump, and the exit after the backedge.  */
  static const uint32_t twice[]
    = { 0, 1, 2, 3, 4, JUMP (7), 2, 3, 4, JUMP (7), 2, 3, 4, 5, 6 };
  uint64_t twice_counts[] = { num[3], num[1] };
  check_script (check_name ("%s: two longjmps, then an iteration, count "
			    "paths %" PRIu64 " and %" PRIu64, fixture_name,
			    num[3], num[1]),
		&g.cfg, &plan, twice, 15, twice_counts, 2);
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* A nonlocal label L, the target of a goto in a nested function called
   in block C:

     ENTRY -> A=2 -> C=3 -> EXIT,  A -> L=4 -> M=5 -> EXIT,  D=6 -> L

   L has one normal predecessor (A) besides its restart dummy, and a
   straight chain L->M->EXIT.  Weights put L->M and M->EXIT in the tree,
   so that without the restart L would be absorbing and Figure 8 would
   fold the count of the paths from L onto the dummy.  CFG edges: e0
   ENTRY->A, e1 A->C, e2 A->L, e3 C->EXIT, e4 L->M, e5 M->EXIT, e6 D->L.
   With ONLY_JUMP, A->L is dropped: L is reached only by the jump, its
   single DAG predecessor is the dummy, which a heavy restart edge puts
   in the tree (then SET 0; without the exclusion from K, no SET at all).
   Paths: ENTRY A C EXIT, ENTRY A L M EXIT (not with ONLY_JUMP), restart
   L M EXIT.  A restart dummy is a free edge (it carries its SET as a
   chord or a tree edge), taken last for the tree: to put a heavy one in
   the tree, M gets a call that may not return, so that M->EXIT is free
   too and L and M hang off ENTRY and EXIT by free edges only, of which
   the dummy is the heaviest.  */
static void
test_nonlocal_label (bool only_jump, double restart_weight)
{
  char name[100];
  snprintf (name, sizeof name, "nonlocal label%s, restart weight %g",
	    only_jump ? " reached only by the jump" : "", restart_weight);
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 7);
  tcfg_add (&g, PP_ENTRY, 2, 0, 10);				/* e0 */
  tcfg_add (&g, 2, 3, 0, 5);					/* e1 */
  tcfg_add (&g, 2, only_jump ? PP_EXIT : 4, 0, 5);		/* e2 */
  tcfg_add (&g, 3, PP_EXIT, 0, 5);				/* e3 */
  tcfg_add (&g, 4, 5, 0, 50);					/* e4 */
  tcfg_add (&g, 5, PP_EXIT, 0, 50);				/* e5 */
  uint32_t restart
    = tcfg_add (&g, 6, 4, PP_CFG_RESTART | PP_CFG_NO_CODE, restart_weight);
  tcfg_longjmp_call (&g, 3);
  bool heavy = restart_weight > 50;
  if (heavy)
    tcfg_flag_block (&g, 5, PP_BLOCK_MAY_NOT_RETURN);
  pp_mark_backedges (&g.cfg);
  if (fixture (name, &g, &plan) != 0)
    {
      tcfg_free (&g);
      return;
    }
  check_u64 (check_name ("%s: num_paths", name), 3, plan.num_paths);
  const pp_dag_edge *dummy
    = dag_edge_of (&plan, PP_DAG_RESTART_ENTRY, restart);
  const pp_dag_edge *lm = real_dag_edge (&plan, 4);
  const pp_dag_edge *mx = real_dag_edge (&plan, 5);
  /* The premise: the chain after L is all tree, or L's single DAG
     predecessor is a tree edge.  */
  check (dummy && lm && mx
	   && (heavy ? dummy->on_tree : lm->on_tree && mx->on_tree),
	 check_name ("%s: %s", name,
		     heavy ? "the restart dummy is a tree edge"
			   : "L->M and M->EXIT are tree edges"),
	 "expected it, saw dummy %s, L->M %s, M->EXIT %s",
	 dummy && dummy->on_tree ? "tree" : "chord",
	 lm && lm->on_tree ? "tree" : "chord",
	 mx && mx->on_tree ? "tree" : "chord");
  uint64_t value = 0;
  bool set = one_set (dummy, &value);
  check (set && (!dummy->on_tree || value == 0),
	 check_name ("%s: the restart dummy does R = %s, nothing else", name,
		     dummy && dummy->on_tree ? "0" : "Inc"),
	 "expected one SET, saw %u ops, first kind %u",
	 dummy ? dummy->num_ops : 0,
	 dummy && dummy->num_ops ? dummy->ops[0].kind : 0);
  /* Counts: the path through L and M after the jump.  */
  uint64_t restart_path = dummy ? dummy->val : 0;
  restart_path += (lm ? lm->val : 0) + (mx ? mx->val : 0);
  uint32_t jump[] = { 0, 1, JUMP (restart), 4, 5 };
  uint64_t want_jump[] = { restart_path };
  check_script (check_name ("%s: a goto from the nested function counts "
			    "the path from L, %" PRIu64, name, restart_path),
		&g.cfg, &plan, jump, 5, want_jump, 1);
  if (!only_jump)
    {
      const pp_dag_edge *al = real_dag_edge (&plan, 2);
      uint64_t through = (al ? al->val : 0) + restart_path
			 - (dummy ? dummy->val : 0);
      const pp_dag_edge *ea = real_dag_edge (&plan, 0);
      through += ea ? ea->val : 0;
      uint32_t normal[] = { 0, 2, 4, 5 };
      uint64_t want_normal[] = { through };
      check_script (check_name ("%s: falling into L counts path %" PRIu64,
				name, through),
		    &g.cfg, &plan, normal, 4, want_normal, 1);
    }
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* A nonlocal label reached only by the jump, followed by a loop:

     ENTRY -> A=2 -> EXIT;  D=6 -> L=3 -> H=4 -> B=5 -> H;  H -> EXIT

   A search from ENTRY alone never sees the loop H<->B; pp_mark_backedges
   must search from L too and mark B->H, or planning would find a cycle.
   The body B calls a function that may longjmp back to L.  CFG edges:
   e0 ENTRY->A, e1 A->EXIT, e2 D->L, e3 L->H, e4 H->B, e5 B->H,
   e6 H->EXIT.  */
static void
test_label_then_loop (void)
{
  const char *name = "nonlocal label, then a loop";
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 7);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  tcfg_add (&g, 2, PP_EXIT, 0, 1);
  tcfg_add (&g, 6, 3, PP_CFG_RESTART, 1);
  tcfg_add (&g, 3, 4, 0, 1);
  tcfg_add (&g, 4, 5, 0, 10);
  tcfg_add (&g, 5, 4, 0, 9);
  tcfg_add (&g, 4, PP_EXIT, 0, 1);
  tcfg_longjmp_call (&g, 5);
  uint32_t nback = pp_mark_backedges (&g.cfg);
  check (nback == 1 && (g.cfg.edges[5].flags & PP_CFG_BACKEDGE),
	 check_name ("%s: pp_mark_backedges marks B->H", name),
	 "expected 1 backedge, e5; saw %u, e5 flags 0x%x", nback,
	 (unsigned) g.cfg.edges[5].flags);
  if (fixture (name, &g, &plan) == 0)
    {
      /* ENTRY A EXIT; after the jump: L H EXIT, L H B (backedge); after
	 the backedge: H EXIT, H B (backedge).  */
      check_u64 (check_name ("%s: num_paths", name), 5, plan.num_paths);
      check (plan.reachable[3] && plan.reachable[4] && plan.reachable[5]
	       && !plan.reachable[6],
	     check_name ("%s: L, H, B reachable through the jump, D not",
			 name),
	     "expected it");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* CFGs to refuse, with a message; and pp_mark_backedges leaving restart
   edges alone even on a cycle through a reachable dispatcher.  */
static void
test_refusals (void)
{
  static const struct
  {
    const char *what;
    uint32_t src, dst, flags;
    const char *part;
  } bad[] = {
    { "a restart edge marked a backedge", 4, 3,
      PP_CFG_RESTART | PP_CFG_BACKEDGE, "is marked a backedge" },
    { "a restart edge out of ENTRY", PP_ENTRY, 3, PP_CFG_RESTART,
      "leaves ENTRY" },
    { "a restart edge into EXIT", 4, PP_EXIT, PP_CFG_RESTART,
      "enters EXIT" },
    { "an unknown edge flag", 4, 3, PP_CFG_RESTART << 1, "unknown flags" },
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      tcfg g;
      pp_plan plan;
      char err[300];
      tcfg_init (&g, 5);
      tcfg_add (&g, PP_ENTRY, 2, 0, 1);
      tcfg_add (&g, 2, 3, 0, 1);
      tcfg_add (&g, 3, PP_EXIT, 0, 1);
      tcfg_add (&g, bad[k].src, bad[k].dst, bad[k].flags, 1);
      int rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
      check (rc == -1 && strstr (err, bad[k].part) != NULL
	       && plan.num_dag_edges == 0,
	     check_name ("refused: %s", bad[k].what),
	     "expected -1 and \"%s\", saw %d \"%s\"", bad[k].part, rc,
	     rc ? err : "");
      pp_plan_free (&plan);
      tcfg_free (&g);
    }

  /* S -> C -> D (kept) -> S is a cycle only through the restart edge:
     no backedge at all.  */
  tcfg g;
  pp_plan plan;
  char err[300];
  tcfg_init (&g, 5);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  tcfg_add (&g, 2, 3, 0, 1);
  tcfg_add (&g, 3, PP_EXIT, 0, 1);
  tcfg_add (&g, 3, 4, PP_CFG_NO_CODE, 1);
  tcfg_add (&g, 4, 2, PP_CFG_RESTART | PP_CFG_NO_CODE, 1);
  tcfg_longjmp_call (&g, 3);
  uint32_t nback = pp_mark_backedges (&g.cfg);
  int rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (nback == 0 && rc == 0,
	 "a cycle only through a restart edge needs no backedge",
	 "expected 0 backedges and a plan, saw %u and %d (%s)", nback, rc,
	 rc ? err : "");
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* ------------------------------------------------------------------ */
/* Part 2: random CFGs with a dispatcher.                              */

typedef struct random_totals
{
  uint32_t graphs, plans, refused, with_dispatcher, kept_dispatcher,
    jump_only_receivers, with_cuts, with_backedges, caller_backedges;
  uint64_t restart_paths;
  uint64_t jumps;  /* made by probe-level executions */
} random_totals;

/* Generate the random CFG of SEED into G from the pieces of test-core's
   generator (test-cfg.h: a spanning structure, extra edges of every
   sort, abnormal edges, weights, sometimes a small path limit and
   backedges from a random block order), plus calls that may longjmp in
   random blocks and, in most graphs, an abnormal dispatcher D (the last
   block) with restart edges to one to three random receivers; usually
   without edges into D, in a tenth of them with an abnormal edge from
   every call.  */
static void
random_restart_cfg (uint64_t seed, tcfg *g, uint64_t *max_paths,
		    bool *caller_set, random_totals *t)
{
  uint64_t rng = seed * UINT64_C (0x9E3779B97F4A7C15) + 7;
  uint32_t nv = random_cfg_size (&rng, seed);
  bool dispatcher = rng_below (&rng, 100) < 85;
  bool keep = dispatcher && rng_below (&rng, 10) == 0;
  uint32_t nc_percent = (uint32_t[]){ 0, 0, 0, 3, 6, 12 }[rng_below (&rng, 6)];
  uint32_t weight_mode = rng_below (&rng, 3);
  tcfg_init (g, nv + dispatcher);
  random_cfg_edges (&rng, g, nv, 90);
  if (nv <= 2)
    dispatcher = keep = false;

  /* Calls that may longjmp, then the dispatcher's edges.  */
  for (uint32_t b = 2; b < nv; b++)
    if (rng_below (&rng, 100) < 25)
      tcfg_longjmp_call (g, b);
  if (dispatcher)
    {
      uint32_t d = nv, receivers = 1 + rng_below (&rng, 3);
      for (uint32_t k = 0; k < receivers; k++)
	{
	  uint32_t r = 2 + rng_below (&rng, nv - 2);
	  uint32_t flags = PP_CFG_RESTART;
	  if (rng_below (&rng, 3) != 0)
	    flags |= PP_CFG_NO_CODE;
	  tcfg_add (g, d, r, flags, 0);
	  /* Now and then two edges to one receiver.  */
	  if (rng_below (&rng, 15) == 0)
	    tcfg_add (g, d, r, flags, 0);
	}
      if (keep)
	for (uint32_t b = 2; b < nv; b++)
	  if (tcfg_is_longjmp_call (g, b))
	    tcfg_add (g, b, d, PP_CFG_NO_CODE, 0);
    }
  random_cfg_edge_flags (&rng, g, nc_percent, false, weight_mode);
  *max_paths = random_path_limit (&rng);
  *caller_set = random_cfg_backedges (&rng, g);
  t->with_dispatcher += dispatcher;
  t->kept_dispatcher += keep;
}

/* Whether a failure to plan is legitimate: it names a stuck no_code edge
   ("... (edge N) must carry code ...").  */
static bool
names_stuck_edge (const pp_cfg *cfg, const char *err)
{
  const char *at = strstr (err, "(edge ");
  if (at == NULL || strstr (err, "abnormal edge") == NULL)
    return false;
  unsigned long named = strtoul (at + 6, NULL, 10);
  if (named >= cfg->num_edges)
    return false;
  model m;
  model_build (cfg, &m);
  bool stuck = m.stuck[named];
  model_free (&m);
  return stuck;
}

/* Plan COUNT random CFGs from FIRST_SEED, optimised and naive, check
   every property; REPORT prints aggregated lines (a rerun of given seeds
   prints failures only).  */
static void
run_random (const char *label, uint64_t first_seed, uint32_t count,
	    bool report_all)
{
  stats st;
  random_totals t;
  char context[80], first_unexpected[400] = "";
  uint32_t unexpected = 0;
  stats_init (&st, property_name, P_NUM, verbose, NULL);
  memset (&t, 0, sizeof t);
  clock_t t0 = clock ();
  for (uint64_t seed = first_seed; seed < first_seed + count; seed++)
    {
      tcfg g;
      uint64_t max_paths;
      bool caller_set;
      random_restart_cfg (seed, &g, &max_paths, &caller_set, &t);
      t.graphs++;
      t.caller_backedges += caller_set;
      snprintf (context, sizeof context, "seed %" PRIu64, seed);
      st.context = context;
      if (!caller_set)
	verify_backedges (&st, &g.cfg);
      model m;
      model_build (&g.cfg, &m);
      bool *by_flow = calloc (m.nv, sizeof (bool));
      for (uint32_t v = 0; v < m.nv; v++)
	by_flow[v] = v == PP_ENTRY;
      /* Receivers that only a jump reaches: reachability from ENTRY
	 alone, by fixpoint (small graphs).  */
      for (bool changed = true; changed && m.nv <= 100;)
	{
	  changed = false;
	  for (uint32_t p = 0; p < m.fstart[m.nv]; p++)
	    {
	      const pp_cfg_edge *e = &g.cfg.edges[m.flist[p]];
	      if (by_flow[e->src] && !by_flow[e->dst])
		changed = by_flow[e->dst] = true;
	    }
	}
      for (uint32_t k = 0; k < m.nrestart && m.nv <= 100; k++)
	if (!by_flow[g.cfg.edges[m.restart[k]].dst])
	  {
	    t.jump_only_receivers++;
	    break;
	  }
      free (by_flow);
      model_free (&m);
      for (int naive = 0; naive < 2; naive++)
	{
	  pp_options opts = { max_paths, naive != 0 };
	  pp_plan plan;
	  char err[300];
	  snprintf (context, sizeof context, "seed %" PRIu64 "%s", seed,
		    naive ? " (naive)" : "");
	  st.context = context;
	  if (pp_plan_build (&g.cfg, &opts, &plan, err, sizeof err) != 0)
	    {
	      if (names_stuck_edge (&g.cfg, err))
		t.refused++;
	      else
		{
		  unexpected++;
		  if (first_unexpected[0] == '\0')
		    snprintf (first_unexpected, sizeof first_unexpected,
			      "%s: %s", context, err);
		  if (verbose)
		    fprintf (stderr, "  [%s] %s\n", context, err);
		}
	      continue;
	    }
	  t.plans++;
	  if (!naive)
	    {
	      t.with_cuts += plan.num_cut_edges > 0;
	      t.with_backedges += plan.num_backedges > 0;
	    }
	  uint64_t before = st.checked[P_RESTART_PATHS];
	  uint64_t rng = seed ^ UINT64_C (0x5A5A5A5A);
	  t.jumps += verify_plan (&st, &g.cfg, g.longjmp_calls, &plan, &rng,
				  2000, 150, 6);
	  t.restart_paths += st.checked[P_RESTART_PATHS] - before;
	  pp_plan_free (&plan);
	}
      tcfg_free (&g);
    }
  double secs = (double) (clock () - t0) / CLOCKS_PER_SEC;
  if (report_all)
    printf ("%s: %u graphs (%u with a dispatcher, %u of them with its "
	    "in-edges kept; %u with a receiver only a jump reaches; %u with "
	    "backedges from a random order), %u plans in %.1f s; %u with "
	    "backedges, %u with cuts; %" PRIu64 " paths after a jump checked, "
	    "%" PRIu64 " jumps executed; %u plans refused for stuck no_code "
	    "edges\n",
	    label, t.graphs, t.with_dispatcher, t.kept_dispatcher,
	    t.jump_only_receivers, t.caller_backedges, t.plans, secs,
	    t.with_backedges, t.with_cuts, t.restart_paths, t.jumps,
	    t.refused);
  check (unexpected == 0,
	 check_name ("%s: planning fails only for stuck no_code edges",
		     label),
	 "expected 0 other failures, saw %u%s%s", unexpected,
	 unexpected ? "; first: " : "", first_unexpected);
  if (report_all)
    check (t.with_dispatcher * 10 > t.graphs * 7 && t.kept_dispatcher > 0
	     && t.jump_only_receivers > 0 && t.restart_paths > t.graphs
	     && t.jumps > t.graphs && t.with_cuts * 20 > t.graphs
	     && t.with_backedges * 2 > t.graphs,
	   check_name ("%s: the sample covers dispatchers, kept ones, "
		       "receivers only a jump reaches, paths after jumps, "
		       "jumps, cuts and loops", label),
	   "expected each, saw %u, %u, %u, %" PRIu64 ", %" PRIu64 ", %u, %u "
	   "of %u graphs", t.with_dispatcher, t.kept_dispatcher,
	   t.jump_only_receivers, t.restart_paths, t.jumps, t.with_cuts,
	   t.with_backedges, t.graphs);
  report_stats (label, &st, report_all ? REPORT_ALL : REPORT_FAILED);
}

int
main (int argc, char **argv)
{
  unit_test_init ();
  if (argc > 1)
    {
      /* Rerun random graphs: test-restart SEED [COUNT].  */
      verbose = true;
      uint64_t seed = strtoull (argv[1], NULL, 0);
      uint32_t count = argc > 2 ? (uint32_t) strtoul (argv[2], NULL, 0) : 1;
      run_random ("random CFGs with restarts", seed, count, false);
      return unit_test_report ();
    }
  test_setjmp_loop (false, 1);
  test_setjmp_loop (false, 1000);
  test_setjmp_loop (true, 1);
  test_nonlocal_label (false, 1);
  test_nonlocal_label (false, 1000);
  test_nonlocal_label (true, 1);
  test_nonlocal_label (true, 1000);
  test_label_then_loop ();
  test_refusals ();
  run_random ("random CFGs with restarts", 1, 6000, true);
  run_random ("large random CFGs with restarts", LARGE_SEEDS, 300, true);
  return unit_test_report ();
}
