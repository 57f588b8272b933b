/* One of two programs sharing the instrumented object shared-obj.o
   (runtime/tests/concurrent.sh).  */

#include <stdio.h>

int shared_work (int n);

int
main (void)
{
  printf ("%d\n", shared_work (10) + shared_work (3));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
