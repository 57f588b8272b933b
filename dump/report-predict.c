/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The prediction report (--predict): Ball & Larus's Table 2, per selected
   function and for the program (predict.h says how paths are
   predicted):

		     paths                 executions             ...
     function  executed  predicted  ran  all  predicted  share  ...
     fig1             4          1    1  270         60  22.22%  ...

   Averages are written with two decimals; statement figures are "-" when
   a function's meta has no detail section (an older build).  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "names.h"
#include "predict.h"
#include "reports.h"

/* Widest function column without a wide output (report_name_column_max);
   longer names are elided in the middle (names.h).  */
#define FUNCTION_COLUMN_MAX 32
/* Columns of the table after the function's.  */
#define TABLE_COLUMNS 119

/* Write SUM / N with two decimals into BUF, "-" when N is 0 or not
   VALID.  */

static void
format_average (char buf[32], long double sum, long double n, bool valid)
{
  if (!valid || n <= 0)
    snprintf (buf, 32, "-");
  else
    snprintf (buf, 32, "%.2Lf", sum / n);
}

/* Write one row of figures P under the name NAME.  */

static void
put_row (FILE *out, const char *name, size_t fn_w, const dump_prediction *p)
{
  char all[REPORT_SUM_DIGITS], hit[REPORT_SUM_DIGITS], pct[REPORT_PERCENT_SIZE];
  char a[6][32];
  long double n = (long double) p->executed;
  long double w = report_sum_value (&p->executions);

  report_percent (pct, report_sum_value (&p->hit_executions), w);
  format_average (a[0], p->edges, n, true);
  format_average (a[1], p->edges_weighted, w, true);
  format_average (a[2], p->predicted_edges, (long double) p->predicted,
		  true);
  format_average (a[3], p->stmts_sum, n, p->stmts);
  format_average (a[4], p->stmts_weighted, w, p->stmts);
  format_average (a[5], p->predicted_stmts, (long double) p->predicted,
		  p->stmts);
  report_put_padded (out, name, fn_w, false);
  fprintf (out, "  %8llu  %9llu  %5llu  %10s  %10s  %7s  %8s  %8s  %9s"
	   "  %8s  %8s  %9s\n",
	   (unsigned long long) p->executed,
	   (unsigned long long) p->predicted, (unsigned long long) p->hit,
	   report_sum_format (&p->executions, all),
	   report_sum_format (&p->hit_executions, hit), pct, a[0], a[1], a[2],
	   a[3], a[4], a[5]);
}

/* The order of the rows with -n: more path executions first, then
   input order.  */

static const report_data *sort_data;

static int
compare_executions (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  int c = report_sum_compare (&sort_data->functions[y]->executions,
			      &sort_data->functions[x]->executions);

  return c ? c : x < y ? -1 : x > y;
}

/* Write the prediction report: a row per selected function in input
   order, or with -n N for the N with the most path executions, most
   first; the total is always of every selected function.  */

int
dump_report_predict (FILE *out, const report_data *data,
		     const report_selection *sel, const dump_options *opt)
{
  const report_glyphs *g = report_glyphs_for (opt->utf8);
  dump_prediction total;
  report_name_column names;
  const char **labels;
  size_t fn_w = 8, num = 0, shown = 0, max_w;
  size_t *order = malloc ((data->num_functions + 1) * sizeof *order);

  if (!order)
    return -1;
  for (size_t i = 0; i < data->num_functions; i++)
    if (sel->selected[i])
      order[num++] = i;
  if (opt->top_given)
    {
      sort_data = data;
      qsort (order, num, sizeof *order, compare_executions);
    }

  memset (&total, 0, sizeof total);
  total.stmts = true;
  labels = calloc (data->num_functions + 1, sizeof *labels);
  if (!labels)
    {
      free (order);
      return -1;
    }
  for (size_t k = 0; k < num && (!opt->top_given || k < opt->top); k++)
    {
      size_t w = report_text_width (data->functions[order[k]]->label);
      labels[order[k]] = data->functions[order[k]]->label;
      fn_w = w > fn_w ? w : fn_w;
    }
  max_w = report_name_column_max (opt->width, TABLE_COLUMNS,
				  FUNCTION_COLUMN_MAX);
  fn_w = fn_w > max_w ? max_w : fn_w;
  if (report_name_column_init (&names, labels, data->num_functions, fn_w, g)
      != 0)
    {
      free (labels);
      free (order);
      return -1;
    }

  fputs ("Predicted paths (Ball & Larus, Table 2): from each path start "
	 "that ran, the\nhottest edge out of each block, as the edge profile "
	 "says, until the path ends.\n\n", out);
  report_put_padded (out, "", fn_w, false);
  fprintf (out, "  %-26s  %-31s  %-29s  %s\n", "paths", "executions",
	   "edges per path", "statements per path");
  report_put_padded (out, "function", fn_w, false);
  fprintf (out, "  %8s  %9s  %5s  %10s  %10s  %7s  %8s  %8s  %9s"
	   "  %8s  %8s  %9s\n", "executed", "predicted", "ran", "all",
	   "predicted", "share", "measured", "weighted", "predicted",
	   "measured", "weighted", "predicted");
  for (size_t k = 0; k < num; k++)
    {
      const report_function *fn = data->functions[order[k]];
      dump_prediction p;

      if (dump_predict (fn, &p) != 0)
	{
	  report_name_column_free (&names);
	  free (labels);
	  free (order);
	  return -1;
	}
      if (!opt->top_given || k < opt->top)
	{
	  put_row (out, names.text[order[k]], fn_w, &p);
	  shown++;
	}
      dump_prediction_add (&total, &p);
      dump_prediction_free (&p);
    }
  free (order);
  if (shown < num)
    fprintf (out, "... %zu more function%s (-n N shows the N with the most "
	     "executions, --all every one)\n", num - shown,
	     num - shown == 1 ? "" : "s");
  put_row (out, "total", fn_w, &total);
  report_name_column_legend (out, &names, labels);
  report_name_column_free (&names);
  free (labels);
  fputs ("\nexecuted: distinct paths that ran; predicted: one per path "
	 "start that ran;\nran: predicted paths that ran, whose counts are "
	 "the predicted executions,\nshare: of all executions.  Lengths are "
	 "averages: measured over the executed\npaths, weighted by their "
	 "counts, predicted over the predicted paths.\n", out);
  return 0;
}
