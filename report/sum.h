/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exact sums of 64-bit counts, for the reports.

   A path count is a uint64_t, and so is a function's number of potential
   paths; their sums over a program can pass 2^64.  The totals that
   the reports print (path executions, potential and executed paths) are
   kept here as 128-bit unsigned integers, so that they are always printed
   exactly.  Two 64-bit halves rather than unsigned __int128, which not
   every target has.  */

#ifndef PATHPROF_REPORT_SUM_H
#define PATHPROF_REPORT_SUM_H

#include <stdbool.h>
#include <stdint.h>

/* Room for the decimal digits of 2^128 - 1 (39) and the terminator.  */
#define REPORT_SUM_DIGITS 40

typedef struct report_sum
{
  uint64_t high;
  uint64_t low;
} report_sum;

void report_sum_add (report_sum *sum, uint64_t value);
void report_sum_add_sum (report_sum *sum, const report_sum *other);
/* SUM - OTHER, for OTHER <= SUM (0 otherwise).  */
void report_sum_sub_sum (report_sum *sum, const report_sum *other);
int report_sum_compare (const report_sum *a, const report_sum *b);
bool report_sum_is_zero (const report_sum *sum);
long double report_sum_value (const report_sum *sum);
const char *report_sum_format (const report_sum *sum,
			       char buf[REPORT_SUM_DIGITS]);

#endif /* PATHPROF_REPORT_SUM_H */
