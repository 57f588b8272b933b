/* A program of two translation units, both instrumented: each object
   writes its own .pathprof file, and pathprof-dump reads both.
   count_digits is in two-units-part.c.

   count_digits, with L the for line (its test and its s++), T the digit
   test, D the count:
     "a1b22": a (entry) S L T L; 1, 2, 2: L T D L 3 times; b: L T L;
              then the exit L R.
     "":      S L R.
     "42":    4 (entry) S L T D L; 2: L T D L; exit L R.
   Only letters and digits are used, so that a non-digit always fails the
   same half of the digit test (at -O0 the two halves are two blocks).

   sum_to (4) in this unit: i = 1..4: S L X L once, L X L 3 times, L R.  */

/* { dg-do run } */
/* { dg-additional-sources "two-units-part.c" } */

#include <stdio.h>

extern int count_digits (const char *s);

static int
sum_to (int n)
{
  int s = 0;				/* @S */
  for (int i = 1; i <= n; i++)		/* @L */
    s += i;				/* @X */
  return s;				/* @R */
}

int
main (void)
{
  int a = count_digits ("a1b22");
  int b = count_digits ("");
  int c = count_digits ("42");
  printf ("%d %d %d %d\n", a, b, c, sum_to (4));
  return 0;
}

/* { dg-final { pathprof-files 2 } }

   { dg-final { pathprof-path count_digits "S L T L" 1 entry backedge } }
   { dg-final { pathprof-path count_digits "S L T D L" 1 entry backedge } }
   { dg-final { pathprof-path count_digits "L T D L" 4 backedge backedge } }
   { dg-final { pathprof-path count_digits "L T L" 1 backedge backedge } }
   { dg-final { pathprof-path count_digits "L R" 2 backedge return } }
   { dg-final { pathprof-path count_digits "S L R" 1 entry return } }
   { dg-final { pathprof-executed count_digits 6 } }
   { dg-final { pathprof-total count_digits 10 } }

   { dg-final { pathprof-path sum_to "S L X L" 1 entry backedge } }
   { dg-final { pathprof-path sum_to "L X L" 3 backedge backedge } }
   { dg-final { pathprof-path sum_to "L R" 1 backedge return } }
   { dg-final { pathprof-total sum_to 5 } }
   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
