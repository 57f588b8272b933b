/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which functions and which paths a report shows: see select.h.  */

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "select.h"
#include "timing.h"

/* Whether NAME matches PATTERN: equal, or as a shell glob.  Equality is
   tried first because C++ names hold glob characters ("operator[]",
   "operator*").  */

static bool
name_matches (const char *pattern, const char *name)
{
  return strcmp (pattern, name) == 0 || fnmatch (pattern, name, 0) == 0;
}

/* Whether FN matches the -f PATTERN: its qualified name with its
   parameters, past the return type a function template's display name
   starts with (names.h, report_name_start), or its assembler name, equal
   or as a glob; or, equal only, its whole display name or its label as
   the text reports write it ("Base::~Base() [D0]").  So 'A::*' finds
   A's members, not every function that returns an A::T*.  */

static bool
function_matches (const char *pattern, const report_function *fn)
{
  const char *display = fn->meta.display_name;

  return name_matches (pattern, display + report_name_start (display))
	 || name_matches (pattern, fn->meta.name)
	 || strcmp (pattern, display) == 0
	 || (fn->label && strcmp (pattern, fn->label) == 0);
}

/* Whether PATTERN ends PATH at a '/'.  */

static bool
path_suffix_p (const char *pattern, const char *path)
{
  size_t lp = strlen (pattern), ln = strlen (path);

  return lp < ln && path[ln - lp - 1] == '/'
	 && strcmp (path + ln - lp, pattern) == 0;
}

/* Whether FN comes from the translation unit --unit=PATTERN names: its
   unit's main source file as the compiler recorded it, or the .pathprof
   file, either one whole, by its base name or by its last components
   ("src/a.c" for "/home/u/src/a.c"), equal or as a glob.  */

static bool
unit_matches (const char *pattern, const report_function *fn)
{
  const char *names[2] = { fn->unit && fn->unit[0] ? fn->unit : NULL,
			   fn->profile->path };

  for (int k = 0; k < 2; k++)
    if (names[k]
	&& (name_matches (pattern, names[k])
	    || name_matches (pattern, report_base_name (names[k]))
	    || path_suffix_p (pattern, names[k])))
      return true;
  return false;
}

/* Select functions and total their paths: see select.h.  */

int
report_select_functions (const report_data *data, const report_filter *filter,
			 report_selection *sel)
{
  memset (sel, 0, sizeof *sel);
  sel->selected = calloc (data->num_functions + 1, sizeof *sel->selected);
  sel->pattern_hits = calloc (filter->num_patterns + 1,
			      sizeof *sel->pattern_hits);
  sel->unit_hits = calloc (filter->num_units + 1, sizeof *sel->unit_hits);
  if (!sel->selected || !sel->pattern_hits || !sel->unit_hits)
    return -1;
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      bool match = filter->num_patterns == 0;
      bool in_unit = filter->num_units == 0;

      for (size_t u = 0; u < filter->num_units; u++)
	if (unit_matches (filter->units[u], fn))
	  {
	    sel->unit_hits[u]++;
	    in_unit = true;
	  }
      if (!in_unit)
	continue;
      for (size_t p = 0; p < filter->num_patterns; p++)
	if (function_matches (filter->patterns[p], fn))
	  {
	    sel->pattern_hits[p]++;
	    match = true;
	  }
      if (!match)
	continue;
      sel->selected[i] = true;
      sel->num_selected++;
      if (fn->num_counts)
	sel->num_executed++;
      report_sum_add (&sel->potential, fn->meta.num_paths);
      sel->executed += fn->num_complete;
      sel->executed_cut += fn->num_counts - fn->num_complete;
      report_sum_add (&sel->exception_exits, fn->exception_exits);
      sel->executed_exception_exits += fn->executed_exception_exits;
      report_sum_add_sum (&sel->executions, &fn->executions);
    }
  return 0;
}

/* qsort comparator: hottest first, then input order, then path number.  */

static int
compare_rank (const void *a, const void *b)
{
  const report_path_ref *x = a, *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* qsort comparator: most time first, then as compare_rank.  */

static int
compare_time_rank (const void *a, const void *b)
{
  const report_path_ref *x = a, *y = b;

  if (x->time != y->time)
    return x->time > y->time ? -1 : 1;
  return compare_rank (a, b);
}

/* qsort comparator: input order of functions, then path number.  */

static int
compare_function_order (const void *a, const void *b)
{
  const report_path_ref *x = a, *y = b;

  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* qsort comparator: input order of functions, then hottest first.  With
   one function, the same order as compare_rank.  */

static int
compare_function_rank (const void *a, const void *b)
{
  const report_path_ref *x = a, *y = b;

  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  return compare_rank (a, b);
}

/* qsort comparator: input order of functions, then most time first.  */

static int
compare_function_time_rank (const void *a, const void *b)
{
  const report_path_ref *x = a, *y = b;

  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  return compare_time_rank (a, b);
}

/* Collect the executed paths of the selected functions, rank them, and
   keep LIMIT.  */

int
report_select_paths (const report_data *data, report_selection *sel,
		     size_t limit)
{
  size_t n = 0;

  for (size_t i = 0; i < data->num_functions; i++)
    if (sel->selected[i])
      n += data->functions[i]->num_counts;
  free (sel->paths);
  sel->num_paths = 0;
  sel->paths = malloc ((n + 1) * sizeof *sel->paths);
  if (!sel->paths)
    return -1;
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      if (!sel->selected[i])
	continue;
      for (uint64_t k = 0; k < fn->num_counts; k++)
	{
	  report_path_ref *ref = &sel->paths[sel->num_paths++];
	  ref->function = i;
	  ref->id = fn->counts[k].path;
	  ref->count = fn->counts[k].count;
	  ref->samples = fn->counts[k].samples;
	  ref->time = report_time_value (data, fn, fn->counts[k].time);
	}
    }
  qsort (sel->paths, sel->num_paths, sizeof *sel->paths,
	 sel->by_time ? compare_time_rank : compare_rank);
  if (sel->num_paths > limit)
    sel->num_paths = limit;
  return 0;
}

/* Re-sort the kept paths by function: see select.h.  */

void
report_sort_by_function (report_selection *sel, bool hottest_first)
{
  qsort (sel->paths, sel->num_paths, sizeof *sel->paths,
	 !hottest_first ? compare_function_order
	 : sel->by_time ? compare_function_time_rank : compare_function_rank);
}

/* Release SEL's memory.  */

void
report_selection_free (report_selection *sel)
{
  free (sel->selected);
  free (sel->pattern_hits);
  free (sel->unit_hits);
  free (sel->paths);
  memset (sel, 0, sizeof *sel);
}
