/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report library's in-memory profile: the .pathprof files given on the
   command line, their functions with decoded metas, and what the reports
   need to look things up quickly.

   Every function is kept apart per file: a static function of a.c and one
   of the same name in b.c are two functions, and so is an inline function
   of a header compiled into two objects (one per .pathprof file).  Their
   order is the input order: files as given on the command line (the
   files found in a directory sorted by name), functions in the order the
   object lists them.  */

#ifndef PATHPROF_REPORT_PROFILE_DATA_H
#define PATHPROF_REPORT_PROFILE_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "ppedges.h"
#include "ppformat.h"
#include "sampling.h"
#include "sum.h"

/* One .pathprof file.  */
typedef struct report_profile
{
  char *path;      /* as given, or as found under a directory */
  ppf_file file;
  dev_t device;    /* so that a file given twice is read once */
  ino_t inode;
} report_profile;

/* One function of one file.  */
typedef struct report_function
{
  const report_profile *profile;
  const ppf_function *raw;      /* its record in PROFILE's file (the meta
				   as encoded, for comparing builds) */
  const char *unit;             /* its translation unit's main file
				   (ppf_function_unit): a merged file
				   holds several */
  ppf_meta meta;
  const ppf_count *counts;      /* PROFILE's counts: increasing path */
  uint64_t num_counts;          /* executed paths */
  uint64_t num_complete;        /* of them, those numbered below
				   meta.num_paths: all but the cut paths
				   counted from there on (PPF_FN_APART),
				   which are no potential paths */
  report_sum executions;        /* sum of the counts */
  bool estimated;               /* some count is an estimate
				   (sampling.h): not a function of a
				   sampled profile counted exactly */
  uint64_t exception_exits;     /* potential paths that end by an
				   exception (DAG edge kind 8), counted
				   without enumerating them
				   (dag-index.h) */
  uint64_t executed_exception_exits;  /* of them, paths that ran */
  const char **short_files;     /* [meta.num_files]: how the text reports
				   name each file (names.c) */
  char *label;                  /* how the text reports name the function
				   (names.c) */
  ppf_dag dag;                   /* the DAG, ready for regeneration */
} report_function;

typedef struct report_data
{
  size_t num_profiles;
  report_profile **profiles;
  size_t num_functions;
  report_function **functions;   /* input order */
  report_sum total_executions;   /* over every function of every file */
  /* Time per path (timing.h), set by report_data_finish:  */
  bool has_time;               /* some function has times */
  bool time_in_seconds;        /* every timed file converts to seconds */
  uint32_t time_unit;          /* else the unit (PPF_TIME_*) */
  long double total_time;      /* every path's time, in that unit */
  /* The program's runs, set by report_data_finish: for each unit, the
     runs of the files that hold it, added; the least and the largest of
     those (equal for the files of one program, doc/file-format.md).  */
  uint64_t min_runs, max_runs;
  /* Whether the files are sampled, and their period (sampling.h); a
     sampled file and an exact one leave SAMPLING.mixed set, which the
     programs refuse (report_data_add reads them all the same).  */
  report_sampling sampling;
} report_data;

/* The program named in messages: each program's main sets it;
   "pathprof-dump" until then.  */
extern const char *report_program_name;

/* Called by report_find_inputs for each .pathprof file found, with its
   stat; returns the number of problems it reported.  */
typedef size_t (*report_visit_fn) (void *ctx, const char *path,
				   const struct stat *st);
/* Give ARG, a .pathprof file, or each *.pathprof file under ARG, a
   directory searched recursively (in byte order of names; symbolic
   links to directories not followed), to VISIT.  Problems (ARG missing,
   a directory unreadable or without any .pathprof file) are reported on
   stderr as "PROGRAM: NAME: what is wrong".  Returns the number of
   problems, VISIT's included.  */
size_t report_find_inputs (const char *arg, report_visit_fn visit, void *ctx);

void report_data_init (report_data *data);
/* Read ARG, a .pathprof file or a directory searched recursively for
   *.pathprof files, into DATA.  Each problem is reported on stderr as
   "PROGRAM: FILE: what is wrong" (PROGRAM: report_program_name); a file
   is either read whole or not at all.  Returns the number of problems.  */
size_t report_data_add (report_data *data, const char *arg);
/* After the last report_data_add: say on stderr which functions have
   copies of different builds (doc/runtime.md, "Another build, per
   function": one function, its unit and name, whose metas differ
   between files), and name the functions for the text reports.  Returns
   0, or -1 if memory ran out.  */
int report_data_finish (report_data *data);
void report_data_free (report_data *data);

/* FN's count of path ID, found by binary search (FN's counts are sorted
   by path), or NULL if the path never ran.  */
const ppf_count *report_function_count (const report_function *fn, uint64_t id);

#endif /* PATHPROF_REPORT_PROFILE_DATA_H */
