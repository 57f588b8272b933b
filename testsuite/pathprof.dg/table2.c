/* Ball & Larus's Table 2 (MICRO 1996, section 6.2) on the function of
   their Figure 1, run with the two path profiles of the paper that have
   the same edge profile: Prof1 (ACDF 90, ACDEF 60, ABCDEF 100, ABDF 20)
   in fig1_prof1 and Prof2 (ACDF 110, ACDEF 40, ABCDEF 100, ABDEF 20) in
   fig1_prof2.  Both give A->C 150 > A->B 120 and D->E 160 > D->F 110, so
   pathprof-dump --predict follows A C D E F in both: one of the four
   executed paths, 60 of 270 executions with Prof1 but 40 with Prof2.
   The edge profile cannot tell the two apart; the path profile can.

   The two copies differ in their constants so that no optimisation
   folds them into one (-fipa-icf).  */

/* { dg-do run } */
/* { dg-output "table2: 2980 3250" } */

#include <stdio.h>

static int
fig1_prof1 (int a, int b, int d)
{
  int r = 0;
  if (a)		/* @A */
    {
      r += 1;		/* @B */
      if (b)		/* @B */
	goto D;
    }
  r += 2;		/* @C */
 D:
  r += 4;		/* @D */
  if (d)		/* @D */
    r += 8;		/* @E */
  return r;		/* @F */
}

static int
fig1_prof2 (int a, int b, int d)
{
  int r = 1;
  if (a)		/* @A */
    {
      r += 1;		/* @B */
      if (b)		/* @B */
	goto D;
    }
  r += 2;		/* @C */
 D:
  r += 4;		/* @D */
  if (d)		/* @D */
    r += 8;		/* @E */
  return r;		/* @F */
}

static int
drive1 (int n, int a, int b, int d)
{
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += fig1_prof1 (a, b, d);
  return sum;
}

static int
drive2 (int n, int a, int b, int d)
{
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += fig1_prof2 (a, b, d);
  return sum;
}

int
main (void)
{
  int t1 = 0, t2 = 0;
  t1 += drive1 (90, 0, 0, 0);	/* A C D F */
  t1 += drive1 (60, 0, 0, 1);	/* A C D E F */
  t1 += drive1 (100, 1, 0, 1);	/* A B C D E F */
  t1 += drive1 (20, 1, 1, 0);	/* A B D F */
  t2 += drive2 (110, 0, 0, 0);	/* A C D F */
  t2 += drive2 (40, 0, 0, 1);	/* A C D E F */
  t2 += drive2 (100, 1, 0, 1);	/* A B C D E F */
  t2 += drive2 (20, 1, 1, 1);	/* A B D E F */
  printf ("table2: %d %d\n", t1, t2);
  return 0;
}

/* The profiles are the paper's:
   { dg-final { pathprof-path fig1_prof1 "A C D F" 90 } }
   { dg-final { pathprof-path fig1_prof1 "A C D E F" 60 } }
   { dg-final { pathprof-path fig1_prof1 "A B C D E F" 100 } }
   { dg-final { pathprof-path fig1_prof1 "A B D F" 20 } }
   { dg-final { pathprof-path fig1_prof2 "A C D F" 110 } }
   { dg-final { pathprof-path fig1_prof2 "A C D E F" 40 } }
   { dg-final { pathprof-path fig1_prof2 "A B C D E F" 100 } }
   { dg-final { pathprof-path fig1_prof2 "A B D E F" 20 } }

   Table 2: 4 executed paths, 1 predicted, which ran: 60 times with
   Prof1, 40 with Prof2.
   { dg-final { pathprof-predict fig1_prof1 4 1 1 60 {{A C D E F}} } }
   { dg-final { pathprof-predict fig1_prof2 4 1 1 40 {{A C D E F}} } }

   The paths that never ran, one decision from an executed one.  Prof1:
   both leave A B C D E F (the hottest), at B and at D.  Prof2: A B C D F
   leaves A C D F (the hottest) at A, and goes back to C; A B D F leaves
   A B D E F at D.
   { dg-final { pathprof-untested fig1_prof1 {{A B D E F} {A B C D F}} {one-decision one-decision} } }
   { dg-final { pathprof-untested fig1_prof2 {{A B C D F} {A B D F}} {one-decision one-decision} } }  */
/* SPDX-License-Identifier: GPL-3.0-or-later */
