/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function's Ball-Larus DAG indexed for walks over it: the out-edges
   of each vertex, a topological order, and the number of paths from
   ENTRY to each vertex.  Vertices are positions in meta.blocks (0 ENTRY,
   1 EXIT), as in ppf_dag.

   The number of paths from ENTRY to a vertex is what counts the paths
   that end in a given way without enumerating them: every path that
   ends with the DAG edge U->EXIT is one path from ENTRY to U followed
   by that edge, so the function's potential paths of an end kind add up
   PATHS_TO[U] over the edges of that kind (report_dag_paths_ending).  A
   path from ENTRY to U extends to at least one whole path, and distinct
   ones to distinct paths, so no such count exceeds num_paths; the sums
   saturate all the same, for a meta whose Val lies.  */

#ifndef PATHPROF_REPORT_DAG_INDEX_H
#define PATHPROF_REPORT_DAG_INDEX_H

#include <stdint.h>

#include "profile-data.h"

typedef struct report_dag_index
{
  uint32_t num_vertices;   /* meta.num_blocks */
  uint32_t *out_start;     /* [num_vertices + 1] into OUT */
  uint32_t *out;           /* DAG edge indices grouped by source, in
			      meta order within a source */
  uint32_t *order;         /* [num_vertices]: a topological order */
  uint64_t *paths_to;      /* [num_vertices]: paths from ENTRY,
			      saturating */
} report_dag_index;

/* Index FN's DAG into IX.  Returns 0, or -1 if memory ran out (IX is then
   empty).  */
int report_dag_index_init (report_dag_index *ix, const report_function *fn);
void report_dag_index_free (report_dag_index *ix);

/* The number of FN's potential paths whose last DAG edge is of KIND
   (PPF_EDGE_UNWIND_EXIT: the exception exits), from IX, FN's index.  */
uint64_t report_dag_paths_ending (const report_dag_index *ix,
				  const report_function *fn, uint32_t kind);

/* Fill FN->exception_exits: its potential paths that end by an
   exception (DAG edge kind 8), 0 without indexing when it has no such
   edge.  Returns 0, or -1 if memory ran out.  */
int report_count_exception_exits (report_function *fn);

#endif /* PATHPROF_REPORT_DAG_INDEX_H */
