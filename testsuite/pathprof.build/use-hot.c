/* The program of build.exp's use=FILE checks: a hot loop whose static
   estimate is wrong.  Where the pass runs, GCC has no profile estimate
   yet: the static weights split a block's frequency evenly among its
   successors, so the two arms of the first "if" look alike and the
   spanning tree takes the arm that comes first, the cold one (1 % of
   the iterations, by the data), and leaves the hot arm's edge a chord.
   With use= of the first run's profile the hot edge is a tree edge
   and the cold one a chord; the second "if" (each arm half of the
   time) keeps the chords the loop needs.  Every build must count
   exactly the same paths.

   -DOTHER_CFG gives scan one more branch, hence other blocks: the
   profile of the plain build no longer describes it.  */

#include <stdio.h>
#include <stdlib.h>

static int __attribute__ ((noinline))
scan (const int *a, int n)
{
  int s = 0;
#ifdef OTHER_CFG
  if (n < 0)
    return -1;
#endif
  for (int i = 0; i < n; i++)
    {
      if (a[i] % 100 == 0)
	s -= 1;
      else
	s += a[i];
      if (i & 1)
	s ^= 1;
      else
	s += 2;
    }
  return s;
}

int
main (int argc, char **argv)
{
  int n = 1000;
  int *a = malloc (n * sizeof *a);
  (void) argv;
  if (!a)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = i + argc;
  printf ("%d\n", scan (a, n));
  free (a);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
