/* A callee that exits the program in the middle of its caller's path.
   A path is counted when it ends, and the caller's path in progress never
   ends: it is lost (Ball & Larus section 3.6; design.md, trap 13), with
   every placement.  What must not happen is that some placement counts it
   anyway and the others do not (the placement=naive variant compares
   them).

   stop_if_negative (not instrumented, so that only main's paths are
   checked here) exits with status 3 on -2.  main's loop runs i = 0, 1, 2
   to the end, then i = 3 calls stop_if_negative (-2):
     M L C L    entry -> backedge (i = 0)       1
     L C L      backedge -> backedge (i = 1, 2)  2
   and the path of i = 3 (L C ...) is not counted; main never returns.  */

/* { dg-do run } */

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
   { dg-final { pathprof-path main "*R" 0 } }
   { dg-final { pathprof-total main 3 } }

   gcov counts the call that exits (4 calls); the lost path does not (3).
   The loop test L still agrees: the backedge before it counts as taken
   (its path ended there), though the path after it was lost.
   { dg-final { pathprof-gcov-skip-line 36 "the path of the call that exits is lost" } } */
