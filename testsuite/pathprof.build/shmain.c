/* build.exp's shared library check: this program and the library it is
   linked with (shlib-part.c) are both instrumented, and both link
   libpathprof.so, so one runtime writes both profiles.
   total (v, 4): MS ML MB ML (entry -> backedge) 1, ML MB ML 3, ML MR 1.
   It prints 6 + 6 + 0 + 3 = 15.  */

#include <stdio.h>

int lib_score (int x);

static int
total (const int *v, int n)
{
  int t = 0;			/* @MS */
  for (int i = 0; i < n; i++)	/* @ML */
    t += lib_score (v[i]);	/* @MB */
  return t;			/* @MR */
}

int
main (void)
{
  static const int v[] = { 5, 6, 0, 1 };
  printf ("%d\n", total (v, 4));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
