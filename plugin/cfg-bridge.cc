/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cfg-bridge.cc: a function's GIMPLE CFG as the core's graph, and the
   name users know the function by.  Its static description for the
   .pathprof file is encode-meta.cc's.

   The core numbers blocks as GCC does (0 ENTRY, 1 EXIT, then bb->index),
   so a plan's block numbers are GCC's.  Edges get ids in a fixed order
   (blocks by index, successors in order), and PATHPROF_CFG.edges maps an
   id back to GCC's edge.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"

/* The spanning-tree weight of E: GCC has not estimated a profile yet
   where the pass runs (right after CFG construction), so we use the
   classic static estimate: 10^(loop depth) for the frequency of the
   edge's innermost common loop, split among the source's successors by
   the edge probability when the front end gave one (__builtin_expect,
   cold labels) and evenly otherwise.  Abnormal and EH edges are rare.
   Only the order of the weights matters (maximum spanning tree).  */

static double
edge_weight (edge e)
{
  int depth = 0;
  if (current_loops && e->src->loop_father && e->dest->loop_father)
    depth = MIN (bb_loop_depth (e->src), bb_loop_depth (e->dest));
  double freq = 1.0;
  for (int i = 0; i < depth && i < 30; i++)
    freq *= 10.0;
  double prob;
  if (e->probability.initialized_p ())
    prob = e->probability.to_reg_br_prob_base () / (double) REG_BR_PROB_BASE;
  else
    prob = 1.0 / MAX (1u, EDGE_COUNT (e->src->succs));
  if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
    prob *= 1e-3;
  return freq * prob;
}

/* Whether the normal builtin DECL may not return: noreturn, or
   __builtin_longjmp.  */

static bool
builtin_may_not_return_p (tree decl)
{
  return (TREE_THIS_VOLATILE (decl)
	  || DECL_FUNCTION_CODE (decl) == BUILT_IN_LONGJMP);
}

/* Whether call flags FLAGS (flags_from_decl_or_type, gimple_call_flags)
   promise a return: a const or pure function that is not "looping" has
   no side effect, so neither exits nor jumps, and GCC deletes its calls
   as it would code without a call.  gcov's need_fake_edge_p
   (profile.cc) adds no edge to EXIT for such a call, so it does not
   split the call's block either: its lines count as one.  */

static bool
flags_promise_return_p (int flags)
{
  return ((flags & (ECF_CONST | ECF_PURE))
	  && !(flags & ECF_LOOPING_CONST_OR_PURE));
}

/* Whether STMT may keep control from coming back: a call to anything but
   an internal function, a normal builtin (those return, but for
   builtin_may_not_return_p) or a const or pure function
   (flags_promise_return_p).  A user function may call exit or longjmp
   or let an exception through without being declared so; noreturn calls
   end their block and are handled by the core's NORETURN dummies, but
   they too count here, so that nothing is counted before them except on
   purpose.  */

static bool
stmt_may_not_return (gimple *stmt)
{
  if (!is_gimple_call (stmt) || gimple_call_internal_p (stmt))
    return false;
  if (gimple_call_builtin_p (stmt, BUILT_IN_NORMAL))
    return builtin_may_not_return_p (gimple_call_fndecl (stmt));
  return !flags_promise_return_p (gimple_call_flags (stmt));
}

/* Whether BB is GCC's abnormal dispatcher: the block that stands for
   "a call returned by longjmp" or "a nested function jumped to a nonlocal
   label" in functions that call setjmp or have nonlocal labels.  It never
   runs: control resumes at the receivers directly.  */

bool
pathprof_abnormal_dispatcher_p (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
  if (gsi_end_p (gsi))
    return false;
  gimple *stmt = gsi_stmt (gsi);
  return gimple_call_internal_p (stmt, IFN_ABNORMAL_DISPATCHER);
}

/* Whether BB has an edge into the abnormal dispatcher: its last
   statement is a call that may come back by longjmp or nonlocal goto
   to a receiver of this function.  */

static bool
jumps_to_dispatcher_p (basic_block bb)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (pathprof_abnormal_dispatcher_p (e->dest))
      return true;
  return false;
}

/* Calls that cannot leave their caller early: a call of a function
   that makes no call that may not return, nor does any function it may
   call (recursion included: it returns, runs forever or overflows the
   stack).  Nothing can cut its caller's path during such a call that
   could not cut a path in code without calls (a signal), so it is no
   early exit and needs no frame.  Each body is read as it is at the
   caller's pass: GENERIC before it is gimplified, GIMPLE after, its CFG
   once it has one (then the plugin's own runtime calls return, and the
   longjmps it put in place of the user's are indirect calls).  Only a
   definition the call is sure to reach: not an extern inline one (another may
   run), nor one that may be interposed or replaced
   (decl_binds_to_current_def_p).  C++'s own codes (a throw, an AGGR_INIT_EXPR)
   count as calls that may not return.  */

/* The most functions one question reads.  */
#define CALL_FREE_BUDGET 64

/* The functions whose answer is known, by DECL_UID (which no other decl
   takes after this one is freed).  */
typedef hash_map<int_hash<int, -1, -2>, bool> call_free_map;
static call_free_map *call_free_known;

/* One question: the functions seen, those left to read, and whether a
   call that may not return was found.  */
struct call_free_walk
{
  hash_set<int_hash<int, -1, -2> > *seen;
  auto_vec<tree> *todo;
  bool bad;
  bool over_budget;		/* bad only for want of reading more */
};

/* Note a call of DECL (null: an indirect call), of an internal function
   if INTERNAL, in W.  */

static void
note_callee (call_free_walk *w, tree decl, bool internal)
{
  if (internal || w->bad)
    return;
  if (!decl || TREE_CODE (decl) != FUNCTION_DECL)
    {
      w->bad = true;
      return;
    }
  if (fndecl_built_in_p (decl, BUILT_IN_NORMAL))
    {
      w->bad = builtin_may_not_return_p (decl);
      return;
    }
  if (flags_promise_return_p (flags_from_decl_or_type (decl)))
    return;
  /* The runtime's entry points return; the longjmps redirect.cc puts
     in place of the user's are indirect calls.  */
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  if (!strncmp (name, "__pathprof_", strlen ("__pathprof_")))
    return;
  /* A nested function's goto to its parent's label is no call until
     the nested functions are lowered: a nested function is unknown.  */
  if (DECL_EXTERNAL (decl) || !decl_binds_to_current_def_p (decl)
      || decl_function_context (decl))
    {
      w->bad = true;
      return;
    }
  if (bool *known = call_free_known->get (DECL_UID (decl)))
    {
      w->bad = !*known;
      return;
    }
  if (!w->seen->add (DECL_UID (decl)))
    {
      if (w->seen->elements () > CALL_FREE_BUDGET)
	w->bad = w->over_budget = true;
      else
	w->todo->safe_push (decl);
    }
}

/* walk_tree callback over a GENERIC body (DATA: the walk): stop at a
   call that may not return or at a code of the front end's.  */

static tree
generic_note_callees (tree *tp, int *walk_subtrees, void *data)
{
  call_free_walk *w = (call_free_walk *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    *walk_subtrees = 0;
  else if ((int) TREE_CODE (t) >= (int) LAST_AND_UNUSED_TREE_CODE)
    w->bad = true;
  else if (TREE_CODE (t) == CALL_EXPR)
    note_callee (w, get_callee_fndecl (t), CALL_EXPR_FN (t) == NULL_TREE);
  return w->bad ? t : NULL_TREE;
}

/* walk_gimple_seq callback: likewise over a GIMPLE body.  */

static tree
gimple_note_callees (gimple_stmt_iterator *gsi, bool *handled,
		     struct walk_stmt_info *wi)
{
  call_free_walk *w = (call_free_walk *) wi->info;
  if (gcall *call = dyn_cast <gcall *> (gsi_stmt (*gsi)))
    note_callee (w, gimple_call_fndecl (call), gimple_call_internal_p (call));
  /* A value stops the walk, and must come with *HANDLED.  */
  *handled = w->bad;
  return w->bad ? integer_one_node : NULL_TREE;
}

/* Note the callees of DECL's body in W; no body is a bad call.  */

static void
read_body (call_free_walk *w, tree decl)
{
  function *fn = DECL_STRUCT_FUNCTION (decl);
  if (fn && fn->cfg)
    {
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	     !w->bad && !gsi_end_p (gsi); gsi_next (&gsi))
	  if (gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi)))
	    note_callee (w, gimple_call_fndecl (call),
			 gimple_call_internal_p (call));
    }
  else if (gimple_seq body = gimple_body (decl))
    {
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = w;
      walk_gimple_seq (body, gimple_note_callees, NULL, &wi);
    }
  else if (DECL_SAVED_TREE (decl))
    walk_tree_without_duplicates (&DECL_SAVED_TREE (decl),
				  generic_note_callees, w);
  else
    w->bad = true;
}

/* Whether CALL's callee is known to return whenever it ends: every
   function it may call read, none making a call that may not return.
   A yes holds for every function read; a no, for the callee and the
   function whose body has the call that may not return.  */

static bool
call_returns_p (gcall *call)
{
  if (!call_free_known)
    call_free_known = new call_free_map;
  hash_set<int_hash<int, -1, -2> > seen;
  auto_vec<tree> todo;
  call_free_walk w = { &seen, &todo, false, false };
  note_callee (&w, gimple_call_fndecl (call), gimple_call_internal_p (call));
  while (!w.bad && !todo.is_empty ())
    {
      tree decl = todo.pop ();
      read_body (&w, decl);
      /* A body with a call that may not return: known for good.  */
      if (w.bad && !w.over_budget)
	call_free_known->put (DECL_UID (decl), false);
    }
  if (w.bad)
    {
      if (tree callee = gimple_call_fndecl (call))
	call_free_known->put (DECL_UID (callee), false);
    }
  else
    for (hash_set<int_hash<int, -1, -2> >::iterator it = seen.begin ();
	 it != seen.end (); ++it)
      call_free_known->put (*it, true);
  return !w.bad;
}

/* Fill OUT's early exits (core: pp_cfg.call_blocks), the calls at which
   a path left early is still counted, as a path that ends at the call:
     - with partial-paths, every call that may not return
       (stmt_may_not_return) and returns otherwise; not one whose
       exception this function catches or cleans up, since the path
       then goes on through the handler and a count before the call
       would count it twice; not pathprof_reset, whose zeroing would
       leave the take-back without its count;
     - without it, in a function that calls setjmp or has a nonlocal
       label, every call that may come back here by longjmp or a
       nonlocal goto (it ends its block with an edge to the dispatcher):
       the receiver counts the path kept before the call.  Not one whose
       exception this function catches: the path would go on through the
       handler with the call's number still kept, for a later jump from
       outside any call (a signal handler's) to count.  A longjmp out of
       such a call loses its path.
   Calls that never return end blocks without successors and are
   counted by the core's noreturn dummies; returns-twice calls (setjmp)
   are receivers, where nothing may go before the call.  */

static void
find_early_exits (function *fun, pathprof_cfg *out)
{
  bool jumps_back = fun->calls_setjmp || fun->has_nonlocal_label;
  bool all_calls = pathprof_opts.partial_paths != PATHPROF_PARTIAL_NO;
  out->early_exits_pending
    = jumps_back && pathprof_opts.partial_paths != PATHPROF_PARTIAL_COUNT;
  if (!all_calls && !jumps_back)
    return;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      bool to_dispatcher = jumps_to_dispatcher_p (bb);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	  if (!call || !stmt_may_not_return (call)
	      || gimple_call_noreturn_p (call)
	      || (gimple_call_flags (call) & ECF_RETURNS_TWICE))
	    continue;
	  if (stmt_can_throw_internal (fun, call))
	    continue;
	  if (!all_calls)
	    {
	      if (!to_dispatcher || call != last_nondebug_stmt (bb))
		continue;
	    }
	  else
	    {
	      tree callee = gimple_call_fndecl (call);
	      if (callee && DECL_NAME (callee)
		  && id_equal (DECL_NAME (callee), "pathprof_reset"))
		continue;
	      if (call_returns_p (call))
		continue;
	    }
	  out->call_blocks.safe_push (bb->index);
	  out->calls.safe_push (call);
	}
    }
}

/* Make every call of fork in FUN end its block with a result and an edge
   of its own to a block with no other predecessor, and record those
   edges in PCFG->fork_edges.  In the child, fork returns 0 and the
   child's paths start there: it did not run what came before (as gcov,
   whose __gcov_fork gives the child zeroed counters, counts the lines
   before the fork once and those after it twice).  pathprof_build_cfg
   gives the core each such edge a second time as a restart edge, whose
   one SET emit_restart makes R = pid == 0 ? value : R where the
   receiver starts.  Only direct calls of fork: a child forked in a
   callee goes on with its parent's path (doc/plugin.md).  */

void
pathprof_prepare_forks (function *fun, pathprof_cfg *pcfg)
{
  auto_vec<gcall *> forks;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gimple_call_builtin_p (gsi_stmt (gsi), BUILT_IN_FORK))
	forks.safe_push (as_a <gcall *> (gsi_stmt (gsi)));
  for (gcall *call : forks)
    {
      if (!gimple_call_lhs (call))
	gimple_call_set_lhs (call, create_tmp_reg (gimple_call_return_type
						   (call), "__pathprof_pid"));
      basic_block b = gimple_bb (call);
      if (call != last_nondebug_stmt (b))
	split_block (b, call);
      edge e = NULL, s;
      edge_iterator ei;
      FOR_EACH_EDGE (s, ei, b->succs)
	if (!(s->flags & EDGE_COMPLEX))
	  e = s;
      if (!e || e->dest == EXIT_BLOCK_PTR_FOR_FN (fun))
	continue;
      if (!single_pred_p (e->dest))
	e = single_pred_edge (split_edge (e));
      pcfg->fork_edges.safe_push (e);
    }
}

/* Shape FUN's CFG as the profile describes it and fill PCFG with it:
   the forwarders a CFG cleanup gives loop headers of several entries
   before gcov's pass (pathprof_split_loop_entries), the blocks gcov ends
   after calls (pathprof_split_after_calls) and
   gives jumps of their own (pathprof_split_goto_edges), numbered in
   their order as gcov numbers them,
   the landing pads that see exceptions leave (pathprof_add_unwind_pads),
   the blocks after fork (pathprof_prepare_forks), then the graph
   (pathprof_build_cfg).  None of these changes what FUN does.  The
   instrumenting pass and feedback= both call this, so that a fed-back
   build sees the CFG, block for block, that its profile was measured
   on.  */

void
pathprof_prepare_cfg (function *fun, pathprof_cfg *pcfg)
{
  pathprof_split_loop_entries (fun);
  pathprof_split_after_calls (fun);
  pathprof_split_goto_edges (fun);
  /* Blocks numbered in their order, as branch_prob numbers them for
     gcov before it writes them: gcov.cc gives no line the last one
     (report/derive.c, gcov_last_block).  The landing pads, if any, come
     first and are numbered again with them.  */
  compact_blocks ();
  pathprof_add_unwind_pads (fun, pcfg);
  pathprof_prepare_forks (fun, pcfg);
  pathprof_build_cfg (fun, pcfg);
}

/* Whether BB ends in a resx that resumes unwinding out of its function:
   the end of the function's own cleanups (a local's destructor, the
   __cxa_end_catch of a handler that rethrew, a catch whose types did not
   match), reached only by an exception passing through.  It has no
   successor, so the core gives it an exit dummy like a noreturn call's;
   flagged PP_BLOCK_UNWIND, the path's end says what happened, "left by
   exception", as for the landing pads of unwind.cc, rather than a
   "noreturn call" at a call that did return or threw (issue 26).  */

static bool
resumes_unwinding_out_p (basic_block bb)
{
  if (EDGE_COUNT (bb->succs) != 0)
    return false;
  gimple *last = last_nondebug_stmt (bb);
  return last && gimple_code (last) == GIMPLE_RESX;
}

/* Fill OUT with FUN's CFG: every edge of every block, in block order.
   Abnormal and EH edges cannot be split and so cannot carry code.  Edges
   into an abnormal dispatcher are left out (a call that longjmps ends no
   path of the flow; the path in progress ends at the call by an early
   exit, see find_early_exits), and its edges to the receivers are
   restart edges: a new path starts where the jump lands.  */

void
pathprof_build_cfg (function *fun, pathprof_cfg *out)
{
  basic_block bb;
  out->cfg.num_blocks = last_basic_block_for_fn (fun);
  FOR_ALL_BB_FN (bb, fun)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!pathprof_abnormal_dispatcher_p (e->dest))
	  out->edges.safe_push (e);
    }
  out->first_fork_edge = out->edges.length ();
  for (edge e : out->fork_edges)
    out->edges.safe_push (e);
  out->cfg.num_edges = out->edges.length ();
  out->cfg_edges.safe_grow_cleared (MAX (1u, out->cfg.num_edges));
  out->cfg.edges = out->cfg_edges.address ();
  for (unsigned i = 0; i < out->cfg.num_edges; i++)
    {
      edge e = out->edges[i];
      pp_cfg_edge *ce = &out->cfg.edges[i];
      ce->src = e->src->index;
      ce->dst = e->dest->index;
      ce->flags = (e->flags & EDGE_COMPLEX) ? PP_CFG_NO_CODE : 0;
      if (pathprof_abnormal_dispatcher_p (e->src)
	  || i >= out->first_fork_edge)
	ce->flags |= PP_CFG_RESTART | PP_CFG_NO_CODE;
      ce->weight = edge_weight (e);
    }
  out->block_flags.safe_grow_cleared (out->cfg.num_blocks);
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (stmt_may_not_return (gsi_stmt (gsi)))
	{
	  out->block_flags[bb->index] |= PP_BLOCK_MAY_NOT_RETURN;
	  break;
	}
  for (int pad : out->unwind_pads)
    out->block_flags[pad] |= PP_BLOCK_UNWIND;
  FOR_EACH_BB_FN (bb, fun)
    if (resumes_unwinding_out_p (bb))
      out->block_flags[bb->index] |= PP_BLOCK_UNWIND;
  out->cfg.block_flags = out->block_flags.address ();
  find_early_exits (fun, out);
  out->cfg.num_calls = out->call_blocks.length ();
  out->cfg.call_blocks = out->call_blocks.address ();
}

/* The name users know FNDECL by: the demangled assembler name with its
   parameter types in C++ ("ns::A::get(int) const"), the plain name in C
   and Fortran.  Returns a malloc'd string.  */

char *
pathprof_display_name (tree fndecl)
{
  const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  if (asm_name[0] == '*')
    asm_name++;
  if (asm_name[0] == '_' && asm_name[1] == 'Z')
    {
      char *demangled = cplus_demangle (asm_name, PATHPROF_DMGL_PARAMS
						   | PATHPROF_DMGL_ANSI);
      if (demangled)
	return demangled;
    }
  const char *name = lang_hooks.decl_printable_name (fndecl, 1);
  return xstrdup (name ? name : asm_name);
}
