/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump's reports.  Each writes to OUT and returns 0, or -1 if
   memory ran out (write errors are left in OUT's error flag, which the
   caller checks once at the end).

   - text: the hottest paths, one per row (report-text.c);
   - coverage: executed/potential paths per function (report-coverage.c);
   - tsv: one line per path for scripts and the DejaGnu suite
     (report-tsv.c);
   - json: everything, for other tools (report-json.c);
   - untested: the paths that never ran (report-untested.c);
   - predict: the paths the edge profile predicts (report-predict.c);
   - correlated: the branches whose outcome depends on how control
     arrived (report-correlated.c);
   - annotate, lines, edges: the edge and line counts derived from the
     paths, as gcov shows them and for scripts (report-counts.c).

   doc/pathprof-dump.md and doc/json-schema.md describe the outputs.  */

#ifndef PATHPROF_DUMP_REPORTS_H
#define PATHPROF_DUMP_REPORTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "profile-data.h"
#include "select.h"

/* The name pathprof-dump's messages begin with.  */
#define DUMP_PROGRAM "pathprof-dump"

typedef struct dump_options
{
  size_t top;            /* paths kept by report_select_paths */
  bool top_given;        /* -n or --all was given */
  size_t width;          /* text: output columns, SIZE_MAX for no limit */
  unsigned path_lines;   /* text: display lines per path, 0 unlimited */
  bool utf8;             /* text: "→" and "…" rather than "->" and
			    "..." */
  size_t num_patterns;   /* -f patterns */
  char **patterns;
  size_t num_units;      /* --unit patterns */
  char **units;
  const char *annotate_file;  /* --annotate=FILE, or NULL for all */
  bool branches;         /* --annotate --branches: gcov -b -c's lines */
  bool untested;         /* --untested (text, or with --json) */
  size_t untested_top;   /* untested paths listed per function */
  bool predict;          /* --predict (text, or with --json) */
  bool correlated;       /* --correlated (text, --tsv or --json) */
  const char *dot_format;  /* --dot: "dot", "svg" or "png" */
  size_t dot_paths;      /* --dot: -k, paths drawn in colour */
  size_t max_blocks;     /* --dot: --max-blocks */
  const char *output;    /* -o FILE, or NULL for stdout */
  const char *gcov_dir;  /* --gcov=DIR */
  bool sort_by_time;     /* --sort=time (text, tsv, json) */
  size_t pictures;       /* --html: --pictures, SIZE_MAX for all */
  bool pictures_given;
} dump_options;

int dump_report_text (FILE *out, const report_data *data,
		      const report_selection *sel, const dump_options *opt);
int dump_report_coverage (FILE *out, const report_data *data,
			  const report_selection *sel,
			  const dump_options *opt);
int dump_report_tsv (FILE *out, const report_data *data,
		     const report_selection *sel);
/* With OPT->untested, each function also lists its untested paths (at
   most OPT->top), with OPT->predict its predicted paths; OPT may be
   NULL.  */
int dump_report_json (FILE *out, const report_data *data,
		      const report_selection *sel, const dump_options *opt);
/* --untested: the paths that never ran (untested.h), OPT->top per
   function.  */
int dump_report_untested (FILE *out, const report_data *data,
			  const report_selection *sel,
			  const dump_options *opt);
/* --predict: the paths the edge profile predicts (predict.h).  */
int dump_report_predict (FILE *out, const report_data *data,
			 const report_selection *sel,
			 const dump_options *opt);
/* --correlated: the branch blocks whose split depends on the edge
   control arrived by (correlated.h), the OPT->top with the greatest
   gain, then the totals; with --tsv one line per block.  */
int dump_report_correlated (FILE *out, const report_data *data,
			    const report_selection *sel,
			    const dump_options *opt);
int dump_report_correlated_tsv (FILE *out, const report_data *data,
				const report_selection *sel);
/* Returns 1 if OPT->annotate_file names no file of the selection.  */
int dump_report_annotate (FILE *out, const report_data *data,
			  const report_selection *sel, const dump_options *opt);
int dump_report_lines (FILE *out, const report_data *data,
		       const report_selection *sel);
int dump_report_edges (FILE *out, const report_data *data,
		       const report_selection *sel);
/* --gcov: one SOURCE.gcov file per source file of SEL in the directory
   DIR, in gcov -b -c's text format (report-counts.c), for gcovr
   --use-gcov-files.  Returns 0, -1 if memory ran out, or 1 if a file
   could not be written (a message said why).  */
int dump_report_gcov (const report_data *data, const report_selection *sel,
		      const char *dir);
/* --lcov: an lcov tracefile (report-lcov.c).  */
int dump_report_lcov (FILE *out, const report_data *data,
		      const report_selection *sel);

/* When SEL's functions have exception exits (paths that end by an
   exception, DAG edge kind 8), write after a line of SEL's path figures
   the line that counts them apart, so that the coverage of the other
   paths shows: "INDENTof which 12 exception exits (1 executed); without
   them, 2 of 18 executed (11.11%)" (report-coverage.c).  */
void dump_put_exception_exits (FILE *out, const char *indent,
			       const report_selection *sel);

/* Write S as a TSV field: a backslash, tab, newline or carriage return
   as \\, \t, \n, \r, another control character as \xHH, and if SPACES
   a space as \x20 (report-tsv.c).  */
void dump_tsv_field (FILE *out, const char *s, bool spaces);

/* Write FN's FUNCTION field: its display name as recorded (its
   assembler name if it has none) escaped as dump_tsv_field does, then
   what its label adds to tell it from another function of that name
   (report_label_suffix), so that two functions never share one.  */
void dump_tsv_function (FILE *out, const report_function *fn);

#endif /* PATHPROF_DUMP_REPORTS_H */
