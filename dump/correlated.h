/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Correlated branches (--correlated): what a path profile knows about a
   branch that its edge profile cannot say.

   An edge profile gives, for a block B, how often each CFG edge entered
   B and how often each left it.  A path profile gives more: for every
   execution of B's branch, the edge it arrived by AND the edge it left
   by, because both are edges of one path (a Ball-Larus path holds each
   execution of a block exactly once).  So for each branch block B the
   path profile gives the matrix

     c(p, s) = executions of B that arrived by CFG edge p and left by s

   summed over the executed paths.  A predecessor p is a CFG edge into
   B: a real edge (ENTRY -> B for the function's first block), or a
   backedge into B, known from the ENTRY -> B dummy that starts the
   paths after it (so a loop head's predecessors are the edge from
   before the loop and each of its backedges), or a cut edge (a path
   starting after it), or a restart edge (a longjmp or nonlocal goto
   landing in B).  A successor s is a CFG edge out of B: a real edge
   (B -> EXIT at a return), or a backedge or cut edge, known from the
   B -> EXIT dummy that ends the path there.  A path that ends IN B
   without taking a successor (a call in B that did not return, an
   exception) never reached B's branch: it is not counted.  A triple is
   only ever formed inside one path; the path that was in progress when
   the program left (exit in a callee) is lost, as everywhere.  Parallel
   CFG edges (the file names an edge by its two blocks) are one.

   A branch block: one that ends in a choice (with the meta's detail
   section, one that has a branch outcome; without it, one with two or
   more successors).  Of those, the report ranks the ones entered by two
   or more CFG edges:

     executions(B)  = sum over p, s of c(p, s)
     edge-predicted = max over s of sum over p of c(p, s): the hits of
		      one static prediction of B's branch, the most
		      frequent successor, which the edge profile gives
     path-predicted = sum over p of max over s of c(p, s): one
		      prediction per predecessor, which tail-duplicating B
		      per predecessor (a superblock) makes possible
     gain(B)        = path-predicted - edge-predicted (never negative).

   With one predecessor the two predictions are the same, so such blocks
   only count in the total of branch executions.  */

#ifndef PATHPROF_DUMP_CORRELATED_H
#define PATHPROF_DUMP_CORRELATED_H

#include <stdbool.h>
#include <stdint.h>

#include "profile-data.h"
#include "sum.h"

/* One CFG edge into or out of a branch block.  */
typedef struct dump_corr_edge
{
  uint32_t block;     /* the other end: the predecessor's source block,
			 the successor's destination block (1 for EXIT) */
  uint32_t kind;      /* the PPF_EDGE_* kind of the DAG edge that stands
			 for it: REAL; BACK_ENTRY or BACK_EXIT for a
			 backedge; CUT_ENTRY or CUT_EXIT for a cut edge;
			 RESTART_ENTRY for a restart edge */
  uint32_t dag_edge;  /* one such DAG edge, an index into meta.edges */
  uint64_t count;     /* branch executions that arrived (left) by it */
} dump_corr_edge;

/* One branch block of a function and its matrix.  */
typedef struct dump_corr_block
{
  const report_function *fn;
  uint32_t position;       /* in fn->meta.blocks */
  uint32_t num_preds;      /* every CFG edge into it, ran or not */
  uint32_t num_succs;      /* every CFG edge out of it */
  dump_corr_edge *preds;
  dump_corr_edge *succs;
  uint64_t *counts;        /* [num_preds * num_succs]: c(p, s) at
			      p * num_succs + s */
  uint64_t executions;     /* saturating at 2^64-1, as all counts */
  uint64_t edge_predicted;
  uint64_t path_predicted;
} dump_corr_block;

#define DUMP_CORR_GAIN(B) ((B)->path_predicted - (B)->edge_predicted)

/* The branch blocks of one function: only those entered by two or more
   CFG edges whose branch ran, in block order; and the executions of all
   its branch blocks.  */
typedef struct dump_correlation
{
  uint32_t num_blocks;
  dump_corr_block *blocks;
  report_sum branch_executions;  /* of every branch block */
} dump_correlation;

/* The figures of a set of functions.  */
typedef struct dump_corr_total
{
  report_sum branch_executions;  /* of every branch block */
  report_sum executions;         /* of the multi-predecessor ones */
  report_sum edge_predicted;
  report_sum path_predicted;
  report_sum gain;               /* path_predicted - edge_predicted */
  uint64_t blocks;               /* multi-predecessor branch blocks that
				    ran */
  uint64_t gaining;              /* of them, those whose gain is not 0 */
} dump_corr_total;

/* Fill OUT with FN's correlated branches.  Returns 0, or -1 if memory
   ran out or a path did not regenerate (the file was read whole, so it
   cannot happen), OUT then empty.  */
int dump_correlate (const report_function *fn, dump_correlation *out);
void dump_correlation_free (dump_correlation *c);

/* Add C's figures to TOTAL (zeroed first by the caller).  */
void dump_corr_total_add (dump_corr_total *total,
			  const dump_correlation *c);

#endif /* PATHPROF_DUMP_CORRELATED_H */
