/* The other "helper": see shadow-a.c.  */

static int
helper (int x)
{
  int r = 0;
  while (x > 0)
    {
      if (x & 1)
	r += x;
      x >>= 1;
    }
  return r;
}

int
b_entry (int n)
{
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += helper (i);
  return sum;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
