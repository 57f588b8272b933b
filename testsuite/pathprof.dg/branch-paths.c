/* The branches each executed path takes, as pathprof-dump shows them
   (--tsv's BRANCHES; the text report's parentheses): an if/else, the two
   conditions of a && b on one line, a switch and a for loop, whose test
   GCC's C front end puts at the bottom: the backedge is the body's jump
   back to it, and the paths after it start at the test.  Needs the
   plugin's detail section (doc/file-format.md).  */

/* { dg-do run } */
/* { dg-output "branch-paths: 72" } */

#include <stdio.h>

static const int data[] = { 0, 1, 0, 1, 1, 0 };

static int
walk (int x, int n)
{
  int r = 0;			/* @W */
  if (x > 1)			/* @W */
    r += 1;			/* @T */
  else
    r -= 1;			/* @E */
  if (x > 0 && data[x] != 0)	/* @A */
    r += 2;			/* @AT */
  switch (x)			/* @S */
    {
    case 0:
      r += 10;			/* @S0 */
      break;
    case 1 ... 3:
      r += 20;			/* @S1 */
      break;
    default:
      r += 40;			/* @SD */
      break;
    }
  for (int i = 0; i < n; i++)	/* @L */
    r += i;			/* @LB */
  return r;			/* @R */
}

int
main (void)
{
  printf ("branch-paths: %d\n", walk (1, 2) + walk (0, 0) + walk (5, 1));
  return 0;
}

/* walk (1, 2): x > 1 false, x > 0 and data[1] true, case 1 ... 3, then
   twice round the loop.
   { dg-final { pathprof-path-branches walk "W E A AT S S1 L LB L" {W:false A:true A:true {S:case 1 ... 3} L:true} entry backedge } }
   { dg-final { pathprof-path-branches walk "L LB L" {L:true} backedge backedge } }
   walk (0, 0): x > 0 false (data[x] is not tested), case 0, no turn.
   { dg-final { pathprof-path-branches walk "W E A S S0 L R" {W:false A:false {S:case 0} L:false} entry return } }
   walk (5, 1): x > 1 true, data[5] false, default, one turn.
   { dg-final { pathprof-path-branches walk "W T A S SD L LB L" {W:true A:true A:false S:default L:true} entry backedge } }
   The loop's exits, from walk (1, 2) and walk (5, 1).
   { dg-final { pathprof-path-branches walk "L R" {L:false} backedge return } }
   { dg-final { pathprof-path walk "L R" 2 backedge return } }  */
/* SPDX-License-Identifier: GPL-3.0-or-later */
