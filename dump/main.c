/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump: the user's window on .pathprof files.

   Usage: pathprof-dump [OPTION]... FILE|DIR...

   Reads the files (directories: every *.pathprof under them), then writes
   one report: the hottest paths as text (default), path coverage
   (--coverage), one line per path (--tsv), everything as JSON (--json),
   or the edge and line counts the paths imply (--annotate, --lines,
   --edges; derive.h says how they are derived), or one function's CFG
   as a picture (--dot, dot.h), as DOT or rendered by Graphviz, or an
   HTML report in a directory (--html -o DIR, html.h).
   doc/pathprof-dump.md is the manual.

   Exit status: 0 when all went well; 1 when an input could not be read
   (the report still covers the others), a -f pattern matched no
   function, or the output could not be written; 2 for a usage error,
   or sampled and exact profiles read together (merge them first with
   pathprof-tool merge --mixed).

   Debugging: --tsv --all shows every path with its number, and --json
   every block of every path with its lines; doc/file-format.md says how
   a number becomes a path.  */

#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "columns.h"
#include "dot.h"
#include "html.h"
#include "profile-data.h"
#include "reports.h"
#include "select.h"
#include "source-lines.h"
#include "untested.h"

#define DUMP_VERSION "0.1"

/* Paths shown by the text report without -n or --all.  */
#define DEFAULT_TOP 20
/* Output width when it cannot be found from the terminal or COLUMNS.  */
#define DEFAULT_WIDTH 100
/* Display lines per path in the text report without --path-lines.  */
#define DEFAULT_PATH_LINES 4
/* Blocks shown by --correlated without -n or --all.  */
#define DEFAULT_CORRELATED_TOP 10

enum mode
{
  MODE_TEXT,
  MODE_COVERAGE,
  MODE_TSV,
  MODE_JSON,
  MODE_ANNOTATE,
  MODE_LINES,
  MODE_EDGES,
  MODE_LCOV,
  MODE_GCOV,
  MODE_UNTESTED,
  MODE_PREDICT,
  MODE_CORRELATED,
  MODE_DOT,
  MODE_HTML
};

enum
{
  OPT_JSON = 256,
  OPT_TSV,
  OPT_COVERAGE,
  OPT_PATH_LINES,
  OPT_ASCII,
  OPT_ANNOTATE,
  OPT_LINES,
  OPT_EDGES,
  OPT_LCOV,
  OPT_GCOV,
  OPT_UNTESTED,
  OPT_PREDICT,
  OPT_CORRELATED,
  OPT_DOT,
  OPT_MAX_BLOCKS,
  OPT_HTML,
  OPT_SORT,
  OPT_UNIT,
  OPT_PICTURES,
  OPT_BRANCHES,
  OPT_SOURCE_DIR
};

static const struct option long_options[] = {
  { "function", required_argument, NULL, 'f' },
  { "unit", required_argument, NULL, OPT_UNIT },
  { "top", required_argument, NULL, 'n' },
  { "all", no_argument, NULL, 'a' },
  { "coverage", no_argument, NULL, OPT_COVERAGE },
  { "tsv", no_argument, NULL, OPT_TSV },
  { "json", no_argument, NULL, OPT_JSON },
  { "annotate", optional_argument, NULL, OPT_ANNOTATE },
  { "branches", no_argument, NULL, OPT_BRANCHES },
  { "source-dir", required_argument, NULL, OPT_SOURCE_DIR },
  { "lines", no_argument, NULL, OPT_LINES },
  { "edges", no_argument, NULL, OPT_EDGES },
  { "lcov", optional_argument, NULL, OPT_LCOV },
  { "gcov", optional_argument, NULL, OPT_GCOV },
  { "untested", no_argument, NULL, OPT_UNTESTED },
  { "predict", no_argument, NULL, OPT_PREDICT },
  { "correlated", no_argument, NULL, OPT_CORRELATED },
  { "dot", optional_argument, NULL, OPT_DOT },
  { "html", no_argument, NULL, OPT_HTML },
  { "pictures", required_argument, NULL, OPT_PICTURES },
  { "paths", required_argument, NULL, 'k' },
  { "max-blocks", required_argument, NULL, OPT_MAX_BLOCKS },
  { "output", required_argument, NULL, 'o' },
  { "sort", required_argument, NULL, OPT_SORT },
  { "width", required_argument, NULL, 'w' },
  { "path-lines", required_argument, NULL, OPT_PATH_LINES },
  { "ascii", no_argument, NULL, OPT_ASCII },
  { "help", no_argument, NULL, 'h' },
  { "version", no_argument, NULL, 'V' },
  { NULL, 0, NULL, 0 }
};

/* Write the --help text.  */

static void
usage (FILE *out)
{
  fprintf (out,
"Usage: %s [OPTION]... FILE|DIR...\n"
"Show the path profiles in .pathprof files (directories: every *.pathprof\n"
"under them).  By default, the hottest paths of all files as text.\n"
"\n"
"Reports (one at a time):\n"
"      --coverage        executed/potential paths per function\n"
"      --tsv             one tab-separated line per path: function, id,\n"
"                        count, start, end, lines (default: every path)\n"
"      --json            everything as JSON (default: every path), with\n"
"                        each function's line, branch and edge counts\n"
"      --annotate[=FILE] the source files (or FILE) with each line's count\n"
"                        as gcov shows it, derived from the paths; with\n"
"                        --branches, each line's branches and how often\n"
"                        each was taken, as gcov -b -c lists them\n"
"      --lines           one line per source line: function, file, line,\n"
"                        count (gcov's count)\n"
"      --edges           one line per CFG edge: function, source block,\n"
"                        destination block, kind, count, paths started\n"
"      --lcov[=FILE]     the line, branch and function counts as an lcov\n"
"                        tracefile (for genhtml), into FILE if given\n"
"      --gcov[=DIR]      one SOURCE.gcov file per source file, as gcov -b -c\n"
"                        writes them (for gcovr -g), in DIR (default: .)\n"
"      --untested        the paths that never ran, one decision from an\n"
"                        executed path first, then the shortest (default:\n"
"                        %d per function; with --json, in each function)\n"
"      --predict         the paths the edge profile predicts against the\n"
"                        paths that ran (the paper's Table 2; with --json,\n"
"                        in each function)\n"
"      --correlated      the branches whose outcome depends on the edge\n"
"                        control arrived by: per block, the split per\n"
"                        predecessor and what one prediction per\n"
"                        predecessor gains (default: %d blocks; with --tsv\n"
"                        one line per block, with --json in each function)\n"
"      --dot[=FORMAT]    the CFG of the one function -f selects, with edge\n"
"                        counts and its hottest paths in colour; FORMAT dot\n"
"                        (Graphviz source, the default), svg or png (made\n"
"                        by Graphviz's dot, which must be installed)\n"
"      --html            an HTML report in the directory -o DIR: index,\n"
"                        annotated sources where a chosen path is\n"
"                        highlighted, a page per function with its paths\n"
"                        and CFG picture (default: %d paths per function)\n"
"      --pictures=N|all  --html: a CFG picture on the pages of the N hottest\n"
"                        functions only (default %d; all: every page)\n"
"      --source-dir=DIR  look for sources also in DIR (after where they\n"
"                        were compiled), as DIR/NAME and DIR/TAIL for each\n"
"                        tail of NAME; may be repeated, tried in order\n"
"\n"
"Selection:\n"
"  -f, --function=FUNC   only functions whose name (with its parameters,\n"
"                        without a return type) or assembler name is FUNC\n"
"                        or matches it as a glob, or whose name as the\n"
"                        report writes it is FUNC; may be repeated\n"
"      --unit=FILE       only functions of the translation units whose\n"
"                        source or .pathprof file is FILE (whole, base\n"
"                        name, last components or glob); may be repeated\n"
"  -n, --top=N           the N hottest paths (text default: %d); with\n"
"                        --untested, N untested paths per function\n"
"  -a, --all             every executed path\n"
"      --sort=KEY        rank paths by count (default) or by time, as\n"
"                        measured by a build with the plugin argument\n"
"                        metric=cycles (text report, tsv, json and html)\n"
"\n"
"Text layout:\n"
"  -w, --width=COLS      wrap paths at COLS columns (0: never); default: the\n"
"                        terminal's width, else $COLUMNS, else %d\n"
"      --path-lines=N    show at most N lines per path, then say how much\n"
"                        was left out (0: no limit; default %d)\n"
"      --ascii           write -> and ... rather than UTF-8 arrows\n"
"\n"
"Picture (--dot):\n"
"  -k, --paths=N         draw the N hottest paths in colour (default %d, at\n"
"                        most %d)\n"
"      --max-blocks=N    in a function of more blocks, draw the coloured\n"
"                        paths' blocks and the hottest others, N in all,\n"
"                        and each run of the rest as one node (default %d;\n"
"                        0: draw every block)\n"
"\n"
"  -o, --output=FILE     write the report to FILE rather than stdout\n"
"                        (--html: the directory DIR, created or replaced)\n"
"  -h, --help            show this help and exit\n"
"  -V, --version         show the version and exit\n"
"\n"
"Exit status: 0 if all is well, 1 if an input could not be read (the report\n"
"covers the others), a -f pattern matched no function (--dot: not exactly\n"
"one), the output could not be written or dot failed, 2 for a usage error\n"
"or sampled and exact profiles read together.\n",
	   DUMP_PROGRAM, DUMP_UNTESTED_DEFAULT, DEFAULT_CORRELATED_TOP,
	   DUMP_HTML_PATHS_DEFAULT, DUMP_HTML_PICTURES_DEFAULT,
	   DEFAULT_TOP, DEFAULT_WIDTH,
	   DEFAULT_PATH_LINES, DUMP_DOT_DEFAULT_PATHS, DUMP_DOT_MAX_PATHS,
	   DUMP_DOT_DEFAULT_BLOCKS);
}

/* Report a usage error and exit with status 2.  */

static void __attribute__ ((noreturn))
usage_error (const char *fmt, const char *arg)
{
  fprintf (stderr, "%s: ", DUMP_PROGRAM);
  fprintf (stderr, fmt, arg);
  fprintf (stderr, "\nTry '%s --help' for more information.\n",
	   DUMP_PROGRAM);
  exit (2);
}

/* Parse the non-negative decimal ARG of option NAME, or exit with a usage
   error.  */

static unsigned long long
parse_count (const char *arg, const char *name)
{
  char *end;
  unsigned long long value;

  errno = 0;
  value = strtoull (arg, &end, 10);
  if (arg[0] < '0' || arg[0] > '9' || *end != '\0' || errno == ERANGE)
    {
      char msg[128];
      snprintf (msg, sizeof msg, "invalid %s: '%%s'", name);
      usage_error (msg, arg);
    }
  return value;
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

/* --dot: write the CFG of the one function SEL selects to OUT, as DOT
   or rendered by Graphviz (dot.h).  Returns 0, -1 if memory ran out, or
   1 after a message on stderr (not one function; dot failed).  */

static int
write_dot (FILE *out, const report_data *data, const report_selection *sel,
	   const dump_options *opt)
{
  dump_dot_options dot_opt = { 0 };
  const report_function *fn = NULL;
  char *text = NULL;
  size_t len = 0;
  FILE *mem;
  int rc;

  if (sel->num_selected != 1)
    {
      fprintf (stderr, "%s: --dot draws one function, and -f selects %zu:",
	       DUMP_PROGRAM, sel->num_selected);
      for (size_t i = 0; i < data->num_functions; i++)
	if (sel->selected[i])
	  {
	    const report_function *fn = data->functions[i];
	    fprintf (stderr, "\n  %s (assembler name %s, unit %s, in %s)",
		     fn->label, fn->meta.name,
		     fn->unit && fn->unit[0] ? fn->unit : "-",
		     fn->profile->path);
	  }
      fprintf (stderr, "\n%s: pick one with -f and its name as listed "
	       "(quoted) or its assembler name,\nor with --unit=FILE, its "
	       "unit's source or .pathprof file\n", DUMP_PROGRAM);
      return 1;
    }
  for (size_t i = 0; i < data->num_functions; i++)
    if (sel->selected[i])
      fn = data->functions[i];
  dot_opt.top_paths = opt->dot_paths;
  dot_opt.max_blocks = opt->max_blocks;
  dot_opt.utf8 = opt->utf8;
  dot_opt.max_nodes = 0;   /* what is asked for, however long it takes */
  mem = open_memstream (&text, &len);
  if (!mem)
    return -1;
  rc = dump_dot_function (mem, data, fn, &dot_opt);
  if (fclose (mem) != 0 || rc != 0)
    {
      free (text);
      return -1;
    }
  if (strcmp (opt->dot_format, "dot") == 0)
    fwrite (text, 1, len, out);
  else if (dump_dot_render (text, len, opt->dot_format, out) != 0)
    rc = 1;
  free (text);
  return rc;
}

/* Select the functions of DATA that OPT's -f and --unit name into SEL,
   and say which pattern matched nothing.  Returns 0, 1 after such a
   pattern (the report still goes on), or -1 when nothing is left to
   report or memory ran out (said; SEL is freed).  */

static int
select_functions (const report_data *data, const dump_options *opt,
		  report_selection *sel)
{
  report_filter filter = { opt->num_patterns, opt->patterns, opt->num_units,
			   opt->units };
  int status = 0;

  if (report_select_functions (data, &filter, sel) != 0)
    {
      fprintf (stderr, "%s: out of memory\n", DUMP_PROGRAM);
      report_selection_free (sel);
      return -1;
    }
  /* A pattern that matches nothing is most likely a typo: say so, and
     fail, but still report the functions the other patterns found.  */
  for (size_t i = 0; i < opt->num_units; i++)
    if (sel->unit_hits[i] == 0)
      {
	fprintf (stderr, "%s: no translation unit matches '%s'\n",
		 DUMP_PROGRAM, opt->units[i]);
	status = 1;
      }
  for (size_t i = 0; i < opt->num_patterns; i++)
    if (sel->pattern_hits[i] == 0)
      {
	fprintf (stderr, "%s: no function matches '%s'%s\n", DUMP_PROGRAM,
		 opt->patterns[i],
		 opt->num_units ? " in the units --unit names" : "");
	status = 1;
      }
  if ((opt->num_patterns || opt->num_units) && sel->num_selected == 0)
    {
      report_selection_free (sel);
      return -1;
    }
  return status;
}

/* --tsv: one line per path, or with --correlated per block.  Returns 0,
   or non-zero when memory ran out.  */

static int
write_tsv (FILE *out, const report_data *data, report_selection *sel,
	   const dump_options *opt)
{
  int rc;

  if (opt->correlated)
    return dump_report_correlated_tsv (out, data, sel);
  rc = report_select_paths (data, sel, opt->top);
  if (rc == 0)
    {
      report_sort_by_function (sel, false);
      rc = dump_report_tsv (out, data, sel);
    }
  return rc;
}

/* --json.  Returns 0, or non-zero when memory ran out.  */

static int
write_json (FILE *out, const report_data *data, report_selection *sel,
	    const dump_options *opt)
{
  int rc = report_select_paths (data, sel, opt->top);

  if (rc == 0)
    {
      report_sort_by_function (sel, true);
      rc = dump_report_json (out, data, sel, opt);
    }
  return rc;
}

/* --html into the directory -o names.  Returns 0, non-zero when memory
   ran out, or 0 with *FAILED set when the report failed (said).  */

static int
write_html (const report_data *data, report_selection *sel,
	    const dump_options *opt, bool *failed)
{
  dump_html_options html_opt;
  int rc;

  html_opt.dir = opt->output;
  html_opt.paths = opt->top_given ? opt->top : DUMP_HTML_PATHS_DEFAULT;
  html_opt.untested = DUMP_UNTESTED_DEFAULT;
  html_opt.pictures = opt->pictures_given ? opt->pictures
		      : DUMP_HTML_PICTURES_DEFAULT;
  rc = report_select_paths (data, sel, DUMP_HTML_HOT_PATHS);
  if (rc == 0 && dump_report_html (data, sel, &html_opt) != 0)
    *failed = true;
  return rc;
}

/* Write the report MODE of the functions SEL selects in DATA to OUT.
   Returns 0, or non-zero when memory ran out; sets *FAILED when the
   report failed otherwise (said on stderr).  */

static int
write_mode (FILE *out, const report_data *data, enum mode mode,
	    report_selection *sel, const dump_options *opt, bool *failed)
{
  int rc = 0;

  switch (mode)
    {
    case MODE_COVERAGE:
      return dump_report_coverage (out, data, sel, opt);
    case MODE_TSV:
      return write_tsv (out, data, sel, opt);
    case MODE_JSON:
      return write_json (out, data, sel, opt);
    case MODE_ANNOTATE:
      rc = dump_report_annotate (out, data, sel, opt);
      if (rc == 1)
	{
	  fprintf (stderr, "%s: no source file matches '%s'\n", DUMP_PROGRAM,
		   opt->annotate_file);
	  *failed = true;
	}
      return rc;
    case MODE_LINES:
      return dump_report_lines (out, data, sel);
    case MODE_EDGES:
      return dump_report_edges (out, data, sel);
    case MODE_LCOV:
      return dump_report_lcov (out, data, sel);
    case MODE_GCOV:
      rc = dump_report_gcov (data, sel, opt->gcov_dir);
      *failed = rc == 1;
      return rc;
    case MODE_UNTESTED:
      return dump_report_untested (out, data, sel, opt);
    case MODE_PREDICT:
      return dump_report_predict (out, data, sel, opt);
    case MODE_CORRELATED:
      return dump_report_correlated (out, data, sel, opt);
    case MODE_DOT:
      rc = write_dot (out, data, sel, opt);
      *failed = rc == 1;
      return rc;
    case MODE_HTML:
      return write_html (data, sel, opt, failed);
    case MODE_TEXT:
    default:
      rc = report_select_paths (data, sel, opt->top);
      if (rc == 0)
	rc = dump_report_text (out, data, sel, opt);
      return rc;
    }
}

/* Write the report MODE of DATA to OUT.  Returns 0, or 1 if something
   failed (after saying what on stderr).  */

static int
write_report (FILE *out, const report_data *data, enum mode mode,
	      const dump_options *opt)
{
  report_selection sel;
  bool failed = false;
  int rc, status;

  status = select_functions (data, opt, &sel);
  if (status < 0)
    return 1;
  sel.by_time = opt->sort_by_time;
  rc = write_mode (out, data, mode, &sel, opt, &failed);
  report_selection_free (&sel);
  if (failed)
    return 1;
  if (rc != 0)
    {
      fprintf (stderr, "%s: out of memory\n", DUMP_PROGRAM);
      return 1;
    }
  return status;
}

/* The command line, as process_args leaves it.  */
typedef struct cmdline
{
  dump_options opt;
  enum mode mode;
  bool mode_given, width_given, ascii;
  bool lcov_file;          /* --lcov=FILE named the output */
  bool paths_given, max_blocks_given;
  /* --source-dir's directories, at most one per argument.  */
  const char **source_dirs;
  size_t num_source_dirs;
} cmdline;

static size_t
clamp_size (unsigned long long n)
{
  return n > SIZE_MAX ? SIZE_MAX : (size_t) n;
}

/* -k N: the paths --dot draws in colour.  */

static void
set_dot_paths (cmdline *cl, const char *arg)
{
  unsigned long long number = parse_count (arg, "number of paths");

  if (number > DUMP_DOT_MAX_PATHS)
    {
      char msg[128];
      snprintf (msg, sizeof msg, "at most %d paths can be drawn in "
		"colour, not %%s", DUMP_DOT_MAX_PATHS);
      usage_error (msg, arg);
    }
  cl->opt.dot_paths = (size_t) number;
  cl->paths_given = true;
}

/* --source-dir=DIR.  */

static void
add_source_dir (cmdline *cl, const char *dir)
{
  struct stat st;
  char problem[256];

  snprintf (problem, sizeof problem, "%s",
	    stat (dir, &st) != 0 ? strerror (errno)
	    : !S_ISDIR (st.st_mode) ? "not a directory" : "");
  if (problem[0])
    {
      fprintf (stderr, "%s: --source-dir=%s: %s\n", DUMP_PROGRAM, dir,
	       problem);
      usage_error ("%s", "--source-dir names a directory of sources");
    }
  cl->source_dirs[cl->num_source_dirs++] = dir;
}

/* The detail OPT asks for (--untested, --predict or --correlated) must
   go with report M (the text report, which they replace, is never
   chosen by an option).  */

static void
check_detail (const dump_options *opt, enum mode m)
{
  if (opt->untested && m != MODE_JSON)
    usage_error ("%s", "--untested goes with the text report or --json "
		 "only");
  if (opt->predict && m != MODE_JSON)
    usage_error ("%s", "--predict goes with the text report or --json "
		 "only");
  if (opt->correlated && m != MODE_JSON && m != MODE_TSV)
    usage_error ("%s", "--correlated goes with the text report, --tsv "
		 "or --json only");
}

/* --untested, --predict or --correlated (C), which exclude each other
   and go with some reports only.  */

static void
set_detail (cmdline *cl, int c)
{
  dump_options *opt = &cl->opt;
  bool *flag = c == OPT_UNTESTED ? &opt->untested
	       : c == OPT_PREDICT ? &opt->predict : &opt->correlated;

  /* The same one twice is no conflict.  */
  if (opt->untested + opt->predict + opt->correlated - *flag)
    usage_error ("%s", "--untested, --predict and --correlated "
		 "exclude each other");
  *flag = true;
  if (cl->mode_given)
    check_detail (opt, cl->mode);
}

/* Option C with argument ARG, if it sets something rather than choose
   the report.  Returns whether it was one.  */

static bool
set_option (cmdline *cl, int c, const char *arg)
{
  dump_options *opt = &cl->opt;
  unsigned long long number;

  switch (c)
    {
    case 'f':
      opt->patterns[opt->num_patterns++] = (char *) arg;
      return true;
    case OPT_UNIT:
      opt->units[opt->num_units++] = (char *) arg;
      return true;
    case 'n':
      opt->top = clamp_size (parse_count (arg, "number of paths"));
      opt->top_given = true;
      return true;
    case 'a':
      opt->top = SIZE_MAX;
      opt->top_given = true;
      return true;
    case 'w':
      number = parse_count (arg, "width");
      opt->width = number == 0 ? SIZE_MAX : clamp_size (number);
      cl->width_given = true;
      return true;
    case OPT_PATH_LINES:
      number = parse_count (arg, "number of lines");
      opt->path_lines = number > UINT_MAX ? UINT_MAX : (unsigned) number;
      return true;
    case OPT_ASCII:
      cl->ascii = true;
      return true;
    case OPT_SORT:
      if (strcmp (arg, "time") == 0)
	opt->sort_by_time = true;
      else if (strcmp (arg, "count") == 0)
	opt->sort_by_time = false;
      else
	usage_error ("--sort is count or time, not '%s'", arg);
      return true;
    case 'k':
      set_dot_paths (cl, arg);
      return true;
    case OPT_PICTURES:
      opt->pictures = strcmp (arg, "all") == 0 ? SIZE_MAX
		      : clamp_size (parse_count (arg, "number of pictures"));
      opt->pictures_given = true;
      return true;
    case OPT_MAX_BLOCKS:
      opt->max_blocks = clamp_size (parse_count (arg, "number of blocks"));
      cl->max_blocks_given = true;
      return true;
    case 'o':
      if (arg[0] == '\0')
	usage_error ("%s", "-o needs a file name");
      if (cl->lcov_file && strcmp (opt->output, arg) != 0)
	usage_error ("%s", "--lcov=FILE and -o name two outputs");
      opt->output = arg;
      return true;
    case OPT_UNTESTED:
    case OPT_PREDICT:
    case OPT_CORRELATED:
      set_detail (cl, c);
      return true;
    case OPT_BRANCHES:
      opt->branches = true;
      return true;
    case OPT_SOURCE_DIR:
      add_source_dir (cl, arg);
      return true;
    default:
      return false;
    }
}

/* Option C with argument ARG (NULL if none), one that chooses the
   report: the report it chooses.  -h and -V do their work and exit; an
   unknown option or a missing argument (ARGV[OPTIND - 1]) is a usage
   error.  */

static enum mode
mode_option (cmdline *cl, int c, const char *arg, char **argv)
{
  dump_options *opt = &cl->opt;

  switch (c)
    {
    case 'h':
      usage (stdout);
      exit (0);
    case 'V':
      printf ("%s (pathprof) %s\n", DUMP_PROGRAM, DUMP_VERSION);
      exit (0);
    case OPT_COVERAGE:
      return MODE_COVERAGE;
    case OPT_TSV:
      return MODE_TSV;
    case OPT_JSON:
      return MODE_JSON;
    case OPT_ANNOTATE:
      opt->annotate_file = arg;
      return MODE_ANNOTATE;
    case OPT_LINES:
      return MODE_LINES;
    case OPT_EDGES:
      return MODE_EDGES;
    case OPT_GCOV:
      opt->gcov_dir = arg ? arg : ".";
      if (opt->gcov_dir[0] == '\0')
	usage_error ("%s", "--gcov= needs a directory");
      return MODE_GCOV;
    case OPT_LCOV:
      if (arg)
	{
	  if (arg[0] == '\0')
	    usage_error ("%s", "--lcov= needs a file name");
	  if (opt->output && strcmp (opt->output, arg) != 0)
	    usage_error ("%s", "--lcov=FILE and -o name two outputs");
	  opt->output = arg;
	  cl->lcov_file = true;
	}
      return MODE_LCOV;
    case OPT_HTML:
      return MODE_HTML;
    case OPT_DOT:
      opt->dot_format = arg ? arg : "dot";
      if (strcmp (opt->dot_format, "dot") != 0
	  && strcmp (opt->dot_format, "svg") != 0
	  && strcmp (opt->dot_format, "png") != 0)
	usage_error ("unknown picture format '%s' (dot, svg or png)",
		     opt->dot_format);
      return MODE_DOT;
    case ':':
      usage_error ("option '%s' needs an argument", argv[optind - 1]);
    default:
      if (optopt && optopt < 256)
	{
	  char opt_text[3] = { '-', (char) optopt, '\0' };
	  usage_error ("unknown option '%s'", opt_text);
	}
      usage_error ("unknown option '%s'", argv[optind - 1]);
    }
}

/* Report M chosen: it must go with the options before it.  */

static void
choose_mode (cmdline *cl, enum mode m)
{
  check_detail (&cl->opt, m);
  if (cl->mode_given && m != cl->mode)
    usage_error ("%s", "--coverage, --tsv, --json, --annotate, --lines, "
		 "--edges, --lcov, --gcov, --dot and --html exclude each "
		 "other");
  cl->mode = m;
  cl->mode_given = true;
}

/* After the last option: what the options say together, and the
   defaults that depend on the report.  */

static void
finish_args (cmdline *cl)
{
  dump_options *opt = &cl->opt;
  enum mode mode = cl->mode;

  if (mode == MODE_GCOV && opt->output)
    usage_error ("%s", "--gcov writes its files in the directory --gcov=DIR "
		 "names, not -o");
  if (mode == MODE_HTML && !opt->output)
    usage_error ("%s", "--html writes a directory: name it with -o DIR");
  if (mode == MODE_DOT && opt->num_patterns == 0)
    usage_error ("%s", "--dot draws one function: select it with -f FUNC");
  if (mode == MODE_DOT && opt->top_given)
    usage_error ("%s", "--dot colours the paths -k N asks for; -n and --all "
		 "do not apply");
  if (mode != MODE_ANNOTATE && opt->branches)
    usage_error ("%s", "--branches goes with --annotate only");
  if (mode != MODE_HTML && opt->pictures_given)
    usage_error ("%s", "--pictures goes with --html only");
  if (mode != MODE_DOT && (cl->paths_given || cl->max_blocks_given))
    usage_error ("%s", "-k and --max-blocks go with --dot only");
  opt->untested_top = opt->top_given ? opt->top : DUMP_UNTESTED_DEFAULT;
  if (mode == MODE_TEXT && opt->untested)
    mode = MODE_UNTESTED;
  else if (mode == MODE_TEXT && opt->predict)
    mode = MODE_PREDICT;
  else if (mode == MODE_TEXT && opt->correlated)
    mode = MODE_CORRELATED;
  if (!opt->top_given)
    opt->top = mode == MODE_TEXT ? DEFAULT_TOP
	       : mode == MODE_CORRELATED ? DEFAULT_CORRELATED_TOP : SIZE_MAX;
  if (opt->sort_by_time && opt->correlated)
    usage_error ("%s", "--sort does not go with --correlated");
  if (opt->sort_by_time && mode != MODE_TEXT && mode != MODE_TSV
      && mode != MODE_JSON && mode != MODE_HTML)
    usage_error ("%s", "--sort goes with the text report, --tsv, --json or "
		 "--html only");
  if (!cl->width_given)
    opt->width = report_output_width (DEFAULT_WIDTH);
  opt->utf8 = !cl->ascii && locale_is_utf8 ();
  cl->mode = mode;
}

/* Parse ARGV's options into CL, as gcov's process_args does; exit on a
   usage error, --help and --version.  Returns the index of the first
   input.  */

static int
process_args (int argc, char **argv, cmdline *cl)
{
  int c;

  /* Our own messages for bad options, so that they start with the
     program's name however it was invoked.  */
  opterr = 0;
  while ((c = getopt_long (argc, argv, ":f:n:ak:o:w:hV", long_options, NULL))
	 != -1)
    if (!set_option (cl, c, optarg))
      choose_mode (cl, mode_option (cl, c, optarg, argv));
  if (optind == argc)
    usage_error ("%s", "no input file (give .pathprof files or directories)");
  finish_args (cl);
  return optind;
}

/* Flush OUT, the report of MODE, and close it if it is OPT->output, with
   a message if that fails; remove a --dot picture that failed (a
   regular file only).  STATUS
   is the exit status so far, OUT_FAILED whether writing failed already.
   Returns the exit status.  */

static int
finish_output (FILE *out, const dump_options *opt, enum mode mode,
	       int status, bool out_failed)
{
  if (fflush (out) != 0 || ferror (out))
    {
      fprintf (stderr, "%s: write error%s%s: %s\n", DUMP_PROGRAM,
	       out != stdout ? " on " : "", out != stdout ? opt->output : "",
	       strerror (errno));
      status = 1;
      out_failed = true;
    }
  if (out != stdout)
    {
      struct stat st;
      bool regular = fstat (fileno (out), &st) == 0 && S_ISREG (st.st_mode);

      if (fclose (out) != 0 && !out_failed)
	{
	  fprintf (stderr, "%s: write error on %s: %s\n", DUMP_PROGRAM,
		   opt->output, strerror (errno));
	  status = 1;
	  out_failed = true;
	}
      /* A picture that dot failed to make is no picture: leave no
	 file that looks like one.  Only a regular file: -o may name a
	 pipe or a device (as root, removing /dev/full would remove the
	 device).  */
      if (out_failed && mode == MODE_DOT && regular)
	unlink (opt->output);
    }
  return status;
}

/* Parse the options, read the inputs, write the report.  */

int
main (int argc, char **argv)
{
  cmdline cl;
  dump_options *opt = &cl.opt;
  report_data data;
  size_t problems = 0;
  bool out_failed = false;
  FILE *out = stdout;
  int status = 0, first;

  memset (&cl, 0, sizeof cl);
  cl.mode = MODE_TEXT;
  opt->path_lines = DEFAULT_PATH_LINES;
  opt->dot_paths = DUMP_DOT_DEFAULT_PATHS;
  opt->max_blocks = DUMP_DOT_DEFAULT_BLOCKS;
  opt->patterns = calloc (argc + 1, sizeof *opt->patterns);
  opt->units = calloc (argc + 1, sizeof *opt->units);
  cl.source_dirs = calloc ((size_t) argc + 1, sizeof *cl.source_dirs);
  if (!opt->patterns || !opt->units || !cl.source_dirs)
    {
      fprintf (stderr, "%s: out of memory\n", DUMP_PROGRAM);
      return 1;
    }
  first = process_args (argc, argv, &cl);

  report_source_set_dirs (cl.source_dirs, cl.num_source_dirs);
  report_data_init (&data);
  for (int i = first; i < argc; i++)
    problems += report_data_add (&data, argv[i]);
  if (report_data_finish (&data) != 0)
    {
      fprintf (stderr, "%s: out of memory\n", DUMP_PROGRAM);
      status = 1;
    }
  else if (data.sampling.mixed)
    {
      /* One report of estimates and exact counts would read as one
	 kind: the user merges them, saying so (doc/pathprof-dump.md).  */
      char mixed[512];
      report_sampling_mixed_text (mixed, sizeof mixed, &data.sampling);
      fprintf (stderr, "%s: %s: merge them with pathprof-tool merge "
	       "--mixed to add exact counts as samples of period 1\n",
	       DUMP_PROGRAM, mixed);
      status = 2;
    }
  else if (data.num_profiles > 0 && opt->sort_by_time && !data.has_time)
    {
      /* Nothing to rank by: an input problem, not a usage error.  */
      for (size_t i = 0; i < data.num_profiles; i++)
	fprintf (stderr, "%s: %s: no time per path to sort by (build with "
		 "-fplugin-arg-pathprof-metric=cycles)\n", DUMP_PROGRAM,
		 data.profiles[i]->path);
      status = 1;
    }
  else if (data.num_profiles > 0)
    {
      /* --html writes the directory -o names itself (html.h).  */
      if (opt->output && cl.mode != MODE_HTML
	  && !(out = fopen (opt->output, "w")))
	{
	  fprintf (stderr, "%s: cannot write '%s': %s\n", DUMP_PROGRAM,
		   opt->output, strerror (errno));
	  out = stdout;
	  status = 1;
	}
      else
	out_failed = (status = write_report (out, &data, cl.mode, opt)) != 0;
    }
  if (problems && status != 2)
    status = 1;
  status = finish_output (out, opt, cl.mode, status, out_failed);
  report_data_free (&data);
  free (opt->patterns);
  free (opt->units);
  free (cl.source_dirs);
  return status;
}
