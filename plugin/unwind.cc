/* SPDX-License-Identifier: GPL-3.0-or-later */
/* unwind.cc: landing pads that count the path an exception leaves by.

   A C++ exception that passes through a function without a handler or a
   cleanup there leaves it in the middle of a path: the call it came out
   of has no EH edge, and nothing of ours runs on the way out.  So that
   the path is counted (as one that ends at that call, "left by an
   exception"), every call that can throw out of the function without a
   landing pad of its own gets one: a new outermost cleanup region whose
   landing pad is a block of its own, holding only the resx that resumes
   unwinding.  The block has no successor, so the core gives it a dummy
   to EXIT like any block that does not return, flagged PP_BLOCK_UNWIND
   so that the path's end says why; its count goes before the resx
   (design.md trap 6).  The EH edge into it cannot carry code, and its
   one predecessor takes its probe at the pad's start (trap 7).

   Nothing runs on the normal path: the pad is reached only by the
   unwinder, through the function's EH tables.  What changes is that the
   unwinder's second phase stops in this frame to run the pad, and the
   call now ends its block (as gcov's flow_call_edges_add splits blocks
   after calls too).  A program whose exception is never caught still
   terminates in the first phase, before any pad runs, as it would have;
   its paths are lost with the process, as gcov's counts are.

   With partial-paths no pad is made: the count made before the call is
   not taken back when the exception leaves (instrument.cc).  Only calls
   count: with -fnon-call-exceptions a trapping load that throws out of
   the function still loses its path (doc/plugin.md).  */

#include "gcc-common.h"
#include "pathprof-plugin.h"

/* Whether STMT is a call that can throw out of FUN with no landing pad in
   FUN, and returns otherwise: the calls that get a pad.  Calls that never
   return (__cxa_throw, __cxa_rethrow, _Unwind_Resume) already end their
   path before the call.  */

static bool
needs_unwind_pad_p (function *fun, gimple *stmt)
{
  return is_gimple_call (stmt)
	 && !gimple_call_internal_p (stmt)
	 && !gimple_call_noreturn_p (stmt)
	 && !(gimple_call_flags (stmt) & ECF_RETURNS_TWICE)
	 && stmt_can_throw_external (fun, stmt);
}

/* Give CALL, in FUN, a landing pad of its own (see the file comment):
   CALL ends its block, which gets an EH edge to a new block holding the
   post-landing-pad label and a resx of a new outermost cleanup region.
   Returns the new block.  */

/* Make CALL, in FUN, the last statement of its block, as a call with a
   landing pad must be (tree-eh.cc's mark_reachable_handlers asserts it).
   When statements other than debug ones follow, split the block after
   CALL.  When only debug statements do (with -g, the marker of the
   statement after a call that ends a scope: "f (); break;"), moving
   them keeps the CFG the one -g0 builds, so that -g changes neither the
   paths nor the code: they go to the start of the block CALL falls
   through to when CALL's block is its only predecessor, and are dropped
   otherwise, as GCC's remove_forwarder_block drops the debug statements
   of a forwarder whose destination it cannot give them to.  */

static void
end_block_at_call (gcall *call)
{
  basic_block bb = gimple_bb (call);
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_next_nondebug (&gsi);
  if (!gsi_end_p (gsi))
    {
      split_block (bb, call);
      return;
    }
  gsi = gsi_for_stmt (call);
  gsi_next (&gsi);
  if (gsi_end_p (gsi))
    return;
  basic_block dest = NULL;
  if (single_succ_p (bb)
      && !(single_succ_edge (bb)->flags & EDGE_COMPLEX)
      && single_succ (bb) != EXIT_BLOCK_PTR_FOR_FN (cfun)
      && single_pred_p (single_succ (bb)))
    dest = single_succ (bb);
  gimple_stmt_iterator to;
  if (dest)
    to = gsi_after_labels (dest);
  while (!gsi_end_p (gsi))
    {
      gimple *debug = gsi_stmt (gsi);
      gcc_checking_assert (is_gimple_debug (debug));
      if (dest)
	gsi_move_before (&gsi, &to);
      else
	gsi_remove (&gsi, true);
    }
}

static basic_block
add_unwind_pad (function *fun, gcall *call)
{
  basic_block bb = gimple_bb (call);
  end_block_at_call (call);

  eh_region region = gen_eh_region_cleanup (NULL);
  eh_landing_pad lp = gen_eh_landing_pad (region);
  tree label = create_artificial_label (UNKNOWN_LOCATION);
  EH_LANDING_PAD_NR (label) = lp->index;
  lp->post_landing_pad = label;

  /* First in the chain: pathprof_add_unwind_pads numbers the blocks in
     their order, and gcov's blocks keep theirs after the pads.  */
  basic_block pad = create_empty_bb (ENTRY_BLOCK_PTR_FOR_FN (fun));
  pad->count = profile_count::zero ();
  /* In no loop: it cannot reach any loop's latch.  */
  if (current_loops)
    add_bb_to_loop (pad, current_loops->tree_root);
  gimple_stmt_iterator gsi = gsi_start_bb (pad);
  gsi_insert_after (&gsi, gimple_build_label (label), GSI_NEW_STMT);
  gsi_insert_after (&gsi, gimple_build_resx (region->index), GSI_NEW_STMT);

  add_stmt_to_eh_lp (call, lp->index);
  make_eh_edge (call);
  edge e = find_edge (bb, pad);
  gcc_checking_assert (e && (e->flags & EDGE_EH));
  e->probability = profile_probability::never ();
  /* Keep what split_block keeps up to date right for the new block too:
     the loop code that runs next (get_loop_body) walks dominators.  */
  if (dom_info_available_p (CDI_DOMINATORS))
    set_immediate_dominator (CDI_DOMINATORS, pad, bb);
  return pad;
}

/* Give every call of FUN that can throw out of it without a landing pad
   one (add_unwind_pad), and record the pads in PCFG->unwind_pads.
   Nothing without -fexceptions, with partial-paths, or in a function
   with no such call.  */

void
pathprof_add_unwind_pads (function *fun, pathprof_cfg *pcfg)
{
  if (!flag_exceptions || pathprof_opts.partial_paths == PATHPROF_PARTIAL_COUNT)
    return;
  auto_vec<gcall *> calls;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (needs_unwind_pad_p (fun, gsi_stmt (gsi)))
	calls.safe_push (as_a <gcall *> (gsi_stmt (gsi)));
  if (calls.is_empty ())
    return;
  auto_vec<basic_block> pads;
  for (gcall *call : calls)
    pads.safe_push (add_unwind_pad (fun, call));
  /* The blocks numbered in their order, the pads first: gcov's blocks
     come after them in the order branch_prob numbers them, so that the
     last of them is the block of the highest number, to which gcov.cc
     gives no line (report/derive.c, gcov_last_block).  */
  compact_blocks ();
  for (basic_block pad : pads)
    pcfg->unwind_pads.safe_push (pad->index);
  if (!DECL_FUNCTION_PERSONALITY (fun->decl))
    DECL_FUNCTION_PERSONALITY (fun->decl) = lang_hooks.eh_personality ();
  if (current_loops)
    loops_state_set (LOOPS_NEED_FIXUP);
}
