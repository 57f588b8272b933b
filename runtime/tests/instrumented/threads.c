/* Compiled with the plugin by runtime/tests/threads.sh: THREADS threads
   each run ITERATIONS calls of step, all on the same two paths at the
   same time, and the loop of worker (one backedge path, hot).  With
   update=atomic or locked the counts must be exactly THREADS times a one-thread
   run's; with update=single some increments race and are lost.

   Usage: threads THREADS ITERATIONS.  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long iterations;
static volatile int sink;

static void
step (long i)
{
  if (i & 1)
    sink++;
  else
    sink--;
}

static void *
worker (void *arg)
{
  for (long i = 0; i < iterations; i++)
    step (i);
  return arg;
}

int
main (int argc, char **argv)
{
  pthread_t threads[64];
  int n;

  if (argc != 3)
    return 2;
  n = atoi (argv[1]);
  iterations = atol (argv[2]);
  if (n < 1 || n > 64)
    return 2;
  for (int i = 0; i < n; i++)
    if (pthread_create (&threads[i], NULL, worker, NULL) != 0)
      return 1;
  for (int i = 0; i < n; i++)
    pthread_join (threads[i], NULL);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
