/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The source files of a selection of functions and the count of each of
   their lines, summed over the functions, as gcov shows them: the
   --annotate report and the HTML report's source pages.

   Line counts are derive.h's, per function, summed as gcov sums them: a
   line that owns a block in some function counts what it counts as the
   owner of blocks, summed over those functions (a lambda's declaration
   line, first line of its first block, on the line of the statement
   that passes it counts that statement's executions, not the lambda's
   calls too); a line that owns none counts the sum over the functions.
   Functions that start on the same line (a destructor's variants, a
   template's instances: gcov's groups) count their own lines from that
   one on apart, and add them up.
   A line that several functions have (an inline function of a header
   compiled into several objects) counts once per function, as gcov adds
   the data of several objects.  Functions the compiler made
   (PPF_FN_ARTIFICIAL: implicit constructors and destructors) count for
   no line, as gcov leaves them out.
   Each line also lists its branches (gcov -b's, derive.h), those of the
   functions in the order of the selection.  */

#ifndef PATHPROF_REPORT_SOURCE_LINES_H
#define PATHPROF_REPORT_SOURCE_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profile-data.h"
#include "select.h"
#include "string-index.h"

/* One line of one source file, summed over the selected functions.  */
typedef struct report_source_line
{
  size_t file;             /* index into report_sources.files */
  uint32_t line;
  uint64_t count;
  bool unexecuted_block;   /* gcov's "N*" */
  bool owns_block;         /* in some function (derive.h) */
  bool group;              /* while collecting: a line of a function of a
			      group (gcov's is_group), summed apart */
  size_t first_branch;     /* its branches: report_sources.branches */
  size_t num_branches;     /*   [first_branch .. +num_branches) */
  bool estimated;          /* its count is an estimate: some function
			      adding to it has estimated counts
			      (sampling.h) and it ran */
} report_source_line;

/* One branch of a line (derive.h's), as gcov -b lists it.  */
typedef struct report_source_branch
{
  size_t file;             /* index into report_sources.files */
  uint32_t line;
  size_t seq;              /* while collecting: order of appearance */
  uint64_t count;
  bool executed;
  bool fallthrough;
} report_source_branch;

/* One source file.  */
typedef struct report_source_file
{
  const char *name;                /* as the compiler recorded it */
  const report_profile *profile;   /* the first profile naming it: where a
				      relative name is also looked for */
  size_t first_line;               /* its lines: report_sources.lines */
  size_t num_lines;                /*   [first_line .. +num_lines) */
} report_source_file;

typedef struct report_sources
{
  size_t num_files;
  report_source_file *files;    /* in order of appearance */
  report_string_index by_name;  /* file name -> index into files */
  size_t num_lines;
  report_source_line *lines;    /* by file, then line; one per line */
  size_t num_branches;
  report_source_branch *branches;  /* by file, then line, then function
				      and gcov's order in it */
} report_sources;

/* Collect the files and line counts of the functions SEL selects.
   Returns 0, or -1 if memory ran out (OUT is then empty).  */
int report_collect_sources (const report_data *data,
			    const report_selection *sel, report_sources *out);
void report_sources_free (report_sources *sources);

/* The index in SOURCES of the file recorded as NAME, or SIZE_MAX.  */
size_t report_source_find (report_sources *sources, const char *name);

/* Where sources are looked for besides where they were compiled:
   --source-dir's DIRS[0..NUM_DIRS-1], in order (kept, not copied).  */
void report_source_set_dirs (const char *const *dirs, size_t num_dirs);
/* Learn what DATA's profiles say of each source file: the compiler's
   working directory and the file's size and hash as compiled
   (PPF_FN_SOURCES), from the first function naming it.  Returns 0, or
   -1 if memory ran out.  */
int report_source_learn (const report_data *data);
/* Open the source file the compiler recorded as NAME, in PROFILE (which
   names it first), for reading: never a file other than the one
   compiled.  Tried in order: NAME itself when absolute; else NAME in
   the compiler's working directory, NAME from here and NAME beside
   PROFILE; then in each --source-dir DIR, DIR/NAME and DIR joined with
   each shorter tail of NAME after a '/'.  A candidate serves when it
   opens as a regular file and, if the compiler recorded the file, has
   its size and hash.  On success the file (at its start), and in *PATH
   (when PATH is not NULL) the path opened, malloc'd.  Else NULL with
   errno set and, in WHY (when not NULL), why: a file found that is not
   the one compiled, a compilation directory that no longer exists, or
   the first candidate's error.  */
FILE *report_source_open (const char *name, const report_profile *profile,
			  char **path, char *why, size_t whylen);
/* Whether FN is defined in FILE and is a function gcov reports (not one
   the compiler made, PPF_FN_ARTIFICIAL): the functions --lcov and --gcov
   list for a file.  */
bool report_source_defines (const report_function *fn, const char *file);

/* Called by report_source_walk for each line of a source file: its number,
   its text without its end (LEN bytes) and its counted line, or NULL.  */
typedef void (*report_source_line_fn) (void *ctx, uint32_t lineno,
				       const char *text, size_t len,
				       const report_source_line *line);

/* Read SRC line by line (a line ends at "\n", "\r\n" or a lone "\r", as
   for GCC), at most MAX_LINES (0: no limit), giving VISIT each line with
   its counted line of LINES[0..N-1] (one file's, by line number).
   Returns the number of lines read; *NEXT is then the index of the first
   counted line past them, N if none: the lines the source no longer
   has.  */
uint32_t report_source_walk (FILE *src, const report_source_line *lines,
			     size_t n, uint32_t max_lines, size_t *next,
			     report_source_line_fn visit, void *ctx);

#endif /* PATHPROF_REPORT_SOURCE_LINES_H */
