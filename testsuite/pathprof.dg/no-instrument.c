/* A function with __attribute__ ((no_profile_instrument_function)) is not
   instrumented: it is not in the profile at all, and calling it does not
   disturb its caller's paths.

   main calls plain_loop (3) and quiet_loop (3); plain_loop's loop gives
   S L B L, L B L twice, L R.  quiet_loop has the same loop, unprofiled.  */

/* { dg-do run } */

#include <stdio.h>

static int
plain_loop (int n)
{
  int s = 0;			/* @S */
  for (int i = 0; i < n; i++)	/* @L */
    s += i;			/* @B */
  return s;			/* @R */
}

__attribute__ ((noinline, no_profile_instrument_function)) static int
quiet_loop (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += 2 * i;
  return s;
}

int
main (void)
{
  int a = plain_loop (3);	/* @M */
  int b = quiet_loop (3);	/* @M */
  printf ("%d %d\n", a, b);	/* @M */
  return 0;			/* @M */
}

/* { dg-final { pathprof-absent quiet_loop } }
   { dg-final { pathprof-path plain_loop "S L B L" 1 entry backedge } }
   { dg-final { pathprof-path plain_loop "L B L" 2 backedge backedge } }
   { dg-final { pathprof-path plain_loop "L R" 1 backedge return } }
   { dg-final { pathprof-path main "M" 1 entry return } }
   { dg-final { pathprof-executed main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
