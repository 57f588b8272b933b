/* Compiled with the plugin by runtime/tests/forkexec.sh: its calls of
   execve, execvp, execl, system and posix_spawn are redirected to
   libpathprof's wrappers, which write the counts first.

   Usage: execing MODE [A B C]
     execve, execvp, execl   count, then replace this image by a new one
			     of this program (mode "image"), which counts
			     more and exits
     execl-true              count, then become /bin/true
     system, posix_spawn     count, run a new image as a child, wait,
			     count more
     fail                    count, exec a program that does not exist
			     (it fails: -1, ENOENT), count more, exit
     ref A B C               call leaf (0) A times, leaf (1) B times,
			     leaf (2) C times: the expected counts
   Counts of leaf: before the exec 1: 4; in the new image 0: 2; after a
   call that returns 2: 1.  */

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static volatile int sink;

static void
leaf (int x)
{
  if (x == 0)
    sink += 1;
  else if (x == 1)
    sink ^= 2;
  else
    sink -= 3;
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  char *image[] = { argv[0], "image", NULL };
  pid_t pid;
  int status = -1, r;

  if (!strcmp (mode, "ref") && argc == 5)
    {
      for (int x = 0; x < 3; x++)
	for (int i = atoi (argv[2 + x]); i > 0; i--)
	  leaf (x);
      return 0;
    }
  if (!strcmp (mode, "image"))
    {
      leaf (0);
      leaf (0);
      return 0;
    }
  for (int i = 0; i < 4; i++)
    leaf (1);
  fflush (stdout);
  if (!strcmp (mode, "execve"))
    execve ("/proc/self/exe", image, environ);
  else if (!strcmp (mode, "execvp"))
    execvp (argv[0], image);
  else if (!strcmp (mode, "execl"))
    execl ("/proc/self/exe", argv[0], "image", (char *) NULL);
  else if (!strcmp (mode, "execl-true"))
    execl ("/bin/true", "true", (char *) NULL);
  else if (!strcmp (mode, "system") || !strcmp (mode, "posix_spawn"))
    {
      if (!strcmp (mode, "system"))
	{
	  char command[4200];

	  snprintf (command, sizeof command, "'%s' image", argv[0]);
	  status = system (command);
	}
      else if ((r = posix_spawn (&pid, "/proc/self/exe", NULL, NULL, image,
				 environ)) == 0)
	waitpid (pid, &status, 0);
      if (status != 0)
	return 6;
      leaf (2);
      return 0;
    }
  else if (!strcmp (mode, "fail"))
    {
      r = execv ("/nonexistent/pathprof-test", image);
      if (r != -1 || errno != ENOENT)
	return 7;
      leaf (2);
      return 0;
    }
  return 8;			/* unknown mode, or the exec failed */
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
