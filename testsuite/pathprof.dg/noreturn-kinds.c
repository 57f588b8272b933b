/* Calls that do not return, of every kind: a user function declared
   noreturn, longjmp, __builtin_unreachable, and exit out of an infinite
   loop.  A block ending in such a call has no successor; the core gives
   it a dummy edge to EXIT and the path through it is counted *before*
   the call (design.md, trap 6): end kind "noreturn".  (exit in a plain
   branch: noreturn.c; abort: abort.c and abort-handler.c.)

   main is not instrumented (its setjmp is not the subject here: see
   setjmp.c); it runs the other functions on these inputs, recovering
   with longjmp from die and from leave_by_longjmp:
     5     must_be_positive: P PR;   leave_by_longjmp (5): J JR    sum 6
     -3    must_be_positive: P PD -> die (1): DI -> longjmp
     7     P PR;  J JR                                           sum 14
     0     P PD -> die (1)
     250   P PR;  leave_by_longjmp (250): J JL -> longjmp (2)
     9     P PR;  J JR                                           sum 24
   then weight (RED, GREEN, BLUE, BLUE, RED, BLUE) = 3+5+7+7+3+7 = 32,
   and finally spin (41), which never returns: it calls exit (4).  */

/* { dg-do run } */

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf recover;

/* A user function declared noreturn: it longjmps (itself a noreturn
   call: its only path ends there).
     DI   entry -> noreturn   2  */
__attribute__ ((noreturn, noinline)) static void
die (int code)
{
  printf ("die %d\n", code);		/* @DI */
  longjmp (recover, code);		/* @DI */
}

/* The call of die ends a path:
     P PR   entry -> return     4  (5 7 250 9)
     P PD   entry -> noreturn   2  (-3 0)  */
__attribute__ ((noinline)) static int
must_be_positive (int x)
{
  if (x <= 0)				/* @P */
    die (1);				/* @PD */
  return x;				/* @PR */
}

/* longjmp called directly:
     J JR   entry -> return     3  (5 7 9)
     J JL   entry -> noreturn   1  (250)  */
__attribute__ ((noinline)) static int
leave_by_longjmp (int x)
{
  if (x > 100)				/* @J */
    longjmp (recover, 2);		/* @JL */
  return x + 1;				/* @JR */
}

/* A switch over every enumerator and __builtin_unreachable after it: the
   unreachable block has no successor, so it ends a potential path (the
   switch's default edge leads there) that never runs.  4 potential
   paths, 3 executed:
     W WR  2    W WG  1    W WB  3  */
enum colour { RED, GREEN, BLUE };

__attribute__ ((noinline)) static int
weight (enum colour c)
{
  switch (c)				/* @W */
    {
    case RED:
      return 3;				/* @WR */
    case GREEN:
      return 5;				/* @WG */
    case BLUE:
      return 7;				/* @WB */
    }
  __builtin_unreachable ();		/* @WU */
}

/* An infinite loop left only by exit.  x runs through 3^k mod 101:
   3 9 27 81 41; at 41 it prints and exits.  The loop has no test: its
   backedge goes from the "if" (F, not taken) back to the top of the body.
     S F     entry -> backedge       1  (x = 3)
     F       backedge -> backedge    3  (x = 9 27 81)
     F E     backedge -> noreturn    1  (x = 41: exit)
   The last path is counted before exit is called, and written by the
   runtime's exit handler.  */
__attribute__ ((noinline)) static void
spin (unsigned limit)
{
  unsigned x = 1;			/* @S */
  for (;;)
    {
      x = x * 3 % 101;			/* @F */
      if (x == limit)			/* @F */
	{
	  printf ("reached %u\n", x);	/* @E */
	  exit (4);			/* @E */
	}
    }
}

__attribute__ ((no_profile_instrument_function)) int
main (void)
{
  static const int inputs[] = { 5, -3, 7, 0, 250, 9 };
  static const enum colour colours[] = { RED, GREEN, BLUE, BLUE, RED, BLUE };
  volatile int i, sum = 0;
  for (i = 0; i < 6; i++)
    {
      int code = setjmp (recover);
      if (code == 0)
	sum += leave_by_longjmp (must_be_positive (inputs[i]));
      else
	printf ("input %d: recovered from %d\n", inputs[i], code);
    }
  int w = 0;
  for (int k = 0; k < 6; k++)
    w += weight (colours[k]);
  printf ("sum %d, weight %d\n", sum, w);
  fflush (stdout);
  spin (41);
}

/* { dg-final { pathprof-path die "DI" 2 entry noreturn } }
   { dg-final { pathprof-executed die 1 } }

   { dg-final { pathprof-path must_be_positive "P PR" 4 entry return } }
   { dg-final { pathprof-path must_be_positive "P PD" 2 entry noreturn } }
   { dg-final { pathprof-executed must_be_positive 2 } }
   { dg-final { pathprof-potential must_be_positive 2 } }

   { dg-final { pathprof-path leave_by_longjmp "J JR" 3 entry return } }
   { dg-final { pathprof-path leave_by_longjmp "J JL" 1 entry noreturn } }
   { dg-final { pathprof-executed leave_by_longjmp 2 } }

   { dg-final { pathprof-path weight "W WR" 2 entry return } }
   { dg-final { pathprof-path weight "W WG" 1 entry return } }
   { dg-final { pathprof-path weight "W WB" 3 entry return } }
   { dg-final { pathprof-path weight "*WU*" 0 } }
   { dg-final { pathprof-executed weight 3 } }
   { dg-final { pathprof-potential weight 4 } }

   { dg-final { pathprof-path spin "S F" 1 entry backedge } }
   { dg-final { pathprof-path spin "F" 3 backedge backedge } }
   { dg-final { pathprof-path spin "F E" 1 backedge noreturn } }
   { dg-final { pathprof-executed spin 3 } }
   { dg-final { pathprof-total spin 5 } }
   { dg-final { pathprof-absent main } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
