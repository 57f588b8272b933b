/* Inlined leaves that call (plugin/inlined-leaves.cc, count_last_p): a
   one-path function that makes a call counts its path after the call
   (placement.c counts no path before a call that may not return), so a
   run cut short in the call is not counted, and neither is the path of
   the caller it was inlined into.  Its copies may then count from the
   caller's paths although the call could stop them: here the IPA
   inliner's copy of mixc in mixcs, at -O2.

   stop_at (not instrumented) exits with status 0 when I reaches N.
   mixcs calls mixc for the odd bytes of buf (i * 7 is odd for odd i):
   i = 1, 3, 5, 7 complete, i = 9 exits in stop_at, inside mixc's run.
   So mixc counts 4 runs, and the variant inlined-leaves=no, which counts
   every copy itself, gives the same counts path for path (dg.exp's
   variants).  With partial-paths=no only: by default mixc's run cut in
   stop_at is counted too (a cut path), and a function with cut paths is
   no leaf.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-verbose -fplugin-arg-pathprof-partial-paths=no" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdlib.h>

int sink;

__attribute__ ((noinline, no_profile_instrument_function)) static void
stop_at (int i, int n)
{
  if (i == n)
    exit (0);
  sink += i;
}

/* Too big for the early inliner; the IPA inliner inlines it into its
   only caller.  */
static int
mixc (const unsigned char *p, int i, int n)
{
  stop_at (i, n);
  return p[0] * 3 + p[1] * 5 + p[2] * 7 + p[3] * 11 + p[4] * 13 + p[5]; /* @MIXC */
}

static int __attribute__ ((noinline))
mixcs (const unsigned char *p, int n)
{
  int s = 0;
  for (int i = 0; i + 6 <= 2 * n; i++)
    if (p[i] & 1)
      s += mixc (p + i, i, n);
  return s;
}

int
main (void)
{
  static unsigned char buf[64];
  for (int i = 0; i < 64; i++)
    buf[i] = (unsigned char) (i * 7);
  sink += mixcs (buf, 9);
  return 1;
}

/* { dg-final { pathprof-compiler-output-at -O2 "note: pathprof: 'mixcs': 1 call of one-path 'mixc' inlined after early inlining counted from its paths \\(1 copy\\)" } } */
/* { dg-final { pathprof-path mixc "MIXC" 4 } } */
/* { dg-final { pathprof-gcov-skip "the run cut short by exit is lost without partial-paths (doc/manual.md), gcov counts its lines before the exit" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
