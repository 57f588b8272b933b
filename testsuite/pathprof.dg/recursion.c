/* Recursion: every invocation has its own path register (a local), so a
   recursive call in the middle of a path does not disturb the caller's
   path.

   fact (5) recurses through n = 5 4 3 2 (T R) down to n = 1 (T B);
   fact (1) is T B at once.

   nodes (2, 3) builds a tree of depth 2 and fan-out 3: 1 call at depth 2,
   3 at depth 1, 9 at depth 0.  The 9 leaves take S R; each of the 4 inner
   calls runs its loop 3 times, calling nodes from inside the loop body:
     S L X L   entry -> backedge      4
     L X L     backedge -> backedge   4 * 2 = 8
     L R       backedge -> return     4  */

/* { dg-do run } */

#include <stdio.h>

static int
fact (int n)
{
  if (n <= 1)			/* @T */
    return 1;			/* @B */
  return n * fact (n - 1);	/* @R */
}

static int
nodes (int depth, int fanout)
{
  int n = 1;					/* @S */
  if (depth > 0)				/* @S */
    for (int i = 0; i < fanout; i++)		/* @L */
      n += nodes (depth - 1, fanout);		/* @X */
  return n;					/* @R */
}

int
main (void)
{
  printf ("%d %d %d\n", fact (5), fact (1), nodes (2, 3));
  return 0;
}

/* { dg-final { pathprof-path fact "T R" 4 entry return } }
   { dg-final { pathprof-path fact "T B" 2 entry return } }
   { dg-final { pathprof-executed fact 2 } }
   { dg-final { pathprof-total fact 6 } }

   { dg-final { pathprof-path nodes "S R" 9 entry return } }
   { dg-final { pathprof-path nodes "S L X L" 4 entry backedge } }
   { dg-final { pathprof-path nodes "L X L" 8 backedge backedge } }
   { dg-final { pathprof-path nodes "L R" 4 backedge return } }
   { dg-final { pathprof-executed nodes 4 } }
   { dg-final { pathprof-total nodes 25 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
