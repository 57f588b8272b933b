/* SPDX-License-Identifier: GPL-3.0-or-later */
/* feedback.cc: feedback=FILE|DIR, GCC's profile from the path profile.

   A path profile determines the edge profile exactly (format/ppedges.h),
   so it can do for GCC's optimisers what a -fprofile-use build's .gcda
   files do, from the one instrumented run that also gave the user their
   paths.  In a build of the same sources and options with feedback=,
   the plugin instruments nothing: its pass, where the instrumenting one
   would run (after "cfg", on the CFG GCC builds at -O0: o0-cfg.cc),
   shapes each function's CFG as the profile describes it
   (pathprof_prepare_cfg, as the instrumented build did), matches it to
   the profile block for block (measured-profile.cc, as use= does) and
   sets from the measured counts what profile.cc's
   compute_branch_probabilities sets for -fprofile-use:

   - each block's count, the entry and exit blocks' and the call-graph
     node's, precise (profile_count::from_gcov_type), and each edge's
     probability, count / source count (precise);
   - the function's profile status.  GCC reads the .gcda files after the
     early local passes, where "profile_estimate" has already guessed;
     we set counts before them, so the estimator must leave them alone.
     It returns at once for a function whose status is PROFILE_GUESSED
     (predict.cc, pass_profile::execute), so a fed-back function is
     PROFILE_READ from the pass after "cfg" on, but for the estimator:
     a pass of ours just before "profile_estimate" marks it
     PROFILE_GUESSED, and one just after PROFILE_READ again, which also
     decides the function's frequency (compute_function_frequency), as
     branch_prob does.  PROFILE_GUESSED any longer would not do: the
     early inliner's TODO_rebuild_frequencies estimates a PROFILE_GUESSED
     function's counts anew from its probabilities (rebuild_frequencies),
     and a caller with an inlined call would lose its loops' counts.  A
     function the training run never entered keeps GCC's estimate scaled to a
     zero global count (count.global0 ()), as -fprofile-use does with a
     function whose entry count is 0;
   - profile_info, the gcov summary that hot/cold decisions consult
     (predict.cc, maybe_hot_count_p and probably_never_executed; the
     hot-block threshold is sum_max / hot-bb-count-fraction): runs is the
     profiles' largest number of runs, sum_max their largest edge count,
     the largest counter as libgcov's summary has it.

   A function whose CFG is not the profile's keeps GCC's estimate, with a
   note; one that is not in the profile (a new function, or one of
   another unit) keeps it silently.  At -O0 and -Og no optimiser reads
   the counts; they are set all the same.

   At plugin_init, the optimisations -fprofile-use turns on are turned
   on unless the user set them (opts.cc, enable_fdo_optimizations), with
   what finish_options derives from them, but for the value-profile ones
   (-fprofile-values, -fvalue-profile-transformations), which have no
   data here, and -fbranch-probabilities, which would make coverage_init
   read .gcda files: that one is set at the start of the unit, after
   coverage_init, for every function, and the "profile" IPA pass, which
   would read them too, is told to skip every function
   (around_profile_pass).

   Debugging: -fplugin-arg-pathprof-verbose notes each fed-back
   function's block and edge counts; -fdump-tree-all's dump of the pass
   "pathprof-feedback" has them too, and GCC's own dumps show them
   (e.g. -fdump-tree-optimized-blocks: "[count: N]").  */

#include "gcc-common.h"
#include "pathprof-plugin.h"

/* The profiles of feedback=, read when the plugin starts.  */
static pathprof_profile_set feedback_profiles;
/* profile_info while feedback= is given.  */
static gcov_summary feedback_summary;
/* Functions whose counts the pass after "cfg" set (status
   PROFILE_READ, but PROFILE_GUESSED while "profile_estimate" passes
   them by), and
   those the profile has with a zero entry count (left to the estimate,
   then scaled to zero): the pass after "profile_estimate" marks both
   PROFILE_READ.  */
static hash_set<tree> *fed_functions, *untrained_functions;

/* Turn on what -fprofile-use turns on (opts.cc,
   enable_fdo_optimizations, and -fprofile-reorder-functions), where the
   user did not set it.  Called at plugin_init, before process_options
   saves the options as every function's default: a function with its
   own optimize attribute keeps its own.  Not -fbranch-probabilities
   (GCC would look for .gcda files), nor -fprofile-values and
   -fvalue-profile-transformations (no value profile here).  */

static void
enable_feedback_optimizations (void)
{
  gcc_options *opts = &global_options, *opts_set = &global_options_set;
  SET_OPTION_IF_UNSET (opts, opts_set, flag_unroll_loops, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_peel_loops, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_tracer, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_inline_functions, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_ipa_cp, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_ipa_cp_clone, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_ipa_bit_cp, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_predictive_commoning, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_split_loops, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_unswitch_loops, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_gcse_after_reload, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_tree_loop_vectorize, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_tree_slp_vectorize, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_version_loops_for_strides, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_vect_cost_model,
		       VECT_COST_MODEL_DYNAMIC);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_tree_loop_distribute_patterns,
		       1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_loop_interchange, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_unroll_jam, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_tree_loop_distribution, 1);
  SET_OPTION_IF_UNSET (opts, opts_set, flag_profile_reorder_functions, 1);
  PATHPROF_ENABLE_VERSION_FDO_OPTIMIZATIONS (opts, opts_set);
  /* What finish_options derives from those, which -fprofile-use sets
     before it runs and we after: complete unrolling may grow the code
     when loops are unrolled or peeled (opts.cc; without it the loop of
     a small constant trip count stays rolled in its inlined copies).  */
  if (!opts_set->x_flag_cunroll_grow_size)
    opts->x_flag_cunroll_grow_size
      = (opts->x_flag_unroll_loops || opts->x_flag_peel_loops
	 || opts->x_optimize >= 3);
  /* And -fprofile-use itself, which the target's option override
     (process_options, after us) reads: x86 prefetches loop arrays under
     it on the tunings that gain from software prefetching.  */
  opts->x_flag_profile_use = 1;
}

/* Whether the build instruments for gcov too (--coverage with
   feedback=): the "profile" IPA pass must then instrument every
   function, and -fbranch-probabilities must be off for it, in every
   function, so it is set only after it (around_profile_pass).  */

static bool
instrumenting_p (void)
{
  return profile_arc_flag || flag_test_coverage;
}

/* Make VALUE the default -fbranch-probabilities: every function's
   options, but for those with options of their own (an optimize
   attribute), which the front end built from the default.  */

static void
set_default_branch_probabilities (int value)
{
  if (optimization_current_node != optimization_default_node)
    {
      cl_optimization_restore (&global_options, &global_options_set,
			       TREE_OPTIMIZATION (optimization_default_node));
      optimization_current_node = optimization_default_node;
    }
  flag_branch_probabilities = value;
  optimization_default_node
    = build_optimization_node (&global_options, &global_options_set);
  optimization_current_node = optimization_default_node;
}

/* At the start of the unit: -fbranch-probabilities on, as -fprofile-use
   has it, for every function the front end makes, so that the early
   "fnsplit" stands aside for the late one that reads the counts
   (ipa-split.cc) and an optimize attribute's options have it too.  Not
   sooner: coverage_init, just before, would read .gcda files.  */

static void
branch_probabilities_at_start (void *, void *)
{
  if (!instrumenting_p ())
    set_default_branch_probabilities (1);
}

/* Whether E is the first of the edges out of its source to its
   destination that should carry their count: the profile names a CFG
   edge by its endpoints, so parallel edges share one count, which goes
   to the first normal one (or the first of all, if none is normal).  */

static bool
carries_parallel_count_p (edge e)
{
  edge other, first = NULL, first_normal = NULL;
  edge_iterator ei;
  FOR_EACH_EDGE (other, ei, e->src->succs)
    if (other->dest == e->dest)
      {
	if (!first)
	  first = other;
	if (!first_normal && !(other->flags & EDGE_COMPLEX))
	  first_normal = other;
      }
  return e == (first_normal ? first_normal : first);
}

/* Give FUN, whose graph is PCFG, the measured edge counts COUNTS (one
   per PCFG edge): block counts, edge probabilities, the node's count.
   A block's count is the larger of what enters it and what leaves it:
   they differ where a path was lost (exit in a callee), and at GCC's
   abnormal dispatcher, whose incoming edges pathprof does not count.
   Counts beyond profile_count's range are scaled down, and then only
   adjusted, not precise.  */

static void
set_measured_profile (function *fun, const pathprof_cfg *pcfg,
		      const uint64_t *counts)
{
  hash_map<edge, uint64_t> edge_counts;
  for (unsigned i = 0; i < pcfg->first_fork_edge; i++)
    {
      edge e = pcfg->edges[i];
      edge_counts.put (e, carries_parallel_count_p (e) ? counts[i] : 0);
    }

  auto_vec<uint64_t> block_counts;
  block_counts.safe_grow_cleared (last_basic_block_for_fn (fun));
  uint64_t largest = 0;
  basic_block bb;
  FOR_ALL_BB_FN (bb, fun)
    {
      uint64_t in = 0, out = 0;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->preds)
	if (uint64_t *c = edge_counts.get (e))
	  in += *c;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (uint64_t *c = edge_counts.get (e))
	  out += *c;
      block_counts[bb->index] = MAX (in, out);
      largest = MAX (largest, block_counts[bb->index]);
    }

  /* profile_count holds 61 bits; keep a margin for GCC's sums.  */
  const uint64_t limit = (uint64_t) profile_count::max_count / 4;
  uint64_t divisor = largest > limit ? largest / limit + 1 : 1;
  profile_quality quality = divisor > 1 ? ADJUSTED : PRECISE;

  FOR_ALL_BB_FN (bb, fun)
    {
      uint64_t count = block_counts[bb->index];
      bb->count = profile_count::from_gcov_type (count / divisor, quality);
      edge e;
      edge_iterator ei;
      if (count > 0)
	{
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    {
	      uint64_t *c = edge_counts.get (e);
	      /* Both scaled alike: the ratio stays.  */
	      e->probability = profile_probability::probability_in_gcov_type
		((c ? *c : 0) / divisor, MAX (count / divisor, 1));
	    }
	  continue;
	}
      /* Never run: even odds among the normal edges, a guess, as
	 profile.cc's last resort.  */
      int normal = 0;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!(e->flags & EDGE_COMPLEX))
	  normal++;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!normal)
	  e->probability = profile_probability::guessed_always ()
			     .apply_scale (1, EDGE_COUNT (bb->succs));
	else if (e->flags & EDGE_COMPLEX)
	  e->probability = profile_probability::never ();
	else
	  e->probability = profile_probability::guessed_always ()
			     .apply_scale (1, normal);
    }
  cgraph_node::get_create (fun->decl)->count
    = ENTRY_BLOCK_PTR_FOR_FN (fun)->count;
  update_max_bb_count ();
}

/* Dump and, with verbose, note FUN's counts as set.  */

static void
report_counts (function *fun, const char *from)
{
  char *text = xstrdup ("");
  char item[96];
  basic_block bb;
  FOR_ALL_BB_FN (bb, fun)
    {
      snprintf (item, sizeof item, "%s bb %d %" PRId64,
		bb == ENTRY_BLOCK_PTR_FOR_FN (fun) ? "" : ";", bb->index,
		(int64_t) bb->count.to_gcov_type ());
      text = reconcat (text, text, item, NULL);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  snprintf (item, sizeof item, ", %d->%d %" PRId64, e->src->index,
		    e->dest->index, (int64_t) e->count ().to_gcov_type ());
	  text = reconcat (text, text, item, NULL);
	}
    }
  if (dump_file)
    fprintf (dump_file, "pathprof: counts from the profile of %s:%s\n", from,
	     text);
  if (pathprof_opts.verbose)
    inform (DECL_SOURCE_LOCATION (fun->decl),
	    "pathprof: %qD: counts from the profile of %qs:%s", fun->decl,
	    from, text);
  free (text);
}

/* The pass after "cfg" for FUN: its counts from the profile, when FUN
   is in it with the same CFG.  */

static unsigned int
feed_back_function (function *fun)
{
  tree fndecl = fun->decl;
  if (DECL_EXTERNAL (fndecl)
      || !pathprof_profile_has (&feedback_profiles, fun))
    return 0;
  /* Their regions move into child functions later, which the
     instrumented build instrumented after that move, on another CFG.  */
  if (pathprof_has_omp_statements (fun))
    {
      inform (DECL_SOURCE_LOCATION (fndecl), "pathprof: %qD: "
	      "estimated profile: functions with OpenMP regions are not fed "
	      "back", fndecl);
      return 0;
    }
  pathprof_cfg pcfg;
  pathprof_prepare_cfg (fun, &pcfg);
  auto_vec<uint64_t> counts;
  counts.safe_grow_cleared (MAX (1u, pcfg.cfg.num_edges));
  const char *from = NULL;
  char why[256] = "";
  if (pathprof_profile_counts (&feedback_profiles, fun, &pcfg,
			       counts.address (), &from, why, sizeof why)
      != PATHPROF_PROFILE_MATCHED)
    {
      inform (DECL_SOURCE_LOCATION (fndecl), "pathprof: %qD: "
	      "estimated profile: its CFG is not the one in %qs (%s)",
	      fndecl, feedback_profiles.arg, why);
      if (dump_file)
	fprintf (dump_file, "pathprof: estimated profile: the CFG differs "
		 "from the profile's: %s\n", why);
      return 0;
    }
  uint64_t entry = 0;
  for (unsigned i = 0; i < pcfg.first_fork_edge; i++)
    if (pcfg.edges[i]->src == ENTRY_BLOCK_PTR_FOR_FN (fun))
      entry += counts[i];
  if (entry == 0)
    {
      /* Never entered: GCC's estimate, scaled to zero later.  */
      untrained_functions->add (fndecl);
      if (pathprof_opts.verbose)
	inform (DECL_SOURCE_LOCATION (fndecl), "pathprof: %qD: never run "
		"in %qs: estimated profile, with a global count of 0", fndecl,
		from);
      return 0;
    }
  set_measured_profile (fun, &pcfg, counts.address ());
  profile_status_for_fn (fun) = PROFILE_READ;
  fed_functions->add (fndecl);
  report_counts (fun, from);
  return 0;
}

/* The pass before "profile_estimate" for FUN: a fed-back function is
   PROFILE_GUESSED while the estimator passes it by, which it then does
   (the pass after marks it PROFILE_READ again).  Only there: before,
   a PROFILE_GUESSED function would have its counts estimated anew from
   its probabilities whenever a pass asks for TODO_rebuild_frequencies,
   as the early inliner does after inlining a call (predict.cc,
   rebuild_frequencies), which loses every count of a caller's loops.  */

static unsigned int
guard_from_estimate (function *fun)
{
  if (fed_functions->contains (fun->decl))
    profile_status_for_fn (fun) = PROFILE_GUESSED;
  return 0;
}

/* The pass after "profile_estimate" for FUN: a fed-back function's
   profile is read from now on; an untrained one's estimate becomes a
   zero global count (as profile.cc does for a function with a zero
   entry count).  Then its frequency, as branch_prob decides it.  */

static unsigned int
mark_profile_read (function *fun)
{
  tree fndecl = fun->decl;
  bool fed = fed_functions->contains (fndecl);
  bool untrained = untrained_functions->contains (fndecl);
  if (!fed && !untrained)
    return 0;
  if (untrained)
    {
      basic_block bb;
      FOR_ALL_BB_FN (bb, fun)
	if (!(bb->count == profile_count::zero ()))
	  bb->count = bb->count.global0 ();
      cgraph_node::get_create (fndecl)->count
	= ENTRY_BLOCK_PTR_FOR_FN (fun)->count;
    }
  profile_status_for_fn (fun) = PROFILE_READ;
  update_max_bb_count ();
  compute_function_frequency ();
  return 0;
}

/* The attribute cells put in front of functions' attributes for the
   "profile" IPA pass (around_profile_pass), to take out after it (a
   clone made in the pass shares its original's cell).  */
static hash_set<tree> *skip_cells;

/* Around the "profile" IPA pass, where -fprofile-use reads .gcda files
   and overwrites each function's counts with theirs (tree_profiling,
   branch_prob): BEFORE is true just before it, false just after.

   The pass must run, for its sub-pass, the late "feedback_fnsplit",
   which splits functions by their measured counts where -fprofile-use
   builds do (the early "fnsplit" stands aside under
   -fbranch-probabilities): without it a hot function's cold tail is not
   split off and its head not inlined (bzip2's mainGtU).  So before it,
   every function gets the attribute no_profile_instrument_function,
   which tree_profiling honours before anything else (GCC 11 to 15), and
   after it loses it again; the rest of the pass is what -fprofile-use
   does too (call statements updated, CFGs cleaned up, and
   handle_missing_profiles: a function left with GCC's estimate, whose
   calls were counted, gets their counts).

   With --coverage besides, the pass must instrument (instrumenting_p):
   then -fbranch-probabilities comes on only after it (the inliner
   insists on it when functions have measured counts, ipa-inline.cc,
   inline_small_functions), and the early fnsplit runs in place of
   feedback_fnsplit.  */

static unsigned int
around_profile_pass (bool before)
{
  if (instrumenting_p ())
    {
      if (!before)
	set_default_branch_probabilities (1);
      return 0;
    }
  tree name = get_identifier ("no_profile_instrument_function");
  cgraph_node *node;
  /* handle_missing_profiles, at the end of the pass, gives a function
     that keeps GCC's estimate (its CFG is not the profile's) the counts
     of its calls, and warns unless -fprofile-correction: the note of
     feed_back_function said it already.  */
  static int saved_profile_correction;
  if (before)
    {
      saved_profile_correction = flag_profile_correction;
      flag_profile_correction = 1;
      skip_cells = new hash_set<tree>;
      FOR_EACH_DEFINED_FUNCTION (node)
	{
	  tree cell = tree_cons (name, NULL_TREE,
				 DECL_ATTRIBUTES (node->decl));
	  DECL_ATTRIBUTES (node->decl) = cell;
	  skip_cells->add (cell);
	}
      return 0;
    }
  FOR_EACH_DEFINED_FUNCTION (node)
    if (skip_cells->contains (DECL_ATTRIBUTES (node->decl)))
      DECL_ATTRIBUTES (node->decl) = TREE_CHAIN (DECL_ATTRIBUTES (node->decl));
  delete skip_cells;
  skip_cells = NULL;
  flag_profile_correction = saved_profile_correction;
  return 0;
}

namespace {

const pass_data around_profile_pass_data = {
  SIMPLE_IPA_PASS,       /* type */
  "pathprof-after-profile", /* name */
  OPTGROUP_NONE,         /* optinfo_flags */
  TV_PLUGIN_RUN,         /* tv_id */
  0,                     /* properties_required */
  0,                     /* properties_provided */
  0,                     /* properties_destroyed */
  0,                     /* todo_flags_start */
  0                      /* todo_flags_finish */
};

/* The pass data of the pass before "profile" (BEFORE) or after it: the
   two need names of their own (dumps, -fdisable-).  */

static pass_data
around_profile_data (bool before)
{
  pass_data data = around_profile_pass_data;
  if (before)
    data.name = "pathprof-before-profile";
  return data;
}

/* around_profile_pass as a pass.  */

class around_profile : public simple_ipa_opt_pass
{
public:
  around_profile (gcc::context *ctx, bool before)
    : simple_ipa_opt_pass (around_profile_data (before), ctx),
      m_before (before)
  {
  }
  unsigned int execute (function *) final override
  {
    return around_profile_pass (m_before);
  }

private:
  bool m_before;
};

} // namespace

/* Start feedback=: read its profiles, set profile_info and the flags,
   register the pass after "cfg" (in place of the instrumenting pass;
   call this before pathprof_init_o0_cfg, whose level-restoring pass
   must come before it) and the two around "profile_estimate".  Returns
   false, with an error given, if the profiles cannot be read.  */

bool
pathprof_init_feedback (const char *plugin_name)
{
  if (!pathprof_profile_set_read (&feedback_profiles, pathprof_opts.feedback))
    return false;
  uint64_t runs, max_count;
  pathprof_profile_set_summary (&feedback_profiles, &runs, &max_count);
  feedback_summary.runs = MAX (runs, 1);
  feedback_summary.sum_max
    = MIN (max_count, (uint64_t) profile_count::max_count);
  profile_info = &feedback_summary;
  if (pathprof_opts.verbose)
    inform (UNKNOWN_LOCATION,
	    "pathprof: feedback summary: runs %u, largest counter %" PRId64,
	    feedback_summary.runs, (int64_t) feedback_summary.sum_max);
  enable_feedback_optimizations ();
  fed_functions = new hash_set<tree>;
  untrained_functions = new hash_set<tree>;

  pathprof_register_function_pass (plugin_name, "pathprof-feedback",
				   feed_back_function, true, "cfg",
				   PASS_POS_INSERT_AFTER);
  pathprof_register_function_pass (plugin_name, "pathprof-estimate-guard",
				   guard_from_estimate, true,
				   "profile_estimate", PASS_POS_INSERT_BEFORE);
  pathprof_register_function_pass (plugin_name, "pathprof-profile-read",
				   mark_profile_read, true,
				   "profile_estimate", PASS_POS_INSERT_AFTER);
  /* -fbranch-probabilities from the start of the unit on; the "profile"
     IPA pass, where -fprofile-use reads .gcda files, told to skip every
     function.  */
  register_callback (plugin_name, PLUGIN_START_UNIT,
		     branch_probabilities_at_start, NULL);
  pathprof_register_pass (plugin_name, new around_profile (g, true),
			  "profile", PASS_POS_INSERT_BEFORE);
  pathprof_register_pass (plugin_name, new around_profile (g, false),
			  "profile", PASS_POS_INSERT_AFTER);
  return true;
}
