/* The program of tool/tests/tool.sh: run as "two-inputs N", it
   classifies 0 .. N-1.  Built at -O0, so that its paths are as written.

   classify has three paths: Z (x % 3 == 0), B (x > 4), O (the rest).
   main has three executed paths for N >= 1: "first" (entry to the first
   backedge), "iter" (backedge to backedge, N - 1 times) and "exit"
   (backedge to return).  */

#include <stdlib.h>

__attribute__ ((noinline)) static int
classify (int x)
{
  if (x % 3 == 0)
    return 0;
  if (x > 4)
    return 2;
  return 1;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 0;
  int s = 0;

  for (int i = 0; i < n; i++)
    s += classify (i);
  return s < 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
