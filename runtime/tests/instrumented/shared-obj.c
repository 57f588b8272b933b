/* Compiled with the plugin into one object by runtime/tests/concurrent.sh
   and linked into two different programs (shared-a.c, shared-b.c): both
   merge into this object's one profile.  */

int
shared_work (int n)
{
  int s = 0;

  for (int i = 0; i < n; i++)
    {
      if (i % 2)
	s += i;
      else if (i % 3)
	s -= 1;
      else
	s ^= i;
    }
  return s;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
