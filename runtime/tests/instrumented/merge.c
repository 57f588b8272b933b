/* Compiled with the plugin by runtime/tests/concurrent.sh: the same
   deterministic work in every run, so that N runs merged into one
   profile must give exactly N times one run's counts.  Paths go to dense
   counters (classify, main) and to the runtime's hash table (mix has 2^16
   paths; concurrent.sh compiles this with max-array=16384).

   Usage: merge [N]  (N iterations, default 2000).  */

#include <stdio.h>
#include <stdlib.h>

static int
classify (int x)
{
  if (x % 15 == 0)
    return 3;
  if (x % 5 == 0)
    return 2;
  if (x % 3 == 0)
    return 1;
  return 0;
}

static unsigned
mix (unsigned x)
{
  unsigned h = 0;

  if (x & 0x1) h += 1;
  if (x & 0x2) h ^= 2;
  if (x & 0x4) h += 3;
  if (x & 0x8) h ^= 4;
  if (x & 0x10) h += 5;
  if (x & 0x20) h ^= 6;
  if (x & 0x40) h += 7;
  if (x & 0x80) h ^= 8;
  if (x & 0x100) h += 9;
  if (x & 0x200) h ^= 10;
  if (x & 0x400) h += 11;
  if (x & 0x800) h ^= 12;
  if (x & 0x1000) h += 13;
  if (x & 0x2000) h ^= 14;
  if (x & 0x4000) h += 15;
  if (x & 0x8000) h ^= 16;
  return h;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 2000;
  int kinds[4] = { 0, 0, 0, 0 };
  unsigned sum = 0;

  for (int i = 0; i < n; i++)
    {
      kinds[classify (i)]++;
      sum += mix ((unsigned) i * 2654435761u >> 7);
    }
  printf ("%d %d %d %d %u\n", kinds[0], kinds[1], kinds[2], kinds[3], sum);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
