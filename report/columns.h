/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Text layout for the terminal reports (text and coverage): display
   widths of UTF-8 strings, padding, truncation with a visible ellipsis,
   percentages, and the glyphs ("→" or "->") the locale can show.  */

#ifndef PATHPROF_REPORT_COLUMNS_H
#define PATHPROF_REPORT_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Room for the longest percentage written, ">99.99%", and more.  */
#define REPORT_PERCENT_SIZE 16

typedef struct report_glyphs
{
  const char *arrow;       /* between the lines of a path */
  size_t arrow_width;
  const char *ellipsis;    /* where text was cut */
  size_t ellipsis_width;
} report_glyphs;

const report_glyphs *report_glyphs_for (bool utf8);
/* Display columns of S, or of its first LEN bytes: one per character
   (UTF-8 continuation bytes take none).  */
size_t report_text_width (const char *s);
size_t report_text_width_n (const char *s, size_t len);
/* Write S padded with spaces to WIDTH columns, on the left if RIGHT.  */
void report_put_padded (FILE *out, const char *s, size_t width, bool right);
/* S in fresh memory, cut to at most WIDTH columns, ending in an ellipsis
   when it was cut.  NULL if memory ran out.  */
char *report_fit (const char *s, size_t width, const report_glyphs *glyphs);
/* PART as a percentage of WHOLE, two decimals: "37.50%"; "<0.01%" and
   ">99.99%" rather than rounding a small share to zero or a partial one
   to 100; "-" when WHOLE is 0.  Whole numbers (counts) are divided out
   exactly and rounded half up (ratio.h); others in floating point.  */
void report_percent (char buf[REPORT_PERCENT_SIZE], long double part,
		     long double whole);
size_t report_digits (uint64_t value);
/* The width of a text report: the terminal's when stdout is one, else
   $COLUMNS when it is a number from 1 to 99999, else FALLBACK.  */
size_t report_output_width (size_t fallback);
/* The length of the valid UTF-8 sequence at S (whose first byte is
   non-ASCII), or 0 if it is not one (RFC 3629).  */
int report_utf8_sequence (const unsigned char *s);

#endif /* PATHPROF_REPORT_COLUMNS_H */
