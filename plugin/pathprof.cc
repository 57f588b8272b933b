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

#define PATHPROF_WANT_PLUGIN_VERSION
#include "gcc-common.h"
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
  "  peel=auto|rotate|yes|no\n"
  "                       count the first iteration of innermost loops of\n"
  "                       one path apart and the others in a register:\n"
  "                       rotate those counted from a constant, as\n"
  "                       \"for (i = 0; i < n; i++)\" (auto, the default);\n"
  "                       rotate all that are left from their header only\n"
  "                       and peel the others (rotate); peel all (yes);\n"
  "                       none (no)\n"
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

/* One of the names a choice argument takes, and the value it sets.  */

struct pathprof_choice
{
  const char *name;
  int value;
};

/* update=: what each name sets, as bits (ARG_UPDATE).  atomic and
   per-thread are one mode: each thread counts in its own copy of the
   counters (perthread.cc); locked is a locked add per count into the
   shared ones.  */
enum { UPDATE_ATOMIC = 1, UPDATE_PER_THREAD = 2 };

/* The names each choice argument takes and what they set.  */

static const struct pathprof_choice partial_paths_choices[] = {
  { "yes", PATHPROF_PARTIAL_FRAMES },
  { "no", PATHPROF_PARTIAL_NO },
  { "count", PATHPROF_PARTIAL_COUNT },
  { NULL, 0 }
};
static const struct pathprof_choice yes_no_choices[] = {
  { "yes", true },
  { "no", false },
  { NULL, 0 }
};
static const struct pathprof_choice placement_choices[] = {
  { "optimized", false },
  { "naive", true },
  { NULL, 0 }
};
static const struct pathprof_choice update_choices[] = {
  { "single", 0 },
  { "atomic", UPDATE_ATOMIC | UPDATE_PER_THREAD },
  { "per-thread", UPDATE_ATOMIC | UPDATE_PER_THREAD },
  { "locked", UPDATE_ATOMIC },
  { NULL, 0 }
};
static const struct pathprof_choice backedge_runs_choices[] = {
  { "never", PATHPROF_RUNS_NEVER },
  { "atomic", PATHPROF_RUNS_ATOMIC },
  { "always", PATHPROF_RUNS_ALWAYS },
  { NULL, 0 }
};
static const struct pathprof_choice peel_choices[] = {
  { "no", PATHPROF_PEEL_NO },
  { "yes", PATHPROF_PEEL_YES },
  { "rotate", PATHPROF_PEEL_ROTATE },
  { "auto", PATHPROF_PEEL_AUTO },
  { NULL, 0 }
};
static const struct pathprof_choice metric_choices[] = {
  { "cycles", PATHPROF_METRIC_CYCLES },
  { "ns", PATHPROF_METRIC_NS },
  { NULL, 0 }
};
static const struct pathprof_choice numbering_choices[] = {
  { "hot", true },
  { "paths", false },
  { NULL, 0 }
};

/* How an argument's value is read and what it sets: the field of
   pathprof_opts at the argument's OFFSET, as GCC's own option table
   says of each option (opts.h, struct cl_option: var_type and
   flag_var_offset).  */

enum pathprof_arg_kind
{
  ARG_HELP,	    /* no value: the help printed */
  ARG_FLAG,	    /* no value: the bool set */
  ARG_CHOICE,	    /* one of CHOICES: the int set to its value */
  ARG_BOOL_CHOICE,  /* one of CHOICES: the bool set to its value */
  ARG_UPDATE,	    /* one of CHOICES: atomic and per_thread, UPDATE_* */
  ARG_COUNT,	    /* a positive number: the unsigned long long */
  ARG_COUNT_OR_0,   /* a number, 0 too: likewise */
  ARG_DENSE_PREFIX, /* auto, 0 or a power of 2 up to 2^32: likewise */
  ARG_NAME,	    /* a name, not empty: the string, as given */
  ARG_DIR,	    /* a directory: the string, made absolute */
  ARG_REGEX	    /* an extended regular expression: the regex_t */
};

/* One plugin argument, -fplugin-arg-pathprof-KEY[=VALUE].  */

struct pathprof_arg
{
  const char *key;
  enum pathprof_arg_kind kind;
  /* The field of pathprof_opts it sets.  */
  size_t offset;
  /* A choice's names, ended by a null one.  */
  const struct pathprof_choice *choices;
  /* A choice's value when the key comes alone; NULL: it needs one.  */
  const char *alone;
  /* ARG_NAME, ARG_DIR: what its error says it needs.  */
  const char *needs;
  /* ARG_REGEX: the bool set when the value compiles.  */
  size_t have_offset;
};

#define OPT(FIELD) offsetof (struct pathprof_options, FIELD)

/* Every argument the plugin accepts, one row each.  The parser accepts
   exactly these and the unknown-key error lists them in this order, so
   what a user sees there cannot drift from what is parsed; the man page
   is checked against that list (testsuite/man-check.sh).  The help text
   (pathprof_help) explains each.  */

static const struct pathprof_arg pathprof_args[] = {
  { "help", ARG_HELP, 0, NULL, NULL, NULL, 0 },
  { "verbose", ARG_FLAG, OPT (verbose), NULL, NULL, NULL, 0 },
  { "partial-paths", ARG_CHOICE, OPT (partial_paths), partial_paths_choices,
    "yes", NULL, 0 },
  { "inlined-leaves", ARG_BOOL_CHOICE, OPT (inlined_leaves), yes_no_choices,
    NULL, NULL, 0 },
  { "placement", ARG_BOOL_CHOICE, OPT (naive), placement_choices, NULL, NULL,
    0 },
  { "update", ARG_UPDATE, 0, update_choices, NULL, NULL, 0 },
  { "backedge-runs", ARG_CHOICE, OPT (backedge_runs), backedge_runs_choices,
    NULL, NULL, 0 },
  { "peel", ARG_CHOICE, OPT (peel), peel_choices, NULL, NULL, 0 },
  { "metric", ARG_CHOICE, OPT (metric), metric_choices, NULL, NULL, 0 },
  { "max-array", ARG_COUNT, OPT (max_array), NULL, NULL, NULL, 0 },
  /* 0 for none.  */
  { "max-mapped", ARG_COUNT_OR_0, OPT (max_mapped), NULL, NULL, NULL, 0 },
  { "dense-prefix", ARG_DENSE_PREFIX, OPT (dense_prefix), NULL, NULL, NULL,
    0 },
  { "numbering", ARG_BOOL_CHOICE, OPT (hot_first), numbering_choices, NULL,
    NULL, 0 },
  { "max-paths", ARG_COUNT, OPT (max_paths), NULL, NULL, NULL, 0 },
  { "dir", ARG_DIR, OPT (dir), NULL, NULL, "a directory", 0 },
  { "use", ARG_NAME, OPT (use), NULL, NULL, "a file name", 0 },
  { "feedback", ARG_NAME, OPT (feedback), NULL, NULL,
    "a file or directory name", 0 },
  { "include", ARG_REGEX, OPT (include_re), NULL, NULL, NULL,
    OPT (have_include) },
  { "exclude", ARG_REGEX, OPT (exclude_re), NULL, NULL, NULL,
    OPT (have_exclude) },
};

#undef OPT

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

/* Parse VALUE, KEY's value, as dense-prefix= takes it into *OUT: auto,
   or 0 (no prefix, so not parse_count) or a power of 2 up to 2^32;
   false (with an error given) if it is none of these.  */

static bool
parse_dense_prefix (const char *key, const char *value,
		    unsigned long long *out)
{
  char *end = NULL;
  errno = 0;
  unsigned long long n = value && ISDIGIT (*value)
			 ? strtoull (value, &end, 10) : 0;
  if (value && !strcmp (value, "auto"))
    *out = PATHPROF_DENSE_PREFIX_AUTO;
  else if (!end || *end || errno || (n & (n - 1)) != 0 || n > (1ULL << 32))
    {
      error ("pathprof: %<%s%> is %<auto%>, 0 or a power of 2 up to 2^32, "
	     "not %qs", key, value ? value : "");
      return false;
    }
  else
    *out = n;
  return true;
}

/* The position of VALUE, KEY's value, in CHOICES, ended by a null name,
   of two or three names; -1, with an error listing them, if it is not
   there.  */

static int
parse_choice (const char *key, const char *value,
	      const struct pathprof_choice *choices)
{
  int n = 0;
  for (; choices[n].name; n++)
    if (value && !strcmp (value, choices[n].name))
      return n;
  gcc_checking_assert (n >= 2 && n <= 4);
  value = value ? value : "";
  if (n == 2)
    error ("pathprof: %<%s%> is %qs or %qs, not %qs", key, choices[0].name,
	   choices[1].name, value);
  else if (n == 3)
    error ("pathprof: %<%s%> is %qs, %qs or %qs, not %qs", key,
	   choices[0].name, choices[1].name, choices[2].name, value);
  else
    error ("pathprof: %<%s%> is %qs, %qs, %qs or %qs, not %qs", key,
	   choices[0].name, choices[1].name, choices[2].name,
	   choices[3].name, value);
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

/* The field of pathprof_opts at OFFSET.  */

static void *
opts_field (size_t offset)
{
  return (char *) &pathprof_opts + offset;
}

/* Read VALUE, one of the choices of ARG (its ALONE if VALUE is NULL),
   and set what ARG's kind says; false (with an error given) if it is
   not one of them.  */

static bool
read_choice (const struct pathprof_arg *arg, const char *value)
{
  int i = parse_choice (arg->key, value ? value : arg->alone, arg->choices);
  if (i < 0)
    return false;
  int chosen = arg->choices[i].value;
  if (arg->kind == ARG_BOOL_CHOICE)
    *(bool *) opts_field (arg->offset) = chosen;
  else if (arg->kind == ARG_UPDATE)
    {
      pathprof_opts.atomic = chosen & UPDATE_ATOMIC;
      pathprof_opts.per_thread = chosen & UPDATE_PER_THREAD;
    }
  else
    *(int *) opts_field (arg->offset) = chosen;
  return true;
}

/* Read VALUE, a name for ARG (a directory made absolute for ARG_DIR),
   into *OUT, a copy; false (with an error given) if it is empty.  */

static bool
read_name (const struct pathprof_arg *arg, const char *value, const char **out)
{
  if (!value || !*value)
    {
      error ("pathprof: %<%s%> needs %s", arg->key, arg->needs);
      return false;
    }
  if (arg->kind == ARG_DIR && !IS_ABSOLUTE_PATH (value))
    *out = concat (getpwd (), "/", value, NULL);
  else
    *out = xstrdup (value);
  return true;
}

/* Read VALUE (NULL when the key came alone) for ARG into pathprof_opts,
   as ARG's kind says; false (with an error given) if ARG cannot take
   it.  */

static bool
read_argument (const struct pathprof_arg *arg, const char *value)
{
  void *field = opts_field (arg->offset);
  switch (arg->kind)
    {
    case ARG_HELP:
      fprintf (stderr, "pathprof %s\n%s", pathprof_info.version,
	       pathprof_help);
      return true;
    case ARG_FLAG:
      *(bool *) field = true;
      return true;
    case ARG_CHOICE:
    case ARG_BOOL_CHOICE:
    case ARG_UPDATE:
      return read_choice (arg, value);
    case ARG_COUNT:
      return parse_count (arg->key, value, (unsigned long long *) field);
    case ARG_COUNT_OR_0:
      return parse_count (arg->key, value, (unsigned long long *) field, true);
    case ARG_DENSE_PREFIX:
      return parse_dense_prefix (arg->key, value,
				 (unsigned long long *) field);
    case ARG_NAME:
    case ARG_DIR:
      return read_name (arg, value, (const char **) field);
    case ARG_REGEX:
      {
	bool *have = (bool *) opts_field (arg->have_offset);
	*have = parse_regex (arg->key, value, (regex_t *) field);
	return *have;
      }
    }
  gcc_unreachable ();
}

/* Whether ARG takes a value.  */

static bool
takes_value_p (const struct pathprof_arg *arg)
{
  return arg->kind != ARG_HELP && arg->kind != ARG_FLAG;
}

/* KEY's row in pathprof_args, or NULL.  */

static const struct pathprof_arg *
find_arg (const char *key)
{
  for (const struct pathprof_arg &arg : pathprof_args)
    if (!strcmp (key, arg.key))
      return &arg;
  return NULL;
}

/* The unknown-key error for KEY, listing every key.  */

static void
error_unknown_key (struct plugin_name_args *info, const char *key)
{
  size_t len = 1;
  for (const struct pathprof_arg &arg : pathprof_args)
    len += strlen (arg.key) + 2;
  char *list = XNEWVEC (char, len);
  char *end = list;
  *end = 0;
  for (const struct pathprof_arg &arg : pathprof_args)
    end += sprintf (end, "%s%s", end == list ? "" : ", ", arg.key);
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

/* The arguments' defaults, in pathprof_opts.  */

static void
set_default_arguments (void)
{
  pathprof_opts.max_array = 1 << 19;
  pathprof_opts.max_mapped = 1 << 27;
  pathprof_opts.dense_prefix = 0;
  pathprof_opts.hot_first = true;
  pathprof_opts.inlined_leaves = true;
  pathprof_opts.backedge_runs = PATHPROF_RUNS_ATOMIC;
  /* One-path loops counted in a local, as gcov's counters are kept in
     registers: doc/performance.md, "One-path loops by default".  */
  pathprof_opts.peel = PATHPROF_PEEL_AUTO;
  /* Cut paths are counted by default, from frames (frames.cc); what
     that costs is in doc/performance.md, "Cut paths".  */
  pathprof_opts.partial_paths = PATHPROF_PARTIAL_FRAMES;
  pathprof_opts.profile_dir = profile_data_prefix;
  /* -fprofile-update=atomic or prefer-atomic: exact under threads, each
     thread counting in its own copy (update=atomic).  */
  pathprof_opts.atomic = flag_profile_update != PROFILE_UPDATE_SINGLE;
  pathprof_opts.per_thread = pathprof_opts.atomic;
}

/* Read the plugin's arguments into pathprof_opts, each as its row of
   pathprof_args says.  Unknown keys and bad values are errors: a
   misspelt option must not silently profile differently from what the
   user asked.  Returns false on error.  */

static bool
parse_arguments (struct plugin_name_args *info)
{
  bool ok = true;
  set_default_arguments ();
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = full_argument_value (info, i);
      const struct pathprof_arg *arg = find_arg (key);
      if (!arg)
	{
	  error_unknown_key (info, key);
	  ok = false;
	}
      else if (!takes_value_p (arg) && value)
	{
	  error ("pathprof: %qs takes no value", key);
	  ok = false;
	}
      else
	ok &= read_argument (arg, value);
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
