/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the pathprof algorithm core (core/ppcore.h).

   Part 1, fixtures: the paper's examples (Ball & Larus 1996, Figures 1,
   6, 7, 8 and a Figure 10-style loop) and one graph per trap of design
   section 2, with the expected numbers written next to them.
   Part 2, random CFGs with loops (irreducible ones, multi-edges, self
   loops, noreturn blocks, abnormal edges, blocks that may not return,
   truncation), each planned optimised and naive and checked against
   properties that must hold of every plan (verify_plan), down to
   executing the probes along random walks of the CFG.
   Part 3, a few large graphs, for stack depth and running time.

   Output: one PASS:/FAIL: line per check (the random part one line per
   property, aggregated over all graphs), then "N passed, M failed".
   Exit status 1 on any failure.  A random failure names its seed;
   `core-test-core SEED [COUNT]' reruns those graphs with details.  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ppcore.h"
#include "core-checks.h"
#include "test-cfg.h"
#include "test-props.h"
#include "test-random.h"
#include "test-plan.h"
#include "test-sim.h"
#include "unit-test.h"

static bool verbose;

/* ------------------------------------------------------------------ */
/* verify_plan: the properties every plan must have.                   */

enum
{
  P_STRUCT, P_COUNT, P_UNIQUE, P_REGEN, P_INC, P_TREE, P_OPS, P_PROBES,
  P_WALK, P_BACKEDGES, P_MAY_NOT_RETURN, P_FREE, P_STARTS, P_NUM
};

static const char *const property_name[P_NUM] = {
  "DAG structure (kinds, grouping, Val order, reachability, counts)",
  "NumPaths(ENTRY) equals the number of DAG paths",
  "path numbers distinct and in 0..N-1",
  "regeneration inverts numbering",
  "chord Incs sum to the Val sum on every path (mod 2^64)",
  "spanning tree: spanning, forced edges in, maximum weight",
  "DAG-edge ops, R starting as garbage: one count at the path number",
  "probes: every op once at the right site, no code on no_code edges",
  "probe-level CFG walks count exactly the walked paths",
  "pp_mark_backedges: every backedge closes a cycle (DFS: of non-backedges)",
  "no count before the end of a block that may not return",
  "free chords: free tree edges only to join what the others do not; "
  "non-free chords no more and no heavier than the plain tree's",
  "path starts: a probe is its end ops then its start ops; paths run "
  "from their start ops count their number"
};

/* The properties above that core-checks.h reports under.  The CFGs
   here have no restart edges: paths from a restart dummy and restart
   probes are never checked.  */
static const check_props core_props = {
  .structure = P_STRUCT, .count = P_COUNT, .unique = P_UNIQUE,
  .regen = P_REGEN, .inc = P_INC, .tree = P_TREE, .ops = P_OPS,
  .restart_paths = P_OPS, .may_not_return = P_MAY_NOT_RETURN,
  .restart = P_PROBES, .probes = P_PROBES, .walk = P_WALK,
  .backedges = P_BACKEDGES, .starts = P_STARTS
};

/* Set while a plan built with pp_options.plain_tree is verified: its
   tree knows no free edges.  */
static bool plain_tree_keys;

/* Check every property of PLAN built from CFG (check_plan).  Paths are
   enumerated when there are at most ENUM_LIMIT, else SAMPLES random ones
   are checked; NUM_WALKS random CFG walks execute the probes.  */
static void
verify_plan (stats *st, const pp_cfg *cfg, const pp_plan *plan,
	     uint64_t *rng, uint64_t enum_limit, uint32_t samples,
	     uint32_t num_walks)
{
  uint64_t before = stats_failures (st);
  check_plan (st, &core_props, cfg, NULL, plan, plain_tree_keys, rng,
	      enum_limit, samples, num_walks);
  uint64_t after = stats_failures (st);
  if (verbose && after != before)
    fprintf (stderr, "  [%s] %d property failures\n", st->context,
	     (int) (after - before));
}

/* What the random runs (part 2) count across their plans.  */
typedef struct random_totals
{
  uint32_t graphs, plans, failed_no_code, failed_naive_no_code, with_cuts,
    with_backedges, with_noreturn, irreducible_like, caller_backedges,
    enumerated, fallback_paths, hot_compared, hot_worse;
  uint64_t paths_checked;
  /* Free chords against the plain tree: plans with fewer, as many and
     more non-free DAG edges that carry an operation; and those edges
     and the non-free chords in all, with and without.  */
  uint32_t nf_ops_fewer, nf_ops_same, nf_ops_more;
  uint64_t nf_ops_free, nf_ops_plain, nf_chords_free, nf_chords_plain;
} random_totals;

/* Free chords (core/spantree.c, doc/algorithm.md section 6).  PLAN was
   built with free chords, PLAIN from the same CFG with the tree by weight
   alone.  In PLAN, the free edges (class 4 of tree_key) in the tree are
   exactly one fewer than the components of the reachable blocks joined
   by EXIT-ENTRY and the other DAG edges: a free edge is a tree edge only
   where no spanning tree can do without it.  Against PLAIN, whose DAG
   and Val are the same: the non-free chords are no more and their total
   weight no higher (the non-free tree edges are a maximum-weight forest
   of the non-free edges once the forced ones are in).  Tallies in T the
   non-free edges that carry an operation, which no theorem bounds.  */
static void
verify_free_chords (stats *st, const pp_cfg *cfg, const pp_plan *plan,
		    const pp_plan *plain, random_totals *t)
{
  uint32_t nv = plan->num_blocks;
  uint32_t *parent = malloc (nv * sizeof (uint32_t));
  model m;
  model_build (cfg, &m);
  for (uint32_t v = 0; v < nv; v++)
    parent[v] = v;
  parent[PP_EXIT] = PP_ENTRY;
  uint32_t free_on_tree = 0, chords = 0, plain_chords = 0;
  uint32_t with_ops = 0, plain_with_ops = 0;
  double weight = 0, plain_weight = 0;
  bool same = same_numbering (plain, plan);
  prop (st, P_FREE, same, "the plain tree's plan has another DAG or Val");
  for (uint32_t i = 0; same && i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *e = &plan->dag_edges[i];
      int klass;
      double w;
      tree_key (cfg, &m, plan, e, false, &klass, &w);
      if (klass == 4)
	{
	  free_on_tree += e->on_tree;
	  continue;
	}
      parent[uf_find (parent, e->src)] = uf_find (parent, e->dst);
      if (!e->on_tree)
	{
	  chords++;
	  weight += w;
	}
      if (!plain->dag_edges[i].on_tree)
	{
	  plain_chords++;
	  plain_weight += w;
	}
      with_ops += e->num_ops > 0;
      plain_with_ops += plain->dag_edges[i].num_ops > 0;
    }
  uint32_t components = 0;
  for (uint32_t v = 0; v < nv; v++)
    components += plan->reachable[v] && uf_find (parent, v) == v;
  if (same)
    {
      prop (st, P_FREE, free_on_tree + 1 == components,
	    "%u free tree edges where %u components of the other edges "
	    "need %u", free_on_tree, components, components - 1);
      prop (st, P_FREE, chords <= plain_chords,
	    "%u non-free chords, the plain tree %u", chords, plain_chords);
      prop (st, P_FREE, weight <= plain_weight * (1 + 1e-12) + 1e-9,
	    "non-free chords weigh %g, the plain tree's %g", weight,
	    plain_weight);
      t->nf_ops_fewer += with_ops < plain_with_ops;
      t->nf_ops_same += with_ops == plain_with_ops;
      t->nf_ops_more += with_ops > plain_with_ops;
      t->nf_ops_free += with_ops;
      t->nf_ops_plain += plain_with_ops;
      t->nf_chords_free += chords;
      t->nf_chords_plain += plain_chords;
    }
  free (parent);
  model_free (&m);
}

/* Build a plan (optimised and naive), run every property on both, report
   under NAME.  Returns 0 if both plans were built.  The optimised plan is
   left in PLAN for the caller's own checks.  */
static int
fixture (const char *name, const pp_cfg *cfg, uint64_t max_paths,
	 pp_plan *plan)
{
  char err[300];
  pp_options opts = { max_paths, false };
  pp_plan naive;
  stats st;
  uint64_t rng = 12345;
  stats_init (&st, property_name, P_NUM, verbose, name);
  int rc = pp_plan_build (cfg, &opts, plan, err, sizeof err);
  check (rc == 0, check_name ("%s: pp_plan_build", name),
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc != 0)
    return -1;
  verify_plan (&st, cfg, plan, &rng, 5000, 500, 20);
  pp_options plain_opts = { .max_paths = max_paths, .plain_tree = true };
  pp_plan plain;
  rc = pp_plan_build (cfg, &plain_opts, &plain, err, sizeof err);
  check (rc == 0, check_name ("%s: pp_plan_build (plain tree)", name),
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc == 0)
    {
      random_totals unused;
      memset (&unused, 0, sizeof unused);
      plain_tree_keys = true;
      verify_plan (&st, cfg, &plain, &rng, 5000, 500, 20);
      plain_tree_keys = false;
      verify_free_chords (&st, cfg, plan, &plain, &unused);
      pp_plan_free (&plain);
    }
  opts.naive = true;
  rc = pp_plan_build (cfg, &opts, &naive, err, sizeof err);
  check (rc == 0, check_name ("%s: pp_plan_build (naive)", name),
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc != 0)
    return -1;
  verify_plan (&st, cfg, &naive, &rng, 5000, 500, 20);
  bool same = same_numbering (&naive, plan);
  check (same,
	 check_name ("%s: naive and optimised plans number paths alike", name),
	 "expected the same DAG and Val, saw %" PRIu64 " and %" PRIu64
	 " paths, %u and %u edges", naive.num_paths, plan->num_paths,
	 naive.num_dag_edges, plan->num_dag_edges);
  pp_plan_free (&naive);
  report_stats (name, &st, REPORT_CHECKED);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Part 1: fixtures.                                                   */

/* Block numbers of the paper's Figure 1: ENTRY 0, EXIT 1, A..F 2..7.  */
enum { A = 2, B, C, D, E, F };

/* The path number of the DAG path through the given blocks, from ENTRY
   to EXIT by REAL edges (the first matching edge at each step).  */
static uint64_t
number_of (const pp_plan *plan, const uint32_t *blocks, uint32_t n)
{
  uint64_t sum = 0;
  for (uint32_t k = 0; k + 1 < n; k++)
    {
      uint32_t i = 0;
      while (i < plan->num_dag_edges
	     && !(plan->dag_edges[i].src == blocks[k]
		  && plan->dag_edges[i].dst == blocks[k + 1]
		  && plan->dag_edges[i].kind == PP_DAG_REAL))
	i++;
      if (i == plan->num_dag_edges)
	return UINT64_MAX;
      sum += plan->dag_edges[i].val;
    }
  return sum;
}

/* The Val of the REAL DAG edge SRC->DST.  */
static uint64_t
val_of (const pp_plan *plan, uint32_t src, uint32_t dst)
{
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    if (plan->dag_edges[i].src == src && plan->dag_edges[i].dst == dst
	&& plan->dag_edges[i].kind == PP_DAG_REAL)
      return plan->dag_edges[i].val;
  return UINT64_MAX;
}

/* The REAL DAG edge SRC->DST, or NULL.  */
static const pp_dag_edge *
real_edge (const pp_plan *plan, uint32_t src, uint32_t dst)
{
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    if (plan->dag_edges[i].src == src && plan->dag_edges[i].dst == dst
	&& plan->dag_edges[i].kind == PP_DAG_REAL)
      return &plan->dag_edges[i];
  return NULL;
}

/* Figure 1 of the paper, the DAG of Figures 2 and 6 (A is the entry, F
   the exit; we add ENTRY->A and F->EXIT).  D_F_FIRST lists D->F before
   D->E, which with our tie-breaking (edge id) reproduces the paper's Val
   table exactly; otherwise the two are swapped.  */
static void
build_figure1 (tcfg *g, bool d_f_first, const double *w)
{
  static const double ones[10] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  if (w == NULL)
    w = ones;
  tcfg_init (g, 8);
  tcfg_add (g, PP_ENTRY, A, 0, w[0]);
  tcfg_add (g, A, B, 0, w[1]);
  tcfg_add (g, A, C, 0, w[2]);
  tcfg_add (g, B, C, 0, w[3]);
  tcfg_add (g, B, D, 0, w[4]);
  tcfg_add (g, C, D, 0, w[5]);
  if (d_f_first)
    {
      tcfg_add (g, D, F, 0, w[7]);
      tcfg_add (g, D, E, 0, w[6]);
    }
  else
    {
      tcfg_add (g, D, E, 0, w[6]);
      tcfg_add (g, D, F, 0, w[7]);
    }
  tcfg_add (g, E, F, 0, w[8]);
  tcfg_add (g, F, PP_EXIT, 0, w[9]);
}

static void
test_figure1 (void)
{
  tcfg g;
  pp_plan plan;
  build_figure1 (&g, false, NULL);
  if (fixture ("figure 1", &g.cfg, 0, &plan) == 0)
    {
      uint64_t np[8];
      count_paths (&plan, np);
      static const uint64_t want[6] = { 6, 4, 2, 2, 1, 1 };
      for (int v = A; v <= F; v++)
	{
	  char what[64];
	  snprintf (what, sizeof what, "figure 1: NumPaths(%c)", 'A' + v - A);
	  check_u64 (what, want[v - A], np[v]);
	}
      check_u64 ("figure 1: N", 6, plan.num_paths);
      /* Our order: fewest paths first, ties by edge id.  */
      check_u64 ("figure 1: Val(A->C)", 0, val_of (&plan, A, C));
      check_u64 ("figure 1: Val(A->B)", 2, val_of (&plan, A, B));
      check_u64 ("figure 1: Val(B->C)", 0, val_of (&plan, B, C));
      check_u64 ("figure 1: Val(B->D)", 2, val_of (&plan, B, D));
      check_u64 ("figure 1: Val(C->D)", 0, val_of (&plan, C, D));
      check_u64 ("figure 1: Val(D->E)", 0, val_of (&plan, D, E));
      check_u64 ("figure 1: Val(D->F)", 1, val_of (&plan, D, F));
      check_u64 ("figure 1: Val(E->F)", 0, val_of (&plan, E, F));
      static const uint32_t acdef[] = { 0, A, C, D, E, F, 1 };
      static const uint32_t abdf[] = { 0, A, B, D, F, 1 };
      check_u64 ("figure 1: number of ACDEF", 0, number_of (&plan, acdef, 7));
      check_u64 ("figure 1: number of ABDF", 5, number_of (&plan, abdf, 6));
      pp_plan_free (&plan);
    }
  tcfg_free (&g);

  /* The paper's own table (Figure 2(b)): ACDF 0, ACDEF 1, ABCDF 2,
     ABCDEF 3, ABDF 4, ABDEF 5.  */
  build_figure1 (&g, true, NULL);
  if (fixture ("figure 1 (paper order)", &g.cfg, 0, &plan) == 0)
    {
      static const uint32_t paths[6][8] = {
	{ 0, A, C, D, F, 1 }, { 0, A, C, D, E, F, 1 },
	{ 0, A, B, C, D, F, 1 }, { 0, A, B, C, D, E, F, 1 },
	{ 0, A, B, D, F, 1 }, { 0, A, B, D, E, F, 1 }
      };
      static const uint32_t lens[6] = { 6, 7, 7, 8, 6, 7 };
      static const char *const names[6]
	= { "ACDF", "ACDEF", "ABCDF", "ABCDEF", "ABDF", "ABDEF" };
      for (int k = 0; k < 6; k++)
	{
	  char what[64];
	  snprintf (what, sizeof what, "figure 2: number of %s", names[k]);
	  check_u64 (what, (uint64_t) k, number_of (&plan, paths[k], lens[k]));
	}
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* One expected DAG edge of a Figure 7 fixture: tree or chord, Inc, and
   its one operation (4: none).  */
typedef struct fig7_edge
{
  uint32_t src, dst;
  bool tree;
  int64_t inc;
  uint32_t op;
  int64_t value;
} fig7_edge;

/* Check the N edges WANT in PLAN, reporting under NAME.  */
static void
check_fig7_edges (const char *name, const pp_plan *plan,
		  const fig7_edge *want, size_t n)
{
  for (size_t k = 0; k < n; k++)
    {
      const pp_dag_edge *e = real_edge (plan, want[k].src, want[k].dst);
      bool ok = e != NULL && e->on_tree == want[k].tree
		&& e->inc == want[k].inc
		&& (want[k].op == 4
		      ? e->num_ops == 0
		      : e->num_ops == 1 && e->ops[0].kind == want[k].op
			  && e->ops[0].value == (uint64_t) want[k].value);
      check (ok,
	     check_name ("%s: edge %u->%u", name, want[k].src, want[k].dst),
	     "expected %s, Inc %" PRId64
	     ", op %u %" PRId64 "; saw %s, Inc %" PRId64 ", %u ops (%u %"
	     PRId64 ")",
	     want[k].tree ? "tree" : "chord", want[k].inc, want[k].op,
	     want[k].value,
	     e && e->on_tree ? "tree" : "chord", e ? e->inc : 0,
	     e ? e->num_ops : 0, e && e->num_ops ? e->ops[0].kind : 0,
	     e && e->num_ops ? (int64_t) e->ops[0].value : 0);
    }
}

/* Figures 6-8, with the paper's Val.  Weights make ENTRY->A, A->B, B->D,
   C->D, D->E and F->EXIT heavy.

   The paper's tree (pp_options.plain_tree, by weight alone): those six
   edges, chords A->C, B->C, D->F, E->F.  Potentials: phi(ENTRY) =
   phi(EXIT) = phi(A) = phi(F) = 0, phi(B) = 2, phi(D) = 4, phi(C) = 4,
   phi(E) = 5.  Increments Inc = Val + phi(src) - phi(dst): A->C -4, B->C
   -2, D->F 4, E->F 5; the chord sums give ACDF 0, ACDEF 1, ABCDF 2,
   ABCDEF 3, ABDF 4, ABDEF 5.  Figure 8 placement: F is absorbing (its
   only out-edge is a tree edge to EXIT), so D->F and E->F count:
   count[R+4]++, count[R+5]++; A and B have R known 0, so A->C and B->C
   set R = -4 and R = -2, and the tree edge B->D into D (two
   predecessors) sets R = 0.

   With free chords (the default), ENTRY->A is free and taken last; F->EXIT
   is not (F has one out-edge: as a tree edge it lets D->F and E->F fold
   into the count).  The other edges span A..F and, with F->EXIT and the
   fictitious edge, ENTRY and EXIT, so ENTRY->A becomes a chord and the
   light D->F joins the tree.  Tree ENTRY->EXIT, F->EXIT, D->F, B->D,
   A->B, C->D, D->E: phi(F) = 0, phi(D) = 0 (Val(D->F) = 0), phi(B) = -2,
   phi(A) = -4, phi(C) = 0, phi(E) = 1.  Chords: ENTRY->A 0 + 0 + 4 = 4,
   A->C 0 - 4 - 0 = -4, B->C 0 - 2 - 0 = -2, E->F 0 + 1 - 0 = 1; the sums
   give the same numbers (ACDF 4 - 4 = 0, ABDEF 4 + 1 = 5).  Placement:
   R is known along ENTRY->A->B (4 after the chord ENTRY->A, which needs
   no code), so A->C does R = 4 - 4 = 0, B->C R = 4 - 2 = 2 and B->D
   R = 4; F is absorbing, D->F counts count[R]++ and E->F count[R+1]++.
   Every path still does two operations, and one fewer chord is on a
   real edge inside the function.  */
static void
test_figure7 (void)
{
  /* ENTRY-A, A-B, A-C, B-C, B-D, C-D, D-F, D-E, E-F, F-EXIT.  */
  static const double w[10] = { 100, 100, 1, 1, 100, 100, 100, 1, 1, 100 };
  tcfg g;
  pp_plan plan;
  char err[300];
  build_figure1 (&g, true, w);
  pp_options plain = { .plain_tree = true };
  int rc = pp_plan_build (&g.cfg, &plain, &plan, err, sizeof err);
  check (rc == 0, "figure 7 (paper's tree): pp_plan_build",
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc == 0)
    {
      static const fig7_edge want[] = {
	{ PP_ENTRY, A, true, 0, 4, 0 },	  { A, B, true, 0, 4, 0 },
	{ A, C, false, -4, PP_OP_SET, -4 }, { B, C, false, -2, PP_OP_SET, -2 },
	{ B, D, true, 0, PP_OP_SET, 0 },    { C, D, true, 0, 4, 0 },
	{ D, E, true, 0, 4, 0 },	    { D, F, false, 4, PP_OP_COUNT, 4 },
	{ E, F, false, 5, PP_OP_COUNT, 5 }, { F, PP_EXIT, true, 0, 4, 0 },
      };
      check_fig7_edges ("figure 7/8 (paper's tree)", &plan, want,
			sizeof want / sizeof want[0]);
      pp_plan_free (&plan);
    }
  if (fixture ("figure 7", &g.cfg, 0, &plan) == 0)
    {
      static const fig7_edge want[] = {
	{ PP_ENTRY, A, false, 4, 4, 0 },    { A, B, true, 0, 4, 0 },
	{ A, C, false, -4, PP_OP_SET, 0 },  { B, C, false, -2, PP_OP_SET, 2 },
	{ B, D, true, 0, PP_OP_SET, 4 },    { C, D, true, 0, 4, 0 },
	{ D, E, true, 0, 4, 0 },	    { D, F, true, 0, PP_OP_COUNT, 0 },
	{ E, F, false, 1, PP_OP_COUNT, 1 }, { F, PP_EXIT, true, 0, 4, 0 },
      };
      check_fig7_edges ("figure 7/8", &plan, want,
			sizeof want / sizeof want[0]);
      pp_plan_free (&plan);
    }

  /* The same with a call that may not return in F (PP_BLOCK_MAY_NOT_RETURN):
     F may no longer absorb the count, which moves past F's end to
     F->EXIT.  That makes F->EXIT free too: ENTRY->A and F->EXIT (both
     100) are the two free edges and one must join the tree, ENTRY->A by
     its lower id.  Tree as in the paper but with D->F for F->EXIT:
     phi(A) = 0, phi(B) = 2, phi(D) = phi(C) = 4, phi(E) = 5, phi(F) = 4
     (Val(D->F) = 0).  Chords A->C -4, B->C -2, E->F 1 and F->EXIT 4,
     which counts count[R+4]++: D->F needs nothing and E->F adds 1, where
     the paper's tree has D->F add 4, E->F add 5 and F->EXIT count[R]++.  */
  tcfg_flag_block (&g, F, PP_BLOCK_MAY_NOT_RETURN);
  if (fixture ("figure 7, F may not return", &g.cfg, 0, &plan) == 0)
    {
      static const fig7_edge want[] = {
	{ PP_ENTRY, A, true, 0, 4, 0 },	    { A, B, true, 0, 4, 0 },
	{ A, C, false, -4, PP_OP_SET, -4 }, { B, C, false, -2, PP_OP_SET, -2 },
	{ B, D, true, 0, PP_OP_SET, 0 },    { C, D, true, 0, 4, 0 },
	{ D, E, true, 0, 4, 0 },	    { D, F, true, 0, 4, 0 },
	{ E, F, false, 1, PP_OP_ADD, 1 },   { F, PP_EXIT, false, 4,
					      PP_OP_COUNT, 4 },
      };
      check_fig7_edges ("figure 7, F may not return", &plan, want,
			sizeof want / sizeof want[0]);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* A loop in the style of the paper's Figure 10 (reconstructed: 9
   paths).  ENTRY->A; A->B (into the loop) or A->F (skip it); the loop
   body B->C|D, C->E, D->E; E->B the backedge, E->F the exit; F->EXIT.
   DAG: NumPaths E = 2 (F, or the backedge's E->EXIT dummy), C = D = 2,
   B = 4, A = 4 + 1 = 5, ENTRY = A + B (the backedge's ENTRY->B dummy) =
   9.  */
static void
test_figure10 (void)
{
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 8);
  tcfg_add (&g, PP_ENTRY, A, 0, 10);
  tcfg_add (&g, A, B, 0, 9);
  tcfg_add (&g, A, F, 0, 1);
  tcfg_add (&g, B, C, 0, 60);
  tcfg_add (&g, B, D, 0, 30);
  tcfg_add (&g, C, E, 0, 60);
  tcfg_add (&g, D, E, 0, 30);
  uint32_t back = tcfg_add (&g, E, B, 0, 81);
  tcfg_add (&g, E, F, 0, 9);
  tcfg_add (&g, F, PP_EXIT, 0, 10);
  check_u64 ("figure 10: pp_mark_backedges", 1, pp_mark_backedges (&g.cfg));
  check (g.cfg.edges[back].flags & PP_CFG_BACKEDGE,
	 "figure 10: E->B is the backedge", "expected the flag, saw 0x%x",
	 (unsigned) g.cfg.edges[back].flags);
  if (fixture ("figure 10", &g.cfg, 0, &plan) == 0)
    {
      check_u64 ("figure 10: N", 9, plan.num_paths);
      check_u64 ("figure 10: num_backedges", 1, plan.num_backedges);
      uint32_t be = find_dag_edge (&plan, PP_DAG_BACK_ENTRY, back);
      uint32_t bx = find_dag_edge (&plan, PP_DAG_BACK_EXIT, back);
      check (be != UINT32_MAX && bx != UINT32_MAX
	       && plan.dag_edges[be].src == PP_ENTRY
	       && plan.dag_edges[be].dst == B
	       && plan.dag_edges[bx].src == E
	       && plan.dag_edges[bx].dst == PP_EXIT,
	     "figure 10: dummies ENTRY->B and E->EXIT for backedge E->B",
	     "expected both, saw %s",
	     be == UINT32_MAX || bx == UINT32_MAX ? "one missing" : "others");
      /* The hot backedge's probe: the path ending there is counted and R
	 reset, in that order (trap 4).  */
      const pp_probe *pr = find_probe (&plan, PP_SITE_EDGE, back);
      check (pr == NULL
	       || (pr->ops[pr->num_ops - 1].kind == PP_OP_SET
		   || pr->num_ops == 1),
	     "figure 10: the backedge probe ends with the reset",
	     "expected R = ... last, saw %u ops", pr ? pr->num_ops : 0);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* A loop header with two backedges: `while (h) { if (a) continue; b; }':
   ENTRY->H, H->A, H->X, A->H (continue), A->B, B->H (loop end), X->EXIT.
   Each backedge gives its own ENTRY->H dummy, so a path starting at H
   says which backedge started it (trap 3).  */
static void
test_two_backedges (void)
{
  enum { H = 2, LA, LB, X };
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 6);
  tcfg_add (&g, PP_ENTRY, H, 0, 1);
  tcfg_add (&g, H, LA, 0, 10);
  tcfg_add (&g, H, X, 0, 1);
  uint32_t cont = tcfg_add (&g, LA, H, 0, 5);
  tcfg_add (&g, LA, LB, 0, 5);
  uint32_t end = tcfg_add (&g, LB, H, 0, 5);
  tcfg_add (&g, X, PP_EXIT, 0, 1);
  check_u64 ("two backedges: pp_mark_backedges", 2,
	     pp_mark_backedges (&g.cfg));
  check ((g.cfg.edges[cont].flags & PP_CFG_BACKEDGE)
	   && (g.cfg.edges[end].flags & PP_CFG_BACKEDGE),
	 "two backedges: continue and loop end are the backedges",
	 "expected both flagged, saw flags 0x%x and 0x%x",
	 (unsigned) g.cfg.edges[cont].flags,
	 (unsigned) g.cfg.edges[end].flags);
  if (fixture ("two backedges", &g.cfg, 0, &plan) == 0)
    {
      uint32_t e1 = find_dag_edge (&plan, PP_DAG_BACK_ENTRY, cont);
      uint32_t e2 = find_dag_edge (&plan, PP_DAG_BACK_ENTRY, end);
      check (e1 != UINT32_MAX && e2 != UINT32_MAX && e1 != e2
	       && plan.dag_edges[e1].dst == H && plan.dag_edges[e2].dst == H
	       && plan.dag_edges[e1].val != plan.dag_edges[e2].val,
	     "two backedges: two ENTRY->H dummies with distinct Val",
	     "expected two, saw %s",
	     e1 == UINT32_MAX || e2 == UINT32_MAX ? "one missing" : "others");
      /* Paths: from ENTRY, from the continue, from the loop end, each
	 ending by X, continue or loop end: 3 starts x 3 ends = 9.  */
      check_u64 ("two backedges: N", 9, plan.num_paths);
      check (find_probe (&plan, PP_SITE_EDGE, cont) != NULL
	       && find_probe (&plan, PP_SITE_EDGE, end) != NULL,
	     "two backedges: both backedges carry a probe",
	     "expected two probes, saw fewer");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* A block U with a real exit edge and a backedge: ENTRY->H, H->U,
   U->EXIT (hot), U->H (cold).  The DAG has two parallel edges U->EXIT
   (real, Val 0; the backedge's dummy, Val 1) and two ENTRY->H (real, Val
   0; the dummy, Val 2).  The tree takes ENTRY->EXIT (fictitious), H->U,
   U->EXIT (real); with phi = 0 everywhere the chords keep Inc = Val, so
   the backedge probe is count[R + 1]++; R = 2: the increment of the
   U->EXIT dummy is not 0, nor is the reset (trap 4).  */
static void
test_exit_and_backedge (void)
{
  enum { H = 2, U };
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 4);
  tcfg_add (&g, PP_ENTRY, H, 0, 1);
  tcfg_add (&g, H, U, 0, 10);
  tcfg_add (&g, U, PP_EXIT, 0, 9);
  uint32_t back = tcfg_add (&g, U, H, 0, 1);
  pp_mark_backedges (&g.cfg);
  if (fixture ("exit and backedge", &g.cfg, 0, &plan) == 0)
    {
      check_u64 ("exit and backedge: N", 4, plan.num_paths);
      uint32_t bx = find_dag_edge (&plan, PP_DAG_BACK_EXIT, back);
      uint32_t be = find_dag_edge (&plan, PP_DAG_BACK_ENTRY, back);
      check (bx != UINT32_MAX && be != UINT32_MAX
	       && plan.dag_edges[bx].val == 1 && plan.dag_edges[bx].inc == 1
	       && !plan.dag_edges[bx].on_tree && plan.dag_edges[be].val == 2
	       && plan.dag_edges[be].inc == 2,
	     "exit and backedge: Inc(U->EXIT dummy) = 1, Inc(ENTRY->H "
	     "dummy) = 2",
	     "expected Val and Inc 1 and 2, the first a chord, saw others");
      const pp_probe *pr = find_probe (&plan, PP_SITE_EDGE, back);
      check (pr != NULL && pr->num_ops == 2 && pr->ops[0].kind == PP_OP_COUNT
	       && pr->ops[0].value == 1 && pr->ops[1].kind == PP_OP_SET
	       && pr->ops[1].value == 2,
	     "exit and backedge: backedge probe is count[R + 1]++; R = 2",
	     "expected these 2 ops, saw %u ops", pr ? pr->num_ops : 0);
      /* Path starts: the entry (R = 0, the whole probe of ENTRY->H:
	 H has two DAG in-edges, so R is not known there) and the
	 backedge, whose start op is its probe's second.  */
      const pp_start *s0 = plan.num_starts == 2 ? &plan.starts[0] : NULL;
      const pp_start *sb = plan.num_starts == 2 ? &plan.starts[1] : NULL;
      const pp_probe *pe = find_probe (&plan, PP_SITE_EDGE, 0);
      check (s0 != NULL && s0->kind == PP_START_ENTRY && s0->cfg_edge == 0
	       && s0->site == PP_SITE_EDGE && s0->index == 0 && pe != NULL
	       && s0->probe < plan.num_probes && &plan.probes[s0->probe] == pe
	       && s0->num_end_ops == 0 && s0->num_ops == 1
	       && s0->ops[0].kind == PP_OP_SET && s0->ops[0].value == 0,
	     "exit and backedge: the entry starts with R = 0, its probe",
	     "expected 2 starts, the first the entry's R = 0, saw %u starts",
	     plan.num_starts);
      check (sb != NULL && sb->kind == PP_START_BACKEDGE
	       && sb->cfg_edge == back && sb->dag_edge == be
	       && sb->site == PP_SITE_EDGE && sb->index == back
	       && sb->probe < plan.num_probes && &plan.probes[sb->probe] == pr
	       && sb->num_end_ops == 1 && sb->num_ops == 1
	       && sb->ops[0].kind == PP_OP_SET && sb->ops[0].value == 2,
	     "exit and backedge: the backedge starts with R = 2, after "
	     "1 end op of its probe",
	     "expected that start, saw kind %u, %u end ops, %u ops",
	     sb ? sb->kind : 0, sb ? sb->num_end_ops : 0,
	     sb ? sb->num_ops : 0);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* A self loop A->A: a backedge like any other (trap 5), its probe on the
   edge itself (the plugin splits it).  */
static void
test_self_loop (void)
{
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 3);
  tcfg_add (&g, PP_ENTRY, A, 0, 1);
  uint32_t self = tcfg_add (&g, A, A, 0, 100);
  tcfg_add (&g, A, PP_EXIT, 0, 1);
  check_u64 ("self loop: pp_mark_backedges", 1, pp_mark_backedges (&g.cfg));
  if (fixture ("self loop", &g.cfg, 0, &plan) == 0)
    {
      /* Paths: ENTRY->A->EXIT, ENTRY->A->(self), (self)->A->EXIT,
	 (self)->A->(self).  */
      check_u64 ("self loop: N", 4, plan.num_paths);
      check (find_probe (&plan, PP_SITE_EDGE, self) != NULL,
	     "self loop: probe on the self-loop edge",
	     "expected a probe, saw none");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* A block without successors (abort ()): a NORETURN dummy, and its
   path counted at the end of the block, before the call (trap 6).  */
static void
test_noreturn (void)
{
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 5);
  tcfg_add (&g, PP_ENTRY, A, 0, 10);
  tcfg_add (&g, A, B, 0, 9);
  tcfg_add (&g, A, C, 0, 1);
  tcfg_add (&g, B, PP_EXIT, 0, 9);
  /* C calls abort: no successor.  */
  if (fixture ("noreturn", &g.cfg, 0, &plan) == 0)
    {
      check_u64 ("noreturn: N", 2, plan.num_paths);
      uint32_t nr = find_noreturn (&plan, C);
      check (nr != UINT32_MAX && plan.dag_edges[nr].dst == PP_EXIT
	       && plan.dag_edges[nr].cfg_edge == PP_NONE,
	     "noreturn: dummy C->EXIT",
	     "expected a NORETURN_EXIT edge C->EXIT, saw %s",
	     nr == UINT32_MAX ? "none" : "another");
      const pp_probe *pr = find_probe (&plan, PP_SITE_BLOCK_END, C);
      bool counted = false;
      /* The count is either in C's block-end probe or on the way in.  */
      if (pr != NULL)
	for (uint32_t k = 0; k < pr->num_ops; k++)
	  counted |= pr->ops[k].kind >= PP_OP_COUNT;
      const pp_probe *in = find_probe (&plan, PP_SITE_EDGE, 2);
      if (in != NULL)
	for (uint32_t k = 0; k < in->num_ops; k++)
	  counted |= in->ops[k].kind >= PP_OP_COUNT;
      check (counted, "noreturn: the path into C is counted before the call",
	     "expected a count op on A->C or at the end of C, saw none");
      pp_plan_free (&plan);
    }
  /* C's abort is a call that may not return, and the plugin flags its
     block: the count must then be at C's end, before the call.  */
  tcfg_flag_block (&g, C, PP_BLOCK_MAY_NOT_RETURN);
  if (fixture ("noreturn, flagged", &g.cfg, 0, &plan) == 0)
    {
      const pp_probe *pr = find_probe (&plan, PP_SITE_BLOCK_END, C);
      check (pr != NULL && pr->num_ops == 1
	       && pr->ops[0].kind >= PP_OP_COUNT,
	     "noreturn, flagged: the count is at the end of C",
	     "expected one count op there, saw %u ops", pr ? pr->num_ops : 0);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* A chain of NUM diamonds: top_i -> l_i | r_i -> top_{i+1}, 2^NUM paths
   (trap 10).  Weights prefer the left side.  */
static void
build_diamonds (tcfg *g, uint32_t num)
{
  tcfg_init (g, 2 + 3 * num + 1);
  uint32_t top = 2;
  tcfg_add (g, PP_ENTRY, top, 0, 1);
  for (uint32_t i = 0; i < num; i++)
    {
      uint32_t l = top + 1, r = top + 2, next = top + 3;
      tcfg_add (g, top, l, 0, 0.7);
      tcfg_add (g, top, r, 0, 0.3);
      tcfg_add (g, l, next, 0, 0.7);
      tcfg_add (g, r, next, 0, 0.3);
      top = next;
    }
  tcfg_add (g, top, PP_EXIT, 0, 1);
}

/* The diamond chain with path limits 1000, none (2^63 / (E + 2)), 1 and
   2: every block within the limit (or its out-degree), N below 2^63, and
   every property of verify_plan on the truncated DAG.  */
static void
test_truncation (void)
{
  tcfg g;
  pp_plan plan;
  char name[80];
  static const uint64_t limits[] = { 1000, 0, 1, 2 };
  build_diamonds (&g, 100);
  for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++)
    {
      snprintf (name, sizeof name, "100 diamonds, max_paths %" PRIu64,
		limits[k]);
      if (fixture (name, &g.cfg, limits[k], &plan) != 0)
	continue;
      check (plan.num_cut_edges > 0,
	     check_name ("%s: %u edges cut", name, plan.num_cut_edges),
	     "expected some");
      uint64_t np[400];
      count_paths (&plan, np);
      uint64_t worst = 0;
      for (uint32_t v = 2; v < plan.num_blocks; v++)
	worst = np[v] > worst ? np[v] : worst;
      uint64_t lim = limits[k];
      if (lim == 0)
	lim = ((UINT64_C (1) << 63) - 1) / (g.cfg.num_edges + 2);
      /* A vertex cannot go below its out-degree (2 here).  */
      if (lim < 2)
	lim = 2;
      check (worst <= lim,
	     check_name ("%s: NumPaths of every block <= %" PRIu64, name,
			 lim),
	     "saw %" PRIu64, worst);
      check (plan.num_paths < (UINT64_C (1) << 63),
	     check_name ("%s: N = %" PRIu64 " < 2^63", name, plan.num_paths),
	     "expected less");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* PP_CFG_NO_CODE edges: forced into the tree, and their code relocated
   to the end of a single-successor source or the start of a
   single-predecessor destination (trap 7).  */
static void
test_no_code (void)
{
  tcfg g;
  pp_plan plan;

  /* 1. An abnormal edge B->D (B has one successor) in a diamond.  Light
     weight, yet it must be a tree edge.  */
  tcfg_init (&g, 6);
  tcfg_add (&g, PP_ENTRY, A, 0, 10);
  tcfg_add (&g, A, B, 0, 1);
  tcfg_add (&g, A, C, 0, 9);
  uint32_t bd = tcfg_add (&g, B, D, PP_CFG_NO_CODE, 0);
  tcfg_add (&g, C, D, 0, 9);
  tcfg_add (&g, D, PP_EXIT, 0, 10);
  if (fixture ("no_code diamond", &g.cfg, 0, &plan) == 0)
    {
      const pp_dag_edge *e = real_edge (&plan, B, D);
      check (e != NULL && e->on_tree, "no_code diamond: B->D in the tree",
	     "expected a tree edge, saw %s", e ? "a chord" : "none");
      check (find_probe (&plan, PP_SITE_EDGE, bd) == NULL,
	     "no_code diamond: no probe on the abnormal edge",
	     "expected none, saw one");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);

  /* 2. An abnormal backedge L->H whose source has one successor: its
     count and reset go to the end of L.  ENTRY->H, H->L, H->X, L->H
     (no_code), X->EXIT.  */
  enum { H = 2, L, X };
  tcfg_init (&g, 5);
  tcfg_add (&g, PP_ENTRY, H, 0, 1);
  tcfg_add (&g, H, L, 0, 10);
  tcfg_add (&g, H, X, 0, 1);
  uint32_t lh = tcfg_add (&g, L, H, PP_CFG_NO_CODE, 10);
  tcfg_add (&g, X, PP_EXIT, 0, 1);
  pp_mark_backedges (&g.cfg);
  check (g.cfg.edges[lh].flags & PP_CFG_BACKEDGE,
	 "no_code backedge: L->H is the backedge",
	 "expected the flag, saw 0x%x", (unsigned) g.cfg.edges[lh].flags);
  if (fixture ("no_code backedge", &g.cfg, 0, &plan) == 0)
    {
      const pp_probe *pr = find_probe (&plan, PP_SITE_BLOCK_END, L);
      check (pr != NULL && pr->num_ops >= 1
	       && find_probe (&plan, PP_SITE_EDGE, lh) == NULL,
	     check_name ("no_code backedge: probe moved to the end of L "
			 "(%u ops)", pr ? pr->num_ops : 0),
	     "expected ops at the end of L and none on L->H, saw %u and %s",
	     pr ? pr->num_ops : 0,
	     find_probe (&plan, PP_SITE_EDGE, lh) ? "a probe" : "none");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);

  /* 3. An abnormal edge A->B from a block with two successors into a
     block with one predecessor, where B->EXIT is the only way on: the
     path's count falls on A->B and moves to the start of B.
     ENTRY->A, A->B (no_code), A->C, B->EXIT, C->EXIT.  */
  tcfg_init (&g, 5);
  tcfg_add (&g, PP_ENTRY, A, 0, 10);
  uint32_t ab = tcfg_add (&g, A, B, PP_CFG_NO_CODE, 5);
  tcfg_add (&g, A, C, 0, 5);
  tcfg_add (&g, B, PP_EXIT, 0, 5);
  tcfg_add (&g, C, PP_EXIT, 0, 5);
  if (fixture ("no_code to block start", &g.cfg, 0, &plan) == 0)
    {
      const pp_probe *pr = find_probe (&plan, PP_SITE_BLOCK_START, B);
      const pp_dag_edge *e = real_edge (&plan, A, B);
      check (e != NULL && e->on_tree
	       && find_probe (&plan, PP_SITE_EDGE, ab) == NULL
	       && (e->num_ops == 0 || pr != NULL),
	     check_name ("no_code to block start: A->B in the tree, its ops "
			 "(%u) at the start of B", e ? e->num_ops : 0),
	     "expected a tree edge without a probe, saw %s, %s",
	     e && e->on_tree ? "a tree edge" : "no tree edge",
	     find_probe (&plan, PP_SITE_EDGE, ab) ? "a probe" : "no probe");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);

  /* 4. A stuck abnormal tree edge into an absorbing block: A->B
     (no_code) with A two successors, B two predecessors, B->EXIT the
     only way on.  The count must move from A->B down to B->EXIT.
     ENTRY->A, A->B (nc), A->C, C->B, C->EXIT, B->EXIT.  */
  tcfg_init (&g, 5);
  tcfg_add (&g, PP_ENTRY, A, 0, 10);
  ab = tcfg_add (&g, A, B, PP_CFG_NO_CODE, 5);
  tcfg_add (&g, A, C, 0, 5);
  tcfg_add (&g, C, B, 0, 3);
  tcfg_add (&g, C, PP_EXIT, 0, 2);
  uint32_t bx = tcfg_add (&g, B, PP_EXIT, 0, 8);
  if (fixture ("stuck no_code edge, count moved", &g.cfg, 0, &plan) == 0)
    {
      const pp_dag_edge *e = real_edge (&plan, A, B);
      check (e != NULL && e->num_ops == 0
	       && find_probe (&plan, PP_SITE_EDGE, bx) != NULL,
	     "stuck no_code edge: A->B carries nothing, B->EXIT counts",
	     "expected 0 ops on A->B, saw %u", e ? e->num_ops : 0);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);

  /* 5. A stuck abnormal tree edge that would need R = 0: out of a block
     where R is still unset into a block with two predecessors.  The
     reset moves up to ENTRY->A.  ENTRY->A, A->B (nc), A->C, C->B,
     B->D, B->E, D->EXIT, E->EXIT, C->EXIT.  */
  tcfg_init (&g, 7);
  tcfg_add (&g, PP_ENTRY, A, 0, 10);
  ab = tcfg_add (&g, A, B, PP_CFG_NO_CODE, 5);
  tcfg_add (&g, A, C, 0, 5);
  tcfg_add (&g, C, B, 0, 3);
  tcfg_add (&g, B, D, 0, 4);
  tcfg_add (&g, B, E, 0, 4);
  tcfg_add (&g, D, PP_EXIT, 0, 4);
  tcfg_add (&g, E, PP_EXIT, 0, 4);
  tcfg_add (&g, C, PP_EXIT, 0, 2);
  if (fixture ("stuck no_code edge, reset moved", &g.cfg, 0, &plan) == 0)
    {
      const pp_dag_edge *e = real_edge (&plan, A, B);
      check (e != NULL && e->on_tree && e->num_ops == 0,
	     "stuck no_code edge: A->B in the tree, carrying nothing",
	     "expected a tree edge without ops, saw %s with %u ops",
	     e && e->on_tree ? "a tree edge" : "no tree edge",
	     e ? e->num_ops : 0);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* Failures: a no_code edge that must carry code with nowhere to put it,
   and malformed input.  */
static void
test_failures (void)
{
  tcfg g;
  pp_plan plan;
  char err[300];
  enum { H = 2, L, X };

  /* An abnormal backedge L->H, chosen by the caller, where L has two
     successors and H two predecessors: the path end on it has no place.  */
  tcfg_init (&g, 5);
  tcfg_add (&g, PP_ENTRY, H, 0, 1);
  tcfg_add (&g, H, L, 0, 10);
  tcfg_add (&g, L, H, PP_CFG_NO_CODE | PP_CFG_BACKEDGE, 10);
  tcfg_add (&g, L, X, 0, 1);
  tcfg_add (&g, X, PP_EXIT, 0, 1);
  memset (&plan, 0xff, sizeof plan);
  int rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (rc == -1 && strstr (err, "abnormal edge 3->2") != NULL,
	 "stuck abnormal backedge: refused with a message",
	 "expected -1 and a message, saw %d \"%s\"", rc, err);
  check (plan.num_dag_edges == 0 && plan.dag_edges == NULL
	   && plan.probes == NULL && plan.reachable == NULL
	   && plan.num_paths == 0,
	 "stuck abnormal backedge: plan left empty",
	 "expected nothing, saw %u DAG edges, N = %" PRIu64,
	 plan.num_dag_edges, plan.num_paths);
  pp_plan_free (&plan);
  tcfg_free (&g);

  /* A cycle of two stuck abnormal edges: no backedge choice helps.
     ENTRY->P, P->H, P->L, H->L (nc), L->H (nc), H->X, L->X, X->EXIT.  */
  enum { P = 2, H2, L2, X2 };
  tcfg_init (&g, 6);
  tcfg_add (&g, PP_ENTRY, P, 0, 1);
  tcfg_add (&g, P, H2, 0, 1);
  tcfg_add (&g, P, L2, 0, 1);
  tcfg_add (&g, H2, L2, PP_CFG_NO_CODE, 1);
  tcfg_add (&g, L2, H2, PP_CFG_NO_CODE, 1);
  tcfg_add (&g, H2, X2, 0, 1);
  tcfg_add (&g, L2, X2, 0, 1);
  tcfg_add (&g, X2, PP_EXIT, 0, 1);
  pp_mark_backedges (&g.cfg);
  rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (rc == -1 && strstr (err, "abnormal edge") != NULL,
	 "cycle of stuck abnormal edges: refused",
	 "expected -1, saw %d \"%s\"", rc, err);
  pp_plan_free (&plan);
  tcfg_free (&g);

  /* A backedge set that leaves a cycle.  */
  tcfg_init (&g, 4);
  tcfg_add (&g, PP_ENTRY, A, 0, 1);
  tcfg_add (&g, A, B, 0, 1);
  tcfg_add (&g, B, A, 0, 1);
  tcfg_add (&g, B, PP_EXIT, 0, 1);
  rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (rc == -1 && strstr (err, "cycle") != NULL,
	 "unbroken cycle: refused with a message",
	 "expected -1 and a message, saw %d \"%s\"", rc, err);
  tcfg_free (&g);

  /* Malformed CFGs.  */
  static const struct
  {
    uint32_t src, dst, flags;
    double weight;
    const char *what;
  } bad[] = {
    { 0, 7, 0, 1, "outside" }, { 1, 2, 0, 1, "leaves EXIT" },
    { 2, 0, 0, 1, "enters ENTRY" }, { 0, 2, 0, -1, "weight" },
    { 0, 2, 0, 0.0 / 0.0, "weight" }, { 0, 2, 1u << 7, 1, "flags" }
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      tcfg_init (&g, 3);
      tcfg_add (&g, PP_ENTRY, 2, 0, 1);
      tcfg_add (&g, 2, PP_EXIT, 0, 1);
      tcfg_add (&g, bad[k].src, bad[k].dst, bad[k].flags, bad[k].weight);
      rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
      check (rc == -1 && strstr (err, bad[k].what) != NULL,
	     check_name ("malformed CFG %zu: refused with \"%s\"", k,
			 bad[k].what),
	     "expected -1 and \"%s\", saw %d \"%s\"", bad[k].what, rc, err);
      tcfg_free (&g);
    }
  tcfg_init (&g, 3);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  tcfg_add (&g, 2, PP_EXIT, 0, 1);
  tcfg_flag_block (&g, 2, 1u << 5);
  rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (rc == -1 && strstr (err, "block 2 has unknown flags") != NULL,
	 "unknown block flags: refused with a message",
	 "expected -1 and a message, saw %d \"%s\"", rc, err);
  tcfg_free (&g);
  tcfg_init (&g, 1);
  rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (rc == -1, "one-block CFG: refused", "expected -1, saw %d \"%s\"",
	 rc, err);
  tcfg_init (&g, 3);
  tcfg_add (&g, 2, PP_EXIT, 0, 1);
  rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (rc == -1 && strstr (err, "ENTRY has no successor"),
	 "ENTRY without successor: refused", "expected -1, saw %d \"%s\"", rc,
	 err);
  tcfg_free (&g);
  rc = pp_plan_build (NULL, NULL, &plan, err, sizeof err);
  check (rc == -1, "NULL CFG: refused", "expected -1, saw %d", rc);
}

/* An interpreter's computed goto (trap 7).  GCC factors `goto *p' into a
   dispatcher D with abnormal edges to every label.  Here the code falls
   into label L1 first, so a plain DFS reaches D from inside L1's body and
   makes the abnormal D->L1 a backedge, stuck (D has three successors, L1
   two predecessors).  pp_mark_backedges must break the cycles at the
   ordinary edges G1->D and G2->D instead.
   ENTRY->S, S->L1, L1->G1, G1->D, D->L1 (nc), D->L2 (nc), D->L3 (nc),
   L2->G2, G2->D, L3->EXIT.  */
static void
test_computed_goto (void)
{
  enum { S = 2, L1, G1, DD, L2, G2, L3 };
  tcfg g;
  pp_plan plan;
  char err[300];
  tcfg_init (&g, 9);
  tcfg_add (&g, PP_ENTRY, S, 0, 1);
  tcfg_add (&g, S, L1, 0, 1);
  tcfg_add (&g, L1, G1, 0, 50);
  uint32_t g1d = tcfg_add (&g, G1, DD, 0, 50);
  uint32_t dl1 = tcfg_add (&g, DD, L1, PP_CFG_NO_CODE, 49);
  tcfg_add (&g, DD, L2, PP_CFG_NO_CODE, 50);
  tcfg_add (&g, DD, L3, PP_CFG_NO_CODE, 1);
  tcfg_add (&g, L2, G2, 0, 50);
  uint32_t g2d = tcfg_add (&g, G2, DD, 0, 50);
  tcfg_add (&g, L3, PP_EXIT, 0, 1);

  /* What a plain DFS would choose: D->L1 and G2->D.  */
  g.cfg.edges[dl1].flags |= PP_CFG_BACKEDGE;
  g.cfg.edges[g2d].flags |= PP_CFG_BACKEDGE;
  int rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (rc == -1,
	 check_name ("computed goto, plain DFS backedges: planning fails (%s)",
		     rc == -1 ? err : ""),
	 "expected -1, saw %d", rc);

  uint32_t n = pp_mark_backedges (&g.cfg);
  check (n == 2 && (g.cfg.edges[g1d].flags & PP_CFG_BACKEDGE)
	   && (g.cfg.edges[g2d].flags & PP_CFG_BACKEDGE),
	 check_name ("computed goto: backedges are G1->D and G2->D "
		     "(%u marked)", n),
	 "expected these 2, saw others");
  if (fixture ("computed goto", &g.cfg, 0, &plan) == 0)
    {
      check (plan.num_backedges == 2, "computed goto: 2 backedges",
	     "saw %u", plan.num_backedges);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);

  /* A bytecode interpreter of 40 opcodes as GCC shapes it: ENTRY->S,
     S->L0 (the code falls into the first handler); handler j is L_j ->
     (X_j | Y_j) -> G_j -> D, with G_j "goto *pc++"; every third handler
     also falls through from the previous one (L_{j-1} -> L_j), so its
     abnormal in-edge is stuck; handler 39 returns.  D->L_j abnormal for
     every j.  Every edge that can carry code, all abnormal edges in the
     tree, and calls in some handlers.  */
  enum { OPS = 40 };
  uint32_t start = 2, DISP = 3, base = 4;  /* L_j X_j Y_j G_j: base + 4j */
  tcfg_init (&g, base + 4 * OPS);
  tcfg_add (&g, PP_ENTRY, start, 0, 1);
  tcfg_add (&g, start, base, 0, 1);
  for (uint32_t j = 0; j < OPS; j++)
    {
      uint32_t l = base + 4 * j, x = l + 1, y = l + 2, gj = l + 3;
      tcfg_add (&g, DISP, l, PP_CFG_NO_CODE, 100);
      if (j % 3 == 2)
	tcfg_add (&g, base + 4 * (j - 1), l, 0, 10);
      if (j == OPS - 1)
	{
	  tcfg_add (&g, l, PP_EXIT, 0, 1);
	  continue;
	}
      tcfg_add (&g, l, x, 0, 60);
      tcfg_add (&g, l, y, 0, 40);
      tcfg_add (&g, x, gj, 0, 60);
      tcfg_add (&g, y, gj, 0, 40);
      tcfg_add (&g, gj, DISP, 0, 100);
      if (j % 4 == 1)
	tcfg_flag_block (&g, x, PP_BLOCK_MAY_NOT_RETURN);
    }
  pp_mark_backedges (&g.cfg);
  bool only_normal = true;
  for (uint32_t i = 0; i < g.cfg.num_edges; i++)
    if ((g.cfg.edges[i].flags & PP_CFG_BACKEDGE)
	&& (g.cfg.edges[i].flags & PP_CFG_NO_CODE))
      only_normal = false;
  check (only_normal, "interpreter: no abnormal edge is a backedge",
	 "expected none, saw some");
  if (fixture ("interpreter", &g.cfg, 0, &plan) == 0)
    {
      bool abnormal_clean = true;
      for (uint32_t i = 0; i < plan.num_dag_edges; i++)
	{
	  const pp_dag_edge *e = &plan.dag_edges[i];
	  if (e->cfg_edge != PP_NONE
	      && (g.cfg.edges[e->cfg_edge].flags & PP_CFG_NO_CODE)
	      && (!e->on_tree || e->num_ops != 0)
	      && g.cfg.edges[e->cfg_edge].src == DISP
	      && g.cfg.edges[e->cfg_edge].dst != base + 4 * (OPS - 1))
	    abnormal_clean = false;
	}
      check (abnormal_clean,
	     "interpreter: dispatch edges are tree edges without code",
	     "expected all, saw a chord or code");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* Regeneration on malformed DAGs: errors, never a crash or a hang.  */
static void
test_regen_errors (void)
{
  char err[200];
  uint32_t out[16], len;
  /* A good DAG: ENTRY->2 (0), ENTRY->3 (1), 2->EXIT, 3->EXIT.  */
  uint32_t src[] = { 0, 0, 2, 3 }, dst[] = { 2, 3, 1, 1 };
  uint64_t val[] = { 0, 1, 0, 0 };
  pp_regen *r = pp_regen_new (4, 4, src, dst, val, err, sizeof err);
  check (r != NULL, "regen: good DAG accepted", "expected a DAG, saw \"%s\"",
	 r ? "" : err);
  if (r != NULL)
    {
      check (pp_regen_path (r, 1, out, 16, &len) == 0 && len == 2
	       && out[0] == 1 && out[1] == 3,
	     "regen: path 1 is edges 1, 3",
	     "expected 2 edges, 1 and 3, saw another path");
      check (pp_regen_path (r, 2, out, 16, &len) == -1,
	     "regen: path 2 of 2 rejected", "expected -1, saw 0");
      check (pp_regen_path (r, 0, out, 1, &len) == -1,
	     "regen: capacity too small rejected", "expected -1, saw 0");
      check (pp_regen_path (r, UINT64_MAX, out, 16, &len) == -1,
	     "regen: huge path number rejected", "expected -1, saw 0");
      pp_regen_free (r);
    }
  static const struct
  {
    uint32_t src[4], dst[4];
    uint64_t val[4];
    uint32_t nb, ne;
    const char *what;
  } bad[] = {
    { { 0, 0, 2, 3 }, { 2, 9, 1, 1 }, { 0, 1, 0, 0 }, 4, 4, "range" },
    { { 0, 0, 2, 3 }, { 2, 3, 1, 1 }, { 1, 0, 0, 0 }, 4, 4, "Val" },
    { { 0, 0, 2, 3 }, { 2, 3, 1, 1 }, { 0, 0, 0, 0 }, 4, 4, "Val" },
    { { 0, 2, 0, 3 }, { 2, 1, 3, 1 }, { 0, 0, 1, 0 }, 4, 4, "grouping" },
    { { 0, 1, 2, 3 }, { 2, 3, 1, 1 }, { 0, 0, 0, 0 }, 4, 4, "EXIT" },
    { { 0, 2, 3, 3 }, { 2, 0, 1, 1 }, { 0, 0, 0, 1 }, 4, 4, "ENTRY" },
    { { 0 }, { 1 }, { 0 }, 1, 1, "ENTRY and EXIT" },
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      r = pp_regen_new (bad[k].nb, bad[k].ne, bad[k].src, bad[k].dst,
			bad[k].val, err, sizeof err);
      check (r == NULL && strstr (err, bad[k].what) != NULL,
	     check_name ("regen: malformed DAG %zu rejected with \"%s\"", k,
			 bad[k].what),
	     "expected \"%s\", saw \"%s\"", bad[k].what,
	     r ? "(accepted)" : err);
      pp_regen_free (r);
    }
  /* A cycle 2->3->2 reachable from ENTRY.  */
  uint32_t csrc[] = { 0, 2, 2, 3 }, cdst[] = { 2, 1, 3, 2 };
  uint64_t cval[] = { 0, 0, 1, 0 };
  r = pp_regen_new (4, 4, csrc, cdst, cval, err, sizeof err);
  check (r == NULL && strstr (err, "cycle") != NULL,
	 "regen: a cycle is refused", "saw \"%s\"", r ? "(accepted)" : err);
  pp_regen_free (r);
  /* A dead end: ENTRY->2, 2 has no out-edge.  */
  uint32_t dsrc[] = { 0 }, ddst[] = { 2 };
  uint64_t dval[] = { 0 };
  r = pp_regen_new (3, 1, dsrc, ddst, dval, err, sizeof err);
  check (r == NULL && strstr (err, "reaches EXIT") != NULL,
	 "regen: a dead end is refused", "saw \"%s\"", r ? "(accepted)" : err);
  pp_regen_free (r);
  /* Vals that are increasing but not a Figure 5 numbering: ENTRY->2 (0),
     ENTRY->3 (2), 2->EXIT, 3->EXIT would leave number 1 without a
     path.  */
  uint64_t wval[] = { 0, 2, 0, 0 };
  r = pp_regen_new (4, 4, src, dst, wval, err, sizeof err);
  check (r == NULL && strstr (err, "Figure 5") != NULL,
	 "regen: a wrong Val is refused", "saw \"%s\"",
	 r ? "(accepted)" : err);
  pp_regen_free (r);
}

/* ------------------------------------------------------------------ */
/* Part 2: random CFGs.                                                */

/* The estimated frequency of DAG edge I of PLAN, as the core's
   pp_dag_weigh defines it: its CFG edge's weight, the frequency of its
   source block for a noreturn or unwind dummy, 0 for an early exit.  */
static double
dag_edge_weight (const pp_cfg *cfg, const pp_plan *plan, uint32_t i)
{
  const pp_dag_edge *de = &plan->dag_edges[i];
  if (de->kind == PP_DAG_EARLY_EXIT)
    return 0.0;
  if (de->kind == PP_DAG_NORETURN_EXIT || de->kind == PP_DAG_UNWIND_EXIT)
    {
      double sum = 0.0;
      for (uint32_t j = 0; j < cfg->num_edges; j++)
	if (cfg->edges[j].dst == de->src)
	  sum += cfg->edges[j].weight;
      return sum;
    }
  return cfg->edges[de->cfg_edge].weight;
}

/* The sum over PLAN's DAG edges of weight * Val: the frequency-weighted
   sum of the path numbers executed, which hot-first numbering minimises
   for a given DAG (Smith's rule, core/numbering.c).  */
static double
weighted_path_number (const pp_cfg *cfg, const pp_plan *plan)
{
  double sum = 0.0;
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    sum += dag_edge_weight (cfg, plan, i) * (double) plan->dag_edges[i].val;
  return sum;
}

/* Plan COUNT random CFGs from FIRST_SEED, optimised and naive, and check
   every property; REPORT prints aggregated PASS/FAIL lines (otherwise,
   for a rerun of given seeds, only failures).  */
static void
run_random (const char *label, uint64_t first_seed, uint32_t count,
	    bool report, uint32_t refusal_percent)
{
  stats st;
  random_totals t;
  char context[80];
  uint32_t unexpected_failures = 0;
  char first_unexpected[400] = "";
  stats_init (&st, property_name, P_NUM, verbose, NULL);
  memset (&t, 0, sizeof t);
  clock_t t0 = clock ();

  for (uint64_t seed = first_seed; seed < first_seed + count; seed++)
    {
      tcfg g;
      uint64_t max_paths;
      bool caller_set;
      random_cfg (seed, &g, &max_paths, &caller_set);
      t.graphs++;
      t.caller_backedges += caller_set;
      if (!caller_set)
	{
	  snprintf (context, sizeof context, "seed %" PRIu64, seed);
	  st.context = context;
	  verify_backedges (&st, P_BACKEDGES, &g.cfg);
	}
      /* Mode 0: optimised; 1: naive; 2: optimised with hot-first
	 numbering on every graph (numbering.c), which must be as much a
	 bijection onto 0..N-1, with the same invariants.  */
      double default_weighted = -1.0;
      for (int mode = 0; mode < 3; mode++)
	{
	  bool naive = mode == 1;
	  pp_options opts = { .max_paths = max_paths, .naive = naive,
			      .hot_first_above = mode == 2 ? 1u : 0u };
	  pp_plan plan;
	  char err[300];
	  snprintf (context, sizeof context, "seed %" PRIu64 "%s", seed,
		    naive ? " (naive)" : mode == 2 ? " (hot-first)" : "");
	  st.context = context;
	  if (pp_plan_build (&g.cfg, &opts, &plan, err, sizeof err) != 0)
	    {
	      if (names_stuck_edge (&g.cfg, err))
		{
		  if (naive)
		    t.failed_naive_no_code++;
		  else if (mode == 0)
		    t.failed_no_code++;
		}
	      else
		{
		  unexpected_failures++;
		  if (first_unexpected[0] == '\0')
		    snprintf (first_unexpected, sizeof first_unexpected,
			      "%s: %s", context, err);
		  if (verbose)
		    fprintf (stderr, "  [%s] %s\n", context, err);
		}
	      continue;
	    }
	  t.plans++;
	  double weighted = weighted_path_number (&g.cfg, &plan);
	  if (mode == 0)
	    default_weighted = weighted;
	  else if (mode == 2 && default_weighted >= 0.0)
	    {
	      t.hot_compared++;
	      if (weighted > default_weighted * (1.0 + 1e-9) + 1e-9)
		{
		  t.hot_worse++;
		  if (verbose)
		    fprintf (stderr, "  [%s] hot-first weighted path number "
			     "%g above the default order's %g\n", context,
			     weighted, default_weighted);
		}
	    }
	  if (mode == 0)
	    {
	      t.with_cuts += plan.num_cut_edges > 0;
	      t.with_backedges += plan.num_backedges > 0;
	      for (uint32_t i = 0; i < plan.num_dag_edges; i++)
		if (plan.dag_edges[i].kind == PP_DAG_NORETURN_EXIT)
		  {
		    t.with_noreturn++;
		    break;
		  }
	      t.enumerated += plan.num_paths <= 2000;
	    }
	  uint64_t before = st.checked[P_OPS];
	  uint64_t rng = seed ^ UINT64_C (0xA5A5A5A5);
	  verify_plan (&st, &g.cfg, &plan, &rng, 2000, 150, 4);
	  /* The same numbering, the tree by weight alone.  */
	  pp_options plain_opts = opts;
	  plain_opts.plain_tree = true;
	  pp_plan plain;
	  if (!naive
	      && pp_plan_build (&g.cfg, &plain_opts, &plain, err,
				sizeof err) == 0)
	    {
	      plain_tree_keys = true;
	      verify_plan (&st, &g.cfg, &plain, &rng, 200, 20, 1);
	      plain_tree_keys = false;
	      verify_free_chords (&st, &g.cfg, &plan, &plain, &t);
	      pp_plan_free (&plain);
	    }
	  t.paths_checked += st.checked[P_OPS] - before;
	  pp_plan_free (&plan);
	}
      tcfg_free (&g);
    }
  double secs = (double) (clock () - t0) / CLOCKS_PER_SEC;
  if (report)
    printf ("%s: %u graphs (%u with backedges from a random order), "
	    "%u plans in %.1f s; %u with backedges, %u with cuts, %u with "
	    "noreturn blocks, %u enumerated; %" PRIu64 " paths checked; "
	    "%u/%u (optimised/naive) refused for stuck no_code edges\n",
	    label, t.graphs, t.caller_backedges, t.plans, secs,
	    t.with_backedges, t.with_cuts, t.with_noreturn, t.enumerated,
	    t.paths_checked, t.failed_no_code, t.failed_naive_no_code);
  if (report)
    printf ("%s: free chords against the plain tree: non-free chords "
	    "%" PRIu64 " against %" PRIu64 "; non-free edges with an "
	    "operation %" PRIu64 " against %" PRIu64 ", fewer in %u plans, "
	    "as many in %u, more in %u\n",
	    label, t.nf_chords_free, t.nf_chords_plain, t.nf_ops_free,
	    t.nf_ops_plain, t.nf_ops_fewer, t.nf_ops_same, t.nf_ops_more);
  else
    printf ("%u plans\n", t.plans);
  check (unexpected_failures == 0,
	 check_name ("%s: planning fails only for stuck no_code edges",
		     label),
	 "expected 0 other failures, saw %u%s%s", unexpected_failures,
	 unexpected_failures ? "; first: " : "", first_unexpected);
  /* Refusals are legitimate (checked above); their rate says the
     algorithm does not refuse where a better choice of backedges, tree
     or moves would have succeeded in bulk.  Large graphs have more
     abnormal edges each, hence more refusals.  A rerun of a few seeds
     is no sample.  */
  if (report)
    {
      check (t.failed_no_code * 100 < t.graphs * refusal_percent,
	     check_name ("%s: stuck no_code refusals below %u%% (%u of %u)",
			 label, refusal_percent, t.failed_no_code, t.graphs),
	     "expected fewer");
      check (t.with_cuts * 20 > t.graphs && t.with_backedges > t.graphs / 2
	       && t.with_noreturn * 20 > t.graphs,
	     check_name ("%s: the sample covers cuts (%u), loops (%u), "
			 "noreturn blocks (%u)", label, t.with_cuts,
			 t.with_backedges, t.with_noreturn),
	     "expected over 5%%, half and 5%% of %u graphs", t.graphs);
    }
 check (t.hot_worse == 0,
	 check_name ("%s: hot-first numbering minimises the weighted path "
		     "number (%u graphs)", label, t.hot_compared),
	 "expected no graph above the default order's, saw %u", t.hot_worse);
  report_stats (label, &st, REPORT_ALL);
}

/* ------------------------------------------------------------------ */
/* Part 3: large graphs.                                               */

/* 100,000 blocks: a long chain of diamonds inside one loop, and a chain
   of 100,000 blocks each with a self loop.  Stack depth (everything is
   iterative) and time.  */
static void
test_large (void)
{
  tcfg g;
  pp_plan plan;
  char err[300];
  stats st;
  uint64_t rng = 7;

  build_diamonds (&g, 33333);
  /* Close a loop from the last block back to the first top.  */
  tcfg_add (&g, g.cfg.num_blocks - 1, 2, 0, 1);
  clock_t t0 = clock ();
  uint32_t n = pp_mark_backedges (&g.cfg);
  int rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  double secs = (double) (clock () - t0) / CLOCKS_PER_SEC;
  check (rc == 0 && n == 1,
	 check_name ("100k-block diamond chain in a loop: planned in %.2f s",
		     secs),
	 "expected 0 and 1 backedge, saw %d (%s) and %u", rc, rc ? err : "ok",
	 n);
  if (rc == 0)
    {
      stats_init (&st, property_name, P_NUM, verbose, "100k diamonds");
      verify_plan (&st, &g.cfg, &plan, &rng, 0, 200, 5);
      report_stats ("100k-block diamond chain", &st, REPORT_CHECKED);
      check (plan.num_cut_edges > 0,
	     check_name ("100k diamonds: %u cuts, N = %" PRIu64,
			 plan.num_cut_edges, plan.num_paths),
	     "expected some cuts");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);

  tcfg_init (&g, 100002);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  for (uint32_t b = 2; b < 100002; b++)
    {
      tcfg_add (&g, b, b, 0, 5);
      tcfg_add (&g, b, b + 1 < 100002 ? b + 1 : PP_EXIT, 0, 1);
    }
  t0 = clock ();
  n = pp_mark_backedges (&g.cfg);
  rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  secs = (double) (clock () - t0) / CLOCKS_PER_SEC;
  check (rc == 0 && n == 100000,
	 check_name ("100k self loops in a chain: %u backedges, planned in "
		     "%.2f s", n, secs),
	 "expected 0 and 100000 backedges, saw %d (%s)", rc, rc ? err : "ok");
  if (rc == 0)
    {
      stats_init (&st, property_name, P_NUM, verbose, "100k self loops");
      verify_plan (&st, &g.cfg, &plan, &rng, 0, 100, 2);
      report_stats ("100k self loops", &st, REPORT_CHECKED);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* Fixtures, random CFGs, large graphs; or, with arguments, rerun random
   seeds verbosely.  */
int
main (int argc, char **argv)
{
  unit_test_init ();
  if (argc > 1)
    {
      /* Rerun one random graph, or a range: test-core SEED [COUNT].  */
      verbose = true;
      uint64_t seed = strtoull (argv[1], NULL, 0);
      uint32_t count = argc > 2 ? (uint32_t) strtoul (argv[2], NULL, 0) : 1;
      run_random ("random CFGs", seed, count, false, 100);
      return unit_test_report ();
    }
  test_figure1 ();
  test_figure7 ();
  test_figure10 ();
  test_two_backedges ();
  test_exit_and_backedge ();
  test_self_loop ();
  test_noreturn ();
  test_truncation ();
  test_no_code ();
  test_failures ();
  test_computed_goto ();
  test_regen_errors ();
  run_random ("random CFGs", 1, 10000, true, 10);
  run_random ("large random CFGs", LARGE_SEEDS, 1000, true, 20);
  test_large ();
  return unit_test_report ();
}
