/* A callee that exits the program in the middle of its caller's path.
   Without partial-paths the caller's path in progress is lost (Ball &
   Larus section 3.6; abort.c shows that); with it, the path is counted
   before the call, as a path that ends at that call (end "call"), and
   taken back each time the call returns.  Every placement must count
   the same (the placement=naive variant compares them), and the line
   counts must be gcov's, the call that exits included.

   stop_if_negative (not instrumented, so that only main's paths are
   checked here) exits with status 3 on -2.  main's loop runs i = 0, 1, 2
   to the end, then i = 3 calls stop_if_negative (-2):
     M L C L    entry -> backedge (i = 0)       1
     L C L      backedge -> backedge (i = 1, 2)  2
     L C        backedge -> call (i = 3)         1
   main never returns.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__ ((noinline, no_profile_instrument_function)) static void
stop_if_negative (int x)
{
  if (x < 0)
    {
      printf ("negative: %d\n", x);
      exit (3);
    }
  printf ("ok: %d\n", x);
}

int
main (void)
{
  int values[] = { 4, 0, 7, -2, 9 };	/* @M */
  for (int i = 0; i < 5; i++)		/* @L */
    stop_if_negative (values[i]);	/* @C */
  return 0;				/* @R */
}

/* { dg-final { pathprof-path main "M L C L" 1 entry backedge } }
   { dg-final { pathprof-path main "L C L" 2 backedge backedge } }
   { dg-final { pathprof-path main "L C" 1 backedge call } }
   { dg-final { pathprof-path main "*R" 0 } }
   { dg-final { pathprof-total main 4 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
