/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the text reports name files and functions.

   Source files are named by their base name ("fig1.c" for
   "/home/u/src/fig1.c"), unless two files of one function share a base
   name, in which case both keep the name the compiler recorded.

   Functions are named by their *label*: the display name without the
   return type a C++ demangler writes before a function template's name
   ("twice<int>(int)", not "int twice<int>(int)"; report_name_start), and
   no two functions loaded have the same label.  When several share a
   name, each gets what tells it apart, in this order:
     - the variant of a C++ constructor or destructor, from its
       assembler name: "Base::~Base() [D0]" (deleting), "[D1]"
       (complete), "[D2]" (base); "[C1]", "[C2]" for constructors
       (another assembler name is given whole, "[_Z3foov]");
     - the base name of its translation unit's main file, "helper
       (a.c)", or the unit's name without the directories all of them
       share when two units share a base name ("src/util.c",
       "lib/util.c");
     - the part of the .pathprof file's name it comes from that differs
       from the others', in whole components ("runtests.dir",
       "runtestspp.dir");
     - and if that is still not enough, a number, "#2".
   Matching -f against a label is select.c's.

   A column of names (report_name_column) fits the labels to a width by
   eliding the middle, keeping the end where the unqualified name, the
   parameters and the qualifier are ("__gnu_cxx::__normal…::operator++()
   [D0]"), and numbers the names that would still read the same, "#1",
   with a legend of their full labels: two functions never show as one.

   The TSV and JSON reports do not use these names: they write the
   strings as stored.  */

#ifndef PATHPROF_REPORT_NAMES_H
#define PATHPROF_REPORT_NAMES_H

#include <stddef.h>
#include <stdio.h>

#include "columns.h"
#include "profile-data.h"

/* The part of PATH after its last '/'.  */
const char *report_base_name (const char *path);
/* Fill FN->short_files.  Returns 0, or -1 if memory ran out.  */
int report_function_names (report_function *fn);
/* Fill the label of every function of DATA.  Returns 0 or -1.  */
int report_assign_labels (report_data *data);
/* What FN's label adds to its name to tell it from another function of
   the same name: " (b.c)", " [C1]", " #2"...; "" when nothing (the
   machine-readable reports append it to the name they write).  */
const char *report_label_suffix (const report_function *fn);

/* The offset in DISPLAY, a display name, where the function's
   qualified name starts: past the return type of a function template
   ("YAML::Scanner::IndentMarker* std::copy<...>(...)": at "std::"),
   0 when there is none (every C, Fortran and most C++ names).  */
size_t report_name_start (const char *display);

/* LABEL fitted to WIDTH columns: whole when it fits, else its start, an
   ellipsis and its end, which keeps the unqualified name, parameters and
   qualifier whole when they leave room for a start.  NULL if memory ran
   out.  */
char *report_fit_name (const char *label, size_t width,
		       const report_glyphs *glyphs);

/* A column of function names for a text report.  */
typedef struct report_name_column
{
  size_t num;          /* entries */
  char **text;         /* [num]: what the column shows, NULL for an
			  entry not shown */
  size_t *number;      /* [num]: the entry's number in the legend, 0 if
			  its text needs none */
  size_t num_numbered;
} report_name_column;

/* Fit LABELS[0 .. NUM-1] (NULL: not shown), which differ from one
   another, to WIDTH columns (report_fit_name); entries that would read the
   same get " #K" (K from 1, in entry order) within WIDTH.  Returns 0, or
   -1 if memory ran out.  */
int report_name_column_init (report_name_column *col, const char *const *labels,
			     size_t num, size_t width,
			     const report_glyphs *glyphs);
/* Write the legend of the numbered entries, if any: a line saying why,
   then "  #K  LABEL" per entry.  */
void report_name_column_legend (FILE *out, const report_name_column *col,
				const char *const *labels);
void report_name_column_free (report_name_column *col);

/* The widest a report's function column may be: at least FLOOR, else
   half of what WIDTH (the output's, SIZE_MAX for no limit) leaves after
   FIXED columns; no limit without one.  */
size_t report_name_column_max (size_t width, size_t fixed, size_t floor);

#endif /* PATHPROF_REPORT_NAMES_H */
