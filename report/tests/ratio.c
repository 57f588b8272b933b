/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exact ratios (report/ratio.c): the arithmetic against values worked out
   by hand, percentages rounded half up at each printed boundary ("<0.01%",
   ">99.99%", 100.00% only when the part is the whole), and the overlap of
   a set with itself, which must be exactly 100.00% where a sum of shares
   in floating point is not.  */

#include <string.h>

#include "ratio.h"
#include "unit-test.h"

/* The percentage of PART of WHOLE, both 64-bit, as report_percent_big
   writes it.  */

static const char *
percent (uint64_t part, uint64_t whole)
{
  static char buf[REPORT_PERCENT_SIZE];
  report_big p, w;

  report_big_from_u64 (&p, part);
  report_big_from_u64 (&w, whole);
  report_percent_big (buf, &p, &w);
  return buf;
}

static void
check_arithmetic (void)
{
  report_big a, b, c;
  report_sum s = { 0, 0 };

  /* (2^64 - 1)^2 = 2^128 - 2^65 + 1.  */
  report_big_from_u64 (&a, UINT64_MAX);
  check (report_big_mul (&c, &a, &a), "mul 64x64 fits", "did not");
  check (c.w[0] == 1 && c.w[1] == UINT64_MAX - 1 && c.w[2] == 0,
	 "(2^64-1)^2", "saw %016llx %016llx %016llx",
	 (unsigned long long) c.w[2], (unsigned long long) c.w[1],
	 (unsigned long long) c.w[0]);
  report_sum_add (&s, UINT64_MAX);
  report_sum_add (&s, 1);
  report_sum_add (&s, UINT64_MAX - 1);
  report_big_from_sum (&b, &s);
  check (b.w[0] == UINT64_MAX - 1 && b.w[1] == 1 && b.w[2] == 0,
	 "from_sum: 2^64 + 2^64 - 2", "saw %llx %llx",
	 (unsigned long long) b.w[1], (unsigned long long) b.w[0]);
  /* (2^128 - 1)^2 = 2^256 - 2^129 + 1: words 1, 0, -2, -1.  */
  memset (&a, 0, sizeof a);
  a.w[0] = a.w[1] = UINT64_MAX;
  check (report_big_mul (&c, &a, &a), "mul 128x128 fits", "did not");
  check (c.w[0] == 1 && c.w[1] == 0 && c.w[2] == UINT64_MAX - 1
	 && c.w[3] == UINT64_MAX && c.w[4] == 0,
	 "(2^128-1)^2", "saw %llx %llx %llx %llx %llx",
	 (unsigned long long) c.w[4], (unsigned long long) c.w[3],
	 (unsigned long long) c.w[2], (unsigned long long) c.w[1],
	 (unsigned long long) c.w[0]);
  /* A product past 384 bits does not fit.  */
  memset (&a, 0, sizeof a);
  a.w[3] = 1;
  check (!report_big_mul (&c, &a, &a), "mul 2^192 * 2^192 does not fit",
	 "said it did");
  /* Carries through every word.  */
  memset (&a, 0xff, sizeof a);
  a.w[REPORT_BIG_WORDS - 1] = 0;
  report_big_from_u64 (&b, 1);
  check (report_big_add (&a, &b), "add with carries fits", "did not");
  check (a.w[0] == 0 && a.w[REPORT_BIG_WORDS - 2] == 0
	 && a.w[REPORT_BIG_WORDS - 1] == 1,
	 "add carries to the top word", "did not");
  memset (&a, 0xff, sizeof a);
  check (!report_big_add (&a, &b), "add past 384 bits does not fit",
	 "said it did");
  memset (&a, 0xff, sizeof a);
  check (report_big_compare (&b, &a) < 0 && report_big_compare (&a, &b) > 0
	 && report_big_compare (&a, &a) == 0,
	 "compare", "wrong order");
}

static void
check_percent (void)
{
  check_str ("1 of 3", "33.33%", percent (1, 3));
  check_str ("2 of 3", "66.67%", percent (2, 3));
  check_str ("1 of 8", "12.50%", percent (1, 8));
  /* Exactly half a hundredth: up, where printf's binary value of
     0.125 would go to even.  */
  check_str ("1 of 800 (0.125%)", "0.13%", percent (1, 800));
  check_str ("3 of 800 (0.375%)", "0.38%", percent (3, 800));
  check_str ("1 of 20000 (0.005%)", "0.01%", percent (1, 20000));
  check_str ("1 of 20001", "<0.01%", percent (1, 20001));
  check_str ("0 of 5", "0.00%", percent (0, 5));
  check_str ("19999 of 20000 (99.995%)", ">99.99%", percent (19999, 20000));
  check_str ("19998 of 20000 (99.99%)", "99.99%", percent (19998, 20000));
  check_str ("5 of 5", "100.00%", percent (5, 5));
  check_str ("x of 0", "-", percent (3, 0));
  check_str ("2^64-2 of 2^64-1", ">99.99%", percent (UINT64_MAX - 1,
						     UINT64_MAX));
  check_str ("2^64-1 of 2^64-1", "100.00%", percent (UINT64_MAX, UINT64_MAX));
  /* report_percent on counts goes the exact way too.  */
  char buf[REPORT_PERCENT_SIZE];
  report_percent (buf, 1, 800);
  check_str ("report_percent 1 of 800", "0.13%", buf);
  report_percent (buf, 18446744073709551614.0L, 18446744073709551615.0L);
  check_str ("report_percent 2^64-2 of 2^64-1", ">99.99%", buf);
  report_percent (buf, 0.5L, 2.0L);
  check_str ("report_percent of fractions", "25.00%", buf);

  char fixed[REPORT_FIXED_SIZE];
  report_big p, w;
  report_big_from_u64 (&p, 1);
  report_big_from_u64 (&w, 3);
  report_percent_fixed (fixed, &p, &w);
  check_str ("fixed 1 of 3", "33.333333", fixed);
  report_big_from_u64 (&p, 2);
  report_percent_fixed (fixed, &p, &w);
  check_str ("fixed 2 of 3", "66.666667", fixed);
  report_percent_fixed (fixed, &w, &w);
  check_str ("fixed 3 of 3", "100.000000", fixed);
  report_big_from_u64 (&w, 0);
  report_percent_fixed (fixed, &p, &w);
  check_str ("fixed of 0", "0.000000", fixed);
}

/* A set with itself, as tool/overlap.c sums it: the sum over paths of
   min (c * T, c * T) over T * T, with counts whose shares in floating
   point do not add up to 1.  */

static void
check_self_overlap (void)
{
  static const uint64_t counts[]
    = { 1, 5, 1, 7, 11, 13, 3, 1, 1, 2, 9, 10007, 65537, 3, 3, 3 };
  const size_t n = sizeof counts / sizeof counts[0];
  report_sum total = { 0, 0 };
  report_big part, whole, t, c, x;
  long double float_sum = 0;
  char buf[REPORT_PERCENT_SIZE];

  for (size_t i = 0; i < n; i++)
    report_sum_add (&total, counts[i]);
  report_big_from_sum (&t, &total);
  report_big_mul (&whole, &t, &t);
  report_big_from_u64 (&part, 0);
  for (size_t i = 0; i < n; i++)
    {
      report_big_from_u64 (&c, counts[i]);
      report_big_mul (&x, &c, &t);
      report_big_add (&part, &x);
      float_sum += counts[i] / report_sum_value (&total);
    }
  check (report_big_compare (&part, &whole) == 0, "self overlap: exactly 1",
	 "part and whole differ");
  report_percent_big (buf, &part, &whole);
  check_str ("self overlap printed", "100.00%", buf);
  /* What the floating-point sum gave: not 1 (so the check above is the
     one that matters), which printed ">99.99%".  */
  check (float_sum != 1.0L, "the floating-point sum of these shares is "
	 "not 1", "it is: pick other counts");
}

int
main (void)
{
  unit_test_init ();
  check_arithmetic ();
  check_percent ();
  check_self_overlap ();
  return unit_test_report ();
}
