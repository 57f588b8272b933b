/* for, while and do-while loops, and two nested loops.

   A path starts at the function's entry or at a loop header just after a
   backedge, and ends at a return or at a backedge.  So a loop that runs K
   times (K >= 1) in one call gives one path from the entry to the first
   backedge, K - 1 paths from a backedge to the next one and one path from
   the last backedge to the return (a do-while's last path also holds its
   last body).

   At GIMPLE level GCC's C front end puts the test of a for or while loop
   at the bottom: the entry block jumps to the test, the test branches to
   the body or out, and the body falls into the test again, through the
   backedge body -> test.  */

/* { dg-do run } */

#include <stdio.h>

/* Called with n = 0, 1, 5.
     n = 0: S I C R (entry -> return).
     n = 1: S I C B N (entry -> backedge), C R (backedge -> return).
     n = 5: S I C B N, then C B N 4 times, then C R.  */
static int
for_loop (int n)
{
  int s = 0;		/* @S */
  for (int i = 0;	/* @I */
       i < n;		/* @C */
       i++)		/* @N */
    s += i;		/* @B */
  return s;		/* @R */
}

/* Called with n = 7 (i = 0, 2, 4, 6: four iterations) and n = 0.  */
static int
while_loop (int n)
{
  int i = 0;		/* @S */
  while (i < n)		/* @W */
    i += 2;		/* @B */
  return i;		/* @R */
}

/* Counts the odd steps of halving n.  The test is at the bottom of the
   body, the backedge goes from it to the top of the body.
   Called with 13 and 0.
     13 = 1101b: iterations see n = 13 (odd), 6 (even), 3 (odd), 1 (odd):
       S B O D W (entry -> backedge), B D W, B O D W (backedge ->
       backedge), B O D W R (backedge -> return).
     0: one even iteration: S B D W R (entry -> return).  */
static int
do_while (int n)
{
  int odd = 0;		/* @S */
  do
    {
      if (n & 1)	/* @B */
	odd++;		/* @O */
      n /= 2;		/* @D */
    }
  while (n > 0);	/* @W */
  return odd;		/* @R */
}

/* Two nested for loops; for each i in 0..n-1 the inner loop runs i + 1
   times.  Called with n = 4 and n = 0.  For n = 4 (outer runs 4 times,
   inner 1 + 2 + 3 + 4 = 10 times):
     S OI OC II IC B IN   entry -> inner backedge               1
     IC B IN              inner backedge -> inner backedge       0+1+2+3 = 6
     IC ON                inner backedge -> outer backedge       4
     OC II IC B IN        outer backedge -> inner backedge       3
     OC R                 outer backedge -> return               1
   and for n = 0: S OI OC R (entry -> return).  */
static int
nested (int n)
{
  int s = 0;		/* @S */
  for (int i = 0;	/* @OI */
       i < n;		/* @OC */
       i++)		/* @ON */
    for (int j = 0;	/* @II */
	 j <= i;	/* @IC */
	 j++)		/* @IN */
      s += i * j;	/* @B */
  return s;		/* @R */
}

int
main (void)
{
  printf ("for %d %d %d\n", for_loop (0), for_loop (1), for_loop (5));
  printf ("while %d %d\n", while_loop (7), while_loop (0));
  printf ("do %d %d\n", do_while (13), do_while (0));
  printf ("nested %d %d\n", nested (4), nested (0));
  return 0;
}

/* { dg-final { pathprof-path for_loop "S I C R" 1 entry return } }
   { dg-final { pathprof-path for_loop "S I C B N" 2 entry backedge } }
   { dg-final { pathprof-path for_loop "C B N" 4 backedge backedge } }
   { dg-final { pathprof-path for_loop "C R" 2 backedge return } }
   { dg-final { pathprof-executed for_loop 4 } }
   { dg-final { pathprof-total for_loop 9 } }

   { dg-final { pathprof-path while_loop "S W R" 1 entry return } }
   { dg-final { pathprof-path while_loop "S W B" 1 entry backedge } }
   { dg-final { pathprof-path while_loop "W B" 3 backedge backedge } }
   { dg-final { pathprof-path while_loop "W R" 1 backedge return } }
   { dg-final { pathprof-executed while_loop 4 } }
   { dg-final { pathprof-total while_loop 6 } }

   { dg-final { pathprof-path do_while "S B O D W" 1 entry backedge } }
   { dg-final { pathprof-path do_while "B D W" 1 backedge backedge } }
   { dg-final { pathprof-path do_while "B O D W" 1 backedge backedge } }
   { dg-final { pathprof-path do_while "B O D W R" 1 backedge return } }
   { dg-final { pathprof-path do_while "S B D W R" 1 entry return } }
   { dg-final { pathprof-executed do_while 5 } }
   { dg-final { pathprof-total do_while 5 } }

   { dg-final { pathprof-path nested "S OI OC II IC B IN" 1 entry backedge } }
   { dg-final { pathprof-path nested "IC B IN" 6 backedge backedge } }
   { dg-final { pathprof-path nested "IC ON" 4 backedge backedge } }
   { dg-final { pathprof-path nested "OC II IC B IN" 3 backedge backedge } }
   { dg-final { pathprof-path nested "OC R" 1 backedge return } }
   { dg-final { pathprof-path nested "S OI OC R" 1 entry return } }
   { dg-final { pathprof-executed nested 6 } }
   { dg-final { pathprof-total nested 16 } }

   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
