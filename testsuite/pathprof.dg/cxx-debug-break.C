// With -g, the debug marker of "break;" right after a call that may
// throw sat after the call once the plugin gave the call a landing pad
// of its own (plugin/unwind.cc): a statement after one that ends its
// block, which ehcleanup's mark_reachable_handlers asserts never happens
// (an ICE at -g -O1 and above, issue 26).  The marker now moves to the
// block the call falls through to, and the CFG is the one -g0 builds:
// the paths and their counts are those of the build without -g (the
// DejaGnu driver's -g builds compare them, path for path).

// { dg-do run }
// { dg-options "-g" }

#include <cstdio>

__attribute__ ((noinline)) void
f (int n)
{
  if (n > 2)			// @F
    throw n;			// @T
}

__attribute__ ((noinline)) void
h (int n)
{
  for (int i = 0; i < n; i++)	// @L
    {
      f (n);			// @C
      break;
    }
}				// @R

int
main ()
{
  int caught = 0;
  for (int n = 0; n < 5; n++)
    try
      {
	h (n);
      }
    catch (int)
      {
	caught++;
      }
  printf ("%d\n", caught);
  return caught != 2;
}

// n = 0: the loop is not entered; n = 1, 2: f returns and break leaves
// the loop; n = 3, 4: f throws, and h's path ends at the call.
// { dg-final { pathprof-path "h(int)" "L R" 1 entry return } }
// { dg-final { pathprof-path "h(int)" "L C R" 2 entry return } }
// { dg-final { pathprof-path "h(int)" "L C" 2 entry exception } }
// { dg-final { pathprof-executed "h(int)" 3 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
