/* build.exp's -flto check, main unit.  scale and sum_scaled are in
   lto-part.c: with -flto GCC can inline them here at link time, and the
   counts must still be those of the build without -flto.  The plugin
   runs only in the compile steps; the link step does not load it.  */

#include <stdio.h>

int scale (int x);
int sum_scaled (const int *v, int n);

static int
pick (int i)
{
  if (i % 3 == 0)
    return scale (i);
  return -i;
}

int
main (void)
{
  static const int v[] = { 3, -8, 14, 0, 27, -1, 100 };
  int s = sum_scaled (v, 7);
  for (int i = 0; i < 10; i++)
    s += pick (i);
  printf ("%d\n", s);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
