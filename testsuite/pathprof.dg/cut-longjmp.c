/* Paths cut by a longjmp out of their functions, counted with
   partial-paths=yes: the plugin puts the runtime's __pathprof_longjmp
   in place of longjmp, which counts the pending paths of the frames the
   jump leaves (middle's, one level between the longjmp and its setjmp),
   having been told before the setjmp which frame the buffer belongs to;
   protect, the setjmp's function, counts its own where the jump lands
   and starts a path there.  A pathprof_dump inside the cut call changes
   nothing: cut paths are counted when the jump happens.

   i = 0 .. 3; thrower (2) jumps.
     thrower: T      entry -> return           3
	      T J    entry -> noreturn         1
     middle:  A B C  entry -> return           3
	      A B    entry -> call (B)         1  (the jump leaves it)
     protect: S M    entry -> return           3
	      S M    entry -> call (M)         1  (the jump leaves it)
	      S R    restart -> return         1
     main:    L P L  backedge -> backedge      3  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths=yes" } */

#include <setjmp.h>
#include <stdio.h>
#include "pathprof.h"

static jmp_buf env;

__attribute__ ((noinline)) static void
thrower (int i)
{
  if (i == 2)				/* @T */
    {
      pathprof_dump ();
      longjmp (env, 1);			/* @J */
    }
}

__attribute__ ((noinline)) static int
middle (int i)
{
  int x = i * 2;			/* @A */
  thrower (i);				/* @B */
  return x + 1;				/* @C */
}

__attribute__ ((noinline)) static int
protect (int i)
{
  if (setjmp (env))			/* @S */
    return -1;				/* @R */
  return middle (i);			/* @M */
}

int
main (void)
{
  int s = 0;
  for (int i = 0; i < 4; i++)		/* @L */
    s += protect (i);			/* @P */
  printf ("%d\n", s);
  return 0;
}

/* { dg-final { pathprof-path thrower "T J" 1 entry noreturn } }
   { dg-final { pathprof-path middle "A B C" 3 entry return } }
   { dg-final { pathprof-path middle "A B" 1 entry call } }
   { dg-final { pathprof-path protect "S M" 3 entry return } }
   { dg-final { pathprof-path protect "S M" 1 entry call } }
   { dg-final { pathprof-path protect "S R" 1 restart return } }
   { dg-final { pathprof-path main "L P L" 3 backedge backedge } }
   { dg-final { pathprof-total middle 4 } }
   { dg-final { pathprof-total protect 5 } }

   gcov agreement (the -O0 oracle): protect's first block is the setjmp
   receiver, which the path profile counts at each return of setjmp,
   the one by longjmp the start of a path; gcov does not count that
   return (profile.cc, "Functions returning multiple times are not
   handled by extra edges"), so gcov is not the truth there (setjmp.c).
   { dg-final { pathprof-gcov-skip-line 48 "protect's declaration line heads the setjmp receiver: gcov does not count setjmp's return by longjmp (4), pathprof does (5)" } }
   { dg-final { pathprof-gcov-skip-line 50 "gcov does not count setjmp's return by longjmp (4), pathprof does (5)" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
