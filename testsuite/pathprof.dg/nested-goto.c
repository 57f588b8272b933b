/* GNU C nested functions with a nonlocal goto out of the nested function
   into its parent.  The nested function's goto is a call of
   __builtin_nonlocal_goto, which does not return: its block has no
   successor and the path through it ends there, counted before the call
   (kind noreturn).  In the parent, the label is a nonlocal label: GCC
   gives every call that may jump there an abnormal edge to an
   ABNORMAL_DISPATCHER block, and the dispatcher an abnormal edge to the
   label (design.md, trap 7 and section 2b).  None of those edges can
   carry code.

   The path of the parent in progress at the call is interrupted (Ball &
   Larus section 3.6: a non-local exit from the call).  It is counted, as
   a path that ends at the call (end "call", a cut path: left by a jump
   in the call; "longjmp" when built with partial-paths=no), when
   control lands at the label; what runs from the label on
   is counted as a path of its own.  Whether that one starts at the label
   or is the whole acyclic path "... call, dispatcher, label ..." is the
   plugin's choice, so the directives below match the paths through the
   label by their ending ("*O", "*K L").  Every other path is counted
   exactly.

   Only direct calls of the nested functions: no trampoline, no
   executable stack.  */

/* { dg-do run } */

#include <stdio.h>

static const int vals[] = { 3, 8, -1, 5 };

/* parent (2): visit (3), visit (8); returns 11.
   parent (4): visit (3), visit (8), visit (-1): goto out; returns -11.
   visit:
     V H    entry -> return     4
     V G    entry -> noreturn   1
   parent (the for's test is at the bottom, after i++ on line L):
     P L C L   entry -> backedge      2  (i = 0 of both calls)
     L C L     backedge -> backedge   2  (i = 1 of both calls)
     L R       backedge -> return     1  (parent (2))
     L C       backedge -> call       1  (parent (4), i = 2: the goto)
     ... O     -> return              1  (parent (4), after the goto)
   and nothing else: 7 path executions.  */

static int
parent (int n)
{
  __label__ out;
  int hits = 0;				/* @P */
  void visit (int v)
  {
    if (v < 0)				/* @V */
      goto out;				/* @G */
    hits += v;				/* @H */
  }
  for (int i = 0; i < n; i++)		/* @L */
    visit (vals[i]);			/* @C */
  return hits;				/* @R */
 out:
  return -hits;				/* @O */
}

/* The nonlocal label inside the parent's loop: scan gives up on a row at
   its first negative element and jumps to next_row, and the loop goes on
   with the next row.

   Rows: {1 2 3 4} (scanned whole), {5 -1 7 8} (gives up at j = 1),
   {9 10 11 12} (whole), {-2 0 0 0} (gives up at j = 0).
   total = 10 + 5 + 42 = 57, skipped = 2.

   scan (its for's test at the bottom too; the return has no label):
     SL SI SA SL   entry -> backedge     3  (rows 0 1 2, j = 0)
     SL SI SA SL   backedge -> backedge  6  (rows 0 and 2, j = 1 2 3)
     SL            backedge -> return    2  (rows 0 and 2)
     SL SI SG      backedge -> noreturn  1  (row 1, j = 1)
     SL SI SG      entry -> noreturn     1  (row 3, j = 0)
   sum_rows (the continue and next_row both lead to r++ on line L):
     P L C L   entry -> backedge        1  (row 0)
     L C L     backedge -> backedge     1  (row 2)
     L C       backedge -> call         2  (rows 1 and 3: the goto)
     ... K L   -> backedge              2  (rows 1 and 3, after the goto)
     L R       backedge -> return       1
   and nothing else: 7 path executions.  */

static const int grid[4][4] = {
  { 1, 2, 3, 4 }, { 5, -1, 7, 8 }, { 9, 10, 11, 12 }, { -2, 0, 0, 0 }
};

static int
sum_rows (int rows, int *skipped_out)
{
  __label__ next_row;
  int total = 0, skipped = 0;		/* @P */
  void scan (const int *row)
  {
    for (int j = 0; j < 4; j++)		/* @SL */
      {
	if (row[j] < 0)			/* @SI */
	  goto next_row;		/* @SG */
	total += row[j];		/* @SA */
      }
  }
  for (int r = 0; r < rows; r++)	/* @L */
    {
      scan (grid[r]);			/* @C */
      continue;
    next_row:
      skipped++;			/* @K */
    }
  *skipped_out = skipped;		/* @R */
  return total;				/* @R */
}

int
main (void)
{
  int skipped;
  printf ("%d %d\n", parent (2), parent (4));
  int total = sum_rows (4, &skipped);
  printf ("%d %d\n", total, skipped);
  return 0;
}

/* { dg-final { pathprof-path "*visit*" "V H" 4 entry return } }
   { dg-final { pathprof-path "*visit*" "V G" 1 entry noreturn } }
   { dg-final { pathprof-executed "*visit*" 2 } }

   { dg-final { pathprof-path parent "P L C L" 2 entry backedge:L } }
   { dg-final { pathprof-path parent "L C L" 2 backedge:L backedge:L } }
   { dg-final { pathprof-path parent "L R" 1 backedge:L return } }
   { dg-final { pathprof-path parent "*O" 1 * return } }
   { dg-final { pathprof-path parent "L C" 1 backedge:L call } }
   { dg-final { pathprof-path parent "*C" 1 } }
   { dg-final { pathprof-executed parent 5 } }
   { dg-final { pathprof-total parent 7 } }

   { dg-final { pathprof-path "*scan*" "SL SI SA SL" 3 entry backedge } }
   { dg-final { pathprof-path "*scan*" "SL SI SA SL" 6 backedge backedge } }
   { dg-final { pathprof-path "*scan*" "SL" 2 backedge return } }
   { dg-final { pathprof-path "*scan*" "SL SI SG" 1 backedge noreturn } }
   { dg-final { pathprof-path "*scan*" "SL SI SG" 1 entry noreturn } }
   { dg-final { pathprof-executed "*scan*" 5 } }
   { dg-final { pathprof-total "*scan*" 13 } }

   { dg-final { pathprof-path sum_rows "P L C L" 1 entry backedge:L } }
   { dg-final { pathprof-path sum_rows "L C L" 1 backedge:L backedge:L } }
   { dg-final { pathprof-path sum_rows "*K L" 2 * backedge:L } }
   { dg-final { pathprof-path sum_rows "L R" 1 backedge:L return } }
   { dg-final { pathprof-path sum_rows "L C" 2 backedge:L call } }
   { dg-final { pathprof-path sum_rows "*C" 2 } }
   { dg-final { pathprof-executed sum_rows 5 } }
   { dg-final { pathprof-total sum_rows 7 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
