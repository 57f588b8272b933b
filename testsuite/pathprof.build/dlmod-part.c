/* An instrumented shared object that build.exp's dlmain.c loads with
   dlopen, uses and unloads with dlclose, twice.  Its profile is written
   when it is unloaded (doc/runtime.md: __pathprof_unregister), and the
   second unload adds to the first.

   dlmain runs the Collatz sequence from 6 with the first load (6 3 10 5
   16 8 4 2: 6 even, 2 odd steps) and from 7 with the second (7 22 11 34
   17 52 26 13 40 20 10 5 16 8 4 2: 11 even, 5 odd):
     DE DH   entry -> return   6 + 11 = 17
     DE DT   entry -> return   2 + 5 = 7  */

int
mod_step (int x)
{
  if (x % 2 == 0)	/* @DE */
    return x / 2;	/* @DH */
  return 3 * x + 1;	/* @DT */
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
