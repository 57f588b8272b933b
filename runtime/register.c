/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The registered units, the exit handler and fork.

   Every instrumented object's constructor calls __pathprof_register with
   its unit; its destructor calls __pathprof_unregister.  The first
   registration installs an exit handler (atexit) that writes every unit,
   and fork handlers (pthread_atfork).

   Order at exit.  glibc runs atexit handlers registered by constructors
   before the destructors of the objects (those run from _dl_fini, which
   was registered before any constructor).  So normally the exit handler
   writes everything and each destructor then finds nothing new to write.
   Either order works: a unit written by its destructor first is gone from
   the list when the exit handler runs, and counts made after the exit
   handler (by code in later destructors) are written by the unit's own
   destructor, without counting the run twice.

   Fork (as gcov's __gcov_fork, which resets the child's counters): the
   child's memory holds the parent's counts up to the fork, which the
   parent will write itself.  The child handler zeroes every counter, so
   the child writes only what it counts itself, and as its pid differs
   from the parent's it counts as a run of its own (write.c).  The
   prepare handler takes pp_rt_mutex so that no write is half done in the
   child's copy; the child re-initialises the mutex rather than unlock one
   it does not own.  pthread_atfork handlers run for every fork () of the
   C library, wherever it is called from, instrumented or not.  A child
   that calls exec through the plugin's wrappers (exec.c) writes first; a
   child that _exits writes nothing.

   A process made without the fork handlers (syscall (SYS_fork), clone,
   vfork) also holds its parent's counts.  pp_rt_owner_pid tells it: the
   first write in such a process (at exit, a dump, an unload) first
   zeroes every counter, as the fork child handler would have done, and
   loses what the child counted itself: counting nothing twice matters
   more than its few paths, which cannot be told from the parent's.  A
   vfork child shares its parent's memory and must not touch it; it may
   only exec or _exit, and the exec wrappers write nothing when the pid
   is not the owner's.

   errno is preserved by every entry point: the program must not see
   ours.  */

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime-internal.h"

/* The signal mask of the thread that forks, while the fork handlers hold
   pp_rt_mutex.  */
static sigset_t fork_mask;

struct __pathprof_unit *pp_rt_units;
int pp_rt_exiting;
pid_t pp_rt_owner_pid;

static int handlers_installed;

/* See the top of this file: a process that is not the owner of the
   counts it holds forgets them and becomes their owner.  */

void
pp_rt_adopt_inherited (void)
{
  struct __pathprof_unit *unit;
  pid_t pid = getpid ();

  if (pp_rt_owner_pid == pid || pp_rt_owner_pid == 0)
    return;
  for (unit = pp_rt_units; unit; unit = unit->next)
    pp_rt_unit_reset (unit, 0);
  __atomic_store_n (&pp_rt_owner_pid, pid, __ATOMIC_RELAXED);
}

/* Say that NO_MEMORY path counts (of KIND, "" or "cut ") were lost
   (WHY) and OUT_OF_RANGE ignored, when they are not 0.  */

static void
report_losses (const char *kind, const char *why, uint64_t no_memory,
	       uint64_t out_of_range)
{
  if (no_memory)
    pp_rt_message ("%llu %spath counts lost: %s",
		   (unsigned long long) no_memory, kind, why);
  if (out_of_range)
    pp_rt_message ("%llu %spath counts ignored: path number out of range "
		   "(a compiler bug)", (unsigned long long) out_of_range, kind);
}

/* Write every registered unit that has counts or an uncounted run;
   report counts the hash tables could not record.  Returns 0, or -1 if
   some unit could not be written (a message said why).  A write APART
   records what it took (runtime-internal.h).  Called with pp_rt_mutex
   held.  */

int
pp_rt_write_all (int apart)
{
  struct __pathprof_unit *unit;
  uint64_t no_memory, out_of_range;
  int result = 0;

  pp_rt_write_begin ();
  pp_rt_adopt_inherited ();
  pp_rt_hash_take_losses (&no_memory, &out_of_range);
  report_losses ("", "no memory for the hash table", no_memory,
		 out_of_range);
  pp_rt_cut_take_losses (&no_memory, &out_of_range);
  report_losses ("cut ", "no room in their table", no_memory, out_of_range);
  for (unit = pp_rt_units; unit; unit = unit->next)
    pp_rt_threads_fold_unit (unit);
  for (unit = pp_rt_units; unit; unit = unit->next)
    if (pp_rt_unit_needs_write (unit) && pp_rt_write_unit (unit, apart) != 0)
      {
	result = -1;
	if (pp_rt_exiting)
	  unit->runtime_flags |= PP_RT_EXIT_FAILED;
      }
  pp_rt_write_end ();
  return result;
}

/* Lock, write every unit, unlock: pathprof_dump (a write APART: other
   threads may be counting; runtime-internal.h) and the exec wrappers.  */

int
pp_rt_dump (int apart)
{
  int result;
  sigset_t old;

  pp_rt_lock (&old);
  result = pp_rt_write_all (apart);
  pp_rt_unlock (&old);
  return result;
}

/* What the dump thread (signals.c) does at a signal, with pp_rt_mutex
   held: write every unit, apart (the program goes on counting); nothing
   once the exit handler has started, as it writes everything itself.  */

static void
dump_on_signal (void)
{
  if (!pp_rt_exiting)
    pp_rt_write_all (1);
}

/* The exit handler: write every unit, then stop the dump thread, if
   any.  Units stay registered, for their destructors to write what is
   counted after this.  In a shared object (libpathprof.so, or one linked
   with libpathprof.a), atexit ties the handler to the object: it also
   runs when the object is unloaded, and then nothing of ours may stay
   running (signals.c).  */

static void
write_at_exit (void)
{
  int saved_errno = errno;
  sigset_t old;

  pp_rt_lock (&old);
  pp_rt_exiting = 1;
  /* The paths exit cuts in this thread's functions.  */
  pp_rt_cut_walk_exit ();
  pp_rt_write_all (0);
  pp_rt_threads_stop ();
  pp_rt_unlock (&old);
  pp_rt_dump_signals_stop ();
  errno = saved_errno;
}

/* Before fork: hold the mutex so the child's copy of our state is not in
   the middle of a write.  */

static void
before_fork (void)
{
  pp_rt_lock (&fork_mask);
}

/* After fork, in the parent.  */

static void
after_fork_parent (void)
{
  pp_rt_unlock (&fork_mask);
}

/* After fork, in the child: forget the parent's counts (see the top of
   this file), and start a dump thread of its own if the parent had one.
   The child has one thread, so no lock is needed.  */

static void
after_fork_child (void)
{
  struct __pathprof_unit *unit;

  pp_rt_lock_after_fork_child ();
  for (unit = pp_rt_units; unit; unit = unit->next)
    {
      pp_rt_unit_reset (unit, 0);
      pp_rt_threads_after_fork (unit);
    }
  pp_rt_exiting = 0;
  __atomic_store_n (&pp_rt_owner_pid, getpid (), __ATOMIC_RELAXED);
  pp_rt_dump_signals_after_fork ();
  pp_rt_sample_after_fork ();
  pthread_sigmask (SIG_SETMASK, &fork_mask, NULL);
}

/* Add UNIT to the list of units to write.  A unit of another ABI version
   is refused with a message: its layout is unknown beyond the fields
   every version keeps first (abi_version, flags, filename, unit_name).
   A unit registered twice is listed once.  Its inlined leaves' links
   are checked as it is listed (leaves.c).  The first registration
   installs the exit and fork handlers and, if the environment asks for
   them, the dump signals (signals.c).  */

void
__pathprof_register (struct __pathprof_unit *unit)
{
  struct __pathprof_unit **link;
  int saved_errno = errno;
  sigset_t old;

  if (!unit)
    return;
  if (unit->abi_version != PATHPROF_ABI_VERSION)
    {
      pp_rt_message ("%s: compiled for pathprof runtime ABI %llu, but this "
		     "libpathprof implements ABI %d; not profiled",
		     unit->unit_name ? unit->unit_name
		     : unit->filename ? unit->filename : "(unnamed unit)",
		     (unsigned long long) unit->abi_version,
		     PATHPROF_ABI_VERSION);
      errno = saved_errno;
      return;
    }
  pp_rt_lock (&old);
  for (link = &pp_rt_units; *link; link = &(*link)->next)
    if (*link == unit)
      goto out;
  /* Append, so that units are written in the order they were loaded.  */
  unit->next = NULL;
  *link = unit;
  pp_rt_cut_register (unit);
  if (unit->flags & PATHPROF_UNIT_SAMPLED)
    pp_rt_sample_choose (unit->sample_period);
  if (!handlers_installed)
    {
      handlers_installed = 1;
      __atomic_store_n (&pp_rt_owner_pid, getpid (), __ATOMIC_RELAXED);
      if (atexit (write_at_exit) != 0)
	pp_rt_message ("cannot register the exit handler; profiles are "
		       "written only by pathprof_dump() and when modules "
		       "are unloaded");
      if (pthread_atfork (before_fork, after_fork_parent,
			  after_fork_child) != 0)
	pp_rt_message ("cannot register fork handlers; a child process "
		       "will lose what it counts");
      pp_rt_dump_signals_start (dump_on_signal);
      pp_rt_timebase_start ();
      pp_rt_threads_start ();
    }
 out:
  pp_rt_unlock (&old);
  errno = saved_errno;
}

/* Forget UNIT (its object is being unloaded, or the process is ending),
   writing first whatever it has not written; unless the exit handler
   already failed to write it: the same failure would be reported twice
   (a destructor runs right after the exit handler), and the profile
   has one attempt per exit, as with gcov.  Outside exit, its hash
   tables are released: the object's code is going away, so nothing can
   count in them.  At exit they are left alone, as other threads may
   still be running.  */

void
__pathprof_unregister (struct __pathprof_unit *unit)
{
  struct __pathprof_unit **link;
  int saved_errno = errno;
  uint64_t i;
  sigset_t old;

  if (!unit)
    return;
  pp_rt_lock (&old);
  for (link = &pp_rt_units; *link; link = &(*link)->next)
    if (*link == unit)
      {
	pp_rt_adopt_inherited ();
	pp_rt_threads_fold_unit (unit);
	if (!(pp_rt_exiting && (unit->runtime_flags & PP_RT_EXIT_FAILED))
	    && pp_rt_unit_needs_write (unit))
	  pp_rt_write_unit (unit, 0);
	*link = unit->next;
	unit->next = NULL;
	pp_rt_cut_unregister (unit);
	pp_rt_leaves_forget (unit);
	if (!pp_rt_exiting)
	  {
	    /* The threads' copies first: a hashed function's are listed
	       in the state that pp_rt_hash_release unmaps.  */
	    pp_rt_threads_release_unit (unit);
	    for (i = 0; i < unit->num_functions; i++)
	      if (unit->functions[i]
		  && pp_rt_function_hashed (unit->functions[i]))
		pp_rt_hash_release (unit->functions[i]);
	    pp_rt_unit_release_taken (unit);
	  }
	break;
      }
  pp_rt_unlock (&old);
  errno = saved_errno;
}
