/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Paths predicted from the edge profile: see predict.h.  */

#include <stdlib.h>
#include <string.h>

#include "paths.h"
#include "predict.h"

/* The block number an edge E leads to, for the tie-break: the CFG edge's
   destination (a loop head for a backedge), EXIT for a noreturn.  */

static uint32_t
destination (const ppf_edge *e)
{
  if (e->kind == PPF_EDGE_REAL || e->kind == PPF_EDGE_BACK_EXIT
      || e->kind == PPF_EDGE_CUT_EXIT)
    return e->cfg_dst;
  return 1;
}

/* Whether DAG edge A (count CA) beats B (count CB) out of one block.  */

static bool
hotter (const ppf_edge *a, uint64_t ca, uint32_t ia, const ppf_edge *b,
	uint64_t cb, uint32_t ib)
{
  bool early_a = a->kind == PPF_EDGE_EARLY_EXIT
		 || a->kind == PPF_EDGE_UNWIND_EXIT;
  bool early_b = b->kind == PPF_EDGE_EARLY_EXIT
		 || b->kind == PPF_EDGE_UNWIND_EXIT;

  if (early_a != early_b)
    return early_b;
  if (ca != cb)
    return ca > cb;
  if (destination (a) != destination (b))
    return destination (a) < destination (b);
  return ia < ib;
}

/* The length of the path through blocks of FN in EDGES[0..N-1] (ENTRY to
   EXIT), in edges and statements.  */

static void
path_length (const report_function *fn, const uint32_t *edges, uint32_t n,
	     long double *num_edges, long double *num_stmts)
{
  long double stmts = 0;

  for (uint32_t i = 0; i + 1 < n; i++)
    stmts += fn->meta.blocks[fn->dag.dst[edges[i]]].num_stmts;
  *num_edges = n >= 2 ? n - 2 : 0;
  *num_stmts = stmts;
}

/* Predict FN's paths: see predict.h.  */

int
dump_predict (const report_function *fn, dump_prediction *out)
{
  const ppf_meta *m = &fn->meta;
  const ppf_dag *dag = &fn->dag;
  uint64_t *counts = malloc ((dag->num_edges + 1) * sizeof *counts);
  bool *start = calloc (dag->num_edges + 1, sizeof *start);
  uint32_t *walk = malloc ((dag->num_edges + 1) * sizeof *walk);
  /* The DAG edges out of each vertex: the meta groups them by source, so
     each vertex's are OUT_FIRST[v] .. OUT_FIRST[v] + OUT_NUM[v] - 1.  */
  uint32_t *out_first = calloc (m->num_blocks + 1, sizeof *out_first);
  uint32_t *out_num = calloc (m->num_blocks + 1, sizeof *out_num);
  report_path path;
  char err[256];
  int rc = -1;

  memset (out, 0, sizeof *out);
  out->stmts = (m->flags & PPF_FN_DETAIL) != 0;
  report_path_init (&path);
  if (!counts || !start || !walk || !out_first || !out_num
      || ppf_dag_edge_counts (dag, fn->counts, fn->num_counts, counts, err,
			      sizeof err) != PPF_OK)
    goto out;
  for (uint32_t e = dag->num_edges; e-- > 0;)
    {
      out_first[dag->src[e]] = e;
      out_num[dag->src[e]]++;
    }
  out->executed = fn->num_counts;
  out->executions = fn->executions;
  for (uint64_t i = 0; i < fn->num_counts; i++)
    {
      long double e, s;
      if (report_path_regen (fn, fn->counts[i].path, &path, err, sizeof err)
	  != 0)
	goto out;
      start[path.edges[0]] = true;
      path_length (fn, path.edges, path.num_edges, &e, &s);
      out->edges += e;
      out->stmts_sum += s;
      out->edges_weighted += e * fn->counts[i].count;
      out->stmts_weighted += s * fn->counts[i].count;
    }
  for (uint32_t e = 0; e < dag->num_edges; e++)
    if (start[e])
      out->predicted++;
  out->ids = malloc ((out->predicted + 1) * sizeof *out->ids);
  if (!out->ids)
    goto out;
  out->predicted = 0;
  for (uint32_t e = 0; e < dag->num_edges; e++)
    {
      uint32_t n = 0, v;
      uint64_t id = 0;
      const ppf_count *ran;
      long double len, stmts;

      if (!start[e])
	continue;
      walk[n++] = e;
      id += dag->val[e];
      /* Each DAG edge is taken once at most: no walk is longer.  */
      for (v = dag->dst[e]; v != 1 && n < dag->num_edges;)
	{
	  uint32_t best = PPF_NONE;
	  for (uint32_t f = out_first[v]; f < out_first[v] + out_num[v]; f++)
	    if ((best == PPF_NONE
		    || hotter (&m->edges[f], counts[f], f, &m->edges[best],
			       counts[best], best)))
	      best = f;
	  if (best == PPF_NONE)
	    break;
	  walk[n++] = best;
	  id += dag->val[best];
	  v = dag->dst[best];
	}
      if (v != 1)
	continue;   /* a block without successor: cannot happen */
      out->ids[out->predicted++] = id;
      path_length (fn, walk, n, &len, &stmts);
      out->predicted_edges += len;
      out->predicted_stmts += stmts;
      ran = report_function_count (fn, id);
      if (ran)
	{
	  out->hit++;
	  report_sum_add (&out->hit_executions, ran->count);
	}
    }
  rc = 0;
out:
  if (rc != 0)
    dump_prediction_free (out);
  report_path_free (&path);
  free (counts);
  free (start);
  free (walk);
  free (out_first);
  free (out_num);
  return rc;
}

/* Add PART to SUM.  */

void
dump_prediction_add (dump_prediction *sum, const dump_prediction *part)
{
  sum->executed += part->executed;
  sum->predicted += part->predicted;
  sum->hit += part->hit;
  report_sum_add_sum (&sum->executions, &part->executions);
  report_sum_add_sum (&sum->hit_executions, &part->hit_executions);
  sum->stmts = sum->stmts && part->stmts;
  sum->edges += part->edges;
  sum->edges_weighted += part->edges_weighted;
  sum->stmts_sum += part->stmts_sum;
  sum->stmts_weighted += part->stmts_weighted;
  sum->predicted_edges += part->predicted_edges;
  sum->predicted_stmts += part->predicted_stmts;
}

/* Release P's memory.  */

void
dump_prediction_free (dump_prediction *p)
{
  free (p->ids);
  p->ids = NULL;
}
