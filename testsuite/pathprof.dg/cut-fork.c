/* Cut paths and fork (partial-paths=yes): the child inherits its
   parent's frames, exits from two levels down, and counts the paths
   its exit cut (worker's and main's); the parent's run goes on and ends
   both normally.  The child starts its counts from zero (its parent
   writes what it counted before the fork), so nothing is counted twice:
   each function's paths add up to one per process.

     leave:   X          entry -> noreturn      1  (the child)
     worker:  F          entry -> return        1  (the parent)
	      F C        entry -> call (C)      1  (the child, in leave)
     main:    W R        entry -> return        1  (the parent)
	      W          entry -> call (W)      1  (the child)  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths=yes" } */

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__ ((noinline)) static void
leave (void)
{
  fflush (stdout);
  exit (0);				/* @X */
}

__attribute__ ((noinline)) static int
worker (void)
{
  pid_t pid = fork ();			/* @F */
  if (pid == 0)				/* @F */
    leave ();				/* @C */
  int status;				/* @P */
  waitpid (pid, &status, 0);		/* @P */
  return WIFEXITED (status) ? WEXITSTATUS (status) : 1;	/* @P */
}

int
main (void)
{
  int r = worker ();			/* @W */
  printf ("child: %d\n", r);		/* @R */
  return r;				/* @R */
}

/* { dg-final { pathprof-path leave "X" 1 entry noreturn } }
   { dg-final { pathprof-path worker "F C" 1 * call } }
   { dg-final { pathprof-path worker "*P" 1 * return } }
   { dg-final { pathprof-path main "W R" 1 entry return } }
   { dg-final { pathprof-path main "W" 1 entry call } }
   { dg-final { pathprof-total worker 2 } }
   { dg-final { pathprof-total main 2 } }

   gcov agreement (the -O0 oracle): main's lines before its call of
   worker run once, in the parent, but the child goes on with main's
   path and counts it (cut at that call), as a child forked in a callee
   always does (doc/runtime.md, "What is lost"): gcov, whose
   __gcov_fork resets the child's counters, counts them once.
   { dg-final { pathprof-gcov-skip-line 41 "fork in a callee: the child counts main's path up to the call again (2), gcov once (1)" } }
   { dg-final { pathprof-gcov-skip-line 43 "fork in a callee: the child counts main's path up to the call again (2), gcov once (1)" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
