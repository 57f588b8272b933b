// C++ line counts as gcov gives them (issue 26), checked by the gcov
// oracle at -O0 (every line of this file against gcov's for the same
// run) and, for the lines that were wrong, by pathprof-line:
//  - the "}" of a scope whose local's destructor runs after a call that
//    may throw: gcov splits blocks after such calls, so the "}" counts
//    the times the scope was left normally, not its landing pad's 0;
//  - "break;" after a call in a switch: a line of its own;
//  - a loop of "while (true)" whose body has a local with a destructor:
//    the jump back has the destructor's line in the loop's scope;
//  - a function on one line, and lambdas on the line of the call that
//    passes them: gcov keeps one count per line, and never gives a line
//    the block of the highest number;
//  - a class whose constructor and destructor the compiler makes: gcov
//    leaves their lines out.

// { dg-do run }

#include <cstdio>
#include <string>
#include <vector>
#include <algorithm>

struct Tok { int k; std::string s; };
static int pos;

struct Obj
{
  int v;
  Obj (int x) : v (x) {}
  ~Obj () { if (v > 100) std::printf ("big\n"); }
};

__attribute__ ((noinline)) int
g (int x)
{
  if (x > 1000)
    throw x;
  return x + 1;
}

__attribute__ ((noinline)) Tok next (int n) { Tok t; t.k = pos++ % 4; t.s = "x"; if (pos > n) t.k = 9; return t; }

__attribute__ ((noinline)) int
scoped (int n)
{
  int s = 0;
  {
    Obj o (n);
    s += g (o.v);
  }				// @S
  return s;
}

__attribute__ ((noinline)) int
sw (int k)
{
  int r = 0;
  switch (k)
    {
    case 0:
      r += scoped (k);
      break;			// @B0
    case 1:
      r -= scoped (k);
      break;			// @B1
    default:
      r = 7;
      break;
    }
  return r;
}

__attribute__ ((noinline)) int
scan (int n)
{
  while (true)
    {
      Tok t = next (n);
      if (t.k == 9)
	return pos;
      if (t.k == 1)
	continue;
      switch (t.k)
	{
	case 0: pos += 0; break;
	case 2: std::printf ("%s", ""); break;
	default: break;
	}
    }				// @W
}

int
main ()
{
  std::vector<int> v = { 5, 3, 9, 1 };
  int total = 0;
  std::sort (v.begin (), v.end (), [&] (int a, int b) {	// @L1
    total++;
    return a < b;
  });
  std::for_each (v.begin (), v.end (), [&] (int x) { total += x; });	// @L2
  for (int i = 0; i < 6; i++)
    total += sw (i % 3);
  for (int i = 0; i < 3; i++)
    total += scan (10 * (i + 1));
  std::printf ("%d\n", total);
  return 0;
}

// { dg-final { pathprof-line "scoped(int)" 50 4 } }
// { dg-final { pathprof-line "sw(int)" 62 2 } }
// { dg-final { pathprof-line "sw(int)" 65 2 } }
// { dg-final { pathprof-line "scan(int)" 89 59 } }

// From GCC 13.3 on, libstdc++ makes small members of std::vector and
// std::allocator always_inline.  gcov instruments after the early
// inliner, which inlines them even at -O0, so the initializer-list
// constructor's inlined blocks split line 95 and gcov counts each piece
// it enters; pathprof instruments before inlining and counts the line
// once per run of it, as with GCC 11 and 12 (issue 29 takes gcov's rule
// for inlined code over).
// { dg-final { pathprof-gcov-skip-line 95 "gcov counts the pieces of a line that always_inline libstdc++ code splits (GCC 13.3 on)" gcc>=13 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
