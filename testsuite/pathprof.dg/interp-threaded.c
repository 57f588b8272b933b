/* A stack-machine bytecode interpreter in the style of real ones (Lua,
   CPython, Ruby under GCC): "threaded" dispatch, where every opcode's
   code ends with its own  goto *dispatch[*pc++]  (labels as values).
   GCC factors all the computed gotos into one dispatcher block with an
   abnormal edge to every opcode label (design.md, trap 7, and section
   2b); those edges can carry no code.  The core marks the ordinary edges
   from each opcode's block into the dispatcher as the backedges
   (doc/algorithm.md section 3), so every executed instruction is one
   path: it starts "after the backedge of the previous instruction"
   (after the entry for the first), runs through the dispatcher, which
   has no source line, and the opcode's blocks, and ends at its own
   backedge (HALT: at the return).  An opcode therefore has one path per
   (previous opcode, branch of its own code) pair that ran, and the sums
   over the previous opcodes are the numbers of times each opcode ran.

   The program (two slots: s at 0, i at 1) computes 5^2 + 4^2 + ... + 1^2:

      0  PUSH 0     s = 0
      2  STORE 0
      4  PUSH 5     i = 5
      6  STORE 1
    loop:
      8  LOAD 1     s = s + i * i
     10  DUP
     11  MUL
     12  LOAD 0
     14  ADD
     15  STORE 0
     17  LOAD 1     i = i - 1, keeping a copy on the stack
     19  PUSH 1
     21  SUB
     22  DUP
     23  STORE 1
     25  JNZ loop   pop; jump to 8 if non-zero
     27  LOAD 0
     29  PRINT      prints 55
     30  HALT

   The loop body (8 .. 25) runs 5 times (i = 5 4 3 2 1); JNZ jumps back 4
   times and falls through once.  How often each opcode runs, and after
   which opcode:

     PUSH   2 before the loop (the first from the entry, the second after
            STORE) + 5 in it (after LOAD)                        = 7
     STORE  2 before the loop (after PUSH) + 5 after ADD + 5 after DUP
                                                                 = 12
     LOAD   8: after STORE 1 (first round) + 4 after JNZ (the other
            rounds); 12: after MUL 5; 17: after STORE 5; 27: after JNZ 1
            = 16: after STORE 6, after JNZ 5, after MUL 5
     DUP    5 after LOAD (10), 5 after SUB (22)                  = 10
     MUL    5 (after DUP)      ADD 5 (after LOAD)      SUB 5 (after PUSH)
     JNZ    5 after STORE: taken 4 times (JT), not taken once (JF)
     PRINT  1 (after LOAD)     HALT 1 (after PRINT)
   That is 7+12+16+10+5+5+5+5+1+1 = 67 instructions, 67 paths run.
   Distinct paths: PUSH 3 (entry, after STORE, after LOAD), STORE 3,
   LOAD 3, DUP 2, MUL 1, ADD 1, SUB 1, JNZ 2 (taken and not taken, both
   after STORE), PRINT 1, HALT 1: 18.  */

/* { dg-do run } */

#include <stdio.h>

enum op { PUSH, STORE, LOAD, DUP, MUL, ADD, SUB, JNZ, PRINT, HALT };

#define NEXT goto *dispatch[*pc++]

static long
interpret (const int *code)
{
  static void *const dispatch[] = {
    &&op_push, &&op_store, &&op_load, &&op_dup, &&op_mul, &&op_add,
    &&op_sub, &&op_jnz, &&op_print, &&op_halt
  };
  long stack[16], slot[2] = { 0, 0 };	/* @S */
  long *sp = stack;			/* @S */
  const int *pc = code;			/* @S */
  NEXT;					/* @S */

 op_push:
  *sp++ = *pc++;			/* @PUSH */
  NEXT;					/* @PUSH */
 op_store:
  slot[*pc++] = *--sp;			/* @STORE */
  NEXT;					/* @STORE */
 op_load:
  *sp++ = slot[*pc++];			/* @LOAD */
  NEXT;					/* @LOAD */
 op_dup:
  sp[0] = sp[-1];			/* @DUP */
  sp++;					/* @DUP */
  NEXT;					/* @DUP */
 op_mul:
  sp--;					/* @MUL */
  sp[-1] *= sp[0];			/* @MUL */
  NEXT;					/* @MUL */
 op_add:
  sp--;					/* @ADD */
  sp[-1] += sp[0];			/* @ADD */
  NEXT;					/* @ADD */
 op_sub:
  sp--;					/* @SUB */
  sp[-1] -= sp[0];			/* @SUB */
  NEXT;					/* @SUB */
 op_jnz:
  if (*--sp != 0)			/* @JNZ */
    pc = code + *pc;			/* @JT */
  else
    pc++;				/* @JF */
  NEXT;					/* @JNZ */
 op_print:
  printf ("%ld\n", *--sp);		/* @PRINT */
  NEXT;					/* @PRINT */
 op_halt:
  return slot[0] + (sp - stack);	/* @HALT */
}

int
main (void)
{
  static const int program[] = {
    PUSH, 0, STORE, 0, PUSH, 5, STORE, 1,
    LOAD, 1, DUP, MUL, LOAD, 0, ADD, STORE, 0,
    LOAD, 1, PUSH, 1, SUB, DUP, STORE, 1, JNZ, 8,
    LOAD, 0, PRINT, HALT
  };
  printf ("result %ld\n", interpret (program));
  return 0;
}

/* Every opcode, in total and by the opcode before it.
   { dg-final { pathprof-path interpret "S PUSH" 1 entry backedge:PUSH } }
   { dg-final { pathprof-path interpret "PUSH" 1 backedge:STORE backedge:PUSH } }
   { dg-final { pathprof-path interpret "PUSH" 5 backedge:LOAD backedge:PUSH } }
   { dg-final { pathprof-path interpret "*PUSH" 7 } }

   { dg-final { pathprof-path interpret "STORE" 2 backedge:PUSH backedge:STORE } }
   { dg-final { pathprof-path interpret "STORE" 5 backedge:ADD backedge:STORE } }
   { dg-final { pathprof-path interpret "STORE" 5 backedge:DUP backedge:STORE } }
   { dg-final { pathprof-path-counts interpret "STORE" {2 5 5} backedge backedge } }

   { dg-final { pathprof-path interpret "LOAD" 6 backedge:STORE backedge:LOAD } }
   { dg-final { pathprof-path interpret "LOAD" 5 backedge:JNZ backedge:LOAD } }
   { dg-final { pathprof-path interpret "LOAD" 5 backedge:MUL backedge:LOAD } }
   { dg-final { pathprof-path-counts interpret "LOAD" {6 5 5} backedge backedge } }

   { dg-final { pathprof-path interpret "DUP" 5 backedge:LOAD backedge:DUP } }
   { dg-final { pathprof-path interpret "DUP" 5 backedge:SUB backedge:DUP } }
   { dg-final { pathprof-path-counts interpret "DUP" {5 5} backedge backedge } }

   { dg-final { pathprof-path-counts interpret "MUL" {5} backedge:DUP backedge:MUL } }
   { dg-final { pathprof-path-counts interpret "ADD" {5} backedge:LOAD backedge:ADD } }
   { dg-final { pathprof-path-counts interpret "SUB" {5} backedge:PUSH backedge:SUB } }

   { dg-final { pathprof-path-counts interpret "JNZ JT JNZ" {4} backedge:STORE backedge:JNZ } }
   { dg-final { pathprof-path-counts interpret "JNZ JF JNZ" {1} backedge:STORE backedge:JNZ } }

   { dg-final { pathprof-path-counts interpret "PRINT" {1} backedge:LOAD backedge:PRINT } }
   { dg-final { pathprof-path-counts interpret "HALT" {1} backedge:PRINT return } }

   No other path: 18 distinct paths, 67 instructions.
   { dg-final { pathprof-executed interpret 18 } }
   { dg-final { pathprof-total interpret 67 } }
   { dg-final { pathprof-path interpret "*" 1 entry } }
   { dg-final { pathprof-path interpret "*" 1 * return } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
