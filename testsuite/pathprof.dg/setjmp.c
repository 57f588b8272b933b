/* setjmp and longjmp.  In a function that calls setjmp, GCC routes every
   call that may longjmp through an ABNORMAL_DISPATCHER block, with an
   abnormal edge from the dispatcher back to the block of the setjmp call:
   "setjmp returns again".  Those edges cannot carry code (design.md,
   trap 7 and section 2b); the path registers must survive the longjmp
   (volatile), and the block of the setjmp call must tell "arrived
   normally" from "arrived through the dispatcher".  Whatever the
   placement, the counts must be exact: every time setjmp returns through
   the dispatcher a new path starts there (its first block is the setjmp
   call's, J), and the path that was in progress when a *callee* longjmped
   is counted as a path that ends at that call (Ball & Larus section 3.6
   lose it): once, when setjmp returns again.  Its end is "call" (a cut
   path, numbered apart, the default partial-paths=yes); built with
   partial-paths=no it is "longjmp", numbered with the others.

   The start and end kinds of the paths that go through the dispatcher
   (a backedge from the dispatcher, or another way of cutting the
   abnormal cycle) are left open ("*"); their label sequences and counts
   are not.  */

/* { dg-do run } */

#include <setjmp.h>
#include <stdio.h>

static jmp_buf env, env2;
static volatile int caught;

/* setjmp returns four times: 0 normally, then 1, 2, 3 from the longjmp
   of this very function.  longjmp is a call that does not return; in a
   function with setjmp its block's only successor is the dispatcher, so
   the path through it ends there and is counted before the call:
     S J N B   entry -> longjmp (r = 0)                      1
     J N B     setjmp returned 1 or 2 -> longjmp             2
     J N R     setjmp returned 3 -> return                   1
   n counts the returns of setjmp: 4.  */

static int
twice (void)
{
  volatile int n = 0;			/* @S */
  int r = setjmp (env2);		/* @J */
  n++;					/* @N */
  if (r < 3)				/* @N */
    longjmp (env2, r + 1);		/* @B */
  return n;				/* @R */
}

/* work longjmps back into retry_loop for i = 1, 4 (i % 3 == 1).  It is a
   plain function: its longjmp has no successor, and the path that ends
   there is counted before the call (kind noreturn):
     T      entry -> return     5  (i = 0 2 3 5 6)
     T LJ   entry -> noreturn   2  (i = 1 4)  */

__attribute__ ((noinline)) static void
work (int i)
{
  if (i % 3 == 1)			/* @T */
    longjmp (env, i);			/* @LJ */
}

/* A longjmp back into a loop of the function that called setjmp.
   retry_loop (7): i = 0 .. 6.  For i = 1 and 4 work longjmps: the path in
   progress (L J W, up to the call of work) is counted as a path that
   ends at that call (end "call"), setjmp returns i, and a new path
   starts at the setjmp call: J K L up to the loop's backedge (the for's
   test is at the bottom, after i++ on line L).  i is volatile, so the
   loop goes on with i + 1: 7 iterations in all.
     S L J W L   entry -> backedge (i = 0)                  1
     L J W L     backedge -> backedge (i = 2 3 5 6)         4
     L J W       backedge -> call of work (i = 1 4)         2
     J K L       setjmp returned again -> backedge (i = 1 4) 2
     L R         backedge -> return                          1
   done = 5, caught = 2.  */

static int
retry_loop (int n)
{
  volatile int done = 0;		/* @S */
  for (volatile int i = 0; i < n; i++)	/* @L */
    {
      if (setjmp (env) == 0)		/* @J */
	{
	  work (i);			/* @W */
	  done++;			/* @W */
	}
      else
	caught++;			/* @K */
    }
  return done;				/* @R */
}

int
main (void)
{
  int t = twice ();
  int d = retry_loop (7);
  printf ("twice %d, done %d, caught %d\n", t, d, caught);
  return 0;
}

/* { dg-final { pathprof-path twice "S J N B" 1 entry * } }
   { dg-final { pathprof-path twice "J N B" 2 } }
   { dg-final { pathprof-path twice "J N R" 1 * return } }
   { dg-final { pathprof-executed twice 3 } }
   { dg-final { pathprof-total twice 4 } }

   { dg-final { pathprof-path work "T" 5 entry return } }
   { dg-final { pathprof-path work "T LJ" 2 entry noreturn } }
   { dg-final { pathprof-executed work 2 } }

   { dg-final { pathprof-path retry_loop "S L J W L" 1 entry backedge:L } }
   { dg-final { pathprof-path retry_loop "L J W L" 4 backedge:L backedge:L } }
   { dg-final { pathprof-path retry_loop "J K L" 2 * backedge:L } }
   { dg-final { pathprof-path retry_loop "L R" 1 backedge:L return } }
   { dg-final { pathprof-path retry_loop "*K*" 2 } }
   { dg-final { pathprof-path retry_loop "L J W" 2 backedge:L call } }
   { dg-final { pathprof-path retry_loop "*W" 2 } }
   { dg-final { pathprof-executed retry_loop 5 } }
   { dg-final { pathprof-total retry_loop 10 } } */

/* gcov agreement (the -O0 oracle): the setjmp lines legitimately differ.
   gcov counts a line by the entries into its block over CFG edges; a
   longjmp lands after the setjmp call without taking one.  pathprof
   counts the line once per return of setjmp, a longjmp return being the
   start of a path there: what the program did, so gcov is not the truth
   here.
   { dg-final { pathprof-gcov-skip-line 42 "gcov counts the setjmp line once per entry into its block (1); pathprof once per return of setjmp, the three longjmp returns being restarts there (4)" } }
   { dg-final { pathprof-gcov-skip-line 82 "gcov counts the setjmp line once per entry into its block (7); pathprof once per return of setjmp, the two longjmp returns being restarts there (9)" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
