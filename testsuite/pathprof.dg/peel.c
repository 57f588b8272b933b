/* Rotated and peeled first iterations (plugin/instrument.cc,
   peel_first_iterations): with peel=rotate, the default, at -O1 and
   above, an innermost loop whose iteration is one path and has no call
   is rotated if it is left from its header only (its header copied
   before it, the first iteration counted where it is entered), and
   otherwise gets its first iteration copied before it, probes and all,
   after the probes are placed (peel=yes does that to all of them:
   peel-copy.c); either way the steady path is counted in a local, added
   to its counter at each exit.  The counts must be those of the loop as
   written (derived by hand below, and equal to those of every variant,
   peel=no among them).  The verbose note says which functions had loops
   peeled or rotated.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-peel=rotate -fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>

/* One path per iteration, left from its header: rotated.  Called with
   5 and 0:
     S I C B N  entry -> backedge     1
     C B N      backedge -> backedge  4
     C R        backedge -> return    1
     S I C R    entry -> return       1  */
static int __attribute__ ((noinline))
sum (int n)
{
  int s = 0;			/* @S */
  for (int i = 0;		/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    s += i;			/* @B */
  return s;			/* @R */
}

/* One path per iteration with two exits, the second in the middle of
   the body: peeled.  Called with ("abcdef", 6, 'd'), ("ab", 2, 'z') and
   ("", 0, 'a'):
     S I C X N  entry -> backedge     2
     C X N      backedge -> backedge  3 (i = 1, 2; i = 1)
     C X R      backedge -> return    1 (i = 3)
     C R        backedge -> return    1 (i = 2)
     S I C R    entry -> return       1  */
static int __attribute__ ((noinline))
find (const char *p, int n, char c)
{
  int i = -1;			/* @S */
  for (i = 0;			/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    if (p[i] == c) break;	/* @X */
  return i;			/* @R */
}

/* A do-while of one block: the backedge leaves the block that is the
   whole body, the loop's header, whose copy runs the first iteration:
   rotated.  Called with 7 (n = 7, 5, 3, 1) and 0:
     S D W      entry -> backedge     1
     D W        backedge -> backedge  2
     D W R      backedge -> return    1
     S D W R    entry -> return       1  */
static int __attribute__ ((noinline))
down (int n)
{
  int s = 0;			/* @S */
  do
    s += n, n -= 2;		/* @D */
  while (n > 0);		/* @W */
  return s;			/* @R */
}

/* Only the inner loop is rotated, entered once per outer iteration
   from two paths (from the function's entry, from the outer backedge).  Called with
   4 (the inner loop runs 1 + 2 + 3 + 4 times) and 0:
     S OI OC II IC B IN   entry -> inner backedge            1
     IC B IN              inner backedge -> inner backedge   6
     IC ON                inner backedge -> outer backedge   4
     OC II IC B IN        outer backedge -> inner backedge   3
     OC R                 outer backedge -> return           1
     S OI OC R            entry -> return                    1  */
static int __attribute__ ((noinline))
nested (int n)
{
  int s = 0;			/* @S */
  for (int i = 0;		/* @OI */
       i < n;			/* @OC */
       i++)			/* @ON */
    for (int j = 0;		/* @II */
	 j <= i;		/* @IC */
	 j++)			/* @IN */
      s += j;			/* @B */
  return s;			/* @R */
}

/* A rotated loop entered from three prefixes, whose first iterations
   count apart: called with (3, 1), (2, 0) and (0, 1):
     S K T I C B N   entry -> backedge     1
     S K I C B N     entry -> backedge     1
     C B N           backedge -> backedge  3
     C R             backedge -> return    2
     S K T I C R     entry -> return       1  */
static int __attribute__ ((noinline))
prefixed (int n, int k)
{
  int s = 0;			/* @S */
  if (k)			/* @K */
    s = 10;			/* @T */
  for (int i = 0;		/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    s += i;			/* @B */
  return s;			/* @R */
}

/* Two paths per iteration: not peeled (the count's index would vary
   anyway).  Called with 4: S I C T A N 1, C T A N 1, C T O N 1,
   C T A N 1 in all 2, C R 1.  */
static int __attribute__ ((noinline))
two_paths (int n)
{
  int s = 0;			/* @S */
  for (int i = 0;		/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    if (i % 3 == 2)		/* @T */
      s -= i;			/* @O */
    else
      s += i;			/* @A */
  return s;			/* @R */
}

int
main (void)
{
  printf ("%d %d\n", sum (5), sum (0));
  printf ("%d %d %d\n", find ("abcdef", 6, 'd'), find ("ab", 2, 'z'),
	  find ("", 0, 'a'));
  printf ("%d %d\n", down (7), down (0));
  printf ("%d %d\n", nested (4), nested (0));
  printf ("%d\n", two_paths (4));
  printf ("%d %d %d\n", prefixed (3, 1), prefixed (2, 0), prefixed (0, 1));
  return 0;
}

/* { dg-final { pathprof-compiler-output-at -O2 {.sum.: [^\n]*dense counters, one-path loops rotated\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.find.: [^\n]*dense counters, first iterations of one-path loops peeled\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.down.: [^\n]*dense counters, one-path loops rotated\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.nested.: [^\n]*dense counters, one-path loops rotated\n} } }
   { dg-final { pathprof-compiler-output-at -O2 {.prefixed.: [^\n]*dense counters, one-path loops rotated\n} } }
   { dg-final { pathprof-compiler-output {.two_paths.: [^\n]*dense counters\n} } }

   { dg-final { pathprof-path sum "S I C B N" 1 entry backedge } }
   { dg-final { pathprof-path sum "C B N" 4 backedge backedge } }
   { dg-final { pathprof-path sum "C R" 1 backedge return } }
   { dg-final { pathprof-path sum "S I C R" 1 entry return } }
   { dg-final { pathprof-total sum 7 } }

   { dg-final { pathprof-path find "S I C X N" 2 entry backedge } }
   { dg-final { pathprof-path find "C X N" 3 backedge backedge } }
   { dg-final { pathprof-path find "C X R" 1 backedge return } }
   { dg-final { pathprof-path find "C R" 1 backedge return } }
   { dg-final { pathprof-path find "S I C R" 1 entry return } }
   { dg-final { pathprof-total find 8 } }

   { dg-final { pathprof-path down "S D W" 1 entry backedge } }
   { dg-final { pathprof-path down "D W" 2 backedge backedge } }
   { dg-final { pathprof-path down "D W R" 1 backedge return } }
   { dg-final { pathprof-path down "S D W R" 1 entry return } }
   { dg-final { pathprof-total down 5 } }

   { dg-final { pathprof-path nested "S OI OC II IC B IN" 1 entry backedge } }
   { dg-final { pathprof-path nested "IC B IN" 6 backedge backedge } }
   { dg-final { pathprof-path nested "IC ON" 4 backedge backedge } }
   { dg-final { pathprof-path nested "OC II IC B IN" 3 backedge backedge } }
   { dg-final { pathprof-path nested "OC R" 1 backedge return } }
   { dg-final { pathprof-path nested "S OI OC R" 1 entry return } }
   { dg-final { pathprof-total nested 16 } }

   { dg-final { pathprof-path two_paths "S I C T A N" 1 entry backedge } }
   { dg-final { pathprof-path two_paths "C T A N" 2 backedge backedge } }
   { dg-final { pathprof-path two_paths "C T O N" 1 backedge backedge } }
   { dg-final { pathprof-path two_paths "C R" 1 backedge return } }
   { dg-final { pathprof-total two_paths 5 } }

   { dg-final { pathprof-path prefixed "S K T I C B N" 1 entry backedge } }
   { dg-final { pathprof-path prefixed "S K I C B N" 1 entry backedge } }
   { dg-final { pathprof-path prefixed "C B N" 3 backedge backedge } }
   { dg-final { pathprof-path prefixed "C R" 2 backedge return } }
   { dg-final { pathprof-path prefixed "S K T I C R" 1 entry return } }
   { dg-final { pathprof-total prefixed 8 } }

   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
