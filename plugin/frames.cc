/* SPDX-License-Identifier: GPL-3.0-or-later */
/* frames.cc: the frame of a function whose calls may not return
   (partial-paths=yes, the default; runtime/pathprof-abi.h, struct
   __pathprof_frame; the runtime's side is runtime/cutpaths.c).

   Such a function has early exits numbered apart (core: pp_options
   apart_exits): the path left at call c after a prefix P is numbered
   N * (c + 1) + Val (P), N its number of paths, outside its counters.
   Its frame, a local {prev, fn, pending}, is linked into the thread's
   list on entry:

     frame.prev = __pathprof_frames;  frame.fn = &record;
     frame.pending = none;  __pathprof_frames = &frame;

   and unlinked before each return and before each resx that leaves the
   function (an exception passing through one of unwind.cc's pads, or a
   cleanup of its own):  __pathprof_frames = frame.prev.  Before each
   early-exit call frame.pending = the path's number, after it none
   (instrument.cc, emit_early_exit).  Before each setjmp the runtime is
   told the setjmp's buffer and the frame (__pathprof_note_setjmp), so
   that a longjmp to it (redirect.cc puts __pathprof_longjmp and friends
   in place of longjmp) counts the frames it leaves, and where the jump
   lands the frame becomes the list's head again (emit_restart).

   __pathprof_frames is defined weak in every object that has a frame, as
   well as in the runtime: an object linked without the runtime still
   has the variable, and never a reference to a TLS symbol that is not
   there.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "pathprof-abi.h"

/* struct __pathprof_frame, its fields, __pathprof_frames and
   __pathprof_note_setjmp, made once per unit; GC roots.  */
static GTY(()) tree frame_type;
static GTY(()) tree frame_fields;
static GTY(()) tree frames_decl;
static GTY(()) tree note_setjmp_fn;
static GTY(()) tree count_cut_fn;

static const struct ggc_root_tab frame_roots[] = {
  { &frame_type, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &frame_fields, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &frames_decl, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &note_setjmp_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &count_cut_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

/* Register our GC roots.  */

void
pathprof_init_frames (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     CONST_CAST (ggc_root_tab *, frame_roots));
}

/* struct __pathprof_frame { void *prev; void *fn; uint64_t pending; }
   and its fields (a TREE_VEC of three).  */

static tree
get_frame_type (void)
{
  if (frame_type)
    return frame_type;
  static const char *const names[3] = { "prev", "fn", "pending" };
  tree types[3] = { ptr_type_node, ptr_type_node, uint64_type_node };
  frame_fields = make_tree_vec (3);
  tree chain = NULL_TREE;
  /* finish_builtin_struct takes the fields last first.  */
  for (int i = 0; i < 3; i++)
    {
      tree f = build_decl (BUILTINS_LOCATION, FIELD_DECL,
			   get_identifier (names[i]), types[i]);
      TREE_VEC_ELT (frame_fields, i) = f;
      DECL_CHAIN (f) = chain;
      chain = f;
    }
  frame_type = make_node (RECORD_TYPE);
  finish_builtin_struct (frame_type, "__pathprof_frame", chain, NULL_TREE);
  return frame_type;
}

/* FRAME.field I (0 prev, 1 fn, 2 pending).  */

static tree
field (tree frame, int i)
{
  tree f = TREE_VEC_ELT (frame_fields, i);
  return build3 (COMPONENT_REF, TREE_TYPE (f), frame, f, NULL_TREE);
}

/* __pathprof_frames: a weak definition, zero in every thread.  */

static tree
get_frames_decl (void)
{
  if (frames_decl)
    return frames_decl;
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL,
			  get_identifier ("__pathprof_frames"),
			  ptr_type_node);
  TREE_STATIC (decl) = 1;
  TREE_PUBLIC (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  TREE_USED (decl) = 1;
  TREE_ADDRESSABLE (decl) = 1;
  declare_weak (decl);
  set_decl_tls_model (decl, decl_default_tls_model (decl));
  varpool_node::finalize_decl (decl);
  varpool_node *node = varpool_node::get (decl);
  if (symtab->state >= IPA && !node->analyzed)
    node->analyze ();
  frames_decl = decl;
  return decl;
}

/* __pathprof_count_cut (fn, path), a weak declaration: where a longjmp
   lands, the receiver's own path that the jump left.  */

tree
pathprof_count_cut_fn (void)
{
  if (!count_cut_fn)
    {
      tree type = build_function_type_list (void_type_node, ptr_type_node,
					    uint64_type_node, NULL_TREE);
      count_cut_fn = pathprof_runtime_fn_decl ("__pathprof_count_cut", type,
					       true);
    }
  return count_cut_fn;
}

/* A new frame for the current function.  */

tree
pathprof_new_frame (void)
{
  tree frame = create_tmp_var (get_frame_type (), "__pathprof_frame");
  TREE_ADDRESSABLE (frame) = 1;
  /* A resx unlinks it only if it is linked, reading PREV either way.  */
  suppress_warning (frame, OPT_Wuninitialized);
  return frame;
}

/* FRAME.pending = VALUE, appended to SEQ.  */

void
pathprof_set_pending (gimple_seq *seq, tree frame, tree value)
{
  gimple_seq_add_stmt (seq, gimple_build_assign (field (frame, 2), value));
}

/* __pathprof_frames = &FRAME, appended to SEQ.  */

void
pathprof_make_frame_head (gimple_seq *seq, tree frame)
{
  tree addr = create_tmp_reg (ptr_type_node, "__pathprof_frame_addr");
  gimple_seq_add_stmt (seq, gimple_build_assign (addr,
						 build_fold_addr_expr (frame)));
  gimple_seq_add_stmt (seq, gimple_build_assign (get_frames_decl (), addr));
}

/* __pathprof_frames = JUMPED ? &FRAME : __pathprof_frames, appended to
   SEQ: where a longjmp landed, the frames the jump left are no longer
   in the list.  */

void
pathprof_frame_head_if (gimple_seq *seq, tree frame, tree jumped)
{
  tree addr = create_tmp_reg (ptr_type_node, "__pathprof_frame_addr");
  gimple_seq_add_stmt (seq, gimple_build_assign (addr,
						 build_fold_addr_expr (frame)));
  tree old_head = create_tmp_reg (ptr_type_node, "__pathprof_frames");
  gimple_seq_add_stmt (seq, gimple_build_assign (old_head,
						 get_frames_decl ()));
  tree head = create_tmp_reg (ptr_type_node, "__pathprof_frames");
  gimple_seq_add_stmt (seq, gimple_build_assign (head, COND_EXPR, jumped,
						 addr, old_head));
  gimple_seq_add_stmt (seq, gimple_build_assign (get_frames_decl (), head));
}

/* The statements that link FRAME, of the function whose record is
   FN_DESC, into the list.  */

static gimple_seq
link_seq (tree frame, tree fn_desc)
{
  gimple_seq seq = NULL;
  tree head = create_tmp_reg (ptr_type_node, "__pathprof_frames");
  gimple_seq_add_stmt (&seq, gimple_build_assign (head, get_frames_decl ()));
  gimple_seq_add_stmt (&seq, gimple_build_assign (field (frame, 0), head));
  tree fn = create_tmp_reg (ptr_type_node, "__pathprof_fn");
  gimple_seq_add_stmt (&seq,
		       gimple_build_assign (fn,
					    build_fold_addr_expr (fn_desc)));
  gimple_seq_add_stmt (&seq, gimple_build_assign (field (frame, 1), fn));
  pathprof_set_pending (&seq, frame, build_int_cst (uint64_type_node, -1));
  pathprof_make_frame_head (&seq, frame);
  return seq;
}

/* The statements that unlink FRAME: __pathprof_frames = frame.prev, or
   with IF_LINKED only if the list's head is FRAME.  */

static gimple_seq
unlink_seq (tree frame, bool if_linked)
{
  gimple_seq seq = NULL;
  tree prev = create_tmp_reg (ptr_type_node, "__pathprof_frames");
  gimple_seq_add_stmt (&seq, gimple_build_assign (prev, field (frame, 0)));
  if (if_linked)
    {
      tree head = create_tmp_reg (ptr_type_node, "__pathprof_frames");
      gimple_seq_add_stmt (&seq, gimple_build_assign (head,
						      get_frames_decl ()));
      tree addr = create_tmp_reg (ptr_type_node, "__pathprof_frame_addr");
      gimple_seq_add_stmt (&seq,
			   gimple_build_assign (addr,
						build_fold_addr_expr (frame)));
      tree mine = create_tmp_reg (boolean_type_node, "__pathprof_mine");
      gimple_seq_add_stmt (&seq, gimple_build_assign (mine, EQ_EXPR, head,
						      addr));
      tree next = create_tmp_reg (ptr_type_node, "__pathprof_frames");
      gimple_seq_add_stmt (&seq, gimple_build_assign (next, COND_EXPR, mine,
						      prev, head));
      prev = next;
    }
  gimple_seq_add_stmt (&seq, gimple_build_assign (get_frames_decl (), prev));
  return seq;
}

/* Whether STMT stores a path's number (not none) in FRAME.pending: it
   comes before an early-exit call.  */

static bool
sets_pending_p (gimple *stmt, tree frame)
{
  if (!is_gimple_assign (stmt))
    return false;
  tree lhs = gimple_assign_lhs (stmt);
  if (TREE_CODE (lhs) != COMPONENT_REF || TREE_OPERAND (lhs, 0) != frame
      || TREE_OPERAND (lhs, 1) != TREE_VEC_ELT (frame_fields, 2))
    return false;
  tree rhs = gimple_assign_rhs1 (stmt);
  return !(TREE_CODE (rhs) == INTEGER_CST && integer_all_onesp (rhs));
}

/* On edge E: if (FLAG == WHEN) SEQ.  E is split into a test block and a
   block for SEQ, so that GCC can drop either where it knows FLAG.  */

static void
insert_if_on_edge (edge e, tree flag, bool when, gimple_seq seq)
{
  basic_block test = split_edge (e);
  basic_block then_bb = split_edge (single_succ_edge (test));
  basic_block join = single_succ (then_bb);
  gimple_stmt_iterator gsi = gsi_last_bb (test);
  gsi_insert_after (&gsi, gimple_build_cond (when ? NE_EXPR : EQ_EXPR, flag,
					     boolean_false_node, NULL_TREE,
					     NULL_TREE),
		    GSI_NEW_STMT);
  edge t = single_succ_edge (test);
  t->flags &= ~EDGE_FALLTHRU;
  t->flags |= EDGE_TRUE_VALUE;
  t->probability = profile_probability::even ();
  edge f = make_edge (test, join, EDGE_FALSE_VALUE);
  f->probability = profile_probability::even ();
  gsi = gsi_last_bb (then_bb);
  gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);
}

/* What the frame may be at a point of the function, before the flag
   LINKED is tested (pathprof_place_frame): a set of these, empty where
   no path from the entry reaches.  */
enum
{
  FRAME_MAY_BE_UNLINKED = 1,
  FRAME_MAY_BE_LINKED = 2,
  FRAME_MAY_BE_EITHER = FRAME_MAY_BE_UNLINKED | FRAME_MAY_BE_LINKED
};

/* Whether E, an edge of FUN, enters ANT, the blocks where an early exit
   is anticipated: the frame is linked on it.  */

static bool
enters_ant_p (function *fun, edge e, const_sbitmap ant)
{
  return (bitmap_bit_p (ant, e->dest->index)
	  && (e->src == ENTRY_BLOCK_PTR_FOR_FN (fun)
	      || !bitmap_bit_p (ant, e->src->index)));
}

/* Fill STATE, indexed by block, with what the frame may be at the start
   of each block of FUN when it is linked on every edge that enters ANT:
   the least fixed point of STATE (entry) = unlinked, and over each edge
   E, STATE (dest) includes linked if E enters ANT, STATE (src)
   otherwise.  Each block's set grows at most twice, so the walk is
   linear.  Where a set has one member, the flag's test is known: the
   link and the unlink go in without one, or not at all, so that the
   early passes do not have to fold a test and a join per edge into ANT
   and per return first.  */

static void
frame_states (function *fun, const_sbitmap ant, unsigned char *state)
{
  auto_vec<basic_block> work;
  basic_block entry = ENTRY_BLOCK_PTR_FOR_FN (fun);
  state[entry->index] = FRAME_MAY_BE_UNLINKED;
  work.safe_push (entry);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  if (e->dest == EXIT_BLOCK_PTR_FOR_FN (fun))
	    continue;
	  unsigned char in = (enters_ant_p (fun, e, ant)
			      ? (unsigned char) FRAME_MAY_BE_LINKED
			      : state[bb->index]);
	  unsigned char *dest = &state[e->dest->index];
	  if ((*dest | in) != *dest)
	    {
	      *dest |= in;
	      work.safe_push (e->dest);
	    }
	}
    }
}

/* Set ANT to the blocks of FUN where an early exit is anticipated: the
   greatest fixed point of: a site (a block that stores a path's number
   in FRAME.pending), or a block with successors that are all ANT (EXIT
   is not).  */

static void
anticipated_blocks (function *fun, tree frame, sbitmap ant)
{
  auto_sbitmap site (last_basic_block_for_fn (fun));
  bitmap_clear (site);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (sets_pending_p (gsi_stmt (gsi), frame))
	{
	  bitmap_set_bit (site, bb->index);
	  break;
	}
  bitmap_ones (ant);
  for (bool changed = true; changed;)
    {
      changed = false;
      FOR_EACH_BB_REVERSE_FN (bb, fun)
	{
	  if (!bitmap_bit_p (ant, bb->index) || bitmap_bit_p (site, bb->index))
	    continue;
	  bool all = EDGE_COUNT (bb->succs) > 0;
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    if (e->dest == EXIT_BLOCK_PTR_FOR_FN (fun)
		|| !bitmap_bit_p (ant, e->dest->index))
	      all = false;
	  if (!all)
	    {
	      bitmap_clear_bit (ant, bb->index);
	      changed = true;
	    }
	}
    }
}

/* Push onto INTO the edges of FUN that enter ANT, in the order of their
   destinations; whether one of them is an exception or abnormal edge,
   on which no code can go.  */

static bool
edges_into_ant (function *fun, const_sbitmap ant, vec<edge> *into)
{
  bool abnormal = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (bitmap_bit_p (ant, bb->index))
      {
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE (e, ei, bb->preds)
	  if (enters_ant_p (fun, e, ant))
	    {
	      if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
		abnormal = true;
	      into->safe_push (e);
	    }
      }
  return abnormal;
}

/* Push onto RETURNS the returns of FUN and onto RESXS the resxs that
   leave it, before any edge is split.  */

static void
find_exits (function *fun, vec<gimple *> *returns, vec<gimple *> *resxs)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
      if (gsi_end_p (gsi))
	continue;
      gimple *last = gsi_stmt (gsi);
      if (gimple_code (last) == GIMPLE_RETURN)
	returns->safe_push (last);
      else if (gimple_code (last) == GIMPLE_RESX
	       && EDGE_COUNT (bb->succs) == 0)
	resxs->safe_push (last);
    }
}

/* STATE, what the frame may be at a point, where an unreached block's
   empty set is taken as unknown.  */

static unsigned char
known_state (unsigned char state)
{
  return state ? state : (unsigned char) FRAME_MAY_BE_EITHER;
}

/* Link FRAME, of the function whose record is FN_DESC, on entry to FUN
   and unlink it before each of RETURNS.  */

static void
link_on_entry (function *fun, tree frame, tree fn_desc,
	       const vec<gimple *> &returns)
{
  gsi_insert_seq_on_edge (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun)),
			  link_seq (frame, fn_desc));
  gsi_commit_edge_inserts ();
  for (gimple *ret : returns)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (ret);
      gsi_insert_seq_before (&gsi, unlink_seq (frame, false), GSI_SAME_STMT);
    }
}

/* Link FRAME, of the function whose record is FN_DESC, on each edge of
   INTO where it may be unlinked (INTO_STATE), setting the flag LINKED
   if there is one; where it may also be linked, only if LINKED is
   false.  */

static void
link_on_edges (const vec<edge> &into, const vec<unsigned char> &into_state,
	       tree frame, tree fn_desc, tree linked)
{
  unsigned i;
  edge e;
  FOR_EACH_VEC_ELT (into, i, e)
    {
      if (into_state[i] == FRAME_MAY_BE_LINKED)
	continue;
      gimple_seq seq = link_seq (frame, fn_desc);
      if (linked)
	gimple_seq_add_stmt (&seq, gimple_build_assign (linked,
							boolean_true_node));
      if (into_state[i] == FRAME_MAY_BE_EITHER)
	insert_if_on_edge (e, linked, false, seq);
      else
	gsi_insert_seq_on_edge (e, seq);
    }
  gsi_commit_edge_inserts ();
}

/* Unlink FRAME before each of RETURNS where it may be linked
   (RETURN_STATE).  Each return whose frame may or may not be linked in
   a block of its own, entered by one edge, on which the unlink goes if
   the flag LINKED is true.  */

static void
unlink_at_returns (const vec<gimple *> &returns,
		   const vec<unsigned char> &return_state, tree frame,
		   tree linked)
{
  unsigned i;
  gimple *ret;
  FOR_EACH_VEC_ELT (returns, i, ret)
    {
      if (return_state[i] == FRAME_MAY_BE_UNLINKED)
	continue;
      gimple_stmt_iterator gsi = gsi_for_stmt (ret);
      if (return_state[i] == FRAME_MAY_BE_LINKED)
	{
	  gsi_insert_seq_before (&gsi, unlink_seq (frame, false),
				 GSI_SAME_STMT);
	  continue;
	}
      basic_block b = gimple_bb (ret);
      gsi_prev_nondebug (&gsi);
      edge to_ret = gsi_end_p (gsi) ? split_block_after_labels (b)
				    : split_block (b, gsi_stmt (gsi));
      insert_if_on_edge (to_ret, linked, true, unlink_seq (frame, false));
    }
}

/* The most edges into ANT whose link needs a test of the flag LINKED
   in a function that links its frame where an early exit is
   anticipated, unless such edges are sparse (LINK_TEST_SPARSITY); above,
   it links on entry.  Such edges are in loops or after joins, many of
   them in a loop that calls in many places: an interpreter's dispatch
   loop (gawk's r_interpret has about a hundred), which then tests the
   flag at each iteration through a case that calls, and whose tests,
   links and the copies jump threading makes of them cost more code than
   the function's fast path saves (eval.c of gawk: .text 8 % smaller,
   the compile 15-20 % faster, a run of bench.awk no slower).  */
#define MAX_LINK_TESTS 16

/* Edges whose link needs a test are sparse in a function with more
   than this many blocks per such edge: its calls sit in a few of many
   cases, a fast path that makes none is likely, and the tests are a
   small part of its code, so it links where needed however many there
   are.  pcre2's match() has 24 in 8 750 blocks and is called at every
   candidate start of a match, most of which fail before any call:
   linked on entry, it ran 1.2 % more instructions.  The dense functions
   that linking on entry was for have one per 8 to 24 blocks (gawk's
   r_interpret 101 in 1 923, sqlite3VdbeExec 168 in 4 009).  */
#define LINK_TEST_SPARSITY 64

/* Link and unlink FRAME, of the function whose record is FN_DESC, in
   FUN, once every probe is in place.  A path that makes no early-exit
   call (a function's fast path) should pay nothing, so the frame is
   linked only where such a call is anticipated (every path from there
   reaches one: the blocks ANT), on the edges into them, and only once
   (a flag LINKED, false on entry: a loop whose body calls re-enters
   ANT); each return unlinks it if LINKED.  Where the flag's value is
   known (frame_states) there is no test: the link or unlink goes in
   alone, or nothing; GCC would fold such tests, but only after the
   early passes have paid for them.  Every resx that leaves the function
   unlinks the frame if it is the list's head.  In a function that calls
   setjmp or has a nonlocal label (whose receivers make the frame the
   list's head) or where an exception or abnormal edge enters ANT (no
   code can go on it), the frame is linked on entry and unlinked before
   every return; so does a function with more than MAX_LINK_TESTS edges
   into ANT whose link needs a test, unless they are sparse
   (LINK_TEST_SPARSITY).  Return whether the frame is linked on
   entry.  */

bool
pathprof_place_frame (function *fun, tree frame, tree fn_desc)
{
  unsigned n = last_basic_block_for_fn (fun);
  auto_sbitmap ant (n);
  anticipated_blocks (fun, frame, ant);
  bool eager = fun->calls_setjmp || fun->has_nonlocal_label;
  auto_vec<edge> into;
  eager |= edges_into_ant (fun, ant, &into);

  auto_vec<gimple *> returns, resxs;
  find_exits (fun, &returns, &resxs);
  for (gimple *resx : resxs)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (resx);
      gsi_insert_seq_before (&gsi, unlink_seq (frame, true), GSI_SAME_STMT);
    }

  /* What the frame may be on each edge into ANT and at each return,
     known before any edge is split; the flag only if one is unknown.
     Too many edges whose link needs a test: link on entry
     (MAX_LINK_TESTS).  */
  auto_vec<unsigned char> state;
  state.safe_grow_cleared (n);
  frame_states (fun, ant, state.address ());
  auto_vec<unsigned char> into_state, return_state;
  unsigned tests = 0;
  for (edge e : into)
    {
      unsigned char s = known_state (state[e->src->index]);
      tests += s == FRAME_MAY_BE_EITHER;
      into_state.safe_push (s);
    }
  bool need_flag = tests > 0;
  eager |= (tests > MAX_LINK_TESTS
	    && (unsigned) n_basic_blocks_for_fn (fun)
	       <= tests * LINK_TEST_SPARSITY);
  if (eager)
    {
      link_on_entry (fun, frame, fn_desc, returns);
      return true;
    }

  for (gimple *ret : returns)
    {
      unsigned char s = known_state (state[gimple_bb (ret)->index]);
      need_flag |= s == FRAME_MAY_BE_EITHER;
      return_state.safe_push (s);
    }

  tree linked = (need_flag
		 ? create_tmp_reg (boolean_type_node, "__pathprof_linked")
		 : NULL_TREE);
  link_on_edges (into, into_state, frame, fn_desc, linked);
  /* First of all (an edge into ANT may have been the entry edge).  */
  if (linked)
    gsi_insert_on_edge_immediate (single_succ_edge
				  (ENTRY_BLOCK_PTR_FOR_FN (fun)),
				  gimple_build_assign (linked,
						       boolean_false_node));
  unlink_at_returns (returns, return_state, frame, linked);
  free_dominance_info (CDI_DOMINATORS);
  if (current_loops)
    loops_state_set (LOOPS_NEED_FIXUP);
  return false;
}

/* Before each call of FUN that returns twice with a pointer for its
   first argument (setjmp, sigsetjmp: the buffer), tell the runtime the
   buffer and FRAME, on the call's ordinary entries (not the abnormal
   edge by which it returns again): nothing may go before such a call
   in its block.  */

void
pathprof_note_setjmps (function *fun, tree frame)
{
  auto_vec<gcall *> calls;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	if (call && (gimple_call_flags (call) & ECF_RETURNS_TWICE)
	    && gimple_call_num_args (call) > 0
	    && POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, 0))))
	  calls.safe_push (call);
      }
  if (calls.is_empty ())
    return;
  if (!note_setjmp_fn)
    {
      tree type = build_function_type_list (void_type_node, ptr_type_node,
					    ptr_type_node, NULL_TREE);
      note_setjmp_fn = pathprof_runtime_fn_decl ("__pathprof_note_setjmp",
						 type, true);
    }
  for (gcall *call : calls)
    {
      tree env = gimple_call_arg (call, 0);
      edge e;
      edge_iterator ei;
      auto_vec<edge> entries;
      FOR_EACH_EDGE (e, ei, gimple_bb (call)->preds)
	if (!(e->flags & EDGE_ABNORMAL))
	  entries.safe_push (e);
      for (edge entry : entries)
	{
	  /* if (&__pathprof_note_setjmp != 0)
	       __pathprof_note_setjmp (env, &frame);
	     the runtime may not be linked.  */
	  basic_block on = split_edge (entry);
	  basic_block call_bb = split_edge (single_succ_edge (on));
	  basic_block dest = single_succ (call_bb);
	  gimple_seq seq = NULL;
	  tree linked_p = pathprof_runtime_linked_value (&seq,
							 note_setjmp_fn);
	  gimple_seq_add_stmt (&seq,
			       gimple_build_cond (NE_EXPR, linked_p,
						  boolean_false_node,
						  NULL_TREE, NULL_TREE));
	  gimple_stmt_iterator gsi = gsi_last_bb (on);
	  gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);
	  edge t = single_succ_edge (on);
	  t->flags &= ~EDGE_FALLTHRU;
	  t->flags |= EDGE_TRUE_VALUE;
	  t->probability = profile_probability::very_likely ();
	  edge f = make_edge (on, dest, EDGE_FALSE_VALUE);
	  f->probability = t->probability.invert ();

	  seq = NULL;
	  tree env_ptr = create_tmp_reg (ptr_type_node, "__pathprof_env");
	  gimple_seq_add_stmt (&seq, gimple_build_assign (env_ptr, NOP_EXPR,
							  env));
	  tree addr = create_tmp_reg (ptr_type_node, "__pathprof_frame_addr");
	  gimple_seq_add_stmt (&seq,
			       gimple_build_assign (addr,
						    build_fold_addr_expr
						      (frame)));
	  gcall *note = gimple_build_call (note_setjmp_fn, 2, env_ptr, addr);
	  gimple_set_location (note, gimple_location (call));
	  gimple_seq_add_stmt (&seq, note);
	  gsi = gsi_last_bb (call_bb);
	  gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);
	}
    }
  free_dominance_info (CDI_DOMINATORS);
  if (current_loops)
    loops_state_set (LOOPS_NEED_FIXUP);
}
