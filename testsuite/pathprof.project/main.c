/* main.c: shapes N prints the areas of three shapes of size N.  */

#include <stdio.h>
#include <stdlib.h>

int shape_area (int kind, int size);

int
main (int argc, char **argv)
{
  int size = argc > 1 ? atoi (argv[1]) : 3;
  for (int kind = 0; kind < 3; kind++)
    printf ("%d %d\n", kind, shape_area (kind, size));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
