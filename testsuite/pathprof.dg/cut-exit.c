/* Paths cut by exit in a callee, counted with partial-paths=yes:
   each function with calls that may not return keeps a frame in the
   thread's list with the number of the path that ends at the call in
   progress, and the exit handler counts the frames' paths (doc/plugin.md,
   "Cut paths").  Every frame on the stack counts its own: scale's and
   main's, two levels above the exit; check's path ends at its noreturn
   call of exit as always.  The line counts must be gcov's (the -O0
   oracle): gcov counts the lines these cut paths ran.

   values 4, 0, -2: i = 0 and 1 return, i = 2 exits with status 3.
     check:  K X     entry -> noreturn         1  (-2)
	     K       entry -> return           2
     scale:  S T U   entry -> return           2
	     S T     entry -> call (T)         1  (check exits)
     main:   M L C L entry -> backedge         1  (i = 0)
	     L C L   backedge -> backedge      1  (i = 1)
	     L C     backedge -> call (C)      1  (i = 2)
   total 3 + 3 + 3 = 9.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths=yes" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__ ((noinline)) static void
check (int x)
{
  if (x < 0)				/* @K */
    {
      printf ("negative: %d\n", x);
      exit (3);				/* @X */
    }
}

__attribute__ ((noinline)) static int
scale (int x)
{
  int y = x * 3;			/* @S */
  check (x);				/* @T */
  return y + 1;				/* @U */
}

int
main (void)
{
  int values[] = { 4, 0, -2, 9 };	/* @M */
  int sum = 0;
  for (int i = 0; i < 4; i++)		/* @L */
    sum += scale (values[i]);		/* @C */
  printf ("%d\n", sum);
  return 0;
}

/* { dg-final { pathprof-path check "K X" 1 entry noreturn } }
   { dg-final { pathprof-path scale "S T U" 2 entry return } }
   { dg-final { pathprof-path scale "S T" 1 entry call } }
   { dg-final { pathprof-path main "M L C L" 1 entry backedge } }
   { dg-final { pathprof-path main "L C L" 1 backedge backedge } }
   { dg-final { pathprof-path main "L C" 1 backedge call } }
   { dg-final { pathprof-total scale 3 } }
   { dg-final { pathprof-total main 3 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
