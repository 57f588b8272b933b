/* fig1.c: the function of Figure 1 of Ball & Larus, "Efficient Path
   Profiling" (MICRO 1996), run with the paper's path profile Prof1.

   Figure 1's control-flow graph has six blocks, A to F:

	A          A branches to B or C,
       / \         B branches to C or D,
      B-->C        C goes to D,
       \  |        D branches to E or F,
	\ v        E goes to F.
	  D
	 / \
	E-->F

   so six paths: ACDF, ACDEF, ABCDF, ABCDEF, ABDF, ABDEF.  Prof1 is
   ACDF 90, ACDEF 60, ABCDEF 100, ABDF 20.  After `make fig1`,
   pathprof-dump shows exactly those four paths with those counts, each as
   the source lines it ran (the lines marked A..F below).

   An edge profile cannot tell Prof1 from other path profiles with the
   same edge counts, for example ACDF 110, ACDEF 40, ABCDEF 100, ABDEF 20
   (the paper's point with its Prof2).  A path profile tells them apart.  */

#include <stdio.h>

static int
fig1 (int a, int b, int d)
{
  int r = 0;
  if (a)		/* A */
    {
      r += 1;		/* B */
      if (b)
	goto D;
    }
  r += 2;		/* C */
 D:
  r += 4;		/* D */
  if (d)
    r += 8;		/* E */
  return r;		/* F */
}

/* Run fig1 N times with the same inputs, so that it takes the same path N
   times.  */
static int
repeat (int n, int a, int b, int d)
{
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += fig1 (a, b, d);
  return sum;
}

int
main (void)
{
  int total = 0;
  total += repeat (90, 0, 0, 0);	/* ACDF */
  total += repeat (60, 0, 0, 1);	/* ACDEF */
  total += repeat (100, 1, 0, 1);	/* ABCDEF */
  total += repeat (20, 1, 1, 0);	/* ABDF */
  printf ("fig1: checksum %d\n", total);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
