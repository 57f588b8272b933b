/* The other program sharing shared-obj.o (see shared-a.c): calls it with
   other arguments, and has a function of its own.  */

#include <stdio.h>

int shared_work (int n);

static int
twice (int x)
{
  return x > 0 ? 2 * x : -2 * x;
}

int
main (void)
{
  int s = 0;

  for (int i = 1; i <= 4; i++)
    s += twice (shared_work (7 * i));
  printf ("%d\n", s);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
