// C++ member functions: an out-of-line member, an inline member defined
// in the class, a const member and a static member.  The dump names them
// with their class (Histogram::add(int)); the globs below do not depend
// on whether the return type is part of the name.

// { dg-do run }

#include <cstdio>

class Histogram
{
public:
  Histogram () : total_ (0)
  {
    for (int i = 0; i < 4; i++)
      count_[i] = 0;
  }

  void add (int value);

  // Buckets 0..3; anything else is -1.
  int get (int bucket) const
  {
    if (bucket >= 4)			// @G
      return -1;			// @GX
    return count_[bucket];		// @GR
  }

  static int bucket_of (int value)
  {
    int b = value / 10;			// @B
    if (b > 3)				// @B
      b = 3;				// @BC
    return b;				// @BR
  }

  int total () const { return total_; }

private:
  int total_;
  int count_[4];
};

// add is called for 12 values: 3 of them (45, 99, 41) are >= 40 and
// make bucket_of clamp (B BC BR); 9 do not (B BR).
void
Histogram::add (int value)
{
  int b = bucket_of (value);		// @A
  count_[b]++;				// @A
  total_++;				// @A
}

int
main ()
{
  static const int values[] = { 5, 12, 45, 7, 19, 99, 0, 28, 41, 3, 15, 22 };
  Histogram h;
  for (int i = 0; i < 12; i++)
    h.add (values[i]);
  // get: 0, 1, 2, 3 in range (G GR), 4 and 9 out of range (G GX).
  int sum = 0;
  for (int b = 0; b < 6; b++)
    sum = sum * 10 + h.get (b == 5 ? 9 : b);
  std::printf ("%d %d\n", h.total (), sum);
  return 0;
}

// { dg-final { pathprof-path "*Histogram::add*" "A" 12 entry return } }
// { dg-final { pathprof-executed "*Histogram::add*" 1 } }
// { dg-final { pathprof-path "*Histogram::bucket_of*" "B BC BR" 3 entry return } }
// { dg-final { pathprof-path "*Histogram::bucket_of*" "B BR" 9 entry return } }
// { dg-final { pathprof-path "*Histogram::get*" "G GR" 4 entry return } }
// { dg-final { pathprof-path "*Histogram::get*" "G GX" 2 entry return } }
// { dg-final { pathprof-total "*Histogram::get*" 6 } }
// { dg-final { pathprof-total "*Histogram::total*" 1 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
