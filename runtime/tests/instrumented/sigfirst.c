/* sigfirst.c -- threads.sh: first calls of instrumented functions while
   the runtime writes, with update=per-thread, where a first call takes
   the runtime's mutex (to get the thread's copy of the counters):
     - __wrap_write, the program's own write(2) (-Wl,--wrap=write),
       instrumented, called by the runtime while it holds that mutex:
       the thread takes it again;
     - on its first call it raises SIGUSR1, whose handler's first call
       of handler_work asks for the mutex too: the runtime blocks
       signals while it holds it, so the handler runs after the write.
   Either, before, waited forever for the mutex its own thread held
   (the test's timeout).  Prints the handler's count and "done".  */

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "pathprof.h"

ssize_t __real_write (int fd, const void *buf, size_t n);

static volatile sig_atomic_t armed, handled;
static volatile int sink;

/* The wrapped write(2): raise SIGUSR1 once, when armed.  */
ssize_t
__wrap_write (int fd, const void *buf, size_t n)
{
  if (armed)
    {
      armed = 0;
      raise (SIGUSR1);
    }
  return __real_write (fd, buf, n);
}

/* Instrumented, run first in the handler.  */
__attribute__ ((noinline)) static void
handler_work (int n)
{
  for (int i = 0; i < n; i++)
    if (i % 3)
      sink += i;
}

static void
on_usr1 (int sig)
{
  (void) sig;
  handler_work (10);
  handled++;
}

int
main (void)
{
  struct sigaction sa;

  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);
  armed = 1;
  pathprof_dump ();
  printf ("handled %d\n", (int) handled);
  printf ("done\n");
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
