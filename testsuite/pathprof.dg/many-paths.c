/* A function with more paths than 64 bits can number: 70 ifs in a row
   give 2^70 paths.  The plugin must cut edges so that path numbers fit
   (Ball & Larus section 5.3; design.md, trap 10), and still count every
   path exactly: the naive placement variant checks the counts, and the
   checks below check that each call starts one path at the entry and
   ends one at the return, however the function was cut in between.  */

/* { dg-do run } */

#include <stdio.h>

#define B1(k) if (v[k]) s += k;
#define B10(k) B1 (k) B1 (k + 1) B1 (k + 2) B1 (k + 3) B1 (k + 4) \
  B1 (k + 5) B1 (k + 6) B1 (k + 7) B1 (k + 8) B1 (k + 9)

static int
bits (const unsigned char *v)
{
  int s = 0;
  B10 (0) B10 (10) B10 (20) B10 (30) B10 (40) B10 (50) B10 (60)
  return s;
}

int
main (void)
{
  unsigned char v[70];
  int sum = 0;
  /* Three calls: all zero, all one, and every third element one.  */
  for (int i = 0; i < 70; i++)
    v[i] = 0;
  sum += bits (v);
  for (int i = 0; i < 70; i++)
    v[i] = 1;
  sum += bits (v);
  for (int i = 0; i < 70; i++)
    v[i] = (i % 3 == 0);
  sum += bits (v);
  printf ("%d\n", sum);
  return 0;
}

/* { dg-final { pathprof-path bits "*" 3 entry * } }
   { dg-final { pathprof-path bits "*" 3 * return } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
