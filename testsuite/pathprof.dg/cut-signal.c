/* Cut paths and a signal handler that exits (partial-paths=yes): the
   handler's exit runs the exit handler on the interrupted thread, whose
   frames are in calls (pause in wait_for_signal, wait_for_signal in
   main): both paths are counted as cut at those calls.

     wait_for_signal:  P        entry -> call (P)     1
     main:             S L W L  entry -> backedge    0 or more: pause
						      returns only for
						      another signal
		       *W       -> call (W)           1  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-partial-paths=yes" } */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <unistd.h>

static void
on_alarm (int sig)
{
  (void) sig;
  printf ("alarm\n");
  fflush (stdout);
  exit (0);
}

__attribute__ ((noinline)) static void
wait_for_signal (void)
{
  pause ();				/* @P */
}

int
main (void)
{
  struct itimerval t = { { 0, 0 }, { 0, 20000 } };	/* @S */
  signal (SIGALRM, on_alarm);				/* @S */
  setitimer (ITIMER_REAL, &t, NULL);			/* @S */
  for (;;)						/* @L */
    wait_for_signal ();					/* @W */
}

/* { dg-final { pathprof-path wait_for_signal "P" 1 entry call } }
   { dg-final { pathprof-path main "*W" 1 * call } }
   { dg-final { pathprof-total main 1 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
