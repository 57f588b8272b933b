/* A while loop with "continue": two backedges to one header (the loop
   test), one from the continue branch (C) and one from the end of the
   body (O).  Ball & Larus cut each backedge; each gives the header its
   own dummy entry edge, so the paths that start after the C backedge and
   after the O backedge are different paths even where they visit the
   same blocks (design.md, trap 3).

   skip_fours (10): i = 1..10; i = 4 and 8 take the continue (C), the
   others reach the end of the body (O).  Iteration by iteration:
     i=1 O (from the entry)   i=2 O after O   i=3 O after O   i=4 C after O
     i=5 O after C            i=6 O after O   i=7 O after O   i=8 C after O
     i=9 O after C            i=10 O after O, then the exit after O.
   So:
     S H I O   entry -> backedge                        1
     H I O     after the O backedge                     5  (i = 2 3 6 7 10)
     H I O     after the C backedge                     2  (i = 5 9)
     H I C     after the O backedge                     2  (i = 4 8)
     H I C     after the C backedge                     0
     H R       after the O backedge -> return           1
   The continue is a line of the C block (gcov counts it too), so the C
   backedge leaves from there.  */

/* { dg-do run } */

#include <stdio.h>

static int
skip_fours (int n)
{
  int i = 0, s = 0;	/* @S */
  while (i < n)		/* @H */
    {
      i++;		/* @I */
      if (i % 4 == 0)	/* @I */
	{
	  s--;		/* @C */
	  continue;	/* @C */
	}
      s += i;		/* @O */
    }
  return s;		/* @R */
}

int
main (void)
{
  printf ("%d\n", skip_fours (10));
  return 0;
}

/* { dg-final { pathprof-path skip_fours "S H I O" 1 entry backedge:O } }
   Two paths "H I O" from a backedge: counts 5 and 2.
   { dg-final { pathprof-path-counts skip_fours "H I O" {5 2} backedge backedge } }
   { dg-final { pathprof-path skip_fours "H I O" 7 backedge backedge } }
   { dg-final { pathprof-path skip_fours "H I O" 5 backedge:O backedge:O } }
   { dg-final { pathprof-path skip_fours "H I O" 2 backedge:C backedge:O } }
   { dg-final { pathprof-path-counts skip_fours "H I C" {2} backedge backedge } }
   { dg-final { pathprof-path skip_fours "H I C" 2 backedge:O backedge:C } }
   { dg-final { pathprof-path skip_fours "H I C" 0 backedge:C } }
   { dg-final { pathprof-path skip_fours "H R" 1 backedge:O return } }
   { dg-final { pathprof-executed skip_fours 5 } }
   { dg-final { pathprof-total skip_fours 11 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
