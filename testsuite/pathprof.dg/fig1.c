/* The function of Figure 1 of Ball & Larus, "Efficient Path Profiling"
   (MICRO 1996), driven with the paper's path profile Prof1:
   ACDF 90, ACDEF 60, ABCDEF 100, ABDF 20.

   Figure 1's CFG is A->B, A->C, B->C, B->D, C->D, D->E, D->F, E->F.  In
   fig1 below, block A tests a, B tests b (b != 0 jumps over C to D), D
   tests d (d != 0 runs E).  Its six paths are ACDF, ACDEF, ABCDF, ABCDEF,
   ABDF and ABDEF; the paper numbers them 0..5.  */

/* { dg-do run } */
/* 90 * 6 + 60 * 14 + 100 * 15 + 20 * 5 (fig1's values on the four paths).
   { dg-output "fig1: 2980" } */

#include <stdio.h>

static int
fig1 (int a, int b, int d)
{
  int r = 0;
  if (a)		/* @A */
    {
      r += 1;		/* @B */
      if (b)		/* @B */
	goto D;
    }
  r += 2;		/* @C */
 D:
  r += 4;		/* @D */
  if (d)		/* @D */
    r += 8;		/* @E */
  return r;		/* @F */
}

/* Call fig1 N times with the same arguments.  Per call of drive with
   N >= 1 the loop gives three kinds of path (the for's three parts share
   line L and the increment i++ ends the body block):
     entry -> first backedge:      L X L    once
     backedge -> backedge:         L X L    N - 1 times
     backedge -> return:           L R      once  */
static int
drive (int n, int a, int b, int d)
{
  int sum = 0;
  for (int i = 0; i < n; i++)	/* @L */
    sum += fig1 (a, b, d);	/* @X */
  return sum;			/* @R */
}

int
main (void)
{
  int total = 0;
  total += drive (90, 0, 0, 0);		/* a == 0: A C; d == 0: D F.  */
  total += drive (60, 0, 0, 1);		/* A C D E F.  */
  total += drive (100, 1, 0, 1);	/* b == 0 falls into C: A B C D E F.  */
  total += drive (20, 1, 1, 0);		/* b != 0 jumps to D: A B D F.  */
  printf ("fig1: %d\n", total);
  return 0;
}

/* Prof1, exactly; the two paths Prof1 does not name never ran.
   { dg-final { pathprof-path fig1 "A C D F" 90 entry return } }
   { dg-final { pathprof-path fig1 "A C D E F" 60 entry return } }
   { dg-final { pathprof-path fig1 "A B C D E F" 100 entry return } }
   { dg-final { pathprof-path fig1 "A B D F" 20 entry return } }
   { dg-final { pathprof-path fig1 "A B C D F" 0 } }
   { dg-final { pathprof-path fig1 "A B D E F" 0 } }
   { dg-final { pathprof-executed fig1 4 } }
   { dg-final { pathprof-total fig1 270 } }
   { dg-final { pathprof-potential fig1 6 } }

   drive ran 4 times with N = 90, 60, 100, 20: 4 entry paths, 89 + 59 +
   99 + 19 = 266 backedge-to-backedge paths and 4 exits; the first and
   the second kind have the same labels but different path numbers.
   { dg-final { pathprof-path drive "L X L" 4 entry backedge } }
   { dg-final { pathprof-path drive "L X L" 266 backedge backedge } }
   { dg-final { pathprof-path drive "L R" 4 backedge return } }
   { dg-final { pathprof-executed drive 3 } }
   { dg-final { pathprof-total drive 274 } }

   main has no branch: one path, run once.
   { dg-final { pathprof-executed main 1 } }
   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
