/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inlined leaves: the counts of one-path functions inlined into their
   callers, derived from the callers' paths instead of counted
   (runtime ABI 8, struct __pathprof_link; doc/plugin.md, "Inlined
   leaves").

   A function of one path counts it at its return.  We instrument at
   "cfg", before GCC inlines, so every copy the inliner makes of such a
   function carries that count: one memory add per call where GCC's own
   edge profiler, which instruments after early inlining, pays nothing
   (the inlined block's count is its caller's).  Yet each run of the copy
   is a run of a path of the caller through the block that held the
   call, which the caller counts anyway: so, where that is exact, we
   remove the copy's count and let the runtime add those paths' counts to
   the leaf's at each write.

   Exact means: whenever the copy runs, the caller's path goes on to be
   counted, once, and a counted path through the block ran the copy.
   What we require for that:

   - the leaf (the callee): one path, no statement that may throw (an
     exception out of the copy would reach the caller's handler with the
     leaf's run unfinished and the caller's path still counted), no
     metric (its time could not be derived), counters of its own (not
     update=per-thread's copies);
   - the caller: no partial-paths and no setjmp or nonlocal label (so no
     path ends part way through a block, at a call: every counted path
     through the block ran all of it), no loop runs in registers;
   - the copy: from a call the caller's pass recorded, at a location no
     call of the same leaf in another block shares; and from the copy to
     every end of the caller's path that can follow, no call but a leaf
     builtin, a target intrinsic or a stop-free
     function of the unit (stop_free_p), nothing that may throw, no asm:
     nothing that could stop the caller's path between the copy's run
     and its count (exit, longjmp, an exception, fork).

   The pass runs right after "einline", before any pass that could
   duplicate the copy (jump threading, unrolling): one copy per call.
   A copy in the function's own body is decided there, and every later
   copy of that body (inlined, cloned, split) inherits the decision.
   Copies the IPA inliner makes later keep their count.

   A copy inside the copy of another function, its host, stands for the
   host's call: exact only if every copy of that call lost its count,
   which is known once "einline" has run everywhere.  GCC makes such
   copies when the host is always_inline (nothing but always_inline
   functions is inlined early into its own body).  So the count goes to
   a stand-in variable for the host's call (a group), or the group is
   marked kept; so is it where a copy of the call is still a call at the
   end of the early passes (pathprof_leaf_calls_pass);
   pathprof_resolve_leaves_pass, after IPA, decides the groups and turns
   each stand-in into nothing or back into the leaf's counters.

   A call that stays a call after "einline" may still be inlined by the
   IPA inliner, into its caller and into every copy of its caller (in
   other functions, in clones, in split parts).  Such a call is a
   candidate, keyed by the leaf and the call's location, when the leaf
   itself cannot stop a path (stop_free_p) or nothing that could follows
   its count (count_last_p: its calls come before it), and every way on
   from the call reaches the end of the caller's path, checked where
   "einline" leaves it.  decide_inlined_calls, after IPA, activates the
   candidate's sites when the call graph shows every call of the leaf at
   that location inlined, and no copy at that location kept its count
   early; the pass after IPA then removes every copy at that location
   (pathprof_resolve_leaves_pass).

   The link table is built when the unit's records are (at IPA start,
   before "einline" runs anywhere) with every candidate call inactive;
   the passes set a link active when its copies' counts are removed.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"

namespace {

/* A call the caller's pass recorded: candidate for a link.  */
struct call_site
{
  tree caller;          /* the function that makes the call */
  tree callee;          /* the function called */
  location_t locus;     /* the call's location, without its block */
  unsigned block;       /* its block in the caller's meta */
  int link;             /* index in the link table, or -1 */
  bool active;          /* a copy's count removed for this call */
};

/* A function whose pass recorded its calls (an eligible caller).  */
struct caller_info
{
  unsigned record;      /* index of its record in the unit */
  /* Its counting variables: a statement that refers to one of them is
     the end of one of its paths.  */
  auto_vec<tree> decls;
};

} // namespace

/* Leaves: the leaf's counter array -> the leaf's decl, and the leaf's
   decl -> its record's index.  */
static hash_map<tree, tree> *leaf_of_counters;
static hash_map<tree, unsigned> *leaf_records;
static hash_map<tree, caller_info *> *callers;
static vec<call_site> sites;
/* The link table's variable: uint64_t[4 * n], the ABI's struct
   __pathprof_link in order (leaf, caller, block, active).  */
static tree links_decl;

static tree leaf_count_of (gimple *stmt);
static bool count_last_p (function *fun, tree counters);
/* Leaves whose count nothing that could stop a path follows
   (count_last_p).  */
static hash_set<tree> *count_last_leaves;

/* Whether inlined leaves apply to this compilation at all.  */

static bool
leaves_enabled (void)
{
  return pathprof_opts.inlined_leaves && !pathprof_opts.per_thread
	 && pathprof_opts.partial_paths != PATHPROF_PARTIAL_COUNT
	 && pathprof_opts.metric == PATHPROF_METRIC_NONE;
}

/* Record FUN, whose record is the unit's RECORD-th and whose single path
   is counted in COUNTERS, as a leaf if nothing in it may throw.  */

void
pathprof_note_leaf (function *fun, unsigned record, tree counters)
{
  if (!leaves_enabled () || fun->calls_setjmp || fun->has_nonlocal_label)
    return;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (stmt_could_throw_p (fun, gsi_stmt (gsi)))
	return;
  if (!leaf_of_counters)
    {
      leaf_of_counters = new hash_map<tree, tree>;
      leaf_records = new hash_map<tree, unsigned>;
    }
  leaf_of_counters->put (counters, fun->decl);
  leaf_records->put (fun->decl, record);
  if (count_last_p (fun, counters))
    {
      if (!count_last_leaves)
	count_last_leaves = new hash_set<tree>;
      count_last_leaves->add (fun->decl);
    }
  /* The count has no location: give it the function's outermost scope,
     which the inliner maps into the scope of each copy, whose location
     is the call's.  So every statement without a scope, since the count
     may not be recognised yet: an atomic add takes the counter's address
     from a temporary until it is propagated.  */
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!gimple_block (stmt) && !is_gimple_debug (stmt))
	  gimple_set_block (stmt, DECL_INITIAL (fun->decl));
      }
}

/* Record FUN, the unit's RECORD-th, counted through the variables DECLS
   (NUM of them, NULL_TREE ignored), as a caller, and its direct calls as
   candidate sites, in the blocks the plan numbered (PLAN_BLOCKS, those
   with REACHABLE set).  */

void
pathprof_note_caller (function *fun, unsigned record, const tree *decls,
		      unsigned num, unsigned plan_blocks,
		      const bool *reachable)
{
  if (!leaves_enabled () || fun->calls_setjmp || fun->has_nonlocal_label)
    return;
  caller_info *info = new caller_info;
  info->record = record;
  for (unsigned i = 0; i < num; i++)
    if (decls[i])
      info->decls.safe_push (decls[i]);
  if (!callers)
    callers = new hash_map<tree, caller_info *>;
  callers->put (fun->decl, info);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      if ((unsigned) bb->index >= plan_blocks || !reachable[bb->index])
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	  tree callee = call ? gimple_call_fndecl (call) : NULL_TREE;
	  location_t locus = call ? LOCATION_LOCUS (gimple_location (call))
				  : UNKNOWN_LOCATION;
	  if (!callee || callee == fun->decl || locus == UNKNOWN_LOCATION
	      || fndecl_built_in_p (callee))
	    continue;
	  call_site site = { fun->decl, callee, locus,
			     (unsigned) bb->index, -1, false };
	  sites.safe_push (site);
	}
    }
}

/* Build the unit's link table: one inactive link per recorded call of a
   leaf by a caller.  Returns the table's variable (NULL_TREE when there
   is none) and sets *NUM to its number of links.  Called once per unit,
   when its records are built.  */

tree
pathprof_links_table (unsigned *num)
{
  unsigned num_links = 0;
  *num = 0;
  links_decl = NULL_TREE;
  if (!leaf_records || !callers)
    return NULL_TREE;
  vec<constructor_elt, va_gc> *elts = NULL;
  tree u64 = uint64_type_node;
  for (call_site &site : sites)
    {
      unsigned *leaf = leaf_records->get (site.callee);
      caller_info **caller = callers->get (site.caller);
      if (!leaf || !caller)
	continue;
      site.link = num_links++;
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE, build_int_cst (u64, *leaf));
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE,
			      build_int_cst (u64, (*caller)->record));
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE, build_int_cst (u64,
							      site.block));
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE, build_int_cst (u64, 0));
    }
  if (!num_links)
    return NULL_TREE;
  tree type = build_array_type_nelts (u64, 4 * num_links);
  /* Written: its last field changes after this, as the pass removes
     counts, so it must not be folded as a constant.  */
  links_decl = pathprof_static_var ("__pathprof_links", type,
				    build_constructor (type, elts), false);
  *num = num_links;
  return links_decl;
}

/* Functions of the unit that cannot stop a caller's path, as far as
   their own bodies go: no call but harmless builtins and calls of other
   functions of the unit (CALLEES, which must be stop-free too), no asm,
   nothing that may throw.  STATE: 0 not known yet, 1 yes, 2 no, 3 being
   decided (a cycle: no).  */
struct body_info
{
  auto_vec<tree> callees;
  bool own_ok;
  int state;
};
static hash_map<tree, body_info *> *bodies;

/* Whether CALL is a builtin that calls nothing of the program's and
   cannot exit, jump or return twice: a leaf builtin of the language
   (memcpy, __builtin_prefetch) or a target's intrinsic.  Whether it may
   throw (-fnon-call-exceptions) is stmt_could_throw_p's to say, asked of
   every statement apart.  */

static bool
harmless_builtin_p (const gcall *call)
{
  if (gimple_call_internal_p (call))
    return gimple_call_internal_fn (call) == IFN_BUILTIN_EXPECT;
  tree callee = gimple_call_fndecl (call);
  if (!callee)
    return false;
  if (fndecl_built_in_p (callee, BUILT_IN_MD))
    return true;
  if (!fndecl_built_in_p (callee, BUILT_IN_NORMAL))
    return false;
  int flags = gimple_call_flags (call);
  return (flags & ECF_LEAF) && !(flags & (ECF_NORETURN | ECF_RETURNS_TWICE));
}

/* Record FUN's body (at its pass, before instrumentation) for
   stop_free_p.  */

void
pathprof_note_body (function *fun)
{
  if (!leaves_enabled ())
    return;
  body_info *info = new body_info;
  info->own_ok = !fun->calls_setjmp && !fun->has_nonlocal_label;
  info->state = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	 info->own_ok && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (gimple_code (stmt) == GIMPLE_ASM || stmt_could_throw_p (fun, stmt))
	  info->own_ok = false;
	else if (gcall *call = dyn_cast <gcall *> (stmt))
	  {
	    tree callee = gimple_call_fndecl (call);
	    if (harmless_builtin_p (call))
	      continue;
	    /* The body seen must be the one that runs: a function that
	       binds here, or one always inlined (an intrinsic's
	       gnu_inline wrapper, which binds elsewhere).  */
	    if (callee && !fndecl_built_in_p (callee)
		&& (decl_binds_to_current_def_p (callee)
		    || DECL_DISREGARD_INLINE_LIMITS (callee)))
	      info->callees.safe_push (callee);
	    else
	      info->own_ok = false;
	  }
      }
  if (!bodies)
    bodies = new hash_map<tree, body_info *>;
  bodies->put (fun->decl, info);
}

/* Whether a call of FN cannot stop its caller's path: FN's body and
   those of the functions it calls, all of the unit, cannot.  */

static bool
stop_free_p (tree fn)
{
  body_info **found = bodies ? bodies->get (fn) : NULL;
  if (!found)
    return false;
  body_info *info = *found;
  if (info->state)
    return info->state == 1;
  info->state = 3;
  bool ok = info->own_ok;
  for (unsigned i = 0; ok && i < info->callees.length (); i++)
    ok = stop_free_p (info->callees[i]);
  info->state = ok ? 1 : 2;
  return ok;
}

/* Whether STMT, in the caller, is a call through which its path could
   stop: anything but a harmless builtin or a call of a stop-free
   function of the unit.  */

static bool
call_may_stop_p (const gcall *call)
{
  if (harmless_builtin_p (call))
    return false;
  tree callee = gimple_call_fndecl (call);
  return !callee || !stop_free_p (callee);
}

/* walk_gimple_op callback: stop at a variable of the caller's list
   (WI->info).  */

static tree
refers_to_decls (tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *) data;
  const vec<tree> *decls = (const vec<tree> *) wi->info;
  if (VAR_P (*tp))
    {
      for (tree d : *decls)
	if (d == *tp)
	  return *tp;
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Whether STMT counts one of the caller's paths (refers to one of its
   counting variables DECLS).  */

static bool
ends_caller_path_p (gimple *stmt, const vec<tree> *decls)
{
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = (void *) decls;
  return walk_gimple_op (stmt, refers_to_decls, &wi) != NULL_TREE;
}

/* Whether every way on from STMT, in FUN, reaches an end of the
   caller's path (a statement referring to DECLS) with nothing on the
   way that could stop the path: a call other than a harmless builtin,
   a statement that may throw, an asm, an abnormal or EH edge, or the
   function's exit.  With DECLS null, the function's return is the end
   sought, the exit is reached normally, and any call but a harmless
   builtin may stop the path (asked of a leaf at its own pass, when the
   bodies of the functions it calls may not be known yet).  Gives up
   (false) past a bounded search.  */

static bool
reaches_path_end_p (function *fun, gimple *stmt, const vec<tree> *decls)
{
  auto_bitmap visited;
  auto_vec<basic_block> work;
  unsigned budget = 4096;
  gimple_stmt_iterator gsi = gsi_for_stmt (stmt);
  gsi_next (&gsi);
  basic_block bb = gimple_bb (stmt);
  for (;;)
    {
      bool ended = false;
      for (; !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  if (is_gimple_debug (s))
	    continue;
	  if (!budget--)
	    return false;
	  if (decls && ends_caller_path_p (s, decls))
	    {
	      ended = true;
	      break;
	    }
	  gcall *call = dyn_cast <gcall *> (s);
	  if (gimple_code (s) == GIMPLE_ASM
	      || (call && (decls ? call_may_stop_p (call)
			   : !harmless_builtin_p (call)))
	      || stmt_could_throw_p (fun, s))
	    return false;
	}
      if (!ended)
	{
	  edge e;
	  edge_iterator ei;
	  if (EDGE_COUNT (bb->succs) == 0)
	    return false;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    {
	      if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
		return false;
	      if (e->dest == EXIT_BLOCK_PTR_FOR_FN (fun))
		{
		  if (decls)
		    return false;
		  continue;
		}
	      if (bitmap_set_bit (visited, e->dest->index))
		work.safe_push (e->dest);
	    }
	}
      if (work.is_empty ())
	return true;
      bb = work.pop ();
      gsi = gsi_start_bb (bb);
    }
}

/* Whether every count of COUNTERS in FUN, a leaf, is followed by
   nothing that could stop its path before the leaf returns: no call but
   a harmless builtin, no asm, nothing that may throw.  Then whatever in
   the leaf could stop it comes before its count (placement.c never
   counts a path before a call that may not return), so a run cut short
   there is counted neither by the leaf nor by the caller its copy is
   in, whose path does not reach its end: the leaf need not be
   stop-free for its IPA copies to lose their counts.  */

static bool
count_last_p (function *fun, tree counters)
{
  auto_vec<tree> decls;
  decls.safe_push (counters);
  bool counted = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (is_gimple_debug (stmt) || !ends_caller_path_p (stmt, &decls))
	  continue;
	if (!reaches_path_end_p (fun, stmt, NULL))
	  return false;
	counted = true;
      }
  return counted;
}

/* The leaf whose count STMT, in FUN, makes: a store to a leaf's counter
   array or an atomic add to it.  Returns the leaf's decl or NULL_TREE.  */

static tree
leaf_count_of (gimple *stmt)
{
  tree target = NULL_TREE;
  if (gimple_assign_single_p (stmt))
    target = gimple_assign_lhs (stmt);
  else if (gimple_call_builtin_p (stmt, BUILT_IN_NORMAL)
	   && gimple_call_num_args (stmt) >= 1)
    {
      switch (DECL_FUNCTION_CODE (gimple_call_fndecl (stmt)))
	{
	case BUILT_IN_ATOMIC_FETCH_ADD_8:
	case BUILT_IN_ATOMIC_ADD_FETCH_8:
	  {
	    tree addr = gimple_call_arg (stmt, 0);
	    if (TREE_CODE (addr) == ADDR_EXPR)
	      target = TREE_OPERAND (addr, 0);
	  }
	  break;
	default:
	  break;
	}
    }
  if (!target)
    return NULL_TREE;
  tree base = get_base_address (target);
  if (!base || !VAR_P (base))
    return NULL_TREE;
  tree *leaf = leaf_of_counters->get (base);
  return leaf ? *leaf : NULL_TREE;
}

/* The function whose inlined copy holds BLOCK, the innermost if copies
   nest: NULL_TREE when BLOCK is in no copy, error_mark_node when the
   copy's origin is not a function.  */

static tree
copy_origin (tree block)
{
  for (tree up = block; up && TREE_CODE (up) == BLOCK;
       up = BLOCK_SUPERCONTEXT (up))
    if (inlined_function_outer_scope_p (up))
      {
	tree origin = block_ultimate_origin (up);
	return origin && TREE_CODE (origin) == FUNCTION_DECL ? origin
							     : error_mark_node;
      }
  return NULL_TREE;
}

/* Where the copy of LEAF that STMT belongs to was inlined: sets *LOCUS
   to the call's location and returns the function whose body held the
   call, its "host": NULL_TREE when the copy is in FUN's own body, the
   inlined function otherwise (the copy is inside the copy of HOST,
   inlined into FUN).  Returns error_mark_node when STMT is in no copy of
   LEAF that can be placed.  */

static tree
copy_host (gimple *stmt, tree leaf, location_t *locus)
{
  tree block = gimple_block (stmt);
  while (block && TREE_CODE (block) == BLOCK
	 && !inlined_function_outer_scope_p (block))
    block = BLOCK_SUPERCONTEXT (block);
  if (!block || TREE_CODE (block) != BLOCK)
    return error_mark_node;
  /* A C++ constructor's or destructor's clone is the copy of its
     abstract origin.  */
  tree origin = block_ultimate_origin (block);
  if (origin != leaf && origin != DECL_ORIGIN (leaf))
    return error_mark_node;
  *locus = LOCATION_LOCUS (BLOCK_SOURCE_LOCATION (block));
  return copy_origin (BLOCK_SUPERCONTEXT (block));
}

/* The site of CALLER's call of LEAF at LOCUS that a removed copy stands
   for: the first not yet active, provided every recorded call of LEAF at
   LOCUS in CALLER is linked and in one block (the copies of calls that
   share a location cannot be told apart, but the calls of one block are
   interchangeable); NULL otherwise.  */

static call_site *
site_for (tree caller, tree leaf, location_t locus)
{
  call_site *first = NULL, *free_site = NULL;
  for (call_site &site : sites)
    {
      if (site.caller != caller || site.callee != leaf
	  || site.locus != locus)
	continue;
      if (site.link < 0 || (first && first->block != site.block))
	return NULL;
      if (!first)
	first = &site;
      if (!site.active && !free_site)
	free_site = &site;
    }
  return free_site;
}

/* Mark link I active in the table's initializer.  */

static void
activate_link (int i)
{
  vec<constructor_elt, va_gc> *elts = CONSTRUCTOR_ELTS (DECL_INITIAL
							(links_decl));
  (*elts)[4 * i + 3].value = build_int_cst (uint64_type_node, 1);
}

/* A copy of LEAF inside the copies of HOST, from HOST's calls at LOCUS:
   its count goes to VAR, a stand-in, until every copy of such calls in
   the unit is known (pathprof_resolve_leaves_pass).  */
struct copy_group
{
  tree host;
  tree leaf;
  location_t locus;
  tree var;             /* uint64_t[1], NULL_TREE until a count uses it */
  tree counters;        /* the leaf's counters */
  bool blocked;         /* a copy or call where the count must stay */
};

static vec<copy_group> groups;

/* A call of a group's leaf that stayed a call in the body of BODY, an
   always_inline function: it blocks the group only if BODY's own body
   may run (decide_groups).  */
struct call_in_body
{
  unsigned group;
  tree body;
};

static vec<call_in_body> calls_in_bodies;
/* The stand-ins: variable -> group index.  */
static hash_map<tree, unsigned> *group_of_var;

/* The group of HOST's calls of LEAF at LOCUS, made if new.  */

static copy_group *
group_for (tree host, tree leaf, location_t locus)
{
  for (copy_group &g : groups)
    if (g.host == host && g.leaf == leaf && g.locus == locus)
      return &g;
  copy_group g = { host, leaf, locus, NULL_TREE, NULL_TREE, false };
  groups.safe_push (g);
  return &groups.last ();
}

/* Whether copies inside the copies of other functions may be deferred:
   not where the unit goes to LTO, whose later passes run without us.  */

static bool
groups_enabled (void)
{
  return !flag_generate_lto && !flag_generate_offload;
}

/* The calls of a leaf at one location that "einline" left calls: the
   IPA inliner may still inline them (plugin/inlined-leaves.cc's
   header).  */
struct inlined_call
{
  tree leaf;
  location_t locus;
  tree caller;          /* the function whose body held the calls */
  bool blocked;         /* a copy or call where the count must stay */
  bool active;          /* every copy's count is to go */
  bool in_copies;       /* a call or copy seen in a copy of the caller */
};

static vec<inlined_call> inlined_calls;
/* Leaves with a copy or call that could not be placed (block_leaf).  */
static hash_set<tree> *unplaced_leaves;
/* (leaf's record + 1) << 32 | locus -> index in inlined_calls.  */
typedef int_hash<uint64_t, 0, 1> call_key_hash;
static hash_map<call_key_hash, unsigned> *inlined_call_index;
static unsigned num_active_calls;

/* The key of LEAF's calls at LOCUS in inlined_call_index.  */

static uint64_t
inlined_call_key (tree leaf, location_t locus)
{
  return ((uint64_t) *leaf_records->get (leaf) + 1) << 32 | locus;
}

/* The entry of LEAF's calls at LOCUS, made if new (CALLER NULL_TREE).  */

static inlined_call *
inlined_call_for (tree leaf, location_t locus)
{
  uint64_t key = inlined_call_key (leaf, locus);
  if (!inlined_call_index)
    inlined_call_index = new hash_map<call_key_hash, unsigned>;
  bool existed;
  unsigned &index = inlined_call_index->get_or_insert (key, &existed);
  if (!existed)
    {
      index = inlined_calls.length ();
      inlined_call c = { leaf, locus, NULL_TREE, false, false, false };
      inlined_calls.safe_push (c);
    }
  return &inlined_calls[index];
}

/* The entry of LEAF's calls at LOCUS if there is one, else NULL.  */

static inlined_call *
find_inlined_call (tree leaf, location_t locus)
{
  unsigned *index = inlined_call_index
		    ? inlined_call_index->get (inlined_call_key (leaf, locus))
		    : NULL;
  return index ? &inlined_calls[*index] : NULL;
}

/* No copy of LEAF may lose its count: one of its calls or copies cannot
   be placed.  */

static void
block_leaf (tree leaf)
{
  if (!unplaced_leaves)
    unplaced_leaves = new hash_set<tree>;
  unplaced_leaves->add (leaf);
}

/* The copies and calls of LEAF at LOCUS must keep counting themselves.  */

static void
block_inlined_calls (tree leaf, location_t locus)
{
  inlined_call_for (leaf, locus)->blocked = true;
}

/* Whether CALLER's recorded calls of LEAF at LOCUS are all linked and in
   one block, with none in another caller: the sites an inlined call's
   copies may stand for.  */

static bool
sites_uniform_p (tree caller, tree leaf, location_t locus)
{
  call_site *first = NULL;
  for (call_site &site : sites)
    {
      if (site.callee != leaf || site.locus != locus)
	continue;
      if (site.caller != caller || site.link < 0
	  || (first && first->block != site.block))
	return false;
      if (!first)
	first = &site;
    }
  return first != NULL;
}

/* Record CALL, in FUN after "einline", of the leaf LEAF at LOCUS as a
   candidate for the IPA inliner's copies, or block its location.  */

static void
note_inlined_call (function *fun, gcall *call, tree leaf, location_t locus)
{
  inlined_call *c = inlined_call_for (leaf, locus);
  if (c->blocked)
    return;
  tree caller = copy_origin (gimple_block (call));
  if (!caller)
    caller = fun->decl;
  caller_info **info = caller != error_mark_node ? callers->get (caller)
						: NULL;
  bool leaf_ok = (stop_free_p (leaf)
		  || (count_last_leaves && count_last_leaves->contains (leaf)));
  if (!info || (c->caller && c->caller != caller) || !leaf_ok
      || !sites_uniform_p (caller, leaf, locus)
      || !reaches_path_end_p (fun, call, &(*info)->decls))
    {
      c->blocked = true;
      return;
    }
  c->caller = caller;
}

/* The leaf whose body NODE's is: the leaf itself, a clone of it or a
   copy of a clone.  NULL_TREE when NODE is no leaf's.  */

static tree
leaf_of_node (cgraph_node *node)
{
  node = node->ultimate_alias_target ();
  for (unsigned depth = 0; node && depth < 64; depth++)
    {
      if (leaf_records->get (node->decl))
	return node->decl;
      tree origin = DECL_ORIGIN (node->decl);
      if (leaf_records->get (origin))
	return origin;
      if (node->clone_of)
	node = node->clone_of;
      else if (node->former_clone_of)
	{
	  if (leaf_records->get (node->former_clone_of))
	    return node->former_clone_of;
	  node = cgraph_node::get (node->former_clone_of);
	}
      else
	return NULL_TREE;
    }
  return NULL_TREE;
}

/* Whether the copy that E, an inline edge of a leaf, makes will be in a
   scope of its own, from which copy_host finds its call: the inliner
   puts a copy's scopes under its call's, and drops them all when the
   call has none.  A call with no location may lose its scope before it
   is inlined: when a clone changes its caller's parameters (IPA-SRA),
   GCC rebuilds the call and keeps its scope only with a location
   (ipa_param_body_adjustments::modify_call_stmt, GCC 13).  fnsplit's
   call of a split part has none, and a part inlined back into such a
   clone of its head leaves every copy in it without scopes.  So every
   call from E up to the function that will hold the copy (the chain of
   inline clones) must have a location and a scope.  */

static hash_set<tree> *unscoped_leaves;

static bool
copy_keeps_scope_p (cgraph_edge *e)
{
  for (unsigned depth = 0; e && depth < 1024; depth++)
    {
      if (!e->call_stmt || !gimple_block (e->call_stmt)
	  || (LOCATION_LOCUS (gimple_location (e->call_stmt))
	      == UNKNOWN_LOCATION))
	return false;
      if (!e->caller->inlined_to)
	return true;
      /* An inline clone has one caller: the call it was inlined at.  */
      e = e->caller->callers;
    }
  return false;
}

/* Decide the calls left to the IPA inliner, once, after its decisions
   and before any body is changed by them (PLUGIN_ALL_IPA_PASSES_END,
   while the call graph still has an edge for each copy to be made): a
   location whose calls were all inlined, every copy of them in the
   unit, has its sites' links activated and its copies' counts removed.
   Any call of a leaf still a call, or a call whose location is not
   known, blocks.  */

void
pathprof_decide_inlined_calls (void *, void *)
{
  if (inlined_calls.is_empty () || !leaf_records || !groups_enabled ())
    return;
  auto_vec<unsigned> num_inlined;
  num_inlined.safe_grow_cleared (inlined_calls.length ());
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    for (cgraph_edge *e = node->callees; e; e = e->next_callee)
      {
	tree leaf = leaf_of_node (e->callee);
	if (!leaf)
	  continue;
	location_t locus = e->call_stmt
			   ? LOCATION_LOCUS (gimple_location (e->call_stmt))
			   : UNKNOWN_LOCATION;
	if (locus == UNKNOWN_LOCATION)
	  {
	    /* Which calls this one copies is not known.  */
	    block_leaf (leaf);
	    continue;
	  }
	inlined_call *c = find_inlined_call (leaf, locus);
	if (!c)
	  continue;
	if (!e->inline_failed && !copy_keeps_scope_p (e))
	  {
	    if (!unscoped_leaves)
	      unscoped_leaves = new hash_set<tree>;
	    unscoped_leaves->add (leaf);
	    c->blocked = true;
	  }
	else if (e->inline_failed)
	  c->blocked = true;
	else
	  num_inlined[c - inlined_calls.address ()]++;
      }
  for (unsigned i = 0; i < inlined_calls.length (); i++)
    {
      inlined_call &c = inlined_calls[i];
      if (c.blocked || !c.caller || !num_inlined[i]
	  || (unplaced_leaves && unplaced_leaves->contains (c.leaf)))
	continue;
      c.active = true;
      num_active_calls++;
      unsigned n = 0;
      for (call_site &site : sites)
	if (site.caller == c.caller && site.callee == c.leaf
	    && site.locus == c.locus && !site.active)
	  {
	    site.active = true;
	    activate_link (site.link);
	    n++;
	  }
      if (pathprof_opts.verbose)
	inform (c.locus, "pathprof: %qD: %u %s of one-path %qD inlined "
		"after early inlining counted from its paths (%u %s)",
		c.caller, n, n == 1 ? "call" : "calls", c.leaf,
		num_inlined[i], num_inlined[i] == 1 ? "copy" : "copies");
    }
}

/* Whether a call of LEAF was decided for by decide_inlined_calls.  */

static bool
leaf_has_active_calls (tree leaf)
{
  for (inlined_call &c : inlined_calls)
    if (c.leaf == leaf && c.active)
      return true;
  return false;
}

/* Remove, in FUN, the counts of the copies of the calls
   decide_inlined_calls decided for.  */

static void
remove_inlined_call_counts (function *fun)
{
  unsigned removed = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
	gimple *stmt = gsi_stmt (gsi);
	tree leaf = is_gimple_debug (stmt) ? NULL_TREE
		    : leaf_count_of (stmt);
	location_t locus = UNKNOWN_LOCATION;
	if (gcall *call = dyn_cast <gcall *> (stmt))
	  {
	    /* Not expected either: a call the call graph did not show
	       (a late IPA pass's clone).  */
	    tree callee = gimple_call_fndecl (call);
	    cgraph_node *node = callee ? cgraph_node::get (callee) : NULL;
	    tree called = node ? leaf_of_node (node) : NULL_TREE;
	    location_t at = LOCATION_LOCUS (gimple_location (call));
	    inlined_call *c = called && at != UNKNOWN_LOCATION
			      ? find_inlined_call (called, at) : NULL;
	    if (c && c->active)
	      warning_at (gimple_location (call), 0,
			  "pathprof: a call of %qD stays a call where its "
			  "copies count from the paths of its caller: %qD may "
			  "be counted twice there", called, called);
	  }
	if (leaf && leaf != fun->decl)
	  {
	    copy_host (stmt, leaf, &locus);
	    /* Not expected: every count of a leaf has a scope, so a copy
	       has its call's (a count in no copy is a clone's own: an
	       OpenMP simd clone of the leaf), or none at all where
	       copy_keeps_scope_p said so and kept the count of that
	       call.  */
	    if (locus == UNKNOWN_LOCATION && leaf_has_active_calls (leaf)
		&& (copy_origin (gimple_block (stmt))
		    || (!gimple_block (stmt)
			&& !(unscoped_leaves
			     && unscoped_leaves->contains (leaf)))))
	      warning_at (gimple_location (stmt), 0,
			  "pathprof: a count of %qD inlined at an unknown "
			  "place is kept: %qD may be counted twice there",
			  leaf, leaf);
	  }
	if (locus == UNKNOWN_LOCATION)
	  {
	    gsi_next (&gsi);
	    continue;
	  }
	inlined_call *c = find_inlined_call (leaf, locus);
	if (!c || !c->active)
	  {
	    gsi_next (&gsi);
	    continue;
	  }
	unlink_stmt_vdef (stmt);
	gsi_remove (&gsi, true);
	release_defs (stmt);
	removed++;
      }
  if (removed && dump_file)
    fprintf (dump_file, "pathprof: %u counts of leaves inlined after "
	     "early inlining removed\n", removed);
}

/* walk_tree callback: replace the variable WI->info[0] by WI->info[1].  */

static tree
replace_var (tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *) data;
  tree *pair = (tree *) wi->info;
  if (*tp == pair[0])
    *tp = pair[1];
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Replace FROM by TO in STMT's operands.  */

static void
replace_in_stmt (gimple *stmt, tree from, tree to)
{
  tree pair[2] = { from, to };
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = pair;
  walk_gimple_op (stmt, replace_var, &wi);
  update_stmt (stmt);
}

/* The counter array of the leaf whose count STMT makes.  */

static tree
count_target (gimple *stmt)
{
  tree target;
  if (gimple_assign_single_p (stmt))
    target = gimple_assign_lhs (stmt);
  else
    target = TREE_OPERAND (gimple_call_arg (stmt, 0), 0);
  return get_base_address (target);
}

/* Send the count STMT makes (a store, with the load it adds one to, or an
   atomic add) to the stand-in VAR instead of the counters COUNTERS.
   Returns false, changing nothing, when the count is not in the shape
   the plugin emits.  */

static bool
divert_count (gimple *stmt, tree counters, tree var)
{
  if (!gimple_assign_single_p (stmt))
    {
      replace_in_stmt (stmt, counters, var);
      return true;
    }
  tree sum = gimple_assign_rhs1 (stmt);
  if (TREE_CODE (sum) != SSA_NAME)
    return false;
  gimple *add = SSA_NAME_DEF_STMT (sum);
  if (!is_gimple_assign (add) || gimple_assign_rhs_code (add) != PLUS_EXPR
      || TREE_CODE (gimple_assign_rhs1 (add)) != SSA_NAME)
    return false;
  gimple *load = SSA_NAME_DEF_STMT (gimple_assign_rhs1 (add));
  if (!gimple_assign_single_p (load)
      || get_base_address (gimple_assign_rhs1 (load)) != counters)
    return false;
  replace_in_stmt (load, counters, var);
  replace_in_stmt (stmt, counters, var);
  return true;
}

/* Note CALL, of the leaf CALLEE in FUN, that "einline" left a call: a
   call in a copy of another function's body means copies of the call;
   with groups, the IPA inliner may still inline it.  */

static void
note_leaf_call (function *fun, gcall *call, tree callee)
{
  location_t locus = LOCATION_LOCUS (gimple_location (call));
  if (locus == UNKNOWN_LOCATION)
    return;
  if (copy_origin (gimple_block (call)))
    inlined_call_for (callee, locus)->in_copies = true;
  if (groups_enabled ())
    note_inlined_call (fun, call, callee, locus);
}

/* The stand-in of group G, made for the counters of STMT, the count of
   one of its copies, if it has none yet.  */

static tree
group_var (copy_group *g, gimple *stmt)
{
  if (!g->var)
    {
      g->counters = count_target (stmt);
      g->var = pathprof_static_var ("__pathprof_leaf_copies",
				    TREE_TYPE (g->counters), NULL_TREE, false);
      if (!group_of_var)
	group_of_var = new hash_map<tree, unsigned>;
      group_of_var->put (g->var, g - groups.address ());
    }
  return g->var;
}

/* STMT in FUN counts a copy of LEAF, from LOCUS, inside a copy of HOST:
   divert it to its group's stand-in where HOST's paths stand for it
   exactly, else block the group.  */

static void
group_copy_count (function *fun, gimple *stmt, tree host, tree leaf,
		  location_t locus)
{
  copy_group *g = group_for (host, leaf, locus);
  caller_info **hinfo = callers->get (host);
  bool exact = (hinfo && site_for (host, leaf, locus)
		&& reaches_path_end_p (fun, stmt, &(*hinfo)->decls));
  if (!exact)
    {
      /* Neither the group nor the IPA inliner's copies of the call may
	 go without this one.  */
      g->blocked = true;
      block_inlined_calls (leaf, locus);
    }
  else if (!g->blocked)
    {
      tree var = group_var (g, stmt);
      if (!divert_count (stmt, count_target (stmt), var))
	{
	  g->blocked = true;
	  block_inlined_calls (leaf, locus);
	}
    }
  /* Else the group keeps its count for now, but the copy could go with
     the IPA inliner's copies of the call.  */
}

/* The statement at *GSI in FUN (whose calls are INFO, or null): remove
   it, activating its link, if it is the count of a leaf's copy that
   FUN's paths' counts stand for; whether it did (*GSI then is at the
   next statement).  Else note or divert it, or block what it
   belongs to (pathprof_inlined_leaves_pass).  */

static bool
remove_leaf_count (function *fun, caller_info **info,
		   gimple_stmt_iterator *gsi)
{
  gimple *stmt = gsi_stmt (*gsi);
  location_t locus = UNKNOWN_LOCATION;
  gcall *call = dyn_cast <gcall *> (stmt);
  tree callee = call ? gimple_call_fndecl (call) : NULL_TREE;
  if (callee && leaf_records->get (callee))
    {
      note_leaf_call (fun, call, callee);
      return false;
    }
  tree leaf = leaf_count_of (stmt);
  if (!leaf || leaf == fun->decl)
    return false;
  tree host = copy_host (stmt, leaf, &locus);
  if (host == error_mark_node || locus == UNKNOWN_LOCATION)
    {
      if (locus != UNKNOWN_LOCATION && groups_enabled ())
	block_inlined_calls (leaf, locus);
      else if (locus == UNKNOWN_LOCATION)
	/* A copy that cannot be placed: the IPA inliner's copies of this
	   leaf might not be either.  */
	block_leaf (leaf);
      return false;
    }
  if (host)
    {
      if (groups_enabled ())
	group_copy_count (fun, stmt, host, leaf, locus);
      inlined_call_for (leaf, locus)->in_copies = true;
      return false;
    }
  call_site *site = info ? site_for (fun->decl, leaf, locus) : NULL;
  /* A copy of this body made before this pass (by a function of a
     cycle of calls, whose pass ran first) keeps the call's count: so
     must this copy.  */
  if (!site || inlined_call_for (leaf, locus)->in_copies
      || !reaches_path_end_p (fun, stmt, &(*info)->decls))
    {
      if (groups_enabled ())
	block_inlined_calls (leaf, locus);
      return false;
    }
  site->active = true;
  activate_link (site->link);
  unlink_stmt_vdef (stmt);
  gsi_remove (gsi, true);
  release_defs (stmt);
  return true;
}

/* The pass after "einline": remove the counts of leaves' copies in FUN
   that its paths' counts stand for, and activate their links; divert
   those inside the copies of other functions to their group's
   stand-in, or block the group; note the calls of leaves left for the
   IPA inliner, and block the locations of the copies that keep their
   counts.  */

unsigned int
pathprof_inlined_leaves_pass (function *fun)
{
  if (!links_decl || !leaf_of_counters || !callers)
    return 0;
  caller_info **info = callers->get (fun->decl);
  unsigned removed = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      if (remove_leaf_count (fun, info, &gsi))
	removed++;
      else
	gsi_next (&gsi);
  if (removed && dump_file)
    fprintf (dump_file, "pathprof: %u inlined leaf counts removed\n",
	     removed);
  if (removed && pathprof_opts.verbose)
    inform (DECL_SOURCE_LOCATION (fun->decl),
	    "pathprof: %qD: %u inlined one-path %s counted from its paths",
	    fun->decl, removed, removed == 1 ? "callee" : "callees");
  return 0;
}

/* The pass at the end of the early passes: a call of a leaf still in
   the copy of a host keeps that host's group, since it counts itself
   (and so does whatever copy the IPA inliner may make of it).  Not
   right after "einline": calls in arms the early optimisations find
   dead (a switch on a constant argument) are gone by now.  */

unsigned int
pathprof_leaf_calls_pass (function *fun)
{
  if (!leaf_records || !groups_enabled ())
    return 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	tree callee = call ? gimple_call_fndecl (call) : NULL_TREE;
	if (!callee || !leaf_records->get (callee))
	  continue;
	tree host = copy_origin (gimple_block (call));
	location_t at = LOCATION_LOCUS (gimple_location (call));
	if (!host || host == error_mark_node || at == UNKNOWN_LOCATION)
	  continue;
	copy_group *g = group_for (host, callee, at);
	/* In the body of an always_inline function, which never runs
	   but in its copies (decided with the groups), the call does not
	   count.  */
	if (DECL_DISREGARD_INLINE_LIMITS (fun->decl)
	    && !TREE_PUBLIC (fun->decl))
	  {
	    call_in_body c = { (unsigned) (g - groups.address ()),
			       fun->decl };
	    calls_in_bodies.safe_push (c);
	  }
	else
	  g->blocked = true;
      }
  return 0;
}

/* Whether FN's body never runs but in its copies: FN is always_inline
   (every call of it inlined early), static, and never has its address
   taken (the call graph's flag: TREE_ADDRESSABLE is set by direct calls
   too).  */

static bool
runs_only_in_copies_p (tree fn)
{
  cgraph_node *node = cgraph_node::get (fn);
  return !TREE_PUBLIC (fn) && DECL_DISREGARD_INLINE_LIMITS (fn)
	 && !(node && (node->address_taken || node->externally_visible
		       || node->force_output));
}

/* Decide every group, once: a group's copies are counted from HOST's
   paths (their sites' links activated) when no copy of its calls kept
   its count or stayed a call (but in a body that never runs), and
   HOST's body never runs but in those copies.  */

static void
decide_groups (void)
{
  for (call_in_body &c : calls_in_bodies)
    if (!runs_only_in_copies_p (c.body))
      groups[c.group].blocked = true;
  for (copy_group &g : groups)
    {
      tree host = g.host;
      if (g.blocked || !g.var || !runs_only_in_copies_p (host)
	  || !site_for (host, g.leaf, g.locus))
	{
	  g.blocked = true;
	  continue;
	}
      unsigned n = 0;
      for (call_site &site : sites)
	if (site.caller == host && site.callee == g.leaf
	    && site.locus == g.locus && !site.active)
	  {
	    site.active = true;
	    activate_link (site.link);
	    n++;
	  }
      if (n && pathprof_opts.verbose)
	inform (g.locus, "pathprof: %qD: %u inlined %s of one-path %qD "
		"counted from its paths in every copy of it", host, n,
		n == 1 ? "call" : "calls", g.leaf);
    }
}

/* walk_tree callback: stop at a stand-in variable.  */

static tree
find_stand_in (tree *tp, int *walk_subtrees, void *)
{
  if (VAR_P (*tp) && group_of_var->get (*tp))
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Turn each stand-in of a group in FUN into nothing, if the group was
   decided for, or back into the leaf's counters.  */

static void
resolve_stand_ins (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
	gimple *stmt = gsi_stmt (gsi);
	walk_stmt_info wi;
	memset (&wi, 0, sizeof wi);
	tree var = is_gimple_debug (stmt) ? NULL_TREE
		   : walk_gimple_op (stmt, find_stand_in, &wi);
	if (!var)
	  {
	    gsi_next (&gsi);
	    continue;
	  }
	copy_group &g = groups[*group_of_var->get (var)];
	bool store = gimple_vdef (stmt) != NULL_TREE;
	if (g.blocked || !store)
	  {
	    /* Back to the leaf's counters; a load of a decided group's
	       count is left to die with the store.  */
	    replace_in_stmt (stmt, var, g.counters);
	    gsi_next (&gsi);
	    continue;
	  }
	unlink_stmt_vdef (stmt);
	gsi_remove (&gsi, true);
	release_defs (stmt);
      }
}

/* The pass after IPA (at every level): the groups and the calls left to
   the IPA inliner decided at the first function; then, in FUN, the
   counts diverted to a group's stand-in go, if the group was decided
   for, or back to the leaf's counters, and the copies of calls decided
   for lose their counts.  */

unsigned int
pathprof_resolve_leaves_pass (function *fun)
{
  static bool decided;
  if (!decided)
    {
      decided = true;
      if (group_of_var)
	decide_groups ();
    }
  if (group_of_var)
    resolve_stand_ins (fun);
  if (num_active_calls)
    remove_inlined_call_counts (fun);
  return 0;
}
