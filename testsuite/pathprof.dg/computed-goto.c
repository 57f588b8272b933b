/* A tiny bytecode interpreter dispatching with computed goto (GNU C
   "labels as values"), as real interpreters do.  GCC factors all the
   "goto *" into one dispatcher block whose edges to the labels are
   abnormal: they cannot carry code (design.md, trap 7).  Each op's block
   jumps back to the dispatcher through a backedge, so each executed op is
   one path: from the backedge of the previous op (or from the entry, for
   the first op) to its own backedge (or to the return, for HALT).  The
   dispatcher itself has no source line.

   The program: SETC 4; loop: ADDA 10; PRINT; DJNZ loop; HALT.
   SETC runs once (from the entry), then 4 rounds of ADDA, PRINT, DJNZ
   (the first 3 DJNZ jump back, the 4th falls through), then HALT:
     S SETC     entry -> backedge                         1
     ADDA       after SETC's backedge 1, after DJNZ's 3   4 (two paths)
     PRINT      after ADDA's backedge                     4
     J JT J     DJNZ taken, after PRINT                   3
     J JF J     DJNZ not taken, after PRINT               1
     H          HALT, after DJNZ's backedge -> return     1  */

/* { dg-do run } */

#include <stdio.h>

enum op { SETC, ADDA, PRINT, DJNZ, HALT };

static int
run (const int *code)
{
  static void *const ops[] = { &&setc, &&adda, &&print, &&djnz, &&halt };
  int acc = 0, cnt = 0;		/* @S */
  const int *pc = code;		/* @S */
  goto *ops[*pc++];

 setc:
  cnt = *pc++;			/* @SETC */
  goto *ops[*pc++];		/* @SETC */
 adda:
  acc += *pc++;			/* @ADDA */
  goto *ops[*pc++];		/* @ADDA */
 print:
  printf ("%d\n", acc);		/* @PRINT */
  goto *ops[*pc++];		/* @PRINT */
 djnz:
  if (--cnt != 0)		/* @J */
    pc = code + *pc;		/* @JT */
  else
    pc++;			/* @JF */
  goto *ops[*pc++];		/* @J */
 halt:
  return acc;			/* @H */
}

int
main (void)
{
  static const int code[] = { SETC, 4, ADDA, 10, PRINT, DJNZ, 2, HALT };
  printf ("result %d\n", run (code));
  return 0;
}

/* { dg-final { pathprof-path run "S SETC" 1 entry backedge } }
   { dg-final { pathprof-path-counts run "ADDA" {1 3} backedge backedge } }
   { dg-final { pathprof-path run "PRINT" 4 backedge backedge } }
   { dg-final { pathprof-path run "J JT J" 3 backedge backedge } }
   { dg-final { pathprof-path run "J JF J" 1 backedge backedge } }
   { dg-final { pathprof-path run "H" 1 backedge return } }
   { dg-final { pathprof-executed run 7 } }
   { dg-final { pathprof-total run 14 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
