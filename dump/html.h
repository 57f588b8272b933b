/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The HTML report (pathprof-dump --html -o DIR): static pages in one
   directory, in the spirit of lcov's genhtml and gcovr's --html-details,
   that need nothing but a browser (no server, nothing fetched: pages,
   style sheet and script are all in DIR, and work from file://).

     index.html        the program's totals, its source files and its
		       functions with their path coverage and hottest
		       paths, and the hottest paths of the program;
     src-NAME.html     one per source file: the source annotated with
		       gcov's line counts (derive.h), and the paths of the
		       functions defined in it; choosing a path highlights
		       its lines and shows its branch outcomes;
     fn-NAME.html      one per function: its paths, its untested paths,
		       and its CFG with the chosen path drawn on it;
     pathprof.css, pathprof.js   shared by the pages.

   The report is written into a new directory beside DIR and renamed into
   place when complete, so that DIR never holds half a report.  An
   existing DIR is replaced only if it is empty or an earlier report
   (it holds the marker file .pathprof-html).

   doc/pathprof-dump.md ("HTML report") describes the pages.  */

#ifndef PATHPROF_DUMP_HTML_H
#define PATHPROF_DUMP_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "profile-data.h"
#include "select.h"

/* Paths listed per function without -n.  */
#define DUMP_HTML_PATHS_DEFAULT 100
/* The program's hottest paths the index lists.  */
#define DUMP_HTML_HOT_PATHS 20
/* Function pages with a CFG picture without --pictures: those of the
   hottest functions.  Graphviz takes from a few milliseconds to a
   second a picture: 32,000 pictures of a large C++ program's tests took
   minutes, for pages of functions that ran once or never.  */
#define DUMP_HTML_PICTURES_DEFAULT 1000

typedef struct dump_html_options
{
  const char *dir;        /* the output directory */
  size_t paths;           /* executed paths listed per function; SIZE_MAX:
			     all */
  size_t untested;        /* untested paths listed per function */
  size_t pictures;        /* function pages with a CFG picture, the
			     hottest functions' (most executions, then
			     input order); SIZE_MAX: all */
} dump_html_options;

/* Write the HTML report of the functions SEL selects into OPT->dir; the
   index lists SEL's kept paths (report_select_paths) as the program's
   hottest.
   Returns 0, or 1 after a message on stderr naming what failed (DIR
   cannot be created or written, memory ran out); DIR is then left as it
   was.  */
int dump_report_html (const report_data *data, const report_selection *sel,
		      const dump_html_options *opt);

#endif /* PATHPROF_DUMP_HTML_H */
