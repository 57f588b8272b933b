/* shadow-a.c and shadow-b.c: a static function "helper" in each, with
   different CFGs.  Merged into one profile by pathprof-tool, the two
   share a name: feedback= must give each unit its own (feedback.exp,
   fb-shadowed).  */

#include <stdio.h>

int b_entry (int n);

static int
helper (int x)
{
  if (x % 3 == 0)
    return x / 3;
  return x + 1;
}

int
main (void)
{
  int sum = 0;
  for (int i = 0; i < 30; i++)
    sum += helper (i);
  printf ("%d %d\n", sum, b_entry (20));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
