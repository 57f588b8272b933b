/* count.c: for project.sh, the C program of the readme/ project.  */
#include <stdio.h>

int
main (void)
{
  int odd = 0;
  for (int i = 0; i < 10; i++)
    if (i % 2)
      odd++;
  printf ("%d\n", odd);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
