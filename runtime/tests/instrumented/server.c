/* Compiled with the plugin by runtime/tests/signals.sh: a stand-in for a
   long-running server.  It calls tick once per iteration (one path per
   call, by i % 3), sleeping 100 us between iterations, until the file
   STOP exists, and creates READY after the first tick (so that a dump
   asked for once READY exists has counts); then it prints "ticks N" and
   exits normally.  With "fork", it forks first and both processes loop
   (the child writes its pid into READY.child); each prints its own
   line.  With "busy", it loops without sleeping: each iteration calls
   spin, whose loop of SPIN steps calls the one-path load8, which GCC
   inlines and whose count it keeps in a register across the loop (store
   motion), as update=single allows, and creates READY after the first
   spin (whose counts are then in memory: a dump asked for once READY
   exists has counts); then it prints "spins N".

   Usage: server READY STOP [fork|busy].  */

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile long sink;

static void
tick (long i)
{
  if (i % 3 == 0)
    sink += i;
  else if (i % 3 == 1)
    sink -= 1;
  else
    sink ^= i;
}

#define SPIN 100000

static inline uint64_t
load8 (const unsigned char *p)
{
  uint64_t v;

  memcpy (&v, p, sizeof v);
  return v;
}

static uint64_t
spin (const unsigned char *buf)
{
  uint64_t s = 0;

  for (long i = 0; i < SPIN; i++)
    s += load8 (buf + (i & 63));
  return s;
}

/* Create the file PATH, empty, or holding the number N if N > 0.  */

static int
create (const char *path, long n)
{
  FILE *f = fopen (path, "w");

  if (!f)
    return -1;
  if (n > 0)
    fprintf (f, "%ld\n", n);
  return fclose (f);
}

int
main (int argc, char **argv)
{
  struct timespec pause = { 0, 100000 };
  char child_ready[4096];
  pid_t child = -1;
  long i = 0;

  if (argc < 3)
    return 2;
  if (argc > 3 && !strcmp (argv[3], "fork"))
    {
      fflush (stdout);
      child = fork ();
      if (child < 0)
	return 3;
      if (child == 0)
	snprintf (child_ready, sizeof child_ready, "%s.child", argv[1]);
    }
  if (argc > 3 && !strcmp (argv[3], "busy"))
    {
      static unsigned char buf[128];

      do
	{
	  sink += (long) spin (buf);
	  i++;
	  if (i == 1 && create (argv[1], 0) != 0)
	    return 4;
	}
      while (access (argv[2], F_OK) != 0);
      printf ("spins %ld\n", i);
      return 0;
    }
  do
    {
      tick (i++);
      if (i == 1
	  && (child == 0 ? create (child_ready, (long) getpid ())
	      : create (argv[1], 0)) != 0)
	return 4;
      nanosleep (&pause, NULL);
    }
  while (access (argv[2], F_OK) != 0);
  printf ("ticks %ld\n", i);
  fflush (stdout);
  if (child > 0)
    {
      int status;

      if (waitpid (child, &status, 0) != child || status != 0)
	return 5;
    }
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
