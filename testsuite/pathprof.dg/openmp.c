/* OpenMP: a parallel loop runs correctly instrumented, and the functions
   it calls, run by four threads at once, are counted exactly with
   update=atomic (design.md, trap 12).  parallel_sum itself contains the
   OpenMP region: it must be instrumented (no "not instrumented"
   warning), run the same, and its part outside the region be counted.
   GCC outlines each region's body into a function of its own,
   parallel_sum._omp_fn.0 and .1 (as gcov, which profiles after that
   outlining, shows them too); the loop control there is GCC's
   (static schedules: each thread's share of the iterations), so only
   the body line of each region is checked: it ran once per iteration,
   15000 times a call, and each path is acyclic, so the paths through it
   add up to 15000 per region whatever the split between threads.
   Both regions use static schedules, so that every build and variant
   gives the same counts path for path (with schedule (dynamic) the
   number of chunks each thread grabs, and so the paths of the outlined
   function, would change from run to run).

   main calls parallel_sum (15000) twice (one region, then the other):
   weight (i) and steps (i) run for i = 0 .. 14999 twice, 30000 calls
   each.  15000 is a multiple of 12, so i % 3 and i % 4 run through their
   residues equally often.
   weight: i % 3 is 0, 1 and 2 10000 times each.
     W W3      entry -> return    10000
     W WI W1   entry -> return    10000
     W WI W2   entry -> return    10000
   steps (i) loops i % 4 times; i % 4 is 0, 1, 2, 3 7500 times each (the
   for's test is at the bottom, after k++ on line TL):
     T TL TR      entry -> return       7500  (i % 4 == 0)
     T TL TB TL   entry -> backedge     22500 (the 3 other residues)
     TL TB TL     backedge -> backedge  7500 * (0 + 1 + 2) = 22500
     TL TR        backedge -> return    22500
   Each call's sum: weights 3 * 5000 + 1 * 5000 + 2 * 5000 = 30000, steps
   3750 * (0 + 0 + 1 + 3) = 15000: 45000.  */

/* { dg-do run } */
/* { dg-options "-fopenmp -fplugin-arg-pathprof-update=atomic" } */

#include <stdio.h>

#define N 30000

__attribute__ ((noinline)) static int
weight (int i)
{
  if (i % 3 == 0)		/* @W */
    return 3;			/* @W3 */
  if (i % 3 == 1)		/* @WI */
    return 1;			/* @W1 */
  return 2;			/* @W2 */
}

__attribute__ ((noinline)) static int
steps (int i)
{
  int s = 0;				/* @T */
  for (int k = 0; k < i % 4; k++)	/* @TL */
    s += k;				/* @TB */
  return s;				/* @TR */
}

__attribute__ ((noinline)) static long
parallel_sum (int n, int chunked)
{
  long sum = 0;						/* @S */
  if (chunked)						/* @S */
    {
#pragma omp parallel for reduction (+:sum) schedule (static, 64) num_threads (4)
      for (int i = 0; i < n; i++)
	sum += weight (i) + steps (i);			/* @B1 */
    }
  else
    {
#pragma omp parallel for reduction (+:sum) num_threads (4)
      for (int i = 0; i < n; i++)
	sum += weight (i) + steps (i);			/* @B2 */
    }
  return sum;						/* @R */
}

int
main (void)
{
  long a = parallel_sum (N / 2, 0);
  long b = parallel_sum (N / 2, 1);
  printf ("%ld %ld\n", a, b);
  return 0;
}

/* { dg-output "45000 45000" }
   { dg-final { pathprof-path weight "W W3" 10000 entry return } }
   { dg-final { pathprof-path weight "W WI W1" 10000 entry return } }
   { dg-final { pathprof-path weight "W WI W2" 10000 entry return } }
   { dg-final { pathprof-executed weight 3 } }
   { dg-final { pathprof-total weight 30000 } }

   { dg-final { pathprof-path steps "T TL TR" 7500 entry return } }
   { dg-final { pathprof-path steps "T TL TB TL" 22500 entry backedge } }
   { dg-final { pathprof-path steps "TL TB TL" 22500 backedge backedge } }
   { dg-final { pathprof-path steps "TL TR" 22500 backedge return } }
   { dg-final { pathprof-executed steps 4 } }
   { dg-final { pathprof-total steps 75000 } }

   parallel_sum: called twice; one path of each call starts at its entry
   (S first) and one ends at its return (R last).
   { dg-final { pathprof-path parallel_sum "S*" 2 entry * } }
   { dg-final { pathprof-path parallel_sum "*R" 2 * return } }
   { dg-final { pathprof-path parallel_sum "*B*" 0 } }
   { dg-final { pathprof-path "parallel_sum._omp_fn.0" "*B1*" 15000 } }
   { dg-final { pathprof-path "parallel_sum._omp_fn.1" "*B2*" 15000 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
