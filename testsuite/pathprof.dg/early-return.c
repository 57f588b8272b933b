/* Early returns: each return statement ends its own path (GCC joins them
   in one return block, which has no line of its own).

   sign_class runs on -3 -1 0 5 7 9:
     negative   N M     2
     zero       N Z Q   1
     positive   N Z P   3  */

/* { dg-do run } */

#include <stdio.h>

static int
sign_class (int x)
{
  if (x < 0)		/* @N */
    return -1;		/* @M */
  if (x == 0)		/* @Z */
    return 0;		/* @Q */
  x = x * 2;		/* @P */
  return x;		/* @P */
}

int
main (void)
{
  static const int values[] = { -3, -1, 0, 5, 7, 9 };
  int sum = 0;
  for (int i = 0; i < 6; i++)
    sum += sign_class (values[i]);
  printf ("%d\n", sum);
  return 0;
}

/* { dg-final { pathprof-path sign_class "N M" 2 entry return } }
   { dg-final { pathprof-path sign_class "N Z Q" 1 entry return } }
   { dg-final { pathprof-path sign_class "N Z P" 3 entry return } }
   { dg-final { pathprof-executed sign_class 3 } }
   { dg-final { pathprof-potential sign_class 3 } }
   { dg-final { pathprof-total sign_class 6 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
