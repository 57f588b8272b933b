/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exact sums of 64-bit counts, for pathprof-dump.

   A path count is a uint64_t, and so is a function's number of potential
   paths; their sums over a program can pass 2^64.  The totals that
   pathprof-dump prints (path executions, potential and executed paths) are
   kept here as 128-bit unsigned integers, so that they are always printed
   exactly.  Two 64-bit halves rather than unsigned __int128, which not
   every target has.  */

#ifndef PATHPROF_DUMP_SUM_H
#define PATHPROF_DUMP_SUM_H

#include <stdbool.h>
#include <stdint.h>

/* Room for the decimal digits of 2^128 - 1 (39) and the terminator.  */
#define DUMP_SUM_DIGITS 40

typedef struct dump_sum
{
  uint64_t high;
  uint64_t low;
} dump_sum;

void dump_sum_add (dump_sum *sum, uint64_t value);
void dump_sum_add_sum (dump_sum *sum, const dump_sum *other);
/* SUM - OTHER, for OTHER <= SUM (0 otherwise).  */
void dump_sum_sub_sum (dump_sum *sum, const dump_sum *other);
int dump_sum_compare (const dump_sum *a, const dump_sum *b);
bool dump_sum_is_zero (const dump_sum *sum);
long double dump_sum_value (const dump_sum *sum);
const char *dump_sum_format (const dump_sum *sum, char buf[DUMP_SUM_DIGITS]);

#endif /* PATHPROF_DUMP_SUM_H */
