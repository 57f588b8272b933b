/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CFGs for the core's unit tests: a small builder (tcfg) and the random
   CFG generator of test-core.c, shared with test-early.c so that both
   test the same population of graphs.  test-restart.c builds its own
   population (a dispatcher with restart edges, calls that may longjmp)
   from the same pieces: random_cfg_size, random_cfg_edges,
   random_cfg_edge_flags, random_path_limit and random_cfg_backedges.

   A random CFG has a spanning structure from ENTRY (most blocks
   reachable), extra edges of every sort (forward, backward: loops and
   irreducible cycles, self loops, repeated edges, edges to EXIT),
   blocks without successors (noreturn), PP_CFG_NO_CODE edges, random
   weights with ties, blocks that may not return, sometimes a small path
   limit, and backedges from pp_mark_backedges or, in a fifth of the
   graphs, from a random block order.  Seeds from LARGE_SEEDS on give 50
   to 400 blocks.  The sequence of graphs is a function of the seed
   only, so `core-test-core SEED' replays one.  */

#ifndef PATHPROF_TEST_CFG_H
#define PATHPROF_TEST_CFG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppcore.h"
#include "test-random.h"

typedef struct tcfg
{
  pp_cfg cfg;
  uint32_t cap;
  uint32_t *block_flags;  /* owned; cfg.block_flags points here if set */
  uint32_t *call_blocks;  /* owned; cfg.call_blocks points here if set */
  uint32_t call_cap;
  bool *longjmp_calls;    /* owned; [num_blocks] if set: a call in the
			     block may longjmp (test-restart.c) */
} tcfg;

/* An empty CFG of NUM_BLOCKS blocks.  */
static void __attribute__ ((unused))
tcfg_init (tcfg *g, uint32_t num_blocks)
{
  memset (g, 0, sizeof *g);
  g->cfg.num_blocks = num_blocks;
}

/* Append the edge SRC->DST; returns its id.  */
static uint32_t __attribute__ ((unused))
tcfg_add (tcfg *g, uint32_t src, uint32_t dst, uint32_t flags, double weight)
{
  if (g->cfg.num_edges == g->cap)
    {
      g->cap = g->cap ? g->cap * 2 : 16;
      g->cfg.edges = realloc (g->cfg.edges, g->cap * sizeof (pp_cfg_edge));
      if (g->cfg.edges == NULL)
	{
	  fprintf (stderr, "out of memory\n");
	  exit (2);
	}
    }
  pp_cfg_edge *e = &g->cfg.edges[g->cfg.num_edges];
  e->src = src;
  e->dst = dst;
  e->flags = flags;
  e->weight = weight;
  return g->cfg.num_edges++;
}

/* Set FLAGS on block B (allocating the flags array on first use).  */
static void __attribute__ ((unused))
tcfg_flag_block (tcfg *g, uint32_t b, uint32_t flags)
{
  if (g->block_flags == NULL)
    {
      g->block_flags = calloc (g->cfg.num_blocks, sizeof (uint32_t));
      if (g->block_flags == NULL)
	{
	  fprintf (stderr, "out of memory\n");
	  exit (2);
	}
      g->cfg.block_flags = g->block_flags;
    }
  g->block_flags[b] |= flags;
}

/* Append an early-exit call in block B; returns its index.  */
static uint32_t __attribute__ ((unused))
tcfg_add_call (tcfg *g, uint32_t b)
{
  if (g->cfg.num_calls == g->call_cap)
    {
      g->call_cap = g->call_cap ? g->call_cap * 2 : 8;
      g->call_blocks
	= realloc (g->call_blocks, g->call_cap * sizeof (uint32_t));
      if (g->call_blocks == NULL)
	{
	  fprintf (stderr, "out of memory\n");
	  exit (2);
	}
      g->cfg.call_blocks = g->call_blocks;
    }
  g->call_blocks[g->cfg.num_calls] = b;
  return g->cfg.num_calls++;
}

/* Block B holds a call that may longjmp (or a nested function's goto
   out): it may not return, and a jump from it may land at any receiver
   of the function's restart edges.  */
static void __attribute__ ((unused))
tcfg_longjmp_call (tcfg *g, uint32_t b)
{
  tcfg_flag_block (g, b, PP_BLOCK_MAY_NOT_RETURN);
  if (g->longjmp_calls == NULL)
    {
      g->longjmp_calls = calloc (g->cfg.num_blocks, sizeof (bool));
      if (g->longjmp_calls == NULL)
	{
	  fprintf (stderr, "out of memory\n");
	  exit (2);
	}
    }
  g->longjmp_calls[b] = true;
}

/* Whether block B holds a call that may longjmp.  */
static bool __attribute__ ((unused))
tcfg_is_longjmp_call (const tcfg *g, uint32_t b)
{
  return g->longjmp_calls != NULL && g->longjmp_calls[b];
}

/* Release G.  */
static void __attribute__ ((unused))
tcfg_free (tcfg *g)
{
  free (g->cfg.edges);
  free (g->block_flags);
  free (g->call_blocks);
  free (g->longjmp_calls);
  memset (g, 0, sizeof *g);
}

/* Seeds from here on give larger graphs (50 to 400 blocks).  */
#define LARGE_SEEDS 1000000

/* The number of blocks of a random CFG, the first draw from RNG: 3 to
   22, in a tenth of the graphs up to 39 more; 50 to 399 from
   LARGE_SEEDS on.  */
static uint32_t __attribute__ ((unused))
random_cfg_size (uint64_t *rng, uint64_t seed)
{
  uint32_t nv = 3 + rng_below (rng, 20);
  if (rng_below (rng, 10) == 0)
    nv += rng_below (rng, 40);
  if (seed >= LARGE_SEEDS)
    nv = 50 + rng_below (rng, 350);
  return nv;
}

/* The edges between ENTRY, EXIT and blocks 2..NV-1 of G: a spanning
   structure first (each block, with SPAN_PERCENT chance, gets an edge
   from an earlier one, so most blocks are reachable), then extra edges
   anywhere: forward, backward (loops, irreducible cycles), self loops,
   repeats, edges to EXIT.  Blocks left without successors are noreturn
   blocks.  Edge 0 leaves ENTRY.  */
static void __attribute__ ((unused))
random_cfg_edges (uint64_t *rng, tcfg *g, uint32_t nv, uint32_t span_percent)
{
  for (uint32_t b = 2; b < nv; b++)
    if (rng_below (rng, 100) < span_percent)
      {
	uint32_t src = rng_below (rng, b - 1);
	tcfg_add (g, src == 0 ? PP_ENTRY : src + 1, b, 0, 0);
      }
  uint32_t extra = rng_below (rng, 2 * nv + 2);
  for (uint32_t k = 0; k < extra; k++)
    {
      if (g->cfg.num_edges > 0 && rng_below (rng, 12) == 0)
	{
	  pp_cfg_edge e = g->cfg.edges[rng_below (rng, g->cfg.num_edges)];
	  tcfg_add (g, e.src, e.dst, 0, 0);
	  continue;
	}
      uint32_t src = rng_below (rng, nv - 1);
      src = src == 0 ? PP_ENTRY : src + 1;
      uint32_t dst = rng_below (rng, 100) < 25 ? PP_EXIT
						: 1 + rng_below (rng, nv - 1);
      tcfg_add (g, src, dst, 0, 0);
    }
  if (g->cfg.num_edges == 0 || g->cfg.edges[0].src != PP_ENTRY)
    tcfg_add (g, PP_ENTRY, nv > 2 ? 2 : PP_EXIT, 0, 0);
}

/* PP_CFG_NO_CODE on NC_PERCENT of the edges of G, restart edges aside,
   and weights: by WEIGHT_MODE 0, tenths from 0 to 99.9; 1, 0 to 2 (many
   ties); else all 1.  */
static void __attribute__ ((unused))
random_cfg_edge_flags (uint64_t *rng, tcfg *g, uint32_t nc_percent,
		       bool nc_anywhere, uint32_t weight_mode)
{
  for (uint32_t i = 0; i < g->cfg.num_edges; i++)
    {
      pp_cfg_edge *e = &g->cfg.edges[i];
      /* Abnormal edges as GCC has them: never out of ENTRY, into EXIT
	 or from a block to itself; except with NC_ANYWHERE, to exercise
	 what other callers could pass.  */
      if (!(e->flags & PP_CFG_RESTART) && rng_below (rng, 100) < nc_percent
	  && (nc_anywhere
	      || (e->src != PP_ENTRY && e->dst != PP_EXIT
		  && e->src != e->dst)))
	e->flags |= PP_CFG_NO_CODE;
      switch (weight_mode)
	{
	case 0:
	  e->weight = (double) rng_below (rng, 1000) / 10.0;
	  break;
	case 1:
	  e->weight = rng_below (rng, 3);
	  break;
	default:
	  e->weight = 1;
	}
    }
}

/* A random path limit: none in 7 graphs of 10, 1 to 12 in 2, 2 to 201
   in 1.  */
static uint64_t __attribute__ ((unused))
random_path_limit (uint64_t *rng)
{
  uint32_t r = rng_below (rng, 10);
  if (r < 2)
    return 1 + rng_below (rng, 12);
  else if (r < 3)
    return 2 + rng_below (rng, 200);
  return 0;
}

/* Mark the backedges of G: in a fifth of the graphs from a random block
   order with ENTRY first, every edge going backwards (or a self loop),
   restart edges aside: valid, often different from a DFS, sometimes
   into EXIT; otherwise by pp_mark_backedges.  Returns whether the order
   chose them.  */
static bool __attribute__ ((unused))
random_cfg_backedges (uint64_t *rng, tcfg *g)
{
  if (rng_below (rng, 5) != 0)
    {
      pp_mark_backedges (&g->cfg);
      return false;
    }
  uint32_t nv = g->cfg.num_blocks;
  uint32_t *pos = malloc (nv * sizeof (uint32_t));
  if (pos == NULL)
    {
      fprintf (stderr, "out of memory\n");
      exit (2);
    }
  for (uint32_t v = 0; v < nv; v++)
    pos[v] = v;
  for (uint32_t v = nv - 1; v > 1; v--)
    {
      uint32_t j = 1 + rng_below (rng, v);
      uint32_t t = pos[v];
      pos[v] = pos[j];
      pos[j] = t;
    }
  for (uint32_t i = 0; i < g->cfg.num_edges; i++)
    {
      pp_cfg_edge *e = &g->cfg.edges[i];
      if (!(e->flags & PP_CFG_RESTART) && pos[e->dst] <= pos[e->src])
	e->flags |= PP_CFG_BACKEDGE;
    }
  free (pos);
  return true;
}

/* Generate the random CFG of SEED into G; sets *MAX_PATHS and whether the
   backedges came from a random block order rather than
   pp_mark_backedges.  */
static void __attribute__ ((unused))
random_cfg (uint64_t seed, tcfg *g, uint64_t *max_paths, bool *caller_set)
{
  uint64_t rng = seed * UINT64_C (0x2545F4914F6CDD1D) + 1;
  uint32_t nv = random_cfg_size (&rng, seed);
  uint32_t nc_percent = (uint32_t[]){ 0, 0, 0, 3, 6, 12 }[rng_below (&rng, 6)];
  uint32_t weight_mode = rng_below (&rng, 3);
  bool nc_anywhere = rng_below (&rng, 20) == 0;
  tcfg_init (g, nv);
  random_cfg_edges (&rng, g, nv, 95);
  random_cfg_edge_flags (&rng, g, nc_percent, nc_anywhere, weight_mode);
  /* Blocks with calls that may not return, in a third of the graphs.  */
  if (rng_below (&rng, 3) == 0)
    for (uint32_t b = 0; b < nv; b++)
      if (rng_below (&rng, 100) < 30)
	tcfg_flag_block (g, b, PP_BLOCK_MAY_NOT_RETURN);
  *max_paths = random_path_limit (&rng);
  *caller_set = random_cfg_backedges (&rng, g);
}
#endif /* PATHPROF_TEST_CFG_H */
