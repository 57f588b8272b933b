/* The plugin keeps trees across passes (its counter tables, the unit's
   descriptor); they must be GC roots.  With these parameters GCC collects
   garbage at every opportunity, so a missing root shows up as a crash or
   a corrupted descriptor.  */

/* { dg-do run } */
/* { dg-options "--param ggc-min-expand=0 --param ggc-min-heapsize=0" } */

#include <stdio.h>

/* Called with 10: i = 0..9; 0 3 6 9 are multiples of 3 (T), the other 6
   are not:  S L M T L (i = 0, entry -> backedge); L M T L 3 times (i = 3,
   6, 9); L M L 6 times; L R.  */
static int
count_threes (int n)
{
  int c = 0;			/* @S */
  for (int i = 0; i < n; i++)	/* @L */
    if (i % 3 == 0)		/* @M */
      c++;			/* @T */
  return c;			/* @R */
}

static int
pick (int x)
{
  switch (x)
    {
    case 0: return 5;
    case 1: return 7;
    default: return x;
    }
}

int
main (void)
{
  printf ("%d %d %d\n", count_threes (10), pick (0), pick (4));
  return 0;
}

/* { dg-final { pathprof-path count_threes "S L M T L" 1 entry backedge } }
   { dg-final { pathprof-path count_threes "L M T L" 3 backedge backedge } }
   { dg-final { pathprof-path count_threes "L M L" 6 backedge backedge } }
   { dg-final { pathprof-path count_threes "L R" 1 backedge return } }
   { dg-final { pathprof-total pick 2 } }
   { dg-final { pathprof-executed pick 2 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
