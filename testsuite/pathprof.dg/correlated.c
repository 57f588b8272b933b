/* pathprof-dump --correlated: a branch at a join block that the branch
   before it decides.  classify's second "if" (@J) is reached from the
   "then" block (@S) or the "else" block (@L) of the first; r == 1
   exactly when x < 3, so from @S it always goes true, from @L always
   false.  The edge profile sees J go false 7 times in 10 and can do no
   better than predict false; one prediction per predecessor, what
   tail-duplicating J into @S and @L allows, is always right.  */

/* { dg-do run } */

__attribute__ ((noinline)) static int
classify (int x)
{
  int r;

  if (x < 3)			/* @A */
    r = 1;			/* @S */
  else
    r = 2;			/* @L */
  if (r == 1)			/* @J */
    return x + 100;		/* @T */
  return x;			/* @F */
}

int
main (void)
{
  int sum = 0;

  for (int i = 0; i < 10; i++)	/* @C */
    sum += classify (i);
  return sum == 345 ? 0 : 1;
}

/* classify (0) .. classify (9): 3 paths "A S J T" (x = 0, 1, 2) and 7
   "A L J F" (x = 3 .. 9); sum 100 + 101 + 102 + 3 + ... + 9 = 345.
   At J: from S true 3; from L false 7.  Executions 10; edge-predicted:
   false, 7 (70.00%); path-predicted: true from S, false from L, 3 + 7 =
   10 (100.00%); gain 3.  A has one predecessor (the entry): not
   listed.
   { dg-final { pathprof-path classify "A S J T" 3 } }
   { dg-final { pathprof-path classify "A L J F" 7 } }
   { dg-final { pathprof-correlated classify @J 10 7 10 {{@S true 3} {@L false 7}} } }

   main's loop test (@C) is entered from before the loop (true once) and
   by the backedge from the body, whose last line is @C too (i++): true
   9 times, false once.  11 executions, edge- and path-predicted 10 (true
   from both): no gain, but a block entered by two edges all the same.
   { dg-final { pathprof-correlated main @C 11 10 10 {{@C true 1} {backedge:@C true 9} {backedge:@C false 1}} } }  */
/* SPDX-License-Identifier: GPL-3.0-or-later */
