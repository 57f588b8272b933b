/* partial-paths with a call whose arguments go on to the next line, as
   pcre2grep's "bufflength = 2*bufthird + fill_buffer(handle, ...\n
   main_buffer + 2*bufthird, ...);" (issue 29): the call has the first
   line, the operand evaluated before it the second, and the statement
   that uses the result the first again.  gcov ends the block after the
   call, so the first line is in two blocks and owns neither (its last
   lines are the second and the next statement's): it counts both, 10.
   The early exit at the call must split the block after the call's own
   entry among the block's lines, not after the first line's first
   entry, which made the first line own a block and count 5; the gcov
   oracle (step 6) checks it.  Every call of fill comes back: no path
   ends at it.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths" } */

#include <stdio.h>
#include <string.h>

static char buf[64];

__attribute__ ((noinline)) static int
fill (char *p, int n)
{
  memset (p, 'x', n);
  return n;
}

int
main (void)
{
  int total = 0, third = 8;
  for (int i = 0; i < 5; i++)
    {
      total -= third;
      total = 2 * third + fill (buf
				+ 2 * third, third);
      total += buf[3];
    }
  printf ("%d\n", total);
  return 0;
}

/* { dg-final { pathprof-line main 36 10 } }
   { dg-final { pathprof-line main 37 5 } }
   { dg-final { pathprof-line main 38 5 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
