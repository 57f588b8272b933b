/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of early exits and unwind blocks in the pathprof algorithm
   core (pp_cfg.num_calls / call_blocks, PP_DAG_EARLY_EXIT, PP_SITE_CALL,
   PP_BLOCK_UNWIND, PP_DAG_UNWIND_EXIT in core/ppcore.h).

   An early-exit call (longjmp, exit, ...) may leave the function in the
   middle of its block.  Each call of a reachable block with a flow
   successor gets a dummy block->EXIT whose one count, the probe
   PP_SITE_CALL, is the number of the path that ends at the call.  The
   plugin runs that probe at the call, with R as it is inside the block
   (the probes of the edge into the block and BLOCK_START done, none of
   the block's out-edges nor BLOCK_END), counts before the call and takes
   the count back when the call returns.  The simulations below do the
   same: every call probe on a path is evaluated (it must not read R
   before R is written, must count exactly once, at an index below N,
   and must leave R alone); only the call that ends the path keeps its
   count.  Calls of one block run in index order.

   Part 1, fixtures with the expected numbers written next to them: a
   loop whose body has a call and a block with two calls (plus calls in
   an unreachable block and in a block without successor, which get no
   dummy), and scripted runs of it; a call in a block where R is known
   to be 0 (COUNT_CONST); calls after an abnormal edge, in a self loop
   and in a block that may not return; calls at a setjmp receiver.
   Part 2, validation: bad call_blocks and unknown block flags refused
   with a message, the plan left empty.
   Part 3, PP_BLOCK_UNWIND: the dummy's kind, its placement at the end of
   its block, and that the flag changes nothing else.
   Part 4, random CFGs of test-cfg.h (loops, irreducible cycles,
   multi-edges, noreturn and unreachable blocks, abnormal edges, blocks
   that may not return, truncation) with random early-exit calls (several
   per block, in any order) and unwind blocks, planned optimised and
   naive.  Checked: the dummies and call probes against the CFG;
   NumPaths against an independent count and, without truncation,
   against the plan without calls plus, for each call, the number of DAG
   paths from ENTRY to its block; numbers distinct and in 0..N-1;
   regeneration; every DAG path simulated probe by probe from a garbage
   R, optimised and naive: one count, at its number; and random program
   runs, across backedges, ending at EXIT, a noreturn block or a random
   call: the counts are exactly the paths run.

   Part 5, early exits apart (pp_options.apart_exits): regeneration of a
   hand-made DAG, the refusal of malformed ones, and part 4 again with
   every plan so numbered: N is that of the CFG without calls, a path
   left at call c numbered in [N (c + 1), N (c + 2)), regenerated, and
   counted there by the call's probe.

   Output: one PASS:/FAIL: line per check (the random part one line per
   property, aggregated over all graphs), then "N passed, M failed".
   `core-test-early SEED [COUNT]' reruns random graphs with details.  */

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
/* Plans made with pp_options.apart_exits: the early exits' numbers from
   N on, N that of the plan without calls.  */
static bool apart_mode;

/* The bound on the counter indices PLAN of CFG may count: N, or with
   early exits apart N * (calls + 1).  */
static uint64_t
index_limit (const pp_cfg *cfg, const pp_plan *plan)
{
  return apart_mode ? plan->num_paths * ((uint64_t) cfg->num_calls + 1)
		    : plan->num_paths;
}

/* ------------------------------------------------------------------ */
/* Properties, aggregated over many paths and graphs.                  */

enum
{
  P_DUMMIES, P_CALL_PROBES, P_UNWIND, P_COUNT, P_GROWTH, P_SAME_FATE,
  P_UNIQUE, P_REGEN, P_NAIVE_DAG, P_PATH_SIM, P_NAIVE_SIM, P_PASS_CALL,
  P_RUNS, P_STARTS, P_NUM
};

static const char *const property_name[P_NUM] = {
  "one EARLY_EXIT dummy per call of a reachable block, "
  "none else",
  "one PP_SITE_CALL probe per early exit, one COUNT/COUNT_CONST, the "
  "dummy's",
  "exit dummies of blocks without successor: UNWIND_EXIT iff flagged, "
  "ops at BLOCK_END",
  "NumPaths(ENTRY) equals the number of DAG paths",
  "without cuts, N = N without calls + paths from ENTRY to each call's "
  "block",
  "calls change no CFG from plannable to refused",
  "path numbers distinct and in 0..N-1",
  "regeneration inverts numbering",
  "naive plan has the same DAG",
  "probes along every path, R garbage: one count at the path number",
  "naive probes along every path: one count at the path number",
  "call probes passed by a path: R written, one count below N taken back, "
  "R unchanged",
  "program runs ending at EXIT, noreturn or a call count the paths run",
  "path starts: a probe is its end ops then its start ops; paths run "
  "from their start ops, optimised and naive, count their number"
};

/* ------------------------------------------------------------------ */
/* Calls that get an early exit (core-checks.h: the model).           */

/* Whether call I must get an early exit: its block is reachable (with
   or without a flow successor).  */
static bool
call_eligible (const pp_cfg *cfg, const model *m, uint32_t i)
{
  return m->reach[cfg->call_blocks[i]];
}

/* ------------------------------------------------------------------ */
/* Call probes along a path.                                          */

/* Run the probe of call I in S.  If it ends the path (KEEP), its count
   stays.  Otherwise the call returned and the plugin takes the count
   back: the probe must still have counted exactly once, at an index
   below N, from a written R, and left R alone; that is checked (false if
   not) and the count undone.  */
static bool
run_call (sim *s, const plan_index *x, uint32_t i, bool keep, uint64_t n)
{
  const pp_probe *p = x->at_call[i];
  if (p == NULL)
    return false;
  sim saved = *s;
  sim_ops (s, p->ops, p->num_ops);
  bool ok = s->num_counts == saved.num_counts + 1 && s->last_count < n
	    && !s->bad_read && s->r == saved.r
	    && s->r_written == saved.r_written;
  if (!keep)
    {
      uint64_t *log = s->log;
      bool bad = s->bad_read;
      *s = saved;
      s->log = log;
      s->bad_read = bad;
    }
  return ok;
}

/* Run the probes of the calls of block B that come before call UPTO
   (all of them if UPTO is PP_NONE), each taken back.  Calls without a
   probe (in a block that gets none) are skipped.  Returns false if one
   misbehaves (see run_call).  */
static bool
run_passed_calls (sim *s, const model *m, const plan_index *x, uint32_t b,
		  uint32_t upto, uint64_t n)
{
  bool ok = true;
  for (uint32_t p = m->cstart[b]; p < m->cstart[b + 1]; p++)
    {
      uint32_t j = m->clist[p];
      if (j == upto)
	break;
      if (x->at_call[j] != NULL)
	ok &= run_call (s, x, j, false, n);
    }
  return ok;
}

/* Simulate DAG path PATH[0..LEN) of PLAN probe by probe, as the program
   would run it, from a garbage R (see the file comment).  *PASS_OK is
   cleared if a call probe passed on the way misbehaves.  BY_STARTS: as
   the sampled mode runs it, from the start ops of its start
   (pp_plan.starts), and, if it ends at a backedge or cut edge, with the
   end ops of that edge's start; *PASS_OK is cleared too if there is no
   such start.  */
static void
sim_dag_path (sim *s, const pp_cfg *cfg, const pp_plan *plan, const model *m,
	      const plan_index *x, const uint32_t *path, uint32_t len,
	      bool by_starts, bool *pass_ok)
{
  pp_op ops[12];
  sim_init (s);
  for (uint32_t k = 0; k < len; k++)
    {
      const pp_dag_edge *e = &plan->dag_edges[path[k]];
      if (e->src != PP_ENTRY)
	*pass_ok &= run_passed_calls (
	  s, m, x, e->src, e->kind == PP_DAG_EARLY_EXIT ? e->call : PP_NONE,
	  index_limit (cfg, plan));
      uint32_t n, skip;
      if (by_starts && k == 0)
	{
	  *pass_ok &= run_start (s, x, path[k]);
	  continue;
	}
      if (by_starts
	  && (e->kind == PP_DAG_BACK_EXIT || e->kind == PP_DAG_CUT_EXIT))
	{
	  *pass_ok &= run_end_ops (s, plan, x, e->cfg_edge);
	  continue;
	}
      switch (e->kind)
	{
	case PP_DAG_REAL:
	  n = edge_ops (cfg, x, e->cfg_edge, ops);
	  sim_ops (s, ops, n);
	  break;
	case PP_DAG_BACK_EXIT:
	case PP_DAG_CUT_EXIT:
	  /* The path ends at the backedge: the first part of its code.  */
	  n = edge_ops (cfg, x, e->cfg_edge, ops);
	  sim_ops (s, ops, e->num_ops < n ? e->num_ops : n);
	  break;
	case PP_DAG_BACK_ENTRY:
	case PP_DAG_CUT_ENTRY:
	  /* The path starts at the backedge: the rest of its code.  */
	  n = edge_ops (cfg, x, e->cfg_edge, ops);
	  skip = x->to_exit[e->cfg_edge] != PP_NONE
		   ? plan->dag_edges[x->to_exit[e->cfg_edge]].num_ops
		   : 0;
	  if (skip < n)
	    sim_ops (s, ops + skip, n - skip);
	  break;
	case PP_DAG_RESTART_ENTRY:
	  if (x->at_restart[e->cfg_edge] != NULL)
	    sim_ops (s, x->at_restart[e->cfg_edge]->ops,
		     x->at_restart[e->cfg_edge]->num_ops);
	  break;
	case PP_DAG_NORETURN_EXIT:
	case PP_DAG_UNWIND_EXIT:
	  if (x->at_end[e->src] != NULL)
	    sim_ops (s, x->at_end[e->src]->ops, x->at_end[e->src]->num_ops);
	  break;
	case PP_DAG_EARLY_EXIT:
	  if (!run_call (s, x, e->call, true, index_limit (cfg, plan)))
	    s->bad_read |= x->at_call[e->call] == NULL;
	  break;
	}
    }
}

/* ------------------------------------------------------------------ */
/* Program runs: a sequence of CFG edges from ENTRY and how it ends.     */

/* Run SCRIPT[0..LEN) (CFG edges, the first leaving ENTRY), then end at
   call END_CALL of the last block reached, or, if END_CALL is PP_NONE,
   at EXIT or at the end of a block without successor.  The counts go to
   S's log; the numbers of the paths run, computed from the DAG's Val,
   to EXPECTED (room for CAP).  Returns their number.  *PASS_OK is
   cleared if a call probe passed on the way misbehaves.  */
static uint32_t
run_program (sim *s, const pp_cfg *cfg, const pp_plan *plan, const model *m,
	     const plan_index *x, const uint32_t *script, uint32_t len,
	     uint32_t end_call, uint64_t *expected, uint32_t cap,
	     bool *pass_ok)
{
  pp_op ops[12];
  uint32_t nexp = 0;
  uint64_t sum = 0;
  uint32_t v = PP_ENTRY;
  for (uint32_t k = 0; k < len && nexp + 1 < cap; k++)
    {
      uint32_t c = script[k];
      if (v != PP_ENTRY)
	*pass_ok &= run_passed_calls (s, m, x, v, PP_NONE,
				      index_limit (cfg, plan));
      uint32_t n = edge_ops (cfg, x, c, ops);
      sim_ops (s, ops, n);
      if (x->real[c] != PP_NONE)
	sum += plan->dag_edges[x->real[c]].val;
      else if (x->to_exit[c] != PP_NONE && x->from_entry[c] != PP_NONE)
	{
	  expected[nexp++] = sum + plan->dag_edges[x->to_exit[c]].val;
	  sum = plan->dag_edges[x->from_entry[c]].val;
	}
      v = cfg->edges[c].dst;
    }
  if (end_call != PP_NONE)
    {
      *pass_ok &= run_passed_calls (s, m, x, v, end_call,
				    index_limit (cfg, plan));
      run_call (s, x, end_call, true, index_limit (cfg, plan));
      if (x->early[end_call] != PP_NONE)
	expected[nexp++] = sum + plan->dag_edges[x->early[end_call]].val;
    }
  else if (v == PP_EXIT)
    expected[nexp++] = sum;
  else if (x->exit_dummy[v] != PP_NONE)
    {
      *pass_ok &= run_passed_calls (s, m, x, v, PP_NONE,
				    index_limit (cfg, plan));
      if (x->at_end[v] != NULL)
	sim_ops (s, x->at_end[v]->ops, x->at_end[v]->num_ops);
      expected[nexp++] = sum + plan->dag_edges[x->exit_dummy[v]].val;
    }
  return nexp;
}

/* A random program run of CFG: random successors from ENTRY until EXIT,
   a block without successor, or (one time in four at a block with
   calls, always once BUDGET steps are spent) a random call of the
   block.  Writes the edges into SCRIPT (room for CAP) and returns their
   number, or CAP + 1 if the run did not end.  */
static uint32_t
random_program (const pp_cfg *cfg, const model *m, uint64_t *rng,
		uint32_t budget, uint32_t *script, uint32_t cap,
		uint32_t *end_call)
{
  uint32_t v = PP_ENTRY, len = 0;
  *end_call = PP_NONE;
  while (v != PP_EXIT)
    {
      uint32_t ncalls = m->cstart[v + 1] - m->cstart[v];
      uint32_t deg = flow_outdeg (m, v);
      if (ncalls > 0 && (len >= budget || rng_below (rng, 4) == 0))
	{
	  *end_call = m->clist[m->cstart[v] + rng_below (rng, ncalls)];
	  return len;
	}
      if (deg == 0)
	return len;
      if (len == cap)
	return cap + 1;
      uint32_t c = m->flist[m->fstart[v] + rng_below (rng, deg)];
      script[len++] = c;
      v = cfg->edges[c].dst;
    }
  return len;
}

/* ------------------------------------------------------------------ */
/* verify_plan: the properties every plan must have.                   */

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* Everything about one DAG path: its number, regeneration, and the
   probe-level simulation in PLAN and NAIVE (if not NULL).  */
static uint64_t
verify_path (stats *st, const pp_cfg *cfg, const model *m,
	     const pp_plan *plan, const plan_index *x, const pp_plan *naive,
	     const plan_index *nx, const pp_regen *regen,
	     const uint32_t *path, uint32_t len)
{
  uint64_t number = 0;
  for (uint32_t k = 0; k < len; k++)
    number += plan->dag_edges[path[k]].val;
  const pp_dag_edge *last = &plan->dag_edges[path[len - 1]];
  if (apart_mode && last->kind == PP_DAG_EARLY_EXIT)
    prop (st, P_UNIQUE,
	  number / plan->num_paths == (uint64_t) last->call + 1,
	  "path left at call %u numbered %" PRIu64 ", not in [N * %u, "
	  "N * %u) for N = %" PRIu64, last->call, number, last->call + 1,
	  last->call + 2, plan->num_paths);
  else
    prop (st, P_UNIQUE, number < plan->num_paths,
	  "path number %" PRIu64 " >= N = %" PRIu64, number,
	  plan->num_paths);
  verify_regen (st, P_REGEN, plan, regen, number, path, len);
  for (int which = 0; which < 2; which++)
    {
      const pp_plan *p = which ? naive : plan;
      const plan_index *px = which ? nx : x;
      if (p == NULL)
	continue;
      sim s;
      bool pass_ok = true;
      sim_dag_path (&s, cfg, p, m, px, path, len, true, &pass_ok);
      prop (st, P_STARTS,
	    pass_ok && s.num_counts == 1 && s.last_count == number
	      && !s.bad_read,
	    "%s path %" PRIu64 " run from its start: expected one count at %"
	    PRIu64 ", saw %u counts, last %" PRIu64 "%s%s",
	    which ? "naive" : "optimised", number, number, s.num_counts,
	    s.last_count, s.bad_read ? ", R read before written" : "",
	    pass_ok ? "" : ", no start, or a call probe misbehaves");
      pass_ok = true;
      sim_dag_path (&s, cfg, p, m, px, path, len, false, &pass_ok);
      bool early = plan->dag_edges[path[len - 1]].kind == PP_DAG_EARLY_EXIT;
      prop (st, which ? P_NAIVE_SIM : P_PATH_SIM,
	    s.num_counts == 1 && s.last_count == number && !s.bad_read,
	    "path %" PRIu64 " of %u edges%s: expected one count at %" PRIu64
	    ", saw %u counts, last %" PRIu64 "%s",
	    number, len, early ? " ending at a call" : "", number,
	    s.num_counts, s.last_count,
	    s.bad_read ? ", R read before written" : "");
      prop (st, P_PASS_CALL, pass_ok,
	    "%s path %" PRIu64 ": a call probe passed on the way misbehaves",
	    which ? "naive" : "optimised", number);
    }
  return number;
}

/* Check PLAN (optimised) of CFG, with NAIVE (the naive plan of the same
   CFG, or NULL) and BASE (the optimised plan of CFG without its calls,
   or NULL).  Paths are enumerated when N <= ENUM_LIMIT, else SAMPLES
   random ones; RUNS random program runs.  */
static void
verify_plan (stats *st, const pp_cfg *cfg, const pp_plan *plan,
	     const pp_plan *naive, const pp_plan *base, uint64_t *rng,
	     uint64_t enum_limit, uint32_t samples, uint32_t runs)
{
  uint32_t nv = cfg->num_blocks;
  model m;
  model_build (cfg, &m);
  plan_index x, nx;
  memset (&nx, 0, sizeof nx);
  plan_index_build (cfg, plan, &x);
  if (naive != NULL)
    plan_index_build (cfg, naive, &nx);
  verify_starts (st, P_STARTS, cfg, &m, plan, &x);
  if (naive != NULL)
    verify_starts (st, P_STARTS, cfg, &m, naive, &nx);

  /* Early-exit dummies and their probes.  */
  bool *seen = calloc (cfg->num_calls + 1, sizeof (bool));
  for (uint32_t k = 0; k < plan->num_dag_edges; k++)
    {
      const pp_dag_edge *e = &plan->dag_edges[k];
      if (e->kind != PP_DAG_EARLY_EXIT)
	{
	  prop (st, P_DUMMIES, e->call == PP_NONE,
		"DAG edge %u of kind %u has call %u", k, e->kind, e->call);
	  continue;
	}
      bool ok = e->call < cfg->num_calls && !seen[e->call]
		&& e->src == cfg->call_blocks[e->call] && e->dst == PP_EXIT
		&& e->cfg_edge == PP_NONE && call_eligible (cfg, &m, e->call);
      prop (st, P_DUMMIES, ok,
	    "EARLY_EXIT %u->%u of call %u (cfg_edge %u) is not one expected",
	    e->src, e->dst, e->call, e->cfg_edge);
      if (e->call < cfg->num_calls)
	seen[e->call] = true;
    }
  for (uint32_t i = 0; i < cfg->num_calls; i++)
    {
      bool eligible = call_eligible (cfg, &m, i);
      prop (st, P_DUMMIES, seen[i] == eligible,
	    "call %u in block %u (reachable %d, %u flow successors): "
	    "dummy %s", i, cfg->call_blocks[i], m.reach[cfg->call_blocks[i]],
	    flow_outdeg (&m, cfg->call_blocks[i]),
	    seen[i] ? "present" : "missing");
      const pp_probe *p = x.at_call[i];
      bool ok;
      if (!eligible || x.early[i] == PP_NONE)
	ok = p == NULL;
      else
	{
	  const pp_dag_edge *e = &plan->dag_edges[x.early[i]];
	  ok = p != NULL && p->num_ops == 1 && e->num_ops == 1
	       && (p->ops[0].kind == PP_OP_COUNT
		   || p->ops[0].kind == PP_OP_COUNT_CONST)
	       && p->ops[0].kind == e->ops[0].kind
	       && p->ops[0].value == e->ops[0].value;
	}
      prop (st, P_CALL_PROBES, ok && !x.dup_site,
	    "call %u in block %u: %s%s", i, cfg->call_blocks[i],
	    p == NULL ? "no probe" : "probe not one count equal to the dummy's",
	    x.dup_site ? " (two probes at one site)" : "");
    }
  free (seen);

  /* Blocks without successor: one exit dummy, UNWIND iff flagged, its
     operations at the end of the block.  */
  for (uint32_t b = 0; b < nv; b++)
    {
      if (b == PP_EXIT)
	continue;
      bool unwind = cfg->block_flags != NULL
		    && (cfg->block_flags[b] & PP_BLOCK_UNWIND);
      uint32_t dummies = 0, kind = PP_NONE;
      for (uint32_t p = x.dag_start[b]; p < x.dag_start[b + 1]; p++)
	if (plan->dag_edges[p].kind == PP_DAG_NORETURN_EXIT
	    || plan->dag_edges[p].kind == PP_DAG_UNWIND_EXIT)
	  {
	    dummies++;
	    kind = plan->dag_edges[p].kind;
	  }
      bool wants = m.reach[b] && flow_outdeg (&m, b) == 0;
      bool ok = dummies == (wants ? 1u : 0u);
      if (ok && wants)
	{
	  const pp_dag_edge *e = &plan->dag_edges[x.exit_dummy[b]];
	  const pp_probe *p = x.at_end[b];
	  ok = kind == (unwind ? PP_DAG_UNWIND_EXIT : PP_DAG_NORETURN_EXIT)
	       && e->dst == PP_EXIT && e->cfg_edge == PP_NONE
	       && (p == NULL ? e->num_ops == 0
			     : p->num_ops == e->num_ops
				 && (e->num_ops == 0
				     || (p->ops[0].kind == e->ops[0].kind
					 && p->ops[0].value
					      == e->ops[0].value)));
	}
      prop (st, P_UNWIND, ok,
	    "block %u (reachable %d, %u successors, unwind %d): %u exit "
	    "dummies, kind %u, or its ops not at BLOCK_END", b, m.reach[b],
	    flow_outdeg (&m, b), unwind, dummies, kind);
    }

  /* NumPaths, and its growth by the early exits.  */
  uint64_t *prefix = calloc (nv, sizeof (uint64_t));
  uint64_t *suffix = calloc (nv, sizeof (uint64_t));
  bool acyclic = dag_path_counts (plan, x.dag_start, prefix, suffix);
  /* With early exits apart, N leaves out the paths that end at them:
     as many through each dummy as paths from ENTRY to its source.  */
  uint64_t total = suffix[PP_ENTRY], complete = total;
  for (uint32_t k = 0; apart_mode && k < plan->num_dag_edges; k++)
    if (plan->dag_edges[k].kind == PP_DAG_EARLY_EXIT)
      complete -= prefix[plan->dag_edges[k].src];
  prop (st, P_COUNT, acyclic && complete == plan->num_paths,
	"N = %" PRIu64 ", DAG paths counted: %" PRIu64 "%s", plan->num_paths,
	complete, acyclic ? "" : " (cycle)");
  if (base != NULL && base->num_cut_edges == 0 && plan->num_cut_edges == 0)
    {
      plan_index bx;
      plan_index_build (cfg, base, &bx);
      uint64_t *bprefix = calloc (nv, sizeof (uint64_t));
      uint64_t *bsuffix = calloc (nv, sizeof (uint64_t));
      bool bacyclic = dag_path_counts (base, bx.dag_start, bprefix,
				       bsuffix);
      uint64_t expected = base->num_paths;
      for (uint32_t i = 0; !apart_mode && i < cfg->num_calls; i++)
	if (call_eligible (cfg, &m, i))
	  expected += bprefix[cfg->call_blocks[i]];
      prop (st, P_GROWTH, bacyclic && expected == plan->num_paths,
	    "N = %" PRIu64 ", expected %" PRIu64 " (%" PRIu64
	    " without calls)", plan->num_paths, expected, base->num_paths);
      free (bprefix);
      free (bsuffix);
      plan_index_free (&bx);
    }

  /* The naive plan numbers the same DAG.  */
  if (naive != NULL)
    {
      bool same = same_numbering (naive, plan);
      prop (st, P_NAIVE_DAG, same, "naive plan: N %" PRIu64 ", %u edges; "
	    "optimised: N %" PRIu64 ", %u edges, or a DAG edge differs",
	    naive->num_paths, naive->num_dag_edges, plan->num_paths,
	    plan->num_dag_edges);
      if (!same)
	naive = NULL;
    }

  /* Every path (or a sample): number, regeneration, simulations.  */
  char err[200];
  pp_regen *regen = plan_regen (plan, apart_mode, err, sizeof err);
  prop (st, P_REGEN, regen == NULL || pp_regen_num_paths (regen)
				       == plan->num_paths,
	"pp_regen_num_paths %" PRIu64 ", N %" PRIu64,
	pp_regen_num_paths (regen), plan->num_paths);
  prop (st, P_REGEN, regen != NULL, "pp_regen_new: %s", err);
  uint32_t *path = malloc ((nv + 1) * sizeof (uint32_t));
  if (regen != NULL && acyclic)
    {
      if (total <= enum_limit)
	{
	  uint64_t *numbers = malloc ((total + 1) * sizeof (uint64_t));
	  uint32_t *pos = malloc ((nv + 1) * sizeof (uint32_t));
	  uint64_t found = 0;
	  dag_paths w;
	  dag_paths_init (&w, plan, x.dag_start, path, pos);
	  while (dag_paths_next (&w))
	    {
	      uint64_t num = verify_path (st, cfg, &m, plan, &x, naive, &nx,
					  regen, w.path, w.len);
	      if (found < total)
		numbers[found] = num;
	      found++;
	    }
	  bool distinct = found == total;
	  if (distinct)
	    {
	      qsort (numbers, found, sizeof (uint64_t), cmp_u64);
	      for (uint64_t i = 1; distinct && i < found; i++)
		distinct = numbers[i] != numbers[i - 1];
	    }
	  prop (st, P_UNIQUE, distinct,
		"%" PRIu64 " paths enumerated for N = %" PRIu64
		", or two share a number", found, total);
	  free (numbers);
	  free (pos);
	}
      else
	for (uint32_t t = 0; t < samples; t++)
	  {
	    uint32_t len = random_dag_path (plan, x.dag_start, rng, false,
					    path);
	    verify_path (st, cfg, &m, plan, &x, naive, &nx, regen, path, len);
	  }
    }
  pp_regen_free (regen);
  free (path);

  /* Program runs, optimised and naive.  */
  enum { SCRIPT_CAP = 600, LOG_CAP = 700 };
  uint32_t script[SCRIPT_CAP];
  uint64_t expected[LOG_CAP], logged[LOG_CAP];
  for (uint32_t t = 0; t < runs; t++)
    {
      uint32_t end_call;
      uint32_t len = random_program (cfg, &m, rng, 40 + rng_below (rng, 200),
				     script, SCRIPT_CAP, &end_call);
      if (len > SCRIPT_CAP)
	continue;
      for (int which = 0; which < 2; which++)
	{
	  const pp_plan *p = which ? naive : plan;
	  if (p == NULL)
	    continue;
	  sim s;
	  sim_init (&s);
	  s.log = logged;
	  s.log_cap = LOG_CAP;
	  bool pass_ok = true;
	  uint32_t nexp = run_program (&s, cfg, p, &m, which ? &nx : &x,
				       script, len, end_call, expected,
				       LOG_CAP, &pass_ok);
	  bool same = s.log_len == nexp && !s.bad_read && pass_ok;
	  for (uint32_t k = 0; same && k < nexp; k++)
	    same = logged[k] == expected[k];
	  prop (st, P_RUNS, same,
		"%s run of %u edges ending %s%u: %u paths expected, %u counts"
		"%s%s; first path %" PRIu64 ", first count %" PRIu64,
		which ? "naive" : "optimised", len,
		end_call != PP_NONE ? "at call " : "in block ",
		end_call != PP_NONE ? end_call
		: len ? cfg->edges[script[len - 1]].dst : PP_ENTRY,
		nexp, s.log_len, s.bad_read ? ", R read before written" : "",
		pass_ok ? "" : ", a passed call probe misbehaves",
		nexp ? expected[0] : 0, s.log_len ? logged[0] : 0);
	}
    }

  free (prefix);
  free (suffix);
  plan_index_free (&x);
  if (nx.real != NULL)
    plan_index_free (&nx);
  model_free (&m);
}

/* ------------------------------------------------------------------ */
/* Part 1: fixtures.                                                   */

/* Plan CFG optimised (or NAIVE); false with ERR on failure.  */
static bool
plan_of (const pp_cfg *cfg, bool naive, uint64_t max_paths, pp_plan *plan,
	 char *err, size_t errlen)
{
  pp_options opts = { max_paths, naive };
  opts.apart_exits = apart_mode;
  return pp_plan_build (cfg, &opts, plan, err, errlen) == 0;
}

/* Plan CFG optimised, naive and without its calls, and check every
   property with all paths enumerated and RUNS random runs; one line per
   property under LABEL.  The optimised plan is left in PLAN (to be
   freed by the caller) if it could be made.  */
static bool
fixture (const char *label, const pp_cfg *cfg, pp_plan *plan,
	 uint32_t runs)
{
  char err[300];
  pp_plan naive, base;
  pp_cfg bare = *cfg;
  bare.num_calls = 0;
  bare.call_blocks = NULL;
  bool ok = plan_of (cfg, false, 0, plan, err, sizeof err);
  check (ok, check_name ("%s: planned", label), "expected a plan, saw \"%s\"",
	 err);
  if (!ok)
    return false;
  bool naive_ok = plan_of (cfg, true, 0, &naive, err, sizeof err);
  bool base_ok = plan_of (&bare, false, 0, &base, err, sizeof err);
  check (naive_ok && base_ok, check_name ("%s: planned naive and without "
					  "calls", label),
	 "expected both, saw naive %d, without calls %d", naive_ok, base_ok);
  stats st;
  stats_init (&st, property_name, P_NUM, verbose, label);
  uint64_t rng = 12345;
  verify_plan (&st, cfg, plan, naive_ok ? &naive : NULL,
	       base_ok ? &base : NULL, &rng, 100000, 0, runs);
  report_stats (label, &st, REPORT_CHECKED);
  if (naive_ok)
    pp_plan_free (&naive);
  if (base_ok)
    pp_plan_free (&base);
  return true;
}

/* Run SCRIPT (CFG edges, then END_CALL or PP_NONE) through PLAN's
   probes and compare the counts with WANT[0..NWANT); one check.  */
static void
scripted_run (const char *label, const pp_cfg *cfg, const pp_plan *plan,
	      const uint32_t *script, uint32_t len, uint32_t end_call,
	      const uint64_t *want, uint32_t nwant)
{
  model m;
  plan_index x;
  model_build (cfg, &m);
  plan_index_build (cfg, plan, &x);
  uint64_t expected[16], logged[16];
  sim s;
  sim_init (&s);
  s.log = logged;
  s.log_cap = 16;
  bool pass_ok = true;
  uint32_t nexp = run_program (&s, cfg, plan, &m, &x, script, len, end_call,
			       expected, 16, &pass_ok);
  bool same = s.log_len == nwant && nexp == nwant && !s.bad_read && pass_ok;
  for (uint32_t k = 0; same && k < nwant; k++)
    same = logged[k] == want[k] && expected[k] == want[k];
  char seen[200] = "", *at = seen;
  for (uint32_t k = 0; k < s.log_len && at < seen + 150; k++)
    at += sprintf (at, " %" PRIu64, logged[k]);
  check (same, label, "expected %u counts (first %" PRIu64 "), saw%s%s%s",
	 nwant, nwant ? want[0] : 0, s.log_len ? seen : " none",
	 s.bad_read ? ", R read before written" : "",
	 pass_ok ? "" : ", a passed call probe misbehaves");
  plan_index_free (&x);
  model_free (&m);
}

/* A loop whose body has a call, a block with two calls, a call in a
   block without successor, and a call that gets no dummy:

     ENTRY -> 2 -> 3 -> 4 (call 0) -> 3   (backedge e4)
	      |    3 -> 5 (calls 1, 2) -> 6 -> EXIT
	      |              5 -> 7 -> EXIT
	      2 -> 9 (call 4; no successor: a noreturn block, whose call
		      before its noreturn one gets its dummy too)
     8 (call 3) -> 5, unreachable.

   Without calls: 7 paths.  Paths from ENTRY in the DAG (with the
   backedge's dummy ENTRY->3): to 4, 2 (from 2 and from the dummy); to 5,
   2; to 9, 1.  So call 0 adds 2 paths, calls 1 and 2 add 2 each, call 4
   one, call 3 none: 14 paths.
   Val (fewest paths first, ties by DAG edge id): ENTRY->3 (dummy) 0,
   ENTRY->2 6; 2->9 0, 2->3 2; 3->4 0, 3->5 2; 4->EXIT (backedge) 0,
   call 0 1; at 5: ->6 0, ->7 1, call 1 2, call 2 3; at 9: the noreturn
   dummy 0, call 4 1.  */
static void
test_loop_with_calls (void)
{
  tcfg g;
  tcfg_init (&g, 10);
  uint32_t e0 = tcfg_add (&g, PP_ENTRY, 2, 0, 10);
  uint32_t e1 = tcfg_add (&g, 2, 3, 0, 9);
  uint32_t e2 = tcfg_add (&g, 2, 9, 0, 1);
  uint32_t e3 = tcfg_add (&g, 3, 4, 0, 50);
  uint32_t e4 = tcfg_add (&g, 4, 3, 0, 45);
  uint32_t e5 = tcfg_add (&g, 3, 5, 0, 9);
  uint32_t e6 = tcfg_add (&g, 5, 6, 0, 5);
  uint32_t e7 = tcfg_add (&g, 5, 7, 0, 4);
  uint32_t e8 = tcfg_add (&g, 6, PP_EXIT, 0, 5);
  uint32_t e9 = tcfg_add (&g, 7, PP_EXIT, 0, 4);
  tcfg_add (&g, 8, 5, 0, 0);
  pp_mark_backedges (&g.cfg);
  check (g.cfg.edges[e4].flags & PP_CFG_BACKEDGE, "loop with calls: 4->3 "
	 "is the backedge", "expected it flagged");

  pp_plan plan;
  char err[300];
  bool ok = plan_of (&g.cfg, false, 0, &plan, err, sizeof err);
  check (ok && plan.num_paths == 7, "loop with calls: 7 paths without calls",
	 "expected 7, saw %" PRIu64 " (%s)", ok ? plan.num_paths : 0,
	 ok ? "ok" : err);
  if (ok)
    pp_plan_free (&plan);

  tcfg_add_call (&g, 4);
  tcfg_add_call (&g, 5);
  tcfg_add_call (&g, 5);
  tcfg_add_call (&g, 8);
  tcfg_add_call (&g, 9);
  if (!fixture ("loop with calls", &g.cfg, &plan, 200))
    {
      tcfg_free (&g);
      return;
    }
  check_u64 ("loop with calls: 14 paths", 14, plan.num_paths);
  uint32_t early = 0;
  for (uint32_t k = 0; k < plan.num_dag_edges; k++)
    early += plan.dag_edges[k].kind == PP_DAG_EARLY_EXIT;
  check (early == 4, "loop with calls: 4 EARLY_EXIT dummies",
	 "expected 4, saw %u", early);
  static const struct { uint32_t block, call; uint64_t val; } dummies[] = {
    { 4, 0, 1 }, { 5, 1, 2 }, { 5, 2, 3 }, { 9, 4, 1 }
  };
  for (int k = 0; k < 4; k++)
    {
      uint32_t d = find_dummy (&plan, PP_DAG_EARLY_EXIT, dummies[k].block,
			       dummies[k].call);
      const pp_dag_edge *e = d != PP_NONE ? &plan.dag_edges[d] : NULL;
      check (e != NULL && e->dst == PP_EXIT && e->cfg_edge == PP_NONE
	       && e->val == dummies[k].val,
	     check_name ("loop with calls: call %u's dummy %u->EXIT, Val %"
			 PRIu64, dummies[k].call, dummies[k].block,
			 dummies[k].val),
	     "expected it, saw %s, Val %" PRIu64,
	     e ? "the dummy" : "none", e ? e->val : 0);
      const pp_probe *p = find_probe (&plan, PP_SITE_CALL, dummies[k].call);
      check (p != NULL && p->num_ops == 1
	       && (p->ops[0].kind == PP_OP_COUNT
		   || p->ops[0].kind == PP_OP_COUNT_CONST),
	     check_name ("loop with calls: call %u's probe is one count",
			 dummies[k].call),
	     "expected PP_SITE_CALL %u with one COUNT, saw %s",
	     dummies[k].call, p ? "other operations" : "no probe");
    }
  check (find_probe (&plan, PP_SITE_CALL, 3) == NULL
	   && find_dummy (&plan, PP_DAG_EARLY_EXIT, 8, PP_NONE) == PP_NONE,
	 "loop with calls: no dummy nor probe for call 3 (unreachable block)",
	 "expected none");
  check (!plan.reachable[8]
	   && find_dummy (&plan, PP_DAG_NORETURN_EXIT, 9, PP_NONE) != PP_NONE,
	 "loop with calls: block 8 unreachable, block 9 has its NORETURN "
	 "dummy", "expected both");

  /* Scripted runs, counts written by hand from the Vals above.  */
  struct
  {
    const char *name;
    uint32_t script[8], len, end_call, nwant;
    uint64_t want[3];
  } runs[] = {
    { "loop with calls: run to EXIT through 5 and 6 counts 10",
      { e0, e1, e5, e6, e8 }, 5, PP_NONE, 1, { 10 } },
    { "loop with calls: one iteration, then exit at call 0 counts 8, 1",
      { e0, e1, e3, e4, e3 }, 5, 0, 2, { 8, 1 } },
    { "loop with calls: exit at call 2 (call 1 returned) counts 13",
      { e0, e1, e5 }, 3, 2, 1, { 13 } },
    { "loop with calls: exit at call 1 counts 12", { e0, e1, e5 }, 3, 1, 1,
      { 12 } },
    { "loop with calls: the noreturn block counts 6", { e0, e2 }, 2, PP_NONE,
      1, { 6 } },
    { "loop with calls: exit at call 4, before the noreturn one, counts 7",
      { e0, e2 }, 2, 4, 1, { 7 } },
    { "loop with calls: one iteration, then EXIT through 7 counts 8, 3",
      { e0, e1, e3, e4, e5, e7, e9 }, 7, PP_NONE, 2, { 8, 3 } },
    { "loop with calls: one iteration, then exit at call 1 counts 8, 4",
      { e0, e1, e3, e4, e5 }, 5, 1, 2, { 8, 4 } },
    { "loop with calls: exit at call 0 in the first pass counts 9",
      { e0, e1, e3 }, 3, 0, 1, { 9 } },
  };
  for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++)
    scripted_run (runs[k].name, &g.cfg, &plan, runs[k].script, runs[k].len,
		  runs[k].end_call, runs[k].want, runs[k].nwant);
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* A call in a block where R is known to be 0 (its only in-edge is a tree
   edge from ENTRY): the count needs no R, COUNT_CONST at the number of
   the path ENTRY->2->call.

     ENTRY -> 2 (call 0) -> 3 -> EXIT
		    2 -> 4 -> EXIT

   Val at 2: ->3 0, ->4 1, call 0 2.  */
static void
test_call_in_k (void)
{
  tcfg g;
  tcfg_init (&g, 5);
  uint32_t e0 = tcfg_add (&g, PP_ENTRY, 2, 0, 10);
  uint32_t e1 = tcfg_add (&g, 2, 3, 0, 6);
  uint32_t e2 = tcfg_add (&g, 2, 4, 0, 4);
  uint32_t e3 = tcfg_add (&g, 3, PP_EXIT, 0, 6);
  uint32_t e4 = tcfg_add (&g, 4, PP_EXIT, 0, 4);
  tcfg_add_call (&g, 2);
  pp_plan plan;
  if (!fixture ("call where R is 0", &g.cfg, &plan, 50))
    {
      tcfg_free (&g);
      return;
    }
  check_u64 ("call where R is 0: 3 paths", 3, plan.num_paths);
  const pp_probe *p = find_probe (&plan, PP_SITE_CALL, 0);
  check (p != NULL && p->num_ops == 1 && p->ops[0].kind == PP_OP_COUNT_CONST
	   && p->ops[0].value == 2,
	 "call where R is 0: its probe is count[2]++ (COUNT_CONST)",
	 "expected it, saw %s kind %u value %" PRIu64,
	 p ? "a probe of" : "no probe", p && p->num_ops ? p->ops[0].kind : 0,
	 p && p->num_ops ? p->ops[0].value : 0);
  uint32_t s1[] = { e0 }, s2[] = { e0, e1, e3 }, s3[] = { e0, e2, e4 };
  uint64_t w1[] = { 2 }, w2[] = { 0 }, w3[] = { 1 };
  scripted_run ("call where R is 0: exit at the call counts 2", &g.cfg,
		&plan, s1, 1, 0, w1, 1);
  scripted_run ("call where R is 0: through 3 counts 0", &g.cfg, &plan, s2,
		3, PP_NONE, w2, 1);
  scripted_run ("call where R is 0: through 4 counts 1", &g.cfg, &plan, s3,
		3, PP_NONE, w3, 1);
  pp_plan_free (&plan);
  tcfg_free (&g);
}

/* A call block whose only in-edge is abnormal and cannot carry code
   (its code goes to the start of the block, before the call), another
   after a join, a self loop with a call, and a call in a block that may
   not return.

     ENTRY -> 2 -> 5 (abnormal; calls 0, 1) -> 3 (call 2) -> EXIT
     ENTRY -> 4 -> 3;  2 -> 3;  5 -> EXIT;  3 -> 3 (call 2's block)
     4 may not return (call 3).  */
static void
test_call_after_abnormal (void)
{
  tcfg g;
  tcfg_init (&g, 6);
  tcfg_add (&g, PP_ENTRY, 2, 0, 3);
  tcfg_add (&g, PP_ENTRY, 4, 0, 1);
  tcfg_add (&g, 2, 5, PP_CFG_NO_CODE, 1);
  tcfg_add (&g, 2, 3, 0, 2);
  tcfg_add (&g, 4, 3, 0, 1);
  tcfg_add (&g, 5, 3, 0, 1);
  tcfg_add (&g, 5, PP_EXIT, 0, 1);
  tcfg_add (&g, 3, 3, 0, 7);
  tcfg_add (&g, 3, PP_EXIT, 0, 3);
  tcfg_add_call (&g, 5);
  tcfg_add_call (&g, 5);
  tcfg_add_call (&g, 3);
  tcfg_add_call (&g, 4);
  tcfg_flag_block (&g, 4, PP_BLOCK_MAY_NOT_RETURN);
  pp_mark_backedges (&g.cfg);
  pp_plan plan;
  if (fixture ("calls after an abnormal edge and in a self loop", &g.cfg,
	       &plan, 300))
    pp_plan_free (&plan);
  tcfg_free (&g);
}

/* Calls in a setjmp receiver and in the loop after it: a longjmp lands
   at 2 (restart edge D->2), where its PP_SITE_RESTART probe sets R
   before the call probes of 2 run.

     ENTRY -> 2 (call 1) -> 3 (call 0) -> 4 -> EXIT;  3 -> 2 (backedge)
     D (5) -> 2, restart edge; D has no in-edge.  */
static void
test_calls_at_receiver (void)
{
  tcfg g;
  tcfg_init (&g, 6);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  tcfg_add (&g, 2, 3, 0, 10);
  tcfg_add (&g, 3, 4, 0, 1);
  tcfg_add (&g, 3, 2, 0, 9);
  tcfg_add (&g, 4, PP_EXIT, 0, 1);
  tcfg_add (&g, 5, 2, PP_CFG_RESTART | PP_CFG_NO_CODE, 1);
  tcfg_add_call (&g, 3);
  tcfg_add_call (&g, 2);
  pp_mark_backedges (&g.cfg);
  pp_plan plan;
  if (fixture ("calls at a setjmp receiver", &g.cfg, &plan, 100))
    {
      /* Paths: from ENTRY, from the backedge's dummy and from the
	 restart dummy, each to EXIT, to the backedge, to call 1 (at 2)
	 and to call 0 (at 3): 12.  */
      check_u64 ("calls at a setjmp receiver: 12 paths", 12, plan.num_paths);
      pp_plan_free (&plan);
    }
  tcfg_free (&g);
}

/* ------------------------------------------------------------------ */
/* Part 2: validation.                                                 */

/* Plan G's CFG and expect a refusal whose message contains WANT; the
   plan must be left empty.  */
static void
expect_refusal (const char *label, const pp_cfg *cfg, const char *want)
{
  pp_plan plan;
  char err[300] = "";
  memset (&plan, 0x5a, sizeof plan);
  int rc = pp_plan_build (cfg, NULL, &plan, err, sizeof err);
  bool empty = plan.num_paths == 0 && plan.num_dag_edges == 0
	       && plan.dag_edges == NULL && plan.num_probes == 0
	       && plan.probes == NULL && plan.reachable == NULL;
  check (rc == -1 && strstr (err, want) != NULL && strchr (err, '\n') == NULL
	   && empty,
	 label, "expected -1, a one-line message with \"%s\" and an empty "
	 "plan, saw %d, \"%s\"%s", want, rc, err,
	 empty ? "" : ", a plan not empty");
  if (rc == 0 || empty)
    pp_plan_free (&plan);
}

static void
test_validation (void)
{
  tcfg g;
  tcfg_init (&g, 4);
  tcfg_add (&g, PP_ENTRY, 2, 0, 1);
  tcfg_add (&g, 2, 3, 0, 1);
  tcfg_add (&g, 3, PP_EXIT, 0, 1);
  pp_cfg cfg = g.cfg;
  static const struct { uint32_t blocks[2], n; const char *want; } bad[] = {
    { { 4 }, 1, "early-exit call 0 is in block 4" },
    { { PP_ENTRY }, 1, "early-exit call 0 is in block 0" },
    { { PP_EXIT }, 1, "early-exit call 0 is in block 1" },
    { { 2, 77 }, 2, "early-exit call 1 is in block 77" },
    { { 3, PP_NONE }, 2, "early-exit call 1 is in block 4294967295" },
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      cfg.num_calls = bad[k].n;
      cfg.call_blocks = bad[k].blocks;
      expect_refusal (check_name ("validation: refused: %s", bad[k].want),
		      &cfg, bad[k].want);
    }
  cfg.num_calls = 2;
  cfg.call_blocks = NULL;
  expect_refusal ("validation: refused: 2 calls without call_blocks", &cfg,
		  "2 early-exit calls but no blocks");

  uint32_t flags[4] = { 0 };
  cfg.num_calls = 0;
  cfg.block_flags = flags;
  static const struct
  {
    uint32_t block, flags;
    const char *want;
  } bad_flags[] = {
    { 2, 1u << 2, "block 2 has unknown flags 0x4" },
    { 3, PP_BLOCK_UNWIND | (1u << 31),
      "block 3 has unknown flags 0x80000002" },
    { 0, 1u << 7, "block 0 has unknown flags 0x80" },
  };
  for (size_t k = 0; k < sizeof bad_flags / sizeof bad_flags[0]; k++)
    {
      memset (flags, 0, sizeof flags);
      flags[bad_flags[k].block] = bad_flags[k].flags;
      expect_refusal (check_name ("validation: refused: %s",
				  bad_flags[k].want), &cfg, bad_flags[k].want);
    }

  /* What is valid: two calls in one block, both known flags.  */
  memset (flags, 0, sizeof flags);
  flags[2] = PP_BLOCK_MAY_NOT_RETURN | PP_BLOCK_UNWIND;
  uint32_t calls[] = { 2, 2, 3 };
  cfg.num_calls = 3;
  cfg.call_blocks = calls;
  pp_plan plan;
  char err[300];
  bool ok = plan_of (&cfg, false, 0, &plan, err, sizeof err);
  check (ok && plan.num_paths == 4,
	 "validation: accepted: calls 2, 2, 3 and flags MAY_NOT_RETURN|UNWIND",
	 "expected a plan of 4 paths, saw %s, %" PRIu64, ok ? "a plan" : err,
	 ok ? plan.num_paths : 0);
  if (ok)
    pp_plan_free (&plan);
  tcfg_free (&g);
}

/* ------------------------------------------------------------------ */
/* Part 3: unwind blocks.                                              */

/* ENTRY -> 2 -> 3 -> EXIT; 2 -> 4 (landing pad, UNWIND, no successor);
   2 -> 5 (no successor, not flagged); 2 -> 7 -> EXIT with 7 flagged
   UNWIND although it has a successor; 6 UNWIND, unreachable.  With
   MAY_NOT_RETURN on 4 too (a resx is such a statement), 4 is never
   absorbing, so its dummy carries the count, at BLOCK_END(4).  The flag
   must change the dummy's kind and nothing else.  */
static void
test_unwind (void)
{
  for (int mnr = 0; mnr < 2; mnr++)
    {
      tcfg g;
      tcfg_init (&g, 8);
      tcfg_add (&g, PP_ENTRY, 2, 0, 10);
      uint32_t e1 = tcfg_add (&g, 2, 3, 0, 7);
      uint32_t e2 = tcfg_add (&g, 2, 4, 0, 1);
      tcfg_add (&g, 2, 5, 0, 1);
      tcfg_add (&g, 2, 7, 0, 1);
      tcfg_add (&g, 3, PP_EXIT, 0, 7);
      tcfg_add (&g, 7, PP_EXIT, 0, 1);
      tcfg_add (&g, 6, 3, 0, 0);
      tcfg_add_call (&g, 4);  /* no successor: no early exit */
      if (mnr)
	tcfg_flag_block (&g, 4, PP_BLOCK_MAY_NOT_RETURN);
      pp_plan plain, plain_naive;
      char err[300];
      bool ok = plan_of (&g.cfg, false, 0, &plain, err, sizeof err)
		&& plan_of (&g.cfg, true, 0, &plain_naive, err, sizeof err);
      check (ok, check_name ("unwind%s: planned without the flag",
			     mnr ? " (may not return)" : ""),
	     "expected plans, saw \"%s\"", err);
      if (!ok)
	{
	  tcfg_free (&g);
	  continue;
	}
      tcfg_flag_block (&g, 4, PP_BLOCK_UNWIND);
      tcfg_flag_block (&g, 6, PP_BLOCK_UNWIND);
      tcfg_flag_block (&g, 7, PP_BLOCK_UNWIND);
      const char *label = mnr ? "unwind block that may not return"
			      : "unwind block";
      pp_plan plan, naive;
      if (!fixture (label, &g.cfg, &plan, 50))
	{
	  pp_plan_free (&plain);
	  pp_plan_free (&plain_naive);
	  tcfg_free (&g);
	  continue;
	}
      bool naive_ok = plan_of (&g.cfg, true, 0, &naive, err, sizeof err);
      uint32_t d = find_dummy (&plan, PP_DAG_UNWIND_EXIT, 4, PP_NONE);
      uint32_t unwinds = 0;
      for (uint32_t k = 0; k < plan.num_dag_edges; k++)
	unwinds += plan.dag_edges[k].kind == PP_DAG_UNWIND_EXIT;
      check (d != PP_NONE && unwinds == 1
	       && plan.dag_edges[d].dst == PP_EXIT
	       && plan.dag_edges[d].cfg_edge == PP_NONE
	       && plan.dag_edges[d].call == PP_NONE
	       && find_dummy (&plan, PP_DAG_NORETURN_EXIT, 5, PP_NONE)
		    != PP_NONE,
	     check_name ("%s: 4->EXIT is the only UNWIND_EXIT, 5's dummy "
			 "NORETURN_EXIT", label),
	     "expected them, saw %u UNWIND_EXIT dummies%s", unwinds,
	     d == PP_NONE ? ", none from 4" : "");
      const pp_probe *end = find_probe (&plan, PP_SITE_BLOCK_END, 4);
      if (mnr)
	check (end != NULL && end->num_ops == 1
		 && (end->ops[0].kind == PP_OP_COUNT
		     || end->ops[0].kind == PP_OP_COUNT_CONST)
		 && d != PP_NONE && plan.dag_edges[d].num_ops == 1,
	       check_name ("%s: the count is at BLOCK_END(4)", label),
	       "expected one count there, saw %s",
	       end ? "other operations" : "no probe");
      else
	check (find_probe (&plan, PP_SITE_EDGE, e2) != NULL || end != NULL,
	       check_name ("%s: the path into 4 is counted on 2->4 or at "
			   "BLOCK_END(4)", label), "expected a probe");
      const pp_probe *nend = naive_ok ? find_probe (&naive, PP_SITE_BLOCK_END,
						    4) : NULL;
      check (nend != NULL && nend->num_ops == 1
	       && nend->ops[0].kind == PP_OP_COUNT,
	     check_name ("%s: naive: count at BLOCK_END(4)", label),
	     "expected COUNT there, saw %s", nend ? "other ops" : "no probe");

      /* Only the kind differs from the plan without the flag.  */
      bool same = true;
      for (int which = 0; which < 2; which++)
	{
	  const pp_plan *a = which ? &naive : &plan;
	  const pp_plan *b = which ? &plain_naive : &plain;
	  if (which && !naive_ok)
	    {
	      same = false;
	      break;
	    }
	  same &= a->num_paths == b->num_paths
		  && a->num_dag_edges == b->num_dag_edges
		  && a->num_probes == b->num_probes;
	  for (uint32_t k = 0; same && k < a->num_dag_edges; k++)
	    {
	      pp_dag_edge x = a->dag_edges[k], y = b->dag_edges[k];
	      if (x.kind == PP_DAG_UNWIND_EXIT && x.src == 4
		  && y.kind == PP_DAG_NORETURN_EXIT)
		x.kind = y.kind;
	      same = x.src == y.src && x.dst == y.dst && x.kind == y.kind
		     && x.val == y.val && x.inc == y.inc
		     && x.on_tree == y.on_tree && x.num_ops == y.num_ops
		     && (x.num_ops == 0
			 || memcmp (x.ops, y.ops, x.num_ops * sizeof (pp_op))
			      == 0);
	    }
	  for (uint32_t k = 0; same && k < a->num_probes; k++)
	    same = a->probes[k].site == b->probes[k].site
		   && a->probes[k].index == b->probes[k].index
		   && a->probes[k].num_ops == b->probes[k].num_ops
		   && memcmp (a->probes[k].ops, b->probes[k].ops,
			      a->probes[k].num_ops * sizeof (pp_op)) == 0;
	}
      check (same, check_name ("%s: the flag changes the dummy's kind only "
			       "(optimised and naive)", label),
	     "expected the same numbers, tree, operations and probes");
      (void) e1;
      if (naive_ok)
	pp_plan_free (&naive);
      pp_plan_free (&plan);
      pp_plan_free (&plain);
      pp_plan_free (&plain_naive);
      tcfg_free (&g);
    }
}

/* ------------------------------------------------------------------ */
/* Part 4: random CFGs with early exits.                               */

typedef struct random_totals
{
  uint32_t graphs, plans, refused, with_calls, calls, eligible,
    multi_call_blocks, unwind_blocks, growth_checked, with_cuts;
  uint64_t paths_checked;
} random_totals;

/* Add to G, from SEED, early-exit calls and unwind flags: in four graphs
   out of five, up to twice as many calls as blocks in random blocks
   (several per block now and then, in any index order); in a third,
   UNWIND on half the blocks without successor, and now and then on a
   block with successors (which must not matter).  */
static void
random_calls (uint64_t seed, tcfg *g, random_totals *t)
{
  uint64_t rng = seed * UINT64_C (0xD1B54A32D192ED03) + 17;
  uint32_t nv = g->cfg.num_blocks;
  if (nv > 2 && rng_below (&rng, 5) != 0)
    {
      uint32_t n = 1 + rng_below (&rng, (rng_below (&rng, 3) == 0
					  ? 2 * nv : nv / 2 + 1));
      for (uint32_t k = 0; k < n; k++)
	tcfg_add_call (g, 2 + rng_below (&rng, nv - 2));
    }
  if (nv > 2 && rng_below (&rng, 3) == 0)
    {
      uint32_t *outdeg = calloc (nv, sizeof (uint32_t));
      for (uint32_t c = 0; c < g->cfg.num_edges; c++)
	outdeg[g->cfg.edges[c].src]++;
      for (uint32_t b = 2; b < nv; b++)
	if ((outdeg[b] == 0 && rng_below (&rng, 2) == 0)
	    || rng_below (&rng, 40) == 0)
	  {
	    tcfg_flag_block (g, b, PP_BLOCK_UNWIND);
	    t->unwind_blocks += outdeg[b] == 0;
	  }
      free (outdeg);
    }
}

static void
run_random (const char *label, uint64_t first_seed, uint32_t count,
	    bool report)
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
      random_cfg (seed, &g, &max_paths, &caller_set);
      random_calls (seed, &g, &t);
      t.graphs++;
      t.calls += g.cfg.num_calls;
      t.with_calls += g.cfg.num_calls > 0;
      snprintf (context, sizeof context, "seed %" PRIu64, seed);
      st.context = context;
      if (g.cfg.num_calls > 0)
	{
	  model m;
	  model_build (&g.cfg, &m);
	  for (uint32_t i = 0; i < g.cfg.num_calls; i++)
	    t.eligible += call_eligible (&g.cfg, &m, i);
	  for (uint32_t b = 0; b < g.cfg.num_blocks; b++)
	    t.multi_call_blocks += m.cstart[b + 1] - m.cstart[b] > 1
				   && m.reach[b];
	  model_free (&m);
	}

      pp_cfg bare = g.cfg;
      bare.num_calls = 0;
      bare.call_blocks = NULL;
      pp_plan plan, naive, base;
      char err[300], nerr[300], berr[300];
      bool ok = plan_of (&g.cfg, false, max_paths, &plan, err, sizeof err);
      bool naive_ok = plan_of (&g.cfg, true, max_paths, &naive, nerr,
			       sizeof nerr);
      bool base_ok = plan_of (&bare, false, max_paths, &base, berr,
			      sizeof berr);
      prop (&st, P_SAME_FATE, ok || !base_ok,
	    "refused with calls (\"%s\"), planned without", err);
      const char *why[2] = { ok ? NULL : err, naive_ok ? NULL : nerr };
      for (int k = 0; k < 2; k++)
	if (why[k] != NULL)
	  {
	    t.refused++;
	    if (!names_stuck_edge (&g.cfg, why[k]))
	      {
		unexpected++;
		if (first_unexpected[0] == '\0')
		  snprintf (first_unexpected, sizeof first_unexpected,
			    "%s%s: %s", context, k ? " (naive)" : "",
			    why[k]);
	      }
	  }
      if (ok)
	{
	  t.plans++;
	  t.with_cuts += plan.num_cut_edges > 0;
	  t.growth_checked += base_ok && plan.num_cut_edges == 0
			      && base.num_cut_edges == 0;
	  uint64_t before = st.checked[P_PATH_SIM];
	  uint64_t rng = seed ^ UINT64_C (0x5EED5EED);
	  verify_plan (&st, &g.cfg, &plan, naive_ok ? &naive : NULL,
		       base_ok ? &base : NULL, &rng, 2000, 150, 8);
	  t.paths_checked += st.checked[P_PATH_SIM] - before;
	  pp_plan_free (&plan);
	}
      if (naive_ok)
	pp_plan_free (&naive);
      if (base_ok)
	pp_plan_free (&base);
      tcfg_free (&g);
    }
  double secs = (double) (clock () - t0) / CLOCKS_PER_SEC;
  printf ("%s: %u graphs, %u with calls (%u calls, %u with a dummy, %u "
	  "blocks with several), %u unwind blocks; %u plans in %.1f s, %u "
	  "with cuts, %u checked for growth; %" PRIu64 " paths simulated; "
	  "%u refusals\n",
	  label, t.graphs, t.with_calls, t.calls, t.eligible,
	  t.multi_call_blocks, t.unwind_blocks, t.plans, secs, t.with_cuts,
	  t.growth_checked, t.paths_checked, t.refused);
  check (unexpected == 0,
	 check_name ("%s: planning fails only for stuck no_code edges", label),
	 "expected 0 other failures, saw %u%s%s", unexpected,
	 unexpected ? "; first: " : "", first_unexpected);
  if (report)
    check (t.with_calls * 2 > t.graphs && t.multi_call_blocks * 10 > t.graphs
	     && t.unwind_blocks * 20 > t.graphs
	     && t.growth_checked * 2 > t.graphs,
	   check_name ("%s: the sample covers calls, blocks with several "
		       "calls, unwind blocks, growth", label),
	   "expected over half, 10%%, 5%% and half of %u graphs", t.graphs);
  report_stats (label, &st, report ? REPORT_CHECKED : REPORT_FAILED);
}

/* Regeneration of a DAG with early exits apart, made by hand: ENTRY->2,
   2->3 and 2->4 (Vals 0, 1), 3->EXIT, 4->EXIT, and an apart dummy
   3->EXIT of Val N = 2.  Number 2 is the path left at the dummy after
   ENTRY->2->3; 3 would be the prefix through 4, which does not reach
   the dummy's source.  Malformed Vals and dummies are refused.  */
static void
test_apart_regen (void)
{
  uint32_t src[] = { PP_ENTRY, 2, 2, 3, 3, 4 };
  uint32_t dst[] = { 2, 3, 4, PP_EXIT, PP_EXIT, PP_EXIT };
  uint64_t val[] = { 0, 0, 1, 0, 2, 0 };
  bool apart[] = { false, false, false, false, true, false };
  char err[200] = "";
  pp_regen *r = pp_regen_new_apart (5, 6, src, dst, val, apart, err,
				    sizeof err);
  check (r != NULL && pp_regen_num_paths (r) == 2,
	 "early exits apart: a hand-made DAG of 2 paths and one dummy",
	 "expected N = 2, saw %" PRIu64 " (%s)", pp_regen_num_paths (r), err);
  uint32_t edges[8], len = 0;
  int rc = pp_regen_path (r, 2, edges, 8, &len);
  check (rc == 0 && len == 3 && edges[0] == 0 && edges[1] == 1
	 && edges[2] == 4,
	 "early exits apart: number N decodes to the prefix and the dummy",
	 "expected edges 0 1 4, saw rc %d, %u edges", rc, len);
  rc = pp_regen_path (r, 1, edges, 8, &len);
  check (rc == 0 && len == 3 && edges[1] == 2 && edges[2] == 5,
	 "early exits apart: complete path 1 as without the dummy",
	 "expected edges 0 2 5, saw rc %d, %u edges", rc, len);
  rc = pp_regen_path (r, 3, edges, 8, &len);
  check (rc == -1, "early exits apart: a prefix that misses the dummy's "
	 "source is no path", "expected -1, saw %d", rc);
  rc = pp_regen_path (r, 4, edges, 8, &len);
  check (rc == -1, "early exits apart: a number past the last dummy is no "
	 "path", "expected -1, saw %d", rc);
  pp_regen_free (r);

  static const struct { uint64_t val; uint32_t dst; const char *want; }
  bad[] = {
    { 3, PP_EXIT, "not a multiple of 2 paths" },
    { 2, 4, "does not end at EXIT" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      uint64_t v2[6];
      uint32_t d2[6];
      memcpy (v2, val, sizeof val);
      memcpy (d2, dst, sizeof dst);
      v2[4] = bad[i].val;
      d2[4] = bad[i].dst;
      err[0] = '\0';
      r = pp_regen_new_apart (5, 6, src, d2, v2, apart, err, sizeof err);
      check (r == NULL && strstr (err, bad[i].want) != NULL,
	     check_name ("early exits apart: refused: %s", bad[i].want),
	     "expected NULL and \"%s\", saw %s \"%s\"", bad[i].want,
	     r ? "a DAG" : "NULL", err);
      pp_regen_free (r);
    }
  /* Two dummies of one Val (from blocks 3 and 4).  */
  uint32_t s3[] = { PP_ENTRY, 2, 2, 3, 3, 4, 4 };
  uint32_t d3[] = { 2, 3, 4, PP_EXIT, PP_EXIT, PP_EXIT, PP_EXIT };
  uint64_t v3[] = { 0, 0, 1, 0, 2, 0, 2 };
  bool a3[] = { false, false, false, false, true, false, true };
  r = pp_regen_new_apart (5, 7, s3, d3, v3, a3, err, sizeof err);
  check (r == NULL && strstr (err, "of the same Val") != NULL,
	 "early exits apart: refused: two dummies of one Val",
	 "expected NULL and \"of the same Val\", saw \"%s\"", err);
  pp_regen_free (r);
}

/* Fixtures, validation, unwind blocks, random CFGs; or, with arguments,
   rerun random seeds verbosely: core-test-early SEED [COUNT].  */
int
main (int argc, char **argv)
{
  unit_test_init ();
  if (argc > 1)
    {
      verbose = true;
      uint64_t seed = strtoull (argv[1], NULL, 0);
      uint32_t count = argc > 2 ? (uint32_t) strtoul (argv[2], NULL, 0) : 1;
      run_random ("random CFGs with calls", seed, count, false);
      return unit_test_report ();
    }
  test_loop_with_calls ();
  test_call_in_k ();
  test_call_after_abnormal ();
  test_calls_at_receiver ();
  test_validation ();
  test_unwind ();
  test_apart_regen ();
  run_random ("random CFGs with calls", 1, 10000, true);
  run_random ("large random CFGs with calls", LARGE_SEEDS, 500, true);
  apart_mode = true;
  run_random ("random CFGs with calls, early exits apart", 1, 5000, true);
  run_random ("large random CFGs with calls, early exits apart",
	      LARGE_SEEDS, 250, true);
  return unit_test_report ();
}
