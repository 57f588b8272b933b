// A small real C++ program: a class hierarchy with virtual calls, held in
// a std::vector of std::unique_ptr, counted into a std::map.  Every
// template of the standard library that the program instantiates is
// compiled (and instrumented) here too; the checks are about the
// program's own functions, worked out from its data.  Areas are integers
// (a circle's is 3 r^2) so that every comparison is exact.
//
// The shapes, in order:
//   index  0       1        2       3       4        5        6
//   shape  Circle  Rect     Square  Circle  Rect     Square   Circle
//   size   r 1     4 x 5    2       r 6     1 x 9    11       r 3
//   area   3       20       4       108     9        121      27
//   class  0       1        0       2       0        2        1
// (size_class: 0 below 10, 1 below 100, 2 from 100.)
//
// { dg-do run }

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct Shape
{
  virtual ~Shape () = default;
  virtual long area () const = 0;
  virtual const char *kind () const = 0;

  // 0, 1 or 2 by area.
  int
  size_class () const
  {
    long a = area ();		// @Z
    if (a < 10)			// @Z
      return 0;			// @Z0
    else if (a < 100)		// @Z1
      return 1;			// @Z1B
    return 2;			// @Z2
  }
};

struct Circle : Shape
{
  long r;
  explicit Circle (long r_) : r (r_) {}
  long area () const override { return 3 * r * r; }	// @CA
  const char *kind () const override { return "circle"; }
};

struct Rect : Shape
{
  long w, h;
  Rect (long w_, long h_) : w (w_), h (h_) {}
  long area () const override { return w * h; }		// @RA
  const char *kind () const override { return "rect"; }
};

struct Square : Rect
{
  explicit Square (long s) : Rect (s, s) {}
  const char *kind () const override { return "square"; }
};

typedef std::vector<std::unique_ptr<Shape>> Shapes;

static Shapes
make_shapes ()
{
  Shapes v;
  v.push_back (std::make_unique<Circle> (1));
  v.push_back (std::make_unique<Rect> (4, 5));
  v.push_back (std::make_unique<Square> (2));
  v.push_back (std::make_unique<Circle> (6));
  v.push_back (std::make_unique<Rect> (1, 9));
  v.push_back (std::make_unique<Square> (11));
  v.push_back (std::make_unique<Circle> (3));
  return v;
}

// Counts the shapes by kind and returns how many are large (class 2:
// indices 3 and 5).  The range-for's test is at the bottom, on line TL
// with its increment.
static int
tally (const Shapes &shapes, std::map<std::string, int> &kinds)
{
  int large = 0;				// @TS
  for (const auto &s : shapes)			// @TL
    {
      kinds[s->kind ()]++;			// @TK
      if (s->size_class () == 2)		// @TC
	large++;				// @TG
    }
  return large;					// @TR
}

// The shape of largest area.  best is null only at i = 0 (the first
// operand of || decides); after that the area comparison does:
//   i  1 (20 > 3)  2 (4 > 20)  3 (108 > 20)  4 (9 > 108)  5 (121 > 108)
//      6 (27 > 121)
// so best changes at i = 0 1 3 5 and ends on the Square of area 121.
static const Shape *
largest (const Shapes &shapes)
{
  const Shape *best = nullptr;				// @LS
  for (std::size_t i = 0; i < shapes.size (); i++)	// @LL
    if (!best || shapes[i]->area () > best->area ())	// @LC
      best = shapes[i].get ();				// @LB
  return best;						// @LR
}

int
main ()
{
  Shapes shapes = make_shapes ();
  std::map<std::string, int> kinds;
  int large = tally (shapes, kinds);
  for (const auto &k : kinds)
    std::printf ("%s %d\n", k.first.c_str (), k.second);
  const Shape *big = largest (shapes);
  std::printf ("large %d, largest %s of area %ld\n", large, big->kind (),
	       big->area ());
  return 0;
}

// { dg-output "circle 3\nrect 2\nsquare 2\nlarge 2, largest square of area 121" }
//
// size_class: areas 3 4 9 (class 0), 20 27 (1), 108 121 (2).
// { dg-final { pathprof-path "Shape::size_class*" "Z Z0" 3 entry return } }
// { dg-final { pathprof-path "Shape::size_class*" "Z Z1 Z1B" 2 entry return } }
// { dg-final { pathprof-path "Shape::size_class*" "Z Z1 Z2" 2 entry return } }
// { dg-final { pathprof-executed "Shape::size_class*" 3 } }
//
// tally: indices 0 .. 6, large at 3 and 5.
// { dg-final { pathprof-path "*tally*" "TS TL TK TC TL" 1 entry backedge } }
// { dg-final { pathprof-path "*tally*" "TL TK TC TL" 4 backedge backedge } }
// { dg-final { pathprof-path "*tally*" "TL TK TC TG TL" 2 backedge backedge } }
// { dg-final { pathprof-path "*tally*" "TL TR" 1 backedge return } }
// { dg-final { pathprof-total "*tally*" 8 } }
//
// largest: i = 0 from the entry (best is null), 1 3 5 take the new
// best, 2 4 6 do not.
// { dg-final { pathprof-path "*largest*" "LS LL LC LB LL" 1 entry backedge } }
// { dg-final { pathprof-path "*largest*" "LL LC LB LL" 3 backedge backedge } }
// { dg-final { pathprof-path "*largest*" "LL LC LL" 3 backedge backedge } }
// { dg-final { pathprof-path "*largest*" "LL LR" 1 backedge return } }
// { dg-final { pathprof-executed "*largest*" 4 } }
// { dg-final { pathprof-total "*largest*" 8 } }
//
// The virtual calls.  area: 7 from size_class (3 circles, 4 rectangles
// and squares); in largest, shapes[i]->area () for i = 1 .. 6 (circles
// at 3 and 6) and best->area () with best = index 0 (i = 1), 1 (i = 2,
// 3), 3 (i = 4, 5), 5 (i = 6); and once more in main, on the Square.
// Circle::area: 3 + 2 + 3 = 8; Rect::area (Square inherits it):
// 4 + 4 + 3 + 1 = 12.  kind: once per shape in tally, and once in main.
// { dg-final { pathprof-total "Circle::area*" 8 } }
// { dg-final { pathprof-total "Rect::area*" 12 } }
// { dg-final { pathprof-total "Circle::kind*" 3 } }
// { dg-final { pathprof-total "Rect::kind*" 2 } }
// { dg-final { pathprof-total "Square::kind*" 3 } }
// { dg-final { pathprof-total "Square::Square*" 2 } }
// { dg-final { pathprof-total "Rect::Rect*" 4 } }

// From GCC 15 on, libstdc++'s iterator operators are always_inline too
// (see cxx-gcov-lines.C): gcov counts each piece of the range-for's line
// that their inlined blocks split.
// { dg-final { pathprof-gcov-skip-line 88 "gcov counts the pieces of a line that always_inline libstdc++ code splits (GCC 15)" gcc>=15 } }
/* SPDX-License-Identifier: GPL-3.0-or-later */
