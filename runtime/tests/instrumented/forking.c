/* Compiled with the plugin by runtime/tests/forkexec.sh; forkhelper.c,
   which calls fork, is compiled without it.

   Every count of leaf must be exact after parent and child both exit:
   the child must not write the parent's counts before the fork again.
   The program also installs pthread_atfork handlers of its own, which
   count too: the prepare and parent handlers in the parent, the child
   handler in the child (after libpathprof's, which zeroed the child's
   copy of the counts).

   Usage: forking MODE, where MODE is
     helper   fork in the uninstrumented forkhelper.c
     direct   fork here
     ref      no fork: leaf called as often as the other two call it in
	      all, for the expected counts
   Calls of leaf (X: how often): before the fork 1: 5, prepare handler
   2: 1, parent handler 3: 1, child handler 4: 1, child 0: 3, parent
   after the fork 1: 2.  */

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t helper_fork (void);

static volatile int sink;

static void
leaf (int x)
{
  switch (x)
    {
    case 0:
      sink += 1;
      break;
    case 1:
      sink += 2;
      break;
    case 2:
      sink ^= 3;
      break;
    case 3:
      sink -= 4;
      break;
    default:
      sink = 5;
      break;
    }
}

static void
prepare (void)
{
  leaf (2);
}

static void
parent (void)
{
  leaf (3);
}

static void
child (void)
{
  leaf (4);
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "ref";
  pid_t pid;
  int status;

  if (!strcmp (mode, "ref"))
    {
      static const int calls[5] = { 3, 7, 1, 1, 1 };

      for (int x = 0; x < 5; x++)
	for (int i = 0; i < calls[x]; i++)
	  leaf (x);
      return 0;
    }
  if (pthread_atfork (prepare, parent, child) != 0)
    return 3;
  for (int i = 0; i < 5; i++)
    leaf (1);
  pid = !strcmp (mode, "helper") ? helper_fork () : fork ();
  if (pid < 0)
    return 4;
  if (pid == 0)
    {
      for (int i = 0; i < 3; i++)
	leaf (0);
      return 0;
    }
  if (waitpid (pid, &status, 0) != pid || status != 0)
    return 5;
  for (int i = 0; i < 2; i++)
    leaf (1);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
