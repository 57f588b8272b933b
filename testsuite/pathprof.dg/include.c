/* include=REGEX instruments only the functions whose name matches: here
   the two whose names start with "keep_".  main and drop_me run but are
   not in the profile.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-include=^keep_" } */

#include <stdio.h>

static int
keep_square (int x)
{
  if (x < 0)		/* @N */
    x = -x;		/* @A */
  return x * x;		/* @R */
}

static int
keep_twice (int x)
{
  return 2 * x;		/* @T */
}

static int
drop_me (int x)
{
  if (x > 10)
    return 10;
  return x;
}

int
main (void)
{
  int s = keep_square (-3) + keep_square (4) + keep_square (5);
  s += keep_twice (s) + drop_me (s) + drop_me (1);
  printf ("%d\n", s);
  return 0;
}

/* { dg-final { pathprof-path keep_square "N A R" 1 entry return } }
   { dg-final { pathprof-path keep_square "N R" 2 entry return } }
   { dg-final { pathprof-path keep_twice "T" 1 entry return } }
   { dg-final { pathprof-absent drop_me } }
   { dg-final { pathprof-absent main } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
