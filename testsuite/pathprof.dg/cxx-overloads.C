// Overloaded functions: scale(int) and scale(double) are two functions
// with two profiles, told apart by their parameter types.

// { dg-do run }

#include <cstdio>

// scale(int) on 3, 200, 40, 500: 200 and 500 are capped (I C), 3 and 40
// are doubled (I D).
static int
scale (int x)
{
  if (x > 100)			// @I
    return 100;			// @C
  return x * 2;			// @D
}

// scale(double) on 0.5 and -2.0: a loop halving |x| below 0.1 after
// taking the absolute value.
//   0.5: no negation; halvings 0.25, 0.125, 0.0625: 3 iterations.
//   -2.0: negated (N); 1, 0.5, 0.25, 0.125, 0.0625: 5 iterations.
static double
scale (double x)
{
  int steps = 0;		// @S
  if (x < 0)			// @S
    x = -x;			// @N
  while (x >= 0.1)		// @W
    {
      x /= 2;			// @B
      steps++;			// @B
    }
  return steps;			// @R
}

int
main ()
{
  int a = scale (3) + scale (200) + scale (40) + scale (500);
  double b = scale (0.5) + scale (-2.0);
  std::printf ("%d %g\n", a, b);
  return 0;
}

// { dg-final { pathprof-path "*scale(int)" "I C" 2 entry return } }
// { dg-final { pathprof-path "*scale(int)" "I D" 2 entry return } }
// { dg-final { pathprof-executed "*scale(int)" 2 } }
// scale(double): entry paths S W B (0.5) and S N W B (-2.0); backedge
// paths W B: 2 + 4; exits W R: 2.
// { dg-final { pathprof-path "*scale(double)" "S W B" 1 entry backedge } }
// { dg-final { pathprof-path "*scale(double)" "S N W B" 1 entry backedge } }
// { dg-final { pathprof-path "*scale(double)" "W B" 6 backedge backedge } }
// { dg-final { pathprof-path "*scale(double)" "W R" 2 backedge return } }
// { dg-final { pathprof-total "*scale(double)" 10 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
