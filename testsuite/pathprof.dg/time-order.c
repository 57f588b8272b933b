/* Time per path (metric=cycles): step has two paths, a cheap one (C R:
   an addition) and an expensive one (C E: a call of work, a loop of
   1,000 iterations).  main runs the cheap one ten times as often, so
   ranked by count the cheap path comes first; ranked by time (the
   callee's work counted in the path that called it) the expensive one
   does, and each of its executions takes far longer: at least 10 times
   the cheap path's, where the real ratio is in the hundreds.  Orders and
   a generous ratio only: times are noisy.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-metric=cycles" } */

#include <stdio.h>

static volatile unsigned sink;

__attribute__ ((noinline)) static unsigned
work (unsigned seed)
{
  unsigned x = seed;
  for (int i = 0; i < 1000; i++)	/* @L */
    x = x * 1103515245u + 12345u;	/* @W */
  return x;
}

__attribute__ ((noinline)) static unsigned
step (int i, unsigned acc)
{
  if (i % 11 != 0)			/* @C */
    return acc + 1;			/* @R */
  return work (acc);			/* @E */
}

int
main (void)
{
  unsigned acc = 0;
  for (int i = 1; i <= 1100; i++)
    acc = step (i, acc);
  sink = acc;
  printf ("%u\n", acc != 0);
  return 0;
}

/* { dg-output "1" } */
/* { dg-final { pathprof-path step "C R" 1000 } } */
/* { dg-final { pathprof-path step "C E" 100 } } */
/* { dg-final { pathprof-time-order step "C E" "C R" 10 } } */
/* { dg-final { pathprof-path work "L W L" 99900 backedge backedge } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
