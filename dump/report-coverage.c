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
   path through a cut edge counts as its two pieces.  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "report.h"

/* Widest function column; longer names are cut with an ellipsis.  */
#define FUNCTION_COLUMN_MAX 40

/* Write the coverage report.  */

int
dump_report_coverage (FILE *out, const dump_data *data,
		      const dump_selection *sel, const dump_options *opt)
{
  const dump_glyphs *g = dump_glyphs_for (opt->utf8);
  char total_potential[DUMP_SUM_DIGITS], pct[DUMP_PERCENT_SIZE];
  size_t exec_w = 8, pot_w = 9, fn_w = 8;
  bool any_truncated = false;

  dump_sum_format (&sel->potential, total_potential);
  dump_percent (pct, (long double) sel->executed,
		dump_sum_value (&sel->potential));
  fprintf (out, "Path coverage: %llu of %s potential paths executed (%s)\n"
	   "Functions:     %zu of %zu executed\n\n",
	   (unsigned long long) sel->executed, total_potential, pct,
	   sel->num_executed, sel->num_selected);

  if (dump_digits (sel->executed) > exec_w)
    exec_w = dump_digits (sel->executed);
  if (strlen (total_potential) > pot_w)
    pot_w = strlen (total_potential);
  for (size_t i = 0; i < data->num_functions; i++)
    if (sel->selected[i])
      {
	size_t w = dump_text_width (data->functions[i]->label);
	fn_w = w > fn_w ? w : fn_w;
      }
  fn_w = fn_w > FUNCTION_COLUMN_MAX ? FUNCTION_COLUMN_MAX : fn_w;

  fprintf (out, "%*s  %*s  %8s  ", (int) exec_w, "executed", (int) pot_w,
	   "potential", "coverage");
  dump_put_padded (out, "function", fn_w, false);
  fprintf (out, "  defined at\n");
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const dump_function *fn = data->functions[i];
      const ppf_meta *m = &fn->meta;
      char *name;

      if (!sel->selected[i])
	continue;
      name = dump_fit (fn->label, fn_w, g);
      if (!name)
	return -1;
      dump_percent (pct, (long double) fn->num_counts,
		    (long double) m->num_paths);
      fprintf (out, "%*llu  %*llu  %8s  ", (int) exec_w,
	       (unsigned long long) fn->num_counts, (int) pot_w,
	       (unsigned long long) m->num_paths, pct);
      dump_put_padded (out, name, fn_w, false);
      free (name);
      if (m->file < m->num_files)
	fprintf (out, "  %s:%u", fn->short_files[m->file], m->line);
      else
	fputs ("  -", out);
      fputs (m->flags & PPF_FN_TRUNCATED ? "  (truncated)\n" : "\n", out);
      any_truncated |= (m->flags & PPF_FN_TRUNCATED) != 0;
    }
  dump_percent (pct, (long double) sel->executed,
		dump_sum_value (&sel->potential));
  fprintf (out, "%*llu  %*s  %8s  total\n", (int) exec_w,
	   (unsigned long long) sel->executed, (int) pot_w, total_potential,
	   pct);
  if (any_truncated)
    fprintf (out, "\n(truncated): edges were cut to bound the number of "
	     "paths.  The potential paths\nare those of the cut DAG, where a "
	     "path through a cut edge is two: one ending\nat the cut, one "
	     "starting after it.\n");
  return 0;
}
