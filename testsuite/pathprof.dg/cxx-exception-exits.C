// Paths that end by an exception (issue 26): counted apart from the
// others, exactly, without enumerating them (pathprof-dump adds the
// paths from the entry to each exit edge of kind exception), and
// labelled as what they are.  Each call that may throw out of three()
// has a landing pad of the plugin's; guarded()'s calls throw into its
// own cleanup, which destroys g and resumes unwinding (a resx: end kind
// "exception", not "noreturn", which f's own throw is).

// { dg-do run }

#include <cstdio>

struct Err
{
  int value;
};

static int released;

struct Guard
{
  ~Guard () { released++; }
};

// Throws for a negative X: its throw is a call that does not return.
__attribute__ ((noinline)) static int
f (int x)
{
  if (x < 0)			// @T
    throw Err { x };		// @TX
  return x;			// @TV
}

// Three calls that may throw, a choice between the first and the last.
// Paths: A B D and A C D return; A (the first call threw), A B (the
// second), A B D and A C D (the third) end by an exception: 4 of 6.
__attribute__ ((noinline)) static int
three (int x)
{
  int a = f (x);		// @A
  if (a > 2)			// @A
    a += f (x - 3);		// @B
  else
    a -= 1;			// @C
  return a + f (x - 1);		// @D
}

// Two calls in the cleanup region of g: an exception from either runs
// ~Guard (line E) and leaves.  Paths: G H E return; G E and G H E by
// an exception: 2 of 3.
__attribute__ ((noinline)) static int
guarded (int x)
{
  Guard g;			// @G
  int r = f (x);		// @G
  return r + f (r - 10);	// @H
}				// @E

int
main ()
{
  static const int vals[] = { 5, -1, 1, 3, 2, 0 };
  int sum = 0, caught = 0;
  for (int i = 0; i < 6; i++)
    try
      {
	sum += three (vals[i]);
      }
    catch (const Err &)
      {
	caught++;
      }
  for (int i = 0; i < 2; i++)
    try
      {
	sum += guarded (i ? 12 : 3);
      }
    catch (const Err &)
      {
	caught++;
      }
  std::printf ("%d %d %d\n", sum, caught, released);
  return 0;
}

// three (x) for x = 5 -1 1 3 2 0:
//   5: f(5) 5 > 2, f(2), f(4): A B D (11)    -1: f(-1) throws: A
//   1: f(1) 1, f(0): A C D (0)               3: f(3) 3 > 2, f(0), f(2): A B D (5)
//   2: f(2) 2, f(1): A C D (2)               0: f(0) 0, f(-1) throws: A C D
// guarded (3): f(3), f(-7) throws: G H E; guarded (12): f(12), f(2):
// G H E return (14).  sum 11 + 0 + 5 + 2 + 14 = 32, caught 3, released 2.
//
// { dg-final { pathprof-potential "*three*" 6 } }
// { dg-final { pathprof-exception-exits "*three*" 4 2 } }
// { dg-final { pathprof-path "*three*" "A B D" 2 entry return } }
// { dg-final { pathprof-path "*three*" "A C D" 2 entry return } }
// { dg-final { pathprof-path "*three*" "A" 1 entry exception } }
// { dg-final { pathprof-path "*three*" "A C D" 1 entry exception } }
// { dg-final { pathprof-executed "*three*" 4 } }
//
// { dg-final { pathprof-potential "*guarded*" 3 } }
// { dg-final { pathprof-exception-exits "*guarded*" 2 1 } }
// { dg-final { pathprof-path "*guarded*" "G H E" 1 entry exception } }
// { dg-final { pathprof-path "*guarded*" "G H E*" 1 entry return } }
//
// f's throw is a noreturn call, no exception exit of f's own.
// { dg-final { pathprof-path "*f(int)" "T TX" 3 entry noreturn } }
// { dg-final { pathprof-exception-exits "*f(int)" 0 0 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
