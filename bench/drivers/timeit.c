/* timeit -- run a command and print how long it took and its peak memory.

   Usage: timeit [-o FILE] COMMAND [ARG...]

   Runs COMMAND (searched in PATH) with the given arguments, its standard
   streams inherited, waits for it and prints on standard error (into FILE
   with -o) one line

     timeit: WALL USER SYS STATUS MAXRSS

   WALL is the elapsed time in seconds from CLOCK_MONOTONIC (nanosecond
   resolution, unlike the 10 ms of time(1)), USER and SYS the CPU time of
   the command and its children from wait4's rusage, STATUS the command's
   exit status (128 + N when killed by signal N), MAXRSS the rusage's
   ru_maxrss in KiB: the peak resident set of the largest single process
   among the command and the children it waited for (a maximum, not a
   sum: for "sh run.sh", the program's own peak).  timeit exits with the
   command's status too.  Part of pathprof's benchmark harness (bench/bench.sh): the
   shell has no portable clock finer than a second.  */

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
seconds (const struct timeval *tv)
{
  return tv->tv_sec + tv->tv_usec / 1e6;
}

int
main (int argc, char **argv)
{
  const char *report_name = NULL;
  int first = 1;
  if (argc > 2 && strcmp (argv[1], "-o") == 0)
    {
      report_name = argv[2];
      first = 3;
    }
  if (argc <= first)
    {
      fprintf (stderr, "usage: timeit [-o FILE] COMMAND [ARG...]\n");
      return 2;
    }
  FILE *report = stderr;
  if (report_name && !(report = fopen (report_name, "w")))
    {
      fprintf (stderr, "timeit: cannot write %s: %s\n", report_name,
	       strerror (errno));
      return 2;
    }

  struct timespec start, end;
  if (clock_gettime (CLOCK_MONOTONIC, &start) != 0)
    {
      perror ("timeit: clock_gettime");
      return 2;
    }
  pid_t pid = fork ();
  if (pid < 0)
    {
      perror ("timeit: fork");
      return 2;
    }
  if (pid == 0)
    {
      if (report != stderr)
	fclose (report);
      execvp (argv[first], argv + first);
      fprintf (stderr, "timeit: cannot run %s: %s\n", argv[first],
	       strerror (errno));
      _exit (127);
    }

  int wstatus;
  struct rusage usage;
  pid_t got;
  while ((got = wait4 (pid, &wstatus, 0, &usage)) < 0 && errno == EINTR)
    ;
  if (got < 0)
    {
      perror ("timeit: wait4");
      return 2;
    }
  if (clock_gettime (CLOCK_MONOTONIC, &end) != 0)
    {
      perror ("timeit: clock_gettime");
      return 2;
    }

  int status = WIFEXITED (wstatus) ? WEXITSTATUS (wstatus)
	       : 128 + WTERMSIG (wstatus);
  double wall = (end.tv_sec - start.tv_sec)
		+ (end.tv_nsec - start.tv_nsec) / 1e9;
  fprintf (report, "timeit: %.6f %.6f %.6f %d %ld\n", wall,
	   seconds (&usage.ru_utime), seconds (&usage.ru_stime), status,
	   usage.ru_maxrss);
  if (report != stderr && fclose (report) != 0)
    {
      fprintf (stderr, "timeit: cannot write %s: %s\n", report_name,
	       strerror (errno));
      return 2;
    }
  return status;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
