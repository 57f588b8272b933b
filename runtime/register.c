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
   from the parent's it counts as a run of its own (dumpfile.c).  The
   prepare handler takes pp_rt_mutex so that no write is half done in the
   child's copy; the child re-initialises the mutex rather than unlock one
   it does not own.  A child that calls exec loses what it counted after
   the fork (as with gcov without its exec wrappers); a child that _exits
   writes nothing.

   errno is preserved by every entry point: the program must not see
   ours.  */

#include <errno.h>
#include <stdlib.h>

#include "runtime-internal.h"

pthread_mutex_t pp_rt_mutex = PTHREAD_MUTEX_INITIALIZER;
struct __pathprof_unit *pp_rt_units;
int pp_rt_exiting;

static int handlers_installed;

/* Write every registered unit that has counts or an uncounted run;
   report counts the hash tables could not record.  Returns 0, or -1 if
   some unit could not be written (a message said why).  Called with
   pp_rt_mutex held.  */

int
pp_rt_write_all (void)
{
  struct __pathprof_unit *unit;
  uint64_t no_memory, out_of_range;
  int result = 0;

  pp_rt_hash_take_losses (&no_memory, &out_of_range);
  if (no_memory)
    pp_rt_message ("%llu path counts lost: no memory for the hash table",
		   (unsigned long long) no_memory);
  if (out_of_range)
    pp_rt_message ("%llu path counts ignored: path number out of range "
		   "(a compiler bug)", (unsigned long long) out_of_range);
  for (unit = pp_rt_units; unit; unit = unit->next)
    if (pp_rt_unit_needs_write (unit) && pp_rt_write_unit (unit) != 0)
      result = -1;
  return result;
}

/* The exit handler: write every unit.  Units stay registered, for their
   destructors to write what is counted after this.  */

static void
write_at_exit (void)
{
  int saved_errno = errno;

  pthread_mutex_lock (&pp_rt_mutex);
  pp_rt_exiting = 1;
  pp_rt_write_all ();
  pthread_mutex_unlock (&pp_rt_mutex);
  errno = saved_errno;
}

/* Before fork: hold the mutex so the child's copy of our state is not in
   the middle of a write.  */

static void
before_fork (void)
{
  pthread_mutex_lock (&pp_rt_mutex);
}

/* After fork, in the parent.  */

static void
after_fork_parent (void)
{
  pthread_mutex_unlock (&pp_rt_mutex);
}

/* After fork, in the child: forget the parent's counts (see the top of
   this file).  The child has one thread, so no lock is needed.  */

static void
after_fork_child (void)
{
  struct __pathprof_unit *unit;

  pthread_mutex_init (&pp_rt_mutex, NULL);
  for (unit = pp_rt_units; unit; unit = unit->next)
    pp_rt_unit_zero (unit);
  pp_rt_exiting = 0;
}

/* Add UNIT to the list of units to write.  A unit of another ABI version
   is refused with a message: its layout is unknown beyond the fields
   every version keeps first (abi_version, flags, filename, unit_name).
   A unit registered twice is listed once.  */

void
__pathprof_register (struct __pathprof_unit *unit)
{
  struct __pathprof_unit **link;
  int saved_errno = errno;

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
  pthread_mutex_lock (&pp_rt_mutex);
  for (link = &pp_rt_units; *link; link = &(*link)->next)
    if (*link == unit)
      goto out;
  /* Append, so that units are written in the order they were loaded.  */
  unit->next = NULL;
  *link = unit;
  if (!handlers_installed)
    {
      handlers_installed = 1;
      if (atexit (write_at_exit) != 0)
	pp_rt_message ("cannot register the exit handler; profiles are "
		       "written only by pathprof_dump() and when modules "
		       "are unloaded");
      if (pthread_atfork (before_fork, after_fork_parent,
			  after_fork_child) != 0)
	pp_rt_message ("cannot register fork handlers; a child process "
		       "will write its parent's counts again");
    }
 out:
  pthread_mutex_unlock (&pp_rt_mutex);
  errno = saved_errno;
}

/* Forget UNIT (its object is being unloaded, or the process is ending),
   writing first whatever it has not written.  Outside exit, its hash
   tables are released: the object's code is going away, so nothing can
   count in them.  At exit they are left alone, as other threads may
   still be running.  */

void
__pathprof_unregister (struct __pathprof_unit *unit)
{
  struct __pathprof_unit **link;
  int saved_errno = errno;
  uint64_t i;

  if (!unit)
    return;
  pthread_mutex_lock (&pp_rt_mutex);
  for (link = &pp_rt_units; *link; link = &(*link)->next)
    if (*link == unit)
      {
	if (pp_rt_unit_needs_write (unit))
	  pp_rt_write_unit (unit);
	*link = unit->next;
	unit->next = NULL;
	if (!pp_rt_exiting)
	  for (i = 0; i < unit->num_functions; i++)
	    if (unit->functions[i] && !unit->functions[i]->counters)
	      pp_rt_hash_release (unit->functions[i]);
	break;
      }
  pthread_mutex_unlock (&pp_rt_mutex);
  errno = saved_errno;
}
