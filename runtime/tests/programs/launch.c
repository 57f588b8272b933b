/* Start programs the way the shell tests need, without the plugin.

   launch COUNT PROGRAM [ARG...] [-- COUNT PROGRAM [ARG...]]...
     Starts COUNT copies of each PROGRAM so that all begin at the same
     moment: every child waits on a pipe until the last one is forked,
     then all exec at once.  Waits for them all; exit status 0 if every
     one exited 0, else 1 with one line on stderr per other status.

   launch -x PROGRAM [ARG...]
     Restores the default action of SIGINT and SIGQUIT (a shell starts
     background jobs with them ignored) and execs PROGRAM, which keeps
     this process's pid: `launch -x prog & kill -INT $!` reaches prog.  */

#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_CHILDREN 1024

/* Exec ARGV[0] with the default SIGINT and SIGQUIT.  */

static int
exec_with_default_signals (char **argv)
{
  signal (SIGINT, SIG_DFL);
  signal (SIGQUIT, SIG_DFL);
  execvp (argv[0], argv);
  fprintf (stderr, "launch: %s: %s\n", argv[0], strerror (errno));
  return 127;
}

int
main (int argc, char **argv)
{
  pid_t pids[MAX_CHILDREN];
  int go[2], n = 0, bad = 0, i = 1;

  if (argc > 2 && !strcmp (argv[1], "-x"))
    return exec_with_default_signals (argv + 2);
  if (argc < 3 || pipe (go) != 0)
    {
      fprintf (stderr, "usage: launch COUNT PROGRAM [ARG...] [-- ...]\n"
	       "       launch -x PROGRAM [ARG...]\n");
      return 2;
    }
  fflush (NULL);
  while (i < argc)
    {
      int count = atoi (argv[i]), end = i + 1, c;

      while (end < argc && strcmp (argv[end], "--") != 0)
	end++;
      argv[end < argc ? end : argc] = NULL;
      for (c = 0; c < count && n < MAX_CHILDREN; c++)
	{
	  pid_t pid = fork ();

	  if (pid < 0)
	    {
	      fprintf (stderr, "launch: fork: %s\n", strerror (errno));
	      bad = 1;
	      break;
	    }
	  if (pid == 0)
	    {
	      char byte;

	      close (go[1]);
	      while (read (go[0], &byte, 1) < 0 && errno == EINTR)
		;
	      close (go[0]);
	      execv (argv[i + 1], argv + i + 1);
	      fprintf (stderr, "launch: %s: %s\n", argv[i + 1],
		       strerror (errno));
	      _exit (127);
	    }
	  pids[n++] = pid;
	}
      i = end + 1;
    }
  close (go[0]);
  close (go[1]);		/* go */
  for (i = 0; i < n; i++)
    {
      int status;

      while (waitpid (pids[i], &status, 0) < 0 && errno == EINTR)
	;
      if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
	{
	  fprintf (stderr, "launch: child %d: status %d\n", (int) pids[i],
		   status);
	  bad = 1;
	}
    }
  return bad;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
