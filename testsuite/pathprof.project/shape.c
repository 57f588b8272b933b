/* shape.c: libshape.so, a library with a loop and a few branches.  */

int
shape_area (int kind, int size)
{
  int area = 0;
  for (int i = 0; i < size; i++)
    {
      if (kind == 0)
	area += 1;
      else if (kind == 1)
	area += i + 1;
      else
	area += 2 * i + 1;
    }
  return area;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
