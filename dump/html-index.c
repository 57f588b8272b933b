/* SPDX-License-Identifier: GPL-3.0-or-later */
/* index.html of the HTML report: the program's totals, its source
   files, its functions and its hottest paths (html.h).

   Tables are sorted by executions, hottest first; the page's script sorts
   them by any column when its header is chosen (a cell's data-v is its sort
   key, or its text when it has none).  When the profiles hold times
   (timing.h), the totals give the measured time, the function table each
   function's time and share, and the path lists the time columns of
   html_put_time_cells; with --sort=time paths are ranked by time, as the text
   report ranks them.  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "html-report.h"
#include "sampling.h"
#include "timing.h"

/* Write the cards of the program's totals.  */

static void
put_totals (FILE *out, const html_report *r)
{
  const report_data *data = r->data;
  const report_selection *sel = r->sel;
  char a[REPORT_SUM_DIGITS];
  uint64_t min_runs = data->min_runs, max_runs = data->max_runs;

  fputs ("<section class=\"cards\">\n<div class=\"card wide\" "
	 "id=\"total-coverage\"><div class=\"label\">Path coverage</div>"
	 "<div class=\"big\">", out);
  html_percent (out, (long double) sel->executed,
		report_sum_value (&sel->potential));
  fprintf (out, "</div><div class=\"sub\"><span class=\"executed\">%llu"
	   "</span> of <span class=\"potential\">%s</span> potential paths "
	   "executed</div>", (unsigned long long) sel->executed,
	   report_sum_format (&sel->potential, a));
  html_exception_exits (out, &sel->potential, sel->executed,
			&sel->exception_exits, sel->executed_exception_exits);
  {
    long double pot = report_sum_value (&sel->potential);
    long double ratio = pot > 0 ? (long double) sel->executed / pot : 0;
    fprintf (out, "<span class=\"bar big\"><span style=\"width:%.1Lf%%\">"
	     "</span></span>", ratio * 100);
  }
  fprintf (out, "</div>\n<div class=\"card\"><div class=\"label\">"
	   "Executions</div><div class=\"big\" id=\"total-executions\">%s"
	   "</div><div class=\"sub\">paths run</div></div>\n",
	   report_sum_format (&sel->executions, a));
  fprintf (out, "<div class=\"card\"><div class=\"label\">Functions</div>"
	   "<div class=\"big\" id=\"total-functions\">%zu</div>"
	   "<div class=\"sub\">%zu executed</div></div>\n",
	   sel->num_selected, sel->num_executed);
  fprintf (out, "<div class=\"card\"><div class=\"label\">Files</div>"
	   "<div class=\"big\" id=\"total-files\">%zu</div>"
	   "<div class=\"sub\">source files; %zu profile%s, ",
	   r->num_files, data->num_profiles,
	   data->num_profiles == 1 ? "" : "s");
  if (min_runs == max_runs || data->num_profiles == 0)
    fprintf (out, "%llu run%s", (unsigned long long) max_runs,
	     max_runs == 1 ? "" : "s");
  else
    fprintf (out, "%llu to %llu runs", (unsigned long long) min_runs,
	     (unsigned long long) max_runs);
  fputs ("</div></div>\n", out);
  if (data->has_time)
    {
      char t[REPORT_TIME_SIZE];
      report_time_format (t, data, data->total_time);
      fputs ("<div class=\"card\"><div class=\"label\">Time</div>"
	     "<div class=\"big\" id=\"total-time\">", out);
      html_text (out, t);
      fprintf (out, "</div><div class=\"sub\">all paths, callees "
	       "included (unit: <span class=\"unit\">%s</span>)</div>"
	       "</div>\n", report_time_unit_name (data));
    }
  fputs ("</section>\n", out);
}

/* Write the program's hottest paths: R->sel's kept paths.  */

static int
put_hot_paths (FILE *out, html_report *r)
{
  const report_selection *sel = r->sel;
  long double total = report_sum_value (&r->data->total_executions);
  long double cumul_time = 0;
  report_sum cumul = { 0, 0 };

  /* Ranked by time, cumul adds up time shares (as the text report).  */
  fputs (sel->by_time ? "<h2>Paths that took the most time</h2>\n"
			: "<h2>Hottest paths</h2>\n", out);
  if (sel->num_paths == 0)
    {
      fputs ("<p class=\"note\">No path was executed.</p>\n", out);
      return 0;
    }
  fprintf (out, "<table class=\"paths hot\">\n<thead><tr><th class=\"num\">"
	   "#</th><th class=\"num\">count</th><th class=\"num\" title=\"share "
	   "of the program's path executions\">share</th><th class=\"num\" "
	   "title=\"%s\">cumul</th>",
	   sel->by_time ? "the time shares of this path and those above"
			: "the shares of this path and those above");
  html_put_time_headers (out, r);
  fputs ("<th>function</th><th>start</th><th>path</th><th>end</th></tr>"
	 "</thead>\n<tbody>\n", out);
  for (size_t i = 0; i < sel->num_paths; i++)
    {
      const report_path_ref *ref = &sel->paths[i];
      const report_function *fn = r->data->functions[ref->function];
      size_t k = r->function_of[ref->function];
      const html_function *hf;

      if (k == SIZE_MAX)
	continue;
      hf = &r->functions[k];
      if (html_build_path (r, fn, ref->id) != 0)
	return -1;
      report_sum_add (&cumul, ref->count);
      cumul_time += ref->time > 0 ? ref->time : 0;
      fprintf (out, "<tr><td class=\"num\">%zu</td>", i + 1);
      html_count (out, ref->count, ref->samples, false);
      fputs ("</td><td class=\"num\">", out);
      html_percent (out, (long double) ref->count, total);
      fputs ("</td><td class=\"num\">", out);
      if (sel->by_time)
	html_percent (out, cumul_time, r->data->total_time);
      else
	html_percent (out, report_sum_value (&cumul), total);
      fputs ("</td>", out);
      html_put_time_cells (out, r, ref->time, ref->count);
      fprintf (out, "<td class=\"name\"><a href=\"%s#path=f%zup%llu\">",
	       hf->page, k, (unsigned long long) ref->id);
      html_text (out, fn->label);
      fputs ("</a></td>", out);
      html_put_path_cells (out, r);
      fputc ('\n', out);
    }
  fputs ("</tbody></table>\n", out);
  if (sel->num_paths < sel->executed + sel->executed_cut)
    fprintf (out, "<p class=\"more\">%llu more executed paths: see each "
	     "function's page.</p>\n",
	     (unsigned long long) (sel->executed + sel->executed_cut
				   - sel->num_paths));
  return 0;
}

/* Order files by executions descending, then name.  */

static const html_report *sort_report;

static int
compare_files (const void *a, const void *b)
{
  const html_file *x = &sort_report->files[*(const size_t *) a];
  const html_file *y = &sort_report->files[*(const size_t *) b];
  int c = report_sum_compare (&y->executions, &x->executions);

  return c ? c : strcmp (x->name, y->name);
}

/* Order functions by executions descending, then input order.  */

static int
compare_functions (const void *a, const void *b)
{
  size_t i = *(const size_t *) a, j = *(const size_t *) b;
  int c = report_sum_compare (&sort_report->functions[j].fn->executions,
			      &sort_report->functions[i].fn->executions);

  return c ? c : (i > j) - (i < j);
}

/* See html-report.h.  */

void
html_hottest_functions (const html_report *r, size_t *order)
{
  for (size_t k = 0; k < r->num_functions; k++)
    order[k] = k;
  sort_report = r;
  qsort (order, r->num_functions, sizeof *order, compare_functions);
}

/* Each function's time, while the function table is sorted by time.  */

static long double *sort_times;

/* Order functions by time descending (no time last), then as
   compare_functions.  */

static int
compare_function_times (const void *a, const void *b)
{
  size_t i = *(const size_t *) a, j = *(const size_t *) b;

  if (sort_times[i] != sort_times[j])
    return sort_times[i] > sort_times[j] ? -1 : 1;
  return compare_functions (a, b);
}

/* Write the table of source files.  */

static int
put_files (FILE *out, const html_report *r)
{
  size_t *order = malloc ((r->num_files + 1) * sizeof *order);
  char a[REPORT_SUM_DIGITS], b[REPORT_SUM_DIGITS];

  if (!order)
    return -1;
  for (size_t f = 0; f < r->num_files; f++)
    order[f] = f;
  sort_report = r;
  qsort (order, r->num_files, sizeof *order, compare_files);
  fputs ("<h2>Source files</h2>\n<table class=\"sortable files\" "
	 "id=\"files\">\n<thead><tr><th data-sort=\"text\">file</th>"
	 "<th class=\"num\" data-sort=\"num\">functions</th>"
	 "<th class=\"num\" data-sort=\"num\">executed</th>"
	 "<th class=\"num\" data-sort=\"num\">potential</th>"
	 "<th class=\"num\" data-sort=\"num\">coverage</th>"
	 "<th class=\"num\" data-sort=\"num\">executions</th>"
	 "<th class=\"num\" data-sort=\"num\" title=\"lines executed, of the "
	 "lines with code (gcov's)\">lines</th>"
	 "<th class=\"num\" data-sort=\"num\" title=\"branches taken at "
	 "least once (gcov -b's)\">branches</th></tr></thead>\n"
	 "<tbody>\n", out);
  for (size_t i = 0; i < r->num_files; i++)
    {
      const html_file *f = &r->files[order[i]];
      fputs ("<tr><td class=\"name\" data-v=\"", out);
      html_text (out, f->name);
      fprintf (out, "\"><a href=\"%s\">", f->page);
      html_text (out, f->name);
      fprintf (out, "</a></td><td class=\"num\" data-v=\"%zu\">%zu</td>",
	       f->num_functions, f->num_functions);
      report_sum_format (&f->executed, a);
      report_sum_format (&f->potential, b);
      fprintf (out, "<td class=\"num\" data-v=\"%s\">%s</td>"
	       "<td class=\"num\" data-v=\"%s\">%s</td>", a, a, b, b);
      html_coverage_cell (out, report_sum_value (&f->executed),
			  report_sum_value (&f->potential));
      report_sum_format (&f->executions, a);
      fprintf (out, "<td class=\"num\" data-v=\"%s\">%s</td>", a, a);
      html_count_coverage_cell (out, f->lines_executed, f->lines, "lines");
      html_count_coverage_cell (out, f->branches_taken, f->branches,
				"branches");
      fputs ("</tr>\n", out);
    }
  fputs ("</tbody></table>\n", out);
  free (order);
  return 0;
}

/* Write the hottest paths of function K as a short list, for its cell.  */

static int
put_function_hot_paths (FILE *out, html_report *r, size_t k)
{
  const html_function *hf = &r->functions[k];
  long double total = report_sum_value (&hf->fn->executions);
  ppf_count *ranked;
  size_t num;

  if (html_rank_paths (r, hf->fn, HTML_INDEX_PATHS_PER_FUNCTION, &ranked,
		       &num) != 0)
    return -1;
  fputs ("<ol class=\"hot\">", out);
  for (size_t i = 0; i < num; i++)
    {
      if (html_build_path (r, hf->fn, ranked[i].path) != 0)
	{
	  free (ranked);
	  return -1;
	}
      fprintf (out, "<li><a href=\"%s#path=f%zup%llu\">", hf->page, k,
	       (unsigned long long) ranked[i].path);
      if (r->sel->by_time)
	{
	  /* Ranked by time: the time and its share of all time.  */
	  long double time = report_time_value (r->data, hf->fn,
						ranked[i].time);
	  char t[REPORT_TIME_SIZE];
	  report_time_format (t, r->data, time);
	  fputs ("<span class=\"time\">", out);
	  html_text (out, t);
	  fputs ("</span> <span class=\"share\">", out);
	  if (time < 0)
	    fputs ("-", out);
	  else
	    html_percent (out, time, r->data->total_time);
	}
      else
	{
	  fprintf (out, "<span class=\"count\">%s%llu</span> <span "
		   "class=\"share\">",
		   report_estimate_mark (ranked[i].count, ranked[i].samples),
		   (unsigned long long) ranked[i].count);
	  html_percent (out, (long double) ranked[i].count, total);
	}
      fputs ("</span></a> <span class=\"steps\">", out);
      html_put_path_steps (out, r);
      fputs ("</span></li>", out);
    }
  fputs ("</ol>", out);
  free (ranked);
  return 0;
}

/* Write the time cells of FN's row: its paths' time and its share of
   all measured time; "-" without times.  */

static void
put_function_time (FILE *out, const html_report *r, const report_function *fn)
{
  long double time = report_time_function_total (r->data, fn);
  char t[REPORT_TIME_SIZE];

  report_time_format (t, r->data, time);
  fprintf (out, "<td class=\"num time\" data-v=\"%.9Lg\">", time);
  html_text (out, t);
  fprintf (out, "</td><td class=\"num time\" data-v=\"%.9Lg\">",
	   time < 0 || r->data->total_time <= 0 ? time
	   : time / r->data->total_time);
  if (time < 0)
    fputs ("-", out);
  else
    html_percent (out, time, r->data->total_time);
  fputs ("</td>", out);
}

/* Put ORDER, r's functions hottest first, in order of time instead,
   the most first, as the paths.  Returns 0 or -1.  */

static int
order_by_time (html_report *r, size_t *order)
{
  sort_times = malloc ((r->num_functions + 1) * sizeof *sort_times);
  if (!sort_times)
    return -1;
  for (size_t k = 0; k < r->num_functions; k++)
    sort_times[k] = report_time_function_total (r->data,
						r->functions[k].fn);
  qsort (order, r->num_functions, sizeof *order, compare_function_times);
  free (sort_times);
  sort_times = NULL;
  return 0;
}

/* Write the head of the table of functions, and the help before it.  */

static void
put_functions_head (FILE *out, const html_report *r)
{
  fputs ("<h2>Functions</h2>\n<p class=\"help\">Paths: executed and "
	 "potential Ball-Larus paths; share: of the program's path "
	 "executions; ", out);
  fputs (r->sel->by_time
	 ? "time share: of all measured time, also for the costliest "
	   "paths.</p>\n"
	 : "a hottest path's share is of the function's.</p>\n", out);
  /* Two more columns with times: headers may wrap, the paths cell
     narrows.  */
  fprintf (out, "<table class=\"sortable functions%s\" ",
	   r->data->has_time ? " timed" : "");
  fputs ("id=\"functions\">\n<thead><tr><th data-sort=\"text\">function</th>"
	 "<th data-sort=\"text\">defined at</th>"
	 "<th class=\"num\" data-sort=\"num\">executed</th>"
	 "<th class=\"num\" data-sort=\"num\">potential</th>"
	 "<th class=\"num\" data-sort=\"num\">coverage</th>"
	 "<th class=\"num\" data-sort=\"num\">executions</th>"
	 "<th class=\"num\" data-sort=\"num\">share</th>", out);
  if (r->data->has_time)
    fprintf (out, "<th class=\"num time\" data-sort=\"num\" title=\"the "
	     "time of all the function's paths, start to end, callees "
	     "included\">time (%s)</th><th class=\"num time\" "
	     "data-sort=\"num\" title=\"share of all measured time\">time "
	     "share</th>", report_time_unit_name (r->data));
  fputs (r->sel->by_time
	 ? "<th>costliest paths (time, time share)</th>"
	 : "<th>hottest paths (count, share)</th>", out);
  fputs ("</tr></thead>\n<tbody>\n", out);
}

/* Write the row of function K of R in the table of functions; PROGRAM
   is the program's path executions.  Returns 0 or -1.  */

static int
put_function_row (FILE *out, html_report *r, size_t k, long double program)
{
  const html_function *hf = &r->functions[k];
  const report_function *fn = hf->fn;
  const ppf_meta *m = &fn->meta;
  long double execs = report_sum_value (&fn->executions);
  char a[REPORT_SUM_DIGITS];

  /* Short markup, as the path tables' (html-paths.c): no end tags
     where HTML has them optional, and no data-v where the cell's
     text is its sort key (pathprof.js sorts by the text then).  */
  fprintf (out, "<tr><td class=name><a href=\"%s\">", hf->page);
  html_text (out, fn->label);
  fputs ("</a><td class=where data-v=\"", out);
  if (hf->file != SIZE_MAX)
    {
      const html_file *f = &r->files[hf->file];
      html_text (out, fn->short_files[m->file]);
      fprintf (out, ":%010u\"><a href=\"%s#" HTML_FUNCTION_ANCHOR "\">",
	       m->line, f->page, k);
      html_text (out, fn->short_files[m->file]);
      fprintf (out, ":%u</a>", m->line);
    }
  else
    fputs ("\">-", out);
  fprintf (out, "<td class=num>%llu<td class=num>%llu",
	   (unsigned long long) fn->num_complete,
	   (unsigned long long) m->num_paths);
  html_coverage_cell (out, (long double) fn->num_complete,
		      (long double) m->num_paths);
  report_sum_format (&fn->executions, a);
  fprintf (out, "<td class=num>%s<td class=num data-v=%.9Lg>", a,
	   program > 0 ? execs / program : 0);
  html_percent (out, execs, program);
  if (r->data->has_time)
    put_function_time (out, r, fn);
  fputs ("<td class=hotcell>", out);
  if (put_function_hot_paths (out, r, k) != 0)
    return -1;
  fputc ('\n', out);
  return 0;
}

/* Write the table of functions, at most HTML_INDEX_FUNCTIONS_MAX rows.  */

static int
put_functions (FILE *out, html_report *r)
{
  size_t *order = malloc ((r->num_functions + 1) * sizeof *order);
  long double program = report_sum_value (&r->data->total_executions);
  size_t shown;

  if (!order)
    return -1;
  html_hottest_functions (r, order);
  shown = r->num_functions < HTML_INDEX_FUNCTIONS_MAX
	    ? r->num_functions : HTML_INDEX_FUNCTIONS_MAX;
  if (r->sel->by_time && order_by_time (r, order) != 0)
    {
      free (order);
      return -1;
    }
  put_functions_head (out, r);
  for (size_t i = 0; i < shown; i++)
    if (put_function_row (out, r, order[i], program) != 0)
      {
	free (order);
	return -1;
      }
  fputs ("</tbody></table>\n", out);
  if (shown < r->num_functions)
    fprintf (out, "<p class=\"more\">%zu more functions, the least "
	     "executed, not listed (<code>-f</code> selects functions).</p>\n",
	     r->num_functions - shown);
  free (order);
  return 0;
}

/* Write index.html.  */

int
html_write_index (html_report *r)
{
  FILE *out = html_site_open (&r->site, "index.html");
  int rc;

  if (!out)
    return HTML_FILE_ERROR;
  html_page_begin (out, "Path profile", "index", NULL);
  fputs ("<h1>Path profile</h1>\n", out);
  html_sampled_badge (out, r->data);
  put_totals (out, r);
  rc = put_files (out, r);
  if (rc == 0)
    rc = put_functions (out, r);
  if (rc == 0)
    rc = put_hot_paths (out, r);
  html_page_end (out);
  if (html_site_close (&r->site, out, "index.html") != 0 && rc == 0)
    rc = HTML_FILE_ERROR;
  return rc;
}
