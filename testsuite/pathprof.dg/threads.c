/* Four threads run the same loop at once.  The path register is a local,
   so each thread has its own; with update=locked the shared counters are
   updated with locked adds (the loop's run in registers, flushed with
   one) and no count is lost (design.md, trap 12).  The variants of this
   test (naive placement, hash table) keep update=locked, but for the
   update=atomic ones (each thread its own copy), as exact.

   work (20000) in each of 4 threads:
     S L B L   entry -> backedge        4
     L B L     backedge -> backedge     4 * 19999 = 79996
     L R       backedge -> return       4  */

/* { dg-do run } */
/* { dg-options "-pthread -fplugin-arg-pathprof-update=locked" } */

#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define ITERATIONS 20000

static long
work (int n)
{
  long s = 0;				/* @S */
  for (int i = 0; i < n; i++)		/* @L */
    s += i & 3;				/* @B */
  return s;				/* @R */
}

static void *
worker (void *arg)
{
  long *result = arg;
  *result = work (ITERATIONS);
  return NULL;
}

int
main (void)
{
  pthread_t t[THREADS];
  long r[THREADS];
  for (int i = 0; i < THREADS; i++)
    if (pthread_create (&t[i], NULL, worker, &r[i]) != 0)
      return 1;
  long sum = 0;
  for (int i = 0; i < THREADS; i++)
    {
      pthread_join (t[i], NULL);
      sum += r[i];
    }
  printf ("%ld\n", sum);
  return 0;
}

/* { dg-final { pathprof-path work "S L B L" 4 entry backedge } }
   { dg-final { pathprof-path work "L B L" 79996 backedge backedge } }
   { dg-final { pathprof-path work "L R" 4 backedge return } }
   { dg-final { pathprof-total work 80004 } }
   { dg-final { pathprof-total worker 4 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
