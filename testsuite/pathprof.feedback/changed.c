/* feedback.exp: a profile measured on this source, then fed back to it
   built with -DCHANGED, where "pick" has one more branch: pick keeps
   GCC's estimate with a note, "twice" (unchanged) gets its counts.  */

#include <stdio.h>

static int __attribute__ ((noinline))
pick (int i)
{
  int r = i & 3;
  if (r == 1)
    r += 10;
#ifdef CHANGED
  if (r == 2)
    r += 20;
#endif
  return r;
}

static int __attribute__ ((noinline))
twice (int i)
{
  if (i > 40)
    return 2 * i;
  return i;
}

int
main (void)
{
  int sum = 0;
  for (int i = 0; i < 50; i++)
    sum += pick (i) + twice (i);
  printf ("changed: %d\n", sum);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
