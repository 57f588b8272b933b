/* SPDX-License-Identifier: GPL-3.0-or-later */
/* matmul.c -- dense matrix multiply, the shape of issue 33's first row:
   three nested loops whose innermost is a single basic block (a dot
   product of a row of A and a column of B), where gcov's count costs
   nothing once store motion keeps it in a register.

   Usage: matmul [N [REPEAT]]   (default 320 and 16)

   C = A × B for N × N matrices of doubles, REPEAT times, with A and B
   filled from a 64-bit LCG; prints a checksum of C's bits, the same in
   every build (no reassociation at -O2).  Part of pathprof's benchmark
   harness (bench/programs/k-matmul.sh).  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x853c49e6748fea9bu;

/* The next number of the LCG, its high bits in [0, 1).  */
static double
next_double (void)
{
  state = state * 6364136223846793005u + 1442695040888963407u;
  return (double) (state >> 11) / 9007199254740992.0;
}

/* C = A × B; the inner loop is the single block the kernel is for.  */
static void
multiply (int n, const double *a, const double *b, double *c)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	double sum = 0.0;
	for (int k = 0; k < n; k++)
	  sum += a[i * n + k] * b[k * n + j];
	c[i * n + j] = sum;
      }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 320;
  int repeat = argc > 2 ? atoi (argv[2]) : 16;
  if (n <= 0 || repeat <= 0)
    {
      fprintf (stderr, "usage: matmul [N [REPEAT]]\n");
      return 2;
    }
  size_t cells = (size_t) n * n;
  double *a = malloc (cells * sizeof *a);
  double *b = malloc (cells * sizeof *b);
  double *c = malloc (cells * sizeof *c);
  if (!a || !b || !c)
    {
      fprintf (stderr, "matmul: out of memory\n");
      return 1;
    }
  for (size_t i = 0; i < cells; i++)
    {
      a[i] = next_double () - 0.5;
      b[i] = next_double () - 0.5;
    }

  uint64_t checksum = 0;
  for (int r = 0; r < repeat; r++)
    {
      multiply (n, a, b, c);
      for (size_t i = 0; i < cells; i++)
	{
	  uint64_t bits;
	  memcpy (&bits, &c[i], sizeof bits);
	  checksum = (checksum ^ bits) * 0x100000001b3u;
	}
      /* Feed the result back so that no round repeats another.  */
      a[r % cells] += c[(r * 7) % cells];
    }
  printf ("matmul %d x %d, %d times: checksum %016llx\n", n, n, repeat,
	  (unsigned long long) checksum);
  free (a);
  free (b);
  free (c);
  return 0;
}
