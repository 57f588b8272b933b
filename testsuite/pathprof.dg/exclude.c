/* exclude=REGEX leaves out the functions whose name matches (here
   "drop_me" and "drop_too"); the others, main included, are profiled.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-exclude=^drop_" } */

#include <stdio.h>

static int
keep_square (int x)
{
  if (x < 0)		/* @N */
    x = -x;		/* @A */
  return x * x;		/* @R */
}

static int
drop_me (int x)
{
  if (x > 10)
    return 10;
  return x;
}

static int
drop_too (int x)
{
  return x - 1;
}

int
main (void)
{
  int s = keep_square (-3) + keep_square (4);	/* @M */
  s += drop_me (s) + drop_too (s);		/* @M */
  printf ("%d\n", s);				/* @M */
  return 0;					/* @M */
}

/* { dg-final { pathprof-path keep_square "N A R" 1 entry return } }
   { dg-final { pathprof-path keep_square "N R" 1 entry return } }
   { dg-final { pathprof-absent drop_me } }
   { dg-final { pathprof-absent drop_too } }
   { dg-final { pathprof-path main "M" 1 entry return } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
