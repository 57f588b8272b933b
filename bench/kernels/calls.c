/* SPDX-License-Identifier: GPL-3.0-or-later */
/* calls.c -- many tiny functions called in a loop, the shape of a classic
   synthetic integer benchmark: each function has one path and is called
   across files (calls-leaf.c), so the call, the entry and the count of
   every call are what is measured.

   Usage: calls [MILLIONS]   (default 300)

   MILLIONS × 10^6 rounds of three calls over a small array of records;
   prints a checksum.  Part of pathprof's benchmark harness
   (bench/programs/k-calls.sh).  */

#include <stdio.h>
#include <stdlib.h>

#include "calls.h"

int
main (int argc, char **argv)
{
  long millions = argc > 1 ? atol (argv[1]) : 300;
  if (millions <= 0)
    {
      fprintf (stderr, "usage: calls [MILLIONS]\n");
      return 2;
    }
  struct record records[16] = { { 0, 0 } };
  unsigned h = 1;
  long rounds = millions * 1000000;
  for (long i = 0; i < rounds; i++)
    {
      struct record *r = &records[i & 15];
      h = leaf_mix (h, (unsigned) i);
      leaf_set (r, h);
      h += leaf_get (&records[(i + 5) & 15]);
    }
  printf ("calls %ld rounds: checksum %08x\n", rounds, h);
  return 0;
}
