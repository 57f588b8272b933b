/* A call that does not return: exit () inside a branch.  The block that
   calls exit has no successor; the path through it ends at the call (end
   kind "noreturn") and is counted before the call, so it is in the
   profile that the runtime writes while exit runs.

   check runs on 4, 0, 7 (T K: entry -> return) and then on -2 (T N X:
   entry -> noreturn), which exits with status 3.

   main is not instrumented: what becomes of the path of a caller whose
   callee exits is the subject of exit-in-callee.c.  */

/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

static void
check (int x)
{
  if (x < 0)				/* @T */
    {
      printf ("negative: %d\n", x);	/* @N */
      exit (3);				/* @X */
    }
  printf ("ok: %d\n", x);		/* @K */
}

__attribute__ ((no_profile_instrument_function)) int
main (void)
{
  int values[] = { 4, 0, 7, -2, 9 };
  for (int i = 0; i < 5; i++)
    check (values[i]);
  return 0;
}

/* { dg-final { pathprof-path check "T K" 3 entry return } }
   { dg-final { pathprof-path check "T N X" 1 entry noreturn } }
   { dg-final { pathprof-executed check 2 } }
   { dg-final { pathprof-potential check 2 } }
   { dg-final { pathprof-absent main } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
