/* Self loops: a loop whose body is one basic block that branches back to
   itself.  The backedge goes from the block to itself; its path ends in
   the block and the next path starts in it.  A loop running K >= 2 times
   in one call gives:
     S L     entry -> backedge        once
     L       backedge -> backedge     K - 2 times
     L R     backedge -> return       once
   and K = 1 gives S L R (entry -> return).  */

/* { dg-do run } */

#include <stdio.h>

/* A do-while whose body and test form one block.
   spin (23): x = 11, 5 (odd: again), 2 (even: out): K = 3.
   spin (4): x = 2: K = 1.
   spin (255): x = 127, 63, 31, 15, 7, 3, 1 (odd), 0: K = 8.  */
static int
spin (unsigned x)
{
  int k = 0;		/* @S */
  do
    {
      x >>= 1;		/* @L */
      k++;		/* @L */
    }
  while (x & 1);	/* @L */
  return k;		/* @R */
}

/* A label and a goto.
   skip_blanks ("a  b"): q = p+1 (blank: again), p+2 (blank: again),
   p+3 ('b': out): K = 3.
   skip_blanks ("xy"): q = p+1 ('y'): K = 1.  */
static int
skip_blanks (const char *p)
{
  const char *q = p;	/* @S */
 again:
  q++;			/* @G */
  if (*q == ' ')	/* @G */
    goto again;
  return q - p;		/* @R */
}

int
main (void)
{
  printf ("%d %d %d\n", spin (23), spin (4), spin (255));
  printf ("%d %d\n", skip_blanks ("a  b"), skip_blanks ("xy"));
  return 0;
}

/* spin: K = 3, 1, 8.
   { dg-final { pathprof-path spin "S L" 2 entry backedge } }
   { dg-final { pathprof-path spin "L" 7 backedge backedge } }
   { dg-final { pathprof-path spin "L R" 2 backedge return } }
   { dg-final { pathprof-path spin "S L R" 1 entry return } }
   { dg-final { pathprof-executed spin 4 } }
   { dg-final { pathprof-total spin 12 } }

   skip_blanks: K = 3, 1.
   { dg-final { pathprof-path skip_blanks "S G" 1 entry backedge } }
   { dg-final { pathprof-path skip_blanks "G" 1 backedge backedge } }
   { dg-final { pathprof-path skip_blanks "G R" 1 backedge return } }
   { dg-final { pathprof-path skip_blanks "S G R" 1 entry return } }
   { dg-final { pathprof-executed skip_blanks 4 } }
   { dg-final { pathprof-total skip_blanks 4 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
