// Exceptions: a throw ends a path at the call to __cxa_throw (which does
// not return: end kind "noreturn"), and the caller's path goes on through
// the EH edge into its handler.  EH edges cannot be split, so the plugin
// must put no code on them and still count every path exactly
// (design.md, trap 7).

// { dg-do run }

#include <cstdio>

struct Bad
{
  int value;
};

// Doubles X; throws for a negative X.
static int
parse (int x)
{
  if (x < 0)			// @T
    throw Bad { x };		// @X
  return x * 2;			// @P
}

// Sums parse over V[0..N-1], counting the values it rejects.
// On { 5, -1, 7, -3, -4, 2 }: iterations 0, 2, 5 return normally,
// 1, 3, 4 throw and are caught:
//   S L C L     entry -> backedge (i = 0)           1
//   L C E L     backedge -> backedge, caught        3
//   L C L       backedge -> backedge, normal        2  (i = 2, 5)
//   L R         backedge -> return                  1
static int
total (const int *v, int n)
{
  int sum = 0, errors = 0;		// @S
  for (int i = 0; i < n; i++)		// @L
    {
      try
	{
	  sum += parse (v[i]);		// @C
	}
      catch (const Bad &b)
	{
	  errors++;			// @E
	}
    }
  return sum * 100 + errors;		// @R
}

int
main ()
{
  static const int v[] = { 5, -1, 7, -3, -4, 2 };
  std::printf ("%d\n", total (v, 6));
  return 0;
}

// { dg-final { pathprof-path "*parse*" "T P" 3 entry return } }
// { dg-final { pathprof-path "*parse*" "T X" 3 entry noreturn } }
// { dg-final { pathprof-executed "*parse*" 2 } }

// { dg-final { pathprof-path "*total*" "S L C L" 1 entry backedge } }
// { dg-final { pathprof-path "*total*" "L C E L" 3 backedge backedge } }
// { dg-final { pathprof-path "*total*" "L C L" 2 backedge backedge } }
// { dg-final { pathprof-path "*total*" "L R" 1 backedge return } }
// { dg-final { pathprof-total "*total*" 7 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
