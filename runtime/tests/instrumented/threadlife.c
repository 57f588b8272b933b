/* Compiled with the plugin by runtime/tests/threads.sh (update=atomic, each
   thread's own counters, and update=locked): threads that come and go while
   counts are written.  In every case step ends path "odd" and path "even"
   exactly as many times as the program says on stdout ("step E O": the
   expected counts of its two paths), whatever the threads' timing.

   Usage:
     threadlife dump THREADS ITERATIONS DUMPS
       THREADS threads count; meanwhile main calls pathprof_dump DUMPS
       times; then they exit and main exits.
     threadlife running THREADS ITERATIONS
       THREADS threads count, then stay blocked, alive, while main calls
       exit: their counts are written by the exit handler.
     threadlife many THREADS
       THREADS threads one after the other, each calling step 64 times,
       wide once and mix once (abort if a first call lost an argument);
       prints the resident memory after the first 100 threads and after
       all of them, "memory A B", so the test can check that the copies of
       counters are reused.
     threadlife fork THREADS ITERATIONS
       THREADS threads count, then wait, alive, while main forks; the
       child (whose copy of their counts must not be written) calls step
       1000 times and exits; then the parent releases the threads and
       waits for them.  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pathprof.h"

static long iterations;
static volatile int sink;
static volatile int counted;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t release = PTHREAD_COND_INITIALIZER;
static int released;

static void
step (long i)
{
  if (i & 1)
    sink++;
  else
    sink--;
}

/* 2^10 paths: a copy of its counters is 8 KB (16 KB with taken).  */
static void
wide (unsigned x)
{
  if (x & 1) sink++;
  if (x & 2) sink++;
  if (x & 4) sink++;
  if (x & 8) sink++;
  if (x & 16) sink++;
  if (x & 32) sink++;
  if (x & 64) sink++;
  if (x & 128) sink++;
  if (x & 256) sink++;
  if (x & 512) sink++;
}

static void *
worker (void *arg)
{
  for (long i = 0; i < iterations; i++)
    step (i);
  __atomic_add_fetch (&counted, 1, __ATOMIC_SEQ_CST);
  if (arg)
    {
      /* Stay alive, counts not yet folded, until released (never, in
	 case "running": the process exits).  */
      pthread_mutex_lock (&lock);
      while (!released)
	pthread_cond_wait (&release, &lock);
      pthread_mutex_unlock (&lock);
    }
  return NULL;
}

/* Arguments in every argument register, integer and vector, that the
   first call in a thread (update=per-thread's slow path) must not
   disturb.  */
__attribute__ ((noinline)) static double
mix (double a, long b, double c, long d, double e, long f, double g,
     long h, double i, long j, double k)
{
  if (b & 1)
    return a * c + e - g + i * k + (double) (b + d + f + h + j);
  return a - c * e + g - i + k - (double) (b - d + f - h + j);
}

static void *
short_worker (void *arg)
{
  unsigned x = (unsigned) (size_t) arg;
  double a = x * 0.5, c = x + 0.25, e = 3.0, g = x * 1.5, i = 7.0, k = x;
  long b = x, d = 2 * x, f = 5, h = x + 9, j = 11;
  double want = (b & 1) ? a * c + e - g + i * k + (double) (b + d + f + h + j)
			: a - c * e + g - i + k - (double) (b - d + f - h + j);

  for (long n = 0; n < 64; n++)
    step (n);
  wide (x);
  if (mix (a, b, c, d, e, f, g, h, i, j, k) != want)
    abort ();
  return NULL;
}

/* The process's resident memory in bytes (/proc/self/statm), or 0.  */
static size_t
resident (void)
{
  unsigned long size = 0, pages = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (!f)
    return 0;
  if (fscanf (f, "%lu %lu", &size, &pages) != 2)
    pages = 0;
  fclose (f);
  return pages * (size_t) sysconf (_SC_PAGESIZE);
}

static int
start (pthread_t *threads, int n, void *arg)
{
  for (int i = 0; i < n; i++)
    if (pthread_create (&threads[i], NULL, worker, arg) != 0)
      return -1;
  return 0;
}

int
main (int argc, char **argv)
{
  pthread_t threads[64];
  int n;

  if (argc < 3)
    return 2;
  n = atoi (argv[2]);
  iterations = argc > 3 ? atol (argv[3]) : 0;
  if (n < 1 || (strcmp (argv[1], "many") && n > 64))
    return 2;
  if (!strcmp (argv[1], "dump") && argc == 5)
    {
      int dumps = atoi (argv[4]);
      if (start (threads, n, NULL))
	return 1;
      for (int d = 0; d < dumps; d++)
	{
	  if (pathprof_dump () != 0)
	    return 1;
	  usleep (1000);
	}
      for (int i = 0; i < n; i++)
	pthread_join (threads[i], NULL);
    }
  else if (!strcmp (argv[1], "running") && argc == 4)
    {
      if (start (threads, n, (void *) 1))
	return 1;
      while (__atomic_load_n (&counted, __ATOMIC_SEQ_CST) < n)
	usleep (1000);
    }
  else if (!strcmp (argv[1], "many") && argc == 3)
    {
      size_t after_100 = 0;
      for (int i = 0; i < n; i++)
	{
	  if (pthread_create (&threads[0], NULL, short_worker,
			      (void *) (size_t) i) != 0
	      || pthread_join (threads[0], NULL) != 0)
	    return 1;
	  if (i == 99)
	    after_100 = resident ();
	}
      printf ("memory %zu %zu\n", after_100, resident ());
      printf ("step %ld %ld\n", 32L * n, 32L * n);
      return 0;
    }
  else if (!strcmp (argv[1], "fork") && argc == 4)
    {
      pid_t child;
      int status;
      if (start (threads, n, (void *) 1))
	return 1;
      while (__atomic_load_n (&counted, __ATOMIC_SEQ_CST) < n)
	usleep (1000);
      child = fork ();
      if (child < 0)
	return 1;
      if (child == 0)
	{
	  for (long i = 0; i < 1000; i++)
	    step (i);
	  exit (0);
	}
      if (waitpid (child, &status, 0) != child
	  || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
	return 1;
      pthread_mutex_lock (&lock);
      released = 1;
      pthread_cond_broadcast (&release);
      pthread_mutex_unlock (&lock);
      for (int i = 0; i < n; i++)
	pthread_join (threads[i], NULL);
      printf ("step %ld %ld\n", n * iterations / 2 + 500,
	      n * iterations / 2 + 500);
      fflush (stdout);
      return 0;
    }
  else
    return 2;
  printf ("step %ld %ld\n", n * iterations / 2, n * iterations / 2);
  fflush (stdout);
  if (!strcmp (argv[1], "running"))
    exit (0);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
