/* feedback.exp's -flto test, second unit (see lto-a.c).  noipa keeps
   count_odd out of main, so that its own counts reach the link.  */

__attribute__ ((noipa)) int
count_odd (const int *v, int n)
{
  int odd = 0;
  for (int i = 0; i < n; i++)
    if (v[i] & 1)
      odd++;
  return odd;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
