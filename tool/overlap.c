/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-tool overlap: how much two profile sets agree, as gcov-tool
   overlap measures it, and the paper's Table 3.

   Overlap: the sum over paths of min (share in A, share in B), a share
   being a path's count over its set's total, in percent: 100% when both
   spread their executions alike, 0% when they share no path.  For the
   program, shares of all executions; for a function, of its own, so
   that a function's overlap does not depend on how hot it is.  A
   function that only one set executed overlaps 0%; one that neither
   did is not listed.

   Table 3 (Ball & Larus §6.3, training input A, reference input B): of
   the paths B executed, the fraction A also executed, counted three
   ways: distinct paths; weighted by B's counts; weighted by B's count
   times the path's statements (the sum of num_stmts over its blocks,
   the paper's "instructions"), which needs every meta's detail section
   (PPF_FN_DETAIL), else "-".  */

#include <stdlib.h>
#include <string.h>

#include "paths.h"
#include "ratio.h"
#include "json.h"
#include "tool.h"

/* An overlap, exactly: the sum over paths of min (a / A, b / B) is
   PART / WHOLE with PART the sum of min (a * B, b * A) and WHOLE A * B
   (ratio.h), so that identical sets read 100.00%.  */
typedef struct exact_overlap
{
  report_big part, whole;
} exact_overlap;

/* One function's overlap.  */
typedef struct fn_overlap
{
  size_t fn;              /* index into cmp->fns */
  long double overlap;    /* percent, to 10^-6, for the order */
  exact_overlap exact;
  report_sum executions_a, executions_b;
} fn_overlap;

typedef struct table3
{
  uint64_t paths_b, paths_both;
  report_sum executions_b, executions_both;
  bool have_statements;
  long double statements_b, statements_both;
} table3;

static int
compare_overlap (const void *x, const void *y)
{
  const fn_overlap *a = x, *b = y;

  if (a->overlap != b->overlap)
    return a->overlap < b->overlap ? -1 : 1;
  return a->fn < b->fn ? -1 : a->fn > b->fn;
}

/* The statements of path ID of FN: the sum of num_stmts of its blocks.
   -1 if it cannot be regenerated (memory).  */

static long double
path_statements (const tool_function *fn, uint64_t id, report_path *path)
{
  char err[256];
  long double n = 0;

  if (report_path_regen (&fn->fn, id, path, err, sizeof err) != 0)
    return -1;
  for (uint32_t i = 0; i < report_path_num_blocks (path); i++)
    n += report_path_block (&fn->fn, path, i)->num_stmts;
  return n;
}

/* Fill T from CMP.  Returns 0 or -1.  */

static int
compute_table3 (const tool_compare *cmp, table3 *t)
{
  report_path path;

  memset (t, 0, sizeof *t);
  t->have_statements = true;
  report_path_init (&path);
  for (size_t i = 0; i < cmp->num_pairs; i++)
    {
      const tool_pair *p = &cmp->pairs[i];
      long double stmts = 0;
      if (!p->count_b)
	continue;
      t->paths_b++;
      report_sum_add (&t->executions_b, p->count_b);
      if (!(p->fn->fn.meta.flags & PPF_FN_DETAIL))
	t->have_statements = false;
      else if ((stmts = path_statements (p->fn, p->id, &path)) < 0)
	{
	  report_path_free (&path);
	  return -1;
	}
      t->statements_b += stmts * p->count_b;
      if (p->count_a)
	{
	  t->paths_both++;
	  report_sum_add (&t->executions_both, p->count_b);
	  t->statements_both += stmts * p->count_b;
	}
    }
  report_path_free (&path);
  return 0;
}

/* Start the overlap of sets of TOTAL_A and TOTAL_B executions.  */

static void
overlap_start (exact_overlap *o, const report_sum *total_a,
	       const report_sum *total_b)
{
  report_big a, b;

  report_big_from_sum (&a, total_a);
  report_big_from_sum (&b, total_b);
  report_big_from_u64 (&o->part, 0);
  /* 128 by 128 bits: fits.  */
  report_big_mul (&o->whole, &a, &b);
}

/* Add a path of COUNT_A executions of TOTAL_A and COUNT_B of TOTAL_B:
   min (COUNT_A * TOTAL_B, COUNT_B * TOTAL_A), 192 bits at most, to a
   sum of at most 2^64 of them.  */

static void
overlap_add (exact_overlap *o, uint64_t count_a, const report_sum *total_a,
	     uint64_t count_b, const report_sum *total_b)
{
  report_big ca, cb, ta, tb, x, y;

  if (!count_a || !count_b)
    return;
  report_big_from_u64 (&ca, count_a);
  report_big_from_u64 (&cb, count_b);
  report_big_from_sum (&ta, total_a);
  report_big_from_sum (&tb, total_b);
  report_big_mul (&x, &ca, &tb);
  report_big_mul (&y, &cb, &ta);
  report_big_add (&o->part, report_big_compare (&x, &y) < 0 ? &x : &y);
}

/* The overlap O in percent, to 10^-6 (for sorting).  */

static long double
overlap_percent (const exact_overlap *o)
{
  uint64_t v;

  if (!report_big_scaled (&o->part, &o->whole, 100000000u, &v))
    return 0;
  return v / 1000000.0L;
}

/* The overlap of every function either set executed, lowest first;
   *NUM of them.  *PROGRAM gets the program's.  NULL if memory ran
   out.  */

static fn_overlap *
compute_overlaps (const tool_compare *cmp, size_t *num,
		  exact_overlap *program)
{
  const report_sum *ta = &cmp->a->total_executions;
  const report_sum *tb = &cmp->b->total_executions;
  fn_overlap *list = calloc (cmp->num_fns + 1, sizeof *list);
  size_t n = 0;

  overlap_start (program, ta, tb);
  if (!list)
    return NULL;
  for (size_t f = 0; f < cmp->num_fns; f++)
    {
      const tool_fn_pair *fp = &cmp->fns[f];
      fn_overlap *o = &list[n];

      memset (o, 0, sizeof *o);
      for (size_t k = fp->first; k < fp->first + fp->num; k++)
	{
	  report_sum_add (&o->executions_a, cmp->pairs[k].count_a);
	  report_sum_add (&o->executions_b, cmp->pairs[k].count_b);
	}
      if (report_sum_is_zero (&o->executions_a)
	  && report_sum_is_zero (&o->executions_b))
	continue;
      overlap_start (&o->exact, &o->executions_a, &o->executions_b);
      for (size_t k = fp->first; k < fp->first + fp->num; k++)
	{
	  const tool_pair *p = &cmp->pairs[k];
	  overlap_add (&o->exact, p->count_a, &o->executions_a, p->count_b,
		       &o->executions_b);
	  overlap_add (program, p->count_a, ta, p->count_b, tb);
	}
      o->fn = f;
      o->overlap = overlap_percent (&o->exact);
      n++;
    }
  qsort (list, n, sizeof *list, compare_overlap);
  *num = n;
  return list;
}

/* The function of FP as the reports name it: A's copy, or B's.  */

static const tool_function *
fn_of (const tool_fn_pair *fp)
{
  return fp->a ? fp->a : fp->b;
}

/* O as "NN.NN%", or ">99.99%", "<0.01%" as report_percent writes
   shares; "0.00%" for a function only one set executed.  */

static void
put_percent (FILE *out, const exact_overlap *o, int width)
{
  char buf[REPORT_PERCENT_SIZE];

  if (report_big_is_zero (&o->whole))
    snprintf (buf, sizeof buf, "0.00%%");
  else
    report_percent_big (buf, &o->part, &o->whole);
  fprintf (out, "%*s", width, buf);
}

static void
put_table3_text (FILE *out, const table3 *t)
{
  char a[REPORT_SUM_DIGITS], b[REPORT_SUM_DIGITS], pct[REPORT_PERCENT_SIZE];

  fputs ("Table 3 (A training, B reference): of what B executed, the part "
	 "A executed too\n", out);
  report_percent (pct, (long double) t->paths_both, (long double) t->paths_b);
  fprintf (out, "  paths:              %llu of %llu  %s\n",
	   (unsigned long long) t->paths_both,
	   (unsigned long long) t->paths_b, pct);
  report_percent_sums (pct, &t->executions_both, &t->executions_b);
  fprintf (out, "  path executions:    %s of %s  %s\n",
	   report_sum_format (&t->executions_both, a),
	   report_sum_format (&t->executions_b, b), pct);
  if (t->have_statements)
    {
      report_percent (pct, t->statements_both, t->statements_b);
      fprintf (out, "  statements run:     %.0Lf of %.0Lf  %s\n",
	       t->statements_both, t->statements_b, pct);
    }
  else
    fputs ("  statements run:     -  (no statement counts in these "
	   "profiles)\n", out);
}

static void
put_table3_json (FILE *out, const table3 *t)
{
  char a[REPORT_SUM_DIGITS], b[REPORT_SUM_DIGITS], pct[REPORT_FIXED_SIZE];
  report_big both, all;

  report_big_from_u64 (&both, t->paths_both);
  report_big_from_u64 (&all, t->paths_b);
  report_percent_fixed (pct, &both, &all);
  fprintf (out, "  \"table3\": {\"paths_b\": %llu, \"paths_both\": %llu, "
	   "\"paths\": %s, ", (unsigned long long) t->paths_b,
	   (unsigned long long) t->paths_both, pct);
  report_big_from_sum (&both, &t->executions_both);
  report_big_from_sum (&all, &t->executions_b);
  report_percent_fixed (pct, &both, &all);
  fprintf (out, "\"executions_b\": %s, \"executions_both\": %s, "
	   "\"executions\": %s, ", report_sum_format (&t->executions_b, a),
	   report_sum_format (&t->executions_both, b), pct);
  if (t->have_statements)
    fprintf (out, "\"statements_b\": %.0Lf, \"statements_both\": %.0Lf, "
	     "\"statements\": %.6Lf}", t->statements_b, t->statements_both,
	     t->statements_b > 0 ? 100.0L * t->statements_both
				   / t->statements_b : 0.0L);
  else
    fputs ("\"statements_b\": null, \"statements_both\": null, "
	   "\"statements\": null}", out);
}

int
tool_report_overlap (FILE *out, const tool_compare *cmp,
		     const tool_report_options *opt)
{
  exact_overlap program;
  size_t num, shown;
  char pct[REPORT_FIXED_SIZE];
  fn_overlap *list = compute_overlaps (cmp, &num, &program);
  char a[REPORT_SUM_DIGITS], b[REPORT_SUM_DIGITS];
  table3 t;

  if (!list || compute_table3 (cmp, &t) != 0)
    {
      free (list);
      return -1;
    }
  shown = num < opt->limit ? num : opt->limit;
  if (opt->json)
    {
      fputs ("{\n  \"version\": 1,\n  \"command\": \"overlap\",\n"
	     "  \"a\": ", out);
      tool_put_set_json (out, opt->name_a, cmp->a);
      fputs (",\n  \"b\": ", out);
      tool_put_set_json (out, opt->name_b, cmp->b);
      report_percent_fixed (pct, &program.part, &program.whole);
      fprintf (out, ",\n  \"mismatched_functions\": %zu,\n"
	       "  \"overlap\": %s,\n  \"functions_executed\": %zu,\n"
	       "  \"functions\": [", cmp->mismatches, pct, num);
      for (size_t i = 0; i < shown; i++)
	{
	  const tool_function *tf = fn_of (&cmp->fns[list[i].fn]);
	  fputs (i ? ",\n    {\"function\": " : "\n    {\"function\": ", out);
	  report_json_string (out, tf->fn.meta.name);
	  fputs (", \"display_name\": ", out);
	  report_json_string (out, tf->fn.meta.display_name);
	  fputs (", \"unit\": ", out);
	  report_json_string (out, tf->unit);
	  report_percent_fixed (pct, &list[i].exact.part, &list[i].exact.whole);
	  fprintf (out, ", \"overlap\": %s, \"executions_a\": %s, "
		   "\"executions_b\": %s}", pct,
		   report_sum_format (&list[i].executions_a, a),
		   report_sum_format (&list[i].executions_b, b));
	}
      fputs ("],\n", out);
      put_table3_json (out, &t);
      fputs ("\n}\n", out);
      free (list);
      return 0;
    }

  tool_put_set_summary (out, "A", opt->name_a, cmp->a);
  tool_put_set_summary (out, "B", opt->name_b, cmp->b);
  if (cmp->mismatches)
    fprintf (out, "Left out: %zu function%s of another build\n",
	     cmp->mismatches, cmp->mismatches == 1 ? "" : "s");
  fputs ("\nOverlap: ", out);
  put_percent (out, &program, 0);
  fputs (" of path executions\n\n", out);
  fprintf (out, "Functions executed: %zu%s\n", num,
	   num ? "; the lowest overlap first" : "");
  /* The function is the last column: its whole label.  */
  if (shown)
    fprintf (out, "  %7s  %12s  %12s  function\n", "overlap",
	     "executions A", "executions B");
  for (size_t i = 0; i < shown; i++)
    {
      const char *name = fn_of (&cmp->fns[list[i].fn])->fn.label;
      fputs ("  ", out);
      put_percent (out, &list[i].exact, 7);
      fprintf (out, "  %12s  %12s  %s\n",
	       report_sum_format (&list[i].executions_a, a),
	       report_sum_format (&list[i].executions_b, b), name);
    }
  if (shown < num)
    fprintf (out, "  ... %zu more (-n N shows N, --all every one)\n",
	     num - shown);
  fputc ('\n', out);
  put_table3_text (out, &t);
  free (list);
  return 0;
}
