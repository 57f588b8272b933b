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

#ifndef PATHPROF_DUMP_RATIO_H
#define PATHPROF_DUMP_RATIO_H

#include <stdbool.h>
#include <stdint.h>

#include "columns.h"
#include "sum.h"

/* 384 bits: room for an overlap's sum (256 bits) times a scale.  */
#define DUMP_BIG_WORDS 6

/* An unsigned integer, least significant word first.  */
typedef struct dump_big
{
  uint64_t w[DUMP_BIG_WORDS];
} dump_big;

void dump_big_from_u64 (dump_big *b, uint64_t value);
void dump_big_from_sum (dump_big *b, const dump_sum *sum);
/* A += B.  Returns false if the sum does not fit (A is then wrong).  */
bool dump_big_add (dump_big *a, const dump_big *b);
/* *OUT = A * B.  Returns false if the product does not fit.  */
bool dump_big_mul (dump_big *out, const dump_big *a, const dump_big *b);
int dump_big_compare (const dump_big *a, const dump_big *b);
bool dump_big_is_zero (const dump_big *b);
/* PART * SCALE / WHOLE rounded half up, into *OUT.  Returns false if
   WHOLE is 0 or PART is more than WHOLE (the result could pass 64
   bits); SCALE is at most 10^12.  */
bool dump_big_scaled (const dump_big *part, const dump_big *whole,
		      uint64_t scale, uint64_t *out);
/* long double of B (rounded), for sorting.  */
long double dump_big_value (const dump_big *b);

/* dump_percent of exact integers: "NN.NN%" rounded half up, "<0.01%"
   for a non-zero part that rounds to 0, ">99.99%" for a part under the
   whole that rounds to 100, "-" for a zero whole.  A part over the
   whole is printed in floating point.  */
void dump_percent_big (char buf[DUMP_PERCENT_SIZE], const dump_big *part,
		       const dump_big *whole);
void dump_percent_sums (char buf[DUMP_PERCENT_SIZE], const dump_sum *part,
			const dump_sum *whole);

/* Room for "100.000000" and the terminator.  */
#define DUMP_FIXED_SIZE 24

/* PART / WHOLE in percent with six decimals, rounded half up ("0.000000"
   for a zero whole), as the JSON reports print it.  */
void dump_percent_fixed (char buf[DUMP_FIXED_SIZE], const dump_big *part,
			 const dump_big *whole);

#endif /* PATHPROF_DUMP_RATIO_H */
