/* Compiled with the plugin by runtime/tests/badprogram.sh, twice: as is,
   and with -DCHANGED, which changes main's CFG (another build of the same
   object, whose profile is then stale).  Both print "hello 1" and exit
   with 3, so that the tests see the program's own output and status.  */

#include <stdio.h>

int
main (void)
{
  int n = 0;

  for (int i = 0; i < 10; i++)
#ifdef CHANGED
    if (i % 2)
      n += 2;
    else
#endif
      n += i;
  printf ("hello %d\n", n > 0);
  return 3;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
