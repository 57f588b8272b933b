/* Irreducible loops: cycles with two or more entries, which no natural
   loop describes.  GCC's loop latches alone do not break them; the DFS of
   the core does (design.md, trap 1; doc/algorithm.md section 3): it
   starts at the entry, follows a block's successors in edge order (for
   an "if", GIMPLE lists the true edge first; for a switch, the default
   label and then the cases by value) and marks every edge into a block
   that is still on its stack.  So which edge of an irreducible cycle is
   the backedge depends on which entry the DFS takes first; each function
   below says which one that is, and the paths follow from it.

   All three functions are executed with several entries into their
   cycle, and the placement=naive and max-array=1 variants check the
   optimised placement's counts path for path.  */

/* { dg-do run } */

#include <stdio.h>

/* A goto into the middle of a for loop.  GCC 12 puts the loop test L at
   the bottom: the loop is  L -> A -> B -> L, entered at L (the for) and
   at B (the goto).  The DFS takes the goto (the true edge of "if
   (skip_first)") first: S, B, L, A, then A -> B finds B on the stack.  So
   the backedge is the fall-through A -> B, and a path runs from B over L
   to A.  ("goto inside" makes no statement: nothing on that line.)  The
   i++ of the for is in B's block (line B, then line L).

   jump_in (3, 0): i = 0 1 2, each iteration A then B:
     S L A | B L A | B L A | B L R
   jump_in (3, 1): B first (i = 0), then i = 1 2 A B:
     S B L A | B L A | B L R
   So:
     S L A     entry -> backedge      1
     S B L A   entry -> backedge      1
     B L A     backedge -> backedge   2 + 1 = 3
     B L R     backedge -> return     1 + 1 = 2
   jump_in (0, 1): the goto, B (i = 1), the test fails at once:
     S B L R   entry -> return        1  */

static int
jump_in (int n, int skip_first)
{
  int i = 0, s = 0;		/* @S */
  if (skip_first)		/* @S */
    goto inside;
  for (; i < n; i++)		/* @L */
    {
      s += i;			/* @A */
    inside:
      s += 100;			/* @B */
    }
  return s;			/* @R */
}

/* Two entries into a cycle of two blocks, E ("even") and O ("odd"),
   each also with an exit of its own:
     S -> O if x is odd, else S -> E;  E -> X (return) or falls into O;
     O -> E (goto even) or N (return).
   The DFS takes S -> O first (the true edge), then O -> E, then E -> O
   finds O on the stack: the backedge is the fall-through E -> O, and
   O -> E is an ordinary edge.  A path from the backedge starts at O.
   The fall-through has a block of its own, with the line of "odd:" (the
   jump's location is not the "if"'s line: gcov splits the edge,
   profile.cc), so the backedge leaves a block with no label, and the
   label lines count every entry, as in gcov.

   two_entries (0, 7): k = 2 (E), 3 (O), 5 (E), 6 (O), 8 (E, 8 >= 7:
   return):   S E | O E | O E X
   two_entries (1, 7): k = 1 (O), 3 (E), 4 (O), 6 (E), 7 (O, 7 < 7 fails:
   return -7):  S O E | O E | O N
   two_entries (1, 1): k = 1 (O), 1 < 1 fails:  S O N
   two_entries (0, 2): k = 2 (E), 2 >= 2: return:  S E X
   So:
     S E       entry -> backedge      1
     S O E     entry -> backedge      1
     O E       backedge -> backedge   2
     O E X     backedge -> return     1
     O N       backedge -> return     1
     S O N     entry -> return        1
     S E X     entry -> return        1  */

static int
two_entries (int x, int n)
{
  int k = 0;			/* @S */
  if (x & 1)			/* @S */
    goto odd;
 even:
  k += 2;			/* @E */
  if (k >= n)			/* @E */
    return k;			/* @X */
 odd:
  k += 1;			/* @O */
  if (k < n)			/* @O */
    goto even;
  return -k;			/* @N */
}

/* Duff's device: a switch jumps into the middle of a do-while loop, four
   entries into one cycle C0 -> C3 -> C2 -> C1 -> W -> C0.  The switch's
   edges are the default (to R) and the cases by value, so the DFS enters
   the cycle at case 0 (C0) and the do-while's own jump back, W -> C0, is
   the backedge: every other entry into the cycle is an ordinary edge, and
   every path from the backedge starts at C0.  That jump has a block of
   its own (its location, "case 0:", is not the do-while's line: gcov
   splits the edge), with no line ("case 0:" was seen before it), so the
   backedge leaves a block with no label.

   copy (10): n = 3, 10 % 4 = 2: enter at C2; then two full rounds:
     D C2 C1 W | C0 C3 C2 C1 W | C0 C3 C2 C1 W R
   copy (4):  n = 1, enter at C0:  D C0 C3 C2 C1 W R
   copy (7):  n = 2, 7 % 4 = 3, enter at C3:  D C3 C2 C1 W | C0 C3 C2 C1 W R
   copy (1):  n = 1, enter at C1:  D C1 W R
   copy (13): n = 4, enter at C1:  D C1 W | 3 x C0 C3 C2 C1 W, the last to R
   So:
     D C2 C1 W          entry -> backedge     1
     D C3 C2 C1 W       entry -> backedge     1
     D C1 W             entry -> backedge     1
     D C0 C3 C2 C1 W R  entry -> return       1
     D C1 W R           entry -> return       1
     C0 C3 C2 C1 W      backedge -> backedge  1 (copy 10) + 2 (copy 13) = 3
     C0 C3 C2 C1 W R    backedge -> return    1 + 1 + 1 = 3
   Bytes copied: 10 + 4 + 7 + 1 + 13 = 35.  */

static char dst[64];
static const char src[] = "abcdefghijklmnopqrstuvwxyz0123456789";

static int
copy (char *to, const char *from, int count)
{
  int n = (count + 3) / 4;		/* @D */
  char *start = to;			/* @D */
  switch (count % 4)			/* @D */
    {
    case 0: do { *to++ = *from++;	/* @C0 */
    case 3:      *to++ = *from++;	/* @C3 */
    case 2:      *to++ = *from++;	/* @C2 */
    case 1:      *to++ = *from++;	/* @C1 */
	       } while (--n > 0);	/* @W */
    }
  return to - start;			/* @R */
}

int
main (void)
{
  printf ("%d %d %d\n", jump_in (3, 0), jump_in (3, 1), jump_in (0, 1));
  printf ("%d %d %d %d\n", two_entries (0, 7), two_entries (1, 7),
	  two_entries (1, 1), two_entries (0, 2));
  int copied = 0;
  copied += copy (dst, src, 10);
  copied += copy (dst + copied, src, 4);
  copied += copy (dst + copied, src, 7);
  copied += copy (dst + copied, src, 1);
  copied += copy (dst + copied, src, 13);
  dst[copied] = 0;
  printf ("%d %s\n", copied, dst);
  return 0;
}

/* { dg-final { pathprof-path jump_in "S L A" 1 entry backedge:A } }
   { dg-final { pathprof-path jump_in "S B L A" 1 entry backedge:A } }
   { dg-final { pathprof-path jump_in "B L A" 3 backedge:A backedge:A } }
   { dg-final { pathprof-path jump_in "B L R" 2 backedge:A return } }
   { dg-final { pathprof-path jump_in "S B L R" 1 entry return } }
   { dg-final { pathprof-executed jump_in 5 } }
   { dg-final { pathprof-total jump_in 8 } }

   { dg-final { pathprof-path two_entries "S E" 1 entry backedge } }
   { dg-final { pathprof-path two_entries "S O E" 1 entry backedge } }
   { dg-final { pathprof-path two_entries "O E" 2 backedge backedge } }
   { dg-final { pathprof-path two_entries "O E X" 1 backedge return } }
   { dg-final { pathprof-path two_entries "O N" 1 backedge return } }
   { dg-final { pathprof-path two_entries "S O N" 1 entry return } }
   { dg-final { pathprof-path two_entries "S E X" 1 entry return } }
   { dg-final { pathprof-executed two_entries 7 } }
   { dg-final { pathprof-total two_entries 8 } }

   { dg-final { pathprof-path copy "D C2 C1 W" 1 entry backedge } }
   { dg-final { pathprof-path copy "D C3 C2 C1 W" 1 entry backedge } }
   { dg-final { pathprof-path copy "D C1 W" 1 entry backedge } }
   { dg-final { pathprof-path copy "D C0 C3 C2 C1 W R" 1 entry return } }
   { dg-final { pathprof-path copy "D C1 W R" 1 entry return } }
   { dg-final { pathprof-path copy "C0 C3 C2 C1 W" 3 backedge backedge } }
   { dg-final { pathprof-path copy "C0 C3 C2 C1 W R" 3 backedge return } }
   { dg-final { pathprof-executed copy 7 } }
   { dg-final { pathprof-total copy 11 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
