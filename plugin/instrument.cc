/* SPDX-License-Identifier: GPL-3.0-or-later */
/* instrument.cc: the pathprof pass.

   Runs once per function right after CFG construction ("cfg", instance
   1): before SSA and before inlining, with EH edges and loop info present,
   so the paths are the source's paths at every -O level.  For each
   function it builds the core's graph (cfg-bridge.cc), asks the core for a
   plan (core/ppcore.h), records the function's static description and
   counters (descriptor.cc), and turns the plan's probes into GIMPLE:

     R = value             PP_OP_SET
     R = R + value         PP_OP_ADD
     counters[R + value]++ PP_OP_COUNT
     counters[value]++     PP_OP_COUNT_CONST

   R is one artificial local (a register after SSA renaming).  Counter
   bumps are plain loads and stores of a non-escaping static array, or
   relaxed atomic adds with update=atomic, or plain increments of the
   thread's own copy with update=per-thread (perthread.cc), or, for
   functions with more
   than max-array paths, an inline probe of the runtime's slot cache with
   a call into its hash table on a miss.  Probes go on
   edges (gsi_insert_seq_on_edge, which splits critical edges and puts code
   for an EXIT edge before the return), or at the start or end of a block
   when the core moved them off an edge that cannot be split.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "ppformat.h"
#include "pathprof-abi.h"

/* The pending run of one loop's path ends (backedge_runs): the count
   index of the latest path ended inside the loop, and how many times in
   a row that path ended, not yet added to memory.  */
struct loop_run
{
  class loop *loop;  /* whose path ends are cached */
  tree index;        /* a local: the index of the pending run */
  tree count;        /* a local: its length */
};

/* A statement placed by emit_probes that expand_loop_runs turns into
   control flow: a count at a backedge (INDEX set) or a flush of the
   run at a loop exit (INDEX null).  */
struct run_marker
{
  gimple *stmt;
  tree index;
  unsigned run;
};

/* A conditional count placed by emit_restart, which expand_count_ifs
   turns into control flow: if (COND) counters[INDEX]++.  */
struct count_if_marker
{
  gimple *stmt;
  tree cond;
  tree index;
};

/* The value of the pending early exit (emitter.pending, and a frame's)
   when no call is in progress, PATHPROF_NO_PENDING (pathprof-abi.h).  No
   path number reaches it: numbers stay below 2^63.  */

/* Everything needed to emit one function's probes.  */
struct emitter
{
  tree reg;          /* R */
  bool reg_in_memory; /* R is volatile: every use loads, every set stores */
  tree counters;     /* dense counter array, or NULL_TREE when hashed */
  bool timed;        /* metric=: each path end also adds its time */
  tree times;        /* dense time sums (timed, not hashed), or null */
  tree start;        /* timed: a local, the time the path in progress
			started (volatile with R in memory) */
  tree fn_desc;      /* struct __pathprof_function of the function */
  tree arrived;      /* volatile sentinel for restart receivers, or null */
  tree pending;      /* volatile: the number of the path that ends at the
			call in progress, counted by the receiver if a
			longjmp leaves it (early_exits_pending), or null */
  tree frame;        /* the function's frame (frames.cc), whose pending
			the runtime counts if the call in progress does
			not return (partial-paths=yes), or null */
  vec<count_if_marker> *count_ifs;  /* for expand_count_ifs */
  bool atomic;
  vec<loop_run> *runs;       /* loops whose backedge counts are cached */
  vec<int> *loop_runs;       /* by loop number: the index in RUNS, or -1 */
  vec<run_marker> *markers;  /* where they are, for expand_loop_runs */
  int run;                   /* the run of the probe being emitted, or -1 */
  unsigned peeled;           /* loops whose first iteration was peeled */
  unsigned rotated;          /* loops rotated, the first iteration fixed up
				at the exits (rotate_loop) */
  bool frame_on_entry;       /* FRAME linked on entry rather than where an
				early exit is anticipated */
};

/* ARRAY[INDEX], ARRAY a dense array (the counters or the times).  */

static tree
dense_ref (tree array, tree index)
{
  /* ARRAY may be a view of per-thread counters (perthread.cc), a MEM_REF
     that no two statements may share, of elements of their own type.  */
  return build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (array)),
		 unshare_expr (array), index, NULL_TREE, NULL_TREE);
}

/* Append to SEQ the code for ARRAY[INDEX] += AMOUNT, both GIMPLE
   values, in a dense array (the counters or the times).  */

static void
emit_add_to (const emitter *em, gimple_seq *seq, tree array, tree index,
	     tree amount)
{
  pathprof_add_to_ref (seq, dense_ref (array, index), amount, em->atomic);
}

/* Append to SEQ *REF += AMOUNT, REF a uint64_t lvalue: a relaxed atomic
   add if ATOMIC (the counts' arrays here, the hash slots and dense
   prefix in hashed-counts.cc).  */

void
pathprof_add_to_ref (gimple_seq *seq, tree ref, tree amount, bool atomic)
{
  if (atomic)
    {
      tree addr = create_tmp_reg (build_pointer_type (uint64_type_node),
				  "__pathprof_addr");
      gimple_seq_add_stmt (seq,
			   gimple_build_assign (addr,
						build_fold_addr_expr (ref)));
      tree fn = builtin_decl_explicit (BUILT_IN_ATOMIC_FETCH_ADD_8);
      gcall *call = gimple_build_call (fn, 3, addr, amount,
				       build_int_cst (integer_type_node,
						      MEMMODEL_RELAXED));
      gimple_seq_add_stmt (seq, call);
      return;
    }
  tree old_count = create_tmp_reg (uint64_type_node, "__pathprof_count");
  tree new_count = create_tmp_reg (uint64_type_node, "__pathprof_count");
  gimple_seq_add_stmt (seq, gimple_build_assign (old_count, ref));
  gimple_seq_add_stmt (seq, gimple_build_assign (new_count, PLUS_EXPR,
						 old_count, amount));
  gimple_seq_add_stmt (seq, gimple_build_assign (unshare_expr (ref),
						 new_count));
}

/* Append to SEQ the code for counters[INDEX] += AMOUNT.  */

static void
emit_add (const emitter *em, gimple_seq *seq, tree index, tree amount)
{
  emit_add_to (em, seq, em->counters, index, amount);
}

/* Push onto *OPERANDS an asm operand: VALUE with CONSTRAINT.  */

static void
push_asm_operand (vec<tree, va_gc> **operands, const char *constraint,
		  tree value)
{
  tree text = build_string (strlen (constraint) + 1, constraint);
  vec_safe_push (*operands,
		 build_tree_list (build_tree_list (NULL_TREE, text), value));
}

/* Append to SEQ a reading of the clock of metric= and return it (a
   GIMPLE value).  On x86-64 with metric=cycles, the time-stamp counter
   read inline:

     asm volatile ("rdtsc" : "=a" (lo), "=d" (hi));  now = hi << 32 | lo;

   rdtsc rather than rdtscp: rdtscp waits for every earlier instruction
   to finish, which costs more and serialises the very code measured;
   rdtsc may run a few dozen cycles early or late, an error that does
   not accumulate (each reading ends one path and starts the next, so
   what one path loses the next gains) and averages out over a path's
   executions.  Volatile, so that no reading is merged with another or
   moved.  Elsewhere, and with metric=ns, a call of __pathprof_now_ns
   (CLOCK_MONOTONIC nanoseconds).  */

static tree
emit_now (gimple_seq *seq)
{
  tree now = create_tmp_reg (uint64_type_node, "__pathprof_now");
  if (!pathprof_time_by_tsc ())
    {
      gcall *call = gimple_build_call (pathprof_now_ns_fn, 0);
      gimple_call_set_lhs (call, now);
      gimple_seq_add_stmt (seq, call);
      return now;
    }
  tree lo = create_tmp_reg (uint64_type_node, "__pathprof_tsc_lo");
  tree hi = create_tmp_reg (uint64_type_node, "__pathprof_tsc_hi");
  vec<tree, va_gc> *outputs = NULL;
  push_asm_operand (&outputs, "=a", lo);
  push_asm_operand (&outputs, "=d", hi);
  gasm *rdtsc = gimple_build_asm_vec ("rdtsc", NULL, outputs, NULL, NULL);
  gimple_asm_set_volatile (rdtsc, true);
  gimple_seq_add_stmt (seq, rdtsc);
  tree high = create_tmp_reg (uint64_type_node, "__pathprof_tsc_hi");
  gimple_seq_add_stmt (seq,
		       gimple_build_assign (high, LSHIFT_EXPR, hi,
					    build_int_cst (integer_type_node,
							   32)));
  gimple_seq_add_stmt (seq, gimple_build_assign (now, BIT_IOR_EXPR, high,
						 lo));
  return now;
}

/* Append to SEQ the end of the timed path in progress and the start of
   the next one at the same reading (a backedge, a cut edge: doc/plugin.md,
   "Time per path"):

     now = <clock>;  elapsed = now - start;  start = now;

   and return ELAPSED, a GIMPLE value.  ELAPSED is 0 rather than huge if
   the clock went back (a time-stamp counter not synchronised between
   the cores the thread ran on): a signed comparison and a select, no
   branch.  */

static tree
emit_elapsed (const emitter *em, gimple_seq *seq)
{
  tree now = emit_now (seq);
  tree started = em->start;
  if (TREE_THIS_VOLATILE (em->start))
    {
      started = create_tmp_reg (uint64_type_node, "__pathprof_start");
      gimple_seq_add_stmt (seq, gimple_build_assign (started, em->start));
    }
  tree diff = create_tmp_reg (uint64_type_node, "__pathprof_elapsed");
  gimple_seq_add_stmt (seq, gimple_build_assign (diff, MINUS_EXPR, now,
						 started));
  tree s64 = signed_type_for (uint64_type_node);
  tree sdiff = create_tmp_reg (s64, "__pathprof_elapsed");
  gimple_seq_add_stmt (seq, gimple_build_assign (sdiff, NOP_EXPR, diff));
  tree back = create_tmp_reg (boolean_type_node, "__pathprof_back");
  gimple_seq_add_stmt (seq, gimple_build_assign (back, LT_EXPR, sdiff,
						 build_int_cst (s64, 0)));
  tree elapsed = create_tmp_reg (uint64_type_node, "__pathprof_elapsed");
  gimple_seq_add_stmt (seq, gimple_build_assign (elapsed, COND_EXPR, back,
						 u64_cst (0), diff));
  gimple_seq_add_stmt (seq, gimple_build_assign (em->start, now));
  return elapsed;
}

/* Append to SEQ the code for counters[INDEX]--, INDEX a GIMPLE value:
   the take-back of an early exit's count (partial-paths).  */

static void
emit_uncount (const emitter *em, gimple_seq *seq, tree index)
{
  if (!em->counters)
    {
      tree fn = em->atomic ? pathprof_uncount_hashed_atomic_fn
			   : pathprof_uncount_hashed_fn;
      gimple_seq_add_stmt (seq,
			   gimple_build_call (fn, 2,
					      build_fold_addr_expr
						(em->fn_desc),
					      index));
      return;
    }
  emit_add (em, seq, index, u64_cst (~(uint64_t) 0));
}

/* Append to SEQ the code for counters[INDEX]++, INDEX a GIMPLE value,
   and with ELAPSED (a GIMPLE value, or null) times[INDEX] += ELAPSED.  */

static void
emit_count (const emitter *em, gimple_seq *seq, tree index,
	    tree elapsed = NULL_TREE)
{
  if (elapsed && em->counters)
    /* Before the count, which may be a marker of a loop run: the time
       goes to memory at every path end.  */
    emit_add_to (em, seq, em->times, index, elapsed);
  if (em->run >= 0 && TREE_CODE (index) != INTEGER_CST)
    {
      /* A backedge count of a loop with a cached run: a marker that
	 expand_loop_runs replaces.  A constant index needs none: GCC's
	 store motion keeps such a counter in a register itself.  */
      gimple *marker = gimple_build_nop ();
      gimple_seq_add_stmt (seq, marker);
      run_marker m = { marker, index, (unsigned) em->run };
      em->markers->safe_push (m);
      return;
    }
  if (!em->counters && elapsed)
    {
      tree fn = em->atomic ? pathprof_count_hashed_timed_atomic_fn
			   : pathprof_count_hashed_timed_fn;
      gcall *call = gimple_build_call (fn, 3,
				       build_fold_addr_expr (em->fn_desc),
				       index, elapsed);
      gimple_seq_add_stmt (seq, call);
      return;
    }
  if (!em->counters)
    {
      tree fn = em->atomic ? pathprof_count_hashed_atomic_fn
			   : pathprof_count_hashed_fn;
      gcall *call = gimple_build_call (fn, 2,
				       build_fold_addr_expr (em->fn_desc),
				       index);
      gimple_seq_add_stmt (seq, call);
      return;
    }
  emit_add (em, seq, index, u64_cst (1));
}

/* R's value as a GIMPLE value: R itself, or a load of it into a
   temporary when R lives in memory.  */

static tree
load_reg (const emitter *em, gimple_seq *seq)
{
  if (!em->reg_in_memory)
    return em->reg;
  tree value = create_tmp_reg (uint64_type_node, "__pathprof_r_value");
  gimple_seq_add_stmt (seq, gimple_build_assign (value, em->reg));
  return value;
}

/* Append to SEQ the GIMPLE for OP.  */

static void
emit_op (const emitter *em, gimple_seq *seq, const pp_op *op)
{
  switch (op->kind)
    {
    case PP_OP_SET:
      gimple_seq_add_stmt (seq, gimple_build_assign (em->reg,
						     u64_cst (op->value)));
      break;
    case PP_OP_ADD:
      if (op->value != 0)
	{
	  tree old_value = load_reg (em, seq);
	  tree new_value = em->reg_in_memory
	    ? create_tmp_reg (uint64_type_node, "__pathprof_r_value")
	    : em->reg;
	  gimple_seq_add_stmt (seq, gimple_build_assign (new_value, PLUS_EXPR,
							 old_value,
							 u64_cst (op->value)));
	  if (new_value != em->reg)
	    gimple_seq_add_stmt (seq, gimple_build_assign (em->reg, new_value));
	}
      break;
    case PP_OP_COUNT:
      if (op->value == 0)
	{
	  tree index = load_reg (em, seq);
	  emit_count (em, seq, index,
		      em->timed ? emit_elapsed (em, seq) : NULL_TREE);
	}
      else
	{
	  tree index = create_tmp_reg (uint64_type_node, "__pathprof_index");
	  gimple_seq_add_stmt (seq, gimple_build_assign (index, PLUS_EXPR,
							 load_reg (em, seq),
							 u64_cst (op->value)));
	  emit_count (em, seq, index,
		      em->timed ? emit_elapsed (em, seq) : NULL_TREE);
	}
      break;
    case PP_OP_COUNT_CONST:
      emit_count (em, seq, u64_cst (op->value),
		  em->timed ? emit_elapsed (em, seq) : NULL_TREE);
      break;
    default:
      gcc_unreachable ();
    }
}

/* Insert SEQ at the end of BB: before its last statement when that
   statement ends the block (a call that does not return, a throw, a
   computed goto, resx), otherwise after it.  */

void
pathprof_insert_at_block_end (basic_block bb, gimple_seq seq)
{
  gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
  if (gsi_end_p (gsi))
    {
      gsi = gsi_after_labels (bb);
      gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
      return;
    }
  gimple *last = gsi_stmt (gsi);
  if (stmt_ends_bb_p (last) || is_ctrl_stmt (last)
      || (is_gimple_call (last) && gimple_call_noreturn_p (last))
      || gimple_code (last) == GIMPLE_RESX)
    gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
  else
    gsi_insert_seq_after (&gsi, seq, GSI_SAME_STMT);
}

/* Whether code at the start of BB would run before a returns-twice call
   (setjmp) that begins it: such code runs on the first return only, not
   when longjmp comes back, so no probe may go there.  */

static bool
starts_with_returns_twice_call (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
  if (gsi_end_p (gsi))
    return false;
  gimple *stmt = gsi_stmt (gsi);
  return is_gimple_call (stmt)
	 && (gimple_call_flags (stmt) & ECF_RETURNS_TWICE);
}

static const char *unplaceable_restart (const pathprof_cfg *,
					const pp_probe *);

/* Why PLAN's probes cannot be put into FUN's GIMPLE, or NULL.  Checked
   before anything is changed, so a refusal leaves FUN as it was.  */

static const char *
unplaceable_probe (function *fun, const pathprof_cfg *pcfg,
		   const pp_plan *plan)
{
  for (unsigned i = 0; i < plan->num_probes; i++)
    if (plan->probes[i].site == PP_SITE_RESTART)
      {
	const char *why = unplaceable_restart (pcfg, &plan->probes[i]);
	if (why)
	  return why;
      }
  for (unsigned i = 0; i < plan->num_probes; i++)
    if (plan->probes[i].site == PP_SITE_BLOCK_START
	&& starts_with_returns_twice_call (BASIC_BLOCK_FOR_FN
					     (fun, plan->probes[i].index)))
      return "a probe would run before a setjmp call, where longjmp "
	     "does not come back";
  return NULL;
}

/* The normal successor edge of a block that ends with a call that may
   come back by another way (a setjmp call, a call with an abnormal or
   EH edge), or null if there is not exactly one.  */

static edge
single_normal_succ (basic_block bb)
{
  edge found = NULL, e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (!(e->flags & EDGE_COMPLEX))
      {
	if (found)
	  return NULL;
	found = e;
      }
  return found;
}

/* Why the restart PROBE cannot be placed, or NULL.  */

static const char *
unplaceable_restart (const pathprof_cfg *pcfg, const pp_probe *probe)
{
  basic_block receiver = pcfg->edges[probe->index]->dest;
  if (probe->num_ops != 1 || probe->ops[0].kind != PP_OP_SET)
    return "a restart after longjmp needs more than a reset";
  if (probe->index >= pcfg->first_fork_edge)
    return NULL;
  if (starts_with_returns_twice_call (receiver))
    return single_normal_succ (receiver) ? NULL
	   : "a setjmp call without a single normal successor";
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, receiver->preds)
    if (!pathprof_abnormal_dispatcher_p (e->src) && (e->flags & EDGE_COMPLEX))
      return "a nonlocal label also reached by another abnormal edge";
  return NULL;
}

/* Append to SEQ the test whether the receiver of the restart PROBE was
   reached by a jump, from the sentinel EM->arrived (or after fork, in the
   child): the flag returned.  */

static tree
restart_test (const pathprof_cfg *pcfg, const pp_probe *probe,
	      const emitter *em, gimple_seq *seq)
{
  tree jumped = create_tmp_reg (boolean_type_node, "__pathprof_jumped");
  if (probe->index >= pcfg->first_fork_edge)
    {
      /* After fork (pathprof_prepare_forks): the child, to which fork
	 returned 0, starts a path here.  */
      tree pid
	= gimple_call_lhs (last_nondebug_stmt (pcfg->edges[probe->index]->src));
      gimple_seq_add_stmt (seq,
			   gimple_build_assign (jumped, EQ_EXPR, pid,
						build_zero_cst
						  (TREE_TYPE (pid))));
    }
  else
    {
      tree arrived = create_tmp_reg (uint64_type_node, "__pathprof_arrived");
      gimple_seq_add_stmt (seq, gimple_build_assign (arrived, em->arrived));
      gimple_seq_add_stmt (seq, gimple_build_assign (jumped, EQ_EXPR,
						     arrived, u64_cst (0)));
    }
  return jumped;
}

/* Append to SEQ the start of a new path where JUMPED, the restart
   PROBE's: R = jumped ? value : R, and for a timed count
   start = jumped ? now : start.  */

static void
restart_path (const emitter *em, const pp_probe *probe, tree jumped,
	      gimple_seq *seq)
{
  tree old_value = load_reg (em, seq);
  tree new_value = create_tmp_reg (uint64_type_node, "__pathprof_r_value");
  gimple_seq_add_stmt (seq,
		       gimple_build_assign (new_value, COND_EXPR, jumped,
					    u64_cst (probe->ops[0].value),
					    old_value));
  gimple_seq_add_stmt (seq, gimple_build_assign (em->reg, new_value));
  if (!em->timed)
    return;
  tree now = emit_now (seq);
  tree old_start = create_tmp_reg (uint64_type_node, "__pathprof_start");
  gimple_seq_add_stmt (seq, gimple_build_assign (old_start, em->start));
  tree new_start = create_tmp_reg (uint64_type_node, "__pathprof_start");
  gimple_seq_add_stmt (seq, gimple_build_assign (new_start, COND_EXPR,
						 jumped, now, old_start));
  gimple_seq_add_stmt (seq, gimple_build_assign (em->start, new_start));
}

/* Append to SEQ the count, once, of the path left by the jump if
   JUMPED: it ends at the call it left (its number kept in EM->pending
   before the call); then EM->pending = none.  */

static void
count_left_path (const emitter *em, tree jumped, gimple_seq *seq)
{
  tree left = create_tmp_reg (uint64_type_node, "__pathprof_left");
  gimple_seq_add_stmt (seq, gimple_build_assign (left, em->pending));
  tree some = create_tmp_reg (boolean_type_node, "__pathprof_some");
  gimple_seq_add_stmt (seq,
		       gimple_build_assign (some, NE_EXPR, left,
					    u64_cst (PATHPROF_NO_PENDING)));
  tree cond = create_tmp_reg (boolean_type_node, "__pathprof_left_p");
  gimple_seq_add_stmt (seq, gimple_build_assign (cond, BIT_AND_EXPR,
						 some, jumped));
  if (em->frame)
    {
      /* A cut path's number, for the runtime to count, if linked.  */
      tree linked_p
	= pathprof_runtime_linked_value (seq, pathprof_count_cut_fn ());
      tree both = create_tmp_reg (boolean_type_node, "__pathprof_left_p");
      gimple_seq_add_stmt (seq, gimple_build_assign (both, BIT_AND_EXPR,
						     cond, linked_p));
      cond = both;
    }
  gimple *marker = gimple_build_nop ();
  gimple_seq_add_stmt (seq, marker);
  count_if_marker m = { marker, cond, left };
  em->count_ifs->safe_push (m);
  gimple_seq_add_stmt (seq,
		       gimple_build_assign (em->pending,
					    u64_cst (PATHPROF_NO_PENDING)));
}

/* Set the sentinel EM->arrived to 1 on every normal way into RECEIVER,
   and put RESUME where RECEIVER resumes: on a setjmp call's normal
   successor edge, or at a nonlocal label block's start.  */

static void
place_resume (basic_block receiver, const emitter *em, gimple_seq resume)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, receiver->preds)
    if (!pathprof_abnormal_dispatcher_p (e->src))
      gsi_insert_on_edge (e, gimple_build_assign (em->arrived, u64_cst (1)));
  if (starts_with_returns_twice_call (receiver))
    gsi_insert_seq_on_edge (single_normal_succ (receiver), resume);
  else
    {
      gimple_stmt_iterator gsi = gsi_after_labels (receiver);
      gsi_insert_seq_before (&gsi, resume, GSI_SAME_STMT);
    }
}

/* Emit the restart PROBE: a longjmp or nonlocal goto has landed at the
   receiver and a new path starts there, with R = the probe's value; a
   normal arrival keeps R.  The jump runs no code of ours on its way, so
   the receiver tells the two apart with the sentinel EM->arrived, set
   to 1 on every normal way in and back to 0 once past the receiver:

     normal way in:      arrived = 1
     receiver resumes:   R = arrived == 0 ? value : R; arrived = 0

   The normal ways in are the receiver's incoming edges other than the
   dispatcher's (split: the receiver has several predecessors).  For
   setjmp, the receiver resumes on the call's normal successor edge
   (longjmp comes back after the call; nothing is put before it); for a
   nonlocal label, at the label block's start.  The select is branch-free; R
   and the sentinel are volatile, so neither is kept in a register that the
   jump would restore.  Must run before the other probes so that, on the same
   edge or block start, the reset comes first.  At a receiver after fork
   (pathprof_prepare_forks) the test is the child's pid == 0 instead, at the
   receiver's start, and there is no sentinel.  */

static void
emit_restart (const pathprof_cfg *pcfg, const pp_probe *probe,
	      const emitter *em)
{
  basic_block receiver = pcfg->edges[probe->index]->dest;
  gimple_seq resume = NULL;
  tree jumped = restart_test (pcfg, probe, em, &resume);
  restart_path (em, probe, jumped, &resume);
  if (probe->index >= pcfg->first_fork_edge)
    {
      gimple_stmt_iterator gsi = gsi_after_labels (receiver);
      gsi_insert_seq_before (&gsi, resume, GSI_SAME_STMT);
      return;
    }
  gimple_seq_add_stmt (&resume, gimple_build_assign (em->arrived,
						     u64_cst (0)));
  /* The frames the jump left are no longer in the list (the runtime's
     longjmp unlinked them already, unless the jump came from code that
     was not instrumented).  */
  if (em->frame)
    pathprof_frame_head_if (&resume, em->frame, jumped);
  if (em->pending)
    count_left_path (em, jumped, &resume);
  place_resume (receiver, em, resume);
}

/* Edges no loop transformation of ours goes through.  */
#define PATHPROF_UNTOUCHABLE_EDGES \
  (EDGE_ABNORMAL | EDGE_EH | EDGE_IRREDUCIBLE_LOOP)

/* Whether LOOP is innermost, inside a real loop tree, with one latch,
   and entered by ordinary edges only.  */

static bool
plain_innermost_loop_p (class loop *loop)
{
  /* Without loops, the innermost "loop" is the whole function.  */
  if (loop->inner || !loop_outer (loop) || !loop->latch)
    return false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (e->flags & PATHPROF_UNTOUCHABLE_EDGES)
      return false;
  return true;
}

/* Whether the backedge counts of LOOP may wait in registers until the
   loop is left (backedge_runs): an innermost loop with one latch, every
   edge into, inside and out of it an ordinary one, and no call that may
   keep control from coming back (longjmp, exit, an exception) — so that
   every way out of the loop is one of its exit edges, where the pending
   run is added to memory.  */

static bool
loop_run_possible_p (class loop *loop, const pathprof_cfg *pcfg)
{
  if (!plain_innermost_loop_p (loop))
    return false;
  const int bad = PATHPROF_UNTOUCHABLE_EDGES;
  edge e;
  edge_iterator ei;
  basic_block *body = get_loop_body (loop);
  bool ok = true;
  for (unsigned i = 0; ok && i < loop->num_nodes; i++)
    {
      basic_block bb = body[i];
      if (pcfg->block_flags[bb->index] & PP_BLOCK_MAY_NOT_RETURN)
	ok = false;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->flags & bad)
	  ok = false;
    }
  free (body);
  return ok;
}

/* Cache the backedge counts of FUN's tight loops in registers (design
   "tight single-path loops"; doc/plugin.md, "Backedge runs").  Each
   iteration of a loop ends a path at its backedge, and the count there
   is counters[R + c]++ with R different on the first iteration, which
   keeps GCC from holding the counter in a register as it does gcov's
   constant-address ones: every iteration is a read-modify-write of
   memory, and under update=atomic a locked add.  Instead the backedge
   does

     if (index == run_index) run_count++;
     else { counters[run_index] += run_count; run_index = index;
	    run_count = 1; }

   with run_index = run_count = 0 on the edges into the loop and
   "if (run_count) counters[run_index] += run_count" on the edges out.
   The counts are the same; they reach memory when the loop is left, as
   gcov's do after store motion, so a signal handler that writes the
   profile in the middle of such a loop sees the loop's current run
   missing (doc/manual.md).  Done for every such loop under
   update=atomic, where it turns a locked add per iteration into a
   register add, and under backedge-runs=always also with update=single
   (measured in doc/performance.md).  Records the loops in EM->runs and
   puts the initialisations and the exit markers on the edges, to be
   committed with the probes.  */

static void
backedge_runs (function *fun, const pathprof_cfg *pcfg, emitter *em)
{
  if (!em->counters || em->reg_in_memory || !current_loops
      || !(pathprof_opts.backedge_runs == PATHPROF_RUNS_ALWAYS
	   || (pathprof_opts.backedge_runs == PATHPROF_RUNS_ATOMIC
	       && em->atomic)))
    return;
  for (auto loop : loops_list (fun, LI_ONLY_INNERMOST))
    {
      if (!loop_run_possible_p (loop, pcfg))
	continue;
      loop_run run;
      run.loop = loop;
      run.index = create_tmp_reg (uint64_type_node, "__pathprof_run_index");
      run.count = create_tmp_reg (uint64_type_node, "__pathprof_run_count");
      unsigned r = em->runs->length ();
      em->runs->safe_push (run);
      if (em->loop_runs->is_empty ())
	{
	  em->loop_runs->safe_grow (number_of_loops (fun));
	  for (int &x : *em->loop_runs)
	    x = -1;
	}
      (*em->loop_runs)[loop->num] = r;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, loop->header->preds)
	if (e->src != loop->latch)
	  {
	    gsi_insert_on_edge (e, gimple_build_assign (run.index,
							u64_cst (0)));
	    gsi_insert_on_edge (e, gimple_build_assign (run.count,
							u64_cst (0)));
	  }
      for (edge exit : get_loop_exit_edges (loop))
	{
	  gimple *marker = gimple_build_nop ();
	  gsi_insert_on_edge (exit, marker);
	  run_marker m = { marker, NULL_TREE, r };
	  em->markers->safe_push (m);
	}
    }
}

/* Turn PLAN's probes into GIMPLE in FUN.  R is set to 0 on function
   entry as well: the plan never reads R before setting it, but a defined
   value costs nothing (a constant after SSA) and keeps GCC's
   uninitialized-use analysis quiet.  */

/* Emit the early exit PROBE (PP_SITE_CALL): the number of the path that
   ends at its call is INDEX = R + value (or value); then

     partial-paths:   counters[INDEX]++; call; counters[INDEX]--
     otherwise:       pending = INDEX;   call; pending = none

   so that a call that does not return leaves its path counted (exit,
   abort, longjmp out of the function), or counted where the longjmp
   lands (emit_restart).  INDEX is computed into a temporary of its own
   before the call, so the code after the call, on the normal return
   edge when the call ends its block, needs no R and may come in any
   order with the probes of that edge.  Must run before the other probes
   of the call's block, so that a probe at the block's end (before the
   call when it ends the block) runs after this one, with R as it is
   in the block.  */

static void
emit_early_exit (const pathprof_cfg *pcfg, const pp_probe *probe,
		 const emitter *em)
{
  gcall *call = pcfg->calls[probe->index];
  basic_block bb = gimple_bb (call);
  gimple_seq before = NULL, after = NULL;
  const pp_op *op = &probe->ops[0];
  tree index = create_tmp_reg (uint64_type_node, "__pathprof_early");
  if (op->kind == PP_OP_COUNT_CONST)
    gimple_seq_add_stmt (&before, gimple_build_assign (index,
						       u64_cst (op->value)));
  else
    gimple_seq_add_stmt (&before,
			 gimple_build_assign (index, PLUS_EXPR,
					      load_reg (em, &before),
					      u64_cst (op->value)));
  if (em->frame)
    {
      pathprof_set_pending (&before, em->frame, index);
      pathprof_set_pending (&after, em->frame,
			    u64_cst (PATHPROF_NO_PENDING));
    }
  if (em->pending)
    {
      gimple_seq_add_stmt (&before, gimple_build_assign (em->pending, index));
      gimple_seq_add_stmt (&after,
			   gimple_build_assign (em->pending,
						u64_cst (PATHPROF_NO_PENDING)));
    }
  else if (!em->frame)
    {
      emit_count (em, &before, index);
      emit_uncount (em, &after, index);
    }
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_insert_seq_before (&gsi, before, GSI_SAME_STMT);
  if (!stmt_ends_bb_p (call))
    gsi_insert_seq_after (&gsi, after, GSI_SAME_STMT);
  else if (edge e = single_normal_succ (bb))
    gsi_insert_seq_on_edge (e, after);
  /* else the call cannot return normally: nothing to take back.  */
}

static void
emit_probes (function *fun, const pathprof_cfg *pcfg, const pp_plan *plan,
	     const emitter *fn_em)
{
  emitter probe_em = *fn_em;
  const emitter *em = &probe_em;
  edge entry_edge = single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun));
  /* R and the sentinels start known, before anything else on the entry
     edge: a receiver right after ENTRY puts arrived = 1 there, which
     must come after arrived = 0.  */
  gimple_seq init = NULL;
  gimple_seq_add_stmt (&init, gimple_build_assign (em->reg, u64_cst (0)));
  if (em->timed)
    {
      /* The first path starts at function entry.  */
      tree now = emit_now (&init);
      gimple_seq_add_stmt (&init, gimple_build_assign (em->start, now));
    }
  if (em->arrived)
    gimple_seq_add_stmt (&init, gimple_build_assign (em->arrived,
						     u64_cst (0)));
  if (em->pending)
    gimple_seq_add_stmt (&init,
			 gimple_build_assign (em->pending,
					      u64_cst (PATHPROF_NO_PENDING)));
  gsi_insert_seq_on_edge (entry_edge, init);
  probe_em.run = -1;
  for (unsigned i = 0; i < plan->num_probes; i++)
    if (plan->probes[i].site == PP_SITE_CALL)
      emit_early_exit (pcfg, &plan->probes[i], em);
  for (unsigned i = 0; i < plan->num_probes; i++)
    if (plan->probes[i].site == PP_SITE_RESTART)
      emit_restart (pcfg, &plan->probes[i], em);
  for (unsigned i = 0; i < plan->num_probes; i++)
    {
      const pp_probe *probe = &plan->probes[i];
      if (probe->site == PP_SITE_RESTART || probe->site == PP_SITE_CALL)
	continue;
      gimple_seq seq = NULL;
      probe_em.run = -1;
      if (probe->site == PP_SITE_EDGE && !em->runs->is_empty ())
	{
	  /* Counts on an edge inside a loop with a run: a path ends there
	     on its way round the loop (Figure 8 moves the backedge's count
	     to the last chord before it).  */
	  edge e = pcfg->edges[probe->index];
	  class loop *l = e->src->loop_father;
	  if (l && l == e->dest->loop_father
	      && (unsigned) l->num < em->loop_runs->length ())
	    probe_em.run = (*em->loop_runs)[l->num];
	}
      for (unsigned k = 0; k < probe->num_ops; k++)
	emit_op (em, &seq, &probe->ops[k]);
      if (gimple_seq_empty_p (seq))
	continue;
      switch (probe->site)
	{
	case PP_SITE_EDGE:
	  gsi_insert_seq_on_edge (pcfg->edges[probe->index], seq);
	  break;
	case PP_SITE_BLOCK_END:
	  pathprof_insert_at_block_end (BASIC_BLOCK_FOR_FN (fun, probe->index),
					seq);
	  break;
	case PP_SITE_BLOCK_START:
	  {
	    gimple_stmt_iterator gsi
	      = gsi_after_labels (BASIC_BLOCK_FOR_FN (fun, probe->index));
	    gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
	  }
	  break;
	default:
	  gcc_unreachable ();
	}
    }
  gsi_commit_edge_inserts ();
}

/* End BB with "if (A CODE B) goto TRUE_DEST; else goto FALSE_DEST;",
   the condition true with probability PROB.  The edges are BB's existing
   edges to those blocks, or new ones.  */

void
pathprof_end_with_cond (basic_block bb, enum tree_code code, tree a,
			tree b, profile_probability prob,
			basic_block true_dest, basic_block false_dest)
{
  /* After every statement, debug ones included: pathprof_insert_at_
     block_end puts code before the debug statements that end a block
     (or, in a block of labels and debug statements only, before them
     all), where a test would be control flow in the middle of the
     block (-g: a count through the hash table before "exit (0)").  */
  gcond *test = gimple_build_cond (code, a, b, NULL_TREE, NULL_TREE);
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  if (gsi_end_p (gsi))
    {
      gsi = gsi_start_bb (bb);
      gsi_insert_before (&gsi, test, GSI_NEW_STMT);
    }
  else
    gsi_insert_after (&gsi, test, GSI_NEW_STMT);
  edge t = find_edge (bb, true_dest);
  if (!t)
    t = make_edge (bb, true_dest, 0);
  t->flags = (t->flags & ~EDGE_FALLTHRU) | EDGE_TRUE_VALUE;
  t->probability = prob;
  edge f = find_edge (bb, false_dest);
  if (!f)
    f = make_edge (bb, false_dest, 0);
  f->flags = (f->flags & ~EDGE_FALLTHRU) | EDGE_FALSE_VALUE;
  f->probability = prob.invert ();
}

/* Whether NAME (the display or assembler name) passes include=/exclude=.  */

static bool
name_selected (const char *display, const char *asm_name)
{
  if (pathprof_opts.have_include
      && regexec (&pathprof_opts.include_re, display, 0, NULL, 0) != 0
      && regexec (&pathprof_opts.include_re, asm_name, 0, NULL, 0) != 0)
    return false;
  if (pathprof_opts.have_exclude
      && (regexec (&pathprof_opts.exclude_re, display, 0, NULL, 0) == 0
	  || regexec (&pathprof_opts.exclude_re, asm_name, 0, NULL, 0) == 0))
    return false;
  return true;
}

/* Why FUN must not be instrumented at all, or NULL.  These are silent:
   they are what the user asked for, or functions with no code of the
   user's own.  */

static const char *
silent_skip_reason (function *fun)
{
  tree fndecl = fun->decl;
  if (lookup_attribute ("no_profile_instrument_function",
			DECL_ATTRIBUTES (fndecl)))
    return "no_profile_instrument_function";
  if (lookup_attribute ("naked", DECL_ATTRIBUTES (fndecl)))
    return "naked function";
  if (DECL_EXTERNAL (fndecl))
    return "extern inline body (not emitted here)";
  char *display = pathprof_display_name (fndecl);
  const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  bool selected = name_selected (display, asm_name);
  free (display);
  if (!selected)
    return "include=/exclude=";
  return NULL;
}

/* Whether FUN still contains OpenMP or OpenACC statements.  */

bool
pathprof_has_omp_statements (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_omp (gsi_stmt (gsi)))
	return true;
  return false;
}

/* Why FUN cannot be instrumented yet, or NULL.  These get a warning
   naming the function: the user asked for a profile and does not get
   one.  */

static const char *
unsupported_reason (function *fun)
{
  if (pathprof_has_omp_statements (fun))
    return "it contains OpenMP or OpenACC regions that were not expanded";
  return NULL;
}

/* The size of a hashed function's dense prefix (dense-prefix=), MEASURED
   when the function is weighted by use=.  auto: only then, as large as
   the largest dense array (max-array, rounded down to a power of 2).
   Without measured weights the numbering cannot tell an interpreter's
   hot cases from its cold ones (the static estimate gives a switch's
   cases one weight), and a prefix that few path ends hit costs its test
   on all the others: on pcre2, 16 % of match's path ends fell in it and
   the program ran 1.38x plain instructions against 1.35x without it
   (doc/performance.md, "Fourth step").  */

static unsigned HOST_WIDE_INT
dense_prefix_size (bool measured)
{
  if (pathprof_opts.dense_prefix != PATHPROF_DENSE_PREFIX_AUTO)
    return pathprof_opts.dense_prefix;
  if (!measured)
    return 0;
  unsigned HOST_WIDE_INT size = 1;
  while (size <= pathprof_opts.max_array / 2)
    size *= 2;
  return size;
}

/* Whether PLAN has an early exit (a DAG edge of kind EARLY_EXIT).  */

static bool
plan_has_early_exits (const pp_plan *plan)
{
  for (unsigned i = 0; i < plan->num_dag_edges; i++)
    if (plan->dag_edges[i].kind == PP_DAG_EARLY_EXIT)
      return true;
  return false;
}

/* Plan FUN's instrumentation into *PLAN over the graph *PCFG and encode
   its description into *META.  Returns NULL, or why FUN cannot be
   instrumented (the core's reason goes through ERR).  Changes nothing in
   FUN but for the blocks gcov gives jumps of their own
   (pathprof_split_goto_edges) and the landing pads that see exceptions
   leave (pathprof_add_unwind_pads), neither of which changes what the
   function does.  */

static const char *
plan_function (function *fun, pathprof_cfg *pcfg, pp_plan *plan,
	       unsigned char **meta, size_t *meta_size, char *err,
	       size_t errlen)
{
  const char *why = unsupported_reason (fun);
  if (why)
    return why;
  pathprof_prepare_cfg (fun, pcfg);
  pcfg->measured_weights = pathprof_weigh_by_profile (fun, pcfg);
  pp_mark_backedges (&pcfg->cfg);
  pp_options options;
  memset (&options, 0, sizeof options);
  options.max_paths = pathprof_opts.max_paths;
  options.naive = pathprof_opts.naive;
  options.apart_exits
    = pathprof_opts.partial_paths == PATHPROF_PARTIAL_FRAMES;
  /* Functions counted in the hash table with a dense prefix: hot paths
     first, into the prefix.  Without one the order would only move the
     numbers (and the slot cache's collisions with them).  */
  options.hot_first_above
    = pathprof_opts.hot_first && dense_prefix_size (pcfg->measured_weights)
      ? pathprof_opts.max_array : 0;
  if (pp_plan_build (&pcfg->cfg, &options, plan, err, errlen) != 0)
    return err;
  why = unplaceable_probe (fun, pcfg, plan);
  if (why)
    return why;
  unsigned flags = (plan->num_paths > pathprof_opts.max_array
		    ? PPF_FN_HASHED : 0)
		   | (plan->num_cut_edges ? PPF_FN_TRUNCATED : 0)
		   | (pathprof_opts.partial_paths == PATHPROF_PARTIAL_COUNT
		      ? PPF_FN_PARTIAL : 0)
		   | (options.apart_exits && plan_has_early_exits (plan)
		      ? PPF_FN_APART : 0)
		   | (pathprof_opts.metric != PATHPROF_METRIC_NONE
		      ? PPF_FN_TIMED : 0)
		   /* As coverage.cc tells gcov.  */
		   | (DECL_ARTIFICIAL (fun->decl)
		      && !DECL_FUNCTION_VERSIONED (fun->decl)
		      && !DECL_LAMBDA_FUNCTION_P (fun->decl)
		      ? PPF_FN_ARTIFICIAL : 0)
		   | PPF_FN_DETAIL | PPF_FN_SOURCES;
  if (!pathprof_encode_meta (fun, pcfg, plan, flags, meta, meta_size))
    return "cannot encode its description";
  return NULL;
}

/* Replace the markers emit_restart left by their conditional counts:
   if (cond) counters[index]++.  Done after the probes are committed,
   before the hashed counts are expanded (the count may be one).  */

static void
expand_count_ifs (const emitter *em)
{
  for (const count_if_marker &m : *em->count_ifs)
    {
      basic_block bb = gimple_bb (m.stmt);
      basic_block join = split_block (bb, m.stmt)->dest;
      gimple_stmt_iterator gsi = gsi_for_stmt (m.stmt);
      gsi_remove (&gsi, true);
      basic_block count_bb = split_edge (single_succ_edge (bb));
      pathprof_end_with_cond (bb, NE_EXPR, m.cond, boolean_false_node,
			      profile_probability::unlikely (), count_bb, join);
      gimple_seq seq = NULL;
      if (em->frame)
	{
	  /* Early exits apart: the number is no counter's.  */
	  gcall *call = gimple_build_call (pathprof_count_cut_fn (), 2,
					   build_fold_addr_expr (em->fn_desc),
					   m.index);
	  gimple_seq_add_stmt (&seq, call);
	}
      else
	emit_count (em, &seq, m.index);
      pathprof_insert_at_block_end (count_bb, seq);
    }
  if (!em->count_ifs->is_empty ())
    {
      free_dominance_info (CDI_DOMINATORS);
      if (current_loops)
	loops_state_set (LOOPS_NEED_FIXUP);
    }
}

/* Replace the markers emit_count and backedge_runs left (see
   backedge_runs) with the run's code.  Done after the probes are
   committed, before SSA, as expand_hashed_count.  */

static void
expand_loop_runs (const emitter *em)
{
  for (const run_marker &m : *em->markers)
    {
      const loop_run &run = (*em->runs)[m.run];
      basic_block bb = gimple_bb (m.stmt);
      basic_block join = split_block (bb, m.stmt)->dest;
      gimple_stmt_iterator gsi = gsi_for_stmt (m.stmt);
      gsi_remove (&gsi, true);
      gimple_seq seq = NULL;
      if (!m.index)
	{
	  /* At an exit: if (run_count != 0)
	     counters[run_index] += run_count;  */
	  basic_block flush_bb = split_edge (single_succ_edge (bb));
	  pathprof_end_with_cond (bb, NE_EXPR, run.count, u64_cst (0),
				  profile_probability::likely (), flush_bb,
				  join);
	  emit_add (em, &seq, run.index, run.count);
	  pathprof_insert_at_block_end (flush_bb, seq);
	  continue;
	}
      /* At the backedge.  */
      basic_block same_bb = split_edge (single_succ_edge (bb));
      basic_block new_bb
	= split_edge (make_edge (bb, join, EDGE_FALLTHRU));
      pathprof_end_with_cond (bb, EQ_EXPR, m.index, run.index,
			      profile_probability::very_likely (), same_bb,
			      new_bb);
      gimple_seq_add_stmt (&seq, gimple_build_assign (run.count, PLUS_EXPR,
						      run.count,
						      u64_cst (1)));
      pathprof_insert_at_block_end (same_bb, seq);
      seq = NULL;
      emit_add (em, &seq, run.index, run.count);
      gimple_seq_add_stmt (&seq, gimple_build_assign (run.index, m.index));
      gimple_seq_add_stmt (&seq, gimple_build_assign (run.count,
						      u64_cst (1)));
      pathprof_insert_at_block_end (new_bb, seq);
    }
  if (!em->markers->is_empty ())
    {
      free_dominance_info (CDI_DOMINATORS);
      if (current_loops)
	loops_state_set (LOOPS_NEED_FIXUP);
    }
}

/* Whether FUN is left as it is before any plan: one of our own
   constructors and destructors, or a function silent_skip_reason skips.
   Does first what every function needs, counted or not: AT_CFG (see
   instrument_function), what inlined leaves need to know of its body,
   and the calls that exec redirected.  */

static bool
left_alone_p (function *fun, bool at_cfg)
{
  if (pathprof_is_own_cdtor (fun))
    return true;
  /* What inlined leaves need to know of every body: whether a call of
     it could stop its caller's path (before the probes, whose runtime
     calls cannot).  */
  if (at_cfg)
    pathprof_note_body (fun);
  /* Even functions we do not count must write the counts before they
     exec: the other functions' paths would be lost.  */
  if (!DECL_EXTERNAL (fun->decl))
    pathprof_redirect_calls (fun);
  const char *why = silent_skip_reason (fun);
  if (why)
    {
      if (dump_file)
	fprintf (dump_file, "pathprof: not instrumented: %s\n", why);
      return true;
    }
  return false;
}

/* Where a planned function counts, besides the emitter's own fields.  */

struct counting
{
  bool hashed;		/* more paths than max-array: the hash table */
  tree cache;		/* hashed: its slot cache, or null */
  dense_prefix prefix;	/* hashed: its dense prefix or mapped counters */
  unsigned record;	/* its record, the unit's last */
  tree shared_counters; /* what the thread's own copy is of, if any */
  tree thread_slot;	/* update=per-thread: the thread's slot, or null */
  tree thread_base;	/* a local: its copy's address, or null */
  bool thread_hashed;	/* its hashed counts go to the thread's tables */
};

/* Make the counters of the function PLAN numbers, MEASURED when it is
   weighted by use=, and its record with its description META,
   META_SIZE: EM's counters, times and fn_desc, and C's hashed, cache,
   prefix and record.  */

static void
make_counters (const pp_plan *plan, bool measured, const unsigned char *meta,
	       size_t meta_size, emitter *em, counting *c)
{
  c->hashed = plan->num_paths > pathprof_opts.max_array;
  bool hashed = c->hashed;
  em->counters = hashed ? NULL_TREE : pathprof_counters_decl (plan->num_paths);
  c->cache = hashed ? pathprof_cache_decl () : NULL_TREE;
  em->timed = pathprof_opts.metric != PATHPROF_METRIC_NONE;
  em->times = em->timed && !hashed ? pathprof_times_decl (plan->num_paths)
				   : NULL_TREE;
  /* A hashed function's dense prefix, leaving at least one path to the
     table.  The probes count through the table's entry points, which
     pathprof_expand_hashed_counts turns into prefix or table counts.  */
  dense_prefix *prefix = &c->prefix;
  *prefix = { NULL_TREE, NULL_TREE, 0, NULL_TREE };
  if (hashed)
    prefix->num = MIN (dense_prefix_size (measured), plan->num_paths - 1);
  if (prefix->num)
    {
      prefix->counters = pathprof_counters_decl (prefix->num);
      if (em->timed)
	prefix->times = pathprof_times_decl (prefix->num);
    }
  /* Mapped counters (max-mapped=): a hashed function without a prefix,
     a metric or threads' own tables, of few enough paths that an array
     of all of them is a mapping the runtime can afford to make.  */
  if (hashed && !prefix->num && !em->timed && !pathprof_opts.per_thread
      && plan->num_paths <= pathprof_opts.max_mapped)
    prefix->mapped = pathprof_mapped_decl ();
  em->fn_desc
    = pathprof_function_decl (hashed ? prefix->counters : em->counters,
			      c->cache,
			      hashed ? prefix->times : em->times,
			      plan->num_paths,
			      hashed ? prefix->num : plan->num_paths,
			      prefix->mapped, meta, meta_size);
  /* The record just built is the unit's last.  */
  c->record = pathprof_num_records () - 1;
}

/* Decide whether the function PLAN numbers counts into its thread's
   own counters, and set EM's atomic and counters and C's thread fields
   accordingly.

   update=per-thread: a dense function counts into its thread's copy,
   through BASE (perthread.cc), with plain adds; so does a hashed one,
   through its thread's own slot cache (BASE) into its thread's own
   tables, unless it has a metric or a dense prefix, which stay shared
   and atomic.  */

static void
use_thread_counters (const pp_plan *plan, emitter *em, counting *c)
{
  em->atomic = pathprof_opts.atomic;
  c->shared_counters = em->counters;
  c->thread_slot = NULL_TREE;
  c->thread_base = NULL_TREE;
  bool thread_dense = pathprof_opts.per_thread && !c->hashed;
  c->thread_hashed = (pathprof_opts.per_thread && c->hashed && !em->timed
		      && !c->prefix.num);
  if (thread_dense || c->thread_hashed)
    {
      c->thread_slot = pathprof_thread_slot_decl ();
      c->thread_base = create_tmp_reg (build_pointer_type (uint64_type_node),
				       "__pathprof_thread_base");
      em->atomic = false;
    }
  if (c->thread_hashed)
    c->shared_counters = c->cache;
  else if (thread_dense)
    {
      em->counters = pathprof_thread_array (c->thread_base, plan->num_paths,
					    0);
      if (em->times)
	em->times = pathprof_thread_array (c->thread_base, plan->num_paths,
					   plan->num_paths);
    }
}

/* Make VAR, a local, one that every use loads and every set stores: a
   longjmp back must not find a stale register.  */

static void
make_volatile (tree var)
{
  TREE_THIS_VOLATILE (var) = 1;
  TREE_SIDE_EFFECTS (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
}

/* Make EM's locals for FUN, whose graph is PCFG and plan PLAN: R, the
   sentinel of restart receivers, the start time, the frame and the
   pending early exit, each where it is needed.  */

static void
make_locals (function *fun, const pathprof_cfg *pcfg, const pp_plan *plan,
	     emitter *em)
{
  em->reg = create_tmp_var (uint64_type_node, "__pathprof_r");
  suppress_warning (em->reg, OPT_Wuninitialized);
  /* After longjmp or a nonlocal goto, a register-allocated R would hold
     whatever the jump restored (design 2b): keep R in memory.  */
  em->reg_in_memory = fun->calls_setjmp || fun->has_nonlocal_label;
  em->arrived = NULL_TREE;
  if (em->reg_in_memory)
    {
      make_volatile (em->reg);
      em->arrived = create_tmp_var (uint64_type_node, "__pathprof_arrived");
      make_volatile (em->arrived);
    }
  em->start = NULL_TREE;
  if (em->timed)
    {
      em->start = create_tmp_var (uint64_type_node, "__pathprof_start");
      suppress_warning (em->start, OPT_Wuninitialized);
      /* As R: a longjmp back must not restore a stale register.  */
      if (em->reg_in_memory)
	make_volatile (em->start);
    }
  /* partial-paths=yes: a frame, if any path may end at a call.  */
  em->frame = NULL_TREE;
  if (pathprof_opts.partial_paths == PATHPROF_PARTIAL_FRAMES
      && plan_has_early_exits (plan))
    em->frame = pathprof_new_frame ();
  em->pending = NULL_TREE;
  if (pcfg->early_exits_pending && pcfg->cfg.num_calls)
    {
      em->pending = create_tmp_var (uint64_type_node, "__pathprof_pending");
      make_volatile (em->pending);
    }
}

/* The most statements a loop peel_first_iterations copies: the copy is
   one iteration of the loop, paid once per entry in code size only.
   Counted before any optimisation (every cast and address computation
   a statement): the five-point stencil's one-line body is 52.  */
#define PEEL_MAX_STMTS 64

/* walk_tree callback: whether *TP is DATA.  */

static tree
find_tree_r (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Whether STMT reads VAR, a local; setting it is no read.  */

static bool
stmt_reads_var_p (gimple *stmt, tree var)
{
  for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
    {
      tree *op = gimple_op_ptr (stmt, i);
      if (i == 0 && is_gimple_assign (stmt) && *op == var)
	continue;
      if (*op && walk_tree (op, find_tree_r, var, NULL))
	return true;
    }
  return false;
}

/* Whether the first iteration of LOOP may be peeled (peel_first_
   iterations) with EM's probes in it: an innermost loop with one latch
   whose blocks form one path from its header to its latch (the steady
   iteration is one path, so its count's index is a constant once R is
   one at the header), that reads R, and has no call (nothing that may
   not return, and no call copied), no abnormal or EH edge, no switch,
   asm or computed goto, and at most PEEL_MAX_STMTS statements.  Checked
   on the blocks as they are after the probes are committed.  Fills
   PATH with the blocks, header first.  */

static bool
loop_peel_possible_p (class loop *loop, const emitter *em,
		      vec<basic_block> *path)
{
  if (!plain_innermost_loop_p (loop))
    return false;
  const int bad = PATHPROF_UNTOUCHABLE_EDGES;
  edge e;
  edge_iterator ei;
  unsigned stmts = 0;
  bool reads_reg = false;
  basic_block bb = loop->header;
  path->truncate (0);
  while (true)
    {
      if (path->length () >= loop->num_nodes)
	return false;
      path->safe_push (bb);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_LABEL)
	    continue;
	  if (is_gimple_call (stmt) || gimple_code (stmt) == GIMPLE_SWITCH
	      || gimple_code (stmt) == GIMPLE_ASM
	      || gimple_code (stmt) == GIMPLE_GOTO
	      || stmt_can_throw_internal (cfun, stmt)
	      || ++stmts > PEEL_MAX_STMTS)
	    return false;
	  if (stmt_reads_var_p (stmt, em->reg))
	    reads_reg = true;
	}
      basic_block next = NULL;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  if (e->flags & bad)
	    return false;
	  if (!flow_bb_inside_loop_p (loop, e->dest))
	    continue;
	  if (next)
	    return false;
	  next = e->dest;
	}
      if (bb == loop->latch)
	return (next == loop->header && path->length () == loop->num_nodes
		&& reads_reg);
      if (!next || next == loop->header)
	return false;
      bb = next;
    }
}

/* Where the SSA names of a function are used away from their
   definition (names_used_away): the innermost loops (by number) that
   define a name used outside them, and the blocks (by index) that define
   one used in another block.  */

struct names_away
{
  basic_block use_bb;        /* the block being walked */
  bitmap loops;
  bitmap blocks;
};

/* walk_gimple_op callback: note in WI's names_away where the SSA name
   *TP, used in its block, is defined, if elsewhere.  */

static tree
note_name_away_r (tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *) data;
  names_away *away = (names_away *) wi->info;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (*tp);
      basic_block bb = def ? gimple_bb (def) : NULL;
      if (bb && bb != away->use_bb)
	{
	  bitmap_set_bit (away->blocks, bb->index);
	  class loop *loop = bb->loop_father;
	  if (loop && !flow_bb_inside_loop_p (loop, away->use_bb))
	    bitmap_set_bit (away->loops, loop->num);
	}
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Fill AWAY's bitmaps for FUN, in one walk of its statements.  The
   gimplifier's temporaries are SSA names already: after a copy of the
   loop or block that defines one, its definition would no longer
   dominate a use outside it (and there is no PHI to mend before SSA
   form).  */

static void
names_used_away (function *fun, names_away *away)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	walk_stmt_info wi;
	memset (&wi, 0, sizeof wi);
	away->use_bb = bb;
	wi.info = away;
	walk_gimple_op (gsi_stmt (gsi), note_name_away_r, &wi);
      }
}

/* walk_gimple_op callback: replace an SSA name by its copy in the map
   of WI's info.  */

static tree
rename_copied_name_r (tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      if (tree *copy = ((hash_map<tree, tree> *) wi->info)->get (*tp))
	*tp = *copy;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Copy BB's statements but its labels into a new block after AFTER, in
   LOOP, and return it; the SSA names they define are renamed, and NAMES
   maps each to its copy, which later copies read (rename_copied_name_r).
   No edge is made.  */

static basic_block
copy_block (basic_block bb, basic_block after, class loop *loop,
	    hash_map<tree, tree> *names)
{
  basic_block copy = create_empty_bb (after);
  add_bb_to_loop (copy, loop);
  copy->count = bb->count;
  gimple_stmt_iterator to = gsi_start_bb (copy);
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (gimple_code (stmt) == GIMPLE_LABEL)
	continue;
      gimple *stmt_copy = gimple_copy (stmt);
      walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = names;
      walk_gimple_op (stmt_copy, rename_copied_name_r, &wi);
      tree lhs = gimple_get_lhs (stmt_copy);
      if (lhs && TREE_CODE (lhs) == SSA_NAME)
	{
	  /* Its one definition: not renamed by the walk above.  */
	  tree name = copy_ssa_name (lhs, stmt_copy);
	  names->put (lhs, name);
	  gimple_set_lhs (stmt_copy, name);
	}
      gsi_insert_after (&to, stmt_copy, GSI_NEW_STMT);
    }
  return copy;
}

/* Give FROM a copy of E (flags, probability, locus) to DEST.  */

static void
copy_edge (basic_block from, edge e, basic_block dest)
{
  edge copy = make_edge (from, dest, e->flags & ~EDGE_DFS_BACK);
  copy->probability = e->probability;
  copy->goto_locus = e->goto_locus;
}

/* Send every edge that enters LOOP's header from outside to TO, but
   the one from KEEP (a copy's latch, or null).  */

static void
redirect_entries (class loop *loop, basic_block to, basic_block keep)
{
  auto_vec<edge> entries;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (e->src != loop->latch && e->src != keep)
      entries.safe_push (e);
  for (edge entry : entries)
    {
      edge moved = redirect_edge_and_branch (entry, to);
      gcc_assert (moved);
    }
}

/* The count of a loop of one path (loop_peel_possible_p): the reset of
   R on its backedge to START, a constant (the start of the next
   iteration's path), and OFFSET, what the path from the header to the
   backedge's count adds to R's value at the header to give the count's
   index.  In the steady iteration R is START at the header, and the
   count is counters[START + OFFSET].  COUNT_BB is the count's block;
   IN_HEADER, whether the header sets R or counts.  */

struct steady_path
{
  tree start;                /* an INTEGER_CST */
  unsigned HOST_WIDE_INT offset;
  basic_block count_bb;
  bool in_header;
};

/* Whether the count of the loop whose blocks are PATH (loop_peel_
   possible_p) is one count, in a dense array of the function's own, at
   an index of R plus a constant, before R is set to a constant, with R
   changed only by adding constants before the count: fills in *SP.  */

static bool
steady_path_of (const vec<basic_block> &path, const emitter *em,
		steady_path *sp)
{
  if (!VAR_P (em->counters) || em->atomic)
    return false;
  /* R's value is the header's plus OFFSET; an index temporary's, the
     header's plus its entry in OFFSETS.  */
  unsigned HOST_WIDE_INT offset = 0;
  hash_map<tree, unsigned HOST_WIDE_INT> offsets;
  bool counted = false;
  sp->start = NULL_TREE;
  sp->count_bb = NULL;
  sp->in_header = false;
  for (unsigned i = 0; i < path.length (); i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (path[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!is_gimple_assign (stmt))
	  continue;
	tree lhs = gimple_assign_lhs (stmt);
	tree rhs1 = gimple_assign_rhs1 (stmt);
	tree rhs2 = gimple_num_ops (stmt) > 2 ? gimple_assign_rhs2 (stmt)
					       : NULL_TREE;
	bool r_plus = (gimple_assign_rhs_code (stmt) == PLUS_EXPR
		       && rhs1 == em->reg && TREE_CODE (rhs2) == INTEGER_CST);
	if (TREE_CODE (lhs) == ARRAY_REF
	    && TREE_OPERAND (lhs, 0) == em->counters)
	  {
	    tree index = TREE_OPERAND (lhs, 1);
	    unsigned HOST_WIDE_INT *known = offsets.get (index);
	    if (counted || (index != em->reg && !known))
	      return false;
	    sp->offset = index == em->reg ? offset : *known;
	    sp->count_bb = path[i];
	    sp->in_header |= i == 0;
	    counted = true;
	  }
	else if (lhs == em->reg)
	  {
	    sp->in_header |= i == 0;
	    if (counted && gimple_assign_single_p (stmt)
		&& TREE_CODE (rhs1) == INTEGER_CST)
	      sp->start = rhs1;
	    else if (!counted && r_plus)
	      offset += TREE_INT_CST_LOW (rhs2);
	    else
	      return false;
	  }
	else if (r_plus && TREE_CODE (lhs) != SSA_NAME)
	  offsets.put (lhs, offset + TREE_INT_CST_LOW (rhs2));
      }
  return counted && sp->start;
}

/* Whether LOOP, whose blocks are PATH (loop_peel_possible_p) and whose
   count SP describes, may be rotated (rotate_loop): at least two blocks,
   left from its header only, whose header neither sets R nor counts nor
   has an SSA name used in another block (AWAY).  */

static bool
loop_rotate_possible_p (class loop *loop, const vec<basic_block> &path,
			const steady_path *sp, const names_away *away)
{
  if (path.length () < 2 || sp->in_header || single_succ_p (loop->header)
      || bitmap_bit_p (away->blocks, loop->header->index))
    return false;
  for (unsigned i = 1; i < path.length (); i++)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, path[i]->succs)
	if (!flow_bb_inside_loop_p (loop, e->dest))
	  return false;
    }
  return true;
}

/* Whether a statement of LOOP sets VAR.  */

static bool
var_set_in_loop_p (class loop *loop, tree var)
{
  basic_block *body = get_loop_body (loop);
  bool set = false;
  for (unsigned i = 0; !set && i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 !set && !gsi_end_p (gsi); gsi_next (&gsi))
      set = gimple_get_lhs (gsi_stmt (gsi)) == var;
  free (body);
  return set;
}

/* Whether LOOP is counted from a constant: its header's test compares a
   variable the loop sets with something else, and the variable is set to
   a constant on the way into the loop, the last time before it (in the
   block the loop is entered from, or a block of one predecessor before
   it, at most 8 back: the probes split the entry edge).  The shape of
   "for (i = 0; i < n; i++)", whose trip count is the same from one entry
   to the next, where a loop whose variable comes in from before ("while
   (bits <= 56)", a refill run once or twice per entry) is left after an
   iteration or two as often as not.  Not when the test's other side is
   a constant at most 16 from the start.  */

static bool
loop_counted_from_constant_p (class loop *loop)
{
  gimple *test = last_nondebug_stmt (loop->header);
  if (!test || gimple_code (test) != GIMPLE_COND)
    return false;
  tree operands[2] = { gimple_cond_lhs (test), gimple_cond_rhs (test) };
  tree var = NULL_TREE, bound = NULL_TREE;
  for (tree op : operands)
    if ((VAR_P (op) || TREE_CODE (op) == PARM_DECL)
	&& var_set_in_loop_p (loop, op))
      {
	if (var)
	  return false;
	var = op;
      }
    else
      bound = op;
  if (!var)
    return false;
  basic_block bb = NULL;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (!flow_bb_inside_loop_p (loop, e->src))
      {
	if (bb)
	  return false;
	bb = e->src;
      }
  if (!bb)
    return false;
  for (int back = 0; back < 8; back++)
    {
      for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
	   gsi_prev (&gsi))
	if (gimple_get_lhs (gsi_stmt (gsi)) == var)
	  {
	    if (!gimple_assign_single_p (gsi_stmt (gsi)))
	      return false;
	    tree start = gimple_assign_rhs1 (gsi_stmt (gsi));
	    if (TREE_CODE (start) != INTEGER_CST)
	      return false;
	    /* "for (i = 0; i < 3; i++)": GCC unrolls it whole (at most 16
	       iterations, --param max-completely-peel-times), and its
	       copies' counts have constant indices anyway; rotated, it
	       only changed the code around it (zstd's
	       ZSTD_decompressSequences).  */
	    if (TREE_CODE (bound) == INTEGER_CST)
	      {
		widest_int span = wi::abs (wi::to_widest (bound)
					   - wi::to_widest (start));
		if (wi::les_p (span, 16))
		  return false;
	      }
	    return true;
	  }
      if (!single_pred_p (bb))
	return false;
      bb = single_pred (bb);
    }
  return false;
}

/* Make the count of the steady path (SP) of a loop an addition to RUNS,
   a local of the function: the count's load and store read and write
   RUNS instead of the counter.  GCC keeps a local in a register and
   computes its final value after the loop from the trip count, whatever
   the loop's other loads and stores may alias, and the counter array
   is not touched in the loop.  */

static void
count_in_local (const emitter *em, const steady_path *sp, tree runs)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (sp->count_bb);
       !gsi_end_p (gsi); gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (!is_gimple_assign (stmt))
	continue;
      tree lhs = gimple_assign_lhs (stmt);
      tree rhs = gimple_assign_rhs1 (stmt);
      if (TREE_CODE (lhs) == ARRAY_REF
	  && TREE_OPERAND (lhs, 0) == em->counters)
	gimple_assign_set_lhs (stmt, runs);
      else if (gimple_assign_single_p (stmt) && TREE_CODE (rhs) == ARRAY_REF
	       && TREE_OPERAND (rhs, 0) == em->counters)
	gimple_assign_set_rhs1 (stmt, runs);
    }
}

/* On EXIT, a way out of a loop whose steady path (SP) is counted in
   RUNS: counters[start + offset] += RUNS, RUNS passed through an empty
   asm.  The asm hides where the amount comes from: without it, GCC
   folded the addition into an outer loop's evolution of the counter and
   computed that from the inner loop's last induction value, copied
   every iteration (one instruction in seven in bench/kernels/reduce.c's
   dot product, inlined into its repeat loop).  */

static void
add_local_on_exit (edge exit, const emitter *em, const steady_path *sp,
		   tree runs)
{
  unsigned HOST_WIDE_INT steady = tree_to_uhwi (sp->start) + sp->offset;
  gimple_seq seq = NULL;
  tree amount = create_tmp_reg (uint64_type_node, "__pathprof_runs");
  vec<tree, va_gc> *outputs = NULL, *inputs = NULL;
  push_asm_operand (&outputs, "=r", amount);
  push_asm_operand (&inputs, "0", runs);
  gimple_seq_add_stmt (&seq, gimple_build_asm_vec ("", inputs, outputs,
						   NULL, NULL));
  emit_add (em, &seq, u64_cst (steady), amount);
  gimple_stmt_iterator gsi = gsi_start_bb (split_edge (exit));
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
}

/* Peel the first iteration of LOOP, whose blocks are PATH, header
   first, and count its steady path (SP) in a local: copy the blocks in
   order before the loop (statements but labels, SSA names defined in
   the copy renamed), send every edge that entered the header to the
   header's copy, and the copy of the latch to the original header; the
   copies' exits go where the originals' go.  The copy is no loop: its
   blocks go to the outer loop.  In the loop that is left, R is the
   backedge's reset at the header, and its count is an addition to a
   local, zero where the copy falls into the loop and added to the
   counter at each of the loop's exits:

     copy:    <the first iteration>   exits as the loop's
              runs = 0
     loop:    ... runs++ ...
     exit:    counters[start + offset] += runs   (each exit)

   Done by hand, not by copy_bbs: gimple_duplicate_bb renames the
   copies' SSA names through the incremental SSA updater
   (create_new_def_for), which crashes before the function is in SSA
   form.  Not in SSA form yet, there is no PHI to mend.  */

static void
peel_first_iteration (class loop *loop, const vec<basic_block> &path,
		      const emitter *em, const steady_path *sp)
{
  class loop *outer = loop_outer (loop);
  unsigned n = path.length ();
  auto_vec<basic_block> copies (n);
  hash_map<tree, tree> names;
  basic_block after = loop->header->prev_bb;
  for (basic_block bb : path)
    {
      after = copy_block (bb, after, outer, &names);
      copies.quick_push (after);
    }
  edge into_loop = NULL;
  for (unsigned i = 0; i < n; i++)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, path[i]->succs)
	{
	  basic_block dest = e->dest;
	  if (i + 1 < n && dest == path[i + 1])
	    dest = copies[i + 1];
	  copy_edge (copies[i], e, dest);
	  if (dest == loop->header)
	    into_loop = find_edge (copies[i], dest);
	}
    }
  redirect_entries (loop, copies[0], copies[n - 1]);

  tree runs = create_tmp_var (uint64_type_node, "__pathprof_runs");
  count_in_local (em, sp, runs);
  gsi_insert_on_edge_immediate (into_loop,
				gimple_build_assign (runs, u64_cst (0)));
  for (edge exit : get_loop_exit_edges (loop))
    add_local_on_exit (exit, em, sp, runs);
  if (dump_file)
    fprintf (dump_file, "pathprof: first iteration of loop %d peeled "
	     "(%u blocks)\n", loop->num, n);
}

/* Rotate LOOP, whose blocks are PATH, and count its steady path (SP) in
   a local: copy its header before it, where it tests whether the loop
   runs at all (the copy's exits are the original's, with R as it comes
   from outside), enter the loop with the first iteration counted and R
   set as after a backedge, and count the iterations in a local that
   starts at -1, since the backedge also counts the first iteration as a
   steady one; add it to the counter where the loop is left:

     header':  <the header's code>   exits as the header's
     enter:    counters[R + offset]++;  R = start;  runs = -1
     loop:     ... runs++ ...
     exit:     counters[start + offset] += runs   (each exit of the header)

   The loop runs as many times as before (a peel takes one iteration
   out of it, which -O2's vectoriser may refuse, and copies the whole
   body).  Once entered, the loop reaches its backedge (it is left from
   its header only, and has no call), and its header's exits are reached
   only from the backedge: so RUNS is at least 0 where it is added.  */

static void
rotate_loop (class loop *loop, const vec<basic_block> &path,
	     const emitter *em, const steady_path *sp)
{
  class loop *outer = loop_outer (loop);
  basic_block header = loop->header;
  hash_map<tree, tree> names;
  basic_block copy = copy_block (header, header->prev_bb, outer, &names);

  tree runs = create_tmp_var (uint64_type_node, "__pathprof_runs");
  count_in_local (em, sp, runs);
  basic_block enter = create_empty_bb (copy);
  add_bb_to_loop (enter, outer);
  enter->count = path[1]->count;
  gimple_seq seq = NULL;
  const pp_op count = { PP_OP_COUNT, sp->offset };
  const pp_op set = { PP_OP_SET, tree_to_uhwi (sp->start) };
  emit_op (em, &seq, &count);
  emit_op (em, &seq, &set);
  gimple_seq_add_stmt (&seq, gimple_build_assign (runs,
						  u64_cst (~(uint64_t) 0)));
  gimple_stmt_iterator at = gsi_start_bb (enter);
  gsi_insert_seq_after (&at, seq, GSI_NEW_STMT);

  auto_vec<edge> exits;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, header->succs)
    {
      basic_block dest = e->dest;
      if (dest == path[1])
	{
	  dest = enter;
	  make_single_succ_edge (enter, path[1], EDGE_FALLTHRU);
	}
      else
	exits.safe_push (e);
      copy_edge (copy, e, dest);
    }
  for (edge exit : exits)
    add_local_on_exit (exit, em, sp, runs);

  redirect_entries (loop, copy, NULL);
  if (dump_file)
    fprintf (dump_file, "pathprof: loop %d rotated, its first iteration "
	     "counted where it is entered\n", loop->num);
}

/* What peel= does to a loop of one path.  */

enum loop_change { LOOP_LEFT, LOOP_ROTATED, LOOP_PEELED };

/* What peel= does to LOOP, whose blocks are PATH (loop_peel_possible_p),
   AWAY the names used away from their blocks: left where a name it
   defines is used outside it or its count is not one steady path's
   (filling in *SP); otherwise rotated where it may be (not with
   peel=yes) and, with auto, only where it is counted from a constant;
   otherwise peeled, but with auto left.  */

static loop_change
loop_change_of (class loop *loop, const vec<basic_block> &path,
		const emitter *em, const names_away *away, steady_path *sp)
{
  if (bitmap_bit_p (away->loops, loop->num) || !steady_path_of (path, em, sp))
    return LOOP_LEFT;
  bool automatic = pathprof_opts.peel == PATHPROF_PEEL_AUTO;
  if (pathprof_opts.peel != PATHPROF_PEEL_YES
      && loop_rotate_possible_p (loop, path, sp, away))
    return (!automatic || loop_counted_from_constant_p (loop)
	    ? LOOP_ROTATED : LOOP_LEFT);
  return automatic ? LOOP_LEFT : LOOP_PEELED;
}

/* Peel the first iteration of FUN's innermost loops of one path, or
   rotate them (peel=; doc/plugin.md, "Peeled and rotated loops").  The
   count at such a loop's backedge is counters[R + c]++ with R a phi at
   the header: the path's number from outside the loop on the first
   iteration, the backedge's reset after it; the index is not invariant,
   and GCC keeps the count in memory, a store and a load every
   iteration.  Once the first iteration is counted apart, the count in
   the loop is always the same path's: it is counted in a local, which
   GCC keeps in a register and computes after the loop from its trip
   count, and added to the counter where the loop is left.  Done last,
   on the blocks with the probes in them, so the counts are those of the
   unpeeled function.  */

static void
peel_first_iterations (function *fun, emitter *em)
{
  /* At -O0 nothing keeps a count in a register; -Os wants no copy.  */
  if (pathprof_opts.peel == PATHPROF_PEEL_NO || !current_loops
      || em->reg_in_memory || !em->counters || em->timed || !optimize
      || optimize_function_for_size_p (fun))
    return;
  auto_vec<class loop *> loops;
  auto_vec<vec<basic_block>> paths;
  for (auto loop : loops_list (fun, LI_ONLY_INNERMOST))
    {
      if ((unsigned) loop->num < em->loop_runs->length ()
	  && (*em->loop_runs)[loop->num] >= 0)
	continue;
      vec<basic_block> path = vNULL;
      if (loop_peel_possible_p (loop, em, &path))
	{
	  loops.safe_push (loop);
	  paths.safe_push (path);
	}
      else
	path.release ();
    }
  if (loops.is_empty ())
    return;
  auto_bitmap away_loops, away_blocks;
  names_away away = { NULL, away_loops, away_blocks };
  names_used_away (fun, &away);
  for (unsigned i = 0; i < loops.length (); i++)
    {
      steady_path sp;
      switch (loop_change_of (loops[i], paths[i], em, &away, &sp))
	{
	case LOOP_ROTATED:
	  rotate_loop (loops[i], paths[i], em, &sp);
	  em->rotated++;
	  break;
	case LOOP_PEELED:
	  peel_first_iteration (loops[i], paths[i], em, &sp);
	  em->peeled++;
	  break;
	case LOOP_LEFT:
	  break;
	}
      paths[i].release ();
    }
  if (em->peeled || em->rotated)
    {
      free_dominance_info (CDI_DOMINATORS);
      loops_state_set (LOOPS_NEED_FIXUP);
    }
}

/* Put EM's probes for PLAN into FUN, whose graph is PCFG, counting as C
   says, with what goes around them: the backedge runs (AT_CFG only),
   the caller and leaf notes of inlined leaves, the expansions of the
   markers and hashed counts, the thread's counters and the frame.  */

static void
place_probes (function *fun, bool at_cfg, pathprof_cfg *pcfg,
	      const pp_plan *plan, emitter *em, const counting *c)
{
  /* Functions left for after omp expansion have no loop tree to trust.  */
  if (at_cfg)
    backedge_runs (fun, pcfg, em);
  /* A caller whose paths an inlined leaf's count may be derived from:
     its calls' blocks as the plan numbered them, before the probes go
     in; its paths end at references to these variables.  */
  if (at_cfg && em->runs->is_empty () && !em->pending && !em->reg_in_memory)
    {
      tree decls[] = { em->counters, c->cache, c->prefix.counters,
		       c->prefix.mapped, em->fn_desc };
      pathprof_note_caller (fun, c->record, decls, ARRAY_SIZE (decls),
			    plan->num_blocks, plan->reachable);
    }
  emit_probes (fun, pcfg, plan, em);
  expand_count_ifs (em);
  expand_loop_runs (em);
  if (at_cfg && !c->hashed)
    peel_first_iterations (fun, em);
  if (c->hashed)
    pathprof_expand_hashed_counts (fun, c->cache, &c->prefix,
				   c->thread_hashed ? c->thread_base
						    : NULL_TREE);
  if (c->thread_base)
    pathprof_load_thread_counters (fun, c->thread_base, c->thread_slot,
				   em->fn_desc, c->shared_counters);
  /* A function with a frame has cut paths besides its one: no leaf.  */
  if (plan->num_paths == 1 && !c->hashed && !em->timed && !c->thread_base
      && !em->frame)
    pathprof_note_leaf (fun, c->record, em->counters);
  if (em->frame)
    {
      em->frame_on_entry = pathprof_place_frame (fun, em->frame,
						  em->fn_desc);
      pathprof_note_setjmps (fun, em->frame);
    }
}

/* Say what was done to FUN: PLAN, PCFG's weights, EM's runs and frame,
   HASHED or dense counters, in the pass's dump and, with verbose, in a
   note.  */

static void
report_function (function *fun, const pathprof_cfg *pcfg, const pp_plan *plan,
		 const emitter *em, bool hashed)
{
  tree fndecl = fun->decl;
  if (dump_file)
    {
      fprintf (dump_file, "pathprof: %" PRIu64 " paths, %u backedges, "
	       "%u cut edges, %u probes, %s counters, %u backedge runs, "
	       "%u loops peeled, %u rotated%s%s\n",
	       (uint64_t) plan->num_paths, plan->num_backedges,
	       plan->num_cut_edges, plan->num_probes,
	       hashed ? "hashed" : "dense", em->runs->length (), em->peeled,
	       em->rotated,
	       pathprof_opts.naive ? ", naive placement" : "",
	       pcfg->measured_weights ? ", measured weights" : "");
      for (unsigned i = 0; i < plan->num_dag_edges; i++)
	{
	  const pp_dag_edge *de = &plan->dag_edges[i];
	  fprintf (dump_file, "  dag edge %u: %u->%u kind %u val %" PRIu64
		   " inc %" PRId64 "%s\n", i, de->src, de->dst, de->kind,
		   (uint64_t) de->val, (int64_t) de->inc,
		   de->on_tree ? " tree" : "");
	}
    }
  if (pathprof_opts.verbose)
    inform (DECL_SOURCE_LOCATION (fndecl),
	    "pathprof: %qD: %wu paths, %u probes, %s counters%s%s%s%s%s%s",
	    fndecl,
	    (unsigned HOST_WIDE_INT) plan->num_paths, plan->num_probes,
	    hashed ? "hashed" : "dense",
	    plan->num_cut_edges ? ", paths cut to bound their number" : "",
	    pcfg->measured_weights ? ", weights from the profile" : "",
	    em->runs->is_empty () ? "" : ", loop runs counted in registers",
	    (!em->frame ? ""
	     : em->frame_on_entry
	     ? ", a frame for its cut paths linked on entry"
	     : ", a frame for its cut paths"),
	    em->peeled ? ", first iterations of one-path loops peeled" : "",
	    em->rotated ? ", one-path loops rotated" : "");
}

/* The pass's body for one function, AT_CFG when called from the pass
   after "cfg" rather than at the start of IPA.  Never fails the
   compilation: a function the core cannot plan is left as it is, with a
   warning that says why.  */

static unsigned int
instrument_function (function *fun, bool at_cfg)
{
  if (left_alone_p (fun, at_cfg))
    return 0;

  pathprof_cfg pcfg;
  pp_plan plan;
  memset (&plan, 0, sizeof plan);
  unsigned char *meta = NULL;
  size_t meta_size = 0;
  char err[256] = "";
  const char *why = plan_function (fun, &pcfg, &plan, &meta, &meta_size, err,
				   sizeof err);
  if (why)
    {
      warning_at (DECL_SOURCE_LOCATION (fun->decl), 0,
		  "pathprof: %qD not instrumented: %s", fun->decl, why);
      pp_plan_free (&plan);
      return 0;
    }

  emitter em;
  counting c;
  make_counters (&plan, pcfg.measured_weights, meta, meta_size, &em, &c);
  use_thread_counters (&plan, &em, &c);
  make_locals (fun, &pcfg, &plan, &em);
  auto_vec<count_if_marker> count_ifs;
  em.count_ifs = &count_ifs;
  auto_vec<loop_run> runs;
  auto_vec<int> loop_runs;
  auto_vec<run_marker> markers;
  em.runs = &runs;
  em.loop_runs = &loop_runs;
  em.markers = &markers;
  em.run = -1;
  em.peeled = 0;
  em.rotated = 0;
  em.frame_on_entry = false;
  place_probes (fun, at_cfg, &pcfg, &plan, &em, &c);
  report_function (fun, &pcfg, &plan, &em, c.hashed);

  free (meta);
  pp_plan_free (&plan);
  return 0;
}

/* Functions the pass after "cfg" has dealt with (instrumented or
   skipped).  Those it has not seen are instrumented by
   pathprof_instrument_remaining.  */
static hash_set<tree> *seen_functions;

/* The pass after "cfg".  A function with OpenMP regions is left for
   later: omp expansion, a few passes on, moves each region's blocks into
   a new child function, which would take our code along but not the path
   register's value.  Once expanded, the parent and its children are
   ordinary functions, instrumented by pathprof_instrument_remaining.  */

unsigned int
pathprof_instrument_pass (function *fun)
{
  if (pathprof_has_omp_statements (fun))
    {
      if (dump_file)
	fprintf (dump_file, "pathprof: OpenMP regions: instrumented after "
		 "their expansion\n");
      return 0;
    }
  if (!seen_functions)
    seen_functions = new hash_set<tree>;
  seen_functions->add (fun->decl);
  return instrument_function (fun, true);
}

/* Instrument every function with a body that the pass after "cfg" did
   not see: functions with OpenMP regions, now expanded, and the child
   functions omp expansion created (they skip the lowering passes).  Runs
   at the start of IPA, just before the unit's records are built, when
   every function is lowered but not yet in SSA form.  */

void
pathprof_instrument_remaining (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      tree decl = node->decl;
      if (node->alias || node->thunk
	  || (seen_functions && seen_functions->contains (decl)))
	continue;
      function *fun = DECL_STRUCT_FUNCTION (decl);
      if (!fun || !fun->cfg || gimple_in_ssa_p (fun))
	continue;
      if (!seen_functions)
	seen_functions = new hash_set<tree>;
      seen_functions->add (decl);
      push_cfun (fun);
      instrument_function (fun, false);
      /* Call-graph edges and references were built in the lowering
	 passes; ours (runtime calls, counter addresses) need them too.  */
      cgraph_edge::rebuild_edges ();
      pop_cfun ();
    }
}

