/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which functions and which paths a report shows.

   Functions: all, or those matching one of the -f patterns (the
   qualified name with its parameters, without the return type a
   function template's display name starts with, or the assembler name,
   equal or matching as an fnmatch glob; or equal to the whole display
   name or to the label the text reports give it), and of those, with
   --unit, the functions of a translation unit that one of the --unit
   patterns names (its main source file or its .pathprof file, whole,
   by base name or by last components, or as a glob): the one way to
   pick one copy of an inline function or template compiled into
   several units.

   Paths: the executed paths of the selected functions, ranked hottest
   first (count descending; ties in input order of the functions, then by
   path number), or with --sort=time most time first (paths without
   time last, then as by count), the first LIMIT of them kept.  Reports
   that list paths per function re-sort the kept ones by function and
   path number.  */

#ifndef PATHPROF_REPORT_SELECT_H
#define PATHPROF_REPORT_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile-data.h"
#include "sum.h"

typedef struct report_path_ref
{
  size_t function;   /* index into report_data.functions */
  uint64_t id;
  uint64_t count;
  long double time;  /* in the report's unit (timing.h); -1 if none */
  uint64_t samples;  /* of a sampled profile (sampling.h), else 0 */
} report_path_ref;

/* What selects the functions: -f patterns and --unit patterns (none:
   every function).  */
typedef struct report_filter
{
  size_t num_patterns;
  char **patterns;
  size_t num_units;
  char **units;
} report_filter;

typedef struct report_selection
{
  bool *selected;          /* [num_functions] */
  size_t *pattern_hits;    /* [num_patterns]: functions each matched,
			      among those of the units selected */
  size_t *unit_hits;       /* [num_units]: functions of each unit */
  size_t num_selected;     /* functions selected */
  size_t num_executed;     /* of them, functions with an executed path */
  report_sum potential;    /* paths of the selected functions */
  uint64_t executed;       /* executed paths of the selected functions,
			      of their potential paths */
  uint64_t executed_cut;   /* and cut paths (PPF_FN_APART) that ran */
  report_sum exception_exits;  /* of the potential paths, those that end by
				  an exception (dag-index.h) */
  uint64_t executed_exception_exits;  /* of the executed paths, those */
  report_sum executions;     /* and the sum of their counts */
  size_t num_paths;          /* kept paths */
  report_path_ref *paths;
  bool by_time;              /* rank by time rather than count (--sort=time;
				set before report_select_paths) */
} report_selection;

/* Select the functions of DATA that FILTER selects and total their
   paths.  Returns 0, or -1 if memory ran out.  */
int report_select_functions (const report_data *data,
			     const report_filter *filter,
			     report_selection *sel);
/* Keep the LIMIT hottest executed paths of the selected functions
   (SIZE_MAX: all of them), ranked.  Returns 0 or -1.  */
int report_select_paths (const report_data *data, report_selection *sel,
			 size_t limit);
/* Re-sort the kept paths by function (input order), then path number, or
   if HOTTEST_FIRST by rank (count, or time with by_time) then path
   number.  */
void report_sort_by_function (report_selection *sel, bool hottest_first);
void report_selection_free (report_selection *sel);

#endif /* PATHPROF_REPORT_SELECT_H */
