/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of restart edges in the pathprof algorithm core
   (PP_CFG_RESTART, PP_DAG_RESTART_ENTRY, PP_SITE_RESTART in
   core/ppcore.h).

   In a function that calls setjmp, or has a nonlocal label that a nested
   function jumps to, GCC's CFG has an abnormal dispatcher D: every call
   has an edge to D ("this call may longjmp") and D has an edge to every
   receiver.  D never runs: the jump lands at the receiver.  The plugin
   leaves out D's in-edges (the path in progress at the call is lost,
   paper section 3.6) and flags D's out-edges PP_CFG_RESTART: a new path
   starts at the receiver, with R = the value of the restart probe, which
   the plugin executes only when control arrived by the jump.

   Part 1, fixtures: a setjmp with a loop whose call longjmps, the same
   with D's in-edges kept, nonlocal labels (with a normal predecessor and
   a straight chain to EXIT; reached only by the jump; followed by a
   loop), and the CFGs that must be refused.  Each is checked against the
   properties below and by scripted executions with expected counts
   written next to them.
   Part 2, random CFGs with a dispatcher: loops, irreducible cycles,
   abnormal edges, truncation, calls that may longjmp, receivers anywhere
   (also blocks that only a jump reaches), sometimes D's in-edges kept.
   Each is planned optimised and naive and checked for: DAG structure
   against the CFG (a RESTART_ENTRY dummy per restart edge, reachability
   from the receivers), NumPaths against an independent count, path
   numbers distinct and in 0..N-1, regeneration, chord increments, the
   spanning tree, simulation of every path from a garbage R (paths that
   start at a restart dummy included: R garbage, then its SET, then
   exactly one count at the path number), no count before the end of a
   block that may not return, restart dummies with exactly one SET at a
   PP_SITE_RESTART probe, every probe at an allowed site, the backedges of
   pp_mark_backedges, and random executions of the probes in program
   order where calls longjmp to random receivers: the counts must be
   exactly the paths completed, the ones cut short by a jump lost.

   Output: one PASS:/FAIL: line per check (the random part one line per
   property, aggregated over all graphs), then "N passed, M failed".
   `core-test-restart SEED [COUNT]' reruns random graphs with details.  */

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
/* Reading plans.                                                      */

/* The REAL DAG edge standing for CFG edge C, or NULL.  */
static const pp_dag_edge *
real_dag_edge (const pp_plan *plan, uint32_t c)
{
  uint32_t i = find_dag_edge (plan, PP_DAG_REAL, c);
  return i == UINT32_MAX ? NULL : &plan->dag_edges[i];
}

/* ------------------------------------------------------------------ */
/* Properties of every plan.                                           */

enum
{
  P_STRUCT, P_COUNT, P_UNIQUE, P_REGEN, P_INC, P_TREE, P_OPS,
  P_RESTART_PATHS, P_MAY_NOT_RETURN, P_RESTART, P_PROBES, P_WALK,
  P_BACKEDGES, P_STARTS, P_NUM
};

static const char *const property_name[P_NUM] = {
  "DAG structure (a RESTART_ENTRY dummy per restart edge, reachability "
  "from the receivers, grouping, Val order, counts)",
  "NumPaths(ENTRY) equals the number of DAG paths",
  "path numbers distinct and in 0..N-1",
  "regeneration inverts numbering",
  "chord Incs sum to the Val sum on every path (mod 2^64)",
  "spanning tree: spanning, forced edges in, maximum weight",
  "DAG-edge ops, R starting as garbage: one count at the path number",
  "paths after a jump (R garbage, restart SET): one count at the path "
  "number",
  "no count before the end of a block that may not return",
  "restart dummies: exactly one SET, at their PP_SITE_RESTART probe",
  "probes: every op once at the right site, no code on no_code or "
  "restart edges",
  "probe-level executions with jumps count exactly the completed paths",
  "pp_mark_backedges: no restart edge, every backedge on a cycle",
  "path starts (restarts included): a probe is its end ops then its "
  "start ops; paths run from their start ops count their number"
};

/* The properties above that core-checks.h reports under.  */
static const check_props restart_props = {
  .structure = P_STRUCT, .count = P_COUNT, .unique = P_UNIQUE,
  .regen = P_REGEN, .inc = P_INC, .tree = P_TREE, .ops = P_OPS,
  .restart_paths = P_RESTART_PATHS, .may_not_return = P_MAY_NOT_RETURN,
  .restart = P_RESTART, .probes = P_PROBES, .walk = P_WALK,
  .backedges = P_BACKEDGES, .starts = P_STARTS
};

/* Every property of PLAN built from CFG (check_plan), whose calls that
   may longjmp are CALL (NULL if none).  Paths are enumerated when there
   are at most ENUM_LIMIT, else SAMPLES random ones are checked.  Returns
   the number of jumps the NUM_WALKS probe-level executions made.  */
static uint64_t
verify_plan (stats *st, const pp_cfg *cfg, const bool *call,
	     const pp_plan *plan, uint64_t *rng, uint64_t enum_limit,
	     uint32_t samples, uint32_t num_walks)
{
  return check_plan (st, &restart_props, cfg, call, plan, false, rng,
		     enum_limit, samples, num_walks);
}

/* Plan G optimised and naive, check every property of both and that they
   number paths alike; report under NAME.  Leaves the optimised plan in
   PLAN; returns 0 if both were built.  */
static int
fixture (const char *name, tcfg *g, pp_plan *plan)
{
  char err[300];
  pp_options opts = { 0, false };
  pp_plan naive;
  stats st;
  uint64_t rng = 12345;
  stats_init (&st, property_name, P_NUM, verbose, name);
  verify_backedges (&st, P_BACKEDGES, &g->cfg);
  int rc = pp_plan_build (&g->cfg, &opts, plan, err, sizeof err);
  check (rc == 0, check_name ("%s: pp_plan_build", name),
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc != 0)
    return -1;
  verify_plan (&st, &g->cfg, g->longjmp_calls, plan, &rng, 5000, 500, 50);
  opts.naive = true;
  rc = pp_plan_build (&g->cfg, &opts, &naive, err, sizeof err);
  check (rc == 0, check_name ("%s: pp_plan_build (naive)", name),
	 "expected 0, saw %d: %s", rc, rc ? err : "");
  if (rc != 0)
    {
      pp_plan_free (plan);
      return -1;
    }
  verify_plan (&st, &g->cfg, g->longjmp_calls, &naive, &rng, 5000, 500, 50);
  bool same = same_numbering (&naive, plan);
  check (same,
	 check_name ("%s: naive and optimised plans number paths alike", name),
	 "expected the same DAG and Val, saw %" PRIu64 " and %" PRIu64
	 " paths", naive.num_paths, plan->num_paths);
  pp_plan_free (&naive);
  report_stats (name, &st, REPORT_CHECKED);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Part 1: fixtures.                                                   */

/* A step of a scripted execution: take CFG edge N, or JUMP (N): the call
   in the current block longjmps (or its nested function jumps) and lands
   by restart edge N.  */
#define JUMP(n) (UINT32_C (0x80000000) | (n))

/* Execute STEPS[0..N) from ENTRY with the probes of PLAN; write the
   counts into LOG (capacity CAP) and return their number, or UINT32_MAX
   if the script does not follow the CFG, R is read before it is written,
   or a restart probe is missing.  */
static uint32_t
run_script (const pp_cfg *cfg, const pp_plan *plan, const uint32_t *steps,
	    uint32_t n, uint64_t *log, uint32_t cap)
{
  plan_index x;
  sim s;
  uint32_t v = PP_ENTRY, result = UINT32_MAX;
  plan_index_build (cfg, plan, &x);
  sim_init (&s);
  s.log = log;
  s.log_cap = cap;
  for (uint32_t k = 0; k < n; k++)
    {
      uint32_t c = steps[k] & ~JUMP (0);
      if (c >= cfg->num_edges)
	goto out;
      if (steps[k] & JUMP (0))
	{
	  if (!is_restart (cfg, c) || !run_jump (&s, &x, v, c))
	    goto out;
	}
      else
	{
	  if (cfg->edges[c].src != v || is_restart (cfg, c))
	    goto out;
	  run_edge (&s, cfg, &x, c);
	}
      v = cfg->edges[c].dst;
    }
  if (v != PP_EXIT || s.bad_read)
    goto out;
  result = s.log_len;
out:
  plan_index_free (&x);
  return result;
}

/* Check that the scripted execution STEPS counts exactly WANT.  */
static void
check_script (const char *what, const pp_cfg *cfg, const pp_plan *plan,
	      const uint32_t *steps, uint32_t n, const uint64_t *want,
	      uint32_t nwant)
{
  uint64_t log[16];
  char saw[200] = "", *p = saw;
  uint32_t len = run_script (cfg, plan, steps, n, log, 16);
  bool ok = len == nwant;
  for (uint32_t k = 0; len != UINT32_MAX && k < len && k < 16; k++)
    {
      ok &= log[k] == want[k];
      p += snprintf (p, saw + sizeof saw - p, " %" PRIu64, log[k]);
    }
  check (ok, what, "expected %u counts, saw %s%s", nwant,
	 len == UINT32_MAX ? "a failed execution" : "", saw);
}

/* The ops of the DAG edge standing for CFG edge C with KIND.  */
static const pp_dag_edge *
dag_edge_of (const pp_plan *plan, uint32_t kind, uint32_t c)
{
  uint32_t i = find_dag_edge (plan, kind, c);
  return i == UINT32_MAX ? NULL : &plan->dag_edges[i];
}

/* Whether E does exactly one SET, and its value if so.  */
static bool
one_set (const pp_dag_edge *e, uint64_t *value)
{
  if (e == NULL || e->num_ops != 1 || e->ops[0].kind != PP_OP_SET)
    return false;
  if (value != NULL)
    *value = e->ops[0].value;
  return true;
}

/* setjmp, then a loop whose body calls a function that may longjmp:

     ENTRY -> 2 -> S=3 -> 5 -> H=6 -> 7 -> 6 (backedge) | 6 -> EXIT
     D=4 -> 3 (restart), no edge into D

   Block 7 holds the call (PP_BLOCK_MAY_NOT_RETURN).  CFG edges, in order:
   e0 ENTRY->2, e1 2->3, e2 3->5, e3 5->6, e4 6->7, e5 7->6, e6 6->EXIT,
   e7 4->3.  DAG: ENTRY->2 (id 0), 2->3, 3->5, 5->6, 6->7, 7->EXIT (back,
   id 5), ENTRY->6 (back, id 6), 6->EXIT (id 7), ENTRY->3 (restart, id 8).
   NumPaths: 6 and 7->EXIT give 1 each, so 6 has 2, and so do 5, 3, 2;
   ENTRY has three successors of 2 paths each: N = 6.  ENTRY's out-edges
   by id: ENTRY->2 Val 0, ENTRY->6 Val 2, ENTRY->3 Val 4; at 6, 6->7
   Val 0, 6->EXIT Val 1.  Paths:
     0  ENTRY 2 3 5 6 7 (backedge)     1  ENTRY 2 3 5 6 EXIT
     2  after the backedge: 6 7 (backedge)   3  after it: 6 EXIT
     4  after the jump: 3 5 6 7 (backedge)   5  after it: 3 5 6 EXIT
   With KEEP_DISPATCHER, the call's edge 7->D (e8, abnormal) is kept, as
   another caller might: D becomes reachable and gets a noreturn dummy
   (whose count never runs: D never does), the backedges must not change.
   7 then has 2 paths (7->EXIT Val 0, 7->D Val 1), 6 has 3 (6->EXIT Val 0,
   6->7 Val 1), ENTRY 9 (Vals 0, 3, 6 for ENTRY->2, ->6, ->3): the path
   ENTRY 2 3 5 6 7 (backedge) is 1, after the backedge 6 EXIT is 3, after
   the jump 3 5 6 EXIT is 6 and 3 5 6 7 (backedge) is 7.  */
static void
test_setjmp_loop (bool keep_dispatcher, double restart_weight)
{
  const char *name = check_name ("setjmp loop%s, restart weight %g",
				 keep_dispatcher ? ", dispatcher kept" : "",
				 restart_weight);
  char fixture_name[100];
  snprintf (fixture_name, sizeof fixture_name, "%s", name);
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 8);
  tcfg_add (&g, PP_ENTRY, 2, 0, 10);			/* e0 */
  tcfg_add (&g, 2, 3, 0, 10);				/* e1 */
  tcfg_add (&g, 3, 5, 0, 12);				/* e2 */
  tcfg_add (&g, 5, 6, 0, 12);				/* e3 */
  tcfg_add (&g, 6, 7, 0, 100);				/* e4 */
  tcfg_add (&g, 7, 6, 0, 98);				/* e5 */
  tcfg_add (&g, 6, PP_EXIT, 0, 10);			/* e6 */
  uint32_t restart
    = tcfg_add (&g, 4, 3, PP_CFG_RESTART | PP_CFG_NO_CODE, restart_weight);
  if (keep_dispatcher)
    tcfg_add (&g, 7, 4, PP_CFG_NO_CODE, 2);		/* e8 */
  tcfg_longjmp_call (&g, 7);
  uint32_t nback = pp_mark_backedges (&g.cfg);
  check (nback == 1 && (g.cfg.edges[5].flags & PP_CFG_BACKEDGE)
	   && !(g.cfg.edges[restart].flags & PP_CFG_BACKEDGE),
	 check_name ("%s: the one backedge is 7->6", fixture_name),
	 "expected 1 backedge, e5; saw %u", nback);
  if (fixture (fixture_name, &g, &plan) != 0)
    {
      tcfg_free (&g);
      return;
    }
  /* Path numbers: [0] entry to the backedge, [1] backedge to EXIT,
     [2] jump to EXIT, [3] jump to the backedge.  */
  const uint64_t *num = keep_dispatcher ? (const uint64_t[]){ 1, 3, 6, 7 }
					: (const uint64_t[]){ 0, 3, 5, 4 };
  check_u64 (check_name ("%s: num_paths", fixture_name),
	     keep_dispatcher ? 9 : 6, plan.num_paths);
  const pp_dag_edge *dummy
    = dag_edge_of (&plan, PP_DAG_RESTART_ENTRY, restart);
  uint64_t set_value = 0;
  check (dummy != NULL && dummy->src == PP_ENTRY && dummy->dst == 3
	   && dummy->val == (keep_dispatcher ? 6 : 4)
	   && one_set (dummy, &set_value),
	 check_name ("%s: restart dummy ENTRY->3, Val %d, one SET",
		     fixture_name, keep_dispatcher ? 6 : 4),
	 "expected it, saw %s, Val %" PRIu64 ", %u ops",
	 dummy ? "one" : "none", dummy ? dummy->val : 0,
	 dummy ? dummy->num_ops : 0);
  uint32_t restart_probes = 0;
  for (uint32_t i = 0; i < plan.num_probes; i++)
    if (plan.probes[i].site == PP_SITE_RESTART)
      {
	restart_probes++;
	check (plan.probes[i].index == restart && plan.probes[i].num_ops == 1
		 && plan.probes[i].ops[0].kind == PP_OP_SET
		 && plan.probes[i].ops[0].value == set_value,
	       check_name ("%s: PP_SITE_RESTART probe of edge %u: R = %"
			   PRIu64, fixture_name, restart, set_value),
	       "expected it, saw index %u, %u ops", plan.probes[i].index,
	       plan.probes[i].num_ops);
      }
  check_u64 (check_name ("%s: one restart probe", fixture_name), 1,
	     restart_probes);
  check (find_noreturn (&plan, 4) != UINT32_MAX || !keep_dispatcher,
	 check_name ("%s: %s", fixture_name,
		     keep_dispatcher ? "the kept dispatcher gets a noreturn "
				       "dummy"
				     : "the dispatcher is unreachable"),
	 "expected it");
  check (plan.reachable[4] == keep_dispatcher,
	 check_name ("%s: reachable[D] = %d", fixture_name, keep_dispatcher),
	 "saw %d", plan.reachable[4]);

  /* Normal run: one iteration, then leave the loop.  */
  static const uint32_t normal[] = { 0, 1, 2, 3, 4, 5, 6 };
  uint64_t normal_counts[] = { num[0], num[1] };
  check_script (check_name ("%s: normal run counts paths %" PRIu64 " and %"
			    PRIu64, fixture_name, num[0], num[1]),
		&g.cfg, &plan, normal, 7, normal_counts, 2);
  /* The call in 7 longjmps on the first iteration: the path is lost; the
     jump lands at S, and S 5 6 EXIT is counted.  */
  static const uint32_t jump[] = { 0, 1, 2, 3, 4, JUMP (7), 2, 3, 6 };
  uint64_t jump_counts[] = { num[2] };
  check_script (check_name ("%s: longjmp in the first iteration counts "
			    "only path %" PRIu64, fixture_name, num[2]),
		&g.cfg, &plan, jump, 9, jump_counts, 1);
  /* One iteration completes, the second longjmps (the path started by
     the backedge is lost), then S 5 6 EXIT.  */
  static const uint32_t later[] = { 0, 1, 2, 3, 4, 5, 4, JUMP (7), 2, 3, 6 };
  uint64_t later_counts[] = { num[0], num[2] };
  check_script (check_name ("%s: longjmp in the second iteration counts "
			    "paths %" PRIu64 " and %" PRIu64, fixture_name,
			    num[0], num[2]),
		&g.cfg, &plan, later, 11, later_counts, 2);
  /* Two longjmps in a row (the path after the first jump is lost too),
     then an iteration after the jump, and the exit after the backedge.  */
  static const uint32_t twice[]
    = { 0, 1, 2, 3, 4, JUMP (7), 2, 3, 4, JUMP (7), 2, 3, 4, 5, 6 };
  uint64_t twice_counts[] = { num[3], num[1] };
  check_script (check_name ("%s: two longjmps, then an iteration, count "
			    "paths %" PRIu64 " and %" PRIu64, fixture_name,
			    num[3], num[1]),
		&g.cfg, &plan, twice, 15, twice_counts, 2);
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* A nonlocal label L, the target of a goto in a nested function called
   in block C:

     ENTRY -> A=2 -> C=3 -> EXIT,  A -> L=4 -> M=5 -> EXIT,  D=6 -> L

   L has one normal predecessor (A) besides its restart dummy, and a
   straight chain L->M->EXIT.  Weights put L->M and M->EXIT in the tree,
   so that without the restart L would be absorbing and Figure 8 would
   fold the count of the paths from L onto the dummy.  CFG edges: e0
   ENTRY->A, e1 A->C, e2 A->L, e3 C->EXIT, e4 L->M, e5 M->EXIT, e6 D->L.
   With ONLY_JUMP, A->L is dropped: L is reached only by the jump, its
   single DAG predecessor is the dummy, which a heavy restart edge puts
   in the tree (then SET 0; without the exclusion from K, no SET at all).
   Paths: ENTRY A C EXIT, ENTRY A L M EXIT (not with ONLY_JUMP), restart
   L M EXIT.  A restart dummy is a free edge (it carries its SET as a
   chord or a tree edge), taken last for the tree: to put a heavy one in
   the tree, M gets a call that may not return, so that M->EXIT is free
   too and L and M hang off ENTRY and EXIT by free edges only, of which
   the dummy is the heaviest.  */
static void
test_nonlocal_label (bool only_jump, double restart_weight)
{
  char name[100];
  snprintf (name, sizeof name, "nonlocal label%s, restart weight %g",
	    only_jump ? " reached only by the jump" : "", restart_weight);
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 7);
  tcfg_add (&g, PP_ENTRY, 2, 0, 10);				/* e0 */
  tcfg_add (&g, 2, 3, 0, 5);					/* e1 */
  tcfg_add (&g, 2, only_jump ? PP_EXIT : 4, 0, 5);		/* e2 */
  tcfg_add (&g, 3, PP_EXIT, 0, 5);				/* e3 */
  tcfg_add (&g, 4, 5, 0, 50);					/* e4 */
  tcfg_add (&g, 5, PP_EXIT, 0, 50);				/* e5 */
  uint32_t restart
    = tcfg_add (&g, 6, 4, PP_CFG_RESTART | PP_CFG_NO_CODE, restart_weight);
  tcfg_longjmp_call (&g, 3);
  bool heavy = restart_weight > 50;
  if (heavy)
    tcfg_flag_block (&g, 5, PP_BLOCK_MAY_NOT_RETURN);
  pp_mark_backedges (&g.cfg);
  if (fixture (name, &g, &plan) != 0)
    {
      tcfg_free (&g);
      return;
    }
  check_u64 (check_name ("%s: num_paths", name), 3, plan.num_paths);
  const pp_dag_edge *dummy
    = dag_edge_of (&plan, PP_DAG_RESTART_ENTRY, restart);
  const pp_dag_edge *lm = real_dag_edge (&plan, 4);
  const pp_dag_edge *mx = real_dag_edge (&plan, 5);
  /* The premise: the chain after L is all tree, or L's single DAG
     predecessor is a tree edge.  */
  check (dummy && lm && mx
	   && (heavy ? dummy->on_tree : lm->on_tree && mx->on_tree),
	 check_name ("%s: %s", name,
		     heavy ? "the restart dummy is a tree edge"
			   : "L->M and M->EXIT are tree edges"),
	 "expected it, saw dummy %s, L->M %s, M->EXIT %s",
	 dummy && dummy->on_tree ? "tree" : "chord",
	 lm && lm->on_tree ? "tree" : "chord",
	 mx && mx->on_tree ? "tree" : "chord");
  uint64_t value = 0;
  bool set = one_set (dummy, &value);
  check (set && (!dummy->on_tree || value == 0),
	 check_name ("%s: the restart dummy does R = %s, nothing else", name,
		     dummy && dummy->on_tree ? "0" : "Inc"),
	 "expected one SET, saw %u ops, first kind %u",
	 dummy ? dummy->num_ops : 0,
	 dummy && dummy->num_ops ? dummy->ops[0].kind : 0);
  /* Counts: the path through L and M after the jump.  */
  uint64_t restart_path = dummy ? dummy->val : 0;
  restart_path += (lm ? lm->val : 0) + (mx ? mx->val : 0);
  uint32_t jump[] = { 0, 1, JUMP (restart), 4, 5 };
  uint64_t want_jump[] = { restart_path };
  check_script (check_name ("%s: a goto from the nested function counts "
			    "the path from L, %" PRIu64, name, restart_path),
		&g.cfg, &plan, jump, 5, want_jump, 1);
  if (!only_jump)
    {
      const pp_dag_edge *al = real_dag_edge (&plan, 2);
      uint64_t through = (al ? al->val : 0) + restart_path
			 - (dummy ? dummy->val : 0);
      const pp_dag_edge *ea = real_dag_edge (&plan, 0);
      through += ea ? ea->val : 0;
      uint32_t normal[] = { 0, 2, 4, 5 };
      uint64_t want_normal[] = { through };
      check_script (check_name ("%s: falling into L counts path %" PRIu64,
				name, through),
		    &g.cfg, &plan, normal, 4, want_normal, 1);
    }
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* A nonlocal label reached only by the jump, followed by a loop:

     ENTRY -> A=2 -> EXIT;  D=6 -> L=3 -> H=4 -> B=5 -> H;  H -> EXIT

   A search from ENTRY alone never sees the loop H<->B; pp_mark_backedges
   must search from L too and mark B->H, or planning would find a cycle.
   The body B calls a function that may longjmp back to L.  CFG edges:
   e0 ENTRY->A, e1 A->EXIT, e2 D->L, e3 L->H, e4 H->B, e5 B->H,
   e6 H->EXIT.  */
static void
test_label_then_loop (void)
{
  const char *name = "nonlocal label, then a loop";
  tcfg g;
  pp_plan plan;
  tcfg_init (&g, 7);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  tcfg_add (&g, 2, PP_EXIT, 0, 1);
  tcfg_add (&g, 6, 3, PP_CFG_RESTART, 1);
  tcfg_add (&g, 3, 4, 0, 1);
  tcfg_add (&g, 4, 5, 0, 10);
  tcfg_add (&g, 5, 4, 0, 9);
  tcfg_add (&g, 4, PP_EXIT, 0, 1);
  tcfg_longjmp_call (&g, 5);
  uint32_t nback = pp_mark_backedges (&g.cfg);
  check (nback == 1 && (g.cfg.edges[5].flags & PP_CFG_BACKEDGE),
	 check_name ("%s: pp_mark_backedges marks B->H", name),
	 "expected 1 backedge, e5; saw %u, e5 flags 0x%x", nback,
	 (unsigned) g.cfg.edges[5].flags);
  if (fixture (name, &g, &plan) == 0)
    {
      /* ENTRY A EXIT; after the jump: L H EXIT, L H B (backedge); after
	 the backedge: H EXIT, H B (backedge).  */
      check_u64 (check_name ("%s: num_paths", name), 5, plan.num_paths);
      check (plan.reachable[3] && plan.reachable[4] && plan.reachable[5]
	       && !plan.reachable[6],
	     check_name ("%s: L, H, B reachable through the jump, D not",
			 name),
	     "expected it");
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* CFGs to refuse, with a message; and pp_mark_backedges leaving restart
   edges alone even on a cycle through a reachable dispatcher.  */
static void
test_refusals (void)
{
  static const struct
  {
    const char *what;
    uint32_t src, dst, flags;
    const char *part;
  } bad[] = {
    { "a restart edge marked a backedge", 4, 3,
      PP_CFG_RESTART | PP_CFG_BACKEDGE, "is marked a backedge" },
    { "a restart edge out of ENTRY", PP_ENTRY, 3, PP_CFG_RESTART,
      "leaves ENTRY" },
    { "a restart edge into EXIT", 4, PP_EXIT, PP_CFG_RESTART,
      "enters EXIT" },
    { "an unknown edge flag", 4, 3, PP_CFG_RESTART << 1, "unknown flags" },
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      tcfg g;
      pp_plan plan;
      char err[300];
      tcfg_init (&g, 5);
      tcfg_add (&g, PP_ENTRY, 2, 0, 1);
      tcfg_add (&g, 2, 3, 0, 1);
      tcfg_add (&g, 3, PP_EXIT, 0, 1);
      tcfg_add (&g, bad[k].src, bad[k].dst, bad[k].flags, 1);
      int rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
      check (rc == -1 && strstr (err, bad[k].part) != NULL
	       && plan.num_dag_edges == 0,
	     check_name ("refused: %s", bad[k].what),
	     "expected -1 and \"%s\", saw %d \"%s\"", bad[k].part, rc,
	     rc ? err : "");
      pp_plan_free (&plan);
      tcfg_free (&g);
    }

  /* S -> C -> D (kept) -> S is a cycle only through the restart edge:
     no backedge at all.  */
  tcfg g;
  pp_plan plan;
  char err[300];
  tcfg_init (&g, 5);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  tcfg_add (&g, 2, 3, 0, 1);
  tcfg_add (&g, 3, PP_EXIT, 0, 1);
  tcfg_add (&g, 3, 4, PP_CFG_NO_CODE, 1);
  tcfg_add (&g, 4, 2, PP_CFG_RESTART | PP_CFG_NO_CODE, 1);
  tcfg_longjmp_call (&g, 3);
  uint32_t nback = pp_mark_backedges (&g.cfg);
  int rc = pp_plan_build (&g.cfg, NULL, &plan, err, sizeof err);
  check (nback == 0 && rc == 0,
	 "a cycle only through a restart edge needs no backedge",
	 "expected 0 backedges and a plan, saw %u and %d (%s)", nback, rc,
	 rc ? err : "");
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* ------------------------------------------------------------------ */
/* Part 2: random CFGs with a dispatcher.                              */

typedef struct random_totals
{
  uint32_t graphs, plans, refused, with_dispatcher, kept_dispatcher,
    jump_only_receivers, with_cuts, with_backedges, caller_backedges;
  uint64_t restart_paths;
  uint64_t jumps;  /* made by probe-level executions */
} random_totals;

/* Generate the random CFG of SEED into G from the pieces of test-core's
   generator (test-cfg.h: a spanning structure, extra edges of every
   sort, abnormal edges, weights, sometimes a small path limit and
   backedges from a random block order), plus calls that may longjmp in
   random blocks and, in most graphs, an abnormal dispatcher D (the last
   block) with restart edges to one to three random receivers; usually
   without edges into D, in a tenth of them with an abnormal edge from
   every call.  */
static void
random_restart_cfg (uint64_t seed, tcfg *g, uint64_t *max_paths,
		    bool *caller_set, random_totals *t)
{
  uint64_t rng = seed * UINT64_C (0x9E3779B97F4A7C15) + 7;
  uint32_t nv = random_cfg_size (&rng, seed);
  bool dispatcher = rng_below (&rng, 100) < 85;
  bool keep = dispatcher && rng_below (&rng, 10) == 0;
  uint32_t nc_percent = (uint32_t[]){ 0, 0, 0, 3, 6, 12 }[rng_below (&rng, 6)];
  uint32_t weight_mode = rng_below (&rng, 3);
  tcfg_init (g, nv + dispatcher);
  random_cfg_edges (&rng, g, nv, 90);
  if (nv <= 2)
    dispatcher = keep = false;

  /* Calls that may longjmp, then the dispatcher's edges.  */
  for (uint32_t b = 2; b < nv; b++)
    if (rng_below (&rng, 100) < 25)
      tcfg_longjmp_call (g, b);
  if (dispatcher)
    {
      uint32_t d = nv, receivers = 1 + rng_below (&rng, 3);
      for (uint32_t k = 0; k < receivers; k++)
	{
	  uint32_t r = 2 + rng_below (&rng, nv - 2);
	  uint32_t flags = PP_CFG_RESTART;
	  if (rng_below (&rng, 3) != 0)
	    flags |= PP_CFG_NO_CODE;
	  tcfg_add (g, d, r, flags, 0);
	  /* Now and then two edges to one receiver.  */
	  if (rng_below (&rng, 15) == 0)
	    tcfg_add (g, d, r, flags, 0);
	}
      if (keep)
	for (uint32_t b = 2; b < nv; b++)
	  if (tcfg_is_longjmp_call (g, b))
	    tcfg_add (g, b, d, PP_CFG_NO_CODE, 0);
    }
  random_cfg_edge_flags (&rng, g, nc_percent, false, weight_mode);
  *max_paths = random_path_limit (&rng);
  *caller_set = random_cfg_backedges (&rng, g);
  t->with_dispatcher += dispatcher;
  t->kept_dispatcher += keep;
}

/* Plan COUNT random CFGs from FIRST_SEED, optimised and naive, check
   every property; REPORT prints aggregated lines (a rerun of given seeds
   prints failures only).  */
static void
run_random (const char *label, uint64_t first_seed, uint32_t count,
	    bool report_all)
{
  stats st;
  random_totals t;
  char context[80], first_unexpected[400] = "";
  uint32_t unexpected = 0;
  stats_init (&st, property_name, P_NUM, verbose, NULL);
  memset (&t, 0, sizeof t);
  clock_t t0 = clock ();
  for (uint64_t seed = first_seed; seed < first_seed + count; seed++)
    {
      tcfg g;
      uint64_t max_paths;
      bool caller_set;
      random_restart_cfg (seed, &g, &max_paths, &caller_set, &t);
      t.graphs++;
      t.caller_backedges += caller_set;
      snprintf (context, sizeof context, "seed %" PRIu64, seed);
      st.context = context;
      if (!caller_set)
	verify_backedges (&st, P_BACKEDGES, &g.cfg);
      model m;
      model_build (&g.cfg, &m);
      bool *by_flow = calloc (m.nv, sizeof (bool));
      for (uint32_t v = 0; v < m.nv; v++)
	by_flow[v] = v == PP_ENTRY;
      /* Receivers that only a jump reaches: reachability from ENTRY
	 alone, by fixpoint (small graphs).  */
      for (bool changed = true; changed && m.nv <= 100;)
	{
	  changed = false;
	  for (uint32_t p = 0; p < m.fstart[m.nv]; p++)
	    {
	      const pp_cfg_edge *e = &g.cfg.edges[m.flist[p]];
	      if (by_flow[e->src] && !by_flow[e->dst])
		changed = by_flow[e->dst] = true;
	    }
	}
      for (uint32_t k = 0; k < m.nrestart && m.nv <= 100; k++)
	if (!by_flow[g.cfg.edges[m.restart[k]].dst])
	  {
	    t.jump_only_receivers++;
	    break;
	  }
      free (by_flow);
      model_free (&m);
      for (int naive = 0; naive < 2; naive++)
	{
	  pp_options opts = { max_paths, naive != 0 };
	  pp_plan plan;
	  char err[300];
	  snprintf (context, sizeof context, "seed %" PRIu64 "%s", seed,
		    naive ? " (naive)" : "");
	  st.context = context;
	  if (pp_plan_build (&g.cfg, &opts, &plan, err, sizeof err) != 0)
	    {
	      if (names_stuck_edge (&g.cfg, err))
		t.refused++;
	      else
		{
		  unexpected++;
		  if (first_unexpected[0] == '\0')
		    snprintf (first_unexpected, sizeof first_unexpected,
			      "%s: %s", context, err);
		  if (verbose)
		    fprintf (stderr, "  [%s] %s\n", context, err);
		}
	      continue;
	    }
	  t.plans++;
	  if (!naive)
	    {
	      t.with_cuts += plan.num_cut_edges > 0;
	      t.with_backedges += plan.num_backedges > 0;
	    }
	  uint64_t before = st.checked[P_RESTART_PATHS];
	  uint64_t rng = seed ^ UINT64_C (0x5A5A5A5A);
	  t.jumps += verify_plan (&st, &g.cfg, g.longjmp_calls, &plan, &rng,
				  2000, 150, 6);
	  t.restart_paths += st.checked[P_RESTART_PATHS] - before;
	  pp_plan_free (&plan);
	}
      tcfg_free (&g);
    }
  double secs = (double) (clock () - t0) / CLOCKS_PER_SEC;
  if (report_all)
    printf ("%s: %u graphs (%u with a dispatcher, %u of them with its "
	    "in-edges kept; %u with a receiver only a jump reaches; %u with "
	    "backedges from a random order), %u plans in %.1f s; %u with "
	    "backedges, %u with cuts; %" PRIu64 " paths after a jump checked, "
	    "%" PRIu64 " jumps executed; %u plans refused for stuck no_code "
	    "edges\n",
	    label, t.graphs, t.with_dispatcher, t.kept_dispatcher,
	    t.jump_only_receivers, t.caller_backedges, t.plans, secs,
	    t.with_backedges, t.with_cuts, t.restart_paths, t.jumps,
	    t.refused);
  check (unexpected == 0,
	 check_name ("%s: planning fails only for stuck no_code edges",
		     label),
	 "expected 0 other failures, saw %u%s%s", unexpected,
	 unexpected ? "; first: " : "", first_unexpected);
  if (report_all)
    check (t.with_dispatcher * 10 > t.graphs * 7 && t.kept_dispatcher > 0
	     && t.jump_only_receivers > 0 && t.restart_paths > t.graphs
	     && t.jumps > t.graphs && t.with_cuts * 20 > t.graphs
	     && t.with_backedges * 2 > t.graphs,
	   check_name ("%s: the sample covers dispatchers, kept ones, "
		       "receivers only a jump reaches, paths after jumps, "
		       "jumps, cuts and loops", label),
	   "expected each, saw %u, %u, %u, %" PRIu64 ", %" PRIu64 ", %u, %u "
	   "of %u graphs", t.with_dispatcher, t.kept_dispatcher,
	   t.jump_only_receivers, t.restart_paths, t.jumps, t.with_cuts,
	   t.with_backedges, t.graphs);
  report_stats (label, &st, report_all ? REPORT_ALL : REPORT_FAILED);
}

int
main (int argc, char **argv)
{
  unit_test_init ();
  if (argc > 1)
    {
      /* Rerun random graphs: test-restart SEED [COUNT].  */
      verbose = true;
      uint64_t seed = strtoull (argv[1], NULL, 0);
      uint32_t count = argc > 2 ? (uint32_t) strtoul (argv[2], NULL, 0) : 1;
      run_random ("random CFGs with restarts", seed, count, false);
      return unit_test_report ();
    }
  test_setjmp_loop (false, 1);
  test_setjmp_loop (false, 1000);
  test_setjmp_loop (true, 1);
  test_nonlocal_label (false, 1);
  test_nonlocal_label (false, 1000);
  test_nonlocal_label (true, 1);
  test_nonlocal_label (true, 1000);
  test_label_then_loop ();
  test_refusals ();
  run_random ("random CFGs with restarts", 1, 6000, true);
  run_random ("large random CFGs with restarts", LARGE_SEEDS, 300, true);
  return unit_test_report ();
}
