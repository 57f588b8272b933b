/* pgo-options.c: one program, a function for each kind of optimisation
   -fprofile-use turns on (feedback.exp, fb-like-pgo).  The comments
   "mark:NAME" name the lines the test looks for.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
static unsigned char buf[N];
static int ia[N], ib[N], ic[N];
static float fa[N], fb[N];

/* A loop of a small constant trip count in a function inlined into its
   callers: complete unrolling (-fpeel-loops, -funroll-loops let it grow
   the code).  */
static inline unsigned
crc8 (unsigned char data, unsigned crc)
{
  for (int i = 0; i < 8; i++) /* mark:crc8 */
    {
      unsigned x = (data ^ crc) & 1;
      data >>= 1;
      crc >>= 1;
      if (x)
	crc ^= 0xa001;
    }
  return crc;
}

unsigned __attribute__ ((noinline))
crc_buf (const unsigned char *p, int n)
{
  unsigned crc = 0;
  for (int i = 0; i < n; i++)
    crc = crc8 (p[i], crc);
  return crc;
}

/* A hot loop of unknown trip count: unrolled (-funroll-loops).  */
long __attribute__ ((noinline))
sum_scaled (const int *a, int n, int k)
{
  long s = 0;
  for (int i = 0; i < n; i++) /* mark:sum_scaled */
    s = s * 31 + a[i] + k;
  return s;
}

/* Called with a constant: cloned by IPA-CP (-fipa-cp-clone).  */
static int __attribute__ ((noinline))
scale_all (int *a, int n, int mode)
{
  int t = 0;
  for (int i = 0; i < n; i++)
    {
      if (mode == 1)
	a[i] = a[i] * 3 + 1;
      else if (mode == 2)
	a[i] = a[i] / 3 - 7;
      else
	a[i] ^= mode;
      t += a[i];
    }
  return t;
}

/* A loop-invariant condition: unswitched (-funswitch-loops).  */
void __attribute__ ((noinline))
add_or_sub (int *a, const int *b, int n, int sub)
{
  for (int i = 0; i < n; i++)
    {
      if (sub)
	a[i] -= b[i];
      else
	a[i] += b[i];
    }
}

/* Vectorizable with the dynamic cost model (-fvect-cost-model=dynamic).  */
void __attribute__ ((noinline))
saxpy (float *x, const float *y, float a, int n)
{
  for (int i = 0; i < n; i++)
    x[i] = a * y[i] + x[i];
}

/* A loop that splits at i == k (-fsplit-loops).  */
void __attribute__ ((noinline))
split_at (int *a, int n, int k)
{
  for (int i = 0; i < n; i++)
    {
      if (i < k)
	a[i] = a[i] + 1;
      else
	a[i] = a[i] * 2;
    }
}

/* A recurrence (-fpredictive-commoning).  */
void __attribute__ ((noinline))
fib_like (int *a, int n)
{
  for (int i = 2; i < n; i++)
    a[i] = a[i - 1] + a[i - 2];
}

/* A function with options of its own keeps them: no unrolling.  */
long __attribute__ ((noinline, optimize ("no-unroll-loops", "no-peel-loops")))
sum_own_options (const int *a, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++) /* mark:own_options */
    s += (long) a[i] * 5 ^ (s >> 2);
  return s;
}

/* A memset-like loop (-ftree-loop-distribute-patterns).  */
void __attribute__ ((noinline))
clear_and_count (int *a, int *b, int n)
{
  for (int i = 0; i < n; i++)
    {
      a[i] = 0;
      b[i] = b[i] + i;
    }
}

int
main (int argc, char **argv)
{
  int reps = argc > 1 ? atoi (argv[1]) : 200;
  unsigned crc = 0;
  long s = 0;
  for (int i = 0; i < N; i++)
    {
      buf[i] = (unsigned char) (i * 7 + 3);
      ia[i] = i;
      ib[i] = N - i;
      fa[i] = (float) i;
      fb[i] = (float) (i % 17);
    }
  for (int r = 0; r < reps; r++)
    {
      crc ^= crc_buf (buf, N / 16);
      s += sum_scaled (ia, N, r);
      s += sum_own_options (ib, N);
      s += scale_all (ia, N, 1);
      s += scale_all (ib, N, 2);
      add_or_sub (ia, ib, N, r & 1);
      saxpy (fa, fb, 0.5f, N);
      split_at (ic, N, N / 2);
      fib_like (ic, 64);
      clear_and_count (ia, ib, N);
    }
  printf ("%u %ld %d %f\n", crc, s, ic[10], (double) fa[5]);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
