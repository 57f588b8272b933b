/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: path regeneration (section 3.5), path number
   -> DAG edges, for pathprof-dump.

   Start at ENTRY with r = the path number; at each vertex take the
   out-edge with the largest Val not above r, subtract its Val and
   follow it; at EXIT r must be 0.  This inverts Figure 5's numbering
   because the Vals of a vertex's out-edges partition 0..NumPaths(v)-1
   into consecutive ranges.

   The DAG comes from a file, so nothing is trusted: pp_regen_new checks
   ranges, ordering, acyclicity and that the Vals are a Figure 5
   numbering; pp_regen_path still bounds its walk by the number of blocks
   (a path in a DAG visits each block at most once) and by the caller's
   capacity.  A malformed DAG gives an error, never a crash, a hang or an
   overrun.  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ppcore.h"

struct pp_regen
{
  uint32_t num_blocks;
  uint32_t num_edges;
  uint64_t num_paths;  /* N = NumPaths(ENTRY), apart dummies left out */
  /* Apart early exits (pp_regen_new_apart), by increasing Val: their
     positions.  */
  uint32_t num_apart;
  uint32_t *apart_pos;
  bool *apart;       /* by position: an apart dummy, or NULL for none */
  uint32_t *start;   /* [num_blocks + 1]: the out-edges of v sit at
			positions start[v] .. start[v + 1] - 1 */
  uint32_t *dst;     /* by position: destination block */
  uint32_t *edge;    /* by position: the caller's edge index */
  uint64_t *val;     /* by position: Val */
};

static void regen_error (char *err, size_t errlen, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__ ((format (printf, 3, 4)))
#endif
  ;

/* Format a reason into ERR if there is room.  */
static void
regen_error (char *err, size_t errlen, const char *fmt, ...)
{
  if (err != NULL && errlen > 0)
    {
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (err, errlen, fmt, ap);
      va_end (ap);
    }
}

/* Check that the DAG is acyclic and that its Vals are exactly Figure 5's
   for some order of each vertex's out-edges: Val(e_1) = 0 and Val(e_i) =
   Val(e_{i-1}) + NumPaths(dst e_{i-1}), every destination reaching EXIT.
   Then every number below NumPaths(ENTRY) regenerates to exactly one
   path, and a wrong or damaged DAG is refused here rather than producing
   plausible but wrong paths.  Linear (Kahn's algorithm, then one pass in
   reverse topological order).  */
/* Sort R's apart positions by Val.  qsort takes no context, so the
   positions are sorted as (Val, position) pairs.  */
typedef struct apart_key
{
  uint64_t val;
  uint32_t pos;
} apart_key;

static int
cmp_apart (const void *pa, const void *pb)
{
  const apart_key *a = pa, *b = pb;
  if (a->val != b->val)
    return a->val < b->val ? -1 : 1;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static void
qsort_r_positions (pp_regen *r)
{
  apart_key *keys = malloc (((size_t) r->num_apart + 1) * sizeof *keys);
  if (keys == NULL)
    {
      /* Unsorted: the duplicate check below may miss, and lookups fail
	 (no number decodes through an apart dummy).  */
      r->num_apart = 0;
      return;
    }
  for (uint32_t i = 0; i < r->num_apart; i++)
    {
      keys[i].val = r->val[r->apart_pos[i]];
      keys[i].pos = r->apart_pos[i];
    }
  qsort (keys, r->num_apart, sizeof *keys, cmp_apart);
  for (uint32_t i = 0; i < r->num_apart; i++)
    r->apart_pos[i] = keys[i].pos;
  free (keys);
}

/* Put the blocks of R in ORDER, a topological order (PENDING: scratch,
   zeroed, a slot per block).  Returns false with the reason in ERR when
   the DAG has a cycle.  */
static bool
topological_order (const pp_regen *r, uint32_t *pending, uint32_t *order,
		   char *err, size_t errlen)
{
  uint32_t nv = r->num_blocks;

  for (uint32_t p = 0; p < r->num_edges; p++)
    pending[r->dst[p]]++;
  uint32_t head = 0, tail = 0;
  for (uint32_t v = 0; v < nv; v++)
    if (pending[v] == 0)
      order[tail++] = v;
  while (head < tail)
    {
      uint32_t v = order[head++];
      for (uint32_t p = r->start[v]; p < r->start[v + 1]; p++)
	if (--pending[r->dst[p]] == 0)
	  order[tail++] = r->dst[p];
    }
  if (tail != nv)
    {
      uint32_t v = 0;
      while (pending[v] == 0)
	v++;
      regen_error (err, errlen, "the DAG has a cycle (block %u is on or "
		   "after it)", v);
      return false;
    }
  return true;
}

/* Check that the Vals of the out-edges of block V of R are Figure 5's,
   NUM_PATHS holding the paths from each block after V, and set
   NUM_PATHS[V].  Returns false with the reason in ERR if not.  */
static bool
check_block_vals (const pp_regen *r, uint32_t v, uint64_t *num_paths,
		  char *err, size_t errlen)
{
  if (v == PP_EXIT)
    {
      num_paths[v] = 1;
      return true;
    }
  uint64_t sum = 0;
  for (uint32_t p = r->start[v]; p < r->start[v + 1]; p++)
    {
      if (r->apart != NULL && r->apart[p])
	{
	  if (r->dst[p] != PP_EXIT)
	    {
	      regen_error (err, errlen, "DAG edge %u (%u->%u) is an "
			   "early exit apart but does not end at EXIT",
			   r->edge[p], v, r->dst[p]);
	      return false;
	    }
	  continue;
	}
      uint64_t paths = num_paths[r->dst[p]];
      if (paths == 0)
	{
	  regen_error (err, errlen, "DAG edge %u (%u->%u) leads where no "
		       "path reaches EXIT", r->edge[p], v, r->dst[p]);
	  return false;
	}
      if (r->val[p] != sum)
	{
	  regen_error (err, errlen, "DAG edge %u (%u->%u) has Val %llu, "
		       "Figure 5 gives %llu", r->edge[p], v, r->dst[p],
		       (unsigned long long) r->val[p],
		       (unsigned long long) sum);
	  return false;
	}
      if (paths > UINT64_MAX - sum)
	{
	  regen_error (err, errlen, "more than 2^64 paths from block %u",
		       v);
	  return false;
	}
      sum += paths;
    }
  num_paths[v] = sum;
  return true;
}

/* Apart dummies: after their source's numbered edges (the Vals
   increase within a source), each Val a distinct non-zero multiple of
   N, so that a number from N on names one dummy and a prefix.  Check
   those of R and list them in R->apart_pos by Val.  Returns false with
   the reason in ERR if they are not so.  */
static bool
check_apart (pp_regen *r, char *err, size_t errlen)
{
  uint64_t n = r->num_paths;

  for (uint32_t p = 0; p < r->num_edges; p++)
    if (r->apart[p]
	&& (n == 0 || r->val[p] == 0 || r->val[p] % n != 0))
      {
	regen_error (err, errlen, "DAG edge %u is an early exit apart "
		     "with Val %llu, not a multiple of %llu paths",
		     r->edge[p], (unsigned long long) r->val[p],
		     (unsigned long long) n);
	return false;
      }
    else if (r->apart[p])
      r->apart_pos[r->num_apart++] = p;
  qsort_r_positions (r);
  for (uint32_t i = 1; i < r->num_apart; i++)
    if (r->val[r->apart_pos[i]] == r->val[r->apart_pos[i - 1]])
      {
	regen_error (err, errlen, "DAG edges %u and %u are early exits "
		     "apart of the same Val %llu",
		     r->edge[r->apart_pos[i - 1]], r->edge[r->apart_pos[i]],
		     (unsigned long long) r->val[r->apart_pos[i]]);
	return false;
      }
  return true;
}

/* Check that the DAG of R is acyclic and its Vals Figure 5's numbering,
   and set R->num_paths; with apart early exits, check them too.
   Returns false with the reason in ERR if not.  */
static bool
regen_check_numbering (pp_regen *r, char *err, size_t errlen)
{
  uint32_t nv = r->num_blocks;
  uint32_t *pending = calloc (nv, sizeof (uint32_t));
  uint32_t *order = malloc ((size_t) nv * sizeof (uint32_t));
  uint64_t *num_paths = calloc (nv, sizeof (uint64_t));
  bool ok = false;
  if (pending == NULL || order == NULL || num_paths == NULL)
    {
      regen_error (err, errlen, "out of memory");
      goto out;
    }
  if (!topological_order (r, pending, order, err, errlen))
    goto out;
  for (uint32_t i = nv; i-- > 0;)
    if (!check_block_vals (r, order[i], num_paths, err, errlen))
      goto out;
  r->num_paths = num_paths[PP_ENTRY];
  if (r->apart != NULL && !check_apart (r, err, errlen))
    goto out;
  ok = true;

out:
  free (pending);
  free (order);
  free (num_paths);
  return ok;
}

/* Check the edges and index them by source.  See ppcore.h.  The groups of
   edges may come in any block order; within a group, Val must strictly
   increase (equal Vals would make two edges claim the same numbers).  */
pp_regen *
pp_regen_new (uint32_t num_blocks, uint32_t num_edges, const uint32_t *src,
	      const uint32_t *dst, const uint64_t *val, char *err,
	      size_t errlen)
{
  return pp_regen_new_apart (num_blocks, num_edges, src, dst, val, NULL, err,
			     errlen);
}

pp_regen *
pp_regen_new_apart (uint32_t num_blocks, uint32_t num_edges,
		    const uint32_t *src, const uint32_t *dst,
		    const uint64_t *val, const bool *apart, char *err,
		    size_t errlen)
{
  if (err != NULL && errlen > 0)
    err[0] = '\0';
  if (num_blocks < 2)
    {
      regen_error (err, errlen, "a DAG needs ENTRY and EXIT (%u blocks)",
		   num_blocks);
      return NULL;
    }
  if (num_edges > 0 && (src == NULL || dst == NULL || val == NULL))
    {
      regen_error (err, errlen, "%u edges but no edge arrays", num_edges);
      return NULL;
    }

  pp_regen *r = calloc (1, sizeof *r);
  bool *seen = calloc (num_blocks, sizeof (bool));
  if (r != NULL)
    {
      r->start = calloc ((size_t) num_blocks + 1, sizeof (uint32_t));
      r->dst = malloc (((size_t) num_edges + 1) * sizeof (uint32_t));
      r->edge = malloc (((size_t) num_edges + 1) * sizeof (uint32_t));
      r->val = malloc (((size_t) num_edges + 1) * sizeof (uint64_t));
      if (apart != NULL)
	{
	  r->apart = calloc ((size_t) num_edges + 1, sizeof (bool));
	  r->apart_pos = malloc (((size_t) num_edges + 1)
				 * sizeof (uint32_t));
	}
    }
  if (r == NULL || seen == NULL || r->start == NULL || r->dst == NULL
      || r->edge == NULL || r->val == NULL
      || (apart != NULL && (r->apart == NULL || r->apart_pos == NULL)))
    {
      regen_error (err, errlen, "out of memory");
      free (seen);
      pp_regen_free (r);
      return NULL;
    }
  r->num_blocks = num_blocks;
  r->num_edges = num_edges;

  for (uint32_t i = 0; i < num_edges; i++)
    {
      const char *what = NULL;
      if (src[i] >= num_blocks || dst[i] >= num_blocks)
	what = "names a block out of range";
      else if (src[i] == PP_EXIT)
	what = "leaves EXIT";
      else if (dst[i] == PP_ENTRY)
	what = "enters ENTRY";
      else if (i > 0 && src[i] == src[i - 1] && val[i] <= val[i - 1])
	what = "does not increase Val within its source";
      else if ((i == 0 || src[i] != src[i - 1]) && seen[src[i]])
	what = "breaks the grouping by source";
      if (what != NULL)
	{
	  regen_error (err, errlen, "DAG edge %u (%u->%u) %s", i, src[i],
		       dst[i], what);
	  free (seen);
	  pp_regen_free (r);
	  return NULL;
	}
      seen[src[i]] = true;
      r->start[src[i] + 1]++;
    }
  free (seen);

  for (uint32_t v = 0; v < num_blocks; v++)
    r->start[v + 1] += r->start[v];
  for (uint32_t i = 0; i < num_edges;)
    {
      uint32_t v = src[i], p = r->start[v];
      for (; i < num_edges && src[i] == v; i++, p++)
	{
	  r->dst[p] = dst[i];
	  r->edge[p] = i;
	  r->val[p] = val[i];
	  if (apart != NULL)
	    r->apart[p] = apart[i];
	}
    }
  if (!regen_check_numbering (r, err, errlen))
    {
      pp_regen_free (r);
      return NULL;
    }
  return r;
}

/* Walk the complete path PATH (below N) into EDGES; with STOP not
   PP_NONE, stop on reaching block STOP (-1 if the path does not).  */
static int
regen_walk (const pp_regen *regen, uint64_t path, uint32_t stop,
	    uint32_t *edges, uint32_t cap, uint32_t *len)
{
  uint64_t r = path;
  uint32_t v = PP_ENTRY, n = 0;
  for (uint32_t steps = 0; v != PP_EXIT; steps++)
    {
      if (v == stop)
	{
	  /* A prefix's number leaves nothing for the rest.  */
	  if (r != 0)
	    return -1;
	  *len = n;
	  return 0;
	}
      uint32_t lo = regen->start[v], hi = regen->start[v + 1];
      /* A DAG path has fewer edges than the DAG has blocks.  */
      if (steps >= regen->num_blocks || lo == hi || regen->val[lo] > r
	  || n >= cap)
	return -1;
      /* The last out-edge with Val <= r: binary search in [lo, hi).  */
      while (hi - lo > 1)
	{
	  uint32_t mid = lo + (hi - lo) / 2;
	  if (regen->val[mid] <= r)
	    lo = mid;
	  else
	    hi = mid;
	}
      r -= regen->val[lo];
      edges[n++] = regen->edge[lo];
      v = regen->dst[lo];
    }
  if (r != 0 || stop != PP_NONE)
    return -1;
  *len = n;
  return 0;
}

/* Walk path PATH; see ppcore.h.  A number from N on is a path left at
   an apart early exit: the dummy of Val N * k = PATH rounded down to a
   multiple of N, after the prefix of Val PATH - N * k, which is the
   first part of the complete path of that number (its prefix followed
   by the first out-edge, of Val 0, at every vertex from the dummy's
   source on).  */
int
pp_regen_path (const pp_regen *regen, uint64_t path, uint32_t *edges,
	       uint32_t cap, uint32_t *len)
{
  if (len != NULL)
    *len = 0;
  if (regen == NULL || len == NULL || (cap > 0 && edges == NULL))
    return -1;
  if (path < regen->num_paths || regen->num_apart == 0)
    return regen_walk (regen, path, PP_NONE, edges, cap, len);
  uint64_t base = path - path % regen->num_paths;
  uint32_t lo = 0, hi = regen->num_apart;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (regen->val[regen->apart_pos[mid]] < base)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo == regen->num_apart || regen->val[regen->apart_pos[lo]] != base)
    return -1;
  uint32_t pos = regen->apart_pos[lo];
  /* The dummy's source: the vertex whose out-edges hold POS.  */
  uint32_t v = 0;
  while (regen->start[v + 1] <= pos)
    v++;
  uint32_t n = 0;
  if (regen_walk (regen, path - base, v, edges, cap, &n) != 0 || n >= cap)
    return -1;
  edges[n++] = regen->edge[pos];
  *len = n;
  return 0;
}

uint64_t
pp_regen_num_paths (const pp_regen *regen)
{
  return regen != NULL ? regen->num_paths : 0;
}

/* Free REGEN (NULL is fine).  */
void
pp_regen_free (pp_regen *regen)
{
  if (regen == NULL)
    return;
  free (regen->start);
  free (regen->dst);
  free (regen->edge);
  free (regen->val);
  free (regen->apart);
  free (regen->apart_pos);
  free (regen);
}
