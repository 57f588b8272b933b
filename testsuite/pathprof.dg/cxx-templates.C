// A function template instantiated twice: each instantiation is its own
// function with its own paths.  Globs pick them by their type (long or
// double), whatever GCC's spelling of the name ("clamp_sum<long>(...)" or
// "T clamp_sum(...) [with T = long]").

// { dg-do run }

#include <cstdio>

// Sum of the elements of [begin, end), each clamped to at most HI.
template <typename T>
T
clamp_sum (const T *begin, const T *end, T hi)
{
  T sum = 0;					// @S
  for (const T *p = begin; p != end; p++)	// @L
    {
      T v = *p;					// @C
      if (v > hi)				// @C
	v = hi;					// @K
      sum += v;					// @A
    }
  return sum;					// @R
}

int
main ()
{
  // long: 5 elements, hi 10: 12 and 30 are clamped.
  static const long l[] = { 1, 12, 3, 30, 5 };
  // double: 3 elements, hi 1.0: 2.5 is clamped; called twice.
  static const double d[] = { 0.5, 2.5, 0.25 };
  long a = clamp_sum (l, l + 5, 10L);
  double b = clamp_sum (d, d + 3, 1.0) + clamp_sum (d, d + 3, 1.0);
  std::printf ("%ld %g\n", a, b);
  return 0;
}

// The body line L holds the test p != end and the increment p++, so a
// path from the entry is S L C [K] A L and from a backedge L C [K] A L.
// long, elements 1 12 3 30 5 (clamped: 12 and 30):
//   S L C A L (1, entry), L C K A L (12, 30), L C A L (3, 5), L R.
// { dg-final { pathprof-path "*clamp_sum*long*" "S L C A L" 1 entry backedge } }
// { dg-final { pathprof-path "*clamp_sum*long*" "L C K A L" 2 backedge backedge } }
// { dg-final { pathprof-path "*clamp_sum*long*" "L C A L" 2 backedge backedge } }
// { dg-final { pathprof-path "*clamp_sum*long*" "L R" 1 backedge return } }
// { dg-final { pathprof-total "*clamp_sum*long*" 6 } }
// double, twice 0.5 2.5 0.25 (clamped: 2.5):
//   S L C A L (0.5, entry), L C K A L (2.5), L C A L (0.25), L R.
// { dg-final { pathprof-path "*clamp_sum*double*" "S L C A L" 2 entry backedge } }
// { dg-final { pathprof-path "*clamp_sum*double*" "L C K A L" 2 backedge backedge } }
// { dg-final { pathprof-path "*clamp_sum*double*" "L C A L" 2 backedge backedge } }
// { dg-final { pathprof-path "*clamp_sum*double*" "L R" 2 backedge return } }
// { dg-final { pathprof-executed "*clamp_sum*double*" 4 } }
// { dg-final { pathprof-total "*clamp_sum*double*" 8 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
