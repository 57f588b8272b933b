/* The program of build.exp's -O level, -g, -g0, -ffunction-sections and
   -static checks: static functions that GCC inlines from -O1 on, a
   recursive function, a call through a function pointer, a loop with
   break and continue, a switch with a case range.  The plugin numbers
   paths before any optimisation, so every build must give exactly the
   -O0 build's profile.  Only "if" statements branch: the C front end
   folds some "?:", "&&" and "||" differently with and without
   optimisation (doc/testing.md), which this check is not about.  */

#include <stdio.h>

static int
classify (int x)
{
  if (x < 0)
    return -1;
  if (x == 0)
    return 0;
  return 1;
}

static int
clamp (int x, int lo, int hi)
{
  if (x < lo)
    return lo;
  if (x > hi)
    return hi;
  return x;
}

static unsigned
fib (unsigned n)
{
  if (n < 2)
    return n;
  return fib (n - 1) + fib (n - 2);
}

static int
apply (int (*f) (int), const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (v[i] == 99)
	break;
      if (v[i] % 5 == 0)
	continue;
      s += f (v[i]) * clamp (v[i], -3, 3);
    }
  return s;
}

static const char *
name (int k)
{
  switch (k)
    {
    case 0:
      return "zero";
    case 1:
    case 2:
      return "small";
    case 3 ... 9:
      return "digit";
    default:
      return "big";
    }
}

int
main (void)
{
  static const int v[] = { 4, -7, 0, 10, 3, 12, -1, 5, 8, 99, 6 };
  int s = apply (classify, v, 11);
  unsigned f = fib (12);
  for (int k = 0; k < 12; k++)
    printf ("%s ", name (k));
  printf ("\n%d %u\n", s, f);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
