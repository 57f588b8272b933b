/* The runtime's API (runtime/pathprof.h): pathprof_reset () throws away
   what was counted so far; pathprof_dump () merges what was counted into
   the .pathprof file and starts again from zero, so the dump at exit adds
   only the rest.  Nothing is counted twice or lost.

   work (3) is counted, then reset away.  work (5) is counted and dumped
   by pathprof_dump; work (2) is counted and written at exit.  So work has
   the paths of work (5) and work (2):
     S L B L   entry -> backedge      1 + 1
     L B L     backedge -> backedge   4 + 1
     L R       backedge -> return     1 + 1
   main's single path ends at its return, after the reset and the dump: it
   is counted once (the path register is a local, untouched by reset).  */

/* { dg-do run } */

#include <stdio.h>
#include "pathprof.h"

static int
work (int n)
{
  int s = 0;			/* @S */
  for (int i = 0; i < n; i++)	/* @L */
    s += i;			/* @B */
  return s;			/* @R */
}

int
main (void)
{
  int r = work (3);
  pathprof_reset ();
  r += work (5);
  int status = pathprof_dump ();
  r += work (2);
  printf ("%d %d\n", r, status);
  return 0;
}

/* { dg-final { pathprof-path work "S L B L" 2 entry backedge } }
   { dg-final { pathprof-path work "L B L" 5 backedge backedge } }
   { dg-final { pathprof-path work "L R" 2 backedge return } }
   { dg-final { pathprof-total work 9 } }
   { dg-final { pathprof-total main 1 } }

   gcov counts work (3) too, which the profile dropped: one more call
   (entry and return), 3 more loop tests and 3 more iterations.  The
   program asked for that drop (pathprof_reset), which gcov knows
   nothing of: gcov is not the truth for these lines.
   { dg-final { pathprof-gcov-skip-line 21 "pathprof_reset dropped work (3)" } }
   { dg-final { pathprof-gcov-skip-line 23 "pathprof_reset dropped work (3)" } }
   { dg-final { pathprof-gcov-skip-line 24 "pathprof_reset dropped work (3)" } }
   { dg-final { pathprof-gcov-skip-line 25 "pathprof_reset dropped work (3)" } }
   { dg-final { pathprof-gcov-skip-line 26 "pathprof_reset dropped work (3)" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
