/* pathprof-tool on one program run with several inputs: the diff lists,
   the overlap, the paper's Table 3 (paths, executions and statements),
   a merge with weights, and merges that must equal the runs they stand
   for, count for count.  Every figure is worked out by hand below (as in
   tool/tests/tool.sh, which checks the text reports); the directives
   (pathprof-input, pathprof-merge, ...) are documented in lib/pathprof.exp.

   "tool-two-inputs FROM TO" classifies FROM .. TO-1 and says whether the
   classes add up to more than 5; without arguments, 0 .. 2.  */

/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

/* Three paths: "T Z" (x % 3 == 0, class 0), "T G B" (x > 4, class 2),
   "T G O" (the others, class 1).  */
__attribute__ ((noinline)) static int
classify (int x)
{
  if (x % 3 == 0)		/* @T */
    return 0;			/* @Z */
  if (x > 4)			/* @G */
    return 2;			/* @B */
  return 1;			/* @O */
}

/* For a run of K >= 1 iterations: one "first" path from the entry to the
   first backedge ("N A L C L" with arguments, "N L C L" without), K - 1
   "L C L" from backedge to backedge, and one exit from the last backedge,
   "L S M R" (many: the sum is above 5) or "L S F R" (few).  */
int
main (int argc, char **argv)
{
  int from = 0, to = 3;		/* @N */
  int sum = 0;			/* @N */

  if (argc > 2)			/* @N */
    {
      from = atoi (argv[1]);	/* @A */
      to = atoi (argv[2]);	/* @A */
    }
  for (int i = from; i < to; i++)	/* @L */
    sum += classify (i);	/* @C */
  if (sum > 5)			/* @S */
    puts ("many");		/* @M */
  else
    puts ("few");		/* @F */
  return 0;			/* @R */
}

/* The test's own run, without arguments: 0, 1, 2.  Z: 0; O: 1, 2; sum 2,
   few.
   { dg-final { pathprof-path classify "T Z" 1 } }
   { dg-final { pathprof-path classify "T G O" 2 } }
   { dg-final { pathprof-executed classify 2 } }
   { dg-final { pathprof-path main "N L C L" 1 entry backedge } }
   { dg-final { pathprof-path main "L C L" 2 backedge backedge } }
   { dg-final { pathprof-path main "L S F R" 1 backedge return } }
   { dg-final { pathprof-executed main 3 } }

   Three inputs, each run into a profile of its own:

     input   x         Z      B         O       sum  main: first iter exit
     lo 0 5  0 .. 4    0 3    -         1 2 4   3          1     4    F
     hi 5 11 5 .. 10   6 9    5 7 8 10  -       8          1     5    M
     mid 2 8 2 .. 7    3 6    5 7       2 4     6          1     5    M

   (sum: B counts 2, O 1, Z 0; "first" is "N A L C L" in all three.)
   lo: classify 5 executions, main 6, 11 in all; hi: 6 + 7 = 13.

   { dg-final { pathprof-input lo 0 5 } }
   { dg-final { pathprof-input hi 5 11 } }
   { dg-final { pathprof-input mid 2 8 } }
   { dg-final { pathprof-input-path lo classify "T Z" 2 } }
   { dg-final { pathprof-input-path lo classify "T G O" 3 } }
   { dg-final { pathprof-input-executed lo classify 2 } }
   { dg-final { pathprof-input-path lo main "N A L C L" 1 entry backedge } }
   { dg-final { pathprof-input-path lo main "L C L" 4 } }
   { dg-final { pathprof-input-path lo main "L S F R" 1 } }
   { dg-final { pathprof-input-executed lo main 3 } }
   { dg-final { pathprof-input-path hi classify "T Z" 2 } }
   { dg-final { pathprof-input-path hi classify "T G B" 4 } }
   { dg-final { pathprof-input-executed hi classify 2 } }
   { dg-final { pathprof-input-path hi main "L C L" 5 } }
   { dg-final { pathprof-input-path hi main "L S M R" 1 } }
   { dg-final { pathprof-input-total hi main 7 } }
   { dg-final { pathprof-input-runs hi 1 } }

   diff lo hi.  Only in lo, hottest first: "T G O" 3, "L S F R" 1.  Only
   in hi: "T G B" 4, "L S M R" 1.  In both, the largest change of share
   (percent of the set's executions, hi's minus lo's) first:
     "T Z"        2/11 = 18.18%  ->  2/13 = 15.38%   -4/143 = -2.80
     "L C L"      4/11 = 36.36%  ->  5/13 = 38.46%   +3/143 = +2.10
     "N A L C L"  1/11 =  9.09%  ->  1/13 =  7.69%   -2/143 = -1.40
   { dg-final { pathprof-diff lo hi only-a {{T G O: 3} {L S F R: 1}} } }
   { dg-final { pathprof-diff lo hi only-b {{T G B: 4} {L S M R: 1}} } }
   { dg-final { pathprof-diff lo hi both {{T Z: -2.80} {L C L: +2.10} {N A L C L: -1.40}} } }
   { dg-final { pathprof-diff lo hi both main {{L C L} {N A L C L}} } }
   { dg-final { pathprof-diff hi lo only-b classify {{T G O: 3}} } }

   overlap lo hi: the sum over paths of the smaller share.  Program:
   "T Z" 2/13 + "L C L" 4/11 + "N A L C L" 1/13 = 3/13 + 4/11 = 85/143 =
   59.44%.  classify, shares of its own 5 and 6 executions: "T Z"
   min (2/5, 2/6) = 33.33%.  main (6 and 7): min (1/6, 1/7) + min (4/6,
   5/7) = 1/7 + 2/3 = 17/21 = 80.95%.
   { dg-final { pathprof-overlap lo hi 59.44 } }
   { dg-final { pathprof-overlap lo hi 33.33 classify } }
   { dg-final { pathprof-overlap lo hi 80.95 main } }

   Table 3, lo the training run, hi the reference: hi executed 5 paths,
   lo 3 of them ("T Z", "N A L C L", "L C L"); of hi's 13 executions
   those paths ran 2 + 1 + 5 = 8.  Statements: the GIMPLE statements of
   each block as the plugin sees them (gcc -O0 -fdump-tree-cfg; debug
   statements, labels and predict hints left out, a goto is an edge):
     classify: "_1 = x % 3; if (_1 == 0)" 2, "D = 0" 1, "if (x > 4)" 1,
       "D = 2" 1, "D = 1" 1, "return D" 1: "T Z" 4, "T G B" 5, "T G O" 5;
     main: entry "from = 0; to = 3; sum = 0; if (argc > 2)" 4; the
       arguments "_1 = argv + 8; _2 = *_1; from = atoi (_2)" and the same
       for to, 6; "i = from" 1; the test "if (i < to)" 1; the body
       "D = classify (i); sum = D + sum; i = i + 1" 3; "if (sum > 5)" 1;
       "puts" 1; "D = 0" 1; "return D" 1: "N A L C L" 4+6+1+1+3 = 15,
       "L C L" 1+3 = 4, "L S M R" 1+1+1+1+1 = 5.
   (At -O2 the gimplifier puts "D = 0" and "return D" in one block of 2:
   the paths' sums are the same.)  hi weighted by statements: "T Z" 2*4
   + "T G B" 4*5 + "N A L C L" 1*15 + "L C L" 5*4 + "L S M R" 1*5 = 8 +
   20 + 15 + 20 + 5 = 68, of which lo's paths 8 + 15 + 20 = 43.
   { dg-final { pathprof-table3 lo hi 3 5 8 13 43 68 } }

   merge -w 2,3 lo hi: each count of lo twice, of hi three times.  "T Z"
   2*2 + 2*3 = 10, "T G O" 3*2 = 6, "T G B" 4*3 = 12, "N A L C L" 2 + 3
   = 5, "L C L" 4*2 + 5*3 = 23, "L S F R" 2, "L S M R" 3; runs 2 + 3 =
   5.  And it is the profile of lo run twice and hi three times into
   one file.
   { dg-final { pathprof-merge w23 -w 2,3 lo hi } }
   { dg-final { pathprof-input-path w23 classify "T Z" 10 } }
   { dg-final { pathprof-input-path w23 classify "T G O" 6 } }
   { dg-final { pathprof-input-path w23 classify "T G B" 12 } }
   { dg-final { pathprof-input-executed w23 classify 3 } }
   { dg-final { pathprof-input-path w23 main "N A L C L" 5 } }
   { dg-final { pathprof-input-path w23 main "L C L" 23 } }
   { dg-final { pathprof-input-path w23 main "L S F R" 2 } }
   { dg-final { pathprof-input-path w23 main "L S M R" 3 } }
   { dg-final { pathprof-input-executed w23 main 4 } }
   { dg-final { pathprof-input-runs w23 5 } }
   { dg-final { pathprof-input lo2hi3 0 5 } }
   { dg-final { pathprof-input lo2hi3 0 5 } }
   { dg-final { pathprof-input lo2hi3 5 11 } }
   { dg-final { pathprof-input lo2hi3 5 11 } }
   { dg-final { pathprof-input lo2hi3 5 11 } }
   { dg-final { pathprof-merge-equals w23 lo2hi3 } }

   The merge of the three inputs' profiles is the profile of the three
   runs into one file: "T Z" 2+2+2 = 6, "T G O" 3+0+2 = 5, "T G B"
   0+4+2 = 6, "N A L C L" 3, "L C L" 4+5+5 = 14, "L S F R" 1, "L S M R"
   2; 3 runs.
   { dg-final { pathprof-merge m3 lo hi mid } }
   { dg-final { pathprof-input all 0 5 } }
   { dg-final { pathprof-input all 5 11 } }
   { dg-final { pathprof-input all 2 8 } }
   { dg-final { pathprof-input-path all classify "T Z" 6 } }
   { dg-final { pathprof-input-path all classify "T G O" 5 } }
   { dg-final { pathprof-input-path all classify "T G B" 6 } }
   { dg-final { pathprof-input-path all main "L C L" 14 } }
   { dg-final { pathprof-input-path all main "L S M R" 2 } }
   { dg-final { pathprof-input-runs all 3 } }
   { dg-final { pathprof-merge-equals m3 all } }
   { dg-final { pathprof-overlap m3 all 100 } }  */
/* SPDX-License-Identifier: GPL-3.0-or-later */
