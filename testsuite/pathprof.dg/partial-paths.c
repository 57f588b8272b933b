/* partial-paths: the path in progress at a call that does not come back
   is counted, as a path that ends at that call (end kind "call"); when
   the call does come back, its count is taken back.  Without the
   argument such paths are lost (exit-in-callee.c).

   The callees that jump, dump and exit are not instrumented, so that only
   their callers' paths are checked.

   loop () calls middle (i) for i = 0, 1, 2; middle (2) calls jump_if_two,
   which longjmps to main's setjmp, leaving middle, loop and main's call
   of loop in the middle of their paths.  Then report () writes the
   profile (pathprof_dump) and returns, and stop () exits.
     middle:  A J B    entry -> return          2  (i = 0, 1)
	      A J      entry -> call (J)        1  (i = 2: longjmp)
     loop (its for's test is at the bottom, after i++ on line L):
	      L C L    entry -> backedge        1  (i = 0)
	      L C L    backedge -> backedge     1  (i = 1)
	      L C      backedge -> call (C)     1  (i = 2: longjmp)
     main:    S P      entry -> call (P)        1  (loop left by longjmp)
	      S D      restart -> call (D)      0  report () came back: the
						   count the dump wrote is
						   taken back at exit
	      S D E    restart -> call (E)      1  stop () exits
   total = 1 + 3 = 4.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths" } */

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include "pathprof.h"

static jmp_buf env;
static int total;

__attribute__ ((noinline, no_profile_instrument_function)) static void
jump_if_two (int x)
{
  if (x == 2)
    longjmp (env, 1);
}

__attribute__ ((noinline)) static int
middle (int x)
{
  int y = x * 2;			/* @A */
  jump_if_two (x);			/* @J */
  return y + 1;				/* @B */
}

__attribute__ ((noinline)) static void
loop (void)
{
  for (int i = 0; i < 4; i++)		/* @L */
    total += middle (i);		/* @C */
}

__attribute__ ((noinline, no_profile_instrument_function)) static void
report (void)
{
  printf ("total %d, dump %d\n", total, pathprof_dump ());
}

__attribute__ ((noinline, no_profile_instrument_function)) static void
stop (void)
{
  printf ("stop at %d\n", total);
  fflush (stdout);
  exit (0);
}

int
main (void)
{
  if (setjmp (env) == 0)		/* @S */
    loop ();				/* @P */
  report ();				/* @D */
  stop ();				/* @E */
  return 1;				/* @R */
}

/* { dg-final { pathprof-path "middle" "A J B" 2 entry return } }
   { dg-final { pathprof-path "middle" "A J" 1 entry call } }
   { dg-final { pathprof-executed "middle" 2 } }
   { dg-final { pathprof-total "middle" 3 } }

   { dg-final { pathprof-path "loop" "L C L" 1 entry backedge } }
   { dg-final { pathprof-path "loop" "L C L" 1 backedge backedge } }
   { dg-final { pathprof-path "loop" "L C" 1 backedge call } }
   { dg-final { pathprof-executed "loop" 3 } }
   { dg-final { pathprof-total "loop" 3 } }

   { dg-final { pathprof-path main "S P" 1 entry call } }
   { dg-final { pathprof-path main "S D" 0 } }
   { dg-final { pathprof-path main "S D E" 1 restart call } }
   { dg-final { pathprof-path main "*R" 0 } }
   { dg-final { pathprof-executed main 2 } }
   { dg-final { pathprof-total main 2 } } */

/* gcov agreement (the -O0 oracle): main's first block is the setjmp
   receiver, which setjmp's second return (by longjmp) enters again as
   the start of a path.  gcov does not count that return (profile.cc:
   "Functions returning multiple times are not handled by extra edges"),
   so it counts the declaration line and the setjmp line once; setjmp
   returned twice.  gcov is not the truth there.
   { dg-final { pathprof-gcov-skip-line 74 "main's declaration line heads the setjmp receiver: gcov does not count setjmp's return by longjmp (1), pathprof does (2)" } }
   { dg-final { pathprof-gcov-skip-line 76 "gcov does not count setjmp's return by longjmp (1), pathprof does (2)" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
