/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof.cc: the GCC plugin's entry point.

   Purpose: check that we run in the GCC we were built for, read the
   -fplugin-arg-pathprof-KEY[=VALUE] arguments, register the instrumenting
   pass after CFG construction (instance 1 of "cfg") and the callback that
   builds the unit's descriptor and constructor at the start of IPA.

   Usage:
     gcc -fplugin=pathprof [-fplugin-arg-pathprof-KEY=VALUE ...] foo.c \
       -lpathprof
   and -fplugin-arg-pathprof-help for the list of keys.

   Debugging: -fplugin-arg-pathprof-verbose notes each function's path
   count and probes, with use=FILE each function whose CFG is not the
   profile's, and with feedback=FILE each function's counts; -fdump-tree-all
   writes the pass's dump (the file with "pathprof" in its name) with the plan
   of every function (the pass's own -fdump-tree-pathprof cannot work: GCC
   parses dump options before it loads plugins).  Always test with -fchecking:
   the installed compiler does not verify the IL otherwise.  */

#include "gcc-common.h"
#include "opts.h"
#include "plugin-version.h"
#include <regex.h>
#include "pathprof-plugin.h"

int plugin_is_GPL_compatible;

struct pathprof_options pathprof_opts;

static const char pathprof_help[] =
  "Ball-Larus path profiling.  Link with -lpathprof; run; read the\n"
  "profile with pathprof-dump.  Arguments, -fplugin-arg-pathprof-KEY[=VALUE]:\n"
  "  help                 print this list\n"
  "  verbose              note each instrumented function's paths and probes\n"
  "  placement=optimized  increments on spanning-tree chords, Figure 8\n"
  "                       folding (default)\n"
  "  placement=naive      R += Val(e) on every edge (a test oracle)\n"
  "  max-array=N          dense counters for functions of up to N paths,\n"
  "                       the runtime's hash table above (default 524288)\n"
  "  max-mapped=N         in functions above max-array of up to N paths,\n"
  "                       counters for every path in memory the runtime\n"
  "                       maps at the first count, the hash table until\n"
  "                       then (default 134217728; 0 for none)\n"
  "  dense-prefix=N|auto  in functions above max-array, count the paths\n"
  "                       numbered below N in an array, the hash table\n"
  "                       only for the others (N a power of 2, or 0 for\n"
  "                       none, the default); auto: max-array rounded\n"
  "                       down to a power of 2 in functions weighted by\n"
  "                       use=, none in the others\n"
  "  numbering=hot|paths  in functions with a dense prefix, give the\n"
  "                       smallest path numbers to the paths estimated\n"
  "                       hottest (hot, default) or order successors by\n"
  "                       their number of paths as elsewhere (paths)\n"
  "  max-paths=N          cut edges so that no block starts more than N\n"
  "                       paths (default: only to stay below 2^63)\n"
  "  update=single|atomic|per-thread|locked\n"
  "                       counter updates (default from -fprofile-update):\n"
  "                       atomic (or per-thread) is exact under threads,\n"
  "                       each thread counting in its own copy, merged at\n"
  "                       writes and thread exit; locked is exact with a\n"
  "                       locked add per count, as -fprofile-update=atomic\n"
  "  backedge-runs=atomic|always|never\n"
  "                       count a tight loop's repeated path in a register,\n"
  "                       added to memory when the loop is left: where a\n"
  "                       count is a locked add (update=locked, default),\n"
  "                       always, or never\n"
  "  metric=cycles        also measure each path's time, start to end,\n"
  "                       callees included: rdtsc ticks on x86-64,\n"
  "                       CLOCK_MONOTONIC nanoseconds elsewhere\n"
  "  metric=ns            the same in CLOCK_MONOTONIC nanoseconds\n"
  "                       everywhere (needs -lpathprof at link time)\n"
  "  dir=DIR              write .pathprof files into DIR\n"
  "  include=REGEX        instrument only functions whose name matches\n"
  "  exclude=REGEX        do not instrument functions whose name matches\n"
  "  use=FILE|DIR         weight the spanning tree by the edge counts of\n"
  "                       FILE, a .pathprof of an earlier run of the same\n"
  "                       source and options (or every .pathprof under\n"
  "                       DIR): hot edges carry no code\n"
  "  feedback=FILE|DIR    instrument nothing: give GCC's optimisers the\n"
  "                       block and edge counts of FILE (or every\n"
  "                       .pathprof under DIR), measured by an earlier\n"
  "                       run of the same source and options, as\n"
  "                       -fprofile-use does with .gcda files\n"
  "  partial-paths[=yes|no|count]\n"
  "                       a path left at a call that does not return\n"
  "                       (exit or longjmp in a callee) is counted up to\n"
  "                       the call: by the runtime from the frames of the\n"
  "                       functions on the stack (yes, the default),\n"
  "                       not at all (no: only a longjmp back into a\n"
  "                       setjmp's function counts its own),\n"
  "                       or before each such call, taken back when it\n"
  "                       returns (count)\n"
  "  inlined-leaves=yes|no\n"
  "                       where a function of one path is inlined, count\n"
  "                       its runs from the caller's paths through the\n"
  "                       call's block instead of counting them (yes,\n"
  "                       default, where that is exact), or count them\n";

static struct plugin_info pathprof_info = { "0.1", pathprof_help };

/* Parse VALUE as a positive decimal number (or 0 too, with ZERO_OK)
   for KEY into *OUT; false (with an error given) if it is not one.  */

static bool
parse_count (const char *key, const char *value, unsigned long long *out,
	     bool zero_ok = false)
{
  const char *what = zero_ok ? "a number" : "a positive number";
  char *end = NULL;
  errno = 0;
  unsigned long long n = value && ISDIGIT (*value)
			 ? strtoull (value, &end, 10) : 0;
  if (!end || *end || errno || (n == 0 && !zero_ok))
    {
      error ("pathprof: %<%s%> needs %s, not %qs", key, what,
	     value ? value : "");
      return false;
    }
  *out = n;
  return true;
}

/* The position of VALUE, KEY's value, in the null-terminated list
   NAMES of two or three names; -1, with an error listing NAMES, if it
   is not there.  */

static int
parse_choice (const char *key, const char *value,
	      const char *const *names)
{
  int n = 0;
  for (; names[n]; n++)
    if (value && !strcmp (value, names[n]))
      return n;
  if (n == 2)
    error ("pathprof: %<%s%> is %qs or %qs, not %qs", key, names[0],
	   names[1], value ? value : "");
  else
    error ("pathprof: %<%s%> is %qs, %qs or %qs, not %qs", key, names[0],
	   names[1], names[2], value ? value : "");
  return -1;
}

/* Compile VALUE as the extended regular expression for KEY.  */

static bool
parse_regex (const char *key, const char *value, regex_t *re)
{
  if (!value || !*value)
    {
      error ("pathprof: %<%s%> needs a regular expression", key);
      return false;
    }
  int rc = regcomp (re, value, REG_EXTENDED | REG_NOSUB);
  if (rc != 0)
    {
      char msg[256];
      regerror (rc, re, msg, sizeof msg);
      error ("pathprof: %<%s=%s%>: %s", key, value, msg);
      return false;
    }
  return true;
}

/* Every key the plugin accepts, and whether it takes a value.  The
   parser accepts exactly these and the unknown-key error lists them, so
   what a user sees there cannot drift from what is parsed; the man page
   is checked against that list (testsuite/man-check.sh).  */

static const struct pathprof_key
{
  const char *name;
  bool takes_value;
} pathprof_keys[] = {
  { "help", false },
  { "verbose", false },
  { "partial-paths", true },
  { "inlined-leaves", true },
  { "placement", true },
  { "update", true },
  { "backedge-runs", true },
  { "metric", true },
  { "max-array", true },
  { "max-mapped", true },
  { "dense-prefix", true },
  { "numbering", true },
  { "max-paths", true },
  { "dir", true },
  { "use", true },
  { "feedback", true },
  { "include", true },
  { "exclude", true },
};

/* KEY's entry in pathprof_keys, or NULL.  */

static const struct pathprof_key *
find_key (const char *key)
{
  for (const struct pathprof_key &k : pathprof_keys)
    if (!strcmp (key, k.name))
      return &k;
  return NULL;
}

/* The unknown-key error for KEY, listing every key.  */

static void
error_unknown_key (struct plugin_name_args *info, const char *key)
{
  size_t len = 1;
  for (const struct pathprof_key &k : pathprof_keys)
    len += strlen (k.name) + 2;
  char *list = XNEWVEC (char, len);
  char *end = list;
  *end = 0;
  for (const struct pathprof_key &k : pathprof_keys)
    end += sprintf (end, "%s%s", end == list ? "" : ", ", k.name);
  error ("pathprof: unknown argument %<-fplugin-arg-%s-%s%>; the arguments "
	 "are: %s (%<-fplugin-arg-%s-help%> explains them)", info->base_name,
	 key, list, info->base_name);
  XDELETEVEC (list);
}

/* The value of INFO's argument I as the command line wrote it.  GCC
   splits -fplugin-arg-NAME-KEY=VALUE at the first '=' and then leaves one
   character off the end of VALUE for every further '=' in it
   (plugin.cc, parse_plugin_arg_opt, GCC 11 and 12): dir=/a=b/prof would
   arrive as "/a=b/pro".  GCC keeps every option's text
   (save_decoded_options): take VALUE from there, the argument's own
   value when it cannot be found.  */

static const char *
full_argument_value (const struct plugin_name_args *info, int i)
{
  const char *key = info->argv[i].key;
  const char *value = info->argv[i].value;
  /* Argument I is the NTH (from 0) that names KEY.  */
  int nth = 0;
  for (int k = 0; k < i; k++)
    nth += !strcmp (info->argv[k].key, key);
  char *prefix = concat ("-fplugin-arg-", info->base_name, "-", key, "=",
			 NULL);
  size_t prefix_len = strlen (prefix);
  const char *full = NULL;
  for (unsigned j = 0; j < save_decoded_options_count && !full; j++)
    {
      const char *text = save_decoded_options[j].orig_option_with_args_text;
      if (text && !strncmp (text, prefix, prefix_len) && nth-- == 0)
	full = text + prefix_len;
    }
  free (prefix);
  return value && full ? full : value;
}

/* Read the plugin's arguments into pathprof_opts.  Unknown keys and bad
   values are errors: a misspelt option must not silently profile
   differently from what the user asked.  Returns false on error.  */

static bool
parse_arguments (struct plugin_name_args *info)
{
  bool ok = true;
  pathprof_opts.max_array = 1 << 19;
  pathprof_opts.max_mapped = 1 << 27;
  pathprof_opts.dense_prefix = 0;
  pathprof_opts.hot_first = true;
  pathprof_opts.inlined_leaves = true;
  pathprof_opts.backedge_runs = PATHPROF_RUNS_ATOMIC;
  /* Cut paths are counted by default, from frames (frames.cc); what
     that costs is in doc/performance.md, "Cut paths".  */
  pathprof_opts.partial_paths = PATHPROF_PARTIAL_FRAMES;
  pathprof_opts.profile_dir = profile_data_prefix;
  /* -fprofile-update=atomic or prefer-atomic: exact under threads, each
     thread counting in its own copy (update=atomic).  */
  pathprof_opts.atomic = flag_profile_update != PROFILE_UPDATE_SINGLE;
  pathprof_opts.per_thread = pathprof_opts.atomic;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = full_argument_value (info, i);
      const struct pathprof_key *known = find_key (key);
      if (!known)
	{
	  error_unknown_key (info, key);
	  ok = false;
	  continue;
	}
      if (!known->takes_value && value)
	{
	  error ("pathprof: %qs takes no value", key);
	  ok = false;
	  continue;
	}
      if (!strcmp (key, "help"))
	{
	  fprintf (stderr, "pathprof %s\n%s", pathprof_info.version,
		   pathprof_help);
	}
      else if (!strcmp (key, "verbose"))
	pathprof_opts.verbose = true;
      else if (!strcmp (key, "partial-paths"))
	{
	  /* Alone, "yes".  */
	  static const char *const names[] = { "yes", "no", "count", NULL };
	  int i = value ? parse_choice (key, value, names) : 0;
	  ok &= i >= 0;
	  pathprof_opts.partial_paths = i == 1 ? PATHPROF_PARTIAL_NO
				       : i == 2 ? PATHPROF_PARTIAL_COUNT
				       : PATHPROF_PARTIAL_FRAMES;
	}
      else if (!strcmp (key, "inlined-leaves"))
	{
	  static const char *const names[] = { "yes", "no", NULL };
	  int i = parse_choice (key, value, names);
	  ok &= i >= 0;
	  if (i >= 0)
	    pathprof_opts.inlined_leaves = i == 0;
	}
      else if (!strcmp (key, "placement"))
	{
	  static const char *const names[] = { "optimized", "naive", NULL };
	  int i = parse_choice (key, value, names);
	  ok &= i >= 0;
	  if (i >= 0)
	    pathprof_opts.naive = i == 1;
	}
      else if (!strcmp (key, "update"))
	{
	  /* atomic and per-thread are one mode: each thread counts in its
	     own copy of the counters (perthread.cc); locked is a locked
	     add per count into the shared ones.  */
	  static const char *const names[] = { "single", "atomic",
					       "per-thread", "locked", NULL };
	  int i = parse_choice (key, value, names);
	  ok &= i >= 0;
	  if (i >= 0)
	    {
	      pathprof_opts.atomic = i >= 1;
	      pathprof_opts.per_thread = i == 1 || i == 2;
	    }
	}
      else if (!strcmp (key, "backedge-runs"))
	{
	  /* In the order of PATHPROF_RUNS_*.  */
	  static const char *const names[] = { "never", "atomic", "always",
					       NULL };
	  int i = parse_choice (key, value, names);
	  ok &= i >= 0;
	  if (i >= 0)
	    pathprof_opts.backedge_runs = i;
	}
      else if (!strcmp (key, "metric"))
	{
	  /* In the order of PATHPROF_METRIC_*, from CYCLES.  */
	  static const char *const names[] = { "cycles", "ns", NULL };
	  int i = parse_choice (key, value, names);
	  ok &= i >= 0;
	  if (i >= 0)
	    pathprof_opts.metric = PATHPROF_METRIC_CYCLES + i;
	}
      else if (!strcmp (key, "max-array"))
	ok &= parse_count (key, value, &pathprof_opts.max_array);
      else if (!strcmp (key, "max-mapped"))
	/* 0 for none.  */
	ok &= parse_count (key, value, &pathprof_opts.max_mapped, true);
      else if (!strcmp (key, "dense-prefix"))
	{
	  /* 0 is allowed (no prefix), so not parse_count.  */
	  char *end = NULL;
	  errno = 0;
	  unsigned long long n = value && ISDIGIT (*value)
				 ? strtoull (value, &end, 10) : 0;
	  if (value && !strcmp (value, "auto"))
	    pathprof_opts.dense_prefix = 0;
	  else if (!end || *end || errno || (n & (n - 1)) != 0
		   || n > (1ULL << 32))
	    {
	      error ("pathprof: %<dense-prefix%> is %<auto%>, 0 or a power "
		     "of 2 up to 2^32, not %qs", value ? value : "");
	      ok = false;
	    }
	  else
	    pathprof_opts.dense_prefix = n;
	}
      else if (!strcmp (key, "numbering"))
	{
	  static const char *const names[] = { "hot", "paths", NULL };
	  int i = parse_choice (key, value, names);
	  ok &= i >= 0;
	  if (i >= 0)
	    pathprof_opts.hot_first = i == 0;
	}
      else if (!strcmp (key, "max-paths"))
	ok &= parse_count (key, value, &pathprof_opts.max_paths);
      else if (!strcmp (key, "dir"))
	{
	  if (!value || !*value)
	    {
	      error ("pathprof: %<dir%> needs a directory");
	      ok = false;
	    }
	  else if (IS_ABSOLUTE_PATH (value))
	    pathprof_opts.dir = xstrdup (value);
	  else
	    pathprof_opts.dir = concat (getpwd (), "/", value, NULL);
	}
      else if (!strcmp (key, "use"))
	{
	  if (!value || !*value)
	    {
	      error ("pathprof: %<use%> needs a file name");
	      ok = false;
	    }
	  else
	    pathprof_opts.use = xstrdup (value);
	}
      else if (!strcmp (key, "feedback"))
	{
	  if (!value || !*value)
	    {
	      error ("pathprof: %<feedback%> needs a file or directory name");
	      ok = false;
	    }
	  else
	    pathprof_opts.feedback = xstrdup (value);
	}
      else if (!strcmp (key, "include"))
	{
	  pathprof_opts.have_include
	    = parse_regex (key, value, &pathprof_opts.include_re);
	  ok &= pathprof_opts.have_include;
	}
      else if (!strcmp (key, "exclude"))
	{
	  pathprof_opts.have_exclude
	    = parse_regex (key, value, &pathprof_opts.exclude_re);
	  ok &= pathprof_opts.have_exclude;
	}
      else
	/* A key of pathprof_keys without a branch here.  */
	gcc_unreachable ();
    }
  /* feedback= builds without instrumentation; use= weights it.  */
  if (pathprof_opts.feedback && pathprof_opts.use)
    {
      error ("pathprof: %<feedback%> and %<use%> do not go together: "
	     "%<feedback%> instruments nothing, %<use%> weights the "
	     "instrumentation");
      ok = false;
    }
  return ok;
}

/* Insert PASS POS the first instance of REFERENCE, once GCC sets up its
   passes.  */

void
pathprof_register_pass (const char *plugin_name, opt_pass *pass,
			const char *reference, enum pass_positioning_ops pos)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = reference;
  info.ref_pass_instance_number = 1;
  info.pos_op = pos;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

namespace {

/* A GIMPLE pass of ours: EXECUTE on each function.  */
class function_hook_pass : public gimple_opt_pass
{
public:
  function_hook_pass (const pass_data &data, gcc::context *ctx,
		      unsigned int (*execute_fn) (function *))
    : gimple_opt_pass (data, ctx), execute_fn (execute_fn)
  {
  }
  unsigned int execute (function *fun) final override
  {
    return execute_fn (fun);
  }

private:
  unsigned int (*execute_fn) (function *);
};

} // namespace

/* Insert, POS the first instance of REFERENCE, the GIMPLE pass NAME that
   runs EXECUTE on each function (with a CFG when NEEDS_CFG), timed as
   "plugin execution" in -ftime-report.  NAME names its dump
   (-fdump-tree-all).  */

void
pathprof_register_function_pass (const char *plugin_name, const char *name,
				 unsigned int (*execute) (function *),
				 bool needs_cfg, const char *reference,
				 enum pass_positioning_ops pos)
{
  const pass_data data = {
    GIMPLE_PASS,                    /* type */
    name,                           /* name */
    OPTGROUP_NONE,                  /* optinfo_flags */
    TV_PLUGIN_RUN,                  /* tv_id */
    needs_cfg ? (unsigned) PROP_cfg : 0u, /* properties_required */
    0,                              /* properties_provided */
    0,                              /* properties_destroyed */
    0,                              /* todo_flags_start */
    0                               /* todo_flags_finish */
  };
  pathprof_register_pass (plugin_name,
			  new function_hook_pass (data, g, execute),
			  reference, pos);
}

/* The plugin's entry point.  Returns non-zero (GCC then stops) when the
   GCC running us is not the one whose headers we were built with, or the
   arguments are wrong.  */

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("pathprof: this plugin was built for GCC %s (%s), but is "
	     "loaded by GCC %s (%s); rebuild it with this compiler",
	     gcc_version.basever, gcc_version.datestamp, version->basever,
	     version->datestamp);
      return 1;
    }

  register_callback (info->base_name, PLUGIN_INFO, NULL, &pathprof_info);
  if (!parse_arguments (info))
    return 1;
  /* feedback=: GCC's profile from the path profile, no instrumentation
     (feedback.cc); the same CFG as the instrumented build's.  */
  if (pathprof_opts.feedback)
    {
      if (!pathprof_init_feedback (info->base_name))
	return 1;
      pathprof_init_o0_cfg (info->base_name);
      return 0;
    }
  /* Once per compilation, before any function.  */
  if (pathprof_opts.use && !pathprof_read_use_profile (pathprof_opts.use))
    return 1;

  pathprof_init_types (info->base_name);
  pathprof_init_redirects (info->base_name);
  pathprof_init_frames (info->base_name);
  pathprof_init_per_thread (info->base_name);

  pathprof_register_function_pass (info->base_name, "pathprof",
				   pathprof_instrument_pass, true, "cfg",
				   PASS_POS_INSERT_AFTER);
  /* Right after early inlining, before any pass could copy a copy.  */
  pathprof_register_function_pass (info->base_name, "pathprof-leaves",
				   pathprof_inlined_leaves_pass, true,
				   "einline", PASS_POS_INSERT_AFTER);
  /* At the end of the early passes: the calls of leaves that stay.  */
  pathprof_register_function_pass (info->base_name, "pathprof-leaf-calls",
				   pathprof_leaf_calls_pass, true,
				   "release_ssa", PASS_POS_INSERT_AFTER);
  /* After IPA, at every level: the deferred copies decided.  */
  pathprof_register_function_pass (info->base_name, "pathprof-leaves2",
				   pathprof_resolve_leaves_pass, true,
				   "adjust_alignment", PASS_POS_INSERT_AFTER);
  /* After the pass: the one restoring the level goes before it.  */
  pathprof_init_o0_cfg (info->base_name);
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_START,
		     pathprof_finish_unit, NULL);
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_END,
		     pathprof_decide_inlined_calls, NULL);
  return 0;
}
