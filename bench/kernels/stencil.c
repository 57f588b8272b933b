/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stencil.c -- a 2-D five-point stencil (Jacobi relaxation): two nested
   loops over the interior of a grid, the inner one a single block of
   loads from three rows and one store, swept many times.

   Usage: stencil [N [STEPS]]   (default 256 and 6000)

   Relaxes an N × N grid of floats with fixed hot and cold borders STEPS
   times, swapping two buffers; prints a checksum of the final grid's
   bits.  Part of pathprof's benchmark harness
   (bench/programs/k-stencil.sh).  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One sweep: every interior cell of TO the mean of its four neighbours
   and itself in FROM.  */
static void
sweep (int n, const float *from, float *to)
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      to[i * n + j] = 0.2f * (from[i * n + j] + from[(i - 1) * n + j]
			      + from[(i + 1) * n + j] + from[i * n + j - 1]
			      + from[i * n + j + 1]);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 256;
  int steps = argc > 2 ? atoi (argv[2]) : 6000;
  if (n < 3 || steps <= 0)
    {
      fprintf (stderr, "usage: stencil [N [STEPS]]\n");
      return 2;
    }
  size_t cells = (size_t) n * n;
  float *grid = calloc (cells, sizeof *grid);
  float *next = calloc (cells, sizeof *next);
  if (!grid || !next)
    {
      fprintf (stderr, "stencil: out of memory\n");
      return 1;
    }
  /* Borders: the top row hot, the left column warm, the rest cold.  */
  for (int j = 0; j < n; j++)
    grid[j] = next[j] = 100.0f;
  for (int i = 1; i < n; i++)
    grid[i * n] = next[i * n] = 50.0f;

  for (int s = 0; s < steps; s++)
    {
      sweep (n, grid, next);
      float *t = grid;
      grid = next;
      next = t;
    }

  uint32_t checksum = 2166136261u;
  for (size_t i = 0; i < cells; i++)
    {
      uint32_t bits;
      memcpy (&bits, &grid[i], sizeof bits);
      checksum = (checksum ^ bits) * 16777619u;
    }
  printf ("stencil %d x %d, %d steps: centre %.6f, checksum %08x\n", n, n,
	  steps, (double) grid[(n / 2) * n + n / 2], (unsigned) checksum);
  free (grid);
  free (next);
  return 0;
}
