/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A path as compact text, for the text report:

     [entry] fig1.c:3-5 → 8 → include/hdr.h:20 → fig1.c:10-11 [return]

   a start marker, the path's source lines (the file named at the start and
   again only when it changes; runs of consecutive lines as a-b; blocks
   without lines skipped; block numbers "bb2 → bb4" when no block of the
   path has a line, as under -g0), and an end marker.  The markers:

     [entry]                               [return]
     [loop head after backedge L1→L2]      [backedge L1→L2]
     [after cut at L]                      [cut at L]
     [restart at L]                        [noreturn call at L]

   where L1 is the last line of the backedge's source block, L2 the first
   line of its head, and L the last line of the block a cut edge leaves
   (the same place at both ends of the cut, so the two halves of a cut
   path can be matched); for a restart, L is the first line of the block
   where a longjmp or nonlocal goto landed.  A line in a file other than
   the function's is written FILE:LINE, a block without lines bbN.

   With the meta's detail section, each branch the path takes ends a
   step ("a-b" stops after the line of the block that chooses) and its
   outcome follows the step in parentheses: "29-30 (false)"; the
   branch's line is given when it is not the step's last, "(30: false)";
   consecutive branches on one line share the parenthesis, "30 (true,
   true)" (separated by "; " when a label has a comma).  A step and its
   outcome are one token.

   The text is kept as tokens so that it can be wrapped between tokens to
   the terminal's width, and cut, visibly, after a number of lines.  */

#ifndef PATHPROF_REPORT_PATH_TEXT_H
#define PATHPROF_REPORT_PATH_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "columns.h"
#include "paths.h"

/* Narrowest path column: on a terminal too narrow for the columns before
   it, the path still gets this many columns (and the lines overflow).  */
#define REPORT_MIN_PATH_COLUMNS 32

typedef struct report_path_token
{
  size_t offset;     /* into the text buffer */
  size_t len;        /* bytes */
  size_t width;      /* columns */
  int role;          /* 0 start marker, 1 lines, 2 end marker */
} report_path_token;

typedef struct report_path_text
{
  char *text;
  size_t len, capacity;
  report_path_token *tokens;
  size_t num_tokens, token_capacity;
  report_lines lines;
} report_path_text;

void report_path_text_init (report_path_text *t);
/* Build the tokens of PATH of FN.  Returns 0, or -1 if memory ran out.  */
int report_path_text_build (report_path_text *t, const report_function *fn,
			    const report_path *path,
			    const report_glyphs *glyphs);
/* Write the tokens, starting at column COLUMN, wrapping before WIDTH
   (continuation lines indented to COLUMN and starting with the arrow),
   and after MAX_LINES lines (0: no limit) ending in "… +K more [end]",
   K being the number of line groups left out.  Ends with a newline.  */
void report_path_text_write (FILE *out, const report_path_text *t,
			     size_t column, size_t width, unsigned max_lines,
			     const report_glyphs *glyphs);
void report_path_text_free (report_path_text *t);

/* Write LOC of FN as text into BUF: "12", "hdr.h:12" or "bb5".  */
void report_loc_format (char *buf, size_t size, const report_function *fn,
			report_loc loc);
/* The same with the file of a line always named: "fig1.c:12".  */
void report_loc_format_file (char *buf, size_t size, const report_function *fn,
			     report_loc loc);

#endif /* PATHPROF_REPORT_PATH_TEXT_H */
