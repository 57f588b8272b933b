// C++ exceptions beyond a single throw and catch (cxx-exceptions.C):
// a throw caught in the same function inside a loop, with a local object
// destroyed on the way to the handler; destructors with branches run
// during unwinding; a function an exception passes through with no
// landing pad at all; a handler that rethrows (throw;).
//
// EH edges cannot be split: the plugin puts no code on them and must
// still count every path exactly (design.md, trap 7).  A path ends at a
// call that does not return (__cxa_throw, __cxa_rethrow) when the call has
// no EH edge in its function (end kind "noreturn"), and at the resx that
// leaves a function after its cleanups, "left by exception" (end kind
// "exception": the resx is no call, and the call the exception came out
// of did not end the path there).  In a function the exception merely
// passes through, the plugin gives the call a landing pad of its own
// (plugin/unwind.cc), so the path it was on ends there, counted as "left
// by exception" at that call (end kind "exception").

// { dg-do run }

#include <cstdio>

struct Err
{
  int value;
};

static int odd_released, even_released, relayed, rethrown;

// A destructor with a branch: it runs on normal exits and during
// unwinding alike, and each run is one complete path of ~Guard.
struct Guard
{
  int id;
  explicit Guard (int i) : id (i) {}
  ~Guard ()
  {
    if (id % 2)			// @D
      odd_released++;		// @DO
    else
      even_released++;		// @DE
  }
};

// Throws for a negative X.  The throw has no handler here: __cxa_throw
// ends the path (kind noreturn), counted before the call.
__attribute__ ((noinline)) static int
check (int x)
{
  if (x < 0)			// @T
    throw Err { x };		// @TX
  return x;			// @TV
}

// No object with a destructor, no try: no landing pad of the
// program's.  When check throws, the exception passes through, and the
// path in progress (A B) ends at the call of check: the plugin's own
// landing pad counts it and resumes unwinding.
__attribute__ ((noinline)) static int
pass_through (int x)
{
  int y = 2 * x;		// @A
  if (x % 2 == 0)		// @A
    y += check (x);		// @B
  else
    y -= 1;			// @C
  return y;			// @R
}

// g's destructor runs on the normal exit (line E, after the return value
// is computed on line Q, then the return itself, line Q again) and in the
// cleanup when pass_through throws: the cleanup path G P E ends at the
// resx that goes on unwinding (kind exception) and is counted.
__attribute__ ((noinline)) static int
guarded (int x)
{
  Guard g (x);			// @G
  int r = pass_through (x);	// @P
  return r + 1;			// @Q
}				// @E

// Catches what guarded throws, and rethrows the "very negative" ones.
// The handler's __cxa_end_catch is on line F; after "throw;" it runs in
// a cleanup that ends in a resx (kind exception).
__attribute__ ((noinline)) static int
relay (int x)
{
  try
    {
      return guarded (x);	// @Y
    }
  catch (const Err &e)
    {
      relayed++;		// @H
      if (e.value < -4)		// @H
	throw;			// @W
      return 0;			// @Z
    }				// @F
}

// A throw caught in the same function, in a loop: the EH edges go from
// the __cxa_throw call to the cleanup that destroys g (line J, the end of
// the try block) and from there to the handler (line C), then on to i++.
// Every such path is a complete path of local_throw.
static int
local_throw (int n)
{
  int sum = 0;			// @S
  for (int i = 0; i < n; i++)	// @L
    try
      {
	Guard g (i);		// @I
	if (i % 3 == 0)		// @I
	  throw i;		// @X
	sum += 10;		// @N
      }				// @J
    catch (int v)
      {
	sum += v;		// @CA
      }
  return sum;			// @RE
}

int
main ()
{
  static const int vals[] = { 4, -2, 3, -6, 7, 8, -1 };
  int sum = 0;				// @M
  for (int i = 0; i < 7; i++)		// @ML
    try
      {
	sum += relay (vals[i]);		// @MT
      }
    catch (const Err &e)
      {
	rethrown++;			// @MK
      }
  int local = local_throw (7);		// @MP
  std::printf ("%d %d %d %d %d %d\n", sum, local, odd_released,
	       even_released, relayed, rethrown);
  return 0;
}

// relay (x) for x = 4 -2 3 -6 7 8 -1:
//   x   pass_through         check    guarded           ~Guard  relay
//   4   even: A B R (y 12)   T TV     G P Q E Q (13)    DE      Y (13)
//  -2   even: check throws   T TX     G P E (cleanup)   DE      Y H Z F (0)
//   3   odd:  A C R (y 5)    -        G P Q E Q (6)     DO      Y (6)
//  -6   even: check throws   T TX     G P E             DE      Y H W F: rethrown
//   7   odd:  A C R (13)     -        G P Q E Q (14)    DO      Y (14)
//   8   even: A B R (24)     T TV     G P Q E Q (25)    DE      Y (25)
//  -1   odd (-1 % 2 == -1): A C R (-3), no throw; G P Q E Q (-2); DO; Y (-2)
// sum = 13 + 0 + 6 + 14 + 25 - 2 = 56; relayed 2, rethrown 1.
//
// { dg-final { pathprof-path "*check*" "T TV" 2 entry return } }
// { dg-final { pathprof-path "*check*" "T TX" 2 entry noreturn } }
// { dg-final { pathprof-executed "*check*" 2 } }
//
// pass_through ran 7 times; the 2 paths that check's exception
// interrupted (x = -2, -6) end at the call of check: 7 path executions.
// { dg-final { pathprof-path "*pass_through*" "A B R" 2 entry return } }
// { dg-final { pathprof-path "*pass_through*" "A C R" 3 entry return } }
// { dg-final { pathprof-path "*pass_through*" "A B" 2 entry exception } }
// { dg-final { pathprof-executed "*pass_through*" 3 } }
// { dg-final { pathprof-total "*pass_through*" 7 } }
//
// { dg-final { pathprof-path "*guarded*" "G P Q E Q" 5 entry return } }
// { dg-final { pathprof-path "*guarded*" "G P E" 2 entry exception } }
// { dg-final { pathprof-executed "*guarded*" 2 } }
//
// { dg-final { pathprof-path "*relay*" "Y" 5 entry return } }
// { dg-final { pathprof-path "*relay*" "Y H Z F" 1 entry return } }
// { dg-final { pathprof-path "*relay*" "Y H W F" 1 entry exception } }
// { dg-final { pathprof-executed "*relay*" 3 } }
//
// local_throw (7): i = 0 3 6 throw (sum += i), i = 1 2 4 5 add 10:
// sum = 9 + 40 = 49.  The for's test is at the bottom, after i++ (ML).
// { dg-final { pathprof-path "*local_throw*" "S L I X J CA L" 1 entry backedge } }
// { dg-final { pathprof-path "*local_throw*" "L I X J CA L" 2 backedge backedge } }
// { dg-final { pathprof-path "*local_throw*" "L I N J L" 4 backedge backedge } }
// { dg-final { pathprof-path "*local_throw*" "L RE" 1 backedge return } }
// { dg-final { pathprof-executed "*local_throw*" 4 } }
// { dg-final { pathprof-total "*local_throw*" 8 } }
//
// ~Guard: relay's 7 guards (odd: 3 7 -1; even: 4 -2 -6 8) and
// local_throw's 7 (odd: 1 3 5; even: 0 2 4 6), 5 of them during
// unwinding (-2 -6 0 3 6), each one complete path.
// { dg-final { pathprof-path "Guard::~Guard*" "D DO" 6 entry return } }
// { dg-final { pathprof-path "Guard::~Guard*" "D DE" 8 entry return } }
// { dg-final { pathprof-total "Guard::~Guard*" 14 } }
// { dg-final { pathprof-total "Guard::Guard*" 14 } }
//
// main: i = 3 (x = -6) is caught here; the others return normally.
// { dg-final { pathprof-path main "M ML MT ML" 1 entry backedge } }
// { dg-final { pathprof-path main "ML MT ML" 5 backedge backedge } }
// { dg-final { pathprof-path main "ML MT MK ML" 1 backedge backedge } }
// { dg-final { pathprof-path main "ML MP" 1 backedge return } }
// { dg-final { pathprof-total main 8 } }

/* SPDX-License-Identifier: GPL-3.0-or-later */
