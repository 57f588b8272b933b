/* pathprof-dump --untested on nested conditions of which one path ran:
   the paths one decision away from it come first, in the order of the
   decisions along it, then the others, shortest first.  */

/* { dg-do run } */
/* { dg-output "untested: 5" } */

#include <stdio.h>

static int
nest (int a, int b, int c)
{
  int r = 0;			/* @S */
  if (a)			/* @S */
    {
      r += 1;			/* @A */
      if (b)			/* @A */
	{
	  r += 2;		/* @B */
	  if (c)		/* @B */
	    r += 4;		/* @C */
	}
    }
  return r;			/* @R */
}

static int
drive (int n, int a, int b, int c)
{
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += nest (a, b, c);
  return sum;
}

int
main (void)
{
  printf ("untested: %d\n", drive (5, 1, 0, 0));	/* S A R */
  return 0;
}

/* Only S A R ran.  One decision from it: at S (a false: S R), at A (b
   true: S A B, then back to R by the nearer way, c false).  Then the one
   left, S A B C R.
   { dg-final { pathprof-path nest "S A R" 5 entry return } }
   { dg-final { pathprof-executed nest 1 } }
   { dg-final { pathprof-potential nest 4 } }
   { dg-final { pathprof-untested nest {{S R} {S A B R} {S A B C R}} {one-decision one-decision shortest} } }  */
/* SPDX-License-Identifier: GPL-3.0-or-later */
