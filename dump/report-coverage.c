/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The coverage report (--coverage): per selected function, how many of
   its potential paths were executed, then the total.

     Path coverage: 9 of 12 potential paths executed (75.00%)
     Functions:     2 of 2 executed

     executed  potential  coverage  function  defined at
	    4          6    66.67%  fig1      fig1.c:1
	    9         12    75.00%  total

   Potential counts are exact, however large (a function with 2^60 paths
   shows all 19 digits); a small nonzero coverage reads "<0.01%".  For a
   truncated function the potential paths are those of the cut DAG: a
   path through a cut edge counts as its two pieces.

   Paths that end by an exception (a call threw, and the exception left
   the function: DAG edge kind 8) are most of the potential paths of C++
   code that calls much, and no test reaches them by a decision of its
   own; they are counted apart, on a line under the totals and in two
   columns, so that the coverage of the other paths shows.

   Of a sampled profile, a "Sampled:" line says that a path that ran but
   was never sampled counts as not executed.  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "names.h"
#include "reports.h"
#include "sampling.h"

/* Widest function column without a wide output (report_name_column_max);
   longer names are elided in the middle (names.h).  */
#define FUNCTION_COLUMN_MAX 40

/* The exception exits apart: see report.h.  */

void
dump_put_exception_exits (FILE *out, const char *indent,
			  const report_selection *sel)
{
  char exits[REPORT_SUM_DIGITS], others[REPORT_SUM_DIGITS];
  char pct[REPORT_PERCENT_SIZE];
  report_sum other = sel->potential;
  uint64_t executed_others = sel->executed - sel->executed_exception_exits;

  if (report_sum_is_zero (&sel->exception_exits))
    return;
  report_sum_sub_sum (&other, &sel->exception_exits);
  report_percent (pct, (long double) executed_others,
		  report_sum_value (&other));
  fprintf (out, "%sof which %s exception exit%s (%llu executed); without "
	   "them, %llu of %s executed (%s)\n", indent,
	   report_sum_format (&sel->exception_exits, exits),
	   sel->exception_exits.high == 0 && sel->exception_exits.low == 1
	   ? "" : "s", (unsigned long long) sel->executed_exception_exits,
	   (unsigned long long) executed_others,
	   report_sum_format (&other, others), pct);
}

/* Write FN's exception exits as "E/P" into BUF (SIZE bytes), "-" when it
   has none.  */

static void
format_exits (char *buf, size_t size, const report_function *fn)
{
  if (fn->exception_exits)
    snprintf (buf, size, "%llu/%llu",
	      (unsigned long long) fn->executed_exception_exits,
	      (unsigned long long) fn->exception_exits);
  else
    snprintf (buf, size, "-");
}

/* The widths of the coverage report's columns, and whether it has the
   exception exits' two.  */

typedef struct coverage_columns
{
  size_t exec_w, pot_w, fn_w, exits_w;
  bool with_exits;
} coverage_columns;

/* Write the row of FN, named NAME, in columns C.  */

static void
put_function_row (FILE *out, const report_function *fn, const char *name,
		  const coverage_columns *c)
{
  const ppf_meta *m = &fn->meta;
  char pct[REPORT_PERCENT_SIZE];
  char exits[2 * REPORT_SUM_DIGITS + 2];

  report_percent (pct, (long double) fn->num_complete,
		  (long double) m->num_paths);
  fprintf (out, "%*llu  %*llu  %8s  ", (int) c->exec_w,
	   (unsigned long long) fn->num_complete, (int) c->pot_w,
	   (unsigned long long) m->num_paths, pct);
  if (c->with_exits)
    {
      format_exits (exits, sizeof exits, fn);
      report_percent (pct, (long double) (fn->num_complete
					  - fn->executed_exception_exits),
		      (long double) (m->num_paths - fn->exception_exits));
      fprintf (out, "%*s  %8s  ", (int) c->exits_w, exits, pct);
    }
  report_put_padded (out, name, c->fn_w, false);
  if (m->file < m->num_files)
    fprintf (out, "  %s:%u", fn->short_files[m->file], m->line);
  else
    fputs ("  -", out);
  fputs (m->flags & PPF_FN_TRUNCATED ? "  (truncated)\n" : "\n", out);
}

/* Write the total row of SEL in columns C; TOTAL_POTENTIAL is SEL's
   potential paths as written.  */

static void
put_total_row (FILE *out, const report_selection *sel,
	       const char *total_potential, const coverage_columns *c)
{
  char pct[REPORT_PERCENT_SIZE];
  char exits[2 * REPORT_SUM_DIGITS + 2];

  report_percent (pct, (long double) sel->executed,
		  report_sum_value (&sel->potential));
  fprintf (out, "%*llu  %*s  %8s  ", (int) c->exec_w,
	   (unsigned long long) sel->executed, (int) c->pot_w,
	   total_potential, pct);
  if (c->with_exits)
    {
      char potential_exits[REPORT_SUM_DIGITS];
      report_sum other = sel->potential;
      report_sum_sub_sum (&other, &sel->exception_exits);
      snprintf (exits, sizeof exits, "%llu/%s",
		(unsigned long long) sel->executed_exception_exits,
		report_sum_format (&sel->exception_exits, potential_exits));
      report_percent (pct, (long double) (sel->executed
					  - sel->executed_exception_exits),
		      report_sum_value (&other));
      fprintf (out, "%*s  %8s  ", (int) c->exits_w, exits, pct);
    }
  fputs ("total\n", out);
}

/* Write the coverage report.  With exception exits among the selected
   functions, two columns count them apart: "exc. exits", executed of
   potential exception exits, and "w/o exc.", the coverage of the other
   paths.  */

int
dump_report_coverage (FILE *out, const report_data *data,
		      const report_selection *sel, const dump_options *opt)
{
  const report_glyphs *g = report_glyphs_for (opt->utf8);
  char total_potential[REPORT_SUM_DIGITS], pct[REPORT_PERCENT_SIZE];
  char exits[2 * REPORT_SUM_DIGITS + 2];
  coverage_columns c = { 8, 9, 8, 10, false };
  size_t fixed, w_max;
  report_name_column names;
  const char **labels = calloc (data->num_functions + 1, sizeof *labels);
  bool any_truncated = false;

  c.with_exits = !report_sum_is_zero (&sel->exception_exits);
  if (!labels)
    return -1;
  report_sum_format (&sel->potential, total_potential);
  report_percent (pct, (long double) sel->executed,
		  report_sum_value (&sel->potential));
  fprintf (out, "Path coverage: %llu of %s potential paths executed (%s)\n",
	   (unsigned long long) sel->executed, total_potential, pct);
  dump_put_exception_exits (out, "               ", sel);
  if (report_sampling_sampled (&data->sampling))
    {
      /* A path that ran between two samples is not in the file.  */
      if (data->sampling.period)
	fprintf (out, "Sampled:       1 path in %llu; ",
		 (unsigned long long) data->sampling.period);
      else
	fputs ("Sampled:       several periods; ", out);
      fputs ("a path never sampled counts as not executed\n", out);
    }
  fprintf (out, "Functions:     %zu of %zu executed\n\n",
	   sel->num_executed, sel->num_selected);

  if (report_digits (sel->executed) > c.exec_w)
    c.exec_w = report_digits (sel->executed);
  if (strlen (total_potential) > c.pot_w)
    c.pot_w = strlen (total_potential);
  for (size_t i = 0; i < data->num_functions; i++)
    if (sel->selected[i])
      {
	size_t w = report_text_width (data->functions[i]->label);
	labels[i] = data->functions[i]->label;
	c.fn_w = w > c.fn_w ? w : c.fn_w;
	format_exits (exits, sizeof exits, data->functions[i]);
	c.exits_w = strlen (exits) > c.exits_w ? strlen (exits) : c.exits_w;
      }
  fixed = c.exec_w + c.pot_w + 8 + 3 * 2
	  + (c.with_exits ? c.exits_w + 8 + 2 * 2 : 0) + 2 + 16;
  w_max = report_name_column_max (opt->width, fixed, FUNCTION_COLUMN_MAX);
  c.fn_w = c.fn_w > w_max ? w_max : c.fn_w;
  if (report_name_column_init (&names, labels, data->num_functions, c.fn_w,
			       g) != 0)
    {
      free (labels);
      return -1;
    }

  fprintf (out, "%*s  %*s  %8s  ", (int) c.exec_w, "executed",
	   (int) c.pot_w, "potential", "coverage");
  if (c.with_exits)
    fprintf (out, "%*s  %8s  ", (int) c.exits_w, "exc. exits", "w/o exc.");
  report_put_padded (out, "function", c.fn_w, false);
  fprintf (out, "  defined at\n");
  for (size_t i = 0; i < data->num_functions; i++)
    if (sel->selected[i])
      {
	put_function_row (out, data->functions[i], names.text[i], &c);
	any_truncated |= (data->functions[i]->meta.flags
			  & PPF_FN_TRUNCATED) != 0;
      }
  put_total_row (out, sel, total_potential, &c);
  if (c.with_exits)
    fprintf (out, "\nexc. exits: executed/potential paths that end by an "
	     "exception (a call threw and\nthe exception left the function); "
	     "w/o exc.: the coverage of the other paths.\n");
  if (any_truncated)
    fprintf (out, "\n(truncated): edges were cut to bound the number of "
	     "paths.  The potential paths\nare those of the cut DAG, where a "
	     "path through a cut edge is two: one ending\nat the cut, one "
	     "starting after it.\n");
  report_name_column_legend (out, &names, labels);
  report_name_column_free (&names);
  free (labels);
  return 0;
}
