/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-tool: offline operations on .pathprof files, in the manner of
   gcov-tool.

   Usage: pathprof-tool merge [-o OUT] [-w W1,W2,...] [--mixed] INPUT...
	  pathprof-tool diff [-n N|--all] [--json] A B
	  pathprof-tool overlap [-n N|--all] [--json] A B

   Inputs are .pathprof files or directories (every *.pathprof under
   them), read as pathprof-dump reads them; set.h says how files merge.
   doc/pathprof-tool.md is the manual.

   Exit status: 0 when all went well; 1 when an input could not be used
   (merge then writes nothing; diff and overlap report on the rest), a
   function of another build was left out (merge writes the rest) or
   the output could not be written; 2 for a usage error, or a sampled
   profile and an exact one in one set (merge allows it with --mixed).

   Debugging: pathprof-dump --tsv --all on the inputs and on a merge's
   output shows every count, path by path.  */

#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

#define TOOL_VERSION "0.1"
#define DEFAULT_OUTPUT "merged.pathprof"
/* Rows per list of diff and overlap without -n or --all.  */
#define DEFAULT_LIMIT 10
/* Display lines per path in the text reports.  */
#define DEFAULT_PATH_LINES 4

enum
{
  OPT_JSON = 256,
  OPT_MIXED
};

static const struct option long_options[] = {
  { "output", required_argument, NULL, 'o' },
  { "weight", required_argument, NULL, 'w' },
  { "mixed", no_argument, NULL, OPT_MIXED },
  { "top", required_argument, NULL, 'n' },
  { "all", no_argument, NULL, 'a' },
  { "json", no_argument, NULL, OPT_JSON },
  { "help", no_argument, NULL, 'h' },
  { "version", no_argument, NULL, 'V' },
  { NULL, 0, NULL, 0 }
};

/* Write the --help text.  */

static void
usage (FILE *out)
{
  fprintf (out,
"Usage: %s merge [-o OUT] [-w W1,W2,...] [--mixed] INPUT...\n"
"  or:  %s diff [-n N | --all] [--json] A B\n"
"  or:  %s overlap [-n N | --all] [--json] A B\n"
"Offline operations on path profiles.  An INPUT, A or B is a .pathprof\n"
"file or a directory (every *.pathprof under it); files of one build merge.\n"
"\n"
"Sub-commands:\n"
"  merge      add the inputs' counts into one .pathprof file\n"
"  diff       paths executed by A only, by B only, and the largest changes\n"
"             in the share of the paths both executed\n"
"  overlap    how alike A and B are (sum over paths of the smaller share),\n"
"             per function and for the program, and the paper's Table 3:\n"
"             what part of B's paths A executed too\n"
"\n"
"Options:\n"
"  -o, --output=OUT      merge: the file to write (default %s)\n"
"  -w, --weight=W1,W2,...\n"
"                        merge: multiply the counts and runs of each INPUT\n"
"                        by a positive integer, one per INPUT (default 1)\n"
"      --mixed           merge: let sampled and exact profiles merge, the\n"
"                        exact counts entering as samples of period 1\n"
"  -n, --top=N           diff, overlap: at most N rows per list (default %d)\n"
"  -a, --all             diff, overlap: every row\n"
"      --json            diff, overlap: the report as JSON\n"
"  -h, --help            show this help and exit\n"
"  -V, --version         show the version and exit\n"
"\n"
"Exit status: 0 if all is well, 1 if an input could not be used (merge then\n"
"writes nothing), a function of another build was left out (merge writes\n"
"the rest) or the output could not be written, 2 for a usage error or a\n"
"sampled profile with an exact one in a set (merge without --mixed).\n",
	   TOOL_PROGRAM, TOOL_PROGRAM, TOOL_PROGRAM, DEFAULT_OUTPUT,
	   DEFAULT_LIMIT);
}

/* Report a usage error and exit with status 2.  */

static void __attribute__ ((noreturn))
usage_error (const char *fmt, const char *arg)
{
  fprintf (stderr, "%s: ", TOOL_PROGRAM);
  fprintf (stderr, fmt, arg);
  fprintf (stderr, "\nTry '%s --help' for more information.\n",
	   TOOL_PROGRAM);
  exit (2);
}

/* Parse the decimal ARG of option NAME into *VALUE: at least MIN.
   Returns whether it is one.  */

static bool
parse_number (const char *arg, unsigned long long min,
	      unsigned long long *value)
{
  char *end;

  errno = 0;
  if (arg[0] < '0' || arg[0] > '9')
    return false;
  *value = strtoull (arg, &end, 10);
  return *end == '\0' && errno != ERANGE && *value >= min;
}

/* Parse -w's comma-separated positive weights into a fresh array of
   *NUM.  Exits with a usage error on a bad one.  */

static uint64_t *
parse_weights (const char *arg, size_t *num)
{
  char *copy = strdup (arg), *save = NULL, *tok;
  uint64_t *weights = calloc (strlen (arg) + 2, sizeof *weights);
  size_t n = 0;

  if (!copy || !weights)
    {
      fprintf (stderr, "%s: out of memory\n", TOOL_PROGRAM);
      exit (1);
    }
  if (arg[0] == '\0' || arg[strlen (arg) - 1] == ',' || arg[0] == ',')
    usage_error ("invalid weights '%s': positive integers separated by "
		 "commas", arg);
  for (tok = strtok_r (copy, ",", &save); tok;
       tok = strtok_r (NULL, ",", &save))
    {
      unsigned long long w;
      if (!parse_number (tok, 1, &w))
	usage_error ("invalid weight '%s': a positive integer", tok);
      weights[n++] = w;
    }
  if (strstr (arg, ",,"))
    usage_error ("invalid weights '%s': positive integers separated by "
		 "commas", arg);
  free (copy);
  *num = n;
  return weights;
}

/* Whether the locale's character set is UTF-8, so that "→" shows.  */

static bool
locale_is_utf8 (void)
{
  const char *codeset;

  if (!setlocale (LC_CTYPE, ""))
    return false;
  codeset = nl_langinfo (CODESET);
  return codeset
	 && (strcmp (codeset, "UTF-8") == 0 || strcmp (codeset, "utf8") == 0);
}

/* pathprof-tool merge; MIXED: --mixed.  */

static int
run_merge (int argc, char **argv, const char *out_path,
	   const uint64_t *weights, size_t num_weights, bool mixed)
{
  tool_set set;
  struct stat st;
  size_t problems = 0;
  int status;

  if (weights && num_weights != (size_t) argc)
    {
      char msg[64];
      snprintf (msg, sizeof msg, "%zu", num_weights);
      fprintf (stderr, "%s: %s weights for %d inputs: give one per input\n"
	       "Try '%s --help' for more information.\n", TOOL_PROGRAM, msg,
	       argc, TOOL_PROGRAM);
      return 2;
    }
  tool_set_init (&set);
  set.merge_how = mixed ? PPF_MERGE_MIXED : 0;
  set.mixed_hint = "use --mixed to add exact counts as samples of period 1";
  if (stat (out_path, &st) == 0)
    {
      set.exclude = true;
      set.exclude_dev = st.st_dev;
      set.exclude_ino = st.st_ino;
    }
  for (int i = 0; i < argc; i++)
    problems += tool_set_add (&set, argv[i], weights ? weights[i] : 1);
  if (set.into_itself || set.mixed)
    status = 2;
  else if (problems || set.num_inputs == 0)
    {
      if (set.num_inputs)
	fprintf (stderr, "%s: %s not written: %zu problem%s with the "
		 "inputs\n", TOOL_PROGRAM, out_path, problems,
		 problems == 1 ? "" : "s");
      status = 1;
    }
  else
    {
      status = tool_merge_write (&set, out_path);
      if (status == 0 && set.left_out)
	{
	  fprintf (stderr, "%s: %s written without %zu function cop%s of "
		   "another build\n", TOOL_PROGRAM, out_path, set.left_out,
		   set.left_out == 1 ? "y" : "ies");
	  status = 1;
	}
    }
  tool_set_free (&set);
  return status;
}

/* pathprof-tool diff and overlap: OVERLAP says which.  */

static int
run_compare (bool overlap, char **argv, tool_report_options *opt)
{
  tool_set a, b;
  tool_compare cmp;
  size_t problems = 0;
  int status = 0, rc;

  tool_set_init (&a);
  tool_set_init (&b);
  problems += tool_set_add (&a, argv[0], 1);
  problems += tool_set_add (&b, argv[1], 1);
  /* A against B may be sampled against exact (their shares compare);
     within A or B, counts would add.  */
  if (a.mixed || b.mixed || a.num_inputs == 0 || b.num_inputs == 0)
    {
      status = a.mixed || b.mixed ? 2 : 1;
      tool_set_free (&a);
      tool_set_free (&b);
      return status;
    }
  opt->name_a = argv[0];
  opt->name_b = argv[1];
  if (tool_set_finish (&a) != 0 || tool_set_finish (&b) != 0
      || tool_compare_sets (&a, &b, &cmp) != 0)
    rc = -1;
  else
    {
      rc = overlap ? tool_report_overlap (stdout, &cmp, opt)
		   : tool_report_diff (stdout, &cmp, opt);
      if (cmp.mismatches)
	status = 1;
    }
  if (rc != 0)
    {
      fprintf (stderr, "%s: out of memory\n", TOOL_PROGRAM);
      status = 1;
    }
  tool_compare_free (&cmp);
  tool_set_free (&a);
  tool_set_free (&b);
  return problems || a.left_out || b.left_out ? 1 : status;
}

/* What the options of a sub-command set besides OPT (parse_options).  */

struct tool_args
{
  const char *out_path;		/* merge: -o */
  uint64_t *weights;		/* merge: -w, malloc'd, or NULL */
  size_t num_weights;
  bool json;			/* diff, overlap: --json */
  bool mixed;			/* merge: --mixed */
};

/* Parse the options of the sub-command in ARGV[1] (MERGE: merge, else
   diff or overlap) into ARGS and OPT; optind is then the first input.
   Exits with a usage error on a bad one.  Returns true when -h or -V
   answered and there is nothing more to do.  */

/* How a message names option C: "-n (--top)".  */

static const char *
option_name (int c)
{
  switch (c)
    {
    case 'o':
      return "-o (--output)";
    case 'w':
      return "-w (--weight)";
    case 'n':
      return "-n (--top)";
    case 'a':
      return "-a (--all)";
    case OPT_MIXED:
      return "--mixed";
    default:
      return "--json";
    }
}

static bool
parse_options (int argc, char **argv, bool merge, struct tool_args *args,
	       tool_report_options *opt)
{
  unsigned long long number;
  int c;

  opterr = 0;
  optind = 2;
  while ((c = getopt_long (argc, argv, ":o:w:n:ahV", long_options, NULL))
	 != -1)
    {
      switch (c)
	{
	case 'o':
	case 'w':
	case OPT_MIXED:
	  if (!merge)
	    usage_error ("%s: only for merge", option_name (c));
	  if (c == OPT_MIXED)
	    args->mixed = true;
	  else if (c == 'o')
	    {
	      if (!optarg[0])
		usage_error ("%s", "empty output file name");
	      args->out_path = optarg;
	    }
	  else
	    {
	      free (args->weights);
	      args->weights = parse_weights (optarg, &args->num_weights);
	    }
	  break;
	case 'n':
	case 'a':
	case OPT_JSON:
	  if (merge)
	    usage_error ("%s: only for diff and overlap", option_name (c));
	  if (c == 'n')
	    {
	      if (!parse_number (optarg, 0, &number))
		usage_error ("invalid number of rows: '%s'", optarg);
	      opt->limit = number > SIZE_MAX ? SIZE_MAX : (size_t) number;
	    }
	  else if (c == 'a')
	    opt->limit = SIZE_MAX;
	  else
	    args->json = true;
	  break;
	case 'h':
	  usage (stdout);
	  return true;
	case 'V':
	  printf ("%s (pathprof) %s\n", TOOL_PROGRAM, TOOL_VERSION);
	  return true;
	case ':':
	  usage_error ("option '%s' needs an argument", argv[optind - 1]);
	  break;
	default:
	  if (optopt && optopt < 256)
	    {
	      char opt_text[3] = { '-', (char) optopt, '\0' };
	      usage_error ("unknown option '%s'", opt_text);
	    }
	  usage_error ("unknown option '%s'", argv[optind - 1]);
	  break;
	}
    }
  return false;
}

int
main (int argc, char **argv)
{
  tool_report_options opt;
  struct tool_args args = { DEFAULT_OUTPUT, NULL, 0, false, false };
  const char *command;
  bool merge;
  int status;

  report_program_name = TOOL_PROGRAM;
  memset (&opt, 0, sizeof opt);
  opt.limit = DEFAULT_LIMIT;
  opt.path_lines = DEFAULT_PATH_LINES;

  if (argc >= 2 && (strcmp (argv[1], "--help") == 0
		    || strcmp (argv[1], "-h") == 0))
    {
      usage (stdout);
      return 0;
    }
  if (argc >= 2 && (strcmp (argv[1], "--version") == 0
		    || strcmp (argv[1], "-V") == 0))
    {
      printf ("%s (pathprof) %s\n", TOOL_PROGRAM, TOOL_VERSION);
      return 0;
    }
  if (argc < 2)
    usage_error ("%s", "no sub-command (merge, diff or overlap)");
  command = argv[1];
  merge = strcmp (command, "merge") == 0;
  if (!merge && strcmp (command, "diff") != 0
      && strcmp (command, "overlap") != 0)
    usage_error ("unknown sub-command '%s' (merge, diff or overlap)",
		 command);

  if (parse_options (argc, argv, merge, &args, &opt))
    return 0;
  argc -= optind;
  argv += optind;
  if (merge)
    {
      if (argc == 0)
	usage_error ("%s", "merge: no input (give .pathprof files or "
		     "directories)");
      status = run_merge (argc, argv, args.out_path, args.weights,
			  args.num_weights, args.mixed);
      free (args.weights);
      return status;
    }
  if (argc != 2)
    usage_error ("%s: give two inputs, A and B", command);
  opt.json = args.json;
  opt.utf8 = !args.json && locale_is_utf8 ();
  /* A file or pipe without $COLUMNS: no wrapping.  */
  opt.width = report_output_width (SIZE_MAX);
  status = run_compare (strcmp (command, "overlap") == 0, argv, &opt);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "%s: write error: %s\n", TOOL_PROGRAM,
	       strerror (errno));
      status = 1;
    }
  return status;
}
