/* "break" leaves a loop without its backedge: the path that breaks runs
   from the loop test straight to the return, through the break's own
   block: the break is on its own line, so it is a jump of its own (at
   -O0, and at every level for the plugin, o0-cfg.cc), and its line
   counts the times it was taken, as gcov counts it.  It makes no
   statement, so it has no label.

   find_negative on {3, 1, 4, -1, 5}: i = 0, 1, 2 go round, i = 3 breaks:
     I C T N   entry -> backedge       1
     C T N     backedge -> backedge    2
     C T R     backedge -> return      1   (the break)
   on {2, 2}: i = 0, 1 go round, the test fails at i = 2:
     I C T N 1, C T N 1, C R 1  (backedge -> return)
   on {-7}: breaks at once: I C T R 1 (entry -> return).  */

/* { dg-do run } */

#include <stdio.h>

static int
find_negative (const int *a, int n)
{
  int i;
  for (i = 0;		/* @I */
       i < n;		/* @C */
       i++)		/* @N */
    if (a[i] < 0)	/* @T */
      break;
  return i;		/* @R */
}

int
main (void)
{
  static const int a[] = { 3, 1, 4, -1, 5 };
  static const int b[] = { 2, 2 };
  static const int c[] = { -7 };
  printf ("%d %d %d\n", find_negative (a, 5), find_negative (b, 2),
	  find_negative (c, 1));
  return 0;
}

/* { dg-final { pathprof-path find_negative "I C T N" 2 entry backedge } }
   { dg-final { pathprof-path find_negative "C T N" 3 backedge backedge } }
   { dg-final { pathprof-path find_negative "C T R" 1 backedge return } }
   { dg-final { pathprof-path find_negative "C R" 1 backedge return } }
   { dg-final { pathprof-path find_negative "I C T R" 1 entry return } }
   { dg-final { pathprof-path find_negative "I C R" 0 } }
   { dg-final { pathprof-executed find_negative 5 } }
   { dg-final { pathprof-total find_negative 8 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
