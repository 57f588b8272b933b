/* Loop runs counted in registers (plugin/instrument.cc, backedge_runs):
   with update=locked (a locked add per count), an innermost loop with no call in it counts the
   paths that end inside it in two locals, and adds the pending run to
   memory when the path changes and on every way out of the loop.  The
   verbose note says which functions have such loops; the counts must be
   the ones derived by hand below, and equal to those of the variants
   (max-array=1 counts through the hash table, where no run is kept).
   threads.c runs such a loop in four threads at once.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-update=locked -fplugin-arg-pathprof-verbose" } */
/* The verbose notes are not errors: every line of the compiler's output
   that is not an error or a warning is pruned.  */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>

/* A call-free loop whose path changes at i == 2 and back, left by a
   break at i == 5.  Called with 7:
     i = 0: S I C X T A N   entry -> backedge       1
     i = 1, 3, 4: C X T A N backedge -> backedge    3
     i = 2: C X T O N       backedge -> backedge    1
     i = 5: C X R           backedge -> return      1
   and with 0: S I C R      entry -> return         1  */
static int __attribute__ ((noinline))
tight (int n)
{
  int s = 0;			/* @S */
  for (int i = 0;		/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    {
      if (i == 5) break;	/* @X */
      if (i % 3 == 2)		/* @T */
	s -= i;			/* @O */
      else
	s += i;			/* @A */
    }
  return s;			/* @R */
}

int external_counter;

int __attribute__ ((noinline))
bump (int i)
{
  external_counter++;
  return i;
}

/* The same shape with a call in the loop: no run, since the callee
   might exit or longjmp and lose the pending counts.  Called with 4:
   S I C B N 1, C B N 3, C R 1.  */
static int __attribute__ ((noinline))
with_call (int n)
{
  int s = 0;			/* @S */
  for (int i = 0;		/* @I */
       i < n;			/* @C */
       i++)			/* @N */
    s += bump (i);		/* @B */
  return s;			/* @R */
}

/* Only the inner loop keeps a run; it is entered and left once per
   outer iteration.  Called with 3: the inner loop counts j = i down by
   two, once for i = 1 and 2, twice for i = 3.
     S OI OC IJ IW ID   entry -> inner backedge            1
     IW ID              inner backedge -> inner backedge   1
     IW IS ON           inner backedge -> outer backedge   3
     OC IJ IW ID        outer backedge -> inner backedge   2
     OC R               outer backedge -> return           1  */
static int __attribute__ ((noinline))
nested (int n)
{
  int s = 0;			/* @S */
  for (int i = 1;		/* @OI */
       i <= n;			/* @OC */
       i++)			/* @ON */
    {
      int j = i;		/* @IJ */
      while (j > 0)		/* @IW */
	j -= 2;			/* @ID */
      s += j;			/* @IS */
    }
  return s;			/* @R */
}

int
main (void)
{
  printf ("%d %d %d %d\n", tight (7), tight (0), with_call (4), nested (3));
  return 0;
}

/* { dg-final { pathprof-compiler-output {.tight.[^\n]*loop runs counted in registers} } }
   { dg-final { pathprof-compiler-output {.nested.[^\n]*loop runs counted in registers} } }
   { dg-final { pathprof-compiler-output {.with_call.: [^\n]*dense counters\n} } }

   { dg-final { pathprof-path tight "S I C X T A N" 1 entry backedge } }
   { dg-final { pathprof-path tight "C X T A N" 3 backedge backedge } }
   { dg-final { pathprof-path tight "C X T O N" 1 backedge backedge } }
   { dg-final { pathprof-path tight "C X R" 1 backedge return } }
   { dg-final { pathprof-path tight "S I C R" 1 entry return } }
   { dg-final { pathprof-total tight 7 } }

   { dg-final { pathprof-path with_call "S I C B N" 1 entry backedge } }
   { dg-final { pathprof-path with_call "C B N" 3 backedge backedge } }
   { dg-final { pathprof-path with_call "C R" 1 backedge return } }
   { dg-final { pathprof-total with_call 5 } }

   { dg-final { pathprof-path nested "S OI OC IJ IW ID" 1 entry backedge } }
   { dg-final { pathprof-path nested "IW ID" 1 backedge backedge } }
   { dg-final { pathprof-path nested "IW IS ON" 3 backedge backedge } }
   { dg-final { pathprof-path nested "OC IJ IW ID" 2 backedge backedge } }
   { dg-final { pathprof-path nested "OC R" 1 backedge return } }
   { dg-final { pathprof-total nested 8 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
