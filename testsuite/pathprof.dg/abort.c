/* abort () after an explicit pathprof_dump ().  abort kills the process
   with SIGABRT without running exit handlers, so the runtime writes
   nothing at exit (doc/runtime.md, "What is lost"): what the profile holds
   is what pathprof_dump () wrote.  The harness compares the exit status
   of the plain and the instrumented program: both die of SIGABRT.

   validate (x) returns for x <= 10; for 11 it dumps the profile and
   aborts.  main runs it on 3, 10, 7, 11:
     validate:  V       entry -> return     3  (written by the dump)
                V VD VA entry -> noreturn   the path ends at the call of
                        abort and is counted just before it, after the
                        dump: it is in memory only, and lost with the
                        process.  In the file: 0.
     main (a loop whose test is at the bottom, after i++ on line L; the
     static array makes no statement):
                L C L    entry -> backedge     1  (3)
                L C L    backedge -> backedge  2  (10, 7)
                the path of the 4th iteration is in progress when
                the process dies: never counted.
   abort-handler.c writes the aborting path too, from a SIGABRT handler.  */

/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include "pathprof.h"

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
  static const int values[] = { 3, 10, 7, 11, 5 };
  for (int i = 0; i < 5; i++)				/* @L */
    validate (values[i]);				/* @C */
  printf ("not reached\n");				/* @R */
  return 0;						/* @R */
}

/* { dg-final { pathprof-path validate "V" 3 entry return } }
   { dg-final { pathprof-path validate "V VD VA" 0 } }
   { dg-final { pathprof-executed validate 1 } }
   { dg-final { pathprof-path main "L C L" 1 entry backedge } }
   { dg-final { pathprof-path main "L C L" 2 backedge backedge } }
   { dg-final { pathprof-executed main 2 } }
   { dg-final { pathprof-total main 3 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
