/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The text report: a header with the totals, then the hottest paths, one
   row each (doc/pathprof-dump.md shows an example):

     rank  count   share   cumul  function  path
	1   1500  37.50%  37.50%  loop      [loop head after backedge 6→4] ...

   Shares are of all path executions in the files read, also when -f
   selects some functions, so that a function's paths are seen against
   the whole program.  A sampled profile's header says so ("Sampled:"),
   and its estimated counts are written "~1200" (sampling.h).  When the
   profiles hold times (metric=cycles), three more columns follow cumul:
   the path's time, its time per execution and its share of all measured
   time; ranked by time (--sort=time), the cumul column adds up the time
   shares.  */

#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "path-text.h"
#include "reports.h"
#include "sampling.h"
#include "timing.h"

/* The function column: as wide as the widest name shown, but at most
   half of what the output's width leaves after the columns before it,
   or FUNCTION_COLUMN_MAX when that is more (report_name_column_max);
   longer names are elided in the middle (names.h).  On a narrow terminal
   the column shrinks, down to FUNCTION_COLUMN_MIN, to leave the path
   REPORT_MIN_PATH_COLUMNS.  */
#define FUNCTION_COLUMN_MAX 32
#define FUNCTION_COLUMN_MIN 12
/* Width of the time and time per execution columns: "1.23 ms",
   "999k ticks".  */
#define TIME_COLUMN 10

/* Write "Profiles:  N files, R runs": the program's runs (profile-data.h,
   min_runs and max_runs), a range when its units disagree (files of
   several programs or builds).  */

static void
put_profiles (FILE *out, const report_data *data)
{
  fprintf (out, "Profiles:    %zu file%s", data->num_profiles,
	   data->num_profiles == 1 ? "" : "s");
  if (data->num_profiles == 0)
    fputc ('\n', out);
  else if (data->min_runs == data->max_runs)
    fprintf (out, ", %llu run%s\n", (unsigned long long) data->max_runs,
	     data->max_runs == 1 ? "" : "s");
  else
    fprintf (out, ", %llu to %llu runs\n",
	     (unsigned long long) data->min_runs,
	     (unsigned long long) data->max_runs);
}

/* Write where the cut edge E of FN leaves into BUF: "FILE:L", as a
   path's "[cut at L]" says it but with its file, which the "Truncated:"
   line has no other way to give.  */

static void
format_cut (char *buf, size_t size, const report_function *fn,
	    const ppf_edge *e)
{
  report_loc_format_file (buf, size, fn, report_edge_source (fn, e));
}

/* Write the "Truncated:" lines: for each selected function whose path
   counts were bounded by cutting edges, where the cuts are ("cut at
   FILE:L", one per CUT_EXIT dummy, as the paths say it, with the file);
   two cuts that leave the same line are told apart by their CFG edge,
   "FILE:L (bb5->bb6)".  */

static void
put_truncations (FILE *out, const report_data *data,
		 const report_selection *sel, const report_glyphs *g)
{
  const char *label = "Truncated:   ";

  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      const ppf_meta *m = &fn->meta;
      const char *sep = ": cut at ";

      if (!sel->selected[i] || !(m->flags & PPF_FN_TRUNCATED))
	continue;
      fprintf (out, "%s%s", label, fn->label);
      for (uint32_t e = 0; e < m->num_edges; e++)
	if (m->edges[e].kind == PPF_EDGE_CUT_EXIT)
	  {
	    char loc[256], other[256];
	    bool shared = false;
	    format_cut (loc, sizeof loc, fn, &m->edges[e]);
	    for (uint32_t f = 0; f < m->num_edges && !shared; f++)
	      if (f != e && m->edges[f].kind == PPF_EDGE_CUT_EXIT)
		{
		  format_cut (other, sizeof other, fn, &m->edges[f]);
		  shared = strcmp (loc, other) == 0;
		}
	    fprintf (out, "%s%s", sep, loc);
	    if (shared)
	      fprintf (out, " (bb%u%sbb%u)", m->edges[e].cfg_src, g->arrow,
		       m->edges[e].cfg_dst);
	    sep = ", ";
	  }
      fputc ('\n', out);
      label = "             ";
    }
}

/* Write the header: files, functions, paths (the exception exits apart),
   executions, truncation.  */

static void
put_header (FILE *out, const report_data *data, const report_selection *sel,
	    const dump_options *opt)
{
  char a[REPORT_SUM_DIGITS], b[REPORT_SUM_DIGITS], pct[REPORT_PERCENT_SIZE];

  put_profiles (out, data);
  if (report_sampling_sampled (&data->sampling))
    {
      char sampled[REPORT_SAMPLING_SIZE];
      report_sampling_describe (sampled, &data->sampling, " (~)");
      fprintf (out, "Sampled:     %s\n", sampled);
    }
  if (opt->num_patterns || opt->num_units)
    fprintf (out, "Functions:   %zu selected of %zu, %zu executed\n",
	     sel->num_selected, data->num_functions, sel->num_executed);
  else
    fprintf (out, "Functions:   %zu, %zu executed\n", data->num_functions,
	     sel->num_executed);
  report_percent (pct, (long double) sel->executed,
		  report_sum_value (&sel->potential));
  fprintf (out, "Paths:       %llu executed of %s potential (%s)",
	   (unsigned long long) sel->executed,
	   report_sum_format (&sel->potential, a), pct);
  /* Cut paths, numbered apart, are no potential paths.  */
  if (sel->executed_cut)
    fprintf (out, ", and %llu cut short at a call",
	     (unsigned long long) sel->executed_cut);
  fputc ('\n', out);
  dump_put_exception_exits (out, "             ", sel);
  if (opt->num_patterns || opt->num_units)
    {
      report_percent (pct, report_sum_value (&sel->executions),
		      report_sum_value (&data->total_executions));
      fprintf (out, "Executions:  %s (%s of %s in all functions)\n",
	       report_sum_format (&sel->executions, a), pct,
	       report_sum_format (&data->total_executions, b));
    }
  else
    fprintf (out, "Executions:  %s\n",
	     report_sum_format (&data->total_executions, a));
  if (data->has_time)
    {
      char t[REPORT_TIME_SIZE];
      report_time_format (t, data, data->total_time);
      fprintf (out, "Time:        %s in all paths (start to end, callees "
	       "included)\n", t);
    }
  put_truncations (out, data, sel, report_glyphs_for (opt->utf8));
}

/* The widths of the table of paths' columns: RANK_W, COUNT_W and FN_W
   of theirs, FIXED of all before the function.  */

typedef struct paths_columns
{
  size_t rank_w, count_w, fn_w, fixed;
} paths_columns;

/* Measure the columns of the table of SEL's paths into C, and set
   LABELS[I] to the label of each function I with a path in it.  */

static void
measure_paths (const report_data *data, const report_selection *sel,
	       const dump_options *opt, const char **labels,
	       paths_columns *c)
{
  size_t room, max_w;

  c->rank_w = report_digits (sel->num_paths);
  c->count_w = 0;
  c->fn_w = 8;
  c->rank_w = c->rank_w < 4 ? 4 : c->rank_w;
  for (size_t i = 0; i < sel->num_paths; i++)
    {
      const report_function *fn = data->functions[sel->paths[i].function];
      size_t w = report_text_width (fn->label);
      size_t d = report_digits (sel->paths[i].count)
		 + report_estimated (sel->paths[i].count,
				     sel->paths[i].samples);
      labels[sel->paths[i].function] = fn->label;
      c->fn_w = w > c->fn_w ? w : c->fn_w;
      c->count_w = d > c->count_w ? d : c->count_w;
    }
  c->count_w = c->count_w < 5 ? 5 : c->count_w;
  /* Columns before the path: rank, count, share, cumul, function and two
     spaces after each; time, time per execution and time share.  */
  c->fixed = c->rank_w + c->count_w + 7 + 7 + 5 * 2;
  if (data->has_time)
    c->fixed += 2 * (TIME_COLUMN + 2) + 7 + 2;
  room = opt->width > c->fixed + REPORT_MIN_PATH_COLUMNS + FUNCTION_COLUMN_MIN
	 ? opt->width - c->fixed - REPORT_MIN_PATH_COLUMNS
	 : FUNCTION_COLUMN_MIN;
  max_w = report_name_column_max (opt->width, c->fixed, FUNCTION_COLUMN_MAX);
  room = room > max_w ? max_w : room;
  c->fn_w = c->fn_w > room ? room : c->fn_w;
}

/* Write the time cells of the path REF of DATA: its time, its time per
   execution and its share of all time.  */

static void
put_time_cells (FILE *out, const report_data *data,
		const report_path_ref *ref)
{
  char t[REPORT_TIME_SIZE], per[REPORT_TIME_SIZE];
  char tshare[REPORT_PERCENT_SIZE] = "-";

  report_time_format (t, data, ref->time);
  report_time_format (per, data, ref->time < 0 ? -1
				 : ref->time / ref->count);
  if (ref->time >= 0)
    report_percent (tshare, ref->time, data->total_time);
  fprintf (out, "%*s  %*s  %7s  ", TIME_COLUMN, t, TIME_COLUMN, per,
	   tshare);
}

/* Write the table of paths, then the legend of the names that had to be
   numbered to tell them apart (names.h).  */

static int
put_paths (FILE *out, const report_data *data, const report_selection *sel,
	   const dump_options *opt)
{
  const report_glyphs *g = report_glyphs_for (opt->utf8);
  long double total = report_sum_value (&data->total_executions);
  paths_columns c;
  report_sum cumul = { 0, 0 };
  long double cumul_time = 0;
  report_path path;
  report_path_text text;
  report_name_column names;
  const char **labels = calloc (data->num_functions + 1, sizeof *labels);
  int rc = 0;

  if (!labels)
    return -1;
  measure_paths (data, sel, opt, labels, &c);
  if (report_name_column_init (&names, labels, data->num_functions, c.fn_w,
			       g) != 0)
    {
      free (labels);
      return -1;
    }

  fprintf (out, "%*s  %*s  %7s  %7s  ", (int) c.rank_w, "rank",
	   (int) c.count_w, "count", "share", "cumul");
  if (data->has_time)
    fprintf (out, "%*s  %*s  %7s  ", TIME_COLUMN, "time", TIME_COLUMN,
	     "time/exec", "tshare");
  report_put_padded (out, "function", c.fn_w, false);
  fprintf (out, "  path\n");

  report_path_init (&path);
  report_path_text_init (&text);
  for (size_t i = 0; i < sel->num_paths && rc == 0; i++)
    {
      const report_path_ref *ref = &sel->paths[i];
      const report_function *fn = data->functions[ref->function];
      char share[REPORT_PERCENT_SIZE], cum[REPORT_PERCENT_SIZE], err[256];
      char count[REPORT_SUM_DIGITS + 1];

      report_sum_add (&cumul, ref->count);
      report_percent (share, (long double) ref->count, total);
      if (sel->by_time)
	{
	  cumul_time += ref->time > 0 ? ref->time : 0;
	  report_percent (cum, cumul_time, data->total_time);
	}
      else
	report_percent (cum, report_sum_value (&cumul), total);
      /* Paths were checked when the file was read, so regeneration
	 fails only for want of memory.  */
      if (report_path_regen (fn, ref->id, &path, err, sizeof err) != 0
	  || report_path_text_build (&text, fn, &path, g) != 0)
	{
	  rc = -1;
	  break;
	}
      snprintf (count, sizeof count, "%s%llu",
		report_estimate_mark (ref->count, ref->samples),
		(unsigned long long) ref->count);
      fprintf (out, "%*zu  %*s  %7s  %7s  ", (int) c.rank_w, i + 1,
	       (int) c.count_w, count, share, cum);
      if (data->has_time)
	put_time_cells (out, data, ref);
      report_put_padded (out, names.text[ref->function], c.fn_w, false);
      fputs ("  ", out);
      report_path_text_write (out, &text, c.fixed + c.fn_w, opt->width,
			      opt->path_lines, g);
    }
  report_path_text_free (&text);
  report_path_free (&path);
  if (rc == 0)
    report_name_column_legend (out, &names, labels);
  report_name_column_free (&names);
  free (labels);
  return rc;
}

/* The text report: header, table, and a line saying how many paths were
   left out and how to see them.  */

int
dump_report_text (FILE *out, const report_data *data,
		  const report_selection *sel, const dump_options *opt)
{
  put_header (out, data, sel, opt);
  fputc ('\n', out);
  if (sel->executed == 0)
    {
      fprintf (out, "No path %swas executed.\n",
	       opt->num_patterns || opt->num_units
	       ? "of the selected functions " : "");
      return 0;
    }
  if (sel->num_paths && put_paths (out, data, sel, opt) != 0)
    return -1;
  if (sel->num_paths < sel->executed + sel->executed_cut)
    {
      uint64_t left = sel->executed + sel->executed_cut - sel->num_paths;
      fprintf (out, "%s%llu more executed path%s not shown (-n N shows the "
	       "top N, --all every path).\n",
	       sel->num_paths ? "... " : "", (unsigned long long) left,
	       left == 1 ? "" : "s");
    }
  return 0;
}
