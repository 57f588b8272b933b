/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The runtime's lock: pp_rt_mutex guards the list of units and every
   write, reset and fork (runtime-internal.h says why signals are blocked
   while it is held).  The bottom of the runtime: it calls nothing of
   ours, and the files that take the lock (register.c, api.c, signals.c,
   threadcount.c) need nothing else of each other for it.  */

#include <pthread.h>
#include <signal.h>

#include "runtime-internal.h"

pthread_mutex_t pp_rt_mutex = PTHREAD_MUTEX_INITIALIZER;

/* How many times this thread holds pp_rt_mutex: more than once when a
   function the runtime calls while it holds it (a write(2) or open(2)
   the program interposes, instrumented with update=per-thread) runs
   for the first time in the thread and asks for its counters.  */
static __thread unsigned lock_depth;

/* Block every signal, saving the old mask in OLD, and take pp_rt_mutex
   (runtime-internal.h says why), unless this thread holds it already.  */

void
pp_rt_lock (sigset_t *old)
{
  sigset_t all;

  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, old);
  if (lock_depth++ == 0)
    pthread_mutex_lock (&pp_rt_mutex);
}

/* Release pp_rt_mutex (the last release of this thread's) and restore
   the signal mask OLD of pp_rt_lock.  */

void
pp_rt_unlock (const sigset_t *old)
{
  if (--lock_depth == 0)
    pthread_mutex_unlock (&pp_rt_mutex);
  pthread_sigmask (SIG_SETMASK, old, NULL);
}

/* In the child of a fork, which has one thread: a fresh mutex, not held
   (the parent's fork handler held its copy).  */

void
pp_rt_lock_after_fork_child (void)
{
  pthread_mutex_init (&pp_rt_mutex, NULL);
  lock_depth = 0;
}
