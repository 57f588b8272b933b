/* A path that ends at abort () is counted before the call (design.md,
   trap 6), like any path ending at a call that does not return.  abort
   runs no exit handler, so to see that count this program writes the
   profile from a SIGABRT handler: pathprof_dump () there writes what was
   counted since the last write, the aborting path included; the handler
   returns and abort kills the process with SIGABRT (plain and instrumented
   alike: the harness compares the exit status).

   validate (x) returns for x <= 10, and for 11 first dumps explicitly
   (everything up to then), then aborts.  main runs it on 3, 10, 7, 11:
     validate:  V        entry -> return     3
                V VD VA  entry -> noreturn   1  (written by the handler)
     main (its for's test is at the bottom, after i++ on line L):
                M L C L  entry -> backedge     1
                L C L    backedge -> backedge  2
                the 4th iteration's path is in progress when the process
                dies: lost.
     on_abort:  one path, H, entry -> return: it is counted when the
                handler returns, after its own dump: lost.
   Both dumps merge into one file: nothing is counted twice.  */

/* { dg-do run } */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include "pathprof.h"

static void
on_abort (int sig)
{
  (void) sig;
  pathprof_dump ();				/* @H */
}

__attribute__ ((noinline)) static void
validate (int x)
{
  if (x > 10)					/* @V */
    {
      printf ("%d is too big: dump %d\n", x,	/* @VD */
	      pathprof_dump ());		/* @VD */
      fflush (stdout);				/* @VD */
      abort ();					/* @VA */
    }
}

int
main (void)
{
  static const int values[] = { 3, 10, 7, 11, 5 };	/* @M */
  signal (SIGABRT, on_abort);				/* @M */
  for (int i = 0; i < 5; i++)				/* @L */
    validate (values[i]);				/* @C */
  printf ("not reached\n");				/* @R */
  return 0;						/* @R */
}

/* { dg-final { pathprof-path validate "V" 3 entry return } }
   { dg-final { pathprof-path validate "V VD VA" 1 entry noreturn } }
   { dg-final { pathprof-executed validate 2 } }
   { dg-final { pathprof-total validate 4 } }
   { dg-final { pathprof-path main "M L C L" 1 entry backedge } }
   { dg-final { pathprof-path main "L C L" 2 backedge backedge } }
   { dg-final { pathprof-total main 3 } }
   { dg-final { pathprof-total on_abort 0 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
