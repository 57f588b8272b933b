/* exec.c: a function that forks and execs (feedback.exp, fb-fork-exec).  The
   instrumented build calls execl through pathprof's wrapper, which
   writes the counts first, through a pointer: its block ends after the
   call, and the fed-back build, which calls execl itself, must end it
   there too, or the function keeps GCC's estimate.  */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int
run (const char *cmd)
{
  pid_t pid = fork ();
  if (pid < 0)
    return -1;
  if (pid == 0)
    {
      execl ("/bin/sh", "sh", "-c", cmd, (char *) NULL);
      _exit (127);
    }
  int status;
  if (waitpid (pid, &status, 0) != pid)
    return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

int
main (void)
{
  printf ("%d %d\n", run ("exit 3"), run ("exit 0"));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
