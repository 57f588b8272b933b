/* feedback.exp's -flto test, main unit; count_odd is in lto-b.c.  The
   fed-back objects carry their counts through LTO's streaming: the
   link-time (LTRANS) dump of count_odd must show the measured counts,
   its loop test run 10 times for the 9 values, its odd arm 5.  */

#include <stdio.h>

int count_odd (const int *v, int n);

int
main (void)
{
  static const int v[] = { 3, 8, 14, 1, 27, 6, 100, 5, 9 };
  printf ("%d\n", count_odd (v, 9));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
