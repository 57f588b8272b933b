/* An instrumented shared library, built -fPIC -shared by build.exp and
   linked into shmain.c's program.  lib_score (x) adds 3 per set bit of
   x, from the lowest: the while's test is at the bottom (LW), its
   backedge from the end of the body (LN).

   lib_score (5 = 101b): LS LW LB LO LN | LW LB LN | LW LB LO LN | LW LR
   lib_score (6 = 110b): LS LW LB LN | LW LB LO LN | LW LB LO LN | LW LR
   lib_score (0):        LS LW LR
   lib_score (1):        LS LW LB LO LN | LW LR
   so:
     LS LW LB LO LN   entry -> backedge     2
     LS LW LB LN      entry -> backedge     1
     LW LB LN         backedge -> backedge  1
     LW LB LO LN      backedge -> backedge  3
     LW LR            backedge -> return    3
     LS LW LR         entry -> return       1
   11 executions; the scores are 6 6 0 3.  */

int
lib_score (int x)
{
  int s = 0;		/* @LS */
  while (x > 0)		/* @LW */
    {
      if (x & 1)	/* @LB */
	s += 3;		/* @LO */
      x >>= 1;		/* @LN */
    }
  return s;		/* @LR */
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
