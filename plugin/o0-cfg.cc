/* SPDX-License-Identifier: GPL-3.0-or-later */
/* o0-cfg.cc: the pathprof pass sees the CFG GCC builds at -O0, at every
   optimisation level, and the jumps gcov gives lines of their own.

   Paths must not depend on -O, and their lines must be gcov's (at -O0,
   where gcov's line counts are the truth: doc/testing.md, the gcov
   oracle).  gcov counts the line of a "goto", "break;" or "continue;"
   on the block that jump became: at -O0 that block survives because
   three decisions GCC makes before our pass keep it only when not
   optimizing, and above -O0 it is gone with its line:

   - the gimplifier turns "if (c) goto L;" (a break or continue is a goto
     by then) into a conditional jump straight to L, dropping the goto
     and its location, unless the goto is on another line than the "if"
     and we are at -O0 (gimplify.cc, gimplify_cond_expr);
   - the "cfg" pass's CFG cleanup keeps a forwarder block whose jump has
     a location (tree-cfgcleanup.cc, tree_forwarder_block_p), and does
     not merge blocks when that loses a jump's location or a user label,
     only at -O0 (tree-cfg.cc, gimple_can_merge_blocks_p).

   So, at every level, this file makes those decisions as -O0 does: it
   hides the goto from the gimplifier's shortcut exactly when -O0 does
   not take it (a wrapper around the language's gimplify_expr hook), and
   runs the "cfg" pass with `optimize' at 0: a pass just before it saves
   the value and clears it, a pass just after it, before pathprof's own,
   restores it for every function, instrumented or not.  Nothing else in
   the "cfg" pass reads `optimize' (build_gimple_cfg, cleanup_tree_cfg,
   loop_optimizer_init with AVOID_CFG_MODIFICATIONS, replace_loop_annotate
   in GCC 12); "*warn_function_return", which does, comes after the
   restore.  The CFG the later passes get has more forwarder blocks and
   fewer merges than they would have had; their own CFG cleanups, which
   do see the real level, remove them as they did before (doc/plugin.md
   has the check that the code generated at -O2 does not change).

   pathprof_split_after_calls and pathprof_split_goto_edges then do what
   profile.cc's branch_prob does before it numbers the blocks for gcov:
   the first ends a block after every call that may not come back
   (flow_call_edges_add), so that the lines after it count only the
   times the call came back (the "}" of a scope whose destructor call
   follows another call); the second gives a jump that leaves a block
   with several successors (a fake edge to EXIT counts) a block of its
   own when the jump is on another line than the block's last
   statement, so that the jump's line counts the times it was taken
   (pathprof_encode_meta gives the new block that line).  Neither adds
   a path or a chord: each new block has one predecessor and one
   successor.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"

/* The level the pass before "cfg" found, for the pass after it to put
   back; -1 when there is none to put back.  */
static int saved_optimize = -1;

/* The language's gimplify_expr hook, which ours calls.  */
static int (*lang_gimplify_expr) (tree *, gimple_seq *, gimple_seq *);

/* The GOTO_EXPR to a label that ARM, a COND_EXPR's arm, consists of, or
   NULL_TREE: gimplify.cc's find_goto_label, which decides whether the
   gimplifier jumps straight to the label.  */

static tree
arm_goto_label (tree arm)
{
  while (arm && TREE_CODE (arm) == STATEMENT_LIST)
    {
      tree_stmt_iterator i = tsi_start (arm);
      while (!tsi_end_p (i) && TREE_CODE (tsi_stmt (i)) == DEBUG_BEGIN_STMT)
	tsi_next (&i);
      if (!tsi_one_before_end_p (i))
	return NULL_TREE;
      arm = tsi_stmt (i);
    }
  if (arm && TREE_CODE (arm) == GOTO_EXPR
      && TREE_CODE (GOTO_DESTINATION (arm)) == LABEL_DECL)
    return arm;
  return NULL_TREE;
}

/* Whether COND, a COND_EXPR's condition, is one gimplify_cond_expr
   breaks apart with shortcut_cond_expr (an && or || once conversions
   and comma operators are stripped).  That one takes a goto arm's label
   at every level, so it must see the arm as it is.  */

static bool
shortcut_condition_p (tree cond)
{
  for (;;)
    {
      STRIP_TYPE_NOPS (cond);
      if (TREE_CODE (cond) != COMPOUND_EXPR)
	break;
      cond = TREE_OPERAND (cond, 1);
    }
  return (TREE_CODE (cond) == TRUTH_ANDIF_EXPR
	  || TREE_CODE (cond) == TRUTH_ORIF_EXPR);
}

/* Our gimplify_expr language hook, called for every expression the
   gimplifier meets, before its own handling.  Above -O0, for a statement
   "if (c) goto L;" whose goto has another location than the "if"
   (usually: is on another line), append an empty statement to the arm,
   so that the gimplifier does not recognise a lone goto and keeps it in
   a block of its own, as it does at -O0 (gimplify_cond_expr).  The block
   is a forwarder that later CFG cleanups remove above -O0.  Then the
   language's own hook.  */

static int
gimplify_expr_as_at_o0 (tree *expr_p, gimple_seq *pre_p, gimple_seq *post_p)
{
  tree expr = *expr_p;
  if (optimize
      && TREE_CODE (expr) == COND_EXPR
      && VOID_TYPE_P (TREE_TYPE (expr))
      && EXPR_HAS_LOCATION (expr)
      && current_function_decl
      && !shortcut_condition_p (TREE_OPERAND (expr, 0)))
    for (int i = 1; i <= 2; i++)
      {
	tree jump = arm_goto_label (TREE_OPERAND (expr, i));
	if (jump
	    && DECL_CONTEXT (GOTO_DESTINATION (jump)) == current_function_decl
	    && EXPR_HAS_LOCATION (jump)
	    && EXPR_LOCATION (jump) != EXPR_LOCATION (expr))
	  {
	    tree arm = TREE_OPERAND (expr, i);
	    if (TREE_CODE (arm) != STATEMENT_LIST)
	      {
		tree list = alloc_stmt_list ();
		append_to_statement_list_force (arm, &list);
		arm = list;
	      }
	    append_to_statement_list_force
	      (build_empty_stmt (EXPR_LOCATION (jump)), &arm);
	    TREE_OPERAND (expr, i) = arm;
	  }
      }
  return lang_gimplify_expr (expr_p, pre_p, post_p);
}

/* The pass just before "cfg": save the level and build the CFG as at
   -O0.  Also the last moment a switch has the case labels the user wrote
   (branches.cc).  */

static unsigned int
execute_before_cfg (function *fun)
{
  gcc_checking_assert (saved_optimize < 0);
  saved_optimize = optimize;
  optimize = 0;
  pathprof_record_switches (fun);
  return 0;
}

/* The pass just after "cfg": put the level back, for every function the
   pass before "cfg" saw, before any other pass runs.  */

static unsigned int
execute_after_cfg (function *)
{
  if (saved_optimize >= 0)
    optimize = saved_optimize;
  saved_optimize = -1;
  return 0;
}

/* Short-circuit conditions as at -O0 while a function is parsed.  Above
   -O0, GCC's folder (fold-const.cc, fold_truth_andor) turns "a && b" and
   "a || b" of two cheap operands into one non-short-circuit test as it
   parses, so that the second operand, on its line, no longer has blocks
   and branches of its own, and gcov's counts of them are lost.  The
   folder asks --param=logical-op-non-short-circuit first: it is 0 (do
   not) from the start of each function's parsing to its end (nested
   functions and C++ lambdas within), unless the user set it.  The later
   passes see the user's value: ifcombine, which reads it too, merges
   such tests again where it pays (doc/plugin.md).  Not the merging of
   two comparisons of one operand into a range test ("x < 1 || x > 9"),
   which nothing but the level controls: pathprof counts such a
   condition as one test above -O0 (doc/manual.md).  */

static int parse_depth;
static int saved_short_circuit;

static void
start_parse_function (void *, void *)
{
  if (parse_depth++ == 0)
    {
      saved_short_circuit = param_logical_op_non_short_circuit;
      if (!global_options_set.x_param_logical_op_non_short_circuit)
	param_logical_op_non_short_circuit = 0;
    }
}

static void
finish_parse_function (void *, void *)
{
  if (parse_depth > 0 && --parse_depth == 0)
    param_logical_op_non_short_circuit = saved_short_circuit;
}

/* Register the passes around "cfg" and our gimplify_expr hook.  Call
   after the pathprof pass is registered after "cfg": the restoring pass
   then goes between "cfg" and it.  */

void
pathprof_init_o0_cfg (const char *plugin_name)
{
  lang_gimplify_expr = lang_hooks.gimplify_expr;
  lang_hooks.gimplify_expr = gimplify_expr_as_at_o0;
  register_callback (plugin_name, PLUGIN_START_PARSE_FUNCTION,
		     start_parse_function, NULL);
  register_callback (plugin_name, PLUGIN_FINISH_PARSE_FUNCTION,
		     finish_parse_function, NULL);

  pathprof_register_function_pass (plugin_name, "pathprof-o0-cfg",
				   execute_before_cfg, false, "cfg",
				   PASS_POS_INSERT_BEFORE);
  pathprof_register_function_pass (plugin_name, "pathprof-restore-level",
				   execute_after_cfg, true, "cfg",
				   PASS_POS_INSERT_AFTER);
}

/* Whether FUN calls a const or pure function (a direct call): then, at
   -O0, "fixup_cfg2" (after "ssa", before gcov's pass) asks for a CFG
   cleanup (execute_fixup_cfg updates such calls in SSA form), the first
   one with loops present.  */

static bool
calls_const_or_pure_p (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi))
	  && gimple_call_fndecl (gsi_stmt (gsi))
	  && (gimple_call_flags (gsi_stmt (gsi))
	      & (ECF_CONST | ECF_PURE | ECF_LOOPING_CONST_OR_PURE)))
	return true;
  return false;
}

/* tree-cfgcleanup.cc's mfb_keep_latches: E is no latch.  */

static bool
keep_entries (edge e)
{
  return !((dom_info_available_p (CDI_DOMINATORS)
	    && dominated_by_p (CDI_DOMINATORS, e->src, e->dest))
	   || (e->flags & EDGE_DFS_BACK));
}

/* What that cleanup does first (tree-cfgcleanup.cc,
   cleanup_tree_cfg_noloop, PR80549): every loop header entered by two or
   more edges that are not latches, and by a latch, gets a forwarder: the
   header is split after its labels, the entries go to the labels' part,
   the latches to the rest.  gcov then counts a label on such a header
   ("again:" entered by a goto and by the statement before it, and by the
   loop's "goto again;") as many times as the loop was entered, not as
   many as it went round.  Only in a function the cleanup reaches
   (calls_const_or_pure_p); the "cfg" pass's own cleanup comes before
   there are loops.  Returns the number of forwarders made.  */

unsigned
pathprof_split_loop_entries (function *fun)
{
  if (!current_loops || !calls_const_or_pure_p (fun))
    return 0;
  if (!dom_info_available_p (CDI_DOMINATORS))
    mark_dfs_back_edges ();
  unsigned made = 0;
  for (unsigned i = 0; i < number_of_loops (fun); i++)
    if (loop_p loop = get_loop (fun, i))
      {
	if (!loop->header)
	  continue;
	basic_block bb = loop->header;
	edge_iterator ei;
	edge e;
	bool found_latch = false, any_abnormal = false;
	unsigned n = 0;
	FOR_EACH_EDGE (e, ei, bb->preds)
	  {
	    if (e->flags & EDGE_ABNORMAL)
	      {
		any_abnormal = true;
		break;
	      }
	    if (!keep_entries (e))
	      {
		found_latch = true;
		continue;
	      }
	    n++;
	  }
	if (!found_latch || any_abnormal || n <= 1)
	  continue;
	edge fallthru = make_forwarder_block (bb, keep_entries, NULL);
	loop->header = fallthru->dest;
	if (!loops_state_satisfies_p (LOOPS_NEED_FIXUP))
	  {
	    /* As GCC: the CFG hook's loop update is incomplete when the
	       loop has several latches.  */
	    remove_bb_from_loops (fallthru->src);
	    loop_p cloop = loop;
	    FOR_EACH_EDGE (e, ei, fallthru->src->preds)
	      cloop = find_common_loop (cloop, e->src->loop_father);
	    add_bb_to_loop (fallthru->src, cloop);
	  }
	made++;
      }
  return made;
}

/* Whether profile.cc's branch_prob gives BB a fake edge to EXIT besides
   its successors: flow_call_edges_add does, first thing, to a block whose
   last statement may not let control come back (stmt_can_terminate_bb_p:
   a call that may throw out of the function, exit or longjmp, a volatile
   asm), so that gcov counts such a block with several successors even
   when it has one.  */

/* stmt_can_terminate_bb_p, and a call of a function the instrumented
   build redirects to a wrapper (through a pointer, so that it may not
   return there): the feedback= build, which redirects nothing, must
   shape its CFG as the instrumented build did.  */

static bool
may_terminate_p (gimple *stmt)
{
  return stmt_can_terminate_bb_p (stmt) || pathprof_redirected_call_p (stmt);
}

bool
pathprof_gcov_fake_exit_p (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
  return !gsi_end_p (gsi) && may_terminate_p (gsi_stmt (gsi));
}

/* profile.cc's branch_prob, first thing (flow_call_edges_add): every
   statement of FUN that may keep control from coming back
   (stmt_can_terminate_bb_p) and is not the last of its block but for
   debug statements ends its block.  The statements after it, debug ones
   included, start a new block, so that -g leaves the CFG as -g0 builds
   it.  In gcov's order, blocks by index and each from its end.  Returns
   the number of blocks added.  */

unsigned
pathprof_split_after_calls (function *fun)
{
  unsigned added = 0;
  int last_bb = last_basic_block_for_fn (fun);
  for (int i = NUM_FIXED_BLOCKS; i < last_bb; i++)
    {
      basic_block bb = BASIC_BLOCK_FOR_FN (fun, i);
      if (!bb)
	continue;
      gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
      if (gsi_end_p (gsi))
	continue;
      gimple *last = gsi_stmt (gsi);
      for (; !gsi_end_p (gsi); gsi_prev (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (stmt != last && may_terminate_p (stmt))
	    {
	      split_block (bb, stmt);
	      added++;
	    }
	}
    }
  return added;
}

/* profile.cc's branch_prob, before it numbers FUN's blocks for gcov: a
   normal edge out of a block with several successors (its fake edge
   counts, pathprof_gcov_fake_exit_p) whose jump has a
   location (goto_locus) on another line or file than the block's last
   statement with a location is split, and the new block's edge gets the
   jump's location, so that the jump's line counts the times it was
   taken ("if (f)" and "goto lab1;" on two lines, gcc.misc-tests/gcov-4.c
   test_goto1).  Abnormal and EH edges cannot be split and have no jump
   of the user's.  split_edge keeps the loop tree and the dominators
   (which get_loop_body needs) up to date.  Returns the number of blocks
   added.  */

unsigned
pathprof_split_goto_edges (function *fun)
{
  unsigned added = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      if (EDGE_COUNT (bb->succs) == 0
	  || (single_succ_p (bb) && !pathprof_gcov_fake_exit_p (bb)))
	continue;
      location_t last_loc = UNKNOWN_LOCATION;
      for (gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
	   !gsi_end_p (gsi); gsi_prev_nondebug (&gsi))
	if (!RESERVED_LOCATION_P (gimple_location (gsi_stmt (gsi))))
	  {
	    last_loc = gimple_location (gsi_stmt (gsi));
	    break;
	  }
      if (RESERVED_LOCATION_P (last_loc))
	continue;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  location_t goto_locus = e->goto_locus;
	  if ((e->flags & EDGE_COMPLEX)
	      || RESERVED_LOCATION_P (goto_locus)
	      || (LOCATION_LINE (goto_locus) == LOCATION_LINE (last_loc)
		  && LOCATION_FILE (goto_locus) == LOCATION_FILE (last_loc)))
	    continue;
	  basic_block new_bb = split_edge (e);
	  single_succ_edge (new_bb)->goto_locus = goto_locus;
	  added++;
	}
    }
  return added;
}
