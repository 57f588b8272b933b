/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exact ratios of counts, for the shares and overlaps pathprof-dump and
   pathprof-tool print.

   A share is a count over a total, an overlap a sum of such shares; in
   floating point a sum of shares that should be exactly 1 lands a hair
   under it, and a figure that should read "100.00%" reads ">99.99%".
   Here the numerator and the denominator stay integers (a path count is
   64 bits, a total 128, an overlap's terms 192, their sum 256) and only
   the printed figure is divided out, rounded half up, so that no figure
   crosses a printed boundary by rounding.  */

#ifndef PATHPROF_REPORT_RATIO_H
#define PATHPROF_REPORT_RATIO_H

#include <stdbool.h>
#include <stdint.h>

#include "columns.h"
#include "sum.h"

/* 384 bits: room for an overlap's sum (256 bits) times a scale.  */
#define REPORT_BIG_WORDS 6

/* An unsigned integer, least significant word first.  */
typedef struct report_big
{
  uint64_t w[REPORT_BIG_WORDS];
} report_big;

void report_big_from_u64 (report_big *b, uint64_t value);
void report_big_from_sum (report_big *b, const report_sum *sum);
/* A += B.  Returns false if the sum does not fit (A is then wrong).  */
bool report_big_add (report_big *a, const report_big *b);
/* *OUT = A * B.  Returns false if the product does not fit.  */
bool report_big_mul (report_big *out, const report_big *a, const report_big *b);
int report_big_compare (const report_big *a, const report_big *b);
bool report_big_is_zero (const report_big *b);
/* PART * SCALE / WHOLE rounded half up, into *OUT.  Returns false if
   WHOLE is 0 or PART is more than WHOLE (the result could pass 64
   bits); SCALE is at most 10^12.  */
bool report_big_scaled (const report_big *part, const report_big *whole,
			uint64_t scale, uint64_t *out);
/* long double of B (rounded), for sorting.  */
long double report_big_value (const report_big *b);

/* report_percent of exact integers: "NN.NN%" rounded half up, "<0.01%"
   for a non-zero part that rounds to 0, ">99.99%" for a part under the
   whole that rounds to 100, "-" for a zero whole.  A part over the
   whole is printed in floating point.  */
void report_percent_big (char buf[REPORT_PERCENT_SIZE], const report_big *part,
			 const report_big *whole);
void report_percent_sums (char buf[REPORT_PERCENT_SIZE], const report_sum *part,
			  const report_sum *whole);

/* Room for "100.000000" and the terminator.  */
#define REPORT_FIXED_SIZE 24

/* PART / WHOLE in percent with six decimals, rounded half up ("0.000000"
   for a zero whole), as the JSON reports print it.  */
void report_percent_fixed (char buf[REPORT_FIXED_SIZE], const report_big *part,
			   const report_big *whole);

#endif /* PATHPROF_REPORT_RATIO_H */
