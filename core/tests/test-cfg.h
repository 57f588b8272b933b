/* CFGs for the core's unit tests: a small builder (tcfg) and the random
   CFG generator of test-core.c, shared with test-early.c so that both
   test the same population of graphs.

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

/* Release G.  */
static void __attribute__ ((unused))
tcfg_free (tcfg *g)
{
  free (g->cfg.edges);
  free (g->block_flags);
  free (g->call_blocks);
  memset (g, 0, sizeof *g);
}

/* Seeds from here on give larger graphs (50 to 400 blocks).  */
#define LARGE_SEEDS 1000000

/* Generate the random CFG of SEED into G; sets *MAX_PATHS and whether the
   backedges came from pp_mark_backedges.  */
static void __attribute__ ((unused))
random_cfg (uint64_t seed, tcfg *g, uint64_t *max_paths, bool *caller_set)
{
  uint64_t rng = seed * UINT64_C (0x2545F4914F6CDD1D) + 1;
  uint32_t nv = 3 + rng_below (&rng, 20);
  if (rng_below (&rng, 10) == 0)
    nv += rng_below (&rng, 40);
  if (seed >= LARGE_SEEDS)
    nv = 50 + rng_below (&rng, 350);
  uint32_t nc_percent = (uint32_t[]){ 0, 0, 0, 3, 6, 12 }[rng_below (&rng, 6)];
  uint32_t weight_mode = rng_below (&rng, 3);
  bool nc_anywhere = rng_below (&rng, 20) == 0;
  tcfg_init (g, nv);

  /* A spanning structure first (most blocks reachable), then extra edges
     anywhere: forward, backward (loops, irreducible cycles), self
     loops, repeats, edges to EXIT.  Blocks left without successors are
     noreturn blocks.  */
  for (uint32_t b = 2; b < nv; b++)
    if (rng_below (&rng, 100) < 95)
      {
	uint32_t src = rng_below (&rng, b - 1);
	tcfg_add (g, src == 0 ? PP_ENTRY : src + 1, b, 0, 0);
      }
  uint32_t extra = rng_below (&rng, 2 * nv + 2);
  for (uint32_t k = 0; k < extra; k++)
    {
      if (g->cfg.num_edges > 0 && rng_below (&rng, 12) == 0)
	{
	  pp_cfg_edge e = g->cfg.edges[rng_below (&rng, g->cfg.num_edges)];
	  tcfg_add (g, e.src, e.dst, 0, 0);
	  continue;
	}
      uint32_t src = rng_below (&rng, nv - 1);
      src = src == 0 ? PP_ENTRY : src + 1;
      uint32_t dst = rng_below (&rng, 100) < 25 ? PP_EXIT
						: 1 + rng_below (&rng, nv - 1);
      tcfg_add (g, src, dst, 0, 0);
    }
  if (g->cfg.num_edges == 0 || g->cfg.edges[0].src != PP_ENTRY)
    tcfg_add (g, PP_ENTRY, nv > 2 ? 2 : PP_EXIT, 0, 0);
  for (uint32_t i = 0; i < g->cfg.num_edges; i++)
    {
      pp_cfg_edge *e = &g->cfg.edges[i];
      /* Abnormal edges as GCC has them: never out of ENTRY, into EXIT
	 or from a block to itself; except in a few graphs, to exercise
	 what other callers could pass.  */
      if (rng_below (&rng, 100) < nc_percent
	  && (nc_anywhere
	      || (e->src != PP_ENTRY && e->dst != PP_EXIT
		  && e->src != e->dst)))
	e->flags |= PP_CFG_NO_CODE;
      switch (weight_mode)
	{
	case 0:
	  e->weight = (double) rng_below (&rng, 1000) / 10.0;
	  break;
	case 1:
	  e->weight = rng_below (&rng, 3);
	  break;
	default:
	  e->weight = 1;
	}
    }
  /* Blocks with calls that may not return, in a third of the graphs.  */
  if (rng_below (&rng, 3) == 0)
    for (uint32_t b = 0; b < nv; b++)
      if (rng_below (&rng, 100) < 30)
	tcfg_flag_block (g, b, PP_BLOCK_MAY_NOT_RETURN);
  *max_paths = 0;
  uint32_t r = rng_below (&rng, 10);
  if (r < 2)
    *max_paths = 1 + rng_below (&rng, 12);
  else if (r < 3)
    *max_paths = 2 + rng_below (&rng, 200);

  *caller_set = rng_below (&rng, 5) == 0;
  if (*caller_set)
    {
      /* Backedges from a random block order with ENTRY first: every edge
	 going backwards (or a self loop) is a backedge.  Valid, often
	 different from a DFS, sometimes into EXIT.  */
      uint32_t *pos = malloc (nv * sizeof (uint32_t));
      for (uint32_t v = 0; v < nv; v++)
	pos[v] = v;
      for (uint32_t v = nv - 1; v > 1; v--)
	{
	  uint32_t j = 1 + rng_below (&rng, v);
	  uint32_t t = pos[v];
	  pos[v] = pos[j];
	  pos[j] = t;
	}
      for (uint32_t i = 0; i < g->cfg.num_edges; i++)
	{
	  pp_cfg_edge *e = &g->cfg.edges[i];
	  if (pos[e->dst] <= pos[e->src])
	    e->flags |= PP_CFG_BACKEDGE;
	}
      free (pos);
    }
  else
    pp_mark_backedges (&g->cfg);
}
#endif /* PATHPROF_TEST_CFG_H */
