/* A count through the hash table (max-array=1) at the end of a path that
   ends at a call that does not return ("exit (0)"), in a block that holds
   nothing but a debug statement before it under -g: the test that ends
   the block the count is split from (hashed-counts.cc, pathprof_end_with_
   cond) must come after that debug statement, not before it, or GCC's
   checking sees control flow in the middle of the block (-O2 -g, -O3 -g:
   GCC's gofast.c torture test).  Every build here is -fchecking, the -g
   ones at -O2 included.

   Paths of main, run once:
     M A B F X   entry -> noreturn  1  (both checks pass, exit (0))  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-max-array=1" } */

#include <stdlib.h>

static int __attribute__ ((noinline))
check (int x)
{
  return x == 1;
}

int
main (void)
{
  int fails = 0;		/* @M */
  if (!check (1))		/* @A */
    fails++;
  if (check (2))		/* @B */
    fails++;
  if (fails != 0)		/* @F */
    abort ();
  exit (0);			/* @X */
}

/* { dg-final { pathprof-path main "M A B F X" 1 entry noreturn } }
   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
