/* threads.c -- the cost of counting when threads share hot paths
   (doc/performance.md, "Threads: update=per-thread").

   THREADS threads each call step ITERATIONS times in a tight loop; step
   is not inlined and has four paths, all hot, so every thread ends the
   same few paths at the same time: with update=locked every path end is
   a locked add on a cache line the other threads also write; with
   update=atomic (per-thread) each thread adds to its own copy.

   Usage: threads [THREADS [ITERATIONS]]    (default 2 and 10^7)

   Built plain and with the plugin in each update= mode, e.g.
     gcc -O2 -fplugin=build/pathprof.so -fplugin-arg-pathprof-update=MODE \
       bench/threads.c -o threads-MODE build/libpathprof.a -lpthread  */

#include <pthread.h>
#include <stdlib.h>

static volatile int sink;
static long iterations;

__attribute__ ((noinline)) static void
step (long i)
{
  if (i & 1)
    sink++;
  else
    sink--;
  if (i & 4)
    sink += 2;
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
  int n = argc > 1 ? atoi (argv[1]) : 2;

  iterations = argc > 2 ? atol (argv[2]) : 10000000;
  if (n < 1 || n > 64 || iterations < 0)
    return 2;
  for (int i = 0; i < n; i++)
    if (pthread_create (&threads[i], NULL, worker, NULL) != 0)
      return 1;
  for (int i = 0; i < n; i++)
    pthread_join (threads[i], NULL);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
