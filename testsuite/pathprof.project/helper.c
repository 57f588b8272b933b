/* helper.c: helper N reads "KIND AREA" lines and checks each area
   against its own formula; exit status 0 if all agree.  */

#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int size = argc > 1 ? atoi (argv[1]) : 3;
  int kind, area, bad = 0, lines = 0;
  while (scanf ("%d %d", &kind, &area) == 2)
    {
      int expected = kind == 0 ? size
		     : kind == 1 ? size * (size + 1) / 2 : size * size;
      if (area != expected)
	bad++;
      lines++;
    }
  printf ("helper: %d lines, %d wrong\n", lines, bad);
  return bad != 0 || lines != 3;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
