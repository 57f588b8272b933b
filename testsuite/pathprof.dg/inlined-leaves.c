/* Inlined leaves (plugin/inlined-leaves.cc, runtime ABI 8): the copies
   of one-path functions inlined into a caller do not count themselves
   where the caller's paths say how often they ran; the runtime adds
   those paths' counts to the callee's at each write.  Copies inside the
   copies of an always_inline function count from that function's paths
   when every copy of the call lost its count.  The callees here
   are always_inline, so that they are inlined at -O0 too.  The counts
   below are the number of calls; the variant inlined-leaves=no, which
   counts every copy itself, must give the same counts path for path
   (dg.exp's variants).  The verbose notes say which callers had copies
   removed; then_call, whose copy is followed by a call that may exit,
   and main, whose copy of note holds a call, keep their copies'
   counts.  outer and mix2_host call (their calls are inlined only after
   the plugin's pass), yet are leaves: their callees make no call that
   may not return, so the calls cannot cut their paths short and they
   need no frame (doc/plugin.md, "Calls that always return"); a frame
   would make them no leaves.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>
#include <stdlib.h>

#define LEAF static inline __attribute__ ((always_inline))

/* Two loads, no branch: one path.  */
LEAF unsigned
rd (const unsigned char *p)
{
  return p[0] | (unsigned) p[1] << 8;	/* @RD */
}

LEAF int
twice (int x)
{
  return 2 * x;				/* @TW */
}

/* A one-path function that calls: its count is made where its path is
   known, at its entry (doc/algorithm.md, "Free chords"), so the call
   follows the count in main's copy and the copy counts itself.  */
LEAF void
note (unsigned x)
{
  printf ("%u\n", x);			/* @NOTE */
}

/* A leaf that calls a leaf: twice's copy in it counts from its path,
   and its own copies from nested's paths.  */
LEAF int
outer (int x)
{
  return twice (x) + 1;			/* @OUT */
}

int sink;

/* Leaves GCC inlines at -O2 only.  */
static inline unsigned
rd2 (const unsigned char *p)
{
  return p[0] ^ p[1];			/* @RD2 */
}

static inline int
half (int x)
{
  return x / 2;				/* @HALF */
}

/* An always_inline function of several paths: GCC 11-13 inline nothing
   into its body but always_inline functions, so at -O2 rd2's copies are
   made in its copies, in scan2's and scan3's, and count from scan's paths
   once each call's copies all lost their count (decide_groups): 16 + 16.
   GCC 14 inlines rd2 into scan early, as at -O0: the same counts.  */
static inline __attribute__ ((always_inline)) unsigned
scan (const unsigned char *p, int n)
{
  unsigned s = 0;
  for (int i = 0; i + 2 <= n; i += 2)
    if (p[i] & 1)
      s += rd2 (p + i);
    else
      s ^= rd2 (p);
  return s;
}

static unsigned __attribute__ ((noinline))
scan2 (const unsigned char *p)
{
  return scan (p, 32);
}

static unsigned __attribute__ ((noinline))
scan3 (const unsigned char *p)
{
  return scan (p + 1, 32);
}

/* The same with a copy of its call of half that stays a call: in
   no_inline, built at -O0, where nothing but always_inline functions is
   inlined.  The copy in blocked2 must then count itself again, both the
   group and the IPA inliner's copies blocked: 2 + 2 runs.  */
static inline __attribute__ ((always_inline)) int
blocky (int x)
{
  int y = 0;
  if (x > 0)
    y = half (x);
  return y;
}

static int __attribute__ ((noinline))
blocked2 (int x)
{
  return blocky (x);
}

static int __attribute__ ((noinline, optimize ("O0")))
no_inline (int x)
{
  return blocky (x);
}

/* Two copies on one line, in a loop: 2 * 32 runs.  */
static unsigned __attribute__ ((noinline))
sum (const unsigned char *p, int n)
{
  unsigned s = 0;
  for (int i = 0; i + 2 <= n; i += 2)
    s += rd (p + i) ^ rd (p);
  return s;
}

/* A copy on one arm only: 5 of 10 calls.  */
static int __attribute__ ((noinline))
arms (int x)
{
  if (x & 1)
    return twice (x);
  return x;
}

static void __attribute__ ((noinline))
maybe_exit (int x)
{
  if (x < 0)
    exit (3);
  sink += x;
}

/* After the copy, a call that may exit: the copy counts itself.  */
static int __attribute__ ((noinline))
then_call (int x)
{
  int y = twice (x);
  maybe_exit (x);
  return y;
}

/* A function that calls nothing cannot stop its caller's path, nor can
   a prefetch: after_calls's copy counts from its path.  */
static int __attribute__ ((noinline))
plain_sum (const unsigned char *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

static int __attribute__ ((noinline))
after_calls (const unsigned char *p)
{
  int y = twice (p[0]);
  __builtin_prefetch (p + 32);
  return y + plain_sum (p, 8);
}

static int __attribute__ ((noinline))
nested (int x)
{
  return outer (x) + outer (x + 1);
}

/* A leaf too big for the early inliner, inlined by the IPA inliner
   (its only caller): its copy counts from mixes's paths once every
   copy of the call is known to be inlined (plugin/inlined-leaves.cc,
   pathprof_decide_inlined_calls): 30 runs.  */
static int
mix (const unsigned char *p)
{
  return p[0] * 3 + p[1] * 5 + p[2] * 7 + p[3] * 11 + p[4] * 13 + p[5]; /* @MIX */
}

static int __attribute__ ((noinline))
mixes (const unsigned char *p, int n)
{
  int s = 0;
  for (int i = 0; i + 6 <= n; i++)
    if (p[i] & 1)
      s += mix (p + i);
  return s;
}

/* A leaf calling a leaf, called by a function optimised and one that
   is not (optimize ("O0"): nothing is inlined into it).  mix2_host's
   copy in hot_mix counts from hot_mix's paths, its call in cold_mix
   stays a call and counts itself (3 + 1 runs); mix2's copies, in every
   copy of mix2_host's body, count from mix2_host's paths (4 runs).  */
static int
mix2 (const unsigned char *p)
{
  return p[0] * 3 - p[1] * 5 + p[2] * 7 - p[3] * 11 + p[4] * 13 - p[5]; /* @MIX2 */
}

static inline int
mix2_host (const unsigned char *p)
{
  return mix2 (p) + 1;			/* @MIX2H */
}

static int __attribute__ ((noinline))
hot_mix (const unsigned char *p)
{
  int s = 0;
  for (int i = 0; i < 3; i++)
    s += mix2_host (p + i);
  return s;
}

static int __attribute__ ((noinline, optimize ("O0")))
cold_mix (const unsigned char *p)
{
  return mix2_host (p);
}

int
main (void)
{
  static unsigned char buf[64];
  for (int i = 0; i < 64; i++)
    buf[i] = (unsigned char) (i * 7);
  unsigned t = sum (buf, 64);
  for (int i = 0; i < 10; i++)
    t += arms (i);
  for (int i = 0; i < 4; i++)
    t += then_call (i);
  t += nested (5);
  t += after_calls (buf);
  t += scan2 (buf) + scan3 (buf);
  for (int i = 0; i < 2; i++)
    t += blocked2 (i + 1) + no_inline (i + 1);
  t += mixes (buf, 36) + hot_mix (buf) + cold_mix (buf + 1);
  note (t & 0xff);
  return 0;
}

/* The always_inline blocky is inlined into blocked2 and no_inline before
   gcov instruments, even at -O0: gcov lists its copies' branches on the
   callers' first lines, pathprof counts blocky's branch in blocky
   (doc/testing.md, "Whole programs against gcov").
   { dg-final { pathprof-gcov-skip-branches 116 "always_inline copy of blocky's branch" } }
   { dg-final { pathprof-gcov-skip-branches 122 "always_inline copy of blocky's branch" } } */
/* { dg-final { pathprof-compiler-output "'sum': 2 inlined one-path callees counted from its paths" } } */
/* { dg-final { pathprof-compiler-output "'arms': 1 inlined one-path callee counted from its paths" } } */
/* { dg-final { pathprof-compiler-output "'nested': 2 inlined one-path callees counted from its paths" } } */
/* { dg-final { pathprof-compiler-output "'outer': 1 inlined one-path callee counted from its paths" } } */
/* { dg-final { pathprof-compiler-output "'after_calls': 1 inlined one-path callee counted from its paths" } } */
/* { dg-final { pathprof-compiler-output "^(?!.*'(then_call|main)': \[0-9\]+ inlined)" } } */
/* { dg-final { pathprof-compiler-output-at -O2 "(inlined-leaves.c:84:\[0-9\]+: note: pathprof: 'scan': 1 inlined call of one-path 'rd2' counted from its paths in every copy of it|'scan': 2 inlined one-path callees counted from its paths)" } } */
/* { dg-final { pathprof-compiler-output-at -O2 "(inlined-leaves.c:86:\[0-9\]+: note: pathprof: 'scan': 1 inlined call of one-path 'rd2' counted from its paths in every copy of it|'scan': 2 inlined one-path callees counted from its paths)" } } */
/* { dg-final { pathprof-compiler-output "^(?!.*'blocky': \[0-9\]+ (inlined )?call)" } } */
/* { dg-final { pathprof-compiler-output-at -O2 "inlined-leaves.c:\[0-9\]+:\[0-9\]+: note: pathprof: 'mixes': 1 call of one-path 'mix' inlined after early inlining counted from its paths \\(1 copy\\)" } } */
/* { dg-final { pathprof-compiler-output-at -O2 "note: pathprof: 'mix2_host': 1 call of one-path 'mix2' inlined after early inlining counted from its paths \\(2 copies\\)" } } */
/* { dg-final { pathprof-compiler-output-at -O2 "note: pathprof: 'hot_mix': 1 call of one-path 'mix2_host' inlined after early inlining counted from its paths \\(1 copy\\)" } } */
/* { dg-final { pathprof-compiler-output "^(?!.*'cold_mix': 1 call of one-path)" } } */
/* { dg-final { pathprof-path rd "RD" 64 } } */
/* { dg-final { pathprof-path rd2 "RD2" 32 } } */
/* { dg-final { pathprof-path twice "TW" 12 } } */
/* { dg-final { pathprof-path half "HALF" 4 } } */
/* { dg-final { pathprof-path outer "OUT" 2 } } */
/* { dg-final { pathprof-path note "NOTE" 1 } } */
/* { dg-final { pathprof-path mix "MIX" 15 } } */
/* { dg-final { pathprof-path mix2 "MIX2" 4 } } */
/* { dg-final { pathprof-path mix2_host "MIX2H" 4 } } */
/* { dg-final { pathprof-total sum 33 } } */
/* At -O0 gcov counts a line once for each block the inlined calls cut
   it into.
   { dg-final { pathprof-gcov-skip-line 133 "gcov counts each block of the line" } }
   { dg-final { pathprof-gcov-skip-line 185 "gcov counts each block of the line" } }
   { dg-final { pathprof-gcov-skip-line 99 "gcov counts each block of the line" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
