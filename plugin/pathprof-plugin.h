/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-plugin.h: what the plugin's files share.

   The plugin is glue only.  Its files:
     pathprof.cc        the entry point: version check, arguments, the
			pass and callbacks registered
     o0-cfg.cc          the -O0 CFG the pass sees at every level
     cfg-bridge.cc      a function's GIMPLE CFG as the core's graph
			(core/ppcore.h)
     encode-meta.cc     a function's description for the .pathprof
			file (format/ppformat.h)
     branches.cc        each block's statements and branch outcomes
     use-profile.cc     use=: spanning-tree weights from a profile
     measured-profile.cc a profile's edge counts on a function's CFG
     instrument.cc      the pass: the core's plan turned into GIMPLE
     hashed-counts.cc   the hashed counts' calls expanded into probes
     perthread.cc       update=per-thread: each thread's own counters
     frames.cc          the frame of a function whose calls may not
			return (partial-paths=yes)
     unwind.cc          landing pads for paths an exception leaves by
     redirect.cc        exec, fork, longjmp through the runtime's
			wrappers
     inlined-leaves.cc  one-path functions inlined: counts derived from
			their callers' paths
     descriptor.cc      the static records of the plugin/runtime ABI
			(runtime/pathprof-abi.h) and the constructor that
			registers them
     runtime-note.cc    an object linked without libpathprof
     feedback.cc        feedback=: GCC's profile from the path profile  */

#ifndef PATHPROF_PLUGIN_H
#define PATHPROF_PLUGIN_H

/* Included after gcc-common.h, as every file of the plugin does: GCC's
   system.h comes first, then the system headers the plugin adds.  */
#include <regex.h>

#include "ppcore.h"

/* The plugin's arguments, -fplugin-arg-pathprof-KEY[=VALUE].  */
/* backedge-runs=: when loops' backedge counts wait in registers
   (instrument.cc, backedge_runs).  */
enum { PATHPROF_RUNS_NEVER, PATHPROF_RUNS_ATOMIC, PATHPROF_RUNS_ALWAYS };
/* metric=: what each path measures besides its count (instrument.cc,
   emit_elapsed).  */
enum { PATHPROF_METRIC_NONE, PATHPROF_METRIC_CYCLES, PATHPROF_METRIC_NS };
/* peel=: what is done to innermost loops of one path (instrument.cc,
   peel_first_iterations).  */
enum
{
  PATHPROF_PEEL_NO, PATHPROF_PEEL_YES, PATHPROF_PEEL_ROTATE, PATHPROF_PEEL_AUTO
};

/* dense-prefix=auto: a prefix in functions weighted by use= only
   (instrument.cc, dense_prefix_size).  */
#define PATHPROF_DENSE_PREFIX_AUTO (~0ULL)

/* How paths cut short by a call that does not return are counted
   (partial-paths=).  */
enum pathprof_partial
{
  /* yes (the default; the key alone too): each function with such calls keeps
     a frame in the thread's list, with the number of the path that ends at the
     call in progress; the runtime counts it if the call does not return
     (frames.cc, runtime/cutpaths.c); early exits numbered apart.  */
  PATHPROF_PARTIAL_FRAMES = 0,
  /* no: only a longjmp back into a function that calls
     setjmp counts the path it left (its receiver).  */
  PATHPROF_PARTIAL_NO,
  /* count: counted before each call, taken back after it.  */
  PATHPROF_PARTIAL_COUNT
};

struct pathprof_options
{
  bool verbose;
  bool naive;                   /* placement=naive */
  unsigned long long max_array; /* dense counters up to this many paths */
  unsigned long long max_mapped; /* above: mapped counters up to this many */
  unsigned long long dense_prefix; /* above: paths counted in an array below
				   this (a power of 2), or
				   PATHPROF_DENSE_PREFIX_AUTO */
  bool hot_first;               /* numbering=hot: hot paths numbered first
				   in functions with a dense prefix */
  unsigned long long max_paths; /* per-vertex path limit (0: automatic) */
  bool atomic;                  /* update=atomic, per-thread or locked:
				   exact under threads */
  bool per_thread;              /* update=atomic or per-thread: counts in
				   per-thread copies (perthread.cc);
				   update=locked: a locked add per count */
  int backedge_runs;            /* PATHPROF_RUNS_* (backedge-runs=) */
  int peel;                     /* PATHPROF_PEEL_* (peel=): one-path
				   innermost loops rotated or their first
				   iteration peeled, after the probes, the
				   steady count in a local (instrument.cc,
				   peel_first_iterations); default auto */
  int metric;                   /* PATHPROF_METRIC_* (metric=) */
  const char *dir;              /* dir=DIR, absolute, or NULL */
  const char *use;              /* use=FILE|DIR as given, or NULL */
  const char *feedback;         /* feedback=FILE|DIR as given, or NULL:
				   set GCC's profile, do not instrument */
  bool inlined_leaves;          /* inlined-leaves=yes: one-path functions'
				   inlined copies counted from their
				   callers' paths (inlined-leaves.cc) */
  int partial_paths;            /* partial-paths=: PATHPROF_PARTIAL_* */
  const char *profile_dir;      /* -fprofile-dir=DIR as given, or NULL
				   (GCC's coverage_init sets the option's
				   variable later even without it) */
  bool have_include, have_exclude;
  regex_t include_re, exclude_re;
};

extern struct pathprof_options pathprof_opts;

/* A function's CFG as the core sees it, and the GCC edge behind each of
   the core's edge ids.  */
struct pathprof_cfg
{
  pp_cfg cfg;                    /* points into the vectors below */
  auto_vec<pp_cfg_edge> cfg_edges;
  auto_vec<edge> edges;
  auto_vec<uint32_t> block_flags;
  /* Early exits (pp_cfg.call_blocks): the block and the call of each.  */
  auto_vec<uint32_t> call_blocks;
  auto_vec<gcall *> calls;
  /* How they are counted: false, before the call and taken back after it
     (partial-paths); true, the path's number kept in a volatile local
     before the call and counted where a longjmp lands (functions that
     call setjmp or have nonlocal labels, without partial-paths).  */
  bool early_exits_pending = false;
  /* Landing pads made for exceptions passing through (unwind.cc): their
     blocks get PP_BLOCK_UNWIND.  */
  auto_vec<int> unwind_pads;
  /* Edges out of the blocks that end with a call of fork, to the blocks
     where a forked child's paths start (pathprof_prepare_forks); each is
     also the core's restart edge FIRST_FORK_EDGE + its index.  */
  auto_vec<edge> fork_edges;
  unsigned first_fork_edge = 0;
  bool measured_weights = false; /* weights from use=FILE's counts */
};

/* cfg-bridge.cc */
void pathprof_build_cfg (function *fun, pathprof_cfg *out);
void pathprof_prepare_forks (function *fun, pathprof_cfg *pcfg);
bool pathprof_abnormal_dispatcher_p (basic_block bb);
char *pathprof_display_name (tree fndecl);

/* encode-meta.cc */
bool pathprof_encode_meta (function *fun, const pathprof_cfg *pcfg,
			   const pp_plan *plan, unsigned flags,
			   unsigned char **meta, size_t *meta_size);

/* branches.cc */
/* The outcome of edge E out of a block that ends in a choice: its kind
   (PPF_BRANCH_*) and a malloc'd label ("true", "case 1 ... 5").  */
struct pathprof_outcome
{
  edge e;
  unsigned kind;
  char *label;
};
void pathprof_record_switches (function *fun);
unsigned pathprof_num_stmts (basic_block bb);
location_t pathprof_branch_location (basic_block bb);
void pathprof_branch_outcomes (function *fun, basic_block bb,
			       vec<pathprof_outcome> *out);

/* descriptor.cc */
void pathprof_init_types (const char *plugin_name);
/* The runtime entry point NAME of TYPE, nothrow and leaf, weak if
   WEAK.  */
tree pathprof_runtime_fn_decl (const char *name, tree type, bool weak);
tree pathprof_counters_decl (unsigned HOST_WIDE_INT num_paths);
tree pathprof_cache_decl (void);
tree pathprof_times_decl (unsigned HOST_WIDE_INT num_paths);
tree pathprof_function_decl (tree counters, tree cache, tree times,
			     unsigned HOST_WIDE_INT num_paths,
			     unsigned HOST_WIDE_INT num_dense,
			     tree mapped, const unsigned char *meta,
			     size_t meta_size);
tree pathprof_mapped_decl (void);
bool pathprof_time_by_tsc (void);
void pathprof_finish_unit (void *gcc_data, void *user_data);
/* The number of function records built so far in this unit: a record's
   index is the number before it was built.  */
unsigned pathprof_num_records (void);
/* A static variable of ours: PREFIX.N, of TYPE, initialized to INIT
   (NULL_TREE: zero), read-only when READONLY.  */
tree pathprof_static_var (const char *prefix, tree type, tree init,
			  bool readonly);

/* inlined-leaves.cc: one-path functions' inlined copies counted from
   their callers' paths (runtime ABI 8).  */
void pathprof_note_body (function *fun);
void pathprof_note_leaf (function *fun, unsigned record, tree counters);
void pathprof_note_caller (function *fun, unsigned record, const tree *decls,
			   unsigned num, unsigned plan_blocks,
			   const bool *reachable);
tree pathprof_links_table (unsigned *num);
unsigned int pathprof_inlined_leaves_pass (function *fun);
unsigned int pathprof_leaf_calls_pass (function *fun);
unsigned int pathprof_resolve_leaves_pass (function *fun);
void pathprof_decide_inlined_calls (void *gcc_data, void *user_data);
bool pathprof_is_own_cdtor (function *fun);
tree pathprof_runtime_linked_p (tree fn);
tree pathprof_runtime_linked_value (gimple_seq *seq, tree fn);
/* instrument.cc: GIMPLE helpers shared with hashed-counts.cc.  */
/* A constant of the path register's type for the (modulo 2^64)
   VALUE.  */
static inline tree
u64_cst (uint64_t value)
{
  return build_int_cstu (uint64_type_node, value);
}
void pathprof_insert_at_block_end (basic_block bb, gimple_seq seq);
void pathprof_add_to_ref (gimple_seq *seq, tree ref, tree amount,
			  bool atomic);
void pathprof_end_with_cond (basic_block bb, enum tree_code code, tree a,
			     tree b, profile_probability prob,
			     basic_block true_dest, basic_block false_dest);

/* The dense prefix of a hashed function (pathprof-abi.h): its paths
   below NUM counted in COUNTERS (and their times in TIMES, or null), not
   through the hash table.  NUM is 0 when there is none.  Or, with
   MAPPED (the variable of their address), counters for all its paths
   that the runtime maps: counted in when MAPPED is not null.  */
struct dense_prefix
{
  tree counters;
  tree times;
  unsigned HOST_WIDE_INT num;
  tree mapped;
};

/* hashed-counts.cc: expand FUN's hashed counts (see there).  */
void pathprof_expand_hashed_counts (function *fun, tree cache,
				    const dense_prefix *prefix,
				    tree thread_base);

extern tree pathprof_count_hashed_fn;
extern tree pathprof_count_hashed_atomic_fn;
extern tree pathprof_uncount_hashed_fn;
extern tree pathprof_uncount_hashed_atomic_fn;
extern tree pathprof_count_hashed_timed_fn;
extern tree pathprof_count_hashed_timed_atomic_fn;
extern tree pathprof_count_hashed_thread_fn;
extern tree pathprof_uncount_hashed_thread_fn;
extern tree pathprof_now_ns_fn;

/* measured-profile.cc: the .pathprof files use= and feedback= read.  */
struct ppf_edge_profile;
struct pathprof_profile_set
{
  const char *arg;                          /* FILE|DIR as given */
  auto_vec<struct ppf_edge_profile *> profiles;
};
enum pathprof_profile_match
{
  PATHPROF_PROFILE_ABSENT,   /* no profile has the function by name */
  PATHPROF_PROFILE_DIFFERS,  /* its CFG is not the profile's */
  PATHPROF_PROFILE_MATCHED
};
bool pathprof_profile_set_read (pathprof_profile_set *set, const char *arg);
bool pathprof_profile_has (const pathprof_profile_set *set, function *fun);
pathprof_profile_match pathprof_profile_counts
  (const pathprof_profile_set *set, function *fun, const pathprof_cfg *pcfg,
   uint64_t *counts, const char **from, char *why, size_t whylen);
void pathprof_profile_set_summary (const pathprof_profile_set *set,
				   uint64_t *runs, uint64_t *max_count);
const char *pathprof_profile_set_unit (const pathprof_profile_set *set);

/* cfg-bridge.cc: the CFG the profile describes.  */
void pathprof_prepare_cfg (function *fun, pathprof_cfg *pcfg);

/* feedback.cc */
bool pathprof_init_feedback (const char *plugin_name);
/* Insert PASS into GCC's pass list POS (before or after) the first
   instance of the pass named REFERENCE (pathprof.cc).  */
void pathprof_register_pass (const char *plugin_name, opt_pass *pass,
			     const char *reference,
			     enum pass_positioning_ops pos);
/* The same for a GIMPLE pass named NAME that runs EXECUTE on each
   function, with a CFG (PROP_cfg) when NEEDS_CFG.  */
void pathprof_register_function_pass (const char *plugin_name,
				      const char *name,
				      unsigned int (*execute) (function *),
				      bool needs_cfg, const char *reference,
				      enum pass_positioning_ops pos);

/* use-profile.cc */
bool pathprof_read_use_profile (const char *file);
bool pathprof_weigh_by_profile (function *fun, pathprof_cfg *pcfg);
void pathprof_use_finish_unit (void);

/* runtime-note.cc */
tree pathprof_absent_runtime_note (const char *note_name,
				   const char *unit_name,
				   const char *profile_name);

/* o0-cfg.cc */
void pathprof_init_o0_cfg (const char *plugin_name);
unsigned pathprof_split_loop_entries (function *fun);
unsigned pathprof_split_after_calls (function *fun);
unsigned pathprof_split_goto_edges (function *fun);
bool pathprof_gcov_fake_exit_p (basic_block bb);

/* redirect.cc */
void pathprof_init_redirects (const char *plugin_name);

/* frames.cc: the frames of functions whose calls may not return
   (partial-paths=yes).  */
void pathprof_init_frames (const char *plugin_name);
tree pathprof_new_frame (void);
void pathprof_set_pending (gimple_seq *seq, tree frame, tree value);
void pathprof_make_frame_head (gimple_seq *seq, tree frame);
void pathprof_frame_head_if (gimple_seq *seq, tree frame, tree jumped);
bool pathprof_place_frame (function *fun, tree frame, tree fn_desc);
void pathprof_note_setjmps (function *fun, tree frame);
tree pathprof_count_cut_fn (void);
unsigned pathprof_redirect_calls (function *fun);
bool pathprof_redirected_call_p (const gimple *stmt);

/* unwind.cc */
void pathprof_add_unwind_pads (function *fun, pathprof_cfg *pcfg);

/* perthread.cc */
void pathprof_init_per_thread (const char *plugin_name);
tree pathprof_thread_slot_decl (void);
tree pathprof_thread_array (tree base, unsigned HOST_WIDE_INT num_paths,
			    unsigned HOST_WIDE_INT first);
void pathprof_load_thread_counters (function *fun, tree base, tree slot,
				    tree fn_desc, tree shared);

/* instrument.cc */
unsigned int pathprof_instrument_pass (function *fun);
void pathprof_instrument_remaining (void);
/* Whether FUN still has OpenMP or OpenACC statements (neither the pass
   nor feedback= takes such a function).  */
bool pathprof_has_omp_statements (function *fun);

#endif /* PATHPROF_PLUGIN_H */
