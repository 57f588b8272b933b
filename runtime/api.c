/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The user's interface, pathprof.h: write the profiles now, or start
   counting afresh.  Both take pp_rt_mutex, so they are safe from any
   thread, but not from a signal handler (the mutex may be held by the
   interrupted thread: PATHPROF_DUMP_SIGNAL is the way to dump on a
   signal, signals.c).  errno is preserved.  */

#include <errno.h>

#include "runtime-internal.h"

/* Merge the counts gathered since the last write into every registered
   unit's file and subtract them from memory; the process's run is counted
   in each file once, however many times this is called.  Returns 0, or
   -1 if some file could not be written (a message said why; its counts
   stay in memory for the next attempt).  */

int
pathprof_dump (void)
{
  int saved_errno = errno, result;

  result = pp_rt_dump (1);
  errno = saved_errno;
  return result;
}

/* Forget every count of every registered unit, without storing to the
   counters (threads may be counting: snapshot.c).  The run is still
   counted when the units are written.  */

void
pathprof_reset (void)
{
  struct __pathprof_unit *unit;
  int saved_errno = errno;
  sigset_t old;

  pp_rt_lock (&old);
  for (unit = pp_rt_units; unit; unit = unit->next)
    pp_rt_unit_reset (unit, 1);
  pp_rt_unlock (&old);
  errno = saved_errno;
}
