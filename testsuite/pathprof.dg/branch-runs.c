/* Where gcov lists a block's branches, and which calls split a block.

   - A block of lines of two files (a fragment #included in a function
     body): gcov lists the block's branches on the last line of each run
     of lines of one file (gcov.cc, add_line_counts), here on the line
     before the #include, on the fragment's line and on the condition's.
   - A call of a const function (errno reads __errno_location) does not
     split its block, as gcov adds no edge to EXIT for it (profile.cc,
     need_fake_edge_p): the test after it, whose statement has the
     location of the call around it, counts with the block, and its
     branches are listed on the argument's line, as gawk's "fatal (...,
     errno ? strerror (errno) : ...)" showed.

   The suite compares every line and branch with gcov's.  */

/* { dg-do run } */

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void __attribute__ ((noinline))
report (const char *what, const char *why)
{
  printf ("%s: %s\n", what, why);
}

static int __attribute__ ((noinline))
runs (int x, int y)
{
  int r = x;
#include "branch-runs.h"
  if (r > 2)
    return r;
  return -r;
}

static int __attribute__ ((noinline))
check (int fail, const char *what)
{
  errno = 0;
  if (fail)
    errno = fail > 1 ? ERANGE : 0;
  if (fail)
    {
      report (what,
	      errno != 0 ? strerror (errno) : "reason unknown");
      return 1;
    }
  return 0;
}

int
main (void)
{
  int t = 0;
  for (int i = 0; i < 5; i++)
    t += runs (i, i & 1) + check (i % 3, "step");
  printf ("%d\n", t);
  return 0;
}

/* { dg-final { pathprof-path runs "*" 5 entry return } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
