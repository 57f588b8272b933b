/* build.exp's -flto check, second unit (see lto-main.c).  */

int
scale (int x)
{
  if (x < 0)
    return -2 * x;
  if (x > 20)
    return 20;
  return x * 3;
}

int
sum_scaled (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += scale (v[i]);
  return s;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
