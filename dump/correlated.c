/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Correlated branches: the predecessor-successor matrix of each branch
   block, from the paths that ran.  See correlated.h.  */

#include <stdlib.h>
#include <string.h>

#include "correlated.h"
#include "paths.h"

/* Whether a DAG edge of KIND that leaves a block stands for a CFG edge
   out of it (the others end a path inside the block: a call that did not
   return, an exception, a noreturn call).  */

static bool
leaves_by_cfg_edge (uint32_t kind)
{
  return kind == PPF_EDGE_REAL || kind == PPF_EDGE_BACK_EXIT
	 || kind == PPF_EDGE_CUT_EXIT;
}

/* Whether a DAG edge of KIND that enters a block stands for a CFG edge
   into it: every kind that can, so always but for the exits.  */

static bool
enters_by_cfg_edge (uint32_t kind)
{
  return kind == PPF_EDGE_REAL || kind == PPF_EDGE_BACK_ENTRY
	 || kind == PPF_EDGE_CUT_ENTRY || kind == PPF_EDGE_RESTART_ENTRY;
}

/* The slot of the CFG edge whose other end is block OTHER in LIST[0 ..
   *NUM - 1], added as the DAG edge E of KIND if it is not there yet.
   Parallel CFG edges, which the file cannot tell apart, share a slot.  */

static uint32_t
edge_slot (dump_corr_edge *list, uint32_t *num, uint32_t other,
	   uint32_t kind, uint32_t e)
{
  for (uint32_t i = 0; i < *num; i++)
    if (list[i].block == other)
      return i;
  list[*num].block = other;
  list[*num].kind = kind;
  list[*num].dag_edge = e;
  list[*num].count = 0;
  return (*num)++;
}

/* Whether the block at POSITION of M, with the successors SUCCS[0 ..
   NUM - 1], ends in a choice: with the detail section, one of its edges
   is a branch outcome (so that a call with an exception edge is not
   taken for a branch); without it, two successors are enough.  */

static bool
is_branch_block (const ppf_meta *m, uint32_t position,
		 const dump_corr_edge *succs, uint32_t num)
{
  if (num < 2)
    return false;
  if (!(m->flags & PPF_FN_DETAIL))
    return true;
  for (uint32_t i = 0; i < num; i++)
    if (ppf_meta_branch (m, m->blocks[position].index, succs[i].block))
      return true;
  return false;
}

/* The figures of B from its matrix: the counts of its edges,
   executions, and the hits of the two predictions (correlated.h).  */

static void
block_figures (dump_corr_block *b)
{
  b->executions = b->edge_predicted = b->path_predicted = 0;
  for (uint32_t s = 0; s < b->num_succs; s++)
    b->succs[s].count = 0;
  for (uint32_t p = 0; p < b->num_preds; p++)
    {
      uint64_t row = 0, best = 0;
      for (uint32_t s = 0; s < b->num_succs; s++)
	{
	  uint64_t c = b->counts[(size_t) p * b->num_succs + s];
	  row = ppf_count_add (row, c);
	  best = c > best ? c : best;
	  b->succs[s].count = ppf_count_add (b->succs[s].count, c);
	}
      b->preds[p].count = row;
      b->executions = ppf_count_add (b->executions, row);
      b->path_predicted = ppf_count_add (b->path_predicted, best);
    }
  for (uint32_t s = 0; s < b->num_succs; s++)
    if (b->succs[s].count > b->edge_predicted)
      b->edge_predicted = b->succs[s].count;
  /* Saturated sums could break the order; real profiles never do.  */
  if (b->path_predicted < b->edge_predicted)
    b->path_predicted = b->edge_predicted;
}

static void
block_free (dump_corr_block *b)
{
  free (b->preds);
  free (b->succs);
  free (b->counts);
}

/* What dump_correlate works with: per block, its DAG edges in and out
   that stand for CFG edges and its number among the branch blocks (or
   PPF_NONE); per DAG edge, its slot among its destination's
   predecessors and among its source's successors (or PPF_NONE); the
   NUM_BRANCH branch blocks.  */

typedef struct corr_work
{
  uint32_t *in_num;
  uint32_t *out_num;
  uint32_t *branch_of;
  uint32_t *pred_slot;
  uint32_t *succ_slot;
  dump_corr_block *blocks;
  uint32_t num_branch;
} corr_work;

/* Find FN's branch blocks into W, each with room for its predecessors
   and successors.  Returns 0 or -1.  */

static int
find_branch_blocks (const report_function *fn, corr_work *w)
{
  const ppf_meta *m = &fn->meta;
  const ppf_dag *dag = &fn->dag;
  uint32_t nb = m->num_blocks, ne = dag->num_edges;

  for (uint32_t e = 0; e < ne; e++)
    {
      w->pred_slot[e] = w->succ_slot[e] = PPF_NONE;
      if (leaves_by_cfg_edge (m->edges[e].kind))
	w->out_num[dag->src[e]]++;
      if (enters_by_cfg_edge (m->edges[e].kind))
	w->in_num[dag->dst[e]]++;
    }
  /* Candidates: two DAG edges out that stand for CFG edges (ENTRY and
     EXIT are never branch blocks).  */
  for (uint32_t v = 0; v < nb; v++)
    {
      w->branch_of[v] = PPF_NONE;
      if (v >= 2 && w->out_num[v] >= 2)
	w->branch_of[v] = w->num_branch++;
    }
  w->blocks = calloc (w->num_branch + 1, sizeof *w->blocks);
  if (!w->blocks)
    return -1;
  for (uint32_t v = 0; v < nb; v++)
    if (w->branch_of[v] != PPF_NONE)
      {
	dump_corr_block *b = &w->blocks[w->branch_of[v]];
	b->fn = fn;
	b->position = v;
	b->preds = calloc (w->in_num[v] + 1, sizeof *b->preds);
	b->succs = calloc (w->out_num[v] + 1, sizeof *b->succs);
	if (!b->preds || !b->succs)
	  return -1;
      }
  return 0;
}

/* Give every DAG edge of FN its slots in W's branch blocks, then each
   branch block its matrix.  Returns 0 or -1.  */

static int
give_slots (const report_function *fn, corr_work *w)
{
  const ppf_meta *m = &fn->meta;
  const ppf_dag *dag = &fn->dag;
  dump_corr_block *blocks = w->blocks;

  for (uint32_t e = 0; e < dag->num_edges; e++)
    {
      const ppf_edge *edge = &m->edges[e];
      uint32_t from = w->branch_of[dag->src[e]];
      uint32_t to = w->branch_of[dag->dst[e]];
      if (from != PPF_NONE && leaves_by_cfg_edge (edge->kind))
	w->succ_slot[e] = edge_slot (blocks[from].succs,
				     &blocks[from].num_succs,
				     edge->cfg_dst, edge->kind, e);
      if (to != PPF_NONE && enters_by_cfg_edge (edge->kind))
	w->pred_slot[e] = edge_slot (blocks[to].preds,
				     &blocks[to].num_preds,
				     edge->cfg_src, edge->kind, e);
    }
  for (uint32_t i = 0; i < w->num_branch; i++)
    {
      dump_corr_block *b = &blocks[i];
      b->counts = calloc ((size_t) b->num_preds * b->num_succs + 1,
			  sizeof *b->counts);
      if (!b->counts)
	return -1;
    }
  return 0;
}

/* Add the count of each executed path of FN to the cell of every branch
   block of W that it crosses.  Returns 0 or -1.  */

static int
add_path_counts (const report_function *fn, corr_work *w)
{
  const ppf_dag *dag = &fn->dag;
  report_path path;
  char err[256];
  int rc = 0;

  report_path_init (&path);
  for (uint64_t k = 0; k < fn->num_counts; k++)
    {
      uint64_t count = fn->counts[k].count;
      if (report_path_regen (fn, fn->counts[k].path, &path, err, sizeof err)
	  != 0)
	{
	  rc = -1;
	  break;
	}
      for (uint32_t i = 1; i < path.num_edges; i++)
	{
	  uint32_t before = path.edges[i - 1], after = path.edges[i];
	  uint32_t bi = w->branch_of[dag->dst[before]];
	  dump_corr_block *b;
	  uint64_t *cell;

	  if (bi == PPF_NONE || w->pred_slot[before] == PPF_NONE
	      || w->succ_slot[after] == PPF_NONE)
	    continue;
	  b = &w->blocks[bi];
	  cell = &b->counts[(size_t) w->pred_slot[before] * b->num_succs
			    + w->succ_slot[after]];
	  *cell = ppf_count_add (*cell, count);
	}
    }
  report_path_free (&path);
  return rc;
}

/* Correlate FN's branches: find its branch blocks and their CFG edges
   from the DAG edges, give every DAG edge its slot among its
   destination's predecessors and its source's successors, then add each
   executed path's count to the cell of every branch block it crosses:
   the edge before the block is the predecessor, the edge after it the
   successor.  */

int
dump_correlate (const report_function *fn, dump_correlation *out)
{
  const ppf_meta *m = &fn->meta;
  uint32_t nb = m->num_blocks, ne = fn->dag.num_edges;
  corr_work w;
  int rc = -1;

  memset (out, 0, sizeof *out);
  w.in_num = calloc (nb + 1, sizeof *w.in_num);
  w.out_num = calloc (nb + 1, sizeof *w.out_num);
  w.branch_of = malloc ((nb + 1) * sizeof *w.branch_of);
  w.pred_slot = malloc ((ne + 1) * sizeof *w.pred_slot);
  w.succ_slot = malloc ((ne + 1) * sizeof *w.succ_slot);
  w.blocks = NULL;
  w.num_branch = 0;
  if (!w.in_num || !w.out_num || !w.branch_of || !w.pred_slot
      || !w.succ_slot || find_branch_blocks (fn, &w) != 0
      || give_slots (fn, &w) != 0 || add_path_counts (fn, &w) != 0)
    goto out;

  /* Keep the blocks that end in a choice, entered by two or more
     edges, whose branch ran; count every branch block.  */
  for (uint32_t i = 0; i < w.num_branch; i++)
    {
      dump_corr_block *b = &w.blocks[i];
      block_figures (b);
      if (!is_branch_block (m, b->position, b->succs, b->num_succs))
	{
	  block_free (b);
	  continue;
	}
      report_sum_add (&out->branch_executions, b->executions);
      if (b->num_preds >= 2 && b->executions > 0)
	w.blocks[out->num_blocks++] = *b;
      else
	block_free (b);
    }
  out->blocks = w.blocks;
  w.blocks = NULL;
  rc = 0;
out:
  if (w.blocks)
    {
      for (uint32_t i = 0; i < w.num_branch; i++)
	block_free (&w.blocks[i]);
      free (w.blocks);
      memset (out, 0, sizeof *out);
    }
  free (w.in_num);
  free (w.out_num);
  free (w.branch_of);
  free (w.pred_slot);
  free (w.succ_slot);
  return rc;
}

/* Release C's memory.  */

void
dump_correlation_free (dump_correlation *c)
{
  for (uint32_t i = 0; i < c->num_blocks; i++)
    block_free (&c->blocks[i]);
  free (c->blocks);
  memset (c, 0, sizeof *c);
}

/* Add C to TOTAL.  */

void
dump_corr_total_add (dump_corr_total *total, const dump_correlation *c)
{
  report_sum_add_sum (&total->branch_executions, &c->branch_executions);
  for (uint32_t i = 0; i < c->num_blocks; i++)
    {
      const dump_corr_block *b = &c->blocks[i];
      report_sum_add (&total->executions, b->executions);
      report_sum_add (&total->edge_predicted, b->edge_predicted);
      report_sum_add (&total->path_predicted, b->path_predicted);
      report_sum_add (&total->gain, DUMP_CORR_GAIN (b));
      total->blocks++;
      if (DUMP_CORR_GAIN (b) > 0)
	total->gaining++;
    }
}
