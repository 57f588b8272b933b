/* The lines of goto, break, continue and labels, as gcov counts them at
   -O0 (profile.cc, branch_prob), at every level: in the shapes of GCC's
   gcc.misc-tests/gcov-4.c (test_goto1, test_goto2), gcov-18.c and
   gcov-pr85217.c.  A jump on a line of its own counts the times it was
   taken: a jump that leaves a block with several successors gets a block
   of its own (the "if (f)" and "goto lab1;" of test_goto1, the loop exit
   of find_pair), as does a goto the gimplifier keeps in a block of its
   own (on another line than its "if").  A jump on its if's line adds no
   line (test_goto2).  The plugin builds the CFG as at -O0 at every level
   (doc/plugin.md), so the pathprof-line checks hold at -O2 too, where
   gcov itself would lose these lines; at -O0 the gcov oracle compares
   every line with gcov's.  */

/* { dg-do run } */

#include <stdio.h>

/* gcov-4.c's test_goto1.  test_goto1 (0): A R1; test_goto1 (1): A G R2,
   the goto's own block in between.  */
static int
test_goto1 (int f)
{
  if (f)				/* @A */
    goto lab1;				/* @G */
  return 1;				/* @R1 */
lab1:					/* @L1 */
  return 2;				/* @R2 */
}

/* gcov-4.c's test_goto2: the goto is on its if's line, which counts the
   14 tests (4 for f = 3, 10 for f = 30), and the for line gcov's 15.  */
static int
test_goto2 (int f)
{
  int i;
  for (i = 0; i < 10; i++)		/* @F2 */
    if (i == f) goto lab2;		/* @T2 */
  return 4;				/* @R4 */
lab2:					/* @L2 */
  return 8;				/* @R8 */
}

/* gcov-18.c: a jump back to a label in the middle of a line.  Once: FL
   (foo, goto baz), Z (a == 1), J (goto lab), FL (lab: bar) and the DFS
   backedge bar -> baz; then Z X.  FL is entered twice (the entry and the
   goto), Z twice, J once.  */
static int a;

static void
foo (void)
{
  a = 1;
}

static void
bar (void)
{
  a++;
}

static int
goto_back (void)
{
  foo (); goto baz; lab: bar ();	/* @FL */
 baz:					/* @BZ */
  if (a == 1)				/* @Z */
    goto lab;				/* @J */
  return a;				/* @X */
}

/* gcov-pr85217.c: a continue after a break is dead code, the continue
   at the end of the body is not.  break_continue (1): a = 0 continues
   (C), a = 1 breaks (B); the dead continue U has no count.  The
   continue hint of C has the line of the function's "{", which gcov counts
   (gcov-pr85217.c's "int c[1]" is left out: see doc/testing.md).  */
static int
break_continue (int n)
{
  int a = 0, s = 0;
  for (;; a++)				/* @L */
    {
      s += a;				/* @S */
      if (a >= n)			/* @T */
	{
	  break;			/* @B */
	  s;
	  continue;			/* @U */
	}
      continue;				/* @C */
    }
  return s;				/* @R */
}

/* "continue" on a line of its own: its block ends the paths at their
   backedge.  The while test W is at the bottom: the entry jumps to it.
   skip_odd (5): i = 1 K, 2 S, 3 K, 4 S, 5 K, then W fails:
     W I O K   entry -> backedge:K        1
     W I O S   backedge:K -> backedge:S   2  (i = 2, 4)
     W I O K   backedge:S -> backedge:K   2  (i = 3, 5)
     W R       backedge:K -> return       1  */
static int
skip_odd (int n)
{
  int i = 0, s = 0;
  while (i < n)				/* @W */
    {
      i++;				/* @I */
      if (i & 1)			/* @O */
	continue;			/* @K */
      s += i;				/* @S */
    }
  return s;				/* @R */
}

/* A goto out of two loops to a label.  find_pair (3, 2) finds 1 * 2 on
   the sixth test (i = 1, j = 2); find_pair (2, 5) tests 4 products and
   returns -1.  */
static int
find_pair (int n, int target)
{
  int i, j;
  for (i = 0; i < n; i++)		/* @PI */
    for (j = 0; j < n; j++)		/* @PJ */
      if (i * j == target)		/* @PT */
	goto found;			/* @PG */
  return -1;				/* @PN */
 found:					/* @PF */
  return i * n + j;			/* @PR */
}

int
main (void)
{
  printf ("%d %d\n", test_goto1 (0), test_goto1 (1));
  printf ("%d %d\n", test_goto2 (3), test_goto2 (30));
  printf ("%d\n", goto_back ());
  printf ("%d\n", break_continue (1));
  printf ("%d\n", skip_odd (5));
  printf ("%d %d\n", find_pair (3, 2), find_pair (2, 5));
  return 0;
}

/* { dg-final { pathprof-path test_goto1 "A R1" 1 entry return } }
   { dg-final { pathprof-path test_goto1 "A G L1 R2" 1 entry return } }
   { dg-final { pathprof-executed test_goto1 2 } }
   { dg-final { pathprof-line test_goto1 23 2 } }
   { dg-final { pathprof-line test_goto1 24 1 } }
   { dg-final { pathprof-line test_goto1 25 1 } }
   { dg-final { pathprof-line test_goto1 26 1 } }
   { dg-final { pathprof-line test_goto1 27 1 } }

   { dg-final { pathprof-line test_goto2 36 15 } }
   { dg-final { pathprof-line test_goto2 37 14 } }
   { dg-final { pathprof-line test_goto2 38 1 } }
   { dg-final { pathprof-line test_goto2 39 1 } }
   { dg-final { pathprof-line test_goto2 40 1 } }

   { dg-final { pathprof-path goto_back "FL BZ Z J FL" 1 entry backedge:FL } }
   { dg-final { pathprof-path goto_back "BZ Z X" 1 backedge:FL return } }
   { dg-final { pathprof-executed goto_back 2 } }
   { dg-final { pathprof-line goto_back 64 2 } }
   { dg-final { pathprof-line goto_back 66 2 } }
   { dg-final { pathprof-line goto_back 67 1 } }
   { dg-final { pathprof-line goto_back 68 1 } }

   { dg-final { pathprof-line break_continue 85 1 } }
   { dg-final { pathprof-line break_continue 87 none } }
   { dg-final { pathprof-line break_continue 78 1 } }
   { dg-final { pathprof-line break_continue 89 1 } }

   { dg-final { pathprof-path skip_odd "W I O K" 1 entry backedge:K } }
   { dg-final { pathprof-path skip_odd "W I O S" 2 backedge:K backedge:S } }
   { dg-final { pathprof-path skip_odd "W I O K" 2 backedge:S backedge:K } }
   { dg-final { pathprof-path skip_odd "W R" 1 backedge:K return } }
   { dg-final { pathprof-executed skip_odd 4 } }
   { dg-final { pathprof-line skip_odd 105 6 } }
   { dg-final { pathprof-line skip_odd 109 3 } }
   { dg-final { pathprof-line skip_odd 110 2 } }

   { dg-final { pathprof-line find_pair 125 1 } }
   { dg-final { pathprof-line find_pair 126 1 } }
   { dg-final { pathprof-line find_pair 127 1 } }
   { dg-final { pathprof-line find_pair 128 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
