/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of spanning-tree weights from a measured edge profile
   (pp_cfg_weigh_by_counts, core/cfg.c): the order of the new weights,
   and the plan of a hot loop whose static weights are wrong, before
   and after.

   The loop is pathprof.build/use-hot.c's scan, with blocks renumbered:

     0 ENTRY -> 2 (init) -> 3 (i < n) -> 4 | 11 (return) -> 1 EXIT
     4 (a[i] % 100 == 0) -> 5 (cold, 10 times) | 6 (hot, 990 times)
     5, 6 -> 7 (i & 1) -> 8 | 9 (500 times each) -> 10 -> 3 (backedge)

   Its static weights are the plugin's (doc/plugin.md): 10^depth split
   evenly among a block's successors, so that the two arms out of 4 weigh
   the same and the cold one, first, goes into the tree.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppcore.h"
#include "core-checks.h"
#include "unit-test.h"

/* The edges of scan: endpoints, static weight, count of one call of
   1000 iterations.  */
static const struct
{
  uint32_t src, dst;
  double weight;
  uint64_t count;
} scan_edges[] = {
  { 0, 2, 1, 1 },    { 2, 3, 1, 1 },     { 3, 4, 5, 1000 },
  { 3, 11, 0.5, 1 }, { 4, 5, 5, 10 },    { 4, 6, 5, 990 },
  { 5, 7, 10, 10 },  { 6, 7, 10, 990 },  { 7, 8, 5, 500 },
  { 7, 9, 5, 500 },  { 8, 10, 10, 500 }, { 9, 10, 10, 500 },
  { 10, 3, 10, 1000 }, { 11, 1, 1, 1 }
};
#define SCAN_EDGES (sizeof scan_edges / sizeof scan_edges[0])
#define SCAN_BLOCKS 12
#define COLD_EDGE 4  /* 4 -> 5 */
#define HOT_EDGE 5   /* 4 -> 6 */

/* Fill EDGES and CFG with scan and its static weights.  */

static void
scan_cfg (pp_cfg *cfg, pp_cfg_edge *edges)
{
  memset (cfg, 0, sizeof *cfg);
  for (uint32_t i = 0; i < SCAN_EDGES; i++)
    {
      edges[i].src = scan_edges[i].src;
      edges[i].dst = scan_edges[i].dst;
      edges[i].flags = 0;
      edges[i].weight = scan_edges[i].weight;
    }
  cfg->num_blocks = SCAN_BLOCKS;
  cfg->num_edges = SCAN_EDGES;
  cfg->edges = edges;
}

/* Whether the DAG edge of PLAN that is CFG edge ID is a tree edge; -1
   if no real DAG edge stands for it.  */

static int
on_tree (const pp_plan *plan, uint32_t id)
{
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    if (plan->dag_edges[i].kind == PP_DAG_REAL
	&& plan->dag_edges[i].cfg_edge == id)
      return plan->dag_edges[i].on_tree;
  return -1;
}

/* Every edge that ran outweighs every edge that ran less; edges that ran
   equally often keep their static order.  */

static void
test_weight_order (void)
{
  pp_cfg cfg;
  pp_cfg_edge edges[SCAN_EDGES];
  uint64_t counts[SCAN_EDGES];
  int by_count = 1, by_static = 1;

  scan_cfg (&cfg, edges);
  for (uint32_t i = 0; i < SCAN_EDGES; i++)
    counts[i] = scan_edges[i].count;
  /* Two edges that never ran, in their static order.  */
  counts[3] = counts[13] = 0;
  pp_cfg_weigh_by_counts (&cfg, counts);
  for (uint32_t i = 0; i < SCAN_EDGES; i++)
    for (uint32_t j = 0; j < SCAN_EDGES; j++)
      {
	if (counts[i] > counts[j] && !(edges[i].weight > edges[j].weight))
	  by_count = 0;
	if (counts[i] == counts[j]
	    && scan_edges[i].weight > scan_edges[j].weight
	    && !(edges[i].weight > edges[j].weight))
	  by_static = 0;
      }
  check (by_count, "measured weights: more runs, more weight",
	 "expected the order of the counts");
  check (by_static, "measured weights: equal runs, static order",
	 "expected the static order among edges of equal counts");
  check (edges[0].weight >= 1.0 && edges[0].weight < 1.5,
	 "measured weights: the tie-breaker stays below 1/2",
	 "expected 1 <= weight < 1.5 for a count of 1, saw %g",
	 edges[0].weight);
  check (edges[3].weight >= 0.0 && edges[3].weight < 0.5,
	 "measured weights: an edge that never ran weighs less than 1/2",
	 "saw %g", edges[3].weight);

  /* All static weights 0: the counts alone.  */
  for (uint32_t i = 0; i < SCAN_EDGES; i++)
    edges[i].weight = 0.0;
  pp_cfg_weigh_by_counts (&cfg, counts);
  int exact = 1;
  for (uint32_t i = 0; i < SCAN_EDGES; i++)
    exact &= edges[i].weight == (double) counts[i];
  check (exact, "measured weights: no static weight, the counts",
	 "expected each weight to be its count");
}

/* The hot arm is a chord with static weights and a tree edge with
   measured ones; the numbering does not change.  */

static void
test_hot_loop (void)
{
  pp_cfg cfg;
  pp_cfg_edge edges[SCAN_EDGES];
  uint64_t counts[SCAN_EDGES];
  pp_options opts;
  pp_plan static_plan, measured_plan;
  char err[256];

  memset (&opts, 0, sizeof opts);
  for (uint32_t i = 0; i < SCAN_EDGES; i++)
    counts[i] = scan_edges[i].count;

  scan_cfg (&cfg, edges);
  pp_mark_backedges (&cfg);
  if (!check (pp_plan_build (&cfg, &opts, &static_plan, err, sizeof err)
	      == 0, "hot loop: static plan", "%s", err))
    return;
  scan_cfg (&cfg, edges);
  pp_cfg_weigh_by_counts (&cfg, counts);
  pp_mark_backedges (&cfg);
  if (!check (pp_plan_build (&cfg, &opts, &measured_plan, err, sizeof err)
	      == 0, "hot loop: measured plan", "%s", err))
    {
      pp_plan_free (&static_plan);
      return;
    }

  check_int ("hot loop, static weights: the hot arm 4->6 is a chord", 0,
	     on_tree (&static_plan, HOT_EDGE));
  check_int ("hot loop, static weights: the cold arm 4->5 is a tree edge",
	     1, on_tree (&static_plan, COLD_EDGE));
  check_int ("hot loop, measured weights: the hot arm 4->6 is a tree edge",
	     1, on_tree (&measured_plan, HOT_EDGE));
  check_int ("hot loop, measured weights: the cold arm 4->5 is a chord", 0,
	     on_tree (&measured_plan, COLD_EDGE));

  /* Only the placement changes: the same DAG, the same Vals.  */
  check (same_numbering (&static_plan, &measured_plan),
	 "hot loop: the same numbering with either weights",
	 "expected the same DAG edges and Vals");

  /* Fewer increments on the hot iterations' way into the second "if":
     the chords among 3->4, 4->6 and 6->7.  */
  uint32_t hot_path[] = { 2, HOT_EDGE, 7 };
  uint32_t static_incs = 0, measured_incs = 0;
  for (uint32_t k = 0; k < sizeof hot_path / sizeof hot_path[0]; k++)
    {
      static_incs += on_tree (&static_plan, hot_path[k]) == 0;
      measured_incs += on_tree (&measured_plan, hot_path[k]) == 0;
    }
  check (measured_incs < static_incs,
	 "hot loop: fewer chords on 3->4->6->7 with measured weights",
	 "static %u, measured %u", static_incs, measured_incs);

  pp_plan_free (&static_plan);
  pp_plan_free (&measured_plan);
}

int
main (void)
{
  unit_test_init ();
  test_weight_order ();
  test_hot_loop ();
  return unit_test_report ();
}
