/* peel=yes (plugin/instrument.cc, peel_first_iterations): every
   innermost loop whose iteration is one path and has no call gets its
   first iteration copied before it, probes and all, even one left from
   its header only, which peel=rotate rotates instead (peel.c).  The
   counts are those of the loop as written, derived by hand below.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-peel=yes -fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>

/* Left from its header only, entered from two prefixes; called with
   ("abc", 0), ("abcd", 2) and ("", 0):
     S K W B     entry -> backedge     1
     S K T W B   entry -> backedge     1
     W B         backedge -> backedge  3
     W R         backedge -> return    2
     S K W R     entry -> return       1  */
static int __attribute__ ((noinline))
length (const char *s, int skip)
{
  int n = 0;			/* @S */
  if (skip)			/* @K */
    s += skip;			/* @T */
  while (*s)			/* @W */
    s++, n++;			/* @B */
  return n;			/* @R */
}

int
main (void)
{
  printf ("%d %d %d\n", length ("abc", 0), length ("abcd", 2),
	  length ("", 0));
  return 0;
}

/* { dg-final { pathprof-compiler-output-at -O2 {.length.: [^\n]*dense counters, first iterations of one-path loops peeled\n} } }

   { dg-final { pathprof-path length "S K W B" 1 entry backedge } }
   { dg-final { pathprof-path length "S K T W B" 1 entry backedge } }
   { dg-final { pathprof-path length "W B" 3 backedge backedge } }
   { dg-final { pathprof-path length "W R" 2 backedge return } }
   { dg-final { pathprof-path length "S K W R" 1 entry return } }
   { dg-final { pathprof-total length 8 } }

   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
