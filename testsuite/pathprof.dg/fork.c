/* fork: the child did not run what its parent ran before the fork.  Its
   paths start where fork returned 0 (start kind "restart"), so that the
   lines before the fork count once and those after it twice, as gcov
   counts them (its __gcov_fork gives the child zeroed counters).  Both
   processes write into the same profile.

   main: fork; the parent waits for the child.
     A F P W R   entry -> return      1  (the parent: pid > 0)
     P R         restart -> return    1  (the child: pid == 0)
   twice () runs in both after the fork:
     T           entry -> return      2  */

/* { dg-do run } */

#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int counter;

__attribute__ ((noinline)) static void
twice (void)
{
  counter++;				/* @T */
}

int
main (void)
{
  int j = 22;				/* @A */
  pid_t pid = fork ();			/* @F */
  twice ();				/* @P */
  if (pid > 0)				/* @P */
    {
      int status;
      waitpid (pid, &status, 0);	/* @W */
      printf ("%d %d\n", j, WIFEXITED (status) ? WEXITSTATUS (status) : -1);
    }
  return 0;				/* @R */
}

/* { dg-final { pathprof-path main "A F P W R" 1 entry return } }
   { dg-final { pathprof-path main "P R" 1 restart return } }
   { dg-final { pathprof-executed main 2 } }
   { dg-final { pathprof-total main 2 } }
   { dg-final { pathprof-path "*twice*" "T" 2 entry return } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
