/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program's runs over a set of .pathprof files: see runs.h.  */

#include <stdlib.h>
#include <string.h>

#include "runs.h"

void
report_runs_init (report_runs *runs)
{
  memset (runs, 0, sizeof *runs);
  report_string_index_init (&runs->index, false);
}

/* Add N to the sum of UNIT, a new unit if need be.  Returns 0 or -1.  */

static int
add_unit (report_runs *runs, const char *unit, uint64_t n)
{
  size_t *at = report_string_index_find (&runs->index, unit);

  if (!at)
    {
      char *name, **names;
      uint64_t *sums;

      if (runs->num == runs->capacity)
	{
	  size_t cap = runs->capacity ? 2 * runs->capacity : 16;
	  if (!(names = realloc (runs->names, cap * sizeof *names)))
	    return -1;
	  runs->names = names;
	  if (!(sums = realloc (runs->sums, cap * sizeof *sums)))
	    return -1;
	  runs->sums = sums;
	  runs->capacity = cap;
	}
      if (!(name = strdup (unit)))
	return -1;
      if (report_string_index_add (&runs->index, name, runs->num) != 0)
	{
	  free (name);
	  return -1;
	}
      runs->names[runs->num] = name;
      runs->sums[runs->num] = 0;
      at = report_string_index_find (&runs->index, name);
      runs->num++;
    }
  runs->sums[*at] = ppf_count_add (runs->sums[*at], n);
  return 0;
}

int
report_runs_add (report_runs *runs, const ppf_file *file, uint64_t weight)
{
  uint64_t n = weight && file->runs > UINT64_MAX / weight
	       ? UINT64_MAX : file->runs * weight;

  if (!file->num_units)
    return add_unit (runs, file->unit_name ? file->unit_name : "", n);
  for (uint32_t u = 0; u < file->num_units; u++)
    if (add_unit (runs, file->units[u], n) != 0)
      return -1;
  return 0;
}

void
report_runs_range (const report_runs *runs, uint64_t *min, uint64_t *max)
{
  *min = runs->num ? UINT64_MAX : 0;
  *max = 0;
  for (size_t k = 0; k < runs->num; k++)
    {
      *min = runs->sums[k] < *min ? runs->sums[k] : *min;
      *max = runs->sums[k] > *max ? runs->sums[k] : *max;
    }
}

void
report_runs_free (report_runs *runs)
{
  report_string_index_free (&runs->index);
  for (size_t k = 0; k < runs->num; k++)
    free (runs->names[k]);
  free (runs->names);
  free (runs->sums);
  report_runs_init (runs);
}
