/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Inlined leaves (ABI 8): the counts a write gives to a leaf function
   whose inlined copies do not count themselves.

   A leaf (one path, nothing that may throw) inlined into a caller, its
   copy followed by nothing that could stop the caller's path, runs
   exactly once per run of a path of the caller through the block that
   held the call, when the plugin removed the copy's own count
   (pathprof-abi.h, struct __pathprof_link).  Such a copy's runs are
   then in the caller's counts: each write adds to the leaf's path 0,
   for every active link, the counts it writes of the caller's paths
   through the link's block.  The file holds the leaf's true count; its
   format does not change.

   At the unit's first write (read_links) the links are checked and
   grouped by caller; the first write that has counts of a caller with
   an active link decodes its meta, once, into the form a regeneration
   walks (edges by source block, in increasing val), and checks its
   links' blocks.  A write (pp_rt_leaves_derive) regenerates each
   counted path of such a caller once, marking the blocks it passes
   (a number per walk, so nothing is cleared or allocated per path), and
   gives its count to the leaves linked at the blocks marked.

   All of it runs with pp_rt_mutex held: registration, writes and
   unregistration take it.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-internal.h"

/* One caller's DAG, from its meta.  Blocks are known by their position
   in the meta's list (increasing index: ENTRY at 0, EXIT at 1).  */
struct leaf_caller
{
  uint64_t function;        /* its index in the unit */
  uint64_t num_paths;       /* the meta's */
  uint64_t path_limit;      /* the meta's: cut paths (PPF_FN_APART) are
			       numbered from num_paths up to it */
  uint32_t num_blocks;
  uint32_t *block_index;    /* each position's block number */
  /* The out-edges of the block at position P are FIRST_EDGE[P] up to
     FIRST_EDGE[P + 1] - 1, in increasing val.  */
  uint32_t *first_edge;
  uint32_t *edge_dst;       /* a position */
  uint64_t *edge_val;
  /* The walk that last passed each block, and the latest walk's
     number.  */
  uint64_t *seen;
  uint64_t walk;
  /* Its active links: LINKS[FIRST_LINK .. FIRST_LINK + NUM_LINKS - 1]
     of its unit's state.  */
  size_t first_link, num_links;
  /* 0 until the first write that needs its meta decodes it (most
     callers of a big program never run), 1 once decoded, -1 when its
     links turned out wrong (they give nothing).  */
  int decoded;
};

/* An active, valid link.  */
struct leaf_link
{
  uint64_t leaf;            /* the leaf's index in the unit */
  uint64_t number;          /* the link's block, by number */
  uint64_t index;           /* the link's place in the unit's table */
  uint32_t block;           /* its position, once the caller is decoded;
			       NO_BLOCK for a link found wrong then */
};

#define NO_BLOCK UINT32_MAX

/* What a unit with active links needs at its writes.  */
struct leaf_state
{
  struct leaf_state *next;
  const struct __pathprof_unit *unit;
  size_t num_callers;
  struct leaf_caller *callers;
  size_t num_links;
  struct leaf_link *links;  /* grouped by caller */
};

/* The states of the registered units that have active links.  */
static struct leaf_state *states;

/* Free C's arrays (C keeps its place in its unit's state).  */

static void
free_caller (struct leaf_caller *c)
{
  free (c->block_index);
  free (c->first_edge);
  free (c->edge_dst);
  free (c->edge_val);
  free (c->seen);
  c->block_index = c->first_edge = c->edge_dst = NULL;
  c->edge_val = c->seen = NULL;
  c->num_blocks = 0;
}

/* Free S and everything it holds.  */

static void
free_state (struct leaf_state *s)
{
  size_t i;

  if (!s)
    return;
  for (i = 0; i < s->num_callers; i++)
    free_caller (&s->callers[i]);
  free (s->callers);
  free (s->links);
  free (s);
}

/* A reader of a meta's bytes (doc/file-format.md, "Meta"), for the
   little the walk needs: the runtime decodes it at every write where
   pathprof-dump's full decode (lines, files, branches, checks) would
   cost more than the walks themselves.  */
struct meta_reader
{
  const unsigned char *p, *end;
  int bad;
};

/* The SIZE-byte (4 or 8) little-endian number at R's place, read as
   one load: a caller's description can be tens of kilobytes, decoded
   at the exit of every process that ran it.  */

static uint64_t
read_le (struct meta_reader *r, unsigned size)
{
  uint64_t v = 0;

  if (r->bad || (size_t) (r->end - r->p) < size)
    {
      r->bad = 1;
      return 0;
    }
  if (size == 8)
    {
      memcpy (&v, r->p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      v = __builtin_bswap64 (v);
#endif
    }
  else
    {
      uint32_t w;

      memcpy (&w, r->p, 4);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      w = __builtin_bswap32 (w);
#endif
      v = w;
    }
  r->p += size;
  return v;
}

static void
skip (struct meta_reader *r, uint64_t size)
{
  if (r->bad || (uint64_t) (r->end - r->p) < size)
    r->bad = 1;
  else
    r->p += size;
}

/* Fill C from META (SIZE bytes): block numbers, and the DAG's edges by
   source position in increasing val.  The meta's edges are grouped by
   source in increasing val (the plugin's encoder checked it, and so
   does every write's check of the metas), though the groups need not
   follow the blocks' order.  Returns PPF_OK, PPF_EBAD (bytes that do
   not read as a meta, with why in ERR) or PPF_ENOMEM.  */

static int
build_caller (struct leaf_caller *c, const unsigned char *meta, size_t size,
	      char *err, size_t errlen)
{
  struct meta_reader r = { meta, meta + size, 0 };
  const unsigned char *edges;
  uint32_t i, num_files, num_blocks, num_edges, *fill, *position = NULL;
  uint32_t max_index = 0;

  size_t name_at;
  if (ppf_meta_num_paths (meta, size, &c->num_paths) != PPF_OK
      || ppf_meta_head (meta, size, &c->path_limit, &name_at) != PPF_OK)
    goto bad;
  skip (&r, name_at);			/* checksum, num_paths, flags... */
  skip (&r, read_le (&r, 4));		/* name */
  skip (&r, read_le (&r, 4));		/* display name */
  skip (&r, 8);				/* file, line */
  num_files = (uint32_t) read_le (&r, 4);
  for (i = 0; i < num_files && !r.bad; i++)
    skip (&r, read_le (&r, 4));
  num_blocks = (uint32_t) read_le (&r, 4);
  if (r.bad || num_blocks < 2 || num_blocks > (size_t) (r.end - r.p) / 8)
    goto bad;
  c->num_blocks = num_blocks;
  c->block_index = malloc (num_blocks * sizeof *c->block_index);
  c->first_edge = calloc ((size_t) num_blocks + 1, sizeof *c->first_edge);
  c->seen = calloc (num_blocks, sizeof *c->seen);
  if (!c->block_index || !c->first_edge || !c->seen)
    return PPF_ENOMEM;
  for (i = 0; i < num_blocks && !r.bad; i++)
    {
      c->block_index[i] = (uint32_t) read_le (&r, 4);
      skip (&r, 8 * read_le (&r, 4));	/* lines */
      if (i && c->block_index[i] <= c->block_index[i - 1])
	goto bad;
    }
  num_edges = (uint32_t) read_le (&r, 4);
  if (r.bad || num_edges > (size_t) (r.end - r.p) / 28)
    goto bad;
  max_index = c->block_index[num_blocks - 1];
  position = malloc (((size_t) max_index + 1) * sizeof *position);
  c->edge_dst = malloc ((num_edges ? num_edges : 1) * sizeof *c->edge_dst);
  c->edge_val = malloc ((num_edges ? num_edges : 1) * sizeof *c->edge_val);
  fill = calloc (num_blocks, sizeof *fill);
  if (!position || !c->edge_dst || !c->edge_val || !fill)
    {
      free (position);
      free (fill);
      return PPF_ENOMEM;
    }
  for (i = 0; i <= max_index; i++)
    position[i] = UINT32_MAX;
  for (i = 0; i < num_blocks; i++)
    position[c->block_index[i]] = i;
  /* Out-degrees by source position, their prefix sums, then the edges
     (src, dst, kind, cfg_src, cfg_dst: u32; val: u64).  */
  edges = r.p;
  for (i = 0; i < num_edges && !r.bad; i++)
    {
      uint32_t src = (uint32_t) read_le (&r, 4);

      if (src > max_index || position[src] == UINT32_MAX)
	r.bad = 1;
      else
	c->first_edge[position[src] + 1]++;
      skip (&r, 24);
    }
  for (i = 0; i < num_blocks; i++)
    c->first_edge[i + 1] += c->first_edge[i];
  r.p = edges;
  for (i = 0; i < num_edges && !r.bad; i++)
    {
      uint32_t src = (uint32_t) read_le (&r, 4);
      uint32_t dst = (uint32_t) read_le (&r, 4);
      uint32_t k;

      skip (&r, 12);
      if (r.bad || dst > max_index || position[dst] == UINT32_MAX)
	{
	  r.bad = 1;
	  break;
	}
      k = c->first_edge[position[src]] + fill[position[src]]++;
      c->edge_dst[k] = position[dst];
      c->edge_val[k] = read_le (&r, 8);
    }
  free (position);
  free (fill);
  if (r.bad)
    goto bad;
  return PPF_OK;

 bad:
  snprintf (err, errlen, "its description does not read as one");
  return PPF_EBAD;
}

/* The position of block number INDEX in C, or -1.  */

static long
block_position (const struct leaf_caller *c, uint64_t index)
{
  uint32_t lo = 0, hi = c->num_blocks;

  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;

      if (c->block_index[mid] == index)
	return (long) mid;
      if (c->block_index[mid] < index)
	lo = mid + 1;
      else
	hi = mid;
    }
  return -1;
}

/* Regenerate C's path PATH (doc/file-format.md, "Regenerating a path"),
   marking the blocks it passes with a new walk number.  Returns 0 when
   it does not regenerate: PATH out of range, a block with no edge for
   what is left of it, something left at EXIT, or more steps than
   blocks (a cycle).  */

static int
walk_path (struct leaf_caller *c, uint64_t path)
{
  uint64_t rest = path, walk = ++c->walk;
  uint32_t block = 0, steps = 0;

  if (path >= c->num_paths)
    return 0;
  c->seen[0] = walk;
  while (block != 1)
    {
      uint32_t lo = c->first_edge[block], hi = c->first_edge[block + 1];

      if (lo == hi || c->edge_val[lo] > rest || ++steps > c->num_blocks)
	return 0;
      /* The last edge whose val is at most REST.  */
      while (hi - lo > 1)
	{
	  uint32_t mid = lo + (hi - lo) / 2;

	  if (c->edge_val[mid] <= rest)
	    lo = mid;
	  else
	    hi = mid;
	}
      rest -= c->edge_val[lo];
      block = c->edge_dst[lo];
      c->seen[block] = walk;
    }
  return rest == 0;
}

/* The name of UNIT in messages.  */

static const char *
unit_label (const struct __pathprof_unit *unit)
{
  return unit->unit_name ? unit->unit_name
	 : unit->filename ? unit->filename : "(unnamed unit)";
}

/* Say that NUM_BAD of UNIT's links are wrong (compiler bugs, ignored),
   the first, link FIRST_BAD, because of PROBLEM; nothing when NUM_BAD
   is 0.  */

static void
report_bad_links (const struct __pathprof_unit *unit, uint64_t num_bad,
		  uint64_t first_bad, const char *problem)
{
  if (num_bad)
    pp_rt_message ("%s: %llu of %llu inlined-leaf links invalid from the "
		   "compiler (link %llu: %s); ignored", unit_label (unit),
		   (unsigned long long) num_bad,
		   (unsigned long long) unit->num_links,
		   (unsigned long long) first_bad, problem);
}

/* Why LINK of UNIT is invalid on its own (without the caller's meta), or
   NULL.  */

static const char *
link_problem (const struct __pathprof_unit *unit,
	      const struct __pathprof_link *link)
{
  if (link->leaf >= unit->num_functions
      || link->caller >= unit->num_functions)
    return "function index out of range";
  if (!unit->functions[link->leaf] || !unit->functions[link->caller])
    return "no function record";
  if (link->leaf == link->caller)
    return "a function linked to itself";
  if (unit->functions[link->leaf]->num_paths != 1)
    return "the leaf has more than one path";
  if (link->block < 2)
    return "block 0 or 1 (ENTRY or EXIT)";
  return NULL;
}

/* qsort comparison of two links by caller, then by their place in the
   unit's table (so that the order is the same on every run).  */

static int
compare_by_caller (const void *a, const void *b)
{
  const struct __pathprof_link *x = *(const struct __pathprof_link *const *) a;
  const struct __pathprof_link *y = *(const struct __pathprof_link *const *) b;

  if (x->caller != y->caller)
    return x->caller < y->caller ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Check UNIT's links (at its first write) and keep what its writes need:
   see the top of this file.  A link whose function index is out of
   range, whose leaf has other than one path or whose block is ENTRY or
   EXIT is a compiler bug: one message names the unit, how many links
   are wrong and why the first is, and those links are ignored; the
   rest of the unit is profiled.  Blocks that are not the caller's are
   found when its meta is decoded (decode_caller).  */

static void
read_links (struct __pathprof_unit *unit)
{
  const struct __pathprof_link **order = NULL;
  struct leaf_state *state = NULL;
  const char *first_problem = NULL;
  uint64_t i, num_bad = 0, first_bad = 0;
  size_t start, end = 0;

  if (!unit->num_links || !unit->links)
    return;
  if (unit->num_functions > UINT32_MAX
      || (unit->num_functions && !unit->functions))
    return;			/* the write reports the unit (write.c) */
  if (unit->num_links > SIZE_MAX / sizeof *order)
    goto no_memory;
  order = malloc (unit->num_links * sizeof *order);
  state = calloc (1, sizeof *state);
  if (!order || !state)
    goto no_memory;
  state->unit = unit;
  state->callers = calloc (unit->num_links, sizeof *state->callers);
  state->links = calloc (unit->num_links, sizeof *state->links);
  if (!state->callers || !state->links)
    goto no_memory;

#define BAD_LINK(LINK, WHY)						\
  do									\
    {									\
      if (!num_bad++)							\
	{								\
	  first_bad = (uint64_t) ((LINK) - unit->links);		\
	  first_problem = (WHY);					\
	}								\
    }									\
  while (0)

  /* Each link's own checks; the valid ones, by caller.  */
  for (i = 0; i < unit->num_links; i++)
    {
      const char *problem = link_problem (unit, &unit->links[i]);

      if (problem)
	BAD_LINK (&unit->links[i], problem);
      else
	order[end++] = &unit->links[i];
    }
  qsort (order, end, sizeof *order, compare_by_caller);

  /* Each caller with an active link and its active links; its meta is
     decoded by the first write that needs it (decode_caller).  */
  for (start = 0; start < end;)
    {
      uint64_t caller = order[start]->caller;
      struct leaf_caller *c = &state->callers[state->num_callers];
      size_t group_end = start, k;

      while (group_end < end && order[group_end]->caller == caller)
	group_end++;
      c->function = caller;
      c->first_link = state->num_links;
      for (k = start; k < group_end; k++)
	if (order[k]->active)
	  {
	    state->links[state->num_links].leaf = order[k]->leaf;
	    state->links[state->num_links].number = order[k]->block;
	    state->links[state->num_links].index
	      = (uint64_t) (order[k] - unit->links);
	    state->num_links++;
	  }
      c->num_links = state->num_links - c->first_link;
      if (c->num_links)
	state->num_callers++;
      start = group_end;
    }
#undef BAD_LINK

  report_bad_links (unit, num_bad, first_bad, first_problem);
  free (order);
  if (!state->num_callers)
    {
      free_state (state);
      return;
    }
  state->next = states;
  states = state;
  return;

 no_memory:
  pp_rt_message ("%s: out of memory; the counts of its inlined leaves "
		 "will not be written", unit_label (unit));
  free (order);
  free_state (state);
}

/* UNIT is unregistered: forget its state, if it has one.  */

void
pp_rt_leaves_forget (const struct __pathprof_unit *unit)
{
  struct leaf_state **link;

  for (link = &states; *link; link = &(*link)->next)
    if ((*link)->unit == unit)
      {
	struct leaf_state *state = *link;

	*link = state->next;
	free_state (state);
	return;
      }
}

/* Decode the meta of C, a caller of UNIT (its state STATE), and place
   its links' blocks, once.  A meta that does not decode or a block that
   is not one of it is a compiler bug: one message names the unit, how
   many of C's links are wrong and why the first is, and those links
   give nothing.  Returns PPF_OK (C->decoded says the outcome) or
   PPF_ENOMEM.  */

static int
decode_caller (const struct __pathprof_unit *unit, struct leaf_state *state,
	       struct leaf_caller *c)
{
  const struct __pathprof_function *fn = unit->functions[c->function];
  struct leaf_link *links = state->links + c->first_link;
  const char *problem = NULL;
  char err[100], why[200];
  uint64_t num_bad = 0, first_bad = 0;
  size_t l;
  int status;

  if (c->decoded)
    return PPF_OK;
  if (!fn->meta || fn->meta_size > UINT32_MAX)
    {
      snprintf (err, sizeof err, "no description");
      status = PPF_EBAD;
    }
  else
    status = build_caller (c, fn->meta, (size_t) fn->meta_size, err,
			   sizeof err);
  if (status == PPF_ENOMEM)
    {
      free_caller (c);
      return status;
    }
  if (status != PPF_OK)
    {
      snprintf (why, sizeof why, "the caller's description does not "
		"decode: %s", err);
      free_caller (c);
    }
  for (l = 0; l < c->num_links; l++)
    {
      long block = status == PPF_OK ? block_position (c, links[l].number)
				    : -1;

      links[l].block = block < 0 ? NO_BLOCK : (uint32_t) block;
      if (block < 0 && !num_bad++)
	{
	  first_bad = links[l].index;
	  problem = status == PPF_OK ? "the block is not one of the caller's"
				     : why;
	}
    }
  report_bad_links (unit, num_bad, first_bad, problem);
  c->decoded = status == PPF_OK ? 1 : -1;
  return PPF_OK;
}

/* Give the count COUNT of C's path PATH to the leaves of C's links
   (LINKS) at the blocks it passes, in SUMS.  Returns 0 when the path
   does not regenerate.  */

static int
give_path (struct leaf_caller *c, const struct leaf_link *links,
	   uint64_t path, uint64_t count, uint64_t *sums)
{
  size_t l;

  /* A cut path gives nothing: a link means no call follows the copy on
     the caller's paths through its block, so a path cut at a call there
     was cut before the copy ran.  */
  if (path >= c->num_paths && path < c->path_limit)
    return 1;
  if (!walk_path (c, path))
    return 0;
  for (l = 0; l < c->num_links; l++)
    if (links[l].block != NO_BLOCK && c->seen[links[l].block] == c->walk)
      sums[links[l].leaf] += count;
  return 1;
}

/* Give the counts of caller C of UNIT (its STATE), as SNAP holds them,
   plus SUMS[C->function], what its own callers gave it, to its leaves
   in SUMS.  Paths that do not regenerate give nothing, and one message
   names the profile PATH, the caller and how many.  Returns PPF_OK or
   PPF_ENOMEM.  */

static int
give_caller (struct __pathprof_unit *unit, struct leaf_state *state,
	     struct leaf_caller *c, const struct pp_snapshot *snap,
	     uint64_t *sums, const char *path)
{
  static const struct pp_snapshot no_counts;
  const struct leaf_link *links = state->links + c->first_link;
  uint64_t k, failed = 0, first_failed = 0, given = sums[c->function];

  if ((snap->num_counts || given)
      && decode_caller (unit, state, c) != PPF_OK)
    return PPF_ENOMEM;
  if (c->decoded < 0)
    snap = &no_counts, given = 0;
  for (k = 0; k < snap->num_counts; k++)
    {
      uint64_t p = snap->counts[k].path, n = snap->counts[k].count;

      if (p == 0)
	{
	  n += given;
	  given = 0;
	}
      if (!give_path (c, links, p, n, sums) && !failed++)
	first_failed = p;
    }
  if (given && !give_path (c, links, 0, given, sums) && !failed++)
    first_failed = 0;
  if (failed)
    pp_rt_message ("%s: function %llu: internal error: %llu counted "
		   "paths (first %llu) do not regenerate; their "
		   "counts are not given to its inlined leaves", path,
		   (unsigned long long) c->function,
		   (unsigned long long) failed,
		   (unsigned long long) first_failed);
  return PPF_OK;
}

/* What a write of UNIT adds to its leaves, from SNAPS, the counts it
   takes of each function (pp_rt_snapshot_take): in *DERIVED, a malloc'd
   array of a count for each function, to add to its path 0, or NULL
   when UNIT has no active link.  Counts add modulo 2^64, as deltas do
   (ppf_counts_merge_deltas).  A caller may be a leaf itself, whose
   copies count from its own callers' paths (a leaf inlined into a leaf
   inlined in turn): its path 0 then gives what it counted plus what it
   was given, so callers are taken once all their own callers have
   given (the links form no cycle: inlining does not).  A path of a
   caller that does not regenerate is a compiler or runtime bug: it adds
   nothing, and one message names the profile PATH, the caller and how
   many paths.  Returns PPF_OK or PPF_ENOMEM.  */

int
pp_rt_leaves_derive (struct __pathprof_unit *unit,
		     const struct pp_snapshot *snaps, const char *path,
		     uint64_t **derived)
{
  struct leaf_state *state;
  uint64_t *sums;
  size_t *givers;
  unsigned char *done;
  size_t i, l, left;

  *derived = NULL;
  /* The links are read at the unit's first write, not at registration:
     memory the runtime freed before main would hold what the program
     then finds in a block malloc gives it (941014-2.c reads one
     uninitialised), where without us it would find zeros.  */
  if (!(unit->runtime_flags & PP_RT_LEAVES_READ))
    {
      unit->runtime_flags |= PP_RT_LEAVES_READ;
      read_links (unit);
    }
  for (state = states; state; state = state->next)
    if (state->unit == unit)
      break;
  if (!state)
    return PPF_OK;
  sums = calloc (unit->num_functions, sizeof *sums);
  /* How many callers not yet taken give to each function.  */
  givers = calloc (unit->num_functions, sizeof *givers);
  done = calloc (state->num_callers ? state->num_callers : 1, 1);
  if (!sums || !givers || !done)
    {
      free (sums);
      free (givers);
      free (done);
      return PPF_ENOMEM;
    }
  for (l = 0; l < state->num_links; l++)
    givers[state->links[l].leaf]++;
  for (left = state->num_callers; left;)
    {
      size_t taken = 0;

      for (i = 0; i < state->num_callers; i++)
	{
	  struct leaf_caller *c = &state->callers[i];
	  const struct leaf_link *links = state->links + c->first_link;

	  if (done[i] || givers[c->function])
	    continue;
	  if (give_caller (unit, state, c, &snaps[c->function], sums, path)
	      != PPF_OK)
	    {
	      free (sums);
	      free (givers);
	      free (done);
	      return PPF_ENOMEM;
	    }
	  for (l = 0; l < c->num_links; l++)
	    givers[links[l].leaf]--;
	  done[i] = 1;
	  taken++;
	  left--;
	}
      if (!taken)
	{
	  pp_rt_message ("%s: internal error: the inlined leaves' links "
			 "form a cycle; %llu callers give nothing", path,
			 (unsigned long long) left);
	  break;
	}
    }
  free (givers);
  free (done);
  *derived = sums;
  return PPF_OK;
}
