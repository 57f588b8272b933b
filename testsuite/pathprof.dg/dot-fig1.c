/* pathprof-dump --dot on the function of Figure 1 of Ball & Larus
   (MICRO 1996) with the paper's profile Prof1: ACDF 90, ACDEF 60,
   ABCDEF 100, ABDF 20 (fig1.c drives the same function).  The picture's
   edge counts between the labelled blocks are those worked out by hand
   from Prof1:
     A->B 100 + 20 = 120      A->C 90 + 60 = 150
     B->C 100                 B->D 20
     C->D 90 + 60 + 100 = 250
     D->E 60 + 100 = 160      D->F 90 + 20 = 110
     E->F 160
   and the hottest path, ABCDEF (100), is drawn in the first colour of the
   palette (dump/dot.c: Okabe-Ito vermillion), ACDF (90) in the second
   and ACDEF (60) in the third.  "goto D" is labelled B so that B->D is an
   edge between labelled blocks.  */

/* { dg-do run } */
/* { dg-output "dot-fig1: 2980" } */

#include <stdio.h>

static int
fig1 (int a, int b, int d)
{
  int r = 0;
  if (a)		/* @A */
    {
      r += 1;		/* @B */
      if (b)		/* @B */
	goto D;		/* @B */
    }
  r += 2;		/* @C */
 D:
  r += 4;		/* @D */
  if (d)		/* @D */
    r += 8;		/* @E */
  return r;		/* @F */
}

static int
drive (int n, int a, int b, int d)
{
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += fig1 (a, b, d);
  return sum;
}

int
main (void)
{
  int total = 0;
  total += drive (90, 0, 0, 0);		/* A C D F */
  total += drive (60, 0, 0, 1);		/* A C D E F */
  total += drive (100, 1, 0, 1);	/* A B C D E F */
  total += drive (20, 1, 1, 0);		/* A B D F */
  printf ("dot-fig1: %d\n", total);
  return 0;
}

/* { dg-final { pathprof-dot-edge fig1 A B 120 } }
   { dg-final { pathprof-dot-edge fig1 A C 150 } }
   { dg-final { pathprof-dot-edge fig1 B C 100 } }
   { dg-final { pathprof-dot-edge fig1 B D 20 } }
   { dg-final { pathprof-dot-edge fig1 C D 250 } }
   { dg-final { pathprof-dot-edge fig1 D E 160 } }
   { dg-final { pathprof-dot-edge fig1 D F 110 } }
   { dg-final { pathprof-dot-edge fig1 E F 160 } }
   { dg-final { pathprof-dot-path fig1 1 "A B C D E F" "#D55E00" } }
   { dg-final { pathprof-dot-path fig1 2 "A C D F" "#0072B2" } }
   { dg-final { pathprof-dot-path fig1 3 "A C D E F" "#009E73" } }
   { dg-final { pathprof-path fig1 "A B C D E F" 100 entry return } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
