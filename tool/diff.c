/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-tool diff: which paths one profile set executed and the other
   did not, and how the share of the paths both executed moved.

   A path's share is its count over all path executions of its set, so
   that sets of different lengths (runs, inputs) compare; the change is
   share in B minus share in A, in percentage points.  Lists, each cut
   to opt->limit rows:

     only in A   hottest first (count in A descending),
     only in B   hottest first (count in B descending),
     both        largest |change| first;

   ties in function order (A's, then B's own functions), then path
   number.  doc/pathprof-tool.md shows the text and JSON.  */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "path-text.h"
#include "json.h"
#include "tool.h"

/* The function column: at most this wide, or half of what the output's
   width leaves after the other columns when that is more
   (report_name_column_max); at least FUNCTION_COLUMN_MIN, to leave the
   path REPORT_MIN_PATH_COLUMNS; names cut alike are numbered, with a
   legend (names.h), as in pathprof-dump's text report.  */
#define FUNCTION_COLUMN_MAX 32
#define FUNCTION_COLUMN_MIN 12

enum list_kind
{
  ONLY_A,
  ONLY_B,
  BOTH
};

/* A row to sort: a pair, and its sort key.  */
typedef struct row
{
  size_t pair;
  uint64_t count;
  long double change;     /* points, B - A */
} row;

static int
compare_count (const void *x, const void *y)
{
  const row *a = x, *b = y;

  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return a->pair < b->pair ? -1 : a->pair > b->pair;
}

static int
compare_change (const void *x, const void *y)
{
  const row *a = x, *b = y;
  long double ca = fabsl (a->change), cb = fabsl (b->change);

  if (ca != cb)
    return ca > cb ? -1 : 1;
  return a->pair < b->pair ? -1 : a->pair > b->pair;
}

/* The rows of list KIND of CMP, sorted; *NUM of them, and the sum of
   their counts in *EXECUTIONS.  NULL if memory ran out.  */

static row *
list_rows (const tool_compare *cmp, enum list_kind kind, size_t *num,
	   report_sum *executions)
{
  long double ta = report_sum_value (&cmp->a->total_executions);
  long double tb = report_sum_value (&cmp->b->total_executions);
  row *rows = malloc ((cmp->num_pairs + 1) * sizeof *rows);
  size_t n = 0;

  memset (executions, 0, sizeof *executions);
  if (!rows)
    return NULL;
  for (size_t i = 0; i < cmp->num_pairs; i++)
    {
      const tool_pair *p = &cmp->pairs[i];
      row *r = &rows[n];
      if (kind == ONLY_A && p->count_a && !p->count_b)
	r->count = p->count_a;
      else if (kind == ONLY_B && p->count_b && !p->count_a)
	r->count = p->count_b;
      else if (kind == BOTH && p->count_a && p->count_b)
	r->count = 0;
      else
	continue;
      r->pair = i;
      r->change = 100.0L * ((long double) p->count_b / tb
			    - (long double) p->count_a / ta);
      report_sum_add (executions, r->count);
      n++;
    }
  qsort (rows, n, sizeof *rows, kind == BOTH ? compare_change
	 : compare_count);
  *num = n;
  return rows;
}

/* The function of pair P as the text names it: A's label, or B's for a
   function only B has.  */

static const char *
pair_label (const tool_pair *p)
{
  return p->fn->fn.label;
}

/* The index in CMP->fns of the function of pair PAIR.  */

static size_t
pair_function (const tool_compare *cmp, size_t pair)
{
  size_t lo = 0, hi = cmp->num_fns;

  while (hi - lo > 1)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (cmp->fns[mid].first <= pair)
	lo = mid;
      else
	hi = mid;
    }
  return lo;
}

/* Write list KIND as text.  */

static int
put_list_text (FILE *out, const tool_compare *cmp, enum list_kind kind,
	       const tool_report_options *opt)
{
  long double ta = report_sum_value (&cmp->a->total_executions);
  long double tb = report_sum_value (&cmp->b->total_executions);
  const report_glyphs *g = report_glyphs_for (opt->utf8);
  report_sum executions;
  size_t num, shown, fn_w = 8, count_w = 5, fixed, room, max_w;
  char sum[REPORT_SUM_DIGITS], pct[REPORT_PERCENT_SIZE];
  row *rows = list_rows (cmp, kind, &num, &executions);
  const char **labels = calloc (cmp->num_fns + 1, sizeof *labels);
  report_name_column names;
  int rc = 0;

  if (!rows || !labels)
    {
      free (rows);
      free (labels);
      return -1;
    }
  shown = num < opt->limit ? num : opt->limit;
  if (kind == BOTH)
    fprintf (out, "Paths executed in both: %zu%s\n", num,
	     num ? "; the largest changes in share first" : "");
  else
    {
      report_percent (pct, report_sum_value (&executions),
		      kind == ONLY_A ? ta : tb);
      fprintf (out, "Paths executed in %s only: %zu, %s executions (%s of "
	       "%s's)\n", kind == ONLY_A ? "A" : "B", num,
	       report_sum_format (&executions, sum), pct,
	       kind == ONLY_A ? "A" : "B");
    }
  for (size_t i = 0; i < shown; i++)
    {
      const tool_pair *p = &cmp->pairs[rows[i].pair];
      size_t w = report_text_width (pair_label (p));
      size_t d = report_digits (rows[i].count);
      labels[pair_function (cmp, rows[i].pair)] = pair_label (p);
      fn_w = w > fn_w ? w : fn_w;
      count_w = d > count_w ? d : count_w;
    }
  fixed = kind == BOTH ? 2 + 3 * 9 : 2 + count_w + 2 + 7 + 2;
  room = opt->width > fixed + REPORT_MIN_PATH_COLUMNS + FUNCTION_COLUMN_MIN
	   ? opt->width - fixed - REPORT_MIN_PATH_COLUMNS : FUNCTION_COLUMN_MIN;
  max_w = report_name_column_max (opt->width, fixed, FUNCTION_COLUMN_MAX);
  room = room > max_w ? max_w : room;
  fn_w = fn_w > room ? room : fn_w;
  if (report_name_column_init (&names, labels, cmp->num_fns, fn_w, g) != 0)
    {
      free (rows);
      free (labels);
      return -1;
    }
  if (shown)
    {
      if (kind == BOTH)
	fprintf (out, "  %7s  %7s  %7s  ", "share A", "share B", "change");
      else
	fprintf (out, "  %*s  %7s  ", (int) count_w, "count", "share");
      report_put_padded (out, "function", fn_w, false);
      fputs ("  path\n", out);
    }
  for (size_t i = 0; i < shown && rc == 0; i++)
    {
      const tool_pair *p = &cmp->pairs[rows[i].pair];
      const char *name = names.text[pair_function (cmp, rows[i].pair)];
      char sa[REPORT_PERCENT_SIZE], sb[REPORT_PERCENT_SIZE];
      size_t column;
      if (kind == BOTH)
	{
	  report_percent (sa, (long double) p->count_a, ta);
	  report_percent (sb, (long double) p->count_b, tb);
	  fprintf (out, "  %7s  %7s  %+7.2Lf  ", sa, sb, rows[i].change);
	  column = 2 + 3 * 9;
	}
      else
	{
	  report_percent (sa, (long double) rows[i].count,
			  kind == ONLY_A ? ta : tb);
	  fprintf (out, "  %*llu  %7s  ", (int) count_w,
		   (unsigned long long) rows[i].count, sa);
	  column = 2 + count_w + 2 + 7 + 2;
	}
      report_put_padded (out, name, fn_w, false);
      fputs ("  ", out);
      rc = tool_put_path (out, p->fn, p->id, column + fn_w + 2, opt);
    }
  if (shown < num)
    fprintf (out, "  ... %zu more (-n N shows N, --all every one)\n",
	     num - shown);
  report_name_column_legend (out, &names, labels);
  fputc ('\n', out);
  report_name_column_free (&names);
  free (labels);
  free (rows);
  return rc;
}

/* Write one path of list KIND as a JSON object.  */

static int
put_path_json (FILE *out, const tool_compare *cmp, const tool_pair *p,
	       long double change)
{
  long double ta = report_sum_value (&cmp->a->total_executions);
  long double tb = report_sum_value (&cmp->b->total_executions);
  const tool_function *tf = p->fn;
  char *text = tool_path_text (tf, p->id, true);

  if (!text)
    return -1;
  fputs ("{\"function\": ", out);
  report_json_string (out, tf->fn.meta.name);
  fputs (", \"display_name\": ", out);
  report_json_string (out, tf->fn.meta.display_name);
  fputs (", \"unit\": ", out);
  report_json_string (out, tf->unit);
  fprintf (out, ", \"id\": %llu, \"count_a\": %llu, \"count_b\": %llu, "
	   "\"share_a\": %.6Lf, \"share_b\": %.6Lf, \"change\": %.6Lf, "
	   "\"text\": ", (unsigned long long) p->id,
	   (unsigned long long) p->count_a, (unsigned long long) p->count_b,
	   ta > 0 ? 100.0L * p->count_a / ta : 0.0L,
	   tb > 0 ? 100.0L * p->count_b / tb : 0.0L, change);
  report_json_string (out, text);
  fputc ('}', out);
  free (text);
  return 0;
}

/* Write list KIND as the JSON member NAME.  */

static int
put_list_json (FILE *out, const tool_compare *cmp, enum list_kind kind,
	       const char *name, const tool_report_options *opt)
{
  report_sum executions;
  size_t num, shown;
  char sum[REPORT_SUM_DIGITS];
  row *rows = list_rows (cmp, kind, &num, &executions);
  int rc = 0;

  if (!rows)
    return -1;
  shown = num < opt->limit ? num : opt->limit;
  fprintf (out, "  \"%s\": {\"paths\": %zu, ", name, num);
  if (kind != BOTH)
    fprintf (out, "\"executions\": %s, ",
	     report_sum_format (&executions, sum));
  fputs ("\"list\": [", out);
  for (size_t i = 0; i < shown && rc == 0; i++)
    {
      fputs (i ? ",\n    " : "\n    ", out);
      rc = put_path_json (out, cmp, &cmp->pairs[rows[i].pair],
			  rows[i].change);
    }
  fputs (shown ? "]}" : "]}", out);
  free (rows);
  return rc;
}

int
tool_report_diff (FILE *out, const tool_compare *cmp,
		  const tool_report_options *opt)
{
  if (opt->json)
    {
      fputs ("{\n  \"version\": 1,\n  \"command\": \"diff\",\n"
	     "  \"a\": ", out);
      tool_put_set_json (out, opt->name_a, cmp->a);
      fputs (",\n  \"b\": ", out);
      tool_put_set_json (out, opt->name_b, cmp->b);
      fprintf (out, ",\n  \"mismatched_functions\": %zu,\n",
	       cmp->mismatches);
      if (put_list_json (out, cmp, ONLY_A, "only_a", opt) != 0)
	return -1;
      fputs (",\n", out);
      if (put_list_json (out, cmp, ONLY_B, "only_b", opt) != 0)
	return -1;
      fputs (",\n", out);
      if (put_list_json (out, cmp, BOTH, "both", opt) != 0)
	return -1;
      fputs ("\n}\n", out);
      return 0;
    }
  tool_put_set_summary (out, "A", opt->name_a, cmp->a);
  tool_put_set_summary (out, "B", opt->name_b, cmp->b);
  if (cmp->mismatches)
    fprintf (out, "Left out:    %zu function%s of another build\n",
	     cmp->mismatches, cmp->mismatches == 1 ? "" : "s");
  fputc ('\n', out);
  if (put_list_text (out, cmp, ONLY_A, opt) != 0
      || put_list_text (out, cmp, ONLY_B, opt) != 0
      || put_list_text (out, cmp, BOTH, opt) != 0)
    return -1;
  return 0;
}
