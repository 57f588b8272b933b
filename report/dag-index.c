/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function's DAG indexed for walks: see dag-index.h.  */

#include <stdlib.h>
#include <string.h>

#include "dag-index.h"

/* Release IX's memory.  */

void
report_dag_index_free (report_dag_index *ix)
{
  free (ix->out_start);
  free (ix->out);
  free (ix->order);
  free (ix->paths_to);
  memset (ix, 0, sizeof *ix);
}

/* Index FN's DAG: out-edges by source (counting sort), a topological
   order (Kahn's algorithm), then the paths from ENTRY to each vertex in
   that order.  A meta that decoded and whose DAG regeneration accepted
   is acyclic, so the order holds every vertex.  */

int
report_dag_index_init (report_dag_index *ix, const report_function *fn)
{
  const ppf_dag *dag = &fn->dag;
  uint32_t nv = fn->meta.num_blocks, ne = dag->num_edges;
  uint32_t *indegree, *fill;
  uint32_t head = 0, tail = 0;

  memset (ix, 0, sizeof *ix);
  ix->num_vertices = nv;
  ix->out_start = calloc (nv + 1, sizeof *ix->out_start);
  ix->out = malloc ((ne + 1) * sizeof *ix->out);
  ix->order = malloc ((nv + 1) * sizeof *ix->order);
  ix->paths_to = calloc (nv + 1, sizeof *ix->paths_to);
  indegree = calloc (nv + 1, sizeof *indegree);
  fill = malloc ((nv + 1) * sizeof *fill);
  if (!ix->out_start || !ix->out || !ix->order || !ix->paths_to
      || !indegree || !fill)
    {
      free (indegree);
      free (fill);
      report_dag_index_free (ix);
      return -1;
    }
  for (uint32_t e = 0; e < ne; e++)
    {
      ix->out_start[dag->src[e] + 1]++;
      indegree[dag->dst[e]]++;
    }
  for (uint32_t v = 0; v < nv; v++)
    ix->out_start[v + 1] += ix->out_start[v];
  memcpy (fill, ix->out_start, (nv + 1) * sizeof *fill);
  for (uint32_t e = 0; e < ne; e++)
    ix->out[fill[dag->src[e]]++] = e;

  for (uint32_t v = 0; v < nv; v++)
    if (indegree[v] == 0)
      ix->order[tail++] = v;
  while (head < tail)
    {
      uint32_t v = ix->order[head++];
      for (uint32_t k = ix->out_start[v]; k < ix->out_start[v + 1]; k++)
	if (--indegree[dag->dst[ix->out[k]]] == 0)
	  ix->order[tail++] = dag->dst[ix->out[k]];
    }
  if (nv)
    ix->paths_to[0] = 1;
  for (uint32_t i = 0; i < tail; i++)
    {
      uint32_t v = ix->order[i];
      for (uint32_t k = ix->out_start[v]; k < ix->out_start[v + 1]; k++)
	{
	  uint32_t d = dag->dst[ix->out[k]];
	  ix->paths_to[d] = ppf_count_add (ix->paths_to[d], ix->paths_to[v]);
	}
    }
  free (indegree);
  free (fill);
  return 0;
}

/* The paths that end with an edge of KIND: the paths from ENTRY to the
   source of each such edge (dag-index.h).  */

uint64_t
report_dag_paths_ending (const report_dag_index *ix, const report_function *fn,
			 uint32_t kind)
{
  uint64_t n = 0;

  for (uint32_t e = 0; e < fn->dag.num_edges; e++)
    if (fn->meta.edges[e].kind == kind)
      n = ppf_count_add (n, ix->paths_to[fn->dag.src[e]]);
  return n;
}

/* Count FN's potential exception exits: see dag-index.h.  Most functions
   (all of C's) have no exception exit and need no index.  */

int
report_count_exception_exits (report_function *fn)
{
  report_dag_index ix;

  fn->exception_exits = 0;
  for (uint32_t e = 0; e < fn->meta.num_edges; e++)
    if (fn->meta.edges[e].kind == PPF_EDGE_UNWIND_EXIT)
      {
	if (report_dag_index_init (&ix, fn) != 0)
	  return -1;
	fn->exception_exits = report_dag_paths_ending (&ix, fn,
						       PPF_EDGE_UNWIND_EXIT);
	report_dag_index_free (&ix);
	break;
      }
  return 0;
}
