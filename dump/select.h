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

#ifndef PATHPROF_DUMP_SELECT_H
#define PATHPROF_DUMP_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile-data.h"
#include "sum.h"

typedef struct dump_path_ref
{
  size_t function;   /* index into dump_data.functions */
  uint64_t id;
  uint64_t count;
  long double time;  /* in the report's unit (timing.h); -1 if none */
} dump_path_ref;

/* What selects the functions: -f patterns and --unit patterns (none:
   every function).  */
typedef struct dump_filter
{
  size_t num_patterns;
  char **patterns;
  size_t num_units;
  char **units;
} dump_filter;

typedef struct dump_selection
{
  bool *selected;          /* [num_functions] */
  size_t *pattern_hits;    /* [num_patterns]: functions each matched,
			      among those of the units selected */
  size_t *unit_hits;       /* [num_units]: functions of each unit */
  size_t num_selected;     /* functions selected */
  size_t num_executed;     /* of them, functions with an executed path */
  dump_sum potential;      /* paths of the selected functions */
  uint64_t executed;       /* executed paths of the selected functions,
			      of their potential paths */
  uint64_t executed_cut;   /* and cut paths (PPF_FN_APART) that ran */
  dump_sum exception_exits;  /* of the potential paths, those that end by
				an exception (dag-index.h) */
  uint64_t executed_exception_exits;  /* of the executed paths, those */
  dump_sum executions;     /* and the sum of their counts */
  size_t num_paths;        /* kept paths */
  dump_path_ref *paths;
  bool by_time;            /* rank by time rather than count (--sort=time;
			      set before dump_select_paths) */
} dump_selection;

/* Select the functions of DATA that FILTER selects and total their
   paths.  Returns 0, or -1 if memory ran out.  */
int dump_select_functions (const dump_data *data, const dump_filter *filter,
			   dump_selection *sel);
/* Keep the LIMIT hottest executed paths of the selected functions
   (SIZE_MAX: all of them), ranked.  Returns 0 or -1.  */
int dump_select_paths (const dump_data *data, dump_selection *sel,
		       size_t limit);
/* Re-sort the kept paths by function (input order), then path number, or
   if HOTTEST_FIRST by rank (count, or time with by_time) then path
   number.  */
void dump_sort_by_function (dump_selection *sel, bool hottest_first);
void dump_selection_free (dump_selection *sel);

#endif /* PATHPROF_DUMP_SELECT_H */
