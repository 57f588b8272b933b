/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The untested-paths report (--untested): per selected function, the
   paths that never ran, the useful ones first (untested.h says in which
   order and why), each written as the text report writes a path:

     Untested paths: 2 of 6 potential paths never ran (4 executed, 66.67%)
       fig1.c: 2 of 6 never ran (4 executed)
     ...
     fig1 (fig1.c:27): 2 of 6 potential paths never ran
       path  found                 path
          3  one decision from #2  [entry] fig1.c:29-30 (true) → ...
          4  shortest              [entry] ...

   The figures per source file group the functions by the file that
   defines them.  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "path-text.h"
#include "reports.h"
#include "untested.h"

/* Write "N of M potential paths never ran (E executed, P%)".  */

static void
put_figures (FILE *out, uint64_t executed, const report_sum *potential)
{
  char pot[REPORT_SUM_DIGITS], never[REPORT_SUM_DIGITS];
  char pct[REPORT_PERCENT_SIZE];
  report_sum never_ran = *potential, ran = { 0, executed };

  report_sum_sub_sum (&never_ran, &ran);
  report_percent (pct, (long double) executed, report_sum_value (potential));
  fprintf (out, "%s of %s potential paths never ran (%llu executed, %s)\n",
	   report_sum_format (&never_ran, never), report_sum_format (potential,
								    pot),
	   (unsigned long long) executed, pct);
}

/* Write the figures per source file (the file defining each function),
   in the order the selected functions first name them.  */

static void
put_files (FILE *out, const report_data *data, const report_selection *sel)
{
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      const char *file = fn->meta.file < fn->meta.num_files
			   ? fn->meta.files[fn->meta.file] : NULL;
      const char *shown = file ? fn->short_files[fn->meta.file] : "-";
      report_sum potential = { 0, 0 };
      uint64_t executed = 0;
      bool first = true;

      if (!sel->selected[i])
	continue;
      /* Skip a file an earlier function already showed.  */
      for (size_t k = 0; k < i && first; k++)
	{
	  const report_function *o = data->functions[k];
	  const char *ofile = o->meta.file < o->meta.num_files
				? o->meta.files[o->meta.file] : NULL;
	  if (sel->selected[k]
	      && (ofile == file || (ofile && file && !strcmp (ofile, file))))
	    first = false;
	}
      if (!first)
	continue;
      for (size_t k = i; k < data->num_functions; k++)
	{
	  const report_function *o = data->functions[k];
	  const char *ofile = o->meta.file < o->meta.num_files
				? o->meta.files[o->meta.file] : NULL;
	  if (sel->selected[k]
	      && (ofile == file || (ofile && file && !strcmp (ofile, file))))
	    {
	      report_sum_add (&potential, o->meta.num_paths);
	      executed += o->num_complete;
	    }
	}
      fprintf (out, "  %s: ", shown);
      put_figures (out, executed, &potential);
    }
}

/* Write the untested paths of FN.  */

static int
put_function (FILE *out, const report_function *fn, const dump_options *opt,
	      size_t limit, report_path *path, report_path_text *text)
{
  const report_glyphs *g = report_glyphs_for (opt->utf8);
  const ppf_meta *m = &fn->meta;
  dump_untested u;
  report_sum potential = { 0, m->num_paths };
  size_t id_w = 4, found_w = 5, column;
  uint64_t not_shown;
  char err[256], found[64];

  if (dump_find_untested (fn, limit, &u) != 0)
    return -1;
  fputs (fn->label, out);
  if (m->file < m->num_files)
    fprintf (out, " (%s:%u)", fn->short_files[m->file], m->line);
  fputs (": ", out);
  put_figures (out, fn->num_complete, &potential);
  if (m->flags & PPF_FN_TRUNCATED)
    fputs ("  Truncated: edges were cut, and these are paths of the cut "
	   "DAG (a path through\n  a cut edge is two, one ending at the cut, "
	   "one starting after it).\n", out);
  if (u.left_at_call && u.left_at_call == u.exception_exits)
    fprintf (out, "  %llu of them %s exception exit%s (a call threw): not "
	     "listed.\n", (unsigned long long) u.left_at_call,
	     u.left_at_call == 1 ? "is an" : "are",
	     u.left_at_call == 1 ? "" : "s");
  else if (u.exception_exits)
    fprintf (out, "  %llu of them end%s left at a call (longjmp, exit), %llu "
	     "by an exception: not listed.\n",
	     (unsigned long long) (u.left_at_call - u.exception_exits),
	     u.left_at_call - u.exception_exits == 1 ? "s" : "",
	     (unsigned long long) u.exception_exits);
  else if (u.left_at_call)
    fprintf (out, "  %llu of them end%s left at a call (longjmp, exit, an "
	     "exception): not listed.\n", (unsigned long long) u.left_at_call,
	     u.left_at_call == 1 ? "s" : "");
  for (size_t i = 0; i < u.num; i++)
    {
      size_t d = report_digits (u.paths[i].id);
      id_w = d > id_w ? d : id_w;
      if (u.paths[i].how == DUMP_UNTESTED_DECISION)
	{
	  size_t w = 19 + report_digits (u.paths[i].from);
	  found_w = w > found_w ? w : found_w;
	}
      else if (found_w < 8)
	found_w = 8;
    }
  column = 2 + id_w + 2 + found_w + 2;
  if (u.num)
    {
      fprintf (out, "  %*s  ", (int) id_w, "path");
      report_put_padded (out, "found", found_w, false);
      fputs ("  path\n", out);
    }
  for (size_t i = 0; i < u.num; i++)
    {
      const dump_untested_path *p = &u.paths[i];
      if (report_path_regen (fn, p->id, path, err, sizeof err) != 0
	  || report_path_text_build (text, fn, path, g) != 0)
	{
	  dump_untested_free (&u);
	  return -1;
	}
      if (p->how == DUMP_UNTESTED_DECISION)
	snprintf (found, sizeof found, "one decision from #%llu",
		  (unsigned long long) p->from);
      else
	snprintf (found, sizeof found, "shortest");
      fprintf (out, "  %*llu  ", (int) id_w, (unsigned long long) p->id);
      report_put_padded (out, found, found_w, false);
      fputs ("  ", out);
      report_path_text_write (out, text, column, opt->width, opt->path_lines,
			      g);
    }
  not_shown = u.listable - u.num;
  if (u.listable == 0 && u.left_at_call == 0)
    fputs ("  Every path ran.\n", out);
  else if (not_shown && u.bounded)
    fprintf (out, "  ... %llu more not shown: the search stopped at its "
	     "bound.\n", (unsigned long long) not_shown);
  else if (not_shown)
    fprintf (out, "  ... %llu more not shown (-n N shows N per function, "
	     "--all up to %u).\n", (unsigned long long) not_shown,
	     DUMP_UNTESTED_ALL);
  dump_untested_free (&u);
  return 0;
}

/* Write the untested-paths report.  */

int
dump_report_untested (FILE *out, const report_data *data,
		      const report_selection *sel, const dump_options *opt)
{
  report_path path;
  report_path_text text;
  int rc = 0;

  fputs ("Untested paths: ", out);
  put_figures (out, sel->executed, &sel->potential);
  dump_put_exception_exits (out, "                ", sel);
  put_files (out, data, sel);
  fputs ("Listed per function: first the paths one decision away from an "
	 "executed path\n(hottest first), then the shortest others.  They "
	 "are paths of the DAG: some\nmay be infeasible, their conditions "
	 "contradicting each other.\n", out);
  report_path_init (&path);
  report_path_text_init (&text);
  for (size_t i = 0; i < data->num_functions && rc == 0; i++)
    {
      if (!sel->selected[i])
	continue;
      fputc ('\n', out);
      rc = put_function (out, data->functions[i], opt,
			 (opt->untested_top < DUMP_UNTESTED_ALL
			  ? opt->untested_top : DUMP_UNTESTED_ALL),
			 &path, &text);
    }
  report_path_text_free (&text);
  report_path_free (&path);
  return rc;
}
