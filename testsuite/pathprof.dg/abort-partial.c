/* abort () after an explicit pathprof_dump (), with partial-paths: what
   abort.c loses is counted.  The dump, made inside validate (11), which
   main called, writes the path each frame is in the middle of as a path
   that ends at the call it is in: main's at its call of validate, and
   validate's at its call of pathprof_dump.  Had the program gone on, the
   next write would have taken both back when the calls returned; abort
   kills it first, so the file keeps them: a snapshot of where the
   program was.  validate's path on to abort is counted before abort,
   after the dump, in memory only: lost with the process.
     validate:  V       entry -> return     3
		V VD    entry -> call (VD)  1  (in pathprof_dump)
     main:      L C L   entry -> backedge     1
		L C L   backedge -> backedge  2
		L C     backedge -> call (C)  1  (in validate (11))  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths=count" } */

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
   { dg-final { pathprof-path validate "V VD" 1 entry call } }
   { dg-final { pathprof-path validate "V VD VA" 0 } }
   { dg-final { pathprof-executed validate 2 } }
   { dg-final { pathprof-path main "L C L" 1 entry backedge } }
   { dg-final { pathprof-path main "L C L" 2 backedge backedge } }
   { dg-final { pathprof-path main "L C" 1 backedge call } }
   { dg-final { pathprof-executed main 3 } }
   { dg-final { pathprof-total main 4 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
