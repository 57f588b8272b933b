/* Where a function's frame is linked (doc/plugin.md, "Where the frame is
   linked"): where an early exit is anticipated, behind a flag where a
   loop re-enters such blocks, except where more than 16 edges into them
   would need the flag's test and those edges are dense (at least one per
   64 blocks), where it is linked on entry.  dense and sparse have the
   same 17 calls in a loop, each an edge that needs the test; sparse also
   has a switch of 512 cases in the same loop, so its edges are sparse
   and it links where needed, while dense links on entry.  Both must
   count the path cut by exit: v = { 5, 7, 16 } calls note (5) and
   note (7), which return, and note (16), which exits with status 0
   through sparse's call; dense's run with stop -1 returns.

     dense:  entry -> backedge (i = 0), backedge -> backedge (i = 1, 2),
	     backedge -> return                                     4
     sparse: entry -> backedge (i = 0), backedge -> backedge (i = 1),
	     backedge -> call (i = 2, note exits)                   3
     main:   entry -> call (sparse exits)                           1  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths=yes -fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__ ((noinline)) static void
note (int k, int stop)
{
  if (k == stop)
    {
      fflush (stdout);
      exit (0);
    }
  printf ("%d\n", k);
}

#define CALL(k) if (v[i] == k) note (k, stop);
#define CALL4(k) CALL (k) CALL (k + 1) CALL (k + 2) CALL (k + 3)
#define CALL17 CALL4 (0) CALL4 (4) CALL4 (8) CALL4 (12) CALL (16)

__attribute__ ((noinline)) static int
dense (const int *v, int n, int stop)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      CALL17
      s += v[i];
    }
  return s;
}

#define CASE(k) case k: s += (k) ^ j; break;
#define CASE4(k) CASE (k) CASE (k + 1) CASE (k + 2) CASE (k + 3)
#define CASE16(k) CASE4 (k) CASE4 (k + 4) CASE4 (k + 8) CASE4 (k + 12)
#define CASE64(k) CASE16 (k) CASE16 (k + 16) CASE16 (k + 32) CASE16 (k + 48)
#define CASE256(k) CASE64 (k) CASE64 (k + 64) CASE64 (k + 128) CASE64 (k + 192)

__attribute__ ((noinline)) static int
sparse (const int *v, int n, int j, int stop)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      CALL17
      switch (v[i] * j)
	{
	CASE256 (0) CASE256 (256)
	default:
	  s--;
	}
    }
  return s;
}

int
main (int argc, char **argv)
{
  (void) argv;
  int v[] = { 5, 7, 16 };
  printf ("%d\n", dense (v, 3, -1));
  printf ("%d\n", sparse (v, 3, argc, 16));
  return 1;
}

/* { dg-final { pathprof-compiler-output {.dense.: [^\n]*, a frame for its cut paths linked on entry} } }
   { dg-final { pathprof-compiler-output {.sparse.: [^\n]*, a frame for its cut paths(?! linked)} } }
   { dg-final { pathprof-total dense 4 } }
   { dg-final { pathprof-total sparse 3 } }
   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
