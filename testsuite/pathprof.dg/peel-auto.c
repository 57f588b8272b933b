/* SPDX-License-Identifier: GPL-3.0-or-later */
/* peel=auto, the default (plugin/instrument.cc, peel_first_iterations,
   loop_counted_from_constant_p): an innermost loop of one path left
   from its header only, whose header tests a variable set to a constant
   on the way in, as "for (i = 0; i < n; i++)", is rotated, its steady
   path counted in a local added to its counter where the loop is left;
   one whose variable comes in from before (a refill, a loop from a
   parameter), or that runs at most 16 times from constant to constant,
   or is left from the middle, is left as it is.  The counts
   are those of the loops as written (derived by hand below, and equal
   to those of every variant, peel=no, peel=yes and peel=rotate among
   them, which peel or rotate the others), also where a loop is left
   after its first iteration.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>

/* Counted from a constant: rotated.  Called with 3 and 0 elements:
     T I C A N  entry -> backedge     1
     C A N      backedge -> backedge  2
     C R        backedge -> return    1
     T I C R    entry -> return       1  */
static long __attribute__ ((noinline))
total (const int *a, unsigned n)
{
  long t = 0;			/* @T */
  for (unsigned i = 0;		/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    t += a[i];			/* @A */
  return t;			/* @R */
}

/* Counted from a constant to a constant at most 16 away, which GCC
   unrolls whole: left alone.  Called once:
     S I C B N  entry -> backedge     1
     C B N      backedge -> backedge  2
     C R        backedge -> return    1  */
static int __attribute__ ((noinline))
three (const int *a)
{
  int s = 0;			/* @S */
  for (int i = 0;		/* @I */
       i < 3;			/* @C */
       i++)			/* @N */
    s += a[i];			/* @B */
  return s;			/* @R */
}

/* Its variable comes in from before: left alone.  Called with (0, 20)
   (three iterations), (10, 12) (one), (5, 0) (none) and (0, 1) (one):
     S W B   entry -> backedge     3
     W B     backedge -> backedge  2
     W R     backedge -> return    3
     S W R   entry -> return       1  */
static int __attribute__ ((noinline))
refill (int bits, int need)
{
  int n = 0;			/* @S */
  while (bits < need)		/* @W */
    bits += 8, n++;		/* @B */
  return n;			/* @R */
}

/* Counted from a parameter: left alone.  Called with (2, 6) and (4, 3):
     S C B N   entry -> backedge     1
     C B N     backedge -> backedge  3
     C R       backedge -> return    1
     S C R     entry -> return       1  */
static int __attribute__ ((noinline))
from (int i, int n)
{
  int s = 0;			/* @S */
  for (;
       i < n;			/* @C */
       i++)			/* @N */
    s += i;			/* @B */
  return s;			/* @R */
}

/* Counted from a constant but left from the middle too: left alone.
   Called with ("abc", 3, 'b') and ("xy", 2, 'z'):
     I C X N     entry -> backedge     2
     C X N       backedge -> backedge  1
     C X R       backedge -> return    1
     C R         backedge -> return    1  */
static int __attribute__ ((noinline))
find (const char *p, int n, char c)
{
  int i;
  for (i = 0;			/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    if (p[i] == c) break;	/* @X */
  return i;			/* @R */
}

int
main (void)
{
  static const int a[] = { 4, 5, 6 };
  printf ("%ld %ld %d\n", total (a, 3), total (a, 0), three (a));
  printf ("%d %d %d %d\n", refill (0, 20), refill (10, 12), refill (5, 0),
	  refill (0, 1));
  printf ("%d %d\n", from (2, 6), from (4, 3));
  printf ("%d %d\n", find ("abc", 3, 'b'), find ("xy", 2, 'z'));
  return 0;
}

/* { dg-final { pathprof-compiler-output-at -O2 {.total.: [^\n]*dense counters, one-path loops rotated\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.three.: [^\n]*dense counters\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.refill.: [^\n]*dense counters\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.from.: [^\n]*dense counters\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.find.: [^\n]*dense counters\n} } }

   { dg-final { pathprof-path total "T I C A N" 1 entry backedge } }
   { dg-final { pathprof-path total "C A N" 2 backedge backedge } }
   { dg-final { pathprof-path total "C R" 1 backedge return } }
   { dg-final { pathprof-path total "T I C R" 1 entry return } }
   { dg-final { pathprof-total total 5 } }

   { dg-final { pathprof-path three "S I C B N" 1 entry backedge } }
   { dg-final { pathprof-path three "C B N" 2 backedge backedge } }
   { dg-final { pathprof-path three "C R" 1 backedge return } }
   { dg-final { pathprof-total three 4 } }

   { dg-final { pathprof-path refill "S W B" 3 entry backedge } }
   { dg-final { pathprof-path refill "W B" 2 backedge backedge } }
   { dg-final { pathprof-path refill "W R" 3 backedge return } }
   { dg-final { pathprof-path refill "S W R" 1 entry return } }
   { dg-final { pathprof-total refill 9 } }

   { dg-final { pathprof-path from "S C B N" 1 entry backedge } }
   { dg-final { pathprof-path from "C B N" 3 backedge backedge } }
   { dg-final { pathprof-path from "C R" 1 backedge return } }
   { dg-final { pathprof-path from "S C R" 1 entry return } }
   { dg-final { pathprof-total from 6 } }

   { dg-final { pathprof-path find "I C X N" 2 entry backedge } }
   { dg-final { pathprof-path find "C X N" 1 backedge backedge } }
   { dg-final { pathprof-path find "C X R" 1 backedge return } }
   { dg-final { pathprof-path find "C R" 1 backedge return } }
   { dg-final { pathprof-total find 5 } }

   { dg-final { pathprof-total main 1 } } */
