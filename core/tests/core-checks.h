/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The checks of a plan (core/ppcore.h) that the core's unit tests share:
   test-core.c (plain CFGs), test-restart.c (restart edges) and
   test-early.c (early-exit calls), and test-weights.c's comparison of
   two numberings.  One copy of each, written for the most general CFG
   the tests build; on a CFG without restart edges or calls it checks
   what a copy made for that CFG would.

   - The test's own view of a CFG (model) and an index of a plan's DAG
     edges and probes (plan_index), both computed without the core.
   - DAG paths: counted (dag_path_counts), enumerated (dag_paths) or
     drawn at random (random_dag_path); a plan's regenerator
     (plan_regen); whether two plans number alike (same_numbering).
   - Executing probes in program order: test-sim.h's register, plus
     jumps to a restart edge's receiver (run_edge, run_jump).
   - The properties of a plan of test-core.c and test-restart.c
     (check_plan and its parts: verify_structure, verify_dag_path,
     verify_tree, verify_probes, verify_one_walk, verify_starts,
     verify_start_path), pp_mark_backedges' choice (verify_backedges),
     legitimate refusals (names_stuck_edge).
   - Path starts (pp_plan.starts), as the sampled mode uses them: each
     start's probe is its end ops followed by its start ops
     (verify_starts), and a path run from its start ops, without the
     start ops of the next path at its end, counts its number
     (verify_start_path); test-early.c uses both too.

   Each test file names its own properties (test-props.h); a check_props
   says under which of them each shared check is reported.  */

#ifndef PATHPROF_CORE_CHECKS_H
#define PATHPROF_CORE_CHECKS_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppcore.h"
#include "test-plan.h"
#include "test-props.h"
#include "test-random.h"
#include "test-sim.h"

/* The properties of the including file (indices of its property_name)
   that the checks of check_plan report under.  A file whose CFGs have
   no restart edges names another property for RESTART_PATHS and
   RESTART: they are never checked there.  */
typedef struct check_props
{
  int structure;       /* DAG against the CFG */
  int count;           /* NumPaths(ENTRY) against the test's count */
  int unique;          /* path numbers distinct and in 0..N-1 */
  int regen;           /* regeneration inverts numbering */
  int inc;             /* chord increments sum to the Val sum */
  int tree;            /* the spanning tree */
  int ops;             /* DAG-edge ops from a garbage R: one count */
  int restart_paths;   /* the same, on paths from a restart dummy */
  int may_not_return;  /* no count before leaving such a block */
  int restart;         /* restart dummies: one SET at their probe */
  int probes;          /* every op once at an allowed site */
  int walk;            /* probe-level executions count the paths */
  int backedges;       /* pp_mark_backedges' backedges */
  int starts;          /* path starts: their probes and their paths */
} check_props;

/* ------------------------------------------------------------------ */
/* The test's own view of a CFG.                                       */

typedef struct model
{
  uint32_t nv, ne;
  uint32_t *outdeg, *indeg;  /* every CFG edge */
  uint32_t *fstart, *flist;  /* successors over flow (non-restart)
				edges, in index order */
  uint32_t *cstart, *clist;  /* early-exit calls by block, in index
				order */
  bool *reach;               /* over flow edges, from ENTRY and the
				receivers */
  bool *receiver;            /* destination of a restart edge */
  bool *stuck;               /* [ne] no_code, not restart, no place */
  double *block_weight;      /* sum of the CFG in-edges' weights */
  uint32_t nrestart;
  uint32_t *restart;         /* ids of the restart edges */
} model;

/* Whether CFG edge C is a restart edge.  */
static bool __attribute__ ((unused))
is_restart (const pp_cfg *cfg, uint32_t c)
{
  return (cfg->edges[c].flags & PP_CFG_RESTART) != 0;
}

/* Whether block B is flagged PP_BLOCK_MAY_NOT_RETURN.  */
static bool __attribute__ ((unused))
may_not_return (const pp_cfg *cfg, uint32_t b)
{
  return cfg->block_flags != NULL
	 && (cfg->block_flags[b] & PP_BLOCK_MAY_NOT_RETURN) != 0;
}

/* Fill M from CFG.  */
static void __attribute__ ((unused))
model_build (const pp_cfg *cfg, model *m)
{
  uint32_t nv = cfg->num_blocks, ne = cfg->num_edges;
  m->nv = nv;
  m->ne = ne;
  m->outdeg = calloc (nv, sizeof (uint32_t));
  m->indeg = calloc (nv, sizeof (uint32_t));
  m->fstart = calloc (nv + 1, sizeof (uint32_t));
  m->flist = calloc (ne + 1, sizeof (uint32_t));
  m->cstart = calloc (nv + 1, sizeof (uint32_t));
  m->clist = calloc (cfg->num_calls + 1, sizeof (uint32_t));
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
  for (uint32_t i = 0; i < cfg->num_calls; i++)
    m->cstart[cfg->call_blocks[i] + 1]++;
  for (uint32_t v = 0; v < nv; v++)
    m->cstart[v + 1] += m->cstart[v];
  memcpy (cur, m->cstart, nv * sizeof (uint32_t));
  for (uint32_t i = 0; i < cfg->num_calls; i++)
    m->clist[cur[cfg->call_blocks[i]]++] = i;
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

/* Release M.  */
static void __attribute__ ((unused))
model_free (model *m)
{
  free (m->outdeg);
  free (m->indeg);
  free (m->fstart);
  free (m->flist);
  free (m->cstart);
  free (m->clist);
  free (m->reach);
  free (m->receiver);
  free (m->stuck);
  free (m->block_weight);
  free (m->restart);
}

/* The number of flow successors of V.  */
static uint32_t __attribute__ ((unused))
flow_outdeg (const model *m, uint32_t v)
{
  return m->fstart[v + 1] - m->fstart[v];
}

/* ------------------------------------------------------------------ */
/* Reading plans: DAG edges by role, probes by site.                   */

/* Out-edges of v in PLAN's DAG (grouped by source, as verify_structure
   checks): start[v] .. start[v + 1] - 1, in an array to free; NULL if
   memory runs out.  */
static uint32_t *__attribute__ ((unused))
dag_start (const pp_plan *plan)
{
  uint32_t *start = calloc ((size_t) plan->num_blocks + 1, sizeof (uint32_t));
  if (start == NULL)
    return NULL;
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    start[plan->dag_edges[i].src + 1]++;
  for (uint32_t v = 0; v < plan->num_blocks; v++)
    start[v + 1] += start[v];
  return start;
}

typedef struct plan_index
{
  uint32_t *real, *to_exit, *from_entry;  /* [num_edges] DAG edge or NONE */
  uint32_t *exit_dummy;                   /* [nv] noreturn/unwind dummy */
  uint32_t *early;                        /* [num_calls] EARLY_EXIT dummy */
  uint32_t *dag_start;                    /* [nv + 1] out-edges by src */
  const pp_probe **at_edge, **at_end, **at_start, **at_call, **at_restart;
  bool dup_site;  /* two probes at one site, or one at no site */
  /* [num_dag_edges] the pp_start whose dag_edge it is, and [num_edges]
     the pp_start of the CFG edge; NULL where none.  */
  const pp_start **start_of_dag, **start_of_cfg;
  bool bad_start;  /* a start naming no DAG or CFG edge, or a shared one */
} plan_index;

/* Fill X from PLAN of CFG (whose blocks it must have).  */
static void __attribute__ ((unused))
plan_index_build (const pp_cfg *cfg, const pp_plan *plan, plan_index *x)
{
  uint32_t nv = cfg->num_blocks, ne = cfg->num_edges, nc = cfg->num_calls;
  x->real = malloc ((ne + 1) * sizeof (uint32_t));
  x->to_exit = malloc ((ne + 1) * sizeof (uint32_t));
  x->from_entry = malloc ((ne + 1) * sizeof (uint32_t));
  x->exit_dummy = malloc (nv * sizeof (uint32_t));
  x->early = malloc ((nc + 1) * sizeof (uint32_t));
  x->dag_start = dag_start (plan);
  x->at_edge = calloc (ne + 1, sizeof (pp_probe *));
  x->at_restart = calloc (ne + 1, sizeof (pp_probe *));
  x->at_end = calloc (nv, sizeof (pp_probe *));
  x->at_start = calloc (nv, sizeof (pp_probe *));
  x->at_call = calloc (nc + 1, sizeof (pp_probe *));
  x->start_of_dag = calloc (plan->num_dag_edges + 1, sizeof (pp_start *));
  x->start_of_cfg = calloc (ne + 1, sizeof (pp_start *));
  x->dup_site = false;
  x->bad_start = false;
  for (uint32_t k = 0; k < plan->num_starts; k++)
    {
      const pp_start *s = &plan->starts[k];
      if (s->dag_edge >= plan->num_dag_edges || s->cfg_edge >= ne
	  || x->start_of_dag[s->dag_edge] != NULL
	  || x->start_of_cfg[s->cfg_edge] != NULL)
	{
	  x->bad_start = true;
	  continue;
	}
      x->start_of_dag[s->dag_edge] = s;
      x->start_of_cfg[s->cfg_edge] = s;
    }
  for (uint32_t c = 0; c < ne; c++)
    x->real[c] = x->to_exit[c] = x->from_entry[c] = PP_NONE;
  for (uint32_t v = 0; v < nv; v++)
    x->exit_dummy[v] = PP_NONE;
  for (uint32_t i = 0; i < nc; i++)
    x->early[i] = PP_NONE;
  for (uint32_t k = 0; k < plan->num_dag_edges; k++)
    {
      const pp_dag_edge *e = &plan->dag_edges[k];
      bool edge = e->cfg_edge < ne;
      switch (e->kind)
	{
	case PP_DAG_REAL:
	  if (edge)
	    x->real[e->cfg_edge] = k;
	  break;
	case PP_DAG_BACK_EXIT:
	case PP_DAG_CUT_EXIT:
	  if (edge)
	    x->to_exit[e->cfg_edge] = k;
	  break;
	case PP_DAG_BACK_ENTRY:
	case PP_DAG_CUT_ENTRY:
	case PP_DAG_RESTART_ENTRY:
	  if (edge)
	    x->from_entry[e->cfg_edge] = k;
	  break;
	case PP_DAG_NORETURN_EXIT:
	case PP_DAG_UNWIND_EXIT:
	  x->exit_dummy[e->src] = k;
	  break;
	case PP_DAG_EARLY_EXIT:
	  if (e->call < nc)
	    x->early[e->call] = k;
	  break;
	}
    }
  for (uint32_t k = 0; k < plan->num_probes; k++)
    {
      const pp_probe *p = &plan->probes[k];
      const pp_probe **slot = NULL;
      switch (p->site)
	{
	case PP_SITE_EDGE:
	  slot = p->index < ne ? &x->at_edge[p->index] : NULL;
	  break;
	case PP_SITE_BLOCK_END:
	  slot = p->index < nv ? &x->at_end[p->index] : NULL;
	  break;
	case PP_SITE_BLOCK_START:
	  slot = p->index < nv ? &x->at_start[p->index] : NULL;
	  break;
	case PP_SITE_RESTART:
	  slot = p->index < ne ? &x->at_restart[p->index] : NULL;
	  break;
	case PP_SITE_CALL:
	  slot = p->index < nc ? &x->at_call[p->index] : NULL;
	  break;
	}
      if (slot == NULL || *slot != NULL)
	x->dup_site = true;
      else
	*slot = p;
    }
}

/* Release X.  */
static void __attribute__ ((unused))
plan_index_free (plan_index *x)
{
  free (x->real);
  free (x->to_exit);
  free (x->from_entry);
  free (x->exit_dummy);
  free (x->early);
  free (x->dag_start);
  free (x->at_edge);
  free (x->at_restart);
  free (x->at_end);
  free (x->at_start);
  free (x->at_call);
  free (x->start_of_dag);
  free (x->start_of_cfg);
}

/* The number of DAG paths from ENTRY to every vertex (into PREFIX,
   unless NULL) and from every vertex to EXIT (into SUFFIX), saturating,
   over PLAN's DAG (out-edges by source: START) in a topological order
   of the test's own.  False if the DAG has a cycle or memory runs
   out.  */
static bool __attribute__ ((unused))
dag_path_counts (const pp_plan *plan, const uint32_t *start,
		 uint64_t *prefix, uint64_t *suffix)
{
  uint32_t nv = plan->num_blocks;
  uint32_t *indeg = calloc (nv, sizeof (uint32_t));
  uint32_t *order = calloc (nv, sizeof (uint32_t));
  if (indeg == NULL || order == NULL)
    {
      free (indeg);
      free (order);
      return false;
    }
  for (uint32_t k = 0; k < plan->num_dag_edges; k++)
    indeg[plan->dag_edges[k].dst]++;
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
  if (prefix != NULL)
    {
      memset (prefix, 0, nv * sizeof (uint64_t));
      prefix[PP_ENTRY] = 1;
    }
  for (uint32_t i = 0; prefix != NULL && ok && i < nv; i++)
    {
      uint32_t v = order[i];
      for (uint32_t p = start[v]; p < start[v + 1]; p++)
	{
	  uint64_t *d = &prefix[plan->dag_edges[p].dst];
	  *d = *d > UINT64_MAX - prefix[v] ? UINT64_MAX : *d + prefix[v];
	}
    }
  memset (suffix, 0, nv * sizeof (uint64_t));
  for (uint32_t i = nv; ok && i-- > 0;)
    {
      uint32_t v = order[i];
      uint64_t sum = v == PP_EXIT;
      for (uint32_t p = start[v]; p < start[v + 1]; p++)
	{
	  uint64_t a = suffix[plan->dag_edges[p].dst];
	  sum = sum > UINT64_MAX - a ? UINT64_MAX : sum + a;
	}
      suffix[v] = sum;
    }
  free (indeg);
  free (order);
  return ok;
}

/* NumPaths of every vertex of PLAN's DAG into NP (dag_path_counts).  */
static bool __attribute__ ((unused))
count_paths (const pp_plan *plan, uint64_t *np)
{
  uint32_t *start = dag_start (plan);
  bool ok = start != NULL && dag_path_counts (plan, start, NULL, np);
  free (start);
  return ok;
}

/* The operations of the DAG edges standing for CFG edge C, in probe
   order: the REAL edge's, or the X_EXIT dummy's then the X_ENTRY's (or
   the RESTART_ENTRY dummy's).  Returns their number, written into OPS
   (room for 8).  */
static uint32_t __attribute__ ((unused))
cfg_edge_ops (const pp_plan *plan, const plan_index *x, uint32_t c,
	      pp_op *ops)
{
  uint32_t n = 0, parts[3] = { x->real[c], x->to_exit[c], x->from_entry[c] };
  for (int k = 0; k < 3; k++)
    if (parts[k] != PP_NONE)
      for (uint32_t j = 0; j < plan->dag_edges[parts[k]].num_ops; j++)
	ops[n++] = plan->dag_edges[parts[k]].ops[j];
  return n;
}

/* The operations executed when control takes CFG edge C from its source
   to its destination: the end of the source, the edge, the start of the
   destination (a relocated edge's code is at one of the blocks, which
   then has C as its only successor or predecessor).  Returns their
   number, written into OPS (room for 12).  */
static uint32_t __attribute__ ((unused))
edge_ops (const pp_cfg *cfg, const plan_index *x, uint32_t c, pp_op *ops)
{
  const pp_probe *parts[3] = { x->at_end[cfg->edges[c].src], x->at_edge[c],
			       x->at_start[cfg->edges[c].dst] };
  uint32_t n = 0;
  for (int k = 0; k < 3; k++)
    if (parts[k] != NULL)
      for (uint32_t j = 0; j < parts[k]->num_ops; j++)
	ops[n++] = parts[k]->ops[j];
  return n;
}

/* Whether two operation sequences are the same.  */
static bool __attribute__ ((unused))
ops_equal (const pp_op *a, uint32_t na, const pp_op *b, uint32_t nb)
{
  if (na != nb)
    return false;
  for (uint32_t k = 0; k < na; k++)
    if (a[k].kind != b[k].kind || a[k].value != b[k].value)
      return false;
  return true;
}

/* Whether plans A and B number paths alike: the same N and the same
   DAG edges (endpoints, kind, CFG edge, call) with the same Val.  */
static bool __attribute__ ((unused))
same_numbering (const pp_plan *a, const pp_plan *b)
{
  bool same = a->num_paths == b->num_paths
	      && a->num_dag_edges == b->num_dag_edges;
  for (uint32_t k = 0; same && k < a->num_dag_edges; k++)
    {
      const pp_dag_edge *x = &a->dag_edges[k], *y = &b->dag_edges[k];
      same = x->src == y->src && x->dst == y->dst && x->kind == y->kind
	     && x->cfg_edge == y->cfg_edge && x->call == y->call
	     && x->val == y->val;
    }
  return same;
}

/* The regenerator of PLAN's DAG, built from its edges as pathprof-dump
   builds it from a file; with APART, the early exits numbered apart
   (pp_options.apart_exits).  NULL, with ERR, if refused.  */
static pp_regen *__attribute__ ((unused))
plan_regen (const pp_plan *plan, bool apart, char *err, size_t errlen)
{
  uint32_t ne = plan->num_dag_edges;
  uint32_t *src = malloc ((ne + 1) * sizeof (uint32_t));
  uint32_t *dst = malloc ((ne + 1) * sizeof (uint32_t));
  uint64_t *val = malloc ((ne + 1) * sizeof (uint64_t));
  bool *early = calloc (ne + 1, sizeof (bool));
  for (uint32_t k = 0; k < ne; k++)
    {
      src[k] = plan->dag_edges[k].src;
      dst[k] = plan->dag_edges[k].dst;
      val[k] = plan->dag_edges[k].val;
      early[k] = plan->dag_edges[k].kind == PP_DAG_EARLY_EXIT;
    }
  pp_regen *regen = pp_regen_new_apart (plan->num_blocks, ne, src, dst, val,
					apart ? early : NULL, err, errlen);
  free (src);
  free (dst);
  free (val);
  free (early);
  return regen;
}

/* ------------------------------------------------------------------ */
/* DAG paths, every one or at random.                                  */

/* Depth-first enumeration of the paths of PLAN's DAG from ENTRY to
   EXIT, in out-edge order:
       dag_paths w;
       dag_paths_init (&w, plan, x.dag_start, path, pos);
       while (dag_paths_next (&w))
	 ... w.path[0 .. w.len) ...
   PATH and POS have room for num_blocks + 1.  */
typedef struct dag_paths
{
  const pp_plan *plan;
  const uint32_t *start;  /* out-edges of v: start[v] .. start[v + 1] - 1 */
  uint32_t *path;         /* the DAG edges of the current path */
  uint32_t *pos;          /* [d]: the next out-edge to take at depth d */
  uint32_t len, v;        /* the path's length and last vertex */
} dag_paths;

static void __attribute__ ((unused))
dag_paths_init (dag_paths *w, const pp_plan *plan, const uint32_t *start,
		uint32_t *path, uint32_t *pos)
{
  w->plan = plan;
  w->start = start;
  w->path = path;
  w->pos = pos;
  w->len = 0;
  w->v = PP_ENTRY;
  pos[0] = start[PP_ENTRY];
}

/* The next path into W->path[0 .. W->len); false when there is none
   (or the DAG has a cycle: a path as long as there are blocks).  */
static bool __attribute__ ((unused))
dag_paths_next (dag_paths *w)
{
  const pp_dag_edge *edges = w->plan->dag_edges;
  if (w->v == PP_EXIT)
    {
      /* Back up from the path returned last.  */
      w->len--;
      w->v = edges[w->path[w->len]].src;
    }
  for (;;)
    {
      if (w->pos[w->len] == w->start[w->v + 1])
	{
	  if (w->len == 0)
	    return false;
	  w->len--;
	  w->v = edges[w->path[w->len]].src;
	  continue;
	}
      if (w->len >= w->plan->num_blocks)
	return false;  /* impossible in a DAG */
      w->path[w->len] = w->pos[w->len]++;
      w->v = edges[w->path[w->len]].dst;
      w->len++;
      w->pos[w->len] = w->start[w->v];
      if (w->v == PP_EXIT)
	return true;
    }
}

/* A random DAG path of PLAN (out-edges by source: START) from ENTRY,
   its first edge a RESTART_ENTRY dummy if FROM_RESTART (there must be
   one), into PATH (room for num_blocks).  Returns its length.  */
static uint32_t __attribute__ ((unused))
random_dag_path (const pp_plan *plan, const uint32_t *start, uint64_t *rng,
		 bool from_restart, uint32_t *path)
{
  uint32_t len = 0, v = PP_ENTRY;
  while (v != PP_EXIT && len < plan->num_blocks)
    {
      uint32_t deg = start[v + 1] - start[v];
      uint32_t pick = start[v] + rng_below (rng, deg);
      if (v == PP_ENTRY && from_restart)
	while (plan->dag_edges[pick].kind != PP_DAG_RESTART_ENTRY)
	  pick = start[v] + rng_below (rng, deg);
      path[len++] = pick;
      v = plan->dag_edges[pick].dst;
    }
  return len;
}

/* ------------------------------------------------------------------ */
/* Executing probes: test-sim.h's, and jumps.                          */

/* What R holds when a jump lands: whatever it was at the call.  */
#define JUMP_GARBAGE UINT64_C (0x0BADC0DE5EED1234)

/* A jump lands: R holds whatever it held at the call, which the plan must
   not read.  */
static void __attribute__ ((unused))
sim_jump (sim *s)
{
  s->r = JUMP_GARBAGE;
  s->r_written = false;
}

/* Whether probe P (which may be NULL) counts.  */
static bool __attribute__ ((unused))
has_count (const pp_probe *p)
{
  for (uint32_t k = 0; p != NULL && k < p->num_ops; k++)
    if (p->ops[k].kind == PP_OP_COUNT || p->ops[k].kind == PP_OP_COUNT_CONST)
      return true;
  return false;
}

/* Execute probe P, if not NULL.  */
static void __attribute__ ((unused))
run_probe (sim *s, const pp_probe *p)
{
  if (p != NULL)
    sim_ops (s, p->ops, p->num_ops);
}

/* Execute the probes of taking CFG edge C, as the plugin's code runs:
   the end of its source, the edge, the start of its destination.  */
static void __attribute__ ((unused))
run_edge (sim *s, const pp_cfg *cfg, const plan_index *x, uint32_t c)
{
  run_probe (s, x->at_end[cfg->edges[c].src]);
  run_probe (s, x->at_edge[c]);
  run_probe (s, x->at_start[cfg->edges[c].dst]);
}

/* The call at the end of block FROM jumps (its block-end code, if any,
   has run before the call: the worst case) and lands by restart edge C:
   R holds garbage, the restart probe runs.  Returns false if there is
   no restart probe.  */
static bool __attribute__ ((unused))
run_jump (sim *s, const plan_index *x, uint32_t from, uint32_t c)
{
  run_probe (s, x->at_end[from]);
  sim_jump (s);
  if (x->at_restart[c] == NULL)
    return false;
  run_probe (s, x->at_restart[c]);
  return true;
}

/* ------------------------------------------------------------------ */
/* The properties of every plan (test-core.c, test-restart.c).         */

/* Regenerating NUMBER with REGEN gives back PLAN's DAG path
   PATH[0..LEN); reported under property P.  */
static void __attribute__ ((unused))
verify_regen (stats *st, int p, const pp_plan *plan, const pp_regen *regen,
	      uint64_t number, const uint32_t *path, uint32_t len)
{
  uint32_t *buf = malloc ((plan->num_blocks + 2) * sizeof (uint32_t));
  uint32_t blen = 0;
  int rc = pp_regen_path (regen, number, buf, plan->num_blocks + 1, &blen);
  bool same = rc == 0 && blen == len;
  for (uint32_t k = 0; same && k < len; k++)
    same = buf[k] == path[k];
  free (buf);
  prop (st, p, same, "regenerating %" PRIu64 " gave rc %d, %u edges "
	"instead of %u", number, rc, blen, len);
}

/* Everything about one DAG path (edge indices PATH[0..LEN)): number, Inc
   sum, simulated operations from a garbage R (a path from a restart
   dummy included), regeneration.  */
static void __attribute__ ((unused))
verify_dag_path (stats *st, const check_props *cp, const pp_cfg *cfg,
		 const pp_plan *plan, const pp_regen *regen,
		 const uint32_t *path, uint32_t len, uint64_t *number_out)
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
      if (may_not_return (cfg, e->src))
	last_flagged = k;
    }
  if (last_flagged != UINT32_MAX)
    prop (st, cp->may_not_return,
	  count_at != UINT32_MAX && count_at >= last_flagged,
	  "a path is counted on its edge %u, before leaving the block that "
	  "may not return, %u (edge %u)",
	  count_at, plan->dag_edges[path[last_flagged]].src, last_flagged);
  *number_out = number;
  prop (st, cp->unique, number < plan->num_paths,
	"path number %" PRIu64 " >= N = %" PRIu64, number, plan->num_paths);
  prop (st, cp->inc, inc_sum == number && tree_inc_zero,
	"path %" PRIu64 ": Inc sum %" PRIu64 "%s", number, inc_sum,
	tree_inc_zero ? "" : " (a tree edge has Inc != 0)");
  int p = len > 0 && plan->dag_edges[path[0]].kind == PP_DAG_RESTART_ENTRY
	    ? cp->restart_paths
	    : cp->ops;
  prop (st, p, s.num_counts == 1 && s.last_count == number && !s.bad_read,
	"path %" PRIu64 ": expected one count at %" PRIu64 ", saw %u counts, "
	"last %" PRIu64 "%s",
	number, number, s.num_counts, s.last_count,
	s.bad_read ? ", R read before written" : "");
  verify_regen (st, cp->regen, plan, regen, number, path, len);
}

/* The test's own maximum-spanning-tree key of a DAG edge, as documented
   in core/spantree.c: class 0 stuck real no_code edge, 1 dummy of a
   stuck no_code edge, 2 other no_code, 3 the rest (restart dummies
   included); then weight.  */
static void __attribute__ ((unused))
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
   4 of their own, taken last; unless PLAIN_TREE (a plan built with
   pp_options.plain_tree, whose tree knows no free edges).  */
static void __attribute__ ((unused))
tree_key (const pp_cfg *cfg, const model *m, const pp_plan *plan,
	  const pp_dag_edge *e, bool plain_tree, int *klass, double *weight)
{
  tree_key_base (cfg, m, e, klass, weight);
  if (*klass == 3 && !plain_tree
      && plan_edge_is_free (cfg, plan, (uint32_t) (e - plan->dag_edges)))
    *klass = 4;
}

/* Union-find root, with path halving.  */
static uint32_t __attribute__ ((unused))
uf_find (uint32_t *parent, uint32_t v)
{
  while (parent[v] != v)
    v = parent[v] = parent[parent[v]];
  return v;
}

/* The spanning tree: DAG tree edges plus EXIT-ENTRY form a spanning tree
   of the reachable blocks; every no_code chord closes a cycle of forced
   tree edges (it could not be forced in); and, on small graphs, the cycle
   property of maximum spanning trees holds for the documented keys
   (those of a plain tree if PLAIN_TREE).  */
static void __attribute__ ((unused))
verify_tree (stats *st, const check_props *cp, const pp_cfg *cfg,
	     const model *m, const pp_plan *plan, bool plain_tree)
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
      tree_key (cfg, m, plan, e, plain_tree, &klass, &w);
      if (klass <= 2)
	forced[uf_find (forced, e->src)] = uf_find (forced, e->dst);
    }
  prop (st, cp->tree, acyclic && ntree + 2 == nreach,
	"%u tree edges for %u reachable blocks%s", ntree, nreach,
	acyclic ? "" : ", with a cycle");
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *e = &plan->dag_edges[i];
      int klass;
      double w;
      tree_key (cfg, m, plan, e, plain_tree, &klass, &w);
      if (!e->on_tree && klass <= 2)
	prop (st, cp->tree,
	      uf_find (forced, e->src) == uf_find (forced, e->dst),
	      "no_code edge %u (%u->%u) is a chord but could be in the tree",
	      e->cfg_edge, e->src, e->dst);
    }

  /* Cycle property, on small graphs: every tree edge on a chord's tree
     path has a key at least as good as the chord's.  */
  if (nv <= 200 && acyclic)
    {
      /* Root the tree at ENTRY; EXIT hangs off it by the fictitious edge
	 (via UINT32_MAX).  */
      uint32_t *via = malloc (nv * sizeof (uint32_t));  /* edge to parent */
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
	  tree_key (cfg, m, plan, c, plain_tree, &ck, &cw);
	  uint32_t a = c->src, b = c->dst;
	  bool ok = seen[a] && seen[b];
	  while (ok && a != b)
	    {
	      uint32_t *x = depth[a] >= depth[b] ? &a : &b;
	      uint32_t t = via[*x];
	      if (t != UINT32_MAX)
		{
		  int tk;
		  double tw;
		  tree_key (cfg, m, plan, &plan->dag_edges[t], plain_tree,
			    &tk, &tw);
		  ok = !(tk > ck || (tk == ck && tw < cw));
		}
	      *x = up[*x];
	    }
	  prop (st, cp->tree, ok,
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

/* The DAG against the CFG: its blocks, reachability (from ENTRY and the
   receivers), grouping of the edges by source and Val order, one
   representation of every reachable CFG edge (REAL, a pair of dummies,
   or a RESTART_ENTRY dummy), a noreturn dummy for every reachable block
   without flow successor, the backedge and cut counts.  */
static void __attribute__ ((unused))
verify_structure (stats *st, const check_props *cp, const pp_cfg *cfg,
		  const model *m, const pp_plan *plan)
{
  uint32_t nv = m->nv, ne = m->ne;
  bool ok = plan->num_blocks == nv;
  prop (st, cp->structure, ok, "num_blocks %u, CFG has %u", plan->num_blocks,
	nv);
  if (!ok)
    return;
  for (uint32_t v = 0; v < nv; v++)
    prop (st, cp->structure, plan->reachable[v] == m->reach[v],
	  "reachable[%u] = %d", v, plan->reachable[v]);

  bool *seen_src = calloc (nv, sizeof (bool));
  uint32_t *count = calloc ((size_t) ne * 7 + 1, sizeof (uint32_t));
  uint32_t *noreturn = calloc (nv, sizeof (uint32_t));
  uint32_t nbe = 0, ncut = 0;
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *e = &plan->dag_edges[i];
      bool first = i == 0 || plan->dag_edges[i - 1].src != e->src;
      prop (st, cp->structure,
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
	  prop (st, cp->structure,
		e->dst == PP_EXIT && e->cfg_edge == PP_NONE
		  && e->src != PP_EXIT && flow_outdeg (m, e->src) == 0,
		"bad noreturn dummy %u->%u", e->src, e->dst);
	  noreturn[e->src]++;
	  continue;
	}
      bool known = e->cfg_edge < ne && e->kind <= PP_DAG_RESTART_ENTRY;
      prop (st, cp->structure, known, "DAG edge %u: cfg_edge %u kind %u", i,
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
      prop (st, cp->structure, good,
	    "DAG edge %u (%u->%u kind %u) vs CFG edge %u", i, e->src, e->dst,
	    e->kind, e->cfg_edge);
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
      prop (st, cp->structure, good,
	    "CFG edge %u represented %u/%u/%u/%u/%u/%u", c, k[0], k[1], k[2],
	    k[3], k[4], k[6]);
    }
  for (uint32_t v = 0; v < nv; v++)
    if (v != PP_EXIT)
      prop (st, cp->structure,
	    noreturn[v] == (m->reach[v] && flow_outdeg (m, v) == 0),
	    "block %u has %u noreturn dummies", v, noreturn[v]);
  prop (st, cp->structure,
	nbe == plan->num_backedges && ncut == plan->num_cut_edges,
	"num_backedges %u (saw %u), num_cut_edges %u (saw %u)",
	plan->num_backedges, nbe, plan->num_cut_edges, ncut);
  free (seen_src);
  free (count);
  free (noreturn);
}

/* Every probe at an allowed, unique site, with exactly the operations of
   what it stands for; every source of operations has its probe; restart
   dummies have exactly one SET, at their PP_SITE_RESTART probe.  */
static void __attribute__ ((unused))
verify_probes (stats *st, const check_props *cp, const pp_cfg *cfg,
	       const model *m, const pp_plan *plan, const plan_index *x)
{
  uint32_t nv = m->nv, ne = m->ne;
  /* The last in-edge of every block.  */
  uint32_t *some_in = malloc (nv * sizeof (uint32_t));
  for (uint32_t v = 0; v < nv; v++)
    some_in[v] = UINT32_MAX;
  for (uint32_t c = 0; c < ne; c++)
    some_in[cfg->edges[c].dst] = c;
  prop (st, cp->probes, !x->dup_site, "two probes at one site");
  for (uint32_t i = 0; i < plan->num_probes; i++)
    {
      const pp_probe *pr = &plan->probes[i];
      pp_op want[8];
      uint32_t nwant = 0, b = pr->index;
      bool good = pr->num_ops > 0 && pr->num_ops <= 4;
      if (pr->site == PP_SITE_EDGE && b < ne)
	{
	  good &= !(cfg->edges[b].flags & (PP_CFG_NO_CODE | PP_CFG_RESTART));
	  nwant = cfg_edge_ops (plan, x, b, want);
	}
      else if (pr->site == PP_SITE_RESTART && b < ne)
	{
	  good &= is_restart (cfg, b);
	  nwant = cfg_edge_ops (plan, x, b, want);
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
		      && (!may_not_return (cfg, b) || d == PP_EXIT
			  || m->indeg[d] != 1);
	      nwant = cfg_edge_ops (plan, x, c, want);
	    }
	}
      else if (pr->site == PP_SITE_BLOCK_START && b < nv && b != PP_ENTRY
	       && b != PP_EXIT)
	{
	  /* Its one in-edge, no_code and not a restart edge: so never a
	     receiver, where the code would also run after the jump.  */
	  uint32_t c = some_in[b];
	  good &= m->indeg[b] == 1 && !m->receiver[b] && c != UINT32_MAX
		  && (cfg->edges[c].flags & PP_CFG_NO_CODE)
		  && !is_restart (cfg, c);
	  if (good)
	    {
	      uint32_t a = cfg->edges[c].src;
	      good &= a == PP_ENTRY || m->outdeg[a] != 1
		      || may_not_return (cfg, a);
	      nwant = cfg_edge_ops (plan, x, c, want);
	    }
	}
      else
	good = false;
      good &= ops_equal (pr->ops, pr->num_ops, want, nwant);
      prop (st, cp->probes, good, "probe %u (site %u index %u, %u ops)", i,
	    pr->site, pr->index, pr->num_ops);
    }
  free (some_in);
  uint32_t sources = 0;
  for (uint32_t c = 0; c < ne; c++)
    {
      pp_op ops[8];
      sources += cfg_edge_ops (plan, x, c, ops) > 0;
    }
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    sources += plan->dag_edges[i].kind == PP_DAG_NORETURN_EXIT
	       && plan->dag_edges[i].num_ops > 0;
  prop (st, cp->probes, sources == plan->num_probes,
	"%u sites need code, %u probes", sources, plan->num_probes);

  for (uint32_t k = 0; k < m->nrestart; k++)
    {
      uint32_t c = m->restart[k], d = x->from_entry[c];
      const pp_dag_edge *e = d != UINT32_MAX ? &plan->dag_edges[d] : NULL;
      const pp_probe *pr = x->at_restart[c];
      prop (st, cp->restart,
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
static uint32_t __attribute__ ((unused))
verify_one_walk (stats *st, const check_props *cp, const pp_cfg *cfg,
		 const model *m, const pp_plan *plan, const plan_index *x,
		 const bool *call, uint64_t *rng, uint32_t budget)
{
  enum { MAXLOG = 4096 };
  uint64_t expected[MAXLOG], logged[MAXLOG];
  uint32_t nexp = 0, steps = 0, last_dst = PP_NONE, jumps = 0;
  uint64_t sum = 0;
  uint32_t v = PP_ENTRY;
  const uint32_t *dstart = x->dag_start;
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
				   && !has_count (x->at_end[v]));
      if (deg == 0)
	{
	  /* A noreturn block: its probe runs before the call.  */
	  run_probe (&s, x->at_end[v]);
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
	  if (!run_jump (&s, x, deg == 0 ? PP_EXIT : v, c))
	    {
	      no_restart_probe = true;
	      break;
	    }
	  jumps++;
	  sum = plan->dag_edges[x->from_entry[c]].val;
	  v = cfg->edges[c].dst;
	  if (++steps >= budget)
	    stop = true;
	  continue;
	}
      uint32_t c = m->flist[m->fstart[v] + rng_below (rng, deg)];
      uint32_t dst = cfg->edges[c].dst;
      run_edge (&s, cfg, x, c);
      if (x->real[c] != UINT32_MAX)
	sum += plan->dag_edges[x->real[c]].val;
      else
	{
	  /* A backedge or cut edge: a path ends, the next starts.  */
	  expected[nexp++] = sum + plan->dag_edges[x->to_exit[c]].val;
	  sum = plan->dag_edges[x->from_entry[c]].val;
	  /* Stop at a path boundary, unless the backedge leads to EXIT:
	     then the next path (ENTRY->EXIT) is complete already.  */
	  if ((stop || nexp >= MAXLOG - 2) && dst != PP_EXIT)
	    {
	      last_dst = dst;
	      break;
	    }
	}
      v = dst;
      if (++steps >= budget)
	stop = true;
    }
  /* If the walk stopped just after a backedge, the path it started may
     already be counted: Figure 8 counts a path as soon as the rest of it
     is determined (it has entered the absorbing region), here perhaps on
     the backedge itself.  Accept that one count if it is the number of
     the path's only possible completion.  */
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
  prop (st, cp->walk, same,
	"execution of %u steps, %u jumps: %u paths expected, %u counts%s%s; "
	"first path %" PRIu64 ", first count %" PRIu64,
	steps, jumps, nexp, s.log_len,
	s.bad_read ? ", R read before written" : "",
	no_restart_probe ? ", a restart edge without probe" : "",
	nexp ? expected[0] : 0, s.log_len ? logged[0] : 0);
  return jumps;
}

/* ------------------------------------------------------------------ */
/* Path starts (pp_plan.starts): the sampled mode's view of a plan.    */

/* The probe site of CFG edge C, by the rules of doc/algorithm.md section
   8 written again from the model: RESTART(c) for a restart edge, EDGE(c)
   for an edge that can hold code, else the end of its source or the
   start of its destination, or EDGE(c) for a stuck edge.  */
static void __attribute__ ((unused))
expected_site (const pp_cfg *cfg, const model *m, uint32_t c, uint32_t *site,
	       uint32_t *index)
{
  const pp_cfg_edge *e = &cfg->edges[c];
  bool end_ok = e->src != PP_ENTRY && m->outdeg[e->src] == 1;
  bool start_ok = e->dst != PP_EXIT && m->indeg[e->dst] == 1;
  *site = PP_SITE_EDGE;
  *index = c;
  if (is_restart (cfg, c))
    *site = PP_SITE_RESTART;
  else if (!(e->flags & PP_CFG_NO_CODE) || m->stuck[c])
    ;
  else if (end_ok && !(may_not_return (cfg, e->src) && start_ok))
    {
      *site = PP_SITE_BLOCK_END;
      *index = e->src;
    }
  else
    {
      *site = PP_SITE_BLOCK_START;
      *index = e->dst;
    }
}

/* The probe of X at SITE INDEX, or NULL.  */
static const pp_probe *__attribute__ ((unused))
probe_at (const plan_index *x, uint32_t site, uint32_t index)
{
  switch (site)
    {
    case PP_SITE_EDGE:
      return x->at_edge[index];
    case PP_SITE_RESTART:
      return x->at_restart[index];
    case PP_SITE_BLOCK_END:
      return x->at_end[index];
    case PP_SITE_BLOCK_START:
      return x->at_start[index];
    default:
      return NULL;
    }
}

/* The start kind that DAG edge kind KIND out of ENTRY stands for.  */
static uint32_t __attribute__ ((unused))
expected_start_kind (uint32_t kind)
{
  return kind == PP_DAG_BACK_ENTRY      ? PP_START_BACKEDGE
	 : kind == PP_DAG_CUT_ENTRY     ? PP_START_CUT
	 : kind == PP_DAG_RESTART_ENTRY ? PP_START_RESTART
					: PP_START_ENTRY;
}

/* The path starts of PLAN against its DAG and probes, reported under
   property P: one start per DAG edge out of ENTRY, in CFG edge order,
   of the kind of that edge, with its operations; its site that of the
   CFG edge's probe; and that probe (if any) is the end ops, the
   operations of the u->EXIT dummy of a backedge or cut edge (none for
   an entry or a restart), followed by the start ops.  Where there is no
   probe, neither has an operation.  */
static void __attribute__ ((unused))
verify_starts (stats *st, int p, const pp_cfg *cfg, const model *m,
	       const pp_plan *plan, const plan_index *x)
{
  uint32_t from_entry = x->dag_start[PP_ENTRY + 1] - x->dag_start[PP_ENTRY];
  prop (st, p, plan->num_starts == from_entry && !x->bad_start,
	"%u starts for %u DAG edges out of ENTRY%s", plan->num_starts,
	from_entry, x->bad_start ? ", one naming a bad or shared edge" : "");
  for (uint32_t k = x->dag_start[PP_ENTRY]; k < x->dag_start[PP_ENTRY + 1];
       k++)
    prop (st, p, x->start_of_dag[k] != NULL,
	  "DAG edge %u out of ENTRY (kind %u) has no start", k,
	  plan->dag_edges[k].kind);
  for (uint32_t i = 0; i < plan->num_starts; i++)
    {
      const pp_start *s = &plan->starts[i];
      if (s->dag_edge >= plan->num_dag_edges || s->cfg_edge >= m->ne)
	continue;  /* reported above */
      const pp_dag_edge *e = &plan->dag_edges[s->dag_edge];
      uint32_t c = s->cfg_edge;
      bool good = e->src == PP_ENTRY && e->cfg_edge == c
		  && s->kind == expected_start_kind (e->kind)
		  && (i == 0 || plan->starts[i - 1].cfg_edge < c)
		  && ops_equal (s->ops, s->num_ops, e->ops, e->num_ops);
      uint32_t site, index;
      expected_site (cfg, m, c, &site, &index);
      good &= s->site == site && s->index == index;
      const pp_probe *pr = probe_at (x, site, index);
      good &= s->probe == PP_NONE
		? pr == NULL
		: s->probe < plan->num_probes && pr == &plan->probes[s->probe];
      /* The end ops: the u->EXIT dummy's.  */
      uint32_t to_exit
	= s->kind == PP_START_BACKEDGE || s->kind == PP_START_CUT
	    ? x->to_exit[c] : PP_NONE;
      const pp_dag_edge *ex
	= to_exit != PP_NONE ? &plan->dag_edges[to_exit] : NULL;
      uint32_t nend = ex != NULL ? ex->num_ops : 0;
      good &= to_exit == PP_NONE
		? s->kind != PP_START_BACKEDGE && s->kind != PP_START_CUT
		: ex->kind == (s->kind == PP_START_BACKEDGE ? PP_DAG_BACK_EXIT
							    : PP_DAG_CUT_EXIT);
      if (pr == NULL)
	good &= nend == 0 && s->num_ops == 0 && s->num_end_ops == 0;
      else
	good &= s->num_end_ops == nend && pr->num_ops == nend + s->num_ops
		&& (nend == 0 || ops_equal (pr->ops, nend, ex->ops, nend))
		&& ops_equal (pr->ops + nend, pr->num_ops - nend, s->ops,
			      s->num_ops);
      prop (st, p, good,
	    "start %u (kind %u, CFG edge %u, DAG edge %u, site %u index %u, "
	    "probe %u, %u end ops, %u ops) is not the DAG edge's ops after "
	    "its end ops in the CFG edge's probe",
	    i, s->kind, c, s->dag_edge, s->site, s->index, s->probe,
	    s->num_end_ops, s->num_ops);
    }
}

/* Run in S the start ops of the start of DAG edge D; false if none.  */
static bool __attribute__ ((unused))
run_start (sim *s, const plan_index *x, uint32_t d)
{
  const pp_start *start = x->start_of_dag[d];
  if (start == NULL)
    return false;
  sim_ops (s, start->ops, start->num_ops);
  return true;
}

/* Run in S what ends a path at backedge or cut edge C, as the sampled
   mode emits it where a path leaves the copy: the first num_end_ops
   operations of the probe of C's start.  False if there is no start,
   or it names a bad probe.  */
static bool __attribute__ ((unused))
run_end_ops (sim *s, const pp_plan *plan, const plan_index *x, uint32_t c)
{
  const pp_start *start = x->start_of_cfg[c];
  if (start == NULL)
    return false;
  if (start->probe == PP_NONE)
    return start->num_end_ops == 0;
  if (start->probe >= plan->num_probes
      || start->num_end_ops > plan->probes[start->probe].num_ops)
    return false;
  sim_ops (s, plan->probes[start->probe].ops, start->num_end_ops);
  return true;
}

/* A DAG path PATH[0..LEN) of PLAN (of CFG, without early-exit calls
   passed on the way), numbered NUMBER, run as the sampled mode would
   run it from its start: R garbage, its start's ops, the probes of the
   CFG edges it takes, and at its end the end ops of its backedge or cut
   edge (or the probe of its edge into EXIT, its block end or its call).
   One count, at NUMBER; reported under property P.  */
static void __attribute__ ((unused))
verify_start_path (stats *st, int p, const pp_cfg *cfg, const pp_plan *plan,
		   const plan_index *x, const uint32_t *path, uint32_t len,
		   uint64_t number)
{
  pp_op ops[12];
  sim s;
  sim_init (&s);
  bool ok = len > 0 && run_start (&s, x, path[0]);
  for (uint32_t k = 1; ok && k < len; k++)
    {
      const pp_dag_edge *e = &plan->dag_edges[path[k]];
      switch (e->kind)
	{
	case PP_DAG_REAL:
	  sim_ops (&s, ops, edge_ops (cfg, x, e->cfg_edge, ops));
	  break;
	case PP_DAG_BACK_EXIT:
	case PP_DAG_CUT_EXIT:
	  ok = run_end_ops (&s, plan, x, e->cfg_edge);
	  break;
	case PP_DAG_NORETURN_EXIT:
	case PP_DAG_UNWIND_EXIT:
	  run_probe (&s, x->at_end[e->src]);
	  break;
	case PP_DAG_EARLY_EXIT:
	  ok = e->call < cfg->num_calls;
	  if (ok)
	    run_probe (&s, x->at_call[e->call]);
	  break;
	default:
	  ok = false;  /* a start in the middle of a path */
	}
    }
  prop (st, p,
	ok && s.num_counts == 1 && s.last_count == number && !s.bad_read,
	"path %" PRIu64 " from start kind %u: expected one count at %" PRIu64
	", saw %u counts, last %" PRIu64 "%s%s",
	number,
	len > 0 && x->start_of_dag[path[0]] ? x->start_of_dag[path[0]]->kind
					    : UINT32_MAX,
	number, s.num_counts, s.last_count,
	s.bad_read ? ", R read before written" : "",
	ok ? "" : ", no start or no end ops where expected");
}

/* NumPaths against the test's count; then every DAG path if there are
   at most ENUM_LIMIT, else SAMPLES random ones (half of them from a
   restart dummy, if there is one) and as many random numbers
   regenerated: number, Inc sum, operations, regeneration.  Returns false
   if the DAG is none (a cycle): nothing else can be checked.  */
static bool __attribute__ ((unused))
verify_numbering (stats *st, const check_props *cp, const pp_cfg *cfg,
		  const pp_plan *plan, const plan_index *x, uint64_t *rng,
		  uint64_t enum_limit, uint32_t samples)
{
  uint32_t nv = plan->num_blocks;
  uint64_t *np = calloc (nv, sizeof (uint64_t));
  bool acyclic = dag_path_counts (plan, x->dag_start, NULL, np);
  prop (st, cp->count, acyclic && np[PP_ENTRY] == plan->num_paths,
	"DAG has %" PRIu64 " paths, plan says %" PRIu64 "%s", np[PP_ENTRY],
	plan->num_paths, acyclic ? "" : " (cycle)");
  free (np);
  if (!acyclic)
    return false;

  /* The regenerator built from the plan, as pathprof-dump builds it.  */
  char err[200];
  pp_regen *regen = plan_regen (plan, false, err, sizeof err);
  prop (st, cp->regen, regen != NULL, "pp_regen_new: %s", err);
  if (regen == NULL)
    return true;
  uint32_t *buf = malloc ((nv + 1) * sizeof (uint32_t)), blen;
  prop (st, cp->regen,
	pp_regen_path (regen, plan->num_paths, buf, nv, &blen) != 0,
	"path number N = %" PRIu64 " was accepted", plan->num_paths);
  uint32_t *path = malloc ((nv + 1) * sizeof (uint32_t));
  uint32_t *pos = malloc ((nv + 1) * sizeof (uint32_t));
  if (plan->num_paths <= enum_limit)
    {
      uint8_t *hit = calloc (plan->num_paths + 1, 1);
      uint64_t npaths = 0;
      bool distinct = true;
      dag_paths w;
      dag_paths_init (&w, plan, x->dag_start, path, pos);
      while (dag_paths_next (&w))
	{
	  uint64_t number;
	  verify_dag_path (st, cp, cfg, plan, regen, w.path, w.len, &number);
	  verify_start_path (st, cp->starts, cfg, plan, x, w.path, w.len,
			     number);
	  npaths++;
	  if (number < plan->num_paths)
	    {
	      distinct &= !hit[number];
	      hit[number] = 1;
	    }
	}
      prop (st, cp->unique, distinct && npaths == plan->num_paths,
	    "%" PRIu64 " paths enumerated, N = %" PRIu64 "%s", npaths,
	    plan->num_paths, distinct ? "" : ", duplicate numbers");
      free (hit);
    }
  else
    {
      uint32_t nrestart_dummies = 0;
      for (uint32_t p = x->dag_start[PP_ENTRY];
	   p < x->dag_start[PP_ENTRY + 1]; p++)
	nrestart_dummies += plan->dag_edges[p].kind == PP_DAG_RESTART_ENTRY;
      for (uint32_t k = 0; k < samples; k++)
	{
	  bool from_restart = nrestart_dummies > 0 && (k & 1);
	  uint32_t len = random_dag_path (plan, x->dag_start, rng,
					  from_restart, path);
	  uint64_t number;
	  verify_dag_path (st, cp, cfg, plan, regen, path, len, &number);
	  verify_start_path (st, cp->starts, cfg, plan, x, path, len, number);
	  uint64_t r = rng_next (rng) % plan->num_paths;
	  int rc = pp_regen_path (regen, r, buf, nv, &blen);
	  uint64_t sum = 0;
	  for (uint32_t i = 0; rc == 0 && i < blen; i++)
	    sum += plan->dag_edges[buf[i]].val;
	  prop (st, cp->regen, rc == 0 && sum == r,
		"random number %" PRIu64 " regenerated with rc %d, sum %"
		PRIu64, r, rc, sum);
	}
    }
  free (buf);
  free (path);
  free (pos);
  pp_regen_free (regen);
  return true;
}

/* Every property of PLAN built from CFG, whose calls that may longjmp
   are CALL (NULL if none); PLAIN_TREE if PLAN was built with
   pp_options.plain_tree.  Paths are enumerated when there are at most
   ENUM_LIMIT, else SAMPLES random ones are checked.  Returns the number
   of jumps the NUM_WALKS probe-level executions made.  */
static uint64_t __attribute__ ((unused))
check_plan (stats *st, const check_props *cp, const pp_cfg *cfg,
	    const bool *call, const pp_plan *plan, bool plain_tree,
	    uint64_t *rng, uint64_t enum_limit, uint32_t samples,
	    uint32_t num_walks)
{
  model m;
  model_build (cfg, &m);
  verify_structure (st, cp, cfg, &m, plan);
  if (plan->num_blocks != m.nv)
    {
      prop (st, cp->count, false, "the plan has %u blocks, the CFG %u",
	    plan->num_blocks, m.nv);
      model_free (&m);
      return 0;
    }
  plan_index x;
  plan_index_build (cfg, plan, &x);
  uint64_t jumps = 0;
  if (verify_numbering (st, cp, cfg, plan, &x, rng, enum_limit, samples))
    {
      verify_tree (st, cp, cfg, &m, plan, plain_tree);
      verify_probes (st, cp, cfg, &m, plan, &x);
      verify_starts (st, cp->starts, cfg, &m, plan, &x);
      for (uint32_t k = 0; k < num_walks; k++)
	jumps += verify_one_walk (st, cp, cfg, &m, plan, &x, call, rng,
				  3 * m.nv + 10);
    }
  plan_index_free (&x);
  model_free (&m);
  return jumps;
}

/* Backedges chosen by pp_mark_backedges are not gratuitous: never a
   restart edge, and for every backedge u->v, v reaches u without restart
   edges, so the edge lies on a cycle.  When no edge is no_code the plain
   DFS decides alone, and then v reaches u over non-backedges (v is u's
   DFS ancestor).  Reported under property P.  */
static void __attribute__ ((unused))
verify_backedges (stats *st, int p, const pp_cfg *cfg)
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
      prop (st, p, seen[be->src] && !is_restart (cfg, b),
	    "backedge %u (%u->%u)%s closes no cycle%s", b, be->src, be->dst,
	    is_restart (cfg, b) ? ", a restart edge," : "",
	    any_no_code ? "" : " of non-backedges");
    }
  free (seen);
  free (queue);
}

/* Whether a failure to plan is legitimate: it names a stuck no_code edge,
   one without a relocation place ("abnormal edge U->V (edge N) must
   carry code ...").  */
static bool __attribute__ ((unused))
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

#endif /* PATHPROF_CORE_CHECKS_H */
