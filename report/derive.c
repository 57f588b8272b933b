/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Edge, block and line counts derived from a path profile: see derive.h
   for what they mean and why.  */

#include <stdlib.h>
#include <string.h>

#include "derive.h"

/* A position in meta.blocks that is none: a block the file does not
   list.  */
#define NO_BLOCK UINT32_MAX
/* ENTRY's block number.  */
#define BLOCK_ENTRY 0

/* ------------------------------------------------------------------ */
/* Lines, as gcov counts them.                                         */

/* One line of one block, in gcov's view.  */
typedef struct line_record
{
  uint32_t file, line;
  uint32_t block;   /* position in meta.blocks */
  uint32_t order;   /* position among the block's lines */
  bool owner;       /* the greatest line of a run of lines of one file:
		       gcov puts the block in this line's list
		       (add_line_counts) */
} line_record;

/* Where gcov lists each block's branches: on the greatest line of every
   run of lines of one file of the block's last segment, each run getting
   all of them (add_line_counts pushes the block's arcs onto the last
   line of each of its locations): an always_inline body's branches show
   on the caller's line of the call and on the callee's own line.  Block
   position b's lines are v[begin[b]] to v[begin[b + 1] - 1].  */
typedef struct branch_lines
{
  line_record *v;
  uint32_t *begin;   /* [num_blocks + 1] */
} branch_lines;

/* Order line records by file, line, block, then place in the block.  */

static int
compare_records (const void *a, const void *b)
{
  const line_record *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->block != y->block)
    return x->block < y->block ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* Order line records of one block by their place in it.  */

static int
compare_order (const void *a, const void *b)
{
  const line_record *x = a, *y = b;

  return x->order < y->order ? -1 : x->order > y->order;
}

/* A growable array of uint32_t.  */
typedef struct u32_vec
{
  uint32_t *v;
  size_t n, cap;
} u32_vec;

/* Append X to VEC.  Returns 0, or -1 if memory ran out.  */

static int
u32_push (u32_vec *vec, uint32_t x)
{
  if (vec->n == vec->cap)
    {
      size_t cap = vec->cap ? 2 * vec->cap : 8;
      uint32_t *grown = realloc (vec->v, cap * sizeof *grown);
      if (!grown)
	return -1;
      vec->v = grown;
      vec->cap = cap;
    }
  vec->v[vec->n++] = x;
  return 0;
}

/* The index of X in VEC, or VEC->n.  */

static size_t
u32_find (const u32_vec *vec, uint32_t x)
{
  size_t i = 0;

  while (i < vec->n && vec->v[i] != x)
    i++;
  return i;
}

/* The graph the line counts walk, and the state of gcov's cycle search
   (gcov.cc: circuit, unblock, handle_cycle) for one line.  */
typedef struct line_graph
{
  const report_counts *counts;
  const uint32_t *src_pos;  /* [num_edges]: the edges' blocks as positions
			       in meta.blocks; NO_BLOCK for a source the
			       file does not list (a restart edge's
			       dispatcher) */
  const uint32_t *dst_pos;
  uint32_t *succ;           /* edge indices by source block: those of
			       block b are succ[succ_begin[b] ..
			       succ_begin[b + 1]), in increasing destination
			       as gcov sorts arcs */
  size_t *succ_begin;       /* [num_blocks + 1] */
  uint32_t *pred;           /* edge indices by destination block */
  size_t *pred_begin;       /* [num_blocks + 1] */
  uint64_t *cs;             /* [num_edges]: counts still to be put into
			       cycles */
  bool *in_line;            /* [num_blocks]: the blocks the line owns */
  u32_vec path;             /* edge indices of the walk from START */
  u32_vec blocked;
  u32_vec *lists;           /* parallel to BLOCKED: blocks to unblock with
			       it */
  size_t lists_cap;
  uint64_t cycles;
  bool oom;
} line_graph;

/* gcov's handle_cycle: the cycle PATH runs its smallest remaining edge
   count more times; take that count off every edge of it.  */

static void
handle_cycle (line_graph *g)
{
  uint64_t least = UINT64_MAX;

  for (size_t i = 0; i < g->path.n; i++)
    if (g->cs[g->path.v[i]] < least)
      least = g->cs[g->path.v[i]];
  g->cycles = ppf_count_add (g->cycles, least);
  for (size_t i = 0; i < g->path.n; i++)
    g->cs[g->path.v[i]] -= least;
}

/* gcov's unblock: unblock U and, recursively, the blocks waiting on
   it.  */

static void
unblock (line_graph *g, uint32_t u)
{
  size_t index = u32_find (&g->blocked, u);
  u32_vec waiting;

  if (index == g->blocked.n)
    return;
  waiting = g->lists[index];
  memmove (&g->blocked.v[index], &g->blocked.v[index + 1],
	   (g->blocked.n - index - 1) * sizeof *g->blocked.v);
  memmove (&g->lists[index], &g->lists[index + 1],
	   (g->blocked.n - index - 1) * sizeof *g->lists);
  g->blocked.n--;
  for (size_t i = 0; i < waiting.n; i++)
    unblock (g, waiting.v[i]);
  free (waiting.v);
}

/* Whether the edge E may be walked from a block of the line: it stays in
   the line, does not go below START (each cycle is found from its
   smallest block only) and has count left.  */

static bool
walkable (const line_graph *g, size_t e, uint32_t start)
{
  uint32_t w = g->dst_pos[e];

  return w >= start && g->cs[e] > 0 && g->in_line[w];
}

/* gcov's circuit: find the cycles through V back to START, removing each
   as it is found.  Returns whether one was found.  */

static bool
circuit (line_graph *g, uint32_t v, uint32_t start)
{
  bool found = false;
  size_t index;

  if (g->blocked.n == g->lists_cap)
    {
      size_t cap = g->lists_cap ? 2 * g->lists_cap : 8;
      u32_vec *grown = realloc (g->lists, cap * sizeof *grown);
      if (!grown)
	{
	  g->oom = true;
	  return false;
	}
      g->lists = grown;
      g->lists_cap = cap;
    }
  if (u32_push (&g->blocked, v) != 0)
    {
      g->oom = true;
      return false;
    }
  memset (&g->lists[g->blocked.n - 1], 0, sizeof *g->lists);

  for (size_t k = g->succ_begin[v]; k < g->succ_begin[v + 1] && !g->oom;
       k++)
    {
      size_t e = g->succ[k];
      uint32_t w = g->dst_pos[e];
      bool zero = false;

      if (!walkable (g, e, start))
	continue;
      if (u32_push (&g->path, (uint32_t) e) != 0)
	{
	  g->oom = true;
	  break;
	}
      if (w == start)
	{
	  handle_cycle (g);
	  found = true;
	}
      else
	{
	  for (size_t i = 0; i < g->path.n; i++)
	    zero |= g->cs[g->path.v[i]] == 0;
	  if (!zero && u32_find (&g->blocked, w) == g->blocked.n)
	    found |= circuit (g, w, start);
	}
      g->path.n--;
    }

  if (found)
    unblock (g, v);
  else
    for (size_t k = g->succ_begin[v]; k < g->succ_begin[v + 1] && !g->oom;
	 k++)
      {
	size_t e = g->succ[k];
	if (!walkable (g, e, start))
	  continue;
	index = u32_find (&g->blocked, g->dst_pos[e]);
	if (index == g->blocked.n)
	  continue;
	if (u32_find (&g->lists[index], v) == g->lists[index].n
	    && u32_push (&g->lists[index], v) != 0)
	  g->oom = true;
      }
  return found;
}

/* gcov's get_cycles_count for the blocks OWNERS[0..N-1] of one line
   (increasing): how many times control went round loops that never
   leave the line.  */

static uint64_t
cycles_count (line_graph *g, const uint32_t *owners, size_t n)
{
  g->cycles = 0;
  for (size_t i = 0; i < n && !g->oom; i++)
    {
      g->path.n = 0;
      while (g->blocked.n)
	free (g->lists[--g->blocked.n].v);
      circuit (g, owners[i], owners[i]);
    }
  while (g->blocked.n)
    free (g->lists[--g->blocked.n].v);
  return g->cycles;
}

/* The first block of FN (position), the destination of its entry edge:
   gcov gives it the function's declaration line.  0 if none.  */

static uint32_t
first_block (const report_function *fn)
{
  const ppf_meta *m = &fn->meta;

  for (uint32_t e = 0; e < m->num_edges; e++)
    if (m->edges[e].kind == PPF_EDGE_REAL && fn->dag.src[e] == 0)
      return fn->dag.dst[e];
  return 0;
}

/* gcov's blocks, which are FN's blocks split after every call at which
   a path may end early (an EARLY_EXIT edge names the call's line):
   profile.cc's branch_prob first splits blocks after calls that may not
   return (flow_call_edges_add), so the lines after such a call count
   only the paths that got past it.  Segment 0 of a block is the block
   itself (its position in meta.blocks); segment i > 0, the lines after
   the i-th split, has position EXTRA[b] + i - 1, after all the blocks.
   The split after line index SPLIT of block b is also a gcov edge from
   the segment before it to the one after, taken by the block's paths
   less those that ended at the call (ENDED).  */

typedef struct split
{
  uint32_t block;   /* position in meta.blocks */
  uint32_t line;    /* index into the block's lines: the call's */
  uint64_t ended;   /* paths that ended at the call(s) of that line */
} split;

typedef struct segmentation
{
  uint32_t num_positions;  /* blocks, then the extra segments */
  size_t num_splits;
  split *splits;           /* by block, then line; one per (block, line) */
  size_t *first_split;     /* [num_blocks + 1]: the block's splits are
			      splits[first_split[b] .. first_split[b+1]) */
  uint32_t *extra;         /* [num_blocks]: position of its segment 1 */
} segmentation;

/* Order splits by block, then line.  */

static int
compare_splits (const void *a, const void *b)
{
  const split *x = a, *y = b;

  if (x->block != y->block)
    return x->block < y->block ? -1 : 1;
  return x->line < y->line ? -1 : x->line > y->line;
}

/* Fill SEG for FN from the counts of its DAG edges.  Returns 0 or -1.  */

static int
segment_blocks (const report_function *fn, const uint64_t *dag_counts,
		segmentation *seg)
{
  const ppf_meta *m = &fn->meta;
  size_t n = 0;

  memset (seg, 0, sizeof *seg);
  seg->splits = malloc ((m->num_edges + 1) * sizeof *seg->splits);
  seg->first_split = calloc (m->num_blocks + 1, sizeof *seg->first_split);
  seg->extra = calloc (m->num_blocks + 1, sizeof *seg->extra);
  if (!seg->splits || !seg->first_split || !seg->extra)
    return -1;
  /* A call on the block's last line splits nothing: a call that ends
     its block gets no split in gcov either, and statements after the
     call on that same line would only make a segment of that line.  */
  for (uint32_t e = 0; e < m->num_edges; e++)
    if (m->edges[e].kind == PPF_EDGE_EARLY_EXIT
	&& m->edges[e].cfg_dst != PPF_NONE
	&& m->edges[e].cfg_dst + 1 < m->blocks[fn->dag.src[e]].num_lines)
      seg->splits[n++] = (split) { fn->dag.src[e], m->edges[e].cfg_dst,
				   dag_counts[e] };
  qsort (seg->splits, n, sizeof *seg->splits, compare_splits);
  size_t kept = 0;
  for (size_t i = 0; i < n; i++)
    if (kept && !compare_splits (&seg->splits[kept - 1], &seg->splits[i]))
      seg->splits[kept - 1].ended = ppf_count_add (seg->splits[kept - 1].ended,
						   seg->splits[i].ended);
    else
      seg->splits[kept++] = seg->splits[i];
  seg->num_splits = kept;
  seg->num_positions = m->num_blocks;
  for (size_t i = 0; i < kept; i++)
    seg->first_split[seg->splits[i].block + 1]++;
  for (uint32_t b = 0; b < m->num_blocks; b++)
    {
      size_t count = seg->first_split[b + 1];
      seg->first_split[b + 1] += seg->first_split[b];
      seg->extra[b] = seg->num_positions;
      seg->num_positions += (uint32_t) count;
    }
  return 0;
}

static void
segmentation_free (segmentation *seg)
{
  free (seg->splits);
  free (seg->first_split);
  free (seg->extra);
}

/* The position of segment I of block B.  */

static uint32_t
segment_position (const segmentation *seg, uint32_t b, size_t i)
{
  return i == 0 ? b : seg->extra[b] + (uint32_t) i - 1;
}

/* The position of the block of FN to which gcov.cc gives no line:
   add_line_counts takes the last of a function's blocks for EXIT, as it
   was before GCC 8 numbered EXIT 1, and so never makes the block of the
   highest number a line's (lines that only it would own count the sum
   of their blocks: a lambda of one block on the line of the call that
   passes it counts that call's executions).  branch_prob numbers blocks
   in their order (compact_blocks), and so does the plugin
   (pathprof_prepare_cfg), the landing pads it adds first, before
   gcov's blocks.  UINT32_MAX if none.  */

static uint32_t
gcov_last_block (const report_function *fn)
{
  const ppf_meta *m = &fn->meta;
  uint32_t last = UINT32_MAX;

  for (uint32_t b = 2; b < m->num_blocks; b++)
    if (last == UINT32_MAX || m->blocks[b].index > m->blocks[last].index)
      last = b;
  return last;
}

/* The lines gcov gives each of FN's blocks (segments of SEG), as
   records: the declaration line first in the first block, then the
   block's lines, each (file, line) once per block (profile.cc streams a
   location once per block), owner flags set.  Records start with owner
   false.  LAST gets, for each block position of meta.blocks, the
   records of the lines gcov gives the block's branches (branch_lines).
   Returns a malloc'd array of *NUM records, or NULL.  */

static line_record *
block_line_records (const report_function *fn, const segmentation *seg,
		    size_t *num, branch_lines *last)
{
  const ppf_meta *m = &fn->meta;
  uint32_t first = first_block (fn);
  uint32_t unowned = gcov_last_block (fn);
  size_t total = 1, n = 0;
  line_record *recs;

  for (uint32_t b = 0; b < m->num_blocks; b++)
    total += m->blocks[b].num_lines;
  recs = malloc (total * sizeof *recs);
  last->v = malloc (total * sizeof *last->v);
  last->begin = calloc (m->num_blocks + 1, sizeof *last->begin);
  if (!recs || !last->v || !last->begin)
    {
      free (recs);
      return NULL;
    }
  for (uint32_t b = 0; b < m->num_blocks; b++)
    {
      const ppf_block *blk = &m->blocks[b];
      size_t nsplits = seg->first_split[b + 1] - seg->first_split[b];
      uint32_t lo = 0;

      last->begin[b + 1] = last->begin[b];
      if (b < 2)
	continue;
      for (size_t part = 0; part <= nsplits; part++)
	{
	  uint32_t pos = segment_position (seg, b, part);
	  uint32_t hi = part < nsplits
			? seg->splits[seg->first_split[b] + part].line + 1
			: blk->num_lines;
	  size_t start = n, kept;
	  uint32_t order = 0;

	  if (hi > blk->num_lines)
	    hi = blk->num_lines;
	  if (b == first && part == 0 && m->file < m->num_files)
	    recs[n++] = (line_record) { m->file, m->line ? m->line : 1, pos,
					order++, false };
	  for (uint32_t i = lo; i < hi; i++)
	    recs[n++] = (line_record) { blk->lines[i].file,
					blk->lines[i].line, pos, order++,
					false };
	  lo = hi > lo ? hi : lo;
	  /* Keep the first occurrence of each line in the block.  */
	  qsort (recs + start, n - start, sizeof *recs, compare_records);
	  kept = start;
	  for (size_t i = start; i < n; i++)
	    if (kept == start || recs[kept - 1].file != recs[i].file
		|| recs[kept - 1].line != recs[i].line)
	      recs[kept++] = recs[i];
	  n = kept;
	  qsort (recs + start, n - start, sizeof *recs, compare_order);
	  /* gcov sorts the lines of each run of one file
	     (process_all_functions) and gives the block to the last: the
	     greatest.  */
	  for (size_t i = start, run = start; i < n; i++)
	    if (i + 1 == n || recs[i + 1].file != recs[i].file)
	      {
		size_t greatest = run;
		for (size_t k = run + 1; k <= i; k++)
		  if (recs[k].line > recs[greatest].line)
		    greatest = k;
		recs[greatest].owner = b != unowned || nsplits > 0;
		if (part == nsplits)
		  last->v[last->begin[b + 1]++] = recs[greatest];
		run = i + 1;
	      }
	}
    }
  *num = n;
  return recs;
}

/* Prepare G's adjacency over OUT's edges, whose blocks are at the
   positions SRC_POS and DST_POS.  Returns 0 or -1.  */

static int
line_graph_init (line_graph *g, const report_counts *out, uint32_t nblocks,
		 const uint32_t *src_pos, const uint32_t *dst_pos)
{
  size_t *fill;

  memset (g, 0, sizeof *g);
  g->counts = out;
  g->src_pos = src_pos;
  g->dst_pos = dst_pos;
  g->succ_begin = calloc (nblocks + 1, sizeof *g->succ_begin);
  g->pred_begin = calloc (nblocks + 1, sizeof *g->pred_begin);
  g->succ = malloc ((out->num_edges + 1) * sizeof *g->succ);
  g->pred = malloc ((out->num_edges + 1) * sizeof *g->pred);
  g->cs = calloc (out->num_edges + 1, sizeof *g->cs);
  g->in_line = calloc (nblocks + 1, sizeof *g->in_line);
  fill = calloc (nblocks + 1, sizeof *fill);
  if (!g->succ_begin || !g->pred_begin || !g->succ || !g->pred || !g->cs
      || !g->in_line || !fill)
    {
      free (fill);
      return -1;
    }
  /* Counting sorts, stable: OUT's edges are in increasing destination
     within a source.  */
  for (size_t e = 0; e < out->num_edges; e++)
    {
      if (src_pos[e] != NO_BLOCK)
	g->succ_begin[src_pos[e] + 1]++;
      g->pred_begin[dst_pos[e] + 1]++;
    }
  for (uint32_t b = 0; b < nblocks; b++)
    {
      g->succ_begin[b + 1] += g->succ_begin[b];
      g->pred_begin[b + 1] += g->pred_begin[b];
    }
  memcpy (fill, g->succ_begin, (nblocks + 1) * sizeof *fill);
  for (size_t e = 0; e < out->num_edges; e++)
    if (src_pos[e] != NO_BLOCK)
      g->succ[fill[src_pos[e]]++] = (uint32_t) e;
  memcpy (fill, g->pred_begin, (nblocks + 1) * sizeof *fill);
  for (size_t e = 0; e < out->num_edges; e++)
    g->pred[fill[dst_pos[e]]++] = (uint32_t) e;
  free (fill);
  return 0;
}

/* Release G's memory.  */

static void
line_graph_free (line_graph *g)
{
  while (g->blocked.n)
    free (g->lists[--g->blocked.n].v);
  free (g->lists);
  free (g->blocked.v);
  free (g->path.v);
  free (g->succ);
  free (g->succ_begin);
  free (g->pred_begin);
  free (g->pred);
  free (g->cs);
  free (g->in_line);
}

/* gcov's graph for FN's lines: OUT's edges and block counts with the
   blocks split as SEG says.  An edge leaves the last segment of its
   source; segment i - 1 goes on to segment i.  Fills G_COUNTS (its
   block_counts and edges only) and the positions *SRC_OUT, *DST_OUT.
   Returns 0 or -1.  */

static int
segmented_graph (const segmentation *seg, const report_counts *out,
		 const uint32_t *src_pos, const uint32_t *dst_pos,
		 report_counts *g_counts, uint32_t **src_out,
		 uint32_t **dst_out)
{
  size_t ne = out->num_edges + seg->num_splits;
  uint32_t nblocks = (uint32_t) (seg->num_positions - seg->num_splits);

  memset (g_counts, 0, sizeof *g_counts);
  g_counts->block_counts = calloc (seg->num_positions + 1,
				   sizeof *g_counts->block_counts);
  g_counts->edges = malloc ((ne + 1) * sizeof *g_counts->edges);
  *src_out = malloc ((ne + 1) * sizeof **src_out);
  *dst_out = malloc ((ne + 1) * sizeof **dst_out);
  if (!g_counts->block_counts || !g_counts->edges || !*src_out || !*dst_out)
    return -1;
  memcpy (g_counts->block_counts, out->block_counts,
	  nblocks * sizeof *out->block_counts);
  for (size_t e = 0; e < out->num_edges; e++)
    {
      uint32_t from = src_pos[e];
      if (from != NO_BLOCK)
	from = segment_position (seg, from, seg->first_split[from + 1]
					    - seg->first_split[from]);
      g_counts->edges[e] = out->edges[e];
      (*src_out)[e] = from;
      (*dst_out)[e] = dst_pos[e];
    }
  g_counts->num_edges = out->num_edges;
  for (uint32_t b = 0; b < nblocks; b++)
    for (size_t i = seg->first_split[b]; i < seg->first_split[b + 1]; i++)
      {
	size_t part = i - seg->first_split[b] + 1;
	uint32_t before = segment_position (seg, b, part - 1);
	uint32_t after = segment_position (seg, b, part);
	uint64_t c = g_counts->block_counts[before];
	c = c > seg->splits[i].ended ? c - seg->splits[i].ended : 0;
	g_counts->block_counts[after] = c;
	ppf_edge_count *ec = &g_counts->edges[g_counts->num_edges];
	memset (ec, 0, sizeof *ec);
	ec->kind = PPF_CFG_FORWARD;
	ec->count = ec->started = c;
	(*src_out)[g_counts->num_edges] = before;
	(*dst_out)[g_counts->num_edges] = after;
	g_counts->num_edges++;
      }
  return 0;
}

/* Fill OUT's lines from its edges (at SRC_POS and DST_POS) and block
   counts, with FN's blocks split after calls as SEG says.  Returns 0
   or -1.  */

static int
derive_lines (const report_function *fn, const segmentation *seg,
	      report_counts *out, const uint32_t *src_pos,
	      const uint32_t *dst_pos, branch_lines *last)
{
  uint32_t nblocks = seg->num_positions;
  size_t nrec = 0, nlines = 0;
  line_record *recs = block_line_records (fn, seg, &nrec, last);
  report_line_count *lines = NULL;
  u32_vec owners = { NULL, 0, 0 };
  report_counts gc;
  uint32_t *gsrc = NULL, *gdst = NULL;
  line_graph g;
  bool have_graph = false;
  int rc = -1;

  if (!recs
      || segmented_graph (seg, out, src_pos, dst_pos, &gc, &gsrc, &gdst) != 0
      || line_graph_init (&g, &gc, nblocks, gsrc, gdst) != 0)
    goto done;
  have_graph = true;
  lines = malloc ((nrec + 1) * sizeof *lines);
  if (!lines)
    goto done;
  qsort (recs, nrec, sizeof *recs, compare_records);
  for (size_t i = 0, j; i < nrec; i = j)
    {
      report_line_count *lc = &lines[nlines++];
      uint64_t sum = 0;

      lc->file = recs[i].file;
      lc->line = recs[i].line;
      lc->unexecuted_block = false;
      lc->owns_block = false;
      owners.n = 0;
      for (j = i; j < nrec && recs[j].file == lc->file
		  && recs[j].line == lc->line; j++)
	{
	  uint64_t bc = gc.block_counts[recs[j].block];
	  sum = ppf_count_add (sum, bc);
	  lc->unexecuted_block |= bc == 0;
	  if (recs[j].owner && u32_push (&owners, recs[j].block) != 0)
	    goto done;
	}
      if (owners.n == 0)
	{
	  /* gcov: the sum of the counts of the blocks it is in.  */
	  lc->count = sum;
	  continue;
	}
      /* gcov: entries into the line's blocks from other blocks, then the
	 loops within the line.  */
      lc->count = 0;
      lc->owns_block = true;
      for (size_t k = 0; k < owners.n; k++)
	g.in_line[owners.v[k]] = true;
      for (size_t k = 0; k < owners.n; k++)
	{
	  uint32_t b = owners.v[k];
	  for (size_t p = g.pred_begin[b]; p < g.pred_begin[b + 1]; p++)
	    {
	      uint32_t from = gsrc[g.pred[p]];
	      if (from == NO_BLOCK || !g.in_line[from])
		lc->count = ppf_count_add (lc->count,
					    gc.edges[g.pred[p]].count);
	    }
	  for (size_t k = g.succ_begin[b]; k < g.succ_begin[b + 1]; k++)
	    g.cs[g.succ[k]] = gc.edges[g.succ[k]].count;
	}
      lc->count = ppf_count_add (lc->count,
				  cycles_count (&g, owners.v, owners.n));
      for (size_t k = 0; k < owners.n; k++)
	g.in_line[owners.v[k]] = false;
      if (g.oom)
	goto done;
    }
  out->lines = lines;
  out->num_lines = nlines;
  lines = NULL;
  rc = 0;
 done:
  if (have_graph)
    line_graph_free (&g);
  free (gc.block_counts);
  free (gc.edges);
  free (gsrc);
  free (gdst);
  free (recs);
  free (lines);
  free (owners.v);
  return rc;
}

/* Order branches by file, then line, then their place in gcov's order,
   which derive_branches makes them in.  */

static int
compare_branches (const void *a, const void *b)
{
  const report_branch_count *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* Fill OUT's branches (derive.h) from its edges (at SRC_POS and DST_POS,
   by source block) and LAST, the lines of each block's branches, with
   FN's blocks split after calls as SEG says.  Returns 0 or -1.  */

static int
derive_branches (const report_function *fn, const segmentation *seg,
		 report_counts *out, const uint32_t *src_pos,
		 const uint32_t *dst_pos, const branch_lines *last)
{
  const ppf_meta *m = &fn->meta;
  uint32_t unowned = gcov_last_block (fn);
  size_t n = 0, room = 1;

  for (size_t e = 0; e < out->num_edges; e++)
    if (src_pos[e] != NO_BLOCK)
      room += last->begin[src_pos[e] + 1] - last->begin[src_pos[e]];
  bool *own_pad = calloc (m->num_blocks + 1, sizeof *own_pad);
  out->branches = malloc (room * sizeof *out->branches);
  if (!out->branches || !own_pad)
    {
      free (own_pad);
      return -1;
    }
  /* The landing pads the plugin adds to count the paths an exception
     ends (unwind.cc): gcov has none, but a fake edge to EXIT instead,
     which is no branch.  They end paths with an UNWIND_EXIT edge, as a
     block that resumes unwinding out of the function does, and come
     first, before the block ENTRY leads to (gcov's first).  */
  uint32_t first = first_block (fn);
  for (uint32_t e = 0; e < m->num_edges; e++)
    if (m->edges[e].kind == PPF_EDGE_UNWIND_EXIT
	&& fn->dag.src[e] < first)
      own_pad[fn->dag.src[e]] = true;
  /* Edges are by source block number, and positions follow numbers.  */
  for (size_t e = 0, f; e < out->num_edges; e = f)
    {
      uint32_t b = src_pos[e];
      size_t outs = 0;
      uint64_t ran;

      for (f = e; f < out->num_edges && src_pos[f] == b; f++)
	outs += out->edges[f].kind != PPF_CFG_RESTART
		&& !own_pad[dst_pos[f]];
      if (b == NO_BLOCK || b < 2 || b == unowned || outs < 2
	  || last->begin[b] == last->begin[b + 1])
	continue;
      /* The last segment ran as often as the block less the paths that
	 ended at its splits.  */
      ran = out->block_counts[b];
      for (size_t k = seg->first_split[b]; k < seg->first_split[b + 1]; k++)
	ran = ran > seg->splits[k].ended ? ran - seg->splits[k].ended : 0;
      for (uint32_t r = last->begin[b]; r < last->begin[b + 1]; r++)
	for (size_t k = e; k < f; k++)
	  {
	    const ppf_edge_count *c = &out->edges[k];
	    if (c->kind == PPF_CFG_RESTART || own_pad[dst_pos[k]])
	      continue;
	    /* GCC's next block: the block of the next position, as blocks
	       unlisted in the file (unreachable) were deleted before.  */
	    out->branches[n] = (report_branch_count) {
	      last->v[r].file, last->v[r].line, (uint32_t) n, c->count,
	      ran > 0, dst_pos[k] == b + 1
	      && seg->first_split[b] == seg->first_split[b + 1]
	    };
	    n++;
	  }
    }
  out->num_branches = n;
  free (own_pad);
  /* By line, as the lines are; gcov's order within a line.  */
  if (n > 1)
    qsort (out->branches, n, sizeof *out->branches, compare_branches);
  return 0;
}

/* ------------------------------------------------------------------ */

/* Derive FN's edge, block and line counts into OUT (derive.h).  Block
   counts and line counts work on positions in meta.blocks.  */

int
report_derive_counts (const report_function *fn, report_counts *out)
{
  const ppf_meta *m = &fn->meta;
  uint32_t *src_pos = NULL, *dst_pos = NULL;
  uint64_t *dag_counts;
  branch_lines last = { NULL, NULL };
  segmentation seg;
  size_t kept = 0;
  int rc = -1;

  memset (out, 0, sizeof *out);
  memset (&seg, 0, sizeof seg);
  /* Every path regenerated when the file was loaded.  */
  dag_counts = malloc ((m->num_edges + 1) * sizeof *dag_counts);
  if (!dag_counts
      || ppf_dag_edge_counts (&fn->dag, fn->counts, fn->num_counts,
			      dag_counts, NULL, 0) != PPF_OK)
    goto done;
  out->block_counts = calloc (m->num_blocks + 1, sizeof *out->block_counts);
  if (!out->block_counts
      || ppf_cfg_edge_counts (m, dag_counts, &out->edges, &out->num_edges)
	   != PPF_OK)
    goto done;
  src_pos = malloc ((out->num_edges + 1) * sizeof *src_pos);
  dst_pos = malloc ((out->num_edges + 1) * sizeof *dst_pos);
  if (!src_pos || !dst_pos)
    goto done;

  for (size_t e = 0; e < out->num_edges; e++)
    {
      ppf_edge_count *c = &out->edges[e];
      const ppf_block *src = ppf_meta_block (m, c->src);
      const ppf_block *dst = ppf_meta_block (m, c->dst);

      /* The format lists every block but a restart edge's source.  */
      if (!dst || (!src && c->kind != PPF_CFG_RESTART))
	continue;
      src_pos[kept] = src ? (uint32_t) (src - m->blocks) : NO_BLOCK;
      dst_pos[kept] = (uint32_t) (dst - m->blocks);
      out->edges[kept++] = *c;
      out->block_counts[dst_pos[kept - 1]]
	= ppf_count_add (out->block_counts[dst_pos[kept - 1]], c->count);
      if (c->src == BLOCK_ENTRY && c->kind == PPF_CFG_FORWARD)
	out->entry_count = ppf_count_add (out->entry_count, c->count);
      if (c->count != c->started)
	out->num_lost++;
    }
  out->num_edges = kept;
  out->block_counts[0] = out->entry_count;
  if (segment_blocks (fn, dag_counts, &seg) == 0
      && derive_lines (fn, &seg, out, src_pos, dst_pos, &last) == 0)
    rc = derive_branches (fn, &seg, out, src_pos, dst_pos, &last);
 done:
  free (last.v);
  free (last.begin);
  segmentation_free (&seg);
  free (dag_counts);
  free (src_pos);
  free (dst_pos);
  if (rc != 0)
    report_counts_free (out);
  return rc;
}

/* Release COUNTS' memory.  */

void
report_counts_free (report_counts *counts)
{
  free (counts->block_counts);
  free (counts->edges);
  free (counts->lines);
  free (counts->branches);
  memset (counts, 0, sizeof *counts);
}

/* The word for KIND in the reports.  */

const char *
report_edge_kind_name (uint32_t kind)
{
  switch (kind)
    {
    case PPF_CFG_BACKEDGE:
      return "backedge";
    case PPF_CFG_CUT:
      return "cut";
    case PPF_CFG_RESTART:
      return "restart";
    case PPF_CFG_FORWARD:
    default:
      return "edge";
    }
}
