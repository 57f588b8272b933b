/* SPDX-License-Identifier: GPL-3.0-or-later */
/* reduce.c -- reductions: the sum of an array and the dot product of two,
   each a loop of one block that carries its result in a register.

   Usage: reduce [N [REPEAT]]   (default 1000000 and 600)

   Fills two arrays of N 32-bit integers from an LCG, then REPEAT times
   adds up the first into 64 bits and takes the dot product of both,
   changing one element per round; prints both results.  Integers, so
   that a vectorised build and a scalar one agree.  Part of pathprof's
   benchmark harness (bench/programs/k-reduce.sh).  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The sum of the N elements of X.  */
static uint64_t
sum (const uint32_t *x, size_t n)
{
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += x[i];
  return total;
}

/* The dot product of X and Y, modulo 2^64.  */
static uint64_t
dot (const uint32_t *x, const uint32_t *y, size_t n)
{
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += (uint64_t) x[i] * y[i];
  return total;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  int repeat = argc > 2 ? atoi (argv[2]) : 600;
  if (n <= 0 || repeat <= 0)
    {
      fprintf (stderr, "usage: reduce [N [REPEAT]]\n");
      return 2;
    }
  uint32_t *x = malloc (n * sizeof *x);
  uint32_t *y = malloc (n * sizeof *y);
  if (!x || !y)
    {
      fprintf (stderr, "reduce: out of memory\n");
      return 1;
    }
  uint64_t state = 0x2545f4914f6cdd1du;
  for (long i = 0; i < n; i++)
    {
      state = state * 6364136223846793005u + 1442695040888963407u;
      x[i] = (uint32_t) (state >> 32);
      y[i] = (uint32_t) (state >> 7);
    }

  uint64_t sums = 0, dots = 0;
  for (int r = 0; r < repeat; r++)
    {
      sums = sums * 31 + sum (x, n);
      dots = dots * 31 + dot (x, y, n);
      x[(r * 7919L) % n] ^= (uint32_t) dots;
    }
  printf ("reduce %ld elements, %d times: sums %016llx dots %016llx\n", n,
	  repeat, (unsigned long long) sums, (unsigned long long) dots);
  free (x);
  free (y);
  return 0;
}
