/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-tool's operations on profile sets (set.h): merge writes one
   .pathprof file (merge.c); diff and overlap compare two sets path by
   path (compare.c) and write a report (diff.c, overlap.c).
   doc/pathprof-tool.md is the manual, and describes the outputs.  */

#ifndef PATHPROF_TOOL_TOOL_H
#define PATHPROF_TOOL_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "columns.h"
#include "set.h"

/* Write SET to OUT_PATH as one .pathprof file: a plain one when all its
   functions come from one unit (that unit's name, the functions in the
   first input's order: what the runtime would have written), else one
   with a unit table (PPF_FILE_UNITS).  Written to a temporary file
   beside OUT_PATH, then renamed over it.  Returns 0, or 1 after saying
   why on stderr.  */
int tool_merge_write (const tool_set *set, const char *out_path);

/* One path of the comparison of A and B: executed in A (COUNT_A > 0), in
   B, or both.  FN is A's function when it has one, else B's.  */
typedef struct tool_pair
{
  const tool_function *fn;
  uint64_t id;
  uint64_t count_a, count_b;
} tool_pair;

/* One function of the comparison: A's and B's copies (either may be
   NULL), and its pairs PAIRS[FIRST .. FIRST + NUM).  */
typedef struct tool_fn_pair
{
  const tool_function *a, *b;
  size_t first, num;
} tool_fn_pair;

typedef struct tool_compare
{
  const tool_set *a, *b;
  size_t num_pairs;
  tool_pair *pairs;        /* by function (A's order, then B's own), then
			      path number */
  size_t num_fns;
  tool_fn_pair *fns;
  size_t mismatches;       /* functions left out: another build */
} tool_compare;

/* Pair the paths of A and B.  A function of the same identity whose
   metas differ is reported on stderr and left out.  Returns 0, or -1 if
   memory ran out.  */
int tool_compare_sets (const tool_set *a, const tool_set *b,
		       tool_compare *cmp);
void tool_compare_free (tool_compare *cmp);

typedef struct tool_report_options
{
  size_t limit;             /* rows per list; SIZE_MAX: all */
  bool json;
  bool utf8;
  size_t width;             /* text: wrap paths at; SIZE_MAX never */
  unsigned path_lines;      /* text: display lines per path, 0 all */
  const char *name_a, *name_b;  /* the operands as given */
} tool_report_options;

int tool_report_diff (FILE *out, const tool_compare *cmp,
		      const tool_report_options *opt);
int tool_report_overlap (FILE *out, const tool_compare *cmp,
			 const tool_report_options *opt);

/* Shared by the reports (compare.c).  */
/* "A: NAME: N files, R runs, F functions, P paths executed, E
   executions" for SET.  */
void tool_put_set_summary (FILE *out, const char *which, const char *name,
			   const tool_set *set);
/* The JSON object of SET's summary.  */
void tool_put_set_json (FILE *out, const char *name, const tool_set *set);
/* Path ID of FN as pathprof-dump's text shows it, in fresh memory
   (no wrapping, ASCII glyphs if not UTF8), or NULL.  */
char *tool_path_text (const tool_function *fn, uint64_t id, bool utf8);
/* Write path ID of FN's text at column COLUMN, as the text report.  */
int tool_put_path (FILE *out, const tool_function *fn, uint64_t id,
		   size_t column, const tool_report_options *opt);

#endif /* PATHPROF_TOOL_TOOL_H */
