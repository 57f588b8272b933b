/* Inlined leaves and the clones a late IPA pass makes after the IPA
   inliner's copies are decided (plugin/inlined-leaves.cc,
   pathprof_decide_inlined_calls): an OpenMP "declare simd" function is
   cloned once per vector length, after inlining, so its clones hold the
   copies of its leaf's call, and their counts must go with the others.
   A count of the function's own in a clone is no copy and draws no
   warning.  The counts are the number of calls; the variant
   inlined-leaves=no compares every count with the default's.  */

/* { dg-do run } */
/* { dg-options "-fopenmp -fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>

/* One path, too big for the early inliner.  */
static int
leaf (int x)
{
  return x * 3 + 1 + (x >> 2) * 7 + (x << 3) - (x ^ 5) * 11; /* @LEAF */
}

#pragma omp declare simd
int
vec (int x)
{
  return leaf (x) + 2;			/* @VEC */
}

int
main (void)
{
  int a[64], s = 0;
  for (int i = 0; i < 64; i++)
    a[i] = vec (i);
  for (int i = 0; i < 64; i++)
    s += a[i];
  printf ("%d\n", s);
  return 0;
}

/* { dg-final { pathprof-compiler-output-at -O2 "note: pathprof: 'vec': 1 call of one-path 'leaf' inlined after early inlining counted from its paths" } } */
/* { dg-final { pathprof-path leaf "LEAF" 64 } } */
/* { dg-final { pathprof-path vec "VEC" 64 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
