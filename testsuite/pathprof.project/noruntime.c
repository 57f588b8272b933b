/* noruntime.c: for project.sh, an instrumented program meant to be
   linked without libpathprof.  It prints the errno it starts with (the
   note the constructor writes must not change it), counts through
   functions of many paths (compiled with max-array=1, every count goes to
   the runtime's hash table, whose calls must be skipped), runs a command
   through system and, with an argument, replaces itself by echo through
   execl: without the runtime, the C library's functions must run.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int
collatz_steps (int n)
{
  int steps = 0;
  while (n != 1)
    {
      if (n % 2)
	n = 3 * n + 1;
      else
	n /= 2;
      steps++;
    }
  return steps;
}

int
main (int argc, char **argv)
{
  printf ("errno at start %d\n", errno);
  int total = 0;
  for (int i = 1; i < 30; i++)
    total += collatz_steps (i);
  printf ("steps %d\n", total);
  fflush (stdout);
  int status = system ("echo from system");
  printf ("system %d\n", status);
  fflush (stdout);
  if (argc > 1)
    {
      execl ("/bin/echo", "echo", "from", "execl", (char *) 0);
      perror ("execl");
      return 2;
    }
  fprintf (stderr, "stderr line\n");
  return 3;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
