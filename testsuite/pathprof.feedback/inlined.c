/* feedback.exp's inlined test: clamp is small enough for GCC's early
   inliner, which inlines it into sum_clamped's loop.  The loop's counts
   must stay those measured: over the 7 values of main, the loop's test
   (its header) runs 8 times and its body 7, and clamp's first branch
   (x < 0) is taken for the 2 negative values.  Before the fix, the
   early inliner re-estimated the caller's counts from its probabilities
   (PROFILE_GUESSED) and every block of the loop said 1.  */

#include <stdio.h>

static int
clamp (int x)
{
  if (x < 0)
    return -2 * x;
  if (x > 20)
    return 20;
  return x * 3;
}

__attribute__ ((noinline)) int
sum_clamped (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += clamp (v[i]);
  return s;
}

int
main (void)
{
  static const int v[] = { 3, -8, 14, 0, 27, -1, 100 };
  printf ("%d\n", sum_clamped (v, 7));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
