/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How well an edge profile predicts the hot paths (--predict): Ball &
   Larus's Table 2 (MICRO 1996, section 6.2).

   The edge profile is the one the path profile determines (ppedges.h):
   every DAG edge's count.  From each path start that ran (the
   function's entry; the head of a loop after a backedge; the target of a
   cut edge; where a longjmp or fork lands: the first DAG edges of the
   executed paths), the heuristic follows the hottest edge out of each
   block until the path ends: at EXIT, a backedge, a cut edge or a call
   that does not return.  Ties go to the edge whose destination has the
   lowest block number (the loop head for a backedge), then to the first
   in the meta.  Early and unwind exits (DAG kinds 7 and 8) are never
   taken unless a block has no other way out.  One predicted path per
   start.

   Lengths: a path's length in edges is the number of CFG edges between
   its blocks (its blocks less one), in statements the sum of its blocks'
   num_stmts (with the meta's detail section only).  */

#ifndef PATHPROF_DUMP_PREDICT_H
#define PATHPROF_DUMP_PREDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "profile-data.h"
#include "sum.h"

typedef struct dump_prediction
{
  uint64_t executed;            /* executed paths */
  uint64_t predicted;           /* predicted paths (one per start) */
  uint64_t hit;                 /* predicted paths that ran */
  report_sum executions;        /* all path executions */
  report_sum hit_executions;    /* the counts of the predicted paths */
  bool stmts;                   /* every function had the detail section:
				   the statement figures mean something */
  /* Sums for the averages, so that functions add up.  */
  long double edges;          /* over executed paths, of their length */
  long double edges_weighted; /* of count * length */
  long double stmts_sum;
  long double stmts_weighted;
  long double predicted_edges;
  long double predicted_stmts;
  /* The predicted paths of one function (NULL for a sum).  */
  uint64_t *ids;
} dump_prediction;

/* Predict FN's paths into OUT.  Returns 0, or -1 if memory ran out.  */
int dump_predict (const report_function *fn, dump_prediction *out);
/* Add PART's figures to SUM (whose ids stay NULL); SUM starts zeroed with
   stmts true.  */
void dump_prediction_add (dump_prediction *sum, const dump_prediction *part);
void dump_prediction_free (dump_prediction *p);

#endif /* PATHPROF_DUMP_PREDICT_H */
